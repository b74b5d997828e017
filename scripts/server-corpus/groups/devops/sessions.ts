// The devops group's sessions: each is one client connection to one server; steps run in order
// (a repeated call is a repeat within the same session). Ids are stable; verdicts.ts keys on them.

import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec, type Step } from "../../harness.js";
import { lockParts, MYSQL_DB, READER, startMariadb, stopMariadb } from "./mariadb.js";
import {
  ARGOCD_EXPIRED_TOKEN,
  ARGOCD_TOKEN,
  argocd,
  CIRCLECI_IDS,
  CIRCLECI_REVOKED_TOKEN,
  CIRCLECI_TOKEN,
  circleci,
  elastic,
  ES_API_KEY,
  ES_REVOKED_KEY,
  PORTS,
  prometheus,
} from "./standins.js";

/** This group's folder: its node_modules holds the servers. */
export const FROM = path.dirname(fileURLToPath(import.meta.url));

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

/** Stop a stand-in before the call and start it again after. */
const down = (service: { start(): Promise<void>; stop(): Promise<void> }): Partial<Step> => ({
  before: () => service.stop(),
  after: () => service.start(),
});

// ---------------------------------------------------------------------------------------------
// @benborla29/mcp-server-mysql: one tool, mysql_query, read-only by default.

const mysqlEnv = (extra: Record<string, string> = {}) => ({
  MYSQL_HOST: "127.0.0.1",
  MYSQL_PORT: String(PORTS.mariadb),
  MYSQL_USER: READER.user,
  MYSQL_PASS: READER.password,
  MYSQL_DB,
  ...extra,
});

const mysql: SessionSpec = {
  label: "devops-mysql",
  server: "@benborla29/mcp-server-mysql",
  transport: "stdio",
  start: stdioServer("devops-mysql", "@benborla29/mcp-server-mysql", { env: mysqlEnv(), from: FROM }),
  steps: [
    step(
      "my-001",
      "mysql_query",
      { sql: "SELECT id, sku, name, price, stock FROM parts ORDER BY id" },
      "list the parts",
    ),
    step(
      "my-002",
      "mysql_query",
      { sql: "SELECT id, total FROM orders WHERE status = 'refunded'" },
      "a query that matches no rows",
    ),
    step(
      "my-003",
      "mysql_query",
      {
        sql: "SELECT c.name, COUNT(o.id) AS orders, SUM(o.total) AS revenue FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.name ORDER BY revenue DESC",
      },
      "revenue per customer (a join with aggregates)",
    ),
    step("my-004", "mysql_query", { sql: "SELEC id, sku FROM parts" }, "a query with a syntax error (SELEC)"),
    step("my-005", "mysql_query", { sql: "SELEC id, sku FROM parts" }, "the same broken query again"),
    step(
      "my-006",
      "mysql_query",
      { sql: "SELECT id, carrier FROM shipments" },
      "a table that does not exist",
    ),
    step("my-007", "mysql_query", { sql: "SELECT sku, colour FROM parts" }, "a column that does not exist"),
    step(
      "my-008",
      "mysql_query",
      { sql: "SELECT employee, salary FROM devops_hr.payroll" },
      "a table in a database the reader has no grant on",
    ),
    step(
      "my-009",
      "mysql_query",
      { sql: "UPDATE parts SET stock = 0 WHERE id = 1" },
      "an UPDATE while the server allows no writes",
    ),
    step(
      "my-010",
      "mysql_query",
      { sql: "SELECT SLEEP(3) AS slept" },
      "a statement longer than the reader's MAX_STATEMENT_TIME (2 s)",
    ),
    step(
      "my-011",
      "mysql_query",
      { sql: "SELECT id, stock FROM parts WHERE id = 3" },
      "another connection holds LOCK TABLES parts WRITE; lock_wait_timeout is 1 s",
      {
        before: () => lockParts(5),
        after: async () => {
          await sleep(3000);
        },
      },
    ),
    step(
      "my-012",
      "mysql_query",
      { sql: "SELECT 1/0 AS ratio" },
      "a division by zero (MariaDB answers NULL)",
    ),
    step("my-013", "mysql_query", { sql: 42 }, "sql given as a number"),
    step("my-014", "mysql_execute", { sql: "SELECT 1" }, "a tool this server does not have"),
    step(
      "my-015",
      "mysql_query",
      { sql: "SELECT SLEEP(1.8) AS slept" },
      "the MCP server process killed (SIGKILL) 0.5 s into a query",
      {
        during: async (live) => {
          await sleep(500);
          live.kill();
        },
      },
    ),
  ],
};

