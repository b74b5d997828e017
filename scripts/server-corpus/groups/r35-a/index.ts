// Group r35-a: video meetings. Twilio's Programmable Video (rooms, participants, recordings, compositions) through
// Twilio's own OpenAPI-driven MCP server, and — the brief's kind has no second installable server on this round's
// registry mirror (README.md) — a neighbouring kind the corpus lacks: cloud video encoding (Transloadit), the step that
// turns a meeting recording into a file to share.
//
//   (cd scripts/server-corpus/groups/r35-a && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r35-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ACCOUNT_SID,
  ALL_STANDINS,
  API_KEY,
  API_SECRET,
  CERT_PATH,
  DATA,
  TL_KEY,
  TL_SECRET,
  TL_WRONG_KEY,
  TRANSLOADIT_PORT,
  TWILIO_PORT,
  WRONG_API_KEY,
  clearTimers,
  resetCounters,
  seen,
  state,
  transloadit,
  twilio,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@twilio-alpha/mcp": "0.7.0",
  "@transloadit/mcp-server": "0.3.31",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

// ---- Twilio Video ----

const ROOM_A = "RMa3f1c9e2b4d6f8a0c2e4b6d8f0a2c4e6";
const ROOM_MISSING = "RM00000000000000000000000000000000";
const V = (name: string) => `TwilioVideoV1--${name}`;

const twilioStart = (label: string, apiKey: string) =>
  stdioServer(label, "@twilio-alpha/mcp", {
    from: FROM,
    cwd: DATA,
    args: [
      ...["--accountSid", ACCOUNT_SID, "--apiKey", apiKey, "--apiSecret", API_SECRET],
      ...["--services", "twilio_video_v1"],
    ],
    env: {
      HOME,
      NODE_OPTIONS: `--import ${path.join(FROM, "https-preload.mjs")}`,
      NODE_EXTRA_CA_CERTS: CERT_PATH(),
      TWILIO_STANDIN_PORT: String(TWILIO_PORT),
    },
  });

const tw: SessionSpec = {
  label: "r35-a-twilio-video",
  server: "@twilio-alpha/mcp",
  transport: "stdio",
  start: twilioStart("r35-a-twilio-video", API_KEY),
  steps: [
    step("tvid-001", V("ListRoom"), {}, "the account's rooms (two in progress)"),
    step(
      "tvid-002",
      V("CreateRoom"),
      { UniqueName: "standup-2026-12-07", Type: "group", MaxParticipants: 12 },
      "a new group room",
    ),
    step("tvid-003", V("FetchRoom"), { Sid: ROOM_A }, "one room by its SID"),
    step("tvid-004", V("ListRoomParticipant"), { RoomSid: ROOM_A }, "a room's two connected participants"),
    step(
      "tvid-005",
      V("ListRoomRecording"),
      { RoomSid: ROOM_A },
      "a room's recordings (none: it records nothing)",
    ),
    step("tvid-006", V("FetchRoom"), { Sid: ROOM_MISSING }, "a room SID that does not exist (404 20404)"),
    step("tvid-007", V("FetchRoom"), { Sid: ROOM_MISSING }, "the same lookup again, unchanged"),
    step(
      "tvid-008",
      V("CreateRoom"),
      { UniqueName: "weekly-design-review", Type: "group" },
      "a room whose unique name is taken by a room in progress (53113)",
    ),
    step(
      "tvid-009",
      V("CreateRoom"),
      { UniqueName: "all-hands-2026-12", Type: "webinar" },
      "a room type Twilio does not have (53108)",
    ),
    step("tvid-010", V("UpdateRoom"), { Sid: ROOM_A, Status: "completed" }, "ending a room in progress"),
    step(
      "tvid-011",
      V("UpdateRoom"),
      { Sid: ROOM_A, Status: "completed" },
      "ending the same room again, now completed (53112)",
    ),
    step("tvid-012", V("ListComposition"), {}, "the account's compositions (one completed)"),
    step(
      "tvid-013",
      V("CreateComposition"),
      { RoomSid: ROOM_A, Format: "mp4" },
      "a composition of the ended room",
    ),
    step(
      "tvid-014",
      V("FetchRoomParticipant"),
      { RoomSid: ROOM_A },
      "a participant lookup without the participant's SID (the path keeps '{Sid}')",
    ),
    step(
      "tvid-015",
      V("CreateRoom"),
      { UniqueName: "customer-onboarding-88", Type: "group" },
      "a room while the account's concurrent-rooms quota is used up (53119)",
      flag("roomQuota"),
    ),
    step(
      "tvid-016",
      V("ListRoom"),
      {},
      "the rooms while Twilio answers 429 (20429) with Retry-After",
      flag("rateLimited"),
    ),
    step(
      "tvid-017",
      V("FetchRecordingSettings"),
      {},
      "recording settings with an API key whose permissions exclude them (403 20403)",
      flag("forbidden"),
    ),
    step(
      "tvid-018",
      V("ListRecording"),
      {},
      "the recordings while Twilio answers 500 (20500)",
      flag("serverError"),
    ),
    step(
      "tvid-019",
      V("ListComposition"),
      {},
      "the compositions while a 503 HTML page answers",
      flag("unavailable"),
    ),
    step(
      "tvid-020",
      V("ListRoom"),
      {},
      "an answer 15 s late; the client waits 3 s",
      flag("slow", { timeoutMs: 3000 }),
    ),
    step(
      "tvid-021",
      V("ListRoom"),
      {},
      "the rooms while Twilio is unreachable (connection refused)",
      down(twilio),
    ),
    step("tvid-022", V("ListMeetings"), {}, "a tool the server does not have"),
  ],
};

