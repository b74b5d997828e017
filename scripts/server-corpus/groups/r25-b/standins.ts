// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - the Hugging Face Hub API (`huggingface.co/api/...`) for @llmindset/hf-mcp-server: whoami-v2, model/dataset
//   search, model and dataset info, repo trees and files, jobs, repo creation; errors `{"error": "..."}` with
//   `x-error-code`. The host is written into the server: it is reached through a forward proxy (CONNECT terminated
//   with the stand-in certificate) by the group's proxy-preload.mjs.
// - Runpod's v2 REST API (`api.runpod.io/v2/...`) and its Serverless runtime plane (`api.runpod.ai/v2/{id}/...`) for
//   @runpod/mcp-server: pods, GPU catalog, network volumes, endpoints, runsync/status; errors are RFC 7807 problem
//   documents `{"title","status","detail"}` (application/problem+json) with RateLimit headers. The server takes its
//   bases from RUNPOD_API_BASE_URL and RUNPOD_SERVERLESS_API_URL: a plain loopback listener.
// - Groq's OpenAI-compatible chat completions (`/openai/v1/chat/completions`) for groq-compound-mcp-server; errors
//   `{"error":{"message","type","code"}}`. groq-sdk takes GROQ_BASE_URL: a plain loopback listener.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import path from "node:path";
import {
  certificate,
  clearTimers,
  forwardProxy,
  httpStandin,
  json,
  later,
  parse,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r25-b";
export const CERT = path.join(DATA, "standin-cert.pem");

export const HF_PROXY_PORT = 41700;
export const RUNPOD_PORT = 41701;
export const GROQ_PORT = 41702;
export const HF_WEB_PORT = 41703;

export const ensureCertificate = (): Certificate => certificate(DATA, ["huggingface.co"]);

export const state = {
  hfRateLimited: false,
  hfServerError: false,
  hfBadGateway: false,
  hfUnavailable: false,
  hfTokenRevoked: false,
  rpBadKey: false,
  rpForbidden: false,
  rpRateLimited: false,
  rpServerError: false,
  rpBadGateway: false,
  groqBadKey: false,
  groqRateLimited: false,
  groqTooLarge: false,
  groqServerError: false,
  groqUnavailable: false,
  groqChallenge: false,
  groqDecommissioned: false,
  groqEmpty: false,
};

// --------------------------------------------------------------------------------------------- Hugging Face

export const HF_TOKEN = "hf_QmVbXkTrLpWcNz4sYd8RfJhG2aUeKoPiMn";
export const HF_USER = "dana-whitfield";
export const HF_SLOW_MODEL = "acme-vision/slow-detr-resnet-50";

let hfRequest = 0;
const hfRequestId = () =>
  `Root=1-6753${(0x2a8f10 + hfRequest++).toString(16)}-7c1e4b0a9d3f2e6158b4a7c2;${["a1", "b2", "c3", "d4"][hfRequest % 4]}e0f9d8-4c7b-4a61-9e35-0b2d71c6f8aa`;

function hfError(
  res: http.ServerResponse,
  status: number,
  error: string,
  code?: string,
  headers: Record<string, string> = {},
) {
  json(
    res,
    status,
    { error },
    {
      "x-request-id": hfRequestId(),
      ...(code ? { "x-error-code": code, "x-error-message": error } : {}),
      ...headers,
    },
  );
}

const WHOAMI = {
  type: "user",
  id: "64a1f0c2e9b3d4a5c6f70812",
  name: HF_USER,
  fullname: "Dana Whitfield",
  email: "dana@acme-vision.example",
  emailVerified: true,
  canPay: true,
  periodEnd: 1798761600,
  isPro: true,
  avatarUrl: "/avatars/5e0c3b1f9a2d7e6b4c8f1a3d5e7b9c2f.svg",
  orgs: [
    {
      type: "org",
      id: "65b2e1d3f0a4c5b6d7e8f901",
      name: "acme-vision",
      fullname: "Acme Vision",
      email: null,
      canPay: true,
      periodEnd: null,
      avatarUrl: "https://cdn-avatars.huggingface.co/v1/production/uploads/acme-vision.png",
      roleInOrg: "write",
      isEnterprise: false,
    },
  ],
  auth: {
    type: "access_token",
    accessToken: {
      displayName: "mcp-agent",
      role: "fineGrained",
      createdAt: "2026-10-02T08:14:55.000Z",
      fineGrained: {
        canReadGatedRepos: true,
        global: ["discussion.write", "post.write"],
        scoped: [
          {
            entity: { _id: "64a1f0c2e9b3d4a5c6f70812", type: "user", name: HF_USER },
            permissions: ["repo.content.read", "repo.write", "job.write"],
          },
          {
            entity: { _id: "65b2e1d3f0a4c5b6d7e8f901", type: "org", name: "acme-vision" },
            permissions: ["repo.content.read"],
          },
        ],
      },
    },
  },
};

const MODELS = [
  {
    _id: "654a4b2f6b1a5c7e8d9f0a11",
    id: "openai/whisper-large-v3",
    author: "openai",
    likes: 4871,
    downloads: 5120444,
    trendingScore: 61,
    private: false,
    gated: false,
    pipeline_tag: "automatic-speech-recognition",
    library_name: "transformers",
    tags: [
      "transformers",
      "pytorch",
      "jax",
      "safetensors",
      "whisper",
      "automatic-speech-recognition",
      "audio",
      "hf-asr-leaderboard",
      "en",
      "de",
      "fr",
      "arxiv:2212.04356",
      "license:apache-2.0",
      "endpoints_compatible",
      "region:us",
    ],
    createdAt: "2023-11-07T18:41:14.000Z",
    lastModified: "2024-08-12T10:20:10.000Z",
    downloadsAllTime: 98310221,
    sha: "06f233fe06e710322aca913c1bc4249a0d71fce1",
    config: { architectures: ["WhisperForConditionalGeneration"], model_type: "whisper", vocab_size: 51866 },
    transformersInfo: {
      auto_model: "AutoModelForSpeechSeq2Seq",
      pipeline_tag: "automatic-speech-recognition",
      processor: "AutoProcessor",
    },
    safetensors: { parameters: { F16: 1543490560 }, total: 1543490560 },
    cardData: {
      language: ["en", "zh", "de", "es", "ru"],
      license: "apache-2.0",
      tags: ["audio", "automatic-speech-recognition"],
    },
    spaces: ["hf-audio/open_asr_leaderboard", "openai/whisper", "sanchit-gandhi/whisper-jax"],
    inferenceProviderMapping: [
      {
        provider: "fal-ai",
        providerId: "fal-ai/whisper",
        status: "live",
        task: "automatic-speech-recognition",
      },
    ],
  },
  {
    _id: "65f0c3a1d2e4b5f6a7c8d912",
    id: "distil-whisper/distil-large-v3",
    author: "distil-whisper",
    likes: 322,
    downloads: 412877,
    trendingScore: 9,
    private: false,
    pipeline_tag: "automatic-speech-recognition",
    library_name: "transformers",
    tags: [
      "transformers",
      "safetensors",
      "whisper",
      "automatic-speech-recognition",
      "en",
      "license:mit",
      "region:us",
    ],
    createdAt: "2024-03-21T12:14:03.000Z",
    lastModified: "2024-05-02T09:01:44.000Z",
  },
  {
    _id: "66a7d4b2e3f5c6a7b8d9e013",
    id: "acme-vision/whisper-small-de-callcenter",
    author: "acme-vision",
    likes: 3,
    downloads: 118,
    trendingScore: 0,
    private: false,
    pipeline_tag: "automatic-speech-recognition",
    library_name: "transformers",
    tags: [
      "transformers",
      "safetensors",
      "whisper",
      "automatic-speech-recognition",
      "de",
      "generated_from_trainer",
      "base_model:openai/whisper-small",
      "license:apache-2.0",
      "region:us",
    ],
    createdAt: "2026-09-14T15:30:22.000Z",
    lastModified: "2026-11-28T07:45:10.000Z",
  },
];

const DATASET_SQUAD = {
  _id: "621ffdd236468d709f181d5e",
  id: "rajpurkar/squad",
  author: "rajpurkar",
  sha: "7b6d24c440a36b6815f21b70d25016731768db1f",
  lastModified: "2024-03-04T13:54:37.000Z",
  private: false,
  gated: false,
  disabled: false,
  downloads: 118992,
  downloadsAllTime: 16530221,
  likes: 327,
  tags: [
    "task_categories:question-answering",
    "task_ids:extractive-qa",
    "annotations_creators:crowdsourced",
    "language:en",
    "license:cc-by-sa-4.0",
    "size_categories:10K<n<100K",
    "format:parquet",
    "arxiv:1606.05250",
    "region:us",
  ],
  createdAt: "2022-03-02T23:29:22.000Z",
  cardData: {
    language: ["en"],
    license: ["cc-by-sa-4.0"],
    pretty_name: "SQuAD",
    task_categories: ["question-answering"],
  },
};

const TREE = [
  { type: "file", oid: "a8b7c4e9f0d1", size: 1519, path: ".gitattributes" },
  { type: "file", oid: "b1c2d3e4f5a6", size: 21853, path: "README.md" },
  { type: "file", oid: "c3d4e5f6a7b8", size: 1272, path: "config.json" },
  { type: "file", oid: "d5e6f7a8b9c0", size: 3900, path: "generation_config.json" },
  {
    type: "file",
    oid: "e7f8a9b0c1d2",
    size: 3087394940,
    path: "model.safetensors",
    lfs: {
      oid: "f3c1b2a4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2",
      size: 3087394940,
      pointerSize: 135,
    },
  },
  { type: "file", oid: "f9a0b1c2d3e4", size: 340, path: "preprocessor_config.json" },
  { type: "file", oid: "a1b2c3d4e5f6", size: 2480466, path: "tokenizer.json" },
];

const CONFIG_JSON = JSON.stringify(
  {
    _name_or_path: "openai/whisper-large-v3",
    architectures: ["WhisperForConditionalGeneration"],
    d_model: 1280,
    decoder_layers: 32,
    encoder_layers: 32,
    max_source_positions: 1500,
    model_type: "whisper",
    num_mel_bins: 128,
    torch_dtype: "float16",
    transformers_version: "4.36.0.dev0",
    vocab_size: 51866,
  },
  null,
  2,
);

const JOBS = [
  {
    id: "6752c1a9f0e3b4d5a6c7e801",
    createdAt: "2026-12-06T21:04:11.522Z",
    dockerImage: null,
    spaceId: null,
    command: [
      "uv",
      "run",
      "train_sft.py",
      "--model",
      "Qwen/Qwen3-0.6B",
      "--dataset",
      "acme-vision/support-chats",
    ],
    arguments: [],
    flavor: "a10g-large",
    owner: { id: "64a1f0c2e9b3d4a5c6f70812", name: HF_USER, type: "user" },
    status: { stage: "RUNNING", message: null },
    labels: { project: "support-bot" },
  },
  {
    id: "6751f0e2a3b4c5d6e7f80912",
    createdAt: "2026-12-05T09:30:44.100Z",
    dockerImage: "ghcr.io/astral-sh/uv:python3.12-bookworm",
    spaceId: null,
    command: ["python", "eval_asr.py"],
    arguments: [],
    flavor: "t4-small",
    owner: { id: "64a1f0c2e9b3d4a5c6f70812", name: HF_USER, type: "user" },
    status: { stage: "ERROR", message: "Job failed with exit code: 1" },
    labels: {},
  },
];

const createdRepos = new Set<string>(["dana-whitfield/whisper-small-de-callcenter-v2"]);

function hfHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const p = url.pathname;
  const method = req.method ?? "GET";
  if (url.hostname !== "huggingface.co") return hfError(res, 404, "Not Found");

  if (p === "/api/whoami-v2") {
    if (state.hfTokenRevoked) return hfError(res, 401, "Invalid credentials in Authorization header");
    return json(res, 200, WHOAMI);
  }
  if (state.hfTokenRevoked) return hfError(res, 401, "Invalid credentials in Authorization header");
  if (state.hfRateLimited)
    return hfError(
      res,
      429,
      "We had to rate limit you, you hit the quota of 1000 api requests per 5 minutes period. Upgrade to a PRO user or Team/Enterprise organization account (https://hf.co/pricing) to get higher limits. See https://huggingface.co/docs/hub/rate-limits",
      undefined,
      {
        "retry-after": "187",
        ratelimit: '"api";r=0;t=187',
        "ratelimit-policy": '"fixed window";"api";q=1000;w=300',
      },
    );
  if (state.hfServerError)
    return hfError(res, 500, "Internal Error - We're working hard to fix this as soon as possible!");
  if (state.hfUnavailable)
    return text(
      res,
      503,
      "<!DOCTYPE html>\n<html>\n<head><title>503 Service Temporarily Unavailable</title></head>\n<body>\n<center><h1>503 Service Temporarily Unavailable</h1></center>\n</body>\n</html>\n",
      "text/html",
    );
  if (state.hfBadGateway)
    return text(
      res,
      502,
      '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">\n<HTML><HEAD><META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=iso-8859-1">\n<TITLE>ERROR: The request could not be satisfied</TITLE>\n</HEAD><BODY>\n<H1>502 ERROR</H1>\n<H2>The request could not be satisfied.</H2>\n<HR noshade size="1px">\nCloudFront wasn\'t able to connect to the origin.\n<BR clear="all">\nGenerated by cloudfront (CloudFront)\nRequest ID: 3kQv8wZ1nXyP0aB7cD2eF4gH6iJ9lM5oR_tU3vW8xYzA1bC6dE0fQ==\n</BODY></HTML>',
      "text/html",
    );

  // Search
  if (method === "GET" && (p === "/api/models" || p === "/api/datasets" || p === "/api/spaces")) {
    const search = (url.searchParams.get("search") ?? "").toLowerCase();
    if (p === "/api/models") {
      const hits = MODELS.filter(
        (m) => !search || m.id.toLowerCase().includes(search) || m.tags.some((t) => t.includes(search)),
      );
      return json(
        res,
        200,
        hits.map(
          ({
            config: _c,
            transformersInfo: _t,
            safetensors: _s,
            cardData: _d,
            spaces: _sp,
            inferenceProviderMapping: _i,
            downloadsAllTime: _a,
            sha: _h,
            ...rest
          }) => rest,
        ),
      );
    }
    if (p === "/api/datasets") {
      if (search.includes("squad") || search === "question answering") return json(res, 200, [DATASET_SQUAD]);
      return json(res, 200, []);
    }
    return json(res, 200, []);
  }

  // Model and dataset info (/api/models/{owner}/{name}[/revision/...] or /api/datasets/...)
  const info = /^\/api\/(models|datasets|spaces)\/([^/]+\/[^/]+)(?:\/revision\/[^/]+)?$/.exec(p);
  if (info && method === "GET") {
    const [, kind, id] = info;
    if (id === HF_SLOW_MODEL) return later(15_000, () => json(res, 200, { ...MODELS[0], id, _id: "slow" }));
    if (kind === "models") {
      const model = MODELS.find((m) => m.id === id);
      if (model) return json(res, 200, model);
      if (id === "meta-llama/Llama-3.1-405B-FP8-internal")
        return hfError(
          res,
          403,
          `Access to model ${id} is restricted and you are not in the authorized list. Visit https://huggingface.co/${id} to ask for access.`,
          "GatedRepo",
        );
    }
    if (kind === "datasets" && id === DATASET_SQUAD.id) return json(res, 200, DATASET_SQUAD);
    return hfError(res, 404, "Repository not found", "RepoNotFound");
  }

  // Repo tree and file contents
  const tree = /^\/api\/models\/([^/]+\/[^/]+)\/tree\/([^/]+)(\/.*)?$/.exec(p);
  if (tree && method === "GET") {
    if (tree[1] !== "openai/whisper-large-v3")
      return hfError(res, 404, "Repository not found", "RepoNotFound");
    return json(res, 200, TREE);
  }
  const paths = /^\/api\/models\/([^/]+\/[^/]+)\/paths-info\/([^/]+)$/.exec(p);
  if (paths && method === "POST") {
    const wanted = String(parse(body).paths ?? "").split(",");
    return json(
      res,
      200,
      TREE.filter((f) => wanted.includes(f.path)),
    );
  }
  const resolve = /^\/([^/]+\/[^/]+)\/resolve\/([^/]+)\/(.+)$/.exec(p);
  if (resolve) {
    if (resolve[1] === "openai/whisper-large-v3" && resolve[3] === "config.json") {
      const headers = { etag: '"c3d4e5f6a7b8"', "x-repo-commit": MODELS[0]!.sha!, "accept-ranges": "bytes" };
      const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ""));
      if (!range) return text(res, 200, CONFIG_JSON, "application/json", headers);
      const [from, to] = [Number(range[1]), Math.min(Number(range[2]), CONFIG_JSON.length - 1)];
      return text(res, 206, CONFIG_JSON.slice(from, to + 1), "application/json", {
        ...headers,
        "content-range": `bytes ${from}-${to}/${CONFIG_JSON.length}`,
      });
    }
    return hfError(res, 404, "Entry not found", "EntryNotFound");
  }

  // Jobs
  const jobs = /^\/api\/jobs\/([^/]+)$/.exec(p);
  if (jobs && method === "GET") return json(res, 200, jobs[1] === HF_USER ? JOBS : []);

  // Repo creation
  if (p === "/api/repos/create" && method === "POST") {
    const request = parse(body);
    const full = `${String(request.organization ?? HF_USER)}/${String(request.name)}`;
    if (createdRepos.has(full))
      return json(res, 409, {
        error: "You already created this model repo",
        url: `https://huggingface.co/${full}`,
      });
    if (String(request.organization ?? "") === "acme-vision")
      return hfError(
        res,
        403,
        'You don\'t have the rights to create a model under the namespace "acme-vision"',
      );
    createdRepos.add(full);
    return json(res, 200, {
      url: `https://huggingface.co/${full}`,
      name: full,
      id: "6753b0c4d1e2f3a4b5c6d7e8",
    });
  }

  console.error(`[hf stand-in] unhandled ${method} ${url.href}`);
  return hfError(res, 404, "Sorry, we can't find the page you are looking for.");
}

