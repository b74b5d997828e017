// Loopback stand-ins for the APIs behind this group's servers, answering with the real APIs' bodies
// and error bodies: Todoist's unified API v1 (/api/v1), a Freshdesk helpdesk (/api/v2, over https
// with a self-signed certificate: the server builds https://<FRESHDESK_DOMAIN>), Attio's REST API
// (/v2) and a NocoDB instance (meta and data API v2). Each listens on its own port so that one can be
// stopped (an unreachable backend) while the others keep answering. `state` is switched by the
// sessions' hooks (a revoked token, a rate limit, a maintenance page, …).

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type net from "node:net";
import path from "node:path";

export const DATA = "/tmp/faultline-corpus-r7-work";
export const TODOIST_PORT = 38950;
export const FRESHDESK_PORT = 38951;
export const ATTIO_PORT = 38952;
export const NOCODB_PORT = 38953;
/** The port the Freshdesk MCP server listens on in its Streamable HTTP session. */
export const FRESHDESK_MCP_PORT = 38960;

/** The Freshdesk stand-in's self-signed certificate; the server trusts it through NODE_EXTRA_CA_CERTS. */
export const FRESHDESK_CERT = path.join(DATA, "freshdesk-cert.pem");
const FRESHDESK_KEY = path.join(DATA, "freshdesk-key.pem");

export const TODOIST_TOKEN = "0f3c8e1d2b4a59687c0d1e2f3a4b5c6d7e8f9a0b";
export const FRESHDESK_KEY_VALUE = "Xr7WorkFdKeyL0cal";
export const ATTIO_TOKEN = "attio_r7work_2f9d7c1b8a";
export const NOCODB_TOKEN = "nc_r7work_Qm3kL9tX";
export const NOCODB_BASE = "p7r7work0base01";

export const state = {
  todoistTokenRevoked: false,
  todoistRateLimited: false,
  todoistUnavailable: false,
  freshdeskKeyInvalid: false,
  freshdeskRateLimited: false,
  freshdeskMaintenance: false,
  attioTokenRevoked: false,
  attioRateLimited: false,
  attioOutage: false,
  nocodbTokenInvalid: false,
  nocodbProxyDown: false,
  nocodbRateLimited: false,
};

/** Every request the stand-ins saw (method, URL, status), for the capturer's notes. */
const LOG = path.join(DATA, "standins.log");

type Handler = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => unknown;

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

function html(res: http.ServerResponse, status: number, page: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers });
  res.end(page);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function ensureCert() {
  if (fs.existsSync(FRESHDESK_CERT) && fs.existsSync(FRESHDESK_KEY)) return;
  fs.mkdirSync(DATA, { recursive: true });
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      FRESHDESK_KEY,
      "-out",
      FRESHDESK_CERT,
      "-days",
      "3650",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
}

function serve(name: string, port: number, handler: Handler, tls = false) {
  const sockets = new Set<net.Socket>();
  let server: http.Server | https.Server | undefined;
  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
      res.on("finish", () => {
        fs.appendFileSync(
          LOG,
          `${new Date().toISOString()} ${name} ${req.method} ${req.url} -> ${res.statusCode}\n`,
        );
      });
      Promise.resolve(handler(req, url, body, res)).catch((error: Error) => {
        if (!res.headersSent) json(res, 500, { error: `stand-in failure: ${error.message}` });
      });
    });
  };
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        fs.mkdirSync(DATA, { recursive: true });
        if (tls) ensureCert();
        server = tls
          ? https.createServer(
              { key: fs.readFileSync(FRESHDESK_KEY), cert: fs.readFileSync(FRESHDESK_CERT) },
              onRequest,
            )
          : http.createServer(onRequest);
        server.on("connection", (socket: net.Socket) => {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
        });
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => resolve());
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
      }),
  };
}

// ------------------------------------------------------------------------------- Todoist (API v1)

const TD_USER = "52891034";
const TD_INBOX = "6Jf8VQXxpwv56VQ7";
const TD_WORK = "6Jf8VQXxpwv56VQ8";
const TD_HOME = "6Jf8VQXxpwv56VQ9";
const STAMP = "2026-11-20T09:15:00.000000Z";

function tdProject(id: string, name: string, order: number, inbox = false) {
  return {
    id,
    can_assign_tasks: false,
    child_order: order,
    color: inbox ? "charcoal" : "blue",
    created_at: STAMP,
    is_archived: false,
    is_deleted: false,
    is_favorite: false,
    is_frozen: false,
    name,
    updated_at: STAMP,
    view_style: "list",
    default_order: 0,
    description: "",
    is_collapsed: false,
    is_shared: false,
    parent_id: null,
    inbox_project: inbox,
  };
}

const TD_PROJECTS = [
  tdProject(TD_INBOX, "Inbox", 0, true),
  tdProject(TD_WORK, "Office move", 1),
  tdProject(TD_HOME, "Supplier invoices", 2),
];

