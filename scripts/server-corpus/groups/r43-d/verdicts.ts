// Verdicts for group r43-d, written from the captured exchanges (test/fixtures/server-corpus/groups/r43-d.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // chatwoot-mcp-server never flags a Chatwoot failure: each tool catches everything and returns an ordinary result
  // whose one text line starts "Error: " — a fixed sentence per HTTP status (400, 401, 403, 404, 422, 429, 500), "API
  // request failed with status N" for any other status, or the thrown error's own message (a body that is not JSON,
  // fetch's "fetch failed", a failed JWT re-login). Chatwoot's own body is never shown. Only the SDK's own checks (an
  // unknown tool, arguments its zod schemas refuse) come back as isError.
  "d-cw-001": ok(
    "four open conversations in Markdown with contact, assignee, unread count and last activity; 'Messages: undefined' " +
      "on each is a field Chatwoot's conversation JSON does not carry, the list itself is complete",
  ),
  "d-cw-002": ok("one pending conversation as JSON, with the counts meta"),
  "d-cw-003": ok("'No snoozed conversations found.': a list that found nothing", true),
  "d-cw-004": ok("the one unassigned open conversation in the live-chat inbox"),
  "d-cw-005": ok("conversation 1042 in full: contact, assignee, labels billing and refund"),
  "d-cw-006": silent(
    "validation",
    null,
    false,
    "ok result whose text is 'Error: Resource not found. Please check the ID is correct.': the conversation id names " +
      "nothing; no code or status in the words",
  ),
  "d-cw-007": silent(
    "validation",
    null,
    false,
    "the same missing conversation again (same tool and arguments as d-cw-006, which failed non-retryably), the same " +
      "'Error: Resource not found' text",
    true,
  ),
  "d-cw-008": ok("five messages of conversation 1042, an activity message and a private note among them"),
  "d-cw-009": ok(
    "'No messages found in conversation #1051': a conversation that exists and has no message yet",
    true,
  ),
  "d-cw-010": ok(
    "reply created: 'Message #88151 created successfully' with the message in structuredContent",
  ),
  "d-cw-011": ok("private note created on conversation 1047 (private true)"),
  "d-cw-012": silent(
    "validation",
    null,
    false,
    "ok result 'Error: Validation failed. Please check your input data format.': the instance refused the message as " +
      "sent (an incoming message on an e-mail inbox); no code in the words",
  ),
  "d-cw-013": ok("incoming message created on the API inbox's conversation (message_type 0)"),
  "d-cw-014": ok("conversation 1047 as JSON, unassigned, labels bug and export"),
  "d-cw-015": ok("'No all conversations found.' for page 2: a page past the end, nothing found", true),
  "d-cw-016": silent(
    "auth",
    null,
    false,
    "ok result 'Error: Authentication failed. Please check your API access token.' for another account's conversation; " +
      "the words blame the credentials, though the token worked a call earlier (Chatwoot answers 401 for an account the " +
      "user does not belong to) — judged by the words an on-call engineer reads",
  ),
  "d-cw-017": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool chatwoot_resolve_conversation not found'",
  ),
  "d-cw-018": silent(
    "rate_limited",
    null,
    true,
    "ok result 'Error: Rate limit exceeded. Please wait before making more requests.'",
  ),
  "d-cw-019": silent(
    "internal",
    null,
    true,
    "ok result 'Error: Chatwoot server error. Please try again later.': the instance failed (its 500), no status quoted",
  ),
  "d-cw-020": silent(
    "transient",
    "http_502",
    true,
    "ok result 'Error: API request failed with status 502': a bad gateway in front of the instance",
  ),
  "d-cw-021": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "d-cw-022": silent(
    "transient",
    null,
    true,
    "ok result 'Error: fetch failed': the instance could not be reached; no system code in the words",
  ),
  "d-cw-023": silent(
    "auth",
    null,
    false,
    "ok result 'Error: Authentication failed. Please check your API access token.' on the first call with a reset token",
  ),
  "d-cw-024": ok("signed in with e-mail and password: the agent's own open conversation (1042)"),
  "d-cw-025": silent(
    "auth",
    "http_401",
    false,
    'ok result \'Error: Login failed: 401 {"success":false,"errors":["Invalid login credentials. Please try ' +
      "again.\"]}': the server's re-login after its session expired was refused; the status is quoted",
  ),
};
