// Verdicts for group r13-b, written from the captured exchanges (test/fixtures/server-corpus/groups/r13-b.jsonl)
// against the contract in ../../verdicts.ts and test/fixtures/server-corpus/README.md — never by running
// Faultline's classifier. The calls judged with doubt are listed in this folder's README.

import { ok, partial, silent, tool, wire } from "../../verdict-helpers.js";
import type { Verdict } from "../../verdicts.js";

const WASTED =
  "Same tool, same arguments, same session, right after a failure that retrying cannot fix: a wasted retry.";
const KILLED = "The server process died mid-call: -32000 Connection closed, no answer.";
const TIMEOUT = (s: number) => `The client gave up after ${s} s (-32001 Request timed out).`;

export const VERDICTS: Record<string, Verdict> = {
  // ------------------------------------------------------------------- reddit-mcp-buddy (HTTP)
  "rd-001": ok("Three hot posts of r/selfhosted with scores and comment counts."),
  "rd-002": ok("Three posts plus subreddit_info (subscribers, description)."),
  "rd-003": ok('"posts": [], "total_posts": 0 — a quiet subreddit with nothing new.', true),
  "rd-004": silent(
    "validation",
    null,
    false,
    'A subreddit that does not exist: Reddit redirected to its subreddit search and the tool returned the search\'s subreddit ("Calendars — planners, apps and scheduling", url "/r/calendars/", permalink "https://reddit.comundefined", no author or score) as if it were a post.',
  ),
  "rd-005": tool(
    "permission",
    null,
    false,
    "isError 'Cannot access r/acme_staff - it may be private, quarantined, or doesn't exist': a private subreddit (403 not quoted).",
  ),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase, after a label or before the body's message (test/fixtures/server-corpus/README.md).
  "rd-006": tool(
    "validation",
    "http_404",
    false,
    "isError 'Not found - r/freebookings does not exist or is inaccessible' (the subreddit is banned; the words say not found).",
  ),
  "rd-007": ok("Two matching posts across Reddit."),
  "rd-008": ok('"results": [], "total_results": 0 — a search that found nothing.', true),
  "rd-009": partial(
    "permission",
    null,
    false,
    "Two posts from r/selfhosted; the search in r/acme_staff (private, HTTP 403) failed and was dropped without a word in the result — only the server's log says so.",
  ),
  "rd-010": ok("The post with two top comments."),
  "rd-011": tool("validation", null, false, "isError 'Post with ID 1zzzzzz not found'."),
  "rd-012": tool(
    "validation",
    null,
    false,
    `isError 'Post with ID 1zzzzzz not found' again. ${WASTED}`,
    true,
  ),
  "rd-013": ok("The user's karma, top subreddits, recent posts and comments."),
  // Re-judged 2026-12-06 (errorCode) by the convention for a message that is only a status's reason
  // phrase, after a label or before the body's message (test/fixtures/server-corpus/README.md).
  "rd-014": tool(
    "validation",
    "http_404",
    false,
    "isError 'Not found - r/resource does not exist or is inaccessible': the user does not exist (the wording speaks of a subreddit).",
  ),
  "rd-015": tool(
    "permission",
    null,
    false,
    "isError 'Access forbidden - the requested content may be private or restricted': the suspended user's posts answered 403.",
  ),
  "rd-016": tool(
    "validation",
    "custom",
    false,
    "isError with a zod issue, code 'custom': 'Subreddit must be 2-21 characters …' at subreddit.",
  ),
  "rd-017": tool(
    "validation",
    "too_big",
    false,
    "isError with a zod issue, code 'too_big': 'Number must be less than or equal to 100' at limit.",
  ),
  "rd-018": tool(
    "auth",
    null,
    false,
    "isError 'Authentication failed. Please run: reddit-mcp-buddy --auth': the token refresh after a 401 was refused too.",
  ),
  "rd-019": tool(
    "rate_limited",
    null,
    true,
    "isError 'Rate limited by Reddit - please wait before trying again' after the server's own two retries (2 s).",
  ),
  "rd-020": tool(
    "internal",
    "http_500",
    true,
    'isError \'Reddit API error (500): {"message":"Internal Server Error","error":500}\'.',
  ),
  "rd-021": tool(
    "transient",
    "http_502",
    true,
    "isError 'Reddit API error (502)' with the CDN's HTML page 'Our CDN was unable to reach our servers'.",
  ),
  "rd-022": tool(
    "transient",
    null,
    true,
    "isError 'Reddit returned HTML instead of JSON - the subreddit may be inaccessible or there may be a Reddit issue': an HTML page where JSON was expected.",
  ),
  "rd-023": wire("transient", "timeout", true, TIMEOUT(3)),
  "rd-024": tool("unknown_tool", null, false, "isError 'Unknown tool: get_trending_subreddits' (no code)."),
  "rd-025": tool(
    "transient",
    "econnrefused",
    true,
    "isError 'Failed to connect to Reddit (ECONNREFUSED)': Reddit could not be reached.",
  ),
  "rd-026": wire(
    "transient",
    "timeout",
    true,
    "The HTTP server was killed 0.7 s into the call; over Streamable HTTP the client saw no closed connection and gave up at its 8 s timeout (-32001).",
  ),

  // ------------------------------------------------------------------------- @discourse/mcp
  "dc-001": ok("Two matching topics."),
  "dc-002": ok('"results": [], "total": 0 — a search that found nothing.', true),
  "dc-003": ok("The topic with its three posts and the accepted answer."),
  "dc-004": tool(
    "validation",
    "http_404",
    false,
    "isError 'Failed to read topic 99999: HTTP 404 Not Found'.",
  ),
  "dc-005": tool("validation", "http_404", false, `isError HTTP 404 again. ${WASTED}`, true),
  "dc-006": tool("permission", "http_403", false, "isError 'Failed to read topic 1077: HTTP 403 Forbidden'."),
  "dc-007": ok("The post's raw text."),
  "dc-008": ok("The user's profile."),
  "dc-009": tool(
    "validation",
    "http_404",
    false,
    "isError 'Failed to get user no_such_user_r13: HTTP 404 Not Found'.",
  ),
  "dc-010": ok("One open support topic."),
  "dc-011": ok('"results": [], "returned": 0 — a filter that matched nothing.', true),
  "dc-012": ok('"users": [] — no suspended users.', true),
  "dc-013": ok("The Data Explorer query's three rows."),
  "dc-014": tool(
    "validation",
    "http_422",
    false,
    "isError 'Failed to run query: HTTP 422 Unprocessable Entity' (the PostgreSQL error in the body is dropped).",
  ),
  "dc-015": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error … Number must be greater than 0 at post_id'.",
  ),
  "dc-016": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error … String must contain at least 1 character(s) at query'.",
  ),
  "dc-017": tool(
    "permission",
    "http_403",
    false,
    "isError 'Failed to get user maria_ops: HTTP 403 Forbidden' — the revoked key shows only as a 403 (Discourse answers bad keys with 403).",
  ),
  "dc-018": tool(
    "rate_limited",
    "http_429",
    true,
    "isError 'Search failed: HTTP 429 Too Many Requests' after the server's own retries.",
  ),
  "dc-019": tool(
    "internal",
    "http_500",
    true,
    "isError 'Failed to read topic 1042: HTTP 500 Internal Server Error' after retries.",
  ),
  "dc-020": tool(
    "transient",
    "http_502",
    true,
    "isError 'Search failed: HTTP 502 Bad Gateway' after retries.",
  ),
  "dc-021": tool(
    "auth",
    null,
    false,
    "isError: a TypeError on an HTML page 'Sign in ・ Cloudflare Access' — the forum sits behind an access gateway that wants a login.",
  ),
  "dc-022": wire("transient", "timeout", true, TIMEOUT(3)),
  "dc-023": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool discourse_create_post not found' (write tools are off).",
  ),
  "dc-024": tool(
    "transient",
    null,
    true,
    "isError 'Network error … fetch failed … server unreachable': the forum could not be reached; no network code shown.",
  ),
  "dc-025": wire("transient", "connection_closed", true, KILLED),

  // ---------------------------------------------------------------- youtube-data-mcp-server
  "yt-001": ok("Three matching videos."),
  "yt-002": ok("[] — a search that found nothing.", true),
  "yt-003": ok("Both videos' details."),
  "yt-004": silent(
    "validation",
    null,
    false,
    'An ordinary result {"error": "Failed to retrieve video information: Video not found."} — one id does not exist, and the video that does is lost with it.',
  ),
  "yt-005": silent(
    "validation",
    null,
    false,
    'An ordinary result {"error": "Failed to calculate video engagement ratio: Video not found."}.',
  ),
  "yt-006": ok("The channel's statistics."),
  "yt-007": silent(
    "validation",
    null,
    false,
    'An ordinary result {"error": "Failed to retrieve channel statistics: Channel not found."}.',
  ),
  "yt-008": ok("The channel's two most viewed videos."),
  "yt-009": ok(
    'An ordinary result {"error": "… No videos found."}: the channel has no videos — an empty listing worded as an error.',
    true,
  ),
  "yt-010": ok("Three trending videos."),
  "yt-011": silent(
    "validation",
    null,
    false,
    'An ordinary result {"error": "Failed to retrieve trending videos: The requested video chart is not supported or is not available."} (HTTP 404 videoChartNotFound upstream).',
  ),
  "yt-012": silent(
    "validation",
    null,
    false,
    'An ordinary result {"error": "Failed to retrieve related videos: Request contains an invalid argument."} (relatedToVideoId is no longer accepted).',
  ),
  "yt-013": silent(
    "validation",
    null,
    false,
    `The same {"error": "… Request contains an invalid argument."}. ${WASTED}`,
    true,
  ),
  "yt-014": ok("The video's transcript lines."),
  "yt-015": silent(
    "unknown",
    null,
    false,
    '{"Qk7sYc2LmNo": []}: the video has captions, but the caption URL answered HTTP 200 with an empty body, and the tool returned an empty transcript as a success.',
  ),
  "yt-016": silent(
    "validation",
    null,
    false,
    'An ordinary result {"error": "Failed to retrieve transcript: Could not find captions for video: Hn1dMv8QaWs"}.',
  ),
  "yt-017": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error … Expected array, received string at videoIds'.",
  ),
  "yt-018": silent(
    "auth",
    null,
    false,
    'An ordinary result {"error": "Failed to search videos: API key not valid. Please pass a valid API key."}.',
  ),
  "yt-019": silent(
    "rate_limited",
    null,
    false,
    'An ordinary result {"error": "… you have exceeded your <a …>quota</a>."}: the daily quota is used up until it resets.',
  ),
  "yt-020": silent(
    "rate_limited",
    null,
    true,
    'An ordinary result {"error": "… Resource has been exhausted (e.g. check quota)."} after the client library\'s retries (2.2 s).',
  ),
  "yt-021": silent(
    "transient",
    null,
    true,
    'An ordinary result {"error": "Failed to retrieve trending videos: The service is currently unavailable."}.',
  ),
  "yt-022": silent(
    "transient",
    "http_502",
    true,
    "An ordinary result whose error is Google's HTML page 'Error 502 (Server Error)!!1 … a temporary error … try again in 30 seconds'.",
  ),
  "yt-023": wire("transient", "timeout", true, TIMEOUT(3)),
  "yt-024": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool getVideoComments not found'.",
  ),
  "yt-025": silent(
    "transient",
    "econnrefused",
    true,
    'An ordinary result {"error": "… failed, reason: connect ECONNREFUSED 127.0.0.1:39782"}: the API could not be reached.',
  ),
  "yt-026": wire("transient", "connection_closed", true, KILLED),

  // ------------------------------------------------------------------------------ ashby-mcp
  "ab-001": ok("Two open jobs."),
  "ab-002": ok('"Found 0 job(s)", "items": [] — no archived jobs.', true),
  "ab-003": ok("One matching candidate."),
  "ab-004": ok('"0 candidate(s)", "candidates": [] — nobody by that name.', true),
  "ab-005": ok("The candidate's profile with one application."),
  "ab-006": silent(
    "validation",
    "candidate_not_found",
    false,
    "An ordinary text 'Ashby API error: Candidate not found (code: candidate_not_found)' — not flagged isError.",
  ),
  "ab-007": silent(
    "validation",
    "candidate_not_found",
    false,
    `'Candidate not found (code: candidate_not_found)' again. ${WASTED}`,
    true,
  ),
  "ab-008": silent(
    "validation",
    "invalid_input",
    false,
    "An ordinary text 'Ashby API error: id must be a valid UUID (code: invalid_input)'.",
  ),
  "ab-009": ok("One note on the candidate."),
  "ab-010": silent(
    "validation",
    "invalid_input",
    false,
    "An ordinary text 'Ashby API error: note must not be empty (code: invalid_input)'.",
  ),
  "ab-011": ok("The note was added (note_id n-02)."),
  "ab-012": partial(
    "validation",
    "application_not_found",
    false,
    "'Bulk archive: 1 succeeded, 1 failed out of 2' — the second application: 'Application not found (application_not_found)'.",
  ),
  "ab-013": silent(
    "permission",
    "missing_endpoint_permission",
    false,
    "An ordinary text 'HTTP 403: Forbidden … (code: missing_endpoint_permission) [offer.list]': the key lacks the permission.",
  ),
  "ab-014": silent(
    "validation",
    "candidate_not_found",
    false,
    "The raw call's result 'candidate.info returned success: false — Candidate not found' with errorInfo.code candidate_not_found.",
  ),
  "ab-015": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error … Number must be less than or equal to 100 at limit'.",
  ),
  "ab-016": silent(
    "auth",
    "invalid_api_key",
    false,
    "An ordinary text 'HTTP 403: Forbidden: The API key provided is invalid or has been deactivated. (code: invalid_api_key)'.",
  ),
  "ab-017": silent(
    "rate_limited",
    "rate_limit_exceeded",
    true,
    "An ordinary text 'HTTP 429: Too Many Requests … (code: rate_limit_exceeded)' after the server's own retries.",
  ),
  "ab-018": silent(
    "internal",
    "internal_server_error",
    true,
    "An ordinary text 'HTTP 500: Internal Server Error: An unexpected error occurred. (code: internal_server_error)' after retries.",
  ),
  "ab-019": silent(
    "transient",
    "http_502",
    true,
    "An ordinary text 'Ashby API error: HTTP 502: Bad Gateway [job.list]' after retries.",
  ),
  "ab-020": silent(
    "transient",
    null,
    true,
    "An ordinary text 'Error: Unexpected token '<', \"<!DOCTYPE \"... is not valid JSON': an HTML page where JSON was expected.",
  ),
  "ab-021": wire("transient", "timeout", true, TIMEOUT(3)),
  "ab-022": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool ashby_create_offer not found'.",
  ),
  "ab-023": silent(
    "transient",
    null,
    true,
    "An ordinary text 'Error: fetch failed': Ashby could not be reached; no network code shown.",
  ),
  "ab-024": wire("transient", "connection_closed", true, KILLED),
};
