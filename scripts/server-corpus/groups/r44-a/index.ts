// Group r44-a: ERP systems — Oracle NetSuite through @suiteinsider/netsuite-mcp (SuiteInsider), a local stdio server
// that logs the user in to NetSuite with OAuth 2.0 and PKCE (a browser page, a local callback port) and then relays
// every tool call to NetSuite's own AI Connector Service, the MCP endpoint NetSuite hosts for each account
// (/services/mcp/v1/all, with the MCP Standard Tools SuiteApp's ns_* tools). A kind the fixture README's server table
// has only as ERPNext. The server hard-codes NetSuite's hosts, so it runs behind a loopback forward proxy that answers
// as NetSuite's token endpoint and its MCP endpoint (standins.ts); the user's browser is a stand-in `xdg-open` on the
// server's PATH that records the authorization URL, and the sessions' hooks play the user's click on it.
//
//   (cd scripts/server-corpus/groups/r44-a && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r44-a

import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Reporter } from "../../deps.js";
import { sleep, stdioServer, type Live, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ACCOUNT_ID,
  ALL_STANDINS,
  AUTH_CODE,
  CALLBACK_PORT,
  CLIENT_ID,
  DATA,
  NETSUITE_PORT,
  certificateFile,
  clearTimers,
  netsuiteProxy,
  resetTokens,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@suiteinsider/netsuite-mcp": "1.0.2",
};

const SERVER = "@suiteinsider/netsuite-mcp";
const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const BIN = path.join(DATA, "bin");
const BROWSER_LOG = path.join(DATA, "browser.log");
/** Where the server keeps its OAuth session: `sessions/` beside its own `src/` (it has no setting for it). */
const SESSION_FILE = path.join(
  FROM,
  "node_modules",
  "@suiteinsider",
  "netsuite-mcp",
  "sessions",
  "session.json",
);

function netsuite(label: string) {
  return stdioServer(label, SERVER, {
    from: FROM,
    cwd: HOME,
    env: {
      HOME,
      // The stand-in browser first on PATH; the rest as every group's servers get it.
      PATH: `${BIN}:/usr/local/bin:/usr/bin:/bin`,
      NETSUITE_ACCOUNT_ID: ACCOUNT_ID,
      NETSUITE_CLIENT_ID: CLIENT_ID,
      OAUTH_CALLBACK_PORT: String(CALLBACK_PORT),
      HTTPS_PROXY: `http://127.0.0.1:${NETSUITE_PORT}`,
      NODE_EXTRA_CA_CERTS: certificateFile(),
    },
  });
}

/** The session file a login an hour and a half ago left: its access token expired, its refresh token since revoked. */
function writeExpiredSession() {
  const issued = Date.now() - 90 * 60 * 1000;
  fs.mkdirSync(path.dirname(SESSION_FILE), { recursive: true });
  fs.writeFileSync(
    SESSION_FILE,
    JSON.stringify(
      {
        pkce: null,
        state: "5d0c8f7a1e3b49d2a6c4f8e0b2d7a913",
        config: {
          accountId: ACCOUNT_ID,
          clientId: CLIENT_ID,
          redirectUri: `http://localhost:${CALLBACK_PORT}/callback`,
        },
        timestamp: issued,
        tokens: {
          access_token:
            "eyJraWQiOiJjLjg4MTQyMTMuMjAyNi0xMS0xMCIsInR5cCI6IkpXVCIsImFsZyI6IkVTMjU2In0.at-old.sig",
          refresh_token:
            "eyJraWQiOiJjLjg4MTQyMTMuMjAyNi0xMS0xMCIsInR5cCI6IkpXVCIsImFsZyI6IkVTMjU2In0.rt-old.sig",
          expires_in: "3600",
          expires_at: issued + 3600 * 1000,
          accountId: ACCOUNT_ID,
          clientId: CLIENT_ID,
        },
        authenticated: true,
      },
      null,
      2,
    ),
  );
}

/**
 * The user in the browser the server opened: waits for the authorization URL the stand-in `xdg-open` recorded, then
 * follows NetSuite's redirect back to the server's callback — with the code (consent) or with error=access_denied.
 */
