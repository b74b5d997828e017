// Loopback stand-in for group r42-a, answering with the real service's bodies (README.md says where each comes from):
// PayPal's REST API as the sandbox host `api.sandbox.paypal.com` serves it — Catalog Products v1, Orders v2, Payments v2
// (refunds), Invoicing v2, Customer Disputes v1, Transaction Search v1, Subscriptions v1 — with PayPal's error shape
// (`{name, message, debug_id, details[], links[]}`, and the OAuth `{error, error_description}` for a bad token). The
// toolkit writes the host into its client and calls it with axios, which follows HTTPS_PROXY by sending absolute-form
// requests, so the stand-in is the kit's forward proxy on 44900 (a CONNECT tunnel would be terminated with the stand-in
// certificate, trusted through NODE_EXTRA_CA_CERTS).
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import { certificate, clearTimers, forwardProxy, json, later, parse, text } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r42-a";
export const PAYPAL_PORT = 44900;
export const PAYPAL_HOST = "api.sandbox.paypal.com";

/** A sandbox access token from the client-credentials grant (PayPal's `A21AA…` form). */
export const ACCESS_TOKEN =
  "A21AAJ7qY3fQm0xS8vR2tLk9pW4nB6cD1eF5gH7jK3mN0pQ2rS4tU6vW8xY0zA2bC4dE6fG8hJ0kL2mN4pQ6rS8tU0vW2xY4zA6b";
/** The token from nine hours earlier: PayPal's access tokens live 32,400 s. */
export const EXPIRED_TOKEN =
  "A21AAHx2Wq8Zr4Tn6Vb0Mc3Ld5Kf7Jg9Hs1Pa3Sd5Fg7Hj9Kl1Zx3Cv5Bn7Mq9Wr1Et3Yu5Io7Pa9Sd1Fg3Hj5Kl7Zx9Cv1Bn3Mq5Wr7E";

export const PRODUCT_ID = "PROD-5XR88319564623441";
export const MISSING_PRODUCT_ID = "PROD-9TT01237750010842";
export const NEW_ORDER_ID = "5O190127TN364715T";
export const APPROVED_ORDER_ID = "8GB67279RC051624C";
export const CAPTURE_ID = "3C679366HH908993F";
export const REFUNDED_CAPTURE_ID = "7NW873794T343360M";
export const REFUND_ID = "1JU08902781691411";
export const INVOICE_ID = "INV2-Z56S-5LLA-Q52L-CPZ5";
export const MISSING_INVOICE_ID = "INV2-K9QE-2MWD-R77B-XJ3N";
export const FOREIGN_DISPUTE_ID = "PP-D-27803";
export const SUBSCRIPTION_ID = "I-BW452GLLEP1G";
export const MISSING_TRANSACTION_ID = "9GS80322PR4183417";

