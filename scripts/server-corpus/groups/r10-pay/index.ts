// Group r10-pay: payments, billing and CRM servers agents call — HubSpot's CRM server, Stripe's agent
// toolkit server, Square's server and Paddle Billing's server — each behind a loopback stand-in that
// answers with the real API's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r10-pay && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r10-pay

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  HUBSPOT_PORT,
  HUBSPOT_TOKEN,
  PADDLE_IDS,
  PADDLE_KEY,
  PADDLE_PROXY_PORT,
  SQUARE_IDS,
  SQUARE_PROXY_PORT,
  SQUARE_TOKEN,
  STRIPE_IDS,
  STRIPE_KEY,
  STRIPE_PROXY_PORT,
  clearTimers,
  ensureCertificate,
  hubspotStandin,
  paddleStandin,
  squareStandin,
  state,
  stripeStandin,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));
const PRELOAD = path.join(FROM, "proxy-preload.mjs");

export const PACKAGES: Record<string, string> = {
  "@hubspot/mcp-server": "0.4.0",
  "@stripe/mcp": "0.2.5",
  "square-mcp-server": "0.1.2",
  "@paddle/paddle-mcp": "0.1.6",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

/**
 * For a server whose API host is built in and that has no proxy setting: its HTTP(S) goes through the
 * loopback proxy that answers as the API (proxy-preload.mjs), trusting the stand-in certificate.
 */
function proxied(port: number): Record<string, string> {
  const proxy = `http://127.0.0.1:${port}`;
  return {
    NODE_OPTIONS: `--import ${PRELOAD}`,
    HTTPS_PROXY: proxy,
    NODE_EXTRA_CA_CERTS: CERT,
    HOME: path.join(DATA, "home"),
  };
}

// -------------------------------------------------------------------------------------- HubSpot

const hubspot: SessionSpec = {
  label: "r10-pay-hubspot",
  server: "@hubspot/mcp-server",
  transport: "stdio",
  start: stdioServer("r10-pay-hubspot", "@hubspot/mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      PRIVATE_APP_ACCESS_TOKEN: HUBSPOT_TOKEN,
      BASE_URL_OVERRIDE: `http://127.0.0.1:${HUBSPOT_PORT}`,
      HOME: path.join(DATA, "home"),
    },
  }),
  steps: [
    step("hs-001", "hubspot-get-user-details", {}, "who the token belongs to, its scopes and the account"),
    step("hs-002", "hubspot-list-objects", { objectType: "contacts", limit: 10 }, "list contacts"),
    step(
      "hs-003",
      "hubspot-search-objects",
      { objectType: "contacts", query: "ridgeway", limit: 10 },
      "search contacts for 'ridgeway'",
    ),
    step(
      "hs-004",
      "hubspot-search-objects",
      { objectType: "deals", query: "kestrel aviation", limit: 10 },
      "search deals for a name nobody has",
    ),
    step(
      "hs-005",
      "hubspot-search-objects",
      {
        objectType: "deals",
        filterGroups: [
          { filters: [{ propertyName: "deal_size_band", operator: "EQ", value: "enterprise" }] },
        ],
        limit: 10,
      },
      "search deals filtering on a property that does not exist",
    ),
    step(
      "hs-006",
      "hubspot-batch-read-objects",
      {
        objectType: "contacts",
        inputs: [{ id: "101" }, { id: "999999" }],
        properties: ["email", "firstname"],
      },
      "read two contacts by id, one of which does not exist (HubSpot answers 207 with an error entry)",
    ),
    step(
      "hs-007",
      "hubspot-batch-read-objects",
      { objectType: "contacts", inputs: [{ id: "888888" }], properties: ["email"] },
      "read one contact id that does not exist",
    ),
    step(
      "hs-008",
      "hubspot-batch-create-objects",
      {
        objectType: "contacts",
        inputs: [
          {
            properties: {
              email: "lena.berg@fjordline-clinics.example",
              firstname: "Lena",
              lastname: "Berg",
              lifecyclestage: "lead",
            },
          },
        ],
      },
      "create a contact",
    ),
    step(
      "hs-009",
      "hubspot-batch-create-objects",
      {
        objectType: "contacts",
        inputs: [{ properties: { email: "ana.ruiz@ridgeway-dental.example", firstname: "Ana" } }],
      },
      "create a contact whose e-mail already exists",
    ),
    step(
      "hs-010",
      "hubspot-batch-create-objects",
      {
        objectType: "contacts",
        inputs: [{ properties: { email: "tom@kiln-coffee.example", lifecyclestage: "hot-prospect" } }],
      },
      "create a contact with a lifecycle stage that is not an option",
    ),
    step(
      "hs-011",
      "hubspot-get-property",
      { objectType: "deals", propertyName: "dealstage" },
      "the deal stage property",
    ),
    step(
      "hs-012",
      "hubspot-get-property",
      { objectType: "deals", propertyName: "renewal_risk" },
      "a property that does not exist",
    ),
    step(
      "hs-013",
      "hubspot-list-associations",
      { objectType: "contacts", objectId: "102", toObjectType: "deals" },
      "deals associated with a contact that has none",
    ),
    step("hs-014", "hubspot-get-engagement", { engagementId: 51233087 }, "a note"),
    step(
      "hs-015",
      "hubspot-get-engagement",
      { engagementId: 51239999 },
      "an engagement id that does not exist",
    ),
    step("hs-016", "hubspot-get-workflow", { flowId: "1684529" }, "a workflow"),
    step(
      "hs-017",
      "hubspot-list-workflows",
      { limit: 20 },
      "list workflows (the token lacks the automation scope)",
    ),
    step(
      "hs-018",
      "hubspot-list-objects",
      { objectType: "deals" },
      "list deals while over the ten-second rate limit (429)",
      flag("hubspotRateLimited"),
    ),
    step(
      "hs-019",
      "hubspot-list-objects",
      { objectType: "deals" },
      "list deals while Cloudflare answers 502",
      flag("hubspotCloudflare502"),
    ),
    step(
      "hs-020",
      "hubspot-list-objects",
      { objectType: "contacts" },
      "list contacts while a maintenance page answers HTTP 200 HTML",
      flag("hubspotHtml200"),
    ),
    step(
      "hs-021",
      "hubspot-search-objects",
      { objectType: "contacts", query: "halden" },
      "search contacts while the API answers 500",
      flag("hubspotServerError"),
    ),
    step(
      "hs-022",
      "hubspot-get-user-details",
      {},
      "token details after the private app's token was rotated (401)",
      flag("hubspotTokenRevoked"),
    ),
    step(
      "hs-023",
      "hubspot-list-objects",
      { objectType: "contacts", after: "slow-page" },
      "a contacts page that takes the API 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "hs-024",
      "hubspot-delete-object",
      { objectType: "contacts", objectId: "103" },
      "a tool the server does not have",
    ),
    step(
      "hs-025",
      "hubspot-get-engagement",
      { engagementId: "note-51233087" },
      "an engagement id that is not a number",
    ),
    step(
      "hs-026",
      "hubspot-list-objects",
      { objectType: "contacts" },
      "list contacts while the API cannot be reached",
      down(hubspotStandin),
    ),
    step(
      "hs-027",
      "hubspot-list-objects",
      { objectType: "contacts", after: "slow-page" },
      "a slow contacts page; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// --------------------------------------------------------------------------------------- Stripe

const stripe: SessionSpec = {
  label: "r10-pay-stripe",
  server: "@stripe/mcp",
  transport: "stdio",
  start: stdioServer("r10-pay-stripe", "@stripe/mcp", {
    from: FROM,
    cwd: DATA,
    args: ["--tools=all", `--api-key=${STRIPE_KEY}`],
    env: proxied(STRIPE_PROXY_PORT),
  }),
  steps: [
    step("str-001", "retrieve_balance", {}, "the account balance"),
    step(
      "str-002",
      "list_customers",
      { email: "billing@ridgeway-dental.example" },
      "customers with a given e-mail",
    ),
    step(
      "str-003",
      "list_customers",
      { email: "nobody@kestrel-aviation.example" },
      "customers with an e-mail nobody has",
    ),
    step(
      "str-004",
      "create_customer",
      { name: "Fjordline Clinics AS", email: "finance@fjordline-clinics.example" },
      "create a customer",
    ),
    step(
      "str-005",
      "create_product",
      { name: "Clinic seat (annual)", description: "One clinic location, billed yearly" },
      "create a product",
    ),
    step(
      "str-006",
      "create_price",
      { product: STRIPE_IDS.product, unit_amount: 120000, currency: "usd" },
      "create a price for the new product",
    ),
    step(
      "str-007",
      "create_price",
      { product: "prod_Clinic_annual", unit_amount: 120000, currency: "usd" },
      "create a price for a product id that does not exist",
    ),
    step(
      "str-008",
      "create_payment_link",
      { price: "price_1QkU3dS7vPg4bLfA", quantity: 1 },
      "create a payment link for the price",
    ),
    step(
      "str-009",
      "create_invoice",
      { customer: "cus_DoesNotExist01", days_until_due: 30 },
      "create an invoice for a customer id that does not exist",
    ),
    step(
      "str-010",
      "finalize_invoice",
      { invoice: STRIPE_IDS.paidInvoice },
      "finalize an invoice that is already paid",
    ),
    step(
      "str-011",
      "create_refund",
      { payment_intent: STRIPE_IDS.paidPaymentIntent, amount: 50000 },
      "refund more than the charge",
    ),
    step(
      "str-012",
      "create_refund",
      { payment_intent: STRIPE_IDS.paidPaymentIntent, amount: 1500 },
      "a partial refund",
    ),
    step(
      "str-013",
      "create_coupon",
      { name: "Winter clinics", percent_off: 20, duration: "repeating" },
      "a percent-off coupon (the tool's schema also wants amount_off)",
    ),
    step(
      "str-014",
      "create_coupon",
      { name: "Winter clinics", amount_off: 2000, currency: "usd", duration: "repeating" },
      "a repeating coupon without its number of months",
    ),
    step(
      "str-015",
      "list_subscriptions",
      { customer: "cus_RkT3aP0sKd7yHc", status: "active" },
      "active subscriptions of a customer",
    ),
    step(
      "str-016",
      "list_payment_intents",
      { customer: STRIPE_IDS.customer },
      "payment intents of a customer (none)",
    ),
    step(
      "str-017",
      "cancel_subscription",
      { subscription: "sub_1QkS0hW1zTk8fPjX" },
      "cancel a subscription id that does not exist",
    ),
    step(
      "str-018",
      "search_stripe_documentation",
      { question: "How do I verify webhook signatures?", language: "node" },
      "search the documentation",
    ),
    step(
      "str-019",
      "list_disputes",
      { limit: 10 },
      "list disputes with a restricted key that lacks the dispute permission (403)",
      flag("stripeRestrictedKey"),
    ),
    step(
      "str-020",
      "list_invoices",
      { customer: STRIPE_IDS.customer },
      "list invoices while the API answers 429",
      flag("stripeRateLimited"),
    ),
    step("str-021", "list_coupons", {}, "list coupons while the API answers 500", flag("stripeServerError")),
    step(
      "str-022",
      "retrieve_balance",
      {},
      "the balance after the secret key was rolled (401)",
      flag("stripeKeyRevoked"),
    ),
    step(
      "str-023",
      "list_customers",
      { email: "slow@halden-logistics.example" },
      "a customer list that takes the API 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("str-024", "delete_customer", { customer: STRIPE_IDS.customer }, "a tool the server does not have"),
    step(
      "str-025",
      "create_customer",
      { email: "not-an-email" },
      "create a customer without a name and with a bad e-mail",
    ),
    step(
      "str-026",
      "list_products",
      { limit: 5 },
      "list products while the API cannot be reached (proxy stopped)",
      down(stripeStandin, { timeoutMs: 20_000 }),
    ),
    step(
      "str-027",
      "list_customers",
      { email: "slow@halden-logistics.example" },
      "a slow customer list; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// --------------------------------------------------------------------------------------- Square

const square: SessionSpec = {
  label: "r10-pay-square",
  server: "square-mcp-server",
  transport: "stdio",
  start: stdioServer("r10-pay-square", "square-mcp-server", {
    from: FROM,
    cwd: DATA,
    args: ["start"],
    env: { ACCESS_TOKEN: SQUARE_TOKEN, ...proxied(SQUARE_PROXY_PORT) },
  }),
  steps: [
    step("sq-001", "get_service_info", { service: "payments" }, "what the payments service offers"),
    step(
      "sq-002",
      "get_type_info",
      { service: "payments", method: "create" },
      "the request type of payments.create",
    ),
    step("sq-003", "make_api_request", { service: "locations", method: "list" }, "list locations"),
    step(
      "sq-004",
      "make_api_request",
      { service: "payments", method: "list", request: { location_id: SQUARE_IDS.location, limit: 10 } },
      "list payments at the location",
    ),
    step(
      "sq-005",
      "make_api_request",
      { service: "payments", method: "list", request: { begin_time: "2026-12-06T12:00:00Z" } },
      "payments since noon today (none yet)",
    ),
    step(
      "sq-006",
      "make_api_request",
      {
        service: "customers",
        method: "search",
        request: { query: { filter: { email_address: { exact: "nobody@kestrel-aviation.example" } } } },
      },
      "search customers by an e-mail nobody has",
    ),
    step(
      "sq-007",
      "make_api_request",
      { service: "payments", method: "get", request: { payment_id: "GQTFp1ZlXdpoW4o6eGiZhbjosiDFf" } },
      "a payment id that does not exist",
    ),
    step(
      "sq-008",
      "make_api_request",
      { service: "payments", method: "get", request: { payment_id: "GQTFp1ZlXdpoW4o6eGiZhbjosiDFf" } },
      "the same missing payment again, unchanged",
    ),
    step(
      "sq-009",
      "make_api_request",
      {
        service: "payments",
        method: "create",
        request: {
          source_id: "cnon:card-nonce-ok",
          idempotency_key: "4f1c9a2e-7b3d-4e58-a6c0-2d9f8b1e7a35",
          amount_money: { amount: 1150, currency: "USD" },
          location_id: SQUARE_IDS.location,
          note: "Order #2231: two loaves, one box of croissants",
        },
      },
      "take a card payment",
    ),
    step(
      "sq-010",
      "make_api_request",
      {
        service: "payments",
        method: "create",
        request: {
          source_id: "cnon:card-nonce-declined",
          idempotency_key: "8e2d5b71-0c4f-4a93-b7e6-3f1a9c5d2b80",
          amount_money: { amount: 8400, currency: "USD" },
          location_id: SQUARE_IDS.location,
        },
      },
      "a card payment the issuer declines",
    ),
    step(
      "sq-011",
      "make_api_request",
      {
        service: "payments",
        method: "create",
        request: { source_id: "cnon:card-nonce-ok", amount_money: { amount: 600, currency: "USD" } },
      },
      "a payment without an idempotency key",
    ),
    step(
      "sq-012",
      "make_api_request",
      {
        service: "refunds",
        method: "payment",
        request: {
          idempotency_key: "c3a7e1f9-5d2b-4c86-9e04-7b1f3a8d6c52",
          payment_id: SQUARE_IDS.payment,
          amount_money: { amount: 9000, currency: "USD" },
          reason: "Customer returned the cake",
        },
      },
      "refund more than the payment",
    ),
    step(
      "sq-013",
      "make_api_request",
      {
        service: "orders",
        method: "create",
        request: {
          idempotency_key: "e9b2c4d6-1a3f-4e5b-8c7d-0f2a4b6c8d1e",
          order: {
            location_id: SQUARE_IDS.location,
            line_items: [
              { name: "Sourdough loaf", quantity: "2", base_price_money: { amount: 575, currency: "USD" } },
            ],
          },
        },
      },
      "create an order",
    ),
    step(
      "sq-014",
      "make_api_request",
      { service: "stripe", method: "list" },
      "a service Square does not have",
    ),
    step(
      "sq-015",
      "make_api_request",
      { service: "payments", method: "delete" },
      "a method the payments service does not have",
    ),
    step(
      "sq-016",
      "make_api_request",
      { service: "payouts", method: "list", request: { location_id: SQUARE_IDS.location } },
      "list payouts (the token lacks PAYOUTS_READ)",
    ),
    step(
      "sq-017",
      "make_api_request",
      { service: "payments", method: "list", request: { location_id: SQUARE_IDS.location } },
      "list payments while the API answers 429",
      flag("squareRateLimited"),
    ),
    step(
      "sq-018",
      "make_api_request",
      { service: "locations", method: "list" },
      "list locations while the API answers 503",
      flag("squareUnavailable"),
    ),
    step(
      "sq-019",
      "make_api_request",
      { service: "locations", method: "list" },
      "list locations while a gateway answers 502 HTML",
      flag("squareBadGateway"),
    ),
    step(
      "sq-020",
      "make_api_request",
      { service: "payments", method: "get", request: { payment_id: SQUARE_IDS.payment } },
      "get a payment while a maintenance page answers HTTP 200 HTML",
      flag("squareMaintenance200"),
    ),
    step(
      "sq-021",
      "make_api_request",
      { service: "locations", method: "list" },
      "list locations after the access token was revoked",
      flag("squareTokenRevoked"),
    ),
    step(
      "sq-022",
      "make_api_request",
      { service: "payments", method: "get", request: { payment_id: SQUARE_IDS.slowPayment } },
      "a payment that takes the API 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("sq-023", "list_locations", {}, "a tool the server does not have"),
    step(
      "sq-024",
      "make_api_request",
      { service: "payments" },
      "make_api_request without the required method",
    ),
    step(
      "sq-025",
      "make_api_request",
      { service: "locations", method: "list" },
      "list locations while the API cannot be reached (proxy stopped)",
      down(squareStandin),
    ),
    step(
      "sq-026",
      "make_api_request",
      { service: "payments", method: "get", request: { payment_id: SQUARE_IDS.slowPayment } },
      "a slow payment fetch; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// --------------------------------------------------------------------------------------- Paddle

const paddle: SessionSpec = {
  label: "r10-pay-paddle",
  server: "@paddle/paddle-mcp",
  transport: "stdio",
  start: stdioServer("r10-pay-paddle", "@paddle/paddle-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      PADDLE_API_KEY: PADDLE_KEY,
      PADDLE_ENVIRONMENT: "sandbox",
      PADDLE_MCP_TOOLS: "all",
      ...proxied(PADDLE_PROXY_PORT),
    },
  }),
  steps: [
    step("pdl-001", "list_products", {}, "list products"),
    step("pdl-002", "get_product", { productId: PADDLE_IDS.product }, "one product"),
    step(
      "pdl-003",
      "get_product",
      { productId: "pro_01jdq9zzzzzzzzzzzzzzzzzzzz" },
      "a product id that does not exist",
    ),
    step(
      "pdl-004",
      "get_product",
      { productId: "pro_01jdq9zzzzzzzzzzzzzzzzzzzz" },
      "the same missing product again, unchanged",
    ),
    step(
      "pdl-005",
      "create_product",
      { name: "Analytics Team", taxCategory: "standard", description: "Dashboards, exports and 20 seats." },
      "create a product",
    ),
    step(
      "pdl-006",
      "create_price",
      {
        description: "Analytics Team monthly",
        productId: "pro_01jdqc0v2b4n6m8k1j3h5g7f9d",
        unitPrice: { amount: "129.00", currencyCode: "USD" },
        billingCycle: { interval: "month", frequency: 1 },
      },
      "create a price with the amount in dollars rather than cents",
    ),
    step(
      "pdl-007",
      "list_customers",
      { email: ["nobody@kestrel-aviation.example"] },
      "customers with an e-mail nobody has",
    ),
    step(
      "pdl-008",
      "create_customer",
      { email: "ap@halden-logistics.example", name: "Halden Logistics" },
      "create a customer whose e-mail already exists",
    ),
    step(
      "pdl-009",
      "create_customer",
      { email: "finance@fjordline-clinics.example", name: "Fjordline Clinics" },
      "create a customer",
    ),
    step("pdl-010", "get_subscription", { subscriptionId: PADDLE_IDS.subscription }, "one subscription"),
    step(
      "pdl-011",
      "pause_subscription",
      { subscriptionId: PADDLE_IDS.subscriptionScheduled },
      "pause a subscription that has a scheduled cancellation",
    ),
    step("pdl-012", "list_transactions", {}, "list transactions"),
    step(
      "pdl-013",
      "get_transaction_invoice",
      { transactionId: PADDLE_IDS.transaction },
      "the invoice PDF link of a transaction",
    ),
    step(
      "pdl-014",
      "list_transactions",
      {},
      "list transactions with a key that lacks the transaction permission (403 forbidden)",
      flag("paddleForbidden"),
    ),
    step(
      "pdl-015",
      "list_products",
      {},
      "list products after the API key was revoked (403 invalid_token)",
      flag("paddleKeyRevoked"),
    ),
    step(
      "pdl-016",
      "list_customers",
      {},
      "list customers while over the rate limit (429)",
      flag("paddleRateLimited"),
    ),
    step(
      "pdl-017",
      "get_subscription",
      { subscriptionId: PADDLE_IDS.subscription },
      "a subscription while the API answers 500",
      flag("paddleServerError"),
    ),
    step(
      "pdl-018",
      "list_products",
      {},
      "list products while Cloudflare answers 502 HTML",
      flag("paddleCloudflare502"),
    ),
    step(
      "pdl-019",
      "get_subscription",
      { subscriptionId: PADDLE_IDS.slowSubscription },
      "a subscription that takes the API 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "pdl-020",
      "refund_transaction",
      { transactionId: PADDLE_IDS.transaction },
      "a tool the server does not have",
    ),
    step(
      "pdl-021",
      "create_product",
      { name: "Analytics Lite" },
      "create a product without its tax category",
    ),
    step(
      "pdl-022",
      "list_products",
      {},
      "list products while the API cannot be reached (proxy stopped)",
      down(paddleStandin),
    ),
    step(
      "pdl-023",
      "get_subscription",
      { subscriptionId: PADDLE_IDS.slowSubscription },
      "a slow subscription fetch; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [hubspot, stripe, square, paddle];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(path.join(DATA, "home"), { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
