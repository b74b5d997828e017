// Verdicts for group r28-a, written from the captured exchanges (test/fixtures/server-corpus/groups/r28-a.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, partial, rpc, tool, wire } from "../../verdict-helpers.js";

const WASTED =
  "The previous call in this session was the same tool with the same arguments and failed non-retryably: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // ------------------------------------------------------------------------------ @dangahagan/weather-mcp (stdio)
  "wx-001": ok(
    "a status report: NOAA and Open-Meteo both 'Operational', the server's version, cache statistics",
  ),
  "wx-002": ok(
    "one location found for 'Seattle' (via Nominatim) with its coordinates, country code and type",
  ),
  "wx-003": tool(
    "validation",
    null,
    false,
    "isError 'No locations found matching \"Xyzzyville Qwertyshire\"', every geocoder tried answered no results: the server makes a search that found nothing an error, so it is judged as a place that does not exist (not an empty success, which the isError rules out)",
  ),
  "wx-004": ok(
    "six NWS forecast periods for Seattle with temperatures, precipitation chances, winds and text",
  ),
  "wx-005": ok("a three-day Open-Meteo forecast for Reykjavík found by name, in metric units"),
  "wx-006": ok(
    "the latest observation at KBFI: conditions, temperature, wind, pressure, clouds, last hour's rain",
  ),
  "wx-007": ok(
    "'No active weather alerts for this location': an alerts query that found none, reported as such",
    true,
  ),
  "wx-008": ok(
    "one active Severe Thunderstorm Warning for Oklahoma City with severity, area, times and instructions",
  ),
  "wx-009": ok("168 hourly observations for the week asked for, from Open-Meteo's archive"),
  "wx-010": tool(
    "validation",
    null,
    false,
    "isError 'Unable to retrieve historical data: Parameter 'start_date' is out of allowed range from 1940-01-01 to 2026-12-06': the dates asked for are outside the archive (Open-Meteo's 400 reason; the status is not shown)",
  ),
  "wx-011": ok("the US AQI, UV, pollutant concentrations and a daily air-quality forecast for Seattle"),
  "wx-012": tool(
    "validation",
    null,
    false,
    "isError 'Invalid latitude: 95.2. Must be between -90 and 90.': the server's own argument check",
  ),
  "wx-013": ok("the location was saved under the alias 'cabin'"),
  "wx-014": ok("one saved location, 'cabin', with its coordinates"),
  "wx-015": tool(
    "validation",
    null,
    false,
    "isError 'Location \"beach\" not found. Available locations: cabin': a saved location that does not exist",
  ),
  "wx-016": tool("validation", null, false, `isError 'Location \"beach\" not found' again. ${WASTED}`, true),
  "wx-017": tool(
    "transient",
    null,
    true,
    "isError 'NOAA API Error: The NOAA weather service is temporarily unavailable. Please try again in a few minutes.': the server's wording for NWS's 503 (whose 'Forecast Grid Expired' body it drops)",
  ),
  "wx-018": tool(
    "rate_limited",
    null,
    true,
    "isError 'NOAA API Error: Rate limit exceeded. Please retry in a few seconds.': NWS throttled the client (its 429 and Retry-After are not quoted)",
  ),
  "wx-019": tool(
    "transient",
    null,
    true,
    "isError 'The NOAA weather service is temporarily unavailable. Please try again in a few minutes.': NWS answered 500 Unexpected Problem, but the server reports every 5xx in the same 'temporarily unavailable' words, and the wire is all there is to judge by",
  ),
  "wx-020": tool(
    "transient",
    null,
    true,
    "isError 'The NOAA weather service is temporarily unavailable…': the 502 page in front of NWS, reduced to the server's 5xx wording",
  ),
  "wx-021": tool(
    "rate_limited",
    null,
    true,
    "isError 'OpenMeteo API Error: Rate limit exceeded. Please retry in a few seconds.': Open-Meteo's minutely limit",
  ),
  "wx-022": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s (NWS took 15 s): the client's -32001 Request timed out",
  ),
  "wx-023": partial(
    "transient",
    null,
    true,
    "an ok summary of three parts of which two failed: 'current (unavailable) … Unable to retrieve current conditions from nearby stations' and 'forecast (unavailable) … NOAA API is currently unavailable' (every host was unreachable); the alerts part was answered from the server's cache",
  ),
  "wx-024": ok("the saved location 'cabin' was removed; none remain"),
  "wx-025": tool(
    "unknown_tool",
    null,
    false,
    "isError 'Tool 'get_tide_predictions' is not enabled. Please check your ENABLED_TOOLS configuration.': a tool the server does not have at all; the server words every name outside its enabled set so, including names it never had",
  ),

  // ------------------------------------------------------------------------------------- weatherapi-mcp (stdio)
  "wa-001": ok("London's current weather with its air-quality block"),
  "wa-002": ok("current weather and three forecast days for Seattle"),
  "wa-003": ok("two forecast days for Buffalo with one Lake Effect Snow Warning in alerts"),
  "wa-004": ok("two places whose names start with 'lond'"),
  "wa-005": ok("'[]': a location search that found nothing", true),
  "wa-006": rpc(
    "validation",
    "1006",
    false,
    "JSON-RPC -32603 'WeatherAPI error 1006: No matching location found.': the place asked for does not exist; WeatherAPI's own code is the most specific",
  ),
  "wa-007": rpc(
    "validation",
    "1006",
    false,
    `The same 'WeatherAPI error 1006: No matching location found.' again. ${WASTED}`,
    true,
  ),
  "wa-008": ok("London's weather for 2026-11-30, one day with its hours"),
  "wa-009": rpc(
    "business",
    "2009",
    false,
    "JSON-RPC -32603 'WeatherAPI error 2009: API key does not have access to the resource. Please check pricing page for what is allowed in your API subscription plan.': the future-weather endpoint is not on the key's plan",
  ),
  "wa-010": ok("two days of marine forecast off Penzance: wave height, swell height, direction and period"),
  "wa-011": ok("sunrise, sunset, moonrise, moonset and moon phase for Seattle"),
  "wa-012": ok("Miami's time zone and local time"),
  "wa-013": ok("the caller's IP geolocated to London"),
  "wa-014": ok("'alerts': {'alert': []}: no alerts for Miami", true),
  "wa-015": ok("one Lake Effect Snow Warning for Buffalo with its areas, times and instructions"),
  "wa-016": ok("two football matches in London (cricket and golf lists empty)"),
  "wa-017": rpc(
    "validation",
    "1003",
    false,
    "JSON-RPC -32603 'WeatherAPI error 1003: Parameter q is missing.': an empty location was sent",
  ),
  "wa-018": rpc(
    "auth",
    "2006",
    false,
    "JSON-RPC -32603 'WeatherAPI error 2006: API key is invalid.': the key was refused",
  ),
  "wa-019": rpc(
    "business",
    "2007",
    false,
    "JSON-RPC -32603 'WeatherAPI error 2007: API key has exceeded calls per month quota.': the plan's monthly quota is used up",
  ),
  "wa-020": rpc(
    "internal",
    "9999",
    true,
    "JSON-RPC -32603 'WeatherAPI error 9999: Internal application error.': the service's own internal error (it answers it with HTTP 400, which the wire does not show); internal, retryable by the default",
  ),
  "wa-021": rpc(
    "transient",
    "-32603",
    true,
    "JSON-RPC -32603 'Unexpected error: Unexpected token '<', \"<!DOCTYPE \"... is not valid JSON': an HTML page where the API's JSON was expected, no status shown (Cloudflare's 502 page): transient by the fixture's convention",
  ),
  "wa-022": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s (WeatherAPI took 15 s): the client's -32001 Request timed out",
  ),
  "wa-023": rpc(
    "transient",
    "-32603",
    true,
    "JSON-RPC -32603 'Unexpected error: fetch failed': WeatherAPI could not be reached (connection refused), only fetch's generic message",
  ),
  "wa-024": rpc("unknown_tool", "-32601", false, "JSON-RPC -32601 'Unknown tool: get_air_quality'"),
};
