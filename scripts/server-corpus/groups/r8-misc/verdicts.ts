// Verdicts for group r8-misc, written from the captured exchanges
// (test/fixtures/server-corpus/groups/r8-misc.jsonl) by the contract in
// test/fixtures/server-corpus/README.md — never by running Faultline's classifier.

import type { Verdict } from "../../verdicts.js";
import { ok, partial, silent, tool, wire } from "../../verdict-helpers.js";

const WASTED = "An identical repeat right after a non-retryable failure: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // --- @mapbox/mcp-server ------------------------------------------------------------------
  "mbx-001": ok("One search result (Brandenburger Tor) with its address, coordinates and Mapbox id."),
  "mbx-002": ok("'No results found.' with features []: a search that found nothing.", true),
  "mbx-003": ok("The reverse-geocoded address (Pariser Platz 1)."),
  "mbx-004": ok(
    "'No results found.' for a point in the open Atlantic: nothing to reverse-geocode there; judged an empty search, not a failed lookup.",
    true,
  ),
  "mbx-005": ok("A route summary (35 km, 2232 s)."),
  "mbx-006": silent(
    "validation",
    null,
    false,
    'isError false, but the text is `{"message": "No route found"}` (plus a render hint for a route that does not exist): the Directions API found no route between Berlin and New York and the tool passed the failure on as a result. The API\'s code (NoRoute) was dropped by the tool, so no code remains.',
  ),
  "mbx-007": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: … Latitude must be between -90 and 90 degrees at coordinates[1].latitude'.",
  ),
  "mbx-008": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: … At least two coordinate pairs are required.'",
  ),
  "mbx-009": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: … Invalid option: expected one of \"mapbox/driving-traffic\"|… at profile'.",
  ),
  "mbx-010": ok("A 3×3 duration matrix, code Ok."),
  "mbx-011": partial(
    "validation",
    null,
    false,
    "code Ok, but every duration to and from Reykjavik is null (no road connects it to Berlin or Potsdam): the Berlin–Potsdam pairs were answered, the Reykjavik pairs were not.",
  ),
  "mbx-012": tool(
    "validation",
    null,
    false,
    "isError 'The driving-traffic profile supports a maximum of 10 coordinate pairs.' — the tool's own check on the caller's 11 coordinates.",
  ),
  "mbx-013": tool(
    "validation",
    "http_404",
    false,
    "isError 'Place Details API error: 404: Not Found': the place id does not exist.",
  ),
  "mbx-014": tool("validation", "http_404", false, `The same 404 for the same place id. ${WASTED}`, true),
  "mbx-015": ok("Three coffee shops near Berlin Mitte."),
  "mbx-016": tool(
    "rate_limited",
    "http_429",
    true,
    "isError 'Isochrone API error: 429: Too Many Requests' (after the server's own retries, about 3.7 s).",
  ),
  "mbx-017": tool(
    "transient",
    "http_503",
    true,
    "isError 'Reverse Geocode API error: 503: Service Unavailable' (the CDN's HTML page; the server retried for about 4 s first).",
  ),
  "mbx-018": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 3 s: MCP error -32001 Request timed out.",
  ),
  "mbx-019": tool(
    "auth",
    "http_401",
    false,
    "isError 'Search API error: 401: Not Authorized - Invalid Token': the access token was revoked.",
  ),
  "mbx-020": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool geocode_address not found'.",
  ),
  "mbx-021": tool(
    "transient",
    null,
    true,
    'isError `{"message":"fetch failed","tool":"search_and_geocode_tool"}`: the API could not be reached; the words carry no network code.',
  ),

  // --- mcp-arr-server (stdio) --------------------------------------------------------------
  "arr-001": ok("Sonarr and Radarr connected with their versions; Lidarr and Prowlarr not configured."),
  "arr-002": ok("One series (Severance) matching the title filter."),
  "arr-003": ok("count 0, results []: the lookup found no show by that title.", true),
  "arr-004": ok("Three episodes of season 2."),
  "arr-005": silent(
    "validation",
    null,
    false,
    "count 0, episodes [] for seriesId 999, a series that does not exist (refreshing it answers 404): a lookup scoped to one named series answered with an empty list instead of not-found.",
  ),
  "arr-006": tool(
    "validation",
    "http_404",
    false,
    'isError \'sonarr API error: 404 Not Found - {"message": "NotFound"}\': series 999 does not exist.',
  ),
  "arr-007": tool("validation", "http_404", false, `The same 404 for the same series. ${WASTED}`, true),
  "arr-008": tool(
    "validation",
    "http_400",
    false,
    "isError 'sonarr API error: 400 Bad Request' with ASP.NET's problem details: \"The value 'severance' is not valid.\" for seriesId. No code member in the body beyond the status.",
  ),
  "arr-009": tool(
    "internal",
    null,
    true,
    "isError 'Cannot read properties of undefined (reading 'length')': a TypeError inside the server, caused by the missing episodeIds (the server does not validate arguments; it had already posted the EpisodeSearch command to Sonarr). No better signal in the words: internal, retryable by the contract's default.",
  ),
  "arr-010": ok("Two movies."),
  "arr-011": tool(
    "validation",
    "MovieExistsValidator",
    false,
    "isError with Radarr's 400 validation array: errorCode MovieExistsValidator, 'This movie has already been added'.",
  ),
  "arr-012": ok("'[]': no releases in the next 14 days.", true),
  "arr-013": ok("One queue item at 64.7%."),
  "arr-014": tool(
    "transient",
    "http_500",
    true,
    "isError 'sonarr API error: 500 Internal Server Error' whose body says 'database is locked' (SQLite Busy): lock contention that clears, so transient/retryable. The body has no code member; the status is quoted.",
  ),
  "arr-015": tool(
    "auth",
    "http_401",
    false,
    "isError 'sonarr API error: 401 Unauthorized - ' (empty body): the API key is no longer valid.",
  ),
  "arr-016": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 3 s: MCP error -32001 Request timed out.",
  ),
  // Re-judged 2026-12-06 (internal → transient) by the convention for an HTML page where JSON was
  // expected (test/fixtures/server-corpus/README.md).
  "arr-017": tool(
    "transient",
    null,
    true,
    "isError 'Unexpected token '<', \"<!DOCTYPE \"... is not valid JSON': Radarr's URL answered an HTML page instead of the API's JSON. The words show only a parse failure (not that a login portal was in the way): internal, retryable by default.",
  ),
  "arr-018": ok(
    "A status report: Sonarr connected, Radarr connected false with error 'fetch failed'. The tool's job is to report connectivity and it reported it correctly, so judged ok rather than a partial failure.",
  ),
  "arr-019": tool(
    "transient",
    null,
    true,
    "isError 'Error: fetch failed': Radarr could not be reached; no code in the words.",
  ),
  "arr-020": tool("unknown_tool", null, false, "isError 'Error: Unknown tool: sonarr_delete_series'."),

  // --- mcp-arr-server (Streamable HTTP, stateless) -----------------------------------------
  "arrh-001": ok("Status over HTTP 200: both services connected."),
  "arrh-002": ok("One movie matching 'perfect' over HTTP 200."),
  "arrh-003": wire(
    "transient",
    "timeout",
    true,
    "HTTP 200 (the SSE response had started), then the server process was killed; the client never learned the stream was gone and gave up at its 10 s timeout: -32001 Request timed out.",
  ),
  "arrh-004": wire(
    "transient",
    "econnrefused",
    true,
    "transportError ECONNREFUSED ('fetch failed'): the MCP server process is gone, nothing listens on its port.",
  ),

  // --- @coolver/home-assistant-mcp ---------------------------------------------------------
  "ha-001": ok("Two light entities."),
  "ha-002": ok("The thermostat's state (heat, 20.4 °C, target 21)."),
  "ha-003": ok("total 0, entities []: no entity matches 'garage door'.", true),
  "ha-004": tool("validation", null, false, "isError 'Error: Entity not found: light.garage'."),
  "ha-005": tool("validation", null, false, `The same 'Entity not found'. ${WASTED}`, true),
  "ha-006": ok("success true with the kitchen light's new state (on, brightness 204)."),
  "ha-007": silent(
    "validation",
    null,
    false,
    "success true, result [] for light.turn_on on light.garage, an entity that does not exist (ha-004): Home Assistant accepted the call and changed nothing, and the answer reads as success.",
  ),
  "ha-008": tool(
    "validation",
    "http_400",
    false,
    "isError 'Service call failed: HA API error: 400 - 400: Bad Request': brightness_pct 150 is outside the service schema.",
  ),
  "ha-009": tool(
    "validation",
    "http_400",
    false,
    "isError 'Service call failed: HA API error: 400 - 400: Bad Request' for light.explode, a service that does not exist (Home Assistant gives the same bare 400).",
  ),
  "ha-010": ok("Two automations."),
  "ha-011": tool("validation", null, false, "isError 'Error: Automation not found: 1700000000999'."),
  "ha-012": tool("validation", null, false, "isError 'Error: Unknown component: widgets'."),
  "ha-013": tool(
    "validation",
    "less_than_equal",
    false,
    "isError quoting FastAPI's 422 detail: type less_than_equal, loc query.page_size, 'Input should be less than or equal to 500'. The pydantic error type is taken as the code.",
  ),
  "ha-014": ok("The contents of configuration.yaml."),
  "ha-015": tool(
    "permission",
    null,
    false,
    "isError 'Error: Path outside config directory: ../../etc/shadow': refused by the agent's path policy.",
  ),
  "ha-016": ok("count 0, files []: no files in custom_components.", true),
  "ha-017": silent(
    "auth",
    "http_401",
    false,
    "isError false, but the answer is success false with 'Configuration has errors: HA API error: 401 - 401: Unauthorized', data null: the check never ran because Home Assistant refused the agent's token. The wording ('Configuration has errors') misleads; the 401 is the failure.",
  ),
  "ha-018": tool(
    "auth",
    null,
    false,
    "isError 'Error: Invalid authentication token': the agent's key was regenerated.",
  ),
  "ha-019": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 3 s: MCP error -32001 Request timed out.",
  ),
  "ha-020": tool("unknown_tool", null, false, "isError 'Error: Unknown tool: ha_turn_on_everything'."),
  "ha-021": tool(
    "transient",
    "econnrefused",
    true,
    "isError 'Error: connect ECONNREFUSED 127.0.0.1:39153': the agent add-on is not running.",
  ),

  // --- @aicoin/opendata-mcp ----------------------------------------------------------------
  "coin-001": ok("success true with BTC and ETH tickers."),
  "coin-002": ok("success true with the coin list."),
  "coin-003": silent(
    "validation",
    null,
    false,
    "success true, data [] for the ticker of 'notacoin': a lookup of one named coin answered with an empty list instead of not-found.",
  ),
  "coin-004": tool("validation", null, false, "isError 'Error: coin_list is required for ticker action'."),
  "coin-005": tool(
    "validation",
    null,
    false,
    "isError 'Unexpected token 'b', \"bitcoin\" is not valid JSON': coin_keys must be a JSON array string and the caller gave a bare word.",
  ),
  "coin-006": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: … Invalid enum value … received 'price' at action'.",
  ),
  "coin-007": tool(
    "validation",
    null,
    false,
    "isError 'Permission denied: invalid parameters' followed by an upgrade-your-plan guide. The upstream's own message is 'invalid parameters' (an article id that does not exist); the permission wording and the upgrade advice are the server's reading of the business code. Judged validation; no code is quoted in the text.",
  ),
  "coin-008": tool("validation", null, false, `The same answer for the same article id. ${WASTED}`, true),
  "coin-009": tool(
    "permission",
    "http_403",
    false,
    'isError \'API 403: {"success":false,"error":"没有权限访问此资源"}\' (no permission to access this resource) plus the upgrade guide. The body\'s error member is a sentence, not a code, so the quoted status is used.',
  ),
  "coin-010": tool(
    "internal",
    "http_500",
    true,
    'isError \'API 500: {"success":false,"error":"服务器内部错误"}\' (internal server error).',
  ),
  "coin-011": tool(
    "internal",
    null,
    true,
    "isError 'API error (0): 获取数据失败' (failed to fetch the data): an HTTP 200 envelope with success false and no error code (the 0 is the server's default). Internal, retryable by default.",
  ),
  "coin-012": tool(
    "validation",
    "http_404",
    false,
    'isError \'API 404: {"success":false,"errorCode":404,"error":"Not Found"}\'. The body\'s errorCode only repeats the HTTP status. From the wire it reads as not-found.',
  ),
  "coin-013": ok("success true, data []: no funding-rate records at the 1h interval.", true),
  "coin-014": ok("success true with two funding-rate candles."),
  "coin-015": tool(
    "rate_limited",
    "http_429",
    true,
    'isError \'API 429: {"success":false,"errorCode":429,"error":"请求过于频繁，请稍后再试"}\' (too many requests, try later). The body\'s errorCode repeats the status.',
  ),
  "coin-016": tool(
    "transient",
    "http_502",
    true,
    "isError 'API 502:' with the gateway's HTML '502 Bad Gateway … stgw'.",
  ),
  "coin-017": silent(
    "rate_limited",
    null,
    true,
    'isError false, but the result is {"raw": "<!DOCTYPE html>…访问验证…请完成安全验证…您的访问频率异常…"}: the WAF\'s verification page (abnormal access frequency, complete the check) returned with HTTP 200 and passed on as data instead of the coin list.',
  ),
  "coin-018": tool(
    "auth",
    "http_401",
    false,
    'isError \'API 401: {"success":false,"errorCode":401,"error":"AccessKeyId不存在或已失效"}\' (the AccessKeyId does not exist or has expired) plus the API-key guide.',
  ),
  "coin-019": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool coin_price_alert not found'.",
  ),
  "coin-020": wire(
    "transient",
    "connection_closed",
    true,
    "The server process was killed mid-call: MCP error -32000 Connection closed, no answer.",
  ),
};
