// Loopback stand-ins for the APIs behind this group's servers, answering like the real services
// with their real error bodies and statuses:
//   - a Coolify instance (Laravel, /api/v1, Bearer token)                       127.0.0.1:38850
//   - the DigitalOcean API (/v2, Bearer token, {"id","message","request_id"})  127.0.0.1:38851
//   - a HashiCorp Nomad agent (/v1, X-Nomad-Token, plain-text errors)          127.0.0.1:38852
//   - a Docker Engine API (TCP, as exposed by dockerd -H tcp://…)              127.0.0.1:38853
// Each listens on its own port so that one can be stopped (a backend that is down) while the
// others keep answering. `state` is switched by the sessions' hooks (a revoked token, a rate limit,
// a cluster without a leader, …).

import http from "node:http";
import type { Socket } from "node:net";

export const COOLIFY_PORT = 38850;
export const DO_PORT = 38851;
export const NOMAD_PORT = 38852;
export const DOCKER_PORT = 38853;

export const COOLIFY_TOKEN = "7|r7cloudCorpusToken0123456789abcdef";
export const DO_TOKEN = "dop_v1_r7cloud0000000000000000000000000000000000000000000000000000";
export const NOMAD_TOKEN = "5f1c9a52-7c1e-4bd4-9a3c-r7cloud00001";

export const state = {
  // Coolify
  coolifyTokenRevoked: false,
  coolifyRateLimited: false,
  coolifyServerError: false,
  coolifyBehindAccess: false,
  coolifySlow: false,
  // DigitalOcean
  doTokenRevoked: false,
  doRateLimited: false,
  doReadOnlyToken: false,
  // Nomad
  nomadNoLeader: false,
  nomadListOnlyPolicy: false,
  nomadReadOnlyPolicy: false,
  // Docker
  dockerSocketProxy: false,
};

type Handler = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => void;

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json", ...headers });
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

const later = (ms: number, fn: () => void) => {
  setTimeout(fn, ms).unref();
};

// ---------------------------------------------------------------- Coolify (Laravel API, /api/v1)

export const COOLIFY_APPS = {
  shopApi: "k8s0wq2c4e6g8i0k2m4o6q8s",
  shopWeb: "p1r3t5v7x9z1b3d5f7h9j1l3",
  worker: "m2o4q6s8u0w2y4a6c8e0g2i4",
  missing: "z9y8x7w6v5u4t3s2r1q0p9o8",
};
const COOLIFY_SERVER = "hq3b5d7f9h1j3l5n7p9r1t3v";

const coolifyApps = [
  {
    id: 11,
    uuid: COOLIFY_APPS.shopApi,
    name: "shop-api",
    description: "Checkout and catalogue API",
    fqdn: "https://api.shop.example",
    status: "running:healthy",
    git_repository: "acme/shop-api",
    git_branch: "main",
    git_commit_sha: "HEAD",
    build_pack: "nixpacks",
    ports_exposes: "3000",
    environment_id: 2,
    destination_type: "App\\Models\\StandaloneDocker",
    destination_id: 1,
    health_check_enabled: true,
    health_check_path: "/healthz",
    created_at: "2026-09-02T10:14:22.000000Z",
    updated_at: "2026-12-05T22:40:09.000000Z",
  },
  {
    id: 12,
    uuid: COOLIFY_APPS.shopWeb,
    name: "shop-web",
    description: "Storefront (Next.js)",
    fqdn: "https://shop.example",
    status: "running:healthy",
    git_repository: "acme/shop-web",
    git_branch: "main",
    git_commit_sha: "HEAD",
    build_pack: "dockerfile",
    ports_exposes: "3000",
    environment_id: 2,
    destination_type: "App\\Models\\StandaloneDocker",
    destination_id: 1,
    health_check_enabled: false,
    health_check_path: "/",
    created_at: "2026-09-02T10:20:51.000000Z",
    updated_at: "2026-12-04T08:02:44.000000Z",
  },
  {
    id: 13,
    uuid: COOLIFY_APPS.worker,
    name: "reports-worker",
    description: "Nightly report builder",
    fqdn: null,
    status: "exited:unhealthy",
    git_repository: "acme/reports",
    git_branch: "main",
    git_commit_sha: "HEAD",
    build_pack: "nixpacks",
    ports_exposes: "",
    environment_id: 2,
    destination_type: "App\\Models\\StandaloneDocker",
    destination_id: 1,
    health_check_enabled: false,
    health_check_path: "/",
    created_at: "2026-10-11T07:01:13.000000Z",
    updated_at: "2026-12-01T02:00:31.000000Z",
  },
];

const coolifyServers = [
  {
    uuid: COOLIFY_SERVER,
    name: "fsn1-app-01",
    description: "Hetzner CX32, Falkenstein",
    ip: "203.0.113.24",
    user: "root",
    port: 22,
    proxy_type: "traefik",
    is_reachable: true,
    is_usable: true,
    settings: { is_build_server: false, concurrent_builds: 2, dynamic_timeout: 3600 },
  },
];

