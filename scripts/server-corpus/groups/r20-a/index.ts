// Group r20-a: incident management and on-call — Opsgenie alerts (through mcp-opsgenie) and Datadog incidents,
// monitors and downtimes (through datadog-mcp) — each behind a loopback stand-in that answers with the real service's
// bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r20-a && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r20-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  DATADOG_PORT,
  DD_API_KEY,
  DD_APP_KEY,
  OPSGENIE_KEY,
  OPSGENIE_PROXY_PORT,
  clearTimers,
  datadogStandin,
  ensureCertificate,
  opsgenieStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "mcp-opsgenie": "1.0.4",
  "datadog-mcp": "5.8.2",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

// ------------------------------------------------------------------------------------------------ Opsgenie

const CHECKOUT = "70413a06-38d6-4c85-92b8-5ebc900d42e2";
const MISSING = "5d0c1f9e-2b7a-4e63-8f41-0a9d3c6e7b12";

const opsgenie: SessionSpec = {
  label: "r20-a-opsgenie",
  server: "mcp-opsgenie",
  transport: "stdio",
  start: stdioServer("r20-a-opsgenie", "mcp-opsgenie", {
    from: FROM,
    cwd: DATA,
    env: {
      OPSGENIE_API_KEY: OPSGENIE_KEY,
      HTTPS_PROXY: `http://127.0.0.1:${OPSGENIE_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      HOME,
    },
  }),
  steps: [
    step("og-001", "opsgenie_list_alerts", {}, "the newest alerts (one is about HTTP 500 errors)"),
    step(
      "og-002",
      "opsgenie_list_alerts",
      { query: "status:open AND priority:P1", limit: 10 },
      "open P1 alerts (a second list call: opsgenie-sdk sends it without the Authorization header)",
    ),
    step(
      "og-003",
      "opsgenie_list_alerts",
      { query: "status:open AND priority:P1", limit: 10 },
      "the same call again, unchanged",
    ),
    step("og-004", "opsgenie_get_alert", { identifier: CHECKOUT }, "one alert by id"),
    step(
      "og-005",
      "opsgenie_get_alert",
      { identifier: "1788", identifierType: "tiny" },
      "one alert by tiny id",
    ),
    step("og-006", "opsgenie_get_alert", { identifier: MISSING }, "an alert id that does not exist"),
    step("og-007", "opsgenie_get_alert", { identifier: MISSING }, "the same missing alert again, unchanged"),
    step(
      "og-008",
      "opsgenie_create_alert",
      {
        message: "Disk usage above 90% on build-runner-4",
        alias: "build-runner-4-disk",
        priority: "P3",
        tags: ["ci", "disk"],
        teams: [{ name: "Platform" }],
      },
      "create an alert (Opsgenie answers 202 and processes it later)",
    ),
    step(
      "og-009",
      "opsgenie_create_alert",
      { message: "", priority: "P2" },
      "create an alert with an empty message",
    ),
    step(
      "og-010",
      "opsgenie_create_alert",
      { message: "Certificate for api.northwind.example expires in 7 days", priority: "P4" },
      "create an alert with a user API key (not an API integration's key)",
      flag("ogUserKey"),
    ),
    step(
      "og-011",
      "opsgenie_get_alert",
      { identifier: "1774", identifierType: "tiny" },
      "an alert while the API answers 429 (opsgenie-sdk retries 5 times, 5 s apart)",
      flag("ogRateLimited", { timeoutMs: 30_000 }),
    ),
    step(
      "og-012",
      "opsgenie_get_alert",
      { identifier: "1774", identifierType: "tiny" },
      "an alert while the API answers 500 (opsgenie-sdk retries 5 times, 5 s apart)",
      flag("ogServerError", { timeoutMs: 30_000 }),
    ),
    step(
      "og-013",
      "opsgenie_get_alert",
      { identifier: "nightly-backup-slow", identifierType: "alias" },
      "an alert the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "og-014",
      "opsgenie_get_alert",
      { identifier: CHECKOUT },
      "an alert while Opsgenie cannot be reached (opsgenie-sdk retries 5 times, 5 s apart)",
      down(opsgenieStandin, { timeoutMs: 30_000 }),
    ),
    step("og-015", "opsgenie_delete_alert", { identifier: CHECKOUT }, "a tool the server does not have"),
    step(
      "og-016",
      "opsgenie_get_alert",
      { identifierType: "tiny" },
      "get an alert without its required identifier",
    ),
    step(
      "og-017",
      "opsgenie_acknowledge_alert",
      {
        identifier: CHECKOUT,
        note: "Looking at the checkout pods",
        user: "ravi.okafor@northwind-ops.example",
      },
      "acknowledge an alert (the server calls opsgenie-sdk's acknowledge with too few arguments)",
    ),
    step("og-018", "opsgenie_get_alert", { identifier: CHECKOUT }, "one alert, after the previous call"),
  ],
};

const opsgenieWaf: SessionSpec = {
  label: "r20-a-opsgenie-waf",
  server: "mcp-opsgenie",
  transport: "stdio",
  start: stdioServer("r20-a-opsgenie-waf", "mcp-opsgenie", {
    from: FROM,
    cwd: DATA,
    env: {
      OPSGENIE_API_KEY: OPSGENIE_KEY,
      HTTPS_PROXY: `http://127.0.0.1:${OPSGENIE_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      HOME,
    },
  }),
  steps: [
    step(
      "og-019",
      "opsgenie_get_alert",
      { identifier: "checkout-api-5xx", identifierType: "alias" },
      "one alert by alias",
    ),
    step(
      "og-020",
      "opsgenie_get_alert",
      { identifier: "pg-replica-lag", identifierType: "alias" },
      "an alert while a web application firewall answers an HTML 403 page",
      flag("ogWaf"),
    ),
    step(
      "og-021",
      "opsgenie_get_alert",
      { identifier: "pg-replica-lag", identifierType: "alias" },
      "the same alert again, after the previous call",
    ),
  ],
};

