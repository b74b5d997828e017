// Group r43-j: workflow and data-pipeline orchestrators — Dataiku DSS's flow, jobs (dataset builds) and scenarios
// (scheduled pipeline runs) through dataiku-mcp, a community server for DSS's public REST API. It takes the instance's
// address from DATAIKU_URL, so it runs against a plain HTTP stand-in on loopback (standins.ts).
//
//   (cd scripts/server-corpus/groups/r43-j && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r43-j

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  DATA,
  DSS_KEY,
  DSS_PORT,
  DSS_REVOKED_KEY,
  IDS,
  PROJECT,
  clearTimers,
  dssStandin,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "dataiku-mcp": "1.1.1",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const DATAIKU = "dataiku-mcp";

function dataiku(label: string, key: string) {
  return stdioServer(label, DATAIKU, {
    from: FROM,
    cwd: DATA,
    // The server's own variables. Retries of GETs on transient answers are capped at 2 attempts (its default is 4,
    // with random backoff up to 8 s) and its per-request timeout at 8 s (default 30 s), so a capture stays short.
    env: {
      HOME,
      DATAIKU_URL: `http://127.0.0.1:${DSS_PORT}`,
      DATAIKU_API_KEY: key,
      DATAIKU_PROJECT_KEY: PROJECT,
      DATAIKU_RETRY_MAX_ATTEMPTS: "2",
      DATAIKU_REQUEST_TIMEOUT_MS: "8000",
    },
  });
}

const dataikuSession: SessionSpec = {
  label: "r43-j-dataiku",
  server: DATAIKU,
  transport: "stdio",
  start: dataiku("r43-j-dataiku", DSS_KEY),
  steps: [
    step("dk-001", "project", { action: "list" }, "every project on the instance"),
    step("dk-002", "project", { action: "get", projectKey: PROJECT }, "the churn pipeline project"),
    step(
      "dk-003",
      "project",
      { action: "get", projectKey: "CHURN_PIPELIN" },
      "a mistyped project key: DSS answers 403 UnauthorizedException 'Failed to read project permissions'",
    ),
    step("dk-004", "dataset", { action: "list" }, "the project's datasets"),
    step(
      "dk-005",
      "dataset",
      { action: "preview", datasetName: "customers_prepared", limit: 5 },
      "the first five rows of a prepared dataset",
    ),
    step(
      "dk-006",
      "dataset",
      { action: "preview", datasetName: "raw_events", limit: 5 },
      "a source dataset whose storage path for today is missing: DSS's 500 'Root path of the dataset … does not exist'",
    ),
    step("dk-007", "job", { action: "list" }, "recent jobs (dataset builds)"),
    step(
      "dk-008",
      "job",
      { action: "list", query: "supply_forecast" },
      "jobs matching a name that none of them has",
    ),
    step(
      "dk-009",
      "job",
      { action: "build", datasetName: "churn_scores" },
      "a recursive build of the scores dataset (starts a job)",
    ),
    step("dk-010", "job", { action: "get", jobId: IDS.runningJob }, "a running job's progress"),
    step(
      "dk-011",
      "job",
      { action: "log", jobId: IDS.failedJob, maxLogLines: 20 },
      "the log of last night's failed build (a Snowflake SQL compilation error)",
    ),
    step(
      "dk-012",
      "job",
      { action: "wait", jobId: IDS.failedJob, pollIntervalMs: 200, timeoutMs: 5000 },
      "waiting on the job that already ended FAILED: the server reports a terminal failure",
    ),
    step(
      "dk-013",
      "job",
      { action: "get", jobId: IDS.missingJob },
      "a job id that was purged: 404 NotFoundException",
    ),
    step("dk-014", "job", { action: "get", jobId: IDS.missingJob }, "the same job asked again"),
    step(
      "dk-015",
      "job",
      { action: "build", datasetName: "churn_scores", buildMode: "FULL_BUILD" },
      "a build mode that does not exist: the SDK's input validation",
    ),
    step("dk-016", "scenario", { action: "list" }, "the project's scenarios"),
    step(
      "dk-017",
      "scenario",
      { action: "status", scenarioId: IDS.scenario },
      "the nightly scenario's status: its last run FAILED",
    ),
    step(
      "dk-018",
      "scenario",
      { action: "run", scenarioId: IDS.scenario },
      "the nightly scenario run by hand",
    ),
    step("dk-019", "variable", { action: "get" }, "the project's variables"),
    step("dk-020", "pipeline", { action: "list" }, "a tool the server does not have"),
    step(
      "dk-021",
      "job",
      { action: "list" },
      "the nginx in front of DSS answers 502 (DSS restarting); the server retries the GET once",
      flag("dssBadGateway"),
    ),
    step(
      "dk-022",
      "scenario",
      { action: "run", scenarioId: IDS.scenario },
      "DSS answers 15 s late; the client waits 4 s",
      flag("dssSlowScenario", { timeoutMs: 4000 }),
    ),
    step(
      "dk-023",
      "job",
      { action: "build", datasetName: "customers_prepared" },
      "DSS answers 12 s late; the server's own 8 s request timeout fires first (the client waits 20 s)",
      flag("dssSlowBuild", { timeoutMs: 20_000 }),
    ),
    step(
      "dk-024",
      "project",
      { action: "list" },
      "the instance unreachable (connection refused); the server retries the GET once",
      down(dssStandin),
    ),
  ],
};

const dataikuRevoked: SessionSpec = {
  label: "r43-j-dataiku-revoked",
  server: DATAIKU,
  transport: "stdio",
  start: dataiku("r43-j-dataiku-revoked", DSS_REVOKED_KEY),
  steps: [
    step(
      "dk-025",
      "scenario",
      { action: "list" },
      "an API key that was deleted: 401 NotAuthenticatedException 'Unknown API Key'",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [dataikuSession, dataikuRevoked];

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
