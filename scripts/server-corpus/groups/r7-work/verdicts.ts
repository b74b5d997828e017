// Verdicts for group r7-work, written from the captured exchanges
// (test/fixtures/server-corpus/groups/r7-work.jsonl) by the contract in
// test/fixtures/server-corpus/README.md — never by running Faultline's classifier.
//
// Choices specific to this group:
// - Todoist's error text quotes "HTTP <status>, code <n>, tag <TAG>"; the tag (Todoist's error_tag) is the
//   most specific machine code and is used as errorCode; without a tag, the quoted HTTP status.
// - attio-mcp puts an `error` object beside `content` whose `code` is a number that is not reliable (500 for a
//   missing record, an unknown tool or a duplicate); its string `type` is used as the machine code, unless the
//   text carries a more specific one (a zod issue code, a system error name).
// - freshdesk-mcp returns every Freshdesk error as an ordinary result
//   `{"error": "<what>: HTTP <status>", "details": <Freshdesk's body>}`: silent failures, with the code of
//   Freshdesk's body (`code`, the first `errors[].code`) or else the HTTP status it quotes.

import { ok, partial, rpc, silent, tool, wire } from "../../verdict-helpers.js";
import type { Verdict } from "../../verdicts.js";

const WASTED =
  "The previous call in this session was the same tool with the same arguments and failed non-retryably.";

