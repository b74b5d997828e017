// Group r5-data: vector/analytics stores over HTTP and spreadsheet/PDF tools on local files.
// Each session is one client connection to one server; ids are stable across runs and the
// verdicts (verdicts.ts) are keyed by them. See README.md for the servers and what stands behind them.

import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec, type Step } from "../../harness.js";
import { DATA, OUTSIDE_DIR, PDF_DIR, writeData, XLSX_DIR } from "./data.js";
import { DBHUB_CONFIG, setLogin, setupPostgres } from "./postgres.js";
import {
  CLICKHOUSE_PASSWORD,
  CLICKHOUSE_PORT,
  clickhouseStandin,
  INFLUX_PORT,
  INFLUX_TOKEN,
  influxStandin,
  state,
  WEB_PORT,
  webStandin,
} from "./standins.js";
import { VERDICTS } from "./verdicts.js";

export { VERDICTS };

const HERE = path.dirname(fileURLToPath(import.meta.url));
const G = "r5-data";

export const PACKAGES: Record<string, string> = {
  "influxdb-mcp-server": "0.2.0",
  "clickhouse-mcp-server": "0.1.8",
  "@negokaz/excel-mcp-server": "0.12.0",
  "@sylphx/pdf-reader-mcp": "2.4.0",
  "@bytebase/dbhub": "1.4.0",
};

const step = (
  id: string,
  tool: string,
  args: Record<string, unknown>,
  scenario: string,
  more: Partial<Step> = {},
): Step => ({ id, tool, args, scenario, ...more });

/** Kill the server process half a second into a slow call. */
const killMidCall: Partial<Step> = {
  timeoutMs: 20_000,
  during: async (live) => {
    await sleep(500);
    live.kill();
  },
};

// ---- InfluxDB ----

const influxEnv = {
  INFLUXDB_URL: `http://127.0.0.1:${INFLUX_PORT}`,
  INFLUXDB_TOKEN: INFLUX_TOKEN,
  INFLUXDB_ORG: "acme",
};
const influxServer = (label: string) =>
  stdioServer(label, "influxdb-mcp-server", { env: influxEnv, from: HERE });
const CPU = 'from(bucket: "metrics") |> range(start: -1h) |> filter(fn: (r) => r._measurement == "cpu")';
const ORG_ID = "0a1b2c3d4e5f6a7b";

const influxA: SessionSpec = {
  label: `${G}-influxdb`,
  server: "influxdb-mcp-server",
  transport: "stdio",
  start: influxServer(`${G}-influxdb`),
  steps: [
    step("infx-001", "query-data", { org: "acme", query: CPU }, "Flux query for the last hour of cpu points"),
    step(
      "infx-002",
      "write-data",
      {
        org: "acme",
        bucket: "metrics",
        data: "cpu,host=web-3 usage=0.61 1764972000000000000",
        precision: "ns",
      },
      "write one line-protocol point",
    ),
    step(
      "infx-003",
      "query-data",
      {
        org: "acme",
        query: 'from(bucket: "metrics") |> range(start: -1h) |> filter(fn: (r) => r._measurement == "gpu")',
      },
      "Flux query for a measurement with no points (the API answers an empty CSV)",
    ),
    step(
      "infx-004",
      "query-data",
      { org: "acme", query: 'from(bucket: "metrics") |> rang(start: -1h)' },
      "Flux query with a misspelt function (400 invalid)",
    ),
    step(
      "infx-005",
      "query-data",
      { org: "acme", query: 'from(bucket: "metrics") |> rang(start: -1h)' },
      "the same misspelt query again, unchanged",
    ),
    step(
      "infx-006",
      "query-data",
      { org: "acme", query: 'from(bucket: "metricz") |> range(start: -1h)' },
      "Flux query on a bucket that does not exist (404 not found)",
    ),
    step(
      "infx-007",
      "write-data",
      { org: "acme", bucket: "metrics", data: "cpu,host=web-3 usage=" },
      "write a line-protocol point with no field value (400 invalid)",
    ),
    step(
      "infx-008",
      "write-data",
      { org: "acme", bucket: "archive", data: "cpu,host=web-3 usage=0.5" },
      "write to a bucket the token may only read (403 forbidden)",
    ),
    step(
      "infx-009",
      "create-bucket",
      { name: "metrics", orgID: ORG_ID },
      "create a bucket whose name is taken (422 conflict)",
    ),
    step(
      "infx-010",
      "create-bucket",
      { name: "traces", orgID: ORG_ID, retentionPeriodSeconds: "thirty days" },
      "create a bucket with a retention period given as words instead of a number",
    ),
    step(
      "infx-011",
      "create-bucket",
      { name: "traces", orgID: ORG_ID, retentionPeriodSeconds: 2592000 },
      "create a bucket with a 30-day retention",
    ),
    step("infx-012", "delete-bucket", { name: "traces" }, "a tool the server does not have"),
  ],
};

