// Loopback stand-in for group r42-e: Langfuse's public REST API (`<LANGFUSE_BASE_URL>/api/public/…`), on plain HTTP
// 45100. langfuse-mcp reads its base URL from `LANGFUSE_BASE_URL` and authenticates every request with HTTP Basic
// (public key : secret key), so no proxy and no certificate are needed.
//
// README.md says where each body's shape comes from and which values were written for the capture. `state` is switched
// by the session's hooks.

import type http from "node:http";
import { clearTimers, httpStandin, json, later, text } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r42-e";

export const LANGFUSE_PORT = 45100;

export const PUBLIC_KEY = "pk-lf-3c7e1a92-5b4d-4f08-9e21-6a8d0c4b7f15";
export const SECRET_KEY = "sk-lf-8d2f6b41-0a9c-4e73-b5d8-1f7c3e9a2b64";
export const WRONG_SECRET_KEY = "sk-lf-8d2f6b41-0a9c-4e73-b5d8-1f7c3e9a2b46";

export const PROJECT_ID = "cm4x7k2qp0003l508h2v9d1ts";
export const TRACE_ID = "9f3b2c71-4e8a-4d65-b0c2-7a1e5f93d804";
export const TRACE_2 = "1c8d5e07-2b9f-4a31-8e64-d3f0a7c21b95";
export const TRACE_3 = "6ab40f92-71d3-4c8e-9a05-e2b87d14c3f6";
export const MISSING_TRACE = "0d4e9a61-3f72-4b18-a5c9-8e2b7d60f1a3";
export const GENERATION_ID = "obs_7e1c4a9d2b58";
export const SESSION_ID = "chat-2026-12-06-ana-weber";

export const state = {
  rateLimited: false,
  serverError: false,
  badGateway: false,
  loginPage: false,
  slow: false,
};

export const seen: string[] = [];
export const unknownRequests: string[] = [];

const AUTH_OK = `Basic ${Buffer.from(`${PUBLIC_KEY}:${SECRET_KEY}`).toString("base64")}`;

/** Langfuse's error body for the errors its public API raises: `{message, error}` with the error class's name. */
const notFound = (res: http.ServerResponse, message: string) =>
  json(res, 404, { message, error: "LangfuseNotFoundError" });

const meta = (page: number, limit: number, totalItems: number) => ({
  page,
  limit,
  totalItems,
  totalPages: Math.ceil(totalItems / limit),
});

const TRACES = [
  {
    id: TRACE_ID,
    timestamp: "2026-12-06T14:02:11.412Z",
    name: "support-triage",
    input: { ticket: "My order NB-20931 arrived without the rye bread." },
    output: { queue: "fulfilment", priority: "normal", reply_draft: "Sorry about the missing loaf, Ana…" },
    sessionId: SESSION_ID,
    release: "2026.12.2",
    version: "triage-v3",
    userId: "u_ana_weber",
    metadata: { channel: "email" },
    tags: ["support", "triage"],
    public: false,
    environment: "production",
    htmlPath: `/project/${PROJECT_ID}/traces/${TRACE_ID}`,
    latency: 2.184,
    totalCost: 0.000412,
    observations: [GENERATION_ID, "obs_2f8a0c61e4d3", "obs_c4d9e1b07a25"],
    scores: ["score_5b2e8c1f"],
    createdAt: "2026-12-06T14:02:13.871Z",
    updatedAt: "2026-12-06T14:02:14.020Z",
  },
  {
    id: TRACE_2,
    timestamp: "2026-12-06T13:47:55.003Z",
    name: "support-triage",
    input: { ticket: "Can I change the pick-up day to Wednesday?" },
    output: { queue: "orders", priority: "low", reply_draft: "Of course, Jonas…" },
    sessionId: "chat-2026-12-06-jonas-becker",
    release: "2026.12.2",
    version: "triage-v3",
    userId: "u_jonas_becker",
    metadata: { channel: "chat" },
    tags: ["support", "triage"],
    public: false,
    environment: "production",
    htmlPath: `/project/${PROJECT_ID}/traces/${TRACE_2}`,
    latency: 1.402,
    totalCost: 0.000287,
    observations: ["obs_91a7d3c2f0e8", "obs_3e6b0d94a1c7"],
    scores: [],
    createdAt: "2026-12-06T13:47:56.511Z",
    updatedAt: "2026-12-06T13:47:56.640Z",
  },
  {
    id: TRACE_3,
    timestamp: "2026-12-06T13:12:40.770Z",
    name: "menu-answer",
    input: { question: "Is the buckwheat loaf gluten-free?" },
    output: { answer: "Yes, it is baked every Thursday in a separate gluten-free oven." },
    sessionId: null,
    release: "2026.12.2",
    version: "menu-v1",
    userId: "u_lea_hoffmann",
    metadata: {},
    tags: ["menu"],
    public: false,
    environment: "production",
    htmlPath: `/project/${PROJECT_ID}/traces/${TRACE_3}`,
    latency: 0.951,
    totalCost: 0.000118,
    observations: ["obs_b8e2f5a04d19"],
    scores: ["score_0c7d4a9e"],
    createdAt: "2026-12-06T13:12:41.902Z",
    updatedAt: "2026-12-06T13:12:42.004Z",
  },
];

