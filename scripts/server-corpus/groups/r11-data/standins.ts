// Loopback stand-ins for the services behind this group's servers, answering with the real APIs' bodies
// and error bodies: a Metabase instance (`/api/...`, `X-API-Key`; plain HTTP on loopback, its URL is
// configurable), the Turso Platform API (`api.turso.tech/v1`) with a libSQL database's Hrana-over-HTTP
// endpoint (`<db>-<org>.turso.io/v2/pipeline`), and Amplitude's Dashboard REST API
// (`amplitude.com/api/2/events/segmentation`, HTTP Basic).
//
// Turso's and Amplitude's hosts are written into their servers. mcp-turso-cloud calls Node's built-in
// fetch (and @libsql/client too), which on Node 20 ignores proxy variables, so it is started with
// `proxy-preload.mjs` (undici's ProxyAgent for HTTPS_PROXY as the global dispatcher) and reaches a
// loopback forward proxy that terminates TLS with a certificate for the real hosts. amplitude-mcp uses
// node-fetch 2 on Node's https module, which ignores proxy variables too; `https-preload.mjs` makes
// https.globalAgent open its TLS connections to the Amplitude stand-in's loopback port instead (same
// certificate, same SNI). The servers' own code is not touched. `state` is switched by the sessions'
// hooks (a revoked key, a rate limit, an outage, …).

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import path from "node:path";

export const DATA = "/tmp/faultline-corpus-r11-data";
export const CERT = path.join(DATA, "standin-cert.pem");
const KEY = path.join(DATA, "standin-key.pem");

export const METABASE_PORT = 39500;
export const TURSO_PROXY_PORT = 39501;
export const AMPLITUDE_TLS_PORT = 39502;

export const METABASE_KEY = "mb_Qm9yZWFsaXMtcjExLWRhdGEtY29ycHVzLWtleQ7Xw2";
export const TURSO_TOKEN =
  "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJpYXQiOjE3OTcwMDAwMDAsIm5hbWUiOiJyMTEtZGF0YSIsImlkIjoiYjNmN2M5ZDItcjExIn0.r11DataCorpusPlatformTokenSignature";
export const TURSO_ORG = "acme-analytics";
export const AMPLITUDE_API_KEY = "2f6c1e9a7b3d4c5e8f0a1b2c3d4e5f60";
export const AMPLITUDE_SECRET = "9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d";

export const state = {
  metabaseKeyRevoked: false,
  metabaseBadGateway: false,
  metabaseInitializing: false,
  tursoTokenRevoked: false,
  tursoRateLimited: false,
  tursoDbJwtExpired: false,
  tursoEdgeDown: false,
  amplitudeKeyInvalid: false,
  amplitudeRateLimited: false,
  amplitudeServerError: false,
  amplitudeChallengePage: false,
};

type Handler = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => void;

export interface Standin {
  start(): Promise<void>;
  stop(): Promise<void>;
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json;charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

function text(
  res: http.ServerResponse,
  status: number,
  body: string,
  type = "text/plain",
  headers: Record<string, string> = {},
) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": type, ...headers });
  res.end(body);
}

const timers = new Set<NodeJS.Timeout>();
/** Answers after `ms` (a slow upstream); the timer is cleared when the stand-ins stop. */
function later(ms: number, answer: () => void) {
  const timer = setTimeout(() => {
    timers.delete(timer);
    answer();
  }, ms);
  timers.add(timer);
}

export function clearTimers() {
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
}

function parse(body: string): Record<string, unknown> {
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** The libSQL host Turso gives the `analytics` database of the organization. */
export const TURSO_DB_HOST = `analytics-${TURSO_ORG}.turso.io`;

/** A self-signed certificate for the real API hosts and 127.0.0.1, made once per data directory. */
export function ensureCertificate() {
  if (fs.existsSync(CERT) && fs.existsSync(KEY)) return;
  fs.mkdirSync(DATA, { recursive: true });
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      KEY,
      "-out",
      CERT,
      "-days",
      "3650",
      "-subj",
      "/CN=r11-data corpus stand-in",
      "-addext",
      `subjectAltName=DNS:api.turso.tech,DNS:*.turso.io,DNS:amplitude.com,IP:127.0.0.1`,
    ],
    { stdio: "ignore" },
  );
}