const influxB: SessionSpec = {
  label: `${G}-influxdb-faults`,
  server: "influxdb-mcp-server",
  transport: "stdio",
  start: influxServer(`${G}-influxdb-faults`),
  steps: [
    step("infx-101", "query-data", { org: "acme", query: CPU }, "Flux query for the last hour of cpu points"),
    step(
      "infx-102",
      "create-org",
      { name: "acme", description: "duplicate" },
      "create an org whose name is taken (422 conflict)",
    ),
    step(
      "infx-103",
      "query-data",
      { org: "globex", query: CPU },
      "query in an organization that does not exist (404)",
    ),
    step(
      "infx-104",
      "query-data",
      {
        org: "acme",
        query: 'from(bucket: "metrics") |> range(start: -1h) |> aggregateWindow(every: 1s, fn: mean)',
      },
      "query while the API rate-limits (429 with Retry-After: 30)",
    ),
    step(
      "infx-105",
      "query-data",
      { org: "acme", query: 'from(bucket: "archive") |> range(start: -1h)' },
      "query while the storage engine is loading shards (503 unavailable)",
    ),
    step(
      "infx-106",
      "create-org",
      { name: "ops", description: "operations" },
      "create an org after the API token was revoked (401)",
      {
        before: async () => {
          state.influxTokenRevoked = true;
        },
      },
    ),
    step(
      "infx-107",
      "create-org",
      { name: "ops", description: "operations" },
      "the same call again, the token still revoked",
      {
        after: async () => {
          state.influxTokenRevoked = false;
        },
      },
    ),
    step(
      "infx-108",
      "query-data",
      { org: "acme", query: 'from(bucket: "metrics") |> range(start: -365d)' },
      "a year-long query the API answers after 8 s (the server gives up after 5 s)",
    ),
    step(
      "infx-109",
      "query-data",
      { org: "acme", query: CPU },
      "InfluxDB stopped: nothing listens on its port",
      {
        before: () => influxStandin.stop(),
        after: () => influxStandin.start(),
      },
    ),
    step(
      "infx-110",
      "query-data",
      { org: "acme", query: 'from(bucket: "metrics") |> range(start: -365d)' },
      "the server process is killed (SIGKILL) 0.5 s into a slow query",
      killMidCall,
    ),
  ],
};

// ---- ClickHouse ----

const clickhouseServer = (label: string) =>
  stdioServer(label, "clickhouse-mcp-server", {
    args: ["stdio"],
    env: {
      CLICKHOUSE_HOST_URL: `http://127.0.0.1:${CLICKHOUSE_PORT}`,
      CLICKHOUSE_USER: "default",
      CLICKHOUSE_PASSWORD,
      CLICKHOUSE_SECURE: "false",
      CLICKHOUSE_CONNECT_TIMEOUT_SEC: "3",
    },
    from: HERE,
  });

const clickhouseA: SessionSpec = {
  label: `${G}-clickhouse`,
  server: "clickhouse-mcp-server",
  transport: "stdio",
  start: clickhouseServer(`${G}-clickhouse`),
  steps: [
    step("chq-001", "list_databases", {}, "list the databases"),
    step("chq-002", "list_tables", { database: "analytics" }, "list the tables of a database"),
    step("chq-003", "list_tables", { database: "default" }, "list the tables of a database that has none"),
    step(
      "chq-004",
      "list_tables",
      { database: "analytix" },
      "list the tables of a database that does not exist (81)",
    ),
    step(
      "chq-005",
      "run_select_query",
      { query: "SELECT count() FROM analytics.events" },
      "count the events",
    ),
    step(
      "chq-006",
      "run_select_query",
      { query: "SELECT count() FROM analytics.events WHERE country = 'AQ' GROUP BY country" },
      "a grouped count whose filter matches no row",
    ),
    step(
      "chq-007",
      "run_select_query",
      { query: "SELECT country, count() FORM analytics.events GROUP BY country" },
      "a query with a misspelt keyword (62 SYNTAX_ERROR)",
    ),
    step(
      "chq-008",
      "run_select_query",
      { query: "SELECT country, count() FORM analytics.events GROUP BY country" },
      "the same misspelt query again, unchanged",
    ),
    step(
      "chq-009",
      "run_select_query",
      { query: "SELECT * FROM analytics.pageviews LIMIT 10" },
      "select from a table that does not exist (60 UNKNOWN_TABLE)",
    ),
    step(
      "chq-010",
      "run_select_query",
      { query: "INSERT INTO analytics.events (country) VALUES ('DE')" },
      "an INSERT through the select-only tool",
    ),
    step(
      "chq-011",
      "run_select_query",
      {
        query:
          "SELECT country, count() AS events FROM analytics.events GROUP BY country SETTINGS max_threads = 64",
      },
      "a query that changes a setting while the session is readonly (164 READONLY)",
    ),
    step("chq-012", "run_query", { query: "SELECT 1" }, "a tool the server does not have"),
  ],
};