const twWrongKey: SessionSpec = {
  label: "r35-a-twilio-video-wrong-key",
  server: "@twilio-alpha/mcp",
  transport: "stdio",
  start: twilioStart("r35-a-twilio-video-wrong-key", WRONG_API_KEY),
  steps: [
    step("tvid-023", V("ListRoom"), {}, "the rooms with an API key SID Twilio does not know (401 20003)"),
  ],
};

// ---- Transloadit ----

const ASSEMBLY_ID = "e1b3d5f7a9c1e3b5d7f9a1c3e5b7d9f1";
const ASSEMBLY_MISSING = "0000aaaa1111bbbb2222cccc3333dddd";
const ENCODE = {
  steps: {
    imported: { robot: "/http/import", url: "https://media.example.org/meetings/weekly-design-review.webm" },
    encoded: { robot: "/video/encode", use: "imported", preset: "hls-720p", ffmpeg_stack: "v6.0.0" },
  },
};

const tlStart = (label: string, key: string) =>
  stdioServer(label, "@transloadit/mcp-server", {
    from: FROM,
    cwd: DATA,
    bin: "transloadit-mcp",
    args: ["stdio"],
    env: {
      HOME,
      TRANSLOADIT_KEY: key,
      TRANSLOADIT_SECRET: TL_SECRET,
      TRANSLOADIT_ENDPOINT: `http://127.0.0.1:${TRANSLOADIT_PORT}`,
    },
  });

