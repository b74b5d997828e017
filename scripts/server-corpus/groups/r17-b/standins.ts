// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies
// and error bodies:
// - Neon: the Management API v2 (`console.neon.tech/api/v2/...`, axios in `@neondatabase/api-client`) and the
//   SQL-over-HTTP endpoint of the serverless driver (`api.<region>.aws.neon.tech/sql`, Node's fetch), both behind
//   one forward proxy;
// - BigQuery: Google's OAuth token endpoint (`oauth2.googleapis.com/token`, a service-account JWT grant) and the
//   BigQuery REST API v2 (`bigquery.googleapis.com/bigquery/v2/projects/<p>/jobs` for the dry run,
//   `/queries` for jobs.query), behind one forward proxy;
// - InstantDB: the admin endpoints `/admin/query` and `/admin/transact` on a plain loopback port
//   (`INSTANT_API_URL`);
// - Firebase: the Auth (`/identitytoolkit.googleapis.com/v1/projects/<p>/accounts:lookup`) and Cloud Storage JSON
//   API (`/storage/v1/b/<bucket>/o`) paths as firebase-admin calls them on an emulator host, on one plain
//   loopback port, and Cloud Firestore's gRPC service `google.firestore.v1.Firestore` (ListCollectionIds,
//   RunQuery, BatchGetDocuments, Commit) on another, served with @grpc/grpc-js from Firestore's own protos.
//
// `state` is switched by the sessions' hooks (a revoked key, a rate limit, an outage, …).

import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import type http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
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
  type Standin,
} from "../../standin-kit.js";

export { clearTimers };

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const DATA = "/tmp/faultline-corpus-r17-b";
export const CERT = path.join(DATA, "standin-cert.pem");
export const GCP_KEY = path.join(DATA, "bigquery-sa.json");
export const FIREBASE_KEY = path.join(DATA, "firebase-sa.json");
export const BQ_CONFIG = path.join(DATA, "bigquery-config.json");

export const NEON_PROXY_PORT = 40500;
export const BQ_PROXY_PORT = 40501;
export const INSTANT_PORT = 40502;
export const FIREBASE_HTTP_PORT = 40503;
export const FIRESTORE_PORT = 40504;
export const FIREBASE_MCP_PORT = 40505;

export const NEON_API_KEY = "napi_4k9x2m7q1w8e3r6t5y0u2i9o8p7a6s5d4f3g2h1j0k9l8z7x6c5v4b3n2m1q0w9e8r7";
export const BQ_PROJECT = "acme-analytics";
export const FB_PROJECT = "acme-shop-prod";
export const FB_BUCKET = `${FB_PROJECT}.firebasestorage.app`;
export const INSTANT_TOKEN = "per_7f3e9a1c5b2d8e4f6a0b9c1d3e5f7a9b2c4d6e8f0a1b3c5d7e9f1a3b5c7d9e1f";

const HOSTS = [
  "console.neon.tech",
  "api.us-east-2.aws.neon.tech",
  "oauth2.googleapis.com",
  "www.googleapis.com",
  "bigquery.googleapis.com",
];

export const state = {
  neonKeyRevoked: false,
  neonRateLimited: false,
  neonUnavailable: false,
  neonProjectLocked: false,
  neonSqlUnavailable: false,
  bqKeyRevoked: false,
  bqQuotaExceeded: false,
  bqRateLimited: false,
  bqBackendError: false,
  bqGfe503: false,
  instantTokenRevoked: false,
  instantRateLimited: false,
  instantDeadlock: false,
  instantBadGateway: false,
  fbAuthForbidden: false,
  fbStorageForbidden: false,
  fbStorageUnavailable: false,
  fsPermissionDenied: false,
  fsUnauthenticated: false,
};

let cert: Certificate | undefined;
export function ensureCertificate(): Certificate {
  cert ??= certificate(DATA, HOSTS);
  return cert;
}
const tls = () => ensureCertificate();

/** Service-account key files for the two Google servers (a fresh RSA key; the JWT is signed but never checked). */
export function ensureKeys() {
  fs.mkdirSync(DATA, { recursive: true });
  const write = (file: string, project: string, email: string) => {
    if (fs.existsSync(file)) return;
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    fs.writeFileSync(
      file,
      JSON.stringify(
        {
          type: "service_account",
          project_id: project,
          private_key_id: "3f1c2b9e8d7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e",
          private_key: pem,
          client_email: email,
          client_id: "104729384756102938475",
          auth_uri: "https://accounts.google.com/o/oauth2/auth",
          token_uri: "https://oauth2.googleapis.com/token",
          auth_provider_x509_cert_url: "https://www.googleapis.com/oauth2/v1/certs",
          client_x509_cert_url: `https://www.googleapis.com/robot/v1/metadata/x509/${encodeURIComponent(email)}`,
          universe_domain: "googleapis.com",
        },
        null,
        2,
      ),
    );
  };
  write(GCP_KEY, BQ_PROJECT, `mcp-reader@${BQ_PROJECT}.iam.gserviceaccount.com`);
  write(FIREBASE_KEY, FB_PROJECT, `firebase-adminsdk-fbsvc@${FB_PROJECT}.iam.gserviceaccount.com`);
  fs.writeFileSync(
    BQ_CONFIG,
    JSON.stringify(
      {
        maximumBytesBilled: "1000000000",
        protectionMode: "allowedTables",
        allowedTables: [
          "sales.orders",
          "sales.customers",
          "marketing.campaigns",
          "finance.ledger",
          "web.events",
        ],
        preventedFieldsInAllowedTables: { "sales.customers": ["email", "phone"] },
      },
      null,
      2,
    ),
  );
}

// ------------------------------------------------------------------------------------------- pages

const CLOUDFLARE_503 = `<!DOCTYPE html>
<html lang="en-US">
<head><title>console.neon.tech | 503: Service temporarily unavailable</title></head>
<body>
<div id="cf-error-details">
<h1><span class="inline-block">Service temporarily unavailable</span> <span class="code-label">Error code 503</span></h1>
<p>The web server reported that it is temporarily unavailable.</p>
<span>Cloudflare Ray ID: <strong>8f1c2d3e4a5b6c7d</strong></span>
</div>
</body>
</html>`;