export const hfStandin = forwardProxy(HF_PROXY_PORT, ensureCertificate, hfHandler);

// ---------------------------------------------------------------------------------------------------- Runpod

export const RUNPOD_KEY = "rpa_8Z3KQ0WXNV4MT2D7HJ5LCEBYR9GSPF6U1A0XKQ2m7n4";
export const RP_POD = "7h9k2m4n6p";
export const RP_POD_STOPPED = "q3w8e1r5t2";
export const RP_POD_MISSING = "zz00missing";
export const RP_ENDPOINT = "vllm-qwen3-8b-u4r2";
export const RP_ENDPOINT_OOM = "sdxl-turbo-k9d1";

const RATE_HEADERS = {
  ratelimit: '"minute";r=41;t=37, "hour";r=2911;t=1837, "day";r=49312;t=45037',
  "ratelimit-policy": '"minute";q=60;w=60, "hour";q=3000;w=3600, "day";q=50000;w=86400',
};

function problem(
  res: http.ServerResponse,
  status: number,
  title: string,
  detail: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/problem+json", ...RATE_HEADERS, ...headers });
  res.end(JSON.stringify({ title, status, detail, ...extra }));
}

const POD = {
  id: RP_POD,
  name: "qwen3-sft-a100",
  image: "runpod/pytorch:2.8.0-py3.11-cuda12.8.1",
  args: "",
  disk: 50,
  ports: ["8888/http", "22/tcp"],
  env: { HF_HOME: "/workspace/hf", WANDB_PROJECT: "qwen3-sft" },
  registry: null,
  status: "RUNNING",
  actions: ["stop", "restart", "terminate"],
  mounts: { persistent: { size: 100, path: "/workspace" } },
  gpu: { id: "NVIDIA A100 80GB PCIe", count: 1 },
  cloud: "SECURE",
  dataCenterId: "EU-RO-1",
  template: null,
  cost: 1.64,
  locked: false,
  globalNetworking: { enabled: false },
  runtime: { uptime: 20412 },
  createdAt: "2026-12-06T18:12:40Z",
  startedAt: "2026-12-06T18:14:02Z",
};

