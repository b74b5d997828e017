// Group r26-c: shipping, logistics and marketplaces — the fulfilment side of two commerce back offices: a Shopify
// store's locations, orders, fulfillment orders, tracking and stock (@junis/shopify-mcp) and a Headless Commerce
// store's orders, fulfillments, inventory and shipping discounts (@headless-commerce/mcp-server), each behind a
// loopback stand-in that answers with the real service's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r26-c && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r26-c

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec, type Step } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  HC_CUSTOMER,
  HC_INV_ITEM,
  HC_KEY,
  HC_LINE,
  HC_LINE_2,
  HC_ORDER,
  HC_ORDER_CANCELLED,
  HC_ORDER_MISSING,
  HC_PORT,
  HC_SLOW_QUERY,
  SHOPIFY_PORT,
  SHOP_DOMAIN,
  SHOP_LEVEL,
  SHOP_ORDER,
  SHOP_ORDER_MISSING,
  SHOP_SLOW_QUERY,
  SHOP_TOKEN,
  clearTimers,
  ensureCertificate,
  hcStandin,
  shopifyStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@junis/shopify-mcp": "1.4.4",
  "@headless-commerce/mcp-server": "0.1.4",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

/** The token loses its fulfillment-order scopes before this call (and keeps them lost for the next one). */
const scopeLost: Partial<Step> = {
  before: async () => {
    state.shopScopeMissing = true;
  },
};
const scopeBack: Partial<Step> = {
  after: async () => {
    state.shopScopeMissing = false;
  },
};

// -------------------------------------------------------------------------------------------- Shopify (@junis)

