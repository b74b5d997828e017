// Group r41-d: data warehouses and query engines — Databricks through databricks-mcp-server (a Go server on the Databricks
// SDK for Go, shipped on npm as a platform binary): Unity Catalog catalogs, schemas and tables, SQL warehouses and the
// Statement Execution API, a kind the fixture README's server table has only as BigQuery, ClickHouse and DuckDB. The
// published MCP server is behind a loopback stand-in of a Databricks workspace's REST API (standins.ts).
//
//   (cd scripts/server-corpus/groups/r41-d && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r41-d

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  DATA,
  DBX_PORT,
  DBX_REVOKED_TOKEN,
  DBX_TOKEN,
  WAREHOUSE_ID,
  WAREHOUSE_STOPPED_ID,
  clearTimers,
  dbxServer,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "databricks-mcp-server": "0.0.10",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const HOST = `http://127.0.0.1:${DBX_PORT}`;

// ── databricks-mcp-server (stdio), a personal access token ───────────────────────────────────────────────────────────

const databricks: SessionSpec = {
  label: "r41-d-databricks",
  server: "databricks-mcp-server",
  transport: "stdio",
  start: stdioServer("r41-d-databricks", "databricks-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: { HOME, DATABRICKS_HOST: HOST, DATABRICKS_TOKEN: DBX_TOKEN },
  }),
  steps: [
    step("dbx-001", "list_catalogs", {}, "the workspace's Unity Catalog catalogs: main, samples, system"),
    step("dbx-002", "list_schemas", { catalog: "main" }, "the schemas of the catalog main"),
    step(
      "dbx-003",
      "list_schemas",
      { catalog: "finance_prod" },
      "a catalog that does not exist (404 CATALOG_DOES_NOT_EXIST)",
    ),
    step(
      "dbx-004",
      "list_tables",
      { catalog: "main", schema: "sales", omit_columns: true },
      "the tables of main.sales without their columns (max_results 10 by default)",
    ),
    step(
      "dbx-005",
      "list_tables",
      { catalog: "main", schema: "sales", table_name_pattern: "^refund" },
      "a table-name pattern that matches none of main.sales's tables",
    ),
    step(
      "dbx-006",
      "list_tables",
      { catalog: "main", schema: "sales", table_name_pattern: "order[s" },
      "a table-name pattern that is not a valid regular expression",
    ),
    step(
      "dbx-007",
      "list_tables",
      { catalog: "main", schema: "marketing" },
      "a schema the token's user has no USE SCHEMA on (403 PERMISSION_DENIED)",
    ),
    step(
      "dbx-008",
      "get_table",
      { full_name: "main.sales.orders" },
      "one table's details: columns, format, owner",
    ),
    step(
      "dbx-009",
      "get_table",
      { full_name: "main.sales.order_lines" },
      "a table that does not exist (404 TABLE_DOES_NOT_EXIST)",
    ),
    step("dbx-010", "get_table", { full_name: "main.sales.daily_revenue" }, "a materialized view's details"),
    step("dbx-011", "list_warehouses", {}, "the workspace's SQL warehouses: one running, one stopped"),
    step(
      "dbx-012",
      "execute_sql",
      {
        statement:
          "SELECT region, SUM(amount) AS revenue, COUNT(*) AS orders FROM main.sales.orders WHERE order_date >= '2026-11-01' GROUP BY region ORDER BY revenue DESC",
        warehouse_id: WAREHOUSE_ID,
      },
      "revenue per region on the running warehouse: four rows",
    ),
    step(
      "dbx-013",
      "execute_sql",
      {
        statement: "SELECT order_id, amount FROM main.sales.orders WHERE status = 'chargeback'",
        warehouse_id: WAREHOUSE_ID,
      },
      "a query that matches no rows",
    ),
    step(
      "dbx-014",
      "execute_sql",
      { statement: "SELEC region FROM main.sales.orders", warehouse_id: WAREHOUSE_ID },
      "a statement with a syntax error (FAILED, PARSE_SYNTAX_ERROR)",
    ),
    step(
      "dbx-015",
      "execute_sql",
      { statement: "SELEC region FROM main.sales.orders", warehouse_id: WAREHOUSE_ID },
      "the same statement again, unchanged",
    ),
    step(
      "dbx-016",
      "execute_sql",
      { statement: "SELECT * FROM main.sales.refunds LIMIT 10", warehouse_id: WAREHOUSE_ID },
      "a query on a table that does not exist (FAILED, TABLE_OR_VIEW_NOT_FOUND)",
    ),
    step(
      "dbx-017",
      "execute_sql",
      {
        statement: "SELECT COUNT(*) FROM main.sales.orders",
        warehouse_id: WAREHOUSE_STOPPED_ID,
        execution_timeout_seconds: 3,
      },
      "a query on the stopped warehouse with a 3 s execution timeout: the statement stays PENDING while it starts",
      { timeoutMs: 15000 },
    ),
    step(
      "dbx-018",
      "execute_sql",
      { statement: "SELECT current_catalog(), current_user()" },
      "no warehouse_id: the server picks the first warehouse the workspace lists",
    ),
    step(
      "dbx-019",
      "execute_sql",
      {
        statement: "SELECT order_id, order_date, amount FROM main.sales.orders ORDER BY order_id DESC",
        warehouse_id: WAREHOUSE_ID,
        max_rows: 20,
      },
      "50 rows asked for with max_rows 20",
    ),
    step(
      "dbx-020",
      "list_warehouses",
      {},
      "a call while the API answers 500 INTERNAL_ERROR",
      flag("dbxInternal"),
    ),
    step(
      "dbx-021",
      "list_catalogs",
      {},
      "a call while the workspace's gateway answers nginx's 502 HTML page",
      flag("dbxBadGateway"),
    ),
    step("dbx-022", "drop_table", { full_name: "main.sales.orders" }, "a tool the server does not have"),
    step(
      "dbx-023",
      "list_catalogs",
      {},
      "a call while the API answers 429 REQUEST_LIMIT_EXCEEDED with Retry-After 30; the client waits 6 s",
      flag("dbxRateLimited", { timeoutMs: 6000 }),
    ),
    step(
      "dbx-024",
      "list_schemas",
      { catalog: "samples" },
      "a call while the workspace is unreachable (connection refused)",
      down(dbxServer, { timeoutMs: 6000 }),
    ),
  ],
};

// ── the same server started with a personal access token that has been revoked ───────────────────────────────────────

const databricksRevoked: SessionSpec = {
  label: "r41-d-databricks-revoked",
  server: "databricks-mcp-server",
  transport: "stdio",
  start: stdioServer("r41-d-databricks-revoked", "databricks-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: { HOME, DATABRICKS_HOST: HOST, DATABRICKS_TOKEN: DBX_REVOKED_TOKEN },
  }),
  steps: [step("dbxr-001", "list_catalogs", {}, "a token that was revoked (403 'Invalid access token.')")],
};

export const SESSIONS: SessionSpec[] = [databricks, databricksRevoked];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
