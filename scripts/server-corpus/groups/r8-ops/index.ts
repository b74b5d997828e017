// Group r8-ops: operations servers — feature flags (LaunchDarkly), error tracking (Rollbar), APM and
// problems on a Dynatrace Managed cluster (stdio and Streamable HTTP), and incidents, monitors, logs
// and downtimes on Datadog — behind loopback stand-ins that answer with the real APIs' bodies
// (standins.ts).
//
//   (cd scripts/server-corpus/groups/r8-ops && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r8-ops

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec, type Step } from "../../harness.js";
import { step } from "../../steps.js";
import {
  DATA,
  DD_API_KEY,
  DD_APP_KEY,
  DD_CERT,
  DD_PORT,
  DT_DEAD_PORT,
  DT_MCP_PORT,
  DT_PORT,
  DT_REVOKED_TOKEN,
  DT_STAGING_TOKEN,
  DT_TOKEN,
  LD_PORT,
  LD_TOKEN,
  RB_PORT,
  RB_TOKEN,
  ddStandin,
  dtStandin,
  ldStandin,
  rbStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@launchdarkly/mcp-server": "0.6.2",
  "@rollbar/mcp-server": "0.6.0",
  "@dynatrace-oss/dynatrace-managed-mcp-server": "1.1.1",
  "@winor30/mcp-server-datadog": "1.8.0",
};

/** Sets a stand-in state flag for one step. */
function flag(name: keyof typeof state): Partial<Step> {
  return {
    before: async () => {
      state[name] = true;
    },
    after: async () => {
      state[name] = false;
    },
  };
}

/** Stops a stand-in for one step (the backend is unreachable), then starts it again. */
function down(standin: { start(): Promise<void>; stop(): Promise<void> }): Partial<Step> {
  return {
    before: async () => {
      await standin.stop();
      await sleep(200);
    },
    after: async () => {
      await standin.start();
    },
  };
}

// ------------------------------------------------------------------------------- LaunchDarkly

