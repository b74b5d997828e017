// Loopback stand-ins for Grafana (with a Loki datasource proxy), SigNoz and Jaeger's query API, on
// one port under three prefixes. A step can set an override (status, body, headers, delay) that
// answers every request until it is cleared, and can stop and start the listener.

import http from "node:http";

export const PORT = 38650;
export const BASE = `http://127.0.0.1:${PORT}`;

export interface Override {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
}
let override: Override | null = null;
export const setOverride = (next: Override | null) => {
  override = next;
};

const NOW_MS = Date.now();
const DASHBOARDS = [
  {
    uid: "checkout-overview",
    title: "Checkout overview",
    type: "dash-db",
    tags: ["checkout"],
    url: "/d/checkout-overview",
  },
  {
    uid: "checkout-latency",
    title: "Checkout latency SLO",
    type: "dash-db",
    tags: ["checkout", "slo"],
    url: "/d/checkout-latency",
  },
  {
    uid: "payments-errors",
    title: "Payments errors",
    type: "dash-db",
    tags: ["payments"],
    url: "/d/payments-errors",
  },
];
const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const jaegerTrace = {
  traceID: TRACE_ID,
  spans: [
    {
      traceID: TRACE_ID,
      spanID: "00f067aa0ba902b7",
      operationName: "POST /checkout",
      references: [],
      startTime: NOW_MS * 1000 - 5_000_000,
      duration: 412000,
      tags: [{ key: "http.status_code", type: "int64", value: 200 }],
      processID: "p1",
    },
    {
      traceID: TRACE_ID,
      spanID: "53995c3f42cd8ad8",
      operationName: "charge",
      references: [{ refType: "CHILD_OF", traceID: TRACE_ID, spanID: "00f067aa0ba902b7" }],
      startTime: NOW_MS * 1000 - 4_900_000,
      duration: 380000,
      tags: [{ key: "error", type: "bool", value: true }],
      processID: "p2",
    },
  ],
  processes: { p1: { serviceName: "checkout", tags: [] }, p2: { serviceName: "payments", tags: [] } },
};

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, {
    "content-type": typeof body === "string" ? "text/plain; charset=utf-8" : "application/json",
    ...headers,
  });
  res.end(text);
}

function grafana(url: URL, method: string, res: http.ServerResponse) {
  const p = url.pathname;
  if (p === "/api/search") {
    const q = (url.searchParams.get("query") ?? "").toLowerCase();
    return send(
      res,
      200,
      DASHBOARDS.filter((d) => d.title.toLowerCase().includes(q)),
    );
  }
  const dash = /^\/api\/dashboards\/uid\/(.+)$/.exec(p);
  if (dash) {
    const found = DASHBOARDS.find((d) => d.uid === dash[1]);
    if (!found) return send(res, 404, { message: "Dashboard not found" });
    return send(res, 200, {
      meta: { type: "db", slug: found.uid, folderTitle: "Shop", version: 7 },
      dashboard: {
        uid: found.uid,
        title: found.title,
        panels: [
          {
            id: 1,
            title: "p99 latency",
            type: "timeseries",
            targets: [
              { expr: "histogram_quantile(0.99, sum(rate(http_server_duration_bucket[5m])) by (le))" },
            ],
          },
        ],
      },
    });
  }
  if (p === "/api/datasources")
    return send(res, 200, [
      { id: 1, uid: "loki-main", name: "Loki", type: "loki", url: "http://loki:3100", access: "proxy" },
      {
        id: 2,
        uid: "prom-main",
        name: "Prometheus",
        type: "prometheus",
        url: "http://prometheus:9090",
        access: "proxy",
      },
    ]);
  const loki = /^\/api\/datasources\/proxy\/uid\/([^/]+)\/loki\/api\/v1\/(.+)$/.exec(p);
  if (loki) {
    if (loki[1] !== "loki-main") return send(res, 404, { message: "Data source not found" });
    const query = url.searchParams.get("query") ?? "";
    if (loki[2] === "labels") return send(res, 200, { status: "success", data: ["app", "level"] });
    const values = /^label\/([^/]+)\/values$/.exec(loki[2] ?? "");
    if (values)
      return send(res, 200, { status: "success", data: values[1] === "app" ? ["checkout", "payments"] : [] });
    if (!/^\{[^}]*\}/.test(query) || query.includes("|~ ("))
      return send(res, 400, "parse error at line 1, col 1: syntax error: unexpected IDENTIFIER\n");
    const nowNs = `${NOW_MS}000000`;
    const lines = query.includes("nomatch")
      ? []
      : [
          {
            stream: { app: "checkout", level: "error" },
            values: [[nowNs, 'level=error msg="payment provider timeout" order=8812']],
          },
        ];
    return send(res, 200, { status: "success", data: { resultType: "streams", result: lines, stats: {} } });
  }
  if (p === "/api/datasources/name/Loki")
    return send(res, 200, {
      id: 1,
      uid: "loki-main",
      name: "Loki",
      type: "loki",
      url: "http://loki:3100",
      access: "proxy",
    });
  if (p.startsWith("/api/datasources/name/")) return send(res, 404, { message: "Data source not found" });
  if (method === "POST" && p === "/api/dashboards/db")
    return send(res, 200, { status: "success", uid: "x", version: 8 });
  return send(res, 404, { message: "Not found" });
}