const GENERATION = {
  id: GENERATION_ID,
  traceId: TRACE_ID,
  type: "GENERATION",
  name: "classify-ticket",
  startTime: "2026-12-06T14:02:11.530Z",
  endTime: "2026-12-06T14:02:12.998Z",
  completionStartTime: "2026-12-06T14:02:12.301Z",
  model: "gpt-4o-mini-2024-07-18",
  modelParameters: { temperature: 0.2, max_tokens: 400 },
  input: [
    { role: "system", content: "You are the triage assistant of Nordbrot bakery…" },
    { role: "user", content: "My order NB-20931 arrived without the rye bread." },
  ],
  output: null,
  level: "ERROR",
  statusMessage:
    "Error code: 429 - {'error': {'message': 'Rate limit reached for gpt-4o-mini in organization org-… on tokens per min (TPM)', 'type': 'tokens', 'code': 'rate_limit_exceeded'}}",
  parentObservationId: "obs_2f8a0c61e4d3",
  promptId: "cm4x9a1bd0011l508f7kq2w3e",
  promptName: "support-triage",
  promptVersion: 3,
  usageDetails: { input: 412, output: 0, total: 412 },
  costDetails: { input: 0.0000618, output: 0, total: 0.0000618 },
  environment: "production",
  latency: 1.468,
  timeToFirstToken: 0.771,
  version: "triage-v3",
};

const OBSERVATIONS = [
  GENERATION,
  {
    id: "obs_2f8a0c61e4d3",
    traceId: TRACE_ID,
    type: "SPAN",
    name: "triage",
    startTime: "2026-12-06T14:02:11.420Z",
    endTime: "2026-12-06T14:02:13.590Z",
    level: "DEFAULT",
    statusMessage: null,
    parentObservationId: null,
    environment: "production",
    latency: 2.17,
  },
  {
    id: "obs_c4d9e1b07a25",
    traceId: TRACE_ID,
    type: "GENERATION",
    name: "classify-ticket-retry",
    startTime: "2026-12-06T14:02:13.012Z",
    endTime: "2026-12-06T14:02:13.580Z",
    model: "gpt-4o-mini-2024-07-18",
    level: "DEFAULT",
    statusMessage: null,
    parentObservationId: "obs_2f8a0c61e4d3",
    usageDetails: { input: 412, output: 96, total: 508 },
    costDetails: { input: 0.0000618, output: 0.0000576, total: 0.0001194 },
    environment: "production",
    latency: 0.568,
  },
];

const SCORES = [
  {
    id: "score_5b2e8c1f",
    traceId: TRACE_ID,
    observationId: null,
    sessionId: null,
    name: "helpfulness",
    value: 0.8,
    stringValue: null,
    source: "EVAL",
    dataType: "NUMERIC",
    comment: "Correct queue; the reply draft apologises and offers a refund.",
    configId: "cfg_helpfulness_0to1",
    authorUserId: null,
    environment: "production",
    timestamp: "2026-12-06T14:02:20.118Z",
    createdAt: "2026-12-06T14:02:20.240Z",
    updatedAt: "2026-12-06T14:02:20.240Z",
  },
  {
    id: "score_0c7d4a9e",
    traceId: TRACE_3,
    observationId: null,
    sessionId: null,
    name: "helpfulness",
    value: 1,
    stringValue: null,
    source: "ANNOTATION",
    dataType: "NUMERIC",
    comment: null,
    configId: "cfg_helpfulness_0to1",
    authorUserId: "usr_k9d2m4p1",
    environment: "production",
    timestamp: "2026-12-06T15:31:02.511Z",
    createdAt: "2026-12-06T15:31:02.600Z",
    updatedAt: "2026-12-06T15:31:02.600Z",
  },
];

