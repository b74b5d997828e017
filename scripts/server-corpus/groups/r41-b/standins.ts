// Loopback stand-in for group r41-b: Pipedream's REST API (https://api.pipedream.com/v1), the host written into
// @pipedream/sdk, which @pipedream/mcp uses for everything — the OAuth client-credentials token, the app's action
// components (listed and read once at start, each becoming a tool), the end user's connected accounts, Connect
// tokens, component configuration and action runs. The actions are Pipedream's Zoho Books components; a run's
// answer carries what the action returned from the Zoho Books API (`ret`) or, when the action threw, the error it
// raised (`os`). The SDK and oauth4webapi use Node's own fetch, routed by proxy-preload.mjs through the forward
// proxy here; TLS ends with a certificate the server trusts by NODE_EXTRA_CA_CERTS.
//
// README.md says where each body's shape comes from. `state` is switched by the sessions' hooks.

import type http from "node:http";
import {
  certificate,
  clearTimers,
  cloudflare502,
  forwardProxy,
  json,
  later,
  parse,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r41-b";
export const PROXY_PORT = 44550;
export const CERT = `${DATA}/standin-cert.pem`;
export const ensureCertificate = (): Certificate => certificate(DATA, ["api.pipedream.com"]);

export const CLIENT_ID = "oa_Qb3rT7xKp2";
export const CLIENT_SECRET = "pd_secret_9f4c2e7a1b8d6053e2a4c9f7b1d3e5a8";
export const PROJECT_ID = "proj_Kd2sLm7";
export const LINKED_USER = "acct-mgr-0142";
export const UNLINKED_USER = "acct-mgr-0177";
export const ORG_ID = "60021938451";

export const state = {
  /** The token endpoint refuses the OAuth client (its secret was rotated). */
  invalidClient: false,
  /** Short-lived tokens, so the SDK asks again during the session. */
  shortTokens: false,
  runRateLimited: false,
  runServerError: false,
  runBadGateway: false,
  runSlow: false,
  /** Zoho Books answers 429 to the action's request. */
  zohoThrottled: false,
  /** The connected Zoho user's role may not create payments. */
  zohoNoPermission: false,
  /** The connected Zoho Books grant was revoked at Zoho's side. */
  zohoTokenRevoked: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ── Zoho Books data (what the actions' API calls return) ─────────────────────────────────────────────────────────────

const INVOICES = [
  {
    invoice_id: "4913000000083011",
    invoice_number: "INV-000412",
    customer_id: "4913000000061002",
    customer_name: "Harbor Lane Bakery",
    status: "overdue",
    date: "2026-10-14",
    due_date: "2026-11-13",
    reference_number: "PO-7731",
    currency_code: "EUR",
    total: 1840.0,
    balance: 1840.0,
    created_time: "2026-10-14T09:12:44+0100",
  },
  {
    invoice_id: "4913000000083045",
    invoice_number: "INV-000413",
    customer_id: "4913000000061017",
    customer_name: "Kestrel Design Studio",
    status: "sent",
    date: "2026-11-20",
    due_date: "2026-12-20",
    reference_number: "",
    currency_code: "EUR",
    total: 4250.0,
    balance: 4250.0,
    created_time: "2026-11-20T15:03:10+0100",
  },
  {
    invoice_id: "4913000000083102",
    invoice_number: "INV-000414",
    customer_id: "4913000000061002",
    customer_name: "Harbor Lane Bakery",
    status: "paid",
    date: "2026-11-28",
    due_date: "2026-12-28",
    reference_number: "PO-7790",
    currency_code: "EUR",
    total: 615.5,
    balance: 0.0,
    created_time: "2026-11-28T11:40:02+0100",
  },
];

const CONTACTS = [
  {
    contact_id: "4913000000061002",
    contact_name: "Harbor Lane Bakery",
    company_name: "Harbor Lane Bakery GmbH",
    contact_type: "customer",
    status: "active",
    email: "accounts@harborlane.example",
    outstanding_receivable_amount: 1840.0,
    currency_code: "EUR",
  },
  {
    contact_id: "4913000000061017",
    contact_name: "Kestrel Design Studio",
    company_name: "Kestrel Design Studio",
    contact_type: "customer",
    status: "active",
    email: "finance@kestrel.example",
    outstanding_receivable_amount: 4250.0,
    currency_code: "EUR",
  },
  {
    contact_id: "4913000000061088",
    contact_name: "Nordlicht Papier AG",
    company_name: "Nordlicht Papier AG",
    contact_type: "vendor",
    status: "active",
    email: "rechnung@nordlicht.example",
    outstanding_receivable_amount: 0.0,
    currency_code: "EUR",
  },
];

const EXPENSES = [
  {
    expense_id: "4913000000090007",
    date: "2026-11-03",
    account_name: "Office Supplies",
    vendor_name: "Nordlicht Papier AG",
    total: 212.4,
    status: "unbilled",
    currency_code: "EUR",
    reference_number: "NP-55821",
  },
  {
    expense_id: "4913000000090031",
    date: "2026-11-18",
    account_name: "Travel Expense",
    vendor_name: "",
    total: 96.0,
    status: "nonbillable",
    currency_code: "EUR",
    reference_number: "",
  },
];

const ITEMS: Record<string, unknown> = {
  "4913000000070015": {
    item_id: "4913000000070015",
    name: "Sourdough subscription (monthly)",
    status: "active",
    rate: 120.0,
    unit: "month",
    tax_id: "4913000000054001",
    tax_name: "USt 19%",
    tax_percentage: 19,
    sku: "SUB-SD-M",
    product_type: "service",
  },
};

const pageContext = (count: number) => ({
  page: 1,
  per_page: 200,
  has_more_page: false,
  report_name: "Invoices",
  applied_filter: "Status.All",
  sort_column: "created_time",
  sort_order: "D",
  total: count,
});

/** A Zoho Books API error as the action's axios (@pipedream/platform) rethrows it: the body becomes the message. */
class ZohoError {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: { code: number; message: string },
  ) {}
}

function zohoInvoice(id: string) {
  const invoice = INVOICES.find((i) => i.invoice_id === id);
  if (!invoice) throw new ZohoError(404, "Not Found", { code: 1002, message: "Invoice does not exist." });
  return {
    code: 0,
    message: "success",
    invoice: {
      ...invoice,
      line_items: [
        {
          line_item_id: `${id}1`,
          item_id: "4913000000070015",
          name: "Sourdough subscription (monthly)",
          rate: 120.0,
          quantity: 1,
          item_total: 120.0,
        },
      ],
      payments: [],
      payment_made: invoice.total - invoice.balance,
    },
  };
}

/** Runs one Zoho Books action: what it returns (`ret`) and its `$summary`, or a ZohoError it throws. */
function runZohoAction(key: string, props: Record<string, unknown>): { ret: unknown; summary?: string } {
  if (state.zohoTokenRevoked)
    throw new ZohoError(401, "Unauthorized", { code: 14, message: "Invalid value passed for authtoken." });
  if (state.zohoThrottled)
    throw new ZohoError(429, "Too Many Requests", {
      code: 45,
      message: "You have made too many requests continuously. Please try again after some time.",
    });
  switch (key) {
    case "zoho_books-list-invoices": {
      const status = typeof props.status === "string" ? props.status : undefined;
      const invoices = INVOICES.filter((i) => !status || i.status === status);
      return { ret: { code: 0, message: "success", invoices, page_context: pageContext(invoices.length) } };
    }
    case "zoho_books-get-invoice": {
      const id = String(props.invoiceId ?? "");
      return { ret: zohoInvoice(id), summary: `Successfully fetched invoice with Id: ${id}` };
    }
    case "zoho_books-list-contacts":
      return {
        ret: { code: 0, message: "success", contacts: CONTACTS, page_context: pageContext(CONTACTS.length) },
      };
    case "zoho_books-list-expenses":
      return {
        ret: { code: 0, message: "success", expenses: EXPENSES, page_context: pageContext(EXPENSES.length) },
      };
    case "zoho_books-get-item": {
      const item = ITEMS[String(props.itemId ?? "")];
      if (!item) throw new ZohoError(404, "Not Found", { code: 1002, message: "Item does not exist." });
      return {
        ret: { code: 0, message: "success", item },
        summary: `Item with ID ${String(props.itemId)} successfully retrieved.`,
      };
    }
    case "zoho_books-create-customer": {
      const name = String(props.contactName ?? "");
      if (CONTACTS.some((c) => c.contact_name === name))
        throw new ZohoError(400, "Bad Request", {
          code: 3062,
          message: `The customer "${name}" already exists. Please specify a different name.`,
        });
      const contact = {
        contact_id: "4913000000061120",
        contact_name: name,
        company_name: String(props.companyName ?? name),
        contact_type: "customer",
        status: "active",
        email: "",
        outstanding_receivable_amount: 0.0,
        currency_code: "EUR",
      };
      return {
        ret: { code: 0, message: "The contact has been added.", contact },
        summary: `Successfully created customer with Id: ${contact.contact_id}`,
      };
    }
    case "zoho_books-create-customer-payment": {
      if (state.zohoNoPermission)
        throw new ZohoError(401, "Unauthorized", {
          code: 57,
          message: "You are not authorized to perform this operation",
        });
      const invoice = INVOICES.find((i) => i.invoice_id === props.invoiceId);
      const amount = Number(props.amount);
      if (invoice && amount > invoice.balance)
        throw new ZohoError(400, "Bad Request", {
          code: 24016,
          message: "The amount entered is more than the balance due for the selected invoices.",
        });
      const payment = {
        payment_id: "4913000000095003",
        payment_number: "17",
        customer_id: props.customerId,
        payment_mode: props.paymentMode,
        amount,
        date: props.date,
        invoices: [{ invoice_id: props.invoiceId, amount_applied: amount }],
      };
      return {
        ret: { code: 0, message: "The payment has been created.", payment },
        summary: `Customer payment successfully created with Id: ${payment.payment_id}`,
      };
    }
    case "zoho_books-delete-contact": {
      const contact = CONTACTS.find((c) => c.contact_id === props.contactId);
      if (contact && contact.outstanding_receivable_amount > 0)
        throw new ZohoError(400, "Bad Request", {
          code: 2060,
          message: "Contacts involved in transactions cannot be deleted.",
        });
      return { ret: { code: 0, message: "The contact has been deleted." } };
    }
    default:
      throw new Error(`no run for ${key}`);
  }
}

// ── Pipedream: the app's action components ───────────────────────────────────────────────────────────────────────────

const zohoApp = { name: "zohoBooks", type: "app", app: "zoho_books" };
const organizationId = {
  name: "organization_id",
  type: "string",
  description:
    "In Zoho Books, your business is termed as an organization. The parameter `organization_id` should be sent in with every API request to identify the organization.",
};

const COMPONENTS = [
  {
    key: "zoho_books-list-invoices",
    name: "List Invoices",
    description: "Lists all invoices with pagination.",
    version: "0.2.1",
    component_type: "action",
    configurable_props: [
      { name: "zoho_books", type: "app", app: "zoho_books" },
      organizationId,
      {
        name: "status",
        type: "string",
        optional: true,
        description:
          "Search invoices by invoice status. Allowed Values: `sent`, `draft`, `overdue`, `paid`, `void`, `unpaid`, `partially_paid` and `viewed`",
      },
      { name: "customer_id", type: "string", optional: true, description: "ID of the customer." },
      { name: "page", type: "string", optional: true, description: "By default first page will be listed." },
    ],
  },
  {
    key: "zoho_books-get-invoice",
    name: "Get Invoice",
    description:
      "Gets the details of an invoice. [See the documentation](https://www.zoho.com/books/api/v3/invoices/#get-an-invoice)",
    version: "0.3.0",
    component_type: "action",
    configurable_props: [
      zohoApp,
      {
        name: "invoiceId",
        type: "string",
        label: "Invoice ID",
        description: "ID of the invoice to get details.",
        remoteOptions: true,
      },
    ],
  },
  {
    key: "zoho_books-list-contacts",
    name: "List Contacts",
    description:
      "List all contacts. [See the documentation](https://www.zoho.com/books/api/v3/contacts/#list-contacts)",
    version: "0.3.0",
    component_type: "action",
    configurable_props: [
      zohoApp,
      {
        name: "maxResults",
        type: "integer",
        label: "Max Results",
        optional: true,
        description: "The maximum number of results to return",
      },
    ],
  },
  {
    key: "zoho_books-list-expenses",
    name: "List Expenses",
    description:
      "List all the Expenses. [See the documentation](https://www.zoho.com/books/api/v3/expenses/#list-expenses)",
    version: "0.3.1",
    component_type: "action",
    configurable_props: [
      zohoApp,
      {
        name: "status",
        type: "string",
        label: "Status",
        optional: true,
        description: "Search expenses by status.",
      },
    ],
  },
  {
    key: "zoho_books-get-item",
    name: "Get Item",
    description:
      "Retrieves details of an existing item. [See the documentation](https://www.zoho.com/books/api/v3/items/#get-an-item)",
    version: "0.3.0",
    component_type: "action",
    configurable_props: [
      zohoApp,
      {
        name: "itemId",
        type: "string",
        label: "Item ID",
        description: "ID of the item.",
        remoteOptions: true,
      },
    ],
  },
  {
    key: "zoho_books-create-customer",
    name: "Create Customer",
    description:
      "Creates a new customer. [See the documentation](https://www.zoho.com/books/api/v3/contacts/#create-a-contact)",
    version: "0.3.0",
    component_type: "action",
    configurable_props: [
      zohoApp,
      {
        name: "contactName",
        type: "string",
        label: "Contact Name",
        description: "Display Name of the contact.",
      },
      {
        name: "companyName",
        type: "string",
        label: "Company Name",
        optional: true,
        description: "Company name.",
      },
    ],
  },
  {
    key: "zoho_books-create-customer-payment",
    name: "Create Customer Payment",
    description:
      "Creates a new payment. [See the documentation](https://www.zoho.com/books/api/v3/customer-payments/#create-a-payment)",
    version: "0.3.1",
    component_type: "action",
    configurable_props: [
      zohoApp,
      { name: "customerId", type: "string", label: "Customer ID", remoteOptions: true },
      {
        name: "paymentMode",
        type: "string",
        label: "Payment Mode",
        description: "Mode through which payment is made.",
      },
      {
        name: "amount",
        type: "string",
        label: "Amount",
        description: "Amount paid in the respective payment.",
      },
      {
        name: "date",
        type: "string",
        label: "Date",
        description: "Date on which payment is made. Format [yyyy-mm-dd]",
      },
      {
        name: "invoiceId",
        type: "string",
        label: "Invoice ID",
        description: "ID of the invoice the payment is applied to.",
        remoteOptions: true,
      },
    ],
  },
  {
    key: "zoho_books-delete-contact",
    name: "Delete Contact",
    description:
      "Deletes an existing contact. [See the documentation](https://www.zoho.com/books/api/v3/contacts/#delete-a-contact)",
    version: "0.3.0",
    component_type: "action",
    configurable_props: [
      zohoApp,
      {
        name: "contactId",
        type: "string",
        label: "Contact ID",
        description: "ID of the contact.",
        remoteOptions: true,
      },
    ],
  },
];

const INVOICE_OPTIONS = INVOICES.map((i) => ({
  label: `${i.invoice_number} — ${i.customer_name}`,
  value: i.invoice_id,
}));

// ── The API ──────────────────────────────────────────────────────────────────────────────────────────────────────────

let tokenCounter = 0;
const tokens = new Set<string>();

function pdError(
  res: http.ServerResponse,
  status: number,
  error: string,
  headers: Record<string, string> = {},
) {
  json(res, status, { error }, headers);
}

function oauthToken(res: http.ServerResponse, body: Record<string, unknown>) {
  if (state.invalidClient || body.client_id !== CLIENT_ID || body.client_secret !== CLIENT_SECRET) {
    json(res, 401, {
      error: "invalid_client",
      error_description:
        "Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.",
    });
    return;
  }
  tokenCounter += 1;
  const token = `pdat_${String(tokenCounter).padStart(4, "0")}x8Hq2LmT4vZ9rB7`;
  tokens.add(token);
  json(res, 200, {
    access_token: token,
    token_type: "Bearer",
    expires_in: state.shortTokens ? 2 : 3600,
    created_at: Math.floor(Date.now() / 1000),
  });
}

function account(externalUser: string) {
  return {
    id: "apn_x7hRk2Q",
    name: "books@harborlane-accounting.example",
    external_id: externalUser,
    healthy: true,
    dead: false,
    app: {
      id: "app_1Ovh4Y",
      name_slug: "zoho_books",
      name: "Zoho Books",
      auth_type: "oauth",
      description: "Online accounting software built for small businesses.",
      categories: ["Accounting"],
    },
    created_at: "2026-09-02T08:14:51.000Z",
    updated_at: "2026-12-01T07:55:03.000Z",
  };
}

function actionRun(res: http.ServerResponse, body: Record<string, unknown>) {
  if (state.runRateLimited) {
    pdError(res, 429, "Too many requests. Please retry after 30 seconds.", { "retry-after": "30" });
    return;
  }
  if (state.runServerError) {
    pdError(res, 500, "Internal server error");
    return;
  }
  if (state.runBadGateway) {
    text(res, 502, cloudflare502("api.pipedream.com", "8e1f4c2b9a7d3e60"), "text/html; charset=UTF-8");
    return;
  }
  const answer = () => {
    const key = String(body.id ?? "");
    const props = (body.configured_props ?? {}) as Record<string, unknown>;
    const ts = Date.now();
    try {
      const { ret, summary } = runZohoAction(key, props);
      json(res, 200, { exports: summary ? { $summary: summary } : {}, os: [], ret, stash_id: null });
    } catch (error) {
      if (!(error instanceof ZohoError)) throw error;
      const message = JSON.stringify(error.body);
      json(res, 200, {
        exports: {
          debug: {
            status: error.status,
            statusText: error.statusText,
            headers: { "content-type": "application/json;charset=UTF-8" },
            data: error.body,
          },
        },
        os: [
          {
            ts,
            k: "error",
            err: {
              name: `AxiosError - Request failed with status code ${error.status}`,
              message,
              stack: `AxiosError - Request failed with status code ${error.status}: ${message}\n    at null.settle (/var/task/node_modules/@lambda-v2/component-runtime/node_modules/axios/lib/core/settle.js:19:12)`,
            },
          },
        ],
        ret: null,
        stash_id: null,
      });
    }
  };
  if (state.runSlow) later(15_000, answer);
  else answer();
}

function configure(res: http.ServerResponse, body: Record<string, unknown>) {
  const key = String(body.id ?? "");
  if (!COMPONENTS.some((c) => c.key === key)) {
    pdError(res, 404, `Component not found: ${key}`);
    return;
  }
  const options = body.prop_name === "invoiceId" ? INVOICE_OPTIONS : [];
  json(res, 200, { observations: [], context: null, options, stringOptions: null, errors: [] });
}

function pipedream(req: http.IncomingMessage, url: URL, raw: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  seen.push(`${method} ${url.pathname}${url.search}`);
  if (url.hostname !== "api.pipedream.com") {
    unknownRequests.push(`${method} ${url.href}`);
    text(res, 502, "stand-in: unknown host");
    return;
  }
  const body = parse(raw);
  if (method === "POST" && url.pathname === "/v1/oauth/token") return oauthToken(res, body);

  const auth = String(req.headers.authorization ?? "");
  if (!tokens.has(auth.replace(/^Bearer /, ""))) {
    pdError(res, 401, "Invalid or expired access token");
    return;
  }
  const prefix = `/v1/connect/${PROJECT_ID}`;
  if (!url.pathname.startsWith(prefix)) {
    unknownRequests.push(`${method} ${url.pathname}`);
    pdError(res, 404, "Not found");
    return;
  }
  const route = url.pathname.slice(prefix.length);
  if (method === "GET" && route === "/actions") {
    json(res, 200, {
      page_info: {
        total_count: COMPONENTS.length,
        count: COMPONENTS.length,
        start_cursor: "c3RhcnQ",
        end_cursor: "ZW5k",
      },
      data: COMPONENTS,
    });
    return;
  }
  const one = /^\/components\/([\w-]+)$/.exec(route);
  if (method === "GET" && one) {
    const component = COMPONENTS.find((c) => c.key === one[1]);
    if (!component) pdError(res, 404, `Component not found: ${one[1]}`);
    else json(res, 200, { data: component });
    return;
  }
  if (method === "GET" && route === "/accounts") {
    const user = url.searchParams.get("external_user_id") ?? "";
    const data = user === LINKED_USER ? [account(user)] : [];
    json(res, 200, {
      page_info: { total_count: data.length, count: data.length, start_cursor: null, end_cursor: null },
      data,
    });
    return;
  }
  if (method === "POST" && route === "/tokens") {
    json(res, 200, {
      token: "ctok_4f9a1c7e2b8d6053",
      expires_at: new Date(Date.now() + 4 * 3600 * 1000).toISOString(),
      connect_link_url:
        "https://pipedream.com/_static/connect.html?token=ctok_4f9a1c7e2b8d6053&connectLink=true",
    });
    return;
  }
  if (method === "POST" && route === "/actions/run") return actionRun(res, body);
  if (method === "POST" && route === "/components/configure") return configure(res, body);
  unknownRequests.push(`${method} ${url.pathname}`);
  pdError(res, 404, "Not found");
}

export const pipedreamProxy = forwardProxy(PROXY_PORT, ensureCertificate, pipedream);
export const ALL_STANDINS = [pipedreamProxy];
