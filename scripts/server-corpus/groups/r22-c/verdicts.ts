// Verdicts for group r22-c, written from the captured exchanges (test/fixtures/server-corpus/groups/r22-c.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, silent, tool, wire } from "../../verdict-helpers.js";

const WASTED = "repeated unchanged right after the same call failed non-retryably";

export const VERDICTS: Record<string, Verdict> = {
  // ------------------------------------------------------------- @google-cloud/observability-mcp (stdio)
  // Every API failure comes back as an ok result whose text is {"error":{"name","message","stack"}}: the thrown
  // Error serialized, stack trace included. Only Google's message survives (no status, no reason code).
  "gco-001": ok(
    "three error-level log entries; their payloads say ERROR, 'deadlock detected', a 502 httpRequest — log data the agent asked for, not a failure",
  ),
  "gco-002": ok(
    'a log search that matched nothing: the server turns [] into "Invoked tool returned an empty result"',
    true,
  ),
  "gco-003": ok("six log names"),
  "gco-004": ok("three log buckets"),
  "gco-005": ok("two log sinks"),
  "gco-006": ok("one metric descriptor (Cloud Run request latencies)"),
  "gco-007": ok("one CPU utilization time series with three points"),
  "gco-008": ok("one open alert"),
  "gco-009": ok("two root spans of slow POST traces"),
  "gco-010": ok("one trace with three spans (a span label reads 'socket hang up': trace data)"),
  "gco-011": silent(
    "validation",
    null,
    false,
    'ok result {"error":{"name":"Error","message":"Failed to get trace: Requested entity was not found.","stack":…}}: the named trace does not exist, told as data with a stack trace',
  ),
  "gco-012": silent(
    "validation",
    null,
    false,
    `the same "Requested entity was not found." error object; ${WASTED}`,
    true,
  ),
  "gco-013": ok(
    "one error group with its count and a representative stack trace — Error Reporting's data, which is stack traces by nature",
  ),
  "gco-014": silent(
    "validation",
    null,
    false,
    "ok result whose error object reads \"Failed to list log entries: Invalid filter: syntax error at line 1, column 41, token '='\": the filter is malformed",
  ),
  "gco-015": silent(
    "permission",
    null,
    false,
    'ok result whose error object reads "Failed to list log entries: The caller does not have permission"',
  ),
  "gco-016": silent(
    "permission",
    null,
    false,
    'ok result whose error object reads "Cloud Monitoring API has not been used in project 731902264418 before or it is disabled. Enable it by visiting …": the API is disabled for that project (someone must enable it)',
  ),
  "gco-017": silent(
    "rate_limited",
    null,
    true,
    "ok result whose error object reads \"Quota exceeded for quota metric 'Read requests' and limit 'Read requests per minute' …\": rate limited, told as data (no Retry-After on the wire)",
  ),
  "gco-018": silent(
    "internal",
    null,
    true,
    "ok result whose error object reads \"Failed to list alert policies: Internal error encountered.\" (Google's 500 INTERNAL, after the client's own retries, 2.1 s)",
  ),
  "gco-019": silent(
    "transient",
    null,
    true,
    'ok result whose error object reads "Failed to list traces: The service is currently unavailable." (503 UNAVAILABLE, after the client\'s own retries)',
  ),
  "gco-020": silent(
    "transient",
    "http_502",
    true,
    "ok result whose error message is Google's HTML error page \"Error 502 (Server Error)!!1 … 502. That's an error. The server encountered a temporary error …\": a gateway failure, told as data",
  ),
  "gco-021": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s: MCP error -32001 Request timed out",
  ),
  "gco-022": tool(
    "validation",
    "invalid_type",
    false,
    'isError "MCP error -32602: Input validation error" with a zod issue "code": "invalid_type" (pageSize given as "fifty")',
  ),
  "gco-023": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError "MCP error -32602: Tool write_log_entry not found"',
  ),
  "gco-024": silent(
    "transient",
    "econnrefused",
    true,
    'ok result whose error object reads "request to https://logging.googleapis.com/… failed, reason: connect ECONNREFUSED": the API cannot be reached, told as data',
  ),
  "gco-025": silent(
    "auth",
    "invalid_grant",
    false,
    'ok result whose error object reads "Failed to list log entries: invalid_grant: Invalid JWT Signature.": the service-account key is no longer accepted',
  ),
  "gco-026": silent("auth", "invalid_grant", false, `the same invalid_grant error object; ${WASTED}`, true),

  // ------------------------------------------------------------------ @chkp/management-logs-mcp (stdio)
  // API errors are thrown and become isError "API request failed: <status> - <Check Point body>"; a failed login is
  // swallowed into an ok result ({"error":"Authentication failed",…} or "Error initializing …").
  "cpl-001": ok("logged in; the management server is up and not multi-domain"),
  "cpl-002": ok("a filter string built from three conditions"),
  "cpl-003": ok("two dropped RDP connections and a query id"),
  "cpl-004": ok("the next page: one more dropped connection"),
  "cpl-005": ok(
    'no raw logs requested back, but "tops" with the three top sources and their counts: the aggregation answered',
  ),
  "cpl-006": ok('"logs": [], "logs-count": 0 — no accepted telnet connections this week', true),
  "cpl-007": ok("two host objects (the server prefixes '// 1–2 of 2 total')"),
  "cpl-008": ok("one host object with its details"),
  "cpl-009": tool(
    "validation",
    "generic_err_object_not_found",
    false,
    'isError "API request failed: 404 - {"code":"generic_err_object_not_found","message":"Requested object […] not found"}"',
  ),
  "cpl-010": tool(
    "validation",
    "generic_err_object_not_found",
    false,
    `the same 404 generic_err_object_not_found; ${WASTED}`,
    true,
  ),
  "cpl-011": tool(
    "validation",
    "generic_err_object_not_found",
    false,
    'isError "API request failed: 404 - {"code":"generic_err_object_not_found",…}": the query id is unknown to the server',
  ),
  "cpl-012": ok(
    "two gateways/servers: the API answered 401 generic_err_wrong_session_id, the server logged in again and retried; the agent saw only the success",
  ),
  "cpl-013": ok("one audit log entry (an administrator's object change)"),
  "cpl-014": tool(
    "permission",
    "generic_err_no_permissions",
    false,
    'isError "API request failed: 403 - {"code":"generic_err_no_permissions","message":"Insufficient permissions: …"}"',
  ),
  "cpl-015": ok(
    "the administrator's published change (a host's address modified), from show-sessions, show-changes and show-task",
  ),
  "cpl-016": silent(
    "validation",
    null,
    false,
    'ok result "Error: At least one condition is required to build a query filter.": the server\'s own check refused an empty condition list',
  ),
  "cpl-017": tool(
    "rate_limited",
    "err_too_many_requests",
    true,
    'isError "API request failed: 429 - {"code":"err_too_many_requests","message":"Too many requests in a given amount of time"}"',
  ),
  "cpl-018": tool(
    "internal",
    "generic_internal_error",
    true,
    'isError "API request failed: 500 - {"code":"generic_internal_error","message":"Management server failed to execute command. …"}"',
  ),
  "cpl-019": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s: MCP error -32001 Request timed out",
  ),
  "cpl-020": tool(
    "validation",
    "-32602",
    false,
    "isError \"MCP error -32602: Input validation error … Invalid enum value … received 'last-2-hours' at time-frame\" (no zod code in the text)",
  ),
  "cpl-021": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError "MCP error -32602: Tool management-logs__show_access_rulebase not found"',
  ),
  "cpl-022": tool(
    "transient",
    "econnrefused",
    true,
    'isError "connect ECONNREFUSED 127.0.0.1:41321": the management server is unreachable',
  ),
  "cpl-023": silent(
    "auth",
    "err_login_failed",
    false,
    'ok result {"error":"Authentication failed","message":"API request failed: 400 - {"code":"err_login_failed","message":"Authentication to server failed."}"}: the revoked API key was refused at login, told as data',
  ),
  "cpl-024": silent(
    "auth",
    "err_login_failed",
    false,
    'ok result "Error initializing management connection: API request failed: 400 - {"code":"err_login_failed",…}": the same refused login through the init tool',
  ),

  // ------------------------------------------------------------------------------ @currents/mcp (stdio)
  // Every HTTP error and network failure becomes the same ok text "Failed to retrieve …": no status, no body.
  "cur-001": ok("two projects, gathered over two cursor pages"),
  "cur-002": ok("two runs (one failed, one passed — run statuses are data)"),
  "cur-003": ok("one run's details"),
  "cur-004": silent(
    "unknown",
    null,
    false,
    'ok result "Failed to retrieve run data": the API\'s 404 "Run not found" is hidden; the text gives no reason',
  ),
  "cur-005": silent("unknown", null, false, `the same bare "Failed to retrieve run data"; ${WASTED}`, true),
  "cur-006": ok("one spec execution; its failed test's TimeoutError is test data"),
  "cur-007": ok("two spec files with their failure rates"),
  "cur-008": ok("one flaky test with its metrics"),
  "cur-009": ok("the test's entry with its signature"),
  "cur-010": ok("one failed result of the test, with its TimeoutError — test data, what the agent asked for"),
  "cur-011": ok('"list": [], "total": 0 — no test matches the title', true),
  "cur-012": silent(
    "unknown",
    null,
    false,
    'ok result "Failed to retrieve runs" (the API\'s 404 "Project not found" is hidden)',
  ),
  "cur-013": silent(
    "unknown",
    null,
    false,
    'ok result "Failed to retrieve project spec files" (the API\'s 400 on the date is hidden)',
  ),
  "cur-014": silent("unknown", null, false, 'ok result "Failed to retrieve runs" (the API\'s 401 is hidden)'),
  "cur-015": silent(
    "unknown",
    null,
    false,
    'ok result "Failed to retrieve project tests" (the API\'s 500 is hidden)',
  ),
  "cur-016": silent(
    "unknown",
    null,
    false,
    'ok result "Failed to retrieve run data" (an HTML 502 is hidden)',
  ),
  "cur-017": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s: MCP error -32001 Request timed out",
  ),
  "cur-018": tool(
    "validation",
    "-32602",
    false,
    'isError "MCP error -32602: Input validation error … Number must be less than or equal to 50 at limit"',
  ),
  "cur-019": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError "MCP error -32602: Tool currents-get-errors-explorer not found"',
  ),
  "cur-020": silent(
    "unknown",
    null,
    false,
    'ok result "Failed to retrieve projects" (the refused connection is hidden; the text gives no reason)',
  ),
  "cur-021": wire(
    "transient",
    "connection_closed",
    true,
    "the server was killed mid-call: MCP error -32000 Connection closed, no answer",
  ),
};
