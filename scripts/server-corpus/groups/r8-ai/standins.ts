// Loopback stand-ins for the APIs behind this group's servers, answering with the real APIs' bodies
// and error shapes: the Amazon Bedrock Agent Runtime (Knowledge Base `Retrieve`, restJson1 errors with
// `x-amzn-ErrorType`), an Opik backend (Dropwizard `{code,message}` and Opik's `{errors:[…]}` bodies),
// a self-hosted Firecrawl (v2 API, `{success:false,error}`), the DeepSeek API (OpenAI-style
// `{error:{message,type,param,code}}`) and the Replicate HTTP API (problem+json `{title,detail,status}`).
// Each listens on its own port so that one can be stopped (an unreachable backend) while the others
// keep answering. `state` is switched by the sessions' hooks (a revoked key, a throttled account, …).

import http from "node:http";
import http2 from "node:http2";
import type { Socket } from "node:net";

export const KB_PORT = 39000;
export const OPIK_PORT = 39001;
export const FIRECRAWL_PORT = 39002;
export const DEEPSEEK_PORT = 39003;
export const REPLICATE_PORT = 39004;

export const AWS_KEY_ID = "AKIAR8AICORPUS000001";
export const AWS_SECRET = "r8aiCorpusSecretKey/0000000000000000000";
export const OPIK_KEY = "opik-r8ai-corpus-key";
export const OPIK_WORKSPACE = "r8-ai-corpus";
export const FIRECRAWL_KEY = "fc-r8aicorpus0000000000000000000";
export const DEEPSEEK_KEY = "sk-r8aicorpus00000000000000000a1b2";
export const REPLICATE_TOKEN = "r8_R8aiCorpusToken000000000000000000000";

export const state = {
  kbCredentialsInvalid: false,
  kbThrottled: false,
  kbInternalError: false,
  opikKeyRevoked: false,
  opikRateLimited: false,
  opikInternalError: false,
  opikHtmlLogin: false,
  fcKeyRevoked: false,
  fcOutOfCredits: false,
  fcRateLimited: false,
  fcInternalError: false,
  dsKeyRevoked: false,
  dsNoBalance: false,
  dsRateLimited: false,
  dsOverloaded: false,
  dsBadGateway: false,
  rpTokenRevoked: false,
  rpThrottled: false,
  rpInternalError: false,
};

type Incoming = http.IncomingMessage | http2.Http2ServerRequest;
type Reply = http.ServerResponse | http2.Http2ServerResponse;
type Handler = (req: Incoming, url: URL, body: string, res: Reply) => void;

function json(res: Reply, status: number, body: unknown, headers: Record<string, string> = {}) {
  (res as http.ServerResponse).writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function parse(body: string): Record<string, unknown> {
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** `h2c`: HTTP/2 without TLS (the AWS SDK's Bedrock Agent Runtime client speaks HTTP/2 only). */
function serve(port: number, handler: Handler, h2c = false) {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const onRequest = (req: Incoming, res: Reply) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      if (process.env.R8AI_STANDIN_LOG)
        console.error(`[${port}] ${req.method} ${req.url} ${body.slice(0, 300)}`);
      handler(req, new URL(req.url ?? "/", `http://127.0.0.1:${port}`), body, res);
    });
  };
  const server = h2c ? http2.createServer(onRequest) : http.createServer(onRequest);
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  return {
    /** Answers after `ms`, unless the stand-in is stopped first. */
    later(ms: number, fn: () => void) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        fn();
      }, ms);
      timers.add(timer);
    },
    start: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve())),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------- Amazon Bedrock Agent Runtime (Retrieve)

const AWS_ACCOUNT = "123456789012";
let awsRequest = 0;

function awsError(res: Reply, status: number, type: string, message: string) {
  awsRequest += 1;
  res.writeHead(status, {
    "content-type": "application/json",
    "x-amzn-requestid": `5f1c0e2a-8d3b-4c7e-9a10-r8ai${String(awsRequest).padStart(8, "0")}`,
    "x-amzn-errortype": `${type}:http://internal.amazon.com/coral/com.amazon.bedrock.agent.runtime/`,
  });
  res.end(JSON.stringify({ message }));
}

