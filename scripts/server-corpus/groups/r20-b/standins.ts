// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - Razorpay's REST API (`api.razorpay.com/v1/…`, `/v2/accounts/…`) for razorpay-mcp: orders, payments, settlements,
//   refunds, disputes, invoices, customers, transfers, virtual accounts, Route linked accounts; errors in Razorpay's
//   `{"error":{"code","description","source","step","reason","metadata","field"}}` envelope;
// - eBay's Sell APIs for ebay-mcp (its base URL is configurable: EBAY_MCP_API_BASE_URL): the OAuth token endpoint,
//   Identity, Inventory, Fulfillment, Account (privileges), payment disputes and the XML Trading API
//   (`/ws/api.dll`); errors in eBay's `{"errors":[{"errorId","domain","category","message","longMessage",…}]}`
//   envelope and the Trading API's `<Ack>Failure</Ack>` with `<Errors>`;
// - Lemon Squeezy's JSON:API (`api.lemonsqueezy.com/v1/…`) and its License API (`/v1/licenses/…`) for
//   @yawlabs/lemonsqueezy-mcp; errors in JSON:API's `{"errors":[{"status","title","detail"}]}` envelope and the
//   License API's `{"valid"|"activated": false, "error": …}` answers.
//
// Razorpay and Lemon Squeezy have their hosts written into their servers: each has its own forward proxy
// (standin-kit's `forwardProxy`), so stopping one refuses connections for that server alone. eBay's server takes its
// base URL from the environment: a plain loopback listener. `state` is switched by the sessions' hooks.

