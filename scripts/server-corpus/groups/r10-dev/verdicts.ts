// Verdicts for group r10-dev, written from the captured exchanges
// (test/fixtures/server-corpus/groups/r10-dev.jsonl) by the contract in
// test/fixtures/server-corpus/README.md — never by running Faultline's classifier.

import type { Verdict } from "../../verdicts.js";
import { ok, rpc, silent, tool, wire } from "../../verdict-helpers.js";

const WASTED = "An identical repeat right after a non-retryable failure: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // --- @tacticlaunch/mcp-linear ---------------------------------------------------------------
  "lin-001": ok("The viewer's id, name, e-mail, display name and active flag."),
  "lin-002": ok("Two teams with ids, names, keys and descriptions."),
  "lin-003": ok("Two issues mentioning 'webhook', each with state, team, assignee, project and labels."),
  "lin-004": ok("'[]' (structuredContent items []): a search that matched no issue.", true),
  "lin-005": ok("ENG-412 with its state, team, assignee, project, labels and one comment."),
  "lin-006": tool(
    "validation",
    null,
    false,
    "isError 'Error: Entity not found: Issue - Could not find referenced Issue.': the identifier does not exist; no code is shown.",
  ),
  "lin-007": tool("validation", null, false, `The same 'Entity not found: Issue' again. ${WASTED}`, true),
  "lin-008": ok("The created issue's id, title, description and URL (ENG-431)."),
  "lin-009": tool(
    "validation",
    null,
    false,
    "isError 'Error: Argument Validation Error - title should not be empty': the API refused the blank title.",
  ),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase, after a label or before the body's message (test/fixtures/server-corpus/README.md).
  "lin-010": tool(
    "permission",
    "http_403",
    false,
    "isError 'Error: Forbidden - You don't have access to the team Security Response. Ask a team admin to add you.'",
  ),
  "lin-011": tool(
    "validation",
    null,
    false,
    "isError 'Error: Entity not found: WorkflowState - The workflow state does not belong to the issue's team.'",
  ),
  "lin-012": ok("One project with dates, URL, lead and teams."),
  "lin-013": tool(
    "rate_limited",
    null,
    true,
    "isError 'Error: Rate limit exceeded - Too many requests. Please try again later…' (after the server's own retries, ~0.8 s); no code or status shown.",
  ),
  "lin-014": tool(
    "transient",
    "http_502",
    true,
    "isError 'Error: GraphQL Error (Code: 502) - ' followed by Cloudflare's 'Bad gateway / Error code 502' HTML page: an edge/origin outage.",
  ),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase, after a label or before the body's message (test/fixtures/server-corpus/README.md).
  "lin-015": tool(
    "internal",
    "http_500",
    true,
    "isError 'Error: Internal server error - An unexpected error happened. Our team has been notified.': a provider-side error, retryable by default.",
  ),
  "lin-016": tool(
    "auth",
    null,
    false,
    "isError 'Error: Authentication required, not authenticated - You need to authenticate to access this operation.': the key no longer works.",
  ),
  "lin-017": wire(
    "transient",
    "timeout",
    true,
    "No answer within 3 s: the client raised -32001 Request timed out.",
  ),
  "lin-018": tool(
    "validation",
    null,
    false,
    "isError 'Error: Invalid arguments for getIssueById': the required id was missing (the server's own check, no JSON-RPC code).",
  ),
  "lin-019": tool("unknown_tool", null, false, "isError 'Error: Unknown tool: linear_deleteIssue'."),
  "lin-020": tool(
    "transient",
    null,
    true,
    "isError 'Error: Fetch failed': the API could not be reached; no network code shown.",
  ),
  "lin-021": wire(
    "transient",
    "connection_closed",
    true,
    "The server process died mid-call: -32000 Connection closed, no answer.",
  ),

  // --- @modelcontextprotocol/server-github ----------------------------------------------------
  "gh-001": ok("Search result total_count 2 with both repositories."),
  "gh-002": ok("Search result total_count 0, items []: nothing matched.", true),
  "gh-003": ok("README.md's metadata with its base64 content."),
  // Re-judged 2026-12-07 (errorCode) by the convention for a status's reason phrase before the body's message,
  // also after a colon in title case, as both judges of round XXIX read it (test/fixtures/server-corpus/README.md).
  "gh-004": rpc(
    "validation",
    "http_404",
    false,
    "JSON-RPC -32603 'Not Found: Resource not found: Not Found': the file path does not exist (the 404 status is named by its reason phrase).",
  ),
  // Re-judged 2026-12-07 (errorCode) by the convention for a status's reason phrase before the body's message,
  // also after a colon in title case, as both judges of round XXIX read it (test/fixtures/server-corpus/README.md).
  "gh-005": rpc("validation", "http_404", false, `The same 'Not Found' again. ${WASTED}`, true),
  "gh-006": ok("Two open issues in full."),
  "gh-007": ok("'[]': no open issue carries the label.", true),
  "gh-008": ok("The created issue #231 in full."),
  "gh-009": rpc(
    "validation",
    "-32603",
    false,
    "JSON-RPC -32603 'Failed to create issue: Validation Failed' plus a stack trace (GitHubValidationError); the field that failed is not shown.",
  ),
  "gh-010": rpc(
    "permission",
    "-32603",
    false,
    "JSON-RPC -32603 'Failed to create issue: Resource not accessible by personal access token' plus a stack trace: the token lacks write access.",
  ),
  "gh-011": rpc(
    "business",
    "-32603",
    false,
    "JSON-RPC -32603 'GitHub API Error: Pull Request is not mergeable': the pull request's state forbids the merge (conflicts), not a bad argument.",
  ),
  "gh-012": rpc(
    "validation",
    "http_422",
    false,
    'JSON-RPC -32603 \'Validation Error: Reference already exists\' with Details {"message": …, "status": "422"}: the branch already exists.',
  ),
  // Re-judged 2026-12-07 (errorCode) by the convention for a status's reason phrase before the body's message,
  // also after a colon in title case, as both judges of round XXIX read it (test/fixtures/server-corpus/README.md).
  "gh-013": rpc(
    "validation",
    "http_409",
    false,
    "JSON-RPC -32603 'Conflict: Git Repository is empty.': the repository has no commits to list.",
  ),
  "gh-014": rpc(
    "validation",
    "invalid",
    false,
    "JSON-RPC -32603 'Validation Error: Validation Failed' with Details errors[0] {…cannot be searched either because the resources do not exist…, code: 'invalid'}: the repository in the query does not exist.",
  ),
  "gh-015": rpc(
    "rate_limited",
    "-32603",
    true,
    "JSON-RPC -32603 'Permission Denied: API rate limit exceeded for user ID …': the server labels GitHub's 403 as a permission error, but the words say the hourly limit is spent.",
  ),
  "gh-016": rpc(
    "rate_limited",
    "-32603",
    true,
    "JSON-RPC -32603 'Rate Limit Exceeded: You have exceeded a secondary rate limit. Please wait a few minutes…' with a reset time.",
  ),
  "gh-017": rpc(
    "internal",
    "-32603",
    true,
    "JSON-RPC -32603 'GitHub API Error: GitHub API error': an upstream failure with no status or words (a 502 page behind it), retryable by default.",
  ),
  "gh-018": rpc(
    "auth",
    "-32603",
    false,
    "JSON-RPC -32603 'Authentication Failed: Bad credentials': the token was revoked.",
  ),
  "gh-019": wire(
    "transient",
    "timeout",
    true,
    "No answer within 3 s: the client raised -32001 Request timed out.",
  ),
  "gh-020": rpc(
    "validation",
    "invalid_type",
    false,
    'JSON-RPC -32603 \'Invalid input: [{"code":"invalid_type",…,"path":["repo"],"message":"Required"}]\': the zod issue\'s code.',
  ),
  "gh-021": rpc("unknown_tool", "-32603", false, "JSON-RPC -32603 'Unknown tool: delete_repository'."),
  "gh-022": rpc(
    "transient",
    "-32603",
    true,
    "JSON-RPC -32603 'fetch failed': GitHub could not be reached; no network code shown.",
  ),
  "gh-023": wire(
    "transient",
    "connection_closed",
    true,
    "The server process died mid-call: -32000 Connection closed, no answer.",
  ),

  // --- @netlify/mcp ---------------------------------------------------------------------------
  "ntl-001": ok("The user as a JSON string: name, e-mail, site count, login providers."),
  "ntl-002": ok("One team (Northwind Labs) with its slug and URL."),
  "ntl-003": ok("Two projects with ids, names, URLs and current deploy state."),
  "ntl-004": ok("'\"[]\"': no project name contains 'storybook'.", true),
  "ntl-005": ok("The docs site with its team, URLs and access controls."),
  "ntl-006": tool(
    "validation",
    "http_404",
    false,
    "isError 'Failed to fetch API: 404': the site id does not exist (only the status is shown).",
  ),
  "ntl-007": ok("The production deploy, state 'ready'."),
  "ntl-008": ok(
    "The deploy record was found: state 'error' with the build's error_message. The lookup succeeded; the data describes a failed build.",
  ),
  "ntl-009": tool(
    "validation",
    "http_404",
    false,
    "isError 'Failed to fetch API: 404': the deploy id does not exist.",
  ),
  "ntl-010": tool(
    "validation",
    "http_404",
    false,
    `The same 'Failed to fetch API: 404' again. ${WASTED}`,
    true,
  ),
  "ntl-011": silent(
    "validation",
    null,
    false,
    "An ordinary result '\"form with id does not exist\"': the named form was not found, reported as data.",
  ),
  "ntl-012": silent(
    "validation",
    null,
    false,
    "An ordinary result holding one project whose fields are all missing ('projects/undefined', empty urls): the rename was refused (the name is taken) and the refusal was turned into an empty project record.",
  ),
  "ntl-013": ok("Two environment variables of the site with scopes and values."),
  "ntl-014": tool(
    "rate_limited",
    "http_429",
    true,
    "isError 'Failed to fetch API: 429'; Retry-After is dropped.",
  ),
  "ntl-015": tool("internal", "http_500", true, "isError 'Failed to fetch API: 500'."),
  "ntl-016": silent(
    "auth",
    null,
    false,
    "An ordinary result whose data is Netlify's HTML 'Log in | Netlify … Your session has expired. Please log in again' page, not a deploy.",
  ),
  "ntl-017": silent(
    "auth",
    null,
    false,
    "An ordinary result holding one project with every field missing ('projects/undefined'): the API answered a login page and the server turned it into an empty project record.",
  ),
  "ntl-018": tool("auth", "http_401", false, "isError 'Failed to fetch API: 401': the token was revoked."),
  "ntl-019": wire(
    "transient",
    "timeout",
    true,
    "No answer within 3 s: the client raised -32001 Request timed out.",
  ),
  "ntl-020": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: Invalid arguments for tool netlify-deploy-services-reader: Invalid input at selectSchema': no such operation.",
  ),
  "ntl-021": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool netlify-deploy-services-rollback not found'.",
  ),
  "ntl-022": tool(
    "transient",
    null,
    true,
    "isError 'fetch failed': the API could not be reached; no network code shown.",
  ),

  // --- @postman/postman-mcp-server ------------------------------------------------------------
  "pm-001": ok("The user (id, username, team) and the plan's usage counters."),
  "pm-002": ok("A Markdown table of two workspaces."),
  "pm-003": ok("A Markdown table with headers and no rows: no partner workspace.", true),
  "pm-004": ok("The workspace with its collections and environments."),
  "pm-005": tool(
    "validation",
    "-32603",
    false,
    "isError 'MCP error -32603: Workspace not found: 00000000-… API detail: Workspace not found. Verify the workspace ID…'.",
  ),
  "pm-006": ok("A Markdown table with one collection (total 1)."),
  "pm-007": ok("A Markdown table with no rows, total 0: the workspace has no collections.", true),
  "pm-008": ok("The full collection with its two requests."),
  "pm-009": tool(
    "validation",
    "http_404",
    false,
    "isError 'MCP error -32603: API request failed: 404': the collection does not exist (the body is not shown).",
  ),
  "pm-010": tool(
    "validation",
    "http_404",
    false,
    `The same 'API request failed: 404' again. ${WASTED}`,
    true,
  ),
  "pm-011": tool(
    "validation",
    "paramValidationError",
    false,
    'isError \'MCP error -32602: API request failed: 400 {"error":{"name":"paramValidationError","message":"Invalid workspace ID…"}}\': the error\'s name is its machine code.',
  ),
  "pm-012": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: Invalid arguments for tool createCollection: Required at collection.info.schema'.",
  ),
  "pm-013": ok("The created environment's id, name and uid."),
  "pm-014": ok("The Staging environment with its two variables."),
  "pm-015": ok("'{\"mocks\": []}': the workspace has no mock servers.", true),
  "pm-016": tool(
    "permission",
    "forbiddenError",
    false,
    'isError \'MCP error -32602: API request failed: 403 {"error":{"name":"forbiddenError","message":"You do not have access to update this workspace."}}\'.',
  ),
  "pm-017": tool(
    "rate_limited",
    "http_429",
    true,
    "isError 'MCP error -32603: API request failed: 429' (body and Retry-After not shown).",
  ),
  "pm-018": tool(
    "transient",
    "http_503",
    true,
    "isError 'MCP error -32603: API request failed: 503': the API is temporarily unavailable.",
  ),
  "pm-019": silent(
    "auth",
    null,
    false,
    "An ordinary result whose text is the HTML 'Sign In | Postman API Platform … Your organization requires single sign-on' page instead of the workspaces.",
  ),
  "pm-020": tool(
    "auth",
    "AuthenticationError",
    false,
    'isError \'MCP error -32602: API request failed: 401 {"error":{"name":"AuthenticationError","message":"Invalid API Key…"}}\'.',
  ),
  "pm-021": wire(
    "transient",
    "timeout",
    true,
    "No answer within 3 s: the client raised -32001 Request timed out.",
  ),
  "pm-022": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool deleteCollection not found'.",
  ),
  "pm-023": tool(
    "transient",
    "econnrefused",
    true,
    "isError 'MCP error -32603: Error: connect ECONNREFUSED 127.0.0.1:39400': the API could not be reached.",
  ),
  "pm-024": wire(
    "transient",
    "connection_closed",
    true,
    "The server process died mid-call: -32000 Connection closed, no answer.",
  ),
};
