// Loopback stand-in for group r44-e: a ComfyUI server (its aiohttp REST API) behind an nginx reverse proxy that asks
// for a bearer token, as comfyui-mcp reaches a remote ComfyUI with COMFYUI_URL and COMFYUI_AUTH_TOKEN.
//
// The server takes its ComfyUI base from COMFYUI_URL and speaks plain HTTP to it, so this is a plain HTTP stand-in;
// nothing is proxied and no certificate is needed. Two layers answer on one port: nginx (the token, its rate limit,
// its 502 page when ComfyUI is away) and ComfyUI itself (everything else, and aiohttp's own 404 and 500 answers).
//
// README.md says where each body's shape comes from. `state` is switched by the sessions' hooks.

import type http from "node:http";
import { clearTimers, httpStandin, json, later, text } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r44-e";

export const COMFY_PORT = 45900;

export const TOKEN = "cmfy_5e1b9c7a2f4d48e0b3a6c8d1e9f2a7b4";
export const REVOKED_TOKEN = "cmfy_0a9d3e6b1c8f47a2b5e4d7c0f3a6b9e2";

export const state = {
  rateLimited: false,
  serverError: false,
  badGateway: false,
  slow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ── the library: what has run, what is installed ───────────────────────────────────────────────────────────────────

export const DONE_PROMPT = "5d0e8a3c-7b21-4f6a-9c4e-2a8b1d6f3e01";
export const FAILED_PROMPT = "5d0e8a3c-7b21-4f6a-9c4e-2a8b1d6f3e02";
export const MISSING_PROMPT = "0c4f7e2a-93d1-4b8e-a6f5-7d2c9b1e4a10";
/** The ids POST /prompt hands out, in order. */
export const NEW_PROMPTS = [
  "8e3a1f5c-2d7b-4c90-b1e6-4f9a7c3d2b11",
  "8e3a1f5c-2d7b-4c90-b1e6-4f9a7c3d2b12",
  "8e3a1f5c-2d7b-4c90-b1e6-4f9a7c3d2b13",
];

export const OUTPUT_FILE = "harbor_dusk_00017_.png";

const MODELS: Record<string, string[]> = {
  checkpoints: [
    "sd_xl_base_1.0.safetensors",
    "juggernautXL_v9Rdphoto2Lightning.safetensors",
    "dreamshaper_8.safetensors",
  ],
  loras: ["add-detail-xl.safetensors", "pixel-art-xl.safetensors"],
  vae: ["sdxl_vae.safetensors"],
  text_encoders: [],
  diffusion_models: [],
  clip_vision: [],
  style_models: [],
  embeddings: [],
  diffusers: [],
  vae_approx: ["taesdxl_decoder.pth"],
  controlnet: ["controlnet-canny-sdxl-1.0.safetensors"],
  gligen: [],
  upscale_models: ["4x-UltraSharp.pth"],
  custom_nodes: [],
  hypernetworks: [],
  photomaker: [],
  classifiers: [],
  clip: [],
  unet: [],
};

// A 1×1 PNG, the body /view serves for an output image.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const SYSTEM_STATS = {
  system: {
    os: "posix",
    ram_total: 67_352_326_144,
    ram_free: 51_408_211_968,
    comfyui_version: "0.3.68",
    required_frontend_version: "1.28.8",
    installed_templates_version: "0.2.4",
    required_templates_version: "0.2.4",
    python_version: "3.12.3 (main, Nov  6 2025, 13:44:16) [GCC 13.3.0]",
    pytorch_version: "2.8.0+cu128",
    embedded_python: false,
    argv: ["main.py", "--listen", "127.0.0.1", "--port", "8188"],
  },
  devices: [
    {
      name: "cuda:0 NVIDIA GeForce RTX 4090 : cudaMallocAsync",
      type: "cuda",
      index: 0,
      vram_total: 25_393_692_672,
      vram_free: 23_604_428_800,
      torch_vram_total: 0,
      torch_vram_free: 0,
    },
  ],
};

