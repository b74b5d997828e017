// Loopback stand-ins for the APIs behind this group's servers, answering with the real APIs' bodies and
// error bodies: the Cloudflare API v4 (`https://api.cloudflare.com/client/v4`, a Bearer API token: Workers
// scripts, KV, R2, D1), the Vercel REST API (`https://api.vercel.com`, a Bearer access token: deployments,
// their events and files), Upstash's Developer API (`https://api.upstash.com/v2`, Basic e-mail:key) with a
// database's Redis REST endpoint (`https://<endpoint>.upstash.io`, a Bearer REST token), and the Render API
// (`https://api.render.com/v1`, a Bearer `rnd_` key: services, deploys, env vars, custom domains).
//
// Every host is written into its server, so each API has a loopback forward proxy on its own port that
// accepts the CONNECT, terminates TLS with a certificate for the real host names (trusted through
// NODE_EXTRA_CA_CERTS) and answers as that API. Cloudflare's server uses undici's fetch, Vercel's and
// Upstash's use Node's global fetch (both routed by `proxy-preload.mjs`), Render's uses axios, which
// reads HTTPS_PROXY itself. One port per API, so one can be stopped (an unreachable backend) while the
// others keep answering. `state` is switched by the sessions' hooks (a revoked token, a rate limit, …).

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import path from "node:path";

export const DATA = "/tmp/faultline-corpus-r11-cloud";
export const CERT = path.join(DATA, "standin-cert.pem");
const KEY = path.join(DATA, "standin-key.pem");

export const RENDER_PROXY_PORT = 39600;
export const CLOUDFLARE_PROXY_PORT = 39601;
export const VERCEL_PROXY_PORT = 39602;
export const UPSTASH_PROXY_PORT = 39603;
export const UPSTASH_MCP_PORT = 39604;

export const CLOUDFLARE_ACCOUNT = "5d2f8a1c9e7b4036a1c8e2f4b6d9a071";
export const CLOUDFLARE_TOKEN = "Yq3kT8vNw2Lp5Hc9Rz1Xb7Dm4Gs6Fj0Ae8Ku3Wt5";
export const VERCEL_TOKEN = "Kp4Xw9Lm2Qv7Tn5Rz8Hc3Bd1";
export const UPSTASH_EMAIL = "ops@northwind-labs.dev";
export const UPSTASH_KEY = "8c1f3e7a-2b9d-4d6f-a0c5-e4b7d9f2a613";
export const RENDER_KEY = "rnd_Q7mW2xK9pL4vT8nB3cR6hZ1sD5fG";

export const state = {
  cloudflareTokenRevoked: false,
  cloudflareRateLimited: false,
  cloudflareBadGateway: false,
  cloudflareD1Internal: false,
  vercelTokenRevoked: false,
  vercelRateLimited: false,
  vercelServerError: false,
  vercelUnavailablePage: false,
  upstashKeyRevoked: false,
  upstashRateLimited: false,
  upstashBadGateway: false,
  upstashDailyLimit: false,
  renderKeyRevoked: false,
  renderRateLimited: false,
  renderBadGateway: false,
  renderChallengePage: false,
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
  type = "text/html; charset=utf-8",
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

function parse(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
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
      "/CN=r11-cloud corpus stand-in",
      "-addext",
      "subjectAltName=DNS:api.cloudflare.com,DNS:api.vercel.com,DNS:api.upstash.com,DNS:*.upstash.io,DNS:api.render.com,IP:127.0.0.1",
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
      if (process.env.R11_CLOUD_TRACE) console.error(`  [stand-in ${port}] ${req.method} ${host}${req.url}`);
      handler(req, new URL(req.url ?? "/", `https://${host}`), body, res);
    });
  };
}

/**
 * A forward proxy on its own port that accepts CONNECT for any host, terminates TLS with the stand-in
 * certificate and answers every request inside the tunnel with `handler`.
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
          text(res, 400, "this proxy only tunnels (CONNECT)\n", "text/plain"),
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

/** Cloudflare's 502 page (the origin answered badly), as served in front of an API host. */
const cloudflare502 = (host: string, ray: string) =>
  `<!DOCTYPE html>
<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->
<!--[if gt IE 8]><!--> <html class="no-js" lang="en-US"> <!--<![endif]-->
<head>
<title>${host} | 502: Bad gateway</title>
<meta charset="UTF-8" />
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
<meta http-equiv="X-UA-Compatible" content="IE=Edge" />
<meta name="robots" content="noindex, nofollow" />
<meta name="viewport" content="width=device-width,initial-scale=1" />
<link rel="stylesheet" id="cf_styles-css" href="/cdn-cgi/styles/main.css" />
</head>
<body>
<div id="cf-wrapper">
    <div id="cf-error-details" class="p-0">
        <header class="mx-auto pt-10 lg:pt-6 lg:px-8 w-240 lg:w-full mb-8">
            <h1 class="inline-block sm:block sm:mb-2 font-light text-60 lg:text-4xl text-black-dark leading-tight mr-2">
              <span class="inline-block">Bad gateway</span>
              <span class="code-label">Error code 502</span>
            </h1>
            <div>
               Visit <a href="https://www.cloudflare.com/5xx-error-landing?utm_source=errorcode_502&utm_campaign=${host}" target="_blank" rel="noopener noreferrer">cloudflare.com</a> for more information.
            </div>
            <div class="mt-3">2026-12-06 09:14:27 UTC</div>
        </header>
        <div class="cf-error-footer cf-wrapper w-240 lg:w-full py-10 sm:py-4 sm:px-8 mx-auto text-center sm:text-left border-solid border-0 border-t border-gray-300">
          <p class="text-13">
            <span class="cf-footer-item sm:block sm:mb-1">Cloudflare Ray ID: <strong class="font-semibold">${ray}</strong></span>
            <span class="cf-footer-separator sm:hidden">&bull;</span>
            <span class="cf-footer-item sm:block sm:mb-1">Your IP: 203.0.113.47</span>
            <span class="cf-footer-separator sm:hidden">&bull;</span>
            <span class="cf-footer-item sm:block sm:mb-1">Performance &amp; security by Cloudflare</span>
          </p>
        </div>
    </div>
</div>
</body>
</html>
`;