function browser(choice: "allow" | "deny"): Partial<{ during: (live: Live) => Promise<void> }> {
  return {
    during: async () => {
      const opened = () =>
        (fs.existsSync(BROWSER_LOG) ? fs.readFileSync(BROWSER_LOG, "utf8").split("\n") : []).filter((l) =>
          l.startsWith("https://"),
        );
      const before = opened().length;
      let authorize: URL | undefined;
      for (let i = 0; i < 100 && !authorize; i++) {
        await sleep(100);
        const urls = opened();
        if (urls.length > before) authorize = new URL(urls[urls.length - 1] as string);
      }
      if (!authorize) return;
      await sleep(1500); // the user logs in and reads the consent page
      const redirect = new URL(authorize.searchParams.get("redirect_uri") ?? "");
      const back = new URL(`http://127.0.0.1:${redirect.port}${redirect.pathname}`);
      back.searchParams.set("state", authorize.searchParams.get("state") ?? "");
      if (choice === "allow") back.searchParams.set("code", AUTH_CODE);
      else back.searchParams.set("error", "access_denied");
      await new Promise<void>((resolve) => {
        http
          .get(back, (res) => {
            res.resume();
            res.on("end", () => resolve());
          })
          .on("error", () => resolve());
      });
    },
  };
}

const SO_QUERY =
  "SELECT t.tranid, t.trandate, BUILTIN.DF(t.entity) AS customer, BUILTIN.DF(t.status) AS status, t.foreigntotal FROM transaction t WHERE t.type = 'SalesOrd' AND t.trandate >= TO_DATE('2026-11-24', 'YYYY-MM-DD') AND ROWNUM <= 100 ORDER BY t.trandate";

// ── NetSuite through the proxy, from a fresh install: login in the browser, then the account's tools ────────────────

const mainSession: SessionSpec = {
  label: "r44-a-netsuite",
  server: SERVER,
  transport: "stdio",
  start: async (reporter: Reporter) => {
    fs.rmSync(path.dirname(SESSION_FILE), { recursive: true, force: true });
    return netsuite("r44-a-netsuite")(reporter);
  },
  steps: [
    step("a-ns-001", "ns_getSubsidiaries", {}, "a NetSuite tool before anyone logged in"),
    step(
      "a-ns-002",
      "netsuite_authenticate",
      {},
      "login: the server opens NetSuite's authorization page; the user allows access and is sent back with a code",
      browser("allow"),
    ),
    step("a-ns-003", "ns_getSubsidiaries", {}, "the account's subsidiaries (OneWorld): four"),
    step("a-ns-004", "ns_listAllReports", {}, "the reports the role may run: six"),
    step(
      "a-ns-005",
      "ns_runReport",
      { reportId: "-200", dateFrom: "2026-11-01", dateTo: "2026-11-30", subsidiaryId: "2" },
      "November's income statement for the US subsidiary",
    ),
    step(
      "a-ns-006",
      "ns_runReport",
      { reportId: "-905", dateFrom: "2026-11-01", dateTo: "2026-11-30", subsidiaryId: "2" },
      "a report id the account does not have",
    ),
    step(
      "a-ns-007",
      "ns_runSavedSearch",
      { searchId: "customsearch_items_below_reorder" },
      "a saved search: items below their reorder point, three rows",
    ),
    step(
      "a-ns-008",
      "ns_runSavedSearch",
      { searchId: "customsearch_vendor_bills_pending" },
      "a saved search with no rows today (no vendor bill waits for approval)",
    ),
    step(
      "a-ns-009",
      "ns_runSavedSearch",
      { searchId: "customsearch_open_so_q4" },
      "a saved search id that does not exist",
    ),
    step(
      "a-ns-010",
      "ns_getRecordTypeMetadata",
      { recordType: "salesorder" },
      "the sales order record's fields, before a create",
    ),
    step("a-ns-011", "ns_getRecord", { recordType: "customer", id: "1842" }, "one customer by internal id"),
    step(
      "a-ns-012",
      "ns_getRecord",
      { recordType: "customer", id: "18420" },
      "a customer internal id that does not exist (404 NONEXISTENT_ID)",
    ),
    step(
      "a-ns-013",
      "ns_getRecord",
      { recordType: "customer", id: "18420" },
      "the same lookup again, unchanged",
    ),
    step(
      "a-ns-014",
      "ns_runCustomSuiteQL",
      { sqlQuery: SO_QUERY, description: "Sales orders entered since 24 November" },
      "a SuiteQL query: five sales orders",
    ),
    step(
      "a-ns-015",
      "ns_runCustomSuiteQL",
      {
        sqlQuery:
          "SELECT t.tranid, t.trandate, t.foreigntotal FROM transaction t WHERE t.type = 'SalesOrd' AND t.status = 'SalesOrd:H' AND ROWNUM <= 100",
        description: "Closed sales orders",
      },
      "a SuiteQL query that matches no row",
    ),
    step(
      "a-ns-016",
      "ns_runCustomSuiteQL",
      {
        sqlQuery:
          "SELECT t.tranid, t.shipdate_promised FROM transaction t WHERE t.type = 'SalesOrd' AND ROWNUM <= 100",
        description: "Promised ship dates of open orders",
      },
      "a SuiteQL query on a column the transaction table does not expose",
    ),
    step(
      "a-ns-017",
      "ns_createRecord",
      {
        recordType: "salesorder",
        fields: {
          entity: { id: "1842" },
          subsidiary: { id: "2" },
          tranDate: "2026-12-07",
          otherRefNum: "PO-STO-55120",
          externalId: "mcp-so-20261207-001",
          item: { items: [{ item: { id: "771" }, quantity: 12, rate: 289.0 }] },
        },
      },
      "a sales order created for the customer",
    ),
    step(
      "a-ns-018",
      "ns_createRecord",
      {
        recordType: "journalentry",
        fields: {
          subsidiary: { id: "2" },
          tranDate: "2026-11-30",
          memo: "Reclass freight-in to COGS",
          line: {
            items: [
              { account: { id: "512" }, debit: 1840.0 },
              { account: { id: "640" }, credit: 1840.0 },
            ],
          },
        },
      },
      "a journal entry; the MCP role lacks Make Journal Entry (403 INSUFFICIENT_PERMISSION)",
    ),
    step(
      "a-ns-019",
      "ns_deleteRecord",
      { recordType: "salesorder", id: "10517" },
      "a tool the account's AI Connector does not offer (NetSuite answers a JSON-RPC error)",
    ),
    step(
      "a-ns-020",
      "ns_getRecord",
      { recordType: "customer", id: "1842" },
      "the account's concurrency limit is reached: 429 with Retry-After: 30",
      flag("rateLimited"),
    ),
    step("a-ns-021", "ns_listAllReports", {}, "NetSuite answers 500 UNEXPECTED_ERROR", flag("serverError")),
    step(
      "a-ns-022",
      "ns_getSubsidiaries",
      {},
      "the edge in front of NetSuite answers its 502 HTML page",
      flag("badGateway"),
    ),
    step(
      "a-ns-023",
      "ns_runCustomSuiteQL",
      { sqlQuery: SO_QUERY, description: "Sales orders entered since 24 November" },
      "NetSuite answers 15 s late; the client waits 4 s",
      flag("slow", { timeoutMs: 4000 }),
    ),
    step(
      "a-ns-024",
      "ns_getRecord",
      { recordType: "customer", id: "1842" },
      "NetSuite unreachable (the proxy refuses the connection)",
      down(netsuiteProxy),
    ),
    step(
      "a-ns-025",
      "ns_getSubsidiaries",
      {},
      "the user's OAuth tokens were revoked in NetSuite while the server ran: 401 INVALID_LOGIN",
      flag("tokenRevoked"),
    ),
  ],
};

