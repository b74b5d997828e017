// Group r43-a: time tracking and timesheets — Clockify through apet97's Go server (`clockify-mcp`, published on npm
// as the platform package @apet97/clockify-mcp-go-linux-x64, which ships the Linux binary): the user and workspace,
// projects, time entries, timers, the Reports API and the server's own timesheet helpers. A kind the fixture README's
// server table has only as Harvest. The binary is behind a loopback stand-in of Clockify's REST API (standins.ts).
//
//   (cd scripts/server-corpus/groups/r43-a && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r43-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { Reporter } from "../../deps.js";
import { LOGS, serverEnv, sleep, type Live, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  API_KEY,
  CLOCKIFY_PORT,
  DATA,
  ENTRY_ID,
  MISSING_ENTRY_ID,
  PROJECT_WEB,
  REVOKED_KEY,
  clearTimers,
  clockifyServer,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));
const PACKAGE = "@apet97/clockify-mcp-go-linux-x64";

export const PACKAGES: Record<string, string> = {
  [PACKAGE]: "1.2.5",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const BINARY = path.join(FROM, "node_modules", "@apet97", "clockify-mcp-go-linux-x64", "bin", "clockify-mcp");

/**
 * The server as its npm dispatcher starts it: the platform package's binary on stdio, with the key in CLOCKIFY_API_KEY
 * and the API base in CLOCKIFY_BASE_URL (loopback HTTP is allowed without CLOCKIFY_INSECURE). Everything else is the
 * binary's default (the `standard` policy, three upstream retries, a 45 s tool deadline).
 */
function clockifyMcp(label: string, key: string) {
  return async (reporter: Reporter): Promise<Live> => {
    const transport = new StdioClientTransport({
      command: BINARY,
      args: [],
      env: serverEnv({
        HOME,
        CLOCKIFY_API_KEY: key,
        CLOCKIFY_BASE_URL: `http://127.0.0.1:${CLOCKIFY_PORT}/api/v1`,
        CLOCKIFY_TIMEZONE: "Europe/Berlin",
      }),
      cwd: DATA,
      stderr: "pipe",
    });
    fs.mkdirSync(LOGS, { recursive: true });
    const log = fs.createWriteStream(path.join(LOGS, `${label}.log`), { flags: "a" });
    transport.stderr?.pipe(log);
    const client = reporter.instrument(new Client({ name: "faultline-corpus", version: "1.0.0" }));
    await client.connect(transport);
    return {
      client,
      child: () => undefined,
      kill: () => {
        const pid = transport.pid;
        if (pid) process.kill(pid, "SIGKILL");
      },
      close: async () => {
        await client.close().catch(() => {});
        log.end();
      },
    };
  };
}

// ── Clockify through clockify-mcp (stdio), with a working API key ───────────────────────────────────────────────────

const clockify: SessionSpec = {
  label: "r43-a-clockify",
  server: PACKAGE,
  transport: "stdio",
  start: clockifyMcp("r43-a-clockify", API_KEY),
  steps: [
    step("a-ck-001", "clockify_whoami", {}, "the key's user and the workspace the server resolved"),
    step("a-ck-002", "clockify_list_projects", {}, "the workspace's projects: three"),
    step(
      "a-ck-003",
      "clockify_list_projects",
      { name: "Zeppelin" },
      "projects whose name contains a word none has: none",
    ),
    step(
      "a-ck-004",
      "clockify_get_project",
      { project: "Website Relaunch" },
      "one project by its exact name",
    ),
    step(
      "a-ck-005",
      "clockify_get_project",
      { project: "Atlas Migration" },
      "a project name the workspace does not have",
    ),
    step(
      "a-ck-006",
      "clockify_list_entries",
      { start: "2026-12-01", end: "2026-12-05" },
      "the user's time entries of the first week of December: four",
    ),
    step("a-ck-007", "clockify_today_entries", {}, "today's entries: none yet"),
    step("a-ck-008", "clockify_timer_status", {}, "whether a timer runs: none does"),
    step(
      "a-ck-009",
      "clockify_log_time",
      {
        project: "Website Relaunch",
        start: "2026-12-05T11:00:00+01:00",
        end: "2026-12-05T09:30:00+01:00",
        description: "Footer accessibility fixes",
      },
      "a finished entry whose end is before its start",
    ),
    step(
      "a-ck-010",
      "clockify_log_time",
      {
        project: "Website Relaunch",
        start: "2026-12-05T09:30:00+01:00",
        end: "2026-12-05T11:00:00+01:00",
        description: "Footer accessibility fixes",
      },
      "the same entry with start and end the right way round (201)",
    ),
    step("a-ck-011", "clockify_get_entry", { entry_id: ENTRY_ID }, "one time entry by id"),
    step(
      "a-ck-012",
      "clockify_get_entry",
      { entry_id: MISSING_ENTRY_ID },
      "a time entry id the workspace does not have (400, code 501)",
    ),
    step(
      "a-ck-013",
      "clockify_get_entry",
      { entry_id: MISSING_ENTRY_ID },
      "the same lookup again, unchanged",
    ),
    step(
      "a-ck-014",
      "clockify_start_timer",
      { project_id: PROJECT_WEB, description: "Client call: navigation review" },
      "a timer started on a project",
    ),
    step("a-ck-015", "clockify_stop_timer", {}, "the running timer stopped"),
    step(
      "a-ck-016",
      "clockify_list_users",
      {},
      "the workspace's members, by a regular member (403 Access Denied)",
    ),
    step(
      "a-ck-017",
      "clockify_summary_report",
      {
        date_range_start: "2026-12-01T00:00:00Z",
        date_range_end: "2026-12-07T23:59:59Z",
        summary_filter: { groups: ["PROJECT"] },
      },
      "a summary report of the week by project",
    ),
    step(
      "a-ck-018",
      "clockify_list_entries",
      { start: "last tuesday" },
      "a start date in words the server's parser does not take",
    ),
    step(
      "a-ck-019",
      "clockify_delete_entry",
      { entry_id: ENTRY_ID },
      "a deletion without the confirmation token the server's policy asks for",
    ),
    step(
      "a-ck-020",
      "clockify_list_projects",
      {},
      "a call while the API answers 429 with Retry-After: 60",
      flag("rateLimited"),
    ),
    step("a-ck-021", "clockify_list_tags", {}, "a call while the API answers 500", flag("serverError")),
    step(
      "a-ck-022",
      "clockify_list_clients",
      {},
      "a call while the edge in front of the API answers its 502 HTML page",
      flag("badGateway"),
    ),
    step(
      "a-ck-023",
      "clockify_list_entries",
      { start: "2026-12-01", end: "2026-12-05" },
      "an answer 15 s late; the client waits 4 s",
      flag("slow", { timeoutMs: 4000 }),
    ),
    step(
      "a-ck-024",
      "clockify_timer_status",
      {},
      "a call while the API is unreachable (connection refused)",
      {
        ...down(clockifyServer),
        before: async () => {
          await sleep(12_000); // the late answer of a-ck-023 arrives first
          await clockifyServer.stop();
          await sleep(300);
        },
      },
    ),
    step(
      "a-ck-025",
      "clockify_list_invoices",
      { status: "UNSENT" },
      "a tool this server does not have (Clockify's invoices are not among its tools)",
    ),
  ],
};

// ── the same server started with a key that was regenerated in the profile (the old one revoked) ─────────────────────

const clockifyRevoked: SessionSpec = {
  label: "r43-a-clockify-revoked",
  server: PACKAGE,
  transport: "stdio",
  start: clockifyMcp("r43-a-clockify-revoked", REVOKED_KEY),
  steps: [
    step("a-ckx-001", "clockify_whoami", {}, "a call with a revoked API key (401, code 1000)"),
    step("a-ckx-002", "clockify_today_entries", {}, "today's entries with the same key"),
  ],
};

export const SESSIONS: SessionSpec[] = [clockify, clockifyRevoked];

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
