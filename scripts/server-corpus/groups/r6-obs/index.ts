// Group r6-obs: observability servers (Grafana with Loki, SigNoz, Jaeger through autotel-mcp),
// each pointed at a loopback stand-in (standin.ts).

import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type Live, type SessionSpec, type Step } from "../../harness.js";
import { BASE, setOverride, startStandin, stopStandin, type Override } from "./standin.js";
import { TRACES_DIR, writeTraces } from "./traces.js";
import { VERDICTS } from "./verdicts.js";

export { VERDICTS };

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@leval/mcp-grafana": "1.1.7",
  "signoz-mcp-server": "1.2.2",
  "autotel-mcp": "0.8.0",
  "@flightbox/mcp-server": "0.0.15",
};

const step = (
  id: string,
  tool: string,
  args: Record<string, unknown>,
  scenario: string,
  more: Partial<Step> = {},
): Step => ({
  id,
  tool,
  args,
  scenario,
  ...more,
});

/** The stand-in answers every request with this until the call ends. */
const answer = (o: Override): Partial<Step> => ({
  before: async () => setOverride(o),
  after: async () => setOverride(null),
});
/** The stand-in is down for the call. */
const down: Partial<Step> = {
  before: async () => stopStandin(),
  after: async () => startStandin(),
};
/** The server is killed while the stand-in holds the call. */
const killed: Partial<Step> = {
  before: async () => setOverride({ status: 200, body: {}, delayMs: 4000 }),
  during: async (live: Live) => {
    await sleep(800);
    live.kill();
  },
  after: async () => setOverride(null),
};

const grafana: SessionSpec = {
  label: "r6-obs-grafana",
  server: "@leval/mcp-grafana",
  transport: "stdio",
  start: stdioServer("r6-obs-grafana", "@leval/mcp-grafana", {
    from: FROM,
    args: ["--read-only"],
    env: { GRAFANA_URL: `${BASE}/grafana`, GRAFANA_SERVICE_ACCOUNT_TOKEN: "glsa_corpus_token" },
  }),
  steps: [
    step("gf-001", "search_dashboards", { query: "checkout" }, "search dashboards by title"),
    step("gf-002", "search_dashboards", { query: "kafka-lag" }, "search dashboards that match nothing"),
    step("gf-003", "get_dashboard_by_uid", { uid: "checkout-overview" }, "read one dashboard"),
    step("gf-004", "get_dashboard_by_uid", { uid: "no-such-dash" }, "read a dashboard that does not exist"),
    step("gf-005", "get_dashboard_by_uid", { uid: "no-such-dash" }, "the same missing dashboard again"),
    step("gf-006", "list_datasources", {}, "list datasources"),
    step(
      "gf-007",
      "query_loki_logs",
      { datasourceUid: "loki-main", logql: '{app="checkout"} |= "timeout"' },
      "LogQL query with hits",
    ),
    step(
      "gf-008",
      "query_loki_logs",
      { datasourceUid: "loki-main", logql: '{app="checkout"} |= "nomatch"' },
      "LogQL query with no lines",
    ),
    step(
      "gf-009",
      "query_loki_logs",
      { datasourceUid: "loki-main", logql: 'app="checkout" |~ (' },
      "LogQL with a syntax error",
    ),
    step(
      "gf-010",
      "query_loki_logs",
      { datasourceUid: "loki-main", logql: '{app="checkout"}', limit: "ten" },
      "limit of the wrong type",
    ),
    step(
      "gf-011",
      "query_loki_logs",
      { datasourceUid: "loki-main", logql: '{app="checkout"}', direction: "sideways" },
      "unknown direction",
    ),
    step(
      "gf-012",
      "update_dashboard",
      { uid: "checkout-overview", operations: [{ op: "replace", path: "title", value: "x" }] },
      "a write in read-only mode",
    ),
    step(
      "gf-013",
      "list_datasources",
      {},
      "the token is rejected",
      answer({
        status: 401,
        body: {
          extra: null,
          message: "Invalid API key",
          messageId: "api-key.invalid",
          statusCode: 401,
          traceID: "",
        },
      }),
    ),
    step(
      "gf-014",
      "search_dashboards",
      { query: "checkout" },
      "Grafana rate-limits the caller",
      answer({ status: 429, body: { message: "Too many requests" }, headers: { "retry-after": "30" } }),
    ),
    step("gf-015", "get_dashboard_by_uid", { uid: "checkout-overview" }, "Grafana is unreachable", down),
    step(
      "gf-016",
      "render_panel_png",
      { uid: "checkout-overview", panelId: 1 },
      "a tool this server does not have",
    ),
  ],
};