const mysqlPii: SessionSpec = {
  label: "devops-mysql-pii",
  server: "@benborla29/mcp-server-mysql",
  transport: "stdio",
  start: stdioServer("devops-mysql-pii", "@benborla29/mcp-server-mysql", {
    env: mysqlEnv({ ENABLE_PII_REDACTION: "true" }),
    from: FROM,
  }),
  steps: [
    step(
      "myp-001",
      "mysql_query",
      { sql: "SELECT name, country FROM customers ORDER BY id" },
      "customers, no PII columns",
    ),
    step("myp-002", "mysql_query", { sql: "SELECT * FROM customers" }, "SELECT * while PII redaction is on"),
    step(
      "myp-003",
      "mysql_query",
      { sql: "SELECT name, email FROM customers WHERE country = 'DE'" },
      "a query that names the email column while PII redaction is on",
    ),
    step(
      "myp-004",
      "mysql_query",
      { sql: "SELECT name FROM customers WHERE country = 'FR'" },
      "no customer in France",
    ),
    step(
      "myp-005",
      "mysql_query",
      { sql: "SELECT COUNT(*) AS n FROM orders" },
      "the MariaDB server was stopped before this call",
      { before: () => stopMariadb() },
    ),
    step(
      "myp-006",
      "mysql_query",
      { sql: "SELECT COUNT(*) AS n FROM orders" },
      "the same count after MariaDB was started again",
      { before: () => startMariadb() },
    ),
  ],
};

const mysqlBadPassword: SessionSpec = {
  label: "devops-mysql-badpass",
  server: "@benborla29/mcp-server-mysql",
  transport: "stdio",
  start: stdioServer("devops-mysql-badpass", "@benborla29/mcp-server-mysql", {
    env: mysqlEnv({ MYSQL_PASS: "reader-pass-6" }),
    from: FROM,
  }),
  steps: [
    step(
      "myb-001",
      "mysql_query",
      { sql: "SELECT COUNT(*) AS n FROM parts" },
      "the configured password is wrong: the server's start-up connection test fails and it exits",
      {
        before: async () => {
          await sleep(1500);
        },
      },
    ),
  ],
};

// ---------------------------------------------------------------------------------------------
// argocd-mcp over Streamable HTTP (bearer token on the MCP listener), and once over stdio with an
// expired Argo CD token.

let argoMcpToken = "mcp-listener-token";

