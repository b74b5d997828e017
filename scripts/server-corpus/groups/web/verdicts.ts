// The human verdicts for group "web", keyed by step id, written after reading each captured
// exchange (test/fixtures/server-corpus/groups/web.jsonl) against Faultline's outcome contract
// (docs/OUTCOMES.md, "Fields") and the conventions of test/fixtures/server-corpus/README.md —
// never by running or reading Faultline's classifier.

import type { Verdict } from "../../verdicts.js";

type Outcome = Verdict["expected"]["outcome"];
type Category = NonNullable<Verdict["expected"]["category"]>;

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
const tool = (c: Category, code: string | null, r: boolean, reason: string, wasted = false) =>
  fail("tool_error", c, code, r, reason, wasted);
const rpc = (c: Category, code: string | null, r: boolean, reason: string, wasted = false) =>
  fail("protocol_error", c, code, r, reason, wasted);
const wire = (c: Category, code: string | null, r: boolean, reason: string, wasted = false) =>
  fail("transport_error", c, code, r, reason, wasted);

const WASTED =
  "Same tool, same arguments, same session, right after a failure that retrying cannot fix: a wasted retry.";

const NO_CODE_SCRIPT =
  "the caller's own page script failed; the tool ran it as asked and reported the exception, which retrying the same script on the same page cannot fix";

