// Group r37-c: 3D printers and maker machines — a print farm run through O.D.I.N. (odin-print-farm-mcp: printers of
// four makes with their telemetry and AMS slots, the job queue, dry-run and real job submission, pausing printers,
// cancelling jobs, spools, alerts, maintenance and orders), a kind the fixture README's server table lacks. The
// published MCP server is behind a loopback stand-in of O.D.I.N.'s REST API (standins.ts), reached through the
// server's own ODIN_BASE_URL. Three sessions: a token with scope agent:write, one with agent:read, one revoked.
//
//   (cd scripts/server-corpus/groups/r37-c && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r37-c

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  DATA,
  KEY_READ,
  KEY_REVOKED,
  KEY_WRITE,
  ODIN_PORT,
  clearTimers,
  odin,
  resetState,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "odin-print-farm-mcp": "2.1.0",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

const odinServer = (label: string, key: string) =>
  stdioServer(label, "odin-print-farm-mcp", {
    from: FROM,
    cwd: DATA,
    // The server reads its backend and token from the environment; Node's own fetch calls the base URL as given.
    env: { HOME, ODIN_BASE_URL: `http://127.0.0.1:${ODIN_PORT}`, ODIN_API_KEY: key },
  });

// ── odin-print-farm-mcp, token with scope agent:write ───────────────────────────────────────────────────────────────

const farm: SessionSpec = {
  label: "r37-c-odin",
  server: "odin-print-farm-mcp",
  transport: "stdio",
  start: odinServer("r37-c-odin", KEY_WRITE),
  steps: [
    step(
      "od-001",
      "farm_summary",
      {},
      "the dashboard an agent reads first (four API reads joined by the tool)",
    ),
    step("od-002", "list_printers", {}, "the farm's six printers"),
    step("od-003", "list_printers", { status_filter: "error" }, "printers in error: none ([])"),
    step("od-004", "get_printer", { id: 3 }, "one printer's telemetry and its active job"),
    step("od-005", "get_printer", { id: 42 }, "a printer id the farm does not have (404 printer_not_found)"),
    step("od-006", "list_jobs", { status_filter: "printing", limit: 10 }, "jobs printing now"),
    step("od-007", "get_job", { id: 1187 }, "one job"),
    step("od-008", "list_queue", {}, "the pending queue"),
    step(
      "od-009",
      "queue_job",
      { model_id: 55, printer_id: 2, dry_run: true },
      "a dry run of queueing a job (the server first reads the backend's version)",
    ),
    step(
      "od-010",
      "queue_job",
      { model_id: 55, printer_id: 2, notes: "Spool holder for the P1S shelf" },
      "the job queued for real (201 with next_actions)",
    ),
    step("od-011", "pause_printer", { printer_id: 5 }, "pausing a printer that is idle (409 invalid_state)"),
    step(
      "od-012",
      "pause_printer",
      { printer_id: 7 },
      "pausing a printer that is offline (503 printer_offline, retriable)",
    ),
    step(
      "od-013",
      "cancel_job",
      { job_id: 1187, reason: "Customer changed the wall thickness" },
      "cancelling a job that is printing",
    ),
    step("od-014", "cancel_job", { job_id: 1187 }, "cancelling the same job again (409: already cancelled)"),
    step("od-015", "cancel_job", { job_id: 1187 }, "the same call again, unchanged"),
    step(
      "od-016",
      "list_spools",
      { filament_type: "PETG", available_only: true },
      "PETG spools not loaded in a printer",
    ),
    step("od-017", "list_spools", { filament_type: "Nylon" }, "a filament the farm has no spool of ([])"),
    step(
      "od-018",
      "queue_job",
      { model_id: 61, quantity: 20, priority: 5 },
      "a batch past the user's monthly filament quota (403 quota_exceeded)",
    ),
    step(
      "od-019",
      "list_maintenance_tasks",
      { overdue_only: true },
      "a call while the API answers 429 with Retry-After",
      flag("rateLimited"),
    ),
    step(
      "od-020",
      "list_orders",
      {},
      "an answer 8 s late; the server's own fetch gives up after 5 s",
      flag("slow"),
    ),
    step(
      "od-021",
      "list_printers",
      {},
      "a call while O.D.I.N. is unreachable (connection refused)",
      down(odin),
    ),
    step(
      "od-022",
      "start_print",
      { printer_id: 2, file: "spool_holder_v2.3mf" },
      "a tool the server does not have",
    ),
  ],
};

// ── the same server with a token of scope agent:read ───────────────────────────────────────────────────────────────

const readOnly: SessionSpec = {
  label: "r37-c-odin-read-scope",
  server: "odin-print-farm-mcp",
  transport: "stdio",
  start: odinServer("r37-c-odin-read-scope", KEY_READ),
  steps: [
    step("od-023", "list_alerts", { unread_only: true }, "unread alerts, with a read-only token"),
    step("od-024", "pause_printer", { printer_id: 1 }, "a write with a read-only token (403 scope_denied)"),
  ],
};

// ── the same server with a revoked token ──────────────────────────────────────────────────────────────────────────

const revoked: SessionSpec = {
  label: "r37-c-odin-revoked",
  server: "odin-print-farm-mcp",
  transport: "stdio",
  start: odinServer("r37-c-odin-revoked", KEY_REVOKED),
  steps: [step("od-025", "farm_summary", {}, "the dashboard with a token that was revoked (401)")],
};

export const SESSIONS: SessionSpec[] = [farm, readOnly, revoked];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  resetState();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
