// Loopback stand-in for group r40-a, answering as Microsoft Graph answers the Microsoft Bookings API
// (`https://graph.microsoft.com/{v1.0|beta}/solutions/bookingBusinesses/…`) to Lokka (@merill/lokka), whose Graph
// client (@microsoft/microsoft-graph-client 3, on node-fetch 2 through isomorphic-fetch) has the host written into it.
// README.md says where each body's shape comes from and which wordings were written for the capture.
//
// The host is reached through https-preload.mjs (Node's https.globalAgent opens every TLS connection to this
// stand-in's port, with graph.microsoft.com's SNI), with a certificate the server trusts by NODE_EXTRA_CA_CERTS.
//
// `state` is switched by the session's hooks.

import {
  certificate,
  clearTimers,
  json,
  later,
  parse,
  tlsStandin,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r40-a";

export const GRAPH_PORT = 44200;

export const CERT = `${DATA}/standin-cert.pem`;
export const ensureCertificate = (): Certificate => certificate(DATA, ["graph.microsoft.com"]);

export const state = {
  tokenExpired: false,
  throttled: false,
  serverError: false,
  unavailable: false,
  slow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ── the access token (a delegated token for a Bookings administrator; never verified, only decoded) ──────────────

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

export const ACCESS_TOKEN = [
  b64url({ typ: "JWT", alg: "RS256", kid: "kWbkaa6qs8wsTnBwiiNYOhHbnAw" }),
  b64url({
    aud: "https://graph.microsoft.com",
    iss: "https://sts.windows.net/5f1c2d3e-8a4b-4c6d-9e0f-1a2b3c4d5e6f/",
    iat: 1796640000,
    nbf: 1796640000,
    exp: 4102444800,
    app_displayname: "Northwind Clinic scheduling agent",
    appid: "3c9e1b7a-2f4d-4e8a-b6c1-0d9f8e7a6b5c",
    name: "Maya Lindqvist",
    upn: "maya@northwindclinic.onmicrosoft.com",
    scp: "Bookings.ReadWrite.All BookingsAppointment.ReadWrite.All User.Read",
    tid: "5f1c2d3e-8a4b-4c6d-9e0f-1a2b3c4d5e6f",
    ver: "1.0",
  }),
  "c3RhbmQtaW4gc2lnbmF0dXJlLCBuZXZlciB2ZXJpZmllZCBieSB0aGUgc2VydmVy",
].join(".");

// ── the businesses ───────────────────────────────────────────────────────────────────────────────────────────────────

export const CLINIC = "NorthwindPhysio@northwindclinic.onmicrosoft.com";
/** A business the signed-in user is only a Viewer of. */
export const SPA = "HarbourSpa@northwindclinic.onmicrosoft.com";
export const MISSING = "NorthwindDental@northwindclinic.onmicrosoft.com";

export const SERVICE_ASSESSMENT = "57da6774-a087-4d69-b0e6-6fb82c339976";
export const STAFF_MAYA = "8ee1c803-a1fa-406d-8259-7ab53233f148";
export const STAFF_JONAS = "2f5f8794-0b29-45b5-b56a-2eb5ff7aa880";
export const APPOINTMENT = "AAMkADc7zF4J0AAA8v_KnAAA=";
export const SPA_APPOINTMENT = "AAMkADKnAAA8v_c7zF4J0BBB=";

const ROOT = "https://graph.microsoft.com";

const businesses = [
  {
    id: CLINIC,
    displayName: "Northwind Physiotherapy",
    businessType: "Physiotherapy",
    phone: "+44 20 7946 0321",
    email: "bookings@northwindclinic.example",
    webSiteUrl: "https://northwindclinic.example",
    defaultCurrencyIso: "GBP",
    isPublished: true,
    publicUrl:
      "https://outlook.office365.com/owa/calendar/NorthwindPhysio@northwindclinic.onmicrosoft.com/bookings/",
    languageTag: "en-GB",
  },
  {
    id: SPA,
    displayName: "Harbour Spa",
    businessType: "Spa",
    phone: "+44 20 7946 0877",
    email: "spa@northwindclinic.example",
    webSiteUrl: "",
    defaultCurrencyIso: "GBP",
    isPublished: false,
    publicUrl: null,
    languageTag: "en-GB",
  },
];

const address = {
  street: "14 Wharf Road",
  city: "London",
  state: "",
  countryOrRegion: "United Kingdom",
  postalCode: "N1 7GR",
};

const workingHours = ["monday", "tuesday", "wednesday", "thursday", "friday"].map((day) => ({
  day,
  timeSlots: [{ startTime: "08:00:00.0000000", endTime: "18:00:00.0000000" }],
}));

const services = [
  {
    id: SERVICE_ASSESSMENT,
    displayName: "Initial assessment (60 min)",
    defaultDuration: "PT1H",
    defaultPrice: 75.0,
    defaultPriceType: "fixedPrice",
    description: "First visit: history, examination and a treatment plan.",
    isHiddenFromCustomers: false,
    preBuffer: "PT5M",
    postBuffer: "PT10M",
    staffMemberIds: [STAFF_MAYA, STAFF_JONAS],
    isLocationOnline: false,
    smsNotificationsEnabled: false,
    maximumAttendeesCount: 1,
  },
  {
    id: "a3f0c6d2-5b1e-4f7a-9c8d-2e4b6a8c0d1f",
    displayName: "Follow-up treatment (30 min)",
    defaultDuration: "PT30M",
    defaultPrice: 45.0,
    defaultPriceType: "fixedPrice",
    description: "Treatment session for returning patients.",
    isHiddenFromCustomers: false,
    preBuffer: "PT0S",
    postBuffer: "PT10M",
    staffMemberIds: [STAFF_MAYA, STAFF_JONAS],
    isLocationOnline: false,
    smsNotificationsEnabled: false,
    maximumAttendeesCount: 1,
  },
  {
    id: "c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f",
    displayName: "Video consultation (20 min)",
    defaultDuration: "PT20M",
    defaultPrice: 30.0,
    defaultPriceType: "fixedPrice",
    description: "Advice and exercise review over Teams.",
    isHiddenFromCustomers: false,
    preBuffer: "PT0S",
    postBuffer: "PT5M",
    staffMemberIds: [STAFF_JONAS],
    isLocationOnline: true,
    smsNotificationsEnabled: false,
    maximumAttendeesCount: 1,
  },
];

const staff = [
  {
    id: STAFF_MAYA,
    displayName: "Maya Lindqvist",
    emailAddress: "maya@northwindclinic.onmicrosoft.com",
    role: "administrator",
    timeZone: "Europe/London",
    useBusinessHours: true,
    workingHours,
    availabilityIsAffectedByPersonalCalendar: true,
    colorIndex: 1,
    isEmailNotificationEnabled: true,
  },
  {
    id: STAFF_JONAS,
    displayName: "Jonas Okafor",
    emailAddress: "jonas@northwindclinic.onmicrosoft.com",
    role: "teamMember",
    timeZone: "Europe/London",
    useBusinessHours: true,
    workingHours,
    availabilityIsAffectedByPersonalCalendar: true,
    colorIndex: 4,
    isEmailNotificationEnabled: true,
  },
  {
    id: "d5e6f7a8-b9c0-4d1e-8f2a-3b4c5d6e7f80",
    displayName: "Priya Raman",
    emailAddress: "priya@northwindclinic.onmicrosoft.com",
    role: "scheduler",
    timeZone: "Europe/London",
    useBusinessHours: true,
    workingHours,
    availabilityIsAffectedByPersonalCalendar: false,
    colorIndex: 7,
    isEmailNotificationEnabled: false,
  },
];

const dt = (dateTime: string) => ({ dateTime, timeZone: "UTC" });

const appointment = (
  id: string,
  start: string,
  end: string,
  customerName: string,
  customerEmail: string,
  serviceId: string,
  serviceName: string,
  staffId: string,
) => ({
  id,
  selfServiceAppointmentId: `00000000-0000-0000-0000-${id
    .slice(-12)
    .replace(/[^0-9a-f]/gi, "0")
    .padStart(12, "0")}`,
  isLocationOnline: false,
  joinWebUrl: null,
  customerTimeZone: "Europe/London",
  smsNotificationsEnabled: false,
  serviceId,
  serviceName,
  serviceNotes: null,
  duration: serviceName.includes("60") ? "PT1H" : "PT30M",
  preBuffer: "PT0S",
  postBuffer: "PT10M",
  priceType: "fixedPrice",
  price: serviceName.includes("60") ? 75.0 : 45.0,
  staffMemberIds: [staffId],
  startDateTime: dt(start),
  endDateTime: dt(end),
  maximumAttendeesCount: 1,
  filledAttendeesCount: 1,
  serviceLocation: { displayName: "Northwind Physiotherapy, 14 Wharf Road", address },
  customers: [
    {
      "@odata.type": "#microsoft.graph.bookingCustomerInformation",
      customerId: `cust-${customerName.split(" ")[0]!.toLowerCase()}`,
      name: customerName,
      emailAddress: customerEmail,
      phone: "",
      timeZone: "Europe/London",
      notes: null,
      customQuestionAnswers: [],
    },
  ],
});

const weekAppointments = [
  appointment(
    APPOINTMENT,
    "2026-12-14T09:00:00.0000000Z",
    "2026-12-14T10:00:00.0000000Z",
    "Elena Petrova",
    "elena.petrova@example.com",
    SERVICE_ASSESSMENT,
    "Initial assessment (60 min)",
    STAFF_MAYA,
  ),
  appointment(
    "AAMkADc7zF4J0AAA8v_KoAAA=",
    "2026-12-15T13:30:00.0000000Z",
    "2026-12-15T14:00:00.0000000Z",
    "Tom Hughes",
    "tom.hughes@example.com",
    "a3f0c6d2-5b1e-4f7a-9c8d-2e4b6a8c0d1f",
    "Follow-up treatment (30 min)",
    STAFF_JONAS,
  ),
  appointment(
    "AAMkADc7zF4J0AAA8v_KpAAA=",
    "2026-12-17T16:00:00.0000000Z",
    "2026-12-17T16:30:00.0000000Z",
    "Aisha Bello",
    "aisha.bello@example.com",
    "a3f0c6d2-5b1e-4f7a-9c8d-2e4b6a8c0d1f",
    "Follow-up treatment (30 min)",
    STAFF_MAYA,
  ),
];

// ── Graph's error body: {"error": {code, message, innerError: {date, request-id, client-request-id}}} ────────────

let requestCounter = 0;

function graphError(
  res: import("node:http").ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) {
  requestCounter += 1;
  const requestId = `6e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f${String(4000 + requestCounter).padStart(4, "0")}`;
  return json(
    res,
    status,
    {
      error: {
        code,
        message,
        innerError: {
          date: "2026-12-07T13:40:12",
          "request-id": requestId,
          "client-request-id": requestId,
        },
      },
    },
    { "request-id": requestId, "client-request-id": requestId, ...headers },
  );
}

const ctx = (version: string, tail: string) => `${ROOT}/${version}/$metadata#${tail}`;

function handle(
  req: import("node:http").IncomingMessage,
  url: URL,
  body: string,
  res: import("node:http").ServerResponse,
) {
  seen.push(`${req.method} ${url.pathname}${url.search.slice(0, 100)}`);
  const match = /^\/(v1\.0|beta)(\/.*)$/.exec(url.pathname);
  if (url.hostname !== "graph.microsoft.com" || !match) {
    unknownRequests.push(`${req.method} ${url.href}`);
    return graphError(res, 400, "BadRequest", `Invalid version: ${url.pathname.split("/")[1] ?? ""}`);
  }
  const version = match[1]!;
  const rest = decodeURIComponent(match[2]!);
  const method = req.method ?? "GET";

  if (state.slow)
    return later(15000, () => json(res, 200, { "@odata.context": ctx(version, "x"), value: [] }));
  if (req.headers.authorization !== `Bearer ${ACCESS_TOKEN}`)
    return graphError(
      res,
      401,
      "InvalidAuthenticationToken",
      "Access token validation failure. Invalid audience.",
      {
        "www-authenticate":
          'Bearer realm="", authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize", client_id="00000003-0000-0000-c000-000000000000"',
      },
    );
  if (state.tokenExpired)
    return graphError(
      res,
      401,
      "InvalidAuthenticationToken",
      "Lifetime validation failed, the token is expired.",
      {
        "www-authenticate":
          'Bearer realm="", authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize", client_id="00000003-0000-0000-c000-000000000000", error_description="The access token has expired"',
      },
    );
  if (state.throttled)
    return graphError(res, 429, "TooManyRequests", "Too many requests, please try again later.", {
      "retry-after": "1",
    });
  if (state.serverError) return graphError(res, 500, "", "An error has occurred.");
  if (state.unavailable)
    return graphError(
      res,
      503,
      "serviceNotAvailable",
      "The service is temporarily unavailable. Please try again later.",
      {
        "retry-after": "1",
      },
    );

  const base = "/solutions/bookingBusinesses";
  if (method === "GET" && rest === base)
    return json(res, 200, {
      "@odata.context": ctx(version, "solutions/bookingBusinesses"),
      value: businesses.map((b) => ({ id: b.id, displayName: b.displayName })),
    });

  const biz = new RegExp(`^${base}/([^/]+)(/.*)?$`).exec(rest);
  if (!biz) {
    unknownRequests.push(`${method} ${url.href}`);
    return graphError(
      res,
      400,
      "BadRequest",
      `Resource not found for the segment '${rest.split("/").filter(Boolean)[0] ?? ""}'.`,
    );
  }
  const id = biz[1]!;
  const sub = biz[2] ?? "";
  const business = businesses.find((b) => b.id.toLowerCase() === id.toLowerCase());
  if (!business)
    return graphError(
      res,
      404,
      "ErrorNonExistentMailbox",
      "The SMTP address has no mailbox associated with it.",
    );
  const bctx = (tail: string) =>
    ctx(version, `solutions/bookingBusinesses('${encodeURIComponent(business.id)}')${tail}`);

  if (method === "GET" && sub === "")
    return json(res, 200, {
      "@odata.context": ctx(version, "solutions/bookingBusinesses/$entity"),
      ...business,
      address,
      businessHours: workingHours,
      schedulingPolicy: {
        timeSlotInterval: "PT30M",
        minimumLeadTime: "PT12H",
        maximumAdvance: "P60D",
        sendConfirmationsToOwner: true,
        allowStaffSelection: true,
      },
    });

  if (method === "GET" && sub === "/services")
    return json(res, 200, { "@odata.context": bctx("/services"), value: services });

  if (method === "GET" && sub === "/staffMembers") {
    // Two pages of two and one, as Graph pages with $top and @odata.nextLink.
    const skip = Number(url.searchParams.get("$skip") ?? "0");
    const page = staff.slice(skip, skip + 2);
    const next =
      skip + 2 < staff.length
        ? {
            "@odata.nextLink": `${ROOT}/${version}/solutions/bookingBusinesses/${encodeURIComponent(business.id)}/staffMembers?$top=2&$skip=${skip + 2}`,
          }
        : {};
    return json(res, 200, {
      "@odata.context": bctx("/staffMembers"),
      ...next,
      value: page.map((s) => ({ "@odata.type": "#microsoft.graph.bookingStaffMember", ...s })),
    });
  }

  if (method === "GET" && (sub === "/calendarView" || sub === "/appointments")) {
    if (sub === "/calendarView" && (!url.searchParams.get("start") || !url.searchParams.get("end")))
      return graphError(res, 400, "ErrorInvalidRequest", "The request is invalid.");
    const start = url.searchParams.get("start") ?? "";
    const value =
      business.id === CLINIC && (sub === "/appointments" || start.startsWith("2026-12-14"))
        ? weekAppointments
        : [];
    return json(res, 200, { "@odata.context": bctx(sub), value });
  }

  if (method === "GET" && sub === "/customers")
    return json(res, 200, {
      "@odata.context": bctx("/customers"),
      value: weekAppointments.map((a) => ({
        "@odata.type": "#microsoft.graph.bookingCustomer",
        id: a.customers[0]!.customerId,
        displayName: a.customers[0]!.name,
        emailAddress: a.customers[0]!.emailAddress,
        addresses: [],
        phones: [],
      })),
    });

  if (method === "POST" && sub === "/appointments") {
    const payload = parse(body);
    if (!payload.serviceId || !payload.startDateTime || !payload.endDateTime)
      return graphError(res, 400, "ErrorInvalidRequest", "The request is invalid.");
    const start = (payload.startDateTime as { dateTime?: string }).dateTime ?? "";
    const end = (payload.endDateTime as { dateTime?: string }).dateTime ?? "";
    const service = services.find((s) => s.id === payload.serviceId);
    const created = appointment(
      "AAMkADc7zF4J0AAA8v_KqAAA=",
      start,
      end,
      String((payload.customers as { name?: string }[] | undefined)?.[0]?.name ?? "Customer"),
      String((payload.customers as { emailAddress?: string }[] | undefined)?.[0]?.emailAddress ?? ""),
      String(payload.serviceId),
      service?.displayName ?? "",
      String((payload.staffMemberIds as string[] | undefined)?.[0] ?? STAFF_MAYA),
    );
    return json(
      res,
      201,
      { "@odata.context": bctx("/appointments/$entity"), ...created },
      {
        location: `${ROOT}/${version}/solutions/bookingBusinesses('${encodeURIComponent(business.id)}')/appointments('${created.id}')`,
      },
    );
  }

  const appt = /^\/appointments\/([^/]+)(\/cancel)?$/.exec(sub);
  if (appt && (method === "PATCH" || method === "POST")) {
    if (business.id === SPA)
      return graphError(res, 403, "ErrorAccessDenied", "Access is denied. Check credentials and try again.");
    if (appt[1] !== APPOINTMENT)
      return graphError(res, 404, "ErrorItemNotFound", "The specified object was not found in the store.");
    if (method === "POST" && !appt[2])
      return graphError(res, 405, "Request_BadRequest", "Method not allowed.");
    res.writeHead(204, { "request-id": "6e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f5000" });
    return res.end();
  }

  unknownRequests.push(`${method} ${url.href}`);
  return graphError(
    res,
    400,
    "BadRequest",
    `Resource not found for the segment '${sub.split("/")[1] ?? ""}'.`,
  );
}

export const graph = tlsStandin(GRAPH_PORT, ensureCertificate, handle);

export const ALL_STANDINS = [graph];
