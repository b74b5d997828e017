// Verdicts for group r38-b, written from the captured exchanges (test/fixtures/server-corpus/groups/r38-b.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // inngest-cloud-mcp (stdio, SDK 1.x McpServer, zod 4): every tool returns the API's JSON pretty-printed as text.
  // Any non-2xx throws "Inngest API <status>: <body text>", which the SDK turns into isError with that message — the
  // body's `error` wording and its `status` member shown, headers (Retry-After) dropped. A fetch that cannot connect
  // is isError "fetch failed". No timeout of its own. Bad arguments and an unknown tool are isError "MCP error -32602 …"
  // from the SDK.
  "ing-001": ok("three events of the last seven days with names, payloads and timestamps"),
  "ing-002": ok("the order event by its ULID, with its payload"),
  "ing-003": ok(
    "the event's two runs: one Completed with its output, one Failed whose output is the function's error — data about runs that failed, not a failure of the call",
  ),
  "ing-004": ok("a Completed run with its output (the receipt e-mail id)"),
  "ing-005": ok(
    "a run with status Failed and the function's error as output ('Warehouse API responded 409 …'): the tool reported the run as asked; the run's failure is the data",
  ),
  "ing-006": ok("the app's four functions with ids, names and slugs"),
  "ing-007": ok("the list of bulk cancellation rules is data [] — none exist yet", true),
  "ing-008": ok("events filtered by a name nobody sent in the window: data []", true),
  "ing-009": ok(
    "the runs an existing event triggered: data [] — the event exists and triggered no function (a list, not a failed lookup)",
    true,
  ),
  "ing-010": tool(
    "validation",
    "http_404",
    false,
    'isError \'Inngest API 404: {"code":"","data":null,"error":"run not found","status":404}\': the named run does not exist; the body\'s code member is empty, so the quoted status is the code',
  ),
  "ing-011": tool(
    "validation",
    "http_404",
    false,
    "the same 404 'run not found' again for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "ing-012": tool(
    "validation",
    "http_400",
    false,
    'isError \'Inngest API 400: {… "error":"invalid event ID: order-10482","status":400}\': the event\'s own id given where the ULID is expected',
  ),
  "ing-013": tool(
    "validation",
    "http_404",
    false,
    'isError \'Inngest API 404: {… "error":"app not found" …}\': a misspelt app name',
  ),
  "ing-014": ok("the running digest run cancelled: {run_id, status: Cancelled}"),
  "ing-015": tool(
    "validation",
    "http_400",
    false,
    'isError \'Inngest API 400: {… "error":"run … has already finished and cannot be cancelled" …}\': the request does not fit the run\'s state; no change makes the same call succeed',
  ),
  "ing-016": ok("a bulk cancellation rule created: its id, the function, the time range and the CEL filter"),
  "ing-017": tool(
    "validation",
    "http_400",
    false,
    'isError \'Inngest API 400: {… "error":"started_before must be after started_after" …}\': the time range given reversed',
  ),
  "ing-018": tool(
    "auth",
    "http_401",
    false,
    'isError \'Inngest API 401: {… "error":"Your signing key is invalid","status":401}\': the signing key is no longer accepted',
  ),
  "ing-019": tool(
    "rate_limited",
    "http_429",
    true,
    'isError \'Inngest API 429: {… "error":"rate limit exceeded","status":429}\' (the Retry-After header is dropped by the server)',
  ),
  "ing-020": tool(
    "internal",
    "http_500",
    true,
    'isError \'Inngest API 500: {… "error":"internal server error","status":500}\': the API\'s own failure',
  ),
  "ing-021": tool(
    "transient",
    "http_502",
    true,
    "isError 'Inngest API 502: <!DOCTYPE html> … api.inngest.com | 502: Bad gateway …': Cloudflare's gateway page, status quoted",
  ),
  "ing-022": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s (the server sets no timeout of its own): MCP error -32001 Request timed out",
  ),
  "ing-023": tool(
    "transient",
    null,
    true,
    "isError 'fetch failed': undici could not reach the Inngest API (the proxy refused); no code in the text",
  ),
  "ing-024": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: Invalid arguments for tool cancel_run: Invalid input: expected string, received undefined at runId': the SDK's argument check",
  ),
  "ing-025": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool list_runs not found': the server has no such tool",
  ),
};
