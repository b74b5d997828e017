// Loopback stand-ins for group r42-b.
//
// @mux/mcp builds the Mux SDK (@mux/mux-node), whose base URL is read from MUX_BASE_URL, so Mux Video and Mux
// Data are one plain HTTP stand-in (the SDK's Basic credentials are MUX_TOKEN_ID and MUX_TOKEN_SECRET).
//
// @daanvanhulsen/loom-transcript-mcp posts to https://www.loom.com/graphql and then GETs the captions URL that
// Loom answers (a CDN host), both through axios, which follows HTTPS_PROXY: it sends absolute-form requests to a
// forward proxy here, which answers them by host and path (a CONNECT would be terminated with the stand-in
// certificate, trusted by NODE_EXTRA_CA_CERTS).
//
// README.md says where each body's shape comes from. `state` is switched by the sessions' hooks.

import type http from "node:http";
import {
  certificate,
  clearTimers,
  cloudflare502,
  forwardProxy,
  httpStandin,
  json,
  later,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r42-b";

export const MUX_PORT = 44950;
export const LOOM_PROXY_PORT = 44951;

export const CERT = `${DATA}/standin-cert.pem`;
export const ensureCertificate = (): Certificate =>
  certificate(DATA, ["www.loom.com", "cdn.loom.com", "luna.loom.com"]);

export const MUX_TOKEN_ID = "9f3c2a71-5e4b-4d8a-b6c0-2e7f1a9d3c58";
export const MUX_TOKEN_SECRET = "Qm7vT2xKp9RwLz4NcYb8HdJf3Gs6Ae1UoXi5Vn0WtEr/Bq2Mk";

export const state = {
  muxRevoked: false,
  muxRateLimited: false,
  muxServerError: false,
  muxBadGateway: false,
  muxSlow: false,
  muxPlanLimit: false,
  loomRateLimited: false,
  loomBadGateway: false,
  loomSlow: false,
  loomQueryRejected: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ── Mux ──────────────────────────────────────────────────────────────────────────────────────────────────────────────

function muxError(res: http.ServerResponse, status: number, type: string, messages: string[], headers = {}) {
  json(res, status, { error: { type, messages } }, headers);
}

const ASSET_READY = {
  id: "Lm02SbQx5vJ3u8Vh01zTq7YkWcN4pRf6Ga9DeH2iK",
  status: "ready",
  created_at: "1764838215",
  duration: 1834.56,
  max_stored_resolution: "HD",
  resolution_tier: "1080p",
  max_resolution_tier: "1080p",
  max_stored_frame_rate: 29.97,
  aspect_ratio: "16:9",
  video_quality: "plus",
  encoding_tier: "smart",
  ingest_type: "on_demand_url",
  passthrough: "webinar-2026-12-03-product-roadmap",
  mp4_support: "none",
  master_access: "none",
  playback_ids: [{ id: "q9Vt6Ue01Kx4Jm8Rs2Wz5Hb7Nc3Lf00Pg1Dy", policy: "public" }],
  tracks: [
    {
      id: "Zt01Hw7Kq3Xv9Mb5Rn2Lj8Pc6Fd4Sg0Ya",
      type: "video",
      duration: 1834.5,
      max_width: 1920,
      max_height: 1080,
      max_frame_rate: 29.97,
    },
    {
      id: "Bn4Qx8Vr2Lk6Mt0Wj9Hc3Ps7Fy5Dg1Za",
      type: "audio",
      duration: 1834.56,
      max_channels: 2,
    },
    {
      id: "Ct7Wm2Rk5Xq9Lv3Nb8Hj0Pf6Sd4Gy1Ta",
      type: "text",
      text_type: "subtitles",
      text_source: "generated_vod",
      language_code: "en",
      name: "English (generated)",
      status: "ready",
    },
  ],
};

const ASSET_ERRORED = {
  id: "Vx3Kp8Lw01Qm5Tz9Rb2Hn7Jc4Fd6Sg0Ya",
  status: "errored",
  created_at: "1764924600",
  video_quality: "basic",
  encoding_tier: "baseline",
  ingest_type: "on_demand_direct_upload",
  passthrough: "all-hands-2026-12-04",
  errors: {
    type: "invalid_input",
    messages: ["The input file could not be processed because it contains no video or audio tracks."],
  },
  playback_ids: [{ id: "w2Lq8Xv01Nk5Rt9Mb3Hj7Pc4Fd6Sg0Yb", policy: "signed" }],
  tracks: [],
};

const LIVE_STREAM = {
  id: "Kw5Rt01Lq9Xv3Mb8Hn2Jc7Pf4Sd6Gy0Tz",
  stream_key: "b7e3f1a9-4c2d-8e6b-0a5f-3d9c1e7b2a48",
  status: "idle",
  created_at: "1762351200",
  latency_mode: "standard",
  reconnect_window: 60,
  max_continuous_duration: 43200,
  playback_ids: [{ id: "Xm01Qr6Vt3Lk9Wb5Hn8Jc2Pf7Sd4Gy0Ta", policy: "public" }],
  new_asset_settings: { playback_policies: ["public"], video_quality: "plus" },
  recent_asset_ids: ["Lm02SbQx5vJ3u8Vh01zTq7YkWcN4pRf6Ga9DeH2iK"],
  active_asset_id: null,
  test: false,
};

const MISSING = "The requested resource either doesn't exist or you don't have access to it.";

function mux(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  seen.push(`mux ${method} ${url.pathname}${url.search}`);
  if (state.muxSlow) return later(15000, () => json(res, 200, { data: ASSET_READY }));
  if (state.muxBadGateway) {
    return text(res, 502, cloudflare502("api.mux.com", "8f2c4b71ae9d3e05"), "text/html; charset=UTF-8");
  }
  if (state.muxServerError) {
    return muxError(res, 500, "internal_server_error", ["An unexpected error occurred. Please try again."]);
  }
  const basic = `Basic ${Buffer.from(`${MUX_TOKEN_ID}:${MUX_TOKEN_SECRET}`).toString("base64")}`;
  if (state.muxRevoked || req.headers.authorization !== basic) {
    return muxError(res, 401, "unauthorized", ["Unauthorized request"], {
      "www-authenticate": 'Basic realm="Mux"',
    });
  }
  if (state.muxRateLimited) {
    return muxError(res, 429, "too_many_requests", ["Too many requests. Please retry later."], {
      "retry-after": "1",
      "ratelimit-limit": "5",
      "ratelimit-remaining": "0",
    });
  }
  const p = url.pathname;
  if (method === "GET" && p === "/system/v1/whoami") {
    return json(res, 200, {
      data: {
        access_token_name: "agent-readwrite",
        environment_id: "j0v2r5k8m1",
        environment_name: "Production",
        environment_type: "production",
        organization_id: "b8x3q6w9t4",
        organization_name: "Halden Learning",
        permissions: ["video:read", "video:write", "data:read"],
      },
    });
  }
  if (method === "GET" && p === "/video/v1/assets") {
    const page = Number(url.searchParams.get("page") ?? "1");
    return json(res, 200, { data: page > 1 ? [] : [ASSET_READY, ASSET_ERRORED] });
  }
  if (method === "POST" && p === "/video/v1/assets") {
    const input = JSON.parse(body || "{}") as { inputs?: { url?: string }[] };
    const first = input.inputs?.[0]?.url ?? "";
    if (state.muxPlanLimit) {
      return muxError(res, 400, "invalid_parameters", [
        "Free plan environments are limited to 10 assets. Delete an asset or upgrade your plan to create more.",
      ]);
    }
    if (!/^https?:\/\//.test(first)) {
      return muxError(res, 400, "invalid_parameters", ["input.url is not a valid URL"]);
    }
    return json(res, 201, {
      data: {
        id: "Hq6Lv01Xt8Kw3Rm9Nb5Jc2Pf7Sd4Gy0Tb",
        status: "preparing",
        created_at: "1765114200",
        video_quality: "basic",
        encoding_tier: "baseline",
        ingest_type: "on_demand_url",
        mp4_support: "none",
        master_access: "none",
        playback_ids: [{ id: "Rt3Wq01Lx7Vk5Mb9Hn2Jc8Pf4Sd6Gy0Tc", policy: "public" }],
        tracks: [],
      },
    });
  }
  const asset = /^\/video\/v1\/assets\/([^/]+)(\/playback-ids)?$/.exec(p);
  if (asset) {
    const found = [ASSET_READY, ASSET_ERRORED].find((a) => a.id === asset[1]);
    if (!found) return muxError(res, 404, "not_found", [MISSING]);
    if (method === "GET" && !asset[2]) return json(res, 200, { data: found });
    if (method === "POST" && asset[2]) {
      const input = JSON.parse(body || "{}") as { policy?: string };
      return json(res, 201, {
        data: { id: "Yb8Kt01Qw4Lx9Rm3Vn6Jc2Pf7Sd5Gy0Td", policy: input.policy ?? "public" },
      });
    }
  }
  if (method === "GET" && p === "/video/v1/live-streams") return json(res, 200, { data: [LIVE_STREAM] });
  const stream = /^\/video\/v1\/live-streams\/([^/]+)$/.exec(p);
  if (stream && method === "GET") {
    if (stream[1] !== LIVE_STREAM.id) return muxError(res, 404, "not_found", [MISSING]);
    return json(res, 200, { data: LIVE_STREAM });
  }
  if (method === "GET" && p === "/video/v1/uploads") return json(res, 200, { data: [] });
  if (method === "POST" && p === "/video/v1/uploads") {
    return json(res, 201, {
      data: {
        id: "Pv01Kq7Xw3Lt9Rm5Nb2Hj8Jc4Fd6Sg0Ye",
        status: "waiting",
        timeout: 3600,
        cors_origin: "https://studio.halden.example",
        url: "https://storage.googleapis.com/video-storage-gcp-us-east1-vop1-uploads/Pv01Kq7Xw3Lt9Rm5Nb2Hj8Jc4Fd6Sg0Ye?Expires=1765117800&GoogleAccessId=uploads%40mux-video-production.iam.gserviceaccount.com&Signature=dGhpcyBpcyBub3QgYSByZWFsIHNpZ25hdHVyZQ%3D%3D&upload_id=ABPtcPo0",
        new_asset_settings: { playback_policies: ["public"], video_quality: "basic" },
      },
    });
  }
  if (method === "GET" && p === "/data/v1/errors") {
    return json(res, 200, {
      data: [
        {
          id: 1473,
          code: 4,
          player_error_code: "4",
          count: 212,
          percentage: 0.0183,
          message: "MEDIA_ERR_SRC_NOT_SUPPORTED",
          description:
            "The media could not be loaded, either because the server or network failed or because the format is not supported.",
          last_seen: "2026-12-06T21:44:10Z",
          notes: null,
        },
      ],
      total_row_count: 1,
      timeframe: [1764460800, 1765065600],
    });
  }
  const overall = /^\/data\/v1\/metrics\/([^/]+)\/overall$/.exec(p);
  if (overall && method === "GET") {
    if (overall[1] !== "video_startup_time" && overall[1] !== "viewer_experience_score") {
      return muxError(res, 400, "invalid_parameters", [`${overall[1]} is not a valid metric`]);
    }
    return json(res, 200, {
      data: {
        value: 1184.5,
        total_watch_time: 918273645,
        total_views: 11568,
        total_playing_time: 871263000,
        global_value: 1312.0,
      },
      timeframe: [1764460800, 1765065600],
      total_row_count: null,
    });
  }
  if (method === "GET" && p === "/data/v1/video-views") {
    return json(res, 200, { data: [], total_row_count: 0, timeframe: [1765022400, 1765065600] });
  }
  unknownRequests.push(`mux ${method} ${p}`);
  return muxError(res, 404, "not_found", [MISSING]);
}

// ── Loom ─────────────────────────────────────────────────────────────────────────────────────────────────────────────

const VTT_URL = "https://cdn.loom.com/mediametadata/transcription/4b8e2d71c9f0a3e5b6d4c2a1f8e7d9b3-1.vtt";
const VTT_EXPIRED = "https://cdn.loom.com/mediametadata/transcription/0c6a9e3f5b2d8a1c7e4f9b0d3a6c2e5f-1.vtt";
const VTT_SILENT = "https://cdn.loom.com/mediametadata/transcription/7d1f4a8c2e6b9d3f0a5c8e1b4d7f2a6c-1.vtt";

const VTT = `WEBVTT

1
00:00:00.000 --> 00:00:04.120
Hi team, quick walkthrough of the new onboarding flow.

2
00:00:04.120 --> 00:00:09.480
First the sign-up form now asks for the workspace name up front,

3
00:00:09.480 --> 00:00:13.900
and then we skip the empty dashboard and drop you into a sample project.
`;

interface LoomVideo {
  transcript?: { captions: string | null; status: string };
  error?: string;
  comments?: unknown[];
}

const comment = (id: string, user: string, at: number, body: string, replies: unknown[] = []) => ({
  id,
  content: body,
  plainContent: body,
  time_stamp: at,
  user_name: user,
  avatar: { name: user, thumb: null, isAtlassianMastered: false, __typename: "Avatar" },
  edited: false,
  createdAt: "2026-12-02T10:14:03.000Z",
  isChatMessage: false,
  user_id: 4410000 + Number(id.slice(-2)),
  anon_user_id: null,
  deletedAt: null,
  children_comments: replies,
  __typename: "PublicVideoComment",
});

const LOOM: Record<string, LoomVideo> = {
  "4b8e2d71c9f0a3e5b6d4c2a1f8e7d9b3": {
    transcript: { captions: VTT_URL, status: "success" },
    comments: [
      comment("51873412", "Priya Raman", 9.5, "Love skipping the empty dashboard 🎉", [
        {
          ...comment("51873419", "Tomás Ekberg", 9.5, "Agreed, can we A/B it first?"),
          comment_post_id: "51873412",
          extended_reaction: null,
        },
      ]),
      comment("51873455", "Jonas Hale", 3.2, "Workspace name up front might confuse solo users"),
    ],
  },
  "0c6a9e3f5b2d8a1c7e4f9b0d3a6c2e5f": {
    transcript: { captions: VTT_EXPIRED, status: "success" },
    comments: [],
  },
  "7d1f4a8c2e6b9d3f0a5c8e1b4d7f2a6c": {
    transcript: { captions: VTT_SILENT, status: "success" },
    comments: [],
  },
  e2b5d8a1c4f7e0b3d6a9c2f5e8b1d4a7: { transcript: { captions: null, status: "in_progress" }, comments: [] },
  a9c3e6f0b2d5a8c1e4f7b0d3a6c9e2f5: { error: "Password required to view this video" },
};

function loomGraphql(body: string, res: http.ServerResponse) {
  const ops = JSON.parse(body || "[]") as { operationName?: string; variables?: Record<string, string> }[];
  const op = ops[0] ?? {};
  if (state.loomQueryRejected) {
    // Loom's GraphQL gateway answering a query its schema no longer has (the shape of the 400s its tracker quotes).
    return json(res, 200, [
      {
        errors: [
          {
            message: 'Cannot query field "filler_word_removal" on type "VideoTranscriptDetails".',
            extensions: { code: "GRAPHQL_VALIDATION_FAILED" },
          },
        ],
        data: null,
      },
    ]);
  }
  if (op.operationName === "FetchVideoTranscript") {
    const id = op.variables?.videoId ?? "";
    const video = LOOM[id];
    if (!video || video.error) {
      return json(res, 200, [
        {
          data: {
            fetchVideoTranscript: { message: video?.error ?? "Video not found", __typename: "GenericError" },
          },
        },
      ]);
    }
    const t = video.transcript;
    return json(res, 200, [
      {
        data: {
          fetchVideoTranscript: {
            id: "218449031",
            video_id: id,
            s3_id: id,
            version: 1,
            transcript_url: t?.captions ? t.captions.replace(/\.vtt$/, ".json") : null,
            captions_url: t?.captions ?? null,
            processing_service: "deepgram",
            transcription_status: t?.status ?? "failed",
            processing_start_time: "2026-12-02T09:58:11.000Z",
            processing_end_time: t?.captions ? "2026-12-02T09:59:40.000Z" : null,
            createdAt: "2026-12-02T09:58:11.000Z",
            updatedAt: "2026-12-02T09:59:40.000Z",
            source_url: t?.captions ? t.captions.replace(/\.vtt$/, ".json") : null,
            captions_source_url: t?.captions ?? null,
            filler_words: null,
            filler_word_removal: false,
            __typename: "VideoTranscriptDetails",
          },
        },
      },
    ]);
  }
  if (op.operationName === "fetchVideoComments") {
    const id = op.variables?.id ?? "";
    const video = LOOM[id];
    if (!video || video.error) return json(res, 200, [{ data: { video: null } }]);
    return json(res, 200, [
      {
        data: {
          video: {
            __typename: "RegularUserVideo",
            id,
            videoMeetingPlatform: null,
            video_comments: video.comments ?? [],
          },
        },
      },
    ]);
  }
  return json(res, 200, [{ errors: [{ message: "Unknown operation" }], data: null }]);
}

function loom(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  seen.push(`loom ${method} ${url.host}${url.pathname}`);
  if (url.host === "www.loom.com" && url.pathname === "/graphql") {
    if (state.loomSlow) return later(15000, () => json(res, 200, [{ data: null }]));
    if (state.loomBadGateway) {
      return text(res, 502, cloudflare502("www.loom.com", "8f2c4e91bd7a3c16"), "text/html; charset=UTF-8");
    }
    if (state.loomRateLimited) {
      return json(res, 429, { error: "Too many requests, please try again later." }, { "retry-after": "60" });
    }
    return loomGraphql(body, res);
  }
  if (url.host === "cdn.loom.com") {
    if (url.pathname === new URL(VTT_URL).pathname) return text(res, 200, VTT, "text/vtt");
    if (url.pathname === new URL(VTT_SILENT).pathname) return text(res, 200, "WEBVTT\n\n", "text/vtt");
    if (url.pathname === new URL(VTT_EXPIRED).pathname) {
      // CloudFront in front of S3 refusing a signed URL whose policy has expired.
      return text(
        res,
        403,
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access denied</Message></Error>',
        "text/xml",
        { "x-cache": "Error from cloudfront" },
      );
    }
  }
  unknownRequests.push(`loom ${method} ${url.host}${url.pathname}`);
  return text(res, 404, "Not Found");
}

export const muxApi = httpStandin(MUX_PORT, mux);
export const loomProxy = forwardProxy(LOOM_PROXY_PORT, ensureCertificate, loom);
export const ALL_STANDINS = [muxApi, loomProxy];
