// Verdicts for group r6-biz, written from the captured exchanges alone (never by running
// Faultline's classifier), following test/fixtures/server-corpus/README.md.

import type { Verdict } from "../../verdicts.js";

type Expected = Verdict["expected"];
type Category = NonNullable<Expected["category"]>;

const WASTED = "It repeats exactly the previous call, which failed non-retryably: a wasted retry.";

function ok(reason: string, empty = false): Verdict {
  return {
    expected: {
      outcome: "ok",
      silentFailure: false,
      category: null,
      errorCode: null,
      retryable: null,
      empty,
      partial: false,
      wastedRetry: false,
    },
    reason,
  };
}

function silent(category: Category, errorCode: string | null, retryable: boolean, reason: string): Verdict {
  return {
    expected: {
      outcome: "ok",
      silentFailure: true,
      category,
      errorCode,
      retryable,
      empty: false,
      partial: false,
      wastedRetry: false,
    },
    reason,
  };
}

function tool(
  category: Category,
  errorCode: string | null,
  retryable: boolean,
  reason: string,
  wastedRetry = false,
): Verdict {
  return {
    expected: {
      outcome: "tool_error",
      silentFailure: false,
      category,
      errorCode,
      retryable,
      empty: false,
      partial: false,
      wastedRetry,
    },
    reason,
  };
}

function wire(category: Category, errorCode: string | null, retryable: boolean, reason: string): Verdict {
  return {
    expected: {
      outcome: "transport_error",
      silentFailure: false,
      category,
      errorCode,
      retryable,
      empty: false,
      partial: false,
      wastedRetry: false,
    },
    reason,
  };
}

