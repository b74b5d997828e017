// Loopback stand-ins for group r43-h.
//
// basecamp-mcp reaches Basecamp through basecamp-client, whose hosts are written into it: the OAuth refresh at
// https://launchpad.37signals.com/authorization/token and the API at https://3.basecampapi.com/<account>/….json.
// microsoft-todo-mcp-server calls https://graph.microsoft.com/v1.0/me/todo/… (and, to refresh a token,
// login.microsoftonline.com). Both use Node's built-in fetch, which proxy-preload.mjs routes through undici's
// ProxyAgent to a forward proxy here (one per service, so each can be taken down alone); the proxy terminates the
// CONNECT tunnel with the stand-in certificate, trusted by NODE_EXTRA_CA_CERTS. @alvincrave/gtasks-mcp calls
// https://tasks.googleapis.com/tasks/v1/… and refreshes at https://oauth2.googleapis.com/token through googleapis'
// gaxios, which follows HTTPS_PROXY by itself (a CONNECT to the third proxy here).
//
// README.md says where each body's shape comes from. `state` is switched by the sessions' hooks.

import type http from "node:http";
import {
  certificate,
  clearTimers,
  cloudflare502,
  forwardProxy,
  json,
  later,
  parse,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r43-h";

export const BASECAMP_PROXY_PORT = 45550;
export const GRAPH_PROXY_PORT = 45551;
export const GOOGLE_PROXY_PORT = 45552;

export const CERT = `${DATA}/standin-cert.pem`;
export const ensureCertificate = (): Certificate =>
  certificate(DATA, [
    "launchpad.37signals.com",
    "3.basecampapi.com",
    "graph.microsoft.com",
    "login.microsoftonline.com",
    "oauth2.googleapis.com",
    "tasks.googleapis.com",
  ]);

export const BASECAMP_ACCOUNT = "5481273";
export const BASECAMP_CLIENT_ID = "a41c7e0b95d2f3687e1c04ab9d52f6e3c8170b2d";
export const BASECAMP_CLIENT_SECRET = "6f0d3b81ce4a2957d0b6e18f3c7a9d24b5e06f1a";
export const BASECAMP_REFRESH =
  "BAhbB0kiAbB7ImNsaWVudF9pZCI6ImE0MWM3ZTBiOTVkMmYzNjg3ZTFjMDRhYjlkNTJmNmUzIn0GOgZFVEkiDHJlZnJlc2gGOwBU--9b2e4f";
export const BASECAMP_REKEYED =
  "BAhbB0kiAbB7ImNsaWVudF9pZCI6ImE0MWM3ZTBiOTVkMmYzNjg3ZTFjMDRhYjlkNTJmNmUzIn0GOgZFVEkiDHJldm9rZWQGOwBU--0c71a3";
const BASECAMP_ACCESS =
  "BAhbB0kiAbB7ImNsaWVudF9pZCI6ImE0MWM3ZTBiOTVkMmYzNjg3ZTFjMDRhYjlkNTJmNmUzIn0GOgZFVEkiDGFjY2VzcwY7AFQ--5d8e21";

export const GRAPH_TOKEN =
  "eyJ0eXAiOiJKV1QiLCJub25jZSI6IjB4cVJfM2tQIiwiYWxnIjoiUlMyNTYiLCJ4NXQiOiJMMUtmS0ZJX2puWGJ3V2MyMnhaeHc3MVNIdDQifQ.eyJhdWQiOiJodHRwczovL2dyYXBoLm1pY3Jvc29mdC5jb20iLCJzY3AiOiJUYXNrcy5SZWFkV3JpdGUgVXNlci5SZWFkIn0.c2lnbmF0dXJl";
export const GRAPH_REFRESH = "0.AXkAq2f8_Hr4XUuCqF1l3tYkR4Jm0-stand-in-refresh-token";

export const state = {
  bcTokenExpired: false,
  bcRateLimited: false,
  bcServerError: false,
  bcBadGateway: false,
  bcSlow: false,
  graphTokenExpired: false,
  graphRateLimited: false,
  graphBadGateway: false,
  graphSlow: false,
  gtRevoked: false,
  gtApiDisabled: false,
  gtRateLimited: false,
  gtServerError: false,
  gtBadGateway: false,
  gtSlow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ── Basecamp ───────────────────────────────────────────────────────────────────────────────────────────────────────

const BC_APP = `https://3.basecamp.com/${BASECAMP_ACCOUNT}`;
const BC_API = `https://3.basecampapi.com/${BASECAMP_ACCOUNT}`;

export const BC = {
  project: 31740296,
  secretProject: 31740411,
  todoset: 6398201574,
  todolist: 6398202210,
  todo: 6398204455,
  todoDone: 6398204461,
  missingTodo: 6398299999,
  missingList: 6398290000,
  me: 40811227,
  colleague: 40811388,
};

const person = (
  id: number,
  name: string,
  email: string,
  title: string,
  extra: Record<string, unknown> = {},
) => ({
  id,
  attachable_sgid: `BAh7CEkiCGdpZAY6BkVUSSIrZ2lkOi8vYmMzL1BlcnNvbi8${id}_sgid`,
  name,
  email_address: email,
  personable_type: "User",
  title,
  bio: null,
  location: "Lisbon",
  created_at: "2024-03-11T09:14:22.118Z",
  updated_at: "2026-11-30T16:02:47.503Z",
  admin: false,
  owner: false,
  client: false,
  employee: true,
  time_zone: "Europe/Lisbon",
  avatar_url: `https://bc3-production-assets-cdn.basecamp-static.com/${BASECAMP_ACCOUNT}/people/${id}/avatar-64-x4`,
  company: { id: 2290117, name: "Orla Studio" },
  can_manage_projects: true,
  can_manage_people: false,
  ...extra,
});

const ME = person(BC.me, "Inês Carvalho", "ines@orla.studio", "Operations lead", { admin: true });
const COLLEAGUE = person(BC.colleague, "Tomasz Wierzbicki", "tomasz@orla.studio", "Producer");

const bucket = (id: number, name: string) => ({ id, name, type: "Project" });

const dock = (project: number) => [
  {
    id: 6398201570,
    title: "Message Board",
    name: "message_board",
    enabled: true,
    position: 1,
    url: `${BC_API}/buckets/${project}/message_boards/6398201570.json`,
    app_url: `${BC_APP}/buckets/${project}/message_boards/6398201570`,
  },
  {
    id: BC.todoset,
    title: "To-dos",
    name: "todoset",
    enabled: true,
    position: 2,
    url: `${BC_API}/buckets/${project}/todosets/${BC.todoset}.json`,
    app_url: `${BC_APP}/buckets/${project}/todosets/${BC.todoset}`,
  },
  {
    id: 6398201581,
    title: "Docs & Files",
    name: "vault",
    enabled: true,
    position: 3,
    url: `${BC_API}/buckets/${project}/vaults/6398201581.json`,
    app_url: `${BC_APP}/buckets/${project}/vaults/6398201581`,
  },
  {
    id: 6398201588,
    title: "Card Table",
    name: "kanban_board",
    enabled: false,
    position: null,
    url: `${BC_API}/buckets/${project}/card_tables/6398201588.json`,
    app_url: `${BC_APP}/buckets/${project}/card_tables/6398201588`,
  },
];

const project = (id: number, name: string, description: string) => ({
  id,
  status: "active",
  created_at: "2026-09-02T08:40:11.204Z",
  updated_at: "2026-12-04T17:21:05.912Z",
  name,
  description,
  purpose: "topic",
  clients_enabled: false,
  bookmark_url: `${BC_API}/my/bookmarks/BAh7CEkiCGdpZAY6BkVU--${id}.json`,
  url: `${BC_API}/projects/${id}.json`,
  app_url: `${BC_APP}/projects/${id}`,
  dock: dock(id),
  bookmarked: false,
});

const PROJECTS = [
  project(
    BC.project,
    "Spring catalogue shoot",
    "Studio shoot for the 2027 spring catalogue: crew, props, retouching.",
  ),
  project(31740352, "Website relaunch", "New orla.studio with the portfolio CMS."),
];

const todo = (id: number, content: string, extra: Record<string, unknown> = {}) => ({
  id,
  status: "active",
  visible_to_clients: false,
  created_at: "2026-11-18T10:02:33.417Z",
  updated_at: "2026-12-03T14:45:09.220Z",
  title: content,
  inherits_status: true,
  type: "Todo",
  url: `${BC_API}/buckets/${BC.project}/todos/${id}.json`,
  app_url: `${BC_APP}/buckets/${BC.project}/todos/${id}`,
  bookmark_url: `${BC_API}/my/bookmarks/BAh7CEkiCGdpZAY6BkVU--${id}.json`,
  subscription_url: `${BC_API}/buckets/${BC.project}/recordings/${id}/subscription.json`,
  comments_count: 0,
  comments_url: `${BC_API}/buckets/${BC.project}/recordings/${id}/comments.json`,
  position: 1,
  parent: {
    id: BC.todolist,
    title: "Pre-production",
    type: "Todolist",
    url: `${BC_API}/buckets/${BC.project}/todolists/${BC.todolist}.json`,
    app_url: `${BC_APP}/buckets/${BC.project}/todolists/${BC.todolist}`,
  },
  bucket: bucket(BC.project, "Spring catalogue shoot"),
  creator: ME,
  description: "",
  completed: false,
  content,
  starts_on: null,
  due_on: null,
  assignees: [],
  completion_subscribers: [],
  completion_url: `${BC_API}/buckets/${BC.project}/todos/${id}/completion.json`,
  ...extra,
});

const TODOS = new Map<number, ReturnType<typeof todo>>([
  [
    BC.todo,
    todo(BC.todo, "Confirm studio booking for 14–16 January", {
      description: "<div>Studio 2 at Armazém 16, with the cyclorama.</div>",
      due_on: "2026-12-11",
      assignees: [ME],
      comments_count: 2,
    }),
  ],
  [
    6398204458,
    todo(6398204458, "Shortlist three stylists", {
      position: 2,
      assignees: [COLLEAGUE],
      due_on: "2026-12-15",
    }),
  ],
  [6398204459, todo(6398204459, "Props list from the moodboard", { position: 3 })],
  [6398204460, todo(6398204460, "Model release forms", { position: 4, assignees: [COLLEAGUE] })],
  [BC.todoDone, todo(BC.todoDone, "Send crew call sheet", { position: 5, completed: true })],
]);

const TODOLISTS = [
  {
    id: BC.todolist,
    status: "active",
    created_at: "2026-11-18T09:58:40.101Z",
    updated_at: "2026-12-03T14:45:09.220Z",
    title: "Pre-production",
    type: "Todolist",
    position: 1,
    parent: { id: BC.todoset, title: "To-dos", type: "Todoset" },
    bucket: bucket(BC.project, "Spring catalogue shoot"),
    creator: ME,
    description: "",
    completed: false,
    completed_ratio: "1/5",
    name: "Pre-production",
    url: `${BC_API}/buckets/${BC.project}/todolists/${BC.todolist}.json`,
    app_url: `${BC_APP}/buckets/${BC.project}/todolists/${BC.todolist}`,
    todos_url: `${BC_API}/buckets/${BC.project}/todolists/${BC.todolist}/todos.json`,
    groups_url: `${BC_API}/buckets/${BC.project}/todolists/${BC.todolist}/groups.json`,
    app_todos_url: `${BC_APP}/buckets/${BC.project}/todolists/${BC.todolist}/todos`,
  },
  {
    id: 6398202288,
    status: "active",
    created_at: "2026-11-18T10:11:02.553Z",
    updated_at: "2026-11-18T10:11:02.553Z",
    title: "Shoot days",
    type: "Todolist",
    position: 2,
    parent: { id: BC.todoset, title: "To-dos", type: "Todoset" },
    bucket: bucket(BC.project, "Spring catalogue shoot"),
    creator: ME,
    description: "",
    completed: false,
    completed_ratio: "0/0",
    name: "Shoot days",
    url: `${BC_API}/buckets/${BC.project}/todolists/6398202288.json`,
    app_url: `${BC_APP}/buckets/${BC.project}/todolists/6398202288`,
    todos_url: `${BC_API}/buckets/${BC.project}/todolists/6398202288/todos.json`,
    groups_url: `${BC_API}/buckets/${BC.project}/todolists/6398202288/groups.json`,
    app_todos_url: `${BC_APP}/buckets/${BC.project}/todolists/6398202288/todos`,
  },
];

const TODOSET = {
  id: BC.todoset,
  status: "active",
  visible_to_clients: false,
  created_at: "2026-09-02T08:40:11.310Z",
  updated_at: "2026-12-03T14:45:09.220Z",
  title: "To-dos",
  inherits_status: true,
  type: "Todoset",
  url: `${BC_API}/buckets/${BC.project}/todosets/${BC.todoset}.json`,
  app_url: `${BC_APP}/buckets/${BC.project}/todosets/${BC.todoset}`,
  bookmark_url: `${BC_API}/my/bookmarks/BAh7CEkiCGdpZAY6BkVU--${BC.todoset}.json`,
  position: 2,
  bucket: bucket(BC.project, "Spring catalogue shoot"),
  creator: ME,
  completed: false,
  completed_ratio: "1/5",
  name: "To-dos",
  todolists_count: 2,
  todolists_url: `${BC_API}/buckets/${BC.project}/todosets/${BC.todoset}/todolists.json`,
  app_todoslists_url: `${BC_APP}/buckets/${BC.project}/todosets/${BC.todoset}/todolists`,
};

const comment = (id: number, author: typeof ME, content: string, at: string) => ({
  id,
  status: "active",
  visible_to_clients: false,
  created_at: at,
  updated_at: at,
  title: "Re: Confirm studio booking for 14–16 January",
  inherits_status: true,
  type: "Comment",
  url: `${BC_API}/buckets/${BC.project}/comments/${id}.json`,
  app_url: `${BC_APP}/buckets/${BC.project}/todos/${BC.todo}#__recording_${id}`,
  parent: { id: BC.todo, title: "Confirm studio booking for 14–16 January", type: "Todo" },
  bucket: bucket(BC.project, "Spring catalogue shoot"),
  creator: author,
  content,
});

const COMMENTS = [
  comment(
    6401177203,
    COLLEAGUE,
    "<div>They can hold it until Friday without a deposit.</div>",
    "2026-12-02T11:20:41.006Z",
  ),
  comment(
    6401180552,
    ME,
    "<div>Good, I'll confirm on Thursday once the budget is signed.</div>",
    "2026-12-02T11:34:15.771Z",
  ),
];

// Basecamp answers errors as {"status": <n>, "error": "<reason phrase>"} (bc-api issue #110 quotes the 404).
const bcError = (
  res: http.ServerResponse,
  status: number,
  error: string,
  headers: Record<string, string> = {},
) => json(res, status, { status, error }, headers);

let bc429Left = 0;

function basecampApi(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  if (state.bcSlow) return later(15000, () => json(res, 200, PROJECTS));
  if (state.bcBadGateway) {
    return text(
      res,
      502,
      "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>\n",
      "text/html",
    );
  }
  if (state.bcServerError)
    return bcError(res, 500, "Internal Server Error", {
      "x-request-id": "4c1f0e8a-9b2d-4e37-a5c6-1d8f3b7e2a90",
    });
  if (state.bcTokenExpired || req.headers.authorization !== `Bearer ${BASECAMP_ACCESS}`) {
    // bc-api issue #48: an expired access token.
    return json(
      res,
      401,
      {
        error:
          'OAuth token expired (old age). Refresh your token or acquire a new one at <a href="https://launchpad.37signals.com/authorization/new">https://launchpad.37signals.com/authorization/new</a>',
      },
      { "www-authenticate": 'Bearer realm="Basecamp", error="invalid_token", error_description="expired"' },
    );
  }
  if (state.bcRateLimited && bc429Left > 0) {
    bc429Left -= 1;
    return text(res, 429, "Too Many Requests\n", "text/plain", { "retry-after": "1" });
  }
  const prefix = `/${BASECAMP_ACCOUNT}`;
  if (!url.pathname.startsWith(prefix)) return bcError(res, 404, "Not Found");
  const p = url.pathname.slice(prefix.length).replace(/\.json$/, "");
  const page = Number(url.searchParams.get("page") ?? "1");

  if (method === "GET" && p === "/my/profile") return json(res, 200, ME);
  if (method === "GET" && p === "/projects") return json(res, 200, page > 1 ? [] : PROJECTS);
  let m = /^\/projects\/(\d+)$/.exec(p);
  if (m && method === "GET") {
    const found = PROJECTS.find((x) => x.id === Number(m![1]));
    if (Number(m[1]) === BC.secretProject) return bcError(res, 403, "Forbidden");
    if (!found) return bcError(res, 404, "Not Found");
    return json(res, 200, found);
  }
  m = /^\/buckets\/(\d+)\/todosets\/(\d+)(\/todolists)?$/.exec(p);
  if (m && method === "GET") {
    if (Number(m[1]) !== BC.project || Number(m[2]) !== BC.todoset) return bcError(res, 404, "Not Found");
    return json(res, 200, m[3] ? TODOLISTS : TODOSET);
  }
  m = /^\/buckets\/(\d+)\/todolists\/(\d+)\/todos$/.exec(p);
  if (m) {
    const list = TODOLISTS.find((x) => x.id === Number(m![2]));
    if (Number(m[1]) !== BC.project || !list) return bcError(res, 404, "Not Found");
    if (method === "GET") {
      const completed = url.searchParams.get("completed") === "true";
      const all = list.id === BC.todolist ? [...TODOS.values()].filter((t) => t.completed === completed) : [];
      // Basecamp pages its collections with a Link header (bc3-api README, "Pagination"); three to a page here.
      const chunk = all.slice((page - 1) * 3, page * 3);
      const headers: Record<string, string> = { "x-total-count": String(all.length) };
      if (page * 3 < all.length) {
        headers.link = `<${BC_API}${p}.json?page=${page + 1}${completed ? "&completed=true" : ""}>; rel="next"`;
      }
      return json(res, 200, chunk, headers);
    }
    if (method === "POST") {
      const input = parse(body) as { content?: string; description?: string; assignee_ids?: number[] };
      const created = todo(6398215530, input.content ?? "", {
        description: input.description ?? "",
        assignees: (input.assignee_ids ?? []).map((id) => (id === BC.me ? ME : COLLEAGUE)),
        created_at: "2026-12-07T15:12:40.331Z",
        updated_at: "2026-12-07T15:12:40.331Z",
        position: 6,
      });
      return json(res, 201, created);
    }
  }
  m = /^\/buckets\/(\d+)\/todos\/(\d+)(\/completion)?$/.exec(p);
  if (m) {
    const found = TODOS.get(Number(m[2]));
    if (Number(m[1]) !== BC.project || !found) return bcError(res, 404, "Not Found");
    if (m[3] && (method === "POST" || method === "DELETE")) {
      res.writeHead(204);
      return res.end();
    }
    if (!m[3] && method === "GET") return json(res, 200, found);
    if (!m[3] && method === "PUT") {
      const input = parse(body) as { content?: string; description?: string };
      return json(res, 200, {
        ...found,
        content: input.content ?? found.content,
        title: input.content ?? found.content,
        description: input.description ?? found.description,
        updated_at: "2026-12-07T15:14:02.918Z",
      });
    }
  }
  m = /^\/buckets\/(\d+)\/recordings\/(\d+)\/comments$/.exec(p);
  if (m) {
    if (Number(m[1]) !== BC.project || !TODOS.has(Number(m[2]))) return bcError(res, 404, "Not Found");
    if (method === "GET") return json(res, 200, Number(m[2]) === BC.todo ? COMMENTS : []);
    if (method === "POST") {
      const input = parse(body) as { content?: string };
      return json(res, 201, comment(6401203318, ME, input.content ?? "", "2026-12-07T15:16:27.540Z"));
    }
  }
  unknownRequests.push(`basecamp ${method} ${url.pathname}`);
  return bcError(res, 404, "Not Found");
}

function basecamp(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  seen.push(`basecamp ${method} ${url.host}${url.pathname}${url.search}`);
  if (
    url.host === "launchpad.37signals.com" &&
    url.pathname === "/authorization/token" &&
    method === "POST"
  ) {
    const input = parse(body) as Record<string, string>;
    if (input.client_id !== BASECAMP_CLIENT_ID || input.client_secret !== BASECAMP_CLIENT_SECRET) {
      return json(res, 401, { error: "invalid_client" });
    }
    if (input.refresh_token !== BASECAMP_REFRESH) {
      // bc-api issue #199: the body Launchpad answers once the user's password was reset.
      return text(res, 401, "This Basecamp ID rekeyed its deadbolt.", "text/plain; charset=utf-8");
    }
    return json(res, 200, { access_token: BASECAMP_ACCESS, expires_in: 1209600 });
  }
  if (url.host === "3.basecampapi.com") return basecampApi(req, url, body, res);
  unknownRequests.push(`basecamp ${method} ${url.host}${url.pathname}`);
  return text(res, 404, "Not Found");
}

/** The next `n` Basecamp API requests are answered 429 with Retry-After: 1. */
export function basecampRateLimit(n: number) {
  bc429Left = n;
}

// ── Microsoft To Do (Microsoft Graph) ──────────────────────────────────────────────────────────────────────────────

export const LISTS = {
  tasks: "AAMkAGI2TGuLAAA=",
  work: "AAMkADQ1ZjE3MjQ0LWE2ZTctNDc4Yy1iNWIyLTA0YjM4NDQ1MTdlZQAuAAAAAAC8bbiLO7xOQ5sCyPCExjWjAQBDDgJ3xnAAAA=",
  archive:
    "AAMkADQ1ZjE3MjQ0LWE2ZTctNDc4Yy1iNWIyLTA0YjM4NDQ1MTdlZQAuAAAAAAC8bbiLO7xOQ5sCyPCExjWjAQBDDgJ3xnAAAB=",
  shopping:
    "AAMkADQ1ZjE3MjQ0LWE2ZTctNDc4Yy1iNWIyLTA0YjM4NDQ1MTdlZQAuAAAAAAC8bbiLO7xOQ5sCyPCExjWjAQBDDgJ3xnAAAC=",
  gone: "AAMkADQ1ZjE3MjQ0LWE2ZTctNDc4Yy1iNWIyLTA0YjM4NDQ1MTdlZQAuAAAAAAC8bbiLO7xOQ5sCyPCExjWjAQBDDgJ3xnAAAZ=",
};

export const TASKS = {
  quarterly: "AAkALgAAAAAAHYQDEapmEc2byACqAC-EWg0AQw4Cd8ZwAAAAAAEgAAA=",
  vendor: "AAkALgAAAAAAHYQDEapmEc2byACqAC-EWg0AQw4Cd8ZwAAAAAAEhAAA=",
  offsite: "AAkALgAAAAAAHYQDEapmEc2byACqAC-EWg0AQw4Cd8ZwAAAAAAEiAAA=",
  doneOld1: "AAkALgAAAAAAHYQDEapmEc2byACqAC-EWg0AQw4Cd8ZwAAAAAAEjAAA=",
  doneOld2: "AAkALgAAAAAAHYQDEapmEc2byACqAC-EWg0AQw4Cd8ZwAAAAAAEkAAA=",
  doneOld3: "AAkALgAAAAAAHYQDEapmEc2byACqAC-EWg0AQw4Cd8ZwAAAAAAElAAA=",
};

const GRAPH = "https://graph.microsoft.com/v1.0";
const USER = "1f8c3e5a-7b2d-4c9e-8a61-0d5f4b3c2e17";

const list = (id: string, displayName: string, extra: Record<string, unknown> = {}) => ({
  "@odata.etag": `W/"QEkMjnfGcAAAAAAA${displayName.length}=="`,
  displayName,
  isOwner: true,
  isShared: false,
  wellknownListName: "none",
  id,
  ...extra,
});

const LIST_ROWS = [
  list(LISTS.tasks, "Tasks", { wellknownListName: "defaultList" }),
  list(LISTS.work, "Work – Q1 planning", { isShared: true }),
  list(LISTS.archive, "📦 Archive"),
  list(LISTS.shopping, "🛒 Groceries", { isShared: true, isOwner: false }),
];

const task = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  "@odata.etag": `W/"QEkMjnfGcAAAAAAAK${title.length}=="`,
  importance: "normal",
  isReminderOn: false,
  status: "notStarted",
  title,
  createdDateTime: "2026-11-24T09:12:40.4402146Z",
  lastModifiedDateTime: "2026-12-04T15:30:12.0871935Z",
  hasAttachments: false,
  categories: [],
  id,
  body: { content: "", contentType: "text" },
  ...extra,
});