const clickhouseB: SessionSpec = {
  label: `${G}-clickhouse-faults`,
  server: "clickhouse-mcp-server",
  transport: "stdio",
  start: clickhouseServer(`${G}-clickhouse-faults`),
  steps: [
    step("chq-101", "list_databases", {}, "list the databases"),
    step(
      "chq-102",
      "run_select_query",
      {
        query: "SELECT country, count() AS events FROM analytics.sessions GROUP BY country ORDER BY country",
      },
      "sessions per country",
    ),
    step(
      "chq-103",
      "run_select_query",
      { query: "SELECT uniqExact(user_id) FROM analytics.events" },
      "a query while the user is at its concurrency cap (202 TOO_MANY_SIMULTANEOUS_QUERIES)",
    ),
    step(
      "chq-104",
      "run_select_query",
      { query: "SELECT quantilesExact(0.5, 0.99)(duration_ms) FROM analytics.events" },
      "a query that runs past max_execution_time (159 TIMEOUT_EXCEEDED)",
    ),
    step(
      "chq-105",
      "run_select_query",
      { query: "SELECT sleepEachRow(1) FROM analytics.events LIMIT 8" },
      "a query the database answers after 8 s (the client's request timeout is 3 s)",
    ),
    step(
      "chq-106",
      "list_tables",
      { database: "analytics; DROP TABLE analytics.events" },
      "a database name with a second statement in it",
    ),
    step("chq-107", "run_select_query", { query: 42 }, "the query given as a number"),
    step("chq-108", "list_databases", {}, "list the databases after the user's password was rotated (516)", {
      before: async () => {
        state.clickhousePasswordRotated = true;
      },
      after: async () => {
        state.clickhousePasswordRotated = false;
      },
    }),
    step("chq-109", "list_databases", {}, "ClickHouse stopped: nothing listens on its port", {
      before: () => clickhouseStandin.stop(),
      after: () => clickhouseStandin.start(),
    }),
    step(
      "chq-110",
      "run_select_query",
      { query: "SELECT sleepEachRow(1) FROM analytics.events LIMIT 8" },
      "the server process is killed (SIGKILL) 0.5 s into a slow query",
      killMidCall,
    ),
  ],
};

// ---- Excel ----

const SALES = path.join(XLSX_DIR, "sales.xlsx");

