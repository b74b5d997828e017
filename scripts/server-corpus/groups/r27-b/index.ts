// Group r27-b: news, feeds and read-later services — Karakeep's own MCP server (@karakeep/mcp) for a self-hosted
// read-later and bookmark service (bookmarks saved from feeds, lists, tags, highlights), and a Hacker News server
// (hn-mcp) for the front page, Ask HN, jobs, Algolia search, threads and users: each published MCP server behind a
// loopback stand-in that answers with the real service's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r27-b && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r27-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  BM_ASYNC,
  BM_CORRODE,
  BM_MISSING,
  BM_PENDING,
  BM_SLOW,
  CERT,
  DATA,
  HN_PROXY_PORT,
  HN_SLOW_QUERY,
  HN_SLOW_USER,
  KARAKEEP_KEY,
  KARAKEEP_PORT,
  LIST_RUST,
  LIST_UNREAD_HN,
  LIST_WEEKEND,
  clearTimers,
  ensureCertificate,
  hnStandin,
  karakeepStandin,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@karakeep/mcp": "0.33.1",
  "hn-mcp": "1.0.0",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

// ------------------------------------------------------------------------------------------- Karakeep (stdio)

const karakeep: SessionSpec = {
  label: "r27-b-karakeep",
  server: "@karakeep/mcp",
  transport: "stdio",
  start: stdioServer("r27-b-karakeep", "@karakeep/mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      KARAKEEP_API_ADDR: `http://127.0.0.1:${KARAKEEP_PORT}`,
      KARAKEEP_API_KEY: KARAKEEP_KEY,
      HOME,
    },
  }),
  steps: [
    step("kk-001", "get-lists", {}, "every list: read later, a nested Rust list, a smart list, an empty one"),
    step(
      "kk-002",
      "search-bookmarks",
      { query: "rust async", limit: 5 },
      "full-text search of the saved articles",
    ),
    step(
      "kk-003",
      "search-bookmarks",
      { query: "zig comptime is:fav", sortOrder: "desc" },
      "a search with a qualifier that finds nothing",
    ),
    step(
      "kk-004",
      "get-bookmark",
      { bookmarkId: BM_ASYNC },
      "one bookmark with its tags, summary and assets",
    ),
    step(
      "kk-005",
      "get-bookmark",
      { bookmarkId: BM_MISSING },
      "a bookmark id that does not exist (404 Bookmark not found)",
    ),
    step("kk-006", "get-bookmark", { bookmarkId: BM_MISSING }, "the same call again, id unchanged"),
    step("kk-007", "get-bookmark-content", { bookmarkId: BM_ASYNC }, "the saved article as markdown"),
    step(
      "kk-008",
      "get-bookmark-content",
      { bookmarkId: BM_PENDING },
      "the content of a bookmark from a feed whose crawl is still pending",
    ),
    step("kk-009", "get-bookmark-lists", { bookmarkId: BM_ASYNC }, "which lists hold the article"),
    step(
      "kk-010",
      "create-bookmark",
      {
        type: "link",
        title: "Show HN: A terminal RSS reader in 400 lines of Go",
        content: "https://github.com/jlaneve/feedtui",
      },
      "save a link from the HN front page",
    ),
    step(
      "kk-011",
      "create-bookmark",
      { type: "link", title: "Ask HN: RSS readers", content: "news.ycombinator.com/item?id=42471006" },
      "save a link given without its scheme (400 from the API's validator)",
    ),
    step(
      "kk-012",
      "attach-tag-to-bookmark",
      { bookmarkId: BM_CORRODE, tagsToAttach: ["rust", "to-read"] },
      "attach a known and a new tag",
    ),
    step(
      "kk-013",
      "add-bookmark-to-list",
      { listId: LIST_RUST, bookmarkId: BM_CORRODE },
      "put the article on the Rust list (204)",
    ),
    step(
      "kk-014",
      "add-bookmark-to-list",
      { listId: LIST_UNREAD_HN, bookmarkId: BM_CORRODE },
      "put it on a smart list, which cannot be added to (400)",
    ),
    step("kk-015", "get-list-bookmarks", { listId: LIST_RUST, limit: 10 }, "the Rust list's bookmarks"),
    step("kk-016", "get-list-bookmarks", { listId: LIST_WEEKEND }, "an empty list"),
    step("kk-017", "list-highlights", { limit: 20 }, "every highlight, newest first"),
    step("kk-018", "get-tags", { nameContains: "rust" }, "tags whose name contains 'rust'"),
    step(
      "kk-019",
      "update-bookmark",
      { bookmarkId: BM_ASYNC, archived: true },
      "archive the article with a read-only API key (403 missing scope)",
      flag("kkReadOnlyKey"),
    ),
    step(
      "kk-020",
      "get-tags",
      { sort: "usage", limit: 5 },
      "the most used tags after the API key was revoked (401)",
      flag("kkKeyRevoked"),
    ),
    step(
      "kk-021",
      "search-bookmarks",
      { query: "async", searchMode: "fts" },
      "a search while Karakeep's rate limiter refuses the client (429)",
      flag("kkRateLimited"),
    ),
    step(
      "kk-022",
      "get-lists",
      {},
      "the lists while nginx in front of Karakeep answers 502",
      flag("kkBadGateway"),
    ),
    step(
      "kk-023",
      "get-bookmark",
      { bookmarkId: BM_SLOW },
      "a bookmark the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "kk-024",
      "delete-highlight",
      { highlightId: "h9i8g7h6l5i4g3h2t1x0y9z8" },
      "delete a highlight while Karakeep cannot be reached",
      down(karakeepStandin),
    ),
    step("kk-025", "summarize-bookmark", { bookmarkId: BM_ASYNC }, "a tool the server does not have"),
  ],
};