const argo: SessionSpec = {
  label: "devops-argocd",
  server: "argocd-mcp",
  transport: "http",
  start: httpServer("devops-argocd", "argocd-mcp", {
    port: PORTS.argocdMcp,
    args: ["http", "--port", String(PORTS.argocdMcp)],
    env: {
      ARGOCD_BASE_URL: argocd.url,
      ARGOCD_API_TOKEN: ARGOCD_TOKEN,
      MCP_AUTH_TOKEN: "mcp-listener-token",
    },
    from: FROM,
    headers: () => ({ authorization: `Bearer ${argoMcpToken}` }),
  }),
  steps: [
    step("argo-001", "list_applications", {}, "list every application"),
    step(
      "argo-002",
      "list_applications",
      { search: "inventory" },
      "search for applications that do not exist",
    ),
    step("argo-003", "get_application", { applicationName: "guestbook" }, "get one application"),
    step("argo-004", "get_application", { applicationName: "guestbok" }, "get a misspelt application"),
    step("argo-005", "get_application", { applicationName: "guestbok" }, "the same misspelt name again"),
    step("argo-006", "get_application_resource_tree", { applicationName: "guestbook" }, "the resource tree"),
    step(
      "argo-007",
      "get_application_events",
      { applicationName: "guestbook" },
      "events of a quiet application",
    ),
    step(
      "argo-008",
      "sync_application",
      { applicationName: "payments" },
      "sync an application of a project the token may not sync",
    ),
    step(
      "argo-009",
      "sync_application",
      { applicationName: "guestbook", revision: "feature/does-not-exist" },
      "sync to a revision that does not resolve",
    ),
    step(
      "argo-010",
      "sync_application",
      { applicationName: "search-api" },
      "sync while another operation runs",
    ),
    step(
      "argo-011",
      "get_application",
      { applicationName: "billing" },
      "Argo CD answers 429 with Retry-After",
    ),
    step(
      "argo-012",
      "get_application",
      { applicationName: "ledger" },
      "the ingress answers 503 with an nginx HTML page",
    ),
    step(
      "argo-013",
      "get_application",
      { applicationName: "guestbook", applicationNamespace: "" },
      "an empty applicationNamespace (schema minLength 1)",
    ),
    step("argo-014", "get_appproject", { projectName: "platform" }, "an AppProject that does not exist"),
    step(
      "argo-015",
      "list_clusters",
      { argocdBaseUrl: `http://127.0.0.1:${PORTS.closed}` },
      "another Argo CD base URL for which no token is configured",
    ),
    step("argo-016", "list_applications", {}, "the Argo CD API (stand-in) is down", down(argocd)),
    step(
      "argo-017",
      "rollback_application",
      { applicationName: "guestbook", id: 3 },
      "a tool this server does not have",
    ),
    step("argo-018", "get_appproject", { projectName: "default" }, "an existing AppProject", {
      after: async () => {
        argoMcpToken = "mcp-listener-token-rotated";
      },
    }),
    step(
      "argo-019",
      "list_applications",
      {},
      "the MCP listener's bearer token was rotated: the client's is stale",
      {
        after: async () => {
          argoMcpToken = "mcp-listener-token";
        },
      },
    ),
  ],
};

const argoExpired: SessionSpec = {
  label: "devops-argocd-expired",
  server: "argocd-mcp",
  transport: "stdio",
  start: stdioServer("devops-argocd-expired", "argocd-mcp", {
    args: ["stdio"],
    env: { ARGOCD_BASE_URL: argocd.url, ARGOCD_API_TOKEN: ARGOCD_EXPIRED_TOKEN },
    from: FROM,
  }),
  steps: [
    step("argx-001", "list_applications", {}, "list applications with an expired Argo CD token"),
    step(
      "argx-002",
      "get_application",
      { applicationName: "guestbook" },
      "get an application with an expired token",
    ),
    step("argx-003", "get_application", { applicationName: "guestbook" }, "the same call again"),
  ],
};

// ---------------------------------------------------------------------------------------------
// @elastic/mcp-server-elasticsearch (stdio). Its tools never set isError.

const esEnv = (apiKey: string) => ({ ES_URL: elastic.url, ES_API_KEY: apiKey, OTEL_SDK_DISABLED: "true" });