/** Cloudflare's managed-challenge interstitial ("Just a moment..."), served with HTTP 200 to a client it distrusts. */
const CHALLENGE_PAGE = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta http-equiv="X-UA-Compatible" content="IE=Edge"><meta name="robots" content="noindex,nofollow"><meta name="viewport" content="width=device-width,initial-scale=1"><style>*{box-sizing:border-box;margin:0;padding:0}html{line-height:1.15;-webkit-text-size-adjust:100%;color:#313131;font-family:system-ui,-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial}</style></head><body><div class="main-wrapper" role="main"><div class="main-content"><h1 class="zone-name-title h1">api.render.com</h1><h2 class="h2" id="challenge-running">Checking if the site connection is secure</h2><noscript><div class="h2"><span id="challenge-error-text">Enable JavaScript and cookies to continue</span></div></noscript><div id="challenge-body-text" class="core-msg spacer">api.render.com needs to review the security of your connection before proceeding.</div></div></div><script>(function(){window._cf_chl_opt={cvId: '3',cZone: "api.render.com",cType: 'managed',cRay: '8ef2d71c4a9b3e15',cH: 'Xk2b9QpL7vN4tR8w'};}());</script><div class="footer" role="contentinfo"><div class="footer-inner"><div class="clearfix diagnostic-wrapper"><div class="ray-id">Ray ID: <code>8ef2d71c4a9b3e15</code></div></div><div class="text-center" id="footer-text">Performance &amp; security by <a rel="noopener noreferrer" href="https://www.cloudflare.com?utm_source=challenge&amp;utm_campaign=m" target="_blank">Cloudflare</a></div></div></div></body></html>`;

/** The 502 page of an AWS Application Load Balancer (`Server: awselb/2.0`). */
const ALB_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
</body>
</html>
`;

/** Vercel's edge answering for an API origin that is down: its plain error page. */
const VERCEL_503 = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>503: SERVICE_UNAVAILABLE</title><meta name="viewport" content="width=device-width,initial-scale=1"></head><body><main><h1>503: SERVICE_UNAVAILABLE</h1><p>Code: <code>SERVICE_UNAVAILABLE</code></p><p>ID: <code>fra1::iad1::6k2qx-1765012467310-4c1e9a7b2d05</code></p><p><a href="https://vercel.com/docs/errors/SERVICE_UNAVAILABLE">Read our documentation to learn more about this error.</a></p></main></body></html>`;

// -------------------------------------------------------------------------------------- Cloudflare

const cfOk = (result: unknown, extra: Record<string, unknown> = {}) => ({
  result,
  success: true,
  errors: [],
  messages: [],
  ...extra,
});
const cfError = (code: number, message: string, result: unknown = null) => ({
  success: false,
  errors: [{ code, message }],
  messages: [],
  result,
});

export const CLOUDFLARE_IDS = {
  kvFlags: "0f6d2a9c4b8e41d7a3c5e9f1b2d4a6c8",
  kvSessions: "7c3e1a9f5d2b48e6b0a4c8d2f6e9b1a3",
  d1App: "e3d60f8b-2623-43e1-b2bf-7ae743285cdd",
};

const workerScript = (
  id: string,
  modified: string,
  handlers: string[],
  extra: Record<string, unknown> = {},
) => ({
  id,
  tag: id.replace(/[^a-z]/g, "").slice(0, 8) + "4e1c9b7a2d",
  etag: "a4f1c9e27b3d58e0c6a2f9b4d1e7c3a5b8f0d2e6c9a1b4f7e3d5c8a0b2f6e9d1",
  handlers,
  modified_on: modified,
  created_on: "2025-03-18T10:22:41.512431Z",
  usage_model: "standard",
  compatibility_date: "2025-09-01",
  compatibility_flags: ["nodejs_compat"],
  last_deployed_from: "wrangler",
  has_assets: false,
  has_modules: true,
  logpush: false,
  placement_mode: "",
  tail_consumers: null,
  ...extra,
});

const cloudflareWorkers = [
  workerScript("edge-router", "2026-12-02T16:41:09.287114Z", ["fetch"]),
  workerScript("image-resizer", "2026-11-20T08:03:55.930276Z", ["fetch"]),
  workerScript("report-builder", "2026-11-29T13:17:22.104853Z", ["fetch", "scheduled"]),
];

const EDGE_ROUTER_BOUNDARY = "----WranglerFormBoundary7d1c4a9e2f";
const EDGE_ROUTER_BODY = [
  `--${EDGE_ROUTER_BOUNDARY}`,
  'Content-Disposition: form-data; name="index.js"; filename="index.js"',
  "Content-Type: application/javascript+module",
  "",
  "const ROUTES = [",
  '  { prefix: "/api/", origin: "https://api-origin.northwind-labs.dev" },',
  '  { prefix: "/docs/", origin: "https://docs-origin.northwind-labs.dev" },',
  "];",
  "",
  "export default {",
  "  async fetch(request, env) {",
  "    const url = new URL(request.url);",
  "    const route = ROUTES.find((r) => url.pathname.startsWith(r.prefix));",
  '    if (!route) return new Response("Not found", { status: 404 });',
  "    const upstream = new URL(url.pathname + url.search, route.origin);",
  '    const flags = await env.FEATURE_FLAGS.get("flags:checkout-v2", "json");',
  "    const headers = new Headers(request.headers);",
  '    if (flags?.enabled) headers.set("x-checkout-v2", "1");',
  "    return fetch(upstream, { method: request.method, headers, body: request.body });",
  "  },",
  "};",
  "",
  `--${EDGE_ROUTER_BOUNDARY}--`,
  "",
].join("\r\n");

const kvNamespaces = [
  {
    id: CLOUDFLARE_IDS.kvFlags,
    title: "FEATURE_FLAGS",
    supports_url_encoding: true,
    beta: false,
  },
  {
    id: CLOUDFLARE_IDS.kvSessions,
    title: "edge-router-SESSIONS",
    supports_url_encoding: true,
    beta: false,
  },
];

const kvValues = new Map<string, string>([
  [
    `${CLOUDFLARE_IDS.kvFlags}/flags:checkout-v2`,
    '{"enabled":true,"rollout":25,"updatedBy":"maya@northwind-labs.dev"}',
  ],
  [`${CLOUDFLARE_IDS.kvFlags}/flags:search-v3`, '{"enabled":false,"rollout":0}'],
]);

const r2Buckets = [
  {
    name: "assets-prod",
    creation_date: "2025-04-02T09:11:37.062Z",
    location: "WEUR",
    storage_class: "Standard",
  },
  {
    name: "build-cache",
    creation_date: "2025-06-19T14:52:08.410Z",
    location: "ENAM",
    storage_class: "Standard",
  },
];

const d1Customers = [
  { id: 1041, email: "finance@acme-outdoor.example", plan: "team", created_at: "2025-08-14 09:12:40" },
  { id: 1042, email: "it@harborview-clinic.example", plan: "enterprise", created_at: "2025-08-19 16:03:11" },
  { id: 1043, email: "hello@tidewater-bakery.example", plan: "starter", created_at: "2025-09-02 07:45:58" },
];

function d1Meta(rows: number, duration: number) {
  return {
    served_by: "v3-prod",
    served_by_region: "WEUR",
    served_by_primary: true,
    timings: { sql_duration_ms: duration },
    duration,
    changes: 0,
    last_row_id: 0,
    changed_db: false,
    size_after: 352256,
    rows_read: rows,
    rows_written: 0,
  };
}

function cloudflareHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const prefix = `/client/v4/accounts/${CLOUDFLARE_ACCOUNT}/`;
  const ray = { "cf-ray": "8ef1c2a93b7d5e04-FRA" };
  if (state.cloudflareTokenRevoked) return json(res, 401, cfError(9109, "Invalid access token"), ray);
  if (req.headers.authorization !== `Bearer ${CLOUDFLARE_TOKEN}`)
    return json(res, 403, cfError(10000, "Authentication error"), ray);
  if (state.cloudflareRateLimited)
    return json(res, 429, cfError(971, "Please wait and consider throttling your request speed"), {
      ...ray,
      "retry-after": "60",
    });
  if (state.cloudflareBadGateway)
    return text(res, 502, cloudflare502("api.cloudflare.com", "8ef1c2a93b7d5e04"), undefined, ray);
  if (!url.pathname.startsWith(prefix))
    return json(
      res,
      400,
      cfError(7003, `Could not route to ${url.pathname}, perhaps your object identifier is invalid?`),
    );
  const rest = url.pathname.slice(prefix.length).split("/").map(decodeURIComponent);
  const method = req.method ?? "GET";

  // Workers scripts
  if (rest[0] === "workers" && rest[1] === "scripts") {
    if (rest.length === 2 && method === "GET") return json(res, 200, cfOk(cloudflareWorkers), ray);
    const name = rest[2] ?? "";
    const script = cloudflareWorkers.find((worker) => worker.id === name);
    if (method === "DELETE") {
      if (!script) return json(res, 404, cfError(10007, "This Worker does not exist on your account."), ray);
      // The token has Workers Scripts: Read only.
      return json(res, 403, cfError(10000, "Authentication error"), ray);
    }
    if (method === "GET" && rest.length === 3) {
      if (!script) return json(res, 404, cfError(10007, "This Worker does not exist on your account."), ray);
      const answer = () =>
        text(
          res,
          200,
          EDGE_ROUTER_BODY.replaceAll("edge-router", name),
          `multipart/form-data; boundary=${EDGE_ROUTER_BOUNDARY}`,
          ray,
        );
      if (name === "report-builder") return later(15_000, answer);
      return answer();
    }
  }

  // Workers KV
  if (rest[0] === "storage" && rest[1] === "kv" && rest[2] === "namespaces") {
    if (rest.length === 3 && method === "GET")
      return json(
        res,
        200,
        cfOk(kvNamespaces, {
          result_info: { page: 1, per_page: 20, count: 2, total_count: 2, total_pages: 1 },
        }),
        ray,
      );
    const namespace = rest[3] ?? "";
    if (!kvNamespaces.some((ns) => ns.id === namespace))
      return json(res, 404, cfError(10013, "namespace not found"), ray);
    if (rest[4] === "keys" && method === "GET") {
      const wanted = url.searchParams.get("prefix") ?? "";
      const keys = [...kvValues.keys()]
        .filter((key) => key.startsWith(`${namespace}/`))
        .map((key) => key.slice(namespace.length + 1))
        .filter((key) => key.startsWith(wanted))
        .map((name) => ({ name }));
      return json(res, 200, cfOk(keys, { result_info: { count: keys.length, cursor: "" } }), ray);
    }
    if (rest[4] === "values") {
      const key = rest.slice(5).join("/");
      if (method === "GET") {
        const value = kvValues.get(`${namespace}/${key}`);
        if (value === undefined) return json(res, 404, cfError(10009, "get: 'key not found'"), ray);
        return text(res, 200, value, "application/octet-stream", ray);
      }
      if (method === "PUT") {
        kvValues.set(`${namespace}/${key}`, body);
        return json(res, 200, cfOk(null), ray);
      }
    }
  }

  // R2
  if (rest[0] === "r2" && rest[1] === "buckets") {
    if (rest.length === 2 && method === "GET") return json(res, 200, cfOk({ buckets: r2Buckets }), ray);
    const bucket = rest[2] ?? "";
    if (!r2Buckets.some((b) => b.name === bucket))
      return json(res, 404, cfError(10006, "The specified bucket does not exist."), ray);
    if (rest[3] === "objects" && method === "GET")
      return json(
        res,
        200,
        cfOk(
          [
            {
              key: "img/hero-2026-winter.avif",
              etag: "6f1c0e9a2b4d7c35e8a1f0b3d6c9e2a4",
              last_modified: "2026-11-30T18:22:05.118Z",
              size: 184220,
              http_metadata: { contentType: "image/avif" },
              custom_metadata: {},
              storage_class: "Standard",
            },
          ],
          { result_info: { cursor: "", is_truncated: false, per_page: 1000 } },
        ),
        ray,
      );
  }

  // D1
  if (rest[0] === "d1" && rest[1] === "database") {
    const database = rest[2] ?? "";
    if (database !== CLOUDFLARE_IDS.d1App)
      return json(res, 404, cfError(7404, `The database ${database} could not be found`), ray);
    if (rest[3] === "query" && method === "POST") {
      if (state.cloudflareD1Internal)
        return json(res, 500, cfError(7500, "Internal error in D1 storage caused object to be reset."), ray);
      const request = (parse(body) ?? {}) as { sql?: string };
      const sql = (request.sql ?? "").trim();
      const table = /\bfrom\s+([a-z_]+)/i.exec(sql)?.[1]?.toLowerCase();
      if (table && table !== "customers")
        return json(res, 400, cfError(7500, `no such table: ${table}: SQLITE_ERROR`, []), ray);
      if (/^select/i.test(sql))
        return json(res, 200, cfOk([{ results: d1Customers, success: true, meta: d1Meta(3, 0.2113) }]), ray);
      return json(
        res,
        400,
        cfError(7500, `near "${sql.split(/\s+/)[0] ?? ""}": syntax error at offset 0: SQLITE_ERROR`, []),
        ray,
      );
    }
  }

  return json(
    res,
    404,
    cfError(7003, `Could not route to ${url.pathname}, perhaps your object identifier is invalid?`),
    ray,
  );
}

