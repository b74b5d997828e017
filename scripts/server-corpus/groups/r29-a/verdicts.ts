// Verdicts for group r29-a, written from the captured exchanges (test/fixtures/server-corpus/groups/r29-a.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, silent, tool, wire } from "../../verdict-helpers.js";

const WASTED =
  "The previous call in this session was the same tool with the same arguments and failed non-retryably: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // ------------------------------------------------------------------------------------- mcp-jira-cloud (stdio)
  "jmc-001": ok("the agent's own Jira account (Dana Okafor, accountType atlassian)"),
  "jmc-002": ok("two service desk projects, HELP and ITS, from /project/search"),
  "jmc-003": ok("total 4: the help desk's four open requests with status, priority, assignee and reporter"),
  "jmc-004": ok("a search for refund requests: total 0, issues [] — a query that found nothing", true),
  "jmc-005": ok("HELP-101, the customer's sign-in request, with its fields flattened"),
  "jmc-006": ok("the request's two comments, the customer's and the agent's"),
  "jmc-007": ok("the reply was posted: a new comment id and its creation time"),
  "jmc-008": ok("the request's available workflow transitions (Resolve, Respond to customer, Escalate, …)"),
  "jmc-009": ok("'success': true, HELP-101 transitioned with transition 851"),
  "jmc-010": ok("'success': true, the incident HELP-106 was created"),
  "jmc-011": ok("the site's five priorities"),
  "jmc-012": ok("one user found for 'priya', the customer's account"),
  "jmc-013": ok(
    "a JQL validator's answer: the first query isValid true, the second isValid false with Jira's parse error — data about the input, not a failed call",
  ),
  "jmc-014": silent(
    "validation",
    "not_found",
    false,
    'an ordinary result whose whole payload is {"error": "not_found", "message": "The Jira resource does not exist or is not visible."}: the request HELP-999 does not exist, reported as success (no isError)',
  ),
  "jmc-015": silent(
    "validation",
    "not_found",
    false,
    `the same {"error": "not_found"} payload for HELP-999 again. ${WASTED}`,
    true,
  ),
  "jmc-016": silent(
    "validation",
    "jira_error",
    false,
    'an ordinary result {"error": "jira_error", "message": "Jira API error (400): … The value \'SUPPORT\' does not exist for the field \'project\'."}: a search on a project that does not exist; the code member \'jira_error\' is the server\'s catch-all (the message also quotes the 400)',
  ),
  "jmc-017": silent(
    "validation",
    "jira_error",
    false,
    'an ordinary result {"error": "jira_error", "message": "Jira API error (400): … \\"issuetype\\": \\"Specify a valid issue type\\""}: the service desk has no \'Bug\' issue type, so nothing was created',
  ),
  "jmc-018": silent(
    "permission",
    "forbidden",
    false,
    'an ordinary result {"error": "forbidden", "message": "You do not have permission to access this Jira resource."}: the comment on the security desk\'s ticket was refused',
  ),
  "jmc-019": silent(
    "auth",
    "unauthorized",
    false,
    'an ordinary result {"error": "unauthorized", "message": "Jira credentials are missing or invalid. …"}: the API token no longer works',
  ),
  "jmc-020": silent(
    "rate_limited",
    "rate_limited",
    true,
    'an ordinary result {"error": "rate_limited", "message": "Jira rate limit exceeded. Please retry later."} after about 3 s (the server\'s own retries): the search was throttled',
  ),
  "jmc-021": silent(
    "internal",
    "server_error",
    true,
    'an ordinary result {"error": "server_error", "message": "Jira server error. Please retry later."} after about 9 s of the server\'s retries: Jira failed on its side; the status is not shown (the server words every 5xx the same), so the generic server error is read as internal, retryable',
  ),
  "jmc-022": silent(
    "internal",
    "server_error",
    true,
    'the same {"error": "server_error", "message": "Jira server error. Please retry later."} after about 8 s: the wire carries nothing to tell this answer (an HTML 502 page upstream) from jmc-021\'s, so it is judged the same way',
  ),
  "jmc-023": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s: the client raised -32001 Request timed out",
  ),
  "jmc-024": silent(
    "transient",
    "jira_error",
    true,
    'an ordinary result {"error": "jira_error", "message": "Jira API error: connect ECONNREFUSED 127.0.0.1:42250"}: the site could not be reached; code member \'jira_error\' (the message names ECONNREFUSED)',
  ),
  "jmc-025": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool jira_get_queue not found': the server has no such tool",
  ),

  // ----------------------------------------------------------------------------- @aaronsb/jira-cloud-mcp (stdio)
  "jcm-001": ok("the two projects, HELP and ITS, as a Markdown list"),
  "jcm-002": ok("HELP's details: its five service desk issue types and an issue summary"),
  "jcm-003": ok(
    "two requests waiting for support, HELP-101 and HELP-102, with status, assignee and priority",
  ),
  "jcm-004": ok("'Found 0 issues' for data-protection requests: a query that found nothing", true),
  "jcm-005": ok("HELP-102, the invoice-export incident, with its description and people"),
  "jcm-006": ok("'Comment Added': the incident now shows the agent's comment"),
  "jcm-007": ok("'Issue Transitioned': the incident is now Escalated"),
  "jcm-008": ok("'Issue Created': HELP-107, the customer's service request"),
  "jcm-009": tool(
    "validation",
    null,
    false,
    "isError 'Jira rejected this request: … `priority`: The priority selected is invalid.' — the server sent the name 'Highest' as a priority id and Jira refused the update",
  ),
  "jcm-010": ok("'Boards (0)': the service desk has no boards — a listing that found nothing", true),
  "jcm-024": ok("'Filters (2)': the agent's two saved queue filters"),
  "jcm-011": tool(
    "validation",
    null,
    false,
    "isError 'Jira rejected this request: - The value 'Critical' does not exist for the field 'priority'.' — the server's own analysis query names priorities this site does not have, and Jira rejects the JQL",
  ),
  "jcm-012": tool(
    "validation",
    null,
    false,
    "isError 'Not found: Issue does not exist or you do not have permission to see it.': HELP-404 does not exist",
  ),
  "jcm-013": tool("validation", null, false, `isError 'Not found: …' for HELP-404 again. ${WASTED}`, true),
  "jcm-014": rpc(
    "validation",
    "-32602",
    false,
    "JSON-RPC -32602 'Invalid JQL — Jira rejected this query: Error in the JQL Query: Expecting operator but got …': a malformed query",
  ),
  "jcm-015": tool(
    "permission",
    null,
    false,
    "isError 'Jira denied this operation: You do not have the permission to comment on this issue. … controlled by your Jira project's permission scheme'",
  ),
  "jcm-016": tool(
    "validation",
    null,
    false,
    "isError 'Jira rejected this request: - Transition id '999' is not valid for this issue.'",
  ),
  "jcm-017": rpc(
    "auth",
    "http_401",
    false,
    "JSON-RPC -32603 'Request failed with status code 401': the API token was refused",
  ),
  "jcm-018": rpc(
    "rate_limited",
    "http_429",
    true,
    "JSON-RPC -32600 'Jira API error: Request failed with status code 429': the search was throttled (the Retry-After is not passed on)",
  ),
  "jcm-019": rpc(
    "internal",
    "http_500",
    true,
    "JSON-RPC -32603 'Internal server error': nothing but the 500's reason phrase, from Jira's errorMessages",
  ),
  "jcm-020": rpc(
    "transient",
    "http_502",
    true,
    "JSON-RPC -32603 'Request failed with status code 502': a gateway in front of the site failed",
  ),
  "jcm-021": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s: the client raised -32001 Request timed out",
  ),
  "jcm-022": rpc(
    "transient",
    "econnrefused",
    true,
    "JSON-RPC -32603 'connect ECONNREFUSED 127.0.0.1:42251': the site could not be reached",
  ),
  "jcm-023": rpc("unknown_tool", "-32601", false, "JSON-RPC -32601 'Unknown tool: manage_jira_queue'"),
};