const es: SessionSpec = {
  label: "devops-elastic",
  server: "@elastic/mcp-server-elasticsearch",
  transport: "stdio",
  start: stdioServer("devops-elastic", "@elastic/mcp-server-elasticsearch", {
    env: esEnv(ES_API_KEY),
    from: FROM,
  }),
  steps: [
    step("es-001", "list_indices", { indexPattern: "*" }, "list every index"),
    step("es-002", "list_indices", { indexPattern: "nginx-*" }, "a pattern no index matches"),
    step("es-003", "get_mappings", { index: "logs-checkout" }, "mappings of an index"),
    step("es-004", "get_mappings", { index: "logs-chekout" }, "mappings of a misspelt index"),
    step("es-005", "get_mappings", { index: "logs-chekout" }, "the same misspelt index again"),
    step(
      "es-006",
      "search",
      { index: "logs-checkout", queryBody: { query: { match: { message: "payment gateway" } }, size: 5 } },
      "a full-text search with hits",
    ),
    step(
      "es-007",
      "search",
      { index: "logs-checkout", queryBody: { query: { term: { level: "fatal" } } } },
      "a search with no hits",
    ),
    step(
      "es-008",
      "search",
      { index: "logs-checkout", queryBody: { query: { matches: { message: "timeout" } } } },
      "an unknown query type (parsing_exception)",
    ),
    step(
      "es-009",
      "search",
      { index: "logs-checkout", queryBody: { query: { match_all: {} }, from: 9990, size: 50 } },
      "from + size beyond index.max_result_window",
    ),
    step(
      "es-010",
      "search",
      { index: "metrics-node", queryBody: { query: { match_all: {} }, size: 7 } },
      "the search thread pool rejects the request (429)",
    ),
    step("es-011", "get_mappings", { index: "billing-ledger" }, "an index the API key may not read"),
    step(
      "es-012",
      "search",
      { index: "traces-apm", queryBody: { query: { match_all: {} } } },
      "the cluster has no master (503 cluster_block_exception)",
    ),
    step("es-013", "get_shards", {}, "shard allocation, one replica unassigned"),
    step("es-014", "list_indices", { indexPattern: "   " }, "a blank index pattern (trimmed, min length 1)"),
    step("es-015", "search", { index: "logs-checkout", queryBody: "level:error" }, "queryBody as a string"),
    step("es-016", "delete_index", { index: "logs-checkout" }, "a tool this server does not have"),
  ],
};

const esBroken: SessionSpec = {
  label: "devops-elastic-broken",
  server: "@elastic/mcp-server-elasticsearch",
  transport: "stdio",
  start: stdioServer("devops-elastic-broken", "@elastic/mcp-server-elasticsearch", {
    env: esEnv(ES_REVOKED_KEY),
    from: FROM,
  }),
  steps: [
    step("esb-001", "list_indices", { indexPattern: "logs-*" }, "the configured API key was invalidated"),
    step(
      "esb-002",
      "get_shards",
      { index: "logs-checkout" },
      "the Elasticsearch stand-in is down",
      down(elastic),
    ),
  ],
};

const esSlow: SessionSpec = {
  label: "devops-elastic-slow",
  server: "@elastic/mcp-server-elasticsearch",
  transport: "stdio",
  start: stdioServer("devops-elastic-slow", "@elastic/mcp-server-elasticsearch", {
    env: esEnv(ES_API_KEY),
    from: FROM,
  }),
  steps: [
    step(
      "ess-001",
      "list_indices",
      { indexPattern: "archive-*" },
      "the frozen tier answers after 10 s; the client gives up at 2 s",
      { timeoutMs: 2000 },
    ),
    step(
      "ess-002",
      "list_indices",
      { indexPattern: "archive-2025" },
      "the MCP server killed (SIGKILL) 1 s into a slow call",
      {
        during: async (live) => {
          await sleep(1000);
          live.kill();
        },
      },
    ),
    step("ess-003", "list_indices", { indexPattern: "logs-*" }, "a call after the server process died"),
  ],
};

// ---------------------------------------------------------------------------------------------
// @circleci/mcp-server-circleci (stdio): every tool takes its arguments under `params`.

const cciEnv = (token: string) => ({
  CIRCLECI_TOKEN: token,
  CIRCLECI_BASE_URL: circleci.url,
  DISABLE_TELEMETRY: "true",
});
const P = CIRCLECI_IDS.project;

