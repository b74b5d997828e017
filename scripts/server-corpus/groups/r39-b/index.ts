// Group r39-b: incident response and alerting — Datadog's incidents, monitors, events, logs, metrics and dashboards
// through datadog-mcp-server (GeLi2001), the on-call engineer's read side of an incident: which incidents are open,
// which monitors are alerting, what happened around them, what the logs say. The kind asked for (PagerDuty,
// incident.io, Better Stack, Rootly, FireHydrant, Statuspage, Instatus, UptimeRobot, Checkly) had no installable
// Node server on this machine's registry; README.md says which were tried. The published server is behind a loopback
// stand-in of api.datadoghq.com (standins.ts).
//
//   (cd scripts/server-corpus/groups/r39-b && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r39-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  API_KEY,
  APP_KEY,
  CERT,
  DATA,
  DATADOG_PORT,
  MONITOR_CHECKOUT,
  MONITOR_MISSING,
  clearTimers,
  datadog,
  ensureCertificate,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "datadog-mcp-server": "1.0.9",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

// 2026-12-07 11:00–13:20 UTC, the window of incident 214.
const WINDOW = { start: 1765105200, end: 1765113600 };

// ── datadog-mcp-server (stdio) ───────────────────────────────────────────────────────────────────────────────────────

const dd: SessionSpec = {
  label: "r39-b-datadog",
  server: "datadog-mcp-server",
  transport: "stdio",
  start: stdioServer("r39-b-datadog", "datadog-mcp-server", {
    from: FROM,
    cwd: DATA,
    // The API client's node-fetch and Node's own fetch are both sent to the stand-in by the preload.
    env: {
      HOME,
      DD_API_KEY: API_KEY,
      DD_APP_KEY: APP_KEY,
      DD_SITE: "datadoghq.com",
      // The logs tools call https://<DD_LOGS_SITE>/api/v2/logs/… with fetch; the API's host is api.datadoghq.com.
      DD_LOGS_SITE: "api.datadoghq.com",
      DATADOG_STANDIN_PORT: String(DATADOG_PORT),
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "loopback-preload.mjs")}`,
    },
  }),
  steps: [
    step(
      "dd-001",
      "get-incidents",
      {},
      "the three most recent incidents: SEV-1 active, SEV-3 stable, SEV-4 resolved",
    ),
    step(
      "dd-002",
      "get-monitors",
      { groupStates: ["alert"] },
      "monitors in Alert: the checkout 5xx monitor and the card authorisation latency monitor",
    ),
    step("dd-003", "get-monitor", { monitorId: MONITOR_CHECKOUT }, "one monitor by its id"),
    step(
      "dd-004",
      "get-monitor",
      { monitorId: MONITOR_MISSING },
      "a monitor id that does not exist: 404 Monitor not found",
    ),
    step("dd-005", "get-monitor", { monitorId: MONITOR_MISSING }, "the same call again, unchanged"),
    step(
      "dd-006",
      "get-monitors",
      { monitorTags: "team:billing" },
      "monitors tagged for a team that has none: []",
    ),
    step("dd-007", "get-events", WINDOW, "events of the incident's window: the monitor alert and a deploy"),
    step(
      "dd-008",
      "get-events",
      { start: WINDOW.end, end: WINDOW.start },
      "start and end swapped: 400 from the events API",
    ),
    step(
      "dd-009",
      "search-logs",
      { filter: { query: "service:checkout-api status:error", from: "now-15m", to: "now" }, limit: 10 },
      "error logs of checkout-api (logs that talk about 502s and 503s)",
    ),
    step(
      "dd-010",
      "search-logs",
      { filter: { query: "service:ledger status:error", from: "now-15m", to: "now" } },
      "error logs of a service that logged none: data []",
    ),
    step(
      "dd-011",
      "aggregate-logs",
      {
        filter: { query: "status:error", from: "now-1h", to: "now" },
        compute: [{ aggregation: "count", type: "total" }],
        groupBy: [{ facet: "service", limit: 5 }],
      },
      "error log counts by service",
    ),
    step(
      "dd-012",
      "aggregate-logs",
      {
        filter: { query: "service:checkout-api", from: "now-1h", to: "now" },
        compute: [{ aggregation: "p99", metric: "@duration", type: "total" }],
      },
      "an aggregation name the API does not know (p99 for pc99): 400",
    ),
    step(
      "dd-013",
      "get-metric-metadata",
      { metricName: "trace.http.request.errors" },
      "one metric's metadata",
    ),
    step(
      "dd-014",
      "get-metric-metadata",
      { metricName: "trace.http.request.eror" },
      "a misspelt metric name: 404 Metric not found",
    ),
    step("dd-015", "get-dashboards", {}, "the account's two dashboards"),
    step(
      "dd-016",
      "get-monitor",
      { monitorId: String(MONITOR_CHECKOUT) },
      "the monitor id as a string where a number is expected",
    ),
    step(
      "dd-017",
      "get-incidents",
      {},
      "the incidents API answers 403 Forbidden (the application key lost incident_read)",
      flag("incidentsForbidden"),
    ),
    step(
      "dd-018",
      "search-logs",
      { filter: { query: "service:checkout-api status:error", from: "now-15m", to: "now" } },
      "the logs API answers 403 Forbidden",
      flag("logsForbidden"),
    ),
    step(
      "dd-019",
      "get-incidents",
      { pageSize: 5 },
      "the incidents API answers 500 Internal Server Error",
      flag("incidentsServerError"),
    ),
    step(
      "dd-020",
      "get-metrics",
      { q: "trace.http" },
      "the metrics search answers 429 Too many requests with X-RateLimit headers",
      flag("metricsRateLimited"),
    ),
    step(
      "dd-021",
      "search-logs",
      { filter: { query: "service:payments-gateway status:error", from: "now-15m", to: "now" } },
      "the logs API answers 429 Too many requests with X-RateLimit headers",
      flag("logsRateLimited"),
    ),
    step(
      "dd-022",
      "get-dashboards",
      {},
      "the dashboards API answers 502 with a proxy's HTML page",
      flag("dashboardsBadGateway"),
    ),
    step(
      "dd-023",
      "get-monitors",
      { groupStates: ["alert", "warn"] },
      "an answer 15 s late; the client waits 4 s",
      flag("monitorsSlow", { timeoutMs: 4000 }),
    ),
    step(
      "dd-024",
      "get-incidents",
      {},
      "a call while api.datadoghq.com is unreachable (the stand-in refuses connections)",
      down(datadog),
    ),
    step(
      "dd-025",
      "create-incident",
      { title: "Checkout 5xx", severity: "SEV-1" },
      "a tool this server does not have (it is read-only)",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [dd];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
