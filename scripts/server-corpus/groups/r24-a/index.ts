// Group r24-a: flight data, flight tracking and flight booking search — Flightradar24's own MCP server
// (@flightradar24/fr24api-mcp), Variflight's (@variflight-ai/variflight-mcp) and a Booking.com flight search server
// on RapidAPI (flight-mcp-server): each published MCP server behind a loopback stand-in that answers with the real
// service's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r24-a && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r24-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  BK_SLOW_ORIGIN,
  BOOKING_PROXY_PORT,
  CERT,
  DATA,
  FR24_FLIGHT_ID,
  FR24_FLIGHT_SLOW,
  FR24_PROXY_PORT,
  FR24_TOKEN,
  RAPIDAPI_KEY,
  VARIFLIGHT_KEY,
  VARIFLIGHT_PORT,
  VF_FLIGHT_MISSING,
  VF_FLIGHT_SLOW,
  bookingStandin,
  clearTimers,
  ensureCertificate,
  fr24Standin,
  state,
  variflightStandin,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@flightradar24/fr24api-mcp": "1.0.2",
  "@variflight-ai/variflight-mcp": "1.0.3",
  "flight-mcp-server": "1.0.10",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

// --------------------------------------------------------------------------------------------- Flightradar24

const fr24: SessionSpec = {
  label: "r24-a-fr24",
  server: "@flightradar24/fr24api-mcp",
  transport: "stdio",
  start: stdioServer("r24-a-fr24", "@flightradar24/fr24api-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      FR24_API_KEY: FR24_TOKEN,
      HTTPS_PROXY: `http://127.0.0.1:${FR24_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      HOME,
    },
  }),
  steps: [
    step("frd-001", "get_airport_info_light", { code: "EGLL" }, "Heathrow's names and codes"),
    step("frd-002", "get_airport_info_full", { code: "KSFO" }, "San Francisco airport in full"),
    step("frd-003", "get_airline_info", { icao: "AFR" }, "the airline behind the ICAO code AFR"),
    step(
      "frd-004",
      "get_live_flights_positions_light",
      { bounds: "51.70,51.30,-0.70,0.30", limit: 20 },
      "aircraft in the air over London right now",
    ),
    step("frd-005", "get_live_flights_positions_full", { flights: "BA117" }, "where BA117 is now, in full"),
    step(
      "frd-006",
      "get_live_flights_count",
      { airports: "inbound:EGLL" },
      "how many flights are inbound to Heathrow",
    ),
    step(
      "frd-007",
      "get_live_flights_positions_full",
      { registrations: "G-XLEZ" },
      "a registration that is not airborne now (no positions)",
    ),
    step(
      "frd-008",
      "get_flight_summary_light",
      {
        flight_datetime_from: "2026-12-05T00:00:00Z",
        flight_datetime_to: "2026-12-07T00:00:00Z",
        flights: "BA117",
      },
      "BA117's take-offs and landings over two days",
    ),
    step(
      "frd-009",
      "get_flight_tracks",
      { flight_id: FR24_FLIGHT_ID },
      "the positional track of today's BA117",
    ),
    step(
      "frd-010",
      "get_historic_flight_events_full",
      { flight_ids: FR24_FLIGHT_ID, event_types: "takeoff,cruising,landed" },
      "take-off and cruise events of today's BA117",
    ),
    step("frd-011", "get_airport_info_light", { code: "XQZ" }, "an airport code that does not exist (404)"),
    step(
      "frd-012",
      "get_airport_info_light",
      { code: "XQZ" },
      "the same unknown airport code again, unchanged",
    ),
    step(
      "frd-013",
      "get_live_flights_positions_light",
      { limit: 10 },
      "live positions with no filter but a limit (the server's own check)",
    ),
    step(
      "frd-014",
      "get_flight_summary_full",
      {
        flight_datetime_from: "2026-11-01T00:00:00Z",
        flight_datetime_to: "2026-12-01T00:00:00Z",
        routes: "EGLL-KJFK",
      },
      "a month of London–New York summaries (the API allows 14 days: 400)",
    ),
    step(
      "frd-015",
      "get_historic_flights_positions_full",
      { timestamp: 1704067200, flights: "BA117" },
      "positions on 1 January 2024, older than the plan's history (403)",
    ),
    step(
      "frd-016",
      "get_live_flights_positions_full",
      { airports: "both:KJFK" },
      "JFK traffic while the token is over its per-minute limit (429, Retry-After)",
      flag("frRateLimited"),
    ),
    step(
      "frd-017",
      "get_live_flights_count",
      { routes: "EGLL-KJFK" },
      "a count when the subscription's credits are used up (402)",
      flag("frCreditsSpent"),
    ),
    step(
      "frd-018",
      "get_airline_info",
      { icao: "BAW" },
      "an airline after the API token was revoked (401)",
      flag("frTokenRevoked"),
    ),
    step(
      "frd-019",
      "get_flight_tracks",
      { flight_id: FR24_FLIGHT_ID },
      "the track while the API answers 500",
      flag("frServerError"),
    ),
    step(
      "frd-020",
      "get_live_flights_positions_light",
      { bounds: "51.70,51.30,-0.70,0.30" },
      "positions while the API's front answers an nginx 502 page",
      flag("frBadGateway"),
    ),
    step(
      "frd-021",
      "get_airport_info_full",
      { code: "EDDF" },
      "Frankfurt airport while the API answers an nginx 503 page",
      flag("frUnavailable"),
    ),
    step(
      "frd-022",
      "get_flight_summary_light",
      {
        flight_datetime_from: "2026-12-06T00:00:00Z",
        flight_datetime_to: "2026-12-07T00:00:00Z",
        flights: FR24_FLIGHT_SLOW,
      },
      "a summary the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "frd-023",
      "get_live_flights_positions_light",
      { bounds: "51.70,51.30,-0.70,0.30", limit: "fifty" },
      "the limit given as a word",
    ),
    step("frd-024", "get_flight_positions", { flights: "BA117" }, "a tool the server does not have"),
    step(
      "frd-025",
      "get_airport_info_light",
      { code: "EDDF" },
      "an airport while the API cannot be reached (proxy stopped)",
      down(fr24Standin),
    ),
  ],
};

// ------------------------------------------------------------------------------------------------ Variflight

const variflight: SessionSpec = {
  label: "r24-a-variflight",
  server: "@variflight-ai/variflight-mcp",
  transport: "stdio",
  start: stdioServer("r24-a-variflight", "@variflight-ai/variflight-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      VARIFLIGHT_API_KEY: VARIFLIGHT_KEY,
      VARIFLIGHT_API_URL: `http://127.0.0.1:${VARIFLIGHT_PORT}/api/v1/mcp/data`,
      TZ: "Asia/Shanghai",
      HOME,
    },
  }),
  steps: [
    step("vfl-001", "getTodayDate", {}, "today's date before searching"),
    step(
      "vfl-002",
      "searchFlightsByDepArr",
      { dep: "PEK", arr: "SHA", date: "2026-12-08" },
      "Beijing Capital to Hongqiao on 8 December",
    ),
    step("vfl-003", "searchFlightsByNumber", { fnum: "MU5101", date: "2026-12-08" }, "one flight by number"),
    step(
      "vfl-004",
      "getFlightTransferInfo",
      { depcity: "BJS", arrcity: "LAX", depdate: "2026-12-10" },
      "connections from Beijing to Los Angeles",
    ),
    step(
      "vfl-005",
      "flightHappinessIndex",
      { fnum: "CA1501", date: "2026-12-08" },
      "comfort details of CA1501",
    ),
    step("vfl-006", "getFutureWeatherByAirport", { airport: "PVG" }, "three-day weather at Pudong"),
    step("vfl-007", "getRealtimeLocationByAnum", { anum: "B-6127" }, "where aircraft B-6127 is now"),
    step(
      "vfl-008",
      "searchFlightItineraries",
      { depCityCode: "SHA", arrCityCode: "CTU", depDate: "2026-12-12" },
      "a recommended itinerary summary Shanghai–Chengdu",
    ),
    step(
      "vfl-009",
      "getFlightPriceByCities",
      { dep_city: "CAN", arr_city: "HGH", dep_date: "2026-12-09" },
      "per-cabin prices Guangzhou–Hangzhou",
    ),
    step(
      "vfl-010",
      "searchFlightsByDepArr",
      { depcity: "BJS", arrcity: "LXA", date: "2026-12-08" },
      "direct flights Beijing–Lhasa on a day with none",
    ),
    step(
      "vfl-011",
      "getFlightPriceByCities",
      { dep_city: "SHA", arr_city: "NGQ", dep_date: "2026-12-09" },
      "prices on a route with no flights on sale",
    ),
    step(
      "vfl-012",
      "searchFlightsByNumber",
      { fnum: VF_FLIGHT_MISSING, date: "2026-12-08" },
      "a flight number that does not operate that day",
    ),
    step(
      "vfl-013",
      "searchFlightsByNumber",
      { fnum: "mu5101", date: "2026-12-08" },
      "the flight number in lower case",
    ),
    step(
      "vfl-014",
      "getFutureWeatherByAirport",
      { airport: "Pudong" },
      "the airport given by name instead of its IATA code",
    ),
    step(
      "vfl-015",
      "getFlightPriceByCities",
      { dep_city: "BJS", arr_city: "SZX", dep_date: "2026-12-11" },
      "prices when the key's balance is spent (403 Insufficient balance)",
      flag("vfBalanceSpent"),
    ),
    step(
      "vfl-016",
      "getFlightPriceByCities",
      { dep_city: "BJS", arr_city: "SZX", dep_date: "2026-12-11" },
      "the same price query again, balance still spent",
      flag("vfBalanceSpent"),
    ),
    step(
      "vfl-017",
      "flightHappinessIndex",
      { fnum: "MU5101", date: "2026-12-08" },
      "comfort details after the key was reset (code 401 inside a 200)",
      flag("vfBadKey"),
    ),
    step(
      "vfl-018",
      "searchFlightsByDepArr",
      { dep: "CAN", arr: "PEK", date: "2026-12-09" },
      "a route search while the API answers 429 (Retry-After)",
      flag("vfRateLimited"),
    ),
    step(
      "vfl-019",
      "getFlightTransferInfo",
      { depcity: "SHA", arrcity: "SYD", depdate: "2026-12-15" },
      "connections while the API answers 500",
      flag("vfServerError"),
    ),
    step(
      "vfl-020",
      "getFutureWeatherByAirport",
      { airport: "CAN" },
      "weather while a gateway answers an nginx 502 page",
      flag("vfBadGateway"),
    ),
    step(
      "vfl-021",
      "searchFlightsByNumber",
      { fnum: VF_FLIGHT_SLOW, date: "2026-12-08" },
      "a flight the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("vfl-022", "getAirportDelayStats", { airport: "PEK" }, "a tool the server does not have"),
    step(
      "vfl-023",
      "searchFlightItineraries",
      { depCityCode: "BJS", arrCityCode: "CAN", depDate: "2026-12-12" },
      "an itinerary while the API cannot be reached (stand-in stopped)",
      down(variflightStandin),
    ),
  ],
};