const excel: SessionSpec = {
  label: `${G}-excel`,
  server: "@negokaz/excel-mcp-server",
  transport: "stdio",
  start: stdioServer(`${G}-excel`, "@negokaz/excel-mcp-server", { from: HERE }),
  steps: [
    step("xls-001", "excel_describe_sheets", { fileAbsolutePath: SALES }, "describe the workbook's sheets"),
    step("xls-002", "excel_read_sheet", { fileAbsolutePath: SALES, sheetName: "Sales" }, "read a sheet"),
    step(
      "xls-003",
      "excel_write_to_sheet",
      {
        fileAbsolutePath: SALES,
        sheetName: "Sales",
        newSheet: false,
        range: "E1:E5",
        values: [["total"], ["=SUM(B2:D2)"], ["=SUM(B3:D3)"], ["=SUM(B4:D4)"], ["=SUM(B5:D5)"]],
      },
      "write a column of formulas",
    ),
    step(
      "xls-004",
      "excel_read_sheet",
      { fileAbsolutePath: SALES, sheetName: "Blank" },
      "read a sheet with no cells",
    ),
    step(
      "xls-005",
      "excel_read_sheet",
      { fileAbsolutePath: SALES, sheetName: "Forecast" },
      "read a sheet that does not exist",
    ),
    step(
      "xls-006",
      "excel_read_sheet",
      { fileAbsolutePath: SALES, sheetName: "Forecast" },
      "the same call again, unchanged",
    ),
    step(
      "xls-007",
      "excel_read_sheet",
      { fileAbsolutePath: SALES, sheetName: "Sales", range: "A1:ZZZZ9" },
      "read a range past the last column",
    ),
    step(
      "xls-008",
      "excel_read_sheet",
      { fileAbsolutePath: SALES, sheetName: "Sales", range: 5 },
      "the range given as a number",
    ),
    step("xls-009", "excel_describe_sheets", { fileAbsolutePath: "sheets/sales.xlsx" }, "a relative path"),
    step(
      "xls-010",
      "excel_describe_sheets",
      { fileAbsolutePath: path.join(XLSX_DIR, "forecast.xlsx") },
      "a workbook that does not exist",
    ),
    step(
      "xls-011",
      "excel_describe_sheets",
      { fileAbsolutePath: path.join(XLSX_DIR, "regions.csv") },
      "a CSV file given as a workbook",
    ),
    step(
      "xls-012",
      "excel_write_to_sheet",
      {
        fileAbsolutePath: SALES,
        sheetName: "Sales",
        newSheet: false,
        range: "A7:B7",
        values: [["north", 1, 2]],
      },
      "write three values into a two-cell range",
    ),
    step(
      "xls-013",
      "excel_create_table",
      { fileAbsolutePath: SALES, sheetName: "Sales", range: "A1:D5", tableName: "SalesByRegion" },
      "make a table of the sales range",
    ),
    step(
      "xls-014",
      "excel_delete_sheet",
      { fileAbsolutePath: SALES, sheetName: "Blank" },
      "a tool the server does not have",
    ),
    step(
      "xls-015",
      "excel_copy_sheet",
      { fileAbsolutePath: SALES, srcSheetName: "Sales", dstSheetName: "Blank" },
      "copy a sheet onto a name that is taken (the server process crashes)",
    ),
  ],
};

// ---- PDF ----

const REPORT = path.join(PDF_DIR, "q3-report.pdf");

const pdf: SessionSpec = {
  label: `${G}-pdf`,
  server: "@sylphx/pdf-reader-mcp",
  transport: "stdio",
  start: stdioServer(`${G}-pdf`, "@sylphx/pdf-reader-mcp", {
    env: { MCP_PDF_ALLOWED_DIRS: PDF_DIR },
    cwd: DATA,
    from: HERE,
  }),
  steps: [
    step(
      "pdf-001",
      "read_pdf",
      { sources: [{ path: REPORT }], include_full_text: true, include_metadata: true },
      "full text and metadata of a two-page report",
    ),
    step("pdf-002", "read_pdf", { sources: [{ path: REPORT, pages: [2] }] }, "page 2 of the report"),
    step("pdf-003", "read_pdf", { sources: [{ path: REPORT, pages: [9] }] }, "page 9 of a two-page report"),
    step(
      "pdf-004",
      "read_pdf",
      { sources: [{ path: REPORT, pages: "2-x" }] },
      "a page range that does not parse",
    ),
    step(
      "pdf-005",
      "read_pdf",
      { sources: [{ path: path.join(PDF_DIR, "q4-report.pdf") }] },
      "a PDF that does not exist",
    ),
    step(
      "pdf-006",
      "read_pdf",
      { sources: [{ path: path.join(PDF_DIR, "q4-report.pdf") }] },
      "the same call again, unchanged",
    ),
    step(
      "pdf-007",
      "read_pdf",
      { sources: [{ path: path.join(PDF_DIR, "truncated.pdf") }] },
      "a PDF cut off after 180 bytes",
    ),
    step(
      "pdf-008",
      "read_pdf",
      { sources: [{ path: path.join(OUTSIDE_DIR, "salaries.pdf") }] },
      "a PDF outside the allowed directory",
    ),
    step(
      "pdf-009",
      "read_pdf",
      { sources: [{ path: REPORT, pages: [1] }, { path: path.join(PDF_DIR, "q4-report.pdf") }] },
      "two sources, one of which does not exist",
    ),
    step(
      "pdf-010",
      "read_pdf",
      { sources: [{ path: path.join(PDF_DIR, "scan.pdf") }], include_full_text: true },
      "the text of a scanned page (no text layer)",
    ),
    step(
      "pdf-011",
      "read_pdf",
      { sources: [{ url: `http://127.0.0.1:${WEB_PORT}/reports/q3.pdf` }], include_page_count: true },
      "a PDF by URL",
    ),
    step(
      "pdf-012",
      "read_pdf",
      { sources: [{ url: `http://127.0.0.1:${WEB_PORT}/reports/q4.pdf` }] },
      "a PDF URL that answers 404",
    ),
    step(
      "pdf-013",
      "read_pdf",
      { sources: [{ url: `http://127.0.0.1:${WEB_PORT + 1}/reports/q3.pdf` }] },
      "a PDF URL where nothing listens",
    ),
    step("pdf-014", "read_pdf", { sources: "q3-report.pdf" }, "sources given as a string"),
    step("pdf-015", "read_pdf", { sources: [] }, "no sources"),
    step("pdf-016", "read_pdf_images", { sources: [{ path: REPORT }] }, "a tool the server does not have"),
  ],
};