export const VERDICTS: Record<string, Verdict> = {
  // --- @lockon0927/woocommerce-mcp ------------------------------------------------------------
  "woo-001": ok("Three products listed with their prices and stock."),
  "woo-002": ok("The product asked for, with its fields."),
  "woo-003": ok("A product search that found nothing: '[]'.", true),
  "woo-004": tool(
    "validation",
    null,
    false,
    "isError 'WooCommerce API endpoint not found … URL: /products/999': the server words every 404 as a missing endpoint, but the URL shows a product id that does not exist; no code or status quoted.",
  ),
  "woo-005": tool(
    "validation",
    null,
    false,
    `The same 'endpoint not found … /products/999'. ${WASTED}`,
    true,
  ),
  "woo-006": tool(
    "validation",
    "http_400",
    false,
    "isError 'Invalid parameter(s): per_page (Status: 400)': perPage out of range.",
  ),
  "woo-007": tool(
    "validation",
    null,
    false,
    "isError 'endpoint not found … URL: /products/eleven': a product id given as a word produced a URL no route matches; the caller's bad input.",
  ),
  "woo-008": tool(
    "validation",
    null,
    false,
    "isError 'Product data is required': the required productData argument was missing.",
  ),
  "woo-009": tool(
    "rate_limited",
    "http_429",
    true,
    "isError 'Too many requests. Please wait and try again. (Status: 429)'.",
  ),
  "woo-010": tool(
    "internal",
    "http_500",
    true,
    "isError relaying WordPress's 'There has been a critical error on this website' with Status: 500: an upstream crash.",
  ),
  "woo-011": tool(
    "transient",
    "http_503",
    true,
    "isError 'Request failed with status code 503 (Status: 503)': the store is unavailable.",
  ),
  "woo-012": tool(
    "permission",
    null,
    false,
    "isError 'WooCommerce API access forbidden. Please check your API key permissions.': a read-only key refused a write.",
  ),
  "woo-013": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 3 s (-32001 Request timed out): a transport timeout.",
  ),
  "woo-014": tool("unknown_tool", null, false, "isError 'Unknown tool: woo_products_explode'."),
  "woo-015": tool(
    "auth",
    null,
    false,
    "isError 'WooCommerce API authentication failed. Please check your consumer key and secret.': the key was revoked.",
  ),
  "woo-016": tool(
    "transient",
    "econnrefused",
    true,
    "isError 'connect ECONNREFUSED 127.0.0.1:38600': the store is unreachable.",
  ),

  // --- @tsmztech/mcp-server-salesforce --------------------------------------------------------
  "sf-001": ok("Two Account records returned with the fields asked for."),
  "sf-002": ok("The Account object described with its fields."),
  "sf-003": ok("'Query returned 0 records': a query that found nothing.", true),
  "sf-004": tool(
    "validation",
    null,
    false,
    "isError 'No such column 'Nme' on entity 'Account'': a misspelt field; the server dropped Salesforce's errorCode.",
  ),
  "sf-005": tool("validation", null, false, `The same 'No such column 'Nme''. ${WASTED}`, true),
  "sf-006": tool(
    "validation",
    null,
    false,
    "isError 'The requested resource does not exist' for describing Widget__c: the object named does not exist.",
  ),
  "sf-007": tool(
    "validation",
    null,
    false,
    "isError 'mismatched character '<EOF>' expecting '''': a SOQL syntax error (unterminated string).",
  ),
  "sf-008": silent(
    "validation",
    "REQUIRED_FIELD_MISSING",
    false,
    "Not isError, 'INSERT operation completed' but 'Successful: 0, Failed: 1 … Required fields are missing: [LastName] [REQUIRED_FIELD_MISSING]': the only record was not inserted.",
  ),
  "sf-009": silent(
    "permission",
    "INSUFFICIENT_ACCESS_OR_READONLY",
    false,
    "Not isError, 'UPDATE operation completed' but 'Failed: 1 … insufficient access rights on object id [INSUFFICIENT_ACCESS_OR_READONLY]': the only record was not updated; a permission refusal.",
  ),
  "sf-010": silent(
    "validation",
    null,
    false,
    "Not isError, but '**Compilation:** Failed … Unexpected token 'Acount'.': the anonymous Apex never ran because it did not compile; the caller's code is wrong. Borderline (see README).",
  ),
  "sf-011": ok("'No Salesforce objects found matching \"Zeppelin\"': a search that found nothing.", true),
  "sf-012": tool(
    "internal",
    null,
    true,
    "isError 'An unexpected error occurred. Please include this ErrorId if you contact support': Salesforce's unhandled server error, no code kept.",
  ),
  "sf-013": tool(
    "business",
    null,
    false,
    "isError 'TotalRequests Limit exceeded.': the org's daily API request allocation is used up, a quota rather than a momentary rate limit. Borderline (see README).",
  ),
  "sf-014": tool(
    "auth",
    "INVALID_LOGIN",
    false,
    "isError 'INVALID_LOGIN: Invalid username, password, security token; or user locked out.': the password changed.",
  ),
  "sf-015": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 8 s (-32001 Request timed out): with its session revoked the server kept logging in again and retrying, and never answered.",
  ),
  "sf-016": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 3 s (-32001 Request timed out) from a slow org.",
  ),

  // --- @casys/mcp-erpnext ---------------------------------------------------------------------
  "erp-001": ok("Two customers listed, in text and structuredContent."),
  "erp-002": ok("The customer asked for, with its fields."),
  "erp-003": ok("An item list that found nothing: count 0, data [].", true),
  "erp-004": tool(
    "validation",
    "http_404",
    false,
    "isError 'DoesNotExistError: Customer Nobody Ltd not found (HTTP 404)'.",
  ),
  "erp-005": tool("validation", "http_404", false, `The same DoesNotExistError (HTTP 404). ${WASTED}`, true),
  "erp-006": tool(
    "validation",
    null,
    false,
    "isError 'Invalid arguments for erpnext_customer_list: Property /limit must be number'.",
  ),
  "erp-007": tool(
    "validation",
    "http_417",
    false,
    "isError 'ValidationError: Row #1: Delivery Date cannot be before Sales Order Date (HTTP 417)': the caller's dates are wrong.",
  ),
  "erp-008": tool(
    "permission",
    "http_403",
    false,
    "isError 'PermissionError: User … does not have doctype access via role permission for document Item (HTTP 403)'.",
  ),
  "erp-009": tool(
    "rate_limited",
    "http_429",
    true,
    "isError 'TooManyRequestsError: You hit the rate limit … Please try after sometime. (HTTP 429)', after the server's own retries.",
  ),
  "erp-010": tool(
    "internal",
    "http_500",
    true,
    "isError 'OperationalError (HTTP 500)': the site failed on its own database, no better signal.",
  ),
  "erp-011": tool("unknown_tool", null, false, "isError 'Unknown tool: erpnext_customer_delete'."),
  "erp-012": tool(
    "auth",
    "http_401",
    false,
    "isError 'AuthenticationError: Invalid API key or secret (HTTP 401)'.",
  ),
  "erp-013": tool(
    "transient",
    null,
    true,
    "isError 'Network error on GET … fetch failed (HTTP 0)': the site is unreachable; 'HTTP 0' is no status, and no network code is given.",
  ),
  "erp-014": wire(
    "transient",
    "connection_closed",
    true,
    "The server process was killed mid-call: the stdio connection closed before any answer (-32000 Connection closed).",
  ),
  // --- shopify-mcp ----------------------------------------------------------------------------
  "shop-001": ok("Two products returned with prices and variants."),
  "shop-002": ok("The product asked for, by its GID."),
  "shop-003": ok("A title search that found nothing: '{\"products\":[]}'.", true),
  "shop-004": tool(
    "validation",
    null,
    false,
    "isError 'Product with ID gid://shopify/Product/999 not found': the product named does not exist.",
  ),
  "shop-005": tool("validation", null, false, `The same 'Product … not found'. ${WASTED}`, true),
  "shop-006": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error … Expected number, received string at limit'.",
  ),
  "shop-007": tool(
    "validation",
    null,
    false,
    "isError 'Failed to update product: … title: Title can't be blank': Shopify's userErrors for the caller's blank title.",
  ),
  "shop-008": tool(
    "rate_limited",
    "THROTTLED",
    true,
    "isError 'Failed to fetch orders: Throttled' quoting Shopify's GraphQL error with extensions.code THROTTLED and the cost budget (31 of 2000 available).",
  ),
  "shop-009": tool(
    "permission",
    "ACCESS_DENIED",
    false,
    "isError 'Access denied for orders field. Required access: `read_orders` access scope.' with extensions.code ACCESS_DENIED: the token lacks a scope.",
  ),
  "shop-010": tool(
    "internal",
    "INTERNAL_SERVER_ERROR",
    true,
    "isError 'Internal error. Looks like something went wrong on our end.' with extensions.code INTERNAL_SERVER_ERROR.",
  ),
  "shop-011": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: … Invalid enum value. Expected 'any' | 'open' | 'closed' | 'cancelled', received 'shipped' at status'.",
  ),
  "shop-012": ok("A customer search that found nothing: '{\"customers\":[]}'.", true),
  "shop-013": tool(
    "business",
    "http_402",
    false,
    "isError 'GraphQL Error (Code: 402)' with body errors 'Unavailable Shop': the shop is frozen for billing, an account refusal.",
  ),
  "shop-014": tool(
    "auth",
    "http_401",
    false,
    "isError 'GraphQL Error (Code: 401)' with '[API] Invalid API key or access token (unrecognized login or wrong password)': the token was revoked.",
  ),
  "shop-015": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool shopify-drop-store not found': the words decide, unknown tool.",
  ),
  "shop-016": tool(
    "transient",
    "econnrefused",
    true,
    "isError '… failed, reason: connect ECONNREFUSED 127.0.0.1:38603': Shopify is unreachable.",
  ),
};
