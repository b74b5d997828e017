// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - A self-hosted Coolify instance's API (`/api/v1`, Laravel) for @felixallistar/coolify-mcp: version, servers,
//   server domains, projects, applications, deployments, deploy; errors `{"message": …}` (with `errors` on 422)
//   as Coolify's controllers and Laravel's middleware answer them. COOLIFY_API_URL points the server at a plain
//   loopback listener.
// - Vercel's REST API (`api.vercel.com`: domains, domain config, DNS records, project domains) for
//   @mistertk/vercel-mcp, through @vercel/sdk; errors in Vercel's envelope `{"error":{"code","message",…}}`. The
//   host is written into the SDK: its own forward proxy, reached through the group's proxy-preload.mjs.
// - The registries' RDAP services (Verisign for .com/.net, Google Registry for .dev/.app, Identity Digital for
//   .io and others: RFC 9083 domain objects, and Verisign's bodiless 404 for a name that is not registered) and
//   GoDaddy's public endpoint for domain-search-mcp. Its hosts are written into it: a third forward proxy (axios
//   follows HTTPS_PROXY; its Node fetch calls go through proxy-preload.mjs).
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import path from "node:path";
import {
  certificate,
  clearTimers,
  forwardProxy,
  httpStandin,
  json,
  later,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r25-a";
export const CERT = path.join(DATA, "standin-cert.pem");

export const COOLIFY_PORT = 41650;
export const VERCEL_PROXY_PORT = 41651;
export const DOMAINS_PROXY_PORT = 41652;

const HOSTS = [
  "api.vercel.com",
  "rdap.verisign.com",
  "rdap.nic.google",
  "rdap.nic.io",
  "rdap.nic.co",
  "rdap.nic.ai",
  "api.godaddy.com",
  "data.iana.org",
];
export const ensureCertificate = (): Certificate => certificate(DATA, HOSTS);

export const state = {
  cfyRevoked: false,
  cfyIpDenied: false,
  cfyRateLimited: false,
  cfyServerError: false,
  cfyBadGateway: false,
  vdnInvalidToken: false,
  vdnRateLimited: false,
  vdnServerError: false,
  vdnBadGateway: false,
  rdapRateLimited: false,
  /** Google Registry's RDAP (.dev, .app) answers a 503 maintenance page; the other registries answer. */
  rdapUnavailable: false,
};

/** Hosts a stand-in was asked for that it does not answer (written to the log, for the README). */
export const unknownRequests: string[] = [];

const HTML_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx</center>
</body>
</html>
`;

// ------------------------------------------------------------------------------------------------ Coolify

export const COOLIFY_TOKEN = "3|kQf8vN2xLp7RtY4wZc9mHs6dJb1gAe5uXo0iTn3v";
export const CFY_SERVER = "rg4c0kw8cs0wgk8ocwko0gsc";
export const CFY_SERVER_BUSY = "ugw0s8kk4sgs0wswc8wcg44o";
export const CFY_SERVER_MISSING = "zz9y8x7w6v5u4t3s2r1q0p9o";
export const CFY_PROJECT = "hsk08co4gco4kc0wo8ws0cgs";
export const CFY_APP = "t0wg4s0kcwk8s4k4gc8wws8c";
export const CFY_APP_SHOP = "m8kcs48g0ooscgc0s4kkwsk0";
export const CFY_APP_MISSING = "q1w2e3r4t5y6u7i8o9p0asdf";
export const CFY_APP_SLOW = "s1o2w3s4l5o6w7s8l9o0wabc";

const cfyServer = (uuid: string, name: string, ip: string, description: string) => ({
  uuid,
  name,
  description,
  ip,
  user: "root",
  port: 22,
  is_reachable: true,
  is_usable: true,
  settings: {
    id: uuid === CFY_SERVER ? 1 : 2,
    concurrent_builds: 2,
    dynamic_timeout: 3600,
    force_disabled: false,
    is_build_server: false,
    is_cloudflare_tunnel: false,
    is_jump_server: false,
    is_logdrain_custom_enabled: false,
    is_metrics_enabled: false,
    is_reachable: true,
    is_sentinel_enabled: false,
    is_swarm_manager: false,
    is_swarm_worker: false,
    is_usable: true,
    wildcard_domain: "https://apps.northwind-studio.dev",
    server_id: uuid === CFY_SERVER ? 0 : 1,
    created_at: "2026-03-02T09:14:51.000000Z",
    updated_at: "2026-11-28T17:40:12.000000Z",
  },
});

const CFY_SERVERS = [
  cfyServer(
    CFY_SERVER,
    "localhost",
    "host.docker.internal",
    "This is the server where Coolify is running on. Don't delete this!",
  ),
  cfyServer(CFY_SERVER_BUSY, "hetzner-fsn1-web", "168.119.52.214", "Production web node (Falkenstein)"),
];

const cfyApp = (uuid: string, name: string, fqdn: string, status: string, repo: string) => ({
  uuid,
  name,
  description: null,
  fqdn,
  git_repository: repo,
  git_branch: "main",
  git_commit_sha: "HEAD",
  build_pack: "nixpacks",
  ports_exposes: "3000",
  status,
  destination_type: "App\\Models\\StandaloneDocker",
  health_check_enabled: true,
  health_check_path: "/",
  limits_memory: "0",
  limits_cpus: "0",
  redirect: "both",
  created_at: "2026-06-11T12:03:27.000000Z",
  updated_at: "2026-12-05T08:22:41.000000Z",
});

const CFY_APPS = [
  cfyApp(
    CFY_APP,
    "northwind-docs",
    "https://docs.northwind-studio.dev",
    "running:healthy",
    "northwind/docs-site",
  ),
  cfyApp(
    CFY_APP_SHOP,
    "northwind-shop",
    "https://shop.northwind-studio.dev,https://www.northwind-shop.com",
    "running:healthy",
    "northwind/storefront",
  ),
];

function coolifyHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const p = url.pathname.replace(/^\/api\/v1/, "");
  const method = req.method ?? "GET";
  // Coolify sits behind its Traefik/nginx front in most installs.
  if (state.cfyBadGateway) return text(res, 502, HTML_502, "text/html");
  if (req.headers.authorization !== `Bearer ${COOLIFY_TOKEN}`) {
    return json(res, 401, { message: "Unauthenticated." });
  }
  // Sanctum: a token that was deleted in Keys & Tokens.
  if (state.cfyRevoked) return json(res, 401, { message: "Unauthenticated." });
  // The instance's API allow-list (Settings → Allowed IPs) does not include the caller (coolify#4099).
  if (state.cfyIpDenied) {
    return json(res, 403, { success: true, message: "You are not allowed to access the API." });
  }
  if (state.cfyRateLimited) {
    return json(
      res,
      429,
      { message: "Too Many Attempts." },
      { "retry-after": "42", "x-ratelimit-limit": "200", "x-ratelimit-remaining": "0" },
    );
  }
  if (state.cfyServerError) return json(res, 500, { message: "Server Error" });

  if (p === "/version") return text(res, 200, "4.0.0-beta.420.6", "text/html; charset=UTF-8");
  if (p === "/servers" && method === "GET") return json(res, 200, CFY_SERVERS);
  let m = p.match(/^\/servers\/([^/]+)\/domains$/);
  if (m) {
    return json(res, 200, [
      {
        ip: "168.119.52.214",
        domains: ["docs.northwind-studio.dev", "shop.northwind-studio.dev", "www.northwind-shop.com"],
      },
    ]);
  }
  m = p.match(/^\/servers\/([^/]+)$/);
  if (m) {
    const server = CFY_SERVERS.find((s) => s.uuid === m![1]);
    if (!server) return json(res, 404, { message: "Server not found." });
    if (method === "DELETE") {
      if (server.uuid === CFY_SERVER_BUSY) {
        return json(res, 400, { message: "Server has resources, so you need to delete them before." });
      }
      return json(res, 400, { message: "Local server cannot be deleted." });
    }
    return json(res, 200, server);
  }
  if (p === "/projects") {
    return json(res, 200, [
      { id: 1, uuid: CFY_PROJECT, name: "northwind", description: "Public sites and the shop" },
      { id: 2, uuid: "o8c4wk0sgg44gkcoc0kw4gsk", name: "internal-tools", description: null },
    ]);
  }
  if (p === "/databases") return json(res, 200, []);
  if (p === "/applications" && method === "GET") return json(res, 200, CFY_APPS);
  m = p.match(/^\/applications\/([^/]+)(\/[a-z]+)?$/);
  if (m) {
    const uuid = m[1];
    if (uuid === CFY_APP_SLOW) return later(15_000, () => json(res, 200, CFY_APPS[0]));
    const app = CFY_APPS.find((a) => a.uuid === uuid);
    if (!app) return json(res, 404, { message: "Application not found." });
    if (m[2] === "/restart") {
      return json(res, 200, {
        message: "Restart request queued.",
        deployment_uuid: "ow0gkw8ok4cwc4oo0kkogo8w",
      });
    }
    if (method === "PATCH") {
      const fields = Object.keys(JSON.parse(body || "{}"));
      const allowed = ["name", "description", "domains", "git_branch", "ports_exposes", "health_check_path"];
      const extra = fields.filter((f) => !allowed.includes(f));
      if (extra.length) {
        return json(res, 422, {
          message: "Validation failed.",
          errors: Object.fromEntries(extra.map((f) => [f, ["This field is not allowed."]])),
        });
      }
      return json(res, 200, { uuid });
    }
    return json(res, 200, app);
  }
  m = p.match(/^\/deployments\/applications\/([^/]+)$/);
  if (m) {
    return json(res, 200, [
      {
        id: 412,
        application_id: "3",
        deployment_uuid: "kc8gwsw0o4s84k0w8gc4k0cg",
        pull_request_id: 0,
        force_rebuild: false,
        commit: "9f2c1e7",
        status: "finished",
        is_webhook: true,
        is_api: false,
        created_at: "2026-12-05T08:20:02.000000Z",
        updated_at: "2026-12-05T08:22:41.000000Z",
        logs: null,
        current_process_id: null,
        restart_only: false,
        git_type: null,
        server_id: 2,
        application_name: "northwind-docs",
        server_name: "hetzner-fsn1-web",
        deployment_url:
          "/project/hsk08co4gco4kc0wo8ws0cgs/production/application/t0wg4s0kcwk8s4k4gc8wws8c/deployment/kc8gwsw0o4s84k0w8gc4k0cg",
        destination_id: "1",
        only_this_server: false,
        rollback: false,
        commit_message: "docs: DNS setup guide for custom domains",
      },
    ]);
  }
  if (p === "/deployments") return json(res, 200, []);
  if (p === "/deploy") {
    const uuid = url.searchParams.get("uuid") ?? "";
    const app = CFY_APPS.find((a) => a.uuid === uuid);
    if (!app) return json(res, 404, { message: "No resources found." });
    return json(res, 200, {
      deployments: [
        {
          message: `Application ${app.name} deployment queued.`,
          resource_uuid: uuid,
          deployment_uuid: "w04gc0k8g8ow4wc0s0o4ccsk",
        },
      ],
    });
  }
  unknownRequests.push(`coolify ${method} ${p}`);
  return json(res, 404, { message: "Not found." });
}

export const coolifyStandin = httpStandin(COOLIFY_PORT, coolifyHandler);

// ------------------------------------------------------------------------------------------------- Vercel

export const VERCEL_TOKEN = "vcp_7Hq2LmX9rT4kNw8bZs3fYd6pJc1vGa5eUo0i";
export const VDN_DOMAIN = "northwind-studio.dev";
export const VDN_DOMAIN_QUIET = "northwind-labs.com";
export const VDN_DOMAIN_MISSING = "northwind-studio.io";
export const VDN_DOMAIN_FOREIGN = "acme-corp.com";
export const VDN_DOMAIN_SLOW = "northwind-archive.net";
export const VDN_PROJECT = "prj_5xKq9TzW2mLd7RvN3bYc8HsF";
export const VDN_RECORD = "rec_6d1f9b2c4e8a7f3b0c5d2e91";

const creator = {
  customerId: null,
  email: "ops@northwind-studio.dev",
  id: "Xb7kQ2mN9pLw4RtY6sZc1Vd3",
  username: "northwind-ops",
};

const vercelDomain = (name: string, id: string, serviceType: string, verified: boolean) => ({
  boughtAt: 1710842211000,
  createdAt: 1710842211000,
  creator,
  customNameservers: [],
  echMode: "auto",
  expiresAt: 1773914211000,
  id,
  intendedNameservers: ["ns1.vercel-dns.com", "ns2.vercel-dns.com"],
  name,
  nameservers:
    serviceType === "zeit.world"
      ? ["ns1.vercel-dns.com", "ns2.vercel-dns.com"]
      : ["dns1.registrar-servers.com", "dns2.registrar-servers.com"],
  renew: true,
  serviceType,
  teamId: "team_Nw4Pq8Rz2Lm6Ks9Tb3Yc7Vd",
  transferredAt: null,
  userId: creator.id,
  verified,
});

const VERCEL_DOMAINS = [
  vercelDomain(VDN_DOMAIN, "dom_3Fh8Kq2Lz9Xw", "zeit.world", true),
  vercelDomain(VDN_DOMAIN_QUIET, "dom_7Tn4Wb6Yc1Rv", "zeit.world", true),
  vercelDomain(VDN_DOMAIN_SLOW, "dom_9Pd2Mz5Qa8Ks", "external", false),
];

const rec = (id: string, name: string, type: string, value: string, extra: Record<string, unknown> = {}) => ({
  created: 1711020512000,
  createdAt: 1711020512000,
  creator: creator.id,
  id,
  name,
  slug: `${name ? `${name}.` : ""}${VDN_DOMAIN}-${type.toLowerCase()}`,
  ttl: 60,
  type,
  updated: 1733411980000,
  updatedAt: 1733411980000,
  value,
  ...extra,
});

const VERCEL_RECORDS = [
  rec("rec_1a7c3e9f5b2d8a6c4e0f1b3d", "", "ALIAS", "cname.vercel-dns-017.com."),
  rec("rec_2b8d4f0a6c3e9b7d5f1a2c4e", "www", "CNAME", "cname.vercel-dns-017.com."),
  rec("rec_3c9e5a1b7d4f0c8e6a2b3d5f", "", "MX", "mx1.improvmx.com.", { mxPriority: 10 }),
  rec("rec_4d0f6b2c8e5a1d9f7b3c4e6a", "", "TXT", "v=spf1 include:spf.improvmx.com ~all"),
  rec(VDN_RECORD, "staging", "A", "168.119.52.214", { comment: "old staging box" }),
];

const vercelError = (
  res: http.ServerResponse,
  status: number,
  error: Record<string, unknown>,
  headers: Record<string, string> = {},
) => json(res, status, { error }, headers);

function vercelHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const p = url.pathname;
  const method = req.method ?? "GET";
  if (url.host !== "api.vercel.com") {
    unknownRequests.push(`vercel-proxy ${method} ${url.host}${p}`);
    return text(res, 502, "unknown host");
  }
  if (req.headers.authorization !== `Bearer ${VERCEL_TOKEN}`) {
    return vercelError(res, 403, { code: "forbidden", message: "Not authorized", invalidToken: true });
  }
  if (state.vdnInvalidToken) {
    return vercelError(res, 403, { code: "forbidden", message: "Not authorized", invalidToken: true });
  }
  if (state.vdnRateLimited) {
    const reset = Math.floor(Date.now() / 1000) + 37;
    return vercelError(
      res,
      429,
      {
        code: "rate_limited",
        message: "Rate limit exceeded",
        limit: { remaining: 0, reset, resetMs: reset * 1000, total: 200 },
      },
      {
        "x-ratelimit-limit": "200",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": String(reset),
        "retry-after": "37",
      },
    );
  }
  if (state.vdnServerError) {
    return vercelError(res, 500, {
      code: "internal_server_error",
      message: "An unexpected internal error occurred",
    });
  }
  if (state.vdnBadGateway) {
    return text(
      res,
      502,
      "<!DOCTYPE html><html><head><title>502: BAD_GATEWAY</title></head><body><h1>502: BAD_GATEWAY</h1><p>Code: <code>BAD_GATEWAY</code></p><p>ID: <code>fra1::4rq7x-1765101202411-9c2d7e1f0a3b</code></p></body></html>",
      "text/html; charset=utf-8",
    );
  }

  if (p === "/v5/domains" && method === "GET") {
    return json(res, 200, {
      domains: VERCEL_DOMAINS,
      pagination: { count: VERCEL_DOMAINS.length, next: null, prev: null },
    });
  }
  let m = p.match(/^\/v6\/domains\/([^/]+)\/config$/);
  if (m) {
    if (m[1] === VDN_DOMAIN_FOREIGN) {
      return vercelError(res, 403, {
        code: "forbidden",
        message: "You don't have permission to access this domain.",
      });
    }
    return json(res, 200, {
      acceptedChallenges: ["dns-01", "http-01"],
      configuredBy: m[1] === VDN_DOMAIN ? "A" : null,
      misconfigured: m[1] !== VDN_DOMAIN,
      recommendedCNAME: [{ rank: 1, value: "cname.vercel-dns-017.com." }],
      recommendedIPv4: [{ rank: 1, value: ["216.198.79.1"] }],
    });
  }
  m = p.match(/^\/v5\/domains\/([^/]+)\/records$/);
  if (m) {
    const name = decodeURIComponent(m[1] ?? "");
    if (name === VDN_DOMAIN) {
      return json(res, 200, {
        records: VERCEL_RECORDS,
        pagination: { count: VERCEL_RECORDS.length, next: null, prev: null },
      });
    }
    if (name === VDN_DOMAIN_QUIET)
      return json(res, 200, { records: [], pagination: { count: 0, next: null, prev: null } });
    return vercelError(res, 404, { code: "not_found", message: "Domain not found" });
  }
  m = p.match(/^\/v2\/domains\/([^/]+)\/records$/);
  if (m && method === "POST") {
    const record = JSON.parse(body || "{}") as Record<string, unknown>;
    if (record.type === "A" && !/^\d{1,3}(\.\d{1,3}){3}$/.test(String(record.value ?? ""))) {
      return vercelError(res, 400, {
        code: "invalid_value",
        message: `Invalid request: \`value\` should be a valid IPv4 address.`,
      });
    }
    if (record.type === "CNAME" && record.name === "www") {
      return vercelError(res, 409, {
        code: "conflict",
        message: `A conflicting record exists "www.${VDN_DOMAIN}" (CNAME).`,
        oldId: "rec_2b8d4f0a6c3e9b7d5f1a2c4e",
      });
    }
    return json(res, 200, { uid: "rec_8f4a2c6e0b9d7f1a3c5e7b92" });
  }
  m = p.match(/^\/v2\/domains\/([^/]+)\/records\/([^/]+)$/);
  if (m && method === "DELETE") {
    if (m[2] !== VDN_RECORD)
      return vercelError(res, 404, { code: "not_found", message: "DNS record not found" });
    return json(res, 200, {});
  }
  m = p.match(/^\/v5\/domains\/([^/]+)$/);
  if (m) {
    const name = decodeURIComponent(m[1] ?? "");
    if (name === VDN_DOMAIN_SLOW) return later(15_000, () => json(res, 200, { domain: VERCEL_DOMAINS[2] }));
    const domain = VERCEL_DOMAINS.find((d) => d.name === name);
    if (!domain) return vercelError(res, 404, { code: "not_found", message: "Domain not found" });
    return json(res, 200, { domain });
  }
  m = p.match(/^\/v10\/projects\/([^/]+)\/domains$/);
  if (m && method === "POST") {
    const add = JSON.parse(body || "{}") as Record<string, unknown>;
    if (add.name === `www.${VDN_DOMAIN_FOREIGN}`) {
      return vercelError(res, 409, {
        code: "domain_already_in_use",
        message: `Cannot add www.${VDN_DOMAIN_FOREIGN} since it's already in use by another project.`,
        domain: { name: `www.${VDN_DOMAIN_FOREIGN}` },
      });
    }
  }
  unknownRequests.push(`vercel ${method} ${p}`);
  return vercelError(res, 404, { code: "not_found", message: "The requested path was not found" });
}

