// Loopback stand-ins for the service behind this group's servers: a Jira Cloud site whose service desk project
// (Jira Service Management, project HELP "IT Help Desk") a support team works through the Jira platform REST API
// v3 (`/rest/api/3/...`) and the Agile API (`/rest/agile/1.0/...`). README.md cites where each body comes from.
//
// Both servers take the site's base URL from their environment (mcp-jira-cloud `JIRA_BASE_URL`,
// @aaronsb/jira-cloud-mcp `JIRA_HOST`), so each gets a plain HTTP listener of its own: one site, two ports, so
// that stopping one listener makes the site unreachable for one server only.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import { clearTimers, httpStandin, json, later, text } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r29-a";

export const JMC_PORT = 42250;
export const JCM_PORT = 42251;

export const EMAIL = "dana.okafor@northwind-support.example";
export const API_TOKEN =
  "ATATT3xFfGF0corpusStandinToken0000000000000000000000000000000000000000000000000000000000000000=5A1B2C3D";

export const state = {
  keyRevoked: false,
  rateLimited: false,
  serverError: false,
  badGateway: false,
};

export const unknownRequests: string[] = [];
/** Every request the stand-in answered, in order (for the capturer's notes). */
export const seen: string[] = [];

// ------------------------------------------------------------------------------------------------ the site's data

const SITE = "https://northwind-support.atlassian.net";
const CLOUD_ID = "4b1f8c2e-7d9a-4c3e-9f10-2a6b5c8d7e01";

interface User {
  accountId: string;
  displayName: string;
  emailAddress: string;
  accountType: "atlassian" | "customer";
}

const USERS: Record<string, User> = {
  dana: {
    accountId: "712020:5f3c9a1e-2b7d-4e8f-9a6c-1d2e3f4a5b6c",
    displayName: "Dana Okafor",
    emailAddress: EMAIL,
    accountType: "atlassian",
  },
  marco: {
    accountId: "712020:8a9b0c1d-2e3f-4a5b-6c7d-8e9f0a1b2c3d",
    displayName: "Marco Lindqvist",
    emailAddress: "marco.lindqvist@northwind-support.example",
    accountType: "atlassian",
  },
  priya: {
    accountId: "qm:3c7e1f2a-9b8d-4c6e-a5f4-0e1d2c3b4a59:6d5e4f3a-2b1c-4d0e-9f8a-7b6c5d4e3f21",
    displayName: "Priya Raman",
    emailAddress: "priya.raman@contoso.example",
    accountType: "customer",
  },
  tom: {
    accountId: "qm:3c7e1f2a-9b8d-4c6e-a5f4-0e1d2c3b4a59:1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
    displayName: "Tom Becker",
    emailAddress: "tom.becker@fabrikam.example",
    accountType: "customer",
  },
};

function userJson(user: User) {
  return {
    self: `${SITE}/rest/api/3/user?accountId=${encodeURIComponent(user.accountId)}`,
    accountId: user.accountId,
    accountType: user.accountType,
    emailAddress: user.emailAddress,
    avatarUrls: {
      "48x48": `https://secure.gravatar.com/avatar/${user.accountId.slice(-12)}?d=mm&s=48`,
    },
    displayName: user.displayName,
    active: true,
    timeZone: "Europe/London",
    locale: "en_GB",
  };
}

interface Project {
  id: string;
  key: string;
  name: string;
  projectTypeKey: string;
  issueTypes: { id: string; name: string; subtask: boolean }[];
}

const SERVICE_TYPES = [
  { id: "10004", name: "[System] Service request", subtask: false },
  { id: "10005", name: "[System] Incident", subtask: false },
  { id: "10006", name: "[System] Problem", subtask: false },
  { id: "10007", name: "[System] Change", subtask: false },
  { id: "10008", name: "[System] Service request with approvals", subtask: false },
];

const PROJECTS: Project[] = [
  {
    id: "10001",
    key: "HELP",
    name: "IT Help Desk",
    projectTypeKey: "service_desk",
    issueTypes: SERVICE_TYPES,
  },
  {
    id: "10002",
    key: "ITS",
    name: "Internal Security Desk",
    projectTypeKey: "service_desk",
    issueTypes: SERVICE_TYPES.slice(0, 3),
  },
];

const STATUSES: Record<string, { id: string; name: string; category: "new" | "indeterminate" | "done" }> = {
  "Waiting for support": { id: "10010", name: "Waiting for support", category: "new" },
  "Waiting for customer": { id: "10011", name: "Waiting for customer", category: "indeterminate" },
  "In progress": { id: "3", name: "In progress", category: "indeterminate" },
  Escalated: { id: "10012", name: "Escalated", category: "indeterminate" },
  Resolved: { id: "10013", name: "Resolved", category: "done" },
  Closed: { id: "6", name: "Closed", category: "done" },
};

const CATEGORY_NAMES = { new: "To Do", indeterminate: "In Progress", done: "Done" } as const;
const CATEGORY_IDS = { new: 2, indeterminate: 4, done: 3 } as const;

