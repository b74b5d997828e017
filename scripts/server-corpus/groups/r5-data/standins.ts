// Loopback stand-ins for what lies behind the r5-data group's servers: InfluxDB 2.x's HTTP API
// (/api/v2/query, /api/v2/write, /api/v2/buckets, /api/v2/orgs, answering with its
// `{"code": "...", "message": "..."}` error bodies) and ClickHouse's HTTP interface (/ping and
// queries in FORMAT JSON, errors as `Code: N. DB::Exception: ... (NAME) (version ...)` with the
// X-ClickHouse-Exception-Code header and the HTTP status ClickHouse maps the code to), plus a
// small web server that serves a PDF. Ports 38401–38403 on 127.0.0.1.

import http from "node:http";
import fs from "node:fs";
import { sleep } from "../../harness.js";

export const INFLUX_PORT = 38401;
export const CLICKHOUSE_PORT = 38402;
export const WEB_PORT = 38403;
export const INFLUX_TOKEN = "r5-influx-token";
export const CLICKHOUSE_PASSWORD = "r5-clickhouse-pass";

/** Switches the sessions flip between calls (a revoked token, a rotated password). */
export const state = { influxTokenRevoked: false, clickhousePasswordRotated: false };

export interface Standin {
  start(): Promise<void>;
  stop(): Promise<void>;
}

function standin(port: number, handler: http.RequestListener): Standin {
  let server: http.Server | undefined;
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        const created = http.createServer(handler);
        created.once("error", reject);
        created.listen(port, "127.0.0.1", () => {
          server = created;
          resolve();
        });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        const closing = server;
        server = undefined;
        closing.closeAllConnections();
        closing.close(() => resolve());
      }),
  };
}

function body(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

// ---- InfluxDB 2.x ----

const ORG_ID = "0a1b2c3d4e5f6a7b";
const influxError = (
  res: http.ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify({ code, message }));
};

const CPU_CSV = [
  "#group,false,false,true,true,false,false,true,true,true",
  "#datatype,string,long,dateTime:RFC3339,dateTime:RFC3339,dateTime:RFC3339,double,string,string,string",
  "#default,_result,,,,,,,,",
  ",result,table,_start,_stop,_time,_value,_field,_measurement,host",
  ",,0,2026-12-05T21:00:00Z,2026-12-05T22:00:00Z,2026-12-05T21:10:00Z,0.42,usage,cpu,web-1",
  ",,0,2026-12-05T21:00:00Z,2026-12-05T22:00:00Z,2026-12-05T21:20:00Z,0.57,usage,cpu,web-1",
  ",,1,2026-12-05T21:00:00Z,2026-12-05T22:00:00Z,2026-12-05T21:10:00Z,0.13,usage,cpu,web-2",
  "",
  "",
].join("\r\n");

