// Loopback stand-ins for the APIs behind this group's servers, answering with the real APIs' bodies
// and error bodies: the Perplexity API (Search API `POST /search`, Agent API `POST /v1/agent` as an
// SSE stream, `{"error": {"message", "type", "code"}}` errors and openresty's HTML 401), the Doppler
// API v3 (`{"messages": […], "success": false}` errors), the Infisical API (universal-auth login,
// raw secrets v3, `{"reqId", "statusCode", "message", "error"}` errors) and the Supabase Management
// API v1 (`{"message": …}` errors, SQL errors quoting PostgreSQL's SQLSTATE, NestJS's throttler).
// Each listens on its own port so one can be stopped (an unreachable backend) while the others keep
// answering. `state` is switched by the sessions' hooks (a revoked key, a rate limit, …).

import http from "node:http";
import type { Socket } from "node:net";

export const PERPLEXITY_PORT = 39300;
export const DOPPLER_PORT = 39301;
export const INFISICAL_PORT = 39302;
export const SUPABASE_PORT = 39303;

export const PERPLEXITY_KEY = "pplx-r9infraCorpusKey0000000000000000000000000000";
/** A Doppler personal token (`dp.pt.` prefix). */
export const DOPPLER_TOKEN = "dp.pt.r9infraCorpusPersonalToken00000000000000000000";
export const INFISICAL_CLIENT_ID = "6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f";
export const INFISICAL_CLIENT_SECRET = "r9infra0corpus0client0secret0000000000000000000000000000000000";
export const INFISICAL_PROJECT_ID = "4c1e8f2a-7b3d-4e9a-9c6f-2d8b1a5e7f30";
/** A Supabase personal access token (`sbp_` prefix). */
export const SUPABASE_PAT = "sbp_r9infra0corpus0000000000000000000000000000";
export const SUPABASE_REF = "qzvtkhmrplxwbnjdcyfa";
export const SUPABASE_OTHER_ORG_REF = "hnbqwertyuioplkjmzxa";

export const state = {
  perplexityKeyRevoked: false,
  perplexityRateLimited: false,
  perplexityServerError: false,
  perplexityGateway: false,
  perplexityChallenge: false,
  dopplerRateLimited: false,
  dopplerTokenRevoked: false,
  dopplerMaintenance: false,
  dopplerBehindLogin: false,
  infisicalTokenRevoked: false,
  infisicalRateLimited: false,
  infisicalServerError: false,
  infisicalGateway: false,
  supabasePatRevoked: false,
  supabaseThrottled: false,
  supabaseGateway: false,
};

type Handler = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => void;

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

function text(
  res: http.ServerResponse,
  status: number,
  body: string,
  type: string,
  headers: Record<string, string> = {},
) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": type, ...headers });
  res.end(body);
}

function parse(body: string): Record<string, unknown> {
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function serve(port: number, handler: Handler) {
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => handler(req, new URL(req.url ?? "/", `http://127.0.0.1:${port}`), body, res));
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  return {
    start: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve())),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const CLOUDFLARE_502 = (host: string) =>
  `<!DOCTYPE html>\n<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->\n<html class="no-js" lang="en-US">\n<head>\n<title>${host} | 502: Bad gateway</title>\n<meta charset="UTF-8" />\n</head>\n<body>\n<div id="cf-wrapper">\n<div id="cf-error-details" class="p-0">\n<header class="mx-auto pt-10 lg:pt-6 lg:px-8 w-240 lg:w-full mb-8">\n<h1 class="inline-block sm:block sm:mb-2 font-light text-60 lg:text-4xl text-black-dark leading-tight mr-2">\n<span class="inline-block">Bad gateway</span>\n<span class="code-label">Error code 502</span>\n</h1>\n<div>Visit <a href="https://www.cloudflare.com/5xx-error-landing?utm_source=errorcode_502&utm_campaign=${host}" target="_blank" rel="noopener noreferrer">cloudflare.com</a> for more information.</div>\n<div class="mt-3">2026-12-06 04:31:07 UTC</div>\n</header>\n<div class="cf-error-overview">\n<h2>What happened?</h2>\n<p>The web server reported a bad gateway error.</p>\n<h2>What can I do?</h2>\n<p>Please try again in a few minutes.</p>\n</div>\n<div class="cf-error-footer">\n<p><span>Cloudflare Ray ID: <strong class="font-semibold">8f0c3a9d2e71b4c6</strong></span></p>\n</div>\n</div>\n</div>\n</body>\n</html>\n`;