const due = (day: string) => ({ dateTime: `${day}T00:00:00.0000000`, timeZone: "UTC" });

const OPEN_TASKS = [
  task(TASKS.quarterly, "Draft Q1 headcount plan", {
    importance: "high",
    dueDateTime: due("2026-12-11"),
    categories: ["Planning"],
    body: {
      content: "Numbers from finance are in the shared sheet; align with the hiring freeze note.",
      contentType: "text",
    },
  }),
  task(TASKS.vendor, "Renew the design-tool licences", { dueDateTime: due("2026-12-18") }),
  task(TASKS.offsite, "Book the January offsite venue", { status: "inProgress", categories: ["Events"] }),
];

const completed = (id: string, title: string, day: string) =>
  task(id, title, {
    status: "completed",
    completedDateTime: { dateTime: `${day}T17:05:00.0000000`, timeZone: "UTC" },
    lastModifiedDateTime: `${day}T17:05:00.1290451Z`,
  });

const DONE_TASKS = [
  completed(TASKS.doneOld1, "Close out the Q3 vendor invoices", "2026-09-30"),
  completed(TASKS.doneOld2, "Collect Q3 OKR scores", "2026-10-08"),
  completed(TASKS.doneOld3, "Retire the old onboarding checklist", "2026-10-15"),
];