async function influx(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? "/", `http://127.0.0.1:${INFLUX_PORT}`);
  const text = await body(req);
  if (url.pathname === "/health") {
    res.writeHead(200, { "content-type": "application/json" });
    return res.end(JSON.stringify({ name: "influxdb", status: "pass", version: "v2.7.11" }));
  }
  if (state.influxTokenRevoked || req.headers.authorization !== `Token ${INFLUX_TOKEN}`)
    return influxError(res, 401, "unauthorized", "unauthorized access");
  const org = url.searchParams.get("org");
  if (url.pathname === "/api/v2/query" && req.method === "POST") {
    const query = (JSON.parse(text) as { query: string }).query;
    if (org !== "acme") return influxError(res, 404, "not found", `organization name "${org}" not found`);
    if (/\brang\(/.test(query))
      return influxError(res, 400, "invalid", "error @1:26-1:30: undefined identifier rang");
    const bucket = /bucket:\s*"([^"]+)"/.exec(query)?.[1];
    if (bucket && !["metrics", "archive"].includes(bucket))
      return influxError(
        res,
        404,
        "not found",
        `failed to initialize execute state: could not find bucket "${bucket}"`,
      );
    if (/aggregateWindow\(every: 1s/.test(query))
      return influxError(res, 429, "too many requests", "query rate limit exceeded, please try again later", {
        "retry-after": "30",
      });
    if (/range\(start: -365d\)/.test(query)) {
      await sleep(8000);
      if (res.destroyed) return;
    }
    if (bucket === "archive")
      return influxError(
        res,
        503,
        "unavailable",
        "service unavailable: the storage engine is loading shards",
      );
    res.writeHead(200, { "content-type": "text/csv; charset=utf-8" });
    return res.end(/_measurement == "gpu"/.test(query) ? "\r\n" : CPU_CSV);
  }
  if (url.pathname === "/api/v2/write" && req.method === "POST") {
    const bucket = url.searchParams.get("bucket");
    if (bucket === "archive")
      return influxError(res, 403, "forbidden", 'insufficient permissions for write to bucket "archive"');
    const bad = text.split("\n").find((line) => line && !/^\S+ \S+=\S+( \d+)?$/.test(line));
    if (bad) return influxError(res, 400, "invalid", `unable to parse '${bad}': missing field value`);
    res.writeHead(204);
    return res.end();
  }
  if (url.pathname === "/api/v2/buckets" && req.method === "POST") {
    const wanted = JSON.parse(text) as { name: string; orgID: string };
    if (wanted.name === "metrics")
      return influxError(res, 422, "conflict", "bucket with name metrics already exists");
    if (wanted.orgID !== ORG_ID) return influxError(res, 404, "not found", "organization not found");
    res.writeHead(201, { "content-type": "application/json; charset=utf-8" });
    return res.end(
      JSON.stringify({ id: "9f8e7d6c5b4a3210", name: wanted.name, orgID: ORG_ID, retentionRules: [] }),
    );
  }
  if (url.pathname === "/api/v2/orgs" && req.method === "POST") {
    const wanted = JSON.parse(text) as { name: string; description?: string };
    if (wanted.name === "acme")
      return influxError(res, 422, "conflict", "organization with name acme already exists");
    res.writeHead(201, { "content-type": "application/json; charset=utf-8" });
    return res.end(
      JSON.stringify({ id: "1122334455667788", name: wanted.name, description: wanted.description ?? "" }),
    );
  }
  return influxError(res, 404, "not found", "path not found");
}

// ---- ClickHouse HTTP interface ----

const CH_VERSION = "24.8.4.13";
const chError = (res: http.ServerResponse, status: number, code: number, name: string, message: string) => {
  res.writeHead(status, {
    "content-type": "text/plain; charset=UTF-8",
    "x-clickhouse-exception-code": String(code),
    "x-clickhouse-server-display-name": "r5-clickhouse",
  });
  res.end(`Code: ${code}. DB::Exception: ${message}. (${name}) (version ${CH_VERSION} (official build))\n`);
};

function chJson(res: http.ServerResponse, meta: { name: string; type: string }[], data: unknown[]) {
  res.writeHead(200, {
    "content-type": "application/json; charset=UTF-8",
    "x-clickhouse-format": "JSON",
    "x-clickhouse-summary": JSON.stringify({ read_rows: String(data.length), read_bytes: "0" }),
  });
  res.end(
    JSON.stringify({
      meta,
      data,
      rows: data.length,
      statistics: { elapsed: 0.001, rows_read: data.length, bytes_read: 64 },
    }),
  );
}

