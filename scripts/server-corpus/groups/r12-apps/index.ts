// Group r12-apps: business and productivity applications — a no-code database (Airtable, over Streamable
// HTTP), project management (Asana, Backlog), team chat (Chatwork) and a messaging channel (LINE Official
// Account) — each behind a loopback stand-in that answers with the real API's bodies and error bodies
// (standins.ts). LINE is reached at its configured base URL; Airtable, Chatwork and Backlog, whose hosts are
// built into their servers, through loopback TLS proxies; Asana through a loopback TLS stand-in.
//
//   (cd scripts/server-corpus/groups/r12-apps && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r12-apps

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  AIRTABLE_MCP_PORT,
  AIRTABLE_PROXY_PORT,
  AIRTABLE_TOKEN,
  ALL_STANDINS,
  ASANA_TLS_PORT,
  ASANA_TOKEN,
  BACKLOG_HOST,
  BACKLOG_KEY,
  BACKLOG_PROXY_PORT,
  CERT,
  CHATWORK_PROXY_PORT,
  CHATWORK_TOKEN,
  DATA,
  LINE_PORT,
  LINE_TOKEN,
  LINE_USER,
  airtableStandin,
  asanaStandin,
  backlogStandin,
  chatworkStandin,
  clearTimers,
  ensureCertificate,
  lineStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "airtable-mcp-server": "1.14.0",
  "@roychri/mcp-server-asana": "1.8.0",
  "@chatwork/mcp-server": "0.0.4",
  "@line/line-bot-mcp-server": "0.5.0",
  "backlog-mcp-server": "0.20.4",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const proxied = (port: number) => ({
  HTTPS_PROXY: `http://127.0.0.1:${port}`,
  NODE_EXTRA_CA_CERTS: CERT,
  NODE_OPTIONS: `--import=${path.join(FROM, "proxy-preload.mjs")}`,
  HOME: path.join(DATA, "home"),
});

// ---------------------------------------------------------------------------------------- Airtable

const BASE = "appQ3sK8wXn2Lm1Pq";
const TASKS = "tblR7vC2mN8kP4xQa";
const CLIENTS = "tblH5jD9sF3gK1wZe";
const SLOW_RECORDS = { baseId: BASE, tableId: TASKS, filterByFormula: "{Name} = 'Slow report'" };