function onRequest(port: number, handler: Handler) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const host = req.headers.host ?? `127.0.0.1:${port}`;
      handler(req, new URL(req.url ?? "/", `http://${host}`), body, res);
    });
  };
}

/** A plain HTTP (or, with `tls`, HTTPS) server on its own loopback port. */
function server(port: number, handler: Handler, tls = false): Standin {
  const sockets = new Set<Socket>();
  let created: http.Server | undefined;
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        if (tls) ensureCertificate();
        const made = tls
          ? https.createServer(
              { key: fs.readFileSync(KEY), cert: fs.readFileSync(CERT) },
              onRequest(port, handler),
            )
          : http.createServer(onRequest(port, handler));
        made.on("connection", (socket: Socket) => {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
        });
        made.once("error", reject);
        made.listen(port, "127.0.0.1", () => resolve());
        created = made;
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!created) return resolve();
        created.close(() => resolve());
        created = undefined;
      }),
  };
}

/**
 * A forward proxy on its own port that accepts CONNECT for any host, terminates TLS with the stand-in
 * certificate and answers every request inside the tunnel with `handler` (the real host is in the Host
 * header).
 */
function mitmProxy(port: number, handler: Handler): Standin {
  const sockets = new Set<Socket>();
  let proxy: http.Server | undefined;
  let tls: https.Server | undefined;
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        ensureCertificate();
        tls = https.createServer(
          { key: fs.readFileSync(KEY), cert: fs.readFileSync(CERT) },
          onRequest(port, handler),
        );
        const inner = tls;
        const created = http.createServer((_req, res) =>
          text(res, 400, "this proxy only tunnels (CONNECT)\n"),
        );
        created.on("connection", (socket: Socket) => {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
        });
        created.on("connect", (_req: http.IncomingMessage, socket: Socket, head: Buffer) => {
          socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
          if (head.length) socket.unshift(head);
          inner.emit("connection", socket);
        });
        created.once("error", reject);
        created.listen(port, "127.0.0.1", () => resolve());
        proxy = created;
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        tls?.close();
        tls = undefined;
        if (!proxy) return resolve();
        proxy.close(() => resolve());
        proxy = undefined;
      }),
  };
}

const NGINX_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.25.4</center>\r\n</body>\r\n</html>\r\n";

const CLOUDFLARE_CHALLENGE = (host: string) =>
  `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta name="robots" content="noindex,nofollow"></head><body><div class="main-wrapper" role="main"><div class="main-content"><h1 class="zone-name-title h1">${host}</h1><h2 class="h2" id="challenge-running">Checking if the site connection is secure</h2><noscript><div class="h2"><span id="challenge-error-text">Enable JavaScript and cookies to continue</span></div></noscript></div></div></body></html>`;

// --------------------------------------------------------------------------------------- Metabase

const MB_DATABASES = [
  {
    id: 1,
    name: "Sample Database",
    engine: "h2",
    is_sample: true,
    is_full_sync: true,
    is_on_demand: false,
    native_permissions: "write",
    timezone: "UTC",
    created_at: "2026-03-02T09:14:11.402Z",
    updated_at: "2026-11-30T02:00:00.118Z",
    features: ["basic-aggregations", "nested-queries", "native-parameters", "left-join"],
    initial_sync_status: "complete",
  },
  {
    id: 2,
    name: "Product Warehouse",
    engine: "postgres",
    is_sample: false,
    is_full_sync: true,
    is_on_demand: false,
    native_permissions: "write",
    timezone: "UTC",
    created_at: "2026-03-02T09:20:45.017Z",
    updated_at: "2026-11-30T02:00:03.552Z",
    features: ["basic-aggregations", "nested-queries", "native-parameters", "window-functions/offset"],
    initial_sync_status: "complete",
  },
];

const mbCard = (id: number, name: string, sql: string, collection: number | null) => ({
  id,
  name,
  description: null,
  display: "line",
  type: "question",
  archived: false,
  collection_id: collection,
  database_id: 2,
  table_id: null,
  query_type: "native",
  dataset_query: { database: 2, type: "native", native: { query: sql, "template-tags": {} } },
  visualization_settings: { "graph.dimensions": ["day"], "graph.metrics": ["signups"] },
  creator_id: 1,
  created_at: "2026-06-11T14:22:08.310Z",
  updated_at: "2026-11-18T08:41:52.907Z",
  can_write: true,
  result_metadata: [
    { name: "day", display_name: "day", base_type: "type/Date" },
    { name: "signups", display_name: "signups", base_type: "type/BigInteger" },
  ],
});

