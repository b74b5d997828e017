// Group r9-biz: business SaaS agents call — workflow automation (n8n), task boards (Trello),
// project tracking (Shortcut) and accounting with invoices and payments (Xero) — each behind a
// loopback stand-in that answers with the real API's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r9-biz && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r9-biz

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  N8N_API_KEY,
  N8N_PORT,
  N8N_WEBHOOK_PASSWORD,
  N8N_WEBHOOK_USER,
  SHORTCUT_PROXY_PORT,
  SHORTCUT_TOKEN,
  TRELLO,
  TRELLO_KEY,
  TRELLO_PROXY_PORT,
  TRELLO_TOKEN,
  XERO_IDS,
  XERO_PROXY_PORT,
  XERO_TOKEN,
  clearTimers,
  ensureCertificate,
  n8nStandin,
  shortcutStandin,
  state,
  trelloStandin,
  xeroStandin,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@leonardsellem/n8n-mcp-server": "0.1.8",
  "@delorenj/mcp-server-trello": "1.8.1",
  "@shortcut/mcp": "0.25.0",
  "@xeroapi/xero-mcp-server": "0.0.17",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

/** Trust for the stand-in certificate, and a proxy that answers as the API. */
function proxied(port: number): Record<string, string> {
  return {
    HTTPS_PROXY: `http://127.0.0.1:${port}`,
    NODE_EXTRA_CA_CERTS: CERT,
    HOME: path.join(DATA, "home"),
  };
}

// ------------------------------------------------------------------------------------------ n8n

