// The human verdicts for the r5-data group, by step id, written after reading each captured
// exchange (test/fixtures/server-corpus/groups/r5-data.jsonl) against Faultline's outcome
// contract — never by running Faultline's classifier. Conventions: the fixture README's
// "How the verdicts were made"; codes as docs/OUTCOMES.md orders them (a vague code such as
// InfluxDB's "invalid" or a spaced phrase such as "not found" does not beat the HTTP status the
// same text quotes; a one-word code with a known meaning such as "forbidden" does).

import type { Verdict } from "../../verdicts.js";

type Expected = Verdict["expected"];
type Category = NonNullable<Expected["category"]>;
type Outcome = Expected["outcome"];

const base = {
  silentFailure: false,
  category: null,
  errorCode: null,
  retryable: null,
  empty: false,
  partial: false,
  wastedRetry: false,
};

const ok = (reason: string): Verdict => ({ expected: { outcome: "ok", ...base }, reason });
const empty = (reason: string): Verdict => ({ expected: { outcome: "ok", ...base, empty: true }, reason });
const fail = (
  outcome: Exclude<Outcome, "ok">,
  category: Category,
  errorCode: string | null,
  retryable: boolean,
  reason: string,
  wastedRetry = false,
): Verdict => ({ expected: { outcome, ...base, category, errorCode, retryable, wastedRetry }, reason });
const tool = (c: Category, code: string | null, r: boolean, reason: string, wasted = false) =>
  fail("tool_error", c, code, r, reason, wasted);
const rpc = (c: Category, code: string | null, r: boolean, reason: string) =>
  fail("protocol_error", c, code, r, reason);
const wire = (c: Category, code: string | null, r: boolean, reason: string) =>
  fail("transport_error", c, code, r, reason);
const silent = (c: Category, code: string | null, r: boolean, reason: string): Verdict => ({
  expected: { outcome: "ok", ...base, silentFailure: true, category: c, errorCode: code, retryable: r },
  reason,
});

