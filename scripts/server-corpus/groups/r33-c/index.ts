// Group r33-c: map services. @modelcontextprotocol/server-map geocodes through OpenStreetMap's Nominatim (the brief's
// kind); no other OpenStreetMap server (Overpass, OSRM, OpenRouteService, GraphHopper) installs from this round's
// registry mirror, so the second server is @baidumap/mcp-server-baidu-map, the Baidu Maps web service APIs (a map
// service the corpus lacks; README.md). Each runs behind a loopback stand-in that answers with the services' bodies and
// error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r33-c && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r33-c

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  BAIDU_AK,
  BAIDU_WRONG_AK,
  CERT,
  DATA,
  STANDIN_PORT,
  clearTimers,
  ensureCertificate,
  resetCounters,
  seen,
  standin,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@modelcontextprotocol/server-map": "2.0.3",
  "@baidumap/mcp-server-baidu-map": "1.0.5",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

// Both servers call hosts written into them (nominatim.openstreetmap.org, api.map.baidu.com): the preload sends their
// TLS connections to the stand-in, whose certificate they trust (route-preload.mjs).
const routed = {
  HOME,
  R33C_STANDIN_PORT: String(STANDIN_PORT),
  NODE_EXTRA_CA_CERTS: CERT,
  NODE_OPTIONS: `--import ${path.join(FROM, "route-preload.mjs")}`,
};

// ------------------------------------------------------------------------- @modelcontextprotocol/server-map (stdio)

const osm: SessionSpec = {
  label: "r33-c-osm-map",
  server: "@modelcontextprotocol/server-map",
  transport: "stdio",
  start: stdioServer("r33-c-osm-map", "@modelcontextprotocol/server-map", {
    from: FROM,
    cwd: DATA,
    args: ["--stdio"],
    env: routed,
  }),
  steps: [
    step("osm-001", "geocode", { query: "Brandenburger Tor, Berlin" }, "a landmark (one match)"),
    step("osm-002", "geocode", { query: "Paris" }, "a city name with several matches"),
    step("osm-003", "geocode", { query: "Golden Gate Bridge" }, "a bridge"),
    step(
      "osm-004",
      "show-map",
      { west: 13.3776, south: 52.5161, east: 13.3778, north: 52.5164, label: "Brandenburger Tor" },
      "the globe zoomed to the landmark's bounding box",
    ),
    step("osm-005", "geocode", { query: "Schloss Neuschwanstein" }, "a castle"),
    step("osm-006", "geocode", { query: "東京駅" }, "a station named in Japanese"),
    step("osm-007", "geocode", { query: "1600 Pennsylvania Ave, Washington" }, "a street address"),
    step(
      "osm-008",
      "geocode",
      { query: "Qwzxvbt Plorkstraße 999, Nirgendwo" },
      "an address OpenStreetMap does not know (Nominatim answers [])",
    ),
    step("osm-009", "show-map", {}, "the globe with the tool's default box (London)"),
    step(
      "osm-010",
      "geocode",
      { query: "Atlantis, sunken city" },
      "a legendary place (Nominatim answers [])",
    ),
    step(
      "osm-011",
      "show-map",
      { west: -122.48, south: 37.81, east: -122.477, north: 37.832, label: "Golden Gate Bridge" },
      "the globe zoomed to the bridge",
    ),
    step("osm-023", "geocode", { query: "Sydney Opera House" }, "an opera house"),
    step(
      "osm-024",
      "show-map",
      { west: 139.762, south: 35.676, east: 139.772, north: 35.686, label: "東京駅" },
      "the globe zoomed to the station",
    ),
    step(
      "osm-012",
      "geocode",
      { query: "   " },
      "a query of blanks (Nominatim: 400 'Nothing to search for.')",
    ),
    step(
      "osm-013",
      "geocode",
      { query: "Marienplatz, München" },
      "a query while Nominatim's CDN rate-limits this client (429 page, retry-after: 0)",
      flag("rateLimited"),
    ),
    step(
      "osm-014",
      "geocode",
      { query: "Kölner Dom" },
      "a query after Nominatim blocked this client for violating its usage policy (403 'Access blocked' page)",
      flag("blocked"),
    ),
    step(
      "osm-015",
      "geocode",
      { query: "Kölner Dom" },
      "the same call again, still blocked",
      flag("blocked"),
    ),
    step(
      "osm-016",
      "geocode",
      { query: "Hamburg Speicherstadt" },
      "a query while Nominatim answers nginx's 500 page",
      flag("serverError"),
    ),
    step(
      "osm-017",
      "geocode",
      { query: "Wien Stephansdom" },
      "a query while Nominatim's frontend answers nginx's 504 page",
      flag("gatewayTimeout"),
    ),
    step(
      "osm-018",
      "geocode",
      { query: "Mount Everest Base Camp, Nepal" },
      "a query Nominatim takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "osm-019",
      "geocode",
      { query: "Zürich Hauptbahnhof" },
      "a query while Nominatim is unreachable (connection refused)",
      down(standin),
    ),
    step("osm-020", "geocode", {}, "a geocode without its query (the tool's schema)"),
    step(
      "osm-021",
      "show-map",
      { west: "far west", south: 51.3, east: 0.3, north: 51.7 },
      "a bounding box with a word for a number (the tool's schema)",
    ),
    step("osm-022", "reverse-geocode", { lat: 52.5163, lon: 13.3777 }, "a tool the server does not have"),
  ],
};

// ---------------------------------------------------------------------------- @baidumap/mcp-server-baidu-map (stdio)