const GOOGLE_503 = `<!DOCTYPE html>
<html lang=en>
  <meta charset=utf-8>
  <meta name=viewport content="initial-scale=1, minimum-scale=1, width=device-width">
  <title>Error 503 (Service Unavailable)!!1</title>
  <a href=//www.google.com/><span id=logo aria-label=Google></span></a>
  <p><b>503.</b> <ins>That’s an error.</ins>
  <p>The service you requested is not available at this time.<p>Service error -27. <ins>That’s all we know.</ins>`;

const ELB_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
</body>
</html>
`;

// ----------------------------------------------------------------------------------------------- Neon

export const NEON_PROJECT = "autumn-sea-28416503";
export const NEON_MISSING_PROJECT = "winter-field-00000000";
export const NEON_SLOW_PROJECT = "hidden-lake-55500911";
export const NEON_MAIN = "br-still-queen-a5r3k9xy";
export const NEON_REPLICA_DB = "reporting";
const NEON_ENDPOINT = "ep-quiet-mountain-a5h2x7ke";
const NEON_NOW = "2026-12-06T09:12:44Z";

function neonProject(id: string, name: string) {
  return {
    id,
    platform_id: "aws",
    region_id: "aws-us-east-2",
    name,
    provisioner: "k8s-neonvm",
    default_endpoint_settings: {
      autoscaling_limit_min_cu: 0.25,
      autoscaling_limit_max_cu: 2,
      suspend_timeout_seconds: 0,
    },
    settings: {
      allowed_ips: { ips: [], protected_branches_only: false },
      enable_logical_replication: false,
      maintenance_window: { weekdays: [5], start_time: "06:00", end_time: "07:00" },
      block_public_connections: false,
      block_vpc_connections: false,
    },
    pg_version: 17,
    proxy_host: "us-east-2.aws.neon.tech",
    branch_logical_size_limit: 512,
    branch_logical_size_limit_bytes: 536870912,
    store_passwords: true,
    active_time: 412560,
    cpu_used_sec: 103140,
    creation_source: "console",
    created_at: "2026-03-14T10:02:11Z",
    updated_at: NEON_NOW,
    synthetic_storage_size: 86213632,
    quota_reset_at: "2027-01-01T00:00:00Z",
    owner_id: "0f3c8b2a-6d4e-4a1b-9c7e-5f2d1a0b3c4e",
    compute_last_active_at: "2026-12-06T08:58:03Z",
    org_id: "org-bold-haze-74129563",
    history_retention_seconds: 86400,
  };
}

function neonBranch(id: string, name: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    project_id: NEON_PROJECT,
    name,
    current_state: "ready",
    state_changed_at: "2026-11-30T17:40:02Z",
    logical_size: 30515200,
    creation_source: "console",
    primary: id === NEON_MAIN,
    default: id === NEON_MAIN,
    protected: false,
    cpu_used_sec: 98211,
    compute_time_seconds: 98211,
    active_time_seconds: 393040,
    written_data_bytes: 48193536,
    data_transfer_bytes: 7340032,
    created_at: "2026-03-14T10:02:11Z",
    updated_at: NEON_NOW,
    created_by: { name: "Dana Whitfield", image: "" },
    init_source: "parent-data",
    ...extra,
  };
}

const NEON_BRANCHES = [
  neonBranch(NEON_MAIN, "main"),
  neonBranch("br-wispy-cell-a5q8n2vd", "preview/checkout-v2", {
    parent_id: NEON_MAIN,
    parent_lsn: "0/1F3A6B8",
    parent_timestamp: "2026-12-02T14:20:00Z",
    logical_size: 30670848,
  }),
];

const NEON_DATABASES = [
  {
    id: 8419203,
    branch_id: NEON_MAIN,
    name: "neondb",
    owner_name: "neondb_owner",
    created_at: "2026-03-14T10:02:11Z",
    updated_at: "2026-03-14T10:02:11Z",
  },
  {
    id: 8419277,
    branch_id: NEON_MAIN,
    name: NEON_REPLICA_DB,
    owner_name: "reporting_ro",
    created_at: "2026-05-02T08:15:40Z",
    updated_at: "2026-05-02T08:15:40Z",
  },
];

const neonError = (res: http.ServerResponse, status: number, message: string, code = "") =>
  json(res, status, { code, message }, { "x-neon-ret-request-id": "1b7e4c2a-9f3d-4e5b-8a6c-0d2f4e6a8b1c" });

/** A Postgres answer in the SQL-over-HTTP shape (array mode, raw text values). */
function pgResult(command: string, fields: [string, number][], rows: (string | null)[][]) {
  return {
    command,
    rowCount: command === "SELECT" ? rows.length : rows.length || 1,
    rows,
    fields: fields.map(([name, dataTypeID], index) => ({
      name,
      dataTypeID,
      tableID: 0,
      columnID: index + 1,
      dataTypeSize: dataTypeID === 23 ? 4 : -1,
      dataTypeModifier: -1,
      format: "text",
    })),
    rowAsArray: true,
  };
}

function pgError(
  res: http.ServerResponse,
  message: string,
  code: string,
  extra: Record<string, unknown> = {},
) {
  json(res, 400, {
    message,
    code,
    severity: "ERROR",
    file: "parse_relation.c",
    line: "1449",
    routine: "parserOpenTable",
    ...extra,
  });
}

function neonSql(query: string, connection: string, res: http.ServerResponse) {
  const q = query.replace(/\s+/g, " ").trim();
  if (/information_schema\.tables/i.test(q))
    return json(
      res,
      200,
      pgResult(
        "SELECT",
        [
          ["table_schema", 19],
          ["table_name", 19],
          ["table_type", 1043],
        ],
        [
          ["public", "customers", "BASE TABLE"],
          ["public", "order_items", "BASE TABLE"],
          ["public", "orders", "BASE TABLE"],
          ["public", "revenue_by_day", "VIEW"],
        ],
      ),
    );
  if (/information_schema\.columns/i.test(q)) {
    if (/'orders'/.test(q))
      return json(
        res,
        200,
        pgResult(
          "SELECT",
          [
            ["column_name", 19],
            ["data_type", 1043],
            ["character_maximum_length", 23],
            ["is_nullable", 1043],
            ["column_default", 1043],
          ],
          [
            ["id", "integer", null, "NO", "nextval('orders_id_seq'::regclass)"],
            ["customer_id", "integer", null, "NO", null],
            ["status", "character varying", "20", "NO", "'pending'::character varying"],
            ["total_cents", "integer", null, "NO", null],
            ["created_at", "timestamp with time zone", null, "NO", "now()"],
          ],
        ),
      );
    return json(
      res,
      200,
      pgResult(
        "SELECT",
        [
          ["column_name", 19],
          ["data_type", 1043],
          ["character_maximum_length", 23],
          ["is_nullable", 1043],
          ["column_default", 1043],
        ],
        [],
      ),
    );
  }
  if (/from invoices/i.test(q))
    return pgError(res, 'relation "invoices" does not exist', "42P01", { position: "15" });
  if (/\bFORM\b/.test(q))
    return pgError(res, 'syntax error at or near "FORM"', "42601", {
      position: "27",
      file: "scan.l",
      line: "1242",
      routine: "scanner_yyerror",
    });
  if (/^update/i.test(q) && connection.includes(`/${NEON_REPLICA_DB}`))
    return pgError(res, "cannot execute UPDATE in a read-only transaction", "25006", {
      file: "utility.c",
      line: "414",
      routine: "PreventCommandIfReadOnly",
    });
  if (/^insert into customers/i.test(q) && /ada@acme\.dev/i.test(q))
    return pgError(res, 'duplicate key value violates unique constraint "customers_email_key"', "23505", {
      detail: "Key (email)=(ada@acme.dev) already exists.",
      schema: "public",
      table: "customers",
      constraint: "customers_email_key",
      file: "nbtinsert.c",
      line: "666",
      routine: "_bt_check_unique",
    });
  if (/status = 'on_hold'/i.test(q))
    return json(
      res,
      200,
      pgResult(
        "SELECT",
        [
          ["id", 23],
          ["status", 1043],
          ["total_cents", 23],
        ],
        [],
      ),
    );
  if (/^select/i.test(q))
    return json(
      res,
      200,
      pgResult(
        "SELECT",
        [
          ["status", 1043],
          ["orders", 20],
          ["revenue_cents", 20],
        ],
        [
          ["delivered", "1412", "18390211"],
          ["shipped", "233", "2981400"],
          ["pending", "57", "611903"],
          ["cancelled", "19", "204100"],
        ],
      ),
    );
  if (/^update/i.test(q)) return json(res, 200, pgResult("UPDATE", [], []));
  if (/^insert/i.test(q)) return json(res, 200, pgResult("INSERT", [], []));
  return json(res, 200, pgResult("SELECT", [], []));
}

const neon = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => {
  if (url.hostname.startsWith("api.") && url.pathname === "/sql") {
    if (state.neonSqlUnavailable)
      return text(
        res,
        503,
        "Couldn't connect to compute node: compute endpoint ep-quiet-mountain-a5h2x7ke is temporarily unavailable, please retry",
      );
    const payload = parse(body) as { query?: string; queries?: { query: string }[] };
    const connection = String(req.headers["neon-connection-string"] ?? "");
    if (payload.queries) {
      // A batch runs as one transaction: the first failing statement fails the whole batch.
      const results: unknown[] = [];
      for (const item of payload.queries) {
        const captured: { status: number; body: string } = { status: 200, body: "" };
        const fake = {
          destroyed: false,
          writeHead(status: number) {
            captured.status = status;
          },
          end(chunk: string) {
            captured.body = chunk;
          },
        } as unknown as http.ServerResponse;
        neonSql(item.query, connection, fake);
        if (captured.status !== 200) return json(res, captured.status, JSON.parse(captured.body));
        results.push(JSON.parse(captured.body));
      }
      return json(res, 200, { results });
    }
    return neonSql(payload.query ?? "", connection, res);
  }
  if (url.hostname !== "console.neon.tech") return neonError(res, 404, "not found");
  if (state.neonKeyRevoked) return neonError(res, 401, "authorization failed");
  if (state.neonRateLimited) return neonError(res, 429, "rate limit exceeded", "");
  if (state.neonUnavailable) return text(res, 503, CLOUDFLARE_503, "text/html; charset=UTF-8");
  const p = url.pathname.replace(/^\/api\/v2/, "");
  const method = req.method ?? "GET";
  let m: RegExpMatchArray | null;
  if (p === "/projects" && method === "GET") {
    const search = url.searchParams.get("search") ?? "";
    const all = [
      neonProject(NEON_PROJECT, "storefront"),
      neonProject("bold-river-90125734", "shop-analytics"),
    ];
    const projects = all.filter(
      (project) => !search || project.name.includes(search) || project.id.includes(search),
    );
    return json(res, 200, {
      projects,
      pagination: { cursor: projects.at(-1)?.id ?? "" },
      applications: {},
      integrations: {},
    });
  }
  if (p === "/projects" && method === "POST")
    return neonError(
      res,
      422,
      "You have reached the limit of 1 projects on the Free plan",
      "PROJECTS_LIMIT_EXCEEDED",
    );
  if ((m = p.match(/^\/projects\/([^/]+)(.*)$/))) {
    const [, id, rest] = m;
    if (id === NEON_SLOW_PROJECT) return later(15_000, () => neonError(res, 504, "upstream request timeout"));
    if (id !== NEON_PROJECT) return neonError(res, 404, "project not found");
    if (rest === "" && method === "GET")
      return json(res, 200, { project: neonProject(NEON_PROJECT, "storefront") });
    if (rest === "/branches" && method === "GET")
      return json(res, 200, { branches: NEON_BRANCHES, annotations: {} });
    if (rest === "/branches" && method === "POST") {
      if (state.neonProjectLocked)
        return neonError(
          res,
          423,
          "project already has running conflicting operations, scheduling of new ones is prohibited",
          "",
        );
      const name = ((parse(body).branch as { name?: string } | undefined)?.name ??
        "br-morning-art-a5z1c3qp") as string;
      const branch = neonBranch("br-morning-art-a5z1c3qp", name, {
        parent_id: NEON_MAIN,
        parent_lsn: "0/1F4C2D0",
        current_state: "init",
        pending_state: "ready",
        logical_size: 0,
        primary: false,
        default: false,
        created_at: NEON_NOW,
        creation_source: "neon-mcp",
      });
      return json(res, 201, {
        branch,
        endpoints: [
          {
            host: "ep-small-hill-a5k0v9wn.us-east-2.aws.neon.tech",
            id: "ep-small-hill-a5k0v9wn",
            project_id: NEON_PROJECT,
            branch_id: branch.id,
            autoscaling_limit_min_cu: 0.25,
            autoscaling_limit_max_cu: 0.25,
            region_id: "aws-us-east-2",
            type: "read_write",
            current_state: "init",
            pending_state: "active",
            settings: {},
            pooler_enabled: false,
            pooler_mode: "transaction",
            disabled: false,
            passwordless_access: true,
            creation_source: "neon-mcp",
            created_at: NEON_NOW,
            updated_at: NEON_NOW,
            proxy_host: "us-east-2.aws.neon.tech",
            suspend_timeout_seconds: 0,
            provisioner: "k8s-neonvm",
          },
        ],
        operations: [
          {
            id: "5c1e8d2a-7b3f-4e9a-8c6d-1f0e2a3b4c5d",
            project_id: NEON_PROJECT,
            branch_id: branch.id,
            action: "create_branch",
            status: "running",
            failures_count: 0,
            created_at: NEON_NOW,
            updated_at: NEON_NOW,
            total_duration_ms: 0,
          },
        ],
        roles: [],
        databases: [],
        connection_uris: [],
      });
    }
    if ((m = rest!.match(/^\/branches\/([^/]+)\/databases$/)) && method === "GET") {
      if (!NEON_BRANCHES.some((branch) => branch.id === m![1]))
        return neonError(res, 404, "branch not found");
      return json(res, 200, { databases: NEON_DATABASES.map((db) => ({ ...db, branch_id: m![1] })) });
    }
    if ((m = rest!.match(/^\/branches\/([^/]+)\/databases\/([^/]+)$/)) && method === "GET") {
      const db = NEON_DATABASES.find((item) => item.name === decodeURIComponent(m![2]!));
      if (!db) return neonError(res, 404, "database not found");
      return json(res, 200, { database: db });
    }
    if (rest === "/connection_uri" && method === "GET") {
      const database = url.searchParams.get("database_name") ?? "neondb";
      const role = url.searchParams.get("role_name") ?? "neondb_owner";
      return json(res, 200, {
        uri: `postgresql://${role}:npg_Xq7vB2mK9tLw@${NEON_ENDPOINT}.us-east-2.aws.neon.tech/${database}?sslmode=require`,
      });
    }
    return neonError(res, 404, "not found");
  }
  return neonError(res, 404, "not found");
};