export const cloudflareStandin = mitmProxy(CLOUDFLARE_PROXY_PORT, cloudflareHandler);

// ------------------------------------------------------------------------------------------ Vercel

export const VERCEL_IDS = {
  team: "team_Wq3hT8xLm2Vn5Rk9Pc4Zb7Dy",
  projectWeb: "prj_7Hc2Kx9Lq4Wm1Vt8Rz5Nb3Pd",
  projectDocs: "prj_2Tn6Bv8Xk1Lp9Qw4Hc7Rm3Zf",
  ready: "dpl_9Kq2Xw7Lm4Vt1Rz8Hc5Nb3Pd6Fy",
  failed: "dpl_3Bv8Xk1Lp9Qw4Hc7Rm2Zf6Tn5Gy",
  building: "dpl_6Rz1Hc8Nb4Pd2Kq9Xw5Lm7Vt3Jy",
  slow: "dpl_8Lm3Vt6Rz1Hc4Nb9Pd2Kq7Xw5By",
  otherTeam: "dpl_1Qw7Hc3Rm9Zf2Tn6Bv4Xk8Lp5Cy",
};

const vercelCreator = {
  uid: "Lp4Xk9Qw2Hc7Rm1Zf8Tn3Bv6",
  email: "maya@northwind-labs.dev",
  username: "maya-okafor",
  githubLogin: "maya-okafor",
};

