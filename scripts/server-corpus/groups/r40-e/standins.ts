// Loopback stand-ins for group r40-e, answering with the real service's bodies (README.md says where each comes from and
// which wordings were written for the capture):
// - commercetools' authorization server (`https://auth.<region>.commercetools.com`: `POST /oauth/token` with the
//   client-credentials grant, `POST /oauth/introspect`) on 44400, and
// - the commercetools HTTP API (`https://api.<region>.commercetools.com/<projectKey>/…`: project, products, product
//   search, categories, orders, carts, customers, inventory, discount codes; errors as
//   `{statusCode, message, errors: [{code, message, …}]}`) on 44401,
// for @commercetools/mcp-essentials, whose `--authUrl` and `--apiUrl` are settings, so plain HTTP servers.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import { httpStandin, json, later, parse, text } from "../../standin-kit.js";
import { clearTimers } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r40-e";

export const CT_AUTH_PORT = 44400;
export const CT_API_PORT = 44401;
export const CT_PROJECT = "northwind-store";
export const CT_CLIENT_ID = "Xq7r2LwN9vB4kTzP1mHc8sJd";
export const CT_CLIENT_SECRET = "f3K9pQ2xW7vN1rT6yB8mC4hJ0sL5dG2a";
const CT_TOKEN = "vT2mQ8xK4pR7wN1zB6cH9jL3sD5fG0aY";
export const CT_EXPIRED_TOKEN = "eJ4nR8tW2qM6xP0vB3kZ7cH1sL9dF5gA";

