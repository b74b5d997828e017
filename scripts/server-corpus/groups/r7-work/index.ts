// Group r7-work: team and business tools — a task board (Todoist), a support desk (Freshdesk), a CRM
// (Attio) and a spreadsheet database (NocoDB) — behind loopback stand-ins that answer with the real
// APIs' bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r7-work && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r7-work

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec, type Step } from "../../harness.js";
import { killMidCall, step } from "../../steps.js";
import {
  ATTIO_PORT,
  ATTIO_TOKEN,
  DATA,
  FRESHDESK_CERT,
  FRESHDESK_KEY_VALUE,
  FRESHDESK_MCP_PORT,
  FRESHDESK_PORT,
  NOCODB_BASE,
  NOCODB_PORT,
  NOCODB_TOKEN,
  TODOIST_PORT,
  TODOIST_TOKEN,
  attioStandin,
  freshdeskStandin,
  nocodbStandin,
  state,
  todoistStandin,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@doist/todoist-mcp": "11.0.0",
  "freshdesk-mcp": "1.1.1",
  "attio-mcp": "1.6.1",
  "nocodb-mcp-server": "1.0.24",
};

/** Sets a stand-in state flag for one call. */
function during(flag: keyof typeof state): Partial<Step> {
  return {
    before: async () => {
      state[flag] = true;
    },
    after: async () => {
      state[flag] = false;
    },
  };
}

/** Stops a stand-in for one call (nothing listens on its port), then starts it again. */
function down(
  standin: { start(): Promise<void>; stop(): Promise<void> },
  extra: Partial<Step> = {},
): Partial<Step> {
  return {
    ...extra,
    before: async () => {
      await standin.stop();
      await sleep(300);
    },
    after: async () => {
      await standin.start();
    },
  };
}

// ---------------------------------------------------------------------------------------- Todoist

const TD_OFFICE = "6Jf8VQXxpwv56VQ8";
const TD_INVOICES = "6Jf8VQXxpwv56VQ9";

const todoist: SessionSpec = {
  label: "r7-work-todoist",
  server: "@doist/todoist-mcp",
  transport: "stdio",
  start: stdioServer("r7-work-todoist", "@doist/todoist-mcp", {
    from: FROM,
    cwd: DATA,
    bin: "todoist-mcp",
    env: { TODOIST_API_KEY: TODOIST_TOKEN, TODOIST_BASE_URL: `http://127.0.0.1:${TODOIST_PORT}` },
  }),
  steps: [
    step("td-001", "user-info", {}, "who the token belongs to"),
    step("td-002", "find-projects", {}, "list the projects"),
    step("td-003", "find-tasks", { searchText: "invoice" }, "search tasks for a word two of them have"),
    step("td-004", "find-tasks", { searchText: "zeppelin" }, "search tasks for a word none has"),
    step("td-005", "fetch-object", { type: "task", id: "6Xqm2RgV4cJ8pWh1" }, "fetch one task by id"),
    step(
      "td-006",
      "fetch-object",
      { type: "task", id: "6XnoSuchTask0000" },
      "fetch a task id that does not exist",
    ),
    step(
      "td-007",
      "fetch-object",
      { type: "task", id: "6XnoSuchTask0000" },
      "the same missing task again, unchanged",
    ),
    step(
      "td-008",
      "add-tasks",
      { tasks: [{ content: "Renew the office domain", dueString: "next Friday", projectId: TD_INVOICES }] },
      "add a task with a due date",
    ),
    step(
      "td-009",
      "add-tasks",
      { tasks: [{ content: "Label the moving boxes", projectId: TD_OFFICE }] },
      "add a task to a project that is at the per-project task limit",
    ),
    step(
      "td-010",
      "add-tasks",
      { tasks: [{ content: "Sign the lease", projectId: "6JnoSuchProj0000" }] },
      "add a task to a project id that does not exist",
    ),
    step("td-011", "find-tasks-by-date", { startDate: "2026-13-45" }, "tasks due on a date with month 13"),
    step(
      "td-012",
      "complete-tasks",
      { ids: ["6Xqm2RgV4cJ8pWh2", "6XnoSuchTask0000"] },
      "complete two tasks, one of which does not exist",
    ),
    step(
      "td-013",
      "find-completed-tasks",
      { since: "2026-01-01", until: "2026-12-01" },
      "completed tasks over eleven months (the API allows three)",
    ),
    step("td-014", "find-tasks", { searchText: "invoice", limit: "ten" }, "limit given as a word"),
    step(
      "td-015",
      "update-tasks",
      { tasks: [{ id: "6Xqm2RgV4cJ8pWh4", priority: "p9" }] },
      "a priority outside p1–p4",
    ),
    step("td-016", "archive-everything", {}, "a tool the server does not have"),
    step(
      "td-017",
      "find-projects",
      { searchText: "invoices" },
      "search projects while Todoist rate-limits (429, Retry-After)",
      during("todoistRateLimited"),
    ),
    step(
      "td-018",
      "find-projects",
      { searchText: "invoices" },
      "the same search again right away, still rate-limited",
      during("todoistRateLimited"),
    ),
    step(
      "td-019",
      "user-info",
      {},
      "who the token belongs to after it was revoked",
      during("todoistTokenRevoked"),
    ),
    step(
      "td-020",
      "get-overview",
      {},
      "overview while Todoist's edge answers 503 (HTML)",
      during("todoistUnavailable"),
    ),
    step(
      "td-021",
      "find-tasks",
      { searchText: "slowboard" },
      "a search Todoist answers after 15 s; the client waits 3 s",
      {
        timeoutMs: 3000,
      },
    ),
    step("td-022", "find-projects", {}, "list projects while Todoist is unreachable", down(todoistStandin)),
  ],
};

