// Group r20-b: payments, subscriptions and commerce platforms — Razorpay (payments, India), eBay's Sell APIs
// (a marketplace seller's inventory, orders and listings) and Lemon Squeezy (a merchant of record for digital
// products: orders, subscriptions, licence keys) — each behind a loopback stand-in that answers with the real
// service's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r20-b && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r20-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  EBAY_CLIENT_ID,
  EBAY_CLIENT_SECRET,
  EBAY_PORT,
  LEMON_API_KEY,
  LEMON_PROXY_PORT,
  LICENSES,
  RAZORPAY_PROXY_PORT,
  RZP_KEY_ID,
  RZP_KEY_SECRET,
  clearTimers,
  ebayStandin,
  ensureCertificate,
  lemonStandin,
  razorpayStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "razorpay-mcp": "0.1.5",
  "ebay-mcp": "1.15.0",
  "@yawlabs/lemonsqueezy-mcp": "1.0.0",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

// ----------------------------------------------------------------------------------------------- Razorpay

const DEC_01 = 1764547200; // 2025-12-01 00:00 UTC
const DEC_05 = 1764892800; // 2025-12-05 00:00 UTC
const YEAR_AGO = 1733011200; // 2024-12-01 00:00 UTC

const razorpay: SessionSpec = {
  label: "r20-b-razorpay",
  server: "razorpay-mcp",
  transport: "stdio",
  start: stdioServer("r20-b-razorpay", "razorpay-mcp", {
    from: FROM,
    cwd: DATA,
    bin: "razorpay-mcp-stdio",
    args: ["--key-id", RZP_KEY_ID, "--key-secret", RZP_KEY_SECRET],
    env: {
      HTTPS_PROXY: `http://127.0.0.1:${RAZORPAY_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      HOME,
    },
  }),
  steps: [
    step("rzp-001", "getAllOrders", { count: 5 }, "the five latest orders"),
    step(
      "rzp-002",
      "getAllPayments",
      { count: 10 },
      "recent payments (one failed: its error_code and error_description are filled)",
    ),
    step("rzp-003", "getAllSettlements", {}, "settlements (there are none yet)"),
    step("rzp-004", "getAllRefunds", { from: DEC_01, to: DEC_05 }, "refunds in the first days of December"),
    step("rzp-005", "getAllDisputes", {}, "disputes (there are none)"),
    step("rzp-006", "getAllInvoices", { count: 3 }, "the three latest invoices"),
    step("rzp-007", "getAccountBalance", { accountId: "acc_NZk4p1R8sT2uVw" }, "a Route linked account"),
    step(
      "rzp-008",
      "getAccountBalance",
      { accountId: "acc_Qm9vX2kL4pR7sT" },
      "a linked account id that does not exist (400 The id provided does not exist)",
    ),
    step(
      "rzp-009",
      "getAccountBalance",
      { accountId: "acc_Qm9vX2kL4pR7sT" },
      "the same missing account again, unchanged",
    ),
    step("rzp-010", "getAllCustomers", { count: 2 }, "customers"),
    step("rzp-011", "getAllTransactions", {}, "Route transfers"),
    step(
      "rzp-012",
      "getAllVPAs",
      {},
      "virtual accounts on an account without Smart Collect (400 The requested URL was not found on the server.)",
    ),
    step(
      "rzp-013",
      "getAllOrders",
      { from: DEC_05, to: DEC_01 },
      "orders with from after to (400 BAD_REQUEST_ERROR)",
    ),
    step(
      "rzp-014",
      "getAllPayments",
      { count: 10 },
      "payments after the key was regenerated (401 Authentication failed)",
      flag("rzpRevoked"),
    ),
    step("rzp-015", "getAllOrders", { count: 5 }, "orders while the API answers 429", flag("rzpRateLimited")),
    step(
      "rzp-016",
      "getAllInvoices",
      { count: 3 },
      "invoices while the API answers 500 SERVER_ERROR",
      flag("rzpServerError"),
    ),
    step(
      "rzp-017",
      "getAllPayments",
      { count: 10 },
      "payments while nginx answers an HTML 502",
      flag("rzpBadGateway"),
    ),
    step(
      "rzp-018",
      "getAllRefunds",
      { from: YEAR_AGO, to: DEC_05 },
      "a year of refunds the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "rzp-019",
      "getAllOrders",
      { count: 5 },
      "orders while Razorpay cannot be reached",
      down(razorpayStandin),
    ),
    step("rzp-020", "getAllOrders", { count: 500 }, "a count above the tool's maximum of 100"),
    step("rzp-021", "getAccountBalance", {}, "the linked-account tool without its accountId"),
    step("rzp-022", "getPaymentLinks", { count: 5 }, "a tool the server does not have"),
    step(
      "rzp-023",
      "getAllOrders",
      [5] as unknown as Record<string, unknown>,
      "arguments sent as a JSON array instead of an object (the request itself is malformed)",
    ),
  ],
};

// --------------------------------------------------------------------------------------------------- eBay

const ebay: SessionSpec = {
  label: "r20-b-ebay",
  server: "ebay-mcp",
  transport: "stdio",
  start: stdioServer("r20-b-ebay", "ebay-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      EBAY_CLIENT_ID,
      EBAY_CLIENT_SECRET,
      EBAY_ENVIRONMENT: "production",
      EBAY_REDIRECT_URI: "Fieldnote_Home-Fieldnot-corpus-abcdefg",
      EBAY_MCP_API_BASE_URL: `http://127.0.0.1:${EBAY_PORT}`,
      EBAY_MCP_TOOLS: "account,fulfillment,inventory,other,trading",
      EBAY_LOG_LEVEL: "warn",
      HOME,
    },
  }),
  steps: [
    step("eb-001", "ebay_get_user", {}, "who the seller account is (Identity API)"),
    step("eb-002", "ebay_get_inventory_items", { limit: 10 }, "the seller's inventory items"),
    step("eb-003", "ebay_get_inventory_item", { sku: "FN-TEAPOT-CAST-IRON-06" }, "one inventory item by SKU"),
    step(
      "eb-004",
      "ebay_get_inventory_item",
      { sku: "FN-MUG-STONEWARE-03" },
      "a SKU the seller does not have (404, errorId 25710)",
    ),
    step(
      "eb-005",
      "ebay_get_inventory_item",
      { sku: "FN-MUG-STONEWARE-03" },
      "the same missing SKU again, unchanged",
    ),
    step(
      "eb-006",
      "ebay_get_orders",
      { filter: "orderfulfillmentstatus:{NOT_STARTED|IN_PROGRESS}" },
      "orders waiting to ship (the buyer's note mentions an 'Error 404' tracking page)",
    ),
    step(
      "eb-007",
      "ebay_get_orders",
      { filter: "creationdate:[2019-01-01T00:00:00.000Z..2019-02-01T00:00:00.000Z]" },
      "orders from January 2019 (there are none)",
    ),
    step("eb-008", "ebay_get_order", { orderId: "12-11873-40291" }, "one order"),
    step("eb-009", "ebay_get_privileges", {}, "the seller's selling limits"),
    step(
      "eb-010",
      "ebay_create_offer",
      {
        body: {
          sku: "FN-TEAPOT-CAST-IRON-06",
          marketplaceId: "EBAY_US",
          format: "FIXED_PRICE",
          availableQuantity: 14,
          categoryId: "46341",
          pricingSummary: { price: { value: "64.00", currency: "USD" } },
        },
      },
      "create an offer for a SKU that already has one (25002 Offer entity already exists)",
    ),
    step(
      "eb-011",
      "ebay_publish_offer",
      { offerId: "9481170044" },
      "publish an offer whose location has no country (25002 No <Item.Country> exists)",
    ),
    step(
      "eb-012",
      "ebay_bulk_update_price_quantity",
      {
        body: {
          requests: [
            {
              sku: "FN-TEAPOT-CAST-IRON-06",
              shipToLocationAvailability: { quantity: 12 },
              offers: [{ offerId: "9481170010", availableQuantity: 12 }],
            },
            {
              sku: "FN-MUG-STONEWARE-03",
              shipToLocationAvailability: { quantity: 30 },
              offers: [{ offerId: "9481170031", availableQuantity: 30 }],
            },
          ],
        },
      },
      "update two SKUs' quantities; the second SKU does not exist (200 with one 404 inside)",
    ),
    step(
      "eb-013",
      "ebay_bulk_update_price_quantity",
      {
        body: {
          requests: [
            {
              sku: "FN-MUG-STONEWARE-03",
              shipToLocationAvailability: { quantity: 30 },
              offers: [{ offerId: "9481170031", availableQuantity: 30 }],
            },
            {
              sku: "FN-BOWL-MATCHA-01",
              shipToLocationAvailability: { quantity: 8 },
              offers: [{ offerId: "9481170032", availableQuantity: 8 }],
            },
          ],
        },
      },
      "update two SKUs that both do not exist (200, every response a 404)",
    ),
    step(
      "eb-014",
      "ebay_get_active_listings",
      { page: 1, entriesPerPage: 25 },
      "active listings (Trading API GetMyeBaySelling)",
    ),
    step(
      "eb-015",
      "ebay_end_listing",
      { itemId: "326104550117", reason: "NotAvailable" },
      "end a listing that has already ended (Trading API Ack Failure 1047)",
    ),
    step("eb-016", "ebay_get_payment_dispute_summaries", {}, "payment disputes (there are none)"),
    step(
      "eb-017",
      "ebay_get_orders",
      { filter: "orderfulfillmentstatus:{NOT_STARTED|IN_PROGRESS}" },
      "orders after the application's token was revoked (401 errorId 1001)",
      flag("ebayRevoked"),
    ),
    step(
      "eb-018",
      "ebay_get_privileges",
      {},
      "selling limits with a token that lacks the account scope (403 errorId 1100)",
      flag("ebayForbidden"),
    ),
    step(
      "eb-019",
      "ebay_get_inventory_items",
      { limit: 10 },
      "inventory while eBay answers 429 (errorId 2001, Retry-After: 1)",
      flag("ebayRateLimited"),
    ),
    step(
      "eb-020",
      "ebay_get_inventory_item",
      { sku: "FN-TEAPOT-CAST-IRON-06" },
      "an item while eBay answers 500 (errorId 25001); the server retries three times",
      flag("ebayServerError"),
    ),
    step(
      "eb-021",
      "ebay_get_order",
      { orderId: "12-11873-40291" },
      "an order while the edge answers an HTML 503; the server retries three times",
      flag("ebayUnavailable"),
    ),
    step(
      "eb-022",
      "ebay_get_inventory_item",
      { sku: "FN-SLOW-EXPORT" },
      "an item eBay takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "eb-023",
      "ebay_get_privileges",
      {},
      "selling limits while eBay cannot be reached",
      down(ebayStandin),
    ),
    step("eb-024", "ebay_get_inventory_items", { limit: "ten" }, "a limit given as a word"),
    step("eb-025", "ebay_get_seller_standards", {}, "a tool the server does not have"),
    step(
      "eb-026",
      "ebay_get_order",
      "12-11873-40291" as unknown as Record<string, unknown>,
      "arguments sent as a bare string instead of an object (the request itself is malformed)",
    ),
  ],
};

