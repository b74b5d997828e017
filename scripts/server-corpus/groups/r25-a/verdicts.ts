// Verdicts for group r25-a, written from the captured exchanges (test/fixtures/server-corpus/groups/r25-a.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, partial, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // ---------------------------------------------------------------- @felixallistar/coolify-mcp (stdio)
  // The server's Coolify client (@hey-api/client-fetch) does not throw on an HTTP error: each tool serializes
  // `{data | error, request: {}, response: {}}` into an ordinary result, so every API refusal arrives as ok text
  // with an `error` member and no status. Only its own argument checks and network failures set isError.
  "cfy-001": ok('the instance version: {"data": "4.0.0-beta.420.6", …}'),
  "cfy-002": ok("two servers with their settings under data"),
  "cfy-003": ok("one server by uuid under data"),
  "cfy-004": ok("data: one IP with the three domains it serves"),
  "cfy-005": ok("two projects under data"),
  "cfy-006": ok("two applications with their fqdn and status under data"),
  "cfy-007": ok("the shop application under data"),
  "cfy-008": silent(
    "validation",
    null,
    false,
    'ok text {"error": {"message": "Application not found."}, "request": {}, "response": {}}: a lookup of one named application that was not found; the 404 and any code are not on the wire',
  ),
  "cfy-009": silent(
    "validation",
    null,
    false,
    'the same {"error": {"message": "Application not found."}} for the same uuid; repeated after a non-retryable (silent) failure',
    true,
  ),
  "cfy-010": tool(
    "validation",
    null,
    false,
    "isError \"Error: Invalid Coolify ID format for parameter 'id'. Expected alphanumeric string of 16-40 characters\": the server's own argument check refused a name where a uuid belongs",
  ),
  "cfy-011": ok('databases: {"data": [], …}', true),
  "cfy-012": ok("one finished deployment of the docs application under data"),
  "cfy-013": silent(
    "validation",
    null,
    false,
    'ok text {"error": {"message": "Validation failed.", "errors": {"force_https": ["This field is not allowed."]}}}: Coolify\'s 422 for a field it does not accept, serialized into a success',
  ),
  "cfy-014": ok('deploy: data.deployments[0].message "Application northwind-shop deployment queued."'),
  "cfy-015": silent(
    "business",
    null,
    false,
    'ok text {"error": {"message": "Server has resources, so you need to delete them before."}}: the panel refused to delete a server in use (a state conflict), inside a success',
  ),
  "cfy-016": silent(
    "validation",
    null,
    false,
    'ok text {"error": {"message": "Server not found."}}: a lookup of one named server that does not exist',
  ),
  "cfy-017": silent(
    "auth",
    null,
    false,
    'ok text {"error": {"message": "Unauthenticated."}}: the API token was refused (Sanctum\'s 401 body; the status is not shown)',
  ),
  "cfy-018": silent(
    "permission",
    null,
    false,
    'ok text {"error": {"success": true, "message": "You are not allowed to access the API."}}: the instance\'s API allow-list refused the caller (a 403); the body\'s own "success": true does not make it a success',
  ),
  "cfy-019": silent(
    "rate_limited",
    null,
    true,
    'ok text {"error": {"message": "Too Many Attempts."}}: Laravel\'s throttle (429); its Retry-After header did not reach the agent',
  ),
  "cfy-020": silent(
    "internal",
    null,
    true,
    'ok text {"error": {"message": "Server Error"}}: Laravel\'s 500 body serialized into a success; no code',
  ),
  "cfy-021": silent(
    "transient",
    "http_502",
    true,
    'ok text whose "error" is the nginx page "<title>502 Bad Gateway</title>" from the proxy in front of the panel: a gateway failure, its status line quoted',
  ),
  "cfy-022": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s: MCP error -32001 Request timed out",
  ),
  "cfy-023": ok('restart: data.message "Restart request queued." with a deployment_uuid'),
  "cfy-024": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError "MCP error -32602: Tool domains not found": the SDK answers an unknown tool inside an isError result',
  ),
  "cfy-025": tool(
    "transient",
    null,
    true,
    'isError "Error: Request setup error: fetch failed": the panel could not be reached; no network code shown',
  ),

  // ---------------------------------------------------------------------- @mistertk/vercel-mcp (stdio)
  // Successes are an MCP content object JSON-encoded inside the text. Failures of the Vercel SDK are caught and
  // returned as ordinary text "Error <doing x>: API error occurred: Status N … Body: {Vercel's error envelope}"
  // without isError; the argument checks of the MCP SDK alone set isError.
  "vdn-001": ok("three domains with their nameservers and a pagination block"),
  "vdn-002": ok("the domain object: serviceType zeit.world, verified true"),
  "vdn-003": ok('the domain config: configuredBy "A", misconfigured false'),
  "vdn-004": ok(
    "the config of a domain that does not point at Vercel yet: configuredBy null, misconfigured true, with the recommended records (a correct answer about the domain, not a failure)",
  ),
  "vdn-005": ok("five DNS records with a pagination block"),
  "vdn-006": ok('DNS records: "records": [], count 0', true),
  "vdn-007": ok('the created record: {"uid": "rec_8f4a…"}'),
  "vdn-008": silent(
    "validation",
    "invalid_value",
    false,
    'ok text "Error creating DNS record: API error occurred: Status 400 … Body: {"error":{"code":"invalid_value","message":"Invalid request: `value` should be a valid IPv4 address."}}"',
  ),
  "vdn-009": silent(
    "business",
    "conflict",
    false,
    'ok text "Error creating DNS record: … Status 409 … {"error":{"code":"conflict","message":"A conflicting record exists \\"www.northwind-studio.dev\\" (CNAME).","oldId":…}}": the zone\'s state refuses a second record there',
  ),
  "vdn-010": silent(
    "validation",
    "not_found",
    false,
    'ok text "Error getting domain: … Status 404 … {"error":{"code":"not_found","message":"Domain not found"}}": a lookup of one named domain that is not there',
  ),
  "vdn-011": silent(
    "validation",
    "not_found",
    false,
    "the same 404 not_found text for the same domain; repeated after a non-retryable (silent) failure",
    true,
  ),
  "vdn-012": ok(
    'the record was removed: the API\'s empty object "{}" inside the content wrapper (a delete acknowledged, not an empty search)',
  ),
  "vdn-013": silent(
    "permission",
    "forbidden",
    false,
    'ok text "Error getting domain config: … Status 403 … {"error":{"code":"forbidden","message":"You don\'t have permission to access this domain."}}"',
  ),
  "vdn-014": silent(
    "business",
    "domain_already_in_use",
    false,
    'ok text "Error adding project domain: … Status 409 … {"error":{"code":"domain_already_in_use","message":"Cannot add www.acme-corp.com since it\'s already in use by another project."…}}"',
  ),
  "vdn-015": silent(
    "auth",
    "forbidden",
    false,
    'ok text "Error listing domains: … Status 403 … {"error":{"code":"forbidden","message":"Not authorized","invalidToken":true}}": Vercel\'s answer to a revoked token (403, but invalidToken says the credential is dead)',
  ),
  "vdn-016": silent(
    "rate_limited",
    "rate_limited",
    true,
    'ok text "Error listing DNS records: … Status 429 … {"error":{"code":"rate_limited","message":"Rate limit exceeded","limit":{"remaining":0,"reset":…}}}"',
  ),
  "vdn-017": silent(
    "internal",
    "internal_server_error",
    true,
    'ok text "Error getting domain: … Status 500 … {"error":{"code":"internal_server_error","message":"An unexpected internal error occurred"}}"',
  ),
  "vdn-018": silent(
    "transient",
    "http_502",
    true,
    'ok text "Error listing domains: API error occurred: Status 502 Content-Type \\"text/html\\" Body: <!DOCTYPE html>…502: BAD_GATEWAY…": the edge\'s HTML gateway page, its status quoted',
  ),
  "vdn-019": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s: MCP error -32001 Request timed out",
  ),
  "vdn-020": tool(
    "validation",
    "-32602",
    false,
    'isError "MCP error -32602: Input validation error: Invalid arguments for tool listDnsRecords: Expected string, received number at limit"',
  ),
  "vdn-021": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError "MCP error -32602: Tool purchaseDomain not found"',
  ),
  "vdn-022": silent(
    "transient",
    null,
    true,
    'ok text "Error listing domains: Unable to make request: TypeError: fetch failed": the API could not be reached; no network code shown',
  ),
  "vdn-023": wire(
    "transient",
    "connection_closed",
    true,
    "the server was killed mid-call: MCP error -32000 Connection closed, no answer",
  ),

  // ------------------------------------------------------------------------- domain-search-mcp (stdio)
  // Availability comes from RDAP with GoDaddy's public endpoint and WHOIS behind it; a TLD whose sources all
  // failed is left out of the table and named under "Insights" of an ordinary result. Argument errors and
  // unknown tools are isError results with "Code: …" and "Retryable: …" lines.
  "dsm-001": ok("three rows: tidewaterlabs .com, .app and .dev Available"),
  "dsm-002": ok("both rows Taken: an answer (the names are registered), not a failure or an empty search"),
  "dsm-003": ok("Summary total 3, available 2, taken 1, errors 0, with the table"),
  "dsm-004": ok(".dev: description, price range, HSTS restriction"),
  "dsm-005": tool(
    "validation",
    "UNSUPPORTED_TLD",
    false,
    'isError "Error: The TLD \\".tidewater\\" is not supported for searching. Code: UNSUPPORTED_TLD Retryable: no"',
  ),
  "dsm-006": ok("five available variations of northwind in .com with scores"),
  "dsm-007": silent(
    "business",
    null,
    false,
    'ok text "Comparison for tidewaterlabs.com" whose only row is registrar "unknown", price N/A, and "Recommendation: Could not compare registrars": no registrar pricing is configured for this server, so the comparison asked for was not made',
  ),
  "dsm-008": silent(
    "business",
    null,
    false,
    "the same comparison that could not be made, for the same name; repeated after a non-retryable (silent) failure",
    true,
  ),
  "dsm-009": tool(
    "validation",
    "INVALID_DOMAIN",
    false,
    'isError "Error: The domain \\"tide water\\" is not valid: Contains invalid character: \\" \\" Code: INVALID_DOMAIN Retryable: no"',
  ),
  "dsm-010": tool(
    "validation",
    "UNSUPPORTED_TLD",
    false,
    'isError "Error: The TLD \\".localhost\\" is not supported for searching. Code: UNSUPPORTED_TLD Retryable: no"',
  ),
  "dsm-011": silent(
    "transient",
    null,
    true,
    'ok text with an empty table and "Could not check some TLDs: com: Could not check availability for \\"harborline.com\\". All sources failed., net: …": every TLD failed (RDAP answered 429, GoDaddy 429, WHOIS unreachable); the agent sees only "All sources failed"',
  ),
  "dsm-012": partial(
    "transient",
    null,
    true,
    'quaysidehq.com Available in the table, and "Could not check some TLDs: dev: … All sources failed." (Google Registry\'s RDAP answered a 503 page): one of two TLDs answered',
  ),
  "dsm-013": ok("tidepool.com Taken"),
  "dsm-014": silent(
    "internal",
    null,
    true,
    'ok text "Output format not implemented for ai_health. Set OUTPUT_FORMAT=json for raw output.": the tool returned no health report, only the server\'s own gap in formatting it',
  ),
  "dsm-015": tool(
    "unknown_tool",
    "UNKNOWN_TOOL",
    false,
    'isError "Error: The tool \\"register_domain\\" is not available. Code: UNKNOWN_TOOL Retryable: no"',
  ),
  "dsm-016": tool(
    "internal",
    "UNKNOWN_ERROR",
    true,
    'isError "Error: An unexpected error occurred. Code: UNKNOWN_ERROR Retryable: yes": the names given as one string ended in an unhandled error; the text says retryable, and nothing says the argument was wrong',
  ),
  "dsm-017": silent(
    "transient",
    null,
    true,
    'ok text with an empty table and "Could not check … saltmarsh.com … All sources failed., io: … All sources failed.": no registry could be reached',
  ),
  "dsm-018": silent(
    "transient",
    null,
    true,
    "the same empty table and All sources failed for the same name, answered from the server's 10 s memory of RDAP failures; a retry after a retryable failure, so not a wasted one",
  ),
  "dsm-019": ok("three available variations of tidewaterlabs in .app"),
  "dsm-020": ok("Summary total 4, available 4, with the table"),
};
