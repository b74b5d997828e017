// Verdicts for group r41-b, written from the captured exchanges (test/fixtures/server-corpus/groups/r41-b.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // @pipedream/mcp: each Zoho Books action is a tool whose result is Pipedream's run answer as JSON text
  // ({exports, os, ret, stash_id}). When the action threw (a Zoho Books API error), the run still answers 200 and the
  // tool answers an ordinary result: ret null, the error in os[].err (message = Zoho's {code, message}) and
  // exports.debug. A non-2xx from Pipedream's own API is thrown by the SDK ("HTTP error! status: N, body: …") and
  // becomes isError; the SDK's OAuth loop swallows token failures and ends in "ran out of attempts …".
  "zb-001": ok("three invoices with status, totals and balances, page_context total 3"),
  "zb-002": ok("draft invoices: invoices [] and page_context total 0, a list that found nothing", true),
  "zb-003": ok("one invoice in full with a line item and $summary 'Successfully fetched invoice …'"),
  "zb-004": silent(
    "validation",
    "1002",
    false,
    "an ordinary result whose ret is null and whose os holds the action's error: Zoho's 404 {code 1002, 'Invoice does not exist.'}: the named invoice does not exist",
  ),
  "zb-005": silent(
    "validation",
    "1002",
    false,
    "the same missing invoice again, same tool and arguments, after a non-retryable failure: the same {code 1002} in os",
    true,
  ),
  "zb-006": ok("three contacts (two customers, a vendor)"),
  "zb-007": ok("two expenses"),
  "zb-008": ok("the item with rate, tax and SKU, $summary 'Item … successfully retrieved.'"),
  "zb-009": ok("the three invoice choices for invoiceId, errors []"),
  "zb-010": ok("the new customer with its contact_id, 'The contact has been added.'"),
  "zb-011": silent(
    "validation",
    "3062",
    false,
    "ret null, os error: Zoho's 400 {code 3062, 'The customer \"Harbor Lane Bakery\" already exists. Please specify a different name.'}: the name is taken",
  ),
  "zb-012": ok("the payment created and applied to the invoice, 'The payment has been created.'"),
  "zb-013": silent(
    "validation",
    "24016",
    false,
    "ret null, os error: Zoho's 400 {code 24016, 'The amount entered is more than the balance due for the selected invoices.'}: a bad amount",
  ),
  "zb-014": silent(
    "permission",
    "57",
    false,
    "ret null, os error: Zoho's 401 {code 57, 'You are not authorized to perform this operation'}: the connected user may not do this; the words say permission, not credentials",
  ),
  "zb-015": silent(
    "validation",
    "2060",
    false,
    "ret null, os error: Zoho's 400 {code 2060, 'Contacts involved in transactions cannot be deleted.'}: this contact cannot be deleted as it stands",
  ),
  "zb-016": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: … Required at organization_id': a required argument missing",
  ),
  "zb-017": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool zoho_books-list-bills not found'",
  ),
  "zb-018": tool(
    "validation",
    "http_404",
    false,
    'isError \'HTTP error! status: 404, body: {"error":"Component not found: zoho_books-get-bill"}\': the named component does not exist; the body\'s error is a message, so the quoted status is the code',
  ),
  "zb-019": silent(
    "rate_limited",
    "45",
    true,
    "ret null, os error: Zoho's 429 {code 45, 'You have made too many requests continuously. Please try again after some time.'}",
  ),
  "zb-020": silent(
    "auth",
    "14",
    false,
    "ret null, os error: Zoho's 401 {code 14, 'Invalid value passed for authtoken.'}: the connected account's Zoho token is refused; it has to be reconnected",
  ),
  "zb-021": tool(
    "rate_limited",
    "http_429",
    true,
    'isError \'HTTP error! status: 429, body: {"error":"Too many requests. Please retry after 30 seconds."}\'',
  ),
  "zb-022": tool(
    "internal",
    "http_500",
    true,
    'isError \'HTTP error! status: 500, body: {"error":"Internal server error"}\': Pipedream\'s API failed',
  ),
  "zb-023": tool(
    "transient",
    "http_502",
    true,
    "isError 'HTTP error! status: 502, body: <!DOCTYPE html> … 502: Bad gateway': Cloudflare's gateway page in front of the API",
  ),
  "zb-024": wire("transient", "timeout", true, "no answer in 4 s: the client's -32001 Request timed out"),
  "zb-025": tool(
    "auth",
    null,
    false,
    "isError 'ran out of attempts trying to retrieve oauth access token': the server could not get an API token; it shows no cause (here the API was unreachable, which the SDK's token loop swallowed), so it reads as a credential failure — ambiguous, see README",
  ),
  "zb-026": silent(
    "auth",
    null,
    false,
    "an ordinary result 'You need to connect your account to call this tool. Please visit this URL to securely authenticate with zoho_books: …': nothing ran; the user has no connected Zoho Books account and must connect one",
  ),
  "zb-027": ok("three contacts"),
  "zb-028": tool(
    "auth",
    null,
    false,
    "isError 'ran out of attempts trying to retrieve oauth access token': the token had expired and a new one could not be had (the OAuth client was refused)",
  ),
};
