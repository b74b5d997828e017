// Group r33-a: media and image processing run locally, a kind the corpus lacked — ffmpeg-mcp (zhetai; runs the
// Debian ffmpeg binary on real media files) and sharp-mcp (choesumin; sharp/libvips in the server process, and
// @imgly/background-removal-node's ONNX model). No stand-ins: the tools are real; the media are made by `prepare`
// with ffmpeg itself.
//
//   apt-get install ffmpeg                                   # the Debian package (5.1), on PATH as /usr/bin/ffmpeg
//   (cd scripts/server-corpus/groups/r33-a && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r33-a

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stdioServer, type Live, type SessionSpec, type Step } from "../../harness.js";
import type { Reporter } from "../../deps.js";
import { step } from "../../steps.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "ffmpeg-mcp": "0.0.3",
  "sharp-mcp": "0.2.6",
};

const DATA = "/tmp/faultline-corpus-r33-a";
const HOME = path.join(DATA, "home");
const MEDIA = path.join(DATA, "media");
const OUT = path.join(DATA, "out");
const media = (name: string) => path.join(MEDIA, name);
const out = (name: string) => path.join(OUT, name);

// ------------------------------------------------------------------------------------------- ffmpeg-mcp (stdio)

const ffmpeg: SessionSpec = {
  label: "r33-a-ffmpeg",
  server: "ffmpeg-mcp",
  transport: "stdio",
  start: stdioServer("r33-a-ffmpeg", "ffmpeg-mcp", { from: FROM, cwd: DATA, env: { HOME } }),
  steps: [
    step(
      "ff-001",
      "extract_audio",
      { input_file: media("interview.mp4") },
      "the audio track of a 5 s clip, as mp3",
    ),
    step(
      "ff-002",
      "extract_audio",
      { input_file: media("interview.mp4"), output_file: out("interview-audio.mp3") },
      "the same audio into a chosen output file",
    ),
    step(
      "ff-003",
      "speed_up",
      { input_file: media("interview.mp4") },
      "the clip at twice the speed (defaults)",
    ),
    step(
      "ff-004",
      "speed_up",
      {
        input_file: media("interview.mp4"),
        output_file: out("interview-1.5x.mp4"),
        speed_factor: 1.5,
        max_fps: 24,
      },
      "1.5× speed at 24 fps into a chosen file",
    ),
    step(
      "ff-005",
      "speed_up",
      { input_file: media("interview.mp4"), output_file: out("interview-slow.mp4"), speed_factor: 0.5 },
      "half speed (a slow-down)",
    ),
    step(
      "ff-006",
      "extract_audio",
      { input_file: out("interview-1.5x.mp4"), output_file: out("interview-1.5x.mp3") },
      "the audio of the 1.5× version made above",
    ),
    step(
      "ff-007",
      "speed_up",
      {
        input_file: media("screen-recording.mp4"),
        output_file: out("screen-recording-3x.mp4"),
        speed_factor: 3,
        max_fps: 15,
      },
      "the screen recording at 3× and 15 fps",
    ),
    step(
      "ff-008",
      "extract_audio",
      { input_file: media("screen-recording.mp4"), output_file: out("screen-recording.mp3") },
      "the audio of a screen recording that has no audio stream",
    ),
    step(
      "ff-009",
      "speed_up",
      { input_file: media("screen-recording.mp4"), output_file: out("screen-recording-2x.mp4") },
      "the silent screen recording at twice the speed",
    ),
    step("ff-010", "extract_audio", { input_file: media("keynote.mp4") }, "a video file that does not exist"),
    step("ff-011", "extract_audio", { input_file: media("keynote.mp4") }, "the same call again, unchanged"),
    step(
      "ff-012",
      "extract_audio",
      { input_file: media("broken-upload.mp4"), output_file: out("broken-upload.mp3") },
      "a truncated, corrupt upload with an .mp4 name",
    ),
    step(
      "ff-013",
      "speed_up",
      { input_file: media("interview.mp4"), output_file: out("interview-0.2x.mp4"), speed_factor: 0.2 },
      "a fifth of the speed: the schema allows 0.1–10, ffmpeg's atempo filter only 0.5–100",
    ),
    step(
      "ff-014",
      "speed_up",
      { input_file: media("interview.mp4"), speed_factor: 20 },
      "20× speed, above the schema's maximum of 10",
    ),
    step(
      "ff-015",
      "extract_audio",
      {
        input_file: media("interview.mp4"),
        output_file: path.join(DATA, "exports", "2026", "interview.mp3"),
      },
      "an output file in a folder that does not exist",
    ),
    step(
      "ff-016",
      "extract_audio",
      { input_file: media("interview.mp4"), output_file: out("interview-audio.ogg") },
      "mp3 audio into an .ogg file (a container that cannot hold mp3)",
    ),
    step(
      "ff-017",
      "speed_up",
      {
        input_file: media("interview.mp4"),
        output_file: out("interview-4x.mp4"),
        speed_factor: 4,
        max_fps: 10,
      },
      "a 4× preview at 10 fps",
    ),
    step(
      "ff-018",
      "speed_up",
      { input_file: out("interview-audio.mp3"), output_file: out("interview-audio-2x.mp3") },
      "an audio-only file sped up (the tool also passes a video filter)",
    ),
    step(
      "ff-019",
      "convert_video",
      { input_file: media("interview.mp4"), format: "webm" },
      "a tool the server does not have",
    ),
    step(
      "ff-020",
      "extract_audio",
      { input_file: media("webinar.mp4"), output_file: out("webinar.mp3") },
      "the audio of a 40 s 720p webinar recording",
    ),
    step(
      "ff-021",
      "extract_audio",
      { input_file: out("interview-slow.mp4"), output_file: out("interview-slow.mp3") },
      "the audio of the half-speed version",
    ),
    step(
      "ff-022",
      "speed_up",
      { input_file: media("webinar.mp4"), output_file: out("webinar-2x.mp4") },
      "the 720p webinar at twice the speed, a full re-encode; the client waits 2 s",
      { timeoutMs: 2000 },
    ),
    step(
      "ff-023",
      "extract_audio",
      { input_file: media("interview.mp4"), output_file: out("interview-again.mp3") },
      "the clip's audio again while the re-encode still runs in the server",
    ),
  ],
};