const CHECKLIST = [
  {
    displayName: "Pull current org chart",
    createdDateTime: "2026-11-24T09:13:02.5516611Z",
    checkedDateTime: "2026-11-26T10:01:44.0000000Z",
    isChecked: true,
    id: "0a51f9b6-4d2c-4e58-9c1d-7b3e2f6a8d40",
  },
  {
    displayName: "Ask each lead for open reqs",
    createdDateTime: "2026-11-24T09:13:19.0937164Z",
    isChecked: false,
    id: "5c8e2d17-93ab-4f60-b2e4-1a7d9c3f5e82",
  },
];

function graphError(
  res: http.ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) {
  // Microsoft Graph's error resource: {"error": {"code", "message", "innerError": {…}}} (Graph docs, "Error responses").
  json(
    res,
    status,
    {
      error: {
        code,
        message,
        innerError: {
          date: "2026-12-07T15:20:00",
          "request-id": "7e2b4c91-5d3a-4f08-b6e1-2c9a8f0d3b57",
          "client-request-id": "7e2b4c91-5d3a-4f08-b6e1-2c9a8f0d3b57",
        },
      },
    },
    { "request-id": "7e2b4c91-5d3a-4f08-b6e1-2c9a8f0d3b57", ...headers },
  );
}

const NOT_FOUND = "The specified object was not found in the store.";
let archivePosts = 0;

