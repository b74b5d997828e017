// Loopback stand-ins for the services behind this group's servers, answering with the real APIs' bodies
// and error bodies:
//   - GitLab's REST API v4 (`/api/v4/...`, `PRIVATE-TOKEN`), plain HTTP on loopback (its URL is configurable)
//   - a Dokploy instance (`/api/<router>.<procedure>`, `x-api-key`; trpc-to-openapi bodies)
//   - a SonarQube server (`/api/...`, a user token as Bearer)
//   - Railway's public GraphQL API (`backboard.railway.com/graphql/v2`), whose host is written into the
//     server: reached through a loopback forward proxy that terminates TLS (proxy-preload.mjs)
//   - Alibaba Cloud DevOps (Yunxiao) OpenAPI (`/oapi/v1/flow/...`, `x-yunxiao-token`)
// `state` is switched by the sessions' hooks (a revoked token, a rate limit, an outage, …). Every request
// is appended to requests.log in the data directory, for the judge.

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import path from "node:path";

export const DATA = "/tmp/faultline-corpus-r12-ops";
export const CERT = path.join(DATA, "standin-cert.pem");
const KEY = path.join(DATA, "standin-key.pem");
const REQUESTS = path.join(DATA, "requests.log");

export const GITLAB_PORT = 39871;
export const GITLAB_MCP_PORT = 39872;
export const DOKPLOY_PORT = 39873;
export const SONAR_PORT = 39874;
export const RAILWAY_PROXY_PORT = 39875;
export const YUNXIAO_PORT = 39876;

export const GITLAB_TOKEN = "glpat-r12OpsCorpusToken7f3kQ9";
export const GITLAB_EXPIRED_TOKEN = "glpat-r12OpsExpiredToken2b8xW";
export const GITLAB_REPORTER_TOKEN = "glpat-r12OpsReporterToken5m1zT";
export const DOKPLOY_KEY = "dokploy_r12opsCorpusKeyZm9vYmFy8c1d";
export const SONAR_TOKEN = "squ_5e1b2a9c7d3f4e6a8b0c1d2e3f4a5b6c7d8e9f01";
export const RAILWAY_TOKEN = "9b2c6f1e-r12o-4ps0-a7d3-corpus000001";
export const YUNXIAO_TOKEN = "pt-r12OpsCorpusYunxiaoToken_3c9f2a";
export const YUNXIAO_ORG = "65f0a1b2c3d4e5f6a7b8c9d0";

export const state = {
  gitlabRateLimited: false,
  gitlabBadGateway: false,
  gitlabServerError: false,
  gitlabTokenRevoked: false,
  dokployKeyRevoked: false,
  dokployBadGateway: false,
  dokployAccessPage: false,
  dokployServerError: false,
  dokployRateLimited: false,
  sonarTokenRevoked: false,
  sonarServerError: false,
  sonarMaintenancePage: false,
  sonarRateLimited: false,
  railwayTokenRevoked: false,
  railwayRateLimited: false,
  railwayBadGateway: false,
  yunxiaoTokenExpired: false,
  yunxiaoRateLimited: false,
  yunxiaoServerError: false,
  yunxiaoBadGateway: false,
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

export function clearTimers() {
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
}

function parse(body: string): Record<string, unknown> {
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** A self-signed certificate for Railway's API host and 127.0.0.1, made once per data directory. */
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
      "/CN=r12-ops corpus stand-in",
      "-addext",
      "subjectAltName=DNS:backboard.railway.com,DNS:backboard.railway.app,IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
}

function onRequest(name: string, port: number, handler: Handler) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const host = req.headers.host ?? `127.0.0.1:${port}`;
      const line = `${new Date().toISOString()} ${name} ${req.method} ${req.url} ${body.slice(0, 300).replace(/\s+/g, " ")}\n`;
      fs.appendFile(REQUESTS, line, () => {});
      handler(req, new URL(req.url ?? "/", `http://${host}`), body, res);
    });
  };
}

/** A plain HTTP server on its own loopback port. */
function server(name: string, port: number, handler: Handler): Standin {
  const sockets = new Set<Socket>();
  let created: http.Server | undefined;
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        fs.mkdirSync(DATA, { recursive: true });
        const made = http.createServer(onRequest(name, port, handler));
        made.on("connection", (socket: Socket) => {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
        });
        made.once("error", reject);
        made.listen(port, "127.0.0.1", () => resolve());
        created = made;
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!created) return resolve();
        created.close(() => resolve());
        created = undefined;
      }),
  };
}

/**
 * A forward proxy on its own port that accepts CONNECT for any host, terminates TLS with the stand-in
 * certificate and answers every request inside the tunnel with `handler`.
 */
