// Group r28-a: weather, environment and air quality — Dan Gahagan's keyless weather server (@dangahagan/weather-mcp)
// over the National Weather Service, Open-Meteo (forecast, history, air quality, geocoding), Nominatim and the US
// Census geocoder, and WeatherAPI.com's own server (weatherapi-mcp): each published MCP server behind loopback
// stand-ins that answer with the real services' bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r28-a && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r28-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  SLOW_POINT,
  WAPI_KEY,
  WAPI_PROXY_PORT,
  WAPI_SLOW_Q,
  WX_PROXY_PORT,
  clearTimers,
  ensureCertificate,
  state,
  unknownRequests,
  weatherApiStandin,
  weatherMcpStandin,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@dangahagan/weather-mcp": "1.23.0",
  "weatherapi-mcp": "1.0.0",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

const SEATTLE = { latitude: 47.6062, longitude: -122.3321 };
const OKC = { latitude: 35.4676, longitude: -97.5164 };

// ---------------------------------------------------------------------------------- weather-mcp (stdio)

const weather: SessionSpec = {
  label: "r28-a-weather",
  server: "@dangahagan/weather-mcp",
  transport: "stdio",
  start: stdioServer("r28-a-weather", "@dangahagan/weather-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      HTTPS_PROXY: `http://127.0.0.1:${WX_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      ENABLED_TOOLS: "standard",
      HOME,
    },
  }),
  steps: [
    step("wx-001", "check_service_status", {}, "is NOAA and Open-Meteo up"),
    step("wx-002", "search_location", { query: "Seattle" }, "find a city's coordinates"),
    step("wx-003", "search_location", { query: "Xyzzyville Qwertyshire" }, "a place name no geocoder knows"),
    step("wx-004", "get_forecast", { ...SEATTLE, days: 3 }, "a three-day NWS forecast for Seattle"),
    step(
      "wx-005",
      "get_forecast",
      { city_name: "Reykjavik", days: 3, units: "metric" },
      "a forecast outside the US, by city name (Open-Meteo)",
    ),
    step("wx-006", "get_current_conditions", { ...SEATTLE }, "the latest observation near Seattle"),
    step("wx-007", "get_alerts", { ...SEATTLE }, "active alerts for Seattle (there are none)"),
    step(
      "wx-008",
      "get_alerts",
      { ...OKC },
      "active alerts for Oklahoma City (a severe thunderstorm warning)",
    ),
    step(
      "wx-009",
      "get_historical_weather",
      { ...SEATTLE, start_date: "2026-11-01", end_date: "2026-11-07" },
      "a week of last month's weather",
    ),
    step(
      "wx-010",
      "get_historical_weather",
      { ...SEATTLE, start_date: "1890-01-01", end_date: "1890-01-07" },
      "a week before the archive begins",
    ),
    step("wx-011", "get_air_quality", { ...SEATTLE, forecast: true }, "air quality and its forecast"),
    step(
      "wx-012",
      "get_air_quality",
      { latitude: 95.2, longitude: 10.1 },
      "air quality for a latitude past the pole",
    ),
    step(
      "wx-013",
      "save_location",
      { alias: "cabin", latitude: 44.2706, longitude: -71.3033, name: "Cabin near Mount Washington" },
      "save a location by coordinates",
    ),
    step("wx-014", "list_saved_locations", {}, "the saved locations"),
    step("wx-015", "get_saved_location", { alias: "beach" }, "a saved location that was never saved"),
    step("wx-016", "get_saved_location", { alias: "beach" }, "the same call again, alias unchanged"),
    step(
      "wx-017",
      "get_forecast",
      { location_name: "cabin", days: 2 },
      "the saved cabin's forecast while NWS answers 503 Forecast Grid Expired",
      flag("nwsGridExpired"),
    ),
    step(
      "wx-018",
      "get_forecast",
      { ...OKC, days: 2 },
      "Oklahoma City's forecast while NWS throttles the client (429, Retry-After)",
      flag("nwsRateLimited"),
    ),
    step(
      "wx-019",
      "get_alerts",
      { location_name: "cabin" },
      "the saved cabin's alerts while NWS answers 500 Unexpected Problem",
      flag("nwsServerError"),
    ),
    step(
      "wx-020",
      "get_forecast",
      { ...SEATTLE, granularity: "hourly" },
      "Seattle's hourly forecast while Akamai in front of NWS answers a 502 page",
      flag("nwsBadGateway"),
    ),
    step(
      "wx-021",
      "get_air_quality",
      { city_name: "Reykjavik" },
      "Reykjavik's air quality while Open-Meteo's minutely limit refuses the client (429)",
      flag("omRateLimited"),
    ),
    step(
      "wx-022",
      "get_forecast",
      { ...SLOW_POINT, days: 2 },
      "a point NWS takes 15 s to answer; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "wx-023",
      "get_weather_summary",
      { ...OKC },
      "the weather summary while every weather host is unreachable",
      down(weatherMcpStandin),
    ),
    step("wx-024", "remove_saved_location", { alias: "cabin" }, "remove the saved cabin"),
    step("wx-025", "get_tide_predictions", { station: "9447130" }, "a tool the server does not have"),
  ],
};

