// Group r44-h: hotels, trips and places to stay — a travel desk's hotel searches on Booking.com through
// drtrips-hotel-mcp (DrTrips' server on the booking-com15 API that DataCrawler publishes on RapidAPI), and a small
// Swiss vacation-rental business's properties, bookings, rates and guest messages on Lodgify through
// @mikerob/lodgify-mcp (Mike Robinson's server on Lodgify's public API). Both published servers run behind loopback
// stand-ins (standins.ts).
//
//   (cd scripts/server-corpus/groups/r44-h && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r44-h

import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  LG,
  LODGIFY_KEY,
  LODGIFY_KEY_REVOKED,
  LODGIFY_PROXY_PORT,
  RAPID_KEY,
  RAPID_KEY_UNSUBSCRIBED,
  RAPID_KEY_WRONG,
  RAPID_PROXY_PORT,
  clearTimers,
  ensureCertificate,
  lodgifyProxy,
  rapidProxy,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
import fs from "node:fs";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "drtrips-hotel-mcp": "1.0.1",
  "@mikerob/lodgify-mcp": "0.1.25",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
// The servers' working directory, in this group's own folder rather than the harness's shared /tmp/faultline-corpus:
// lodgify-mcp writes its log file under <cwd>/logs (pino, opened asynchronously at start), and drtrips-hotel-mcp
// reads <cwd>/.env. In the first capture another group removed the shared folder while the Lodgify server was
// starting; the server died with the first call ("Connection closed") and every later call found the client closed.
const CWD = path.join(DATA, "cwd");

// ── drtrips-hotel-mcp ─────────────────────────────────────────────────────────────────────────────────────────────

const drtripsEnv = (key: string) => ({
  HOME,
  // booking-com15.p.rapidapi.com is written into the server; axios follows HTTPS_PROXY by itself.
  HTTPS_PROXY: `http://127.0.0.1:${RAPID_PROXY_PORT}`,
  NODE_EXTRA_CA_CERTS: CERT,
  RAPID_API_KEY: key,
  TZ: "UTC",
});

const stay = { check_in_date: "2027-03-12", check_out_date: "2027-03-15", adults: 2 };

const drtripsSession: SessionSpec = {
  label: "r44-h-drtrips",
  server: "drtrips-hotel-mcp",
  transport: "stdio",
  start: stdioServer("r44-h-drtrips", "drtrips-hotel-mcp", {
    from: FROM,
    cwd: CWD,
    env: drtripsEnv(RAPID_KEY),
  }),
  steps: [
    step(
      "h-drt-001",
      "search_hotels",
      { destination: "Lisbon", ...stay },
      "three hotels in Lisbon for three nights (destination, hotel list, details and photos)",
    ),
    step(
      "h-drt-002",
      "search_hotels",
      { destination: "Porto", ...stay, currency: "EUR", max_results: 5, format: "markdown" },
      "Porto as markdown, five asked for, two found",
    ),
    step(
      "h-drt-003",
      "search_hotels",
      {
        destination: "Kyoto",
        check_in_date: "2027-04-02",
        check_out_date: "2027-04-06",
        adults: 2,
        children: [6, 9],
        rooms: 1,
        currency: "JPY",
        max_results: 2,
      },
      "a family room in Kyoto with two children",
    ),
    step(
      "h-drt-004",
      "search_hotels",
      { destination: "Xewkija Heliport", ...stay },
      "a destination Booking.com does not know: no destinations",
    ),
    step(
      "h-drt-005",
      "search_hotels",
      { destination: "Hallstatt", check_in_date: "2027-12-30", check_out_date: "2028-01-02", adults: 2 },
      "New Year in Hallstatt: the destination is found, no property has a room",
    ),
    step(
      "h-drt-006",
      "search_hotels",
      { destination: "Lisbon", check_in_date: "2025-06-01", check_out_date: "2025-06-04", adults: 2 },
      "a check-in date in the past",
    ),
    step(
      "h-drt-007",
      "search_hotels",
      { destination: "Lisbon", check_in_date: "2025-06-01", check_out_date: "2025-06-04", adults: 2 },
      "the same call again, unchanged",
    ),
    step(
      "h-drt-008",
      "search_hotels",
      { destination: "Lisbon", check_in_date: "2027-03-15", check_out_date: "2027-03-12", adults: 2 },
      "check-out before check-in",
    ),
    step(
      "h-drt-009",
      "search_hotels",
      {
        destination: "Kyoto",
        check_in_date: "2027-04-02",
        check_out_date: "2027-04-03",
        adults: 1,
        currency: "JPY",
      },
      "one night in Kyoto for one adult",
    ),
    step(
      "h-drt-010",
      "search_hotels",
      { destination: "Lisbon", ...stay, max_results: 4, format: "markdown" },
      "four Lisbon hotels as markdown",
    ),
    step(
      "h-drt-011",
      "search_hotels",
      {
        destination: "Porto",
        check_in_date: "2027-05-20",
        check_out_date: "2027-05-24",
        adults: 3,
        rooms: 2,
        currency: "EUR",
      },
      "three adults in two rooms in Porto",
    ),
    step(
      "h-drt-012",
      "search_hotels",
      { destination: "Lisbon", ...stay, max_results: 1 },
      "Lisbon again, one result",
    ),
    step(
      "h-drt-013",
      "search_hotels",
      { destination: "Porto", ...stay },
      "RapidAPI answers 429 Too many requests (Retry-After: 1)",
      flag("rapidRateLimited"),
    ),
    step(
      "h-drt-014",
      "search_hotels",
      { destination: "Lisbon", ...stay },
      "the hotel search answers 500 (the destination lookup works)",
      flag("rapidServerError"),
    ),
    step(
      "h-drt-015",
      "search_hotels",
      { destination: "Porto", ...stay },
      "Cloudflare's 502 page in front of RapidAPI",
      flag("rapidBadGateway"),
    ),
    step(
      "h-drt-016",
      "search_hotels",
      { destination: "Kyoto", ...stay },
      "RapidAPI answers 15 s late; the client waits 4 s",
      flag("rapidSlow", { timeoutMs: 4000 }),
    ),
    step(
      "h-drt-017",
      "search_hotels",
      { destination: "Lisbon", ...stay },
      "RapidAPI unreachable",
      down(rapidProxy),
    ),
    step("h-drt-018", "search_hotels", { destination: "Lisbon", adults: 2 }, "no dates"),
    step("h-drt-019", "get_hotel_details", { hotel_id: 247836 }, "a tool the server does not have"),
    step("h-drt-020", "search_hotels", { destination: "Porto", ...stay }, "Porto again, after the failures"),
    step(
      "h-drt-021",
      "search_hotels",
      {
        destination: "Porto",
        check_in_date: "2027-06-10",
        check_out_date: "2027-06-17",
        adults: 2,
        max_results: 1,
      },
      "a week in Porto, the top result only",
    ),
    step(
      "h-drt-022",
      "search_hotels",
      { destination: "Lisbon", ...stay, children: [4], currency: "EUR", max_results: 2 },
      "two adults and a four-year-old in Lisbon, two results",
    ),
    step(
      "h-drt-023",
      "search_hotels",
      { destination: "kyoto", ...stay, format: "markdown" },
      "Kyoto in lower case, as markdown",
    ),
  ],
};

