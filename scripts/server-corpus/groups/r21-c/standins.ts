// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies
// and error bodies:
// - bunny.net's core API (`api.bunny.net`: /user, /pullzone…, /statistics, /dnszone, /region, /country,
//   /billing, /search, /storagezone) and its origin-error log API (`cdn-origin-logging.bunny.net`) for
//   bunnycdn-mcp: JSON bodies in bunny.net's PascalCase shapes, errors `{"ErrorKey","Field","Message"}`, and
//   the ASP.NET `{"Message":"Authorization has been denied for this request."}` / `{"Message":"An error has
//   occurred."}` bodies of its .NET API;
// - Vercel's REST API (`api.vercel.com`: /v9/projects, /v6/deployments, /v10/projects/…/env, /v5/domains…,
//   /v2/teams, /v1/edge-config…) for @robinson_ai_systems/vercel-mcp, errors `{"error":{"code","message",…}}`
//   and Vercel's plain-text edge error pages ("502: BAD_GATEWAY");
// - Tencent EdgeOne Pages' MCP endpoints (`mcp.edgeone.site/get_base_url`, then the upload URL it names) for
//   edgeone-pages-mcp.
//
// Every server has its hosts written into it; each has its own forward proxy (standin-kit's `forwardProxy`):
// axios (bunny) sends absolute-form requests to HTTPS_PROXY, Node's fetch (Vercel, EdgeOne) is routed through
// the proxy by proxy-preload.mjs and tunnels with CONNECT, terminated with the stand-in certificate. Stopping
// one proxy refuses connections for that server alone. `state` is switched by the sessions' hooks.