// ------------------------------------------------------------------------------------- Booking.com flights

const booking: SessionSpec = {
  label: "r24-a-booking",
  server: "flight-mcp-server",
  transport: "stdio",
  start: stdioServer("r24-a-booking", "flight-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      RAPID_API_KEY: RAPIDAPI_KEY,
      HTTPS_PROXY: `http://127.0.0.1:${BOOKING_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      TZ: "UTC",
      HOME,
    },
  }),
  steps: [
    step(
      "bkf-001",
      "flight_search_flights",
      {
        origin: "New York",
        destination: "London",
        departure_date: "2027-01-15",
        return_date: "2027-01-22",
        adults: 2,
      },
      "a round trip New York–London for two",
    ),
    step(
      "bkf-002",
      "flight_search_flights",
      {
        origin: "JFK",
        destination: "LAX",
        departure_date: "2027-01-09",
        sort: "CHEAPEST",
        limit: 3,
        response_format: "json",
      },
      "the three cheapest one-way JFK–LAX, as JSON",
    ),
    step(
      "bkf-003",
      "flight_search_flights",
      {
        origin: "Berlin",
        destination: "Barcelona",
        departure_date: "2027-02-12",
        return_date: "2027-02-16",
        adults: 2,
        children_ages: [0, 7],
      },
      "a family round trip with an infant and a child",
    ),
    step(
      "bkf-004",
      "flight_search_flights",
      {
        origin: "SFO",
        destination: "Tokyo",
        departure_date: "2027-03-02",
        cabin_class: "BUSINESS",
        limit: 2,
      },
      "business class San Francisco–Tokyo",
    ),
    step(
      "bkf-005",
      "flight_search_flights",
      {
        origin: "Paris",
        destination: "Rome",
        fromId: "CDG.AIRPORT",
        toId: "FCO.AIRPORT",
        departure_date: "2027-01-20",
        response_format: "json",
      },
      "with Booking.com ids already resolved",
    ),
    step(
      "bkf-006",
      "flight_search_flights",
      { origin: "Lisbon", destination: "Corvo Island", departure_date: "2027-01-11" },
      "a route Booking.com has no offers on",
    ),
    step(
      "bkf-007",
      "flight_search_flights",
      { origin: "Springfield Municipal", destination: "Chicago", departure_date: "2027-01-18" },
      "an origin Booking.com cannot place",
    ),
    step(
      "bkf-008",
      "flight_search_flights",
      { origin: "Springfield Municipal", destination: "Chicago", departure_date: "2027-01-18" },
      "the same unplaceable origin again, unchanged",
    ),
    step(
      "bkf-009",
      "flight_search_flights",
      { origin: "London", destination: "New York", departure_date: "15/01/2027" },
      "the date written day-first with slashes",
    ),
    step(
      "bkf-010",
      "flight_search_flights",
      { origin: "London", destination: "New York", departure_date: "2027-01-15", adults: 12 },
      "twelve adults (the tool allows 9)",
    ),
    step(
      "bkf-011",
      "flight_search_flights",
      { origin: "London", destination: "New York", departure_date: "2027-01-15", nonstop: true },
      "an argument the tool does not take (nonstop)",
    ),
    step(
      "bkf-012",
      "flight_search_flights",
      { origin: "New York", destination: "London", departure_date: "2027-01-16" },
      "a search while RapidAPI rate-limits searchFlights (429; the server swallows it)",
      flag("bkRateLimited"),
    ),
    step(
      "bkf-013",
      "flight_search_flights",
      { origin: "Paris", destination: "Tokyo", departure_date: "2027-02-01" },
      "a search after the RapidAPI subscription lapsed (403 on the place lookup)",
      flag("bkNotSubscribed"),
    ),
    step(
      "bkf-014",
      "flight_search_flights",
      { origin: "JFK", destination: "LAX", departure_date: "2027-01-10" },
      "a search while the provider answers 500 (swallowed)",
      flag("bkServerError"),
    ),
    step(
      "bkf-015",
      "flight_search_flights",
      {
        origin: "Helsinki",
        destination: "London",
        fromId: BK_SLOW_ORIGIN,
        toId: "LHR.AIRPORT",
        departure_date: "2027-01-25",
      },
      "a search the provider takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "bkf-016",
      "flight_get_offer_details",
      { token: "d6a1f_H4sIAAAAAAAA_JFKLAX0" },
      "a tool the server does not have",
    ),
    step(
      "bkf-017",
      "flight_search_flights",
      {
        origin: "New York",
        destination: "London",
        departure_date: "2027-01-15",
        return_date: "2027-01-22",
        limit: 3,
      },
      "the round trip again, three offers",
    ),
    step(
      "bkf-018",
      "flight_search_flights",
      { origin: "New York", destination: "London", departure_date: "2027-01-16" },
      "a search while RapidAPI cannot be reached (proxy stopped)",
      down(bookingStandin),
    ),
    step(
      "bkf-019",
      "flight_search_flights",
      { origin: "Berlin", destination: "Barcelona", departure_date: "2027-02-12", cabin_class: "FIRST" },
      "first class Berlin–Barcelona",
    ),
    step(
      "bkf-020",
      "flight_search_flights",
      {
        origin: "Helsinki",
        destination: "London",
        fromId: BK_SLOW_ORIGIN,
        toId: "LHR.AIRPORT",
        departure_date: "2027-01-26",
      },
      "a slow search; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [fr24, variflight, booking];

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
