// Loopback stand-in for group r38-d, answering with the Trigger.dev API's shapes (README.md says where each body
// comes from and which wordings were written for the capture). The CLI's MCP server (`trigger.dev mcp`) takes its API
// base from `TRIGGER_API_URL`, so a plain HTTP server on 43800 stands in for `https://api.trigger.dev`:
// - `GET /api/v2/whoami` (the personal access token's user; every tool asks it first),
// - `GET /api/v1/projects` (the user's projects),
// - `POST /api/v1/projects/{ref}/{env}/jwt` (a short-lived token for the environment's API),
// - `GET /api/v1/projects/{ref}/{env}/workers/current` (the current worker and its tasks),
// - `POST /api/v1/tasks/{id}/trigger`, `GET /api/v1/runs`, `POST /api/v2/runs/{id}/cancel` (the SDK's API, with the
//   JWT as bearer).
// The answers are checked by `@trigger.dev/core`'s zod schemas, so every field the schemas require is present.
//
// `state` is switched by the session's hooks.

import type http from "node:http";
import { clearTimers, cloudflare502, httpStandin, json, later, text } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r38-d";

export const API_PORT = 43800;

export const PAT = "tr_pat_9c1e7a43d2b84f06a5e1c7d3b9f2a64e8d10c5b7";
export const PROJECT = "proj_lqwnbdkzrxtyhvmsjcep";
export const OTHER_ORG_PROJECT = "proj_ueoqzjvmfbhkrdwyxtna";
export const UNKNOWN_PROJECT = "proj_zzzzzzzzzzzzzzzzzzzz";
const JWT =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJlbnZfcHJvZF9rN3Q0IiwicHViIjp0cnVlLCJzY29wZXMiOlsicmVhZDpydW5zIl19.c2lnbmF0dXJlLXdyaXR0ZW4tZm9yLXRoZS1jYXB0dXJl";

export const state = {
  tokenRevoked: false,
  rateLimited: false,
  serverError: false,
  badGateway: false,
  slow: false,
};

export const seen: string[] = [];
export const unknownRequests: string[] = [];

const err = (res: http.ServerResponse, status: number, error: string, headers: Record<string, string> = {}) =>
  json(res, status, { error }, headers);

const ORG = {
  id: "cm4x2k9qv0003l70ae1f6p2z8",
  title: "Northwind Labs",
  slug: "northwind-labs-7f3a",
  createdAt: "2025-03-04T09:12:44.000Z",
};

const TASKS = [
  {
    id: "cm9tq1v4k000bl70f8h2d6c1s",
    slug: "send-welcome-email",
    filePath: "src/trigger/emails.ts",
    triggerSource: "STANDARD",
    createdAt: "2026-11-28T14:02:11.000Z",
    payloadSchema: {
      type: "object",
      properties: { userId: { type: "string" }, locale: { type: "string", enum: ["en", "de", "fr"] } },
      required: ["userId"],
      additionalProperties: false,
    },
  },
  {
    id: "cm9tq1v4k000cl70f3m9w0r7e",
    slug: "sync-stripe-invoices",
    filePath: "src/trigger/billing.ts",
    triggerSource: "SCHEDULED",
    createdAt: "2026-11-28T14:02:11.000Z",
    payloadSchema: null,
  },
  {
    id: "cm9tq1v4k000dl70f5b1x8n4q",
    slug: "generate-pdf-report",
    filePath: "src/trigger/reports.ts",
    triggerSource: "STANDARD",
    createdAt: "2026-11-28T14:02:11.000Z",
    payloadSchema: null,
  },
];

const run = (over: Record<string, unknown>) => ({
  status: "COMPLETED",
  version: "20261128.3",
  isQueued: false,
  isExecuting: false,
  isWaiting: false,
  isCompleted: true,
  isSuccess: true,
  isFailed: false,
  isCancelled: false,
  isTest: false,
  tags: [],
  costInCents: 0.0421,
  baseCostInCents: 0.0025,
  durationMs: 1840,
  env: { id: "cm4x2ka0w0007l70a9d3e5f1h", name: "prod" },
  ...over,
});

const RUNS = [
  run({
    id: "run_cmaq7w1xz00e2l70fj3k9h4t2",
    taskIdentifier: "send-welcome-email",
    status: "EXECUTING",
    isExecuting: true,
    isCompleted: false,
    isSuccess: false,
    createdAt: "2026-12-09T10:41:02.118Z",
    updatedAt: "2026-12-09T10:41:03.020Z",
    startedAt: "2026-12-09T10:41:02.910Z",
    durationMs: 0,
    costInCents: 0,
    tags: ["user:usr_4821"],
  }),
  run({
    id: "run_cmaq6r8pt00d9l70f1c2v7b5m",
    taskIdentifier: "sync-stripe-invoices",
    createdAt: "2026-12-09T10:00:00.412Z",
    updatedAt: "2026-12-09T10:00:07.913Z",
    startedAt: "2026-12-09T10:00:00.880Z",
    finishedAt: "2026-12-09T10:00:07.903Z",
    durationMs: 7023,
    costInCents: 0.1214,
    tags: ["schedule:hourly"],
  }),
  run({
    id: "run_cmaq5m2hd00c1l70fq8e3y6a0",
    taskIdentifier: "generate-pdf-report",
    status: "FAILED",
    isSuccess: false,
    isFailed: true,
    createdAt: "2026-12-09T09:12:40.001Z",
    updatedAt: "2026-12-09T09:14:55.530Z",
    startedAt: "2026-12-09T09:12:40.507Z",
    finishedAt: "2026-12-09T09:14:55.521Z",
    durationMs: 135014,
    costInCents: 2.2502,
  }),
];

