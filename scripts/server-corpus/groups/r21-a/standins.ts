// Loopback stand-in for the service behind this group's server, answering with the real service's bodies and
// error bodies (README.md cites where each comes from):
// - BoondManager's REST API (`ui.boondmanager.com/api/…`) for boondmanager-mcp-server: the current user, candidates
//   (search, one candidate, a tab, creation), resources' absence requests, absence requests, a reporting route;
//   JSON:API answers `{"meta":{"version","totals":{"rows"}},"data":…}` and JSON:API errors
//   `{"errors":[{"status","code","title","detail","source":{"parameter"}}]}`; BoondManager's edge is Cloudflare,
//   so the 502 is Cloudflare's HTML page, and the 503 is the maintenance page a reverse proxy answers.
//
// The server takes its API base URL from BOOND_BASE_URL, so the stand-in is a plain loopback listener; stopping it
// refuses connections. `state` is switched by the session's hooks.

import type http from "node:http";
import { clearTimers, httpStandin, json, later, parse, text } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r21-a";

export const BOOND_PORT = 41050;
export const BOOND_BASE = `http://127.0.0.1:${BOOND_PORT}/api`;

/** The client token the session's server sends (X-Jwt-Client-Boondmanager, a pre-built JWT). */
export const BOOND_TOKEN =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VyVG9rZW4iOiI2YjYxNzI3MjY1NmQ2OTc4MmU2Mzc1NzM3NDZmNmQ2NTcyIiwiY2xpZW50VG9rZW4iOiI2MjZmNmY2ZTY0MmU2MjYxNzI3MjY1NmQ2OTc4In0.Xq4bK1pT9wLmV7sJr2cN8dF3hY6aE0uZ5gQ1oR7tM2k";

export const state = {
  revoked: false,
  rateLimited: false,
  serverError: false,
  badGateway: false,
  maintenance: false,
  nullUser: false,
};

const META = {
  version: "8.24.3",
  androidMinVersion: "3.0.0",
  iosMinVersion: "3.0.0",
  isLogged: true,
  language: "fr",
};

function ok(res: http.ServerResponse, data: unknown, totals?: number, status = 200) {
  json(res, status, { meta: totals === undefined ? META : { ...META, totals: { rows: totals } }, data });
}

function boondError(
  res: http.ServerResponse,
  status: number,
  errors: Array<Record<string, unknown>>,
  headers: Record<string, string> = {},
) {
  json(res, status, { meta: META, errors }, headers);
}

const CLOUDFLARE_502 = `<!DOCTYPE html>
<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->
<html class="no-js" lang="en-US">
<head>
<title>ui.boondmanager.com | 502: Bad gateway</title>
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
<div>Visit <a href="https://www.cloudflare.com/5xx-error-landing?utm_source=errorcode_502&amp;utm_campaign=ui.boondmanager.com" target="_blank" rel="noopener noreferrer">cloudflare.com</a> for more information.</div>
</header>
<div class="cf-error-footer">Cloudflare Ray ID: <strong>8f21c7d04a6b3e92</strong></div>
</div>
</div>
</body>
</html>`;

const MAINTENANCE_503 = `<html>
<head><title>503 Service Temporarily Unavailable</title></head>
<body>
<center><h1>503 Service Temporarily Unavailable</h1></center>
<hr><center>nginx</center>
</body>
</html>`;

// ------------------------------------------------------------------------------------------------- data

const CURRENT_USER = {
  id: "38",
  type: "resource",
  attributes: {
    civility: 1,
    firstName: "Camille",
    lastName: "Renaud",
    email1: "camille.renaud@altivia-conseil.example",
    title: "Responsable recrutement",
    login: "camille.renaud@altivia-conseil.example",
    language: "fr",
    level: "manager",
  },
  relationships: {
    agency: { data: { id: "2", type: "agency" } },
    pole: { data: { id: "4", type: "pole" } },
  },
};