export const state = {
  rateLimited: false,
  serverError: false,
  badGateway: false,
  slow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

const CERT = () => certificate(DATA, [PAYPAL_HOST]);

const BASE = `https://${PAYPAL_HOST}`;
let debugCounter = 0;
/** PayPal's debug_id: 13 hex digits, one per request. */
function debugId(): string {
  debugCounter += 1;
  return `f${(0x3a91c7e0b24d + debugCounter * 7919).toString(16)}`.slice(0, 13);
}

function paypalError(
  res: http.ServerResponse,
  status: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const id = debugId();
  json(res, status, { ...body, debug_id: id }, { "paypal-debug-id": id, ...headers });
}

function notFound(res: http.ServerResponse, field: string, value: string, api: string) {
  paypalError(res, 404, {
    name: "RESOURCE_NOT_FOUND",
    details: [
      {
        field,
        value,
        location: "path",
        issue: "INVALID_RESOURCE_ID",
        description: "Specified resource ID does not exist. Please check the resource ID and try again.",
      },
    ],
    message: "The specified resource does not exist.",
    links: [
      {
        href: `https://developer.paypal.com/docs/api/${api}/#error-INVALID_RESOURCE_ID`,
        rel: "information_link",
        method: "GET",
      },
    ],
  });
}

function unprocessable(res: http.ServerResponse, issue: string, description: string, api: string) {
  paypalError(res, 422, {
    name: "UNPROCESSABLE_ENTITY",
    details: [{ issue, description }],
    message:
      "The requested action could not be performed, semantically incorrect, or failed business validation.",
    links: [
      {
        href: `https://developer.paypal.com/docs/api/${api}/#error-${issue}`,
        rel: "information_link",
        method: "GET",
      },
    ],
  });
}

/** Akamai's edge error page (PayPal's API hosts sit behind Akamai) when the origin answers badly. */
const AKAMAI_502 = `<HTML><HEAD>
<TITLE>Bad Gateway</TITLE>
</HEAD><BODY>
<H1>Bad Gateway</H1>
The proxy server received an invalid response from an upstream server.<P>
Reference&#32;&#35;97&#46;3c1d3b17&#46;1796562311&#46;1f0a9c2e
<P>https&#58;&#47;&#47;errors&#46;edgesuite&#46;net&#47;97&#46;3c1d3b17&#46;1796562311&#46;1f0a9c2e</P>
</BODY>
</HTML>
`;

const PRODUCTS = [
  {
    id: PRODUCT_ID,
    name: "Harbor Lane Coffee Club",
    description: "Monthly delivery of two freshly roasted 250 g bags",
    create_time: "2026-09-14T08:21:44Z",
    links: [{ href: `${BASE}/v1/catalogs/products/${PRODUCT_ID}`, rel: "self", method: "GET" }],
  },
  {
    id: "PROD-2KW49306LB8831522",
    name: "Espresso Workshop Voucher",
    description: "Two-hour home espresso workshop at the roastery",
    create_time: "2026-10-02T15:03:10Z",
    links: [{ href: `${BASE}/v1/catalogs/products/PROD-2KW49306LB8831522`, rel: "self", method: "GET" }],
  },
];

function productDetails() {
  return {
    id: PRODUCT_ID,
    name: "Harbor Lane Coffee Club",
    description: "Monthly delivery of two freshly roasted 250 g bags",
    type: "PHYSICAL",
    category: "COFFEE",
    image_url: "https://harborlane-coffee.example/img/club.jpg",
    home_url: "https://harborlane-coffee.example/club",
    create_time: "2026-09-14T08:21:44Z",
    update_time: "2026-09-14T08:21:44Z",
    links: [
      { href: `${BASE}/v1/catalogs/products/${PRODUCT_ID}`, rel: "self", method: "GET" },
      { href: `${BASE}/v1/catalogs/products/${PRODUCT_ID}`, rel: "edit", method: "PATCH" },
    ],
  };
}

function orderLinks(id: string, status: string) {
  const links = [{ href: `${BASE}/v2/checkout/orders/${id}`, rel: "self", method: "GET" }];
  if (status === "PAYER_ACTION_REQUIRED" || status === "CREATED")
    links.push({
      href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`,
      rel: "payer-action",
      method: "GET",
    });
  if (status === "APPROVED")
    links.push({ href: `${BASE}/v2/checkout/orders/${id}/capture`, rel: "capture", method: "POST" });
  return links;
}

function newOrder() {
  return {
    id: NEW_ORDER_ID,
    intent: "CAPTURE",
    status: "PAYER_ACTION_REQUIRED",
    payment_source: { paypal: {} },
    purchase_units: [
      {
        reference_id: "default",
        amount: {
          currency_code: "USD",
          value: "41.04",
          breakdown: {
            item_total: { currency_code: "USD", value: "36.00" },
            shipping: { currency_code: "USD", value: "2.50" },
            tax_total: { currency_code: "USD", value: "2.54" },
            discount: { currency_code: "USD", value: "0.00" },
          },
        },
        payee: { email_address: "merchant@harborlane-coffee.example", merchant_id: "7K3H2RQ9LX5VS" },
        items: [
          {
            name: "Ethiopia Guji 250 g",
            unit_amount: { currency_code: "USD", value: "18" },
            tax: { currency_code: "USD", value: "1.27" },
            quantity: "2",
          },
        ],
      },
    ],
    create_time: "2026-12-07T12:04:18Z",
    links: orderLinks(NEW_ORDER_ID, "PAYER_ACTION_REQUIRED"),
  };
}

function capturedOrder() {
  return {
    id: APPROVED_ORDER_ID,
    status: "COMPLETED",
    payment_source: {
      paypal: {
        email_address: "m.okafor@example.com",
        account_id: "QYR5Z8XDVJNXQ",
        account_status: "VERIFIED",
        name: { given_name: "Mira", surname: "Okafor" },
        address: { country_code: "US" },
      },
    },
    purchase_units: [
      {
        reference_id: "default",
        payments: {
          captures: [
            {
              id: CAPTURE_ID,
              status: "COMPLETED",
              amount: { currency_code: "USD", value: "27.50" },
              final_capture: true,
              seller_protection: {
                status: "ELIGIBLE",
                dispute_categories: ["ITEM_NOT_RECEIVED", "UNAUTHORIZED_TRANSACTION"],
              },
              seller_receivable_breakdown: {
                gross_amount: { currency_code: "USD", value: "27.50" },
                paypal_fee: { currency_code: "USD", value: "1.45" },
                net_amount: { currency_code: "USD", value: "26.05" },
              },
              links: [
                { href: `${BASE}/v2/payments/captures/${CAPTURE_ID}`, rel: "self", method: "GET" },
                { href: `${BASE}/v2/payments/captures/${CAPTURE_ID}/refund`, rel: "refund", method: "POST" },
                { href: `${BASE}/v2/checkout/orders/${APPROVED_ORDER_ID}`, rel: "up", method: "GET" },
              ],
              create_time: "2026-12-07T12:06:02Z",
              update_time: "2026-12-07T12:06:02Z",
            },
          ],
        },
      },
    ],
    payer: {
      name: { given_name: "Mira", surname: "Okafor" },
      email_address: "m.okafor@example.com",
      payer_id: "QYR5Z8XDVJNXQ",
      address: { country_code: "US" },
    },
    links: [{ href: `${BASE}/v2/checkout/orders/${APPROVED_ORDER_ID}`, rel: "self", method: "GET" }],
  };
}

function refund(value: string) {
  return {
    id: REFUND_ID,
    amount: { currency_code: "USD", value },
    seller_payable_breakdown: {
      gross_amount: { currency_code: "USD", value },
      paypal_fee: { currency_code: "USD", value: "0.00" },
      net_amount: { currency_code: "USD", value },
      total_refunded_amount: { currency_code: "USD", value },
    },
    note_to_payer: "One bag arrived damaged — sorry about that!",
    status: "COMPLETED",
    create_time: "2026-12-07T12:09:31Z",
    update_time: "2026-12-07T12:09:31Z",
    links: [
      { href: `${BASE}/v2/payments/refunds/${REFUND_ID}`, rel: "self", method: "GET" },
      { href: `${BASE}/v2/payments/captures/${CAPTURE_ID}`, rel: "up", method: "GET" },
    ],
  };
}

function invoice(id: string, number: string, status: string, recipient: string, value: string) {
  return {
    id,
    status,
    detail: {
      invoice_number: number,
      invoice_date: "2026-12-01",
      currency_code: "USD",
      payment_term: { term_type: "NET_15", due_date: "2026-12-16" },
      metadata: {
        create_time: "2026-12-01T09:12:40Z",
        recipient_view_url: `https://www.sandbox.paypal.com/invoice/p/#${id}`,
      },
    },
    invoicer: {
      business_name: "Harbor Lane Coffee Roasters",
      email_address: "merchant@harborlane-coffee.example",
    },
    primary_recipients: [{ billing_info: { email_address: recipient } }],
    amount: { currency_code: "USD", value },
    due_amount: { currency_code: "USD", value: status === "PAID" ? "0.00" : value },
    links: [{ href: `${BASE}/v2/invoicing/invoices/${id}`, rel: "self", method: "GET" }],
  };
}