// ---------------------------------------------------------------------------- Perplexity

const OPENRESTY_401 =
  "<html>\r\n<head><title>401 Authorization Required</title></head>\r\n<body>\r\n<center><h1>401 Authorization Required</h1></center>\r\n<hr><center>openresty/1.27.1.1</center>\r\n</body>\r\n</html>\r\n";

const CHALLENGE_PAGE =
  '<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta name="robots" content="noindex,nofollow"></head><body><div class="main-wrapper" role="main"><div class="main-content"><h1 class="zone-name-title h1">api.perplexity.ai</h1><h2 class="h2" id="challenge-running">Checking if the site connection is secure</h2><noscript><div class="h2"><span id="challenge-error-text">Enable JavaScript and cookies to continue</span></div></noscript></div></div></body></html>';

const MCP_RESULTS = [
  {
    title: "Specification - Model Context Protocol",
    url: "https://modelcontextprotocol.io/specification/2025-11-25",
    snippet:
      "Model Context Protocol (MCP) is an open protocol that enables seamless integration between LLM applications and external data sources and tools.",
    date: "2025-11-25",
    last_updated: "2026-03-02",
  },
  {
    title: "Tools - Model Context Protocol",
    url: "https://modelcontextprotocol.io/specification/2025-11-25/server/tools",
    snippet:
      "Tool results can contain structured or unstructured content. Errors in tool execution should be reported in the result object with isError set to true.",
    date: "2025-11-25",
  },
  {
    title: "modelcontextprotocol/modelcontextprotocol: Specification and documentation",
    url: "https://github.com/modelcontextprotocol/modelcontextprotocol",
    snippet: "Specification and documentation for the Model Context Protocol.",
    date: "2026-08-14",
  },
];

function pplxError(res: http.ServerResponse, status: number, message: string, type: string, headers = {}) {
  json(res, status, { error: { message, type, code: status } }, headers);
}

function sse(res: http.ServerResponse, events: unknown[], delayMs = 20, keepOpen = false) {
  if (res.destroyed) return;
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  let i = 0;
  const next = () => {
    if (res.destroyed) return;
    if (i < events.length) {
      const event = events[i++] as { type: string };
      res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      setTimeout(next, delayMs);
    } else if (!keepOpen) {
      res.end();
    } else {
      // a long research run: only keep-alive comments from here on
      res.write(": ping\n\n");
      setTimeout(next, 1000);
    }
  };
  next();
}

function agentResponse(
  id: string,
  preset: string,
  answer: string,
  results: { id: number; url: string; title: string }[],
  extra: Record<string, unknown> = {},
) {
  return {
    id,
    object: "response",
    created_at: 1796530000,
    status: "completed",
    model: preset === "fast" ? "sonar" : "sonar-reasoning-pro",
    output: [
      { type: "search_results", results: results.map((r) => ({ ...r, date: "2026-10-01" })) },
      {
        type: "message",
        role: "assistant",
        status: "completed",
        content: [{ type: "output_text", text: answer, annotations: [] }],
      },
    ],
    usage: { input_tokens: 38, output_tokens: 112, total_tokens: 150 },
    ...extra,
  };
}