const tl: SessionSpec = {
  label: "r35-a-transloadit",
  server: "@transloadit/mcp-server",
  transport: "stdio",
  start: tlStart("r35-a-transloadit", TL_KEY),
  steps: [
    step("tlv-001", "transloadit_list_robots", { search: "video", limit: 5 }, "robots matching 'video'"),
    step(
      "tlv-002",
      "transloadit_get_robot_help",
      { robot_name: "/video/encode" },
      "help for the video encoding robot",
    ),
    step(
      "tlv-003",
      "transloadit_get_robot_help",
      { robot_name: "/video/transmogrify" },
      "help for a robot that does not exist",
    ),
    step(
      "tlv-004",
      "transloadit_lint_assembly_instructions",
      { instructions: ENCODE },
      "linting valid instructions",
    ),
    step(
      "tlv-005",
      "transloadit_lint_assembly_instructions",
      { instructions: { steps: { encoded: { robot: "/video/encode", use: "nowhere" } } } },
      "linting instructions whose step uses a step that does not exist",
    ),
    step("tlv-006", "transloadit_list_templates", {}, "the account's templates"),
    step(
      "tlv-007",
      "transloadit_list_templates",
      { keywords: ["podcast"] },
      "templates matching a word none has",
    ),
    step(
      "tlv-008",
      "transloadit_create_assembly",
      { instructions: ENCODE },
      "an encoding assembly for a recording",
    ),
    step(
      "tlv-009",
      "transloadit_get_assembly_status",
      { assembly_id: ASSEMBLY_ID },
      "that assembly's status (executing)",
    ),
    step(
      "tlv-010",
      "transloadit_wait_for_assembly",
      { assembly_id: ASSEMBLY_ID, timeout_ms: 10000, poll_interval_ms: 200 },
      "waiting for the assembly to complete",
    ),
    step(
      "tlv-011",
      "transloadit_get_assembly_status",
      { assembly_id: ASSEMBLY_MISSING },
      "an assembly ID that does not exist (404 ASSEMBLY_NOT_FOUND)",
    ),
    step(
      "tlv-012",
      "transloadit_get_assembly_status",
      { assembly_id: ASSEMBLY_MISSING },
      "the same lookup again, unchanged",
    ),
    step("tlv-013", "transloadit_get_assembly_status", {}, "a status lookup with neither URL nor ID"),
    step(
      "tlv-014",
      "transloadit_create_assembly",
      { instructions: { template_id: "meeting-recording-4k" } },
      "an assembly from a template that does not exist",
    ),
    step(
      "tlv-015",
      "transloadit_create_assembly",
      { instructions: { steps: {} } },
      "an assembly with no steps (400 ASSEMBLY_NO_STEPS)",
    ),
    step(
      "tlv-016",
      "transloadit_list_templates",
      {},
      "the templates while the API answers 429 RATE_LIMIT_REACHED (the client retries five times)",
      flag("tlRateLimited", { timeoutMs: 30000 }),
    ),
    step(
      "tlv-017",
      "transloadit_get_assembly_status",
      { assembly_id: ASSEMBLY_ID },
      "a status while nginx answers a 500 page",
      flag("tlServerError"),
    ),
    step(
      "tlv-018",
      "transloadit_list_templates",
      {},
      "the templates while a gateway answers a 502 page",
      flag("tlBadGateway"),
    ),
    step(
      "tlv-019",
      "transloadit_get_assembly_status",
      { assembly_id: ASSEMBLY_ID },
      "an answer 15 s late; the client waits 3 s",
      flag("tlSlow", { timeoutMs: 3000 }),
    ),
    step(
      "tlv-020",
      "transloadit_create_assembly",
      { instructions: ENCODE },
      "an assembly while the API is unreachable (connection refused)",
      down(transloadit),
    ),
    step(
      "tlv-021",
      "transloadit_cancel_assembly",
      { assembly_id: ASSEMBLY_ID },
      "a tool the server does not have",
    ),
  ],
};

const tlWrongKey: SessionSpec = {
  label: "r35-a-transloadit-wrong-key",
  server: "@transloadit/mcp-server",
  transport: "stdio",
  start: tlStart("r35-a-transloadit-wrong-key", TL_WRONG_KEY),
  steps: [
    step(
      "tlv-022",
      "transloadit_list_templates",
      {},
      "the templates with an Auth Key Transloadit does not know",
    ),
    step(
      "tlv-023",
      "transloadit_get_assembly_status",
      { assembly_id: ASSEMBLY_ID },
      "an assembly's status with the same unknown Auth Key",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [tw, twWrongKey, tl, tlWrongKey];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  resetCounters();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
