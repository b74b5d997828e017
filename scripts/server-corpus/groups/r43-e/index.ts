// Group r43-e: feature flags and experimentation — a product team's release gates, kill switches and A/B experiments
// on Shipeasy through Shipeasy's own MCP server (@shipeasy/mcp, the admin API through the generated client of
// @shipeasy/openapi). Every published server runs behind loopback stand-ins (standins.ts).
//
//   (cd scripts/server-corpus/groups/r43-e && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r43-e

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  DATA,
  SHIPEASY_REPO,
  SHIPEASY_XDG,
  bindShipeasy,
  clearTimers,
  seen,
  shipeasyApi,
  state,
  unbindShipeasy,
  unknownRequests,
  writeShipeasyFiles,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@shipeasy/mcp": "2.8.0",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

const shipeasySession: SessionSpec = {
  label: "r43-e-shp",
  server: "@shipeasy/mcp",
  transport: "stdio",
  start: stdioServer("r43-e-shp", "@shipeasy/mcp", {
    from: FROM,
    // The admin API's base URL and token are read from the session file `shipeasy-mcp install` writes under
    // XDG_CONFIG_HOME; writes need the `.shipeasy` binding of the working directory (both written by prepare).
    cwd: SHIPEASY_REPO,
    env: { HOME, XDG_CONFIG_HOME: SHIPEASY_XDG },
  }),
  steps: [
    step("e-shp-001", "whoami", {}, "the project the token resolves to: plan, modules, defaults"),
    step(
      "e-shp-002",
      "release_flags_list",
      {},
      "the project's three gates (the list also mints a listToken)",
    ),
    step(
      "e-shp-003",
      "release_flags_list",
      { q: "dark-mode" },
      "gates matching a search for a flag nobody made: data []",
    ),
    step("e-shp-004", "release_flags_get", { id: "checkout.new-flow" }, "one gate by its name"),
    step(
      "e-shp-005",
      "release_flags_get",
      { id: "checkout.one-click" },
      "a gate name that does not exist: 404",
    ),
    step("e-shp-006", "release_flags_get", { id: "checkout.one-click" }, "the same call again, unchanged"),
    step(
      "e-shp-007",
      "release_flags_update",
      { id: "checkout.new-flow", rollout_pct: 5000 },
      "raise the checkout gate's rollout to 50%",
    ),
    step(
      "e-shp-008",
      "release_flags_update",
      { id: "checkout.new-flow", rollout_pct: 25000 },
      "a rollout of 250% (basis points past 10000): 422 VALIDATION with fields",
    ),
    step("e-shp-009", "release_flags_enable", { id: "search.semantic" }, "turn the semantic-search gate on"),
    step(
      "e-shp-010",
      "release_flags_create",
      { name: "pricing.annual-toggle", rollout_pct: 0 },
      "a new gate without the listToken the list-before-create guard asks for (no request is sent)",
    ),
    step("e-shp-011", "release_killswitch_list", {}, "the project's kill switches, per env"),
    step(
      "e-shp-012",
      "release_killswitch_set",
      { id: "payments.providers", env: "prod", switchKey: "adyen", value: false },
      "kill the Adyen provider in prod",
    ),
    step("e-shp-013", "release_experiments_list", {}, "the project's experiments: one running, one draft"),
    step(
      "e-shp-014",
      "release_experiments_results",
      { id: "onboarding-checklist" },
      "the running experiment's latest analysis",
    ),
    step(
      "e-shp-015",
      "release_experiments_results",
      { id: "pricing-page-v3" },
      "the draft experiment's results: none yet (results [])",
    ),
    step(
      "e-shp-016",
      "release_experiments_start",
      { id: "pricing-page-v3" },
      "start the draft: 422 EXPERIMENT_NO_GOAL_METRIC with instructions",
    ),
    step(
      "e-shp-017",
      "release_experiments_update",
      { id: "pricing-page-v3", sequential_testing: true },
      "sequential testing on a Starter project: 403 PLAN_REQUIRED",
    ),
    step(
      "e-shp-018",
      "release_flags_disable",
      { id: "checkout.new-flow" },
      "the working directory lost its .shipeasy binding: the server refuses a write (no request is sent)",
      {
        before: async () => unbindShipeasy(),
        after: async () => bindShipeasy(),
      },
    ),
    step(
      "e-shp-019",
      "release_flags_list",
      {},
      "the CLI token revoked: 401 UNAUTHORIZED",
      flag("shpRevoked"),
    ),
    step(
      "e-shp-020",
      "release_experiments_list",
      {},
      "429 with Retry-After: 30 (the admin API's burst guard)",
      flag("shpRateLimited"),
    ),
    step(
      "e-shp-021",
      "release_killswitch_list",
      {},
      "500 INTERNAL from the admin API",
      flag("shpServerError"),
    ),
    step(
      "e-shp-022",
      "release_flags_get",
      { id: "search.semantic" },
      "Cloudflare's 502 HTML page in front of the admin API",
      flag("shpBadGateway"),
    ),
    step(
      "e-shp-023",
      "whoami",
      {},
      "the admin API answers 15 s late; the client waits 4 s",
      flag("shpSlow", { timeoutMs: 4000 }),
    ),
    step(
      "e-shp-024",
      "release_experiments_get",
      { id: "onboarding-checklist" },
      "the admin API unreachable (connection refused)",
      down(shipeasyApi),
    ),
    step("e-shp-025", "release_flags_delete", { id: "search.semantic" }, "a tool the server does not have"),
  ],
};

export const SESSIONS: SessionSpec[] = [shipeasySession];

export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(DATA, { recursive: true, force: true });
  fs.mkdirSync(HOME, { recursive: true });
  writeShipeasyFiles();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
