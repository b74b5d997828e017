// Verdicts for group r24-a, written from the captured exchanges (test/fixtures/server-corpus/groups/r24-a.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, silent, tool, wire } from "../../verdict-helpers.js";

const SWALLOWED =
  "flight-mcp-server's searchFlights catch turns any failed Booking.com search into an empty offer list, so nothing on the wire shows the failure";
const LOOKUP_SWALLOWED =
  "the place lookup's catch returns null for any failed request, and the server then says it cannot resolve the origin";

export const VERDICTS: Record<string, Verdict> = {
  // ------------------------------------------------------------------ @flightradar24/fr24api-mcp (stdio)
  "frd-001": ok("Heathrow's name, IATA LHR and ICAO EGLL"),
  "frd-002": ok("San Francisco airport in full: position, elevation, country, timezone"),
  "frd-003": ok("Air France, AF / AFR"),
  "frd-004": ok('"Found 3 flights (light details)" with their positions over London'),
  "frd-005": ok('"Found 1 flights (full details)": BA117 over the Atlantic, LHR→JFK'),
  "frd-006": ok('"Live flight count: 57"'),
  "frd-007": ok(
    '"Found 0 flights (full details): []": a position search for a registration not in the air found nothing',
    true,
  ),
  "frd-008": ok('"Found 2 flight summaries": two BA117 take-offs and landings'),
  "frd-009": ok('"Found track points for flight 3b2f9c1a" with three track points'),
  "frd-010": ok("take-off and cruising events for today's BA117"),
  "frd-011": tool(
    "validation",
    "http_404",
    false,
    'isError "Error fetching light airport info for XQZ: … Request failed with status code 404": the airport code does not exist',
  ),
  "frd-012": tool(
    "validation",
    "http_404",
    false,
    "the same 404 for the same unknown airport code, repeated unchanged right after it failed",
    true,
  ),
  "frd-013": tool(
    "validation",
    null,
    false,
    'the server\'s own check, isError "Error: At least one parameter other than limit must be provided and non-empty." (no code)',
  ),
  "frd-014": tool(
    "validation",
    "http_400",
    false,
    'isError "… /flight-summary/full: Request failed with status code 400": a 30-day window where the API takes 14 days at most',
  ),
  "frd-015": tool(
    "permission",
    "http_403",
    false,
    'isError "… /historic/flight-positions/full: Request failed with status code 403": history the subscription does not reach',
  ),
  "frd-016": tool(
    "rate_limited",
    "http_429",
    true,
    'isError "… Request failed with status code 429" (the Retry-After header is not on the wire)',
  ),
  "frd-017": tool(
    "business",
    "http_402",
    false,
    'isError "… /live/flight-positions/count: Request failed with status code 402": Payment Required, the subscription\'s credits are spent',
  ),
  "frd-018": tool(
    "auth",
    "http_401",
    false,
    'isError "Error fetching airline info for BAW: … Request failed with status code 401": the API token is no longer accepted',
  ),
  "frd-019": tool(
    "internal",
    "http_500",
    true,
    'isError "… /flight-tracks: Request failed with status code 500"',
  ),
  "frd-020": tool(
    "transient",
    "http_502",
    true,
    'isError "… Request failed with status code 502" (axios reports the status; the nginx page itself is not shown)',
  ),
  "frd-021": tool(
    "transient",
    "http_503",
    true,
    'isError "… /static/airports/EDDF/full: Request failed with status code 503"',
  ),
  "frd-022": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s: -32001 Request timed out",
  ),
  "frd-023": rpc(
    "validation",
    "invalid_type",
    false,
    'JSON-RPC -32602 "Invalid arguments for tool …": a zod issue with code invalid_type, limit "fifty" where a number belongs',
  ),
  "frd-024": rpc("unknown_tool", "-32602", false, 'JSON-RPC -32602 "Tool get_flight_positions not found"'),
  "frd-025": tool(
    "transient",
    "econnrefused",
    true,
    'isError "… Failed request to /static/airports/EDDF/light: connect ECONNREFUSED 127.0.0.1:41501": the API could not be reached',
  ),

  // --------------------------------------------------------------- @variflight-ai/variflight-mcp (stdio)
  "vfl-001": ok("\"2026-12-07\", today's date in the server's timezone"),
  "vfl-002": ok('{"code": 200, "message": "Success"} with two PEK→SHA flights'),
  "vfl-003": ok("code 200, MU5101's schedule, terminals, aircraft and on-time rate"),
  "vfl-004": ok("code 200, one connection via New York"),
  "vfl-005": ok("code 200, CA1501's comfort details"),
  "vfl-006": ok("code 200, current weather at Pudong and a three-day forecast"),
  "vfl-007": ok("code 200, B-6127's position, height and speed"),
  "vfl-008": ok("code 200, a Chinese summary: 3 flights on sale, lowest 860 yuan, and three recommendations"),
  "vfl-009": ok("code 200, two flights with their cabin prices"),
  "vfl-010": ok(
    '{"code": 200, "message": "Success", "data": []}: a route search that found no direct flight that day',
    true,
  ),
  "vfl-011": ok('{"code": 200, "message": "Success", "data": []}: no flights on sale on that route', true),
  "vfl-012": silent(
    "validation",
    null,
    false,
    'a lookup of one named flight (MU9731 on 8 December) answered {"code": 200, "message": "Success", "data": []}: that flight was not found',
  ),
  "vfl-013": rpc(
    "validation",
    "invalid_string",
    false,
    'JSON-RPC -32602 "Invalid arguments for tool searchFlightsByNumber": zod regex issue, code invalid_string, on fnum "mu5101"',
  ),
  "vfl-014": rpc(
    "validation",
    "invalid_string",
    false,
    'JSON-RPC -32602 "Invalid arguments for tool getFutureWeatherByAirport": zod regex issue, code invalid_string, on airport "Pudong"',
  ),
  "vfl-015": tool(
    "permission",
    "http_403",
    false,
    'isError "Error: API request failed: 403 Forbidden" (the body\'s "Insufficient balance" is not on the wire; the text is a bare 403)',
  ),
  "vfl-016": tool(
    "permission",
    "http_403",
    false,
    'the same "403 Forbidden" for the same price query, repeated unchanged right after it failed',
    true,
  ),
  "vfl-017": silent(
    "auth",
    "401",
    false,
    'an ok result whose text is {"code": 401, "message": "unauthorized", "data": []}: the API refused the key, and the server passed its envelope on as data',
  ),
  "vfl-018": tool(
    "rate_limited",
    "http_429",
    true,
    'isError "Error: API request failed: 429 Too Many Requests"',
  ),
  "vfl-019": tool(
    "internal",
    "http_500",
    true,
    'isError "Error: API request failed: 500 Internal Server Error"',
  ),
  "vfl-020": tool("transient", "http_502", true, 'isError "Error: API request failed: 502 Bad Gateway"'),
  "vfl-021": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s: -32001 Request timed out",
  ),
  "vfl-022": rpc("unknown_tool", "-32602", false, 'JSON-RPC -32602 "Tool getAirportDelayStats not found"'),
  "vfl-023": tool(
    "transient",
    null,
    true,
    'isError "Error: fetch failed": the API could not be reached (the refused connection\'s code is not in the text)',
  ),

  // ------------------------------------------------------------------------ flight-mcp-server (stdio)
  "bkf-001": ok(
    '"Found 3 flights (3 API requests)": round trips New York–London with prices and booking links',
  ),
  "bkf-002": ok("JSON: total_flights 3, the cheapest one-way JFK–LAX offers"),
  "bkf-003": ok("three family round trips Berlin–Barcelona, an infant and a 7-year-old counted"),
  "bkf-004": ok('"Found 2 flights": business class SFO–Tokyo'),
  "bkf-005": ok("JSON: three CDG–FCO offers, one API request (ids given, no lookups)"),
  "bkf-006": ok(
    '"Found 0 flights … No flights found for these search criteria": the search found no offers',
    true,
  ),
  "bkf-007": tool(
    "validation",
    null,
    false,
    "isError \"Unable to resolve origin 'Springfield Municipal' to a Booking.com location. Try using a specific airport code …\": the place lookup found nothing",
  ),
  "bkf-008": tool(
    "validation",
    null,
    false,
    "the same \"Unable to resolve origin 'Springfield Municipal'\" for the same arguments, repeated unchanged right after it failed",
    true,
  ),
  "bkf-009": tool(
    "validation",
    "invalid_string",
    false,
    'isError "❌ Error searching flights:" followed by a zod issue array, code invalid_string on departure_date "15/01/2027"',
  ),
  "bkf-010": tool(
    "validation",
    "too_big",
    false,
    'isError with a zod issue array: code too_big, "Number must be less than or equal to 9" for adults',
  ),
  "bkf-011": tool(
    "validation",
    "unrecognized_keys",
    false,
    "isError with a zod issue array: code unrecognized_keys, \"Unrecognized key(s) in object: 'nonstop'\"",
  ),
  "bkf-012": ok(
    `"Found 0 flights (2 API requests) … No flights found": on the wire an empty search. (Behind it RapidAPI answered 429 to searchFlights; ${SWALLOWED}.)`,
    true,
  ),
  "bkf-013": tool(
    "validation",
    null,
    false,
    `isError "Unable to resolve origin 'Paris' to a Booking.com location …": judged from the wire, a place that could not be resolved. (Behind it RapidAPI answered 403 "You are not subscribed to this API."; ${LOOKUP_SWALLOWED}.)`,
  ),
  "bkf-014": ok(
    `"Found 0 flights (2 API requests) … No flights found": on the wire an empty search. (Behind it the provider answered 500; ${SWALLOWED}.)`,
    true,
  ),
  "bkf-015": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s: -32001 Request timed out",
  ),
  "bkf-016": rpc(
    "unknown_tool",
    "-32603",
    false,
    'JSON-RPC -32603 "Unknown tool: flight_get_offer_details" (the low-level server throws a plain Error; the words decide)',
  ),
  "bkf-017": ok("three round-trip offers New York–London"),
  "bkf-018": tool(
    "validation",
    null,
    false,
    `isError "Unable to resolve origin 'New York' to a Booking.com location …": judged from the wire. (Behind it the connection was refused; ${LOOKUP_SWALLOWED}.)`,
  ),
  "bkf-019": ok("three first-class offers Berlin–Barcelona"),
  "bkf-020": wire(
    "transient",
    "connection_closed",
    true,
    "the server process was killed mid-call: -32000 Connection closed, no answer",
  ),
};
