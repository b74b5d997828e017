// Loopback stand-ins for the services behind this group's servers, answering with the real APIs' bodies and
// error bodies: the Google Calendar API v3 (`www.googleapis.com/calendar/v3`, with the OAuth token endpoint
// `oauth2.googleapis.com/token`; errors `{"error":{"code","message","errors":[{"domain","reason",…}],"status"}}`),
// Microsoft Graph v1.0 (`graph.microsoft.com`, calendar and OneDrive; errors `{"error":{"code","message",
// "innerError":{…}}}`, JSON batching), monday.com's GraphQL API (`api.monday.com/v2`; errors in a 200 body's
// `errors[]` with `extensions.code`, and the complexity budget's 429) and Miro's REST API v2 (`api.miro.com`;
// errors `{"status","code","message","type":"error"}`).
//
// Every host is written into its server, so nothing here is reached by a configured URL:
// - google-calendar-mcp (gaxios on node-fetch 3) follows HTTPS_PROXY itself through its https-proxy-agent.
// - ms-365-mcp-server calls Node's built-in fetch, which ignores HTTPS_PROXY on Node 20, so it starts with
//   `proxy-preload.mjs` (undici's ProxyAgent as the global dispatcher).
//   Each has its own forward proxy (standin-kit's `forwardProxy`), so stopping one refuses its server alone.
// - monday.com's and Miro's servers call node-fetch 2 on Node's https module with no agent: `https-preload.mjs`
//   makes https.globalAgent open their TLS connections to their own stand-in's loopback port.
// `state` is switched by the sessions' hooks (a revoked token, a rate limit, an outage, …).

import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import {
  certificate,
  clearTimers,
  forwardProxy,
  json,
  later,
  parse,
  text,
  tlsStandin,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r15-b";
export const CERT = path.join(DATA, "standin-cert.pem");

export const GCAL_PROXY_PORT = 40200;
export const MS_PROXY_PORT = 40201;
export const MS_MCP_PORT = 40202;
export const MONDAY_TLS_PORT = 40203;
export const MIRO_TLS_PORT = 40204;

export const GCAL_ACCESS = "ya29.a0AcM612xR15bCorpusStandinAccessToken0q8Vt3kZ";
export const GCAL_REFRESH = "1//0gR15bCorpusStandinRefreshToken7Hq2";
export const MS_TOKEN =
  "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJhdWQiOiJodHRwczovL2dyYXBoLm1pY3Jvc29mdC5jb20iLCJzY3AiOiJDYWxlbmRhcnMuUmVhZFdyaXRlIEZpbGVzLlJlYWRXcml0ZSJ9.r15bStandin";
export const MS_REVOKED_TOKEN =
  "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJhdWQiOiJodHRwczovL2dyYXBoLm1pY3Jvc29mdC5jb20iLCJ4bXNfY2MiOlsiQ1AxIl19.r15bRevoked";
export const MS_EXPIRED_TOKEN = "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJleHAiOjE3MDAwMDAwMDB9.r15bExpired";
export const MONDAY_TOKEN =
  "eyJhbGciOiJIUzI1NiJ9.eyJ0aWQiOjQ4MjkxNzM1NSwiYWFpIjoxMSwidWlkIjo1ODI5MzcxfQ.r15bStandin";
export const MIRO_TOKEN = "eyJtaXJvLm9yaWdpbiI6ImV1MDEifQ_r15bStandinMiroToken";

const HOSTS = [
  "www.googleapis.com",
  "oauth2.googleapis.com",
  "graph.microsoft.com",
  "api.monday.com",
  "api.miro.com",
];

export const state = {
  gcalRevoked: false,
  gcalRateLimited: false,
  gcalQuota: false,
  gcalBackend: false,
  gcalBadGateway: false,
  msThrottled: false,
  msUnavailable: false,
  msBadGateway: false,
  mondayRevoked: false,
  mondayBudget: false,
  mondayServerError: false,
  mondayBadGateway: false,
  miroExpired: false,
  miroRateLimited: false,
  miroServerError: false,
  miroUnavailable: false,
};

let cert: Certificate | undefined;
export function ensureCertificate(): Certificate {
  cert ??= certificate(DATA, HOSTS);
  return cert;
}

const tls = () => ensureCertificate();

/** Requests no handler knew, for whoever adds a session (the stand-ins answer them 404). */
function unknown(name: string, req: http.IncomingMessage, url: URL, body: string) {
  fs.mkdirSync(DATA, { recursive: true });
  fs.appendFileSync(
    path.join(DATA, "unhandled.log"),
    `${name} ${req.method} ${url.host}${url.pathname}${url.search} ${body.slice(0, 400)}\n`,
  );
}

// ------------------------------------------------------------------------------------------- pages

const GOOGLE_502 = `<!DOCTYPE html>
<html lang=en>
  <meta charset=utf-8>
  <meta name=viewport content="initial-scale=1, minimum-scale=1, width=device-width">
  <title>Error 502 (Server Error)!!1</title>
  <a href=//www.google.com/><span id=logo aria-label=Google></span></a>
  <p><b>502.</b> <ins>That’s an error.</ins>
  <p>The server encountered a temporary error and could not complete your request.<p>Please try again in 30 seconds.  <ins>That’s all we know.</ins>
`;

const AZURE_FRONTDOOR_502 = `<!DOCTYPE html>
<html><head><title>502 - Web server received an invalid response while acting as a gateway or proxy server.</title></head>
<body><div id="header"><h1>Server Error</h1></div>
<div id="content"><fieldset><h2>502 - Web server received an invalid response while acting as a gateway or proxy server.</h2>
<h3>There is a problem with the page you are looking for, and it cannot be displayed. When the Web server (while acting as a gateway or proxy) contacted the upstream content server, it received an invalid response from the content server.</h3>
</fieldset></div></body></html>`;

const CLOUDFLARE_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>cloudflare</center>
</body>
</html>`;

const MIRO_503 = `<html>
<head><title>503 Service Temporarily Unavailable</title></head>
<body>
<center><h1>503 Service Temporarily Unavailable</h1></center>
<hr><center>nginx</center>
</body>
</html>`;

// ------------------------------------------------------------------------------------ Google Calendar

export const GCAL_PRIMARY = "maya.lindqvist@northwind-studio.com";
export const GCAL_TEAM = "c_5f1e2d9a8b7c@group.calendar.google.com";
export const GCAL_HOLIDAYS = "en.swedish#holiday@group.v.calendar.google.com";
export const GCAL_EVENT = "4q8m2v7k1r3t5b9n0c6u2s8a1s";
export const GCAL_DELETED_EVENT = "0d7e1e7edevent55c3a9b2k4";

const gcalCalendars = [
  {
    kind: "calendar#calendarListEntry",
    etag: '"1733392205123000"',
    id: GCAL_PRIMARY,
    summary: GCAL_PRIMARY,
    timeZone: "Europe/Stockholm",
    colorId: "14",
    backgroundColor: "#9fe1e7",
    foregroundColor: "#000000",
    selected: true,
    accessRole: "owner",
    defaultReminders: [{ method: "popup", minutes: 10 }],
    primary: true,
  },
  {
    kind: "calendar#calendarListEntry",
    etag: '"1731002145880000"',
    id: GCAL_TEAM,
    summary: "Studio offsites",
    description: "Shared by the operations team",
    timeZone: "Europe/Stockholm",
    colorId: "9",
    backgroundColor: "#7bd148",
    foregroundColor: "#000000",
    accessRole: "reader",
    defaultReminders: [],
  },
  {
    kind: "calendar#calendarListEntry",
    etag: '"1729000000000000"',
    id: GCAL_HOLIDAYS,
    summary: "Holidays in Sweden",
    timeZone: "Europe/Stockholm",
    colorId: "8",
    backgroundColor: "#16a765",
    foregroundColor: "#000000",
    accessRole: "reader",
    defaultReminders: [],
  },
];

function gcalEvent(
  id: string,
  summary: string,
  start: string,
  end: string,
  extra: Record<string, unknown> = {},
) {
  return {
    kind: "calendar#event",
    etag: '"3462849021530000"',
    id,
    status: "confirmed",
    htmlLink: `https://www.google.com/calendar/event?eid=${Buffer.from(`${id} ${GCAL_PRIMARY}`).toString("base64url")}`,
    created: "2026-11-20T09:14:02.000Z",
    updated: "2026-11-28T16:03:11.765Z",
    summary,
    creator: { email: GCAL_PRIMARY, self: true },
    organizer: { email: GCAL_PRIMARY, self: true },
    start: { dateTime: start, timeZone: "Europe/Stockholm" },
    end: { dateTime: end, timeZone: "Europe/Stockholm" },
    iCalUID: `${id}@google.com`,
    sequence: 0,
    reminders: { useDefault: true },
    eventType: "default",
    ...extra,
  };
}

