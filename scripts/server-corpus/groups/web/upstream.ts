// Loopback stand-ins for what lies behind the web group's servers, each on its own port of the
// group's range (127.0.0.1:38350–38399): a small shop web site for the browsers and the fetch
// tool, a Stripe-style REST API (Stripe's error envelope: `{"error": {type, code, message, param}}`)
// for the REST tester, Resend's e-mail API (`{"statusCode", "name", "message"}` error bodies) for
// the e-mail server, and a GraphQL API run by the `graphql` reference implementation.
// Each service can be stopped and started again, to make its backend unreachable mid-session.

import http from "node:http";
import { graphqlLib } from "../../deps.js";

const { buildSchema, graphql, GraphQLError } = graphqlLib;

export const PORTS = {
  site: 38350,
  stripe: 38351,
  resend: 38352,
  graphql: 38353,
  /** Nothing ever listens here: connection refused. */
  closed: 38359,
  playwrightHttp: 38360,
};

export const SITE = `http://127.0.0.1:${PORTS.site}`;
export const STRIPE = `http://127.0.0.1:${PORTS.stripe}`;
export const RESEND = `http://127.0.0.1:${PORTS.resend}`;
export const GRAPHQL = `http://127.0.0.1:${PORTS.graphql}/graphql`;

/** Switches the sessions flip between calls. */
export const state = {
  /** The Stripe key the REST tester uses has been rolled: 401 api_key_expired. */
  stripeKeyExpired: false,
  /** Resend: the next sends hit these answers in order (then normal service). */
  resendQueue: [] as ("rate_limit" | "daily_quota" | "server_error" | "bad_gateway" | "invalid_key")[],
};

type Handler = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  body: string,
) => void | Promise<void>;

function json(
  res: http.ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(value));
}

function html(res: http.ServerResponse, status: number, page: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(page);
}

const page = (title: string, body: string, head = "") =>
  `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>\n`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// The shop web site.

const PARTS = [
  { sku: "BLT-001", name: "Hex bolt M8", price: 0.12, stock: 1200 },
  { sku: "NUT-002", name: "Lock nut M8", price: 0.08, stock: 950 },
  { sku: "WSH-003", name: "Washer 8 mm", price: 0.02, stock: 0 },
];

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

const site: Handler = async (_req, res, url) => {
  const p = url.pathname;
  if (p === "/") {
    return html(
      res,
      200,
      page(
        "Acme Parts",
        `<h1>Acme Parts</h1><p>Bolts, nuts and washers since 1962.</p>
<nav><a href="/catalog">Catalog</a> <a href="/contact">Contact</a></nav>
<form action="/search" method="get"><label for="q">Search parts</label>
<input id="q" name="q" type="search" placeholder="e.g. bolt"><button id="go" type="submit">Search</button></form>
<label for="sort">Sort by</label><select id="sort" name="sort"><option value="name">Name</option><option value="price">Price</option></select>
<p id="status">Ready</p>`,
      ),
    );
  }
  if (p === "/catalog") {
    const rows = PARTS.map(
      (x) => `<tr><td>${x.sku}</td><td>${x.name}</td><td>${x.price}</td><td>${x.stock}</td></tr>`,
    );
    return html(
      res,
      200,
      page(
        "Catalog - Acme Parts",
        `<h1>Catalog</h1><table id="parts"><tr><th>SKU</th><th>Name</th><th>Price</th><th>Stock</th></tr>${rows.join("")}</table>`,
      ),
    );
  }
  if (p === "/search") {
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    const hits = PARTS.filter((x) => x.name.toLowerCase().includes(q));
    const list = hits.map((x) => `<li class="result">${x.name} (${x.sku})</li>`).join("");
    return html(
      res,
      200,
      page(
        "Search - Acme Parts",
        `<h1>Results for “${q}”</h1><ul id="results">${list}</ul>${hits.length ? "" : "<p>No parts match your search.</p>"}`,
      ),
    );
  }
  if (p === "/contact") {
    return html(
      res,
      200,
      page(
        "Contact - Acme Parts",
        `<h1>Contact</h1><form><label for="email">Email</label><input id="email" name="email" type="email">
<label for="msg">Message</label><textarea id="msg" name="msg"></textarea><button id="send" type="button" onclick="document.getElementById('sent').textContent='Thanks!'">Send</button></form><p id="sent"></p>`,
      ),
    );
  }
  if (p === "/broken") {
    return html(
      res,
      200,
      page(
        "Dashboard - Acme Parts",
        `<h1>Dashboard</h1><div id="chart">Loading…</div>`,
        `<script>console.error("Failed to load resource: chart data"); window.addEventListener("load", () => { throw new TypeError("Cannot read properties of undefined (reading 'series')"); });</script>`,
      ),
    );
  }
  const status = /^\/status\/(\d{3})$/.exec(p);
  if (status) {
    const code = Number(status[1]);
    const text = STATUS_TEXT[code] ?? "Error";
    return html(res, code, page(`${code} ${text}`, `<h1>${code} ${text}</h1><p>nginx</p>`));
  }
  if (p === "/slow") {
    await sleep(15_000);
    return html(res, 200, page("Slow", "<p>finally</p>"));
  }
  // A small JSON API on the same site, for the fetch tool.
  if (p === "/api/parts") {
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    const items = PARTS.filter((x) => x.name.toLowerCase().includes(q));
    return json(res, 200, { items, total: items.length });
  }
  const part = /^\/api\/parts\/([^/]+)$/.exec(p);
  if (part) {
    const hit = PARTS.find((x) => x.sku === part[1]);
    return hit
      ? json(res, 200, hit)
      : json(res, 404, { error: { code: "part_not_found", message: `No part with SKU ${part[1]}` } });
  }
  if (p === "/api/orders") {
    return json(
      res,
      401,
      { error: "invalid_token", error_description: "The access token expired" },
      {
        "www-authenticate": 'Bearer error="invalid_token", error_description="The access token expired"',
      },
    );
  }
  if (p === "/api/export") {
    return json(
      res,
      429,
      { error: { code: "rate_limited", message: "Too many exports, retry after 30 seconds" } },
      { "retry-after": "30" },
    );
  }
  if (p === "/api/health") {
    return json(
      res,
      503,
      { status: "unavailable", message: "Maintenance in progress" },
      { "retry-after": "120" },
    );
  }
  return html(res, 404, page("404 Not Found", "<h1>404 Not Found</h1><p>nginx</p>"));
};

