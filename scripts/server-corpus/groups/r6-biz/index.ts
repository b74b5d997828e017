// Group r6-biz: commerce, CRM and ERP servers (WooCommerce, Salesforce, ERPNext) behind loopback
// stand-ins that answer with the real APIs' error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r6-biz && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r6-biz

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { killMidCall, step } from "../../steps.js";
import {
  ERP_KEY,
  ERP_PORT,
  ERP_SECRET,
  SF_PASSWORD,
  SF_PORT,
  SF_USER,
  WOO_KEY,
  WOO_PORT,
  WOO_SECRET,
  SHOP_CERT,
  SHOP_PORT,
  SHOP_TOKEN,
  erpStandin,
  shopStandin,
  sfStandin,
  state,
  wooStandin,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));
const DATA = "/tmp/faultline-corpus-r6-biz";

export const PACKAGES: Record<string, string> = {
  "@lockon0927/woocommerce-mcp": "1.0.6",
  "@tsmztech/mcp-server-salesforce": "0.0.6",
  "@casys/mcp-erpnext": "3.0.4",
  "shopify-mcp": "1.0.8",
};

const woo: SessionSpec = {
  label: "r6-biz-woocommerce",
  server: "@lockon0927/woocommerce-mcp",
  transport: "stdio",
  start: stdioServer("r6-biz-woocommerce", "@lockon0927/woocommerce-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      WORDPRESS_SITE_URL: `http://127.0.0.1:${WOO_PORT}`,
      WOOCOMMERCE_CONSUMER_KEY: WOO_KEY,
      WOOCOMMERCE_CONSUMER_SECRET: WOO_SECRET,
    },
  }),
  steps: [
    step("woo-001", "woo_products_list", { perPage: 5 }, "list the store's products"),
    step("woo-002", "woo_products_get", { productId: 11 }, "get one product by id"),
    step("woo-003", "woo_products_list", { search: "zeppelin" }, "search products for a word none has"),
    step("woo-004", "woo_products_get", { productId: 999 }, "get a product id that does not exist"),
    step("woo-005", "woo_products_get", { productId: 999 }, "the same missing product again, unchanged"),
    step("woo-006", "woo_products_list", { perPage: 500 }, "perPage above the API's maximum of 100"),
    step("woo-007", "woo_products_get", { productId: "eleven" }, "a product id given as a word"),
    step(
      "woo-008",
      "woo_products_create",
      { name: "Brass hinge 80mm", type: "simple", regularPrice: "5.40" },
      "create a product with a read-only API key",
    ),
    step(
      "woo-009",
      "woo_orders_list",
      { perPage: 5 },
      "list orders while the store rate-limits (429, Retry-After)",
      {
        before: async () => {
          state.wooRateLimited = true;
        },
        after: async () => {
          state.wooRateLimited = false;
        },
      },
    ),
    step(
      "woo-010",
      "woo_orders_get",
      { orderId: 501 },
      "get an order while WordPress hits a fatal error (500)",
    ),
    step(
      "woo-011",
      "woo_reports_sales",
      { period: "month" },
      "sales report while the site is in maintenance mode (503 HTML)",
    ),
    step(
      "woo-012",
      "woo_products_create",
      { productData: { name: "Brass hinge 80mm", type: "simple", regularPrice: "5.40" } },
      "create a product with a read-only API key (403)",
    ),
    step("woo-013", "woo_coupons_get", { couponId: 5 }, "get a coupon from a store that answers after 15 s", {
      timeoutMs: 3000,
    }),
    step("woo-014", "woo_products_explode", { productId: 11 }, "a tool the server does not have"),
    step("woo-015", "woo_orders_list", { perPage: 5 }, "list orders after the store's key was revoked", {
      before: async () => {
        state.wooKeyRevoked = true;
      },
      after: async () => {
        state.wooKeyRevoked = false;
      },
    }),
    step(
      "woo-016",
      "woo_products_list",
      { perPage: 5 },
      "list products while the store is down (stand-in stopped)",
      {
        before: async () => {
          await wooStandin.stop();
          await sleep(300);
        },
        after: async () => {
          await wooStandin.start();
        },
      },
    ),
  ],
};

