// Group r42-b: video recordings — a webinar team's recordings, live streams, uploads and viewer metrics on Mux
// through Mux's own MCP server (@mux/mcp, the Mux Video and Data APIs through the Mux SDK), and recorded Loom
// walkthroughs' transcripts and comments through @daanvanhulsen/loom-transcript-mcp (Loom's GraphQL API and its
// captions CDN). Both published servers run behind loopback stand-ins (standins.ts).
//
//   (cd scripts/server-corpus/groups/r42-b && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r42-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  LOOM_PROXY_PORT,
  MUX_PORT,
  MUX_TOKEN_ID,
  MUX_TOKEN_SECRET,
  clearTimers,
  ensureCertificate,
  loomProxy,
  muxApi,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@mux/mcp": "12.8.0",
  "@daanvanhulsen/loom-transcript-mcp": "1.0.4",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

const READY = "Lm02SbQx5vJ3u8Vh01zTq7YkWcN4pRf6Ga9DeH2iK";
const ERRORED = "Vx3Kp8Lw01Qm5Tz9Rb2Hn7Jc4Fd6Sg0Ya";
const GONE = "Tq9Wm01Kx5Lv3Rb8Hn2Jc7Pf4Sd6Gy0Zz";

const muxSession: SessionSpec = {
  label: "r42-b-mux",
  server: "@mux/mcp",
  transport: "stdio",
  start: stdioServer("r42-b-mux", "@mux/mcp", {
    from: FROM,
    // One tool per endpoint, as the README's default; MUX_BASE_URL is the SDK's own setting for its API host.
    args: ["--tools=all"],
    env: {
      HOME,
      MUX_BASE_URL: `http://127.0.0.1:${MUX_PORT}`,
      MUX_TOKEN_ID,
      MUX_TOKEN_SECRET,
    },
  }),
  steps: [
    step("b-mux-001", "whoami_system_utilities", {}, "the token's environment and permissions"),
    step("b-mux-002", "list_video_assets", {}, "the environment's assets: one ready, one errored"),
    step("b-mux-003", "list_video_assets", { page: 3, limit: 25 }, "a page past the last asset: data []"),
    step("b-mux-004", "retrieve_video_assets", { ASSET_ID: READY }, "a ready webinar recording"),
    step(
      "b-mux-005",
      "retrieve_video_assets",
      { ASSET_ID: ERRORED },
      "an asset whose processing failed (status errored, errors.messages in the asset itself)",
    ),
    step("b-mux-006", "retrieve_video_assets", { ASSET_ID: GONE }, "an asset id that does not exist: 404"),
    step("b-mux-007", "retrieve_video_assets", { ASSET_ID: GONE }, "the same call again, unchanged"),
    step(
      "b-mux-008",
      "create_video_assets",
      {
        inputs: [{ url: "https://media.halden.example/webinars/2026-12-06-q-and-a.mp4" }],
        playback_policies: ["public"],
        video_quality: "basic",
      },
      "a new asset from a URL: 201, status preparing",
    ),
    step(
      "b-mux-009",
      "create_video_assets",
      { inputs: [{ url: "webinars/2026-12-06-q-and-a.mp4" }], playback_policies: ["public"] },
      "an input that is not a URL: 400 invalid_parameters",
    ),
    step(
      "b-mux-010",
      "create_video_assets",
      { inputs: [{ url: "https://media.halden.example/webinars/2026-12-07-ama.mp4" }] },
      "the environment's free plan is at its asset limit: 400 invalid_parameters naming the plan",
      flag("muxPlanLimit"),
    ),
    step(
      "b-mux-011",
      "create_playback_id_video_assets",
      { ASSET_ID: READY, policy: "signed" },
      "a signed playback id for the ready asset",
    ),
    step("b-mux-012", "list_video_live_streams", {}, "the environment's live streams"),
    step("b-mux-013", "list_video_uploads", {}, "direct uploads: none waiting"),
    step(
      "b-mux-014",
      "create_video_uploads",
      { cors_origin: "https://studio.halden.example", new_asset_settings: { playback_policies: ["public"] } },
      "a direct upload URL",
    ),
    step(
      "b-mux-015",
      "get_overall_values_data_metrics",
      { METRIC_ID: "video_startup_time", timeframe: ["7:days"] },
      "Mux Data: the week's overall startup time",
    ),
    step(
      "b-mux-016",
      "get_overall_values_data_metrics",
      { METRIC_ID: "startup_latency", timeframe: ["7:days"] },
      "a metric name Mux Data does not have: 400 invalid_parameters",
    ),
    step("b-mux-017", "list_data_errors", { timeframe: ["7:days"] }, "Mux Data: the week's playback errors"),
    step(
      "b-mux-018",
      "list_data_video_views",
      { timeframe: ["12:hours"], filters: ["asset_id:" + ERRORED] },
      "Mux Data: views of the errored asset in 12 hours: none",
    ),
    step(
      "b-mux-019",
      "list_video_assets",
      {},
      "the access token revoked: 401 unauthorized",
      flag("muxRevoked"),
    ),
    step(
      "b-mux-020",
      "list_video_live_streams",
      {},
      "429 too_many_requests with Retry-After: 1 on every try (the SDK retries twice)",
      flag("muxRateLimited"),
    ),
    step(
      "b-mux-021",
      "retrieve_video_assets",
      { ASSET_ID: READY },
      "500 internal_server_error on every try (the SDK retries twice)",
      flag("muxServerError"),
    ),
    step(
      "b-mux-022",
      "whoami_system_utilities",
      {},
      "Cloudflare's 502 HTML page on every try",
      flag("muxBadGateway"),
    ),
    step(
      "b-mux-023",
      "retrieve_video_assets",
      { ASSET_ID: READY },
      "Mux answers 15 s late; the client waits 4 s",
      flag("muxSlow", { timeoutMs: 4000 }),
    ),
    step(
      "b-mux-024",
      "list_video_uploads",
      {},
      "Mux unreachable (connection refused; the SDK retries twice)",
      down(muxApi),
    ),
    step("b-mux-025", "delete_video_assets", { ASSET_ID: ERRORED }, "a tool the server does not expose"),
  ],
};