const LARAVEL_500 = `<!DOCTYPE html>
<html lang="en">
    <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">

        <title>Server Error</title>

        <style>
            body { font-family: ui-sans-serif, system-ui, sans-serif; }
        </style>
    </head>
    <body class="antialiased">
        <div class="relative flex items-top justify-center min-h-screen bg-gray-100 sm:items-center sm:pt-0">
            <div class="max-w-xl mx-auto sm:px-6 lg:px-8">
                <div class="flex items-center pt-8 sm:justify-start sm:pt-0">
                    <div class="px-4 text-lg text-gray-500 border-r border-gray-400 tracking-wider">
                        500                    </div>

                    <div class="ml-4 text-lg text-gray-500 uppercase tracking-wider">
                        Server Error                    </div>
                </div>
            </div>
        </div>
    </body>
</html>
`;

const ACCESS_LOGIN = `<!DOCTYPE html>
<html lang="en-US">
<head>
  <meta charset="utf-8" />
  <title>Sign in ・ Cloudflare Access</title>
  <meta name="viewport" content="width=device-width,initial-scale=1" />
  <meta name="robots" content="noindex, nofollow" />
</head>
<body>
  <main class="AuthBox">
    <h1 class="Title">Sign in to coolify.acme.example</h1>
    <p class="Subtitle">Get a login code emailed to you</p>
    <form method="POST" action="/cdn-cgi/access/login/coolify.acme.example">
      <label for="email">Email</label>
      <input type="email" id="email" name="email" autocomplete="email" required />
      <button type="submit">Send me a code</button>
    </form>
    <p class="Footer">Protected by Cloudflare Access. Ray ID: 8f3c2a91bd0e4c27</p>
  </main>
</body>
</html>
`;

const coolify: Handler = (req, url, body, res) => {
  const path = url.pathname;
  if (path.startsWith("/cdn-cgi/access/login")) {
    return text(res, 200, ACCESS_LOGIN, "text/html; charset=utf-8", { "cf-ray": "8f3c2a91bd0e4c27-FRA" });
  }
  if (state.coolifyBehindAccess) {
    // Cloudflare Access in front of the instance: no service token, so every request is
    // redirected to the login page (fetch follows the redirect and gets a 200 HTML page).
    res.writeHead(302, {
      location: `http://127.0.0.1:${COOLIFY_PORT}/cdn-cgi/access/login/coolify.acme.example?kid=5d1e0c7b&redirect_url=${encodeURIComponent(path)}`,
    });
    return res.end();
  }
  if (!path.startsWith("/api/v1/")) return json(res, 404, { message: "Not found." });
  const auth = req.headers.authorization ?? "";
  if (auth !== `Bearer ${COOLIFY_TOKEN}` || state.coolifyTokenRevoked) {
    return json(res, 401, { message: "Unauthenticated." });
  }
  if (state.coolifyRateLimited) {
    return json(
      res,
      429,
      { message: "Too Many Attempts." },
      { "retry-after": "42", "x-ratelimit-limit": "200", "x-ratelimit-remaining": "0" },
    );
  }
  if (state.coolifyServerError) return text(res, 500, LARAVEL_500, "text/html; charset=UTF-8");
  const rest = path.slice("/api/v1".length);
  const send = () => {
    if (rest === "/version") return text(res, 200, "4.0.0-beta.420.6", "text/html; charset=UTF-8");
    if (rest === "/applications" && req.method === "GET") return json(res, 200, coolifyApps);
    const app = rest.match(/^\/applications\/([a-z0-9]+)(\/.*)?$/);
    if (app) {
      const found = coolifyApps.find((a) => a.uuid === app[1]);
      if (!found) return json(res, 404, { message: "Application not found." });
      const sub = app[2] ?? "";
      if (sub === "" && req.method === "GET") return json(res, 200, found);
      if (sub === "/logs") {
        if (!found.status.startsWith("running")) {
          return json(res, 400, { message: "Application is not running." });
        }
        return json(res, 200, {
          logs: [
            "2026-12-06T00:58:01.112Z info  listening on :3000",
            "2026-12-06T00:58:14.530Z info  GET /healthz 200 2ms",
            "2026-12-06T00:59:02.004Z info  POST /checkout 201 88ms",
            "2026-12-06T00:59:40.771Z warn  slow query: SELECT * FROM carts WHERE id=$1 (412ms)",
          ].join("\n"),
        });
      }
      if (sub === "/envs" && req.method === "POST") {
        const data = JSON.parse(body || "{}") as { key?: string };
        if (data.key === "DATABASE_URL") {
          return json(res, 409, {
            message: "Environment variable already exists. Use PATCH request to update it.",
          });
        }
        return json(res, 201, { uuid: "e5g7i9k1m3o5q7s9u1w3y5a7" });
      }
    }
    if (rest === "/databases") return json(res, 200, []);
    if (rest === "/resources") {
      return json(
        res,
        200,
        coolifyApps.map((a) => ({ uuid: a.uuid, name: a.name, type: "application", status: a.status })),
      );
    }
    if (rest === "/servers") return json(res, 200, coolifyServers);
    const server = rest.match(/^\/servers\/([a-z0-9]+)$/);
    if (server) {
      const found = coolifyServers.find((s) => s.uuid === server[1]);
      return found ? json(res, 200, found) : json(res, 404, { message: "Server not found." });
    }
    if (rest === "/deployments") return json(res, 200, []);
    if (rest === "/deploy") {
      const uuid = url.searchParams.get("uuid");
      const tag = url.searchParams.get("tag");
      if (uuid && tag) return json(res, 400, { message: "You can only use uuid or tag, not both." });
      if (tag) return json(res, 404, { message: "No resources found with this tag." });
      if (!uuid) return json(res, 400, { message: "You must provide uuid or tag." });
      const found = coolifyApps.find((a) => a.uuid === uuid);
      if (!found) return json(res, 404, { message: "No resources found." });
      return json(res, 200, {
        deployments: [
          {
            message: `Application ${found.name} deployment queued.`,
            resource_uuid: found.uuid,
            deployment_uuid: "w4k2n8q1v6c3x9z5b7d0f2h4",
          },
        ],
      });
    }
    return json(res, 404, { message: "Not found." });
  };
  if (state.coolifySlow) later(20_000, send);
  else send();
};