// ---------------------------------------------------------------------------------------------
// A Stripe-style REST API: https://docs.stripe.com/api/errors (error envelope, codes, types).

const STRIPE_KEY = "sk_test_51WebGroupCorpusKey4242";
const CUSTOMERS = [
  {
    id: "cus_QaB1",
    object: "customer",
    email: "ada@acme.test",
    name: "Ada Lovelace",
    balance: 0,
    currency: "usd",
    delinquent: false,
  },
  {
    id: "cus_QaB2",
    object: "customer",
    email: "alan@acme.test",
    name: "Alan Turing",
    balance: -500,
    currency: "usd",
    delinquent: false,
  },
];
const stripeError = (
  res: http.ServerResponse,
  status: number,
  error: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  json(
    res,
    status,
    { error: { ...error, request_log_url: `https://dashboard.stripe.com/test/logs/req_web${status}` } },
    {
      "request-id": `req_web${status}`,
      ...headers,
    },
  );

const stripe: Handler = async (req, res, url, body) => {
  const auth = req.headers.authorization ?? "";
  if (auth !== `Bearer ${STRIPE_KEY}`) {
    return stripeError(res, 401, {
      type: "invalid_request_error",
      message: "Invalid API Key provided: sk_test_****",
    });
  }
  if (state.stripeKeyExpired) {
    return stripeError(res, 401, {
      type: "invalid_request_error",
      code: "api_key_expired",
      message: "Expired API Key provided: sk_test_*********************4242",
      doc_url: "https://stripe.com/docs/error-codes/api-key-expired",
    });
  }
  const p = url.pathname;
  if (p === "/v1/customers" && req.method === "GET") {
    const email = url.searchParams.get("email");
    const data = email ? CUSTOMERS.filter((c) => c.email === email) : CUSTOMERS;
    return json(res, 200, { object: "list", url: "/v1/customers", has_more: false, data });
  }
  if (p === "/v1/customers" && req.method === "POST") {
    let input: Record<string, unknown> = {};
    try {
      input = JSON.parse(body || "{}") as Record<string, unknown>;
    } catch {
      return stripeError(res, 400, { type: "invalid_request_error", message: "Invalid request body" });
    }
    if (typeof input.email === "string" && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(input.email)) {
      return stripeError(res, 400, {
        type: "invalid_request_error",
        code: "email_invalid",
        param: "email",
        message: `Invalid email address: ${input.email}`,
        doc_url: "https://stripe.com/docs/error-codes/email-invalid",
      });
    }
    return json(res, 200, {
      id: "cus_QaB3",
      object: "customer",
      email: input.email ?? null,
      name: input.name ?? null,
      balance: 0,
    });
  }
  const customer = /^\/v1\/customers\/([^/]+)$/.exec(p);
  if (customer) {
    const hit = CUSTOMERS.find((c) => c.id === customer[1]);
    if (hit) return json(res, 200, hit);
    return stripeError(res, 404, {
      type: "invalid_request_error",
      code: "resource_missing",
      param: "id",
      message: `No such customer: '${customer[1]}'`,
      doc_url: "https://stripe.com/docs/error-codes/resource-missing",
    });
  }
  if (p === "/v1/payment_intents" && req.method === "POST") {
    return stripeError(res, 402, {
      type: "card_error",
      code: "card_declined",
      decline_code: "insufficient_funds",
      message: "Your card has insufficient funds.",
      doc_url: "https://stripe.com/docs/error-codes/card-declined",
      payment_intent: { id: "pi_3WebCorpus", object: "payment_intent", status: "requires_payment_method" },
    });
  }
  if (p === "/v1/balance") {
    return stripeError(res, 403, {
      type: "invalid_request_error",
      message:
        "The provided key 'sk_test_*********************4242' does not have the required permissions for this endpoint on account 'acct_1WebCorpus'. Having the 'rak_balance_read' permission would allow this request to continue.",
    });
  }
  if (p === "/v1/charges") {
    return stripeError(
      res,
      429,
      {
        type: "invalid_request_error",
        code: "rate_limit",
        message:
          "Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.",
      },
      { "retry-after": "2" },
    );
  }
  if (p === "/v1/events") {
    return stripeError(res, 500, { type: "api_error", message: "An unknown error occurred" });
  }
  if (p === "/v1/invoices") {
    return json(res, 200, { object: "list", url: "/v1/invoices", has_more: false, data: [] });
  }
  if (p === "/v1/files/slow") {
    await sleep(15_000);
    return json(res, 200, { object: "file" });
  }
  return stripeError(res, 404, {
    type: "invalid_request_error",
    message: `Unrecognized request URL (${req.method}: ${p}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  });
};

// ---------------------------------------------------------------------------------------------
// Resend's e-mail API: https://resend.com/docs/api-reference/errors (statusCode, name, message).

const RESEND_KEY = "re_WebCorpus_123456789";
let emailSeq = 0;
const resend: Handler = async (req, res, url, body) => {
  if (req.method !== "POST" || url.pathname !== "/emails") {
    return json(res, 404, {
      statusCode: 404,
      message: "The requested endpoint does not exist.",
      name: "not_found",
    });
  }
  const next = state.resendQueue.shift();
  if (next === "invalid_key" || req.headers.authorization !== `Bearer ${RESEND_KEY}`) {
    return json(res, 403, { statusCode: 403, message: "API key is invalid.", name: "invalid_api_key" });
  }
  if (next === "rate_limit") {
    return json(
      res,
      429,
      {
        statusCode: 429,
        message:
          "Too many requests. You can only make 2 requests per second. See rate limit response headers for more information. Or contact support to increase rate limit.",
        name: "rate_limit_exceeded",
      },
      { "retry-after": "1", "ratelimit-limit": "2", "ratelimit-remaining": "0", "ratelimit-reset": "1" },
    );
  }
  if (next === "daily_quota") {
    return json(res, 429, {
      statusCode: 429,
      message:
        "You have reached your daily email sending quota. Upgrade your plan to remove the daily quota limit or wait until 24 hours have passed to continue sending.",
      name: "daily_quota_exceeded",
    });
  }
  if (next === "server_error") {
    return json(res, 500, {
      statusCode: 500,
      message: "An unexpected error occurred, please try again later.",
      name: "application_error",
    });
  }
  if (next === "bad_gateway") {
    res.writeHead(502, { "content-type": "text/html" });
    res.end(
      "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>cloudflare</center></body></html>\n",
    );
    return;
  }
  let input: Record<string, unknown>;
  try {
    input = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return json(res, 400, { statusCode: 400, message: "Invalid JSON body", name: "validation_error" });
  }
  const from = String(input.from ?? "");
  const domain = from.split("@")[1]?.replace(/>$/, "") ?? "";
  if (domain !== "acme.test") {
    return json(res, 403, {
      statusCode: 403,
      message: `The ${domain} domain is not verified. Please, add and verify your domain on https://resend.com/domains`,
      name: "validation_error",
    });
  }
  if (input.scheduled_at !== undefined) {
    const at = String(input.scheduled_at);
    if (Number.isNaN(Date.parse(at)) && !/^in \d+ (min|hour|day)/.test(at)) {
      return json(res, 422, {
        statusCode: 422,
        message:
          "Invalid `scheduled_at` field. The date must be in ISO 8601 format or a natural language like 'in 1 hour'.",
        name: "validation_error",
      });
    }
  }
  if (input.subject === "") {
    return json(res, 422, {
      statusCode: 422,
      message: "Missing `subject` field.",
      name: "missing_required_field",
    });
  }
  emailSeq += 1;
  return json(res, 200, {
    id: `4ef9a417-02e9-4d39-ad75-9611e0fc${String(1000 + emailSeq).padStart(4, "0")}`,
  });
};