function graphApi(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  if (state.graphSlow) return later(15000, () => json(res, 200, { value: [] }));
  if (state.graphBadGateway) {
    return text(
      res,
      502,
      cloudflare502("graph.microsoft.com", "8f3d1c7a2e9b4f60"),
      "text/html; charset=UTF-8",
    );
  }
  if (state.graphTokenExpired || req.headers.authorization !== `Bearer ${GRAPH_TOKEN}`) {
    return graphError(
      res,
      401,
      "InvalidAuthenticationToken",
      "Lifetime validation failed, the token is expired.",
      {
        "www-authenticate":
          'Bearer realm="", authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize", client_id="00000003-0000-0000-c000-000000000000"',
      },
    );
  }
  if (state.graphRateLimited) {
    return graphError(res, 429, "TooManyRequests", "Too Many Requests", { "retry-after": "10" });
  }
  const p = decodeURIComponent(url.pathname.replace(/^\/v1\.0/, ""));
  const base = `${GRAPH}/$metadata#users('${USER}')/todo`;
  if (method === "GET" && p === "/me") {
    return json(res, 200, {
      "@odata.context": `${GRAPH}/$metadata#users/$entity`,
      businessPhones: [],
      displayName: "Maren Holt",
      givenName: "Maren",
      jobTitle: "Chief of Staff",
      mail: "maren.holt@fjordline-analytics.com",
      mobilePhone: null,
      officeLocation: "Bergen",
      preferredLanguage: "en-US",
      surname: "Holt",
      userPrincipalName: "maren.holt@fjordline-analytics.com",
      id: USER,
    });
  }
  if (p === "/me/todo/lists") {
    if (method === "GET") return json(res, 200, { "@odata.context": `${base}/lists`, value: LIST_ROWS });
    if (method === "POST") {
      const input = parse(body) as { displayName?: string };
      return json(res, 201, {
        "@odata.context": `${base}/lists/$entity`,
        ...list(
          "AAMkADQ1ZjE3MjQ0LWE2ZTctNDc4Yy1iNWIyLTA0YjM4NDQ1MTdlZQAuAAAAAAC8bbiLO7xOQ5sCyPCExjWjAQBDDgJ3xnAAAD=",
          input.displayName ?? "",
        ),
      });
    }
  }
  let m = /^\/me\/todo\/lists\/([^/]+)$/.exec(p);
  if (m) {
    const found = LIST_ROWS.find((x) => x.id === m![1]);
    if (!found) return graphError(res, 404, "ErrorItemNotFound", NOT_FOUND);
    if (method === "DELETE") {
      res.writeHead(204);
      return res.end();
    }
    if (method === "GET") return json(res, 200, { "@odata.context": `${base}/lists/$entity`, ...found });
  }
  m = /^\/me\/todo\/lists\/([^/]+)\/tasks$/.exec(p);
  if (m) {
    const found = LIST_ROWS.find((x) => x.id === m![1]);
    if (!found) return graphError(res, 404, "ErrorItemNotFound", NOT_FOUND);
    if (method === "GET") {
      const filter = url.searchParams.get("$filter");
      let rows: unknown[] = [];
      if (found.id === LISTS.work) rows = filter === "status eq 'completed'" ? DONE_TASKS : OPEN_TASKS;
      if (filter && filter !== "status eq 'completed'" && filter !== "status ne 'completed'") {
        return graphError(res, 400, "invalidRequest", "Invalid filter clause");
      }
      if (filter === "status eq 'completed'" && found.id !== LISTS.work) rows = [];
      return json(res, 200, { "@odata.context": `${base}/lists('${found.id}')/tasks`, value: rows });
    }
    if (method === "POST") {
      const input = parse(body) as Record<string, unknown>;
      if (found.id === LISTS.archive) {
        archivePosts += 1;
        // The second copy of the archive run meets Graph's throttling (Graph docs, "Throttling").
        if (archivePosts === 2)
          return graphError(res, 429, "TooManyRequests", "Too Many Requests", { "retry-after": "3" });
      }
      return json(res, 201, {
        "@odata.context": `${base}/lists('${found.id}')/tasks/$entity`,
        ...task(
          `AAkALgAAAAAAHYQDEapmEc2byACqAC-EWg0AQw4Cd8ZwAAAAAAF${archivePosts}AAA=`,
          String(input.title ?? ""),
          {
            ...input,
            createdDateTime: "2026-12-07T15:22:10.1180427Z",
            lastModifiedDateTime: "2026-12-07T15:22:10.1180427Z",
          },
        ),
      });
    }
  }
  m = /^\/me\/todo\/lists\/([^/]+)\/tasks\/([^/]+)(\/checklistItems)?$/.exec(p);
  if (m) {
    const found = LIST_ROWS.find((x) => x.id === m![1]);
    const row = [...OPEN_TASKS, ...DONE_TASKS].find((t) => t.id === m![2]);
    if (!found || !row || found.id !== LISTS.work)
      return graphError(res, 404, "ErrorItemNotFound", NOT_FOUND);
    if (!m[3]) {
      if (method === "GET")
        return json(res, 200, { "@odata.context": `${base}/lists('${found.id}')/tasks/$entity`, ...row });
      if (method === "PATCH") {
        const input = parse(body) as Record<string, unknown>;
        return json(res, 200, {
          "@odata.context": `${base}/lists('${found.id}')/tasks/$entity`,
          ...row,
          ...input,
          ...(input.status === "completed"
            ? { completedDateTime: { dateTime: "2026-12-07T00:00:00.0000000", timeZone: "UTC" } }
            : {}),
          lastModifiedDateTime: "2026-12-07T15:23:41.6672039Z",
        });
      }
      if (method === "DELETE") {
        res.writeHead(204);
        return res.end();
      }
    } else {
      if (method === "GET") {
        return json(res, 200, {
          "@odata.context": `${base}/lists('${found.id}')/tasks('${row.id}')/checklistItems`,
          value: row.id === TASKS.quarterly ? CHECKLIST : [],
        });
      }
      if (method === "POST") {
        const input = parse(body) as { displayName?: string; isChecked?: boolean };
        return json(res, 201, {
          "@odata.context": `${base}/lists('${found.id}')/tasks('${row.id}')/checklistItems/$entity`,
          displayName: input.displayName ?? "",
          createdDateTime: "2026-12-07T15:24:05.3391228Z",
          isChecked: input.isChecked ?? false,
          id: "e4b7a2c9-1f63-4d85-a0e2-6c9b3d8f1a74",
        });
      }
    }
  }
  unknownRequests.push(`graph ${method} ${url.pathname}`);
  return json(res, 400, {
    error: { code: "BadRequest", message: `Resource not found for the segment '${p.split("/").pop()}'.` },
  });
}

