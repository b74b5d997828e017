// The human verdicts, keyed by fixture id, written after reading each captured exchange
// (test/fixtures/server-corpus/calls.jsonl) against Faultline's outcome contract — never by
// running Faultline's classifier. capture.ts joins them to the captured call objects.
//
// Conventions used throughout (see test/fixtures/server-corpus/README.md):
// - errorCode: a code member found in the payload wins (a JSON `code`/`error` member, GraphQL
//   `extensions.code`, the first `errors[].code`, a zod issue's `code`); then a system error
//   name in the text, lower-cased (ENOENT → enoent); SQLite result codes are kept as written
//   (SQLITE_CONSTRAINT); an HTTP status the payload quotes → http_<status>; else the JSON-RPC
//   code as a string, including "-32602"/"-32601" quoted in an isError text ("MCP error -32602: …");
//   transport failures: http_<status>, the network code, "timeout" for a client timeout,
//   "connection_closed" for a connection that was gone before the answer.
// - A call to the curl tool that got an HTTP error status is a silent failure: the tool said ok,
//   the payload is the upstream's error.

type Outcome = "ok" | "tool_error" | "protocol_error" | "transport_error";
type Category =
  | "unknown_tool"
  | "validation"
  | "permission"
  | "auth"
  | "rate_limited"
  | "transient"
  | "business"
  | "internal"
  | "unknown";

export interface Verdict {
  expected: {
    outcome: Outcome;
    silentFailure: boolean;
    category: Category | null;
    errorCode: string | null;
    retryable: boolean | null;
    empty: boolean;
    partial: boolean;
    wastedRetry: boolean;
  };
  reason: string;
}

const base = {
  silentFailure: false,
  category: null,
  errorCode: null,
  retryable: null,
  empty: false,
  partial: false,
  wastedRetry: false,
};

/** A clean success. */
const ok = (reason: string): Verdict => ({ expected: { outcome: "ok", ...base }, reason });
/** A success that found nothing. */
const empty = (reason: string): Verdict => ({ expected: { outcome: "ok", ...base, empty: true }, reason });
/** A failure the wire shows (isError, a JSON-RPC error, or no answer). */
const fail = (
  outcome: Exclude<Outcome, "ok">,
  category: Category,
  errorCode: string | null,
  retryable: boolean,
  reason: string,
  wastedRetry = false,
): Verdict => ({ expected: { outcome, ...base, category, errorCode, retryable, wastedRetry }, reason });
/** outcome ok, but the payload is a failure. */
const silent = (
  category: Category,
  errorCode: string | null,
  retryable: boolean,
  reason: string,
  wastedRetry = false,
): Verdict => ({
  expected: { outcome: "ok", ...base, silentFailure: true, category, errorCode, retryable, wastedRetry },
  reason,
});
const tool = (
  category: Category,
  errorCode: string | null,
  retryable: boolean,
  reason: string,
  wasted = false,
) => fail("tool_error", category, errorCode, retryable, reason, wasted);
const rpc = (
  category: Category,
  errorCode: string | null,
  retryable: boolean,
  reason: string,
  wasted = false,
) => fail("protocol_error", category, errorCode, retryable, reason, wasted);
const wire = (
  category: Category,
  errorCode: string | null,
  retryable: boolean,
  reason: string,
  wasted = false,
) => fail("transport_error", category, errorCode, retryable, reason, wasted);

