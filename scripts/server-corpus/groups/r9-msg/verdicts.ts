// Verdicts for group r9-msg, written from the captured exchanges
// (test/fixtures/server-corpus/groups/r9-msg.jsonl) by the contract in
// test/fixtures/server-corpus/README.md — never by running Faultline's classifier.
//
// Group-specific choices:
// - Slack's error strings (`not_in_channel`, `missing_scope`, `token_revoked`, …) are the API's own
//   machine codes; slack-mcp-server passes them on as the whole isError text, and they are the errorCode.
// - SMTP replies quoted in a payload carry a basic reply code and an enhanced status code (RFC 3463);
//   the enhanced code is the more specific and is the errorCode as written ("5.1.1", "4.7.0").
// - mcp-mail-server answers every failure as an ordinary result whose text starts with "Error:" (no
//   isError): those are silent failures with the category of the quoted error.

import type { Verdict } from "../../verdicts.js";
import { ok, partial, rpc, silent, tool, wire } from "../../verdict-helpers.js";

const WASTED = "An identical repeat right after a non-retryable failure: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // --- slack-mcp-server ------------------------------------------------------------------------
  "slk-001": ok("A CSV of three public channels (ID, name, purpose, member count)."),
  "slk-002": ok("A CSV of the three #engineering messages."),
  "slk-003": ok("Only the CSV header row: no #engineering message in the last day.", true),
  "slk-004": tool(
    "permission",
    "not_in_channel",
    false,
    "isError 'not_in_channel': the user is not a member of #sales-emea, so its history cannot be read.",
  ),
  "slk-005": tool(
    "permission",
    "missing_scope",
    false,
    "isError 'missing_scope': the token lacks the scope for a private channel's history (Slack's `needed` member was dropped by the server).",
  ),
  "slk-006": tool(
    "validation",
    null,
    false,
    "isError 'channel \"#platform-oncall\" not found': the server's own lookup of a channel name that does not exist (no API call).",
  ),
  "slk-007": ok("A CSV of the thread's parent and its two replies."),
  "slk-008": tool(
    "validation",
    "thread_not_found",
    false,
    "isError 'thread_not_found': no thread with that timestamp.",
  ),
  "slk-009": tool("validation", "thread_not_found", false, `The same 'thread_not_found'. ${WASTED}`, true),
  "slk-010": ok("'Successfully posted message to channel C0R9ENGNR (ts=1764925200.005100)'."),
  "slk-011": tool(
    "business",
    "is_archived",
    false,
    "isError 'is_archived': the channel is archived and takes no new messages — a state of the target, not a malformed request.",
  ),
  "slk-012": ok("A CSV with the one message mentioning 'flaky', with its permalink."),
  "slk-013": ok("Only the CSV header row: the search found nothing.", true),
  "slk-014": tool(
    "validation",
    "already_reacted",
    false,
    "isError 'already_reacted': the user already added that reaction to the message.",
  ),
  "slk-015": tool(
    "validation",
    "invalid_name",
    false,
    "isError 'invalid_name': 'thumbs up' is not an emoji name (the server passed it on unchecked).",
  ),
  "slk-016": ok("A CSV with the one matching user (Carol), from the server's user cache."),
  "slk-017": tool(
    "rate_limited",
    null,
    true,
    "isError 'slack rate limit exceeded, retry after 30s' (slack-go's wording of the 429 ratelimited answer; the API's code is not in it).",
  ),
  "slk-018": tool(
    "internal",
    "fatal_error",
    true,
    "isError 'fatal_error': Slack's catastrophic server-side error (sent with HTTP 200 ok:false).",
  ),
  "slk-019": tool(
    "transient",
    "http_503",
    true,
    "isError 'slack server error: 503 Service Unavailable': the edge answered a 503 page.",
  ),
  "slk-020": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 3 s: MCP error -32001 Request timed out.",
  ),
  "slk-021": tool("auth", "token_revoked", false, "isError 'token_revoked': the user token was revoked."),
  "slk-022": tool(
    "transient",
    "econnrefused",
    true,
    "isError 'Post \"https://corpus-nine.slack.com/api/conversations.history\": proxyconnect tcp: dial tcp 127.0.0.1:39200: connect: connection refused' — Go's words for ECONNREFUSED: the way to Slack is gone.",
  ),
  "slk-023": rpc(
    "unknown_tool",
    "-32602",
    false,
    "JSON-RPC error -32602 \"tool 'chat_delete_message' not found: tool not found\".",
  ),

  // --- twilio-mcp ------------------------------------------------------------------------------
  "tw-001": ok("The sent message: SID, status queued, the conversation it was linked to."),
  "tw-002": tool(
    "validation",
    null,
    false,
    "isError \"Error: Invalid 'To' Phone Number: +1555010XXXX\" (Twilio 21211; the server keeps only the message, not the code).",
  ),
  "tw-003": tool(
    "validation",
    "invalid_string",
    false,
    'isError with a zod issue list: code "invalid_string", "Phone number must be in E.164 format" at to.',
  ),
  "tw-004": tool(
    "business",
    null,
    false,
    "isError 'Error: Attempt to send to unsubscribed recipient' (Twilio 21610): the recipient opted out with STOP; a state of the recipient, not a bad request.",
  ),
  "tw-005": tool(
    "permission",
    null,
    false,
    "isError 'Error: Permission to send an SMS has not been enabled for the region indicated by the 'To' number: +8613800138000.' (Twilio 21408).",
  ),
  "tw-006": tool(
    "validation",
    null,
    false,
    "isError 'Error: The From phone number +14155559999 is not a valid, SMS-capable inbound phone number or short code for your account.' (Twilio 21606).",
  ),
  "tw-007": ok("Status delivered, with its time and numbers."),
  "tw-008": ok(
    "Status undelivered with errorCode 30003 'Unreachable destination handset': the status lookup succeeded and reports an earlier message's delivery failure.",
  ),
  "tw-009": tool(
    "validation",
    null,
    false,
    "isError 'Error: The requested resource /2010-04-01/Accounts/…/Messages/SM000….json was not found' (Twilio's 20404; no code or status in the text).",
  ),
  "tw-010": tool(
    "validation",
    "invalid_string",
    false,
    'isError with a zod issue list: code "invalid_string", "Message SID must start with MM or SM".',
  ),
  "tw-011": ok(
    "Four stored messages (three received, plus the outbound one sent in tw-001, which this 'inbound' tool lists too).",
  ),
  "tw-012": ok('`{"messages": [], "totalCount": 0}`: no message from that number.', true),
  "tw-013": ok("The conversation with its two inbound messages and a context summary."),
  "tw-014": tool("validation", null, false, "isError 'Error: Conversation 7d0f6c8e-… not found'."),
  "tw-015": tool(
    "validation",
    "too_small",
    false,
    'isError with a zod issue list: code "too_small", "Array must contain at least 2 element(s)" at participants.',
  ),
  "tw-016": tool(
    "auth",
    null,
    false,
    "isError 'Error: Authenticate' (Twilio's 20003 message for a wrong AccountSid/AuthToken; the code and the 401 were dropped).",
  ),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase (test/fixtures/server-corpus/README.md).
  "tw-017": tool(
    "rate_limited",
    "http_429",
    true,
    `isError 'Error: Too Many Requests' (Twilio 20429, no code in the text). Identical tool and arguments to tw-016, which failed non-retryably: by the rule a wasted retry, though the failure is a different one.`,
    true,
  ),
  "tw-018": tool(
    "internal",
    null,
    true,
    "isError 'Error: An internal server error has occurred' (Twilio 20500).",
  ),
  "tw-019": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 3 s: MCP error -32001 Request timed out.",
  ),
  "tw-020": tool(
    "transient",
    "econnrefused",
    true,
    "isError 'Error: connect ECONNREFUSED 127.0.0.1:39200': Twilio (through its proxy) cannot be reached.",
  ),
  "tw-021": rpc(
    "unknown_tool",
    "-32601",
    false,
    "JSON-RPC error -32601 'MCP error -32601: Unknown tool: send_whatsapp'.",
  ),
  "tw-022": wire(
    "transient",
    "connection_closed",
    true,
    "The server process was killed mid-call: MCP error -32000 Connection closed, no answer.",
  ),

  // --- mcp-mail-server -------------------------------------------------------------------------
  "mail-001": ok("'Total messages: 4'."),
  "mail-002": ok("The two unread messages, parsed."),
  "mail-003": ok("One message from Carol (INBOX and Sent searched)."),
  "mail-004": ok("totalMatches 0, 'No messages found in any of the searched mailboxes'.", true),
  "mail-005": silent(
    "validation",
    null,
    false,
    "isError absent, but the text is 'Error: Failed to get message: Message with UID 99 not found in any mailbox'.",
  ),
  "mail-006": silent(
    "validation",
    null,
    false,
    "isError absent, but the text is \"Error: Failed to open mailbox: … Mailbox doesn't exist: Projects\" (Dovecot's NO answer).",
  ),
  "mail-007": ok("One attachment listed (contract-q4.pdf, application/pdf)."),
  "mail-008": silent(
    "validation",
    null,
    false,
    "isError absent, but the text is 'Error: savePath must be an absolute path'.",
  ),
  "mail-009": ok("Sent: accepted [bob], rejected [], '250 2.0.0 Ok: queued as …', saved to Sent."),
  "mail-010": partial(
    "validation",
    null,
    false,
    'Sent, but `rejected: ["nobody@corpus.test"]` next to `accepted: ["bob@corpus.test"]` and the note \'Email sent successfully\': one recipient was refused (the SMTP reply is not quoted).',
  ),
  "mail-011": silent(
    "validation",
    "5.1.1",
    false,
    "isError absent, but the text is 'Error: Failed to send email: … all recipients were rejected: 550 5.1.1 <nobody@corpus.test>: Recipient address rejected: User unknown in virtual mailbox table'.",
  ),
  "mail-012": silent(
    "permission",
    "5.7.1",
    false,
    "isError absent, but the text is 'Error: Failed to send email: … 554 5.7.1 <partner@example.org>: Relay access denied': the server will not relay for this sender to an outside domain.",
  ),
  "mail-013": silent(
    "business",
    "5.7.1",
    false,
    "isError absent, but the text is 'Error: Failed to send email: … Message failed: 550 5.7.1 Message rejected: spam content detected (score 9.8/5.0)': a content policy refused the message.",
  ),
  "mail-014": silent(
    "rate_limited",
    "4.7.0",
    true,
    "isError absent, but the text is 'Error: Failed to send email: … Mail command failed: 421 4.7.0 … too many messages from alice@corpus.test, try again later'.",
  ),
  "mail-015": silent(
    "auth",
    "5.7.8",
    false,
    "isError absent, but the text is 'Error: Failed to send email: … Invalid login: 535 5.7.8 Error: authentication failed'.",
  ),
  "mail-016": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 3 s: MCP error -32001 Request timed out.",
  ),
  "mail-017": ok("'Message with UID 3 deleted successfully'."),
  "mail-018": ok("'✅ IMAP: Disconnected successfully / ✅ SMTP: Disconnected successfully'."),
  "mail-019": partial(
    "auth",
    null,
    false,
    "'❌ IMAP: Connection failed - IMAP connection failed: Authentication failed.' and '✅ SMTP: Connected successfully' in one ordinary result: SMTP connected, IMAP refused the password.",
  ),
  "mail-020": silent(
    "auth",
    null,
    false,
    "isError absent, but the text is 'Error: IMAP connection failed: Authentication failed.' (after the server's ~4.5 s login attempt).",
  ),
  "mail-021": silent(
    "transient",
    "econnrefused",
    true,
    `isError absent, but the text is 'Error: IMAP connection failed: connect ECONNREFUSED 127.0.0.1:39210'. Identical tool and arguments to mail-020, which failed non-retryably: by the rule a wasted retry, though this failure is a different one.`,
    true,
  ),
  "mail-022": silent(
    "unknown_tool",
    null,
    false,
    "isError absent, but the text is 'Error: Unknown tool: mark_as_read'.",
  ),

  // --- @codefuturist/email-mcp ----------------------------------------------------------------
  "em-001": ok("'• work: alice@corpus.test (Alice Kramer)'."),
  "em-002": ok("The inbox: three mails, newest first."),
  "em-003": ok("One unread mail."),
  "em-004": ok("'No emails found matching \"kubernetes\".'", true),
  "em-005": ok("The contract mail: headers, attachment line and body."),
  "em-006": tool("validation", null, false, "isError 'Failed to get email: Email 99 not found in INBOX'."),
  "em-007": tool(
    "unknown",
    null,
    false,
    "isError 'Failed to list emails: Command failed': the mailbox does not exist, but the words say only that an IMAP command failed.",
  ),
  "em-008": ok("The attachment's metadata and its Base64 content."),
  "em-009": tool(
    "validation",
    null,
    false,
    "isError 'Failed to download attachment: Attachment \"contract-q3.pdf\" not found. Available: contract-q4.pdf'.",
  ),
  "em-010": tool(
    "validation",
    null,
    false,
    "isError 'Failed to get email: Account \"personal\" not found. Available: work'.",
  ),
  "em-011": ok('\'✅ Email moved from "INBOX" to "Archive".\''),
  "em-012": tool(
    "validation",
    null,
    false,
    'isError \'Failed to move email: IMAP server rejected the move from "INBOX" to "Clients/Acme".\' (the destination does not exist).',
  ),
  "em-013": ok("'📁 Mailbox \"Clients\" created.'"),
  "em-014": ok(
    "'✅ Email sent successfully! To: bob@corpus.test, nobody@corpus.test': nothing in the answer shows that the SMTP server refused nobody@ (550 5.1.1); from the wire, a success.",
  ),
  "em-015": tool(
    "transient",
    "4.2.2",
    true,
    "isError 'Failed to send email: … 452 4.2.2 <full@corpus.test>: Recipient address rejected: Mailbox full': a temporary (4xx) refusal.",
  ),
  "em-016": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: … Invalid email address at to[0]'.",
  ),
  "em-017": tool(
    "rate_limited",
    "4.7.0",
    true,
    "isError 'Failed to send email: Mail command failed: 421 4.7.0 … too many messages from alice@corpus.test, try again later'.",
  ),
  "em-018": tool(
    "rate_limited",
    null,
    true,
    "isError 'Failed to send email: Rate limit exceeded for account \"work\". Please wait before sending more emails.' (the server's own limit).",
  ),
  "em-019": ok(
    "A health report: IMAP connected false with 'connect ECONNREFUSED', SMTP connected: a health check that reports a down service did its job.",
  ),
  "em-020": tool(
    "transient",
    "econnrefused",
    true,
    "isError 'Failed to list emails: connect ECONNREFUSED 127.0.0.1:39210'.",
  ),
  "em-021": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool summarize_inbox not found'.",
  ),
  "em-022": wire(
    "transient",
    "connection_closed",
    true,
    "The server process was killed mid-call: MCP error -32000 Connection closed, no answer.",
  ),
};