const grafanaKill: SessionSpec = {
  label: "r6-obs-grafana-kill",
  server: "@leval/mcp-grafana",
  transport: "stdio",
  start: stdioServer("r6-obs-grafana-kill", "@leval/mcp-grafana", {
    from: FROM,
    env: { GRAFANA_URL: `${BASE}/grafana`, GRAFANA_SERVICE_ACCOUNT_TOKEN: "glsa_corpus_token" },
  }),
  steps: [
    step("gfk-001", "list_datasources", {}, "list datasources"),
    step("gfk-002", "get_dashboard_by_uid", { uid: "payments-errors" }, "read one dashboard"),
    step("gfk-003", "get_datasource_by_name", { name: "Loki" }, "a datasource by name"),
    step("gfk-004", "get_datasource_by_name", { name: "Tempo" }, "a datasource that does not exist"),
    step("gfk-005", "list_loki_label_names", { datasourceUid: "loki-main" }, "Loki label names"),
    step(
      "gfk-006",
      "list_loki_label_values",
      { datasourceUid: "loki-main", labelName: "region" },
      "values of a label no stream carries",
    ),
    step(
      "gfk-007",
      "query_loki_logs",
      { datasourceUid: "tempo-x", logql: '{app="checkout"}' },
      "LogQL against a datasource uid that does not exist",
    ),
    step(
      "gfk-008",
      "query_loki_logs",
      { datasourceUid: "loki-main", logql: '{app="checkout"}' },
      "the Loki proxy answers 502",
      answer({ status: 502, body: { message: "Bad Gateway" } }),
    ),
    step("gfk-009", "search_dashboards", { query: "payments" }, "the server is killed mid-call", killed),
    step("gfk-010", "list_datasources", {}, "a call after the server died"),
  ],
};

const signoz: SessionSpec = {
  label: "r6-obs-signoz",
  server: "signoz-mcp-server",
  transport: "stdio",
  start: stdioServer("r6-obs-signoz", "signoz-mcp-server", {
    from: FROM,
    env: { SIGNOZ_URL: `${BASE}/signoz`, SIGNOZ_TOKEN: "corpus-signoz-key" },
  }),
  steps: [
    step("sz-001", "get_system_health", {}, "health and version"),
    step("sz-002", "get_services", { period: "1h" }, "services with metrics"),
    step("sz-003", "get_service_details", { service: "payments" }, "one service in detail"),
    step("sz-004", "get_service_details", { service: "ghost-svc" }, "a service that does not exist"),
    step("sz-005", "get_trace", { traceId: "4bf92f3577b34da6a3ce929d0e0e4736" }, "one trace"),
    step(
      "sz-006",
      "get_trace",
      { traceId: "ffffffffffffffffffffffffffffffff" },
      "a trace that does not exist",
    ),
    step("sz-007", "get_dashboard", { id: "missing-dash" }, "a dashboard that does not exist"),
    step("sz-008", "get_dashboard", { id: "missing-dash" }, "the same missing dashboard again"),
    step("sz-009", "get_service_details", {}, "the required service is missing"),
    step("sz-010", "get_alerts", { type: "rules" }, "alert rules"),
    step(
      "sz-011",
      "get_alerts",
      { type: "rules" },
      "the API key is rejected",
      answer({ status: 401, body: { status: "error", errorType: "unauthorized", error: "invalid API key" } }),
    ),
    step(
      "sz-012",
      "get_license_info",
      {},
      "license read refused",
      answer({
        status: 403,
        body: { status: "error", errorType: "forbidden", error: "only admin can access this resource" },
      }),
    ),
    step("sz-013", "get_dashboards", {}, "SigNoz answers 500 on every retry", {
      ...answer({
        status: 500,
        body: {
          status: "error",
          errorType: "internal",
          error: "clickhouse: code: 210, Connection refused (127.0.0.1:9000)",
        },
      }),
      timeoutMs: 30_000,
    }),
    step("sz-014", "get_services", { period: "1h" }, "SigNoz is too slow: the client gives up", {
      ...answer({ status: 200, body: [], delayMs: 8000 }),
      timeoutMs: 3000,
    }),
    step("sz-015", "delete_dashboard", { id: "a1b2" }, "a tool this server does not have"),
    step("sz-016", "get_dependency_graph", {}, "SigNoz rate-limits on every retry", {
      ...answer({
        status: 429,
        body: { status: "error", errorType: "too_many_requests", error: "rate limit exceeded" },
        headers: { "retry-after": "30" },
      }),
      timeoutMs: 30_000,
    }),
  ],
};

