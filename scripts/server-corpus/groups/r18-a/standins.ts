// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies
// and error bodies:
// - Cal.com's API v2 (`api.cal.com/v2/bookings`, `/v2/event-types`) for @calcom/cal-mcp: success bodies
//   `{"status":"success","data":…}`, errors `{"status":"error","timestamp","path","error":{"code","message",
//   "details"}}` as Cal.com's NestJS API answers them;
// - Google's APIs for google-workspace-mcp's Forms tools: Drive v3 `files.list` (www.googleapis.com), Forms v1
//   (`forms.googleapis.com/v1/forms…`) and the OAuth token endpoint (`oauth2.googleapis.com/token`), with Google's
//   `{"error":{"code","message","status"}}` envelope and the OAuth `{"error":"invalid_grant",…}` body.
//
// Both servers have their hosts written into them: each has its own forward proxy (standin-kit's
// `forwardProxy`), reached by HTTPS_PROXY (axios sends absolute-form requests, gaxios tunnels with CONNECT),
// so stopping one refuses connections for that server alone. `state` is switched by the sessions' hooks.

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
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r18-a";
export const CERT = path.join(DATA, "standin-cert.pem");

export const CAL_PROXY_PORT = 40600;
export const GOOGLE_PROXY_PORT = 40601;

export const CAL_KEY = "cal_live_5f3c9a1e7b2d4c6a8e0f1b3d5a7c9e2f";
export const CAL_REVOKED_KEY = "cal_live_0a1b2c3d4e5f60718293a4b5c6d7e8f9";

const HOSTS = ["api.cal.com", "www.googleapis.com", "forms.googleapis.com", "oauth2.googleapis.com"];

export const state = {
  calRateLimited: false,
  calServerError: false,
  calBadGateway: false,
  calUnavailable: false,
  gRateLimited: false,
  gServerError: false,
  gBadGateway: false,
  gUnavailable: false,
  gTokenRevoked: false,
};

let cert: Certificate | undefined;
export function ensureCertificate(): Certificate {
  cert ??= certificate(DATA, HOSTS);
  return cert;
}

const CLOUDFLARE_502 = `<!DOCTYPE html>
<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->
<html class="no-js" lang="en-US">
<head>
<title>api.cal.com | 502: Bad gateway</title>
<meta charset="UTF-8" />
</head>
<body>
<div id="cf-wrapper">
<div id="cf-error-details" class="p-0">
<header class="mx-auto pt-10 lg:pt-6 lg:px-8 w-240 lg:w-full mb-8">
<h1 class="inline-block sm:block sm:mb-2 font-light text-60 lg:text-4xl text-black-dark leading-tight mr-2">
<span class="inline-block">Bad gateway</span>
<span class="code-label">Error code 502</span>
</h1>
</header>
<div class="cf-error-footer">Cloudflare Ray ID: <strong>8e4f1c2a9b7d3e51</strong></div>
</div>
</div>
</body>
</html>`;

const GOOGLE_502 = `<!DOCTYPE html>
<html lang=en>
  <meta charset=utf-8>
  <meta name=viewport content="initial-scale=1, minimum-scale=1, width=device-width">
  <title>Error 502 (Server Error)!!1</title>
  <a href=//www.google.com/><span id=logo aria-label=Google></span></a>
  <p><b>502.</b> <ins>That’s an error.</ins>
  <p>The server encountered a temporary error and could not complete your request.<p>Please try again in 30 seconds.  <ins>That’s all we know.</ins>
</html>`;

// ------------------------------------------------------------------------------------------- Cal.com

