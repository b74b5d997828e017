// Loopback stand-ins for group r40-b.
//
// search-console-mcp calls hosts written into it: Google's token endpoint (oauth2.googleapis.com, a service account's
// JWT grant through google-auth-library), the Search Console API (searchconsole.googleapis.com/webmasters/v3 through
// googleapis) and Bing Webmaster Tools' JSON API (ssl.bing.com/webmaster/api.svc/json, Node's own fetch). Both
// libraries end in Node's own fetch on Node 20, so a preload (proxy-preload.mjs) makes undici's ProxyAgent the
// global dispatcher and a forward proxy here answers them, with a certificate the server trusts by
// NODE_EXTRA_CA_CERTS.
//
// @getnao/metabase-mcp-server takes METABASE_URL, so Metabase's REST API is a plain HTTP stand-in.
//
// README.md says where each body's shape comes from. `state` is switched by the sessions' hooks.

import crypto from "node:crypto";
import type http from "node:http";
import {
  certificate,
  clearTimers,
  forwardProxy,
  httpStandin,
  json,
  later,
  parse,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r40-b";

export const SEARCH_PROXY_PORT = 44250;
export const METABASE_PORT = 44251;

export const CERT = `${DATA}/standin-cert.pem`;
export const ensureCertificate = (): Certificate =>
  certificate(DATA, [
    "oauth2.googleapis.com",
    "searchconsole.googleapis.com",
    "ssl.bing.com",
    "registry.npmjs.org",
  ]);

/** The service account's key: the server signs its JWT grant with it; the token endpoint does not check it. */
export const SERVICE_ACCOUNT_KEY = crypto
  .generateKeyPairSync("rsa", { modulusLength: 2048 })
  .privateKey.export({ type: "pkcs8", format: "pem" })
  .toString();
export const SERVICE_ACCOUNT_EMAIL = "seo-reporting@acme-web-analytics.iam.gserviceaccount.com";
export const BING_API_KEY = "3f9c1e7a5b2d48c6a0e4f1b8d7c2a9e5";
export const METABASE_API_KEY = "mb_Xq7vR2pL9sK4tW8nZ3cF6hJ1mB5dG0yA";

export const state = {
  googleInvalidGrant: false,
  googleRateLimited: false,
  googleServerError: false,
  googleSlow: false,
  bingInvalidKey: false,
  bingUnavailable: false,
  bingThrottled: false,
  mbUnauthenticated: false,
  mbServerError: false,
  mbBadGateway: false,
  mbSlow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ── Google: token endpoint and Search Console ──────────────────────────────────────────────────────────────────────────

function googleError(
  res: http.ServerResponse,
  code: number,
  status: string,
  message: string,
  reason: string,
) {
  json(res, code, { error: { code, message, errors: [{ message, domain: "global", reason }], status } });
}

const GSC_SITES = [
  { siteUrl: "sc-domain:northwind-outdoors.com", permissionLevel: "siteOwner" },
  { siteUrl: "https://blog.northwind-outdoors.com/", permissionLevel: "siteFullUser" },
  { siteUrl: "https://shop.northwind-outdoors.com/", permissionLevel: "siteUnverifiedUser" },
];

const QUERY_ROWS = [
  { keys: ["ultralight tent 2 person"], clicks: 412, impressions: 9841, ctr: 0.04186566, position: 4.21 },
  { keys: ["northwind outdoors"], clicks: 388, impressions: 1203, ctr: 0.32252701, position: 1.02 },
  {
    keys: ["best sleeping pad for side sleepers"],
    clicks: 151,
    impressions: 7420,
    ctr: 0.0203504,
    position: 7.86,
  },
  { keys: ["how to waterproof a tent"], clicks: 97, impressions: 5318, ctr: 0.01824069, position: 9.4 },
  {
    keys: ["trekking poles carbon vs aluminum"],
    clicks: 64,
    impressions: 2210,
    ctr: 0.02895928,
    position: 6.13,
  },
];

const PAGE_ROWS = [
  {
    keys: ["https://northwind-outdoors.com/tents/ultralight-2p"],
    clicks: 530,
    impressions: 12040,
    ctr: 0.04401993,
    position: 5.02,
  },
  {
    keys: ["https://blog.northwind-outdoors.com/waterproofing-guide"],
    clicks: 211,
    impressions: 8902,
    ctr: 0.02370254,
    position: 8.77,
  },
];

const SITEMAPS = [
  {
    path: "https://northwind-outdoors.com/sitemap.xml",
    lastSubmitted: "2026-11-02T09:14:27.311Z",
    isPending: false,
    isSitemapsIndex: true,
    lastDownloaded: "2026-12-05T03:41:09.870Z",
    warnings: "0",
    errors: "0",
    contents: [{ type: "web", submitted: "1842", indexed: "0" }],
  },
  {
    path: "https://northwind-outdoors.com/sitemap-products.xml",
    lastSubmitted: "2026-11-02T09:15:03.004Z",
    isPending: false,
    isSitemapsIndex: false,
    type: "sitemap",
    lastDownloaded: "2026-12-06T11:02:55.129Z",
    warnings: "3",
    errors: "0",
    contents: [{ type: "web", submitted: "611", indexed: "0" }],
  },
];

function searchConsole(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const p = decodeURIComponent(url.pathname);
  if (!/^Bearer ya29\./.test(req.headers.authorization ?? ""))
    return googleError(
      res,
      401,
      "UNAUTHENTICATED",
      "Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
      "required",
    );
  if (state.googleSlow) return later(15_000, () => json(res, 200, { rows: QUERY_ROWS }));
  if (state.googleServerError)
    return googleError(res, 500, "INTERNAL", "Internal error encountered.", "backendError");
  if (state.googleRateLimited)
    return googleError(
      res,
      429,
      "RESOURCE_EXHAUSTED",
      "Search Analytics load quota exceeded for site 'sc-domain:northwind-outdoors.com'. Try again later.",
      "rateLimitExceeded",
    );
  if (p === "/webmasters/v3/sites" && req.method === "GET") return json(res, 200, { siteEntry: GSC_SITES });
  const m = /^\/webmasters\/v3\/sites\/(.+?)\/(searchAnalytics\/query|sitemaps)(?:\/(.+))?$/.exec(p);
  if (!m) {
    unknownRequests.push(`${req.method} ${url.host}${url.pathname}`);
    return googleError(res, 404, "NOT_FOUND", "Requested entity was not found.", "notFound");
  }
  const [, site, what] = m;
  const known = GSC_SITES.find((s) => s.siteUrl === site && s.permissionLevel !== "siteUnverifiedUser");
  if (!known)
    return googleError(
      res,
      403,
      "PERMISSION_DENIED",
      `User does not have sufficient permission for site '${site}'. See also: https://support.google.com/webmasters/answer/2451999.`,
      "forbidden",
    );
  if (what === "sitemaps") return json(res, 200, { sitemap: SITEMAPS });
  const q = parse(body) as { startDate?: string; endDate?: string; dimensions?: string[] };
  const allowed = ["query", "page", "country", "device", "searchAppearance", "date"];
  const bad = (q.dimensions ?? []).findIndex((d) => !allowed.includes(d));
  if (bad >= 0)
    return googleError(
      res,
      400,
      "INVALID_ARGUMENT",
      `Invalid value at 'dimensions[${bad}]' (type.googleapis.com/wmx.api.searchanalytics.Dimension), "${q.dimensions?.[bad]}"`,
      "invalid",
    );
  // The property has data from 2025-03-01 on; an earlier window answers with no rows (Search Console omits `rows`).
  if (q.endDate && q.endDate < "2025-03-01") return json(res, 200, { responseAggregationType: "byProperty" });
  const rows = (q.dimensions ?? [])[0] === "page" ? PAGE_ROWS : QUERY_ROWS;
  return json(res, 200, { rows, responseAggregationType: "byProperty" });
}

function googleToken(_req: http.IncomingMessage, _url: URL, body: string, res: http.ServerResponse) {
  const form = parse(body);
  if (form.grant_type !== "urn:ietf:params:oauth:grant-type:jwt-bearer")
    return json(res, 400, { error: "unsupported_grant_type", error_description: "Invalid grant_type: " });
  if (state.googleInvalidGrant)
    return json(res, 400, {
      error: "invalid_grant",
      error_description: "Invalid JWT Signature.",
    });
  json(res, 200, {
    access_token: `ya29.c.b0AXv0zTP${crypto.randomBytes(18).toString("hex")}`,
    expires_in: 3599,
    token_type: "Bearer",
  });
}

// ── Bing Webmaster Tools (JSON API) ──────────────────────────────────────────────────────────────────────────────────

const msDate = (iso: string) => `/Date(${Date.parse(iso)}-0800)/`;

const BING_SITES = [
  {
    __type: "Site:#Microsoft.Bing.Webmaster.Api",
    AuthenticationCode: "6B1F0E9A2C7D4E35A8B1C0D2E3F4A5B6",
    DnsVerificationCode: "verify-bing-6b1f0e9a2c7d4e35",
    IsVerified: true,
    Url: "https://northwind-outdoors.com/",
  },
  {
    __type: "Site:#Microsoft.Bing.Webmaster.Api",
    AuthenticationCode: "0C4D8E2F6A1B5C9D3E7F0A4B8C2D6E1F",
    DnsVerificationCode: "verify-bing-0c4d8e2f6a1b5c9d",
    IsVerified: true,
    Url: "https://blog.northwind-outdoors.com/",
  },
];

const BING_QUERIES = [
  ["ultralight tent 2 person", 88, 2310, 3.4, 3.9, "2026-11-30T00:00:00Z"],
  ["northwind outdoors", 71, 190, 1.0, 1.1, "2026-11-30T00:00:00Z"],
  ["sleeping pad r value chart", 23, 1410, 6.2, 7.5, "2026-11-29T00:00:00Z"],
].map(([Query, Clicks, Impressions, AvgClickPosition, AvgImpressionPosition, day]) => ({
  __type: "QueryStats:#Microsoft.Bing.Webmaster.Api",
  AvgClickPosition,
  AvgImpressionPosition,
  Clicks,
  Date: msDate(String(day)),
  Impressions,
  Query,
}));

const BING_FEEDS = [
  {
    __type: "Feed:#Microsoft.Bing.Webmaster.Api",
    Compressed: false,
    FileSize: 48211,
    LastCrawled: msDate("2026-12-04T17:20:00Z"),
    Status: "Success",
    Submitted: msDate("2026-11-02T09:20:00Z"),
    Type: "Sitemap Index",
    Url: "https://northwind-outdoors.com/sitemap.xml",
    UrlCount: 1842,
  },
];

function bingError(res: http.ServerResponse, code: number, name: string) {
  json(res, 400, { ErrorCode: code, Message: `ERROR!!! ${name}` });
}

function bing(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  const method = url.pathname.replace(/^\/webmaster\/api\.svc\/json\//, "");
  const siteUrl = url.searchParams.get("siteUrl") ?? "";
  if (state.bingInvalidKey || url.searchParams.get("apikey") !== BING_API_KEY)
    return bingError(res, 3, "InvalidApiKey");
  if (state.bingThrottled) return bingError(res, 4, "ThrottleUser");
  if (state.bingUnavailable)
    return text(
      res,
      503,
      `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN""http://www.w3.org/TR/html4/strict.dtd">
<HTML><HEAD><TITLE>Service Unavailable</TITLE>
<META HTTP-EQUIV="Content-Type" Content="text/html; charset=us-ascii"></HEAD>
<BODY><h2>Service Unavailable</h2>
<hr><p>HTTP Error 503. The service is unavailable.</p>
</BODY></HTML>
`,
      "text/html; charset=us-ascii",
    );
  const siteKnown = () => BING_SITES.some((s) => s.Url === siteUrl || s.Url === `${siteUrl}/`);
  switch (method) {
    case "GetUserSites":
      return json(res, 200, { d: BING_SITES });
    case "GetQueryStats":
      if (!siteKnown()) return bingError(res, 14, "NotAuthorized");
      return json(res, 200, { d: siteUrl.includes("blog.") ? [] : BING_QUERIES });
    case "GetFeeds":
      if (!siteKnown()) return bingError(res, 14, "NotAuthorized");
      return json(res, 200, { d: BING_FEEDS });
    default:
      unknownRequests.push(`${req.method} ${url.host}${url.pathname}`);
      return bingError(res, 16, "Deprecated");
  }
}

function searchHosts(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const host = (req.headers.host ?? url.host).replace(/:\d+$/, "");
  seen.push(`${req.method} ${host}${url.pathname}`);
  if (host === "oauth2.googleapis.com" && url.pathname === "/token") return googleToken(req, url, body, res);
  if (host === "searchconsole.googleapis.com") return searchConsole(req, url, body, res);
  if (host === "ssl.bing.com" && url.pathname.startsWith("/webmaster/api.svc/json/"))
    return bing(req, url, body, res);
  if (host === "registry.npmjs.org") return json(res, 200, { name: "search-console-mcp", version: "2.1.3" });
  unknownRequests.push(`${req.method} ${host}${url.pathname}`);
  text(res, 404, "Not Found");
}

export const searchProxy = forwardProxy(SEARCH_PROXY_PORT, ensureCertificate, searchHosts);

// ── Metabase REST API ────────────────────────────────────────────────────────────────────────────────────────────────

const METABASE_CARDS = [
  {
    id: 12,
    name: "Weekly active users",
    description: "Distinct users with at least one session per ISO week",
    display: "line",
    type: "question",
    collection_id: 4,
    database_id: 2,
    query_type: "native",
    archived: false,
    creator_id: 1,
    created_at: "2026-09-14T08:21:44.512Z",
    updated_at: "2026-11-28T16:03:10.227Z",
    dataset_query: {
      type: "native",
      database: 2,
      native: {
        query:
          "select date_trunc('week', started_at) as week, count(distinct user_id) as wau from sessions group by 1 order by 1",
      },
    },
  },
  {
    id: 17,
    name: "Signup funnel (7 days)",
    description: "Visitors → signups → activated accounts",
    display: "bar",
    type: "question",
    collection_id: 4,
    database_id: 2,
    query_type: "native",
    archived: false,
    creator_id: 3,
    created_at: "2026-10-02T11:40:19.004Z",
    updated_at: "2026-12-01T09:12:51.660Z",
    dataset_query: {
      type: "native",
      database: 2,
      native: { query: "select step, users from funnel_signup_7d order by step_index" },
    },
  },
  {
    id: 23,
    name: "Retention by signup cohort",
    description: null,
    display: "table",
    type: "question",
    collection_id: 7,
    database_id: 2,
    query_type: "query",
    archived: false,
    creator_id: 3,
    created_at: "2026-10-20T14:02:33.918Z",
    updated_at: "2026-10-20T14:02:33.918Z",
    dataset_query: {
      type: "query",
      database: 2,
      query: { "source-table": 41, aggregation: [["count"]], breakout: [["field", 402, null]] },
    },
  },
];

function cardResult(rows: unknown[][], cols: { name: string; display_name: string; base_type: string }[]) {
  return {
    data: {
      rows,
      cols: cols.map((c) => ({
        ...c,
        source: "native",
        field_ref: ["field", c.name, { "base-type": c.base_type }],
      })),
      native_form: { query: "…", params: null },
      results_timezone: "UTC",
      insights: null,
    },
    database_id: 2,
    started_at: "2026-12-07T13:40:02.118Z",
    json_query: {
      database: 2,
      type: "native",
      native: { query: "…" },
      middleware: { "js-int-to-string?": true },
    },
    average_execution_time: null,
    status: "completed",
    context: "question",
    row_count: rows.length,
    running_time: 184,
  };
}

const METABASE_DASHBOARDS = [
  {
    id: 3,
    name: "Product analytics — weekly",
    description: "WAU, funnel and retention for the Monday review",
    collection_id: 4,
    archived: false,
    creator_id: 1,
    created_at: "2026-09-14T09:02:11.301Z",
    updated_at: "2026-12-01T09:14:02.845Z",
    parameters: [],
    dashcards: [
      {
        id: 31,
        card_id: 12,
        row: 0,
        col: 0,
        size_x: 12,
        size_y: 6,
        card: { id: 12, name: "Weekly active users" },
      },
      {
        id: 32,
        card_id: 17,
        row: 0,
        col: 12,
        size_x: 12,
        size_y: 6,
        card: { id: 17, name: "Signup funnel (7 days)" },
      },
    ],
  },
];

function metabase(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  seen.push(`${req.method} metabase${url.pathname}${url.search}`);
  const p = url.pathname;
  if (state.mbSlow) return later(15_000, () => json(res, 200, METABASE_CARDS));
  if (state.mbBadGateway)
    return text(
      res,
      502,
      "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.24.0</center>\r\n</body>\r\n</html>\r\n",
      "text/html",
    );
  // Metabase answers a missing or revoked API key with the bare text "Unauthenticated" and 401.
  if (state.mbUnauthenticated || req.headers["x-api-key"] !== METABASE_API_KEY)
    return text(res, 401, "Unauthenticated");
  if (state.mbServerError)
    return json(res, 500, {
      message: "Connection is not available, request timed out after 10000ms.",
      type: "class java.sql.SQLTransientConnectionException",
      via: [
        {
          type: "java.sql.SQLTransientConnectionException",
          message: "metabase-postgres - Connection is not available, request timed out after 10000ms.",
        },
      ],
    });
  if (p === "/api/card" && req.method === "GET") {
    const collection = url.searchParams.get("collection");
    return json(
      res,
      200,
      collection ? METABASE_CARDS.filter((c) => String(c.collection_id) === collection) : METABASE_CARDS,
    );
  }
  let m = /^\/api\/card\/(\d+)(\/query)?$/.exec(p);
  if (m) {
    const card = METABASE_CARDS.find((c) => c.id === Number(m?.[1]));
    if (!card) return text(res, 404, "Not found.");
    if (!m[2]) return json(res, 200, card);
    if (card.id === 12)
      return json(
        res,
        202,
        cardResult(
          [
            ["2026-11-09T00:00:00Z", 18204],
            ["2026-11-16T00:00:00Z", 18931],
            ["2026-11-23T00:00:00Z", 17622],
            ["2026-11-30T00:00:00Z", 19410],
          ],
          [
            { name: "week", display_name: "week", base_type: "type/DateTimeWithLocalTZ" },
            { name: "wau", display_name: "wau", base_type: "type/BigInteger" },
          ],
        ),
      );
    if (card.id === 17) {
      // The query itself fails in the warehouse: Metabase answers 202 with status "failed" and the database's error.
      return json(res, 202, {
        data: { rows: [], cols: [] },
        database_id: 2,
        started_at: "2026-12-07T13:41:20.551Z",
        error_type: "invalid-query",
        json_query: {
          database: 2,
          type: "native",
          native: { query: "select step, users from funnel_signup_7d order by step_index" },
        },
        status: "failed",
        class: "class org.postgresql.util.PSQLException",
        stacktrace: [],
        context: "question",
        error: 'ERROR: relation "funnel_signup_7d" does not exist\n  Position: 25',
        row_count: 0,
        running_time: 0,
        ex_data: { type: "invalid-query" },
        data_size: 0,
      });
    }
    return json(
      res,
      202,
      cardResult([], [{ name: "count", display_name: "Count", base_type: "type/BigInteger" }]),
    );
  }
  if (p === "/api/dashboard" && req.method === "GET") return json(res, 200, METABASE_DASHBOARDS);
  m = /^\/api\/dashboard\/(\d+)$/.exec(p);
  if (m) {
    const dash = METABASE_DASHBOARDS.find((d) => d.id === Number(m?.[1]));
    return dash ? json(res, 200, dash) : text(res, 404, "Not found.");
  }
  if (p === "/api/database" && req.method === "GET")
    return json(res, 200, {
      data: [
        { id: 1, name: "Sample Database", engine: "h2", is_sample: true, is_full_sync: true, tables: [] },
        {
          id: 2,
          name: "Product warehouse",
          engine: "postgres",
          is_sample: false,
          is_full_sync: true,
          tables: [],
        },
      ],
      total: 2,
    });
  if (p === "/api/user/current")
    return json(res, 200, {
      id: 7,
      email: "analytics-bot@northwind-outdoors.com",
      first_name: "Analytics",
      last_name: "Bot",
      common_name: "Analytics Bot",
      is_superuser: false,
      is_active: true,
      locale: null,
      last_login: "2026-12-07T08:00:12.410Z",
      date_joined: "2026-09-01T10:00:00.000Z",
      group_ids: [1, 4],
    });
  if (p === "/api/search" && req.method === "GET") {
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    const hits = METABASE_CARDS.filter((c) => c.name.toLowerCase().includes(q)).map((c) => ({
      id: c.id,
      name: c.name,
      model: "card",
      description: c.description,
      collection: { id: c.collection_id, name: "Product analytics" },
      archived: false,
      updated_at: c.updated_at,
    }));
    return json(res, 200, { data: hits, total: hits.length, limit: null, offset: null, models: ["card"] });
  }
  if (p === "/api/dataset" && req.method === "POST") {
    const q = parse(body) as { database?: number; native?: { query?: string } };
    const sql = q.native?.query ?? "";
    if (q.database !== 1 && q.database !== 2)
      return json(res, 202, {
        data: { rows: [], cols: [] },
        status: "failed",
        error: `Database ${String(q.database)} does not exist.`,
        error_type: "invalid-query",
        row_count: 0,
        running_time: 0,
      });
    if (/^\s*select\s+count/i.test(sql))
      return json(
        res,
        202,
        cardResult([[48211]], [{ name: "count", display_name: "count", base_type: "type/BigInteger" }]),
      );
    if (/where 1\s*=\s*0/i.test(sql))
      return json(
        res,
        202,
        cardResult([], [{ name: "user_id", display_name: "user_id", base_type: "type/BigInteger" }]),
      );
    return json(res, 202, {
      data: { rows: [], cols: [] },
      database_id: q.database,
      status: "failed",
      class: "class org.postgresql.util.PSQLException",
      error: `ERROR: syntax error at or near "form"\n  Position: 10`,
      error_type: "invalid-query",
      row_count: 0,
      running_time: 0,
    });
  }
  unknownRequests.push(`${req.method} metabase${p}`);
  text(res, 404, "API endpoint does not exist.");
}

export const metabaseApi = httpStandin(METABASE_PORT, metabase);

export const ALL_STANDINS = [searchProxy, metabaseApi];