const perplexity: Handler = (req, url, body, res) => {
  const auth = req.headers.authorization ?? "";
  if (state.perplexityGateway)
    return text(res, 502, CLOUDFLARE_502("api.perplexity.ai"), "text/html; charset=UTF-8");
  if (state.perplexityChallenge) return text(res, 200, CHALLENGE_PAGE, "text/html; charset=UTF-8");
  if (auth !== `Bearer ${PERPLEXITY_KEY}` || state.perplexityKeyRevoked)
    return text(res, 401, OPENRESTY_401, "text/html");
  if (state.perplexityRateLimited)
    return pplxError(
      res,
      429,
      "You have exceeded your rate limit of 50 requests per minute for the Search API. Please retry later.",
      "rate_limit_exceeded",
      { "retry-after": "37", "x-ratelimit-limit-requests": "50", "x-ratelimit-remaining-requests": "0" },
    );
  if (state.perplexityServerError)
    return pplxError(
      res,
      500,
      "An internal error occurred. Please try again later.",
      "internal_server_error",
    );
  const input = parse(body);
  if (url.pathname === "/search" && req.method === "POST") {
    const query = String(input.query ?? "").toLowerCase();
    const country = input.country as string | undefined;
    if (country !== undefined && !/^[A-Z]{2}$/.test(country))
      return pplxError(
        res,
        400,
        `Invalid country code '${country}'. Expected an ISO 3166-1 alpha-2 code such as 'US' or 'GB'.`,
        "invalid_request_error",
      );
    if (query.includes("slow"))
      return void setTimeout(() => json(res, 200, { id: "r9px-slow", results: [] }), 15_000);
    const results = query.includes("model context protocol") ? MCP_RESULTS : [];
    return json(res, 200, {
      id: `r9px-${Math.abs(query.length * 7919)}`,
      results: results.slice(0, Number(input.max_results ?? 10)),
      usage: { tokens: results.length * 812 },
    });
  }
  if (url.pathname === "/v1/agent" && req.method === "POST") {
    const preset = String(input.preset ?? "");
    const messages = (input.input as { content?: string }[] | undefined) ?? [];
    const question = String(messages[messages.length - 1]?.content ?? "").toLowerCase();
    const id = `resp_r9px${preset}${question.length}`;
    const created = { type: "response.created", response: { id, status: "in_progress", output: [] } };
    const searching = { type: "response.reasoning.search_queries", queries: [question.slice(0, 60)] };
    if (question.includes("moon base")) {
      return sse(res, [
        created,
        searching,
        {
          type: "response.failed",
          response: { id, status: "failed", output: [] },
          error: {
            message: "The model produced an invalid tool call and the run was stopped.",
            type: "server_error",
          },
        },
      ]);
    }
    if (question.includes("history of the internet")) {
      // research: searches go on and on; nothing completes in time
      return sse(
        res,
        [created, searching, { type: "response.reasoning.search_results", results: [{}] }],
        50,
        true,
      );
    }
    if (question.includes("every country")) {
      // the run stops at its output-token limit: status "incomplete", the answer cut mid-list
      return sse(res, [
        created,
        searching,
        {
          type: "response.completed",
          response: agentResponse(
            id,
            preset,
            "Capitals of every country, A–Z:\n1. Afghanistan – Kabul\n2. Albania – Tirana\n3. Algeria – Algiers\n4. Andorra – Andorra la Vella\n5. Angola – Lu",
            [
              {
                id: 1,
                url: "https://en.wikipedia.org/wiki/List_of_national_capitals",
                title: "List of national capitals",
              },
            ],
            {
              status: "incomplete",
              incomplete_details: { reason: "max_output_tokens" },
              error: { message: "Response truncated: max_output_tokens reached", type: "max_output_tokens" },
            },
          ),
        },
      ]);
    }
    if (question.includes("prime")) {
      return sse(res, [
        created,
        searching,
        {
          type: "response.completed",
          response: agentResponse(
            id,
            preset,
            "Yes. 2,147,483,647 (2^31 − 1) is prime: it is a Mersenne prime, proved prime by Euler in 1772 [1]. Trial division by every prime up to √(2^31 − 1) ≈ 46,341 leaves no divisor [2].",
            [
              {
                id: 1,
                url: "https://en.wikipedia.org/wiki/2,147,483,647",
                title: "2,147,483,647 - Wikipedia",
              },
              {
                id: 2,
                url: "https://primes.utm.edu/curios/page.php?number_id=246",
                title: "Prime Curios! 2147483647",
              },
            ],
          ),
        },
      ]);
    }
    return sse(res, [
      created,
      searching,
      { type: "response.reasoning.search_results", results: [{}, {}] },
      {
        type: "response.completed",
        response: agentResponse(
          id,
          preset,
          "The capital of Australia is Canberra [1]. It was purpose-built as a compromise between Sydney and Melbourne and has been the seat of government since 1927 [2].",
          [
            { id: 1, url: "https://en.wikipedia.org/wiki/Canberra", title: "Canberra - Wikipedia" },
            {
              id: 2,
              url: "https://www.aph.gov.au/About_Parliament",
              title: "About Parliament – Parliament of Australia",
            },
          ],
        ),
      },
    ]);
  }
  if (url.pathname.endsWith("/cancel")) return json(res, 200, { status: "cancelled" });
  return pplxError(res, 404, "Not Found", "not_found");
};

// -------------------------------------------------------------------------------- Doppler

function dopplerError(res: http.ServerResponse, status: number, message: string, headers = {}) {
  json(res, status, { messages: [message], success: false }, headers);
}