const EVENT_TYPES: Record<number, Record<string, unknown>> = {
  1182044: {
    id: 1182044,
    ownerId: 904511,
    lengthInMinutes: 30,
    title: "Intro call",
    slug: "intro-call",
    description: "A 30-minute call to get to know each other.",
    locations: [{ type: "integration", integration: "cal-video" }],
    bookingFields: [],
    disableGuests: false,
    slotInterval: null,
    minimumBookingNotice: 120,
    beforeEventBuffer: 0,
    afterEventBuffer: 10,
    schedulingType: null,
    hidden: false,
    bookingRequiresAuthentication: false,
    users: [{ id: 904511, name: "Dana Whitfield", username: "dana-whitfield" }],
  },
  1182045: {
    id: 1182045,
    ownerId: 904511,
    lengthInMinutes: 60,
    title: "Technical interview",
    slug: "technical-interview",
    description: "A one-hour technical interview with the hiring team.",
    locations: [{ type: "integration", integration: "google-meet" }],
    bookingFields: [],
    disableGuests: true,
    slotInterval: 30,
    minimumBookingNotice: 1440,
    beforeEventBuffer: 15,
    afterEventBuffer: 15,
    schedulingType: null,
    hidden: false,
    bookingRequiresAuthentication: false,
    users: [{ id: 904511, name: "Dana Whitfield", username: "dana-whitfield" }],
  },
};
/** An event type owned by another user of the organisation (PATCH/DELETE answer 403). */
const FOREIGN_EVENT_TYPE = 1190377;

function booking(uid: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 4410287,
    uid,
    title: "Intro call between Dana Whitfield and Priya Raman",
    description: "",
    hosts: [
      {
        id: 904511,
        name: "Dana Whitfield",
        email: "dana@acme-talent.example",
        username: "dana-whitfield",
        timeZone: "Europe/Berlin",
      },
    ],
    status: "accepted",
    start: "2026-12-09T10:00:00.000Z",
    end: "2026-12-09T10:30:00.000Z",
    duration: 30,
    eventTypeId: 1182044,
    eventType: { id: 1182044, slug: "intro-call" },
    meetingUrl: "https://app.cal.com/video/dB7mQ2xY9kLpR4sT1vW8zA",
    location: "https://app.cal.com/video/dB7mQ2xY9kLpR4sT1vW8zA",
    absentHost: false,
    createdAt: "2026-12-02T14:21:07.512Z",
    updatedAt: "2026-12-02T14:21:07.512Z",
    metadata: {},
    rating: null,
    icsUid: `${uid}@Cal.com`,
    attendees: [
      {
        name: "Priya Raman",
        email: "priya.raman@example.org",
        timeZone: "Asia/Kolkata",
        language: "en",
        absent: false,
      },
    ],
    guests: [],
    bookingFieldsResponses: { name: "Priya Raman", email: "priya.raman@example.org" },
    ...over,
  };
}

export const BOOKING_UID = "8kTq3vZp1YxR6bWn2mHs4c";
export const SECOND_BOOKING_UID = "pR5nW8xL2qT7vY1kZ3mB6d";
export const CANCELLED_BOOKING_UID = "cX4vB9nM2kL7pQ1wE5rT8y";
export const PAST_BOOKING_UID = "hG6jK2lP9oI4uY7tR1eW3q";
const BOOKINGS = [
  booking(BOOKING_UID),
  booking(SECOND_BOOKING_UID, {
    id: 4410391,
    title: "Technical interview between Dana Whitfield and Jonas Albrecht",
    start: "2026-12-10T13:00:00.000Z",
    end: "2026-12-10T14:00:00.000Z",
    duration: 60,
    eventTypeId: 1182045,
    eventType: { id: 1182045, slug: "technical-interview" },
    meetingUrl: "https://meet.google.com/qwe-rtyu-iop",
    location: "https://meet.google.com/qwe-rtyu-iop",
    attendees: [
      {
        name: "Jonas Albrecht",
        email: "jonas.albrecht@example.net",
        timeZone: "Europe/Berlin",
        language: "de",
        absent: false,
      },
    ],
    bookingFieldsResponses: { name: "Jonas Albrecht", email: "jonas.albrecht@example.net" },
  }),
];
const CANCELLED = booking(CANCELLED_BOOKING_UID, {
  id: 4409876,
  status: "cancelled",
  cancellationReason: "Candidate withdrew",
  cancelledByEmail: "priya.raman@example.org",
  start: "2026-12-08T09:00:00.000Z",
  end: "2026-12-08T09:30:00.000Z",
});
const PAST = booking(PAST_BOOKING_UID, {
  id: 4398120,
  start: "2026-11-20T09:00:00.000Z",
  end: "2026-11-20T09:30:00.000Z",
});
/** A slot that is already taken (POST /v2/bookings answers 400). */
export const TAKEN_SLOT = "2026-12-09T10:00:00Z";