const RUNBOOK_CHUNKS = [
  {
    text: "Rotating the orders database credentials: 1. Create the new secret version in Secrets Manager (orders/db/primary). 2. Run `ops rotate-db --cluster orders --stage AWSPENDING`. 3. Wait for the canary to report healthy connections, then promote AWSPENDING to AWSCURRENT. Old credentials stay valid for 24 hours.",
    uri: "s3://r8ai-runbooks/databases/rotate_db_credentials.txt",
    score: 0.8231,
  },
  {
    text: "Connection pool exhaustion after a credential rotation usually means a service still holds the old secret. Restart the service's pods in the affected namespace; the pool re-reads AWSCURRENT on start.",
    uri: "s3://r8ai-runbooks/databases/connection_pool.txt",
    score: 0.6112,
  },
  {
    text: "Ingest gateway status codes: a 503 Service Unavailable from the ingest gateway means the queue is full and the gateway is shedding load; clients should back off and retry. A 502 Bad Gateway means the upstream writer crashed; page the on-call. Error 429 is returned per tenant when the tenant exceeds 500 events per second.",
    uri: "s3://r8ai-runbooks/ingest/gateway_status_codes.txt",
    score: 0.7745,
  },
  {
    text: "The ingest gateway logs every rejected batch with the reason code (QUEUE_FULL, TENANT_THROTTLED, PAYLOAD_TOO_LARGE) in the `ingest-rejects` log group.",
    uri: "s3://r8ai-runbooks/ingest/rejected_batches.txt",
    score: 0.5034,
  },
];

const kbServer = serve(
  KB_PORT,
  (req, url, body, res) => {
    const match = /^\/knowledgebases\/([^/]*)\/retrieve$/.exec(url.pathname);
    if (req.method !== "POST" || !match) {
      return awsError(res, 404, "UnknownOperationException", "");
    }
    const auth = req.headers.authorization ?? "";
    if (state.kbCredentialsInvalid || !auth.includes(`Credential=${AWS_KEY_ID}/`)) {
      return awsError(
        res,
        403,
        "UnrecognizedClientException",
        "The security token included in the request is invalid.",
      );
    }
    const kbId = decodeURIComponent(match[1] ?? "");
    const input = parse(body) as {
      retrievalQuery?: { text?: string };
      retrievalConfiguration?: { vectorSearchConfiguration?: { numberOfResults?: unknown } };
    };
    const n = input.retrievalConfiguration?.vectorSearchConfiguration?.numberOfResults;
    if (!/^[0-9a-zA-Z]+$/.test(kbId) || kbId.length > 10) {
      return awsError(
        res,
        400,
        "ValidationException",
        `1 validation error detected: Value '${kbId}' at 'knowledgeBaseId' failed to satisfy constraint: Member must satisfy regular expression pattern: [0-9a-zA-Z]+`,
      );
    }
    if (n !== undefined && typeof n !== "number") {
      return awsError(res, 400, "SerializationException", "STRING_VALUE can not be converted to an Integer");
    }
    if (typeof n === "number" && (n < 1 || n > 100)) {
      return awsError(
        res,
        400,
        "ValidationException",
        `1 validation error detected: Value '${n}' at 'retrievalConfiguration.vectorSearchConfiguration.numberOfResults' failed to satisfy constraint: Member must have value ${n < 1 ? "greater than or equal to 1" : "less than or equal to 100"}`,
      );
    }
    if (state.kbThrottled) {
      return awsError(
        res,
        429,
        "ThrottlingException",
        "Your request rate is too high. Reduce the frequency of requests.",
      );
    }
    if (state.kbInternalError) {
      return awsError(res, 500, "InternalServerException", "Internal server error");
    }
    if (kbId === "KBFINANCE1") {
      return awsError(
        res,
        403,
        "AccessDeniedException",
        `User: arn:aws:iam::${AWS_ACCOUNT}:user/corpus-r8-ai is not authorized to perform: bedrock:Retrieve on resource: arn:aws:bedrock:us-east-1:${AWS_ACCOUNT}:knowledge-base/KBFINANCE1 because no identity-based policy allows the bedrock:Retrieve action`,
      );
    }
    if (kbId === "KBARCHIVE1") {
      // A knowledge base whose vector store answers after 15 s.
      return kbServer.later(15_000, () => json(res, 200, { retrievalResults: [] }));
    }
    if (kbId !== "KBRUNBOOK1") {
      return awsError(
        res,
        404,
        "ResourceNotFoundException",
        "Failed to retrieve resource because it doesn't exist. Retry the request with a different resource identifier.",
      );
    }
    const query = (input.retrievalQuery?.text ?? "").toLowerCase();
    const words = query.split(/\W+/).filter((word) => word.length > 3);
    const hits = RUNBOOK_CHUNKS.filter((chunk) =>
      words.some((word) => chunk.text.toLowerCase().includes(word)),
    )
      .sort((a, b) => b.score - a.score)
      .slice(0, typeof n === "number" ? n : 5);
    json(
      res,
      200,
      {
        retrievalResults: hits.map((chunk, index) => ({
          content: { text: chunk.text, type: "TEXT" },
          location: { type: "S3", s3Location: { uri: chunk.uri } },
          metadata: {
            "x-amz-bedrock-kb-source-uri": chunk.uri,
            "x-amz-bedrock-kb-chunk-id": `1%3A0%3Ar8ai-chunk-${index}`,
            "x-amz-bedrock-kb-data-source-id": "DSRUNBOOK1",
          },
          score: chunk.score,
        })),
      },
      { "x-amzn-requestid": "5f1c0e2a-8d3b-4c7e-9a10-r8ai00000000" },
    );
  },
  true,
);