const cci: SessionSpec = {
  label: "devops-circleci",
  server: "@circleci/mcp-server-circleci",
  transport: "stdio",
  start: stdioServer("devops-circleci", "@circleci/mcp-server-circleci", {
    env: cciEnv(CIRCLECI_TOKEN),
    from: FROM,
  }),
  steps: [
    step("cci-001", "list_followed_projects", {}, "the projects the user follows"),
    step(
      "cci-002",
      "get_latest_pipeline_status",
      { params: { projectSlug: P, branch: "main" } },
      "latest pipeline on main",
    ),
    step(
      "cci-003",
      "get_latest_pipeline_status",
      { params: { projectSlug: P, branch: "release/9.9" } },
      "a branch with no pipelines",
    ),
    step(
      "cci-004",
      "get_latest_pipeline_status",
      { params: { projectSlug: "gh/acme/storefrnt", branch: "main" } },
      "a misspelt project slug",
    ),
    step(
      "cci-005",
      "get_latest_pipeline_status",
      { params: { projectSlug: "gh/acme/storefrnt", branch: "main" } },
      "the same misspelt slug again",
    ),
    step(
      "cci-006",
      "get_latest_pipeline_status",
      { params: { projectSlug: P } },
      "projectSlug without a branch",
    ),
    step(
      "cci-007",
      "get_job_test_results",
      { params: { projectSlug: P, branch: "main" } },
      "test results of the latest pipeline",
    ),
    step(
      "cci-008",
      "get_job_test_results",
      { params: { projectSlug: P, branch: "main", filterByTestsResult: "flaky" } },
      "an unknown enum value for filterByTestsResult",
    ),
    step("cci-009", "find_flaky_tests", { params: { projectSlug: P } }, "flaky tests of a project"),
    step(
      "cci-010",
      "find_flaky_tests",
      { params: { projectSlug: "gh/acme/inventory-service" } },
      "a project without flaky tests",
    ),
    step(
      "cci-011",
      "find_flaky_tests",
      { params: { projectSlug: "gh/acme/checkout" } },
      "CircleCI's insights endpoint answers 500",
    ),
    step(
      "cci-012",
      "get_latest_pipeline_status",
      { params: { projectSlug: "gh/acme/checkout", branch: "main" } },
      "CircleCI answers 429 with Retry-After",
    ),
    step(
      "cci-013",
      "get_latest_pipeline_status",
      { params: { projectSlug: "gh/acme/legacy-billing", branch: "main" } },
      "a 502 HTML page from the edge",
    ),
    step(
      "cci-014",
      "rerun_workflow",
      { params: { workflowId: CIRCLECI_IDS.heldWorkflow } },
      "rerun a workflow that is on hold",
    ),
    step(
      "cci-015",
      "rerun_workflow",
      { params: { workflowId: CIRCLECI_IDS.failedWorkflow, fromFailed: true } },
      "rerun a failed workflow from the failed job",
    ),
    step(
      "cci-016",
      "config_helper",
      {
        params: {
          configFile: "jobs:\n  build:\n    docker:\n      - image: cimg/node:20.11\n    steps: [checkout]\n",
        },
      },
      "validate a config that lacks `version`",
    ),
  ],
};

const cciBroken: SessionSpec = {
  label: "devops-circleci-broken",
  server: "@circleci/mcp-server-circleci",
  transport: "stdio",
  start: stdioServer("devops-circleci-broken", "@circleci/mcp-server-circleci", {
    env: cciEnv(CIRCLECI_REVOKED_TOKEN),
    from: FROM,
  }),
  steps: [
    step("ccb-001", "list_followed_projects", {}, "the configured token was revoked"),
    step(
      "ccb-002",
      "config_helper",
      { params: { configFile: "version: 2.1\n" } },
      "validate a config, token revoked",
    ),
    step(
      "ccb-003",
      "rerun_workflow",
      { params: { workflowId: CIRCLECI_IDS.failedWorkflow } },
      "the CircleCI stand-in is down",
      down(circleci),
    ),
    step(
      "ccb-004",
      "cancel_workflow",
      { params: { workflowId: CIRCLECI_IDS.okWorkflow } },
      "a tool this server does not have",
    ),
  ],
};

// ---------------------------------------------------------------------------------------------
// prometheus-mcp (stdio): every tool answers JSON.stringify(data), or isError with the message.

