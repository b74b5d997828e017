// Verdicts for group r42-b, written from the captured exchanges (test/fixtures/server-corpus/groups/r42-b.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, silent, tool, wire } from "../../verdict-helpers.js";

const WASTED =
  "The same tool with the same arguments failed non-retryably before in this session, and fails again.";
const LOOM_VAGUE =
  "no status, no code and no cause: the server swallows whatever Loom answered and says only that it could not fetch; a failure with no usable signal";

export const VERDICTS: Record<string, Verdict> = {
  // @mux/mcp: every failure of the Mux API is an APIError thrown out of the low-level Server's handler, so the SDK
  // answers a JSON-RPC error -32603 whose message is "<status> <the body as JSON>" (Mux's {"error": {"type",
  // "messages"}}), the body's HTML for a gateway page, or "Connection error."; an unknown tool is thrown the same way.
  // No result is ever isError. The SDK retries 408/409/429/5xx and connection errors twice before it throws.
  "b-mux-001": ok("whoami: the token's environment (Production), organization and permissions"),
  "b-mux-002": ok("two assets listed, one ready and one errored: a listing, the errored asset is data"),
  "b-mux-003": ok('{"data": []}: a page past the last asset, nothing found', true),
  "b-mux-004": ok("the ready webinar recording with its playback id and tracks"),
  "b-mux-005": ok(
    "the asset came back; its status errored and its errors block describe the recording's processing, which is what was asked for",
  ),
  "b-mux-006": rpc(
    "validation",
    "not_found",
    false,
    'JSON-RPC -32603 "404 {"error":{"type":"not_found","messages":["The requested resource either doesn\'t exist or you don\'t have access to it."]}}": the asset id does not exist; error.type is the code member',
  ),
  "b-mux-007": rpc("validation", "not_found", false, `The same 404 not_found. ${WASTED}`, true),
  "b-mux-008": ok("a new asset from the URL, status preparing, with a public playback id"),
  "b-mux-009": rpc(
    "validation",
    "invalid_parameters",
    false,
    'JSON-RPC -32603 "400 {"error":{"type":"invalid_parameters","messages":["input.url is not a valid URL"]}}": a bad argument',
  ),
  "b-mux-010": rpc(
    "business",
    "invalid_parameters",
    false,
    'JSON-RPC -32603 "400 … invalid_parameters … Free plan environments are limited to 10 assets. Delete an asset or upgrade your plan": the words name a plan limit, which no change to the call fixes; the code member is still invalid_parameters',
  ),
  "b-mux-011": ok("a signed playback id created for the ready asset"),
  "b-mux-012": ok("one live stream listed (idle)"),
  "b-mux-013": ok('{"data": []}: no direct uploads', true),
  "b-mux-014": ok("a direct upload with its signed upload URL, status waiting"),
  "b-mux-015": ok("Mux Data's overall video startup time for the week, with views and watch time"),
  "b-mux-016": rpc(
    "validation",
    "invalid_parameters",
    false,
    'JSON-RPC -32603 "400 {"error":{"type":"invalid_parameters","messages":["startup_latency is not a valid metric"]}}": a metric that does not exist',
  ),
  "b-mux-017": ok(
    "Mux Data's playback errors for the week: one error row; the tool reports errors, that is its data",
  ),
  "b-mux-018": ok('{"data": [], "total_row_count": 0}: no views in the window', true),
  "b-mux-019": rpc(
    "auth",
    "unauthorized",
    false,
    'JSON-RPC -32603 "401 {"error":{"type":"unauthorized","messages":["Unauthorized request"]}}": the credentials were refused',
  ),
  "b-mux-020": rpc(
    "rate_limited",
    "too_many_requests",
    true,
    'JSON-RPC -32603 "429 {"error":{"type":"too_many_requests","messages":["Too many requests. Please retry later."]}}" after about 2 s (the SDK\'s own retries)',
  ),
  "b-mux-021": rpc(
    "internal",
    "internal_server_error",
    true,
    'JSON-RPC -32603 "500 {"error":{"type":"internal_server_error","messages":["An unexpected error occurred. Please try again."]}}": the API\'s 500',
  ),
  "b-mux-022": rpc(
    "transient",
    "http_502",
    true,
    'JSON-RPC -32603 "502 <!DOCTYPE html> … api.mux.com | 502: Bad gateway": a gateway\'s error page with its status quoted',
  ),
  "b-mux-023": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: MCP error -32001 Request timed out",
  ),
  "b-mux-024": rpc(
    "transient",
    "-32603",
    true,
    'JSON-RPC -32603 "Connection error.": the API could not be reached; no system error name is given, so the JSON-RPC code',
  ),
  "b-mux-025": rpc(
    "unknown_tool",
    "-32603",
    false,
    'JSON-RPC -32603 "Unknown tool: delete_video_assets": the words name an unknown tool',
  ),

  // @daanvanhulsen/loom-transcript-mcp: every failure is an ordinary text result "Error: …" without isError. Loom's
  // GraphQL failures (a GenericError, data null, a 429, a 502 page, a refused connection) are all caught and become
  // "Error: Could not fetch transcript|comments for this video."; only the captions download relays axios' message
  // with its status. Missing arguments and unknown tools are the SDK's McpServer isError results.
  "b-loom-001": ok("the walkthrough's transcript as plain text"),
  "b-loom-002": ok("the same transcript through a share link with a query string"),
  "b-loom-003": ok("the video's comments as JSON, one with a reply"),
  "b-loom-004": ok('"[]": a video nobody commented on', true),
  "b-loom-005": ok(
    "an empty text: the transcript of the video is empty (no speech); the video was found, its transcript holds nothing",
    true,
  ),
  "b-loom-006": silent(
    "validation",
    null,
    false,
    'ordinary text "Error: Could not extract video ID from the provided URL.": the URL given is not one the tool takes',
  ),
  "b-loom-007": silent(
    "unknown",
    null,
    false,
    `ordinary text "Error: Could not fetch transcript for this video.": ${LOOM_VAGUE}`,
  ),
  "b-loom-008": silent(
    "unknown",
    null,
    false,
    `ordinary text "Error: Could not fetch transcript for this video." again. ${WASTED}`,
    true,
  ),
  "b-loom-009": silent(
    "unknown",
    null,
    false,
    `ordinary text "Error: Could not fetch transcript for this video.": ${LOOM_VAGUE}`,
  ),
  "b-loom-010": silent(
    "unknown",
    null,
    false,
    `ordinary text "Error: Could not fetch transcript for this video.": ${LOOM_VAGUE}`,
  ),
  "b-loom-011": silent(
    "unknown",
    null,
    false,
    `ordinary text "Error: Could not fetch comments for this video.": ${LOOM_VAGUE}`,
  ),
  "b-loom-012": silent(
    "permission",
    "http_403",
    false,
    'ordinary text "Error: Failed to fetch transcript: Request failed with status code 403": the captions file was refused',
  ),
  "b-loom-013": silent(
    "unknown",
    null,
    false,
    `ordinary text "Error: Could not fetch transcript for this video.": ${LOOM_VAGUE}`,
  ),
  "b-loom-014": silent(
    "unknown",
    null,
    false,
    `ordinary text "Error: Could not fetch comments for this video.": ${LOOM_VAGUE}`,
  ),
  "b-loom-015": silent(
    "unknown",
    null,
    false,
    `ordinary text "Error: Could not fetch transcript for this video.", as b-loom-013 answered the same arguments. ${WASTED}`,
    true,
  ),
  "b-loom-016": wire(
    "transient",
    "timeout",
    true,
    `no answer within the client's 4 s: MCP error -32001 Request timed out. ${WASTED}`,
    true,
  ),
  "b-loom-017": silent(
    "unknown",
    null,
    false,
    `ordinary text "Error: Could not fetch comments for this video.", as b-loom-014 answered the same arguments. ${WASTED}`,
    true,
  ),
  "b-loom-018": tool(
    "validation",
    "-32602",
    false,
    'isError "MCP error -32602: Input validation error: Invalid arguments for tool getLoomTranscript: Required at videoUrl"',
  ),
  "b-loom-019": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError "MCP error -32602: Tool getLoomSummary not found": the words name an unknown tool',
  ),
  "b-loom-020": ok("the first video's transcript again, after the failures"),
};