const DOPPLER_PROJECTS = [
  {
    id: "backend",
    slug: "backend",
    name: "backend",
    description: "API and workers",
    created_at: "2025-02-11T09:14:22.031Z",
  },
  {
    id: "web",
    slug: "web",
    name: "web",
    description: "Marketing site and dashboard",
    created_at: "2025-03-02T17:40:05.512Z",
  },
];

const DOPPLER_SECRETS: Record<string, Record<string, string>> = {
  dev: {
    DATABASE_URL: "postgres://app:devpass@localhost:5432/app_dev",
    REDIS_URL: "redis://localhost:6379/0",
    LOG_LEVEL: "debug",
    DOPPLER_PROJECT: "backend",
    DOPPLER_ENVIRONMENT: "dev",
    DOPPLER_CONFIG: "dev",
  },
  dev_personal: {},
  prd: {
    DATABASE_URL: "postgres://app:••••@db.internal:5432/app",
    LOG_LEVEL: "info",
    DOPPLER_PROJECT: "backend",
    DOPPLER_ENVIRONMENT: "prd",
    DOPPLER_CONFIG: "prd",
  },
};

function dopplerConfig(name: string, environment: string, locked = false) {
  return {
    name,
    root: !name.includes("_"),
    locked,
    initial_fetch_at: "2025-02-11T09:20:01.000Z",
    last_fetch_at: "2026-12-06T03:12:44.000Z",
    created_at: "2025-02-11T09:14:22.031Z",
    environment,
    project: "backend",
    inheritable: false,
    inheriting: [],
    inherits: [],
  };
}

const DOPPLER_LOGIN_PAGE =
  '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Sign in · Acme SSO</title></head><body><form method="post" action="/oauth2/start"><h1>Sign in to continue</h1><p>Your session has expired. Sign in with your Acme account to reach api.doppler.internal.acme.</p><button type="submit">Sign in with Okta</button></form></body></html>';

const doppler: Handler = (req, url, body, res) => {
  if (state.dopplerBehindLogin) return text(res, 200, DOPPLER_LOGIN_PAGE, "text/html; charset=utf-8");
  if (state.dopplerMaintenance)
    return text(res, 502, CLOUDFLARE_502("api.doppler.com"), "text/html; charset=UTF-8");
  if (req.headers.authorization !== `Bearer ${DOPPLER_TOKEN}` || state.dopplerTokenRevoked)
    return dopplerError(res, 401, "Invalid Auth token");
  if (state.dopplerRateLimited)
    return dopplerError(
      res,
      429,
      "You have exceeded the rate limit of 240 requests per minute for this workplace.",
      {
        "retry-after": "41",
        "x-ratelimit-limit": "240",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": "1796531520",
      },
    );
  const q = url.searchParams;
  const input = parse(body);
  const project = q.get("project") ?? (input.project as string | undefined);
  const config = q.get("config") ?? (input.config as string | undefined);
  const path = url.pathname;
  if (path === "/v3/workplace")
    return json(res, 200, {
      workplace: { id: "r9wp0001", name: "Acme", billing_email: "ops@acme.example" },
      success: true,
    });
  if (path === "/v3/projects") return json(res, 200, { page: 1, projects: DOPPLER_PROJECTS, success: true });
  if (project && !DOPPLER_PROJECTS.some((p) => p.slug === project))
    return dopplerError(res, 404, "Could not find requested project");
  if (path === "/v3/configs")
    return json(res, 200, {
      configs: [
        dopplerConfig("dev", "dev"),
        dopplerConfig("dev_personal", "dev"),
        dopplerConfig("stg", "stg"),
        dopplerConfig("prd", "prd", true),
      ],
      page: 1,
      success: true,
    });
  if (path === "/v3/environments")
    return json(res, 200, {
      environments: ["dev", "stg", "prd"].map((slug) => ({
        id: slug,
        slug,
        name: { dev: "Development", stg: "Staging", prd: "Production" }[slug],
        initial_fetch_at: "2025-02-11T09:20:01.000Z",
        created_at: "2025-02-11T09:14:22.031Z",
        project: "backend",
      })),
      page: 1,
      success: true,
    });
  if (path.startsWith("/v3/configs/config") && config && !(config in DOPPLER_SECRETS) && config !== "stg")
    return dopplerError(res, 404, "Could not find requested config");
  const secrets = DOPPLER_SECRETS[config ?? ""] ?? {};
  if (path === "/v3/configs/config")
    return json(res, 200, { config: dopplerConfig(config ?? "", config ?? ""), success: true });
  if (path === "/v3/configs/config/secrets/names")
    return json(res, 200, { names: Object.keys(secrets), success: true });
  if (path === "/v3/configs/config/secrets" && req.method === "GET") {
    const all: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(secrets))
      all[name] = {
        raw: value,
        computed: value,
        note: "",
        rawVisibility: "masked",
        computedVisibility: "masked",
      };
    return json(res, 200, { secrets: all, success: true });
  }
  if (path === "/v3/configs/config/secret" && req.method === "GET") {
    const name = q.get("name") ?? "";
    if (name === "SLOW_SECRET")
      return void setTimeout(() => dopplerError(res, 504, "Gateway Timeout"), 15_000);
    if (!(name in secrets)) return dopplerError(res, 404, "Could not find requested secret");
    return json(res, 200, {
      name,
      value: { raw: secrets[name], computed: secrets[name], note: "" },
      success: true,
    });
  }
  if (path === "/v3/configs/config/secrets" && req.method === "POST") {
    const changes = (input.secrets ?? {}) as Record<string, string>;
    for (const name of Object.keys(changes)) {
      if (!/^[A-Z_][A-Z0-9_]*$/.test(name))
        return dopplerError(
          res,
          400,
          "Secret names must start with a letter or underscore and contain only uppercase letters, numbers, and underscores",
        );
    }
    if (config === "prd") return dopplerError(res, 403, "This config is locked. Unlock it to modify secrets");
    const merged = { ...secrets, ...changes };
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(merged)) out[name] = { raw: value, computed: value, note: "" };
    return json(res, 200, { secrets: out, success: true });
  }
  if (path === "/v3/configs/config/secrets/download")
    return text(
      res,
      200,
      Object.entries(secrets)
        .map(([k, v]) => `${k}="${v}"`)
        .join("\n") + "\n",
      "text/plain; charset=utf-8",
    );
  return dopplerError(res, 404, "Could not find requested resource");
};