const airtable: SessionSpec = {
  label: "r12-apps-airtable",
  server: "airtable-mcp-server",
  transport: "http",
  start: httpServer("r12-apps-airtable", "airtable-mcp-server", {
    from: FROM,
    port: AIRTABLE_MCP_PORT,
    env: {
      MCP_TRANSPORT: "http",
      PORT: String(AIRTABLE_MCP_PORT),
      AIRTABLE_API_KEY: AIRTABLE_TOKEN,
      ...proxied(AIRTABLE_PROXY_PORT),
    },
  }),
  steps: [
    step("at-001", "list_bases", {}, "list the bases the token can see"),
    step("at-002", "list_tables", { baseId: BASE }, "the tables of the Client Ops base"),
    step("at-003", "list_tables", { baseId: "appN0tAB4se00000x" }, "tables of a base id that does not exist"),
    step("at-004", "list_records", { baseId: BASE, tableId: TASKS, maxRecords: 10 }, "list task records"),
    step(
      "at-005",
      "list_records",
      { baseId: BASE, tableId: TASKS, filterByFormula: "{Status} = 'Blocked'" },
      "a filter that matches no records",
    ),
    step("at-006", "list_records", { baseId: BASE, tableId: CLIENTS }, "a table with no records"),
    step(
      "at-007",
      "search_records",
      { baseId: BASE, tableId: TASKS, searchTerm: "pricing" },
      "search task text",
    ),
    step(
      "at-008",
      "get_record",
      { baseId: BASE, tableId: TASKS, recordId: "recT1a2B3c4D5e6F7" },
      "one record",
    ),
    step(
      "at-009",
      "get_record",
      { baseId: BASE, tableId: TASKS, recordId: "recZZ9yy8XX7ww6VV" },
      "a record id that does not exist",
    ),
    step(
      "at-010",
      "get_record",
      { baseId: BASE, tableId: TASKS, recordId: "recZZ9yy8XX7ww6VV" },
      "the same missing record again, unchanged",
    ),
    step(
      "at-011",
      "list_records",
      { baseId: BASE, tableId: TASKS, filterByFormula: "{Priority} = 'High'" },
      "a formula naming a field the table does not have",
    ),
    step(
      "at-012",
      "create_record",
      {
        baseId: BASE,
        tableId: TASKS,
        fields: { Name: "Send December invoices", Status: "Todo", Owner: "lee@acme.io" },
      },
      "create a task record",
    ),
    step(
      "at-013",
      "create_record",
      { baseId: BASE, tableId: TASKS, fields: { Name: "Call Northwind", Priorty: "High" } },
      "create a record with a misspelt field name",
    ),
    step(
      "at-014",
      "create_record",
      { baseId: BASE, tableId: TASKS, fields: { Name: "Call Northwind", Owner: "lee at acme" } },
      "create a record with an invalid e-mail value",
    ),
    step(
      "at-015",
      "update_records",
      { baseId: BASE, tableId: TASKS, records: [{ id: "recZZ9yy8XX7ww6VV", fields: { Status: "Done" } }] },
      "update a record that does not exist",
    ),
    step(
      "at-016",
      "delete_records",
      { baseId: BASE, tableId: TASKS, recordIds: ["recT3m4N5o6P7q8R9"] },
      "delete one record",
    ),
    step(
      "at-017",
      "describe_table",
      { baseId: BASE, tableId: "tblN0tATab1e0000x" },
      "describe a table id the base does not have",
    ),
    step(
      "at-018",
      "list_records",
      { baseId: BASE, tableId: TASKS, maxRecords: "ten" },
      "maxRecords given as a word",
    ),
    step("at-019", "list_bases", {}, "list bases after the token was revoked", flag("airtableTokenRevoked")),
    step(
      "at-020",
      "list_records",
      { baseId: BASE, tableId: TASKS },
      "list records over the per-base rate limit (429)",
      flag("airtableRateLimited"),
    ),
    step(
      "at-021",
      "list_records",
      { baseId: BASE, tableId: TASKS },
      "list records while a gateway answers an HTML 502",
      flag("airtableBadGateway"),
    ),
    step("at-022", "list_records", SLOW_RECORDS, "a listing that takes Airtable 15 s; the client waits 3 s", {
      timeoutMs: 3000,
    }),
    step("at-023", "export_base", { baseId: BASE }, "a tool the server does not have"),
    step(
      "at-024",
      "list_bases",
      {},
      "list bases while Airtable cannot be reached (proxy stopped)",
      down(airtableStandin),
    ),
    step(
      "at-025",
      "list_records",
      SLOW_RECORDS,
      "a slow listing; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ------------------------------------------------------------------------------------------- Asana

const WS = "1208841130015500";
const TASK = "1209112233440001";

const asana: SessionSpec = {
  label: "r12-apps-asana",
  server: "@roychri/mcp-server-asana",
  transport: "stdio",
  start: stdioServer("r12-apps-asana", "@roychri/mcp-server-asana", {
    from: FROM,
    cwd: DATA,
    env: {
      ASANA_ACCESS_TOKEN: ASANA_TOKEN,
      ASANA_STANDIN_PORT: String(ASANA_TLS_PORT),
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import=${path.join(FROM, "https-preload.mjs")}`,
      HOME: path.join(DATA, "home"),
    },
  }),
  steps: [
    step("as-001", "asana_list_workspaces", {}, "list workspaces"),
    step(
      "as-002",
      "asana_search_projects",
      { workspace: WS, name_pattern: "Website" },
      "projects whose name matches",
    ),
    step(
      "as-003",
      "asana_search_projects",
      { workspace: WS, name_pattern: "^Payroll" },
      "a pattern no project matches",
    ),
    step(
      "as-004",
      "asana_search_projects",
      { workspace: "1208841130019999", name_pattern: "Website" },
      "projects of a workspace id that does not exist",
    ),
    step("as-005", "asana_get_task", { task_id: TASK }, "one task"),
    step("as-006", "asana_get_task", { task_id: "1209112233449999" }, "a task id that does not exist"),
    step(
      "as-007",
      "asana_get_task",
      { task_id: "1209112233449999" },
      "the same missing task again, unchanged",
    ),
    step("as-008", "asana_get_task", { task_id: "hero-copy" }, "a task id that is not a GID"),
    step("as-009", "asana_search_tasks", { workspace: WS, text: "redirect" }, "search tasks by text"),
    step(
      "as-010",
      "asana_search_tasks",
      { workspace: WS, text: "tax filing" },
      "a task search that finds nothing",
    ),
    step(
      "as-011",
      "asana_create_task",
      { project_id: "1209001234500011", name: "Compress hero images", notes: "Target under 200 KB each." },
      "create a task in a project",
    ),
    step(
      "as-012",
      "asana_create_task",
      { project_id: "1209001234500099", name: "Board deck review" },
      "create a task in a project the token cannot access",
    ),
    step(
      "as-013",
      "asana_update_task",
      { task_id: TASK, due_on: "next friday" },
      "a due date that is not a date",
    ),
    step(
      "as-014",
      "asana_create_task_story",
      { task_id: TASK, text: "Variant B is live on staging." },
      "comment on a task",
    ),
    step(
      "as-015",
      "asana_get_project",
      { project_id: "1209001234500099" },
      "a project the token may not read",
    ),
    step(
      "as-016",
      "asana_get_task",
      { task_id: TASK },
      "a task after the token expired",
      flag("asanaTokenExpired"),
    ),
    step(
      "as-017",
      "asana_list_workspaces",
      {},
      "list workspaces over the rate limit (429)",
      flag("asanaRateLimited"),
    ),
    step(
      "as-018",
      "asana_get_project",
      { project_id: "1209001234500011" },
      "a project while Asana answers 500",
      flag("asanaServerError"),
    ),
    step(
      "as-019",
      "asana_list_workspaces",
      {},
      "list workspaces during a maintenance window (HTML 503)",
      flag("asanaMaintenancePage"),
    ),
    step(
      "as-020",
      "asana_search_tasks",
      { workspace: WS, text: "quarterly board pack" },
      "a task search that takes Asana 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("as-021", "asana_delete_workspace", { workspace: WS }, "a tool the server does not have"),
    step(
      "as-022",
      "asana_list_workspaces",
      {},
      "list workspaces while Asana cannot be reached",
      down(asanaStandin),
    ),
    step(
      "as-023",
      "asana_search_tasks",
      { workspace: WS, text: "quarterly board pack" },
      "a slow search; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ---------------------------------------------------------------------------------------- Chatwork

const LAUNCH = 381920044;
const SUPPORT = 381920051;

const chatwork: SessionSpec = {
  label: "r12-apps-chatwork",
  server: "@chatwork/mcp-server",
  transport: "stdio",
  start: stdioServer("r12-apps-chatwork", "@chatwork/mcp-server", {
    from: FROM,
    cwd: DATA,
    env: { CHATWORK_API_TOKEN: CHATWORK_TOKEN, ...proxied(CHATWORK_PROXY_PORT) },
  }),
  steps: [
    step("cw-001", "get_me", {}, "the token's own account"),
    step("cw-002", "list_rooms", {}, "list chat rooms"),
    step("cw-003", "get_room", { path: { room_id: LAUNCH } }, "one room"),
    step("cw-004", "get_room", { path: { room_id: 999000111 } }, "a room id that does not exist"),
    step(
      "cw-005",
      "list_room_messages",
      { path: { room_id: LAUNCH }, query: { force: 0 } },
      "new messages in a room",
    ),
    step(
      "cw-006",
      "list_room_messages",
      { path: { room_id: SUPPORT }, query: { force: 0 } },
      "a room with no new messages (HTTP 204)",
    ),
    step(
      "cw-007",
      "post_room_message",
      { path: { room_id: LAUNCH }, body: { body: "Checklist done, launching at 14:00.", self_unread: 0 } },
      "post a message",
    ),
    step(
      "cw-008",
      "post_room_message",
      { path: { room_id: LAUNCH }, body: { body: "", self_unread: 0 } },
      "post an empty message",
    ),
    step(
      "cw-009",
      "post_room_message",
      { path: { room_id: SUPPORT }, body: { body: "Escalating ticket #4411.", self_unread: 0 } },
      "post to a room where the account may only read",
    ),
    step("cw-010", "list_my_tasks", { query: {} }, "the account's own open tasks (none)"),
    step(
      "cw-011",
      "list_room_tasks",
      { path: { room_id: LAUNCH }, query: { status: "done" } },
      "done tasks of a room (none, HTTP 204)",
    ),
    step(
      "cw-012",
      "create_room_task",
      { path: { room_id: LAUNCH }, body: { body: "Update status page", to_ids: "lee", limit_type: "none" } },
      "a task assigned to a name instead of an account id",
    ),
    step(
      "cw-013",
      "create_room_task",
      {
        path: { room_id: LAUNCH },
        body: { body: "Update status page", to_ids: "9999999", limit_type: "none" },
      },
      "a task assigned to an account outside the room",
    ),
    step(
      "cw-014",
      "get_room_message",
      { path: { room_id: LAUNCH, message_id: "1850921334471180288" } },
      "one message",
    ),
    step(
      "cw-015",
      "get_room_message",
      { path: { room_id: LAUNCH, message_id: "1850921334471189999" } },
      "a message id that does not exist",
    ),
    step("cw-016", "get_room", { path: { room_id: "product-launch" } }, "a room id given as a name"),
    step(
      "cw-017",
      "delete_or_leave_room",
      { path: { room_id: SUPPORT }, body: { action_type: "delete" } },
      "delete a room where the account is not an admin",
    ),
    step("cw-018", "get_me", {}, "the account after the API token was revoked", flag("chatworkTokenInvalid")),
    step("cw-019", "list_rooms", {}, "list rooms over the rate limit (429)", flag("chatworkRateLimited")),
    step(
      "cw-020",
      "list_rooms",
      {},
      "list rooms while Chatwork answers an HTML 503",
      flag("chatworkServerError"),
    ),
    step(
      "cw-021",
      "list_room_messages",
      { path: { room_id: LAUNCH }, query: { force: 1 } },
      "the latest messages take Chatwork 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("cw-022", "send_file", { path: { room_id: LAUNCH } }, "a tool the server does not have"),
    step(
      "cw-023",
      "list_rooms",
      {},
      "list rooms while Chatwork cannot be reached (proxy stopped)",
      down(chatworkStandin),
    ),
    step(
      "cw-024",
      "list_room_messages",
      { path: { room_id: LAUNCH }, query: { force: 1 } },
      "a slow message listing; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// -------------------------------------------------------------------------------------------- LINE

const line: SessionSpec = {
  label: "r12-apps-line",
  server: "@line/line-bot-mcp-server",
  transport: "stdio",
  start: stdioServer("r12-apps-line", "@line/line-bot-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      CHANNEL_ACCESS_TOKEN: LINE_TOKEN,
      DESTINATION_USER_ID: LINE_USER,
      LINE_MESSAGING_API_BASE_URL: `http://127.0.0.1:${LINE_PORT}`,
      HOME: path.join(DATA, "home"),
    },
  }),
  steps: [
    step("ln-001", "get_profile", {}, "the default user's profile"),
    step(
      "ln-002",
      "get_profile",
      { userId: "U0000000000000000000000000000dead" },
      "a user who is not a friend",
    ),
    step(
      "ln-003",
      "get_profile",
      { userId: "U0000000000000000000000000000dead" },
      "the same user again, unchanged",
    ),
    step("ln-004", "get_message_quota", {}, "this month's message quota and usage"),
    step(
      "ln-005",
      "push_text_message",
      { message: { type: "text", text: "Your order #5521 has shipped." } },
      "push a text",
    ),
    step(
      "ln-006",
      "push_text_message",
      { userId: "mina", message: { type: "text", text: "Your order #5521 has shipped." } },
      "push to a user id that is not a LINE user id",
    ),
    step("ln-007", "push_text_message", { message: { type: "text", text: "" } }, "push an empty text"),
    step(
      "ln-008",
      "push_text_message",
      { message: { type: "text", text: "x".repeat(5001) } },
      "push a text longer than 5,000 characters",
    ),
    step(
      "ln-009",
      "broadcast_text_message",
      { message: { type: "text", text: "Holiday opening hours: 10:00-16:00." } },
      "broadcast a text to all friends",
    ),
    step("ln-010", "get_follower_ids", {}, "follower ids on an unverified account"),
    step("ln-011", "get_rich_menu_list", {}, "list rich menus (none)"),
    step(
      "ln-012",
      "delete_rich_menu",
      { richMenuId: "richmenu-0000000000000000000000000000dead" },
      "delete a rich menu that does not exist",
    ),
    step(
      "ln-013",
      "set_rich_menu_default",
      { richMenuId: "richmenu-0000000000000000000000000000dead" },
      "make a missing rich menu the default",
    ),
    step("ln-014", "cancel_rich_menu_default", {}, "clear the default rich menu"),
    step(
      "ln-015",
      "push_text_message",
      { message: { type: "text", text: "Flash sale starts now." } },
      "push after the month's free messages ran out (429)",
      flag("lineMonthlyLimit"),
    ),
    step(
      "ln-016",
      "get_profile",
      {},
      "the profile after the channel token was revoked",
      flag("lineTokenRevoked"),
    ),
    step(
      "ln-017",
      "get_message_quota",
      {},
      "the quota over the API rate limit (429)",
      flag("lineRateLimited"),
    ),
    step("ln-018", "get_profile", {}, "the profile while LINE answers 500", flag("lineServerError")),
    step(
      "ln-019",
      "get_profile",
      { userId: "Uslowslowslowslowslowslowslowslow" },
      "a profile that takes LINE 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("ln-020", "get_friend_demographics", {}, "a tool the server does not have"),
    step(
      "ln-021",
      "get_profile",
      {},
      "the profile while LINE cannot be reached (stopped)",
      down(lineStandin),
    ),
    step(
      "ln-022",
      "get_profile",
      { userId: "Uslowslowslowslowslowslowslowslow" },
      "a slow profile; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ----------------------------------------------------------------------------------------- Backlog

const WEB = 104211;

const backlog: SessionSpec = {
  label: "r12-apps-backlog",
  server: "backlog-mcp-server",
  transport: "stdio",
  start: stdioServer("r12-apps-backlog", "backlog-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: { BACKLOG_DOMAIN: BACKLOG_HOST, BACKLOG_API_KEY: BACKLOG_KEY, ...proxied(BACKLOG_PROXY_PORT) },
  }),
  steps: [
    step("bl-001", "get_space", {}, "the space"),
    step("bl-002", "get_project_list", {}, "list projects"),
    step("bl-003", "get_project", { projectKey: "WEB" }, "one project by key"),
    step("bl-004", "get_project", { projectKey: "MKT" }, "a project key that does not exist"),
    step("bl-005", "get_project", { projectKey: "FIN" }, "a project the key's user may not see"),
    step("bl-006", "get_issues", { projectId: [WEB] }, "issues of a project"),
    step(
      "bl-007",
      "get_issues",
      { projectId: [WEB], keyword: "invoice" },
      "an issue search that finds nothing",
    ),
    step("bl-008", "get_issue", { issueKey: "WEB-41" }, "one issue"),
    step("bl-009", "get_issue", { issueKey: "WEB-999" }, "an issue key that does not exist"),
    step("bl-010", "get_issue", { issueKey: "WEB-999" }, "the same missing issue again, unchanged"),
    step("bl-011", "count_issues", { projectId: [WEB], keyword: "invoice" }, "count issues matching nothing"),
    step(
      "bl-012",
      "add_issue",
      { projectId: WEB, summary: "Add hreflang tags", issueTypeId: 552001, priorityId: 3 },
      "create an issue",
    ),
    step(
      "bl-013",
      "add_issue",
      { projectId: WEB, summary: "Add hreflang tags", issueTypeId: 1, priorityId: 3 },
      "create an issue with an issue type of another project",
    ),
    step(
      "bl-014",
      "add_issue_comment",
      { issueKey: "WEB-41", content: "Reproduced on Safari 18.2." },
      "comment on an issue",
    ),
    step("bl-015", "get_issues", { projectId: [WEB], count: 500 }, "ask for more issues than a page allows"),
    step("bl-016", "get_project", {}, "get_project with neither id nor key"),
    step("bl-017", "get_space", {}, "the space after the API key was deleted", flag("backlogKeyInvalid")),
    step(
      "bl-018",
      "get_issues",
      { projectId: [WEB] },
      "issues over the rate limit (429)",
      flag("backlogRateLimited"),
    ),
    step("bl-019", "get_project_list", {}, "projects while Backlog answers 500", flag("backlogServerError")),
    step("bl-020", "get_space", {}, "the space during maintenance (HTML 503)", flag("backlogMaintenance")),
    step(
      "bl-021",
      "get_issues",
      { projectId: [WEB], keyword: "slow-report" },
      "an issue search that takes Backlog 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("bl-022", "get_gantt_chart", { projectKey: "WEB" }, "a tool the server does not have"),
    step(
      "bl-023",
      "get_space",
      {},
      "the space while Backlog cannot be reached (proxy stopped)",
      down(backlogStandin),
    ),
    step(
      "bl-024",
      "get_issues",
      { projectId: [WEB], keyword: "slow-report" },
      "a slow search; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [airtable, asana, chatwork, line, backlog];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(path.join(DATA, "home"), { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
