// Group r17-a: work management (Jira Cloud through a generic REST server, Motion), spreadsheets (Google Sheets)
// and a knowledge base (Notion) — each published MCP server behind a loopback stand-in that answers with the
// real service's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r17-a && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r17-a

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  GOOGLE_PROXY_PORT,
  JIRA_EMAIL,
  JIRA_PROXY_PORT,
  JIRA_SITE,
  JIRA_TOKEN,
  MOTION_KEY,
  MOTION_PROXY_PORT,
  MO_EMPTY_PROJECT,
  MO_LOCKED_TASK,
  MO_TASK,
  MO_WORKSPACE,
  NOTION_PORT,
  NOTION_TOKEN,
  NO_ARCHIVED_PAGE,
  NO_DB,
  NO_ROOT_PAGE,
  PRIVATE_SHEET_ID,
  SA_EMAIL,
  SHEET_ID,
  clearTimers,
  ensureCertificate,
  googleStandin,
  jiraStandin,
  motionStandin,
  notionStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "mcp-gsheets": "1.10.3",
  motionmcp: "2.9.0",
  "@aashari/mcp-server-atlassian-jira": "3.3.0",
  "notion-mcp-server": "1.0.1",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");
const SA_KEY = path.join(DATA, "sa-key.pem");

/** A service account key made once by openssl (the JWT it signs is only ever sent to the stand-in). */
function serviceAccountKey(): string {
  if (!fs.existsSync(SA_KEY)) {
    fs.mkdirSync(DATA, { recursive: true });
    execFileSync(
      "openssl",
      ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", SA_KEY],
      {
        stdio: "ignore",
      },
    );
  }
  return fs.readFileSync(SA_KEY, "utf8");
}

// ------------------------------------------------------------------------------------------ Google Sheets

const gsheetsEnv = () => ({
  GOOGLE_CLIENT_EMAIL: SA_EMAIL,
  GOOGLE_PRIVATE_KEY: serviceAccountKey(),
  HTTPS_PROXY: `http://127.0.0.1:${GOOGLE_PROXY_PORT}`,
  NODE_EXTRA_CA_CERTS: CERT,
  HOME,
});

