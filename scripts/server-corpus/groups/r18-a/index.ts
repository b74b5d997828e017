// Group r18-a: scheduling (Cal.com, through Cal.com's own published server) and forms (Google Forms, through
// google-workspace-mcp's Forms tools) — each published MCP server behind a loopback stand-in that answers with
// the real service's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r18-a && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r18-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  BOOKING_UID,
  CAL_KEY,
  CAL_PROXY_PORT,
  CAL_REVOKED_KEY,
  CANCELLED_BOOKING_UID,
  CERT,
  DATA,
  EMPTY_FORM_ID,
  FORM_ID,
  GOOGLE_PROXY_PORT,
  LOCKED_FORM_ID,
  SECOND_BOOKING_UID,
  SLOW_FORM_ID,
  TAKEN_SLOT,
  calStandin,
  clearTimers,
  ensureCertificate,
  googleStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@calcom/cal-mcp": "0.0.6",
  "google-workspace-mcp": "2.3.6",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

// -------------------------------------------------------------------------------------------- Cal.com

const attendee = { name: "Mei Tanaka", email: "mei.tanaka@example.com", timeZone: "Asia/Tokyo" };

const cal: SessionSpec = {
  label: "r18-a-calcom",
  server: "@calcom/cal-mcp",
  transport: "stdio",
  start: stdioServer("r18-a-calcom", "@calcom/cal-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      // The server passes CAL_API_KEY as the whole Authorization header, so it carries the scheme.
      CAL_API_KEY: `Bearer ${CAL_KEY}`,
      HTTPS_PROXY: `http://127.0.0.1:${CAL_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      HOME,
    },
  }),
  steps: [
    step("cal-001", "getBookings", {}, "list the user's bookings"),
    step(
      "cal-002",
      "getBookings",
      { params: { attendeeEmail: "nobody.here@example.com" } },
      "bookings with an attendee who has none",
    ),
    step("cal-003", "getBooking", { params: { bookingUid: BOOKING_UID } }, "one booking by uid"),
    step(
      "cal-004",
      "getBooking",
      { params: { bookingUid: "zZ9yX8wV7uT6sR5qP4oN3m" } },
      "a booking uid that does not exist",
    ),
    step(
      "cal-005",
      "getBooking",
      { params: { bookingUid: "zZ9yX8wV7uT6sR5qP4oN3m" } },
      "the same missing booking again, unchanged",
    ),
    step(
      "cal-006",
      "getEventTypes",
      { params: { username: "dana-whitfield" } },
      "a user's public event types",
    ),
    step(
      "cal-007",
      "getEventTypes",
      { params: { username: "no-such-user-4821" } },
      "event types of a username that has none",
    ),
    step("cal-008", "getEventTypes", {}, "event types with neither a username nor a slug"),
    step("cal-009", "getEventTypeById", { params: { eventTypeId: "1182045" } }, "one event type by id"),
    step(
      "cal-010",
      "getEventTypeById",
      { params: { eventTypeId: "777" } },
      "an event type id that does not exist",
    ),
    step(
      "cal-011",
      "createBooking",
      { body: { start: "2026-12-11T01:00:00Z", eventTypeId: 1182044, attendee } },
      "book an intro call",
    ),
    step(
      "cal-012",
      "createBooking",
      { body: { start: TAKEN_SLOT, eventTypeId: 1182044, attendee } },
      "book a slot that is already taken",
    ),
    step(
      "cal-013",
      "createBooking",
      {
        body: {
          start: "2026-12-11T02:00:00Z",
          eventTypeId: 1182044,
          attendee: { ...attendee, timeZone: "JST" },
        },
      },
      "book with a time zone abbreviation where an IANA name is required",
    ),
    step(
      "cal-014",
      "createBooking",
      { body: { start: "2026-11-30T09:00:00Z", eventTypeId: 1182044, attendee } },
      "book a slot in the past",
    ),
    step(
      "cal-015",
      "rescheduleBooking",
      {
        params: { bookingUid: BOOKING_UID },
        body: { start: "2026-12-09T14:00:00Z", reschedulingReason: "Candidate asked for a later slot" },
      },
      "reschedule a booking",
    ),
    step(
      "cal-016",
      "cancelBooking",
      { params: { bookingUid: CANCELLED_BOOKING_UID }, body: { cancellationReason: "Position filled" } },
      "cancel a booking that is already cancelled",
    ),
    step(
      "cal-017",
      "cancelBooking",
      { params: { bookingUid: SECOND_BOOKING_UID }, body: { cancellationReason: "Position filled" } },
      "cancel a booking",
    ),
    step(
      "cal-018",
      "updateEventType",
      { params: { eventTypeId: 1190377 }, body: { lengthInMinutes: 45 } },
      "change the length of a colleague's event type",
    ),
    step(
      "cal-019",
      "getBookings",
      { params: { Authorization: `Bearer ${CAL_REVOKED_KEY}` } },
      "bookings with an API key that was deleted",
    ),
    step("cal-020", "getBookings", {}, "bookings while the API answers 429", flag("calRateLimited")),
    step(
      "cal-021",
      "getEventTypeById",
      { params: { eventTypeId: "1182044" } },
      "an event type while the API answers 500",
      flag("calServerError"),
    ),
    step(
      "cal-022",
      "getBookings",
      { params: { status: ["upcoming"] } },
      "upcoming bookings while Cloudflare answers an HTML 502",
      flag("calBadGateway"),
    ),
    step(
      "cal-023",
      "getBooking",
      { params: { bookingUid: "slow-4nB7vC1xZ5" } },
      "a booking the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "cal-024",
      "deleteEventType",
      { params: { eventTypeId: "intro-call" } },
      "delete an event type given by its slug where a numeric id is required",
    ),
    step(
      "cal-025",
      "getSlots",
      { params: { eventTypeId: "1182044", start: "2026-12-09", end: "2026-12-10" } },
      "a tool the server does not have (not among its default tools)",
    ),
    step(
      "cal-026",
      "getBookings",
      {},
      "bookings while Cal.com cannot be reached (stand-in stopped)",
      down(calStandin),
    ),
    step(
      "cal-027",
      "getBooking",
      { params: { bookingUid: "slow-9kM3nB6vC2" } },
      "a slow booking lookup; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ---------------------------------------------------------------------------------------- Google Forms

const ACCOUNT = "work";

const forms: SessionSpec = {
  label: "r18-a-forms",
  server: "google-workspace-mcp",
  transport: "stdio",
  start: stdioServer("r18-a-forms", "google-workspace-mcp", {
    from: FROM,
    args: ["serve"],
    cwd: DATA,
    env: {
      HTTPS_PROXY: `http://127.0.0.1:${GOOGLE_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      HOME,
    },
  }),
  steps: [
    step("gf-001", "listForms", { account: ACCOUNT }, "list the account's forms"),
    step(
      "gf-002",
      "listForms",
      { account: ACCOUNT, query: "onboarding" },
      "search forms for a name none has",
    ),
    step(
      "gf-003",
      "listForms",
      { account: ACCOUNT, query: "candidate", orderBy: "name" },
      "a search with a sort order, which the tool forbids together",
    ),
    step("gf-004", "readForm", { account: ACCOUNT, formId: FORM_ID }, "a form's structure and questions"),
    step(
      "gf-005",
      "readForm",
      { account: ACCOUNT, formId: EMPTY_FORM_ID },
      "a form that has no questions yet",
    ),
    step(
      "gf-006",
      "readForm",
      { account: ACCOUNT, formId: "1doesNotExistQ7wE2rT5yU8iO1pA4sD7fG0hJ3kL6z" },
      "a form id that does not exist",
    ),
    step(
      "gf-007",
      "readForm",
      { account: ACCOUNT, formId: "1doesNotExistQ7wE2rT5yU8iO1pA4sD7fG0hJ3kL6z" },
      "the same missing form again, unchanged",
    ),
    step(
      "gf-008",
      "readForm",
      { account: ACCOUNT, formId: LOCKED_FORM_ID },
      "a form the account may not open",
    ),
    step("gf-009", "getFormResponses", { account: ACCOUNT, formId: FORM_ID }, "a form's responses"),
    step(
      "gf-010",
      "getFormResponses",
      { account: ACCOUNT, formId: EMPTY_FORM_ID },
      "responses of a form nobody has answered",
    ),
    step(
      "gf-011",
      "createForm",
      { account: ACCOUNT, title: "Reference check — Priya Raman", description: "For referees; 3 questions." },
      "create a form with a description",
    ),
    step(
      "gf-012",
      "addFormQuestion",
      {
        account: ACCOUNT,
        formId: FORM_ID,
        title: "Preferred start date",
        questionType: "multiple_choice",
        options: ["January", "February", "March"],
        required: true,
      },
      "add a multiple-choice question",
    ),
    step(
      "gf-013",
      "addFormQuestion",
      {
        account: ACCOUNT,
        formId: FORM_ID,
        title: "Work arrangement",
        questionType: "dropdown",
        options: ["Remote", "Hybrid", "Remote"],
      },
      "add a dropdown with the same option twice",
    ),
    step(
      "gf-014",
      "addFormQuestion",
      {
        account: ACCOUNT,
        formId: FORM_ID,
        title: "Rate the interview",
        questionType: "scale",
        scaleMin: 1,
        scaleMax: 20,
      },
      "add a 1–20 scale (Forms allows up to 10)",
    ),
    step(
      "gf-015",
      "addFormQuestion",
      { account: ACCOUNT, formId: FORM_ID, title: "Notice period", questionType: "SHORT_ANSWER" },
      "a question type not in the enum (upper case)",
    ),
    step(
      "gf-016",
      "readForm",
      { account: "personal", formId: FORM_ID },
      "a form through an account name that is not configured",
    ),
    step(
      "gf-017",
      "getFormResponses",
      { account: ACCOUNT, formId: FORM_ID },
      "responses while the per-user read quota is spent (429)",
      flag("gRateLimited"),
    ),
    step(
      "gf-018",
      "readForm",
      { account: ACCOUNT, formId: FORM_ID },
      "a form while the API answers 500",
      flag("gServerError"),
    ),
    step("gf-019", "listForms", { account: ACCOUNT }, "forms while Drive answers 503", flag("gUnavailable")),
    step(
      "gf-020",
      "readForm",
      { account: ACCOUNT, formId: FORM_ID },
      "a form while Google's front end answers an HTML 502",
      flag("gBadGateway"),
    ),
    step(
      "gf-021",
      "getFormResponses",
      { account: ACCOUNT, formId: FORM_ID },
      "responses after the user revoked the app's access (401, then the refresh is refused)",
      flag("gTokenRevoked"),
    ),
    step(
      "gf-022",
      "readForm",
      { account: ACCOUNT, formId: SLOW_FORM_ID },
      "a form the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "gf-023",
      "getFormResponses",
      { account: ACCOUNT, formId: FORM_ID, maxResponses: "ten" },
      "the response count given as a word",
    ),
    step(
      "gf-024",
      "deleteForm",
      { account: ACCOUNT, formId: EMPTY_FORM_ID },
      "a tool the server does not have",
    ),
    step(
      "gf-025",
      "readForm",
      { account: ACCOUNT, formId: FORM_ID },
      "a form while Google cannot be reached (stand-in stopped)",
      down(googleStandin),
    ),
    step(
      "gf-026",
      "getFormResponses",
      { account: ACCOUNT, formId: SLOW_FORM_ID },
      "slow responses; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [cal, forms];

/** google-workspace-mcp's account files: OAuth client, one account, its token (valid access token, refresh token). */
function writeGoogleAccount() {
  const dir = path.join(HOME, ".google-mcp");
  fs.mkdirSync(path.join(dir, "tokens"), { recursive: true });
  const credentialsPath = path.join(dir, "credentials.json");
  fs.writeFileSync(
    credentialsPath,
    JSON.stringify({
      installed: {
        client_id: "418207355126-q8r2t5v7x9z1b3d5f7h9j1l3n5p7r9t1.apps.googleusercontent.com",
        client_secret: "GOCSPX-standInClientSecret4821",
        redirect_uris: ["http://localhost"],
      },
    }),
  );
  const tokenPath = path.join(dir, "tokens", `${ACCOUNT}.json`);
  fs.writeFileSync(
    tokenPath,
    JSON.stringify({
      access_token: "ya29.a0AfB_byD-stand-in-access-token-3Lm8",
      refresh_token: "1//0gStandInRefreshToken-Kq7Wz",
      scope: "https://www.googleapis.com/auth/forms.body https://www.googleapis.com/auth/drive",
      token_type: "Bearer",
      expiry_date: 4102444800000,
    }),
  );
  fs.writeFileSync(
    path.join(dir, "accounts.json"),
    JSON.stringify({
      accounts: { [ACCOUNT]: { name: ACCOUNT, email: "dana@acme-talent.example", tokenPath } },
      credentialsPath,
    }),
  );
}

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  writeGoogleAccount();
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