const shopify: SessionSpec = {
  label: "r26-c-shopify",
  server: "@junis/shopify-mcp",
  transport: "stdio",
  start: stdioServer("r26-c-shopify", "@junis/shopify-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      SHOPIFY_ACCESS_TOKEN: SHOP_TOKEN,
      SHOPIFY_DOMAIN: SHOP_DOMAIN,
      SHOPIFY_STANDIN_PORT: String(SHOPIFY_PORT),
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import=${path.join(FROM, "https-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step("jsh-001", "get-shop", {}, "the shop: plan, currency, ship-to countries, shipping policy"),
    step("jsh-002", "get-locations", {}, "the shop's locations: a warehouse, a store, a 3PL"),
    step(
      "jsh-003",
      "get-orders",
      { first: 5, query: "fulfillment_status:unfulfilled", sortKey: "CREATED_AT" },
      "orders waiting to ship",
    ),
    step(
      "jsh-004",
      "get-orders",
      { first: 5, query: "tag:wholesale fulfillment_status:unfulfilled" },
      "wholesale orders waiting to ship (none)",
    ),
    step(
      "jsh-005",
      "get-orders",
      { first: 10, sortKey: "CREATED_AT", reverse: true },
      "the latest orders, shipped or not",
    ),
    step("jsh-006", "get-order-by-id", { orderId: SHOP_ORDER }, "a delivered order with its UPS tracking"),
    step(
      "jsh-007",
      "get-order-by-id",
      { orderId: SHOP_ORDER_MISSING },
      "an order id with two digits mistyped (the API answers order: null)",
    ),
    step(
      "jsh-008",
      "get-fulfillment-orders",
      { first: 10, query: "status:open" },
      "open fulfillment orders and where they ship from",
    ),
    step(
      "jsh-009",
      "get-fulfillment-orders",
      { first: 10, query: "status:on_hold" },
      "fulfillment orders on hold (one, an address problem)",
    ),
    step(
      "jsh-010",
      "get-fulfillment-orders",
      { first: 50, includeClosed: true },
      "fifty fulfillment orders with closed ones (query cost over Shopify's 1000 limit)",
    ),
    step(
      "jsh-011",
      "get-inventory-level",
      { inventoryLevelId: SHOP_LEVEL },
      "the Ridgeline pack's stock at the Reno warehouse",
    ),
    step(
      "jsh-012",
      "get-inventory-level",
      { inventoryLevelId: "118530261051" },
      "an inventory level by its bare number instead of its global id",
    ),
    step(
      "jsh-013",
      "get-inventory-transfers",
      { first: 5, query: "status:in_progress" },
      "the stock transfer in flight from Reno to the 3PL",
    ),
    step(
      "jsh-014",
      "get-counts",
      { resourceType: "ORDERS", query: "fulfillment_status:unshipped" },
      "how many orders are unshipped",
    ),
    step(
      "jsh-015",
      "get-shopifyql-analytics",
      {
        query:
          "FROM sales SHOW orders, shipping_charges GROUP BY shipping_region SINCE -30d ORDER BY orders DESC",
      },
      "orders and shipping charges by region over 30 days",
    ),
    step(
      "jsh-016",
      "get-shopifyql-analytics",
      { query: "FROM sales SHOW SUM(shipping_charges) GROUP BY shipping_region SINCE -30d" },
      "the same with SUM(), which ShopifyQL does not have",
    ),
    step(
      "jsh-017",
      "get-fulfillment-orders",
      { first: 10, query: "status:open" },
      "open fulfillment orders after the app's token lost its fulfillment-order scopes",
      scopeLost,
    ),
    step(
      "jsh-018",
      "get-fulfillment-orders",
      { first: 10, query: "status:open" },
      "the same call again, scopes still missing",
      scopeBack,
    ),
    step(
      "jsh-019",
      "get-orders",
      { first: 10, query: "fulfillment_status:unfulfilled" },
      "orders to ship while the query-cost bucket is empty (THROTTLED)",
      flag("shopThrottled"),
    ),
    step(
      "jsh-020",
      "get-locations",
      { includeInactive: true },
      "locations after the app was uninstalled (token revoked, 401)",
      flag("shopTokenRevoked"),
    ),
    step(
      "jsh-021",
      "get-shop",
      {},
      "the shop while it is frozen for an unpaid bill (402)",
      flag("shopFrozen"),
    ),
    step(
      "jsh-022",
      "get-inventory-transfers",
      { first: 5 },
      "transfers while Shopify answers INTERNAL_SERVER_ERROR",
      flag("shopInternal"),
    ),
    step(
      "jsh-023",
      "get-orders",
      { first: 50, query: SHOP_SLOW_QUERY },
      "a search Shopify takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("jsh-024", "get-shop", {}, "the shop while Shopify cannot be reached", down(shopifyStandin)),
    step(
      "jsh-025",
      "create-fulfillment",
      { orderId: SHOP_ORDER, trackingNumber: "1Z8A41W90397221846" },
      "a tool the read-only server does not have",
    ),
  ],
};

// ----------------------------------------------------------------------------------------- Headless Commerce

const headless: SessionSpec = {
  label: "r26-c-headless",
  server: "@headless-commerce/mcp-server",
  transport: "stdio",
  start: stdioServer("r26-c-headless", "@headless-commerce/mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      HEADLESS_COMMERCE_API_KEY: HC_KEY,
      HEADLESS_COMMERCE_API_URL: `http://127.0.0.1:${HC_PORT}/v1`,
      HOME,
    },
  }),
  steps: [
    step("hcm-001", "get_store", {}, "the store's settings"),
    step("hcm-002", "get_dashboard_stats", { period: "7" }, "the last 7 days: orders, revenue, low stock"),
    step(
      "hcm-003",
      "list_orders",
      { status: "confirmed", fulfillment_status: "unfulfilled", limit: 20 },
      "confirmed orders waiting to ship",
    ),
    step(
      "hcm-004",
      "list_orders",
      { status: "processing", fulfillment_status: "partially_fulfilled" },
      "orders shipped in part (none)",
    ),
    step("hcm-005", "get_order", { id: HC_ORDER }, "order 1043 with its lines and payment"),
    step("hcm-006", "get_order", { id: HC_ORDER_MISSING }, "an order id that does not exist (404)"),
    step("hcm-007", "get_order", { id: HC_ORDER_MISSING }, "the same lookup again, unchanged"),
    step(
      "hcm-008",
      "create_fulfillment",
      {
        order_id: HC_ORDER,
        lines: [
          { order_line_id: HC_LINE, quantity: 3 },
          { order_line_id: HC_LINE_2, quantity: 2 },
        ],
        carrier: "UPS",
        tracking_number: "1Z8A41W90312845527",
        tracking_url: "https://www.ups.com/track?tracknum=1Z8A41W90312845527",
      },
      "ship order 1043 in full with UPS tracking",
    ),
    step(
      "hcm-009",
      "create_fulfillment",
      { order_id: HC_ORDER, lines: [{ order_line_id: HC_LINE, quantity: 5 }], carrier: "USPS" },
      "fulfil five test-tile boxes where three were ordered (422)",
    ),
    step(
      "hcm-010",
      "confirm_order",
      { id: "ord_01JEQA4D7G0J3M6P9S2V5Y8B1E" },
      "confirm the pending order 1045",
    ),
    step(
      "hcm-011",
      "confirm_order",
      { id: HC_ORDER_CANCELLED },
      "confirm an order the customer cancelled (409 state transition)",
    ),
    step("hcm-012", "list_inventory", { limit: 50 }, "stock levels of every variant"),
    step(
      "hcm-013",
      "adjust_inventory",
      { item_id: HC_INV_ITEM, quantity: 24, reason: "Received PO-2211 from supplier" },
      "receive 24 boxes of test tiles",
    ),
    step(
      "hcm-014",
      "adjust_inventory",
      { item_id: HC_INV_ITEM, quantity: 2.5, reason: "Cycle count" },
      "adjust by two and a half boxes (400, not an integer)",
    ),
    step("hcm-015", "list_customers", { q: "kobayashi" }, "find the wholesale customer"),
    step("hcm-016", "list_customers", { q: "freightliner" }, "a customer search that finds nobody"),
    step("hcm-017", "get_customer", { id: HC_CUSTOMER }, "the customer's addresses and shipping account"),
    step(
      "hcm-018",
      "create_discount",
      {
        name: "Holiday free shipping",
        type: "code",
        code: "SHIPFREE26",
        value_type: "free_shipping",
        value: 0,
        usage_limit: 500,
        ends_at: "2026-12-31T23:59:59Z",
      },
      "a free-shipping code for the holidays",
    ),
    step(
      "hcm-019",
      "list_orders",
      { fulfillment_status: "unfulfilled" },
      "orders to ship while the API rate-limits (429 on every try)",
      flag("hcRateLimited"),
    ),
    step(
      "hcm-020",
      "get_order",
      { id: HC_ORDER },
      "order 1043 after the secret key was revoked (401)",
      flag("hcKeyRevoked"),
    ),
    step(
      "hcm-021",
      "cancel_order",
      { id: HC_ORDER, reason: "Customer asked to cancel" },
      "cancel with a restricted key lacking orders:write (403)",
      flag("hcRestrictedKey"),
    ),
    step("hcm-022", "list_inventory", {}, "stock levels while the API answers 500", flag("hcServerError")),
    step(
      "hcm-023",
      "get_dashboard_stats",
      { period: "30" },
      "the dashboard while Cloudflare answers a 502 page",
      flag("hcBadGateway"),
    ),
    step(
      "hcm-024",
      "list_products",
      { q: HC_SLOW_QUERY },
      "a product search the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("hcm-025", "get_store", {}, "the store while the API cannot be reached", down(hcStandin)),
  ],
};

export const SESSIONS: SessionSpec[] = [shopify, headless];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
