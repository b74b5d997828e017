// Group r22-c: logging, APM and test analytics — Google Cloud Observability (Google's own
// @google-cloud/observability-mcp: Cloud Logging, Monitoring, Trace, Error Reporting), Check Point's management logs
// (Check Point's own @chkp/management-logs-mcp) and Currents' test analytics (Currents' own @currents/mcp): each
// published MCP server behind a loopback stand-in that answers with the real service's bodies and error bodies
// (standins.ts).
//
//   (cd scripts/server-corpus/groups/r22-c && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r22-c

import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  CHKP_PORT,
  CP_API_KEY,
  CP_API_KEY_REVOKED,
  CP_OBJECT,
  CP_OBJECT_MISSING,
  CP_QUERY_SLOW_FILTER,
  CUR_INSTANCE,
  CUR_KEY,
  CUR_PROJECT,
  CUR_PROJECT_FOREIGN,
  CUR_RUN,
  CUR_RUN_MISSING,
  CUR_RUN_SLOW,
  CUR_SIGNATURE,
  CURRENTS_PORT,
  DATA,
  GCP_PROJECT,
  GCP_PROJECT_FOREIGN,
  GCP_PROJECT_NO_MONITORING,
  GCP_PROXY_PORT,
  GCP_SA_EMAIL,
  GCP_SA_EMAIL_DELETED_KEY,
  GCP_SLOW_FILTER,
  GCP_TRACE,
  GCP_TRACE_MISSING,
  chkpStandin,
  clearTimers,
  currentsStandin,
  ensureCertificate,
  gcpStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@google-cloud/observability-mcp": "0.2.3",
  "@chkp/management-logs-mcp": "1.4.10",
  "@currents/mcp": "2.1.1",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");
const SA_KEY = path.join(DATA, "gcp-sa-observability-agent.json");
const SA_KEY_DELETED = path.join(DATA, "gcp-sa-ci-log-reader.json");

// ----------------------------------------------------------------------------- Google Cloud Observability

const gcpEnv = (credentials: string) => ({
  GOOGLE_APPLICATION_CREDENTIALS: credentials,
  HTTPS_PROXY: `http://127.0.0.1:${GCP_PROXY_PORT}`,
  NODE_EXTRA_CA_CERTS: CERT,
  HOME,
});

const project = `projects/${GCP_PROJECT}`;

