// Loopback stand-ins for the APIs behind this group's servers, answering with the real APIs'
// error bodies: a WooCommerce store (WordPress REST, /wp-json/wc/v3), a Salesforce org (SOAP login
// and REST /services/data) and an ERPNext site (Frappe /api/resource). Each listens on its own
// port so that one can be stopped (an unreachable backend) while the others keep answering.
// `state` is switched by the sessions' hooks (a revoked key, an org over its API limit, …).

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";

export const WOO_PORT = 38600;
export const SF_PORT = 38601;
export const ERP_PORT = 38602;
export const SHOP_PORT = 38603;
export const SHOP_TOKEN = "shpat_r6biz_corpus";
export const DATA = "/tmp/faultline-corpus-r6-biz";
/** The self-signed certificate of the Shopify stand-in (the server only speaks https); the server trusts it through NODE_EXTRA_CA_CERTS. */
export const SHOP_CERT = path.join(DATA, "shop-cert.pem");
const SHOP_KEY = path.join(DATA, "shop-key.pem");

export const WOO_KEY = "ck_r6biz_readonly";
export const WOO_SECRET = "cs_r6biz_secret";
export const SF_USER = "ops@r6biz.example";
export const SF_PASSWORD = "corpus-pass";
export const ERP_KEY = "r6bizkey";
export const ERP_SECRET = "r6bizsecret";

export const state = {
  wooKeyRevoked: false,
  wooRateLimited: false,
  sfPasswordChanged: false,
  sfSessionRevoked: false,
  sfLimitExceeded: false,
  erpKeyRevoked: false,
  shopTokenRevoked: false,
  shopFrozen: false,
};

type Handler = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => void;

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json; charset=UTF-8", ...headers });
  res.end(JSON.stringify(body));
}

