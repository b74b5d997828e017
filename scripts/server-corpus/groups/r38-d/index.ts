// Group r38-d: background jobs as a service — Trigger.dev's official CLI (`trigger.dev`), whose `mcp` command is its
// MCP server over stdio, a kind the fixture README's server table lacks. The published package is run unpatched
// behind a loopback stand-in of the Trigger.dev API (standins.ts), reached through the CLI's own `TRIGGER_API_URL`.
//
//   (cd scripts/server-corpus/groups/r38-d && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r38-d

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  API_PORT,
  DATA,
  OTHER_ORG_PROJECT,
  PAT,
  PROJECT,
  UNKNOWN_PROJECT,
  api,
  clearTimers,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "trigger.dev": "4.8.3",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const API_URL = `http://127.0.0.1:${API_PORT}`;

// The client's retries: the API client in @trigger.dev/core retries 5xx, 429 and connection errors up to five
// attempts with a backoff of several seconds, so those steps get a client timeout long enough to see the answer.
const PATIENT = { timeoutMs: 40_000 };

const prod = { projectRef: PROJECT, environment: "prod" };

const trigger: SessionSpec = {
  label: "r38-d-trigger",
  server: "trigger.dev",
  transport: "stdio",
  start: stdioServer("r38-d-trigger", "trigger.dev", {
    from: FROM,
    cwd: DATA,
    bin: "trigger",
    args: ["mcp", "--api-url", API_URL, "--skip-telemetry"],
    env: {
      HOME,
      XDG_CONFIG_HOME: path.join(HOME, ".config"),
      TRIGGER_API_URL: API_URL,
      TRIGGER_ACCESS_TOKEN: PAT,
      TRIGGER_TELEMETRY_DISABLED: "1",
    },
  }),
  steps: [
    step("trg-001", "whoami", {}, "the token's user, from GET /api/v2/whoami"),
    step("trg-002", "list_projects", {}, "the user's projects, grouped by organization"),
    step("trg-003", "get_current_worker", prod, "the prod environment's current worker and its three tasks"),
    step(
      "trg-004",
      "get_task_schema",
      { ...prod, taskSlug: "send-welcome-email" },
      "the payload schema of one task",
    ),
    step(
      "trg-005",
      "trigger_task",
      { ...prod, taskId: "send-welcome-email", payload: { userId: "usr_4821", locale: "de" } },
      "a task triggered: a run id comes back",
    ),
    step("trg-006", "list_runs", { ...prod, limit: 10 }, "the environment's three latest runs"),
    step(
      "trg-007",
      "list_runs",
      { ...prod, status: "CRASHED", tag: "user:usr_4821" },
      "a filter nothing matches: data []",
    ),
    step(
      "trg-008",
      "get_task_schema",
      { ...prod, taskSlug: "send-welcome-mail" },
      "a task slug the worker does not have (the server's own check)",
    ),
    step(
      "trg-009",
      "trigger_task",
      { ...prod, taskId: "send-welcome-mail", payload: { userId: "usr_4821" } },
      "triggering a task that does not exist: 404",
    ),
    step(
      "trg-010",
      "trigger_task",
      { ...prod, taskId: "send-welcome-mail", payload: { userId: "usr_4821" } },
      "the same call again, unchanged",
    ),
    step(
      "trg-011",
      "cancel_run",
      { ...prod, runId: "run_cmaq0000000000000000000" },
      "cancelling a run that does not exist: 404",
    ),
    step(
      "trg-012",
      "list_runs",
      { projectRef: UNKNOWN_PROJECT, environment: "prod" },
      "a project ref that does not exist: the JWT exchange answers 404",
    ),
    step(
      "trg-013",
      "get_current_worker",
      { projectRef: PROJECT, environment: "staging" },
      "an environment with nothing deployed: 404",
    ),
    step(
      "trg-014",
      "get_current_worker",
      { projectRef: OTHER_ORG_PROJECT, environment: "prod" },
      "a project of an organization the user is not a member of: 403",
    ),
    step(
      "trg-015",
      "list_runs",
      { ...prod, environment: "yesterday" },
      "an environment outside the tool's enum (the SDK's schema check)",
    ),
    step(
      "trg-016",
      "list_runs",
      { ...prod, limit: 5 },
      "the personal access token has been revoked: whoami answers 401",
      flag("tokenRevoked"),
    ),
    step("trg-017", "whoami", {}, "whoami while the token is revoked", flag("tokenRevoked")),
    step(
      "trg-018",
      "list_runs",
      { ...prod, taskIdentifier: "sync-stripe-invoices" },
      "429 with Retry-After and x-ratelimit-* headers, for every attempt",
      flag("rateLimited", PATIENT),
    ),
    step(
      "trg-019",
      "list_runs",
      { ...prod, taskIdentifier: "sync-stripe-invoices" },
      "trg-018's call once the limit has reset",
    ),
    step(
      "trg-020",
      "get_current_worker",
      prod,
      "500 Internal Server Error for every attempt",
      flag("serverError", PATIENT),
    ),
    step(
      "trg-021",
      "list_projects",
      {},
      "Cloudflare's 502 page for every attempt",
      flag("badGateway", PATIENT),
    ),
    step(
      "trg-022",
      "get_task_schema",
      { ...prod, taskSlug: "generate-pdf-report" },
      "whoami answers 15 s late (the CLI sets no timeout); the client waits 4 s",
      flag("slow", { timeoutMs: 4000 }),
    ),
    step(
      "trg-023",
      "list_runs",
      { ...prod, status: "FAILED" },
      "the API unreachable (its stand-in stopped) for the whole call",
      down(api, PATIENT),
    ),
    step(
      "trg-024",
      "get_run",
      { ...prod, runId: "run_cmaq5m2hd00c1l70fq8e3y6a0" },
      "a tool this server does not have",
    ),
    step("trg-025", "list_runs", { ...prod, status: "FAILED" }, "trg-023's call once the API is back"),
  ],
};

export const SESSIONS: SessionSpec[] = [trigger];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