const LOOM_OK = "https://www.loom.com/share/4b8e2d71c9f0a3e5b6d4c2a1f8e7d9b3";

const loomSession: SessionSpec = {
  label: "r42-b-loom",
  server: "@daanvanhulsen/loom-transcript-mcp",
  transport: "stdio",
  start: stdioServer("r42-b-loom", "@daanvanhulsen/loom-transcript-mcp", {
    from: FROM,
    // www.loom.com and its captions CDN are written into the server; axios follows HTTPS_PROXY.
    env: {
      HOME,
      HTTPS_PROXY: `http://127.0.0.1:${LOOM_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
    },
  }),
  steps: [
    step(
      "b-loom-001",
      "getLoomTranscript",
      { videoUrl: LOOM_OK },
      "a walkthrough with a finished transcript",
    ),
    step(
      "b-loom-002",
      "getLoomTranscript",
      { videoUrl: `${LOOM_OK}?sid=2f9c1e47-8a3b-4d6e-b5c0-7e1a9d3f2c84` },
      "the same video by a share link with a session query",
    ),
    step("b-loom-003", "getLoomComments", { videoUrl: LOOM_OK }, "its comments, one with a reply"),
    step(
      "b-loom-004",
      "getLoomComments",
      { videoUrl: "https://www.loom.com/share/7d1f4a8c2e6b9d3f0a5c8e1b4d7f2a6c" },
      "a video nobody commented on",
    ),
    step(
      "b-loom-005",
      "getLoomTranscript",
      { videoUrl: "https://www.loom.com/share/7d1f4a8c2e6b9d3f0a5c8e1b4d7f2a6c" },
      "a video with no speech: the captions file holds only its WEBVTT header",
    ),
    step(
      "b-loom-006",
      "getLoomTranscript",
      { videoUrl: "https://www.loom.com/embed/4b8e2d71c9f0a3e5b6d4c2a1f8e7d9b3" },
      "an embed link, not a share link: the server finds no video id",
    ),
    step(
      "b-loom-007",
      "getLoomTranscript",
      { videoUrl: "https://www.loom.com/share/f00dbabe00000000000000000000dead" },
      "a video that does not exist: GraphQL GenericError 'Video not found'",
    ),
    step(
      "b-loom-008",
      "getLoomTranscript",
      { videoUrl: "https://www.loom.com/share/f00dbabe00000000000000000000dead" },
      "the same call again, unchanged",
    ),
    step(
      "b-loom-009",
      "getLoomTranscript",
      { videoUrl: "https://www.loom.com/share/e2b5d8a1c4f7e0b3d6a9c2f5e8b1d4a7" },
      "a video whose transcript is still being made (transcription_status in_progress, no captions URL)",
    ),
    step(
      "b-loom-010",
      "getLoomTranscript",
      { videoUrl: "https://www.loom.com/share/a9c3e6f0b2d5a8c1e4f7b0d3a6c9e2f5" },
      "a password-protected video: GenericError 'Password required to view this video'",
    ),
    step(
      "b-loom-011",
      "getLoomComments",
      { videoUrl: "https://www.loom.com/share/f00dbabe00000000000000000000dead" },
      "comments of a video that does not exist: video null",
    ),
    step(
      "b-loom-012",
      "getLoomTranscript",
      { videoUrl: "https://www.loom.com/share/0c6a9e3f5b2d8a1c7e4f9b0d3a6c2e5f" },
      "the captions CDN refuses the file: 403 AccessDenied",
    ),
    step(
      "b-loom-013",
      "getLoomTranscript",
      { videoUrl: LOOM_OK },
      "Loom's GraphQL answers 200 with a validation error and data null",
      flag("loomQueryRejected"),
    ),
    step(
      "b-loom-014",
      "getLoomComments",
      { videoUrl: LOOM_OK },
      "Loom answers 429 with Retry-After: 60",
      flag("loomRateLimited"),
    ),
    step(
      "b-loom-015",
      "getLoomTranscript",
      { videoUrl: LOOM_OK },
      "Cloudflare's 502 HTML page in front of Loom",
      flag("loomBadGateway"),
    ),
    step(
      "b-loom-016",
      "getLoomTranscript",
      { videoUrl: LOOM_OK },
      "Loom answers 15 s late; the client waits 4 s",
      flag("loomSlow", { timeoutMs: 4000 }),
    ),
    step(
      "b-loom-017",
      "getLoomComments",
      { videoUrl: LOOM_OK },
      "Loom unreachable (the proxy refuses connections)",
      down(loomProxy),
    ),
    step("b-loom-018", "getLoomTranscript", {}, "no videoUrl argument"),
    step("b-loom-019", "getLoomSummary", { videoUrl: LOOM_OK }, "a tool the server does not have"),
    step(
      "b-loom-020",
      "getLoomTranscript",
      { videoUrl: LOOM_OK },
      "the first video again, after the failures",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [muxSession, loomSession];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
