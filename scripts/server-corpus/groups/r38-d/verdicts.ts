// Verdicts for group r38-d, written from the captured exchanges (test/fixtures/server-corpus/groups/r38-d.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // trigger.dev 4.8.3 (`trigger.dev mcp`, stdio, SDK 1.x McpServer): every failure of a tool is isError with a JSON
  // text. A thrown error becomes {"error":{"name","message"}} (TriggerApiError for the API's answers, Error when the
  // whoami check rethrew it); the CLI's own client answers become {"error":"<message>"}. The API's status and headers
  // are dropped; an HTML body is kept whole after its status ("502 <!DOCTYPE html>…"). 5xx, 429 and connection errors
  // are retried inside the server (up to five attempts) before the text is shown.
  "trg-001": ok("the current session: profile, email, user id, API URL and dashboard from whoami"),
  "trg-002": ok("one organization with its one project, ref, slug and creation date"),
  "trg-003": ok("the prod environment's current worker 20261128.3 with three tasks and the runs URL"),
  "trg-004": ok("the payload schema of send-welcome-email as JSON"),
  "trg-005": ok("the task was triggered: a run id and its dashboard URL"),
  "trg-006": ok(
    "three runs listed with task, status, environment, times, cost and tags (one run failed: data)",
  ),
  "trg-007": ok("'Found 0 runs … No runs found.' — a filtered list that found nothing", true),
  "trg-008": tool(
    "validation",
    null,
    false,
    '{"error":"Task \\"send-welcome-mail\\" not found. Available tasks: …"}: a task slug the worker does not have',
  ),
  "trg-009": tool(
    "validation",
    null,
    false,
    '{"error":{"name":"TriggerApiError","message":"Task not found: send-welcome-mail"}}: triggering a task that does not exist',
  ),
  "trg-010": tool(
    "validation",
    null,
    false,
    "the same 'Task not found: send-welcome-mail' again for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "trg-011": tool(
    "validation",
    null,
    false,
    '{"error":{"name":"TriggerApiError","message":"Run not found"}}: cancelling a run id that does not exist',
  ),
  "trg-012": tool(
    "auth",
    null,
    false,
    "'Could not get the authentication token for the project proj_zzzz… in the prod environment. Please try again.': the server could not obtain the environment's token; the words name an authentication failure, not a missing project, and 'Please try again' is advice, not retry metadata",
  ),
  "trg-013": tool(
    "validation",
    null,
    false,
    '{"error":"Worker not found"}: the staging environment has no current worker (nothing deployed)',
  ),
  "trg-014": tool(
    "permission",
    null,
    false,
    '{"error":"You don\'t have access to this project"}: a project the user is not allowed to read',
  ),
  "trg-015": tool(
    "validation",
    "-32602",
    false,
    '\'MCP error -32602: Input validation error: … Invalid option: expected one of "dev"|"staging"|"prod"|"preview" at environment\': a bad argument',
  ),
  "trg-016": tool(
    "auth",
    null,
    false,
    '{"error":{"name":"Error","message":"Invalid or Missing Access Token"}}: the personal access token is not accepted',
  ),
  "trg-017": tool(
    "auth",
    null,
    false,
    '{"error":"Not authenticated. Use an authenticated tool to trigger login."}: whoami with a token that is no longer accepted',
  ),
  "trg-018": tool(
    "rate_limited",
    null,
    true,
    "'Rate limit exceeded 0/1500 requests remaining. Retry in 2 seconds.' after 7.6 s of the server's own retries; the 429 and its headers are not shown",
  ),
  "trg-019": ok("trg-018's call once the limit has reset: one sync-stripe-invoices run"),
  "trg-020": tool(
    "internal",
    "http_500",
    true,
    '{"error":{"name":"Error","message":"Internal Server Error"}}: the reason phrase of a 500 alone, after 7.5 s of retries',
  ),
  "trg-021": tool(
    "transient",
    "http_502",
    true,
    "'502 <!DOCTYPE html> … api.trigger.dev | 502: Bad gateway …': a gateway's HTML error page quoted after its status, after 7.5 s of retries",
  ),
  "trg-022": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "trg-023": tool(
    "transient",
    null,
    true,
    '{"error":{"name":"Error","message":"Connection error."}}: the API could not be reached (after 7.5 s of retries); no system code is shown',
  ),
  "trg-024": tool(
    "unknown_tool",
    "-32602",
    false,
    "'MCP error -32602: Tool get_run not found' as an isError result",
  ),
  "trg-025": ok(
    "trg-023's call once the API is back: one failed run listed (data about a failure, not a failure)",
  ),
};