const INVOICES = [
  invoice(INVOICE_ID, "HL-2026-0412", "SENT", "accounts@bluefin-cafe.example", "384.00"),
  invoice("INV2-8RPW-Q3ZU-JZ8F-6BXE", "HL-2026-0411", "PAID", "orders@saltmarsh-deli.example", "126.50"),
  invoice("INV2-3TFH-MV2K-9DLQ-W7YC", "HL-2026-0413", "DRAFT", "hello@northpier-bakery.example", "212.00"),
];

function transactions(start: string, end: string) {
  const row = (id: string, event: string, value: string, fee: string, date: string, email: string) => ({
    transaction_info: {
      paypal_account_id: "QYR5Z8XDVJNXQ",
      transaction_id: id,
      transaction_event_code: event,
      transaction_initiation_date: date,
      transaction_updated_date: date,
      transaction_amount: { currency_code: "USD", value },
      fee_amount: { currency_code: "USD", value: fee },
      transaction_status: "S",
      protection_eligibility: "01",
    },
    payer_info: { email_address: email, address_status: "N", payer_status: "Y" },
  });
  return {
    transaction_details: [
      row(CAPTURE_ID, "T0006", "27.50", "-1.45", "2026-12-07T12:06:02+0000", "m.okafor@example.com"),
      row(
        "4MW80530FC7312219",
        "T0006",
        "54.00",
        "-2.38",
        "2026-12-03T17:41:19+0000",
        "d.lindqvist@example.com",
      ),
    ],
    account_number: "7K3H2RQ9LX5VS",
    start_date: start,
    end_date: end,
    last_refreshed_datetime: "2026-12-07T08:59:59+0000",
    page: 1,
    total_items: 2,
    total_pages: 1,
    links: [{ href: `${BASE}/v1/reporting/transactions?page=1`, rel: "self", method: "GET" }],
  };
}