const MB_CARDS: Record<number, ReturnType<typeof mbCard>> = {
  12: mbCard(12, "Daily signups (30 days)", "SELECT day, signups FROM daily_signups ORDER BY day", 4),
  13: mbCard(13, "Churned accounts by plan", "SELECT plan, count(*) FROM churn_events_v2 GROUP BY plan", 4),
  21: mbCard(21, "Board revenue (finance only)", "SELECT month, mrr FROM finance.mrr_by_month", 9),
};

const mbCols = (names: [string, string][]) =>
  names.map(([name, type]) => ({
    name,
    display_name: name,
    base_type: type,
    effective_type: type,
    source: "native",
    field_ref: ["field", name, { "base-type": type }],
  }));

function mbCompleted(rows: unknown[][], cols: [string, string][], extra: Record<string, unknown> = {}) {
  return {
    data: {
      rows,
      cols: mbCols(cols),
      native_form: { query: extra.query ?? null, params: null },
      results_timezone: "UTC",
      results_metadata: { columns: mbCols(cols) },
      insights: null,
    },
    database_id: 2,
    started_at: "2026-12-06T07:42:19.231Z",
    json_query: {
      database: 2,
      type: "native",
      native: { query: extra.query ?? null },
      middleware: { "js-int-to-string?": true },
    },
    average_execution_time: null,
    status: "completed",
    context: extra.context ?? "ad-hoc",
    row_count: rows.length,
    running_time: 37,
  };
}

/** Metabase's answer to a native query the database rejected: HTTP 202, `status: "failed"`. */
function mbFailed(query: string, error: string, cls: string, sqlState: string, context = "ad-hoc") {
  return {
    data: { rows: [], cols: [] },
    database_id: 2,
    started_at: "2026-12-06T07:42:19.231Z",
    via: [
      {
        status: "failed",
        class: cls,
        error,
        stacktrace: [],
        state: sqlState,
      },
    ],
    error_type: "invalid-query",
    json_query: { database: 2, type: "native", native: { query }, middleware: { "js-int-to-string?": true } },
    native: { query, params: null },
    status: "failed",
    class: cls,
    stacktrace: [],
    context,
    error,
    row_count: 0,
    running_time: 0,
  };
}

const SIGNUP_ROWS = [
  ["2026-11-28", 412],
  ["2026-11-29", 388],
  ["2026-11-30", 451],
  ["2026-12-01", 507],
  ["2026-12-02", 493],
];