const gcp: SessionSpec = {
  label: "r22-c-gcp",
  server: "@google-cloud/observability-mcp",
  transport: "stdio",
  start: stdioServer("r22-c-gcp", "@google-cloud/observability-mcp", {
    from: FROM,
    cwd: DATA,
    env: gcpEnv(SA_KEY),
  }),
  steps: [
    step(
      "gco-001",
      "list_log_entries",
      {
        resourceNames: [project],
        filter: 'severity>=ERROR AND timestamp>="2026-12-06T09:30:00Z"',
        orderBy: "timestamp desc",
        pageSize: 3,
      },
      "the newest error-level log entries (their payloads are application errors)",
    ),
    step(
      "gco-002",
      "list_log_entries",
      {
        resourceNames: [project],
        filter: 'resource.type="cloud_run_revision" AND textPayload:"payment-gateway timeout"',
        orderBy: "timestamp desc",
      },
      "log entries for a message that was never logged",
    ),
    step("gco-003", "list_log_names", { parent: project }, "the project's log names"),
    step(
      "gco-004",
      "list_buckets",
      { parent: `${project}/locations/-` },
      "the project's log buckets in every location",
    ),
    step("gco-005", "list_sinks", { parent: project }, "the project's log sinks"),
    step(
      "gco-006",
      "list_metric_descriptors",
      { name: project, filter: 'metric.type = starts_with("run.googleapis.com/request_lat")' },
      "Cloud Run latency metric descriptors",
    ),
    step(
      "gco-007",
      "list_time_series",
      {
        name: project,
        filter:
          'metric.type = "compute.googleapis.com/instance/cpu/utilization" AND metric.labels.instance_name = "orders-worker-3"',
        interval: { startTime: "2026-12-06T09:30:00Z", endTime: "2026-12-06T09:50:00Z" },
        aggregation: { alignmentPeriod: "300", perSeriesAligner: "ALIGN_MEAN" },
      },
      "CPU utilization of one instance over twenty minutes",
    ),
    step("gco-008", "list_alerts", { parent: project, filter: 'state="OPEN"' }, "open alerts"),
    step(
      "gco-009",
      "list_traces",
      { projectId: GCP_PROJECT, filter: "latency:2s root:POST", orderBy: "duration desc", pageSize: 10 },
      "slow POST traces",
    ),
    step("gco-010", "get_trace", { projectId: GCP_PROJECT, traceId: GCP_TRACE }, "one trace with its spans"),
    step(
      "gco-011",
      "get_trace",
      { projectId: GCP_PROJECT, traceId: GCP_TRACE_MISSING },
      "a trace id that does not exist (404 NOT_FOUND)",
    ),
    step(
      "gco-012",
      "get_trace",
      { projectId: GCP_PROJECT, traceId: GCP_TRACE_MISSING },
      "the same missing trace again, unchanged",
    ),
    step(
      "gco-013",
      "list_group_stats",
      { projectName: project, timeRangePeriod: "PERIOD_6_HOURS" },
      "recurring stack traces of the last six hours",
    ),
    step(
      "gco-014",
      "list_log_entries",
      { resourceNames: [project], filter: 'severity>=ERROR AND labels."k8s-pod/app"=' },
      "a log filter with a dangling operator (400 INVALID_ARGUMENT)",
    ),
    step(
      "gco-015",
      "list_log_entries",
      {
        resourceNames: [`projects/${GCP_PROJECT_FOREIGN}`],
        filter: "severity>=WARNING",
        orderBy: "timestamp desc",
      },
      "logs of a project the service account has no role in (403 PERMISSION_DENIED)",
    ),
    step(
      "gco-016",
      "list_time_series",
      {
        name: `projects/${GCP_PROJECT_NO_MONITORING}`,
        filter: 'metric.type = "compute.googleapis.com/instance/cpu/utilization"',
        interval: { startTime: "2026-12-06T09:00:00Z", endTime: "2026-12-06T10:00:00Z" },
      },
      "metrics of a project whose Monitoring API is disabled (403 SERVICE_DISABLED)",
    ),
    step(
      "gco-017",
      "list_log_entries",
      {
        resourceNames: [project],
        filter: 'resource.type="cloud_run_revision" AND severity>=WARNING',
        orderBy: "timestamp desc",
      },
      "logs while the project's read quota is spent (429 RESOURCE_EXHAUSTED)",
      flag("gcpRateLimited"),
    ),
    step(
      "gco-018",
      "list_alert_policies",
      { name: project },
      "alert policies while Monitoring answers 500 INTERNAL (the client retries a GET)",
      flag("gcpServerError"),
    ),
    step(
      "gco-019",
      "list_traces",
      { projectId: GCP_PROJECT, filter: "root:POST", pageSize: 5 },
      "traces while Cloud Trace answers 503 UNAVAILABLE (the client retries a GET)",
      flag("gcpUnavailable"),
    ),
    step(
      "gco-020",
      "list_group_stats",
      { projectName: project, timeRangePeriod: "PERIOD_1_DAY" },
      "error groups while Google's front end answers an HTML 502 (the client retries a GET)",
      flag("gcpBadGateway"),
    ),
    step(
      "gco-021",
      "list_log_entries",
      { resourceNames: [project], filter: GCP_SLOW_FILTER, orderBy: "timestamp desc" },
      "a log query the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "gco-022",
      "list_log_entries",
      { resourceNames: [project], filter: "severity>=ERROR", pageSize: "fifty" },
      "the page size given as a word",
    ),
    step(
      "gco-023",
      "write_log_entry",
      { logName: `${project}/logs/agent-notes`, textPayload: "investigated checkout 502s" },
      "a tool the server does not have",
    ),
    step(
      "gco-024",
      "list_sinks",
      { parent: project },
      "sinks while Google's APIs cannot be reached (proxy stopped)",
      down(gcpStandin),
    ),
  ],
};

