// Loopback stand-in for group r44-a: Oracle NetSuite — its OAuth 2.0 token endpoint and its AI Connector Service, the
// MCP endpoint NetSuite hosts at https://<account>.suitetalk.api.netsuite.com/services/mcp/v1/all with the MCP Standard
// Tools SuiteApp's tools (ns_runCustomSuiteQL, ns_getRecord, ns_runReport, …).
//
// @suiteinsider/netsuite-mcp writes those hosts into its code and posts to them with axios, which follows HTTPS_PROXY
// by sending absolute-form requests to the proxy. The stand-in is standin-kit's forwardProxy on 45700 (it also
// terminates CONNECT tunnels with the stand-in certificate, trusted through NODE_EXTRA_CA_CERTS). The OAuth
// authorization page itself is the user's browser, which the sessions play by calling the server's own callback port.
//
// README.md says where each body's shape comes from. `state` is switched by the sessions' hooks.

import type http from "node:http";
import { certificate, clearTimers, forwardProxy, json, later, parse, text } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r44-a";

export const NETSUITE_PORT = 45700;
/** The server's OAuth callback listener (OAUTH_CALLBACK_PORT), where the "browser" is redirected. */
export const CALLBACK_PORT = 45702;

export const ACCOUNT_ID = "8814213";
const ACCOUNT_HOST = "8814213";
export const CLIENT_ID = "a3f9c7e21d5b48c0b6e1f47d92a8c3e5b0d6f1a2c4e7b9d3f5a8c1e2b4d6f8a0";
const MCP_HOST = `${ACCOUNT_HOST}.suitetalk.api.netsuite.com`;
const APP_HOST = `${ACCOUNT_HOST}.app.netsuite.com`;

/** Authorization codes the "browser" brings back; each is good once. */
export const AUTH_CODE = "eyJraWQiOiJjLjg4MTQyMTNfU0IxLjIwMjYtMTEtMTAiLCJhbGciOiJFUzI1NiJ9.authcode.k2Vt9QmR";