const sf: SessionSpec = {
  label: "r6-biz-salesforce",
  server: "@tsmztech/mcp-server-salesforce",
  transport: "stdio",
  start: stdioServer("r6-biz-salesforce", "@tsmztech/mcp-server-salesforce", {
    from: FROM,
    cwd: DATA,
    env: {
      SALESFORCE_CONNECTION_TYPE: "User_Password",
      SALESFORCE_INSTANCE_URL: `http://127.0.0.1:${SF_PORT}`,
      SALESFORCE_USERNAME: SF_USER,
      SALESFORCE_PASSWORD: SF_PASSWORD,
    },
  }),
  steps: [
    step(
      "sf-001",
      "salesforce_query_records",
      { objectName: "Account", fields: ["Id", "Name", "Industry"], limit: 5 },
      "query accounts",
    ),
    step("sf-002", "salesforce_describe_object", { objectName: "Account" }, "describe the Account object"),
    step(
      "sf-003",
      "salesforce_query_records",
      { objectName: "Account", fields: ["Id", "Name"], whereClause: "Name = 'Zeppelin'" },
      "query accounts by a name none has",
    ),
    step(
      "sf-004",
      "salesforce_query_records",
      { objectName: "Account", fields: ["Id", "Nme"] },
      "query a misspelt field",
    ),
    step(
      "sf-005",
      "salesforce_query_records",
      { objectName: "Account", fields: ["Id", "Nme"] },
      "the same misspelt query again, unchanged",
    ),
    step(
      "sf-006",
      "salesforce_describe_object",
      { objectName: "Widget__c" },
      "describe an object the org does not have",
    ),
    step(
      "sf-007",
      "salesforce_query_records",
      { objectName: "Account", fields: ["Id"], whereClause: "Name = 'Northwind" },
      "a WHERE clause with an unterminated string",
    ),
    step(
      "sf-008",
      "salesforce_dml_records",
      { operation: "insert", objectName: "Contact", records: [{ FirstName: "Ana" }] },
      "insert a contact without its required LastName",
    ),
    step(
      "sf-009",
      "salesforce_dml_records",
      { operation: "update", objectName: "Account", records: [{ Id: "001R6000001", Industry: "Retail" }] },
      "update an account the user may only read",
    ),
    step(
      "sf-010",
      "salesforce_execute_anonymous",
      { apexCode: "List<Acount> a = new List<Acount>();" },
      "anonymous Apex that does not compile",
    ),
    step(
      "sf-011",
      "salesforce_search_objects",
      { searchPattern: "Zeppelin" },
      "search object names for a word none has",
    ),
    step(
      "sf-012",
      "salesforce_query_records",
      { objectName: "Case", fields: ["Id", "Subject"] },
      "query cases while Salesforce throws UNKNOWN_EXCEPTION (500)",
    ),
    step(
      "sf-013",
      "salesforce_query_records",
      { objectName: "Account", fields: ["Id"] },
      "query while the org is over its daily API limit",
      {
        before: async () => {
          state.sfLimitExceeded = true;
        },
        after: async () => {
          state.sfLimitExceeded = false;
        },
      },
    ),
    step(
      "sf-014",
      "salesforce_query_records",
      { objectName: "Account", fields: ["Id"] },
      "query after the user's password was changed",
      {
        before: async () => {
          state.sfPasswordChanged = true;
        },
        after: async () => {
          state.sfPasswordChanged = false;
        },
      },
    ),
    step(
      "sf-015",
      "salesforce_query_records",
      { objectName: "Account", fields: ["Id"] },
      "query while the session id is revoked",
      {
        timeoutMs: 8000,
        before: async () => {
          state.sfSessionRevoked = true;
        },
        after: async () => {
          state.sfSessionRevoked = false;
        },
      },
    ),
    step(
      "sf-016",
      "salesforce_query_records",
      { objectName: "Opportunity", fields: ["Id"] },
      "query a slow org; the client waits 3 s",
      {
        timeoutMs: 3000,
      },
    ),
  ],
};

const erp: SessionSpec = {
  label: "r6-biz-erpnext",
  server: "@casys/mcp-erpnext",
  transport: "stdio",
  start: stdioServer("r6-biz-erpnext", "@casys/mcp-erpnext", {
    from: FROM,
    cwd: DATA,
    env: {
      ERPNEXT_URL: `http://127.0.0.1:${ERP_PORT}`,
      ERPNEXT_API_KEY: ERP_KEY,
      ERPNEXT_API_SECRET: ERP_SECRET,
    },
  }),
  steps: [
    step("erp-001", "erpnext_customer_list", { limit: 10 }, "list customers"),
    step("erp-002", "erpnext_customer_get", { name: "Acme Corp" }, "get one customer by name"),
    step("erp-003", "erpnext_item_list", { item_group: "Zeppelins" }, "list items of a group that has none"),
    step("erp-004", "erpnext_customer_get", { name: "Nobody Ltd" }, "get a customer that does not exist"),
    step(
      "erp-005",
      "erpnext_customer_get",
      { name: "Nobody Ltd" },
      "the same missing customer again, unchanged",
    ),
    step("erp-006", "erpnext_customer_list", { limit: "ten" }, "limit given as a word"),
    step(
      "erp-007",
      "erpnext_sales_order_create",
      {
        customer: "Acme Corp",
        items: [{ item_code: "HNG-40", qty: 10, rate: 3.2 }],
        delivery_date: "2026-01-01",
      },
      "a sales order delivered before it is placed (417 ValidationError)",
    ),
    step(
      "erp-008",
      "erpnext_item_create",
      { item_code: "HNG-80", item_name: "Brass hinge 80mm" },
      "create an item without the role for it (403)",
    ),
    step(
      "erp-009",
      "erpnext_stock_balance",
      { item_code: "HNG-40" },
      "stock balance while the site rate-limits (429, Retry-After: 1)",
      {
        timeoutMs: 20_000,
      },
    ),
    step(
      "erp-010",
      "erpnext_sales_invoice_list",
      { limit: 5 },
      "list invoices while the site throws a database error (500)",
      {
        timeoutMs: 20_000,
      },
    ),
    step("erp-011", "erpnext_customer_delete", { name: "Globex" }, "a tool the server does not have"),
    step("erp-012", "erpnext_customer_list", { limit: 3 }, "list customers after the API key was revoked", {
      before: async () => {
        state.erpKeyRevoked = true;
      },
      after: async () => {
        state.erpKeyRevoked = false;
      },
    }),
    step(
      "erp-013",
      "erpnext_customer_get",
      { name: "Globex" },
      "get a customer while the site is down (stand-in stopped)",
      {
        timeoutMs: 20_000,
        before: async () => {
          await erpStandin.stop();
        },
        after: async () => {
          await erpStandin.start();
        },
      },
    ),
    step(
      "erp-014",
      "erpnext_supplier_list",
      { limit: 5 },
      "list suppliers from a slow site; the server is killed mid-call",
      killMidCall,
    ),
  ],
};