const metabase: Handler = (req, url, body, res) => {
  const p = url.pathname;
  if (state.metabaseBadGateway) return text(res, 502, NGINX_502, "text/html");
  if (state.metabaseInitializing)
    return json(res, 503, { status: "initializing", progress: 0.38 }, { "retry-after": "30" });
  if (req.headers["x-api-key"] !== METABASE_KEY || state.metabaseKeyRevoked)
    return text(res, 401, "Unauthenticated", "text/plain");
  const args = parse(body);

  if (req.method === "GET" && p === "/api/database")
    return json(res, 200, { data: MB_DATABASES, total: MB_DATABASES.length });
  const db = /^\/api\/database\/(\d+)$/.exec(p);
  if (req.method === "GET" && db) {
    const found = MB_DATABASES.find((d) => d.id === Number(db[1]));
    return found ? json(res, 200, { ...found, tables: [] }) : text(res, 404, "Not found.");
  }
  const card = /^\/api\/card\/(\d+)$/.exec(p);
  if (req.method === "GET" && card) {
    const id = Number(card[1]);
    if (id === 21) return text(res, 403, "You don't have permissions to do that.");
    const found = MB_CARDS[id];
    return found ? json(res, 200, found) : text(res, 404, "Not found.");
  }
  const cardQuery = /^\/api\/card\/(\d+)\/query$/.exec(p);
  if (req.method === "POST" && cardQuery) {
    const id = Number(cardQuery[1]);
    if (id === 12)
      return json(
        res,
        202,
        mbCompleted(
          SIGNUP_ROWS,
          [
            ["day", "type/Date"],
            ["signups", "type/BigInteger"],
          ],
          { query: MB_CARDS[12]!.dataset_query.native.query, context: "question" },
        ),
      );
    if (id === 13)
      return json(
        res,
        202,
        mbFailed(
          MB_CARDS[13]!.dataset_query.native.query,
          'ERROR: relation "churn_events_v2" does not exist\n  Position: 30',
          "class org.postgresql.util.PSQLException",
          "42P01",
          "question",
        ),
      );
    if (id === 21) return text(res, 403, "You don't have permissions to do that.");
    return text(res, 404, "Not found.");
  }
  if (req.method === "POST" && p === "/api/dataset") {
    const native = (args.native ?? {}) as { query?: string };
    const query = native.query ?? "";
    const database = Number(args.database);
    if (!MB_DATABASES.some((d) => d.id === database)) return text(res, 404, "Not found.");
    if (/pg_sleep/i.test(query))
      return later(15_000, () => json(res, 202, mbCompleted([[1]], [["pg_sleep", "type/Text"]], { query })));
    if (/^\s*selec\b/i.test(query) || /\bfrom\s*$/i.test(query))
      return json(
        res,
        202,
        mbFailed(
          query,
          'ERROR: syntax error at or near "selec"\n  Position: 1',
          "class org.postgresql.util.PSQLException",
          "42601",
        ),
      );
    if (/from\s+daily_signups/i.test(query) && /where\s+day\s*>\s*'2027/i.test(query))
      return json(
        res,
        202,
        mbCompleted(
          [],
          [
            ["day", "type/Date"],
            ["signups", "type/BigInteger"],
          ],
          { query },
        ),
      );
    if (/from\s+daily_signups/i.test(query))
      return json(
        res,
        202,
        mbCompleted(
          SIGNUP_ROWS,
          [
            ["day", "type/Date"],
            ["signups", "type/BigInteger"],
          ],
          { query },
        ),
      );
    if (/from\s+events_raw/i.test(query))
      return json(
        res,
        202,
        mbFailed(
          query,
          'ERROR: relation "events_raw" does not exist\n  Position: 22',
          "class org.postgresql.util.PSQLException",
          "42P01",
        ),
      );
    return json(res, 202, mbCompleted([[1]], [["?column?", "type/Integer"]], { query }));
  }
  if (req.method === "GET" && p === "/api/search") {
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    const items = q.includes("signup")
      ? [
          {
            id: 12,
            model: "card",
            name: "Daily signups (30 days)",
            description: null,
            collection: { id: 4, name: "Growth", authority_level: null, type: null },
            database_id: 2,
            archived: false,
            updated_at: "2026-11-18T08:41:52.907Z",
            scores: [{ score: 0.91, name: "text-total-occurrences" }],
          },
          {
            id: 3,
            model: "dashboard",
            name: "Growth weekly",
            description: "Signups, activation and churn",
            collection: { id: 4, name: "Growth", authority_level: null, type: null },
            archived: false,
            updated_at: "2026-11-20T10:02:17.004Z",
            scores: [{ score: 0.62, name: "text-total-occurrences" }],
          },
        ]
      : [];
    return json(res, 200, {
      data: items,
      total: items.length,
      limit: null,
      offset: null,
      models: null,
      available_models: items.length ? ["card", "dashboard"] : [],
      engine: "search.engine/in-place",
      table_db_id: null,
      filter_items_in_personal_collection: null,
    });
  }
  const dash = /^\/api\/dashboard\/(\d+)$/.exec(p);
  if (req.method === "GET" && dash) {
    if (Number(dash[1]) !== 3) return text(res, 404, "Not found.");
    return json(res, 200, {
      id: 3,
      name: "Growth weekly",
      description: "Signups, activation and churn",
      collection_id: 4,
      archived: false,
      parameters: [],
      dashcards: [
        {
          id: 31,
          card_id: 12,
          row: 0,
          col: 0,
          size_x: 12,
          size_y: 6,
          card: { id: 12, name: MB_CARDS[12]!.name },
        },
        {
          id: 32,
          card_id: 13,
          row: 0,
          col: 12,
          size_x: 12,
          size_y: 6,
          card: { id: 13, name: MB_CARDS[13]!.name },
        },
      ],
      tabs: [],
      can_write: true,
      created_at: "2026-06-11T14:30:00.000Z",
      updated_at: "2026-11-20T10:02:17.004Z",
    });
  }
  if (req.method === "POST" && p === "/api/dashboard") {
    const name = args.name;
    if (typeof name !== "string" || name.trim() === "")
      return json(res, 400, {
        errors: { name: "value must be a non-blank string." },
        "specific-errors": { name: ['should be a string, received: ""', 'non-blank string, received: ""'] },
      });
    if (args.collection_id === 9) return text(res, 403, "You don't have permissions to do that.");
    return json(res, 200, {
      id: 17,
      name,
      description: args.description ?? null,
      collection_id: args.collection_id ?? null,
      archived: false,
      parameters: [],
      dashcards: [],
      creator_id: 1,
      created_at: "2026-12-06T07:43:02.511Z",
      updated_at: "2026-12-06T07:43:02.511Z",
    });
  }
  if (req.method === "GET" && p === "/api/collection")
    return json(res, 200, [
      { id: "root", name: "Our analytics", can_write: true },
      { id: 4, name: "Growth", location: "/", archived: false, can_write: true },
      { id: 9, name: "Finance", location: "/", archived: false, can_write: false },
    ]);
  return text(res, 404, "API endpoint does not exist.");
};

export const metabaseStandin = server(METABASE_PORT, metabase);

// ------------------------------------------------------------------------------------------ Turso

const TURSO_DATABASES = [
  {
    Name: "analytics",
    DbId: "6a1f4c2e-8d3b-4e7f-9a0c-5b2d1e3f4a6b",
    Hostname: TURSO_DB_HOST,
    block_reads: false,
    block_writes: false,
    allow_attach: false,
    regions: ["iad"],
    primaryRegion: "iad",
    type: "logical",
    version: "0.24.31",
    group: "default",
    is_schema: false,
    schema: null,
    archived: false,
    delete_protection: false,
  },
  {
    Name: "events-archive",
    DbId: "0c7e2b9d-1f4a-4c6e-8b3d-7a9e2f1c5d80",
    Hostname: `events-archive-${TURSO_ORG}.turso.io`,
    block_reads: false,
    block_writes: true,
    allow_attach: false,
    regions: ["iad"],
    primaryRegion: "iad",
    type: "logical",
    version: "0.24.31",
    group: "default",
    is_schema: false,
    schema: null,
    archived: false,
    delete_protection: true,
  },
];

const DB_JWT =
  "eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9.eyJhIjoicm8iLCJleHAiOjIwMTIwMDAwMDAsImlhdCI6MTc5NzAwMDAwMCwiaWQiOiI2YTFmNGMyZSJ9.r11DataCorpusDatabaseTokenSignature";

type Value =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "text"; value: string }
  | { type: "float"; value: number };
