// Group r19-b: back-office servers — accounting (QuickBooks Online, through quickbooks-mcp), time tracking
// (Harvest, through harvest-mcp-server) and invoicing (InvoiceXpress, through @wizardingcode/invoiceexpress-mcp)
// — each published MCP server behind a loopback stand-in that answers with the real service's bodies and error
// bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r19-b && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r19-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Reporter } from "../../deps.js";
import { HERE, LOGS, serverEnv, sleep, stdioServer, type Live, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  HARVEST_ACCOUNT,
  HARVEST_PROXY_PORT,
  HARVEST_TOKEN,
  IX_ACCOUNT_ID,
  IX_ACCOUNT_NAME,
  IX_API_KEY,
  IX_PROXY_PORT,
  QBO_CLIENT_ID,
  QBO_CLIENT_SECRET,
  QBO_PROXY_PORT,
  QBO_REALM,
  clearTimers,
  ensureCertificate,
  harvestStandin,
  ixStandin,
  qboStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "quickbooks-mcp": "0.11.0",
  "harvest-mcp-server": "0.1.1",
  "@wizardingcode/invoiceexpress-mcp": "1.0.0",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");
const QBO_CREDENTIALS = path.join(HOME, ".quickbooks-mcp", "credentials.json");

type SdkClient = Live["client"];
type SdkTransport = Parameters<SdkClient["connect"]>[0];
interface StdioTransport extends SdkTransport {
  readonly stderr: NodeJS.ReadableStream | null;
  readonly pid: number | null;
}

/**
 * The harness's SDK client (scripts/server-corpus/node_modules, 1.32.2), loaded at run time: a bare import from this
 * folder would resolve to the SDK 0.5.0 that this group's own install hoists for the InvoiceXpress server, and the
 * project's typecheck runs where neither install may exist, so the types are the harness's own (`Live`).
 */
async function harnessSdk() {
  const dir = path.join(HERE, "node_modules", "@modelcontextprotocol", "sdk", "dist", "esm", "client");
  const load = (file: string) => import(pathToFileURL(path.join(dir, file)).href);
  const { Client } = (await load("index.js")) as {
    Client: new (info: { name: string; version: string }) => SdkClient;
  };
  const { StdioClientTransport } = (await load("stdio.js")) as {
    StdioClientTransport: new (params: {
      command: string;
      args: string[];
      env: Record<string, string>;
      cwd: string;
      stderr: "pipe";
    }) => StdioTransport;
  };
  return { Client, StdioClientTransport };
}

/**
 * A stdio server started from a file of its package rather than its bin: harvest-mcp-server's bin is an
 * interactive setup script (`build/setup.js`); its server is `build/index.js`, the file its README runs.
 */
function packageFileServer(label: string, file: string, env: Record<string, string>) {
  return async (reporter: Reporter): Promise<Live> => {
    const { Client, StdioClientTransport } = await harnessSdk();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(FROM, "node_modules", file)],
      env: serverEnv(env),
      cwd: DATA,
      stderr: "pipe",
    });
    fs.mkdirSync(LOGS, { recursive: true });
    const log = fs.createWriteStream(path.join(LOGS, `${label}.log`), { flags: "a" });
    transport.stderr?.pipe(log);
    const client = reporter.instrument(new Client({ name: "faultline-corpus", version: "1.0.0" }));
    await client.connect(transport);
    return {
      client,
      child: () => undefined,
      kill: () => {
        const pid = transport.pid;
        if (pid) process.kill(pid, "SIGKILL");
      },
      close: async () => {
        await client.close().catch(() => {});
        log.end();
      },
    };
  };
}

// ------------------------------------------------------------------------------------------ QuickBooks

