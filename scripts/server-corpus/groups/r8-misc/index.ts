// Group r8-misc: everyday APIs agents call — maps and routing (Mapbox), media management
// (Sonarr/Radarr), home automation (Home Assistant through the HA Vibecode Agent add-on) and crypto
// market data (AiCoin) — each behind a loopback stand-in that answers with the real API's bodies
// and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r8-misc && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r8-misc

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  AICOIN_KEY_ID,
  AICOIN_PORT,
  AICOIN_SECRET,
  ALL_STANDINS,
  ARR_MCP_PORT,
  HA_AGENT_KEY,
  HA_AGENT_PORT,
  MAPBOX_PORT,
  MAPBOX_TOKEN,
  RADARR_KEY,
  RADARR_PORT,
  SONARR_KEY,
  SONARR_PORT,
  haAgentStandin,
  mapboxStandin,
  radarrStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));
const DATA = "/tmp/faultline-corpus-r8-misc";

export const PACKAGES: Record<string, string> = {
  "@mapbox/mcp-server": "0.14.0",
  "mcp-arr-server": "1.7.3",
  "@coolver/home-assistant-mcp": "3.2.31",
  "@aicoin/opendata-mcp": "2.1.0",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const BERLIN = { longitude: 13.3777, latitude: 52.5163 };
const POTSDAM = { longitude: 13.0587, latitude: 52.4009 };
const LEIPZIG = { longitude: 12.3731, latitude: 51.3397 };
const NEW_YORK = { longitude: -74.006, latitude: 40.7128 };
const REYKJAVIK = { longitude: -21.9426, latitude: 64.1466 };
const PARIS = { longitude: 2.3522, latitude: 48.8566 };

// ------------------------------------------------------------------------------------- Mapbox

const mapbox: SessionSpec = {
  label: "r8-misc-mapbox",
  server: "@mapbox/mcp-server",
  transport: "stdio",
  start: stdioServer("r8-misc-mapbox", "@mapbox/mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      MAPBOX_ACCESS_TOKEN: MAPBOX_TOKEN,
      MAPBOX_API_ENDPOINT: `http://127.0.0.1:${MAPBOX_PORT}/`,
      OTEL_TRACING_ENABLED: "false",
    },
  }),
  steps: [
    step(
      "mbx-001",
      "search_and_geocode_tool",
      { q: "Brandenburger Tor", proximity: { longitude: 13.4, latitude: 52.52 } },
      "search for a landmark near Berlin",
    ),
    step(
      "mbx-002",
      "search_and_geocode_tool",
      { q: "Qwxzyplk Straße 999" },
      "search for an address that does not exist",
    ),
    step("mbx-003", "reverse_geocode_tool", { ...BERLIN }, "reverse-geocode a point in Berlin"),
    step(
      "mbx-004",
      "reverse_geocode_tool",
      { longitude: -35.0, latitude: 40.0 },
      "reverse-geocode a point in the open Atlantic",
    ),
    step(
      "mbx-005",
      "directions_tool",
      { coordinates: [BERLIN, POTSDAM], routing_profile: "mapbox/driving" },
      "driving directions from Berlin to Potsdam",
    ),
    step(
      "mbx-006",
      "directions_tool",
      { coordinates: [BERLIN, NEW_YORK], routing_profile: "mapbox/driving" },
      "driving directions from Berlin to New York (no road between them)",
    ),
    step(
      "mbx-007",
      "directions_tool",
      { coordinates: [BERLIN, { longitude: 13.06, latitude: 95 }], routing_profile: "mapbox/driving" },
      "a latitude of 95 degrees",
    ),
    step(
      "mbx-008",
      "directions_tool",
      { coordinates: [BERLIN], routing_profile: "mapbox/walking" },
      "directions with a single coordinate",
    ),
    step(
      "mbx-009",
      "matrix_tool",
      { coordinates: [BERLIN, POTSDAM], profile: "mapbox/flying" },
      "a travel-time matrix with a routing profile that does not exist",
    ),
    step(
      "mbx-010",
      "matrix_tool",
      { coordinates: [BERLIN, POTSDAM, LEIPZIG], profile: "mapbox/driving" },
      "a travel-time matrix for three cities",
    ),
    step(
      "mbx-011",
      "matrix_tool",
      { coordinates: [BERLIN, POTSDAM, REYKJAVIK], profile: "mapbox/driving" },
      "a travel-time matrix where one city cannot be reached by road",
    ),
    step(
      "mbx-012",
      "matrix_tool",
      {
        coordinates: Array.from({ length: 11 }, (_, i) => ({
          longitude: 13.3 + i * 0.01,
          latitude: 52.5 + i * 0.005,
        })),
        profile: "mapbox/driving-traffic",
      },
      "a driving-traffic matrix with 11 coordinates (the profile allows 10)",
    ),
    step(
      "mbx-013",
      "place_details_tool",
      { mapbox_id: "dXJuOm1ieHBvaTpub25leGlzdGVudC1wbGFjZS0wMDA" },
      "details of a place id that does not exist",
    ),
    step(
      "mbx-014",
      "place_details_tool",
      { mapbox_id: "dXJuOm1ieHBvaTpub25leGlzdGVudC1wbGFjZS0wMDA" },
      "the same missing place again, unchanged",
    ),
    step(
      "mbx-015",
      "category_search_tool",
      { category: "coffee", proximity: { longitude: 13.4, latitude: 52.52 }, limit: 3 },
      "coffee shops near Berlin Mitte",
    ),
    step(
      "mbx-016",
      "isochrone_tool",
      { coordinates: BERLIN, profile: "mapbox/driving", contours_minutes: [10, 20], generalize: 2000 },
      "an isochrone while the token is over its rate limit (429)",
      flag("mapboxRateLimited"),
    ),
    step(
      "mbx-017",
      "reverse_geocode_tool",
      { ...BERLIN },
      "reverse-geocode while the CDN answers 503 with an HTML page",
      flag("mapboxUnavailable"),
    ),
    step(
      "mbx-018",
      "directions_tool",
      { coordinates: [BERLIN, PARIS], routing_profile: "mapbox/driving" },
      "directions that take the API 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "mbx-019",
      "search_and_geocode_tool",
      { q: "Brandenburger Tor" },
      "search after the access token was revoked",
      flag("mapboxTokenRevoked"),
    ),
    step(
      "mbx-020",
      "geocode_address",
      { address: "Pariser Platz 1, Berlin" },
      "a tool the server does not have",
    ),
    step(
      "mbx-021",
      "search_and_geocode_tool",
      { q: "Brandenburger Tor" },
      "search while the API cannot be reached (stand-in stopped)",
      down(mapboxStandin),
    ),
  ],
};