const WASTED =
  "Same tool, same arguments, same session, right after a failure that retrying cannot fix: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // --- @modelcontextprotocol/server-filesystem ---------------------------------------------
  "fs-001": ok("The allowed directories, listed."),
  "fs-002": ok("A directory listing with entries."),
  "fs-003": ok("The file's text."),
  "fs-004": tool(
    "validation",
    "enoent",
    false,
    "isError with ENOENT: the file the caller named does not exist.",
  ),
  "fs-005": tool("validation", "enoent", false, `ENOENT again. ${WASTED}`, true),
  "fs-006": ok(
    "A different file after the failure (not a wasted retry); its text mentions errors, which is data, not a failure.",
  ),
  "fs-007": tool(
    "permission",
    null,
    false,
    "'Access denied - path outside allowed directories': a policy refusal.",
  ),
  "fs-008": empty("An empty directory lists as an empty text: a valid empty result."),
  "fs-009": tool("validation", "enotdir", false, "ENOTDIR: the named path is a file, not a directory."),
  "fs-010": ok(
    "create_directory on an existing directory succeeds by design ('or ensure a directory exists').",
  ),
  "fs-011": ok("The file was written."),
  "fs-012": tool(
    "validation",
    null,
    false,
    "'Destination already exists': the caller's destination is taken; no machine code in the text.",
  ),
  "fs-013": empty("'No matches found' for a search is a valid empty result."),
  "fs-014": ok("Search results."),
  "fs-015": ok("File metadata."),
  "fs-016": tool(
    "validation",
    "-32602",
    false,
    "Input validation error quoted with MCP error -32602 (head must be a number).",
  ),
  "fs-017": tool("validation", "-32602", false, "Input validation error -32602: required path missing."),
  "fs-018": tool(
    "validation",
    null,
    false,
    "'Could not find exact match for edit': the caller's oldText is not in the file.",
  ),
  "fs-019": ok("A large file read in full (about 100 KB)."),
  "fs-020": ok("The directory tree as JSON."),
  "fs-021": {
    expected: {
      outcome: "ok",
      ...base,
      category: "validation",
      errorCode: "enoent",
      retryable: false,
      partial: true,
    },
    reason:
      "One file's content plus 'Error - ENOENT' for the other: a success carrying data and an error, so partial (not a silent failure); the error part is a missing file.",
  },
  "fs-022": tool(
    "unknown_tool",
    "-32602",
    false,
    "'Tool delete_file not found' (quoted with -32602): the words say unknown tool, the generic code does not decide.",
  ),
  "fs-023": tool(
    "permission",
    null,
    false,
    "'Access denied - symlink target outside allowed directories': a policy refusal.",
  ),
  "fs-024": empty("'Total: 0 files, 0 directories': an empty listing."),
  "fs-025": ok("The PNG as an image content block."),
  "fs-026": tool(
    "permission",
    null,
    false,
    "Writing outside the allowed directories: access denied by policy.",
  ),
  "fs-027": tool(
    "validation",
    "eisdir",
    false,
    "EISDIR: the named path is a directory, the wrong kind for read_text_file.",
  ),
  "fs-028": tool("validation", null, false, "'Cannot specify both head and tail': the arguments conflict."),
  "fs-029": ok(
    "The same listing as fs-002 again, after successes: a repeat after a success is not a wasted retry.",
  ),
  "fs-030": ok("A dry-run diff."),
  "fs-031": tool("validation", "enoent", false, "ENOENT from stat: the path does not exist."),
  "fs-032": tool("validation", "enotdir", false, "ENOTDIR: a directory cannot be created under a file."),

  // --- @modelcontextprotocol/server-memory ---------------------------------------------------
  "mem-001": empty("The graph is empty: entities [] and relations []."),
  "mem-002": empty("Search on the empty graph: nothing found."),
  "mem-003": ok("Both entities created and returned."),
  "mem-004": empty(
    "The same create after it succeeded returns [] (the server skips entities that exist): nothing new, which is a valid empty result; a repeat after a success is not a wasted retry.",
  ),
  "mem-005": ok("The relation was created."),
  "mem-006": tool(
    "validation",
    null,
    false,
    "'Entity with name Nut House not found': the named entity does not exist.",
  ),
  "mem-007": tool("validation", null, false, `Entity not found again. ${WASTED}`, true),
  "mem-008": ok("Observations added to an existing entity: different arguments after the failure."),
  "mem-009": ok("Search hits."),
  "mem-010": empty(
    "open_nodes for a name that is not in the graph answers an empty graph: a lookup with no match, not an error.",
  ),
  "mem-011": tool("validation", "-32602", false, "Input validation error -32602: entities must be an array."),
  "mem-012": ok(
    "Deleting observations of a missing entity reports success ({success: true}); the requested end state holds, so it is not treated as a failure.",
  ),
  "mem-013": ok(
    "The server accepted a relation to an entity that does not exist; nothing on the wire says it failed.",
  ),
  "mem-014": ok("The whole graph."),
  "mem-015": ok("Deleting a missing entity reports success; idempotent delete."),
  "mem-016": empty("Search with no hits in a graph with data."),
  "mem-017": tool(
    "unknown_tool",
    "-32602",
    false,
    "'Tool forget_everything not found' (quoted with -32602): unknown tool.",
  ),

  // --- @modelcontextprotocol/server-everything (stdio) ---------------------------------------
  "ev-001": ok("Echo."),
  "ev-002": ok("The sum."),
  "ev-003": tool("validation", "-32602", false, "Input validation error -32602: a must be a number."),
  "ev-004": tool("validation", "-32602", false, "Input validation error -32602: b is required."),
  "ev-005": ok("A valid sum with different arguments after the failure: not a wasted retry."),
  "ev-006": ok("Structured content matching its output schema."),
  "ev-007": tool(
    "validation",
    "-32602",
    false,
    "Input validation error -32602: the location is not one of the enum values.",
  ),
  "ev-008": ok(
    "The demo tool returns the sample 'Error: Operation failed' message the caller asked for (messageType: error); the tool did what was asked, so this is not a silent failure. Borderline.",
  ),
  "ev-009": ok("Annotated success message and an image."),
  "ev-010": ok("A tiny image."),
  "ev-011": tool(
    "validation",
    "-32602",
    false,
    "Input validation error -32602: count above the maximum of 10.",
  ),
  "ev-012": ok("Two resource links."),
  "ev-013": ok("An embedded resource."),
  "ev-014": ok("The long-running operation completed."),
  "ev-015": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 1.5 s timeout (-32001 Request timed out): a transport failure, transient.",
  ),
  "ev-016": tool("unknown_tool", "-32602", false, "'Tool get-weather not found': unknown tool."),
  "ev-017": ok("The gzipped file as a resource link."),
  "ev-018": silent(
    "validation",
    null,
    false,
    "The URL answered 404, and the tool gzipped the 404 page and returned it as a resource as if it were the file: a silent failure. Nothing readable in the payload says so (the page is inside a base64 gzip blob), so there is no code.",
  ),
  "ev-019": tool("validation", "-32602", false, "Input validation error -32602: data is not a URL."),
  "ev-020": ok("Logging toggled."),
  "ev-021": tool(
    "validation",
    "-32601",
    false,
    "isError quoting -32601, but the words say the tool exists and requires task augmentation: the caller invoked it the wrong way, so validation rather than unknown_tool. Borderline.",
  ),
  "ev-022": ok("Echo of an empty string: the tool answered as asked (not an empty result)."),
  "evp-001": tool(
    "permission",
    null,
    false,
    "'Domain 127.0.0.1 is not in the allowed domains list': a policy refusal.",
  ),
  "evp-002": tool("permission", null, false, `The same refusal. ${WASTED}`, true),
  "evp-003": ok("The server's environment (a fixed, minimal one set by the capture)."),
  "evk-001": ok("Echo before the server was killed."),
  "evk-002": wire(
    "transient",
    "connection_closed",
    true,
    "The server process was killed mid-call: the stdio connection closed before any answer (-32000 Connection closed).",
  ),
  "evk-003": wire(
    "transient",
    "connection_closed",
    true,
    "The server process is gone: the client is 'Not connected' and the request never left. No response, so a transport failure; the connection had closed, hence connection_closed and transient. Borderline: this client cannot succeed without reconnecting.",
  ),

  // --- @modelcontextprotocol/server-everything (Streamable HTTP) -----------------------------
  "evh-001": ok("Echo over Streamable HTTP."),
  "evh-002": ok("Sum over HTTP."),
  "evh-003": tool("validation", "-32602", false, "Input validation error -32602 inside an HTTP 200 answer."),
  "evh-004": tool("unknown_tool", "-32602", false, "'Tool no-such-tool not found': unknown tool."),
  "evh-005": ok("Long-running operation with progress on the SSE stream, then the result."),
  "evh-006": wire(
    "transient",
    "timeout",
    true,
    "HTTP 200 with an SSE stream, but no result within the client's 1 s timeout (-32001): transport failure, transient.",
  ),
  "evh-007": ok("Structured content over HTTP."),
  "evh-008": tool(
    "validation",
    "-32602",
    false,
    "Input validation error -32602: count below the minimum of 1.",
  ),
  "evh-009": wire(
    "validation",
    "http_400",
    false,
    "HTTP 400 'Bad Request: No valid session ID provided' (the server restarted and lost the session): a non-2xx answer is a transport failure; 400 is a request the server will not accept as sent, so validation, and the same request cannot succeed.",
  ),
  "evh-010": wire("validation", "http_400", false, `The same stale session, the same 400. ${WASTED}`, true),
  "evh-011": wire(
    "transient",
    "econnrefused",
    true,
    "Nothing listens any more: fetch failed with ECONNREFUSED, no response.",
  ),
  "evhk-001": ok("A sum before the server was killed."),
  "evhk-002": wire(
    "transient",
    "timeout",
    true,
    "The HTTP server was killed while the answer was due on its SSE stream; the client saw no result and gave up at its 8 s timeout (-32001). What the wire shows is a timeout.",
  ),

  // --- @modelcontextprotocol/server-sequential-thinking -------------------------------------
  "st-001": ok("Thought recorded."),
  "st-002": ok("Thought recorded."),
  "st-003": tool(
    "validation",
    "-32602",
    false,
    "Input validation error -32602: thoughtNumber missing (read as NaN).",
  ),
  "st-004": tool("validation", "-32602", false, "Input validation error -32602: thoughtNumber below 1."),
  "st-005": ok("A revision recorded."),
  "st-006": tool(
    "validation",
    "-32602",
    false,
    "Input validation error -32602: nextThoughtNeeded must be a boolean or 'true'/'false'.",
  ),
  "st-007": ok("Final thought recorded."),
  "st-008": ok("A branch recorded."),

  // --- @modelcontextprotocol/server-postgres ------------------------------------------------
  "pg-001": ok("Rows."),
  "pg-002": empty("Zero rows ([]): a valid empty result."),
  "pg-003": rpc(
    "validation",
    "-32603",
    false,
    "JSON-RPC error -32603 'relation \"part_prices\" does not exist': the query names a missing relation. No SQLSTATE in the text, so the JSON-RPC code.",
  ),
  "pg-004": rpc("validation", "-32603", false, `The same missing relation. ${WASTED}`, true),
  "pg-005": rpc("validation", "-32603", false, "-32603 'column \"colour\" does not exist': a query error."),
  "pg-006": rpc("validation", "-32603", false, "-32603 syntax error in the caller's SQL."),
  "pg-007": rpc(
    "permission",
    "-32603",
    false,
    "'cannot execute INSERT in a read-only transaction': the server only allows reads; a read-only refusal is permission.",
  ),
  "pg-008": rpc(
    "permission",
    "-32603",
    false,
    "'permission denied for table payroll': insufficient privilege.",
  ),
  "pg-009": ok("A count."),
  "pg-010": rpc(
    "validation",
    "-32603",
    false,
    "'division by zero': a data error caused by the query itself.",
  ),
  "pg-011": rpc(
    "validation",
    "-32603",
    false,
    "'invalid input syntax for type integer': a wrong-format value in the query.",
  ),
  "pg-012": wire("transient", "timeout", true, "No answer within the client's 1 s timeout (-32001)."),
  "pg-013": ok("A large result (3000 rows)."),
  "pg-014": rpc(
    "validation",
    "-32603",
    false,
    "'Client was passed a null or undefined query': the sql argument was missing (the server has no schema validation).",
  ),
  "pg-015": rpc(
    "unknown_tool",
    "-32603",
    false,
    "-32603 with 'Unknown tool: execute': the words decide, unknown tool.",
  ),
  "pg-016": ok("Rows whose text says 'error' and 'failed': ordinary data, not a silent failure."),
  "pg-017": rpc(
    "permission",
    "-32603",
    false,
    "'cannot execute SELECT FOR UPDATE in a read-only transaction': read-only refusal.",
  ),
  "pg-018": ok("Rows."),
  "pg-019": ok("The same query after it succeeded: a repeat after a success is not a wasted retry."),
  "pg-020": rpc(
    "transient",
    "-32603",
    true,
    "'canceling statement due to statement timeout': a timeout, so transient (by the contract's default retryable), although this 4 s query will meet the same 2.5 s limit again.",
  ),
  "pg-021": rpc(
    "transient",
    "-32603",
    true,
    "'terminating connection due to administrator command': the database connection was lost mid-query.",
  ),
  "pg-022": wire(
    "transient",
    "connection_closed",
    true,
    "The server process crashed (unhandled pool error on the terminated connection) before this call: 'Not connected', no response. The connection had closed: connection_closed, transient.",
  ),

  // --- mcp-sqlite ---------------------------------------------------------------------------
  "sq-001": ok("Database information."),
  "sq-002": ok("The tables."),
  "sq-003": ok("The table's columns."),
  "sq-004": tool(
    "validation",
    null,
    false,
    "'Table \"invoices\" does not exist': the named table is missing.",
  ),
  "sq-005": ok("Rows."),
  "sq-006": empty("[] for a condition nothing matches."),
  "sq-007": ok("Record created."),
  "sq-008": tool(
    "validation",
    "SQLITE_CONSTRAINT",
    false,
    "UNIQUE constraint failed, with the SQLite result code SQLITE_CONSTRAINT in the text.",
  ),
  "sq-009": tool("validation", "SQLITE_CONSTRAINT", false, `The same unique violation. ${WASTED}`, true),
  "sq-010": tool(
    "validation",
    "SQLITE_CONSTRAINT",
    false,
    "NOT NULL constraint failed: a constraint violation.",
  ),
  "sq-011": tool("validation", "SQLITE_CONSTRAINT", false, "CHECK constraint failed: price >= 0."),
  "sq-012": tool("validation", "SQLITE_ERROR", false, "SQLITE_ERROR 'no such table': a missing relation."),
  "sq-013": tool("validation", "SQLITE_ERROR", false, "SQLITE_ERROR syntax error in the caller's SQL."),
  "sq-014": empty("'rowsAffected: 0': the update matched nothing, a valid empty result."),
  "sq-015": ok("One row updated."),
  "sq-016": tool("validation", null, false, "'Table \"invoices\" does not exist'."),
  "sq-017": ok("Rows from a parameterised query."),
  "sq-018": tool("validation", "-32602", false, "Input validation error -32602: limit must be a number."),
  "sq-019": ok("A large result (3000 rows)."),
  "sq-020": ok("Rows that mention an error in their text: ordinary data."),
  "sq-021": ok("One row deleted."),
  "sq-022": tool(
    "validation",
    null,
    false,
    '\'Column "colour" does not exist in table "parts"\': a missing column.',
  ),
  "sq-023": tool("unknown_tool", "-32602", false, "'Tool drop_table not found': unknown tool."),
  "sq-024": empty("Zero rows."),
  "sq-025": tool(
    "transient",
    "SQLITE_BUSY",
    true,
    "SQLITE_BUSY 'database is locked': another connection holds the lock; retryable later.",
  ),
  "sq-026": ok(
    "The same insert after the lock was released succeeds; the earlier failure was retryable, so this is not a wasted retry.",
  ),

  // --- @cyanheads/git-mcp-server (stdio) ----------------------------------------------------
  "git-001": ok("Status of a clean repository."),
  "git-002": ok("Commit history."),
  "git-003": ok("Working directory set."),
  "git-004": ok("Status through the session working directory."),
  "git-005": tool(
    "validation",
    null,
    false,
    "'Not a valid object name deadbeefcafe': the named object does not exist. 'Exit Code: 128' is git's exit status, not a machine error code.",
  ),
  "git-006": tool("validation", null, false, "'pathspec did not match': the branch does not exist."),
  "git-007": ok("Branch created."),
  "git-008": tool(
    "validation",
    null,
    false,
    "'a branch named feature/m10 already exists'. It repeats git-007, which had succeeded: not a wasted retry.",
  ),
  "git-009": tool(
    "permission",
    null,
    false,
    "'Path traversal detected: attempts to escape the defined root directory': the path is outside GIT_BASE_DIR, a policy refusal.",
  ),
  "git-010": tool(
    "validation",
    null,
    false,
    "'not a git repository': the named directory is the wrong kind.",
  ),
  "git-011": empty("commits [] with totalCount 0 for an author filter: nothing found."),
  "git-012": empty("An empty diff, filesChanged 0."),
  "git-013": tool(
    "validation",
    null,
    false,
    "'nothing to commit, working tree clean': a commit with nothing staged.",
  ),
  "git-014": empty("tags []."),
  "git-015": tool(
    "validation",
    null,
    false,
    "'The current branch main has no upstream branch': the push names no usable remote branch.",
  ),
  "git-016": tool("validation", "-32602", false, "Input validation error -32602: force must be true."),
  "git-017": tool("validation", null, false, "'no such path missing.txt in HEAD'."),
  "git-018": tool("validation", "-32602", false, "Input validation error -32602: maxCount must be a number."),
  "git-019": empty("stashes []."),
  "git-020": empty("remotes []."),
  "git-021": ok("File staged."),
  "git-022": ok("Commit created."),
  "git-023": tool("validation", null, false, "'File not found: nope.md'."),

  // --- @cyanheads/git-mcp-server (Streamable HTTP, JWT) -------------------------------------
  "gith-001": ok("Status over HTTP with a valid token."),
  "gith-002": ok("Log over HTTP."),
  "gith-003": tool("validation", null, false, "'Not a valid object name nope-ref'."),
  "gith-004": wire(
    "auth",
    "http_401",
    false,
    "HTTP 401, body 'Token has expired.' (JSON-RPC -32006): expired credentials; a non-2xx answer is a transport failure.",
  ),
  "gith-005": wire("auth", "http_401", false, `The same expired token, the same 401. ${WASTED}`, true),
  "gith-006": wire(
    "auth",
    "http_401",
    false,
    "HTTP 401 'Token verification failed.': invalid credentials. A different tool than before, so not a wasted retry.",
  ),
  "githr-001": tool(
    "permission",
    null,
    false,
    "'Insufficient permissions. Missing required scopes: tool:git:write': the token lacks a scope (this server asks for write even to list branches).",
  ),
  "githr-002": tool("permission", null, false, "Missing required scope tool:git:write."),
  "githr-003": tool("permission", null, false, "Missing required scope tool:git:write."),

  // --- mcp-fetch-server ---------------------------------------------------------------------
  "mfs-001": tool(
    "permission",
    null,
    false,
    "'Fetcher blocked request to private address': an SSRF policy refusal.",
  ),
  "mfs-002": tool("permission", null, false, `The same refusal. ${WASTED}`, true),
  "mfs-003": tool("permission", null, false, "Blocked again, but with a different URL: not a wasted retry."),
  "mfs-004": tool(
    "permission",
    null,
    false,
    "'Fetcher blocked URL with disallowed protocol \"ftp:\"': worded as a policy block of the URL, so permission. Borderline: it is also simply an unsupported input.",
  ),
  "mfs-005": rpc(
    "validation",
    "invalid_format",
    false,
    "JSON-RPC -32603 whose message is a zod issue list; its code invalid_format (Invalid URL) is the machine code.",
  ),
  "mfs-006": rpc(
    "validation",
    "invalid_type",
    false,
    "-32603 with a zod issue: url required (invalid_type).",
  ),
  "mfs-007": rpc("unknown_tool", "-32603", false, "'Tool not found: fetch_pdf'."),

  // --- @mcp-get-community/server-curl -------------------------------------------------------
  "curl-001": ok("status 200 and the page."),
  "curl-002": ok("status 200 and JSON data."),
  "curl-003": silent(
    "validation",
    "http_404",
    false,
    "The tool answered ok, but the payload is the upstream's 404 Not Found: a silent failure; the named resource does not exist.",
  ),
  "curl-004": silent("validation", "http_404", false, `The same 404 again. ${WASTED}`, true),
  "curl-005": silent(
    "auth",
    "invalid_token",
    false,
    "ok result carrying a 401 with an OAuth body error invalid_token (expired access token).",
  ),
  "curl-006": silent(
    "permission",
    "http_403",
    false,
    "ok result carrying a 403 Forbidden; the body has a message but no code.",
  ),
  "curl-007": silent(
    "rate_limited",
    "rate_limited",
    true,
    "ok result carrying a 429 with Retry-After: 30 and error rate_limited.",
  ),
  "curl-008": silent(
    "internal",
    "internal_error",
    true,
    "ok result carrying a 500 with error internal_error.",
  ),
  "curl-009": silent("transient", "http_502", true, "ok result carrying a 502 Bad Gateway page."),
  "curl-010": silent("transient", "http_503", true, "ok result carrying a 503 with Retry-After: 120."),
  "curl-011": silent(
    "transient",
    "http_503",
    true,
    "The same 503 again; the previous failure was retryable, so not a wasted retry.",
  ),
  "curl-012": silent(
    "auth",
    "invalid_grant",
    false,
    "ok result carrying a 400 whose OAuth body is invalid_grant: the OAuth error beats the bare 400.",
  ),
  "curl-013": rpc(
    "transient",
    "-32603",
    true,
    "JSON-RPC -32603 'Request timed out after 500ms': the tool's own upstream timeout.",
  ),
  "curl-014": rpc(
    "transient",
    "-32603",
    true,
    "-32603 'socket hang up': the upstream reset the connection; no code in the text.",
  ),
  "curl-015": rpc("validation", "-32603", false, "-32603 'Invalid arguments: url: Invalid url'."),
  "curl-016": rpc(
    "transient",
    "econnrefused",
    true,
    "-32603 with 'connect ECONNREFUSED': connection refused, transient.",
  ),
  "curl-017": silent(
    "validation",
    "channel_not_found",
    false,
    "HTTP 200 with ok:false and error channel_not_found: a failure envelope returned as success.",
  ),
  "curl-018": silent(
    "internal",
    "http_500",
    true,
    "HTTP 200 whose HTML says 'Error 500: the server encountered an internal error': a soft error page. The code is the 500 the page states. Borderline on the code.",
  ),
  "curl-019": empty("status 200 with items [] and total 0."),
  "curl-020": ok("Log entries whose level is 'error' are ordinary data."),
  "curl-021": silent(
    "validation",
    "price_out_of_range",
    false,
    "ok result carrying a 422 whose first errors[].code is price_out_of_range.",
  ),
  "curl-022": ok("A large JSON body (about 200 KB)."),
  "curl-023": silent("auth", "invalid_client", false, "ok result carrying a 401 with OAuth invalid_client."),
  "curl-024": silent("transient", "http_504", true, "ok result carrying a 504 Gateway Time-out page."),
  "curl-025": ok("status 200 with ok:true."),
  "curl-026": rpc("validation", "-32603", false, "-32603 'Invalid arguments: method: Invalid enum value'."),

  // --- @tokenizin/mcp-npx-fetch -------------------------------------------------------------
  "nf-001": ok("The page's HTML."),
  "nf-002": ok("JSON."),
  "nf-003": tool("validation", "http_404", false, "isError 'HTTP error: 404'."),
  "nf-004": tool("validation", "http_404", false, `The same 404. ${WASTED}`, true),
  "nf-005": tool("auth", "http_401", false, "isError 'HTTP error: 401'."),
  "nf-006": tool("permission", "http_403", false, "isError 'HTTP error: 403'."),
  "nf-007": tool("rate_limited", "http_429", true, "isError 'HTTP error: 429'."),
  "nf-008": tool(
    "rate_limited",
    "http_429",
    true,
    "The same 429 again: rate limits pass, so not a wasted retry.",
  ),
  "nf-009": tool("internal", "http_500", true, "isError 'HTTP error: 500'."),
  "nf-010": tool("transient", "http_502", true, "isError 'HTTP error: 502'."),
  "nf-011": tool("transient", "http_503", true, "isError 'HTTP error: 503'."),
  "nf-012": tool("transient", "http_504", true, "isError 'HTTP error: 504'."),
  "nf-013": tool(
    "validation",
    null,
    false,
    "'is not valid JSON': fetch_json on a plain-text resource, the wrong kind for this tool.",
  ),
  "nf-014": ok("A page that talks about Error 503 and error codes: ordinary content, not a silent failure."),
  "nf-015": silent(
    "internal",
    "http_500",
    true,
    "HTTP 200 HTML page saying 'Error 500 … internal error': a soft error page returned as success.",
  ),
  "nf-016": empty("[]."),
  "nf-017": tool(
    "transient",
    null,
    true,
    "isError 'fetch failed' for a port nothing listens on: a network failure, transient; the text carries no code. Borderline: the words alone do not say refused.",
  ),
  "nf-018": tool(
    "transient",
    null,
    true,
    "isError 'fetch failed' after the upstream reset the connection: transient, no code.",
  ),
  "nf-019": rpc("unknown_tool", "-32603", false, "-32603 'Tool not found'."),
  "nf-020": tool("validation", "http_410", false, "isError 'HTTP error: 410': the named resource is gone."),
  "nf-021": ok("The troubleshooting page as Markdown: content about errors, not a failure."),
  "nf-022": silent(
    "validation",
    "channel_not_found",
    false,
    "HTTP 200 JSON with ok:false, error channel_not_found, returned as success.",
  ),
  "nf-023": rpc("validation", "invalid_type", false, "-32603 with a zod issue: url required (invalid_type)."),
  "nf-024": ok("A large JSON body."),

  // --- @ivotoby/openapi-mcp-server (stdio, then Streamable HTTP) ---------------------------
  ...openapiVerdicts("oa"),
  ...pick(openapiVerdicts("oah"), ["oah-001", "oah-004", "oah-009", "oah-011", "oah-013", "oah-018"]),

  // --- mcp-graphql --------------------------------------------------------------------------
  "gql-001": ok("The schema in SDL."),
  "gql-002": ok("data.items."),
  "gql-003": tool(
    "validation",
    "NOT_FOUND",
    false,
    "isError with GraphQL errors[0].extensions.code NOT_FOUND and data.item null.",
  ),
  "gql-004": tool("validation", "NOT_FOUND", false, `The same not-found query. ${WASTED}`, true),
  "gql-005": tool(
    "permission",
    "FORBIDDEN",
    false,
    "Data plus a FORBIDDEN error on one field; the server flags the whole answer isError, so it is a tool error, not a partial success.",
  ),
  "gql-006": tool(
    "validation",
    null,
    false,
    "'Invalid GraphQL query: Syntax Error': the caller's query; no code.",
  ),
  "gql-007": tool(
    "validation",
    null,
    false,
    "'Cannot query field \"colour\"': the query names a field that does not exist; no code.",
  ),
  "gql-008": tool(
    "permission",
    null,
    false,
    "'Mutations are not allowed unless you enable them in the configuration': a policy refusal.",
  ),
  "gql-009": tool(
    "transient",
    "SERVICE_UNAVAILABLE",
    true,
    "errors[0].extensions.code SERVICE_UNAVAILABLE: 'pricing backend unavailable'.",
  ),
  "gql-010": empty("data.items []."),
  "gql-011": ok("data.viewer."),
  "gql-012": tool(
    "validation",
    null,
    false,
    "'GraphQL request failed: Bad Request' with 'Variables are invalid JSON.': the caller's variables; no code.",
  ),
  "gqlb-001": tool(
    "auth",
    "UNAUTHENTICATED",
    false,
    "'GraphQL request failed: Unauthorized' with extensions.code UNAUTHENTICATED: the token is refused.",
  ),

  // --- @modelcontextprotocol/server-gitlab --------------------------------------------------
  "gl-001": ok("Search results."),
  "gl-002": empty("count 0, items []."),
  "gl-003": rpc(
    "internal",
    "-32603",
    true,
    "-32603 'Invalid arguments: items.2.default_branch: Expected string, received null': the caller's arguments were fine; the server's own schema rejects GitLab's answer (an empty project has default_branch null). The words mislead: a server bug, so internal (retryable by the contract's default, though it will fail the same way). Borderline.",
  ),
  "gl-004": ok("The file."),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase (test/fixtures/server-corpus/README.md).
  "gl-005": rpc(
    "validation",
    "http_404",
    false,
    "-32603 'GitLab API error: Not Found': the named file does not exist.",
  ),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase (test/fixtures/server-corpus/README.md).
  "gl-006": rpc("validation", "http_404", false, `The same Not Found. ${WASTED}`, true),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase (test/fixtures/server-corpus/README.md).
  "gl-007": rpc(
    "validation",
    "http_404",
    false,
    "'GitLab API error: Not Found' for a project that does not exist.",
  ),
  "gl-008": ok("The issue was created."),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase (test/fixtures/server-corpus/README.md).
  "gl-009": rpc(
    "validation",
    "http_400",
    false,
    "'GitLab API error: Bad Request': the branch exists (the reason phrase is all the server passes on).",
  ),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase (test/fixtures/server-corpus/README.md).
  "gl-010": rpc("internal", "http_500", true, "'GitLab API error: Internal Server Error'."),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase (test/fixtures/server-corpus/README.md).
  "gl-011": rpc("transient", "http_503", true, "'GitLab API error: Service Unavailable'."),
  "gl-012": rpc("validation", "-32603", false, "'Invalid arguments: title: Required'."),
  "gl-013": rpc("unknown_tool", "-32603", false, "'Unknown tool: delete_repository'."),
  "gl-014": rpc(
    "internal",
    "-32603",
    true,
    "'Invalid arguments: description: Expected string, received null': the issue was sent fine, but GitLab answers description null and the server's response schema rejects it: a server bug worded as invalid arguments. Borderline.",
  ),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase (test/fixtures/server-corpus/README.md).
  "gle-001": rpc("auth", "http_401", false, "'GitLab API error: Unauthorized': the token is expired."),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase (test/fixtures/server-corpus/README.md).
  "gle-002": rpc("auth", "http_401", false, `The same Unauthorized. ${WASTED}`, true),
  "gll-001": ok("Search results with a read-only token."),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase (test/fixtures/server-corpus/README.md).
  "gll-002": rpc("permission", "http_403", false, "'GitLab API error: Forbidden'."),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase (test/fixtures/server-corpus/README.md).
  "glt-001": rpc("rate_limited", "http_429", true, "'GitLab API error: Too Many Requests'."),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase (test/fixtures/server-corpus/README.md).
  "glt-002": rpc(
    "rate_limited",
    "http_429",
    true,
    "The same 429 right away; rate limiting is retryable, so not a wasted retry.",
  ),

  // --- @modelcontextprotocol/server-redis ---------------------------------------------------
  "rd-001": ok("Key set."),
  "rd-002": ok("The value."),
  "rd-003": silent(
    "validation",
    null,
    false,
    "'Key not found: part:NOPE:price' returned as ordinary text: the named key does not exist. Borderline: a missing key is also a normal Redis answer (nil).",
  ),
  "rd-004": empty("'No keys found matching pattern': an empty listing."),
  "rd-005": ok("The keys."),
  "rd-006": rpc(
    "internal",
    "-32603",
    true,
    "-32603 'Cannot read properties of undefined (reading 'map')': an uncaught exception with no better signal in its words (the cause is the missing value argument). Internal, retryable by the contract's default. Borderline.",
  ),
  "rd-007": rpc(
    "validation",
    "-32603",
    false,
    "-32603 'ERR invalid expire time in setex': an out-of-range value; Redis' generic ERR prefix is not a specific code.",
  ),
  "rd-008": ok("Keys deleted."),
  "rd-009": rpc("unknown_tool", "-32603", false, "'Unknown tool: increment'."),
  "rd-010": wire(
    "transient",
    "timeout",
    true,
    "The Redis server was killed; the MCP server queued the command and the client timed out at 5 s (-32001).",
  ),
};