function statusJson(name: string) {
  const status = STATUSES[name] ?? STATUSES["Waiting for support"]!;
  return {
    self: `${SITE}/rest/api/3/status/${status.id}`,
    description: "",
    iconUrl: `${SITE}/images/icons/statuses/generic.png`,
    name: status.name,
    id: status.id,
    statusCategory: {
      self: `${SITE}/rest/api/3/statuscategory/${CATEGORY_IDS[status.category]}`,
      id: CATEGORY_IDS[status.category],
      key: status.category,
      colorName: status.category === "done" ? "green" : status.category === "new" ? "blue-gray" : "yellow",
      name: CATEGORY_NAMES[status.category],
    },
  };
}

const PRIORITIES = [
  { id: "1", name: "Highest" },
  { id: "2", name: "High" },
  { id: "3", name: "Medium" },
  { id: "4", name: "Low" },
  { id: "5", name: "Lowest" },
];

function priorityJson(name: string) {
  const priority = PRIORITIES.find((p) => p.name === name) ?? PRIORITIES[2]!;
  return {
    self: `${SITE}/rest/api/3/priority/${priority.id}`,
    iconUrl: `${SITE}/images/icons/priorities/${priority.name.toLowerCase()}.svg`,
    name: priority.name,
    id: priority.id,
  };
}

/** Atlassian Document Format for a plain paragraph (what the v3 API stores in description and comment bodies). */
function adf(textValue: string) {
  return {
    type: "doc",
    version: 1,
    content: [{ type: "paragraph", content: [{ type: "text", text: textValue }] }],
  };
}

/** The plain text of an ADF document (or a string a client sent instead). */
function plain(value: unknown): string {
  if (typeof value === "string") return value;
  const walk = (node: unknown): string => {
    if (!node || typeof node !== "object") return "";
    const n = node as { text?: string; content?: unknown[] };
    if (typeof n.text === "string") return n.text;
    return (n.content ?? []).map(walk).join(" ");
  };
  return walk(value).trim();
}

interface Comment {
  id: string;
  author: User;
  body: string;
  created: string;
  jsdPublic: boolean;
}

interface Issue {
  id: string;
  key: string;
  project: string;
  type: string;
  summary: string;
  description: string;
  status: string;
  priority: string;
  assignee: User | null;
  reporter: User;
  labels: string[];
  created: string;
  updated: string;
  requestType: string;
  comments: Comment[];
}

function seedIssues(): Issue[] {
  return [
    {
      id: "10101",
      key: "HELP-101",
      project: "HELP",
      type: "[System] Service request",
      summary: "Cannot sign in to the customer portal after SSO change",
      description:
        "Since this morning every login attempt redirects back to the sign-in page. We use Okta SSO; nothing changed on our side.",
      status: "Waiting for support",
      priority: "High",
      assignee: USERS.dana!,
      reporter: USERS.priya!,
      labels: ["sso", "portal"],
      created: "2026-12-05T08:14:22.118+0000",
      updated: "2026-12-06T16:02:51.407+0000",
      requestType: "Get help with signing in",
      comments: [
        {
          id: "20011",
          author: USERS.priya!,
          body: "This is blocking our whole finance team from downloading invoices.",
          created: "2026-12-05T08:20:03.551+0000",
          jsdPublic: true,
        },
        {
          id: "20012",
          author: USERS.dana!,
          body: "Checked the IdP metadata: the signing certificate rotated on the 4th. Asking the customer to re-upload.",
          created: "2026-12-06T16:02:51.407+0000",
          jsdPublic: false,
        },
      ],
    },
    {
      id: "10102",
      key: "HELP-102",
      project: "HELP",
      type: "[System] Incident",
      summary: "Invoice PDF export times out for large accounts",
      description: "Exporting the November invoice for account 88213 fails with a timeout after 30 seconds.",
      status: "Waiting for support",
      priority: "Highest",
      assignee: USERS.marco!,
      reporter: USERS.tom!,
      labels: ["billing", "export"],
      created: "2026-12-06T10:41:09.002+0000",
      updated: "2026-12-06T11:15:44.870+0000",
      requestType: "Report a system problem",
      comments: [],
    },
    {
      id: "10103",
      key: "HELP-103",
      project: "HELP",
      type: "[System] Service request",
      summary: "Add two seats to the Contoso workspace",
      description: "Please add ana.silva@contoso.example and li.wei@contoso.example to our workspace.",
      status: "Waiting for customer",
      priority: "Medium",
      assignee: USERS.dana!,
      reporter: USERS.priya!,
      labels: ["seats"],
      created: "2026-12-03T13:05:30.611+0000",
      updated: "2026-12-04T09:12:10.338+0000",
      requestType: "Request a new account",
      comments: [
        {
          id: "20031",
          author: USERS.dana!,
          body: "Could you confirm the billing contact approves the two extra seats?",
          created: "2026-12-04T09:12:10.338+0000",
          jsdPublic: true,
        },
      ],
    },
    {
      id: "10104",
      key: "HELP-104",
      project: "HELP",
      type: "[System] Incident",
      summary: "Webhook deliveries delayed by up to 20 minutes",
      description: "Our order webhooks arrive late since the 1st; the delivery log shows retries.",
      status: "Escalated",
      priority: "High",
      assignee: null,
      reporter: USERS.tom!,
      labels: ["webhooks"],
      created: "2026-12-01T17:48:12.900+0000",
      updated: "2026-12-05T07:30:00.000+0000",
      requestType: "Report a system problem",
      comments: [],
    },
    {
      id: "10105",
      key: "HELP-105",
      project: "HELP",
      type: "[System] Service request",
      summary: "Password reset email never arrives",
      description: "Reset requested three times for tom.becker@fabrikam.example; nothing in inbox or spam.",
      status: "Resolved",
      priority: "Low",
      assignee: USERS.marco!,
      reporter: USERS.tom!,
      labels: ["email"],
      created: "2026-11-28T09:00:41.120+0000",
      updated: "2026-11-28T15:22:05.743+0000",
      requestType: "Get help with signing in",
      comments: [],
    },
    {
      id: "10212",
      key: "ITS-12",
      project: "ITS",
      type: "[System] Incident",
      summary: "Suspicious login attempts on admin accounts",
      description: "Restricted: handled by the security desk.",
      status: "In progress",
      priority: "Highest",
      assignee: USERS.marco!,
      reporter: USERS.marco!,
      labels: ["security"],
      created: "2026-12-02T22:10:00.000+0000",
      updated: "2026-12-06T08:00:00.000+0000",
      requestType: "Report a security incident",
      comments: [],
    },
  ];
}

