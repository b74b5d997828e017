// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - Shopify's Admin GraphQL API for @junis/shopify-mcp (`https://<shop>.myshopify.com/admin/api/2026-01/graphql.json`):
//   the shop, its locations (a warehouse, a store, a 3PL), orders with their fulfillments and tracking, fulfillment
//   orders, inventory levels and transfers, counts and ShopifyQL. The server builds the host from SHOPIFY_DOMAIN and
//   calls it with node-fetch 2; https-preload.mjs sends every TLS connection to this HTTPS listener.
// - Headless Commerce's REST API for @headless-commerce/mcp-server (`HEADLESS_COMMERCE_API_URL`, a plain listener
//   here): store, dashboard, orders, fulfillments, inventory, customers, discounts, products.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import path from "node:path";
import {
  certificate,
  clearTimers,
  httpStandin,
  json,
  later,
  parse,
  text,
  tlsStandin,
  type Certificate,
  cloudflare502,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r26-c";
export const CERT = path.join(DATA, "standin-cert.pem");

export const SHOPIFY_PORT = 41900;
export const HC_PORT = 41901;

export const ensureCertificate = (): Certificate =>
  certificate(DATA, ["northwind-outfitters.myshopify.com", "api.headlesscommerce.io"]);

export const state = {
  shopThrottled: false,
  shopTokenRevoked: false,
  shopFrozen: false,
  shopInternal: false,
  shopBadGateway: false,
  shopScopeMissing: false,
  hcRateLimited: false,
  hcKeyRevoked: false,
  hcRestrictedKey: false,
  hcServerError: false,
  hcBadGateway: false,
};

// ------------------------------------------------------------------------------------------ Shopify Admin GraphQL

export const SHOP_DOMAIN = "northwind-outfitters.myshopify.com";
export const SHOP_TOKEN = "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";
export const SHOP_ORDER = "gid://shopify/Order/6120448835643";
export const SHOP_ORDER_MISSING = "gid://shopify/Order/6120448899999";
export const SHOP_LEVEL = "gid://shopify/InventoryLevel/118530261051?inventory_item_id=49301884764219";
export const SHOP_SLOW_QUERY = "created_at:>=2026-01-01 fulfillment_status:unshipped";

const money = (amount: string) => ({ shopMoney: { amount, currencyCode: "USD" } });
const cost = (requested: number, actual: number | null, available = 1960) => ({
  cost: {
    requestedQueryCost: requested,
    actualQueryCost: actual,
    throttleStatus: { maximumAvailable: 2000.0, currentlyAvailable: available, restoreRate: 100.0 },
  },
});

const RENO = {
  id: "gid://shopify/Location/71539212347",
  name: "Reno Warehouse",
  address: {
    address1: "1155 Trademark Dr",
    address2: "Unit 104",
    city: "Reno",
    province: "Nevada",
    provinceCode: "NV",
    country: "United States",
    countryCode: "US",
    zip: "89521",
    phone: "+17755550142",
    formatted: ["1155 Trademark Dr", "Unit 104", "Reno NV 89521", "United States"],
    latitude: 39.4159,
    longitude: -119.7385,
  },
};

const LOCATIONS = [
  {
    ...RENO,
    isActive: true,
    isFulfillmentService: false,
    fulfillsOnlineOrders: true,
    shipsInventory: true,
    addressVerified: true,
    localPickupSettingsV2: null,
    hasActiveInventory: true,
    hasUnfulfilledOrders: true,
    activatable: false,
    deactivatable: false,
    deletable: false,
    createdAt: "2023-03-14T17:02:11Z",
    updatedAt: "2026-10-02T21:40:56Z",
    metafields: { edges: [] },
  },
  {
    id: "gid://shopify/Location/71539245115",
    name: "Portland Flagship",
    isActive: true,
    isFulfillmentService: false,
    fulfillsOnlineOrders: true,
    shipsInventory: false,
    address: {
      address1: "923 NW 13th Ave",
      address2: null,
      city: "Portland",
      province: "Oregon",
      provinceCode: "OR",
      country: "United States",
      countryCode: "US",
      zip: "97209",
      phone: "+15035550177",
      formatted: ["923 NW 13th Ave", "Portland OR 97209", "United States"],
      latitude: 45.5294,
      longitude: -122.6848,
    },
    addressVerified: true,
    localPickupSettingsV2: {
      instructions: "Pick up at the back counter; bring your order number.",
      pickupTime: "ONE_HOUR",
    },
    hasActiveInventory: true,
    hasUnfulfilledOrders: false,
    activatable: false,
    deactivatable: true,
    deletable: false,
    createdAt: "2023-03-14T17:05:40Z",
    updatedAt: "2026-08-19T16:12:03Z",
    metafields: { edges: [] },
  },
  {
    id: "gid://shopify/Location/74810937403",
    name: "ShipBob Chicago",
    isActive: true,
    isFulfillmentService: true,
    fulfillsOnlineOrders: true,
    shipsInventory: true,
    address: {
      address1: null,
      address2: null,
      city: null,
      province: null,
      provinceCode: null,
      country: "United States",
      countryCode: "US",
      zip: null,
      phone: null,
      formatted: ["United States"],
      latitude: null,
      longitude: null,
    },
    addressVerified: false,
    localPickupSettingsV2: null,
    hasActiveInventory: true,
    hasUnfulfilledOrders: true,
    activatable: false,
    deactivatable: false,
    deletable: false,
    createdAt: "2024-05-02T13:44:19Z",
    updatedAt: "2026-11-30T08:01:27Z",
    metafields: { edges: [] },
  },
];

const SHOP = {
  id: "gid://shopify/Shop/68713300027",
  name: "Northwind Outfitters",
  email: "ops@northwindoutfitters.com",
  contactEmail: "help@northwindoutfitters.com",
  description: "Packs, shells and camp kitchen gear, shipped from Reno and Chicago.",
  primaryDomain: { host: "northwindoutfitters.com", url: "https://northwindoutfitters.com" },
  myshopifyDomain: SHOP_DOMAIN,
  currencyCode: "USD",
  enabledPresentmentCurrencies: ["USD", "CAD"],
  currencyFormats: { moneyFormat: "${{amount}}", moneyWithCurrencyFormat: "${{amount}} USD" },
  ianaTimezone: "America/Los_Angeles",
  timezoneAbbreviation: "PST",
  shopAddress: {
    address1: "1155 Trademark Dr",
    city: "Reno",
    country: "United States",
    countryCodeV2: "US",
    province: "Nevada",
    zip: "89521",
    formatted: ["1155 Trademark Dr", "Reno NV 89521", "United States"],
  },
  shipsToCountries: ["US", "CA"],
  taxesIncluded: false,
  taxShipping: false,
  features: { giftCards: true, storefront: true },
  plan: { publicDisplayName: "Advanced", shopifyPlus: false, partnerDevelopment: false },
  resourceLimits: { maxProductVariants: 2048, maxProductOptions: 3, redirectLimitReached: false },
  shopPolicies: [
    {
      type: "SHIPPING_POLICY",
      title: "Shipping policy",
      body: "<p>Orders placed before 1 pm PT ship the same business day from Reno. Orders to Canada ship DDP with UPS.</p>",
      url: "https://northwindoutfitters.com/policies/shipping-policy",
    },
  ],
  metafields: { edges: [] },
  createdAt: "2023-03-14T16:58:02Z",
};

function lineItem(id: string, title: string, variantTitle: string, sku: string, qty: number, price: string) {
  return {
    node: {
      id: `gid://shopify/LineItem/${id}`,
      title,
      name: `${title} - ${variantTitle}`,
      quantity: qty,
      currentQuantity: qty,
      sku,
      vendor: "Northwind",
      variantTitle,
      originalTotalSet: money((Number(price) * qty).toFixed(2)),
      discountedTotalSet: money((Number(price) * qty).toFixed(2)),
      variant: { id: `gid://shopify/ProductVariant/${Number(id) + 7000}`, title: variantTitle, sku, price },
      image: null,
      customAttributes: [],
    },
  };
}

function address(name: string, address1: string, city: string, province: string, code: string, zip: string) {
  const [firstName, lastName] = name.split(" ");
  return {
    name,
    firstName,
    lastName,
    address1,
    address2: null,
    city,
    province,
    provinceCode: code,
    country: "United States",
    countryCodeV2: "US",
    zip,
    phone: null,
    company: null,
    formatted: [address1, `${city} ${code} ${zip}`, "United States"],
  };
}

function order(
  num: number,
  id: string,
  created: string,
  fulfillment: "UNFULFILLED" | "FULFILLED" | "PARTIALLY_FULFILLED",
  items: ReturnType<typeof lineItem>[],
  shipTo: ReturnType<typeof address>,
  email: string,
  total: string,
  shipping: { title: string; code: string; price: string },
  fulfillments: unknown[] = [],
) {
  return {
    id: `gid://shopify/Order/${id}`,
    name: `#${num}`,
    confirmationNumber: `NW${num}KQ`,
    createdAt: created,
    processedAt: created,
    updatedAt: created,
    closedAt: null,
    cancelledAt: null,
    displayFinancialStatus: "PAID",
    displayFulfillmentStatus: fulfillment,
    confirmed: true,
    closed: false,
    cancelReason: null,
    currencyCode: "USD",
    currentTotalPriceSet: { ...money(total), presentmentMoney: { amount: total, currencyCode: "USD" } },
    currentSubtotalPriceSet: money((Number(total) - Number(shipping.price)).toFixed(2)),
    totalShippingPriceSet: money(shipping.price),
    currentTotalTaxSet: money("0.00"),
    currentTotalDiscountsSet: money("0.00"),
    totalRefundedSet: money("0.00"),
    discountCode: null,
    discountCodes: [],
    customer: null,
    email,
    phone: null,
    shippingAddress: shipTo,
    billingAddress: null,
    lineItems: { edges: items },
    fulfillments,
    shippingLine: { title: shipping.title, code: shipping.code, originalPriceSet: money(shipping.price) },
    paymentGatewayNames: ["shopify_payments"],
    note: null,
    tags: [],
    customAttributes: [],
    risks: [],
    returns: { edges: [] },
    refunds: [],
    metafields: { edges: [] },
  };
}

const UNFULFILLED = [
  order(
    1187,
    "6120451522619",
    "2026-12-05T18:22:41Z",
    "UNFULFILLED",
    [lineItem("15893021786171", "Ridgeline 38L Pack", "Slate", "NW-RL38-SLT", 1, "189.00")],
    address("Maya Okafor", "4410 N Lincoln Ave", "Chicago", "Illinois", "IL", "60625"),
    "maya.okafor@example.com",
    "199.95",
    { title: "UPS Ground", code: "03", price: "10.95" },
  ),
  order(
    1188,
    "6120453980219",
    "2026-12-06T02:10:07Z",
    "UNFULFILLED",
    [
      lineItem("15893026537531", "Stormline Shell Jacket", "M / Moss", "NW-SSJ-M-MOS", 1, "229.00"),
      lineItem("15893026570299", "Camp Spork Set", "Titanium", "NW-SPK-TI", 2, "14.00"),
    ],
    address("Lucas Ferreira", "88 Elm St", "Burlington", "Vermont", "VT", "05401"),
    "lucas.ferreira@example.com",
    "274.90",
    { title: "USPS Priority Mail", code: "usps_priority", price: "17.90" },
  ),
];

const FULFILLED = order(
  1162,
  "6120448835643",
  "2026-11-28T15:03:12Z",
  "FULFILLED",
  [lineItem("15892977582139", "Basecamp Stove Kit", "Standard", "NW-BSK-STD", 1, "129.00")],
  address("Priya Raman", "2150 Larimer St", "Denver", "Colorado", "CO", "80205"),
  "priya.raman@example.com",
  "138.95",
  { title: "UPS Ground", code: "03", price: "9.95" },
  [
    {
      id: "gid://shopify/Fulfillment/5361204297787",
      status: "SUCCESS",
      displayStatus: "DELIVERED",
      createdAt: "2026-11-28T21:47:55Z",
      deliveredAt: "2026-12-02T19:31:00Z",
      estimatedDeliveryAt: "2026-12-02T23:59:59Z",
      trackingInfo: [
        {
          company: "UPS",
          number: "1Z8A41W90397221845",
          url: "https://www.ups.com/track?loc=en_US&tracknum=1Z8A41W90397221845",
        },
      ],
    },
  ],
);

const FULFILLMENT_ORDERS = [
  {
    id: "gid://shopify/FulfillmentOrder/7302615875643",
    status: "OPEN",
    requestStatus: "UNSUBMITTED",
    createdAt: "2026-12-05T18:22:43Z",
    updatedAt: "2026-12-05T18:22:43Z",
    fulfillAt: "2026-12-05T18:00:00Z",
    fulfillBy: null,
    order: { id: UNFULFILLED[0]!.id, name: "#1187" },
    orderId: UNFULFILLED[0]!.id,
    orderName: "#1187",
    assignedLocation: {
      name: "Reno Warehouse",
      address1: "1155 Trademark Dr",
      city: "Reno",
      province: "Nevada",
      countryCode: "US",
      zip: "89521",
      phone: "+17755550142",
    },
    destination: {
      firstName: "Maya",
      lastName: "Okafor",
      address1: "4410 N Lincoln Ave",
      address2: null,
      city: "Chicago",
      province: "Illinois",
      countryCode: "US",
      zip: "60625",
      phone: null,
      email: "maya.okafor@example.com",
    },
    deliveryMethod: { methodType: "SHIPPING" },
    lineItems: {
      edges: [
        {
          node: {
            id: "gid://shopify/FulfillmentOrderLineItem/15104922812475",
            productTitle: "Ridgeline 38L Pack",
            variantTitle: "Slate",
            sku: "NW-RL38-SLT",
            totalQuantity: 1,
            remainingQuantity: 1,
            requiresShipping: true,
          },
        },
      ],
    },
    fulfillmentHolds: [],
    supportedActions: [
      { action: "CREATE_FULFILLMENT", externalUrl: null },
      { action: "HOLD", externalUrl: null },
    ],
  },
  {
    id: "gid://shopify/FulfillmentOrder/7302618329147",
    status: "ON_HOLD",
    requestStatus: "UNSUBMITTED",
    createdAt: "2026-12-06T02:10:09Z",
    updatedAt: "2026-12-06T02:31:40Z",
    fulfillAt: "2026-12-06T02:00:00Z",
    fulfillBy: null,
    order: { id: UNFULFILLED[1]!.id, name: "#1188" },
    orderId: UNFULFILLED[1]!.id,
    orderName: "#1188",
    assignedLocation: {
      name: "ShipBob Chicago",
      address1: null,
      city: null,
      province: null,
      countryCode: "US",
      zip: null,
      phone: null,
    },
    destination: {
      firstName: "Lucas",
      lastName: "Ferreira",
      address1: "88 Elm St",
      address2: null,
      city: "Burlington",
      province: "Vermont",
      countryCode: "US",
      zip: "05401",
      phone: null,
      email: "lucas.ferreira@example.com",
    },
    deliveryMethod: { methodType: "SHIPPING" },
    lineItems: {
      edges: [
        {
          node: {
            id: "gid://shopify/FulfillmentOrderLineItem/15104926449723",
            productTitle: "Stormline Shell Jacket",
            variantTitle: "M / Moss",
            sku: "NW-SSJ-M-MOS",
            totalQuantity: 1,
            remainingQuantity: 1,
            requiresShipping: true,
          },
        },
        {
          node: {
            id: "gid://shopify/FulfillmentOrderLineItem/15104926482491",
            productTitle: "Camp Spork Set",
            variantTitle: "Titanium",
            sku: "NW-SPK-TI",
            totalQuantity: 2,
            remainingQuantity: 2,
            requiresShipping: true,
          },
        },
      ],
    },
    fulfillmentHolds: [
      { reason: "INCORRECT_ADDRESS", reasonNotes: "USPS flagged 88 Elm St as missing an apartment number." },
    ],
    supportedActions: [{ action: "RELEASE_HOLD", externalUrl: null }],
  },
];

const INVENTORY_LEVEL = {
  id: SHOP_LEVEL,
  createdAt: "2025-02-11T19:20:33Z",
  updatedAt: "2026-12-06T02:10:09Z",
  canDeactivate: false,
  deactivationAlert: "This location has unfulfilled orders for this item.",
  item: {
    id: "gid://shopify/InventoryItem/49301884764219",
    sku: "NW-RL38-SLT",
    tracked: true,
    unitCost: { amount: "71.40", currencyCode: "USD" },
    variant: {
      id: "gid://shopify/ProductVariant/46918200082747",
      title: "Slate",
      displayName: "Ridgeline 38L Pack - Slate",
      product: { id: "gid://shopify/Product/8825104367931", title: "Ridgeline 38L Pack" },
    },
  },
  location: {
    id: RENO.id,
    name: "Reno Warehouse",
    address: {
      address1: "1155 Trademark Dr",
      city: "Reno",
      province: "Nevada",
      country: "United States",
      zip: "89521",
    },
  },
  quantities: [
    { name: "available", quantity: 14, updatedAt: "2026-12-06T02:10:09Z" },
    { name: "committed", quantity: 1, updatedAt: "2026-12-05T18:22:43Z" },
    { name: "on_hand", quantity: 15, updatedAt: "2026-12-03T22:04:51Z" },
    { name: "reserved", quantity: 0, updatedAt: null },
    { name: "incoming", quantity: 40, updatedAt: "2026-11-30T17:12:08Z" },
    { name: "damaged", quantity: 0, updatedAt: null },
    { name: "quality_control", quantity: 0, updatedAt: null },
    { name: "safety_stock", quantity: 0, updatedAt: null },
  ],
};

const SHOPIFY_401 = {
  errors: "[API] Invalid API key or access token (unrecognized login or wrong password)",
};

function gqlErrors(res: http.ServerResponse, errors: unknown[], extensions?: unknown) {
  json(res, 200, extensions ? { errors, extensions } : { errors });
}

function shopifyGraphql(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (!url.pathname.endsWith("/graphql.json") || req.method !== "POST")
    return json(res, 404, { errors: "Not Found" });
  if (state.shopTokenRevoked || req.headers["x-shopify-access-token"] !== SHOP_TOKEN)
    return json(res, 401, SHOPIFY_401, { "www-authenticate": 'Basic Realm="Shopify API Authentication"' });
  if (state.shopFrozen) return json(res, 402, { errors: "Unavailable Shop" });
  if (state.shopBadGateway)
    return text(res, 502, cloudflare502(SHOP_DOMAIN, "8f3b0e14ad9c72e1"), "text/html; charset=UTF-8");
  const { query = "", variables = {} } = parse(body) as {
    query?: string;
    variables?: Record<string, unknown>;
  };
  const vars = variables;
  if (state.shopThrottled)
    return gqlErrors(
      res,
      [
        {
          message: "Throttled",
          extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" },
        },
      ],
      cost(752, null, 38),
    );
  if (state.shopInternal) {
    return gqlErrors(res, [
      {
        message:
          "Internal error. Looks like something went wrong on our end.\nRequest ID: 6f0d3c1a-93b8-4e25-a2d7-5c18e4b07a9e-1796584221 (include this in support requests).",
        extensions: {
          code: "INTERNAL_SERVER_ERROR",
          requestId: "6f0d3c1a-93b8-4e25-a2d7-5c18e4b07a9e-1796584221",
        },
      },
    ]);
  }

  if (/query Shop\b/.test(query)) return json(res, 200, { data: { shop: SHOP }, extensions: cost(4, 4) });
  if (/query Locations\b/.test(query))
    return json(res, 200, {
      data: { locations: { edges: LOCATIONS.map((node) => ({ node })) } },
      extensions: cost(46, 9),
    });
  if (/query Orders\b/.test(query)) {
    const q = String(vars.query ?? "");
    if (q === SHOP_SLOW_QUERY)
      return later(15_000, () =>
        json(res, 200, { data: { orders: { edges: [], pageInfo: pageInfo() } }, extensions: cost(652, 12) }),
      );
    const nodes = q.includes("tag:wholesale")
      ? []
      : q.includes("fulfillment_status:unfulfilled")
        ? UNFULFILLED
        : [FULFILLED, ...UNFULFILLED];
    return json(res, 200, {
      data: {
        orders: {
          edges: nodes.map((node, i) => ({ cursor: cursorOf(i), node })),
          pageInfo: pageInfo(nodes.length),
        },
      },
      extensions: cost(652, 14 + nodes.length * 9),
    });
  }
  if (/query Order\b/.test(query)) {
    const id = String(vars.id ?? "");
    const found = [FULFILLED, ...UNFULFILLED].find((o) => o.id === id);
    return json(res, 200, { data: { order: found ?? null }, extensions: cost(183, found ? 21 : 1) });
  }
  if (/query FulfillmentOrders\b/.test(query)) {
    if (state.shopScopeMissing)
      return json(res, 200, {
        errors: [
          {
            message:
              "Access denied for fulfillmentOrders field. Required access: `read_assigned_fulfillment_orders` access scope, `read_merchant_managed_fulfillment_orders` access scope or `read_third_party_fulfillment_orders` access scope.",
            locations: [{ line: 2, column: 3 }],
            extensions: {
              code: "ACCESS_DENIED",
              documentation: "https://shopify.dev/api/usage/access-scopes",
              requiredAccess:
                "`read_assigned_fulfillment_orders` access scope, `read_merchant_managed_fulfillment_orders` access scope or `read_third_party_fulfillment_orders` access scope.",
            },
            path: ["fulfillmentOrders"],
          },
        ],
        data: null,
        extensions: cost(571, 1),
      });
    const first = Number(vars.first ?? 10);
    // 1 + first × (1 + lineItems(first: 50) × 1 + …): Shopify refuses a query whose requested cost exceeds 1000.
    const requested = 2 + first * 56;
    if (requested > 1000)
      return gqlErrors(res, [
        {
          message: `Query cost is ${requested}, which exceeds the single query max cost limit (1000).\n\nSee https://shopify.dev/concepts/about-apis/rate-limits for more information on how the\ncost of a query is calculated.\n\nTo query larger amounts of data with fewer limits, bulk operations should be used instead.\nSee https://shopify.dev/tutorials/perform-bulk-operations-with-admin-api for usage details.\n`,
          extensions: {
            code: "MAX_COST_EXCEEDED",
            cost: requested,
            maxCost: 1000,
            documentation: "https://shopify.dev/api/usage/rate-limits",
          },
        },
      ]);
    const q = String(vars.query ?? "");
    const nodes = q.includes("status:on_hold")
      ? FULFILLMENT_ORDERS.slice(1)
      : q.includes("status:open")
        ? FULFILLMENT_ORDERS.slice(0, 1)
        : FULFILLMENT_ORDERS;
    return json(res, 200, {
      data: {
        fulfillmentOrders: {
          edges: nodes.map((node, i) => ({ cursor: cursorOf(i), node })),
          pageInfo: { hasNextPage: false, endCursor: nodes.length ? cursorOf(nodes.length - 1) : null },
        },
      },
      extensions: cost(requested, 8 + nodes.length * 4),
    });
  }
  if (/query InventoryLevel\b/.test(query)) {
    const id = String(vars.id ?? "");
    if (!id.startsWith("gid://"))
      return gqlErrors(res, [
        {
          message: "Variable $id of type ID! was provided invalid value",
          locations: [{ line: 1, column: 22 }],
          extensions: {
            value: id,
            problems: [
              { path: [], explanation: `Invalid global id '${id}'`, message: `Invalid global id '${id}'` },
            ],
          },
        },
      ]);
    return json(res, 200, {
      data: { inventoryLevel: id === SHOP_LEVEL ? INVENTORY_LEVEL : null },
      extensions: cost(7, 5),
    });
  }
  if (/query InventoryTransfers\b/.test(query))
    return json(res, 200, {
      data: {
        inventoryTransfers: {
          edges: [
            {
              cursor: cursorOf(0),
              node: {
                id: "gid://shopify/InventoryTransfer/1048903",
                name: "#T0042",
                status: "IN_PROGRESS",
                note: "Holiday restock for the Chicago 3PL",
                referenceName: "PO-2026-118",
                tags: ["holiday"],
                dateCreated: "2026-11-30T17:12:08Z",
                totalQuantity: 60,
                receivedQuantity: 20,
                origin: {
                  name: "Reno Warehouse",
                  address: {
                    address1: "1155 Trademark Dr",
                    city: "Reno",
                    province: "Nevada",
                    country: "United States",
                  },
                  location: { id: RENO.id, name: "Reno Warehouse" },
                },
                destination: {
                  name: "ShipBob Chicago",
                  address: { address1: null, city: null, province: null, country: "United States" },
                  location: { id: LOCATIONS[2]!.id, name: "ShipBob Chicago" },
                },
                lineItems: {
                  edges: [
                    {
                      node: {
                        id: "gid://shopify/InventoryTransferLineItem/2209411",
                        title: "Ridgeline 38L Pack - Slate",
                        totalQuantity: 40,
                        shippedQuantity: 40,
                        shippableQuantity: 0,
                        inventoryItem: { id: INVENTORY_LEVEL.item.id, sku: "NW-RL38-SLT" },
                      },
                    },
                    {
                      node: {
                        id: "gid://shopify/InventoryTransferLineItem/2209412",
                        title: "Camp Spork Set - Titanium",
                        totalQuantity: 20,
                        shippedQuantity: 20,
                        shippableQuantity: 0,
                        inventoryItem: { id: "gid://shopify/InventoryItem/49301891514427", sku: "NW-SPK-TI" },
                      },
                    },
                  ],
                },
                lineItemsCount: { count: 2 },
              },
            },
          ],
          pageInfo: { hasNextPage: false, endCursor: cursorOf(0) },
        },
      },
      extensions: cost(116, 11),
    });
  if (/ordersCount/.test(query)) {
    const q = String(vars.query ?? "");
    const count = q.includes("fulfillment_status:unshipped") ? 2 : 1188;
    return json(res, 200, { data: { ordersCount: { count, precision: "EXACT" } }, extensions: cost(1, 1) });
  }
  if (/query ShopifyqlAnalytics\b/.test(query)) {
    const q = String(vars.query ?? "");
    if (!/^\s*FROM\s+\w+/i.test(q) || /\bSUM\(/i.test(q))
      return json(res, 200, {
        data: {
          shopifyqlQuery: {
            parseErrors: [
              /\bSUM\(/i.test(q)
                ? "Function 'SUM' is not supported. Use a predefined metric such as total_sales, orders or shipping_charges."
                : "Syntax error at line 1, column 1: expected FROM",
            ],
            tableData: null,
          },
        },
        extensions: cost(10, 10),
      });
    return json(res, 200, {
      data: {
        shopifyqlQuery: {
          parseErrors: [],
          tableData: {
            columns: [
              { name: "shipping_region", dataType: "STRING", displayName: "Shipping region" },
              { name: "orders", dataType: "INTEGER", displayName: "Orders" },
              { name: "shipping_charges", dataType: "MONEY", displayName: "Shipping charges" },
            ],
            rows: [
              { shipping_region: "California", orders: "41", shipping_charges: "402.15" },
              { shipping_region: "Colorado", orders: "18", shipping_charges: "171.10" },
              { shipping_region: "Illinois", orders: "16", shipping_charges: "158.20" },
              { shipping_region: "Ontario", orders: "7", shipping_charges: "139.30" },
            ],
          },
        },
      },
      extensions: cost(10, 10),
    });
  }
  return gqlErrors(res, [
    { message: "Field doesn't exist on type 'QueryRoot'", extensions: { code: "undefinedField" } },
  ]);
}

function cursorOf(i: number) {
  return Buffer.from(JSON.stringify({ last_id: 6120451522619 + i, last_value: i })).toString("base64");
}

function pageInfo(n = 0) {
  return {
    hasNextPage: false,
    hasPreviousPage: false,
    startCursor: n ? cursorOf(0) : null,
    endCursor: n ? cursorOf(n - 1) : null,
  };
}

export const shopifyStandin = tlsStandin(SHOPIFY_PORT, ensureCertificate, shopifyGraphql);

// ---------------------------------------------------------------------------------------- Headless Commerce REST

export const HC_KEY = "sk_live_8Jq2vT4mWc9xLr6PzN0bYd3F";
export const HC_ORDER = "ord_01JEQ7R4V2M8K3T6Y9W5N1C0HB";
export const HC_ORDER_CANCELLED = "ord_01JEP2X8B5D3F7H1K4M6Q9S2TV";
export const HC_ORDER_MISSING = "ord_01JEQ9Z9Z9Z9Z9Z9Z9Z9Z9Z9ZZ";
export const HC_LINE = "ol_01JEQ7R4WA3B5C7D9E1F3G5H7J";
export const HC_LINE_2 = "ol_01JEQ7R4WB6C8D0E2F4G6H8J0K";
export const HC_INV_ITEM = "inv_01HZ4M7Q2R8S3T6V9W1X4Y7Z0A";
export const HC_CUSTOMER = "cus_01HXB3N6P9Q2R5S8T1V4W7X0YZ";
export const HC_SLOW_QUERY = "thermal label printer";

const usd = (amount: number) => ({ amount, currency: "USD" });

const HC_ADDRESS = {
  name: "Hana Kobayashi",
  company: "Kobayashi Ceramics",
  line1: "1520 Alameda St",
  line2: "Suite 210",
  city: "Los Angeles",
  state: "CA",
  postal_code: "90021",
  country: "US",
  phone: "+12135550163",
};

function hcLine(
  id: string,
  name: string,
  variant: string,
  sku: string,
  quantity: number,
  unit: number,
  fulfilled = 0,
) {
  return {
    id,
    variant_id: `var_${sku.toLowerCase()}`,
    product_id: `prod_${sku.split("-")[0]!.toLowerCase()}`,
    product_name: name,
    variant_name: variant,
    sku,
    image_url: null,
    quantity,
    unit_price: usd(unit),
    line_discount: usd(0),
    line_total: usd(unit * quantity),
    tax_amount: usd(Math.round(unit * quantity * 0.095)),
    fulfilled_quantity: fulfilled,
    refunded_quantity: 0,
    option_values: { Size: variant },
  };
}

function hcOrder(
  id: string,
  number: string,
  status: string,
  fulfillment: string,
  lines: ReturnType<typeof hcLine>[],
  fulfillments: unknown[] = [],
  extra: Record<string, unknown> = {},
) {
  const subtotal = lines.reduce((sum, l) => sum + l.line_total.amount, 0);
  const tax = lines.reduce((sum, l) => sum + l.tax_amount.amount, 0);
  return {
    id,
    number,
    status,
    payment_status: "paid",
    fulfillment_status: fulfillment,
    customer_id: HC_CUSTOMER,
    email: "orders@kobayashiceramics.com",
    shipping_address: HC_ADDRESS,
    billing_address: HC_ADDRESS,
    lines,
    subtotal: usd(subtotal),
    discount_total: usd(0),
    shipping_total: usd(1850),
    tax_total: usd(tax),
    total: usd(subtotal + tax + 1850),
    refunded_total: usd(0),
    applied_discounts: [],
    shipping_method_name: "UPS Ground",
    note: null,
    payments: [
      {
        id: `pay_${id.slice(4, 16)}`,
        order_id: id,
        provider: "stripe",
        provider_id: "pi_3QK8sT2eZvKYlo2C1x9QwE4r",
        amount: usd(subtotal + tax + 1850),
        status: "completed",
        created_at: "2026-12-04T19:02:31Z",
      },
    ],
    fulfillments,
    refunds: [],
    metadata: {},
    created_at: "2026-12-04T19:02:11Z",
    cancelled_at: null,
    completed_at: null,
    ...extra,
  };
}

const HC_LINES = [
  hcLine(HC_LINE, "Glaze Test Tiles (Box of 24)", "Standard", "GTT-24", 3, 3400),
  hcLine(HC_LINE_2, "Kiln Shelf 16in", "16in", "KS-16", 2, 8900),
];

const HC_ORDERS = [
  hcOrder(HC_ORDER, "1043", "confirmed", "unfulfilled", HC_LINES),
  hcOrder("ord_01JEQ8C2F5H8K1M4P7R0T3V6XZ", "1044", "confirmed", "unfulfilled", [
    hcLine("ol_01JEQ8C2G1J4L7N0Q3S6U9W2YB", "Pottery Wheel Splash Pan", "Standard", "PWSP-1", 1, 4500),
  ]),
];

const HC_PENDING = hcOrder("ord_01JEQA4D7G0J3M6P9S2V5Y8B1E", "1045", "pending", "unfulfilled", [
  hcLine("ol_01JEQA4D8H2K5N8Q1T4W7Z0C3F", "Wax Resist 8oz", "8oz", "WR-8", 4, 1200),
]);

const HC_INVENTORY = [
  {
    id: HC_INV_ITEM,
    variant_id: "var_gtt-24",
    sku: "GTT-24",
    track_inventory: true,
    allow_backorder: false,
    safety_stock: 5,
    levels: [
      {
        id: "lvl_01HZ4M7Q3A",
        location_id: "loc_la_warehouse",
        on_hand: 12,
        reserved: 9,
        available: 3,
        version: 41,
      },
    ],
  },
  {
    id: "inv_01HZ4M8B5C1D4E7F0G3H6J9K2L",
    variant_id: "var_ks-16",
    sku: "KS-16",
    track_inventory: true,
    allow_backorder: false,
    safety_stock: 2,
    levels: [
      {
        id: "lvl_01HZ4M8B6D",
        location_id: "loc_la_warehouse",
        on_hand: 30,
        reserved: 2,
        available: 28,
        version: 17,
      },
    ],
  },
  {
    id: "inv_01HZ4M9C7E3F6G9H2J5K8L1M4N",
    variant_id: "var_pwsp-1",
    sku: "PWSP-1",
    track_inventory: true,
    allow_backorder: true,
    safety_stock: 0,
    levels: [
      {
        id: "lvl_01HZ4M9C8F",
        location_id: "loc_la_warehouse",
        on_hand: 0,
        reserved: 1,
        available: -1,
        version: 8,
      },
    ],
  },
];

const HC_CUSTOMER_BODY = {
  id: HC_CUSTOMER,
  email: "orders@kobayashiceramics.com",
  first_name: "Hana",
  last_name: "Kobayashi",
  phone: "+12135550163",
  external_id: null,
  status: "active",
  total_orders: 14,
  total_spent: usd(482_150),
  tags: ["wholesale", "net-30"],
  addresses: [
    {
      id: "addr_01HXB3N7A2",
      ...HC_ADDRESS,
      type: "both",
      is_default: true,
      created_at: "2025-06-18T20:41:09Z",
    },
  ],
  metadata: { shipping_account: "UPS 8A41W9" },
  created_at: "2025-06-18T20:41:09Z",
};

const HC_DISCOUNTS = [
  {
    id: "disc_01J9F2K5M8",
    name: "Free ground shipping over $150",
    description: null,
    code: null,
    type: "automatic",
    value_type: "free_shipping",
    value: 0,
    target: "shipping",
    usage_limit: null,
    usage_count: 311,
    per_customer_limit: null,
    minimum_amount: 15000,
    maximum_discount: null,
    starts_at: "2026-01-01T08:00:00Z",
    ends_at: null,
    is_active: true,
    metadata: {},
    created_at: "2025-12-29T22:10:44Z",
  },
];

const hcError = (
  res: http.ServerResponse,
  status: number,
  type: string,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) =>
  json(
    res,
    status,
    { error: { type, code, message, ...extra } },
    { "x-request-id": "req_7Hc2Lq9Xw4", ...headers },
  );

const list = (data: unknown[], total = data.length) => ({
  data,
  has_more: false,
  next_cursor: null,
  total_count: total,
});

function headlessCommerce(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const route = `${req.method} ${url.pathname.replace(/^\/v1/, "")}`;
  if (state.hcKeyRevoked || req.headers.authorization !== `Bearer ${HC_KEY}`)
    return hcError(
      res,
      401,
      "authentication_error",
      "INVALID_API_KEY",
      "Invalid API key provided: sk_live_****3F has been revoked",
    );
  if (state.hcRateLimited)
    return hcError(
      res,
      429,
      "rate_limit_error",
      "RATE_LIMITED",
      "Too many requests. Retry after 30 seconds.",
      {},
      {
        "retry-after": "30",
        "x-ratelimit-limit": "100",
        "x-ratelimit-remaining": "0",
      },
    );
  if (state.hcServerError)
    return hcError(res, 500, "api_error", "INTERNAL_ERROR", "An unexpected error occurred");
  if (state.hcBadGateway)
    return text(
      res,
      502,
      cloudflare502("api.headlesscommerce.io", "8f3b0e14ad9c72e1"),
      "text/html; charset=UTF-8",
    );
  const input = body ? parse(body) : {};
  const q = url.searchParams;

  if (route === "GET /admin/store")
    return json(res, 200, {
      id: "store_01HV8K2M4P",
      organization_id: "org_01HV8K1Z9X",
      name: "Kiln & Clay Supply",
      slug: "kiln-and-clay",
      currency: "USD",
      timezone: "America/Los_Angeles",
      prices_include_tax: false,
      tax_rate: 9.5,
      metadata: { warehouse: "Los Angeles", carrier_accounts: ["ups", "usps"] },
      created_at: "2025-03-02T17:20:00Z",
      updated_at: "2026-11-18T23:04:12Z",
    });
  if (route === "GET /admin/dashboard/stats")
    return json(res, 200, {
      kpi: {
        today_revenue: { value: 61_480, change: 12.4 },
        today_orders: { value: 3, change: 50 },
        month_revenue: { value: 1_284_330, change: -4.1 },
        pending_orders: { value: 1, change: 0 },
      },
      revenue_chart: [
        { date: "2026-11-30", revenue: 148_200, orders: 9 },
        { date: "2026-12-01", revenue: 201_450, orders: 12 },
        { date: "2026-12-02", revenue: 176_900, orders: 10 },
        { date: "2026-12-03", revenue: 158_310, orders: 8 },
        { date: "2026-12-04", revenue: 232_760, orders: 14 },
        { date: "2026-12-05", revenue: 189_020, orders: 11 },
        { date: "2026-12-06", revenue: 61_480, orders: 3 },
      ],
      recent_orders: [
        {
          id: HC_PENDING.id,
          number: "1045",
          email: "studio@wheelhouse.example",
          total: HC_PENDING.total,
          status: "pending",
          created_at: "2026-12-06T17:40:02Z",
        },
        {
          id: HC_ORDER,
          number: "1043",
          email: "orders@kobayashiceramics.com",
          total: HC_ORDERS[0]!.total,
          status: "confirmed",
          created_at: "2026-12-04T19:02:11Z",
        },
      ],
      low_stock_alerts: [
        {
          variant_id: "var_gtt-24",
          sku: "GTT-24",
          product_name: "Glaze Test Tiles (Box of 24)",
          available: 3,
          safety_stock: 5,
        },
        {
          variant_id: "var_pwsp-1",
          sku: "PWSP-1",
          product_name: "Pottery Wheel Splash Pan",
          available: -1,
          safety_stock: 0,
        },
      ],
    });
  if (route === "GET /admin/orders") {
    if (q.get("status") === "processing" && q.get("fulfillment_status") === "partially_fulfilled")
      return json(res, 200, list([]));
    if (q.get("fulfillment_status") === "unfulfilled") return json(res, 200, list(HC_ORDERS));
    return json(res, 200, list([HC_PENDING, ...HC_ORDERS]));
  }
  const orderMatch = /^(GET|POST) \/admin\/orders\/([^/]+)(\/confirm|\/cancel|\/fulfillments)?$/.exec(route);
  if (orderMatch) {
    const [, , id, action] = orderMatch;
    const known = [...HC_ORDERS, HC_PENDING].find((o) => o.id === id);
    if (id === HC_ORDER_CANCELLED) {
      if (action === "/confirm")
        return hcError(
          res,
          409,
          "invalid_request_error",
          "INVALID_STATE_TRANSITION",
          "Cannot transition order from 'cancelled' to 'confirmed'",
        );
    }
    if (!known)
      return hcError(res, 404, "invalid_request_error", "RESOURCE_NOT_FOUND", `No such order: '${id}'`);
    if (!action) return json(res, 200, known);
    if (action === "/confirm") return json(res, 200, { ...known, status: "confirmed" });
    if (action === "/cancel") {
      if (state.hcRestrictedKey)
        return hcError(
          res,
          403,
          "permission_error",
          "INSUFFICIENT_PERMISSIONS",
          "This API key does not have the 'orders:write' permission required for this request",
        );
      return json(res, 200, { ...known, status: "cancelled", cancelled_at: "2026-12-06T18:00:00Z" });
    }
    // fulfillments
    const lines = (input.lines ?? []) as { order_line_id: string; quantity: number }[];
    for (const line of lines) {
      const ordered = known.lines.find((l) => l.id === line.order_line_id);
      if (!ordered)
        return hcError(
          res,
          422,
          "validation_error",
          "VALIDATION_ERROR",
          `Order line '${line.order_line_id}' does not belong to order ${known.number}`,
          {
            details: { field: "lines", message: "unknown order line", code: "invalid" },
          },
        );
      const open = ordered.quantity - ordered.fulfilled_quantity;
      if (line.quantity > open)
        return hcError(
          res,
          422,
          "validation_error",
          "VALIDATION_ERROR",
          `Cannot fulfill ${line.quantity} of ${ordered.sku}: only ${open} unfulfilled`,
          {
            details: {
              field: "lines[0].quantity",
              message: `must be less than or equal to ${open}`,
              code: "too_big",
            },
          },
        );
    }
    return json(res, 201, {
      id: "ful_01JERB7K2N5Q8T1W4Z7C0F3J6M",
      order_id: known.id,
      status: "pending",
      tracking_number: input.tracking_number ?? null,
      tracking_url: input.tracking_url ?? null,
      carrier: input.carrier ?? null,
      lines,
      created_at: "2026-12-06T18:02:14Z",
      shipped_at: null,
      delivered_at: null,
    });
  }
  if (route === "GET /admin/inventory") return json(res, 200, list(HC_INVENTORY));
  const adjust = /^POST \/admin\/inventory\/([^/]+)\/adjust$/.exec(route);
  if (adjust) {
    const item = HC_INVENTORY.find((i) => i.id === adjust[1]);
    if (!item)
      return hcError(
        res,
        404,
        "invalid_request_error",
        "RESOURCE_NOT_FOUND",
        `No such inventory item: '${adjust[1]}'`,
      );
    const quantity = Number(input.quantity);
    if (!Number.isInteger(quantity))
      return hcError(
        res,
        400,
        "validation_error",
        "VALIDATION_ERROR",
        "quantity: Expected integer, received float",
        {
          details: { field: "quantity", message: "Expected integer, received float", code: "invalid_type" },
        },
      );
    const level = item.levels[0]!;
    return json(res, 200, {
      ...item,
      levels: [
        {
          ...level,
          on_hand: level.on_hand + quantity,
          available: level.available + quantity,
          version: level.version + 1,
        },
      ],
    });
  }
  if (route === "GET /admin/customers") {
    const term = (q.get("q") ?? "").toLowerCase();
    const hit = !term || "hana kobayashi orders@kobayashiceramics.com kobayashi".includes(term);
    return json(res, 200, list(hit ? [HC_CUSTOMER_BODY] : []));
  }
  const customer = /^GET \/admin\/customers\/([^/]+)$/.exec(route);
  if (customer) {
    if (customer[1] !== HC_CUSTOMER)
      return hcError(
        res,
        404,
        "invalid_request_error",
        "RESOURCE_NOT_FOUND",
        `No such customer: '${customer[1]}'`,
      );
    return json(res, 200, HC_CUSTOMER_BODY);
  }
  if (route === "GET /admin/discounts") return json(res, 200, list(HC_DISCOUNTS));
  if (route === "POST /admin/discounts") {
    if (String(input.code ?? "").toUpperCase() === "SHIPFREE50")
      return hcError(
        res,
        409,
        "invalid_request_error",
        "DUPLICATE_CODE",
        "A discount with code 'SHIPFREE50' already exists",
      );
    return json(res, 201, {
      ...HC_DISCOUNTS[0],
      id: "disc_01JERC3M6P",
      name: input.name,
      code: input.code ?? null,
      type: input.type,
      value_type: input.value_type,
      value: input.value,
      usage_limit: input.usage_limit ?? null,
      usage_count: 0,
      minimum_amount: null,
      starts_at: input.starts_at ?? null,
      ends_at: input.ends_at ?? null,
      created_at: "2026-12-06T18:05:40Z",
    });
  }
  if (route === "GET /admin/products") {
    if (q.get("q") === HC_SLOW_QUERY) return later(15_000, () => json(res, 200, list([])));
    return json(res, 200, list([]));
  }
  return hcError(
    res,
    404,
    "invalid_request_error",
    "ROUTE_NOT_FOUND",
    `Unrecognized request URL (${req.method}: ${url.pathname})`,
  );
}

export const hcStandin = httpStandin(HC_PORT, headlessCommerce);

export const ALL_STANDINS = [shopifyStandin, hcStandin];
