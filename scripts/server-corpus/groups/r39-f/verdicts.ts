// Verdicts for group r39-f, written from the captured exchanges (test/fixtures/server-corpus/groups/r39-f.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // mcp-server-pdfnoodle: every failure is isError. An API answer that is not 2xx (202 aside) is thrown as
  // "API Error (<status>): <body as sent>" and wrapped as isError "Error: …"; a network failure is "Error: <undici's
  // message>"; its own argument checks (data that is not JSON, a render whose status is FAILED) are isError texts
  // with no status; the SDK's checks are isError "MCP error -32602: …". No failure arrives as an ordinary result.
  "pdn-001": ok("the account's three templates listed by name and ID"),
  "pdn-002": ok("one template's ID, name, dates, type, style and HTML, status Ready"),
  "pdn-003": ok("the invoice template's variables as JSON"),
  "pdn-004": ok("an invoice rendered: a signed download URL, execution time and file size"),
  "pdn-005": ok("an asynchronous render queued: the request ID to poll"),
  "pdn-006": ok(
    "the render is still going ('PDF is still being generated … call again in 5-10 seconds'): a status answer, not a failure",
  ),
  "pdn-007": ok("the same render polled again: ready, with its download URL"),
  "pdn-008": ok("raw HTML rendered: a signed download URL, execution time and file size"),
  "pdn-009": ok(
    "'No templates found. Use create_template_with_ai to create your first template.': a list that found nothing",
    true,
  ),
  "pdn-010": ok("template creation started: its ID and status ONGOING"),
  "pdn-011": ok(
    "'Template \"Purchase order\" is still being created. Please check again in a moment.': the template exists and is in progress, a status answer",
  ),
  "pdn-012": tool(
    "validation",
    "not_found",
    false,
    'isError \'Error: API Error (404): {"error":"not_found","message":"Template \'receipt-thermal\' not found"}\': a named template that does not exist; the body\'s error member is the code',
  ),
  "pdn-013": tool(
    "validation",
    null,
    false,
    "isError 'Invalid JSON in 'data' parameter. Please provide valid JSON.': the server's own check of its argument, no code",
  ),
  "pdn-014": tool(
    "validation",
    "validation_error",
    false,
    'isError \'Error: API Error (400): {"error":"validation_error","message":"Missing required template variables: courseName",…}\'',
  ),
  "pdn-015": tool(
    "validation",
    "validation_error",
    false,
    "the same 400 validation_error again for the same tool and arguments, right after the same non-retryable failure",
    true,
  ),
  "pdn-016": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: Invalid arguments for tool generate_pdf: … Required' at templateId",
  ),
  "pdn-017": tool(
    "internal",
    "internal_server_error",
    true,
    'isError \'Error: API Error (500): {"error":"internal_server_error","message":"An unexpected error occurred. Please try again later."}\': the upstream\'s 500 relayed',
  ),
  "pdn-018": tool(
    "rate_limited",
    "rate_limit_exceeded",
    true,
    'isError \'Error: API Error (429): {"error":"rate_limit_exceeded","message":"Too many requests. …"}\' (the Retry-After header is not shown)',
  ),
  "pdn-019": tool(
    "business",
    "quota_exceeded",
    false,
    'isError \'Error: API Error (402): {"error":"quota_exceeded","message":"You have reached the monthly PDF limit of your Free plan (50/50). Upgrade your plan …"}\': the plan\'s quota, not retryable until someone upgrades or the month turns',
  ),
  "pdn-020": tool(
    "auth",
    "unauthorized",
    false,
    'isError \'Error: API Error (401): {"error":"unauthorized","message":"Invalid API key. …"}\'',
  ),
  "pdn-021": tool(
    "transient",
    "http_502",
    true,
    "isError 'Error: API Error (502): <!DOCTYPE html> … 502: Bad gateway': Cloudflare's gateway page with the status quoted, no code member",
  ),
  "pdn-022": tool(
    "internal",
    null,
    true,
    "isError 'PDF generation failed. Please try again or contact support.': the service's render failed (renderStatus FAILED), no code; the text itself invites a retry",
  ),
  "pdn-023": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "pdn-024": tool(
    "transient",
    null,
    true,
    "isError 'Error: fetch failed': undici could not reach api.pdfnoodle.com (the proxy refused the connection); no code in the text",
  ),
  "pdn-025": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool send_for_signature not found': the words decide over the generic code",
  ),
};
