// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - PostHog's private REST API (`/api/projects/{id}/…`) for posthog-mcp-server, whose host is configurable
//   (POSTHOG_HOST), so it is a plain HTTP server on a loopback port;
// - Google's OAuth token endpoint (`www.googleapis.com/oauth2/v4/token`), the Search Console API v3
//   (`www.googleapis.com/webmasters/v3/…`) and the URL Inspection API (`searchconsole.googleapis.com/v1/…`) for
//   mcp-server-gsc, whose hosts are written into googleapis: gaxios follows HTTPS_PROXY to standin-kit's
//   `forwardProxy`, which terminates the CONNECT tunnels with the stand-in certificate.
//
// `state` is switched by the sessions' hooks.

import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
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

export const DATA = "/tmp/faultline-corpus-r29-b";
export const CERT = path.join(DATA, "standin-cert.pem");
export const GSC_KEY_FILE = path.join(DATA, "gsc-service-account.json");

export const POSTHOG_PORT = 42300;
export const GOOGLE_PROXY_PORT = 42301;

export const ensureCertificate = (): Certificate =>
  certificate(DATA, ["www.googleapis.com", "searchconsole.googleapis.com", "oauth2.googleapis.com"]);

export const state = {
  phKeyRevoked: false,
  phPlanLimited: false,
  phThrottled: false,
  phBadGateway: false,
  gKeyDeleted: false,
  gQuota: false,
  gBadGateway: false,
  gServerError: false,
};

export const unknownRequests: string[] = [];

/** How many requests each stand-in saw for a path (for the README's notes on retries). */
export const seen = new Map<string, number>();
export function resetCounters() {
  seen.clear();
  unknownRequests.length = 0;
}
function count(key: string) {
  seen.set(key, (seen.get(key) ?? 0) + 1);
}

// ------------------------------------------------------------------------------------------------ PostHog

export const PH_KEY = "phx_4kQv9TzR2mWb7YcE1nLs8HdPaXo3JfUg6iKq0VrMtBw";
export const PH_PROJECT = "48213";
export const PH_PERSON = "user_8841";
export const PH_PERSON_MISSING = "user_0000-deleted";
export const PH_DASHBOARD = 4102;
export const PH_DASHBOARD_MISSING = 999104;
export const PH_INSIGHT = 73021;
export const PH_INSIGHT_SLOW = 73090;
export const PH_EXPERIMENT = 311;

const phError = (type: string, code: string, detail: string, attr: string | null = null) => ({
  type,
  code,
  detail,
  attr,
});

const PH_NOT_FOUND = phError("invalid_request", "not_found", "Not found.");

const PROJECT = {
  id: Number(PH_PROJECT),
  uuid: "01893f2a-6c1e-0000-8d4b-2f7c9a1e5b30",
  organization: {
    id: "01893f2a-5a0b-0000-4e21-93c1d07f6a88",
    name: "Northwind Traders",
    slug: "northwind-traders",
    created_at: "2023-07-11T09:14:02.118000Z",
    updated_at: "2026-10-02T12:40:55.901000Z",
    membership_level: 8,
    plugins_access_level: 9,
    teams: [{ id: Number(PH_PROJECT), name: "Northwind web app" }],
  },
  api_token: "phc_Zq7RkT2nLw9XbV4cMy1sAe8HdPuJf3GtKo6iNrBq0Ec",
  name: "Northwind web app",
  created_at: "2023-07-11T09:15:40.552000Z",
  updated_at: "2026-11-28T16:03:12.440000Z",
  anonymize_ips: false,
  completed_snippet_onboarding: true,
  ingested_event: true,
  test_account_filters: [
    { key: "email", type: "person", value: "@northwindtraders.com", operator: "not_icontains" },
  ],
  timezone: "Europe/London",
  data_attributes: ["data-attr"],
  session_recording_opt_in: true,
  capture_console_log_opt_in: true,
  capture_performance_opt_in: true,
  week_start_day: 1,
  has_group_types: false,
  primary_dashboard: PH_DASHBOARD,
  live_events_columns: null,
  recording_domains: ["https://app.northwindtraders.com"],
  person_on_events_querying_enabled: true,
  access_control: false,
  effective_membership_level: 8,
};

