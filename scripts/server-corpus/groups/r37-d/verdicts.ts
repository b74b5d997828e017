// Verdicts for group r37-d, written from the captured exchanges (test/fixtures/server-corpus/groups/r37-d.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // @upstash/context7-mcp (streamable HTTP, SDK 2.0.0 stateless): no failure of the API is ever isError. A non-2xx
  // answer becomes the body's `message` alone as an ordinary text (the `error` code is dropped), or a fixed sentence
  // when the body is not JSON ("Request failed with status N. Please try again later."); a 2xx body is passed on as
  // the documentation, so a 202's JSON error body arrives verbatim; a thrown fetch is "Error searching libraries: …".
  // Only the SDK's own schema check is isError, and an unknown tool is JSON-RPC -32602.
  "c7-001": ok("three libraries matching 'React' with ids, snippet counts, reputation, scores and versions"),
  "c7-002": ok("two libraries matching 'Next.js', the first with three versions"),
  "c7-003": ok("two Next.js documentation snippets with sources and code for the middleware question"),
  "c7-004": ok("a documentation snippet for the pinned version v14.3.0-canary.87"),
  "c7-005": ok(
    "a Prisma documentation snippet: the id passed as libraryName was rewritten to libraryId by the server's schema",
  ),
  "c7-006": ok(
    "'No libraries found matching the provided name.' — the library search found nothing (the API answered results [])",
    true,
  ),
  "c7-007": ok(
    "'No libraries found for \"Zorblax\". Try a different search term.' as an ordinary result: resolve-library-id is a search by name and it found nothing",
    true,
  ),
  "c7-008": silent(
    "validation",
    null,
    false,
    "'Library \"/acme/widgets\" not found. Please check the library ID or your access permissions.' as an ordinary result: a query of one named library that does not exist; the API's code (library_not_found) is not shown",
  ),
  "c7-009": silent(
    "validation",
    null,
    false,
    "the same 'Library \"/acme/widgets\" not found' text again for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "c7-010": silent(
    "validation",
    null,
    false,
    '\'Tag "v99.0.0" not found for library "/vercel/next.js". Available tags: …\' as an ordinary result: the named version does not exist',
  ),
  "c7-011": silent(
    "validation",
    null,
    false,
    "'Invalid library ID format. Expected: `/owner/repo` …' as an ordinary result: a bad argument (a name where the id was expected)",
  ),
  "c7-012": silent(
    "transient",
    "library_not_finalized",
    true,
    'the documentation text is the API\'s error body itself: {"error":"library_not_finalized","message":"Library /tanstack/router-devtools-next not finalized yet."} — no documentation; the library is still being processed and the same call can succeed once it is',
  ),
  "c7-013": silent(
    "validation",
    null,
    false,
    "'Library /remix-run/remix has been redirected to this library: /remix-run/react-router.' as an ordinary result: no documentation for the id given; the call must use the new id",
  ),
  "c7-014": silent(
    "permission",
    null,
    false,
    "'Access denied: Library /acme-corp/internal-sdk is not included in your allowed libraries' as an ordinary result",
  ),
  "c7-015": silent(
    "auth",
    null,
    false,
    "'Invalid API key. Please check your API key. API keys should start with 'ctx7sk' prefix.' as an ordinary result",
  ),
  "c7-016": silent(
    "rate_limited",
    null,
    true,
    "'Rate limit exceeded. Please try again later.' as an ordinary result; the 429 and its Retry-After are not shown",
  ),
  "c7-017": silent(
    "business",
    null,
    false,
    "'Monthly spending limit of $5.00 reached for this teamspace. An owner or admin can raise the limit …' as an ordinary result: the account's spending cap refused the call",
  ),
  "c7-018": silent(
    "internal",
    null,
    true,
    "'An error occurred while processing your request' as an ordinary result (the API's 500 message, no status shown)",
  ),
  "c7-019": silent(
    "transient",
    null,
    true,
    "'Search failed: Service temporarily unavailable' as an ordinary result",
  ),
  "c7-020": silent(
    "transient",
    "http_502",
    true,
    "'Request failed with status 502. Please try again later.' as an ordinary result (the 502 page was not JSON)",
  ),
  "c7-021": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "c7-022": silent(
    "transient",
    null,
    true,
    "'Error searching libraries: TypeError: fetch failed' as an ordinary result: the API could not be reached",
  ),
  "c7-023": tool(
    "validation",
    null,
    false,
    "isError 'Input validation error: Invalid arguments for tool query-docs: libraryId: Invalid input: expected string, received undefined' — the SDK's schema check",
  ),
  "c7-024": rpc(
    "unknown_tool",
    "-32602",
    false,
    "JSON-RPC error -32602 'Tool get-library-docs not found': the words name an unknown tool",
  ),
  "c7-025": ok("one library matching 'Prisma' once the key is valid again"),

  // ref-tools-mcp (stdio, SDK 1.x low-level Server): no failure is ever isError. Every upstream failure is an
  // ordinary text "Error during documentation search: <axios message>" or "Error reading URL: <axios message>"
  // ("Request failed with status code N", "connect ECONNREFUSED host:port"); a 401 becomes a fixed sentence about
  // verifying one's email; no body or header is shown. An unknown tool is JSON-RPC -32601 from the server's router.
  "rf-001": ok("three documentation pages found, each with overview, url and moduleId"),
  "rf-002": ok("two documentation pages found"),
  "rf-003": ok("the Next.js middleware page as markdown"),
  "rf-004": ok("the Prisma relation queries page as markdown"),
  "rf-005": ok("one page found in the user's private documentation"),
  "rf-006": ok("'No results found' — a documentation search that found nothing", true),
  "rf-007": silent(
    "validation",
    "http_404",
    false,
    "'Error reading URL: Request failed with status code 404' as an ordinary result: the named page does not exist",
  ),
  "rf-008": silent(
    "validation",
    "http_404",
    false,
    "the same 404 text again for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "rf-009": silent(
    "validation",
    null,
    false,
    "a read of one named URL answered with an empty text '': nothing was read from the page",
  ),
  "rf-010": silent(
    "validation",
    "http_400",
    false,
    "'Error during documentation search: Request failed with status code 400' as an ordinary result, for a blank query",
  ),
  "rf-011": silent(
    "validation",
    "http_400",
    false,
    "'Error reading URL: Request failed with status code 400' as an ordinary result, for words that are not a URL",
  ),
  "rf-012": silent(
    "auth",
    null,
    false,
    "'Please verify your email at https://ref.tools/dashboard to search documentation' as an ordinary result: the account's credentials are not accepted (the 401 behind it is not shown)",
  ),
  "rf-013": silent(
    "auth",
    null,
    false,
    "'Please verify your email at https://ref.tools/dashboard to read URLs' as an ordinary result",
  ),
  "rf-014": silent(
    "rate_limited",
    "http_429",
    true,
    "'Error during documentation search: Request failed with status code 429' as an ordinary result",
  ),
  "rf-015": silent(
    "business",
    "http_402",
    false,
    "'Error during documentation search: Request failed with status code 402' as an ordinary result: payment required",
  ),
  "rf-016": silent(
    "internal",
    "http_500",
    true,
    "'Error reading URL: Request failed with status code 500' as an ordinary result",
  ),
  "rf-017": silent(
    "transient",
    "http_502",
    true,
    "'Error reading URL: Request failed with status code 502' as an ordinary result",
  ),
  "rf-018": silent(
    "transient",
    "http_503",
    true,
    "'Error during documentation search: Request failed with status code 503' as an ordinary result",
  ),
  "rf-019": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s (the server sets no timeout of its own): MCP error -32001 Request timed out",
  ),
  "rf-020": silent(
    "transient",
    "econnrefused",
    true,
    "'Error during documentation search: connect ECONNREFUSED 127.0.0.1:43601' as an ordinary result",
  ),
  "rf-021": ok("one Tailwind CSS page found once the API is back"),
  "rf-022": rpc(
    "unknown_tool",
    "-32601",
    false,
    "JSON-RPC error -32601 'Could not find tool: ref_search_web'",
  ),
  "rf-023": ok("the private repository's retries page as markdown"),
  "rf-024": ok("the Tailwind CSS container queries section as markdown"),
  "rf-025": ok("two Vite pages found once the key is accepted again"),
};