const POD_STOPPED = {
  ...POD,
  id: RP_POD_STOPPED,
  name: "comfyui-flux-dev",
  image: "runpod/comfyui:0.3.62-cuda12.8",
  ports: ["8188/http"],
  env: {},
  status: "EXITED",
  actions: ["start", "terminate"],
  gpu: { id: "NVIDIA GeForce RTX 4090", count: 1 },
  dataCenterId: "US-KS-2",
  cost: 0.69,
  runtime: null,
  createdAt: "2026-11-29T10:01:13Z",
  startedAt: null,
};

const GPUS = [
  {
    id: "NVIDIA A100 80GB PCIe",
    name: "A100 PCIe",
    pool: "AMPERE_80",
    manufacturer: "NVIDIA",
    memory: 80,
    secure: true,
    community: true,
    price: { secure: 1.64, community: 1.19 },
    maxCount: { secure: 8, community: 2 },
  },
  {
    id: "NVIDIA H100 80GB HBM3",
    name: "H100 SXM",
    pool: "HOPPER_141",
    manufacturer: "NVIDIA",
    memory: 80,
    secure: true,
    community: false,
    price: { secure: 2.99, community: null },
    maxCount: { secure: 8, community: 0 },
  },
  {
    id: "NVIDIA GeForce RTX 4090",
    name: "RTX 4090",
    pool: "ADA_24",
    manufacturer: "NVIDIA",
    memory: 24,
    secure: true,
    community: true,
    price: { secure: 0.69, community: 0.34 },
    maxCount: { secure: 8, community: 4 },
  },
];