export const state = {
  ctNoScope: false,
  ctOverCapacity: false,
  ctBadGateway: false,
  ctSlow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

const SCOPE = `manage_project:${CT_PROJECT}`;

// ── the authorization server ─────────────────────────────────────────────────────────────────────────────────────────

function ctAuth(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  seen.push(`ct-auth ${req.method} ${url.pathname} ${body}`);
  const basic = `Basic ${Buffer.from(`${CT_CLIENT_ID}:${CT_CLIENT_SECRET}`).toString("base64")}`;
  if (req.headers.authorization !== basic)
    return json(res, 401, {
      statusCode: 401,
      message: "Please provide valid client credentials using HTTP Basic Authentication.",
      errors: [
        {
          code: "invalid_client",
          message: "Please provide valid client credentials using HTTP Basic Authentication.",
        },
      ],
      error: "invalid_client",
      error_description: "Please provide valid client credentials using HTTP Basic Authentication.",
    });
  if (req.method === "POST" && url.pathname === "/oauth/token")
    return json(res, 200, { access_token: CT_TOKEN, token_type: "Bearer", expires_in: 172800, scope: SCOPE });
  if (req.method === "POST" && url.pathname === "/oauth/introspect") {
    const token = parse(body).token;
    if (token !== CT_TOKEN) return json(res, 200, { active: false });
    return json(res, 200, { active: true, scope: SCOPE, exp: 1796601600, client_id: CT_CLIENT_ID });
  }
  unknownRequests.push(`ct-auth ${req.method} ${url.pathname}`);
  return json(res, 404, {
    statusCode: 404,
    message: "Not Found",
    errors: [{ code: "NotFound", message: "Not Found" }],
  });
}

// ── the API ──────────────────────────────────────────────────────────────────────────────────────────────────────────

const ctError = (
  res: http.ServerResponse,
  status: number,
  message: string,
  error: Record<string, unknown>,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => json(res, status, { statusCode: status, message, errors: [{ message, ...error }], ...extra }, headers);

const notFound = (res: http.ServerResponse, id: string) =>
  ctError(res, 404, `The Resource with ID '${id}' was not found.`, { code: "ResourceNotFound" });

// Google Cloud's load balancer page in front of the API when the backend is unhealthy.
const google502 =
  '<!DOCTYPE html>\n<html lang=en>\n  <meta charset=utf-8>\n  <meta name=viewport content="initial-scale=1, minimum-scale=1, width=device-width">\n  <title>Error 502 (Server Error)!!1</title>\n  <style>\n    *{margin:0;padding:0}html,code{font:15px/22px arial,sans-serif}html{background:#fff;color:#222;padding:15px}body{margin:7% auto 0;max-width:390px;min-height:180px;padding:30px 0 15px}\n  </style>\n  <a href=//www.google.com/><span id=logo aria-label=Google></span></a>\n  <p><b>502.</b> <ins>That’s an error.</ins>\n  <p>The server encountered a temporary error and could not complete your request.<p>Please try again in 30 seconds.  <ins>That’s all we know.</ins>\n';

const created = "2026-10-14T09:12:44.381Z";
const modified = "2026-12-06T16:40:02.117Z";
const money = (cents: number, currency = "EUR") => ({
  type: "centPrecision",
  currencyCode: currency,
  centAmount: cents,
  fractionDigits: 2,
});

const PRODUCTS = [
  {
    id: "5f0b9e1c-3a7d-4c2e-9b61-8d4f2a6e0c11",
    key: "espresso-200",
    name: "Barista Pro 200 Espresso Machine",
    slug: "barista-pro-200-espresso-machine",
    sku: "ESP-200-BLK",
    price: 54900,
    category: "c3e1a7b2-6d4f-4a90-8e15-2b7c9d0f3a64",
  },
  {
    id: "8a2d4c6e-1f3b-4d5a-a7c9-0e2f4b6d8a13",
    key: "grinder-burr-64",
    name: "Flat Burr Grinder 64",
    slug: "flat-burr-grinder-64",
    sku: "GRD-64-SLV",
    price: 32900,
    category: "c3e1a7b2-6d4f-4a90-8e15-2b7c9d0f3a64",
  },
  {
    id: "b7e3f9a1-5c2d-4e6b-8d0f-3a5c7e9b1d24",
    key: "milk-jug-600",
    name: "Milk Frothing Jug 600 ml",
    slug: "milk-frothing-jug-600-ml",
    sku: "JUG-600-SS",
    price: 2490,
    category: "e9f1b3d5-7a2c-4e4f-9b6d-1c3e5a7f9b02",
  },
];

type Item = (typeof PRODUCTS)[number];

function product(p: Item) {
  const variant = {
    id: 1,
    sku: p.sku,
    key: `${p.key}-1`,
    prices: [
      {
        id: `${p.id.slice(0, 8)}-price-eur`,
        value: money(p.price),
        country: "DE",
      },
    ],
    images: [
      {
        url: `https://images.northwind-store.example/${p.slug}.jpg`,
        dimensions: { w: 1200, h: 1200 },
      },
    ],
    attributes: [],
    assets: [],
  };
  const data = {
    name: { "en-US": p.name, "de-DE": p.name },
    categories: [{ typeId: "category", id: p.category }],
    categoryOrderHints: {},
    slug: { "en-US": p.slug, "de-DE": p.slug },
    masterVariant: variant,
    variants: [],
    searchKeywords: {},
  };
  return {
    id: p.id,
    version: 7,
    versionModifiedAt: modified,
    createdAt: created,
    lastModifiedAt: modified,
    key: p.key,
    productType: { typeId: "product-type", id: "2b4d6f8a-0c1e-4a3b-9d5f-7e9a1c3b5d60" },
    masterData: { current: data, staged: data, published: true, hasStagedChanges: false },
    taxCategory: { typeId: "tax-category", id: "4d6f8b0a-2c3e-4f5a-8b7c-9e1d3f5a7c82" },
    priceMode: "Embedded",
  };
}

const page = (url: URL, results: unknown[]) => ({
  limit: Number(url.searchParams.get("limit") ?? 20),
  offset: Number(url.searchParams.get("offset") ?? 0),
  count: results.length,
  total: results.length,
  results,
});

const CATEGORY = {
  id: "c3e1a7b2-6d4f-4a90-8e15-2b7c9d0f3a64",
  version: 3,
  createdAt: created,
  lastModifiedAt: modified,
  key: "coffee-machines",
  name: { "en-US": "Coffee Machines", "de-DE": "Kaffeemaschinen" },
  slug: { "en-US": "coffee-machines", "de-DE": "kaffeemaschinen" },
  description: { "en-US": "Espresso machines and grinders for home baristas" },
  ancestors: [{ typeId: "category", id: "a1b3c5d7-e9f0-4a2b-8c4d-6e8f0a2b4c17" }],
  parent: { typeId: "category", id: "a1b3c5d7-e9f0-4a2b-8c4d-6e8f0a2b4c17" },
  orderHint: "0.2",
  assets: [],
};

const ORDER_ID = "d4f6a8c0-2e1b-4c3d-9f5a-7b9d1e3f5a28";
const CUSTOMER_ID = "6c8e0a2b-4d5f-4e7a-9c1b-3d5f7a9c1e46";

function order(version: number, orderState: string) {
  return {
    type: "Order",
    id: ORDER_ID,
    version,
    versionModifiedAt: modified,
    createdAt: "2026-12-05T14:22:09.531Z",
    lastModifiedAt: modified,
    orderNumber: "NW-100482",
    customerId: CUSTOMER_ID,
    customerEmail: "ana.weber@example.de",
    totalPrice: money(57390),
    taxedPrice: {
      totalNet: money(48227),
      totalGross: money(57390),
      taxPortions: [{ rate: 0.19, amount: money(9163), name: "MwSt. 19%" }],
      totalTax: money(9163),
    },
    country: "DE",
    orderState,
    shipmentState: "Ready",
    paymentState: "Paid",
    lineItems: [
      {
        id: "0e2a4c6e-8f1b-4d3a-b5c7-9e1f3a5c7e90",
        productId: PRODUCTS[0]!.id,
        name: { "en-US": PRODUCTS[0]!.name },
        variant: { id: 1, sku: "ESP-200-BLK" },
        price: { id: "5f0b9e1c-price-eur", value: money(54900) },
        quantity: 1,
        totalPrice: money(54900),
        lineItemMode: "Standard",
        priceMode: "Platform",
        state: [{ quantity: 1, state: { typeId: "state", id: "e1a3c5e7-0b2d-4f4a-9c6e-8a0c2e4a6c35" } }],
      },
      {
        id: "1f3b5d7f-9a2c-4e4b-c6d8-0f2a4b6d8f01",
        productId: PRODUCTS[2]!.id,
        name: { "en-US": PRODUCTS[2]!.name },
        variant: { id: 1, sku: "JUG-600-SS" },
        price: { id: "b7e3f9a1-price-eur", value: money(2490) },
        quantity: 1,
        totalPrice: money(2490),
        lineItemMode: "Standard",
        priceMode: "Platform",
        state: [{ quantity: 1, state: { typeId: "state", id: "e1a3c5e7-0b2d-4f4a-9c6e-8a0c2e4a6c35" } }],
      },
    ],
    shippingAddress: {
      firstName: "Ana",
      lastName: "Weber",
      streetName: "Schönhauser Allee",
      streetNumber: "36",
      postalCode: "10435",
      city: "Berlin",
      country: "DE",
    },
    shippingMode: "Single",
    origin: "Customer",
  };
}

const CUSTOMER = {
  id: CUSTOMER_ID,
  version: 4,
  createdAt: "2026-03-02T11:05:17.204Z",
  lastModifiedAt: modified,
  customerNumber: "C-20871",
  email: "ana.weber@example.de",
  firstName: "Ana",
  lastName: "Weber",
  addresses: [{ id: "aB3dE5fG", city: "Berlin", country: "DE", postalCode: "10435" }],
  isEmailVerified: true,
  authenticationMode: "Password",
  stores: [],
};

const INVENTORY = {
  id: "9b1d3f5a-7c8e-4a0b-a2d4-6f8a0c2e4b53",
  version: 41,
  createdAt: created,
  lastModifiedAt: modified,
  sku: "ESP-200-BLK",
  supplyChannel: { typeId: "channel", id: "3c5e7a9c-1e2f-4b4d-8f6a-0c2e4a6c8e71" },
  quantityOnStock: 18,
  availableQuantity: 14,
  restockableInDays: 5,
};

// The order is at version 4 (a clerk changed it in the Merchant Center after the agent read version 3); the server's
// update tool reads the order first and sends the version it finds.
let orderVersion = 4;

function ctApi(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const route = `${req.method} ${url.pathname}`;
  seen.push(`ct-api ${route}${url.search} ${body}`);
  const auth = req.headers.authorization;
  if (auth !== `Bearer ${CT_TOKEN}`)
    return json(res, 401, {
      statusCode: 401,
      message: "invalid_token",
      errors: [{ code: "invalid_token", message: "invalid_token" }],
      error: "invalid_token",
    });
  if (state.ctSlow) return later(15_000, () => json(res, 200, CATEGORY));
  if (state.ctBadGateway) return text(res, 502, google502, "text/html; charset=UTF-8");
  if (state.ctOverCapacity)
    return ctError(res, 503, "The service is unable to handle the request due to a temporary overload.", {
      code: "OverCapacity",
    });
  if (state.ctNoScope)
    return ctError(
      res,
      403,
      "Insufficient scope. One of the following scopes is missing: view_discount_codes",
      { code: "insufficient_scope" },
      {
        error: "insufficient_scope",
        error_description: "Insufficient scope. One of the following scopes is missing: view_discount_codes",
      },
    );

  const base = `/${CT_PROJECT}`;
  const p = url.pathname.startsWith(base) ? url.pathname.slice(base.length) : null;
  if (p === null) return notFound(res, url.pathname);
  const where = url.searchParams.getAll("where");

  if (req.method === "GET" && p === "")
    return json(res, 200, {
      key: CT_PROJECT,
      name: "Northwind Store",
      countries: ["DE", "AT", "NL"],
      currencies: ["EUR"],
      languages: ["en-US", "de-DE"],
      createdAt: "2026-02-11T08:30:00.000Z",
      createdBy: { clientId: "merchant-center" },
      trialUntil: null,
      messages: { enabled: true, deleteDaysAfterCreation: 15 },
      carts: { deleteDaysAfterLastModification: 90, countryTaxRateFallbackEnabled: false },
      shoppingLists: { deleteDaysAfterLastModification: 360 },
      searchIndexing: { productsSearch: { status: "Activated", lastModifiedAt: modified } },
      version: 12,
    });

  if (req.method === "GET" && p === "/products")
    return json(
      res,
      200,
      page(url, PRODUCTS.slice(0, Number(url.searchParams.get("limit") ?? 20)).map(product)),
    );
  const productById = /^\/products\/([\w-]+)$/.exec(p);
  if (req.method === "GET" && productById) {
    const found = PRODUCTS.find((x) => x.id === productById[1]);
    return found ? json(res, 200, product(found)) : notFound(res, productById[1]!);
  }
  if (req.method === "POST" && p === "/products/search") {
    const text = JSON.stringify(parse(body)).toLowerCase();
    const hits = PRODUCTS.filter((x) =>
      x.name
        .toLowerCase()
        .split(/\s+/)
        .some((w) => w.length > 3 && text.includes(w)),
    );
    return json(res, 200, {
      total: hits.length,
      offset: 0,
      limit: Number(parse(body).limit ?? 20),
      facets: [],
      results: hits.map((x) => ({ id: x.id })),
    });
  }

  if (req.method === "GET" && (p === "/categories/key=coffee-machines" || p === `/categories/${CATEGORY.id}`))
    return json(res, 200, CATEGORY);
  if (req.method === "GET" && p.startsWith("/categories/key="))
    return ctError(res, 404, `The Resource with key '${decodeURIComponent(p.slice(16))}' was not found.`, {
      code: "ResourceNotFound",
    });

  if (req.method === "GET" && (p === "/orders/order-number=NW-100482" || p === `/orders/${ORDER_ID}`))
    return json(res, 200, order(orderVersion, orderVersion > 4 ? "Confirmed" : "Open"));
  if (req.method === "GET" && p === "/orders") {
    if (where.some((w) => /orderState = [A-Za-z]/.test(w)))
      return ctError(
        res,
        400,
        "Malformed parameter: where: Syntax error while parsing 'where'. Invalid input 'O', expected input parameter or primary (line 1, column 14):\norderState = Open\n             ^",
        { code: "InvalidInput" },
      );
    return json(res, 200, page(url, [order(orderVersion, "Open")]));
  }
  if (req.method === "POST" && p === `/orders/${ORDER_ID}`) {
    const draft = parse(body) as { version?: number; actions?: Array<Record<string, unknown>> };
    if (draft.version !== orderVersion)
      return ctError(
        res,
        409,
        `Object ${ORDER_ID} has a different version than expected. Expected: ${String(draft.version)} - Actual: ${orderVersion}.`,
        { code: "ConcurrentModification", currentVersion: orderVersion },
      );
    const bad = draft.actions?.find(
      (a) => a.action === "changeShipmentState" && a.shipmentState === "Teleported",
    );
    if (bad)
      return ctError(res, 400, "Request body does not contain valid JSON.", {
        code: "InvalidJsonInput",
        detailedErrorMessage:
          "actions -> shipmentState: Invalid enum value 'Teleported'. Valid values are: Shipped, Delivered, Ready, Pending, Delayed, Partial, Backorder.",
      });
    orderVersion += 1;
    return json(res, 200, order(orderVersion, "Confirmed"));
  }

  if (req.method === "POST" && p === "/carts") {
    const draft = parse(body) as {
      lineItems?: Array<{ sku?: string; quantity?: number }>;
      currency?: string;
    };
    const missing = draft.lineItems?.find((li) => !PRODUCTS.some((x) => x.sku === li.sku));
    if (missing)
      return ctError(
        res,
        400,
        `The referenced object of type 'product' with 'sku=${String(missing.sku)}' was not found. It either doesn't exist, or it can't be accessed from this endpoint (e.g., if the endpoint filters by store or customer account).`,
        { code: "ReferencedResourceNotFound", typeId: "product" },
      );
    const items = (draft.lineItems ?? []).map((li, n) => {
      const x = PRODUCTS.find((y) => y.sku === li.sku)!;
      return {
        id: `7a9c1e3a-5b6d-4f8a-b0c2-4e6a8c0e2a${String(n).padStart(2, "0")}`,
        productId: x.id,
        name: { "en-US": x.name },
        variant: { id: 1, sku: x.sku },
        price: { value: money(x.price) },
        quantity: li.quantity ?? 1,
        totalPrice: money(x.price * (li.quantity ?? 1)),
      };
    });
    return json(res, 201, {
      type: "Cart",
      id: "2e4a6c8e-0a1b-4c3d-9e5f-7a9b1c3d5e82",
      version: 1,
      createdAt: "2026-12-07T10:14:31.902Z",
      lastModifiedAt: "2026-12-07T10:14:31.902Z",
      ...parse(body),
      lineItems: items,
      cartState: "Active",
      totalPrice: money(items.reduce((s, i) => s + i.totalPrice.centAmount, 0)),
      taxMode: "Platform",
      inventoryMode: "None",
      origin: "Customer",
    });
  }
  if (req.method === "GET" && /^\/carts\/[\w-]+$/.test(p)) return notFound(res, p.slice(7));

  if (req.method === "GET" && p === "/customers") {
    const match = where.some((w) => w.includes("ana.weber@example.de"));
    return json(res, 200, page(url, match ? [CUSTOMER] : []));
  }
  if (req.method === "GET" && p === "/inventory") {
    const match = where.some((w) => w.includes("ESP-200-BLK"));
    return json(res, 200, page(url, match ? [INVENTORY] : []));
  }

  unknownRequests.push(`ct-api ${route}${url.search}`);
  return notFound(res, p);
}

export const ctAuthServer = httpStandin(CT_AUTH_PORT, ctAuth);
export const ctApiServer = httpStandin(CT_API_PORT, ctApi);

export const ALL_STANDINS = [ctAuthServer, ctApiServer];