// ---------------------------------------------------------------------------------------------
// GraphQL: a small parts API, executed by the reference implementation.

const schema = buildSchema(`
  type Part { sku: String!, name: String!, price: Float!, stock: Int!, supplierCost: Float }
  type Query { part(sku: String!): Part, parts(nameContains: String): [Part!]!, me: String }
  type Mutation { restock(sku: String!, quantity: Int!): Part }
`);
const root = {
  part: ({ sku }: { sku: string }) => PARTS.find((x) => x.sku === sku) ?? null,
  parts: ({ nameContains }: { nameContains?: string }) =>
    PARTS.filter((x) => !nameContains || x.name.toLowerCase().includes(nameContains.toLowerCase())).map(
      (x) => ({
        ...x,
        supplierCost: () => {
          throw new GraphQLError("Not authorized to read supplierCost", {
            extensions: { code: "FORBIDDEN" },
          });
        },
      }),
    ),
  me: () => null,
  restock: ({ quantity }: { sku: string; quantity: number }) => {
    if (quantity <= 0) {
      throw new GraphQLError("quantity must be positive", {
        extensions: { code: "BAD_USER_INPUT", argumentName: "quantity" },
      });
    }
    throw new GraphQLError("Restocking is disabled during the inventory count", {
      extensions: { code: "SERVICE_UNAVAILABLE" },
    });
  },
};
const graphqlApi: Handler = async (req, res, url, body) => {
  if (url.pathname !== "/graphql" || req.method !== "POST") {
    return json(res, 405, { errors: [{ message: "Only POST /graphql" }] });
  }
  let input: { query?: string; variables?: Record<string, unknown> };
  try {
    input = JSON.parse(body) as typeof input;
  } catch {
    return json(res, 400, {
      errors: [{ message: "Body is not valid JSON", extensions: { code: "BAD_REQUEST" } }],
    });
  }
  const result = await graphql({
    schema,
    source: input.query ?? "",
    rootValue: root,
    variableValues: input.variables,
  });
  const bad = !result.data && result.errors?.length;
  json(res, bad ? 400 : 200, result);
};

