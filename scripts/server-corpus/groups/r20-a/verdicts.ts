// Verdicts for group r20-a, written from the captured exchanges (test/fixtures/server-corpus/groups/r20-a.jsonl),
// each read in full, by the rules in test/fixtures/server-corpus/README.md. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // ------------------------------------------------------------------------------- mcp-opsgenie (stdio)
  "og-001": ok(
    '"Found 3 alerts" — the list; one alert\'s message reads "HTTP 500 errors above 5%", which is data',
  ),
  "og-002": tool(
    "auth",
    null,
    false,
    'isError "Failed to list alerts: Could not authenticate" (Opsgenie\'s 401 body; the SDK sent no Authorization header)',
  ),
  "og-003": tool(
    "auth",
    null,
    false,
    'the same "Could not authenticate" for the same arguments; repeated after a non-retryable failure',
    true,
  ),
  "og-004": ok('"Alert Details: Message: checkout-api: HTTP 500 errors above 5%…" — one alert, found'),
  "og-005": ok('"Alert Details: Message: pg-replica-2 replication lag above 30 s" — found by tiny id'),
  "og-006": tool(
    "validation",
    null,
    false,
    'isError "Failed to get alert: Alert does not exist" (Opsgenie 404)',
  ),
  "og-007": tool(
    "validation",
    null,
    false,
    'the same "Alert does not exist" for the same id; repeated after a non-retryable failure',
    true,
  ),
  "og-008": ok(
    '"Alert created successfully! … Result: Request will be processed" — accepted (202); "Alert ID: undefined" is a field Opsgenie does not return on create',
  ),
  "og-009": tool(
    "validation",
    null,
    false,
    'isError "Failed to create alert: Request body is not processable. Please check the errors." (422, empty message)',
  ),
  "og-010": tool(
    "permission",
    null,
    false,
    'isError "To perform this action, use an API key from an API integration." (403 40301; the code stayed in the body)',
  ),
  "og-011": tool(
    "rate_limited",
    null,
    true,
    'isError "You are making too many requests! To avoid errors, we recommend you limit requests." after the SDK\'s 5 tries (20 s)',
  ),
  "og-012": tool(
    "internal",
    "http_500",
    true,
    'isError "Failed to get alert: Internal Server Error" — a label and the bare reason phrase of a 500',
  ),
  "og-013": wire("transient", "timeout", true, "no answer in 3 s: the client's -32001 Request timed out"),
  "og-014": tool(
    "transient",
    "econnrefused",
    true,
    'isError "tunneling socket could not be established, cause=connect ECONNREFUSED 127.0.0.1:40900" after 5 tries',
  ),
  "og-015": tool("unknown_tool", null, false, 'isError "Error: Unknown tool: opsgenie_delete_alert"'),
  "og-016": tool(
    "validation",
    null,
    false,
    'isError "Alert does not exist": no identifier was passed and the server asked for alert "undefined"',
  ),
  "og-017": wire(
    "transient",
    "connection_closed",
    true,
    '-32000 "Connection closed": the server process died before answering (its log: TypeError "cb is not a function")',
  ),
  "og-018": wire(
    "transient",
    "connection_closed",
    true,
    '"Not connected": the server was gone, the call never reached a transport',
  ),
  "og-019": ok('"Alert Details: Message: checkout-api: HTTP 500 errors above 5%…" — found by alias'),
  "og-020": wire(
    "transient",
    "connection_closed",
    true,
    '-32000 "Connection closed": the server died on the HTML 403 page (its log: TypeError on the string body)',
  ),
  "og-021": wire(
    "transient",
    "connection_closed",
    true,
    '"Not connected": the server was gone; the previous failure was retryable, so no wasted retry',
  ),

  // -------------------------------------------------------------------------------- datadog-mcp (stdio)
  "dd-001": ok('"valid": true, "Both API key and App key are valid and working"'),
  "dd-002": ok(
    "three monitors with a status summary; one monitor's message talks about 500 errors, which is data",
  ),
  "dd-003": ok("one monitor with its options"),
  "dd-004": tool(
    "validation",
    "-32052",
    false,
    'isError "MCP error -32052: Resource not found: Monitor not found"',
  ),
  "dd-005": tool(
    "validation",
    "-32052",
    false,
    "the same -32052 Monitor not found for the same id; repeated after a non-retryable failure",
    true,
  ),
  "dd-006": tool(
    "validation",
    "-32603",
    false,
    'isError "MCP error -32603: Invalid monitor ID: checkout-5xx" — words decide over the generic code',
  ),
  "dd-007": ok("one monitor in alert"),
  "dd-008": ok('"monitors": [], "totalCount": 0 — a search that found nothing', true),
  "dd-009": tool(
    "validation",
    "-32600",
    false,
    'isError "MCP error -32600: Invalid request: Invalid query: unbalanced parentheses…" (Datadog 400)',
  ),
  "dd-010": ok(
    'one incident whose title and impact talk about "502 errors" and "Error: upstream connect error" — data',
  ),
  "dd-011": ok("one incident, found"),
  "dd-012": ok('"incidents": [], "total": 0 — a search that found nothing', true),
  "dd-013": tool(
    "validation",
    "-32603",
    false,
    "isError \"MCP error -32603: missing required property 'title'\" — the API client refused the body before sending",
  ),
  "dd-014": ok("the declared incident, returned by the API (201)"),
  "dd-015": silent(
    "validation",
    null,
    false,
    'ok result "{ "incident": null }" — a lookup of one incident answered with nothing',
  ),
  "dd-016": ok('"downtimes": [], "total": 0 — none scheduled', true),
  "dd-017": tool(
    "permission",
    "-32051",
    false,
    'isError "MCP error -32051: Authorization denied: Forbidden" (403)',
  ),
  "dd-018": silent(
    "auth",
    "http_403",
    false,
    'ok result "valid": false, "appKeyValid": false, "error": "HTTP-Code: 403 … Forbidden" — the key check failed',
  ),
  "dd-019": tool(
    "auth",
    "-32050",
    false,
    'isError "MCP error -32050: Authentication failed: Invalid Datadog API key or APP key" (401)',
  ),
  "dd-020": tool(
    "rate_limited",
    "-32053",
    true,
    'isError "MCP error -32053: Rate limit exceeded. Retry after a short delay."',
  ),
  "dd-021": tool(
    "transient",
    "-32054",
    true,
    'isError "MCP error -32054: Datadog service temporarily unavailable. Retry later." (the API answered 500)',
  ),
  "dd-022": tool(
    "transient",
    "-32054",
    true,
    'isError "MCP error -32054: Datadog service temporarily unavailable. Retry later." (an HTML 502 page)',
  ),
  "dd-023": wire("transient", "timeout", true, "no answer in 3 s: the client's -32001 Request timed out"),
  "dd-024": tool(
    "transient",
    "econnrefused",
    true,
    'isError "MCP error -32603: request to https://api.datadoghq.com/api/v1/monitor failed, reason: connect ECONNREFUSED"',
  ),
  "dd-025": tool(
    "validation",
    "invalid_enum_value",
    false,
    'isError "MCP error -32602: Input validation error … \\"code\\": \\"invalid_enum_value\\"" for action list_all',
  ),
  "dd-026": tool("unknown_tool", "-32602", false, 'isError "MCP error -32602: Tool oncall not found"'),
};
