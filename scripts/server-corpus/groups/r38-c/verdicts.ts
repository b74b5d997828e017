// Verdicts for group r38-c, written from the captured exchanges (test/fixtures/server-corpus/groups/r38-c.jsonl), each
// read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // @deliveriq/mcp: every result is a Markdown report; every SDK error becomes isError with a fixed sentence per class
  // (401 "Authentication failed…", 402 "Insufficient credits…", 404 "Not found: <message>…", 429 "Rate limit exceeded.
  // Retry after N seconds…", other statuses "API error (<status>): <message>", anything else "Unexpected error: <message>").
  // The API's error `code` member is never shown. The SDK retries 429 (after Retry-After) and 5xx (1, 2, 4 s) three times.
  // Arguments are checked by the SDK's McpServer against the server's zod schemas (isError -32602).
  "dq-001": ok("a Markdown report: reachability SAFE, score 96/100, SMTP deliverable"),
  "dq-002": ok(
    "a report on a role address at a catch-all domain: RISKY 58/100 with DNSBL, spam-trap and infrastructure lines — a verdict about the input, not a failure",
  ),
  "dq-003": ok(
    "a report that the mailbox does not exist: INVALID 4/100, SMTP not deliverable, 'Did you mean' — the verifier answering about its input (like a validator's valid: false)",
  ),
  "dq-004": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: Invalid arguments for tool deliveriq_verify_email: Must be a valid email address at email' — the SDK's schema check",
  ),
  "dq-005": tool(
    "validation",
    "-32602",
    false,
    "the same -32602 input validation isError again for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "dq-006": ok("batch submitted: job id, status processing, 3 emails, estimated 6 s"),
  "dq-007": ok("the new batch's status: PROCESSING, 33% (1/3) — a job still running is a successful answer"),
  "dq-008": ok("a completed batch's status with its summary table (1 safe, 1 risky, 2 invalid)"),
  "dq-009": ok("the completed batch's invalid rows as CSV: header and 2 rows"),
  "dq-010": tool(
    "validation",
    "http_404",
    false,
    "isError 'Not found: Job not found. Check that the ID or resource exists.' — a job id that does not exist; the reason phrase 'Not found' before the body's message quotes the 404",
  ),
  "dq-011": ok("the account's jobs: a table of two"),
  "dq-012": ok("'No verification jobs found. (filter: failed)' — a filtered list with no results", true),
  "dq-013": ok(
    "the finder's answer: maria.lopez@northwind-traders.com, 94% (verified), SMTP verified, pattern {first}.{last}",
  ),
  "dq-014": ok(
    "'**Result**: No email found.' with the reason (a catch-all domain, no candidate confirmed) and the domain's context — the finder searched and found nothing",
    true,
  ),
  "dq-015": ok(
    "'No data available for this domain. Use `deliveriq_find_email` to trigger enrichment' — the organization database has no entry yet; a query that found nothing, with a next step",
    true,
  ),
  "dq-016": ok(
    "a DNSBL report: LISTED on 2 of 50 zones with the listings table — data about the domain, not a failure",
  ),
  "dq-017": ok("the credit balance: 588 of 1,000 remaining, plan starter, breakdown and daily usage"),
  "dq-018": tool(
    "auth",
    null,
    false,
    "isError 'Authentication failed. Verify that the DELIVERIQ_API_KEY environment variable contains a valid API key' — the API's 401 for a revoked key; its code is not shown",
  ),
  "dq-019": tool(
    "business",
    null,
    false,
    "isError 'Insufficient credits. Current balance: 0, required: 1. … or upgrade your plan.' — the API's 402: the month's credits are used up",
  ),
  "dq-020": tool(
    "rate_limited",
    null,
    true,
    "isError 'Rate limit exceeded. Retry after 1 seconds. The SDK will automatically retry — if you see this, max retries were exhausted.' — after the SDK's three waits on the 429",
  ),
  "dq-021": tool(
    "internal",
    "http_500",
    true,
    "isError 'API error (500): Internal server error' after the SDK's three retries — an upstream 500 relayed is internal by the contract",
  ),
  "dq-022": tool(
    "transient",
    null,
    true,
    "isError 'Unexpected error: Unexpected token '<', \"<html>\\r\\n<h\"... is not valid JSON' — nginx's 502 page where the API's JSON was expected (retried three times, then parsed); the status is not shown, so the HTML-for-JSON convention: transient, no code",
  ),
  "dq-023": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out (the API answering 15 s late)",
  ),
  "dq-024": tool(
    "transient",
    null,
    true,
    "isError 'Unexpected error: fetch failed' — undici's connection failure with the API unreachable; the cause (ECONNREFUSED) is not shown",
  ),
  "dq-025": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool deliveriq_verify_phone not found' — the words decide the category",
  ),
};