// The same server where FFMPEG_PATH names a binary that is not installed (a machine without ffmpeg).
const ffmpegMissing: SessionSpec = {
  label: "r33-a-ffmpeg-missing",
  server: "ffmpeg-mcp",
  transport: "stdio",
  start: stdioServer("r33-a-ffmpeg-missing", "ffmpeg-mcp", {
    from: FROM,
    cwd: DATA,
    env: { HOME, FFMPEG_PATH: "/opt/ffmpeg/bin/ffmpeg" },
  }),
  steps: [
    step(
      "ffx-001",
      "extract_audio",
      { input_file: media("interview.mp4"), output_file: out("nobin.mp3") },
      "the clip's audio where the configured ffmpeg binary does not exist",
    ),
    step(
      "ffx-002",
      "speed_up",
      { input_file: media("interview.mp4"), output_file: out("nobin-2x.mp4") },
      "a speed-up where the configured ffmpeg binary does not exist",
    ),
  ],
};

// -------------------------------------------------------------------------------------------- sharp-mcp (stdio)

// sharp-mcp names each image session `img_<nanoid>`, random per run. A later step's sessionId is filled in just
// before its call from the session ids the server answered so far (read off the transport's incoming messages;
// nothing is sent or changed).
const sessionIds: string[] = [];

function sniffingSharpServer(label: string) {
  const start = stdioServer(label, "sharp-mcp", { from: FROM, cwd: DATA, env: { HOME } });
  return async (reporter: Reporter): Promise<Live> => {
    const live = await start(reporter);
    const transport = live.client.transport;
    if (!transport) throw new Error("no transport");
    const forward = transport.onmessage;
    transport.onmessage = (message, extra) => {
      const text = JSON.stringify(message);
      for (const match of text.matchAll(/\\"sessionId\\":\\"(img_[A-Za-z0-9_-]+)\\"/g)) {
        const id = match[1];
        if (id && !sessionIds.includes(id)) sessionIds.push(id);
      }
      forward?.(message, extra);
    };
    return live;
  };
}

/** A step on the n-th image session the server created (0-based). */
function onSession(
  id: string,
  tool: string,
  n: number,
  args: Record<string, unknown>,
  scenario: string,
  extra: Partial<Step> = {},
): Step {
  const callArgs: Record<string, unknown> = { sessionId: "", ...args };
  return step(id, tool, callArgs, scenario, {
    ...extra,
    before: async (live) => {
      callArgs.sessionId = sessionIds[n] ?? `missing-session-${n}`;
      await extra.before?.(live);
    },
  });
}

const BADGE_JPG = path.join(MEDIA, "badge.jpg");
const badgeArgs: Record<string, unknown> = { image_payload: "", description: "team badge, 24×24 JPEG" };