function subscription(status: string) {
  return {
    id: SUBSCRIPTION_ID,
    plan_id: "P-5ML4271244454362WXNWU5NQ",
    status,
    status_update_time: "2026-11-02T06:00:11Z",
    start_time: "2026-09-15T00:00:00Z",
    quantity: "1",
    subscriber: {
      email_address: "j.ferreira@example.com",
      payer_id: "2J6QB8YJQSJRJ",
      name: { given_name: "João", surname: "Ferreira" },
    },
    billing_info: {
      outstanding_balance: { currency_code: "USD", value: "0.00" },
      cycle_executions: [
        { tenure_type: "REGULAR", sequence: 1, cycles_completed: 3, cycles_remaining: 0, total_cycles: 0 },
      ],
      last_payment: { amount: { currency_code: "USD", value: "32.00" }, time: "2026-11-15T10:12:44Z" },
      next_billing_time: "2026-12-15T10:00:00Z",
      failed_payments_count: 0,
    },
    create_time: "2026-09-14T21:20:49Z",
    update_time: "2026-11-15T10:12:45Z",
    links: [
      { href: `${BASE}/v1/billing/subscriptions/${SUBSCRIPTION_ID}/cancel`, rel: "cancel", method: "POST" },
      { href: `${BASE}/v1/billing/subscriptions/${SUBSCRIPTION_ID}`, rel: "self", method: "GET" },
    ],
  };
}