const drtripsWrongKeySession: SessionSpec = {
  label: "r44-h-drtrips-wrong-key",
  server: "drtrips-hotel-mcp",
  transport: "stdio",
  start: stdioServer("r44-h-drtrips-wrong-key", "drtrips-hotel-mcp", {
    from: FROM,
    cwd: CWD,
    env: drtripsEnv(RAPID_KEY_WRONG),
  }),
  steps: [
    step(
      "h-drt-024",
      "search_hotels",
      { destination: "Lisbon", ...stay },
      "a RapidAPI key with a typo: 401 Invalid API key",
    ),
  ],
};

const drtripsUnsubscribedSession: SessionSpec = {
  label: "r44-h-drtrips-unsubscribed",
  server: "drtrips-hotel-mcp",
  transport: "stdio",
  start: stdioServer("r44-h-drtrips-unsubscribed", "drtrips-hotel-mcp", {
    from: FROM,
    cwd: CWD,
    env: drtripsEnv(RAPID_KEY_UNSUBSCRIBED),
  }),
  steps: [
    step(
      "h-drt-025",
      "search_hotels",
      { destination: "Porto", ...stay },
      "a valid RapidAPI key whose app is not subscribed to the API: 403",
    ),
  ],
};

// ── @mikerob/lodgify-mcp ─────────────────────────────────────────────────────────────────────────────────────────

const PRELOAD = `--import ${path.join(FROM, "proxy-preload.mjs")}`;

const lodgifyEnv = (key: string) => ({
  HOME,
  NODE_OPTIONS: PRELOAD,
  HTTPS_PROXY: `http://127.0.0.1:${LODGIFY_PROXY_PORT}`,
  NODE_EXTRA_CA_CERTS: CERT,
  LODGIFY_API_KEY: key,
  LOG_LEVEL: "error",
  TZ: "UTC",
});

