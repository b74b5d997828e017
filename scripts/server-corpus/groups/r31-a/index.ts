// Group r31-a: meeting recorders and their transcripts — tl;dv's meetings, transcripts and AI highlights (tldv-mcp)
// and Gilbert's meetings, transcripts, summaries and folders (gilbert-mcp): each published MCP server behind a
// loopback stand-in that answers with the service's shapes and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r31-a && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r31-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  GILBERT_FOLDERS,
  GILBERT_KEY,
  GILBERT_MEETINGS,
  GILBERT_PORT,
  TLDV_KEY,
  TLDV_MEETINGS,
  TLDV_PROXY_PORT,
  clearTimers,
  ensureCertificate,
  gilbertStandin,
  resetCounters,
  seen,
  state,
  tldvProxy,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "tldv-mcp": "1.0.2",
  "gilbert-mcp": "1.2.0",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");
const T = TLDV_MEETINGS;
const G = GILBERT_MEETINGS;

// ------------------------------------------------------------------------------------------- tldv-mcp (stdio)

const tldv: SessionSpec = {
  label: "r31-a-tldv",
  server: "tldv-mcp",
  transport: "stdio",
  start: stdioServer("r31-a-tldv", "tldv-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      HOME,
      TLDV_API_KEY: TLDV_KEY,
      HTTPS_PROXY: `http://127.0.0.1:${TLDV_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
    },
  }),
  steps: [
    step("tldv-001", "list-meetings", {}, "the workspace's meetings, newest first"),
    step("tldv-002", "list-meetings", { query: "pricing" }, "meetings whose title matches 'pricing'"),
    step("tldv-003", "list-meetings", { query: "board offsite" }, "a search nothing matches"),
    step(
      "tldv-004",
      "list-meetings",
      { meetingType: "external", onlyParticipated: true, page: 2, limit: 1 },
      "external meetings the user took part in, second page of one",
    ),
    step("tldv-005", "get-meeting-metadata", { id: T.pricing }, "one meeting's metadata"),
    step("tldv-006", "get-transcript", { meetingId: T.pricing }, "that meeting's transcript"),
    step("tldv-007", "get-highlights", { meetingId: T.pricing }, "that meeting's AI and manual highlights"),
    step("tldv-008", "get-highlights", { meetingId: T.noHighlights }, "a 1:1 with no highlights yet"),
    step(
      "tldv-009",
      "get-meeting-metadata",
      { id: T.customer },
      "a meeting's metadata while the API throttles once (429, Retry-After 1); the server retries",
      flag("tldvThrottledOnce"),
    ),
    step("tldv-010", "get-meeting-metadata", { id: T.missing }, "a meeting id that does not exist (404)"),
    step("tldv-011", "get-meeting-metadata", { id: T.missing }, "the same call again, id unchanged"),
    step(
      "tldv-012",
      "get-transcript",
      { meetingId: "pricing-review-q1" },
      "a meeting's title where its id belongs (400 validation)",
    ),
    step(
      "tldv-013",
      "list-meetings",
      { from: "last tuesday" },
      "a 'from' that is not an ISO date-time (the tool's own schema)",
    ),
    step("tldv-014", "get-transcript", {}, "no meetingId at all"),
    step(
      "tldv-015",
      "get-meeting-metadata",
      { id: T.otherWorkspace },
      "a meeting from another workspace (403)",
    ),
    step(
      "tldv-016",
      "list-meetings",
      { query: "stand-up" },
      "meetings after the API key was revoked (401)",
      flag("tldvKeyRevoked"),
    ),
    step(
      "tldv-017",
      "get-highlights",
      { meetingId: T.standup },
      "highlights while the API keeps throttling (429, Retry-After 30); the server retries three times",
      flag("tldvThrottled"),
    ),
    step(
      "tldv-018",
      "get-transcript",
      { meetingId: T.standup },
      "a transcript while the API answers 500 every time; the server retries three times",
      flag("tldvServerError"),
    ),
    step(
      "tldv-019",
      "get-meeting-metadata",
      { id: T.standup },
      "metadata while the edge answers a 502 HTML page every time",
      flag("tldvBadGateway"),
    ),
    step(
      "tldv-020",
      "get-transcript",
      { meetingId: T.slow },
      "a transcript the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "tldv-021",
      "list-meetings",
      { query: "onboarding" },
      "meetings while pasta.tldv.io cannot be reached",
      down(tldvProxy),
    ),
    step(
      "tldv-022",
      "import-meeting",
      { url: "https://meet.google.com/abc-defg-hij" },
      "a tool the server does not have",
    ),
    step("tldv-023", "get-transcript", { meetingId: T.customer }, "the onboarding call's transcript"),
  ],
};

// ---------------------------------------------------------------------------------------- gilbert-mcp (stdio)

const gilbert: SessionSpec = {
  label: "r31-a-gilbert",
  server: "gilbert-mcp",
  transport: "stdio",
  start: stdioServer("r31-a-gilbert", "gilbert-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      HOME,
      GILBERT_API_KEY: GILBERT_KEY,
      GILBERT_BASE_URL: `http://127.0.0.1:${GILBERT_PORT}/api/v1`,
    },
  }),
  steps: [
    step("glb-001", "list_meetings", {}, "the user's meetings, first page"),
    step(
      "glb-002",
      "list_meetings",
      { status: "completed", from: "2026-11-01", per_page: 50 },
      "completed meetings since 1 November, 50 a page",
    ),
    step("glb-003", "list_meetings", { status: "error" }, "meetings whose transcription failed (none)"),
    step(
      "glb-004",
      "get_meeting",
      { meeting_id: G.copil },
      "one meeting in full: metadata, transcript, summary",
    ),
    step("glb-005", "get_transcript", { meeting_id: G.copil }, "that meeting's transcript only"),
    step("glb-006", "get_summary", { meeting_id: G.copil }, "that meeting's summary only"),
    step(
      "glb-007",
      "get_meeting",
      { meeting_id: G.failedSummary },
      "a meeting transcribed but whose summary generation failed",
    ),
    step("glb-008", "search_meetings", { q: "budget" }, "full-text search for 'budget'"),
    step("glb-009", "search_meetings", { q: "licornes" }, "a search nothing matches"),
    step("glb-010", "list_folders", {}, "the user's folders"),
    step(
      "glb-011",
      "get_folder_meetings",
      { folder_id: GILBERT_FOLDERS.kickoff },
      "the meetings of the 'Kick-off projets' folder",
    ),
    step(
      "glb-012",
      "get_folder_meetings",
      { folder_id: GILBERT_FOLDERS.shared },
      "a folder shared with the user, with a key lacking shared:read (403)",
    ),
    step("glb-013", "get_summary", { meeting_id: G.missing }, "a meeting id that does not exist (404)"),
    step("glb-014", "get_summary", { meeting_id: G.missing }, "the same call again, id unchanged"),
    step("glb-015", "list_meetings", { per_page: 500 }, "500 a page, above the tool's maximum of 100"),
    step("glb-016", "list_meetings", { from: "hier" }, "'hier' as a date (the API's 422)"),
    step(
      "glb-017",
      "get_transcript",
      { meeting_id: G.budget },
      "a transcript after the API key was revoked (401)",
      flag("gilKeyRevoked"),
    ),
    step(
      "glb-018",
      "search_meetings",
      { q: "recette" },
      "a search once the plan's monthly API quota is spent (402)",
      flag("gilQuota"),
    ),
    step(
      "glb-019",
      "list_meetings",
      { status: "completed" },
      "meetings while the API throttles (429, Retry-After 37)",
      flag("gilThrottled"),
    ),
    step(
      "glb-020",
      "get_meeting",
      { meeting_id: G.budget },
      "a meeting while the API answers 500 every time; the server retries once",
      flag("gilServerError"),
    ),
    step(
      "glb-021",
      "list_folders",
      {},
      "folders while the front answers nginx's 502 page every time; the server retries once",
      flag("gilBadGateway"),
    ),
    step(
      "glb-022",
      "get_summary",
      { meeting_id: G.slow },
      "a summary the API takes 20 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "glb-023",
      "get_transcript",
      { meeting_id: G.copil },
      "a transcript while the Gilbert API cannot be reached",
      down(gilbertStandin),
    ),
    step("glb-024", "create_meeting", { title: "Point budget" }, "a tool the server does not have"),
    step("glb-025", "get_summary", { meeting_id: G.budget }, "the Q3 budget review's summary"),
  ],
};

export const SESSIONS: SessionSpec[] = [tldv, gilbert];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  resetCounters();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
    console.error(`requests seen: ${[...seen.entries()].map(([key, n]) => `${key} ×${n}`).join("; ")}`);
  };
}