// ── the same server started on a session file whose access token expired and whose refresh token was revoked ───────

const expiredSession: SessionSpec = {
  label: "r44-a-netsuite-expired",
  server: SERVER,
  transport: "stdio",
  start: async (reporter: Reporter) => {
    writeExpiredSession();
    return netsuite("r44-a-netsuite-expired")(reporter);
  },
  steps: [
    step(
      "a-nsx-001",
      "ns_runCustomSuiteQL",
      { sqlQuery: SO_QUERY, description: "Sales orders entered since 24 November" },
      "the access token expired; its refresh is refused (400 invalid_grant)",
    ),
    step(
      "a-nsx-002",
      "netsuite_authenticate",
      {},
      "login again: on NetSuite's consent page the user clicks Deny (error=access_denied)",
      browser("deny"),
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [mainSession, expiredSession];

export async function prepare(): Promise<() => Promise<void>> {
  for (const dir of [HOME, BIN]) fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(HOME, { recursive: true });
  fs.mkdirSync(BIN, { recursive: true });
  fs.rmSync(BROWSER_LOG, { force: true });
  // The stand-in browser: records the URL it was asked to open, as a browser tab would show it.
  fs.writeFileSync(path.join(BIN, "xdg-open"), `#!/bin/sh\nprintf '%s\\n' "$1" >> '${BROWSER_LOG}'\n`, {
    mode: 0o755,
  });
  resetTokens();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.rmSync(path.dirname(SESSION_FILE), { recursive: true, force: true });
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
