// Verdicts for group r43-i, written from the captured exchanges (test/fixtures/server-corpus/groups/r43-i.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // mcp-communicator-telegram is a hand-rolled JSON-RPC loop over stdio (no SDK server). Its successes are fixed
  // sentences ("Notification sent successfully", "File sent successfully", "Project zipped and sent successfully") or,
  // for ask_user, the user's reply as the text. Every failure — the Bot API's, the network's, the file system's and
  // an unknown tool — is a JSON-RPC error with code -32000 whose message is the thrown error's: node-telegram-bot-api's
  // "ETELEGRAM: <error_code> <description>", "EPARSE: Error parsing response: <body>" or "EFATAL: Error: <cause>",
  // behind "Failed to send notification: " / "Failed to get response: " / "Failed to send file: ". Never isError.
  // The HTTP status in an ETELEGRAM message is the Bot API's error_code, so those get http_<status>; ETELEGRAM itself
  // is the library's one code for every API answer and names nothing more specific.
  "i-tg-001": ok("'Notification sent successfully': the message went to the chat"),
  "i-tg-002": ok("ask_user answered with the user's reply 'yes, go ahead' after about a second"),
  "i-tg-003": ok("'Notification sent successfully' for the multi-line report"),
  "i-tg-004": ok("'File sent successfully': the HTML report went as a document"),
  "i-tg-005": ok("'Project zipped and sent successfully'"),
  "i-tg-006": rpc(
    "validation",
    "http_400",
    false,
    "-32000 'Failed to send notification: ETELEGRAM: 400 Bad Request: message text is empty': the call had no message",
  ),
  "i-tg-007": rpc(
    "validation",
    "http_400",
    false,
    "-32000 'ETELEGRAM: 400 Bad Request: message is too long': the message is over Telegram's limit",
  ),
  "i-tg-008": rpc(
    "validation",
    "http_400",
    false,
    "the same over-long message again, same tool and arguments as i-tg-007, which failed non-retryably",
    true,
  ),
  "i-tg-009": rpc(
    "validation",
    "http_413",
    false,
    "-32000 'Failed to send file: ETELEGRAM: 413 Request Entity Too Large': the file is over the upload limit; the " +
      "same file fails again",
  ),
  "i-tg-010": rpc(
    "validation",
    "http_400",
    false,
    "-32000 'ETELEGRAM: 400 Bad Request: file must be non-empty': the file given is empty",
  ),
  "i-tg-011": ok("ask_user answered with the user's reply naming the branch"),
  "i-tg-012": rpc(
    "unknown_tool",
    "-32000",
    false,
    "-32000 'Unknown tool: send_photo': the words name an unknown tool over the generic code",
  ),
  "i-tg-013": rpc(
    "rate_limited",
    "http_429",
    true,
    "-32000 'ETELEGRAM: 429 Too Many Requests: retry after 35': flood limit, it says when to retry",
  ),
  "i-tg-014": rpc(
    "internal",
    "http_500",
    true,
    "-32000 'ETELEGRAM: 500 Internal Server Error': the Bot API's 500 relayed",
  ),
  "i-tg-015": rpc(
    "transient",
    "http_502",
    true,
    "-32000 'EPARSE: Error parsing response: <html>…502 Bad Gateway…nginx': a gateway's HTML page where the API's JSON " +
      "was expected, its status in the page's title",
  ),
  "i-tg-016": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "i-tg-017": rpc(
    "transient",
    "econnrefused",
    true,
    "-32000 'EFATAL: Error: tunneling socket could not be established, cause=connect ECONNREFUSED 127.0.0.1:45600': " +
      "the API (through its proxy) could not be reached",
  ),
  "i-tg-018": rpc(
    "permission",
    "http_403",
    false,
    "-32000 'ETELEGRAM: 403 Forbidden: bot was blocked by the user': only the user can unblock the bot",
  ),
  "i-tg-019": rpc(
    "auth",
    "http_401",
    false,
    "-32000 'ETELEGRAM: 401 Unauthorized': the bot token is no longer valid",
  ),
  "i-tg-020": rpc(
    "validation",
    "enoent",
    false,
    "-32000 'Failed to send file: EFATAL: Error: form-data: ENOENT: no such file or directory, open …': the file " +
      "named does not exist",
  ),
  "i-tg-021": rpc(
    "validation",
    "http_400",
    false,
    "-32000 'ETELEGRAM: 400 Bad Request: chat not found': the configured chat does not exist for this bot",
  ),
  "i-tg-022": rpc(
    "validation",
    "http_400",
    false,
    "-32000 'Failed to get response: ETELEGRAM: 400 Bad Request: chat not found': the question could not be sent " +
      "(another tool than i-tg-021, so no wasted retry)",
  ),
  "i-tg-023": rpc(
    "validation",
    "http_400",
    false,
    "-32000 'ETELEGRAM: 400 Bad Request: group chat was upgraded to a supergroup chat': the chat id is stale and must " +
      "be changed (the new id is not shown)",
  ),
  "i-tg-024": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 5 s: MCP error -32001 Request timed out (the server waits for a reply that never " +
      "came; retryable by the timeout convention)",
  ),
  "i-tg-025": rpc(
    "validation",
    "enoent",
    false,
    "-32000 'ENOENT: no such file or directory, scandir …/payments-gateway': the directory does not exist",
  ),
  "i-tg-026": wire(
    "transient",
    "connection_closed",
    true,
    "MCP error -32000 Connection closed with no answer: the server process was gone (it died on an unhandled " +
      "stream error after i-tg-025); judged by the connection_closed convention",
  ),
};