export const vercelStandin = forwardProxy(VERCEL_PROXY_PORT, ensureCertificate, vercelHandler);

// ------------------------------------------------------------------------------------ RDAP and GoDaddy

/** Names the registries hold (ldh, lower case) — anything else is not registered. */
const REGISTERED: Record<
  string,
  { registrar: string; ianaId: string; created: string; expires: string; ns: string[] }
> = {
  "northwind.com": {
    registrar: "GoDaddy.com, LLC",
    ianaId: "146",
    created: "1999-04-12T17:21:09Z",
    expires: "2027-04-12T17:21:09Z",
    ns: ["NS51.DOMAINCONTROL.COM", "NS52.DOMAINCONTROL.COM"],
  },
  "northwind.io": {
    registrar: "NameCheap, Inc.",
    ianaId: "1068",
    created: "2016-08-30T11:02:44Z",
    expires: "2027-08-30T11:02:44Z",
    ns: ["dns1.registrar-servers.com", "dns2.registrar-servers.com"],
  },
  "tidepool.com": {
    registrar: "MarkMonitor Inc.",
    ianaId: "292",
    created: "2003-02-18T20:11:37Z",
    expires: "2028-02-18T20:11:37Z",
    ns: ["A1-12.AKAM.NET", "A9-66.AKAM.NET"],
  },
};