const gcalEvents = new Map<string, Record<string, unknown>>([
  [
    GCAL_EVENT,
    gcalEvent(
      GCAL_EVENT,
      "Design review: onboarding flow",
      "2026-12-08T10:00:00+01:00",
      "2026-12-08T11:00:00+01:00",
      {
        location: "Room Fika / Google Meet",
        attendees: [
          { email: GCAL_PRIMARY, organizer: true, self: true, responseStatus: "accepted" },
          { email: "jonas.berg@northwind-studio.com", responseStatus: "accepted" },
          { email: "aiko.tanaka@northwind-studio.com", responseStatus: "needsAction" },
        ],
        hangoutLink: "https://meet.google.com/kpq-xwzr-tmd",
      },
    ),
  ],
  [
    "9h3j5k7l1m2n4b6v8c0x2z4a6s",
    gcalEvent(
      "9h3j5k7l1m2n4b6v8c0x2z4a6s",
      "1:1 Jonas",
      "2026-12-09T14:00:00+01:00",
      "2026-12-09T14:30:00+01:00",
    ),
  ],
  [
    "2w4e6r8t0y1u3i5o7p9a1s3d5f",
    gcalEvent(
      "2w4e6r8t0y1u3i5o7p9a1s3d5f",
      "Quarterly planning",
      "2026-12-10T09:00:00+01:00",
      "2026-12-10T12:00:00+01:00",
      {
        description: "Q1 roadmap, hiring plan, offsite budget",
      },
    ),
  ],
]);
const gcalDeleted = new Set<string>([GCAL_DELETED_EVENT]);

function googleError(
  res: http.ServerResponse,
  code: number,
  message: string,
  reason: string,
  domain = "global",
  status?: string,
  headers: Record<string, string> = {},
  extra: Record<string, unknown> = {},
) {
  json(
    res,
    code,
    {
      error: {
        code,
        message,
        errors: [{ message, domain, reason, ...extra }],
        ...(status ? { status } : {}),
      },
    },
    { vary: "Origin, X-Origin, Referer", server: "ESF", ...headers },
  );
}