// ---------------------------------------------------------------------------------------------

export interface Service {
  start(): Promise<void>;
  stop(): Promise<void>;
}

function service(port: number, handler: Handler): Service {
  let server: http.Server | undefined;
  const sockets = new Set<import("node:net").Socket>();
  return {
    start: () =>
      new Promise((resolve, reject) => {
        server = http.createServer((req, res) => {
          let body = "";
          req.setEncoding("utf8");
          req.on("data", (chunk: string) => (body += chunk));
          req.on("end", () => {
            const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
            Promise.resolve(handler(req, res, url, body)).catch((error: Error) => {
              if (!res.headersSent) json(res, 500, { error: error.message });
            });
          });
        });
        server.on("connection", (socket) => {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
        });
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => resolve());
      }),
    stop: () =>
      new Promise((resolve) => {
        if (!server) return resolve();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
        server = undefined;
      }),
  };
}

export const SERVICES = {
  site: service(PORTS.site, site),
  stripe: service(PORTS.stripe, stripe),
  resend: service(PORTS.resend, resend),
  graphql: service(PORTS.graphql, graphqlApi),
};

export const KEYS = { stripe: STRIPE_KEY, resend: RESEND_KEY };

export async function startAll(): Promise<() => Promise<void>> {
  for (const s of Object.values(SERVICES)) await s.start();
  return async () => {
    for (const s of Object.values(SERVICES)) await s.stop();
  };
}