const EVENTS = [
  {
    id: "0193a1f2-7c44-7d10-9a3e-51b2c8e0f4a1",
    distinct_id: PH_PERSON,
    properties: {
      $current_url: "https://app.northwindtraders.com/orders",
      $pathname: "/orders",
      $browser: "Chrome",
      $browser_version: 131,
      $os: "Mac OS X",
      $device_type: "Desktop",
      $referring_domain: "$direct",
      $session_id: "0193a1e9-0b2d-7a55-b6f0-3c9d2e71a804",
      $lib: "web",
      $lib_version: "1.194.3",
      $geoip_country_code: "GB",
      $geoip_city_name: "Leeds",
    },
    event: "$pageview",
    timestamp: "2026-12-06T17:42:08.331000+00:00",
    person: null,
    elements: [],
    elements_chain: "",
  },
  {
    id: "0193a1f1-2b90-7e3c-8d41-0a6f9c2e7b55",
    distinct_id: "user_2207",
    properties: {
      $current_url: "https://app.northwindtraders.com/catalogue/beverages",
      $pathname: "/catalogue/beverages",
      $browser: "Safari",
      $browser_version: 18.1,
      $os: "iOS",
      $device_type: "Mobile",
      $referring_domain: "www.google.com",
      $session_id: "0193a1ee-4f12-7b0a-9c77-d1e05a3f2c19",
      $lib: "web",
      $lib_version: "1.194.3",
      $geoip_country_code: "FR",
      $geoip_city_name: "Lyon",
    },
    event: "$pageview",
    timestamp: "2026-12-06T17:41:52.904000+00:00",
    person: null,
    elements: [],
    elements_chain: "",
  },
  {
    id: "0193a1f0-9a07-7f61-b2c5-7e3d18a4c0d2",
    distinct_id: "user_5170",
    properties: {
      $current_url: "https://app.northwindtraders.com/checkout",
      $pathname: "/checkout",
      $browser: "Firefox",
      $browser_version: 133,
      $os: "Windows",
      $device_type: "Desktop",
      $referring_domain: "$direct",
      $session_id: "0193a1e4-77c0-7a2e-8e19-6b4f0d3c9a27",
      $lib: "web",
      $lib_version: "1.194.3",
      $geoip_country_code: "DE",
      $geoip_city_name: "Hamburg",
    },
    event: "$pageview",
    timestamp: "2026-12-06T17:41:30.015000+00:00",
    person: null,
    elements: [],
    elements_chain: "",
  },
];

const PERSON = {
  id: "0190c4d2-5e81-0000-a7f3-2b9e6c01d48f",
  name: "priya.natarajan@acme.io",
  distinct_ids: [PH_PERSON, "0190c4d2-5c11-7b3a-9f02-81e4a6d3c7b0"],
  properties: {
    email: "priya.natarajan@acme.io",
    name: "Priya Natarajan",
    plan: "business",
    company: "Acme Logistics",
    $initial_referring_domain: "www.google.com",
    $initial_utm_source: "newsletter",
    $geoip_country_code: "GB",
    $creator_event_uuid: "0190c4d2-5c11-7b3a-9f02-81e4a6d3c7b0",
  },
  created_at: "2024-07-02T08:21:44.101000Z",
  uuid: "0190c4d2-5e81-0000-a7f3-2b9e6c01d48f",
  last_seen_at: "2026-12-06T17:42:08.331000Z",
};

const DASHBOARDS = [
  {
    id: PH_DASHBOARD,
    name: "Product health",
    description: "Weekly active users, activation funnel and retention for the web app",
    pinned: true,
    created_at: "2024-02-19T10:02:11.418000Z",
    created_by: { id: 1, first_name: "Dana", email: "dana.ruiz@northwindtraders.com" },
    last_accessed_at: "2026-12-06T08:30:00.000000Z",
    is_shared: false,
    deleted: false,
    creation_mode: "default",
    restriction_level: 21,
    effective_restriction_level: 21,
    effective_privilege_level: 37,
    user_access_level: "editor",
    access_control_version: "v2",
    tags: ["product", "weekly-review"],
  },
  {
    id: 4117,
    name: "Checkout conversion",
    description: "Cart to order funnel by device and country",
    pinned: false,
    created_at: "2025-05-07T14:45:09.002000Z",
    created_by: { id: 4, first_name: "Tomasz", email: "tomasz.wolak@northwindtraders.com" },
    last_accessed_at: "2026-12-04T16:12:40.000000Z",
    is_shared: true,
    deleted: false,
    creation_mode: "default",
    restriction_level: 21,
    effective_restriction_level: 21,
    effective_privilege_level: 37,
    user_access_level: "editor",
    access_control_version: "v2",
    tags: ["growth"],
  },
  {
    id: 4133,
    name: "Web analytics (legacy)",
    description: "",
    pinned: false,
    created_at: "2023-08-01T09:00:00.000000Z",
    created_by: { id: 1, first_name: "Dana", email: "dana.ruiz@northwindtraders.com" },
    last_accessed_at: "2025-11-20T10:00:00.000000Z",
    is_shared: false,
    deleted: false,
    creation_mode: "template",
    restriction_level: 21,
    effective_restriction_level: 21,
    effective_privilege_level: 37,
    user_access_level: "editor",
    access_control_version: "v2",
    tags: [],
  },
];