// ----------------------------------------------------------------------- Sonarr / Radarr

const ARR_ENV = {
  SONARR_URL: `http://127.0.0.1:${SONARR_PORT}`,
  SONARR_API_KEY: SONARR_KEY,
  RADARR_URL: `http://127.0.0.1:${RADARR_PORT}`,
  RADARR_API_KEY: RADARR_KEY,
};

const arr: SessionSpec = {
  label: "r8-misc-arr",
  server: "mcp-arr-server",
  transport: "stdio",
  start: stdioServer("r8-misc-arr", "mcp-arr-server", { from: FROM, cwd: DATA, env: ARR_ENV }),
  steps: [
    step("arr-001", "arr_status", {}, "status of the configured *arr services"),
    step("arr-002", "sonarr_get_series", { search: "severance" }, "series in the library matching a title"),
    step("arr-003", "sonarr_search", { term: "Qwxzyplk Chronicles" }, "look up a show title nobody made"),
    step("arr-004", "sonarr_get_episodes", { seriesId: 1, seasonNumber: 2 }, "episodes of a season"),
    step("arr-005", "sonarr_get_episodes", { seriesId: 999 }, "episodes of a series id that does not exist"),
    step("arr-006", "sonarr_refresh_series", { seriesId: 999 }, "refresh a series id that does not exist"),
    step("arr-007", "sonarr_refresh_series", { seriesId: 999 }, "the same refresh again, unchanged"),
    step("arr-008", "sonarr_get_episodes", { seriesId: "severance" }, "a series id given as a title"),
    step("arr-009", "sonarr_search_episode", {}, "an episode search without its required episodeIds"),
    step("arr-010", "radarr_get_movies", {}, "the movie library"),
    step(
      "arr-011",
      "radarr_add_movie",
      { tmdbId: 603, title: "The Matrix", qualityProfileId: 4, rootFolderPath: "/movies" },
      "add a movie that is already in the library",
    ),
    step("arr-012", "radarr_get_calendar", { days: 14 }, "movie releases in the next two weeks (none)"),
    step("arr-013", "radarr_get_queue", {}, "the movie download queue"),
    step(
      "arr-014",
      "sonarr_get_queue",
      {},
      "the TV download queue while Sonarr's database is locked (500)",
      flag("sonarrDbLocked"),
    ),
    step(
      "arr-015",
      "sonarr_get_series",
      { limit: 5 },
      "list series after the Sonarr API key was regenerated",
      flag("sonarrKeyRevoked"),
    ),
    step(
      "arr-016",
      "radarr_search",
      { term: "dune part two" },
      "a movie lookup that takes 15 s; the client waits 3 s",
      {
        timeoutMs: 3000,
      },
    ),
    step(
      "arr-017",
      "radarr_search",
      { term: "matrix" },
      "a movie lookup while the reverse proxy sends everything to its login page",
      flag("radarrBehindLogin"),
    ),
    step("arr-018", "arr_status", {}, "status while Radarr is down (stand-in stopped)", down(radarrStandin)),
    step(
      "arr-019",
      "radarr_get_movies",
      { limit: 5 },
      "the movie library while Radarr is down",
      down(radarrStandin),
    ),
    step("arr-020", "sonarr_delete_series", { seriesId: 2 }, "a tool the server does not have"),
  ],
};