const CANDIDATES: Record<string, Record<string, unknown>> = {
  "1042": {
    id: "1042",
    type: "candidate",
    attributes: {
      civility: 1,
      firstName: "Léa",
      lastName: "Moreau",
      email1: "lea.moreau@mailbox.example",
      phone1: "+33 6 12 48 90 17",
      town: "Lyon",
      country: "France",
      title: "Développeuse Java / Spring senior",
      state: 1,
      typeOf: 0,
      availability: "2027-01-04",
      creationDate: "2026-10-14T09:21:44+0200",
      updateDate: "2026-12-02T16:05:10+0100",
      source: { typeOf: 3, detail: "Welcome to the Jungle" },
    },
    relationships: {
      mainManager: { data: { id: "38", type: "resource" } },
      hrManager: { data: { id: "38", type: "resource" } },
      agency: { data: { id: "2", type: "agency" } },
    },
  },
  "1057": {
    id: "1057",
    type: "candidate",
    attributes: {
      civility: 0,
      firstName: "Julien",
      lastName: "Moreau",
      email1: "j.moreau@post.example",
      town: "Grenoble",
      country: "France",
      title: "Chef de projet data",
      state: 0,
      typeOf: 0,
      creationDate: "2026-11-20T11:02:09+0100",
      updateDate: "2026-11-28T10:40:33+0100",
    },
    relationships: {
      mainManager: { data: { id: "38", type: "resource" } },
      agency: { data: { id: "2", type: "agency" } },
    },
  },
  "1099": {
    id: "1099",
    type: "candidate",
    attributes: {
      civility: 1,
      firstName: "Inès",
      lastName: "Haddad",
      email1: "ines.haddad@mailbox.example",
      town: "Nantes",
      country: "France",
      title: "Ingénieure SRE — observabilité",
      state: 2,
      typeOf: 0,
      mainSkills:
        "Triage des erreurs en production : « 500 Internal Server Error », « 502 Bad Gateway », timeouts ; Sentry, Datadog, alerting ; post-mortems.",
      comments:
        "Entretien du 28/11 : a expliqué comment son équipe a ramené le taux d'erreurs 5xx de 2 % à 0,1 %. Exception notable : pas d'astreinte le week-end.",
      creationDate: "2026-11-03T14:12:00+0100",
      updateDate: "2026-11-29T09:15:41+0100",
    },
    relationships: {
      mainManager: { data: { id: "38", type: "resource" } },
      agency: { data: { id: "2", type: "agency" } },
    },
  },
};

const CANDIDATE_INFORMATION_1042 = {
  id: "1042",
  type: "candidate",
  attributes: {
    civility: 1,
    firstName: "Léa",
    lastName: "Moreau",
    dateOfBirth: "1991-03-08",
    email1: "lea.moreau@mailbox.example",
    phone1: "+33 6 12 48 90 17",
    address: "14 rue Sala",
    postcode: "69002",
    town: "Lyon",
    country: "France",
    nationality: "française",
    mobilityAreas: ["69", "38", "75"],
    availability: "2027-01-04",
    actualSalary: 52000,
    desiredSalary: { min: 56000, max: 60000 },
    desiredContract: 0,
  },
};

const ABSENCES_REPORTS_57 = [
  {
    id: "3310",
    type: "absencesreport",
    attributes: {
      creationDate: "2026-11-05T08:40:12+0100",
      state: 1,
      title: "Congés de fin d'année",
      absencesPeriods: [
        {
          startDate: "2026-12-24",
          endDate: "2026-12-31",
          duration: 5,
          workUnitType: { reference: 1, name: "Congés payés" },
        },
      ],
    },
    relationships: { resource: { data: { id: "57", type: "resource" } } },
  },
  {
    id: "3342",
    type: "absencesreport",
    attributes: {
      creationDate: "2026-11-26T17:02:55+0100",
      state: 0,
      title: "RTT",
      absencesPeriods: [
        {
          startDate: "2027-01-15",
          endDate: "2027-01-15",
          duration: 1,
          workUnitType: { reference: 2, name: "RTT" },
        },
      ],
    },
    relationships: { resource: { data: { id: "57", type: "resource" } } },
  },
];

const RESOURCES = [
  {
    id: "57",
    type: "resource",
    attributes: {
      firstName: "Thomas",
      lastName: "Girard",
      email1: "thomas.girard@altivia-conseil.example",
      state: 1,
      title: "Consultant .NET",
    },
  },
  {
    id: "61",
    type: "resource",
    attributes: {
      firstName: "Sarah",
      lastName: "Benali",
      email1: "sarah.benali@altivia-conseil.example",
      state: 1,
      title: "Consultante PMO",
    },
  },
];

let nextCandidateId = 1203;

// ---------------------------------------------------------------------------------------------- handler

