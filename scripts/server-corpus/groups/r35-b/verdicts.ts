// Verdicts for group r35-b, written from the captured exchanges (test/fixtures/server-corpus/groups/r35-b.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // mcp-stream-estate
  "sen-001": ok("location autocomplete: two cities and a department for 'Lyon 3'"),
  "sen-002": ok("two flats of 214 matching the search"),
  "sen-003": ok("the property's full record with its advert, price event and stations"),
  "sen-004": ok("one similar property"),
  "sen-005": ok("price per m²: average, median, count and a three-month histogram"),
  "sen-006": ok("two schools near the coordinates"),
  "sen-007": ok("property search: hydra:member [], hydra:totalItems 0 — a search that found nothing", true),
  "sen-008": tool(
    "validation",
    "http_404",
    false,
    "isError 'Error: API 404: Not Found — {hydra:Error … Not Found}': a property UUID that does not exist; the body has no code member",
  ),
  "sen-009": ok("the saved searches: one"),
  "sen-010": tool(
    "validation",
    "http_404",
    false,
    "isError 'Error: API 404: Not Found': a saved search that does not exist",
  ),
  "sen-011": tool(
    "validation",
    "57c2f299-1154-4870-89bb-ef3b1f5ad229",
    false,
    "isError 'Error: API 422: Unprocessable Entity — {ConstraintViolationList … endpointRecipient: This value is not a valid URL.}'; the violation's code member is the most specific code (README, Ambiguous)",
  ),
  "sen-012": ok("the saved search created (201), /searches/342"),
  "sen-013": ok('the saved search deleted: 204 rendered by the server as {"success": true}'),
  "sen-014": tool(
    "validation",
    "http_404",
    false,
    "isError 'Error: API 404: Not Found' deleting the search already deleted; not a wasted retry (the previous identical call succeeded)",
  ),
  "sen-015": ok("webhook test: success true, the endpoint answered 200"),
  "sen-016": tool(
    "rate_limited",
    "http_429",
    true,
    "isError 'Error: API 429: Too Many Requests — … Rate limit exceeded, please retry in 30 seconds.'",
  ),
  "sen-017": tool(
    "business",
    "http_402",
    false,
    "isError 'Error: API 402: Payment Required — … Your monthly advert quota is exhausted. Upgrade your plan to continue.'",
  ),
  "sen-018": tool(
    "business",
    "http_402",
    false,
    "the same call again after the non-retryable 402, and the same answer — a wasted retry",
    true,
  ),
  "sen-019": tool(
    "internal",
    "http_500",
    true,
    "isError 'Error: API 500: Internal Server Error — {hydra:Error …}'",
  ),
  "sen-020": tool(
    "transient",
    "http_502",
    true,
    "isError 'Error: API 502: Bad Gateway — <!DOCTYPE html>… Cloudflare 502 page'",
  ),
  "sen-021": wire("transient", "timeout", true, "the client's -32001 'Request timed out' after 3 s"),
  "sen-022": tool(
    "transient",
    null,
    true,
    "isError 'Error: fetch failed' — undici's connection failure with the API down; the cause (ECONNREFUSED) is not shown",
  ),
  "sen-023": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool get-market-report not found' — the words decide the category",
  ),
  "sen-024": tool(
    "auth",
    "401",
    false,
    'isError \'Error: API 401: Unauthorized — {"code":401,"message":"Invalid API key."}\': a revoked key; the body\'s code member wins (README, Ambiguous)',
  ),
  "sen-025": tool(
    "auth",
    "401",
    false,
    "the same call again with the same revoked key, and the same answer — a wasted retry",
    true,
  ),

  // @rundum-immo/real-estate-appraisal-mcp
  "afa-001": ok(
    "depreciation of a 1970 condominium: 3.33%, €9,324 a year, structuredContent with the result",
  ),
  "afa-002": ok(
    "depreciation of a fully modernized house; the advice that an appraisal is not worth it is data, not a failure",
  ),
  "afa-003": ok("depreciation with the building value and tax rate assumed, as the text says"),
  "afa-004": ok("purchase-price allocation by the income method with the asset method as an alternative"),
  "afa-005": ok(
    "purchase-price allocation by the asset method; the income method skipped for want of a rent",
  ),
  "afa-006": tool(
    "validation",
    null,
    false,
    "isError 'Input validation error: Invalid arguments for tool calculate_property_depreciation: constructionYear: Too small: expected number to be >=1800' — the SDK's schema check, no code",
  ),
  "afa-007": tool(
    "validation",
    null,
    false,
    "isError 'Input validation error: … purchaseDate: Must not be in the future' — the server's own refinement",
  ),
  "afa-008": tool(
    "validation",
    null,
    false,
    "isError 'Input validation error: … coOwnershipNumerator: Required for a condominium, coOwnershipDenominator: Required for a condominium'",
  ),
  "afa-009": tool(
    "validation",
    null,
    false,
    "the same arguments again after the non-retryable validation failure, and the same answer — a wasted retry",
    true,
  ),
  "afa-010": tool(
    "rate_limited",
    null,
    true,
    "isError 'AfAMax rate limit reached. Please try again later. Try again in about 42 seconds.' — no status or code shown",
  ),
  "afa-011": tool(
    "transient",
    null,
    true,
    "isError 'The AfAMax calculation service is temporarily unavailable.' (a 503 SERVICE_DISABLED behind it, not shown)",
  ),
  "afa-012": tool("internal", "http_500", true, "isError 'AfAMax returned HTTP 500.'"),
  "afa-013": tool(
    "internal",
    null,
    true,
    "isError 'AfAMax returned invalid JSON.' — a parse failure with no sign of an HTML page or a status (a 502 page behind it) (README, Ambiguous)",
  ),
  "afa-014": tool(
    "transient",
    null,
    true,
    "isError 'AfAMax did not respond before the request timed out.' — the server's own 2.5 s timeout; no code",
  ),
  "afa-015": tool(
    "transient",
    null,
    true,
    "isError 'AfAMax could not be reached.' — connection refused, not shown",
  ),
  "afa-016": tool(
    "internal",
    null,
    true,
    "isError 'AfAMax returned a response that does not match the public API contract.' — an answer the server cannot read; internal by default (README, Ambiguous)",
  ),
  "afa-017": ok("the same depreciation once AfAMax answers normally (German disclaimer, the default locale)"),
  "afa-018": tool(
    "validation",
    null,
    false,
    "isError 'AfAMax rejected the calculation input.' — AfAMax's 422 VALIDATION_FAILED for a construction year next year; code and status not shown",
  ),
  "afa-019": rpc(
    "unknown_tool",
    "-32602",
    false,
    "JSON-RPC error -32602 'Tool estimate_market_value not found' — the words decide the category",
  ),
};