function vercelDeployment(uid: string, name: string, projectId: string, readyState: string, created: number) {
  return {
    uid,
    name,
    projectId,
    url: `${name}-${uid.slice(4, 13).toLowerCase()}-northwind-labs.vercel.app`,
    created,
    createdAt: created,
    buildingAt: created + 2_310,
    ready: readyState === "READY" ? created + 61_480 : undefined,
    state: readyState,
    readyState,
    readySubstate: readyState === "READY" ? "PROMOTED" : undefined,
    type: "LAMBDAS",
    creator: vercelCreator,
    inspectorUrl: `https://vercel.com/northwind-labs/${name}/${uid.slice(4)}`,
    meta: {
      githubCommitAuthorName: "Maya Okafor",
      githubCommitMessage:
        readyState === "ERROR"
          ? "checkout: move tax calculation to the edge"
          : "docs: add the webhook retry guide",
      githubCommitOrg: "northwind-labs",
      githubCommitRef: readyState === "ERROR" ? "feat/edge-tax" : "main",
      githubCommitRepo: name,
      githubCommitSha: "4e1c9b7a2d05f83c6a1e9d2b7f4c08a5e3d6b912",
    },
    target: readyState === "ERROR" ? null : "production",
    aliasAssigned: readyState === "READY" ? created + 62_004 : null,
    aliasError: null,
    source: "git",
    isRollbackCandidate: readyState === "READY",
    projectSettings: { framework: "nextjs", nodeVersion: "22.x" },
  };
}

const vercelDeployments = [
  vercelDeployment(VERCEL_IDS.ready, "northwind-web", VERCEL_IDS.projectWeb, "READY", 1764920412000),
  vercelDeployment(VERCEL_IDS.failed, "northwind-web", VERCEL_IDS.projectWeb, "ERROR", 1764931877000),
  vercelDeployment(VERCEL_IDS.building, "northwind-docs", VERCEL_IDS.projectDocs, "BUILDING", 1765010224000),
  vercelDeployment(VERCEL_IDS.slow, "northwind-docs", VERCEL_IDS.projectDocs, "READY", 1764850031000),
];

function vercelDeploymentFull(uid: string) {
  const base = vercelDeployments.find((d) => d.uid === uid);
  if (!base) return undefined;
  const failed = base.readyState === "ERROR";
  return {
    ...base,
    id: base.uid,
    alias: failed
      ? []
      : [
          `${base.name}.vercel.app`,
          base.name === "northwind-web" ? "www.northwind-labs.dev" : "docs.northwind-labs.dev",
        ],
    aliasAssigned: !failed,
    bootedAt: base.created + 1_904,
    buildingAt: base.buildingAt,
    public: false,
    status: base.readyState,
    build: { env: [] },
    env: [],
    regions: ["fra1"],
    version: 2,
    plan: "pro",
    ownerId: VERCEL_IDS.team,
    team: { id: VERCEL_IDS.team, name: "Northwind Labs", slug: "northwind-labs" },
    gitSource: {
      type: "github",
      repoId: 781204455,
      ref: base.meta.githubCommitRef,
      sha: base.meta.githubCommitSha,
      prId: null,
    },
    ...(failed
      ? {
          errorCode: "BUILD_FAILED",
          errorMessage: 'Command "npm run build" exited with 1',
          errorStep: "build",
        }
      : {}),
  };
}

