// Verdicts for group r40-e, written from the captured exchanges (test/fixtures/server-corpus/groups/r40-e.jsonl), each
// read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // @commercetools/mcp-essentials: every success is the API's JSON rewritten as an indented "Key: value" listing under
  // a title ("READ ORDER RESULT"), an empty list as "Results: none". Every API error becomes isError "Failed to <do
  // what>: <the errors' detailedErrorMessage or message>, <the SDK error's message>"; the API's error `code` member is
  // never shown, nor the HTTP status. When the SDK error has no message and no errors (an HTML page, a refused
  // connection) only "Failed to <do what>" is left. Arguments are checked by the SDK's McpServer against the server's zod
  // schemas (isError -32602). A tool listed but with no function for the server's context is isError "Invalid method X".
  "ct-001": ok(
    "the project's settings as a listing: key, countries DE/AT/NL, currency EUR, languages, search indexing",
  ),
  "ct-002": ok("a page of three products with their master variants, prices and images (limit 3, total 3)"),
  "ct-003": tool(
    "validation",
    null,
    false,
    "isError 'Failed to read product: The Resource with ID '00000000-…' was not found., URI not found: /northwind-store/products/…' — a product id that does not exist; the API's ResourceNotFound code and the 404 are not shown",
  ),
  "ct-004": ok("Product Search: total 1, one result id"),
  "ct-005": ok("Product Search for 'teapot': Total 0, 'Results: none' — a search that found nothing", true),
  "ct-006": tool(
    "validation",
    null,
    false,
    "isError 'Failed to read category: Failed to read category by key: The Resource with key 'tea-kettles' was not found., URI not found: …' — a key that does not exist; no code shown",
  ),
  "ct-007": ok(
    "the order NW-100482 by number: version 4, Open, two line items, taxed price, shipping address",
  ),
  "ct-008": tool(
    "validation",
    null,
    false,
    "isError 'Failed to read order: Malformed parameter: where: Syntax error while parsing 'where'. Invalid input 'O' …' (twice, with the caret) — the caller's predicate is malformed (an unquoted enum value); the API's InvalidInput code is not shown",
  ),
  "ct-009": tool(
    "validation",
    null,
    false,
    "the same 'Malformed parameter: where: Syntax error …' isError again for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "ct-010": ok(
    "the order updated: version 5 — the tool read the order and sent its current version 4 instead of the caller's stale 3, so no conflict reached the caller",
  ),
  "ct-011": tool(
    "validation",
    null,
    false,
    "isError 'Failed to update order: Failed to update order by ID: actions -> shipmentState: Invalid enum value 'Teleported'. Valid values are: … , Request body does not contain valid JSON.' — an update action's value outside its enum; InvalidJsonInput is not shown",
  ),
  "ct-012": ok("a cart created: version 1, one line item (ESP-200-BLK), total price, cartState Active"),
  "ct-013": tool(
    "validation",
    null,
    false,
    "isError 'Failed to create cart: The referenced object of type 'product' with 'sku=ESP-100-RED' was not found. It either doesn't exist, or …' — a SKU that does not exist; ReferencedResourceNotFound is not shown",
  ),
  "ct-014": ok("customers by e-mail: count 1, Ana Weber with her address"),
  "ct-015": ok(
    "customers by an e-mail nobody has: Count 0, 'Results: none' — a query that found nothing",
    true,
  ),
  "ct-016": ok("the inventory entry of ESP-200-BLK: 18 on stock, 14 available, restockable in 5 days"),
  "ct-017": tool(
    "permission",
    null,
    false,
    "isError 'Failed to read discount code by key: Insufficient scope. One of the following scopes is missing: view_discount_codes' (twice) — the API client lacks a scope: a permission refusal; the 403 and the insufficient_scope code are not shown",
  ),
  "ct-018": tool(
    "transient",
    null,
    true,
    "isError 'Failed to read cart: The service is unable to handle the request due to a temporary overload.' (twice) — the API's 503 OverCapacity in words: a temporary overload; neither status nor code shown",
  ),
  "ct-019": tool(
    "unknown",
    null,
    false,
    "isError 'Failed to list products' and nothing else — Google's 502 HTML page behind the API left no message in the SDK error, so the payload carries no usable signal",
  ),
  "ct-020": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out (the API answering 15 s late)",
  ),
  "ct-021": tool(
    "unknown",
    null,
    false,
    "isError 'Failed to read project' and nothing else — the API was unreachable (connection refused), but no cause survives in the payload",
  ),
  "ct-022": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: Invalid arguments for tool list_products: Number must be less than or equal to 500 at limit' — the SDK's schema check",
  ),
  "ct-023": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool delete_product not found' — the words decide the category",
  ),
  "ctt-001": tool(
    "auth",
    "invalid_token",
    false,
    "isError 'Failed to read project: invalid_token, invalid_token' — the API's 401 for an expired access token; the OAuth error code invalid_token is the whole message, so it is the code",
  ),
  "ctt-002": tool(
    "unknown_tool",
    null,
    false,
    "isError 'Invalid method read_order' — read_order is listed, but the server started without --isAdmin (or a customer or store) maps no function to it: the method does not exist for this server, and no retry changes that",
  ),
};