import type http from "node:http";
import path from "node:path";
import {
  certificate,
  clearTimers,
  forwardProxy,
  json,
  later,
  parse,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r21-c";
export const CERT = path.join(DATA, "standin-cert.pem");

export const BUNNY_PROXY_PORT = 41150;
export const VERCEL_PROXY_PORT = 41151;
export const EDGEONE_PROXY_PORT = 41152;

export const BUNNY_KEY = "7c1e5a9d-3f2b-4e8a-9d61-0b5c2f7e4a18a3c9e1f0-6b2d-4f7a-8e35-1d9c0b6a2f47";
/** The key of a closed bunny.net account: /user answers null, everything else 401. */
export const BUNNY_CLOSED_KEY = "0f9e8d7c-6b5a-4938-2716-05f4e3d2c1b0e9d8c7b6-a5f4-4e3d-2c1b-0a9f8e7d6c5b";
export const VERCEL_TOKEN = "vck_4Qm8Zt2Lp6Rx9Wc3Nv7Bh1Jk5Sd0Fg2Ty8Ui4Oa6Pe";

const HOSTS = ["api.bunny.net", "cdn-origin-logging.bunny.net", "api.vercel.com", "mcp.edgeone.site"];

export const state = {
  bunnyRateLimited: false,
  bunnyServerError: false,
  bunnyBadGateway: false,
  bunnyUnavailable: false,
  vercelTokenInvalid: false,
  vercelRateLimited: false,
  vercelServerError: false,
  vercelBadGateway: false,
  eoRateLimited: false,
  eoForbidden: false,
  eoServerError: false,
  eoBadGateway: false,
  eoUnavailable: false,
  eoHtmlBaseUrl: false,
  eoNoUrl: false,
};

let cert: Certificate | undefined;
export function ensureCertificate(): Certificate {
  cert ??= certificate(DATA, HOSTS);
  return cert;
}

// ------------------------------------------------------------------------------------------- bunny.net

export const PULL_ZONE_ID = 1684203;
export const DELETABLE_PULL_ZONE_ID = 1684207;
export const MISSING_PULL_ZONE_ID = 999731;
export const TAKEN_HOSTNAME = "cdn.acme-shop.example";

function pullZone(id: number, name: string, origin: string, extra: Record<string, unknown> = {}) {
  return {
    Id: id,
    Name: name,
    OriginUrl: origin,
    Enabled: true,
    Suspended: false,
    Hostnames: [
      {
        Id: id * 10 + 1,
        Value: `${name}.b-cdn.net`,
        ForceSSL: true,
        IsSystemHostname: true,
        HasCertificate: true,
      },
    ],
    StorageZoneId: 0,
    EnableGeoZoneUS: true,
    EnableGeoZoneEU: true,
    EnableGeoZoneASIA: true,
    EnableGeoZoneSA: false,
    EnableGeoZoneAF: false,
    CacheControlMaxAgeOverride: -1,
    EnableOriginShield: true,
    OriginShieldZoneCode: "FR",
    MonthlyBandwidthUsed: 48213775321,
    MonthlyCharges: 0.48,
    Type: 0,
    EdgeRules: [],
    ...extra,
  };
}

const PULL_ZONES = [
  pullZone(PULL_ZONE_ID, "acme-shop-assets", "https://origin.acme-shop.example"),
  pullZone(1684205, "acme-shop-media", "https://media-origin.acme-shop.example", { MonthlyCharges: 2.17 }),
  pullZone(DELETABLE_PULL_ZONE_ID, "acme-shop-old", "https://old.acme-shop.example", { Enabled: false }),
];

function bunnyError(
  res: http.ServerResponse,
  status: number,
  key: string,
  field: string,
  message: string,
  headers: Record<string, string> = {},
) {
  json(res, status, { ErrorKey: key, Field: field, Message: message }, headers);
}

const BUNNY_502 = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>502 Bad Gateway | bunny.net</title></head>
<body>
<div class="error-container">
<h1>502</h1>
<h2>Bad Gateway</h2>
<p>The server encountered a temporary error and could not complete your request.</p>
<p class="details">Request ID: 8f3a1c27d94e4b06 &middot; Server: BunnyCDN-DE1-1052</p>
</div>
</body>
</html>`;

function bunnyHandler(req: http.IncomingMessage, url: URL, raw: string, res: http.ServerResponse) {
  const key = req.headers["accesskey"];
  const p = url.pathname;
  const method = req.method ?? "GET";
  if (url.hostname === "cdn-origin-logging.bunny.net") {
    const m = /^\/(\d+)\/(\d{2}-\d{2}-\d{4})$/.exec(p);
    if (!m) return bunnyError(res, 404, "not_found", "", "Not found");
    return json(res, 200, {
      Logs: [
        {
          Timestamp: 1764932411000,
          Log: "http_timeout: Origin did not respond within 60 seconds (GET /catalog/feed.xml)",
          ErrorCode: "http_timeout",
          ServerId: "DE1-1052",
          Url: "https://acme-shop-assets.b-cdn.net/catalog/feed.xml",
        },
        {
          Timestamp: 1764939802000,
          Log: "http_request_failure: Origin returned 503 Service Unavailable (GET /img/hero-winter.webp)",
          ErrorCode: "http_request_failure",
          ServerId: "NY-812",
          Url: "https://acme-shop-assets.b-cdn.net/img/hero-winter.webp",
        },
        {
          Timestamp: 1764951245000,
          Log: "dns_lookup: Failed to resolve origin hostname origin.acme-shop.example",
          ErrorCode: "dns_lookup",
          ServerId: "SG-301",
          Url: "https://acme-shop-assets.b-cdn.net/js/app.7f2c.js",
        },
      ],
    });
  }
  if (key === BUNNY_CLOSED_KEY) {
    if (p === "/user") return text(res, 200, "null", "application/json; charset=utf-8");
    return json(res, 401, { Message: "Authorization has been denied for this request." });
  }
  if (key !== BUNNY_KEY)
    return json(res, 401, { Message: "Authorization has been denied for this request." });
  if (p === "/search") return later(15_000, () => json(res, 200, { Total: 0, Items: [] }));
  if (state.bunnyServerError) return json(res, 500, { Message: "An error has occurred." });
  if (state.bunnyBadGateway) return text(res, 502, BUNNY_502, "text/html; charset=utf-8");
  if (state.bunnyUnavailable)
    return text(
      res,
      503,
      '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN""http://www.w3.org/TR/html4/strict.dtd">\r\n<HTML><HEAD><TITLE>Service Unavailable</TITLE>\r\n<META HTTP-EQUIV="Content-Type" Content="text/html; charset=us-ascii"></HEAD>\r\n<BODY><h2>Service Unavailable</h2>\r\n<hr><p>HTTP Error 503. The service is unavailable.</p>\r\n</BODY></HTML>\r\n',
      "text/html; charset=us-ascii",
    );

  if (p === "/user")
    return json(res, 200, {
      Id: "b6f0c1d2-8e4a-4f3b-9c27-5a1d0e6f3b84",
      Email: "ops@acme-shop.example",
      FirstName: "Ilse",
      LastName: "Vermeulen",
      Balance: 41.73,
      BillingType: 0,
      TrialBalance: 0,
      StorageZonesCount: 2,
      PullZonesCount: 3,
      DnsZonesCount: 1,
      TwoFactorAuthEnabled: true,
      Roles: ["Admin"],
    });
  if (p === "/pullzone" && method === "GET") {
    const search = url.searchParams.get("search");
    return json(res, 200, search ? PULL_ZONES.filter((z) => z.Name.includes(search)) : PULL_ZONES);
  }
  const pz = /^\/pullzone\/(\d+)(?:\/(purgeCache|addHostname|removeHostname))?$/.exec(p);
  if (pz) {
    const id = Number(pz[1]);
    const zone = PULL_ZONES.find((z) => z.Id === id);
    if (!zone)
      return bunnyError(res, 404, "pullzone.not_found", "PullZone", "The requested Pull Zone was not found");
    if (pz[2] === "purgeCache") {
      if (state.bunnyRateLimited)
        return bunnyError(
          res,
          429,
          "pullzone.rate_limited",
          "PullZone",
          "Too many cache purge requests for this pull zone. Please try again later.",
          { "retry-after": "30" },
        );
      res.writeHead(204).end();
      return;
    }
    if (pz[2] === "addHostname") {
      const hostname = (parse(raw) as { Hostname?: string }).Hostname;
      if (hostname === TAKEN_HOSTNAME)
        return bunnyError(
          res,
          400,
          "pullzone.hostname_already_registered",
          "Hostname",
          "The hostname is already registered.",
        );
      res.writeHead(204).end();
      return;
    }
    if (method === "GET") return json(res, 200, zone);
    if (method === "DELETE") {
      res.writeHead(204).end();
      return;
    }
    if (method === "POST") return json(res, 200, { ...zone, ...parse(raw) });
  }
  if (p === "/statistics") {
    const from = url.searchParams.get("dateFrom") ?? "";
    const to = url.searchParams.get("dateTo") ?? "";
    if (from && to && Date.parse(to) - Date.parse(from) > 366 * 86_400_000)
      return bunnyError(
        res,
        200,
        "statistics.invalid_range",
        "DateFrom",
        "The requested statistics range is too large.",
      );
    return json(res, 200, {
      TotalBandwidthUsed: 9913822154,
      TotalOriginTraffic: 412388201,
      AverageOriginResponseTime: 87,
      OriginResponseTimeChart: {
        "2026-12-01T00:00:00Z": 91,
        "2026-12-02T00:00:00Z": 84,
        "2026-12-03T00:00:00Z": 86,
      },
      TotalRequestsServed: 18442017,
      CacheHitRate: 95.87,
      BandwidthUsedChart: {
        "2026-12-01T00:00:00Z": 3301922051,
        "2026-12-02T00:00:00Z": 3390211040,
        "2026-12-03T00:00:00Z": 3221689063,
      },
      Error3xxChart: {
        "2026-12-01T00:00:00Z": 1203,
        "2026-12-02T00:00:00Z": 1122,
        "2026-12-03T00:00:00Z": 1187,
      },
      Error4xxChart: {
        "2026-12-01T00:00:00Z": 22011,
        "2026-12-02T00:00:00Z": 20874,
        "2026-12-03T00:00:00Z": 21460,
      },
      Error5xxChart: { "2026-12-01T00:00:00Z": 31, "2026-12-02T00:00:00Z": 12, "2026-12-03T00:00:00Z": 9 },
    });
  }
  if (p === "/region")
    return json(res, 200, [
      {
        Id: 1,
        Name: "EU: Frankfurt, DE",
        PricePerGigabyte: 0.01,
        RegionCode: "DE",
        ContinentCode: "EU",
        CountryCode: "DE",
        Latitude: 50.11,
        Longitude: 8.68,
      },
      {
        Id: 2,
        Name: "NA: New York City, NY",
        PricePerGigabyte: 0.01,
        RegionCode: "NY",
        ContinentCode: "NA",
        CountryCode: "US",
        Latitude: 40.71,
        Longitude: -74.0,
      },
      {
        Id: 7,
        Name: "ASIA: Singapore, SG",
        PricePerGigabyte: 0.03,
        RegionCode: "SG",
        ContinentCode: "ASIA",
        CountryCode: "SG",
        Latitude: 1.35,
        Longitude: 103.82,
      },
    ]);
  if (p === "/country")
    return json(res, 200, [
      {
        Name: "Germany",
        IsoCode: "DE",
        IsEU: true,
        TaxRate: 19,
        TaxPrefix: "DE",
        FlagUrl: "https://bunnycdn.b-cdn.net/flags/de.png",
        PopList: ["DE", "DE-MUC"],
      },
      {
        Name: "Slovenia",
        IsoCode: "SI",
        IsEU: true,
        TaxRate: 22,
        TaxPrefix: "SI",
        FlagUrl: "https://bunnycdn.b-cdn.net/flags/si.png",
        PopList: ["SI"],
      },
    ]);
  if (p === "/billing")
    return json(res, 200, {
      Balance: 41.73,
      ThisMonthCharges: 3.12,
      BillingRecords: [],
      MonthlyChargesStorage: 0.47,
      MonthlyChargesEUTraffic: 2.21,
    });
  if (p === "/storagezone")
    return json(res, 200, [
      { Id: 512883, Name: "acme-shop-static", Region: "DE", StorageUsed: 2189331004, FilesStored: 18341 },
    ]);
  if (p === "/dnszone")
    return json(res, 200, { Items: [], CurrentPage: 1, TotalItems: 0, HasMoreItems: false });
  bunnyError(res, 404, "not_found", "", `No route for ${method} ${p}`);
}

// ------------------------------------------------------------------------------------------------ Vercel

export const PROJECT_ID = "prj_Xq2W8bN4mK7vR1tY5uP9sL3d";
export const SLOW_DEPLOYMENT = "dpl_9ZsLoWmQ1xT4yB7nE2cF5hJ8";
export const DEPLOYMENT_ID = "dpl_4HcMv8RtQ2nW6xZ1bK9pL3sA";
export const EDGE_CONFIG_ID = "ecfg_t7rq2mzx9v4kbn1wdy6sh3pc";
export const KV_STORE_ID = "store_aB3dE5fG7hJ9kL1m";
const TEAM_ID = "team_Rk2Lm9Qx4Tz7Wb1Vn5Cy8Hd3";

function vercelError(
  res: http.ServerResponse,
  status: number,
  error: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  json(res, status, { error }, headers);
}

const PROJECT = {
  id: PROJECT_ID,
  name: "acme-storefront",
  accountId: TEAM_ID,
  framework: "nextjs",
  nodeVersion: "20.x",
  createdAt: 1747389200117,
  updatedAt: 1764930012284,
  latestDeployments: [
    {
      id: DEPLOYMENT_ID,
      url: "acme-storefront-4hcmv8rtq.vercel.app",
      readyState: "READY",
      target: "production",
    },
  ],
  targets: { production: { id: DEPLOYMENT_ID, alias: ["shop.acme.example", "acme-storefront.vercel.app"] } },
  link: { type: "github", repo: "acme-storefront", org: "acme-shop", productionBranch: "main" },
};

function vercelHandler(req: http.IncomingMessage, url: URL, raw: string, res: http.ServerResponse) {
  const p = url.pathname;
  const method = req.method ?? "GET";
  if (req.headers.authorization !== `Bearer ${VERCEL_TOKEN}` || state.vercelTokenInvalid)
    return vercelError(res, 403, { code: "forbidden", message: "Not authorized", invalidToken: true });
  if (p.includes(SLOW_DEPLOYMENT)) return later(15_000, () => json(res, 200, {}));
  if (state.vercelRateLimited)
    return vercelError(
      res,
      429,
      {
        code: "rate_limited",
        message: "Rate limit exceeded",
        limit: { remaining: 0, reset: 1765049460, resetMs: 1765049460000, total: 100 },
      },
      {
        "retry-after": "60",
        "x-ratelimit-limit": "100",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": "1765049460",
      },
    );
  if (state.vercelServerError)
    return vercelError(res, 500, {
      code: "internal_server_error",
      message: "An unexpected internal error occurred",
    });
  if (state.vercelBadGateway)
    return text(
      res,
      502,
      "An error occurred with this application.\n\nBAD_GATEWAY\n\nfra1::iad1::8vq4m-1765049123456-5c0d3e2a1b9f\n",
      "text/plain; charset=utf-8",
      { "x-vercel-error": "BAD_GATEWAY", "x-vercel-id": "fra1::iad1::8vq4m-1765049123456-5c0d3e2a1b9f" },
    );

  if (p === "/v9/projects" && method === "GET")
    return json(res, 200, {
      projects: [
        PROJECT,
        {
          ...PROJECT,
          id: "prj_Lm5Nb7Vc9Xz1Qw3Er5Ty7Ui9",
          name: "acme-docs",
          framework: "astro",
          latestDeployments: [],
        },
      ],
      pagination: { count: 2, next: null, prev: null },
    });
  if (p === "/v9/projects" && method === "POST") {
    const body = parse(raw) as { name?: string };
    if (!/^[a-z0-9._-]{1,100}$/.test(body.name ?? "") || (body.name ?? "").includes("---"))
      return vercelError(res, 400, {
        code: "bad_request",
        message:
          "Project names can be up to 100 characters long and must be lowercase. They can include letters, digits, and the following characters: '.', '_', '-'. However, they cannot contain the sequence '---'.",
      });
    return vercelError(res, 403, {
      code: "forbidden",
      message: "You don't have permission to create the project.",
      action: "create",
      resource: "project",
      scope: "acme-shop",
    });
  }
  const proj = /^\/v9\/projects\/([^/]+)$/.exec(p);
  if (proj) {
    const id = decodeURIComponent(proj[1]!);
    if (id === PROJECT_ID || id === "acme-storefront") return json(res, 200, PROJECT);
    return vercelError(res, 404, { code: "not_found", message: "Project not found" });
  }
  if (p === "/v6/deployments") {
    if (url.searchParams.get("projectId") !== PROJECT_ID)
      return vercelError(res, 404, { code: "not_found", message: "Project not found" });
    if (url.searchParams.get("state") === "ERROR")
      return json(res, 200, { deployments: [], pagination: { count: 0, next: null, prev: null } });
    return json(res, 200, {
      deployments: [
        {
          uid: DEPLOYMENT_ID,
          name: "acme-storefront",
          url: "acme-storefront-4hcmv8rtq.vercel.app",
          created: 1764930012284,
          state: "READY",
          readyState: "READY",
          target: "production",
          meta: { githubCommitMessage: "Fix cart total rounding", githubCommitSha: "9b1e07c" },
        },
        {
          uid: "dpl_7YtRe2WqA5sD8fG1hJ4kL6zX",
          name: "acme-storefront",
          url: "acme-storefront-7ytre2wqa.vercel.app",
          created: 1764843600118,
          state: "READY",
          readyState: "READY",
          target: null,
          meta: { githubCommitMessage: "Preview: winter campaign banner", githubCommitSha: "c44a2f1" },
        },
      ],
      pagination: { count: 2, next: 1764843600117, prev: 1764930012285 },
    });
  }
  const events = /^\/v2\/deployments\/([^/]+)\/events$/.exec(p);
  if (events)
    return json(res, 200, [
      {
        type: "command",
        created: 1764929950112,
        payload: { text: 'Running "npm run build"', deploymentId: DEPLOYMENT_ID },
      },
      {
        type: "stdout",
        created: 1764929961220,
        payload: {
          text: "warn - Failed to load optional dependency 'sharp': Error: Cannot find module 'sharp' (falling back to squoosh)",
          deploymentId: DEPLOYMENT_ID,
        },
      },
      {
        type: "stdout",
        created: 1764929988003,
        payload: { text: "Route /api/checkout: 0 errors, 2 warnings", deploymentId: DEPLOYMENT_ID },
      },
      {
        type: "stdout",
        created: 1764930009571,
        payload: { text: "Build Completed in /vercel/output [48s]", deploymentId: DEPLOYMENT_ID },
      },
      {
        type: "deployment-state",
        created: 1764930012284,
        payload: { info: { readyState: "READY" }, deploymentId: DEPLOYMENT_ID },
      },
    ]);
  const env = /^\/v10\/projects\/([^/]+)\/env$/.exec(p);
  if (env && method === "POST") {
    const body = parse(raw) as { key?: string; target?: string[] };
    if (body.key === "DATABASE_URL")
      return vercelError(res, 400, {
        code: "ENV_ALREADY_EXISTS",
        message:
          "A variable with the name `DATABASE_URL` already exists for the target production on branch undefined",
        key: "DATABASE_URL",
        envVarId: "q8Wn3Rt5Yv7Ub9Io",
        envVarKey: "DATABASE_URL",
        action: "Update Environment Variable",
        link: `https://vercel.com/acme-shop/acme-storefront/settings/environment-variables#DATABASE_URL`,
      });
    return json(res, 201, {
      created: {
        type: "encrypted",
        key: body.key,
        target: body.target ?? ["production"],
        id: "Zx4Cv6Bn8Mq1Wr3T",
        createdAt: 1765049200331,
        updatedAt: 1765049200331,
      },
      failed: [],
    });
  }
  const domain = /^\/v10\/projects\/([^/]+)\/domains$/.exec(p);
  if (domain && method === "POST") {
    const name = (parse(raw) as { name?: string }).name;
    return vercelError(res, 409, {
      code: "domain_already_in_use",
      message: `Cannot add ${name} since it's already in use by your account.`,
      domain: { name, apexName: "acme.example", projectId: "prj_Lm5Nb7Vc9Xz1Qw3Er5Ty7Ui9" },
    });
  }
  if (p === "/v5/domains")
    return json(res, 200, {
      domains: [{ name: "acme.example", verified: true, serviceType: "external" }],
      pagination: { count: 1, next: null, prev: null },
    });
  if (/^\/v5\/domains\/[^/]+$/.test(p))
    return json(res, 200, { domain: { name: "acme.example", verified: true } });
  if (/^\/v4\/domains\/[^/]+\/records$/.test(p))
    return json(res, 200, { records: [], pagination: { count: 0 } });
  if (p === "/v2/teams")
    return json(res, 200, {
      teams: [{ id: TEAM_ID, slug: "acme-shop", name: "Acme Shop" }],
      pagination: { count: 1, next: null, prev: null },
    });
  if (p === `/v1/edge-config/${EDGE_CONFIG_ID}/items`)
    return json(res, 200, [
      {
        key: "maintenance",
        value: false,
        edgeConfigId: EDGE_CONFIG_ID,
        createdAt: 1762300001211,
        updatedAt: 1764930100020,
      },
      {
        key: "checkout_v2_rollout",
        value: 25,
        edgeConfigId: EDGE_CONFIG_ID,
        createdAt: 1762300001211,
        updatedAt: 1764842211003,
      },
      {
        key: "blocked_countries",
        value: ["KP", "IR"],
        edgeConfigId: EDGE_CONFIG_ID,
        createdAt: 1762300001211,
        updatedAt: 1763010000456,
      },
    ]);
  if (/^\/v1\/edge-config\/[^/]+\/items$/.test(p))
    return vercelError(res, 404, {
      code: "not_found",
      message: "Could not find the edge config: ecfg_missing.",
    });
  if (p === "/v1/webhooks") return json(res, 200, []);
  vercelError(res, 404, { code: "not_found", message: "The requested resource was not found" });
}

