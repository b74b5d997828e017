// Group r13-a: maps (AMap, Google Maps Platform), machine translation (DeepL) and a web reader/search API
// (Jina AI) — each published MCP server behind a loopback stand-in that answers with the real API's bodies
// and error bodies (standins.ts). All four hosts are written into their servers; see standins.ts for how
// each server's HTTP client is brought to 127.0.0.1 without touching its code.
//
//   (cd scripts/server-corpus/groups/r13-a && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r13-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  AMAP_KEY,
  AMAP_TLS_PORT,
  CERT,
  DATA,
  DEEPL_KEY,
  DEEPL_PROXY_PORT,
  GMAPS_BAD_KEY,
  GMAPS_KEY,
  GMAPS_MCP_PORT,
  GMAPS_PROXY_PORT,
  JINA_KEY,
  JINA_MCP_PORT,
  JINA_PROXY_PORT,
  amapStandin,
  clearTimers,
  deeplStandin,
  ensureCertificate,
  gmapsStandin,
  jinaStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@amap/amap-maps-mcp-server": "0.0.8",
  "deepl-mcp-server": "0.1.3-beta.0",
  "jina-mcp-tools": "1.2.3",
  "@cablate/mcp-google-map": "0.0.63",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

// ------------------------------------------------------------------------------------------- AMap

const BEIJING_OFFICE = "116.481488,39.990464";
const AIRPORT = "116.603039,40.079969";