const arrHttp: SessionSpec = {
  label: "r8-misc-arr-http",
  server: "mcp-arr-server",
  transport: "http",
  start: httpServer("r8-misc-arr-http", "mcp-arr-server", {
    from: FROM,
    port: ARR_MCP_PORT,
    env: { ...ARR_ENV, MCP_TRANSPORT: "http", HOST: "127.0.0.1", PORT: String(ARR_MCP_PORT) },
  }),
  steps: [
    step("arrh-001", "arr_status", {}, "status over Streamable HTTP (stateless server)"),
    step("arrh-002", "radarr_get_movies", { search: "perfect" }, "movies matching a title over HTTP"),
    step(
      "arrh-003",
      "radarr_search",
      { term: "dune part two" },
      "a slow movie lookup; the MCP server is killed mid-call (the client waits 10 s)",
      { ...killMidCall, timeoutMs: 10_000 },
    ),
    step("arrh-004", "sonarr_get_series", { limit: 5 }, "list series after the MCP server process died"),
  ],
};

// ------------------------------------------------------------------- Home Assistant (agent)

const ha: SessionSpec = {
  label: "r8-misc-ha",
  server: "@coolver/home-assistant-mcp",
  transport: "stdio",
  start: stdioServer("r8-misc-ha", "@coolver/home-assistant-mcp", {
    from: FROM,
    cwd: DATA,
    env: { HA_AGENT_URL: `http://127.0.0.1:${HA_AGENT_PORT}`, HA_AGENT_KEY },
  }),
  steps: [
    step("ha-001", "ha_list_entities", { domain: "light" }, "list the light entities"),
    step("ha-002", "ha_get_entity_state", { entity_id: "climate.living_room" }, "state of the thermostat"),
    step(
      "ha-003",
      "ha_list_entities",
      { search: "garage door" },
      "search entities for a garage door (there is none)",
    ),
    step(
      "ha-004",
      "ha_get_entity_state",
      { entity_id: "light.garage" },
      "state of an entity that does not exist",
    ),
    step(
      "ha-005",
      "ha_get_entity_state",
      { entity_id: "light.garage" },
      "the same missing entity again, unchanged",
    ),
    step(
      "ha-006",
      "ha_call_service",
      {
        domain: "light",
        service: "turn_on",
        target: { entity_id: "light.kitchen" },
        service_data: { brightness_pct: 80 },
      },
      "turn on the kitchen light at 80%",
    ),
    step(
      "ha-007",
      "ha_call_service",
      { domain: "light", service: "turn_on", target: { entity_id: "light.garage" } },
      "turn on a light that does not exist",
    ),
    step(
      "ha-008",
      "ha_call_service",
      {
        domain: "light",
        service: "turn_on",
        target: { entity_id: "light.kitchen" },
        service_data: { brightness_pct: 150 },
      },
      "brightness 150% (the service schema allows 0–100)",
    ),
    step(
      "ha-009",
      "ha_call_service",
      { domain: "light", service: "explode", target: { entity_id: "light.kitchen" } },
      "a service the light domain does not have",
    ),
    step("ha-010", "ha_list_automations", {}, "list the automations"),
    step(
      "ha-011",
      "ha_get_automation",
      { automation_id: "1700000000999" },
      "an automation id that does not exist",
    ),
    step(
      "ha-012",
      "ha_reload_config",
      { component: "widgets" },
      "reload a component name the agent does not know",
    ),
    step("ha-013", "ha_list_entities", { page_size: 1000 }, "page_size above the agent's maximum of 500"),
    step("ha-014", "ha_read_file", { path: "configuration.yaml" }, "read configuration.yaml"),
    step("ha-015", "ha_read_file", { path: "../../etc/shadow" }, "read a path outside the config directory"),
    step(
      "ha-016",
      "ha_list_files",
      { directory: "custom_components" },
      "list files in a directory with none in it",
    ),
    step(
      "ha-017",
      "ha_check_config",
      {},
      "check the configuration while Home Assistant rejects the agent's supervisor token",
      flag("haCoreUnauthorized"),
    ),
    step(
      "ha-018",
      "ha_list_entities",
      { domain: "climate" },
      "list entities after the agent's key was regenerated",
      flag("haAgentKeyRotated"),
    ),
    step(
      "ha-019",
      "ha_get_logs",
      { limit: 50, level: "error" },
      "error logs that take 15 s; the client waits 3 s",
      {
        timeoutMs: 3000,
      },
    ),
    step("ha-020", "ha_turn_on_everything", { area: "house" }, "a tool the server does not have"),
    step(
      "ha-021",
      "ha_list_entities",
      { domain: "sensor" },
      "list entities while the agent add-on is stopped",
      down(haAgentStandin),
    ),
  ],
};

