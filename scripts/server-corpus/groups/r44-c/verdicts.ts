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
};
