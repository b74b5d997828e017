// Group r43-h: personal and team task managers — a photo studio's production to-dos on Basecamp through
// basecamp-mcp (Stefano Verna's server on basecamp-client), and a chief of staff's lists, tasks and checklist items
// in Microsoft To Do through microsoft-todo-mcp-server (Jordan Burke's fork of @jhirono/todomcp, on Microsoft Graph),
// and a consultant's Google Tasks through @alvincrave/gtasks-mcp (on googleapis). All three published servers run
// behind loopback stand-ins (standins.ts).
//
//   (cd scripts/server-corpus/groups/r43-h && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r43-h

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  BASECAMP_ACCOUNT,
  BASECAMP_CLIENT_ID,
  BASECAMP_CLIENT_SECRET,
  BASECAMP_PROXY_PORT,
  BASECAMP_REFRESH,
  BASECAMP_REKEYED,
  BC,
  CERT,
  DATA,
  GOOGLE_CLIENT_ID,
  GOOGLE_CLIENT_SECRET,
  GOOGLE_PROXY_PORT,
  GOOGLE_REFRESH,
  GRAPH_PROXY_PORT,
  GT,
  GRAPH_REFRESH,
  GRAPH_TOKEN,
  LISTS,
  TASKS,
  basecampProxy,
  basecampRateLimit,
  clearTimers,
  ensureCertificate,
  googleProxy,
  graphProxy,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@alvincrave/gtasks-mcp": "0.2.0",
  "basecamp-mcp": "1.0.4",
  "microsoft-todo-mcp-server": "1.1.3",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const PRELOAD = `--import ${path.join(FROM, "proxy-preload.mjs")}`;

const basecampEnv = (refreshToken: string) => ({
  HOME,
  NODE_OPTIONS: PRELOAD,
  HTTPS_PROXY: `http://127.0.0.1:${BASECAMP_PROXY_PORT}`,
  NODE_EXTRA_CA_CERTS: CERT,
  BASECAMP_CLIENT_ID,
  BASECAMP_CLIENT_SECRET,
  BASECAMP_REFRESH_TOKEN: refreshToken,
  BASECAMP_USER_AGENT: "Orla Studio agent (ines@orla.studio)",
  BASECAMP_ACCOUNT_ID: BASECAMP_ACCOUNT,
});

const b = { bucket_id: BC.project };