export const neonStandin = forwardProxy(NEON_PROXY_PORT, tls, neon);

// ------------------------------------------------------------------------------------------- BigQuery

function googleError(
  res: http.ServerResponse,
  code: number,
  message: string,
  reason: string,
  status: string,
  headers: Record<string, string> = {},
) {
  json(
    res,
    code,
    { error: { code, message, errors: [{ message, domain: "global", reason }], status } },
    { vary: "Origin, X-Origin, Referer", server: "ESF", ...headers },
  );
}

type BqCase = {
  match: RegExp;
  /** Answered to the dry run (jobs.insert with dryRun). */
  dry?: (res: http.ServerResponse) => void;
  statementType?: string;
  /** Answered to jobs.query. */
  run?: (res: http.ServerResponse) => void;
  schema?: [string, string][];
  rows?: (string | null)[][];
};

const BQ_CASES: BqCase[] = [
  {
    match: /order_totl/,
    dry: (res) =>
      googleError(
        res,
        400,
        "Unrecognized name: order_totl; Did you mean order_total? at [1:24]",
        "invalidQuery",
        "INVALID_ARGUMENT",
      ),
  },
  {
    match: /order_id,,/,
    dry: (res) =>
      googleError(res, 400, 'Syntax error: Unexpected "," at [1:17]', "invalidQuery", "INVALID_ARGUMENT"),
  },
  {
    match: /marketing\.campaigns/,
    dry: (res) =>
      googleError(
        res,
        404,
        `Not found: Table ${BQ_PROJECT}:marketing.campaigns was not found in location US`,
        "notFound",
        "NOT_FOUND",
      ),
  },
  {
    match: /finance\.ledger/,
    dry: (res) =>
      googleError(
        res,
        403,
        `Access Denied: Table ${BQ_PROJECT}:finance.ledger: User does not have permission to query table ${BQ_PROJECT}:finance.ledger, or perhaps it does not exist.`,
        "accessDenied",
        "PERMISSION_DENIED",
      ),
  },
  { match: /^\s*delete/i, statementType: "DELETE" },
  {
    match: /web\.events/,
    run: (res) =>
      googleError(
        res,
        400,
        "Query exceeded limit for bytes billed: 1000000000. 48318382080 or higher required.",
        "bytesBilledLimitExceeded",
        "INVALID_ARGUMENT",
      ),
  },
  {
    match: /order_date > '2030/,
    schema: [
      ["order_id", "STRING"],
      ["order_date", "DATE"],
      ["order_total", "NUMERIC"],
    ],
    rows: [],
  },
  {
    match: /INFORMATION_SCHEMA/i,
    schema: [
      ["table_name", "STRING"],
      ["table_type", "STRING"],
      ["creation_time", "TIMESTAMP"],
    ],
    rows: [
      ["customers", "BASE TABLE", "1709816400000000"],
      ["orders", "BASE TABLE", "1709816460000000"],
      ["orders_daily", "VIEW", "1714041000000000"],
    ],
  },
  {
    match: /JOIN sales\.customers/i,
    schema: [
      ["country", "STRING"],
      ["revenue", "NUMERIC"],
    ],
    rows: [
      ["US", "2604118.40"],
      ["DE", "688213.95"],
      ["GB", "571090.12"],
    ],
  },
  {
    match: /slow_sessions/,
    run: (res) => later(15_000, () => googleError(res, 500, "Backend error", "backendError", "INTERNAL")),
  },
  {
    match: /.*/,
    schema: [
      ["status", "STRING"],
      ["orders", "INTEGER"],
      ["revenue", "NUMERIC"],
    ],
    rows: [
      ["delivered", "48211", "3920455.18"],
      ["shipped", "2904", "241977.40"],
      ["processing", "611", "50318.02"],
      ["returned", "388", "27104.55"],
    ],
  },
];