const baiduEnv = (ak: string) => ({ ...routed, BAIDU_MAP_API_KEY: ak });

const baidu: SessionSpec = {
  label: "r33-c-baidu-map",
  server: "@baidumap/mcp-server-baidu-map",
  transport: "stdio",
  start: stdioServer("r33-c-baidu-map", "@baidumap/mcp-server-baidu-map", {
    from: FROM,
    cwd: DATA,
    env: baiduEnv(BAIDU_AK),
  }),
  steps: [
    step("bdm-001", "map_geocode", { address: "北京市海淀区上地十街10号" }, "a street address in Beijing"),
    step(
      "bdm-002",
      "map_reverse_geocode",
      { latitude: 40.0569, longitude: 116.30781 },
      "the address at a coordinate",
    ),
    step("bdm-003", "map_search_places", { query: "ATM机", region: "北京" }, "ATMs in Beijing"),
    step(
      "bdm-004",
      "map_search_places",
      { query: "冰岛火山温泉浴场", region: "拉萨" },
      "a place search that finds nothing (results [])",
    ),
    step(
      "bdm-005",
      "map_place_details",
      { uid: "6b0d3c5a1e9f47a2c8d13e57", scope: "2" },
      "one place's details by its uid",
    ),
    step(
      "bdm-006",
      "map_directions",
      { origin: "40.01116,116.339303", destination: "39.936404,116.452562", mode: "driving" },
      "a driving route across Beijing",
    ),
    step(
      "bdm-007",
      "map_distance_matrix",
      {
        origins: ["40.45,116.34", "40.54,116.35"],
        destinations: ["40.34,116.45", "40.35,116.46"],
        mode: "driving",
      },
      "a 2×2 driving distance matrix",
    ),
    step("bdm-008", "map_weather", { districtId: "110108" }, "the weather in Haidian by district id"),
    step("bdm-009", "map_ip_location", { ip: "202.106.0.20" }, "the location of a public IP"),
    step("bdm-016", "map_weather", { location: "116.30815,40.05683" }, "the weather at a coordinate"),
    step(
      "bdm-021",
      "map_distance_matrix",
      {
        origins: ["39.915,116.404"],
        destinations: ["39.9163,116.3972", "39.9087,116.3975"],
        mode: "walking",
      },
      "a 1×2 walking distance matrix",
    ),
    step(
      "bdm-025",
      "map_directions",
      { origin: "39.915,116.404", destination: "39.9999,116.3264", mode: "riding" },
      "a cycling route across Beijing",
    ),
    step(
      "bdm-012",
      "map_reverse_geocode",
      { latitude: 39.915, longitude: 116.404 },
      "the address at Tiananmen",
    ),
    step(
      "bdm-010",
      "map_geocode",
      { address: "火星市奥林匹斯山大道1号" },
      "an address the geocoder has no result for (status 1 '无相关结果')",
    ),
    step(
      "bdm-011",
      "map_directions",
      { origin: "39.915,116.404", destination: "25.033,121.565", mode: "driving" },
      "a driving route from Beijing to Taipei across the strait (no driving route)",
    ),
    step(
      "bdm-013",
      "map_directions",
      { origin: "40.01116,116.339303", mode: "walking" },
      "directions without a destination (the server does not check; Baidu: status 2)",
    ),
    step(
      "bdm-014",
      "map_geocode",
      { address: "上海市浦东新区世纪大道100号" },
      "a geocode after the application's daily quota is used up (status 302)",
      flag("quotaExceeded"),
    ),
    step(
      "bdm-015",
      "map_search_places",
      { query: "咖啡", region: "上海" },
      "a search over the application's concurrency quota (status 401)",
      flag("concurrency"),
    ),
    step(
      "bdm-017",
      "map_reverse_geocode",
      { latitude: 31.2304, longitude: 121.4737 },
      "a reverse geocode while Baidu answers status 1 'server internal error'",
      flag("internal"),
    ),
    step(
      "bdm-018",
      "map_place_details",
      { uid: "22e11407287926b4d5b74e09" },
      "place details while a gateway answers a 502 page",
      flag("badGateway"),
    ),
    step(
      "bdm-019",
      "map_geocode",
      { address: "北京市朝阳区望京街道慢速大厦" },
      "a geocode Baidu takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "bdm-020",
      "map_search_places",
      { query: "医院", region: "广州" },
      "a search while Baidu is unreachable (connection refused)",
      down(standin),
    ),
    step(
      "bdm-022",
      "map_static_image",
      { center: "116.403874,39.914889", zoom: 11 },
      "a tool the server does not have",
    ),
  ],
};

// The same server started with a key Baidu does not know (status 200, "APP不存在，AK有误请检查再重试").
const baiduWrongKey: SessionSpec = {
  label: "r33-c-baidu-map-wrong-key",
  server: "@baidumap/mcp-server-baidu-map",
  transport: "stdio",
  start: stdioServer("r33-c-baidu-map-wrong-key", "@baidumap/mcp-server-baidu-map", {
    from: FROM,
    cwd: DATA,
    env: baiduEnv(BAIDU_WRONG_AK),
  }),
  steps: [
    step(
      "bdm-023",
      "map_geocode",
      { address: "北京市海淀区上地十街10号" },
      "a geocode with a mistyped application key (status 200)",
    ),
    step(
      "bdm-024",
      "map_geocode",
      { address: "北京市海淀区上地十街10号" },
      "the same call again, key unchanged",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [osm, baidu, baiduWrongKey];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  resetCounters();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
