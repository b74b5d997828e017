// Loopback stand-in for group r43-a: Clockify's REST API (api.clockify.me/api/v1) as apet97's Go server
// (`clockify-mcp`) calls it.
//
// The server takes its API base from CLOCKIFY_BASE_URL and accepts plain HTTP on loopback, so this is a plain HTTP
// stand-in; nothing is proxied and no certificate is needed. With a base URL other than the canonical one the server
// sends the Reports API's paths (reports.api.clockify.me/v1 in production) to the same base, so this stand-in answers
// those too.
//
// README.md says where each body's shape comes from. `state` is switched by the sessions' hooks.

import type http from "node:http";
import { clearTimers, cloudflare502, httpStandin, json, later, parse, text } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r43-a";

export const CLOCKIFY_PORT = 45200;

export const API_KEY = "NmQ0YjE4ZTItOTc1Zi00YzNhLWI4ZDItMWU3ZjBhNjNjOTI1";
export const REVOKED_KEY = "YTkyYzBmNTEtMzNlOC00ZDFiLTk2YTctNWM4ZTJkMTBmNGI3";

export const state = {
  rateLimited: false,
  serverError: false,
  badGateway: false,
  slow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

export const WORKSPACE_ID = "64f1c2a9e4b0d31a7c9e8f01";
export const USER_ID = "64f1c2a9e4b0d31a7c9e8f10";
export const PROJECT_WEB = "6512a0c4b7e2f14d8a3c5e21";
export const PROJECT_BRAND = "6512a0c4b7e2f14d8a3c5e22";
export const PROJECT_INTERNAL = "6512a0c4b7e2f14d8a3c5e23";
export const ENTRY_ID = "6761b3f0c2a94e1d7b8f0a41";
export const MISSING_ENTRY_ID = "6761b3f0c2a94e1d7b8f0dead";

const USER = {
  id: USER_ID,
  email: "maren.lindqvist@northwind-studio.eu",
  name: "Maren Lindqvist",
  memberships: [],
  profilePicture: "https://img.clockify.me/no-user-image.png",
  activeWorkspace: WORKSPACE_ID,
  defaultWorkspace: WORKSPACE_ID,
  settings: {
    weekStart: "MONDAY",
    timeZone: "Europe/Berlin",
    timeFormat: "HOUR24",
    dateFormat: "DD/MM/YYYY",
    sendNewsletter: false,
    weeklyUpdates: false,
    longRunning: true,
    scheduledReports: true,
    approval: false,
    pto: false,
    alerts: true,
    reminders: false,
    timeTrackingManual: false,
    summaryReportSettings: { group: "Project", subgroup: "Time Entry" },
    isCompactViewOn: false,
    dashboardSelection: "ME",
    dashboardViewType: "PROJECT",
    dashboardPinToTop: false,
    projectListCollapse: 50,
    collapseAllProjectLists: false,
    groupSimilarEntriesDisabled: false,
    myStartOfDay: "09:00",
    lang: "EN",
    multiFactorEnabled: false,
    theme: "LIGHT",
    scheduling: false,
    onboarding: false,
    showOnlyWorkingDays: false,
  },
  status: "ACTIVE",
  customFields: [],
};

const WORKSPACE = {
  id: WORKSPACE_ID,
  name: "Northwind Studio",
  hourlyRate: { amount: 9500, currency: "EUR" },
  costRate: { amount: 0, currency: "EUR" },
  memberships: [
    {
      userId: USER_ID,
      hourlyRate: null,
      costRate: null,
      targetId: WORKSPACE_ID,
      membershipType: "WORKSPACE",
      membershipStatus: "ACTIVE",
    },
  ],
  workspaceSettings: {
    timeRoundingInReports: false,
    onlyAdminsSeeBillableRates: true,
    onlyAdminsCreateProject: true,
    onlyAdminsSeeDashboard: false,
    defaultBillableProjects: true,
    lockTimeEntries: null,
    lockTimeZone: null,
    round: { round: "Round to nearest", minutes: "15" },
    projectFavorites: true,
    canSeeTimeSheet: false,
    canSeeTracker: true,
    projectPickerSpecialFilter: false,
    forceProjects: true,
    forceTasks: false,
    forceTags: false,
    forceDescription: true,
    onlyAdminsSeeAllTimeEntries: true,
    onlyAdminsSeePublicProjectsEntries: false,
    trackTimeDownToSecond: true,
    projectGroupingLabel: "client",
    adminOnlyPages: [],
    automaticLock: null,
    onlyAdminsCreateTag: false,
    onlyAdminsCreateTask: false,
    timeTrackingMode: "DEFAULT",
    isProjectPublicByDefault: true,
  },
  imageUrl: "",
  featureSubscriptionType: "STANDARD_YEAR_2021",
  features: ["TIME_TRACKING", "APPROVAL", "BULK_EDIT", "EXPENSES"],
  currencies: [{ id: "6512a0c4b7e2f14d8a3c5e00", code: "EUR", isDefault: true }],
  subdomain: { name: null, enabled: false },
};

function project(
  id: string,
  name: string,
  clientId: string,
  clientName: string,
  color: string,
  billable = true,
) {
  return {
    id,
    name,
    hourlyRate: { amount: 9500, currency: "EUR" },
    clientId,
    workspaceId: WORKSPACE_ID,
    billable,
    memberships: [
      {
        userId: USER_ID,
        hourlyRate: null,
        costRate: null,
        targetId: id,
        membershipType: "PROJECT",
        membershipStatus: "ACTIVE",
      },
    ],
    color,
    estimate: { estimate: "PT0S", type: "AUTO" },
    archived: false,
    duration: "PT212H30M",
    clientName,
    note: "",
    costRate: null,
    timeEstimate: {
      estimate: "PT0S",
      type: "AUTO",
      resetOption: null,
      active: false,
      includeNonBillable: true,
    },
    budgetEstimate: null,
    template: false,
    public: true,
  };
}

const PROJECTS = [
  project(PROJECT_WEB, "Website Relaunch", "6512a0c4b7e2f14d8a3c5e31", "Hafenkontor GmbH", "#03A9F4"),
  project(PROJECT_BRAND, "Brand Refresh", "6512a0c4b7e2f14d8a3c5e32", "Kiel Ferries AG", "#8BC34A"),
  project(PROJECT_INTERNAL, "Internal", "", "", "#9E9E9E", false),
];

function entry(
  id: string,
  description: string,
  projectId: string,
  start: string,
  end: string | null,
  duration: string | null,
) {
  return {
    id,
    description,
    tagIds: null,
    userId: USER_ID,
    billable: projectId !== PROJECT_INTERNAL,
    taskId: null,
    projectId,
    workspaceId: WORKSPACE_ID,
    timeInterval: { start, end, duration },
    customFieldValues: [],
    type: "REGULAR",
    kioskId: null,
    hourlyRate: projectId !== PROJECT_INTERNAL ? { amount: 9500, currency: "EUR" } : null,
    costRate: null,
    isLocked: false,
  };
}

const ENTRIES = [
  entry(
    ENTRY_ID,
    "Homepage hero: responsive breakpoints",
    PROJECT_WEB,
    "2026-12-04T08:00:00Z",
    "2026-12-04T10:30:00Z",
    "PT2H30M",
  ),
  entry(
    "6761b3f0c2a94e1d7b8f0a40",
    "Sprint review with Hafenkontor",
    PROJECT_WEB,
    "2026-12-03T13:00:00Z",
    "2026-12-03T14:00:00Z",
    "PT1H",
  ),
  entry(
    "6761b3f0c2a94e1d7b8f0a3f",
    "Logo variants for ferry livery",
    PROJECT_BRAND,
    "2026-12-02T09:15:00Z",
    "2026-12-02T12:45:00Z",
    "PT3H30M",
  ),
  entry(
    "6761b3f0c2a94e1d7b8f0a3e",
    "Team standup",
    PROJECT_INTERNAL,
    "2026-12-01T08:30:00Z",
    "2026-12-01T08:45:00Z",
    "PT15M",
  ),
];

let running: ReturnType<typeof entry> | null = null;
let created = 0;

/** Clockify's error body: `{"message": …, "code": …}` (README.md says where each one was seen). */
function clockifyError(
  res: http.ServerResponse,
  status: number,
  message: string,
  code: number,
  headers: Record<string, string> = {},
) {
  json(res, status, { message, code }, headers);
}

function handler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  const p = url.pathname.replace(/\/+$/, "");
  seen.push(`clockify ${method} ${p}${url.search} ${body}`.trim());

  if (req.headers["x-api-key"] !== API_KEY) {
    // clockify/clockify_api_docs#7: the answer to a key the API does not accept.
    return clockifyError(res, 401, "Full authentication is required to access this resource", 1000);
  }
  if (state.rateLimited) {
    return clockifyError(res, 429, "Too many requests", 429, { "retry-after": "60" });
  }
  if (state.serverError) {
    return clockifyError(res, 500, "Internal server error", 500);
  }
  if (state.badGateway) {
    return text(res, 502, cloudflare502("api.clockify.me", "8ea2c4f1d93b7a10"), "text/html; charset=UTF-8");
  }
  if (state.slow) {
    return later(15_000, () => answer(method, p, url, body, res));
  }
  return answer(method, p, url, body, res);
}