export const VERDICTS: Record<string, Verdict> = {
  // --- @playwright/mcp, stdio ---------------------------------------------------------------
  "pw-001": ok(
    "The page opened: URL, title and a snapshot link; the console error count (a missing favicon) is page data.",
  ),
  "pw-002": ok("An accessibility snapshot of the page."),
  "pw-003": ok("Typed and submitted: the page moved to the search results."),
  "pw-004": ok("The script's result: one matching part."),
  "pw-005": empty('"No matches found" for text not on the page: a search that found nothing.'),
  "pw-006": tool(
    "validation",
    null,
    false,
    'isError: "#checkout" does not match any elements — the element the caller named does not exist.',
  ),
  "pw-007": tool("validation", null, false, `The same missing element again. ${WASTED}`, true),
  "pw-008": tool(
    "validation",
    null,
    false,
    `isError with a TypeError from page.evaluate: ${NO_CODE_SCRIPT}.`,
  ),
  "pw-009": silent(
    "validation",
    "http_404",
    false,
    'The navigation "succeeded" but the result reports "HTTP status: 404 Not Found": the page the caller named does not exist, relayed inside a success.',
  ),
  "pw-010": tool(
    "transient",
    "ERR_CONNECTION_REFUSED",
    true,
    "isError: net::ERR_CONNECTION_REFUSED — nothing listens at the address; a connection failure.",
  ),
  "pw-011": tool(
    "transient",
    null,
    true,
    "isError: TimeoutError, navigation timeout of 4000 ms exceeded; a timeout, no machine code beyond the class name.",
  ),
  "pw-012": tool(
    "permission",
    null,
    false,
    'isError: Access to "file:" protocol is blocked — a policy refusal by the server.',
  ),
  "pw-013": tool(
    "validation",
    "ERR_NAME_NOT_RESOLVED",
    false,
    'isError: "acme parts home" is not a URL; the server prefixed https:// and the name did not resolve. The caller\'s input is wrong, so not transient.',
  ),
  "pw-014": tool(
    "validation",
    null,
    false,
    'isError: "Tab 7 not found" — the tab the caller named does not exist.',
  ),
  "pw-015": tool(
    "validation",
    null,
    false,
    "isError: invalid arguments, expected number, received string at width (schema validation reported as a tool error).",
  ),
  "pw-016": tool(
    "validation",
    null,
    false,
    'isError: invalid option for level, expected one of "error"|"warning"|"info"|"debug".',
  ),

  // --- @playwright/mcp, Streamable HTTP ------------------------------------------------------
  "pwh-001": ok("The catalog page opened (HTTP 200 on the MCP exchange)."),
  "pwh-002": ok("The script returned the three SKUs."),
  "pwh-003": ok(
    "The page opened; its own scripts failing (2 console errors) is a fact about the page, and the tool did what was asked.",
  ),
  "pwh-004": ok(
    "The console messages the caller asked for: data that mentions errors, not a failure of the tool.",
  ),
  "pwh-005": ok("The contact page opened."),
  "pwh-006": tool(
    "validation",
    null,
    false,
    'isError: "Element is not a <select> element" — the caller targeted a textarea.',
  ),
  "pwh-007": ok("Clicked Send."),
  "pwh-008": ok('Waited for "Thanks!" and it appeared.'),
  "pwh-009": tool("unknown_tool", null, false, 'isError: Tool "browser_teleport" not found.'),
  "pwh-010": wire(
    "transient",
    "timeout",
    true,
    "The server was killed mid-call; the SSE stream never delivered an answer and the client gave up with -32001 Request timed out.",
  ),
  "pwh-011": wire(
    "transient",
    "econnrefused",
    true,
    "The server process is gone: the POST failed with ECONNREFUSED (fetch failed), no HTTP answer.",
  ),

  // --- @modelcontextprotocol/server-puppeteer -------------------------------------------------
  "pup-001": ok("Navigated to the home page."),
  "pup-002": ok("A screenshot: text plus an image block."),
  "pup-003": ok("Filled the search box."),
  "pup-004": ok("Selected the sort order."),
  "pup-005": empty(
    "The script ran and counted 0 results on a page that has none: a count of nothing, not a failure.",
  ),
  "pup-006": tool(
    "validation",
    null,
    false,
    "isError: No element found for selector #checkout — the element the caller named does not exist.",
  ),
  "pup-007": tool("validation", null, false, `The same missing selector again. ${WASTED}`, true),
  "pup-008": tool(
    "validation",
    null,
    false,
    `isError: Script execution failed, TypeError words: ${NO_CODE_SCRIPT}.`,
  ),
  "pup-009": tool(
    "validation",
    null,
    false,
    'isError: "Illegal return statement" — a syntax error in the caller\'s script.',
  ),
  "pup-010": rpc(
    "transient",
    "ERR_CONNECTION_REFUSED",
    true,
    "JSON-RPC -32603 whose message is net::ERR_CONNECTION_REFUSED: a connection failure; the Chromium code beats the generic -32603.",
  ),
  "pup-011": ok("Navigated to the catalog after the failed navigation."),
  "pup-012": rpc(
    "permission",
    "-32603",
    false,
    'JSON-RPC -32603 "Dangerous browser arguments detected: --disable-web-security": the server\'s policy refuses the launch option.',
  ),
  "pup-013": rpc(
    "validation",
    "-32603",
    false,
    'JSON-RPC -32603 relaying Chrome\'s "Invalid parameters … params.url - string value expected": the caller sent a number as the URL (the old server does not validate its input schema).',
  ),
  "pup-014": tool("unknown_tool", null, false, 'isError: "Unknown tool: puppeteer_scroll".'),
  "pup-015": wire(
    "transient",
    "connection_closed",
    true,
    "The server process was killed mid-call: -32000 Connection closed, no answer.",
  ),
  "pup-016": wire(
    "transient",
    "connection_closed",
    true,
    'The server had died: "Not connected", the request was never sent (session unbound); this client cannot succeed without reconnecting.',
  ),

  // --- dkmaker-mcp-rest-api (Stripe-style API) ------------------------------------------------
  "rest-001": ok("HTTP 200 with two customers."),
  "rest-002": ok("HTTP 200 with the customer."),
  "rest-003": empty('HTTP 200 with a list object whose "data" is []: no invoices.'),
  "rest-004": silent(
    "validation",
    "resource_missing",
    false,
    'An ok result relaying HTTP 404 with Stripe\'s error {"code":"resource_missing","message":"No such customer"}: the named customer does not exist.',
  ),
  "rest-005": silent(
    "validation",
    "resource_missing",
    false,
    `The same 404 resource_missing again. ${WASTED}`,
    true,
  ),
  "rest-006": silent(
    "validation",
    "email_invalid",
    false,
    'An ok result relaying HTTP 400 {"code":"email_invalid","param":"email"}: the caller\'s input is wrong.',
  ),
  "rest-007": silent(
    "business",
    "card_declined",
    false,
    'An ok result relaying HTTP 402 card_error "card_declined" (insufficient_funds): a payment refusal, not fixed by retrying.',
  ),
  "rest-008": silent(
    "permission",
    "http_403",
    false,
    "An ok result relaying HTTP 403: the key lacks the required permission (rak_balance_read); no code member, so the status.",
  ),
  "rest-009": silent(
    "rate_limited",
    "rate_limit",
    true,
    'An ok result relaying HTTP 429 {"code":"rate_limit"}: rate limited, retryable later.',
  ),
  "rest-010": silent(
    "internal",
    "http_500",
    true,
    'An ok result relaying HTTP 500 {"type":"api_error","message":"An unknown error occurred"}: an upstream internal error.',
  ),
  "rest-011": rpc(
    "validation",
    "-32602",
    false,
    'JSON-RPC -32602 "Invalid test endpoint arguments": PATCH is not one of the tool\'s methods.',
  ),
  "rest-012": rpc(
    "validation",
    "-32602",
    false,
    'JSON-RPC -32602 "Invalid endpoint format. Do not include full URLs".',
  ),
  "rest-013": wire(
    "transient",
    "timeout",
    true,
    "No answer within 3 s: the client's -32001 Request timed out.",
  ),
  "rest-014": silent(
    "auth",
    "api_key_expired",
    false,
    'An ok result relaying HTTP 401 {"code":"api_key_expired"}: the credentials expired; only a new key helps.',
  ),
  "rest-015": tool(
    "transient",
    "econnrefused",
    true,
    'isError with {"code":"ECONNREFUSED"}: the API cannot be reached.',
  ),
  "rest-016": rpc("unknown_tool", "-32601", false, 'JSON-RPC -32601 "Unknown tool: send_request".'),

  // --- mcp-fetch ---------------------------------------------------------------------------
  "mf-001": ok("HTTP 200 with one part (success: true)."),
  "mf-002": empty('HTTP 200 with {"items": [], "total": 0}: a search that found nothing.'),
  "mf-003": silent(
    "validation",
    "part_not_found",
    false,
    'success: true but status 404 with {"error":{"code":"part_not_found"}}: the named part does not exist.',
  ),
  "mf-004": silent(
    "auth",
    "invalid_token",
    false,
    'status 401 with the OAuth body {"error":"invalid_token","error_description":"The access token expired"} inside a success.',
  ),
  "mf-005": silent(
    "rate_limited",
    "rate_limited",
    true,
    'status 429 with {"code":"rate_limited"} and Retry-After: 30 inside a success.',
  ),
  "mf-006": silent(
    "transient",
    "http_503",
    true,
    'status 503 "Maintenance in progress" with Retry-After: 120 inside a success.',
  ),
  "mf-007": silent(
    "transient",
    null,
    true,
    '{"success": false, "error": "fetch failed"} as an ok result: the connection failed (the errorType "InvalidURLError" is the server\'s mislabel; the URL is valid).',
  ),
  "mf-008": silent(
    "transient",
    null,
    true,
    '{"success": false, "error": "Request timed out after 1500ms", "errorType": "TimeoutError"} as an ok result.',
  ),
  "mf-009": silent(
    "validation",
    null,
    false,
    '{"success": false, "error": "Invalid URL: Not a valid URL format"} as an ok result: the caller\'s URL is malformed.',
  ),
  "mf-010": silent("validation", null, false, `The same invalid URL again. ${WASTED}`, true),
  "mf-011": rpc(
    "validation",
    "invalid_enum_value",
    false,
    "JSON-RPC -32602 with a zod issue invalid_enum_value for method FETCH.",
  ),
  "mf-012": ok("The GraphQL data for the part."),
  "mf-013": silent(
    "validation",
    "http_400",
    false,
    '{"success": false, "errorType": "GraphQLError", "status": 400, "errors": []}: the API refused the query (an unknown field); the server dropped the error list, so only the status tells.',
  ),
  "mf-014": silent(
    "transient",
    "SERVICE_UNAVAILABLE",
    true,
    '{"success": false} with a GraphQL error "Restocking is disabled during the inventory count", extensions.code SERVICE_UNAVAILABLE, and data.restock null: a temporary refusal.',
  ),
  "mf-015": silent(
    "validation",
    null,
    false,
    'A lookup of one part by SKU answered {"part": null}: the part does not exist, told as success.',
  ),
  "mf-016": rpc(
    "unknown_tool",
    "-32602",
    false,
    'JSON-RPC -32602 "Tool http_get not found": the words decide.',
  ),

  // --- @skanda-yutori/mcp-send-email (Resend API) ----------------------------------------------
  "mail-001": ok("Email sent: Resend returned the email id."),
  "mail-002": ok("Email with cc and html sent: an id."),
  "mail-003": tool(
    "validation",
    "-32602",
    false,
    'isError quoting "MCP error -32602: Input validation error … Invalid email at to".',
  ),
  "mail-004": tool(
    "validation",
    "validation_error",
    false,
    'isError with Resend\'s 403 {"name":"validation_error"}: the sender\'s domain is not verified; the caller must use a verified domain.',
  ),
  "mail-005": tool(
    "validation",
    "validation_error",
    false,
    `The same unverified domain again. ${WASTED}`,
    true,
  ),
  "mail-006": tool(
    "validation",
    "validation_error",
    false,
    'isError with Resend\'s 422 validation_error: invalid `scheduled_at` ("whenever suits").',
  ),
  "mail-007": tool(
    "validation",
    "-32602",
    false,
    'isError quoting "MCP error -32602 … Expected string, received number at subject".',
  ),
  "mail-008": tool(
    "rate_limited",
    "rate_limit_exceeded",
    true,
    "isError with Resend's 429 rate_limit_exceeded (2 requests per second).",
  ),
  "mail-009": tool(
    "business",
    "daily_quota_exceeded",
    false,
    "isError with Resend's 429 daily_quota_exceeded: the plan's daily quota is used up (upgrade or wait 24 hours), not a rate limit.",
  ),
  "mail-010": tool(
    "internal",
    "application_error",
    true,
    'isError with Resend\'s 500 application_error, "please try again later".',
  ),
  "mail-011": tool(
    "internal",
    "application_error",
    true,
    'isError: the SDK could not parse the 502 HTML page and reported application_error "Internal server error … please try again later".',
  ),
  "mail-012": tool(
    "auth",
    "invalid_api_key",
    false,
    'isError with Resend\'s 403 invalid_api_key "API key is invalid.".',
  ),
  "mail-013": tool(
    "transient",
    "application_error",
    true,
    'isError: application_error "Unable to fetch data. The request could not be resolved." — the API could not be reached.',
  ),
  "mail-014": ok("Email sent once the API was back."),
  "mail-015": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError quoting "MCP error -32602: Tool send-batch not found".',
  ),
  "mail-016": ok("A scheduled send accepted: Resend returned the email id."),
};
