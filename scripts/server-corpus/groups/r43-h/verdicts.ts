// Verdicts for group r43-h, written from the captured exchanges (test/fixtures/server-corpus/groups/r43-h.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, partial, silent, tool, wire } from "../../verdict-helpers.js";

const WASTED =
  "The same tool with the same arguments failed non-retryably before in this session, and fails again.";
const UNEXPECTED = (status: number, expected: number) =>
  `an ordinary text result "Error: Server returned unexpected response. Expected one of: ${expected} got: ${status}" (ts-rest's UnknownStatusError, caught and returned as text, no isError)`;
const TODO_VAGUE =
  "no status, no code and no cause: the server turns every failed Graph request into this one sentence; a failure with no usable signal";

export const VERDICTS: Record<string, Verdict> = {
  // basecamp-mcp: every failure inside a tool is caught and returned as ordinary text starting "Error: …", never
  // isError. Basecamp's HTTP errors reach the text only as ts-rest's "Expected one of: <2xx> got: <status>"; the
  // token refresh quotes Launchpad's status and body. Only the SDK's own argument check and unknown tool are isError.
  "h-bc-001": ok("the authenticated user's profile: id, name, e-mail, title"),
  "h-bc-002": ok("the account's two projects"),
  "h-bc-003": ok("[]: no project name matches the filter", true),
  "h-bc-004": ok("the project with its dock (message board, to-dos, docs, card table)"),
  "h-bc-005": silent(
    "permission",
    "http_403",
    false,
    `${UNEXPECTED(403, 200)}: Basecamp refused the project (403); the quoted status is the code`,
  ),
  "h-bc-006": ok("the to-do set and its two lists"),
  "h-bc-007": ok(
    "count 4 and the four open to-dos with assignees (the client followed the Link header to page 2)",
  ),
  "h-bc-008": ok('{"count": 0, "todos": []}: a list with no to-dos', true),
  "h-bc-009": ok("Todo created! with its id and content"),
  "h-bc-010": ok("Todo marked as completed!"),
  "h-bc-011": silent("validation", "http_404", false, `${UNEXPECTED(404, 204)}: the to-do id does not exist`),
  "h-bc-012": silent("validation", "http_404", false, `The same 404 text. ${WASTED}`, true),
  "h-bc-013": ok("Todo updated! with its id and title (the notes were appended to)"),
  "h-bc-014": silent(
    "validation",
    null,
    false,
    'an ordinary text result "Error: Search string not found: \\"Studio 3\\". The content does not contain this text.": the tool\'s own check refused the edit, nothing was changed; a bad argument, no code',
  ),
  "h-bc-015": ok("the to-do's two comments with their authors"),
  "h-bc-016": ok("Comment posted! with its id"),
  "h-bc-017": ok(
    "the two projects, after about 2 s: Basecamp's two 429s were waited out and retried inside the client, and the answer is complete",
  ),
  "h-bc-018": silent("auth", "http_401", false, `${UNEXPECTED(401, 200)}: the access token was refused`),
  "h-bc-019": silent("internal", "http_500", true, `${UNEXPECTED(500, 200)}: Basecamp's 500`),
  "h-bc-020": silent(
    "transient",
    "http_502",
    true,
    `${UNEXPECTED(502, 200)}: a bad gateway in front of Basecamp`,
  ),
  "h-bc-021": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "h-bc-022": silent(
    "transient",
    null,
    true,
    'an ordinary text result "Error: fetch failed": Basecamp could not be reached (undici\'s fetch failure, its cause not shown); no code',
  ),
  "h-bc-023": tool(
    "validation",
    "-32602",
    false,
    "isError: MCP error -32602 Input validation error … Required at todolist_id: a missing argument",
  ),
  "h-bc-024": silent(
    "auth",
    "http_401",
    false,
    'an ordinary text result "Error: Failed to obtain Basecamp access token: Failed to obtain access token (401): This Basecamp ID rekeyed its deadbolt.. Check your BASECAMP_CLIENT_ID, BASECAMP_CLIENT_SECRET, and BASECAMP_REFRESH_TOKEN are correct.": the refresh token no longer works',
  ),
  "h-bc-025": silent("auth", "http_401", false, `The same token failure. ${WASTED}`, true),

  // microsoft-todo-mcp-server: every failed Graph request (any status, a gateway page, a refused connection) is
  // logged to stderr and returned as null, and the tool answers an ordinary text "Failed to …" without a cause;
  // never isError. A DELETE is reported done whatever Graph answered. Only the SDK's argument check and unknown
  // tool are isError.
  "h-todo-001": ok("Authenticated. Token expires at …: the token status"),
  "h-todo-002": ok("the four task lists with their ids, default and sharing marks"),
  "h-todo-003": ok("the lists grouped into the server's categories, with the ids"),
  "h-todo-004": ok("the work list's three open tasks with due dates, importance and categories"),
  "h-todo-005": ok(
    "No tasks found in list with ID …: the shared groceries list has no completed tasks",
    true,
  ),
  "h-todo-006": silent(
    "unknown",
    null,
    false,
    `"Failed to retrieve tasks for list: <id>" as an ordinary text result; ${TODO_VAGUE}`,
  ),
  "h-todo-007": silent("unknown", null, false, `The same sentence. ${WASTED}`, true),
  "h-todo-008": silent(
    "unknown",
    null,
    false,
    `"Failed to retrieve tasks for list: <the work list's id>" for a filter argument; ${TODO_VAGUE}`,
  ),
  "h-todo-009": ok("Task created successfully! with its id and title"),
  "h-todo-010": ok("Task updated successfully! with its id and title"),
  "h-todo-011": ok("the task's two checklist items, one checked"),
  "h-todo-012": ok("Checklist item created successfully! with its id"),
  "h-todo-013": ok('No checklist items found for task "Book the January offsite venue": none yet', true),
  "h-todo-014": ok("the archive preview: three completed tasks would move"),
  "h-todo-015": partial(
    "unknown",
    null,
    false,
    '"Successfully archived 2 of 3 tasks … ⚠️ Failed to archive 1 tasks: - Collect Q3 OKR scores": two moved, one did not, and nothing says why',
  ),
  "h-todo-016": ok(
    "Task list with ID … was successfully deleted.: the answer reports the deletion done; nothing on the wire says otherwise",
  ),
  "h-todo-017": silent(
    "unknown",
    null,
    false,
    `"Failed to retrieve task lists" as an ordinary text result; ${TODO_VAGUE}`,
  ),
  "h-todo-018": silent(
    "unknown",
    null,
    false,
    `"Failed to retrieve task lists" as an ordinary text result; ${TODO_VAGUE}`,
  ),
  "h-todo-019": silent(
    "unknown",
    null,
    false,
    `"Failed to retrieve tasks for list: <the work list's id>" as an ordinary text result; ${TODO_VAGUE}`,
  ),
  "h-todo-020": wire(
    "transient",
    "timeout",
    true,
    `no answer within the client's 4 s: MCP error -32001 Request timed out. ${WASTED}`,
    true,
  ),
  "h-todo-021": silent(
    "unknown",
    null,
    false,
    `"Failed to create task list: Board prep" as an ordinary text result; ${TODO_VAGUE}`,
  ),
  "h-todo-022": tool(
    "validation",
    "-32602",
    false,
    "isError: MCP error -32602 Input validation error … Required at title: a missing argument",
  ),
  "h-todo-023": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError: MCP error -32602 Tool complete-task not found",
  ),
  "h-todo-024": ok("the work list's tasks again, after the failures"),

  // @alvincrave/gtasks-mcp (a low-level SDK Server): every failure is caught and answered isError with
  // "Error <doing what>: <message>", the message being gaxios' (the Google error body's error.message, the body
  // itself when it is not JSON, or node-fetch's "request to … failed, reason: …"). No code reaches the text.
  // gaxios retries GETs on 429 and 5xx three times before it gives up.
  "h-gt-001": ok("the three task lists with ids and update times"),
  "h-gt-002": ok("the work list as a tree: a task with two subtasks, and one more task"),
  "h-gt-003": ok("Task tree (0 tasks): the list is empty", true),
  "h-gt-004": ok("Found 1 tasks: the home list's one task"),
  "h-gt-005": ok('Found 2 tasks matching "invoice"'),
  "h-gt-006": ok('Found 0 tasks matching "passport"', true),
  "h-gt-007": ok("Task created: Book the team dinner"),
  "h-gt-008": tool(
    "validation",
    null,
    false,
    'isError "Error creating task: Invalid due date format: \"next Friday\". Use YYYY-MM-DD or ISO 8601 format.": a bad argument, caught by the server',
  ),
  "h-gt-009": ok("Task updated: the task marked completed"),
  "h-gt-010": tool(
    "validation",
    null,
    false,
    'isError "Error updating task: Requested entity was not found.": the task id does not exist; no code in the text',
  ),
  "h-gt-011": tool("validation", null, false, `The same not-found error. ${WASTED}`, true),
  "h-gt-012": ok("Task moved: the task is now a subtask, with its new position and parent"),
  "h-gt-013": ok("Task … deleted"),
  "h-gt-014": ok("Cleared all completed tasks from list"),
  "h-gt-015": tool(
    "validation",
    null,
    false,
    'isError "Error listing tasks as tree: Requested entity was not found.": the task list id does not exist',
  ),
  "h-gt-016": tool(
    "permission",
    null,
    false,
    'isError "Error listing tasks: Google Tasks API has not been used in project … before or it is disabled. Enable it by visiting … then retry.": the API is not enabled for the OAuth client\'s project; someone has to enable it',
  ),
  "h-gt-017": tool(
    "rate_limited",
    null,
    true,
    "isError \"Error listing task lists: Quota exceeded for quota metric 'Queries' and limit 'Queries per minute per user' …\" after about 2 s of the client's own retries: a per-minute limit",
  ),
  "h-gt-018": tool(
    "internal",
    null,
    true,
    "isError \"Error listing tasks: Internal error encountered.\": the API's internal error (after the client's retries)",
  ),
  "h-gt-019": tool(
    "transient",
    "http_502",
    true,
    "isError \"Error listing tasks as tree: <!DOCTYPE html> … <title>Error 502 (Server Error)!!1</title> … temporary error … Please try again in 30 seconds.\": Google's front end's 502 page, its status in the page's words",
  ),
  "h-gt-020": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "h-gt-021": tool(
    "transient",
    "econnrefused",
    true,
    'isError "Error searching tasks: request to https://tasks.googleapis.com/… failed, reason: connect ECONNREFUSED 127.0.0.1:45552": the API could not be reached',
  ),
  "h-gt-022": tool(
    "auth",
    null,
    false,
    'isError "Error creating task: Request had invalid authentication credentials. Expected OAuth 2 access token …": the credentials were refused',
  ),
  "h-gt-023": tool(
    "validation",
    null,
    false,
    'isError "Error creating task: Task title is required": a missing argument, checked by the server itself',
  ),
  "h-gt-024": tool("unknown_tool", null, false, 'isError "Error: Tool not found"'),
  "h-gt-025": ok("the three task lists again, after the failures"),
};