const ld: SessionSpec = {
  label: "r8-ops-launchdarkly",
  server: "@launchdarkly/mcp-server",
  transport: "stdio",
  start: stdioServer("r8-ops-launchdarkly", "@launchdarkly/mcp-server", {
    from: FROM,
    cwd: DATA,
    args: ["start", "--api-key", LD_TOKEN, "--server-url", `http://127.0.0.1:${LD_PORT}`],
  }),
  steps: [
    step(
      "ld-001",
      "list-feature-flags",
      { request: { projectKey: "checkout", limit: 5 } },
      "list the project's flags",
    ),
    step(
      "ld-002",
      "get-feature-flag",
      { request: { projectKey: "checkout", featureFlagKey: "new-checkout-flow", env: "production" } },
      "get one flag's production configuration",
    ),
    step(
      "ld-003",
      "list-feature-flags",
      { request: { projectKey: "checkout", filter: "query:zeppelin" } },
      "search flags for a word none has",
    ),
    step(
      "ld-004",
      "get-feature-flag",
      { request: { projectKey: "checkout", featureFlagKey: "dark-mode-v3" } },
      "get a flag key that does not exist",
    ),
    step(
      "ld-005",
      "get-feature-flag",
      { request: { projectKey: "checkout", featureFlagKey: "dark-mode-v3" } },
      "the same missing flag again, unchanged",
    ),
    step(
      "ld-006",
      "get-environments",
      { request: { projectKey: "checkout" } },
      "list the project's environments",
    ),
    step(
      "ld-007",
      "create-feature-flag",
      {
        request: {
          projectKey: "checkout",
          FeatureFlagBody: { name: "New checkout flow", key: "new-checkout-flow" },
        },
      },
      "create a flag whose key is taken",
    ),
    step(
      "ld-008",
      "create-feature-flag",
      { request: { projectKey: "checkout", FeatureFlagBody: { name: "Gift cards", key: "Gift Cards!" } } },
      "create a flag with spaces and punctuation in its key",
    ),
    step(
      "ld-009",
      "update-feature-flag",
      {
        request: {
          projectKey: "checkout",
          featureFlagKey: "new-checkout-flow",
          PatchWithComment: {
            patch: [{ op: "replace", path: "/environments/staging/on", value: false }],
            comment: "pause staging rollout",
          },
        },
      },
      "turn a flag off in staging (JSON patch)",
    ),
    step(
      "ld-010",
      "update-feature-flag",
      {
        request: {
          projectKey: "checkout",
          featureFlagKey: "new-checkout-flow",
          PatchWithComment: { patch: [{ op: "replace", path: "/environments/prod/on", value: true }] },
        },
      },
      "a JSON patch on an environment key that does not exist",
    ),
    step(
      "ld-011",
      "update-feature-flag",
      {
        request: {
          projectKey: "checkout",
          featureFlagKey: "pricing-banner",
          PatchWithComment: {
            patch: [
              { op: "test", path: "/_version", value: 5 },
              { op: "replace", path: "/description", value: "Banner copy test, round 2" },
            ],
          },
        },
      },
      "a patch guarded by a stale version (optimistic lock)",
    ),
    step(
      "ld-012",
      "delete-feature-flag",
      { request: { projectKey: "checkout", featureFlagKey: "pricing-banner" } },
      "delete a flag",
    ),
    step(
      "ld-013",
      "delete-feature-flag",
      { request: { projectKey: "checkout", featureFlagKey: "legacy-search" } },
      "delete a kill-switch flag the token's role may not delete",
    ),
    step(
      "ld-014",
      "get-flag-status-across-environments",
      { request: { projectKey: "checkout", featureFlagKey: "new-checkout-flow" } },
      "a flag's status in every environment",
    ),
    step(
      "ld-015",
      "get-audit-log-entries",
      { request: { q: "new-checkout-flow", limit: 10 } },
      "read the audit log while the route is rate limited (429, Retry-After)",
      flag("ldAuditRateLimited"),
    ),
    step(
      "ld-016",
      "list-feature-flags",
      { request: { projectKey: "checkout", limit: "five" } },
      "limit given as a word",
    ),
    step("ld-017", "get-feature-flag", { request: { projectKey: "checkout" } }, "get a flag without its key"),
    step(
      "ld-018",
      "toggle-feature-flag",
      { request: { projectKey: "checkout", featureFlagKey: "new-checkout-flow" } },
      "a tool the server does not have",
    ),
    step(
      "ld-019",
      "list-feature-flags",
      { request: { projectKey: "checkout", limit: 5 } },
      "list flags while the API's load balancer answers 502 (HTML)",
      flag("ldGateway502"),
    ),
    step(
      "ld-020",
      "list-feature-flags",
      { request: { projectKey: "checkout", filter: "maintainer:me" } },
      "a filter on a field the API does not support",
    ),
    step(
      "ld-021",
      "list-feature-flags",
      { request: { projectKey: "checkout", limit: 5 } },
      "list flags after the access token was revoked",
      flag("ldTokenRevoked"),
    ),
    step(
      "ld-022",
      "get-code-references",
      { request: {} },
      "list code-reference repositories from a slow route; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
  ],
};

// ------------------------------------------------------------------------------------ Rollbar

const rb: SessionSpec = {
  label: "r8-ops-rollbar",
  server: "@rollbar/mcp-server",
  transport: "stdio",
  start: stdioServer("r8-ops-rollbar", "@rollbar/mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      ROLLBAR_ACCESS_TOKEN: RB_TOKEN,
      ROLLBAR_API_BASE: `http://127.0.0.1:${RB_PORT}/api/1`,
    },
  }),
  steps: [
    step("rb-001", "list-items", {}, "list active production items"),
    step("rb-002", "get-item-details", { counter: 42 }, "details of one item with its last occurrence"),
    step("rb-003", "list-items", { query: "zeppelin" }, "search items for a word none has"),
    step("rb-004", "get-item-details", { counter: 9999 }, "details of an item counter that does not exist"),
    step("rb-005", "get-item-details", { counter: 9999 }, "the same missing item again, unchanged"),
    step("rb-006", "get-deployments", { limit: 5 }, "recent deployments"),
    step("rb-007", "get-version", { version: "9f3c2e1" }, "what a deployed version introduced"),
    step(
      "rb-008",
      "get-top-items",
      { environment: "staging" },
      "top items of an environment with no traffic",
    ),
    step("rb-009", "list-occurrences", { counter: 57 }, "occurrences of an item that is a group of items"),
    step("rb-010", "list-occurrences", { counter: 42, limit: 500 }, "a page size above the maximum of 100"),
    step(
      "rb-011",
      "update-item",
      { itemId: 1204857301, status: "resolved", resolvedInVersion: "9f3c2e2" },
      "resolve an item with a read-only project token",
    ),
    step("rb-012", "update-item", { itemId: 1204857301, status: "fixed" }, "a status outside the enum"),
    step("rb-013", "list-projects", {}, "list the account's projects with a project token"),
    step(
      "rb-014",
      "get-top-items",
      {},
      "top items while the token is rate limited (429)",
      flag("rbRateLimited"),
    ),
    step(
      "rb-015",
      "list-items",
      { status: "resolved" },
      "list items while Rollbar's edge answers 503",
      flag("rbEdge503"),
    ),
    step("rb-016", "resolve-item", { counter: 42 }, "a tool the server does not have"),
    step(
      "rb-017",
      "get-item-details",
      { counter: 42 },
      "details of an item after the access token was revoked",
      flag("rbTokenRevoked"),
    ),
    step(
      "rb-018",
      "list-items",
      { environment: "production" },
      "list items while Rollbar is unreachable",
      down(rbStandin),
    ),
    step(
      "rb-019",
      "list-occurrences",
      { counter: 42, limit: 5 },
      "a slow page of occurrences; the server is killed mid-call",
      {
        during: async (live) => {
          await sleep(1500);
          live.kill();
        },
      },
    ),
  ],
};