/** ComfyUI's /object_info entries for the core nodes the group's workflows use (nodes.py's INPUT_TYPES). */
function nodeInfo(
  name: string,
  display: string,
  category: string,
  input: Record<string, unknown>,
  output: string[],
  outputName: string[],
  outputNode = false,
) {
  return {
    input: { required: input },
    input_order: { required: Object.keys(input) },
    output,
    output_is_list: output.map(() => false),
    output_name: outputName,
    name,
    display_name: display,
    description: "",
    python_module: "nodes",
    category,
    output_node: outputNode,
  };
}

const OBJECT_INFO = {
  CheckpointLoaderSimple: nodeInfo(
    "CheckpointLoaderSimple",
    "Load Checkpoint",
    "loaders",
    { ckpt_name: [MODELS.checkpoints, { tooltip: "The name of the checkpoint (model) to load." }] },
    ["MODEL", "CLIP", "VAE"],
    ["MODEL", "CLIP", "VAE"],
  ),
  CLIPTextEncode: nodeInfo(
    "CLIPTextEncode",
    "CLIP Text Encode (Prompt)",
    "conditioning",
    { text: ["STRING", { multiline: true, dynamicPrompts: true }], clip: ["CLIP"] },
    ["CONDITIONING"],
    ["CONDITIONING"],
  ),
  EmptyLatentImage: nodeInfo(
    "EmptyLatentImage",
    "Empty Latent Image",
    "latent",
    {
      width: ["INT", { default: 512, min: 16, max: 16384, step: 8 }],
      height: ["INT", { default: 512, min: 16, max: 16384, step: 8 }],
      batch_size: ["INT", { default: 1, min: 1, max: 4096 }],
    },
    ["LATENT"],
    ["LATENT"],
  ),
  KSampler: nodeInfo(
    "KSampler",
    "KSampler",
    "sampling",
    {
      model: ["MODEL"],
      seed: ["INT", { default: 0, min: 0, max: 18446744073709551615, control_after_generate: true }],
      steps: ["INT", { default: 20, min: 1, max: 10000 }],
      cfg: ["FLOAT", { default: 8.0, min: 0.0, max: 100.0, step: 0.1, round: 0.01 }],
      sampler_name: [["euler", "euler_ancestral", "dpmpp_2m", "dpmpp_2m_sde", "dpmpp_3m_sde", "uni_pc"]],
      scheduler: [["simple", "sgm_uniform", "karras", "exponential", "ddim_uniform", "beta", "normal"]],
      positive: ["CONDITIONING"],
      negative: ["CONDITIONING"],
      latent_image: ["LATENT"],
      denoise: ["FLOAT", { default: 1.0, min: 0.0, max: 1.0, step: 0.01 }],
    },
    ["LATENT"],
    ["LATENT"],
  ),
  VAEDecode: nodeInfo(
    "VAEDecode",
    "VAE Decode",
    "latent",
    { samples: ["LATENT"], vae: ["VAE"] },
    ["IMAGE"],
    ["IMAGE"],
  ),
  SaveImage: nodeInfo(
    "SaveImage",
    "Save Image",
    "image",
    { images: ["IMAGE"], filename_prefix: ["STRING", { default: "ComfyUI" }] },
    [],
    [],
    true,
  ),
};