import type http from "node:http";
import path from "node:path";
import {
  certificate,
  clearTimers,
  forwardProxy,
  httpStandin,
  json,
  later,
  parse,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r20-b";
export const CERT = path.join(DATA, "standin-cert.pem");

export const RAZORPAY_PROXY_PORT = 40950;
export const LEMON_PROXY_PORT = 40951;
export const EBAY_PORT = 40952;

export const ensureCertificate = (): Certificate =>
  certificate(DATA, ["api.razorpay.com", "api.lemonsqueezy.com"]);

export const state = {
  rzpRevoked: false,
  rzpRateLimited: false,
  rzpServerError: false,
  rzpBadGateway: false,
  ebayRevoked: false,
  ebayForbidden: false,
  ebayRateLimited: false,
  ebayServerError: false,
  ebayUnavailable: false,
  lsRevoked: false,
  lsForbidden: false,
  lsRateLimited: false,
  lsServerError: false,
  lsBadGateway: false,
  lsUserGone: false,
};

const NGINX_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx</center>
</body>
</html>
`;

const CLOUDFLARE_502 = `<!DOCTYPE html>
<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->
<!--[if gt IE 8]><!--> <html class="no-js" lang="en-US"> <!--<![endif]-->
<head>
<title>api.lemonsqueezy.com | 502: Bad gateway</title>
<meta charset="UTF-8" />
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
</head>
<body>
<div id="cf-wrapper">
  <div id="cf-error-details" class="p-0">
    <header class="mx-auto pt-10 lg:pt-6 lg:px-8 w-240 lg:w-full mb-8">
      <h1 class="inline-block sm:block sm:mb-2 font-light text-60 lg:text-4xl text-black-dark leading-tight mr-2">
        <span class="inline-block">Bad gateway</span>
        <span class="code-label">Error code 502</span>
      </h1>
    </header>
    <div class="my-8 bg-gradient-gray">
      <p>The web server reported a bad gateway error.</p>
    </div>
    <span>Cloudflare Ray ID: <strong class="font-semibold">8e1f4a7c5b2d9e31</strong></span>
  </div>
</div>
</body>
</html>
`;

const AKAMAI_503 = `<HTML><HEAD>
<TITLE>Service Unavailable</TITLE>
</HEAD><BODY>
<H1>Service Unavailable - Zero size object</H1>
The server is temporarily unable to service your request.  Please try again
later.<P>
Reference&#32;&#35;15&#46;6b3c1002&#46;1765049321&#46;2f7a9e
</BODY></HTML>
`;

// ------------------------------------------------------------------------------------------------- Razorpay

export const RZP_KEY_ID = "rzp_test_Qx7Lm2Vd9KfT3a";
export const RZP_KEY_SECRET = "Wn4sY8pR1tZc6HbJ0qLe5uXg";

function rzpError(
  res: http.ServerResponse,
  status: number,
  code: string,
  description: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  json(
    res,
    status,
    { error: { code, description, source: "NA", step: "NA", reason: "NA", metadata: {}, ...extra } },
    headers,
  );
}

const collection = (items: unknown[]) => ({ entity: "collection", count: items.length, items });

const RZP_ORDERS = [
  {
    id: "order_PdQ8ZrT4mKx1Lb",
    entity: "order",
    amount: 249900,
    amount_paid: 249900,
    amount_due: 0,
    currency: "INR",
    receipt: "rcpt_2026_1187",
    offer_id: null,
    status: "paid",
    attempts: 1,
    notes: { plan: "annual-pro" },
    created_at: 1764921600,
  },
  {
    id: "order_PdR2nW7yHc5QeA",
    entity: "order",
    amount: 49900,
    amount_paid: 0,
    amount_due: 49900,
    currency: "INR",
    receipt: "rcpt_2026_1188",
    offer_id: null,
    status: "attempted",
    attempts: 2,
    notes: { plan: "monthly-basic" },
    created_at: 1764925200,
  },
];

const RZP_PAYMENTS = [
  {
    id: "pay_PdQ9aB3cD4eF5g",
    entity: "payment",
    amount: 249900,
    currency: "INR",
    status: "captured",
    order_id: "order_PdQ8ZrT4mKx1Lb",
    invoice_id: null,
    international: false,
    method: "upi",
    amount_refunded: 0,
    refund_status: null,
    captured: true,
    description: "Annual Pro plan",
    email: "meera.iyer@example.in",
    contact: "+919812345678",
    fee: 5898,
    tax: 900,
    error_code: null,
    error_description: null,
    error_source: null,
    error_step: null,
    error_reason: null,
    vpa: "meera@okaxis",
    created_at: 1764921660,
  },
  {
    id: "pay_PdR3kL8mN2pQ7r",
    entity: "payment",
    amount: 49900,
    currency: "INR",
    status: "failed",
    order_id: "order_PdR2nW7yHc5QeA",
    invoice_id: null,
    international: false,
    method: "card",
    amount_refunded: 0,
    refund_status: null,
    captured: false,
    description: "Monthly Basic plan",
    email: "arjun.rao@example.in",
    contact: "+919876501234",
    fee: null,
    tax: null,
    error_code: "BAD_REQUEST_ERROR",
    error_description: "Payment failed because the card was declined by the bank. Try another card.",
    error_source: "bank",
    error_step: "payment_authorization",
    error_reason: "card_declined",
    card_id: "card_PdR3kL8mN2pQ7s",
    created_at: 1764925260,
  },
];

const RZP_REFUNDS = [
  {
    id: "rfnd_PdS1tU2vW3xY4z",
    entity: "refund",
    amount: 49900,
    currency: "INR",
    payment_id: "pay_Pc7xQ2wE9rT1yU",
    notes: { reason: "duplicate charge" },
    receipt: null,
    status: "processed",
    speed_requested: "normal",
    speed_processed: "normal",
    created_at: 1764835200,
  },
];

const RZP_INVOICES = [
  {
    id: "inv_PdT5aQ6bR7cS8d",
    entity: "invoice",
    type: "invoice",
    invoice_number: "INV-2026-0412",
    customer_id: "cust_PdU1eF2gH3iJ4k",
    order_id: "order_PdQ8ZrT4mKx1Lb",
    payment_id: "pay_PdQ9aB3cD4eF5g",
    status: "paid",
    amount: 249900,
    amount_paid: 249900,
    currency: "INR",
    short_url: "https://rzp.io/i/Xa7Kd2P",
    created_at: 1764921500,
  },
];

const RZP_CUSTOMERS = [
  {
    id: "cust_PdU1eF2gH3iJ4k",
    entity: "customer",
    name: "Meera Iyer",
    email: "meera.iyer@example.in",
    contact: "+919812345678",
    gstin: null,
    notes: {},
    created_at: 1758931200,
  },
  {
    id: "cust_PdU7lM8nO9pQ0r",
    entity: "customer",
    name: "Arjun Rao",
    email: "arjun.rao@example.in",
    contact: "+919876501234",
    gstin: "29ABCDE1234F1Z5",
    notes: {},
    created_at: 1761609600,
  },
];

const RZP_TRANSFERS = [
  {
    id: "trf_PdV2sT3uV4wX5y",
    entity: "transfer",
    status: "processed",
    source: "pay_PdQ9aB3cD4eF5g",
    recipient: "acc_NZk4p1R8sT2uVw",
    amount: 50000,
    currency: "INR",
    amount_reversed: 0,
    notes: { partner: "Studio Kavya" },
    on_hold: false,
    created_at: 1764921720,
  },
];

const RZP_ACCOUNT = {
  id: "acc_NZk4p1R8sT2uVw",
  type: "route",
  status: "activated",
  email: "payouts@studiokavya.example.in",
  phone: "9000090000",
  legal_business_name: "Studio Kavya LLP",
  business_type: "partnership",
  reference_id: "partner-0042",
  profile: { category: "services", subcategory: "professional_services" },
  activated_at: 1740787200,
  created_at: 1740700800,
};

function razorpay(req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
  const route = url.pathname;
  if (state.rzpRevoked) return rzpError(res, 401, "BAD_REQUEST_ERROR", "Authentication failed");
  if (state.rzpRateLimited)
    return rzpError(res, 429, "BAD_REQUEST_ERROR", "Too many requests", {}, { "retry-after": "1" });
  if (state.rzpServerError)
    return rzpError(
      res,
      500,
      "SERVER_ERROR",
      "The server encountered an error. The incident has been reported to admins.",
    );
  if (state.rzpBadGateway) return text(res, 502, NGINX_502, "text/html");
  const count = Number(url.searchParams.get("count") ?? 10);
  const from = Number(url.searchParams.get("from") ?? 0);
  const to = Number(url.searchParams.get("to") ?? 0);
  if (from && to && from > to)
    return rzpError(res, 400, "BAD_REQUEST_ERROR", "from must be less than or equal to to", {
      field: "from",
    });
  // A slow answer (a refunds export over a long window): the client gives up first.
  if (route === "/v1/refunds" && from && to && to - from > 300 * 86400) {
    later(15_000, () => json(res, 200, collection(RZP_REFUNDS)));
    return;
  }
  if (route === "/v1/orders") return json(res, 200, collection(RZP_ORDERS.slice(0, count)));
  if (route === "/v1/payments") return json(res, 200, collection(RZP_PAYMENTS.slice(0, count)));
  if (route === "/v1/settlements") return json(res, 200, collection([]));
  if (route === "/v1/refunds") return json(res, 200, collection(RZP_REFUNDS));
  if (route === "/v1/disputes") return json(res, 200, collection([]));
  if (route === "/v1/invoices") return json(res, 200, collection(RZP_INVOICES.slice(0, count)));
  if (route === "/v1/customers") return json(res, 200, collection(RZP_CUSTOMERS.slice(0, count)));
  if (route === "/v1/transfers") return json(res, 200, collection(RZP_TRANSFERS));
  if (route === "/v1/virtual_accounts")
    return rzpError(res, 400, "BAD_REQUEST_ERROR", "The requested URL was not found on the server.");
  const account = /^\/v2\/accounts\/([^/]+)$/.exec(route);
  if (account) {
    if (account[1] === RZP_ACCOUNT.id) return json(res, 200, RZP_ACCOUNT);
    return rzpError(res, 400, "BAD_REQUEST_ERROR", "The id provided does not exist", {
      reason: "input_validation_failed",
      field: "id",
    });
  }
  void req;
  return rzpError(res, 400, "BAD_REQUEST_ERROR", "The requested URL was not found on the server.");
}

// ----------------------------------------------------------------------------------------------------- eBay

export const EBAY_CLIENT_ID = "FieldNot-corpus-PRD-4a1c9e2f0-7b3d1f80";
export const EBAY_CLIENT_SECRET = "PRD-a1c9e2f07b3d-1f80-4e6a-9c14-b2d7";
const EBAY_APP_TOKEN = "v^1.1#i^1#p^1#r^0#I^3#f^0#t^H4sIAAAAAAAAAOVYa2wUVRS_corpus";

const ebayErrors = (
  status: number,
  errors: Record<string, unknown>[],
  res: http.ServerResponse,
  headers = {},
) => json(res, status, { errors }, headers);

const INVENTORY_ITEMS = [
  {
    sku: "FN-TEAPOT-CAST-IRON-06",
    locale: "en_US",
    product: {
      title: "Cast iron teapot, 0.6 l, matte black",
      aspects: { Brand: ["Fieldnote Home"], Capacity: ["0.6 l"] },
      imageUrls: ["https://i.ebayimg.com/images/g/teapot06/s-l1600.jpg"],
    },
    condition: "NEW",
    availability: { shipToLocationAvailability: { quantity: 14 } },
  },
  {
    sku: "FN-KETTLE-GOOSENECK-10",
    locale: "en_US",
    product: {
      title: "Gooseneck kettle, 1.0 l, brushed steel",
      aspects: { Brand: ["Fieldnote Home"], Capacity: ["1.0 l"] },
      imageUrls: ["https://i.ebayimg.com/images/g/kettle10/s-l1600.jpg"],
    },
    condition: "NEW",
    availability: { shipToLocationAvailability: { quantity: 0 } },
  },
];

const ORDER = {
  orderId: "12-11873-40291",
  legacyOrderId: "12-11873-40291",
  creationDate: "2026-12-04T18:22:41.000Z",
  lastModifiedDate: "2026-12-05T09:10:03.000Z",
  orderFulfillmentStatus: "NOT_STARTED",
  orderPaymentStatus: "PAID",
  sellerId: "fieldnote_home",
  buyer: {
    username: "kettle_kat",
    taxAddress: { stateOrProvince: "OR", postalCode: "97214", countryCode: "US" },
  },
  buyerCheckoutNotes:
    "Last time the tracking link showed 'Error 404 - shipment not found' for three days. Please double-check the number before you mark it shipped.",
  pricingSummary: {
    priceSubtotal: { value: "64.00", currency: "USD" },
    total: { value: "71.50", currency: "USD" },
  },
  lineItems: [
    {
      lineItemId: "10061838410015",
      sku: "FN-TEAPOT-CAST-IRON-06",
      title: "Cast iron teapot, 0.6 l, matte black",
      quantity: 1,
      lineItemCost: { value: "64.00", currency: "USD" },
      lineItemFulfillmentStatus: "NOT_STARTED",
    },
  ],
};

const TRADING_NS = 'xmlns="urn:ebay:apis:eBLBaseComponents"';

function tradingAnswer(callName: string, body: string): string {
  const stamp = "<Timestamp>2026-12-06T10:00:00.000Z</Timestamp>";
  if (callName === "GetMyeBaySelling")
    return `<?xml version="1.0" encoding="UTF-8"?>
<GetMyeBaySellingResponse ${TRADING_NS}>${stamp}<Ack>Success</Ack><Version>1349</Version><Build>E1349_CORE_APISELLING_19187371_R1</Build>
<ActiveList><ItemArray>
<Item><ItemID>326104558812</ItemID><Title>Cast iron teapot, 0.6 l, matte black</Title><SKU>FN-TEAPOT-CAST-IRON-06</SKU><Quantity>14</Quantity><SellingStatus><CurrentPrice currencyID="USD">64.0</CurrentPrice></SellingStatus><ListingType>FixedPriceItem</ListingType></Item>
<Item><ItemID>326104558907</ItemID><Title>Bamboo tea tray with drainage</Title><SKU>FN-TRAY-BAMBOO-40</SKU><Quantity>6</Quantity><SellingStatus><CurrentPrice currencyID="USD">29.5</CurrentPrice></SellingStatus><ListingType>FixedPriceItem</ListingType></Item>
</ItemArray><PaginationResult><TotalNumberOfPages>1</TotalNumberOfPages><TotalNumberOfEntries>2</TotalNumberOfEntries></PaginationResult></ActiveList>
</GetMyeBaySellingResponse>`;
  if (callName === "EndFixedPriceItem" || callName === "EndItem")
    return `<?xml version="1.0" encoding="UTF-8"?>
<${callName}Response ${TRADING_NS}>${stamp}<Ack>Failure</Ack>
<Errors><ShortMessage>Auction ended.</ShortMessage><LongMessage>The auction has already been closed.</LongMessage><ErrorCode>1047</ErrorCode><SeverityCode>Error</SeverityCode><ErrorClassification>RequestError</ErrorClassification></Errors>
<Version>1349</Version><Build>E1349_CORE_APISELLING_19187371_R1</Build>
</${callName}Response>`;
  void body;
  return `<?xml version="1.0" encoding="UTF-8"?>
<${callName}Response ${TRADING_NS}>${stamp}<Ack>Failure</Ack>
<Errors><ShortMessage>Unsupported API call.</ShortMessage><LongMessage>The API call "${callName}" is invalid or not supported in this release.</LongMessage><ErrorCode>2</ErrorCode><SeverityCode>Error</SeverityCode><ErrorClassification>RequestError</ErrorClassification></Errors>
</${callName}Response>`;
}

function ebay(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const route = url.pathname;
  const method = req.method ?? "GET";
  if (route === "/identity/v1/oauth2/token")
    return json(res, 200, {
      access_token: EBAY_APP_TOKEN,
      expires_in: 7200,
      token_type: "Application Access Token",
    });
  if (state.ebayRevoked)
    return ebayErrors(
      401,
      [
        {
          errorId: 1001,
          domain: "OAuth",
          category: "REQUEST",
          message: "Invalid access token",
          longMessage: "Invalid access token. Check the value of the Authorization HTTP request header.",
        },
      ],
      res,
    );
  if (state.ebayForbidden)
    return ebayErrors(
      403,
      [
        {
          errorId: 1100,
          domain: "ACCESS",
          category: "REQUEST",
          message: "Access denied",
          longMessage: "Insufficient permissions to fulfill the request.",
        },
      ],
      res,
    );
  if (state.ebayRateLimited)
    return ebayErrors(
      429,
      [
        {
          errorId: 2001,
          domain: "ACCESS",
          category: "REQUEST",
          message: "Too many requests",
          longMessage: "The request limit has been reached for the resource.",
        },
      ],
      res,
      { "retry-after": "1" },
    );
  if (state.ebayServerError)
    return ebayErrors(
      500,
      [
        {
          errorId: 25001,
          domain: "API_INVENTORY",
          subdomain: "Selling",
          category: "APPLICATION",
          message: "A system error has occurred. Internal error. Please try again later",
        },
      ],
      res,
    );
  if (state.ebayUnavailable) return text(res, 503, AKAMAI_503, "text/html");

  if (route === "/ws/api.dll") {
    const callName = String(req.headers["x-ebay-api-call-name"] ?? "");
    return text(res, 200, tradingAnswer(callName, body), "text/xml;charset=utf-8");
  }
  if (route === "/commerce/identity/v1/user/")
    return json(res, 200, {
      userId: "t3kQ9xVr2mW",
      username: "fieldnote_home",
      accountType: "BUSINESS",
      registrationMarketplaceId: "EBAY_US",
      status: "CONFIRMED",
      businessAccount: { name: "Fieldnote Home LLC", email: "sales@fieldnote-home.example" },
    });
  if (route === "/commerce/identity/v1/user")
    return json(res, 200, {
      userId: "t3kQ9xVr2mW",
      username: "fieldnote_home",
      accountType: "BUSINESS",
      registrationMarketplaceId: "EBAY_US",
      status: "CONFIRMED",
      businessAccount: { name: "Fieldnote Home LLC", email: "sales@fieldnote-home.example" },
    });
  if (route === "/sell/inventory/v1/inventory_item" && method === "GET")
    return json(res, 200, {
      href: `${url.pathname}${url.search}`,
      total: 2,
      size: 2,
      limit: 10,
      inventoryItems: INVENTORY_ITEMS,
    });
  const item = /^\/sell\/inventory\/v1\/inventory_item\/([^/]+)$/.exec(route);
  if (item && method === "GET") {
    const sku = decodeURIComponent(item[1]!);
    if (sku === "FN-SLOW-EXPORT") {
      later(15_000, () => json(res, 200, INVENTORY_ITEMS[0]));
      return;
    }
    const found = INVENTORY_ITEMS.find((i) => i.sku === sku);
    if (found) return json(res, 200, found);
    return ebayErrors(
      404,
      [
        {
          errorId: 25710,
          domain: "API_INVENTORY",
          subdomain: "Selling",
          category: "REQUEST",
          message: "We didn't find the resource/entity you are requesting. Please verify the request",
        },
      ],
      res,
    );
  }
  if (route === "/sell/inventory/v1/offer" && method === "POST") {
    const sent = parse(body) as { sku?: string };
    if (sent.sku === "FN-TEAPOT-CAST-IRON-06")
      return ebayErrors(
        400,
        [
          {
            errorId: 25002,
            domain: "API_INVENTORY",
            subdomain: "Selling",
            category: "REQUEST",
            message: "A user error has occurred. Offer entity already exists.",
            parameters: [{ name: "offerId", value: "9481170010" }],
          },
        ],
        res,
      );
    return json(res, 201, { offerId: "9481170044" });
  }
  const publish = /^\/sell\/inventory\/v1\/offer\/([^/]+)\/publish$/.exec(route);
  if (publish)
    return ebayErrors(
      400,
      [
        {
          errorId: 25002,
          domain: "API_INVENTORY",
          subdomain: "Selling",
          category: "REQUEST",
          message:
            "A user error has occurred. No <Item.Country> exists or <Item.Country> is specified as an empty tag in the request.",
          parameters: [
            {
              name: "text1",
              value:
                "No <Item.Country> exists or <Item.Country> is specified as an empty tag in the request.",
            },
          ],
        },
      ],
      res,
    );
  if (route === "/sell/inventory/v1/bulk_update_price_quantity") {
    const sent = parse(body) as { requests?: { sku?: string; offers?: { offerId?: string }[] }[] };
    const responses = (sent.requests ?? []).map((request) => {
      const known = INVENTORY_ITEMS.some((i) => i.sku === request.sku);
      const offerId = request.offers?.[0]?.offerId ?? "";
      return known
        ? { statusCode: 200, sku: request.sku, offerId, warnings: [] }
        : {
            statusCode: 404,
            sku: request.sku,
            offerId,
            errors: [
              {
                errorId: 25710,
                domain: "API_INVENTORY",
                subdomain: "Selling",
                category: "REQUEST",
                message: "We didn't find the resource/entity you are requesting. Please verify the request",
              },
            ],
          };
    });
    return json(res, 200, { responses });
  }
  if (route === "/sell/fulfillment/v1/order" && method === "GET") {
    const filter = url.searchParams.get("filter") ?? "";
    if (filter.includes("2019-"))
      return json(res, 200, {
        href: `${url.pathname}${url.search}`,
        total: 0,
        limit: 50,
        offset: 0,
        orders: [],
      });
    return json(res, 200, {
      href: `${url.pathname}${url.search}`,
      total: 1,
      limit: 50,
      offset: 0,
      orders: [ORDER],
    });
  }
  const order = /^\/sell\/fulfillment\/v1\/order\/([^/]+)$/.exec(route);
  if (order) {
    if (decodeURIComponent(order[1]!) === ORDER.orderId) return json(res, 200, ORDER);
    return ebayErrors(
      404,
      [
        {
          errorId: 32100,
          domain: "API_FULFILLMENT",
          category: "REQUEST",
          message: "Invalid Order Id: " + order[1],
        },
      ],
      res,
    );
  }
  if (route === "/sell/fulfillment/v1/payment_dispute_summary")
    return json(res, 200, {
      href: `${url.pathname}${url.search}`,
      total: 0,
      limit: 200,
      offset: 0,
      paymentDisputeSummaries: [],
    });
  if (route === "/sell/account/v1/privilege")
    return json(res, 200, {
      sellerRegistrationCompleted: true,
      sellingLimit: { amount: { currency: "USD", value: "25000.0" }, quantity: 2500 },
    });
  return ebayErrors(
    404,
    [
      {
        errorId: 2002,
        domain: "ACCESS",
        category: "REQUEST",
        message: "Resource not found",
        longMessage: "Verify you are using a valid resource URI.",
      },
    ],
    res,
  );
}

// ----------------------------------------------------------------------------------------------- Lemon Squeezy

export const LEMON_API_KEY =
  "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJhdWQiOiI5NGQ1OWNlZi1kYmI4LTRlYTUtYjE3OC1kMjU0MGZjZDY5MTkiLCJqdGkiOiJjb3JwdXMifQ.c29ycHVz";

const JSONAPI = { version: "1.0" };
const LS = "https://api.lemonsqueezy.com/v1";

function lsErrors(
  res: http.ServerResponse,
  status: number,
  errors: Record<string, unknown>[],
  headers: Record<string, string> = {},
) {
  json(res, status, { jsonapi: JSONAPI, errors }, { "content-type": "application/vnd.api+json", ...headers });
}

const lsDoc = (res: http.ServerResponse, status: number, self: string, data: unknown, meta?: unknown) =>
  json(
    res,
    status,
    { jsonapi: JSONAPI, links: { self: `${LS}${self}` }, ...(meta ? { meta } : {}), data },
    { "content-type": "application/vnd.api+json" },
  );

const LS_USER = {
  type: "users",
  id: "48213",
  attributes: {
    name: "Noor Haddad",
    email: "noor@inkwell-fonts.example",
    color: "#898FA9",
    avatar_url: "https://www.gravatar.com/avatar/2b3f9c0d?d=blank",
    has_custom_avatar: false,
    createdAt: "2024-03-11T09:14:02.000000Z",
    updatedAt: "2026-11-28T16:40:55.000000Z",
  },
  links: { self: `${LS}/users/48213` },
};

const LS_STORE = {
  type: "stores",
  id: "71904",
  attributes: {
    name: "Inkwell Fonts",
    slug: "inkwell-fonts",
    domain: "inkwell-fonts.lemonsqueezy.com",
    url: "https://inkwell-fonts.lemonsqueezy.com",
    plan: "fresh",
    country: "NL",
    currency: "EUR",
    total_sales: 1843,
    total_revenue: 4127650,
    created_at: "2024-03-11T09:20:41.000000Z",
  },
};

const LS_ORDERS = [
  {
    type: "orders",
    id: "3895011",
    attributes: {
      store_id: 71904,
      customer_id: 2210457,
      identifier: "6a1f0e2c-8d4b-4c3e-9f7a-2b5d1e8c4a90",
      order_number: 1843,
      user_name: "Jonas Weber",
      user_email: "jonas.weber@example.de",
      currency: "EUR",
      subtotal: 4900,
      total: 5831,
      tax: 931,
      status: "paid",
      status_formatted: "Paid",
      refunded: false,
      refunded_amount: 0,
      first_order_item: {
        product_name: "Halden Sans — Desktop licence",
        variant_name: "1–5 users",
        price: 4900,
      },
      created_at: "2026-12-05T14:02:11.000000Z",
    },
  },
  {
    type: "orders",
    id: "3894770",
    attributes: {
      store_id: 71904,
      customer_id: 2210112,
      identifier: "0c9e4b7a-1f2d-4e6a-8b3c-5d7f9a1e2b44",
      order_number: 1842,
      user_name: "Camille Roux",
      user_email: "camille.roux@example.fr",
      currency: "EUR",
      subtotal: 2900,
      total: 3480,
      tax: 580,
      status: "refunded",
      status_formatted: "Refunded",
      refunded: true,
      refunded_amount: 3480,
      first_order_item: {
        product_name: "Marrow Serif — Web licence",
        variant_name: "10k pageviews",
        price: 2900,
      },
      created_at: "2026-12-03T08:47:30.000000Z",
    },
  },
];

const LS_SUBSCRIPTION = {
  type: "subscriptions",
  id: "1190453",
  attributes: {
    store_id: 71904,
    customer_id: 2209981,
    order_id: 3871204,
    product_name: "Type Club",
    variant_name: "Monthly",
    user_name: "Priya Menon",
    user_email: "priya.menon@example.in",
    status: "past_due",
    status_formatted: "Past due",
    card_brand: "visa",
    card_last_four: "4242",
    pause: null,
    cancelled: false,
    trial_ends_at: null,
    billing_anchor: 2,
    renews_at: "2027-01-02T10:00:00.000000Z",
    ends_at: null,
    urls: {
      update_payment_method:
        "https://inkwell-fonts.lemonsqueezy.com/subscription/1190453/payment-details?expires=1765100000&signature=9c1f",
      customer_portal: "https://inkwell-fonts.lemonsqueezy.com/billing?expires=1765100000&signature=4d7a",
    },
    created_at: "2025-11-02T10:00:00.000000Z",
  },
};

const LICENSE_OK = "38b1460a-5104-4067-a91d-77b872934d51";
const LICENSE_EXPIRED = "7e2d9c41-0b3a-4f88-b6e1-5a9c2d7f1e03";
const LICENSE_FULL = "c4f0a2b9-6e1d-4a73-9b58-0d2e7f3a1c66";

const licenseKey = (
  key: string,
  status: string,
  activationLimit: number,
  usage: number,
  expiresAt: string | null,
) => ({
  id: 1803,
  status,
  key,
  activation_limit: activationLimit,
  activation_usage: usage,
  created_at: "2025-12-06T09:00:00.000000Z",
  expires_at: expiresAt,
});
const licenseMeta = {
  store_id: 71904,
  order_id: 3810442,
  order_item_id: 3788120,
  product_id: 291004,
  product_name: "Halden Sans — App licence",
  variant_id: 402117,
  variant_name: "Single app",
  customer_id: 2190044,
  customer_name: "Oskar Lind",
  customer_email: "oskar@lindapps.example",
};

function lemon(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const route = url.pathname;
  const method = req.method ?? "GET";
  if (route.startsWith("/v1/licenses/")) {
    const form = parse(body) as Record<string, string>;
    const key = form.license_key ?? "";
    if (route === "/v1/licenses/validate") {
      if (key === LICENSE_OK)
        return json(res, 200, {
          valid: true,
          error: null,
          license_key: licenseKey(key, "active", 3, 1, null),
          instance: null,
          meta: licenseMeta,
        });
      if (key === LICENSE_EXPIRED)
        return json(res, 200, {
          valid: false,
          error: null,
          license_key: licenseKey(key, "expired", 1, 1, "2026-11-30T00:00:00.000000Z"),
          instance: null,
          meta: licenseMeta,
        });
      return json(res, 404, {
        valid: false,
        error: "license_key not found.",
        license_key: null,
        instance: null,
        meta: null,
      });
    }
    if (route === "/v1/licenses/activate") {
      if (key === LICENSE_FULL)
        return json(res, 400, {
          activated: false,
          error: "This license key has reached the activation limit.",
          license_key: licenseKey(key, "active", 2, 2, null),
          instance: null,
          meta: licenseMeta,
        });
      return json(res, 200, {
        activated: true,
        error: null,
        license_key: licenseKey(key, "active", 3, 2, null),
        instance: {
          id: "f90ec370-fd83-46a5-8bbd-44a241e78665",
          name: form.instance_name,
          created_at: "2026-12-06T10:00:00.000000Z",
        },
        meta: licenseMeta,
      });
    }
  }
  if (state.lsRevoked)
    return lsErrors(res, 401, [{ detail: "Unauthenticated.", status: "401", title: "Unauthorized" }]);
  if (state.lsForbidden)
    return lsErrors(res, 403, [
      { detail: "This action is unauthorized.", status: "403", title: "Forbidden" },
    ]);
  if (state.lsRateLimited)
    return lsErrors(res, 429, [{ detail: "Too Many Attempts.", status: "429", title: "Too Many Requests" }], {
      "retry-after": "60",
      "x-ratelimit-limit": "300",
      "x-ratelimit-remaining": "0",
    });
  if (state.lsServerError)
    return lsErrors(res, 500, [{ detail: "Server Error", status: "500", title: "Internal Server Error" }]);
  if (state.lsBadGateway) return text(res, 502, CLOUDFLARE_502, "text/html; charset=UTF-8");

  if (route === "/v1/users/me") {
    if (state.lsUserGone) return lsDoc(res, 200, "/users/me", null);
    return lsDoc(res, 200, "/users/me", LS_USER);
  }
  if (route === "/v1/stores")
    return lsDoc(res, 200, "/stores", [LS_STORE], {
      page: { currentPage: 1, from: 1, lastPage: 1, perPage: 10, to: 1, total: 1 },
    });
  if (route === "/v1/orders" && method === "GET") {
    if (url.searchParams.get("filter[user_email]") === "slow-export@inkwell-fonts.example") {
      later(15_000, () => lsDoc(res, 200, "/orders", []));
      return;
    }
    return lsDoc(res, 200, "/orders", LS_ORDERS, {
      page: { currentPage: 1, from: 1, lastPage: 1, perPage: 10, to: 2, total: 2 },
    });
  }
  const order = /^\/v1\/orders\/(\d+)$/.exec(route);
  if (order) {
    const found = LS_ORDERS.find((o) => o.id === order[1]);
    if (found) return lsDoc(res, 200, `/orders/${found.id}`, found);
    return lsErrors(res, 404, [{ detail: "Not Found", status: "404", title: "Not Found" }]);
  }
  const refund = /^\/v1\/orders\/(\d+)\/refund$/.exec(route);
  if (refund) {
    const found = LS_ORDERS.find((o) => o.id === refund[1]);
    if (found?.attributes.refunded)
      return lsErrors(res, 422, [
        {
          detail: "This order has already been refunded.",
          source: { pointer: "/data/attributes/amount" },
          status: "422",
          title: "Unprocessable Entity",
        },
      ]);
    return lsDoc(res, 200, `/orders/${refund[1]}`, found);
  }
  if (route === "/v1/subscriptions") {
    if (url.searchParams.get("filter[status]") === "paused")
      return lsDoc(res, 200, "/subscriptions", [], {
        page: { currentPage: 1, from: null, lastPage: 1, perPage: 10, to: null, total: 0 },
      });
    return lsDoc(res, 200, "/subscriptions", [LS_SUBSCRIPTION], {
      page: { currentPage: 1, from: 1, lastPage: 1, perPage: 10, to: 1, total: 1 },
    });
  }
  const subscription = /^\/v1\/subscriptions\/(\d+)$/.exec(route);
  if (subscription) {
    if (method === "DELETE")
      return lsDoc(res, 200, `/subscriptions/${subscription[1]}`, {
        ...LS_SUBSCRIPTION,
        attributes: {
          ...LS_SUBSCRIPTION.attributes,
          status: "cancelled",
          status_formatted: "Cancelled",
          cancelled: true,
          ends_at: "2027-01-02T10:00:00.000000Z",
        },
      });
    return lsDoc(res, 200, `/subscriptions/${subscription[1]}`, LS_SUBSCRIPTION);
  }
  if (route === "/v1/checkouts" && method === "POST") {
    const sent = parse(body) as { data?: { relationships?: { variant?: { data?: { id?: string } } } } };
    if (sent.data?.relationships?.variant?.data?.id !== "402117")
      return lsErrors(res, 422, [
        {
          detail: "The related resource does not exist.",
          source: { pointer: "/data/relationships/variant" },
          status: "422",
          title: "Unprocessable Entity",
        },
      ]);
    return lsDoc(res, 201, "/checkouts/5e8b546c-c561-4a2c-a586-40c18bb2a195", {
      type: "checkouts",
      id: "5e8b546c-c561-4a2c-a586-40c18bb2a195",
      attributes: {
        store_id: 71904,
        variant_id: 402117,
        url: "https://inkwell-fonts.lemonsqueezy.com/checkout/custom/5e8b546c-c561-4a2c-a586-40c18bb2a195?signature=a1b2",
        expires_at: null,
        test_mode: false,
      },
    });
  }
  return lsErrors(res, 404, [{ detail: "Not Found", status: "404", title: "Not Found" }]);
}

// ------------------------------------------------------------------------------------------------ listeners

export const razorpayStandin = forwardProxy(RAZORPAY_PROXY_PORT, ensureCertificate, (req, url, _body, res) =>
  razorpay(req, url, res),
);
export const lemonStandin = forwardProxy(LEMON_PROXY_PORT, ensureCertificate, lemon);
export const ebayStandin = httpStandin(EBAY_PORT, ebay);

export const ALL_STANDINS = [razorpayStandin, lemonStandin, ebayStandin];
export const LICENSES = { ok: LICENSE_OK, expired: LICENSE_EXPIRED, full: LICENSE_FULL };
