// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - Bright Data's API (`api.brightdata.com`) for @brightdata/mcp: the Web Unlocker endpoint `/request` (Google's
//   `parsed_light` SERP JSON, Bing as markdown, pages as markdown or raw HTML, whatever the target answered), the
//   Web Scraper API (`/datasets/v3/trigger`, `/datasets/v3/snapshot/<id>`), Discover (`/discover`), the
//   dataset metadata and search endpoints, and `/zone/get_active_zones`, which the server calls at start;
// - Hyperbrowser's API (`app.hyperbrowser.ai/api/…`) for hyperbrowser-mcp: scrape, crawl and extract jobs (start,
//   status, result) and profiles; errors `{"message": …}` (its OpenAPI `ErrorResponse`);
// - Google Maps Platform's web services (`maps.googleapis.com/maps/api/<service>/json`) for
//   @modelcontextprotocol/server-google-maps: Geocoding, Places text search and details, Distance Matrix,
//   Elevation and Directions, with Google's `status` / `error_message` envelope.
//
// Bright Data's server uses axios, which follows HTTPS_PROXY with absolute-form requests: it has its own forward
// proxy (standin-kit's `forwardProxy`). Hyperbrowser's SDK (node-fetch 2) and the Google Maps server (node-fetch 3)
// use Node's https module with no agent, which ignores proxy variables, so each starts with `https-preload.mjs`,
// which points https.globalAgent at that server's own TLS stand-in. Stopping one stand-in refuses connections
// for that server alone. `state` is switched by the sessions' hooks.

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
  tlsStandin,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r20-c";
export const CERT = path.join(DATA, "standin-cert.pem");

export const BRIGHTDATA_PROXY_PORT = 41000;
export const HYPERBROWSER_PORT = 41001;
export const GOOGLE_MAPS_PORT = 41002;

export const ensureCertificate = (): Certificate =>
  certificate(DATA, ["api.brightdata.com", "app.hyperbrowser.ai", "maps.googleapis.com"]);

export const state = {
  bdRevoked: false,
  bdZoneMissing: false,
  bdRateLimited: false,
  bdUsageLimit: false,
  bdServerError: false,
  bdBadGateway: false,
  hbRevoked: false,
  hbNoCredits: false,
  hbForbidden: false,
  hbRateLimited: false,
  hbServerError: false,
  hbUnavailable: false,
  gmKeyInvalid: false,
  gmNotAuthorized: false,
  gmBillingDisabled: false,
  gmOverQueryLimit: false,
  gmUnknownError: false,
  gmBadGateway: false,
};

const NGINX_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx</center>
</body>
</html>
`;

// ------------------------------------------------------------------------------------------------ Bright Data

export const BRIGHTDATA_TOKEN = "9c1f4e7a-2b8d-4c3e-a6f1-7d2e5b9c0a48";

const SERP_KEYBOARDS = {
  general: {
    search_engine: "google",
    query: "best low profile mechanical keyboard 2026",
    results_cnt: 1840000000,
    search_time: 0.41,
    language: "en",
    mobile: false,
    basic_view: false,
    search_type: "text",
    page_title: "best low profile mechanical keyboard 2026 - Google Search",
    timestamp: "2026-12-06T10:12:44.000Z",
  },
  input: {
    original_url:
      "https://www.google.com/search?q=best+low+profile+mechanical+keyboard+2026&start=0&brd_json=1",
  },
  organic: [
    {
      link: "https://www.rtings.com/keyboard/reviews/best/low-profile",
      display_link: "https://www.rtings.com › keyboard › reviews › best",
      title: "The 5 Best Low-Profile Keyboards of 2026 - RTINGS.com",
      description:
        "Our top pick is the Keychron K3 Max: a thin wireless board with hot-swappable low-profile switches.",
      rank: 1,
      global_rank: 1,
    },
    {
      link: "https://www.theverge.com/23807141/best-mechanical-keyboard",
      display_link: "https://www.theverge.com › best-mechanical-keyboard",
      title: "The best mechanical keyboard to buy right now - The Verge",
      description: "From budget boards to premium customs, these are the mechanical keyboards we recommend.",
      rank: 2,
      global_rank: 2,
    },
    {
      link: "https://www.reddit.com/r/MechanicalKeyboards/comments/1h2k9x/low_profile_recs/",
      display_link: "https://www.reddit.com › r › MechanicalKeyboards",
      title: "Low profile recommendations? : r/MechanicalKeyboards",
      description:
        "I switched from a full-height board and my wrists thank me. Lofree Flow vs NuPhy Air75 V2…",
      rank: 3,
      global_rank: 4,
    },
  ],
};

const SERP_EMPTY = {
  general: {
    search_engine: "google",
    query: '"zqxv-keycap-7731" site:keebtalk.com',
    results_cnt: 0,
    search_time: 0.22,
    language: "en",
    mobile: false,
    basic_view: false,
    search_type: "text",
    page_title: '"zqxv-keycap-7731" site:keebtalk.com - Google Search',
    timestamp: "2026-12-06T10:13:02.000Z",
  },
  input: {
    original_url:
      "https://www.google.com/search?q=%22zqxv-keycap-7731%22+site%3Akeebtalk.com&start=0&brd_json=1",
  },
};

const BING_MARKDOWN = `# mechanical keyboard switch types - Search

