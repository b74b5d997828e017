// Group r17-c: social, media and travel APIs — Strava (activities, segments, athlete stats), ByCrawl (one API
// over X/Twitter, Reddit and YouTube, served over Streamable HTTP), AviationStack flight data (through
// flightradar-mcp-server) and Airbnb search — each published MCP server behind a loopback stand-in that answers
// with the real service's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r17-c && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r17-c

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ACTIVITY_ID,
  AIRBNB_PORT,
  ALL_STANDINS,
  ATHLETE_ID,
  AVIATION_KEY,
  AVIATION_PROXY_PORT,
  BYCRAWL_KEY,
  BYCRAWL_MCP_PORT,
  BYCRAWL_PORT,
  CERT,
  DATA,
  SEGMENT_ID,
  SLOW_ACTIVITY_ID,
  STRAVA_PROXY_PORT,
  STRAVA_TOKEN,
  airbnbStandin,
  aviationStandin,
  bycrawlStandin,
  clearTimers,
  ensureCertificate,
  state,
  stravaStandin,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@r-huijts/strava-mcp-server": "1.2.1",
  "@bycrawl/mcp": "0.9.0",
  "flightradar-mcp-server": "0.1.2",
  "@openbnb/mcp-server-airbnb": "0.3.0",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

// -------------------------------------------------------------------------------------------- Strava