// --------------------------------------------------------------------- Dynatrace Managed, stdio

const DT_RANGE = { from: "now-2h", to: "now" };

const dt: SessionSpec = {
  label: "r8-ops-dynatrace",
  server: "@dynatrace-oss/dynatrace-managed-mcp-server",
  transport: "stdio",
  start: stdioServer("r8-ops-dynatrace", "@dynatrace-oss/dynatrace-managed-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      DT_ENVIRONMENT_CONFIGS: JSON.stringify([
        {
          apiEndpointUrl: `http://127.0.0.1:${DT_PORT}`,
          environmentId: "prod",
          alias: "prod",
          apiToken: DT_TOKEN,
        },
        {
          apiEndpointUrl: `http://127.0.0.1:${DT_DEAD_PORT}`,
          environmentId: "eu",
          alias: "eu",
          apiToken: "dt0c01.R8OPSEU.S3CR3T000000000000000000000000000000000000000000000000000000000000",
        },
      ]),
      DT_MCP_DISABLE_TELEMETRY: "true",
      LOG_OUTPUT: "stderr-all",
      // the server's own per-user rate limit, set for this capture: 13 tool calls per 10 minutes
      DT_MCP_RATE_LIMIT_MAX_CALLS: "13",
      DT_MCP_RATE_LIMIT_WINDOW_MS: "600000",
    },
  }),
  steps: [
    step("dt-001", "dynatrace_managed_get_environments_info", {}, "which environments are connected"),
    step(
      "dt-002",
      "dynatrace_managed_list_problems",
      { status: "OPEN", environment_alias: "prod" },
      "open problems",
    ),
    step(
      "dt-003",
      "dynatrace_managed_get_problem_details",
      { problemId: "6774241853425427521_1763096400000V2", environment_alias: "prod" },
      "one problem's details with its evidence",
    ),
    step(
      "dt-004",
      "dynatrace_managed_get_problem_details",
      { problemId: "P-2511142", environment_alias: "prod" },
      "a problem looked up by its display id instead of its id",
    ),
    step(
      "dt-005",
      "dynatrace_managed_get_problem_details",
      { problemId: "P-2511142", environment_alias: "prod" },
      "the same display id again, unchanged",
    ),
    step(
      "dt-006",
      "dynatrace_managed_list_problems",
      { status: "OPEN", environment_alias: "eu" },
      "problems of the environment whose cluster was unreachable at startup",
    ),
    step(
      "dt-007",
      "dynatrace_managed_query_logs",
      { query: "payment timeout", ...DT_RANGE, environment_alias: "prod" },
      "search logs",
    ),
    step(
      "dt-008",
      "dynatrace_managed_query_logs",
      { query: "zeppelin", ...DT_RANGE, environment_alias: "prod" },
      "search logs for a word none has",
    ),
    step(
      "dt-009",
      "dynatrace_managed_query_metrics_data",
      { metricSelector: "builtin:service.response.time:avg", ...DT_RANGE, environment_alias: "prod" },
      "service response time",
    ),
    step(
      "dt-010",
      "dynatrace_managed_query_metrics_data",
      { metricSelector: "builtin:service.response.time:avgg", ...DT_RANGE, environment_alias: "prod" },
      "a metric selector with a misspelt aggregation",
    ),
    step(
      "dt-011",
      "dynatrace_managed_list_events",
      { ...DT_RANGE, limit: 500, environment_alias: "prod" },
      "a limit above the maximum of 100",
    ),
    step(
      "dt-012",
      "dynatrace_managed_discover_entities",
      { entitySelector: 'type("SERVICE"),entityName.contains("payments")', environment_alias: "prod" },
      "find a service entity",
    ),
    step(
      "dt-013",
      "dynatrace_managed_list_slos",
      { environment_alias: "prod" },
      "list SLOs with a token lacking slo.read",
    ),
    step(
      "dt-014",
      "dynatrace_managed_list_events",
      { ...DT_RANGE, environment_alias: "prod" },
      "list events while the cluster node is being upgraded (503 HTML)",
    ),
    step(
      "dt-015",
      "dynatrace_managed_list_problems",
      { status: "RESOLVED", environment_alias: "prod" },
      "a problem status outside the enum",
    ),
    step(
      "dt-016",
      "dynatrace_managed_acknowledge_problem",
      { problemId: "P-2511142" },
      "a tool the server does not have",
    ),
    step(
      "dt-017",
      "dynatrace_managed_list_problems",
      { status: "OPEN", environment_alias: "prod" },
      "open problems while the cluster is unreachable",
      down(dtStandin),
    ),
    step(
      "dt-018",
      "dynatrace_managed_list_problems",
      { status: "OPEN", environment_alias: "prod" },
      "open problems after the server's own rate limit is spent (13 calls per 10 minutes)",
    ),
  ],
};