function graph(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  seen.push(`graph ${method} ${url.host}${url.pathname}${url.search}`);
  if (url.host === "graph.microsoft.com") return graphApi(req, url, body, res);
  if (url.host === "login.microsoftonline.com") {
    // AADSTS: a refresh token whose grant was revoked (Microsoft identity platform's error response).
    return json(res, 400, {
      error: "invalid_grant",
      error_description:
        "AADSTS70008: The provided authorization code or refresh token has expired due to inactivity.",
      error_codes: [70008],
    });
  }
  unknownRequests.push(`graph ${method} ${url.host}${url.pathname}`);
  return text(res, 404, "Not Found");
}

// ── Google Tasks ───────────────────────────────────────────────────────────────────────────────────────────────────

export const GOOGLE_CLIENT_ID = "318846201734-5k2q9v7lq0d3f8h1m6n4p2r7s9t0u1vb.apps.googleusercontent.com";
export const GOOGLE_CLIENT_SECRET = "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";
export const GOOGLE_REFRESH = "1//09stand-in-refresh-token-Cg8YIARAAGAkSNwF-L9IrQx2mV";
const GOOGLE_ACCESS = "ya29.a0AfB_byStandInAccessTokenForTheCaptureOnly0171";

export const GT = {
  work: "MDk1NjQxNTgzNDc4MzE3NjQwMzY6MDow",
  home: "MDk1NjQxNTgzNDc4MzE3NjQwMzY6NTgxMjQ3MDk5OjA",
  someday: "MDk1NjQxNTgzNDc4MzE3NjQwMzY6NzcwMTQ1MjIxOjA",
  goneList: "MDk1NjQxNTgzNDc4MzE3NjQwMzY6OTk5OTk5OTk5OjA",
  report: "Y2xkVDZ0Y3VfN1JwbWVxVg",
  figures: "WXVNN2dXbzZyTjNwSzFxVA",
  review: "Qk9aR3ZqUmtTbTlUbjJ3Sw",
  invoices: "VHhMNHJwWjhZbmNROVBqRw",
  gone: "ZGVsZXRlZFRhc2tJZDAwMQ",
};