const PROMPT_V3 = {
  id: "cm4x9a1bd0011l508f7kq2w3e",
  createdAt: "2026-11-28T09:14:37.220Z",
  updatedAt: "2026-12-02T16:40:05.871Z",
  projectId: PROJECT_ID,
  createdBy: "API",
  prompt: [
    {
      role: "system",
      content:
        "You are the triage assistant of Nordbrot bakery. Classify the ticket into one of {{queues}} and draft a short reply in the customer's language.",
    },
    { role: "user", content: "{{ticket}}" },
  ],
  name: "support-triage",
  version: 3,
  type: "chat",
  isActive: null,
  config: { model: "gpt-4o-mini", temperature: 0.2, max_tokens: 400 },
  tags: ["support"],
  labels: ["production", "latest"],
  commitMessage: "Draft the reply in the customer's language",
  resolutionGraph: null,
};

const PROMPTS_LIST = {
  data: [
    {
      name: "support-triage",
      versions: [1, 2, 3],
      labels: ["production", "latest"],
      tags: ["support"],
      lastUpdatedAt: "2026-12-02T16:40:05.871Z",
      lastConfig: { model: "gpt-4o-mini", temperature: 0.2, max_tokens: 400 },
      type: "chat",
    },
    {
      name: "menu-answer",
      versions: [1],
      labels: ["production", "latest"],
      tags: ["menu"],
      lastUpdatedAt: "2026-10-19T08:02:44.100Z",
      lastConfig: { model: "gpt-4o-mini", temperature: 0 },
      type: "text",
    },
  ],
  meta: meta(1, 50, 2),
};

const DATASET_RUNS = {
  data: [
    {
      id: "cm4y2d7hf0042l508a9cz1m6b",
      name: "triage-v3-2026-12-01",
      description: "support-triage v3 against the golden tickets",
      metadata: { model: "gpt-4o-mini", promptVersion: 3 },
      datasetId: "cm4w8b3kn0021l508x5t0e7qa",
      datasetName: "triage-golden",
      createdAt: "2026-12-01T11:20:09.400Z",
      updatedAt: "2026-12-01T11:24:51.013Z",
    },
    {
      id: "cm4xz6c1e0037l508r2bd8k4n",
      name: "triage-v2-2026-11-24",
      description: "support-triage v2 baseline",
      metadata: { model: "gpt-4o-mini", promptVersion: 2 },
      datasetId: "cm4w8b3kn0021l508x5t0e7qa",
      datasetName: "triage-golden",
      createdAt: "2026-11-24T10:02:31.772Z",
      updatedAt: "2026-11-24T10:06:12.505Z",
    },
  ],
  meta: meta(1, 50, 2),
};

const METRICS_VIEWS = ["traces", "observations", "scores-numeric", "scores-categorical"];

/** GET /api/public/metrics?query=<JSON>: the v1 metrics API; a bad `view` is refused with the zod issue. */
function metrics(url: URL, res: http.ServerResponse) {
  let query: Record<string, unknown>;
  try {
    query = JSON.parse(url.searchParams.get("query") ?? "") as Record<string, unknown>;
  } catch {
    return json(res, 400, { message: "Invalid JSON in query parameter", error: "InvalidRequestError" });
  }
  if (!METRICS_VIEWS.includes(String(query.view)))
    return json(res, 400, {
      message: "Invalid request data",
      error: [
        {
          received: query.view,
          code: "invalid_enum_value",
          options: METRICS_VIEWS,
          path: ["view"],
          message: `Invalid enum value. Expected 'traces' | 'observations' | 'scores-numeric' | 'scores-categorical', received '${String(query.view)}'`,
        },
      ],
    });
  return json(res, 200, {
    data: [
      { name: "support-triage", count_count: "412", totalCost_sum: 0.1684 },
      { name: "menu-answer", count_count: "97", totalCost_sum: 0.0112 },
    ],
  });
}