// ---------------------------------------------------------------------------------------- EdgeOne Pages

const EO_UPLOAD = "https://mcp.edgeone.site/kv/set";
let shareCounter = 0;
const SHARE_IDS = [
  "Qm3Xr8Tn2Lb6Vw9Ks4Pd7",
  "Hy5Jc1Zf8Ng3Rt6Wq0Bm2",
  "Ue7Ka4Sd9Lx2Pv5Mn8Gh1",
  "Fw2Eo6Ty3Bq8Zr1Xc5Nj4",
];

function eoStatus(
  res: http.ServerResponse,
  status: number,
  reason: string,
  headers: Record<string, string> = {},
) {
  // The server reports only `${status} ${statusText}`; the body is EdgeOne's plain-text error.
  res.statusMessage = reason;
  text(res, status, `${status} ${reason}`, "text/plain; charset=utf-8", headers);
}

const EO_MAINTENANCE = `<!DOCTYPE html>
<html lang="zh-CN">
<head><meta charset="utf-8"><title>EdgeOne Pages - Maintenance</title></head>
<body><main><h1>Service maintenance</h1><p>EdgeOne Pages is being upgraded. Please try again in a few minutes.</p></main></body>
</html>`;

function edgeoneHandler(req: http.IncomingMessage, url: URL, raw: string, res: http.ServerResponse) {
  const p = url.pathname;
  if (url.hostname !== "mcp.edgeone.site") return eoStatus(res, 404, "Not Found");
  if (p === "/get_base_url") {
    if (state.eoForbidden) return eoStatus(res, 403, "Forbidden");
    if (state.eoBadGateway) return eoStatus(res, 502, "Bad Gateway");
    if (state.eoHtmlBaseUrl) return text(res, 200, EO_MAINTENANCE, "text/html; charset=utf-8");
    return json(res, 200, { baseUrl: EO_UPLOAD });
  }
  if (p === "/kv/set" && req.method === "POST") {
    const value = (parse(raw) as { value?: string }).value ?? "";
    if (value.includes("<!-- slow -->"))
      return later(15_000, () => json(res, 200, { url: "https://mcp.edgeone.site/share/late" }));
    if (state.eoRateLimited) return eoStatus(res, 429, "Too Many Requests", { "retry-after": "60" });
    if (state.eoServerError) return eoStatus(res, 500, "Internal Server Error");
    if (state.eoUnavailable) return eoStatus(res, 503, "Service Unavailable");
    if (state.eoNoUrl) return json(res, 200, { code: 10003, message: "content rejected by security review" });
    if (!value.trim()) return eoStatus(res, 400, "Bad Request");
    if (value.length > 512 * 1024) return eoStatus(res, 413, "Payload Too Large");
    const id = SHARE_IDS[shareCounter++ % SHARE_IDS.length];
    return json(res, 200, { url: `https://mcp.edgeone.site/share/${id}` });
  }
  eoStatus(res, 404, "Not Found");
}

export const bunnyStandin = forwardProxy(BUNNY_PROXY_PORT, ensureCertificate, bunnyHandler);
export const vercelStandin = forwardProxy(VERCEL_PROXY_PORT, ensureCertificate, vercelHandler);
export const edgeoneStandin = forwardProxy(EDGEONE_PROXY_PORT, ensureCertificate, edgeoneHandler);
export const ALL_STANDINS = [bunnyStandin, vercelStandin, edgeoneStandin];

export function resetShares() {
  shareCounter = 0;
}
