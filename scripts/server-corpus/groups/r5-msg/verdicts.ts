// The human verdicts for group r5-msg, keyed by step id, written after reading each captured
// exchange (test/fixtures/server-corpus/groups/r5-msg.jsonl) against Faultline's outcome
// contract — never by running Faultline's classifier. Conventions: the fixture README's
// "How the verdicts were made", plus the round's instructions (see README.md here).

import type { Verdict } from "../../verdicts.js";

type Expected = Verdict["expected"];
type Category = NonNullable<Expected["category"]>;

const base: Expected = {
  outcome: "ok",
  silentFailure: false,
  category: null,
  errorCode: null,
  retryable: null,
  empty: false,
  partial: false,
  wastedRetry: false,
};

const ok = (reason: string): Verdict => ({ expected: { ...base }, reason });
const empty = (reason: string): Verdict => ({ expected: { ...base, empty: true }, reason });
const fail =
  (outcome: Expected["outcome"], silentFailure = false) =>
  (
    category: Category,
    errorCode: string | null,
    retryable: boolean,
    reason: string,
    wastedRetry = false,
  ): Verdict => ({
    expected: { ...base, outcome, silentFailure, category, errorCode, retryable, wastedRetry },
    reason,
  });
const tool = fail("tool_error");
const proto = fail("protocol_error");
const transport = fail("transport_error");
const silent = fail("ok", true);

