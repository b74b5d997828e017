// Group r13-b: everyday SaaS and communication — Reddit (social), a Discourse community forum, YouTube's
// Data API (video content) and Ashby (an applicant-tracking system) — each behind a loopback stand-in that
// answers with the real API's bodies and error bodies (standins.ts). Discourse is reached at its configured
// site URL; Reddit, YouTube and Ashby, whose hosts are built into their servers, through loopback TLS
// forward proxies (see standins.ts).
//
//   (cd scripts/server-corpus/groups/r13-b && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r13-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  ASHBY_KEY,
  ASHBY_PROXY_PORT,
  CERT,
  DATA,
  DISCOURSE_KEY,
  DISCOURSE_PORT,
  REDDIT_CLIENT_ID,
  REDDIT_CLIENT_SECRET,
  REDDIT_MCP_PORT,
  REDDIT_PASSWORD,
  REDDIT_PROXY_PORT,
  REDDIT_USERNAME,
  YOUTUBE_KEY,
  YOUTUBE_PROXY_PORT,
  ashbyStandin,
  clearTimers,
  discourseStandin,
  ensureCertificate,
  redditStandin,
  state,
  youtubeStandin,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));
const PRELOAD = `--import=${path.join(FROM, "proxy-preload.mjs")}`;

export const PACKAGES: Record<string, string> = {
  "reddit-mcp-buddy": "1.1.14",
  "@discourse/mcp": "0.3.1",
  "youtube-data-mcp-server": "1.0.16",
  "ashby-mcp": "1.7.3",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

// --------------------------------------------------------------------------------------- Reddit

const SELFHOSTED = { subreddit: "selfhosted", sort: "hot", limit: 3 };

const reddit: SessionSpec = {
  label: "r13-b-reddit",
  server: "reddit-mcp-buddy",
  transport: "http",
  start: httpServer("r13-b-reddit", "reddit-mcp-buddy", {
    from: FROM,
    port: REDDIT_MCP_PORT,
    args: ["--http"],
    env: {
      REDDIT_BUDDY_PORT: String(REDDIT_MCP_PORT),
      REDDIT_BUDDY_NO_CACHE: "true",
      REDDIT_CLIENT_ID,
      REDDIT_CLIENT_SECRET,
      REDDIT_USERNAME,
      REDDIT_PASSWORD,
      REDDIT_USER_AGENT: "faultline-corpus/1.0 (by /u/cal_sync_bot)",
      HTTPS_PROXY: `http://127.0.0.1:${REDDIT_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: PRELOAD,
      HOME: path.join(DATA, "home"),
    },
  }),
  steps: [
    step("rd-001", "browse_subreddit", SELFHOSTED, "hot posts of a subreddit"),
    step(
      "rd-002",
      "browse_subreddit",
      { ...SELFHOSTED, include_subreddit_info: true },
      "hot posts with the subreddit's details",
    ),
    step(
      "rd-003",
      "browse_subreddit",
      { subreddit: "caldav", sort: "new" },
      "a quiet subreddit with no new posts",
    ),
    step(
      "rd-004",
      "browse_subreddit",
      { subreddit: "calendarsyncers", sort: "hot", limit: 5 },
      "a subreddit that does not exist (Reddit redirects to its subreddit search)",
    ),
    step("rd-005", "browse_subreddit", { subreddit: "acme_staff" }, "a private subreddit"),
    step("rd-006", "browse_subreddit", { subreddit: "freebookings" }, "a banned subreddit"),
    step("rd-007", "search_reddit", { query: "cal.com self-hosted", limit: 5 }, "search posts across Reddit"),
    step(
      "rd-008",
      "search_reddit",
      { query: "qzxv booking widget", limit: 5 },
      "a search that finds nothing",
    ),
    step(
      "rd-009",
      "search_reddit",
      { query: "booking", subreddits: ["selfhosted", "acme_staff"], limit: 4 },
      "search two subreddits, one of them private",
    ),
    step(
      "rd-010",
      "get_post_details",
      { post_id: "1h8k2zq", subreddit: "selfhosted", comment_limit: 5 },
      "a post with its comments",
    ),
    step("rd-011", "get_post_details", { post_id: "1zzzzzz" }, "a post id that does not exist"),
    step("rd-012", "get_post_details", { post_id: "1zzzzzz" }, "the same missing post again, unchanged"),
    step(
      "rd-013",
      "user_analysis",
      { username: "pinecone_ops", posts_limit: 3, comments_limit: 3 },
      "a user's activity",
    ),
    step("rd-014", "user_analysis", { username: "no_such_user_r13" }, "a user that does not exist"),
    step("rd-015", "user_analysis", { username: "bookingspam24" }, "a suspended user"),
    step("rd-016", "browse_subreddit", { subreddit: "x" }, "a one-letter subreddit name"),
    step("rd-017", "browse_subreddit", { ...SELFHOSTED, limit: 500 }, "a limit over the tool's maximum"),
    step(
      "rd-018",
      "browse_subreddit",
      SELFHOSTED,
      "browse after the app's credentials were revoked",
      flag("redditCredsRevoked"),
    ),
    step(
      "rd-019",
      "browse_subreddit",
      SELFHOSTED,
      "browse over Reddit's rate limit (429, Retry-After: 1)",
      flag("redditRateLimited"),
    ),
    step(
      "rd-020",
      "search_reddit",
      { query: "cal.com self-hosted", limit: 5 },
      "search while Reddit answers 500",
      flag("redditServerError"),
    ),
    step(
      "rd-021",
      "browse_subreddit",
      SELFHOSTED,
      "browse while Reddit's CDN answers an HTML 502",
      flag("redditCdnError"),
    ),
    step(
      "rd-022",
      "browse_subreddit",
      SELFHOSTED,
      "browse answered with Reddit's HTML 'blocked' page (HTTP 200)",
      flag("redditHtmlPage"),
    ),
    step(
      "rd-023",
      "browse_subreddit",
      { subreddit: "slowcalendars" },
      "a listing that takes Reddit 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("rd-024", "get_trending_subreddits", {}, "a tool the server does not have"),
    step(
      "rd-025",
      "browse_subreddit",
      SELFHOSTED,
      "browse while Reddit cannot be reached (proxy stopped)",
      down(redditStandin),
    ),
    step(
      "rd-026",
      "browse_subreddit",
      { subreddit: "slowcalendars", limit: 7 },
      "a slow listing; the MCP server is killed mid-call (the client waits 8 s)",
      { ...killMidCall, timeoutMs: 8000 },
    ),
  ],
};

// ------------------------------------------------------------------------------------ Discourse

const SITE = `http://127.0.0.1:${DISCOURSE_PORT}`;

const discourse: SessionSpec = {
  label: "r13-b-discourse",
  server: "@discourse/mcp",
  transport: "stdio",
  start: stdioServer("r13-b-discourse", "@discourse/mcp", {
    from: FROM,
    cwd: DATA,
    args: [
      "--site",
      SITE,
      "--auth_pairs",
      JSON.stringify([{ site: SITE, api_key: DISCOURSE_KEY, api_username: "system" }]),
      "--tools_mode",
      "discourse_api_only",
      "--log_level",
      "error",
    ],
    env: { HOME: path.join(DATA, "home") },
  }),
  steps: [
    step("dc-001", "discourse_search", { query: "calendar sync", max_results: 5 }, "search the forum"),
    step("dc-002", "discourse_search", { query: "zoom webinar captions" }, "a search that finds nothing"),
    step("dc-003", "discourse_read_topic", { topic_id: 1042, post_limit: 3 }, "read a topic"),
    step("dc-004", "discourse_read_topic", { topic_id: 99999 }, "a topic that does not exist"),
    step("dc-005", "discourse_read_topic", { topic_id: 99999 }, "the same missing topic again, unchanged"),
    step("dc-006", "discourse_read_topic", { topic_id: 1077 }, "a topic in a staff-only category"),
    step("dc-007", "discourse_read_post", { post_id: 5502 }, "read one post"),
    step("dc-008", "discourse_get_user", { username: "maria_ops" }, "a user's profile"),
    step("dc-009", "discourse_get_user", { username: "no_such_user_r13" }, "a user that does not exist"),
    step(
      "dc-010",
      "discourse_filter_topics",
      { filter: "category:support status:open", per_page: 10 },
      "filter open support topics",
    ),
    step(
      "dc-011",
      "discourse_filter_topics",
      { filter: "category:support status:solved tag:zoom" },
      "a filter that matches no topics",
    ),
    step("dc-012", "discourse_list_users", { query: "suspended" }, "list suspended users (there are none)"),
    step("dc-013", "discourse_run_query", { id: 7, params: { months: "3" } }, "run a Data Explorer query"),
    step(
      "dc-014",
      "discourse_run_query",
      { id: 8 },
      "run a Data Explorer query that references a missing column",
    ),
    step("dc-015", "discourse_read_post", { post_id: 0 }, "post id 0"),
    step("dc-016", "discourse_search", { query: "" }, "an empty search query"),
    step(
      "dc-017",
      "discourse_get_user",
      { username: "maria_ops" },
      "a profile after the admin API key was revoked",
      flag("discourseKeyRevoked"),
    ),
    step(
      "dc-018",
      "discourse_search",
      { query: "calendar sync" },
      "search over the forum's rate limit (429, Retry-After: 12)",
      flag("discourseRateLimited"),
    ),
    step(
      "dc-019",
      "discourse_read_topic",
      { topic_id: 1042 },
      "read a topic while the forum answers 500",
      flag("discourseServerError"),
    ),
    step(
      "dc-020",
      "discourse_search",
      { query: "calendar sync" },
      "search while nginx answers an HTML 502",
      flag("discourseBadGateway"),
    ),
    step(
      "dc-021",
      "discourse_read_topic",
      { topic_id: 1042 },
      "read a topic while an access gateway redirects to its HTML login page",
      flag("discourseAccessGate"),
    ),
    step(
      "dc-022",
      "discourse_run_query",
      { id: 9 },
      "a Data Explorer query that takes 20 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("dc-023", "discourse_create_post", { topic_id: 1042, raw: "Thanks!" }, "a write tool not enabled"),
    step(
      "dc-024",
      "discourse_search",
      { query: "calendar sync" },
      "search while the forum cannot be reached (stopped)",
      down(discourseStandin),
    ),
    step(
      "dc-025",
      "discourse_run_query",
      { id: 9 },
      "a slow query; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// -------------------------------------------------------------------------------------- YouTube

const youtube: SessionSpec = {
  label: "r13-b-youtube",
  server: "youtube-data-mcp-server",
  transport: "stdio",
  start: stdioServer("r13-b-youtube", "youtube-data-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      YOUTUBE_API_KEY: YOUTUBE_KEY,
      YOUTUBE_TRANSCRIPT_LANG: "en",
      HTTPS_PROXY: `http://127.0.0.1:${YOUTUBE_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: PRELOAD,
      HOME: path.join(DATA, "home"),
    },
  }),
  steps: [
    step("yt-001", "searchVideos", { query: "cal.com self hosting", maxResults: 3 }, "search videos"),
    step(
      "yt-002",
      "searchVideos",
      { query: "zqxv booking widget", maxResults: 5 },
      "a search that finds nothing",
    ),
    step("yt-003", "getVideoDetails", { videoIds: ["Qk7sYc2LmNo", "Rt3wZb9XpAe"] }, "two videos' details"),
    step(
      "yt-004",
      "getVideoDetails",
      { videoIds: ["Qk7sYc2LmNo", "Xx0Xx0Xx0Xx"] },
      "two videos, one of which does not exist",
    ),
    step(
      "yt-005",
      "getVideoEngagementRatio",
      { videoIds: ["Xx0Xx0Xx0Xx"] },
      "engagement of a video that does not exist",
    ),
    step(
      "yt-006",
      "getChannelStatistics",
      { channelIds: ["UCq1CalSyncOfficial0001"] },
      "a channel's statistics",
    ),
    step(
      "yt-007",
      "getChannelStatistics",
      { channelIds: ["UCnoSuchChannel00000000"] },
      "a channel that does not exist",
    ),
    step(
      "yt-008",
      "getChannelTopVideos",
      { channelId: "UCq1CalSyncOfficial0001", maxResults: 2 },
      "a channel's most viewed videos",
    ),
    step(
      "yt-009",
      "getChannelTopVideos",
      { channelId: "UCemptyChannel000000000" },
      "a channel with no videos",
    ),
    step("yt-010", "getTrendingVideos", { regionCode: "US", maxResults: 3 }, "trending videos in a region"),
    step(
      "yt-011",
      "getTrendingVideos",
      { regionCode: "US", categoryId: "44" },
      "trending in a category that has no chart",
    ),
    step(
      "yt-012",
      "getRelatedVideos",
      { videoId: "Qk7sYc2LmNo" },
      "related videos (relatedToVideoId, retired by YouTube)",
    ),
    step(
      "yt-013",
      "getRelatedVideos",
      { videoId: "Qk7sYc2LmNo" },
      "the same related-videos call again, unchanged",
    ),
    step("yt-014", "getTranscripts", { videoIds: ["Rt3wZb9XpAe"], lang: "en" }, "a video's transcript"),
    step(
      "yt-015",
      "getTranscripts",
      { videoIds: ["Qk7sYc2LmNo"], lang: "en" },
      "a transcript whose caption URL answers an empty body",
    ),
    step("yt-016", "getTranscripts", { videoIds: ["Hn1dMv8QaWs"], lang: "en" }, "a video without captions"),
    step("yt-017", "compareVideos", { videoIds: "Qk7sYc2LmNo,Rt3wZb9XpAe" }, "video ids given as one string"),
    step(
      "yt-018",
      "searchVideos",
      { query: "cal.com self hosting", maxResults: 3 },
      "search after the API key was deleted",
      flag("youtubeKeyInvalid"),
    ),
    step(
      "yt-019",
      "searchVideos",
      { query: "tally forms", maxResults: 3 },
      "search after the project's daily quota ran out",
      flag("youtubeQuotaExceeded"),
    ),
    step(
      "yt-020",
      "getVideoDetails",
      { videoIds: ["Qk7sYc2LmNo"] },
      "video details over the per-minute rate limit (429, Retry-After: 1)",
      flag("youtubeRateLimited"),
    ),
    step(
      "yt-021",
      "getTrendingVideos",
      { regionCode: "US", maxResults: 3 },
      "trending while the API answers 503 backendError",
      flag("youtubeBackendError"),
    ),
    step(
      "yt-022",
      "searchVideos",
      { query: "zoom scheduling", maxResults: 3 },
      "search answered with Google's HTML 502 page",
      flag("youtubeGoogle502"),
    ),
    step(
      "yt-023",
      "searchVideos",
      { query: "slow calendar", maxResults: 3 },
      "a search that takes the API 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("yt-024", "getVideoComments", { videoId: "Qk7sYc2LmNo" }, "a tool the server does not have"),
    step(
      "yt-025",
      "searchVideos",
      { query: "cal.com self hosting", maxResults: 3 },
      "search while the API cannot be reached (proxy stopped)",
      down(youtubeStandin),
    ),
    step(
      "yt-026",
      "searchVideos",
      { query: "slow calendar again", maxResults: 3 },
      "a slow search; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ---------------------------------------------------------------------------------------- Ashby

const CANDIDATE_ID = "c1a2b3c4-d5e6-4f70-8a91-b2c3d4e5f607";
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

const ashby: SessionSpec = {
  label: "r13-b-ashby",
  server: "ashby-mcp",
  transport: "stdio",
  start: stdioServer("r13-b-ashby", "ashby-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      ASHBY_API_KEY: ASHBY_KEY,
      HTTPS_PROXY: `http://127.0.0.1:${ASHBY_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: PRELOAD,
      HOME: path.join(DATA, "home"),
    },
  }),
  steps: [
    step("ab-001", "ashby_list_jobs", {}, "list open jobs"),
    step("ab-002", "ashby_list_jobs", { status: "Archived" }, "list archived jobs (there are none)"),
    step("ab-003", "ashby_search_candidates", { query: "Priya Raman" }, "search candidates by name"),
    step("ab-004", "ashby_search_candidates", { query: "Zebulon Quartermaine" }, "a name nobody has"),
    step("ab-005", "ashby_get_candidate", { candidate_id: CANDIDATE_ID }, "a candidate's profile"),
    step("ab-006", "ashby_get_candidate", { candidate_id: MISSING_ID }, "a candidate id that does not exist"),
    step(
      "ab-007",
      "ashby_get_candidate",
      { candidate_id: MISSING_ID },
      "the same missing candidate again, unchanged",
    ),
    step("ab-008", "ashby_get_candidate", { candidate_id: "priya" }, "a candidate id that is not a UUID"),
    step("ab-009", "ashby_get_candidate_notes", { candidate_id: CANDIDATE_ID }, "a candidate's notes"),
    step("ab-010", "ashby_add_candidate_note", { candidate_id: CANDIDATE_ID, note: "   " }, "a blank note"),
    step(
      "ab-011",
      "ashby_add_candidate_note",
      { candidate_id: CANDIDATE_ID, note: "Moving to onsite per Dana; prefers Tuesday slots." },
      "add a note",
    ),
    step(
      "ab-012",
      "ashby_bulk_archive",
      { application_ids: ["a7b8c9d0-e1f2-4a3b-8c4d-5e6f7a8b9c01", "deadbeef-0000-4000-8000-00000000dead"] },
      "archive two applications, one of which does not exist",
    ),
    step("ab-013", "ashby_call_api", { endpoint: "offer.list" }, "a raw call the key has no permission for"),
    step(
      "ab-014",
      "ashby_call_api",
      { endpoint: "candidate.info", params: { id: MISSING_ID } },
      "a raw call for a candidate that does not exist",
    ),
    step("ab-015", "ashby_list_jobs", { limit: 500 }, "a limit over the tool's maximum"),
    step(
      "ab-016",
      "ashby_list_jobs",
      {},
      "list jobs after the API key was deactivated",
      flag("ashbyKeyRevoked"),
    ),
    step(
      "ab-017",
      "ashby_list_jobs",
      {},
      "list jobs over the rate limit (429, Retry-After: 1)",
      flag("ashbyRateLimited"),
    ),
    step(
      "ab-018",
      "ashby_search_candidates",
      { query: "Priya Raman" },
      "search while the API answers 500",
      flag("ashbyServerError"),
    ),
    step(
      "ab-019",
      "ashby_list_jobs",
      {},
      "list jobs while Cloudflare answers an HTML 502",
      flag("ashbyBadGateway"),
    ),
    step(
      "ab-020",
      "ashby_list_jobs",
      {},
      "list jobs answered with an HTML page and HTTP 200",
      flag("ashbyHtml200"),
    ),
    step(
      "ab-021",
      "ashby_list_candidates_for_job",
      { job_id: "6e3a9b4f-2d5c-4f7b-8c8e-3a2f1d4b5c62" },
      "applications of a job that take the API 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "ab-022",
      "ashby_create_offer",
      { application_id: "a7b8c9d0-e1f2-4a3b-8c4d-5e6f7a8b9c01" },
      "a tool the server does not have",
    ),
    step(
      "ab-023",
      "ashby_list_jobs",
      {},
      "list jobs while Ashby cannot be reached (proxy stopped)",
      down(ashbyStandin),
    ),
    step(
      "ab-024",
      "ashby_list_candidates_for_job",
      { job_id: "6e3a9b4f-2d5c-4f7b-8c8e-3a2f1d4b5c62", limit: 10 },
      "a slow listing; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [reddit, discourse, youtube, ashby];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(path.join(DATA, "home"), { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