export const state = {
  rateLimited: false,
  serverError: false,
  badGateway: false,
  slow: false,
  tokenRevoked: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

const CERT = () => certificate(DATA, [MCP_HOST, APP_HOST]);
export const certificateFile = () => CERT().cert;

let tokenCounter = 0;
const issuedAccess = new Set<string>();
const issuedRefresh = new Set<string>();
const usedCodes = new Set<string>();

// ── data ──────────────────────────────────────────────────────────────────────────────────────────────────────────

const SUBSIDIARIES = [
  {
    id: "1",
    name: "Halvorsen Outdoor Group",
    parent: null,
    country: "US",
    currency: "USD",
    isElimination: false,
  },
  {
    id: "2",
    name: "Halvorsen Outdoor Group : Halvorsen Outdoor Inc.",
    parent: "1",
    country: "US",
    currency: "USD",
    isElimination: false,
  },
  {
    id: "3",
    name: "Halvorsen Outdoor Group : Halvorsen Outdoor Ltd (UK)",
    parent: "1",
    country: "GB",
    currency: "GBP",
    isElimination: false,
  },
  {
    id: "4",
    name: "Halvorsen Outdoor Group : Consolidation Elimination",
    parent: "1",
    country: "US",
    currency: "USD",
    isElimination: true,
  },
];

const REPORTS = [
  {
    id: "-200",
    name: "Income Statement",
    category: "Financial",
    has_subsidiary_filter: true,
    has_date_filter: true,
  },
  {
    id: "-201",
    name: "Balance Sheet",
    category: "Financial",
    has_subsidiary_filter: true,
    has_date_filter: true,
  },
  {
    id: "-202",
    name: "Trial Balance",
    category: "Financial",
    has_subsidiary_filter: true,
    has_date_filter: true,
  },
  {
    id: "-210",
    name: "A/R Aging Summary",
    category: "Receivables",
    has_subsidiary_filter: true,
    has_date_filter: true,
  },
  {
    id: "-221",
    name: "Sales by Customer Summary",
    category: "Sales",
    has_subsidiary_filter: true,
    has_date_filter: true,
  },
  {
    id: "-240",
    name: "Inventory Valuation",
    category: "Inventory",
    has_subsidiary_filter: true,
    has_date_filter: true,
  },
];

const SAVED_SEARCHES = [
  {
    id: "customsearch_open_so_backorder",
    title: "Open Sales Orders – Backordered Lines",
    recordType: "transaction",
  },
  { id: "customsearch_ar_over_60", title: "A/R Over 60 Days", recordType: "transaction" },
  { id: "customsearch_items_below_reorder", title: "Items Below Reorder Point", recordType: "item" },
  {
    id: "customsearch_vendor_bills_pending",
    title: "Vendor Bills Pending Approval",
    recordType: "transaction",
  },
];

const CUSTOMER_1842 = {
  links: [{ rel: "self", href: `https://${MCP_HOST}/services/rest/record/v1/customer/1842` }],
  id: "1842",
  entityId: "CUST-01842 Summit Trail Outfitters",
  companyName: "Summit Trail Outfitters",
  isPerson: false,
  email: "ap@summittrail.example",
  phone: "(303) 555-0142",
  subsidiary: { id: "2", refName: "Halvorsen Outdoor Group : Halvorsen Outdoor Inc." },
  currency: { id: "1", refName: "USA" },
  terms: { id: "2", refName: "Net 30" },
  creditLimit: 75000.0,
  balance: 18642.5,
  overdueBalance: 4210.0,
  daysOverdue: 23,
  entityStatus: { id: "13", refName: "CUSTOMER-Closed Won" },
  salesRep: { id: "311", refName: "Priya Raman" },
  dateCreated: "2021-04-12T15:22:00Z",
  lastModifiedDate: "2026-11-30T18:04:00Z",
};

const SALESORDER_METADATA = {
  recordType: "salesorder",
  fields: [
    { id: "entity", label: "Customer", type: "select", mandatory: true, reference: "customer" },
    { id: "tranDate", label: "Date", type: "date", mandatory: true },
    { id: "subsidiary", label: "Subsidiary", type: "select", mandatory: true, reference: "subsidiary" },
    { id: "location", label: "Location", type: "select", mandatory: false, reference: "location" },
    { id: "otherRefNum", label: "PO #", type: "text", mandatory: false },
    { id: "memo", label: "Memo", type: "text", mandatory: false },
    { id: "orderStatus", label: "Status", type: "select", mandatory: false, options: ["A", "B"] },
    { id: "externalId", label: "External ID", type: "text", mandatory: false },
  ],
  sublists: [
    {
      id: "item",
      fields: [
        { id: "item", label: "Item", type: "select", mandatory: true, reference: "item" },
        { id: "quantity", label: "Quantity", type: "float", mandatory: true },
        { id: "rate", label: "Rate", type: "currency", mandatory: false },
        { id: "amount", label: "Amount", type: "currency", mandatory: false },
      ],
    },
  ],
  supportsExternalId: true,
};

const SUITEQL_TABLES = {
  tables: [
    {
      name: "transaction",
      columns: [
        "id",
        "tranid",
        "trandate",
        "type",
        "entity",
        "status",
        "foreigntotal",
        "currency",
        "subsidiary",
      ],
    },
    {
      name: "transactionline",
      columns: ["transaction", "item", "quantity", "rate", "netamount", "location"],
    },
    { name: "customer", columns: ["id", "entityid", "companyname", "email", "balance", "overduebalance"] },
    {
      name: "item",
      columns: ["id", "itemid", "displayname", "itemtype", "quantityavailable", "reorderpoint"],
    },
  ],
  notes: "Use ROWNUM <= 1000. BUILTIN.DF(column) returns the display value of a list/record column.",
};

// ── the MCP Standard Tools' answers ───────────────────────────────────────────────────────────────────────────────

const TOOLS = [
  ["ns_getSubsidiaries", "Lists the subsidiaries the current role can see."],
  ["ns_listAllReports", "Lists the standard and custom reports available to the current role."],
  ["ns_runReport", "Runs a report by id for a date range and optional subsidiary."],
  ["ns_listSavedSearches", "Lists the saved searches available to the current role."],
  ["ns_runSavedSearch", "Runs a saved search by its script id."],
  ["ns_getRecordTypeMetadata", "Returns the fields and sublists of a record type."],
  ["ns_getRecord", "Retrieves one record by type and internal id."],
  ["ns_createRecord", "Creates a record."],
  ["ns_updateRecord", "Updates fields of a record."],
  ["ns_getSuiteQLMetadata", "Returns the SuiteQL tables and columns available to the current role."],
  ["ns_runCustomSuiteQL", "Runs a read-only SuiteQL query. ROWNUM <= 1000 is required."],
].map(([name, description]) => ({
  name,
  description,
  inputSchema: { type: "object", properties: {}, required: [] },
}));

const textResult = (value: unknown) => ({
  content: [{ type: "text", text: typeof value === "string" ? value : JSON.stringify(value) }],
});
const errorResult = (value: unknown) => ({ ...textResult(value), isError: true });

/** NetSuite REST's error document (RFC 9457 problem details with o:errorDetails). */
function nsError(status: number, title: string, section: string, detail: string, code: string) {
  return {
    type: `https://www.rfc-editor.org/rfc/rfc9110.html#section-${section}`,
    title,
    status,
    "o:errorDetails": [{ detail, "o:errorCode": code }],
  };
}

function runSuiteQL(args: Record<string, unknown>) {
  const q = String(args.sqlQuery ?? "");
  if (/\bshipdate_promised\b/i.test(q)) {
    return errorResult(
      nsError(
        400,
        "Bad Request",
        "15.5.1",
        "Invalid search query. Detailed unprocessed description follows. Search error occurred: Field 'shipdate_promised' for record 'transaction' was not found. Reason: NOT_EXPOSED - Not available for channel SEARCH",
        "INVALID_PARAMETER",
      ),
    );
  }
  if (/status\s*=\s*'SalesOrd:H'/i.test(q)) {
    return textResult({ items: [], count: 0, hasMore: false, offset: 0, totalResults: 0 });
  }
  if (/from\s+transaction/i.test(q)) {
    const items = [
      ["SO-10482", "2026-11-24", "Summit Trail Outfitters", "Pending Fulfillment", 12840.0],
      ["SO-10487", "2026-11-25", "Cascade Gear Co.", "Pending Fulfillment", 5316.4],
      ["SO-10491", "2026-11-26", "Ridgeline Sports", "Partially Fulfilled", 22190.75],
      ["SO-10495", "2026-11-28", "Northwind Climbing", "Pending Billing", 3075.0],
      ["SO-10502", "2026-12-01", "Summit Trail Outfitters", "Pending Fulfillment", 9982.2],
    ].map(([tranid, trandate, customer, status, total]) => ({
      links: [],
      tranid,
      trandate,
      customer,
      status,
      foreigntotal: total,
    }));
    return textResult({ items, count: items.length, hasMore: false, offset: 0, totalResults: items.length });
  }
  return textResult({ items: [], count: 0, hasMore: false, offset: 0, totalResults: 0 });
}

function callTool(name: string, args: Record<string, unknown>) {
  switch (name) {
    case "ns_getSubsidiaries":
      return textResult({ subsidiaries: SUBSIDIARIES, oneWorld: true });
    case "ns_listAllReports":
      return textResult({ reports: REPORTS, count: REPORTS.length });
    case "ns_runReport": {
      if (String(args.reportId) === "-200") {
        return textResult({
          report: "Income Statement",
          subsidiary: "Halvorsen Outdoor Group : Halvorsen Outdoor Inc.",
          period: { from: args.dateFrom, to: args.dateTo },
          currency: "USD",
          rows: [
            { account: "4000 Sales", amount: 1284210.44 },
            { account: "4100 Sales Returns", amount: -18302.1 },
            { account: "Total Income", amount: 1265908.34 },
            { account: "5000 Cost of Goods Sold", amount: 702114.9 },
            { account: "Gross Profit", amount: 563793.44 },
            { account: "6000 Operating Expenses", amount: 391240.12 },
            { account: "Net Income", amount: 172553.32 },
          ],
        });
      }
      return errorResult({
        error: `Report with id ${String(args.reportId)} was not found or is not available to the current role.`,
      });
    }
    case "ns_listSavedSearches":
      return textResult({ savedSearches: SAVED_SEARCHES, count: SAVED_SEARCHES.length });
    case "ns_runSavedSearch": {
      if (args.searchId === "customsearch_items_below_reorder") {
        const rows = [
          ["HB-TENT-2P-GRN", "Ridgeback 2P Tent – Forest", 14, 40, "Denver DC"],
          ["HB-PACK-45L-BLK", "Traverse 45L Pack – Black", 6, 25, "Denver DC"],
          ["HB-STOVE-TI", "Titanium Canister Stove", 0, 30, "Reno DC"],
        ].map(([itemid, displayname, available, reorder, location]) => ({
          itemid,
          displayname,
          quantityavailable: available,
          reorderpoint: reorder,
          location,
        }));
        return textResult({ searchId: args.searchId, results: rows, count: rows.length });
      }
      if (args.searchId === "customsearch_vendor_bills_pending") {
        return textResult({ searchId: args.searchId, results: [], count: 0 });
      }
      return errorResult({
        error: `SSS_INVALID_SRCH_ID: An nlobjSearch object with the id ${String(args.searchId)} does not exist.`,
      });
    }
    case "ns_getRecordTypeMetadata":
      return textResult(SALESORDER_METADATA);
    case "ns_getRecord": {
      if (args.recordType === "customer" && String(args.id) === "1842") return textResult(CUSTOMER_1842);
      return errorResult(
        nsError(
          404,
          "Not Found",
          "15.5.5",
          "The record instance does not exist. Provide a valid record instance ID.",
          "NONEXISTENT_ID",
        ),
      );
    }
    case "ns_createRecord": {
      if (args.recordType === "journalentry") {
        return errorResult(
          nsError(
            403,
            "Forbidden",
            "15.5.4",
            "Permission Violation: You need  the 'Transactions -> Make Journal Entry' permission to access this page. Please contact your account administrator.",
            "INSUFFICIENT_PERMISSION",
          ),
        );
      }
      return textResult({
        success: true,
        recordType: args.recordType,
        id: "10517",
        location: `https://${MCP_HOST}/services/rest/record/v1/${String(args.recordType)}/10517`,
      });
    }
    case "ns_updateRecord":
      return textResult({ success: true, recordType: args.recordType, id: String(args.id) });
    case "ns_getSuiteQLMetadata":
      return textResult(SUITEQL_TABLES);
    case "ns_runCustomSuiteQL":
      return runSuiteQL(args);
    default:
      return undefined;
  }
}

// ── HTTP ──────────────────────────────────────────────────────────────────────────────────────────────────────────

/** What Akamai in front of NetSuite answers when the origin fails (a bare edge page). */
const EDGE_502 = `<HTML><HEAD>
<TITLE>Bad Gateway</TITLE>
</HEAD><BODY>
<H1>Bad Gateway</H1>
The proxy server received an invalid response from an upstream server.<P>
Reference&#32;&#35;97&#46;4e3c1602&#46;1765116003&#46;1a2b3c4d
</BODY>
</HTML>
`;

function mcp(req: http.IncomingMessage, body: string, res: http.ServerResponse) {
  const auth = String(req.headers.authorization ?? "");
  const token = auth.replace(/^Bearer\s+/i, "");
  if (state.slow) {
    later(15_000, () => json(res, 200, { jsonrpc: "2.0", id: null, result: textResult({ items: [] }) }));
    return;
  }
  if (state.badGateway) return text(res, 502, EDGE_502, "text/html", { server: "AkamaiGHost" });
  if (!issuedAccess.has(token) || state.tokenRevoked) {
    return json(
      res,
      401,
      nsError(
        401,
        "Unauthorized",
        "15.5.2",
        "Invalid login attempt. For more details, see the Login Audit Trail in the NetSuite UI at Setup > Users/Roles > User Management > View Login Audit Trail.",
        "INVALID_LOGIN",
      ),
      { "www-authenticate": 'Bearer error="invalid_token"' },
    );
  }
  if (state.rateLimited) {
    return json(
      res,
      429,
      nsError(
        429,
        "Too Many Requests",
        "15.5.30",
        "Concurrency limit exceeded. The number of concurrent requests for this account has reached its limit. Please retry later.",
        "CONCURRENCY_LIMIT_EXCEEDED",
      ),
      { "retry-after": "30" },
    );
  }
  if (state.serverError) {
    return json(
      res,
      500,
      nsError(
        500,
        "Internal Server Error",
        "15.6.1",
        "An unexpected error occurred. Error ID: mj4x2q8w1t7c9a0b3e5d",
        "UNEXPECTED_ERROR",
      ),
    );
  }
  const rpc = parse(body) as {
    id?: unknown;
    method?: string;
    params?: { name?: string; arguments?: unknown };
  };
  const id = rpc.id ?? null;
  if (rpc.method === "tools/list") return json(res, 200, { jsonrpc: "2.0", id, result: { tools: TOOLS } });
  if (rpc.method === "tools/call") {
    const name = rpc.params?.name ?? "";
    const args = (rpc.params?.arguments ?? {}) as Record<string, unknown>;
    const result = callTool(name, args);
    if (!result) {
      return json(res, 200, {
        jsonrpc: "2.0",
        id,
        error: { code: -32602, message: `Unknown tool: ${name}` },
      });
    }
    return json(res, 200, { jsonrpc: "2.0", id, result });
  }
  return json(res, 200, { jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } });
}