// -------------------------------------------------------------------------------------- Freshdesk

const FRESHDESK_ENV = {
  FRESHDESK_API_KEY: FRESHDESK_KEY_VALUE,
  FRESHDESK_DOMAIN: `127.0.0.1:${FRESHDESK_PORT}`,
  NODE_EXTRA_CA_CERTS: FRESHDESK_CERT,
};

const freshdesk: SessionSpec = {
  label: "r7-work-freshdesk",
  server: "freshdesk-mcp",
  transport: "stdio",
  start: stdioServer("r7-work-freshdesk", "freshdesk-mcp", { from: FROM, cwd: DATA, env: FRESHDESK_ENV }),
  steps: [
    step("fd-001", "get_tickets", { per_page: 5 }, "list tickets"),
    step("fd-002", "get_ticket", { ticket_id: 1042 }, "get one ticket"),
    step(
      "fd-003",
      "search_tickets",
      { query: '"priority:4 AND status:2"' },
      "search urgent open tickets (query in double quotes)",
    ),
    step("fd-004", "search_tickets", { query: "\"tag:'zeppelin'\"" }, "search tickets for a tag none has"),
    step(
      "fd-005",
      "search_tickets",
      { query: "priority:4 AND status:2" },
      "the same search without the double quotes Freshdesk requires",
    ),
    step("fd-006", "get_ticket", { ticket_id: 99999 }, "get a ticket id that does not exist"),
    step("fd-007", "get_ticket", { ticket_id: 99999 }, "the same missing ticket again, unchanged"),
    step(
      "fd-008",
      "create_ticket",
      { ticket: { subject: "Printer on floor 3 jams" } },
      "create a ticket without any requester",
    ),
    step(
      "fd-009",
      "create_ticket",
      {
        ticket: {
          subject: "Printer on floor 3 jams",
          description: "Jams on every duplex job.",
          email: "lee.park@northwind.example",
          priority: 2,
          status: 2,
        },
      },
      "create a ticket",
    ),
    step(
      "fd-010",
      "update_ticket",
      { ticket_id: 1043, ticket: { status: 9 } },
      "set a status code that does not exist",
    ),
    step("fd-011", "get_tickets", { page: 400 }, "page 400 of the ticket list (Freshdesk stops at 300)"),
    step("fd-012", "list_contacts", { email: "not-an-email" }, "filter contacts by a malformed e-mail"),
    step("fd-013", "get_tickets", { per_page: 500 }, "per_page above the maximum of 100"),
    step("fd-014", "delete_ticket", { ticket_id: 1044 }, "delete a ticket as an agent without the privilege"),
    step("fd-015", "view_account", {}, "view the account (admin only) as an agent"),
    step("fd-016", "close_all_tickets", {}, "a tool the server does not have"),
    step(
      "fd-017",
      "get_tickets",
      { per_page: 5 },
      "list tickets while the helpdesk rate-limits (429, Retry-After)",
      during("freshdeskRateLimited"),
    ),
    step(
      "fd-018",
      "get_tickets",
      { per_page: 5 },
      "list tickets after the API key was reset",
      during("freshdeskKeyInvalid"),
    ),
    step(
      "fd-019",
      "get_ticket",
      { ticket_id: 1043 },
      "get a ticket during scheduled maintenance (503 HTML page)",
      during("freshdeskMaintenance"),
    ),
    step(
      "fd-020",
      "get_ticket",
      { ticket_id: 1099 },
      "a ticket Freshdesk answers after 15 s; the client waits 3 s",
      {
        timeoutMs: 3000,
      },
    ),
    step(
      "fd-021",
      "get_ticket",
      { ticket_id: 1042 },
      "get a ticket while the helpdesk is unreachable",
      down(freshdeskStandin),
    ),
  ],
};

