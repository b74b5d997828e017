// Loopback stand-ins for the APIs behind this group's servers, answering with the real APIs' bodies
// and error bodies: the Tavily API (`api.tavily.com`: search, extract, crawl, map, research), the Brave
// Search API (`api.search.brave.com/res/v1`, `X-Subscription-Token`), the Pinecone API (control plane
// `api.pinecone.io` and an index's data-plane host, `Api-Key`) and the Slack Web API (`slack.com/api`,
// a bot token).
//
// Every one of the four hosts is written into its server (or its SDK), so each service has a loopback
// forward proxy that accepts the CONNECT, terminates TLS with a certificate for the real host names
// (trusted by the servers through NODE_EXTRA_CA_CERTS) and answers as that API. tavily-mcp's axios honours
// `HTTPS_PROXY` by itself; the other three call Node's built-in fetch, which on Node 20 ignores proxy
// variables, so they are started with `proxy-preload.mjs` (NODE_OPTIONS --import), which installs undici's
// ProxyAgent for `HTTPS_PROXY` as the global dispatcher — what Node 24 does with NODE_USE_ENV_PROXY. Each
// proxy listens on its own port so one can be stopped (an unreachable backend) while the others keep
// answering. `state` is switched by the sessions' hooks (a revoked key, a rate limit, an outage, …).

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import path from "node:path";

export const DATA = "/tmp/faultline-corpus-r10-search";
export const CERT = path.join(DATA, "standin-cert.pem");
const KEY = path.join(DATA, "standin-key.pem");

export const TAVILY_PROXY_PORT = 39450;
export const BRAVE_PROXY_PORT = 39451;
export const PINECONE_PROXY_PORT = 39452;
export const SLACK_PROXY_PORT = 39453;
/** The Brave server's own Streamable HTTP port. */
export const BRAVE_MCP_PORT = 39460;

export const TAVILY_KEY = "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";
export const BRAVE_KEY = "BSAm4q8Xw2ZrT7nVc9Lk3Pj6Hs1Dg5Fy0Ue";
export const PINECONE_KEY = "pcsk_4hXq9w_8Lm2Rt7Vb3Nc6Yk1Zp5Sd0Fg4Hj9Kl2Qw7Er3Ty8Ui6Op1As5Df";
export const SLACK_TOKEN = "xoxb-7140236589-8123456789012-r10SearchCorpusBotToken9";
export const SLACK_TEAM = "T07ACME4R10";

/** The data-plane host Pinecone gives the `support-kb` index. */
export const PINECONE_INDEX_HOST = "support-kb-7f3a2c1.svc.aped-4627-b74a.pinecone.io";

export const state = {
  tavilyKeyRevoked: false,
  tavilyPlanLimit: false,
  tavilyRateLimited: false,
  tavilyBadGateway: false,
  tavilyChallengePage: false,
  tavilyResearchRateLimited: false,
  braveTokenInvalid: false,
  braveRateLimited: false,
  braveBadGateway: false,
  braveUnavailable: false,
  pineconeKeyInvalid: false,
  pineconeRateLimited: false,
  pineconeServerError: false,
  pineconeUnavailablePage: false,
  slackTokenRevoked: false,
  slackMissingScope: false,
  slackRateLimited: false,
  slackOutagePage: false,
  slackInternalError: false,
};

type Handler = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => void;

export interface Standin {
  start(): Promise<void>;
  stop(): Promise<void>;
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

function text(
  res: http.ServerResponse,
  status: number,
  body: string,
  type = "text/plain; charset=utf-8",
  headers: Record<string, string> = {},
) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": type, ...headers });
  res.end(body);
}

const timers = new Set<NodeJS.Timeout>();
/** Answers after `ms` (a slow upstream); the timer is cleared when the stand-ins stop. */
function later(ms: number, answer: () => void) {
  const timer = setTimeout(() => {
    timers.delete(timer);
    answer();
  }, ms);
  timers.add(timer);
}

function parse(body: string): Record<string, unknown> {
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** A self-signed certificate for the real API hosts and 127.0.0.1, made once per data directory. */
export function ensureCertificate() {
  if (fs.existsSync(CERT) && fs.existsSync(KEY)) return;
  fs.mkdirSync(DATA, { recursive: true });
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      KEY,
      "-out",
      CERT,
      "-days",
      "3650",
      "-subj",
      "/CN=r10-search corpus stand-in",
      "-addext",
      `subjectAltName=DNS:api.tavily.com,DNS:api.search.brave.com,DNS:api.pinecone.io,DNS:${PINECONE_INDEX_HOST},DNS:slack.com,IP:127.0.0.1`,
    ],
    { stdio: "ignore" },
  );
}

function onRequest(port: number, handler: Handler) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const host = req.headers.host ?? `127.0.0.1:${port}`;
      handler(req, new URL(req.url ?? "/", `http://${host}`), body, res);
    });
  };
}

/**
 * A forward proxy on its own port that accepts CONNECT for any host, terminates TLS with the stand-in
 * certificate and answers every request inside the tunnel with `handler` (the real API's host is in
 * the Host header).
 */