function rdapDomain(host: string, name: string) {
  const r = REGISTERED[name]!;
  const upper = host === "rdap.verisign.com";
  const ldh = upper ? name.toUpperCase() : name;
  return {
    objectClassName: "domain",
    handle: upper
      ? `2${name.length}48${r.ianaId}_DOMAIN_COM-VRSN`
      : `D${r.ianaId}0${name.length}-${(name.split(".")[1] ?? "").toUpperCase()}`,
    ldhName: ldh,
    links: [
      {
        value: `https://${host}/com/v1/domain/${ldh}`,
        rel: "self",
        href: `https://${host}/com/v1/domain/${ldh}`,
        type: "application/rdap+json",
      },
    ],
    status: ["client delete prohibited", "client transfer prohibited", "client update prohibited"],
    entities: [
      {
        objectClassName: "entity",
        handle: r.ianaId,
        roles: ["registrar"],
        publicIds: [{ type: "IANA Registrar ID", identifier: r.ianaId }],
        vcardArray: [
          "vcard",
          [
            ["version", {}, "text", "4.0"],
            ["fn", {}, "text", r.registrar],
          ],
        ],
      },
    ],
    events: [
      { eventAction: "registration", eventDate: r.created },
      { eventAction: "expiration", eventDate: r.expires },
      { eventAction: "last changed", eventDate: "2026-03-19T08:44:02Z" },
      { eventAction: "last update of RDAP database", eventDate: "2026-12-07T01:02:33Z" },
    ],
    secureDNS: { delegationSigned: false },
    nameservers: r.ns.map((ns) => ({ objectClassName: "nameserver", ldhName: ns })),
    rdapConformance: [
      "rdap_level_0",
      "icann_rdap_technical_implementation_guide_1",
      "icann_rdap_response_profile_1",
    ],
    notices: [
      {
        title: "Terms of Use",
        description: ["Service subject to Terms of Use."],
        links: [
          {
            href: "https://www.verisign.com/domain-names/registration-data-access-protocol/terms-service/index.xhtml",
            type: "text/html",
          },
        ],
      },
    ],
  };
}