export const kbStandin = kbServer;

// ---------------------------------------------------------------- Opik backend (/v1/private)

const OPIK_PROJECT_ID = "0193a1f2-7c4e-7d21-9a4b-2f6c1e0d8a11";
const OPIK_TRACE_ID = "0193a1f4-11d2-7b8e-8c3a-5e9f2a7d4b01";
const OPIK_PROJECTS = [
  {
    id: OPIK_PROJECT_ID,
    name: "support-bot",
    description: "Customer support RAG assistant",
    created_at: "2026-11-02T09:14:22.104Z",
    last_updated_at: "2026-12-05T17:40:03.552Z",
    last_updated_trace_at: "2026-12-05T17:40:03.552Z",
  },
  {
    id: "0193a1f2-9e10-7a55-b1d7-44c0a9e3f7c2",
    name: "invoice-extractor",
    description: "Structured extraction from supplier invoices",
    created_at: "2026-10-18T13:02:51.220Z",
    last_updated_at: "2026-12-04T08:11:40.017Z",
  },
];
const OPIK_TRACES = [
  {
    id: OPIK_TRACE_ID,
    project_id: OPIK_PROJECT_ID,
    name: "answer_question",
    start_time: "2026-12-05T17:40:01.120Z",
    end_time: "2026-12-05T17:40:03.552Z",
    input: { question: "How do I reset my router to factory settings?" },
    output: { answer: "Hold the reset button for 10 seconds until the power light blinks amber." },
    metadata: { model: "gpt-4o-mini", retriever: "kb-v3" },
    tags: ["production"],
    usage: { prompt_tokens: 812, completion_tokens: 64, total_tokens: 876 },
    total_estimated_cost: 0.000161,
    duration: 2432.0,
    feedback_scores: [{ name: "answer_relevance", value: 0.91, source: "online_scoring" }],
  },
  {
    id: "0193a1f4-0fa1-7c2d-a6e5-3d1b7c9e2f40",
    project_id: OPIK_PROJECT_ID,
    name: "answer_question",
    start_time: "2026-12-05T17:31:44.008Z",
    end_time: "2026-12-05T17:31:45.300Z",
    input: { question: "Why is my invoice higher this month?" },
    output: { answer: "Your plan renewed at the annual rate on December 1." },
    metadata: { model: "gpt-4o-mini", retriever: "kb-v3" },
    tags: ["production"],
    usage: { prompt_tokens: 640, completion_tokens: 41, total_tokens: 681 },
    total_estimated_cost: 0.000121,
    duration: 1292.0,
  },
];
const OPIK_PROMPTS = [
  {
    id: "0193a200-3b7e-7f10-8d2c-6a4e1b9c0d77",
    name: "support-answer",
    description: "System prompt for the support bot",
    created_at: "2026-11-02T09:20:00.000Z",
    last_updated_at: "2026-12-01T10:00:00.000Z",
    version_count: 4,
    tags: ["support"],
  },
];
const OPIK_DATASETS = [
  {
    id: "0193a210-5c1a-7e44-9b3f-8d2e6f1a4c90",
    name: "support-golden-set",
    description: "120 reviewed question/answer pairs",
    dataset_items_count: 120,
    created_at: "2026-11-05T12:00:00.000Z",
    last_updated_at: "2026-12-02T16:45:10.000Z",
  },
];