const t = (value: string): Value => ({ type: "text", value });
const i = (value: number): Value => ({ type: "integer", value: String(value) });

function execResult(
  cols: [string, string | null][],
  rows: Value[][],
  affected = 0,
  lastId: string | null = null,
) {
  return {
    type: "ok",
    response: {
      type: "execute",
      result: {
        cols: cols.map(([name, decltype]) => ({ name, decltype })),
        rows,
        affected_row_count: affected,
        last_insert_rowid: lastId,
        replication_index: "1482",
        rows_read: rows.length,
        rows_written: affected,
        query_duration_ms: 0.412,
      },
    },
  };
}

const sqlError = (message: string, code = "SQLITE_UNKNOWN") => ({ type: "error", error: { message, code } });

function runSql(sql: string): unknown {
  const s = sql.trim();
  if (/sqlite_schema/i.test(s))
    return execResult([["name", "TEXT"]], [[t("daily_active_users")], [t("events")], [t("funnels")]]);
  const pragma = /^pragma\s+table_info\((\w+)\)/i.exec(s);
  if (pragma) {
    if (pragma[1] === "events")
      return execResult(
        [
          ["cid", null],
          ["name", null],
          ["type", null],
          ["notnull", null],
          ["dflt_value", null],
          ["pk", null],
        ],
        [
          [i(0), t("id"), t("INTEGER"), i(0), { type: "null" }, i(1)],
          [i(1), t("user_id"), t("TEXT"), i(1), { type: "null" }, i(0)],
          [i(2), t("name"), t("TEXT"), i(1), { type: "null" }, i(0)],
          [i(3), t("ts"), t("INTEGER"), i(1), { type: "null" }, i(0)],
        ],
      );
    return execResult(
      [
        ["cid", null],
        ["name", null],
        ["type", null],
        ["notnull", null],
        ["dflt_value", null],
        ["pk", null],
      ],
      [],
    );
  }
  if (/from\s+evnts\b/i.test(s)) return sqlError("SQLite error: no such table: evnts");
  if (/from\s+events\b.*where\s+name\s*=\s*'checkout_abandoned'/is.test(s))
    return execResult(
      [
        ["name", "TEXT"],
        ["n", null],
      ],
      [],
    );
  if (/count\(\*\)/i.test(s) && /from\s+events/i.test(s))
    return execResult(
      [
        ["name", "TEXT"],
        ["n", null],
      ],
      [
        [t("signup"), i(1204)],
        [t("activate"), i(771)],
        [t("checkout"), i(219)],
      ],
    );
  if (/from\s+daily_active_users/i.test(s))
    return execResult(
      [
        ["day", "TEXT"],
        ["dau", "INTEGER"],
      ],
      [
        [t("2026-12-01"), i(3120)],
        [t("2026-12-02"), i(3318)],
        [t("2026-12-03"), i(3275)],
      ],
    );
  if (/vector_distance/i.test(s)) return sqlError("SQLite error: no such column: embedding");
  if (/^insert\s+into\s+events/i.test(s)) return execResult([], [], 1, "5839");
  if (/^update\s+funnels/i.test(s)) return execResult([], [], 0);
  if (/^insert\s+into\s+funnels/i.test(s))
    return sqlError("SQLite error: UNIQUE constraint failed: funnels.slug", "SQLITE_CONSTRAINT");
  if (/^selec\b/i.test(s)) return sqlError('SQLite error: near "selec": syntax error');
  if (/^delete\b/i.test(s)) return execResult([], [], 42);
  return execResult([["1", null]], [[i(1)]]);
}

