// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies
// and error bodies (README.md says where each came from):
// - fal.ai (fal-ai-mcp-server): the Platform API v1 (`api.fal.ai/v1/models…`), the queue (`queue.fal.run`)
//   and storage (`rest.alpha.fal.ai`). The hosts are written into the server; its fetch calls reach a forward
//   proxy, its https.request GETs a TLS listener (https-preload.mjs), both answered by one handler;
// - MiniMax (minimax-mcp-js): `api.minimax.chat`-style `/v1/…` endpoints on a plain loopback port the server
//   is pointed at by MINIMAX_API_HOST; MiniMax reports most errors with HTTP 200 and `base_resp.status_code`;
// - the Gemini API (nano-banana-mcp): `generativelanguage.googleapis.com/v1beta/models/…:generateContent`
//   through a forward proxy;
// - OpenAI's Images API (mcp-image with IMAGE_PROVIDER=openai): `/v1/images/generations` and `/v1/images/edits`
//   on a plain loopback port the openai SDK is pointed at by OPENAI_BASE_URL.
//
// `state` is switched by the sessions' hooks (a revoked key, a rate limit, an outage, a slow answer, …).

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
  tlsStandin,
  type Certificate,
  type Standin,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r18-b";
export const CERT = path.join(DATA, "standin-cert.pem");

export const FAL_PROXY_PORT = 40650;
export const FAL_TLS_PORT = 40651;
export const MINIMAX_PORT = 40652;
export const GEMINI_PROXY_PORT = 40653;
export const OPENAI_PORT = 40654;

export const FAL_KEY = "6b1c3f0e-2a4d-4e8b-9f21-7c5d0a3e8b14:9e2f4a6c8b0d1e3f5a7c9b2d4e6f8a0c";
export const MINIMAX_KEY =
  "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJHcm91cE5hbWUiOiJjb3JwdXMiLCJHcm91cElEIjoiMTkxMDQ0NTU2NjM4MDAwMDAwMCJ9.c3RhbmQtaW4";
export const GEMINI_KEY = "AIzaSyC3-corpusStandInKey0000000000000";
export const OPENAI_KEY = "sk-proj-corpusStandIn0000000000000000000000000000Xq7d";

const HOSTS = [
  "api.fal.ai",
  "queue.fal.run",
  "rest.alpha.fal.ai",
  "v3.fal.media",
  "generativelanguage.googleapis.com",
];

export const state = {
  falKeyRevoked: false,
  falLocked: false,
  falRateLimited: false,
  falServerError: false,
  falBadGateway: false,
  falSlow: false,
  mmLoginFail: false,
  mmBalance: false,
  mmRateLimit: false,
  mmBadGateway: false,
  mmSlow: false,
  gmKeyInvalid: false,
  gmQuota: false,
  gmOverloaded: false,
  gmInternal: false,
  gmSlow: false,
  oaKeyInvalid: false,
  oaRateLimited: false,
  oaBilling: false,
  oaUnverified: false,
  oaServerError: false,
  oaGatewayTimeout: false,
  oaSlow: false,
};

let cert: Certificate | undefined;
export function ensureCertificate(): Certificate {
  cert ??= certificate(DATA, HOSTS);
  return cert;
}
const tls = () => ensureCertificate();

/** A 1×1 PNG and a 1×1 JPEG (the image bytes the services return, base64). */
export const PNG_B64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const JPEG_B64 =
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=";

const CLOUDFLARE_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>cloudflare</center>\r\n</body>\r\n</html>\r\n";

// ------------------------------------------------------------------------------------------------ fal.ai

export const FAL_DONE_REQUEST = "764cabcf-b745-4b3e-ae38-1200304cf45b";
export const FAL_RUNNING_REQUEST = "2c9e0f51-8d3a-4b7e-a1f6-0e5b9c4d7a21";

