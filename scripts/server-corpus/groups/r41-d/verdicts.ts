// Verdicts for group r41-d, written from the captured exchanges (test/fixtures/server-corpus/groups/r41-d.jsonl), each
// read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // databricks-mcp-server: every success is the API's objects re-marshalled by the Go SDK as one JSON text (an array
  // for catalogs, schemas and warehouses; {tables, total_count, truncated} for list_tables; {columns, rows} for
  // execute_sql). Every failure is isError "Error executing tool: <the API's message>" — the API's `error_code`
  // (CATALOG_DOES_NOT_EXIST, PERMISSION_DENIED, …) and the HTTP status are never shown; a body that is not JSON (the
  // 502 page) is shown whole. A statement that ends FAILED is "error executing the statement, current status FAILED:
  // <the SQL error, with its [ERROR_CLASS] and SQLSTATE>". The SDK retries 429 and refused connections on its own for
  // minutes, so those calls never answer within the client's wait. An unknown tool is a JSON-RPC -32602 error.
  "dbx-001": ok("the three Unity Catalog catalogs (main, samples, system) as a JSON array"),
  "dbx-002": ok("the four schemas of the catalog main as a JSON array"),
  "dbx-003": tool(
    "validation",
    null,
    false,
    "isError 'Error executing tool: Catalog 'finance_prod' does not exist.' — a named catalog that does not exist; the API's CATALOG_DOES_NOT_EXIST code and the 404 are not shown",
  ),
  "dbx-004": ok("the four tables of main.sales with their columns, total_count 4, truncated false"),
  "dbx-005": ok(
    '{"tables":null,"total_count":0,"truncated":false} — a table-name filter that matched nothing',
    true,
  ),
  "dbx-006": tool(
    "validation",
    null,
    false,
    "isError 'error parsing regexp: missing closing ]: `[s`' — the caller's table_name_pattern is not a valid regular expression",
  ),
  "dbx-007": tool(
    "permission",
    null,
    false,
    "isError 'User does not have USE SCHEMA on Schema 'main.marketing'.' — the token's user lacks a privilege; no code or status shown",
  ),
  "dbx-008": ok("main.sales.orders: six columns, DELTA, MANAGED, owner and properties"),
  "dbx-009": tool(
    "validation",
    null,
    false,
    "isError 'Table 'main.sales.order_lines' does not exist.' — a named table that does not exist; TABLE_DOES_NOT_EXIST and the 404 are not shown",
  ),
  "dbx-010": ok("main.sales.daily_revenue: a MATERIALIZED_VIEW with three columns"),
  "dbx-011": ok("two SQL warehouses: one RUNNING (serverless), one STOPPED"),
  "dbx-012": ok("execute_sql: three columns and four rows of revenue per region"),
  "dbx-013": ok('execute_sql: the columns and "rows":null — the query ran and matched no rows', true),
  "dbx-014": tool(
    "validation",
    "PARSE_SYNTAX_ERROR",
    false,
    "isError 'error executing the statement, current status FAILED: [PARSE_SYNTAX_ERROR] Syntax error at or near 'SELEC'. SQLSTATE: 42601 …' — the caller's SQL is malformed; the bracketed error class is the most specific code the text carries",
  ),
  "dbx-015": tool(
    "validation",
    "PARSE_SYNTAX_ERROR",
    false,
    "the same PARSE_SYNTAX_ERROR isError again for the same tool and arguments, right after a non-retryable failure",
    true,
  ),
  "dbx-016": tool(
    "validation",
    "TABLE_OR_VIEW_NOT_FOUND",
    false,
    "isError 'current status FAILED: [TABLE_OR_VIEW_NOT_FOUND] The table or view `main`.`sales`.`refunds` cannot be found. … SQLSTATE: 42P01' — the query names a table that does not exist",
  ),
  "dbx-017": tool(
    "transient",
    null,
    true,
    "isError 'statement execution timed out after 3 seconds, current status PENDING. Hint: Try with a higher timeout …' — the stopped warehouse was still starting; the statement was cancelled by the server's own timeout, and the same call succeeds once the warehouse runs",
  ),
  "dbx-018": ok(
    "no warehouse_id: the server used the first listed warehouse; one row (main, mcp-agent@northwind.example)",
  ),
  "dbx-019": ok(
    "20 rows, as max_rows 20 asked (the query would give 50); the caller's own limit, not a partial result",
  ),
  "dbx-020": tool(
    "internal",
    "INTERNAL_ERROR",
    true,
    "isError 'INTERNAL_ERROR: Unexpected error while listing SQL warehouses. Please retry. …' — the API's 500, its error code quoted at the head of the message",
  ),
  "dbx-021": tool(
    "transient",
    "http_502",
    true,
    "isError whose text is nginx's whole '502 Bad Gateway' HTML page — a gateway in front of the workspace failed; the status is in the page",
  ),
  "dbx-022": rpc(
    "unknown_tool",
    "-32602",
    false,
    "JSON-RPC error -32602 \"tool 'drop_table' not found: tool not found\" — the server has no such tool",
  ),
  "dbx-023": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 6 s (MCP error -32001 Request timed out); behind it the API answered 429 with Retry-After 30 and the SDK kept waiting and retrying",
  ),
  "dbx-024": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 6 s (MCP error -32001 Request timed out); behind it the workspace refused connections and the SDK kept retrying",
  ),
  "dbxr-001": tool(
    "auth",
    null,
    false,
    "isError 'Error executing tool: Invalid access token.' — the personal access token was revoked; the API's 403 and numeric error_code 403 are not shown",
  ),
};