let bqJobs = 0;

const bigquery = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => {
  // google-auth-library 9 posts the JWT grant to www.googleapis.com/oauth2/v4/token.
  if (
    (url.hostname === "oauth2.googleapis.com" && url.pathname === "/token") ||
    (url.hostname === "www.googleapis.com" && url.pathname === "/oauth2/v4/token")
  ) {
    if (state.bqKeyRevoked)
      return json(res, 400, { error: "invalid_grant", error_description: "Invalid JWT Signature." });
    return json(res, 200, {
      access_token: "ya29.c.c0ASRK0GZstand-in-token-9f8e7d6c5b4a3f2e1d0c",
      expires_in: 60,
      token_type: "Bearer",
    });
  }
  if (url.hostname !== "bigquery.googleapis.com")
    return googleError(res, 404, "Not Found", "notFound", "NOT_FOUND");
  const base = `/bigquery/v2/projects/${BQ_PROJECT}`;
  const payload = parse(body) as {
    configuration?: { query?: { query?: string }; dryRun?: boolean };
    jobReference?: { jobId?: string };
    query?: string;
  };
  if (state.bqGfe503) return text(res, 503, GOOGLE_503, "text/html; charset=UTF-8");
  if (state.bqRateLimited)
    return googleError(
      res,
      429,
      "Exceeded rate limits: too many api requests per user per method for this user_method. For more information, see https://cloud.google.com/bigquery/docs/troubleshoot-quotas",
      "rateLimitExceeded",
      "RESOURCE_EXHAUSTED",
    );
  if (state.bqBackendError)
    return googleError(
      res,
      500,
      "An internal error occurred and the request could not be completed. This is usually caused by a transient issue. Retrying the job with back-off as described in the BigQuery SLA should solve the problem: https://cloud.google.com/bigquery/sla. If the error continues to occur please contact support at https://cloud.google.com/support. Error: 5423415",
      "backendError",
      "INTERNAL",
    );
  if (state.bqQuotaExceeded)
    return googleError(
      res,
      403,
      "Quota exceeded: Your project exceeded quota for free query bytes scanned. For more information, see https://cloud.google.com/bigquery/docs/troubleshoot-quotas",
      "quotaExceeded",
      "PERMISSION_DENIED",
    );
  if (url.pathname === `${base}/jobs` && req.method === "POST") {
    const sql = payload.configuration?.query?.query ?? "";
    const found = BQ_CASES.find((c) => c.match.test(sql))!;
    if (found.dry) return found.dry(res);
    const jobId = payload.jobReference?.jobId ?? `job_dry_${++bqJobs}`;
    return json(res, 200, {
      kind: "bigquery#job",
      etag: "7nBv2Q9kT1xL0mYc3aZw8g==",
      id: `${BQ_PROJECT}:US.${jobId}`,
      selfLink: `https://bigquery.googleapis.com${base}/jobs/${jobId}?location=US`,
      user_email: `mcp-reader@${BQ_PROJECT}.iam.gserviceaccount.com`,
      configuration: {
        query: { query: sql, priority: "INTERACTIVE", useLegacySql: false },
        dryRun: true,
        jobType: "QUERY",
      },
      jobReference: { projectId: BQ_PROJECT, location: "US" },
      statistics: {
        creationTime: "1765013564182",
        totalBytesProcessed: "52428800",
        query: {
          totalBytesProcessed: "52428800",
          totalBytesBilled: "0",
          cacheHit: false,
          statementType: found.statementType ?? "SELECT",
          totalBytesProcessedAccuracy: "PRECISE",
        },
      },
      status: { state: "DONE" },
      principal_subject: `serviceAccount:mcp-reader@${BQ_PROJECT}.iam.gserviceaccount.com`,
    });
  }
  if (url.pathname === `${base}/queries` && req.method === "POST") {
    const sql = payload.query ?? "";
    const found = BQ_CASES.find((c) => c.match.test(sql))!;
    if (found.run) return found.run(res);
    const jobId = `job_${(++bqJobs).toString(36)}Xq2LmN8vR4tK`;
    const rows = found.rows ?? [];
    return json(res, 200, {
      kind: "bigquery#queryResponse",
      schema: { fields: (found.schema ?? []).map(([name, type]) => ({ name, type, mode: "NULLABLE" })) },
      jobReference: { projectId: BQ_PROJECT, jobId, location: "US" },
      totalRows: String(rows.length),
      ...(rows.length ? { rows: rows.map((row) => ({ f: row.map((v) => ({ v })) })) } : {}),
      totalBytesProcessed: "52428800",
      jobComplete: true,
      cacheHit: false,
      queryId: jobId,
      jobCreationReason: { code: "REQUESTED" },
    });
  }
  return googleError(res, 404, `Not found: URL ${url.pathname}`, "notFound", "NOT_FOUND");
};