const WASTED =
  "Same tool, same arguments, same session, right after a failure that retrying cannot fix, and it failed the same way: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // --- influxdb-mcp-server -------------------------------------------------------------------
  "infx-001": ok("Annotated CSV with three cpu points: the query ran and returned data."),
  "infx-002": ok("'Data written successfully': the point was accepted (204 from the API)."),
  "infx-003": empty("The query ran and the answer is an empty CSV: no points matched, nothing found."),
  "infx-004": tool(
    "validation",
    "http_400",
    false,
    "isError quoting a 400 with code 'invalid' (a vague code) and 'undefined identifier rang': the caller's Flux does not compile.",
  ),
  "infx-005": tool("validation", "http_400", false, WASTED, true),
  "infx-006": tool(
    "validation",
    "http_404",
    false,
    "isError quoting a 404 'could not find bucket \"metricz\"': the named bucket does not exist.",
  ),
  "infx-007": tool(
    "validation",
    "http_400",
    false,
    "isError quoting a 400 'invalid' / 'unable to parse ... missing field value': malformed line protocol from the caller.",
  ),
  "infx-008": tool(
    "permission",
    "forbidden",
    false,
    "isError quoting a 403 with code 'forbidden', 'insufficient permissions for write': the token may not write here.",
  ),
  "infx-009": tool(
    "validation",
    "conflict",
    false,
    "isError quoting a 422 with code 'conflict': a bucket with that name already exists.",
  ),
  "infx-010": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error ... Expected number, received string': wrong argument type.",
  ),
  "infx-011": ok("Bucket created, its id, name and org echoed back."),
  "infx-012": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool delete-bucket not found': the words say unknown tool.",
  ),
  "infx-101": ok("Annotated CSV with three cpu points."),
  "infx-102": tool(
    "validation",
    "conflict",
    false,
    "isError quoting a 422 with code 'conflict': an organization with that name already exists.",
  ),
  "infx-103": tool(
    "validation",
    "http_404",
    false,
    "isError quoting a 404 'organization name \"globex\" not found': the named org does not exist.",
  ),
  "infx-104": tool(
    "rate_limited",
    "http_429",
    true,
    "isError quoting a 429 'too many requests' / 'query rate limit exceeded, please try again later': rate limited, retry later (the server did not relay the Retry-After header).",
  ),
  "infx-105": tool(
    "transient",
    "unavailable",
    true,
    "isError quoting a 503 with code 'unavailable' while shards load: the backend is temporarily unavailable.",
  ),
  "infx-106": tool(
    "auth",
    "unauthorized",
    false,
    "isError quoting a 401 with code 'unauthorized', 'unauthorized access': the token is no longer accepted.",
  ),
  "infx-107": tool("auth", "unauthorized", false, WASTED, true),
  "infx-108": tool(
    "transient",
    null,
    true,
    "isError 'The operation was aborted.' after 5 s: the server gave up on a slow upstream request (its own 5 s timer); a timeout in substance, no code.",
  ),
  "infx-109": tool(
    "transient",
    "econnrefused",
    true,
    "isError 'connect ECONNREFUSED 127.0.0.1:38401': InfluxDB is unreachable.",
  ),
  "infx-110": wire(
    "transient",
    "connection_closed",
    true,
    "The server process was killed mid-call: the stdio connection closed before any answer (-32000 Connection closed).",
  ),

  // --- clickhouse-mcp-server -----------------------------------------------------------------
  "chq-001": ok("The three databases are listed."),
  "chq-002": ok("The two tables of analytics are listed."),
  "chq-003": empty("'No tables found in database: default': a listing that found nothing."),
  "chq-004": tool(
    "validation",
    null,
    false,
    "isError 'Database analytix does not exist': the named database is missing (the client library dropped ClickHouse's code).",
  ),
  "chq-005": ok("JSON result with one row, the count."),
  "chq-006": empty("JSON result with data [] and rows 0: the query ran and matched nothing."),
  "chq-007": tool(
    "validation",
    null,
    false,
    "isError 'Syntax error: failed at position ... (FORM)': the caller's SQL does not parse.",
  ),
  "chq-008": tool("validation", null, false, WASTED, true),
  "chq-009": tool(
    "validation",
    null,
    false,
    "isError 'Table analytics.pageviews does not exist': the named table is missing.",
  ),
  "chq-010": tool(
    "permission",
    null,
    false,
    "isError 'Only SELECT, SHOW, and DESCRIBE queries are allowed for security reasons': the server's policy refused the INSERT.",
  ),
  "chq-011": tool(
    "permission",
    null,
    false,
    "isError 'Cannot modify 'max_threads' setting in readonly mode': refused by the read-only session.",
  ),
  "chq-012": rpc(
    "unknown_tool",
    "-32602",
    false,
    "JSON-RPC error -32602 'Tool run_query not found': the words say unknown tool.",
  ),
  "chq-101": ok("The three databases are listed."),
  "chq-102": ok("JSON result with three rows of sessions per country."),
  "chq-103": tool(
    "rate_limited",
    null,
    true,
    "isError 'Too many simultaneous queries for user default. Current: 8, maximum: 8': a concurrency cap, clears when other queries finish.",
  ),
  "chq-104": tool(
    "transient",
    null,
    true,
    "isError 'Timeout exceeded: elapsed 30.000512 seconds, maximum: 30': the query hit the database's execution time limit.",
  ),
  "chq-105": tool(
    "transient",
    null,
    true,
    "isError 'Timeout error.' after 3 s: the client library's request timeout fired before the database answered.",
  ),
  "chq-106": tool(
    "validation",
    null,
    false,
    "isError 'Syntax error (Multi-statements are not allowed)': the database name carried a second statement.",
  ),
  "chq-107": rpc(
    "validation",
    "invalid_type",
    false,
    "JSON-RPC error -32602 with a zod issue 'invalid_type' (expected string, received number): wrong argument type.",
  ),
  "chq-108": tool(
    "auth",
    null,
    false,
    "isError 'Authentication failed: password is incorrect, or there is no user with such name': bad credentials.",
  ),
  "chq-109": tool(
    "transient",
    "econnrefused",
    true,
    "isError 'connect ECONNREFUSED 127.0.0.1:38402': ClickHouse is unreachable.",
  ),
  "chq-110": wire(
    "transient",
    "connection_closed",
    true,
    "The server process was killed mid-call: the stdio connection closed before any answer (-32000 Connection closed).",
  ),

  // --- @negokaz/excel-mcp-server -------------------------------------------------------------
  "xls-001": ok("The two sheets with their used ranges."),
  "xls-002": ok("The Sales sheet as an HTML table of five rows."),
  "xls-003": ok("'Values wrote successfully' with the written column echoed."),
  "xls-004": empty("The Blank sheet read as a single empty cell A1: the read worked and found no data."),
  "xls-005": tool(
    "validation",
    null,
    false,
    "isError 'Invalid argument: sheet not found: Forecast': the named sheet does not exist.",
  ),
  "xls-006": tool("validation", null, false, WASTED, true),
  "xls-007": tool(
    "validation",
    null,
    false,
    "isError 'Invalid argument: failed to parse target range: the column number must be ... <= 16384': range out of bounds.",
  ),
  "xls-008": tool(
    "validation",
    null,
    false,
    "isError 'Invalid argument: ... invalid range format: 5': the range had the wrong type/format.",
  ),
  "xls-009": tool(
    "validation",
    null,
    false,
    "isError 'Invalid argument: ... Path 'sheets/sales.xlsx' is not absolute': bad argument format.",
  ),
  "xls-010": rpc(
    "validation",
    "-32603",
    false,
    "JSON-RPC error -32603 'open ...forecast.xlsx: no such file or directory': the named workbook does not exist (no errno name is written, so the generic code).",
  ),
  "xls-011": rpc(
    "validation",
    "-32603",
    false,
    "JSON-RPC error -32603 'zip: not a valid zip file': the caller pointed the tool at a file that is not a workbook.",
  ),
  "xls-012": tool(
    "validation",
    null,
    false,
    "isError 'Invalid argument: number of columns in row 0 (3) does not match range size (2)': inconsistent arguments.",
  ),
  "xls-013": ok("'Table [SalesByRegion] created.'"),
  "xls-014": rpc(
    "unknown_tool",
    "-32602",
    false,
    "JSON-RPC error -32602 'tool 'excel_delete_sheet' not found': unknown tool.",
  ),
  "xls-015": wire(
    "transient",
    "connection_closed",
    true,
    "The server process died during the call (the log shows a Go panic) and the connection closed with no answer: -32000 Connection closed.",
  ),

  // --- @sylphx/pdf-reader-mcp ----------------------------------------------------------------
  "pdf-001": ok("Metadata, full text and both pages' text."),
  "pdf-002": ok("Page 2's text."),
  "pdf-003": silent(
    "validation",
    null,
    false,
    "success: true but no page text, only a warning 'Requested page numbers 9 exceed total pages (2)': the page asked for does not exist, told as a success.",
  ),
  "pdf-004": tool(
    "validation",
    null,
    false,
    "isError 'Invalid page specification ... Invalid page range values: 2-x': bad argument format.",
  ),
  "pdf-005": tool(
    "validation",
    null,
    false,
    "isError 'File not found at ...q4-report.pdf': the named file does not exist.",
  ),
  "pdf-006": tool("validation", null, false, WASTED, true),
  "pdf-007": tool(
    "validation",
    null,
    false,
    "isError 'Failed to load PDF document ... Invalid PDF structure.': the file given is not a readable PDF.",
  ),
  "pdf-008": tool(
    "permission",
    null,
    false,
    "isError 'Access denied: path ... is outside the allowed directories': sandbox refusal.",
  ),
  "pdf-009": {
    expected: {
      outcome: "ok",
      ...base,
      category: "validation",
      errorCode: null,
      retryable: false,
      partial: true,
    },
    reason:
      "One source's page text plus success: false 'File not found' for the other: data and an error in one success, so partial; the error part is a missing file.",
  },
  "pdf-010": empty(
    "The PDF was read (one page, metadata) but full_text is '': a page with no text layer, nothing found.",
  ),
  "pdf-011": ok("Page count and metadata of the PDF fetched by URL."),
  "pdf-012": tool(
    "validation",
    "http_404",
    false,
    "isError 'Unexpected server response (404) while retrieving PDF': the URL the caller named does not exist.",
  ),
  "pdf-013": tool(
    "transient",
    null,
    true,
    "isError '... Reason: fetch failed': the host could not be reached (nothing listens), a connection failure with no code.",
  ),
  "pdf-014": tool(
    "validation",
    null,
    false,
    "isError 'Validation error: sources: Expected array': wrong argument type.",
  ),
  "pdf-015": tool(
    "validation",
    null,
    false,
    "isError 'All PDF sources failed to process: ' for an empty sources list: nothing to read, the caller's input.",
  ),
  "pdf-016": tool("unknown_tool", null, false, "isError 'Unknown tool: read_pdf_images'."),
};