function gcal(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (url.host === "oauth2.googleapis.com" && url.pathname === "/token") {
    const form = parse(body);
    if (form.grant_type === "refresh_token") {
      return json(res, 400, {
        error: "invalid_grant",
        error_description: "Token has been expired or revoked.",
      });
    }
    return json(res, 400, { error: "unsupported_grant_type", error_description: "Invalid grant_type: " });
  }
  if (url.host !== "www.googleapis.com") {
    unknown("gcal", req, url, body);
    return text(res, 404, "Not Found");
  }
  const auth = req.headers.authorization ?? "";
  if (state.gcalRevoked || auth !== `Bearer ${GCAL_ACCESS}`) {
    return googleError(
      res,
      401,
      "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
      "authError",
      "global",
      "UNAUTHENTICATED",
      { "www-authenticate": 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
      { location: "Authorization", locationType: "header" },
    );
  }
  if (state.gcalRateLimited) {
    return googleError(res, 403, "Rate Limit Exceeded", "rateLimitExceeded", "usageLimits");
  }
  if (state.gcalQuota) {
    return googleError(res, 403, "Calendar usage limits exceeded.", "quotaExceeded", "usageLimits");
  }
  if (state.gcalBackend) return googleError(res, 500, "Backend Error", "backendError");
  if (state.gcalBadGateway) return text(res, 502, GOOGLE_502, "text/html; charset=UTF-8");

  const parts = url.pathname
    .replace(/^\/calendar\/v3\//, "")
    .split("/")
    .map(decodeURIComponent);
  // users/me/calendarList
  if (parts[0] === "users" && parts[2] === "calendarList") {
    if (parts[3]) {
      const entry = gcalCalendars.find((cal) => cal.id === parts[3]);
      return entry ? json(res, 200, entry) : googleError(res, 404, "Not Found", "notFound");
    }
    return json(res, 200, {
      kind: "calendar#calendarList",
      etag: '"p33k9f1v2pmsvo0o"',
      nextSyncToken: "CIDs5qXj8YkDEhxtYXlhLmxpbmRxdmlzdEBub3J0aHdpbmQtc3R1ZGlvLmNvbQ==",
      items: gcalCalendars,
    });
  }
  if (parts[0] === "colors") {
    return json(res, 200, {
      kind: "calendar#colors",
      updated: "2012-02-14T00:00:00.000Z",
      calendar: { "1": { background: "#ac725e", foreground: "#1d1d1d" } },
      event: {
        "1": { background: "#a4bdfc", foreground: "#1d1d1d" },
        "2": { background: "#7ae7bf", foreground: "#1d1d1d" },
        "11": { background: "#dc2127", foreground: "#1d1d1d" },
      },
    });
  }
  if (parts[0] === "freeBusy" && req.method === "POST") {
    const asked = parse(body) as { timeMin?: string; timeMax?: string; items?: { id: string }[] };
    const calendars: Record<string, unknown> = {};
    for (const item of asked.items ?? []) {
      if (item.id === GCAL_PRIMARY || item.id === "primary") {
        calendars[item.id] = {
          busy: [
            { start: "2026-12-08T09:00:00Z", end: "2026-12-08T10:00:00Z" },
            { start: "2026-12-09T13:00:00Z", end: "2026-12-09T13:30:00Z" },
          ],
        };
      } else if (item.id === GCAL_TEAM) {
        calendars[item.id] = { busy: [] };
      } else {
        calendars[item.id] = { errors: [{ domain: "global", reason: "notFound" }], busy: [] };
      }
    }
    return json(res, 200, {
      kind: "calendar#freeBusy",
      timeMin: asked.timeMin,
      timeMax: asked.timeMax,
      calendars,
    });
  }
  if (parts[0] === "calendars") {
    const calendarId = parts[1] === "primary" ? GCAL_PRIMARY : parts[1]!;
    const calendar = gcalCalendars.find((cal) => cal.id === calendarId);
    if (calendarId === "slow-calendar@group.calendar.google.com") {
      return later(15_000, () => json(res, 200, { kind: "calendar#events", items: [] }));
    }
    if (!calendar) return googleError(res, 404, "Not Found", "notFound");
    if (parts[2] !== "events") {
      unknown("gcal", req, url, body);
      return googleError(res, 404, "Not Found", "notFound");
    }
    const eventId = parts[3];
    const canWrite = calendar.accessRole === "owner" || calendar.accessRole === "writer";
    if (!eventId && req.method === "GET") {
      const q = (url.searchParams.get("q") ?? "").toLowerCase();
      const timeMin = url.searchParams.get("timeMin");
      let items = calendarId === GCAL_PRIMARY ? [...gcalEvents.values()] : [];
      if (q) items = items.filter((event) => JSON.stringify(event).toLowerCase().includes(q));
      if (timeMin && timeMin > "2027") items = [];
      return json(res, 200, {
        kind: "calendar#events",
        etag: '"p32ofplf8bsvo0o"',
        summary: calendar.summary,
        description: "",
        updated: "2026-11-28T16:03:11.765Z",
        timeZone: "Europe/Stockholm",
        accessRole: calendar.accessRole,
        defaultReminders: calendar.defaultReminders,
        nextSyncToken: "CPDAlvWDx70CEPDAlvWDx70CGAU=",
        items,
      });
    }
    if (!eventId && req.method === "POST") {
      if (!canWrite)
        return googleError(
          res,
          403,
          "You need to have writer access to this calendar.",
          "requiredAccessLevel",
        );
      const event = parse(body) as {
        id?: string;
        summary?: string;
        start?: { dateTime?: string };
        end?: { dateTime?: string };
      };
      if (event.id && (gcalEvents.has(event.id) || gcalDeleted.has(event.id))) {
        return googleError(res, 409, "The requested identifier already exists.", "duplicate");
      }
      if (event.id && !/^[a-v0-9]{5,1024}$/.test(event.id)) {
        return googleError(res, 400, "Invalid resource id value.", "invalid");
      }
      if (
        event.start?.dateTime &&
        event.end?.dateTime &&
        Date.parse(event.end.dateTime) <= Date.parse(event.start.dateTime)
      ) {
        return googleError(
          res,
          400,
          "The specified time range is empty.",
          "timeRangeEmpty",
          "calendar",
          undefined,
          {},
          {
            locationType: "parameter",
            location: "end.dateTime",
          },
        );
      }
      const id = event.id ?? "n5b7v9c1x3z5a7s9d1f3g5h7j9";
      const created = gcalEvent(
        id,
        event.summary ?? "(No title)",
        event.start?.dateTime ?? "",
        event.end?.dateTime ?? "",
        {
          ...event,
          id,
          created: "2026-12-06T10:00:00.000Z",
          updated: "2026-12-06T10:00:00.000Z",
        },
      );
      return json(res, 200, created);
    }
    if (eventId === "slow0event0000000000000000") {
      return later(15_000, () => googleError(res, 404, "Not Found", "notFound"));
    }
    if (gcalDeleted.has(eventId!)) {
      if (req.method === "DELETE") return googleError(res, 410, "Resource has been deleted", "deleted");
      return json(res, 200, {
        ...gcalEvent(
          eventId!,
          "Vendor demo (cancelled)",
          "2026-12-04T15:00:00+01:00",
          "2026-12-04T16:00:00+01:00",
        ),
        status: "cancelled",
      });
    }
    const event = calendarId === GCAL_PRIMARY ? gcalEvents.get(eventId!) : undefined;
    if (!event) return googleError(res, 404, "Not Found", "notFound");
    if (req.method === "GET") return json(res, 200, event);
    if (req.method === "DELETE") {
      if (!canWrite)
        return googleError(
          res,
          403,
          "You need to have writer access to this calendar.",
          "requiredAccessLevel",
        );
      return text(res, 204, "");
    }
    if (req.method === "PATCH" || req.method === "PUT") {
      return json(res, 200, { ...event, ...parse(body), updated: "2026-12-06T10:05:00.000Z", sequence: 1 });
    }
  }
  unknown("gcal", req, url, body);
  return googleError(res, 404, "Not Found", "notFound");
}

export const gcalStandin = forwardProxy(GCAL_PROXY_PORT, tls, gcal);

// ------------------------------------------------------------------------------------ Microsoft Graph

export const MS_EVENT = "AAMkAGI2THVSAAA=";
export const MS_SHARED_FOLDER = "01BYE5RZ6QN3ZWBTUFOFD3GSPGOHDJD36K";
export const MS_DOCS_FOLDER = "01BYE5RZ5MYLM2SMX75ZBIPQZIHT6OAYPB";

function graphError(
  res: http.ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) {
  json(
    res,
    status,
    {
      error: {
        code,
        message,
        innerError: {
          date: "2026-12-06T10:00:00",
          "request-id": "b7c1f0e2-3a4d-4e5f-9a8b-1c2d3e4f5a6b",
          "client-request-id": "b7c1f0e2-3a4d-4e5f-9a8b-1c2d3e4f5a6b",
        },
      },
    },
    { "request-id": "b7c1f0e2-3a4d-4e5f-9a8b-1c2d3e4f5a6b", ...headers },
  );
}

function msEvent(
  id: string,
  subject: string,
  start: string,
  end: string,
  extra: Record<string, unknown> = {},
) {
  return {
    "@odata.etag": 'W/"ZlnW4RIAV06KYYwlrfNZvQAALfZeRQ=="',
    id,
    createdDateTime: "2026-11-21T08:12:44.1234567Z",
    lastModifiedDateTime: "2026-11-29T10:41:02.7654321Z",
    subject,
    isAllDay: false,
    isCancelled: false,
    isOrganizer: true,
    showAs: "busy",
    type: "singleInstance",
    webLink: `https://outlook.office365.com/owa/?itemid=${encodeURIComponent(id)}&exvsurl=1&path=/calendar/item`,
    start: { dateTime: start, timeZone: "UTC" },
    end: { dateTime: end, timeZone: "UTC" },
    location: { displayName: "Teams meeting", locationType: "default" },
    organizer: { emailAddress: { name: "Maya Lindqvist", address: "maya@northwind-studio.com" } },
    ...extra,
  };
}

const msEvents = new Map<string, Record<string, unknown>>([
  [
    MS_EVENT,
    msEvent(
      MS_EVENT,
      "Supplier contract review",
      "2026-12-08T13:00:00.0000000",
      "2026-12-08T14:00:00.0000000",
    ),
  ],
  [
    "AAMkAGI2THVTAAA=",
    msEvent("AAMkAGI2THVTAAA=", "Sprint demo", "2026-12-09T09:00:00.0000000", "2026-12-09T10:00:00.0000000", {
      attendees: [
        {
          type: "required",
          status: { response: "accepted", time: "2026-11-30T08:00:00Z" },
          emailAddress: { name: "Jonas Berg", address: "jonas@northwind-studio.com" },
        },
      ],
    }),
  ],
]);

function driveItem(id: string, name: string, extra: Record<string, unknown> = {}) {
  return {
    "@microsoft.graph.downloadUrl": undefined,
    createdDateTime: "2026-10-02T07:45:12Z",
    eTag: `"{${id.slice(-8)}-0000-0000-0000-000000000000},3"`,
    id,
    lastModifiedDateTime: "2026-11-30T15:20:31Z",
    name,
    webUrl: `https://northwindstudio-my.sharepoint.com/personal/maya_northwind-studio_com/Documents/${encodeURIComponent(name)}`,
    size: 48213,
    createdBy: { user: { displayName: "Maya Lindqvist", id: "6e2f4c1a-8b3d-4e5f-9a7b-1c2d3e4f5a6b" } },
    parentReference: {
      driveType: "business",
      driveId: "b!r15bDriveIdStandIn",
      id: "01BYE5RZ56Y2GOVW7725BZO354PWSELRRZ",
      path: "/drive/root:",
    },
    ...extra,
  };
}

const msRootChildren = [
  driveItem(MS_DOCS_FOLDER, "Contracts", { folder: { childCount: 3 }, size: 1204455 }),
  driveItem("01BYE5RZ2KXWOAFI5ZVBGKSVXPJ2NL3XVQ", "Q4 budget.xlsx", {
    file: {
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      hashes: { quickXorHash: "dF5xZk0zTnJQd2VpV0VPZ2xwMz0=" },
    },
  }),
  driveItem("01BYE5RZ7WQFVBXJCLZVFJ4S2KJ3FVWDYS", "Offsite agenda.docx", {
    file: { mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
  }),
];

function graph(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (url.host !== "graph.microsoft.com") {
    unknown("graph", req, url, body);
    return text(res, 404, "Not Found");
  }
  const auth = req.headers.authorization ?? "";
  if (auth !== `Bearer ${MS_TOKEN}`) {
    const revoked = auth === `Bearer ${MS_REVOKED_TOKEN}`;
    const message = revoked
      ? "Continuous access evaluation resulted in challenge with result: InteractionRequired and code: TokenIssuedBeforeRevocationTimestamp"
      : "Lifetime validation failed, the token is expired.";
    return graphError(res, 401, "InvalidAuthenticationToken", message, {
      "www-authenticate":
        'Bearer realm="", authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize", client_id="00000003-0000-0000-c000-000000000000"',
    });
  }
  if (state.msThrottled) {
    return graphError(res, 429, "TooManyRequests", "Please retry after 1 seconds.", { "retry-after": "1" });
  }
  if (state.msUnavailable) {
    return graphError(res, 503, "serviceNotAvailable", "Service Unavailable");
  }
  if (state.msBadGateway) return text(res, 502, AZURE_FRONTDOOR_502, "text/html");

  const p = decodeURIComponent(url.pathname.replace(/^\/v1\.0/, ""));
  if (p === "/$batch" && req.method === "POST") {
    const batch = parse(body) as { requests?: { id: string; method: string; url: string }[] };
    const responses = (batch.requests ?? []).map((sub) => {
      const match = /^\/?me\/events\/([^/?]+)/.exec(sub.url);
      const event = match ? msEvents.get(match[1]!) : undefined;
      if (event)
        return { id: sub.id, status: 200, headers: { "Content-Type": "application/json" }, body: event };
      return {
        id: sub.id,
        status: 404,
        headers: { "Content-Type": "application/json" },
        body: {
          error: { code: "ErrorItemNotFound", message: "The specified object was not found in the store." },
        },
      };
    });
    return json(res, 200, { responses });
  }
  if (p === "/me/calendars") {
    return json(res, 200, {
      "@odata.context":
        "https://graph.microsoft.com/v1.0/$metadata#users('maya%40northwind-studio.com')/calendars",
      value: [
        {
          id: "AAMkAGI2TGuLAAA=",
          name: "Calendar",
          color: "auto",
          isDefaultCalendar: true,
          canEdit: true,
          canShare: true,
          owner: { name: "Maya Lindqvist", address: "maya@northwind-studio.com" },
        },
        {
          id: "AAMkAGI2TGuMAAA=",
          name: "Birthdays",
          color: "lightGreen",
          isDefaultCalendar: false,
          canEdit: false,
          canShare: false,
          owner: { name: "Maya Lindqvist", address: "maya@northwind-studio.com" },
        },
      ],
    });
  }
  if (p === "/me/calendarView" || p === "/me/calendar/calendarView") {
    const start = url.searchParams.get("startDateTime") ?? "";
    const end = url.searchParams.get("endDateTime") ?? "";
    if (!start || !end) {
      return graphError(
        res,
        400,
        "ErrorInvalidParameter",
        "This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.",
      );
    }
    if (Number.isNaN(Date.parse(start))) {
      return graphError(
        res,
        400,
        "ErrorInvalidParameter",
        `The value '${start}' of parameter 'StartDateTime' is invalid.`,
      );
    }
    const inWindow = start < "2027" ? [...msEvents.values()] : [];
    return json(res, 200, {
      "@odata.context":
        "https://graph.microsoft.com/v1.0/$metadata#users('maya%40northwind-studio.com')/calendarView",
      value: inWindow,
    });
  }
  const eventMatch = /^\/me\/events\/([^/]+)$/.exec(p);
  if (eventMatch) {
    const id = eventMatch[1]!;
    if (id === "AAMkAGI2SLOWAAA=") return later(15_000, () => json(res, 200, msEvent(id, "Slow", "", "")));
    if (!/^AAMk[A-Za-z0-9+/=_-]+$/.test(id))
      return graphError(res, 400, "ErrorInvalidIdMalformed", "Id is malformed.");
    const event = msEvents.get(id);
    if (!event)
      return graphError(res, 404, "ErrorItemNotFound", "The specified object was not found in the store.");
    if (req.method === "DELETE") return text(res, 204, "");
    return json(res, 200, event);
  }
  if (p === "/me/events" && req.method === "POST") {
    const event = parse(body) as {
      subject?: string;
      start?: { dateTime?: string };
      end?: { dateTime?: string };
    };
    if (!event.start?.dateTime || !event.end?.dateTime) {
      return graphError(
        res,
        400,
        "ErrorPropertyValidationFailure",
        "At least one property failed validation.",
      );
    }
    return json(
      res,
      201,
      msEvent("AAMkAGI2THVUAAA=", event.subject ?? "", event.start.dateTime, event.end.dateTime, event),
    );
  }
  if (p === "/me/drive/root/children" || p === "/me/drive/root") {
    if (p === "/me/drive/root")
      return json(
        res,
        200,
        driveItem("01BYE5RZ56Y2GOVW7725BZO354PWSELRRZ", "root", { folder: { childCount: 3 }, root: {} }),
      );
    return json(res, 200, {
      "@odata.context":
        "https://graph.microsoft.com/v1.0/$metadata#users('maya%40northwind-studio.com')/drive/root/children",
      value: msRootChildren,
    });
  }
  const searchMatch = /^\/(?:me\/drive|drives\/[^/]+)\/root\/search\(q='(.*)'\)$/.exec(p);
  if (searchMatch) {
    const q = searchMatch[1]!.toLowerCase();
    return json(res, 200, {
      "@odata.context": "https://graph.microsoft.com/v1.0/$metadata#Collection(driveItem)",
      value: msRootChildren.filter((item) => item.name.toLowerCase().includes(q)),
    });
  }
  const itemMatch = /^\/(?:me\/drive|drives\/[^/]+)\/items\/([^/]+)(\/children)?$/.exec(p);
  if (itemMatch) {
    const id = itemMatch[1]!;
    if (id === MS_SHARED_FOLDER) {
      return graphError(
        res,
        403,
        "accessDenied",
        "Access denied. You do not have permission to perform this action or access this resource.",
      );
    }
    const item = [...msRootChildren].find((entry) => entry.id === id);
    if (!item) return graphError(res, 404, "itemNotFound", "The resource could not be found.");
    if (itemMatch[2] && req.method === "POST") {
      const folder = parse(body) as { name?: string };
      if (folder.name === "Signed") {
        return graphError(
          res,
          409,
          "nameAlreadyExists",
          "An item with the same name already exists under the parent",
        );
      }
      return json(
        res,
        201,
        driveItem("01BYE5RZZ4TNGZDCHVNBAKBSMFTL3WGQ3L", folder.name ?? "New folder", {
          folder: { childCount: 0 },
          size: 0,
        }),
      );
    }
    if (itemMatch[2]) {
      return json(res, 200, {
        value: [
          driveItem("01BYE5RZYJ43UXJEQ7PFFZ6DFSOQ2EWXEC", "Signed", { folder: { childCount: 12 } }),
          driveItem("01BYE5RZ3OYPQ6KFW4RBFLYUZZBQ4VX5MS", "Acme MSA 2026.pdf", {
            file: { mimeType: "application/pdf" },
          }),
        ],
      });
    }
    return json(res, 200, item);
  }
  const uploadMatch = /^\/(?:me\/drive|drives\/[^/]+)\/items\/([^/]+)\/content$/.exec(p);
  if (uploadMatch && req.method === "PUT") {
    return graphError(res, 507, "quotaLimitReached", "Insufficient Space Available");
  }
  unknown("graph", req, url, body);
  return graphError(
    res,
    400,
    "BadRequest",
    `Resource not found for the segment '${p.split("/").filter(Boolean).pop() ?? ""}'.`,
  );
}

export const graphStandin = forwardProxy(MS_PROXY_PORT, tls, graph);

// ------------------------------------------------------------------------------------------ monday.com

export const MONDAY_BOARD = 7390214455;
export const MONDAY_SLOW_BOARD = 7390299999;
export const MONDAY_LOCKED_BOARD = 7390211111;
export const MONDAY_ITEM = 7390215123;

const mondayColumns = [
  { id: "name", title: "Name", type: "name", settings_str: "{}" },
  { id: "person", title: "Owner", type: "people", settings_str: "{}" },
  {
    id: "status",
    title: "Status",
    type: "status",
    settings_str: JSON.stringify({
      labels: { "0": "Working on it", "1": "Done", "2": "Stuck", "5": "Not started" },
    }),
  },
  { id: "date4", title: "Due date", type: "date", settings_str: "{}" },
  { id: "numbers", title: "Budget", type: "numbers", settings_str: "{}" },
];
const mondayGroups = [
  { id: "topics", title: "This week", color: "#579bfc" },
  { id: "group_mkn2x8fq", title: "Next week", color: "#a25ddc" },
];
function mondayItem(id: number, name: string, status: string, date: string) {
  return {
    id: String(id),
    name,
    created_at: "2026-11-25T08:10:33Z",
    updated_at: "2026-12-02T14:22:05Z",
    group: { id: "topics", title: "This week" },
    column_values: [
      {
        id: "person",
        text: "Maya Lindqvist",
        value: '{"personsAndTeams":[{"id":58293710,"kind":"person"}]}',
        type: "people",
      },
      { id: "status", text: status, value: `{"index":${status === "Done" ? 1 : 0}}`, type: "status" },
      { id: "date4", text: date, value: `{"date":"${date}"}`, type: "date" },
      { id: "numbers", text: "1200", value: '"1200"', type: "numbers" },
    ],
  };
}
const mondayItems = [
  mondayItem(MONDAY_ITEM, "Brief the illustrator", "Working on it", "2026-12-09"),
  mondayItem(7390215124, "Book the venue", "Done", "2026-12-05"),
  mondayItem(7390215125, "Print run quote", "Working on it", "2026-12-12"),
];

function mondayErrors(
  res: http.ServerResponse,
  errors: {
    message: string;
    code: string;
    status?: number;
    data?: Record<string, unknown>;
    path?: string[];
  }[],
  data: unknown = null,
) {
  json(
    res,
    200,
    {
      ...(data === null ? {} : { data }),
      errors: errors.map((error) => ({
        message: error.message,
        locations: [{ line: 2, column: 3 }],
        path: error.path ?? [],
        extensions: { code: error.code, status_code: error.status ?? 200, error_data: error.data ?? {} },
      })),
      account_id: 21794633,
    },
    { "x-request-id": "3b8f2c1e-9d7a-4e5b-8c6f-1a2b3c4d5e6f" },
  );
}

function monday(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (url.host !== "api.monday.com" || !url.pathname.startsWith("/v2")) {
    unknown("monday", req, url, body);
    return text(res, 404, "Not Found");
  }
  const auth = req.headers.authorization ?? "";
  if (state.mondayRevoked || auth.replace(/^Bearer /, "") !== MONDAY_TOKEN) {
    return json(res, 401, {
      errors: [{ message: "Not Authenticated", extensions: { code: "UNAUTHENTICATED", status_code: 401 } }],
    });
  }
  if (state.mondayBudget) {
    const message =
      "Complexity budget exhausted, query cost 30001 budget remaining 1250 out of 1000000 reset in 37 seconds";
    return json(
      res,
      429,
      {
        errors: [message],
        status_code: 429,
        error_message: message,
        error_code: "complexityBudgetExhausted",
        account_id: 21794633,
      },
      { "retry-after": "37" },
    );
  }
  if (state.mondayServerError)
    return json(res, 500, { error_message: "Internal server error", status_code: 500 });
  if (state.mondayBadGateway) return text(res, 502, CLOUDFLARE_502, "text/html");

  const request = parse(body) as { query?: string; variables?: Record<string, unknown> };
  const query = request.query ?? "";
  const vars = request.variables ?? {};
  const flat = `${query} ${JSON.stringify(vars)}`;
  const ids = [...flat.matchAll(/\b(73902\d{5})\b/g)].map((m) => Number(m[1]));
  const boardId = Number(
    vars.boardId ?? vars.board_id ?? (Array.isArray(vars.boardIds) ? vars.boardIds[0] : undefined) ?? ids[0],
  );

  if (ids.includes(MONDAY_SLOW_BOARD)) {
    return later(15_000, () => json(res, 200, { data: { boards: [] }, account_id: 21794633 }));
  }
  if (/\bmutation\b/.test(query)) {
    if (boardId === MONDAY_LOCKED_BOARD) {
      return mondayErrors(res, [
        {
          message: "User unauthorized to perform action",
          code: "UserUnauthorizedException",
          status: 403,
          data: { board_id: MONDAY_LOCKED_BOARD },
        },
      ]);
    }
    if (/create_item\s*\(/.test(query)) {
      const columnValues = String(vars.columnValues ?? vars.column_values ?? "");
      const name = String(vars.itemName ?? vars.item_name ?? "");
      if (/Blocked-ish|"Stalled"/.test(columnValues)) {
        return mondayErrors(
          res,
          [
            {
              message:
                "The status label you are trying to use does not exist. Please create it first or use createLabelsIfMissing.",
              code: "ColumnValueException",
              data: { column_value: '{"label":"Stalled"}', column_type: "StatusColumn", column_id: "status" },
              path: ["create_item"],
            },
          ],
          { create_item: null },
        );
      }
      if (boardId !== MONDAY_BOARD) {
        return mondayErrors(
          res,
          [
            {
              message: "Board not found",
              code: "ResourceNotFoundException",
              status: 404,
              data: { board_id: boardId },
              path: ["create_item"],
            },
          ],
          { create_item: null },
        );
      }
      return json(res, 200, {
        data: {
          create_item: {
            id: "7390216001",
            name,
            url: `https://northwind.monday.com/boards/${MONDAY_BOARD}/pulses/7390216001`,
          },
        },
        account_id: 21794633,
      });
    }
    if (/delete_item\s*\(/.test(query)) {
      const itemId = Number(vars.itemId ?? vars.item_id ?? ids[0]);
      if (!mondayItems.some((item) => Number(item.id) === itemId)) {
        return mondayErrors(
          res,
          [
            {
              message: `Item not found`,
              code: "ResourceNotFoundException",
              status: 404,
              data: { item_id: itemId },
              path: ["delete_item"],
            },
          ],
          { delete_item: null },
        );
      }
      return json(res, 200, { data: { delete_item: { id: String(itemId) } }, account_id: 21794633 });
    }
    if (/change_multiple_column_values\s*\(/.test(query)) {
      const columnValues = String(vars.columnValues ?? vars.column_values ?? "");
      if (/date4/.test(columnValues) && /next friday/i.test(columnValues)) {
        return mondayErrors(
          res,
          [
            {
              message:
                "invalid value, please check our API documentation for the correct data structure for this column. https://developer.monday.com/api-reference/docs/change-column-values",
              code: "ColumnValueException",
              data: { column_value: '{"date":"next friday"}', column_type: "DateColumn", column_id: "date4" },
              path: ["change_multiple_column_values"],
            },
          ],
          { change_multiple_column_values: null },
        );
      }
      return json(res, 200, {
        data: { change_multiple_column_values: { id: String(vars.itemId ?? MONDAY_ITEM) } },
        account_id: 21794633,
      });
    }
    if (/create_update\s*\(/.test(query)) {
      return json(res, 200, { data: { create_update: { id: "3719024515" } }, account_id: 21794633 });
    }
    unknown("monday", req, url, body);
    return mondayErrors(res, [
      { message: "Field is not supported on this API version", code: "undefinedField" },
    ]);
  }
  if (/\bsearch\s*{/.test(query)) {
    const term = String(vars.query ?? "");
    const results = /zzz/i.test(term)
      ? []
      : mondayItems
          .filter((item) => item.name.toLowerCase().includes(term.toLowerCase()))
          .map((item) => ({ id: item.id }));
    return json(res, 200, { data: { search: { items: { results } } }, account_id: 21794633 });
  }
  if (/\bboards\s*\(/.test(query) || /\bboards\s*{/.test(query)) {
    if (boardId && boardId !== MONDAY_BOARD)
      return json(res, 200, { data: { boards: [] }, account_id: 21794633 });
    const board = {
      id: String(MONDAY_BOARD),
      name: "Spring campaign",
      description: "Launch tasks for the spring print and social campaign",
      state: "active",
      board_kind: "public",
      url: `https://northwind.monday.com/boards/${MONDAY_BOARD}`,
      workspace: { id: "4412087", name: "Marketing" },
      workspace_id: "4412087",
      owners: [{ id: "58293710", name: "Maya Lindqvist" }],
      columns: mondayColumns,
      groups: mondayGroups,
      items_count: mondayItems.length,
      updated_at: "2026-12-02T14:22:05Z",
      items_page: { cursor: null, items: mondayItems },
      tags: [],
      top_group: { id: "topics" },
    };
    const search = JSON.stringify(vars).match(/"(?:searchTerm|term|compare_value)":\s*"([^"]*)"/)?.[1];
    if (search && /zzz/i.test(search)) board.items_page = { cursor: null, items: [] };
    return json(res, 200, { data: { boards: [board] }, account_id: 21794633 });
  }
  if (/\bworkspaces\b/.test(query)) {
    return json(res, 200, {
      data: {
        workspaces: [
          { id: "4412087", name: "Marketing", kind: "open", description: "", state: "active" },
          {
            id: "4412090",
            name: "Operations",
            kind: "closed",
            description: "Facilities and vendors",
            state: "active",
          },
        ],
      },
      account_id: 21794633,
    });
  }
  if (/\bme\s*{/.test(query) || /\busers\b/.test(query)) {
    return json(res, 200, {
      data: {
        me: {
          id: "58293710",
          name: "Maya Lindqvist",
          email: "maya@northwind-studio.com",
          title: "Creative lead",
          is_admin: false,
        },
        users: [
          {
            id: "58293710",
            name: "Maya Lindqvist",
            email: "maya@northwind-studio.com",
            enabled: true,
            is_guest: false,
          },
          {
            id: "58293711",
            name: "Jonas Berg",
            email: "jonas@northwind-studio.com",
            enabled: true,
            is_guest: false,
          },
        ],
      },
      account_id: 21794633,
    });
  }
  unknown("monday", req, url, body);
  return json(res, 200, { data: {}, account_id: 21794633 });
}

export const mondayStandin = tlsStandin(MONDAY_TLS_PORT, tls, monday);

// ------------------------------------------------------------------------------------------------ Miro

export const MIRO_BOARD = "uXjVL2kQ9sA=";
export const MIRO_VIEWER_BOARD = "uXjVLr8Tn0c=";
export const MIRO_EMPTY_BOARD = "uXjVLe3Mp7w=";
export const MIRO_SLOW_BOARD = "uXjVLs1oW5Q=";
export const MIRO_ITEM = "3458764612345678901";

function miroError(
  res: http.ServerResponse,
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  json(res, status, { status, code, message, ...extra, type: "error" }, headers);
}

function miroBoard(id: string, name: string, role: string) {
  return {
    id,
    type: "board",
    name,
    description: "",
    links: {
      self: `https://api.miro.com/v2/boards/${encodeURIComponent(id)}`,
      related: `https://api.miro.com/v2/boards/${encodeURIComponent(id)}/members?limit=20&offset=0`,
    },
    createdAt: "2026-10-14T08:22:17Z",
    createdBy: { id: "3458764517517819000", name: "Maya Lindqvist", type: "user" },
    currentUserMembership: { id: "3458764517517819000", name: "Maya Lindqvist", role, type: "board_member" },
    modifiedAt: "2026-12-01T16:40:02Z",
    owner: { id: "3458764517517819000", name: "Maya Lindqvist", type: "user" },
    team: { id: "3458764517517818001", name: "Northwind Studio", type: "team" },
    viewLink: `https://miro.com/app/board/${id}`,
    policy: {
      permissionsPolicy: {
        collaborationToolsStartAccess: "all_editors",
        copyAccess: "anyone",
        sharingAccess: "team_members_with_editing_rights",
      },
      sharingPolicy: {
        access: "private",
        inviteToAccountAndBoardLinkAccess: "no_access",
        organizationAccess: "private",
        teamAccess: "edit",
      },
    },
  };
}
const miroBoards = [
  miroBoard(MIRO_BOARD, "Retro — Sprint 48", "owner"),
  miroBoard(MIRO_VIEWER_BOARD, "Brand guidelines (read-only)", "viewer"),
  miroBoard(MIRO_EMPTY_BOARD, "Untitled", "owner"),
];
function miroSticky(id: string, content: string, x: number, y: number) {
  return {
    id,
    type: "sticky_note",
    data: { content, shape: "square" },
    style: { fillColor: "light_yellow", textAlign: "center", textAlignVertical: "top" },
    position: { x, y, origin: "center", relativeTo: "canvas_center" },
    geometry: { width: 199.0, height: 228.0 },
    createdAt: "2026-12-01T15:02:44Z",
    createdBy: { id: "3458764517517819000", type: "user" },
    modifiedAt: "2026-12-01T15:02:44Z",
    modifiedBy: { id: "3458764517517819000", type: "user" },
    links: { self: `https://api.miro.com/v2/boards/${encodeURIComponent(MIRO_BOARD)}/sticky_notes/${id}` },
  };
}
const miroItems = [
  miroSticky(MIRO_ITEM, "<p>Deploys were slow this sprint</p>", -420, 80),
  miroSticky("3458764612345678902", "<p>Pairing on the checkout bug worked well</p>", -180, 80),
  miroSticky("3458764612345678903", "<p>Try trunk-based releases</p>", 60, 80),
];

function miro(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (url.host !== "api.miro.com") {
    unknown("miro", req, url, body);
    return text(res, 404, "Not Found");
  }
  const auth = req.headers.authorization ?? "";
  if (state.miroExpired || auth !== `Bearer ${MIRO_TOKEN}`) {
    return miroError(res, 401, "tokenExpired", "Access token has expired");
  }
  if (state.miroRateLimited) {
    return miroError(
      res,
      429,
      "tooManyRequests",
      "Too Many Requests",
      {},
      {
        "x-ratelimit-limit": "100000",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": "1796551260",
        "retry-after": "41",
      },
    );
  }
  if (state.miroServerError) return miroError(res, 500, "internalError", "Internal error");
  if (state.miroUnavailable) return text(res, 503, MIRO_503, "text/html");
  const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "v2" && parts[1] === "boards" && parts.length === 2 && req.method === "GET") {
    const query = (url.searchParams.get("query") ?? "").toLowerCase();
    const data = query ? miroBoards.filter((board) => board.name.toLowerCase().includes(query)) : miroBoards;
    const limit = Number(url.searchParams.get("limit") ?? 20);
    const offset = Number(url.searchParams.get("offset") ?? 0);
    return json(res, 200, {
      data: data.slice(offset, offset + limit),
      total: data.length,
      size: Math.min(limit, Math.max(0, data.length - offset)),
      offset,
      limit,
      links: { self: `https://api.miro.com/v2/boards?limit=${limit}&offset=${offset}` },
      type: "list",
    });
  }
  if (parts[0] === "v2" && parts[1] === "boards" && parts[2]) {
    const boardId = parts[2];
    if (boardId === MIRO_SLOW_BOARD)
      return later(15_000, () => json(res, 200, miroBoard(MIRO_SLOW_BOARD, "Slow", "owner")));
    const board = miroBoards.find((entry) => entry.id === boardId);
    if (!board) return miroError(res, 404, "boardNotFound", "Board not found");
    const role = board.currentUserMembership.role;
    const writing = req.method !== "GET";
    if (writing && role === "viewer") {
      return miroError(
        res,
        403,
        "insufficientPermissions",
        "You do not have the permissions to edit this board",
        {
          context: { requiredRole: "editor", currentRole: "viewer" },
        },
      );
    }
    if (parts.length === 3 && req.method === "GET") return json(res, 200, board);
    const kind = parts[3];
    if (kind === "items" && parts.length === 4 && req.method === "GET") {
      const data = boardId === MIRO_BOARD ? miroItems : [];
      return json(res, 200, {
        data,
        total: data.length,
        size: data.length,
        offset: 0,
        limit: 10,
        links: {
          self: `https://api.miro.com/v2/boards/${encodeURIComponent(boardId)}/items?limit=10&offset=0`,
        },
        type: "cursor-list",
      });
    }
    if (kind === "items" && parts[4] === "bulk" && req.method === "POST") {
      const items = (JSON.parse(body || "[]") as { type?: string; data?: Record<string, unknown> }[]) ?? [];
      const bad = items.findIndex(
        (item) => item.type === "sticky_note" && !item.data?.content && item.data?.content !== "",
      );
      const badShape = items.findIndex(
        (item) =>
          item.type === "sticky_note" &&
          !["square", "rectangle"].includes(String(item.data?.shape ?? "square")),
      );
      const index = bad >= 0 ? bad : badShape;
      if (index >= 0) {
        return miroError(res, 400, "invalidInput", "Bulk operation failed; no items were created", {
          context: {
            fields: [
              bad >= 0
                ? { field: `[${index}].data.content`, message: "Required", reason: "missing" }
                : {
                    field: `[${index}].data.shape`,
                    message: `Unexpected value '${String(items[index]?.data?.shape)}'. Expected one of: square, rectangle`,
                    reason: "invalid",
                  },
            ],
          },
        });
      }
      return json(res, 201, {
        data: items.map((item, i) => ({
          ...miroSticky(
            String(3458764612345679000n + BigInt(i)),
            String(item.data?.content ?? ""),
            i * 240,
            400,
          ),
          type: item.type,
        })),
        type: "bulk-list",
      });
    }
    if ((kind === "items" || kind === "sticky_notes") && parts[4]) {
      const item = boardId === MIRO_BOARD ? miroItems.find((entry) => entry.id === parts[4]) : undefined;
      if (!item) return miroError(res, 404, "itemNotFound", `Item ${parts[4]} not found`);
      if (req.method === "DELETE") return text(res, 204, "");
      if (req.method === "PATCH") return json(res, 200, { ...item, ...JSON.parse(body || "{}") });
      return json(res, 200, item);
    }
    if (kind === "sticky_notes" && req.method === "POST") {
      const note = JSON.parse(body || "{}") as { data?: { content?: string; shape?: string } };
      if (!note.data?.content) {
        return miroError(
          res,
          400,
          "invalidInput",
          "Could not resolve the value for parameter: data.content",
          {
            context: { fields: [{ field: "data.content", message: "Required" }] },
          },
        );
      }
      if (note.data?.shape && !["square", "rectangle"].includes(note.data.shape)) {
        return miroError(res, 400, "invalidInput", `Could not resolve the value for parameter: data.shape`, {
          context: {
            fields: [
              {
                field: "data.shape",
                message: `Unexpected value '${note.data.shape}'. Expected one of: square, rectangle`,
                reason: "invalid",
              },
            ],
          },
        });
      }
      return json(res, 201, miroSticky("3458764612345679100", note.data?.content ?? "", 0, 0));
    }
    if (kind === "tags" && req.method === "GET") {
      return json(res, 200, { data: [], total: 0, size: 0, offset: 0, limit: 20, links: {}, type: "list" });
    }
  }
  if (parts[0] === "v2" && parts[1] === "orgs") {
    return miroError(
      res,
      403,
      "forbiddenForPlan",
      "This API is available only for Enterprise plan users. Your organization is on the Business plan.",
    );
  }
  unknown("miro", req, url, body);
  return miroError(res, 404, "notFound", "Not Found");
}

export const miroStandin = tlsStandin(MIRO_TLS_PORT, tls, miro);

export const ALL_STANDINS = [gcalStandin, graphStandin, mondayStandin, miroStandin];
