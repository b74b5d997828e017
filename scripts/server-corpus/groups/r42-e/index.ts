// Group r42-e: LLM observability, prompt management and evaluation — Langfuse (traces and their observations,
// sessions, scores, versioned prompts with labels, dataset runs, the metrics API) through langfuse-mcp (hugoles), a
// read-only server over Langfuse's public REST API, over stdio. The published server is behind a loopback stand-in of
// that API (standins.ts), reached by the server's own `LANGFUSE_BASE_URL`. One server: see README.md for the
// candidates of the kind and why none other could be used here.
//
//   (cd scripts/server-corpus/groups/r42-e && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r42-e

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  DATA,
  GENERATION_ID,
  LANGFUSE_PORT,
  MISSING_TRACE,
  PUBLIC_KEY,
  SECRET_KEY,
  SESSION_ID,
  TRACE_ID,
  WRONG_SECRET_KEY,
  clearTimers,
  langfuseStandin,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "langfuse-mcp": "1.2.0",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

/** The server's three variables; it runs in an empty folder, so no `.env` file is loaded. */
function env(secretKey: string): Record<string, string> {
  return {
    HOME,
    LANGFUSE_PUBLIC_KEY: PUBLIC_KEY,
    LANGFUSE_SECRET_KEY: secretKey,
    LANGFUSE_BASE_URL: `http://127.0.0.1:${LANGFUSE_PORT}`,
  };
}

const TRAFFIC_QUERY = JSON.stringify({
  view: "traces",
  metrics: [
    { measure: "count", aggregation: "count" },
    { measure: "totalCost", aggregation: "sum" },
  ],
  dimensions: [{ field: "name" }],
  filters: [],
  fromTimestamp: "2026-12-01T00:00:00Z",
  toTimestamp: "2026-12-07T00:00:00Z",
});

// ── langfuse-mcp (stdio), with the project's key pair ──────────────────────────────────────────────────────────────

const langfuse: SessionSpec = {
  label: "r42-e-langfuse",
  server: "langfuse-mcp",
  transport: "stdio",
  start: stdioServer("r42-e-langfuse", "langfuse-mcp", { from: FROM, cwd: DATA, env: env(SECRET_KEY) }),
  steps: [
    step("lf-001", "getHealth", {}, "the public health endpoint"),
    step(
      "lf-002",
      "listTraces",
      { limit: 3, environment: "production" },
      "the three latest production traces",
    ),
    step("lf-003", "listTraces", { userId: "u_nobody_42" }, "traces of a user who has none"),
    step("lf-004", "getTrace", { traceId: TRACE_ID }, "one trace with its observations and scores"),
    step("lf-005", "getTrace", { traceId: MISSING_TRACE }, "a trace id the project does not have (404)"),
    step("lf-006", "getTrace", { traceId: MISSING_TRACE }, "the same lookup again, unchanged"),
    step(
      "lf-007",
      "listObservations",
      { traceId: TRACE_ID, type: "GENERATION", level: "ERROR" },
      "the trace's failed generations: one, whose recorded status message is an OpenAI 429",
    ),
    step("lf-008", "getSession", { sessionId: SESSION_ID }, "a chat session with its traces"),
    step(
      "lf-009",
      "listScores",
      { name: "helpfulness", limit: 5 },
      "helpfulness scores: one eval, one annotation",
    ),
    step("lf-010", "listPrompts", { label: "production" }, "the prompts labelled production"),
    step(
      "lf-011",
      "getPrompt",
      { promptName: "support-triage", label: "production" },
      "the production version of a chat prompt",
    ),
    step(
      "lf-012",
      "getPrompt",
      { promptName: "support-triage", version: 9 },
      "a version of the prompt that does not exist (404)",
    ),
    step("lf-013", "listDatasetRuns", { datasetName: "triage-golden" }, "a dataset's two evaluation runs"),
    step(
      "lf-014",
      "getDatasetRun",
      { datasetName: "triage-golden", runName: "triage-v4-2026-12-05" },
      "a run name the dataset does not have (404)",
    ),
    step("lf-015", "getMetrics", { query: TRAFFIC_QUERY }, "trace counts and cost by trace name for a week"),
    step(
      "lf-016",
      "getMetrics",
      { query: TRAFFIC_QUERY.replace('"view":"traces"', '"view":"spans"') },
      "a metrics query with a view the API does not have (400 with the zod issue)",
    ),
    step(
      "lf-017",
      "listTraces",
      { fromTimestamp: "yesterday" },
      "a lower bound that is not an ISO 8601 date-time (refused by the server's own input schema)",
    ),
    step(
      "lf-018",
      "listSessions",
      { limit: 20 },
      "Langfuse answers 429 with Retry-After",
      flag("rateLimited"),
    ),
    step(
      "lf-019",
      "listScoreConfigs",
      {},
      "the identity-aware proxy in front of the self-hosted instance answers its sign-in page (200 text/html)",
      flag("loginPage"),
    ),
    step("lf-020", "listPrompts", {}, "Langfuse answers 500", flag("serverError")),
    step(
      "lf-021",
      "listModels",
      {},
      "the load balancer answers its 502 HTML page (the web container is gone)",
      flag("badGateway"),
    ),
    step(
      "lf-022",
      "getObservation",
      { observationId: GENERATION_ID },
      "Langfuse answers 15 s late; the client waits 4 s",
      flag("slow", { timeoutMs: 4000 }),
    ),
    step("lf-023", "listTraces", { limit: 10 }, "Langfuse unreachable (connection refused)", {
      ...down(langfuseStandin),
      before: async () => {
        await langfuseStandin.stop();
        await sleep(300);
      },
    }),
    step("lf-024", "deleteTrace", { traceId: TRACE_ID }, "a tool the server does not have (it is read-only)"),
  ],
};

// ── the same server started with a secret key that is one character off ─────────────────────────────────────────────

const langfuseWrongKey: SessionSpec = {
  label: "r42-e-langfuse-key",
  server: "langfuse-mcp",
  transport: "stdio",
  start: stdioServer("r42-e-langfuse-key", "langfuse-mcp", {
    from: FROM,
    cwd: DATA,
    env: env(WRONG_SECRET_KEY),
  }),
  steps: [
    step(
      "lfk-001",
      "getHealth",
      {},
      "the health check with a wrong secret key (the health endpoint does not check credentials)",
    ),
    step("lfk-002", "listPrompts", { label: "production" }, "a listing with the wrong secret key (401)"),
  ],
};

export const SESSIONS: SessionSpec[] = [langfuse, langfuseWrongKey];

export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(DATA, { recursive: true, force: true });
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
