// Group r41-b: accounting and invoicing — Zoho Books (invoices, contacts, expenses, items, customer payments) through
// Pipedream's own MCP server (@pipedream/mcp), which turns each of an app's Pipedream action components into a tool
// and runs it through Pipedream Connect for an end user whose Zoho Books account is connected there. No server made
// for an accounting product (FreshBooks, Zoho Books, Sage, Invoice Ninja, Wave, Bexio, Lexoffice, Holded, Moneybird,
// e-conomic, Exact Online, sevDesk, Fortnox) was installable from this machine's registry; README.md says which were
// tried. The server runs behind a loopback stand-in of Pipedream's API (standins.ts).
//
//   (cd scripts/server-corpus/groups/r41-b && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r41-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  CLIENT_ID,
  CLIENT_SECRET,
  DATA,
  LINKED_USER,
  ORG_ID,
  PROJECT_ID,
  PROXY_PORT,
  UNLINKED_USER,
  clearTimers,
  ensureCertificate,
  pipedreamProxy,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@pipedream/mcp": "0.0.1",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const SERVER = "@pipedream/mcp";

function pipedream(label: string, externalUser: string) {
  return stdioServer(label, SERVER, {
    from: FROM,
    cwd: DATA,
    args: ["stdio", "--app", "zoho_books", "--external-user-id", externalUser],
    // Node 20's fetch ignores HTTPS_PROXY; the preload routes it through the stand-in proxy. The OAuth client and
    // project by the server's documented variables.
    env: {
      HOME,
      HTTPS_PROXY: `http://127.0.0.1:${PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
      PIPEDREAM_CLIENT_ID: CLIENT_ID,
      PIPEDREAM_CLIENT_SECRET: CLIENT_SECRET,
      PIPEDREAM_PROJECT_ID: PROJECT_ID,
      PIPEDREAM_PROJECT_ENVIRONMENT: "production",
    },
  });
}

const linked: SessionSpec = {
  label: "r41-b-zoho-books",
  server: SERVER,
  transport: "stdio",
  start: pipedream("r41-b-zoho-books", LINKED_USER),
  steps: [
    step(
      "zb-001",
      "zoho_books-list-invoices",
      { organization_id: ORG_ID },
      "every invoice of the organization",
    ),
    step(
      "zb-002",
      "zoho_books-list-invoices",
      { organization_id: ORG_ID, status: "draft" },
      "draft invoices: there are none",
    ),
    step(
      "zb-003",
      "zoho_books-get-invoice",
      { invoiceId: "4913000000083011" },
      "one overdue invoice in full",
    ),
    step(
      "zb-004",
      "zoho_books-get-invoice",
      { invoiceId: "4913000000083999" },
      "an invoice id that does not exist: the action throws Zoho's 404 {code 1002}, the run answers 200",
    ),
    step(
      "zb-005",
      "zoho_books-get-invoice",
      { invoiceId: "4913000000083999" },
      "the same missing invoice asked again",
    ),
    step("zb-006", "zoho_books-list-contacts", {}, "customers and vendors"),
    step("zb-007", "zoho_books-list-expenses", {}, "recorded expenses"),
    step("zb-008", "zoho_books-get-item", { itemId: "4913000000070015" }, "one service item"),
    step(
      "zb-009",
      "CONFIGURE_COMPONENT",
      { componentKey: "zoho_books-get-invoice", propName: "invoiceId" },
      "the invoice choices for get-invoice's invoiceId (remote options)",
    ),
    step(
      "zb-010",
      "zoho_books-create-customer",
      { contactName: "Alder & Finch Florists", companyName: "Alder & Finch Florists Ltd" },
      "a new customer",
    ),
    step(
      "zb-011",
      "zoho_books-create-customer",
      { contactName: "Harbor Lane Bakery" },
      "a customer whose name is taken: Zoho's 400 {code 3062} inside a 200 run",
    ),
    step(
      "zb-012",
      "zoho_books-create-customer-payment",
      {
        customerId: "4913000000061002",
        paymentMode: "banktransfer",
        amount: "1840.00",
        date: "2026-12-05",
        invoiceId: "4913000000083011",
      },
      "a bank transfer that settles the overdue invoice",
    ),
    step(
      "zb-013",
      "zoho_books-create-customer-payment",
      {
        customerId: "4913000000061017",
        paymentMode: "banktransfer",
        amount: "5000.00",
        date: "2026-12-05",
        invoiceId: "4913000000083045",
      },
      "a payment larger than the invoice's balance: Zoho's 400 {code 24016}",
    ),
    step(
      "zb-014",
      "zoho_books-create-customer-payment",
      {
        customerId: "4913000000061017",
        paymentMode: "cash",
        amount: "250.00",
        date: "2026-12-05",
        invoiceId: "4913000000083045",
      },
      "the connected Zoho user's role may not record payments: Zoho's 401 {code 57}",
      flag("zohoNoPermission"),
    ),
    step(
      "zb-015",
      "zoho_books-delete-contact",
      { contactId: "4913000000061017" },
      "a customer with open invoices cannot be deleted: Zoho's 400 {code 2060}",
    ),
    step(
      "zb-016",
      "zoho_books-list-invoices",
      { customer_id: "4913000000061002" },
      "organization_id left out (the tool's schema requires it)",
    ),
    step("zb-017", "zoho_books-list-bills", { organization_id: ORG_ID }, "a tool the server does not have"),
    step(
      "zb-018",
      "CONFIGURE_COMPONENT",
      { componentKey: "zoho_books-get-bill", propName: "billId" },
      "remote options for a component key Pipedream does not know: 404",
    ),
    step(
      "zb-019",
      "zoho_books-list-contacts",
      { maxResults: 50 },
      "Zoho Books throttles the action's request: 429 {code 45} inside a 200 run",
      flag("zohoThrottled"),
    ),
    step(
      "zb-020",
      "zoho_books-list-expenses",
      { status: "unbilled" },
      "the Zoho Books grant was revoked at Zoho: 401 {code 14} inside a 200 run",
      flag("zohoTokenRevoked"),
    ),
    step(
      "zb-021",
      "zoho_books-get-invoice",
      { invoiceId: "4913000000083045" },
      "Pipedream's API rate-limits the run: 429 with Retry-After 30",
      flag("runRateLimited"),
    ),
    step(
      "zb-022",
      "zoho_books-list-invoices",
      { organization_id: ORG_ID, status: "overdue" },
      "Pipedream's API answers 500 to the run",
      flag("runServerError"),
    ),
    step(
      "zb-023",
      "zoho_books-get-item",
      { itemId: "4913000000070015" },
      "Cloudflare's 502 page in front of Pipedream's API",
      flag("runBadGateway"),
    ),
    step(
      "zb-024",
      "zoho_books-list-contacts",
      {},
      "the run answers 15 s late; the client waits 4 s",
      flag("runSlow", { timeoutMs: 4000 }),
    ),
    step(
      "zb-025",
      "zoho_books-list-invoices",
      { organization_id: ORG_ID, status: "sent" },
      "Pipedream's API unreachable (connection refused at the proxy)",
      down(pipedreamProxy),
    ),
  ],
};

const unlinked: SessionSpec = {
  label: "r41-b-zoho-books-unlinked",
  server: SERVER,
  transport: "stdio",
  start: pipedream("r41-b-zoho-books-unlinked", UNLINKED_USER),
  steps: [
    step(
      "zb-026",
      "zoho_books-list-invoices",
      { organization_id: ORG_ID },
      "an end user with no Zoho Books account connected: the server answers a Connect link",
    ),
  ],
};

const rotated: SessionSpec = {
  label: "r41-b-zoho-books-rotated",
  server: SERVER,
  transport: "stdio",
  // Tokens of 2 seconds from the start of this session, so the SDK asks the token endpoint again mid-session.
  start: async (reporter) => {
    state.shortTokens = true;
    return pipedream("r41-b-zoho-books-rotated", LINKED_USER)(reporter);
  },
  steps: [
    step("zb-027", "zoho_books-list-contacts", {}, "contacts, with a 2-second API token"),
    step(
      "zb-028",
      "zoho_books-list-expenses",
      {},
      "the token has expired and the OAuth client's secret was rotated: the token endpoint answers invalid_client",
      {
        before: async () => {
          await sleep(2500);
          state.invalidClient = true;
        },
        after: async () => {
          state.invalidClient = false;
        },
      },
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [linked, unlinked, rotated];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