async function clickhouse(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? "/", `http://127.0.0.1:${CLICKHOUSE_PORT}`);
  const query = (url.searchParams.get("query") ?? (await body(req))).trim();
  if (url.pathname === "/ping") {
    res.writeHead(200, { "content-type": "text/html; charset=UTF-8" });
    return res.end("Ok.\n");
  }
  const basic = Buffer.from(`default:${CLICKHOUSE_PASSWORD}`).toString("base64");
  const auth = req.headers.authorization;
  const passwordOk = auth === `Basic ${basic}` || url.searchParams.get("password") === CLICKHOUSE_PASSWORD;
  if (state.clickhousePasswordRotated || !passwordOk)
    return chError(
      res,
      403,
      516,
      "AUTHENTICATION_FAILED",
      "default: Authentication failed: password is incorrect, or there is no user with such name",
    );
  const q = query.replace(/\s+FORMAT\s+JSON\s*$/i, "");
  if (/^SHOW DATABASES$/i.test(q))
    return chJson(
      res,
      [{ name: "name", type: "String" }],
      [{ name: "analytics" }, { name: "default" }, { name: "system" }],
    );
  if (q.includes(";"))
    return chError(
      res,
      400,
      62,
      "SYNTAX_ERROR",
      `Syntax error (Multi-statements are not allowed): failed at position ${q.indexOf(";") + 1} (end of query): ${q.slice(q.indexOf(";"))}`,
    );
  const show = /^SHOW TABLES FROM (\S+)$/i.exec(q);
  if (show) {
    if (show[1] === "analytics")
      return chJson(res, [{ name: "name", type: "String" }], [{ name: "events" }, { name: "sessions" }]);
    if (show[1] === "default") return chJson(res, [{ name: "name", type: "String" }], []);
    return chError(res, 404, 81, "UNKNOWN_DATABASE", `Database ${show[1]} does not exist`);
  }
  const typo = /\bFORM\b/.exec(q);
  if (typo)
    return chError(
      res,
      400,
      62,
      "SYNTAX_ERROR",
      `Syntax error: failed at position ${typo.index + 1} ('FORM'): ${q.slice(typo.index, typo.index + 30)}. Expected one of: token, Comma, FROM, PREWHERE, WHERE, GROUP BY, ORDER BY, LIMIT, FORMAT`,
    );
  const table = /FROM\s+([\w.]+)/i.exec(q)?.[1];
  if (table && !["analytics.events", "analytics.sessions"].includes(table))
    return chError(
      res,
      404,
      60,
      "UNKNOWN_TABLE",
      `Table ${table.includes(".") ? table : `default.${table}`} does not exist`,
    );
  if (/SETTINGS\s+max_threads/i.test(q))
    return chError(res, 403, 164, "READONLY", "Cannot modify 'max_threads' setting in readonly mode");
  if (/uniqExact\(user_id\)/i.test(q))
    return chError(
      res,
      429,
      202,
      "TOO_MANY_SIMULTANEOUS_QUERIES",
      "Too many simultaneous queries for user default. Current: 8, maximum: 8",
    );
  if (/quantilesExact/i.test(q))
    return chError(
      res,
      500,
      159,
      "TIMEOUT_EXCEEDED",
      "Timeout exceeded: elapsed 30.000512 seconds, maximum: 30",
    );
  if (/sleepEachRow/i.test(q)) {
    await sleep(8000);
    if (res.destroyed) return;
  }
  if (/WHERE country = 'AQ'/.test(q)) return chJson(res, [{ name: "count()", type: "UInt64" }], []);
  if (/count\(\)/i.test(q) && !/GROUP BY/i.test(q))
    return chJson(res, [{ name: "count()", type: "UInt64" }], [{ "count()": "128734" }]);
  return chJson(
    res,
    [
      { name: "country", type: "String" },
      { name: "events", type: "UInt64" },
    ],
    [
      { country: "DE", events: "40211" },
      { country: "FR", events: "31877" },
      { country: "US", events: "56646" },
    ],
  );
}

// ---- A web server with one PDF ----

export function webStandin(pdfFile: string): Standin {
  return standin(WEB_PORT, (req, res) => {
    if (req.url === "/reports/q3.pdf") {
      res.writeHead(200, { "content-type": "application/pdf" });
      return res.end(fs.readFileSync(pdfFile));
    }
    res.writeHead(404, { "content-type": "text/html" });
    res.end("<html><body><h1>404 Not Found</h1></body></html>");
  });
}

const handle =
  (fn: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<unknown>): http.RequestListener =>
  (req, res) => {
    fn(req, res).catch((error: Error) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error.message));
    });
  };

export const influxStandin = standin(INFLUX_PORT, handle(influx));
export const clickhouseStandin = standin(CLICKHOUSE_PORT, handle(clickhouse));