function page<T>(items: T[], url: URL) {
  const pageNo = Number(url.searchParams.get("page") ?? "1");
  const size = Number(url.searchParams.get("size") ?? "10");
  const start = (pageNo - 1) * size;
  return { page: pageNo, size, total: items.length, content: items.slice(start, start + size) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const opikServer = serve(OPIK_PORT, (req, url, body, res) => {
  const path = url.pathname;
  if (req.headers.authorization !== OPIK_KEY || state.opikKeyRevoked) {
    return json(res, 401, { code: 401, message: "User not allowed to access workspace" });
  }
  if (state.opikHtmlLogin) {
    // The instance sits behind an SSO proxy whose session expired: it answers with its login page.
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    return res.end(
      '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Sign in · Opik</title></head>\n<body><form method="post" action="/oauth2/start"><h1>Sign in to continue</h1><p>Your session has expired.</p><button type="submit">Sign in with SSO</button></form></body></html>\n',
    );
  }
  if (state.opikInternalError) {
    return json(res, 500, {
      code: 500,
      message: "There was an error processing your request. It has been logged (ID 7c1e4f2a9b3d8e60).",
    });
  }
  // A workspace nobody has logged anything to yet.
  const emptyWorkspace = req.headers["comet-workspace"] === "r8-ai-sandbox";
  if (req.method === "GET" && path === "/v1/private/projects") {
    return json(res, 200, page(emptyWorkspace ? [] : OPIK_PROJECTS, url));
  }
  if (req.method === "GET" && path === "/v1/private/traces") {
    const projectId = url.searchParams.get("project_id");
    const projectName = url.searchParams.get("project_name");
    const filters = url.searchParams.get("filters");
    let clauses: { field?: string; operator?: string; value?: string }[] = [];
    if (filters) {
      try {
        clauses = JSON.parse(filters) as typeof clauses;
        if (!Array.isArray(clauses)) throw new Error("not a list");
      } catch {
        // FiltersFactory: the parameter must be a JSON list of {field, operator, value}.
        return json(res, 400, { code: 400, message: `Invalid filters query parameter '${filters}'` });
      }
    }
    const project = OPIK_PROJECTS.find((p) => p.id === projectId || p.name === projectName);
    if (!project) return json(res, 404, { errors: ["Project not found"] });
    const traces = OPIK_TRACES.filter(
      (t) =>
        t.project_id === project.id &&
        clauses.every((c) => c.field !== "name" || t.name.includes(String(c.value ?? ""))),
    );
    return json(res, 200, page(traces, url));
  }
  if (
    req.method === "GET" &&
    (path === "/v1/private/traces/stats" || path === "/v1/private/traces/threads")
  ) {
    const filters = url.searchParams.get("filters");
    if (filters) {
      try {
        if (!Array.isArray(JSON.parse(filters))) throw new Error("not a list");
      } catch {
        return json(res, 400, { code: 400, message: `Invalid filters query parameter '${filters}'` });
      }
    }
    if (path.endsWith("/threads")) {
      return json(res, 200, { page: 1, size: 10, total: 0, content: [] });
    }
    return json(res, 200, {
      stats: [
        { name: "trace_count", type: "COUNT", value: 2 },
        { name: "duration", type: "PERCENTAGE", value: { p50: 1862.0, p90: 2318.0, p99: 2420.6 } },
        { name: "total_estimated_cost", type: "AVG", value: 0.000141 },
      ],
    });
  }
  const trace = /^\/v1\/private\/traces\/([^/]+)$/.exec(path);
  if (req.method === "GET" && trace) {
    const id = decodeURIComponent(trace[1] ?? "");
    // Jersey cannot turn a non-UUID path segment into the UUID parameter: no resource matches.
    if (!UUID.test(id)) return json(res, 404, { code: 404, message: "HTTP 404 Not Found" });
    const found = OPIK_TRACES.find((t) => t.id === id);
    if (!found) return json(res, 404, { errors: ["Trace not found"] });
    return json(res, 200, found);
  }
  if (req.method === "GET" && path === "/v1/private/prompts") {
    const name = url.searchParams.get("name");
    return json(
      res,
      200,
      page(
        OPIK_PROMPTS.filter((p) => !name || p.name.includes(name)),
        url,
      ),
    );
  }
  if (req.method === "POST" && path === "/v1/private/prompts") {
    if (state.opikRateLimited) {
      return json(
        res,
        429,
        {
          code: 429,
          message:
            "Too Many Requests: You have exceeded the rate limit for user general events. Please slow down",
        },
        { "ratelimit-reset": "12", "opik-user-limit": "general_events", "opik-user-remaining-limit": "0" },
      );
    }
    const input = parse(body) as { name?: string };
    if (OPIK_PROMPTS.some((p) => p.name === input.name)) {
      return json(res, 409, { errors: ["Prompt id or name already exists"] });
    }
    res.writeHead(201, { location: `${url.origin}/v1/private/prompts/0193a2ff-0000-7000-8000-r8ai00000001` });
    return res.end();
  }
  if (req.method === "POST" && path === "/v1/private/prompts/versions/retrieve") {
    const input = parse(body) as { name?: string; commit?: string };
    const prompt = OPIK_PROMPTS.find((p) => p.name === input.name);
    if (!prompt) return json(res, 404, { errors: ["Prompt not found"] });
    if (input.commit && input.commit !== "a3f9c2e1")
      return json(res, 404, { errors: ["Prompt version not found"] });
    return json(res, 200, {
      id: "0193a201-77aa-7c01-9e2f-1b3c5d7e9f00",
      prompt_id: prompt.id,
      commit: "a3f9c2e1",
      template: "You are the support assistant for {{product}}. Answer only from the retrieved context.",
      type: "mustache",
      created_at: "2026-12-01T10:00:00.000Z",
    });
  }
  if (req.method === "GET" && path === "/v1/private/datasets") {
    const name = url.searchParams.get("name");
    return json(
      res,
      200,
      page(
        OPIK_DATASETS.filter((d) => !name || d.name.includes(name)),
        url,
      ),
    );
  }
  if (req.method === "POST" && path === "/v1/private/datasets") {
    res.writeHead(201, {
      location: `${url.origin}/v1/private/datasets/0193a2ff-0000-7000-8000-r8ai00000002`,
    });
    return res.end();
  }
  if (req.method === "GET" && /^\/v1\/private\/datasets\/[^/]+$/.test(path)) {
    const id = decodeURIComponent(path.split("/").pop() ?? "");
    if (id === "0193a211-9d8c-7b6a-8e5f-4d3c2b1a0f99") {
      // A dataset whose item count is recomputed on read: the query takes 15 s on a large dataset.
      return opikServer.later(15_000, () =>
        json(res, 200, { id, name: "support-logs-2026", dataset_items_count: 184220 }),
      );
    }
    if (!UUID.test(id)) return json(res, 404, { code: 404, message: "HTTP 404 Not Found" });
    const found = OPIK_DATASETS.find((d) => d.id === id);
    if (!found) return json(res, 404, { errors: ["Dataset not found"] });
    return json(res, 200, found);
  }
  json(res, 404, { code: 404, message: "HTTP 404 Not Found" });
});

export const opikStandin = opikServer;

// ---------------------------------------------------------------- Firecrawl (self-hosted, /v2)

const DOC_PAGES: Record<string, { title: string; markdown: string; links: string[] }> = {
  "https://docs.acme-widgets.example/guides/install": {
    title: "Installing the Acme Widgets SDK",
    markdown:
      "# Installing the Acme Widgets SDK\n\nThe SDK needs Node.js 20 or later.\n\n```sh\nnpm install @acme/widgets\n```\n\n## Configure\n\nSet `ACME_API_KEY` in the environment. Requests without it fail with `401 Unauthorized`.\n\n## Next steps\n\n- [Authentication](/guides/auth)\n- [Rate limits](/guides/rate-limits)\n",
    links: [
      "https://docs.acme-widgets.example/guides/auth",
      "https://docs.acme-widgets.example/guides/rate-limits",
      "https://docs.acme-widgets.example/",
    ],
  },
  "https://docs.acme-widgets.example/guides/rate-limits": {
    title: "Rate limits",
    markdown:
      "# Rate limits\n\nEach API key may send 100 requests per minute. Above that the API answers `429 Too Many Requests` with a `Retry-After` header.\n",
    links: ["https://docs.acme-widgets.example/guides/install"],
  },
};

function scrapeId() {
  return "0193a3c0-1e2f-7a4b-8c5d-6e7f8091a2b3";
}

const fcServer = serve(FIRECRAWL_PORT, (req, url, body, res) => {
  const path = url.pathname;
  if (req.headers.authorization !== `Bearer ${FIRECRAWL_KEY}` || state.fcKeyRevoked) {
    return json(res, 401, { success: false, error: "Unauthorized: Invalid token" });
  }
  if (state.fcOutOfCredits) {
    return json(res, 402, {
      success: false,
      error:
        "Insufficient credits to perform this request. For more credits, you can upgrade your plan at https://firecrawl.dev/pricing or try changing the request limit to a lower value.",
    });
  }
  if (state.fcRateLimited) {
    return json(
      res,
      429,
      {
        success: false,
        error:
          "Rate limit exceeded. Consumed (req/min): 11, Remaining (req/min): 0. Upgrade your plan at https://firecrawl.dev/pricing for increased rate limits or please retry after 49s, resets at Sun Dec 06 2026 09:31:00 GMT+0000 (Coordinated Universal Time)",
      },
      { "retry-after": "49" },
    );
  }
  if (state.fcInternalError) {
    return json(res, 500, {
      success: false,
      code: "UNKNOWN_ERROR",
      error:
        "An unexpected error occurred. Please contact help@firecrawl.com for help. Your exception ID is 3b1f9c2e7a4d4e6f8a0b1c2d3e4f5a6b",
    });
  }
  const input = parse(body) as Record<string, unknown>;
  if (req.method === "POST" && path === "/v2/scrape") {
    const target = String(input.url ?? "");
    if (target.includes("slow-portal")) {
      return fcServer.later(15_000, () =>
        json(res, 408, { success: false, code: "SCRAPE_TIMEOUT", error: "Scrape timed out" }),
      );
    }
    if (target.includes("linkedin.com")) {
      return json(res, 403, {
        success: false,
        error:
          "We apologize for the inconvenience but we do not support this site. If you are part of an enterprise and want to have a further conversation about this, please fill out our intake form here: https://fk4bvu0n5qp.typeform.com/to/Ej6oydlg",
      });
    }
    const doc = DOC_PAGES[target];
    if (!doc) {
      // Firecrawl scrapes whatever the site answers: here the site's own 404 page.
      return json(res, 200, {
        success: true,
        data: {
          markdown:
            "# Page not found\n\nThe page you are looking for does not exist or has been moved.\n\n[Back to the docs](/)\n",
          metadata: {
            title: "404 – Page not found | Acme Widgets Docs",
            sourceURL: target,
            url: target,
            statusCode: 404,
            contentType: "text/html; charset=utf-8",
            scrapeId: scrapeId(),
            proxyUsed: "basic",
            cacheState: "miss",
            creditsUsed: 1,
          },
        },
      });
    }
    const formats = Array.isArray(input.formats) ? (input.formats as unknown[]) : ["markdown"];
    const wants = (name: string) =>
      formats.some(
        (f) => f === name || (typeof f === "object" && f && (f as { type?: string }).type === name),
      );
    return json(res, 200, {
      success: true,
      data: {
        ...(wants("markdown") ? { markdown: doc.markdown } : {}),
        ...(wants("links") ? { links: doc.links } : {}),
        metadata: {
          title: doc.title,
          language: "en",
          sourceURL: target,
          url: target,
          statusCode: 200,
          contentType: "text/html; charset=utf-8",
          scrapeId: scrapeId(),
          proxyUsed: "basic",
          cacheState: "miss",
          creditsUsed: 1,
        },
      },
    });
  }
  if (req.method === "POST" && path === "/v2/map") {
    const search = String(input.search ?? "").toLowerCase();
    const links = Object.entries(DOC_PAGES)
      .map(([u, d]) => ({ url: u, title: d.title }))
      .concat([{ url: "https://docs.acme-widgets.example/guides/auth", title: "Authentication" }])
      .filter(
        (l) => !search || l.url.toLowerCase().includes(search) || l.title.toLowerCase().includes(search),
      );
    return json(res, 200, { success: true, links });
  }
  if (req.method === "POST" && path === "/v2/search") {
    return json(res, 200, {
      success: true,
      data: { web: [] },
      creditsUsed: 2,
      id: "0193a3c1-0000-7000-8000-00000000a001",
    });
  }
  if (req.method === "POST" && path === "/v2/crawl") {
    return json(res, 200, {
      success: true,
      id: "0193a3d0-4b5c-7d6e-8f90-a1b2c3d4e5f6",
      url: `${url.origin}/v2/crawl/0193a3d0-4b5c-7d6e-8f90-a1b2c3d4e5f6`,
    });
  }
  const crawl = /^\/v2\/crawl\/([^/]+)$/.exec(path);
  if (req.method === "GET" && crawl) {
    if (crawl[1] === "0193a3d0-4b5c-7d6e-8f90-a1b2c3d4e5f6") {
      return json(res, 200, {
        success: true,
        status: "failed",
        completed: 1,
        total: 14,
        creditsUsed: 1,
        expiresAt: "2026-12-07T09:00:00.000Z",
        next: null,
        data: [
          {
            markdown: DOC_PAGES["https://docs.acme-widgets.example/guides/install"]?.markdown,
            metadata: {
              sourceURL: "https://docs.acme-widgets.example/guides/install",
              statusCode: 200,
              title: "Installing the Acme Widgets SDK",
            },
          },
        ],
      });
    }
    return json(res, 404, { success: false, error: "Job not found" });
  }
  json(res, 404, { success: false, error: `Cannot ${req.method} ${path}` });
});

export const firecrawlStandin = fcServer;

// ---------------------------------------------------------------- DeepSeek API (OpenAI-compatible)

function dsError(res: Reply, status: number, message: string, type: string, code = "invalid_request_error") {
  json(res, status, { error: { message, type, param: null, code } });
}

const dsServer = serve(DEEPSEEK_PORT, (req, url, body, res) => {
  const path = url.pathname;
  if (state.dsBadGateway) {
    res.writeHead(502, { "content-type": "text/html", server: "cloudflare" });
    return res.end(
      "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>cloudflare</center>\r\n</body>\r\n</html>\r\n",
    );
  }
  if (req.headers.authorization !== `Bearer ${DEEPSEEK_KEY}` || state.dsKeyRevoked) {
    return dsError(
      res,
      401,
      "Authentication Fails, Your api key: ****0a1b2 is invalid",
      "authentication_error",
    );
  }
  if (req.method === "GET" && path === "/models") {
    return json(res, 200, {
      object: "list",
      data: [
        { id: "deepseek-flash", object: "model", owned_by: "deepseek" },
        { id: "deepseek-chat", object: "model", owned_by: "deepseek" },
        { id: "deepseek-reasoner", object: "model", owned_by: "deepseek" },
      ],
    });
  }
  if (req.method === "GET" && path === "/user/balance") {
    return json(res, 200, {
      is_available: !state.dsNoBalance,
      balance_infos: [
        {
          currency: "USD",
          total_balance: state.dsNoBalance ? "0.00" : "41.87",
          granted_balance: "0.00",
          topped_up_balance: state.dsNoBalance ? "0.00" : "41.87",
        },
      ],
    });
  }
  if (req.method === "GET" && path === "/files") {
    return json(res, 200, { object: "list", data: [], has_more: false, first_id: null, last_id: null });
  }
  const file = /^\/files\/([^/]+)$/.exec(path);
  if (req.method === "GET" && file) {
    return dsError(
      res,
      404,
      `No such file object: ${decodeURIComponent(file[1] ?? "")}`,
      "invalid_request_error",
    );
  }
  if (req.method === "POST" && path === "/chat/completions") {
    const input = parse(body) as { model?: string; messages?: { content?: unknown }[] };
    if (state.dsNoBalance) return dsError(res, 402, "Insufficient Balance", "unknown_error");
    if (state.dsRateLimited) {
      return dsError(res, 429, "Rate Limit Reached", "rate_limit_error", "rate_limit_exceeded");
    }
    if (state.dsOverloaded) {
      return dsError(
        res,
        503,
        "Server overloaded, please try again later.",
        "service_unavailable_error",
        "service_unavailable",
      );
    }
    const model = String(input.model ?? "");
    if (!["deepseek-flash", "deepseek-chat", "deepseek-reasoner"].includes(model)) {
      return dsError(res, 400, "Model Not Exist", "invalid_request_error");
    }
    const last = JSON.stringify(input.messages?.at(-1)?.content ?? "");
    const created = 1796540400;
    if (last.includes("slow")) {
      return dsServer.later(8_000, () =>
        json(res, 200, { id: "slow", object: "chat.completion", created, model, choices: [] }),
      );
    }
    if (last.includes("quarterly report")) {
      // The inference cluster ran out of capacity mid-generation.
      return json(res, 200, {
        id: "7e3c9a10-5b2d-4f61-8c0e-r8ai00000002",
        object: "chat.completion",
        created,
        model,
        system_fingerprint: "fp_r8ai_v41",
        choices: [
          {
            index: 0,
            message: { role: "assistant", content: "", reasoning_content: "" },
            logprobs: null,
            finish_reason: "insufficient_system_resource",
          },
        ],
        usage: { prompt_tokens: 58, completion_tokens: 0, total_tokens: 58 },
      });
    }
    return json(res, 200, {
      id: "7e3c9a10-5b2d-4f61-8c0e-r8ai00000001",
      object: "chat.completion",
      created,
      model,
      system_fingerprint: "fp_r8ai_v41",
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content:
              "A vector index stores embeddings so that the nearest neighbours of a query embedding can be found quickly, typically with an approximate method such as HNSW.",
          },
          logprobs: null,
          finish_reason: "stop",
        },
      ],
      usage: { prompt_tokens: 21, completion_tokens: 34, total_tokens: 55 },
    });
  }
  dsError(res, 404, `Not Found: ${path}`, "invalid_request_error");
});