function mitmProxy(port: number, handler: Handler): Standin {
  const sockets = new Set<Socket>();
  let proxy: http.Server | undefined;
  let tls: https.Server | undefined;
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        ensureCertificate();
        tls = https.createServer(
          { key: fs.readFileSync(KEY), cert: fs.readFileSync(CERT) },
          onRequest(port, handler),
        );
        const inner = tls;
        const created = http.createServer((_req, res) =>
          text(res, 400, "this proxy only tunnels (CONNECT)\n"),
        );
        created.on("connection", (socket: Socket) => {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
        });
        created.on("connect", (_req: http.IncomingMessage, socket: Socket, head: Buffer) => {
          socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
          if (head.length) socket.unshift(head);
          inner.emit("connection", socket);
        });
        created.once("error", reject);
        created.listen(port, "127.0.0.1", () => resolve());
        proxy = created;
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        tls?.close();
        tls = undefined;
        if (!proxy) return resolve();
        proxy.close(() => resolve());
        proxy = undefined;
      }),
  };
}

const CLOUDFLARE_502 = (host: string) =>
  `<!DOCTYPE html>\n<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->\n<html class="no-js" lang="en-US">\n<head>\n<title>${host} | 502: Bad gateway</title>\n<meta charset="UTF-8" />\n</head>\n<body>\n<div id="cf-wrapper">\n<div id="cf-error-details" class="p-0">\n<header class="mx-auto pt-10 lg:pt-6 lg:px-8 w-240 lg:w-full mb-8">\n<h1 class="inline-block sm:block sm:mb-2 font-light text-60 lg:text-4xl text-black-dark leading-tight mr-2">\n<span class="inline-block">Bad gateway</span>\n<span class="code-label">Error code 502</span>\n</h1>\n<div>Visit <a href="https://www.cloudflare.com/5xx-error-landing?utm_source=errorcode_502&utm_campaign=${host}" target="_blank" rel="noopener noreferrer">cloudflare.com</a> for more information.</div>\n<div class="mt-3">2026-12-06 07:42:19 UTC</div>\n</header>\n<div class="cf-error-overview">\n<h2>What happened?</h2>\n<p>The web server reported a bad gateway error.</p>\n<h2>What can I do?</h2>\n<p>Please try again in a few minutes.</p>\n</div>\n<div class="cf-error-footer">\n<p><span>Cloudflare Ray ID: <strong class="font-semibold">8f4d21c7ab903e55</strong></span></p>\n</div>\n</div>\n</div>\n</body>\n</html>\n`;

const CHALLENGE_PAGE = (host: string) =>
  `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta name="robots" content="noindex,nofollow"></head><body><div class="main-wrapper" role="main"><div class="main-content"><h1 class="zone-name-title h1">${host}</h1><h2 class="h2" id="challenge-running">Checking if the site connection is secure</h2><noscript><div class="h2"><span id="challenge-error-text">Enable JavaScript and cookies to continue</span></div></noscript></div></div></body></html>`;

const NGINX_503 =
  "<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";

// ----------------------------------------------------------------------------------------- Tavily

const TAVILY_RESULTS = [
  {
    url: "https://artificialintelligenceact.eu/article/53/",
    title:
      "Article 53: Obligations for Providers of General-Purpose AI Models | EU Artificial Intelligence Act",
    content:
      "Providers of general-purpose AI models shall draw up and keep up-to-date the technical documentation of the model, including its training and testing process and the results of its evaluation...",
    score: 0.86,
    raw_content: null,
  },
  {
    url: "https://digital-strategy.ec.europa.eu/en/policies/guidelines-gpai-providers",
    title: "Guidelines for providers of general-purpose AI models | Shaping Europe's digital future",
    content:
      "The obligations for providers of general-purpose AI models apply from 2 August 2025. Models placed on the market before that date have until 2 August 2027 to comply.",
    score: 0.81,
    raw_content: null,
  },
  {
    url: "https://www.euronews.com/next/2025/07/18/ai-act-general-purpose-models-code-of-practice",
    title: "What the EU's code of practice for general-purpose AI means for model providers",
    content:
      "The voluntary code covers transparency, copyright and safety and security; signatories can use it to demonstrate compliance with Articles 53 and 55 of the AI Act.",
    score: 0.74,
    raw_content: null,
  },
];

const tavilyResearch: Record<string, { status: string; polls: number; input: string }> = {};
let tavilyNextResearch = 1;

function tavilyError(res: http.ServerResponse, status: number, error: string, headers = {}) {
  return json(res, status, { detail: { error } }, headers);
}

