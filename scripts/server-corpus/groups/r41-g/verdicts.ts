// Verdicts for group r41-g, written from the captured exchanges (test/fixtures/server-corpus/groups/r41-g.jsonl), each
// read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // cakemail-mcp-server (SDK 0.6 low-level Server, protocol 2024-11-05, no argument schema checks): every success is a
  // Markdown-ish text, a title with the API's JSON ("Account details: {…}", "Senders: {…}", "**Full Response:**").
  // Every failure is isError with a title by error class: "❌ **API Error (<status>)**", "🔍 **Not Found**",
  // "⏱️ **Rate Limit Exceeded**", "🔐 **Authentication Error**", "❌ **Error**" for anything else. The v2 Email API's
  // wrappers re-throw every API error as their own error with status 500, so "API Error (500)" stands above "Failed to
  // send email (422): …" or "Failed to render email …: Not found: …". The client retries 429/5xx/network errors three
  // times, and a circuit breaker per API area opens after five failed requests ("Circuit breaker is OPEN … Service may be
  // unavailable.", no request sent).
  "cm-001": ok("the account: id 41021, Northwind Bakery, active, address, timezone (the API's JSON)"),
  "cm-002": ok("the brand's two senders as JSON: 41202 confirmed, 41207 not confirmed"),
  "cm-003": ok(
    "'Email sent successfully!': id 6f1c2a9e-…, status queued, submitted true — the order confirmation was accepted",
  ),
  "cm-004": tool(
    "validation",
    "http_400",
    false,
    "isError 'API Error (400) — email_id must be a valid UUID' for the id the server itself returned in cm-003 (its own UUID check drops the version digit, no request is sent); the payload says the argument is invalid",
  ),
  "cm-005": tool(
    "validation",
    "http_404",
    false,
    "isError 'API Error (500) — Failed to render email 0d9e8c7b-…: Not found: Email not found' — an e-mail id that does not exist; the server's wrapper labels it 500, the API's 'Not found' reason phrase before its detail is the more specific status",
  ),
  "cm-006": tool(
    "validation",
    "http_422",
    false,
    "isError 'API Error (500) — Failed to send email (422): Validation errors - body.email: value is not a valid email address: The part after the @-sign is not valid…' — the recipient address is invalid; the API's 422 is quoted inside the server's 500 label",
  ),
  "cm-007": tool(
    "validation",
    "http_422",
    false,
    "isError 'API Error (500) — Failed to send email (422): Validation errors - body.sender.id: Sender 41207 is not confirmed' — the request names a sender that cannot send yet; the caller has to pick another sender or confirm it",
  ),
  "cm-008": tool(
    "validation",
    "http_422",
    false,
    "the same 422 'Sender 41207 is not confirmed' for the same arguments as cm-007, which failed non-retryably",
    true,
  ),
  "cm-009": ok("Email logs: Total Logs 1, one delivered event for the sent e-mail, with the API's JSON"),
  "cm-010": ok(
    "Email logs of type bounce: 'Total Logs: 0', 'No logs found.', data [] — a query that found nothing",
    true,
  ),
  "cm-011": ok("daily Email API statistics: three data points with delivered/opened counts"),
  "cm-012": tool(
    "internal",
    null,
    true,
    "isError 'Error — result.substring is not a function': the API answered the rendered HTML and the server's own code failed on it (a TypeError, no status, no code)",
  ),
  "cm-013": ok("two contact lists with their contact counts (1284 and 212) and default sender"),
  "cm-014": tool(
    "validation",
    "http_404",
    false,
    "isError 'Not Found — Not found: Template not found' — a template id that does not exist; the reason phrase 'Not found' before the API's detail quotes the 404",
  ),
  "cm-015": tool(
    "rate_limited",
    null,
    true,
    "isError 'Rate Limit Exceeded — Rate limit exceeded: Too many requests, please slow down. (Failed after 4 attempts) Please wait 429 seconds before trying again.' — a rate limit in words; the 429 appears only as a wait in seconds (the server puts the status where the Retry-After belongs), not as a status, so no code",
  ),
  "cm-016": tool(
    "transient",
    "http_503",
    true,
    "isError 'API Error (503) — Server error (503): Service temporarily unavailable, please retry later. (Failed after 4 attempts)'",
  ),
  "cm-017": tool(
    "transient",
    "http_502",
    true,
    "isError 'API Error (502) — Server error (502): <!DOCTYPE html>… 502: Bad gateway …' — Cloudflare's 502 page in front of the API, quoted whole",
  ),
  "cm-018": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out (the API answering 15 s late)",
  ),
  "cm-019": tool(
    "transient",
    "econnrefused",
    true,
    "isError 'API Error (0) — Network error: request to https://api.cakemail.dev/accounts/self failed, reason: connect ECONNREFUSED 127.0.0.1:44800'",
  ),
  "cm-020": tool(
    "internal",
    "http_500",
    true,
    "isError 'API Error (500) — Failed to send email (500): Internal Server Error' — the API's 500 on the submission (after the server's three retries)",
  ),
  "cm-021": tool(
    "transient",
    "http_500",
    true,
    "isError 'API Error (500) — Failed to render email 0d9e8c7b-…: Circuit breaker is OPEN for API request to /v2/emails/…/render… Service may be unavailable.' — the server's own breaker refused to send the request; 'service may be unavailable' reads as transient, the breaker closes after a minute. Same tool and arguments as cm-005, which failed non-retryably, and it fails again",
    true,
  ),
  "cm-022": tool(
    "transient",
    "http_500",
    true,
    "isError 'API Error (500) — Failed to send email: Circuit breaker is OPEN for API request to /v2/emails?account_id=41021. Service may be unavailable.' — a good submission refused by the server's open breaker (no request); the same arguments last failed with a retryable 500 (cm-020), so no wasted retry",
  ),
  "cm-023": tool(
    "unknown_tool",
    null,
    false,
    "isError 'Unknown Tool: cakemail_send_sms — This tool is not recognized.'",
  ),
  "cmp-001": tool(
    "auth",
    "http_401",
    false,
    "isError 'Authentication Error — Authentication failed (401): Unauthorized … check your CAKEMAIL_EMAIL and CAKEMAIL_PASSWORD' — the password grant refused the credentials (after three tries, 12 s)",
  ),
  "cmp-002": tool(
    "auth",
    "http_401",
    false,
    "isError 'API Error (500) — Failed to send email (401): Incorrect username or password' — the same wrong password, surfaced through the Email API wrapper's 500 label; the API's 401 and its words are the signal",
  ),
};