// The same server with a service-account key that was deleted in IAM: the token endpoint refuses its JWT.
const gcpDeletedKey: SessionSpec = {
  label: "r22-c-gcp-key",
  server: "@google-cloud/observability-mcp",
  transport: "stdio",
  start: stdioServer("r22-c-gcp-key", "@google-cloud/observability-mcp", {
    from: FROM,
    cwd: DATA,
    env: gcpEnv(SA_KEY_DELETED),
  }),
  steps: [
    step(
      "gco-025",
      "list_log_entries",
      { resourceNames: [project], filter: "severity>=ERROR", orderBy: "timestamp desc", pageSize: 20 },
      "logs with a service-account key that was deleted (token endpoint: invalid_grant, Invalid JWT Signature)",
    ),
    step(
      "gco-026",
      "list_log_entries",
      { resourceNames: [project], filter: "severity>=ERROR", orderBy: "timestamp desc", pageSize: 20 },
      "the same call again, unchanged",
    ),
  ],
};

// ------------------------------------------------------------------------------------------ Check Point

const cpEnv = (apiKey: string) => ({
  MANAGEMENT_HOST: "127.0.0.1",
  MANAGEMENT_PORT: String(CHKP_PORT),
  API_KEY: apiKey,
  TELEMETRY_DISABLED: "true",
  HOME,
});

const chkp: SessionSpec = {
  label: "r22-c-chkp",
  server: "@chkp/management-logs-mcp",
  transport: "stdio",
  start: stdioServer("r22-c-chkp", "@chkp/management-logs-mcp", {
    from: FROM,
    cwd: DATA,
    env: cpEnv(CP_API_KEY),
  }),
  steps: [
    step("cpl-001", "management-logs__init", {}, "log in and check the management server"),
    step(
      "cpl-002",
      "build_logs_query_filter",
      {
        conditions: [
          { field: "blade", value: "Firewall" },
          { field: "action", value: "Drop" },
          { field: "service", value: "3389" },
        ],
      },
      "build a filter for dropped RDP connections",
    ),
    step(
      "cpl-003",
      "run_logs_query",
      {
        filter: "blade:Firewall AND action:Drop AND service:3389",
        "time-frame": "last-hour",
        "max-logs-per-request": 2,
      },
      "dropped RDP connections in the last hour",
    ),
    step(
      "cpl-004",
      "get_next_query_page",
      { "query-id": "aa_be383957-9167-4ca3-b101-a25bc0fbec1c" },
      "the next page of that query",
    ),
    step(
      "cpl-005",
      "run_logs_query",
      { filter: "action:Drop", "time-frame": "last-24-hours", top: { count: 3, field: "sources" } },
      "the top three sources of drops in the last day",
    ),
    step(
      "cpl-006",
      "run_logs_query",
      { filter: "action:Accept AND service:telnet", "time-frame": "last-7-days" },
      "accepted telnet connections this week, of which there are none",
    ),
    step(
      "cpl-007",
      "management-logs__show_objects",
      { type: "host", filter: "10.20.4", limit: 10 },
      "host objects in 10.20.4.x",
    ),
    step("cpl-008", "management-logs__show_object", { uid: CP_OBJECT }, "one host object by uid"),
    step(
      "cpl-009",
      "management-logs__show_object",
      { uid: CP_OBJECT_MISSING },
      "an object uid that does not exist (404 generic_err_object_not_found)",
    ),
    step(
      "cpl-010",
      "management-logs__show_object",
      { uid: CP_OBJECT_MISSING },
      "the same missing object again, unchanged",
    ),
    step(
      "cpl-011",
      "get_next_query_page",
      { "query-id": "aa_7f00dead-0000-4bad-8000-c0ffee000001" },
      "a query id the log server no longer has",
    ),
    step(
      "cpl-012",
      "management-logs__show_gateways_and_servers",
      {},
      "gateways and servers while the session has expired (401 wrong session id; the server logs in again)",
      flag("cpSessionExpired"),
    ),
    step("cpl-013", "run_logs_query", { type: "audit", "time-frame": "today" }, "today's audit logs"),
    step(
      "cpl-014",
      "run_logs_query",
      { type: "audit", "time-frame": "last-30-days" },
      "a month of audit logs, which the administrator profile may not see (403)",
    ),
    step(
      "cpl-015",
      "check_user_changes",
      { user: "jsmith", from_date: "2026-11-27T00:00:00Z", to_date: "2026-11-30T23:59:59Z" },
      "changes a named administrator published in a date range",
    ),
    step(
      "cpl-016",
      "build_logs_query_filter",
      { conditions: [] },
      "a filter with no conditions (the server's own check)",
    ),
    step(
      "cpl-017",
      "run_logs_query",
      { filter: "blade:IPS", "time-frame": "last-hour" },
      "IPS logs while the API refuses more requests (429 err_too_many_requests)",
      flag("cpRateLimited"),
    ),
    step(
      "cpl-018",
      "management-logs__show_objects",
      { type: "network", limit: 20 },
      "network objects while the management server fails the command (500 generic_internal_error)",
      flag("cpServerError"),
    ),
    step(
      "cpl-019",
      "run_logs_query",
      { filter: CP_QUERY_SLOW_FILTER, "time-frame": "last-30-days" },
      "a month of DNS logs the log server takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "cpl-020",
      "run_logs_query",
      { filter: "blade:Firewall", "time-frame": "last-2-hours" },
      "a time frame the tool does not offer",
    ),
    step(
      "cpl-021",
      "management-logs__show_access_rulebase",
      { name: "Network", package: "Standard" },
      "a tool the server does not have (it belongs to Check Point's management server)",
    ),
    step(
      "cpl-022",
      "run_logs_query",
      { filter: "blade:Firewall AND action:Drop", "time-frame": "today" },
      "drops while the management server cannot be reached (stand-in stopped)",
      down(chkpStandin),
    ),
  ],
};

