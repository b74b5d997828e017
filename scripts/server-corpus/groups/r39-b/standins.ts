// Loopback stand-in for group r39-b, answering as Datadog's public API answers datadog-mcp-server: incidents
// (`GET /api/v2/incidents`), monitors (`GET /api/v1/monitor`, `/api/v1/monitor/{id}`), events (`GET /api/v1/events`),
// metrics (`GET /api/v1/search`, `/api/v1/metrics/{name}`), dashboards (`GET /api/v1/dashboard`,
// `/api/v1/dashboard/{id}`) and logs (`POST /api/v2/logs/events/search`, `/api/v2/logs/analytics/aggregate`), all on
// api.datadoghq.com. README.md says where each body's shape comes from and which wordings were written for the capture.
//
// The host is built into the server from DD_SITE; loopback-preload.mjs sends every TLS connection of the server's two
// HTTP stacks here, with a certificate the server trusts by NODE_EXTRA_CA_CERTS.
//
// `state` is switched by the session's hooks.

import {
  certificate,
  clearTimers,
  json,
  later,
  parse,
  text,
  tlsStandin,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r39-b";

export const DATADOG_PORT = 43950;

export const CERT = `${DATA}/standin-cert.pem`;
export const ensureCertificate = (): Certificate => certificate(DATA, ["api.datadoghq.com", "datadoghq.com"]);

export const API_KEY = "3f1c9e7a5b2d4c6e8a0b1d3f5e7c9a1b";
export const APP_KEY = "8d2b6f0a4c8e2a6b0d4f8c2e6a0b4d8f1c3e5a7b";

export const state = {
  incidentsForbidden: false,
  incidentsServerError: false,
  monitorsSlow: false,
  metricsRateLimited: false,
  dashboardsBadGateway: false,
  logsRateLimited: false,
  logsForbidden: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ── the account's data ───────────────────────────────────────────────────────────────────────────────────────────────

export const MONITOR_CHECKOUT = 4412873;
export const MONITOR_MISSING = 4412999;

const incidents = [
  {
    type: "incidents",
    id: "7c1e5f2a-3b9d-5e8f-a1c4-2d6b8e0f3a57",
    attributes: {
      public_id: 214,
      title: "Checkout API returning 5xx for card payments",
      severity: "SEV-1",
      state: "active",
      customer_impacted: true,
      customer_impact_scope: "Card payments fail at checkout for about 30% of EU customers",
      customer_impact_start: "2026-12-07T11:52:00+00:00",
      customer_impact_end: null,
      detected: "2026-12-07T11:54:10+00:00",
      created: "2026-12-07T11:55:02.381000+00:00",
      modified: "2026-12-07T12:31:47.902000+00:00",
      resolved: null,
      time_to_detect: 130,
      time_to_internal_response: 95,
      time_to_repair: 0,
      time_to_resolve: 0,
      fields: {
        state: { type: "dropdown", value: "active" },
        severity: { type: "dropdown", value: "SEV-1" },
        services: { type: "autocomplete", value: ["checkout-api", "payments-gateway"] },
        teams: { type: "autocomplete", value: ["payments"] },
        root_cause: { type: "textbox", value: null },
      },
      notification_handles: [{ display_name: "#inc-214-checkout", handle: "@slack-inc-214-checkout" }],
    },
    relationships: {
      commander_user: { data: { type: "users", id: "3f0e7a52-9c1b-11ee-8b4d-da7ad0900002" } },
      created_by_user: { data: { type: "users", id: "3f0e7a52-9c1b-11ee-8b4d-da7ad0900002" } },
    },
  },
  {
    type: "incidents",
    id: "b84d2c91-6e0f-5a37-9d12-4f8a0c6e2b19",
    attributes: {
      public_id: 213,
      title: "Elevated p99 latency on search-indexer after deploy 2026.12.07-1",
      severity: "SEV-3",
      state: "stable",
      customer_impacted: false,
      customer_impact_scope: null,
      customer_impact_start: null,
      customer_impact_end: null,
      detected: "2026-12-07T08:12:44+00:00",
      created: "2026-12-07T08:14:20.117000+00:00",
      modified: "2026-12-07T09:40:03.556000+00:00",
      resolved: null,
      time_to_detect: 0,
      time_to_internal_response: 212,
      time_to_repair: 0,
      time_to_resolve: 0,
      fields: {
        state: { type: "dropdown", value: "stable" },
        severity: { type: "dropdown", value: "SEV-3" },
        services: { type: "autocomplete", value: ["search-indexer"] },
        teams: { type: "autocomplete", value: ["search"] },
        root_cause: { type: "textbox", value: "Index refresh interval lowered to 1s in the deploy" },
      },
      notification_handles: [],
    },
    relationships: {
      commander_user: { data: { type: "users", id: "5a9c1e04-9c1b-11ee-8b4d-da7ad0900003" } },
      created_by_user: { data: { type: "users", id: "5a9c1e04-9c1b-11ee-8b4d-da7ad0900003" } },
    },
  },
  {
    type: "incidents",
    id: "0e6f4a18-2c7b-5d93-8e41-a5b3c9d7f260",
    attributes: {
      public_id: 212,
      title: "Password reset e-mails delayed",
      severity: "SEV-4",
      state: "resolved",
      customer_impacted: true,
      customer_impact_scope: "Reset e-mails arrived 20–40 minutes late",
      customer_impact_start: "2026-12-05T21:03:00+00:00",
      customer_impact_end: "2026-12-05T22:10:00+00:00",
      detected: "2026-12-05T21:20:31+00:00",
      created: "2026-12-05T21:22:09.804000+00:00",
      modified: "2026-12-06T10:02:55.431000+00:00",
      resolved: "2026-12-05T22:14:38+00:00",
      time_to_detect: 1051,
      time_to_internal_response: 340,
      time_to_repair: 3060,
      time_to_resolve: 3149,
      fields: {
        state: { type: "dropdown", value: "resolved" },
        severity: { type: "dropdown", value: "SEV-4" },
        services: { type: "autocomplete", value: ["notifications"] },
        teams: { type: "autocomplete", value: ["identity"] },
        root_cause: { type: "textbox", value: "SMTP relay queue backed up behind a bulk campaign" },
      },
      notification_handles: [],
    },
    relationships: {
      commander_user: { data: { type: "users", id: "8b2d6f13-9c1b-11ee-8b4d-da7ad0900004" } },
      created_by_user: { data: { type: "users", id: "8b2d6f13-9c1b-11ee-8b4d-da7ad0900004" } },
    },
  },
];

const creator = {
  email: "oncall-bot@example.com",
  handle: "oncall-bot@example.com",
  id: 1180442,
  name: "On-call bot",
};

const monitors = [
  {
    id: MONITOR_CHECKOUT,
    org_id: 620418,
    type: "query alert",
    name: "[checkout-api] 5xx rate above 5% on {{host.name}}",
    message: "Checkout 5xx rate is {{value}}%. @pagerduty-payments @slack-payments-alerts",
    tags: ["team:payments", "service:checkout-api", "env:prod"],
    query:
      "sum(last_5m):sum:trace.http.request.errors{service:checkout-api,env:prod}.as_count() / sum:trace.http.request.hits{service:checkout-api,env:prod}.as_count() * 100 > 5",
    options: {
      thresholds: { critical: 5, warning: 2 },
      notify_no_data: false,
      renotify_interval: 30,
      require_full_window: false,
      include_tags: true,
      new_group_delay: 60,
      silenced: {},
    },
    multi: true,
    created_at: 1733402211000,
    created: "2025-12-05T12:36:51.402211+00:00",
    modified: "2026-11-18T09:21:07.118032+00:00",
    deleted: null,
    restricted_roles: null,
    priority: 1,
    overall_state_modified: "2026-12-07T11:53:30+00:00",
    overall_state: "Alert",
    creator,
    matching_downtimes: [],
  },
  {
    id: 4412880,
    org_id: 620418,
    type: "query alert",
    name: "[payments-gateway] card authorisation latency p99 > 2s",
    message: "p99 card authorisation latency is {{value}}s. @pagerduty-payments",
    tags: ["team:payments", "service:payments-gateway", "env:prod"],
    query: "percentile(last_10m):p99:trace.grpc.server{service:payments-gateway,env:prod} > 2",
    options: {
      thresholds: { critical: 2, warning: 1.2 },
      notify_no_data: true,
      no_data_timeframe: 20,
      renotify_interval: 0,
      require_full_window: false,
      include_tags: true,
      silenced: {},
    },
    multi: false,
    created_at: 1733402390000,
    created: "2025-12-05T12:39:50.010544+00:00",
    modified: "2026-10-02T14:02:41.774190+00:00",
    deleted: null,
    restricted_roles: null,
    priority: 2,
    overall_state_modified: "2026-12-07T11:56:02+00:00",
    overall_state: "Alert",
    creator,
    matching_downtimes: [],
  },
  {
    id: 3981204,
    org_id: 620418,
    type: "log alert",
    name: "[search-indexer] refresh errors in logs",
    message: "Indexer refresh errors: {{value}} in 10 minutes. @slack-search-alerts",
    tags: ["team:search", "service:search-indexer", "env:prod"],
    query: 'logs("service:search-indexer status:error").index("main").rollup("count").last("10m") > 50',
    options: {
      thresholds: { critical: 50, warning: 20 },
      enable_logs_sample: true,
      notify_no_data: false,
      renotify_interval: 0,
      include_tags: true,
      silenced: {},
    },
    multi: false,
    created_at: 1712740520000,
    created: "2024-04-10T09:15:20.842190+00:00",
    modified: "2026-12-07T09:38:12.604120+00:00",
    deleted: null,
    restricted_roles: null,
    priority: 3,
    overall_state_modified: "2026-12-07T09:44:00+00:00",
    overall_state: "Warn",
    creator,
    matching_downtimes: [],
  },
];

const events = [
  {
    id: 7712946038114500001,
    id_str: "7712946038114500001",
    title: "[Triggered on {host:checkout-api-7f9c}] [checkout-api] 5xx rate above 5%",
    text: "%%%\nCheckout 5xx rate is 31.4%. @pagerduty-payments @slack-payments-alerts\n%%%",
    date_happened: 1765108410,
    alert_type: "error",
    priority: "normal",
    source_type_name: "Monitor Alert",
    host: "checkout-api-7f9c",
    tags: ["monitor", "service:checkout-api", "env:prod", "team:payments"],
    url: "/event/event?id=7712946038114500001",
    device_name: null,
    is_aggregate: false,
    comments: [],
  },
  {
    id: 7712946038114500002,
    id_str: "7712946038114500002",
    title: "Deployed checkout-api 2026.12.07-3",
    text: "Deploy by ci@example.com: feature flag card_3ds_v2 enabled for EU",
    date_happened: 1765108200,
    alert_type: "info",
    priority: "normal",
    source_type_name: "GitHub Actions",
    host: null,
    tags: ["service:checkout-api", "env:prod", "deployment"],
    url: "/event/event?id=7712946038114500002",
    device_name: null,
    is_aggregate: false,
    comments: [],
  },
];

const checkoutLogs = [
  {
    id: "AwAAAZPqU3kW1Jx0cgAAABhBWlBxVTNrV0FBQ1E2dlE5X3h3QUFBQUEAAAAkMDE5M2VhNTMtN2QyMC00YmU4",
    type: "log",
    attributes: {
      timestamp: "2026-12-07T12:30:41.118Z",
      status: "error",
      service: "checkout-api",
      host: "checkout-api-7f9c",
      message:
        "POST /v1/payments 502: upstream payments-gateway returned 503 (card_3ds_v2 challenge service unavailable)",
      tags: ["env:prod", "service:checkout-api", "version:2026.12.07-3"],
      attributes: { http: { method: "POST", status_code: 502, url: "/v1/payments" }, duration: 2043000000 },
    },
  },
  {
    id: "AwAAAZPqU2qN8kd1GgAAABhBWlBxVTJxTkFBRDhKbFlRX3h3QUFBQUEAAAAkMDE5M2VhNTMtNmE4ZC00ZmI3",
    type: "log",
    attributes: {
      timestamp: "2026-12-07T12:30:37.402Z",
      status: "error",
      service: "checkout-api",
      host: "checkout-api-2b41",
      message:
        "POST /v1/payments 502: upstream payments-gateway returned 503 (card_3ds_v2 challenge service unavailable)",
      tags: ["env:prod", "service:checkout-api", "version:2026.12.07-3"],
      attributes: { http: { method: "POST", status_code: 502, url: "/v1/payments" }, duration: 1987000000 },
    },
  },
];

const dashboards = [
  {
    id: "q7k-2m9-x4p",
    title: "Payments — checkout and card authorisation",
    description: "On-call view for the payments team",
    layout_type: "ordered",
    url: "/dashboard/q7k-2m9-x4p/payments--checkout-and-card-authorisation",
    author_handle: "oncall-bot@example.com",
    created_at: "2025-12-05T12:44:10.772031+00:00",
    modified_at: "2026-11-30T16:20:44.190247+00:00",
    is_read_only: false,
  },
  {
    id: "d3h-8ft-2vw",
    title: "Incident 214 — checkout 5xx",
    description: "Created from incident 214",
    layout_type: "ordered",
    url: "/dashboard/d3h-8ft-2vw/incident-214--checkout-5xx",
    author_handle: "oncall-bot@example.com",
    created_at: "2026-12-07T12:01:33.415002+00:00",
    modified_at: "2026-12-07T12:01:33.415002+00:00",
    is_read_only: false,
  },
];

const metricMetadata: Record<string, unknown> = {
  "trace.http.request.errors": {
    type: "count",
    description: "Count of HTTP requests that resulted in an error",
    short_name: "http errors",
    integration: null,
    statsd_interval: null,
    per_unit: null,
    unit: "request",
  },
};

// ── Datadog's error bodies ({"errors": [...]}, the API's error model) ────────────────────────────────────────────────

const errors = (...messages: string[]) => ({ errors: messages });

const requestId = () => `${Date.now().toString(16)}-r39b`;

const rateLimitHeaders = (limit: string, period: string) => ({
  "x-ratelimit-limit": limit,
  "x-ratelimit-period": period,
  "x-ratelimit-remaining": "0",
  "x-ratelimit-reset": "7",
  "x-ratelimit-name": "logs_list_requests",
});

const badGatewayPage = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
</body>
</html>
`;

const AGGREGATIONS = [
  "count",
  "cardinality",
  "pc75",
  "pc90",
  "pc95",
  "pc98",
  "pc99",
  "sum",
  "min",
  "max",
  "avg",
  "median",
];

function checkKeys(req: { headers: Record<string, string | string[] | undefined> }): boolean {
  return req.headers["dd-api-key"] === API_KEY && req.headers["dd-application-key"] === APP_KEY;
}

export const datadog = tlsStandin(DATADOG_PORT, ensureCertificate, (req, url, body, res) => {
  const host = String(req.headers.host ?? "").replace(/:\d+$/, "");
  seen.push(`${req.method} ${host}${url.pathname}${url.search.slice(0, 120)}`);
  if (host !== "api.datadoghq.com") {
    unknownRequests.push(`${req.method} ${host}${url.pathname}`);
    return json(res, 404, errors("Not found"));
  }
  if (!checkKeys(req)) return json(res, 403, errors("Forbidden"));
  const p = url.pathname;

  // incidents
  if (req.method === "GET" && p === "/api/v2/incidents") {
    if (state.incidentsForbidden) return json(res, 403, errors("Forbidden"));
    if (state.incidentsServerError) return json(res, 500, errors("Internal Server Error"));
    const size = Number(url.searchParams.get("page[size]") ?? 10);
    const offset = Number(url.searchParams.get("page[offset]") ?? 0);
    const page = incidents.slice(offset, offset + size);
    return json(res, 200, {
      data: page,
      included: [],
      meta: {
        pagination: { offset, next_offset: offset + page.length, size: page.length },
      },
    });
  }

  // monitors
  if (req.method === "GET" && p === "/api/v1/monitor") {
    const respond = () => {
      const states = (url.searchParams.get("group_states") ?? "").split(",").filter(Boolean);
      const tags = (url.searchParams.get("monitor_tags") ?? url.searchParams.get("tags") ?? "")
        .split(",")
        .filter(Boolean);
      const list = monitors.filter(
        (m) =>
          (!states.length || states.some((s) => m.overall_state.toLowerCase() === s.toLowerCase())) &&
          tags.every((t) => m.tags.includes(t)),
      );
      json(res, 200, list);
    };
    if (state.monitorsSlow) return later(15000, respond);
    return respond();
  }
  const monitorMatch = /^\/api\/v1\/monitor\/(\d+)$/.exec(p);
  if (req.method === "GET" && monitorMatch) {
    const monitor = monitors.find((m) => m.id === Number(monitorMatch[1]));
    return monitor ? json(res, 200, monitor) : json(res, 404, errors("Monitor not found"));
  }

  // events
  if (req.method === "GET" && p === "/api/v1/events") {
    const start = Number(url.searchParams.get("start"));
    const end = Number(url.searchParams.get("end"));
    if (end - start > 32 * 24 * 3600) return json(res, 400, errors("The time range cannot exceed 32 days."));
    if (start > end) return json(res, 400, errors("The start parameter must be before the end parameter."));
    return json(res, 200, {
      events: events.filter((e) => e.date_happened >= start && e.date_happened <= end),
      status: "ok",
    });
  }

  // metrics
  if (req.method === "GET" && p === "/api/v1/search") {
    if (state.metricsRateLimited)
      return json(res, 429, errors("Too many requests"), {
        ...rateLimitHeaders("100", "60"),
        "x-ratelimit-name": "metrics_search",
      });
    const q = (url.searchParams.get("q") ?? "").replace(/^metrics:/, "");
    const all = ["trace.http.request.errors", "trace.http.request.hits", "trace.http.request.duration"];
    return json(res, 200, { results: { metrics: all.filter((m) => q === "*" || m.includes(q)) } });
  }
  const metricMatch = /^\/api\/v1\/metrics\/([^/]+)$/.exec(p);
  if (req.method === "GET" && metricMatch) {
    const meta = metricMetadata[decodeURIComponent(metricMatch[1]!)];
    return meta ? json(res, 200, meta) : json(res, 404, errors("Metric not found"));
  }

  // dashboards
  if (req.method === "GET" && p === "/api/v1/dashboard") {
    if (state.dashboardsBadGateway) return text(res, 502, badGatewayPage, "text/html");
    return json(res, 200, { dashboards });
  }
  const dashMatch = /^\/api\/v1\/dashboard\/([^/]+)$/.exec(p);
  if (req.method === "GET" && dashMatch) {
    const id = decodeURIComponent(dashMatch[1]!);
    const d = dashboards.find((x) => x.id === id);
    if (!d) return json(res, 404, errors(`Dashboard with ID ${id} not found`));
    return json(res, 200, {
      ...d,
      widgets: [],
      template_variables: [],
      notify_list: [],
      reflow_type: "auto",
    });
  }

  // logs
  if (req.method === "POST" && p === "/api/v2/logs/events/search") {
    if (state.logsRateLimited)
      return json(res, 429, errors("Too many requests"), rateLimitHeaders("300", "3600"));
    if (state.logsForbidden) return json(res, 403, errors("Forbidden"));
    const payload = parse(body) as { filter?: { query?: string } };
    const query = payload.filter?.query ?? "*";
    const data = query.includes("service:checkout-api") ? checkoutLogs : [];
    return json(res, 200, {
      data,
      meta: { elapsed: 142, request_id: requestId(), status: "done", page: {} },
      links: {},
    });
  }
  if (req.method === "POST" && p === "/api/v2/logs/analytics/aggregate") {
    const payload = parse(body) as { compute?: { aggregation?: string }[] };
    const bad = payload.compute?.find((c) => !AGGREGATIONS.includes(String(c.aggregation)));
    if (bad) return json(res, 400, errors(`Invalid aggregation function: ${String(bad.aggregation)}`));
    return json(res, 200, {
      data: {
        buckets: [
          { by: { service: "checkout-api" }, computes: { c0: 1284 } },
          { by: { service: "payments-gateway" }, computes: { c0: 311 } },
          { by: { service: "search-indexer" }, computes: { c0: 57 } },
        ],
      },
      meta: { elapsed: 388, request_id: requestId(), status: "done" },
    });
  }

  unknownRequests.push(`${req.method} ${host}${url.pathname}${url.search}`);
  return json(res, 404, errors("Not found"));
});

export const ALL_STANDINS = [datadog];