// ---- dbhub (PostgreSQL) ----

const sql = (id: string, query: string, scenario: string, more: Partial<Step> = {}) =>
  step(id, "execute_sql", { sql: query }, scenario, more);

const dbhub: SessionSpec = {
  label: `${G}-dbhub`,
  server: "@bytebase/dbhub",
  transport: "stdio",
  start: stdioServer(`${G}-dbhub`, "@bytebase/dbhub", {
    args: ["--transport", "stdio", "--config", DBHUB_CONFIG],
    from: HERE,
  }),
  steps: [
    sql("dbh-001", "SELECT id, name, country FROM customers ORDER BY id", "select the customers"),
    sql(
      "dbh-002",
      "SELECT c.country, count(*) AS orders, sum(o.total) AS revenue FROM orders o JOIN customers c ON c.id = o.customer_id GROUP BY c.country ORDER BY c.country",
      "revenue per country",
    ),
    sql("dbh-003", "SELECT id, name FROM customers WHERE country = 'JP'", "a select that matches no row"),
    sql(
      "dbh-004",
      "SELECT id, total FROM orders WHERE total >",
      "a statement cut off after an operator (syntax error)",
    ),
    sql(
      "dbh-005",
      "SELECT id, total FROM orders WHERE total >",
      "the same misspelt statement again, unchanged",
    ),
    sql("dbh-006", "SELECT id, total FROM invoices", "a table that does not exist"),
    sql("dbh-007", "DELETE FROM orders WHERE placed_at < '2026-11-15'", "a DELETE in read-only mode"),
    sql("dbh-008", "SELECT employee, salary FROM payroll", "a table the role may not read"),
    sql(
      "dbh-009",
      "SELECT total / (SELECT count(*) FROM orders WHERE total > 1000) FROM orders",
      "a division by zero",
    ),
    sql("dbh-010", "SELECT pg_sleep(5)", "a statement that outlives the role's 2 s statement_timeout"),
    step("dbh-011", "search_objects", { object_type: "table", pattern: "%" }, "list the tables"),
    step(
      "dbh-012",
      "search_objects",
      { object_type: "table", pattern: "invoice%" },
      "search tables that match nothing",
    ),
    step("dbh-013", "execute_sql", { sql: 42 }, "the SQL given as a number"),
    sql(
      "dbh-014",
      "SELECT count(*) FROM orders",
      "the role's login was revoked and its connections dropped",
      {
        before: async () => setLogin(false),
        after: async () => setLogin(true),
      },
    ),
    step("dbh-015", "explain_sql", { sql: "SELECT 1" }, "a tool the server does not have"),
    sql(
      "dbh-016",
      "SELECT pg_sleep(1.5)",
      "the server process is killed (SIGKILL) 0.5 s into a slow statement",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [influxA, influxB, clickhouseA, clickhouseB, excel, pdf, dbhub];

/** Writes the files and starts the stand-ins (InfluxDB, ClickHouse, a web server with a PDF). */
export async function prepare(): Promise<() => Promise<void>> {
  writeData();
  setupPostgres();
  state.influxTokenRevoked = false;
  state.clickhousePasswordRotated = false;
  const web = webStandin(path.join(PDF_DIR, "q3-report.pdf"));
  await influxStandin.start();
  await clickhouseStandin.start();
  await web.start();
  return async () => {
    await influxStandin.stop();
    await clickhouseStandin.stop();
    await web.stop();
  };
}
