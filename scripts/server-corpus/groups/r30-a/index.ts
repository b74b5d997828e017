// Group r30-a: public transport — Transport for London's line status and journey planner (london-transport-mcp) and
// Singapore's buses, trains, taxis and journeys over LTA DataMall, OneMap and data.gov.sg
// (@siva-sub/mcp-public-transport): each published MCP server behind loopback stand-ins that answer with the real
// services' bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r30-a && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r30-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  LTA_KEY,
  ONEMAP_EMAIL,
  ONEMAP_PASSWORD,
  SG_PROXY_PORT,
  TFL_KEY,
  TFL_PROXY_PORT,
  clearTimers,
  ensureCertificate,
  resetCounters,
  seen,
  sgProxy,
  state,
  tflProxy,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "london-transport-mcp": "1.0.1",
  "@siva-sub/mcp-public-transport": "0.3.0",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

const KINGS_CROSS = "940GZZLUKSX";
const WATERLOO = "940GZZLUWLO";

// ------------------------------------------------------------------------------- london-transport-mcp (stdio)

const tfl: SessionSpec = {
  label: "r30-a-tfl",
  server: "london-transport-mcp",
  transport: "stdio",
  start: stdioServer("r30-a-tfl", "london-transport-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      HOME,
      TFL_API_KEY: TFL_KEY,
      HTTPS_PROXY: `http://127.0.0.1:${TFL_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
    },
  }),
  steps: [
    step("ltm-001", "get_line_status", { lineId: "victoria" }, "the Victoria line's status (good service)"),
    step(
      "ltm-002",
      "get_line_status",
      { lineId: "central,northern" },
      "two lines at once; the Northern line has minor delays",
    ),
    step(
      "ltm-003",
      "get_line_status_detail",
      { lineId: "elizabeth" },
      "the Elizabeth line's severe delays, with the disruption's details",
    ),
    step("ltm-004", "get_line_status", { lineId: "dlr" }, "the DLR's status"),
    step(
      "ltm-005",
      "get_line_status_detail",
      { lineId: "waterloo-city" },
      "the Waterloo & City line on a Sunday (Service Closed)",
    ),
    step(
      "ltm-006",
      "plan_journey",
      { fromLocation: KINGS_CROSS, toLocation: WATERLOO },
      "King's Cross to Waterloo by stop ids: two journeys",
    ),
    step(
      "ltm-007",
      "plan_journey",
      {
        fromLocation: "N1 9AL",
        toLocation: "SE1 7PB",
        mode: "tube,walking",
        journeyPreference: "leastinterchange",
      },
      "postcode to postcode, tube and walking only, fewest changes",
    ),
    step(
      "ltm-008",
      "plan_journey",
      { fromLocation: "Bank", toLocation: "Victoria" },
      "place names TfL cannot pin down (300 with disambiguation options)",
    ),
    step(
      "ltm-009",
      "plan_journey",
      { fromLocation: KINGS_CROSS, toLocation: WATERLOO, date: "20261208", time: "0330", mode: "tube" },
      "a tube-only journey at 03:30 on a Monday, when the tube does not run (404 No journey found)",
    ),
    step(
      "ltm-010",
      "get_line_status",
      { lineId: "jubliee" },
      "a misspelt line id (404 EntityNotFoundException)",
    ),
    step("ltm-011", "get_line_status", { lineId: "jubliee" }, "the same call again, id unchanged"),
    step("ltm-012", "get_line_status", {}, "no lineId at all"),
    step(
      "ltm-013",
      "plan_journey",
      { fromLocation: KINGS_CROSS, toLocation: WATERLOO, mode: "hovercraft" },
      "a mode TfL does not have (400 ApiArgumentException)",
    ),
    step(
      "ltm-014",
      "get_line_status",
      { lineId: "jubilee" },
      "the Jubilee line after the app key was regenerated (401 from the API gateway)",
      flag("tflKeyRevoked"),
    ),
    step(
      "ltm-015",
      "get_line_status_detail",
      { lineId: "northern" },
      "the Northern line once the product's call quota is spent (403 Out of call volume quota)",
      flag("tflQuota"),
    ),
    step(
      "ltm-016",
      "plan_journey",
      { fromLocation: KINGS_CROSS, toLocation: WATERLOO },
      "a journey while the gateway throttles (429, Retry-After 42)",
      flag("tflThrottled"),
    ),
    step(
      "ltm-017",
      "get_line_status",
      { lineId: "central" },
      "the Central line while the API answers 500",
      flag("tflServerError"),
    ),
    step(
      "ltm-018",
      "get_line_status",
      { lineId: "weaver" },
      "the Weaver line while the edge answers a 502 HTML page",
      flag("tflBadGateway"),
    ),
    step(
      "ltm-019",
      "get_line_status",
      { lineId: "piccadilly" },
      "a status the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "ltm-020",
      "get_line_status_detail",
      { lineId: "victoria" },
      "the Victoria line while api.tfl.gov.uk cannot be reached",
      down(tflProxy),
    ),
    step(
      "ltm-021",
      "get_line_arrivals",
      { lineId: "victoria", stopPointId: KINGS_CROSS },
      "a tool the server does not have",
    ),
    step(
      "ltm-022",
      "get_line_status",
      { lineId: "elizabeth" },
      "the Elizabeth line's status again, without details",
    ),
  ],
};

// --------------------------------------------------------------------- @siva-sub/mcp-public-transport (stdio)

const sg: SessionSpec = {
  label: "r30-a-sg",
  server: "@siva-sub/mcp-public-transport",
  transport: "stdio",
  start: stdioServer("r30-a-sg", "@siva-sub/mcp-public-transport", {
    from: FROM,
    cwd: DATA,
    env: {
      HOME,
      LTA_ACCOUNT_KEY: LTA_KEY,
      ONEMAP_EMAIL,
      ONEMAP_PASSWORD,
      LOG_LEVEL: "info",
      HTTPS_PROXY: `http://127.0.0.1:${SG_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
    },
  }),
  steps: [
    step(
      "sgt-001",
      "get_bus_arrival",
      { busStopCode: "83139" },
      "arrivals at a stop served by three services",
    ),
    step(
      "sgt-002",
      "get_bus_arrival",
      { busStopCode: "83139", serviceNo: "15", format: "user_friendly" },
      "one service at that stop, in the friendly format",
    ),
    step(
      "sgt-003",
      "get_bus_arrival",
      { busStopCode: "01012" },
      "a stop with no bus due (DataMall answers an empty Services list)",
    ),
    step("sgt-004", "get_train_service_status", {}, "MRT and LRT service status"),
    step(
      "sgt-005",
      "find_bus_stops",
      { location: "Marina Bay Sands", radius: 400 },
      "bus stops within 400 m of a named place (OneMap geocode, then DataMall's stop list)",
    ),
    step("sgt-006", "search_bus_stops", { query: "opp raffles hotel" }, "a stop searched by its description"),
    step("sgt-007", "search_bus_stops", { query: "Zzyzx Road" }, "a stop search nothing matches"),
    step(
      "sgt-008",
      "get_bus_stop_details",
      { busStopCode: "04168" },
      "one stop's details, services and neighbours",
    ),
    step("sgt-009", "search_location", { query: "Jewel Changi Airport" }, "a place found by name"),
    step(
      "sgt-010",
      "search_location",
      { query: "Tanjong Rhu Secret Garden" },
      "a place OneMap does not know",
    ),
    step(
      "sgt-011",
      "get_nearby_taxis",
      { lat: 1.3604, lng: 103.9897 },
      "taxis near Jewel while DataMall's gateway refuses the caller's address (403 accesscontrol.IPDeniedAccess)",
      flag("ltaIpDenied"),
    ),
    step(
      "sgt-012",
      "get_nearby_taxis",
      { lat: 1.28392, lng: 103.85994, radius: 500 },
      "taxis free within 500 m of Marina Bay Sands, once the gateway lets the caller in again",
    ),
    step(
      "sgt-013",
      "get_weather_conditions",
      { location: { latitude: 1.2839, longitude: 103.8599, name: "Marina Bay" } },
      "the weather at Marina Bay",
    ),
    step(
      "sgt-014",
      "plan_comprehensive_journey",
      { fromLocation: "Marina Bay Sands", toLocation: "Jewel Changi Airport" },
      "a public-transport journey between two named places",
    ),
    step("sgt-015", "get_bus_arrival", { busStopCode: "8313" }, "a four-digit stop code"),
    step(
      "sgt-016",
      "get_bus_stop_details",
      { busStopCode: "99999" },
      "a stop code that is not in DataMall's list",
    ),
    step("sgt-017", "get_bus_stop_details", { busStopCode: "99999" }, "the same call again, code unchanged"),
    step(
      "sgt-018",
      "get_train_service_status",
      { line: "Circle" },
      "a line by name where the tool wants its code (CCL)",
    ),
    step(
      "sgt-019",
      "get_bus_arrival",
      { busStopCode: "84009" },
      "arrivals after the DataMall AccountKey was revoked (401 oauth.v2.InvalidApiKey)",
      flag("ltaKeyRevoked"),
    ),
    step(
      "sgt-020",
      "get_bus_arrival",
      { busStopCode: "84031" },
      "arrivals while DataMall's gateway throttles (429 SpikeArrestViolation)",
      flag("ltaSpikeArrest"),
    ),
    step(
      "sgt-021",
      "get_bus_arrival",
      { busStopCode: "75009" },
      "arrivals while DataMall answers 500",
      flag("ltaServerError"),
    ),
    step(
      "sgt-022",
      "get_bus_arrival",
      { busStopCode: "46971" },
      "arrivals while DataMall's front answers a 502 HTML page",
      flag("ltaBadGateway"),
    ),
    step(
      "sgt-023",
      "get_bus_arrival",
      { busStopCode: "10009" },
      "arrivals DataMall takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "sgt-024",
      "get_bus_arrival",
      { busStopCode: "28009" },
      "arrivals while Singapore's APIs cannot be reached",
      down(sgProxy),
    ),
    step("sgt-025", "get_mrt_crowd_level", { station: "NS1" }, "a tool the server does not have"),
  ],
};

export const SESSIONS: SessionSpec[] = [tfl, sg];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  resetCounters();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
    console.error(`requests seen: ${[...seen.entries()].map(([key, n]) => `${key} ×${n}`).join("; ")}`);
  };
}