function token(body: string, res: http.ServerResponse) {
  const form = parse(body) as Record<string, string>;
  if (form.client_id !== CLIENT_ID) return json(res, 400, { error: "invalid_client" });
  const issue = () => {
    tokenCounter += 1;
    const access = `eyJraWQiOiJjLjg4MTQyMTNfU0IxLjIwMjYtMTEtMTAiLCJ0eXAiOiJKV1QiLCJhbGciOiJFUzI1NiJ9.at${tokenCounter}.sig`;
    const refresh = `eyJraWQiOiJjLjg4MTQyMTNfU0IxLjIwMjYtMTEtMTAiLCJ0eXAiOiJKV1QiLCJhbGciOiJFUzI1NiJ9.rt${tokenCounter}.sig`;
    issuedAccess.add(access);
    issuedRefresh.add(refresh);
    return json(res, 200, {
      access_token: access,
      refresh_token: refresh,
      expires_in: "3600",
      token_type: "bearer",
    });
  };
  if (form.grant_type === "authorization_code") {
    if (form.code !== AUTH_CODE || usedCodes.has(form.code) || !form.code_verifier) {
      return json(res, 400, { error: "invalid_grant" });
    }
    usedCodes.add(form.code);
    return issue();
  }
  if (form.grant_type === "refresh_token") {
    if (!issuedRefresh.has(form.refresh_token ?? "")) return json(res, 400, { error: "invalid_grant" });
    return issue();
  }
  return json(res, 400, { error: "unsupported_grant_type" });
}

function netsuite(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  seen.push(`${req.method} ${url.host}${url.pathname}`);
  if (url.host === MCP_HOST && url.pathname === "/services/mcp/v1/all" && req.method === "POST") {
    return mcp(req, body, res);
  }
  if (
    url.host === MCP_HOST &&
    url.pathname === "/services/rest/auth/oauth2/v1/token" &&
    req.method === "POST"
  ) {
    return token(body, res);
  }
  unknownRequests.push(`${req.method} ${url.href}`);
  return json(
    res,
    404,
    nsError(404, "Not Found", "15.5.5", "The requested resource was not found.", "NONEXISTENT_ID"),
  );
}

export const netsuiteProxy = forwardProxy(NETSUITE_PORT, CERT, netsuite);

export const ALL_STANDINS = [netsuiteProxy];

/** Forget every issued token and code (a fresh run). */
export function resetTokens() {
  issuedAccess.clear();
  issuedRefresh.clear();
  usedCodes.clear();
  tokenCounter = 0;
}
