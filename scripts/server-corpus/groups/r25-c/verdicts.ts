// Verdicts for group r25-c, written from the captured exchanges (test/fixtures/server-corpus/groups/r25-c.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, silent, tool, wire } from "../../verdict-helpers.js";

const NO_HANDLER =
  "server-yelp-fusionai registers its tools with registerCapabilities only and sets no tools/call handler, so the SDK answers every call with JSON-RPC -32601 Method not found";

export const VERDICTS: Record<string, Verdict> = {
  // ------------------------------------------------------------------------------------------ food402 (stdio)
  "tgo-001": ok("the two saved addresses (home and work) as JSON, after the cookie login"),
  "tgo-002": ok('"success": true, "Delivery address selected" with the home address'),
  "tgo-003": ok("four restaurants near home with rating, distance and minimum basket"),
  "tgo-004": ok("two dürüm restaurants with their products; the closed one carries the server's warning"),
  "tgo-005": ok('a search that found nothing: "restaurants": [], "totalCount": 0', true),
  "tgo-006": ok("the restaurant's info and menu: two sections, three items"),
  "tgo-007": tool(
    "validation",
    "http_404",
    false,
    'isError "Error: Failed to fetch restaurant menu: 404 Not Found": the restaurant id does not exist',
  ),
  "tgo-008": ok("the Adana dürüm's price and its drink and ingredient options"),
  "tgo-009": ok(
    '"found": true with the matched Google place (score 75), rating 4.4 from 1873 ratings, three reviews and the TGO/Google comparison',
  ),
  "tgo-010": silent(
    "validation",
    null,
    false,
    'an ok result {"found": false, "error": "No Google Places found for \\"Karadeniz Pide Salonu\\" near Esentepe Mah."}: the reviews of one named restaurant were asked for and Google has no listing for it; an error member and no data, so a silent not-found rather than an empty search',
  ),
  "tgo-011": silent(
    "validation",
    "http_400",
    false,
    'an ok result {"found": false, "error": "Google Places search failed: 400 Bad Request"}: the Places call failed (the key was rejected, which the text does not say; only the status line reaches the agent) and the tool reports it as data',
  ),
  "tgo-012": ok("the cart after adding two Adana dürüm with ayran: 2 products, 440 TL"),
  "tgo-013": tool(
    "validation",
    "-32602",
    false,
    'isError "MCP error -32602: Input validation error: … Expected number, received string at latitude …": the coordinates passed as strings where the tool takes numbers',
  ),
  "tgo-014": ok("the cart: one store group, the two dürüm with modifier and excluded onion, 440 TL"),
  "tgo-015": ok('the one saved card (masked), "hasCards": true'),
  "tgo-016": ok('"ready": true with the cart and no warnings'),
  "tgo-017": silent(
    "validation",
    null,
    false,
    'an ok result {"success": false, "message": "Card with ID 88213374 not found. Use get_saved_cards to see available cards."}: the order was not placed because the card id is wrong',
  ),
  "tgo-018": ok('"success": true, "orderId": "11052881094", "Order placed successfully!"'),
  "tgo-019": ok("the delivered order in full: status steps, products, price, payment and address"),
  "tgo-020": tool(
    "validation",
    "http_404",
    false,
    'isError "Error: Failed to fetch order detail: 404 Not Found": no such order for this user',
  ),
  "tgo-021": silent(
    "business",
    null,
    false,
    'an ok result {"success": false, "requiresOtp": true, "message": "OTP verification required. Please add this address through the TGO Yemek website."}: the service refused to add the address without SMS verification, which the agent cannot do',
  ),
  "tgo-022": tool(
    "auth",
    "http_401",
    false,
    'isError "Error: Failed to fetch restaurants: 401 Unauthorized": the session token is no longer accepted',
  ),
  "tgo-023": tool(
    "rate_limited",
    "http_429",
    true,
    'isError "Error: Failed to fetch restaurants: 429 Too Many Requests" (the Retry-After header does not reach the agent)',
  ),
  "tgo-024": tool(
    "transient",
    "http_503",
    true,
    'isError "Error: Failed to get basket: 503 Service Unavailable": the gateway\'s 503 page, shown only as its status line',
  ),
  "tgo-025": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s: the SDK client raised -32001 Request timed out",
  ),
  "tgo-026": tool(
    "transient",
    null,
    true,
    'isError "Error: fetch failed": the service could not be reached (the refused connection\'s code is not in the text)',
  ),
  "tgo-027": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError "MCP error -32602: Tool track_courier not found": the server has no such tool',
  ),

  // ----------------------------------------------------------------------------- cookunity-mcp-server (stdio)
  "cku-001": ok("the account as JSON (plan, delivery window, credit, address), after the Auth0 login"),
  "cku-002": ok(
    "the delivery calendar: a locked week with its order, an editable week with a cart, a week of picks",
  ),
  "cku-003": ok("next Monday's menu: four meals with chef, price, rating and stock"),
  "cku-004": ok('"Found 1 meals": the miso salmon'),
  "cku-005": ok('a search that found nothing: "Found 0 meals", structured total 0 and meals []', true),
  "cku-006": ok("the miso salmon in full: nutrition, ingredients, allergens, tags"),
  "cku-007": tool(
    "validation",
    null,
    false,
    'isError "Error: Meal not found (meal_id=10931) for date 2026-12-14. The menu changes weekly …": the meal is not on that week\'s menu',
  ),
  "cku-008": ok("next Monday's cart: one tikka masala bowl, $11.49"),
  "cku-009": ok('"Added 2 portion(s) to cart for 2026-12-14. Cart now has 3 item(s)."'),
  "cku-010": tool(
    "business",
    null,
    false,
    'isError "Error: GraphQL errors: Product ii-135061877 is out of stock for 2026-12-14": the API refused the meal because it is sold out (the GraphQL error\'s extensions code is not passed on)',
  ),
  "cku-011": ok("the price breakdown: six plan meals, $71.94, $56.94 after credits"),
  "cku-012": ok('"Order confirmed for 2026-12-14! 2 meals locked in. Order ID: 73502219"'),
  "cku-013": ok('"Delivery for 2026-12-21 has been skipped."'),
  "cku-014": tool(
    "business",
    null,
    false,
    'isError "Error: The cutoff time for this delivery has passed. …": the skip was refused by the delivery\'s state (an OrderCreationError from the API)',
  ),
  "cku-015": ok("November's one invoice as JSON, with its order, items and the user's review"),
  "cku-016": tool(
    "validation",
    "-32602",
    false,
    'isError "MCP error -32602: Input validation error: … Date must be YYYY-MM-DD format at date": the date written 12/14/2026',
  ),
  "cku-017": tool(
    "rate_limited",
    null,
    true,
    'isError "Error: Rate limited by CookUnity API. Please wait before retrying." (the 429 and its Retry-After are not in the text)',
  ),
  "cku-018": tool(
    "auth",
    null,
    false,
    'isError "Error: Authentication expired. Please check your COOKUNITY_EMAIL and COOKUNITY_PASSWORD.": the API answered 401 to the cached token',
  ),
  "cku-019": tool(
    "internal",
    "http_500",
    true,
    'isError "Error: CookUnity API error (HTTP 500): Request failed with status code 500": the GraphQL service failed',
  ),
  "cku-020": tool(
    "transient",
    "http_502",
    true,
    'isError "Error: CookUnity API error (HTTP 502): Request failed with status code 502": Cloudflare\'s 502 page, shown only as its status',
  ),
  "cku-021": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s: the SDK client raised -32001 Request timed out",
  ),
  "cku-022": tool(
    "transient",
    "econnrefused",
    true,
    'isError "Error: CookUnity API error (HTTP unknown): connect ECONNREFUSED 127.0.0.1:41751": the service could not be reached',
  ),
  "cku-023": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError "MCP error -32602: Tool cookunity_rate_meal not found": the server has no such tool',
  ),
  "cku-024": tool(
    "auth",
    null,
    false,
    'isError "Error: Authentication failed: Wrong email or password.": Auth0 refused the configured password (403 access_denied; only its description reaches the agent)',
  ),
  "cku-025": tool(
    "auth",
    null,
    false,
    "the same wrong-password refusal for the same call, repeated unchanged right after it failed",
    true,
  ),
  "cku-026": tool(
    "auth",
    null,
    false,
    'isError "Error: Authentication failed: Your account has been blocked after multiple consecutive login attempts. We\'ve sent you an email …": the login is blocked until the user unblocks it from the e-mail, so no wait makes the same call succeed; the third identical call after non-retryable failures',
    true,
  ),

  // ----------------------------------------------------------------------------- server-yelp-fusionai (stdio)
  "yfa-001": rpc("unknown_tool", "-32601", false, `JSON-RPC error -32601 "Method not found": ${NO_HANDLER}`),
  "yfa-002": rpc(
    "unknown_tool",
    "-32601",
    false,
    "the same -32601 Method not found for the same search, repeated unchanged right after it failed",
    true,
  ),
  "yfa-003": rpc(
    "unknown_tool",
    "-32601",
    false,
    `-32601 "Method not found" for the business details: ${NO_HANDLER}`,
  ),
  "yfa-004": rpc("unknown_tool", "-32601", false, `-32601 "Method not found" for the reviews: ${NO_HANDLER}`),
};