// -------------------------------------------------------------- Dynatrace Managed, Streamable HTTP

let dtTokens = `prod=${DT_TOKEN};staging=${DT_STAGING_TOKEN}`;

const dth: SessionSpec = {
  label: "r8-ops-dynatrace-http",
  server: "@dynatrace-oss/dynatrace-managed-mcp-server",
  transport: "http",
  start: httpServer("r8-ops-dynatrace-http", "@dynatrace-oss/dynatrace-managed-mcp-server", {
    from: FROM,
    port: DT_MCP_PORT,
    args: ["--http", "--port", String(DT_MCP_PORT), "--host", "127.0.0.1"],
    env: {
      DT_ENVIRONMENT_CONFIGS: JSON.stringify([
        { apiEndpointUrl: `http://127.0.0.1:${DT_PORT}`, environmentId: "prod", alias: "prod" },
        { apiEndpointUrl: `http://127.0.0.1:${DT_PORT}`, environmentId: "staging", alias: "staging" },
      ]),
      DT_MCP_DISABLE_TELEMETRY: "true",
      LOG_OUTPUT: "stderr-all",
    },
    headers: () => ({ "X-Dynatrace-Tokens": dtTokens }),
  }),
  steps: [
    step(
      "dth-001",
      "dynatrace_managed_get_environments_info",
      {},
      "which environments the supplied tokens reach",
    ),
    step(
      "dth-002",
      "dynatrace_managed_list_problems",
      { status: "OPEN", environment_alias: "prod" },
      "open problems over HTTP",
    ),
    step(
      "dth-003",
      "dynatrace_managed_query_logs",
      { query: "payment timeout", ...DT_RANGE, environment_alias: "staging" },
      "search staging logs with the expired staging token",
    ),
    step(
      "dth-004",
      "dynatrace_managed_get_environments_info",
      {},
      "environment info while every cluster endpoint answers 503 (node upgrade); the server's token check is still cached",
      flag("dtUpgrading"),
    ),
    step(
      "dth-005",
      "dynatrace_managed_list_problems",
      { status: "OPEN", environment_alias: "prod" },
      "open problems after the client switched to a revoked token",
      {
        before: async () => {
          dtTokens = `prod=${DT_REVOKED_TOKEN}`;
        },
      },
    ),
    step(
      "dth-006",
      "dynatrace_managed_list_problems",
      { status: "OPEN", environment_alias: "prod" },
      "the same call with the same revoked token",
    ),
    step(
      "dth-007",
      "dynatrace_managed_list_problems",
      { status: "OPEN", environment_alias: "prod" },
      "open problems after the MCP server process died",
      {
        before: async (live) => {
          dtTokens = `prod=${DT_TOKEN}`;
          live.kill();
          await sleep(300);
        },
      },
    ),
  ],
};

// ------------------------------------------------------------------------------------ Datadog

const NOW = 1763100000;