const n8n: SessionSpec = {
  label: "r9-biz-n8n",
  server: "@leonardsellem/n8n-mcp-server",
  transport: "stdio",
  start: stdioServer("r9-biz-n8n", "@leonardsellem/n8n-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      N8N_API_URL: `http://127.0.0.1:${N8N_PORT}/api/v1`,
      N8N_API_KEY,
      N8N_WEBHOOK_USERNAME: N8N_WEBHOOK_USER,
      N8N_WEBHOOK_PASSWORD,
      HOME: path.join(DATA, "home"),
    },
  }),
  steps: [
    step("n8n-001", "list_workflows", {}, "list the workflows"),
    step(
      "n8n-002",
      "list_workflows",
      { active: false },
      "list only the inactive workflows (the filter is ignored)",
    ),
    step("n8n-003", "get_workflow", { workflowId: "Kq3vT8wY2mZp5LxA" }, "get the order-intake workflow"),
    step(
      "n8n-004",
      "get_workflow",
      { workflowId: "Zz9xX8wW7vV6uU5t" },
      "get a workflow id that does not exist",
    ),
    step(
      "n8n-005",
      "get_workflow",
      { workflowId: "Zz9xX8wW7vV6uU5t" },
      "the same missing workflow again, unchanged",
    ),
    step(
      "n8n-006",
      "create_workflow",
      {
        name: "Refund approvals → Slack",
        nodes: [
          {
            name: "Webhook",
            type: "n8n-nodes-base.webhook",
            typeVersion: 2,
            position: [240, 300],
            parameters: { httpMethod: "POST", path: "refund-approval" },
          },
        ],
        connections: {},
      },
      "create a workflow with one webhook node",
    ),
    step(
      "n8n-007",
      "create_workflow",
      { name: "Empty draft", connections: {} },
      "create a workflow without its nodes",
    ),
    step(
      "n8n-008",
      "activate_workflow",
      { workflowId: "Hp5dM1sV6tRw8JyC" },
      "activate a workflow that has no trigger node",
    ),
    step("n8n-009", "deactivate_workflow", { workflowId: "Rw7nB2cX9kLq4HsD" }, "deactivate the nightly sync"),
    step(
      "n8n-010",
      "list_executions",
      { workflowId: "Kq3vT8wY2mZp5LxA", status: "error" },
      "failed executions of the order-intake workflow",
    ),
    step(
      "n8n-011",
      "list_executions",
      { workflowId: "Hp5dM1sV6tRw8JyC" },
      "executions of a workflow that never ran",
    ),
    step("n8n-012", "get_execution", { executionId: "48207" }, "details of an execution that failed"),
    step("n8n-013", "get_execution", { executionId: "99999" }, "an execution id that does not exist"),
    step(
      "n8n-014",
      "run_webhook",
      { workflowName: "order-intake", data: { orderId: "ORD-20431", amount: 4900, card: "tok_visa" } },
      "run the order-intake webhook",
    ),
    step(
      "n8n-015",
      "run_webhook",
      {
        workflowName: "order-intake",
        data: { orderId: "ORD-20432", amount: 12900, card: "tok_chargeDeclinedInsufficientFunds" },
      },
      "run the order-intake webhook; the workflow answers 200 with the card decline",
    ),
    step(
      "n8n-016",
      "run_webhook",
      { workflowName: "refund-approval", data: { refundId: "re_1" } },
      "run a webhook whose workflow is not active (not registered)",
    ),
    step(
      "n8n-017",
      "run_webhook",
      { workflowName: "invoice-pdf", data: { invoice: "INV-0412" } },
      "run a webhook whose workflow fails (500 Error in workflow)",
    ),
    step(
      "n8n-018",
      "list_workflows",
      {},
      "list workflows after the API key was deleted",
      flag("n8nKeyRevoked"),
    ),
    step(
      "n8n-019",
      "list_executions",
      {},
      "list executions while the reverse proxy answers 502",
      flag("n8nBadGateway"),
    ),
    step(
      "n8n-020",
      "get_workflow",
      { workflowId: "Rw7nB2cX9kLq4HsD" },
      "a workflow that takes the API 15 s (the server's own 10 s timeout fires first)",
      { timeoutMs: 20_000 },
    ),
    step("n8n-021", "retry_execution", { executionId: "48207" }, "a tool the server does not have"),
    step("n8n-022", "list_workflows", {}, "list workflows while n8n is stopped", down(n8nStandin)),
    step(
      "n8n-023",
      "get_workflow",
      { id: "Kq3vT8wY2mZp5LxA" },
      "get a workflow with the id under the wrong argument name (id, not workflowId)",
    ),
    step(
      "n8n-024",
      "get_workflow",
      { workflowId: "Rw7nB2cX9kLq4HsD" },
      "a slow workflow fetch; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// --------------------------------------------------------------------------------------- Trello

const [CARD_WEBHOOKS, CARD_DUNNING, CARD_PRICING] = [
  "6745b2c19e3f8a0d4c7b2a11",
  "6745b2c19e3f8a0d4c7b2a12",
  "6745b2c19e3f8a0d4c7b2a13",
];
const MISSING_CARD = "6745b2c19e3f8a0d4c7bffff";

const trello: SessionSpec = {
  label: "r9-biz-trello",
  server: "@delorenj/mcp-server-trello",
  transport: "stdio",
  start: stdioServer("r9-biz-trello", "@delorenj/mcp-server-trello", {
    from: FROM,
    cwd: DATA,
    env: {
      TRELLO_API_KEY: TRELLO_KEY,
      TRELLO_TOKEN,
      TRELLO_BOARD_ID: TRELLO.board,
      ...proxied(TRELLO_PROXY_PORT),
    },
  }),
  steps: [
    step("trl-001", "list_boards", {}, "list the boards"),
    step("trl-002", "get_lists", {}, "the lists of the default board"),
    step("trl-003", "get_cards_by_list_id", { listId: TRELLO.lists.backlog }, "cards in Backlog"),
    step("trl-004", "get_cards_by_list_id", { listId: TRELLO.lists.review }, "cards in In Review (none)"),
    step("trl-005", "get_card", { cardId: MISSING_CARD }, "a card id that does not exist"),
    step("trl-006", "get_card", { cardId: MISSING_CARD }, "the same missing card again, unchanged"),
    step("trl-007", "get_card", { cardId: "Q4 pricing page" }, "a card name given as its id"),
    step(
      "trl-008",
      "add_card_to_list",
      {
        listId: TRELLO.lists.doing,
        name: "Refund flow: partial refunds",
        description: "Support partial refunds from the admin panel",
        dueDate: "2026-12-18T17:00:00Z",
      },
      "add a card to In Progress",
    ),
    step(
      "trl-009",
      "add_card_to_list",
      { listId: TRELLO.lists.doing, name: "Tax ID validation", dueDate: "next friday" },
      "add a card with a due date Trello cannot parse",
    ),
    step(
      "trl-010",
      "add_cards_to_list",
      {
        listId: TRELLO.lists.backlog,
        cards: [
          { name: "Chargeback evidence upload" },
          { name: "Invoice numbering per entity", labels: ["6745b2c19e3f8a0d4c7b1fff"] },
          { name: "SEPA mandate emails" },
        ],
      },
      "add three cards, one with a label id that does not exist",
    ),
    step("trl-011", "archive_card", { cardId: CARD_WEBHOOKS }, "archive a card"),
    step("trl-012", "get_board_custom_fields", {}, "custom fields of the board (none defined)"),
    step(
      "trl-013",
      "get_board_members",
      { boardId: TRELLO.otherBoard },
      "members of a board the token has no access to",
    ),
    step("trl-014", "add_comment", { cardId: CARD_PRICING, text: "" }, "add an empty comment"),
    step(
      "trl-015",
      "get_recent_activity",
      { limit: 5 },
      "recent activity while the token is over its rate limit (429; the server retries)",
      flag("trelloRateLimited"),
    ),
    step("trl-016", "get_lists", {}, "the lists while Trello answers 503", flag("trelloUnavailable")),
    step("trl-017", "list_boards", {}, "list boards after the token was revoked", flag("trelloTokenRevoked")),
    step(
      "trl-018",
      "get_card",
      { cardId: CARD_DUNNING },
      "a card that takes the API 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("trl-019", "get_cards_by_list_id", {}, "cards of a list without the required listId"),
    step("trl-020", "delete_card", { cardId: CARD_PRICING }, "a tool the server does not have"),
    step(
      "trl-021",
      "list_boards",
      {},
      "list boards while the API cannot be reached (proxy stopped)",
      down(trelloStandin),
    ),
    step(
      "trl-022",
      "get_card",
      { cardId: CARD_DUNNING },
      "a slow card fetch; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ------------------------------------------------------------------------------------- Shortcut

const shortcut: SessionSpec = {
  label: "r9-biz-shortcut",
  server: "@shortcut/mcp",
  transport: "stdio",
  start: stdioServer("r9-biz-shortcut", "@shortcut/mcp", {
    from: FROM,
    cwd: DATA,
    env: { SHORTCUT_API_TOKEN: SHORTCUT_TOKEN, ...proxied(SHORTCUT_PROXY_PORT) },
  }),
  steps: [
    step("sc-001", "users-get-current", {}, "the current user"),
    step("sc-002", "stories-search", { name: "invoice" }, "stories whose name contains 'invoice'"),
    step(
      "sc-003",
      "stories-search",
      { name: "chargeback arbitration" },
      "stories matching a name nobody used",
    ),
    step("sc-004", "stories-get-by-id", { storyPublicId: 1841 }, "story sc-1841"),
    step("sc-005", "stories-get-by-id", { storyPublicId: 99999 }, "a story id that does not exist"),
    step("sc-006", "stories-get-by-id", { storyPublicId: 99999 }, "the same missing story again, unchanged"),
    step("sc-007", "stories-get-by-id", { storyPublicId: "sc-1841" }, "a story id given as a string"),
    step(
      "sc-008",
      "stories-search",
      { state: "Blocked", team: "billing" },
      "stories in a workflow state the workspace does not have",
    ),
    step(
      "sc-009",
      "stories-create",
      {
        name: "Send receipt emails for partial refunds",
        type: "feature",
        team: "6748f2b0-1111-4a2b-8c3d-4e5f6a7b8c9d",
      },
      "create a story for the Billing team",
    ),
    step(
      "sc-010",
      "stories-create",
      { name: "Reconcile Stripe payouts nightly" },
      "create a story with neither team nor workflow",
    ),
    step(
      "sc-011",
      "stories-update",
      { storyPublicId: 1842, workflow_state_id: 500000077 },
      "move a story to a workflow state of another workflow",
    ),
    step(
      "sc-012",
      "stories-create-comment",
      { storyPublicId: 1850, text: "Proration preview verified against Stripe's upcoming-invoice API." },
      "comment on a story",
    ),
    step(
      "sc-013",
      "labels-create",
      { name: "billing", color: "#e7a8f4" },
      "create a label that already exists",
    ),
    step("sc-014", "iterations-get-active", {}, "the active iterations of my teams"),
    step(
      "sc-015",
      "stories-search",
      { name: "proration" },
      "search while the API answers 429 (rate limit)",
      flag("shortcutRateLimited"),
    ),
    step(
      "sc-016",
      "stories-get-by-id",
      { storyPublicId: 1850 },
      "get a story while the API answers 500",
      flag("shortcutServerError"),
    ),
    step(
      "sc-017",
      "stories-get-by-id",
      { storyPublicId: 1842 },
      "get a story while a maintenance page answers HTTP 200 HTML",
      flag("shortcutMaintenancePage"),
    ),
    step(
      "sc-018",
      "stories-get-by-id",
      { storyPublicId: 1841 },
      "get a story after the API token was revoked",
      flag("shortcutTokenRevoked"),
    ),
    step(
      "sc-019",
      "stories-search",
      { name: "pricing" },
      "a search that takes the API 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("sc-020", "stories-delete", { storyPublicId: 1842 }, "a tool the server does not have"),
    step(
      "sc-021",
      "stories-search",
      { name: "refund" },
      "search stories while the API cannot be reached (proxy stopped)",
      down(shortcutStandin),
    ),
  ],
};

// ----------------------------------------------------------------------------------------- Xero

const LINE = {
  description: "Interior design consultancy, December",
  quantity: 12,
  unitAmount: 95,
  accountCode: "200",
  taxType: "OUTPUT2",
};

const xero: SessionSpec = {
  label: "r9-biz-xero",
  server: "@xeroapi/xero-mcp-server",
  transport: "stdio",
  start: stdioServer("r9-biz-xero", "@xeroapi/xero-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: { XERO_CLIENT_BEARER_TOKEN: XERO_TOKEN, ...proxied(XERO_PROXY_PORT) },
  }),
  steps: [
    step("xro-001", "list-organisation-details", {}, "details of the connected organisation"),
    step("xro-002", "list-contacts", { searchTerm: "Ridgeway" }, "contacts matching 'Ridgeway'"),
    step("xro-003", "list-contacts", { searchTerm: "Qwxzy Holdings" }, "contacts matching a name nobody has"),
    step("xro-004", "list-invoices", { page: 1 }, "the first page of invoices"),
    step(
      "xro-005",
      "list-invoices",
      { page: 1, invoiceNumbers: ["INV-9999"] },
      "an invoice number that does not exist",
    ),
    step(
      "xro-006",
      "create-invoice",
      { contactId: XERO_IDS.contactRidgeway, type: "ACCREC", lineItems: [LINE] },
      "create a sales invoice; the Organisation endpoint fails right after the write (deep link)",
      flag("xeroOrgBreaksAfterWrite"),
    ),
    step(
      "xro-007",
      "create-invoice",
      { contactId: XERO_IDS.contactHalden, type: "ACCREC", lineItems: [LINE], reference: "HV-DEC" },
      "create a sales invoice",
    ),
    step(
      "xro-008",
      "create-invoice",
      { contactId: XERO_IDS.contactHalden, type: "ACCREC", lineItems: [{ ...LINE, accountCode: "9999" }] },
      "create an invoice with an account code that does not exist",
    ),
    step(
      "xro-009",
      "create-payment",
      { invoiceId: XERO_IDS.invoiceAuthorised, accountId: XERO_IDS.accountBank, amount: 5000 },
      "pay more than the amount outstanding on an invoice",
    ),
    step(
      "xro-010",
      "create-payment",
      {
        invoiceId: XERO_IDS.invoiceAuthorised,
        accountId: XERO_IDS.accountBank,
        amount: 1200,
        reference: "BACS HALDEN",
      },
      "record a part payment of an approved invoice",
    ),
    step(
      "xro-011",
      "create-payment",
      { invoiceId: XERO_IDS.invoiceAuthorised, accountId: XERO_IDS.accountBank, amount: -50 },
      "a negative payment amount",
    ),
    step(
      "xro-012",
      "update-invoice",
      { invoiceId: XERO_IDS.invoicePaid, reference: "PO-7781" },
      "change the reference of a paid invoice",
    ),
    step(
      "xro-013",
      "update-invoice",
      { invoiceId: "00000000-1111-4222-8333-444444444444", reference: "PO-7781" },
      "update an invoice id that does not exist",
    ),
    step("xro-014", "list-payments", { page: 1 }, "the payments"),
    step("xro-015", "list-accounts", {}, "the chart of accounts"),
    step(
      "xro-016",
      "list-profit-and-loss",
      { fromDate: "2026-11-01", toDate: "2026-11-30" },
      "profit and loss for November",
    ),
    step(
      "xro-017",
      "list-invoices",
      { page: 1 },
      "invoices after the access token expired",
      flag("xeroTokenExpired"),
    ),
    step(
      "xro-018",
      "list-contacts",
      {},
      "contacts while the tenant is over its minute limit (429 on /connections)",
      flag("xeroRateLimited"),
    ),
    step(
      "xro-019",
      "list-accounts",
      {},
      "accounts while the tenant is over its daily limit (429 on the Accounts endpoint)",
      flag("xeroApiRateLimited"),
    ),
    step(
      "xro-020",
      "list-payments",
      { page: 1 },
      "payments after the user disconnected the organisation (connections [])",
      flag("xeroDisconnected"),
    ),
    step(
      "xro-021",
      "list-organisation-details",
      {},
      "organisation details during scheduled maintenance (503 on /connections)",
      flag("xeroMaintenance"),
    ),
    step(
      "xro-022",
      "list-invoices",
      { page: 1, contactIds: ["Halden"] },
      "invoices that take the API 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("xro-023", "void-invoice", { invoiceId: XERO_IDS.invoiceDraft }, "a tool the server does not have"),
    step(
      "xro-024",
      "list-accounts",
      {},
      "accounts while Xero cannot be reached (proxy stopped)",
      down(xeroStandin),
    ),
    step(
      "xro-025",
      "list-invoices",
      { page: 1, contactIds: ["Halden"] },
      "a slow invoice list; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [n8n, trello, shortcut, xero];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(path.join(DATA, "home"), { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