About 4,310,000 results

## [Mechanical Keyboard Switches Guide: Linear, Tactile and Clicky](https://www.keychron.com/blogs/archived/mechanical-keyboard-switches-guide)
Linear switches are smooth from top to bottom, tactile switches have a bump, and clicky switches add an audible click.

## [Switch types explained - Das Keyboard](https://www.daskeyboard.com/blog/mechanical-keyboard-guide/)
Cherry MX Red, Brown and Blue are the most common examples of the three families.
`;

const PAGE_ARTICLE = `# Lubing stabilizers: a practical guide

Published 2026-11-02 by **Ines Okafor**

Rattly stabilizers are the most common complaint on a new board. This guide covers the three fixes that matter:

1. Clip the stabilizer feet
2. Apply dielectric grease to the wire ends
3. Band-aid mod the PCB side

See also [our switch guide](https://keebworks.example.com/guides/switches) and [the tools we use](https://keebworks.example.com/tools).
`;

const PAGE_TALKS_ABOUT_ERRORS = `# Fixing "500 Internal Server Error" after a firmware flash

Published 2026-10-14

If QMK Toolbox shows \`Error: 500 Internal Server Error\` while downloading a keymap from the configurator, the
configurator's API is overloaded, not your board. Wait a minute and try again. A failed flash shows
\`Exception: Device not found\` instead: put the board in bootloader mode first.

Other errors we cover: "Permission denied" on /dev/ttyACM0 (add yourself to the dialout group) and the
timeout you get when the USB hub does not power the board.
`;

const PAGE_TARGET_FORBIDDEN = `# 403 Forbidden

---

nginx
`;

const GRAPHQL_ERRORS = {
  errors: [
    {
      message: 'Product with handle "aurora-75-barebones" not found',
      locations: [{ line: 1, column: 3 }],
      path: ["product"],
      extensions: { code: "NOT_FOUND" },
    },
  ],
  data: null,
};

const AMAZON_PRODUCT = [
  {
    url: "https://www.amazon.com/dp/B0CHX1W1XY",
    title: "Keychron K3 Max QMK/VIA Wireless Custom Mechanical Keyboard, Ultra-Slim Low Profile",
    brand: "Keychron",
    asin: "B0CHX1W1XY",
    initial_price: 104.99,
    final_price: 94.49,
    currency: "USD",
    availability: "In Stock",
    rating: 4.4,
    reviews_count: 1287,
    categories: ["Electronics", "Computers & Accessories", "Keyboards"],
    seller_name: "Keychron",
    timestamp: "2026-12-06T10:14:21.000Z",
  },
];

const AMAZON_DEAD = [
  {
    input: { url: "https://www.amazon.com/dp/B000000000" },
    error: "Page not found (404). The product page does not exist or was removed.",
    error_code: "dead_page",
    timestamp: "2026-12-06T10:15:03.000Z",
  },
];

const NPM_PACKAGE = [
  {
    package_name: "left-pad",
    url: "https://www.npmjs.com/package/left-pad",
    version: "1.3.0",
    description: "String left pad",
    license: "WTFPL",
    weekly_downloads: 1374211,
    deprecated: "use String.prototype.padStart()",
    repository: "https://github.com/stevemao/left-pad",
    last_publish: "2018-04-09T07:09:49.000Z",
  },
];

const DISCOVER_RESULTS = [
  {
    link: "https://www.tomshardware.com/peripherals/keyboards/best-keyboard-switches",
    title: "Best Keyboard Switches 2026: Linear, Tactile and Clicky Tested",
    description: "We tested 40 switches for feel, sound and consistency.",
    relevance_score: 0.93,
  },
  {
    link: "https://switchandclick.com/guides/silent-switches",
    title: "The quietest switches for an open office",
    description: "Silent linears and tactiles compared with a decibel meter.",
    relevance_score: 0.88,
  },
];

const LINKEDIN_METADATA = {
  id: "gd_l1viktl72bvl7bjuj0",
  fields: {
    name: { type: "text", active: true, description: "Full name" },
    city: { type: "text", active: true, description: "City of residence" },
    country_code: { type: "text", active: true, description: "Two-letter country code" },
    current_company_name: { type: "text", active: true, description: "Name of the current employer" },
    followers: { type: "number", active: true, description: "Number of followers" },
    legacy_headline: { type: "text", active: false, description: "Retired field" },
  },
};

const snapshots = new Map<string, unknown>();
let snapshotCounter = 0;

function brightdataHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const p = url.pathname;
  if (p === "/zone/get_active_zones")
    return json(res, 200, [
      { name: "mcp_unlocker", type: "unblocker" },
      { name: "mcp_browser", type: "browser_api" },
    ]);
  if (req.headers.authorization !== `Bearer ${BRIGHTDATA_TOKEN}` || state.bdRevoked)
    return text(
      res,
      401,
      "Invalid authentication: check credentials and retry. Bright Data credentials include your account ID, zone name and password",
      "text/plain",
      { "x-brd-err-code": "client_10000", "x-luminati-error": "Authentication failed" },
    );
  if (state.bdUsageLimit)
    return text(res, 403, "Monthly request limit reached for zone mcp_unlocker", "text/plain", {
      "x-brd-err-code": "client_10100",
    });
  if (state.bdRateLimited)
    return text(
      res,
      429,
      "Too many requests: the zone's concurrent request limit was reached, retry later",
      "text/plain",
      {
        "retry-after": "30",
      },
    );
  if (state.bdServerError) return text(res, 500, "Internal Server Error");
  if (state.bdBadGateway) return text(res, 502, NGINX_502, "text/html");

  if (p === "/request" && req.method === "POST") {
    const input = parse(body) as { url?: string; zone?: string; data_format?: string };
    const target = String(input.url ?? "");
    if (state.bdZoneMissing) return text(res, 400, `zone "${input.zone}" not found`);
    if (target.includes("slow")) return later(15_000, () => text(res, 200, PAGE_ARTICLE, "text/markdown"));
    if (target.startsWith("https://www.google.com/search")) {
      const q = new URL(target).searchParams.get("q") ?? "";
      return json(res, 200, q.includes("zqxv") ? SERP_EMPTY : SERP_KEYBOARDS);
    }
    if (target.startsWith("https://www.bing.com/search"))
      return text(res, 200, BING_MARKDOWN, "text/markdown");
    if (target.includes("status.keebcdn.net"))
      return text(res, 502, NGINX_502, "text/html", { "x-brd-error": "target site returned an error" });
    if (target.includes("/graphql")) return json(res, 200, GRAPHQL_ERRORS);
    if (target.includes("members-only")) return text(res, 200, PAGE_TARGET_FORBIDDEN, "text/markdown");
    if (target.includes("firmware-500")) return text(res, 200, PAGE_TALKS_ABOUT_ERRORS, "text/markdown");
    if (input.data_format === "markdown") return text(res, 200, PAGE_ARTICLE, "text/markdown");
    return text(
      res,
      200,
      `<!doctype html><html><head><title>Lubing stabilizers</title></head><body><h1>Lubing stabilizers: a practical guide</h1><p>Rattly stabilizers are the most common complaint on a new board.</p></body></html>`,
      "text/html",
    );
  }
  if (p === "/datasets/v3/trigger" && req.method === "POST") {
    const records = JSON.parse(body) as { url?: string; package_name?: string }[];
    const first = records[0] ?? {};
    const id = `s_mk${(++snapshotCounter).toString(36)}q7x2d1v9z`;
    let result: unknown = [];
    if (first.url?.includes("B000000000")) result = AMAZON_DEAD;
    else if (first.url?.includes("/dp/")) result = AMAZON_PRODUCT;
    else if (first.package_name) result = NPM_PACKAGE;
    snapshots.set(id, result);
    return json(res, 200, { snapshot_id: id });
  }
  const snap = /^\/datasets\/v3\/snapshot\/([^/]+)$/.exec(p);
  if (snap) {
    if (!snapshots.has(snap[1]!)) return json(res, 404, { error: "Snapshot not found" });
    return json(res, 200, snapshots.get(snap[1]!));
  }
  if (p === "/discover" && req.method === "POST") return json(res, 200, { task_id: "dsc_4k2m9x7q1p" });
  if (p === "/discover" && req.method === "GET")
    return json(res, 200, {
      status: "done",
      task_id: url.searchParams.get("task_id"),
      results: DISCOVER_RESULTS,
    });
  const meta = /^\/datasets\/([^/]+)\/metadata$/.exec(p);
  if (meta) return json(res, 200, LINKEDIN_METADATA);
  if (/^\/datasets\/search\/[^/]+$/.test(p) && req.method === "POST")
    return json(res, 200, { hits: [], total_hits: 0, took: 14 });
  return json(res, 404, { error: "Not found" });
}