export const bigqueryStandin = forwardProxy(BQ_PROXY_PORT, tls, bigquery);

// ------------------------------------------------------------------------------------------- InstantDB

export const INSTANT_APP = "7d1c9f2e-4b3a-4e8f-9a21-5c6d7e8f9a0b";
export const INSTANT_MISSING_APP = "0b8e3c51-2f4d-4a6b-8c9d-e1f203a4b5c6";
const TRACE = "6a3f0c9b2e1d4f5a8b7c6d5e4f3a2b1c";

const instantError = (res: http.ServerResponse, status: number, body: Record<string, unknown>) =>
  json(res, status, { ...body, "trace-id": TRACE });

const GOALS = [
  {
    id: "3e2f9c1a-5b7d-4e8f-a0b1-c2d3e4f5a6b7",
    title: "Launch spring catalogue",
    status: "active",
    todos: [
      { id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", title: "Shoot product photos", done: true },
      { id: "1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b", title: "Write copy for 40 SKUs", done: false },
    ],
  },
  {
    id: "b7a6c5d4-e3f2-4a1b-9c8d-7e6f5a4b3c2d",
    title: "Cut checkout latency",
    status: "active",
    todos: [{ id: "c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f", title: "Profile payment step", done: false }],
  },
];

const instant = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => {
  const appId = String(req.headers["app-id"] ?? "");
  const payload = parse(body) as { query?: Record<string, unknown>; steps?: unknown[][] };
  if (state.instantBadGateway) return text(res, 502, ELB_502, "text/html");
  if (state.instantTokenRevoked)
    return instantError(res, 400, {
      type: "record-not-found",
      message: "Record not found: personal-access-token",
      hint: { "record-type": "personal-access-token" },
    });
  if (state.instantRateLimited)
    return instantError(res, 400, {
      type: "rate-limited",
      message:
        "You're making too many requests. Please email support@instantdb.com or ask for help in the Discord.",
    });
  if (appId !== INSTANT_APP)
    return instantError(res, 400, {
      type: "record-not-found",
      message: "Record not found: app",
      hint: { "record-type": "app", args: [appId] },
    });
  if (url.pathname === "/admin/query") {
    const query = payload.query ?? {};
    const text = JSON.stringify(query);
    if (text.includes("slow_reports")) return later(15_000, () => json(res, 200, { slow_reports: [] }));
    if (text.includes('"$gt"'))
      return instantError(res, 400, {
        type: "validation-failed",
        message:
          "Validation failed for query: The `goals.priority` attribute must be indexed to use comparison operators.",
        hint: {
          "data-type": "query",
          input: query,
          errors: [
            {
              expected: "indexed?",
              in: ["goals", "$", "where", "priority"],
              message: "The `goals.priority` attribute must be indexed to use comparison operators.",
            },
          ],
        },
      });
    const result: Record<string, unknown> = {};
    for (const [ns, sub] of Object.entries(query)) {
      const where = ((sub as Record<string, unknown>)?.$ as { where?: Record<string, unknown> } | undefined)
        ?.where;
      if (ns === "goals") {
        const withTodos = "todos" in ((sub as Record<string, unknown>) ?? {});
        result.goals = GOALS.filter(
          (goal) =>
            !where || Object.entries(where).every(([k, v]) => (goal as Record<string, unknown>)[k] === v),
        ).map((goal) => (withTodos ? goal : { id: goal.id, title: goal.title, status: goal.status }));
      } else if (ns === "todos") {
        const all = GOALS.flatMap((goal) => goal.todos);
        result.todos = all.filter(
          (todo) =>
            !where || Object.entries(where).every(([k, v]) => (todo as Record<string, unknown>)[k] === v),
        );
      } else result[ns] = [];
    }
    return json(res, 200, result);
  }
  if (url.pathname === "/admin/transact") {
    const steps = payload.steps ?? [];
    if (state.instantDeadlock)
      return instantError(res, 500, {
        type: "sql-exception",
        message: "SQL Exception: deadlock-detected",
        hint: {
          table: null,
          condition: "deadlock-detected",
          constraint: null,
          "debug-uri": `https://www.instantdb.com/debug-uri/${TRACE}/cd84327165438453`,
        },
      });
    const dup = steps.find((s) => s[1] === "$users" || JSON.stringify(s).includes("ada@acme.dev"));
    if (dup)
      return instantError(res, 400, {
        type: "record-not-unique",
        message:
          '`email` is a unique attribute on `customers` and an entity already exists with `customers.email` = "ada@acme.dev"',
        hint: {
          "record-type": "triple",
          "attr-id": "5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a",
          etype: "customers",
          label: "email",
          value: '"ada@acme.dev"',
        },
      });
    const badId = steps.find((s) => typeof s[2] === "string" && !/^[0-9a-f-]{36}$/.test(s[2] as string));
    if (badId)
      return instantError(res, 400, {
        type: "validation-failed",
        message: "Validation failed for tx-steps: Invalid entity ID 'todo-42'. Entity IDs must be UUIDs.",
        hint: {
          "data-type": "tx-steps",
          input: steps,
          errors: [
            {
              expected: "uuid?",
              in: [0, 2],
              message: "Invalid entity ID 'todo-42'. Entity IDs must be UUIDs.",
            },
          ],
        },
      });
    return json(res, 200, { "tx-id": 48291734 });
  }
  return instantError(res, 404, { type: "record-not-found", message: "Record not found: route" });
};

export const instantStandin = httpStandin(INSTANT_PORT, instant);

// ------------------------------------------------------------------------------ Firebase Auth + Storage

const FB_USERS = [
  {
    localId: "Xk2pQ9vR7tY1uW3eZ5aB8cD0fG4h",
    email: "dana.whitfield@acme.dev",
    emailVerified: true,
    displayName: "Dana Whitfield",
    photoUrl: "https://lh3.googleusercontent.com/a/ACg8ocJ2x",
    passwordHash: "UkVEQUNURUQ=",
    passwordUpdatedAt: 1773482531000,
    providerUserInfo: [
      {
        providerId: "password",
        email: "dana.whitfield@acme.dev",
        federatedId: "dana.whitfield@acme.dev",
        rawId: "dana.whitfield@acme.dev",
      },
    ],
    validSince: "1773482531",
    disabled: false,
    lastLoginAt: "1796530800123",
    createdAt: "1773482531000",
    lastRefreshAt: "2026-12-06T08:40:00.123Z",
  },
];

const STORAGE_OBJECTS = [
  ["invoices/2026/INV-10231.pdf", "application/pdf", "184213", "2026-11-28T16:02:11.481Z"],
  ["invoices/2026/INV-10232.pdf", "application/pdf", "179940", "2026-11-29T09:44:52.102Z"],
  ["invoices/2026/INV-10233.pdf", "application/pdf", "203377", "2026-12-01T12:13:05.877Z"],
  ["invoices/README.txt", "text/plain", "412", "2026-03-14T10:20:00.000Z"],
] as const;

function gcsObject([name, contentType, size, updated]: readonly [string, string, string, string]) {
  return {
    kind: "storage#object",
    id: `${FB_BUCKET}/${name}/1764345731481223`,
    selfLink: `https://www.googleapis.com/storage/v1/b/${FB_BUCKET}/o/${encodeURIComponent(name)}`,
    mediaLink: `https://storage.googleapis.com/download/storage/v1/b/${FB_BUCKET}/o/${encodeURIComponent(name)}?generation=1764345731481223&alt=media`,
    name,
    bucket: FB_BUCKET,
    generation: "1764345731481223",
    metageneration: "1",
    contentType,
    storageClass: "STANDARD",
    size,
    md5Hash: "q1Xb9mZ0vK3pT8yR2wE5uA==",
    crc32c: "yZRlqg==",
    etag: "CMeO2rXk6pEDEAE=",
    timeCreated: updated,
    updated,
    timeStorageClassUpdated: updated,
  };
}

const firebaseHttp = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => {
  if (url.pathname.startsWith("/identitytoolkit.googleapis.com/")) {
    if (state.fbAuthForbidden)
      return googleError(
        res,
        403,
        `Caller does not have required permission to use project ${FB_PROJECT}. Grant the caller the roles/serviceusage.serviceUsageConsumer role, or a custom role with the serviceusage.services.use permission, by visiting https://console.developers.google.com/iam-admin/iam/project?project=${FB_PROJECT} and then retry. Propagation of the new permission may take a few minutes.`,
        "forbidden",
        "PERMISSION_DENIED",
      );
    if (url.pathname.endsWith("/accounts:lookup")) {
      const payload = parse(body) as { localId?: string[]; email?: string[] };
      const users = FB_USERS.filter(
        (user) => payload.localId?.includes(user.localId) || payload.email?.includes(user.email),
      );
      return json(
        res,
        200,
        users.length
          ? { kind: "identitytoolkit#GetAccountInfoResponse", users }
          : { kind: "identitytoolkit#GetAccountInfoResponse" },
      );
    }
    return googleError(res, 404, "Not Found", "notFound", "NOT_FOUND");
  }
  // On an emulator host @google-cloud/storage drops the `/storage/v1` prefix of the JSON API paths.
  const storagePath = url.pathname.replace(/^\/storage\/v1\/b\//, "/b/");
  if (storagePath.startsWith("/b/")) {
    if (state.fbStorageForbidden)
      return googleError(
        res,
        403,
        `firebase-adminsdk-fbsvc@${FB_PROJECT}.iam.gserviceaccount.com does not have storage.objects.list access to the Google Cloud Storage bucket. Permission 'storage.objects.list' denied on resource (or it may not exist).`,
        "forbidden",
        "PERMISSION_DENIED",
      );
    if (state.fbStorageUnavailable)
      return googleError(
        res,
        503,
        "We encountered an internal error. Please try again.",
        "backendError",
        "UNAVAILABLE",
      );
    const m = storagePath.match(/^\/b\/([^/]+)\/o(?:\/(.+))?$/);
    if (!m || decodeURIComponent(m[1]!) !== FB_BUCKET)
      return googleError(res, 404, "The specified bucket does not exist.", "notFound", "NOT_FOUND");
    if (m[2]) {
      const name = decodeURIComponent(m[2]);
      const found = STORAGE_OBJECTS.find(([objectName]) => objectName === name);
      if (!found)
        return googleError(res, 404, `No such object: ${FB_BUCKET}/${name}`, "notFound", "NOT_FOUND");
      return json(res, 200, gcsObject(found));
    }
    const prefix = url.searchParams.get("prefix") ?? "";
    const inPrefix = STORAGE_OBJECTS.filter(([name]) => name.startsWith(prefix));
    const items = inPrefix.filter(([name]) => !name.slice(prefix.length).includes("/"));
    const prefixes = [
      ...new Set(
        inPrefix
          .filter(([name]) => name.slice(prefix.length).includes("/"))
          .map(([name]) => prefix + name.slice(prefix.length).split("/")[0] + "/"),
      ),
    ];
    return json(res, 200, {
      kind: "storage#objects",
      ...(prefixes.length ? { prefixes } : {}),
      ...(items.length ? { items: items.map((item) => gcsObject(item)) } : {}),
    });
  }
  return googleError(res, 404, "Not Found", "notFound", "NOT_FOUND");
};

export const firebaseHttpStandin = httpStandin(FIREBASE_HTTP_PORT, firebaseHttp);

// ----------------------------------------------------------------------------------- Cloud Firestore (gRPC)

const DB = `projects/${FB_PROJECT}/databases/(default)/documents`;

type FsValue = Record<string, unknown>;
const fsValue = (value: unknown): FsValue => {
  if (value === null) return { nullValue: "NULL_VALUE" };
  if (typeof value === "boolean") return { booleanValue: value };
  if (typeof value === "number")
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  if (value instanceof Date)
    return { timestampValue: { seconds: String(Math.floor(value.getTime() / 1000)), nanos: 0 } };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(fsValue) } };
  if (typeof value === "object") return { mapValue: { fields: fsFields(value as Record<string, unknown>) } };
  return { stringValue: String(value) };
};
const fsFields = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).map(([k, v]) => [k, fsValue(v)]));
const TS = { seconds: "1765012364", nanos: 418000000 };