let issues = seedIssues();
let nextIssue = 106;
let nextComment = 20100;

/** Resets the site's data (each capture starts from the same tickets). */
export function resetSite() {
  issues = seedIssues();
  nextIssue = 106;
  nextComment = 20100;
}

function projectJson(project: Project, full = false) {
  const base = {
    expand: "description,lead,issueTypes,url,projectKeys,permissions,insight",
    self: `${SITE}/rest/api/3/project/${project.id}`,
    id: project.id,
    key: project.key,
    name: project.name,
    avatarUrls: { "48x48": `${SITE}/rest/api/3/universal_avatar/view/type/project/avatar/10400` },
    projectTypeKey: project.projectTypeKey,
    simplified: false,
    style: "classic",
    isPrivate: project.key === "ITS",
    properties: {},
  };
  if (!full) return base;
  return {
    ...base,
    description: project.key === "HELP" ? "Customer-facing IT help desk for Northwind's SaaS customers." : "",
    lead: userJson(USERS.dana!),
    components: [],
    issueTypes: project.issueTypes.map((t) => ({
      self: `${SITE}/rest/api/3/issuetype/${t.id}`,
      id: t.id,
      description: "",
      iconUrl: `${SITE}/rest/api/2/universal_avatar/view/type/issuetype/avatar/10553?size=medium`,
      name: t.name,
      subtask: t.subtask,
      avatarId: 10553,
      hierarchyLevel: 0,
    })),
    assigneeType: "UNASSIGNED",
    versions: [],
    roles: {
      "Service Desk Team": `${SITE}/rest/api/3/project/${project.id}/role/10101`,
      "Service Desk Customers": `${SITE}/rest/api/3/project/${project.id}/role/10100`,
    },
  };
}

function issueJson(issue: Issue) {
  const project = PROJECTS.find((p) => p.key === issue.project)!;
  const type = project.issueTypes.find((t) => t.name === issue.type) ?? project.issueTypes[0]!;
  const comments = issue.comments.map(commentJson);
  return {
    expand:
      "renderedFields,names,schema,operations,editmeta,changelog,versionedRepresentations,customfield_10010.requestTypePractice",
    id: issue.id,
    self: `${SITE}/rest/api/3/issue/${issue.id}`,
    key: issue.key,
    fields: {
      summary: issue.summary,
      description: adf(issue.description),
      issuetype: {
        self: `${SITE}/rest/api/3/issuetype/${type.id}`,
        id: type.id,
        name: type.name,
        subtask: false,
        hierarchyLevel: 0,
      },
      project: projectJson(project),
      status: statusJson(issue.status),
      priority: priorityJson(issue.priority),
      assignee: issue.assignee ? userJson(issue.assignee) : null,
      reporter: userJson(issue.reporter),
      creator: userJson(issue.reporter),
      labels: issue.labels,
      components: [],
      fixVersions: [],
      versions: [],
      resolution:
        STATUSES[issue.status]?.category === "done"
          ? { self: `${SITE}/rest/api/3/resolution/10000`, id: "10000", name: "Done" }
          : null,
      resolutiondate: STATUSES[issue.status]?.category === "done" ? issue.updated : null,
      created: issue.created,
      updated: issue.updated,
      duedate: null,
      parent: null,
      watches: { self: `${SITE}/rest/api/3/issue/${issue.key}/watchers`, watchCount: 1, isWatching: true },
      comment: {
        comments,
        self: `${SITE}/rest/api/3/issue/${issue.id}/comment`,
        maxResults: comments.length,
        total: comments.length,
        startAt: 0,
      },
      customfield_10010: {
        _links: { web: `${SITE}/servicedesk/customer/portal/1/${issue.key}` },
        requestType: { id: "1", name: issue.requestType, serviceDeskId: "1" },
        currentStatus: {
          status: issue.status,
          statusCategory: STATUSES[issue.status]?.category.toUpperCase(),
        },
      },
    },
  };
}