export const VERDICTS: Record<string, Verdict> = {
  // --- @doist/todoist-mcp (stdio) ---------------------------------------------------------------
  "td-001": ok("user_info with the user's id, name, timezone and goals."),
  "td-002": ok("Three projects (Inbox, Office move, Supplier invoices)."),
  "td-003": ok("Two tasks matching 'invoice', totalCount 2."),
  "td-004": ok("tasks [] with totalCount 0: 'No results.' for a search.", true),
  "td-005": ok("The task 'Pay the Brightline invoice #4471'."),
  "td-006": tool(
    "validation",
    "http_404",
    false,
    "isError 'Todoist API request failed (HTTP 404) … Failed to fetch task with id 6XnoSuchTask0000: HTTP 404: Not Found': the named task does not exist.",
  ),
  "td-007": tool(
    "validation",
    "http_404",
    false,
    `The same 'HTTP 404: Not Found' for the same task. ${WASTED}`,
    true,
  ),
  "td-008": ok("Added 1 task, successCount 1, failures []."),
  "td-009": tool(
    "business",
    "MAX_ITEMS_LIMIT_REACHED",
    false,
    "isError '(HTTP 403, code 49, tag MAX_ITEMS_LIMIT_REACHED)' 'Maximum number of items per user project limit reached'; the server adds that it is a per-project cap and 'not an authentication or permission problem': a quota rule, not retryable until tasks are removed.",
  ),
  "td-010": tool(
    "validation",
    "NOT_FOUND",
    false,
    "isError 'Project not found (HTTP 404, code 478, tag NOT_FOUND)': the project id the caller named does not exist.",
  ),
  "td-011": tool(
    "validation",
    null,
    false,
    "isError 'Invalid time value' for startDate 2026-13-45 (month 13): the caller's date is invalid; no code.",
  ),
  "td-012": partial(
    "validation",
    "http_404",
    false,
    "A success 'Completed tasks: 1/2 successful' with failures [{item 6XnoSuchTask0000, error 'HTTP 404: Not Found'}]: one task completed, one did not exist.",
  ),
  "td-013": tool(
    "validation",
    "INVALID_ARGUMENT_VALUE",
    false,
    "isError '(HTTP 400, code 20, tag INVALID_ARGUMENT_VALUE) Invalid argument value … Field hints: until': an eleven-month range the API refuses.",
  ),
  "td-014": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error … expected number, received string at limit'.",
  ),
  "td-015": tool(
    "validation",
    "-32602",
    false,
    'isError \'MCP error -32602: Input validation error … Invalid option: expected one of "p1"|"p2"|"p3"|"p4" at tasks[0].priority\'.',
  ),
  "td-016": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool archive-everything not found'.",
  ),
  "td-017": tool(
    "rate_limited",
    "LIMITS_REACHED",
    true,
    "isError '(HTTP 429, code 35, tag LIMITS_REACHED) Too many requests. Limits reached. Try again later … retry_after: 66'.",
  ),
  "td-018": tool(
    "rate_limited",
    "LIMITS_REACHED",
    true,
    "The same 429 LIMITS_REACHED right away; a rate limit is retryable, so not a wasted retry.",
  ),
  "td-019": tool(
    "auth",
    "AUTH_INVALID_TOKEN",
    false,
    "isError '(HTTP 401, code 401, tag AUTH_INVALID_TOKEN) Message: Invalid token': the token is refused.",
  ),
  "td-020": tool(
    "transient",
    "http_503",
    true,
    "isError 'Todoist API request failed (HTTP 503). Message: HTTP 503: Service Unavailable … may be temporarily unavailable'.",
  ),
  "td-021": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 3 s: -32001 'Request timed out'.",
  ),
  "td-022": tool(
    "transient",
    null,
    true,
    "isError 'fetch failed' while nothing listened on Todoist's port: a network failure; the text carries no code.",
  ),

  // --- freshdesk-mcp (stdio) ---------------------------------------------------------------------
  "fd-001": ok("Three tickets with pagination."),
  "fd-002": ok("Ticket 1042 with its description."),
  "fd-003": ok("results with one ticket (1044), total 1."),
  "fd-004": ok('{"results": [], "total": 0}: a search that found nothing.', true),
  "fd-005": silent(
    "validation",
    "invalid_value",
    false,
    "An ordinary result {error 'Failed to search tickets: HTTP 400', details {description 'Validation failed', errors [{field query, message 'It should be a/an String enclosed in double quotes', code invalid_value}]}}: Freshdesk refused the query, returned as success.",
  ),
  "fd-006": silent(
    "validation",
    "http_404",
    false,
    "An ordinary result {error 'Failed to fetch ticket: HTTP 404', details null}: the ticket does not exist, returned as success.",
  ),
  "fd-007": silent(
    "validation",
    "http_404",
    false,
    `The same 'Failed to fetch ticket: HTTP 404' as success. ${WASTED}`,
    true,
  ),
  "fd-008": silent(
    "validation",
    "custom",
    false,
    "An ordinary result {error 'Validation error', issues [{code custom, message 'Provide one of: email, requester_id, …'}]}: the server's own check refused the ticket, and says so only in the payload.",
  ),
  "fd-009": ok("success true with the new ticket 1045."),
  "fd-010": silent(
    "validation",
    "invalid_union",
    false,
    "An ordinary result {error 'Validation error', issues [{path status, code invalid_union, message 'Invalid input'}]}: status 9 refused, nothing updated.",
  ),
  "fd-011": silent(
    "validation",
    "invalid_value",
    false,
    "An ordinary result {error 'Failed to fetch tickets: HTTP 400', details errors [{field page, message 'You cannot access tickets beyond the 300th page.', code invalid_value}]}.",
  ),
  "fd-012": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error … Invalid email at email'.",
  ),
  "fd-013": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error … Number must be less than or equal to 100 at per_page'.",
  ),
  "fd-014": silent(
    "permission",
    "access_denied",
    false,
    "An ordinary result {error 'Failed to delete ticket: HTTP 403', details {code access_denied, message 'You are not authorized to perform this action.'}}: nothing was deleted.",
  ),
  "fd-015": silent(
    "permission",
    "access_denied",
    false,
    "An ordinary result {error 'Failed to view account: HTTP 403', details {code access_denied}}: the agent may not see the account.",
  ),
  "fd-016": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool close_all_tickets not found'.",
  ),
  "fd-017": silent(
    "rate_limited",
    "http_429",
    true,
    "An ordinary result {error 'Failed to fetch tickets: HTTP 429', details {message 'You have exceeded the limit of requests per minute…'}}: rate-limited, returned as success.",
  ),
  "fd-018": silent(
    "auth",
    "invalid_credentials",
    false,
    "An ordinary result {error 'Failed to fetch tickets: HTTP 401', details {code invalid_credentials, message 'You have to be logged in to perform this action.'}}: the key is refused.",
  ),
  "fd-019": silent(
    "transient",
    "http_503",
    true,
    "An ordinary result {error 'Failed to fetch ticket: HTTP 503', details '<html>… Freshdesk - Under Maintenance … We'll be back shortly'}: scheduled maintenance, returned as success.",
  ),
  "fd-020": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 3 s: -32001 'Request timed out'.",
  ),
  "fd-021": tool(
    "transient",
    null,
    true,
    "isError 'fetch failed' while nothing listened on the helpdesk's port: a network failure; no code in the text.",
  ),

  // --- freshdesk-mcp (Streamable HTTP) ------------------------------------------------------------
  "fdh-001": ok("Ticket 1044 over HTTP 200."),
  "fdh-002": silent(
    "validation",
    "http_404",
    false,
    "HTTP 200 and an ordinary result {error 'Failed to fetch ticket: HTTP 404', details null}: the ticket does not exist, returned as success.",
  ),
  "fdh-003": wire(
    "transient",
    "timeout",
    true,
    "The server process was killed after the call was sent (its stream had begun with HTTP 200); no answer came and the client gave up at 10 s: -32001 'Request timed out'.",
  ),
  "fdh-004": wire(
    "validation",
    "http_400",
    false,
    "HTTP 400 {error {code -32000, message 'Bad Request: missing or invalid session'}}: the restarted server does not know the client's session id; the client must initialize again, retrying as is cannot help.",
  ),
  "fdh-005": wire(
    "validation",
    "http_400",
    false,
    `The same HTTP 400 'missing or invalid session'. ${WASTED}`,
    true,
  ),

  // --- attio-mcp (stdio) -------------------------------------------------------------------------
  "at-001": ok("data with one company (Northwind Traders), count 1."),
  "at-002": ok('{"data": [], "count": 0} and "Found 0 companies": a search that found nothing.', true),
  "at-003": ok("The company record with its domains."),
  "at-004": tool(
    "validation",
    "not_found",
    false,
    "isError 'The requested resource could not be found … Record not found', error.type not_found (its error.code says 500): the record id does not exist.",
  ),
  "at-005": tool("validation", "not_found", false, `The same 'Record not found'. ${WASTED}`, true),
  "at-006": tool(
    "validation",
    "invalid_id",
    false,
    "isError 'The provided ID is invalid … Invalid record identifier format: 'not-a-uuid'', error.type invalid_id; the advice to retry later does not fit a malformed id.",
  ),
  "at-007": ok("'Successfully created company: Globex Fasteners' with its record id."),
  "at-008": tool(
    "validation",
    "duplicate",
    false,
    'isError \'A record with this information already exists … Uniqueness conflict on "domains": value "acmehinges.example" already exists\', error.type duplicate: the company already exists.',
  ),
  "at-009": tool(
    "validation",
    "server_error",
    false,
    "isError 'Attribute \"industry\" does not exist on companies' although error.type says server_error and the text advises a retry: the caller named an attribute the workspace does not have. Words decide the category.",
  ),
  "at-010": partial(
    "validation",
    null,
    false,
    "A success (isError false) whose summary is total 2, successful 1, failed 1: Hooli Hardware created, the second failed with 'Uniqueness constraint violation for companies'.",
  ),
  "at-011": tool(
    "validation",
    "validation_error",
    false,
    "isError 'Failed to update deal: Request failed with status code 400. Details: Cannot find Status with title \"MQL\".', error.type validation_error: the stage 'Won' is not one of the pipeline's; the server swapped in its default stage, which does not exist either.",
  ),
  "at-012": ok(
    'A success \'⚠️ Updated deal with warnings … Field "stage" persistence mismatch: expected [{"status":"In Progress"}], got [… "title":"In Progress" …]\': the record it read back is in stage \'In Progress\', as asked; the warning compares two shapes of the same value. Judged a clean success, not a silent failure.',
  ),
  "at-013": ok("'Note created successfully: Call notes'."),
  "at-014": tool(
    "validation",
    "invalid_id",
    false,
    "isError 'The provided ID is invalid … Attio notes creation failed with a server error', error.type invalid_id: the parent company does not exist (the words also mention a server error).",
  ),
  "at-015": ok("Two workspace members."),
  "at-016": tool(
    "validation",
    "invalid_value",
    false,
    "isError 'Search failed' with a zod issue code invalid_value at type: 'vendors' is not one of companies|people|lists|tasks|all.",
  ),
  "at-017": tool(
    "unknown_tool",
    "not_found",
    false,
    "isError 'The requested resource could not be found. [Dev Info: Tool not found: delete_everything]', error.type not_found.",
  ),
  "at-018": tool(
    "rate_limited",
    "rate_limit",
    true,
    "isError 'Request failed with status code 429 … Wait a few seconds before retrying', error.type rate_limit.",
  ),
  "at-019": tool(
    "auth",
    "authentication_error",
    false,
    "isError 'Request failed with status code 401 … Verify the configured Attio credentials', error.type authentication_error.",
  ),
  "at-020": tool(
    "internal",
    "server_error",
    true,
    "isError 'Request failed with status code 500', error.type server_error, after about 7 s of the server's own retries.",
  ),
  "at-021": tool(
    "transient",
    "econnrefused",
    true,
    "isError 'connect ECONNREFUSED [IP_REDACTED]:38952' after about 23 s of retries (error.type server_error): Attio was unreachable.",
  ),

  // --- nocodb-mcp-server (stdio) -----------------------------------------------------------------
  "nc-001": ok('["Customers","Orders","Products"].'),
  "nc-002": ok("Three customers with pageInfo totalRows 3."),
  "nc-003": ok("output.list [] with totalRows 0: a filtered read that found nothing.", true),
  "nc-004": tool(
    "validation",
    null,
    false,
    "isError \"Error retrieving table ID: Table 'Custmers' not found\": the table the caller named does not exist.",
  ),
  "nc-005": tool("validation", null, false, `The same "Table 'Custmers' not found". ${WASTED}`, true),
  "nc-006": silent(
    "validation",
    null,
    false,
    "A success whose output is {message 'Offset is beyond the total number of records'} instead of rows: NocoDB's refusal of the offset, returned as data.",
  ),
  "nc-007": tool(
    "validation",
    "http_400",
    false,
    "isError 'Request failed with status code 400' for a malformed where expression (the body is not passed on).",
  ),
  "nc-008": ok("output {Id: 31}: the order was inserted."),
  "nc-009": tool(
    "validation",
    "http_404",
    false,
    "isError 'Request failed with status code 404' for row 999, which does not exist.",
  ),
  "nc-010": silent(
    "validation",
    null,
    false,
    "An ordinary result {error 'Data must be a valid JSON object or stringified JSON object'}: nothing was updated.",
  ),
  "nc-011": ok("[{Id: 3}]: the row was deleted."),
  "nc-012": ok("The Orders table with its four columns and default view."),
  "nc-013": rpc(
    "validation",
    "invalid_enum_value",
    false,
    "JSON-RPC -32602 'Invalid arguments for tool nocodb-create-table' with a zod issue code invalid_enum_value: 'Currency' is not a column type the tool accepts.",
  ),
  "nc-014": rpc(
    "validation",
    "invalid_type",
    false,
    "JSON-RPC -32602 'Invalid arguments for tool nocodb-get-records' with a zod issue code invalid_type at limit.",
  ),
  "nc-015": rpc("unknown_tool", "-32602", false, "JSON-RPC -32602 'Tool nocodb-drop-base not found'."),
  "nc-016": tool(
    "auth",
    "http_401",
    false,
    "isError 'Error get list tables: Request failed with status code 401': the token is refused.",
  ),
  "nc-017": tool(
    "transient",
    "http_502",
    true,
    "isError 'Error retrieving table ID: Request failed with status code 502' (the proxy's Bad Gateway).",
  ),
  "nc-018": tool(
    "rate_limited",
    "http_429",
    true,
    "isError 'Error retrieving table ID: Request failed with status code 429'.",
  ),
  "nc-019": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 3 s: -32001 'Request timed out'.",
  ),
  "nc-020": tool(
    "transient",
    "econnrefused",
    true,
    "isError 'Error get list tables: connect ECONNREFUSED 127.0.0.1:38953': NocoDB was unreachable.",
  ),
  "nc-021": wire(
    "transient",
    "connection_closed",
    true,
    "The server process was killed mid-call: -32000 'Connection closed', transportError connection_closed.",
  ),
};
