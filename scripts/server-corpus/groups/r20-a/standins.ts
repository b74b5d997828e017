// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - Opsgenie's Alert API v2 (`api.opsgenie.com/v2/alerts…`) for mcp-opsgenie (through opsgenie-sdk, whose `request`
//   client follows HTTPS_PROXY): alerts, async actions answered 202 "Request will be processed", errors
//   `{"message","took","requestId"}` (and `code` 40301, `errors` for 422);
// - Datadog's API (`api.datadoghq.com/api/v1/…`, `/api/v2/…`) for datadog-mcp (through @datadog/datadog-api-client and
//   node-fetch, routed by `https-preload.mjs`): monitors, incidents, downtimes, key validation, users; errors
//   `{"errors":[…]}` and Datadog's HTML pages.
//
// Both hosts are written into their servers. Opsgenie has a forward proxy (standin-kit's `forwardProxy`); Datadog a TLS
// listener that the preload connects every https request to. Stopping one refuses connections for that server alone.
// `state` is switched by the sessions' hooks.

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

export const DATA = "/tmp/faultline-corpus-r20-a";
export const CERT = path.join(DATA, "standin-cert.pem");

export const OPSGENIE_PROXY_PORT = 40900;
export const DATADOG_PORT = 40901;

export const ensureCertificate = (): Certificate =>
  certificate(DATA, ["api.opsgenie.com", "api.datadoghq.com", "*.datadoghq.com"]);

export const state = {
  ogRevoked: false,
  ogUserKey: false,
  ogRateLimited: false,
  ogServerError: false,
  ogWaf: false,
  ddForbidden: false,
  ddUnauthorized: false,
  ddAppKeyRevoked: false,
  ddRateLimited: false,
  ddServerError: false,
  ddBadGateway: false,
  ddIncidentNull: false,
};

let counter = 0;
/** A request id in Opsgenie's shape (a UUID), stable across runs. */
function requestId(): string {
  counter += 1;
  const n = counter.toString(16).padStart(12, "0");
  return `9ae63dd7-ed00-4c81-86f0-${n}`;
}

// -------------------------------------------------------------------------------------------------- Opsgenie

export const OPSGENIE_KEY = "4f7d2c1a-83b6-4e0f-9a5d-6c2b8e1f7a90";

const ALERTS = [
  {
    id: "70413a06-38d6-4c85-92b8-5ebc900d42e2",
    tinyId: "1791",
    alias: "checkout-api-5xx",
    message: "checkout-api: HTTP 500 errors above 5% for 10 minutes",
    status: "open",
    acknowledged: false,
    isSeen: true,
    tags: ["checkout", "production", "Critical"],
    snoozed: false,
    count: 14,
    lastOccurredAt: "2026-12-06T18:41:07.218Z",
    createdAt: "2026-12-06T18:12:55.003Z",
    updatedAt: "2026-12-06T18:41:07.218Z",
    source: "Datadog",
    owner: "",
    priority: "P1",
    teams: [{ id: "8418d193-2dab-4490-b331-8c02cdd196b7", name: "Payments" }],
    responders: [{ type: "team", id: "8418d193-2dab-4490-b331-8c02cdd196b7" }],
    integration: { id: "4513b7ea-3b91-438f-b7e4-e3e54af9147c", name: "Datadog", type: "Datadog" },
    report: { ackTime: 0, closeTime: 0 },
  },
  {
    id: "a7c2e9b4-1f53-4d8e-b6a0-3e9f12c47d85",
    tinyId: "1788",
    alias: "pg-replica-lag",
    message: "pg-replica-2 replication lag above 30 s",
    status: "open",
    acknowledged: true,
    isSeen: true,
    tags: ["database", "production"],
    snoozed: false,
    count: 3,
    lastOccurredAt: "2026-12-06T17:58:21.441Z",
    createdAt: "2026-12-06T17:20:02.117Z",
    updatedAt: "2026-12-06T17:58:40.902Z",
    source: "Prometheus",
    owner: "lena.marsh@northwind-ops.example",
    priority: "P2",
    teams: [{ id: "c0b7d9e2-64f1-4a53-9e28-5d1a7b3c6f04", name: "Data Platform" }],
    responders: [{ type: "team", id: "c0b7d9e2-64f1-4a53-9e28-5d1a7b3c6f04" }],
    integration: { id: "91d0e6b2-7c4a-4f38-8e15-2b6f3a9c0d71", name: "Prometheus", type: "Prometheus" },
    report: { ackTime: 1231000, acknowledgedBy: "lena.marsh@northwind-ops.example" },
  },
  {
    id: "3b8f6d21-9e47-4c0a-a5d3-7f2e1b9c8a64",
    tinyId: "1774",
    alias: "nightly-backup-heartbeat",
    message: "Heartbeat nightly-backup expired",
    status: "closed",
    acknowledged: false,
    isSeen: true,
    tags: ["backup"],
    snoozed: false,
    count: 1,
    lastOccurredAt: "2026-12-06T03:15:00.000Z",
    createdAt: "2026-12-06T03:15:00.000Z",
    updatedAt: "2026-12-06T03:42:18.660Z",
    source: "Heartbeat",
    owner: "",
    priority: "P3",
    teams: [{ id: "c0b7d9e2-64f1-4a53-9e28-5d1a7b3c6f04", name: "Data Platform" }],
    responders: [],
    integration: { id: "e2a4f6c8-1b3d-4e5f-8a7b-9c0d1e2f3a4b", name: "Heartbeat", type: "Heartbeat" },
    report: { closeTime: 1638660, closedBy: "System" },
  },
];

