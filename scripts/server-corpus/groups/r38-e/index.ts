// Group r38-e: platform as a service — Heroku's own MCP server (@heroku/mcp-server: apps, teams, private spaces,
// add-ons and their plans, dynos, pipelines, maintenance mode), a kind the fixture README's server table lacks. The
// server drives the Heroku CLI (`heroku repl`, installed from npm into this group's node_modules and found on PATH),
// which reaches a loopback stand-in of the Heroku Platform API by its own API-address setting (standins.ts).
//
//   (cd scripts/server-corpus/groups/r38-e && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r38-e

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  API_KEY,
  DATA,
  HEROKU_API_PORT,
  clearTimers,
  herokuApi,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@heroku/mcp-server": "1.2.8",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
// The server runs `npx -y heroku@latest repl` when npx is on PATH (a fresh download of the CLI's newest release), and
// `heroku repl` otherwise. PATH holds only node and the pinned CLI from this group's node_modules, as on a machine
// with the Heroku CLI installed and no npx.
const BIN = path.join(DATA, "bin");
const API = `http://127.0.0.1:${HEROKU_API_PORT}`;

// ── @heroku/mcp-server (stdio) ───────────────────────────────────────────────────────────────────────────────────────

const heroku: SessionSpec = {
  label: "r38-e-heroku",
  server: "@heroku/mcp-server",
  transport: "stdio",
  start: stdioServer("r38-e-heroku", "@heroku/mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      HOME,
      PATH: BIN,
      HEROKU_API_KEY: API_KEY,
      HEROKU_HOST: API,
      HEROKU_PARTICLEBOARD_URL: API,
      DISABLE_TELEMETRY: "true",
      HEROKU_SKIP_NEW_VERSION_CHECK: "true",
      // Else each CLI start spawns a detached `heroku update --autoupdate` that outlives the capture.
      HEROKU_DISABLE_AUTOUPDATE: "true",
      // The server's own wait for one CLI command (15 s by default).
      MCP_SERVER_REQUEST_TIMEOUT: "10000",
      // The published server cannot resolve its own imports of the SDK (sdk-resolve-preload.mjs says why).
      NODE_OPTIONS: `--import ${path.join(FROM, "sdk-resolve-preload.mjs")}`,
    },
  }),
  steps: [
    step("hk-001", "list_apps", {}, "the account's own apps (two)"),
    step("hk-002", "list_apps", { team: "acme-platform" }, "a team with no apps"),
    step("hk-003", "get_app_info", { app: "acme-api", json: true }, "an app's details as JSON"),
    step("hk-004", "get_app_info", { app: "acme-apii" }, "a misspelled app name: 404 not_found"),
    step("hk-005", "get_app_info", { app: "acme-apii" }, "the same call again, unchanged"),
    step("hk-006", "list_teams", {}, "the teams the account belongs to"),
    step("hk-007", "list_private_spaces", {}, "no private spaces"),
    step("hk-008", "list_addons", { app: "acme-api" }, "an app's add-ons (one Postgres database)"),
    step("hk-009", "ps_list", { app: "acme-api" }, "an app's dynos, one of them crashed"),
    step("hk-010", "list_addon_plans", { service: "heroku-redis" }, "a service's plans with prices"),
    step("hk-011", "pipelines_list", {}, "no pipelines"),
    step(
      "hk-012",
      "create_addon",
      { app: "acme-api", serviceAndPlan: "heroku-redis:mini" },
      "an add-on on an unverified account: 402 verification_required",
    ),
    step(
      "hk-013",
      "rename_app",
      { app: "acme-api", newName: "acme-worker" },
      "a rename to a name already taken: 422 invalid_params",
    ),
    step(
      "hk-014",
      "maintenance_on",
      { app: "acme-worker" },
      "maintenance mode without access: 403 forbidden",
    ),
    step(
      "hk-015",
      "create_app",
      { app: "acme-web", region: "ap" },
      "a region outside the server's enum (zod)",
    ),
    step(
      "hk-016",
      "list_apps",
      {},
      "a call while the API answers 429 rate_limit with Retry-After",
      flag("rateLimited"),
    ),
    step("hk-017", "ps_list", { app: "acme-api" }, "a call while the API answers 500", flag("serverError")),
    step("hk-018", "list_teams", {}, "a call while the gateway answers a 502 HTML page", flag("badGateway")),
    step(
      "hk-019",
      "list_addons",
      { app: "acme-api" },
      "a call while the API answers 503 with Retry-After",
      flag("unavailable"),
    ),
    step(
      "hk-020",
      "get_app_info",
      { app: "acme-worker" },
      "an answer 6 s late; the client waits 4 s",
      flag("slow", { timeoutMs: 4000 }),
    ),
    step(
      "hk-021",
      "ps_list",
      { app: "acme-worker" },
      "an answer 14 s late; the server gives the CLI 10 s",
      flag("slower"),
    ),
    step(
      "hk-022",
      "list_apps",
      { all: true },
      "a call after the API key was revoked: 401 unauthorized",
      flag("invalidToken"),
    ),
    step(
      "hk-023",
      "pipelines_list",
      {},
      "a call while the API is unreachable (connections refused)",
      down(herokuApi),
    ),
    step("hk-024", "restart_app", { app: "acme-api" }, "a tool the server does not have"),
    step("hk-025", "list_apps", {}, "hk-016's call once the API is back"),
  ],
};

export const SESSIONS: SessionSpec[] = [heroku];

export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(DATA, { recursive: true, force: true });
  fs.mkdirSync(HOME, { recursive: true });
  fs.mkdirSync(BIN, { recursive: true });
  fs.symlinkSync(process.execPath, path.join(BIN, "node"));
  fs.symlinkSync(path.join(FROM, "node_modules", ".bin", "heroku"), path.join(BIN, "heroku"));
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