// ------------------------------------------------------------------------------- AiCoin

const aicoin: SessionSpec = {
  label: "r8-misc-aicoin",
  server: "@aicoin/opendata-mcp",
  transport: "stdio",
  start: stdioServer("r8-misc-aicoin", "@aicoin/opendata-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      AICOIN_BASE_URL: `http://127.0.0.1:${AICOIN_PORT}`,
      AICOIN_ACCESS_KEY_ID: AICOIN_KEY_ID,
      AICOIN_ACCESS_SECRET: AICOIN_SECRET,
    },
  }),
  steps: [
    step(
      "coin-001",
      "coin_info",
      { action: "ticker", coin_list: "bitcoin,ethereum" },
      "prices of BTC and ETH",
    ),
    step("coin-002", "coin_info", { action: "list" }, "the coin list"),
    step(
      "coin-003",
      "coin_info",
      { action: "ticker", coin_list: "notacoin" },
      "the price of a coin key that does not exist",
    ),
    step("coin-004", "coin_info", { action: "ticker" }, "a ticker without the coin_list it needs"),
    step(
      "coin-005",
      "coin_info",
      { action: "ai_analysis", coin_keys: "bitcoin" },
      "AI analysis with coin_keys that is not a JSON array",
    ),
    step("coin-006", "coin_info", { action: "price", coin_list: "bitcoin" }, "an action outside the enum"),
    step("coin-007", "news", { action: "detail", id: "999999" }, "a news article id that does not exist"),
    step("coin-008", "news", { action: "detail", id: "999999" }, "the same missing article again, unchanged"),
    step(
      "coin-009",
      "depth",
      { action: "latest", dbKey: "btcswapusdt:binance" },
      "order-book depth the key's tier may not read (403)",
    ),
    step(
      "coin-010",
      "market_overview",
      { action: "stock_market" },
      "crypto stocks while the endpoint fails (500)",
    ),
    step(
      "coin-011",
      "coin_treasury",
      { action: "summary", coin: "BTC" },
      "treasury summary while the data service cannot load it",
    ),
    step("coin-012", "hl_ticker", { coin: "BTC" }, "a Hyperliquid ticker (the route is not deployed: 404)"),
    step(
      "coin-013",
      "coin_funding_rate",
      { symbol: "btcswapusdt:binance", interval: "1h" },
      "funding-rate history at an interval that has no data",
    ),
    step(
      "coin-014",
      "coin_funding_rate",
      { symbol: "btcswapusdt:binance", interval: "8h", limit: "2" },
      "funding-rate history at 8h",
    ),
    step(
      "coin-015",
      "market_info",
      { action: "exchanges" },
      "the exchange list while the key is over its rate limit (429)",
      flag("aicoinRateLimited"),
    ),
    step(
      "coin-016",
      "market_info",
      { action: "exchanges" },
      "the exchange list while the gateway answers 502",
      flag("aicoinGatewayError"),
    ),
    step(
      "coin-017",
      "coin_info",
      { action: "list" },
      "the coin list while the WAF answers with a verification page (HTTP 200 HTML)",
      flag("aicoinCaptchaPage"),
    ),
    step(
      "coin-018",
      "coin_info",
      { action: "ticker", coin_list: "bitcoin" },
      "a ticker after the access key was deleted",
      flag("aicoinKeyRevoked"),
    ),
    step(
      "coin-019",
      "coin_price_alert",
      { coin: "bitcoin", above: 100000 },
      "a tool the server does not have",
    ),
    step(
      "coin-020",
      "kline",
      { action: "data", symbol: "btcusdt:okex", period: "3600", size: "500" },
      "a slow kline export; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [mapbox, arr, arrHttp, ha, aicoin];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(DATA, { recursive: true });
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  return async () => {
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