function ogError(
  res: http.ServerResponse,
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  json(res, status, { ...extra, message, took: 0.002, requestId: requestId() }, headers);
}

const ATLASSIAN_WAF_403 = `<!DOCTYPE html>
<html>
<head><title>403 Forbidden</title></head>
<body>
<center><h1>403 Forbidden</h1></center>
<hr><center>Request blocked. Your request has been identified as potentially harmful.</center>
</body>
</html>
`;

function opsgenieHandler(req: http.IncomingMessage, url: URL, raw: string, res: http.ServerResponse) {
  if (url.hostname !== "api.opsgenie.com") return text(res, 502, "Bad Gateway");
  if (req.headers.authorization !== `GenieKey ${OPSGENIE_KEY}`)
    return ogError(res, 401, "Could not authenticate");
  if (state.ogRevoked) return ogError(res, 401, "Could not authenticate");
  if (state.ogWaf) return text(res, 403, ATLASSIAN_WAF_403, "text/html");
  if (state.ogRateLimited)
    return ogError(
      res,
      429,
      "You are making too many requests! To avoid errors, we recommend you limit requests.",
      {},
      {
        "retry-after": "1",
        "x-ratelimit-state": "THROTTLED",
      },
    );
  if (state.ogServerError) return ogError(res, 500, "Internal Server Error");
  const method = req.method ?? "GET";
  const parts = url.pathname.split("/").filter(Boolean); // v2, alerts, <id>, <action>
  if (parts[0] !== "v2" || parts[1] !== "alerts") return ogError(res, 404, "Not Found");
  // List alerts.
  if (parts.length === 2 && method === "GET") {
    const query = url.searchParams.get("query") ?? "";
    const limit = url.searchParams.get("limit");
    if (limit !== null && (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > 100))
      return ogError(res, 422, "Request parameters are not valid", {
        errors: { limit: "Limit should be between 1 and 100" },
      });
    let data = ALERTS;
    if (/status:open/.test(query)) data = data.filter((a) => a.status === "open");
    const priority = /priority:(P\d)/.exec(query)?.[1];
    if (priority) data = data.filter((a) => a.priority === priority);
    const tag = /tag:(\S+)/.exec(query)?.[1];
    if (tag) data = data.filter((a) => a.tags.includes(tag));
    return json(res, 200, {
      data,
      paging: { first: "https://api.opsgenie.com/v2/alerts?limit=20&sort=createdAt&offset=0&order=desc" },
      took: 0.605,
      requestId: requestId(),
    });
  }
  // Create an alert (asynchronous: 202).
  if (parts.length === 2 && method === "POST") {
    const body = parse(raw);
    if (!body.message || String(body.message).trim() === "")
      return ogError(res, 422, "Request body is not processable. Please check the errors.", {
        errors: { message: "Message can not be empty." },
      });
    if (state.ogUserKey)
      return ogError(res, 403, "To perform this action, use an API key from an API integration.", {
        code: 40301,
      });
    return json(res, 202, { result: "Request will be processed", took: 0.302, requestId: requestId() });
  }
  const identifier = decodeURIComponent(parts[2] ?? "");
  const type = url.searchParams.get("identifierType") ?? "id";
  const alert = ALERTS.find(
    (a) => (type === "tiny" ? a.tinyId : type === "alias" ? a.alias : a.id) === identifier,
  );
  // Get one alert.
  if (parts.length === 3 && method === "GET") {
    if (identifier.includes("slow")) return later(15_000, () => ogError(res, 404, "Alert does not exist"));
    if (!alert) return ogError(res, 404, "Alert does not exist");
    return json(res, 200, {
      data: { ...alert, details: { runbook: "https://wiki.northwind-ops.example/runbooks/checkout" } },
      took: 0.004,
      requestId: requestId(),
    });
  }
  // Alert actions (acknowledge, close, snooze, unacknowledge, notes): asynchronous, 202.
  if (parts.length === 4 && method === "POST") {
    const action = parts[3];
    const body = parse(raw);
    if (action === "snooze") {
      const end = Date.parse(String(body.endTime ?? ""));
      if (Number.isNaN(end))
        return ogError(res, 422, "Request body is not processable. Please check the errors.", {
          errors: { endTime: "endTime should be a valid date" },
        });
    }
    if (action === "close" && state.ogUserKey)
      return ogError(res, 403, "To perform this action, use an API key from an API integration.", {
        code: 40301,
      });
    if (!alert && type !== "id") return ogError(res, 404, "Alert does not exist");
    return json(res, 202, { result: "Request will be processed", took: 0.107, requestId: requestId() });
  }
  ogError(res, 404, "Not Found");
}