const dd: SessionSpec = {
  label: "r8-ops-datadog",
  server: "@winor30/mcp-server-datadog",
  transport: "stdio",
  start: stdioServer("r8-ops-datadog", "@winor30/mcp-server-datadog", {
    from: FROM,
    cwd: DATA,
    env: {
      DATADOG_API_KEY: DD_API_KEY,
      DATADOG_APP_KEY: DD_APP_KEY,
      // the client builds https://{subdomain}.{site}: these two make it https://127.0.0.1:<port>
      DATADOG_SUBDOMAIN: "127.0.0",
      DATADOG_SITE: `1:${DD_PORT}`,
      NODE_EXTRA_CA_CERTS: DD_CERT,
    },
  }),
  steps: [
    step("dd-001", "list_incidents", { pageSize: 5 }, "list incidents"),
    step(
      "dd-002",
      "get_incident",
      { incidentId: "b6a2f0e4-5c1d-4e8a-9f37-2d0c8e1a7b55" },
      "get one incident",
    ),
    step("dd-003", "get_incident", { incidentId: "INC-9999" }, "get an incident id that does not exist"),
    step("dd-004", "get_incident", { incidentId: "INC-9999" }, "the same missing incident again, unchanged"),
    step("dd-005", "get_monitors", { groupStates: ["alert"] }, "monitors in alert"),
    step("dd-006", "get_monitors", { name: "zeppelin" }, "monitors by a name none has"),
    step("dd-007", "get_monitors", { groupStates: ["critical"] }, "a monitor state outside the enum"),
    step(
      "dd-008",
      "query_metrics",
      { from: NOW - 3600, to: NOW, query: "avg:trace.http.request.duration{service:payments-api,env:prod}" },
      "query a metric",
    ),
    step(
      "dd-009",
      "query_metrics",
      { from: NOW - 3600, to: NOW, query: "avg:trace.http.request.duration{service:payments-api,env:prod" },
      "a metric query with an unclosed scope",
    ),
    step(
      "dd-010",
      "query_metrics",
      { from: NOW - 500 * 86400, to: NOW, query: "avg:trace.http.request.duration{env:prod} by {service}" },
      "a metric query over 500 days that the backend cannot finish",
    ),
    step(
      "dd-011",
      "get_logs",
      { query: "service:payments-api status:error", from: NOW - 3600, to: NOW, limit: 20 },
      "error logs of a service",
    ),
    step(
      "dd-012",
      "get_logs",
      { query: "index:paymnts service:payments-api", from: NOW - 3600, to: NOW, limit: 20 },
      "logs from a misspelt index",
    ),
    step(
      "dd-013",
      "get_logs",
      { query: "service:payments-api status:critical", from: NOW - 3600, to: NOW, limit: 20 },
      "logs while the logs-search rate limit is spent (429 HTML)",
    ),
    step("dd-014", "get_logs", { query: "service:payments-api" }, "logs without the required time range"),
    step("dd-015", "list_downtimes", { currentOnly: true }, "downtimes in effect now (none)"),
    step(
      "dd-016",
      "schedule_downtime",
      { scope: "env:prod,service:payments-api", start: NOW, end: NOW + 3600, message: "gateway migration" },
      "schedule a downtime without the downtime permission",
    ),
    step("dd-017", "cancel_downtime", { downtimeId: 2281907 }, "cancel a downtime id that does not exist"),
    step(
      "dd-018",
      "list_hosts",
      { filter: "payments" },
      "list hosts while Datadog's load balancer answers 502",
    ),
    step(
      "dd-019",
      "acknowledge_incident",
      { incidentId: "b6a2f0e4-5c1d-4e8a-9f37-2d0c8e1a7b55" },
      "a tool the server does not have",
    ),
    step(
      "dd-020",
      "list_incidents",
      { pageSize: 5 },
      "list incidents after the application key was revoked",
      flag("ddAppKeyRevoked"),
    ),
    step(
      "dd-021",
      "get_monitors",
      { name: "slow" },
      "a monitor search the backend answers in 20 s; the client waits 3 s",
      {
        timeoutMs: 3000,
      },
    ),
    step(
      "dd-022",
      "list_incidents",
      { pageSize: 5 },
      "list incidents while Datadog is unreachable",
      down(ddStandin),
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [ld, rb, dt, dth, dd];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(DATA, { recursive: true });
  await Promise.all([ldStandin.start(), rbStandin.start(), dtStandin.start(), ddStandin.start()]);
  return async () => {
    await Promise.allSettled([ldStandin.stop(), rbStandin.stop(), dtStandin.stop(), ddStandin.stop()]);
  };
}