const FAL_MODELS = [
  {
    endpoint_id: "fal-ai/flux/dev",
    metadata: {
      display_name: "FLUX.1 [dev]",
      category: "text-to-image",
      description:
        "FLUX.1 [dev] is a 12 billion parameter flow transformer that generates high-quality images from text.",
      status: "active",
      tags: ["flux", "text-to-image"],
      updated_at: "2026-10-02T09:14:11.204Z",
      is_favorited: false,
      thumbnail_url: "https://fal.media/files/panda/flux-dev-thumb.webp",
      model_url: "https://fal.run/fal-ai/flux/dev",
      license_type: "commercial",
      date: "2024-08-01T00:00:00.000Z",
      highlighted: true,
      kind: "inference",
      pinned: false,
    },
  },
  {
    endpoint_id: "fal-ai/flux/schnell",
    metadata: {
      display_name: "FLUX.1 [schnell]",
      category: "text-to-image",
      description:
        "FLUX.1 [schnell] is a 12 billion parameter flow transformer for 1–4 step image generation.",
      status: "active",
      tags: ["flux", "fast"],
      updated_at: "2026-09-18T16:40:02.913Z",
      is_favorited: false,
      thumbnail_url: "https://fal.media/files/lion/flux-schnell-thumb.webp",
      model_url: "https://fal.run/fal-ai/flux/schnell",
      license_type: "commercial",
      date: "2024-08-01T00:00:00.000Z",
      highlighted: false,
      kind: "inference",
      pinned: false,
    },
  },
  {
    endpoint_id: "fal-ai/kling-video/v2.1/standard/image-to-video",
    metadata: {
      display_name: "Kling 2.1 (standard) Image to Video",
      category: "image-to-video",
      description: "Kling 2.1 Standard turns a still image into a 5 or 10 second video clip.",
      status: "active",
      tags: ["video", "kling"],
      updated_at: "2026-08-30T11:02:45.118Z",
      is_favorited: false,
      thumbnail_url: "https://fal.media/files/koala/kling-thumb.webp",
      model_url: "https://fal.run/fal-ai/kling-video/v2.1/standard/image-to-video",
      license_type: "commercial",
      date: "2025-05-29T00:00:00.000Z",
      highlighted: false,
      kind: "inference",
      pinned: false,
    },
  },
  {
    endpoint_id: "fal-ai/stable-diffusion-v15",
    metadata: {
      display_name: "Stable Diffusion v1.5",
      category: "text-to-image",
      description: "Stable Diffusion v1.5",
      status: "deprecated",
      tags: ["stable-diffusion"],
      updated_at: "2025-03-11T08:00:00.000Z",
      is_favorited: false,
      thumbnail_url: "https://fal.media/files/monkey/sd15-thumb.webp",
      model_url: "https://fal.run/fal-ai/stable-diffusion-v15",
      license_type: "research",
      date: "2023-10-01T00:00:00.000Z",
      highlighted: false,
      kind: "inference",
      pinned: false,
    },
  },
];

const FAL_PRICES: Record<string, { unit_price: number; unit: string }> = {
  "fal-ai/flux/dev": { unit_price: 0.025, unit: "megapixels" },
  "fal-ai/flux/schnell": { unit_price: 0.003, unit: "megapixels" },
  "fal-ai/kling-video/v2.1/standard/image-to-video": { unit_price: 0.05, unit: "seconds" },
};

function falQueueUrls(app: string, id: string) {
  return {
    response_url: `https://queue.fal.run/${app}/requests/${id}`,
    status_url: `https://queue.fal.run/${app}/requests/${id}/status`,
    cancel_url: `https://queue.fal.run/${app}/requests/${id}/cancel`,
  };
}