const ENDPOINTS = [
  {
    id: RP_ENDPOINT,
    name: "vllm-qwen3-8b",
    type: "QUEUE",
    image: "runpod/worker-v1-vllm:v2.9.1",
    gpu: { pools: ["ADA_48_PRO"], count: 1 },
    cpu: null,
    workers: { min: 0, max: 3 },
    scaling: { type: "QUEUE_DELAY", value: 4 },
    dataCenterIds: ["EU-RO-1", "EU-SE-1"],
    flashboot: true,
    createdAt: "2026-11-20T14:22:09Z",
  },
  {
    id: RP_ENDPOINT_OOM,
    name: "sdxl-turbo",
    type: "QUEUE",
    image: "runpod/worker-comfyui:5.5.0-sdxl",
    gpu: { pools: ["AMPERE_16"], count: 1 },
    cpu: null,
    workers: { min: 0, max: 2 },
    scaling: { type: "QUEUE_DELAY", value: 4 },
    dataCenterIds: ["US-KS-2"],
    flashboot: true,
    createdAt: "2026-10-03T08:40:51Z",
  },
];

let podCounter = 0;

function runpodHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const p = url.pathname;
  const method = req.method ?? "GET";
  const auth = req.headers.authorization ?? "";

  // Serverless runtime plane: /runtime/v2/{endpointId}/...
  const rt = /^\/runtime\/v2\/([^/]+)\/(runsync|run|status\/[^/]+|health)$/.exec(p);
  if (rt) {
    const endpoint = rt[1] ?? "";
    const action = rt[2] ?? "";
    if (auth !== `Bearer ${RUNPOD_KEY}` || state.rpBadKey) {
      res.writeHead(401, { "content-type": "text/plain; charset=utf-8" });
      return res.end("");
    }
    if (!ENDPOINTS.some((e) => e.id === endpoint)) return text(res, 404, "404 page not found");
    if (action === "runsync" && endpoint === RP_ENDPOINT) {
      const input = (parse(body).input ?? {}) as Record<string, unknown>;
      return json(res, 200, {
        delayTime: 812,
        executionTime: 1437,
        id: "sync-4e1f7c2a-9b3d-4f8e-a6c5-2d0b9e8f7a61-e1",
        output: [
          {
            choices: [
              {
                tokens: [
                  `Rotate the key in the Runpod console, update the ${String((input.prompt as string | undefined)?.slice(0, 12) ?? "")}… secret, and redeploy the workers.`,
                ],
              },
            ],
            usage: { input: 42, output: 27 },
          },
        ],
        status: "COMPLETED",
        workerId: "b7ytq1m2k4x9z0",
      });
    }
    if (action === "runsync" && endpoint === RP_ENDPOINT_OOM)
      return json(res, 200, {
        delayTime: 64210,
        error:
          '{"error_type": "<class \'torch.OutOfMemoryError\'>", "error_message": "CUDA out of memory. Tried to allocate 2.50 GiB. GPU 0 has a total capacity of 15.70 GiB of which 1.12 GiB is free. Process 1 has 14.57 GiB memory in use.", "error_traceback": "Traceback (most recent call last):\\n  File \\"/handler.py\\", line 88, in handler\\n    images = pipe(**job_input).images\\ntorch.OutOfMemoryError: CUDA out of memory."}',
        executionTime: 9120,
        id: "sync-0c9d8e7f-6a5b-4c3d-2e1f-0a9b8c7d6e5f-u1",
        status: "FAILED",
        workerId: "p2r8n5v0w3c6y1",
      });
    if (action.startsWith("status/")) {
      const job = action.slice("status/".length);
      if (job === "a1b2c3d4-e5f6-7081-92a3-b4c5d6e7f809-u1")
        return json(res, 200, {
          delayTime: 2231,
          executionTime: 5518,
          id: job,
          output: {
            images: [
              {
                filename: "ComfyUI_00001_.png",
                type: "s3_url",
                data: "https://bucket.runpod.example/sdxl-turbo-k9d1/ComfyUI_00001_.png",
              },
            ],
          },
          status: "COMPLETED",
          workerId: "p2r8n5v0w3c6y1",
        });
      return json(res, 404, { error: "request does not exist" });
    }
    return json(res, 200, {
      jobs: { completed: 112, failed: 4, inProgress: 0, inQueue: 0, retried: 1 },
      workers: { idle: 1, initializing: 0, ready: 1, running: 0, throttled: 0, unhealthy: 0 },
    });
  }

  if (!p.startsWith("/v2/")) {
    console.error(`[runpod stand-in] unhandled ${method} ${p}`);
    return problem(res, 404, "Not Found", "resource not found");
  }
  if (auth !== `Bearer ${RUNPOD_KEY}` || state.rpBadKey)
    return problem(
      res,
      401,
      "Unauthorized",
      "invalid api key",
      {},
      { "www-authenticate": 'Bearer realm="runpod"' },
    );
  if (state.rpForbidden) return problem(res, 403, "Forbidden", "access denied");
  if (state.rpRateLimited)
    return problem(
      res,
      429,
      "Too Many Requests",
      "rate limit exceeded for the minute window",
      {},
      {
        "retry-after": "12",
        ratelimit: '"minute";r=0;t=12, "hour";r=2800;t=1812, "day";r=49500;t=45012',
      },
    );
  if (state.rpServerError) return problem(res, 500, "Internal Server Error", "internal server error");
  if (state.rpBadGateway)
    return text(
      res,
      502,
      '<!DOCTYPE html>\n<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->\n<head>\n<title>api.runpod.io | 502: Bad gateway</title>\n<meta charset="UTF-8" />\n</head>\n<body>\n<div id="cf-wrapper">\n<h1><span class="cf-error-type">Error</span> <span class="cf-error-code">502</span></h1>\n<h2 class="cf-subheadline">Bad gateway</h2>\n<p>The web server reported a bad gateway error.</p>\n<p>Cloudflare Ray ID: <strong>8f2c1a9e7d3b4c51</strong> &bull; Performance &amp; security by Cloudflare</p>\n</div>\n</body>\n</html>\n',
      "text/html; charset=UTF-8",
    );

  if (p === "/v2/pods" && method === "GET") return json(res, 200, { pods: [POD, POD_STOPPED] }, RATE_HEADERS);
  if (p === "/v2/pods" && method === "POST") {
    const request = parse(body) as { name?: string; image?: string; gpu?: { id?: string; count?: number } };
    if (request.gpu?.id === "NVIDIA H100 80GB HBM3")
      return problem(
        res,
        400,
        "Bad Request",
        "There are no longer any instances available with the requested specifications. Please refresh and try again.",
      );
    if ((request.gpu?.count ?? 1) > 8)
      return problem(res, 422, "Unprocessable Entity", "Request validation failed.", {
        errors: ["$.gpu.count: must be <= 8"],
      });
    podCounter += 1;
    return json(
      res,
      201,
      {
        ...POD,
        id: `n${podCounter}x4c7v2b9m`,
        name: request.name ?? "pod",
        image: request.image ?? POD.image,
        status: "CREATED",
        gpu: { id: request.gpu?.id ?? POD.gpu.id, count: request.gpu?.count ?? 1 },
        cost: 0.69,
        runtime: null,
        createdAt: "2026-12-07T00:12:03Z",
        startedAt: null,
      },
      RATE_HEADERS,
    );
  }
  const pod = /^\/v2\/pods\/([^/]+)(\/action)?$/.exec(p);
  if (pod) {
    const [, id, action] = pod;
    const found = id === RP_POD ? POD : id === RP_POD_STOPPED ? POD_STOPPED : undefined;
    if (!found) return problem(res, 404, "Not Found", "pod not found");
    if (action && method === "POST") {
      const verb = String(parse(body).action ?? "");
      if (verb === "start" && id === RP_POD_STOPPED)
        return problem(
          res,
          409,
          "Conflict",
          "There are not enough free GPUs on the host machine to start this pod.",
        );
      return json(res, 200, { ...found, status: verb === "stop" ? "EXITED" : found.status }, RATE_HEADERS);
    }
    if (method === "DELETE") {
      res.writeHead(204, RATE_HEADERS);
      return res.end();
    }
    return json(res, 200, found, RATE_HEADERS);
  }
  if (p === "/v2/catalog/gpus" && method === "GET") return json(res, 200, { gpus: GPUS }, RATE_HEADERS);
  if (p === "/v2/network-volumes" && method === "GET")
    return json(res, 200, { networkVolumes: [] }, RATE_HEADERS);
  if (p === "/v2/serverless" && method === "GET")
    return json(res, 200, { endpoints: ENDPOINTS }, RATE_HEADERS);
  if (p === "/v2/billing/pods" && method === "GET")
    return json(
      res,
      200,
      {
        records: [
          {
            time: "2026-12-05T00:00:00Z",
            amount: 39.36,
            timeBilledMs: 86400000,
            diskSpaceBilledGb: 150,
            podId: RP_POD,
          },
          {
            time: "2026-12-06T00:00:00Z",
            amount: 12.71,
            timeBilledMs: 27900000,
            diskSpaceBilledGb: 150,
            podId: RP_POD,
          },
        ],
      },
      RATE_HEADERS,
    );

  console.error(`[runpod stand-in] unhandled ${method} ${p}`);
  return problem(res, 404, "Not Found", "resource not found");
}

