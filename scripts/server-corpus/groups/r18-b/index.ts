// Group r18-b: AI model and media-generation APIs — fal.ai's model gallery, queue and storage
// (fal-ai-mcp-server), MiniMax's speech, image and video generation (minimax-mcp-js, MiniMax's own), Gemini's
// image model (nano-banana-mcp) and OpenAI's Images API (mcp-image with its OpenAI provider) — each published
// MCP server behind a loopback stand-in that answers with the real service's bodies and error bodies
// (standins.ts).
//
//   (cd scripts/server-corpus/groups/r18-b && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r18-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  FAL_DONE_REQUEST,
  FAL_KEY,
  FAL_PROXY_PORT,
  FAL_RUNNING_REQUEST,
  FAL_TLS_PORT,
  GEMINI_KEY,
  GEMINI_PROXY_PORT,
  MINIMAX_KEY,
  MINIMAX_PORT,
  MM_FAILED_TASK,
  MM_VIDEO_TASK,
  OPENAI_KEY,
  OPENAI_PORT,
  PNG_B64,
  clearTimers,
  ensureCertificate,
  falStandin,
  geminiStandin,
  minimaxStandin,
  openaiStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "fal-ai-mcp-server": "2.1.4",
  "minimax-mcp-js": "0.0.18",
  "nano-banana-mcp": "1.0.3",
  "mcp-image": "0.14.0",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");
const INPUT = path.join(DATA, "input");
const SKETCH = path.join(INPUT, "sketch.png");
const PROXY_PRELOAD = `--import=${path.join(FROM, "proxy-preload.mjs")}`;
const HTTPS_PRELOAD = `--import=${path.join(FROM, "https-preload.mjs")}`;

// ------------------------------------------------------------------------------------------------ fal.ai

const FLUX = "fal-ai/flux/dev";
const LIGHTHOUSE = { prompt: "a lighthouse on a cliff at dusk, oil painting", image_size: "landscape_4_3" };