export const deepseekStandin = dsServer;

// ---------------------------------------------------------------- Replicate HTTP API (/v1)

const HELLO_VERSION = "5c7d5dc6dd8bf75c1acaa8565735e7986bc5b66206b55cca93cb72c9bf15ccaa";
const RP_BASE = `http://127.0.0.1:${REPLICATE_PORT}/v1`;

function rpProblem(
  res: Reply,
  status: number,
  title: string,
  detail: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  json(
    res,
    status,
    { title, detail, status, ...extra },
    { "content-type": "application/problem+json", ...headers },
  );
}

function rpNotFound(res: Reply) {
  json(
    res,
    404,
    { detail: "The requested resource could not be found.", status: 404 },
    { "content-type": "application/problem+json" },
  );
}

const HELLO_MODEL = {
  url: "https://replicate.com/replicate/hello-world",
  owner: "replicate",
  name: "hello-world",
  description: "A tiny model that says hello",
  visibility: "public",
  github_url: "https://github.com/replicate/cog-examples",
  paper_url: null,
  license_url: null,
  run_count: 5681081,
  cover_image_url: null,
  default_example: null,
  latest_version: {
    id: HELLO_VERSION,
    created_at: "2022-04-26T19:29:04.418669Z",
    cog_version: "0.3.0",
    openapi_schema: { info: { title: "Cog", version: "0.1.0" } },
  },
};