const vercelEvents = (uid: string) => {
  const failed = uid === VERCEL_IDS.failed;
  const start = failed ? 1764931879310 : 1764920414310;
  const lines = failed
    ? [
        "Running build in Frankfurt, Germany (West) – fra1",
        "Cloning github.com/northwind-labs/northwind-web (Branch: feat/edge-tax, Commit: 4e1c9b7)",
        'Running "npm run build"',
        "> northwind-web@3.14.0 build",
        "> next build",
        "Failed to compile.",
        "./app/checkout/tax.ts:14:27",
        "Type error: Property 'region' does not exist on type 'GeoHeaders'.",
        'Error: Command "npm run build" exited with 1',
      ]
    : [
        "Running build in Frankfurt, Germany (West) – fra1",
        "Cloning github.com/northwind-labs/northwind-web (Branch: main, Commit: 4e1c9b7)",
        'Running "npm run build"',
        "✓ Compiled successfully in 41s",
        "Build Completed in /vercel/output [58s]",
        "Deploying outputs...",
      ];
  return lines.map((line, index) => ({
    type: failed && index >= 5 ? "stderr" : "stdout",
    created: start + index * 1_700,
    payload: {
      deploymentId: uid,
      id: `${(start + index * 1_700).toString(36)}${index}`,
      date: start + index * 1_700,
      serial: `${start + index * 1_700}${String(index).padStart(6, "0")}`,
      text: line,
      info: { type: "build", name: "bld_4k2qx9v7m", entrypoint: "." },
      created: start + index * 1_700,
    },
  }));
};

const vercelFiles = [
  {
    name: "src",
    type: "directory",
    mode: 16877,
    children: [
      {
        name: "app",
        type: "directory",
        mode: 16877,
        children: [
          { name: "page.tsx", type: "file", uid: "2c9e4a1f7b3d5e8c0a6f2b9d4e1c7a3f5b8d0e2c", mode: 33188 },
          { name: "layout.tsx", type: "file", uid: "7a3f5b8d0e2c2c9e4a1f7b3d5e8c0a6f2b9d4e1c", mode: 33188 },
        ],
      },
    ],
  },
  { name: "package.json", type: "file", uid: "b9d4e1c7a3f5b8d0e2c2c9e4a1f7b3d5e8c0a6f2", mode: 33188 },
];

const vercelError = (code: string, message: string, extra: Record<string, unknown> = {}) => ({
  error: { code, message, ...extra },
});

function vercelHandler(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  const id = { "x-vercel-id": "fra1::iad1::6k2qx-1765012467310-4c1e9a7b2d05" };
  if (state.vercelTokenRevoked || req.headers.authorization !== `Bearer ${VERCEL_TOKEN}`)
    return json(res, 403, vercelError("forbidden", "Not authorized", { invalidToken: true }), id);
  if (state.vercelRateLimited)
    return json(
      res,
      429,
      vercelError("rate_limited", "Rate limit exceeded", {
        limit: { remaining: 0, reset: 1765012527, resetMs: 1765012527310, total: 500 },
      }),
      {
        ...id,
        "retry-after": "60",
        "x-ratelimit-limit": "500",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": "1765012527",
      },
    );
  if (state.vercelServerError)
    return json(res, 500, vercelError("internal_server_error", "An unexpected internal error occurred"), id);
  if (state.vercelUnavailablePage) return text(res, 503, VERCEL_503, undefined, id);
  const parts = url.pathname.split("/").filter(Boolean);
  const method = req.method ?? "GET";

  // GET /v6/deployments
  if (parts[1] === "deployments" && parts.length === 2 && method === "GET") {
    const projectId = url.searchParams.get("projectId");
    const found = vercelDeployments.filter((d) => !projectId || d.projectId === projectId);
    const limit = Number(url.searchParams.get("limit") ?? "20");
    const page = found.slice(0, limit);
    return json(
      res,
      200,
      { deployments: page, pagination: { count: page.length, next: null, prev: null } },
      id,
    );
  }
  if (parts[1] !== "deployments")
    return json(res, 404, vercelError("not_found", "The requested path was not found"), id);
  const uid = parts[2] ?? "";
  const deployment = vercelDeploymentFull(uid);
  if (uid === VERCEL_IDS.otherTeam && method === "DELETE")
    return json(
      res,
      403,
      vercelError("forbidden", "You don't have permission to delete the deployment.", {
        action: "delete",
        resource: "deployment",
        scope: "northwind-labs",
      }),
      id,
    );
  if (!deployment) return json(res, 404, vercelError("not_found", "Deployment not found"), id);

  // GET /v3/deployments/{id}/events
  if (parts[3] === "events") return json(res, 200, vercelEvents(uid), id);
  // GET /v6/deployments/{id}/files, GET /v8/deployments/{id}/files/{fileId}
  if (parts[3] === "files" && parts.length === 4) return json(res, 200, vercelFiles, id);
  if (parts[3] === "files") return json(res, 404, vercelError("file_not_found", "File not found"), id);
  // PATCH /v12/deployments/{id}/cancel
  if (parts[3] === "cancel" && method === "PATCH") {
    if (deployment.readyState !== "BUILDING" && deployment.readyState !== "QUEUED")
      return json(
        res,
        400,
        vercelError(
          "bad_request",
          `Deployment ${uid} cannot be canceled because it is already in the ${deployment.readyState} state.`,
        ),
        id,
      );
    return json(
      res,
      200,
      {
        ...deployment,
        readyState: "CANCELED",
        state: "CANCELED",
        status: "CANCELED",
        canceledAt: 1765012467310,
      },
      id,
    );
  }
  if (method === "DELETE") return json(res, 200, { uid, state: "DELETED" }, id);
  // GET /v13/deployments/{idOrUrl}
  if (parts.length === 3 && method === "GET") {
    if (uid === VERCEL_IDS.slow) return later(15_000, () => json(res, 200, deployment, id));
    return json(res, 200, deployment, id);
  }
  return json(res, 404, vercelError("not_found", "The requested path was not found"), id);
}