const TASKS_API = "https://www.googleapis.com/tasks/v1";

const tasklist = (id: string, title: string, updated: string) => ({
  kind: "tasks#taskList",
  id,
  etag: `"LTExNzg${id.slice(-6)}"`,
  title,
  updated,
  selfLink: `${TASKS_API}/users/@me/lists/${id}`,
});

const GT_LISTS = [
  tasklist(GT.work, "Work", "2026-12-06T18:02:11.774Z"),
  tasklist(GT.home, "Home", "2026-12-05T08:40:52.103Z"),
  tasklist(GT.someday, "Someday", "2026-11-02T21:15:30.000Z"),
];

const gtask = (
  list: string,
  id: string,
  title: string,
  position: string,
  extra: Record<string, unknown> = {},
) => ({
  kind: "tasks#task",
  id,
  etag: `"MTc2NTA${id.slice(0, 6)}"`,
  title,
  updated: "2026-12-06T18:02:11.000Z",
  selfLink: `${TASKS_API}/lists/${list}/tasks/${id}`,
  position,
  status: "needsAction",
  links: [],
  webViewLink: `https://tasks.google.com/task/${id}?sa=6`,
  ...extra,
});

const GT_TASKS: Record<string, ReturnType<typeof gtask>[]> = {
  [GT.work]: [
    gtask(GT.work, GT.report, "Year-end report for the board", "00000000000000000000", {
      due: "2026-12-18T00:00:00.000Z",
      notes: "Outline agreed on the 2 Dec call.",
    }),
    gtask(GT.work, GT.figures, "Pull the Q4 figures", "00000000000000000000", { parent: GT.report }),
    gtask(GT.work, GT.review, "Ask Lena to review the draft", "00000000000000000001", { parent: GT.report }),
    gtask(GT.work, GT.invoices, "Chase the two open invoices", "00000000000000000001", {
      due: "2026-12-09T00:00:00.000Z",
      notes: "Invoices 2026-118 and 2026-121.",
    }),
  ],
  [GT.home]: [
    gtask(GT.home, "cUtBbm9ZZHdQZzJ4", "Renew the car insurance", "00000000000000000000", {
      due: "2026-12-31T00:00:00.000Z",
      notes: "Compare the two quotes; the old invoice is in the drive.",
    }),
  ],
  [GT.someday]: [],
};