const WASTED =
  "It repeats the previous call (same tool, same arguments) after a non-retryable failure: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // --- @adamhancock/bullmq-mcp -----------------------------------------------------------------
  "bmq-001": tool(
    "validation",
    null,
    false,
    "isError 'No active connection. Use connect first.': the caller skipped the required connect step; calling again unchanged cannot help.",
  ),
  "bmq-002": ok("connect answered that it connected to the redis URL."),
  "bmq-003": ok("The job was added; its id, name and queue are returned."),
  "bmq-004": ok("The delayed job was added with its id."),
  "bmq-005": ok("The queue's counts by state: data."),
  "bmq-006": ok("The waiting job is listed with its data."),
  "bmq-007": empty("A list of failed jobs that finds none: '[]'."),
  "bmq-008": tool(
    "validation",
    null,
    false,
    "isError 'Job 4242 not found in queue': the job the caller named does not exist.",
  ),
  "bmq-009": tool("validation", null, false, `The same 'Job 4242 not found' again. ${WASTED}`, true),
  "bmq-010": tool(
    "validation",
    null,
    false,
    "isError 'Job 1 is not in the delayed state': the caller asked to promote a job in the wrong state.",
  ),
  "bmq-011": tool(
    "validation",
    null,
    false,
    "isError 'Job 1 is not in the failed state': retry asked for a job that has not failed (another tool than before, so not a wasted retry).",
  ),
  "bmq-012": empty(
    "The server took a status outside its enum without complaint and answered '[]': on the wire a listing that found nothing.",
  ),
  "bmq-013": tool(
    "internal",
    null,
    true,
    "isError 'name.includes is not a function': an uncaught TypeError inside the server (it came from a number given as queue name, but the wire shows only the exception).",
  ),
  "bmq-014": tool("unknown_tool", null, false, "isError 'Unknown tool: purge_all_queues'."),
  "bmq-015": empty("'No jobs found in dead letter queue': a query that found nothing."),
  "bmq-016": tool(
    "transient",
    null,
    true,
    "isError 'Command timed out' after 5 s with redis stopped: the backend did not answer.",
  ),
  "bmq-017": transport(
    "transient",
    "connection_closed",
    true,
    "The server process was killed mid-call: the SDK raised -32000 Connection closed, no answer.",
  ),

  // --- @gongrzhe/server-redis-mcp ----------------------------------------------------------------
  "grd-001": ok("'Successfully set key'."),
  "grd-002": ok("The key's value."),
  "grd-003": silent(
    "validation",
    null,
    false,
    "A get of one named key answered as a success with the text 'Key not found': the thing asked for does not exist, told as ordinary text.",
  ),
  "grd-004": ok("The matching keys are listed."),
  "grd-005": empty("'No keys found matching pattern': a listing that found nothing."),
  "grd-006": proto(
    "validation",
    "WRONGTYPE",
    false,
    "JSON-RPC error -32603 carrying Redis's 'WRONGTYPE Operation against a key holding the wrong kind of value': the caller's GET on a list key.",
  ),
  "grd-007": proto("validation", "WRONGTYPE", false, `The same WRONGTYPE error again. ${WASTED}`, true),
  "grd-008": proto(
    "validation",
    "-32603",
    false,
    "JSON-RPC error -32603 'ERR invalid expire time in setex': a negative expiry is the caller's out-of-range input; Redis's 'ERR' prefix says only that an error happened.",
  ),
  "grd-009": ok(
    "'Successfully deleted 2 keys': the delete ran (one of the keys did not exist; deleting is idempotent, and the count is the server's own wording).",
  ),
  "grd-010": proto(
    "validation",
    "-32603",
    false,
    "JSON-RPC error -32603 'Invalid arguments: key: Expected string, received number, value: Required': argument validation on the protocol channel, no zod code quoted.",
  ),
  "grd-011": proto(
    "unknown_tool",
    "-32603",
    false,
    "JSON-RPC error -32603 'Unknown tool: publish': the words decide.",
  ),
  "grd-012": transport(
    "transient",
    "connection_closed",
    true,
    "Redis was stopped before the call and the server process went away: -32000 Connection closed, no answer.",
  ),
  "grd-013": transport(
    "transient",
    "connection_closed",
    true,
    "The server process was already gone: the SDK refused the call with 'Not connected'.",
  ),

  // --- @larksuiteoapi/lark-mcp -------------------------------------------------------------------
  "lark-001": ok("The bot's chats, listed."),
  "lark-002": ok("The chat's messages, listed."),
  "lark-003": empty("A message list with 'items: []': the chat has no messages."),
  "lark-004": ok("The message was sent; the new message is returned."),
  "lark-005": tool(
    "validation",
    "230001",
    false,
    "isError with the API's body code 230001 'invalid request parameter, ext=invalid receive_id': the chat named does not exist.",
  ),
  "lark-006": tool(
    "validation",
    "230001",
    false,
    `The same 230001 invalid receive_id again. ${WASTED}`,
    true,
  ),
  "lark-007": tool(
    "validation",
    "230001",
    false,
    "isError code 230001 'invalid message content': the content was not the JSON the API wants (other arguments than the call before).",
  ),
  "lark-008": tool(
    "permission",
    "230002",
    false,
    "isError code 230002 'Bot/User can NOT be out of the chat': the bot is not allowed to post where it is not a member.",
  ),
  "lark-009": tool(
    "permission",
    "99991672",
    false,
    "isError code 99991672 'Access denied. One of the following scopes is required': the app lacks the scope.",
  ),
  "lark-010": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error': content missing and an unknown receive_id_type.",
  ),
  "lark-011": tool(
    "rate_limited",
    "99991400",
    true,
    "isError code 99991400 'request trigger frequency limit': rate limited.",
  ),
  "lark-012": tool(
    "transient",
    "http_503",
    true,
    "isError whose text is the gateway's HTML '503 Service Temporarily Unavailable'.",
  ),
  "lark-013": tool(
    "internal",
    "1",
    true,
    "isError with the API's code 1 'System error' (an HTTP 500 behind it): an upstream internal error, nothing more specific.",
  ),
  "lark-014": tool(
    "auth",
    "99991663",
    false,
    "isError code 99991663 'Invalid access token for authorization': the token was refused.",
  ),
  "lark-015": transport(
    "transient",
    "timeout",
    true,
    "The API was slower than the client waited: -32001 Request timed out.",
  ),
  "lark-016": tool(
    "transient",
    "econnrefused",
    true,
    "isError 'connect ECONNREFUSED': the API could not be reached.",
  ),
  "lark-017": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool im_v1_chat_delete not found'.",
  ),
  "lark-018": tool(
    "auth",
    "10014",
    false,
    "isError 'failed to get tenant_access_token, code: 10014, msg: app secret invalid': the app's credentials are refused.",
  ),
  "lark-019": tool("auth", "10014", false, `The same 'app secret invalid' again. ${WASTED}`, true),
  "lark-020": ok("Over Streamable HTTP (200): the chats, listed."),
  "lark-021": ok("Over HTTP: the message was sent."),
  "lark-022": tool(
    "permission",
    "230002",
    false,
    "Over HTTP (200) isError code 230002 'Bot/User can NOT be out of the chat'.",
  ),
  "lark-023": transport(
    "transient",
    "timeout",
    true,
    "The HTTP server process was killed while the call was pending; the client got no answer and gave up: -32001 Request timed out.",
  ),
  "lark-024": ok(
    "After the server process was started again, the next call over HTTP was answered with the chats.",
  ),

  // --- resend-mcp ------------------------------------------------------------------------------
  "rsd-001": ok("The sent emails, listed."),
  "rsd-002": ok("'Email sent successfully!' with the new id."),
  "rsd-003": ok("The email's details."),
  "rsd-004": tool(
    "validation",
    "not_found",
    false,
    "isError quoting the API's 404 {name: not_found, 'Email not found'}: the id named does not exist.",
  ),
  "rsd-005": tool("validation", "not_found", false, `The same 404 not_found again. ${WASTED}`, true),
  "rsd-006": tool(
    "validation",
    "validation_error",
    false,
    "isError quoting the API's 403 {name: validation_error, 'domain is not verified'}: the sender's domain is not set up; its own code names a validation error.",
  ),
  "rsd-007": ok("The domains, listed."),
  "rsd-008": empty("'No contacts found.': a listing that found nothing."),
  "rsd-009": tool(
    "validation",
    "invalid_format",
    false,
    "isError 'MCP error -32602: Input validation error' with a zod issue invalid_format: the recipient is not an email address.",
  ),
  "rsd-010": tool(
    "validation",
    "too_big",
    false,
    "isError -32602 with a zod issue too_big: limit above the maximum of 100.",
  ),
  "rsd-011": tool(
    "rate_limited",
    "rate_limit_exceeded",
    true,
    "isError quoting the API's 429 {name: rate_limit_exceeded, 'Too many requests'}.",
  ),
  "rsd-012": tool(
    "internal",
    "application_error",
    true,
    "isError quoting the API's 500 {name: application_error, 'An unexpected error occurred.'}.",
  ),
  "rsd-013": tool(
    "auth",
    "invalid_api_key",
    false,
    "isError quoting the API's 403 {name: invalid_api_key, 'API key is invalid'}: credentials, refined from the 403 by the words.",
  ),
  "rsd-014": tool(
    "transient",
    "application_error",
    true,
    "isError {name: application_error, statusCode: null, 'Unable to fetch data. The request could not be resolved.'}: the API could not be reached (no HTTP status at all).",
  ),
  "rsd-015": tool("unknown_tool", "-32602", false, "isError 'MCP error -32602: Tool send-sms not found'."),

  // --- mcp-alertmanager ------------------------------------------------------------------------
  "am-001": ok("The firing alerts, listed."),
  "am-002": empty("A label filter that matches no alert: '[]'."),
  "am-003": ok("The alert groups, listed."),
  "am-004": ok("The receivers, listed."),
  "am-005": ok("'Silence created successfully' with the new silence id."),
  "am-006": tool(
    "validation",
    "http_400",
    false,
    "isError quoting the API's status 400 'start time must be before end time': a negative duration.",
  ),
  "am-007": tool(
    "validation",
    null,
    false,
    "isError 'Invalid duration: invalid duration value: forever': the server refused the caller's duration before calling the API.",
  ),
  "am-008": tool(
    "validation",
    "http_404",
    false,
    "isError quoting the API's status 404 for a silence id that does not exist.",
  ),
  "am-009": tool("validation", "http_404", false, `The same 404 again. ${WASTED}`, true),
  "am-010": tool(
    "validation",
    "http_400",
    false,
    "isError quoting the API's status 400 'bad matcher format': the label filter is not key=value.",
  ),
  "am-011": empty(
    "'No instances found for this alert.': the investigation ran and found no firing instance of that alert name.",
  ),
  "am-012": tool("transient", "http_503", true, "isError quoting the API's status 503 Service Unavailable."),
  "am-013": tool("internal", "http_500", true, "isError quoting the API's status 500 Internal Server Error."),
  "am-014": transport(
    "transient",
    "timeout",
    true,
    "The API was slower than the client waited: -32001 Request timed out.",
  ),
  "am-015": tool(
    "transient",
    null,
    true,
    "isError 'dial tcp …: connect: connection refused': the API could not be reached (Go's wording, no errno name).",
  ),
  "am-016": proto("unknown_tool", "-32602", false, "JSON-RPC error -32602 'unknown tool \"silenceAll\"'."),
};