// ------------------------------------------------------------------------------------------------ Hyperbrowser

export const HYPERBROWSER_KEY = "hb_3f9a7c21d4e8b6054a1c9e2f7b3d8a6c";

const HB_SCRAPE_MARKDOWN = `# Keebworks — Custom keyboards

New arrivals: **Aurora 75** (gasket mount, hot-swap), **Nimbus TKL** (aluminium, tray mount).

- [Shop all keyboards](https://keebworks.example.com/shop)
- [Build guides](https://keebworks.example.com/guides)
`;

const HB_ACCESS_DENIED = `# Access Denied

You don't have permission to access "http://www.bigbox-electronics.example.com/product/aurora-75" on this server.

Reference #18.6f3c1702.1765016129.2a4e9b1
`;

const HB_PROFILES = [
  {
    id: "5c2e8f14-9a3b-4d7e-b1c6-0f8a2d4e6b93",
    name: "shop-login",
    teamId: "team_7Qk2Xv9Lm4",
    createdAt: "2026-11-12T09:14:00.000Z",
    updatedAt: "2026-12-01T16:40:12.000Z",
  },
  {
    id: "a81d3c77-2f5e-4b09-9c4a-6e1b7d2f0c58",
    name: "news-paywall",
    teamId: "team_7Qk2Xv9Lm4",
    createdAt: "2026-11-20T13:02:41.000Z",
    updatedAt: "2026-11-20T13:02:41.000Z",
  },
  {
    id: "e4b09f62-7c1a-4d38-8e25-3a9f6b1c7d04",
    name: null,
    teamId: "team_7Qk2Xv9Lm4",
    createdAt: "2026-12-03T08:55:19.000Z",
    updatedAt: "2026-12-03T08:55:19.000Z",
  },
];
export const PROFILE_IN_USE = "a81d3c77-2f5e-4b09-9c4a-6e1b7d2f0c58";