// Google's JSON error envelope (Google API design guide, "Errors"; the Tasks API answers in the same shape).
function googleError(
  res: http.ServerResponse,
  code: number,
  status: string,
  message: string,
  reason: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  json(
    res,
    code,
    { error: { code, message, errors: [{ message, domain: "global", reason }], status, ...extra } },
    headers,
  );
}

const gNotFound = (res: http.ServerResponse) =>
  googleError(res, 404, "NOT_FOUND", "Requested entity was not found.", "notFound");

function googleTasksApi(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  if (state.gtSlow) return later(15000, () => json(res, 200, { kind: "tasks#taskLists", items: GT_LISTS }));
  if (state.gtBadGateway) {
    return text(
      res,
      502,
      `<!DOCTYPE html>\n<html lang=en>\n  <meta charset=utf-8>\n  <title>Error 502 (Server Error)!!1</title>\n  <p><b>502.</b> <ins>That’s an error.</ins>\n  <p>The server encountered a temporary error and could not complete your request.<p>Please try again in 30 seconds.  <ins>That’s all we know.</ins>\n`,
      "text/html; charset=UTF-8",
    );
  }
  if (state.gtRevoked || req.headers.authorization !== `Bearer ${GOOGLE_ACCESS}`) {
    return googleError(
      res,
      401,
      "UNAUTHENTICATED",
      "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
      "authError",
      {},
      { "www-authenticate": 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
    );
  }
  if (state.gtApiDisabled) {
    return googleError(
      res,
      403,
      "PERMISSION_DENIED",
      "Google Tasks API has not been used in project 318846201734 before or it is disabled. Enable it by visiting https://console.developers.google.com/apis/api/tasks.googleapis.com/overview?project=318846201734 then retry. If you enabled this API recently, wait a few minutes for the action to propagate to our systems and retry.",
      "accessNotConfigured",
      {
        details: [
          {
            "@type": "type.googleapis.com/google.rpc.ErrorInfo",
            reason: "SERVICE_DISABLED",
            domain: "googleapis.com",
            metadata: { service: "tasks.googleapis.com", consumer: "projects/318846201734" },
          },
        ],
      },
    );
  }
  if (state.gtRateLimited) {
    return googleError(
      res,
      429,
      "RESOURCE_EXHAUSTED",
      "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute per user' of service 'tasks.googleapis.com' for consumer 'project_number:318846201734'.",
      "rateLimitExceeded",
    );
  }
  if (state.gtServerError) {
    return googleError(res, 500, "INTERNAL", "Internal error encountered.", "backendError");
  }
  const p = url.pathname.replace(/^\/tasks\/v1/, "");
  if (method === "GET" && p === "/users/@me/lists")
    return json(res, 200, { kind: "tasks#taskLists", etag: '"MTc2NTA0MDkzMQ"', items: GT_LISTS });
  let m = /^\/lists\/([^/]+)\/tasks$/.exec(p);
  if (m) {
    const listId = m[1] ?? "";
    const rows = GT_TASKS[listId];
    if (!rows) return gNotFound(res);
    if (method === "GET") {
      return json(res, 200, {
        kind: "tasks#tasks",
        etag: '"LTE3MjQ5"',
        ...(rows.length ? { items: rows } : {}),
      });
    }
    if (method === "POST") {
      const input = parse(body) as Record<string, unknown>;
      return json(
        res,
        200,
        gtask(listId, "bmV3VGFza0lkMDAwMQ", String(input.title ?? ""), "00000000000000000002", input),
      );
    }
  }
  m = /^\/lists\/([^/]+)\/clear$/.exec(p);
  if (m && method === "POST") {
    if (!GT_TASKS[m[1] ?? ""]) return gNotFound(res);
    res.writeHead(204);
    return res.end();
  }
  m = /^\/lists\/([^/]+)\/tasks\/([^/]+)(\/move)?$/.exec(p);
  if (m) {
    const taskId = m[2];
    const row = GT_TASKS[m[1] ?? ""]?.find((t) => t.id === taskId);
    if (!row) return gNotFound(res);
    if (m[3] && method === "POST") {
      const parent = url.searchParams.get("parent");
      return json(res, 200, { ...row, ...(parent ? { parent } : {}), position: "00000000000000000002" });
    }
    if (method === "PATCH") return json(res, 200, { ...row, ...(parse(body) as Record<string, unknown>) });
    if (method === "DELETE") {
      res.writeHead(204);
      return res.end();
    }
    if (method === "GET") return json(res, 200, row);
  }
  unknownRequests.push(`google ${method} ${url.pathname}`);
  return gNotFound(res);
}

function google(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  seen.push(`google ${method} ${url.host}${url.pathname}${url.search}`);
  if (url.host === "oauth2.googleapis.com" && url.pathname === "/token") {
    const input = parse(body) as Record<string, string>;
    if (state.gtRevoked || input.refresh_token !== GOOGLE_REFRESH) {
      // Google's OAuth 2.0 endpoint for a refresh token that was revoked or expired.
      return json(res, 400, {
        error: "invalid_grant",
        error_description: "Token has been expired or revoked.",
      });
    }
    return json(res, 200, {
      access_token: GOOGLE_ACCESS,
      expires_in: 3599,
      scope: "https://www.googleapis.com/auth/tasks",
      token_type: "Bearer",
    });
  }
  if (url.host === "tasks.googleapis.com") return googleTasksApi(req, url, body, res);
  unknownRequests.push(`google ${method} ${url.host}${url.pathname}`);
  return text(res, 404, "Not Found");
}

export const basecampProxy = forwardProxy(BASECAMP_PROXY_PORT, ensureCertificate, basecamp);
export const graphProxy = forwardProxy(GRAPH_PROXY_PORT, ensureCertificate, graph);
export const googleProxy = forwardProxy(GOOGLE_PROXY_PORT, ensureCertificate, google);
export const ALL_STANDINS = [basecampProxy, graphProxy, googleProxy];