// --------------------------------------------------------------------------------------------------- Datadog

export const DD_API_KEY = "3f9a2c7e1b4d8f6a0c5e9b2d7f1a4c8e";
export const DD_APP_KEY = "b7e4a1c9d2f8e5b3a6c0d9f2e7b4a1c8d5f3e6b9";

const MONITORS = [
  {
    id: 48213907,
    org_id: 1203344,
    name: "[checkout-api] 5xx rate above 5%",
    type: "query alert",
    query:
      "sum(last_10m):sum:trace.http.request.errors{service:checkout-api}.as_count() / sum:trace.http.request.hits{service:checkout-api}.as_count() > 0.05",
    message: "Checkout is answering 500 errors. @opsgenie-payments",
    tags: ["service:checkout-api", "team:payments", "env:production"],
    options: {
      thresholds: { critical: 0.05, warning: 0.02 },
      notify_no_data: false,
      renotify_interval: 30,
      include_tags: true,
      new_group_delay: 60,
    },
    multi: false,
    created: "2026-03-14T09:21:44.000000+00:00",
    modified: "2026-11-20T16:02:10.000000+00:00",
    overall_state: "Alert",
    overall_state_modified: "2026-12-06T18:12:40+00:00",
    priority: 1,
    restricted_roles: null,
    creator: {
      email: "lena.marsh@northwind-ops.example",
      handle: "lena.marsh@northwind-ops.example",
      name: "Lena Marsh",
    },
    deleted: null,
  },
  {
    id: 48213955,
    org_id: 1203344,
    name: "[pg-replica-2] replication lag",
    type: "metric alert",
    query: "avg(last_5m):avg:postgresql.replication_delay{host:pg-replica-2} > 30",
    message: "Replica lag is high. @opsgenie-data-platform",
    tags: ["service:postgres", "team:data-platform"],
    options: { thresholds: { critical: 30, warning: 10 }, notify_no_data: true, no_data_timeframe: 10 },
    multi: false,
    created: "2026-05-02T11:00:03.000000+00:00",
    modified: "2026-10-01T08:45:29.000000+00:00",
    overall_state: "Warn",
    overall_state_modified: "2026-12-06T17:20:00+00:00",
    priority: 2,
    restricted_roles: null,
    creator: {
      email: "ravi.okafor@northwind-ops.example",
      handle: "ravi.okafor@northwind-ops.example",
      name: "Ravi Okafor",
    },
    deleted: null,
  },
  {
    id: 48214002,
    org_id: 1203344,
    name: "[status page] synthetic check: www.northwind.example",
    type: "synthetics alert",
    query: '"synthetics.test.failed" over "public_id:k9x-2mq-7ab".by("*").last(2).count_by_status()',
    message: "The public site is down. @opsgenie-web",
    tags: ["service:web", "team:web"],
    options: { thresholds: { critical: 1 } },
    multi: true,
    created: "2026-01-19T14:30:00.000000+00:00",
    modified: "2026-01-19T14:30:00.000000+00:00",
    overall_state: "OK",
    overall_state_modified: "2026-12-05T22:10:00+00:00",
    priority: null,
    restricted_roles: null,
    creator: {
      email: "ravi.okafor@northwind-ops.example",
      handle: "ravi.okafor@northwind-ops.example",
      name: "Ravi Okafor",
    },
    deleted: null,
  },
];