const FS_DOCS: Record<string, Record<string, unknown>> = {
  [`${DB}/orders/ORD-10231`]: {
    customer: "dana.whitfield@acme.dev",
    status: "delivered",
    total: 129.5,
    items: 3,
    createdAt: new Date("2026-11-28T16:00:03Z"),
  },
  [`${DB}/orders/ORD-10232`]: {
    customer: "li.wei@acme.dev",
    status: "shipped",
    total: 54,
    items: 1,
    createdAt: new Date("2026-11-29T09:41:19Z"),
  },
  [`${DB}/orders/ORD-10233`]: {
    customer: "ola.nordmann@acme.dev",
    status: "processing",
    total: 310.25,
    items: 6,
    createdAt: new Date("2026-12-01T12:10:44Z"),
  },
  [`${DB}/orders/ORD-10231/line_items/LI-1`]: { sku: "TEE-BLK-M", qty: 2, price: 24.5 },
  [`${DB}/orders/ORD-10231/line_items/LI-2`]: { sku: "CAP-NVY", qty: 1, price: 80.5 },
};

const fsDoc = (name: string) => ({ name, fields: fsFields(FS_DOCS[name]!), createTime: TS, updateTime: TS });

interface GrpcError {
  code: number;
  details: string;
}
const G = { NOT_FOUND: 5, PERMISSION_DENIED: 7, FAILED_PRECONDITION: 9, UNAUTHENTICATED: 16 };

