// Verdicts for group r26-b, written from the captured exchanges (test/fixtures/server-corpus/groups/r26-b.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, partial, silent, tool, wire } from "../../verdict-helpers.js";

const WASTED =
  "The previous call in this session was the same tool with the same arguments and failed non-retryably: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // ------------------------------------------------------------------------ @cyanheads/pubmed-mcp-server (stdio)
  "pmd-001": ok(
    "1342 found, three PMIDs with their summaries (SELECT, STEP 1, SUSTAIN-6), text and structuredContent",
  ),
  "pmd-002": ok(
    "214 found with the date and publication-type filters applied, two PMIDs (no summaries were asked for)",
  ),
  "pmd-003": ok(
    '"Total Found: 0", pmids [] and the notice "No results matched your query": a search that found nothing',
    true,
  ),
  "pmd-004": ok("both articles in full: authors, journal, abstract, MeSH terms"),
  "pmd-005": partial(
    "validation",
    null,
    false,
    '"Articles Returned: 1" and "Unavailable PMIDs: 39999991": STEP 1 came back, the second PMID does not exist in PubMed',
  ),
  "pmd-006": silent(
    "validation",
    null,
    false,
    'an ok result "Articles Returned: 0", unavailablePmids ["39999991"], "These PMIDs may be invalid, unpublished, or withdrawn": the one named article asked for was not found',
  ),
  "pmd-007": tool(
    "validation",
    "-32602",
    false,
    'isError "MCP error -32602: Input validation error: … PMID must be a numeric identifier … at pmids[0]": the PMID was sent with its "PMID:" prefix',
  ),
  "pmd-008": ok("STEP 1 as APA and BibTeX"),
  "pmd-009": ok("two similar articles (SUSTAIN-6, SELECT) with authors and dates"),
  "pmd-010": ok(
    '"cited_by | Found: 0", "No related articles found.": a list of citing articles that is empty',
    true,
  ),
  "pmd-011": ok('the suggestion "semaglutide obesity" for "semaglutid obesty"'),
  "pmd-012": partial(
    "validation",
    null,
    false,
    '"Matched: 1/2": the NEJM reference matched PMID 33567185; the second is status not_found with ECitMatch\'s "NOT_FOUND;INVALID_JOURNAL" (the journal is not one PubMed knows)',
  ),
  "pmd-013": ok("the DOI converted: PMID 33567185, no PMCID (the article is not in PMC)"),
  "pmd-014": tool(
    "validation",
    "-32007",
    false,
    'isError "PMC ID Converter rejected one or more inputs as malformed (idType="pmcid"). Expected: "PMC" + digits", structuredContent error.code -32007 (the framework\'s validation code): the ID Converter answered 400 to "PMC-8123abc"',
  ),
  "pmd-015": tool(
    "validation",
    "-32007",
    false,
    `The same malformed-PMCID refusal as pmd-014. ${WASTED}`,
    true,
  ),
  "pmd-016": ok("Europe PMC: 486 hits, two returned with a next-page cursor"),
  "pmd-017": ok(
    '"Total Hits: 0 | Returned: 0" and "No results matched your Europe PMC query": a search with no hits',
    true,
  ),
  "pmd-018": tool(
    "rate_limited",
    "-32003",
    true,
    'isError "Fetch failed for …esearch.fcgi?…. Status: 429 (failed after 3 attempts)", structuredContent error.code -32003 (the framework\'s rate-limited code): E-utilities refused every attempt with 429',
  ),
  "pmd-019": tool(
    "auth",
    "-32602",
    false,
    'isError "Fetch failed for …efetch.fcgi?…. Status: 400"; structuredContent error.code -32602 and data.responseBody {"error":"API key invalid","api-key":"6f2c…","type":"invalid"}: NCBI refused the API key. The key is what failed, so auth, although the status is 400 and the framework\'s code is its invalid-params one',
  ),
  "pmd-020": tool(
    "transient",
    "-32000",
    true,
    'isError "Fetch failed for …espell.fcgi?…. Status: 502 (failed after 3 attempts)", structuredContent error.code -32000 with data.reason ncbi_unreachable and the hint "Retry after a brief delay": NCBI\'s front end answered 502 pages',
  ),
  "pmd-021": tool(
    "transient",
    "-32004",
    true,
    'isError "NCBI request deadline (8000ms) exceeded", structuredContent error.code -32004 (timeout), reason ncbi_deadline_exceeded: the server\'s own deadline ran out while NCBI was slow',
  ),
  "pmd-022": tool(
    "transient",
    "-32000",
    true,
    'isError "Network error during fetch GET …efetch.fcgi?…: fetch failed (failed after 3 attempts)", structuredContent error.code -32000, reason ncbi_unreachable: NCBI could not be reached',
  ),
  "pmd-023": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError "MCP error -32602: Tool pubmed_get_author_profile not found": the words decide over the generic code',
  ),

  // ----------------------------------------------------------------- @futurelab-studio/latest-science-mcp (stdio)
  "sci-001": ok("eight arXiv categories from the server's own list"),
  "sci-002": ok("three OpenAlex top-level concepts (Medicine, Biology, Computer science)"),
  "sci-003": ok("two latest q-bio.QM preprints"),
  "sci-004": ok("two arXiv papers with protein language models in the title"),
  "sci-005": ok(
    '"Found 0 papers from arxiv search for "xenobot morphogenesis"" and []: a search that found nothing',
    true,
  ),
  "sci-006": tool(
    "internal",
    null,
    true,
    'isError "Error: arXiv API server error": the server says only that arXiv failed with a 5xx (underneath, arXiv\'s 503 "Rate exceeded." is dropped); a server error with no better signal is internal, retryable',
  ),
  "sci-007": partial(
    "unknown",
    null,
    false,
    'the preprint\'s metadata with "text": "" and "textExtractionFailed": true: the full text this tool exists for failed, and nothing says why (the server\'s own arXiv budget had run out, which the payload does not show)',
  ),
  "sci-008": tool(
    "rate_limited",
    null,
    true,
    'isError "Error: Rate limited. Retry after 12 seconds": the server\'s own arXiv rate limiter (five requests a minute) refused the call',
  ),
  "sci-009": ok("two OpenAlex works on base editing, most cited first"),
  "sci-010": ok('"Found 0 papers from openalex search" and []: a title search that found nothing', true),
  "sci-011": ok("two top-cited genetics works since 2024-01-01"),
  "sci-012": ok(
    "the OpenAlex work's metadata with its PDF URL; text is empty by design for a PDF source (the server extracts HTML only), no failure flag",
  ),
  "sci-013": tool(
    "validation",
    null,
    false,
    'isError "Error: Paper with ID W9999999999 not found on OpenAlex": the work does not exist (OpenAlex answered 404)',
  ),
  "sci-014": tool(
    "validation",
    null,
    false,
    'isError "Error: OpenAlex API access forbidden - invalid category format: https://openalex.org/Cgenetics": OpenAlex refused the filter with 403, and the server explains it as a malformed category; the agent has to fix the input, so validation rather than permission',
  ),
  "sci-015": ok(
    '"Found 0 papers from europepmc search for "long covid fatigue"" and []: by the wire a search that found nothing (Europe PMC answered a hit; the server keeps only results carrying a hasFullText member, which the stand-in\'s Europe PMC body does not have)',
    true,
  ),
  "sci-016": tool(
    "rate_limited",
    null,
    true,
    'isError "Error: Rate limited by OpenAlex API": OpenAlex answered 429',
  ),
  "sci-017": tool(
    "internal",
    null,
    true,
    'isError "Error: OpenAlex API server error": OpenAlex answered 500; no status or code reaches the agent',
  ),
  "sci-018": wire(
    "transient",
    "timeout",
    true,
    "no answer: the client's 3 s timeout (MCP error -32001 Request timed out) while OpenAlex took 20 s",
  ),
  "sci-019": tool(
    "transient",
    "econnrefused",
    true,
    'isError "Error: connect ECONNREFUSED 127.0.0.1:41851": nothing answered at the proxy the server goes through',
  ),
  "sci-020": tool(
    "validation",
    "-32602",
    false,
    'isError "MCP error -32602: Input validation error: … Invalid at since": "last year" is not a YYYY-MM-DD date',
  ),
  "sci-021": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError "MCP error -32602: Tool get_citation_graph not found"',
  ),

  // --------------------------------------------------------------------------------- @fhirfly-io/mcp-server (stdio)
  "ffy-001": ok("NDC 0069-0151-01: Lipitor 10 mg, Pfizer, with FDA's legal meta"),
  "ffy-002": ok("three atorvastatin products of 412"),
  "ffy-003": ok("the provider behind NPI 1234567893: a Boston cardiologist"),
  "ffy-004": ok('a provider search with "data": [] and meta total 0', true),
  "ffy-005": ok("three RxNorm concepts for metformin of 58"),
  "ffy-006": ok("ICD-10-CM J06.9, acute upper respiratory infection, billable"),
  "ffy-007": tool(
    "validation",
    "NOT_FOUND",
    false,
    'isError {"error":"NOT_FOUND","message":"ICD-10 code J06.99 not found"} relayed from FHIRfly\'s endpoint: the code does not exist',
  ),
  "ffy-008": ok("two LOINC codes for hemoglobin A1c"),
  "ffy-009": ok("metformin's boxed warning, contraindications and warnings from its label"),
  "ffy-010": ok(
    "the NCCI edit for 99214/99213: edit_exists true, modifier not allowed — data about a billing rule the agent asked about, not a failure",
  ),
  "ffy-011": ok("the MUE for 99213: 1 per day, MAI 3"),
  "ffy-012": ok("three COVID-19 vaccine CVX codes"),
  "ffy-013": tool(
    "validation",
    "-32602",
    false,
    'isError {"error":"Invalid params: code must be an NDC in 4-4-2, 5-3-2, 5-4-1 or 11-digit form (got \\"Lipitor 10mg\\")","code":-32602}: FHIRfly\'s endpoint answered JSON-RPC -32602, the bridge relays it as a tool error',
  ),
  "ffy-014": tool("validation", "-32602", false, `The same refusal as ffy-013. ${WASTED}`, true),
  "ffy-015": tool(
    "auth",
    "-32001",
    false,
    'isError {"error":"Authentication failed. Check your FHIRFLY_API_KEY.","code":-32001}: the API answered 401 for the revoked key',
  ),
  "ffy-016": tool(
    "rate_limited",
    "-32002",
    true,
    'isError {"error":"Rate limit exceeded. Please slow down requests.","code":-32002}: 429 again after the bridge\'s one retry (it waited the Retry-After of 2 s)',
  ),
  "ffy-017": ok(
    "three influenza CVX codes: the first attempt met a 429, the bridge waited the Retry-After and its retry succeeded; nothing of it shows",
  ),
  "ffy-018": tool(
    "permission",
    "-32000",
    false,
    'isError {"error":"API error: 403 Forbidden","code":-32000}: the fee-schedule tool is refused (the API\'s body says the Free plan does not include it, but only the status reaches the agent); code taken from the code member',
  ),
  "ffy-019": tool(
    "internal",
    "-32000",
    true,
    'isError {"error":"API error: 500 Internal Server Error","code":-32000}: the API failed; code taken from the code member',
  ),
  "ffy-020": tool(
    "transient",
    "-32000",
    true,
    'isError {"error":"API error: 502 Bad Gateway","code":-32000}: a gateway page in front of the API; code taken from the code member',
  ),
  "ffy-021": tool(
    "transient",
    "-32003",
    true,
    'isError {"error":"Network error: The operation was aborted due to timeout","code":-32003}: the bridge gave up at FHIRFLY_TIMEOUT (5 s) while the API took 20 s',
  ),
  "ffy-022": tool(
    "transient",
    "-32003",
    true,
    'isError {"error":"Network error: fetch failed","code":-32003}: FHIRfly could not be reached',
  ),
  "ffy-023": tool(
    "unknown_tool",
    "-32601",
    false,
    'isError {"error":"Unknown tool: drug_interactions_check","code":-32601}: FHIRfly\'s endpoint has no such tool; the bridge relays it as a tool error',
  ),
};