// ---------------------------------------------------------------- DigitalOcean API (/v2)

let doRequest = 0;
const doRequestId = () => `0b6f2c1e-7a4d-4f31-9c2e-${String(++doRequest).padStart(12, "0")}`;

const droplet = (id: number, name: string, status: string, size: string, ip: string) => ({
  id,
  name,
  memory: size === "s-1vcpu-1gb" ? 1024 : 2048,
  vcpus: size === "s-1vcpu-1gb" ? 1 : 2,
  disk: size === "s-1vcpu-1gb" ? 25 : 50,
  locked: false,
  status,
  created_at: "2026-08-14T09:31:07Z",
  features: ["monitoring", "droplet_agent", "private_networking"],
  backup_ids: [],
  snapshot_ids: [],
  image: { id: 162123456, name: "24.04 (LTS) x64", distribution: "Ubuntu", slug: "ubuntu-24-04-x64" },
  size_slug: size,
  networks: {
    v4: [
      { ip_address: ip, netmask: "255.255.240.0", gateway: "198.51.100.1", type: "public" },
      {
        ip_address: `10.114.0.${id % 200}`,
        netmask: "255.255.240.0",
        gateway: "10.114.0.1",
        type: "private",
      },
    ],
    v6: [],
  },
  region: { name: "Frankfurt 1", slug: "fra1", available: true },
  tags: ["web"],
  vpc_uuid: "d9b3a7e1-5c2f-4e8a-9b60-2f7c1d3e5a91",
});

const DROPLETS = [
  droplet(512340871, "web-fra1-01", "active", "s-2vcpu-2gb", "198.51.100.21"),
  droplet(512340872, "web-fra1-02", "active", "s-2vcpu-2gb", "198.51.100.22"),
  droplet(512340901, "jobs-fra1-01", "off", "s-1vcpu-1gb", "198.51.100.31"),
];

const CLOUDFLARE_503 = `<!DOCTYPE html>
<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->
<!--[if gt IE 8]><!--> <html class="no-js" lang="en-US"> <!--<![endif]-->
<head>
<title>api.digitalocean.com | 503: Service temporarily unavailable</title>
<meta charset="UTF-8" />
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
<meta name="robots" content="noindex, nofollow" />
</head>
<body>
<div id="cf-wrapper">
  <div id="cf-error-details" class="p-0">
    <header class="mx-auto pt-10 lg:pt-6 lg:px-8 w-240 lg:w-full mb-8">
      <h1 class="inline-block sm:block sm:mb-2 font-light text-60 lg:text-4xl text-black-dark leading-tight mr-2">
        <span class="inline-block">Service temporarily unavailable</span>
        <span class="code-label">Error code 503</span>
      </h1>
    </header>
    <div class="cf-error-footer cf-wrapper w-240 lg:w-full py-10 sm:py-4 sm:px-8 mx-auto text-center sm:text-left border-solid border-0 border-t border-gray-300">
      <p class="text-13">
        <span class="cf-footer-item sm:block sm:mb-1">Cloudflare Ray ID: <strong class="font-semibold">8f3c2b07aa1e9d4c</strong></span>
      </p>
    </div>
  </div>
</div>
</body>
</html>
`;