function historyEntry(promptId: string, number: number, outcome: "success" | "oom", started: number) {
  const base = {
    prompt: [number, promptId, {}, { client_id: "comfyui-mcp" }, ["9"]],
    meta: {},
  };
  if (outcome === "success") {
    return {
      ...base,
      outputs: { "9": { images: [{ filename: OUTPUT_FILE, subfolder: "", type: "output" }] } },
      status: {
        status_str: "success",
        completed: true,
        messages: [
          ["execution_start", { prompt_id: promptId, timestamp: started }],
          ["execution_cached", { nodes: [], prompt_id: promptId, timestamp: started + 2 }],
          ["execution_success", { prompt_id: promptId, timestamp: started + 11_420 }],
        ],
      },
      meta: { "9": { node_id: "9", display_node: "9", parent_node: null, real_node_id: "9" } },
    };
  }
  // execution.py's execution_error message for a node that raised: a CUDA out-of-memory in the sampler.
  return {
    ...base,
    outputs: {},
    status: {
      status_str: "error",
      completed: false,
      messages: [
        ["execution_start", { prompt_id: promptId, timestamp: started }],
        ["execution_cached", { nodes: ["4", "6", "7"], prompt_id: promptId, timestamp: started + 3 }],
        [
          "execution_error",
          {
            prompt_id: promptId,
            node_id: "3",
            node_type: "KSampler",
            executed: ["4", "5", "6", "7"],
            exception_message:
              "Allocation on device \nThis error means you ran out of memory on your GPU.\n\nTIPS: If the workflow worked before you might have accidentally set the batch_size to a large number.",
            exception_type: "torch.OutOfMemoryError",
            traceback: [
              '  File "/opt/ComfyUI/execution.py", line 496, in execute\n    output_data, output_ui, has_subgraph, has_pending_tasks = await get_output_data(prompt_id, unique_id, obj, input_data_all, execution_block_cb=execution_block_cb, pre_execute_cb=pre_execute_cb, hidden_inputs=hidden_inputs)\n',
              '  File "/opt/ComfyUI/comfy/sample.py", line 45, in sample\n    samples = sampler.sample(noise, positive, negative, cfg=cfg, latent_image=latent_image, start_step=start_step, last_step=last_step, force_full_denoise=force_full_denoise, denoise_mask=noise_mask, sigmas=sigmas, callback=callback, disable_pbar=disable_pbar, seed=seed)\n',
            ],
            current_inputs: {},
            current_outputs: {},
            timestamp: started + 6_210,
          },
        ],
      ],
    },
  };
}

let history: Record<string, unknown> = {};
let issued = 0;

export function resetLibrary() {
  history = {
    [FAILED_PROMPT]: historyEntry(FAILED_PROMPT, 16, "oom", 1_765_108_800_000),
    [DONE_PROMPT]: historyEntry(DONE_PROMPT, 17, "success", 1_765_109_400_000),
  };
  issued = 0;
}
resetLibrary();

const SAVED_WORKFLOWS: Record<string, unknown> = {
  "workflows/sdxl_basic.json": {
    last_node_id: 9,
    last_link_id: 9,
    nodes: [],
    links: [],
    groups: [],
    config: {},
    extra: { ds: { scale: 1, offset: [0, 0] } },
    version: 0.4,
  },
};

// ── nginx in front ──────────────────────────────────────────────────────────────────────────────────────────────────

/** nginx's own error page for a status (ngx_http_special_response.c). */
function nginxPage(status: number, reason: string): string {
  return (
    `<html>\r\n<head><title>${status} ${reason}</title></head>\r\n<body>\r\n` +
    `<center><h1>${status} ${reason}</h1></center>\r\n<hr><center>nginx/1.24.0</center>\r\n</body>\r\n</html>\r\n`
  );
}

function nginx(
  res: http.ServerResponse,
  status: number,
  reason: string,
  headers: Record<string, string> = {},
) {
  text(res, status, nginxPage(status, reason), "text/html", { server: "nginx/1.24.0", ...headers });
}

// ── ComfyUI (aiohttp) behind it ─────────────────────────────────────────────────────────────────────────────────────

/** aiohttp's answer for a route it does not have. */
function notFound(res: http.ServerResponse) {
  text(res, 404, "404: Not Found", "text/plain; charset=utf-8", { server: "Python/3.12 aiohttp/3.12.15" });
}

/** `web.Response(status=404)`: what ComfyUI's own handlers answer for a thing they do not have. */
function emptyNotFound(res: http.ServerResponse) {
  text(res, 404, "", "application/octet-stream", { server: "Python/3.12 aiohttp/3.12.15" });
}