const TREND_INSIGHT = {
  id: PH_INSIGHT,
  short_id: "Kx81bQ4v",
  name: "Weekly active users",
  derived_name: "Unique users of Pageview",
  query: {
    kind: "InsightVizNode",
    source: {
      kind: "TrendsQuery",
      series: [{ kind: "EventsNode", event: "$pageview", name: "$pageview", math: "dau" }],
      interval: "week",
      dateRange: { date_from: "-8w" },
      filterTestAccounts: true,
    },
  },
  result: [
    {
      action: { id: "$pageview", type: "events", order: 0, name: "$pageview", math: "dau" },
      label: "$pageview",
      count: 31418,
      data: [3652, 3710, 3805, 3877, 3941, 4012, 4066, 4355],
      labels: [
        "13-Oct-2026",
        "20-Oct-2026",
        "27-Oct-2026",
        "3-Nov-2026",
        "10-Nov-2026",
        "17-Nov-2026",
        "24-Nov-2026",
        "1-Dec-2026",
      ],
      days: [
        "2026-10-13",
        "2026-10-20",
        "2026-10-27",
        "2026-11-03",
        "2026-11-10",
        "2026-11-17",
        "2026-11-24",
        "2026-12-01",
      ],
    },
  ],
  last_refresh: "2026-12-06T17:30:02.114000Z",
  cache_target_age: "2026-12-06T17:45:02.114000Z",
  is_cached: true,
  dashboards: [PH_DASHBOARD],
  created_at: "2024-02-19T10:05:40.200000Z",
  favorited: true,
  saved: true,
  deleted: false,
};

const DASHBOARD_DETAIL = {
  ...DASHBOARDS[0],
  tiles: [
    {
      id: 22871,
      layouts: {},
      color: null,
      insight: { id: PH_INSIGHT, short_id: "Kx81bQ4v", name: "Weekly active users" },
      text: null,
      deleted: null,
      is_cached: true,
      order: 0,
      last_refresh: "2026-12-06T17:30:02.114000Z",
    },
    {
      id: 22872,
      layouts: {},
      color: null,
      insight: { id: 73022, short_id: "Pq2mZt9R", name: "Signup to first order" },
      text: null,
      deleted: null,
      is_cached: true,
      order: 1,
      last_refresh: "2026-12-06T17:30:02.114000Z",
    },
  ],
};

const FLAGS = [
  {
    id: 1204,
    name: "New checkout flow with saved carts",
    key: "checkout-v2",
    filters: { groups: [{ properties: [], rollout_percentage: 50 }], multivariate: null },
    deleted: false,
    active: true,
    created_at: "2026-09-14T11:02:40.210000Z",
    created_by: { id: 4, first_name: "Tomasz", email: "tomasz.wolak@northwindtraders.com" },
    is_simple_flag: true,
    rollout_percentage: 50,
    ensure_experience_continuity: false,
    experiment_set: [PH_EXPERIMENT],
    tags: ["checkout"],
  },
  {
    id: 1188,
    name: "Bulk order CSV import",
    key: "bulk-import",
    filters: {
      groups: [
        {
          properties: [{ key: "plan", type: "person", value: ["business", "enterprise"], operator: "exact" }],
          rollout_percentage: 100,
        },
      ],
      multivariate: null,
    },
    deleted: false,
    active: true,
    created_at: "2026-06-03T08:40:12.770000Z",
    created_by: { id: 1, first_name: "Dana", email: "dana.ruiz@northwindtraders.com" },
    is_simple_flag: false,
    rollout_percentage: null,
    ensure_experience_continuity: false,
    experiment_set: [],
    tags: [],
  },
];

