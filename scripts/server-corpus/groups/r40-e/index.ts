// Group r40-e: e-commerce platforms — commercetools through its own @commercetools/mcp-essentials: the project, the
// product catalogue and Product Search, categories, orders (read and update), carts, customers, inventory and discount
// codes, a kind the fixture README's server table has only as Shopify and WooCommerce. The published MCP server is
// behind loopback stand-ins of commercetools' authorization server and HTTP API (standins.ts).
//
//   (cd scripts/server-corpus/groups/r40-e && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r40-e

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CT_API_PORT,
  CT_AUTH_PORT,
  CT_CLIENT_ID,
  CT_CLIENT_SECRET,
  CT_EXPIRED_TOKEN,
  CT_PROJECT,
  DATA,
  clearTimers,
  ctApiServer,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@commercetools/mcp-essentials": "2.4.2",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

const TOOLS = [
  "project.read",
  "products.read",
  "product-search.read",
  "category.read",
  "order.read",
  "order.update",
  "cart.read",
  "cart.create",
  "customer.read",
  "inventory.read",
  "discount-code.read",
].join(",");

const common = [
  `--tools=${TOOLS}`,
  `--projectKey=${CT_PROJECT}`,
  `--authUrl=http://127.0.0.1:${CT_AUTH_PORT}`,
  `--apiUrl=http://127.0.0.1:${CT_API_PORT}`,
];

const ORDER_ID = "d4f6a8c0-2e1b-4c3d-9f5a-7b9d1e3f5a28";

// ── @commercetools/mcp-essentials (stdio), an admin API client ───────────────────────────────────────────────────────

const commercetools: SessionSpec = {
  label: "r40-e-commercetools",
  server: "@commercetools/mcp-essentials",
  transport: "stdio",
  start: stdioServer("r40-e-commercetools", "@commercetools/mcp-essentials", {
    from: FROM,
    cwd: DATA,
    args: [...common, `--clientId=${CT_CLIENT_ID}`, `--clientSecret=${CT_CLIENT_SECRET}`, "--isAdmin=true"],
    env: { HOME },
  }),
  steps: [
    step("ct-001", "read_project", {}, "the project's settings: countries, currencies, languages"),
    step("ct-002", "list_products", { limit: 3 }, "the first three products of the catalogue"),
    step(
      "ct-003",
      "list_products",
      { id: "00000000-0000-4000-8000-000000000000" },
      "a product id that does not exist (404 ResourceNotFound)",
    ),
    step(
      "ct-004",
      "search_products",
      { query: { fullText: { field: "name", language: "en-US", value: "espresso machine" } }, limit: 10 },
      "Product Search for 'espresso machine': one hit",
    ),
    step(
      "ct-005",
      "search_products",
      { query: { fullText: { field: "name", language: "en-US", value: "teapot" } }, limit: 10 },
      "Product Search for 'teapot': no hits",
    ),
    step("ct-006", "read_category", { key: "tea-kettles" }, "a category key that does not exist (404)"),
    step("ct-007", "read_order", { orderNumber: "NW-100482" }, "an order by its order number"),
    step(
      "ct-008",
      "read_order",
      { where: ["orderState = Open"], limit: 5 },
      "a where predicate with an unquoted enum value (400 InvalidInput, a syntax error)",
    ),
    step(
      "ct-009",
      "read_order",
      { where: ["orderState = Open"], limit: 5 },
      "the same malformed predicate again, unchanged",
    ),
    step(
      "ct-010",
      "update_order",
      { id: ORDER_ID, version: 3, actions: [{ action: "changeOrderState", orderState: "Confirmed" }] },
      "an update sent with a stale version 3 (the order is at 4); the tool reads the order first and sends version 4",
    ),
    step(
      "ct-011",
      "update_order",
      { id: ORDER_ID, version: 5, actions: [{ action: "changeShipmentState", shipmentState: "Teleported" }] },
      "an update action with a value outside its enum (400 InvalidJsonInput)",
    ),
    step(
      "ct-012",
      "create_cart",
      {
        currency: "EUR",
        country: "DE",
        customerEmail: "ana.weber@example.de",
        lineItems: [{ sku: "ESP-200-BLK", quantity: 1 }],
      },
      "a cart created with one line item (201)",
    ),
    step(
      "ct-013",
      "create_cart",
      { currency: "EUR", country: "DE", lineItems: [{ sku: "ESP-100-RED", quantity: 2 }] },
      "a cart with a SKU that does not exist (400 ReferencedResourceNotFound)",
    ),
    step(
      "ct-014",
      "read_customer",
      { where: ['email = "ana.weber@example.de"'] },
      "customers by e-mail: one",
    ),
    step(
      "ct-015",
      "read_customer",
      { where: ['email = "jonas.becker@example.de"'] },
      "customers by an e-mail nobody has: none",
    ),
    step("ct-016", "read_inventory", { where: ['sku = "ESP-200-BLK"'] }, "the inventory entry of one SKU"),
    step(
      "ct-017",
      "read_discount_code",
      { key: "WINTER25" },
      "a discount code read while the API client lacks the scope (403 insufficient_scope)",
      flag("ctNoScope"),
    ),
    step(
      "ct-018",
      "read_cart",
      { id: "2e4a6c8e-0a1b-4c3d-9e5f-7a9b1c3d5e82" },
      "a call while the API answers 503 OverCapacity",
      flag("ctOverCapacity"),
    ),
    step(
      "ct-019",
      "list_products",
      { limit: 3 },
      "a call while Google's load balancer answers its 502 HTML page",
      flag("ctBadGateway"),
    ),
    step(
      "ct-020",
      "read_category",
      { key: "coffee-machines" },
      "an answer 15 s late; the client waits 4 s",
      flag("ctSlow", { timeoutMs: 4000 }),
    ),
    step(
      "ct-021",
      "read_project",
      {},
      "a call while the API is unreachable (connection refused)",
      down(ctApiServer),
    ),
    step("ct-022", "list_products", { limit: 1000 }, "a limit above the schema's maximum of 500"),
    step("ct-023", "delete_product", { id: ORDER_ID }, "a tool the server does not have"),
  ],
};

// ── the same server started with an existing token that has expired, and without --isAdmin ───────────────────────────

const commercetoolsToken: SessionSpec = {
  label: "r40-e-commercetools-token",
  server: "@commercetools/mcp-essentials",
  transport: "stdio",
  start: stdioServer("r40-e-commercetools-token", "@commercetools/mcp-essentials", {
    from: FROM,
    cwd: DATA,
    args: [...common, "--authType=auth_token", `--accessToken=${CT_EXPIRED_TOKEN}`],
    env: { HOME },
  }),
  steps: [
    step("ctt-001", "read_project", {}, "a call with an access token that has expired (401 invalid_token)"),
    step(
      "ctt-002",
      "read_order",
      { orderNumber: "NW-100482" },
      "read_order is listed, but without --isAdmin (or a customer or store) the server maps no function to it",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [commercetools, commercetoolsToken];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