// ------------------------------------------------------------------------------------------------- Datadog

const datadog: SessionSpec = {
  label: "r20-a-datadog",
  server: "datadog-mcp",
  transport: "stdio",
  start: stdioServer("r20-a-datadog", "datadog-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      DD_API_KEY,
      DD_APP_KEY,
      DD_SITE: "datadoghq.com",
      DD_STANDIN_PORT: String(DATADOG_PORT),
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import=${path.join(FROM, "https-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step("dd-001", "auth", { action: "validate" }, "check the API and application keys"),
    step("dd-002", "monitors", { action: "list" }, "all monitors (one is about 5xx errors)"),
    step("dd-003", "monitors", { action: "get", id: "48213907" }, "one monitor"),
    step("dd-004", "monitors", { action: "get", id: "48299999" }, "a monitor id that does not exist"),
    step(
      "dd-005",
      "monitors",
      { action: "get", id: "48299999" },
      "the same missing monitor again, unchanged",
    ),
    step(
      "dd-006",
      "monitors",
      { action: "get", id: "checkout-5xx" },
      "a monitor id that is a name, not a number",
    ),
    step("dd-007", "monitors", { action: "search", query: "status:alert" }, "monitors in alert"),
    step(
      "dd-008",
      "monitors",
      { action: "search", query: 'tag:"team:search"' },
      "monitors of a team that has none",
    ),
    step(
      "dd-009",
      "monitors",
      { action: "search", query: "service:(checkout-api" },
      "a monitor search with an unbalanced parenthesis",
    ),
    step("dd-010", "incidents", { action: "list" }, "incidents (the open one is about 502 errors)"),
    step(
      "dd-011",
      "incidents",
      { action: "get", id: "00000000-0000-0000-1234-000000000000" },
      "one incident",
    ),
    step(
      "dd-012",
      "incidents",
      { action: "search", query: "state:resolved AND severity:SEV-1" },
      "resolved SEV-1 incidents (none)",
    ),
    step(
      "dd-013",
      "incidents",
      { action: "create", config: { customerImpacted: false } },
      "declare an incident without a title",
    ),
    step(
      "dd-014",
      "incidents",
      {
        action: "create",
        config: { title: "Search latency above 2 s in eu-west-1", customerImpacted: false },
      },
      "declare an incident",
    ),
    step(
      "dd-015",
      "incidents",
      { action: "get", id: "00000000-0000-0000-9999-000000000000" },
      "an incident the API answers with data null",
      flag("ddIncidentNull"),
    ),
    step("dd-016", "downtimes", { action: "list" }, "scheduled downtimes (there are none)"),
    step(
      "dd-017",
      "monitors",
      { action: "mute", id: "48213955", message: "Replica rebuild in progress" },
      "mute a monitor with an application key lacking monitors_downtime",
      flag("ddForbidden"),
    ),
    step(
      "dd-018",
      "auth",
      { action: "validate" },
      "check the keys after the application key was revoked (the API key is still valid)",
      flag("ddAppKeyRevoked"),
    ),
    step(
      "dd-019",
      "incidents",
      { action: "list" },
      "incidents while the API answers 401",
      flag("ddUnauthorized"),
    ),
    step(
      "dd-020",
      "monitors",
      { action: "list" },
      "monitors while the API answers 429 (X-RateLimit-Reset: 7)",
      flag("ddRateLimited"),
    ),
    step(
      "dd-021",
      "monitors",
      { action: "get", id: "48213955" },
      "a monitor while the API answers 500",
      flag("ddServerError"),
    ),
    step(
      "dd-022",
      "incidents",
      { action: "list" },
      "incidents while a gateway answers an HTML 502",
      flag("ddBadGateway"),
    ),
    step(
      "dd-023",
      "monitors",
      { action: "search", query: "tag:slow" },
      "a monitor search the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "dd-024",
      "monitors",
      { action: "list" },
      "monitors while Datadog cannot be reached",
      down(datadogStandin),
    ),
    step("dd-025", "monitors", { action: "list_all" }, "an action the tool does not have"),
    step("dd-026", "oncall", { action: "list" }, "a tool the server does not have"),
  ],
};

export const SESSIONS: SessionSpec[] = [opsgenie, opsgenieWaf, datadog];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