const EXPERIMENT = {
  id: PH_EXPERIMENT,
  name: "Checkout v2 — saved carts",
  description: "Does letting users save a cart raise order completion?",
  start_date: "2026-11-02T09:00:00Z",
  end_date: null,
  feature_flag_key: "checkout-v2",
  feature_flag: { id: 1204, key: "checkout-v2", active: true },
  parameters: {
    feature_flag_variants: [
      { key: "control", rollout_percentage: 50 },
      { key: "test", rollout_percentage: 50 },
    ],
    recommended_sample_size: 4200,
    minimum_detectable_effect: 5,
  },
  archived: false,
  type: "product",
  metrics: [{ kind: "ExperimentMetric", metric_type: "funnel", name: "Order completed" }],
  created_at: "2026-10-30T15:12:09.000000Z",
  updated_at: "2026-12-01T10:00:00.000000Z",
  status: "running",
};

const ACTIONS = [
  {
    id: 812,
    name: "Placed order",
    description: "Order confirmation page viewed or order_placed captured",
    tags: [],
    post_to_slack: false,
    slack_message_format: "",
    steps: [
      { event: "order_placed", properties: null, url: null, url_matching: "contains" },
      { event: "$pageview", properties: null, url: "/orders/confirmation", url_matching: "contains" },
    ],
    created_at: "2024-03-01T09:30:00.000000Z",
    created_by: { id: 1, first_name: "Dana", email: "dana.ruiz@northwindtraders.com" },
    deleted: false,
    is_calculating: false,
    last_calculated_at: "2026-12-06T17:00:00.000000Z",
    team_id: Number(PH_PROJECT),
    is_action: true,
    bytecode_error: null,
  },
  {
    id: 815,
    name: "Clicked upgrade",
    description: "",
    tags: ["billing"],
    post_to_slack: false,
    slack_message_format: "",
    steps: [
      {
        event: "$autocapture",
        selector: "[data-attr='upgrade-plan']",
        text: "Upgrade",
        url_matching: "contains",
      },
    ],
    created_at: "2024-05-12T13:05:00.000000Z",
    created_by: { id: 4, first_name: "Tomasz", email: "tomasz.wolak@northwindtraders.com" },
    deleted: false,
    is_calculating: false,
    last_calculated_at: "2026-12-06T17:00:00.000000Z",
    team_id: Number(PH_PROJECT),
    is_action: true,
    bytecode_error: null,
  },
];

/** The page an AWS Application Load Balancer answers when its target fails (PostHog Cloud runs on AWS). */
const ALB_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n";