// ------------------------------------------------------------------------------------------- Lemon Squeezy

const lemon: SessionSpec = {
  label: "r20-b-lemonsqueezy",
  server: "@yawlabs/lemonsqueezy-mcp",
  transport: "stdio",
  start: stdioServer("r20-b-lemonsqueezy", "@yawlabs/lemonsqueezy-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      LEMONSQUEEZY_API_KEY: LEMON_API_KEY,
      LEMONSQUEEZY_MAX_REFUND_AMOUNT_CENTS: "10000",
      HTTPS_PROXY: `http://127.0.0.1:${LEMON_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import=${path.join(FROM, "proxy-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step("ls-001", "ls_get_user", {}, "who the API key belongs to"),
    step("ls-002", "ls_list_stores", {}, "the account's stores"),
    step("ls-003", "ls_list_orders", { storeId: "71904" }, "the store's orders"),
    step("ls-004", "ls_get_order", { orderId: "3895011" }, "one order"),
    step("ls-005", "ls_get_order", { orderId: "3999999" }, "an order id that does not exist (404)"),
    step("ls-006", "ls_get_order", { orderId: "3999999" }, "the same missing order again, unchanged"),
    step(
      "ls-007",
      "ls_list_subscriptions",
      { storeId: "71904", status: "past_due" },
      "past-due subscriptions (one)",
    ),
    step(
      "ls-008",
      "ls_list_subscriptions",
      { storeId: "71904", status: "paused" },
      "paused subscriptions (there are none)",
    ),
    step(
      "ls-009",
      "ls_create_checkout",
      { storeId: "71904", variantId: "402999", email: "lena@example.at" },
      "a checkout for a variant that does not exist (422 The related resource does not exist.)",
    ),
    step(
      "ls-010",
      "ls_refund_order",
      { orderId: "3895011", amount: 25000 },
      "refund 250.00, above the server's refund cap of 100.00 (a guardrail)",
    ),
    step(
      "ls-011",
      "ls_refund_order",
      { orderId: "3894770", amount: 3480 },
      "refund an order that was already refunded (422)",
    ),
    step(
      "ls-012",
      "ls_cancel_subscription",
      { subscriptionId: "1190453" },
      "cancel the past-due subscription",
    ),
    step("ls-013", "ls_validate_license", { licenseKey: LICENSES.ok }, "validate an active licence key"),
    step(
      "ls-014",
      "ls_validate_license",
      { licenseKey: LICENSES.expired },
      "validate an expired licence key (200, valid: false)",
    ),
    step(
      "ls-015",
      "ls_validate_license",
      { licenseKey: "0d6f2b9e-3a41-4c7d-8e25-f1b0a9c4d713" },
      "validate a key that does not exist (404 license_key not found.)",
    ),
    step(
      "ls-016",
      "ls_activate_license",
      { licenseKey: LICENSES.full, instanceName: "studio-mac-03" },
      "activate a key at its activation limit (400)",
    ),
    step(
      "ls-017",
      "ls_get_user",
      {},
      "who the API key belongs to, after the user was removed from the team (200, data null)",
      flag("lsUserGone"),
    ),
    step(
      "ls-018",
      "ls_list_stores",
      {},
      "stores after the API key was revoked (401 Unauthenticated.)",
      flag("lsRevoked"),
    ),
    step(
      "ls-019",
      "ls_list_orders",
      { storeId: "71904" },
      "orders with a key whose team role may not read orders (403)",
      flag("lsForbidden"),
    ),
    step(
      "ls-020",
      "ls_list_orders",
      { storeId: "71904" },
      "orders while the API answers 429 (Retry-After: 60)",
      flag("lsRateLimited"),
    ),
    step(
      "ls-021",
      "ls_get_order",
      { orderId: "3895011" },
      "an order while the API answers 500",
      flag("lsServerError"),
    ),
    step("ls-022", "ls_list_stores", {}, "stores while Cloudflare answers an HTML 502", flag("lsBadGateway")),
    step(
      "ls-023",
      "ls_list_orders",
      { storeId: "71904", userEmail: "slow-export@inkwell-fonts.example" },
      "orders the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "ls-024",
      "ls_get_order",
      { orderId: "3895011" },
      "an order while Lemon Squeezy cannot be reached",
      down(lemonStandin),
    ),
    step("ls-025", "ls_get_order", { orderId: "order-3895011" }, "an order id that is not a number"),
    step("ls-026", "ls_list_payouts", { storeId: "71904" }, "a tool the server does not have"),
  ],
};

export const SESSIONS: SessionSpec[] = [razorpay, ebay, lemon];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  // ebay-mcp writes the app token it obtains to a .env in its own package folder and reads it at start;
  // remove it so every capture starts from the same place.
  fs.rmSync(path.join(FROM, "node_modules", "ebay-mcp", ".env"), { force: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
    fs.rmSync(path.join(FROM, "node_modules", "ebay-mcp", ".env"), { force: true });
  };
}