const digitalocean: Handler = (req, url, body, res) => {
  const path = url.pathname.replace(/\/+$/, "");
  const reqId = doRequestId();
  const fail = (status: number, id: string, message: string, headers: Record<string, string> = {}) =>
    json(res, status, { id, message, request_id: reqId }, { "x-request-id": reqId, ...headers });
  const ok = (status: number, payload: unknown) =>
    json(res, status, payload, {
      "x-request-id": reqId,
      "ratelimit-limit": "5000",
      "ratelimit-remaining": "4987",
      "ratelimit-reset": "1796432400",
    });
  const auth = req.headers.authorization ?? "";
  if (auth !== `Bearer ${DO_TOKEN}` || state.doTokenRevoked) {
    return fail(401, "Unauthorized", "Unable to authenticate you");
  }
  if (state.doRateLimited) {
    return fail(429, "too_many_requests", "API Rate limit exceeded.", {
      "ratelimit-limit": "5000",
      "ratelimit-remaining": "0",
      "ratelimit-reset": "1796432460",
      "retry-after": "2",
    });
  }
  const meta = (total: number) => ({ links: {}, meta: { total } });
  if (path === "/v2/account") {
    return ok(200, {
      account: {
        droplet_limit: 25,
        floating_ip_limit: 3,
        volume_limit: 100,
        email: "ops@acme.example",
        name: "Acme Ops",
        uuid: "8c2e6a41-93b7-4f0d-a5e1-7b9c3d2f6e10",
        email_verified: true,
        status: "active",
        status_message: "",
        team: { uuid: "1f7d3b95-2c4e-4a86-b0d8-6e2a9c5f1b37", name: "Acme" },
      },
    });
  }
  if (path === "/v2/droplets" && req.method === "GET") {
    return ok(200, { droplets: DROPLETS, ...meta(DROPLETS.length) });
  }
  if (path === "/v2/droplets" && req.method === "POST") {
    const data = JSON.parse(body || "{}") as { name?: string; size?: string; region?: string };
    if (data.size && !/^s-\d+vcpu-\d+gb(-intel|-amd)?$/.test(data.size)) {
      return fail(422, "unprocessable_entity", "You specified an invalid size for Droplet creation.");
    }
    return ok(202, {
      droplet: {
        ...droplet(512341177, data.name ?? "new", "new", data.size ?? "s-1vcpu-1gb", ""),
        networks: { v4: [], v6: [] },
      },
      links: {
        actions: [
          { id: 2488210337, rel: "create", href: `http://127.0.0.1:${DO_PORT}/v2/actions/2488210337` },
        ],
      },
    });
  }
  const one = path.match(/^\/v2\/droplets\/(\d+)$/);
  if (one) {
    const found = DROPLETS.find((d) => d.id === Number(one[1]));
    if (!found) return fail(404, "not_found", "The resource you were accessing could not be found.");
    return ok(200, { droplet: found });
  }
  const act = path.match(/^\/v2\/droplets\/(\d+)\/actions$/);
  if (act && req.method === "POST") {
    if (state.doReadOnlyToken) {
      return fail(403, "forbidden", "You do not have access for the attempted action.");
    }
    const data = JSON.parse(body || "{}") as { type?: string };
    return ok(201, {
      action: {
        id: 2488210401,
        status: "in-progress",
        type: data.type ?? "reboot",
        started_at: "2026-12-06T01:02:11Z",
        completed_at: null,
        resource_id: Number(act[1]),
        resource_type: "droplet",
        region_slug: "fra1",
      },
    });
  }
  const action = path.match(/^\/v2\/actions\/(\d+)$/);
  if (action) {
    return ok(200, {
      action: {
        id: Number(action[1]),
        status: "errored",
        type: "snapshot",
        started_at: "2026-12-05T23:10:02Z",
        completed_at: "2026-12-05T23:41:57Z",
        resource_id: 512340901,
        resource_type: "droplet",
        region: { name: "Frankfurt 1", slug: "fra1" },
        region_slug: "fra1",
      },
    });
  }
  if (path === "/v2/firewalls") return ok(200, { firewalls: [], ...meta(0) });
  if (path === "/v2/customers/my/balance") {
    return ok(200, {
      month_to_date_balance: "41.73",
      account_balance: "0.00",
      month_to_date_usage: "41.73",
      generated_at: "2026-12-06T00:00:00Z",
    });
  }
  if (path === "/v2/regions") {
    return fail(500, "server_error", "Server was unable to give you a response.");
  }
  if (path === "/v2/sizes") return text(res, 503, CLOUDFLARE_503, "text/html; charset=UTF-8");
  if (path === "/v2/vpcs") {
    later(20_000, () => ok(200, { vpcs: [], ...meta(0) }));
    return;
  }
  if (path === "/v2/account/keys") {
    return ok(200, {
      ssh_keys: [
        {
          id: 41250987,
          fingerprint: "3b:16:bf:e4:8b:00:8b:b8:59:8c:a9:d3:f0:19:45:fa",
          public_key: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB1x2y3z4 ops@acme",
          name: "ops laptop",
        },
      ],
      ...meta(1),
    });
  }
  return fail(404, "not_found", "The resource you were accessing could not be found.");
};

