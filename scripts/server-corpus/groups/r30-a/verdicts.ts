// Verdicts for group r30-a, written from the captured exchanges (test/fixtures/server-corpus/groups/r30-a.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, silent, wire } from "../../verdict-helpers.js";

const WASTED =
  "The previous call in this session was the same tool with the same arguments and failed non-retryably: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // ------------------------------------------------------------------------------- london-transport-mcp (stdio)
  // Every failure of TfL's API comes back as an ordinary result (no isError): {"error": "An error occurred while
  // fetching <the status | status and details | the journey plan>: <TfL's JSON body, stringified | the exception's
  // message>"}. So each is a silent failure; TfL's bodies carry a status (`httpStatusCode` in its ApiError,
  // `statusCode` in the gateway's) and no code member, so the errorCode is the quoted status. A missing required
  // argument and an unknown tool are JSON-RPC errors from its own handler.
  "ltm-001": ok("the Victoria line as TfL's Line object: Good Service (severity 10)"),
  "ltm-002": ok(
    "two Line objects: the Central line in good service and the Northern line's Minor Delays with the reason — a disruption is the data asked for, not a failure of the call",
  ),
  "ltm-003": ok("the Elizabeth line's Severe Delays with the disruption's detail and affected stop"),
  "ltm-004": ok("the DLR: Good Service"),
  "ltm-005": ok(
    "the Waterloo & City line's status 'Service Closed' (planned Sunday closure) with validity period: the status asked for",
  ),
  "ltm-006": ok("two journeys King's Cross → Waterloo with legs, platforms and durations"),
  "ltm-007": ok(
    "a journey between two postcodes with tube and walking legs (the extra query options passed through)",
  ),
  "ltm-008": ok(
    "TfL's 300 disambiguation turned into a question back: 'Multiple location matches found. Please specify which locations you meant', with three options for each end and requiresUserChoice: true — the tool asks the user to pick, which is its designed answer to a place name TfL cannot pin down, not a failure",
  ),
  "ltm-009": silent(
    "validation",
    "http_404",
    false,
    '{"error": "An error occurred while fetching the journey plan: {…EntityNotFoundException, httpStatusCode 404 … \\"message\\":\\"No journey found for your inputs.\\"}"} as an ordinary result: the tool reports TfL\'s 404 as an error with no data. A tube-only journey at 03:30 has no answer; judged a silent validation failure (no journey for those inputs) rather than an empty search, because the payload is an error object',
  ),
  "ltm-010": silent(
    "validation",
    "http_404",
    false,
    '{"error": "An error occurred while fetching the status: {…EntityNotFoundException, httpStatusCode 404, message \\"The following line id is not recognised: jubliee\\"}"} as an ordinary result: the misspelt line does not exist',
  ),
  "ltm-011": silent(
    "validation",
    "http_404",
    false,
    `the same 404 'line id is not recognised: jubliee' as an ordinary result. ${WASTED}`,
    true,
  ),
  "ltm-012": rpc(
    "validation",
    "-32602",
    false,
    "JSON-RPC error -32602 'Missing required parameter: lineId' from the server's own check",
  ),
  "ltm-013": silent(
    "validation",
    "http_400",
    false,
    '{"error": "… {…ApiArgumentException, httpStatusCode 400, message \\"The following mode is not recognised: hovercraft\\"}"} as an ordinary result: a bad argument',
  ),
  "ltm-014": silent(
    "auth",
    "http_401",
    false,
    '{"error": "… {\\"statusCode\\":401,\\"message\\":\\"Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.\\"}"} as an ordinary result: the app key is no longer valid',
  ),
  "ltm-015": silent(
    "business",
    "http_403",
    false,
    '{"error": "… {\\"statusCode\\":403,\\"message\\":\\"Out of call volume quota. Quota will be replenished in 16:18:43.\\"}"} as an ordinary result: the subscription\'s call quota is spent — a plan limit (business), not a missing permission, despite the 403; not retryable as a call (it waits 16 hours for the quota, or a plan change)',
  ),
  "ltm-016": silent(
    "rate_limited",
    "http_429",
    true,
    '{"error": "… {\\"statusCode\\":429,\\"message\\":\\"Rate limit is exceeded. Try again in 42 seconds.\\"}"} as an ordinary result (the Retry-After header is not shown)',
  ),
  "ltm-017": silent(
    "internal",
    "http_500",
    true,
    '{"error": "… {…ApiException, httpStatusCode 500, httpStatus InternalServerError, message \\"An error has occurred.\\"}"} as an ordinary result: TfL\'s 500',
  ),
  "ltm-018": silent(
    "transient",
    null,
    true,
    '{"error": "An error occurred while fetching the status: Unexpected token \'<\', \\"<!DOCTYPE \\"... is not valid JSON"} as an ordinary result: an HTML page where TfL\'s JSON was expected (the edge\'s 502 page; the status is not shown) — transient by the README\'s convention',
  ),
  "ltm-019": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s: MCP error -32001 Request timed out",
  ),
  "ltm-020": silent(
    "transient",
    null,
    true,
    '{"error": "An error occurred while fetching status and details: fetch failed"} as an ordinary result: TfL could not be reached (undici\'s \'fetch failed\', no code shown)',
  ),
  "ltm-021": rpc("unknown_tool", "-32601", false, "JSON-RPC error -32601 'Unknown tool: get_line_arrivals'"),
  "ltm-022": ok("the Elizabeth line's Line object with its Severe Delays status, without details"),

  // --------------------------------------------------------------------- @siva-sub/mcp-public-transport (stdio)
  // Every tool catches its own failures and answers an ordinary result (no isError) {"error": "Tool '<name>' failed:
  // <message>", "timestamp": …} or, for a stop it cannot find, {"error": "Bus stop X not found", "suggestions": […]}.
  // Its DataMall client turns 401 into "Invalid LTA API key", 429 into "LTA API rate limit exceeded: <body>", 5xx into
  // "LTA API server error: <body>" and anything else into "LTA API error: <body>" — and a JSON body prints as
  // "[object Object]", so DataMall's own fault code never reaches the payload. The server's old SDK (0.5) turns its
  // unknown-tool exception, whose code is a string, into JSON-RPC -32603.
  "sgt-001": ok("arrivals at stop 83139: three services with their next buses, loads and minutes away"),
  "sgt-002": ok("service 15 only, in the friendly format: 'Bus 15: 2 minutes (Seats Available) ♿'"),
  "sgt-003": ok(
    "services [], totalServices 0: DataMall's empty Services list for a stop with no bus due — an arrivals query that found nothing",
    true,
  ),
  "sgt-004": ok("overallStatus normal, every line listed as normal, operating hours"),
  "sgt-005": ok("three bus stops within 400 m of Marina Bay Sands, nearest first, with walking times"),
  "sgt-006": ok("a fuzzy stop search: 'Opp Raffles Hotel' first among three matches"),
  "sgt-007": ok("totalFound 0, results [] with search tips: a stop search that matched nothing", true),
  "sgt-008": ok("stop 04168's details: services with next buses, and its neighbours"),
  "sgt-009": ok("one OneMap result for Jewel Changi Airport with coordinates and address"),
  "sgt-010": ok("results [], confidence 0 with suggestions: a place search OneMap found nothing for", true),
  "sgt-011": silent(
    "unknown",
    null,
    false,
    "{\"error\": \"Tool 'get_nearby_taxis' failed: LTA API error: [object Object]\"} as an ordinary result: DataMall's gateway answered 403 (accesscontrol.IPDeniedAccess), but the server printed its JSON body as '[object Object]', so nothing in the payload says what failed",
  ),
  "sgt-012": ok("four taxis within 500 m, the closest 96 m away"),
  "sgt-013": ok("current temperature, rainfall, humidity and wind at Marina Bay, with travel advice"),
  "sgt-014": ok(
    "success: true, a four-step public-transport journey (walk, Downtown line, Changi branch, walk) with context and one traffic incident noted",
  ),
  "sgt-015": silent(
    "validation",
    null,
    false,
    '{"error": "Tool \'get_bus_arrival\' failed: Validation failed: busStopCode: Bus stop code must be 5 digits"} as an ordinary result: a bad argument (the server does not check its input schema at the protocol level)',
  ),
  "sgt-016": silent(
    "validation",
    null,
    false,
    '{"error": "Bus stop 99999 not found", "suggestions": […]} as an ordinary result: the stop does not exist',
  ),
  "sgt-017": silent(
    "validation",
    null,
    false,
    `the same 'Bus stop 99999 not found' as an ordinary result. ${WASTED}`,
    true,
  ),
  "sgt-018": silent(
    "validation",
    null,
    false,
    "{\"error\": \"Tool 'get_train_service_status' failed: Validation failed: line: Invalid enum value. Expected 'EWL' | 'NSL' | 'CCL' | … received 'Circle'\"} as an ordinary result: a bad argument",
  ),
  "sgt-019": silent(
    "auth",
    null,
    false,
    '{"error": "Tool \'get_bus_arrival\' failed: Invalid LTA API key"} as an ordinary result: DataMall refused the AccountKey (401)',
  ),
  "sgt-020": silent(
    "rate_limited",
    null,
    true,
    "{\"error\": \"Tool 'get_bus_arrival' failed: LTA API rate limit exceeded: [object Object]\"} as an ordinary result: DataMall's gateway throttled the call (429; its fault body is lost to '[object Object]')",
  ),
  "sgt-021": silent(
    "internal",
    null,
    true,
    "{\"error\": \"Tool 'get_bus_arrival' failed: LTA API server error: [object Object]\"} as an ordinary result: DataMall answered 500 (its body is lost to '[object Object]'; the status is not shown)",
  ),
  "sgt-022": silent(
    "transient",
    "http_502",
    true,
    '{"error": "Tool \'get_bus_arrival\' failed: LTA API server error: <!DOCTYPE html>…<title>502 Bad Gateway</title>…nginx…"} as an ordinary result: a gateway\'s 502 page quoted whole; the code is the status its words quote',
  ),
  "sgt-023": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s: MCP error -32001 Request timed out",
  ),
  "sgt-024": silent(
    "transient",
    "econnrefused",
    true,
    '{"error": "Tool \'get_bus_arrival\' failed: LTA API error: connect ECONNREFUSED 127.0.0.1:42401"} as an ordinary result: DataMall could not be reached',
  ),
  "sgt-025": rpc(
    "unknown_tool",
    "-32603",
    false,
    "JSON-RPC error -32603 'Unknown tool: get_mrt_crowd_level': the words say unknown tool; the code is the generic internal error the old SDK gives an exception whose code is a string",
  ),
};