const tavily: Handler = (req, url, body, res) => {
  const p = url.pathname;
  const auth = req.headers.authorization ?? "";
  const args = parse(body);
  if (state.tavilyBadGateway)
    return text(res, 502, CLOUDFLARE_502("api.tavily.com"), "text/html; charset=UTF-8");
  if (state.tavilyChallengePage)
    return text(res, 200, CHALLENGE_PAGE("api.tavily.com"), "text/html; charset=UTF-8");
  if (auth !== `Bearer ${TAVILY_KEY}` || state.tavilyKeyRevoked)
    return tavilyError(res, 401, "Unauthorized: missing or invalid API key.");
  if (state.tavilyPlanLimit)
    return tavilyError(
      res,
      432,
      "This request exceeds your plan's set usage limit. Please upgrade your plan or contact support@tavily.com",
    );
  if (state.tavilyRateLimited)
    return tavilyError(
      res,
      429,
      "Your request has been blocked due to excessive requests. Please reduce rate of requests.",
      { "retry-after": "60" },
    );
  const requestId = `r10-${Math.abs(hash(p + body))
    .toString(16)
    .padStart(8, "0")}-4c1d-9e8f-7a2b5c3d1e40`;
  if (p === "/search" && req.method === "POST") {
    const query = typeof args.query === "string" ? args.query : undefined;
    if (!query) return tavilyError(res, 400, "Query is missing.");
    const max = args.max_results;
    if (typeof max === "number" && (max < 0 || max > 20))
      return tavilyError(res, 400, "max_results must be between 0 and 20.");
    if (query.includes("transformer architecture"))
      // A slow answer (an advanced search behind a busy cluster).
      return later(15_000, () =>
        json(res, 200, { query, answer: null, images: [], results: TAVILY_RESULTS, response_time: 14.2 }),
      );
    if (query.includes("zxqv"))
      return json(res, 200, {
        query,
        follow_up_questions: null,
        answer: null,
        images: [],
        results: [],
        response_time: "0.91",
        request_id: requestId,
      });
    return json(res, 200, {
      query,
      follow_up_questions: null,
      answer:
        "Providers of general-purpose AI models must keep technical documentation, give information to downstream providers, publish a summary of training content and put a copyright policy in place (Article 53); the obligations apply from 2 August 2025.",
      images: [],
      results: TAVILY_RESULTS.slice(0, typeof max === "number" ? Math.max(0, max) : 3),
      response_time: "1.37",
      request_id: requestId,
    });
  }
  if (p === "/extract" && req.method === "POST") {
    const urls = Array.isArray(args.urls) ? (args.urls as string[]) : [];
    const results: unknown[] = [];
    const failed: unknown[] = [];
    for (const u of urls) {
      if (u.includes("paywalled") || u.includes("internal.example"))
        failed.push({ url: u, error: "Failed to fetch url" });
      else
        results.push({
          url: u,
          raw_content: `# ${u.split("/").filter(Boolean).pop() ?? u}\n\nGeneral-purpose AI model providers shall draw up technical documentation of the model (Annex XI), make information available to downstream providers (Annex XII) and put in place a policy to comply with Union copyright law.`,
          images: [],
        });
    }
    return json(res, 200, {
      results,
      failed_results: failed,
      response_time: 0.42,
      request_id: requestId,
    });
  }
  if (p === "/crawl" && req.method === "POST")
    return json(res, 200, {
      base_url: String(args.url ?? ""),
      results: [
        {
          url: "https://docs.acme-sdk.dev/guides/authentication",
          raw_content:
            "# Authentication\n\nEvery request carries an API key in the Authorization header. Keys are scoped to one project and can be rotated from the dashboard without downtime.",
        },
        {
          url: "https://docs.acme-sdk.dev/guides/rate-limits",
          raw_content:
            "# Rate limits\n\nThe API allows 600 requests per minute per key. Past the limit it answers 429 with a Retry-After header.",
        },
      ],
      response_time: 3.8,
      request_id: requestId,
    });
  if (p === "/map" && req.method === "POST")
    return json(res, 200, {
      base_url: String(args.url ?? ""),
      results: [
        "https://docs.acme-sdk.dev/",
        "https://docs.acme-sdk.dev/guides/authentication",
        "https://docs.acme-sdk.dev/guides/rate-limits",
        "https://docs.acme-sdk.dev/reference/errors",
      ],
      response_time: 1.12,
      request_id: requestId,
    });
  if (p === "/research" && req.method === "POST") {
    if (state.tavilyResearchRateLimited)
      return tavilyError(
        res,
        429,
        "Your request has been blocked due to excessive requests. Please reduce rate of requests.",
        { "retry-after": "60" },
      );
    const id = `7e1b3c5d-${String(tavilyNextResearch++).padStart(4, "0")}-4a2b-9c8d-0e1f2a3b4c5d`;
    const input = String(args.input ?? "");
    tavilyResearch[id] = { status: input.includes("tariff") ? "failed" : "completed", polls: 0, input };
    return json(res, 201, {
      request_id: id,
      created_at: "2026-12-06T07:40:12.481Z",
      status: "pending",
      input,
      model: args.model ?? "auto",
      response_time: 0.31,
    });
  }
  const m = p.match(/^\/research\/([^/]+)$/);
  if (m && req.method === "GET") {
    const task = tavilyResearch[m[1]!];
    if (!task) return tavilyError(res, 404, "Research task not found.");
    if (task.status === "failed")
      return json(res, 200, {
        request_id: m[1],
        created_at: "2026-12-06T07:40:12.481Z",
        status: "failed",
        response_time: 2.04,
      });
    return json(res, 200, {
      request_id: m[1],
      created_at: "2026-12-06T07:40:12.481Z",
      completed_at: "2026-12-06T07:40:14.902Z",
      status: "completed",
      content:
        "## Vector databases for RAG in 2026\n\nManaged services (Pinecone serverless, Weaviate Cloud) trade control for operations: they bill per read and write unit and scale to zero. Self-hosted engines (Qdrant, Milvus, pgvector) are cheaper at steady load but need capacity planning. For fewer than ten million vectors, pgvector with HNSW indexes is usually sufficient [1][2].",
      sources: [
        {
          title: "Pinecone serverless architecture",
          url: "https://www.pinecone.io/blog/serverless-architecture/",
        },
        {
          title: "pgvector 0.8 release notes",
          url: "https://github.com/pgvector/pgvector/blob/master/CHANGELOG.md",
        },
      ],
      response_time: 2.42,
    });
  }
  return json(res, 404, { detail: "Not Found" });
};