function calError(
  res: http.ServerResponse,
  url: URL,
  status: number,
  code: string,
  message: string,
  details?: unknown,
  headers: Record<string, string> = {},
) {
  const error: Record<string, unknown> = { code, message };
  if (details !== undefined) error.details = details;
  json(
    res,
    status,
    {
      status: "error",
      timestamp: new Date().toISOString(),
      path: url.pathname + url.search,
      error,
    },
    headers,
  );
}

function calNotFound(res: http.ServerResponse, url: URL, message: string) {
  calError(res, url, 404, "NotFoundException", message, { message, error: "Not Found", statusCode: 404 });
}

function calHandler(req: http.IncomingMessage, url: URL, raw: string, res: http.ServerResponse) {
  if (url.hostname !== "api.cal.com") return text(res, 502, "unknown host");
  const p = url.pathname;
  const method = req.method ?? "GET";
  if (p.includes("slow-")) return later(15_000, () => json(res, 200, { status: "success", data: [] }));
  if (state.calBadGateway)
    return text(res, 502, CLOUDFLARE_502, "text/html; charset=UTF-8", { server: "cloudflare" });
  if (state.calUnavailable)
    return json(
      res,
      503,
      { message: "Service Unavailable" },
      { "retry-after": "120", "x-amz-cf-id": "k2Jd8Qm4xZ1vN6bT3pR9sW5yL7cA0eG2hF4jK6mO8qU=" },
    );
  if (state.calRateLimited)
    return calError(res, url, 429, "ThrottlerException", "Too Many Requests", undefined, {
      "retry-after": "60",
      "x-ratelimit-limit": "120",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": "60",
    });
  if (state.calServerError)
    return calError(res, url, 500, "InternalServerErrorException", "Internal server error");

  // Endpoints whose tools send the Authorization header check it.
  const auth = req.headers.authorization;
  if (auth !== undefined && auth !== `Bearer ${CAL_KEY}`) {
    return calError(res, url, 401, "UnauthorizedException", "ApiAuthStrategy - api key - Invalid API Key", {
      message: "ApiAuthStrategy - api key - Invalid API Key",
      error: "Unauthorized",
      statusCode: 401,
    });
  }

  if (p === "/v2/bookings" && method === "GET") {
    const email = url.searchParams.get("attendeeEmail");
    const status = url.searchParams.getAll("status").join(",");
    let list = BOOKINGS;
    if (email)
      list = [...BOOKINGS, CANCELLED, PAST].filter((b) => JSON.stringify(b.attendees).includes(email));
    if (status.includes("cancelled")) list = [CANCELLED];
    if (status.includes("past")) list = [PAST];
    const take = Number(url.searchParams.get("take") ?? 100);
    return json(res, 200, {
      status: "success",
      data: list.slice(0, take),
      pagination: {
        totalItems: list.length,
        remainingItems: Math.max(0, list.length - take),
        returnedItems: Math.min(list.length, take),
        itemsPerPage: take,
        currentPage: 1,
        totalPages: 1,
        hasNextPage: false,
        hasPreviousPage: false,
      },
    });
  }
  if (p === "/v2/bookings" && method === "POST") {
    const body = parse(raw) as {
      start?: string;
      eventTypeId?: number;
      attendee?: { name?: string; email?: string; timeZone?: string };
    };
    if (body.eventTypeId === 999999) return calNotFound(res, url, "Event type with id=999999 not found");
    if (body.attendee?.timeZone && !/^[A-Z][A-Za-z_]+\/[A-Za-z_]+$/.test(body.attendee.timeZone))
      return calError(
        res,
        url,
        400,
        "BadRequestException",
        "attendee.timeZone must be a valid IANA time zone",
        {
          message: ["attendee.timeZone must be a valid IANA time zone"],
          error: "Bad Request",
          statusCode: 400,
        },
      );
    if (body.start === TAKEN_SLOT)
      return calError(
        res,
        url,
        400,
        "BadRequestException",
        "User either already has booking at this time or is not available",
      );
    if (body.start && Date.parse(body.start) < Date.parse("2026-12-06T00:00:00Z"))
      return calError(res, url, 400, "BadRequestException", "Attempting to book a meeting in the past.");
    return json(res, 201, {
      status: "success",
      data: booking("Vb3nM8kQ2wE5rT7yU1iO4p", {
        id: 4412090,
        start: body.start?.replace("Z", ".000Z"),
        end: new Date(Date.parse(body.start ?? "") + 30 * 60_000).toISOString(),
        attendees: [
          {
            name: body.attendee?.name,
            email: body.attendee?.email,
            timeZone: body.attendee?.timeZone,
            language: "en",
            absent: false,
          },
        ],
        createdAt: "2026-12-06T17:30:00.000Z",
        updatedAt: "2026-12-06T17:30:00.000Z",
      }),
    });
  }
  const one = /^\/v2\/bookings\/([^/]+)(?:\/(cancel|reschedule))?$/.exec(p);
  if (one) {
    const uid = decodeURIComponent(one[1]!);
    const found = [...BOOKINGS, CANCELLED, PAST].find((b) => b.uid === uid);
    if (!found) return calNotFound(res, url, `Booking with uid=${uid} was not found in the database`);
    if (!one[2] && method === "GET") return json(res, 200, { status: "success", data: found });
    if (one[2] === "cancel") {
      if (found.status === "cancelled")
        return calError(
          res,
          url,
          400,
          "BadRequestException",
          `Can't cancel booking with uid=${uid} because it has been cancelled already. Please provide uid of a booking that is not cancelled.`,
        );
      const reason = (parse(raw) as { cancellationReason?: string }).cancellationReason;
      return json(res, 200, {
        status: "success",
        data: {
          ...found,
          status: "cancelled",
          cancellationReason: reason ?? null,
          cancelledByEmail: "dana@acme-talent.example",
        },
      });
    }
    if (one[2] === "reschedule") {
      if (found.status === "cancelled")
        return calError(
          res,
          url,
          400,
          "BadRequestException",
          `Can't reschedule booking with uid=${uid} because it has been cancelled. Please provide uid of a booking that is not cancelled.`,
        );
      const start = (parse(raw) as { start?: string }).start ?? "";
      if (start === TAKEN_SLOT)
        return calError(
          res,
          url,
          400,
          "BadRequestException",
          "User either already has booking at this time or is not available",
        );
      return json(res, 201, {
        status: "success",
        data: {
          ...found,
          uid: "Qw9eR2tY5uI8oP1aS4dF7g",
          id: 4412101,
          start: start.replace("Z", ".000Z"),
          end: new Date(Date.parse(start) + Number(found.duration) * 60_000).toISOString(),
          rescheduledFromUid: uid,
          fromReschedule: uid,
        },
      });
    }
  }
  if (p === "/v2/event-types" && method === "GET") {
    const username = url.searchParams.get("username");
    const slug = url.searchParams.get("eventSlug");
    if (!username && !slug)
      return calError(
        res,
        url,
        400,
        "BadRequestException",
        "username or usernames query param is required when no API key is provided",
      );
    const list = Object.values(EVENT_TYPES).filter(
      (e) => (!username || JSON.stringify(e.users).includes(`"${username}"`)) && (!slug || e.slug === slug),
    );
    return json(res, 200, { status: "success", data: list });
  }
  const et = /^\/v2\/event-types\/([^/]+)$/.exec(p);
  if (et) {
    const id = Number(et[1]);
    if (!Number.isInteger(id))
      return calError(
        res,
        url,
        400,
        "BadRequestException",
        "Validation failed (numeric string is expected)",
        {
          message: "Validation failed (numeric string is expected)",
          error: "Bad Request",
          statusCode: 400,
        },
      );
    if (id === FOREIGN_EVENT_TYPE && method !== "GET")
      return calError(
        res,
        url,
        403,
        "ForbiddenException",
        `User with id=904511 is not the owner of event type with id=${id}`,
        {
          message: `User with id=904511 is not the owner of event type with id=${id}`,
          error: "Forbidden",
          statusCode: 403,
        },
      );
    const found = EVENT_TYPES[id];
    if (!found) return calNotFound(res, url, `Event type with id=${id} not found`);
    if (method === "GET") return json(res, 200, { status: "success", data: found });
    if (method === "PATCH") {
      const body = parse(raw) as Record<string, unknown>;
      if (typeof body.lengthInMinutes === "number" && body.lengthInMinutes <= 0)
        return calError(res, url, 400, "BadRequestException", "lengthInMinutes must not be less than 1", {
          message: ["lengthInMinutes must not be less than 1"],
          error: "Bad Request",
          statusCode: 400,
        });
      return json(res, 200, { status: "success", data: { ...found, ...body } });
    }
    if (method === "DELETE")
      return json(res, 200, {
        status: "success",
        data: { id, lengthInMinutes: found.lengthInMinutes, title: found.title, slug: found.slug },
      });
  }
  calError(res, url, 404, "NotFoundException", `Cannot ${method} ${p}`);
}

