// Group r26-a: music, audio and media streaming — a Discogs server (discogs-mcp-server, over Streamable HTTP) for
// the music database, collection, wantlist and marketplace, and two YouTube transcript servers
// (@fabriqa.ai/youtube-transcript-mcp and @kimtaeyoon83/mcp-server-youtube-transcript) for the captions of music
// videos, concerts and podcasts: each published MCP server behind a loopback stand-in that answers with the real
// service's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r26-a && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r26-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  ARTIST,
  CERT,
  DATA,
  DISCOGS_MCP_PORT,
  DISCOGS_OTHER_USER,
  DISCOGS_PORT,
  DISCOGS_TOKEN,
  DISCOGS_USER,
  LABEL,
  MASTER,
  MASTER_SLOW,
  RELEASE,
  RELEASE_MISSING,
  YTK_PROXY_PORT,
  YTT_PROXY_PORT,
  clearTimers,
  discogsStandin,
  ensureCertificate,
  state,
  unknownRequests,
  ytkStandin,
  yttStandin,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "discogs-mcp-server": "0.5.7",
  "@fabriqa.ai/youtube-transcript-mcp": "1.0.3",
  "@kimtaeyoon83/mcp-server-youtube-transcript": "0.1.1",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");
const me = { username: DISCOGS_USER };

// ------------------------------------------------------------------------------ Discogs (Streamable HTTP)

const discogs: SessionSpec = {
  label: "r26-a-discogs",
  server: "discogs-mcp-server",
  transport: "http",
  start: httpServer("r26-a-discogs", "discogs-mcp-server", {
    from: FROM,
    port: DISCOGS_MCP_PORT,
    args: ["stream"],
    env: {
      DISCOGS_PERSONAL_ACCESS_TOKEN: DISCOGS_TOKEN,
      DISCOGS_API_URL: `http://127.0.0.1:${DISCOGS_PORT}`,
      PORT: String(DISCOGS_MCP_PORT),
      SERVER_HOST: "127.0.0.1",
      HOME,
    },
  }),
  steps: [
    step("dcg-001", "get_user_identity", {}, "who the token belongs to"),
    step(
      "dcg-002",
      "search",
      { q: "Never Gonna Give You Up", type: "release" },
      "search the database for the single's releases",
    ),
    step(
      "dcg-003",
      "search",
      { q: "Polka Versions Of Burial", type: "release" },
      "a search that finds nothing",
    ),
    step("dcg-004", "get_release", { release_id: RELEASE }, "the UK 7-inch in full"),
    step(
      "dcg-005",
      "get_release",
      { release_id: RELEASE_MISSING },
      "a release id that does not exist (404 Release not found.)",
    ),
    step("dcg-006", "get_release", { release_id: RELEASE_MISSING }, "the same call again, id unchanged"),
    step(
      "dcg-007",
      "get_release",
      { release_id: "249504" },
      "the release id passed as a string (the tool takes a number)",
    ),
    step("dcg-008", "get_master_release", { master_id: MASTER }, "a master release"),
    step(
      "dcg-009",
      "get_master_release_versions",
      { master_id: MASTER, format: "Vinyl" },
      "the master's vinyl versions",
    ),
    step("dcg-010", "get_artist", { artist_id: ARTIST }, "an artist's profile and members"),
    step(
      "dcg-011",
      "get_artist_releases",
      { artist_id: ARTIST, sort: "year", sort_order: "desc", per_page: 3 },
      "the artist's newest releases, three a page",
    ),
    step("dcg-012", "get_label", { label_id: LABEL }, "a label's profile and sublabels"),
    step("dcg-013", "get_user_collection_folders", me, "the user's collection folders"),
    step(
      "dcg-014",
      "get_user_collection_items",
      { ...me, folder_id: 0, sort: "added", sort_order: "desc" },
      "everything in the collection, newest first",
    ),
    step("dcg-015", "get_user_collection_value", me, "what the collection is worth"),
    step("dcg-016", "get_user_wantlist", me, "the wantlist (empty)"),
    step(
      "dcg-017",
      "add_to_wantlist",
      { ...me, release_id: RELEASE, notes: "UK original on RCA, black label" },
      "add the single to the wantlist",
    ),
    step(
      "dcg-018",
      "get_user_collection_items",
      { username: DISCOGS_OTHER_USER, folder_id: 0 },
      "another user's private collection (403)",
    ),
    step(
      "dcg-019",
      "get_marketplace_release_stats",
      { release_id: RELEASE, curr_abbr: "GBP" },
      "how many copies are for sale and from what price",
    ),
    step(
      "dcg-020",
      "get_artist",
      { artist_id: 270222 },
      "a band member's page after the token was revoked (401)",
      flag("dgTokenRevoked"),
    ),
    step(
      "dcg-021",
      "search",
      { q: "Rick Astley", type: "master" },
      "a search while Discogs throttles the client (429, rate limit used up)",
      flag("dgRateLimited"),
    ),
    step(
      "dcg-022",
      "get_label",
      { label_id: 895 },
      "another label while Cloudflare answers a 502 page",
      flag("dgBadGateway"),
    ),
    step(
      "dcg-023",
      "get_master_release",
      { master_id: MASTER_SLOW },
      "a master the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "dcg-024",
      "get_release_community_rating",
      { release_id: 1376163 },
      "a rating while api.discogs.com cannot be reached",
      down(discogsStandin),
    ),
    step("dcg-025", "get_lyrics", { release_id: RELEASE }, "a tool the server does not have"),
  ],
};