export const vercelStandin = mitmProxy(VERCEL_PROXY_PORT, vercelHandler);

// ----------------------------------------------------------------------------------------- Upstash

export const UPSTASH_IDS = {
  sessions: "4b8e2f1a-9c3d-4e7b-a5f0-2d6c8e1b9a37",
  ratelimit: "9e1c7a3f-5b2d-48e6-b0a4-c8d2f6e9b1a3",
  slow: "c2d6f0a4-8e1b-4c5d-9a7f-3b1e5d9c7a20",
  restToken: "AZLxASQgNGI4ZTJmMWEtOWMzZC00ZTdiLWE1ZjAtMmQ2YzhlMWI5YTM3ZmQ3YjFjOWE0ZTJm",
  endpoint: "eu1-lasting-heron-38291.upstash.io",
};

function upstashDatabase(id: string, name: string, extra: Record<string, unknown> = {}) {
  return {
    database_id: id,
    database_name: name,
    database_type: "Pay as You Go",
    region: "global",
    type: "paid",
    port: 6379,
    creation_time: 1743152931,
    budget: 20,
    state: "active",
    password: "fd7b1c9a4e2f4c8b9a3d6e1f5b7c2a90",
    user_email: UPSTASH_EMAIL,
    endpoint: UPSTASH_IDS.endpoint,
    tls: true,
    eviction: false,
    auto_upgrade: false,
    consistent: false,
    modifying_state: "",
    rest_token: UPSTASH_IDS.restToken,
    read_only_rest_token: "ApLxASQgNGI4ZTJmMWEtOWMzZC00ZTdiLWE1ZjAtMmQ2YzhlMWI5YTM3cm8xYzlhNGUyZg",
    db_max_clients: 10000,
    db_max_request_size: 10485760,
    db_resource_size: "L",
    db_disk_threshold: 107374182400,
    db_max_entry_size: 104857600,
    db_memory_threshold: 3221225472,
    db_daily_bandwidth_limit: 214748364800,
    db_max_commands_per_second: 10000,
    db_request_limit: 9223372036854775807,
    primary_region: "eu-central-1",
    primary_members: ["eu-central-1"],
    all_members: ["eu-central-1", "us-east-1"],
    read_regions: ["us-east-1"],
    daily_backup_enabled: false,
    ...extra,
  };
}

const upstashDatabases = [
  upstashDatabase(UPSTASH_IDS.sessions, "edge-sessions"),
  upstashDatabase(UPSTASH_IDS.ratelimit, "api-ratelimit", {
    endpoint: "us1-brief-otter-40127.upstash.io",
    database_type: "Free",
    type: "free",
    budget: 0,
    primary_region: "us-east-1",
    primary_members: ["us-east-1"],
    all_members: ["us-east-1"],
    read_regions: [],
  }),
  upstashDatabase(UPSTASH_IDS.slow, "analytics-cache", { endpoint: "eu1-quiet-lynx-51804.upstash.io" }),
];

const redisStore = new Map<string, string>([
  ["session:8f2c41d7", '{"user":"u_1042","plan":"enterprise","expires":1765098867}'],
  ["session:1a9e3b05", '{"user":"u_1043","plan":"starter","expires":1765091502}'],
  ["rl:api:203.0.113.47", "17"],
]);

function upstashStats() {
  const hours = Array.from(
    { length: 12 },
    (_, i) => `2026-12-06 ${String(i).padStart(2, "0")}:00:00.000 +0000 UTC`,
  );
  const series = (values: number[]) => hours.map((x, i) => ({ x, y: values[i] ?? 0 }));
  return {
    days: ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
    dailyrequests: [
      { x: "2026-12-02", y: 1834210 },
      { x: "2026-12-03", y: 1901877 },
      { x: "2026-12-04", y: 1788402 },
      { x: "2026-12-05", y: 1956033 },
      { x: "2026-12-06", y: 702118 },
    ],
    bandwidths: [
      { x: "2026-12-02", y: 1290331402 },
      { x: "2026-12-03", y: 1342117980 },
      { x: "2026-12-04", y: 1253008761 },
      { x: "2026-12-05", y: 1387402213 },
      { x: "2026-12-06", y: 498117654 },
    ],
    throughput: series([19.4, 17.8, 16.2, 15.9, 18.7, 24.1, 33.6, 41.2, 47.9, 52.3, 55.0, 58.4]),
    diskusage: series([
      482113536, 482117632, 482127872, 482136064, 482138112, 482150400, 482164736, 482172928, 482179072,
      482187264, 482189312, 482197504,
    ]),
    keyspace: series([41872, 41880, 41893, 41901, 41897, 41912, 41940, 41966, 41981, 41990, 42003, 42017]),
    read_latency_mean: series([0.41, 0.39, 0.4, 0.38, 0.42, 0.44, 0.47, 0.51, 0.49, 0.52, 0.5, 0.53]),
    write_latency_mean: [{ x: "2026-12-06 11:00:00.000 +0000 UTC", y: 0 }],
  };
}

