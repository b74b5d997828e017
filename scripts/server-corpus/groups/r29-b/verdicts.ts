// Verdicts for group r29-b, written from the captured exchanges (test/fixtures/server-corpus/groups/r29-b.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, silent, tool, wire } from "../../verdict-helpers.js";

const WASTED =
  "The previous call in this session was the same tool with the same arguments and failed non-retryably: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // ------------------------------------------------------------------------------------ posthog-mcp-server (stdio)
  // Every API failure comes back as an ordinary result (no isError): "Error: PostHog API error: <status> <reason> —
  // <body>", with PostHog's JSON error body {type, code, detail, attr} when there is one. So each is a silent
  // failure; its errorCode is the body's `code` member when there is one, else the quoted status.
  "ph-001": ok("the project's name, id, organization, week start and recording setting"),
  "ph-002": ok("three $pageview events with their distinct_ids and first ten properties"),
  "ph-003": ok("'**0 events** (of unknown total)': an event query that matched nothing", true),
  "ph-004": ok("one person: id, distinct ids, created / last seen and properties"),
  "ph-005": silent(
    "validation",
    null,
    false,
    "'No person found with distinct_id: user_0000-deleted' as an ordinary result: a lookup of one named person answered empty (the API's empty page) — that person does not exist",
  ),
  "ph-006": ok("a person search by e-mail domain: one person found"),
  "ph-007": ok("three dashboards with ids, tags and creation dates"),
  "ph-008": ok("one dashboard with its description and two tiles (shown as 'Widget', type unknown)"),
  "ph-009": silent(
    "validation",
    "not_found",
    false,
    '\'Error: PostHog API error: 404 Not Found — {"type":"invalid_request","code":"not_found","detail":"Not found."}\' as an ordinary result: the dashboard id does not exist',
  ),
  "ph-010": silent(
    "validation",
    "not_found",
    false,
    `the same 404 not_found as an ordinary result. ${WASTED}`,
    true,
  ),
  "ph-011": ok("the weekly-active-users insight: latest value and last five points"),
  "ph-012": ok(
    "two active flags with key, status, rollout ('null%' for the flag targeted by a person property: the server prints a missing rollout that way) and creation date",
  ),
  "ph-013": silent(
    "validation",
    "not_found",
    false,
    '\'Error: PostHog API error: 404 Not Found — {…"code":"not_found","detail":"Not found."}\' as an ordinary result when evaluating flag \'checkout-v2\' for a user (the server asks for feature_flags/evaluation/, a route the API does not have); what the wire shows is a 404 for the thing asked about',
  ),
  "ph-014": ok("'No cohorts found.': a cohort search that matched nothing", true),
  "ph-015": ok("one running experiment with its flag and dates"),
  "ph-016": ok(
    "the experiment's status, flag and dates; '(no variant data)' because the API's object has no results",
  ),
  "ph-017": ok("two actions with their step counts"),
  "ph-018": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: Invalid arguments for tool get_dashboard: Expected number, received string at dashboard_id' (the SDK's input check)",
  ),
  "ph-019": silent(
    "business",
    "payment_required",
    false,
    '\'Error: PostHog API error: 402 Payment Required — {"type":"server_error","code":"payment_required","detail":"Experimentation is part of the premium PostHog offering…"}\' as an ordinary result: the organization\'s plan does not include experiments',
  ),
  "ph-020": silent(
    "auth",
    "authentication_failed",
    false,
    '\'Error: PostHog API error: 401 Unauthorized — {"type":"authentication_error","code":"authentication_failed","detail":"Personal API key found in request Authorization header is invalid."}\' as an ordinary result: the key was revoked',
  ),
  "ph-021": silent(
    "rate_limited",
    "http_429",
    true,
    "'Error: PostHog API error: 429 Too Many Requests' as an ordinary result, after the server's own 5 s wait and second try (the second 429's body and Retry-After are not shown)",
  ),
  "ph-022": silent(
    "transient",
    "http_502",
    true,
    "'Error: PostHog API error: 502 Bad Gateway — <html>…<h1>502 Bad Gateway</h1>…' as an ordinary result: the load balancer's page in front of the API",
  ),
  "ph-023": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s (the API took 15 s to compute the insight): the client's -32001 Request timed out",
  ),
  "ph-024": silent(
    "transient",
    null,
    true,
    "'Error: fetch failed' as an ordinary result: PostHog could not be reached (connection refused; no system code in the text)",
  ),
  "ph-025": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool run_hogql_query not found'",
  ),

  // ---------------------------------------------------------------------------------------- mcp-server-gsc (stdio)
  // Successes are the API's JSON, pretty-printed. Every failure is thrown, so it is a JSON-RPC error: the API's
  // errors keep googleapis' `code`, which is the HTTP status (404, 400, 403, 429, 500) used as the JSON-RPC code,
  // with Google's message; everything else is -32603 with the thrown message. A JSON-RPC code that is an HTTP status
  // is written http_<status>, as r8-ops's dd-003… were.
  "gsc-001": ok("three Search Console properties and the account's permission on each"),
  "gsc-002": ok("November's five top queries with clicks, impressions, CTR and position"),
  "gsc-003": ok(
    '\'{"responseAggregationType": "byProperty"}\' with no rows: a query filter that matched no searches',
    true,
  ),
  "gsc-004": ok("the blog's November totals (one row without keys)"),
  "gsc-005": ok("queries by page with quick-win detection added by the server"),
  "gsc-006": ok("quick wins: two query/page pairs with estimated additional clicks"),
  "gsc-007": ok("URL inspection: PASS, submitted and indexed, last crawl time, canonicals"),
  "gsc-008": ok(
    "URL inspection of a page Google has never crawled: verdict NEUTRAL, 'URL is unknown to Google' — the inspection's answer about the page, not a failure",
  ),
  "gsc-009": ok("last week's top three mobile queries from the UK"),
  "gsc-010": ok(
    'the blog\'s sitemap list: one sitemap with \'"errors": "1"\', \'"warnings": "2"\' — data about the sitemap',
  ),
  "gsc-011": ok("one sitemap's details (184 submitted, 0 indexed, one error, two warnings)"),
  "gsc-012": ok("the domain property's sitemap list"),
  "gsc-013": rpc(
    "validation",
    "http_404",
    false,
    "JSON-RPC error code 404 'Requested entity was not found.': the sitemap asked for was never submitted",
  ),
  "gsc-014": rpc(
    "validation",
    "http_404",
    false,
    `the same 404 'Requested entity was not found.'. ${WASTED}`,
    true,
  ),
  "gsc-015": ok("'\"\"': the sitemap was submitted (the API's 204 has no body)"),
  "gsc-016": rpc(
    "validation",
    "http_400",
    false,
    "JSON-RPC error code 400 'Invalid value at 'start_date' (TYPE_STRING), \"last month\"': dates given in words",
  ),
  "gsc-017": rpc(
    "validation",
    "-32603",
    false,
    "JSON-RPC -32603 'Invalid arguments: dimensions: Invalid input' (the server's zod check, thrown): 'keyword' is not a dimension; the words decide over the generic code",
  ),
  "gsc-018": rpc(
    "permission",
    "http_403",
    false,
    "JSON-RPC error code 403 'User does not have sufficient permission for site 'sc-domain:www.contoso-shop.com'…' (the server retried the property as sc-domain: after the first 403): the service account was never added to that property",
  ),
  "gsc-019": rpc(
    "rate_limited",
    "http_429",
    true,
    "JSON-RPC error code 429 'Quota exceeded for quota metric 'Queries' and limit 'Queries per minute per user' of service 'searchconsole.googleapis.com'…': a per-minute quota, retryable after the minute",
  ),
  "gsc-020": rpc(
    "transient",
    "http_502",
    true,
    "JSON-RPC -32603 whose message is Google's HTML page 'Error 502 (Server Error)!!1 … The server encountered a temporary error … Please try again in 30 seconds' (gaxios had retried the GET three times): a gateway's error page where JSON was expected",
  ),
  "gsc-021": rpc(
    "internal",
    "http_500",
    true,
    "JSON-RPC error code 500 'Internal error encountered.': the API's own server error",
  ),
  "gsc-022": rpc(
    "auth",
    "invalid_grant",
    false,
    "JSON-RPC -32603 'invalid_grant: Invalid JWT Signature.' from the token endpoint: the service account's key was deleted",
  ),
  "gsc-023": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s (the API took 15 s): the client's -32001 Request timed out",
  ),
  "gsc-024": rpc(
    "transient",
    "econnrefused",
    true,
    "JSON-RPC -32603 'request to https://www.googleapis.com/oauth2/v4/token failed, reason: connect ECONNREFUSED 127.0.0.1:42301': Google could not be reached",
  ),
  "gsc-025": rpc(
    "unknown_tool",
    "-32603",
    false,
    "JSON-RPC -32603 'Unknown tool: get_core_web_vitals' (the server throws it); the words decide over the generic code",
  ),
};