// ------------------------------------------------------------------------- @fabriqa.ai/youtube-transcript-mcp

const RICK = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
const watch = (id: string) => `https://www.youtube.com/watch?v=${id}`;

const youtubeEnv = (port: number) => ({
  HTTPS_PROXY: `http://127.0.0.1:${port}`,
  NODE_EXTRA_CA_CERTS: CERT,
  NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
  HOME,
});

const ytt: SessionSpec = {
  label: "r26-a-ytt",
  server: "@fabriqa.ai/youtube-transcript-mcp",
  transport: "stdio",
  start: stdioServer("r26-a-ytt", "@fabriqa.ai/youtube-transcript-mcp", {
    from: FROM,
    cwd: DATA,
    env: youtubeEnv(YTT_PROXY_PORT),
  }),
  steps: [
    step("ytt-001", "get-transcript-languages", { url: RICK }, "which caption languages a music video has"),
    step(
      "ytt-002",
      "get-transcript",
      { url: RICK, lang: "en" },
      "the video's English captions with timestamps",
    ),
    step(
      "ytt-003",
      "get-transcript",
      { url: RICK, lang: "de", include_timestamps: false },
      "the German captions as plain text",
    ),
    step(
      "ytt-004",
      "get-transcript",
      { url: "https://youtu.be/7fRz1wC3S8k" },
      "a synth tutorial by its short link (auto-generated English only)",
    ),
    step(
      "ytt-005",
      "get-transcript",
      { url: watch("bNq5mF2kTzY"), lang: "de" },
      "a German radio interview's captions",
    ),
    step(
      "ytt-006",
      "get-transcript",
      { url: watch("Td3sK8cN4pQ"), lang: "en" },
      "the Tiny Desk concert's English captions",
    ),
    step(
      "ytt-007",
      "get-transcript-languages",
      { url: "https://youtu.be/7fRz1wC3S8k" },
      "caption languages of the synth tutorial",
    ),
    step(
      "ytt-008",
      "get-transcript-languages",
      { url: watch("Td3sK8cN4pQ") },
      "caption languages of a Tiny Desk concert",
    ),
    step(
      "ytt-009",
      "get-transcript",
      { url: watch("Td3sK8cN4pQ"), lang: "es" },
      "the concert's Spanish captions",
    ),
    step(
      "ytt-010",
      "get-transcript",
      { url: "https://www.youtube.com/embed/Td3sK8cN4pQ", include_timestamps: false },
      "the concert by its embed link, plain text",
    ),
    step(
      "ytt-011",
      "get-transcript",
      { url: "Pq2rS4tU6vW", lang: "en" },
      "a music podcast episode by bare video id",
    ),
    step(
      "ytt-012",
      "get-transcript",
      { url: "https://www.youtube.com/watch?v=Pq2rS4tU6vW&list=PLk1Sqn_f33KuWf3tW9BBe_4TP7x8l0m3T&index=4" },
      "the same episode from inside a playlist link",
    ),
    step(
      "ytt-013",
      "get-transcript-languages",
      { url: watch("bNq5mF2kTzY") },
      "caption languages of the German interview",
    ),
    step(
      "ytt-014",
      "get-transcript",
      { url: watch("bNq5mF2kTzY"), lang: "en" },
      "the same interview in English, which it has no track for",
    ),
    step(
      "ytt-015",
      "get-transcript",
      { url: watch("bNq5mF2kTzY"), lang: "en" },
      "the same call again, language unchanged",
    ),
    step(
      "ytt-016",
      "get-transcript-languages",
      { url: watch("Xk3pP9vLh2s") },
      "caption languages of a DJ set with captions switched off",
    ),
    step(
      "ytt-017",
      "get-transcript",
      { url: watch("Rg7uT3bQw0e") },
      "a concert film not available in this country",
    ),
    step(
      "ytt-018",
      "get-transcript",
      { url: watch("Bt5oN1cK8sQ") },
      "a stream for which YouTube asks to sign in to confirm you're not a bot",
    ),
    step(
      "ytt-019",
      "get-transcript",
      { url: watch("Em9pT2yX4vB") },
      "a music video whose caption track answers an empty body",
    ),
    step(
      "ytt-020",
      "get-transcript",
      { url: watch("Nf4oF0uNd3Z") },
      "a podcast episode whose caption track answers 404",
    ),
    step(
      "ytt-021",
      "get-transcript-languages",
      { url: RICK },
      "caption languages while the watch URL answers the EU cookie consent page",
      flag("ytConsent"),
    ),
    step(
      "ytt-022",
      "get-transcript",
      { url: watch("bNq5mF2kTzY"), lang: "de" },
      "the interview while the Innertube player endpoint answers 500",
      flag("ytInnertube500"),
    ),
    step(
      "ytt-023",
      "get-transcript",
      { url: watch("Sl0wCapt10n") },
      "a festival stream whose caption track takes 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "ytt-024",
      "get-transcript",
      { url: watch("7fRz1wC3S8k"), include_timestamps: false },
      "the synth tutorial while YouTube cannot be reached",
      down(yttStandin),
    ),
    step("ytt-025", "get-video-comments", { url: RICK }, "a tool the server does not have"),
  ],
};

