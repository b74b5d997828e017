// Verdicts for group r14-a, keyed by step id, written from the captured exchanges alone
// (test/fixtures/server-corpus/groups/r14-a.jsonl) by the conventions in
// test/fixtures/server-corpus/README.md — never by running Faultline's classifier.
//
// - mcp-discord over Streamable HTTP answers a failed tool with a JSON-RPC error -32603 (HTTP 200) that
//   carries the server's text; an unknown tool with HTTP 400 and -32601. Its texts carry no Discord
//   numeric code, so errorCode falls back to "-32603" unless the text quotes something more specific.
// - @quadslab.io/discord-mcp answers isError with `{"success": false, "error": …}`.
// - @floriscornel/teams-mcp and the Gmail server answer most API failures as ordinary results whose text
//   starts "❌ Error:" / "Error:": silent failures with the category of that text.

import type { Verdict } from "../../verdicts.js";
import { ok, partial, rpc, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // ------------------------------------------------------------------- mcp-discord (Streamable HTTP)
  "dc-001": ok("Server info with channel counts and details."),
  "dc-002": ok("Two messages from #general."),
  "dc-003": ok("Message sent, confirmation text."),
  "dc-004": ok("'No messages found in channel': a read that found nothing.", true),
  "dc-005": rpc(
    "validation",
    "-32603",
    false,
    "JSON-RPC -32603 'Discord API Error: Unknown Channel': the channel id does not exist.",
  ),
  "dc-006": rpc(
    "validation",
    "-32603",
    false,
    "JSON-RPC -32603 'Unknown Channel' for a send to a missing channel id.",
  ),
  "dc-007": rpc(
    "validation",
    "-32603",
    false,
    "Same send to the same missing channel right after a non-retryable failure.",
    true,
  ),
  "dc-008": rpc(
    "permission",
    "-32603",
    false,
    "JSON-RPC -32603: the bot 'is not a member … or lacks required permissions' (Missing Access on #mod-log).",
  ),
  "dc-009": rpc(
    "permission",
    "-32603",
    false,
    "JSON-RPC -32603: the bot lacks permissions to post in #mod-log.",
  ),
  "dc-010": rpc(
    "validation",
    "BASE_TYPE_MAX_LENGTH",
    false,
    "Invalid Form Body: content[BASE_TYPE_MAX_LENGTH] 'Must be 2000 or fewer in length.'",
  ),
  "dc-011": rpc(
    "validation",
    "-32603",
    false,
    "'Cannot send messages in a voice channel': the target does not accept the operation.",
  ),
  "dc-012": ok("Reaction added."),
  "dc-013": rpc(
    "validation",
    "-32603",
    false,
    "'Unknown Emoji': the custom emoji named does not exist for the bot.",
  ),
  "dc-014": rpc(
    "validation",
    "-32603",
    false,
    "'Unknown Emoji' as a JSON-RPC error for the whole call (the first reaction was added, but the wire shows only the error).",
  ),
  "dc-015": rpc("validation", "-32603", false, "'Unknown Message': the message id does not exist."),
  "dc-016": ok("Text channel created with an id."),
  "dc-017": rpc(
    "business",
    "-32603",
    false,
    "'Maximum number of guild channels reached (500)': a server limit refuses the operation.",
  ),
  "dc-018": rpc("permission", "-32603", false, "The bot is not a member of that server (Missing Access)."),
  "dc-019": rpc(
    "validation",
    "too_big",
    false,
    "-32602 Invalid parameters, zod too_big: limit must be ≤ 100.",
  ),
  "dc-020": rpc(
    "validation",
    "invalid_type",
    false,
    "-32602 Invalid parameters, zod invalid_type: channelId must be a string.",
  ),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase (test/fixtures/server-corpus/README.md).
  "dc-021": rpc(
    "internal",
    "http_500",
    true,
    "'Discord API Error: Internal Server Error' after discord.js's own retries: upstream 500.",
  ),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase (test/fixtures/server-corpus/README.md).
  "dc-022": rpc("transient", "http_502", true, "'Discord API Error: Bad Gateway': upstream 502."),
  "dc-023": wire(
    "transient",
    "timeout",
    true,
    "Client timeout -32001 (discord.js was waiting out a 35 s rate limit; the wire shows only the timeout).",
  ),
  "dc-024": wire("transient", "timeout", true, "Client timeout -32001 on a slow upstream."),
  "dc-025": wire(
    "unknown_tool",
    "-32601",
    false,
    "HTTP 400 with JSON-RPC -32601 'Unknown tool: discord_ban_member'.",
  ),
  "dc-026": rpc("transient", "econnrefused", true, "'connect ECONNREFUSED': Discord unreachable."),
  "dc-027": rpc(
    "auth",
    "http_401",
    false,
    "'Discord API Error: 401: Unauthorized': the bot token is no longer valid.",
  ),

  // ------------------------------------------------------------- @quadslab.io/discord-mcp (stdio)
  "qd-001": ok("Channel list by category."),
  "qd-002": ok("Three messages from #general."),
  "qd-003": ok("success: true, message sent."),
  "qd-004": ok("The message by id."),
  "qd-005": ok("messageCount 0, messages []: an empty channel.", true),
  "qd-006": tool(
    "validation",
    null,
    false,
    'isError: Channel "billing-escalations" not found, with the available channels.',
  ),
  "qd-007": tool("validation", null, false, "isError 'Unknown Message': the message id does not exist."),
  "qd-008": tool(
    "validation",
    null,
    false,
    "Same lookup of the same missing message right after a non-retryable failure.",
    true,
  ),
  "qd-009": tool("permission", null, false, "isError 'Missing Access' with permission hints."),
  "qd-010": tool("permission", null, false, "isError 'Missing Access' deleting in #mod-log."),
  "qd-011": tool("validation", null, false, "isError 'Cannot send an empty message'."),
  "qd-012": ok("Reaction added."),
  "qd-013": tool("validation", null, false, 'isError: could not find emoji "shipit".'),
  "qd-014": tool("validation", null, false, "isError 'Cannot send messages in a voice channel'."),
  "qd-015": tool(
    "business",
    null,
    false,
    "isError 'Maximum number of guild channels reached (500)': a server limit.",
  ),
  "qd-016": tool(
    "internal",
    null,
    true,
    "isError 'identifier.replace is not a function': a TypeError (the channel was a number) with no signal in its words.",
  ),
  "qd-017": tool("permission", null, false, "isError 'Missing Permissions' listing bans."),
  "qd-018": tool("internal", null, true, "isError 'Internal Server Error': upstream 500."),
  "qd-019": tool("transient", null, true, "isError 'Bad Gateway': upstream 502."),
  "qd-020": wire(
    "transient",
    "timeout",
    true,
    "Client timeout -32001 (behind it a 35 s rate-limit wait; the wire shows only the timeout).",
  ),
  "qd-021": wire("transient", "timeout", true, "Client timeout -32001 on a slow upstream."),
  "qd-022": tool(
    "internal",
    null,
    true,
    "isError \"Cannot read properties of undefined (reading 'replace')\": a TypeError from missing required arguments, no signal in its words.",
  ),
  "qd-023": tool("transient", "econnrefused", true, "isError 'connect ECONNREFUSED': Discord unreachable."),
  "qd-024": tool("auth", "http_401", false, "isError '401: Unauthorized': the bot token is no longer valid."),
  "qd-025": tool("unknown_tool", null, false, "isError 'Unknown tool: purge_all_messages'."),

  // ------------------------------------------------------------- @floriscornel/teams-mcp (stdio)
  "tm-001": ok("The signed-in user's profile."),
  "tm-002": ok("Two teams."),
  "tm-003": ok("Three channels."),
  "tm-004": ok("Two channel messages."),
  "tm-005": ok("Message sent with an id."),
  "tm-006": ok("'No messages found in this channel.'", true),
  "tm-007": ok("'No users found matching your search.'", true),
  "tm-008": ok("One search hit."),
  "tm-009": ok("totalResults 0, results [].", true),
  "tm-010": silent(
    "validation",
    null,
    false,
    "Ok result '❌ Error: Resource … does not exist': the user was not found.",
  ),
  "tm-011": silent(
    "validation",
    null,
    false,
    "Same lookup of the same missing user right after a non-retryable (silent) failure.",
    true,
  ),
  "tm-012": silent("validation", null, false, "Ok result '❌ Error: No team found with Group Id …'."),
  "tm-013": silent("validation", null, false, "Ok result '❌ Error: Invalid value … Must be a valid guid.'"),
  "tm-014": silent(
    "permission",
    null,
    false,
    "Ok result '❌ Error: Missing scope permissions on the request …'.",
  ),
  "tm-015": tool(
    "permission",
    null,
    false,
    "isError 'Forbidden operation: Team is archived. Archived teams are read-only.'",
  ),
  "tm-016": tool("validation", null, false, "isError 'Failed to send message: Missing body content'."),
  "tm-017": silent("validation", null, false, "Ok result '❌ Error: Message with id … was not found.'"),
  "tm-018": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error … Invalid enum value … at importance'.",
  ),
  "tm-019": ok("One chat message."),
  "tm-020": silent(
    "rate_limited",
    null,
    true,
    "Ok result '❌ Error: Too many requests, please try again later.'",
  ),
  "tm-021": silent(
    "transient",
    null,
    true,
    "Ok result '❌ Error: The service is temporarily unavailable. Please retry after some time.'",
  ),
  "tm-022": silent(
    "unknown",
    null,
    false,
    "Ok result '❌ Error: ' with nothing after it (the gateway's HTML 502 left no message).",
  ),
  "tm-023": wire("transient", "timeout", true, "Client timeout -32001 on a slow upstream."),
  "tm-024": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool delete_channel_message not found'.",
  ),
  "tm-025": silent("transient", null, true, "Ok result '❌ Error: fetch failed': Graph unreachable."),
  "tm-026": silent(
    "auth",
    null,
    false,
    "Ok result '❌ Error: Lifetime validation failed, the token is expired.'",
  ),
  "tm-027": ok("One user found."),

  // ---------------------------------------------------- @gongrzhe/server-gmail-autoauth-mcp (stdio)
  "gm-001": ok("One matching e-mail."),
  "gm-002": ok("The e-mail's headers and body."),
  "gm-003": ok("Email sent with an id."),
  "gm-004": ok("Draft created with an id."),
  "gm-005": ok("Eleven labels."),
  "gm-006": ok("An empty text for a search that found nothing.", true),
  "gm-007": silent("validation", null, false, "Ok result 'Error: Requested entity was not found.'"),
  "gm-008": silent(
    "validation",
    null,
    false,
    "Same read of the same missing message right after a non-retryable (silent) failure.",
    true,
  ),
  "gm-009": silent("validation", null, false, "Ok result 'Error: Invalid id value'."),
  "gm-010": silent(
    "validation",
    null,
    false,
    "Ok result 'Error: Recipient email address is invalid: ops at contoso' (the server's own check).",
  ),
  "gm-011": silent(
    "validation",
    null,
    false,
    "Ok result 'Failed to create label: Label name exists or conflicts' (a conflict).",
  ),
  "gm-012": ok("Labels updated."),
  "gm-013": silent("validation", null, false, "Ok result 'Error: Invalid label: Label_0000000000'."),
  "gm-014": partial(
    "validation",
    null,
    false,
    "Batch: 2 processed, 1 failed with 'Requested entity was not found.'",
  ),
  "gm-015": silent(
    "validation",
    null,
    false,
    "Ok result 'Cannot delete system label with ID \"INBOX\"' (the server's own refusal).",
  ),
  "gm-016": silent("validation", "invalid_type", false, "Ok result 'Error: [ zod invalid_type … query … ]'."),
  "gm-017": silent(
    "business",
    null,
    false,
    "Ok result 'Error: Daily user sending limit exceeded …': the sending quota for the day is used up.",
  ),
  "gm-018": silent("permission", null, false, "Ok result 'Failed to list labels: Insufficient Permission'."),
  "gm-019": silent("rate_limited", null, true, "Ok result 'Error: User-rate limit exceeded. Retry after …'."),
  "gm-020": silent("internal", null, true, "Ok result 'Error: Internal error encountered.'"),
  "gm-021": silent(
    "transient",
    "http_502",
    true,
    "Ok result quoting Google's HTML 'Error 502 (Server Error)' page.",
  ),
  "gm-022": wire("transient", "timeout", true, "Client timeout -32001 on a slow upstream."),
  "gm-023": silent("unknown_tool", null, false, "Ok result 'Error: Unknown tool: archive_email'."),
  "gm-024": silent(
    "transient",
    "econnrefused",
    true,
    "Ok result '… failed, reason: connect ECONNREFUSED …': Gmail unreachable.",
  ),
  "gm-025": silent("auth", null, false, "Ok result 'Error: Invalid Credentials' after access was revoked."),
};
