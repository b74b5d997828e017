// Loopback stand-ins for group r41-d, answering with the real service's bodies (README.md says where each comes from and
// which wordings were written for the capture):
// - a Databricks workspace's REST API (`https://<workspace>.cloud.databricks.com/api/…`: Unity Catalog catalogs, schemas
//   and tables, SQL warehouses, the Statement Execution API; errors as `{error_code, message, details?}`) on 44650,
// for databricks-mcp-server, whose Go SDK takes the workspace from `DATABRICKS_HOST`, so a plain HTTP server.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import { httpStandin, json, later, parse, text } from "../../standin-kit.js";
import { clearTimers } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r41-d";

export const DBX_PORT = 44650;
export const DBX_TOKEN = "dapi4f7c2e9a1b3d5f7092c4e6a8b0d2f4e6";
export const DBX_REVOKED_TOKEN = "dapi0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d";
export const WAREHOUSE_ID = "4b9e1c7a2d5f8e03";
export const WAREHOUSE_STOPPED_ID = "a1c3e5f7b9d20468";

export const state = {
  dbxRateLimited: false,
  dbxInternal: false,
  dbxBadGateway: false,
  dbxSlow: false,
  dbxUnavailable: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

const dbxError = (
  res: http.ServerResponse,
  status: number,
  errorCode: string | number,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) =>
  json(
    res,
    status,
    { error_code: errorCode, message, ...extra },
    { server: "databricks", "x-databricks-org-id": "2284917360450211", ...headers },
  );

const errorInfo = (reason: string, metadata: Record<string, string>) => ({
  details: [
    {
      "@type": "type.googleapis.com/google.rpc.ErrorInfo",
      reason,
      domain: "unity-catalog.databricks.com",
      metadata,
    },
    {
      "@type": "type.googleapis.com/google.rpc.RequestInfo",
      request_id: "7c1d9e2a-4b6f-4e8a-9c3d-5f7a9b1c3e5d",
      serving_data: "",
    },
  ],
});

// The page Azure Front Door / the workspace's nginx answers when the control plane behind it fails.
const nginx502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";

// ── the data ─────────────────────────────────────────────────────────────────────────────────────────────────────────

const created = 1760430764381;
const updated = 1765039202117;
const METASTORE = "e2a7c4f1-9b3d-4e6a-8c0f-1d3b5a7c9e2f";

const CATALOGS = [
  {
    name: "main",
    comment: "Main catalog",
    catalog_type: "MANAGED_CATALOG",
    owner: "data-platform@northwind.example",
  },
  {
    name: "samples",
    comment: "These sample datasets are made available by third party data providers",
    catalog_type: "DELTASHARING_CATALOG",
    owner: "System user",
  },
  {
    name: "system",
    comment: "System catalog (auto-created)",
    catalog_type: "SYSTEM_CATALOG",
    owner: "System user",
  },
].map((c) => ({
  ...c,
  metastore_id: METASTORE,
  isolation_mode: "OPEN",
  securable_type: "CATALOG",
  securable_kind: "CATALOG_STANDARD",
  browse_only: false,
  full_name: c.name,
  created_at: created,
  created_by: "ana.weber@northwind.example",
  updated_at: updated,
  updated_by: "ana.weber@northwind.example",
  id: `${c.name.padEnd(8, "0").slice(0, 8)}-3f1a-4c2e-9b7d-0e5a7c9b1d3f`,
}));

const SCHEMAS: Record<string, string[]> = {
  main: ["default", "sales", "marketing", "information_schema"],
  samples: ["nyctaxi", "tpch"],
  system: ["access", "billing", "compute", "information_schema"],
};

function schemaInfo(catalog: string, name: string) {
  return {
    name,
    catalog_name: catalog,
    full_name: `${catalog}.${name}`,
    owner: name === "information_schema" ? "System user" : "data-platform@northwind.example",
    comment: name === "information_schema" ? "Information schema (auto-created)" : "",
    metastore_id: METASTORE,
    catalog_type: "MANAGED_CATALOG",
    securable_type: "SCHEMA",
    securable_kind: "SCHEMA_STANDARD",
    browse_only: false,
    created_at: created,
    created_by: "ana.weber@northwind.example",
    updated_at: updated,
    updated_by: "ana.weber@northwind.example",
    schema_id: `5c2e${name.length}f1a-7b3d-4e9c-8a1f-2d4b6c8e0a13`,
  };
}

const col = (name: string, type: string, position: number, nullable = true, comment?: string) => ({
  name,
  type_text: type,
  type_name: type.toUpperCase().startsWith("DECIMAL") ? "DECIMAL" : type.toUpperCase(),
  position,
  nullable,
  type_json: JSON.stringify({ name, type: type.startsWith("decimal") ? type : type, nullable, metadata: {} }),
  ...(comment ? { comment } : {}),
});

const SALES_TABLES = [
  {
    name: "orders",
    comment: "One row per order, loaded hourly from the shop's Postgres",
    columns: [
      col("order_id", "bigint", 0, false),
      col("customer_id", "bigint", 1, false),
      col("order_date", "date", 2, false),
      col("region", "string", 3),
      col("status", "string", 4),
      col("amount", "decimal(12,2)", 5),
    ],
  },
  {
    name: "order_items",
    comment: "Line items of orders",
    columns: [
      col("order_id", "bigint", 0, false),
      col("line_no", "int", 1, false),
      col("sku", "string", 2),
      col("quantity", "int", 3),
      col("unit_price", "decimal(10,2)", 4),
    ],
  },
  {
    name: "customers",
    comment: "Customers (PII columns masked for non-admins)",
    columns: [
      col("customer_id", "bigint", 0, false),
      col("email", "string", 1, true, "masked"),
      col("country", "string", 2),
      col("signup_date", "date", 3),
    ],
  },
  {
    name: "daily_revenue",
    comment: "Materialized view: revenue per region per day",
    table_type: "MATERIALIZED_VIEW",
    columns: [col("order_date", "date", 0), col("region", "string", 1), col("revenue", "decimal(22,2)", 2)],
  },
];

function tableInfo(catalog: string, schema: string, t: (typeof SALES_TABLES)[number]) {
  return {
    name: t.name,
    catalog_name: catalog,
    schema_name: schema,
    full_name: `${catalog}.${schema}.${t.name}`,
    table_type: t.table_type ?? "MANAGED",
    data_source_format: "DELTA",
    columns: t.columns,
    storage_location: `s3://northwind-uc-root/metastore/${METASTORE}/tables/${t.name}-8f3a2c1e`,
    owner: "data-platform@northwind.example",
    comment: t.comment,
    properties: {
      "delta.enableDeletionVectors": "true",
      "delta.minReaderVersion": "3",
      "delta.minWriterVersion": "7",
      "delta.lastCommitTimestamp": "1765039202000",
      "delta.lastUpdateVersion": "412",
    },
    metastore_id: METASTORE,
    securable_type: "TABLE",
    securable_kind: "TABLE_DELTA",
    browse_only: false,
    created_at: created,
    created_by: "ana.weber@northwind.example",
    updated_at: updated,
    updated_by: "etl-service-principal",
    table_id: `${t.name.length}d4e6f8a-0b2c-4d6e-8f1a-3c5e7a9b1d${t.name.length}f`,
    delta_runtime_properties_kvpairs: { delta_runtime_properties: {} },
  };
}

const WAREHOUSES = [
  {
    id: WAREHOUSE_ID,
    name: "Analytics Serverless",
    cluster_size: "Small",
    min_num_clusters: 1,
    max_num_clusters: 2,
    auto_stop_mins: 10,
    creator_name: "ana.weber@northwind.example",
    state: "RUNNING",
    num_clusters: 1,
    num_active_sessions: 3,
    enable_serverless_compute: true,
    warehouse_type: "PRO",
    spot_instance_policy: "COST_OPTIMIZED",
    channel: { name: "CHANNEL_NAME_CURRENT" },
    odbc_params: {
      hostname: "dbc-7f3a9c21-5e8b.cloud.databricks.com",
      path: `/sql/1.0/warehouses/${WAREHOUSE_ID}`,
      protocol: "https",
      port: 443,
    },
    jdbc_url: "",
    health: { status: "HEALTHY" },
    tags: {},
  },
  {
    id: WAREHOUSE_STOPPED_ID,
    name: "Finance Classic",
    cluster_size: "Medium",
    min_num_clusters: 1,
    max_num_clusters: 1,
    auto_stop_mins: 45,
    creator_name: "jonas.becker@northwind.example",
    state: "STOPPED",
    num_clusters: 0,
    num_active_sessions: 0,
    enable_serverless_compute: false,
    warehouse_type: "CLASSIC",
    spot_instance_policy: "COST_OPTIMIZED",
    channel: { name: "CHANNEL_NAME_CURRENT" },
    odbc_params: {
      hostname: "dbc-7f3a9c21-5e8b.cloud.databricks.com",
      path: `/sql/1.0/warehouses/${WAREHOUSE_STOPPED_ID}`,
      protocol: "https",
      port: 443,
    },
    jdbc_url: "",
    health: {},
    tags: {},
  },
];

// ── the Statement Execution API ──────────────────────────────────────────────────────────────────────────────────────

let statementSeq = 0;
const statementId = () => `01f0d3a2-7c4e-1b8a-9e${String(++statementSeq).padStart(2, "0")}-4c6e8a0b2d4f`;

type Column = { name: string; type: string };

function succeeded(columns: Column[], rows: (string | null)[][], rowLimit?: number) {
  const limited = rowLimit !== undefined && rows.length > rowLimit ? rows.slice(0, rowLimit) : rows;
  const truncated = limited.length < rows.length;
  return {
    statement_id: statementId(),
    status: { state: "SUCCEEDED" },
    manifest: {
      format: "JSON_ARRAY",
      schema: {
        column_count: columns.length,
        columns: columns.map((c, position) => ({
          name: c.name,
          type_text: c.type.toUpperCase(),
          type_name: c.type.toUpperCase().replace(/\(.*$/, ""),
          position,
        })),
      },
      total_chunk_count: 1,
      chunks: [{ chunk_index: 0, row_offset: 0, row_count: limited.length }],
      total_row_count: limited.length,
      ...(truncated ? { truncated: true } : {}),
    },
    result: {
      chunk_index: 0,
      row_offset: 0,
      row_count: limited.length,
      ...(limited.length ? { data_array: limited } : {}),
    },
  };
}

function failed(errorCode: string, message: string) {
  return {
    statement_id: statementId(),
    status: { state: "FAILED", error: { error_code: errorCode, message } },
  };
}

function runStatement(sql: string, rowLimit: number | undefined): unknown {
  const s = sql.replace(/\s+/g, " ").trim();
  if (/^SELECT region, SUM\(amount\)/i.test(s))
    return succeeded(
      [
        { name: "region", type: "string" },
        { name: "revenue", type: "decimal(22,2)" },
        { name: "orders", type: "bigint" },
      ],
      [
        ["EMEA", "1284310.55", "9124"],
        ["NA", "2019874.10", "13377"],
        ["APAC", "744902.40", "5210"],
        ["LATAM", "198344.95", "1602"],
      ],
      rowLimit,
    );
  if (/status = 'chargeback'/i.test(s))
    return succeeded(
      [
        { name: "order_id", type: "bigint" },
        { name: "amount", type: "decimal(12,2)" },
      ],
      [],
      rowLimit,
    );
  if (/^SELECT order_id, order_date, amount FROM main\.sales\.orders ORDER BY/i.test(s))
    return succeeded(
      [
        { name: "order_id", type: "bigint" },
        { name: "order_date", type: "date" },
        { name: "amount", type: "decimal(12,2)" },
      ],
      Array.from({ length: 50 }, (_, i) => [
        String(100_482 - i),
        `2026-12-0${6 - Math.floor(i / 10)}`,
        (54.9 + ((i * 37) % 500)).toFixed(2),
      ]),
      rowLimit,
    );
  if (/^SELECT current_catalog\(\)/i.test(s))
    return succeeded(
      [
        { name: "current_catalog()", type: "string" },
        { name: "current_user()", type: "string" },
      ],
      [["main", "mcp-agent@northwind.example"]],
      rowLimit,
    );
  if (/^SELEC /i.test(s))
    return failed(
      "BAD_REQUEST",
      `[PARSE_SYNTAX_ERROR] Syntax error at or near 'SELEC'. SQLSTATE: 42601 (line 1, pos 0)\n\n== SQL ==\n${sql}\n^^^\n`,
    );
  const missing = /FROM (main\.sales\.refunds)\b/i.exec(s);
  if (missing)
    return failed(
      "BAD_REQUEST",
      `[TABLE_OR_VIEW_NOT_FOUND] The table or view \`main\`.\`sales\`.\`refunds\` cannot be found. Verify the spelling and correctness of the schema and catalog.\nIf you did not qualify the name with a schema, verify the current_schema() output, or qualify the name with the correct schema and catalog.\nTo tolerate the error on drop use DROP VIEW IF EXISTS or DROP TABLE IF EXISTS. SQLSTATE: 42P01; line 1 pos 21`,
    );
  if (/^SELECT email FROM main\.sales\.customers/i.test(s))
    return failed(
      "PERMISSION_DENIED",
      "[INSUFFICIENT_PERMISSIONS] Insufficient privileges:\nUser does not have SELECT on Table 'main.sales.customers'. SQLSTATE: 42501",
    );
  if (/^SELECT 1 \/ 0/i.test(s))
    return failed(
      "BAD_REQUEST",
      '[DIVIDE_BY_ZERO] Division by zero. Use `try_divide` to tolerate divisor being 0 and return NULL instead. If necessary set "ansi_mode" to "false" to bypass this error. SQLSTATE: 22012\n== SQL (line 1, position 8) ==\nSELECT 1 / 0\n       ^^^^^\n',
    );
  if (/^DELETE FROM/i.test(s))
    return succeeded([{ name: "num_affected_rows", type: "bigint" }], [["0"]], rowLimit);
  return succeeded([{ name: "1", type: "int" }], [["1"]], rowLimit);
}

// ── the API ──────────────────────────────────────────────────────────────────────────────────────────────────────────

function dbxApi(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  seen.push(`dbx ${req.method} ${url.pathname}${url.search} ${body}`);
  const auth = req.headers.authorization ?? "";
  if (auth === `Bearer ${DBX_REVOKED_TOKEN}`)
    return dbxError(
      res,
      403,
      403,
      "Invalid access token.",
      {},
      { "x-databricks-reason-phrase": "Invalid access token." },
    );
  if (auth !== `Bearer ${DBX_TOKEN}`)
    return dbxError(res, 401, 401, "Credential was not sent or was of an unsupported type for this API.");
  if (state.dbxSlow) return later(15_000, () => json(res, 200, { catalogs: [] }));
  if (state.dbxRateLimited)
    return dbxError(
      res,
      429,
      "REQUEST_LIMIT_EXCEEDED",
      "Error: Too many requests. Please wait a moment and try again. If the issue persists, consider adjusting your request frequency or reaching out to support for assistance.",
      {},
      { "retry-after": "30" },
    );
  if (state.dbxUnavailable)
    return dbxError(
      res,
      503,
      "TEMPORARILY_UNAVAILABLE",
      "The service at /api/2.1/unity-catalog/catalogs is temporarily unavailable. Please try again later.",
    );
  if (state.dbxInternal)
    return dbxError(
      res,
      500,
      "INTERNAL_ERROR",
      "INTERNAL_ERROR: Unexpected error while listing SQL warehouses. Please retry. If the problem persists, contact Databricks support with request id 3b7e9d1f-2c4a-4f6e-8a0c-5e7b9d1f3a5c.",
    );
  if (state.dbxBadGateway) return text(res, 502, nginx502, "text/html", { server: "nginx" });

  const p = url.pathname;
  const q = url.searchParams;
  if (req.method === "GET" && p === "/api/2.1/unity-catalog/catalogs")
    return json(res, 200, { catalogs: CATALOGS });

  if (req.method === "GET" && p === "/api/2.1/unity-catalog/schemas") {
    const catalog = q.get("catalog_name") ?? "";
    const schemas = SCHEMAS[catalog];
    if (!schemas)
      return dbxError(
        res,
        404,
        "CATALOG_DOES_NOT_EXIST",
        `Catalog '${catalog}' does not exist.`,
        errorInfo("CATALOG_DOES_NOT_EXIST", { catalog_name: catalog }),
      );
    return json(res, 200, { schemas: schemas.map((s) => schemaInfo(catalog, s)) });
  }

  if (req.method === "GET" && p === "/api/2.1/unity-catalog/tables") {
    const catalog = q.get("catalog_name") ?? "";
    const schema = q.get("schema_name") ?? "";
    if (!SCHEMAS[catalog])
      return dbxError(
        res,
        404,
        "CATALOG_DOES_NOT_EXIST",
        `Catalog '${catalog}' does not exist.`,
        errorInfo("CATALOG_DOES_NOT_EXIST", { catalog_name: catalog }),
      );
    if (!SCHEMAS[catalog]!.includes(schema))
      return dbxError(
        res,
        404,
        "SCHEMA_DOES_NOT_EXIST",
        `Schema '${catalog}.${schema}' does not exist.`,
        errorInfo("SCHEMA_DOES_NOT_EXIST", { schema_name: `${catalog}.${schema}` }),
      );
    if (catalog === "main" && schema === "marketing")
      return dbxError(
        res,
        403,
        "PERMISSION_DENIED",
        "User does not have USE SCHEMA on Schema 'main.marketing'.",
        errorInfo("PERMISSION_DENIED", { securable: "main.marketing" }),
      );
    const tables =
      catalog === "main" && schema === "sales" ? SALES_TABLES.map((t) => tableInfo(catalog, schema, t)) : [];
    const max = Number(q.get("max_results") ?? "0");
    const page = max > 0 ? tables.slice(0, max) : tables;
    return json(res, 200, {
      tables: page,
      ...(max > 0 && tables.length > max ? { next_page_token: "CAEaDgoMZGFpbHlfcmV2ZW51ZQ==" } : {}),
    });
  }

  const table = /^\/api\/2\.1\/unity-catalog\/tables\/([^/]+)$/.exec(p);
  if (req.method === "GET" && table) {
    const fullName = decodeURIComponent(table[1]!);
    const [catalog, schema, name] = fullName.split(".");
    if (catalog === "hr")
      return dbxError(
        res,
        403,
        "PERMISSION_DENIED",
        `User does not have USE CATALOG on Catalog '${catalog}'.`,
        errorInfo("PERMISSION_DENIED", { securable: catalog ?? "" }),
      );
    const found =
      catalog === "main" && schema === "sales" ? SALES_TABLES.find((t) => t.name === name) : undefined;
    if (!found)
      return dbxError(
        res,
        404,
        "TABLE_DOES_NOT_EXIST",
        `Table '${fullName}' does not exist.`,
        errorInfo("TABLE_DOES_NOT_EXIST", { table_full_name: fullName }),
      );
    return json(res, 200, tableInfo(catalog!, schema!, found));
  }

  if (req.method === "GET" && p === "/api/2.0/sql/warehouses")
    return json(res, 200, { warehouses: WAREHOUSES });

  if (req.method === "POST" && (p === "/api/2.0/sql/statements" || p === "/api/2.0/sql/statements/")) {
    const input = parse(body) as {
      statement?: string;
      warehouse_id?: string;
      row_limit?: number;
      wait_timeout?: string;
    };
    const warehouse = WAREHOUSES.find((w) => w.id === input.warehouse_id);
    if (!warehouse)
      return dbxError(
        res,
        404,
        "RESOURCE_DOES_NOT_EXIST",
        `Warehouse ${input.warehouse_id ?? ""} does not exist.`,
      );
    // A statement on a stopped warehouse waits for it to start: the API holds the request for `wait_timeout`, then
    // answers PENDING (on_wait_timeout CONTINUE, the default).
    if (warehouse.state === "STOPPED") {
      const id = statementId();
      const wait = Number(/^(\d+)s$/.exec(String(input.wait_timeout ?? "10s"))?.[1] ?? "10");
      return later(wait * 1000, () => json(res, 200, { statement_id: id, status: { state: "PENDING" } }));
    }
    return json(res, 200, runStatement(input.statement ?? "", input.row_limit));
  }
  const polled = /^\/api\/2\.0\/sql\/statements\/([^/]+)$/.exec(p);
  if (req.method === "GET" && polled)
    return json(res, 200, { statement_id: polled[1], status: { state: "PENDING" } });
  const cancelled = /^\/api\/2\.0\/sql\/statements\/([^/]+)\/cancel$/.exec(p);
  if (req.method === "POST" && cancelled) return json(res, 200, {});

  unknownRequests.push(`dbx ${req.method} ${p}`);
  return dbxError(res, 404, "ENDPOINT_NOT_FOUND", `No API found for '${req.method} ${p}'`);
}

export const dbxServer = httpStandin(DBX_PORT, dbxApi);

export const ALL_STANDINS = [dbxServer];
