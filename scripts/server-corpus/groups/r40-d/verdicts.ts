// Verdicts for group r40-d, written from the captured exchanges (test/fixtures/server-corpus/groups/r40-d.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // @clerk/agent-toolkit: a tool's result is JSON.stringify of what the Backend SDK returned; every failure is a thrown
  // error that the SDK's McpServer turns into isError with the error's message alone. For an API error that message is
  // the HTTP reason phrase (the SDK's ClerkAPIResponseError takes statusText; Clerk's code and long_message are not
  // shown); for a fetch that failed it is the empty string.
  "clk-001": ok("the instance's user count, 42"),
  "clk-002": ok("the user's record (email addresses, metadata; private metadata pruned by the toolkit)"),
  "clk-003": tool(
    "validation",
    "http_404",
    false,
    "isError 'Not Found' and nothing else: the reason phrase of Clerk's 404 for a user ID that does not exist",
  ),
  "clk-004": tool(
    "validation",
    "http_404",
    false,
    "the same 'Not Found' again for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "clk-005": silent(
    "auth",
    null,
    false,
    "the identity tool answered the ordinary text 'null': there is no signed-in user (the local server has no session), so the current user's ID was not given",
  ),
  "clk-006": ok("the updated user record with the new first and last name"),
  "clk-007": tool(
    "validation",
    "http_422",
    false,
    "isError 'Unprocessable Entity': Clerk's 422 for a username another user has, shown only as the reason phrase",
  ),
  "clk-008": ok("the user record with the merged public metadata"),
  "clk-009": ok("the organization with members_count"),
  "clk-010": tool(
    "validation",
    null,
    false,
    "isError 'A valid resource ID is required.': a slug alone (which the tool documents) reaches the SDK as a missing organization ID; no request was made",
  ),
  "clk-011": ok("the new organization"),
  "clk-012": tool(
    "validation",
    "http_422",
    false,
    "isError 'Unprocessable Entity': Clerk's 422 for a slug already taken, shown only as the reason phrase",
  ),
  "clk-013": tool(
    "permission",
    "http_403",
    false,
    "isError 'Forbidden' and nothing else: the reason phrase of Clerk's 403 (its membership-quota code is not shown)",
  ),
  "clk-014": ok("the pending organization invitation"),
  "clk-015": tool(
    "validation",
    "http_422",
    false,
    "isError 'Unprocessable Entity' for an invitation to an address with no top-level domain",
  ),
  "clk-016": tool(
    "validation",
    "http_400",
    false,
    "isError 'Bad Request': Clerk's 400 for an address with a pending invitation, shown only as the reason phrase",
  ),
  "clk-017": ok("the revoked invitation (status revoked)"),
  "clk-018": rpc(
    "internal",
    "invalid_union",
    true,
    "a JSON-RPC -32602 'Invalid tools/call result … invalid_union … text: expected string, received undefined': the toolkit returned a text item with no text for Clerk's deleted-object answer (the deletion itself was answered 200); the server's own result is malformed",
  ),
  "clk-019": tool(
    "rate_limited",
    "http_429",
    true,
    "isError 'Too Many Requests': Clerk throttled the key (the Retry-After it sent is not shown)",
  ),
  "clk-020": tool(
    "internal",
    "http_500",
    true,
    "isError 'Internal Server Error': Clerk's 500 relayed as its reason phrase",
  ),
  "clk-021": tool("transient", "http_502", true, "isError 'Bad Gateway': the 502 in front of the API"),
  "clk-022": tool(
    "auth",
    "http_401",
    false,
    "isError 'Unauthorized': Clerk refused the secret key (401), shown only as the reason phrase",
  ),
  "clk-023": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "clk-024": tool(
    "unknown",
    null,
    false,
    "isError with an empty text: the fetch to the unreachable API failed and the SDK's error carried no message; nothing on the wire says what failed. The previous getUser call with these arguments (clk-022) failed non-retryably",
    true,
  ),
  "clk-025": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error … userId … Required'",
  ),
  "clk-026": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool listUsers not found': the toolkit has no such tool",
  ),

  // @merill/lokka: the Lokka-Microsoft tool answers 'Result for graph API (v1.0) - <method> <path>:' and the JSON it got;
  // every failure is isError with the JSON {error, statusCode, errorBody, attemptedBaseUrl}, where errorBody is Graph's
  // error object ({code, message, innerError}) or the thrown error as a string. The token tools answer plain text.
  "ent-001": ok("the auth mode (client_provided_token), the token's expiry and its scopes"),
  "ent-002": ok("three users and Graph's @odata.nextLink (more pages exist)"),
  "ent-003": ok("one user by object ID"),
  "ent-004": tool(
    "validation",
    "Request_ResourceNotFound",
    false,
    "isError: Graph's 404 Request_ResourceNotFound for a user principal name not in the directory",
  ),
  "ent-005": tool(
    "validation",
    "Request_ResourceNotFound",
    false,
    "the same 404 again for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "ent-006": ok("two users whose display name starts with A, with @odata.count"),
  "ent-007": ok("a filtered group query that found no group: value []", true),
  "ent-008": tool(
    "validation",
    "Request_BadRequest",
    false,
    "isError: Graph's 400 Request_BadRequest 'Property 'passwordProfile' is missing on the request.'",
  ),
  "ent-009": ok(
    "Graph's 204 No Content for the member added; the server prints the empty body as 'undefined', but the write succeeded and no value was asked for",
  ),
  "ent-010": tool(
    "validation",
    "Request_BadRequest",
    false,
    "isError: Graph's 400 'One or more added object references already exist for the following modified properties: 'members'.'",
  ),
  "ent-011": ok("Graph's 204 No Content for the user updated; the empty body printed as 'undefined'"),
  "ent-012": tool(
    "permission",
    "Authorization_RequestDenied",
    false,
    "isError: Graph's 403 Authorization_RequestDenied 'Insufficient privileges to complete the operation.'",
  ),
  "ent-013": tool(
    "business",
    "Authentication_RequestFromNonPremiumTenantOrB2CTenant",
    false,
    "isError: Graph's 403 'Neither tenant is B2C or tenant doesn't have premium license': sign-in logs need a licence the tenant does not have",
  ),
  "ent-014": tool(
    "validation",
    null,
    false,
    "isError 'API version is required for Azure Resource Management queries' (statusCode 'N/A'): a required argument for apiType azure is missing",
  ),
  "ent-015": tool(
    "rate_limited",
    "TooManyRequests",
    true,
    "isError: Graph's 429 TooManyRequests 'Please try again later.' after the SDK's own retries (about 3 s)",
  ),
  "ent-016": tool(
    "internal",
    "UnknownError",
    true,
    "isError: Graph's 500 with code UnknownError and an empty message",
  ),
  "ent-017": tool(
    "transient",
    "http_502",
    true,
    "isError with statusCode 502, an empty error and the HTML page's raw stream object as errorBody: the front end's 502",
  ),
  "ent-018": tool(
    "auth",
    "InvalidAuthenticationToken",
    false,
    "isError: Graph's 401 InvalidAuthenticationToken 'Lifetime validation failed, the token is expired.'",
  ),
  "ent-019": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "ent-020": tool(
    "transient",
    "econnrefused",
    true,
    "isError: node-fetch's 'request to https://graph.microsoft.com/… failed, reason: connect ECONNREFUSED'",
  ),
  "ent-021": tool(
    "validation",
    null,
    false,
    "isError 'add-graph-permission tool is only available in interactive authentication mode. Current mode: client_provided_token.' with steps to use set-access-token instead",
  ),
  "ent-022": ok("'Access token updated successfully.' (the server takes a token whose expiry has passed)"),
  "ent-023": tool(
    "auth",
    null,
    false,
    "isError 'Failed to acquire access token' (statusCode -1): the token the server holds has expired; no request was made",
  ),
  "ent-024": ok("'Access token updated successfully.'"),
  "ent-025": wire(
    "transient",
    "connection_closed",
    true,
    "MCP error -32000 Connection closed after 15 s: the server died during the call (its fetchAll loop grows the first page's array forever until V8 aborts)",
  ),
};