function hrana(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (state.tursoEdgeDown) return text(res, 502, NGINX_502.replace("nginx/1.25.4", "fly"), "text/html");
  if (req.method === "GET" && /^\/v\d/.test(url.pathname)) return text(res, 404, "");
  if (url.pathname !== "/v2/pipeline") return text(res, 404, "");
  if (state.tursoDbJwtExpired)
    return json(res, 401, {
      message: "Authentication failed: The JWT has expired",
      code: "AUTH_JWT_EXPIRED",
    });
  const requests = (parse(body).requests ?? []) as { type: string; stmt?: { sql?: string } }[];
  const slow = requests.some((r) => /sleep_ms|slow_rollup/i.test(r.stmt?.sql ?? ""));
  const answer = () =>
    json(res, 200, {
      baton: null,
      base_url: null,
      results: requests.map((r) =>
        r.type === "execute"
          ? runSql(r.stmt?.sql ?? "")
          : r.type === "close"
            ? { type: "ok", response: { type: "close" } }
            : { type: "ok", response: { type: r.type } },
      ),
    });
  if (slow) return later(15_000, answer);
  return answer();
}

const turso: Handler = (req, url, body, res) => {
  const host = (req.headers.host ?? "").split(":")[0] ?? "";
  if (host.endsWith(".turso.io")) {
    if (host !== TURSO_DB_HOST) return text(res, 404, "", "text/plain");
    return hrana(req, url, body, res);
  }
  const p = url.pathname;
  if (req.headers.authorization !== `Bearer ${TURSO_TOKEN}` || state.tursoTokenRevoked)
    return json(res, 401, { error: "could not parse jwt id" });
  if (state.tursoRateLimited)
    return json(res, 429, { error: "rate limit exceeded" }, { "retry-after": "60" });
  const base = `/v1/organizations/${TURSO_ORG}/databases`;
  if (p === base && req.method === "GET") return json(res, 200, { databases: TURSO_DATABASES });
  if (p === base && req.method === "POST") {
    const args = parse(body);
    const name = String(args.name ?? "");
    if (TURSO_DATABASES.some((d) => d.Name === name))
      return json(res, 409, { error: `database with name ${name} already exists` });
    if (!/^[a-z0-9-]{1,64}$/.test(name))
      return json(res, 400, {
        error: `invalid database name: ${name}: database names can only contain lowercase letters, numbers, dashes`,
      });
    if (args.group !== "default") return json(res, 404, { error: `group ${String(args.group)} not found` });
    return json(res, 200, {
      database: {
        DbId: "3e9d1c7a-2b5f-4a8e-9c0d-6f1b2a3c4d5e",
        Hostname: `${name}-${TURSO_ORG}.turso.io`,
        Name: name,
      },
    });
  }
  const one = new RegExp(`^${base}/([^/]+)(/auth/tokens)?$`).exec(p);
  if (one) {
    const name = decodeURIComponent(one[1]!);
    const found = TURSO_DATABASES.find((d) => d.Name === name);
    if (!found) return json(res, 404, { error: `database ${name} not found` });
    if (one[2] && req.method === "POST") return json(res, 200, { jwt: DB_JWT });
    if (req.method === "DELETE") {
      if (found.delete_protection)
        return json(res, 403, {
          error: `database ${name} has delete protection enabled; disable it before deleting the database`,
        });
      return json(res, 200, { database: name });
    }
    if (req.method === "GET") return json(res, 200, { database: found });
  }
  return json(res, 404, { error: "not found" });
};