interface HbJob {
  kind: string;
  status: "completed" | "failed";
  body: Record<string, unknown>;
}
const hbJobs = new Map<string, HbJob>();
let hbCounter = 0;

function hbError(res: http.ServerResponse): boolean {
  if (state.hbRevoked) return (json(res, 401, { message: "Invalid API key" }), true);
  if (state.hbNoCredits) return (json(res, 402, { message: "Insufficient credits" }), true);
  if (state.hbForbidden)
    return (
      json(res, 403, { message: "Forbidden: this API key does not have access to this resource" }),
      true
    );
  if (state.hbRateLimited)
    return (
      json(res, 429, { message: "Too many requests, please try again later" }, { "retry-after": "20" }),
      true
    );
  if (state.hbServerError) return (json(res, 500, { message: "Internal server error" }), true);
  if (state.hbUnavailable)
    return (
      text(
        res,
        503,
        `<!DOCTYPE html><html><head><title>503: SERVICE_UNAVAILABLE</title></head><body><h1>503: SERVICE_UNAVAILABLE</h1><p>Code: <code>SERVICE_UNAVAILABLE</code></p><p>ID: <code>iad1::8xk2q-1765016133402-4f1a9c2e7b3d</code></p></body></html>`,
        "text/html",
      ),
      true
    );
  return false;
}