const freshdeskHttp: SessionSpec = {
  label: "r7-work-freshdesk-http",
  server: "freshdesk-mcp",
  transport: "http",
  start: httpServer("r7-work-freshdesk-http", "freshdesk-mcp", {
    from: FROM,
    port: FRESHDESK_MCP_PORT,
    path: "/mcp",
    env: { ...FRESHDESK_ENV, MCP_TRANSPORT: "http", PORT: String(FRESHDESK_MCP_PORT) },
  }),
  steps: [
    step("fdh-001", "get_ticket", { ticket_id: 1044 }, "get one ticket over Streamable HTTP"),
    step("fdh-002", "get_ticket", { ticket_id: 99999 }, "get a ticket id that does not exist, over HTTP"),
    step(
      "fdh-003",
      "get_ticket",
      { ticket_id: 1099 },
      "a slow ticket; the MCP server process is killed mid-call (the client waits 10 s)",
      { ...killMidCall, timeoutMs: 10_000 },
    ),
    step(
      "fdh-004",
      "get_tickets",
      { per_page: 5 },
      "list tickets after the MCP server was restarted (session gone)",
      {
        before: async (live) => {
          await live.restart?.();
        },
      },
    ),
    step("fdh-005", "get_tickets", { per_page: 5 }, "the same call again, unchanged"),
  ],
};

// ------------------------------------------------------------------------------------------ Attio

const ATTIO_NORTHWIND = "b3d2a1c0-5e4f-4a3b-9c8d-0e1f2a3b4c51";
const ATTIO_MISSING = "b3d2a1c0-5e4f-4a3b-9c8d-0e1f2a3b4c99";
const ATTIO_DEAL = "e4f5a6b7-8c9d-4e0f-a1b2-c3d4e5f6a701";

