// Verdicts for group r37-c, written from the captured exchanges (test/fixtures/server-corpus/groups/r37-c.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, tool } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // odin-print-farm-mcp: a success is the backend's JSON as text (lists wrapped as {printers|jobs|queue|spools|
  // alerts: [...]}); O.D.I.N.'s error envelope becomes isError {"error": {code, detail, retriable, status, ...extra}};
  // any other failure is isError "ODIN read tool failed: <message>" (or "ODIN write tool failed: ...") — its own 5 s
  // fetch timeout, undici's "fetch failed", or "ODIN error <status> on <METHOD> <path>: <detail>" for a body without
  // the envelope. An unknown tool is the SDK's McpServer isError "MCP error -32602: Tool X not found".
  "od-001": ok("the farm summary: six printers by state, queue depth 2, two unread alerts, two active jobs"),
  "od-002": ok("the six printers with status, model, API type and active job"),
  "od-003": ok("printers in state 'error': {\"printers\":[]} — a filtered list that found nothing", true),
  "od-004": ok("printer 3 (MK4-01) with telemetry and its active job 1187"),
  "od-005": tool(
    "validation",
    "printer_not_found",
    false,
    "isError with O.D.I.N.'s envelope: printer_not_found, 'Printer 42 not found', retriable false, status 404 — a named thing that does not exist",
  ),
  "od-006": ok("the two jobs printing now"),
  "od-007": ok("job 1187, printing on printer 3"),
  "od-008": ok("the pending queue: two jobs by priority"),
  "od-009": ok(
    "a dry run of the job: {dry_run: true, would_execute: {...}} — the preview the call asked for",
  ),
  "od-010": ok("job 1190 queued (pending) with next_actions hints"),
  "od-011": tool(
    "validation",
    "invalid_state",
    false,
    "isError envelope invalid_state, status 409, retriable false: printer 5 is idle and only a printing printer can be paused — the request does not fit the thing it names; explicit retriable false",
  ),
  "od-012": tool(
    "transient",
    "printer_offline",
    true,
    "isError envelope printer_offline, status 503, retriable true: the printer has not answered PrusaLink since 09:58 — the machine is unreachable for now; explicit retriable true",
  ),
  "od-013": ok("job 1187 cancelled, printer_action stop_sent, with a next_actions hint"),
  "od-014": tool(
    "validation",
    "invalid_state",
    false,
    "isError envelope invalid_state, status 409, retriable false: job 1187 is already cancelled (od-013 had other arguments, so no wasted retry)",
  ),
  "od-015": tool(
    "validation",
    "invalid_state",
    false,
    "the same cancel_job call as od-014, which failed non-retryably, failing the same way",
    true,
  ),
  "od-016": ok("two PETG spools not loaded in a printer"),
  "od-017": ok('Nylon spools: {"spools":[]} — an inventory filter that found nothing', true),
  "od-018": tool(
    "business",
    "quota_exceeded",
    false,
    "isError envelope quota_exceeded, status 403, retriable false, used_grams 1840 of limit_grams 2000: the user's monthly filament quota refuses a 440 g batch — a quota, not a missing permission",
  ),
  "od-019": tool(
    "rate_limited",
    "rate_limited",
    true,
    "isError envelope rate_limited, status 429, retriable true, 'Retry in 42 seconds', retry_after 42",
  ),
  "od-020": tool(
    "transient",
    null,
    true,
    "isError 'ODIN request timeout after 5000ms: GET /api/v1/orders' — the server's own fetch timeout against a slow backend, not the client's -32001, so no code",
  ),
  "od-021": tool(
    "transient",
    null,
    true,
    "isError 'ODIN network error: GET /api/v1/printers: fetch failed' — the backend was unreachable (connection refused); undici's bare message names no code",
  ),
  "od-022": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool start_print not found' — the words decide the category, the quoted JSON-RPC code is the code",
  ),
  "od-023": ok("two unread alerts (read scope suffices for reads)"),
  "od-024": tool(
    "permission",
    "scope_denied",
    false,
    "isError envelope scope_denied, status 403, retriable false: the token's scope agent:read does not allow a write; needs agent:write",
  ),
  "od-025": tool(
    "auth",
    "http_401",
    false,
    "isError 'ODIN error 401 on GET /api/v1/printers: Invalid or revoked API token' — a revoked credential; the status is quoted, the body had no envelope code",
  ),
};