function handler(req: http.IncomingMessage, url: URL, raw: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  const p = url.pathname.replace(/^\/api/, "");

  if (state.badGateway)
    return text(res, 502, CLOUDFLARE_502, "text/html; charset=UTF-8", {
      server: "cloudflare",
      "cf-ray": "8f21c7d04a6b3e92-CDG",
    });
  if (state.maintenance) return text(res, 503, MAINTENANCE_503, "text/html", { "retry-after": "600" });
  if (state.revoked)
    return boondError(res, 401, [
      {
        status: "401",
        code: "401",
        title: "Unauthorized",
        detail: "Invalid X-Jwt-Client-Boondmanager token: the client token has been revoked",
      },
    ]);
  if (state.rateLimited)
    return boondError(
      res,
      429,
      [
        {
          status: "429",
          code: "429",
          title: "Too Many Requests",
          detail: "API rate limit exceeded, retry in 30 seconds",
        },
      ],
      { "retry-after": "30" },
    );
  if (state.serverError)
    return boondError(res, 500, [
      { status: "500", code: "500", title: "Internal Server Error", detail: "An unexpected error occurred" },
    ]);

  if (method === "GET" && p === "/application/current-user") {
    if (state.nullUser) return ok(res, null);
    return ok(res, CURRENT_USER);
  }

  if (method === "GET" && p === "/candidates") {
    const keywords = (url.searchParams.get("keywords") ?? "").toLowerCase();
    const found = Object.values(CANDIDATES).filter((c) => {
      const a = c.attributes as Record<string, string>;
      return (
        !keywords ||
        (a.lastName ?? "").toLowerCase() === keywords ||
        (a.firstName ?? "").toLowerCase() === keywords
      );
    });
    return ok(res, found, found.length);
  }

  const candidate = /^\/candidates\/(\d+)(?:\/([a-z-]+))?$/.exec(p);
  if (method === "GET" && candidate) {
    const [, id, tab] = candidate;
    if (id === "4417") return later(15_000, () => ok(res, CANDIDATES["1042"]));
    if (id === "1187")
      return boondError(res, 403, [
        {
          status: "403",
          code: "403",
          title: "Forbidden",
          detail: "You do not have the right to access this candidate",
        },
      ]);
    if (id === "1311")
      // A 200 whose body is the API's error document (no `data`).
      return json(res, 200, {
        meta: META,
        errors: [
          {
            status: "403",
            code: "403",
            title: "Forbidden",
            detail: "You do not have the right to read this tab",
          },
        ],
      });
    if (tab === "information" && id === "1042") return ok(res, CANDIDATE_INFORMATION_1042);
    const c = CANDIDATES[id!];
    if (!c)
      return boondError(res, 404, [
        { status: "404", code: "404", title: "Not Found", detail: `Candidate ${id} does not exist` },
      ]);
    return ok(res, c);
  }

  if (method === "POST" && p === "/candidates") {
    const body = parse(raw) as { data?: { attributes?: Record<string, unknown> } };
    const attrs = body.data?.attributes ?? {};
    const id = String(nextCandidateId++);
    return ok(
      res,
      {
        id,
        type: "candidate",
        attributes: {
          ...attrs,
          state: attrs.state ?? 0,
          typeOf: 0,
          creationDate: "2026-12-06T10:14:02+0100",
        },
        relationships: {
          mainManager: { data: { id: "38", type: "resource" } },
          agency: { data: { id: "2", type: "agency" } },
        },
      },
      undefined,
      201,
    );
  }

  if (method === "GET" && p === "/resources") return ok(res, RESOURCES, RESOURCES.length);

  const absences = /^\/resources\/(\d+)\/absences-reports$/.exec(p);
  if (method === "GET" && absences) {
    if (absences[1] === "57") return ok(res, ABSENCES_REPORTS_57, ABSENCES_REPORTS_57.length);
    return ok(res, [], 0);
  }

  if (method === "POST" && (p === "/absences-reports" || p === "/absences")) {
    const body = parse(raw) as {
      data?: { attributes?: { absencesPeriods?: Array<Record<string, unknown>> } };
    };
    const period = body.data?.attributes?.absencesPeriods?.[0] ?? {};
    const start = String(period.startDate ?? "");
    const end = String(period.endDate ?? "");
    if (end && start && end < start)
      return boondError(res, 422, [
        {
          status: "422",
          code: "1001",
          title: "Invalid attribute",
          detail: "endDate must be greater than or equal to startDate",
          source: { parameter: "absencesPeriods[0].endDate" },
        },
      ]);
    if (start <= "2026-12-31" && end >= "2026-12-24")
      return boondError(res, 409, [
        {
          status: "409",
          code: "409",
          title: "Conflict",
          detail: "An absence request already covers this period for this resource",
        },
      ]);
    return ok(
      res,
      { id: "3371", type: "absencesreport", attributes: { state: 0, absencesPeriods: [period] } },
      undefined,
      201,
    );
  }

  if (p.startsWith("/reporting-"))
    return boondError(res, 501, [
      {
        status: "501",
        code: "501",
        title: "Not Implemented",
        detail: "This API is not active for this customer",
      },
    ]);

  return boondError(res, 404, [
    { status: "404", code: "404", title: "Not Found", detail: `No route found for "${method} ${p}"` },
  ]);
}

export const boondStandin = httpStandin(BOOND_PORT, handler);
export const ALL_STANDINS = [boondStandin];