export const tursoStandin = mitmProxy(TURSO_PROXY_PORT, turso);

// -------------------------------------------------------------------------------------- Amplitude

const AMP_BASIC = `Basic ${Buffer.from(`${AMPLITUDE_API_KEY}:${AMPLITUDE_SECRET}`).toString("base64")}`;

const amplitude: Handler = (req, url, _body, res) => {
  if (state.amplitudeChallengePage)
    return text(res, 200, CLOUDFLARE_CHALLENGE("amplitude.com"), "text/html; charset=UTF-8");
  if (state.amplitudeServerError) return text(res, 500, "Internal Server Error", "text/plain; charset=utf-8");
  if (req.headers.authorization !== AMP_BASIC || state.amplitudeKeyInvalid)
    return text(res, 401, "Invalid API Key or Secret Key", "text/plain; charset=utf-8");
  if (state.amplitudeRateLimited)
    return json(
      res,
      429,
      {
        error: {
          http_code: 429,
          type: "concurrent_limit",
          message: "Too many concurrent requests: limit of 5 concurrent queries per project exceeded",
        },
      },
      { "retry-after": "10" },
    );
  if (url.pathname !== "/api/2/events/segmentation") return text(res, 404, "Not Found");
  let event = "";
  try {
    event = (JSON.parse(url.searchParams.get("e") ?? "{}") as { event_type?: string }).event_type ?? "";
  } catch {
    return text(res, 400, "Invalid event JSON in parameter 'e'", "text/plain; charset=utf-8");
  }
  const start = url.searchParams.get("start") ?? "";
  const end = url.searchParams.get("end") ?? "";
  if (!/^\d{8}$/.test(start) || !/^\d{8}$/.test(end))
    return json(res, 400, { error: "Invalid date format: start and end must be YYYYMMDD" });
  if (end < start) return json(res, 400, { error: "End date must be on or after start date" });
  const days = ["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05"];
  const answer = () => {
    const counts =
      event === "Checkout Completed"
        ? [219, 240, 198, 251, 263]
        : event === "Song Played"
          ? [18234, 19102, 17880, 20411, 21007]
          : [0, 0, 0, 0, 0];
    json(res, 200, {
      data: {
        series: [counts],
        seriesLabels: [0],
        seriesCollapsed: [[{ setId: "", value: counts.reduce((a, b) => a + b, 0) }]],
        xValues: days,
      },
    });
  };
  if (event === "Slow Report Event") return later(15_000, answer);
  return answer();
};

export const amplitudeStandin = server(AMPLITUDE_TLS_PORT, amplitude, true);

export const ALL_STANDINS = [metabaseStandin, tursoStandin, amplitudeStandin];
