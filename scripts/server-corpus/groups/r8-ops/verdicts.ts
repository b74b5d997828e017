// The human verdicts for group r8-ops, keyed by step id, written from the captured exchanges
// (test/fixtures/server-corpus/groups/r8-ops.jsonl) by the contract in
// test/fixtures/server-corpus/README.md — never by running Faultline's classifier.

import { ok, partial, rpc, silent, tool, wire } from "../../verdict-helpers.js";
import type { Verdict } from "../../verdicts.js";

const WASTED =
  "Same tool, same arguments, same session, right after a failure that retrying cannot fix: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // --- @launchdarkly/mcp-server ---------------------------------------------------------------
  "ld-001": ok("The project's flags with their environments, as JSON."),
  "ld-002": ok("One flag's full configuration, with its production environment."),
  "ld-003": ok("'items':[] and totalCount 0: a flag search that found nothing.", true),
  "ld-004": tool(
    "validation",
    null,
    false,
    "isError 'Invalid resource identifier': the flag key the caller named does not exist. The text carries no code and no status.",
  ),
  "ld-005": tool("validation", null, false, `'Invalid resource identifier' again. ${WASTED}`, true),
  "ld-006": ok("The project's two environments."),
  "ld-007": tool(
    "validation",
    null,
    false,
    "isError 'A feature with that key already exists': the key the caller chose is taken.",
  ),
  "ld-008": tool(
    "validation",
    null,
    false,
    "isError \"key: Must only contain letters, numbers, '.', '_' or '-'\": the caller's key is malformed.",
  ),
  "ld-009": ok("The patched flag comes back at version 15: the JSON patch was applied."),
  "ld-010": tool(
    "validation",
    null,
    false,
    "isError \"Invalid JSON patch: path '/environments/prod/on' does not exist on this resource\": the caller's patch names a path that is not there.",
  ),
  "ld-011": tool(
    "validation",
    null,
    false,
    "isError 'Conflict. Optimistic lock error. Try again later.': the patch's own test of _version failed, the flag moved on since the caller read it; the same patch fails again until the caller re-reads the flag. Borderline: the words invite a retry.",
  ),
  "ld-012": ok(
    "The delete answered a result with empty content and no isError: a delete has nothing to return, so a clean success (not an empty search).",
  ),
  "ld-013": tool(
    "permission",
    "forbidden",
    false,
    'isError \'API error occurred: Status 403 … {"code":"forbidden","message":"Forbidden. Access to the requested resource was denied."}\': the token\'s role may not delete this flag; the body\'s code member wins.',
  ),
  "ld-014": ok("The flag's status in both environments."),
  "ld-015": tool(
    "rate_limited",
    null,
    true,
    'isError "You\'ve exceeded the API rate limit. Try again later.": rate limited; no code or header survives in the text.',
  ),
  "ld-016": tool(
    "validation",
    "-32602",
    false,
    "'MCP error -32602: Input validation error … Expected number, received string' at request.limit.",
  ),
  "ld-017": tool(
    "validation",
    "-32602",
    false,
    "'MCP error -32602: Input validation error …' request.featureFlagKey 'Required': a required argument is missing.",
  ),
  "ld-018": tool(
    "unknown_tool",
    "-32602",
    false,
    "'MCP error -32602: Tool toggle-feature-flag not found': unknown tool.",
  ),
  "ld-019": tool(
    "transient",
    "http_502",
    true,
    "isError 'API error occurred: Status 502 Content-Type \"text/html\" Body: <html>…502 Bad Gateway…': the API's gateway failed; transient.",
  ),
  "ld-020": tool(
    "validation",
    null,
    false,
    "isError \"Invalid filter field: 'maintainer' is not a supported filter\": a malformed query from the caller.",
  ),
  "ld-021": tool(
    "auth",
    null,
    false,
    "isError 'Invalid access token' on a call that worked earlier in the session: the credential is no longer accepted.",
  ),
  "ld-022": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 3 s timeout (MCP error -32001 Request timed out): a transport failure, transient.",
  ),

  // --- @rollbar/mcp-server --------------------------------------------------------------------
  "rb-001": ok("Active production items with pagination."),
  "rb-002": ok("The item with its last occurrence and stack trace."),
  "rb-003": ok("items [] and total_count 0 for the query: a search that found nothing.", true),
  "rb-004": tool(
    "validation",
    null,
    false,
    "isError 'Rollbar API error: Item not found': the counter the caller named does not exist.",
  ),
  "rb-005": tool("validation", null, false, `'Item not found' again. ${WASTED}`, true),
  "rb-006": ok(
    "Two deploys; one of them has status 'failed', which is data about a deploy, not a failed call.",
  ),
  "rb-007": ok("The version's item statistics."),
  "rb-008": ok("'[]': no top items in an environment with no traffic.", true),
  "rb-009": silent(
    "validation",
    "group_item_not_supported",
    false,
    'A success whose payload is {"error":"group_item_not_supported","message":"This item is a group item … Occurrence listing for grouped items is not currently supported …"}: no occurrences were listed, the tool answered with an error as ordinary text.',
  ),
  "rb-010": tool(
    "validation",
    "-32602",
    false,
    "'MCP error -32602: Input validation error … Number must be less than or equal to 100 at limit'.",
  ),
  "rb-011": tool(
    "permission",
    null,
    false,
    "isError 'Rollbar API error: insufficient privileges: write scope is required but the access token only has read.': the token may read but not write.",
  ),
  "rb-012": tool(
    "validation",
    "-32602",
    false,
    "'MCP error -32602: Input validation error … Invalid enum value … received 'fixed' at status'.",
  ),
  "rb-013": ok("The configured project (name and API base)."),
  "rb-014": tool(
    "rate_limited",
    null,
    true,
    "isError 'Rollbar API error: Rate limit exceeded': rate limited, retry later.",
  ),
  "rb-015": tool(
    "transient",
    "http_503",
    true,
    "isError 'Rollbar API error: 503 Service Unavailable - upstream connect error or disconnect/reset before headers': the API's edge could not reach its upstream; transient.",
  ),
  "rb-016": tool(
    "unknown_tool",
    "-32602",
    false,
    "'MCP error -32602: Tool resolve-item not found': unknown tool.",
  ),
  "rb-017": tool(
    "auth",
    null,
    false,
    "isError 'Rollbar API error: Invalid access token (The Rollbar access token appears to be invalid or expired …)': the credential is rejected.",
  ),
  "rb-018": tool(
    "transient",
    null,
    true,
    "isError 'fetch failed': the API could not be reached; no code in the text. Transient.",
  ),
  "rb-019": wire(
    "transient",
    "connection_closed",
    true,
    "The server process was killed mid-call: the stdio connection closed before any answer (-32000 Connection closed).",
  ),

  // --- @dynatrace-oss/dynatrace-managed-mcp-server (stdio) -------------------------------------
  "dt-001": partial(
    "transient",
    null,
    true,
    "Environment info for two environments: prod 'Valid Environment: Yes', but eu 'Valid Environment: No - Error message: Connection validation failed: Can't connect to environment eu'. A success that carries data and an error part: partial, the failed part is an unreachable cluster.",
  ),
  "dt-002": ok("Two open problems listed."),
  "dt-003": ok("The problem's details with its evidence, as JSON."),
  "dt-004": tool(
    "validation",
    "http_404",
    false,
    "isError 'Error: Request failed with status code 404': the problem id the caller gave (a display id) was not found.",
  ),
  "dt-005": tool("validation", "http_404", false, `The same 404 again. ${WASTED}`, true),
  "dt-006": tool(
    "validation",
    "-32602",
    false,
    "'MCP error -32602: Input validation error … Environment alias(es) not valid. Options are: ALL_ENVIRONMENTS, prod at environment_alias': the alias the caller gave is not accepted.",
  ),
  "dt-007": ok("One matching log record."),
  "dt-008": ok("'Listing 0 log records from environment prod.': a log search that found nothing.", true),
  "dt-009": ok("A data series with three datapoints."),
  "dt-010": tool(
    "validation",
    "http_400",
    false,
    "isError 'Error: Request failed with status code 400' for a misspelt aggregation in the caller's metric selector.",
  ),
  "dt-011": tool(
    "validation",
    "-32602",
    false,
    "'MCP error -32602: Input validation error … Too big: expected number to be <=100 at limit'.",
  ),
  "dt-012": ok("One service entity found."),
  "dt-013": tool(
    "permission",
    "http_403",
    false,
    "isError 'Error: Request failed with status code 403': the token is not allowed to read SLOs.",
  ),
  "dt-014": tool(
    "transient",
    "http_503",
    true,
    "isError 'Error: Request failed with status code 503': the cluster is unavailable; transient.",
  ),
  "dt-015": tool(
    "validation",
    "-32602",
    false,
    '\'MCP error -32602: Input validation error … Invalid option: expected one of "OPEN"|"CLOSED" at status\'.',
  ),
  "dt-016": tool(
    "unknown_tool",
    "-32602",
    false,
    "'MCP error -32602: Tool dynatrace_managed_acknowledge_problem not found': unknown tool.",
  ),
  "dt-017": tool(
    "transient",
    "econnrefused",
    true,
    "isError 'Error: connect ECONNREFUSED 127.0.0.1:39052': the cluster is unreachable.",
  ),
  "dt-018": tool(
    "rate_limited",
    null,
    true,
    "isError 'Rate limit exceeded: Maximum 13 tool calls per 600 seconds. Please try again later.': the server's own rate limit.",
  ),

  // --- @dynatrace-oss/dynatrace-managed-mcp-server (Streamable HTTP) ---------------------------
  "dth-001": partial(
    "auth",
    null,
    false,
    "HTTP 200 with environment info for prod ('Valid Environment: Yes') followed by 'Invalid token supplied for staging environment.': a success with a failed part, the failed part a rejected credential.",
  ),
  "dth-002": ok("Two open problems over HTTP."),
  "dth-003": tool(
    "auth",
    "http_401",
    false,
    "isError 'Error: Request failed with status code 401' (inside an HTTP 200 answer): the staging token is rejected by the cluster.",
  ),
  "dth-004": silent(
    "auth",
    null,
    false,
    "HTTP 200 and an ordinary result whose whole content is 'Invalid token supplied for prod environment. Invalid token supplied for staging environment.': no environment information came back, the tool reports rejected credentials as text. Judged by those words (auth), though the same tokens were accepted two calls before.",
  ),
  "dth-005": wire(
    "auth",
    "http_401",
    false,
    'HTTP 401 with body {"error":{"code":-32000,"message":"Unauthorized: no valid Dynatrace token supplied"}}: a non-2xx answer is a transport failure; the supplied token is not valid.',
  ),
  "dth-006": wire("auth", "http_401", false, `The same HTTP 401 with the same token. ${WASTED}`, true),
  "dth-007": wire(
    "transient",
    "econnrefused",
    true,
    "Nothing listens any more: fetch failed with ECONNREFUSED, no response.",
  ),

  // --- @winor30/mcp-server-datadog ------------------------------------------------------------
  "dd-001": ok("Two incidents listed."),
  "dd-002": ok("One incident's details."),
  "dd-003": rpc(
    "validation",
    "http_404",
    false,
    'JSON-RPC error (code 404) \'HTTP-Code: 404 Message: {"errors":["Not found"]}\': the incident id the caller named does not exist.',
  ),
  "dd-004": rpc("validation", "http_404", false, `The same 404 again. ${WASTED}`, true),
  "dd-005": ok("Two monitors in alert, with a summary."),
  "dd-006": ok("'Monitors: []' and an all-zero summary: a monitor search that found nothing.", true),
  "dd-007": rpc(
    "validation",
    "invalid_enum_value",
    false,
    "JSON-RPC error -32603 whose message is a zod issue list: code 'invalid_enum_value', received 'critical' at groupStates[0]. The zod issue's code wins.",
  ),
  "dd-008": ok("A metric series with three points."),
  "dd-009": rpc(
    "validation",
    "http_400",
    false,
    "JSON-RPC error (code 400) 'HTTP-Code: 400 … Error parsing query: … Rule 'scope_expr' didn't match': the caller's query is malformed.",
  ),
  "dd-010": silent(
    "transient",
    null,
    true,
    'A success \'Queried metrics data: …\' whose response says "status":"error" and "error":"Query timed out: the requested time range is too large …" with series []: the query failed, shown as ordinary data. Transient by the timeout, retryable by default though the same range times out again.',
  ),
  "dd-011": ok("One error log line."),
  "dd-012": ok(
    "'Logs data: []': nothing found. The payload shows no error (whatever the API said about the index did not reach the wire).",
    true,
  ),
  "dd-013": rpc(
    "rate_limited",
    "http_429",
    true,
    "JSON-RPC error (code 429) 'HTTP-Code: 429 Message: \"<!DOCTYPE html>…Too Many Requests…You have been rate limited\"': rate limited, with an HTML body.",
  ),
  "dd-014": rpc(
    "validation",
    "invalid_type",
    false,
    "JSON-RPC error -32603 whose message is a zod issue list: 'invalid_type' … 'Required' at from and to. The zod issue's code wins.",
  ),
  "dd-015": ok("'Listed downtimes: []': no downtime in effect.", true),
  "dd-016": rpc(
    "permission",
    "http_403",
    false,
    'JSON-RPC error (code 403) \'HTTP-Code: 403 Message: {"errors":["Forbidden"]}\' on a write, while reads work in this session: the keys may not schedule downtimes.',
  ),
  "dd-017": rpc(
    "validation",
    "http_404",
    false,
    'JSON-RPC error (code 404) \'HTTP-Code: 404 Message: {"errors":["Downtime not found"]}\': the downtime id the caller named does not exist.',
  ),
  "dd-018": rpc(
    "transient",
    "http_502",
    true,
    "JSON-RPC error (code 502) 'HTTP-Code: 502 Message: \"Unknown API Status Code! Body: <html>…502 Bad Gateway…\"': the API's load balancer failed; transient.",
  ),
  "dd-019": rpc(
    "unknown_tool",
    "-32603",
    false,
    "JSON-RPC error -32603 'Unknown tool': the words say unknown tool, the generic code does not decide.",
  ),
  "dd-020": rpc(
    "auth",
    "http_403",
    false,
    'JSON-RPC error (code 403) \'HTTP-Code: 403 Message: {"errors":["Forbidden"]}\' on list_incidents, the same call that succeeded at the start of the session: the credentials stopped being accepted.',
  ),
  "dd-021": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 3 s timeout (MCP error -32001 Request timed out): a transport failure, transient.",
  ),
  "dd-022": rpc(
    "transient",
    "econnrefused",
    true,
    "JSON-RPC error -32603 'request to https://127.0.0.1:39053/api/v2/incidents… failed, reason: connect ECONNREFUSED': the API is unreachable.",
  ),
};
