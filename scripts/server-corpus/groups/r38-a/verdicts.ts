// Verdicts for group r38-a, written from the captured exchanges (test/fixtures/server-corpus/groups/r38-a.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // youtube-video-summarizer-mcp: every upstream failure is an ordinary result whose text is "Error getting video
  // info: Failed to get video info: <message>" (no isError); a video with no caption text at all is the ordinary
  // text "No captions found", whatever the cause (the library swallows caption errors). Only the SDK's own argument
  // and tool checks set isError.
  "yt-001": ok("title, description and the English caption text of a video from its watch URL"),
  "yt-002": ok("the same video from a youtu.be link, with the Spanish caption text asked for"),
  "yt-003": ok("title, description and auto-generated English captions from a bare video ID"),
  "yt-004": ok(
    "an embed URL with an unknown language code: the server fell back to English and answered in full",
  ),
  "yt-005": ok(
    "title, description and caption text, taken from the /next and /get_transcript answers after the player's LOGIN_REQUIRED",
  ),
  "yt-006": silent(
    "validation",
    null,
    false,
    "the ordinary text 'No captions found' and nothing else, for one named video: a look-up of one thing answered empty (no title, description or caption)",
  ),
  "yt-007": silent(
    "validation",
    null,
    false,
    "the ordinary text 'No captions found' for one named video: a look-up of one thing answered empty; nothing on the wire says why",
  ),
  "yt-008": silent(
    "validation",
    null,
    false,
    "'No captions found' again for the same tool and arguments, after the same non-retryable silent failure",
    true,
  ),
  "yt-009": silent(
    "validation",
    null,
    false,
    "an ordinary result 'Error getting video info: Failed to get video info: Could not extract video ID from URL': the argument is not a YouTube URL",
  ),
  "yt-010": silent(
    "validation",
    null,
    false,
    "the same 'Could not extract video ID from URL' text again for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "yt-011": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: … Required at videoUrl': the required argument is missing",
  ),
  "yt-012": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: … Expected string, received number at videoUrl'",
  ),
  "yt-013": silent(
    "rate_limited",
    "http_429",
    true,
    "an ordinary result 'Error getting video info: Failed to get video info: Player API failed: 429 Too Many Requests': YouTube throttled the client",
  ),
  "yt-014": silent(
    "internal",
    "http_500",
    true,
    "an ordinary result '… Player API failed: 500 Internal Server Error': the upstream's 500 relayed (internal by the contract)",
  ),
  "yt-015": silent(
    "transient",
    "http_503",
    true,
    "an ordinary result '… Player API failed: 503 Service Unavailable'",
  ),
  "yt-016": silent(
    "permission",
    "http_403",
    false,
    "an ordinary result '… Player API failed: 403 Forbidden'",
  ),
  "yt-017": silent(
    "transient",
    null,
    true,
    "an ordinary result '… Unexpected token '<', \"<!DOCTYPE \"... is not valid JSON': HTML where the API's JSON was expected, with no status shown (the fixture README's convention: transient)",
  ),
  "yt-018": silent(
    "validation",
    null,
    false,
    "the ordinary text 'No captions found' for one named video; the caption download's 429 was swallowed by the library and nothing on the wire shows it, so it reads as yt-006 does",
  ),
  "yt-019": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "yt-020": silent(
    "transient",
    null,
    true,
    "an ordinary result '… Failed to get video info: fetch failed': undici could not reach youtube.com (the proxy refused); no code in the text. The previous call with these arguments (yt-018) failed non-retryably, so by the rule this failure is a wasted retry",
    true,
  ),
  "yt-021": ok("yt-020's call once youtube.com is back: title, description and captions"),
  "yt-022": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool summarize-video not found': the words decide over the generic code",
  ),
};
