// Group r32-a: SQL and analytical databases the corpus lacked — DuckDB (@seed-ship/duckdb-mcp-native, with the
// engine embedded in the server, a real in-memory database) and Microsoft SQL Server (mcp-node-mssql, talking TDS to a
// loopback stand-in that answers as SQL Server does; standins.ts).
//
//   (cd scripts/server-corpus/groups/r32-a && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r32-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  DATA,
  MSSQL_DATABASE,
  MSSQL_PASSWORD,
  MSSQL_USER,
  TDS_PORT,
  resetCounters,
  seen,
  sqlServer,
  state,
  unknownRequests,
} from "./standins.js";
import { packageFileServer } from "./package-file-server.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@seed-ship/duckdb-mcp-native": "1.6.2",
  "mcp-node-mssql": "0.1.1",
};

const flag = stateFlags(state);

const HOME = path.join(DATA, "home");
const PRODUCTS_CSV = path.join(DATA, "products.csv");
const ORDERS_PARQUET = path.join(DATA, "orders.parquet");

// ------------------------------------------------------------------------------ @seed-ship/duckdb-mcp-native (stdio)

const duckdb: SessionSpec = {
  label: "r32-a-duckdb",
  server: "@seed-ship/duckdb-mcp-native",
  transport: "stdio",
  // The package declares no bin; its README's server is dist/server/mcp-server.js, run with node.
  start: packageFileServer(
    "r32-a-duckdb",
    FROM,
    "@seed-ship/duckdb-mcp-native/dist/server/mcp-server.js",
    DATA,
    {
      HOME,
      MCP_SECURITY_MODE: "development",
      DUCKDB_MEMORY: "1GB",
      DUCKDB_THREADS: "2",
    },
  ),
  steps: [
    step(
      "duck-001",
      "query_duckdb",
      {
        sql: "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer VARCHAR NOT NULL, total DECIMAL(10,2) CHECK (total >= 0), placed DATE)",
      },
      "create the orders table, with a primary key, a NOT NULL and a CHECK constraint",
    ),
    step(
      "duck-002",
      "query_duckdb",
      {
        sql: "INSERT INTO orders VALUES (1, 'acme', 120.50, DATE '2026-11-02'), (2, 'globex', 80.00, DATE '2026-11-03'), (3, 'acme', 42.25, DATE '2026-11-09'), (4, 'initech', 310.00, DATE '2026-11-21')",
      },
      "four orders",
    ),
    step("duck-003", "list_tables", {}, "the tables of schema main"),
    step("duck-004", "describe_table", { table_name: "orders" }, "the orders table's columns and row count"),
    step(
      "duck-005",
      "query_duckdb",
      {
        sql: "SELECT customer, count(*) AS orders, sum(total) AS revenue FROM orders GROUP BY customer ORDER BY revenue DESC",
      },
      "revenue by customer",
    ),
    step(
      "duck-006",
      "query_duckdb",
      { sql: "SELECT * FROM orders WHERE customer = 'umbrella'" },
      "a query that matches no row",
    ),
    step(
      "duck-007",
      "load_csv",
      { path: PRODUCTS_CSV, table_name: "products" },
      "load a product catalogue from a CSV file",
    ),
    step(
      "duck-008",
      "query_duckdb",
      { sql: "SELECT sku, name FROM products WHERE stock = 0" },
      "products out of stock",
    ),
    step("duck-009", "list_tables", { schema: "staging" }, "the tables of a schema that has none"),
    step(
      "duck-010",
      "query_duckdb",
      { sql: `COPY (SELECT * FROM orders) TO '${ORDERS_PARQUET}' (FORMAT parquet)` },
      "export the orders to a Parquet file",
    ),
    step("duck-011", "profile_parquet", { url: ORDERS_PARQUET }, "profile that Parquet file"),
    step("duck-012", "describe_table", { table_name: "invoices" }, "a table that does not exist"),
    step("duck-013", "query_duckdb", { sql: "SELECT * FROM invoices" }, "a query on that missing table"),
    step("duck-014", "query_duckdb", { sql: "SELECT * FROM invoices" }, "the same query again, unchanged"),
    step("duck-015", "query_duckdb", { sql: "SELEC * FROM orders" }, "a misspelt keyword (a syntax error)"),
    step(
      "duck-016",
      "query_duckdb",
      { sql: "INSERT INTO orders VALUES (1, 'hooli', 15.00, DATE '2026-12-01')" },
      "an order whose id is taken (primary key violation)",
    ),
    step(
      "duck-017",
      "query_duckdb",
      { sql: "UPDATE orders SET total = total * 1.10 WHERE customer = 'acme'" },
      "a 10 % surcharge on acme's orders",
    ),
    step(
      "duck-018",
      "query_duckdb",
      { sql: "INSERT INTO orders VALUES (6, NULL, 15.00, DATE '2026-12-01')" },
      "an order without a customer (NOT NULL violation)",
    ),
    step(
      "duck-019",
      "query_duckdb",
      { sql: "SELECT id, customer, total FROM orders WHERE placed >= DATE '2026-11-05' ORDER BY placed" },
      "orders placed from 5 November on",
    ),
    step(
      "duck-020",
      "load_csv",
      { path: path.join(DATA, "suppliers.csv"), table_name: "suppliers" },
      "a CSV file that does not exist",
    ),
    step(
      "duck-021",
      "query_duckdb",
      { query: "SELECT count(*) FROM orders" },
      "the SQL under `query` instead of `sql`",
    ),
    step(
      "duck-022",
      "attach_mcp",
      { url: "ws://127.0.0.1:42711", alias: "crm" },
      "attach another MCP server that is not on the server's allowlist",
    ),
    step("duck-023", "export_csv", { table_name: "orders" }, "a tool the server does not have"),
    step(
      "duck-024",
      "query_duckdb",
      { sql: "SELECT count(*) AS n, sum(a.range * b.range) AS s FROM range(60000) a, range(60000) b" },
      "a 3.6-billion-row cross join; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "duck-025",
      "list_tables",
      {},
      "the table list while the engine is still busy with the cross join; the server process is killed mid-call",
      killMidCall,
    ),
  ],
};

