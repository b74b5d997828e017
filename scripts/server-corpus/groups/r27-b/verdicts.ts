// Verdicts for group r27-b, written from the captured exchanges (test/fixtures/server-corpus/groups/r27-b.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, silent, tool, wire } from "../../verdict-helpers.js";

const WASTED =
  "The previous call in this session was the same tool with the same arguments and failed non-retryably: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // -------------------------------------------------------------------------------------- @karakeep/mcp (stdio)
  "kk-001": ok("four lists with their ids, icons, types, parents and the smart list's query"),
  "kk-002": ok("two bookmarks found for 'rust async', each with tags, summary and assets; 'no more pages'"),
  "kk-003": ok(
    "a search that found nothing: the text is only blank lines and 'Next cursor: no more pages' (the API answered bookmarks [])",
    true,
  ),
  "kk-004": ok("the bookmark in full: title, URL, author, tags, summary, screenshot asset"),
  "kk-005": tool(
    "validation",
    null,
    false,
    "isError 'Bookmark not found': the API's 404 for an id that does not exist (the status is not shown, only the body's text)",
  ),
  "kk-006": tool("validation", null, false, `isError 'Bookmark not found' again. ${WASTED}`, true),
  "kk-007": ok("the saved article converted to markdown (heading, quote, paragraphs)"),
  "kk-008": silent(
    "validation",
    null,
    false,
    "an ok result whose only text is '': the content of one named bookmark asked for came back empty, with no word that its crawl is still pending (a lookup of one thing answered empty)",
  ),
  "kk-009": ok("two lists hold the bookmark: Read later and its child list Rust"),
  "kk-010": ok("the link saved: a new bookmark id, title, source api, tagging pending"),
  "kk-011": tool(
    "validation",
    "invalid_format",
    false,
    "isError with the API's 400 body {success:false, error:{name:ZodError, message:[…]}}: the URL has no scheme — zod issues invalid_format ('Invalid URL') and custom ('Only http and https URLs are allowed'); the first issue's code",
  ),
  "kk-012": ok("both tags attached to the bookmark"),
  "kk-013": ok("the bookmark added to the Rust list (the API's 204)"),
  "kk-014": tool(
    "validation",
    null,
    false,
    "isError 'Smart lists cannot be added to': a smart list is a saved query, so the request names the wrong kind of list (the API's 400 BAD_REQUEST)",
  ),
  "kk-015": ok("the list's two bookmarks in full"),
  "kk-016": ok("'No bookmarks found in this list.': a listing that is empty", true),
  "kk-017": ok("two highlights with their bookmarks, ranges, colours, text and notes"),
  "kk-018": ok("one tag matched: rust, 14 bookmarks (11 by hand, 3 by AI)"),
  "kk-019": tool(
    "permission",
    null,
    false,
    "isError 'API key is missing required scope: bookmarks:readwrite': the key is valid but read-only (the API's 403); someone has to grant the scope",
  ),
  "kk-020": tool(
    "auth",
    "http_401",
    false,
    "isError 'Unauthorized', nothing but the 401's reason phrase (Karakeep's text/plain body for a revoked or invalid key): the fixture's convention gives it http_401",
  ),
  "kk-021": tool(
    "rate_limited",
    null,
    true,
    "isError 'Rate limit exceeded. Try again in 42 seconds.': Karakeep's rate limiter (429; no code in the text)",
  ),
  "kk-022": tool(
    "transient",
    "http_502",
    true,
    "isError whose text is nginx's HTML '502 Bad Gateway' page, relayed whole: the proxy in front of Karakeep could not reach it; the page quotes the status",
  ),
  "kk-023": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s (the API took 15 s): the client's -32001 Request timed out",
  ),
  "kk-024": tool(
    "transient",
    null,
    true,
    "isError 'fetch failed': Karakeep could not be reached (connection refused), only the fetch's generic message",
  ),
  "kk-025": rpc(
    "unknown_tool",
    "-32602",
    false,
    "JSON-RPC error -32602 'Tool summarize-bookmark not found': the words decide over the code (unknown_tool); the code is the JSON-RPC one",
  ),

  // --------------------------------------------------------------------------------------------- hn-mcp (stdio)
  "hn-001": ok("the front page's top five stories with scores, comment counts and links"),
  "hn-002": ok("two Ask HN stories, one with its text"),
  "hn-003": ok("two job posts"),
  "hn-004": ok("the two best stories"),
  "hn-005": ok("two stories found for 'rust async', total_hits 2"),
  "hn-006": ok("one comment from the past week mentioning Miniflux, with its story's title and link"),
  "hn-007": ok("results [], total_hits 0, count 0: a search that found nothing", true),
  "hn-008": ok(
    "the Dropbox launch story with its comment thread two levels deep; the deleted comment is left out, as it should be",
  ),
  "hn-009": ok("the Ask HN thread with its text and its one comment"),
  "hn-010": tool(
    "validation",
    null,
    false,
    "isError 'Error: Item 49999999 is not a story or not found': Firebase answered null for an item that does not exist",
  ),
  "hn-011": tool(
    "validation",
    null,
    false,
    `The same 'Item 49999999 is not a story or not found'. ${WASTED}`,
    true,
  ),
  "hn-012": ok("pg's profile, karma and two recent submissions"),
  "hn-013": ok(
    "the user's profile (id, karma 1, created); no submissions to list, which the answer simply leaves out — the user was found",
  ),
  "hn-014": tool(
    "validation",
    null,
    false,
    "isError 'Error: User nosuchuser_zz9 not found': Firebase answered null for the username",
  ),
  "hn-015": tool(
    "validation",
    "http_400",
    false,
    "isError 'Error: HTTP error! status: 400': Firebase refused the path (a '.' in the username); the tool quotes only the status",
  ),
  "hn-016": ok("the glossary's entry for karma"),
  "hn-017": silent(
    "validation",
    null,
    false,
    "an ok result {term, definition: 'Term not found in database', suggestion, common_terms}: the one term asked for is not in the glossary, said as data with no error flag",
  ),
  "hn-018": tool(
    "validation",
    "too_big",
    false,
    "isError 'Error: [ { code: too_big, maximum: 100, … path: [limit] } ]': the server's zod check refused limit 500; the zod issue's code",
  ),
  "hn-019": tool(
    "transient",
    "http_503",
    true,
    "isError 'Error: HTTP error! status: 503': Firebase unavailable; the tool quotes the status",
  ),
  "hn-020": tool(
    "internal",
    "http_500",
    true,
    "isError 'Error: HTTP error! status: 500': one comment of the thread answered 500, and the whole call failed (the server fetches the comments together); internal by the contract's reading of a 500",
  ),
  "hn-021": tool(
    "rate_limited",
    "http_429",
    true,
    "isError 'Error: HTTP error! status: 429': Algolia throttled the client (its Retry-After is not passed on)",
  ),
  "hn-022": tool(
    "transient",
    null,
    true,
    "isError 'Error: This operation was aborted' after 5 s: the server's own fetch timeout gave up on a slow Algolia answer",
  ),
  "hn-023": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s (Firebase took 15 s): the client's -32001 Request timed out",
  ),
  "hn-024": tool(
    "transient",
    null,
    true,
    "isError 'Error: fetch failed': Hacker News could not be reached (the proxy refused the connection)",
  ),
  "hn-025": tool(
    "unknown_tool",
    null,
    false,
    "isError 'Error: Unknown tool: get_item_comments': the server answers an unknown tool as a tool result, not a JSON-RPC error",
  ),
};