function handler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  seen.push(`comfyui ${method} ${url.pathname}${url.search} ${body.slice(0, 400)}`.trim());

  if (req.headers.authorization !== `Bearer ${TOKEN}`) {
    // nginx's auth_request answering for a token its auth backend does not accept.
    return nginx(res, 401, "Authorization Required", { "www-authenticate": 'Bearer realm="comfyui"' });
  }
  if (state.rateLimited) {
    // limit_req with limit_req_status 429 and `add_header Retry-After 30 always`.
    return nginx(res, 429, "Too Many Requests", { "retry-after": "30" });
  }
  if (state.badGateway) {
    // nginx while the ComfyUI process behind it is restarting.
    return nginx(res, 502, "Bad Gateway");
  }
  if (state.serverError) {
    // aiohttp's answer for a handler that raised (web_protocol.handle_error).
    return text(
      res,
      500,
      "500 Internal Server Error\n\nServer got itself in trouble",
      "text/plain; charset=utf-8",
      {
        server: "Python/3.12 aiohttp/3.12.15",
      },
    );
  }
  if (state.slow) {
    return later(15_000, () => answer(method, url, body, res));
  }
  return answer(method, url, body, res);
}

interface PromptNode {
  class_type?: string;
  inputs?: Record<string, unknown>;
}

function validatePrompt(prompt: Record<string, PromptNode>) {
  for (const [id, node] of Object.entries(prompt)) {
    const type = String(node.class_type ?? "");
    if (!(type in OBJECT_INFO)) {
      // execution.py: a class_type the server has no node for.
      return {
        error: {
          type: "invalid_prompt",
          message: `Cannot execute because node ${type} does not exist.`,
          details: `Node ID '#${id}'`,
          extra_info: {},
        },
        node_errors: {},
      };
    }
  }
  for (const [id, node] of Object.entries(prompt)) {
    const ckpt = node.inputs?.ckpt_name;
    if (
      node.class_type === "CheckpointLoaderSimple" &&
      typeof ckpt === "string" &&
      !MODELS.checkpoints!.includes(ckpt)
    ) {
      const list = `[${MODELS.checkpoints!.map((m) => `'${m}'`).join(", ")}]`;
      // execution.py validate_inputs: value_not_in_list, then validate_prompt's prompt_outputs_failed_validation.
      return {
        error: {
          type: "prompt_outputs_failed_validation",
          message: "Prompt outputs failed validation",
          details: `Value not in list: ckpt_name: '${ckpt}' not in ${list}`,
          extra_info: {},
        },
        node_errors: {
          [id]: {
            errors: [
              {
                type: "value_not_in_list",
                message: "Value not in list",
                details: `ckpt_name: '${ckpt}' not in ${list}`,
                extra_info: {
                  input_name: "ckpt_name",
                  input_config: [
                    MODELS.checkpoints,
                    { tooltip: "The name of the checkpoint (model) to load." },
                  ],
                  received_value: ckpt,
                },
              },
            ],
            dependent_outputs: ["9"],
            class_type: "CheckpointLoaderSimple",
          },
        },
      };
    }
  }
  return null;
}