function prediction(id: string, status: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    model: "replicate/hello-world",
    version: HELLO_VERSION,
    input: { text: "Alice" },
    logs: "",
    output: null,
    data_removed: false,
    error: null,
    status,
    created_at: "2026-12-06T09:12:00.000Z",
    urls: {
      get: `${RP_BASE}/predictions/${id}`,
      cancel: `${RP_BASE}/predictions/${id}/cancel`,
      web: `https://replicate.com/p/${id}`,
    },
    ...extra,
  };
}

const rpServer = serve(REPLICATE_PORT, (req, url, body, res) => {
  const path = url.pathname;
  if (req.headers.authorization !== `Bearer ${REPLICATE_TOKEN}` || state.rpTokenRevoked) {
    return rpProblem(res, 401, "Unauthenticated", "You did not pass a valid authentication token");
  }
  if (state.rpThrottled) {
    return rpProblem(
      res,
      429,
      "Request was throttled.",
      "Request was throttled. Expected available in 1 second.",
      { retry_after: 1 },
      { "retry-after": "1" },
    );
  }
  if (state.rpInternalError) {
    res.writeHead(500, { "content-type": "text/html" });
    return res.end(
      '<!doctype html>\n<html lang="en">\n<head>\n  <title>Server Error (500)</title>\n</head>\n<body>\n  <h1>Server Error (500)</h1><p></p>\n</body>\n</html>\n',
    );
  }
  if (req.method === "GET" && path === "/v1/account") {
    return json(res, 200, {
      type: "organization",
      username: "r8-ai-corpus",
      name: "R8 AI Corpus",
      github_url: null,
    });
  }
  if (req.method === "QUERY" && path === "/v1/models") {
    return json(res, 200, { next: null, previous: null, results: [] });
  }
  const model = /^\/v1\/models\/([^/]+)\/([^/]+)(\/versions)?$/.exec(path);
  if (req.method === "GET" && model) {
    if (model[1] !== "replicate" || model[2] !== "hello-world") {
      return rpNotFound(res);
    }
    if (model[3]) {
      return json(res, 200, { next: null, previous: null, results: [HELLO_MODEL.latest_version] });
    }
    return json(res, 200, HELLO_MODEL);
  }
  if (req.method === "POST" && path === "/v1/predictions") {
    const input = parse(body) as { version?: string; input?: Record<string, unknown> };
    if (!input.version) {
      return rpProblem(
        res,
        422,
        "Input validation failed",
        "- version: Invalid type. Expected: string, given: null",
        {
          invalid_fields: [{ type: "required", field: "version", description: "version is required" }],
        },
      );
    }
    if (input.version !== HELLO_VERSION) {
      return rpProblem(
        res,
        422,
        "Invalid version or not permitted",
        "The specified version does not exist (or perhaps you don't have permission to use it?)",
      );
    }
    if (req.headers.prefer === "wait" && String(input.input?.text ?? "").length > 200) {
      // The model ran and crashed: the API still answers 201 with the failed prediction.
      return json(
        res,
        201,
        prediction("q8zv4h1r5drj00ckdm3bx2qw4c", "failed", {
          input: input.input,
          logs: 'Traceback (most recent call last):\n  File "/src/predict.py", line 21, in predict\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n',
          error: "CUDA out of memory. Tried to allocate 2.00 GiB",
          completed_at: "2026-12-06T09:12:03.518Z",
          metrics: { predict_time: 3.41 },
        }),
      );
    }
    return json(res, 201, prediction("gm3qorzdhgbfurvjtvhg6dckhu", "starting", { input: input.input }));
  }
  if (req.method === "GET" && path === "/v1/predictions") {
    return json(res, 200, { next: null, previous: null, results: [] });
  }
  const pred = /^\/v1\/predictions\/([^/]+)$/.exec(path);
  if (req.method === "GET" && pred && pred[1] === "r7w2k9m4sxrgc0cmdp8b1ytq6e") {
    // The API is degraded: reads of this prediction hang for 15 s.
    return rpServer.later(15_000, () =>
      json(res, 200, prediction("r7w2k9m4sxrgc0cmdp8b1ytq6e", "processing")),
    );
  }
  if (req.method === "GET" && pred) {
    if (pred[1] === "gm3qorzdhgbfurvjtvhg6dckhu") {
      return json(
        res,
        200,
        prediction("gm3qorzdhgbfurvjtvhg6dckhu", "succeeded", {
          output: "hello Alice",
          completed_at: "2026-12-06T09:12:01.791Z",
          metrics: { predict_time: 0.012683 },
        }),
      );
    }
    return rpNotFound(res);
  }
  const collection = /^\/v1\/collections\/([^/]+)$/.exec(path);
  if (req.method === "GET" && collection) {
    return rpNotFound(res);
  }
  rpNotFound(res);
});

export const replicateStandin = rpServer;