function hash(s: string): number {
  let h = 0;
  for (const c of s) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

// ------------------------------------------------------------------------------------------ Brave

const BRAVE_WEB = [
  {
    title: "pgvector: Open-source vector similarity search for Postgres",
    url: "https://github.com/pgvector/pgvector",
    is_source_local: false,
    is_source_both: false,
    description:
      "Open-source vector similarity search for <strong>Postgres</strong>. Store your vectors with the rest of your data. Supports exact and approximate nearest neighbor search.",
    page_age: "2026-10-14T09:12:00",
    profile: { name: "GitHub", url: "https://github.com/pgvector/pgvector", long_name: "github.com" },
    language: "en",
    family_friendly: true,
    type: "search_result",
    subtype: "generic",
    meta_url: {
      scheme: "https",
      netloc: "github.com",
      hostname: "github.com",
      path: "› pgvector › pgvector",
    },
  },
  {
    title: "HNSW indexes with Postgres and pgvector | Crunchy Data Blog",
    url: "https://www.crunchydata.com/blog/hnsw-indexes-with-postgres-and-pgvector",
    is_source_local: false,
    is_source_both: false,
    description:
      "HNSW indexes build a multilayer graph; they have better query performance than IVFFlat at the cost of slower builds and more memory.",
    age: "March 4, 2025",
    language: "en",
    family_friendly: true,
    type: "search_result",
    subtype: "article",
    meta_url: { scheme: "https", netloc: "crunchydata.com", hostname: "www.crunchydata.com", path: "› blog" },
  },
];

const BRAVE_NEWS = [
  {
    type: "news_result",
    title: "Qdrant raises Series B to expand its open-source vector search engine",
    url: "https://techcrunch.com/2026/11/19/qdrant-series-b/",
    description: "The Berlin-based company says managed cloud revenue grew fourfold over the year.",
    age: "2 weeks ago",
    page_age: "2026-11-19T14:03:00",
    meta_url: {
      scheme: "https",
      netloc: "techcrunch.com",
      hostname: "techcrunch.com",
      path: "› 2026 › 11 › 19",
    },
    thumbnail: { src: "https://imgs.search.brave.com/qdrant-series-b-thumb.jpg" },
  },
];

/** The opaque key a web search with `summary=1` hands out for its Summarizer answer. */
const BRAVE_SUMMARY_KEY = (q: string) =>
  JSON.stringify({
    query: q,
    country: "us",
    language: "en",
    safesearch: "moderate",
    results_hash: "a9f1c2e7b3d5",
  });

function braveError(
  res: http.ServerResponse,
  status: number,
  code: string,
  detail: string,
  meta: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return json(
    res,
    status,
    {
      type: "ErrorResponse",
      error: { id: "3f9c2a71-5b8e-4d06-a1c4-9e7d2b6f8a30", status, code, detail, meta },
      time: 1796542939,
    },
    headers,
  );
}

const brave: Handler = (req, url, _body, res) => {
  const p = url.pathname;
  const q = url.searchParams.get("q") ?? "";
  if (state.braveBadGateway)
    return text(res, 502, CLOUDFLARE_502("api.search.brave.com"), "text/html; charset=UTF-8");
  if (state.braveUnavailable)
    return braveError(res, 503, "SERVICE_UNAVAILABLE", "The service is temporarily unavailable.", {
      component: "search",
    });
  if (req.headers["x-subscription-token"] !== BRAVE_KEY || state.braveTokenInvalid)
    return braveError(res, 422, "SUBSCRIPTION_TOKEN_INVALID", "The provided subscription token is invalid.");
  if (state.braveRateLimited)
    return braveError(
      res,
      429,
      "RATE_LIMITED",
      "Request rate limit exceeded for plan.",
      {
        plan: "Free",
        rate_limit: 1,
        rate_current: 1,
        quota_limit: 2000,
        quota_current: 1184,
        component: "rate_limiter",
      },
      {
        "retry-after": "1",
        "x-ratelimit-limit": "1, 2000",
        "x-ratelimit-remaining": "0, 816",
        "x-ratelimit-reset": "1, 2159641",
      },
    );
  const freshness = url.searchParams.get("freshness");
  const range = freshness?.match(/^(\d{4})-(\d{2})-(\d{2})to(\d{4})-(\d{2})-(\d{2})$/);
  const badRange =
    range &&
    (Number(range[2]) > 12 || Number(range[5]) > 12 || Number(range[3]) > 31 || Number(range[6]) > 31);
  if (freshness && (badRange || (!range && !["pd", "pw", "pm", "py"].includes(freshness))))
    return braveError(res, 422, "VALIDATION", "Unable to validate request parameter(s)", {
      errors: [
        {
          type: "value_error",
          loc: ["query", "freshness"],
          msg: "Value error, Invalid freshness value: expected pd, pw, pm, py or a range of valid dates YYYY-MM-DDtoYYYY-MM-DD",
          input: freshness,
          ctx: { error: {} },
        },
      ],
    });
  const query = {
    original: q,
    show_strict_warning: false,
    is_navigational: false,
    is_news_breaking: false,
    spellcheck_off: true,
    country: "us",
    bad_results: false,
    should_fallback: false,
    postal_code: "",
    city: "",
    header_country: "",
    more_results_available: true,
    state: "",
  };
  if (p === "/res/v1/web/search") {
    if (q.includes("slow"))
      return later(15_000, () =>
        json(res, 200, { type: "search", query, web: { type: "search", results: BRAVE_WEB } }),
      );
    if (q.includes("qwzx"))
      return json(res, 200, {
        type: "search",
        query: { ...query, more_results_available: false },
        mixed: { type: "mixed", main: [], top: [], side: [] },
      });
    if ((url.searchParams.get("result_filter") ?? "").includes("locations"))
      // A plan without the Local API: the web results come back, the locations do not.
      return json(res, 200, {
        type: "search",
        query,
        web: {
          type: "search",
          results: [
            {
              title: "The 10 best ramen restaurants in Portland - Tripadvisor",
              url: "https://www.tripadvisor.com/Restaurants-g52024-c42-Portland_Oregon.html",
              description:
                "Ramen restaurants in Portland: Afuri Ramen + Dumpling, Kinboshi Ramen, Marukin Ramen…",
              type: "search_result",
            },
          ],
        },
      });
    const summarizer =
      url.searchParams.get("summary") === "true"
        ? { type: "summarizer", key: BRAVE_SUMMARY_KEY(q) }
        : undefined;
    return json(res, 200, {
      type: "search",
      query,
      ...(summarizer ? { summarizer } : {}),
      mixed: {
        type: "mixed",
        main: [
          { type: "web", index: 0, all: false },
          { type: "web", index: 1, all: false },
        ],
        top: [],
        side: [],
      },
      web: { type: "search", results: BRAVE_WEB, family_friendly: true },
    });
  }
  if (p === "/res/v1/summarizer/search") {
    const key = url.searchParams.get("key") ?? "";
    if (key === BRAVE_SUMMARY_KEY("pgvector HNSW index"))
      return json(res, 200, {
        type: "summarizer",
        status: "complete",
        title: "pgvector HNSW index",
        summary: [
          {
            type: "token",
            data: "pgvector's HNSW index builds a layered proximity graph: queries are faster than with IVFFlat, ",
          },
          { type: "token", data: "at the cost of longer builds and more memory" },
          {
            type: "inline_reference",
            data: { type: "inline_reference", url: "https://github.com/pgvector/pgvector" },
          },
          { type: "token", data: "." },
        ],
        enrichments: { raw: "" },
        followups: ["How do I tune ef_search in pgvector?"],
      });
    // A key the Summarizer has no summary for (expired, or never generated): it stays unfinished.
    return json(res, 200, { type: "summarizer", status: "failed", title: "", summary: [] });
  }
  if (p === "/res/v1/news/search") {
    if (q.includes("qwzx")) return json(res, 200, { type: "news", query, results: [] });
    return json(res, 200, { type: "news", query, results: BRAVE_NEWS });
  }
  if (p === "/res/v1/images/search")
    return json(res, 200, {
      type: "images",
      query: { original: q, spellcheck_off: true, show_strict_warning: false },
      results: [
        {
          type: "image_result",
          title: "HNSW graph layers diagram",
          url: "https://www.pinecone.io/learn/series/faiss/hnsw/",
          source: "pinecone.io",
          page_fetched: "2026-08-02T11:20:41Z",
          thumbnail: { src: "https://imgs.search.brave.com/hnsw-layers-thumb.png", width: 500, height: 296 },
          properties: {
            url: "https://cdn.sanity.io/images/vr8gru94/production/hnsw-layers.png",
            placeholder: "https://imgs.search.brave.com/hnsw-layers-ph.png",
            width: 1920,
            height: 1137,
          },
          meta_url: {
            scheme: "https",
            netloc: "pinecone.io",
            hostname: "www.pinecone.io",
            path: "› learn › series › faiss › hnsw",
          },
          confidence: "high",
        },
      ],
      extra: { might_be_offensive: false },
    });
  return braveError(res, 404, "RESOURCE_NOT_FOUND", "Resource not found.");
};

// --------------------------------------------------------------------------------------- Pinecone

function pineconeIndex(name: string, host: string, ready = true) {
  return {
    name,
    vector_type: "dense",
    metric: "cosine",
    dimension: 1024,
    status: { ready, state: ready ? "Ready" : "Initializing" },
    host,
    spec: { serverless: { region: "us-east-1", cloud: "aws" } },
    deletion_protection: "disabled",
    tags: { source: "mcp", embedding_model: "multilingual-e5-large" },
    embed: {
      model: "multilingual-e5-large",
      field_map: { text: "chunk_text" },
      dimension: 1024,
      metric: "cosine",
      write_parameters: { input_type: "passage", truncate: "END" },
      read_parameters: { input_type: "query", truncate: "END" },
      vector_type: "dense",
    },
  };
}

const pineconeIndexes = [
  pineconeIndex("support-kb", PINECONE_INDEX_HOST),
  pineconeIndex("product-docs", "product-docs-2b9e4d0.svc.aped-4627-b74a.pinecone.io"),
];

const SUPPORT_HITS = [
  {
    _id: "faq-refunds-03",
    _score: 0.8412,
    fields: {
      chunk_text:
        "Refunds for annual plans are prorated to the day; the refund reaches the card within 5–10 business days.",
      category: "billing",
    },
  },
  {
    _id: "faq-refunds-01",
    _score: 0.7967,
    fields: {
      chunk_text:
        "You can cancel a monthly plan at any time; it stays active until the end of the billing period.",
      category: "billing",
    },
  },
];

function pineconeError(
  res: http.ServerResponse,
  status: number,
  code: string,
  message: string,
  headers = {},
) {
  return json(res, status, { error: { code, message }, status }, headers);
}

const pinecone: Handler = (req, url, body, res) => {
  const host = (req.headers.host ?? "").split(":")[0];
  const p = url.pathname;
  if (state.pineconeUnavailablePage) return text(res, 503, NGINX_503, "text/html");
  if (req.headers["api-key"] !== PINECONE_KEY || state.pineconeKeyInvalid)
    return pineconeError(res, 401, "UNAUTHENTICATED", "Invalid API Key");
  if (state.pineconeServerError)
    return pineconeError(res, 500, "UNKNOWN", "Internal error: an unexpected error occurred, please retry.");
  if (host === "api.pinecone.io") {
    if (p === "/indexes" && req.method === "GET") return json(res, 200, { indexes: pineconeIndexes });
    const m = p.match(/^\/indexes\/([^/]+)$/);
    if (m && req.method === "GET") {
      const found = pineconeIndexes.find((i) => i.name === m[1]);
      if (!found) return pineconeError(res, 404, "NOT_FOUND", `Resource ${m[1]} not found`);
      return json(res, 200, found);
    }
    if (p === "/indexes/create-for-model" && req.method === "POST")
      return pineconeError(
        res,
        403,
        "FORBIDDEN",
        "Request failed. You've reached the max serverless indexes allowed in project Default (5). To add more serverless indexes, upgrade your plan.",
      );
    if (p === "/rerank" && req.method === "POST") {
      const args = parse(body);
      const model = String(args.model ?? "");
      if (!["bge-reranker-v2-m3", "cohere-rerank-3.5", "pinecone-rerank-v0"].includes(model))
        return pineconeError(
          res,
          400,
          "INVALID_ARGUMENT",
          `Model '${model}' not found. Supported models: 'bge-reranker-v2-m3', 'cohere-rerank-3.5', 'pinecone-rerank-v0'`,
        );
      const fields = Array.isArray(args.rank_fields) ? (args.rank_fields as string[]) : [];
      if (model !== "cohere-rerank-3.5" && fields.length > 1)
        return pineconeError(
          res,
          400,
          "INVALID_ARGUMENT",
          `Only one rank field is supported for model '${model}'. Received ${fields.length} rank fields: ${fields.join(", ")}.`,
        );
      const docs = Array.isArray(args.documents) ? (args.documents as unknown[]) : [];
      return json(res, 200, {
        model,
        data: docs
          .map((document, index) => ({ index, score: [0.0213, 0.9174, 0.3381][index] ?? 0.01, document }))
          .sort((a, b) => b.score - a.score)
          .slice(0, Number(args.top_n ?? docs.length)),
        usage: { rerank_units: 1 },
      });
    }
    return pineconeError(res, 404, "NOT_FOUND", "Not found");
  }
  // The data plane of an index.
  if (p === "/describe_index_stats")
    return json(res, 200, {
      namespaces: { faq: { vectorCount: 1284 }, tickets: { vectorCount: 20311 } },
      dimension: 1024,
      indexFullness: 0,
      totalVectorCount: 21595,
      metric: "cosine",
      vectorType: "dense",
    });
  const m = p.match(/^\/records\/namespaces\/([^/]+)\/(upsert|search)$/);
  if (m && m[2] === "upsert") {
    const records = body
      .split("\n")
      .filter(Boolean)
      .map((line) => parse(line));
    const missing = records.findIndex((r) => typeof r.chunk_text !== "string");
    if (missing >= 0)
      return pineconeError(
        res,
        400,
        "INVALID_ARGUMENT",
        `Missing field 'chunk_text' in record at index ${missing}. The field_map of this index requires the text to embed in 'chunk_text'.`,
      );
    res.writeHead(201, { "content-type": "application/x-ndjson" });
    return res.end();
  }
  if (m && m[2] === "search") {
    const args = parse(body);
    const query = (args.query ?? {}) as Record<string, unknown>;
    if (state.pineconeRateLimited)
      return pineconeError(
        res,
        429,
        "RESOURCE_EXHAUSTED",
        "Request failed. You've reached your read unit limit of 2000000 for the current month. To continue reading data, upgrade your plan.",
      );
    const filter = query.filter as Record<string, unknown> | undefined;
    if (filter && JSON.stringify(filter).includes("$contains"))
      return pineconeError(
        res,
        400,
        "INVALID_ARGUMENT",
        "Invalid filter: unknown operator $contains. Supported operators are $eq, $ne, $gt, $gte, $lt, $lte, $in, $nin, $exists, $and, $or.",
      );
    const text = String((query.inputs as Record<string, unknown> | undefined)?.text ?? "");
    if (text.includes("slow"))
      return later(15_000, () =>
        json(res, 200, { result: { hits: SUPPORT_HITS }, usage: { read_units: 6 } }),
      );
    if (m[1] !== "faq")
      return json(res, 200, { result: { hits: [] }, usage: { read_units: 1, embed_total_tokens: 9 } });
    return json(res, 200, {
      result: { hits: SUPPORT_HITS },
      usage: { read_units: 6, embed_total_tokens: 11 },
    });
  }
  return pineconeError(res, 404, "NOT_FOUND", "Not found");
};

// ------------------------------------------------------------------------------------------ Slack

export const SLACK = {
  general: "C07GEN00R10",
  incidents: "C07INC00R10",
  releases: "C07REL00R10",
  archived: "C05OLD00R10",
  secret: "C07SEC00R10",
  empty: "C07NEW00R10",
  userAda: "U07ADA00R10",
  userBen: "U07BEN00R10",
  threadTs: "1796541210.004900",
};

function slackChannel(id: string, name: string, topic: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    name,
    is_channel: true,
    is_group: false,
    is_im: false,
    is_mpim: false,
    is_private: false,
    created: 1719830400,
    is_archived: false,
    is_general: name === "general",
    unlinked: 0,
    name_normalized: name,
    is_shared: false,
    is_org_shared: false,
    is_pending_ext_shared: false,
    pending_shared: [],
    context_team_id: SLACK_TEAM,
    updated: 1796400000000,
    parent_conversation: null,
    creator: SLACK.userAda,
    is_ext_shared: false,
    shared_team_ids: [SLACK_TEAM],
    pending_connected_team_ids: [],
    is_member: true,
    topic: { value: topic, creator: SLACK.userAda, last_set: 1719830400 },
    purpose: { value: "", creator: "", last_set: 0 },
    previous_names: [],
    num_members: 42,
    ...extra,
  };
}