function mitmProxy(name: string, port: number, handler: Handler): Standin {
  const sockets = new Set<Socket>();
  let proxy: http.Server | undefined;
  let tls: https.Server | undefined;
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        ensureCertificate();
        tls = https.createServer(
          { key: fs.readFileSync(KEY), cert: fs.readFileSync(CERT) },
          onRequest(name, port, handler),
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

const NGINX_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";

// GitLab's own error page for a Workhorse/Puma timeout (public/502.html, shortened).
const GITLAB_502 = `<!DOCTYPE html>
<html>
<head>
  <meta content="width=device-width, initial-scale=1, maximum-scale=1" name="viewport">
  <title>We're sorry, but something went wrong (502)</title>
</head>
<body>
  <div class="container">
    <h1>502</h1>
    <div class="container">
      <h3>Whoops, GitLab is taking too much time to respond.</h3>
      <hr />
      <p>Try refreshing the page, or going back and attempting the action again.</p>
      <p>Please contact your GitLab administrator if this problem persists.</p>
    </div>
  </div>
</body>
</html>
`;

// ------------------------------------------------------------------------------------------ GitLab

const GL_PROJECT = {
  id: 4182,
  description: "Checkout service: cart, pricing and payment capture",
  name: "checkout-service",
  name_with_namespace: "Acme Platform / checkout-service",
  path: "checkout-service",
  path_with_namespace: "acme-platform/checkout-service",
  created_at: "2025-02-11T09:21:44.120Z",
  default_branch: "main",
  tag_list: [],
  topics: ["payments"],
  ssh_url_to_repo: "git@gitlab.acme.test:acme-platform/checkout-service.git",
  http_url_to_repo: "https://gitlab.acme.test/acme-platform/checkout-service.git",
  web_url: "https://gitlab.acme.test/acme-platform/checkout-service",
  visibility: "private",
  namespace: {
    id: 77,
    name: "Acme Platform",
    path: "acme-platform",
    kind: "group",
    full_path: "acme-platform",
  },
  last_activity_at: "2026-12-05T16:02:10.001Z",
  archived: false,
  open_issues_count: 12,
  jobs_enabled: true,
  merge_requests_enabled: true,
  issues_enabled: true,
  ci_config_path: "",
};

function glPipeline(id: number, status: string, ref: string, sha: string, created: string) {
  return {
    id,
    iid: id - 90000,
    project_id: 4182,
    sha,
    ref,
    status,
    source: "push",
    created_at: created,
    updated_at: created.replace("T10", "T11"),
    web_url: `https://gitlab.acme.test/acme-platform/checkout-service/-/pipelines/${id}`,
    name: null,
  };
}

const GL_PIPELINES = [
  glPipeline(91877, "failed", "main", "a91f3c2e5b7d4f60b1c9e8d7a6f5e4d3c2b1a098", "2026-12-05T10:14:02.311Z"),
  glPipeline(
    91862,
    "success",
    "main",
    "7c2e9b1f0a3d5e7f9b1c3d5e7f9a1b3c5d7e9f10",
    "2026-12-04T10:40:51.902Z",
  ),
  glPipeline(
    91850,
    "success",
    "release/2026.12",
    "3f5a7c9e1b3d5f7a9c1e3b5d7f9a1c3e5b7d9f21",
    "2026-12-03T10:05:33.017Z",
  ),
];

const GL_USER = {
  id: 311,
  username: "deploy-bot",
  name: "Deploy Bot",
  state: "active",
  avatar_url: null,
  web_url: "https://gitlab.acme.test/deploy-bot",
};

function glJob(id: number, name: string, stage: string, status: string, failure_reason?: string) {
  return {
    id,
    status,
    stage,
    name,
    ref: "main",
    tag: false,
    coverage: null,
    allow_failure: false,
    created_at: "2026-12-05T10:14:02.400Z",
    started_at: "2026-12-05T10:14:09.120Z",
    finished_at: "2026-12-05T10:19:47.005Z",
    duration: 337.885,
    queued_duration: 6.72,
    user: GL_USER,
    pipeline: { id: 91877, project_id: 4182, ref: "main", sha: GL_PIPELINES[0]!.sha, status: "failed" },
    web_url: `https://gitlab.acme.test/acme-platform/checkout-service/-/jobs/${id}`,
    runner: {
      id: 52,
      description: "shared-runner-eu-3",
      active: true,
      is_shared: true,
      name: "gitlab-runner",
    },
    artifacts: [],
    ...(failure_reason ? { failure_reason } : {}),
  };
}

const GL_JOBS = [
  glJob(552101, "lint", "test", "success"),
  glJob(552102, "unit-tests", "test", "failed", "script_failure"),
  glJob(552103, "build-image", "build", "skipped"),
];

const GL_TRACE = [
  "\u001b[0KRunning with gitlab-runner 17.6.0 (374d34fd)\u001b[0;m",
  "\u001b[0K  on shared-runner-eu-3 t3_xQ2n, system ID: s_2f8c1d9e0a7b\u001b[0;m",
  'section_start:1796897649:prepare_executor\r\u001b[0K\u001b[0K\u001b[36;1mPreparing the "docker" executor\u001b[0;m',
  "\u001b[0KUsing Docker executor with image node:20-bookworm ...\u001b[0;m",
  "$ npm ci",
  "added 812 packages in 21s",
  "$ npm test",
  "> checkout-service@4.12.0 test",
  "> vitest run",
  " FAIL  src/pricing/discounts.test.ts > applies stacked coupons in order",
  "AssertionError: expected 1799 to be 1619 // Object.is equality",
  " Test Files  1 failed | 41 passed (42)",
  "      Tests  1 failed | 388 passed (389)",
  '\u001b[0;33mWARNING: Uploading artifacts as "junit" to coordinator... 201 Created\u001b[0;m',
  "\u001b[31;1mERROR: Job failed: exit code 1\u001b[0;m",
  "",
].join("\n");

function gitlabHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const token =
    String(req.headers["private-token"] ?? "").trim() ||
    String(req.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
  const p = url.pathname.replace(/^\/api\/v4/, "");
  if (p === "/version")
    return json(res, 200, { version: "17.6.1-ee", revision: "1b2f0c5a9e1", kas: { enabled: true } });
  if (state.gitlabBadGateway) return text(res, 502, GITLAB_502, "text/html; charset=utf-8");
  if (state.gitlabServerError) return json(res, 500, { message: "500 Internal Server Error" });
  if (state.gitlabRateLimited)
    return text(res, 429, "Retry later\n", "text/plain", {
      "retry-after": "60",
      "ratelimit-limit": "2000",
      "ratelimit-observed": "2001",
      "ratelimit-remaining": "0",
      "ratelimit-reset": String(Math.floor(Date.now() / 1000) + 60),
      "ratelimit-name": "throttle_authenticated_api",
    });
  if (
    state.gitlabTokenRevoked ||
    token === GITLAB_EXPIRED_TOKEN ||
    (token !== GITLAB_TOKEN && token !== GITLAB_REPORTER_TOKEN)
  )
    return json(res, 401, { message: "401 Unauthorized" }, { "www-authenticate": 'Bearer realm="gitlab"' });

  if (p === "/user")
    return json(res, 200, {
      ...GL_USER,
      username: token === GITLAB_REPORTER_TOKEN ? "qa-reporter" : GL_USER.username,
      bot: true,
      created_at: "2025-02-11T09:20:00.000Z",
      two_factor_enabled: false,
      external: false,
      private_profile: false,
      is_admin: false,
    });
  const m = p.match(/^\/projects\/([^/]+)(\/.*)?$/);
  if (!m) return json(res, 404, { error: "404 Not Found" });
  const project = decodeURIComponent(m[1]!);
  const rest = m[2] ?? "";
  if (project !== "acme-platform/checkout-service" && project !== "4182")
    return json(res, 404, { message: "404 Project Not Found" });
  if (rest === "" && req.method === "GET") return json(res, 200, GL_PROJECT);
  if (rest === "/pipelines" && req.method === "GET") {
    const status = url.searchParams.get("status");
    const ref = url.searchParams.get("ref");
    let list = GL_PIPELINES;
    if (status) list = list.filter((pl) => pl.status === status);
    if (ref) list = list.filter((pl) => pl.ref === ref);
    return json(res, 200, list, { "x-total": String(list.length), "x-page": "1", "x-per-page": "20" });
  }
  const pm = rest.match(/^\/pipelines\/([^/]+)(\/.*)?$/);
  if (pm) {
    const id = Number(pm[1]);
    const pipeline = GL_PIPELINES.find((pl) => pl.id === id);
    const tail = pm[2] ?? "";
    if (!pipeline) return json(res, 404, { message: "404 Not found" });
    if (tail === "" && req.method === "GET")
      return json(res, 200, {
        ...pipeline,
        before_sha: "0000000000000000000000000000000000000000",
        tag: false,
        yaml_errors: null,
        user: GL_USER,
        started_at: "2026-12-05T10:14:09.120Z",
        finished_at: "2026-12-05T10:19:47.005Z",
        committed_at: null,
        duration: 338,
        queued_duration: 6,
        coverage: null,
        detailed_status: {
          icon: `status_${pipeline.status}`,
          text: pipeline.status === "failed" ? "Failed" : "Passed",
          label: pipeline.status,
          group: pipeline.status,
          has_details: true,
          details_path: `/acme-platform/checkout-service/-/pipelines/${id}`,
        },
      });
    if (tail === "/jobs" && req.method === "GET") {
      const scope = url.searchParams.getAll("scope[]").concat(url.searchParams.getAll("scope"));
      const jobs = id === 91877 ? GL_JOBS : [];
      return json(res, 200, scope.length ? jobs.filter((job) => scope.includes(job.status)) : jobs);
    }
    if ((tail === "/retry" || tail === "/cancel") && req.method === "POST") {
      if (token === GITLAB_REPORTER_TOKEN) return json(res, 403, { message: "403 Forbidden" });
      return json(res, 201, { ...pipeline, status: tail === "/retry" ? "pending" : "canceled" });
    }
    if (tail === "" && req.method === "DELETE") {
      if (token === GITLAB_REPORTER_TOKEN) return json(res, 403, { message: "403 Forbidden" });
      res.writeHead(204).end();
      return;
    }
  }
  const jm = rest.match(/^\/jobs\/(\d+)(\/trace)?$/);
  if (jm) {
    const job = GL_JOBS.find((j) => j.id === Number(jm[1]));
    if (!job) return json(res, 404, { message: "404 Not found" });
    if (jm[2]) {
      if (job.id === 552103) return text(res, 200, "");
      return text(res, 200, GL_TRACE);
    }
    return json(res, 200, job);
  }
  if (rest === "/pipeline" && req.method === "POST") {
    const ref = String(parse(body).ref ?? url.searchParams.get("ref") ?? "");
    if (token === GITLAB_REPORTER_TOKEN) return json(res, 403, { message: "403 Forbidden" });
    if (ref === "slow-release") {
      later(15_000, () =>
        json(res, 201, glPipeline(91890, "created", ref, GL_PIPELINES[0]!.sha, new Date().toISOString())),
      );
      return;
    }
    if (ref !== "main" && ref !== "release/2026.12")
      return json(res, 400, { message: { base: ["Reference not found"] } });
    if (ref === "release/2026.12")
      return json(res, 400, {
        message: {
          base: ["jobs:deploy-prod config contains unknown keys: enviroment"],
        },
      });
    return json(res, 201, {
      ...glPipeline(91881, "created", ref, GL_PIPELINES[0]!.sha, "2026-12-06T10:30:00.000Z"),
      user: GL_USER,
    });
  }
  return json(res, 404, { error: "404 Not Found" });
}

export const gitlabStandin = server("gitlab", GITLAB_PORT, gitlabHandler);

// ----------------------------------------------------------------------------------------- Dokploy

const DK_APP = {
  applicationId: "aP3xQ9rT2vW8yZ1bC4dE6",
  name: "storefront-web",
  appName: "storefront-web-k2j8d1",
  description: "Next.js storefront",
  env: "NODE_ENV=production\nNEXT_PUBLIC_API=https://api.acme.test",
  buildArgs: null,
  memoryLimit: null,
  cpuLimit: null,
  title: null,
  enabled: null,
  subtitle: null,
  command: null,
  refreshToken: "rT5yU8iO1pA4sD7fG0hJ3",
  sourceType: "github",
  repository: "storefront",
  owner: "acme",
  branch: "main",
  buildPath: "/",
  autoDeploy: true,
  buildType: "nixpacks",
  applicationStatus: "done",
  createdAt: "2026-09-14T08:11:42.017Z",
  environmentId: "eN7vR2tY5uI8oP1aS4dF6",
  serverId: null,
  replicas: 1,
  domains: [
    {
      domainId: "dM2nB5vC8xZ1aS4dF7gH0",
      host: "shop.acme.test",
      https: true,
      port: 3000,
      path: "/",
      certificateType: "letsencrypt",
      applicationId: "aP3xQ9rT2vW8yZ1bC4dE6",
      createdAt: "2026-09-14T08:15:03.220Z",
    },
  ],
  deployments: [
    {
      deploymentId: "dP9oI6uY3tR0eW7qA4sD1",
      title: "Rebuild deployment",
      status: "done",
      logPath: "/etc/dokploy/logs/storefront-web-k2j8d1/storefront-web-k2j8d1-2026-12-05:10:14:02.log",
      createdAt: "2026-12-05T10:14:02.311Z",
    },
  ],
};

const DK_WORKER = {
  ...DK_APP,
  applicationId: "wK4jH7gF0dS3aP6oI9uY2",
  name: "order-worker",
  appName: "order-worker-8f3k2m",
  description: "Queue consumer",
  applicationStatus: "error",
  domains: [],
  deployments: [],
};

const DK_PROJECTS = [
  {
    projectId: "pR1oJ4eC7tA0bC3dE6fG9",
    name: "acme-shop",
    description: "Storefront and order pipeline",
    createdAt: "2026-09-14T08:10:11.402Z",
    organizationId: "oR8gA1nI4zA7tI0oN3aB6",
    env: "",
    environments: [
      {
        environmentId: "eN7vR2tY5uI8oP1aS4dF6",
        name: "production",
        description: "Default production environment",
        createdAt: "2026-09-14T08:10:11.402Z",
        applications: [DK_APP, DK_WORKER],
        postgres: [
          {
            postgresId: "pG5sQ8lW1eR4tY7uI0oP3",
            name: "orders-db",
            appName: "orders-db-1k9s7d",
            applicationStatus: "done",
            databaseName: "orders",
          },
        ],
        mysql: [],
        mariadb: [],
        mongo: [],
        redis: [],
        compose: [],
      },
    ],
  },
];

function trpcError(
  res: http.ServerResponse,
  status: number,
  message: string,
  code: string,
  issues?: unknown[],
) {
  json(res, status, { message, code, ...(issues ? { issues } : {}) });
}

const TRAEFIK_BAD_GATEWAY = "Bad Gateway";

// A Cloudflare Access login page answered with HTTP 200 for a path that needs a login.
const ACCESS_LOGIN = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in ・ Cloudflare Access</title>
<meta name="robots" content="noindex"></head>
<body><div class="AuthBox"><h1 class="AuthBox-title">Sign in to dokploy.acme.test</h1>
<p>Get a login code emailed to you</p><form method="POST" action="/cdn-cgi/access/login/dokploy.acme.test">
<input type="email" name="email" placeholder="you@example.com"><button type="submit">Send me a code</button></form>
<p class="AuthBox-footer">Powered by Cloudflare Access</p></div></body></html>`;

function dokployHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const key = String(req.headers["x-api-key"] ?? "");
  const proc = url.pathname.replace(/^\/api\//, "");
  if (state.dokployAccessPage) return text(res, 200, ACCESS_LOGIN, "text/html; charset=utf-8");
  if (state.dokployBadGateway) return text(res, 502, TRAEFIK_BAD_GATEWAY);
  if (state.dokployKeyRevoked || key !== DOKPLOY_KEY) return json(res, 401, { message: "Unauthorized" });
  if (state.dokployRateLimited)
    return json(
      res,
      429,
      { message: "Rate limit exceeded.", code: "RATE_LIMITED", details: { tryAgainIn: 41_000 } },
      { "retry-after": "41" },
    );
  if (state.dokployServerError)
    return trpcError(res, 500, "connect ECONNREFUSED 10.0.1.7:5432", "INTERNAL_SERVER_ERROR");
  const input = req.method === "GET" ? Object.fromEntries(url.searchParams) : parse(body);
  switch (proc) {
    case "project.all":
      return json(res, 200, DK_PROJECTS);
    case "project.one": {
      const project = DK_PROJECTS.find((pr) => pr.projectId === input.projectId);
      if (!project) return trpcError(res, 404, "Project not found", "NOT_FOUND");
      return json(res, 200, project);
    }
    case "project.create": {
      const name = String(input.name ?? "");
      if (!name.trim())
        return trpcError(res, 400, "Input validation failed", "BAD_REQUEST", [
          {
            code: "too_small",
            minimum: 1,
            type: "string",
            inclusive: true,
            exact: false,
            message: "String must contain at least 1 character(s)",
            path: ["name"],
          },
        ]);
      return json(res, 200, {
        project: {
          projectId: "pN3wP6rO9jE2cT5aB8cD1",
          name,
          description: input.description ?? null,
          createdAt: "2026-12-06T10:30:00.000Z",
          organizationId: "oR8gA1nI4zA7tI0oN3aB6",
          env: "",
        },
        environment: {
          environmentId: "eQ4wE7rT0yU3iO6pA9sD2",
          name: "production",
          description: "Default production environment",
        },
      });
    }
    case "application.one": {
      const app = [DK_APP, DK_WORKER].find((a) => a.applicationId === input.applicationId);
      if (!app) return trpcError(res, 404, "Application not found", "NOT_FOUND");
      return json(res, 200, app);
    }
    case "application.deploy": {
      if (input.applicationId === "slowBuildQueue0000001") {
        later(15_000, () => json(res, 200, true));
        return;
      }
      const app = [DK_APP, DK_WORKER].find((a) => a.applicationId === input.applicationId);
      if (!app) return trpcError(res, 404, "Application not found", "NOT_FOUND");
      return json(res, 200, true);
    }
    case "application.stop": {
      if (input.applicationId === DK_WORKER.applicationId)
        return trpcError(res, 401, "You are not authorized to access this application", "UNAUTHORIZED");
      return json(res, 200, true);
    }
    case "domain.byApplicationId": {
      const app = [DK_APP, DK_WORKER].find((a) => a.applicationId === input.applicationId);
      if (!app) return trpcError(res, 404, "Application not found", "NOT_FOUND");
      return json(res, 200, app.domains);
    }
    case "domain.create": {
      const host = String(input.host ?? "");
      if (!/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(host))
        return trpcError(res, 400, "Input validation failed", "BAD_REQUEST", [
          { validation: "regex", code: "invalid_string", message: "Invalid hostname", path: ["host"] },
        ]);
      if (host === "shop.acme.test")
        return trpcError(res, 409, "Domain shop.acme.test is already in use", "CONFLICT");
      return json(res, 200, {
        domainId: "dX1cV4bN7mQ0wE3rT6yU9",
        host,
        https: Boolean(input.https),
        port: input.port ?? 3000,
        path: input.path ?? "/",
        certificateType: input.certificateType ?? "none",
        applicationId: input.applicationId,
        createdAt: "2026-12-06T10:31:00.000Z",
      });
    }
    default:
      return trpcError(res, 404, `No procedure found on path "${proc}"`, "NOT_FOUND");
  }
}

export const dokployStandin = server("dokploy", DOKPLOY_PORT, dokployHandler);

// --------------------------------------------------------------------------------------- SonarQube

const SQ_PROJECTS = [
  {
    key: "acme_checkout-service",
    name: "checkout-service",
    qualifier: "TRK",
    visibility: "private",
    lastAnalysisDate: "2026-12-05T10:21:14+0000",
    revision: "a91f3c2e5b7d4f60b1c9e8d7a6f5e4d3c2b1a098",
  },
  {
    key: "acme_storefront",
    name: "storefront",
    qualifier: "TRK",
    visibility: "private",
    lastAnalysisDate: "2026-12-04T17:02:51+0000",
    revision: "e4d3c2b1a0987c2e9b1f0a3d5e7f9b1c3d5e7f9a",
  },
  { key: "acme_legacy-billing", name: "legacy-billing", qualifier: "TRK", visibility: "private" },
];

const SQ_ISSUES = [
  {
    key: "AZOq3f1x9Kc2mB7dE4gH",
    rule: "typescript:S3776",
    severity: "CRITICAL",
    component: "acme_checkout-service:src/pricing/discounts.ts",
    project: "acme_checkout-service",
    line: 88,
    hash: "3c1f9a2e7b5d",
    textRange: { startLine: 88, endLine: 88, startOffset: 16, endOffset: 30 },
    flows: [],
    status: "OPEN",
    message: "Refactor this function to reduce its Cognitive Complexity from 27 to the 15 allowed.",
    effort: "17min",
    debt: "17min",
    author: "dev@acme.test",
    tags: ["brain-overload"],
    creationDate: "2026-11-28T09:14:02+0000",
    updateDate: "2026-12-05T10:21:14+0000",
    type: "CODE_SMELL",
    scope: "MAIN",
    cleanCodeAttribute: "FOCUSED",
    cleanCodeAttributeCategory: "ADAPTABLE",
    impacts: [{ softwareQuality: "MAINTAINABILITY", severity: "HIGH" }],
    issueStatus: "OPEN",
  },
  {
    key: "AZOq3f1x9Kc2mB7dE4gJ",
    rule: "typescript:S2259",
    severity: "MAJOR",
    component: "acme_checkout-service:src/payments/capture.ts",
    project: "acme_checkout-service",
    line: 41,
    hash: "9e2b7c4a1f0d",
    textRange: { startLine: 41, endLine: 41, startOffset: 8, endOffset: 22 },
    flows: [],
    status: "OPEN",
    message: 'TypeError can be thrown as "intent" might be null here.',
    effort: "10min",
    debt: "10min",
    author: "dev@acme.test",
    tags: [],
    creationDate: "2026-12-05T10:21:14+0000",
    updateDate: "2026-12-05T10:21:14+0000",
    type: "BUG",
    scope: "MAIN",
    cleanCodeAttribute: "LOGICAL",
    cleanCodeAttributeCategory: "INTENTIONAL",
    impacts: [{ softwareQuality: "RELIABILITY", severity: "MEDIUM" }],
    issueStatus: "OPEN",
  },
];

const SQ_MAINTENANCE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8"><title>SonarQube</title>
<link rel="stylesheet" href="/css/maintenance.css"></head>
<body><div id="content"><div class="page-wrapper"><div class="page">
<h1 class="maintenance-title text-center">SonarQube is under maintenance.</h1>
<p class="maintenance-text text-center">Please check back later.</p>
<p class="maintenance-text text-center">Whilst waiting, you might want to check new plugins to extend the current functionality.</p>
</div></div></div></body></html>`;

function sonarNotFound(res: http.ServerResponse, msg: string) {
  json(res, 404, { errors: [{ msg }] });
}

function sonarHandler(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  const auth = String(req.headers.authorization ?? "");
  const p = url.pathname;
  const q = url.searchParams;
  if (state.sonarMaintenancePage) return text(res, 200, SQ_MAINTENANCE, "text/html;charset=utf-8");
  if (state.sonarServerError)
    return json(res, 500, { errors: [{ msg: "An error has occurred. Please contact your administrator" }] });
  if (state.sonarRateLimited)
    return json(
      res,
      429,
      { errors: [{ msg: "You've exceeded the maximum number of requests. Please try again later." }] },
      { "retry-after": "30" },
    );
  if (p === "/api/system/ping") return text(res, 200, "pong");
  if (p === "/api/system/status")
    return json(res, 200, { id: "147B411E-AZOq1x8Kc2mB7dE4fG", version: "10.7.0.96327", status: "UP" });
  if (state.sonarTokenRevoked || auth !== `Bearer ${SONAR_TOKEN}`) {
    res.writeHead(401, { "www-authenticate": 'Basic realm="sonarqube"', "content-length": "0" });
    res.end();
    return;
  }
  if (p === "/api/system/health" || p === "/api/v2/system/health")
    return json(
      res,
      403,
      p.startsWith("/api/v2")
        ? { message: "Insufficient privileges" }
        : { errors: [{ msg: "Insufficient privileges" }] },
    );
  if (p === "/api/projects/search") {
    const ps = Number(q.get("ps") ?? 100);
    const page = Number(q.get("p") ?? 1);
    const items = page > 1 ? [] : SQ_PROJECTS;
    return json(res, 200, {
      paging: { pageIndex: page, pageSize: ps, total: SQ_PROJECTS.length },
      components: items,
    });
  }
  if (p === "/api/issues/search") {
    const projects = (q.get("projects") ?? q.get("componentKeys") ?? q.get("components") ?? "")
      .split(",")
      .filter(Boolean);
    for (const key of projects)
      if (!SQ_PROJECTS.some((pr) => pr.key === key))
        return sonarNotFound(res, `Component key '${key}' not found`);
    const severities = (q.get("severities") ?? "").split(",").filter(Boolean);
    const ps = Number(q.get("ps") ?? 100);
    if (ps > 500) return json(res, 400, { errors: [{ msg: "'ps' value (1000) must be less than 500" }] });
    let issues = projects.includes("acme_legacy-billing") ? [] : SQ_ISSUES;
    if (severities.length) issues = issues.filter((i) => severities.includes(i.severity));
    return json(res, 200, {
      total: issues.length,
      p: 1,
      ps,
      paging: { pageIndex: 1, pageSize: ps, total: issues.length },
      effortTotal: issues.length ? 27 : 0,
      issues,
      components: issues.length
        ? [
            {
              key: "acme_checkout-service",
              enabled: true,
              qualifier: "TRK",
              name: "checkout-service",
              longName: "checkout-service",
            },
          ]
        : [],
      facets: [],
    });
  }
  if (p === "/api/measures/component") {
    const component = q.get("component") ?? "";
    const metrics = (q.get("metricKeys") ?? "").split(",").filter(Boolean);
    if (!SQ_PROJECTS.some((pr) => pr.key === component))
      return sonarNotFound(res, `Component key '${component}' not found`);
    const known: Record<string, string> = {
      coverage: "71.4",
      bugs: "3",
      vulnerabilities: "0",
      code_smells: "118",
      ncloc: "24188",
      duplicated_lines_density: "2.9",
      sqale_rating: "1.0",
    };
    const unknown = metrics.filter((mk) => !(mk in known));
    if (unknown.length)
      return sonarNotFound(res, `The following metric keys are not found: ${unknown.join(", ")}`);
    const measures =
      component === "acme_legacy-billing"
        ? []
        : metrics.map((metric) => ({
            metric,
            value: known[metric],
            bestValue: metric === "vulnerabilities",
          }));
    return json(res, 200, {
      component: { key: component, name: component.replace("acme_", ""), qualifier: "TRK", measures },
    });
  }
  if (p === "/api/qualitygates/project_status") {
    const key = q.get("projectKey") ?? "";
    if (!SQ_PROJECTS.some((pr) => pr.key === key)) return sonarNotFound(res, `Project '${key}' not found`);
    if (key === "acme_legacy-billing")
      return json(res, 200, { projectStatus: { status: "NONE", conditions: [], ignoredConditions: false } });
    return json(res, 200, {
      projectStatus: {
        status: "ERROR",
        conditions: [
          {
            status: "ERROR",
            metricKey: "new_coverage",
            comparator: "LT",
            errorThreshold: "80",
            actualValue: "62.5",
          },
          {
            status: "OK",
            metricKey: "new_duplicated_lines_density",
            comparator: "GT",
            errorThreshold: "3",
            actualValue: "0.8",
          },
          {
            status: "ERROR",
            metricKey: "new_reliability_rating",
            comparator: "GT",
            errorThreshold: "1",
            actualValue: "3",
          },
        ],
        ignoredConditions: false,
        period: { mode: "PREVIOUS_VERSION", date: "2026-11-20T08:00:00+0000" },
        caycStatus: "compliant",
      },
    });
  }
  if (p === "/api/hotspots/search") {
    const key = q.get("project") ?? q.get("projectKey") ?? "";
    if (!SQ_PROJECTS.some((pr) => pr.key === key)) return sonarNotFound(res, `Project '${key}' not found`);
    const ps = Number(q.get("ps") ?? 100);
    return json(res, 200, { paging: { pageIndex: 1, pageSize: ps, total: 0 }, hotspots: [], components: [] });
  }
  if (p === "/api/issues/do_transition" || p === "/api/issues/add_comment") {
    return json(res, 403, { errors: [{ msg: "Insufficient privileges" }] });
  }
  if (p === "/api/qualitygates/list")
    return json(res, 200, {
      qualitygates: [
        {
          id: "AZ1gateSonarWay00001",
          name: "Sonar way",
          isDefault: true,
          isBuiltIn: true,
          actions: { rename: false, delete: false, copy: true },
        },
      ],
      default: "AZ1gateSonarWay00001",
      actions: { create: true },
    });
  if (p === "/api/measures/search_history") {
    later(15_000, () => json(res, 200, { paging: { pageIndex: 1, pageSize: 100, total: 1 }, measures: [] }));
    return;
  }
  return json(res, 404, { errors: [{ msg: `Unknown url : ${p}` }] });
}

export const sonarStandin = server("sonarqube", SONAR_PORT, sonarHandler);

// ----------------------------------------------------------------------------------------- Railway

const RW_PROJECTS = [
  {
    id: "7d1c2b9e-4f3a-4e8b-9c1d-2a3b4c5d6e7f",
    name: "acme-api",
    description: "Public API and workers",
    environments: {
      edges: [
        { node: { id: "e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b", name: "production" } },
        { node: { id: "f9e8d7c6-b5a4-4321-9876-543210fedcba", name: "staging" } },
      ],
    },
    services: {
      edges: [
        { node: { id: "s0a1b2c3-d4e5-4f60-8172-8394a5b6c7d8", name: "api" } },
        { node: { id: "s9f8e7d6-c5b4-4a39-8271-605f4e3d2c1b", name: "worker" } },
      ],
    },
    teamId: "t1234567-89ab-4cde-8f01-23456789abcd",
    baseEnvironmentId: "e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b",
    createdAt: "2026-06-02T12:00:00.000Z",
    updatedAt: "2026-12-05T10:14:02.311Z",
    deletedAt: null,
    expiredAt: null,
    isPublic: false,
    isTempProject: false,
    prDeploys: false,
    botPrEnvironments: false,
    subscriptionType: "pro",
    subscriptionPlanLimit: {},
  },
];

const RW_DEPLOYMENTS = [
  {
    id: "d4e5f6a7-b8c9-4d0e-9f1a-2b3c4d5e6f70",
    status: "SUCCESS",
    createdAt: "2026-12-05T10:14:02.311Z",
    serviceId: "s0a1b2c3-d4e5-4f60-8172-8394a5b6c7d8",
    environmentId: "e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b",
    url: "acme-api-production.up.railway.app",
    staticUrl: "acme-api-production.up.railway.app",
    canRedeploy: true,
    canRollback: true,
    projectId: RW_PROJECTS[0]!.id,
    meta: { commitMessage: "fix: retry webhook delivery", commitHash: "a91f3c2e" },
    snapshotId: null,
    suggestAddServiceDomain: false,
  },
  {
    id: "c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f",
    status: "FAILED",
    createdAt: "2026-12-04T18:40:51.902Z",
    serviceId: "s0a1b2c3-d4e5-4f60-8172-8394a5b6c7d8",
    environmentId: "e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b",
    url: null,
    staticUrl: null,
    canRedeploy: true,
    canRollback: false,
    projectId: RW_PROJECTS[0]!.id,
    meta: { commitMessage: "feat: new rate limiter", commitHash: "7c2e9b1f" },
    snapshotId: null,
    suggestAddServiceDomain: false,
  },
];

function gqlError(message: string, pathName: string, code?: string) {
  return {
    errors: [
      {
        message,
        locations: [{ line: 3, column: 9 }],
        path: [pathName],
        extensions: code ? { code } : {},
        traceId: "5170591867398261734",
      },
    ],
    data: null,
  };
}

function railwayHandler(req: http.IncomingMessage, _url: URL, body: string, res: http.ServerResponse) {
  const auth = String(req.headers.authorization ?? "");
  if (state.railwayBadGateway) return text(res, 502, NGINX_502, "text/html");
  if (state.railwayRateLimited)
    return json(
      res,
      429,
      { message: "Too Many Requests" },
      {
        "retry-after": "30",
        "x-ratelimit-limit": "1000",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": String(Math.floor(Date.now() / 1000) + 30),
      },
    );
  const { query = "", variables = {} } = parse(body) as {
    query?: string;
    variables?: Record<string, unknown>;
  };
  // The operation's name, or for an anonymous operation (`query { projects { … } }`) its first field.
  const op =
    (String(query).match(/(?:query|mutation)\s+(\w+)/) ?? [])[1] ??
    (String(query).match(/\{\s*(\w+)/) ?? [])[1] ??
    "";
  if (state.railwayTokenRevoked || auth !== `Bearer ${RAILWAY_TOKEN}`)
    return json(res, 200, gqlError("Not Authorized", op));
  switch (op) {
    case "projects":
      return json(res, 200, { data: { projects: { edges: RW_PROJECTS.map((node) => ({ node })) } } });
    case "project": {
      const project = RW_PROJECTS.find((pr) => pr.id === variables.projectId);
      if (!project) return json(res, 200, gqlError("Project not found", "project"));
      return json(res, 200, {
        data: {
          project: {
            ...project,
            environments: {
              ...project.environments,
              pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
            },
            services: {
              ...project.services,
              pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
            },
          },
        },
      });
    }
    case "deployments": {
      const list = variables.serviceId === "s9f8e7d6-c5b4-4a39-8271-605f4e3d2c1b" ? [] : RW_DEPLOYMENTS;
      return json(res, 200, { data: { deployments: { edges: list.map((node) => ({ node })) } } });
    }
    case "deployment": {
      const dep = RW_DEPLOYMENTS.find((d) => d.id === variables.id);
      if (!dep) return json(res, 200, gqlError("Deployment not found", "deployment"));
      return json(res, 200, { data: { deployment: dep } });
    }
    case "buildLogs":
    case "deploymentLogs": {
      if (variables.deploymentId === "slow0000-0000-4000-8000-000000000000") {
        later(15_000, () => json(res, 200, { data: { [op]: [] } }));
        return;
      }
      const dep = RW_DEPLOYMENTS.find((d) => d.id === variables.deploymentId);
      if (!dep) return json(res, 200, gqlError("Deployment not found", op));
      const lines =
        op === "buildLogs"
          ? dep.status === "FAILED"
            ? [
                {
                  timestamp: "2026-12-04T18:41:02.118Z",
                  message: "#8 [stage-0 6/8] RUN npm run build",
                  severity: "info",
                },
                {
                  timestamp: "2026-12-04T18:41:31.402Z",
                  message:
                    "src/limiter.ts(14,7): error TS2322: Type 'string' is not assignable to type 'number'.",
                  severity: "error",
                },
                {
                  timestamp: "2026-12-04T18:41:31.977Z",
                  message:
                    'ERROR: failed to solve: process "/bin/sh -c npm run build" did not complete successfully: exit code: 2',
                  severity: "error",
                },
              ]
            : [
                {
                  timestamp: "2026-12-05T10:14:40.004Z",
                  message: "Build time: 38.12 seconds",
                  severity: "info",
                },
              ]
          : dep.status === "FAILED"
            ? []
            : [
                {
                  timestamp: "2026-12-05T10:15:01.230Z",
                  message: "Server listening on :8080",
                  severity: "info",
                },
                {
                  timestamp: "2026-12-05T10:22:44.918Z",
                  message: "POST /webhooks/stripe 200 41ms",
                  severity: "info",
                },
              ];
      return json(res, 200, { data: { [op]: lines } });
    }
    case "variables": {
      if (variables.environmentId === "f9e8d7c6-b5a4-4321-9876-543210fedcba")
        return json(
          res,
          200,
          gqlError(
            "You do not have permission to view variables in this environment",
            "variables",
            "FORBIDDEN",
          ),
        );
      return json(res, 200, {
        data: {
          variables: {
            DATABASE_URL: "postgresql://postgres:••••@postgres.railway.internal:5432/railway",
            PORT: "8080",
            LOG_LEVEL: "info",
          },
        },
      });
    }
    case "variableUpsert": {
      const name = String(
        variables.name ?? (variables.input as Record<string, unknown> | undefined)?.name ?? "",
      );
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
        return json(
          res,
          200,
          gqlError(
            "Invalid variable name. Names must start with a letter or underscore and contain only letters, numbers and underscores",
            "variableUpsert",
            "BAD_USER_INPUT",
          ),
        );
      return json(res, 200, { data: { variableUpsert: true } });
    }
    case "serviceInstanceDeployV2":
      return json(res, 200, gqlError("Problem processing request", "serviceInstanceDeployV2"));
    default:
      return json(res, 400, {
        errors: [
          {
            message: `Cannot query field "${op}" on type "Query".`,
            locations: [{ line: 2, column: 3 }],
            extensions: { code: "GRAPHQL_VALIDATION_FAILED" },
          },
        ],
      });
  }
}

export const railwayStandin = mitmProxy("railway", RAILWAY_PROXY_PORT, railwayHandler);

// ----------------------------------------------------------------------------------------- Yunxiao

const YX_PIPELINES = [
  {
    pipelineId: 3120871,
    pipelineName: "checkout-service-ci",
    createAccountId: "66a1b2c3d4e5f6a7b8c9d0e1",
    createTime: 1789012345000,
    groupId: 0,
  },
  {
    pipelineId: 3120875,
    pipelineName: "checkout-service-deploy-prod",
    createAccountId: "66a1b2c3d4e5f6a7b8c9d0e1",
    createTime: 1789012399000,
    groupId: 0,
  },
  {
    pipelineId: 3120902,
    pipelineName: "storefront-ci",
    createAccountId: "66a1b2c3d4e5f6a7b8c9d0e2",
    createTime: 1789100000000,
    groupId: 0,
  },
];

function yxRun(id: number, status: string) {
  return {
    pipelineRunId: id,
    pipelineId: 3120871,
    status,
    triggerMode: 1,
    createTime: 1796897642000,
    updateTime: 1796897987000,
    creatorAccountId: "66a1b2c3d4e5f6a7b8c9d0e1",
    modifierAccountId: "66a1b2c3d4e5f6a7b8c9d0e1",
    stageGroup: [["build"], ["deploy"]],
    stages: [
      {
        index: "0",
        name: "build",
        stageInfo: {
          name: "build",
          status,
          startTime: 1796897645000,
          endTime: 1796897987000,
          jobs: [
            {
              id: 88120441,
              jobSign: "job_npm_build",
              name: "Node.js build",
              status,
              startTime: 1796897645000,
              endTime: 1796897987000,
              result: status === "FAIL" ? "npm ERR! code ELIFECYCLE\nnpm ERR! errno 1" : "",
              actions: [],
            },
          ],
        },
      },
    ],
    sources: [
      {
        type: "codeup",
        data: {
          repo: "https://codeup.aliyun.com/acme/checkout-service.git",
          branch: "master",
          commitId: "a91f3c2e",
        },
      },
    ],
    globalParams: [],
  };
}

function yunxiaoHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const token = String(req.headers["x-yunxiao-token"] ?? "");
  const p = url.pathname;
  if (state.yunxiaoBadGateway) return text(res, 502, NGINX_502.replace("nginx", "Tengine"), "text/html");
  if (state.yunxiaoServerError)
    return json(res, 500, {
      errorCode: "SYSTEM_UNKNOWN_ERROR",
      errorMessage: "System unknown error, please try again later",
      requestId: "6B1C3F2A-9D8E-4A7B-8C6D-5E4F3A2B1C0D",
    });
  if (state.yunxiaoRateLimited)
    return json(
      res,
      429,
      {
        errorCode: "Throttling.User",
        errorMessage: "Request was denied due to user flow control.",
        requestId: "2E5D8C1B-4A7F-4B3E-9D2C-1F0E9D8C7B6A",
      },
      { "retry-after": "5" },
    );
  if (state.yunxiaoTokenExpired || token !== YUNXIAO_TOKEN)
    return json(res, 401, {
      errorCode: "InvalidPersonalAccessToken",
      errorMessage: "personal access token is invalid or expired",
      requestId: "9A8B7C6D-5E4F-4A3B-8C2D-1E0F9A8B7C6D",
    });
  const m = p.match(/^\/oapi\/v1\/flow\/organizations\/([^/]+)\/pipelines(?:\/([^/]+))?(\/.*)?$/);
  if (!m) return json(res, 404, { errorCode: "NotFound", errorMessage: `No route for ${p}` });
  if (m[1] !== YUNXIAO_ORG)
    return json(res, 403, {
      errorCode: "Forbidden.NoPermission",
      errorMessage: "You do not have permission to access this organization",
      requestId: "1C2D3E4F-5A6B-4C7D-8E9F-0A1B2C3D4E5F",
    });
  const pipelineId = m[2];
  const tail = m[3] ?? "";
  if (!pipelineId) {
    const name = url.searchParams.get("pipelineName");
    const list = name ? YX_PIPELINES.filter((pl) => pl.pipelineName.includes(name)) : YX_PIPELINES;
    return json(res, 200, list, {
      "x-total": String(list.length),
      "x-page": "1",
      "x-per-page": "10",
      "x-total-pages": "1",
      "x-next-page": "",
    });
  }
  const pipeline = YX_PIPELINES.find((pl) => String(pl.pipelineId) === pipelineId);
  if (!pipeline)
    return json(res, 404, {
      errorCode: "PIPELINE_NOT_EXIST",
      errorMessage: "流水线不存在",
      requestId: "7F6E5D4C-3B2A-4918-8776-655443322110",
    });
  if (tail === "" && req.method === "GET")
    return json(res, 200, {
      name: pipeline.pipelineName,
      createTime: pipeline.createTime,
      updateTime: 1796800000000,
      creatorAccountId: pipeline.createAccountId,
      modifierAccountId: pipeline.createAccountId,
      groupId: 0,
      pipelineConfig: {
        sources: [
          {
            type: "codeup",
            name: "checkout-service",
            data: { repo: "https://codeup.aliyun.com/acme/checkout-service.git", branch: "master" },
          },
        ],
        flow: 'stages:\n  build:\n    name: build\n    jobs:\n      job_npm_build:\n        name: Node.js build\n        steps:\n          build:\n            step: NodeBuild\n            with:\n              nodeVersion: "20"\n              run: npm ci && npm run build\n',
        settings: "",
      },
      envName: "",
      tagList: [],
    });
  if (tail === "/runs/latestPipelineRun") {
    if (pipeline.pipelineId === 3120902) return json(res, 200, null);
    return json(res, 200, yxRun(4401, "FAIL"));
  }
  if (tail === "/runs" && req.method === "GET") {
    if (pipeline.pipelineId === 3120902)
      return json(res, 200, [], { "x-total": "0", "x-page": "1", "x-per-page": "10", "x-total-pages": "0" });
    const runs = [yxRun(4401, "FAIL"), yxRun(4400, "SUCCESS")].map(
      ({ stages: _s, stageGroup: _g, sources: _src, globalParams: _gp, ...run }) => run,
    );
    return json(res, 200, runs, { "x-total": "2", "x-page": "1", "x-per-page": "10", "x-total-pages": "1" });
  }
  if (tail === "/runs" && req.method === "POST") {
    if (pipeline.pipelineId === 3120875)
      return json(res, 200, {
        success: false,
        errorCode: "PIPELINE_RUNNING_LIMIT",
        errorMessage: "当前流水线运行中的实例已达上限，请稍后再试",
        requestId: "3A4B5C6D-7E8F-4091-8A2B-3C4D5E6F7A8B",
      });
    const params = parse(body).params as string | undefined;
    if (params && String(params).includes("slow")) {
      later(15_000, () => json(res, 200, 4405));
      return;
    }
    return json(res, 200, 4402);
  }
  const rm = tail.match(/^\/runs\/(\d+)$/);
  if (rm) {
    if (rm[1] === "4401") return json(res, 200, yxRun(4401, "FAIL"));
    if (rm[1] === "4400") return json(res, 200, yxRun(4400, "SUCCESS"));
    return json(res, 404, {
      errorCode: "PIPELINE_RUN_NOT_EXIST",
      errorMessage: "流水线运行实例不存在",
      requestId: "8E7D6C5B-4A39-4281-9706-F5E4D3C2B1A0",
    });
  }
  return json(res, 404, { errorCode: "NotFound", errorMessage: `No route for ${p}` });
}

export const yunxiaoStandin = server("yunxiao", YUNXIAO_PORT, yunxiaoHandler);

export const ALL_STANDINS = [gitlabStandin, dokployStandin, sonarStandin, railwayStandin, yunxiaoStandin];
