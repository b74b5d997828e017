// Group r40-a: scheduling and booking — Microsoft Bookings through Lokka (@merill/lokka), an MCP server for Microsoft
// Graph with one general tool (`Lokka-Microsoft`: any Graph or Azure Resource Manager path, method, query and body)
// and three token tools. The kind asked for (Calendly, Acuity, SavvyCal, Zoho Bookings, YouCanBookMe, Microsoft
// Bookings, SimplyBook.me) had no dedicated server on this machine's registry; README.md says which were tried. The
// Bookings API is Graph's `/solutions/bookingBusinesses`, so the agent here books through Lokka as a Bookings
// administrator would. The published server is behind a loopback stand-in of graph.microsoft.com (standins.ts).
//
//   (cd scripts/server-corpus/groups/r40-a && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r40-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ACCESS_TOKEN,
  ALL_STANDINS,
  APPOINTMENT,
  CERT,
  CLINIC,
  DATA,
  GRAPH_PORT,
  MISSING,
  SERVICE_ASSESSMENT,
  SPA,
  SPA_APPOINTMENT,
  STAFF_MAYA,
  clearTimers,
  ensureCertificate,
  graph,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@merill/lokka": "0.3.0",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const TOOL = "Lokka-Microsoft";
const BIZ = `/solutions/bookingBusinesses/${CLINIC}`;

// The Graph client's RetryHandler retries 429, 503 and 504 three times, waiting Retry-After (1 s here).
const PATIENT = { timeoutMs: 30_000 };

function lokkaEnv(extra: Record<string, string>): Record<string, string> {
  return {
    HOME,
    USE_CLIENT_TOKEN: "true",
    NODE_EXTRA_CA_CERTS: CERT,
    STANDIN_TLS_PORT: String(GRAPH_PORT),
    NODE_OPTIONS: `--import ${path.join(FROM, "https-preload.mjs")}`,
    ...extra,
  };
}

const get = (p: string, more: Record<string, unknown> = {}) => ({
  apiType: "graph",
  path: p,
  method: "get",
  ...more,
});

const newAppointment = {
  serviceId: SERVICE_ASSESSMENT,
  staffMemberIds: [STAFF_MAYA],
  startDateTime: { dateTime: "2026-12-16T10:00:00.0000000+00:00", timeZone: "UTC" },
  endDateTime: { dateTime: "2026-12-16T11:00:00.0000000+00:00", timeZone: "UTC" },
  customerTimeZone: "Europe/London",
  customers: [
    {
      "@odata.type": "#microsoft.graph.bookingCustomerInformation",
      name: "Daniel Kowalski",
      emailAddress: "daniel.kowalski@example.com",
      timeZone: "Europe/London",
    },
  ],
};

const withoutServiceAndStart: Record<string, unknown> = Object.fromEntries(
  Object.entries(newAppointment).filter(([key]) => key !== "serviceId" && key !== "startDateTime"),
);