function answer(method: string, url: URL, body: string, res: http.ServerResponse) {
  // ComfyUI serves every route both bare and under /api.
  const p = url.pathname.replace(/^\/api(?=\/)/, "");

  if (method === "GET" && p === "/system_stats") return json(res, 200, SYSTEM_STATS);
  if (method === "GET" && p === "/queue") return json(res, 200, { queue_running: [], queue_pending: [] });
  if (method === "GET" && p === "/prompt") return json(res, 200, { exec_info: { queue_remaining: 0 } });
  if (method === "GET" && p === "/object_info") return json(res, 200, OBJECT_INFO);
  const nodeMatch = p.match(/^\/object_info\/([^/]+)$/);
  if (method === "GET" && nodeMatch) {
    const name = decodeURIComponent(nodeMatch[1]!);
    const info = (OBJECT_INFO as Record<string, unknown>)[name];
    return json(res, 200, info ? { [name]: info } : {});
  }
  if (method === "GET" && p === "/models") return json(res, 200, Object.keys(MODELS));
  const modelMatch = p.match(/^\/models\/([^/]+)$/);
  if (method === "GET" && modelMatch) {
    const list = MODELS[decodeURIComponent(modelMatch[1]!)];
    if (!list) return emptyNotFound(res); // server.py get_models: a folder it does not know
    return json(res, 200, list);
  }
  if (method === "GET" && p === "/embeddings") return json(res, 200, []);
  if (method === "GET" && p === "/extensions") return json(res, 200, []);
  if (method === "GET" && p === "/internal/logs") {
    return json(
      res,
      200,
      [
        "2026-12-07T09:40:00.112 - Total VRAM 24217 MB, total RAM 64232 MB\n",
        "2026-12-07T09:40:00.113 - pytorch version: 2.8.0+cu128\n",
        "2026-12-07T09:40:00.118 - Device: cuda:0 NVIDIA GeForce RTX 4090 : cudaMallocAsync\n",
        "2026-12-07T09:40:03.904 - Starting server\n\n",
        "2026-12-07T09:40:03.905 - To see the GUI go to: http://127.0.0.1:8188\n",
        "2026-12-07T12:00:00.201 - got prompt\n",
        "2026-12-07T12:00:06.413 - !!! Exception during processing !!! Allocation on device \n",
        "2026-12-07T12:10:00.301 - got prompt\n",
        "2026-12-07T12:10:11.722 - Prompt executed in 11.42 seconds\n",
      ].join(""),
    );
  }

  if (method === "GET" && p === "/history") return json(res, 200, history);
  const historyMatch = p.match(/^\/history\/([^/]+)$/);
  if (method === "GET" && historyMatch) {
    const id = decodeURIComponent(historyMatch[1]!);
    const entry = history[id];
    return json(res, 200, entry ? { [id]: entry } : {});
  }

  if (method === "POST" && p === "/prompt") {
    let parsed: { prompt?: Record<string, PromptNode> };
    try {
      parsed = JSON.parse(body) as { prompt?: Record<string, PromptNode> };
    } catch {
      return text(
        res,
        500,
        "500 Internal Server Error\n\nServer got itself in trouble",
        "text/plain; charset=utf-8",
      );
    }
    if (!parsed.prompt) return json(res, 400, { error: "no prompt", node_errors: [] });
    const invalid = validatePrompt(parsed.prompt);
    if (invalid) return json(res, 400, invalid);
    const promptId = NEW_PROMPTS[issued] ?? `8e3a1f5c-2d7b-4c90-b1e6-4f9a7c3d2b${20 + issued}`;
    const number = 18 + issued;
    issued += 1;
    history[promptId] = historyEntry(promptId, number, "success", 1_765_110_000_000 + issued * 60_000);
    return json(res, 200, { prompt_id: promptId, number, node_errors: {} });
  }
  if (method === "POST" && (p === "/free" || p === "/interrupt" || p === "/queue" || p === "/history")) {
    return text(res, 200, "", "application/octet-stream");
  }

  if (method === "GET" && p === "/view") {
    const filename = url.searchParams.get("filename") ?? "";
    const type = url.searchParams.get("type") ?? "output";
    if (filename === OUTPUT_FILE && type === "output" && !url.searchParams.get("subfolder")) {
      res.writeHead(200, { "content-type": "image/png", "content-disposition": `filename="${filename}"` });
      return res.end(PNG);
    }
    return emptyNotFound(res); // server.py view_image: a file that is not there
  }

  if (method === "GET" && p === "/userdata") {
    const dir = url.searchParams.get("dir") ?? "";
    const names = Object.keys(SAVED_WORKFLOWS)
      .filter((k) => k.startsWith(`${dir}/`))
      .map((k) => k.slice(dir.length + 1));
    if (names.length === 0) return emptyNotFound(res); // app/user_manager.py listuserdata: no such directory
    return json(res, 200, names);
  }
  const userdataMatch = p.match(/^\/userdata\/(.+)$/);
  if (method === "GET" && userdataMatch) {
    const file = decodeURIComponent(userdataMatch[1]!);
    const found = SAVED_WORKFLOWS[file];
    if (!found) return emptyNotFound(res); // app/user_manager.py getuserdata: a file that is not there
    return json(res, 200, found);
  }
  if (method === "GET" && p === "/settings") {
    return json(res, 200, { "Comfy.Validation.Workflows": true, "Comfy.LinkRenderMode": 2 });
  }

  unknownRequests.push(`comfyui ${method} ${url.pathname}${url.search}`);
  return notFound(res);
}

export const comfyServer = httpStandin(COMFY_PORT, handler);

export const ALL_STANDINS = [comfyServer];