// -------------------------------------------------------------------------------------- Google Forms

export const FORM_ID = "1FAIpQLSe_hR8kT2vN9xW4mZ7bQ1cL5pA3sD6fG0jK8oU2yE";
export const EMPTY_FORM_ID = "1m7Xk2Lp9Qz4Rt6Vw8Yb0Nc3Df5Gh7Jk9Lm1Np3Qr5St";
export const LOCKED_FORM_ID = "1bQ8wE3rT6yU9iO2pA5sD8fG1hJ4kL7zX0cV3bN6mQ9w";
const NEW_FORM_ID = "1NeWfOrM7xQ2wE5rT8yU1iO4pA7sD0fG3hJ6kL9zX2c";
export const SLOW_FORM_ID = "1slowZ9xY8wV7uT6sR5qP4oN3mL2kJ1iH0gF9eD8cB7a";

const FORMS: Record<string, Record<string, unknown>> = {
  [FORM_ID]: {
    formId: FORM_ID,
    info: {
      title: "Candidate application — Senior Backend Engineer",
      documentTitle: "Candidate application (Backend, 2026)",
      description: "Tell us about yourself. Takes about five minutes.",
    },
    settings: { quizSettings: {} },
    revisionId: "00000042",
    responderUri: `https://docs.google.com/forms/d/e/${FORM_ID}/viewform`,
    linkedSheetId: "1tQ9wE2rT5yU8iO1pA4sD7fG0hJ3kL6zX9cV2bN5mQ8w",
    items: [
      {
        itemId: "3a1f9c20",
        title: "Full name",
        questionItem: { question: { questionId: "5b2e8d41", required: true, textQuestion: {} } },
      },
      {
        itemId: "6c3d7e52",
        title: "Years of experience with Go or Rust",
        questionItem: {
          question: {
            questionId: "7d4c6f63",
            required: true,
            choiceQuestion: {
              type: "RADIO",
              options: [{ value: "0–2" }, { value: "3–5" }, { value: "6+" }],
            },
          },
        },
      },
      {
        itemId: "8e5b5a74",
        title: "CV / résumé",
        questionItem: { question: { questionId: "9f6a4b85", fileUploadQuestion: { folderId: "0B7x" } } },
      },
    ],
  },
  [EMPTY_FORM_ID]: {
    formId: EMPTY_FORM_ID,
    info: { title: "Interviewer feedback", documentTitle: "Interviewer feedback" },
    revisionId: "00000003",
    responderUri: `https://docs.google.com/forms/d/e/${EMPTY_FORM_ID}/viewform`,
  },
};