// ------------------------------------------------------------------------------ Infisical

const INFISICAL_ACCESS_TOKEN =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpZGVudGl0eUlkIjoicjlpbmZyYSIsImF1dGhUb2tlblR5cGUiOiJpZGVudGl0eUFjY2Vzc1Rva2VuIn0.r9infraCorpusSignature";

let infisicalReq = 0;
function infisicalError(
  res: http.ServerResponse,
  status: number,
  message: unknown,
  error: string,
  extra = {},
) {
  infisicalReq += 1;
  json(res, status, {
    reqId: `req-r9inf${String(infisicalReq).padStart(6, "0")}`,
    statusCode: status,
    message,
    error,
    ...extra,
  });
}

const INFISICAL_SECRETS: Record<string, Record<string, string>> = {
  dev: {
    DB_PASSWORD: "dev-Hx8q2Lr7",
    STRIPE_SECRET_KEY: "sk_test_51R9infraCorpus",
    FEATURE_FLAGS: "beta,new-nav",
  },
  staging: { DB_PASSWORD: "stg-Pw4m9Tz1" },
  prod: { DB_PASSWORD: "prod-Qa7n3Vb8" },
};

function infisicalSecret(key: string, value: string, environment: string, path = "/") {
  return {
    id: `a3f0${key.length}c1e-${environment.length}b2d-4e5f-8a9b-0c1d2e3f4a5b`,
    _id: `a3f0${key.length}c1e-${environment.length}b2d-4e5f-8a9b-0c1d2e3f4a5b`,
    workspace: INFISICAL_PROJECT_ID,
    environment,
    version: 3,
    type: "shared",
    secretKey: key,
    secretValue: value,
    secretComment: "",
    secretPath: path,
    secretReminderNote: null,
    secretReminderRepeatDays: null,
    skipMultilineEncoding: false,
    createdAt: "2025-06-03T10:21:44.118Z",
    updatedAt: "2026-11-20T08:02:13.557Z",
    tags: [],
  };
}

const INFISICAL_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.27.3</center>\r\n</body>\r\n</html>\r\n";

