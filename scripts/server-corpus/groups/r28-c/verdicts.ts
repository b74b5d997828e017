// Verdicts for group r28-c, written from the captured exchanges (test/fixtures/server-corpus/groups/r28-c.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, partial, rpc, tool, wire } from "../../verdict-helpers.js";

const WASTED =
  "The previous call in this session was the same tool with the same arguments and failed non-retryably: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // ---------------------------------------------------------------------------------- companies-house-mcp (stdio)
  // Failures are isError "Error: <message>" with structuredContent.error {kind, message, status_code, endpoint,
  // retryable}: the status is taken as the errorCode (http_<status_code>), and its `retryable` is explicit metadata.
  "ch-001": ok("three companies matching 'tesco' (612 in all), with numbers, status, type and address"),
  "ch-002": ok(
    "'No companies found.' (structuredContent items [], total_results 0): a name search that matched nothing",
    true,
  ),
  "ch-003": ok("advanced search: two companies in liquidation with SIC 69102, 'This is the last page'"),
  "ch-004": ok(
    "the company's profile: status, type, address, accounts, confirmation statement, previous names",
  ),
  "ch-005": tool(
    "validation",
    "http_404",
    false,
    "isError 'Companies House holds no such record. Use search_companies to find the correct company number.'; structuredContent.error status_code 404, retryable false: the company number named does not exist",
  ),
  "ch-006": tool(
    "validation",
    "http_404",
    false,
    `the same 'holds no such record' (status_code 404). ${WASTED}`,
    true,
  ),
  "ch-007": ok("the officers: counts (4 on the register, 3 active, 1 resigned) and the three in post"),
  "ch-008": ok("the five latest of 2,817 filings, with transaction and document ids"),
  "ch-009": ok("one person with significant control and the natures of control"),
  "ch-010": ok("one outstanding charge held by a bank"),
  "ch-011": ok("one creditors' voluntary liquidation case with its dates and liquidator"),
  "ch-012": ok(
    "'No insolvency history is recorded for this company.' (structuredContent cases []): the register holds no insolvency case for it — a normal answer that found nothing, not an error",
    true,
  ),
  "ch-013": ok("one officer found with date of birth, appointment count and officer id"),
  "ch-014": ok("the officer's three appointments, one ended"),
  "ch-015": ok(
    "'No disqualification is recorded against this officer id …' (structuredContent disqualifications []): a register check that found nothing",
    true,
  ),
  "ch-016": partial(
    "unknown",
    null,
    false,
    "the report came back (profile, officers, ownership, filings, insolvency) but its Charges section says 'Charge records could not be retrieved for this request.' and the coverage lists Charges 'not retrieved — request failed' (structuredContent coverage status 'unavailable'): one part failed, and nothing on the wire says why",
  ),
  "ch-017": tool(
    "validation",
    null,
    false,
    "isError 'Input validation error: Invalid arguments for tool search_companies: items_per_page: Too big: expected number to be <=100' (the SDK's own input check; no code quoted)",
  ),
  "ch-018": tool(
    "auth",
    "http_401",
    false,
    "isError 'Companies House rejected the API key.'; structuredContent.error status_code 401, retryable false: the key is no longer valid",
  ),
  "ch-019": tool(
    "transient",
    "http_502",
    true,
    "isError 'Companies House is temporarily unavailable. Companies House said:' followed by the gateway's HTML '502 Bad Gateway' page; structuredContent.error status_code 502, retryable true",
  ),
  "ch-020": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s (the API took 15 s): the client's -32001 Request timed out",
  ),
  "ch-021": tool(
    "transient",
    null,
    true,
    "isError 'Unable to reach Companies House. fetch failed'; structuredContent.error kind 'network', retryable true, no status: the service could not be reached",
  ),
  "ch-022": tool(
    "rate_limited",
    "http_429",
    true,
    "isError 'Companies House rate limit reached. Retry in about 212 second(s).'; structuredContent.error status_code 429, retryable true, retry_after_seconds 212",
  ),
  "ch-023": rpc(
    "unknown_tool",
    "-32602",
    false,
    "JSON-RPC error -32602 'Tool get_psc_statements not found': the server has no such tool",
  ),

  // ----------------------------------------------------------------------- european-parliament-mcp-server (stdio)
  // Every failure is isError with a JSON text {error, toolName}. API failures read 'EP API request failed: <reason
  // phrase>' (the status text alone, after retries for 429 and 5xx), which the fixture's convention codes http_<status>.
  "ep-001": ok("five Swedish MEPs with their political groups"),
  "ep-002": ok("three MEPs in office, hasMore true"),
  "ep-003": ok(
    "one MEP's record: name, country, group, two memberships, birth date (the voting statistics are zeros the server says it always fills in)",
  ),
  "ep-004": tool(
    "validation",
    "http_404",
    false,
    "isError {error: 'Failed to retrieve MEP details: EP API request failed: Not Found'}: the MEP id named does not exist (the 404's reason phrase)",
  ),
  "ep-005": tool(
    "validation",
    "http_404",
    false,
    `the same 'EP API request failed: Not Found'. ${WASTED}`,
    true,
  ),
  "ep-006": ok("three legislative procedures of 2024"),
  "ep-007": ok("one procedure (the AI Act) with rapporteurs and documents"),
  "ep-008": ok("two events of the procedure"),
  "ep-009": ok("two texts adopted in 2024"),
  "ep-010": ok("two documents about artificial intelligence"),
  "ep-011": ok(
    "data [] for the keyword (total 2 is the page the server fetched before filtering it by the keyword itself; hasMore false): a search that found nothing",
    true,
  ),
  "ep-012": ok("one written question with author, date and topic"),
  "ep-013": ok("the LIBE committee: name, abbreviation, members"),
  "ep-014": ok("one plenary speech with speaker and sitting"),
  "ep-015": ok("data [], total 0, hasMore false: no events in those dates", true),
  "ep-016": ok("two MEP records from the feed (the API's JSON-LD passed through)"),
  "ep-017": ok("the precomputed yearly statistics for 2024–2025"),
  "ep-018": tool(
    "validation",
    "too_big",
    false,
    "isError whose error is the zod issues as JSON: country 'Sweden' is too_big (<=2 characters) and invalid_format ('Country code must be 2 uppercase letters'); the first issue's code",
  ),
  "ep-019": tool(
    "rate_limited",
    "http_429",
    true,
    "isError 'Failed to retrieve plenary sessions: EP API request failed: Too Many Requests' (the 429's reason phrase, after the server's own retries)",
  ),
  "ep-020": tool(
    "transient",
    "http_502",
    true,
    "isError 'EP API request failed: Bad Gateway' (the 502's reason phrase; the proxy's HTML page is not shown)",
  ),
  "ep-021": tool(
    "internal",
    "http_500",
    true,
    "isError 'EP API request failed: Internal Server Error' (the 500's reason phrase, after the server's own retries)",
  ),
  "ep-022": tool(
    "transient",
    null,
    true,
    "isError 'EP API request to procedures/2026-0999(COD) timed out after 5000ms': the server's own request timeout fired (no code on the wire)",
  ),
  "ep-023": tool(
    "transient",
    null,
    true,
    "isError 'EP API request error: fetch failed': the API could not be reached (no system error code shown)",
  ),
  "ep-024": tool(
    "unknown_tool",
    null,
    false,
    "isError {error: 'Unknown tool: get_mep_votes'}: the server has no such tool, reported as a tool result",
  ),
};