const RESPONSES = [
  {
    responseId: "ACYDBNj3kL9xQ2vR7pT1",
    createTime: "2026-12-03T08:14:22.118Z",
    lastSubmittedTime: "2026-12-03T08:14:22.118Z",
    respondentEmail: "priya.raman@example.org",
    answers: {
      "5b2e8d41": { questionId: "5b2e8d41", textAnswers: { answers: [{ value: "Priya Raman" }] } },
      "7d4c6f63": { questionId: "7d4c6f63", textAnswers: { answers: [{ value: "6+" }] } },
      "9f6a4b85": {
        questionId: "9f6a4b85",
        fileUploadAnswers: {
          answers: [{ fileId: "1cV8bN2mQ5wE", fileName: "Priya_Raman_CV.pdf", mimeType: "application/pdf" }],
        },
      },
    },
  },
  {
    responseId: "ACYDBNh8mN4cW6zX0bV5",
    createTime: "2026-12-04T17:40:03.902Z",
    lastSubmittedTime: "2026-12-04T17:41:55.310Z",
    respondentEmail: "jonas.albrecht@example.net",
    answers: {
      "5b2e8d41": { questionId: "5b2e8d41", textAnswers: { answers: [{ value: "Jonas Albrecht" }] } },
      "7d4c6f63": { questionId: "7d4c6f63", textAnswers: { answers: [{ value: "3–5" }] } },
    },
  },
];