const SLACK_MESSAGES = [
  {
    user: SLACK.userBen,
    type: "message",
    ts: "1796541388.007100",
    client_msg_id: "5b0d3f1e-2a4c-4e6b-8d0f-1a3c5e7b9d20",
    text: "Search latency is back under 120 ms p95 after the index rebuild.",
    team: SLACK_TEAM,
    thread_ts: SLACK.threadTs,
    parent_user_id: SLACK.userAda,
  },
  {
    user: SLACK.userAda,
    type: "message",
    ts: SLACK.threadTs,
    client_msg_id: "9c1e3a5b-7d2f-4b6a-8e0c-2d4f6a8b0c13",
    text: "Incident 4521: elevated p95 on /search since 09:40 UTC. Rebuilding the HNSW index on the replica.",
    team: SLACK_TEAM,
    thread_ts: SLACK.threadTs,
    reply_count: 1,
    reply_users_count: 1,
    latest_reply: "1796541388.007100",
    reply_users: [SLACK.userBen],
    is_locked: false,
    subscribed: false,
  },
];

const slackReactions = new Set<string>();

const slack: Handler = (req, url, body, res) => {
  const p = url.pathname;
  if (state.slackOutagePage) return text(res, 503, NGINX_503, "text/html");
  if (state.slackRateLimited)
    return json(res, 429, { ok: false, error: "ratelimited" }, { "retry-after": "30" });
  const auth = req.headers.authorization ?? "";
  if (!auth.startsWith("Bearer ")) return json(res, 200, { ok: false, error: "not_authed" });
  if (auth !== `Bearer ${SLACK_TOKEN}`) return json(res, 200, { ok: false, error: "invalid_auth" });
  if (state.slackTokenRevoked) return json(res, 200, { ok: false, error: "token_revoked" });
  if (state.slackInternalError) return json(res, 200, { ok: false, error: "internal_error" });
  const method = p.replace(/^\/api\//, "");
  const args = { ...Object.fromEntries(url.searchParams), ...parse(body) } as Record<string, string>;
  const channels: Record<string, ReturnType<typeof slackChannel>> = {
    [SLACK.general]: slackChannel(SLACK.general, "general", "Company-wide announcements"),
    [SLACK.incidents]: slackChannel(SLACK.incidents, "incidents", "Sev1/Sev2 incidents — page #oncall first"),
    [SLACK.releases]: slackChannel(SLACK.releases, "releases", "Release notes", { is_member: false }),
    [SLACK.empty]: slackChannel(SLACK.empty, "search-relevance", "Ranking experiments"),
    [SLACK.archived]: slackChannel(SLACK.archived, "q3-launch", "", { is_archived: true }),
  };
  const channel = channels[args.channel ?? ""];
  switch (method) {
    case "conversations.list":
      if (state.slackMissingScope)
        return json(res, 200, {
          ok: false,
          error: "missing_scope",
          needed: "channels:read",
          provided: "chat:write,reactions:write,users:read",
        });
      return json(res, 200, {
        ok: true,
        channels: Object.values(channels).filter((c) => !c.is_archived),
        response_metadata: { next_cursor: "" },
      });
    case "conversations.history":
      if (!channel) return json(res, 200, { ok: false, error: "channel_not_found" });
      if (args.channel === SLACK.incidents && args.limit === "50")
        return later(15_000, () => json(res, 200, { ok: true, messages: SLACK_MESSAGES, has_more: false }));
      if (args.channel === SLACK.empty)
        return json(res, 200, {
          ok: true,
          messages: [],
          has_more: false,
          pin_count: 0,
          channel_actions_ts: null,
          channel_actions_count: 0,
        });
      return json(res, 200, {
        ok: true,
        messages: SLACK_MESSAGES,
        has_more: false,
        pin_count: 0,
        channel_actions_ts: null,
        channel_actions_count: 0,
      });
    case "conversations.replies":
      if (!channel) return json(res, 200, { ok: false, error: "channel_not_found" });
      if (args.ts !== SLACK.threadTs) return json(res, 200, { ok: false, error: "thread_not_found" });
      return json(res, 200, {
        ok: true,
        messages: [...SLACK_MESSAGES].reverse(),
        has_more: false,
        response_metadata: { next_cursor: "" },
      });
    case "chat.postMessage": {
      if (!channel) return json(res, 200, { ok: false, error: "channel_not_found" });
      if (channel.is_archived) return json(res, 200, { ok: false, error: "is_archived" });
      if (!channel.is_member) return json(res, 200, { ok: false, error: "not_in_channel" });
      if (!args.text) return json(res, 200, { ok: false, error: "no_text" });
      const ts = args.thread_ts ? "1796542204.009300" : "1796542190.008800";
      return json(res, 200, {
        ok: true,
        channel: channel.id,
        ts,
        message: {
          user: "U07BOT00R10",
          type: "message",
          ts,
          bot_id: "B07BOT00R10",
          app_id: "A07APP00R10",
          text: args.text,
          team: SLACK_TEAM,
          bot_profile: { id: "B07BOT00R10", name: "search-ops", app_id: "A07APP00R10", team_id: SLACK_TEAM },
          ...(args.thread_ts ? { thread_ts: args.thread_ts, parent_user_id: SLACK.userAda } : {}),
        },
      });
    }
    case "reactions.add": {
      if (!channel) return json(res, 200, { ok: false, error: "channel_not_found" });
      const known = ["white_check_mark", "eyes", "rocket", "thumbsup", "+1"];
      if (!known.includes(args.name ?? "")) return json(res, 200, { ok: false, error: "invalid_name" });
      const key = `${args.channel}/${args.timestamp}/${args.name}`;
      if (slackReactions.has(key)) return json(res, 200, { ok: false, error: "already_reacted" });
      slackReactions.add(key);
      return json(res, 200, { ok: true });
    }
    case "users.list":
      return json(res, 200, {
        ok: true,
        members: [
          {
            id: SLACK.userAda,
            team_id: SLACK_TEAM,
            name: "ada",
            deleted: false,
            real_name: "Ada Okafor",
            tz: "Europe/London",
            profile: {
              title: "Search SRE",
              real_name: "Ada Okafor",
              display_name: "ada",
              email: "ada@acme.example",
            },
            is_admin: true,
            is_bot: false,
            updated: 1796300000,
          },
          {
            id: SLACK.userBen,
            team_id: SLACK_TEAM,
            name: "ben",
            deleted: false,
            real_name: "Ben Lindqvist",
            tz: "Europe/Stockholm",
            profile: {
              title: "Backend engineer",
              real_name: "Ben Lindqvist",
              display_name: "ben",
              email: "ben@acme.example",
            },
            is_admin: false,
            is_bot: false,
            updated: 1796200000,
          },
        ],
        cache_ts: 1796542000,
        response_metadata: { next_cursor: "" },
      });
    case "users.profile.get":
      if (args.user !== SLACK.userAda && args.user !== SLACK.userBen)
        return json(res, 200, { ok: false, error: "user_not_found" });
      return json(res, 200, {
        ok: true,
        profile: {
          title: "Search SRE",
          phone: "",
          real_name: "Ada Okafor",
          display_name: "ada",
          status_text: "On call",
          status_emoji: ":pager:",
          email: "ada@acme.example",
          fields: {},
        },
      });
    default:
      return json(res, 404, { ok: false, error: "unknown_method", req_method: method });
  }
};

export const tavilyStandin = mitmProxy(TAVILY_PROXY_PORT, tavily);
export const braveStandin = mitmProxy(BRAVE_PROXY_PORT, brave);
export const pineconeStandin = mitmProxy(PINECONE_PROXY_PORT, pinecone);
export const slackStandin = mitmProxy(SLACK_PROXY_PORT, slack);
export const ALL_STANDINS: Standin[] = [tavilyStandin, braveStandin, pineconeStandin, slackStandin];

export function clearTimers() {
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
}