const strava: SessionSpec = {
  label: "r17-c-strava",
  server: "@r-huijts/strava-mcp-server",
  transport: "stdio",
  start: stdioServer("r17-c-strava", "@r-huijts/strava-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      STRAVA_ACCESS_TOKEN: STRAVA_TOKEN,
      HTTPS_PROXY: `http://127.0.0.1:${STRAVA_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      TZ: "UTC",
      HOME,
    },
  }),
  steps: [
    step("stv-001", "get-athlete-profile", {}, "the authenticated athlete's profile"),
    step("stv-002", "get-recent-activities", { perPage: 5 }, "the five most recent activities"),
    step("stv-003", "get-activity-details", { activityId: ACTIVITY_ID }, "one activity in detail"),
    step(
      "stv-004",
      "get-activity-details",
      { activityId: 99999999999 },
      "an activity id that does not exist",
    ),
    step(
      "stv-005",
      "get-activity-details",
      { activityId: 99999999999 },
      "the same missing activity again, unchanged",
    ),
    step("stv-006", "get-athlete-stats", { athleteId: ATHLETE_ID }, "the athlete's own totals"),
    step(
      "stv-007",
      "get-athlete-stats",
      { athleteId: 1023344 },
      "stats of another athlete (Strava serves only the authenticated athlete's)",
    ),
    step("stv-008", "list-athlete-clubs", {}, "clubs of an athlete who is in none"),
    step("stv-009", "list-starred-segments", {}, "the athlete's starred segments"),
    step("stv-010", "get-segment", { segmentId: SEGMENT_ID }, "one segment in detail"),
    step("stv-011", "get-segment", { segmentId: 4040404 }, "a segment id that does not exist"),
    step(
      "stv-012",
      "explore-segments",
      { bounds: "38.70,-9.20,38.75,-9.14", activityType: "running" },
      "running segments in a box over Lisbon",
    ),
    step(
      "stv-013",
      "explore-segments",
      { bounds: "-60.10,-45.20,-60.05,-45.15", activityType: "running" },
      "segments in a box in the South Atlantic (there are none)",
    ),
    step(
      "stv-014",
      "explore-segments",
      { bounds: "38.70,-9.20,38.75,-9.14", activityType: "running", minCat: 2 },
      "a climb-category filter on running segments (only rides have categories)",
    ),
    step(
      "stv-015",
      "star-segment",
      { segmentId: SEGMENT_ID, starred: false },
      "unstar a segment with a token that lacks the profile:write scope",
    ),
    step("stv-016", "get-recent-activities", { perPage: 0 }, "a page size of zero"),
    step("stv-017", "get-activity-details", { activityId: "latest" }, "an activity id given as a word"),
    step(
      "stv-018",
      "get-recent-activities",
      { perPage: 5 },
      "recent activities while the 15-minute rate limit is spent (429)",
      flag("stravaRateLimited"),
    ),
    step(
      "stv-019",
      "get-athlete-profile",
      {},
      "the profile after the athlete revoked the app's access (401)",
      flag("stravaTokenRevoked"),
    ),
    step(
      "stv-020",
      "list-starred-segments",
      {},
      "starred segments while the API answers 500",
      flag("stravaServerError"),
    ),
    step(
      "stv-021",
      "get-segment",
      { segmentId: SEGMENT_ID },
      "a segment while the load balancer answers an HTML 502",
      flag("stravaBadGateway"),
    ),
    step(
      "stv-022",
      "get-activity-details",
      { activityId: SLOW_ACTIVITY_ID },
      "an activity the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("stv-023", "delete-activity", { activityId: ACTIVITY_ID }, "a tool the server does not have"),
    step(
      "stv-024",
      "get-athlete-profile",
      {},
      "the profile while Strava cannot be reached (stand-in stopped)",
      down(stravaStandin),
    ),
    step(
      "stv-025",
      "get-activity-details",
      { activityId: SLOW_ACTIVITY_ID },
      "a slow activity; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ------------------------------------------------------------------------------------------- ByCrawl

const bycrawl: SessionSpec = {
  label: "r17-c-bycrawl",
  server: "@bycrawl/mcp",
  transport: "http",
  start: httpServer("r17-c-bycrawl", "@bycrawl/mcp", {
    from: FROM,
    port: BYCRAWL_MCP_PORT,
    env: {
      TRANSPORT: "http",
      PORT: String(BYCRAWL_MCP_PORT),
      HOST: "127.0.0.1",
      BYCRAWL_API_URL: `http://127.0.0.1:${BYCRAWL_PORT}`,
      HOME,
    },
    headers: () => ({ Authorization: `Bearer ${BYCRAWL_KEY}` }),
  }),
  steps: [
    step("bcr-001", "x_get_user", { username: "Twitter" }, "an X profile"),
    step("bcr-002", "x_search_posts", { q: "node.js release", count: 5 }, "search X posts"),
    step(
      "bcr-003",
      "x_search_posts",
      { q: "zqxv flux capacitor recall", product: "Latest" },
      "an X search that finds nothing",
    ),
    step("bcr-004", "x_get_user", { username: "acme_ghost_8812" }, "an X user that does not exist"),
    step(
      "bcr-005",
      "x_get_user",
      { username: "acme_ghost_8812" },
      "the same missing X user again, unchanged",
    ),
    step("bcr-006", "x_get_user_posts", { username: "nodejs", count: 5 }, "an X user's timeline"),
    step("bcr-007", "reddit_get_subreddit", { name: "node" }, "a subreddit's details"),
    step("bcr-008", "reddit_get_subreddit", { name: "acmeinternalcorp" }, "a subreddit that does not exist"),
    step(
      "bcr-009",
      "reddit_search_posts",
      { q: "undici fetch axios", sort: "top", t: "week" },
      "search Reddit posts",
    ),
    step("bcr-010", "youtube_get_video", { videoId: "dQw4w9WgXcQ" }, "a YouTube video's details"),
    step(
      "bcr-011",
      "youtube_get_video_transcription",
      { videoId: "dQw4w9WgXcQ", language: "ja" },
      "a transcript in a language the video does not have",
    ),
    step("bcr-012", "bycrawl_get_account", {}, "the account's plan and credits"),
    step("bcr-013", "bycrawl_health", {}, "the API's health"),
    step(
      "bcr-014",
      "x_get_user_posts",
      { username: "nodejs" },
      "a timeline after the account's credits ran out (402)",
      flag("bcNoCredits"),
    ),
    step(
      "bcr-015",
      "x_get_user",
      { username: "Twitter" },
      "a profile after the API key was revoked (401)",
      flag("bcKeyInvalid"),
    ),
    step(
      "bcr-016",
      "reddit_search_posts",
      { q: "undici fetch axios" },
      "a search while the API answers 429 (Retry-After: 23)",
      flag("bcRateLimited"),
    ),
    step(
      "bcr-017",
      "youtube_get_video",
      { videoId: "dQw4w9WgXcQ" },
      "a video while the API answers 500",
      flag("bcServerError"),
    ),
    step(
      "bcr-018",
      "x_get_user",
      { username: "Twitter" },
      "a profile while Cloudflare answers an HTML 502",
      flag("bcBadGateway"),
    ),
    step(
      "bcr-019",
      "x_search_posts",
      { q: "node.js release" },
      "a search while the platform behind the API times out (504)",
      flag("bcUpstreamTimeout"),
    ),
    step(
      "bcr-020",
      "x_search_posts",
      { q: "node.js release", product: "Trending" },
      "a search tab that is not in the enum",
    ),
    step("bcr-021", "reddit_get_subreddit", { name: 42 }, "a subreddit name given as a number"),
    step("bcr-022", "threads_delete_post", { postId: "C9x1" }, "a tool the server does not have"),
    step(
      "bcr-023",
      "x_get_user",
      { username: "Twitter" },
      "a profile while the ByCrawl API cannot be reached (stand-in stopped)",
      down(bycrawlStandin),
    ),
    step(
      "bcr-024",
      "x_search_posts",
      { q: "slow mcp release notes" },
      "a search the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "bcr-025",
      "x_search_posts",
      { q: "slow mcp release notes" },
      "a slow search; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ------------------------------------------------------------------------------------- AviationStack

const aviation: SessionSpec = {
  label: "r17-c-aviation",
  server: "flightradar-mcp-server",
  transport: "stdio",
  start: stdioServer("r17-c-aviation", "flightradar-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      AVIATIONSTACK_API_KEY: AVIATION_KEY,
      HTTP_PROXY: `http://127.0.0.1:${AVIATION_PROXY_PORT}`,
      HOME,
    },
  }),
  steps: [
    step("avs-001", "get_flight_data", { flight_iata: "BA117" }, "a flight in the air, by IATA number"),
    step("avs-002", "get_flight_status", { flight_iata: "BA117" }, "the same flight's status summary"),
    step(
      "avs-003",
      "search_flights",
      { dep_iata: "LHR", arr_iata: "JFK", limit: 10 },
      "today's flights from Heathrow to JFK",
    ),
    step("avs-004", "get_flight_status", { flight_icao: "TAP1350" }, "a landed flight by ICAO number"),
    step("avs-005", "get_flight_status", { flight_iata: "TP1351" }, "a cancelled flight"),
    step("avs-006", "get_flight_data", { flight_iata: "ZZ4821" }, "a flight number nobody flies"),
    step(
      "avs-007",
      "search_flights",
      { dep_iata: "LIS", flight_status: "diverted" },
      "diverted flights out of Lisbon (there are none)",
    ),
    step("avs-008", "search_flights", { airline_iata: "TP", limit: 500 }, "a limit over the maximum of 100"),
    step("avs-009", "get_flight_data", {}, "flight data with neither flight number"),
    step(
      "avs-010",
      "search_flights",
      { dep_iata: "LHR", flight_status: "delayed" },
      "a flight status the API does not know",
    ),
    step(
      "avs-011",
      "get_flight_data",
      { flight_iata: "BA117" },
      "flight data after the access key was reset (401)",
      flag("avKeyInvalid"),
    ),
    step(
      "avs-012",
      "get_flight_data",
      { flight_iata: "BA117" },
      "the same call with the same dead key, unchanged",
      flag("avKeyInvalid"),
    ),
    step(
      "avs-013",
      "search_flights",
      { airline_iata: "BA" },
      "a search the subscription plan does not include (403)",
      flag("avPlanRestricted"),
    ),
    step(
      "avs-014",
      "get_flight_status",
      { flight_iata: "BA117" },
      "status after the monthly request allowance is spent (429)",
      flag("avMonthlyLimit"),
    ),
    step(
      "avs-015",
      "get_flight_status",
      { flight_iata: "BA117" },
      "status while the API answers the spent allowance with HTTP 200 and an error body",
      flag("avLegacyLimit200"),
    ),
    step(
      "avs-016",
      "get_flight_data",
      { flight_iata: "TP1350" },
      "flight data while the API answers 500 internal_error",
      flag("avInternalError"),
    ),
    step(
      "avs-017",
      "search_flights",
      { dep_iata: "LHR" },
      "a search while Cloudflare answers an HTML 502",
      flag("avBadGateway"),
    ),
    step(
      "avs-018",
      "get_flight_status",
      { flight_iata: "TP1350" },
      "status while the API answers 503",
      flag("avUnavailable"),
    ),
    step(
      "avs-019",
      "get_flight_data",
      { flight_iata: "BA9999" },
      "a flight the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("avs-020", "get_airport_info", { iata: "LHR" }, "a tool the server does not have"),
    step(
      "avs-021",
      "get_flight_status",
      { flight_iata: "BA117" },
      "status while AviationStack cannot be reached (stand-in stopped)",
      down(aviationStandin),
    ),
    step(
      "avs-022",
      "search_flights",
      { arr_iata: "LIS", flight_status: "cancelled" },
      "cancelled arrivals into Lisbon",
    ),
    step(
      "avs-023",
      "get_flight_data",
      { flight_iata: "BA9999" },
      "a slow flight lookup; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// -------------------------------------------------------------------------------------------- Airbnb

/** The per-call switch past the server's robots.txt check, which refuses every path by default (README). */
const R = { ignoreRobotsText: true };

const airbnb: SessionSpec = {
  label: "r17-c-airbnb",
  server: "@openbnb/mcp-server-airbnb",
  transport: "stdio",
  start: stdioServer("r17-c-airbnb", "@openbnb/mcp-server-airbnb", {
    from: FROM,
    cwd: DATA,
    env: {
      DISABLE_GEOCODING: "true",
      AIRBNB_STANDIN_PORT: String(AIRBNB_PORT),
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import=${path.join(FROM, "https-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step(
      "abn-001",
      "airbnb_search",
      { location: "Lisbon, Portugal" },
      "stays in Lisbon, with the server's default robots.txt check",
    ),
    step("abn-002", "airbnb_search", { location: "Lisbon, Portugal" }, "the same search again, unchanged"),
    step(
      "abn-003",
      "airbnb_search",
      { location: "Lisbon, Portugal", ...R },
      "stays in Lisbon, robots.txt ignored",
    ),
    step(
      "abn-004",
      "airbnb_search",
      { location: "Lisbon, Portugal", checkin: "2027-03-10", checkout: "2027-03-15", adults: 2, ...R },
      "stays in Lisbon for five nights, two adults",
    ),
    step(
      "abn-005",
      "airbnb_search",
      { location: "Lisbon, Portugal", propertyType: "private_room", maxPrice: 80, ...R },
      "private rooms in Lisbon under 80",
    ),
    step("abn-006", "airbnb_search", { location: "Xyzzy Flats, Antarctica", ...R }, "a place with no stays"),
    step(
      "abn-007",
      "airbnb_search",
      { location: "Lisbon, Portugal", cursor: "eyJzZWN0aW9uX29mZnNldCI6MCwiaXRlbXNfb2Zmc2V0IjoxOH0=", ...R },
      "the second page of results",
    ),
    step("abn-008", "airbnb_listing_details", { id: "51002211", ...R }, "one listing's details"),
    step(
      "abn-009",
      "airbnb_listing_details",
      { id: "51002211", checkin: "2027-03-10", checkout: "2027-03-15", adults: 2, ...R },
      "the listing for given dates",
    ),
    step("abn-010", "airbnb_listing_details", { id: "990000000", ...R }, "a listing id that does not exist"),
    step(
      "abn-011",
      "airbnb_listing_details",
      { id: "33310042", ...R },
      "a delisted listing whose page carries no data",
    ),
    step(
      "abn-012",
      "airbnb_search",
      { location: "Porto, Portugal", ...R },
      "a search whose page no longer has the stays data where the server looks",
    ),
    step(
      "abn-013",
      "airbnb_search",
      { location: "Lisbon, Portugal", ...R },
      "a search while Airbnb's edge refuses the client (403 Access Denied)",
      flag("abForbidden"),
    ),
    step(
      "abn-014",
      "airbnb_search",
      { location: "Lisbon, Portugal", ...R },
      "a search while Airbnb answers 429",
      flag("abRateLimited"),
    ),
    step(
      "abn-015",
      "airbnb_listing_details",
      { id: "51002211", ...R },
      "a listing while Airbnb answers an HTML 503",
      flag("abUnavailable"),
    ),
    step(
      "abn-016",
      "airbnb_listing_details",
      { id: "51002211", ...R },
      "a listing while Airbnb answers 500",
      flag("abServerError"),
    ),
    step("abn-017", "airbnb_search", { adults: 2, ...R }, "a search without the required location"),
    step(
      "abn-018",
      "airbnb_search",
      { location: "Lisbon, Portugal", adults: "two", ...R },
      "the number of adults given as a word",
    ),
    step("abn-019", "airbnb_book", { id: "51002211" }, "a tool the server does not have"),
    step(
      "abn-020",
      "airbnb_search",
      { location: "Slowtown, Portugal", ...R },
      "a search Airbnb takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "abn-021",
      "airbnb_listing_details",
      { id: "51002211", ...R },
      "a listing while Airbnb cannot be reached (stand-in stopped)",
      down(airbnbStandin),
    ),
    step(
      "abn-022",
      "airbnb_listing_details",
      { id: "88120019", ...R },
      "a slow listing; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [strava, bycrawl, aviation, airbnb];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