// --------------------------------------------------------------------------------- weatherapi-mcp (stdio)

const weatherApi: SessionSpec = {
  label: "r28-a-weatherapi",
  server: "weatherapi-mcp",
  transport: "stdio",
  start: stdioServer("r28-a-weatherapi", "weatherapi-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      WEATHERAPI_KEY: WAPI_KEY,
      HTTPS_PROXY: `http://127.0.0.1:${WAPI_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step("wa-001", "get_current_weather", { q: "London", aqi: "yes" }, "London now, with air quality"),
    step("wa-002", "get_forecast", { q: "Seattle", days: 3 }, "a three-day forecast"),
    step(
      "wa-003",
      "get_forecast",
      { q: "Buffalo, NY", days: 2, alerts: "yes" },
      "a forecast with government alerts (a lake-effect snow warning)",
    ),
    step("wa-004", "search_locations", { q: "lond" }, "places starting with 'lond'"),
    step("wa-005", "search_locations", { q: "zzq" }, "a search that finds no place"),
    step("wa-006", "get_current_weather", { q: "Atlantis" }, "a place that does not exist (1006)"),
    step("wa-007", "get_current_weather", { q: "Atlantis" }, "the same call again, query unchanged"),
    step("wa-008", "get_history", { q: "London", dt: "2026-11-30" }, "last week's weather in London"),
    step(
      "wa-009",
      "get_future_weather",
      { q: "London", dt: "2027-03-01" },
      "weather 84 days ahead, which the key's plan does not include (2009)",
    ),
    step("wa-010", "get_marine_weather", { q: "50.1,-5.55", days: 2 }, "waves and swell off Penzance"),
    step("wa-011", "get_astronomy", { q: "Seattle", dt: "2026-12-07" }, "sunrise, sunset and the moon"),
    step("wa-012", "get_timezone", { q: "Miami" }, "a place's time zone"),
    step("wa-013", "ip_lookup", { q: "auto:ip" }, "geolocate the caller's IP"),
    step("wa-014", "get_alerts", { q: "Miami" }, "alerts for Miami (there are none)"),
    step("wa-015", "get_alerts", { q: "Buffalo, NY" }, "alerts for Buffalo (one warning)"),
    step("wa-016", "get_sports", { q: "London" }, "upcoming matches in London"),
    step("wa-017", "get_current_weather", { q: "" }, "an empty location query (1003)"),
    step(
      "wa-018",
      "get_forecast",
      { q: "London", days: 1 },
      "a forecast after the API key was regenerated (401, 2006)",
      flag("wapiKeyRevoked"),
    ),
    step(
      "wa-019",
      "get_current_weather",
      { q: "Seattle" },
      "the weather once the month's calls are used up (403, 2007)",
      flag("wapiQuota"),
    ),
    step(
      "wa-020",
      "get_timezone",
      { q: "London" },
      "a time zone while WeatherAPI answers its internal error (9999)",
      flag("wapiInternal"),
    ),
    step(
      "wa-021",
      "get_forecast",
      { q: "Miami", days: 2 },
      "a forecast while Cloudflare in front of WeatherAPI answers its 502 page",
      flag("wapiBadGateway"),
    ),
    step(
      "wa-022",
      "get_current_weather",
      { q: WAPI_SLOW_Q },
      "a query WeatherAPI takes 15 s to answer; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "wa-023",
      "get_astronomy",
      { q: "London", dt: "2026-12-08" },
      "astronomy while api.weatherapi.com cannot be reached",
      down(weatherApiStandin),
    ),
    step("wa-024", "get_air_quality", { q: "London" }, "a tool the server does not have"),
  ],
};

export const SESSIONS: SessionSpec[] = [weather, weatherApi];

export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(HOME, { recursive: true, force: true });
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