const lokka: SessionSpec = {
  label: "r40-a-lokka",
  server: "@merill/lokka",
  transport: "stdio",
  start: stdioServer("r40-a-lokka", "@merill/lokka", {
    from: FROM,
    cwd: DATA,
    bin: "lokka",
    env: lokkaEnv({ ACCESS_TOKEN }),
  }),
  steps: [
    step("lok-001", "get-auth-status", {}, "the server's auth mode and the token's scopes"),
    step(
      "lok-002",
      TOOL,
      get("/solutions/bookingBusinesses"),
      "list the Bookings businesses the user can see",
    ),
    step(
      "lok-003",
      TOOL,
      get(`${BIZ}/services`, { graphApiVersion: "v1.0" }),
      "the clinic's services on v1.0",
    ),
    step(
      "lok-004",
      TOOL,
      get(`${BIZ}/staffMembers`, { queryParams: { $top: "2" } }),
      "the first page of staff; the answer carries @odata.nextLink",
    ),
    step(
      "lok-005",
      TOOL,
      get(`${BIZ}/calendarView`, {
        queryParams: { start: "2026-12-14T00:00:00Z", end: "2026-12-21T00:00:00Z" },
      }),
      "the clinic's appointments for a week",
    ),
    step(
      "lok-006",
      TOOL,
      get(`${BIZ}/calendarView`, {
        queryParams: { start: "2026-12-28T00:00:00Z", end: "2027-01-04T00:00:00Z" },
      }),
      "a week with no appointments (the holidays)",
    ),
    step(
      "lok-007",
      TOOL,
      { apiType: "graph", path: `${BIZ}/appointments`, method: "post", body: newAppointment },
      "book an initial assessment for a new customer (201 Created)",
    ),
    step(
      "lok-008",
      TOOL,
      { apiType: "graph", path: `${BIZ}/appointments`, method: "post", body: withoutServiceAndStart },
      "book with no serviceId and no start: 400 ErrorInvalidRequest",
    ),
    step(
      "lok-009",
      TOOL,
      get(`/solutions/bookingBusinesses/${MISSING}`),
      "a business that does not exist: 404 ErrorNonExistentMailbox",
    ),
    step("lok-010", TOOL, get(`/solutions/bookingBusinesses/${MISSING}`), "the same call again, unchanged"),
    step(
      "lok-011",
      TOOL,
      {
        apiType: "graph",
        path: `/solutions/bookingBusinesses/${SPA}/appointments/${SPA_APPOINTMENT}/cancel`,
        method: "post",
        body: { cancellationMessage: "The therapist is unwell; we will call you to rebook." },
      },
      "cancel an appointment in a business where the user is only a Viewer: 403 ErrorAccessDenied",
    ),
    step(
      "lok-012",
      TOOL,
      {
        apiType: "graph",
        path: `${BIZ}/appointments/${APPOINTMENT}`,
        method: "patch",
        body: { serviceNotes: "Bring previous MRI report." },
      },
      "update an appointment's notes (204 No Content)",
    ),
    step(
      "lok-013",
      TOOL,
      {
        apiType: "graph",
        path: `${BIZ}/appointments/${APPOINTMENT}/cancel`,
        method: "post",
        body: { cancellationMessage: "Cancelled at the customer's request." },
      },
      "cancel an appointment (204 No Content)",
    ),
    step(
      "lok-014",
      TOOL,
      get(`${BIZ}/customers`),
      "the customer list while Graph says the token has expired (401)",
      flag("tokenExpired"),
    ),
    step(
      "lok-015",
      TOOL,
      get(`${BIZ}/appointments`),
      "Graph throttles every attempt: 429 TooManyRequests with Retry-After 1",
      flag("throttled", PATIENT),
    ),
    step(
      "lok-016",
      TOOL,
      get(`${BIZ}/calendarView`, {
        queryParams: { start: "2026-12-14T00:00:00Z", end: "2026-12-21T00:00:00Z" },
      }),
      "Graph answers 500 with an empty code, 'An error has occurred.'",
      flag("serverError"),
    ),
    step(
      "lok-017",
      TOOL,
      get(`${BIZ}/services`),
      "Graph answers 503 serviceNotAvailable on every attempt",
      flag("unavailable", PATIENT),
    ),
    step(
      "lok-018",
      TOOL,
      get(BIZ),
      "an answer 15 s late; the client waits 4 s",
      flag("slow", { timeoutMs: 4000 }),
    ),
    step("lok-019", TOOL, get(BIZ), "a call while graph.microsoft.com is unreachable", down(graph)),
    step("lok-020", TOOL, get(BIZ), "lok-019's call once Graph is back: the business's details"),
    step("lok-021", "Lokka-Bookings", get(BIZ), "a tool the server does not have"),
    step(
      "lok-022",
      "set-access-token",
      { accessToken: ACCESS_TOKEN, expiresOn: "2026-01-01T00:00:00Z" },
      "hand the server the same token with a stated expiry that has already passed",
    ),
    step("lok-023", TOOL, get(`${BIZ}/services`), "a Graph call with that expired token"),
  ],
};

// A second start of the same server in client-token mode with no token yet: the agent has to hand it one.
const lokkaNoToken: SessionSpec = {
  label: "r40-a-lokka-notoken",
  server: "@merill/lokka",
  transport: "stdio",
  start: stdioServer("r40-a-lokka-notoken", "@merill/lokka", {
    from: FROM,
    cwd: DATA,
    bin: "lokka",
    env: lokkaEnv({}),
  }),
  steps: [
    step("lok-024", TOOL, get("/solutions/bookingBusinesses"), "a Graph call before any token was set"),
    step(
      "lok-025",
      "set-access-token",
      { accessToken: ACCESS_TOKEN },
      "hand the server a token, as its error message asks",
    ),
  ],
};

// A third start, for fetchAll alone: with a non-empty first page the server's page loop appends to the array it is
// walking, grows it until V8 aborts the process (13–25 s here), and the call ends with the connection.
const lokkaFetchAll: SessionSpec = {
  label: "r40-a-lokka-fetchall",
  server: "@merill/lokka",
  transport: "stdio",
  start: stdioServer("r40-a-lokka-fetchall", "@merill/lokka", {
    from: FROM,
    cwd: DATA,
    bin: "lokka",
    env: lokkaEnv({ ACCESS_TOKEN }),
  }),
  steps: [
    step(
      "lok-026",
      TOOL,
      get(`${BIZ}/staffMembers`, { queryParams: { $top: "2" }, fetchAll: true }),
      "every staff member across two pages, with fetchAll",
      { timeoutMs: 90_000 },
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [lokka, lokkaNoToken, lokkaFetchAll];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
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
