// Group r27-c: sports, games and gaming platforms — a workout tracker (hevy-mcp, over Streamable HTTP: the Hevy
// strength-training app's public API) and a trading-card-game organized-play platform
// (unofficial-ravensburger-playhub-mcp, over stdio: Disney Lorcana events, tournament standings and pairings, stores
// and cards on Ravensburger Play Hub): each published MCP server behind a loopback stand-in that answers with the real
// service's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r27-c && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r27-c

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  BENCH,
  CARD,
  CERT,
  DATA,
  EVENT,
  EVENT_MISSING,
  EVENT_NO_ROUNDS,
  EVENT_SLOW,
  HEVY_KEY,
  HEVY_MCP_PORT,
  HEVY_PROXY_PORT,
  NEVER_DONE,
  PLACE,
  PLAYHUB_PROXY_PORT,
  ROUND_FINAL,
  ROUND_MISSING,
  ROUND_PENDING,
  ROUTINE,
  SQUAT,
  STORE_ID,
  WORKOUT,
  WORKOUT_MISSING,
  WORKOUT_SLOW,
  clearTimers,
  ensureCertificate,
  hevyStandin,
  playhubStandin,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "hevy-mcp": "6.1.13",
  "unofficial-ravensburger-playhub-mcp": "1.2.4",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

const proxied = (port: number) => ({
  HTTPS_PROXY: `http://127.0.0.1:${port}`,
  NODE_EXTRA_CA_CERTS: CERT,
  NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
  HOME,
});

// ----------------------------------------------------------------------------------- hevy-mcp (Streamable HTTP)

const squatSet = (weight: number, reps: number) => ({ type: "normal", weight_kg: weight, reps });

const hevy: SessionSpec = {
  label: "r27-c-hevy",
  server: "hevy-mcp",
  transport: "http",
  start: httpServer("r27-c-hevy", "hevy-mcp", {
    from: FROM,
    port: HEVY_MCP_PORT,
    args: ["--transport", "http", "--host", "127.0.0.1", "--port", String(HEVY_MCP_PORT)],
    env: { ...proxied(HEVY_PROXY_PORT), HEVY_API_KEY: HEVY_KEY, HEVY_MCP_TELEMETRY: "0" },
  }),
  steps: [
    step("hvy-001", "get-workouts", { page: 1, page_size: 5 }, "the latest workouts"),
    step("hvy-002", "get-workout", { workout_id: WORKOUT }, "one workout with its sets"),
    step("hvy-003", "get-workout", { workout_id: WORKOUT_MISSING }, "a workout id that does not exist (404)"),
    step("hvy-004", "get-workout", { workout_id: WORKOUT_MISSING }, "the same call again, id unchanged"),
    step(
      "hvy-005",
      "get-workout-events",
      { page: 1, since: "2026-11-30T00:00:00Z" },
      "workouts updated or deleted since a date",
    ),
    step("hvy-006", "get-routines", {}, "the saved routines, page left to its default"),
    step("hvy-007", "get-routines", { page: 1 }, "the saved routines, first page named"),
    step("hvy-008", "get-routine", { routine_id: ROUTINE }, "one routine with rep ranges"),
    step("hvy-009", "search-routines", { query: "push" }, "routines whose title mentions push"),
    step(
      "hvy-010",
      "search-exercise-templates",
      { query: "bench press" },
      "exercise templates named bench press",
    ),
    step(
      "hvy-011",
      "search-exercise-templates",
      { query: "zercher lunge" },
      "an exercise search that finds nothing",
    ),
    step("hvy-012", "get-exercise-template", { exercise_template_id: BENCH }, "one exercise template"),
    step(
      "hvy-013",
      "get-exercise-history",
      { exercise_template_id: BENCH, start_date: "2026-11-01T00:00:00Z", end_date: "2026-12-06T23:59:59Z" },
      "bench press sets logged in a date range",
    ),
    step(
      "hvy-014",
      "get-exercise-history",
      { exercise_template_id: NEVER_DONE },
      "history of an exercise never logged (empty)",
    ),
    step("hvy-015", "get-body-measurements", { page: 1 }, "body measurements, newest first"),
    step(
      "hvy-016",
      "create-workout",
      {
        workout: {
          title: "Squat Day",
          start_time: "2026-12-06T18:00:00Z",
          end_time: "2026-12-06T19:05:00Z",
          is_private: false,
          exercises: [{ exercise_template_id: SQUAT, sets: [squatSet(100, 5), squatSet(100, 5)] }],
        },
      },
      "log a finished workout",
    ),
    step(
      "hvy-017",
      "create-workout",
      {
        workout: {
          title: "Evening Pull",
          start_time: "2026-12-06T20:00:00Z",
          end_time: "2026-12-06T19:00:00Z",
          is_private: true,
          exercises: [{ exercise_template_id: SQUAT, sets: [squatSet(60, 8)] }],
        },
      },
      "a workout that ends before it starts (400)",
    ),
    step(
      "hvy-018",
      "create-routine",
      {
        routine: {
          title: "Pull B",
          folder_id: null,
          exercises: [
            { exercise_template_id: BENCH, rest_seconds: 120, sets: [{ type: "normal", reps: 8 }] },
          ],
        },
      },
      "a new routine past the free plan's routine limit (403)",
    ),
    step("hvy-019", "get-training-summary", { weeks: 4 }, "the last four weeks summarised"),
    step(
      "hvy-020",
      "get-routines",
      { page: 1 },
      "routines after the API key was regenerated (401)",
      flag("hvKeyRevoked"),
    ),
    step(
      "hvy-021",
      "get-workouts",
      { page: 2, page_size: 5 },
      "older workouts while Hevy throttles the key (429 on every try)",
      flag("hvRateLimited"),
    ),
    step(
      "hvy-022",
      "get-routine",
      { routine_id: ROUTINE },
      "a routine while the API's load balancer answers a 502 page",
      flag("hvBadGateway"),
    ),
    step(
      "hvy-023",
      "get-workout",
      { workout_id: WORKOUT_SLOW },
      "a workout the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "hvy-024",
      "get-body-measurements",
      { page: 1 },
      "measurements while api.hevyapp.com cannot be reached",
      down(hevyStandin),
    ),
    step("hvy-025", "delete-workout", { workout_id: WORKOUT }, "a tool the server does not have"),
  ],
};