function commentJson(comment: Comment) {
  return {
    self: `${SITE}/rest/api/3/issue/comment/${comment.id}`,
    id: comment.id,
    author: userJson(comment.author),
    body: adf(comment.body),
    updateAuthor: userJson(comment.author),
    created: comment.created,
    updated: comment.created,
    jsdPublic: comment.jsdPublic,
  };
}

const FIELDS = [
  {
    id: "summary",
    key: "summary",
    name: "Summary",
    custom: false,
    schema: { type: "string", system: "summary" },
  },
  {
    id: "description",
    key: "description",
    name: "Description",
    custom: false,
    schema: { type: "string", system: "description" },
  },
  {
    id: "status",
    key: "status",
    name: "Status",
    custom: false,
    schema: { type: "status", system: "status" },
  },
  {
    id: "priority",
    key: "priority",
    name: "Priority",
    custom: false,
    schema: { type: "priority", system: "priority" },
  },
  {
    id: "assignee",
    key: "assignee",
    name: "Assignee",
    custom: false,
    schema: { type: "user", system: "assignee" },
  },
  {
    id: "labels",
    key: "labels",
    name: "Labels",
    custom: false,
    schema: { type: "array", items: "string", system: "labels" },
  },
  {
    id: "customfield_10010",
    key: "customfield_10010",
    name: "Request Type",
    custom: true,
    schema: {
      type: "sd-customerrequesttype",
      custom: "com.atlassian.servicedesk:vp-origin",
      customId: 10010,
    },
  },
  {
    id: "customfield_10020",
    key: "customfield_10020",
    name: "Satisfaction",
    custom: true,
    schema: { type: "sd-feedback", custom: "com.atlassian.servicedesk:sd-request-feedback", customId: 10020 },
  },
  {
    id: "customfield_10030",
    key: "customfield_10030",
    name: "Time to resolution",
    custom: true,
    schema: {
      type: "sd-servicelevelagreement",
      custom: "com.atlassian.servicedesk:sd-sla-field",
      customId: 10030,
    },
  },
].map((f) => ({ ...f, orderable: true, navigable: true, searchable: true, clauseNames: [f.id] }));

// ----------------------------------------------------------------------------------------------------- JQL, roughly

class JqlError extends Error {}

