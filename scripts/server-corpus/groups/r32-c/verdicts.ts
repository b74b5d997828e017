// Verdicts for group r32-c, written from the captured exchanges (the `call` objects in
// test/fixtures/server-corpus/groups/r32-c.jsonl), never by running Faultline. Conventions:
// test/fixtures/server-corpus/README.md, "How the verdicts were made".

import { ok, tool, wire } from "../../verdict-helpers.js";
import type { Verdict } from "../../verdicts.js";

const WASTED =
  "The previous call with this tool and these arguments failed non-retryably and this one fails the same way.";

export const VERDICTS: Record<string, Verdict> = {
  // --- wikijs-mcp (Streamable HTTP): Wiki.js's GraphQL API, read-only tools -----------------------------------------
  "wjs-001": ok("Four search results for 'vpn' (title, description, path, locale), totalHits 4."),
  "wjs-002": ok("Two results for 'vpn' under it/network in English."),
  "wjs-003": ok("'results': [], 'totalHits': 0: nothing matches 'kubernetes upgrade'.", true),
  "wjs-004": ok("One result for 'backup' (the nightly backup jobs page)."),
  "wjs-005": ok("'results': [], 'totalHits': 0: the wiki has no French page about the VPN.", true),
  "wjs-006": ok("Nine pages with path, locale, title, dates and tags, newest first."),
  "wjs-007": ok("The VPN setup page: title, tags, markdown content, dates."),
  "wjs-008": tool(
    "validation",
    "INTERNAL_SERVER_ERROR",
    false,
    'isError \'Error getting page by ID: This page does not exist.: {"response":{… "extensions":{"code":"INTERNAL_SERVER_ERROR"} …}}\': no page has id 404; the words decide the category, the GraphQL extensions code is the only code the payload carries.',
  ),
  "wjs-009": tool(
    "validation",
    "INTERNAL_SERVER_ERROR",
    false,
    `The same 'This page does not exist.' again. ${WASTED}`,
    true,
  ),
  "wjs-010": ok("The PostgreSQL failover runbook by id."),
  "wjs-011": ok("The VPN setup page by path and locale."),
  "wjs-012": ok("The German onboarding checklist (locale de)."),
  "wjs-013": ok("The restic restore page by path."),
  "wjs-014": tool(
    "validation",
    "INTERNAL_SERVER_ERROR",
    false,
    'isError \'Error getting page by ID: Variable "$id" got invalid value 2147483648; Int cannot represent non 32-bit signed integer value: 2147483648: {"response":{… "status":400 …}}\': the id does not fit GraphQL\'s Int, Wiki.js answered 400; the argument must change.',
  ),
  "wjs-015": tool(
    "permission",
    "INTERNAL_SERVER_ERROR",
    false,
    "isError 'Error getting page by path: You are not authorized to view this page.: {…}': Wiki.js's page rules deny the key's group on the payroll pages.",
  ),
  "wjs-016": ok("The English onboarding checklist by id."),
  "wjs-017": tool(
    "rate_limited",
    "http_429",
    true,
    'isError \'GraphQL Error (Code: 429): {"response":{"status":429,… "body":"<html>…429 Too Many Requests…nginx…"}}\': nginx in front of Wiki.js rate-limits the caller (the Retry-After header is not passed on).',
  ),
  "wjs-018": tool(
    "transient",
    "INTERNAL_SERVER_ERROR",
    true,
    "isError 'Error getting page by ID: Knex: Timeout acquiring a connection. The pool is probably full. …' with extensions.code INTERNAL_SERVER_ERROR (HTTP 200): Wiki.js could not get a database connection in time; the words (a connection timeout) decide over the generic code, and it clears when the pool drains.",
  ),
  "wjs-019": tool(
    "transient",
    "http_502",
    true,
    'isError \'Error getting page by path: GraphQL Error (Code: 502): {… "body":"<html>…502 Bad Gateway…nginx…"}\': nginx could not reach Wiki.js.',
  ),
  "wjs-020": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 3 s: MCP error -32001 Request timed out (Wiki.js took 15 s).",
  ),
  "wjs-021": tool(
    "transient",
    null,
    true,
    "isError 'Error getting page by ID: fetch failed': Wiki.js could not be reached; no network code shown.",
  ),
  "wjs-022": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool create_page not found': the server has no write tools.",
  ),
  "wjs-023": ok("One result for 'firewall' once Wiki.js is back."),
  "wjs-024": tool(
    "auth",
    "http_500",
    false,
    'isError \'Error getting page by ID: API Key is invalid or was revoked.: {"response":{"data":{},"errors":[…],"status":500 …}}\': an administrator revoked the key; Wiki.js answers it with HTTP 500, but the words are an authentication failure and nothing changes until a new key is set.',
  ),
  "wjs-025": tool(
    "permission",
    "INTERNAL_SERVER_ERROR",
    false,
    "isError 'Error getting page by ID: You are not authorized to view this page.: {…}': the key has expired and Wiki.js served the request as the Guest user, but the wire says only that viewing is not allowed.",
  ),

  // --- mcp-wikijs (stdio): Wiki.js's GraphQL API, read and write tools ---------------------------------------------
  "mwj-001": ok("'success': true, one search hit for 'backup'."),
  "mwj-002": ok("Two pages tagged runbook (list mode)."),
  "mwj-003": ok("'pages': [], 'totalHits': 0: nothing matches 'sharepoint migration'.", true),
  "mwj-004": ok("Two pages under it/network (list mode, filtered by the server)."),
  "mwj-005": ok("'pages': []: no page is tagged both legacy and runbook.", true),
  "mwj-006": ok("The VPN setup page by id."),
  "mwj-007": ok("The VPN setup page by path and locale."),
  "mwj-008": ok("The PostgreSQL failover runbook by id."),
  "mwj-009": ok("The German onboarding checklist."),
  "mwj-010": tool(
    "validation",
    "GRAPHQL_ERROR",
    false,
    "isError {success: false, error: {message: 'Wiki.js GraphQL operation failed.', code: 'GRAPHQL_ERROR', details: [{message: 'This page does not exist.', code: 'INTERNAL_SERVER_ERROR'}]}}: the path has a typo.",
  ),
  "mwj-011": tool(
    "validation",
    "GRAPHQL_ERROR",
    false,
    `The same 'This page does not exist.' again. ${WASTED}`,
    true,
  ),
  "mwj-012": tool(
    "validation",
    "ERROR",
    false,
    'isError {success: false, error: {message: \'[{"code": "custom", "message": "Provide either id or both path and locale." …}]\', code: \'ERROR\'}}: the server\'s own zod refine refused a path without a locale.',
  ),
  "mwj-013": ok("'success': true: the new page (id 88) with its content and tags."),
  "mwj-014": ok("'success': true: the VPN setup page with the wireguard tag added."),
  "mwj-015": ok("'success': true: the nightly jobs page with its new description."),
  "mwj-016": ok("'success': true, deletedPage: the page created above."),
  "mwj-017": tool(
    "permission",
    "WIKIJS_RESPONSE_ERROR",
    false,
    "isError {… code: 'WIKIJS_RESPONSE_ERROR', details: [{errorCode: 6010, slug: 'PageDeleteForbidden', message: 'You are not authorized to delete this page.'}]}: page rules forbid deleting the archived page.",
  ),
  "mwj-018": tool(
    "rate_limited",
    "INVALID_JSON_RESPONSE",
    true,
    "isError {message: 'Wiki.js returned a non-JSON response.', code: 'INVALID_JSON_RESPONSE', status: 429}: nginx's 429 page; the status decides the category.",
  ),
  "mwj-019": tool(
    "internal",
    "HTTP_ERROR",
    true,
    "isError {message: 'Wiki.js GraphQL HTTP request failed.', code: 'HTTP_ERROR', status: 500, details: {statusText: 'Internal Server Error'}}: the body (API disabled by an administrator) is not shown; the wire says only 500.",
  ),
  "mwj-020": tool(
    "transient",
    "INVALID_JSON_RESPONSE",
    true,
    "isError {message: 'Wiki.js returned a non-JSON response.', code: 'INVALID_JSON_RESPONSE', status: 502}: nginx's 502 page in front of Wiki.js.",
  ),
  "mwj-021": tool(
    "transient",
    "TIMEOUT",
    true,
    "isError {message: 'Wiki.js GraphQL request timed out.', code: 'TIMEOUT'}: the server gave up after its WIKIJS_TIMEOUT_MS of 5 s (Wiki.js took 15 s).",
  ),
  "mwj-022": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 3 s: MCP error -32001 Request timed out (Wiki.js took 15 s).",
  ),
  "mwj-023": tool(
    "transient",
    "ERROR",
    true,
    "isError {message: 'fetch failed', code: 'ERROR'}: Wiki.js could not be reached; the server's fallback code is the only one.",
  ),
  "mwj-024": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool wikijs_list_tags not found'.",
  ),
  "mwj-025": tool(
    "auth",
    "WIKIJS_RESPONSE_ERROR",
    false,
    "isError {… code: 'WIKIJS_RESPONSE_ERROR', details: [{errorCode: 1002, slug: 'AuthLoginFailed', message: 'Invalid email / username or password.'}]}: the configured password is wrong.",
  ),
};