const basecampSession: SessionSpec = {
  label: "r43-h-basecamp",
  server: "basecamp-mcp",
  transport: "stdio",
  start: stdioServer("r43-h-basecamp", "basecamp-mcp", { from: FROM, env: basecampEnv(BASECAMP_REFRESH) }),
  steps: [
    step(
      "h-bc-001",
      "basecamp_get_me",
      {},
      "the authenticated user's profile (the first call refreshes the token)",
    ),
    step("h-bc-002", "basecamp_list_projects", {}, "the account's two active projects"),
    step("h-bc-003", "basecamp_list_projects", { filter: "^Payroll" }, "a name filter no project matches"),
    step("h-bc-004", "basecamp_get_project", { project_id: BC.project }, "the shoot project with its dock"),
    step(
      "h-bc-005",
      "basecamp_get_project",
      { project_id: BC.secretProject },
      "a project the user is not on: 403 Forbidden",
    ),
    step(
      "h-bc-006",
      "basecamp_get_todoset",
      { ...b, todoset_id: BC.todoset },
      "the project's to-do set and its lists",
    ),
    step(
      "h-bc-007",
      "basecamp_list_todos",
      { ...b, todolist_id: BC.todolist },
      "the open to-dos of a list, over two pages (Link rel=next)",
    ),
    step("h-bc-008", "basecamp_list_todos", { ...b, todolist_id: 6398202288 }, "a list with no to-dos yet"),
    step(
      "h-bc-009",
      "basecamp_create_todo",
      {
        ...b,
        todolist_id: BC.todolist,
        title: "Book catering for the shoot days",
        assignee_ids: [BC.colleague],
      },
      "a new to-do, assigned",
    ),
    step("h-bc-010", "basecamp_complete_todo", { ...b, todo_id: BC.todo }, "complete a to-do: 204"),
    step(
      "h-bc-011",
      "basecamp_complete_todo",
      { ...b, todo_id: BC.missingTodo },
      "a to-do id that does not exist: 404",
    ),
    step(
      "h-bc-012",
      "basecamp_complete_todo",
      { ...b, todo_id: BC.missingTodo },
      "the same call again, unchanged",
    ),
    step(
      "h-bc-013",
      "basecamp_update_todo",
      { ...b, todo_id: BC.todo, content_append: "<div>Deposit paid 7 Dec.</div>" },
      "append to a to-do's notes",
    ),
    step(
      "h-bc-014",
      "basecamp_update_todo",
      { ...b, todo_id: BC.todo, search_replace: [{ find: "Studio 3", replace: "Studio 2" }] },
      "a search-replace whose text the notes do not contain",
    ),
    step("h-bc-015", "basecamp_list_comments", { ...b, recording_id: BC.todo }, "the comments on a to-do"),
    step(
      "h-bc-016",
      "basecamp_create_comment",
      { ...b, recording_id: BC.todo, content: "<div>Booking confirmed for 14–16 January.</div>" },
      "a new comment on the to-do",
    ),
    step(
      "h-bc-017",
      "basecamp_list_projects",
      {},
      "Basecamp answers 429 Retry-After: 1 twice; the client waits and retries",
      {
        before: async () => {
          state.bcRateLimited = true;
          basecampRateLimit(2);
        },
        after: async () => {
          state.bcRateLimited = false;
        },
      },
    ),
    step(
      "h-bc-018",
      "basecamp_get_me",
      {},
      "the cached access token has expired: 401",
      flag("bcTokenExpired"),
    ),
    step(
      "h-bc-019",
      "basecamp_list_todos",
      { ...b, todolist_id: BC.todolist },
      "Basecamp answers 500",
      flag("bcServerError"),
    ),
    step(
      "h-bc-020",
      "basecamp_get_project",
      { project_id: BC.project },
      "nginx's 502 page",
      flag("bcBadGateway"),
    ),
    step(
      "h-bc-021",
      "basecamp_list_projects",
      {},
      "Basecamp answers 15 s late; the client waits 4 s",
      flag("bcSlow", { timeoutMs: 4000 }),
    ),
    step(
      "h-bc-022",
      "basecamp_get_todoset",
      { ...b, todoset_id: BC.todoset },
      "Basecamp unreachable",
      down(basecampProxy),
    ),
    step(
      "h-bc-023",
      "basecamp_create_todo",
      { ...b, title: "Hire a second assistant" },
      "no todolist_id argument",
    ),
  ],
};

const basecampRekeyedSession: SessionSpec = {
  label: "r43-h-basecamp-rekeyed",
  server: "basecamp-mcp",
  transport: "stdio",
  start: stdioServer("r43-h-basecamp-rekeyed", "basecamp-mcp", {
    from: FROM,
    env: basecampEnv(BASECAMP_REKEYED),
  }),
  steps: [
    step(
      "h-bc-024",
      "basecamp_list_projects",
      {},
      "a refresh token that stopped working after the user's password reset: Launchpad 401",
    ),
    step("h-bc-025", "basecamp_list_projects", {}, "the same call again, unchanged"),
  ],
};