const falSession: SessionSpec = {
  label: "r18-b-fal",
  server: "fal-ai-mcp-server",
  transport: "stdio",
  start: stdioServer("r18-b-fal", "fal-ai-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      FAL_KEY,
      HTTPS_PROXY: `http://127.0.0.1:${FAL_PROXY_PORT}`,
      FAL_STANDIN_PORT: String(FAL_TLS_PORT),
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `${PROXY_PRELOAD} ${HTTPS_PRELOAD}`,
      HOME,
    },
  }),
  steps: [
    step(
      "fal-001",
      "models",
      { category: "text-to-image", limit: 10 },
      "text-to-image models in the gallery",
    ),
    step("fal-002", "search", { query: "flux" }, "search the gallery for FLUX models"),
    step("fal-003", "search", { query: "gaussian splat avatar" }, "a gallery search that finds nothing"),
    step("fal-004", "find", { endpoint_ids: [FLUX] }, "one model by its endpoint id"),
    step(
      "fal-005",
      "find",
      { endpoint_ids: ["fal-ai/flux-ultra-max"] },
      "a model endpoint id that does not exist",
    ),
    step("fal-006", "pricing", { endpoint_ids: [FLUX, "fal-ai/flux/schnell"] }, "unit prices of two models"),
    step(
      "fal-007",
      "pricing",
      { endpoint_ids: ["fal-ai/flux-ultra-max"] },
      "the price of a model that does not exist (404)",
    ),
    step("fal-008", "generate", { app_id: FLUX, input_data: LIGHTHOUSE }, "queue an image generation"),
    step(
      "fal-009",
      "generate",
      { app_id: FLUX, input_data: { image_size: "square_hd" } },
      "a generation without the required prompt (422 with a field list)",
    ),
    step(
      "fal-010",
      "generate",
      { app_id: FLUX, input_data: { image_size: "square_hd" } },
      "the same generation without a prompt again, unchanged",
    ),
    step(
      "fal-011",
      "generate",
      { app_id: FLUX, input_data: { ...LIGHTHOUSE, num_images: 8 } },
      "eight images where the model allows at most four (422)",
    ),
    step(
      "fal-012",
      "generate",
      { app_id: "fal-ai/stable-diffusion-v15", input_data: LIGHTHOUSE },
      "a generation on a deprecated model (410)",
    ),
    step(
      "fal-013",
      "status",
      { app_id: FLUX, request_id: FAL_RUNNING_REQUEST },
      "the status of a queued request still running",
    ),
    step(
      "fal-014",
      "result",
      { app_id: FLUX, request_id: FAL_RUNNING_REQUEST },
      "the result of a request still in progress (400)",
    ),
    step(
      "fal-015",
      "result",
      { app_id: FLUX, request_id: FAL_DONE_REQUEST },
      "the result of a completed request",
    ),
    step(
      "fal-016",
      "status",
      { app_id: FLUX, request_id: "00000000-0000-4000-8000-000000000000" },
      "the status of a request id that does not exist",
    ),
    step(
      "fal-017",
      "cancel",
      { app_id: FLUX, request_id: FAL_DONE_REQUEST },
      "cancel a request that already completed",
    ),
    step(
      "fal-018",
      "usage",
      { endpoint_ids: ["fal-ai/flux/schnell"], start: "2026-12-01", end: "2026-12-06" },
      "usage of a model the workspace never called (empty)",
    ),
    step(
      "fal-019",
      "estimate_cost",
      { estimate_type: "unit_price", endpoints: { [FLUX]: { unit_quantity: 40 } } },
      "estimate the cost of 40 megapixels",
    ),
    step("fal-020", "upload", { file_path: SKETCH }, "upload a local image to the CDN"),
    step(
      "fal-021",
      "upload",
      { file_path: path.join(INPUT, "reference-missing.png") },
      "upload a local file that does not exist",
    ),
    step(
      "fal-022",
      "generate",
      { app_id: FLUX, input_data: LIGHTHOUSE },
      "a generation after the key was revoked (401)",
      flag("falKeyRevoked"),
    ),
    step(
      "fal-023",
      "generate",
      { app_id: FLUX, input_data: LIGHTHOUSE },
      "a generation while the account is locked for an exhausted balance (403)",
      flag("falLocked"),
    ),
    step(
      "fal-024",
      "search",
      { query: "flux" },
      "a gallery search while the API answers 429",
      flag("falRateLimited"),
    ),
    step(
      "fal-025",
      "pricing",
      { endpoint_ids: [FLUX] },
      "prices while Cloudflare answers an HTML 502",
      flag("falBadGateway"),
    ),
    step(
      "fal-026",
      "generate",
      { app_id: FLUX, input_data: LIGHTHOUSE },
      "a queue submission the service takes 15 s for; the client waits 3 s",
      flag("falSlow", { timeoutMs: 3000 }),
    ),
    step("fal-027", "list_loras", { owner: "fal-ai" }, "a tool the server does not have"),
    step(
      "fal-028",
      "models",
      { category: "image-to-video" },
      "models while fal.ai cannot be reached (stand-in stopped)",
      down(falStandin),
    ),
  ],
};

// ----------------------------------------------------------------------------------------------- MiniMax

const MM_OUT = path.join(DATA, "minimax-out");