function tdTask(id: string, content: string, projectId: string, due: string | null, priority = 1) {
  return {
    id,
    user_id: TD_USER,
    project_id: projectId,
    section_id: null,
    parent_id: null,
    added_by_uid: TD_USER,
    assigned_by_uid: null,
    responsible_uid: null,
    labels: [],
    deadline: null,
    duration: null,
    checked: false,
    is_deleted: false,
    added_at: STAMP,
    completed_at: null,
    updated_at: STAMP,
    due: due ? { date: due, is_recurring: false, string: due, timezone: null, lang: "en" } : null,
    priority,
    child_order: 1,
    content,
    description: "",
    note_count: 0,
    day_order: -1,
    is_collapsed: false,
  };
}

const TD_TASKS = [
  tdTask("6Xqm2RgV4cJ8pWh1", "Pay the Brightline invoice #4471", TD_HOME, "2026-12-08", 3),
  tdTask("6Xqm2RgV4cJ8pWh2", "Book the movers for the 3rd floor", TD_WORK, "2026-12-10", 2),
  tdTask("6Xqm2RgV4cJ8pWh3", "Chase the Ortega invoice dispute", TD_HOME, "2026-12-06", 4),
  tdTask("6Xqm2RgV4cJ8pWh4", "Order cable trays", TD_WORK, null, 1),
];
/** A project whose task count is at the plan's limit (Todoist answers 403 MAX_ITEMS_LIMIT_REACHED). */
const TD_FULL_PROJECT = TD_WORK;

let tdSeq = 0;
function tdEvent() {
  tdSeq += 1;
  return `5395d5e61a0349a6a4057d4696cb${String(1000 + tdSeq)}`;
}

function tdError(
  res: http.ServerResponse,
  status: number,
  error: string,
  code: number,
  tag: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  json(
    res,
    status,
    {
      error,
      error_code: code,
      error_extra: { event_id: tdEvent(), retry_after: 3, ...extra },
      error_tag: tag,
      http_code: status,
    },
    headers,
  );
}

const TD_UNAVAILABLE = `<html>
<head><title>503 Service Temporarily Unavailable</title></head>
<body>
<center><h1>503 Service Temporarily Unavailable</h1></center>
<hr><center>nginx</center>
</body>
</html>
`;