// --- @bytebase/dbhub (PostgreSQL) ------------------------------------------------------------
Object.assign(VERDICTS, {
  "dbh-001": ok("success: true with the three customer rows."),
  "dbh-002": ok("success: true with three aggregated rows."),
  "dbh-003": empty("success: true, rows [] and count 0: the query ran and matched nothing."),
  "dbh-004": tool(
    "validation",
    "EXECUTION_ERROR",
    false,
    "isError JSON with code EXECUTION_ERROR (vague, the only code) and a PostgreSQL syntax error: the caller's SQL does not parse.",
  ),
  "dbh-005": tool("validation", "EXECUTION_ERROR", false, WASTED, true),
  "dbh-006": tool(
    "validation",
    "EXECUTION_ERROR",
    false,
    "isError JSON 'relation \"invoices\" does not exist', code EXECUTION_ERROR: the named table is missing.",
  ),
  "dbh-007": tool(
    "permission",
    "READONLY_VIOLATION",
    false,
    "isError JSON code READONLY_VIOLATION, 'Read-only mode is enabled': the DELETE is not allowed here.",
  ),
  "dbh-008": tool(
    "permission",
    "EXECUTION_ERROR",
    false,
    "isError JSON 'permission denied for table payroll' (code EXECUTION_ERROR): a missing database privilege.",
  ),
  "dbh-009": tool(
    "validation",
    "EXECUTION_ERROR",
    false,
    "isError JSON 'division by zero' (code EXECUTION_ERROR): a data error of the caller's query (SQLSTATE class 22, not quoted).",
  ),
  "dbh-010": tool(
    "transient",
    "EXECUTION_ERROR",
    true,
    "isError JSON 'canceling statement due to statement timeout' (code EXECUTION_ERROR): a statement timeout.",
  ),
  "dbh-011": ok("success: true, count 2, the two tables the role can see."),
  "dbh-012": empty("success: true, count 0, results []: a search that found nothing."),
  "dbh-013": tool(
    "validation",
    null,
    false,
    "isError 'Input validation error: ... expected string, received number': wrong argument type (no code quoted).",
  ),
  "dbh-014": tool(
    "auth",
    "AUTH_FAILED",
    false,
    "isError JSON code AUTH_FAILED, 'Authentication failed for source shop. Verify the credentials ... then retry': the credentials no longer work; the 'retry' is after fixing them, not a retry hint.",
  ),
  "dbh-015": rpc("unknown_tool", "-32602", false, "JSON-RPC error -32602 'Tool explain_sql not found'."),
  "dbh-016": wire(
    "transient",
    "connection_closed",
    true,
    "The server process was killed mid-call: the stdio connection closed before any answer (-32000 Connection closed).",
  ),
} satisfies Record<string, Verdict>);