function newJob(kind: string, job: Omit<HbJob, "kind">): string {
  const id = `${(0x3e7a0000 + ++hbCounter).toString(16)}-1c4b-4f2a-9d3e-7b8c0a6f${(1000 + hbCounter).toString()}`;
  hbJobs.set(id, { kind, ...job });
  return id;
}

function hyperbrowserHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const p = url.pathname;
  if (req.headers["x-api-key"] !== HYPERBROWSER_KEY) return json(res, 401, { message: "Invalid API key" });
  if (hbError(res)) return;
  const input = req.method === "POST" ? parse(body) : {};

  if (p === "/api/scrape" && req.method === "POST") {
    const target = String(input.url ?? "");
    const answer = () => {
      if (target.includes("nonexistent"))
        return json(res, 200, {
          jobId: newJob("scrape", {
            status: "failed",
            body: { error: `Failed to scrape page: net::ERR_NAME_NOT_RESOLVED at ${target}` },
          }),
        });
      const markdown = target.includes("bigbox-electronics") ? HB_ACCESS_DENIED : HB_SCRAPE_MARKDOWN;
      const formats = ((input.scrapeOptions as { formats?: string[] } | undefined)?.formats ??
        []) as string[];
      const data: Record<string, unknown> = {
        metadata: { title: "Keebworks", sourceURL: target, statusCode: 200 },
      };
      if (formats.includes("markdown")) data.markdown = markdown;
      if (formats.includes("links"))
        data.links = ["https://keebworks.example.com/shop", "https://keebworks.example.com/guides"];
      return json(res, 200, { jobId: newJob("scrape", { status: "completed", body: { data } }) });
    };
    if (target.includes("slow")) return later(15_000, answer);
    return answer();
  }
  if (p === "/api/crawl" && req.method === "POST") {
    const target = String(input.url ?? "");
    const data = target.includes("parked")
      ? []
      : [
          {
            url: "https://keebworks.example.com/guides",
            status: "completed",
            markdown: "# Build guides\n\n- Lubing stabilizers\n- Choosing switches",
          },
          {
            url: "https://keebworks.example.com/guides/switches",
            status: "completed",
            markdown: "# Choosing switches\n\nLinear, tactile or clicky: start with what you type on now.",
          },
        ];
    return json(res, 200, { jobId: newJob("crawl", { status: "completed", body: { data } }) });
  }
  if (p === "/api/extract" && req.method === "POST") {
    const urls = (input.urls as string[] | undefined) ?? [];
    let data: unknown;
    if (urls.some((u) => u.includes("bing.com")))
      data = urls.some((u) => u.includes("zqxv"))
        ? { allSearchResults: [] }
        : {
            allSearchResults: [
              {
                title: "Hall effect keyboards explained",
                url: "https://www.pcgamer.com/hardware/gaming-keyboards/hall-effect-keyboards-explained/",
                snippet: "Magnetic switches let you set the actuation point per key.",
              },
              {
                title: "Wooting 80HE review",
                url: "https://www.rtings.com/keyboard/reviews/wooting/80he",
                snippet: "The Wooting 80HE is the most responsive keyboard we have tested.",
              },
            ],
          };
    else if (urls.some((u) => u.includes("coming-soon"))) data = null;
    else
      data = {
        products: [
          { name: "Aurora 75", price: "$189.00", inStock: true },
          { name: "Nimbus TKL", price: "$249.00", inStock: false },
        ],
      };
    return json(res, 200, { jobId: newJob("extract", { status: "completed", body: { data } }) });
  }
  const job = /^\/api\/(scrape|crawl|extract)\/([^/]+)(\/status)?$/.exec(p);
  if (job) {
    const found = hbJobs.get(job[2]!);
    if (!found) return json(res, 404, { message: "Job not found" });
    if (job[3]) return json(res, 200, { status: found.status });
    if (found.kind === "crawl")
      return json(res, 200, {
        jobId: job[2],
        status: found.status,
        ...found.body,
        currentPageBatch: 1,
        totalPageBatches: 1,
        totalCrawledPages: (found.body.data as unknown[]).length,
        batchSize: 100,
      });
    return json(res, 200, { jobId: job[2], status: found.status, ...found.body });
  }
  if (p === "/api/profiles" && req.method === "GET") {
    const page = Number(url.searchParams.get("page") ?? "1");
    const limit = Number(url.searchParams.get("limit") ?? "10");
    const profiles = HB_PROFILES.slice((page - 1) * limit, page * limit);
    return json(res, 200, { profiles, totalCount: HB_PROFILES.length, page, perPage: limit });
  }
  if (p === "/api/profile" && req.method === "POST")
    return json(res, 200, {
      id: "0b7e4c9a-3d1f-4a62-8e57-c2f9a1d6b384",
      name: null,
      teamId: "team_7Qk2Xv9Lm4",
      createdAt: "2026-12-06T10:20:00.000Z",
      updatedAt: "2026-12-06T10:20:00.000Z",
    });
  const profile = /^\/api\/profile\/([^/]+)$/.exec(p);
  if (profile && req.method === "DELETE") {
    if (profile[1] === PROFILE_IN_USE)
      return json(res, 409, { message: "Profile is currently in use by an active session" });
    if (!HB_PROFILES.some((x) => x.id === profile[1]))
      return json(res, 404, { message: "Profile not found" });
    return json(res, 200, { success: true });
  }
  return json(res, 404, { message: "Not found" });
}