function openapiVerdicts(prefix: string): Record<string, Verdict> {
  const id = (n: string) => `${prefix}-${n}`;
  return {
    [id("001")]: ok("Items."),
    [id("002")]: empty("items [] and total 0."),
    [id("003")]: ok("The item."),
    [id("004")]: tool(
      "validation",
      "item_not_found",
      false,
      "isError quoting a 404 whose body has error.code item_not_found.",
    ),
    [id("005")]: tool("validation", "item_not_found", false, `The same 404. ${WASTED}`, true),
    [id("006")]: tool(
      "validation",
      "price_out_of_range",
      false,
      "422 whose first errors[].code is price_out_of_range.",
    ),
    [id("007")]: tool("validation", "duplicate_sku", false, "409 duplicate_sku: the item already exists."),
    [id("008")]: tool("permission", "http_403", false, "403 (the bridge redacts the body): forbidden."),
    [id("009")]: tool(
      "rate_limited",
      "rate_limited",
      true,
      "429 with error rate_limited and retry_after 30.",
    ),
    [id("010")]: tool(
      "business",
      "payment_required",
      false,
      "402 payment_required: the plan does not include the operation.",
    ),
    [id("011")]: silent(
      "unknown",
      null,
      false,
      "The identity endpoint answered null, returned as success: a silent failure with no signal of why.",
    ),
    [id("012")]: silent(
      "transient",
      "warehouse_offline",
      true,
      "HTTP 200 with ok:false, error warehouse_offline ('the warehouse link is down'), returned as success.",
    ),
    [id("013")]: tool(
      "internal",
      "internal_error",
      true,
      "500 internal_error with a TypeError in the message.",
    ),
    [id("014")]: tool(
      "transient",
      "http_503",
      true,
      "503 'upstream connect error or disconnect/reset before headers'.",
    ),
    [id("015")]: empty("orders [] with total 0."),
    [id("016")]: tool(
      "auth",
      "invalid_grant",
      false,
      "400 whose OAuth body is invalid_grant (refresh token expired): auth beats the bare 400.",
    ),
    [id("017")]: tool("validation", "invalid_parameter", false, "400 invalid_parameter: limit out of range."),
    [id("018")]: rpc("unknown_tool", "-32603", false, "-32603 'Tool not found: archive-item'."),
    [id("019")]: tool(
      "validation",
      "route_not_found",
      false,
      "404 route_not_found: an id that is not a number made a path the API does not have.",
    ),
    [id("020")]: ok("The item."),
  };
}

function pick(verdicts: Record<string, Verdict>, ids: string[]): Record<string, Verdict> {
  return Object.fromEntries(ids.map((key) => [key, verdicts[key]!]));
}