function domainsHandler(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  const host = url.host;
  const p = url.pathname;
  if (host === "api.godaddy.com") {
    // GoDaddy's public endpoint is only reached when RDAP failed; its documented 429 envelope.
    return json(
      res,
      429,
      { code: "TOO_MANY_REQUESTS", message: "Too many requests", retryAfterSec: 30 },
      { "retry-after": "30" },
    );
  }
  if (host === "data.iana.org") {
    return json(res, 200, {
      description: "RDAP bootstrap file for Domain Name System registrations",
      publication: "2026-12-04T19:00:01Z",
      services: [
        [["com", "net"], ["https://rdap.verisign.com/com/v1/"]],
        [["dev", "app"], ["https://rdap.nic.google/"]],
        [["io", "ai", "co", "sh"], ["https://rdap.identitydigital.services/rdap/"]],
      ],
      version: "1.0",
    });
  }
  if (host.startsWith("rdap.")) {
    if (state.rdapRateLimited) {
      return json(
        res,
        429,
        {
          errorCode: 429,
          title: "Too Many Requests",
          description: ["Query rate limit exceeded. Try again later."],
        },
        { "retry-after": "60", "content-type": "application/rdap+json" },
      );
    }
    if (state.rdapUnavailable && host === "rdap.nic.google") {
      return text(res, 503, HTML_503, "text/html");
    }
    const m = p.match(/\/domain\/([^/]+)$/);
    if (m) {
      const name = decodeURIComponent(m[1] ?? "").toLowerCase();
      if (REGISTERED[name]) {
        return json(res, 200, rdapDomain(host, name), { "content-type": "application/rdap+json" });
      }
      if (host === "rdap.verisign.com") {
        // Verisign answers a name it does not hold with a bodiless 404.
        res.writeHead(404, { "content-type": "application/rdap+json" });
        return res.end();
      }
      return json(
        res,
        404,
        {
          rdapConformance: ["rdap_level_0"],
          errorCode: 404,
          title: "Not Found",
          description: ["The requested domain was not found."],
        },
        { "content-type": "application/rdap+json" },
      );
    }
  }
  unknownRequests.push(`domains-proxy ${req.method} ${host}${p}`);
  res.destroy();
}

const HTML_503 = `<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">
<html><head>
<title>503 Service Unavailable</title>
</head><body>
<h1>Service Unavailable</h1>
<p>The server is temporarily unable to service your
request due to maintenance downtime or capacity
problems. Please try again later.</p>
</body></html>
`;

export const domainsStandin = forwardProxy(DOMAINS_PROXY_PORT, ensureCertificate, domainsHandler);

export const ALL_STANDINS = [coolifyStandin, vercelStandin, domainsStandin];
