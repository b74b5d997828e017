// Verdicts for group r40-a, written from the captured exchanges (test/fixtures/server-corpus/groups/r40-a.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // @merill/lokka: every Graph failure is isError with a JSON text {"error": <Graph's message or the client's>,
  // "statusCode": <HTTP status, or -1 when no answer came>, "errorBody": <Graph's error object as a string, or the
  // thrown error's text>, "attemptedBaseUrl"}; a success is the text "Result for graph API (<version>) - <method>
  // <path>:" followed by Graph's JSON. The token tools answer plain text, isError on failure.
  "lok-001": ok(
    "get-auth-status: client_provided_token mode, ready, the token's expiry and its three scopes",
  ),
  "lok-002": ok("the two Bookings businesses the user can see (id and displayName)"),
  "lok-003": ok("the clinic's three services from the v1.0 endpoint"),
  "lok-004": ok(
    "the first page of staff (two members) with @odata.nextLink and the server's note that more results are available: a complete first page, not a failed part",
  ),
  "lok-005": ok("three appointments in the requested week from calendarView"),
  "lok-006": ok("calendarView for a week with no bookings: value [] — a query that found nothing", true),
  "lok-007": ok(
    "the appointment was created: Graph's 201 entity with its new id, service, staff and customer",
  ),
  "lok-008": tool(
    "validation",
    "ErrorInvalidRequest",
    false,
    "isError, statusCode 400, errorBody code ErrorInvalidRequest 'The request is invalid.': the booking body lacked serviceId and the start",
  ),
  "lok-009": tool(
    "validation",
    "ErrorNonExistentMailbox",
    false,
    "isError, statusCode 404, code ErrorNonExistentMailbox 'The SMTP address has no mailbox associated with it.': the named business does not exist",
  ),
  "lok-010": tool(
    "validation",
    "ErrorNonExistentMailbox",
    false,
    "the same 404 ErrorNonExistentMailbox again for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "lok-011": tool(
    "permission",
    "ErrorAccessDenied",
    false,
    "isError, statusCode 403, code ErrorAccessDenied 'Access is denied. Check credentials and try again.': cancelling in a business the user may not change",
  ),
  "lok-012": ok(
    "the PATCH went through: the text is 'Result for graph API (beta) - patch …:' followed by 'undefined', the server printing Graph's empty 204 answer; an update returns no entity, so nothing was asked for that came back undefined",
  ),
  "lok-013": ok(
    "the cancel action went through: 'Result … - post …/cancel:' then 'undefined', the empty 204 of an action that returns no body",
  ),
  "lok-014": tool(
    "auth",
    "InvalidAuthenticationToken",
    false,
    "isError, statusCode 401, code InvalidAuthenticationToken 'Lifetime validation failed, the token is expired.': a new token is needed",
  ),
  "lok-015": tool(
    "rate_limited",
    "TooManyRequests",
    true,
    "isError, statusCode 429, code TooManyRequests 'Too many requests, please try again later.' (after the Graph client's own three retries, about 3 s)",
  ),
  "lok-016": tool(
    "internal",
    "http_500",
    true,
    "isError, statusCode 500, Graph's body with an empty code and 'An error has occurred.': no machine code but the status (internal by the contract)",
  ),
  "lok-017": tool(
    "transient",
    "serviceNotAvailable",
    true,
    "isError, statusCode 503, code serviceNotAvailable 'The service is temporarily unavailable. Please try again later.' after the client's retries",
  ),
  "lok-018": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "lok-019": tool(
    "transient",
    "econnrefused",
    true,
    "isError, statusCode -1, 'request to https://graph.microsoft.com/… failed, reason: connect ECONNREFUSED': Graph unreachable",
  ),
  "lok-020": ok("lok-019's call once Graph is back: the business's details, hours and scheduling policy"),
  "lok-021": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool Lokka-Bookings not found': the words decide over the generic code",
  ),
  "lok-022": ok(
    "set-access-token answered 'Access token updated successfully…': the server accepted the token (its stated expiry, already past, shows only on the next call)",
  ),
  "lok-023": tool(
    "auth",
    null,
    false,
    "isError, statusCode -1, 'Failed to acquire access token': the token the server holds has expired (lok-022), no request left; a new token is needed. The previous call with these arguments (lok-017) failed retryably, so no wasted retry",
  ),
  "lok-024": tool(
    "auth",
    null,
    false,
    "isError 'Graph client not initialized' (statusCode N/A): the server was started in client-token mode with no token, so it has no credentials to call Graph with",
  ),
  "lok-025": tool(
    "auth",
    null,
    false,
    "isError 'Error setting access token: Token update only supported in client provided token mode': the server refuses the token it asked for (started with no token, its token holder was never made); only a restart with a token helps",
  ),
  "lok-026": wire(
    "transient",
    "connection_closed",
    true,
    "no answer: the server process died 13–20 s into the call (fetchAll; V8 aborted it, as its log shows) and the client raised -32000 Connection closed; transient by the convention for a client whose server died, though the same call will kill it again",
  ),
};
