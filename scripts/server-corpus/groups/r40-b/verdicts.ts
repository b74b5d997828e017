// Verdicts for group r40-b, written from the captured exchanges (test/fixtures/server-corpus/groups/r40-b.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, partial, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // search-console-mcp: every engine's answer is keyed by engine in one ordinary JSON text ({"google": …, "bing": …});
  // an engine that failed is {"error": "<message>"} in its place, never isError (executeParallel catches it). Google
  // errors show the API's message alone (no status); Bing errors show "Bing API error (<Method>): <status> <body>".
  // Only the SDK's argument and tool checks, and the server's own account look-up, set isError.
  "sc-001": ok("Search Console properties and Bing sites, both engines answered"),
  "sc-002": ok("Bing Webmaster sites listed"),
  "sc-003": ok("five query rows with clicks, impressions, CTR and position from Search Console"),
  "sc-004": ok("three Bing query-stats rows for the site"),
  "sc-005": ok('a query over a verified site that answered {"bing": []}: a query that found nothing', true),
  "sc-006": partial(
    "permission",
    "14",
    false,
    'Google\'s page rows came back but the Bing half is {"error": "Bing API error (GetQueryStats): 400 {ErrorCode:14, Message: ERROR!!! NotAuthorized}"}: the key may not read that property; the body\'s ErrorCode is the code',
  ),
  "sc-007": ok('a date window with no data: {"google": []}, a query that found nothing', true),
  "sc-008": silent(
    "permission",
    null,
    false,
    'an ordinary result whose only content is {"google": {"error": "User does not have sufficient permission for site …"}}: access refused, no status or code shown',
  ),
  "sc-009": silent(
    "permission",
    null,
    false,
    "the same permission refusal again for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "sc-010": silent(
    "validation",
    null,
    false,
    '{"google": {"error": "Invalid value at \'dimensions[0]\' … \\"keyword\\""}}: the dimension argument is not one Search Console has',
  ),
  "sc-011": ok("two sitemaps with submission and download details from Search Console"),
  "sc-012": ok("one sitemap index known to Bing"),
  "sc-013": silent(
    "auth",
    "invalid_grant",
    false,
    '{"google": {"error": "invalid_grant: Invalid JWT Signature."}}: the service account\'s credentials were refused at the token endpoint',
  ),
  "sc-014": silent(
    "auth",
    "3",
    false,
    '{"bing": {"error": "Bing API error (GetFeeds): 400 {ErrorCode:3, Message: ERROR!!! InvalidApiKey}"}}: the API key is invalid; the body\'s ErrorCode is the code',
  ),
  "sc-015": silent(
    "rate_limited",
    null,
    true,
    '{"google": {"error": "Search Analytics load quota exceeded for site … Try again later."}}: a short-term load quota that says to come back later',
  ),
  "sc-016": silent(
    "internal",
    null,
    true,
    '{"google": {"error": "Internal error encountered."}}: Google\'s own internal error (the 500 body\'s message; no status shown)',
  ),
  "sc-017": silent(
    "transient",
    "http_503",
    true,
    '{"bing": {"error": "Bing API error (GetQueryStats): 503 <HTML>… Service Unavailable …"}}: Bing\'s 503 page relayed as data',
  ),
  "sc-018": silent(
    "rate_limited",
    "4",
    true,
    '{"bing": {"error": "… 400 {ErrorCode:4, Message: ERROR!!! ThrottleUser}"}}: Bing throttled the user; the body\'s ErrorCode is the code',
  ),
  "sc-019": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "sc-020": silent(
    "transient",
    "econnrefused",
    true,
    "both engines failed as data: Google 'request to https://oauth2.googleapis.com/token failed, reason: connect ECONNREFUSED', Bing 'fetch failed'",
  ),
  "sc-021": ok("both engines answered again once reachable"),
  "sc-022": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: … expected string, received undefined at siteUrl'",
  ),
  "sc-023": tool(
    "validation",
    "-32602",
    false,
    'isError \'MCP error -32602: … Invalid option: expected one of "google"|"bing"|"all" at engine\'',
  ),
  "sc-024": tool(
    "validation",
    null,
    false,
    "isError 'Account google_ops_at_northwind not found.': the named account does not exist",
  ),
  "sc-025": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool search_analytics not found' (the words decide over the generic code)",
  ),

  // @getnao/metabase-mcp-server: axios errors are thrown and the SDK answers isError with axios' message alone
  // ("Request failed with status code <n>", "connect ECONNREFUSED …"), never Metabase's body. A query that failed in
  // the database comes back as Metabase's own 202 answer with status "failed", formatted as ordinary data.
  "mb-001": ok("three saved questions"),
  "mb-002": ok("the one question in collection 7"),
  "mb-003": ok("one question's details with its SQL"),
  "mb-004": ok("the weekly-active-users question ran: four rows, status completed"),
  "mb-005": ok("a question that ran and returned no rows (status completed, row_count 0)", true),
  "mb-006": silent(
    "validation",
    "invalid-query",
    false,
    'an ordinary result with status "failed", error_type "invalid-query" and error \'relation "funnel_signup_7d" does not exist\': the saved question\'s SQL names a missing table',
  ),
  "mb-007": tool(
    "validation",
    "http_404",
    false,
    "isError 'Request failed with status code 404': no question 404",
  ),
  "mb-008": tool(
    "validation",
    "http_404",
    false,
    "the same 404 again for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "mb-009": ok("one dashboard listed"),
  "mb-010": ok("a dashboard with its two cards"),
  "mb-011": ok("a native count query answered one row"),
  "mb-012": ok("a native query that matched nothing: rows [], status completed", true),
  "mb-013": silent(
    "validation",
    "invalid-query",
    false,
    'an ordinary result with status "failed" and \'ERROR: syntax error at or near "form"\': the caller\'s SQL is wrong',
  ),
  "mb-014": ok("search found one question"),
  "mb-015": ok("search found nothing: []", true),
  "mb-016": ok("the API key's user"),
  "mb-017": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: … Expected number, received string at questionId'",
  ),
  "mb-018": tool("validation", "-32602", false, "isError 'MCP error -32602: … Required at query'"),
  "mb-019": tool(
    "auth",
    "http_401",
    false,
    "isError 'Request failed with status code 401': the API key was refused",
  ),
  "mb-020": tool(
    "internal",
    "http_500",
    true,
    "isError 'Request failed with status code 500': Metabase's 500 relayed (internal by the contract)",
  ),
  "mb-021": tool(
    "transient",
    "http_502",
    true,
    "isError 'Request failed with status code 502': a gateway failure",
  ),
  "mb-022": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "mb-023": tool(
    "transient",
    "econnrefused",
    true,
    "isError 'connect ECONNREFUSED 127.0.0.1:44251': Metabase unreachable",
  ),
  "mb-024": ok("the two databases, once Metabase was back"),
  "mb-025": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool metabase-delete-question not found' (the words decide over the generic code)",
  ),
};
