// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - For @dangahagan/weather-mcp: the National Weather Service API (`api.weather.gov`: points, gridpoint forecasts,
//   observation stations, latest observations, active alerts), Open-Meteo (`api.open-meteo.com` forecasts,
//   `archive-api.open-meteo.com` history, `air-quality-api.open-meteo.com`, `geocoding-api.open-meteo.com`),
//   OpenStreetMap's Nominatim and the US Census geocoder. Every host is written into the server, which calls them
//   with axios; axios follows `HTTPS_PROXY` with absolute-form requests, which `forwardProxy` answers.
// - For weatherapi-mcp: WeatherAPI.com (`api.weatherapi.com/v1/*.json`), called with Node's own `fetch`, which
//   proxy-preload.mjs routes through a second `forwardProxy` (CONNECT, terminated with the stand-in certificate).
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import path from "node:path";
import {
  certificate,
  clearTimers,
  cloudflare502,
  forwardProxy,
  json,
  later,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r28-a";
export const CERT = path.join(DATA, "standin-cert.pem");

export const WX_PROXY_PORT = 42100;
export const WAPI_PROXY_PORT = 42101;

const HOSTS = [
  "api.weather.gov",
  "api.open-meteo.com",
  "archive-api.open-meteo.com",
  "air-quality-api.open-meteo.com",
  "geocoding-api.open-meteo.com",
  "nominatim.openstreetmap.org",
  "geocoding.geo.census.gov",
  "data.rcc-acis.org",
  "api.weatherapi.com",
];

export const ensureCertificate = (): Certificate => certificate(DATA, HOSTS);

export const state = {
  nwsGridExpired: false,
  nwsRateLimited: false,
  nwsServerError: false,
  nwsBadGateway: false,
  omRateLimited: false,
  wapiKeyRevoked: false,
  wapiQuota: false,
  wapiKeyDisabled: false,
  wapiBadGateway: false,
  wapiInternal: false,
};

export const unknownRequests: string[] = [];

/** The i-th of a cycle of values. */
const nth = <T>(values: readonly T[], i: number): T => values[i % values.length] as T;
/** Every request the stand-ins answered, in order (for the capturer's notes). */
export const seen: string[] = [];

function unknown(req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
  unknownRequests.push(`${req.method} ${url.host}${url.pathname}${url.search}`);
  json(res, 404, { error: "not in the stand-in" });
}

// ------------------------------------------------------------------------------------ National Weather Service

// Every NWS problem answer is application/problem+json with a correlation id and the request's instance URL
// (api.weather.gov's OpenAPI document, `ProblemDetail`; bodies as quoted in weather-gov/api issues).
function problem(
  res: http.ServerResponse,
  status: number,
  title: string,
  type: string,
  detail: string,
  correlationId: string,
  headers: Record<string, string> = {},
) {
  if (res.destroyed) return;
  res.writeHead(status, {
    "content-type": "application/problem+json",
    "x-correlation-id": correlationId,
    "access-control-allow-origin": "*",
    ...headers,
  });
  res.end(
    JSON.stringify(
      {
        correlationId,
        title,
        type: `https://api.weather.gov/problems/${type}`,
        status,
        detail,
        instance: `https://api.weather.gov/requests/${correlationId}`,
      },
      null,
      4,
    ),
  );
}

function geojson(res: http.ServerResponse, body: unknown) {
  if (res.destroyed) return;
  res.writeHead(200, {
    "content-type": "application/geo+json",
    "cache-control": "public, max-age=3600",
    "access-control-allow-origin": "*",
  });
  res.end(JSON.stringify(body, null, 4));
}

const NWS_CONTEXT = [
  "https://geojson.org/geojson-ld/geojson-context.jsonld",
  {
    "@version": "1.1",
    wx: "https://api.weather.gov/ontology#",
    "@vocab": "https://api.weather.gov/ontology#",
  },
];

interface Place {
  wfo: string;
  x: number;
  y: number;
  city: string;
  state: string;
  tz: string;
  zone: string;
  county: string;
  radar: string;
  stations: [string, string, number, number][];
}

// Points by the 4-decimal key the server sends.
const PLACES: Record<string, Place> = {
  "47.6062,-122.3321": {
    wfo: "SEW",
    x: 125,
    y: 68,
    city: "Seattle",
    state: "WA",
    tz: "America/Los_Angeles",
    zone: "WAZ558",
    county: "WAC033",
    radar: "KATX",
    stations: [
      ["KBFI", "Seattle, Boeing Field", 47.53, -122.30111],
      ["KSEA", "Seattle-Tacoma International Airport", 47.44467, -122.31442],
    ],
  },
  "35.4676,-97.5164": {
    wfo: "OUN",
    x: 97,
    y: 95,
    city: "Oklahoma City",
    state: "OK",
    tz: "America/Chicago",
    zone: "OKZ025",
    county: "OKC109",
    radar: "KTLX",
    stations: [
      ["KOKC", "Oklahoma City, Will Rogers World Airport", 35.38889, -97.60028],
      ["KPWA", "Oklahoma City / Wiley Post", 35.53417, -97.64694],
    ],
  },
  "44.2706,-71.3033": {
    wfo: "GYX",
    x: 34,
    y: 102,
    city: "Gorham",
    state: "NH",
    tz: "America/New_York",
    zone: "NHZ005",
    county: "NHC003",
    radar: "KGYX",
    stations: [["KMWN", "Mount Washington", 44.27, -71.3]],
  },
};
// The server's health check asks for the geographic centre of the contiguous US (near Lebanon, Kansas).
PLACES["39.8283,-98.5795"] = {
  wfo: "GID",
  x: 21,
  y: 26,
  city: "Lebanon",
  state: "KS",
  tz: "America/Chicago",
  zone: "KSZ005",
  county: "KSC183",
  radar: "KUEX",
  stations: [["KPHG", "Phillipsburg Municipal Airport", 39.73556, -99.3175]],
};
// A point whose gridpoint answers slowly (the client gives up first).
export const SLOW_POINT = { latitude: 39.7392, longitude: -104.9903 };

function points(key: string, place: Place) {
  const base = `https://api.weather.gov/gridpoints/${place.wfo}/${place.x},${place.y}`;
  const [lat, lon] = key.split(",").map(Number);
  return {
    "@context": NWS_CONTEXT,
    id: `https://api.weather.gov/points/${key}`,
    type: "Feature",
    geometry: { type: "Point", coordinates: [lon, lat] },
    properties: {
      "@id": `https://api.weather.gov/points/${key}`,
      "@type": "wx:Point",
      cwa: place.wfo,
      forecastOffice: `https://api.weather.gov/offices/${place.wfo}`,
      gridId: place.wfo,
      gridX: place.x,
      gridY: place.y,
      forecast: `${base}/forecast`,
      forecastHourly: `${base}/forecast/hourly`,
      forecastGridData: base,
      observationStations: `${base}/stations`,
      relativeLocation: {
        type: "Feature",
        geometry: { type: "Point", coordinates: [lon, lat] },
        properties: {
          city: place.city,
          state: place.state,
          distance: { unitCode: "wmoUnit:m", value: 1432.77 },
          bearing: { unitCode: "wmoUnit:degree_(angle)", value: 203 },
        },
      },
      forecastZone: `https://api.weather.gov/zones/forecast/${place.zone}`,
      county: `https://api.weather.gov/zones/county/${place.county}`,
      fireWeatherZone: `https://api.weather.gov/zones/fire/${place.zone}`,
      timeZone: place.tz,
      radarStation: place.radar,
    },
  };
}

const PERIODS_SEA = [
  [
    "Today",
    true,
    46,
    "Chance Light Rain",
    40,
    "S 6 to 10 mph",
    "https://api.weather.gov/icons/land/day/rain,40",
  ],
  [
    "Tonight",
    false,
    39,
    "Light Rain Likely",
    70,
    "S 8 to 14 mph",
    "https://api.weather.gov/icons/land/night/rain,70",
  ],
  ["Tuesday", true, 47, "Light Rain", 90, "S 10 to 17 mph", "https://api.weather.gov/icons/land/day/rain,90"],
  [
    "Tuesday Night",
    false,
    40,
    "Rain Showers Likely",
    60,
    "SW 9 mph",
    "https://api.weather.gov/icons/land/night/rain_showers,60",
  ],
  [
    "Wednesday",
    true,
    45,
    "Chance Rain Showers",
    30,
    "SW 7 mph",
    "https://api.weather.gov/icons/land/day/rain_showers,30",
  ],
  [
    "Wednesday Night",
    false,
    36,
    "Mostly Cloudy",
    10,
    "N 3 mph",
    "https://api.weather.gov/icons/land/night/bkn",
  ],
  ["Thursday", true, 44, "Partly Sunny", 5, "N 3 mph", "https://api.weather.gov/icons/land/day/bkn"],
] as const;

const PERIODS_OKC = [
  [
    "Today",
    true,
    68,
    "Chance Showers And Thunderstorms",
    50,
    "S 15 to 25 mph",
    "https://api.weather.gov/icons/land/day/tsra_sct,50",
  ],
  [
    "Tonight",
    false,
    41,
    "Severe Thunderstorms then Clear",
    60,
    "NW 20 to 30 mph",
    "https://api.weather.gov/icons/land/night/tsra,60",
  ],
  ["Tuesday", true, 52, "Sunny", 0, "NW 10 to 15 mph", "https://api.weather.gov/icons/land/day/few"],
  ["Tuesday Night", false, 30, "Clear", 0, "N 5 mph", "https://api.weather.gov/icons/land/night/skc"],
  ["Wednesday", true, 55, "Sunny", 0, "S 5 to 10 mph", "https://api.weather.gov/icons/land/day/skc"],
] as const;

function forecast(
  place: Place,
  periods: readonly (readonly [string, boolean, number, string, number, string, string])[],
) {
  const start = Date.parse("2026-12-07T06:00:00-08:00");
  return {
    "@context": NWS_CONTEXT,
    type: "Feature",
    geometry: {
      type: "Polygon",
      coordinates: [
        [
          [-122.3466, 47.6155],
          [-122.3425, 47.5937],
          [-122.3101, 47.5964],
          [-122.3142, 47.6182],
          [-122.3466, 47.6155],
        ],
      ],
    },
    properties: {
      units: "us",
      forecastGenerator: "BaselineForecastGenerator",
      generatedAt: "2026-12-07T11:48:20+00:00",
      updateTime: "2026-12-07T10:32:14+00:00",
      validTimes: "2026-12-07T04:00:00+00:00/P7DT21H",
      elevation: { unitCode: "wmoUnit:m", value: 54.864 },
      periods: periods.map(([name, isDaytime, temp, short, pop, wind, icon], i) => ({
        number: i + 1,
        name,
        startTime: new Date(start + i * 12 * 3600_000).toISOString().replace(".000Z", "+00:00"),
        endTime: new Date(start + (i + 1) * 12 * 3600_000).toISOString().replace(".000Z", "+00:00"),
        isDaytime,
        temperature: temp,
        temperatureUnit: "F",
        temperatureTrend: "",
        probabilityOfPrecipitation: { unitCode: "wmoUnit:percent", value: pop },
        windSpeed: wind.replace(/^[A-Z]+ /, ""),
        windDirection: wind.split(" ")[0],
        icon: `${icon}?size=medium`,
        shortForecast: short,
        detailedForecast: `${short}. ${isDaytime ? "High" : "Low"} near ${temp}, with ${wind.split(" ")[0]} wind ${wind.replace(/^[A-Z]+ /, "")}.${pop ? ` Chance of precipitation is ${pop}%.` : ""}`,
      })),
    },
  };
}

function stations(place: Place) {
  return {
    "@context": NWS_CONTEXT,
    type: "FeatureCollection",
    features: place.stations.map(([id, name, lat, lon]) => ({
      id: `https://api.weather.gov/stations/${id}`,
      type: "Feature",
      geometry: { type: "Point", coordinates: [lon, lat] },
      properties: {
        "@id": `https://api.weather.gov/stations/${id}`,
        "@type": "wx:ObservationStation",
        elevation: { unitCode: "wmoUnit:m", value: 6.096 },
        stationIdentifier: id,
        name,
        timeZone: place.tz,
        forecast: `https://api.weather.gov/zones/forecast/${place.zone}`,
        county: `https://api.weather.gov/zones/county/${place.county}`,
        fireWeatherZone: `https://api.weather.gov/zones/fire/${place.zone}`,
      },
    })),
    observationStations: place.stations.map(([id]) => `https://api.weather.gov/stations/${id}`),
    pagination: {
      next: `https://api.weather.gov/stations?id=${place.stations.map(([id]) => id).join(",")}&cursor=eyJzIjo1MDB9`,
    },
  };
}

const q = (unitCode: string, value: number | null, qc = "V") => ({
  unitCode: `wmoUnit:${unitCode}`,
  value,
  qualityControl: qc,
});

function latestObservation(id: string, lat: number, lon: number) {
  return {
    "@context": NWS_CONTEXT,
    id: `https://api.weather.gov/stations/${id}/observations/2026-12-07T11:53:00+00:00`,
    type: "Feature",
    geometry: { type: "Point", coordinates: [lon, lat] },
    properties: {
      "@id": `https://api.weather.gov/stations/${id}/observations/2026-12-07T11:53:00+00:00`,
      "@type": "wx:ObservationStation",
      elevation: { unitCode: "wmoUnit:m", value: 6 },
      station: `https://api.weather.gov/stations/${id}`,
      stationId: id,
      timestamp: "2026-12-07T11:53:00+00:00",
      rawMessage: `${id} 071153Z 16008KT 10SM -RA FEW020 BKN045 OVC070 08/05 A2998 RMK AO2 SLP154 P0001 T00780050`,
      textDescription: "Light Rain",
      icon: "https://api.weather.gov/icons/land/night/rain?size=medium",
      presentWeather: [{ intensity: "light", modifier: null, weather: "rain", rawString: "-RA" }],
      temperature: q("degC", 7.8),
      dewpoint: q("degC", 5),
      windDirection: q("degree_(angle)", 160),
      windSpeed: q("km_h-1", 14.76),
      windGust: q("km_h-1", null, "Z"),
      barometricPressure: q("Pa", 101540),
      seaLevelPressure: q("Pa", 101540),
      visibility: q("m", 16090),
      maxTemperatureLast24Hours: { unitCode: "wmoUnit:degC", value: null },
      minTemperatureLast24Hours: { unitCode: "wmoUnit:degC", value: null },
      precipitationLastHour: q("mm", 0.3),
      precipitationLast3Hours: q("mm", null, "Z"),
      precipitationLast6Hours: q("mm", null, "Z"),
      relativeHumidity: q("percent", 82.36),
      windChill: q("degC", 5.7),
      heatIndex: q("degC", null),
      cloudLayers: [
        { base: { unitCode: "wmoUnit:m", value: 610 }, amount: "FEW" },
        { base: { unitCode: "wmoUnit:m", value: 1370 }, amount: "BKN" },
        { base: { unitCode: "wmoUnit:m", value: 2130 }, amount: "OVC" },
      ],
    },
  };
}

function alertsCollection(key: string, features: unknown[]) {
  return {
    "@context": NWS_CONTEXT,
    type: "FeatureCollection",
    features,
    title: `Current watches, warnings, and advisories for ${key.replace(",", " N, ")} W`,
    updated: "2026-12-07T11:55:00+00:00",
  };
}

const OKC_ALERT = {
  id: "https://api.weather.gov/alerts/urn:oid:2.49.0.1.840.0.6a4d1e2f7b0c3a9e8d5f2c1b0a9e8d7c6b5a4f3e.001.1",
  type: "Feature",
  geometry: {
    type: "Polygon",
    coordinates: [
      [
        [-97.73, 35.33],
        [-97.37, 35.38],
        [-97.39, 35.62],
        [-97.76, 35.58],
        [-97.73, 35.33],
      ],
    ],
  },
  properties: {
    "@id":
      "https://api.weather.gov/alerts/urn:oid:2.49.0.1.840.0.6a4d1e2f7b0c3a9e8d5f2c1b0a9e8d7c6b5a4f3e.001.1",
    "@type": "wx:Alert",
    id: "urn:oid:2.49.0.1.840.0.6a4d1e2f7b0c3a9e8d5f2c1b0a9e8d7c6b5a4f3e.001.1",
    areaDesc: "Canadian, OK; Oklahoma, OK",
    geocode: { SAME: ["040017", "040109"], UGC: ["OKC017", "OKC109"] },
    affectedZones: [
      "https://api.weather.gov/zones/county/OKC017",
      "https://api.weather.gov/zones/county/OKC109",
    ],
    references: [],
    sent: "2026-12-07T11:41:00-06:00",
    effective: "2026-12-07T11:41:00-06:00",
    onset: "2026-12-07T11:41:00-06:00",
    expires: "2026-12-07T12:30:00-06:00",
    ends: "2026-12-07T12:30:00-06:00",
    status: "Actual",
    messageType: "Alert",
    category: "Met",
    severity: "Severe",
    certainty: "Observed",
    urgency: "Immediate",
    event: "Severe Thunderstorm Warning",
    sender: "w-nws.webmaster@noaa.gov",
    senderName: "NWS Norman OK",
    headline:
      "Severe Thunderstorm Warning issued December 7 at 11:41AM CST until December 7 at 12:30PM CST by NWS Norman OK",
    description:
      "SVROUN\n\nThe National Weather Service in Norman has issued a\n\n* Severe Thunderstorm Warning for...\nNortheastern Canadian County in central Oklahoma...\nCentral Oklahoma County in central Oklahoma...\n\n* Until 1230 PM CST.\n\n* At 1141 AM CST, a severe thunderstorm was located near Yukon, moving east at 35 mph.\n\nHAZARD...60 mph wind gusts and quarter size hail.\n\nSOURCE...Radar indicated.\n\nIMPACT...Hail damage to vehicles is expected. Expect wind damage to roofs, siding, and trees.",
    instruction:
      "For your protection move to an interior room on the lowest floor of a building.\n\nLarge hail and damaging winds and continuous cloud to ground lightning is occurring with this storm. Move indoors immediately.",
    response: "Shelter",
    parameters: {
      AWIPSidentifier: ["SVROUN"],
      WMOidentifier: ["WUUS54 KOUN 071741"],
      eventMotionDescription: ["2026-12-07T17:41:00-00:00...storm...265DEG...30KT...35.51,-97.76"],
      windThreat: ["RADAR INDICATED"],
      maxWindGust: ["60 MPH"],
      hailThreat: ["RADAR INDICATED"],
      maxHailSize: ["1.00"],
      BLOCKCHANNEL: ["EAS", "NWEM", "CMAS"],
      "EAS-ORG": ["WXR"],
      VTEC: ["/O.NEW.KOUN.SV.W.0412.261207T1741Z-261207T1830Z/"],
      eventEndingTime: ["2026-12-07T12:30:00-06:00"],
    },
  },
};

// api.weather.gov sits behind Akamai (`Server: AkamaiGHost` in weather-gov/api#74); a failed origin fetch is
// Akamai's standard "Bad Gateway … Reference #" page.
const AKAMAI_502 = `<HTML><HEAD>
<TITLE>Bad Gateway</TITLE>
</HEAD><BODY>
<H1>Bad Gateway</H1>
The proxy server received an invalid response from an upstream server.<P>
Reference&#32;&#35;97&#46;8f6b1002&#46;1765108395&#46;2b7c1e0a
<P>https&#58;&#47;&#47;errors&#46;edgesuite&#46;net&#47;97&#46;8f6b1002&#46;1765108395&#46;2b7c1e0a</P>
</BODY>
</HTML>
`;

function nws(req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
  const p = url.pathname;
  const pointMatch = /^\/points\/(-?[\d.]+),(-?[\d.]+)(\/stations)?$/.exec(p);
  const gridMatch = /^\/gridpoints\/([A-Z]{3})\/(\d+),(\d+)(\/forecast(\/hourly)?|\/stations)?$/.exec(p);
  if (state.nwsRateLimited) {
    return problem(
      res,
      429,
      "Too Many Requests",
      "TooManyRequests",
      "Rate limit exceeded. Retry after the period in the Retry-After header.",
      "1a9f3c7e",
      { "retry-after": "30" },
    );
  }
  if (state.nwsServerError)
    return problem(
      res,
      500,
      "Unexpected Problem",
      "UnexpectedProblem",
      "An unexpected problem has occurred.",
      "b3f1e0c2",
    );
  if (state.nwsBadGateway && gridMatch)
    return text(res, 502, AKAMAI_502, "text/html", { server: "AkamaiGHost" });
  if (pointMatch) {
    const key = `${pointMatch[1]},${pointMatch[2]}`;
    const lat = Number(pointMatch[1]);
    const lon = Number(pointMatch[2]);
    if (key === `${SLOW_POINT.latitude.toFixed(4)},${SLOW_POINT.longitude.toFixed(4)}`) {
      return later(15_000, () => json(res, 200, {}));
    }
    const place = PLACES[key];
    if (!place) {
      if (Math.abs(lat) > 90 || Math.abs(lon) > 180)
        return problem(
          res,
          400,
          "Invalid Parameter",
          "InvalidParameter",
          `Parameter "point" is invalid: '${key}' does not appear to be a valid coordinate`,
          "4e0b8f21",
        );
      return problem(
        res,
        404,
        "Data Unavailable For Requested Point",
        "InvalidPoint",
        `Unable to provide data for requested point ${key}`,
        "7c2d5a90",
      );
    }
    if (pointMatch[3]) return geojson(res, stations(place));
    return geojson(res, points(key, place));
  }
  if (gridMatch) {
    const place = Object.values(PLACES).find(
      (pl) => pl.wfo === gridMatch[1] && pl.x === Number(gridMatch[2]),
    );
    if (!place) return problem(res, 404, "Not Found", "NotFound", `Not Found`, "0d6b7a13");
    if (state.nwsGridExpired)
      return problem(
        res,
        503,
        "Forecast Grid Expired",
        "ForecastGridExpired",
        "The requested forecast grid was issued 2026-12-05T09:17:44+00:00 and has expired.",
        "5e8a9d04",
      );
    if (gridMatch[4] === "/stations") return geojson(res, stations(place));
    return geojson(res, forecast(place, place.wfo === "OUN" ? PERIODS_OKC : PERIODS_SEA));
  }
  const obs = /^\/stations\/([A-Z0-9]+)\/observations\/latest$/.exec(p);
  if (obs) {
    const station = Object.values(PLACES)
      .flatMap((pl) => pl.stations)
      .find(([id]) => id === obs[1]);
    if (!station)
      return problem(res, 404, "Not Found", "NotFound", `Station ${obs[1]} not found`, "9a0c1e3f");
    return geojson(res, latestObservation(station[0], station[2], station[3]));
  }
  if (p === "/alerts/active" || p === "/alerts") {
    const key = url.searchParams.get("point") ?? "";
    return geojson(res, alertsCollection(key, key === "35.4676,-97.5164" ? [OKC_ALERT] : []));
  }
  return unknown(req, url, res);
}

// ------------------------------------------------------------------------------------------------- Open-Meteo

// Open-Meteo's answers carry exactly the variables asked for, with a units block (open-meteo.com/en/docs);
// its errors are `{"error": true, "reason": "…"}` with 400 (docs: "Errors"), and its throttle answers 429 with
// "Minutely API request limit exceeded. Please try again in one minute." (open-meteo/open-meteo issues).
// Values are made in Open-Meteo's default units (°C, km/h, mm) and converted when the request asks for
// fahrenheit, mph or inch, as the API does (`temperature_unit`, `wind_speed_unit`, `precipitation_unit`).
interface Units {
  fahrenheit: boolean;
  mph: boolean;
  inch: boolean;
  cold: number;
}

function unitOf(name: string, u: Units): string {
  if (name.startsWith("us_aqi")) return "USAQI";
  if (name.startsWith("european_aqi")) return "EAQI";
  if (name.endsWith("_pollen")) return "grains/m³";
  if (
    [
      "pm10",
      "pm2_5",
      "carbon_monoxide",
      "nitrogen_dioxide",
      "sulphur_dioxide",
      "ozone",
      "dust",
      "ammonia",
    ].includes(name)
  )
    return "μg/m³";
  if (name === "sunrise" || name === "sunset") return "iso8601";
  if (name.startsWith("temperature") || name.startsWith("apparent") || name.startsWith("dew"))
    return u.fahrenheit ? "°F" : "°C";
  if (name.startsWith("wind_speed") || name.startsWith("wind_gusts")) return u.mph ? "mp/h" : "km/h";
  if (name.startsWith("wind_direction")) return "°";
  if (name.endsWith("duration")) return "s";
  if (name === "precipitation_hours") return "h";
  if (name.includes("probability") || name.startsWith("relative_humidity") || name.startsWith("cloud_cover"))
    return "%";
  if (name.startsWith("snow_depth")) return u.inch ? "ft" : "m";
  if (name.startsWith("precipitation") || name.startsWith("rain") || name.startsWith("showers"))
    return u.inch ? "inch" : "mm";
  if (name.startsWith("snowfall")) return u.inch ? "inch" : "cm";
  if (name === "pressure_msl" || name === "surface_pressure") return "hPa";
  if (name === "weather_code") return "wmo code";
  if (name === "visibility") return u.inch ? "ft" : "m";
  return "";
}

const round = (v: number, digits = 1) => Number(v.toFixed(digits));

function valueOf(name: string, i: number, day: string, u: Units): number | string | null {
  const wave = Math.sin(i / 3);
  const temp = (c: number) => (u.fahrenheit ? round(c * 1.8 + 32) : round(c));
  const wind = (kmh: number) => (u.mph ? round(kmh / 1.609344) : round(kmh));
  const rain = (mm: number) => (u.inch ? round(mm / 25.4, 3) : round(mm));
  if (name === "sunrise")
    return u.cold
      ? `${day}T11:${String(10 + (i % 5)).padStart(2, "0")}`
      : `${day}T07:${String(47 + (i % 5)).padStart(2, "0")}`;
  if (name === "sunset")
    return u.cold
      ? `${day}T15:${String(32 - (i % 5)).padStart(2, "0")}`
      : `${day}T16:${String(17 + (i % 5)).padStart(2, "0")}`;
  if (name.endsWith("_pollen")) return 0;
  if (name.startsWith("us_aqi")) return Math.round(38 + 9 * wave);
  if (name.startsWith("european_aqi")) return Math.round(27 + 6 * wave);
  if (name === "pm2_5") return round(8.4 + 3 * wave);
  if (name === "pm10") return round(13.2 + 4 * wave);
  if (name === "carbon_monoxide") return Math.round(214 + 20 * wave);
  if (name === "nitrogen_dioxide") return round(19.6 + 5 * wave);
  if (name === "sulphur_dioxide") return round(2.1 + wave);
  if (name === "ozone") return Math.round(44 + 8 * wave);
  if (name === "dust" || name === "ammonia") return round(0.4 + 0.2 * wave);
  if (name === "aerosol_optical_depth") return round(0.11 + 0.02 * wave, 2);
  if (name.startsWith("temperature_2m_max") || name.startsWith("apparent_temperature_max"))
    return temp(9.6 - u.cold + 1.5 * wave);
  if (name.startsWith("temperature_2m_min") || name.startsWith("apparent_temperature_min"))
    return temp(4.2 - u.cold + wave);
  if (name.startsWith("dew")) return temp(4.4 - u.cold + wave);
  if (name.startsWith("temperature") || name.startsWith("apparent")) return temp(7.1 - u.cold + 2 * wave);
  if (name.startsWith("relative_humidity")) return Math.round(81 + 8 * wave);
  if (name === "weather_code") return nth([61, 3, 80, 2, 63, 45, 51], i);
  if (name.includes("probability")) return nth([55, 20, 70, 10, 85, 5, 40], i);
  if (name === "precipitation_hours") return nth([5, 1, 8, 0, 11, 0, 3], i);
  if (name.startsWith("precipitation") || name.startsWith("rain") || name.startsWith("showers"))
    return rain(nth([3.1, 0.3, 6.2, 0, 10.4, 0, 1.2], i) / (name.endsWith("_sum") ? 1 : 6));
  if (name.startsWith("snow")) return 0;
  if (name.startsWith("cloud_cover")) return nth([92, 71, 100, 38, 100, 84, 66], i);
  if (name === "pressure_msl" || name === "surface_pressure") return round(1014.6 + 3 * wave);
  if (name.startsWith("wind_speed")) return wind(15.8 + 6 * wave);
  if (name.startsWith("wind_gusts")) return wind(34.9 + 9 * wave);
  if (name.startsWith("wind_direction")) return Math.round(205 + 30 * wave);
  if (name.startsWith("uv_index")) return u.cold ? 0 : round(1.1 + 0.5 * wave, 2);
  if (name === "daylight_duration") return u.cold ? 15380.2 - i * 95 : 30312.4 - i * 40;
  if (name === "sunshine_duration") return nth([3600, 18000, 0, 25200, 0, 9000, 14400], i) / (u.cold ? 3 : 1);
  if (name === "visibility") return u.inch ? 52493.4 : 16000;
  if (name === "is_day") return 1;
  return 0;
}

function series(names: string[], times: string[], days: string[], u: Units) {
  const out: Record<string, unknown> = { time: times };
  names.forEach((name) => {
    out[name] = times.map((_, i) => valueOf(name, i, days[Math.min(i, days.length - 1)] ?? "", u));
  });
  return out;
}

function dates(from: string, count: number): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

function openMeteoAnswer(url: URL, defaultStart: string, defaultDays: number) {
  const sp = url.searchParams;
  const latitude = Number(sp.get("latitude"));
  const longitude = Number(sp.get("longitude"));
  const start = sp.get("start_date") ?? defaultStart;
  const end = sp.get("end_date");
  const days = end
    ? Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1
    : Number(sp.get("forecast_days") ?? defaultDays);
  const dayList = dates(start, Math.max(1, Math.min(days, 31)));
  const hours = dayList.flatMap((d) =>
    Array.from({ length: 24 }, (_, h) => `${d}T${String(h).padStart(2, "0")}:00`),
  );
  const u: Units = {
    fahrenheit: sp.get("temperature_unit") === "fahrenheit",
    mph: sp.get("wind_speed_unit") === "mph",
    inch: sp.get("precipitation_unit") === "inch",
    cold: latitude > 60 ? 6 : 0,
  };
  const tz =
    longitude < -100
      ? "America/Los_Angeles"
      : longitude < -30
        ? "America/New_York"
        : longitude < -10
          ? "Atlantic/Reykjavik"
          : "Europe/London";
  const body: Record<string, unknown> = {
    latitude: Number((Math.round(latitude * 40) / 40 + 0.0045).toFixed(6)),
    longitude: Number((Math.round(longitude * 40) / 40 - 0.0027).toFixed(6)),
    generationtime_ms: 0.4311800003051758,
    utc_offset_seconds:
      tz === "Europe/London" || tz === "Atlantic/Reykjavik" ? 0 : tz === "America/New_York" ? -18000 : -28800,
    timezone: tz,
    timezone_abbreviation:
      tz === "Europe/London" || tz === "Atlantic/Reykjavik"
        ? "GMT"
        : tz === "America/New_York"
          ? "EST"
          : "PST",
    elevation: tz === "Atlantic/Reykjavik" ? 23 : tz === "America/New_York" ? 274 : 56,
  };
  const current = sp.get("current");
  if (current) {
    const names = current.split(",");
    body.current_units = {
      time: "iso8601",
      interval: "seconds",
      ...Object.fromEntries(names.map((n) => [n, unitOf(n, u)])),
    };
    body.current = {
      time: `${dayList[0]}T11:45`,
      interval: 900,
      ...Object.fromEntries(names.map((n) => [n, valueOf(n, 2, dayList[0] ?? "", u)])),
    };
  }
  const hourly = sp.get("hourly");
  if (hourly) {
    const names = hourly.split(",");
    body.hourly_units = { time: "iso8601", ...Object.fromEntries(names.map((n) => [n, unitOf(n, u)])) };
    body.hourly = series(
      names,
      hours,
      hours.map((h) => h.slice(0, 10)),
      u,
    );
  }
  const daily = sp.get("daily");
  if (daily) {
    const names = daily.split(",");
    body.daily_units = { time: "iso8601", ...Object.fromEntries(names.map((n) => [n, unitOf(n, u)])) };
    body.daily = series(names, dayList, dayList, u);
  }
  return body;
}

const omError = (res: http.ServerResponse, reason: string) => json(res, 400, { error: true, reason });

function checkCoordinates(url: URL, res: http.ServerResponse): boolean {
  const lat = Number(url.searchParams.get("latitude"));
  if (Math.abs(lat) > 90) {
    omError(res, `Latitude must be in range of -90 to 90°. Given: ${lat.toFixed(1)}.`);
    return false;
  }
  return true;
}

function openMeteo(req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
  if (state.omRateLimited && url.host !== "geocoding-api.open-meteo.com") {
    return json(res, 429, {
      error: true,
      reason: "Minutely API request limit exceeded. Please try again in one minute.",
    });
  }
  if (url.host === "api.open-meteo.com" && url.pathname === "/v1/forecast") {
    if (!checkCoordinates(url, res)) return;
    return json(res, 200, openMeteoAnswer(url, "2026-12-07", 7));
  }
  if (url.host === "air-quality-api.open-meteo.com" && url.pathname === "/v1/air-quality") {
    if (!checkCoordinates(url, res)) return;
    return json(res, 200, openMeteoAnswer(url, "2026-12-07", 5));
  }
  if (url.host === "archive-api.open-meteo.com" && url.pathname === "/v1/archive") {
    if (!checkCoordinates(url, res)) return;
    const start = url.searchParams.get("start_date") ?? "";
    const end = url.searchParams.get("end_date") ?? "";
    if (start < "1940-01-01" || end > "2026-12-06")
      return omError(res, `Parameter 'start_date' is out of allowed range from 1940-01-01 to 2026-12-06`);
    return json(res, 200, openMeteoAnswer(url, start, 1));
  }
  if (url.host === "geocoding-api.open-meteo.com" && url.pathname === "/v1/search") {
    const name = (url.searchParams.get("name") ?? "").toLowerCase();
    const results = GEO.filter((g) => g.match.some((m) => name.startsWith(m))).map((g) => g.om);
    // Open-Meteo's geocoder omits `results` when nothing matches.
    return json(
      res,
      200,
      results.length ? { results, generationtime_ms: 0.6740093 } : { generationtime_ms: 0.3260374 },
    );
  }
  return unknown(req, url, res);
}

// ------------------------------------------------------------------------------------------- geocoders

const GEO = [
  {
    match: ["seattle"],
    om: {
      id: 5809844,
      name: "Seattle",
      latitude: 47.60621,
      longitude: -122.33207,
      elevation: 56,
      feature_code: "PPLA2",
      country_code: "US",
      admin1_id: 5815135,
      admin2_id: 5799783,
      timezone: "America/Los_Angeles",
      population: 737015,
      postcodes: ["98101", "98102"],
      country_id: 6252001,
      country: "United States",
      admin1: "Washington",
      admin2: "King",
    },
    osm: {
      place_id: 317411582,
      licence: "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright",
      osm_type: "relation",
      osm_id: 237385,
      lat: "47.6038321",
      lon: "-122.330062",
      class: "boundary",
      type: "administrative",
      place_rank: 16,
      importance: 0.7891408505,
      addresstype: "city",
      name: "Seattle",
      display_name: "Seattle, King County, Washington, United States",
      address: {
        city: "Seattle",
        county: "King County",
        state: "Washington",
        "ISO3166-2-lvl4": "US-WA",
        country: "United States",
        country_code: "us",
      },
      boundingbox: ["47.4810022", "47.7341354", "-122.4596960", "-122.2244330"],
    },
  },
  {
    match: ["reykjav"],
    om: {
      id: 3413829,
      name: "Reykjavík",
      latitude: 64.13548,
      longitude: -21.89541,
      elevation: 34,
      feature_code: "PPLC",
      country_code: "IS",
      admin1_id: 3426183,
      timezone: "Atlantic/Reykjavik",
      population: 118918,
      country_id: 2629691,
      country: "Iceland",
      admin1: "Capital Region",
    },
    osm: {
      place_id: 70519372,
      licence: "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright",
      osm_type: "relation",
      osm_id: 2580605,
      lat: "64.1459810",
      lon: "-21.9422367",
      class: "boundary",
      type: "administrative",
      place_rank: 12,
      importance: 0.7163590917,
      addresstype: "city",
      name: "Reykjavík",
      display_name: "Reykjavík, Capital Region, Iceland",
      address: {
        city: "Reykjavík",
        state: "Capital Region",
        "ISO3166-2-lvl1": "IS-1",
        country: "Iceland",
        country_code: "is",
      },
      boundingbox: ["63.9895680", "64.1742100", "-21.9950230", "-21.6289800"],
    },
  },
];

function nominatim(req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
  if (url.pathname === "/reverse") {
    // The server asks at zoom 3 (country level) which country a point is in.
    const lat = Number(url.searchParams.get("lat"));
    const lon = Number(url.searchParams.get("lon"));
    const inUs = lon < -60 && lon > -170 && lat > 18;
    return json(
      res,
      200,
      inUs
        ? {
            place_id: 380240226,
            licence: "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright",
            osm_type: "relation",
            osm_id: 148838,
            lat: "39.7837304",
            lon: "-100.445882",
            category: "boundary",
            type: "administrative",
            place_rank: 4,
            importance: 0.9654895765402,
            addresstype: "country",
            name: "United States",
            display_name: "United States",
            address: { country: "United States", country_code: "us" },
            boundingbox: ["-14.7608358", "71.6048217", "-180.0000000", "180.0000000"],
          }
        : {
            place_id: 71217553,
            licence: "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright",
            osm_type: "relation",
            osm_id: 299133,
            lat: "64.9841821",
            lon: "-18.1059013",
            category: "boundary",
            type: "administrative",
            place_rank: 4,
            importance: 0.8273592727,
            addresstype: "country",
            name: "Ísland",
            display_name: "Ísland",
            address: { country: "Ísland", country_code: "is" },
            boundingbox: ["62.8424392", "67.8587330", "-25.0135063", "-12.7502327"],
          },
    );
  }
  if (url.pathname !== "/search") return unknown(req, url, res);
  const name = (url.searchParams.get("q") ?? "").toLowerCase();
  // Nominatim answers `[]` for a search that matches nothing (nominatim.org API docs: Search).
  return json(
    res,
    200,
    GEO.filter((g) => g.match.some((m) => name.startsWith(m))).map((g) => g.osm),
  );
}

function census(req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
  if (url.pathname !== "/geocoder/locations/onelineaddress") return unknown(req, url, res);
  const address = url.searchParams.get("address") ?? "";
  // The Census geocoder answers a place name without a street with no matches (geocoding.geo.census.gov docs).
  return json(res, 200, {
    result: {
      input: {
        address: { address },
        benchmark: {
          isDefault: true,
          benchmarkDescription: "Public Address Ranges - Current Benchmark",
          id: "4",
          benchmarkName: "Public_AR_Current",
        },
      },
      addressMatches: [],
    },
  });
}

// ------------------------------------------------------------------------------------ the weather-mcp proxy

function weatherMcpHandler(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  seen.push(`${req.method} ${url.host}${url.pathname}${url.search}`);
  switch (url.host) {
    case "api.weather.gov":
      return nws(req, url, res);
    case "api.open-meteo.com":
    case "archive-api.open-meteo.com":
    case "air-quality-api.open-meteo.com":
    case "geocoding-api.open-meteo.com":
      return openMeteo(req, url, res);
    case "nominatim.openstreetmap.org":
      return nominatim(req, url, res);
    case "geocoding.geo.census.gov":
      return census(req, url, res);
    default:
      return unknown(req, url, res);
  }
}

export const weatherMcpStandin = forwardProxy(WX_PROXY_PORT, ensureCertificate, weatherMcpHandler);

// ------------------------------------------------------------------------------------------ WeatherAPI.com

export const WAPI_KEY = "8f3c2a9d51e04b7c9a6231207260712";

// WeatherAPI.com's error answers (weatherapi.com/docs, "Error Codes"): `{"error": {"code": n, "message": "…"}}`
// with 400 (1003 q missing, 1005 bad URL, 1006 no location, 9999 internal), 401 (1002 no key, 2006 invalid key)
// and 403 (2007 monthly quota, 2008 key disabled, 2009 not on the plan).
const wapiError = (res: http.ServerResponse, status: number, code: number, message: string) =>
  json(res, status, { error: { code, message } }, { "cache-control": "no-cache" });

interface WLoc {
  name: string;
  region: string;
  country: string;
  lat: number;
  lon: number;
  tz_id: string;
  url: string;
  id: number;
}

const W_LOCATIONS: Record<string, WLoc> = {
  london: {
    id: 2801268,
    name: "London",
    region: "City of London, Greater London",
    country: "United Kingdom",
    lat: 51.5171,
    lon: -0.1062,
    tz_id: "Europe/London",
    url: "london-city-of-london-greater-london-united-kingdom",
  },
  seattle: {
    id: 2680543,
    name: "Seattle",
    region: "Washington",
    country: "United States of America",
    lat: 47.6064,
    lon: -122.3308,
    tz_id: "America/Los_Angeles",
    url: "seattle-washington-united-states-of-america",
  },
  "buffalo, ny": {
    id: 2548521,
    name: "Buffalo",
    region: "New York",
    country: "United States of America",
    lat: 42.8864,
    lon: -78.8786,
    tz_id: "America/New_York",
    url: "buffalo-new-york-united-states-of-america",
  },
  miami: {
    id: 2610385,
    name: "Miami",
    region: "Florida",
    country: "United States of America",
    lat: 25.7742,
    lon: -80.1936,
    tz_id: "America/New_York",
    url: "miami-florida-united-states-of-america",
  },
  "50.1,-5.55": {
    id: 2808843,
    name: "Penzance",
    region: "Cornwall",
    country: "United Kingdom",
    lat: 50.1,
    lon: -5.55,
    tz_id: "Europe/London",
    url: "penzance-cornwall-united-kingdom",
  },
};

const NOW = Date.parse("2026-12-07T11:52:00Z");
const OFFSET_H: Record<string, number> = {
  "Europe/London": 0,
  "America/Los_Angeles": -8,
  "America/New_York": -5,
};

function wloc(l: WLoc) {
  const local = new Date(NOW + (OFFSET_H[l.tz_id] ?? 0) * 3600_000).toISOString();
  const localtime = `${local.slice(0, 10)} ${String(Number(local.slice(11, 13))).padStart(1, "0")}:${local.slice(14, 16)}`;
  return {
    name: l.name,
    region: l.region,
    country: l.country,
    lat: l.lat,
    lon: l.lon,
    tz_id: l.tz_id,
    localtime_epoch: NOW / 1000,
    localtime,
  };
}

function wcurrent(aqi: boolean) {
  return {
    last_updated_epoch: NOW / 1000 - 420,
    last_updated: "2026-12-07 11:45",
    temp_c: 8.2,
    temp_f: 46.8,
    is_day: 1,
    condition: { text: "Light rain", icon: "//cdn.weatherapi.com/weather/64x64/day/296.png", code: 1183 },
    wind_mph: 11.9,
    wind_kph: 19.1,
    wind_degree: 224,
    wind_dir: "SW",
    pressure_mb: 1008,
    pressure_in: 29.77,
    precip_mm: 0.21,
    precip_in: 0.01,
    humidity: 87,
    cloud: 75,
    feelslike_c: 5.4,
    feelslike_f: 41.7,
    windchill_c: 5.1,
    windchill_f: 41.2,
    heatindex_c: 8.0,
    heatindex_f: 46.4,
    dewpoint_c: 6.1,
    dewpoint_f: 43.0,
    vis_km: 10,
    vis_miles: 6,
    uv: 0.4,
    gust_mph: 18.3,
    gust_kph: 29.5,
    ...(aqi
      ? {
          air_quality: {
            co: 227.2,
            no2: 24.605,
            o3: 41.0,
            so2: 3.515,
            pm2_5: 6.845,
            pm10: 9.065,
            "us-epa-index": 1,
            "gb-defra-index": 1,
          },
        }
      : {}),
  };
}

function wday(date: string, i: number) {
  const maxes = [9.4, 10.1, 7.8, 6.2, 8.8, 11.0, 9.7];
  const mins = [5.2, 6.6, 3.1, 1.9, 4.0, 7.2, 5.5];
  const codes: [string, number][] = [
    ["Patchy rain nearby", 1063],
    ["Moderate rain", 1189],
    ["Partly Cloudy ", 1003],
    ["Sunny", 1000],
    ["Overcast ", 1009],
    ["Light drizzle", 1153],
    ["Cloudy ", 1006],
  ];
  const [textC, code] = nth(codes, i);
  return {
    date,
    date_epoch: Date.parse(`${date}T00:00:00Z`) / 1000,
    day: {
      maxtemp_c: nth(maxes, i),
      maxtemp_f: Number((nth(maxes, i) * 1.8 + 32).toFixed(1)),
      mintemp_c: nth(mins, i),
      mintemp_f: Number((nth(mins, i) * 1.8 + 32).toFixed(1)),
      avgtemp_c: Number(((nth(maxes, i) + nth(mins, i)) / 2).toFixed(1)),
      avgtemp_f: Number((((nth(maxes, i) + nth(mins, i)) / 2) * 1.8 + 32).toFixed(1)),
      maxwind_mph: 16.6,
      maxwind_kph: 26.6,
      totalprecip_mm: nth([1.2, 6.8, 0, 0, 0.3, 0.9, 0], i),
      totalprecip_in: nth([0.05, 0.27, 0, 0, 0.01, 0.04, 0], i),
      totalsnow_cm: 0,
      avgvis_km: 9.4,
      avgvis_miles: 5,
      avghumidity: 84,
      daily_will_it_rain: nth([1, 1, 0, 0, 0, 1, 0], i),
      daily_chance_of_rain: nth([78, 89, 0, 0, 12, 66, 0], i),
      daily_will_it_snow: 0,
      daily_chance_of_snow: 0,
      condition: { text: textC, icon: `//cdn.weatherapi.com/weather/64x64/day/${code - 700}.png`, code },
      uv: 0.3,
    },
    astro: {
      sunrise: "07:53 AM",
      sunset: "03:52 PM",
      moonrise: "11:38 PM",
      moonset: "01:12 PM",
      moon_phase: "Waning Gibbous",
      moon_illumination: 61,
      is_moon_up: 0,
      is_sun_up: 0,
    },
    hour: [0, 6, 12, 18].map((h) => ({
      time_epoch: Date.parse(`${date}T${String(h).padStart(2, "0")}:00:00Z`) / 1000,
      time: `${date} ${String(h).padStart(2, "0")}:00`,
      temp_c: h === 12 ? nth(maxes, i) : nth(mins, i) + 1,
      is_day: h === 12 ? 1 : 0,
      condition: { text: textC, icon: `//cdn.weatherapi.com/weather/64x64/day/${code - 700}.png`, code },
      wind_kph: 18.4,
      wind_dir: "SW",
      pressure_mb: 1009,
      precip_mm: 0.1,
      humidity: 86,
      cloud: 80,
      feelslike_c: nth(mins, i) - 1.2,
      chance_of_rain: nth([78, 89, 0, 0, 12, 66, 0], i),
      chance_of_snow: 0,
    })),
  };
}

const BUFFALO_ALERT = {
  headline:
    "Lake Effect Snow Warning issued December 7 at 4:12AM EST until December 9 at 1:00AM EST by NWS Buffalo NY",
  msgtype: "Alert",
  severity: "Moderate",
  urgency: "Expected",
  areas: "Northern Erie; Southern Erie; Wyoming; Chautauqua; Cattaraugus",
  category: "Met",
  certainty: "Likely",
  event: "Lake Effect Snow Warning",
  note: "",
  effective: "2026-12-07T09:12:00+00:00",
  expires: "2026-12-09T06:00:00+00:00",
  desc: "* WHAT...Lake effect snow. Additional snow accumulations of 1 to 2 feet in the most persistent lake snows. Winds gusting as high as 35 mph.\n\n* WHERE...Northern Erie, Southern Erie, Wyoming, Chautauqua, and Cattaraugus counties.\n\n* WHEN...Until 1 AM EST Tuesday.\n\n* IMPACTS...Travel could be very difficult to impossible.",
  instruction:
    "Persons should consider delaying all travel. If travel is absolutely necessary, keep an extra flashlight, food, and water in your vehicle in case of an emergency.",
};

function wapiLocation(qv: string): WLoc | undefined {
  return W_LOCATIONS[qv.trim().toLowerCase()];
}

export const WAPI_SLOW_Q = "Boulder, CO";

function weatherApiHandler(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  seen.push(`${req.method} ${url.host}${url.pathname}${url.search.replace(WAPI_KEY, "<key>")}`);
  if (url.host !== "api.weatherapi.com") return unknown(req, url, res);
  const sp = url.searchParams;
  const key = sp.get("key");
  const endpoint = url.pathname.replace(/^\/v1\//, "");
  if (state.wapiBadGateway)
    return text(
      res,
      502,
      cloudflare502("api.weatherapi.com", "8ea1c4f9be2d6b31"),
      "text/html; charset=UTF-8",
      { server: "cloudflare", "cf-ray": "8ea1c4f9be2d6b31-LHR" },
    );
  if (!key) return wapiError(res, 401, 1002, "API key is invalid or not provided.");
  if (state.wapiKeyRevoked || key !== WAPI_KEY) return wapiError(res, 401, 2006, "API key is invalid.");
  if (state.wapiQuota) return wapiError(res, 403, 2007, "API key has exceeded calls per month quota.");
  if (state.wapiKeyDisabled) return wapiError(res, 403, 2008, "API key has been disabled.");
  if (state.wapiInternal) return wapiError(res, 400, 9999, "Internal application error.");
  const qv = sp.get("q");
  if (!qv) return wapiError(res, 400, 1003, "Parameter q is missing.");
  if (qv === WAPI_SLOW_Q)
    return later(15_000, () => wapiError(res, 400, 1006, "No matching location found."));
  if (endpoint === "future.json" || (endpoint === "marine.json" && sp.get("tides") === "yes"))
    return wapiError(
      res,
      403,
      2009,
      "API key does not have access to the resource. Please check pricing page for what is allowed in your API subscription plan.",
    );
  if (endpoint === "search.json") {
    const needle = qv.toLowerCase();
    const hits =
      needle.length >= 3
        ? Object.values(W_LOCATIONS).filter((l) => l.name.toLowerCase().startsWith(needle))
        : [];
    const extra =
      needle === "lond"
        ? [
            {
              id: 2796590,
              name: "Londonderry",
              region: "Derry",
              country: "United Kingdom",
              lat: 55.0,
              lon: -7.33,
              url: "londonderry-derry-united-kingdom",
            },
          ]
        : [];
    return json(
      res,
      200,
      [...hits, ...extra].map((l) => ({
        id: l.id,
        name: l.name,
        region: l.region,
        country: l.country,
        lat: l.lat,
        lon: l.lon,
        url: l.url,
      })),
    );
  }
  if (endpoint === "ip.json") {
    return json(res, 200, {
      ip: "81.2.69.160",
      type: "ipv4",
      continent_code: "EU",
      continent_name: "Europe",
      country_code: "GB",
      country_name: "United Kingdom",
      is_eu: "false",
      geoname_id: 2643743,
      city: "London",
      region: "England",
      lat: 51.5085,
      lon: -0.1257,
      tz_id: "Europe/London",
    });
  }
  const loc = wapiLocation(qv);
  if (!loc) return wapiError(res, 400, 1006, "No matching location found.");
  switch (endpoint) {
    case "current.json":
      return json(res, 200, { location: wloc(loc), current: wcurrent(sp.get("aqi") === "yes") });
    case "forecast.json": {
      const n = Math.max(1, Math.min(14, Number(sp.get("days") ?? 3)));
      const body: Record<string, unknown> = {
        location: wloc(loc),
        current: wcurrent(sp.get("aqi") === "yes"),
        forecast: { forecastday: dates("2026-12-07", n).map(wday) },
      };
      if (sp.get("alerts") === "yes") body.alerts = { alert: loc.name === "Buffalo" ? [BUFFALO_ALERT] : [] };
      return json(res, 200, body);
    }
    case "history.json": {
      const dt = sp.get("dt") ?? "";
      // WeatherAPI answers a date before 2010-01-01 (or in the future) with an empty forecastday list.
      const days = dt >= "2010-01-01" && dt <= "2026-12-07" ? [wday(dt, 3)] : [];
      return json(res, 200, { location: wloc(loc), forecast: { forecastday: days } });
    }
    case "marine.json":
      return json(res, 200, {
        location: wloc(loc),
        forecast: {
          forecastday: dates("2026-12-07", Number(sp.get("days") ?? 1)).map((date) => ({
            date,
            date_epoch: Date.parse(`${date}T00:00:00Z`) / 1000,
            day: {
              maxtemp_c: 11.2,
              mintemp_c: 8.9,
              maxwind_kph: 41.4,
              avghumidity: 83,
              condition: { text: "Patchy rain nearby", code: 1063 },
            },
            astro: { sunrise: "08:03 AM", sunset: "04:11 PM", moon_phase: "Waning Gibbous" },
            hour: [0, 6, 12, 18].map((h) => ({
              time: `${date} ${String(h).padStart(2, "0")}:00`,
              temp_c: 10.4,
              wind_kph: 33.1,
              wind_dir: "WSW",
              sig_ht_mt: 2.6,
              swell_ht_mt: 2.1,
              swell_dir: 254,
              swell_dir_16_point: "WSW",
              swell_period_secs: 11.4,
              water_temp_c: 12.3,
            })),
          })),
        },
      });
    case "astronomy.json":
      return json(res, 200, {
        location: wloc(loc),
        astronomy: {
          astro: {
            sunrise: "07:53 AM",
            sunset: "03:52 PM",
            moonrise: "11:38 PM",
            moonset: "01:12 PM",
            moon_phase: "Waning Gibbous",
            moon_illumination: 61,
            is_moon_up: 0,
            is_sun_up: 1,
          },
        },
      });
    case "timezone.json":
      return json(res, 200, wloc(loc));
    case "alerts.json":
      return json(res, 200, {
        location: wloc(loc),
        alerts: { alert: loc.name === "Buffalo" ? [BUFFALO_ALERT] : [] },
      });
    case "sports.json":
      return json(res, 200, {
        football:
          loc.name === "London"
            ? [
                {
                  stadium: "Arsenal vs Everton",
                  country: "United Kingdom",
                  region: "",
                  tournament: "Premier League",
                  start: "2026-12-12 15:00",
                  match: "Arsenal vs Everton",
                },
                {
                  stadium: "Tottenham vs Brentford",
                  country: "United Kingdom",
                  region: "",
                  tournament: "Premier League",
                  start: "2026-12-13 14:00",
                  match: "Tottenham vs Brentford",
                },
              ]
            : [],
        cricket: [],
        golf: [],
      });
    default:
      return wapiError(res, 400, 1005, "API request url is invalid.");
  }
}

export const weatherApiStandin = forwardProxy(WAPI_PROXY_PORT, ensureCertificate, weatherApiHandler);

export const ALL_STANDINS = [weatherMcpStandin, weatherApiStandin];