const lodgifySession: SessionSpec = {
  label: "r44-h-lodgify",
  server: "@mikerob/lodgify-mcp",
  transport: "stdio",
  start: stdioServer("r44-h-lodgify", "@mikerob/lodgify-mcp", {
    from: FROM,
    cwd: CWD,
    env: lodgifyEnv(LODGIFY_KEY),
  }),
  steps: [
    step("h-lg-001", "lodgify_list_properties", { includeCount: true }, "the account's three properties"),
    step("h-lg-002", "lodgify_get_property", { id: LG.cabin }, "one property with its room type"),
    step(
      "h-lg-003",
      "lodgify_list_property_rooms",
      { propertyId: String(LG.villa) },
      "the room types of the villa",
    ),
    step("h-lg-004", "lodgify_find_properties", { searchTerm: "loft" }, "find a property by name"),
    step(
      "h-lg-005",
      "lodgify_find_properties",
      { searchTerm: "castle", includePropertyIds: false },
      "a name no property has",
    ),
    step("h-lg-006", "lodgify_get_property", { id: 999001 }, "a property id that does not exist: 404"),
    step(
      "h-lg-007",
      "lodgify_list_bookings",
      { stayFilter: "Upcoming", includeCount: true },
      "the upcoming bookings",
    ),
    step(
      "h-lg-008",
      "lodgify_list_bookings",
      { stayFilter: "Historic", includeCount: true },
      "past bookings: none yet on this account",
    ),
    step("h-lg-009", "lodgify_get_booking", { id: String(LG.booking) }, "one booking with its guest"),
    step(
      "h-lg-010",
      "lodgify_get_booking",
      { id: String(LG.bookingGone) },
      "a booking id that does not exist: 404 NotFound",
    ),
    step("h-lg-011", "lodgify_get_booking", { id: String(LG.bookingGone) }, "the same call again, unchanged"),
    step(
      "h-lg-012",
      "lodgify_get_property_availability",
      { propertyId: String(LG.cabin), params: { from: "2027-01-04", to: "2027-01-11" } },
      "the cabin's calendar for a week: free, then booked",
    ),
    step(
      "h-lg-013",
      "lodgify_daily_rates",
      { roomTypeId: LG.cabinRoom, houseId: LG.cabin, startDate: "2027-01-04", endDate: "2027-01-07" },
      "nightly rates for four days",
    ),
    step(
      "h-lg-014",
      "lodgify_get_quote",
      {
        propertyId: String(LG.cabin),
        params: {
          arrival: "2027-01-04",
          departure: "2027-01-05",
          "roomTypes[0].Id": LG.cabinRoom,
          "guest_breakdown[adults]": 2,
        },
      },
      "a one-night quote where three nights are the minimum: 400 MinStayRequired",
    ),
    step(
      "h-lg-015",
      "lodgify_get_quote",
      {
        propertyId: String(LG.cabin),
        params: {
          arrival: "2027-01-04",
          departure: "2027-01-08",
          "roomTypes[0].Id": LG.cabinRoom,
          "guest_breakdown[adults]": 2,
        },
      },
      "a four-night quote",
    ),
    step(
      "h-lg-016",
      "lodgify_create_booking",
      {
        property_id: LG.loft,
        room_type_id: LG.loftRoom,
        arrival: "2027-03-05",
        departure: "2027-03-09",
        guest_name: "Jonas Lindqvist",
        guest_email: "jonas.lindqvist@example.se",
        adults: 2,
        status: "booked",
      },
      "a new booking for the loft",
    ),
    step("h-lg-017", "lodgify_list_webhooks", {}, "no webhooks subscribed"),
    step("h-lg-018", "lodgify_get_thread", { threadGuid: LG.thread }, "a guest message thread"),
    step(
      "h-lg-019",
      "lodgify_list_bookings",
      { stayFilter: "Upcoming" },
      "Lodgify answers 429 on every try (the client retries five times)",
      flag("lodgifyRateLimited"),
    ),
    step(
      "h-lg-020",
      "lodgify_get_property",
      { id: LG.loft },
      "Lodgify answers 500 on every try",
      flag("lodgifyServerError"),
    ),
    step(
      "h-lg-021",
      "lodgify_list_properties",
      {},
      "Cloudflare's 502 page in front of Lodgify on every try",
      flag("lodgifyBadGateway"),
    ),
    step(
      "h-lg-022",
      "lodgify_list_bookings",
      {},
      "Lodgify answers 15 s late; the client waits 4 s",
      flag("lodgifySlow", { timeoutMs: 4000 }),
    ),
    step(
      "h-lg-023",
      "lodgify_get_booking",
      { id: String(LG.booking) },
      "Lodgify unreachable on every try",
      down(lodgifyProxy),
    ),
    step("h-lg-024", "lodgify_get_property_availability", { params: {} }, "no propertyId argument"),
    step("h-lg-025", "lodgify_cancel_booking", { id: String(LG.booking) }, "a tool the server does not have"),
  ],
};

const lodgifyRevokedSession: SessionSpec = {
  label: "r44-h-lodgify-revoked",
  server: "@mikerob/lodgify-mcp",
  transport: "stdio",
  start: stdioServer("r44-h-lodgify-revoked", "@mikerob/lodgify-mcp", {
    from: FROM,
    cwd: CWD,
    env: lodgifyEnv(LODGIFY_KEY_REVOKED),
  }),
  steps: [
    step(
      "h-lg-026",
      "lodgify_list_properties",
      {},
      "an API key regenerated in the Lodgify settings: 401 NotAuthorized",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [
  drtripsSession,
  drtripsWrongKeySession,
  drtripsUnsubscribedSession,
  lodgifySession,
  lodgifyRevokedSession,
];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  fs.mkdirSync(CWD, { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
