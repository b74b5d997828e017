// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies
// and error bodies (README.md says where each came from):
// - Strava's API v3 (`www.strava.com/api/v3/...`, bearer token) for @r-huijts/strava-mcp-server, behind a
//   forward proxy the server's axios reaches through HTTPS_PROXY;
// - AviationStack (`api.aviationstack.com/v1/flights?access_key=…`) for flightradar-mcp-server, behind a
//   forward proxy its axios reaches through HTTP_PROXY (the server calls the plain-http host);
// - ByCrawl's social-media API (`/x/…`, `/reddit/…`, `/youtube/…`, `/account`, `x-api-key`) for @bycrawl/mcp,
//   on a plain loopback port the server is pointed at by BYCRAWL_API_URL;
// - www.airbnb.com (robots.txt, `/s/<place>/homes`, `/rooms/<id>` pages carrying their data in
//   `<script id="data-deferred-state-0">`) for @openbnb/mcp-server-airbnb, as a TLS listener its https agent
//   is routed to by https-preload.mjs.
//
// `state` is switched by the sessions' hooks (a revoked token, a rate limit, an outage, …).

import type http from "node:http";
import path from "node:path";
import {
  certificate,
  clearTimers,
  forwardProxy,
  httpStandin,
  json,
  later,
  text,
  tlsStandin,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r17-c";
export const CERT = path.join(DATA, "standin-cert.pem");

export const STRAVA_PROXY_PORT = 40550;
export const AVIATION_PROXY_PORT = 40551;
export const BYCRAWL_PORT = 40552;
export const BYCRAWL_MCP_PORT = 40553;
export const AIRBNB_PORT = 40554;

export const STRAVA_TOKEN = "6f1c2d3e4a5b69788a9b0c1d2e3f4a5b6c7d8e9f";
export const AVIATION_KEY = "3c9e1f7a2b4d6e8f0a1b2c3d4e5f6a7b";
export const BYCRAWL_KEY = "sk_byc_4f7a2c9e1b3d5f7a9c2e4b6d8f0a1c3e";

export const ATHLETE_ID = 48213377;
export const ACTIVITY_ID = 12874455021;
export const SLOW_ACTIVITY_ID = 12874455999;
export const SEGMENT_ID = 229781;

const HOSTS = ["www.strava.com", "api.aviationstack.com", "www.airbnb.com"];

export const state = {
  stravaTokenRevoked: false,
  stravaRateLimited: false,
  stravaServerError: false,
  stravaBadGateway: false,
  avKeyInvalid: false,
  avPlanRestricted: false,
  avMonthlyLimit: false,
  avLegacyLimit200: false,
  avInternalError: false,
  avBadGateway: false,
  avUnavailable: false,
  bcKeyInvalid: false,
  bcNoCredits: false,
  bcRateLimited: false,
  bcServerError: false,
  bcBadGateway: false,
  bcUpstreamTimeout: false,
  abForbidden: false,
  abRateLimited: false,
  abUnavailable: false,
  abServerError: false,
};

let cert: Certificate | undefined;
export function ensureCertificate(): Certificate {
  cert ??= certificate(DATA, HOSTS);
  return cert;
}
const tls = () => ensureCertificate();

// ------------------------------------------------------------------------------------------- pages

const CLOUDFLARE_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>cloudflare</center>
</body>
</html>`;

const AWS_ELB_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
</body>
</html>`;

const AIRBNB_503 = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Airbnb: Temporarily unavailable</title></head>
<body><h1>We'll be right back</h1><p>Airbnb is temporarily unavailable. Please try again in a few minutes.</p></body></html>`;

// ------------------------------------------------------------------------------------------- Strava

const STRAVA_AUTH_ERROR = {
  message: "Authorization Error",
  errors: [{ resource: "Athlete", field: "access_token", code: "invalid" }],
};
const STRAVA_SCOPE_ERROR = {
  message: "Authorization Error",
  errors: [{ resource: "AccessToken", field: "profile:write", code: "missing" }],
};
const stravaNotFound = (resource: string) => ({
  message: "Record Not Found",
  errors: [{ resource, field: "id", code: "invalid" }],
});
const STRAVA_RATE_LIMIT = {
  message: "Rate Limit Exceeded",
  errors: [{ resource: "Application", field: "rate limit", code: "exceeded" }],
};

const ATHLETE = {
  id: ATHLETE_ID,
  username: "marta_runs",
  resource_state: 3,
  firstname: "Marta",
  lastname: "Oliveira",
  bio: "Trail runner. Lisbon.",
  city: "Lisboa",
  state: "Lisboa",
  country: "Portugal",
  sex: "F",
  premium: true,
  summit: true,
  created_at: "2016-03-14T18:22:41Z",
  updated_at: "2026-12-01T07:10:03Z",
  badge_type_id: 1,
  weight: 58.5,
  profile_medium: "https://dgalywyr863hv.cloudfront.net/pictures/athletes/48213377/15880312/2/medium.jpg",
  profile: "https://dgalywyr863hv.cloudfront.net/pictures/athletes/48213377/15880312/2/large.jpg",
  friend: null,
  follower: null,
  follower_count: 312,
  friend_count: 287,
  measurement_preference: "meters",
  ftp: null,
  clubs: [],
  bikes: [],
  shoes: [
    { id: "g11923804", primary: true, name: "Hoka Speedgoat 6", resource_state: 2, distance: 412330.0 },
  ],
};

function summaryActivity(
  id: number,
  name: string,
  sport: string,
  day: string,
  distance: number,
  moving: number,
) {
  return {
    resource_state: 2,
    athlete: { id: ATHLETE_ID, resource_state: 1 },
    name,
    distance,
    moving_time: moving,
    elapsed_time: moving + 184,
    total_elevation_gain: 212.4,
    type: sport,
    sport_type: sport === "Run" ? "TrailRun" : sport,
    workout_type: null,
    id,
    start_date: `${day}T07:02:11Z`,
    start_date_local: `${day}T07:02:11Z`,
    timezone: "(GMT+00:00) Europe/Lisbon",
    utc_offset: 0.0,
    start_latlng: [38.7977, -9.3884],
    end_latlng: [38.7979, -9.3881],
    achievement_count: 3,
    kudos_count: 14,
    comment_count: 1,
    athlete_count: 1,
    photo_count: 0,
    map: { id: `a${id}`, summary_polyline: "ki{eFvqfiVqAWQIGEEKAYJgBVqDJ{BHa@", resource_state: 2 },
    trainer: false,
    commute: false,
    manual: false,
    private: false,
    visibility: "everyone",
    flagged: false,
    gear_id: "g11923804",
    average_speed: distance / moving,
    max_speed: 4.9,
    has_heartrate: true,
    average_heartrate: 151.2,
    max_heartrate: 178.0,
  };
}

const ACTIVITIES = [
  summaryActivity(ACTIVITY_ID, "Sintra loop — Pena and back", "Run", "2026-12-05", 18420.3, 7012),
  summaryActivity(12861230874, "Easy recovery along the Tejo", "Run", "2026-12-03", 8011.7, 2890),
  summaryActivity(12850098112, "Guincho coastal ride", "Ride", "2026-12-01", 52211.0, 6420),
  summaryActivity(12839002231, "Monsanto hill repeats", "Run", "2026-11-29", 11002.5, 3980),
  summaryActivity(12827761540, "Commute", "Ride", "2026-11-27", 9120.0, 1505),
];

const DETAILED_ACTIVITY = {
  ...ACTIVITIES[0],
  resource_state: 3,
  description: "Legs felt heavy on the climb to Cruz Alta; watch lost GPS for a minute in the forest.",
  calories: 1284.0,
  average_cadence: 84.1,
  average_temp: 14,
  device_name: "Garmin Forerunner 965",
  perceived_exertion: 7,
  gear: { id: "g11923804", primary: true, name: "Hoka Speedgoat 6", resource_state: 2, distance: 412330.0 },
  segment_efforts: [],
  splits_metric: [],
  laps: [],
};

const totals = (count: number, distance: number, moving: number, elev: number) => ({
  count,
  distance,
  moving_time: moving,
  elapsed_time: moving + count * 200,
  elevation_gain: elev,
  achievement_count: count * 2,
});

const STATS = {
  biggest_ride_distance: 142332.0,
  biggest_climb_elevation_gain: 1502.3,
  recent_ride_totals: totals(3, 118221.0, 15320, 1421.0),
  recent_run_totals: totals(11, 121004.2, 42011, 2610.4),
  recent_swim_totals: totals(0, 0, 0, 0),
  ytd_ride_totals: totals(41, 1811220, 241002, 18210),
  ytd_run_totals: totals(162, 1620330, 590221, 31022),
  ytd_swim_totals: totals(0, 0, 0, 0),
  all_ride_totals: totals(388, 14210331, 1920010, 150221),
  all_run_totals: totals(1402, 12210042, 4420331, 221045),
  all_swim_totals: totals(12, 18220, 24011, 0),
};

function segment(id: number, name: string, distance: number, grade: number, starred: boolean) {
  return {
    id,
    resource_state: 3,
    name,
    activity_type: "Run",
    distance,
    average_grade: grade,
    maximum_grade: grade * 2.1,
    elevation_high: 512.4,
    elevation_low: 512.4 - (distance * grade) / 100,
    start_latlng: [38.7876, -9.3905],
    end_latlng: [38.7791, -9.3881],
    climb_category: grade > 6 ? 2 : 0,
    city: "Sintra",
    state: "Lisboa",
    country: "Portugal",
    private: false,
    hazardous: false,
    starred,
  };
}

const STARRED = [
  segment(SEGMENT_ID, "Subida da Pena", 2310.2, 8.4, true),
  segment(3022114, "Monsanto — Estrada do Alvito climb", 1120.5, 5.1, true),
];

const DETAILED_SEGMENT = {
  ...STARRED[0],
  created_at: "2011-06-02T14:03:55Z",
  updated_at: "2026-10-18T09:22:10Z",
  total_elevation_gain: 194.1,
  map: { id: `s${SEGMENT_ID}`, polyline: "ki{eFvqfiVqAWQIGEEKAYJgBVqDJ{BHa@", resource_state: 3 },
  effort_count: 48211,
  athlete_count: 9320,
  star_count: 611,
  athlete_segment_stats: { pr_elapsed_time: 802, pr_date: "2025-05-11", effort_count: 23 },
};

const EXPLORE = {
  segments: [
    {
      id: 1540221,
      resource_state: 2,
      name: "Serra de Monsanto — Alto da Serafina",
      climb_category: 1,
      climb_category_desc: "4",
      avg_grade: 4.6,
      start_latlng: [38.7291, -9.1911],
      end_latlng: [38.7322, -9.1862],
      elev_difference: 61.2,
      distance: 1330.1,
      points: "an|iF|azx@gAuBe@}@",
      starred: false,
    },
    {
      id: 8820113,
      resource_state: 2,
      name: "Parque Eduardo VII uphill",
      climb_category: 0,
      climb_category_desc: "NC",
      avg_grade: 3.9,
      start_latlng: [38.7246, -9.1538],
      end_latlng: [38.7299, -9.1549],
      elev_difference: 24.0,
      distance: 612.4,
      points: "uv{iFnb~x@yBT",
      starred: false,
    },
  ],
};

function strava(req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
  const p = url.pathname.replace(/^\/api\/v3\//, "");
  const auth = req.headers.authorization ?? "";
  if (url.hostname !== "www.strava.com") return json(res, 404, { message: "Not Found" });
  if (state.stravaTokenRevoked || auth !== `Bearer ${STRAVA_TOKEN}`) return json(res, 401, STRAVA_AUTH_ERROR);
  const rl = { "x-ratelimit-limit": "200,2000", "x-ratelimit-usage": "201,1187" };
  if (state.stravaRateLimited) return json(res, 429, STRAVA_RATE_LIMIT, rl);
  if (state.stravaServerError) return json(res, 500, { message: "error", errors: [] });
  if (state.stravaBadGateway) return text(res, 502, AWS_ELB_502, "text/html");
  const ok = (body: unknown) =>
    json(res, 200, body, { "x-ratelimit-limit": "200,2000", "x-ratelimit-usage": "12,311" });
  let m: RegExpMatchArray | null;
  if (p === "athlete") return ok(ATHLETE);
  if (p === "athlete/activities") {
    const n = Number(url.searchParams.get("per_page") ?? 30);
    return ok(ACTIVITIES.slice(0, n));
  }
  if (p === "athlete/clubs") return ok([]);
  if (p === "segments/starred") return ok(STARRED);
  if (p === "segments/explore") {
    const bounds = url.searchParams.get("bounds") ?? "";
    return ok(bounds.startsWith("38.7") ? EXPLORE : { segments: [] });
  }
  if ((m = p.match(/^segments\/(\d+)\/starred$/)) && req.method === "PUT")
    return json(res, 401, STRAVA_SCOPE_ERROR);
  if ((m = p.match(/^segments\/(\d+)$/))) {
    return Number(m[1]) === SEGMENT_ID ? ok(DETAILED_SEGMENT) : json(res, 404, stravaNotFound("Segment"));
  }
  if ((m = p.match(/^athletes\/(\d+)\/stats$/))) {
    if (Number(m[1]) === ATHLETE_ID) return ok(STATS);
    return json(res, 403, {
      message: "Forbidden",
      errors: [{ resource: "Athlete", field: "id", code: "forbidden" }],
    });
  }
  if ((m = p.match(/^activities\/(\d+)$/))) {
    const id = Number(m[1]);
    if (id === ACTIVITY_ID) return ok(DETAILED_ACTIVITY);
    if (id === SLOW_ACTIVITY_ID) return later(15_000, () => ok({ ...DETAILED_ACTIVITY, id }));
    return json(res, 404, stravaNotFound("Activity"));
  }
  return json(res, 404, {
    message: "Record Not Found",
    errors: [{ resource: "resource", field: "path", code: "invalid" }],
  });
}

// ------------------------------------------------------------------------------------- AviationStack

const AV_PAGE = (count: number, total: number, limit = 100) => ({ limit, offset: 0, count, total });

function avFlight(o: {
  iata: string;
  number: string;
  airline: [string, string, string];
  dep: [string, string, string, string | null, string | null];
  arr: [string, string, string, string | null, string | null];
  status: string;
  date: string;
  depTime: string;
  arrTime: string;
  delay?: number | null;
  live?: Record<string, unknown> | null;
  aircraft?: Record<string, unknown> | null;
}) {
  return {
    flight_date: o.date,
    flight_status: o.status,
    departure: {
      airport: o.dep[0],
      timezone: o.dep[1],
      iata: o.dep[2],
      icao: o.dep[2] === "LHR" ? "EGLL" : o.dep[2] === "LIS" ? "LPPT" : "KJFK",
      terminal: o.dep[3],
      gate: o.dep[4],
      delay: o.delay ?? null,
      scheduled: `${o.date}T${o.depTime}:00+00:00`,
      estimated: `${o.date}T${o.depTime}:00+00:00`,
      actual: o.status === "scheduled" ? null : `${o.date}T${o.depTime}:00+00:00`,
      estimated_runway: null,
      actual_runway: null,
    },
    arrival: {
      airport: o.arr[0],
      timezone: o.arr[1],
      iata: o.arr[2],
      icao: o.arr[2] === "JFK" ? "KJFK" : o.arr[2] === "LHR" ? "EGLL" : "LPPT",
      terminal: o.arr[3],
      gate: o.arr[4],
      baggage: null,
      delay: o.delay ?? null,
      scheduled: `${o.date}T${o.arrTime}:00+00:00`,
      estimated: `${o.date}T${o.arrTime}:00+00:00`,
      actual: o.status === "landed" ? `${o.date}T${o.arrTime}:00+00:00` : null,
      estimated_runway: null,
      actual_runway: null,
    },
    airline: { name: o.airline[0], iata: o.airline[1], icao: o.airline[2] },
    flight: { number: o.number, iata: o.iata, icao: `${o.airline[2]}${o.number}`, codeshared: null },
    aircraft: o.aircraft ?? null,
    live: o.live ?? null,
  };
}

const BA = ["British Airways", "BA", "BAW"] as [string, string, string];
const TP = ["TAP Air Portugal", "TP", "TAP"] as [string, string, string];
const LHR = (t: string | null, g: string | null) =>
  ["Heathrow", "Europe/London", "LHR", t, g] as [string, string, string, string | null, string | null];
const JFK = (t: string | null, g: string | null) =>
  ["John F Kennedy International", "America/New_York", "JFK", t, g] as [
    string,
    string,
    string,
    string | null,
    string | null,
  ];
const LIS = (t: string | null, g: string | null) =>
  ["Humberto Delgado (Lisbon Portela)", "Europe/Lisbon", "LIS", t, g] as [
    string,
    string,
    string,
    string | null,
    string | null,
  ];

const FLIGHTS: Record<string, ReturnType<typeof avFlight>> = {
  BA117: avFlight({
    iata: "BA117",
    number: "117",
    airline: BA,
    dep: LHR("5", "B42"),
    arr: JFK("7", null),
    status: "active",
    date: "2026-12-06",
    depTime: "08:25",
    arrTime: "11:20",
    delay: 14,
    aircraft: { registration: "G-XWBC", iata: "A35K", icao: "A35K", icao24: "407A53" },
    live: {
      updated: "2026-12-06T10:41:00+00:00",
      latitude: 52.41,
      longitude: -31.72,
      altitude: 11582.4,
      direction: 268,
      speed_horizontal: 911.2,
      speed_vertical: 0,
      is_ground: false,
    },
  }),
  TP1350: avFlight({
    iata: "TP1350",
    number: "1350",
    airline: TP,
    dep: LIS("1", "14"),
    arr: LHR("2", "A10"),
    status: "landed",
    date: "2026-12-06",
    depTime: "06:05",
    arrTime: "08:40",
    delay: 32,
  }),
  TP1351: avFlight({
    iata: "TP1351",
    number: "1351",
    airline: TP,
    dep: LHR("2", "A19"),
    arr: LIS("1", null),
    status: "cancelled",
    date: "2026-12-06",
    depTime: "09:35",
    arrTime: "12:10",
  }),
};

const LHR_JFK = [
  FLIGHTS.BA117!,
  avFlight({
    iata: "BA113",
    number: "113",
    airline: BA,
    dep: LHR("5", "C61"),
    arr: JFK("7", null),
    status: "scheduled",
    date: "2026-12-06",
    depTime: "11:40",
    arrTime: "14:35",
  }),
  avFlight({
    iata: "VS3",
    number: "3",
    airline: ["Virgin Atlantic", "VS", "VIR"],
    dep: LHR("3", "14"),
    arr: JFK("4", null),
    status: "scheduled",
    date: "2026-12-06",
    depTime: "12:10",
    arrTime: "15:05",
  }),
];

const avError = (code: string, message: string, extra: Record<string, unknown> = {}) => ({
  error: { code, message, ...extra },
});

function aviation(_req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
  if (url.hostname !== "api.aviationstack.com" || url.pathname !== "/v1/flights")
    return json(res, 404, avError("invalid_api_function", "This API Function does not exist."));
  const q = url.searchParams;
  if (state.avKeyInvalid || q.get("access_key") !== AVIATION_KEY)
    return json(
      res,
      401,
      avError(
        "invalid_access_key",
        "You have not supplied a valid API Access Key. [Technical Support: support@apilayer.com]",
      ),
    );
  if (state.avPlanRestricted)
    return json(
      res,
      403,
      avError(
        "function_access_restricted",
        "Your current subscription plan does not support this API Function.",
      ),
    );
  if (state.avMonthlyLimit)
    return json(
      res,
      429,
      avError(
        "usage_limit_reached",
        "Your monthly usage limit has been reached. Please upgrade your Subscription Plan.",
      ),
    );
  if (state.avLegacyLimit200)
    return json(
      res,
      200,
      avError(
        "usage_limit_reached",
        "Your monthly usage limit has been reached. Please upgrade your Subscription Plan.",
      ),
    );
  if (state.avInternalError)
    return json(
      res,
      500,
      avError("internal_error", "An error has occured. [Technical Support: support@apilayer.com]"),
    );
  if (state.avBadGateway) return text(res, 502, CLOUDFLARE_502, "text/html");
  if (state.avUnavailable) return text(res, 503, "Service Unavailable", "text/plain");
  const status = q.get("flight_status");
  const allowed = ["scheduled", "active", "landed", "cancelled", "incident", "diverted"];
  if (status && !allowed.includes(status))
    return json(
      res,
      422,
      avError("validation_error", "Request failed with validation error", {
        context: {
          flight_status: [
            {
              key: "invalid_flight_status",
              message:
                "The flight status must be one of: scheduled, active, landed, cancelled, incident, diverted.",
            },
          ],
        },
      }),
    );
  const flight = q.get("flight_iata") ?? q.get("flight_icao");
  if (flight === "BA9999")
    return later(15_000, () => json(res, 200, { pagination: AV_PAGE(0, 0), data: [] }));
  if (flight) {
    const hit = FLIGHTS[flight] ?? Object.values(FLIGHTS).find((f) => f.flight.icao === flight);
    return json(res, 200, { pagination: AV_PAGE(hit ? 1 : 0, hit ? 1 : 0), data: hit ? [hit] : [] });
  }
  const limit = Number(q.get("limit") ?? 100);
  let list = [...LHR_JFK, FLIGHTS.TP1350!, FLIGHTS.TP1351!];
  if (q.get("dep_iata")) list = list.filter((f) => f.departure.iata === q.get("dep_iata"));
  if (q.get("arr_iata")) list = list.filter((f) => f.arrival.iata === q.get("arr_iata"));
  if (q.get("airline_iata")) list = list.filter((f) => f.airline.iata === q.get("airline_iata"));
  if (status) list = list.filter((f) => f.flight_status === status);
  return json(res, 200, {
    pagination: AV_PAGE(Math.min(list.length, limit), list.length, limit),
    data: list.slice(0, limit),
  });
}

// ------------------------------------------------------------------------------------------- ByCrawl

const bcError = (code: string, message: string) => ({ success: false, error: { code, message } });
const bcOk = (data: unknown, credits = 1) => ({ success: true, data, creditsUsed: credits });

const X_USER = {
  id: "783214",
  username: "Twitter",
  name: "Twitter",
  description: "What's happening?!",
  location: "everywhere",
  followersCount: 64912004,
  followingCount: 3,
  tweetsCount: 15893,
  verified: true,
  createdAt: "2007-02-20T14:35:54.000Z",
  profileImageUrl: "https://pbs.twimg.com/profile_images/1683325380441128960/yRsRRjGO_normal.jpg",
};

const tweet = (id: string, text: string, likes: number) => ({
  id,
  text,
  createdAt: "2026-12-05T16:41:09.000Z",
  author: { username: "nodejs", name: "Node.js" },
  likeCount: likes,
  retweetCount: Math.round(likes / 6),
  replyCount: Math.round(likes / 20),
  viewCount: likes * 90,
  url: `https://x.com/nodejs/status/${id}`,
});

function bycrawl(req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
  const p = url.pathname;
  if (p === "/health") return json(res, 200, { status: "ok", version: "2.14.0", uptime: 822113 });
  if (state.bcKeyInvalid || req.headers["x-api-key"] !== BYCRAWL_KEY)
    return json(res, 401, bcError("INVALID_API_KEY", "Invalid or revoked API key"));
  if (state.bcNoCredits)
    return json(
      res,
      402,
      bcError(
        "INSUFFICIENT_CREDITS",
        "Insufficient credits: this request needs 1 credit, balance is 0. Top up at https://bycrawl.com/dashboard/billing",
      ),
    );
  if (state.bcRateLimited)
    return json(
      res,
      429,
      bcError("RATE_LIMITED", "Rate limit exceeded: 60 requests per minute. Retry after 23 seconds."),
      {
        "retry-after": "23",
        "x-ratelimit-limit": "60",
        "x-ratelimit-remaining": "0",
      },
    );
  if (state.bcServerError) return json(res, 500, bcError("INTERNAL_ERROR", "Internal server error"));
  if (state.bcBadGateway) return text(res, 502, CLOUDFLARE_502, "text/html");
  if (state.bcUpstreamTimeout)
    return json(res, 504, bcError("UPSTREAM_TIMEOUT", "Platform request timed out after 60000ms (x)"));
  let m: RegExpMatchArray | null;
  if (p === "/account")
    return json(
      res,
      200,
      bcOk(
        {
          email: "growth@acme.example",
          plan: "starter",
          credits: 1842,
          creditsResetAt: "2027-01-01T00:00:00.000Z",
          subscriptionStatus: "active",
          apiKey: { name: "agents", prefix: "sk_byc_4f7a", createdAt: "2026-10-02T09:11:00.000Z" },
        },
        0,
      ),
    );
  if ((m = p.match(/^\/x\/users\/([^/]+)$/))) {
    if (m[1]!.toLowerCase() === "twitter") return json(res, 200, bcOk(X_USER));
    return json(res, 404, bcError("NOT_FOUND", `User @${m[1]} not found or suspended`));
  }
  if ((m = p.match(/^\/x\/users\/([^/]+)\/posts$/)))
    return json(
      res,
      200,
      bcOk({ posts: [tweet("1864712220391", "Node.js 24.12.0 is out.", 1840)], nextCursor: "DAABCgABGaZ" }),
    );
  if (p === "/x/posts/search") {
    const q = url.searchParams.get("q") ?? "";
    if (q === "slow mcp release notes")
      return later(15_000, () => json(res, 200, bcOk({ posts: [], nextCursor: null })));
    if (/node/i.test(q))
      return json(
        res,
        200,
        bcOk({
          posts: [
            tweet(
              "1864712220391",
              "Node.js 24.12.0 is out: new permission model flags, undici 7.16, and a fix for an error in fs.cp with symlinks.",
              1840,
            ),
            tweet("1864690011822", "The Node.js collaborator summit schedule is up.", 412),
          ],
          nextCursor: "DAACCgACGaZ",
        }),
      );
    return json(res, 200, bcOk({ posts: [], nextCursor: null }));
  }
  if ((m = p.match(/^\/reddit\/subreddits\/([^/]+)$/))) {
    if (m[1] === "node")
      return json(
        res,
        200,
        bcOk({
          name: "node",
          title: "Node.js",
          subscribers: 284113,
          activeUsers: 412,
          description: "News and discussion about Node.js.",
          createdAt: "2009-12-29T11:40:02.000Z",
          over18: false,
        }),
      );
    return json(res, 404, bcError("NOT_FOUND", `Subreddit r/${m[1]} not found, banned or private`));
  }
  if (p === "/reddit/posts/search")
    return json(
      res,
      200,
      bcOk({
        posts: [
          {
            id: "1h7x2qk",
            subreddit: "node",
            title: "Is undici's fetch faster than axios now?",
            author: "kestrel_dev",
            score: 214,
            numComments: 88,
            createdAt: "2026-12-04T19:12:40.000Z",
            url: "https://www.reddit.com/r/node/comments/1h7x2qk/",
          },
        ],
        after: "t3_1h7x2qk",
      }),
    );
  if ((m = p.match(/^\/youtube\/videos\/([^/]+)$/))) {
    if (m[1] === "dQw4w9WgXcQ")
      return json(
        res,
        200,
        bcOk({
          id: "dQw4w9WgXcQ",
          title: "Rick Astley - Never Gonna Give You Up (Official Video) (4K Remaster)",
          channel: { id: "UCuAXFkgsw1L7xaCfnd5JJOw", title: "Rick Astley" },
          viewCount: 1712004331,
          likeCount: 18402210,
          commentCount: 2411002,
          duration: "PT3M34S",
          publishedAt: "2009-10-25T06:57:33Z",
        }),
      );
    return json(res, 404, bcError("NOT_FOUND", `Video ${m[1]} not found`));
  }
  if ((m = p.match(/^\/youtube\/videos\/([^/]+)\/transcription$/))) {
    const lang = url.searchParams.get("language");
    if (lang && lang !== "en")
      return json(
        res,
        404,
        bcError(
          "TRANSCRIPT_NOT_AVAILABLE",
          `No transcript in language '${lang}' for video ${m[1]}. Available: en`,
        ),
      );
    return json(
      res,
      200,
      bcOk({
        videoId: m[1],
        language: "en",
        segments: [{ start: 18.6, duration: 3.2, text: "We're no strangers to love" }],
      }),
    );
  }
  return json(res, 404, bcError("NOT_FOUND", `Route ${p} not found`));
}

// -------------------------------------------------------------------------------------------- Airbnb

// Airbnb's robots.txt, abridged: the lines the server's checks meet (the real file is much longer).
const ROBOTS = `# ///////
# // robots.txt for www.airbnb.com
# ///////
User-agent: *
Allow: /calendar/ical/
Disallow: /account
Disallow: /alumni
Disallow: /api/v3
Disallow: /book/
Disallow: /calendar/
Disallow: /graphql
Disallow: /inbox
Disallow: /manage-listing
Disallow: /payments/book
Disallow: /reservation
Disallow: /rooms/*/personalization.json
Disallow: /rooms/*/slideshow/
Disallow: /s/*?*cursor=
Disallow: /trips/v1/
Disallow: /users/edit
`;

const b64 = (s: string) => Buffer.from(s).toString("base64");

function searchResult(id: string, title: string, line: string, rating: string, price: string, total: string) {
  return {
    __typename: "StaySearchResult",
    demandStayListing: {
      id: b64(`DemandStayListing:${id}`),
      description: { name: { localizedStringWithTranslationPreference: title } },
      location: { coordinate: { latitude: 38.7139, longitude: -9.1334 } },
    },
    badges: [{ text: "Guest favorite" }],
    structuredContent: {
      mapCategoryInfo: [{ body: "Entire rental unit" }],
      primaryLine: [{ body: line }],
      secondaryLine: [{ body: "2 beds" }],
    },
    avgRatingA11yLabel: rating,
    listingParamOverrides: { categoryTag: "Tag:8678", photoId: "1829931102", amenities: "" },
    structuredDisplayPrice: {
      primaryLine: { accessibilityLabel: price },
      secondaryLine: { accessibilityLabel: total },
      explanationData: {
        title: "Price details",
        priceDetails: [{ items: [{ description: "5 nights x €112.00", priceString: "€560.00" }] }],
      },
    },
    contextualPictures: [
      { picture: "https://a0.muscache.com/im/pictures/miso/Hosting-51002211/original/x.jpeg" },
    ],
  };
}

const LISBON_RESULTS = [
  searchResult(
    "51002211",
    "Alfama loft with river view",
    "Alfama · Lisbon",
    "4.93 out of 5 average rating, 212 reviews",
    "€112 per night",
    "€560 total",
  ),
  searchResult(
    "782240019331120044",
    "Bright flat near Príncipe Real",
    "Príncipe Real · Lisbon",
    "4.88 out of 5 average rating, 97 reviews",
    "€134 per night",
    "€670 total",
  ),
  searchResult(
    "39921048",
    "Quiet room in Graça",
    "Graça · Lisbon",
    "4.79 out of 5 average rating, 341 reviews",
    "€58 per night",
    "€290 total",
  ),
];

function searchPage(results: unknown[], hasNext: boolean) {
  const state = {
    niobeClientData: [
      [
        "StaysSearch:{}",
        {
          data: {
            presentation: {
              staysSearch: {
                results: {
                  searchResults: results,
                  paginationInfo: {
                    pageCursors: hasNext ? ["eyJzZWN0aW9uX29mZnNldCI6MCwiaXRlbXNfb2Zmc2V0IjoxOH0="] : [],
                    nextPageCursor: hasNext ? "eyJzZWN0aW9uX29mZnNldCI6MCwiaXRlbXNfb2Zmc2V0IjoxOH0=" : null,
                  },
                },
              },
            },
          },
        },
      ],
    ],
  };
  return page(state);
}

function page(dataState: unknown | null, title = "Airbnb | Vacation rentals, cabins, beach houses, & more") {
  const script =
    dataState === null
      ? ""
      : `<script id="data-deferred-state-0" data-deferred-state-0="true" type="application/json">${JSON.stringify(dataState)}</script>`;
  return `<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>${title}</title></head><body><div id="react-application"></div>${script}</body></html>`;
}

const LISTING = {
  niobeClientData: [
    [
      "StaysPdpSections:{}",
      {
        data: {
          presentation: {
            stayProductDetailPage: {
              sections: {
                sections: [
                  {
                    sectionId: "LOCATION_DEFAULT",
                    section: {
                      __typename: "LocationSection",
                      lat: 38.7118,
                      lng: -9.1301,
                      subtitle: "Alfama, Lisbon, Portugal",
                      title: "Where you'll be",
                    },
                  },
                  {
                    sectionId: "DESCRIPTION_DEFAULT",
                    section: {
                      htmlDescription: {
                        htmlText:
                          "Top-floor loft over the river in Alfama. Steep stairs, no lift.<br/>Tram 28 stops at the door.",
                      },
                    },
                  },
                  {
                    sectionId: "HIGHLIGHTS_DEFAULT",
                    section: { highlights: [{ title: "Self check-in" }, { title: "Great location" }] },
                  },
                  {
                    sectionId: "AMENITIES_DEFAULT",
                    section: {
                      title: "What this place offers",
                      seeAllAmenitiesGroups: [
                        { title: "Bathroom", amenities: [{ title: "Hair dryer" }, { title: "Hot water" }] },
                        { title: "Heating and cooling", amenities: [{ title: "Air conditioning" }] },
                      ],
                    },
                  },
                  {
                    sectionId: "POLICIES_DEFAULT",
                    section: {
                      title: "Things to know",
                      houseRulesSections: [
                        {
                          title: "House rules",
                          items: [
                            { title: "Check-in after 3:00 PM" },
                            { title: "2 guests maximum" },
                            { title: "No parties or events" },
                          ],
                        },
                      ],
                    },
                  },
                  { sectionId: "REVIEWS_DEFAULT", section: { overallRating: 4.93, overallCount: 212 } },
                ],
              },
            },
          },
        },
      },
    ],
  ],
};

function airbnb(_req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
  const html = (status: number, body: string) => text(res, status, body, "text/html; charset=utf-8");
  if (url.hostname !== "www.airbnb.com") return html(404, "<html><body>Not found</body></html>");
  if (url.pathname === "/robots.txt") return text(res, 200, ROBOTS, "text/plain");
  if (state.abForbidden)
    return html(
      403,
      "<html><head><title>Access Denied</title></head><body><h1>Access Denied</h1>You don't have permission to access this page.</body></html>",
    );
  if (state.abRateLimited) return html(429, "<html><body><h1>429 Too Many Requests</h1></body></html>");
  if (state.abUnavailable) return html(503, AIRBNB_503);
  if (state.abServerError) return html(500, page(null, "Airbnb: Something went wrong"));
  let m: RegExpMatchArray | null;
  if ((m = url.pathname.match(/^\/s\/([^/]+)\/homes$/))) {
    const place = decodeURIComponent(m[1]!);
    if (/slowtown/i.test(place)) return later(15_000, () => html(200, searchPage([], false)));
    if (/Porto--Portugal/i.test(place)) {
      // The page shape changed: staysSearch is gone from the presentation.
      return html(
        200,
        page({
          niobeClientData: [["StaysSearch:{}", { data: { presentation: { explore: { sections: [] } } } }]],
        }),
      );
    }
    if (!/Lisbon/i.test(place)) return html(200, searchPage([], false));
    const type = url.searchParams.get("l2_property_type_ids[]");
    const results =
      type === "2"
        ? [LISBON_RESULTS[2]]
        : url.searchParams.get("cursor")
          ? LISBON_RESULTS.slice(1)
          : LISBON_RESULTS;
    return html(200, searchPage(results, !url.searchParams.get("cursor")));
  }
  if ((m = url.pathname.match(/^\/rooms\/(\d+)$/))) {
    if (m[1] === "51002211")
      return html(
        200,
        page(LISTING, "Alfama loft with river view - Lofts for Rent in Lisboa, Lisboa, Portugal - Airbnb"),
      );
    if (m[1] === "33310042") return html(200, page(null, "This listing is no longer available - Airbnb"));
    if (m[1] === "88120019") return later(15_000, () => html(200, page(LISTING)));
    return html(404, page(null, "Airbnb: 404 Page Not Found"));
  }
  return html(404, page(null, "Airbnb: 404 Page Not Found"));
}

// ------------------------------------------------------------------------------------------ listeners

export const stravaStandin = forwardProxy(STRAVA_PROXY_PORT, tls, (req, url, _body, res) =>
  strava(req, url, res),
);
export const aviationStandin = forwardProxy(AVIATION_PROXY_PORT, tls, (req, url, _body, res) =>
  aviation(req, url, res),
);
export const bycrawlStandin = httpStandin(BYCRAWL_PORT, (req, url, _body, res) => bycrawl(req, url, res));
export const airbnbStandin = tlsStandin(AIRBNB_PORT, tls, (req, url, _body, res) => airbnb(req, url, res));

export const ALL_STANDINS = [stravaStandin, aviationStandin, bycrawlStandin, airbnbStandin];
