// Group r38-b: background jobs and workflow engines offered as services — Inngest Cloud (inngest-cloud-mcp: list and
// read events, the function runs an event triggered, a run's status and output, cancel a run, an app's functions,
// bulk cancellations) over stdio, a kind the fixture README's server table lacks. The published MCP server is behind
// a loopback stand-in of its service (standins.ts). One server: see README.md for the second candidate and why it
// was not captured.
//
//   (cd scripts/server-corpus/groups/r38-b && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r38-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  APP,
  CERT,
  DATA,
  EVENT_ORDER,
  EVENT_PING,
  FN_RECEIPT,
  INNGEST_PROXY_PORT,
  RUN_DIGEST,
  RUN_FULFIL,
  RUN_RECEIPT,
  SIGNING_KEY,
  clearTimers,
  ensureCertificate,
  inngestProxy,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "inngest-cloud-mcp": "0.1.0",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const MISSING_RUN = "01JD7Q9ZZZ0000000000000000";

// ── inngest-cloud-mcp (stdio) ────────────────────────────────────────────────────────────────────────────────────────

const inngest: SessionSpec = {
  label: "r38-b-inngest",
  server: "inngest-cloud-mcp",
  transport: "stdio",
  start: stdioServer("r38-b-inngest", "inngest-cloud-mcp", {
    from: FROM,
    cwd: DATA,
    // Node 20's fetch ignores HTTPS_PROXY; the preload routes it through the stand-in proxy (undici's ProxyAgent).
    env: {
      HOME,
      INNGEST_SIGNING_KEY: SIGNING_KEY,
      HTTPS_PROXY: `http://127.0.0.1:${INNGEST_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
    },
  }),
  steps: [
    step("ing-001", "list_events", { limit: 5 }, "the three events of the last seven days"),
    step("ing-002", "get_event", { eventId: EVENT_ORDER }, "one event by its ULID"),
    step(
      "ing-003",
      "get_event_runs",
      { eventId: EVENT_ORDER },
      "the two runs the event triggered: one Completed, one Failed (its output is the function's error)",
    ),
    step("ing-004", "get_run", { runId: RUN_RECEIPT }, "a completed run with its output"),
    step(
      "ing-005",
      "get_run",
      { runId: RUN_FULFIL },
      "a run whose function failed: status Failed, the error as its output",
    ),
    step("ing-006", "list_functions", { appName: APP }, "the four functions of an app"),
    step("ing-007", "list_cancellations", {}, "no bulk cancellation rules yet: data []"),
    step(
      "ing-008",
      "list_events",
      { name: "shop/refund.requested", limit: 10 },
      "an event name nobody sent in the window: data []",
    ),
    step(
      "ing-009",
      "get_event_runs",
      { eventId: EVENT_PING },
      "an event no function is triggered by: data []",
    ),
    step("ing-010", "get_run", { runId: MISSING_RUN }, "a run id that does not exist: 404 run not found"),
    step("ing-011", "get_run", { runId: MISSING_RUN }, "the same call again, unchanged"),
    step(
      "ing-012",
      "get_event",
      { eventId: "order-10482" },
      "the event's own id where the ULID is expected: 400 invalid event ID",
    ),
    step("ing-013", "list_functions", { appName: "shop-workflow" }, "a misspelt app name: 404 app not found"),
    step("ing-014", "cancel_run", { runId: RUN_DIGEST }, "cancel a running run"),
    step("ing-015", "cancel_run", { runId: RUN_RECEIPT }, "cancel a run that has already completed: 400"),
    step(
      "ing-016",
      "create_cancellation",
      {
        app_id: APP,
        function_id: FN_RECEIPT,
        started_after: "2026-12-07T00:00:00Z",
        started_before: "2026-12-07T12:00:00Z",
        if: "event.data.total > 100",
      },
      "a bulk cancellation rule for one function over a morning, with a CEL filter",
    ),
    step(
      "ing-017",
      "create_cancellation",
      {
        app_id: APP,
        function_id: FN_RECEIPT,
        started_after: "2026-12-07T12:00:00Z",
        started_before: "2026-12-07T00:00:00Z",
      },
      "the time range reversed: 400",
    ),
    step(
      "ing-018",
      "list_events",
      { limit: 5 },
      "401: the signing key is no longer accepted (rotated)",
      flag("unauthorized"),
    ),
    step("ing-019", "get_run", { runId: RUN_RECEIPT }, "429 with Retry-After", flag("rateLimited")),
    step("ing-020", "list_functions", { appName: APP }, "500 internal server error", flag("serverError")),
    step(
      "ing-021",
      "get_event_runs",
      { eventId: EVENT_ORDER },
      "Cloudflare's 502 page in front of the API",
      flag("badGateway"),
    ),
    step(
      "ing-022",
      "list_events",
      { name: "shop/order.placed" },
      "an answer 15 s late (the server sets no timeout); the client waits 4 s",
      flag("slow", { timeoutMs: 4000 }),
    ),
    step(
      "ing-023",
      "get_run",
      { runId: RUN_FULFIL },
      "a call while the API is unreachable (the proxy refuses connections)",
      down(inngestProxy),
    ),
    step("ing-024", "cancel_run", {}, "no run id at all (the server's zod schema)"),
    step("ing-025", "list_runs", { status: "Failed" }, "a tool this server does not have"),
  ],
};

export const SESSIONS: SessionSpec[] = [inngest];

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