function fal(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const host = url.hostname;
  const method = req.method ?? "GET";
  const auth = req.headers.authorization ?? "";
  const authed = auth === `Key ${FAL_KEY}`;
  if (state.falBadGateway) return text(res, 502, CLOUDFLARE_502, "text/html");
  if (state.falRateLimited)
    return json(
      res,
      429,
      { detail: "Rate limit exceeded. Too many concurrent requests for this user, please try again later." },
      { "retry-after": "30" },
    );
  if (state.falServerError) return json(res, 500, { detail: "Internal Server Error" });

  if (host === "api.fal.ai" && url.pathname === "/v1/models" && method === "GET") {
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    const category = url.searchParams.get("category");
    const status = url.searchParams.get("status");
    const ids = url.searchParams.getAll("endpoint_id");
    const limit = Number(url.searchParams.get("limit") ?? "50");
    if (!Number.isFinite(limit) || limit < 1)
      return json(res, 400, {
        error: { type: "validation_error", message: "limit: Input should be greater than or equal to 1" },
      });
    let models = FAL_MODELS.filter((m) => {
      if (ids.length) return ids.includes(m.endpoint_id);
      if (category && m.metadata.category !== category) return false;
      if (status && m.metadata.status !== status) return false;
      if (q) {
        const hay = `${m.endpoint_id} ${m.metadata.display_name} ${m.metadata.description} ${m.metadata.category}`;
        return q.split(/\s+/).every((word) => hay.toLowerCase().includes(word));
      }
      return true;
    });
    const more = models.length > limit;
    models = models.slice(0, limit);
    return json(res, 200, {
      models,
      next_cursor: more ? "eyJvZmZzZXQiOjJ9" : null,
      has_more: more,
    });
  }

  // The signed upload URL carries its own signature; everything else below needs the key.
  if (host === "v3.fal.media" && method === "PUT") return json(res, 200, { status: "ok" });
  if (!auth) return json(res, 401, { detail: "Missing authorization header" });
  if (state.falKeyRevoked || !authed)
    return json(res, 401, { detail: "No user found for Key ID and Secret" });
  if (state.falLocked)
    return json(res, 403, {
      detail: "User is locked. Reason: Exhausted balance. Top up your balance at fal.ai/dashboard/billing.",
    });

  if (host === "api.fal.ai" && url.pathname === "/v1/models/pricing" && method === "GET") {
    const ids = url.searchParams.getAll("endpoint_id");
    const unknown = ids.filter((id) => !FAL_PRICES[id]);
    if (unknown.length)
      return json(res, 404, {
        error: { type: "not_found", message: `Endpoint not found: ${unknown.join(", ")}` },
      });
    return json(res, 200, {
      next_cursor: null,
      has_more: false,
      prices: ids.map((id) => ({ endpoint_id: id, ...FAL_PRICES[id], currency: "USD" })),
    });
  }
  if (host === "api.fal.ai" && url.pathname === "/v1/models/pricing/estimate" && method === "POST") {
    const payload = parse(body) as {
      estimate_type?: string;
      endpoints?: Record<string, { unit_quantity?: number; call_quantity?: number }>;
    };
    if (payload.estimate_type !== "unit_price" && payload.estimate_type !== "historical_api_price")
      return json(res, 422, {
        error: {
          type: "validation_error",
          message: "estimate_type: Input should be 'historical_api_price' or 'unit_price'",
        },
      });
    let total = 0;
    for (const [id, qty] of Object.entries(payload.endpoints ?? {})) {
      const price = FAL_PRICES[id];
      if (!price)
        return json(res, 404, { error: { type: "not_found", message: `Endpoint not found: ${id}` } });
      total += price.unit_price * (qty.unit_quantity ?? qty.call_quantity ?? 0);
    }
    return json(res, 200, {
      estimate_type: payload.estimate_type,
      total_cost: Math.round(total * 1000) / 1000,
      currency: "USD",
    });
  }
  if (host === "api.fal.ai" && url.pathname === "/v1/models/usage" && method === "GET") {
    const ids = url.searchParams.getAll("endpoint_id");
    if (ids.includes("fal-ai/flux/dev"))
      return json(res, 200, {
        next_cursor: null,
        has_more: false,
        time_series: [
          {
            bucket: "2026-12-05T00:00:00-05:00",
            results: [
              {
                endpoint_id: "fal-ai/flux/dev",
                unit: "megapixels",
                quantity: 42.5,
                unit_price: 0.025,
                cost: 1.06,
                currency: "USD",
                auth_method: "Key 1",
              },
            ],
          },
        ],
      });
    return json(res, 200, { next_cursor: null, has_more: false, time_series: [] });
  }
  if (host === "api.fal.ai" && url.pathname === "/v1/models/analytics" && method === "GET") {
    return json(res, 200, {
      next_cursor: null,
      has_more: false,
      time_series: [
        {
          bucket: "2026-12-05T00:00:00-05:00",
          results: [
            {
              endpoint_id: url.searchParams.get("endpoint_id"),
              request_count: 118,
              success_count: 112,
              user_error_count: 5,
              error_count: 1,
              p50_duration: 2.41,
              p90_duration: 4.88,
            },
          ],
        },
      ],
    });
  }

  if (host === "rest.alpha.fal.ai" && url.pathname === "/storage/upload/initiate" && method === "POST") {
    const payload = parse(body) as { file_name?: string };
    const name = payload.file_name ?? "upload.bin";
    return json(res, 200, {
      file_url: `https://v3.fal.media/files/rabbit/Jx0sN3kq5m_${name}`,
      upload_url: `https://v3.fal.media/files/upload/rabbit/Jx0sN3kq5m_${name}?signature=c3RhbmQtaW4`,
    });
  }
  if (host === "queue.fal.run") {
    const parts = url.pathname.split("/").filter(Boolean);
    const at = parts.indexOf("requests");
    if (at === -1 && method === "POST") {
      const app = parts.join("/");
      const known = FAL_MODELS.find((m) => m.endpoint_id === app);
      if (!known) return json(res, 404, { detail: `Application '${parts[1] ?? app}' not found` });
      if (known.metadata.status === "deprecated")
        return json(res, 410, {
          detail: `Application '${app}' has been deprecated and is no longer available.`,
        });
      const input = parse(body) as Record<string, unknown>;
      if (app.includes("image-to-video") && !input.image_url)
        return json(res, 422, {
          detail: [
            { loc: ["body", "image_url"], msg: "field required", type: "value_error.missing" },
            ...(input.prompt
              ? []
              : [{ loc: ["body", "prompt"], msg: "field required", type: "value_error.missing" }]),
          ],
        });
      if (!input.prompt)
        return json(res, 422, {
          detail: [{ loc: ["body", "prompt"], msg: "field required", type: "value_error.missing" }],
        });
      if (typeof input.num_images === "number" && input.num_images > 4)
        return json(res, 422, {
          detail: [
            {
              loc: ["body", "num_images"],
              msg: "ensure this value is less than or equal to 4",
              type: "value_error.number.not_le",
              ctx: { limit_value: 4 },
            },
          ],
        });
      const answer = () =>
        json(res, 200, {
          status: "IN_QUEUE",
          request_id: FAL_RUNNING_REQUEST,
          ...falQueueUrls(parts.slice(0, 2).join("/"), FAL_RUNNING_REQUEST),
          queue_position: 0,
        });
      return state.falSlow ? later(15_000, answer) : answer();
    }
    if (at >= 2) {
      const app = parts.slice(0, at).join("/");
      const id = parts[at + 1] ?? "";
      const tail = parts[at + 2];
      const known = id === FAL_DONE_REQUEST || id === FAL_RUNNING_REQUEST;
      if (!known) return json(res, 404, { detail: "Request not found" });
      if (tail === "status" && method === "GET") {
        return json(
          res,
          200,
          id === FAL_DONE_REQUEST
            ? {
                status: "COMPLETED",
                request_id: id,
                response_url: falQueueUrls(app, id).response_url,
                logs: null,
                metrics: { inference_time: 2.184 },
              }
            : {
                status: "IN_PROGRESS",
                request_id: id,
                response_url: falQueueUrls(app, id).response_url,
                logs: null,
              },
        );
      }
      if (tail === "cancel" && method === "PUT") {
        return id === FAL_DONE_REQUEST
          ? json(res, 400, { status: "ALREADY_COMPLETED" })
          : json(res, 202, { status: "CANCELLATION_REQUESTED" });
      }
      if (!tail && method === "GET") {
        if (id === FAL_RUNNING_REQUEST) return json(res, 400, { detail: "Request is still in progress" });
        return json(res, 200, {
          images: [
            {
              url: "https://v3.fal.media/files/penguin/5c1b0e2f-lighthouse.jpg",
              width: 1024,
              height: 768,
              content_type: "image/jpeg",
            },
          ],
          timings: { inference: 2.184 },
          seed: 1844674407,
          has_nsfw_concepts: [false],
          prompt: "a lighthouse on a cliff at dusk, oil painting",
        });
      }
    }
  }
  return json(res, 404, { detail: "Not Found" });
}

