// The human verdicts for group r7-dev, by step id, written from the captured exchanges
// (test/fixtures/server-corpus/groups/r7-dev.jsonl: each call's response, client error and transport
// error) against the contract in test/fixtures/server-corpus/README.md — never by running Faultline.

import type { Verdict } from "../../verdicts.js";
import { ok, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // ---------------------------------------------------------------- @sentry/mcp-server
  "se-001": ok('organizations listed: {"organizations":[{"slug":"acme",…}],"hasMore":false}'),
  "se-002": ok('projects listed: {"projects":[{"slug":"checkout-api"},{"slug":"storefront"}]}'),
  "se-003": ok(
    '"Found **2** issues: CHECKOUT-API-3X … STOREFRONT-9K" — issue titles mention errors, the search worked',
  ),
  "se-004": ok('"No issues found matching your search criteria." — a search that found nothing', true),
  "se-005": ok(
    '"# Issue CHECKOUT-API-3X in **acme**" with its latest event and stack trace: the issue is about an OperationalError, the lookup worked',
  ),
  "se-006": tool(
    "validation",
    "http_404",
    false,
    "isError: \"**Input Error** … API error (404): The requested resource does not exist … issueId: 'CHECKOUT-API-ZZ9'\"",
  ),
  "se-007": tool(
    "validation",
    "http_404",
    false,
    "isError: the same 404 for the same missing issue, right after the first one failed",
    true,
  ),
  "se-008": tool(
    "permission",
    "http_403",
    false,
    'isError: "There was an HTTP 403 error … API error (403): You do not have permission to perform this action."',
  ),
  "se-009": tool(
    "validation",
    "-32602",
    false,
    'isError: "MCP error -32602: Input validation error: … Invalid option: expected one of "resolved"|"resolvedInNextRelease"|"unresolved"|"ignored" at status"',
  ),
  "se-010": ok('"# Issue CHECKOUT-API-3X Updated … **Status**: unresolved → **resolved**"'),
  "se-011": tool(
    "validation",
    "http_400",
    false,
    'isError: "API error (400): Error parsing search query: Invalid value for "is" search, valid values are [\'archived\', …]"',
  ),
  "se-012": tool(
    "rate_limited",
    "http_429",
    true,
    'isError: "There was an HTTP 429 error … API request failed: Too Many Requests "You are attempting to use this endpoint too frequently. Limit is 40 requests in 1 seconds""',
  ),
  "se-013": tool(
    "internal",
    "http_500",
    true,
    'isError: "**Error** There was an HTTP 500 server error with the Sentry API. Internal Error … Please contact support if the problem persists."',
  ),
  "se-014": tool(
    "transient",
    "http_502",
    true,
    'isError: "There was an HTTP 502 server error with the Sentry API. Server error: Received HTML instead of JSON (502 Bad Gateway)."',
  ),
  "se-015": tool(
    "auth",
    null,
    false,
    'isError: "**Authorization Expired** Sentry rejected the stored access token for this session. Please re-authorize to continue." (no status or code quoted)',
  ),
  "se-016": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError: "MCP error -32602: Tool delete_project not found"',
  ),
  "se-017": tool(
    "transient",
    null,
    true,
    'isError: "**Configuration Error** … Unable to connect to http://127.0.0.1:38800/api/0/organizations/?per_page=26&query=acme - Connection refused. Ensure the service is accessible." (no system error name in the text)',
  ),
  "se-018": wire(
    "transient",
    "connection_closed",
    true,
    'no answer: the server process was killed while the project listing was pending; the client raised "MCP error -32000: Connection closed"',
  ),

  // ---------------------------------------------------------------- @mister-good-deal/host-mcp-jenkins
  "jk-001": ok(
    '{"status":"COMPLETED","message":"Data retrieved successfully.","result":[{"name":"backend",…},{"name":"deploy",…}]}',
  ),
  "jk-002": ok(
    'job backend/api-service returned (color "red", healthReport "2 out of the last 5 builds failed") — the lookup worked',
  ),
  "jk-003": ok(
    'build #142 returned with "result":"FAILURE" — the build failed, the call that fetched it did not',
  ),
  "jk-004": tool(
    "validation",
    null,
    false,
    'isError: {"status":"FAILED","message":"Build \'backend/api-service#9999\' not found.","result":null}',
  ),
  "jk-005": tool(
    "validation",
    null,
    false,
    'isError: the same "Build … not found." for the same arguments, right after the first one failed',
    true,
  ),
  "jk-006": ok('"hasMoreContent":true,"lines":[…8 log lines…],"totalLines":19,"startLine":3,"endLine":11'),
  "jk-007": ok('"matchCount":0,"matches":[] — the log does not contain the word', true),
  "jk-008": tool(
    "validation",
    null,
    false,
    'isError: {"status":"FAILED","message":"Unexpected error: Invalid regular expression: /([/: Unterminated character class"}',
  ),
  "jk-009": tool(
    "validation",
    "-32602",
    false,
    'isError: "MCP error -32602: Input validation error: Invalid arguments for tool getJobs: Number must be less than or equal to 10 at limit"',
  ),
  "jk-010": ok(
    '"failCount":2,"passCount":407 with the two failing tests listed — failing tests were asked for and returned',
  ),
  "jk-011": silent(
    "validation",
    null,
    false,
    'outcome ok ({"status":"COMPLETED",…,"result":null}) but the message says "No test results found for build \'backend/api-servce#142\'. The build may not have any test report or may not exist." — the job name is misspelt: a lookup of a named build answered with nothing',
  ),
  "jk-012": ok(
    '"Build triggered successfully." with queue item 311 ("why":"In the quiet period. Expires in 4.9 sec")',
  ),
  "jk-013": tool(
    "permission",
    "http_403",
    false,
    'isError: "Unexpected error: Authentication failed (403). Check your Jenkins URL, username, and API token." — a 403 on a job the user may not build',
  ),
  "jk-014": silent(
    "internal",
    "http_500",
    true,
    'outcome ok, {"status":"COMPLETED","message":"Failed to search jobs: Jenkins API error (500): <!DOCTYPE html>… Oops! … A problem occurred while processing the request …","result":null} — the search never ran',
  ),
  "jk-015": tool(
    "auth",
    "http_401",
    false,
    'isError: "Unexpected error: Authentication failed (401). Check your Jenkins URL, username, and API token."',
  ),
  "jk-016": tool(
    "transient",
    "http_503",
    true,
    'isError: "Unexpected error: Jenkins API error (503): … Please wait while Jenkins is getting ready to work ..." (after ~8 s of the server\'s own retries)',
  ),
  "jk-017": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError: "MCP error -32602: Tool restartJenkins not found"',
  ),
  "jk-018": tool(
    "validation",
    "-32602",
    false,
    'isError: "MCP error -32602: Input validation error: Invalid arguments for tool getQueueItem: Expected number, received string at id"',
  ),
  "jk-019": wire(
    "transient",
    "timeout",
    true,
    'no answer within 3 s: the client raised "MCP error -32001: Request timed out"',
  ),
  "jk-020": tool(
    "transient",
    null,
    true,
    'isError: {"status":"FAILED","message":"Unexpected error: fetch failed"} (Jenkins unreachable, after ~8 s of retries)',
  ),

  // ---------------------------------------------------------------- github-enterprise-mcp-server
  "gh-001": ok('{"repositories":[{"full_name":"acme/payments",…},{"full_name":"acme/docs-site",…}]}'),
  "gh-002": ok('repository acme/payments returned ("default_branch":"main","open_issues_count":3)'),
  "gh-003": ok('{"issues":[#212 "Refund above captured amount is accepted", #208, #201]}'),
  "gh-004": ok('{"issues":[]} — a list with nothing in it', true),
  "gh-005": tool(
    "validation",
    "http_404",
    false,
    'isError: {"type":"github_error","status":404,"message":"Not Found"} plus a truncated stack "HttpError: Not Found - [REDACTED]"',
  ),
  "gh-006": tool(
    "validation",
    "http_404",
    false,
    "isError: the same 404 Not Found for the same issue, right after the first one failed",
    true,
  ),
  "gh-007": tool(
    "validation",
    "-32602",
    false,
    'isError: "MCP error -32602: Input validation error: Invalid arguments for tool github-issue-get: Expected number, received string at issue_number"',
  ),
  "gh-008": tool(
    "validation",
    null,
    false,
    'isError: "Repository name can only contain letters, numbers, and ._-" (the server\'s own check, no request sent)',
  ),
  "gh-009": tool(
    "validation",
    "http_422",
    false,
    'isError: {"status":422,"message":"Validation Failed"} with "HttpError: Validation Failed: {"value":"ghost-user","resource":"Issue","field":"assignees","code":"invalid"}" in the stack',
  ),
  "gh-010": tool(
    "business",
    "http_405",
    false,
    'isError: {"status":405,"message":"Pull Request is not mergeable"} — the pull request\'s state forbids the merge (after ~20 s of octokit retries)',
  ),
  "gh-011": tool(
    "validation",
    "http_422",
    false,
    'isError: {"status":422,"message":"Reference already exists"}',
  ),
  "gh-012": tool(
    "permission",
    "http_403",
    false,
    'isError: {"status":403,"message":"Must have admin rights to Repository."}',
  ),
  "gh-013": ok('README.md returned ("type":"file","encoding":"base64","size":65)'),
  "gh-014": tool("auth", "http_401", false, 'isError: {"status":401,"message":"Bad credentials"}'),
  "gh-015": tool(
    "rate_limited",
    "http_403",
    true,
    'isError: {"status":403,"message":"API rate limit exceeded for user ID 4."} (octokit waited for the reset once, then gave up)',
  ),
  "gh-016": wire(
    "transient",
    "timeout",
    true,
    'no answer within 8 s (the server was still retrying the 503 maintenance page): "MCP error -32001: Request timed out"',
  ),
  "gh-017": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError: "MCP error -32602: Tool github-repo-fork not found"',
  ),
  "gh-018": wire(
    "transient",
    "connection_closed",
    true,
    'no answer: the server process was killed while the branch listing was pending; "MCP error -32000: Connection closed"',
  ),

  // ---------------------------------------------------------------- azure-devops-mcp
  "ado-001": ok('{"success":true,"message":"Connection successful","projectCount":1,…}'),
  "ado-002": ok('[{"name":"Fabrikam","state":"wellFormed",…}]'),
  "ado-003": ok('two active bugs returned: 4711 "Checkout fails when the cart holds a gift card", 4712'),
  "ado-004": ok('"[]" — a work item query that matched nothing', true),
  "ado-005": ok('work item 4711 returned with its fields ("System.State":"Active",…)'),
  "ado-006": tool(
    "internal",
    null,
    true,
    "isError: \"Error executing get_work_item: Cannot read properties of null (reading 'id')\" — a TypeError; nothing on the wire says the work item does not exist",
  ),
  "ado-007": tool(
    "internal",
    null,
    true,
    "isError: the same TypeError again for the same id (the previous failure was judged retryable, so not a wasted retry)",
  ),
  "ado-008": tool(
    "validation",
    "TF51005",
    false,
    'isError: "Error executing query_work_items: TF51005: The query references a field that does not exist. The error is caused by «System.Statee»."',
  ),
  "ado-009": silent(
    "validation",
    null,
    false,
    'outcome ok, text "{}" — a lookup of one named project (Contoso) answered with an empty object: the project was not found',
  ),
  "ado-010": silent(
    "validation",
    "TF401174",
    false,
    'outcome ok, but the returned file "content" is the server\'s error body: {"message":"TF401174: The item \'/src/missing.ts\' could not be found in the repository \'web\' …","typeKey":"GitItemNotFoundException",…} ("size":413)',
  ),
  "ado-011": tool(
    "validation",
    "invalid_type",
    false,
    'isError: "Invalid arguments: [{"code":"invalid_type","expected":"number","received":"string","path":["id"],…}]"',
  ),
  "ado-012": ok("work item types listed: Bug, Task, User Story, Epic"),
  "ado-013": ok('{"project":"Fabrikam","iterations":[Fabrikam, Sprint 48, Sprint 49]}'),
  "ado-014": tool(
    "rate_limited",
    "TF400733",
    true,
    "isError: \"Error executing query_work_items: TF400733: The request has been canceled: Request was blocked due to exceeding usage of resource 'WorkItemTrackingResource' in namespace 'User'.\"",
  ),
  "ado-015": tool(
    "transient",
    "TF246017",
    true,
    'isError: "Error executing list_work_item_types: TF246017: Azure DevOps Server could not connect to the database. Verify that the server that is hosting the database is operational …"',
  ),
  "ado-016": silent(
    "auth",
    "http_401",
    false,
    'outcome ok, but {"success":false,"message":"Connection failed: <!DOCTYPE html …><title>401 - Unauthorized: Access is denied due to invalid credentials.</title>…"}',
  ),
  "ado-017": tool(
    "auth",
    "http_401",
    false,
    'isError: "Error executing list_projects: <!DOCTYPE html …><title>401 - Unauthorized: Access is denied due to invalid credentials.</title>…" (the IIS error page as the message)',
  ),
  "ado-018": tool("unknown_tool", null, false, 'isError: "Unknown tool: create_work_item"'),
  "ado-019": wire(
    "transient",
    "timeout",
    true,
    'no answer within 3 s: "MCP error -32001: Request timed out"',
  ),
  "ado-020": tool(
    "transient",
    "econnrefused",
    true,
    'isError: "Error executing list_repos: connect ECONNREFUSED 127.0.0.1:38803"',
  ),
};