function signoz(url: URL, method: string, res: http.ServerResponse) {
  const p = url.pathname;
  const ok = (data: unknown) => send(res, 200, { status: "success", data });
  if (p === "/api/v1/version") return send(res, 200, { version: "v0.76.2", ee: "Y", setupCompleted: true });
  if (p === "/api/v1/health") return send(res, 200, { status: "ok" });
  if (p === "/api/v1/features") return send(res, 200, [{ name: "SMART_TRACE_DETAIL", active: true }]);
  if (p === "/api/v1/services" && method === "POST")
    return send(res, 200, [
      {
        serviceName: "checkout",
        p99: 412.5e6 / 1e6,
        avgDuration: 88.1,
        numCalls: 15230,
        callRate: 4.23,
        numErrors: 31,
        errorRate: 0.002,
      },
      {
        serviceName: "payments",
        p99: 380.2,
        avgDuration: 120.4,
        numCalls: 9110,
        callRate: 2.53,
        numErrors: 204,
        errorRate: 0.0224,
      },
    ]);
  if (p === "/api/v1/service/top_operations")
    return send(res, 200, [{ name: "charge", p50: 90, p95: 300, p99: 380, numCalls: 9110 }]);
  const trace = /^\/api\/v1\/traces\/(.+)$/.exec(p);
  if (trace)
    return send(
      res,
      200,
      trace[1] === TRACE_ID
        ? [
            {
              events: [
                [NOW_MS, "00f067aa0ba902b7", "", "checkout", "POST /checkout", "412000000", "200", "false"],
              ],
            },
          ]
        : [],
    );
  if (p === "/api/v3/query_range") return ok({ result: [{ queryName: "A", list: [] }] });
  if (p === "/api/v1/logs") return send(res, 200, []);
  if (p === "/api/v1/dashboards") return ok([{ uuid: "a1b2", data: { title: "Checkout APM" } }]);
  if (p.startsWith("/api/v1/dashboards/"))
    return send(res, 404, { status: "error", errorType: "not_found", error: "dashboard not found" });
  if (p === "/api/v1/rules") return ok({ rules: [{ id: "12", alert: "High error rate", state: "firing" }] });
  if (p === "/api/v3/licenses/active") return ok({ key: "ee-trial", status: "VALID", planKey: "ENTERPRISE" });
  return send(res, 404, { status: "error", errorType: "not_found", error: "route not found" });
}

function jaeger(url: URL, res: http.ServerResponse) {
  const p = url.pathname;
  if (p === "/api/services")
    return send(res, 200, { data: ["checkout", "payments"], total: 2, limit: 0, offset: 0, errors: null });
  const ops = /^\/api\/services\/([^/]+)\/operations$/.exec(p);
  if (ops)
    return send(res, 200, {
      data: ops[1] === "checkout" ? ["POST /checkout", "GET /cart"] : ["charge"],
      total: 2,
      limit: 0,
      offset: 0,
      errors: null,
    });
  if (p === "/api/traces") {
    const op = url.searchParams.get("operation");
    const data =
      op && op !== "POST /checkout"
        ? []
        : url.searchParams.get("service") === "inventory"
          ? []
          : [jaegerTrace];
    return send(res, 200, { data, total: data.length, limit: 0, offset: 0, errors: null });
  }
  const trace = /^\/api\/traces\/([^/]+)$/.exec(p);
  if (trace) {
    if (trace[1] === TRACE_ID)
      return send(res, 200, { data: [jaegerTrace], total: 0, limit: 0, offset: 0, errors: null });
    return send(res, 404, {
      data: null,
      total: 0,
      limit: 0,
      offset: 0,
      errors: [{ code: 404, msg: "trace not found" }],
    });
  }
  return send(res, 404, "404 page not found\n");
}

let server: http.Server | undefined;

export async function startStandin(): Promise<void> {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", BASE);
    req.resume();
    req.on("end", () => {
      const current = override;
      const answer = () => {
        if (current) return send(res, current.status, current.body, current.headers);
        const [, prefix] = /^\/([^/]+)/.exec(url.pathname) ?? [];
        const inner = new URL(url.pathname.slice((prefix?.length ?? 0) + 1) + url.search, BASE);
        if (prefix === "grafana") return grafana(inner, req.method ?? "GET", res);
        if (prefix === "signoz") return signoz(inner, req.method ?? "GET", res);
        if (prefix === "jaeger") return jaeger(inner, res);
        return send(res, 404, "404 page not found\n");
      };
      if (current?.delayMs) setTimeout(answer, current.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server?.listen(PORT, "127.0.0.1", resolve));
}

export async function stopStandin(): Promise<void> {
  const s = server;
  server = undefined;
  if (!s) return;
  s.closeAllConnections();
  await new Promise<void>((resolve) => s.close(() => resolve()));
}