const todoSession: SessionSpec = {
  label: "r43-h-todo",
  server: "microsoft-todo-mcp-server",
  transport: "stdio",
  start: stdioServer("r43-h-todo", "microsoft-todo-mcp-server", {
    from: FROM,
    // Started by its node_modules/.bin link, as npx starts it: the bundle also starts itself when
    // import.meta.url equals file://argv[1], so run by its real path it connects twice and exits.
    viaBinLink: true,
    // graph.microsoft.com and login.microsoftonline.com are written into the server; the tokens are its
    // MS_TODO_ACCESS_TOKEN / MS_TODO_REFRESH_TOKEN setting.
    env: {
      HOME,
      NODE_OPTIONS: PRELOAD,
      HTTPS_PROXY: `http://127.0.0.1:${GRAPH_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      MS_TODO_ACCESS_TOKEN: GRAPH_TOKEN,
      MS_TODO_REFRESH_TOKEN: GRAPH_REFRESH,
      TZ: "UTC",
    },
  }),
  steps: [
    step("h-todo-001", "auth-status", {}, "token status and the account (a work account)"),
    step("h-todo-002", "get-task-lists", {}, "the user's four lists"),
    step(
      "h-todo-003",
      "get-task-lists-organized",
      { includeIds: true },
      "the lists grouped by the server's categories",
    ),
    step("h-todo-004", "get-tasks", { listId: LISTS.work }, "the open tasks of the work list"),
    step(
      "h-todo-005",
      "get-tasks",
      { listId: LISTS.shopping, filter: "status eq 'completed'" },
      "completed tasks of a list that has none",
    ),
    step(
      "h-todo-006",
      "get-tasks",
      { listId: LISTS.gone },
      "a list id that was deleted: Graph 404 ErrorItemNotFound",
    ),
    step("h-todo-007", "get-tasks", { listId: LISTS.gone }, "the same call again, unchanged"),
    step(
      "h-todo-008",
      "get-tasks",
      { listId: LISTS.work, filter: "dueDateTime lt 2026-12-31" },
      "an OData filter Graph rejects: 400 invalidRequest",
    ),
    step(
      "h-todo-009",
      "create-task",
      {
        listId: LISTS.work,
        title: "Send offsite agenda to the leads",
        dueDateTime: "2026-12-16T00:00:00Z",
        importance: "high",
        categories: ["Events"],
      },
      "a new task with a due date",
    ),
    step(
      "h-todo-010",
      "update-task",
      { listId: LISTS.work, taskId: TASKS.vendor, status: "completed" },
      "mark a task completed",
    ),
    step(
      "h-todo-011",
      "get-checklist-items",
      { listId: LISTS.work, taskId: TASKS.quarterly },
      "a task's two checklist items",
    ),
    step(
      "h-todo-012",
      "create-checklist-item",
      { listId: LISTS.work, taskId: TASKS.quarterly, displayName: "Reconcile with finance's numbers" },
      "a new checklist item",
    ),
    step(
      "h-todo-013",
      "get-checklist-items",
      { listId: LISTS.work, taskId: TASKS.offsite },
      "a task with no checklist items",
    ),
    step(
      "h-todo-014",
      "archive-completed-tasks",
      { sourceListId: LISTS.work, targetListId: LISTS.archive, olderThanDays: 30, dryRun: true },
      "a dry run of the archive: three tasks would move",
    ),
    step(
      "h-todo-015",
      "archive-completed-tasks",
      { sourceListId: LISTS.work, targetListId: LISTS.archive, olderThanDays: 30 },
      "the archive run: the second copy meets Graph's 429, the other two move",
    ),
    step(
      "h-todo-016",
      "delete-task-list",
      { listId: LISTS.gone },
      "delete a list that no longer exists: Graph 404 ErrorItemNotFound",
    ),
    step(
      "h-todo-017",
      "get-task-lists",
      {},
      "the access token expired (Graph 401 InvalidAuthenticationToken)",
      flag("graphTokenExpired"),
    ),
    step(
      "h-todo-018",
      "get-task-lists-organized",
      {},
      "Graph throttles: 429 TooManyRequests with Retry-After: 10",
      flag("graphRateLimited"),
    ),
    step(
      "h-todo-019",
      "get-tasks",
      { listId: LISTS.work },
      "Cloudflare's 502 page in front of Graph",
      flag("graphBadGateway"),
    ),
    step(
      "h-todo-020",
      "get-tasks",
      { listId: LISTS.work },
      "Graph answers 15 s late; the client waits 4 s",
      flag("graphSlow", { timeoutMs: 4000 }),
    ),
    step(
      "h-todo-021",
      "create-task-list",
      { displayName: "Board prep" },
      "Graph unreachable",
      down(graphProxy),
    ),
    step("h-todo-022", "create-task", { listId: LISTS.work }, "no title argument"),
    step(
      "h-todo-023",
      "complete-task",
      { listId: LISTS.work, taskId: TASKS.offsite },
      "a tool the server does not have",
    ),
    step("h-todo-024", "get-tasks", { listId: LISTS.work }, "the work list again, after the failures"),
  ],
};

const gtasksSession: SessionSpec = {
  label: "r43-h-gtasks",
  server: "@alvincrave/gtasks-mcp",
  transport: "stdio",
  start: stdioServer("r43-h-gtasks", "@alvincrave/gtasks-mcp", {
    from: FROM,
    // tasks.googleapis.com and oauth2.googleapis.com are the googleapis defaults; gaxios follows HTTPS_PROXY itself
    // (https-proxy-agent), so this server needs no preload. The credentials are its GOOGLE_* environment setting.
    env: {
      HOME,
      HTTPS_PROXY: `http://127.0.0.1:${GOOGLE_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET,
      GOOGLE_REFRESH_TOKEN: GOOGLE_REFRESH,
    },
  }),
  steps: [
    step(
      "h-gt-001",
      "list_task_lists",
      {},
      "the user's three task lists (the first call refreshes the token)",
    ),
    step(
      "h-gt-002",
      "list_with_tree",
      { taskListId: GT.work },
      "the work list as a tree: a task with two subtasks",
    ),
    step("h-gt-003", "list_with_tree", { taskListId: GT.someday }, "a list with no tasks"),
    step("h-gt-004", "list", { taskListId: GT.home }, "the tasks of the home list"),
    step("h-gt-005", "search", { query: "invoice" }, "a search over all lists"),
    step("h-gt-006", "search", { query: "passport" }, "a search nothing matches"),
    step(
      "h-gt-007",
      "create",
      { taskListId: GT.work, title: "Book the team dinner", due: "2026-12-20" },
      "a new task with a due date",
    ),
    step(
      "h-gt-008",
      "create",
      { taskListId: GT.work, title: "Send the board pack", due: "next Friday" },
      "a due date the server cannot read",
    ),
    step(
      "h-gt-009",
      "update",
      { taskListId: GT.work, id: GT.invoices, status: "completed" },
      "mark a task completed",
    ),
    step(
      "h-gt-010",
      "update",
      { taskListId: GT.work, id: GT.gone, title: "Chase invoice 2026-118" },
      "a task id that was deleted: 404 notFound",
    ),
    step(
      "h-gt-011",
      "update",
      { taskListId: GT.work, id: GT.gone, title: "Chase invoice 2026-118" },
      "the same call again, unchanged",
    ),
    step(
      "h-gt-012",
      "move",
      { taskListId: GT.work, taskId: GT.invoices, parent: GT.report, previous: GT.review },
      "make a task a subtask of another",
    ),
    step("h-gt-013", "delete", { taskListId: GT.work, id: GT.figures }, "delete a task: 204"),
    step("h-gt-014", "clear", { taskListId: GT.work }, "clear the completed tasks of a list: 204"),
    step(
      "h-gt-015",
      "list_with_tree",
      { taskListId: GT.goneList },
      "a task list id that does not exist: 404 notFound",
    ),
    step(
      "h-gt-016",
      "list",
      {},
      "the Tasks API is disabled in the OAuth client's project: 403 accessNotConfigured",
      flag("gtApiDisabled"),
    ),
    step(
      "h-gt-017",
      "list_task_lists",
      {},
      "the per-user quota is spent: 429 rateLimitExceeded on every try",
      flag("gtRateLimited"),
    ),
    step("h-gt-018", "list", { taskListId: GT.work }, "500 backendError on every try", flag("gtServerError")),
    step(
      "h-gt-019",
      "list_with_tree",
      { taskListId: GT.work },
      "Google's front end answers its 502 HTML page",
      flag("gtBadGateway"),
    ),
    step(
      "h-gt-020",
      "list_task_lists",
      {},
      "the API answers 15 s late; the client waits 4 s",
      flag("gtSlow", { timeoutMs: 4000 }),
    ),
    step("h-gt-021", "search", { query: "report" }, "the Google APIs unreachable", down(googleProxy)),
    step(
      "h-gt-022",
      "create",
      { taskListId: GT.home, title: "Return the library books" },
      "access revoked: the API answers 401 UNAUTHENTICATED (the client does not refresh on it)",
      flag("gtRevoked"),
    ),
    step("h-gt-023", "create", { taskListId: GT.home }, "no title argument"),
    step("h-gt-024", "complete", { taskListId: GT.work, id: GT.review }, "a tool the server does not have"),
    step("h-gt-025", "list_task_lists", {}, "the lists again, after the failures"),
  ],
};

export const SESSIONS: SessionSpec[] = [basecampSession, basecampRekeyedSession, todoSession, gtasksSession];

export async function prepare(): Promise<() => Promise<void>> {
  // microsoft-todo-mcp-server 1.1.3 creates its config folder with a require() that its ESM build cannot make, so
  // it dies at start unless ~/.config/microsoft-todo-mcp exists (its own setup command makes it on a user's machine).
  fs.mkdirSync(path.join(HOME, ".config", "microsoft-todo-mcp"), { recursive: true });
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