export const runpodStandin = httpStandin(RUNPOD_PORT, runpodHandler);

// ------------------------------------------------------------------------------------------------------ Groq

export const GROQ_KEY = "gsk_Wq4nT8yLmB2vXc6ZpR0sJd9KfH3gA7eU1oIkN5tYbVw2MzQx";
export const GROQ_SLOW_MARKER = "quarterly earnings call transcript";

let groqCounter = 0;
const groqReq = () => `req_01jf${(8000 + groqCounter++).toString(36)}q2x7m4k9p3r8t1v6w0y5z`;

function groqError(
  res: http.ServerResponse,
  status: number,
  error: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  json(res, status, { error }, { "x-request-id": groqReq(), ...headers });
}

function groqHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (url.pathname !== "/openai/v1/chat/completions" || req.method !== "POST")
    return groqError(res, 404, {
      message:
        "Unknown request URL: " +
        url.pathname +
        ". Please check the URL for typos, or see the docs at https://console.groq.com/docs/",
      type: "invalid_request_error",
      code: "unknown_url",
    });
  if (req.headers.authorization !== `Bearer ${GROQ_KEY}` || state.groqBadKey)
    return groqError(res, 401, {
      message: "Invalid API Key",
      type: "invalid_request_error",
      code: "invalid_api_key",
    });
  if (state.groqChallenge)
    return text(
      res,
      403,
      '<!DOCTYPE html>\n<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->\n<head>\n<title>Attention Required! | Cloudflare</title>\n<meta charset="UTF-8" />\n</head>\n<body>\n<div id="cf-wrapper">\n<div id="cf-error-details" class="cf-error-details-wrapper">\n<h1 data-translate="block_headline">Sorry, you have been blocked</h1>\n<h2 class="cf-subheadline"><span data-translate="unable_to_access">You are unable to access</span> api.groq.com</h2>\n<p data-translate="blocked_why_detail">This website is using a security service to protect itself from online attacks.</p>\n<p>Please enable cookies.</p>\n<span>Cloudflare Ray ID: <strong class="font-semibold">8f2d7c1b3a9e4f60</strong></span>\n</div>\n</div>\n</body>\n</html>\n',
      "text/html; charset=UTF-8",
    );
  const request = parse(body) as { model?: string; messages?: { content?: string }[] };
  const model = request.model ?? "compound-beta";
  const question = request.messages?.[0]?.content ?? "";
  if (state.groqRateLimited)
    return groqError(
      res,
      429,
      {
        message: `Rate limit reached for model \`${model}\` in organization \`org_01jb4t9x2m7q5k8n3p6r0v1w4y\` service tier \`on_demand\` on requests per day (RPD): Limit 250, Used 250, Requested 1. Please try again in 2s. Need more tokens? Upgrade to Dev Tier today at https://console.groq.com/settings/billing`,
        type: "requests",
        code: "rate_limit_exceeded",
      },
      {
        "retry-after": "2",
        "x-ratelimit-limit-requests": "250",
        "x-ratelimit-remaining-requests": "0",
        "x-ratelimit-reset-requests": "5m45.6s",
      },
    );
  if (state.groqTooLarge)
    return groqError(res, 413, {
      message: `Request too large for model \`${model}\` in organization \`org_01jb4t9x2m7q5k8n3p6r0v1w4y\` service tier \`on_demand\` on tokens per minute (TPM): Limit 70000, Requested 118242, please reduce your message size and try again. Need more tokens? Upgrade to Dev Tier today at https://console.groq.com/settings/billing`,
      type: "tokens",
      code: "rate_limit_exceeded",
    });
  if (state.groqDecommissioned)
    return groqError(res, 400, {
      message: `The model \`${model}\` has been decommissioned and is no longer supported. Please refer to https://console.groq.com/docs/deprecations for a recommendation on which model to use instead.`,
      type: "invalid_request_error",
      code: "model_decommissioned",
    });
  if (state.groqServerError)
    return groqError(res, 500, { message: "Internal Server Error", type: "internal_server_error" });
  if (state.groqUnavailable)
    return groqError(res, 503, {
      message: "Service Unavailable",
      type: "internal_server_error",
      code: "service_unavailable",
    });
  const answer = (content: string | null, tools: unknown[] = []) => ({
    id: `chatcmpl-${groqReq().slice(4)}`,
    object: "chat.completion",
    created: 1796601600 + groqCounter,
    model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content, ...(tools.length ? { executed_tools: tools } : {}) },
        logprobs: null,
        finish_reason: "stop",
      },
    ],
    usage: {
      queue_time: 0.021,
      prompt_tokens: 1843,
      prompt_time: 0.07,
      completion_tokens: 212,
      completion_time: 0.53,
      total_tokens: 2055,
      total_time: 0.6,
    },
    usage_breakdown: null,
    system_fingerprint: null,
    x_groq: { id: groqReq() },
  });
  if (question.includes(GROQ_SLOW_MARKER)) return later(15_000, () => json(res, 200, answer("Too late.")));
  if (state.groqEmpty) return json(res, 200, answer(null));
  if (/exchange rate|EUR|euro/i.test(question))
    return json(
      res,
      200,
      answer(
        "As of 6 December 2026 the ECB reference rate is 1 EUR = 1.0841 USD (published 5 December, 16:00 CET). Markets were closed over the weekend, so that is the latest official fixing.",
        [
          {
            index: 0,
            type: "search",
            arguments: '{"query": "ECB euro reference rate USD today"}',
            output:
              "Title: Euro foreign exchange reference rates - European Central Bank\nURL: https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/html/index.en.html\nContent: 5 December 2026 USD US dollar 1.0841 ...",
          },
        ],
      ),
    );
  if (/compound interest|python|calculate|sqrt|prime/i.test(question))
    return json(
      res,
      200,
      answer(
        "Investing €12,000 at 3.4 % compounded monthly for 7 years gives €15,216.39 (interest earned €3,216.39).",
        [
          {
            index: 0,
            type: "python",
            arguments: '{"code": "p=12000; r=0.034/12; n=84\\nprint(round(p*(1+r)**n, 2))"}',
            output: "15216.39\n",
          },
        ],
      ),
    );
  if (/release notes|latest version|pytorch/i.test(question))
    return json(
      res,
      200,
      answer(
        "PyTorch 2.10.0 is the latest stable release (announced 19 November 2026). Highlights: torch.compile support for Python 3.14, FlexAttention on ROCm, and the removal of the deprecated TorchScript frontend warnings.",
        [
          {
            index: 0,
            type: "search",
            arguments: '{"query": "PyTorch latest release notes"}',
            output:
              "Title: PyTorch 2.10 Release Blog\nURL: https://pytorch.org/blog/pytorch-2-10-release-blog/ ...",
          },
        ],
      ),
    );
  return json(
    res,
    200,
    answer(
      "The latest Hugging Face Open LLM Leaderboard snapshot (1 December 2026) has Qwen3-72B-Instruct first with an average of 52.8, followed by Llama-4-70B-Instruct at 51.9.",
      [
        {
          index: 0,
          type: "search",
          arguments: '{"query": "open llm leaderboard top model december 2026"}',
          output: "Title: Open LLM Leaderboard ...",
        },
      ],
    ),
  );
}

export const groqStandin = httpStandin(GROQ_PORT, groqHandler);

export const ALL_STANDINS = [hfStandin, runpodStandin, groqStandin];