export const falProxy = forwardProxy(FAL_PROXY_PORT, tls, fal);
export const falTls = tlsStandin(FAL_TLS_PORT, tls, fal);
/** Both of fal.ai's listeners, stopped and started together (the service unreachable). */
export const falStandin: Standin = {
  start: async () => {
    await falProxy.start();
    await falTls.start();
  },
  stop: async () => {
    await falProxy.stop();
    await falTls.stop();
  },
};

// ----------------------------------------------------------------------------------------------- MiniMax

const mmOk = { status_code: 0, status_msg: "success" };
const mmTrace = () => ({ "trace-id": "04a1f5c2b7e9d8316c0e2a4b9f7d1e35", alb_request_id: "c5e1d0a2" });
export const MM_VIDEO_TASK = "106916112212032";
export const MM_FAILED_TASK = "106916112212099";

const SYSTEM_VOICES = [
  { voice_id: "male-qn-qingse", voice_name: "青涩青年音色", description: [] },
  { voice_id: "female-shaonv", voice_name: "少女音色", description: [] },
  { voice_id: "English_Graceful_Lady", voice_name: "Graceful Lady", description: [] },
  { voice_id: "English_Trustworth_Man", voice_name: "Trustworthy Man", description: [] },
];

function minimax(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const route = url.pathname;
  const input = parse(body) as Record<string, unknown>;
  const headers = mmTrace();
  const fail = (code: number, msg: string) =>
    json(res, 200, { base_resp: { status_code: code, status_msg: msg } }, headers);
  if (state.mmBadGateway)
    return text(
      res,
      502,
      "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n",
      "text/html",
    );
  if (state.mmLoginFail || req.headers.authorization !== `Bearer ${MINIMAX_KEY}`)
    return fail(
      1004,
      "login fail: Please carry the API secret key in the 'Authorization' field of the request header",
    );
  if (state.mmRateLimit) return fail(1002, "rate limit exceeded(RPM)");
  if (state.mmBalance) return fail(1008, "insufficient balance");

  if (route === "/v1/get_voice") {
    const type = String(input.voice_type ?? "all");
    return json(
      res,
      200,
      {
        system_voice: type === "voice_cloning" ? [] : SYSTEM_VOICES,
        voice_cloning: [],
        voice_generation: [],
        base_resp: mmOk,
      },
      headers,
    );
  }
  if (route === "/v1/t2a_v2") {
    const voice = (input.voice_setting as { voice_id?: string } | undefined)?.voice_id ?? "";
    if (!SYSTEM_VOICES.some((v) => v.voice_id === voice)) return fail(2054, "voice id not exist");
    const textIn = String(input.text ?? "");
    if (textIn.length > 10_000) return fail(2013, "invalid params, text length should be less than 10000");
    const answer = () =>
      json(
        res,
        200,
        {
          data: {
            audio:
              "https://minimax-algeng-chat-tts-us.oss-us-east-1.aliyuncs.com/audio%2Ftts-mp3-20261206-a1b2c3.mp3",
            status: 2,
            ced: "",
          },
          extra_info: {
            audio_length: 4120,
            audio_sample_rate: 32000,
            audio_size: 66048,
            bitrate: 128000,
            word_count: textIn.split(/\s+/).length,
            invisible_character_ratio: 0,
            usage_characters: textIn.length,
            audio_format: "mp3",
            audio_channel: 1,
          },
          trace_id: headers["trace-id"],
          base_resp: mmOk,
        },
        headers,
      );
    return state.mmSlow ? later(15_000, answer) : answer();
  }
  if (route === "/v1/image_generation") {
    const prompt = String(input.prompt ?? "");
    if (/blood|gore|corpse/i.test(prompt)) return fail(1026, "input new_sensitive");
    const n = Number(input.n ?? 1);
    const answer = () =>
      json(
        res,
        200,
        {
          id: "03ff3cd0820949eb8a410056b5f21d38",
          data: {
            image_urls: Array.from(
              { length: n },
              (_, i) =>
                `https://hailuo-image-algeng-data-us.oss-us-east-1.aliyuncs.com/image_inference_output%2Ftalkie%2Fprod%2Fimg%2F2026-12-06%2F03ff3cd0-${i}.jpeg?Expires=1765123456&OSSAccessKeyId=LTAI5tCorpusStandIn&Signature=c3RhbmQtaW4`,
            ),
          },
          metadata: { failed_count: "0", success_count: String(n) },
          base_resp: mmOk,
        },
        headers,
      );
    return state.mmSlow ? later(15_000, answer) : answer();
  }
  if (route === "/v1/video_generation") {
    if (/blood|gore|corpse/i.test(String(input.prompt ?? ""))) return fail(1026, "input new_sensitive");
    return json(res, 200, { task_id: MM_VIDEO_TASK, base_resp: mmOk }, headers);
  }
  if (route === "/v1/query/video_generation") {
    const task = url.searchParams.get("task_id");
    if (task === MM_VIDEO_TASK)
      return json(
        res,
        200,
        {
          task_id: task,
          status: "Success",
          file_id: "205258526306433",
          video_width: 1366,
          video_height: 768,
          base_resp: mmOk,
        },
        headers,
      );
    if (task === MM_FAILED_TASK)
      return json(res, 200, { task_id: task, status: "Fail", file_id: "", base_resp: mmOk }, headers);
    return fail(2013, "invalid params, task_id not found");
  }
  if (route === "/v1/files/retrieve") {
    return json(
      res,
      200,
      {
        file: {
          file_id: Number(url.searchParams.get("file_id")),
          bytes: 5896337,
          created_at: 1765021200,
          filename: "output.mp4",
          purpose: "video_generation",
          download_url:
            "https://public-cdn-video-data-algeng-us.oss-us-east-1.aliyuncs.com/inference_output%2Fvideo%2F2026-12-06%2Foutput.mp4",
        },
        base_resp: mmOk,
      },
      headers,
    );
  }
  if (route === "/v1/voice_design") {
    return json(
      res,
      200,
      {
        trial_audio: "4f6d3a2b",
        voice_id: "ttv-voice-2026120617301126-Xc7Lq9pA",
        base_resp: mmOk,
      },
      headers,
    );
  }
  return json(res, 404, { base_resp: { status_code: 404, status_msg: "404 page not found" } });
}