const SHOP_GID = "gid://shopify/Product/";

const shop: SessionSpec = {
  label: "r6-biz-shopify",
  server: "shopify-mcp",
  transport: "stdio",
  start: stdioServer("r6-biz-shopify", "shopify-mcp", {
    from: FROM,
    cwd: DATA,
    args: [`--domain=127.0.0.1:${SHOP_PORT}`, `--accessToken=${SHOP_TOKEN}`],
    env: { NODE_EXTRA_CA_CERTS: SHOP_CERT },
  }),
  steps: [
    step("shop-001", "get-products", { limit: 3 }, "list products"),
    step("shop-002", "get-product-by-id", { productId: `${SHOP_GID}1` }, "get one product by its GID"),
    step(
      "shop-003",
      "get-products",
      { searchTitle: "zeppelin", limit: 5 },
      "search products for a title none has",
    ),
    step(
      "shop-004",
      "get-product-by-id",
      { productId: `${SHOP_GID}999` },
      "get a product GID that does not exist",
    ),
    step(
      "shop-005",
      "get-product-by-id",
      { productId: `${SHOP_GID}999` },
      "the same missing product again, unchanged",
    ),
    step("shop-006", "get-products", { limit: "five" }, "limit given as a word"),
    step(
      "shop-007",
      "update-product",
      { id: `${SHOP_GID}1`, title: "" },
      "set a product's title to blank (userErrors)",
    ),
    step(
      "shop-008",
      "get-orders",
      { status: "open", limit: 250 },
      "list orders while the cost budget is spent (THROTTLED)",
    ),
    step(
      "shop-009",
      "get-customer-orders",
      { customerId: "7001", limit: 5 },
      "a customer's orders without the read_orders scope",
    ),
    step(
      "shop-010",
      "get-order-by-id",
      { orderId: "gid://shopify/Order/1001" },
      "get an order while Shopify has an internal error",
    ),
    step("shop-011", "get-orders", { status: "shipped" }, "an order status outside the enum"),
    step(
      "shop-012",
      "get-customers",
      { searchQuery: "nobody@shop.example", limit: 5 },
      "customers by an email nobody has",
    ),
    step(
      "shop-013",
      "delete-product",
      { id: `${SHOP_GID}2` },
      "delete a product while the shop is frozen (402)",
      {
        before: async () => {
          state.shopFrozen = true;
        },
        after: async () => {
          state.shopFrozen = false;
        },
      },
    ),
    step("shop-014", "get-customers", { limit: 5 }, "list customers after the access token was revoked", {
      before: async () => {
        state.shopTokenRevoked = true;
      },
      after: async () => {
        state.shopTokenRevoked = false;
      },
    }),
    step("shop-015", "shopify-drop-store", {}, "a tool the server does not have"),
    step(
      "shop-016",
      "get-products",
      { limit: 3 },
      "list products while Shopify is unreachable (stand-in stopped)",
      {
        before: async () => {
          await shopStandin.stop();
          await sleep(300);
        },
        after: async () => {
          await shopStandin.start();
        },
      },
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [woo, sf, erp, shop];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(DATA, { recursive: true });
  await Promise.all([wooStandin.start(), sfStandin.start(), erpStandin.start(), shopStandin.start()]);
  return async () => {
    await Promise.allSettled([wooStandin.stop(), sfStandin.stop(), erpStandin.stop(), shopStandin.stop()]);
  };
}