// ------------------------------------------------------------------------ unofficial-ravensburger-playhub-mcp

const playhub: SessionSpec = {
  label: "r27-c-playhub",
  server: "unofficial-ravensburger-playhub-mcp",
  transport: "stdio",
  start: stdioServer("r27-c-playhub", "unofficial-ravensburger-playhub-mcp", {
    from: FROM,
    cwd: DATA,
    env: proxied(PLAYHUB_PROXY_PORT),
  }),
  steps: [
    step("rph-001", "list_filters", {}, "formats and categories for event search"),
    step(
      "rph-002",
      "search_events_by_city",
      { city: "Detroit, MI", radius_miles: 25, statuses: ["all"] },
      "Lorcana events near Detroit",
    ),
    step(
      "rph-003",
      "search_events",
      { latitude: 42.3314, longitude: -83.0458, text_search: "Illumineer's Quest" },
      "an event name search that finds nothing",
    ),
    step("rph-004", "get_event_details", { event_id: EVENT }, "a set championship with its rounds"),
    step("rph-005", "get_event_standings", { event_id: EVENT }, "its final standings"),
    step(
      "rph-006",
      "get_round_matches",
      { round_id: ROUND_FINAL },
      "the final Swiss round's pairings and results",
    ),
    step(
      "rph-007",
      "get_tournament_round_standings",
      { round_id: ROUND_PENDING },
      "standings of a round still being played (none yet)",
    ),
    step(
      "rph-008",
      "get_round_matches",
      { round_id: ROUND_MISSING },
      "pairings of a round id that does not exist (404)",
    ),
    step("rph-009", "get_event_registrations", { event_id: EVENT }, "who registered for the championship"),
    step(
      "rph-010",
      "get_event_standings",
      { event_id: EVENT_NO_ROUNDS },
      "standings of a weekly event with no rounds yet",
    ),
    step(
      "rph-011",
      "get_event_details",
      { event_id: EVENT_MISSING },
      "an event id that does not exist (404)",
    ),
    step("rph-012", "get_event_details", { event_id: EVENT_MISSING }, "the same call again, id unchanged"),
    step(
      "rph-013",
      "search_events",
      { latitude: 42.3314, longitude: -83.0458, formats: ["Sealed Deck"] },
      "a format name that is not on the list",
    ),
    step("rph-014", "search_cards", { query: "Elsa", max_results: 5 }, "cards named Elsa"),
    step("rph-015", "get_card_details", { card_id: CARD }, "one card in full"),
    step("rph-016", "search_stores", { search: "dragon" }, "stores whose name has dragon"),
    step("rph-017", "get_store_events", { store_id: STORE_ID }, "the store's events"),
    step(
      "rph-018",
      "search_stores_by_city",
      { city: "Xyzzyville, ZZ" },
      "stores near a place the geocoder does not know",
    ),
    step("rph-019", "search_places", { query: "Detroit" }, "place suggestions for Detroit"),
    step("rph-020", "get_place_coordinates", { place_id: PLACE }, "coordinates of the chosen place"),
    step(
      "rph-021",
      "list_quick_filters",
      {},
      "the site's quick filters while Cloudflare rate-limits the client (1015)",
      flag("phRateLimited"),
    ),
    step(
      "rph-022",
      "search_stores",
      { latitude: 42.3314, longitude: -83.0458, radius_miles: 10 },
      "stores near downtown while Cloudflare answers a 502 page",
      flag("phBadGateway"),
    ),
    step(
      "rph-023",
      "get_event_details",
      { event_id: EVENT_SLOW },
      "an event the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("rph-024", "list_games", {}, "the games while Play Hub cannot be reached", down(playhubStandin)),
    step("rph-025", "get_deck", { deck_id: "a1b2" }, "a tool the server does not have"),
  ],
};

export const SESSIONS: SessionSpec[] = [hevy, playhub];

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