export const minimaxStandin = httpStandin(MINIMAX_PORT, minimax);

// ------------------------------------------------------------------------------------------------ Gemini

const gError = (
  res: http.ServerResponse,
  code: number,
  status: string,
  message: string,
  details?: unknown[],
) => json(res, code, { error: { code, message, status, ...(details ? { details } : {}) } });

function gemini(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const key = (req.headers["x-goog-api-key"] as string | undefined) ?? url.searchParams.get("key");
  const match = /^\/v1beta\/models\/([^:]+):generateContent$/.exec(url.pathname);
  if (!match) return gError(res, 404, "NOT_FOUND", "Method not found.");
  if (state.gmKeyInvalid || key !== GEMINI_KEY)
    return gError(res, 400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", [
      {
        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
        reason: "API_KEY_INVALID",
        domain: "googleapis.com",
        metadata: { service: "generativelanguage.googleapis.com" },
      },
      {
        "@type": "type.googleapis.com/google.rpc.LocalizedMessage",
        locale: "en-US",
        message: "API key not valid. Please pass a valid API key.",
      },
    ]);
  if (state.gmQuota)
    return gError(
      res,
      429,
      "RESOURCE_EXHAUSTED",
      "You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.",
      [
        {
          "@type": "type.googleapis.com/google.rpc.QuotaFailure",
          violations: [
            {
              quotaMetric: "generativelanguage.googleapis.com/generate_content_free_tier_requests",
              quotaId: "GenerateRequestsPerMinutePerProjectPerModel-FreeTier",
              quotaDimensions: { location: "global", model: "gemini-2.5-flash-preview-image" },
              quotaValue: "10",
            },
          ],
        },
        { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "38s" },
      ],
    );
  if (state.gmOverloaded)
    return gError(res, 503, "UNAVAILABLE", "The model is overloaded. Please try again later.");
  if (state.gmInternal)
    return gError(
      res,
      500,
      "INTERNAL",
      "An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting",
    );
  const payload = parse(body) as { contents?: { parts?: { text?: string; inlineData?: unknown }[] }[] };
  const prompt = (payload.contents ?? [])
    .flatMap((c) => c.parts ?? [])
    .map((p) => p.text ?? "")
    .join(" ");
  if (!prompt.trim() && !(payload.contents ?? []).some((c) => (c.parts ?? []).some((p) => p.inlineData)))
    return gError(
      res,
      400,
      "INVALID_ARGUMENT",
      "* GenerateContentRequest.contents: contents is not specified\n",
    );
  const usage = {
    promptTokenCount: 14,
    candidatesTokenCount: 1290,
    totalTokenCount: 1304,
    promptTokensDetails: [{ modality: "TEXT", tokenCount: 14 }],
    candidatesTokensDetails: [{ modality: "IMAGE", tokenCount: 1290 }],
  };
  const base = { modelVersion: match[1], responseId: "kXJbaZ2cDpqJ0-kP1uGd6Ao" };
  if (/nude|undressed|naked/i.test(prompt))
    return json(res, 200, {
      promptFeedback: { blockReason: "PROHIBITED_CONTENT" },
      usageMetadata: { promptTokenCount: 12, totalTokenCount: 12 },
      ...base,
    });
  if (/taylor swift|barack obama|celebrity/i.test(prompt))
    return json(res, 200, {
      candidates: [{ finishReason: "IMAGE_SAFETY", index: 0 }],
      usageMetadata: { promptTokenCount: 16, totalTokenCount: 16 },
      ...base,
    });
  if (/^\s*(what|how|why|explain)\b/i.test(prompt))
    return json(res, 200, {
      candidates: [
        {
          content: {
            parts: [
              {
                text: "A watercolor wash works best on cold-pressed paper: wet the sheet first, then drop pigment in from the top edge and let gravity blend it.",
              },
            ],
            role: "model",
          },
          finishReason: "STOP",
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 11, candidatesTokenCount: 34, totalTokenCount: 45 },
      ...base,
    });
  const answer = () =>
    json(res, 200, {
      candidates: [
        {
          content: {
            parts: [
              { text: "Here is the image you asked for." },
              { inlineData: { mimeType: "image/png", data: PNG_B64 } },
            ],
            role: "model",
          },
          finishReason: "STOP",
          index: 0,
        },
      ],
      usageMetadata: usage,
      ...base,
    });
  return state.gmSlow ? later(15_000, answer) : answer();
}