// ---------------------------------------------------------------- HashiCorp Nomad (/v1)

const NOMAD_JOBS = ["web", "billing-cron", "redis"];

const nomadJob = (id: string) => ({
  Region: "global",
  Namespace: "default",
  ID: id,
  ParentID: "",
  Name: id,
  Type: id === "billing-cron" ? "batch" : "service",
  Priority: 50,
  AllAtOnce: false,
  Datacenters: ["fra1"],
  NodePool: "default",
  TaskGroups: [
    {
      Name: id === "web" ? "frontend" : id,
      Count: id === "web" ? 3 : 1,
      Scaling: id === "web" ? { Min: 1, Max: 5, Enabled: true } : null,
      Tasks: [
        {
          Name: id,
          Driver: "docker",
          Config: { image: id === "redis" ? "redis:7.4" : `registry.acme.example/${id}:2026.12.1` },
          Resources: { CPU: 500, MemoryMB: 256 },
        },
      ],
    },
  ],
  Stop: false,
  Status: id === "billing-cron" ? "dead" : "running",
  StatusDescription: "",
  Stable: true,
  Version: 7,
  SubmitTime: 1796512800000000000,
  CreateIndex: 1021,
  ModifyIndex: 4410,
  JobModifyIndex: 4398,
});

const nomadSummary = (id: string) => ({
  JobID: id,
  Namespace: "default",
  Summary: {
    [id === "web" ? "frontend" : id]: {
      Queued: 0,
      Complete: id === "billing-cron" ? 14 : 0,
      Failed: 0,
      Running: id === "web" ? 3 : id === "redis" ? 1 : 0,
      Starting: 0,
      Lost: 0,
      Unknown: 0,
    },
  },
  Children: { Pending: 0, Running: 0, Dead: 0 },
  CreateIndex: 1021,
  ModifyIndex: 4410,
});

const nomad: Handler = (req, url, body, res) => {
  const path = url.pathname;
  const plain = (status: number, message: string) => text(res, status, message);
  const ok = (payload: unknown) =>
    json(res, 200, payload, {
      "x-nomad-index": "4410",
      "x-nomad-knownleader": "true",
      "x-nomad-lastcontact": "0",
    });
  if (path === "/v1/status/leader") return ok("10.0.4.11:4647");
  if (req.headers["x-nomad-token"] !== NOMAD_TOKEN) return plain(403, "Permission denied");
  if (state.nomadNoLeader) return plain(500, "No cluster leader");
  if (path === "/v1/operator/raft/configuration") {
    return ok({
      Index: 4410,
      Servers: [
        ["10.0.4.11", "9b4c1f0e-6d2a-4e8b-a3c7-1f5d9e2b7a60", "fra1-server-01", true],
        ["10.0.4.12", "2e7a9c3b-8f1d-4b6e-9a0c-5d3f7e1b9c24", "fra1-server-02", false],
        ["10.0.4.13", "c5d1e9f3-4a7b-4c2e-8d6f-0b9a3e7c1d58", "fra1-server-03", false],
      ].map(([ip, id, node, leader]) => ({
        Address: `${ip}:4647`,
        ID: id,
        Leader: leader,
        Node: `${node}.global`,
        RaftProtocol: "3",
        Voter: true,
      })),
    });
  }
  const namespace = url.searchParams.get("namespace") ?? "default";
  if (path === "/v1/jobs" && req.method === "GET") {
    if (namespace !== "default") return ok([]);
    return ok(
      NOMAD_JOBS.map((id) => {
        const job = nomadJob(id);
        return {
          ID: id,
          ParentID: "",
          Name: id,
          Namespace: "default",
          Datacenters: job.Datacenters,
          Type: job.Type,
          Priority: 50,
          Periodic: id === "billing-cron",
          ParameterizedJob: false,
          Stop: false,
          Status: job.Status,
          StatusDescription: "",
          JobSummary: nomadSummary(id),
          CreateIndex: 1021,
          ModifyIndex: 4410,
          JobModifyIndex: 4398,
          SubmitTime: job.SubmitTime,
        };
      }),
    );
  }
  if (path === "/v1/jobs/parse" && req.method === "POST") {
    const data = JSON.parse(body || "{}") as { JobHCL?: string };
    const hcl = data.JobHCL ?? "";
    const typo = hcl.match(/^(\s*)drivr\s*=/m);
    if (typo) {
      const line = hcl.slice(0, hcl.indexOf("drivr")).split("\n").length;
      const col = (typo[1]?.length ?? 0) + 1;
      return plain(
        400,
        `Failed to parse job: input.hcl:${line},${col}-${col + 5}: Unsupported argument; An argument named "drivr" is not expected here. Did you mean "driver"?`,
      );
    }
    const name = hcl.match(/job\s+"([^"]+)"/)?.[1] ?? "job";
    return ok({ ...nomadJob(name), Status: "", Version: 0 });
  }
  if (path === "/v1/jobs" && req.method === "POST") {
    return ok({
      EvalID: "d092fdc0-e1fd-2536-67d8-43af8ca798ac",
      EvalCreateIndex: 4512,
      JobModifyIndex: 4512,
      Warnings: "",
      Index: 4512,
      LastContact: 0,
      KnownLeader: false,
    });
  }
  const job = path.match(/^\/v1\/job\/([^/]+)(\/[a-z]+)?$/);
  if (job) {
    const id = decodeURIComponent(job[1]!);
    const sub = job[2] ?? "";
    if (req.method === "DELETE") {
      if (state.nomadReadOnlyPolicy) return plain(403, "Permission denied");
      if (!NOMAD_JOBS.includes(id)) return plain(404, "job not found");
      return ok({
        EvalID: "5456bd7a-9fc0-c0dd-6131-cbee77f57577",
        EvalCreateIndex: 4520,
        JobModifyIndex: 4520,
      });
    }
    if (state.nomadListOnlyPolicy) return plain(403, "Permission denied");
    if (!NOMAD_JOBS.includes(id)) return plain(404, "job not found");
    if (sub === "") return ok(nomadJob(id));
    if (sub === "/summary") return ok(nomadSummary(id));
    if (sub === "/scale" && req.method === "POST") {
      const data = JSON.parse(body || "{}") as { Count?: number };
      const max = id === "web" ? 5 : 1;
      if ((data.Count ?? 0) > max) {
        return plain(400, `group count was greater than scaling policy maximum: ${data.Count} > ${max}`);
      }
      return ok({
        EvalID: "8e4b1f2a-3c5d-4e6f-a7b8-c9d0e1f2a3b4",
        EvalCreateIndex: 4530,
        JobModifyIndex: 4530,
      });
    }
    if (sub === "/allocations") {
      // A server that takes its time: used to kill the MCP server mid-call.
      later(20_000, () => ok([]));
      return;
    }
  }
  const variable = path.match(/^\/v1\/var\/(.+)$/);
  if (variable) return plain(404, "variable not found");
  if (path.startsWith("/v1/client/fs/logs/")) return plain(500, "No path to node");
  if (path === "/v1/nodes") {
    return ok([
      {
        ID: "f7476465-4d6e-c0de-26d0-e383c49be941",
        Name: "fra1-client-01",
        Datacenter: "fra1",
        NodeClass: "",
        Drain: false,
        SchedulingEligibility: "eligible",
        Status: "ready",
      },
    ]);
  }
  return plain(404, "Not Found");
};