const minimaxSession: SessionSpec = {
  label: "r18-b-minimax",
  server: "minimax-mcp-js",
  transport: "stdio",
  start: stdioServer("r18-b-minimax", "minimax-mcp-js", {
    from: FROM,
    cwd: DATA,
    env: {
      MINIMAX_API_KEY: MINIMAX_KEY,
      MINIMAX_API_HOST: `http://127.0.0.1:${MINIMAX_PORT}`,
      MINIMAX_MCP_BASE_PATH: MM_OUT,
      MINIMAX_RESOURCE_MODE: "url",
      HOME,
    },
  }),
  steps: [
    step("mm-001", "list_voices", {}, "all voices of the account"),
    step("mm-002", "list_voices", { voiceType: "voice_cloning" }, "cloned voices (the account has none)"),
    step(
      "mm-003",
      "text_to_audio",
      {
        text: "Welcome to the quarterly review. Let's start with revenue.",
        voiceId: "English_Graceful_Lady",
      },
      "speech from text with a system voice",
    ),
    step(
      "mm-004",
      "text_to_audio",
      { text: "Welcome to the quarterly review.", voiceId: "English_Narrator_Old_v9" },
      "speech with a voice id that does not exist",
    ),
    step(
      "mm-005",
      "text_to_audio",
      { text: "Welcome to the quarterly review.", voiceId: "English_Narrator_Old_v9" },
      "the same missing voice again, unchanged",
    ),
    step(
      "mm-006",
      "text_to_image",
      { prompt: "a red fox in fresh snow, watercolor", aspectRatio: "16:9", n: 2 },
      "two images from a prompt",
    ),
    step(
      "mm-007",
      "text_to_image",
      { prompt: "a crime scene with blood on the floor, photorealistic" },
      "an image prompt the content filter refuses",
    ),
    step("mm-008", "text_to_image", { prompt: "   " }, "an image prompt of blanks only"),
    step(
      "mm-009",
      "text_to_image",
      { prompt: "a red fox in fresh snow", n: "three" },
      "the image count given as a word",
    ),
    step(
      "mm-010",
      "text_to_image",
      { prompt: "a red fox in fresh snow", n: 12 },
      "twelve images where the schema allows at most nine",
    ),
    step(
      "mm-011",
      "generate_video",
      { prompt: "a paper boat drifting down a rain gutter, macro lens", asyncMode: true },
      "submit a video generation task",
    ),
    step("mm-012", "query_video_generation", { taskId: MM_VIDEO_TASK }, "the finished video task"),
    step(
      "mm-013",
      "query_video_generation",
      { taskId: MM_FAILED_TASK },
      "a video task the service reports as failed",
    ),
    step("mm-014", "query_video_generation", { taskId: "999000111" }, "a video task id that does not exist"),
    step(
      "mm-015",
      "voice_design",
      {
        prompt: "A warm, elderly British narrator with a slow pace",
        previewText: "Once upon a time, by the sea.",
      },
      "design a voice from a description",
    ),
    step(
      "mm-016",
      "play_audio",
      { inputFilePath: path.join(MM_OUT, "missing-intro.mp3") },
      "play a local audio file that does not exist",
    ),
    step(
      "mm-017",
      "text_to_audio",
      { text: "Good morning.", voiceId: "female-shaonv" },
      "speech after the API key was revoked (1004 with HTTP 200)",
      flag("mmLoginFail"),
    ),
    step(
      "mm-018",
      "text_to_image",
      { prompt: "a lighthouse in fog" },
      "an image while the RPM limit is hit (1002 with HTTP 200)",
      flag("mmRateLimit"),
    ),
    step(
      "mm-019",
      "generate_video",
      { prompt: "a lighthouse in fog, slow dolly shot", asyncMode: true },
      "a video task when the balance is used up (1008 with HTTP 200)",
      flag("mmBalance"),
    ),
    step(
      "mm-020",
      "text_to_image",
      { prompt: "a lighthouse in fog" },
      "an image while the gateway answers an HTML 502",
      flag("mmBadGateway"),
    ),
    step(
      "mm-021",
      "text_to_audio",
      { text: "This one takes a while.", voiceId: "female-shaonv" },
      "speech the service takes 15 s for; the client waits 3 s",
      flag("mmSlow", { timeoutMs: 3000 }),
    ),
    step("mm-022", "music_generation", { prompt: "lo-fi beat" }, "a tool the server does not have"),
    step(
      "mm-023",
      "text_to_image",
      { prompt: "a lighthouse in fog" },
      "an image while MiniMax cannot be reached (stand-in stopped)",
      down(minimaxStandin),
    ),
    step(
      "mm-024",
      "text_to_audio",
      { text: "This one takes a while too.", voiceId: "female-shaonv" },
      "slow speech; the MCP server is killed mid-call",
      flag("mmSlow", killMidCall),
    ),
  ],
};

// -------------------------------------------------------------------------------------- nano-banana (Gemini)

const NB_DIR = path.join(DATA, "nano-banana");

