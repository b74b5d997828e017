// Verdicts for group r31-b, written from the captured exchanges (test/fixtures/server-corpus/groups/r31-b.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // ----------------------------------------------------------------------------------------- adzuna-mcp (stdio)
  "adz-001": ok(
    "Found 1,863 jobs (returned 3) with title, company, place, salary, contract, category, redirect URL and snippet",
  ),
  "adz-002": ok('a search that found nothing: "Found 0 jobs (returned 0)." with the attribution block', true),
  "adz-003": ok("two IT jobs near Manchester out of 4,127, with salaries and redirect URLs"),
  "adz-004": ok("two of an employer's 14 listings"),
  "adz-005": ok("three listings for the exact phrase, one with a salary marked (predicted)"),
  "adz-006": ok(
    'a page past the last one: "Found 1,863 jobs (returned 0)" — the query matches jobs but this page holds none; judged an empty listing page',
    true,
  ),
  "adz-007": ok("one nursing job by title from the last week out of 2,204"),
  "adz-008": ok('a search that found nothing today: "Found 0 jobs (returned 0)."', true),
  "adz-009": ok("the second page of the London search: two more listings of the 1,863"),
  "adz-010": ok("one listing matching both terms without contract roles"),
  "adz-011": ok("one nursing job in Leeds, sorted by salary"),
  "adz-012": ok("one listing matching either term near Manchester"),
  "adz-013": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: … Provide at least one of: a keywords variant …, `location`, `category`, or `company`.' (the tool's own zod refine)",
  ),
  "adz-014": tool(
    "validation",
    null,
    false,
    "isError 'Adzuna rejected the request: Adzuna rejected the request as malformed': the server's sentence for Adzuna's 400 on an unknown category tag; neither the status nor Adzuna's exception reaches the agent",
  ),
  "adz-015": tool(
    "auth",
    null,
    false,
    "isError 'Adzuna rejected the credentials. Check ADZUNA_APP_ID and ADZUNA_APP_KEY are set correctly.': Adzuna's 401 AUTH_FAIL, its body dropped; no code shown",
  ),
  "adz-016": tool(
    "auth",
    null,
    false,
    "the same credentials rejection again: the same tool and arguments right after a non-retryable failure",
    true,
  ),
  "adz-017": tool(
    "rate_limited",
    null,
    true,
    "isError 'Adzuna rate-limited the request. Retry after 60 seconds. (16 API calls this session.)': the 429's Retry-After relayed in words, no code",
  ),
  "adz-018": tool(
    "rate_limited",
    null,
    true,
    "isError 'Adzuna rate-limited the request. Try again shortly. (17 API calls this session.)': a 429 past the free tier's daily calls, but the server says only rate-limited (Adzuna's wording is dropped), so an agent reads a short wait",
  ),
  "adz-019": tool(
    "internal",
    "http_500",
    true,
    "isError 'Adzuna upstream problem: Adzuna returned unexpected status 500': the upstream 500, status quoted",
  ),
  "adz-020": tool(
    "transient",
    "http_502",
    true,
    "isError 'Adzuna upstream problem: Adzuna returned unexpected status 502': nginx's 502 page, only its status quoted",
  ),
  "adz-021": tool(
    "internal",
    null,
    true,
    "isError 'Adzuna upstream problem: Adzuna returned status 200 with an unparseable body': a maintenance page where JSON was expected, but the words name neither HTML nor an outage — a JSON parse failure with no other signal, internal by the convention",
  ),
  "adz-022": wire("transient", "timeout", true, "client timeout -32001 after 3 s; Adzuna took 15 s"),
  "adz-023": tool(
    "transient",
    null,
    true,
    "isError 'fetch failed': undici could not reach Adzuna (the proxy refused); no code in the text",
  ),
  "adz-024": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool get_salary_histogram not found': the server has no such tool",
  ),
};