// --------------------------------------------------------------------------------------------- mcp-node-mssql (stdio)

const mssql: SessionSpec = {
  label: "r32-a-mssql",
  server: "mcp-node-mssql",
  transport: "stdio",
  start: stdioServer("r32-a-mssql", "mcp-node-mssql", {
    from: FROM,
    cwd: DATA,
    env: {
      HOME,
      DB_HOST: "127.0.0.1",
      DB_PORT: String(TDS_PORT),
      DB_USERNAME: MSSQL_USER,
      DB_PASSWORD: MSSQL_PASSWORD,
      DB_DATABASE: MSSQL_DATABASE,
      DB_ENCRYPT: "false",
      DB_TRUST_SERVER_CERTIFICATE: "true",
      CONNECTION_TIMEOUT: "5000",
    },
  }),
  steps: [
    step("mss-001", "get-tables", {}, "the database's base tables"),
    step("mss-002", "get-table", { tableName: "Orders" }, "the Orders table's columns"),
    step("mss-003", "get-table", { tableName: "Invoices" }, "a table that does not exist"),
    step("mss-004", "get-stored-procedures", {}, "the stored procedures and their definitions"),
    step(
      "mss-005",
      "get-stored-procedure",
      { procedureName: "usp_TopCustomers" },
      "one stored procedure (the server writes an ODBC '?' placeholder T-SQL does not accept)",
    ),
    step(
      "mss-006",
      "query",
      {
        query:
          "SELECT CustomerId, COUNT(*) AS orders, SUM(Total) AS revenue FROM dbo.Orders GROUP BY CustomerId ORDER BY revenue DESC",
      },
      "revenue by customer",
    ),
    step(
      "mss-007",
      "query",
      { query: "SELECT TOP 3 * FROM dbo.Orders ORDER BY OrderDate" },
      "the three oldest orders",
    ),
    step(
      "mss-008",
      "query",
      { query: "SELECT OrderId, CustomerId, Total FROM dbo.Orders WHERE Status = 'refunded'" },
      "refunded orders (there are none)",
    ),
    step(
      "mss-009",
      "query",
      { query: "SELECT * FROM dbo.Invoices" },
      "a query on a table that does not exist",
    ),
    step("mss-010", "query", { query: "SELECT * FROM dbo.Invoices" }, "the same query again, unchanged"),
    step("mss-011", "get-table", { tableName: "Customers" }, "the Customers table's columns"),
    step(
      "mss-012",
      "query",
      { query: "SELECT COUNT(*) AS open_orders FROM dbo.Orders WHERE Status = 'open'" },
      "how many orders are open",
    ),
    step(
      "mss-013",
      "query",
      { query: "SELECT CustomerId, CompanyName, Country FROM dbo.Customers WHERE Country = 'Germany'" },
      "customers in Germany",
    ),
    step(
      "mss-014",
      "query",
      {
        query:
          "SELECT o.OrderId, c.CompanyName, o.Total FROM dbo.Orders o JOIN dbo.Customers c ON c.CustomerId = o.CustomerId WHERE o.Status = 'open'",
      },
      "open orders with their customer's name",
    ),
    step(
      "mss-015",
      "query",
      { query: "SELECT OrderId, CustomerId, Total FROM dbo.Orders WHERE Total > 100000" },
      "orders above 100,000 (there are none)",
    ),
    step(
      "mss-016",
      "query",
      { query: "UPDATE dbo.Orders SET Status = 'shipped' WHERE OrderId = 10250" },
      "mark one order shipped (SQL Server updates one row; the tool reads the missing recordset)",
    ),
    step("mss-017", "query", { query: "SELECT * FROM dbo.Payroll" }, "a table the login may not read"),
    step(
      "mss-018",
      "get-tables",
      {},
      "the tables after the login's password was changed on the server",
      flag("mssqlPasswordRotated"),
    ),
    step(
      "mss-019",
      "query",
      { query: "SELECT TOP 3 * FROM dbo.Orders ORDER BY OrderDate" },
      "the oldest orders while Azure SQL's request limit is reached (error 10928)",
      flag("mssqlThrottled"),
    ),
    step(
      "mss-020",
      "query",
      {
        query:
          "SELECT CustomerId, COUNT(*) AS orders, SUM(Total) AS revenue FROM dbo.Orders GROUP BY CustomerId ORDER BY revenue DESC",
      },
      "revenue by customer, chosen as a deadlock victim (error 1205)",
      flag("mssqlDeadlock"),
    ),
    step(
      "mss-021",
      "query",
      { query: "SELECT TOP 5 * FROM dbo.Orders ORDER BY OrderDate" },
      "the five oldest orders",
    ),
    step(
      "mss-022",
      "query",
      { query: "SELECT TOP 100 * FROM dbo.OrderArchive" },
      "archived orders the server takes 20 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("mss-023", "get-tables", {}, "the tables while SQL Server cannot be reached", down(sqlServer)),
    step("mss-024", "get-tables", {}, "the tables once SQL Server is back"),
    step("mss-025", "drop-table", { tableName: "OrderArchive" }, "a tool the server does not have"),
  ],
};

export const SESSIONS: SessionSpec[] = [duckdb, mssql];

export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(DATA, { recursive: true, force: true });
  fs.mkdirSync(HOME, { recursive: true });
  fs.writeFileSync(
    PRODUCTS_CSV,
    "sku,name,price,stock\nA-100,Widget,9.99,120\nA-101,Gadget,24.50,0\nB-200,Sprocket,3.25,900\nB-201,Flange,7.80,0\n",
  );
  resetCounters();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
    console.error(`requests seen: ${[...seen.entries()].map(([key, n]) => `${key} ×${n}`).join("; ")}`);
  };
}