const infisical: Handler = (req, url, body, res) => {
  const path = url.pathname;
  const input = parse(body);
  if (path === "/api/v1/auth/universal-auth/login") {
    if (input.clientId !== INFISICAL_CLIENT_ID || input.clientSecret !== INFISICAL_CLIENT_SECRET)
      return infisicalError(res, 401, "Invalid credentials", "UnauthorizedError");
    return json(res, 200, {
      accessToken: INFISICAL_ACCESS_TOKEN,
      expiresIn: 7200,
      accessTokenMaxTTL: 43200,
      tokenType: "Bearer",
    });
  }
  if (state.infisicalGateway) return text(res, 502, INFISICAL_502, "text/html");
  if (req.headers.authorization !== `Bearer ${INFISICAL_ACCESS_TOKEN}` || state.infisicalTokenRevoked)
    return infisicalError(
      res,
      401,
      "Failed to authenticate identity access token: the access token has been revoked",
      "UnauthorizedError",
    );
  if (state.infisicalRateLimited)
    return infisicalError(res, 429, "Rate limit exceeded, retry in 1 minute", "RateLimitExceeded");
  if (state.infisicalServerError)
    return infisicalError(res, 500, "Something went wrong", "InternalServerError");
  const q = url.searchParams;
  if (path === "/api/v1/workspace")
    return json(res, 200, {
      workspaces: [
        {
          id: INFISICAL_PROJECT_ID,
          name: "payments",
          slug: "payments-k2f8",
          orgId: "0d6c3b7a-1e2f-4a5b-9c8d-7e6f5a4b3c2d",
          type: "secret-manager",
          hasDeleteProtection: false,
          environments: [
            { name: "Development", slug: "dev", id: "e1" },
            { name: "Staging", slug: "staging", id: "e2" },
            { name: "Production", slug: "prod", id: "e3" },
          ],
        },
      ],
    });
  const projectId = q.get("workspaceId") ?? (input.workspaceId as string | undefined) ?? "";
  const environment = q.get("environment") ?? (input.environment as string | undefined) ?? "";
  const secretPath = q.get("secretPath") ?? (input.secretPath as string | undefined) ?? "/";
  if (path.startsWith("/api/v3/secrets/raw")) {
    if (projectId !== INFISICAL_PROJECT_ID)
      return infisicalError(
        res,
        404,
        `Project with ID '${projectId}' not found during secret operation`,
        "NotFound",
      );
    if (!(environment in INFISICAL_SECRETS))
      return infisicalError(
        res,
        404,
        `Folder with path '${secretPath}' in environment with slug '${environment}' not found`,
        "NotFound",
      );
    const secrets = secretPath === "/" ? INFISICAL_SECRETS[environment]! : {};
    if (secretPath !== "/" && secretPath !== "/integrations")
      return infisicalError(
        res,
        404,
        `Folder with path '${secretPath}' in environment with slug '${environment}' not found`,
        "NotFound",
      );
    if (path === "/api/v3/secrets/raw" && req.method === "GET")
      return json(res, 200, {
        secrets: Object.entries(secrets).map(([k, v]) => infisicalSecret(k, v, environment, secretPath)),
        imports: [],
      });
    const name = decodeURIComponent(path.slice("/api/v3/secrets/raw/".length));
    if (req.method === "GET") {
      if (name === "SLOW_TOKEN")
        return void setTimeout(
          () => json(res, 200, { secret: infisicalSecret(name, "x", environment) }),
          15_000,
        );
      if (!(name in secrets))
        return infisicalError(res, 404, `Secret with name '${name}' not found`, "NotFound");
      return json(res, 200, { secret: infisicalSecret(name, secrets[name]!, environment, secretPath) });
    }
    if (environment === "prod" && req.method !== "GET")
      return infisicalError(res, 403, "You are not allowed to edit on secrets", "PermissionDenied", {
        details: [
          {
            action: ["edit"],
            inverted: false,
            subject: "secrets",
            conditions: { environment: { $in: ["dev", "staging"] }, secretPath: { $glob: "/**" } },
          },
        ],
      });
    if (req.method === "POST") {
      if (name in secrets) return infisicalError(res, 400, "Secret already exist", "BadRequest");
      return json(res, 200, {
        secret: infisicalSecret(name, String(input.secretValue ?? ""), environment, secretPath),
      });
    }
    if (req.method === "PATCH") {
      if (!(name in secrets))
        return infisicalError(res, 404, `Secret with name '${name}' not found`, "NotFound");
      return json(res, 200, {
        secret: infisicalSecret(
          String(input.newSecretName ?? name),
          String(input.secretValue ?? secrets[name]),
          environment,
        ),
      });
    }
    if (req.method === "DELETE") {
      if (!(name in secrets))
        return infisicalError(res, 404, `Secret with name '${name}' not found`, "NotFound");
      return json(res, 200, { secret: infisicalSecret(name, secrets[name]!, environment) });
    }
  }
  const envMatch = /^\/api\/v1\/workspace\/([^/]+)\/environments$/.exec(path);
  if (envMatch && req.method === "POST") {
    const slug = String(input.slug ?? "");
    if (!/^[a-z0-9-]+$/.test(slug))
      return infisicalError(
        res,
        422,
        [
          {
            validation: "regex",
            code: "invalid_string",
            message: "Slug must be a valid slug",
            path: ["slug"],
          },
        ],
        "ValidationFailure",
      );
    return json(res, 200, {
      message: "Successfully created new environment",
      workspace: envMatch[1],
      environment: { id: "e4", name: input.name, slug, position: 4, projectId: envMatch[1] },
    });
  }
  return infisicalError(res, 404, `Route ${req.method}:${path} not found`, "Not Found");
};

