// Verdicts for group r34-c, written from the captured exchanges (test/fixtures/server-corpus/groups/r34-c.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  "sst-001": ok("summaries of nike.com and adidas.com"),
  "sst-002": ok("two competitors of nike.com"),
  "sst-003": ok("two keywords of nike.com with positions and traffic"),
  "sst-004": ok("nike.com's backlink summary"),
  "sst-005": tool(
    "internal",
    null,
    true,
    "isError 'Error: Cannot read properties of undefined (reading 'max_lines')' — an uncaught TypeError on the credits answer, no better signal (README, Ambiguous)",
  ),
  "sst-006": tool(
    "internal",
    null,
    true,
    "isError 'Error: Cannot read properties of undefined (reading 'length')' — an uncaught TypeError on the categories answer (README, Ambiguous)",
  ),
  "sst-007": ok("the project list: data [], total 0", true),
  "sst-008": ok("domain keywords: data [], total 0 — a listing that found nothing", true),
  "sst-009": ok("domain competitors: data [], total 0 — a listing that found nothing", true),
  "sst-010": ok("adidas.com's summary in the g_uk database"),
  "sst-011": ok("nike.com's summary"),
  "sst-012": tool(
    "validation",
    null,
    false,
    "isError 'Error: Invalid parameters: se: Invalid enum value. Expected …' — the server's own zod check",
  ),
  "sst-013": tool("validation", null, false, "isError 'Error: Invalid parameters: domain: Required'"),
  "sst-014": tool(
    "rate_limited",
    "http_429",
    true,
    "isError 'Error: Request failed with status code 429' — axios's message; the Retry-After is not shown",
  ),
  "sst-015": tool(
    "business",
    "32004",
    false,
    "isError 'Serpstat API error: You have run out of API credits. Please upgrade your plan. (code: 32004)' — the plan's credits",
  ),
  "sst-016": tool(
    "business",
    "32004",
    false,
    "the same call again after the non-retryable out-of-credits answer, and the same answer — a wasted retry",
    true,
  ),
  "sst-017": tool(
    "permission",
    "32003",
    false,
    "isError 'Access to this method is not available for your plan (code: 32003)' — the method is not allowed on this plan (README, Ambiguous)",
  ),
  "sst-018": tool(
    "internal",
    "http_500",
    true,
    "isError 'Error: Request failed with status code 500' (after the server's two retries)",
  ),
  "sst-019": tool("transient", "http_502", true, "isError 'Error: Request failed with status code 502'"),
  "sst-020": wire("transient", "timeout", true, "the client's -32001 'Request timed out' after 3 s"),
  "sst-021": tool("transient", "econnrefused", true, "isError 'Error: connect ECONNREFUSED 127.0.0.1:43100'"),
  "sst-022": rpc(
    "unknown_tool",
    "-32603",
    false,
    "JSON-RPC error -32603 'Unknown tool: get_domain_traffic_history' — the words decide the category",
  ),
  "sst-023": tool("auth", "32001", false, "isError 'Serpstat API error: Invalid token! (code: 32001)'"),
  "sst-024": tool(
    "auth",
    "32001",
    false,
    "the same call again with the same mistyped token, and the same answer — a wasted retry",
    true,
  ),
};