// --------------------------------------------------------------- @kimtaeyoon83/mcp-server-youtube-transcript

const ytk: SessionSpec = {
  label: "r26-a-ytk",
  server: "@kimtaeyoon83/mcp-server-youtube-transcript",
  transport: "stdio",
  start: stdioServer("r26-a-ytk", "@kimtaeyoon83/mcp-server-youtube-transcript", {
    from: FROM,
    cwd: DATA,
    env: youtubeEnv(YTK_PROXY_PORT),
  }),
  steps: [
    step("ytk-001", "get_transcript", { url: RICK, lang: "en" }, "a music video's English captions"),
    step("ytk-002", "get_transcript", { url: "dQw4w9WgXcQ", lang: "de" }, "its German captions, by bare id"),
    step(
      "ytk-003",
      "get_transcript",
      { url: "https://youtu.be/7fRz1wC3S8k", lang: "en" },
      "a synth tutorial by its short link (auto-generated English)",
    ),
    step("ytk-004", "get_transcript", { url: watch("bNq5mF2kTzY"), lang: "de" }, "a German radio interview"),
    step(
      "ytk-005",
      "get_transcript",
      { url: RICK },
      "the music video with lang left out (it defaults to en)",
    ),
    step(
      "ytk-006",
      "get_transcript",
      { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=43s", lang: "en" },
      "the music video by a link with a start time",
    ),
    step(
      "ytk-007",
      "get_transcript",
      { url: "https://m.youtube.com/watch?v=7fRz1wC3S8k", lang: "en" },
      "the synth tutorial by its mobile link",
    ),
    step(
      "ytk-008",
      "get_transcript",
      { url: watch("Td3sK8cN4pQ"), lang: "es" },
      "a Tiny Desk concert in Spanish",
    ),
    step(
      "ytk-009",
      "get_transcript",
      { url: watch("Td3sK8cN4pQ"), lang: "en" },
      "the Tiny Desk concert in English",
    ),
    step(
      "ytk-010",
      "get_transcript",
      { url: "Pq2rS4tU6vW", lang: "en" },
      "a music podcast episode by bare id",
    ),
    step(
      "ytk-011",
      "get_transcript",
      { url: watch("bNq5mF2kTzY"), lang: "ko" },
      "the interview in Korean, which it has no track for",
    ),
    step(
      "ytk-012",
      "get_transcript",
      { url: watch("bNq5mF2kTzY"), lang: "ko" },
      "the same call again, language unchanged",
    ),
    step(
      "ytk-013",
      "get_transcript",
      { url: watch("Xk3pP9vLh2s"), lang: "en" },
      "a DJ set with captions switched off",
    ),
    step("ytk-014", "get_transcript", { url: watch("kL9mWq2Rr7A"), lang: "en" }, "a deleted video"),
    step(
      "ytk-015",
      "get_transcript",
      { url: watch("Em9pT2yX4vB"), lang: "en" },
      "a music video whose caption track answers an empty body",
    ),
    step(
      "ytk-016",
      "get_transcript",
      { url: watch("Nf4oF0uNd3Z"), lang: "en" },
      "a podcast episode whose caption track answers Google's 404 page",
    ),
    step("ytk-017", "get_transcript", { lang: "en" }, "no url at all"),
    step(
      "ytk-018",
      "get_transcript",
      { url: watch("7fRz1wC3S8k"), lang: "en" },
      "the synth tutorial while the watch URL answers 429 (Google's sorry page)",
      flag("ytWatch429"),
    ),
    step(
      "ytk-019",
      "get_transcript",
      { url: watch("Sl0wCapt10n"), lang: "en" },
      "a festival stream whose caption track takes 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "ytk-020",
      "get_transcript",
      { url: RICK, lang: "en" },
      "the music video while YouTube cannot be reached",
      down(ytkStandin),
    ),
    step("ytk-021", "get_video_info", { url: RICK }, "a tool the server does not have"),
  ],
};

export const SESSIONS: SessionSpec[] = [discogs, ytt, ytk];

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