const INCIDENT = {
  type: "incidents",
  id: "00000000-0000-0000-1234-000000000000",
  attributes: {
    public_id: 214,
    title: "Checkout answering 502 errors after the payment gateway failover",
    customer_impact_scope: 'About 8% of checkouts failed with "Error: upstream connect error" for 25 minutes',
    customer_impacted: true,
    created: "2026-12-06T18:15:02.118000+00:00",
    modified: "2026-12-06T18:52:47.900000+00:00",
    detected: "2026-12-06T18:12:40+00:00",
    resolved: null,
    state: "active",
    severity: "SEV-2",
    time_to_detect: 0,
    time_to_repair: 0,
    fields: {
      state: { type: "dropdown", value: "active" },
      severity: { type: "dropdown", value: "SEV-2" },
    },
  },
  relationships: {
    commander_user: { data: { type: "users", id: "3ad549bf-eba0-11e9-a77a-0705486660d0" } },
  },
};

function ddErrors(
  res: http.ServerResponse,
  status: number,
  errors: string[],
  headers: Record<string, string> = {},
) {
  json(res, status, { errors }, headers);
}

const DATADOG_502_HTML = `<!DOCTYPE html>
<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
</body>
</html>
`;

function datadogHandler(req: http.IncomingMessage, url: URL, raw: string, res: http.ServerResponse) {
  if (!/datadoghq\.com$/.test(url.hostname)) return text(res, 421, "Misdirected Request");
  const apiKey = req.headers["dd-api-key"];
  const appKey = req.headers["dd-application-key"];
  const p = url.pathname;
  const method = req.method ?? "GET";
  if (apiKey !== DD_API_KEY) return ddErrors(res, 403, ["Forbidden"]);
  // Key validation needs the API key only.
  if (p === "/api/v1/validate") return json(res, 200, { valid: true });
  if (state.ddAppKeyRevoked || appKey !== DD_APP_KEY) return ddErrors(res, 403, ["Forbidden"]);
  if (state.ddUnauthorized) return ddErrors(res, 401, ["Unauthorized"]);
  if (state.ddForbidden) return ddErrors(res, 403, ["Forbidden"]);
  if (state.ddRateLimited)
    return ddErrors(res, 429, ["Rate limit exceeded"], {
      "x-ratelimit-limit": "1000",
      "x-ratelimit-period": "10",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": "7",
      "x-ratelimit-name": "monitor_api",
    });
  if (state.ddServerError) return ddErrors(res, 500, ["Internal Server Error"]);
  if (state.ddBadGateway) return text(res, 502, DATADOG_502_HTML, "text/html");

  // Users (the second half of the server's key check).
  if (p === "/api/v2/users" && method === "GET")
    return json(res, 200, {
      data: [
        {
          type: "users",
          id: "3ad549bf-eba0-11e9-a77a-0705486660d0",
          attributes: {
            name: "Lena Marsh",
            handle: "lena.marsh@northwind-ops.example",
            email: "lena.marsh@northwind-ops.example",
            status: "Active",
            disabled: false,
          },
        },
      ],
      meta: { page: { total_count: 6, total_filtered_count: 6 } },
    });

  // Monitors.
  if (p === "/api/v1/monitor" && method === "GET") {
    const name = url.searchParams.get("name");
    const data = name ? MONITORS.filter((m) => m.name.toLowerCase().includes(name.toLowerCase())) : MONITORS;
    return json(res, 200, data);
  }
  if (p === "/api/v1/monitor/search" && method === "GET") {
    const query = url.searchParams.get("query") ?? "";
    if (/slow/.test(query))
      return later(15_000, () =>
        json(res, 200, {
          monitors: [],
          metadata: { page: 0, page_count: 0, per_page: 30, total_count: 0 },
          counts: {},
        }),
      );
    if ((query.match(/\(/g) ?? []).length !== (query.match(/\)/g) ?? []).length)
      return ddErrors(res, 400, ["Invalid query: unbalanced parentheses in 'service:(checkout-api'"]);
    const status = /status:(\w+)/.exec(query)?.[1]?.toLowerCase();
    const tag = /tag:"?([^"\s]+)"?/.exec(query)?.[1];
    let found = MONITORS;
    if (status) found = found.filter((m) => m.overall_state.toLowerCase() === status);
    if (tag) found = found.filter((m) => m.tags.includes(tag));
    return json(res, 200, {
      monitors: found.map((m) => ({
        id: m.id,
        name: m.name,
        status: m.overall_state,
        type: m.type,
        tags: m.tags,
        last_triggered_ts: 1733508760,
        classification: "apm",
        creator: { name: m.creator.name, handle: m.creator.handle },
        metrics: [],
        notifications: [],
        org_id: m.org_id,
        query: m.query,
        scopes: [],
      })),
      metadata: { page: 0, page_count: 1, per_page: 30, total_count: found.length },
      counts: {},
    });
  }
  const monitorMatch = /^\/api\/v1\/monitor\/(\d+)(\/mute)?$/.exec(p);
  if (monitorMatch) {
    const monitor = MONITORS.find((m) => m.id === Number(monitorMatch[1]));
    if (!monitor) return ddErrors(res, 404, ["Monitor not found"]);
    if (monitorMatch[2])
      return json(res, 200, { ...monitor, options: { ...monitor.options, silenced: { "*": null } } });
    return json(res, 200, monitor);
  }

  // Incidents (v2, unstable operations).
  if (p === "/api/v2/incidents" && method === "GET")
    return json(res, 200, {
      data: [INCIDENT],
      included: [],
      meta: { pagination: { next_offset: 1, offset: 0, size: 1 } },
    });
  if (p === "/api/v2/incidents/search" && method === "GET") {
    const query = url.searchParams.get("query") ?? "";
    const matches = /state:active/.test(query) || /checkout/i.test(query);
    return json(res, 200, {
      data: {
        type: "incidents_search_results",
        attributes: {
          facets: {},
          incidents: matches ? [{ data: INCIDENT }] : [],
          total: matches ? 1 : 0,
        },
      },
      meta: { pagination: { next_offset: 10, offset: 0, size: 10 } },
    });
  }
  if (p === "/api/v2/incidents" && method === "POST") {
    const body = parse(raw) as { data?: { attributes?: Record<string, unknown> } };
    const attrs = body.data?.attributes ?? {};
    if (!attrs.title) return ddErrors(res, 400, ["Invalid attribute 'title': this field is required"]);
    return json(res, 201, {
      data: {
        ...INCIDENT,
        id: "00000000-0000-0000-5678-000000000000",
        attributes: {
          ...INCIDENT.attributes,
          public_id: 215,
          title: attrs.title,
          customer_impact_scope: null,
          customer_impacted: Boolean(attrs.customer_impacted),
          created: "2026-12-06T19:02:11.400000+00:00",
          modified: "2026-12-06T19:02:11.400000+00:00",
          state: "active",
          severity: "UNKNOWN",
        },
      },
    });
  }
  const incidentMatch = /^\/api\/v2\/incidents\/([\w-]+)$/.exec(p);
  if (incidentMatch && method === "GET") {
    if (state.ddIncidentNull) return json(res, 200, { data: null, included: [] });
    if (incidentMatch[1] === INCIDENT.id || incidentMatch[1] === "214")
      return json(res, 200, { data: INCIDENT, included: [] });
    return ddErrors(res, 404, ["Not found"]);
  }

  // Downtimes (v2).
  if (p === "/api/v2/downtime" && method === "GET")
    return json(res, 200, { data: [], meta: { page: { total_filtered_count: 0 } } });

  ddErrors(res, 404, ["Not found"]);
}

export const opsgenieStandin = forwardProxy(OPSGENIE_PROXY_PORT, ensureCertificate, opsgenieHandler);
export const datadogStandin = tlsStandin(DATADOG_PORT, ensureCertificate, datadogHandler);
export const ALL_STANDINS = [opsgenieStandin, datadogStandin];