// ---------------------------------------------------------------- Docker Engine API (TCP)

const dockerContainers = [
  {
    Id: "3f9a1c27d4e8b05a6c1f2e3d4b5a69788796a5b4c3d2e1f0a9b8c7d6e5f4a3b2",
    Names: ["/web"],
    Image: "nginx:1.27",
    ImageID: "sha256:5ef79149e0ec84a7a9f9284c3f91aa3c20608f8391f5445eabe92ef07dbda03c",
    Command: "/docker-entrypoint.sh nginx -g 'daemon off;'",
    Created: 1796467200,
    Ports: [{ IP: "0.0.0.0", PrivatePort: 80, PublicPort: 8080, Type: "tcp" }],
    Labels: { "com.docker.compose.project": "shop", "com.docker.compose.service": "web" },
    State: "running",
    Status: "Up 3 hours",
    Tty: false,
  },
  {
    Id: "7b2e4d6f8a0c1e3f5a7b9c1d3e5f7a9b1c3d5e7f9a1b3c5d7e9f1a3b5c7d9e1f",
    Names: ["/api"],
    Image: "registry.acme.example/shop-api:2026.12.1",
    ImageID: "sha256:1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f809",
    Command: "node server.js",
    Created: 1796467260,
    Ports: [],
    Labels: { "com.docker.compose.project": "shop", "com.docker.compose.service": "api" },
    State: "exited",
    Status: "Exited (137) 12 minutes ago",
    Tty: false,
  },
  {
    Id: "c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2",
    Names: ["/worker"],
    Image: "registry.acme.example/shop-worker:2026.12.1",
    ImageID: "sha256:9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a0",
    Command: "node worker.js",
    Created: 1796467300,
    Ports: [],
    Labels: { "com.docker.compose.project": "shop", "com.docker.compose.service": "worker" },
    State: "exited",
    Status: "Exited (0) 2 hours ago",
    Tty: false,
  },
  {
    Id: "e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1f0e9d8",
    Names: ["/console"],
    Image: "registry.acme.example/shop-api:2026.12.1",
    ImageID: "sha256:1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f809",
    Command: "node repl.js",
    Created: 1796470000,
    Ports: [],
    Labels: {},
    State: "running",
    Status: "Up 2 hours",
    Tty: true,
  },
  {
    Id: "a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1",
    Names: ["/metrics-sidecar"],
    Image: "prom/statsd-exporter:v0.27.1",
    ImageID: "sha256:0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0",
    Command: "/bin/statsd_exporter",
    Created: 1796470100,
    Ports: [{ PrivatePort: 9102, Type: "tcp" }],
    Labels: { "logging.driver": "none" },
    State: "running",
    Status: "Up 2 hours",
    Tty: false,
  },
];