function redisCommand(command: string[]): { result?: unknown; error?: string } {
  const [name = "", ...args] = command;
  switch (name.toUpperCase()) {
    case "GET":
      return { result: redisStore.get(args[0] ?? "") ?? null };
    case "SET":
      redisStore.set(args[0] ?? "", args[1] ?? "");
      return { result: "OK" };
    case "HGET":
    case "HGETALL":
    case "LRANGE":
      if (redisStore.has(args[0] ?? ""))
        return { error: "WRONGTYPE Operation against a key holding the wrong kind of value" };
      return { result: name.toUpperCase() === "HGET" ? null : [] };
    case "INCR": {
      const value = redisStore.get(args[0] ?? "") ?? "0";
      if (!/^-?\d+$/.test(value)) return { error: "ERR value is not an integer or out of range" };
      const next = String(Number(value) + 1);
      redisStore.set(args[0] ?? "", next);
      return { result: Number(next) };
    }
    case "SCAN": {
      const match = args[args.findIndex((a) => a.toUpperCase() === "MATCH") + 1] ?? "*";
      const re = new RegExp(`^${match.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);
      return { result: ["0", [...redisStore.keys()].filter((k) => re.test(k))] };
    }
    case "DBSIZE":
      return { result: redisStore.size };
    default:
      return { error: `ERR unknown command '${name}', with args beginning with: ` };
  }
}

function upstashHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const host = url.hostname;
  const method = req.method ?? "GET";
  if (host !== "api.upstash.com") {
    // A database's Redis REST endpoint.
    const database = upstashDatabases.find((db) => db.endpoint === host);
    if (!database) return text(res, 404, "404 page not found\n", "text/plain; charset=utf-8");
    if (req.headers.authorization !== `Bearer ${database.rest_token}`)
      return json(res, 401, { error: "WRONGPASS invalid or missing auth token" });
    if (state.upstashDailyLimit)
      return json(res, 400, { error: "ERR max daily request limit exceeded. Limit: 10000, Usage: 10000." });
    const parsed = parse(body);
    if (url.pathname === "/pipeline" && Array.isArray(parsed))
      return json(
        res,
        200,
        (parsed as string[][]).map((command) => redisCommand(command)),
      );
    if (Array.isArray(parsed)) {
      const answer = redisCommand(parsed as string[]);
      return json(res, answer.error ? 400 : 200, answer);
    }
    return json(res, 400, { error: "ERR failed to parse command" });
  }

  const expected = `Basic ${Buffer.from(`${UPSTASH_EMAIL}:${UPSTASH_KEY}`).toString("base64")}`;
  if (state.upstashKeyRevoked || req.headers.authorization !== expected)
    return text(res, 401, "Unauthorized", "text/plain; charset=utf-8");
  if (state.upstashRateLimited)
    return text(res, 429, "Too many requests, please try again later.", "text/plain; charset=utf-8", {
      "retry-after": "30",
      "x-ratelimit-limit": "600",
      "x-ratelimit-remaining": "0",
    });
  if (state.upstashBadGateway) return text(res, 502, ALB_502, "text/html", { server: "awselb/2.0" });
  const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] !== "v2" || parts[1] !== "redis") return text(res, 404, "404 page not found\n", "text/plain");
  const [, , op = "", id = "", sub = ""] = parts;
  if (op === "databases" && method === "GET") return json(res, 200, upstashDatabases);
  const database = upstashDatabases.find((db) => db.database_id === id);
  if (!database) return json(res, 404, "database not found");
  if (op === "database" && method === "GET") {
    if (id === UPSTASH_IDS.slow) return later(15_000, () => json(res, 200, database));
    return json(res, 200, database);
  }
  if (op === "stats" && method === "GET") {
    if (id === UPSTASH_IDS.ratelimit)
      return json(res, 200, {
        days: [],
        dailyrequests: [],
        bandwidths: [],
        throughput: [],
        diskusage: [],
        keyspace: [],
      });
    return json(res, 200, upstashStats());
  }
  if (op === "list-backup" && method === "GET") return json(res, 200, []);
  if (op === "create-backup" && method === "POST") {
    if (database.type === "free")
      return json(res, 400, "backup is not available for free databases, please upgrade your database");
    return json(res, 200, "OK");
  }
  if (op === "reset-password" && method === "POST")
    return json(
      res,
      403,
      "you are not allowed to perform this action, only the team owner or admins can reset the password",
    );
  void sub;
  return text(res, 404, "404 page not found\n", "text/plain");
}

export const upstashStandin = mitmProxy(UPSTASH_PROXY_PORT, upstashHandler);

// ------------------------------------------------------------------------------------------ Render

export const RENDER_IDS = {
  owner: "tea-cq7f2lmh8l9c73a1e0g0",
  api: "srv-ct4k9qlds78s73b2d1f0",
  worker: "srv-cu1m3r8gph6c73c9k2a0",
  suspended: "srv-cs8v2a5umphs73e4f6b0",
  cron: "srv-cv2p7n0gph6c73d1h4e0",
  slow: "srv-cw5q1t3gph6c73f8j6g0",
  otherWorkspace: "srv-cx9r4u6gph6c73a2l8h0",
};

function renderService(id: string, name: string, type: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    autoDeploy: "yes",
    branch: "main",
    createdAt: "2025-05-14T08:31:27.463Z",
    dashboardUrl: `https://dashboard.render.com/${type === "web_service" ? "web" : type === "cron_job" ? "cron" : "worker"}/${id}`,
    name,
    notifyOnFail: "default",
    ownerId: RENDER_IDS.owner,
    repo: `https://github.com/northwind-labs/${name}`,
    rootDir: "",
    serviceDetails: {
      env: "node",
      envSpecificDetails: { buildCommand: "npm ci && npm run build", startCommand: "npm start" },
      plan: "standard",
      region: "frankfurt",
      runtime: "node",
      numInstances: 2,
      ...(type === "web_service" ? { url: `https://${name}.onrender.com`, healthCheckPath: "/healthz" } : {}),
    },
    slug: name,
    suspended: "not_suspended",
    suspenders: [],
    type,
    updatedAt: "2026-12-03T17:45:12.881Z",
    ...extra,
  };
}

const renderServices = [
  renderService(RENDER_IDS.api, "northwind-api", "web_service"),
  renderService(RENDER_IDS.worker, "webhook-dispatcher", "background_worker"),
  renderService(RENDER_IDS.suspended, "legacy-admin", "web_service", {
    suspended: "suspended",
    suspenders: ["billing"],
  }),
  renderService(RENDER_IDS.cron, "nightly-invoices", "cron_job"),
  renderService(RENDER_IDS.slow, "search-indexer", "background_worker"),
];

const renderDeploy = (
  id: string,
  status: string,
  message: string,
  created: string,
  finished: string | null,
) => ({
  id,
  commit: { id: "9b3e7d1c4a2f6e8b0d5c9a1e3f7b2d4c6a8e0f13", message, createdAt: created },
  status,
  trigger: "new_commit",
  createdAt: created,
  updatedAt: finished ?? created,
  finishedAt: finished,
});

const renderDeploys: Record<string, ReturnType<typeof renderDeploy>[]> = {
  [RENDER_IDS.api]: [
    renderDeploy(
      "dep-ct9a2c5umphs73b8e1g0",
      "live",
      "webhooks: persist delivery ids before retrying",
      "2026-12-03T17:41:02.117Z",
      "2026-12-03T17:45:12.881Z",
    ),
    renderDeploy(
      "dep-ct7d4e1umphs73c2f9h0",
      "deactivated",
      "api: paginate /invoices",
      "2026-12-01T09:12:40.550Z",
      "2026-12-01T09:16:58.024Z",
    ),
    renderDeploy(
      "dep-ct6f8g3umphs73d5a0j0",
      "build_failed",
      "api: upgrade to node 22",
      "2026-11-30T15:03:19.880Z",
      "2026-11-30T15:05:44.301Z",
    ),
  ],
  [RENDER_IDS.cron]: [],
};

const renderError = (message: string) => ({ id: "8d1f3a7c-5e2b-4c9d-a0e6-2f4b8c1d7e39", message });

function renderHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const headers = {
    "rndr-id": "7a2c4e1f-9b3d-4e8a",
    "ratelimit-limit": "30",
    "ratelimit-remaining": "24",
    "ratelimit-reset": "42",
  };
  if (state.renderChallengePage)
    return text(res, 200, CHALLENGE_PAGE, undefined, { "cf-mitigated": "challenge" });
  if (state.renderKeyRevoked || req.headers.authorization !== `Bearer ${RENDER_KEY}`)
    return json(res, 401, renderError("unauthorized"), headers);
  if (state.renderRateLimited)
    return json(res, 429, renderError("rate limit exceeded"), { ...headers, "ratelimit-remaining": "0" });
  if (state.renderBadGateway) return text(res, 502, cloudflare502("api.render.com", "8ef2e09b1c7d4a36"));
  const parts = url.pathname.split("/").filter(Boolean);
  const method = req.method ?? "GET";
  if (parts[0] !== "v1" || parts[1] !== "services") return json(res, 404, renderError("not found"), headers);
  if (parts.length === 2 && method === "GET") {
    const limit = Number(url.searchParams.get("limit") ?? "20");
    return json(
      res,
      200,
      renderServices
        .slice(0, limit)
        .map((service) => ({ service, cursor: Buffer.from(service.id).toString("base64url") })),
      headers,
    );
  }
  if (parts.length === 2 && method === "POST") {
    const request = (parse(body) ?? {}) as Record<string, unknown>;
    if (!request.ownerId) return json(res, 400, renderError("ownerId: must be present"), headers);
    return json(
      res,
      400,
      renderError(
        "type: must be one of web_service, private_service, background_worker, static_site, cron_job",
      ),
      headers,
    );
  }
  const id = parts[2] ?? "";
  if (id === RENDER_IDS.otherWorkspace && method === "DELETE")
    return json(
      res,
      403,
      renderError("You do not have permission to delete services in this workspace"),
      headers,
    );
  const service = renderServices.find((s) => s.id === id);
  if (!service) return json(res, 404, renderError("service not found"), headers);
  if (parts.length === 3 && method === "GET") {
    if (id === RENDER_IDS.slow) return later(15_000, () => json(res, 200, service, headers));
    return json(res, 200, service, headers);
  }
  if (parts[3] === "deploys" && method === "GET")
    return json(
      res,
      200,
      (renderDeploys[id] ?? []).map((deploy) => ({
        deploy,
        cursor: Buffer.from(deploy.id).toString("base64url"),
      })),
      headers,
    );
  if (parts[3] === "deploys" && method === "POST") {
    if (service.suspended === "suspended")
      return json(res, 409, renderError("cannot deploy a suspended service"), headers);
    return json(
      res,
      201,
      renderDeploy(
        "dep-cu0b6h2umphs73e7k3l0",
        "created",
        "webhooks: persist delivery ids before retrying",
        "2026-12-06T09:14:27.310Z",
        null,
      ),
      headers,
    );
  }
  if (parts[3] === "env-vars" && method === "PUT") {
    const request = (parse(body) ?? {}) as { envVars?: { key: string; value: string }[] };
    return json(
      res,
      200,
      (request.envVars ?? []).map((envVar) => ({
        envVar,
        cursor: Buffer.from(envVar.key).toString("base64url"),
      })),
      headers,
    );
  }
  if (parts[3] === "custom-domains" && method === "GET")
    return json(
      res,
      200,
      [
        {
          customDomain: {
            id: "cdm-ct4kb2lds78s73b2d1g0",
            name: "api.northwind-labs.dev",
            domainType: "subdomain",
            publicSuffix: "northwind-labs.dev",
            redirectForName: "",
            verificationStatus: "verified",
            createdAt: "2025-05-14T09:02:11.004Z",
            server: { id: service.id, name: service.name },
          },
          cursor: "Y2RtLWN0NGtiMmxkczc4czczYjJkMWcw",
        },
      ],
      headers,
    );
  return json(res, 404, renderError("not found"), headers);
}

export const renderStandin = mitmProxy(RENDER_PROXY_PORT, renderHandler);

export const ALL_STANDINS: Standin[] = [cloudflareStandin, vercelStandin, upstashStandin, renderStandin];
