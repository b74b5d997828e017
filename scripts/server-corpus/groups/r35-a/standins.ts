// Loopback stand-ins for group r35-a: Twilio's Programmable Video REST API (video.twilio.com/v1, reached over TLS
// through https-preload.mjs, since the host comes from the OpenAPI document inside @twilio-alpha/mcp) and the
// Transloadit API (api2.transloadit.com, reached through the server's own TRANSLOADIT_ENDPOINT). README.md says where
// each body comes from. `state` is switched by the session's hooks.

import path from "node:path";
import {
  certificate,
  clearTimers,
  httpStandin,
  json,
  later,
  parse,
  text,
  tlsStandin,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r35-a";
export const TWILIO_PORT = 43150;
export const TRANSLOADIT_PORT = 43151;

/** Made-up credentials: an Account SID, an API key SID and its secret; and a key the stand-in does not know. */
export const ACCOUNT_SID = "AC5f2d8e0b7c4a49e1b3d6f8a0c2e4b6d8";
export const API_KEY = "SK9a1c3e5b7d9f1a3c5e7b9d1f3a5c7e9b";
export const API_SECRET = "r35aVideoSecret0123456789abcdef0";
export const WRONG_API_KEY = "SK0000000000000000000000000000dead";
export const TL_KEY = "5f0a3c1e9b7d4e2a8c6b0d9f1e3a5c7b";
export const TL_SECRET = "tl-secret-r35a-0123456789";
export const TL_WRONG_KEY = "5f0a3c1e9b7d4e2a8c6b0d9f1e3a5c7x";

export const state = {
  rateLimited: false,
  roomQuota: false,
  forbidden: false,
  serverError: false,
  unavailable: false,
  slow: false,
  tlRateLimited: false,
  tlServerError: false,
  tlBadGateway: false,
  tlSlow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

export function resetCounters() {
  unknownRequests.length = 0;
  seen.length = 0;
  rooms.clear();
  for (const room of seedRooms()) rooms.set(room.sid as string, room);
  assemblyPolls = 0;
}

const tls = () => certificate(DATA, ["video.twilio.com"]);

// ---- Twilio Video ----------------------------------------------------------------------------------------------

const V1 = "https://video.twilio.com/v1";
const ROOM_A = "RMa3f1c9e2b4d6f8a0c2e4b6d8f0a2c4e6";
const ROOM_B = "RMb7d9f1a3c5e7b9d1f3a5c7e9b1d3f5a7";

function room(
  sid: string,
  uniqueName: string,
  status: string,
  created: string,
  extra: Record<string, unknown> = {},
) {
  return {
    sid,
    status,
    date_created: created,
    date_updated: created,
    account_sid: ACCOUNT_SID,
    enable_turn: true,
    unique_name: uniqueName,
    status_callback: null,
    status_callback_method: "POST",
    end_time: null,
    duration: null,
    type: "group",
    max_participants: 50,
    max_participant_duration: 14400,
    max_concurrent_published_tracks: 170,
    record_participants_on_connect: false,
    video_codecs: ["VP8", "H264"],
    media_region: "us1",
    audio_only: false,
    empty_room_timeout: 5,
    unused_room_timeout: 5,
    large_room: false,
    url: `${V1}/Rooms/${sid}`,
    links: {
      participants: `${V1}/Rooms/${sid}/Participants`,
      recordings: `${V1}/Rooms/${sid}/Recordings`,
      recording_rules: `${V1}/Rooms/${sid}/RecordingRules`,
      transcriptions: `${V1}/Rooms/${sid}/Transcriptions`,
    },
    ...extra,
  };
}

function seedRooms(): Record<string, unknown>[] {
  return [
    room(ROOM_A, "weekly-design-review", "in-progress", "2026-12-07T09:58:12Z"),
    room(ROOM_B, "support-escalation-4471", "in-progress", "2026-12-07T10:02:40Z", { max_participants: 10 }),
  ];
}
const rooms = new Map<string, Record<string, unknown>>();

const twilioError = (code: number, message: string, status: number) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

function page(key: string, items: unknown[], pathName: string) {
  return {
    [key]: items,
    meta: {
      page: 0,
      page_size: 50,
      first_page_url: `${V1}${pathName}?PageSize=50&Page=0`,
      previous_page_url: null,
      url: `${V1}${pathName}?PageSize=50&Page=0`,
      next_page_url: null,
      key,
    },
  };
}

const PARTICIPANTS = [
  {
    sid: "PA1e3a5c7e9b1d3f5a7c9e1b3d5f7a9c1e",
    room_sid: ROOM_A,
    account_sid: ACCOUNT_SID,
    status: "connected",
    identity: "maya.okafor",
    date_created: "2026-12-07T09:58:20Z",
    date_updated: "2026-12-07T09:58:20Z",
    start_time: "2026-12-07T09:58:20Z",
    end_time: null,
    duration: null,
    url: `${V1}/Rooms/${ROOM_A}/Participants/PA1e3a5c7e9b1d3f5a7c9e1b3d5f7a9c1e`,
    links: {
      published_tracks: `${V1}/Rooms/${ROOM_A}/Participants/PA1e3a5c7e9b1d3f5a7c9e1b3d5f7a9c1e/PublishedTracks`,
      subscribed_tracks: `${V1}/Rooms/${ROOM_A}/Participants/PA1e3a5c7e9b1d3f5a7c9e1b3d5f7a9c1e/SubscribedTracks`,
      subscribe_rules: `${V1}/Rooms/${ROOM_A}/Participants/PA1e3a5c7e9b1d3f5a7c9e1b3d5f7a9c1e/SubscribeRules`,
      anonymize: `${V1}/Rooms/${ROOM_A}/Participants/PA1e3a5c7e9b1d3f5a7c9e1b3d5f7a9c1e/Anonymize`,
    },
  },
  {
    sid: "PA2f4b6d8f0a2c4e6b8d0f2a4c6e8b0d2f",
    room_sid: ROOM_A,
    account_sid: ACCOUNT_SID,
    status: "connected",
    identity: "lucas.brandt",
    date_created: "2026-12-07T09:59:03Z",
    date_updated: "2026-12-07T09:59:03Z",
    start_time: "2026-12-07T09:59:03Z",
    end_time: null,
    duration: null,
    url: `${V1}/Rooms/${ROOM_A}/Participants/PA2f4b6d8f0a2c4e6b8d0f2a4c6e8b0d2f`,
    links: {},
  },
];

const COMPOSITION = {
  sid: "CJ4c6e8b0d2f4a6c8e0b2d4f6a8c0e2b4d",
  account_sid: ACCOUNT_SID,
  room_sid: ROOM_A,
  status: "completed",
  date_created: "2026-12-06T16:30:11Z",
  date_completed: "2026-12-06T16:34:52Z",
  date_deleted: null,
  audio_sources: ["*"],
  audio_sources_excluded: [],
  video_layout: { grid: { video_sources: ["*"] } },
  resolution: "1280x720",
  trim: true,
  format: "mp4",
  bitrate: 1024,
  size: 48211003,
  duration: 1811,
  media_external_location: null,
  status_callback: null,
  status_callback_method: "POST",
  url: `${V1}/Compositions/CJ4c6e8b0d2f4a6c8e0b2d4f6a8c0e2b4d`,
  links: { media: `${V1}/Compositions/CJ4c6e8b0d2f4a6c8e0b2d4f6a8c0e2b4d/Media` },
};

const HTML_503 =
  "<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n</body>\r\n</html>\r\n";

export const twilio = tlsStandin(TWILIO_PORT, tls, (req, url, body, res) => {
  const p = url.pathname;
  const form = parse(body);
  seen.push(`twilio ${req.method} ${p} ${body}`);
  const auth = Buffer.from(
    String(req.headers.authorization ?? "").replace(/^Basic /, ""),
    "base64",
  ).toString();
  if (auth !== `${API_KEY}:${API_SECRET}`)
    return json(res, 401, {
      code: 20003,
      detail: "Your AccountSid or AuthToken was incorrect.",
      message: "Authenticate",
      more_info: "https://www.twilio.com/docs/errors/20003",
      status: 401,
    });
  if (state.rateLimited)
    return json(res, 429, twilioError(20429, "Too Many Requests", 429), { "Retry-After": "1" });
  if (state.forbidden)
    return json(
      res,
      403,
      twilioError(20403, "Forbidden. You don't have permission to access this resource.", 403),
    );
  if (state.serverError) return json(res, 500, twilioError(20500, "Internal Server Error", 500));
  if (state.unavailable) return text(res, 503, HTML_503, "text/html");
  if (state.slow) return later(15_000, () => json(res, 200, page("rooms", [...rooms.values()], "/Rooms")));

  if (p === "/v1/Rooms" && req.method === "GET")
    return json(res, 200, page("rooms", [...rooms.values()], "/Rooms"));
  if (p === "/v1/Rooms" && req.method === "POST") {
    if (state.roomQuota)
      return json(
        res,
        400,
        twilioError(53119, "Unable to create record: The concurrent Rooms quota was exceeded", 400),
      );
    const type = String(form.Type ?? "group");
    if (!["go", "peer-to-peer", "group", "group-small"].includes(type))
      return json(res, 400, twilioError(53108, "Unable to create record: RoomType is not valid", 400));
    const name = String(form.UniqueName ?? "");
    if ([...rooms.values()].some((r) => r.unique_name === name && r.status === "in-progress"))
      return json(res, 400, twilioError(53113, "Unable to create record: Room exists", 400));
    const sid = `RMc${String(rooms.size).padStart(2, "0")}e2a4c6e8b0d2f4a6c8e0b2d4f6a8c0`;
    const created = room(sid, name || sid, "in-progress", "2026-12-07T10:15:00Z", { type });
    rooms.set(sid, created);
    return json(res, 201, created);
  }
  const roomPath = /^\/v1\/Rooms\/([^/]+)(\/.*)?$/.exec(p);
  if (roomPath) {
    const sid = decodeURIComponent(roomPath[1] ?? "");
    const found = rooms.get(sid) ?? [...rooms.values()].find((r) => r.unique_name === sid);
    if (!found)
      return json(res, 404, twilioError(20404, `The requested resource /Rooms/${sid} was not found`, 404));
    const rest = roomPath[2] ?? "";
    if (rest === "" && req.method === "GET") return json(res, 200, found);
    if (rest === "" && req.method === "POST") {
      const status = String(form.Status ?? "");
      if (status !== "completed" || found.status !== "in-progress")
        return json(res, 400, twilioError(53112, "Unable to update record: Status is invalid", 400));
      Object.assign(found, { status: "completed", end_time: "2026-12-07T10:20:31Z", duration: 1339 });
      return json(res, 200, found);
    }
    if (rest === "/Participants")
      return json(
        res,
        200,
        page("participants", found.sid === ROOM_A ? PARTICIPANTS : [], `/Rooms/${sid}/Participants`),
      );
    const participant = /^\/Participants\/([^/]+)$/.exec(rest);
    if (participant) {
      const match = PARTICIPANTS.find(
        (x) => x.sid === decodeURIComponent(participant[1] ?? "") || x.identity === participant[1],
      );
      if (!match)
        return json(
          res,
          404,
          twilioError(
            20404,
            `The requested resource /Rooms/${sid}/Participants/${decodeURIComponent(participant[1] ?? "")} was not found`,
            404,
          ),
        );
      return json(res, 200, match);
    }
    if (rest === "/Recordings") return json(res, 200, page("recordings", [], `/Rooms/${sid}/Recordings`));
  }
  if (p === "/v1/Compositions" && req.method === "GET")
    return json(res, 200, page("compositions", [COMPOSITION], "/Compositions"));
  if (p === "/v1/Compositions" && req.method === "POST") {
    const roomSid = String(form.RoomSid ?? "");
    if (!rooms.has(roomSid))
      return json(res, 400, twilioError(53106, "Unable to create record: Room not found", 400));
    return json(res, 201, {
      ...COMPOSITION,
      sid: "CJ7a9c1e3b5d7f9a1c3e5b7d9f1a3c5e7b",
      room_sid: roomSid,
      status: "enqueued",
      date_created: "2026-12-07T10:21:02Z",
      date_completed: null,
      size: 0,
      duration: 0,
      bitrate: 0,
      url: `${V1}/Compositions/CJ7a9c1e3b5d7f9a1c3e5b7d9f1a3c5e7b`,
      links: { media: `${V1}/Compositions/CJ7a9c1e3b5d7f9a1c3e5b7d9f1a3c5e7b/Media` },
    });
  }
  if (p === "/v1/Recordings") return json(res, 200, page("recordings", [], "/Recordings"));
  unknownRequests.push(`twilio ${req.method} ${p}`);
  return json(
    res,
    404,
    twilioError(20404, `The requested resource ${p.replace(/^\/v1/, "")} was not found`, 404),
  );
});

// ---- Transloadit -----------------------------------------------------------------------------------------------

const TL = `http://127.0.0.1:${TRANSLOADIT_PORT}`;
const ASSEMBLY_ID = "e1b3d5f7a9c1e3b5d7f9a1c3e5b7d9f1";
let assemblyPolls = 0;

function assembly(id: string, ok: string, extra: Record<string, unknown> = {}) {
  return {
    assembly_id: id,
    ok,
    message:
      ok === "ASSEMBLY_COMPLETED"
        ? "The Assembly was successfully completed."
        : "The Assembly is currently being executed.",
    warnings: [],
    account_id: "4ce4fb3d9d1842b6ba5d6f3ccee4b066",
    assembly_ssl_url: `${TL}/assemblies/${id}`,
    assembly_url: `${TL}/assemblies/${id}`,
    build_id: "4411",
    bytes_expected: 0,
    bytes_received: 0,
    bytes_usage: ok === "ASSEMBLY_COMPLETED" ? 52004411 : 0,
    client_agent: null,
    client_ip: null,
    client_referer: null,
    executing_jobs: ok === "ASSEMBLY_COMPLETED" ? [] : ["encoded"],
    execution_duration: ok === "ASSEMBLY_COMPLETED" ? 41.207 : 0.8,
    execution_start: "2026/12/07 10:22:01 GMT",
    expected_tus_uploads: 0,
    fields: {},
    finished_tus_uploads: 0,
    has_dupe_jobs: false,
    instance: "api2-loopback.transloadit.com",
    is_infinite: false,
    jobs_queue_duration: 0.02,
    last_job_completed: ok === "ASSEMBLY_COMPLETED" ? "2026/12/07 10:22:42 GMT" : null,
    notify_duration: null,
    notify_response_code: null,
    notify_start: null,
    notify_url: null,
    parent_id: null,
    queue_duration: 0.11,
    running_jobs: [],
    start_date: "2026/12/07 10:22:00 GMT",
    tus_url: `${TL}/resumable/files/`,
    upload_duration: 0,
    upload_meta_data_extracted: true,
    uploads: [],
    results:
      ok === "ASSEMBLY_COMPLETED"
        ? {
            encoded: [
              {
                id: "a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8",
                name: "weekly-design-review.mp4",
                basename: "weekly-design-review",
                ext: "mp4",
                size: 52004411,
                mime: "video/mp4",
                type: "video",
                field: null,
                original_id: "f3a5c7e9b1d3f5a7c9e1b3d5f7a9c1e3",
                ssl_url: "https://tmp-eu-west-1.transloadit.net/a8c0e2b4/weekly-design-review.mp4",
                meta: { duration: 1811.4, width: 1280, height: 720, framerate: 25 },
              },
            ],
          }
        : {},
    ...extra,
  };
}

const TEMPLATES = [
  {
    id: "a7e9c1d3f5b7a9c1e3d5f7b9a1c3e5d7",
    name: "meeting-recording-720p",
    description: "Import a meeting recording and encode it to 720p MP4",
    content: {
      steps: {
        imported: { robot: "/http/import", url: "${fields.input}" },
        encoded: { robot: "/video/encode", use: "imported", preset: "hls-720p", ffmpeg_stack: "v6.0.0" },
      },
    },
  },
  {
    id: "b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2",
    name: "meeting-thumbnails",
    description: "Thumbnails every 60 s of a recording",
    content: {
      steps: { thumbs: { robot: "/video/thumbs", use: ":original", count: 30, format: "jpg" } },
    },
  },
];

const NGINX_500 =
  "<html><head><title>500 Internal Server Error</title></head><body><center><h1>500 Internal Server Error</h1></center><hr><center>nginx</center></body></html>";
const NGINX_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";

function authKeyOf(url: URL, body: string): string | undefined {
  const fromQuery = url.searchParams.get("params");
  const raw = fromQuery ?? /name="params"\r\n\r\n([^\r]*)\r\n/.exec(body)?.[1];
  try {
    return (JSON.parse(raw ?? "{}") as { auth?: { key?: string } }).auth?.key;
  } catch {
    return undefined;
  }
}

function stepsOf(body: string): Record<string, unknown> | undefined {
  const raw = /name="params"\r\n\r\n([^\r]*)\r\n/.exec(body)?.[1];
  try {
    return (JSON.parse(raw ?? "{}") as { steps?: Record<string, unknown> }).steps;
  } catch {
    return undefined;
  }
}

export const transloadit = httpStandin(TRANSLOADIT_PORT, (req, url, body, res) => {
  const p = url.pathname;
  seen.push(
    `transloadit ${req.method} ${p}${url.search.length > 200 ? url.search.slice(0, 200) + "…" : url.search}`,
  );
  const key = authKeyOf(url, body);
  if (key !== TL_KEY)
    return json(res, 401, {
      error: "GET_ACCOUNT_UNKNOWN_AUTH_KEY",
      message: `We could not find an account for the Auth Key '${key ?? ""}'.`,
      reason: "Unknown auth.key",
    });
  if (state.tlRateLimited)
    return json(
      res,
      429,
      { error: "RATE_LIMIT_REACHED", message: "Request limit reached", info: { retryIn: 1 } },
      { "Retry-After": "1" },
    );
  if (state.tlServerError) return text(res, 500, NGINX_500, "text/html");
  if (state.tlBadGateway) return text(res, 502, NGINX_502, "text/html");
  if (state.tlSlow) return later(15_000, () => json(res, 200, assembly(ASSEMBLY_ID, "ASSEMBLY_COMPLETED")));

  if (p === "/templates" && req.method === "GET") {
    const params = JSON.parse(url.searchParams.get("params") ?? "{}") as { keywords?: string[] };
    const words = params.keywords ?? [];
    const items = TEMPLATES.filter((t) => words.every((w) => `${t.name} ${t.description}`.includes(w)));
    return json(res, 200, { items, count: items.length });
  }
  const template = /^\/templates\/([^/]+)$/.exec(p);
  if (template) {
    const found = TEMPLATES.find((t) => t.id === template[1] || t.name === template[1]);
    if (!found)
      return json(res, 404, {
        error: "TEMPLATE_NOT_FOUND",
        message: `No template found with id '${template[1]}'.`,
      });
    return json(res, 200, { ...found, require_signature_auth: 0 });
  }
  const created = /^\/assemblies(?:\/([^/]+))?$/.exec(p);
  if (created && req.method === "POST") {
    // The SDK names the new Assembly itself: POST /assemblies/<id it generated>.
    const steps = stepsOf(body);
    if (!steps || Object.keys(steps).length === 0)
      return json(res, 400, {
        error: "ASSEMBLY_NO_STEPS",
        message: "No steps were given for this Assembly.",
        http_code: 400,
      });
    return json(res, 200, assembly(created[1] ?? ASSEMBLY_ID, "ASSEMBLY_EXECUTING"));
  }
  const one = /^\/assemblies\/([^/]+)$/.exec(p);
  if (one) {
    if (one[1] !== ASSEMBLY_ID)
      return json(res, 404, {
        error: "ASSEMBLY_NOT_FOUND",
        message: `The Assembly '${one[1]}' could not be found.`,
        http_code: 404,
      });
    assemblyPolls += 1;
    return json(
      res,
      200,
      assembly(ASSEMBLY_ID, assemblyPolls >= 2 ? "ASSEMBLY_COMPLETED" : "ASSEMBLY_EXECUTING"),
    );
  }
  unknownRequests.push(`transloadit ${req.method} ${p}`);
  return json(res, 404, { error: "NOT_FOUND", message: `Cannot ${req.method} ${p}` });
});

export const ALL_STANDINS = [twilio, transloadit];
export const CERT_PATH = () => path.join(DATA, "standin-cert.pem");
export { tls as twilioCertificate };