function findContainer(ref: string) {
  return dockerContainers.find(
    (c) => c.Names[0] === `/${ref}` || c.Id === ref || (ref.length >= 12 && c.Id.startsWith(ref)),
  );
}

function inspectOf(c: (typeof dockerContainers)[number]) {
  return {
    Id: c.Id,
    Created: new Date(c.Created * 1000).toISOString(),
    Path: c.Command.split(" ")[0],
    Args: c.Command.split(" ").slice(1),
    State: {
      Status: c.State,
      Running: c.State === "running",
      Paused: false,
      Restarting: false,
      OOMKilled: false,
      Dead: false,
      Pid: c.State === "running" ? 48213 : 0,
      ExitCode: c.State === "running" ? 0 : Number(c.Status.match(/\((\d+)\)/)?.[1] ?? 0),
      Error: "",
      StartedAt: "2026-12-05T21:58:40.118207341Z",
      FinishedAt: c.State === "running" ? "0001-01-01T00:00:00Z" : "2026-12-06T00:49:12.551938020Z",
    },
    Image: c.ImageID,
    Name: c.Names[0],
    RestartCount: 0,
    Driver: "overlay2",
    Platform: "linux",
    HostConfig: {
      LogConfig: { Type: c.Labels["logging.driver"] === "none" ? "none" : "json-file", Config: {} },
      NetworkMode: "shop_default",
      PortBindings: c.Ports.some((p) => "PublicPort" in p)
        ? { "80/tcp": [{ HostIp: "", HostPort: "8080" }] }
        : {},
      RestartPolicy: { Name: "unless-stopped", MaximumRetryCount: 0 },
    },
    Config: {
      Hostname: c.Id.slice(0, 12),
      Tty: c.Tty,
      Image: c.Image,
      Labels: c.Labels,
      Env: ["PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "NODE_ENV=production"],
    },
    NetworkSettings: {
      Networks: {
        shop_default: { IPAddress: "172.19.0.4", Gateway: "172.19.0.1", MacAddress: "02:42:ac:13:00:04" },
      },
    },
  };
}

/** Docker's multiplexed log stream (non-TTY containers): an 8-byte header per frame. */
function frames(lines: [1 | 2, string][]): Buffer {
  return Buffer.concat(
    lines.map(([stream, line]) => {
      const payload = Buffer.from(`${line}\n`, "utf8");
      const header = Buffer.alloc(8);
      header.writeUInt8(stream, 0);
      header.writeUInt32BE(payload.length, 4);
      return Buffer.concat([header, payload]);
    }),
  );
}

const SOCKET_PROXY_403 = `<html><body><h1>403 Forbidden</h1>
Request forbidden by administrative rules.
</body></html>
`;

const docker: Handler = (req, url, _body, res) => {
  const path = url.pathname.replace(/^\/v1\.\d+/, "");
  const headers = {
    "api-version": "1.47",
    "docker-experimental": "false",
    ostype: "linux",
    server: "Docker/27.4.1 (linux)",
  };
  const ok = (payload: unknown) => json(res, 200, payload, headers);
  const fail = (status: number, message: string) => json(res, status, { message }, headers);
  if (state.dockerSocketProxy && req.method !== "GET") {
    // tecnativa/docker-socket-proxy (HAProxy) with POST=0: write calls are refused.
    return text(res, 403, SOCKET_PROXY_403, "text/html", { "cache-control": "no-cache" });
  }
  if (path === "/_ping") return text(res, 200, "OK", "text/plain; charset=utf-8", headers);
  if (path === "/version") {
    return ok({
      Platform: { Name: "Docker Engine - Community" },
      Version: "27.4.1",
      ApiVersion: "1.47",
      MinAPIVersion: "1.24",
      GitCommit: "c710b88",
      GoVersion: "go1.22.10",
      Os: "linux",
      Arch: "amd64",
      KernelVersion: "6.1.0-28-amd64",
      BuildTime: "2024-12-17T15:41:32.000000000+00:00",
    });
  }
  if (path === "/info") {
    return ok({
      ID: "4f1c7a3e-9b2d-4e6f-8a1c-3d5e7f9b1c2d",
      Containers: dockerContainers.length,
      ContainersRunning: dockerContainers.filter((c) => c.State === "running").length,
      ContainersPaused: 0,
      ContainersStopped: dockerContainers.filter((c) => c.State !== "running").length,
      Images: 14,
      Driver: "overlay2",
      KernelVersion: "6.1.0-28-amd64",
      OperatingSystem: "Debian GNU/Linux 12 (bookworm)",
      OSType: "linux",
      Architecture: "x86_64",
      NCPU: 4,
      MemTotal: 8328904704,
      Name: "fsn1-docker-01",
      ServerVersion: "27.4.1",
      Warnings: ["WARNING: API is accessible on http://0.0.0.0:2375 without encryption."],
    });
  }
  if (path === "/containers/json") {
    const all = url.searchParams.get("all") === "true" || url.searchParams.get("all") === "1";
    const raw = url.searchParams.get("filters");
    let filters: Record<string, string[] | Record<string, boolean>> = {};
    try {
      filters = raw ? (JSON.parse(raw) as typeof filters) : {};
    } catch {
      return fail(400, "invalid filter");
    }
    const allowed = [
      "ancestor",
      "before",
      "expose",
      "exited",
      "health",
      "id",
      "isolation",
      "is-task",
      "label",
      "name",
      "network",
      "publish",
      "since",
      "status",
      "volume",
    ];
    for (const key of Object.keys(filters)) {
      if (!allowed.includes(key)) return fail(400, `invalid filter '${key}'`);
    }
    const values = (key: string) => {
      const v = filters[key];
      if (!v) return [];
      return Array.isArray(v) ? v : Object.keys(v);
    };
    let list = dockerContainers.filter((c) => all || c.State === "running");
    for (const label of values("label")) {
      const [k, v] = label.split("=");
      list = list.filter(
        (c) => k! in c.Labels && (v === undefined || (c.Labels as Record<string, string>)[k!] === v),
      );
    }
    for (const status of values("status")) list = list.filter((c) => c.State === status);
    return ok(list.map(({ Tty: _tty, ...c }) => c));
  }
  const m = path.match(/^\/containers\/([^/]+)\/([a-z]+)$/);
  if (!m) return fail(404, "page not found");
  const ref = decodeURIComponent(m[1]!);
  const action = m[2]!;
  const c = findContainer(ref);
  if (action === "json") {
    if (ref === "db") {
      // A daemon stuck on a container lock: inspect never answers.
      later(30_000, () => fail(404, `No such container: ${ref}`));
      return;
    }
    if (!c) return fail(404, `No such container: ${ref}`);
    return ok(inspectOf(c));
  }
  if (!c) return fail(404, `No such container: ${ref}`);
  if (action === "start" && req.method === "POST") {
    if (c.State === "running") return text(res, 304, "", "text/plain", headers);
    if (c.Names[0] === "/api") {
      return fail(
        500,
        `driver failed programming external connectivity on endpoint api (7d3a0f5e21c84b6f9e02a1d4c6b8e0f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2b4): Bind for 0.0.0.0:3000 failed: port is already allocated`,
      );
    }
    res.writeHead(204, headers);
    return res.end();
  }
  if (action === "stop" && req.method === "POST") {
    if (c.State !== "running") return text(res, 304, "", "text/plain", headers);
    res.writeHead(204, headers);
    return res.end();
  }
  if (action === "restart" && req.method === "POST") {
    res.writeHead(204, headers);
    return res.end();
  }
  if (action === "logs") {
    if (c.Labels["logging.driver"] === "none") {
      return fail(501, "configured logging driver does not support reading");
    }
    if (c.Tty) {
      // TTY containers stream raw bytes, without the multiplexing headers.
      res.writeHead(200, { "content-type": "application/vnd.docker.raw-stream", ...headers });
      return res.end(
        'Welcome to Node.js v22.12.0.\r\nType ".help" for more information.\r\n> orders.pending()\r\n42\r\n> \r\n',
      );
    }
    res.writeHead(200, { "content-type": "application/vnd.docker.multiplexed-stream", ...headers });
    return res.end(
      frames([
        [
          1,
          '172.19.0.1 - - [06/Dec/2026:00:58:01 +0000] "GET /healthz HTTP/1.1" 200 2 "-" "kube-probe/1.31"',
        ],
        [1, '172.19.0.1 - - [06/Dec/2026:00:58:31 +0000] "GET / HTTP/1.1" 200 615 "-" "Mozilla/5.0"'],
        [2, "2026/12/06 00:59:02 [warn] 29#29: *41 upstream response is buffered to a temporary file"],
        [1, '172.19.0.1 - - [06/Dec/2026:00:59:31 +0000] "GET /cart HTTP/1.1" 200 1893 "-" "Mozilla/5.0"'],
      ]),
    );
  }
  return fail(404, "page not found");
};

export const coolifyStandin = serve(COOLIFY_PORT, coolify);
export const doStandin = serve(DO_PORT, digitalocean);
export const nomadStandin = serve(NOMAD_PORT, nomad);
export const dockerStandin = serve(DOCKER_PORT, docker);