const quickbooks: SessionSpec = {
  label: "r19-b-quickbooks",
  server: "quickbooks-mcp",
  transport: "stdio",
  start: stdioServer("r19-b-quickbooks", "quickbooks-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      HOME,
      QBO_CREDENTIAL_FILE: QBO_CREDENTIALS,
      // Inline output: the report tools otherwise write each result to a temporary file and return its path.
      QBO_INLINE_OUTPUT: "true",
      HTTPS_PROXY: `http://127.0.0.1:${QBO_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
    },
  }),
  steps: [
    step("qb-001", "get_company_info", {}, "the connected company's profile"),
    step("qb-002", "query", { query: "SELECT * FROM Customer WHERE Active = true" }, "active customers"),
    step(
      "qb-003",
      "query",
      { query: "SELECT * FROM Invoice WHERE TxnDate >= '2026-12-01' AND Balance > '0'" },
      "open invoices dated this month (there are none)",
    ),
    step(
      "qb-004",
      "query",
      { query: "SELECT * FROM Customer WHERE Nickname = 'Casco'" },
      "a query on a property QuickBooks cannot filter on",
    ),
    step("qb-005", "get_invoice", { id: "1038" }, "one invoice by id"),
    step("qb-006", "get_invoice", { id: "99999" }, "an invoice id that does not exist"),
    step("qb-007", "get_invoice", { id: "99999" }, "the same missing invoice again, unchanged"),
    step("qb-008", "get_customer", { id: "58" }, "one customer by id"),
    step(
      "qb-009",
      "create_customer",
      { display_name: "Harbor Cafe Supply", email: "ap@harborcafesupply.example" },
      "a new customer in the default draft mode (a preview, nothing written)",
    ),
    step(
      "qb-010",
      "create_customer",
      { display_name: "Harbor Cafe Supply", email: "ap@harborcafesupply.example", draft: false },
      "create the customer for real",
    ),
    step(
      "qb-011",
      "create_customer",
      { display_name: "Casco Bay Coffee Roasters", draft: false },
      "create a customer whose display name is already taken",
    ),
    step(
      "qb-012",
      "get_profit_loss",
      { start_date: "2026-11-01", end_date: "2026-11-30" },
      "November's profit and loss",
    ),
    step(
      "qb-013",
      "get_profit_loss",
      { start_date: "11/01/2026", end_date: "11/30/2026" },
      "profit and loss with US-style dates where YYYY-MM-DD is required",
    ),
    step(
      "qb-014",
      "query",
      { query: "SELECT * FROM Invoice WHERE CustomerRef = '58'" },
      "a customer's invoices; one invoice's private note talks about a processor error",
    ),
    step(
      "qb-015",
      "get_invoice",
      { id: "1038" },
      "an invoice after the company disconnected the app (the token refresh answers invalid_grant)",
      flag("qboRefreshRevoked"),
    ),
    step(
      "qb-016",
      "get_company_info",
      {},
      "company info while the API rejects the fresh access token (401, AuthenticationFailed)",
      flag("qboUnauthorized"),
    ),
    step(
      "qb-017",
      "query",
      { query: "SELECT * FROM Customer WHERE Active = true" },
      "customers while the app is not authorized for the company (403, AuthorizationFailed)",
      flag("qboForbidden"),
    ),
    step(
      "qb-018",
      "get_customer",
      { id: "61" },
      "a customer while the realm is throttled (429)",
      flag("qboThrottled"),
    ),
    step("qb-019", "get_company_info", {}, "company info while the API answers 500", flag("qboServerError")),
    step(
      "qb-020",
      "query",
      { query: "SELECT * FROM Customer WHERE Active = true" },
      "customers while the API answers an HTML 503 maintenance page",
      flag("qboUnavailable"),
    ),
    step(
      "qb-021",
      "get_company_info",
      {},
      "company info answered 200 with CompanyInfo null",
      flag("qboNullCompany"),
    ),
    step(
      "qb-022",
      "get_customer",
      { id: "slow58" },
      "a customer the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "qb-023",
      "get_profit_loss",
      { from: "2026-11-01", to: "2026-11-30" },
      "profit and loss with parameter names the tool does not have (from/to for start_date/end_date)",
    ),
    step("qb-024", "list_vendors", {}, "a tool the server does not have"),
    step(
      "qb-025",
      "get_company_info",
      {},
      "company info while Intuit cannot be reached (stand-in stopped)",
      down(qboStandin),
    ),
    step(
      "qb-026",
      "get_customer",
      { id: "slow61" },
      "a slow customer lookup; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// --------------------------------------------------------------------------------------------- Harvest

const harvest: SessionSpec = {
  label: "r19-b-harvest",
  server: "harvest-mcp-server",
  transport: "stdio",
  start: packageFileServer("r19-b-harvest", "harvest-mcp-server/build/index.js", {
    HOME,
    HARVEST_ACCESS_TOKEN: HARVEST_TOKEN,
    HARVEST_ACCOUNT_ID: HARVEST_ACCOUNT,
    TIMEZONE: "America/New_York",
    HTTPS_PROXY: `http://127.0.0.1:${HARVEST_PROXY_PORT}`,
    NODE_EXTRA_CA_CERTS: CERT,
  }),
  steps: [
    step("hv-001", "list_projects", {}, "the account's projects"),
    step("hv-002", "list_tasks", { project_id: 3418001 }, "a project's tasks"),
    step("hv-003", "list_tasks", { project_id: 3418777 }, "tasks of a project id that does not exist"),
    step(
      "hv-004",
      "list_entries",
      { from: "2026-11-30", to: "2026-12-06" },
      "this week's time entries (one entry's notes mention a 500 error page)",
    ),
    step(
      "hv-005",
      "list_entries",
      { from: "2026-08-01", to: "2026-08-02" },
      "entries for two days with none",
    ),
    step(
      "hv-006",
      "list_entries",
      { from: "30/11/2026", to: "06/12/2026" },
      "entries with day-first dates where ISO dates are required",
    ),
    step(
      "hv-007",
      "log_time",
      { text: "2 hours on Website Redesign doing development work today" },
      "log two hours in plain words",
    ),
    step(
      "hv-008",
      "log_time",
      { text: "worked on the usual stuff" },
      "a time entry with neither a date nor hours",
    ),
    step(
      "hv-009",
      "log_time",
      { text: "3 hours on Quantum Ledger yesterday" },
      "a time entry for a project the account does not have",
    ),
    step(
      "hv-010",
      "log_time",
      { text: "3 hours on Quantum Ledger yesterday" },
      "the same entry again, unchanged",
    ),
    step(
      "hv-011",
      "log_time",
      { text: "1 hour on Mobile Ordering App design today" },
      "a time entry on an archived project",
    ),
    step(
      "hv-012",
      "get_time_report",
      { text: "Show time report for last month" },
      "last month's hours by project",
    ),
    step(
      "hv-013",
      "get_time_report",
      { text: "hours by client for last week" },
      "last week's hours by client (nothing tracked)",
    ),
    step(
      "hv-014",
      "get_time_report",
      { text: "the report whenever it suits" },
      "a report whose period cannot be read",
    ),
    step(
      "hv-015",
      "list_projects",
      {},
      "projects after the personal access token was revoked (401)",
      flag("hvUnauthorized"),
    ),
    step(
      "hv-016",
      "get_time_report",
      { text: "Show time report for this month" },
      "a report for a member without report access (403)",
      flag("hvForbidden"),
    ),
    step(
      "hv-017",
      "list_entries",
      { from: "2026-11-30", to: "2026-12-06" },
      "entries while the account is throttled (429, Retry-After 15)",
      flag("hvRateLimited"),
    ),
    step("hv-018", "list_projects", {}, "projects while the API answers 500", flag("hvServerError")),
    step(
      "hv-019",
      "list_entries",
      { from: "2026-11-30", to: "2026-12-06" },
      "entries while Harvest answers an HTML 503 maintenance page",
      flag("hvUnavailable"),
    ),
    step(
      "hv-020",
      "get_time_report",
      { text: "Show time report for last month" },
      "a report answered 200 with an OAuth error body",
      flag("hvErrorBody200"),
    ),
    step(
      "hv-021",
      "list_entries",
      { from: "2026-12-05", to: "2026-12-06" },
      "entries the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("hv-022", "log_time", { text: 42 }, "a time entry given as a number where text is required"),
    step("hv-023", "delete_entry", { id: 2364000101 }, "a tool the server does not have"),
    step(
      "hv-024",
      "list_projects",
      {},
      "projects while Harvest cannot be reached (stand-in stopped)",
      down(harvestStandin),
    ),
    step(
      "hv-025",
      "list_entries",
      { from: "2026-12-05" },
      "slow entries; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ---------------------------------------------------------------------------------------- InvoiceXpress

const invoicexpress: SessionSpec = {
  label: "r19-b-invoicexpress",
  server: "@wizardingcode/invoiceexpress-mcp",
  transport: "stdio",
  start: stdioServer("r19-b-invoicexpress", "@wizardingcode/invoiceexpress-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      HOME,
      INVOICE_EXPRESS_API_KEY: IX_API_KEY,
      INVOICE_EXPRESS_ACCOUNT_NAME: IX_ACCOUNT_NAME,
      // The server's winston logger writes info lines to stdout, the MCP channel; MCP_MODE=true silences it.
      MCP_MODE: "true",
      HTTPS_PROXY: `http://127.0.0.1:${IX_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
    },
  }),
  steps: [
    step("ix-001", "invoice_list", {}, "the account's invoices"),
    step("ix-002", "invoice_list", { status: ["draft"] }, "draft invoices (there are none)"),
    step(
      "ix-003",
      "invoice_list",
      { date_from: "01/11/2026", date_to: "30/11/2026" },
      "invoices with day-first dates where YYYY-MM-DD is required",
    ),
    step(
      "ix-004",
      "invoice_get",
      { id: 41822001 },
      "one invoice (its observations say it replaces one issued in error)",
    ),
    step("ix-005", "invoice_get", { id: 41829999 }, "an invoice id that does not exist"),
    step("ix-006", "invoice_get", { id: 41829999 }, "the same missing invoice again, unchanged"),
    step("ix-007", "client_get", { id: 3301 }, "one client by id"),
    step("ix-008", "client_list", {}, "the account's clients"),
    step(
      "ix-009",
      "invoice_create",
      {
        date: "2026-12-06",
        due_date: "2027-01-05",
        client: { name: "Padaria Ribeira Lda" },
        items: [{ name: "Design de menu", unit_price: 320, quantity: 1, tax: { id: 1 } }],
      },
      "a draft invoice",
    ),
    step(
      "ix-010",
      "invoice_create",
      {
        date: "2026-12-06",
        due_date: "2026-11-30",
        client: { name: "Padaria Ribeira Lda" },
        items: [{ name: "Design de menu", unit_price: 320, quantity: 1, tax: { id: 1 } }],
      },
      "an invoice due before its own date",
    ),
    step(
      "ix-011",
      "invoice_change_state",
      { id: 41822001, state: "finalized" },
      "finalize an invoice that is already final (406)",
    ),
    step("ix-012", "account_get", { id: IX_ACCOUNT_ID }, "the account's own profile"),
    step(
      "ix-013",
      "account_get",
      { id: IX_ACCOUNT_ID },
      "the account profile answered 200 with account null",
      flag("ixNullAccount"),
    ),
    step(
      "ix-014",
      "client_list",
      {},
      "clients with an API key that was regenerated (401)",
      flag("ixUnauthorized"),
    ),
    step(
      "ix-015",
      "invoice_list",
      {},
      "invoices while the account is throttled (429)",
      flag("ixRateLimited"),
    ),
    step("ix-016", "client_get", { id: 3301 }, "a client while the API answers 500", flag("ixServerError")),
    step(
      "ix-017",
      "invoice_get",
      { id: 41822002 },
      "an invoice while Cloudflare answers an HTML 502",
      flag("ixBadGateway"),
    ),
    step(
      "ix-018",
      "invoice_get",
      { id: 41822009 },
      "an invoice the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "ix-019",
      "client_get",
      { id: "3301" },
      "the client id given as a string where a number is required",
    ),
    step("ix-020", "invoice_delete", { id: 41822002 }, "a tool the server does not have"),
    step(
      "ix-021",
      "invoice_list",
      {},
      "invoices while InvoiceXpress cannot be reached (stand-in stopped)",
      down(ixStandin),
    ),
    step(
      "ix-022",
      "invoice_get",
      { id: 41822009 },
      "a slow invoice lookup; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [quickbooks, harvest, invoicexpress];

/** quickbooks-mcp's local credential file: client id and secret, tokens, the company (realm) id. */
function writeQuickBooksCredentials() {
  fs.mkdirSync(path.dirname(QBO_CREDENTIALS), { recursive: true });
  fs.writeFileSync(
    QBO_CREDENTIALS,
    JSON.stringify({
      client_id: QBO_CLIENT_ID,
      client_secret: QBO_CLIENT_SECRET,
      redirect_url: "https://developer.intuit.com/v2/OAuth2Playground/RedirectUrl",
      access_token: "eyJlbmMiOiJBMTI4Q0JDLUhTMjU2IiwiYWxnIjoiZGlyIn0..standin-access-0",
      refresh_token: "AB11791234567standinRefreshTokenQkZ8rW2x",
      company_id: QBO_REALM,
    }),
    { mode: 0o600 },
  );
}

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  writeQuickBooksCredentials();
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
