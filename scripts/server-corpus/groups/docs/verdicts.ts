// The human verdicts for the docs group, keyed by fixture id, written after reading each captured
// exchange (test/fixtures/server-corpus/groups/docs.jsonl) against Faultline's outcome contract
// (docs/OUTCOMES.md) and the conventions of test/fixtures/server-corpus/README.md — never by
// running Faultline's classifier. capture-group.ts joins them to the captured call objects.

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
  // --- mcp-searxng 1.16.0 (stdio; SearXNG stand-in) ---------------------------------------------
  "sx-001": ok("Search results with titles, URLs and snippets."),
  "sx-002": empty("'No results found for …': a search that found nothing, told as ordinary text."),
  "sx-003": ok("Three autocomplete suggestions."),
  "sx-004": ok("The instance's categories, locales and engines."),
  "sx-005": rpc(
    "rate_limited",
    "http_429",
    true,
    "JSON-RPC -32603 quoting 'SearXNG server Error (429): Rate limit exceeded': the instance's limiter, retry later.",
  ),
  "sx-006": rpc(
    "transient",
    "http_503",
    true,
    "-32603 quoting 'SearXNG server Error (503)'; the server's own label 'Internal server error' is generic, the 503 says unavailable.",
  ),
  "sx-007": rpc(
    "internal",
    "http_500",
    true,
    "-32603 quoting 'SearXNG server Error (500): Internal server error'.",
  ),
  "sx-008": rpc(
    "validation",
    "-32603",
    false,
    "'Invalid arguments for web search' (query given as a number), sent as a generic -32603 JSON-RPC error.",
  ),
  "sx-009": rpc(
    "validation",
    "-32603",
    false,
    "'Invalid arguments for web search' for pageno 0; other arguments than the call before, so not a retry.",
  ),
  "sx-010": rpc(
    "auth",
    "http_401",
    false,
    "'Website Error (401): Unauthorized': the page needs credentials the reader does not have.",
  ),
  "sx-011": ok("The page as markdown; it mentions 'Error: ENOENT' as release-note text, which is data."),
  "sx-012": rpc(
    "validation",
    "http_410",
    false,
    "'Website Error (410): Gone': the page the caller named was removed.",
  ),
  "sx-013": rpc("validation", "http_410", false, `The same 410 again. ${WASTED}`, true),
  "sx-014": rpc(
    "validation",
    "-32603",
    false,
    "'URL Format Error: Invalid URL \"not a url\"': bad input format.",
  ),
  "sx-015": wire(
    "transient",
    "timeout",
    true,
    "No answer before the client's 3 s timeout (-32001 Request timed out).",
  ),
  "sx-016": rpc(
    "transient",
    "-32603",
    true,
    "'Network Error: fetch failed … SearXNG server is available': the backend is unreachable; no network code is quoted.",
  ),

  // --- @notionhq/notion-mcp-server 2.5.2 (stdio; Notion API stand-in) --------------------------
  "nt-001": ok("The integration's bot user."),
  "nt-002": ok("Search found one page."),
  "nt-003": empty("Search answered a list with results []: nothing matched."),
  "nt-004": ok("The page object."),
  "nt-005": ok(
    "The page's blocks; one paragraph's text says 'ERROR: could not connect', which is runbook content, not a failure.",
  ),
  "nt-006": silent(
    "validation",
    "object_not_found",
    false,
    "An ok result whose text is Notion's error object (status 404, code object_not_found): the page does not exist or is not shared.",
  ),
  "nt-007": silent(
    "validation",
    "validation_error",
    false,
    "ok result carrying Notion's 400 validation_error: the page id is not a UUID.",
  ),
  "nt-008": silent(
    "permission",
    "restricted_resource",
    false,
    "ok result carrying a 403 restricted_resource: the integration may not read this page.",
  ),
  "nt-009": silent(
    "rate_limited",
    "rate_limited",
    true,
    "ok result carrying a 429 rate_limited ('Please try again in a few minutes'); the Retry-After header is not relayed.",
  ),
  "nt-010": silent(
    "validation",
    "validation_error",
    false,
    "ok result carrying a 400 validation_error: the filter names a property the data source does not have.",
  ),
  "nt-011": silent(
    "transient",
    "service_unavailable",
    true,
    "ok result carrying a 503 service_unavailable ('please try again later').",
  ),
  "nt-012": empty("Block children of an archived page: a list with results [], nothing there."),
  "nt-013": rpc(
    "unknown_tool",
    "-32603",
    false,
    "-32603 'Method API-delete-a-page not found': the words say the tool does not exist.",
  ),
  "nt-014": rpc(
    "transient",
    "econnrefused",
    true,
    "-32603 'connect ECONNREFUSED 127.0.0.1:38301': the Notion API could not be reached.",
  ),
  "nt-015": silent(
    "auth",
    "unauthorized",
    false,
    "ok result carrying a 401 unauthorized 'API token is invalid.': the integration token was revoked.",
  ),
  "nt-016": silent(
    "auth",
    "unauthorized",
    false,
    `The same 401 again with the same revoked token. ${WASTED}`,
    true,
  ),

  // --- @notionhq/notion-mcp-server 2.5.2 (Streamable HTTP, bearer auth) ------------------------
  "nth-001": ok("The bot user, over HTTP."),
  "nth-002": ok("Search found one page."),
  "nth-003": ok("The page object."),
  "nth-004": silent(
    "validation",
    "validation_error",
    false,
    "HTTP 200 and an ok result carrying Notion's 400 validation_error: an archived page cannot be edited until unarchived.",
  ),
  "nth-005": silent(
    "transient",
    "conflict_error",
    true,
    "ok result carrying a 409 conflict_error 'Conflict occurred while saving. Please try again.': a write collision that clears on retry.",
  ),
  "nth-006": silent(
    "validation",
    "validation_error",
    false,
    "ok result carrying a 400 validation_error: body.parent.page_id is missing.",
  ),
  "nth-007": wire(
    "auth",
    "http_403",
    false,
    "HTTP 403 'Forbidden: Invalid bearer token' from the MCP server itself: wrong credentials, so auth rather than permission.",
  ),
  "nth-008": wire("auth", "http_401", false, "HTTP 401 'Unauthorized: Missing bearer token'."),
  "nth-009": wire(
    "transient",
    "timeout",
    true,
    "The server process was killed mid-call; the client saw no answer and gave up at its 8 s timeout (-32001).",
  ),
  "nth-010": wire(
    "validation",
    "http_400",
    false,
    "HTTP 400 'No valid session ID provided': the restarted server does not know this session; the same call cannot succeed.",
  ),

  // --- n8n-mcp 2.87.0 (stdio; bundled node catalogue + n8n API stand-in) ------------------------
  "n8-001": ok("Three nodes from the bundled catalogue."),
  "n8-002": empty("results [] and totalCount 0: no node matched."),
  "n8-003": ok("The node's summary."),
  "n8-004": tool(
    "validation",
    null,
    false,
    "isError 'Node nodes-base.doesNotExist not found': the named node type does not exist.",
  ),
  "n8-005": tool("validation", null, false, `The same unknown node type again. ${WASTED}`, true),
  "n8-006": ok(
    "A validator's report (valid: false, a connection to a missing node) about the workflow it was asked to check: the tool did its job.",
  ),
  "n8-007": ok(
    "A validator's report (valid: false, missing required fields) about the node config; the invalid mode 'sideways' was silently replaced by 'operation', but the tool answered what it exists to answer.",
  ),
  "n8-008": ok("success true with one workflow."),
  "n8-009": ok("The workflow with its nodes and connections."),
  "n8-010": silent(
    "validation",
    "NOT_FOUND",
    false,
    "An ok result whose JSON is {success: false, error: 'Not Found', code: NOT_FOUND}: the workflow id does not exist.",
  ),
  "n8-011": silent(
    "rate_limited",
    "RATE_LIMIT_ERROR",
    true,
    "ok result with {success: false, code: RATE_LIMIT_ERROR, 'Too many requests… try again'}.",
  ),
  "n8-012": silent(
    "internal",
    "SERVER_ERROR",
    true,
    "ok result with {success: false, error: 'Internal server error', code: SERVER_ERROR}: the n8n API's 500.",
  ),
  "n8-013": silent(
    "permission",
    "API_ERROR",
    false,
    "ok result with {success: false, error: 'Forbidden', code: API_ERROR}: the API key may not delete workflows; the code is vague but no status is quoted.",
  ),
  "n8-014": silent(
    "validation",
    null,
    false,
    "ok result with {success: false, error: 'Invalid input'} for limit 'ten'; no code (details is empty).",
  ),
  "n8-015": empty("success true, workflows [] and returned 0: no workflow carries that tag."),
  "n8-016": silent(
    "transient",
    "NO_RESPONSE",
    true,
    "ok result with {success: false, code: NO_RESPONSE, 'Unable to connect to n8n … (ECONNREFUSED)'}: the instance is down.",
  ),

  // --- @makeplane/plane-mcp-server 0.1.5 (stdio; Plane API stand-in) ---------------------------
  "pl-001": ok("The workspace's two projects."),
  "pl-002": ok("Two issues of the project."),
  "pl-003": empty("total_count 0 and results []: the project has no issues."),
  "pl-004": ok("Issue OPS-42."),
  "pl-005": tool(
    "validation",
    "http_404",
    false,
    "isError 'Request failed with status code 404': issue OPS-999 does not exist (the body was dropped by the server).",
  ),
  "pl-006": tool("validation", "http_404", false, `The same 404 again. ${WASTED}`, true),
  "pl-007": ok("The project's three states."),
  "pl-008": tool("permission", "http_403", false, "isError quoting status code 403."),
  "pl-009": tool(
    "rate_limited",
    "http_429",
    true,
    "isError quoting status code 429 (the Retry-After header is not relayed).",
  ),
  "pl-010": tool("internal", "http_500", true, "isError quoting status code 500."),
  "pl-011": tool(
    "validation",
    "http_409",
    false,
    "isError quoting status code 409 for a project identifier that is taken; only the status reaches the caller, a 4xx about its input.",
  ),
  "pl-012": tool(
    "validation",
    "http_400",
    false,
    "isError quoting status code 400: priority 'critical' is not one of Plane's choices.",
  ),
  "pl-013": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error … Too big: expected string to have <=7 characters at identifier'.",
  ),
  "pl-014": tool("auth", "http_401", false, "isError quoting status code 401: the API key was revoked."),
  "pl-015": wire(
    "transient",
    "connection_closed",
    true,
    "The server process was killed mid-call: -32000 Connection closed before an answer.",
  ),
  "pl-016": wire(
    "transient",
    "connection_closed",
    true,
    "'Not connected': the call was never sent because the server process had died; judged like evk-003/pg-022.",
  ),

  // --- mcp-obsidian 1.0.0 (stdio; a markdown vault) ---------------------------------------------
  "ob-001": ok("Two notes whose names match."),
  "ob-002": empty("'No matches found'."),
  "ob-003": ok("The note's text."),
  "ob-004": {
    expected: {
      outcome: "ok",
      ...base,
      category: "validation",
      errorCode: "enoent",
      retryable: false,
      partial: true,
    },
    reason:
      "One note's text plus 'Error - ENOENT' for the other: a success carrying data and an error, so partial; the error part is a missing note.",
  },
  "ob-005": silent(
    "validation",
    "enoent",
    false,
    "An ok result whose whole text is 'Error - ENOENT: no such file or directory': the one note asked for does not exist.",
  ),
  "ob-006": silent("validation", "enoent", false, `The same missing note again. ${WASTED}`, true),
  "ob-007": silent(
    "permission",
    null,
    false,
    "ok result whose text is 'Error - Access denied - path outside allowed directories': a sandbox refusal.",
  ),
  "ob-008": silent(
    "permission",
    null,
    false,
    "ok result whose text is 'Error - Access denied - hidden files/directories not allowed': a policy refusal.",
  ),
  "ob-009": tool(
    "validation",
    "invalid_type",
    false,
    "isError 'Invalid arguments for read_notes' with a zod issue invalid_type (string where an array was expected).",
  ),
  "ob-010": tool(
    "validation",
    "invalid_type",
    false,
    "isError with a zod issue invalid_type: query is required.",
  ),
  "ob-011": ok("Every note in the vault."),
  "ob-012": silent(
    "validation",
    "eisdir",
    false,
    "ok result whose text is 'Error - EISDIR: illegal operation on a directory': the path named is a folder, not a note.",
  ),
  "ob-013": tool("unknown_tool", null, false, "isError 'Error: Unknown tool: write_note'."),
  "ob-014": ok("A note whose text lists errors (ECONNRESET, HTTP 503): data, not a failure."),
  "ob-015": empty("An empty text for an empty list of paths: nothing asked, nothing returned."),
};