const attio: SessionSpec = {
  label: "r7-work-attio",
  server: "attio-mcp",
  transport: "stdio",
  start: stdioServer("r7-work-attio", "attio-mcp", {
    from: FROM,
    cwd: DATA,
    bin: "attio-mcp",
    env: { ATTIO_API_KEY: ATTIO_TOKEN, ATTIO_BASE_URL: `http://127.0.0.1:${ATTIO_PORT}/v2` },
  }),
  steps: [
    step(
      "at-001",
      "search_records",
      { resource_type: "companies", query: "Northwind" },
      "search companies by name",
    ),
    step(
      "at-002",
      "search_records",
      { resource_type: "companies", query: "Zeppelin" },
      "search companies for a name none has",
    ),
    step(
      "at-003",
      "get_record_details",
      { resource_type: "companies", record_id: ATTIO_NORTHWIND },
      "get one company by record id",
    ),
    step(
      "at-004",
      "get_record_details",
      { resource_type: "companies", record_id: ATTIO_MISSING },
      "get a company record id that does not exist",
    ),
    step(
      "at-005",
      "get_record_details",
      { resource_type: "companies", record_id: ATTIO_MISSING },
      "the same missing company again, unchanged",
    ),
    step(
      "at-006",
      "get_record_details",
      { resource_type: "companies", record_id: "not-a-uuid" },
      "a record id that is not a UUID",
    ),
    step(
      "at-007",
      "create_company",
      { record_data: { name: "Globex Fasteners", domains: ["globex.example"] } },
      "create a company",
    ),
    step(
      "at-008",
      "create_company",
      { record_data: { name: "Acme Hinges GmbH", domains: ["acmehinges.example"] } },
      "create a company whose domain another company already has (unique attribute)",
    ),
    step(
      "at-009",
      "create_company",
      { record_data: { name: "Initech", industry: "Manufacturing" } },
      "create a company with an attribute the workspace does not have",
    ),
    step(
      "at-010",
      "batch_records",
      {
        resource_type: "companies",
        operations: [
          { operation: "create", record_data: { name: "Hooli Hardware", domains: ["hooli.example"] } },
          { operation: "create", record_data: { name: "Acme Hinges GmbH", domains: ["acmehinges.example"] } },
        ],
      },
      "create two companies in one batch; the second's domain is taken",
    ),
    step(
      "at-011",
      "update_deal",
      { record_id: ATTIO_DEAL, record_data: { stage: "Won" } },
      "move a deal to a stage title the pipeline does not have ('Won' vs 'Won 🎉')",
    ),
    step(
      "at-012",
      "update_deal",
      { record_id: ATTIO_DEAL, record_data: { stage: "In Progress" } },
      "move a deal to an existing stage",
    ),
    step(
      "at-013",
      "create_note",
      {
        resource_type: "companies",
        record_id: ATTIO_NORTHWIND,
        title: "Call notes",
        content: "Asked for a quote on 40mm hinges.",
      },
      "add a note to a company",
    ),
    step(
      "at-014",
      "create_note",
      {
        resource_type: "companies",
        record_id: ATTIO_MISSING,
        title: "Call notes",
        content: "Asked for a quote.",
      },
      "add a note to a company that does not exist",
    ),
    step("at-015", "list-workspace-members", {}, "list the workspace members"),
    step("at-016", "search", { query: "Acme", type: "vendors" }, "search with a type outside the enum"),
    step("at-017", "delete_everything", {}, "a tool the server does not have"),
    step(
      "at-018",
      "search_records",
      { resource_type: "companies", query: "Acme" },
      "search while Attio rate-limits (429, Retry-After)",
      during("attioRateLimited"),
    ),
    step(
      "at-019",
      "search_records",
      { resource_type: "companies", query: "Acme" },
      "search after the access token was revoked",
      during("attioTokenRevoked"),
    ),
    step(
      "at-020",
      "get_record_details",
      { resource_type: "companies", record_id: "b3d2a1c0-5e4f-4a3b-9c8d-0e1f2a3b4c52" },
      "get a company while Attio has an internal error (500)",
      during("attioOutage"),
    ),
    step(
      "at-021",
      "search_records",
      { resource_type: "companies", query: "Globex" },
      "search while Attio is unreachable",
      down(attioStandin),
    ),
  ],
};

// ----------------------------------------------------------------------------------------- NocoDB