function handler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  seen.push(
    `${req.method} ${url.pathname}${url.search} auth=${(req.headers.authorization ?? "-").slice(0, 20)} ${body.slice(0, 160)}`,
  );
  if (state.rateLimited) {
    // Reset a second and a half ahead (x-ratelimit-reset is in milliseconds): the client waits for it and asks again.
    const reset = Date.now() + 1500;
    return json(
      res,
      429,
      {
        title: "Rate Limit Exceeded",
        status: 429,
        type: "https://trigger.dev/docs/limits#rate-limits",
        detail: "Rate limit exceeded 0/1500 requests remaining. Retry in 2 seconds.",
        reset,
        limit: 1500,
        remaining: 0,
        secondsUntilReset: 2,
        error: "Rate limit exceeded 0/1500 requests remaining. Retry in 2 seconds.",
      },
      {
        "x-ratelimit-limit": "1500",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": String(reset),
        "Retry-After": "2",
      },
    );
  }
  if (state.serverError) return err(res, 500, "Internal Server Error");
  if (state.badGateway)
    return text(res, 502, cloudflare502("api.trigger.dev", "8f0c2d4e1b7a93c5"), "text/html; charset=UTF-8");
  const p = url.pathname;
  if (p === "/api/v2/whoami") {
    if (state.tokenRevoked || req.headers.authorization !== `Bearer ${PAT}`)
      return err(res, 401, "Invalid or Missing Access Token");
    const answer = () =>
      json(res, 200, {
        userId: "cm4x2k7pe0001l70a2b8c4d6f",
        email: "maya.okafor@northwind-labs.dev",
        dashboardUrl: "https://cloud.trigger.dev",
      });
    if (state.slow) return later(15_000, answer);
    return answer();
  }
  if (p === "/api/v1/projects" && req.method === "GET")
    return json(res, 200, [
      {
        id: "cm4x2ka0w0005l70a1q9z3x7c",
        externalRef: PROJECT,
        name: "northwind-app",
        slug: "northwind-app-Zb3q",
        createdAt: "2025-03-04T09:15:02.000Z",
        defaultRegion: "us-east-1",
        defaultRuntime: "node-22",
        organization: ORG,
      },
    ]);
  let m = p.match(/^\/api\/v1\/projects\/([^/]+)\/([^/]+)\/jwt$/);
  if (m) {
    if (m[1] === UNKNOWN_PROJECT) return err(res, 404, "Project not found");
    return json(res, 200, { token: JWT, environmentId: `env_${m[2]}_k7t4` });
  }
  m = p.match(/^\/api\/v1\/projects\/([^/]+)\/([^/]+)\/workers\/current$/);
  if (m) {
    if (m[1] === OTHER_ORG_PROJECT) return err(res, 403, "You don't have access to this project");
    if (m[2] === "staging") return err(res, 404, "Worker not found");
    return json(res, 200, {
      worker: {
        id: "cm9tq1v3z0009l70fa7c2e4g6",
        version: "20261128.3",
        engine: "V2",
        sdkVersion: "4.8.3",
        cliVersion: "4.8.3",
        tasks: TASKS,
      },
      urls: {
        runs: `https://cloud.trigger.dev/projects/v3/${m[1]}/runs?envSlug=${m[2]}&versions=20261128.3`,
      },
    });
  }
  m = p.match(/^\/api\/v1\/tasks\/([^/]+)\/trigger$/);
  if (m) {
    if (!TASKS.some((t) => t.slug === decodeURIComponent(m![1]!)))
      return err(res, 404, `Task not found: ${decodeURIComponent(m[1]!)}`);
    return json(res, 200, { id: "run_cmaq8b3nf00f4l70f6w2k1j9d" }, { "x-trigger-jwt": JWT });
  }
  if (p === "/api/v1/runs") {
    const status = url.searchParams.get("filter[status]");
    const found = status ? RUNS.filter((r) => status.split(",").includes(r.status as string)) : RUNS;
    const task = url.searchParams.get("filter[taskIdentifier]");
    const byTask = task
      ? found.filter((r) => task.split(",").includes((r as Record<string, unknown>).taskIdentifier as string))
      : found;
    const tag = url.searchParams.get("filter[tag]");
    const data = tag ? byTask.filter((r) => (r.tags as string[]).includes(tag)) : byTask;
    return json(res, 200, { data, pagination: {} });
  }
  m = p.match(/^\/api\/v2\/runs\/([^/]+)\/cancel$/);
  if (m) return err(res, 404, "Run not found");
  unknownRequests.push(`${req.method} ${p}`);
  return err(res, 404, "Not found");
}

export const api = httpStandin(API_PORT, handler);

export const ALL_STANDINS = [api];
