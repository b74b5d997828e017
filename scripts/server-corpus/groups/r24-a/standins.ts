// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - the Flightradar24 API (`fr24api.flightradar24.com/api`, v1) for @flightradar24/fr24api-mcp: static airport and
//   airline data, live and historic positions, flight summaries, tracks and events; errors are
//   `{"message","details"}` with 400/401/402/403/404/429/500, and nginx pages for gateway errors. The host is
//   written into the server, which calls it with axios: axios follows HTTPS_PROXY with absolute-form requests, which
//   standin-kit's `forwardProxy` answers.
// - Variflight's MCP data API (`mcp.variflight.com/api/v1/mcp/data`: POST `{"endpoint","params"}`, header
//   X-VARIFLIGHT-KEY) for @variflight-ai/variflight-mcp: every answer is `{"code","message","data"}`, errors too
//   (code 401 in a 200), and HTTP 403 `{"message":"Insufficient balance"}` when the key's balance is spent.
//   VARIFLIGHT_API_URL points the server at a plain loopback listener.
// - Booking.com's flight search on RapidAPI (`booking-com15.p.rapidapi.com/api/v1/flights/…`) for
//   flight-mcp-server: `{"status","message","timestamp","data"}`; RapidAPI's gateway answers `{"message": …}` for
//   keys, subscriptions and rate limits. The host is written into the server (axios): its own forward proxy.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import path from "node:path";
import {
  certificate,
  clearTimers,
  forwardProxy,
  httpStandin,
  json,
  later,
  parse,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r24-a";
export const CERT = path.join(DATA, "standin-cert.pem");

export const VARIFLIGHT_PORT = 41500;
export const FR24_PROXY_PORT = 41501;
export const BOOKING_PROXY_PORT = 41502;

export const ensureCertificate = (): Certificate =>
  certificate(DATA, ["fr24api.flightradar24.com", "booking-com15.p.rapidapi.com"]);

export const state = {
  frRateLimited: false,
  frCreditsSpent: false,
  frTokenRevoked: false,
  frServerError: false,
  frBadGateway: false,
  frUnavailable: false,
  vfBalanceSpent: false,
  vfBadKey: false,
  vfRateLimited: false,
  vfServerError: false,
  vfBadGateway: false,
  bkRateLimited: false,
  bkNotSubscribed: false,
  bkServerError: false,
};

const NGINX_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";

// ------------------------------------------------------------------------------------------- Flightradar24

export const FR24_TOKEN = "9e1c4a7f-52b3-4d0e-8f6a-21c7b9d3e5a4|Kp3vQ8mZr2TfXw7LcN5yHs1JdB6gUa9E";
export const FR24_FLIGHT_ID = "3b2f9c1a";
export const FR24_FLIGHT_SLOW = "BA2490";

const AIRPORTS: Record<string, { light: Record<string, unknown>; full: Record<string, unknown> }> = {
  EGLL: {
    light: { name: "London Heathrow Airport", iata: "LHR", icao: "EGLL" },
    full: {
      name: "London Heathrow Airport",
      iata: "LHR",
      icao: "EGLL",
      lon: -0.461389,
      lat: 51.4775,
      elevation: 83,
      country: { code: "GB", name: "United Kingdom" },
      city: "London",
      state: null,
      timezone: { name: "Europe/London", offset: 0 },
    },
  },
  KSFO: {
    light: { name: "San Francisco International Airport", iata: "SFO", icao: "KSFO" },
    full: {
      name: "San Francisco International Airport",
      iata: "SFO",
      icao: "KSFO",
      lon: -122.374889,
      lat: 37.618972,
      elevation: 13,
      country: { code: "US", name: "United States" },
      city: "San Francisco",
      state: "California",
      timezone: { name: "America/Los_Angeles", offset: -28800 },
    },
  },
  EDDF: {
    light: { name: "Frankfurt am Main Airport", iata: "FRA", icao: "EDDF" },
    full: {
      name: "Frankfurt am Main Airport",
      iata: "FRA",
      icao: "EDDF",
      lon: 8.570556,
      lat: 50.033333,
      elevation: 364,
      country: { code: "DE", name: "Germany" },
      city: "Frankfurt",
      state: null,
      timezone: { name: "Europe/Berlin", offset: 3600 },
    },
  },
};

const AIRLINES: Record<string, Record<string, unknown>> = {
  AFR: { name: "Air France", iata: "AF", icao: "AFR" },
  BAW: { name: "British Airways", iata: "BA", icao: "BAW" },
};

const LIGHT_POSITIONS = [
  {
    fr24_id: "3b2fa014",
    hex: "4CA9F1",
    callsign: "EIN154",
    lat: 51.47213,
    lon: -0.48812,
    track: 271,
    alt: 1250,
    gspeed: 148,
    vspeed: -704,
    squawk: "5112",
    timestamp: "2026-12-06T23:41:07Z",
    source: "ADSB",
  },
  {
    fr24_id: "3b2f9e77",
    hex: "406A93",
    callsign: "BAW82M",
    lat: 51.55231,
    lon: -0.21705,
    track: 88,
    alt: 6025,
    gspeed: 262,
    vspeed: 1856,
    squawk: "4621",
    timestamp: "2026-12-06T23:41:06Z",
    source: "ADSB",
  },
  {
    fr24_id: "3b2fa102",
    hex: "3C6750",
    callsign: "DLH4CN",
    lat: 51.60972,
    lon: 0.10244,
    track: 243,
    alt: 9000,
    gspeed: 301,
    vspeed: -1216,
    squawk: "3467",
    timestamp: "2026-12-06T23:41:05Z",
    source: "MLAT",
  },
];

const FULL_POSITIONS = [
  {
    fr24_id: FR24_FLIGHT_ID,
    flight: "BA117",
    callsign: "BAW117",
    lat: 53.84121,
    lon: -24.11873,
    track: 284,
    alt: 37000,
    gspeed: 478,
    vspeed: 0,
    squawk: "2000",
    timestamp: "2026-12-06T23:40:58Z",
    source: "ADSB",
    hex: "4007F2",
    type: "B77W",
    reg: "G-STBA",
    painted_as: "BAW",
    operating_as: "BAW",
    orig_iata: "LHR",
    orig_icao: "EGLL",
    dest_iata: "JFK",
    dest_icao: "KJFK",
    eta: "2026-12-07T03:12:00Z",
  },
];

const SUMMARY_LIGHT = [
  {
    fr24_id: "3b1e8d40",
    flight: "BA117",
    callsign: "BAW117",
    operating_as: "BAW",
    painted_as: "BAW",
    type: "B77W",
    reg: "G-STBB",
    orig_icao: "EGLL",
    datetime_takeoff: "2026-12-05T11:52:31",
    dest_icao: "KJFK",
    dest_icao_actual: "KJFK",
    datetime_landed: "2026-12-05T19:31:07",
    hex: "4007F3",
    first_seen: "2026-12-05T11:21:40",
    last_seen: "2026-12-05T19:40:12",
    flight_ended: true,
  },
  {
    fr24_id: FR24_FLIGHT_ID,
    flight: "BA117",
    callsign: "BAW117",
    operating_as: "BAW",
    painted_as: "BAW",
    type: "B77W",
    reg: "G-STBA",
    orig_icao: "EGLL",
    datetime_takeoff: "2026-12-06T11:48:02",
    dest_icao: "KJFK",
    dest_icao_actual: null,
    datetime_landed: null,
    hex: "4007F2",
    first_seen: "2026-12-06T11:19:55",
    last_seen: "2026-12-06T23:40:58",
    flight_ended: false,
  },
];

const TRACKS = [
  {
    fr24_id: FR24_FLIGHT_ID,
    tracks: [
      {
        timestamp: "2026-12-06T11:48:02Z",
        lat: 51.46412,
        lon: -0.48301,
        alt: 0,
        gspeed: 162,
        vspeed: 2368,
        track: 270,
        squawk: "4627",
        callsign: "BAW117",
        source: "ADSB",
      },
      {
        timestamp: "2026-12-06T12:20:44Z",
        lat: 51.89017,
        lon: -4.21188,
        alt: 34000,
        gspeed: 468,
        vspeed: 64,
        track: 281,
        squawk: "4627",
        callsign: "BAW117",
        source: "ADSB",
      },
      {
        timestamp: "2026-12-06T23:40:58Z",
        lat: 53.84121,
        lon: -24.11873,
        alt: 37000,
        gspeed: 478,
        vspeed: 0,
        track: 284,
        squawk: "2000",
        callsign: "BAW117",
        source: "ADSB",
      },
    ],
  },
];

const EVENTS = [
  {
    fr24_id: FR24_FLIGHT_ID,
    callsign: "BAW117",
    hex: "4007F2",
    events: [
      {
        type: "takeoff",
        timestamp: "2026-12-06T11:48:02Z",
        lat: 51.46412,
        lon: -0.48301,
        alt: 0,
        gspeed: 162,
        details: { takeoff_runway: "27R" },
      },
      {
        type: "cruising",
        timestamp: "2026-12-06T12:09:31Z",
        lat: 51.71702,
        lon: -2.61349,
        alt: 34000,
        gspeed: 455,
        details: null,
      },
    ],
  },
];

const frError = (res: http.ServerResponse, status: number, message: string, details: string, headers = {}) =>
  json(res, status, { message, details }, headers);

function fr24Handler(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  if (url.hostname !== "fr24api.flightradar24.com") return text(res, 502, NGINX_502, "text/html");
  const p = url.pathname.replace(/^\/api/, "");
  const q = url.searchParams;
  if (req.headers.authorization !== `Bearer ${FR24_TOKEN}` || state.frTokenRevoked)
    return frError(res, 401, "Unauthenticated.", "The API token is invalid or has been revoked.");
  if (state.frCreditsSpent)
    return frError(
      res,
      402,
      "Payment Required",
      "You have used all credits included in your subscription. Top up or upgrade your plan to continue.",
    );
  if (state.frRateLimited)
    return frError(res, 429, "Too Many Requests", "Rate limit exceeded: 10 requests per minute.", {
      "retry-after": "60",
    });
  if (state.frServerError) return frError(res, 500, "Server Error", "");
  if (state.frBadGateway) return text(res, 502, NGINX_502, "text/html");
  if (state.frUnavailable)
    return text(
      res,
      503,
      "<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n",
      "text/html",
      { "retry-after": "120" },
    );

  let m = /^\/static\/airports\/([^/]+)\/(light|full)$/.exec(p);
  if (m) {
    const airport = AIRPORTS[m[1]!.toUpperCase()];
    if (!airport) return frError(res, 404, "Not found", `Airport not found: ${m[1]}`);
    return json(res, 200, m[2] === "light" ? airport.light : airport.full);
  }
  m = /^\/static\/airlines\/([^/]+)\/light$/.exec(p);
  if (m) {
    const airline = AIRLINES[m[1]!.toUpperCase()];
    if (!airline) return frError(res, 404, "Not found", `Airline not found: ${m[1]}`);
    return json(res, 200, airline);
  }
  if (p === "/live/flight-positions/light") return json(res, 200, { data: LIGHT_POSITIONS });
  if (p === "/live/flight-positions/full") {
    if (q.get("registrations")) return json(res, 200, { data: [] });
    return json(res, 200, { data: FULL_POSITIONS });
  }
  if (p === "/live/flight-positions/count") return json(res, 200, { record_count: 57 });
  if (p.startsWith("/historic/flight-positions/")) {
    const ts = Number(q.get("timestamp"));
    if (ts < Date.now() / 1000 - 30 * 86_400)
      return frError(
        res,
        403,
        "Forbidden",
        "Your subscription plan does not include access to historic data older than 30 days.",
      );
    return json(res, 200, { data: FULL_POSITIONS });
  }
  if (p.startsWith("/flight-summary/")) {
    const from = Date.parse(q.get("flight_datetime_from") ?? "");
    const to = Date.parse(q.get("flight_datetime_to") ?? "");
    if (to - from > 14 * 86_400_000)
      return frError(
        res,
        400,
        "Validation failed",
        "The flight_datetime_to must be a date within 14 days of flight_datetime_from.",
      );
    if (q.get("flights") === FR24_FLIGHT_SLOW) return later(15_000, () => json(res, 200, { data: [] }));
    if (p.endsWith("/count")) return json(res, 200, { record_count: SUMMARY_LIGHT.length });
    return json(res, 200, { data: SUMMARY_LIGHT });
  }
  if (p === "/flight-tracks") {
    if (q.get("flight_id") !== FR24_FLIGHT_ID)
      return frError(res, 404, "Not found", `Flight not found: ${q.get("flight_id")}`);
    return json(res, 200, TRACKS);
  }
  if (p.startsWith("/historic/flight-events/")) return json(res, 200, { data: EVENTS });
  frError(res, 404, "Not found", `The route ${p} could not be found.`);
}

export const fr24Standin = forwardProxy(FR24_PROXY_PORT, ensureCertificate, fr24Handler);

// ------------------------------------------------------------------------------------------------ Variflight

export const VARIFLIGHT_KEY = "sk-7f3c9e21b4a85d06e2c1f9a7b3d4e8c5";
export const VF_FLIGHT_MISSING = "MU9731";
export const VF_FLIGHT_SLOW = "CZ3101";

const VF_FLIGHTS = [
  {
    FlightNo: "MU5101",
    FlightCompany: "中国东方航空股份有限公司",
    FlightDepcode: "SHA",
    FlightArrcode: "PEK",
    FlightDeptimePlanDate: "2026-12-08 08:00:00",
    FlightArrtimePlanDate: "2026-12-08 10:15:00",
    FlightDeptimeReadyDate: "2026-12-08 08:00:00",
    FlightArrtimeReadyDate: "2026-12-08 10:10:00",
    FlightDeptimeDate: "",
    FlightArrtimeDate: "",
    CheckinTable: "A01-A12",
    BoardGate: "",
    BaggageID: "",
    FlightState: "计划",
    FlightHTerminal: "T2",
    FlightTerminal: "T3",
    org_timezone: "28800",
    dst_timezone: "28800",
    ShareFlightNo: "",
    StopFlag: "0",
    ShareFlag: "0",
    FlightDep: "上海",
    FlightArr: "北京",
    FlightDepAirport: "上海虹桥",
    FlightArrAirport: "北京首都",
    ftype: "A333",
    generic: "空客A330-300",
    AircraftNumber: "B-6127",
    OntimeRate: "92.31%",
    DepWeather: "多云|10000|东北风2级|8",
    ArrWeather: "晴|10000|北风3级|-2",
  },
];

const VF_ROUTE = [
  {
    FlightNo: "CA1501",
    FlightCompany: "中国国际航空股份有限公司",
    FlightDepcode: "PEK",
    FlightArrcode: "SHA",
    FlightDeptimePlanDate: "2026-12-08 08:30:00",
    FlightArrtimePlanDate: "2026-12-08 10:40:00",
    FlightState: "计划",
    FlightHTerminal: "T3",
    FlightTerminal: "T2",
    StopFlag: "0",
    ShareFlag: "0",
    FlightDep: "北京",
    FlightArr: "上海",
    ftype: "B789",
    AircraftNumber: "B-1467",
    OntimeRate: "88.00%",
  },
  {
    FlightNo: "MU5102",
    FlightCompany: "中国东方航空股份有限公司",
    FlightDepcode: "PEK",
    FlightArrcode: "SHA",
    FlightDeptimePlanDate: "2026-12-08 11:00:00",
    FlightArrtimePlanDate: "2026-12-08 13:10:00",
    FlightState: "计划",
    FlightHTerminal: "T2",
    FlightTerminal: "T2",
    StopFlag: "0",
    ShareFlag: "0",
    FlightDep: "北京",
    FlightArr: "上海",
    ftype: "A333",
    AircraftNumber: "B-6127",
    OntimeRate: "90.00%",
  },
];

const vf = (res: http.ServerResponse, data: unknown) =>
  json(res, 200, { code: 200, message: "Success", data });

function variflightHandler(req: http.IncomingMessage, _url: URL, body: string, res: http.ServerResponse) {
  if (req.method !== "POST") return json(res, 405, { code: 405, message: "Method Not Allowed", data: null });
  if (state.vfBalanceSpent) return json(res, 403, { message: "Insufficient balance" });
  if (state.vfRateLimited)
    return json(res, 429, { code: 429, message: "Too Many Requests", data: null }, { "retry-after": "30" });
  if (state.vfServerError) return json(res, 500, { code: 500, message: "Internal Server Error", data: null });
  if (state.vfBadGateway) return text(res, 502, NGINX_502, "text/html");
  if (req.headers["x-variflight-key"] !== VARIFLIGHT_KEY || state.vfBadKey)
    return json(res, 200, { code: 401, message: "unauthorized", data: [] });
  const { endpoint, params = {} } = parse(body) as { endpoint?: string; params?: Record<string, string> };
  switch (endpoint) {
    case "flights":
      if (params.arrcity === "LXA" || params.arr === "LXA") return vf(res, []);
      return vf(res, VF_ROUTE);
    case "flight":
      if (params.fnum === VF_FLIGHT_MISSING) return vf(res, []);
      if (params.fnum === VF_FLIGHT_SLOW) return later(15_000, () => vf(res, []));
      return vf(res, VF_FLIGHTS);
    case "transfer":
      return vf(res, [
        {
          transferNum: 1,
          totalDuration: "16h05m",
          legs: [
            {
              FlightNo: "CA981",
              FlightDepcode: "PEK",
              FlightArrcode: "JFK",
              FlightDeptimePlanDate: "2026-12-10 13:00:00",
              FlightArrtimePlanDate: "2026-12-10 14:05:00",
            },
            {
              FlightNo: "B6823",
              FlightDepcode: "JFK",
              FlightArrcode: "LAX",
              FlightDeptimePlanDate: "2026-12-10 17:30:00",
              FlightArrtimePlanDate: "2026-12-10 21:05:00",
            },
          ],
          transferCity: "纽约",
          transferDuration: "3h25m",
        },
      ]);
    case "happiness":
      return vf(res, [
        {
          FlightNo: params.fnum,
          FlightDepcode: "PEK",
          FlightArrcode: "SHA",
          OntimeRate: "88.00%",
          avgDelayTime: "14",
          ftype: "B789",
          generic: "波音787-9",
          age: "6.2",
          seatPitch: "31-32英寸",
          meal: "正餐",
          entertainment: "个人娱乐屏",
          wifi: "无",
          happinessIndex: "4.3",
        },
      ]);
    case "realtimeLocation":
      return vf(res, {
        anum: params.anum,
        fnum: "MU5101",
        lat: "35.217",
        lon: "117.842",
        height: "9800",
        speed: "842",
        angle: "352",
        updateTime: "2026-12-06 23:41:02",
      });
    case "futureAirportWeather":
      return vf(res, {
        current: {
          Type: "多云",
          Visib: "10000",
          WindDirection: "东北风",
          WindPower: "3级",
          Temperature: "9",
        },
        future: [
          { date: "2026-12-07", Type: "小雨", minTemp: "6", maxTemp: "11" },
          { date: "2026-12-08", Type: "阴", minTemp: "5", maxTemp: "10" },
          { date: "2026-12-09", Type: "晴", minTemp: "3", maxTemp: "12" },
        ],
      });
    case "searchFlightItineraries":
      return vf(
        res,
        "查询到了3条可售航班，最低价:860元，最短耗时:2h50m。推荐方案：航班号：MU5401，起飞时间：2026-12-12 07:40，到达时间：2026-12-12 10:30，耗时：2h50m，无需中转，经济舱价格：860元；航班号：3U8962，起飞时间：2026-12-12 09:05，到达时间：2026-12-12 12:05，耗时：3h0m，无需中转，经济舱价格：910元；航班号：CA4510，起飞时间：2026-12-12 13:30，到达时间：2026-12-12 16:35，耗时：3h5m，无需中转，经济舱价格：1120元",
      );
    case "getFlightPriceByCities":
      if (params.arr_city === "NGQ") return vf(res, []);
      return vf(res, [
        {
          flightno: "CZ3589",
          flightcompany: "中国南方航空",
          flightdepcode: "CAN",
          flightarrcode: "HGH",
          depaptccity: "广州",
          arraptccity: "杭州",
          depdate: params.dep_date,
          deptime: "08:05",
          arrtime: "10:15",
          stopflag: 0,
          cabins: [
            { cabinclass: "Y", price: 690, stprice: 0, discount: 0.5 },
            { cabinclass: "F", price: 3350, stprice: 0, discount: 1.0 },
          ],
        },
        {
          flightno: "MF8153",
          flightcompany: "厦门航空",
          flightdepcode: "CAN",
          flightarrcode: "HGH",
          depaptccity: "广州",
          arraptccity: "杭州",
          depdate: params.dep_date,
          deptime: "12:40",
          arrtime: "14:50",
          stopflag: 0,
          cabins: [{ cabinclass: "Y", price: 620, stprice: 0, discount: 0.45 }],
        },
      ]);
    default:
      return json(res, 200, { code: 404, message: "endpoint not found", data: null });
  }
}

export const variflightStandin = httpStandin(VARIFLIGHT_PORT, variflightHandler);

// ---------------------------------------------------------------------------------------- Booking.com (RapidAPI)

export const RAPIDAPI_KEY = "3c8f1e2a9bmsh7d4e6a0b5c2f981p1a7e3cjsn4b9d0f6e2a8c";
export const BK_SLOW_ORIGIN = "HEL.AIRPORT";

interface Place {
  id: string;
  type: "AIRPORT" | "CITY";
  name: string;
  code: string;
  city?: string;
  cityName: string;
  regionName?: string;
  country: string;
  countryName: string;
}

const PLACES: Record<string, Place[]> = {
  "new york": [
    {
      id: "NYC.CITY",
      type: "CITY",
      name: "New York",
      code: "NYC",
      cityName: "New York",
      regionName: "New York",
      country: "US",
      countryName: "United States",
    },
    {
      id: "JFK.AIRPORT",
      type: "AIRPORT",
      name: "John F. Kennedy International Airport",
      code: "JFK",
      city: "NYC",
      cityName: "New York",
      regionName: "New York",
      country: "US",
      countryName: "United States",
    },
  ],
  london: [
    {
      id: "LON.CITY",
      type: "CITY",
      name: "London",
      code: "LON",
      cityName: "London",
      regionName: "England",
      country: "GB",
      countryName: "United Kingdom",
    },
    {
      id: "LHR.AIRPORT",
      type: "AIRPORT",
      name: "Heathrow Airport",
      code: "LHR",
      city: "LON",
      cityName: "London",
      regionName: "England",
      country: "GB",
      countryName: "United Kingdom",
    },
  ],
  jfk: [
    {
      id: "JFK.AIRPORT",
      type: "AIRPORT",
      name: "John F. Kennedy International Airport",
      code: "JFK",
      city: "NYC",
      cityName: "New York",
      regionName: "New York",
      country: "US",
      countryName: "United States",
    },
  ],
  lax: [
    {
      id: "LAX.AIRPORT",
      type: "AIRPORT",
      name: "Los Angeles International Airport",
      code: "LAX",
      city: "LAX",
      cityName: "Los Angeles",
      regionName: "California",
      country: "US",
      countryName: "United States",
    },
  ],
  lisbon: [
    {
      id: "LIS.AIRPORT",
      type: "AIRPORT",
      name: "Humberto Delgado Airport",
      code: "LIS",
      city: "LIS",
      cityName: "Lisbon",
      country: "PT",
      countryName: "Portugal",
    },
  ],
  "corvo island": [
    {
      id: "CVU.AIRPORT",
      type: "AIRPORT",
      name: "Corvo Airport",
      code: "CVU",
      city: "CVU",
      cityName: "Corvo Island",
      country: "PT",
      countryName: "Portugal",
    },
  ],
  berlin: [
    {
      id: "BER.AIRPORT",
      type: "AIRPORT",
      name: "Berlin Brandenburg Airport",
      code: "BER",
      city: "BER",
      cityName: "Berlin",
      country: "DE",
      countryName: "Germany",
    },
  ],
  barcelona: [
    {
      id: "BCN.AIRPORT",
      type: "AIRPORT",
      name: "Barcelona–El Prat Airport",
      code: "BCN",
      city: "BCN",
      cityName: "Barcelona",
      country: "ES",
      countryName: "Spain",
    },
  ],
  paris: [
    {
      id: "PAR.CITY",
      type: "CITY",
      name: "Paris",
      code: "PAR",
      cityName: "Paris",
      regionName: "Île-de-France",
      country: "FR",
      countryName: "France",
    },
  ],
  rome: [
    {
      id: "ROM.CITY",
      type: "CITY",
      name: "Rome",
      code: "ROM",
      cityName: "Rome",
      regionName: "Lazio",
      country: "IT",
      countryName: "Italy",
    },
    {
      id: "FCO.AIRPORT",
      type: "AIRPORT",
      name: "Leonardo da Vinci–Fiumicino Airport",
      code: "FCO",
      city: "ROM",
      cityName: "Rome",
      regionName: "Lazio",
      country: "IT",
      countryName: "Italy",
    },
  ],
  cdg: [
    {
      id: "CDG.AIRPORT",
      type: "AIRPORT",
      name: "Paris Charles de Gaulle Airport",
      code: "CDG",
      city: "PAR",
      cityName: "Paris",
      regionName: "Île-de-France",
      country: "FR",
      countryName: "France",
    },
  ],
  helsinki: [
    {
      id: "HEL.AIRPORT",
      type: "AIRPORT",
      name: "Helsinki-Vantaa Airport",
      code: "HEL",
      city: "HEL",
      cityName: "Helsinki",
      country: "FI",
      countryName: "Finland",
    },
  ],
  tokyo: [
    {
      id: "TYO.CITY",
      type: "CITY",
      name: "Tokyo",
      code: "TYO",
      cityName: "Tokyo",
      country: "JP",
      countryName: "Japan",
    },
    {
      id: "HND.AIRPORT",
      type: "AIRPORT",
      name: "Tokyo Haneda Airport",
      code: "HND",
      city: "TYO",
      cityName: "Tokyo",
      country: "JP",
      countryName: "Japan",
    },
  ],
  sfo: [
    {
      id: "SFO.AIRPORT",
      type: "AIRPORT",
      name: "San Francisco International Airport",
      code: "SFO",
      city: "SFO",
      cityName: "San Francisco",
      regionName: "California",
      country: "US",
      countryName: "United States",
    },
  ],
};

const money = (units: number, nanos = 0) => ({ currencyCode: "USD", units, nanos });

/** The airport a Booking.com id stands for (a CITY id flies from that city's first airport). */
function airportOf(id: string) {
  const [code, kind] = id.split(".") as [string, string | undefined];
  for (const list of Object.values(PLACES))
    for (const place of list)
      if (place.type === "AIRPORT" && (kind === "CITY" ? place.city === code : place.code === code))
        return {
          type: "AIRPORT",
          code: place.code,
          name: place.name,
          city: place.city ?? place.code,
          cityName: place.cityName,
          country: place.country,
          countryName: place.countryName,
        };
  return {
    type: "AIRPORT",
    code,
    name: `${code} Airport`,
    city: code,
    cityName: code,
    country: "",
    countryName: "",
  };
}

function segment(
  from: string,
  to: string,
  dep: string,
  arr: string,
  seconds: number,
  carrier: [string, string],
  number: number,
  cabin: string,
) {
  const departureAirport = airportOf(from);
  const arrivalAirport = airportOf(to);
  return {
    departureAirport,
    arrivalAirport,
    departureTime: dep,
    arrivalTime: arr,
    legs: [
      {
        departureTime: dep,
        arrivalTime: arr,
        departureAirport,
        arrivalAirport,
        cabinClass: cabin,
        flightInfo: {
          facilities: [],
          flightNumber: number,
          planeType: "",
          carrierInfo: { operatingCarrier: carrier[1], marketingCarrier: carrier[1] },
        },
        carriersData: [
          {
            name: carrier[0],
            code: carrier[1],
            logo: `https://r-xx.bstatic.com/data/airlines_logo/${carrier[1]}.png`,
          },
        ],
        totalTime: seconds,
        flightStops: [],
        amenities: [],
      },
    ],
    totalTime: seconds,
    travellerCheckedLuggage: [
      { travellerReference: "1", allowance: { maxPiece: 1, maxWeightPerPiece: 23, massUnit: "KG" } },
    ],
    isAtolProtected: false,
  };
}

function offers(q: URLSearchParams) {
  const from = q.get("fromId")!;
  const to = q.get("toId")!;
  const depart = q.get("departDate")!;
  const back = q.get("returnDate");
  const cabin = q.get("cabinClass") ?? "ECONOMY";
  const carriers: [string, string][] = [
    ["British Airways", "BA"],
    ["Delta Air Lines", "DL"],
    ["Lufthansa", "LH"],
  ];
  return carriers.map((carrier, i) => {
    const segments = [
      segment(
        from,
        to,
        `${depart}T${String(8 + i * 3).padStart(2, "0")}:15:00`,
        `${depart}T${String(14 + i * 3).padStart(2, "0")}:40:00`,
        23100 + i * 1800,
        carrier,
        117 + i * 40,
        cabin,
      ),
    ];
    if (back)
      segments.push(
        segment(
          to,
          from,
          `${back}T${String(9 + i * 2).padStart(2, "0")}:05:00`,
          `${back}T${String(12 + i * 2).padStart(2, "0")}:25:00`,
          26400 + i * 900,
          carrier,
          118 + i * 40,
          cabin,
        ),
      );
    const base = (back ? 540 : 290) + i * 85;
    return {
      token: `d6a1f_H4sIAAAAAAAA_${from.slice(0, 3)}${to.slice(0, 3)}${i}`,
      segments,
      priceBreakdown: {
        total: money(base + 112, 370000000),
        baseFare: money(base, 0),
        tax: money(112, 370000000),
        totalRounded: money(base + 112, 0),
        discount: money(0, 0),
        totalWithoutDiscount: money(base + 112, 370000000),
      },
      travellerPrices: [],
      offerReference: `ref-${i}`,
      tripType: back ? "ROUNDTRIP" : "ONEWAY",
    };
  });
}

const rapid = (res: http.ServerResponse, status: number, message: string, headers = {}) =>
  json(res, status, { message }, headers);

function bookingHandler(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  if (url.hostname !== "booking-com15.p.rapidapi.com") return text(res, 502, NGINX_502, "text/html");
  if (req.headers["x-rapidapi-key"] !== RAPIDAPI_KEY)
    return rapid(res, 401, "Invalid API key. Go to https://docs.rapidapi.com/docs/keys for more info.");
  if (state.bkNotSubscribed) return rapid(res, 403, "You are not subscribed to this API.");
  const p = url.pathname;
  const q = url.searchParams;
  const now = Date.now();
  if (p === "/api/v1/flights/searchDestination") {
    const places = PLACES[(q.get("query") ?? "").trim().toLowerCase()] ?? [];
    return json(res, 200, { status: true, message: "Success", timestamp: now, data: places });
  }
  if (p === "/api/v1/flights/searchFlights") {
    if (state.bkRateLimited)
      return rapid(
        res,
        429,
        "You have exceeded the rate limit per second for your plan, BASIC, by the API provider",
        {
          "retry-after": "1",
        },
      );
    if (state.bkServerError)
      return json(res, 500, { status: false, message: "Something went wrong", timestamp: now });
    if (q.get("fromId") === BK_SLOW_ORIGIN)
      return later(15_000, () =>
        json(res, 200, { status: true, message: "Success", timestamp: now, data: { flightOffers: [] } }),
      );
    const empty = q.get("toId") === "CVU.AIRPORT";
    const flightOffers = empty ? [] : offers(q);
    return json(res, 200, {
      status: true,
      message: "Success",
      timestamp: now,
      data: {
        aggregation: {
          totalCount: flightOffers.length,
          filteredTotalCount: flightOffers.length,
          stops: [{ numberOfStops: 0, count: flightOffers.length }],
        },
        flightOffers,
        baggagePolicies: [],
        searchId: `FO_${now}`,
      },
    });
  }
  rapid(res, 404, `Endpoint '${p}' does not exist`);
}

export const bookingStandin = forwardProxy(BOOKING_PROXY_PORT, ensureCertificate, bookingHandler);

export const ALL_STANDINS = [variflightStandin, fr24Standin, bookingStandin];