function fsGate(): GrpcError | undefined {
  if (state.fsUnauthenticated)
    return {
      code: G.UNAUTHENTICATED,
      details:
        "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
    };
  if (state.fsPermissionDenied)
    return { code: G.PERMISSION_DENIED, details: "Missing or insufficient permissions." };
  return undefined;
}

interface Call {
  request: Record<string, unknown>;
  write(message: unknown): void;
  end(): void;
  destroy(error: GrpcError): void;
  emit(event: string, error: GrpcError): void;
}

/** The structured query's collection, filters and ordering as RunQuery receives them. */
function runQuery(call: Call) {
  const gate = fsGate();
  if (gate) return call.emit("error", gate);
  const parent = String(call.request.parent);
  const query = call.request.structuredQuery as {
    from?: { collectionId?: string; allDescendants?: boolean }[];
    where?: Record<string, unknown>;
    orderBy?: unknown[];
    limit?: { value?: number };
  };
  const from = query.from?.[0] ?? {};
  const readTime = TS;
  const send = (names: string[]) => {
    for (const name of names) call.write({ document: fsDoc(name), readTime });
    if (!names.length) call.write({ readTime });
    call.end();
  };
  if (from.collectionId === "slow_reports") {
    later(15_000, () => send([]));
    return;
  }
  if (from.allDescendants) {
    if ((query.orderBy?.length ?? 0) > 1 || (query.where && query.orderBy?.length))
      return call.emit("error", {
        code: G.FAILED_PRECONDITION,
        details: `The query requires an index. You can create it here: https://console.firebase.google.com/v1/r/project/${FB_PROJECT}/firestore/indexes?create_composite=ClVwcm9qZWN0cy9hY21lLXNob3AtcHJvZC9kYXRhYmFzZXMvKGRlZmF1bHQpL2NvbGxlY3Rpb25Hcm91cHMvbGluZV9pdGVtcy9pbmRleGVzL18QAhoHCgNza3UQARoHCgNxdHkQAhoMCghfX25hbWVfXxAC`,
      });
    return send(Object.keys(FS_DOCS).filter((name) => name.split("/").at(-2) === from.collectionId));
  }
  const wanted = `${parent}/${from.collectionId}/`;
  let names = Object.keys(FS_DOCS).filter(
    (name) => name.startsWith(wanted) && !name.slice(wanted.length).includes("/"),
  );
  const field = query.where?.fieldFilter as
    { field?: { fieldPath?: string }; op?: string; value?: Record<string, unknown> } | undefined;
  if (field?.field?.fieldPath && field.op === "EQUAL") {
    const want = field.value?.stringValue;
    names = names.filter((name) => FS_DOCS[name]![field.field!.fieldPath!] === want);
  }
  send(names.slice(0, query.limit?.value ?? names.length));
}