// ------------------------------------------------------------------ Supabase Management API

const SUPABASE_PROJECTS = [
  {
    id: SUPABASE_REF,
    ref: SUPABASE_REF,
    organization_id: "vzbmrqalxnwkcjhtdgey",
    organization_slug: "vzbmrqalxnwkcjhtdgey",
    name: "acme-prod",
    region: "eu-central-1",
    created_at: "2025-04-17T08:33:12.417Z",
    status: "ACTIVE_HEALTHY",
    database: {
      host: `db.${SUPABASE_REF}.supabase.co`,
      version: "17.4.1.054",
      postgres_engine: "17",
      release_channel: "ga",
    },
  },
  {
    id: "wxkplmqzrtyhgfdsanbv",
    ref: "wxkplmqzrtyhgfdsanbv",
    organization_id: "vzbmrqalxnwkcjhtdgey",
    organization_slug: "vzbmrqalxnwkcjhtdgey",
    name: "acme-staging",
    region: "eu-central-1",
    created_at: "2025-05-02T14:10:40.001Z",
    status: "INACTIVE",
    database: {
      host: "db.wxkplmqzrtyhgfdsanbv.supabase.co",
      version: "17.4.1.054",
      postgres_engine: "17",
      release_channel: "ga",
    },
  },
];

function sqlError(res: http.ServerResponse, message: string) {
  json(res, 400, { message: `Failed to run sql query: ${message}` });
}