function googleError(
  res: http.ServerResponse,
  code: number,
  status: string,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  json(res, code, { error: { code, message, status, ...extra } }, headers);
}

const NOT_FOUND = (res: http.ServerResponse) =>
  googleError(res, 404, "NOT_FOUND", "Requested entity was not found.");

function googleHandler(req: http.IncomingMessage, url: URL, raw: string, res: http.ServerResponse) {
  const host = url.hostname;
  const p = url.pathname;
  const method = req.method ?? "GET";
  if (host === "oauth2.googleapis.com" && p === "/token") {
    // The refresh the client makes after a 401 or 403: refused once the grant was revoked.
    if (state.gTokenRevoked)
      return json(res, 400, {
        error: "invalid_grant",
        error_description: "Token has been expired or revoked.",
      });
    return json(res, 200, {
      access_token: "ya29.a0AfB_byC-refreshed-stand-in-token-7Qx2",
      expires_in: 3599,
      scope: "https://www.googleapis.com/auth/forms.body https://www.googleapis.com/auth/drive",
      token_type: "Bearer",
    });
  }
  if (p.includes(SLOW_FORM_ID)) return later(15_000, () => NOT_FOUND(res));
  if (state.gBadGateway) return text(res, 502, GOOGLE_502, "text/html; charset=UTF-8");
  if (state.gUnavailable)
    return googleError(res, 503, "UNAVAILABLE", "The service is currently unavailable.");
  if (state.gServerError) return googleError(res, 500, "INTERNAL", "Internal error encountered.");
  if (state.gRateLimited)
    return googleError(
      res,
      429,
      "RESOURCE_EXHAUSTED",
      "Quota exceeded for quota metric 'Read requests' and limit 'Read requests per minute per user' of service 'forms.googleapis.com' for consumer 'project_number:418207355126'.",
      {
        details: [
          {
            "@type": "type.googleapis.com/google.rpc.ErrorInfo",
            reason: "RATE_LIMIT_EXCEEDED",
            domain: "googleapis.com",
            metadata: {
              quota_limit: "ReadRequestsPerMinutePerUser",
              quota_metric: "forms.googleapis.com/read_requests",
              service: "forms.googleapis.com",
              consumer: "projects/418207355126",
              quota_limit_value: "300",
            },
          },
        ],
      },
      { "retry-after": "60" },
    );
  if (state.gTokenRevoked)
    return googleError(
      res,
      401,
      "UNAUTHENTICATED",
      "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
    );

  if (host === "www.googleapis.com" && p === "/drive/v3/files") {
    const q = url.searchParams.get("q") ?? "";
    const files = [
      {
        id: FORM_ID,
        name: "Candidate application (Backend, 2026)",
        createdTime: "2026-10-02T09:12:44.000Z",
        modifiedTime: "2026-12-04T17:41:55.310Z",
        owners: [{ emailAddress: "dana@acme-talent.example", displayName: "Dana Whitfield" }],
        webViewLink: `https://docs.google.com/forms/d/${FORM_ID}/edit?usp=drivesdk`,
      },
      {
        id: EMPTY_FORM_ID,
        name: "Interviewer feedback",
        createdTime: "2026-11-28T15:03:10.000Z",
        modifiedTime: "2026-11-28T15:09:31.000Z",
        owners: [{ emailAddress: "dana@acme-talent.example", displayName: "Dana Whitfield" }],
        webViewLink: `https://docs.google.com/forms/d/${EMPTY_FORM_ID}/edit?usp=drivesdk`,
      },
    ];
    const term = /name contains '([^']*)'/.exec(q)?.[1]?.toLowerCase();
    const found = term ? files.filter((f) => f.name.toLowerCase().includes(term)) : files;
    return json(res, 200, { kind: "drive#fileList", incompleteSearch: false, files: found });
  }
  if (host !== "forms.googleapis.com") return NOT_FOUND(res);
  if (p === "/v1/forms" && method === "POST") {
    const body = parse(raw) as { info?: { title?: string; documentTitle?: string } };
    FORMS[NEW_FORM_ID] = { formId: NEW_FORM_ID, info: body.info, revisionId: "00000001" };
    return json(res, 200, {
      formId: NEW_FORM_ID,
      info: { title: body.info?.title, documentTitle: body.info?.documentTitle },
      settings: {},
      revisionId: "00000001",
      responderUri: "https://docs.google.com/forms/d/e/1FAIpQLSdNeWfOrM7xQ2wE5rT8yU1iO4pA7sD0/viewform",
    });
  }
  const m = /^\/v1\/forms\/([^/:]+)(:batchUpdate|\/responses)?$/.exec(p);
  if (!m) return NOT_FOUND(res);
  const id = decodeURIComponent(m[1]!);
  if (id === LOCKED_FORM_ID)
    return googleError(res, 403, "PERMISSION_DENIED", "The caller does not have permission");
  const form = FORMS[id];
  if (!form) return NOT_FOUND(res);
  if (!m[2] && method === "GET") return json(res, 200, form);
  if (m[2] === "/responses") return json(res, 200, id === FORM_ID ? { responses: RESPONSES } : {});
  if (m[2] === ":batchUpdate") {
    const body = parse(raw) as {
      requests?: {
        createItem?: { item?: { title?: string; questionItem?: { question?: Record<string, unknown> } } };
      }[];
    };
    const question = body.requests?.[0]?.createItem?.item?.questionItem?.question ?? {};
    const choice = question.choiceQuestion as { options?: { value?: string }[] } | undefined;
    if (choice?.options && new Set(choice.options.map((o) => o.value)).size !== choice.options.length)
      return googleError(
        res,
        400,
        "INVALID_ARGUMENT",
        "Invalid requests[0].createItem: Duplicate choice option values are not allowed.",
      );
    const scale = question.scaleQuestion as { low?: number; high?: number } | undefined;
    if (scale && ((scale.high ?? 0) > 10 || (scale.low ?? 0) > 1 || (scale.low ?? 0) < 0))
      return googleError(
        res,
        400,
        "INVALID_ARGUMENT",
        "Invalid requests[0].createItem: Scale question low must be 0 or 1 and high must be between 2 and 10.",
      );
    return json(res, 200, {
      replies: [{ createItem: { itemId: "4d2c8e19", questionId: ["0a9b7c35"] } }],
      writeControl: { requiredRevisionId: "00000043" },
    });
  }
  NOT_FOUND(res);
}

export const calStandin = forwardProxy(CAL_PROXY_PORT, ensureCertificate, calHandler);
export const googleStandin = forwardProxy(GOOGLE_PROXY_PORT, ensureCertificate, googleHandler);
export const ALL_STANDINS = [calStandin, googleStandin];
