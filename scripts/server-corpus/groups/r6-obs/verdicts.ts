// The human verdicts for group r6-obs, by step id, written from the captured exchanges alone.

import type { Verdict } from "../../verdicts.js";

type Expected = Verdict["expected"];
type Outcome = Expected["outcome"];
type Category = NonNullable<Expected["category"]>;

const base = {
  silentFailure: false,
  category: null,
  errorCode: null,
  retryable: null,
  empty: false,
  partial: false,
  wastedRetry: false,
};

const ok = (reason: string): Verdict => ({ expected: { outcome: "ok", ...base }, reason });
const empty = (reason: string): Verdict => ({ expected: { outcome: "ok", ...base, empty: true }, reason });
const fail = (
  outcome: Outcome,
  category: Category,
  errorCode: string | null,
  retryable: boolean,
  reason: string,
  more: Partial<Expected> = {},
): Verdict => ({
  expected: { outcome, ...base, category, errorCode, retryable, ...more },
  reason,
});
const silent = (category: Category, errorCode: string | null, retryable: boolean, reason: string): Verdict =>
  fail("ok", category, errorCode, retryable, reason, { silentFailure: true });
const wasted = { wastedRetry: true };

export const VERDICTS: Record<string, Verdict> = {
  // @leval/mcp-grafana (read-only session)
  "gf-001": ok("The dashboard search returned two matching dashboards."),
  "gf-002": empty("The dashboard search returned [] : nothing matched, not a failure."),
  "gf-003": ok("The dashboard was returned with its panels."),
  "gf-004": fail(
    "tool_error",
    "validation",
    "http_404",
    false,
    "isError quoting Grafana's 404 'Dashboard not found': the uid does not exist.",
  ),
  "gf-005": fail(
    "tool_error",
    "validation",
    "http_404",
    false,
    "The same lookup of the same missing dashboard failed the same way right after a non-retryable 404.",
    wasted,
  ),
  "gf-006": ok("The datasources were listed."),
  "gf-007": ok("The LogQL query returned a matching log line."),
  "gf-008": empty("The LogQL query returned [] : no lines matched."),
  "gf-009": fail(
    "tool_error",
    "validation",
    "http_400",
    false,
    "isError quoting a 400 Bad Request from the Loki proxy for a malformed LogQL query.",
  ),
  "gf-010": fail(
    "protocol_error",
    "validation",
    "invalid_type",
    false,
    "JSON-RPC error with a zod invalid_type issue: limit must be a number.",
  ),
  "gf-011": fail(
    "protocol_error",
    "validation",
    "invalid_enum_value",
    false,
    "JSON-RPC error with a zod invalid_enum_value issue for direction.",
  ),
  "gf-012": fail(
    "tool_error",
    "permission",
    null,
    false,
    "isError: the write tool is refused because the server runs in read-only mode.",
  ),
  "gf-013": fail("tool_error", "auth", "http_401", false, "isError quoting Grafana's 401 'Invalid API key'."),
  "gf-014": fail(
    "tool_error",
    "rate_limited",
    "http_429",
    true,
    "isError quoting Grafana's 429 'Too many requests'.",
  ),
  "gf-015": fail(
    "tool_error",
    "transient",
    null,
    true,
    "isError 'No response from Grafana server': the backend is unreachable.",
  ),
  "gf-016": fail(
    "protocol_error",
    "unknown_tool",
    "-32603",
    false,
    "JSON-RPC -32603 whose words say the tool was not found.",
  ),
  "gfk-001": ok("The datasources were listed."),
  "gfk-002": ok("The dashboard was returned with its panels."),
  "gfk-003": ok("The datasource named Loki was returned."),
  "gfk-004": fail(
    "tool_error",
    "validation",
    "http_404",
    false,
    "isError quoting a 404 'Data source not found' for the named datasource.",
  ),
  "gfk-005": ok("The Loki label names were returned."),
  "gfk-006": empty("The label has no values: an empty list, not a failure."),
  "gfk-007": fail(
    "tool_error",
    "validation",
    "http_404",
    false,
    "isError quoting a 404 'Data source not found' for the datasource uid given.",
  ),
  "gfk-008": fail(
    "tool_error",
    "transient",
    "http_502",
    true,
    "isError quoting a 502 Bad Gateway from the Loki datasource proxy.",
  ),
  "gfk-009": fail(
    "transport_error",
    "transient",
    "connection_closed",
    true,
    "The server process died mid-call; the client saw the connection close.",
  ),
  "gfk-010": fail(
    "transport_error",
    "transient",
    "connection_closed",
    true,
    "The server process was gone: the client raised 'Not connected' without sending.",
  ),

  // signoz-mcp-server
  "sz-001": ok("Health, version and features were returned."),
  "sz-002": ok("The services were listed with their metrics."),
  "sz-003": ok("The service's metrics and top operations were returned."),
  "sz-004": silent("validation", null, false, "A success whose text says the named service was not found."),
  "sz-005": ok("The trace's events were returned."),
  "sz-006": silent(
    "validation",
    null,
    false,
    "A lookup of one trace id answered with [] : the trace does not exist.",
  ),
  "sz-007": fail(
    "protocol_error",
    "validation",
    "-32603",
    false,
    "JSON-RPC -32603 whose words say the dashboard was not found.",
  ),
  "sz-008": fail(
    "protocol_error",
    "validation",
    "-32603",
    false,
    "The same lookup of the same missing dashboard failed the same way again.",
    wasted,
  ),
  "sz-009": fail(
    "protocol_error",
    "validation",
    "-32602",
    false,
    "JSON-RPC error quoting -32602 'Service name is required': a required argument is missing.",
  ),
  "sz-010": empty("The alert rule listing came back with 0 rules."),
  "sz-011": fail(
    "protocol_error",
    "auth",
    "-32603",
    false,
    "JSON-RPC -32603 whose words say the API key is invalid.",
  ),
  "sz-012": silent(
    "permission",
    null,
    false,
    "A success whose text says the license could not be read: only admin can access it.",
  ),
  "sz-013": fail(
    "protocol_error",
    "transient",
    "210",
    true,
    "JSON-RPC -32603 relaying ClickHouse code 210, connection refused: the storage backend is down.",
  ),
  "sz-014": fail(
    "transport_error",
    "transient",
    "timeout",
    true,
    "The client timed out (-32001) waiting for the answer.",
  ),
  "sz-015": fail(
    "protocol_error",
    "unknown_tool",
    "-32601",
    false,
    "JSON-RPC error quoting -32601 'Unknown tool'.",
  ),
  "sz-016": fail(
    "protocol_error",
    "rate_limited",
    "-32603",
    true,
    "JSON-RPC -32603 whose words say the rate limit was exceeded.",
  ),

  // autotel-mcp (Jaeger backend)
  "jg-001": ok("The services were listed."),
  "jg-002": ok("The operations of the service were listed."),
  "jg-003": ok("A matching trace was returned."),
  "jg-004": empty("The search returned totalCount 0 and items []."),
  "jg-005": ok("The trace was returned with its spans."),
  "jg-006": silent(
    "validation",
    "http_404",
    false,
    "An ok result carrying {ok:false} with HTTP 404 for the trace id: the trace does not exist.",
  ),
  "jg-007": {
    expected: { ...silent("validation", "http_404", false, "").expected, wastedRetry: true },
    reason:
      "The same missing trace looked up again right after the same non-retryable 404, with the same {ok:false}.",
  },
  "jg-008": fail("tool_error", "validation", null, false, "isError input validation: the trace id is empty."),
  "jg-009": fail(
    "tool_error",
    "validation",
    null,
    false,
    "isError input validation: serviceName must be a string.",
  ),
  "jg-010": fail(
    "tool_error",
    "validation",
    null,
    false,
    "isError input validation: statusCode is not one of the allowed values.",
  ),
  "jg-011": fail(
    "tool_error",
    "validation",
    null,
    false,
    "isError input validation: limit is above the maximum of 100.",
  ),
  "jg-012": silent(
    "rate_limited",
    "http_429",
    true,
    "An ok result carrying {ok:false} with HTTP 429 from Jaeger.",
  ),
  "jg-013": silent(
    "transient",
    "http_503",
    true,
    "An ok result carrying {ok:false} with HTTP 503 from Jaeger.",
  ),
  "jg-014": silent(
    "transient",
    null,
    true,
    "An ok result carrying {ok:false} 'fetch failed': Jaeger could not be reached.",
  ),
  "jg-015": fail(
    "protocol_error",
    "unknown_tool",
    "-32602",
    false,
    "JSON-RPC -32602 whose words say the tool was not found.",
  ),
  "jg-016": fail(
    "transport_error",
    "transient",
    "connection_closed",
    true,
    "The server process died mid-call; the client saw the connection close.",
  ),
  // @flightbox/mcp-server (local Parquet spans, DuckDB)
  "fb-001": ok("The trace summary was returned; the error it lists is data about the trace."),
  "fb-002": ok("The failing spans grouped by error type were returned: reporting errors is the tool's job."),
  "fb-003": ok("The span was returned in full; its error field is recorded data."),
  "fb-004": silent(
    "validation",
    null,
    false,
    "An ok result {error: 'Span not found'}: the span id does not exist.",
  ),
  "fb-005": {
    expected: { ...silent("validation", null, false, "").expected, wastedRetry: true },
    reason:
      "The same missing span looked up again right after the same non-retryable {error: 'Span not found'}.",
  },
  "fb-006": empty("The search returned [] : no span matched."),
  "fb-007": ok("The SQL query returned three rows."),
  "fb-008": silent(
    "validation",
    null,
    false,
    "An ok result carrying DuckDB's Parser Error: the SQL has a syntax error.",
  ),
  "fb-009": silent(
    "validation",
    null,
    false,
    "An ok result carrying DuckDB's Binder Error: the column does not exist.",
  ),
  "fb-010": silent(
    "validation",
    null,
    false,
    "An ok result carrying DuckDB's Conversion Error: 'abc' cannot be cast to an integer.",
  ),
  "fb-011": fail(
    "tool_error",
    "validation",
    "-32602",
    false,
    "isError quoting -32602 input validation: unknown direction value.",
  ),
  "fb-012": fail(
    "tool_error",
    "validation",
    "-32602",
    false,
    "isError quoting -32602 input validation: depth must be a number.",
  ),
  "fb-013": fail(
    "tool_error",
    "unknown_tool",
    "-32602",
    false,
    "isError quoting -32602 whose words say the tool was not found.",
  ),
  "fb-014": fail(
    "transport_error",
    "transient",
    "timeout",
    true,
    "The client timed out (-32001) waiting for a heavy query.",
  ),
  "fb-015": fail(
    "transport_error",
    "transient",
    "connection_closed",
    true,
    "The server process died mid-call; the client saw the connection close.",
  ),
};
