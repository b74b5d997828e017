// Verdicts for group r37-b, written from the captured exchanges (test/fixtures/server-corpus/groups/r37-b.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // @botanicastudios/crossref-mcp: every upstream failure is an ordinary result, never isError:
  // {"status": "error", "message": "API request failed with status N" | "<fetch or JSON error>", "query": {…}}. Only the
  // SDK's own argument check and unknown-tool answer are isError ("MCP error -32602: …").
  "cr-001": ok("three works for the title 'Attention is all you need', status success, count 3"),
  "cr-002": ok("five works for 'citation manager' (the server's default of five rows), status success"),
  "cr-003": ok("two works by Hinton, status success"),
  "cr-004": ok("'Deep learning' (LeCun, Bengio, Hinton; Nature 521) by its DOI, status success"),
  "cr-005": ok(
    "the gravitational-wave paper by its DOI given as a doi.org URL, which the server stripped: status success",
  ),
  "cr-006": ok(
    "{status: 'no_results', results: []} for a title nothing matches — a search that found nothing",
    true,
  ),
  "cr-007": ok(
    "{status: 'no_results', results: []} for an author nothing matches — a search that found nothing",
    true,
  ),
  "cr-008": silent(
    "validation",
    "http_404",
    false,
    '{"status": "error", "message": "API request failed with status 404"} as an ordinary result: Crossref has no work with that DOI (a named thing that does not exist)',
  ),
  "cr-009": silent(
    "validation",
    "http_404",
    false,
    "the same 'API request failed with status 404' for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "cr-010": silent(
    "validation",
    "http_404",
    false,
    "'API request failed with status 404' as an ordinary result: the 'doi:' prefix went into the path unstripped, so Crossref found no such work (other arguments than cr-008's, so not a repeat)",
  ),
  "cr-011": silent(
    "validation",
    null,
    false,
    "an empty DOI answered status 'success' with a record whose every field is null (title, doi, url, publisher …) and no authors: the server formatted Crossref's work list as one work. A look-up of one named work answered with an empty record",
  ),
  "cr-012": silent(
    "validation",
    "http_400",
    false,
    "'API request failed with status 400' as an ordinary result: 5000 rows is above Crossref's limit (a bad argument)",
  ),
  "cr-013": silent(
    "validation",
    "http_400",
    false,
    "'API request failed with status 400' as an ordinary result: Crossref refused the fractional row count 2.5",
  ),
  "cr-014": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: Invalid arguments for tool searchByTitle: Expected number, received string at rows'",
  ),
  "cr-015": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: Invalid arguments for tool getWorkByDOI: Required at doi'",
  ),
  "cr-016": silent(
    "rate_limited",
    "http_429",
    true,
    "'API request failed with status 429' as an ordinary result: Crossref's rate limit (the body and X-Rate-Limit headers are not shown)",
  ),
  "cr-017": silent(
    "internal",
    "http_500",
    true,
    "'API request failed with status 500' as an ordinary result: an upstream 500 relayed is internal by the contract",
  ),
  "cr-018": silent(
    "transient",
    "http_502",
    true,
    "'API request failed with status 502' as an ordinary result: a bad gateway in front of Crossref",
  ),
  "cr-019": silent(
    "transient",
    "http_503",
    true,
    "'API request failed with status 503' as an ordinary result: Crossref temporarily unavailable",
  ),
  "cr-020": silent(
    "transient",
    "http_504",
    true,
    "'API request failed with status 504' as an ordinary result: a gateway timeout in front of Crossref",
  ),
  "cr-021": silent(
    "transient",
    null,
    true,
    '{"status": "error", "message": "Unexpected token \'<\', \\"<!DOCTYPE \\"... is not valid JSON"} as an ordinary result: an HTML page where Crossref\'s JSON belongs, with no status shown (transient by the fixture README\'s convention)',
  ),
  "cr-022": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out (Crossref answering 15 s late)",
  ),
  "cr-023": silent(
    "transient",
    null,
    true,
    '{"status": "error", "message": "fetch failed"} as an ordinary result: undici could not reach Crossref (the proxy refused connections); no code in the text',
  ),
  "cr-024": ok("'Deep learning' by its DOI once Crossref is back (cr-023's call, now answered)"),
  "cr-025": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool formatCitation not found' — the words decide the category",
  ),
};
