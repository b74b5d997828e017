// Verdicts for group r26-c, written from the captured exchanges (test/fixtures/server-corpus/groups/r26-c.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, silent, tool, wire } from "../../verdict-helpers.js";

const ACCESS_DENIED =
  'isError "Failed to fetch fulfillment orders: Access denied for fulfillmentOrders field. Required access: `read_assigned_fulfillment_orders` access scope, … : {"response":{"errors":[{… "extensions":{"code":"ACCESS_DENIED", "requiredAccess": …}}], "data":null …}": the app\'s token lacks the fulfillment-order scopes';

export const VERDICTS: Record<string, Verdict> = {
  // ------------------------------------------------------------------------------- @junis/shopify-mcp (stdio)
  "jsh-001": ok("the shop: Advanced plan, USD, ships to US and CA, its shipping policy"),
  "jsh-002": ok("three locations: the Reno warehouse, the Portland store (local pickup), the ShipBob 3PL"),
  "jsh-003": ok(
    "two unfulfilled orders (#1187 UPS Ground, #1188 USPS Priority) with addresses and line items",
  ),
  "jsh-004": ok('no wholesale order waiting to ship: "orders": [] with an empty pageInfo', true),
  "jsh-005": ok("the three latest orders, one fulfilled with its UPS tracking and two unfulfilled"),
  "jsh-006": ok("order #1162 in full: delivered fulfillment, UPS tracking number and URL, shipping line"),
  "jsh-007": tool(
    "validation",
    null,
    false,
    'isError "Failed to fetch order: Order with ID gid://shopify/Order/6120448899999 not found": the API answered order: null for an id that does not exist',
  ),
  "jsh-008": ok("one open fulfillment order for #1187, assigned to the Reno warehouse, with its destination"),
  "jsh-009": ok("one fulfillment order on hold (INCORRECT_ADDRESS) for #1188 at the 3PL"),
  "jsh-010": tool(
    "validation",
    "MAX_COST_EXCEEDED",
    false,
    'isError "Failed to fetch fulfillment orders: Query cost is 2802, which exceeds the single query max cost limit (1000). … " with extensions.code MAX_COST_EXCEEDED: fifty fulfillment orders with nested line items ask for more than Shopify allows in one query; the same call fails again, a smaller page is needed',
  ),
  "jsh-011": ok("the inventory level of the Ridgeline pack at Reno: 14 available, 1 committed, 40 incoming"),
  "jsh-012": tool(
    "validation",
    null,
    false,
    'isError "Failed to fetch inventory level: Variable $id of type ID! was provided invalid value: {… problems: [{explanation: \\"Invalid global id \'118530261051\'\\"}]}": a bare number where a global id is required; the payload carries no code',
  ),
  "jsh-013": ok("the in-progress transfer #T0042 from Reno to the 3PL: 60 units, 20 received"),
  "jsh-014": ok('"count": 2, "precision": "EXACT" unshipped orders'),
  "jsh-015": ok("ShopifyQL table: orders and shipping charges for four shipping regions"),
  "jsh-016": silent(
    "validation",
    null,
    false,
    'an ok result {"success": false, "parseErrors": ["Function \'SUM\' is not supported. …"], "tableData": null}: the analytics query was not run because ShopifyQL rejected it; success false and no data, so a silent failure rather than a validator\'s answer',
  ),
  "jsh-017": tool("permission", "ACCESS_DENIED", false, ACCESS_DENIED),
  "jsh-018": tool(
    "permission",
    "ACCESS_DENIED",
    false,
    `${ACCESS_DENIED}; the same call and arguments right after the same non-retryable failure`,
    true,
  ),
  "jsh-019": tool(
    "rate_limited",
    "THROTTLED",
    true,
    'isError "Failed to fetch orders: Throttled: {… "extensions":{"code":"THROTTLED"} … "throttleStatus":{"currentlyAvailable":38, "restoreRate":100}}": the query-cost bucket is empty; it refills',
  ),
  "jsh-020": tool(
    "auth",
    "http_401",
    false,
    'isError "Failed to fetch locations: GraphQL Error (Code: 401): {"response":{"errors":"[API] Invalid API key or access token (unrecognized login or wrong password)","status":401 …}}": the access token was revoked',
  ),
  "jsh-021": tool(
    "business",
    "http_402",
    false,
    'isError "Failed to fetch shop: GraphQL Error (Code: 402): {"response":{"errors":"Unavailable Shop","status":402 …}}": the shop is frozen for an unpaid bill (402 Payment Required); nothing changes until the merchant pays',
  ),
  "jsh-022": tool(
    "internal",
    "INTERNAL_SERVER_ERROR",
    true,
    'isError "Failed to fetch inventory transfers: Internal error. Looks like something went wrong on our end. Request ID: …" with extensions.code INTERNAL_SERVER_ERROR (HTTP 200)',
  ),
  "jsh-023": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s: MCP error -32001 Request timed out (the API took 15 s)",
  ),
  "jsh-024": tool(
    "transient",
    "econnrefused",
    true,
    'isError "Failed to fetch shop: request to https://northwind-outfitters.myshopify.com/admin/api/2026-01/graphql.json failed, reason: connect ECONNREFUSED 127.0.0.1:41900": Shopify unreachable',
  ),
  "jsh-025": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError "MCP error -32602: Tool create-fulfillment not found": the read-only server has no such tool',
  ),

  // -------------------------------------------------------------------- @headless-commerce/mcp-server (stdio)
  "hcm-001": ok("the store's settings: USD, Los Angeles, 9.5% tax, UPS and USPS carrier accounts"),
  "hcm-002": ok("seven days of revenue and orders, one pending order, two low-stock alerts"),
  "hcm-003": ok("two confirmed, unfulfilled orders with lines, addresses and payments"),
  "hcm-004": ok('no partially shipped order: "data": [], "total_count": 0', true),
  "hcm-005": ok("order 1043 in full: two lines, UPS Ground, paid by Stripe"),
  "hcm-006": tool(
    "validation",
    null,
    false,
    "isError \"Error: No such order: 'ord_01JEQ9Z9Z9Z9Z9Z9Z9Z9Z9Z9ZZ'\": the order does not exist (the API's 404 code RESOURCE_NOT_FOUND does not reach the text)",
  ),
  "hcm-007": tool(
    "validation",
    null,
    false,
    "isError \"Error: No such order: 'ord_01JEQ9Z9Z9Z9Z9Z9Z9Z9Z9Z9ZZ'\" again: the same lookup right after the same non-retryable failure",
    true,
  ),
  "hcm-008": ok("fulfillment ful_… created, pending, with carrier UPS and its tracking number and URL"),
  "hcm-009": tool(
    "validation",
    null,
    false,
    'isError "Error: Cannot fulfill 5 of GTT-24: only 3 unfulfilled": more units than the order line has open',
  ),
  "hcm-010": ok('order 1045 returned with "status": "confirmed"'),
  "hcm-011": tool(
    "business",
    null,
    false,
    "isError \"Error: Cannot transition order from 'cancelled' to 'confirmed'\": the order's state refuses a well-formed request (the API's 409 INVALID_STATE_TRANSITION does not reach the text)",
  ),
  "hcm-012": ok("three inventory items with on-hand, reserved and available stock (one backordered at -1)"),
  "hcm-013": ok("the test-tile stock after receiving 24 boxes: on hand 36, available 27"),
  "hcm-014": tool(
    "validation",
    null,
    false,
    'isError "Error: quantity: Expected integer, received float": the API rejects a fractional adjustment (the tool\'s schema took it as a number)',
  ),
  "hcm-015": ok("one customer matching kobayashi, with the default shipping address"),
  "hcm-016": ok('no customer matches: "data": [], "total_count": 0', true),
  "hcm-017": ok("the customer with address, tags and UPS shipping account"),
  "hcm-018": ok("the discount SHIPFREE26 created: free shipping, 500 uses, ends 2026-12-31"),
  "hcm-019": tool(
    "rate_limited",
    null,
    true,
    'isError "Error: Too many requests. Retry after 30 seconds." after the SDK\'s own two retries (HTTP 429 each time); no code reaches the text',
  ),
  "hcm-020": tool(
    "auth",
    null,
    false,
    'isError "Error: Invalid API key provided: sk_live_****3F has been revoked": the secret key no longer works',
  ),
  "hcm-021": tool(
    "permission",
    null,
    false,
    "isError \"Error: This API key does not have the 'orders:write' permission required for this request\": a restricted key",
  ),
  "hcm-022": tool(
    "internal",
    null,
    true,
    "isError \"Error: An unexpected error occurred\": the API's 500 message after the SDK's two retries; the status does not reach the text, the words read as a server-side fault",
  ),
  "hcm-023": tool(
    "transient",
    "http_502",
    true,
    'isError "Error: HTTP 502": the SDK could not parse Cloudflare\'s 502 page and reports the status (after its two retries)',
  ),
  "hcm-024": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s: MCP error -32001 Request timed out (the API took 15 s)",
  ),
  "hcm-025": tool(
    "transient",
    null,
    true,
    'isError "Error: fetch failed": the API could not be reached (connection refused; no code in the text)',
  ),
};