function answer(method: string, p: string, url: URL, body: string, res: http.ServerResponse) {
  const base = "/api/v1";
  const ws = `${base}/workspaces/${WORKSPACE_ID}`;

  if (method === "GET" && p === `${base}/user`) return json(res, 200, USER);
  if (method === "GET" && p === `${base}/workspaces`) return json(res, 200, [WORKSPACE]);
  if (method === "GET" && p === ws) return json(res, 200, WORKSPACE);

  if (method === "GET" && p === `${ws}/projects`) {
    const name = url.searchParams.get("name");
    const found = name ? PROJECTS.filter((x) => x.name.toLowerCase().includes(name.toLowerCase())) : PROJECTS;
    return json(res, 200, found);
  }
  const projectMatch = p.match(new RegExp(`^${ws}/projects/([^/]+)$`));
  if (method === "GET" && projectMatch) {
    const found = PROJECTS.find((x) => x.id === projectMatch[1]);
    if (found) return json(res, 200, found);
    return clockifyError(
      res,
      400,
      `PROJECT with id ${projectMatch[1]} doesn't belong to WORKSPACE with id ${WORKSPACE_ID}`,
      501,
    );
  }

  if (method === "GET" && p === `${ws}/users`) {
    // lucassabreu/clockify-cli#301: a regular member listing the workspace's users.
    return clockifyError(res, 403, "Access Denied", 501);
  }

  if (method === "GET" && p === `${ws}/user/${USER_ID}/time-entries`) {
    if (url.searchParams.get("in-progress") === "true") return json(res, 200, running ? [running] : []);
    const start = url.searchParams.get("start");
    const end = url.searchParams.get("end");
    const found = ENTRIES.filter(
      (x) => (!start || x.timeInterval.start >= start) && (!end || x.timeInterval.start < end),
    );
    return json(res, 200, found);
  }
  if (method === "PATCH" && p === `${ws}/user/${USER_ID}/time-entries`) {
    if (!running) return clockifyError(res, 404, "Time entry is not running", 501);
    const parsed = parse(body);
    const end = String(parsed.end ?? new Date().toISOString().replace(/\.\d+Z$/, "Z"));
    const seconds = Math.max(
      0,
      Math.round((Date.parse(end) - Date.parse(running.timeInterval.start)) / 1000),
    );
    const stopped = {
      ...running,
      timeInterval: { start: running.timeInterval.start, end, duration: `PT${seconds}S` },
    };
    running = null;
    return json(res, 200, stopped);
  }
  const entryMatch = p.match(new RegExp(`^${ws}/time-entries/([^/]+)$`));
  if (entryMatch && method === "GET") {
    const found = ENTRIES.find((x) => x.id === entryMatch[1]);
    if (found) return json(res, 200, found);
    return clockifyError(
      res,
      400,
      `TIMEENTRY with id ${entryMatch[1]} doesn't belong to WORKSPACE with id ${WORKSPACE_ID}`,
      501,
    );
  }
  if (method === "POST" && p === `${ws}/time-entries`) {
    const parsed = parse(body);
    const start = String(parsed.start ?? "");
    const end = parsed.end ? String(parsed.end) : null;
    if (end && start > end) {
      // astro-panda/Clockify.Net#30: the API's answer to an end before the start.
      return clockifyError(res, 400, `Start datetime ${start} is greater than end datetime ${end}.`, 501);
    }
    created += 1;
    const made = entry(
      `6761b3f0c2a94e1d7b8f0b${String(created).padStart(2, "0")}`,
      String(parsed.description ?? ""),
      String(parsed.projectId ?? ""),
      start,
      end,
      end ? "PT1H30M" : null,
    );
    if (!end) running = made;
    return json(res, 201, made);
  }

  if (method === "GET" && p === `${ws}/tags`) return json(res, 200, []);
  if (method === "GET" && p === `${ws}/clients`) return json(res, 200, []);

  if (method === "POST" && p.startsWith(`${ws}/reports/`)) {
    return json(res, 200, {
      totals: [{ _id: "", totalTime: 26100, totalBillableTime: 25200, entriesCount: 4, totalAmount: 66500 }],
      groupOne: [
        {
          _id: PROJECT_WEB,
          duration: 12600,
          amount: 33250,
          name: "Website Relaunch",
          clientName: "Hafenkontor GmbH",
        },
        {
          _id: PROJECT_BRAND,
          duration: 12600,
          amount: 33250,
          name: "Brand Refresh",
          clientName: "Kiel Ferries AG",
        },
        { _id: PROJECT_INTERNAL, duration: 900, amount: 0, name: "Internal", clientName: "" },
      ],
    });
  }

  unknownRequests.push(`clockify ${method} ${p}${url.search}`);
  return clockifyError(res, 404, `No static resource ${p.replace(/^\//, "")}.`, 3000);
}

export const clockifyServer = httpStandin(CLOCKIFY_PORT, handler);

export const ALL_STANDINS = [clockifyServer];