function paypal(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  const route = `${method} ${url.pathname}`;
  seen.push(`${route}${url.search} ${body.slice(0, 300)}`);

  if (url.host !== PAYPAL_HOST) {
    unknownRequests.push(`${url.host} ${route}`);
    return text(res, 502, "unknown host");
  }

  if (req.headers.authorization !== `Bearer ${ACCESS_TOKEN}`)
    return json(res, 401, { error: "invalid_token", error_description: "Access Token not found in cache" });

  if (state.slow) return later(15_000, () => json(res, 200, { items: [], links: [] }));
  if (state.rateLimited)
    return paypalError(
      res,
      429,
      { name: "RATE_LIMIT_REACHED", message: "Too many requests. Blocked due to rate limiting." },
      { "retry-after": "30" },
    );
  if (state.serverError)
    return paypalError(res, 500, {
      name: "INTERNAL_SERVER_ERROR",
      message: "An internal server error occurred.",
      links: [
        {
          href: "https://developer.paypal.com/api/rest/reference/orders/v2/errors/#INTERNAL_SERVER_ERROR",
          rel: "information_link",
          method: "GET",
        },
      ],
    });
  if (state.badGateway) return text(res, 502, AKAMAI_502, "text/html", { server: "AkamaiGHost" });

  let m: RegExpMatchArray | null;
  const idOf = (match: RegExpMatchArray | null) => match?.[1] ?? "";

  if (route === "GET /v1/catalogs/products") {
    const size = Number(url.searchParams.get("page_size") ?? "10");
    return json(res, 200, {
      products: PRODUCTS.slice(0, size),
      total_items: 3,
      total_pages: Math.ceil(3 / size),
      links: [
        { href: `${BASE}/v1/catalogs/products?page_size=${size}&page=1`, rel: "self", method: "GET" },
        { href: `${BASE}/v1/catalogs/products?page_size=${size}&page=2`, rel: "next", method: "GET" },
      ],
    });
  }
  if ((m = route.match(/^GET \/v1\/catalogs\/products\/([^/]+)$/))) {
    if (idOf(m) === PRODUCT_ID) return json(res, 200, productDetails());
    return notFound(res, "product_id", idOf(m), "catalog-products/v1");
  }

  if (route === "POST /v2/checkout/orders") return json(res, 201, newOrder());
  if ((m = route.match(/^GET \/v2\/checkout\/orders\/([^/]+)$/))) {
    if (idOf(m) === NEW_ORDER_ID) return json(res, 200, newOrder());
    if (idOf(m) === APPROVED_ORDER_ID) return json(res, 200, capturedOrder());
    return notFound(res, "order_id", idOf(m), "orders/v2");
  }
  if ((m = route.match(/^POST \/v2\/checkout\/orders\/([^/]+)\/capture$/))) {
    if (idOf(m) === APPROVED_ORDER_ID) return json(res, 201, capturedOrder());
    if (idOf(m) === NEW_ORDER_ID)
      return unprocessable(
        res,
        "ORDER_NOT_APPROVED",
        "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within Create Order call or provide a valid payment_source in the request.",
        "orders/v2",
      );
    return notFound(res, "order_id", idOf(m), "orders/v2");
  }

  if ((m = route.match(/^POST \/v2\/payments\/captures\/([^/]+)\/refund$/))) {
    if (idOf(m) === CAPTURE_ID) {
      const asked = parse(body) as { amount?: { value?: string } };
      return json(res, 201, refund(asked.amount?.value ?? "27.50"));
    }
    if (idOf(m) === REFUNDED_CAPTURE_ID)
      return unprocessable(
        res,
        "CAPTURE_FULLY_REFUNDED",
        "The capture has already been fully refunded",
        "payments/v2",
      );
    return notFound(res, "capture_id", idOf(m), "payments/v2");
  }
  if ((m = route.match(/^GET \/v2\/payments\/refunds\/([^/]+)$/))) {
    if (idOf(m) === REFUND_ID) return json(res, 200, refund("4.50"));
    return notFound(res, "refund_id", idOf(m), "payments/v2");
  }

  if (route === "GET /v2/invoicing/invoices") {
    return json(res, 200, {
      total_items: INVOICES.length,
      total_pages: 1,
      items: INVOICES,
      links: [
        {
          href: `${BASE}/v2/invoicing/invoices?page=1&page_size=10&total_required=true`,
          rel: "self",
          method: "GET",
        },
      ],
    });
  }
  if ((m = route.match(/^GET \/v2\/invoicing\/invoices\/([^/]+)$/))) {
    const found = INVOICES.find((i) => i.id === idOf(m));
    if (found) return json(res, 200, found);
    return notFound(res, "invoice_id", idOf(m), "invoicing/v2");
  }

  if (route === "GET /v1/customer/disputes") return json(res, 200, { items: [], links: [] });
  if ((m = route.match(/^GET \/v1\/customer\/disputes\/([^/]+)$/))) {
    if (idOf(m) === FOREIGN_DISPUTE_ID)
      return paypalError(res, 403, {
        name: "NOT_AUTHORIZED",
        message: "Authorization failed due to insufficient permissions.",
        details: [
          {
            issue: "PERMISSION_DENIED",
            description: "You do not have permission to access or perform operations on this resource.",
          },
        ],
        links: [
          {
            href: "https://developer.paypal.com/docs/api/customer-disputes/v1/#error-PERMISSION_DENIED",
            rel: "information_link",
            method: "GET",
          },
        ],
      });
    return notFound(res, "dispute_id", idOf(m), "customer-disputes/v1");
  }

  if (route === "GET /v1/reporting/transactions")
    return json(
      res,
      200,
      transactions(url.searchParams.get("start_date") ?? "", url.searchParams.get("end_date") ?? ""),
    );

  if ((m = route.match(/^GET \/v1\/billing\/subscriptions\/([^/]+)$/))) {
    if (idOf(m) === SUBSCRIPTION_ID) return json(res, 200, subscription("ACTIVE"));
    return notFound(res, "subscription_id", idOf(m), "subscriptions/v1");
  }
  if ((m = route.match(/^POST \/v1\/billing\/subscriptions\/([^/]+)\/cancel$/))) {
    if (idOf(m) === SUBSCRIPTION_ID) {
      res.writeHead(204, { "paypal-debug-id": debugId() });
      return res.end();
    }
    return notFound(res, "subscription_id", idOf(m), "subscriptions/v1");
  }

  unknownRequests.push(route);
  return notFound(res, "path", url.pathname, "rest");
}

export const paypalServer = forwardProxy(PAYPAL_PORT, CERT, paypal);
export const certificateFile = () => CERT().cert;
export const ALL_STANDINS = [paypalServer];