// ------------------------------------------------------------------------------------------------ Google Maps

export const GOOGLE_MAPS_KEY = "AIzaSyD4x7Qm2kP9vL3nR8tW1yB6cF0hJ5gS2aE";

const GOOGLE_502 = `<!DOCTYPE html>
<html lang=en>
  <meta charset=utf-8>
  <meta name=viewport content="initial-scale=1, minimum-scale=1, width=device-width">
  <title>Error 502 (Server Error)!!1</title>
  <p><b>502.</b> <ins>That’s an error.</ins>
  <p>The server encountered a temporary error and could not complete your request.<p>Please try again in 30 seconds.  <ins>That’s all we know.</ins>
`;

const GEO_GOOGLEPLEX = {
  address_components: [
    { long_name: "1600", short_name: "1600", types: ["street_number"] },
    { long_name: "Amphitheatre Parkway", short_name: "Amphitheatre Pkwy", types: ["route"] },
    { long_name: "Mountain View", short_name: "Mountain View", types: ["locality", "political"] },
    { long_name: "California", short_name: "CA", types: ["administrative_area_level_1", "political"] },
    { long_name: "United States", short_name: "US", types: ["country", "political"] },
    { long_name: "94043", short_name: "94043", types: ["postal_code"] },
  ],
  formatted_address: "1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA",
  geometry: { location: { lat: 37.4223878, lng: -122.0841877 }, location_type: "ROOFTOP" },
  place_id: "ChIJF4Yf2Ry7j4AR__1AkytDyAE",
  types: ["street_address"],
};

const GEO_PIKE = {
  address_components: [
    { long_name: "85", short_name: "85", types: ["street_number"] },
    { long_name: "Pike Street", short_name: "Pike St", types: ["route"] },
    { long_name: "Seattle", short_name: "Seattle", types: ["locality", "political"] },
    { long_name: "Washington", short_name: "WA", types: ["administrative_area_level_1", "political"] },
    { long_name: "United States", short_name: "US", types: ["country", "political"] },
    { long_name: "98101", short_name: "98101", types: ["postal_code"] },
  ],
  formatted_address: "85 Pike St, Seattle, WA 98101, USA",
  geometry: { location: { lat: 47.6097199, lng: -122.3422286 }, location_type: "ROOFTOP" },
  place_id: "ChIJPzjCLrJqkFQRnmHbdVHmhR4",
  types: ["establishment", "point_of_interest", "tourist_attraction"],
};