const nocodb: SessionSpec = {
  label: "r7-work-nocodb",
  server: "nocodb-mcp-server",
  transport: "stdio",
  start: stdioServer("r7-work-nocodb", "nocodb-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      NOCODB_URL: `http://127.0.0.1:${NOCODB_PORT}`,
      NOCODB_BASE_ID: NOCODB_BASE,
      NOCODB_API_TOKEN: NOCODB_TOKEN,
    },
  }),
  steps: [
    step("nc-001", "nocodb-get-list-tables", {}, "list the base's tables"),
    step("nc-002", "nocodb-get-records", { tableName: "Customers", limit: 5 }, "read customers"),
    step(
      "nc-003",
      "nocodb-get-records",
      { tableName: "Customers", filters: "(Country,eq,Atlantis)" },
      "customers in a country none is in",
    ),
    step("nc-004", "nocodb-get-records", { tableName: "Custmers" }, "read a misspelt table name"),
    step(
      "nc-005",
      "nocodb-get-records",
      { tableName: "Custmers" },
      "the same misspelt table again, unchanged",
    ),
    step(
      "nc-006",
      "nocodb-get-records",
      { tableName: "Customers", offset: 500 },
      "an offset past the last of three rows",
    ),
    step(
      "nc-007",
      "nocodb-get-records",
      { tableName: "Customers", filters: "(Country eq Germany" },
      "a malformed where expression",
    ),
    step(
      "nc-008",
      "nocodb-post-records",
      { tableName: "Orders", data: { Customer: "Northwind Traders", Total: 412.5 } },
      "insert an order",
    ),
    step(
      "nc-009",
      "nocodb-patch-records",
      { tableName: "Customers", rowId: 999, data: { Country: "Portugal" } },
      "update a row id that does not exist",
    ),
    step(
      "nc-010",
      "nocodb-patch-records",
      { tableName: "Customers", rowId: 2, data: "{Country: Portugal}" },
      "update with data that is a string but not JSON",
    ),
    step("nc-011", "nocodb-delete-records", { tableName: "Customers", rowId: 3 }, "delete a row"),
    step("nc-012", "nocodb-get-table-metadata", { tableName: "Orders" }, "describe a table"),
    step(
      "nc-013",
      "nocodb-create-table",
      { tableName: "Invoices", data: [{ title: "Amount", uidt: "Currency" }] },
      "create a table with a column type outside the enum",
    ),
    step("nc-014", "nocodb-get-records", { tableName: "Customers", limit: "five" }, "limit given as a word"),
    step("nc-015", "nocodb-drop-base", {}, "a tool the server does not have"),
    step(
      "nc-016",
      "nocodb-get-list-tables",
      {},
      "list tables after the API token was deleted",
      during("nocodbTokenInvalid"),
    ),
    step(
      "nc-017",
      "nocodb-get-records",
      { tableName: "Customers" },
      "read while the reverse proxy in front of NocoDB answers 502",
      during("nocodbProxyDown"),
    ),
    step(
      "nc-018",
      "nocodb-get-records",
      { tableName: "Orders" },
      "read while NocoDB rate-limits (429, Retry-After)",
      during("nocodbRateLimited"),
    ),
    step(
      "nc-019",
      "nocodb-get-records",
      { tableName: "Products" },
      "a table NocoDB answers after 15 s; the client waits 3 s",
      {
        timeoutMs: 3000,
      },
    ),
    step(
      "nc-020",
      "nocodb-get-list-tables",
      {},
      "list tables while NocoDB is unreachable",
      down(nocodbStandin),
    ),
    step(
      "nc-021",
      "nocodb-get-records",
      { tableName: "Products" },
      "read the slow table; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [todoist, freshdesk, freshdeskHttp, attio, nocodb];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(path.join(DATA, "home"), { recursive: true });
  fs.rmSync(path.join(DATA, "standins.log"), { force: true });
  await Promise.all([
    todoistStandin.start(),
    freshdeskStandin.start(),
    attioStandin.start(),
    nocodbStandin.start(),
  ]);
  return async () => {
    await Promise.allSettled([
      todoistStandin.stop(),
      freshdeskStandin.stop(),
      attioStandin.stop(),
      nocodbStandin.stop(),
    ]);
  };
}
