// Verdicts for group r39-b, written from the captured exchanges (test/fixtures/server-corpus/groups/r39-b.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // datadog-mcp-server 1.0.9 (stdio, SDK McpServer, SDK 1.32.2 installed): every tool returns the API's answer as
  // JSON text. Failures are isError with the thrown error's message: the Datadog API client's "HTTP-Code: <status>
  // \nMessage: <body as JSON>" (statuses the client does not declare for that call are wrapped once more as "Unknown
  // API Status Code!\nBody: …"), node-fetch's "request to … failed, reason: connect ECONNREFUSED …", or, for the two
  // logs tools that call fetch themselves, a thrown plain object that the SDK prints as "[object Object]" — except a
  // 403 there, which the server rewrites to its own sentence. Bad arguments and an unknown tool are the SDK's -32602.
  "dd-001": ok(
    "three incidents (SEV-1 active, SEV-3 stable, SEV-4 resolved) with fields, impact and timings",
  ),
  "dd-002": ok(
    "the two monitors whose overall state is Alert, with queries, thresholds and notification handles",
  ),
  "dd-003": ok(
    "the checkout 5xx monitor by id, overall_state Alert — the monitor alerting is the data asked for",
  ),
  "dd-004": tool(
    "validation",
    "http_404",
    false,
    'isError \'HTTP-Code: 404\\nMessage: {"errors":["Monitor not found"]}\': the named monitor does not exist; the body has no code member, so the quoted status is the code',
  ),
  "dd-005": tool(
    "validation",
    "http_404",
    false,
    "the same 404 'Monitor not found' again, same tool and arguments, after a non-retryable failure",
    true,
  ),
  "dd-006": ok("monitors filtered by a tag no monitor has: the list is []", true),
  "dd-007": ok(
    "the window's two events, a monitor alert (alert_type error) and a deploy: events about a failure, not a failed call (the numeric id lost precision in JSON; idStr is intact)",
  ),
  "dd-008": tool(
    "validation",
    "http_400",
    false,
    'isError \'HTTP-Code: 400\\nMessage: {"errors":["The start parameter must be before the end parameter."]}\': start and end given the wrong way round',
  ),
  "dd-009": ok(
    "two error logs of checkout-api whose messages talk about 502 and 503 — a log search that found what it was asked for",
  ),
  "dd-010": ok("a log search that matched nothing: data [] with meta.status done", true),
  "dd-011": ok("error log counts bucketed by service"),
  "dd-012": tool(
    "unknown",
    null,
    false,
    "isError with the text '[object Object]' and nothing else: the server threw a plain object (the API's 400 for the aggregation 'p99') and the SDK printed it; no status, code or words reach the caller",
  ),
  "dd-013": ok("the metric's metadata: type count, unit request, description"),
  "dd-014": tool(
    "validation",
    "http_404",
    false,
    'isError \'HTTP-Code: 404\\nMessage: {"errors":["Metric not found"]}\': a misspelt metric name',
  ),
  "dd-015": ok("the account's two dashboards with ids, titles and URLs"),
  "dd-016": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: … Expected number, received string at monitorId' from the SDK's schema check",
  ),
  "dd-017": tool(
    "permission",
    "http_403",
    false,
    'isError \'HTTP-Code: 403\\nMessage: {"errors":["Forbidden"]}\': the keys are not allowed to read incidents',
  ),
  "dd-018": tool(
    "permission",
    null,
    false,
    "isError 'Datadog API authorization failed. Please verify your API and Application keys have the correct permissions.' — the server's own sentence for the logs API's 403; no status or code in the payload",
  ),
  "dd-019": tool(
    "internal",
    "http_500",
    true,
    'isError \'HTTP-Code: 500\\nMessage: "Unknown API Status Code!\\nBody: {"errors":["Internal Server Error"]}"\': the API\'s 500, relayed',
  ),
  "dd-020": tool(
    "rate_limited",
    "http_429",
    true,
    'isError \'HTTP-Code: 429\\nMessage: {"errors":["Too many requests"]}\' (the X-RateLimit-Reset header is dropped by the server)',
  ),
  "dd-021": tool(
    "unknown",
    null,
    false,
    "isError '[object Object]' again (the logs API's 429 this time, thrown as a plain object): a failure with no usable signal on the wire",
  ),
  "dd-022": tool(
    "transient",
    "http_502",
    true,
    "isError 'HTTP-Code: 502\\nMessage: \"Unknown API Status Code!\\nBody: <html>…502 Bad Gateway…'\": a gateway's error page in front of the API",
  ),
  "dd-023": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: the SDK client raised -32001 Request timed out",
  ),
  "dd-024": tool(
    "transient",
    "econnrefused",
    true,
    "isError 'request to https://api.datadoghq.com/api/v2/incidents failed, reason: connect ECONNREFUSED 127.0.0.1:43950': the API unreachable; flagged a wasted retry because the previous get-incidents with the same arguments ({}), dd-017, failed non-retryably",
    true,
  ),
  "dd-025": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool create-incident not found': the words decide over the generic code",
  ),
};