const PLACES_COFFEE = [
  {
    name: "Storyville Coffee Pike Place",
    formatted_address: "94 Pike St #34, Seattle, WA 98101, United States",
    geometry: { location: { lat: 47.6089461, lng: -122.3404868 } },
    place_id: "ChIJ5cxl8rJqkFQRgMhV3Qq6n0E",
    rating: 4.7,
    types: ["cafe", "food", "point_of_interest", "store", "establishment"],
  },
  {
    name: "Original Starbucks",
    formatted_address: "1912 Pike Pl, Seattle, WA 98101, United States",
    geometry: { location: { lat: 47.6100898, lng: -122.3424281 } },
    place_id: "ChIJqcN2ArNqkFQR5hLFhhNVzbM",
    rating: 4.3,
    types: ["cafe", "food", "point_of_interest", "store", "establishment"],
  },
];

const PLACE_STORYVILLE = {
  name: "Storyville Coffee Pike Place",
  formatted_address: "94 Pike St #34, Seattle, WA 98101, United States",
  geometry: { location: { lat: 47.6089461, lng: -122.3404868 } },
  formatted_phone_number: "(206) 780-5777",
  website: "https://storyville.com/",
  rating: 4.7,
  reviews: [
    {
      author_name: "Dana K.",
      rating: 5,
      relative_time_description: "2 weeks ago",
      text: "Their online ordering page kept showing a 404 error, so we just walked in. Best mocha in the market and the staff were lovely.",
    },
    {
      author_name: "Marco B.",
      rating: 4,
      relative_time_description: "a month ago",
      text: "Great view over the sound. The card reader threw an error once but they sorted it out quickly.",
    },
  ],
  opening_hours: {
    open_now: true,
    weekday_text: ["Monday: 7:00 AM – 6:00 PM", "Tuesday: 7:00 AM – 6:00 PM"],
  },
};