const todoistHandler: Handler = async (req, url, body, res) => {
  const route = url.pathname.replace(/^\/api\/v1\//, "");
  if (req.headers.authorization !== `Bearer ${TODOIST_TOKEN}` || state.todoistTokenRevoked) {
    return tdError(res, 401, "Invalid token", 401, "AUTH_INVALID_TOKEN", {
      access_type: "access_token",
      retry_after: 4,
    });
  }
  if (state.todoistRateLimited) {
    return tdError(
      res,
      429,
      "Too many requests. Limits reached. Try again later",
      35,
      "LIMITS_REACHED",
      { retry_after: 66 },
      { "retry-after": "66" },
    );
  }
  if (state.todoistUnavailable) return html(res, 503, TD_UNAVAILABLE, { "retry-after": "30" });
  const method = req.method ?? "GET";
  if (method === "GET" && route === "user") {
    return json(res, 200, {
      id: TD_USER,
      email: "dana.okafor@r7work.example",
      full_name: "Dana Okafor",
      avatar_big: null,
      avatar_medium: null,
      avatar_s640: null,
      avatar_small: null,
      business_account_id: null,
      is_premium: false,
      premium_status: "not_premium",
      date_format: 0,
      time_format: 0,
      weekly_goal: 25,
      daily_goal: 5,
      completed_count: 412,
      completed_today: 3,
      karma: 5120.0,
      karma_trend: "up",
      lang: "en",
      next_week: 1,
      start_day: 1,
      start_page: "today",
      tz_info: { gmt_string: "+01:00", hours: 1, is_dst: 0, minutes: 0, timezone: "Europe/Berlin" },
      inbox_project_id: TD_INBOX,
      days_off: [6, 7],
      weekend_start_day: 6,
    });
  }
  if (method === "GET" && route === "projects") {
    return json(res, 200, { results: TD_PROJECTS, next_cursor: null });
  }
  if (method === "GET" && route === "projects/search") {
    const words = (url.searchParams.get("query") ?? "").replace(/\*/g, "").toLowerCase();
    return json(res, 200, {
      results: TD_PROJECTS.filter((p) => p.name.toLowerCase().includes(words)),
      next_cursor: null,
    });
  }
  if (method === "GET" && route === "sections") return json(res, 200, { results: [], next_cursor: null });
  if (method === "GET" && route === "labels") return json(res, 200, { results: [], next_cursor: null });
  if (method === "GET" && route === "tasks/filter") {
    const query = (url.searchParams.get("query") ?? "").toLowerCase();
    const word = /search:\s*([^&|]+)/.exec(query)?.[1]?.trim() ?? "";
    if (query.includes("slowboard")) await sleep(15_000);
    if (/[()]/.test(query) && (query.match(/\(/g)?.length ?? 0) !== (query.match(/\)/g)?.length ?? 0)) {
      return tdError(res, 400, "Invalid argument value", 20, "INVALID_ARGUMENT_VALUE", { argument: "query" });
    }
    const found = TD_TASKS.filter((t) => !word || t.content.toLowerCase().includes(word));
    return json(res, 200, { results: found, next_cursor: null });
  }
  if (method === "GET" && route === "tasks") {
    const projectId = url.searchParams.get("project_id");
    const found = TD_TASKS.filter((t) => !projectId || t.project_id === projectId);
    return json(res, 200, { results: found, next_cursor: null });
  }
  const task = /^tasks\/([^/]+)$/.exec(route);
  if (task && method === "GET") {
    const found = TD_TASKS.find((t) => t.id === task[1]);
    if (!found) return tdError(res, 404, "Task not found", 478, "NOT_FOUND");
    return json(res, 200, found);
  }
  const project = /^projects\/([^/]+)$/.exec(route);
  if (project && method === "GET") {
    const found = TD_PROJECTS.find((p) => p.id === project[1]);
    if (!found) return tdError(res, 404, "Project not found", 478, "NOT_FOUND");
    return json(res, 200, found);
  }
  const close = /^tasks\/([^/]+)\/close$/.exec(route);
  if (close && method === "POST") {
    if (!TD_TASKS.some((t) => t.id === close[1]))
      return tdError(res, 404, "Task not found", 478, "NOT_FOUND");
    res.writeHead(204);
    return res.end();
  }
  if (route === "tasks" && method === "POST") {
    const args = JSON.parse(body || "{}") as Record<string, unknown>;
    const projectId = (args.project_id as string | undefined) ?? TD_INBOX;
    if (!TD_PROJECTS.some((p) => p.id === projectId)) {
      return tdError(res, 400, "Invalid argument value", 20, "INVALID_ARGUMENT_VALUE", {
        argument: "project_id",
      });
    }
    if (projectId === TD_FULL_PROJECT) {
      return tdError(
        res,
        403,
        "Maximum number of items per user project limit reached",
        49,
        "MAX_ITEMS_LIMIT_REACHED",
        { retry_after: 5 },
      );
    }
    const created = tdTask(
      "6Xqm2RgV4cJ8pWh9",
      String(args.content ?? ""),
      projectId,
      null,
      Number(args.priority ?? 1),
    );
    if (typeof args.due_string === "string") {
      created.due = {
        date: "2026-12-11",
        is_recurring: false,
        string: args.due_string,
        timezone: null,
        lang: "en",
      };
    }
    return json(res, 200, created);
  }
  if (method === "GET" && route.startsWith("tasks/completed/by_")) {
    const since = Date.parse(url.searchParams.get("since") ?? "");
    const until = Date.parse(url.searchParams.get("until") ?? "");
    // The API allows at most three months between since and until.
    if (until - since > 92 * 24 * 3600 * 1000) {
      return tdError(res, 400, "Invalid argument value", 20, "INVALID_ARGUMENT_VALUE", { argument: "until" });
    }
    return json(res, 200, { items: [], next_cursor: null });
  }
  return tdError(res, 404, "Not found", 404, "NOT_FOUND");
};

// ---------------------------------------------------------------------- Freshdesk (API v2, https)

function fdTicket(id: number, subject: string, status: number, priority: number, requester: number) {
  return {
    cc_emails: [],
    fwd_emails: [],
    reply_cc_emails: [],
    ticket_cc_emails: [],
    fr_escalated: false,
    spam: false,
    email_config_id: null,
    group_id: 43000561204,
    priority,
    requester_id: requester,
    responder_id: 43016022117,
    source: 1,
    company_id: null,
    status,
    subject,
    association_type: null,
    support_email: null,
    to_emails: ["support@r7work.freshdesk.com"],
    product_id: null,
    id,
    type: "Incident",
    due_by: "2026-12-08T17:00:00Z",
    fr_due_by: "2026-12-06T17:00:00Z",
    is_escalated: false,
    custom_fields: { cf_region: "EU" },
    created_at: "2026-12-05T08:12:44Z",
    updated_at: "2026-12-05T09:40:02Z",
    associated_tickets_count: null,
    tags: [],
  };
}

const FD_TICKETS = [
  fdTicket(1042, "Invoice PDF shows the wrong VAT number", 2, 2, 43019811520),
  fdTicket(1043, "Cannot log in after password reset", 3, 3, 43019811521),
  fdTicket(1044, "Refund for duplicate charge on order 88412", 2, 4, 43019811522),
];

const fdValidation = (res: http.ServerResponse, errors: { field: string; message: string; code: string }[]) =>
  json(res, 400, { description: "Validation failed", errors });

const FD_MAINTENANCE = `<!DOCTYPE html>
<html>
<head><title>Freshdesk - Under Maintenance</title></head>
<body>
<div class="content">
<h2>We'll be back shortly</h2>
<p>Your helpdesk is undergoing scheduled maintenance. We apologise for the inconvenience.</p>
</div>
</body>
</html>
`;

const freshdeskHandler: Handler = async (req, url, body, res) => {
  const route = url.pathname.replace(/^\/api\/v2/, "");
  const rateHeaders = {
    "x-ratelimit-total": "700",
    "x-ratelimit-remaining": "688",
    "x-ratelimit-used-currentrequest": "1",
  };
  if (state.freshdeskMaintenance) return html(res, 503, FD_MAINTENANCE, { "retry-after": "600" });
  const expected = "Basic " + Buffer.from(`${FRESHDESK_KEY_VALUE}:X`).toString("base64");
  if (req.headers.authorization !== expected || state.freshdeskKeyInvalid) {
    return json(res, 401, {
      code: "invalid_credentials",
      message: "You have to be logged in to perform this action.",
    });
  }
  if (state.freshdeskRateLimited) {
    return json(
      res,
      429,
      { message: "You have exceeded the limit of requests per minute. Please try again after some time." },
      { "retry-after": "38", "x-ratelimit-total": "700", "x-ratelimit-remaining": "0" },
    );
  }
  const method = req.method ?? "GET";
  if (method === "GET" && route === "/tickets") {
    const perPage = Number(url.searchParams.get("per_page") ?? "30");
    const page = Number(url.searchParams.get("page") ?? "1");
    if (page > 300) {
      return fdValidation(res, [
        { field: "page", message: "You cannot access tickets beyond the 300th page.", code: "invalid_value" },
      ]);
    }
    const slice = page === 1 ? FD_TICKETS.slice(0, perPage) : [];
    return json(res, 200, slice, rateHeaders);
  }
  const ticket = /^\/tickets\/(\d+)$/.exec(route);
  if (ticket && method === "GET") {
    if (ticket[1] === "1099") await sleep(15_000);
    const found = FD_TICKETS.find((t) => String(t.id) === ticket[1]);
    if (!found) {
      res.writeHead(404, { "content-type": "application/json; charset=utf-8", ...rateHeaders });
      return res.end();
    }
    return json(
      res,
      200,
      {
        ...found,
        description: "<div>Hi, the invoice PDF for November shows DE000000000 as our VAT number.</div>",
        description_text: "Hi, the invoice PDF for November shows DE000000000 as our VAT number.",
      },
      rateHeaders,
    );
  }
  if (ticket && method === "PUT") {
    const found = FD_TICKETS.find((t) => String(t.id) === ticket[1]);
    if (!found) {
      res.writeHead(404, { "content-type": "application/json; charset=utf-8" });
      return res.end();
    }
    const fields = JSON.parse(body || "{}") as Record<string, unknown>;
    if (fields.status !== undefined && ![2, 3, 4, 5].includes(Number(fields.status))) {
      return fdValidation(res, [
        {
          field: "status",
          message: "It should be one of these values: '2,3,4,5,6,7'",
          code: "invalid_value",
        },
      ]);
    }
    return json(res, 200, { ...found, ...fields, updated_at: "2026-12-05T10:02:11Z" });
  }
  if (ticket && method === "DELETE") {
    return json(res, 403, {
      code: "access_denied",
      message: "You are not authorized to perform this action.",
    });
  }
  if (method === "GET" && route === "/search/tickets") {
    const query = url.searchParams.get("query") ?? "";
    if (!/^".*"$/.test(query)) {
      return fdValidation(res, [
        {
          field: "query",
          message: "It should be a/an String enclosed in double quotes",
          code: "invalid_value",
        },
      ]);
    }
    const inner = query.slice(1, -1);
    if (/priority:\s*4/.test(inner) && /status:\s*2/.test(inner)) {
      return json(res, 200, { results: [{ ...FD_TICKETS[2] }], total: 1 });
    }
    return json(res, 200, { results: [], total: 0 });
  }
  if (method === "POST" && route === "/tickets") {
    const fields = JSON.parse(body || "{}") as Record<string, unknown>;
    return json(res, 201, {
      ...fdTicket(
        1045,
        String(fields.subject ?? ""),
        Number(fields.status ?? 2),
        Number(fields.priority ?? 1),
        43019811529,
      ),
      description: fields.description ?? "",
      description_text: String(fields.description ?? "").replace(/<[^>]+>/g, ""),
    });
  }
  if (method === "GET" && route === "/contacts") {
    return json(res, 200, [
      {
        id: 43019811520,
        name: "Mira Holt",
        email: "mira.holt@northwind.example",
        phone: null,
        active: true,
        company_id: 43000071001,
        created_at: "2026-03-02T10:00:00Z",
        updated_at: "2026-11-30T12:00:00Z",
      },
    ]);
  }
  if (method === "GET" && route === "/contacts/autocomplete") return json(res, 200, []);
  if (method === "GET" && route === "/account") {
    return json(res, 403, {
      code: "access_denied",
      message: "You are not authorized to perform this action.",
    });
  }
  res.writeHead(404, { "content-type": "application/json; charset=utf-8" });
  res.end();
};

// ------------------------------------------------------------------------------------- Attio (v2)

const ATTIO_WORKSPACE = "9c5a0d2e-4b1f-4e8a-9d3c-7f2e1b0a6c11";
const ATTIO_COMPANIES_OBJECT = "2a8f6c4e-1d3b-4f5a-8c7e-9b0d1e2f3a41";
const ATTIO_MEMBER = "7d1e3f5a-2b4c-4d6e-8f0a-1b2c3d4e5f61";

/** One value of an Attio attribute, as the API answers it (`values.<slug>[i]`). */
type AttioValue = Record<string, unknown>;

function attioValue(type: string, value: Record<string, unknown>): AttioValue {
  return {
    active_from: "2026-10-01T08:00:00.000000000Z",
    active_until: null,
    created_by_actor: { type: "workspace-member", id: ATTIO_MEMBER },
    attribute_type: type,
    ...value,
  };
}

function attioCompany(recordId: string, name: string, domain: string) {
  return {
    id: { workspace_id: ATTIO_WORKSPACE, object_id: ATTIO_COMPANIES_OBJECT, record_id: recordId },
    created_at: "2026-10-01T08:00:00.000000000Z",
    web_url: `https://app.attio.com/r7work/company/${recordId}/overview`,
    values: {
      name: [attioValue("text", { value: name })],
      domains: [attioValue("domain", { domain, root_domain: domain })],
      description: [],
      team: [],
      categories: [],
      primary_location: [],
    },
  };
}

const ATTIO_COMPANIES = [
  attioCompany("b3d2a1c0-5e4f-4a3b-9c8d-0e1f2a3b4c51", "Northwind Traders", "northwind.example"),
  attioCompany("b3d2a1c0-5e4f-4a3b-9c8d-0e1f2a3b4c52", "Acme Hinges", "acmehinges.example"),
];

function attioError(
  res: http.ServerResponse,
  status: number,
  type: string,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  json(res, status, { status_code: status, type, code, message, ...extra }, headers);
}

const ATTIO_DEALS_OBJECT = "5e7a9c1b-3d5f-4b7d-9f1a-2c4e6a8b0d21";
/** The stages of Attio's default deals pipeline. */
const ATTIO_STAGES = ["Lead", "In Progress", "Won 🎉", "Lost"];

function attioDeal(recordId: string, name: string, stage: string, value: number) {
  return {
    id: { workspace_id: ATTIO_WORKSPACE, object_id: ATTIO_DEALS_OBJECT, record_id: recordId },
    created_at: "2026-10-14T08:00:00.000000000Z",
    web_url: `https://app.attio.com/r7work/deals/record/${recordId}/overview`,
    values: {
      name: [attioValue("text", { value: name })],
      stage: [
        attioValue("status", {
          status: {
            id: {
              workspace_id: ATTIO_WORKSPACE,
              object_id: ATTIO_DEALS_OBJECT,
              attribute_id: "c1d2e3f4-0000-4000-8000-00000000a001",
              status_id: "d0000000-0000-4000-8000-0000000000" + String(10 + ATTIO_STAGES.indexOf(stage)),
            },
            title: stage,
            is_archived: false,
            celebration_enabled: false,
            target_time_in_status: null,
          },
        }),
      ],
      value: [attioValue("currency", { currency_value: value, currency_code: "EUR" })],
      associated_company: [
        attioValue("record-reference", {
          target_object: "companies",
          target_record_id: "b3d2a1c0-5e4f-4a3b-9c8d-0e1f2a3b4c51",
        }),
      ],
    },
  };
}

const ATTIO_DEALS = [
  attioDeal("e4f5a6b7-8c9d-4e0f-a1b2-c3d4e5f6a701", "Northwind hinge rollout", "Lead", 48000),
];

function attioAttribute(
  object: string,
  objectId: string,
  slug: string,
  title: string,
  type: string,
  unique = false,
) {
  return {
    id: {
      workspace_id: ATTIO_WORKSPACE,
      object_id: objectId,
      attribute_id: `${objectId.slice(0, 8)}-${slug
        .padEnd(4, "x")
        .slice(0, 4)
        .replace(/[^a-z]/g, "a")}-4000-8000-000000000001`,
    },
    title,
    description: null,
    api_slug: slug,
    type,
    is_system_attribute: true,
    is_writable: true,
    is_required: slug === "name" && object === "deals",
    is_unique: unique,
    is_multiselect: type === "domain",
    is_default_value_enabled: false,
    is_archived: false,
    default_value: null,
    relationship: null,
    created_at: "2026-01-05T08:00:00.000000000Z",
    config: {
      currency: { default_currency_code: type === "currency" ? "EUR" : null, display_type: null },
      record_reference: { allowed_object_ids: null },
    },
  };
}

const ATTIO_ATTRIBUTES: Record<string, ReturnType<typeof attioAttribute>[]> = {
  companies: [
    attioAttribute("companies", ATTIO_COMPANIES_OBJECT, "name", "Name", "text"),
    attioAttribute("companies", ATTIO_COMPANIES_OBJECT, "domains", "Domains", "domain", true),
    attioAttribute("companies", ATTIO_COMPANIES_OBJECT, "description", "Description", "text"),
  ],
  deals: [
    attioAttribute("deals", ATTIO_DEALS_OBJECT, "name", "Deal name", "text"),
    attioAttribute("deals", ATTIO_DEALS_OBJECT, "stage", "Deal stage", "status"),
    attioAttribute("deals", ATTIO_DEALS_OBJECT, "value", "Deal value", "currency"),
  ],
};

const attioHandler: Handler = async (req, url, body, res) => {
  const route = url.pathname.replace(/^\/v2/, "");
  const method = req.method ?? "GET";
  if (req.headers.authorization !== `Bearer ${ATTIO_TOKEN}` || state.attioTokenRevoked) {
    return attioError(
      res,
      401,
      "auth_error",
      "unauthorized",
      "The access token provided is invalid or has been revoked.",
    );
  }
  if (state.attioRateLimited) {
    return attioError(
      res,
      429,
      "rate_limit_error",
      "rate_limit_exceeded",
      "Rate limit exceeded, please try again later.",
      {},
      { "retry-after": new Date(Date.now() + 10_000).toUTCString() },
    );
  }
  if (state.attioOutage) {
    return attioError(
      res,
      500,
      "internal_server_error",
      "internal_server_error",
      "An unexpected error occurred. Please try again later or contact support.",
    );
  }
  const args = (() => {
    try {
      return JSON.parse(body || "{}") as { data?: { values?: Record<string, unknown> } } & Record<
        string,
        unknown
      >;
    } catch {
      return {};
    }
  })();
  if (method === "GET" && route === "/self") {
    return json(res, 200, {
      active: true,
      scope:
        "record_permission:read-write object_configuration:read list_entry:read-write note:read-write user_management:read",
      client_id: "r7work",
      token_type: "Bearer",
      exp: null,
      iat: 1764900000,
      sub: ATTIO_WORKSPACE,
      aud: "r7work",
      iss: "attio.com",
      authorized_by_workspace_member_id: ATTIO_MEMBER,
      workspace_id: ATTIO_WORKSPACE,
      workspace_name: "R7 Work",
      workspace_slug: "r7work",
      workspace_logo_url: null,
    });
  }
  if (method === "GET" && route === "/workspace_members") {
    return json(res, 200, {
      data: [
        {
          id: { workspace_id: ATTIO_WORKSPACE, workspace_member_id: ATTIO_MEMBER },
          first_name: "Dana",
          last_name: "Okafor",
          avatar_url: null,
          email_address: "dana.okafor@r7work.example",
          created_at: "2026-01-05T08:00:00.000000000Z",
          access_level: "admin",
        },
        {
          id: { workspace_id: ATTIO_WORKSPACE, workspace_member_id: "7d1e3f5a-2b4c-4d6e-8f0a-1b2c3d4e5f62" },
          first_name: "Luis",
          last_name: "Ferreira",
          avatar_url: null,
          email_address: "luis.ferreira@r7work.example",
          created_at: "2026-02-11T08:00:00.000000000Z",
          access_level: "member",
        },
      ],
    });
  }
  if (method === "GET" && route === "/lists") {
    return json(res, 200, {
      data: [
        {
          id: { workspace_id: ATTIO_WORKSPACE, list_id: "f1e2d3c4-b5a6-4978-8a6b-5c4d3e2f1a01" },
          api_slug: "sales_pipeline",
          name: "Sales pipeline",
          parent_object: ["deals"],
          workspace_access: "full-access",
          workspace_member_access: [],
          created_by_actor: { type: "workspace-member", id: ATTIO_MEMBER },
          created_at: "2026-01-05T08:00:00.000000000Z",
        },
      ],
    });
  }
  const attributes = /^\/objects\/([^/]+)\/attributes$/.exec(route);
  if (attributes && method === "GET") {
    const list = ATTIO_ATTRIBUTES[attributes[1]!];
    if (!list)
      return attioError(
        res,
        404,
        "invalid_request_error",
        "not_found",
        `Object with slug/ID "${attributes[1]}" not found.`,
      );
    return json(res, 200, { data: list });
  }
  const statuses = /^\/objects\/deals\/attributes\/stage\/statuses$/.exec(route);
  if (statuses && method === "GET") {
    return json(res, 200, {
      data: ATTIO_STAGES.map((title, i) => ({
        id: {
          workspace_id: ATTIO_WORKSPACE,
          object_id: ATTIO_DEALS_OBJECT,
          attribute_id: "c1d2e3f4-0000-4000-8000-00000000a001",
          status_id: `d0000000-0000-4000-8000-00000000001${i}`,
        },
        title,
        is_archived: false,
        celebration_enabled: title === "Won 🎉",
        target_time_in_status: null,
      })),
    });
  }
  const query = /^\/objects\/([^/]+)\/records\/query$/.exec(route);
  if (query && method === "POST") {
    const text = JSON.stringify(args.filter ?? {}).toLowerCase();
    const pool: { values: { name: AttioValue[] } }[] =
      query[1] === "companies" ? ATTIO_COMPANIES : query[1] === "deals" ? ATTIO_DEALS : [];
    const found = pool.filter(
      (c) => text === "{}" || text.includes(String(c.values.name[0]!.value).toLowerCase().split(" ")[0]!),
    );
    return json(res, 200, { data: found });
  }
  const record = /^\/objects\/([^/]+)\/records\/([^/]+)$/.exec(route);
  if (record) {
    const pool: { id: { record_id: string } }[] = record[1] === "deals" ? ATTIO_DEALS : ATTIO_COMPANIES;
    const found = pool.find((c) => c.id.record_id === record[2]);
    if (!found)
      return attioError(
        res,
        404,
        "invalid_request_error",
        "not_found",
        `Record with ID "${record[2]}" not found.`,
      );
    if (method === "GET") return json(res, 200, { data: found });
    if (method === "PATCH" || method === "PUT") {
      const values = (args.data?.values ?? {}) as Record<string, unknown>;
      const stage = values.stage;
      const title = Array.isArray(stage) ? stage[0] : stage;
      if (
        stage !== undefined &&
        !ATTIO_STAGES.includes(String((title as { status?: string })?.status ?? title))
      ) {
        return attioError(
          res,
          400,
          "invalid_request_error",
          "value_not_found",
          `Cannot find Status with title "${String((title as { status?: string })?.status ?? title)}".`,
        );
      }
      if (stage !== undefined && record[1] === "deals") {
        const deal = found as ReturnType<typeof attioDeal>;
        const updated = attioDeal(
          deal.id.record_id,
          String(deal.values.name[0]!.value),
          String((title as { status?: string })?.status ?? title),
          48000,
        );
        ATTIO_DEALS.splice(ATTIO_DEALS.indexOf(deal), 1, updated);
        return json(res, 200, { data: updated });
      }
      return json(res, 200, { data: found });
    }
  }
  const create = /^\/objects\/([^/]+)\/records$/.exec(route);
  if (create && method === "POST") {
    const values = (args.data?.values ?? {}) as Record<string, unknown>;
    const domains = JSON.stringify(values.domains ?? "");
    if (domains.includes("acmehinges.example")) {
      return attioError(
        res,
        409,
        "invalid_request_error",
        "uniqueness_conflict",
        'Creating this record would violate a uniqueness constraint: the value "acmehinges.example" of attribute "domains" is already in use.',
      );
    }
    for (const key of Object.keys(values)) {
      if (!(ATTIO_ATTRIBUTES[create[1]!] ?? []).some((a) => a.api_slug === key)) {
        return attioError(
          res,
          400,
          "invalid_request_error",
          "value_not_found",
          `Cannot find attribute with slug/ID "${key}".`,
        );
      }
    }
    const name = Array.isArray(values.name) ? values.name[0] : values.name;
    const domain = Array.isArray(values.domains)
      ? String((values.domains[0] as { domain?: string })?.domain ?? values.domains[0])
      : "globex.example";
    return json(res, 200, {
      data: attioCompany(
        "b3d2a1c0-5e4f-4a3b-9c8d-0e1f2a3b4c60",
        String((name as { value?: string })?.value ?? name ?? ""),
        domain,
      ),
    });
  }
  if (method === "POST" && route === "/notes") {
    const note = (args.data ?? {}) as Record<string, string>;
    if (!ATTIO_COMPANIES.some((c) => c.id.record_id === note.parent_record_id)) {
      return attioError(
        res,
        404,
        "invalid_request_error",
        "not_found",
        `Record with ID "${note.parent_record_id}" not found.`,
      );
    }
    return json(res, 200, {
      data: {
        id: { workspace_id: ATTIO_WORKSPACE, note_id: "a9b8c7d6-e5f4-4a3b-8c2d-1e0f9a8b7c01" },
        parent_object: note.parent_object,
        parent_record_id: note.parent_record_id,
        title: note.title,
        content_plaintext: note.content,
        content_markdown: note.content,
        tags: [],
        created_by_actor: { type: "api-token", id: "r7work" },
        created_at: "2026-12-05T10:00:00.000000000Z",
      },
    });
  }
  if (method === "GET" && route === "/notes") return json(res, 200, { data: [] });
  return attioError(
    res,
    404,
    "invalid_request_error",
    "not_found",
    `Route ${method} ${url.pathname} not found.`,
  );
};

// --------------------------------------------------------------------------- NocoDB (API v2, 0.204)

const NC_TABLES = [
  {
    id: "md_r7cust0000001",
    title: "Customers",
    table_name: "nc_r7_customers",
    type: "table",
    base_id: NOCODB_BASE,
  },
  {
    id: "md_r7ordr0000002",
    title: "Orders",
    table_name: "nc_r7_orders",
    type: "table",
    base_id: NOCODB_BASE,
  },
  {
    id: "md_r7prod0000003",
    title: "Products",
    table_name: "nc_r7_products",
    type: "table",
    base_id: NOCODB_BASE,
  },
];

const NC_CUSTOMERS = [
  {
    Id: 1,
    Name: "Northwind Traders",
    Country: "Germany",
    Email: "orders@northwind.example",
    CreatedAt: "2026-09-01 08:00:00+00:00",
  },
  {
    Id: 2,
    Name: "Acme Hinges",
    Country: "France",
    Email: "buying@acmehinges.example",
    CreatedAt: "2026-09-03 10:30:00+00:00",
  },
  {
    Id: 3,
    Name: "Ortega Fittings",
    Country: "Spain",
    Email: "ap@ortega.example",
    CreatedAt: "2026-10-12 14:05:00+00:00",
  },
];

const NC_BAD_GATEWAY = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx/1.24.0</center>
</body>
</html>
`;

const nocodbHandler: Handler = async (req, url, body, res) => {
  const method = req.method ?? "GET";
  const route = url.pathname;
  if (state.nocodbProxyDown) return html(res, 502, NC_BAD_GATEWAY);
  if (req.headers["xc-token"] !== NOCODB_TOKEN || state.nocodbTokenInvalid) {
    return json(res, 401, { msg: "Authentication required - Invalid token" });
  }
  if (state.nocodbRateLimited) {
    return json(
      res,
      429,
      { msg: "Too many requests. Please wait a moment and try again." },
      { "retry-after": "30" },
    );
  }
  if (method === "GET" && route === `/api/v2/meta/bases/${NOCODB_BASE}/tables`) {
    return json(res, 200, {
      list: NC_TABLES,
      pageInfo: { totalRows: NC_TABLES.length, page: 1, pageSize: 25, isFirstPage: true, isLastPage: true },
    });
  }
  const meta = /^\/api\/v2\/meta\/tables\/([^/]+)$/.exec(route);
  if (meta && method === "GET") {
    const table = NC_TABLES.find((t) => t.id === meta[1]);
    if (!table) return json(res, 404, { msg: `Table '${meta[1]}' not found` });
    const column = (id: string, title: string, uidt: string, pk = false) => ({
      id,
      title,
      column_name: title.toLowerCase(),
      uidt,
      dt: uidt === "ID" ? "int" : uidt === "Decimal" ? "decimal" : "varchar",
      pk,
      pv: title === "Customer",
      rqd: pk,
      system: false,
      fk_model_id: table.id,
    });
    return json(res, 200, {
      ...table,
      enabled: true,
      mm: false,
      columns: [
        column("cl_r7o00001", "Id", "ID", true),
        column("cl_r7o00002", "Customer", "SingleLineText"),
        column("cl_r7o00003", "Total", "Decimal"),
        column("cl_r7o00004", "OrderedAt", "DateTime"),
      ],
      views: [{ id: "vw_r7o00001", title: "Orders", type: 3, is_default: true }],
    });
  }
  const records = /^\/api\/v2\/tables\/([^/]+)\/records$/.exec(route);
  if (records && method === "GET") {
    if (records[1] === "md_r7prod0000003") await sleep(15_000);
    const offset = Number(url.searchParams.get("offset") ?? "0");
    const limit = Number(url.searchParams.get("limit") ?? "25");
    const where = url.searchParams.get("where") ?? "";
    let rows = records[1] === "md_r7cust0000001" ? NC_CUSTOMERS : [];
    if (where) {
      const match = /^\((\w+),eq,([^)]*)\)$/.exec(where);
      if (!match) return json(res, 400, { msg: `Invalid filter expression: ${where}` });
      rows = rows.filter((r) => String((r as Record<string, unknown>)[match[1]!]) === match[2]);
    }
    if (offset > 0 && offset >= rows.length) {
      return json(res, 200, { message: "Offset is beyond the total number of records" });
    }
    const page = rows.slice(offset, offset + limit);
    return json(res, 200, {
      list: page,
      pageInfo: {
        totalRows: rows.length,
        page: Math.floor(offset / limit) + 1,
        pageSize: limit,
        isFirstPage: offset === 0,
        isLastPage: offset + limit >= rows.length,
      },
    });
  }
  if (records && method === "POST") {
    return json(res, 200, { Id: 31 });
  }
  if (records && method === "PATCH") {
    const rows = JSON.parse(body || "[]") as { Id: number }[];
    const missing = rows.find((r) => !NC_CUSTOMERS.some((c) => c.Id === r.Id));
    if (missing) return json(res, 404, { msg: `Record '${missing.Id}' not found` });
    return json(
      res,
      200,
      rows.map((r) => ({ Id: r.Id })),
    );
  }
  if (records && method === "DELETE") {
    const row = JSON.parse(body || "{}") as { Id: number };
    return json(res, 200, [{ Id: row.Id }]);
  }
  return json(res, 404, { msg: `Cannot ${method} ${route}` });
};

export const todoistStandin = serve("todoist", TODOIST_PORT, todoistHandler);
export const freshdeskStandin = serve("freshdesk", FRESHDESK_PORT, freshdeskHandler, true);
export const attioStandin = serve("attio", ATTIO_PORT, attioHandler);
export const nocodbStandin = serve("nocodb", NOCODB_PORT, nocodbHandler);