// --------------------------------------------------------------------------------------------- hn-mcp (stdio)

const hn: SessionSpec = {
  label: "r27-b-hn",
  server: "hn-mcp",
  transport: "stdio",
  start: stdioServer("r27-b-hn", "hn-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      HTTPS_PROXY: `http://127.0.0.1:${HN_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step("hn-001", "browse_stories", { type: "top", limit: 5 }, "the front page's top five"),
    step("hn-002", "browse_stories", { type: "ask", limit: 5 }, "Ask HN"),
    step("hn-003", "browse_stories", { type: "job", limit: 5 }, "the job posts"),
    step("hn-004", "browse_stories", { type: "best", limit: 2 }, "the two best stories"),
    step("hn-005", "search_hn", { query: "rust async", limit: 5 }, "search stories and comments"),
    step(
      "hn-006",
      "search_hn",
      { query: "miniflux", tags: "comment", dateRange: "pastWeek", sortBy: "date" },
      "comments from the past week mentioning Miniflux",
    ),
    step(
      "hn-007",
      "search_hn",
      { query: "instapaper api deprecation 2026", tags: "story" },
      "a search that finds nothing",
    ),
    step(
      "hn-008",
      "get_story_details",
      { id: 8863, maxComments: 5, commentDepth: 2 },
      "a story with its comment thread (one comment deleted)",
    ),
    step("hn-009", "get_story_details", { id: 42471006 }, "an Ask HN thread with its one comment"),
    step(
      "hn-010",
      "get_story_details",
      { id: 49999999 },
      "an item id that does not exist yet (Firebase null)",
    ),
    step("hn-011", "get_story_details", { id: 49999999 }, "the same call again, id unchanged"),
    step(
      "hn-012",
      "user_analysis",
      { username: "pg", submissionLimit: 2 },
      "a user's profile and submissions",
    ),
    step("hn-013", "user_analysis", { username: "lurker_no_posts" }, "a user who never submitted anything"),
    step("hn-014", "user_analysis", { username: "nosuchuser_zz9" }, "a username that does not exist"),
    step(
      "hn-015",
      "user_analysis",
      { username: "paul.graham" },
      "a username with a dot (Firebase refuses the path, 400)",
    ),
    step("hn-016", "hn_explain", { term: "karma" }, "what karma is"),
    step("hn-017", "hn_explain", { term: "second chance pool" }, "a term the server's glossary lacks"),
    step(
      "hn-018",
      "browse_stories",
      { type: "top", limit: 500 },
      "500 stories, past the tool's maximum of 100",
    ),
    step(
      "hn-019",
      "browse_stories",
      { type: "new", limit: 3 },
      "the newest stories while Firebase answers 503",
      flag("hnFirebase503"),
    ),
    step(
      "hn-020",
      "get_story_details",
      { id: 42471010 },
      "a thread whose first comment answers Firebase's 500",
      flag("hnComment500"),
    ),
    step(
      "hn-021",
      "search_hn",
      { query: "feedly ai feeds", dateRange: "pastMonth" },
      "a search while Algolia throttles the client (429)",
      flag("hnAlgolia429"),
    ),
    step(
      "hn-022",
      "search_hn",
      { query: HN_SLOW_QUERY },
      "a search Algolia takes 15 s for; the server gives up at 5 s",
    ),
    step(
      "hn-023",
      "user_analysis",
      { username: HN_SLOW_USER },
      "a user Firebase takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "hn-024",
      "browse_stories",
      { type: "show", limit: 5 },
      "Show HN while Hacker News cannot be reached",
      down(hnStandin),
    ),
    step("hn-025", "get_item_comments", { id: 8863 }, "a tool the server does not have"),
  ],
};

export const SESSIONS: SessionSpec[] = [karakeep, hn];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