const jaeger: SessionSpec = {
  label: "r6-obs-jaeger",
  server: "autotel-mcp",
  transport: "stdio",
  start: stdioServer("r6-obs-jaeger", "autotel-mcp", {
    from: FROM,
    args: ["--backend", "jaeger", "--collector-port", "38651"],
    env: { AUTOTEL_BACKEND: "jaeger", JAEGER_BASE_URL: `${BASE}/jaeger`, AUTOTEL_COLLECTOR_PORT: "38651" },
  }),
  steps: [
    step("jg-001", "list_services", {}, "services known to Jaeger"),
    step("jg-002", "list_operations", { serviceName: "checkout" }, "operations of one service"),
    step("jg-003", "search_traces", { serviceName: "checkout" }, "recent traces of a service"),
    step(
      "jg-004",
      "search_traces",
      { serviceName: "checkout", operationName: "DELETE /cart" },
      "traces of an operation that has none",
    ),
    step("jg-005", "get_trace", { traceId: "4bf92f3577b34da6a3ce929d0e0e4736" }, "one trace"),
    step(
      "jg-006",
      "get_trace",
      { traceId: "0123456789abcdef0123456789abcdef" },
      "a trace Jaeger does not have",
    ),
    step(
      "jg-007",
      "get_trace",
      { traceId: "0123456789abcdef0123456789abcdef" },
      "the same missing trace again",
    ),
    step("jg-008", "get_trace", { traceId: "" }, "an empty trace id"),
    step("jg-009", "list_operations", { serviceName: 42 }, "service name of the wrong type"),
    step("jg-010", "search_traces", { serviceName: "checkout", statusCode: "FAILED" }, "unknown status code"),
    step("jg-011", "search_traces", { serviceName: "checkout", limit: 500 }, "limit out of range"),
    step("jg-012", "list_operations", { serviceName: "payments" }, "Jaeger rate-limits the caller", {
      ...answer({ status: 429, body: "Too Many Requests\n", headers: { "retry-after": "10" } }),
      timeoutMs: 30_000,
    }),
    step("jg-013", "list_services", {}, "Jaeger answers 503", {
      ...answer({ status: 503, body: "no healthy upstream", headers: { "retry-after": "5" } }),
      timeoutMs: 30_000,
    }),
    step("jg-014", "list_services", {}, "Jaeger is unreachable", { ...down, timeoutMs: 30_000 }),
    step(
      "jg-015",
      "export_trace_pdf",
      { traceId: "4bf92f3577b34da6a3ce929d0e0e4736" },
      "a tool this server does not have",
    ),
    step("jg-016", "list_services", {}, "the server is killed mid-call", killed),
  ],
};

const SLOW_SQL = "SELECT count(*) AS n FROM range(40000000000) a WHERE a.range % 7 = 3";
const flightbox: SessionSpec = {
  label: "r6-obs-flightbox",
  server: "@flightbox/mcp-server",
  transport: "stdio",
  start: stdioServer("r6-obs-flightbox", "@flightbox/mcp-server", {
    from: FROM,
    env: { FLIGHTBOX_TRACES_DIR: TRACES_DIR },
  }),
  steps: [
    step("fb-001", "flightbox_summary", { trace_id: "tr-checkout-1" }, "summary of one trace"),
    step("fb-002", "flightbox_failing", {}, "recent errors grouped by type"),
    step("fb-003", "flightbox_inspect", { span_id: "sp-charge" }, "one span in full"),
    step("fb-004", "flightbox_inspect", { span_id: "sp-missing" }, "a span that does not exist"),
    step("fb-005", "flightbox_inspect", { span_id: "sp-missing" }, "the same missing span again"),
    step("fb-006", "flightbox_search", { name_pattern: "refund%" }, "a search that matches nothing"),
    step(
      "fb-007",
      "flightbox_query",
      { sql: "SELECT name, duration_ms FROM spans ORDER BY duration_ms DESC LIMIT 3" },
      "SQL over the spans",
    ),
    step("fb-008", "flightbox_query", { sql: "SELEC name FROM spans" }, "SQL with a syntax error"),
    step(
      "fb-009",
      "flightbox_query",
      { sql: "SELECT customer_id FROM spans" },
      "SQL naming a column that does not exist",
    ),
    step(
      "fb-010",
      "flightbox_query",
      { sql: "SELECT 1 / 0 AS x, CAST('abc' AS INTEGER) AS y FROM spans LIMIT 1" },
      "SQL with a bad cast",
    ),
    step("fb-011", "flightbox_walk", { span_id: "sp-charge", direction: "sideways" }, "unknown direction"),
    step("fb-012", "flightbox_children", { span_id: "sp-root", depth: "two" }, "depth of the wrong type"),
    step("fb-013", "flightbox_flamegraph", { trace_id: "tr-checkout-1" }, "a tool this server does not have"),
    step("fb-014", "flightbox_query", { sql: SLOW_SQL }, "a heavy query: the client gives up", {
      timeoutMs: 2500,
    }),
    step("fb-015", "flightbox_query", { sql: SLOW_SQL }, "a heavy query: the server is killed mid-call", {
      during: async (live: Live) => {
        await sleep(800);
        live.kill();
      },
    }),
  ],
};

export const SESSIONS: SessionSpec[] = [grafana, grafanaKill, signoz, jaeger, flightbox];

export async function prepare(): Promise<() => Promise<void>> {
  await startStandin();
  await writeTraces();
  return async () => {
    setOverride(null);
    await stopStandin();
  };
}
