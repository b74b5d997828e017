// Verdicts for group r32-a, written from the captured exchanges (test/fixtures/server-corpus/groups/r32-a.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, silent, tool, wire } from "../../verdict-helpers.js";

const WASTED =
  "The previous call in this session with the same tool and the same arguments failed non-retryably: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // -------------------------------------------------------------------- @seed-ship/duckdb-mcp-native (stdio, DuckDB)
  // The server never sets isError. Every failure inside a tool, DuckDB's own errors included, comes back as an
  // ordinary result {"success": false, "error": "<message>"}; DuckDB's messages read "Query failed: <Type> Error: …"
  // (Catalog, Parser, Constraint, Conversion, IO) — an error class in prose, not a code member, so no errorCode.
  // Even an unknown tool is such a result, quoting the JSON-RPC code the server threw and caught itself (-32601).
  "duck-001": ok(
    'CREATE TABLE ran: {"success": true, "rowCount": 0, "data": []} — a DDL statement returns no rows',
  ),
  "duck-002": ok('INSERT of four rows: {"success": true, "data": [{"Count": "4"}]}'),
  "duck-003": ok("schema main lists the one table, orders"),
  "duck-004": ok("orders' four columns with types and nullability, rowCount 4"),
  "duck-005": ok("revenue by customer: three rows"),
  "duck-006": ok('a query that matched nothing: {"success": true, "rowCount": 0, "data": []}', true),
  "duck-007": ok("the CSV was loaded into products: rowCount 4"),
  "duck-008": ok("two products with stock 0"),
  "duck-009": ok('schema staging has no tables: "tables": [] — a listing that found nothing', true),
  "duck-010": ok('COPY … TO a Parquet file: {"success": true, "data": [{"Count": "4"}]} (four rows written)'),
  "duck-011": ok("the Parquet file's profile: 4 rows, 4 columns with null and distinct counts, min/max/avg"),
  "duck-012": silent(
    "validation",
    null,
    false,
    '{"success": false, "error": "Query failed: Catalog Error: Table with name invoices does not exist! Did you mean \\"orders\\"?"} as an ordinary result: the named table does not exist',
  ),
  "duck-013": silent(
    "validation",
    null,
    false,
    '{"success": false, "error": "Query failed: Catalog Error: Table with name invoices does not exist! …"} as an ordinary result',
  ),
  "duck-014": silent(
    "validation",
    null,
    false,
    `the same Catalog Error for the same query as an ordinary result. ${WASTED}`,
    true,
  ),
  "duck-015": silent(
    "validation",
    null,
    false,
    '{"success": false, "error": "Query failed: Parser Error: syntax error at or near \\"SELEC\\""} as an ordinary result',
  ),
  "duck-016": silent(
    "validation",
    null,
    false,
    '{"success": false, "error": "Query failed: Constraint Error: Duplicate key \\"id: 1\\" violates primary key constraint."} as an ordinary result: the row was refused',
  ),
  "duck-017": ok('UPDATE of acme\'s two orders: {"success": true, "data": [{"Count": "2"}]}'),
  "duck-018": silent(
    "validation",
    null,
    false,
    '{"success": false, "error": "Query failed: Constraint Error: NOT NULL constraint failed: orders.customer"} as an ordinary result',
  ),
  "duck-019": ok("two orders placed from 5 November on (acme's now carries the surcharge)"),
  "duck-020": silent(
    "validation",
    null,
    false,
    '{"success": false, "error": "Query failed: IO Error: No files found that match the pattern \\"…/suppliers.csv\\""} as an ordinary result: the named file does not exist',
  ),
  "duck-021": silent(
    "internal",
    null,
    true,
    '{"success": false, "error": "Cannot read properties of undefined (reading \'trim\')"} as an ordinary result: the SQL was passed as `query`, the tool read `sql` (undefined) and threw a TypeError. The payload shows only an uncaught exception with no better signal, so internal by the contract (retryable by its fallback), though the cause is the argument\'s name (see README, Ambiguous)',
  ),
  "duck-022": silent(
    "permission",
    null,
    false,
    '{"success": false, "error": "Server attachment blocked", "reason": "Server URL not in allowlist. …"} as an ordinary result: the server\'s own policy refused the URL',
  ),
  "duck-023": silent(
    "unknown_tool",
    "-32601",
    false,
    '{"success": false, "error": "MCP error -32601: Unknown tool: export_csv"} as an ordinary result: the server threw MethodNotFound and caught it into its own error envelope',
  ),
  "duck-024": wire(
    "transient",
    "timeout",
    true,
    "client timeout -32001 after 3 s: the 3.6-billion-row cross join was still running in DuckDB",
  ),
  "duck-025": wire(
    "transient",
    "connection_closed",
    true,
    "the server process was killed 700 ms into the call (the engine still busy with the cross join): -32000 Connection closed, no answer",
  ),

  // ---------------------------------------------------------------------------- mcp-node-mssql (stdio, SQL Server)
  // Errors thrown by mssql/tedious reach the SDK's McpServer, which answers isError with the bare message: SQL
  // Server's own message text (no error number, no state, no code), tedious's connection messages, or a TypeError.
  // "Not found" and "no results" are ordinary text results. Argument errors and unknown tools are JSON-RPC -32602.
  "mss-001": ok("five base tables as text: 'Tables found in the database:' and a JSON array"),
  "mss-002": ok("Orders' five columns with type and nullability"),
  "mss-003": silent(
    "validation",
    null,
    false,
    "'Table with name: Invoices not found.' as an ordinary result: a lookup of one named table that does not exist",
  ),
  "mss-004": ok("two stored procedures with their definitions"),
  "mss-005": tool(
    "validation",
    null,
    false,
    "isError \"Incorrect syntax near '?'.\": SQL Server refused the statement the server built (an ODBC '?' placeholder in T-SQL) — a syntax error, not fixable by a retry (see README, Ambiguous)",
  ),
  "mss-006": ok("revenue by customer: five rows"),
  "mss-007": ok("the three oldest orders"),
  "mss-008": ok("'No results found for the query.': a query that matched no row", true),
  "mss-009": tool(
    "validation",
    null,
    false,
    "isError \"Invalid object name 'dbo.Invoices'.\": the table does not exist",
  ),
  "mss-010": tool(
    "validation",
    null,
    false,
    `isError "Invalid object name 'dbo.Invoices'." again for the same query. ${WASTED}`,
    true,
  ),
  "mss-011": ok("Customers' three columns"),
  "mss-012": ok('[{"open_orders": 2}]'),
  "mss-013": ok("two customers in Germany"),
  "mss-014": ok("two open orders with their customers' names"),
  "mss-015": ok("'No results found for the query.': no order above 100,000", true),
  "mss-016": tool(
    "internal",
    null,
    true,
    "isError \"Cannot read properties of undefined (reading 'length')\": SQL Server updated the row (DONE, one row) but an UPDATE has no recordset and the tool read its length — an uncaught exception with no better signal; internal and retryable by the contract's fallback, though the write went through (see README, Ambiguous)",
  ),
  "mss-017": tool(
    "permission",
    null,
    false,
    "isError \"The SELECT permission was denied on the object 'Payroll', database 'Sales', schema 'dbo'.\"",
  ),
  "mss-018": tool(
    "auth",
    null,
    false,
    "isError \"Login failed for user 'mcp_reader'.\": the password the server holds is no longer valid",
  ),
  "mss-019": tool(
    "rate_limited",
    null,
    true,
    "isError 'Resource ID : 1. The request limit for the database is 60 and has been reached. …': Azure SQL's request throttling; the same query passes once requests drain (see README, Ambiguous)",
  ),
  "mss-020": tool(
    "transient",
    null,
    true,
    "isError 'Transaction (Process ID 57) was deadlocked on lock resources with another process and has been chosen as the deadlock victim. Rerun the transaction.': a deadlock, the message itself says to rerun",
  ),
  "mss-021": ok("the five oldest orders"),
  "mss-022": wire(
    "transient",
    "timeout",
    true,
    "client timeout -32001 after 3 s: SQL Server took 20 s for the archive query",
  ),
  "mss-023": tool(
    "transient",
    null,
    true,
    "isError 'Failed to connect to 127.0.0.1:42710 - Could not connect (sequence)': tedious could not reach SQL Server (connection refused; no system code in the text)",
  ),
  "mss-024": ok("the five tables again once SQL Server is back"),
  "mss-025": rpc("unknown_tool", "-32602", false, "JSON-RPC -32602 'Tool drop-table not found'"),
};
