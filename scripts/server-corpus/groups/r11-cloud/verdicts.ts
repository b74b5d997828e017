// Verdicts for group r11-cloud, written from the captured exchanges
// (test/fixtures/server-corpus/groups/r11-cloud.jsonl) by the contract in
// test/fixtures/server-corpus/README.md — never by running Faultline's classifier.

import type { Verdict } from "../../verdicts.js";
import { ok, rpc, silent, tool, wire } from "../../verdict-helpers.js";

const WASTED = "An identical repeat right after a non-retryable failure: a wasted retry.";
const TIMEOUT = "No answer within 3 s: the client raised -32001 Request timed out.";
const KILLED =
  "The server process was killed mid-call: the stdio connection closed before any answer (-32000 Connection closed).";
/** Cloudflare's server answers every failure as `{"toolResult": {"isError": true, …}}`, an old result shape. */
const CF =
  "The result has no top-level isError: the server wraps its failure as result.toolResult {isError: true, content: …}, so the call looks ok while its payload is an error.";

export const VERDICTS: Record<string, Verdict> = {
  // --- @cloudflare/mcp-server-cloudflare ------------------------------------------------------------
  "cfw-001": ok("Three Workers scripts with their handlers, dates and compatibility settings."),
  "cfw-002": ok("The edge-router script, returned as the API's multipart body with the module's source."),
  "cfw-003": silent(
    "validation",
    "10007",
    false,
    `'Error: Failed to get worker: {… "code":10007, "message":"This Worker does not exist on your account."}'. ${CF}`,
  ),
  "cfw-004": silent(
    "validation",
    "10007",
    false,
    `The same 'This Worker does not exist' (10007) again. ${WASTED}`,
    true,
  ),
  "cfw-005": ok("Two KV namespaces with ids and titles."),
  "cfw-006": ok("The flag's stored JSON value."),
  "cfw-007": silent(
    "validation",
    "10009",
    false,
    `'Error: Failed to get value: {… "code":10009, "message":"get: 'key not found'"}': the key does not exist. ${CF}`,
  ),
  "cfw-008": ok("'Successfully stored value for key: flags:search-v3'."),
  "cfw-009": ok("'[]': no key under that prefix.", true),
  "cfw-010": ok("Two R2 buckets with location and storage class."),
  "cfw-011": silent(
    "validation",
    "10006",
    false,
    `'Error: Failed to list R2 objects: {… "code":10006, "message":"The specified bucket does not exist."}'. ${CF}`,
  ),
  "cfw-012": ok("Three customer rows with D1's query meta (rows_read 3, duration)."),
  "cfw-013": silent(
    "validation",
    "7500",
    false,
    `'Error: Failed to execute D1 query: {… "code":7500, "message":"no such table: orders: SQLITE_ERROR"}': the query names a table that does not exist. ${CF}`,
  ),
  "cfw-014": silent(
    "internal",
    "7500",
    true,
    `'… {"code":7500, "message":"Internal error in D1 storage caused object to be reset."}': a provider-side storage error, retryable by default. ${CF}`,
  ),
  "cfw-015": silent(
    "auth",
    "10000",
    false,
    `'Error: Failed to delete worker: {… "code":10000, "message":"Authentication error"}'. Cloudflare answers a token that lacks a permission with the same words; read as written, auth. ${CF}`,
  ),
  "cfw-016": silent(
    "rate_limited",
    "971",
    true,
    `'Error: Failed to list workers: {… "code":971, "message":"Please wait and consider throttling your request speed"}': throttled. ${CF}`,
  ),
  "cfw-017": silent(
    "transient",
    "http_502",
    true,
    `'Error: Failed to list R2 buckets:' followed by Cloudflare's '502: Bad gateway … Error code 502' HTML page. ${CF}`,
  ),
  "cfw-018": silent(
    "auth",
    "9109",
    false,
    `'Error: Failed to list workers: {… "code":9109, "message":"Invalid access token"}': the token no longer works. ${CF}`,
  ),
  "cfw-019": wire("transient", "timeout", true, TIMEOUT),
  "cfw-020": silent(
    "validation",
    "10007",
    false,
    `Called without the required name, the server asked for the Worker 'undefined': 'This Worker does not exist on your account.' (10007). ${CF}`,
  ),
  "cfw-021": silent("unknown_tool", null, false, `'Error: Unknown tool: worker_rename'. ${CF}`),
  "cfw-022": silent(
    "transient",
    null,
    true,
    `'Error: fetch failed': the API could not be reached; no code. ${CF}`,
  ),
  "cfw-023": wire("transient", "connection_closed", true, KILLED),

  // --- vercel-mcp ------------------------------------------------------------------------------------
  "vcl-001": ok(
    "Four deployments with state, creator, commit meta and pagination (the API's body inside a second JSON wrapping).",
  ),
  "vcl-002": ok("'deployments: []', pagination count 0: the project has no deployments.", true),
  "vcl-003": ok("The deployment's id, readyState READY, target production and its aliases."),
  "vcl-004": ok(
    "The deployment was found: readyState ERROR with errorCode BUILD_FAILED describes the build, not a failure of this lookup.",
  ),
  "vcl-005": silent(
    "validation",
    "not_found",
    false,
    'An ordinary result \'Error getting deployment: API error occurred: Status 404 … Body: {"error":{"code":"not_found","message":"Deployment not found"}}\' — the server never sets isError.',
  ),
  "vcl-006": silent(
    "validation",
    "not_found",
    false,
    `The same 404 not_found as ordinary text again. ${WASTED}`,
    true,
  ),
  "vcl-007": ok("The build's log events (stdout lines) of the ready deployment."),
  "vcl-008": ok(
    "The failed build's events were returned; their lines quote the build's own errors ('Failed to compile', 'exited with 1'): data about a failure, not a failed call.",
  ),
  "vcl-009": ok("The deployment's file tree (src/app/page.tsx, layout.tsx, package.json)."),
  "vcl-010": silent(
    "validation",
    "file_not_found",
    false,
    'Ordinary text \'Error getting deployment file contents: API error occurred: Status 404 … {"code":"file_not_found","message":"File not found"}\'.',
  ),
  "vcl-011": silent(
    "business",
    "bad_request",
    false,
    'Ordinary text \'… Status 400 … {"code":"bad_request","message":"Deployment … cannot be canceled because it is already in the READY state."}\': the deployment\'s state forbids it.',
  ),
  "vcl-012": ok("The deployment came back with readyState CANCELED and canceledAt."),
  "vcl-013": silent(
    "permission",
    "forbidden",
    false,
    'Ordinary text \'… Status 403 … {"code":"forbidden","message":"You don\'t have permission to delete the deployment.","action":"delete"}\'.',
  ),
  "vcl-014": silent(
    "rate_limited",
    "rate_limited",
    true,
    'Ordinary text \'… Status 429 … {"code":"rate_limited","message":"Rate limit exceeded","limit":{"remaining":0,…}}\'.',
  ),
  "vcl-015": silent(
    "internal",
    "internal_server_error",
    true,
    'Ordinary text \'… Status 500 … {"code":"internal_server_error","message":"An unexpected internal error occurred"}\'.',
  ),
  // Re-judged 2026-12-06 (internal → transient) by the convention for an HTML page where JSON was
  // expected (test/fixtures/server-corpus/README.md).
  "vcl-016": silent(
    "transient",
    null,
    true,
    "Ordinary text 'Error getting deployment events: Unexpected token '<', \"<!DOCTYPE \"... is not valid JSON': an HTML page came back where JSON was expected; no status is shown.",
  ),
  "vcl-017": silent(
    "auth",
    "forbidden",
    false,
    'Ordinary text \'… Status 403 … {"code":"forbidden","message":"Not authorized","invalidToken":true}\': the token is no longer valid.',
  ),
  "vcl-018": wire("transient", "timeout", true, TIMEOUT),
  "vcl-019": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: Invalid arguments for tool getDeployment: Required at deploymentId'.",
  ),
  "vcl-020": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool promoteDeployment not found'.",
  ),
  "vcl-021": silent(
    "transient",
    null,
    true,
    "Ordinary text 'Error getting deployments: Unable to make request: TypeError: fetch failed': the API could not be reached.",
  ),
  "vcl-022": wire("transient", "connection_closed", true, KILLED),

  // --- @upstash/mcp-server (Streamable HTTP) ---------------------------------------------------------
  "ups-001": ok("Three databases (names and ids) and the server's notes for the agent."),
  "ups-002": ok("The database's full record: endpoint, regions, limits and tokens."),
  "ups-003": tool(
    "validation",
    "http_404",
    false,
    "isError 'Error: Request failed (404 Not Found): \"database not found\"'.",
  ),
  "ups-004": tool(
    "validation",
    "http_404",
    false,
    `The same 404 'database not found' again. ${WASTED}`,
    true,
  ),
  "ups-005": ok("The session key's JSON value."),
  "ups-006": ok('SCAN answered cursor "0" and no keys: nothing matches the pattern.', true),
  "ups-007": tool(
    "validation",
    "WRONGTYPE",
    false,
    "isError 'Error: Redis error: WRONGTYPE Operation against a key holding the wrong kind of value'.",
  ),
  "ups-008": tool(
    "validation",
    null,
    false,
    "isError 'Some commands in the pipeline resulted in an error:' with the per-command results: SET OK, INCR 'ERR value is not an integer or out of range', GET ok. The server marks the whole call failed, so tool_error rather than partial.",
  ),
  "ups-009": ok("'[]': the database has no backups.", true),
  "ups-010": tool(
    "business",
    "http_400",
    false,
    "isError 'Request failed (400 Bad Request): \"backup is not available for free databases, please upgrade your database\"': the plan does not allow it.",
  ),
  "ups-011": ok("Five days of command and bandwidth usage and twelve throughput samples."),
  "ups-012": ok(
    "Empty usage arrays and sampled data 'NO DATA': the database has no statistics for the period.",
    true,
  ),
  "ups-013": tool(
    "permission",
    "http_403",
    false,
    "isError 'Request failed (403 Forbidden): \"you are not allowed to perform this action, only the team owner or admins can reset the password\"'.",
  ),
  "ups-014": tool(
    "rate_limited",
    "http_429",
    true,
    "isError 'Request failed (429 Too Many Requests): Too many requests, please try again later.'.",
  ),
  "ups-015": tool(
    "transient",
    "http_502",
    true,
    "isError 'Request failed (502 Bad Gateway):' with a load balancer's '502 Bad Gateway' HTML page.",
  ),
  "ups-016": tool(
    "rate_limited",
    null,
    true,
    "isError 'Redis error: ERR max daily request limit exceeded. Limit: 10000, Usage: 10000.': the database's request quota is used up until it resets.",
  ),
  "ups-017": tool("auth", "http_401", false, "isError 'Request failed (401 Unauthorized): Unauthorized'."),
  "ups-018": wire("transient", "timeout", true, TIMEOUT),
  "ups-019": tool(
    "validation",
    null,
    false,
    'isError \'Input validation error: Invalid arguments for tool redis_database_get_statistics: period: Invalid option: expected one of "1h"|…|"7d"\' (no JSON-RPC code in the text).',
  ),
  "ups-020": rpc("unknown_tool", "-32602", false, "JSON-RPC -32602 'Tool redis_database_flush not found'."),
  "ups-021": tool(
    "transient",
    null,
    true,
    "isError 'TypeError: fetch failed': the API could not be reached; no code.",
  ),
  "ups-022": wire(
    "transient",
    "und_err_socket",
    true,
    "The server process was killed mid-call: the HTTP request's socket closed with no answer (fetch failed, UND_ERR_SOCKET).",
  ),

  // --- @niyogi/render-mcp ----------------------------------------------------------------------------
  "rnd-001": ok("Five services with their details, each with its pagination cursor."),
  "rnd-002": ok("The northwind-api web service's record."),
  "rnd-003": tool(
    "validation",
    "http_404",
    false,
    "isError 'Error getting service details: Render API error (404): service not found'.",
  ),
  "rnd-004": tool("validation", "http_404", false, `The same 404 'service not found' again. ${WASTED}`, true),
  "rnd-005": ok(
    "Three deploys (live, deactivated, build_failed) with commits: a listing, whatever the deploys' states.",
  ),
  "rnd-006": ok("'[]': the cron job has no deploys.", true),
  "rnd-007": ok(
    "'Successfully deployed service … Deployment ID: dep-cu0b6h2umphs73e7k3l0, Status: created'.",
  ),
  "rnd-008": silent(
    "unknown",
    null,
    false,
    "'Successfully deployed service … Deployment ID: mock-deploy-<timestamp>, Status: build_in_progress': the id is not a Render deploy id (dep-…, as in rnd-007) but a placeholder: no deploy was started, and nothing says why.",
  ),
  "rnd-009": rpc(
    "internal",
    "-32602",
    true,
    "JSON-RPC -32602 'Invalid tools/call result: … text: expected string, received undefined': the server's own result failed its SDK's check (it read a field the API's answer does not have). A server bug; retryable by the contract's default for internal, though it fails the same way again.",
  ),
  "rnd-010": rpc(
    "internal",
    "-32602",
    true,
    "JSON-RPC -32602 'Invalid tools/call result: … expected string, received undefined': the server built a result with no text. A server bug, retryable by default.",
  ),
  "rnd-011": tool("validation", null, false, "isError 'Error: Domain name is required for add action'."),
  "rnd-012": tool(
    "validation",
    "http_400",
    false,
    "isError 'Error: Render API error (400): ownerId: must be present'.",
  ),
  "rnd-013": tool(
    "permission",
    "http_403",
    false,
    "isError 'Render API error (403): You do not have permission to delete services in this workspace'.",
  ),
  "rnd-014": tool(
    "rate_limited",
    "http_429",
    true,
    "isError 'Error: Render API error (429): rate limit exceeded'.",
  ),
  "rnd-015": tool(
    "transient",
    "http_502",
    true,
    "isError 'Error getting service details: Render API error (502): Unknown error': a bad gateway; the page behind it is not shown.",
  ),
  "rnd-016": silent(
    "permission",
    null,
    false,
    "An ok result whose data is Cloudflare's 'Just a moment... Checking if the site connection is secure' challenge page: the CDN blocked the client instead of returning the service list.",
  ),
  "rnd-017": tool(
    "internal",
    null,
    true,
    "isError 'Error getting service details: Invalid response from Render API: unexpected structure': the answer was not a service record (a challenge page, not shown).",
  ),
  "rnd-018": tool("auth", "http_401", false, "isError 'Error: Render API error (401): unauthorized'."),
  "rnd-019": wire("transient", "timeout", true, TIMEOUT),
  "rnd-020": tool(
    "validation",
    null,
    false,
    "isError 'Error getting service details: Cannot destructure property 'serviceId' of 'params' as it is undefined.': the call came without its params object.",
  ),
  "rnd-021": tool(
    "unknown_tool",
    "-32601",
    false,
    "isError 'Error: MCP error -32601: Unknown tool: suspend_service'.",
  ),
  "rnd-022": tool(
    "transient",
    null,
    true,
    "isError 'Error: No response received from Render API': the API could not be reached.",
  ),
  "rnd-023": wire("transient", "connection_closed", true, KILLED),
};