function posthogHandler(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  const p = url.pathname;
  count(`posthog ${p}`);
  if (req.headers.authorization !== `Bearer ${PH_KEY}` || state.phKeyRevoked) {
    return json(
      res,
      401,
      phError(
        "authentication_error",
        "authentication_failed",
        "Personal API key found in request Authorization header is invalid.",
      ),
    );
  }
  if (state.phThrottled) {
    return json(
      res,
      429,
      phError("throttled_error", "throttled", "Request was throttled. Expected available in 38 seconds."),
      { "retry-after": "38" },
    );
  }
  if (state.phBadGateway) return text(res, 502, ALB_502, "text/html");

  const base = `/api/projects/${PH_PROJECT}/`;
  if (!p.startsWith(base)) {
    unknownRequests.push(`posthog ${method} ${p}`);
    return json(res, 404, PH_NOT_FOUND);
  }
  const rest = p.slice(base.length);
  const q = url.searchParams;

  if (rest === "") return json(res, 200, PROJECT);
  if (rest === "events/") {
    const event = q.get("event");
    const results = EVENTS.filter((e) => !event || e.event === event).slice(0, Number(q.get("limit") ?? 100));
    return json(res, 200, { next: null, results });
  }
  if (rest === "persons/") {
    const distinctId = q.get("distinct_id");
    if (distinctId !== null) {
      const results = PERSON.distinct_ids.includes(distinctId) ? [PERSON] : [];
      return json(res, 200, { next: null, previous: null, count: results.length, results });
    }
    const search = q.get("search") ?? "";
    const results = JSON.stringify(PERSON).includes(search) ? [PERSON] : [];
    return json(res, 200, { next: null, previous: null, count: results.length, results });
  }
  if (rest === "dashboards/") {
    return json(res, 200, { count: DASHBOARDS.length, next: null, previous: null, results: DASHBOARDS });
  }
  const dashboard = /^dashboards\/(\w+)\/$/.exec(rest);
  if (dashboard) {
    if (dashboard[1] === String(PH_DASHBOARD)) return json(res, 200, DASHBOARD_DETAIL);
    return json(res, 404, PH_NOT_FOUND);
  }
  const insight = /^insights\/(\d+)\/$/.exec(rest);
  if (insight) {
    if (insight[1] === String(PH_INSIGHT)) return json(res, 200, TREND_INSIGHT);
    if (insight[1] === String(PH_INSIGHT_SLOW)) {
      return later(15_000, () => json(res, 200, { ...TREND_INSIGHT, id: PH_INSIGHT_SLOW, is_cached: false }));
    }
    return json(res, 404, PH_NOT_FOUND);
  }
  if (rest === "feature_flags/") {
    const active = q.get("active");
    const results = FLAGS.filter((f) => active === null || String(f.active) === active);
    return json(res, 200, { count: results.length, next: null, previous: null, results });
  }
  // Feature flags are looked up by numeric id: anything else under feature_flags/ is a 404 (there is no
  // `evaluation` route in PostHog's REST API).
  if (rest.startsWith("feature_flags/")) return json(res, 404, PH_NOT_FOUND);
  if (rest === "cohorts/") {
    const search = (q.get("search") ?? "").toLowerCase();
    const cohorts = [
      {
        id: 96,
        name: "Business plan accounts",
        description: "",
        groups: [],
        deleted: false,
        is_calculating: false,
        created_by: { id: 1, first_name: "Dana", email: "dana.ruiz@northwindtraders.com" },
        created_at: "2025-01-09T10:00:00.000000Z",
        last_calculation: "2026-12-06T16:00:00.000000Z",
        errors_calculating: 0,
        count: 1284,
        is_static: false,
        type: 1,
      },
    ];
    const results = cohorts.filter((c) => c.name.toLowerCase().includes(search));
    return json(res, 200, { count: results.length, next: null, previous: null, results });
  }
  if (rest === "experiments/") {
    if (state.phPlanLimited) {
      return json(
        res,
        402,
        phError(
          "server_error",
          "payment_required",
          "Experimentation is part of the premium PostHog offering. To use it, subscribe to PostHog Cloud with a generous free tier: https://app.posthog.com/organization/billing",
        ),
      );
    }
    return json(res, 200, { count: 1, next: null, previous: null, results: [EXPERIMENT] });
  }
  const experiment = /^experiments\/(\d+)\/$/.exec(rest);
  if (experiment) {
    if (experiment[1] === String(PH_EXPERIMENT)) return json(res, 200, EXPERIMENT);
    return json(res, 404, PH_NOT_FOUND);
  }
  if (rest === "actions/") {
    return json(res, 200, { count: ACTIONS.length, next: null, previous: null, results: ACTIONS });
  }
  unknownRequests.push(`posthog ${method} ${p}`);
  return json(res, 404, PH_NOT_FOUND);
}

export const posthogStandin = httpStandin(POSTHOG_PORT, posthogHandler);

// ------------------------------------------------------------------------------------------ Google Search Console

export const SITE_DOMAIN = "sc-domain:northwindtraders.com";
export const SITE_BLOG = "https://blog.northwindtraders.com/";
export const SITE_FORBIDDEN = "https://www.contoso-shop.com/";
export const SITEMAP = "https://blog.northwindtraders.com/sitemap.xml";
export const SITEMAP_MISSING = "https://blog.northwindtraders.com/sitemap-2019.xml";
export const SITEMAP_NEW = "https://blog.northwindtraders.com/sitemap-news.xml";
export const PAGE_INDEXED = "https://blog.northwindtraders.com/guides/cold-chain-shipping";
export const PAGE_UNKNOWN = "https://blog.northwindtraders.com/drafts/q1-price-list";