export const geminiStandin = forwardProxy(GEMINI_PROXY_PORT, tls, gemini);

// ------------------------------------------------------------------------------------------------ OpenAI

const oaHeaders = {
  "openai-organization": "org-corpusstandin",
  "openai-processing-ms": "8412",
  "openai-version": "2020-10-01",
  "x-request-id": "req_7f3b2c9d0e1a4b5c8d6e2f1a0b9c8d7e",
};
const oaError = (
  res: http.ServerResponse,
  status: number,
  message: string,
  type: string,
  code: string | null,
  param: string | null = null,
  headers: Record<string, string> = {},
) => json(res, status, { error: { message, type, param, code } }, { ...oaHeaders, ...headers });

function openai(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const route = url.pathname;
  if (state.oaGatewayTimeout)
    return text(
      res,
      504,
      "<html>\r\n<head><title>504 Gateway Time-out</title></head>\r\n<body>\r\n<center><h1>504 Gateway Time-out</h1></center>\r\n<hr><center>cloudflare</center>\r\n</body>\r\n</html>\r\n",
      "text/html",
    );
  if (state.oaKeyInvalid || req.headers.authorization !== `Bearer ${OPENAI_KEY}`)
    return oaError(
      res,
      401,
      "Incorrect API key provided: sk-proj-********************************************Xq7d. You can find your API key at https://platform.openai.com/account/api-keys.",
      "invalid_request_error",
      "invalid_api_key",
    );
  if (state.oaRateLimited)
    return oaError(
      res,
      429,
      "Rate limit reached for gpt-image-2.5-flare in organization org-corpusstandin on images per minute (IPM): Limit 5, Used 5, Requested 1. Please try again in 1s. Visit https://platform.openai.com/account/rate-limits to learn more.",
      "requests",
      "rate_limit_exceeded",
      null,
      {
        "retry-after": "1",
        "x-ratelimit-limit-requests": "5",
        "x-ratelimit-remaining-requests": "0",
        "x-ratelimit-reset-requests": "1s",
      },
    );
  if (state.oaBilling)
    return oaError(
      res,
      400,
      "Billing hard limit has been reached.",
      "invalid_request_error",
      "billing_hard_limit_reached",
    );
  if (state.oaUnverified)
    return oaError(
      res,
      403,
      "Your organization must be verified to use the model `gpt-image-2.5-sunburst`. Please go to: https://platform.openai.com/settings/organization/general and click on Verify Organization. If you just verified, it can take up to 15 minutes for access to propagate.",
      "invalid_request_error",
      null,
    );
  if (state.oaServerError)
    return oaError(
      res,
      500,
      "The server had an error while processing your request. Sorry about that!",
      "server_error",
      null,
    );
  if (route !== "/v1/images/generations" && route !== "/v1/images/edits")
    return oaError(res, 404, `Invalid URL (POST ${route})`, "invalid_request_error", null);
  const isEdit = route === "/v1/images/edits";
  const payload = isEdit ? formFields(body) : (parse(body) as Record<string, unknown>);
  const prompt = String(payload.prompt ?? "");
  if (prompt.length > 32_000)
    return oaError(
      res,
      400,
      `Invalid 'prompt': string too long. Expected a string with maximum length 32000, but got a string with length ${prompt.length} instead.`,
      "invalid_request_error",
      "string_above_max_length",
      "prompt",
    );
  if (/explosion|gun|weapon|blood/i.test(prompt))
    return oaError(
      res,
      400,
      "Your request was rejected by the safety system. If you believe this is an error, contact us at help.openai.com and include the request ID req_7f3b2c9d0e1a4b5c8d6e2f1a0b9c8d7e. safety_violations=[violence].",
      "image_generation_user_error",
      "moderation_blocked",
    );
  const format = String(payload.output_format ?? "png");
  const answer = () =>
    json(
      res,
      200,
      {
        created: 1765041203,
        background: "opaque",
        data: [{ b64_json: format === "jpeg" ? JPEG_B64 : PNG_B64 }],
        output_format: format,
        quality: payload.quality ?? "low",
        size: payload.size ?? "1024x1024",
        usage: {
          input_tokens: 52,
          input_tokens_details: { image_tokens: isEdit ? 323 : 0, text_tokens: 52 },
          output_tokens: 272,
          total_tokens: 324,
        },
      },
      oaHeaders,
    );
  return state.oaSlow ? later(15_000, answer) : answer();
}

/** The text fields of a multipart body (the edit request's prompt, model, output_format). */
function formFields(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of body.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)\r\n/g)) fields[m[1]!] = m[2]!;
  return fields;
}

export const openaiStandin = httpStandin(OPENAI_PORT, openai);

export const ALL_STANDINS: Standin[] = [falStandin, minimaxStandin, geminiStandin, openaiStandin];