// The same server with an API key an administrator revoked.
const chkpRevoked: SessionSpec = {
  label: "r22-c-chkp-key",
  server: "@chkp/management-logs-mcp",
  transport: "stdio",
  start: stdioServer("r22-c-chkp-key", "@chkp/management-logs-mcp", {
    from: FROM,
    cwd: DATA,
    env: cpEnv(CP_API_KEY_REVOKED),
  }),
  steps: [
    step(
      "cpl-023",
      "run_logs_query",
      { filter: "blade:Firewall AND action:Drop", "time-frame": "last-hour" },
      "drops with a revoked API key (login: 400 err_login_failed)",
    ),
    step("cpl-024", "management-logs__init", {}, "the init tool with the same revoked key"),
  ],
};

// ------------------------------------------------------------------------------------------- Currents

const currents: SessionSpec = {
  label: "r22-c-currents",
  server: "@currents/mcp",
  transport: "stdio",
  start: stdioServer("r22-c-currents", "@currents/mcp", {
    from: FROM,
    cwd: DATA,
    env: { CURRENTS_API_KEY: CUR_KEY, CURRENTS_API_URL: `http://127.0.0.1:${CURRENTS_PORT}/v1`, HOME },
  }),
  steps: [
    step("cur-001", "currents-get-projects", {}, "the organization's projects (two pages)"),
    step("cur-002", "currents-get-runs", { projectId: CUR_PROJECT, limit: 2 }, "the project's latest runs"),
    step("cur-003", "currents-get-run-details", { runId: CUR_RUN }, "one run's details"),
    step(
      "cur-004",
      "currents-get-run-details",
      { runId: CUR_RUN_MISSING },
      "a run id that does not exist (404 Run not found)",
    ),
    step(
      "cur-005",
      "currents-get-run-details",
      { runId: CUR_RUN_MISSING },
      "the same missing run again, unchanged",
    ),
    step(
      "cur-006",
      "currents-get-spec-instance",
      { instanceId: CUR_INSTANCE },
      "one spec execution with its failed test",
    ),
    step(
      "cur-007",
      "currents-get-spec-files-performance",
      { projectId: CUR_PROJECT, order: "failureRate", orderDirection: "desc", limit: 10 },
      "the spec files that fail most often",
    ),
    step(
      "cur-008",
      "currents-get-tests-performance",
      { projectId: CUR_PROJECT, order: "flakiness", limit: 10 },
      "the flakiest tests",
    ),
    step(
      "cur-009",
      "currents-get-tests-signatures",
      {
        projectId: CUR_PROJECT,
        spec: "tests/checkout/pay-with-card.spec.ts",
        title: "3-D Secure challenge succeeds",
      },
      "a test's signature by spec and title",
    ),
    step(
      "cur-010",
      "currents-get-test-results",
      { signature: CUR_SIGNATURE, status: "failed", limit: 5 },
      "that test's failed results (their errors are test failures)",
    ),
    step(
      "cur-011",
      "currents-get-tests-performance",
      { projectId: CUR_PROJECT, order: "failures", testNameFilter: "gift card balance" },
      "tests matching a title no test has",
    ),
    step(
      "cur-012",
      "currents-get-runs",
      { projectId: CUR_PROJECT_FOREIGN },
      "runs of a project the key's organization does not own (404 Project not found)",
    ),
    step(
      "cur-013",
      "currents-get-spec-files-performance",
      { projectId: CUR_PROJECT, from: "last week", order: "flakeRate" },
      "spec performance with a date the API refuses (400)",
    ),
    step(
      "cur-014",
      "currents-get-runs",
      { projectId: CUR_PROJECT, limit: 5 },
      "runs after the API key was revoked (401)",
      flag("curBadKey"),
    ),
    step(
      "cur-015",
      "currents-get-tests-performance",
      { projectId: CUR_PROJECT, order: "duration", limit: 5 },
      "slowest tests while the API answers 500",
      flag("curServerError"),
    ),
    step(
      "cur-016",
      "currents-get-run-details",
      { runId: CUR_RUN },
      "a run while the load balancer answers an HTML 502",
      flag("curBadGateway"),
    ),
    step(
      "cur-017",
      "currents-get-run-details",
      { runId: CUR_RUN_SLOW },
      "a run the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "cur-018",
      "currents-get-runs",
      { projectId: CUR_PROJECT, limit: 200 },
      "a page size above the tool's maximum of 50",
    ),
    step(
      "cur-019",
      "currents-get-errors-explorer",
      { projectId: CUR_PROJECT, date_start: "2026-11-06", date_end: "2026-12-06" },
      "a tool this version of the server does not have",
    ),
    step(
      "cur-020",
      "currents-get-projects",
      {},
      "projects while Currents cannot be reached (stand-in stopped)",
      down(currentsStandin),
    ),
    step(
      "cur-021",
      "currents-get-run-details",
      { runId: CUR_RUN_SLOW },
      "a slow run lookup; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [gcp, gcpDeletedKey, chkp, chkpRevoked, currents];

function serviceAccountKey(file: string, email: string, keyId: string) {
  if (fs.existsSync(file)) return;
  const { privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        type: "service_account",
        project_id: GCP_PROJECT,
        private_key_id: keyId,
        private_key: privateKey,
        client_email: email,
        client_id: "104882391047712938811",
        auth_uri: "https://accounts.google.com/o/oauth2/auth",
        token_uri: "https://oauth2.googleapis.com/token",
        auth_provider_x509_cert_url: "https://www.googleapis.com/oauth2/v1/certs",
        client_x509_cert_url: `https://www.googleapis.com/robot/v1/metadata/x509/${encodeURIComponent(email)}`,
        universe_domain: "googleapis.com",
      },
      null,
      2,
    ),
    { mode: 0o600 },
  );
}

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  serviceAccountKey(SA_KEY, GCP_SA_EMAIL, "3f9a1c7e52b04d86a1e0c2b4d6f8a0c1e3b5d7f9");
  serviceAccountKey(SA_KEY_DELETED, GCP_SA_EMAIL_DELETED_KEY, "8c2e4a6b0d1f3a5c7e9b1d3f5a7c9e0b2d4f6a8c");
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