/** Writes a service-account key file (a fresh RSA key; the stand-in does not check the JWT's signature). */
export function ensureServiceAccount() {
  if (fs.existsSync(GSC_KEY_FILE)) return;
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = {
    type: "service_account",
    project_id: "northwind-seo-reports",
    private_key_id: "5f3c2a9e8b1d4c7f0a6e2b9d3c8f1a4e7b0d2c95",
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    client_email: "gsc-reader@northwind-seo-reports.iam.gserviceaccount.com",
    client_id: "104729385612047739218",
    auth_uri: "https://accounts.google.com/o/oauth2/auth",
    token_uri: "https://oauth2.googleapis.com/token",
    auth_provider_x509_cert_url: "https://www.googleapis.com/oauth2/v1/certs",
    client_x509_cert_url:
      "https://www.googleapis.com/robot/v1/metadata/x509/gsc-reader%40northwind-seo-reports.iam.gserviceaccount.com",
    universe_domain: "googleapis.com",
  };
  fs.mkdirSync(DATA, { recursive: true });
  fs.writeFileSync(GSC_KEY_FILE, JSON.stringify(key, null, 2), { mode: 0o600 });
}

const gError = (code: number, status: string, message: string, reason: string, extra: object = {}) => ({
  error: { code, message, errors: [{ message, domain: "global", reason }], status, ...extra },
});

/** Google's own HTML error page for a 502 from its front end. */
const GOOGLE_502 = `<!DOCTYPE html>
<html lang=en>
  <meta charset=utf-8>
  <meta name=viewport content="initial-scale=1, minimum-scale=1, width=device-width">
  <title>Error 502 (Server Error)!!1</title>
  <style>
    *{margin:0;padding:0}html,code{font:15px/22px arial,sans-serif}html{background:#fff;color:#222;padding:15px}body{margin:7% auto 0;max-width:390px;min-height:180px;padding:30px 0 15px}
  </style>
  <a href=//www.google.com/><span id=logo aria-label=Google></span></a>
  <p><b>502.</b> <ins>That’s an error.</ins>
  <p>The server encountered a temporary error and could not complete your request.<p>Please try again in 30 seconds.  <ins>That’s all we know.</ins>
`;

const SITES = {
  siteEntry: [
    { siteUrl: SITE_DOMAIN, permissionLevel: "siteOwner" },
    { siteUrl: SITE_BLOG, permissionLevel: "siteFullUser" },
    { siteUrl: "https://shop.northwindtraders.com/", permissionLevel: "siteRestrictedUser" },
  ],
};

const QUERY_ROWS = [
  { keys: ["cold chain shipping"], clicks: 412, impressions: 9310, ctr: 0.044253490870032225, position: 5.8 },
  { keys: ["northwind traders"], clicks: 388, impressions: 1020, ctr: 0.3803921568627451, position: 1.1 },
  {
    keys: ["refrigerated freight cost"],
    clicks: 97,
    impressions: 6044,
    ctr: 0.01604897418927862,
    position: 7.3,
  },
  {
    keys: ["how to ship perishables"],
    clicks: 61,
    impressions: 4870,
    ctr: 0.012525667351129363,
    position: 8.9,
  },
  {
    keys: ["pallet shipping rates uk"],
    clicks: 12,
    impressions: 2210,
    ctr: 0.005429864253393665,
    position: 14.2,
  },
];

const QUERY_PAGE_ROWS = [
  {
    keys: ["refrigerated freight cost", "https://blog.northwindtraders.com/guides/cold-chain-shipping"],
    clicks: 97,
    impressions: 6044,
    ctr: 0.01604897418927862,
    position: 7.3,
  },
  {
    keys: ["how to ship perishables", "https://blog.northwindtraders.com/guides/perishables"],
    clicks: 61,
    impressions: 4870,
    ctr: 0.012525667351129363,
    position: 8.9,
  },
  {
    keys: ["cold chain shipping", "https://blog.northwindtraders.com/guides/cold-chain-shipping"],
    clicks: 412,
    impressions: 9310,
    ctr: 0.044253490870032225,
    position: 5.8,
  },
  {
    keys: ["pallet shipping rates uk", "https://blog.northwindtraders.com/rates/pallets"],
    clicks: 12,
    impressions: 2210,
    ctr: 0.005429864253393665,
    position: 14.2,
  },
];

