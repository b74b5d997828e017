// Verdicts for group r44-c, written from the captured exchanges (test/fixtures/server-corpus/groups/r44-c.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, partial, tool, wire } from "../../verdict-helpers.js";

const WASTED =
  "The same tool with the same arguments failed non-retryably before in this session, and fails again: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // @hyorimitsu/amazon-cloudwatch-logs-mcp-server: a success is the SDK's output as pretty JSON, `$metadata` first
  // (httpStatusCode, requestId, attempts, totalRetryDelay). Every failure is an isError text "Tool execution failed:
  // …": a CloudWatch Logs error as "Amazon CloudWatch Logs service returned an error. <__type>: <message>" (the
  // awsJson error name is the machine code), the server's own zod check as "Invalid input parameters. [<zod code>]
  // <path>: <message>", anything else as the thrown error's string (a SyntaxError for a body that is not JSON, a
  // Node network error). The SDK retries throttling, 5xx and network errors itself (3 attempts) before the tool
  // answers. No JSON-RPC errors.
  "c-cwl-001": ok(
    "describe_log_groups: the five log groups of the account (Lambda, ECS, RDS, CloudTrail) with retention and stored bytes",
  ),
  "c-cwl-002": ok(
    "get_log_events: ten events of the newest checkout-api stream; one is an application log line about a refused payment, which is data the stream holds, not a failure of the call",
  ),
  "c-cwl-003": tool(
    "validation",
    "ResourceNotFoundException",
    false,
    'isError "… ResourceNotFoundException: The specified log stream does not exist.": the named stream does not exist; the awsJson error name is the code',
  ),
  "c-cwl-004": ok(
    "filter_log_events: three ERROR lines of the orders service in the window (a deadlock, a 503 from a carrier, a refund job exception); log data that talks about errors",
  ),
  "c-cwl-005": ok(
    'filter_log_events: two CloudTrail ConsoleLogin records with errorMessage "Failed authentication" — the detection found what it looks for; the failures are the data',
  ),
  "c-cwl-006": ok('filter_log_events: "events": [] — the pattern matched nothing in the window', true),
  "c-cwl-007": tool(
    "validation",
    "ResourceNotFoundException",
    false,
    'isError "… ResourceNotFoundException: The specified log group does not exist.": the log group name is misspelt (/ecs/order-service)',
  ),
  "c-cwl-008": tool(
    "validation",
    "ResourceNotFoundException",
    false,
    `The same missing log group. ${WASTED}`,
    true,
  ),
  "c-cwl-009": ok("start_query: a queryId for the Logs Insights query over two log groups"),
  "c-cwl-010": ok(
    "get_query_results: status Complete, four five-minute bins of error counts, with statistics",
  ),
  "c-cwl-011": ok("start_query: a queryId for the CloudTrail query"),
  "c-cwl-012": ok(
    'get_query_results: status Complete, "results": [] and recordsMatched 0 over 1.8 M scanned records — the query ran and found nothing',
    true,
  ),
  "c-cwl-013": tool(
    "validation",
    "MalformedQueryException",
    false,
    'isError "… MalformedQueryException: unexpected symbol found by at line 1 and position 72": the query string has a syntax error',
  ),
  "c-cwl-014": tool(
    "validation",
    "invalid_type",
    false,
    'isError "Invalid input parameters. [invalid_type] queryString: Required": the server\'s zod check for a missing argument (no request sent); the zod issue code is the most specific code',
  ),
  "c-cwl-015": partial(
    "validation",
    null,
    false,
    "put_log_events answered 200 with a nextSequenceToken and rejectedLogEventsInfo.tooOldLogEventEndIndex 0: the first of the two events (dated more than 14 days back) was rejected, the second accepted; the rejected part is a bad argument (a timestamp outside what CloudWatch Logs accepts) and will be rejected again",
  ),
  "c-cwl-016": tool(
    "validation",
    "ResourceAlreadyExistsException",
    false,
    'isError "… ResourceAlreadyExistsException: The specified log group already exists": the group to create exists',
  ),
  "c-cwl-017": tool(
    "permission",
    "AccessDeniedException",
    false,
    'isError "… AccessDeniedException: User: arn:aws:iam::…:user/oncall-logs-agent is not authorized to perform: logs:DeleteLogGroup …": the IAM user\'s policy does not allow the deletion',
  ),
  "c-cwl-018": tool(
    "rate_limited",
    "ThrottlingException",
    true,
    'isError "… ThrottlingException: Rate exceeded" after the SDK\'s three attempts (about 1.6 s): throttled',
  ),
  "c-cwl-019": tool(
    "transient",
    "ServiceUnavailableException",
    true,
    'isError "… ServiceUnavailableException: The service cannot complete the request." after three attempts: the service is unavailable',
  ),
  "c-cwl-020": tool(
    "transient",
    null,
    true,
    "isError \"SyntaxError: Unexpected token '<', \\\"<html>…\\\" is not valid JSON / Deserialization error\": an HTML page where the API's JSON was expected, no status shown (a load balancer's 502 page on every attempt): transient by the convention for HTML in front of a JSON API",
  ),
  "c-cwl-021": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "c-cwl-022": tool(
    "transient",
    "econnrefused",
    true,
    'isError "Error: connect ECONNREFUSED 127.0.0.1:45800": the endpoint is unreachable',
  ),
  "c-cwl-023": tool(
    "unknown_tool",
    null,
    false,
    'isError "Unknown tool \\"tail_log_stream\\". Please use one of the available tools.": the tool does not exist',
  ),
  "c-cwlx-001": tool(
    "auth",
    "ExpiredTokenException",
    false,
    'isError "… ExpiredTokenException: The security token included in the request is expired": the SSO session\'s temporary credentials have expired; they need renewing',
  ),
  "c-cwlx-002": tool("auth", "ExpiredTokenException", false, `The same expired credentials. ${WASTED}`, true),
  // @i524/datadog-mcp-server: one tool, search-logs (McpServer with zod arguments). A success is the List logs
  // response as compact JSON ({data, links, meta}), with meta.page.after also copied into a top-level `nextCursor` of
  // the result. A failure is isError with the thrown error's message: the Datadog client's ApiException "HTTP-Code:
  // <status>\nMessage: <the body>" (for statuses the endpoint does not declare, "Unknown API Status Code!\nBody: …"),
  // node-fetch's "request to <url> failed, reason: …" for no answer. The SDK's own argument check and an unknown tool
  // come back as isError "MCP error -32602: …" texts, not JSON-RPC errors.
  "c-ddl-001": ok(
    "search-logs: three checkout-api error logs in the window, with links.next and meta.page.after (a next page exists); the logs describe failed payments, which is the data asked for",
  ),
  "c-ddl-002": ok("search-logs with the cursor: the last error log, no further page; meta.status done"),
  "c-ddl-003": ok("search-logs: two logs with 5xx status codes — log data about errors, the query's answer"),
  "c-ddl-004": ok(
    "search-logs: two CloudTrail ConsoleLogin failures for one user from one IP; a security search that found what it looks for",
  ),
  "c-ddl-005": ok("search-logs: the deadlock log line of the orders service"),
  "c-ddl-006": ok(
    'search-logs: "data": [] with meta.status done — no errors from that service in the window',
    true,
  ),
  "c-ddl-007": partial(
    "transient",
    null,
    true,
    'search-logs over 30 days: one log and meta.status "timeout" — the Logs API stopped the search before it finished, so what came back is part of the answer; read as a partial success whose failed part is a timeout (transient, retryable by default; a narrower window is the fix an engineer would try). No code member: "timeout" is the value of meta.status',
  ),
  "c-ddl-008": tool(
    "validation",
    "-32602",
    false,
    'isError "MCP error -32602: Input validation error: Invalid arguments for tool search-logs: Invalid datetime at filterFrom": the SDK\'s zod check refused "yesterday 9am" (not ISO 8601); no request sent',
  ),
  "c-ddl-009": tool(
    "validation",
    "http_400",
    false,
    'isError "HTTP-Code: 400 Message: {"errors":["Bad Request"]}": the query has an unbalanced parenthesis; the text quotes the status',
  ),
  "c-ddl-010": tool(
    "validation",
    "http_400",
    false,
    `The same 400 for the same malformed query. ${WASTED}`,
    true,
  ),
  "c-ddl-011": tool(
    "permission",
    "http_403",
    false,
    'isError "HTTP-Code: 403 Message: {"errors":["Forbidden"]}": the application key may no longer read logs',
  ),
  "c-ddl-012": tool(
    "rate_limited",
    "http_429",
    true,
    'isError "HTTP-Code: 429 Message: {"errors":["Too many requests"]}": rate limited (the X-RateLimit headers are not shown)',
  ),
  "c-ddl-013": tool(
    "internal",
    "http_500",
    true,
    'isError "HTTP-Code: 500 Message: "Unknown API Status Code! Body: {"errors":["Internal Server Error"]}"": the Logs API failed with a 500',
  ),
  "c-ddl-014": tool(
    "transient",
    "http_502",
    true,
    'isError "HTTP-Code: 502 Message: "Unknown API Status Code! Body: <html>…502 Bad Gateway…": a bad gateway in front of the API, the status quoted',
  ),
  "c-ddl-015": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "c-ddl-016": tool(
    "transient",
    "econnrefused",
    true,
    'isError "request to https://api.datadoghq.com/api/v2/logs/events?… failed, reason: connect ECONNREFUSED 127.0.0.1:45801": the API is unreachable',
  ),
  "c-ddl-017": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError "MCP error -32602: Tool get-metrics not found": the tool does not exist (the words decide the category; the quoted JSON-RPC code is the code)',
  ),
  "c-ddl-018": ok("search-logs: the two failed sign-in logs carrying that user name"),
  "c-ddlx-001": tool(
    "permission",
    "http_403",
    false,
    'isError "HTTP-Code: 403 Message: {"errors":["Forbidden"]}": the API key was revoked, but Datadog answers a bad key with the same 403 Forbidden as a missing permission, and nothing on the wire tells them apart; judged by the status and the word, permission',
  ),
  "c-ddlx-002": tool("permission", "http_403", false, `The same 403 Forbidden. ${WASTED}`, true),
};