function serve(port: number, handler: Handler, tls = false) {
  const sockets = new Set<import("node:net").Socket>();
  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => handler(req, new URL(req.url ?? "/", `http://127.0.0.1:${port}`), body, res));
  };
  let server: http.Server | https.Server = http.createServer(onRequest);
  const track = (socket: import("node:net").Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  };
  server.on("connection", track);
  const ensureTls = () => {
    if (!tls || server instanceof https.Server) return;
    if (!fs.existsSync(SHOP_CERT)) {
      fs.mkdirSync(DATA, { recursive: true });
      execFileSync(
        "openssl",
        [
          "req",
          "-x509",
          "-newkey",
          "rsa:2048",
          "-nodes",
          "-keyout",
          SHOP_KEY,
          "-out",
          SHOP_CERT,
          "-days",
          "3650",
          "-subj",
          "/CN=127.0.0.1",
          "-addext",
          "subjectAltName=IP:127.0.0.1",
        ],
        { stdio: "ignore" },
      );
    }
    server = https.createServer(
      { key: fs.readFileSync(SHOP_KEY), cert: fs.readFileSync(SHOP_CERT) },
      onRequest,
    );
    server.on("connection", track);
  };
  const api = {
    start: () => {
      ensureTls();
      return new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return api;
}

// ---------------------------------------------------------------- WooCommerce (WordPress REST API)

const PRODUCTS = [
  {
    id: 11,
    name: "Brass hinge 40mm",
    sku: "HNG-40",
    price: "3.20",
    regular_price: "3.20",
    stock_status: "instock",
    stock_quantity: 412,
    status: "publish",
  },
  {
    id: 12,
    name: "Brass hinge 60mm",
    sku: "HNG-60",
    price: "4.10",
    regular_price: "4.10",
    stock_status: "instock",
    stock_quantity: 180,
    status: "publish",
  },
  {
    id: 13,
    name: "Oak drawer pull",
    sku: "PUL-OAK",
    price: "7.50",
    regular_price: "8.00",
    stock_status: "outofstock",
    stock_quantity: 0,
    status: "publish",
  },
];

const woo: Handler = (req, url, _body, res) => {
  const route = url.pathname.replace(/^\/wp-json\/wc\/v3/, "");
  const auth = req.headers.authorization ?? "";
  const expected = "Basic " + Buffer.from(`${WOO_KEY}:${WOO_SECRET}`).toString("base64");
  if (auth !== expected || state.wooKeyRevoked) {
    return json(res, 401, {
      code: "woocommerce_rest_authentication_error",
      message: "Consumer key is invalid.",
      data: { status: 401 },
    });
  }
  if (route === "/products" && req.method === "GET") {
    const perPage = Number(url.searchParams.get("per_page") ?? "10");
    if (perPage < 1 || perPage > 100) {
      return json(res, 400, {
        code: "rest_invalid_param",
        message: "Invalid parameter(s): per_page",
        data: {
          status: 400,
          params: { per_page: "per_page must be between 1 (inclusive) and 100 (inclusive)" },
          details: {
            per_page: {
              code: "rest_out_of_bounds",
              message: "per_page must be between 1 (inclusive) and 100 (inclusive)",
              data: null,
            },
          },
        },
      });
    }
    const search = (url.searchParams.get("search") ?? "").toLowerCase();
    return json(res, 200, PRODUCTS.filter((p) => p.name.toLowerCase().includes(search)).slice(0, perPage), {
      "X-WP-Total": "3",
      "X-WP-TotalPages": "1",
    });
  }
  if (route === "/products" && req.method === "POST") {
    return json(res, 403, {
      code: "woocommerce_rest_cannot_create",
      message: "Sorry, you are not allowed to create resources.",
      data: { status: 403 },
    });
  }
  const product = /^\/products\/([^/]+)$/.exec(route);
  if (product && req.method === "GET") {
    if (!/^\d+$/.test(product[1] ?? "")) {
      return json(res, 404, {
        code: "rest_no_route",
        message: "No route was found matching the URL and request method.",
        data: { status: 404 },
      });
    }
    const found = PRODUCTS.find((p) => String(p.id) === product[1]);
    if (!found)
      return json(res, 404, {
        code: "woocommerce_rest_product_invalid_id",
        message: "Invalid ID.",
        data: { status: 404 },
      });
    return json(res, 200, found);
  }
  if (route === "/orders" && req.method === "GET") {
    if (state.wooRateLimited) {
      return json(
        res,
        429,
        {
          code: "rest_too_many_requests",
          message: "Too many requests. Please wait and try again.",
          data: { status: 429 },
        },
        { "Retry-After": "30" },
      );
    }
    return json(res, 200, [
      {
        id: 501,
        status: "processing",
        total: "41.60",
        currency: "EUR",
        line_items: [{ product_id: 11, quantity: 13 }],
      },
    ]);
  }
  if (route === "/orders/501") {
    return json(res, 500, {
      code: "internal_server_error",
      message:
        '<p>There has been a critical error on this website.</p><p><a href="https://wordpress.org/documentation/article/faq-troubleshooting/">Learn more about troubleshooting WordPress.</a></p>',
      data: { status: 500 },
      additional_errors: [],
    });
  }
  if (route === "/reports/sales") {
    res.writeHead(503, { "content-type": "text/html; charset=utf-8", "Retry-After": "600" });
    return res.end(
      '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Maintenance</title></head><body>Briefly unavailable for scheduled maintenance. Check back in a minute.</body></html>',
    );
  }
  if (route === "/customers") {
    const email = url.searchParams.get("email");
    return json(
      res,
      200,
      email ? [] : [{ id: 7, email: "buyer@shop.example", first_name: "Ana", last_name: "Ruiz" }],
    );
  }
  if (/^\/coupons\/\d+$/.test(route)) {
    // a slow store: answers after 15 s
    setTimeout(() => json(res, 200, { id: 5, code: "SPRING10", amount: "10.00" }), 15_000);
    return;
  }
  return json(res, 404, {
    code: "rest_no_route",
    message: "No route was found matching the URL and request method.",
    data: { status: 404 },
  });
};

// ---------------------------------------------------------------- Salesforce (SOAP login + REST)

function soapFault(res: http.ServerResponse, code: string, message: string) {
  res.writeHead(500, { "content-type": "text/xml;charset=UTF-8" });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:sf="urn:fault.partner.soap.sforce.com"><soapenv:Body><soapenv:Fault><faultcode>sf:${code}</faultcode><faultstring>${code}: ${message}</faultstring><detail><sf:LoginFault><sf:exceptionCode>${code}</sf:exceptionCode><sf:exceptionMessage>${message}</sf:exceptionMessage></sf:LoginFault></detail></soapenv:Fault></soapenv:Body></soapenv:Envelope>`,
  );
}

const ACCOUNTS = [
  {
    attributes: { type: "Account", url: "/services/data/v50.0/sobjects/Account/001R6000001" },
    Id: "001R6000001",
    Name: "Northwind Traders",
    Industry: "Retail",
  },
  {
    attributes: { type: "Account", url: "/services/data/v50.0/sobjects/Account/001R6000002" },
    Id: "001R6000002",
    Name: "Contoso Ltd",
    Industry: "Manufacturing",
  },
];

const sf: Handler = (req, url, body, res) => {
  if (url.pathname.startsWith("/services/Soap/u/")) {
    if (state.sfPasswordChanged || !body.includes(SF_USER)) {
      return soapFault(
        res,
        "INVALID_LOGIN",
        "Invalid username, password, security token; or user locked out.",
      );
    }
    res.writeHead(200, { "content-type": "text/xml;charset=UTF-8" });
    return res.end(
      `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns="urn:partner.soap.sforce.com"><soapenv:Body><loginResponse><result><metadataServerUrl>http://127.0.0.1:${SF_PORT}/services/Soap/m/50.0/00DR6</metadataServerUrl><passwordExpired>false</passwordExpired><sandbox>true</sandbox><serverUrl>http://127.0.0.1:${SF_PORT}/services/Soap/u/50.0/00DR6</serverUrl><sessionId>00DR6!AQ0AQcorpus</sessionId><userId>005R6000000001</userId><userInfo><organizationId>00DR6000000001</organizationId><userName>${SF_USER}</userName></userInfo></result></loginResponse></soapenv:Body></soapenv:Envelope>`,
    );
  }
  const api = url.pathname.replace(/^\/services\/data\/v[\d.]+/, "");
  if (state.sfSessionRevoked)
    return json(res, 401, [{ message: "Session expired or invalid", errorCode: "INVALID_SESSION_ID" }]);
  if (state.sfLimitExceeded)
    return json(res, 403, [
      { message: "TotalRequests Limit exceeded.", errorCode: "REQUEST_LIMIT_EXCEEDED" },
    ]);
  if (api === "/query" || api === "/queryAll") {
    const q = url.searchParams.get("q") ?? "";
    if (/FROM Case/i.test(q)) {
      return json(res, 500, [
        {
          errorCode: "UNKNOWN_EXCEPTION",
          message:
            "An unexpected error occurred. Please include this ErrorId if you contact support: 1637419862-48211 (-1101486231)",
        },
      ]);
    }
    if (/FROM Opportunity/i.test(q)) {
      setTimeout(() => json(res, 200, { totalSize: 0, done: true, records: [] }), 15_000);
      return;
    }
    const field = /SELECT\s+(.*?)\s+FROM/i.exec(q)?.[1] ?? "";
    if (/\bNme\b/.test(field)) {
      return json(res, 400, [
        {
          message: `\n${q.slice(0, 40)}\n       ^\nERROR at Row:1:Column:12\nNo such column 'Nme' on entity 'Account'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names.`,
          errorCode: "INVALID_FIELD",
        },
      ]);
    }
    if ((q.match(/'/g) ?? []).length % 2 === 1) {
      return json(res, 400, [
        {
          message: `${q}\n^\nERROR at Row:1:Column:${q.length}\nline 1:${q.length} mismatched character '<EOF>' expecting '''`,
          errorCode: "MALFORMED_QUERY",
        },
      ]);
    }
    if (/FROM Widget__c/i.test(q)) {
      return json(res, 400, [
        {
          message: `${q}\n   ^\nERROR at Row:1:Column:20\nsObject type 'Widget__c' is not supported. If you are attempting to use a custom object, be sure to append the '__c' after the entity name.`,
          errorCode: "INVALID_TYPE",
        },
      ]);
    }
    const records = /Zeppelin/.test(q) ? [] : ACCOUNTS;
    return json(res, 200, { totalSize: records.length, done: true, records });
  }
  if (api === "/sobjects" && req.method === "GET") {
    return json(res, 200, {
      encoding: "UTF-8",
      maxBatchSize: 200,
      sobjects: [
        { name: "Account", label: "Account", custom: false, keyPrefix: "001" },
        { name: "Contact", label: "Contact", custom: false, keyPrefix: "003" },
        { name: "Opportunity", label: "Opportunity", custom: false, keyPrefix: "006" },
      ],
    });
  }
  const describe = /^\/sobjects\/([^/]+)\/describe$/.exec(api);
  if (describe) {
    if (describe[1] !== "Account")
      return json(res, 404, [{ errorCode: "NOT_FOUND", message: "The requested resource does not exist" }]);
    return json(res, 200, {
      name: "Account",
      label: "Account",
      custom: false,
      createable: true,
      updateable: true,
      fields: [
        { name: "Id", label: "Account ID", type: "id", nillable: false, length: 18 },
        { name: "Name", label: "Account Name", type: "string", nillable: false, length: 255 },
        {
          name: "Industry",
          label: "Industry",
          type: "picklist",
          nillable: true,
          length: 255,
          picklistValues: [
            { value: "Retail", label: "Retail", active: true },
            { value: "Manufacturing", label: "Manufacturing", active: true },
          ],
        },
      ],
    });
  }
  if (api === "/sobjects/Contact" && req.method === "POST") {
    return json(res, 400, [
      {
        message: "Required fields are missing: [LastName]",
        errorCode: "REQUIRED_FIELD_MISSING",
        fields: ["LastName"],
      },
    ]);
  }
  if (/^\/sobjects\/Account\/[^/]+$/.test(api) && req.method === "PATCH") {
    return json(res, 400, [
      {
        message: "insufficient access rights on object id",
        errorCode: "INSUFFICIENT_ACCESS_ON_CROSS_REFERENCE_ENTITY",
        fields: [],
      },
    ]);
  }
  if (api.startsWith("/composite/sobjects")) {
    // the sObject Collections API answers 200 with one result per record
    if (req.method === "POST") {
      return json(res, 200, [
        {
          success: false,
          errors: [
            {
              statusCode: "REQUIRED_FIELD_MISSING",
              message: "Required fields are missing: [LastName]",
              fields: ["LastName"],
            },
          ],
        },
      ]);
    }
    return json(res, 200, [
      {
        id: "001R6000001",
        success: false,
        errors: [
          {
            statusCode: "INSUFFICIENT_ACCESS_OR_READONLY",
            message: "insufficient access rights on object id",
            fields: [],
          },
        ],
      },
    ]);
  }
  if (api === "/tooling/executeAnonymous") {
    const code = url.searchParams.get("anonymousBody") ?? "";
    if (/System\.debug\('ok'\);/.test(code)) {
      return json(res, 200, {
        line: -1,
        column: -1,
        compiled: true,
        success: true,
        compileProblem: null,
        exceptionStackTrace: null,
        exceptionMessage: null,
      });
    }
    return json(res, 200, {
      line: 1,
      column: 9,
      compiled: false,
      success: false,
      compileProblem: "Unexpected token 'Acount'.",
      exceptionStackTrace: null,
      exceptionMessage: null,
    });
  }
  return json(res, 404, [{ errorCode: "NOT_FOUND", message: "The requested resource does not exist" }]);
};

// ---------------------------------------------------------------- ERPNext (Frappe REST API)

function serverMessages(message: string) {
  return JSON.stringify([
    JSON.stringify({ message, title: "Message", indicator: "red", raise_exception: 1 }),
  ]);
}

const CUSTOMERS = [
  {
    name: "Acme Corp",
    customer_name: "Acme Corp",
    customer_group: "Commercial",
    territory: "All Territories",
    disabled: 0,
  },
  { name: "Globex", customer_name: "Globex", customer_group: "Commercial", territory: "Europe", disabled: 0 },
];

const erp: Handler = (req, url, body, res) => {
  if (req.headers.authorization !== `token ${ERP_KEY}:${ERP_SECRET}` || state.erpKeyRevoked) {
    return json(res, 401, {
      exc_type: "AuthenticationError",
      exception: "frappe.exceptions.AuthenticationError",
      _server_messages: serverMessages("Invalid API key or secret"),
    });
  }
  const m = /^\/api\/resource\/([^/]+)(?:\/(.+))?$/.exec(url.pathname);
  const doctype = decodeURIComponent(m?.[1] ?? "");
  const name = m?.[2] ? decodeURIComponent(m[2]) : undefined;
  if (doctype === "Customer" && req.method === "GET") {
    if (name === undefined) return json(res, 200, { data: CUSTOMERS });
    const found = CUSTOMERS.find((c) => c.name === name);
    if (!found) {
      return json(res, 404, {
        exc_type: "DoesNotExistError",
        exception: `frappe.exceptions.DoesNotExistError: Customer ${name} not found`,
        _server_messages: serverMessages(`Customer ${name} not found`),
      });
    }
    return json(res, 200, {
      data: { ...found, doctype: "Customer", default_currency: "EUR", credit_limits: [] },
    });
  }
  if (doctype === "Item" && req.method === "GET") {
    return json(res, 200, { data: [] });
  }
  if (doctype === "Item" && req.method === "POST") {
    return json(res, 403, {
      exc_type: "PermissionError",
      exception: "frappe.exceptions.PermissionError: Insufficient Permission for Item",
      _server_messages: serverMessages(
        "User <strong>api@r6biz.example</strong> does not have doctype access via role permission for document <strong>Item</strong>",
      ),
    });
  }
  if (doctype === "Sales Order" && req.method === "POST") {
    const parsed = JSON.parse(body || "{}") as { data?: { delivery_date?: string } };
    const doc = parsed.data ?? {};
    if (doc.delivery_date && doc.delivery_date < "2026-12-05") {
      return json(res, 417, {
        exc_type: "ValidationError",
        exception: "frappe.exceptions.ValidationError: Delivery Date cannot be before Sales Order Date",
        _server_messages: serverMessages("Row #1: Delivery Date cannot be before Sales Order Date"),
      });
    }
    return json(res, 200, { data: { name: "SAL-ORD-2026-00042", docstatus: 0, status: "Draft", ...doc } });
  }
  if (doctype === "Sales Invoice") {
    return json(res, 500, {
      exception:
        "pymysql.err.OperationalError: (1054, \"Unknown column 'tabSales Invoice.is_debit_note' in 'field list'\")",
      exc_type: "OperationalError",
      exc: '["Traceback (most recent call last):\\n  File \\"apps/frappe/frappe/app.py\\", line 114, in application\\n    response = frappe.api.handle(request)\\npymysql.err.OperationalError: (1054, \\"Unknown column \'tabSales Invoice.is_debit_note\' in \'field list\'\\")\\n"]',
    });
  }
  if (doctype === "Bin") {
    return json(
      res,
      429,
      {
        exc_type: "TooManyRequestsError",
        exception: "frappe.exceptions.TooManyRequestsError",
        _server_messages: serverMessages(
          "You hit the rate limit because of too many requests. Please try after sometime.",
        ),
      },
      { "Retry-After": "1" },
    );
  }
  if (doctype === "Supplier") {
    setTimeout(() => json(res, 200, { data: [] }), 15_000);
    return;
  }
  return json(res, 404, {
    exc_type: "DoesNotExistError",
    exception: `frappe.exceptions.DoesNotExistError: DocType ${doctype} not found`,
    _server_messages: serverMessages(`DocType ${doctype} not found`),
  });
};

// ---------------------------------------------------------------- Shopify (Admin GraphQL API)

function productNode(id: number, title: string) {
  return {
    id: `gid://shopify/Product/${id}`,
    title,
    description: "Solid brass.",
    handle: title.toLowerCase().replace(/ /g, "-"),
    status: "ACTIVE",
    createdAt: "2026-11-02T09:00:00Z",
    updatedAt: "2026-12-01T09:00:00Z",
    totalInventory: 412,
    productType: "Hardware",
    vendor: "R6 Hardware",
    tags: ["brass"],
    priceRangeV2: {
      minVariantPrice: { amount: "3.2", currencyCode: "EUR" },
      maxVariantPrice: { amount: "3.2", currencyCode: "EUR" },
    },
    images: { edges: [] },
    options: [],
    collections: { edges: [] },
    variants: {
      edges: [
        {
          node: {
            id: `gid://shopify/ProductVariant/${id}1`,
            title: "Default Title",
            price: "3.20",
            inventoryQuantity: 412,
            sku: `SKU-${id}`,
            selectedOptions: [],
          },
        },
      ],
    },
  };
}

const shop: Handler = (req, _url, body, res) => {
  if (req.headers["x-shopify-access-token"] !== SHOP_TOKEN || state.shopTokenRevoked) {
    return json(res, 401, {
      errors: "[API] Invalid API key or access token (unrecognized login or wrong password)",
    });
  }
  if (state.shopFrozen) return json(res, 402, { errors: "Unavailable Shop" });
  const { query = "", variables = {} } = JSON.parse(body || "{}") as {
    query?: string;
    variables?: Record<string, unknown>;
  };
  if (/productUpdate\(/.test(query)) {
    return json(res, 200, {
      data: {
        productUpdate: { product: null, userErrors: [{ field: ["title"], message: "Title can't be blank" }] },
      },
    });
  }
  if (/\bproduct\(id/.test(query)) {
    return json(res, 200, {
      data: {
        product: variables.id === "gid://shopify/Product/1" ? productNode(1, "Brass hinge 40mm") : null,
      },
    });
  }
  if (/\bproducts\(/.test(query)) {
    const search = typeof variables.query === "string" ? variables.query : "";
    const nodes = search.includes("zeppelin")
      ? []
      : [productNode(1, "Brass hinge 40mm"), productNode(2, "Brass hinge 60mm")];
    return json(res, 200, {
      data: { products: { edges: nodes.map((node) => ({ node })) } },
      extensions: {
        cost: {
          requestedQueryCost: 52,
          actualQueryCost: 12,
          throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1988, restoreRate: 100 },
        },
      },
    });
  }
  if (/GetCustomerOrders/.test(query)) {
    return json(res, 200, {
      errors: [
        {
          message: "Access denied for orders field. Required access: `read_orders` access scope.",
          locations: [{ line: 4, column: 13 }],
          path: ["customer", "orders"],
          extensions: {
            code: "ACCESS_DENIED",
            documentation: "https://shopify.dev/api/usage/access-scopes",
            requiredAccess: "`read_orders` access scope.",
          },
        },
      ],
      data: { customer: null },
    });
  }
  if (/\borders\(/.test(query)) {
    return json(res, 200, {
      errors: [
        {
          message: "Throttled",
          extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" },
        },
      ],
      extensions: {
        cost: {
          requestedQueryCost: 752,
          actualQueryCost: null,
          throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 31, restoreRate: 100 },
        },
      },
    });
  }
  if (/\border\(id/.test(query)) {
    return json(res, 200, {
      errors: [
        {
          message:
            "Internal error. Looks like something went wrong on our end.\nRequest ID: 5f8c2e1a-7d43-4b9e-a1f0-r6biz0000001 (include this in support requests).",
          extensions: { code: "INTERNAL_SERVER_ERROR", requestId: "5f8c2e1a-7d43-4b9e-a1f0-r6biz0000001" },
        },
      ],
    });
  }
  if (/\bcustomers\(/.test(query)) {
    return json(res, 200, { data: { customers: { edges: [] } } });
  }
  return json(res, 200, {
    errors: [
      {
        message: "Field 'unknown' doesn't exist on type 'QueryRoot'",
        extensions: { code: "undefinedField", typeName: "QueryRoot", fieldName: "unknown" },
      },
    ],
  });
};

export const wooStandin = serve(WOO_PORT, woo);
export const sfStandin = serve(SF_PORT, sf);
export const erpStandin = serve(ERP_PORT, erp);
export const shopStandin = serve(SHOP_PORT, shop, true);