const gsheets: SessionSpec = {
  label: "r17-a-gsheets",
  server: "mcp-gsheets",
  transport: "stdio",
  start: (reporter) =>
    stdioServer("r17-a-gsheets", "mcp-gsheets", { from: FROM, cwd: DATA, env: gsheetsEnv() })(reporter),
  steps: [
    step("gs-001", "sheets_get_metadata", { spreadsheetId: SHEET_ID }, "the spreadsheet's title and tabs"),
    step(
      "gs-002",
      "sheets_get_values",
      { spreadsheetId: SHEET_ID, range: "Budget!A1:D6" },
      "the budget table",
    ),
    step(
      "gs-003",
      "sheets_get_values",
      { spreadsheetId: SHEET_ID, range: "Budget!H1:H20" },
      "a column with nothing in it",
    ),
    step(
      "gs-004",
      "sheets_batch_get_values",
      { spreadsheetId: SHEET_ID, ranges: ["Budget!A1:D2", "'Q3 Forecast'!A1:C4"] },
      "two ranges from two tabs at once",
    ),
    step(
      "gs-005",
      "sheets_get_values",
      { spreadsheetId: SHEET_ID, range: "Budgte!A1:D6" },
      "a range on a tab that does not exist (misspelt)",
    ),
    step(
      "gs-006",
      "sheets_get_values",
      { spreadsheetId: SHEET_ID, range: "Budgte!A1:D6" },
      "the same misspelt tab again, unchanged",
    ),
    step(
      "gs-007",
      "sheets_get_metadata",
      { spreadsheetId: "1zzZZzz9NoSuchSheet0000000000000000000000000" },
      "a spreadsheet id that does not exist",
    ),
    step(
      "gs-008",
      "sheets_update_values",
      { spreadsheetId: SHEET_ID, range: "Budget!D2", values: [[17480]] },
      "write one cell",
    ),
    step(
      "gs-009",
      "sheets_append_values",
      { spreadsheetId: SHEET_ID, range: "Budget!A:D", values: [["Hardware", "Marco", "$12,000", "$0"]] },
      "append a row to the table",
    ),
    step(
      "gs-010",
      "sheets_insert_sheet",
      { spreadsheetId: SHEET_ID, title: "Budget" },
      "add a tab whose name is taken",
    ),
    step(
      "gs-011",
      "sheets_delete_sheet",
      { spreadsheetId: SHEET_ID, sheetId: 999 },
      "delete a tab id that does not exist",
    ),
    step("gs-012", "sheets_insert_sheet", { spreadsheetId: SHEET_ID, title: "Q4 Forecast" }, "add a new tab"),
    step(
      "gs-013",
      "sheets_get_values",
      { spreadsheetId: PRIVATE_SHEET_ID, range: "Sheet1!A1:C10" },
      "a spreadsheet not shared with the service account (403)",
    ),
    step(
      "gs-014",
      "sheets_get_values",
      { spreadsheetId: SHEET_ID, range: "'Q3 Forecast'!A1:C4" },
      "values while the per-minute read quota is spent (429)",
      flag("gsQuota"),
    ),
    step(
      "gs-015",
      "sheets_get_metadata",
      { spreadsheetId: SHEET_ID },
      "metadata while the API answers 500 INTERNAL",
      flag("gsServerError"),
    ),
    step(
      "gs-016",
      "sheets_get_values",
      { spreadsheetId: SHEET_ID, range: "Budget!A1:D6" },
      "values while the API answers 503 UNAVAILABLE",
      flag("gsUnavailable"),
    ),
    step(
      "gs-017",
      "sheets_get_values",
      { spreadsheetId: SHEET_ID, range: "Budget!A1:D6" },
      "values while Google's front end answers an HTML 502",
      flag("gsBadGateway"),
    ),
    step(
      "gs-018",
      "sheets_get_metadata",
      { spreadsheetId: "slow-sheet-export" },
      "metadata the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "gs-019",
      "sheets_sort_range",
      { spreadsheetId: SHEET_ID, range: "Budget!A2:D6" },
      "a tool the server does not have",
    ),
    step("gs-020", "sheets_get_values", { spreadsheetId: SHEET_ID }, "values without the required range"),
    step(
      "gs-021",
      "sheets_delete_sheet",
      { spreadsheetId: SHEET_ID, sheetId: "Q3 Forecast" },
      "a tab given by name where its numeric id is required",
    ),
    step(
      "gs-022",
      "sheets_batch_get_values",
      { spreadsheetId: SHEET_ID, ranges: ["'Q3 Forecast'!A1:C2"] },
      "values while Google cannot be reached (stand-in stopped)",
      down(googleStandin),
    ),
    step(
      "gs-023",
      "sheets_get_metadata",
      { spreadsheetId: "slow-sheet-export" },
      "a slow lookup; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

const gsheetsRevoked: SessionSpec = {
  label: "r17-a-gsheets-revoked",
  server: "mcp-gsheets",
  transport: "stdio",
  start: async (reporter) => {
    state.gsKeyRevoked = true;
    return stdioServer("r17-a-gsheets-revoked", "mcp-gsheets", { from: FROM, cwd: DATA, env: gsheetsEnv() })(
      reporter,
    );
  },
  steps: [
    step(
      "gsr-001",
      "sheets_get_values",
      { spreadsheetId: SHEET_ID, range: "Budget!A1:D6" },
      "values after the service account key was deleted (the token endpoint answers invalid_grant)",
    ),
    step(
      "gsr-002",
      "sheets_get_values",
      { spreadsheetId: SHEET_ID, range: "Budget!A1:D6" },
      "the same call again, unchanged",
      {
        after: async () => {
          state.gsKeyRevoked = false;
        },
      },
    ),
  ],
};

// ------------------------------------------------------------------------------------------------ Motion

const motion: SessionSpec = {
  label: "r17-a-motion",
  server: "motionmcp",
  transport: "stdio",
  start: stdioServer("r17-a-motion", "motionmcp", {
    from: FROM,
    cwd: DATA,
    env: {
      MOTION_API_KEY: MOTION_KEY,
      HTTPS_PROXY: `http://127.0.0.1:${MOTION_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      HOME,
    },
  }),
  steps: [
    step("mo-001", "motion_workspaces", { operation: "list" }, "the workspaces the key can see"),
    step("mo-002", "motion_users", { operation: "current" }, "who the API key belongs to"),
    step(
      "mo-003",
      "motion_projects",
      { operation: "list", workspaceName: "Acme Ops" },
      "projects of a workspace named by name",
    ),
    step(
      "mo-004",
      "motion_tasks",
      { operation: "list", workspaceId: MO_WORKSPACE },
      "open tasks in the team workspace",
    ),
    step(
      "mo-005",
      "motion_tasks",
      { operation: "list", workspaceId: MO_WORKSPACE, projectId: MO_EMPTY_PROJECT },
      "tasks of a project that has none yet",
    ),
    step("mo-006", "motion_tasks", { operation: "get", taskId: MO_TASK }, "one task by id"),
    step(
      "mo-007",
      "motion_tasks",
      { operation: "get", taskId: "tsk_0000000000nosuch" },
      "a task id that does not exist",
    ),
    step(
      "mo-008",
      "motion_tasks",
      { operation: "get", taskId: "tsk_0000000000nosuch" },
      "the same missing task again, unchanged",
    ),
    step(
      "mo-009",
      "motion_tasks",
      {
        operation: "create",
        name: "Book the January vendor review call",
        workspaceId: MO_WORKSPACE,
        dueDate: "2026-12-19T17:00:00.000Z",
        duration: 30,
      },
      "create a task",
    ),
    step(
      "mo-010",
      "motion_tasks",
      { operation: "create", workspaceId: MO_WORKSPACE },
      "create a task without a name",
    ),
    step(
      "mo-011",
      "motion_tasks",
      {
        operation: "create",
        name: "Renew the TLS certificates",
        workspaceId: MO_WORKSPACE,
        dueDate: "next friday-ish",
      },
      "create a task with a due date the API cannot read",
    ),
    step(
      "mo-012",
      "motion_projects",
      { operation: "list", workspaceName: "Marketing" },
      "projects of a workspace name that does not exist",
    ),
    step(
      "mo-013",
      "motion_search",
      { operation: "content", query: "vendor", workspaceId: MO_WORKSPACE },
      "search tasks and projects for a word",
    ),
    step(
      "mo-014",
      "motion_search",
      { operation: "content", query: "kubernetes migration", workspaceId: MO_WORKSPACE },
      "a search that finds nothing",
    ),
    step("mo-015", "motion_comments", { operation: "list", taskId: MO_TASK }, "comments on a task"),
    step(
      "mo-016",
      "motion_comments",
      { operation: "create", taskId: MO_TASK, content: "AWS quote arrived, 8% above Hetzner." },
      "comment on a task while the API answers 429 (Retry-After: 60)",
      flag("moRateLimited"),
    ),
    step(
      "mo-017",
      "motion_statuses",
      { operation: "list", workspaceId: MO_WORKSPACE },
      "the workspace's statuses",
    ),
    step(
      "mo-018",
      "motion_tasks",
      { operation: "delete", taskId: MO_LOCKED_TASK },
      "delete a task the user may not delete (403)",
    ),
    step(
      "mo-019",
      "motion_tasks",
      { operation: "get", taskId: MO_TASK },
      "a task while the API answers 500 (the server retries GETs)",
      flag("moServerError"),
    ),
    step(
      "mo-020",
      "motion_tasks",
      { operation: "get", taskId: MO_TASK },
      "a task while CloudFront answers an HTML 502",
      flag("moBadGateway"),
    ),
    step(
      "mo-021",
      "motion_tasks",
      { operation: "get", taskId: MO_TASK },
      "a task after the API key was deleted (401)",
      flag("moKeyRevoked"),
    ),
    step(
      "mo-022",
      "motion_tasks",
      { operation: "get", taskId: "tsk_slow" },
      "a task the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("mo-023", "motion_calendar", { operation: "list" }, "a tool the server does not have"),
    step("mo-024", "motion_tasks", { operation: "archive", taskId: MO_TASK }, "an operation not in the enum"),
    step(
      "mo-025",
      "motion_tasks",
      { operation: "get", taskId: MO_TASK },
      "a task while Motion cannot be reached (stand-in stopped)",
      down(motionStandin),
    ),
    step(
      "mo-026",
      "motion_tasks",
      { operation: "get", taskId: "tsk_slow" },
      "a slow lookup; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// -------------------------------------------------------------------------------------------------- Jira

const jira: SessionSpec = {
  label: "r17-a-jira",
  server: "@aashari/mcp-server-atlassian-jira",
  transport: "stdio",
  start: stdioServer("r17-a-jira", "@aashari/mcp-server-atlassian-jira", {
    from: FROM,
    cwd: DATA,
    env: {
      ATLASSIAN_SITE_NAME: JIRA_SITE,
      ATLASSIAN_USER_EMAIL: JIRA_EMAIL,
      ATLASSIAN_API_TOKEN: JIRA_TOKEN,
      HTTPS_PROXY: `http://127.0.0.1:${JIRA_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import=${path.join(FROM, "proxy-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step("jr-001", "jira_get", { path: "/rest/api/3/project" }, "list the projects"),
    step(
      "jr-002",
      "jira_get",
      {
        path: "/rest/api/3/search/jql",
        queryParams: { jql: "project = OPS AND statusCategory != Done", maxResults: "20" },
        jq: "issues[*].{key: key, summary: fields.summary, status: fields.status.name}",
      },
      "open issues of a project, reduced with jq",
    ),
    step(
      "jr-003",
      "jira_get",
      { path: "/rest/api/3/search/jql", queryParams: { jql: "project = FIN AND created >= -7d" } },
      "a JQL search that matches nothing",
    ),
    step(
      "jr-004",
      "jira_get",
      { path: "/rest/api/3/issue/OPS-142", outputFormat: "json" },
      "one issue as JSON",
    ),
    step("jr-005", "jira_get", { path: "/rest/api/3/issue/OPS-9999" }, "an issue key that does not exist"),
    step(
      "jr-006",
      "jira_get",
      { path: "/rest/api/3/issue/OPS-9999" },
      "the same missing issue again, unchanged",
    ),
    step(
      "jr-007",
      "jira_get",
      { path: "/rest/api/3/search/jql", queryParams: { jql: "project = PLATFORM ORDER BY created DESC" } },
      "JQL naming a project that does not exist",
    ),
    step(
      "jr-008",
      "jira_get",
      { path: "/rest/api/3/search/jql", queryParams: { jql: "statsu = 'In Progress'" } },
      "JQL with a misspelt field",
    ),
    step(
      "jr-009",
      "jira_post",
      {
        path: "/rest/api/3/issue",
        body: {
          fields: {
            project: { key: "OPS" },
            summary: "Alert on certificate expiry 14 days ahead",
            issuetype: { name: "Task" },
          },
        },
      },
      "create an issue",
    ),
    step(
      "jr-010",
      "jira_post",
      {
        path: "/rest/api/3/issue",
        body: { fields: { project: { key: "OPS" }, issuetype: { name: "Epic-ish" } } },
      },
      "create an issue without a summary and with an unknown type (field errors)",
    ),
    step(
      "jr-011",
      "jira_put",
      { path: "/rest/api/3/issue/OPS-142", body: { fields: { labels: ["on-call", "security"] } } },
      "edit an issue's labels (204, no body)",
    ),
    step(
      "jr-012",
      "jira_post",
      { path: "/rest/api/3/issue/OPS-139/transitions", body: { transition: { id: "99" } } },
      "a transition id that is not valid for the issue",
    ),
    step(
      "jr-013",
      "jira_post",
      { path: "/rest/api/3/version", body: { name: "2026.12", projectId: 10001 } },
      "create a version whose name is taken",
    ),
    step(
      "jr-014",
      "jira_delete",
      { path: "/rest/api/3/issue/OPS-131" },
      "delete an issue without the right (403)",
    ),
    step(
      "jr-015",
      "jira_get",
      { path: "/rest/api/3/user/search", queryParams: { query: "margaret" } },
      "a user search that finds nobody",
    ),
    step(
      "jr-016",
      "jira_get",
      { path: "/rest/api/3/myself" },
      "the current user after the API token was revoked (401)",
      flag("jrTokenRevoked"),
    ),
    step(
      "jr-017",
      "jira_get",
      { path: "/rest/api/3/search/jql", queryParams: { jql: "project = OPS" } },
      "a search while the tenant's rate limit is spent (429, Retry-After: 47)",
      flag("jrRateLimited"),
    ),
    step(
      "jr-018",
      "jira_get",
      { path: "/rest/api/3/issue/OPS-142" },
      "an issue while Jira answers 500",
      flag("jrServerError"),
    ),
    step(
      "jr-019",
      "jira_get",
      { path: "/rest/api/3/project" },
      "projects while Jira answers 503",
      flag("jrUnavailable"),
    ),
    step(
      "jr-020",
      "jira_get",
      { path: "/rest/api/3/issue/OPS-142" },
      "an issue while the edge answers an HTML 502",
      flag("jrBadGateway"),
    ),
    step(
      "jr-021",
      "jira_get",
      { path: "/rest/api/3/search/jql", queryParams: { jql: "project = OPS AND text ~ slow" } },
      "a search Jira takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("jr-022", "jira_search", { jql: "project = OPS" }, "a tool the server does not have"),
    step("jr-023", "jira_get", { queryParams: { jql: "project = OPS" } }, "a GET without the required path"),
    step(
      "jr-024",
      "jira_get",
      { path: "/rest/api/3/project" },
      "projects while Jira cannot be reached (stand-in stopped)",
      down(jiraStandin),
    ),
    step(
      "jr-025",
      "jira_get",
      { path: "/rest/api/3/search/jql", queryParams: { jql: "project = OPS AND text ~ slow" } },
      "a slow search; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ------------------------------------------------------------------------------------------------ Notion

const text = (content: string) => [{ type: "text", text: { content } }];

const notion: SessionSpec = {
  label: "r17-a-notion",
  server: "notion-mcp-server",
  transport: "stdio",
  start: stdioServer("r17-a-notion", "notion-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      NOTION_TOKEN,
      NOTION_PAGE_ID: NO_ROOT_PAGE,
      NOTION_STANDIN_PORT: String(NOTION_PORT),
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import=${path.join(FROM, "https-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step(
      "no-001",
      "notion_users",
      { payload: { action: "list_users", params: {} } },
      "the workspace's users",
    ),
    step(
      "no-002",
      "notion_users",
      { payload: { action: "get_bot_user", params: {} } },
      "the integration's own bot user",
    ),
    step(
      "no-003",
      "notion_pages",
      { payload: { action: "search_pages", params: { query: "Onboarding" } } },
      "search pages by title",
    ),
    step(
      "no-004",
      "notion_pages",
      { payload: { action: "search_pages", params: { query: "Kubernetes upgrade runbook" } } },
      "a page search that finds nothing",
    ),
    step(
      "no-005",
      "notion_blocks",
      { payload: { action: "retrieve_block_children", params: { blockId: NO_ROOT_PAGE } } },
      "the blocks of the root page",
    ),
    step(
      "no-006",
      "notion_blocks",
      { payload: { action: "retrieve_block", params: { blockId: "f00dfeed-0000-4000-8000-000000000000" } } },
      "a block id that does not exist (or is not shared)",
    ),
    step(
      "no-007",
      "notion_blocks",
      { payload: { action: "retrieve_block", params: { blockId: "f00dfeed-0000-4000-8000-000000000000" } } },
      "the same missing block again, unchanged",
    ),
    step(
      "no-008",
      "notion_database",
      { payload: { action: "query_database", params: { database_id: NO_DB } } },
      "every row of the team's task database",
    ),
    step(
      "no-009",
      "notion_database",
      {
        payload: {
          action: "query_database",
          params: { database_id: NO_DB, filter: { property: "Status", status: { equals: "Blocked" } } },
        },
      },
      "rows with a status no row has",
    ),
    step(
      "no-010",
      "notion_database",
      {
        payload: {
          action: "query_database",
          params: { database_id: NO_DB, filter: { property: "Stauts", status: { equals: "Done" } } },
        },
      },
      "a filter on a misspelt property",
    ),
    step(
      "no-011",
      "notion_pages",
      {
        payload: {
          action: "create_page",
          params: {
            properties: {
              title: { title: [{ text: { content: "Postmortem: 2026-12-05 checkout latency" } }] },
            },
          },
        },
      },
      "create a page under the root page",
    ),
    step(
      "no-012",
      "notion_pages",
      {
        payload: {
          action: "update_page_properties",
          params: {
            pageId: NO_ARCHIVED_PAGE,
            properties: { title: { title: [{ text: { content: "Old runbook (kept)" } }] } },
          },
        },
      },
      "rename a page that is archived",
    ),
    step(
      "no-013",
      "notion_comments",
      { payload: { action: "get_comments", params: { block_id: "4d7e0f53-2a1b-4c9d-9e4f-5a6b7c8d9e0f" } } },
      "comments on a page",
    ),
    step(
      "no-014",
      "notion_comments",
      {
        payload: {
          action: "add_page_comment",
          params: {
            parent: { page_id: "4d7e0f53-2a1b-4c9d-9e4f-5a6b7c8d9e0f" },
            rich_text: text("Done, VPN step added."),
          },
        },
      },
      "comment on a page with an integration lacking the insert-comments capability (403)",
    ),
    step(
      "no-015",
      "notion_blocks",
      {
        payload: {
          action: "update_block",
          params: {
            blockId: "8c1d4e97-6f5a-4b3c-9d8e-9f0a1b2c3d4e",
            data: {
              type: "paragraph",
              paragraph: { rich_text: text("Engineers join the rota after week three.") },
            },
          },
        },
      },
      "edit a block while another edit is being saved (409 conflict_error)",
      flag("noConflict"),
    ),
    step(
      "no-016",
      "notion_users",
      { payload: { action: "list_users", params: {} } },
      "users after the integration token was revoked (401)",
      flag("noTokenRevoked"),
    ),
    step(
      "no-017",
      "notion_pages",
      { payload: { action: "search_pages", params: { query: "Onboarding" } } },
      "search while Notion answers 429 (Retry-After: 27)",
      flag("noRateLimited"),
    ),
    step(
      "no-018",
      "notion_database",
      { payload: { action: "query_database", params: { database_id: NO_DB } } },
      "query while Notion answers 500",
      flag("noServerError"),
    ),
    step(
      "no-019",
      "notion_blocks",
      { payload: { action: "retrieve_block_children", params: { blockId: NO_ROOT_PAGE } } },
      "blocks while Cloudflare answers an HTML 502",
      flag("noBadGateway"),
    ),
    step(
      "no-020",
      "notion_pages",
      { payload: { action: "search_pages", params: { query: "Onboarding" } } },
      "search while Notion answers 503",
      flag("noUnavailable"),
    ),
    step(
      "no-021",
      "notion_pages",
      { payload: { action: "search_pages", params: { query: "slow: quarterly planning" } } },
      "a search Notion takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("no-022", "notion_search", { query: "Onboarding" }, "a tool the server does not have"),
    step(
      "no-023",
      "notion_pages",
      { payload: { action: "delete_page", params: { pageId: NO_ARCHIVED_PAGE } } },
      "an action the tool's schema does not have",
    ),
    step(
      "no-024",
      "notion_users",
      { payload: { action: "list_users", params: {} } },
      "users while Notion cannot be reached (stand-in stopped)",
      down(notionStandin),
    ),
    step(
      "no-025",
      "notion_pages",
      { payload: { action: "search_pages", params: { query: "slow: roadmap" } } },
      "a slow search; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [gsheets, gsheetsRevoked, motion, jira, notion];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  serviceAccountKey();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