const sharp: SessionSpec = {
  label: "r33-a-sharp",
  server: "sharp-mcp",
  transport: "stdio",
  start: sniffingSharpServer("r33-a-sharp"),
  steps: [
    step("sh-001", "list_session", {}, "the image sessions before any was created"),
    step(
      "sh-002",
      "create_session_by_path",
      { path: media("product.png"), description: "product shot, 64×48 PNG" },
      "open a product photo from disk",
    ),
    onSession("sh-003", "get_dimensions", 0, {}, "the product photo's size and type"),
    onSession(
      "sh-004",
      "pick_color",
      0,
      { x: 10, y: 10, radius: 3 },
      "the average colour near the top-left corner",
    ),
    onSession(
      "sh-005",
      "extract_region",
      0,
      { x: 8, y: 8, width: 16, height: 12 },
      "a 16×12 crop, as base64",
    ),
    onSession(
      "sh-006",
      "extract_region",
      0,
      { x: 0, y: 0, width: 32, height: 24, output_path: out("product-crop.png") },
      "the top-left quarter, saved to a file",
    ),
    onSession(
      "sh-007",
      "compress_image",
      0,
      { format: "webp", quality: 60, output_path: out("product.webp") },
      "the photo as WebP at quality 60, saved to a file",
    ),
    onSession(
      "sh-008",
      "compress_image",
      0,
      { format: "jpeg", quality: 40 },
      "the photo as a JPEG, as base64",
    ),
    step("sh-009", "create_session", badgeArgs, "a small JPEG badge passed as base64", {
      before: async () => {
        badgeArgs.image_payload = fs.readFileSync(BADGE_JPG).toString("base64");
      },
    }),
    onSession("sh-010", "get_dimensions", 1, {}, "the badge's size and type"),
    step("sh-011", "list_session", {}, "the two image sessions"),
    step(
      "sh-012",
      "create_session_by_path",
      { path: out("product.webp"), description: "the WebP made above" },
      "open the WebP file the server wrote",
    ),
    onSession("sh-013", "get_dimensions", 2, {}, "the WebP's size and type"),
    onSession(
      "sh-014",
      "compress_image",
      1,
      { quality: 90 },
      "the badge recompressed in its own format (JPEG) at 90",
    ),
    step(
      "sh-015",
      "create_session_by_path",
      { path: "media/product.png" },
      "the product photo by a relative path (the tool wants an absolute one)",
    ),
    step(
      "sh-016",
      "create_session_by_path",
      { path: media("hero-banner.png") },
      "an image file that does not exist",
    ),
    step(
      "sh-017",
      "create_session_by_path",
      { path: media("scan.jpg") },
      "a corrupt JPEG (a truncated download)",
    ),
    step(
      "sh-018",
      "create_session",
      { image_payload: "bm90IGFuIGltYWdlLCBqdXN0IHRleHQ=", description: "pasted text, not an image" },
      "base64 that decodes to text, not an image",
    ),
    onSession("sh-019", "get_dimensions", 3, {}, "the size of that text 'image'"),
    step(
      "sh-020",
      "get_dimensions",
      { sessionId: "img_expired01" },
      "a session id from an earlier server run",
    ),
    step("sh-021", "get_dimensions", { sessionId: "img_expired01" }, "the same stale id again, unchanged"),
    onSession(
      "sh-022",
      "pick_color",
      0,
      { x: 500, y: 400 },
      "a colour at a point far outside the 64×48 image",
    ),
    onSession(
      "sh-023",
      "compress_image",
      0,
      { format: "gif" },
      "the photo as a GIF, a format the tool does not offer",
    ),
    onSession(
      "sh-024",
      "remove_background",
      0,
      { output_path: out("product-cutout.png") },
      "the product cut out of its background by the ONNX model; the client waits 4 s",
      { timeoutMs: 4000 },
    ),
    step(
      "sh-025",
      "resize_image",
      { path: media("product.png"), width: 32 },
      "a tool the server does not have",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [ffmpeg, ffmpegMissing, sharp];

function run(args: string[]) {
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args], { stdio: "inherit" });
}

export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(DATA, { recursive: true, force: true });
  for (const dir of [HOME, MEDIA, OUT]) fs.mkdirSync(dir, { recursive: true });
  sessionIds.length = 0;
  // A 5 s 320×240 clip with a 440 Hz tone; a silent 3 s screen recording; a 40 s 720p webinar.
  run([
    "-f",
    "lavfi",
    "-i",
    "testsrc=duration=5:size=320x240:rate=25",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=440:duration=5",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-c:a",
    "aac",
    "-shortest",
    media("interview.mp4"),
  ]);
  run([
    "-f",
    "lavfi",
    "-i",
    "testsrc2=duration=3:size=320x240:rate=25",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    media("screen-recording.mp4"),
  ]);
  run([
    "-f",
    "lavfi",
    "-i",
    "testsrc2=duration=40:size=1280x720:rate=30",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=220:duration=40",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-c:a",
    "aac",
    "-shortest",
    media("webinar.mp4"),
  ]);
  // The first 2 KB of a real MP4 (ftyp and the start of the media data, no moov): an interrupted upload.
  fs.writeFileSync(
    media("broken-upload.mp4"),
    fs.readFileSync(media("screen-recording.mp4")).subarray(0, 2048),
  );
  fs.writeFileSync(media("transcript.txt"), "00:00 Welcome to the interview.\n00:04 Thanks for having me.\n");
  // Images: a 64×48 test-card PNG, a 24×24 JPEG badge, a JPEG cut off after 120 bytes, an empty PNG.
  run(["-f", "lavfi", "-i", "testsrc=size=64x48", "-frames:v", "1", media("product.png")]);
  run(["-f", "lavfi", "-i", "color=c=0x2a6fdb:size=24x24", "-frames:v", "1", BADGE_JPG]);
  fs.writeFileSync(media("scan.jpg"), fs.readFileSync(BADGE_JPG).subarray(0, 120));
  fs.writeFileSync(media("placeholder.png"), "");
  return async () => {
    // ff-020's re-encode may still be running in a server already closed; nothing to stop here.
  };
}
