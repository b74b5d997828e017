// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - The Hevy public API (`api.hevyapp.com/v1`: workouts, workout events, routines, routine folders, exercise
//   templates, exercise history, body measurements, the user's info) for hevy-mcp, with Hevy's `{"error": …}`
//   bodies. The host is written into the server and it calls it with Node's own `fetch`: a forward proxy reached
//   through the group's proxy-preload.mjs. The same proxy answers the server's npm "latest version" check.
// - Ravensburger Play Hub (`api.cloudflare.ravensburgerplay.com/hydraproxy/api/v2`: Disney Lorcana events, tournament
//   rounds, standings, matches, registrations, game stores, cards, formats and categories; and
//   `tcg.ravensburgerplay.com/api/…`: the site's geocoding and place autocomplete) for
//   unofficial-ravensburger-playhub-mcp, behind Cloudflare. Also hosts written into the server: its own forward proxy.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import path from "node:path";
import {
  certificate,
  clearTimers,
  forwardProxy,
  json,
  later,
  parse,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r27-c";
export const CERT = path.join(DATA, "standin-cert.pem");

export const HEVY_PROXY_PORT = 42050;
export const HEVY_MCP_PORT = 42051;
export const PLAYHUB_PROXY_PORT = 42052;

export const ensureCertificate = (): Certificate =>
  certificate(DATA, [
    "api.hevyapp.com",
    "registry.npmjs.org",
    "api.cloudflare.ravensburgerplay.com",
    "tcg.ravensburgerplay.com",
  ]);

export const state = {
  hvKeyRevoked: false,
  hvRateLimited: false,
  hvServerError: false,
  hvBadGateway: false,
  phRateLimited: false,
  phBadGateway: false,
};

/** Requests a stand-in was asked for that it does not answer (for the README). */
export const unknownRequests: string[] = [];

// ---------------------------------------------------------------------------------------------------- Hevy

export const HEVY_KEY = "3f6c1a9e-8d2b-4b7e-9a51-c0d4e2f7b813";
export const WORKOUT = "b459cba5-cd6d-463c-abd6-54f8eafcadcb";
export const WORKOUT_2 = "0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0";
export const WORKOUT_MISSING = "9a8b7c6d-0000-4e4e-8f8f-123456789abc";
export const WORKOUT_SLOW = "5e5e5e5e-1111-4222-8333-444455556666";
export const ROUTINE = "e1f2a3b4-5c6d-4e7f-8a9b-0c1d2e3f4a5b";
export const FOLDER = 42;
export const BENCH = "79D0BB3A";
export const SQUAT = "D04AC939";
export const DEADLIFT = "C6272009";
export const NEVER_DONE = "A1B2C3D4";
export const MEASURED_ON = "2026-11-28";
export const NOT_MEASURED_ON = "2026-11-30";

const set = (index: number, weight: number, reps: number, type = "normal", rpe: number | null = null) => ({
  index,
  type,
  weight_kg: weight,
  reps,
  distance_meters: null,
  duration_seconds: null,
  rpe,
  custom_metric: null,
});

// The Workout schema of Hevy's API reference (api.hevyapp.com/docs), with its own example ids.
const WORKOUTS = [
  {
    id: WORKOUT,
    title: "Push Day 💪",
    routine_id: ROUTINE,
    description: "Bench felt heavy, kept the bar path tight.",
    start_time: "2026-12-03T17:02:11Z",
    end_time: "2026-12-03T18:10:45Z",
    updated_at: "2026-12-03T18:11:02Z",
    created_at: "2026-12-03T18:11:02Z",
    exercises: [
      {
        index: 0,
        title: "Bench Press (Barbell)",
        notes: "Paused the last rep.",
        exercise_template_id: BENCH,
        supersets_id: null,
        sets: [
          set(0, 60, 10, "warmup"),
          set(1, 90, 5, "normal", 8),
          set(2, 90, 5, "normal", 8.5),
          set(3, 90, 4, "failure", 10),
        ],
      },
      {
        index: 1,
        title: "Overhead Press (Barbell)",
        notes: "",
        exercise_template_id: "073032BB",
        supersets_id: null,
        sets: [set(0, 50, 8), set(1, 50, 7)],
      },
    ],
  },
  {
    id: WORKOUT_2,
    title: "Leg Day 🦵",
    routine_id: "7c1d0e2f-3a4b-4c5d-8e6f-9a0b1c2d3e4f",
    description: "",
    start_time: "2026-12-01T06:30:00Z",
    end_time: "2026-12-01T07:42:18Z",
    updated_at: "2026-12-01T07:43:00Z",
    created_at: "2026-12-01T07:43:00Z",
    exercises: [
      {
        index: 0,
        title: "Squat (Barbell)",
        notes: "",
        exercise_template_id: SQUAT,
        supersets_id: null,
        sets: [set(0, 60, 8, "warmup"), set(1, 120, 5, "normal", 8), set(2, 120, 5, "normal", 9)],
      },
      {
        index: 1,
        title: "Deadlift (Barbell)",
        notes: "Belt on the top set.",
        exercise_template_id: DEADLIFT,
        supersets_id: null,
        sets: [set(0, 150, 3, "normal", 8.5)],
      },
    ],
  },
];

const ROUTINES = [
  {
    id: ROUTINE,
    title: "Push A",
    folder_id: FOLDER,
    updated_at: "2026-10-02T09:14:00Z",
    created_at: "2026-03-11T19:20:00Z",
    exercises: [
      {
        index: 0,
        title: "Bench Press (Barbell)",
        rest_seconds: 180,
        notes: "Focus on leg drive.",
        exercise_template_id: BENCH,
        supersets_id: null,
        sets: [
          { ...set(0, 90, 5), rep_range: { start: 4, end: 6 } },
          { ...set(1, 90, 5), rep_range: { start: 4, end: 6 } },
        ],
      },
    ],
  },
  {
    id: "7c1d0e2f-3a4b-4c5d-8e6f-9a0b1c2d3e4f",
    title: "Legs A",
    folder_id: FOLDER,
    updated_at: "2026-10-02T09:15:00Z",
    created_at: "2026-03-11T19:24:00Z",
    exercises: [
      {
        index: 0,
        title: "Squat (Barbell)",
        rest_seconds: 180,
        notes: "",
        exercise_template_id: SQUAT,
        supersets_id: null,
        sets: [{ ...set(0, 120, 5), rep_range: { start: 3, end: 5 } }],
      },
    ],
  },
];

const TEMPLATES = [
  {
    id: BENCH,
    title: "Bench Press (Barbell)",
    type: "weight_reps",
    primary_muscle_group: "chest",
    secondary_muscle_groups: ["triceps", "shoulders"],
    is_custom: false,
  },
  {
    id: "3601968B",
    title: "Bench Press (Dumbbell)",
    type: "weight_reps",
    primary_muscle_group: "chest",
    secondary_muscle_groups: ["triceps", "shoulders"],
    is_custom: false,
  },
  {
    id: "50DFDFAB",
    title: "Incline Bench Press (Barbell)",
    type: "weight_reps",
    primary_muscle_group: "chest",
    secondary_muscle_groups: ["shoulders", "triceps"],
    is_custom: false,
  },
  {
    id: SQUAT,
    title: "Squat (Barbell)",
    type: "weight_reps",
    primary_muscle_group: "quadriceps",
    secondary_muscle_groups: ["glutes", "hamstrings"],
    is_custom: false,
  },
  {
    id: DEADLIFT,
    title: "Deadlift (Barbell)",
    type: "weight_reps",
    primary_muscle_group: "hamstrings",
    secondary_muscle_groups: ["glutes", "lower_back"],
    is_custom: false,
  },
  {
    id: "073032BB",
    title: "Overhead Press (Barbell)",
    type: "weight_reps",
    primary_muscle_group: "shoulders",
    secondary_muscle_groups: ["triceps"],
    is_custom: false,
  },
  {
    id: NEVER_DONE,
    title: "Sled Push",
    type: "weight_duration",
    primary_muscle_group: "full_body",
    secondary_muscle_groups: [],
    is_custom: true,
  },
];

const MEASUREMENTS = [
  { date: "2026-11-28", weight_kg: 82.4, lean_mass_kg: 67.1, fat_percent: 18.6, waist: 84 },
  { date: "2026-11-14", weight_kg: 82.9, lean_mass_kg: 67.0, fat_percent: 19.1, waist: 85 },
  { date: "2026-10-31", weight_kg: 83.3, lean_mass_kg: 66.8, fat_percent: 19.8, waist: 85.5 },
];

const HISTORY = {
  [BENCH]: [
    {
      workout_id: WORKOUT,
      workout_title: "Push Day 💪",
      workout_start_time: "2026-12-03T17:02:11Z",
      workout_end_time: "2026-12-03T18:10:45Z",
      exercise_template_id: BENCH,
      weight_kg: 90,
      reps: 5,
      distance_meters: null,
      duration_seconds: null,
      rpe: 8,
      custom_metric: null,
      set_type: "normal",
    },
    {
      workout_id: WORKOUT,
      workout_title: "Push Day 💪",
      workout_start_time: "2026-12-03T17:02:11Z",
      workout_end_time: "2026-12-03T18:10:45Z",
      exercise_template_id: BENCH,
      weight_kg: 90,
      reps: 5,
      distance_meters: null,
      duration_seconds: null,
      rpe: 8.5,
      custom_metric: null,
      set_type: "normal",
    },
    {
      workout_id: "2b3c4d5e-6f70-4812-9a3b-4c5d6e7f8091",
      workout_title: "Push Day 💪",
      workout_start_time: "2026-11-26T17:05:00Z",
      workout_end_time: "2026-11-26T18:02:00Z",
      exercise_template_id: BENCH,
      weight_kg: 87.5,
      reps: 5,
      distance_meters: null,
      duration_seconds: null,
      rpe: 8,
      custom_metric: null,
      set_type: "normal",
    },
  ],
};

const ALB_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
</body>
</html>
`;

function hevy(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const p = url.pathname.replace(/\/$/, "");
  const method = req.method ?? "GET";
  if (req.headers["api-key"] !== HEVY_KEY || state.hvKeyRevoked)
    return json(res, 401, { error: "Unauthorized" });
  if (state.hvRateLimited) return json(res, 429, { error: "Too many requests" }, { "retry-after": "1" });
  if (state.hvServerError) return json(res, 500, { error: "Internal Server Error" });
  if (state.hvBadGateway) return text(res, 502, ALB_502, "text/html");
  const page = Number(url.searchParams.get("page") ?? "1");
  const pageSize = Number(url.searchParams.get("pageSize") ?? "5");
  const paged = <T>(items: T[]) => ({
    page,
    page_count: Math.max(1, Math.ceil(items.length / pageSize)),
    items: items.slice((page - 1) * pageSize, page * pageSize),
  });
  let m: RegExpMatchArray | null;
  if (p === "/v1/user/info")
    return json(res, 200, {
      data: {
        id: "9c465af3-de7d-42bc-9c7c-f0170396358b",
        name: "liftlog_maya",
        url: "https://hevy.com/user/liftlog_maya",
      },
    });
  if (method === "GET" && p === "/v1/workouts") {
    if (pageSize > 10) return json(res, 400, { error: "pageSize must be between 1 and 10" });
    const { items, ...meta } = paged(WORKOUTS);
    return json(res, 200, { ...meta, workouts: items });
  }
  if (p === "/v1/workouts/count") return json(res, 200, { workout_count: WORKOUTS.length });
  if (p === "/v1/workouts/events") {
    return json(res, 200, {
      page: 1,
      page_count: 1,
      events: [
        { type: "updated", workout: WORKOUTS[0] },
        { type: "deleted", id: "efe6801c-4aee-4959-bcdd-fca3f272821b", deleted_at: "2026-12-02T08:00:00Z" },
        { type: "updated", workout: WORKOUTS[1] },
      ],
    });
  }
  if (method === "POST" && p === "/v1/workouts") {
    const sent = parse(body) as {
      workout?: { title?: string; start_time?: string; end_time?: string; exercises?: unknown[] };
    };
    const w = sent.workout ?? {};
    if (w.start_time && w.end_time && Date.parse(w.end_time) <= Date.parse(w.start_time))
      return json(res, 400, { error: "End time must be after start time" });
    return json(res, 201, {
      id: "c7d8e9f0-1a2b-4c3d-8e4f-5a6b7c8d9e0f",
      title: w.title,
      description: "",
      start_time: w.start_time,
      end_time: w.end_time,
      updated_at: "2026-12-06T19:30:12Z",
      created_at: "2026-12-06T19:30:12Z",
      exercises: [
        {
          index: 0,
          title: "Squat (Barbell)",
          notes: "",
          exercise_template_id: SQUAT,
          supersets_id: null,
          sets: [set(0, 100, 5)],
        },
      ],
    });
  }
  if ((m = p.match(/^\/v1\/workouts\/([^/]+)$/)) && method === "GET") {
    if (m[1] === WORKOUT_SLOW) return later(15_000, () => json(res, 200, WORKOUTS[1]));
    const found = WORKOUTS.find((w) => w.id === m![1]);
    return found ? json(res, 200, found) : json(res, 404, { error: "Workout not found" });
  }
  if (method === "GET" && p === "/v1/routines") {
    const { items, ...meta } = paged(ROUTINES);
    return json(res, 200, { ...meta, routines: items });
  }
  if ((m = p.match(/^\/v1\/routines\/([^/]+)$/)) && method === "GET") {
    const found = ROUTINES.find((r) => r.id === m![1]);
    return found ? json(res, 200, { routine: found }) : json(res, 404, { error: "Routine not found" });
  }
  if (method === "POST" && p === "/v1/routines") return json(res, 403, { error: "Routine limit exceeded" });
  if (method === "GET" && p === "/v1/exercise_templates") {
    const { items, ...meta } = paged(TEMPLATES);
    return json(res, 200, { ...meta, exercise_templates: items });
  }
  if ((m = p.match(/^\/v1\/exercise_templates\/([^/]+)$/))) {
    const found = TEMPLATES.find((t) => t.id === m![1]);
    return found ? json(res, 200, found) : json(res, 404, { error: "Exercise template not found" });
  }
  if (method === "POST" && p === "/v1/exercise_templates")
    return json(res, 403, { error: "exceeds-custom-exercise-limit" });
  if ((m = p.match(/^\/v1\/exercise_history\/([^/]+)$/)))
    return json(res, 200, { exercise_history: HISTORY[m[1] as keyof typeof HISTORY] ?? [] });
  if ((m = p.match(/^\/v1\/routine_folders\/([^/]+)$/))) {
    if (m[1] === String(FOLDER))
      return json(res, 200, {
        id: FOLDER,
        index: 0,
        title: "PPL 🏋️",
        updated_at: "2026-03-11T19:18:00Z",
        created_at: "2026-03-11T19:18:00Z",
      });
    return json(res, 404, { error: "Routine folder not found" });
  }
  if (method === "GET" && p === "/v1/body_measurements") {
    const { items, ...meta } = paged(MEASUREMENTS);
    return json(res, 200, { ...meta, body_measurements: items });
  }
  if ((m = p.match(/^\/v1\/body_measurements\/(\d{4}-\d{2}-\d{2})$/)) && method === "GET") {
    const found = MEASUREMENTS.find((x) => x.date === m![1]);
    return found ? json(res, 200, found) : json(res, 404, { error: "Body measurement not found" });
  }
  if (method === "POST" && p === "/v1/body_measurements") {
    const sent = parse(body) as { date?: string };
    if (MEASUREMENTS.some((x) => x.date === sent.date))
      return json(res, 409, { error: "Body measurement already exists for this date" });
    res.writeHead(200).end();
    return;
  }
  unknownRequests.push(`hevy ${method} ${url.pathname}${url.search}`);
  json(res, 404, { error: "Not found" });
}

function hevyProxy(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const host = (req.headers.host ?? url.host).replace(/:\d+$/, "");
  if (host === "registry.npmjs.org")
    return json(res, 200, {
      name: "hevy-mcp",
      "dist-tags": { latest: "6.1.13" },
      modified: "2026-11-20T10:02:11.000Z",
    });
  if (host === "api.hevyapp.com") return hevy(req, url, body, res);
  unknownRequests.push(`hevy proxy ${req.method} ${host}${url.pathname}`);
  json(res, 404, { error: "Not found" });
}

export const hevyStandin = forwardProxy(HEVY_PROXY_PORT, ensureCertificate, hevyProxy);

// ------------------------------------------------------------------------------------- Ravensburger Play Hub

export const EVENT = 218734;
export const EVENT_NO_ROUNDS = 223105;
export const EVENT_MISSING = 99999999;
export const EVENT_SLOW = 224410;
export const ROUND_FINAL = 414976;
export const ROUND_1 = 414970;
export const ROUND_PENDING = 431002;
export const ROUND_MISSING = 1;
export const STORE_ID = 7731;
export const GAME_STORE = "6cb0ce43-309a-4759-a5c3-142a44b08614";
export const CARD = "3b5d9c62-2f4e-4d3a-9a71-0e8c1f6b7d24";
export const PLACE = "ChIJdR3LEAHKJIgR0iR7zD5xR9A";

const FORMATS = [
  {
    id: "2a7b0d7e-3e4e-4d0e-9a33-0c9b4a8f1d11",
    name: "Core Constructed",
    description: "Build a 60-card deck from cards legal in Core.",
  },
  {
    id: "b1c4e6f0-5d2a-4f8b-9c13-7e8a2d4f6b22",
    name: "Infinity Constructed",
    description: "Any card ever printed.",
  },
  {
    id: "c9d2f3a1-7b4e-4a6c-8d5f-1e2b3c4d5e33",
    name: "Sealed",
    description: "Build from six booster packs.",
  },
];

const CATEGORIES = [
  { id: "f0e1d2c3-b4a5-4968-8776-5a4b3c2d1e44", name: "Weekly Play" },
  { id: "e1f2a3b4-c5d6-4e7f-8091-a2b3c4d5e655", name: "Winterspell - Set Championship" },
  { id: "d2e3f4a5-b6c7-4d8e-9f01-b2c3d4e5f666", name: "Illumineer's Quest" },
];

const STORE = {
  id: STORE_ID,
  name: "Dragon's Lair Games",
  full_address: "4127 Woodward Ave, Detroit, MI 48201, USA",
  city: "Detroit",
  state: "MI",
  country: "US",
  latitude: 42.3507,
  longitude: -83.0606,
  website: "https://dragonslairdetroit.example",
  email: "events@dragonslairdetroit.example",
  phone_number: "+1 313-555-0142",
  bio: "Friday Night Lorcana every week, set championships every season.",
  discord_url: "https://discord.gg/dlgdetroit",
  instagram_handle: "dragonslairdetroit",
};

const GAME_STORES = [
  {
    id: GAME_STORE,
    store: STORE,
    store_types: ["physicalRetailer", "organizedPlay"],
    store_types_pretty: ["Physical Retailer", "Organized Play"],
    distance_in_miles: 1.2,
  },
  {
    id: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
    store: {
      id: 7802,
      name: "Red Dragon Hobby",
      full_address: "22 Main St, Royal Oak, MI 48067, USA",
      city: "Royal Oak",
      state: "MI",
      country: "US",
      phone_number: "+1 248-555-0199",
    },
    store_types: ["physicalRetailer"],
    store_types_pretty: ["Physical Retailer"],
    distance_in_miles: 11.8,
  },
];

const phases = [
  {
    id: 90211,
    phase_name: "Swiss",
    status: "COMPLETE",
    rounds: [
      { id: ROUND_1, round_number: 1, status: "COMPLETE", standings_status: "PUBLISHED" },
      { id: ROUND_FINAL, round_number: 6, status: "COMPLETE", standings_status: "PUBLISHED" },
    ],
  },
];

function event(id: number, name: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    name,
    description: "Swiss rounds, top 8 cut. Bring a decklist.",
    start_datetime: "2026-12-13T17:00:00Z",
    end_datetime: null,
    full_address: STORE.full_address,
    latitude: STORE.latitude,
    longitude: STORE.longitude,
    gameplay_format: FORMATS[0],
    event_configuration_template: CATEGORIES[1]!.id,
    cost_in_cents: 2000,
    currency: "USD",
    capacity: 64,
    registered_user_count: 41,
    display_status: "upcoming",
    is_headlining_event: true,
    event_is_online: false,
    distance_in_miles: 1.2,
    store: STORE,
    settings: { event_lifecycle_status: "REGISTRATION_OPEN" },
    tournament_phases: [],
    ...extra,
  };
}

const EVENTS = [
  event(EVENT, "Winterspell Set Championship — Dragon's Lair", {
    start_datetime: "2026-11-22T16:00:00Z",
    display_status: "past",
    registered_user_count: 58,
    settings: { event_lifecycle_status: "COMPLETED" },
    tournament_phases: phases,
  }),
  event(EVENT_NO_ROUNDS, "Friday Night Lorcana", {
    event_configuration_template: CATEGORIES[0]!.id,
    cost_in_cents: 500,
    capacity: 24,
    registered_user_count: 9,
    is_headlining_event: false,
  }),
  event(226918, "Winterspell Set Championship — Red Dragon Hobby", {
    distance_in_miles: 11.8,
    store: GAME_STORES[1]!.store,
  }),
];

const page = <T>(results: T[], size = 25) => ({
  count: results.length,
  total: results.length,
  page_size: size,
  current_page_number: 1,
  next_page_number: null,
  previous_page_number: null,
  results,
});

const player = (id: number, name: string) => ({
  player: { id, best_identifier: name },
  user_event_status: { best_identifier: name },
});
const STANDINGS = [
  {
    rank: 1,
    ...player(55012, "Jonah K."),
    record: "6-0-0",
    match_points: 18,
    opponent_match_win_pct: 0.6111,
    game_win_pct: 0.8571,
  },
  {
    rank: 2,
    ...player(55873, "Priya S."),
    record: "5-1-0",
    match_points: 15,
    opponent_match_win_pct: 0.6389,
    game_win_pct: 0.7692,
  },
  {
    rank: 3,
    ...player(49120, "Marcus T."),
    record: "5-1-0",
    match_points: 15,
    opponent_match_win_pct: 0.5833,
    game_win_pct: 0.7333,
  },
  {
    rank: 4,
    ...player(61004, "Elena R."),
    record: "4-1-1",
    match_points: 13,
    opponent_match_win_pct: 0.6019,
    game_win_pct: 0.6667,
  },
];

const MATCHES = [
  {
    id: 8812001,
    status: "COMPLETE",
    table_number: 1,
    winning_player: 55012,
    games_won_by_winner: 2,
    games_won_by_loser: 1,
    match_is_bye: false,
    match_is_intentional_draw: false,
    match_is_unintentional_draw: false,
    player_match_relationships: [
      { id: 1, player_order: 1, ...player(55012, "Jonah K.") },
      { id: 2, player_order: 2, ...player(55873, "Priya S.") },
    ],
  },
  {
    id: 8812002,
    status: "COMPLETE",
    table_number: 2,
    winning_player: null,
    match_is_bye: false,
    match_is_intentional_draw: true,
    match_is_unintentional_draw: false,
    player_match_relationships: [
      { id: 3, player_order: 1, ...player(49120, "Marcus T.") },
      { id: 4, player_order: 2, ...player(61004, "Elena R.") },
    ],
  },
  {
    id: 8812029,
    status: "COMPLETE",
    table_number: 29,
    winning_player: null,
    match_is_bye: true,
    player_match_relationships: [{ id: 57, player_order: 1, ...player(70331, "Sam W.") }],
  },
];

const REGISTRATIONS = [
  {
    id: 1,
    best_identifier: "Jonah K.",
    registration_status: "REGISTERED",
    registration_completed_datetime: "2026-11-02T15:04:00Z",
  },
  {
    id: 2,
    best_identifier: "Priya S.",
    registration_status: "REGISTERED",
    registration_completed_datetime: "2026-11-03T01:22:00Z",
  },
  {
    id: 3,
    best_identifier: "Tess V.",
    registration_status: "WAITLISTED",
    registration_completed_datetime: "2026-11-20T18:40:00Z",
  },
];

const CARDS = [
  {
    id: CARD,
    name: "Elsa - Spirit of Winter",
    display_name: "Elsa - Spirit of Winter",
    set_name: "The First Chapter",
    set_code: "1",
    collector_number: "42",
    type_line: "Character • Storyborn • Hero • Queen • Sorcerer",
    rarity: "Legendary",
    ink_type: "Amethyst",
    ink_cost: 8,
    strength: 4,
    willpower: 6,
    lore_value: 3,
    rules_text:
      "Shift 6. DEEP FREEZE When you play this character, exert up to 2 chosen characters. They can't ready at the start of their next turn.",
    flavor_text: "",
    image_url: "https://cdn.ravensburgerplay.com/cards/1/42.jpg",
  },
  {
    id: "8f0c2a14-9d3e-4b65-a7c1-2e4f6a8b0c13",
    name: "Elsa - Snow Queen",
    display_name: "Elsa - Snow Queen",
    set_name: "The First Chapter",
    rarity: "Rare",
    ink_type: "Amethyst",
  },
  {
    id: "1d7e3b95-c2a4-4f86-9b0e-5a3c7d9f1e24",
    name: "Elsa - Ice Surfer",
    display_name: "Elsa - Ice Surfer",
    set_name: "Into the Inklands",
    rarity: "Common",
    ink_type: "Amethyst",
  },
];

const DETROIT = {
  address: {
    formattedAddress: "Detroit, MI, USA",
    city: "Detroit",
    region: "MI",
    country: "US",
    lat: 42.331427,
    lng: -83.0457538,
  },
  placeId: PLACE,
  types: ["locality", "political"],
  bounds: { northeast: { lat: 42.450232, lng: -82.910346 }, southwest: { lat: 42.255192, lng: -83.287959 } },
};

// Cloudflare's rate-limit page (error 1015) and 502 page for the Play Hub API host, as Cloudflare serves them.
const CF_1015 = `<!DOCTYPE html>
<html lang="en-US">
<head><title>Access denied | api.cloudflare.ravensburgerplay.com used Cloudflare to restrict access</title></head>
<body>
<div id="cf-wrapper">
<div id="cf-error-details" class="cf-error-details-wrapper">
<h1 data-translate="block_headline">Error 1015</h1>
<h2 class="cf-subheadline" data-translate="block_subheadline">You are being rate limited</h2>
<p>The owner of this website (api.cloudflare.ravensburgerplay.com) has banned you temporarily from accessing this website.</p>
<span class="cf-footer-item">Cloudflare Ray ID: <strong>8f41c9d27a3b5e60</strong></span>
</div>
</div>
</body>
</html>
`;

const CF_502 = `<!DOCTYPE html>
<html class="no-js" lang="en-US">
<head>
<title>api.cloudflare.ravensburgerplay.com | 502: Bad gateway</title>
<meta charset="UTF-8" />
</head>
<body>
<div id="cf-wrapper">
<div id="cf-error-details">
<h1><span class="inline-block">Bad gateway</span> <span class="code-label">Error code 502</span></h1>
<span class="cf-footer-item">Cloudflare Ray ID: <strong>8f41ca0b9c7d2e13</strong></span>
</div>
</div>
</body>
</html>
`;

const NOT_FOUND = { detail: "Not found." };

function playhubApi(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const p = url.pathname.replace(/^\/hydraproxy\/api\/v2/, "");
  const method = req.method ?? "GET";
  if (state.phRateLimited) return text(res, 429, CF_1015, "text/html; charset=UTF-8", { "retry-after": "1" });
  if (state.phBadGateway) return text(res, 502, CF_502, "text/html; charset=UTF-8");
  let m: RegExpMatchArray | null;
  if (p === "/gameplay-formats/") return json(res, 200, FORMATS);
  if (p === "/event-configuration-templates/") return json(res, 200, CATEGORIES);
  if (p === "/events/quick-filters/")
    return json(res, 200, [
      {
        id: 3,
        name: "Locals this week",
        filter_config: {
          numMiles: 25,
          displayStatuses: ["upcoming", "inProgress"],
          eventConfigurationTemplateId: null,
        },
      },
      {
        id: 7,
        name: "Drivable Set Championships",
        filter_config: {
          numMiles: 150,
          displayStatuses: ["upcoming"],
          eventConfigurationTemplateId: CATEGORIES[1]!.id,
        },
      },
    ]);
  if (p === "/games/")
    return json(res, 200, [
      { id: 1, name: "Disney Lorcana", slug: "disney-lorcana" },
      { id: 4, name: "Star Wars: Unlimited", slug: "star-wars-unlimited" },
    ]);
  if (p === "/events/") {
    const name = url.searchParams.get("name");
    const storeId = url.searchParams.get("store");
    let results = EVENTS;
    if (name) results = results.filter((e) => e.name.toLowerCase().includes(name.toLowerCase()));
    if (storeId) results = results.filter((e) => String(e.store.id) === storeId);
    return json(res, 200, page(results, Number(url.searchParams.get("page_size") ?? 25)));
  }
  if ((m = p.match(/^\/events\/(\d+)\/$/))) {
    const id = Number(m[1]);
    if (id === EVENT_SLOW) return later(15_000, () => json(res, 200, event(EVENT_SLOW, "Holiday Cup")));
    const found = EVENTS.find((e) => e.id === id);
    return found ? json(res, 200, found) : json(res, 404, NOT_FOUND);
  }
  if ((m = p.match(/^\/events\/(\d+)\/registrations\/$/))) {
    const found = EVENTS.find((e) => e.id === Number(m![1]));
    return found ? json(res, 200, page(found.id === EVENT ? REGISTRATIONS : [])) : json(res, 404, NOT_FOUND);
  }
  if ((m = p.match(/^\/tournament-rounds\/(\d+)\/standings\/paginated\/$/))) {
    const id = Number(m[1]);
    if (id === ROUND_FINAL || id === ROUND_1) return json(res, 200, page(STANDINGS));
    if (id === ROUND_PENDING) return json(res, 200, page([]));
    return json(res, 404, NOT_FOUND);
  }
  if ((m = p.match(/^\/tournament-rounds\/(\d+)\/standings\/$/))) {
    const id = Number(m[1]);
    if (id === ROUND_PENDING) return json(res, 200, { standings: [] });
    return json(res, 404, NOT_FOUND);
  }
  if ((m = p.match(/^\/tournament-rounds\/(\d+)\/matches\/paginated\/$/))) {
    const id = Number(m[1]);
    if (id === ROUND_FINAL || id === ROUND_1) return json(res, 200, page(MATCHES));
    return json(res, 404, NOT_FOUND);
  }
  if (p === "/game-stores/") {
    const search = url.searchParams.get("search");
    const results = search
      ? GAME_STORES.filter((g) => g.store.name.toLowerCase().includes(search.toLowerCase()))
      : GAME_STORES;
    return json(res, 200, page(results));
  }
  if ((m = p.match(/^\/game-stores\/([^/]+)\/$/))) {
    const found = GAME_STORES.find((g) => g.id === m![1]);
    return found ? json(res, 200, found) : json(res, 404, NOT_FOUND);
  }
  if (method === "POST" && p === "/deckbuilder/cards/quick-search/") {
    const query = String(parse(body).query ?? "").toLowerCase();
    const results = CARDS.filter((c) => c.name.toLowerCase().includes(query));
    return json(res, 200, { count: results.length, results });
  }
  if ((m = p.match(/^\/deckbuilder\/cards\/([^/]+)\/$/))) {
    const found = CARDS.find((c) => c.id === m![1]);
    return found ? json(res, 200, found) : json(res, 404, NOT_FOUND);
  }
  unknownRequests.push(`playhub ${method} ${url.pathname}${url.search}`);
  json(res, 404, NOT_FOUND);
}

function playhubSite(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  if (url.pathname === "/api/address/geocode") {
    const address = url.searchParams.get("address");
    const placeId = url.searchParams.get("placeId");
    if (placeId === PLACE || (address && /detroit/i.test(address))) return json(res, 200, { data: DETROIT });
    return json(res, 200, { data: null });
  }
  if (url.pathname === "/api/google/places/autocomplete-places") {
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    if (!q.startsWith("det")) return json(res, 200, {});
    return json(res, 200, {
      suggestions: [
        {
          placePrediction: {
            place: `places/${PLACE}`,
            placeId: PLACE,
            text: { text: "Detroit, MI, USA" },
            structuredFormat: { mainText: { text: "Detroit" }, secondaryText: { text: "MI, USA" } },
          },
        },
        {
          placePrediction: {
            place: "places/ChIJ-0o3e8HSJIgRvBn6dw8iAWs",
            placeId: "ChIJ-0o3e8HSJIgRvBn6dw8iAWs",
            text: { text: "Detroit Lakes, MN, USA" },
            structuredFormat: { mainText: { text: "Detroit Lakes" }, secondaryText: { text: "MN, USA" } },
          },
        },
      ],
    });
  }
  unknownRequests.push(`playhub site ${req.method} ${url.pathname}${url.search}`);
  text(res, 404, "Not Found");
}

function playhubProxy(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const host = (req.headers.host ?? url.host).replace(/:\d+$/, "");
  if (host === "api.cloudflare.ravensburgerplay.com") return playhubApi(req, url, body, res);
  if (host === "tcg.ravensburgerplay.com") return playhubSite(req, url, body, res);
  unknownRequests.push(`playhub proxy ${req.method} ${host}${url.pathname}`);
  text(res, 404, "Not Found");
}

export const playhubStandin = forwardProxy(PLAYHUB_PROXY_PORT, ensureCertificate, playhubProxy);

export const ALL_STANDINS = [hevyStandin, playhubStandin];