const amap: SessionSpec = {
  label: "r13-a-amap",
  server: "@amap/amap-maps-mcp-server",
  transport: "stdio",
  start: stdioServer("r13-a-amap", "@amap/amap-maps-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      AMAP_MAPS_API_KEY: AMAP_KEY,
      AMAP_STANDIN_PORT: String(AMAP_TLS_PORT),
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import=${path.join(FROM, "https-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step("am-001", "maps_geo", { address: "北京市朝阳区阜通东大街6号" }, "geocode a street address"),
    step("am-002", "maps_regeocode", { location: BEIJING_OFFICE }, "reverse-geocode a point in Beijing"),
    step("am-003", "maps_text_search", { keywords: "咖啡", city: "北京" }, "search places by keyword"),
    step(
      "am-004",
      "maps_text_search",
      { keywords: "zzqx 不存在的店", city: "北京" },
      "a place search that finds nothing",
    ),
    step("am-005", "maps_geo", { address: "火星基地一号" }, "geocode an address that does not exist"),
    step("am-006", "maps_search_detail", { id: "B000A8UIN8" }, "details of a POI by id"),
    step("am-007", "maps_search_detail", { id: "B0NOTAPOI0" }, "details of a POI id that does not exist"),
    step("am-008", "maps_weather", { city: "110000" }, "the forecast for Beijing by adcode"),
    step("am-009", "maps_weather", { city: "Atlantis" }, "the forecast for a city AMap does not know"),
    step("am-010", "maps_weather", { city: "Atlantis" }, "the same unknown city again, unchanged"),
    step(
      "am-011",
      "maps_regeocode",
      { location: "151.2093,-33.8688" },
      "reverse-geocode a point outside China (Sydney)",
    ),
    step("am-012", "maps_ip_location", { ip: "8.8.8.8" }, "locate an IP address outside China"),
    step("am-013", "maps_ip_location", { ip: "300.1.2.3" }, "locate an IP address that is not valid"),
    step("am-014", "maps_geo", { address: "" }, "geocode an empty address"),
    step(
      "am-015",
      "maps_bicycling",
      { origin: BEIJING_OFFICE, destination: "121.473701,31.230416" },
      "a cycling route Beijing → Shanghai (over the 500 km limit)",
    ),
    step(
      "am-016",
      "maps_direction_driving",
      { origin: BEIJING_OFFICE, destination: AIRPORT },
      "a driving route to the airport",
    ),
    step("am-017", "maps_distance", { destination: AIRPORT }, "a distance without the required origins"),
    step(
      "am-018",
      "maps_geo",
      { address: "北京市朝阳区阜通东大街6号" },
      "geocode after the key was deleted in the console",
      flag("amapKeyInvalid"),
    ),
    step(
      "am-019",
      "maps_text_search",
      { keywords: "咖啡", city: "北京" },
      "search with a key bound to another platform (Web JS key, not Web Service)",
      flag("amapPlatformMismatch"),
    ),
    step(
      "am-020",
      "maps_direction_driving",
      { origin: BEIJING_OFFICE, destination: AIRPORT },
      "a route over the key's queries-per-second limit",
      flag("amapQpsExceeded"),
    ),
    step(
      "am-021",
      "maps_weather",
      { city: "110000" },
      "the forecast while AMap answers UNKNOWN_ERROR",
      flag("amapUnknownError"),
    ),
    step(
      "am-022",
      "maps_weather",
      { city: "110000" },
      "the forecast while the gateway answers an HTML 502",
      flag("amapBadGateway"),
    ),
    step(
      "am-023",
      "maps_weather",
      { city: "440300" },
      "a forecast the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("am-024", "maps_static_map", { location: BEIJING_OFFICE }, "a tool the server does not have"),
    step(
      "am-025",
      "maps_geo",
      { address: "北京市朝阳区阜通东大街6号" },
      "geocode while AMap cannot be reached (stand-in stopped)",
      down(amapStandin),
    ),
    step(
      "am-026",
      "maps_weather",
      { city: "440300" },
      "a slow forecast; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ------------------------------------------------------------------------------------------ DeepL

const INVOICE = "The invoice is attached.";
const LONG_REPORT = "Quarterly report Q4 2026: revenue grew 12% year over year …";

const deepl: SessionSpec = {
  label: "r13-a-deepl",
  server: "deepl-mcp-server",
  transport: "stdio",
  start: stdioServer("r13-a-deepl", "deepl-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      DEEPL_API_KEY: DEEPL_KEY,
      HTTPS_PROXY: `http://127.0.0.1:${DEEPL_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      HOME,
    },
  }),
  steps: [
    step("dl-001", "get-target-languages", {}, "list the target languages"),
    step("dl-002", "translate-text", { text: INVOICE, targetLang: "de" }, "translate a sentence into German"),
    step(
      "dl-003",
      "translate-text",
      { text: "Please confirm the delivery date.", targetLang: "ja", formality: "more" },
      "translate into Japanese, formal",
    ),
    step(
      "dl-004",
      "translate-text",
      { text: INVOICE, targetLang: "xx" },
      "a target language that does not exist",
    ),
    step(
      "dl-005",
      "translate-text",
      { text: INVOICE, targetLang: "en-US", formality: "more" },
      "formality for a target language that has none",
    ),
    step(
      "dl-006",
      "translate-text",
      { text: INVOICE, targetLang: "en-US", formality: "more" },
      "the same request again, unchanged",
    ),
    step("dl-007", "translate-text", { text: "", targetLang: "de" }, "translate an empty text"),
    step(
      "dl-008",
      "translate-text",
      { text: "Die Rechnung ist beigefügt.", targetLang: "de" },
      "translate German text into German",
    ),
    step("dl-009", "get-writing-styles-and-tones", {}, "the writing styles and tones"),
    step(
      "dl-010",
      "rephrase-text",
      { text: "we was going to send alot of invoices", style: "business" },
      "rephrase a sentence in business style",
    ),
    step(
      "dl-011",
      "rephrase-text",
      { text: "we was going to send alot of invoices", style: "business", tone: "friendly" },
      "rephrase with both a style and a tone",
    ),
    step(
      "dl-012",
      "rephrase-text",
      { text: "thanks", style: "poetic" },
      "a writing style that is not in the enum",
    ),
    step("dl-013", "translate-text", { text: INVOICE }, "translate without the required target language"),
    step(
      "dl-014",
      "get-source-languages",
      {},
      "list source languages after the auth key was revoked",
      flag("deeplKeyRevoked"),
    ),
    step("dl-015", "get-source-languages", {}, "list source languages with the key restored"),
    step(
      "dl-016",
      "translate-text",
      { text: INVOICE, targetLang: "fr" },
      "translate after the account was moved to API Free (wrong endpoint)",
      flag("deeplWrongEndpoint"),
    ),
    step(
      "dl-017",
      "translate-text",
      { text: INVOICE, targetLang: "fr" },
      "translate with the character quota used up (456)",
      flag("deeplQuotaExceeded"),
    ),
    step(
      "dl-018",
      "translate-text",
      { text: INVOICE, targetLang: "fr" },
      "translate while DeepL answers 429 with Retry-After",
      flag("deeplRateLimited"),
    ),
    step(
      "dl-019",
      "translate-text",
      { text: INVOICE, targetLang: "fr" },
      "translate while the edge answers an HTML 502",
      flag("deeplBadGateway"),
    ),
    step(
      "dl-020",
      "translate-text",
      { text: INVOICE, targetLang: "fr" },
      "translate while DeepL answers 503",
      flag("deeplUnavailable"),
    ),
    step(
      "dl-021",
      "translate-text",
      { text: LONG_REPORT, targetLang: "de" },
      "a text DeepL takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("dl-022", "detect-language", { text: INVOICE }, "a tool the server does not have"),
    step(
      "dl-023",
      "translate-text",
      { text: INVOICE, targetLang: "fr" },
      "translate while DeepL cannot be reached (stand-in stopped)",
      down(deeplStandin),
    ),
    step(
      "dl-024",
      "translate-text",
      { text: LONG_REPORT, targetLang: "de" },
      "a slow translation; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ------------------------------------------------------------------------------------------- Jina

const RELEASE_NOTES = "https://blog.acme-tools.dev/2026/release-notes-4-2";

const jina: SessionSpec = {
  label: "r13-a-jina",
  server: "jina-mcp-tools",
  transport: "http",
  start: httpServer("r13-a-jina", "jina-mcp-tools", {
    from: FROM,
    port: JINA_MCP_PORT,
    args: ["--transport", "http", "--host", "127.0.0.1", "--port", String(JINA_MCP_PORT)],
    env: {
      JINA_API_KEY: JINA_KEY,
      HTTPS_PROXY: `http://127.0.0.1:${JINA_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      HOME,
    },
  }),
  steps: [
    step("ji-001", "jina_search", { query: "API rate limiting Retry-After header" }, "a web search"),
    step("ji-002", "jina_search", { query: "zzqx qqvv wvvx plorb" }, "a search with no results"),
    step("ji-003", "jina_reader", { url: RELEASE_NOTES }, "read a blog post"),
    step(
      "ji-004",
      "jina_reader",
      { url: "https://blog.acme-tools.dev/2026/roadmap-2027" },
      "read a page that answers 404",
    ),
    step(
      "ji-005",
      "jina_reader",
      { url: "https://blog.acme-tools.dev/2026/draft-launch" },
      "read a page with nothing to extract",
    ),
    step(
      "ji-006",
      "jina_reader",
      { url: "https://intranet.acme-tools.test/wiki/onboarding" },
      "read a page on a host that does not resolve",
    ),
    step(
      "ji-007",
      "jina_reader",
      { url: "https://intranet.acme-tools.test/wiki/onboarding" },
      "the same unresolvable page again, unchanged",
    ),
    step(
      "ji-008",
      "jina_reader",
      { url: "https://status.acme-tools.dev/" },
      "read a page that never finishes loading",
    ),
    step(
      "ji-009",
      "jina_reader",
      { url: "https://forum.acme-tools.dev/t/export" },
      "read a page on a domain Jina has blocked",
    ),
    step("ji-010", "jina_reader", { url: "release notes 4.2" }, "a url that is not a URL"),
    step("ji-011", "jina_reader", { url: RELEASE_NOTES, page: 3 }, "page 3 of a one-page document"),
    step("ji-012", "jina_search", { query: "" }, "an empty search query"),
    step(
      "ji-013",
      "jina_search",
      { query: "API rate limiting Retry-After header" },
      "search after the API key was revoked",
      flag("jinaKeyInvalid"),
    ),
    step(
      "ji-014",
      "jina_reader",
      { url: "https://blog.acme-tools.dev/2026/pricing" },
      "read after the API key was revoked",
      flag("jinaKeyInvalid"),
    ),
    step(
      "ji-015",
      "jina_reader",
      { url: "https://blog.acme-tools.dev/2026/pricing" },
      "read with the account's token balance used up (402)",
      flag("jinaBalanceEmpty"),
    ),
    step(
      "ji-016",
      "jina_search",
      { query: "token bucket algorithm" },
      "search over the rate limit (429, Retry-After: 20)",
      flag("jinaRateLimited"),
    ),
    step(
      "ji-017",
      "jina_reader",
      { url: "https://blog.acme-tools.dev/2026/pricing" },
      "read over the rate limit (429, Retry-After: 20)",
      flag("jinaRateLimited"),
    ),
    step(
      "ji-018",
      "jina_search",
      { query: "token bucket algorithm" },
      "search while the edge answers an HTML 502",
      flag("jinaBadGateway"),
    ),
    step(
      "ji-019",
      "jina_reader",
      { url: "https://blog.acme-tools.dev/2026/pricing" },
      "read while the reader answers an HTML 503",
      flag("jinaUnavailable"),
    ),
    step(
      "ji-020",
      "jina_search",
      { query: "slow sliding window" },
      "a search that takes 15 s; the client waits 3 s",
      {
        timeoutMs: 3000,
      },
    ),
    step("ji-021", "jina_screenshot", { url: RELEASE_NOTES }, "a tool the server does not have"),
    step(
      "ji-022",
      "jina_search",
      { query: "token bucket algorithm" },
      "search while Jina cannot be reached (stand-in stopped)",
      down(jinaStandin),
    ),
    step(
      "ji-023",
      "jina_reader",
      { url: "https://docs.acme-tools.dev/guide" },
      "a slow read; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ------------------------------------------------------------------------------------ Google Maps

/** The key the client sends in X-Google-Maps-API-Key; a step can swap it for a revoked one. */
let gmapsKey = GMAPS_KEY;
const revokedKey = {
  before: async () => {
    gmapsKey = GMAPS_BAD_KEY;
  },
  after: async () => {
    gmapsKey = GMAPS_KEY;
  },
};

const GOOGLEPLEX = { latitude: 37.4224, longitude: -122.0842 };
const NYC = { latitude: 40.7128, longitude: -74.006 };

const gmaps: SessionSpec = {
  label: "r13-a-gmaps",
  server: "@cablate/mcp-google-map",
  transport: "http",
  start: httpServer("r13-a-gmaps", "@cablate/mcp-google-map", {
    from: FROM,
    port: GMAPS_MCP_PORT,
    args: ["--port", String(GMAPS_MCP_PORT), "--host", "127.0.0.1"],
    headers: () => ({ "X-Google-Maps-API-Key": gmapsKey }),
    env: {
      HTTPS_PROXY: `http://127.0.0.1:${GMAPS_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import=${path.join(FROM, "proxy-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step(
      "gm-001",
      "maps_geocode",
      { address: "1600 Amphitheatre Parkway, Mountain View" },
      "geocode an address",
    ),
    step(
      "gm-002",
      "maps_geocode",
      { address: "Qwxz Nonexistent Plaza 99999" },
      "geocode an address that does not exist",
    ),
    step("gm-003", "maps_reverse_geocode", GOOGLEPLEX, "reverse-geocode a point"),
    step(
      "gm-004",
      "maps_reverse_geocode",
      { latitude: 120, longitude: 10 },
      "reverse-geocode a latitude over 90",
    ),
    step(
      "gm-005",
      "maps_reverse_geocode",
      { latitude: 120, longitude: 10 },
      "the same bad latitude again, unchanged",
    ),
    step(
      "gm-006",
      "maps_elevation",
      { locations: [{ latitude: 39.7391, longitude: -104.9847 }, GOOGLEPLEX] },
      "elevation of two points",
    ),
    step("gm-007", "maps_timezone", GOOGLEPLEX, "the time zone of a point"),
    step(
      "gm-008",
      "maps_timezone",
      { latitude: 0, longitude: -140 },
      "the time zone of a point in the open Pacific",
    ),
    step("gm-009", "maps_weather", GOOGLEPLEX, "current weather at a point"),
    step(
      "gm-010",
      "maps_weather",
      { latitude: 35.6762, longitude: 139.6503 },
      "current weather in Tokyo (a region the Weather API does not cover)",
    ),
    step(
      "gm-011",
      "maps_directions",
      { origin: "Googleplex, Mountain View, CA", destination: "Ferry Building, San Francisco, CA" },
      "driving directions",
    ),
    step(
      "gm-012",
      "maps_directions",
      { origin: "San Francisco, CA", destination: "Honolulu, HI" },
      "driving directions across the ocean (no route)",
    ),
    step(
      "gm-013",
      "maps_distance_matrix",
      {
        origins: ["Googleplex, Mountain View, CA"],
        destinations: ["Ferry Building, San Francisco, CA", "Atlantis"],
      },
      "a distance matrix with one destination that cannot be geocoded",
    ),
    step("gm-014", "maps_elevation", { locations: "Denver" }, "elevation with locations given as a string"),
    step(
      "gm-015",
      "maps_geocode",
      { address: "1600 Amphitheatre Parkway, Mountain View" },
      "geocode with a revoked API key",
      revokedKey,
    ),
    step("gm-016", "maps_weather", GOOGLEPLEX, "weather with a revoked API key", revokedKey),
    step(
      "gm-017",
      "maps_elevation",
      { locations: [GOOGLEPLEX] },
      "elevation with a key whose project may not use the Elevation API",
      flag("gmapsNotAuthorized"),
    ),
    step(
      "gm-018",
      "maps_weather",
      GOOGLEPLEX,
      "weather with the Weather API disabled in the project",
      flag("gmapsWeatherDisabled"),
    ),
    step(
      "gm-019",
      "maps_geocode",
      { address: "1600 Amphitheatre Parkway, Mountain View" },
      "geocode over the rate limit (OVER_QUERY_LIMIT)",
      flag("gmapsOverQueryLimit"),
    ),
    step(
      "gm-020",
      "maps_directions",
      { origin: "Googleplex, Mountain View, CA", destination: "Ferry Building, San Francisco, CA" },
      "directions over the Routes API's per-minute quota (429, Retry-After)",
      flag("gmapsRoutesQuota"),
    ),
    step(
      "gm-021",
      "maps_geocode",
      { address: "1600 Amphitheatre Parkway, Mountain View" },
      "geocode while the service answers UNKNOWN_ERROR",
      flag("gmapsUnknownError"),
    ),
    step(
      "gm-022",
      "maps_weather",
      GOOGLEPLEX,
      "weather while Google's front end answers an HTML 502",
      flag("gmapsBadGateway"),
    ),
    step("gm-023", "maps_timezone", NYC, "a time zone that takes 15 s; the client waits 3 s", {
      timeoutMs: 3000,
    }),
    step("gm-024", "maps_street_view", GOOGLEPLEX, "a tool the server does not have"),
    step(
      "gm-025",
      "maps_geocode",
      { address: "1600 Amphitheatre Parkway, Mountain View" },
      "geocode while Google cannot be reached (stand-in stopped)",
      down(gmapsStandin),
    ),
    step("gm-026", "maps_timezone", NYC, "a slow time zone; the MCP server is killed mid-call", killMidCall),
  ],
};

export const SESSIONS: SessionSpec[] = [amap, deepl, jina, gmaps];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
