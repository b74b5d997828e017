// Verdicts for group r42-a, written from the captured exchanges (test/fixtures/server-corpus/groups/r42-a.jsonl), each
// read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, silent, tool, wire } from "../../verdict-helpers.js";

// The payload's own code member is the same for every HTTP failure ("PAYPAL_API_HTTP_ERROR", or
// "PAYPAL_API_NO_RESPONSE" when nothing answered); by the conventions a code member wins over the quoted status.
const HTTP = "PAYPAL_API_HTTP_ERROR";

export const VERDICTS: Record<string, Verdict> = {
  // PayPal's MCP server (PayPalAgentToolkit, SDK 1.32 McpServer, protocol 2025-11-25): every tool answers one text
  // content, the API's JSON as it came. Every API failure is an ordinary result too, never isError: the toolkit turns
  // the axios error into its LlmError and serialises it, {"ok": false, "status": <HTTP status>, "code":
  // "PAYPAL_API_HTTP_ERROR", "message": "<PayPal message>: <details' descriptions>"} (cut at 200 characters), or
  // {"ok": false, "code": "PAYPAL_API_NO_RESPONSE", "message": "<system error>"} when nothing answered. Only the SDK's
  // own argument check and its unknown-tool answer are isError ("MCP error -32602: …").
  "a-pp-001": ok(
    "the catalog's first page: two products (Coffee Club, Workshop Voucher), total_items 3, a next link",
  ),
  "a-pp-002": ok("the product PROD-5XR8…: Harbor Lane Coffee Club, PHYSICAL, COFFEE, with its links"),
  "a-pp-003": silent(
    "validation",
    HTTP,
    false,
    'ok result {"ok":false,"status":404,…,"message":"The specified resource does not exist.: Specified resource ID does not exist…"} — the product id does not exist',
  ),
  "a-pp-004": ok(
    "the order 5O190127TN364715T, status PAYER_ACTION_REQUIRED, 41.04 USD with its breakdown and the payer-action link — created and waiting for the buyer, as an order is",
  ),
  "a-pp-005": silent(
    "validation",
    HTTP,
    false,
    'ok result {"ok":false,"status":422,…,"message":"…failed business validation.: Payer has not yet approved the Order for payment…"} — the capture was refused; the order must be approved by the payer first (a 422 on the order\'s state; ambiguous with business)',
  ),
  "a-pp-006": ok(
    '{"status":"success","response":{…COMPLETED…}} — the approved order captured: capture 3C679366HH908993F, 27.50 USD, COMPLETED',
  ),
  "a-pp-007": ok("refund 1JU08902781691411 of 4.50 USD, status COMPLETED, with its breakdown"),
  "a-pp-008": silent(
    "validation",
    HTTP,
    false,
    'ok result {"ok":false,"status":422,…,"message":"…failed business validation.: The capture has already been fully refunded"} — nothing is left to refund on that capture; the request cannot succeed as it is (a 422; ambiguous with business)',
  ),
  "a-pp-009": silent(
    "validation",
    HTTP,
    false,
    "the same 422 'The capture has already been fully refunded' for the same tool and arguments as a-pp-008, which failed non-retryably",
    true,
  ),
  "a-pp-010": ok("the merchant's invoices: total_items 3 (SENT, PAID, DRAFT) with amounts and recipients"),
  "a-pp-011": silent(
    "validation",
    HTTP,
    false,
    'ok result {"ok":false,"status":404,…,"message":"The specified resource does not exist.: Specified resource ID does not exist…"} — the invoice id does not exist',
  ),
  "a-pp-012": ok(
    '{"items":[],"links":[]} — no dispute waits for the merchant\'s action: a list that found nothing',
    true,
  ),
  "a-pp-013": silent(
    "permission",
    HTTP,
    false,
    'ok result {"ok":false,"status":403,…,"message":"Authorization failed due to insufficient permissions.: You do not have permission to access or perform operations on this resource."}',
  ),
  "a-pp-014": ok(
    "transaction search: two completed transactions (27.50 and 54.00 USD) in the default 31-day window",
  ),
  "a-pp-015": silent(
    "validation",
    null,
    false,
    '{"found":false,"transaction_details":[],"total_items":0,"message":"The transaction ID 9GS8… was not found in the last 12 months. Please verify the transaction ID…"} — a lookup of one named transaction that found nothing; the payload carries no code',
  ),
  "a-pp-016": ok(
    "the text '\"\"' — the JSON of the API's empty 204 body: the cancellation went through and there is nothing to return (an action, not a search, so not empty)",
  ),
  "a-pp-017": silent(
    "rate_limited",
    HTTP,
    true,
    'ok result {"ok":false,"status":429,…,"message":"Too many requests. Blocked due to rate limiting."}',
  ),
  "a-pp-018": silent(
    "internal",
    HTTP,
    true,
    'ok result {"ok":false,"status":500,…,"message":"An internal server error occurred."} — PayPal\'s 500 relayed',
  ),
  "a-pp-019": silent(
    "transient",
    HTTP,
    true,
    'ok result {"ok":false,"status":502,…,"message":"Unknown error"} — a 502 with no message (the edge\'s HTML page was not parsed): a bad gateway in front of the API',
  ),
  "a-pp-020": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "a-pp-021": silent(
    "transient",
    "PAYPAL_API_NO_RESPONSE",
    true,
    'ok result {"ok":false,"code":"PAYPAL_API_NO_RESPONSE","message":"connect ECONNREFUSED 127.0.0.1:44900"} — the API could not be reached; the code member wins over the system error\'s name',
  ),
  "a-pp-022": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: Invalid arguments for tool get_order: Invalid PayPal Order ID at id'",
  ),
  "a-pp-023": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool get_merchant_insights not found'",
  ),
  "a-ppx-001": silent(
    "auth",
    HTTP,
    false,
    'ok result {"ok":false,"status":401,…,"message":"Access Token not found in cache"} — the access token is no longer valid; a new one must be fetched',
  ),
  "a-ppx-002": silent(
    "auth",
    HTTP,
    false,
    "the same 401 'Access Token not found in cache' for create_order (another tool, so no wasted retry)",
  ),
};