const supabase: Handler = (req, url, body, res) => {
  if (state.supabaseGateway)
    return text(res, 502, CLOUDFLARE_502("api.supabase.com"), "text/html; charset=UTF-8");
  if (req.headers.authorization !== `Bearer ${SUPABASE_PAT}` || state.supabasePatRevoked)
    return json(res, 401, { message: "Unauthorized" });
  if (state.supabaseThrottled)
    return json(res, 429, { message: "ThrottlerException: Too Many Requests" }, { "retry-after": "60" });
  const path = url.pathname;
  if (path === "/v1/projects" && req.method === "GET") return json(res, 200, SUPABASE_PROJECTS);
  if (path === "/v1/organizations")
    return json(res, 200, [{ id: "vzbmrqalxnwkcjhtdgey", slug: "vzbmrqalxnwkcjhtdgey", name: "Acme" }]);
  const m = /^\/v1\/projects\/([^/]+)(\/.*)?$/.exec(path);
  if (!m) return json(res, 404, { message: "Cannot GET " + path, error: "Not Found", statusCode: 404 });
  const ref = m[1]!;
  const rest = m[2] ?? "";
  if (ref === SUPABASE_OTHER_ORG_REF)
    return json(res, 403, {
      message: "Your account does not have the necessary privileges to access this endpoint.",
    });
  const project = SUPABASE_PROJECTS.find((p) => p.ref === ref);
  if (!project) return json(res, 404, { message: "Project not found" });
  if (rest === "") return json(res, 200, project);
  if (rest === "/database/query" && req.method === "POST") {
    const query = String(parse(body).query ?? "").trim();
    const lower = query.toLowerCase();
    if (project.status === "INACTIVE")
      return json(res, 400, { message: "Project is paused. Please restore the project to run queries." });
    if (lower.includes("pg_sleep(30)"))
      return void setTimeout(
        () => sqlError(res, "ERROR:  57014: canceling statement due to statement timeout\n"),
        15_000,
      );
    if (lower.includes("pg_sleep"))
      return sqlError(res, "ERROR:  57014: canceling statement due to statement timeout\n");
    if (lower.includes("from orders"))
      return sqlError(
        res,
        `ERROR:  42P01: relation "orders" does not exist\nLINE 1: ${query}\n${" ".repeat(8 + lower.indexOf("orders"))}^\n`,
      );
    if (lower.startsWith("selct"))
      return sqlError(res, `ERROR:  42601: syntax error at or near "selct"\nLINE 1: ${query}\n        ^\n`);
    if (lower.includes("insert into customers"))
      return sqlError(
        res,
        'ERROR:  23505: duplicate key value violates unique constraint "customers_email_key"\nDETAIL:  Key (email)=(ada@example.com) already exists.\n',
      );
    if (lower.includes("where plan = 'enterprise'")) return json(res, 200, []);
    if (lower.includes("from customers"))
      return json(res, 200, [
        { id: 1, email: "ada@example.com", plan: "pro", created_at: "2025-05-01T10:00:00+00:00" },
        { id: 2, email: "grace@example.com", plan: "free", created_at: "2025-06-12T16:30:00+00:00" },
        { id: 3, email: "linus@example.com", plan: "pro", created_at: "2025-07-20T08:15:00+00:00" },
      ]);
    return json(res, 200, []);
  }
  if (rest === "/functions")
    return json(res, 200, [
      {
        id: "5b1c9a7e-2f3d-4c8b-9e0a-1d2c3b4a5f6e",
        slug: "stripe-webhook",
        name: "stripe-webhook",
        status: "ACTIVE",
        version: 7,
        created_at: 1746000000000,
        updated_at: 1764900000000,
        verify_jwt: false,
        import_map: false,
        entrypoint_path: "file:///tmp/user_fn_qzvtkhmrplxwbnjdcyfa_5b1c9a7e_7/source/index.ts",
      },
    ]);
  if (rest === "/analytics/endpoints/logs") {
    const sql = url.searchParams.get("sql") ?? "";
    if (sql.includes("edge_logs"))
      return json(res, 200, {
        result: [],
        error: {
          code: 502,
          errors: [
            {
              domain: "global",
              location: "q",
              locationType: "parameter",
              message: "Query exceeded the maximum bytes billed for this project",
              reason: "bytesBilledLimitExceeded",
            },
          ],
          message: "Query exceeded the maximum bytes billed for this project",
          status: "INVALID_ARGUMENT",
        },
      });
    return json(res, 200, {
      result: [
        {
          id: "0f3c2a1b-9d8e-4f7a-b6c5-d4e3f2a1b0c9",
          timestamp: 1796529201000000,
          event_message:
            "connection authorized: user=authenticator database=postgres application_name=PostgREST 12.2.3",
          identifier: SUPABASE_REF,
          error_severity: "LOG",
        },
        {
          id: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
          timestamp: 1796529188000000,
          event_message: 'relation "orders" does not exist',
          identifier: SUPABASE_REF,
          error_severity: "ERROR",
        },
      ],
      error: null,
    });
  }
  if (rest === "/advisors/security")
    return json(res, 200, {
      lints: [
        {
          name: "rls_disabled_in_public",
          title: "RLS Disabled in Public",
          level: "ERROR",
          facing: "EXTERNAL",
          categories: ["SECURITY"],
          description:
            "Detects cases where row level security (RLS) has not been enabled on tables in schemas exposed to PostgREST",
          detail: "Table `public.customers` is public, but RLS has not been enabled.",
          remediation:
            "https://supabase.com/docs/guides/database/database-linter?lint=0013_rls_disabled_in_public",
          metadata: { name: "customers", type: "table", schema: "public" },
          cache_key: "rls_disabled_in_public_public_customers",
        },
      ],
    });
  if (rest === "/advisors/performance") return json(res, 200, { lints: [] });
  if (rest === "/storage/buckets")
    return json(res, 200, [
      {
        id: "avatars",
        name: "avatars",
        owner: "",
        public: true,
        created_at: "2025-05-03T09:00:00.000Z",
        updated_at: "2025-05-03T09:00:00.000Z",
      },
    ]);
  return json(res, 404, {
    message: "Cannot " + req.method + " " + path,
    error: "Not Found",
    statusCode: 404,
  });
};

export const perplexityStandin = serve(PERPLEXITY_PORT, perplexity);
export const dopplerStandin = serve(DOPPLER_PORT, doppler);
export const infisicalStandin = serve(INFISICAL_PORT, infisical);
export const supabaseStandin = serve(SUPABASE_PORT, supabase);

export const ALL_STANDINS = [perplexityStandin, dopplerStandin, infisicalStandin, supabaseStandin];