/** AWS Application Load Balancer's own 502 page, as it answers when the Langfuse web container behind it is gone. */
const ALB_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n";

/** The sign-in page an identity-aware proxy in front of a self-hosted Langfuse answers (200) once its session ends. */
const LOGIN_PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Sign in · Nordbrot SSO</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
</head>
<body>
<form method="post" action="/oauth2/start?rd=%2Fapi%2Fpublic%2Fscore-configs">
<h1>Sign in to continue to langfuse.nordbrot.example</h1>
<button type="submit">Sign in with Google</button>
</form>
</body>
</html>
`;

function langfuse(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  const p = url.pathname;
  seen.push(`${method} ${p}${url.search}`);

  if (!p.startsWith("/api/public/")) {
    unknownRequests.push(`${method} ${p}`);
    return notFound(res, "Route not found");
  }
  // The health endpoint answers without credentials.
  if (method === "GET" && p === "/api/public/health")
    return json(res, 200, { status: "OK", version: "3.142.0" });

  if (state.loginPage) return text(res, 200, LOGIN_PAGE, "text/html; charset=utf-8");
  if (state.badGateway) return text(res, 502, ALB_502, "text/html", { server: "awselb/2.0" });
  const auth = req.headers.authorization;
  if (!auth) return json(res, 401, { message: "No authorization header" });
  if (auth !== AUTH_OK)
    return json(res, 401, {
      message: "Invalid credentials. Confirm that you've configured the correct host.",
    });
  if (state.rateLimited)
    return json(
      res,
      429,
      { message: "Rate limit exceeded" },
      {
        "retry-after": "17",
        "x-ratelimit-limit": "1000",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": "2026-12-07T14:31:00.000Z",
      },
    );
  if (state.serverError)
    return json(res, 500, { message: "Internal Server Error", error: "An unknown error occurred" });
  if (state.slow) return later(15_000, () => json(res, 200, GENERATION));

  const route = `${method} ${p.slice("/api/public".length)}`;
  const page = Number(url.searchParams.get("page") ?? 1);
  const limit = Number(url.searchParams.get("limit") ?? 50);

  if (route === "GET /projects")
    return json(res, 200, {
      data: [
        {
          id: PROJECT_ID,
          name: "nordbrot-support",
          organization: { id: "cm4x7j9wd0001l508b3fz0qe2", name: "Nordbrot" },
          metadata: {},
          retentionDays: 90,
        },
      ],
    });
  if (route === "GET /traces") {
    let traces = TRACES;
    const userId = url.searchParams.get("userId");
    if (userId) traces = traces.filter((t) => t.userId === userId);
    const env = url.searchParams.get("environment");
    if (env) traces = traces.filter((t) => t.environment === env);
    const name = url.searchParams.get("name");
    if (name) traces = traces.filter((t) => t.name === name);
    return json(res, 200, {
      data: traces.slice((page - 1) * limit, page * limit),
      meta: meta(page, limit, traces.length),
    });
  }
  let m = /^GET \/traces\/([^/]+)$/.exec(route);
  if (m) {
    const id = decodeURIComponent(m[1]!);
    const trace = TRACES.find((t) => t.id === id);
    if (!trace) return notFound(res, `Trace ${id} not found within authorized project`);
    return json(res, 200, {
      ...trace,
      observations: OBSERVATIONS.filter((o) => o.traceId === id),
      scores: SCORES.filter((s) => s.traceId === id),
    });
  }
  if (route === "GET /observations") {
    let obs = OBSERVATIONS;
    const traceId = url.searchParams.get("traceId");
    if (traceId) obs = obs.filter((o) => o.traceId === traceId);
    const type = url.searchParams.get("type");
    if (type) obs = obs.filter((o) => o.type === type);
    const level = url.searchParams.get("level");
    if (level) obs = obs.filter((o) => o.level === level);
    return json(res, 200, { data: obs, meta: meta(page, limit, obs.length) });
  }
  m = /^GET \/observations\/([^/]+)$/.exec(route);
  if (m) {
    const obs = OBSERVATIONS.find((o) => o.id === decodeURIComponent(m![1]!));
    if (!obs) return notFound(res, "Observation not found within authorized project");
    return json(res, 200, obs);
  }
  m = /^GET \/sessions\/([^/]+)$/.exec(route);
  if (m) {
    const id = decodeURIComponent(m[1]!);
    const traces = TRACES.filter((t) => t.sessionId === id);
    if (!traces.length) return notFound(res, "Session not found");
    return json(res, 200, {
      id,
      createdAt: "2026-12-06T14:02:13.871Z",
      projectId: PROJECT_ID,
      environment: "production",
      traces: traces.map(({ observations: _o, scores: _s, ...t }) => t),
    });
  }
  if (route === "GET /sessions")
    return json(res, 200, {
      data: [
        {
          id: SESSION_ID,
          createdAt: "2026-12-06T14:02:13.871Z",
          projectId: PROJECT_ID,
          environment: "production",
        },
        {
          id: "chat-2026-12-06-jonas-becker",
          createdAt: "2026-12-06T13:47:56.511Z",
          projectId: PROJECT_ID,
          environment: "production",
        },
      ],
      meta: meta(page, limit, 2),
    });
  if (route === "GET /scores") {
    let scores = SCORES;
    const name = url.searchParams.get("name");
    if (name) scores = scores.filter((s) => s.name === name);
    return json(res, 200, { data: scores.slice(0, limit), meta: meta(page, limit, scores.length) });
  }
  if (route === "GET /score-configs")
    return json(res, 200, {
      data: [
        {
          id: "cfg_helpfulness_0to1",
          name: "helpfulness",
          dataType: "NUMERIC",
          minValue: 0,
          maxValue: 1,
          isArchived: false,
          description: "How well the reply resolves the customer's ticket",
          projectId: PROJECT_ID,
          createdAt: "2026-10-02T09:00:00.000Z",
          updatedAt: "2026-10-02T09:00:00.000Z",
        },
      ],
      meta: meta(page, limit, 1),
    });
  if (route === "GET /v2/prompts") {
    const label = url.searchParams.get("label");
    const data = label ? PROMPTS_LIST.data.filter((p) => p.labels.includes(label)) : PROMPTS_LIST.data;
    return json(res, 200, { data, meta: meta(page, limit, data.length) });
  }
  m = /^GET \/v2\/prompts\/([^/]+)$/.exec(route);
  if (m) {
    const name = decodeURIComponent(m[1]!);
    const version = url.searchParams.get("version");
    const label = url.searchParams.get("label");
    if (
      name !== "support-triage" ||
      (version && version !== "3") ||
      (label && !PROMPT_V3.labels.includes(label))
    )
      return notFound(res, "Prompt not found");
    return json(res, 200, PROMPT_V3);
  }
  m = /^GET \/datasets\/([^/]+)\/runs$/.exec(route);
  if (m) {
    if (decodeURIComponent(m[1]!) !== "triage-golden") return notFound(res, "Dataset not found");
    return json(res, 200, DATASET_RUNS);
  }
  m = /^GET \/datasets\/([^/]+)\/runs\/([^/]+)$/.exec(route);
  if (m) {
    const run = DATASET_RUNS.data.find((r) => r.name === decodeURIComponent(m![2]!));
    if (decodeURIComponent(m[1]!) !== "triage-golden" || !run) return notFound(res, "Dataset run not found");
    return json(res, 200, { ...run, datasetRunItems: [] });
  }
  if (route === "GET /metrics") return metrics(url, res);
  if (route === "GET /models")
    return json(res, 200, {
      data: [
        {
          id: "clrntkjgy000f08jx79v9g1xj",
          modelName: "gpt-4o-mini",
          matchPattern: "(?i)^(openai/)?(gpt-4o-mini)$",
          unit: "TOKENS",
          inputPrice: 1.5e-7,
          outputPrice: 6e-7,
          isLangfuseManaged: true,
        },
      ],
      meta: meta(page, limit, 1),
    });

  unknownRequests.push(route);
  return notFound(res, "Route not found");
}

export const langfuseStandin = httpStandin(LANGFUSE_PORT, langfuse);

export const ALL_STANDINS = [langfuseStandin];