const bananaSession: SessionSpec = {
  label: "r18-b-nanobanana",
  server: "nano-banana-mcp",
  transport: "stdio",
  start: stdioServer("r18-b-nanobanana", "nano-banana-mcp", {
    from: FROM,
    cwd: NB_DIR,
    env: {
      GEMINI_API_KEY: GEMINI_KEY,
      HTTPS_PROXY: `http://127.0.0.1:${GEMINI_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: PROXY_PRELOAD,
      HOME,
    },
  }),
  steps: [
    step("nb-001", "get_configuration_status", {}, "whether the Gemini key is configured"),
    step("nb-002", "get_last_image_info", {}, "the last image before any was made"),
    step(
      "nb-003",
      "generate_image",
      { prompt: "a watercolor lighthouse at dusk with warm window light" },
      "generate an image",
    ),
    step("nb-004", "get_last_image_info", {}, "the image just generated"),
    step(
      "nb-005",
      "continue_editing",
      { prompt: "add a flock of seagulls over the sea" },
      "edit the last image further",
    ),
    step(
      "nb-006",
      "edit_image",
      { imagePath: SKETCH, prompt: "turn the scene to night with a full moon" },
      "edit a local image",
    ),
    step(
      "nb-007",
      "edit_image",
      { imagePath: path.join(INPUT, "product-shot.png"), prompt: "remove the background" },
      "edit a local image that does not exist",
    ),
    step(
      "nb-008",
      "edit_image",
      { imagePath: path.join(INPUT, "product-shot.png"), prompt: "remove the background" },
      "the same missing image again, unchanged",
    ),
    step(
      "nb-009",
      "generate_image",
      { prompt: "a photo of Barack Obama surfing a giant wave" },
      "a prompt the model's image safety filter stops (finishReason IMAGE_SAFETY)",
    ),
    step(
      "nb-010",
      "generate_image",
      { prompt: "How do I get a soft gradient in a watercolor sky?" },
      "a question the model answers with text only",
    ),
    step(
      "nb-011",
      "generate_image",
      { prompt: "a naked figure study in charcoal" },
      "a prompt blocked outright (promptFeedback PROHIBITED_CONTENT)",
    ),
    step("nb-012", "configure_gemini_token", { apiKey: "" }, "configure an empty API key"),
    step("nb-013", "generate_image", {}, "generate without a prompt"),
    step(
      "nb-014",
      "generate_image",
      { prompt: "a watercolor lighthouse at dawn" },
      "an image after the API key was deleted (400 API_KEY_INVALID)",
      flag("gmKeyInvalid"),
    ),
    step(
      "nb-015",
      "generate_image",
      { prompt: "a watercolor lighthouse at dawn" },
      "an image when the free-tier quota is spent (429 RESOURCE_EXHAUSTED)",
      flag("gmQuota"),
    ),
    step(
      "nb-016",
      "continue_editing",
      { prompt: "make the sea stormier" },
      "an edit while the model is overloaded (503)",
      flag("gmOverloaded"),
    ),
    step(
      "nb-017",
      "generate_image",
      { prompt: "a watercolor lighthouse at dawn" },
      "an image while the API answers 500 INTERNAL",
      flag("gmInternal"),
    ),
    step(
      "nb-018",
      "generate_image",
      { prompt: "a detailed isometric city at night" },
      "an image the model takes 15 s for; the client waits 3 s",
      flag("gmSlow", { timeoutMs: 3000 }),
    ),
    step("nb-019", "generate_video", { prompt: "a lighthouse timelapse" }, "a tool the server does not have"),
    step(
      "nb-020",
      "generate_image",
      { prompt: "a watercolor lighthouse at dawn" },
      "an image while the Gemini API cannot be reached (stand-in stopped)",
      down(geminiStandin),
    ),
    step(
      "nb-021",
      "generate_image",
      { prompt: "a detailed isometric harbour at night" },
      "a slow image; the MCP server is killed mid-call",
      flag("gmSlow", killMidCall),
    ),
  ],
};

// ------------------------------------------------------------------------------------- mcp-image (OpenAI)

const IMG_OUT = path.join(DATA, "mcp-image-out");
const AIRPLANE = "flat vector icon of a paper airplane on a pale blue background";

const imageSession: SessionSpec = {
  label: "r18-b-mcpimage",
  server: "mcp-image",
  transport: "stdio",
  start: stdioServer("r18-b-mcpimage", "mcp-image", {
    from: FROM,
    cwd: DATA,
    env: {
      IMAGE_PROVIDER: "openai",
      OPENAI_API_KEY: OPENAI_KEY,
      OPENAI_BASE_URL: `http://127.0.0.1:${OPENAI_PORT}/v1`,
      IMAGE_OUTPUT_DIR: IMG_OUT,
      SKIP_PROMPT_ENHANCEMENT: "true",
      NODE_ENV: "production",
      HOME,
    },
  }),
  steps: [
    step("img-001", "generate_image", { prompt: AIRPLANE, fileName: "airplane.png" }, "generate a PNG icon"),
    step(
      "img-002",
      "generate_image",
      { prompt: "a cozy reading nook with rain on the window", aspectRatio: "16:9", quality: "balanced" },
      "a wide image at balanced quality",
    ),
    step(
      "img-003",
      "generate_image",
      { prompt: "a bowl of ramen, food photography", fileName: "ramen.jpg" },
      "a JPEG by its file name",
    ),
    step(
      "img-004",
      "generate_image",
      { prompt: "make the sky orange and add a sunset glow", inputImagePath: SKETCH },
      "edit a local image",
    ),
    step(
      "img-005",
      "generate_image",
      { prompt: "make the sky orange", inputImagePath: path.join(INPUT, "holiday-photo.png") },
      "edit a local image that does not exist",
    ),
    step(
      "img-006",
      "generate_image",
      { prompt: AIRPLANE, aspectRatio: "1:8" },
      "an aspect ratio OpenAI does not support",
    ),
    step(
      "img-007",
      "generate_image",
      { prompt: AIRPLANE, aspectRatio: "1:8" },
      "the same unsupported aspect ratio again, unchanged",
    ),
    step(
      "img-008",
      "generate_image",
      { prompt: "today's weather over Paris as a poster", useGoogleSearch: true },
      "Google Search grounding, which the OpenAI provider does not offer",
    ),
    step(
      "img-009",
      "generate_image",
      { prompt: AIRPLANE, provider: "gemini" },
      "a provider whose API key the server was not given",
    ),
    step("img-010", "generate_image", { prompt: "" }, "an empty prompt"),
    step(
      "img-011",
      "generate_image",
      { prompt: "a soldier firing a gun through an explosion, cinematic" },
      "a prompt the safety system rejects (400 moderation_blocked)",
    ),
    step(
      "img-012",
      "generate_image",
      { prompt: AIRPLANE },
      "an image after the API key was revoked (401)",
      flag("oaKeyInvalid"),
    ),
    step(
      "img-013",
      "generate_image",
      { prompt: AIRPLANE },
      "an image while the images-per-minute limit is hit (429, Retry-After: 1)",
      flag("oaRateLimited"),
    ),
    step(
      "img-014",
      "generate_image",
      { prompt: AIRPLANE },
      "an image after the billing hard limit was reached",
      flag("oaBilling"),
    ),
    step(
      "img-015",
      "generate_image",
      { prompt: AIRPLANE, quality: "quality" },
      "the top-quality model for an organization that is not verified (403)",
      flag("oaUnverified"),
    ),
    step(
      "img-016",
      "generate_image",
      { prompt: AIRPLANE },
      "an image while the API answers 500",
      flag("oaServerError"),
    ),
    step(
      "img-017",
      "generate_image",
      { prompt: AIRPLANE },
      "an image while Cloudflare answers an HTML 504",
      flag("oaGatewayTimeout"),
    ),
    step(
      "img-018",
      "generate_image",
      { prompt: "a detailed botanical illustration of a fern" },
      "an image the API takes 15 s for; the client waits 3 s",
      flag("oaSlow", { timeoutMs: 3000 }),
    ),
    step(
      "img-019",
      "edit_image",
      { prompt: "make it blue", imagePath: SKETCH },
      "a tool the server does not have",
    ),
    step("img-020", "generate_image", { prompt: AIRPLANE, imageSize: "8K" }, "an image size not in the enum"),
    step(
      "img-021",
      "generate_image",
      { prompt: AIRPLANE },
      "an image while OpenAI cannot be reached (stand-in stopped)",
      down(openaiStandin),
    ),
    step(
      "img-022",
      "generate_image",
      { prompt: "a detailed botanical illustration of a moss" },
      "a slow image; the MCP server is killed mid-call",
      flag("oaSlow", killMidCall),
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [falSession, minimaxSession, bananaSession, imageSession];

export async function prepare(): Promise<() => Promise<void>> {
  for (const dir of [HOME, INPUT, MM_OUT, NB_DIR, IMG_OUT]) fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(SKETCH, Buffer.from(PNG_B64, "base64"));
  fs.rmSync(path.join(NB_DIR, ".nano-banana-config.json"), { force: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
