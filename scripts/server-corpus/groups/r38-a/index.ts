// Group r38-a: video hosting — YouTube video details and captions through youtube-video-summarizer-mcp (one tool,
// get-video-info-for-summary-from-url: a video's title, description and caption text from a URL or an ID, fetched
// from YouTube's InnerTube player API and its caption tracks by youtube-caption-extractor). The kind asked for (video
// hosting and streaming APIs: Mux, Vimeo, api.video, Cloudflare Stream, Wistia) had one installable server on this
// machine's registry; README.md says which were tried. The published server is behind a loopback stand-in of
// www.youtube.com (standins.ts).
//
//   (cd scripts/server-corpus/groups/r38-a && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r38-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  YOUTUBE_PROXY_PORT,
  clearTimers,
  ensureCertificate,
  seen,
  state,
  unknownRequests,
  youtubeProxy,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "youtube-video-summarizer-mcp": "1.8.9",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const TOOL = "get-video-info-for-summary-from-url";

const youtube: SessionSpec = {
  label: "r38-a-youtube",
  server: "youtube-video-summarizer-mcp",
  transport: "stdio",
  start: stdioServer("r38-a-youtube", "youtube-video-summarizer-mcp", {
    from: FROM,
    cwd: DATA,
    bin: "youtube-video-summarizer",
    // Node 20's fetch ignores HTTPS_PROXY; the preload routes it through the stand-in proxy (undici's ProxyAgent).
    env: {
      HOME,
      HTTPS_PROXY: `http://127.0.0.1:${YOUTUBE_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
    },
  }),
  steps: [
    step(
      "yt-001",
      TOOL,
      { videoUrl: "https://www.youtube.com/watch?v=aB3dE5fG7hJ" },
      "a watch URL: title, description and the English caption track",
    ),
    step(
      "yt-002",
      TOOL,
      { videoUrl: "https://youtu.be/aB3dE5fG7hJ", languageCode: "es" },
      "a short youtu.be link with the Spanish track asked for",
    ),
    step(
      "yt-003",
      TOOL,
      { videoUrl: "Tm8kW2xR5pQ" },
      "a bare video ID; only auto-generated English captions",
    ),
    step(
      "yt-004",
      TOOL,
      { videoUrl: "https://www.youtube.com/embed/Tm8kW2xR5pQ", languageCode: "xx" },
      "an embed URL with a language code the server does not know (it falls back to English)",
    ),
    step(
      "yt-005",
      TOOL,
      { videoUrl: "https://www.youtube.com/watch?v=Lg1nR3qd8Xy&t=42s" },
      "the player answers LOGIN_REQUIRED (the bot check); the transcript comes through /next and /get_transcript",
    ),
    step(
      "yt-006",
      TOOL,
      { videoUrl: "https://www.youtube.com/watch?v=Kq9ZtX2mP4w" },
      "a playable video that has no caption tracks",
    ),
    step(
      "yt-007",
      TOOL,
      { videoUrl: "https://www.youtube.com/watch?v=zzUnavail01" },
      "a video taken down: the player answers status ERROR 'Video unavailable'",
    ),
    step(
      "yt-008",
      TOOL,
      { videoUrl: "https://www.youtube.com/watch?v=zzUnavail01" },
      "the same call again, unchanged",
    ),
    step(
      "yt-009",
      TOOL,
      { videoUrl: "https://vimeo.com/76979871" },
      "a Vimeo link, not a YouTube one (the server's own URL check)",
    ),
    step("yt-010", TOOL, { videoUrl: "https://vimeo.com/76979871" }, "the same call again, unchanged"),
    step("yt-011", TOOL, { languageCode: "en" }, "no videoUrl at all"),
    step("yt-012", TOOL, { videoUrl: 8675309 }, "a number where the URL string is expected"),
    step(
      "yt-013",
      TOOL,
      { videoUrl: "https://www.youtube.com/watch?v=aB3dE5fG7hJ" },
      "youtube.com answers 429 with Google's unusual-traffic page",
      flag("ytRateLimited"),
    ),
    step(
      "yt-014",
      TOOL,
      { videoUrl: "https://www.youtube.com/watch?v=Tm8kW2xR5pQ" },
      "the player API answers 500",
      flag("ytServerError"),
    ),
    step(
      "yt-015",
      TOOL,
      { videoUrl: "https://youtu.be/Tm8kW2xR5pQ" },
      "the player API answers 503",
      flag("ytUnavailable"),
    ),
    step(
      "yt-016",
      TOOL,
      { videoUrl: "https://www.youtube.com/watch?v=aB3dE5fG7hJ" },
      "the player API answers 403 PERMISSION_DENIED",
      flag("ytForbidden"),
    ),
    step(
      "yt-017",
      TOOL,
      { videoUrl: "https://www.youtube.com/watch?v=aB3dE5fG7hJ" },
      "the player answers 200 with the EU consent page (HTML) instead of JSON",
      flag("ytConsentPage"),
    ),
    step(
      "yt-018",
      TOOL,
      { videoUrl: "https://www.youtube.com/watch?v=Tm8kW2xR5pQ" },
      "the player is fine but the caption download answers 429 (the library drops that error)",
      flag("captionsRateLimited"),
    ),
    step(
      "yt-019",
      TOOL,
      { videoUrl: "https://www.youtube.com/watch?v=aB3dE5fG7hJ" },
      "an answer 15 s late; the client waits 4 s",
      flag("ytSlow", { timeoutMs: 4000 }),
    ),
    step(
      "yt-020",
      TOOL,
      { videoUrl: "https://www.youtube.com/watch?v=Tm8kW2xR5pQ" },
      "a call while youtube.com is unreachable (the proxy refuses connections)",
      down(youtubeProxy),
    ),
    step(
      "yt-021",
      TOOL,
      { videoUrl: "https://www.youtube.com/watch?v=Tm8kW2xR5pQ" },
      "yt-020's call once youtube.com is back",
    ),
    step(
      "yt-022",
      "summarize-video",
      { videoUrl: "aB3dE5fG7hJ" },
      "a tool the server ships but does not register",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [youtube];

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