const SITEMAP_ENTRY = {
  path: SITEMAP,
  lastSubmitted: "2026-11-30T06:12:44.201Z",
  isPending: false,
  isSitemapsIndex: false,
  type: "sitemap",
  lastDownloaded: "2026-12-06T03:40:11.877Z",
  warnings: "2",
  errors: "1",
  contents: [{ type: "web", submitted: "184", indexed: "0" }],
};

const INSPECT_INDEXED = {
  inspectionResult: {
    inspectionResultLink:
      "https://search.google.com/search-console/inspect?resource_id=https://blog.northwindtraders.com/&id=kT3fVqJ1c8n2wYbP0sLd4A&utm_medium=link",
    indexStatusResult: {
      verdict: "PASS",
      coverageState: "Submitted and indexed",
      robotsTxtState: "ALLOWED",
      indexingState: "INDEXING_ALLOWED",
      lastCrawlTime: "2026-12-03T21:14:07Z",
      pageFetchState: "SUCCESSFUL",
      googleCanonical: PAGE_INDEXED,
      userCanonical: PAGE_INDEXED,
      sitemap: [SITEMAP],
      referringUrls: ["https://blog.northwindtraders.com/guides/"],
      crawledAs: "MOBILE",
    },
    mobileUsabilityResult: { verdict: "VERDICT_UNSPECIFIED" },
    richResultsResult: {
      verdict: "PASS",
      detectedItems: [{ richResultType: "Breadcrumbs", items: [{ name: "Unnamed item" }] }],
    },
  },
};

const INSPECT_UNKNOWN = {
  inspectionResult: {
    inspectionResultLink:
      "https://search.google.com/search-console/inspect?resource_id=https://blog.northwindtraders.com/&id=Zr8mQ2pLx0aWc5nT7vYb1E&utm_medium=link",
    indexStatusResult: {
      verdict: "NEUTRAL",
      coverageState: "URL is unknown to Google",
      robotsTxtState: "ROBOTS_TXT_STATE_UNSPECIFIED",
      indexingState: "INDEXING_STATE_UNSPECIFIED",
      pageFetchState: "PAGE_FETCH_STATE_UNSPECIFIED",
    },
    mobileUsabilityResult: { verdict: "VERDICT_UNSPECIFIED" },
  },
};

function googleHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  const host = url.hostname;
  const p = url.pathname;
  count(`google ${method} ${host}${p}`);

  if (host === "www.googleapis.com" && p === "/oauth2/v4/token") {
    if (state.gKeyDeleted) {
      return json(res, 400, { error: "invalid_grant", error_description: "Invalid JWT Signature." });
    }
    return json(res, 200, {
      access_token: "ya29.c.c0ASRK0GaStandInTokenQ3v9mLx2Rw8TnBp4Yk1Hs6Jd0Fz7Cu5Ea",
      expires_in: 3599,
      token_type: "Bearer",
    });
  }
  if (!/^Bearer ya29\./.test(req.headers.authorization ?? "")) {
    return json(
      res,
      401,
      gError(
        401,
        "UNAUTHENTICATED",
        "Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
        "required",
      ),
    );
  }
  if (state.gBadGateway) return text(res, 502, GOOGLE_502, "text/html; charset=UTF-8");

  if (
    host === "searchconsole.googleapis.com" &&
    p === "/v1/urlInspection/index:inspect" &&
    method === "POST"
  ) {
    if (state.gQuota) {
      return json(
        res,
        429,
        {
          error: {
            code: 429,
            message:
              "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute per user' of service 'searchconsole.googleapis.com' for consumer 'project_number:618203374112'.",
            status: "RESOURCE_EXHAUSTED",
            details: [
              {
                "@type": "type.googleapis.com/google.rpc.ErrorInfo",
                reason: "RATE_LIMIT_EXCEEDED",
                domain: "googleapis.com",
                metadata: {
                  quota_limit: "QueriesPerMinutePerUser",
                  quota_metric: "searchconsole.googleapis.com/queries",
                  service: "searchconsole.googleapis.com",
                  consumer: "projects/618203374112",
                  quota_limit_value: "600",
                },
              },
            ],
          },
        },
        { "retry-after": "41" },
      );
    }
    let request: { inspectionUrl?: string; siteUrl?: string } = {};
    try {
      request = JSON.parse(body) as typeof request;
    } catch {
      /* answered below */
    }
    if (request.inspectionUrl === PAGE_INDEXED) return json(res, 200, INSPECT_INDEXED);
    return json(res, 200, INSPECT_UNKNOWN);
  }

  if (host !== "www.googleapis.com" || !p.startsWith("/webmasters/v3/")) {
    unknownRequests.push(`google ${method} ${host}${p}`);
    return json(res, 404, gError(404, "NOT_FOUND", "Not Found", "notFound"));
  }
  const rest = p.slice("/webmasters/v3/".length);
  if (rest === "sites" && method === "GET") return json(res, 200, SITES);

  const site = /^sites\/([^/]+)\/(.*)$/.exec(rest);
  if (!site) {
    unknownRequests.push(`google ${method} ${p}`);
    return json(res, 404, gError(404, "NOT_FOUND", "Not Found", "notFound"));
  }
  const siteUrl = decodeURIComponent(site[1]!);
  const sub = site[2]!;
  if (![SITE_DOMAIN, SITE_BLOG, "https://shop.northwindtraders.com/"].includes(siteUrl)) {
    const message = `User does not have sufficient permission for site '${siteUrl}'. See also: https://support.google.com/webmasters/answer/2451999.`;
    return json(res, 403, gError(403, "PERMISSION_DENIED", message, "forbidden"));
  }

  if (sub === "searchAnalytics/query" && method === "POST") {
    if (state.gServerError) {
      return json(res, 500, gError(500, "INTERNAL", "Internal error encountered.", "backendError"));
    }
    const request = JSON.parse(body || "{}") as {
      startDate?: string;
      endDate?: string;
      dimensions?: string[];
      rowLimit?: number;
      dimensionFilterGroups?: { filters: { dimension: string; expression: string }[] }[];
    };
    for (const [field, value] of [
      ["start_date", request.startDate],
      ["end_date", request.endDate],
    ] as const) {
      if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
        const message = `Invalid value at '${field}' (TYPE_STRING), "${value ?? ""}"`;
        return json(res, 400, gError(400, "INVALID_ARGUMENT", message, "invalid"));
      }
    }
    if (request.startDate === "2026-06-01") {
      // A slow answer (a long date range over many rows).
      return later(15_000, () => json(res, 200, { rows: QUERY_ROWS, responseAggregationType: "byProperty" }));
    }
    const filters = request.dimensionFilterGroups?.flatMap((g) => g.filters) ?? [];
    const dims = request.dimensions ?? [];
    let rows: typeof QUERY_PAGE_ROWS = dims.includes("page") ? QUERY_PAGE_ROWS : QUERY_ROWS;
    for (const filter of filters) {
      if (filter.dimension === "query") rows = rows.filter((r) => r.keys[0]!.includes(filter.expression));
    }
    if (!dims.length) {
      return json(res, 200, {
        rows: [{ clicks: 970, impressions: 23454, ctr: 0.0413575509507973, position: 7.4 }],
        responseAggregationType: "byProperty",
      });
    }
    rows = rows.slice(0, request.rowLimit ?? 1000);
    // The API leaves `rows` out when nothing matches.
    if (!rows.length) return json(res, 200, { responseAggregationType: "byProperty" });
    return json(res, 200, { rows, responseAggregationType: "byProperty" });
  }
  if (sub === "sitemaps" && method === "GET") return json(res, 200, { sitemap: [SITEMAP_ENTRY] });
  const sitemap = /^sitemaps\/(.+)$/.exec(sub);
  if (sitemap) {
    const feed = decodeURIComponent(sitemap[1]!);
    if (method === "PUT") {
      if (feed === SITEMAP_NEW) {
        res.writeHead(204);
        return res.end();
      }
    }
    if (method === "GET" && feed === SITEMAP) return json(res, 200, SITEMAP_ENTRY);
    if (method === "GET") {
      return json(res, 404, gError(404, "NOT_FOUND", "Requested entity was not found.", "notFound"));
    }
  }
  unknownRequests.push(`google ${method} ${host}${p}`);
  return json(res, 404, gError(404, "NOT_FOUND", "Requested entity was not found.", "notFound"));
}

export const googleProxy = forwardProxy(GOOGLE_PROXY_PORT, ensureCertificate, googleHandler);

export const ALL_STANDINS = [posthogStandin, googleProxy];