/** Enough of JQL for the queries the sessions send: project, key, status, statusCategory, assignee, text, labels. */
function runJql(jql: string): Issue[] {
  let result = issues.slice();
  const clauses = jql
    .replace(/\s+ORDER\s+BY\s+.*$/i, "")
    .split(/\s+AND\s+/i)
    .filter((c) => c.trim());
  for (const clause of clauses) {
    const c = clause
      .trim()
      .replace(/^\((.*)\)$/, "$1")
      .trim();
    let m: RegExpMatchArray | null;
    if ((m = c.match(/^project\s*(=|in)\s*\(?\s*"?([^")]+)"?\s*\)?$/i))) {
      const keys = m[2]!.split(",").map((k) => k.trim().replace(/"/g, ""));
      for (const key of keys) {
        if (!PROJECTS.some((p) => p.key.toLowerCase() === key.toLowerCase() || p.name === key))
          throw new JqlError(`The value '${key}' does not exist for the field 'project'.`);
      }
      result = result.filter((i) => keys.some((k) => k.toUpperCase() === i.project));
    } else if ((m = c.match(/^(?:key|issuekey)\s*=\s*"?([A-Z]+-\d+)"?$/i))) {
      result = result.filter((i) => i.key === m![1]!.toUpperCase());
    } else if ((m = c.match(/^status\s*(=|!=)\s*"?([^"]+)"?$/i))) {
      const name = m[2]!.trim();
      if (!Object.keys(STATUSES).some((s) => s.toLowerCase() === name.toLowerCase()))
        throw new JqlError(`The value '${name}' does not exist for the field 'status'.`);
      const eq = m[1] === "=";
      result = result.filter((i) => (i.status.toLowerCase() === name.toLowerCase()) === eq);
    } else if ((m = c.match(/^statusCategory\s*(=|!=)\s*"?([^"]+)"?$/i))) {
      const want = m[2]!.trim().toLowerCase();
      const eq = m[1] === "=";
      result = result.filter((i) => {
        const cat = STATUSES[i.status]!.category;
        const hit = want === cat || want === CATEGORY_NAMES[cat].toLowerCase();
        return hit === eq;
      });
    } else if ((m = c.match(/^resolution\s*(=|!=|is|is not)\s*(Unresolved|EMPTY)$/i))) {
      const open = m[1] === "=" || m[1]!.toLowerCase() === "is";
      result = result.filter((i) => (STATUSES[i.status]!.category !== "done") === open);
    } else if ((m = c.match(/^assignee\s*(=|is)\s*(currentUser\(\)|EMPTY|"?[^"]+"?)$/i))) {
      const who = m[2]!;
      if (/currentUser/i.test(who))
        result = result.filter((i) => i.assignee?.accountId === USERS.dana!.accountId);
      else if (/EMPTY/i.test(who)) result = result.filter((i) => !i.assignee);
      else result = result.filter((i) => i.assignee?.accountId === who.replace(/"/g, ""));
    } else if ((m = c.match(/^(?:text|summary)\s*~\s*"([^"]+)"$/i))) {
      const needle = m[1]!.toLowerCase();
      result = result.filter(
        (i) => i.summary.toLowerCase().includes(needle) || i.description.toLowerCase().includes(needle),
      );
    } else if ((m = c.match(/^labels\s*(=|in)\s*\(?"?([^")]+)"?\)?$/i))) {
      const label = m[2]!.trim();
      result = result.filter((i) => i.labels.includes(label));
    } else if ((m = c.match(/^(priority)\s*(=|in)\s*\(?"?([^")]+)"?\)?$/i))) {
      const names = m[3]!.split(",").map((n) => n.trim().replace(/"/g, "").toLowerCase());
      const missing = names.find((n) => !PRIORITIES.some((p) => p.name.toLowerCase() === n));
      if (missing)
        throw new JqlError(
          `The value '${m[3]!
            .split(",")
            .find((n) => n.trim().toLowerCase() === missing)!
            .trim()}' does not exist for the field 'priority'.`,
        );
      result = result.filter((i) => names.includes(i.priority.toLowerCase()));
    } else if (
      (m = c.match(/^(created|updated|resolved|resolutiondate)\s*(>=|>|<=|<)\s*"?(-?\d+[dwh]|[\d-]+)"?$/i))
    ) {
      if (/^resol/i.test(m[1]!)) result = result.filter((i) => STATUSES[i.status]!.category === "done");
    } else if ((m = c.match(/^(dueDate|duedate|due)\s*(>=|>|<=|<)\s*(now\(\)|"?[-\dwdh]+"?)$/i))) {
      result = []; // no request has a due date
    } else {
      const field = c.split(/\s|=|~|!/)[0] ?? c;
      throw new JqlError(
        `Error in the JQL Query: Expecting operator but got '${c.slice(field.length).trim().split(/\s/)[0] ?? ""}'. The valid operators are '=', '!=', '<', '>', '<=', '>=', '~', '!~', 'IN', 'NOT IN', 'IS' and 'IS NOT'. (line 1, character ${jql.indexOf(c) + field.length + 1})`,
      );
    }
  }
  return result;
}

// ------------------------------------------------------------------------------------------------------- answers

/** Jira's ErrorCollection (`{"errorMessages": [...], "errors": {...}}`), the body of every REST v3 4xx. */
function jiraError(
  res: http.ServerResponse,
  status: number,
  errorMessages: string[],
  errors: Record<string, string> = {},
) {
  json(res, status, { errorMessages, errors }, { "x-arequestid": requestId() });
}

let counter = 0;
function requestId() {
  counter += 1;
  return `a1b2c3d4-${String(counter).padStart(4, "0")}-4e5f-9a8b-7c6d5e4f3a2b`;
}

const ATLASSIAN_502 = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Atlassian Cloud Notifications - Page Unavailable</title>
</head>
<body>
<div class="content">
<h1>We're having trouble connecting to this site</h1>
<p>The site northwind-support.atlassian.net is temporarily unavailable (502 Bad Gateway). Our team has been notified.</p>
<p>Check <a href="https://status.atlassian.com">status.atlassian.com</a> for updates.</p>
<p class="trace">Trace ID: 5f0c1e9a8b7d6c5e4f3a2b1c0d9e8f7a</p>
</div>
</body>
</html>
`;

function body(raw: string): Record<string, unknown> {
  try {
    return JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function findIssue(idOrKey: string): Issue | undefined {
  const k = decodeURIComponent(idOrKey).toUpperCase();
  return issues.find((i) => i.key === k || i.id === k);
}

function notFound(res: http.ServerResponse) {
  jiraError(res, 404, ["Issue does not exist or you do not have permission to see it."]);
}

function searchAnswer(res: http.ServerResponse, url: URL, raw: string, enhanced: boolean) {
  const b = body(raw);
  const jql = String(b.jql ?? url.searchParams.get("jql") ?? "");
  const maxResults = Number(b.maxResults ?? url.searchParams.get("maxResults") ?? 50);
  let found: Issue[];
  try {
    found = jql.trim() ? runJql(jql) : issues.slice();
  } catch (error) {
    return jiraError(res, 400, [(error as Error).message]);
  }
  const page = found.slice(0, maxResults).map(issueJson);
  if (enhanced) return json(res, 200, { issues: page, isLast: true });
  return json(res, 200, {
    expand: "names,schema",
    startAt: 0,
    maxResults,
    total: found.length,
    issues: page,
  });
}

const TRANSITIONS = [
  { id: "761", name: "Resolve this issue", to: "Resolved" },
  { id: "851", name: "Respond to customer", to: "Waiting for customer" },
  { id: "891", name: "Escalate", to: "Escalated" },
  { id: "901", name: "Start progress", to: "In progress" },
];

function handler(label: string) {
  return (req: http.IncomingMessage, url: URL, raw: string, res: http.ServerResponse) => {
    const method = req.method ?? "GET";
    const path = url.pathname;
    seen.push(`${label} ${method} ${path}${url.search} ${raw.slice(0, 300)}`);

    // The tenant info endpoint is unauthenticated on real sites.
    if (path === "/_edge/tenant_info") return json(res, 200, { cloudId: CLOUD_ID });
    if (path === "/gateway/api/graphql")
      return json(res, 200, {
        data: null,
        errors: [{ message: "Not available on this site", extensions: { statusCode: 404 } }],
      });

    if (state.badGateway) return text(res, 502, ATLASSIAN_502, "text/html; charset=utf-8");
    if (state.keyRevoked)
      return text(
        res,
        401,
        "Client must be authenticated to access this resource.",
        "text/html;charset=UTF-8",
        {
          "www-authenticate": 'OAuth realm="https%3A%2F%2Fnorthwind-support.atlassian.net"',
          "x-seraph-loginreason": "AUTHENTICATED_FAILED",
        },
      );
    if (state.rateLimited)
      return json(
        res,
        429,
        {
          errorMessages: ["The request has been rate-limited. Please try again later."],
          errors: {},
          status: 429,
        },
        {
          "retry-after": "1",
          "x-ratelimit-reset": "2026-12-07T09:31Z",
          "ratelimit-reason": "jira-quota-global-based",
        },
      );
    if (state.serverError)
      return json(
        res,
        500,
        { errorMessages: ["Internal server error"], errors: {} },
        { "x-arequestid": requestId() },
      );

    let m: RegExpMatchArray | null;

    if (path === "/rest/api/3/myself" || path === "/rest/api/2/myself")
      return json(res, 200, userJson(USERS.dana!));
    if (path === "/rest/api/3/serverInfo")
      return json(res, 200, {
        baseUrl: SITE,
        version: "1001.0.0-SNAPSHOT",
        deploymentType: "Cloud",
        serverTitle: "Jira",
      });
    if (path === "/rest/api/3/field") return json(res, 200, FIELDS);
    if (path === "/rest/api/3/field/search") {
      const values = FIELDS.filter((f) => f.custom).map((f) => ({
        id: f.id,
        name: f.name,
        schema: f.schema,
        description: "",
        isLocked: true,
        searcherKey: "com.atlassian.jira.plugin.system.customfieldtypes:textsearcher",
        screensCount: 4,
        lastUsed: { type: "TRACKED", value: "2026-12-06T16:02:51.407+0000" },
      }));
      return json(res, 200, { maxResults: 50, startAt: 0, total: values.length, isLast: true, values });
    }
    if (path === "/rest/api/3/priority")
      return json(
        res,
        200,
        PRIORITIES.map((p) => priorityJson(p.name)),
      );
    if (path === "/rest/api/3/priority/search")
      return json(res, 200, {
        startAt: 0,
        maxResults: 50,
        total: 5,
        isLast: true,
        values: PRIORITIES.map((p) => priorityJson(p.name)),
      });
    if (path === "/rest/api/3/status") return json(res, 200, Object.keys(STATUSES).map(statusJson));
    if (path === "/rest/api/3/issuetype") return json(res, 200, PROJECTS[0]!.issueTypes);
    if (path === "/rest/api/3/user/search" || path === "/rest/api/3/user/assignable/search") {
      const q = (url.searchParams.get("query") ?? "").toLowerCase();
      return json(
        res,
        200,
        Object.values(USERS)
          .filter(
            (u) => !q || u.displayName.toLowerCase().includes(q) || u.emailAddress.toLowerCase().includes(q),
          )
          .map(userJson),
      );
    }
    if (path === "/rest/api/3/project/search") {
      const values = PROJECTS.map((p) => projectJson(p));
      return json(res, 200, {
        self: `${SITE}/rest/api/3/project/search?maxResults=50&startAt=0`,
        maxResults: 50,
        startAt: 0,
        total: values.length,
        isLast: true,
        values,
      });
    }
    if (path === "/rest/api/3/project")
      return json(
        res,
        200,
        PROJECTS.map((p) => projectJson(p)),
      );
    if ((m = path.match(/^\/rest\/api\/3\/project\/([^/]+)$/))) {
      const project = PROJECTS.find(
        (p) => p.key === decodeURIComponent(m![1]!).toUpperCase() || p.id === m![1],
      );
      if (!project)
        return jiraError(res, 404, [`No project could be found with key '${decodeURIComponent(m[1]!)}'.`]);
      return json(res, 200, projectJson(project, true));
    }
    if ((m = path.match(/^\/rest\/api\/3\/project\/([^/]+)\/statuses$/))) {
      return json(
        res,
        200,
        PROJECTS[0]!.issueTypes.map((t) => ({
          self: `${SITE}/rest/api/3/issuetype/${t.id}`,
          id: t.id,
          name: t.name,
          subtask: false,
          statuses: Object.keys(STATUSES).map(statusJson),
        })),
      );
    }
    if ((m = path.match(/^\/rest\/api\/3\/issue\/createmeta\/([^/]+)\/issuetypes(?:\/([^/]+))?$/))) {
      const project = PROJECTS.find((p) => p.key === decodeURIComponent(m![1]!).toUpperCase());
      if (!project) return jiraError(res, 404, [`No project could be found with key '${m[1]}'.`]);
      if (m[2])
        return json(res, 200, {
          startAt: 0,
          maxResults: 50,
          total: 3,
          fields: [
            {
              required: true,
              schema: { type: "string", system: "summary" },
              name: "Summary",
              key: "summary",
              fieldId: "summary",
              hasDefaultValue: false,
              operations: ["set"],
            },
            {
              required: false,
              schema: { type: "string", system: "description" },
              name: "Description",
              key: "description",
              fieldId: "description",
              hasDefaultValue: false,
              operations: ["set"],
            },
            {
              required: false,
              schema: { type: "priority", system: "priority" },
              name: "Priority",
              key: "priority",
              fieldId: "priority",
              hasDefaultValue: true,
              operations: ["set"],
              allowedValues: PRIORITIES.map((p) => priorityJson(p.name)),
            },
          ],
        });
      return json(res, 200, {
        startAt: 0,
        maxResults: 50,
        total: project.issueTypes.length,
        issueTypes: project.issueTypes,
      });
    }

    if (path === "/rest/api/3/search/jql" || path === "/rest/api/3/search") {
      return searchAnswer(res, url, raw, path.endsWith("/jql"));
    }
    if (path === "/rest/api/3/search/approximate-count") {
      try {
        return json(res, 200, { count: runJql(String(body(raw).jql ?? "")).length });
      } catch (error) {
        return jiraError(res, 400, [(error as Error).message]);
      }
    }
    if (path === "/rest/api/3/jql/parse") {
      const queries = (body(raw).queries as string[] | undefined) ?? [];
      return json(res, 200, {
        queries: queries.map((query) => {
          try {
            runJql(query);
            return {
              query,
              structure: { where: { field: { name: "project" }, operator: "=", operand: { value: "HELP" } } },
            };
          } catch (error) {
            return { query, errors: [(error as Error).message] };
          }
        }),
      });
    }

    if (path === "/rest/api/3/issue" && method === "POST") {
      const b = body(raw);
      const fields = (b.fields ?? {}) as Record<string, unknown>;
      const projectKey = String(((fields.project as { key?: string; id?: string }) ?? {}).key ?? "");
      const project = PROJECTS.find(
        (p) => p.key === projectKey.toUpperCase() || p.id === (fields.project as { id?: string })?.id,
      );
      if (!project) return jiraError(res, 400, [], { project: "Specify a valid project ID or key" });
      const typeRef = (fields.issuetype ?? {}) as { name?: string; id?: string };
      const type = project.issueTypes.find((t) => t.name === typeRef.name || t.id === typeRef.id);
      const errors: Record<string, string> = {};
      if (!type) errors.issuetype = "Specify a valid issue type";
      if (!fields.summary || !String(fields.summary).trim())
        errors.summary = "You must specify a summary of the issue.";
      if (Object.keys(errors).length) return jiraError(res, 400, [], errors);
      const key = `${project.key}-${nextIssue}`;
      const id = String(10000 + nextIssue);
      nextIssue += 1;
      const now = "2026-12-07T09:30:00.000+0000";
      issues.push({
        id,
        key,
        project: project.key,
        type: type!.name,
        summary: String(fields.summary),
        description: plain(fields.description),
        status: "Waiting for support",
        priority: String((fields.priority as { name?: string })?.name ?? "Medium"),
        assignee: null,
        reporter: USERS.dana!,
        labels: (fields.labels as string[]) ?? [],
        created: now,
        updated: now,
        requestType: "Emailed request",
        comments: [],
      });
      return json(res, 201, { id, key, self: `${SITE}/rest/api/3/issue/${id}` });
    }

    if ((m = path.match(/^\/rest\/api\/3\/issue\/([^/]+)$/))) {
      const issue = findIssue(m[1]!);
      if (!issue) return notFound(res);
      if (method === "GET") return json(res, 200, issueJson(issue));
      if (method === "PUT") {
        const b = body(raw);
        const fields = (b.fields ?? {}) as Record<string, unknown>;
        if (fields.priority) {
          const name = String((fields.priority as { name?: string; id?: string }).name ?? "");
          const id = String((fields.priority as { id?: string }).id ?? "");
          const p = PRIORITIES.find((x) => x.name === name || x.id === id);
          if (!p) return jiraError(res, 400, [], { priority: "The priority selected is invalid." });
          issue.priority = p.name;
        }
        if (typeof fields.summary === "string") issue.summary = fields.summary;
        if (fields.labels) issue.labels = fields.labels as string[];
        const update = (b.update ?? {}) as { labels?: { add?: string; remove?: string }[] };
        for (const op of update.labels ?? []) {
          if (op.add && !issue.labels.includes(op.add)) issue.labels.push(op.add);
          if (op.remove) issue.labels = issue.labels.filter((l) => l !== op.remove);
        }
        res.writeHead(204);
        return res.end();
      }
    }
    if ((m = path.match(/^\/rest\/api\/3\/issue\/([^/]+)\/assignee$/)) && method === "PUT") {
      const issue = findIssue(m[1]!);
      if (!issue) return notFound(res);
      const accountId = body(raw).accountId as string | null;
      const user = Object.values(USERS).find((u) => u.accountId === accountId);
      if (accountId && (!user || user.accountType === "customer"))
        return jiraError(res, 400, [], { assignee: `User '${accountId}' cannot be assigned issues.` });
      issue.assignee = user ?? null;
      res.writeHead(204);
      return res.end();
    }
    if ((m = path.match(/^\/rest\/api\/3\/issue\/([^/]+)\/comment$/))) {
      const issue = findIssue(m[1]!);
      if (!issue) return notFound(res);
      if (method === "GET") {
        const comments = issue.comments.map(commentJson);
        return json(res, 200, { startAt: 0, maxResults: 100, total: comments.length, comments });
      }
      if (method === "POST") {
        if (issue.project === "ITS")
          return jiraError(res, 403, ["You do not have the permission to comment on this issue."]);
        const b = body(raw);
        const textBody = plain(b.body);
        if (!textBody) return jiraError(res, 400, [], { comment: "Comment body can not be empty!" });
        const comment: Comment = {
          id: String(nextComment++),
          author: USERS.dana!,
          body: textBody,
          created: "2026-12-07T09:30:00.000+0000",
          jsdPublic: !(b.properties as unknown[] | undefined)?.length,
        };
        issue.comments.push(comment);
        return json(res, 201, commentJson(comment));
      }
    }
    if ((m = path.match(/^\/rest\/api\/3\/issue\/([^/]+)\/transitions$/))) {
      const issue = findIssue(m[1]!);
      if (!issue) return notFound(res);
      if (method === "GET")
        return json(res, 200, {
          expand: "transitions",
          transitions: TRANSITIONS.filter((t) => t.to !== issue.status).map((t) => ({
            id: t.id,
            name: t.name,
            to: statusJson(t.to),
            hasScreen: false,
            isGlobal: false,
            isInitial: false,
            isAvailable: true,
            isConditional: false,
            isLooped: false,
          })),
        });
      if (method === "POST") {
        if (issue.project === "ITS")
          return jiraError(res, 403, ["You do not have permission to transition this issue."]);
        const id = String(((body(raw).transition ?? {}) as { id?: string }).id ?? "");
        const t = TRANSITIONS.find((x) => x.id === id && x.to !== issue.status);
        if (!t) return jiraError(res, 400, [`Transition id '${id}' is not valid for this issue.`]);
        issue.status = t.to;
        res.writeHead(204);
        return res.end();
      }
    }
    if ((m = path.match(/^\/rest\/api\/3\/issue\/([^/]+)\/(watchers|votes|remotelink|worklog|changelog)$/))) {
      const issue = findIssue(m[1]!);
      if (!issue) return notFound(res);
      if (m[2] === "watchers")
        return json(res, 200, {
          self: `${SITE}/rest/api/3/issue/${issue.key}/watchers`,
          isWatching: true,
          watchCount: 1,
          watchers: [userJson(USERS.dana!)],
        });
      if (m[2] === "changelog")
        return json(res, 200, { startAt: 0, maxResults: 100, total: 0, isLast: true, values: [] });
      if (m[2] === "worklog") return json(res, 200, { startAt: 0, maxResults: 5000, total: 0, worklogs: [] });
      return json(res, 200, []);
    }

    if (
      path === "/rest/api/3/filter/search" ||
      path === "/rest/api/3/filter/my" ||
      path === "/rest/api/3/filter/favourite"
    ) {
      const values = [
        {
          id: "10040",
          name: "HELP: waiting for support",
          jql: 'project = HELP AND status = "Waiting for support" ORDER BY created ASC',
        },
        {
          id: "10041",
          name: "HELP: my open requests",
          jql: "project = HELP AND assignee = currentUser() AND resolution = Unresolved",
        },
      ].map((f) => ({
        expand:
          "description,owner,jql,viewUrl,searchUrl,favourite,favouritedCount,sharePermissions,editPermissions,isWritable,subscriptions",
        self: `${SITE}/rest/api/3/filter/${f.id}`,
        id: f.id,
        name: f.name,
        owner: userJson(USERS.dana!),
        jql: f.jql,
        viewUrl: `${SITE}/issues/?filter=${f.id}`,
        searchUrl: `${SITE}/rest/api/3/search?jql=${encodeURIComponent(f.jql)}`,
        favourite: true,
        favouritedCount: 1,
        sharePermissions: [],
        isWritable: true,
      }));
      if (path !== "/rest/api/3/filter/search") return json(res, 200, values);
      return json(res, 200, {
        self: `${SITE}/rest/api/3/filter/search?maxResults=50&startAt=0`,
        maxResults: 50,
        startAt: 0,
        total: values.length,
        isLast: true,
        values,
      });
    }

    // Agile: a service desk project has queues, not boards.
    if (path === "/rest/agile/1.0/board")
      return json(res, 200, { maxResults: 50, startAt: 0, total: 0, isLast: true, values: [] });

    unknownRequests.push(`${label} ${method} ${path}${url.search}`);
    return jiraError(res, 404, ["null for uri: " + `${SITE}${path}`]);
  };
}

/** A path whose answer takes 15 s (the slow call). */
export const SLOW_ISSUE = "HELP-120";

function withSlow(label: string) {
  const inner = handler(label);
  return (req: http.IncomingMessage, url: URL, raw: string, res: http.ServerResponse) => {
    if (url.pathname.includes(SLOW_ISSUE)) return later(15_000, () => inner(req, url, raw, res));
    return inner(req, url, raw, res);
  };
}

export const jmcStandin = httpStandin(JMC_PORT, withSlow("jmc"));
export const jcmStandin = httpStandin(JCM_PORT, withSlow("jcm"));
export const ALL_STANDINS = [jmcStandin, jcmStandin];