const promSession: SessionSpec = {
  label: "devops-prometheus",
  server: "prometheus-mcp",
  transport: "stdio",
  start: stdioServer("devops-prometheus", "prometheus-mcp", {
    args: ["stdio"],
    env: { PROMETHEUS_URL: prometheus.url },
    from: FROM,
  }),
  steps: [
    step("prom-001", "prometheus_query", { query: "up" }, "an instant query"),
    step(
      "prom-002",
      "prometheus_query",
      { query: 'sum by (status) (rate(http_requests_total{job="checkout"}[5m]))' },
      "request rate by status",
    ),
    step(
      "prom-003",
      "prometheus_query",
      { query: 'http_requests_total{job="payments"}' },
      "a selector that matches no series",
    ),
    step(
      "prom-004",
      "prometheus_query",
      { query: 'sum(rate(http_requests_total{job="checkout"}[5m]' },
      "PromQL with an unclosed parenthesis",
    ),
    step(
      "prom-005",
      "prometheus_query",
      { query: 'sum(rate(http_requests_total{job="checkout"}[5m]' },
      "the same broken PromQL again",
    ),
    step(
      "prom-006",
      "prometheus_query",
      { query: "http_requests_total / on(instance) node_cpu_seconds_total" },
      "a many-to-many match (422 execution error)",
    ),
    step(
      "prom-007",
      "prometheus_query",
      {
        query:
          'sum(rate(http_requests_total{job="batch",status=~"5.."}[5m])) / sum(rate(http_requests_total{job="batch"}[5m]))',
      },
      "an error ratio for a job with no traffic (0/0)",
    ),
    step(
      "prom-008",
      "prometheus_query",
      { query: 'quantile_over_time(0.99, http_request_duration_seconds{job="checkout"}[90d])' },
      "a query that times out in evaluation (503)",
    ),
    step(
      "prom-009",
      "prometheus_query",
      { query: 'count by (__name__) ({__name__=~".+"})' },
      "the query frontend sheds load (429 with Retry-After)",
    ),
    step(
      "prom-010",
      "prometheus_query_range",
      { query: "up", start: "2026-12-05T21:55:00Z", end: "2026-12-05T21:59:00Z", step: "60s" },
      "a range query",
    ),
    step(
      "prom-011",
      "prometheus_query_range",
      { query: "up", start: "2026-11-05T00:00:00Z", end: "2026-12-05T00:00:00Z", step: "15s" },
      "a range query over 30 days at 15 s (too many points)",
    ),
    step(
      "prom-012",
      "prometheus_query_range",
      { query: "up", start: "yesterday", end: "now", step: "1m" },
      "timestamps that are not RFC3339 or unix",
    ),
    step("prom-013", "prometheus_metric_metadata", { metric: "http_requests_total" }, "metadata of a metric"),
    step(
      "prom-014",
      "prometheus_metric_metadata",
      { metric: "http_request_total" },
      "metadata of a misspelt metric",
    ),
    step("prom-015", "prometheus_label_values", { label: "tenant" }, "values of a label no series has"),
    step("prom-016", "prometheus_runtime_info", {}, "the reverse proxy keeps /api/v1/status to admins (403)"),
  ],
};

const promMore: SessionSpec = {
  label: "devops-prometheus-2",
  server: "prometheus-mcp",
  transport: "stdio",
  start: stdioServer("devops-prometheus-2", "prometheus-mcp", {
    args: ["stdio"],
    env: { PROMETHEUS_URL: prometheus.url, ENABLE_INFO_TOOLS: "false" },
    from: FROM,
  }),
  steps: [
    step("prm-001", "prometheus_label_values", { label: "job" }, "values of the job label"),
    step("prm-002", "prometheus_scrape_pool_targets", { scrapePool: "kafka" }, "targets of one scrape pool"),
    step("prm-003", "prometheus_query", { query: ["up"] }, "query given as an array"),
    step("prm-004", "prometheus_build_info", {}, "an info tool while info tools are disabled"),
    step("prm-005", "prometheus_list_metrics", {}, "the Prometheus stand-in is down", down(prometheus)),
    step("prm-006", "prometheus_list_metrics", {}, "the same call once Prometheus is back"),
    step("prm-007", "prometheus_list_targets", {}, "scrape targets, one down"),
    step("prm-008", "prometheus_scrape_pool_targets", { scrapePool: "kafak" }, "a misspelt scrape pool"),
  ],
};

export const SESSIONS: SessionSpec[] = [
  mysql,
  mysqlPii,
  mysqlBadPassword,
  argo,
  argoExpired,
  es,
  esBroken,
  esSlow,
  cci,
  cciBroken,
  promSession,
  promMore,
];