function batchGet(call: Call) {
  const gate = fsGate();
  if (gate) return call.emit("error", gate);
  for (const name of (call.request.documents as string[]) ?? []) {
    if (FS_DOCS[name]) call.write({ found: fsDoc(name), readTime: TS });
    else call.write({ missing: name, readTime: TS });
  }
  call.end();
}

function commit(
  call: { request: Record<string, unknown> },
  callback: (error: GrpcError | null, reply?: unknown) => void,
) {
  const gate = fsGate();
  if (gate) return callback(gate);
  const writes = (call.request.writes as Record<string, unknown>[]) ?? [];
  for (const write of writes) {
    const update = write.update as { name?: string } | undefined;
    const exists = (write.currentDocument as { exists?: boolean } | undefined)?.exists;
    if (update?.name && exists === true && !FS_DOCS[update.name])
      return callback({ code: G.NOT_FOUND, details: `No document to update: ${update.name}` });
  }
  callback(null, { writeResults: writes.map(() => ({ updateTime: TS })), commitTime: TS });
}

function listCollectionIds(
  call: { request: Record<string, unknown> },
  callback: (error: GrpcError | null, reply?: unknown) => void,
) {
  const gate = fsGate();
  if (gate) return callback(gate);
  const parent = String(call.request.parent);
  const ids = new Set<string>();
  for (const name of Object.keys(FS_DOCS)) {
    if (!name.startsWith(parent + "/")) continue;
    const rest = name.slice(parent.length + 1).split("/");
    if (rest.length >= 2) ids.add(rest[0]!);
  }
  if (parent === DB) ["customers", "products"].forEach((id) => ids.add(id));
  callback(null, { collectionIds: [...ids].sort(), nextPageToken: "" });
}

/** Firestore's gRPC service on a loopback port, from the protos @google-cloud/firestore ships. */
function firestoreStandin(port: number): Standin {
  // The group's own install brings @grpc/grpc-js and @grpc/proto-loader (firebase-admin's dependencies).
  const require = createRequire(path.join(FROM, "package.json"));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let server: any;
  return {
    start: async () => {
      const grpc = require("@grpc/grpc-js");
      const loader = require("@grpc/proto-loader");
      const descriptor = require(
        path.join(FROM, "node_modules/@google-cloud/firestore/build/protos/v1.json"),
      );
      const definition = loader.fromJSON(descriptor, {
        longs: String,
        enums: String,
        defaults: false,
        oneofs: true,
      });
      const proto = grpc.loadPackageDefinition(definition);
      server = new grpc.Server();
      server.addService(proto.google.firestore.v1.Firestore.service, {
        runQuery,
        batchGetDocuments: batchGet,
        commit,
        listCollectionIds,
      });
      await new Promise<void>((resolve, reject) =>
        server.bindAsync(
          `127.0.0.1:${port}`,
          grpc.ServerCredentials.createInsecure(),
          (error: Error | null) => (error ? reject(error) : resolve()),
        ),
      );
    },
    stop: async () => {
      if (!server) return;
      server.forceShutdown();
      server = undefined;
    },
  };
}

export const firestore = firestoreStandin(FIRESTORE_PORT);

export const ALL_STANDINS = [neonStandin, bigqueryStandin, instantStandin, firebaseHttpStandin, firestore];