function googleHandler(_req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  const p = url.pathname;
  const q = url.searchParams;
  if (q.get("key") !== GOOGLE_MAPS_KEY || state.gmKeyInvalid)
    return json(res, 200, {
      error_message: "The provided API key is invalid.",
      results: [],
      status: "REQUEST_DENIED",
    });
  if (state.gmNotAuthorized)
    return json(res, 200, {
      error_message: "This API project is not authorized to use this API.",
      html_attributions: [],
      results: [],
      status: "REQUEST_DENIED",
    });
  if (state.gmBillingDisabled)
    return json(res, 200, {
      error_message:
        "You must enable Billing on the Google Cloud Project at https://console.cloud.google.com/project/_/billing/enable Learn more at https://developers.google.com/maps/gmp-get-started",
      results: [],
      status: "REQUEST_DENIED",
    });
  if (state.gmOverQueryLimit)
    return json(res, 200, {
      error_message: "You have exceeded your rate-limit for this API.",
      results: [],
      status: "OVER_QUERY_LIMIT",
    });
  if (state.gmUnknownError) return json(res, 500, { results: [], status: "UNKNOWN_ERROR" });
  if (state.gmBadGateway) return text(res, 502, GOOGLE_502, "text/html; charset=UTF-8");

  if (p === "/maps/api/geocode/json") {
    const address = q.get("address");
    const latlng = q.get("latlng");
    if (address !== null) {
      const answer = () => {
        const a = address.toLowerCase();
        if (a.includes("amphitheatre")) return json(res, 200, { results: [GEO_GOOGLEPLEX], status: "OK" });
        if (a.includes("pike")) return json(res, 200, { results: [GEO_PIKE], status: "OK" });
        return json(res, 200, { results: [], status: "ZERO_RESULTS" });
      };
      if (address.toLowerCase().includes("slow")) return later(15_000, answer);
      return answer();
    }
    if (latlng !== null) {
      const [lat, lng] = latlng.split(",").map(Number);
      if (!Number.isFinite(lat) || !Number.isFinite(lng))
        return json(res, 200, {
          error_message: "Invalid request. Invalid 'latlng' parameter.",
          results: [],
          status: "INVALID_REQUEST",
        });
      return json(res, 200, { results: [GEO_PIKE], status: "OK" });
    }
    return json(res, 200, {
      error_message:
        "Invalid request. Missing the 'address', 'components', 'latlng' or 'place_id' parameter.",
      results: [],
      status: "INVALID_REQUEST",
    });
  }
  if (p === "/maps/api/place/textsearch/json") {
    const query = (q.get("query") ?? "").toLowerCase();
    if (query.includes("longyearbyen"))
      return json(res, 200, { html_attributions: [], results: [], status: "ZERO_RESULTS" });
    return json(res, 200, { html_attributions: [], results: PLACES_COFFEE, status: "OK" });
  }
  if (p === "/maps/api/place/details/json") {
    if (q.get("place_id") === "ChIJ5cxl8rJqkFQRgMhV3Qq6n0E")
      return json(res, 200, { html_attributions: [], result: PLACE_STORYVILLE, status: "OK" });
    return json(res, 200, { html_attributions: [], status: "NOT_FOUND" });
  }
  if (p === "/maps/api/distancematrix/json") {
    const origins = (q.get("origins") ?? "").split("|");
    const destinations = (q.get("destinations") ?? "").split("|");
    const element = (o: string, d: string) => {
      if (/atlantis/i.test(o) || /atlantis/i.test(d)) return { status: "NOT_FOUND" };
      const km = 12 + ((o.length * 7 + d.length * 3) % 40);
      return {
        distance: { text: `${km} km`, value: km * 1000 },
        duration: { text: `${Math.round(km * 1.4)} mins`, value: Math.round(km * 84) },
        status: "OK",
      };
    };
    return json(res, 200, {
      destination_addresses: destinations.map((d) => (/atlantis/i.test(d) ? "" : `${d}, USA`)),
      origin_addresses: origins.map((o) => (/atlantis/i.test(o) ? "" : `${o}, USA`)),
      rows: origins.map((o) => ({ elements: destinations.map((d) => element(o, d)) })),
      status: "OK",
    });
  }
  if (p === "/maps/api/elevation/json") {
    const points = (q.get("locations") ?? "").split("|").map((s) => s.split(",").map(Number));
    return json(res, 200, {
      results: points.map(([lat, lng], i) => ({
        elevation: [4392.36, 1608.64, 56.12][i % 3],
        location: { lat, lng },
        resolution: 9.543951988220215,
      })),
      status: "OK",
    });
  }
  if (p === "/maps/api/directions/json") {
    const mode = q.get("mode") ?? "driving";
    if (!["driving", "walking", "bicycling", "transit"].includes(mode))
      return json(res, 200, {
        error_message: "Invalid request. Invalid 'mode' parameter.",
        geocoded_waypoints: [],
        routes: [],
        status: "INVALID_REQUEST",
      });
    return json(res, 200, {
      geocoded_waypoints: [{ geocoder_status: "OK" }, { geocoder_status: "OK" }],
      routes: [
        {
          summary: "1st Ave",
          legs: [
            {
              distance: { text: "1.2 km", value: 1210 },
              duration: { text: "16 mins", value: 962 },
              steps: [
                {
                  html_instructions: "Head <b>northwest</b> on <b>Pike St</b> toward <b>1st Ave</b>",
                  distance: { text: "0.1 km", value: 96 },
                  duration: { text: "1 min", value: 75 },
                  travel_mode: "WALKING",
                },
                {
                  html_instructions: "Turn <b>right</b> onto <b>1st Ave</b>",
                  distance: { text: "1.1 km", value: 1114 },
                  duration: { text: "15 mins", value: 887 },
                  travel_mode: "WALKING",
                },
              ],
            },
          ],
        },
      ],
      status: "OK",
    });
  }
  return json(res, 404, { error_message: "Not Found", status: "INVALID_REQUEST" });
}

export const brightdataStandin = forwardProxy(BRIGHTDATA_PROXY_PORT, ensureCertificate, brightdataHandler);
export const hyperbrowserStandin = tlsStandin(HYPERBROWSER_PORT, ensureCertificate, hyperbrowserHandler);
export const googleMapsStandin = tlsStandin(GOOGLE_MAPS_PORT, ensureCertificate, googleHandler);
export const ALL_STANDINS = [brightdataStandin, hyperbrowserStandin, googleMapsStandin];
