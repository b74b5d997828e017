// Loopback stand-ins for the services behind this group's servers, answering with the real APIs' bodies and
// error bodies: Airtable's Web API (`api.airtable.com/v0`, a personal access token), Asana's REST API
// (`app.asana.com/api/1.0`, `{data}` envelopes, `{errors: [{message, help}]}`), Chatwork's API v2
// (`api.chatwork.com/v2`, `X-ChatWorkToken`, `{errors: [...]}`), the LINE Messaging API (`/v2/bot/...`,
// `{message, details}` errors; its base URL is configurable, plain HTTP on loopback) and Backlog's API v2
// (`<space>.backlog.com/api/v2`, `apiKey` query parameter, `{errors: [{message, code, moreInfo}]}`).
//
// Airtable's, Chatwork's and Backlog's hosts are written into their servers, which call Node's built-in fetch
// (on Node 20 it ignores proxy variables), so they start with `proxy-preload.mjs` (undici's ProxyAgent for
// HTTPS_PROXY as the global dispatcher) and reach a loopback forward proxy that terminates TLS with a
// certificate for the real host. The Asana SDK uses superagent on Node's https module; `https-preload.mjs` makes
// https.globalAgent open its TLS connections to the Asana stand-in's loopback port (same SNI, same
// certificate). The servers' own code is not touched. `state` is switched by the sessions' hooks.

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import path from "node:path";

export const DATA = "/tmp/faultline-corpus-r12-apps";
export const CERT = path.join(DATA, "standin-cert.pem");
const KEY = path.join(DATA, "standin-key.pem");

export const AIRTABLE_PROXY_PORT = 39600;
export const ASANA_TLS_PORT = 39601;
export const CHATWORK_PROXY_PORT = 39602;
export const LINE_PORT = 39603;
export const BACKLOG_PROXY_PORT = 39604;
/** The Airtable MCP server's own Streamable HTTP port. */
export const AIRTABLE_MCP_PORT = 39610;

export const AIRTABLE_TOKEN =
  "patR12appsCorpus0.9f3c2b7e1d4a6f8c0b2e4d6a8c0e2f4a6b8d0f2e4c6a8b0d2f4e6a8c0b2d4f6e8a";
export const ASANA_TOKEN = "2/1208841130015542/1209961472390817:7c2f1e8b9d4a6c3e5f7a9b1d3c5e7f9a";
export const CHATWORK_TOKEN = "b7e4c1d8a2f9e6b3c0d7a4f1e8b5c2d9";
export const LINE_TOKEN =
  "Hk2Qm9vR12appsCorpusChannelAccessTokenJ4xP7sW1dF8gL3nT6yB0cV5zA2eR9uI4oK7mN1qS8wX3hG6jD0fY5tU2pE9rL4=";
export const LINE_USER = "U4af4980629c8f2e1d0b9a7c6e5d4c3b2";
export const BACKLOG_KEY = "R12appsCorpusBacklogApiKey7Yd2Kq9Xw4Lm8Np3Vb6Zs1Tc5Hg0Jf";
export const BACKLOG_HOST = "acme.backlog.com";

export const state = {
  airtableTokenRevoked: false,
  airtableRateLimited: false,
  airtableBadGateway: false,
  asanaTokenExpired: false,
  asanaRateLimited: false,
  asanaServerError: false,
  asanaMaintenancePage: false,
  chatworkTokenInvalid: false,
  chatworkRateLimited: false,
  chatworkServerError: false,
  lineTokenRevoked: false,
  lineMonthlyLimit: false,
  lineRateLimited: false,
  lineServerError: false,
  backlogKeyInvalid: false,
  backlogRateLimited: false,
  backlogServerError: false,
  backlogMaintenance: false,
};

type Handler = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => void;

export interface Standin {
  start(): Promise<void>;
  stop(): Promise<void>;
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json;charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

function text(
  res: http.ServerResponse,
  status: number,
  body: string,
  type = "text/plain",
  headers: Record<string, string> = {},
) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": type, ...headers });
  res.end(body);
}

const timers = new Set<NodeJS.Timeout>();
/** Answers after `ms` (a slow upstream); the timer is cleared when the stand-ins stop. */
function later(ms: number, answer: () => void) {
  const timer = setTimeout(() => {
    timers.delete(timer);
    answer();
  }, ms);
  timers.add(timer);
}

export function clearTimers() {
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
}

function parse(body: string): Record<string, unknown> {
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** A self-signed certificate for the real API hosts and 127.0.0.1, made once per data directory. */
export function ensureCertificate() {
  if (fs.existsSync(CERT) && fs.existsSync(KEY)) return;
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
      KEY,
      "-out",
      CERT,
      "-days",
      "3650",
      "-subj",
      "/CN=r12-apps corpus stand-in",
      "-addext",
      `subjectAltName=DNS:api.airtable.com,DNS:content.airtable.com,DNS:app.asana.com,DNS:api.chatwork.com,DNS:acme.backlog.com,IP:127.0.0.1`,
    ],
    { stdio: "ignore" },
  );
}

function onRequest(port: number, handler: Handler) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const host = req.headers.host ?? `127.0.0.1:${port}`;
      handler(req, new URL(req.url ?? "/", `http://${host}`), body, res);
    });
  };
}

/** A plain HTTP (or, with `tls`, HTTPS) server on its own loopback port. */
function server(port: number, handler: Handler, tls = false): Standin {
  const sockets = new Set<Socket>();
  let created: http.Server | undefined;
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        if (tls) ensureCertificate();
        const made = tls
          ? https.createServer(
              { key: fs.readFileSync(KEY), cert: fs.readFileSync(CERT) },
              onRequest(port, handler),
            )
          : http.createServer(onRequest(port, handler));
        made.on("connection", (socket: Socket) => {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
        });
        made.once("error", reject);
        made.listen(port, "127.0.0.1", () => resolve());
        created = made;
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!created) return resolve();
        created.close(() => resolve());
        created = undefined;
      }),
  };
}

/**
 * A forward proxy on its own port that accepts CONNECT for any host, terminates TLS with the stand-in
 * certificate and answers every request inside the tunnel with `handler` (the real host is in the Host
 * header).
 */
function mitmProxy(port: number, handler: Handler): Standin {
  const sockets = new Set<Socket>();
  let proxy: http.Server | undefined;
  let tls: https.Server | undefined;
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        ensureCertificate();
        tls = https.createServer(
          { key: fs.readFileSync(KEY), cert: fs.readFileSync(CERT) },
          onRequest(port, handler),
        );
        const inner = tls;
        const created = http.createServer((_req, res) =>
          text(res, 400, "this proxy only tunnels (CONNECT)\n"),
        );
        created.on("connection", (socket: Socket) => {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
        });
        created.on("connect", (_req: http.IncomingMessage, socket: Socket, head: Buffer) => {
          socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
          if (head.length) socket.unshift(head);
          inner.emit("connection", socket);
        });
        created.once("error", reject);
        created.listen(port, "127.0.0.1", () => resolve());
        proxy = created;
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        tls?.close();
        tls = undefined;
        if (!proxy) return resolve();
        proxy.close(() => resolve());
        proxy = undefined;
      }),
  };
}

const NGINX_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";

const SLOW_MS = 15_000;

function unknownPath(service: string, req: http.IncomingMessage, url: URL) {
  console.error(`[r12-apps stand-in ${service}] no route for ${req.method} ${url.pathname}${url.search}`);
}

// ---------------------------------------------------------------------------------------- Airtable

const AT_BASE = "appQ3sK8wXn2Lm1Pq";
const AT_TASKS = "tblR7vC2mN8kP4xQa";
const AT_CLIENTS = "tblH5jD9sF3gK1wZe";
const AT_FIELDS = [
  { id: "fldA1nameT7qW2eR", name: "Name", type: "singleLineText" },
  {
    id: "fldB2statS8aX3dF",
    name: "Status",
    type: "singleSelect",
    options: {
      choices: [
        { id: "selTodo1x", name: "Todo", color: "redLight2" },
        { id: "selDoing2y", name: "In progress", color: "yellowLight2" },
        { id: "selDone3z", name: "Done", color: "greenLight2" },
      ],
    },
  },
  { id: "fldC3ownrU9bY4gH", name: "Owner", type: "email" },
  {
    id: "fldD4dueeV0cZ5hJ",
    name: "Due",
    type: "date",
    options: { dateFormat: { name: "iso", format: "YYYY-MM-DD" } },
  },
  { id: "fldE5noteW1dA6jK", name: "Notes", type: "multilineText" },
];
const AT_TABLES = [
  {
    id: AT_TASKS,
    name: "Tasks",
    primaryFieldId: "fldA1nameT7qW2eR",
    fields: AT_FIELDS,
    views: [
      { id: "viwGrid01aB2cD3e", name: "Grid view", type: "grid" },
      { id: "viwKanb02fG3hI4j", name: "By status", type: "kanban" },
    ],
  },
  {
    id: AT_CLIENTS,
    name: "Clients",
    primaryFieldId: "fldK1clntX2eB7mL",
    fields: [
      { id: "fldK1clntX2eB7mL", name: "Client", type: "singleLineText" },
      {
        id: "fldL2plnY3fC8nM",
        name: "Plan",
        type: "singleSelect",
        options: { choices: [{ id: "selPro", name: "Pro", color: "blueLight2" }] },
      },
    ],
    views: [{ id: "viwGrid03kL4mN5o", name: "Grid view", type: "grid" }],
  },
];
const atRecord = (id: string, fields: Record<string, unknown>, createdTime = "2026-11-20T09:12:44.000Z") => ({
  id,
  createdTime,
  fields,
});
const AT_RECORDS = [
  atRecord("recT1a2B3c4D5e6F7", {
    Name: "Renew SSL certificates",
    Status: "Todo",
    Owner: "mina@acme.io",
    Due: "2026-12-12",
  }),
  atRecord("recT2g3H4i5J6k7L8", {
    Name: "Q1 pricing page copy",
    Status: "In progress",
    Owner: "lee@acme.io",
    Due: "2026-12-19",
    Notes: "Waiting on legal review",
  }),
  atRecord("recT3m4N5o6P7q8R9", {
    Name: "Migrate invoices to new ledger",
    Status: "Done",
    Owner: "mina@acme.io",
    Due: "2026-11-28",
  }),
];
const AT_NOT_FOUND_MODEL = {
  error: {
    type: "INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND",
    message:
      "Invalid permissions, or the requested model was not found. Check that both your user and your token have the required permissions, and that the model names and/or ids are correct.",
  },
};

const airtable: Handler = (req, url, body, res) => {
  if (url.hostname !== "api.airtable.com") return json(res, 404, { error: "NOT_FOUND" });
  if (req.headers.authorization !== `Bearer ${AIRTABLE_TOKEN}` || state.airtableTokenRevoked)
    return json(res, 401, { error: { type: "AUTHENTICATION_REQUIRED", message: "Authentication required" } });
  if (state.airtableRateLimited)
    return json(
      res,
      429,
      { error: { type: "RATE_LIMIT_REACHED", message: "Rate limit exceeded. Please try again later" } },
      { "retry-after": "30" },
    );
  if (state.airtableBadGateway) return text(res, 502, NGINX_502, "text/html");
  const parts = url.pathname.split("/").filter(Boolean); // v0, ...
  const method = req.method ?? "GET";
  if (parts[1] === "meta" && parts[2] === "bases") {
    if (parts.length === 3)
      return json(res, 200, {
        bases: [
          { id: AT_BASE, name: "Client Ops", permissionLevel: "create" },
          { id: "appZ9yX8wV7uT6sR5", name: "Hiring pipeline", permissionLevel: "read" },
        ],
      });
    if (parts[3] !== AT_BASE) return json(res, 403, AT_NOT_FOUND_MODEL);
    if (parts[4] === "tables" && parts.length === 5 && method === "GET")
      return json(res, 200, { tables: AT_TABLES });
    if (parts[4] === "tables" && parts.length === 5 && method === "POST") {
      const wanted = parse(body) as { name?: string };
      if (AT_TABLES.some((table) => table.name === wanted.name))
        return json(res, 422, {
          error: {
            type: "DUPLICATE_TABLE_NAME",
            message: `A table with the name "${wanted.name}" already exists in this base.`,
          },
        });
    }
    unknownPath("airtable", req, url);
    return json(res, 404, { error: "NOT_FOUND" });
  }
  const [, baseId, tableId, recordId] = parts;
  if (baseId !== AT_BASE) return json(res, 403, AT_NOT_FOUND_MODEL);
  const table = AT_TABLES.find((one) => one.id === tableId || one.name === decodeURIComponent(tableId ?? ""));
  if (!table)
    return json(res, 404, {
      error: {
        type: "TABLE_NOT_FOUND",
        message: `Could not find table ${decodeURIComponent(tableId ?? "")} in application ${AT_BASE}`,
      },
    });
  if (recordId) {
    const record = AT_RECORDS.find((one) => one.id === recordId);
    if (!record) return json(res, 404, { error: "NOT_FOUND" });
    return json(res, 200, record);
  }
  if (method === "GET") {
    const formula = url.searchParams.get("filterByFormula") ?? "";
    if (formula.includes("Slow report")) return later(SLOW_MS, () => json(res, 200, { records: AT_RECORDS }));
    if (/\{Priority\}/i.test(formula))
      return json(res, 422, {
        error: {
          type: "INVALID_FILTER_BY_FORMULA",
          message: "The formula for filtering records is invalid: Unknown field names: priority",
        },
      });
    if (url.searchParams.get("view") === "Archive")
      return json(res, 422, { error: { type: "VIEW_NAME_NOT_FOUND", message: 'View "Archive" not found' } });
    if (table.id === AT_CLIENTS) return json(res, 200, { records: [] });
    let records = AT_RECORDS;
    const status = /\{Status\}\s*=\s*'([^']*)'/.exec(formula)?.[1];
    if (status !== undefined) records = records.filter((one) => one.fields.Status === status);
    const find = /FIND\("([^"]*)"/.exec(formula)?.[1];
    if (find !== undefined)
      records = records.filter((one) =>
        JSON.stringify(one.fields).toLowerCase().includes(find.toLowerCase()),
      );
    const max = Number(url.searchParams.get("maxRecords") ?? 0);
    if (max) records = records.slice(0, max);
    return json(res, 200, { records });
  }
  if (method === "POST") {
    const fields = (parse(body).fields ?? {}) as Record<string, unknown>;
    const unknown = Object.keys(fields).find((name) => !table.fields.some((field) => field.name === name));
    if (unknown)
      return json(res, 422, {
        error: { type: "UNKNOWN_FIELD_NAME", message: `Unknown field name: "${unknown}"` },
      });
    if (fields.Owner !== undefined && !String(fields.Owner).includes("@"))
      return json(res, 422, {
        error: {
          type: "INVALID_VALUE_FOR_COLUMN",
          message: `Field "Owner" cannot accept the provided value: "${String(fields.Owner)}" is not a valid email`,
        },
      });
    return json(res, 200, atRecord("recN9w8X7y6Z5a4B3", fields, "2026-12-06T10:41:05.000Z"));
  }
  if (method === "PATCH") {
    const records = (parse(body).records ?? []) as { id: string; fields: Record<string, unknown> }[];
    const missing = records.find((one) => !AT_RECORDS.some((rec) => rec.id === one.id));
    if (missing)
      return json(res, 422, {
        error: {
          type: "ROW_DOES_NOT_EXIST",
          message: `Record ID ${missing.id} does not exist in this table`,
        },
      });
    return json(res, 200, {
      records: records.map((one) => ({
        ...AT_RECORDS.find((rec) => rec.id === one.id)!,
        fields: { ...AT_RECORDS.find((rec) => rec.id === one.id)!.fields, ...one.fields },
      })),
    });
  }
  if (method === "DELETE") {
    const ids = url.searchParams.getAll("records[]");
    const missing = ids.find((id) => !AT_RECORDS.some((rec) => rec.id === id));
    if (missing) return json(res, 404, { error: "NOT_FOUND" });
    return json(res, 200, { records: ids.map((id) => ({ id, deleted: true })) });
  }
  unknownPath("airtable", req, url);
  return json(res, 404, { error: "NOT_FOUND" });
};

export const airtableStandin = mitmProxy(AIRTABLE_PROXY_PORT, airtable);

// ------------------------------------------------------------------------------------------- Asana

const ASANA_HELP =
  "For more information on API status codes and how to handle them, read the docs on errors: https://developers.asana.com/docs/errors";
const asanaError = (message: string, extra: Record<string, unknown> = {}) => ({
  errors: [{ message, help: ASANA_HELP, ...extra }],
});
const WS = "1208841130015500";
const ASANA_PROJECTS = [
  { gid: "1209001234500011", name: "Website relaunch", resource_type: "project" },
  { gid: "1209001234500012", name: "Customer onboarding Q1", resource_type: "project" },
  { gid: "1209001234500013", name: "Website analytics cleanup", resource_type: "project" },
];
const asanaTask = (gid: string, name: string, extra: Record<string, unknown> = {}) => ({
  gid,
  resource_type: "task",
  name,
  completed: false,
  assignee: { gid: "1208841130015542", name: "Mina Park", resource_type: "user" },
  due_on: "2026-12-15",
  notes: "",
  projects: [{ gid: "1209001234500011", name: "Website relaunch", resource_type: "project" }],
  permalink_url: `https://app.asana.com/0/1209001234500011/${gid}`,
  created_at: "2026-11-24T08:30:12.441Z",
  modified_at: "2026-12-02T16:05:44.918Z",
  ...extra,
});
const ASANA_TASKS: Record<string, ReturnType<typeof asanaTask>> = {
  "1209112233440001": asanaTask("1209112233440001", "Draft new hero section copy", {
    notes: "Two variants for A/B.",
  }),
  "1209112233440002": asanaTask("1209112233440002", "Redirect map for old blog URLs"),
};
const ASANA_MAINTENANCE =
  '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Asana - Down for maintenance</title></head><body><div class="container"><h1>Asana is down for scheduled maintenance</h1><p>We\'ll be back shortly. Check <a href="https://trust.asana.com">trust.asana.com</a> for status updates.</p></div></body></html>\n';

const asana: Handler = (req, url, body, res) => {
  if (state.asanaMaintenancePage) return text(res, 503, ASANA_MAINTENANCE, "text/html; charset=utf-8");
  if (req.headers.authorization !== `Bearer ${ASANA_TOKEN}` || state.asanaTokenExpired)
    return json(res, 401, asanaError("Not Authorized"));
  if (state.asanaRateLimited)
    return json(res, 429, asanaError("You have made too many requests recently. Please, be chill."), {
      "retry-after": "42",
    });
  if (state.asanaServerError)
    return json(res, 500, {
      errors: [
        {
          message: "Server Error",
          phrase: "6 sad squid snuggle softly",
          help: ASANA_HELP,
        },
      ],
    });
  const p = url.pathname.replace(/^\/api\/1\.0/, "");
  const method = req.method ?? "GET";
  let m: RegExpExecArray | null;
  if (p === "/workspaces")
    return json(res, 200, {
      data: [
        { gid: WS, name: "acme.io", resource_type: "workspace" },
        { gid: "1208841130015501", name: "Personal Projects", resource_type: "workspace" },
      ],
    });
  if ((m = /^\/workspaces\/([^/]+)\/projects$/.exec(p))) {
    if (m[1] !== WS) return json(res, 404, asanaError(`workspace: Not a recognized ID: ${m[1]}`));
    return json(res, 200, { data: ASANA_PROJECTS, next_page: null });
  }
  if ((m = /^\/workspaces\/([^/]+)\/tasks\/search$/.exec(p))) {
    if (m[1] !== WS) return json(res, 404, asanaError(`workspace: Not a recognized ID: ${m[1]}`));
    const textQuery = url.searchParams.get("text") ?? "";
    if (textQuery === "quarterly board pack") return later(SLOW_MS, () => json(res, 200, { data: [] }));
    if (
      url.searchParams.get("due_on.before") &&
      !/^\d{4}-\d{2}-\d{2}$/.test(url.searchParams.get("due_on.before")!)
    )
      return json(
        res,
        400,
        asanaError(`due_on.before: Invalid date: ${url.searchParams.get("due_on.before")}`),
      );
    const found = Object.values(ASANA_TASKS).filter((task) =>
      task.name.toLowerCase().includes(textQuery.toLowerCase()),
    );
    return json(res, 200, {
      data: found.map(({ gid, name, resource_type }) => ({ gid, name, resource_type })),
    });
  }
  if ((m = /^\/tasks\/([^/]+)$/.exec(p)) && method === "GET") {
    if (!/^\d+$/.test(m[1]!)) return json(res, 400, asanaError(`task: Not a valid GID: ${m[1]}`));
    const task = ASANA_TASKS[m[1]!];
    if (!task) return json(res, 404, asanaError("Unknown object: " + m[1]));
    return json(res, 200, { data: task });
  }
  if ((m = /^\/tasks\/([^/]+)$/.exec(p)) && method === "PUT") {
    const task = ASANA_TASKS[m[1]!];
    if (!task) return json(res, 404, asanaError("Unknown object: " + m[1]));
    const data = (parse(body).data ?? {}) as Record<string, unknown>;
    if (typeof data.due_on === "string" && !/^\d{4}-\d{2}-\d{2}$/.test(data.due_on))
      return json(res, 400, asanaError(`due_on: Invalid date string: ${data.due_on}`));
    return json(res, 200, { data: { ...task, ...data } });
  }
  if (p === "/tasks" && method === "POST") {
    const data = (parse(body).data ?? {}) as Record<string, unknown>;
    const projects = (data.projects ?? []) as string[];
    if (projects.includes("1209001234500099"))
      return json(res, 403, asanaError("You do not have access to the requested project: 1209001234500099"));
    if (projects.some((gid) => !ASANA_PROJECTS.some((project) => project.gid === gid)))
      return json(res, 404, asanaError(`projects: [0]: Not a recognized ID: ${projects[0]}`));
    if (!data.name) return json(res, 400, asanaError("name: Missing input"));
    return json(res, 201, {
      data: asanaTask("1209112233440077", String(data.name), { notes: data.notes ?? "" }),
    });
  }
  if ((m = /^\/tasks\/([^/]+)\/stories$/.exec(p))) {
    const task = ASANA_TASKS[m[1]!];
    if (!task) return json(res, 404, asanaError("Unknown object: " + m[1]));
    if (method === "GET") return json(res, 200, { data: [] });
    const data = (parse(body).data ?? {}) as Record<string, unknown>;
    return json(res, 201, {
      data: {
        gid: "1209112233449901",
        resource_type: "story",
        type: "comment",
        text: data.text ?? "",
        created_at: "2026-12-06T10:44:02.118Z",
        created_by: { gid: "1208841130015542", name: "Mina Park", resource_type: "user" },
      },
    });
  }
  if ((m = /^\/projects\/([^/]+)$/.exec(p))) {
    const project = ASANA_PROJECTS.find((one) => one.gid === m![1]);
    if (m[1] === "1209001234500099") return json(res, 403, asanaError("Forbidden"));
    if (!project) return json(res, 404, asanaError("Unknown object: " + m[1]));
    return json(res, 200, {
      data: {
        ...project,
        archived: false,
        color: "light-green",
        due_on: "2027-01-31",
        owner: { gid: "1208841130015542", name: "Mina Park" },
        workspace: { gid: WS, name: "acme.io" },
      },
    });
  }
  unknownPath("asana", req, url);
  return json(res, 404, asanaError("No matching route for request"));
};

export const asanaStandin = server(ASANA_TLS_PORT, asana, true);

// ---------------------------------------------------------------------------------------- Chatwork

const CW_ROOMS = [
  {
    room_id: 381920044,
    name: "Product launch",
    type: "group",
    role: "admin",
    sticky: false,
    unread_num: 3,
    mention_num: 1,
    mytask_num: 2,
    message_num: 1842,
    file_num: 37,
    task_num: 12,
    icon_path: "https://appdata.chatwork.com/icon/ico_group.png",
    last_update_time: 1796900412,
  },
  {
    room_id: 381920051,
    name: "Support escalations",
    type: "group",
    role: "member",
    sticky: true,
    unread_num: 0,
    mention_num: 0,
    mytask_num: 0,
    message_num: 512,
    file_num: 4,
    task_num: 3,
    icon_path: "https://appdata.chatwork.com/icon/ico_group.png",
    last_update_time: 1796890010,
  },
];
const cwMessage = (id: string, name: string, bodyText: string, at: number) => ({
  message_id: id,
  account: {
    account_id: 5218832,
    name,
    avatar_image_url: "https://appdata.chatwork.com/avatar/ico_default_blue.png",
  },
  body: bodyText,
  send_time: at,
  update_time: 0,
});

const chatwork: Handler = (req, url, body, res) => {
  if (url.hostname !== "api.chatwork.com")
    return json(res, 404, { errors: ["Invalid Endpoint or HTTP method"] });
  if (req.headers["x-chatworktoken"] !== CHATWORK_TOKEN || state.chatworkTokenInvalid)
    return json(res, 401, { errors: ["Invalid API token"] });
  if (state.chatworkRateLimited)
    return json(
      res,
      429,
      { errors: ["Rate limit exceeded"] },
      {
        "retry-after": "300",
        "x-ratelimit-limit": "300",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": "1796900700",
      },
    );
  if (state.chatworkServerError)
    return text(
      res,
      503,
      '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Chatwork - Service Unavailable</title></head><body><h1>Service Unavailable</h1><p>Chatwork is temporarily unavailable. Please try again later.</p></body></html>',
      "text/html; charset=utf-8",
    );
  const p = url.pathname.replace(/^\/v2/, "");
  const method = req.method ?? "GET";
  const form = new URLSearchParams(body);
  let m: RegExpExecArray | null;
  if (p === "/me")
    return json(res, 200, {
      account_id: 5218832,
      room_id: 381920001,
      name: "Mina Park",
      chatwork_id: "mina_acme",
      organization_id: 70311,
      organization_name: "ACME Inc.",
      department: "Operations",
      title: "",
      url: "",
      introduction: "",
      mail: "mina@acme.io",
      tel_organization: "",
      tel_extension: "",
      tel_mobile: "",
      skype: "",
      facebook: "",
      twitter: "",
      avatar_image_url: "https://appdata.chatwork.com/avatar/ico_default_blue.png",
      login_mail: "mina@acme.io",
    });
  if (p === "/rooms" && method === "GET") return json(res, 200, CW_ROOMS);
  if (p === "/my/tasks") return json(res, 200, []);
  if ((m = /^\/rooms\/(\d+)(\/.*)?$/.exec(p))) {
    const room = CW_ROOMS.find((one) => String(one.room_id) === m![1]);
    if (!room) return json(res, 404, { errors: ["Resource not found"] });
    const rest = m[2] ?? "";
    if (rest === "" && method === "GET")
      return json(res, 200, { ...room, description: "Launch coordination" });
    if (rest === "" && method === "DELETE") {
      if (room.role !== "admin")
        return json(res, 403, { errors: ["You don't have permission to delete this room"] });
      return text(res, 204, "");
    }
    if (rest === "/messages" && method === "GET") {
      if (room.room_id === 381920051 && url.searchParams.get("force") !== "1") return text(res, 204, "");
      if (url.searchParams.get("force") === "1" && room.room_id === 381920044)
        return later(SLOW_MS, () => json(res, 200, []));
      return json(res, 200, [
        cwMessage(
          "1850921334471180288",
          "Lee Chen",
          "[To:5218832]Mina Park\nStaging is green, ready for the launch checklist.",
          1796899900,
        ),
        cwMessage("1850921765512011776", "Mina Park", "Thanks! Starting the checklist now.", 1796900100),
      ]);
    }
    if (rest === "/messages" && method === "POST") {
      if (!form.get("body")) return json(res, 400, { errors: ["Parameter [body] is required"] });
      if (room.role !== "admin" && room.room_id === 381920051)
        return json(res, 403, { errors: ["You don't have permission to send messages to this room"] });
      return json(res, 200, { message_id: "1850922456781230080" });
    }
    if ((m = /^\/messages\/(\d+)$/.exec(rest))) {
      if (m[1] === "1850921334471180288")
        return json(
          res,
          200,
          cwMessage(m[1], "Lee Chen", "Staging is green, ready for the launch checklist.", 1796899900),
        );
      return json(res, 404, { errors: ["Message not found"] });
    }
    if (rest === "/tasks" && method === "GET") {
      if (url.searchParams.get("status") === "done") return text(res, 204, "");
      return json(res, 200, [
        {
          task_id: 90113,
          account: { account_id: 5218832, name: "Mina Park" },
          assigned_by_account: { account_id: 5218840, name: "Lee Chen" },
          message_id: "1850921334471180288",
          body: "Run the launch checklist",
          limit_time: 1796947200,
          status: "open",
          limit_type: "date",
        },
      ]);
    }
    if (rest === "/tasks" && method === "POST") {
      const ids = (form.get("to_ids") ?? "").split(",");
      if (ids.some((id) => !/^\d+$/.test(id.trim())))
        return json(res, 400, { errors: ["Invalid parameter: to_ids"] });
      if (ids.includes("9999999"))
        return json(res, 400, { errors: ["Account ID 9999999 is not a member of this room"] });
      return json(res, 200, { task_ids: [90131] });
    }
    if (rest === "/members")
      return json(res, 200, [
        { account_id: 5218832, role: "admin", name: "Mina Park" },
        { account_id: 5218840, role: "member", name: "Lee Chen" },
      ]);
  }
  unknownPath("chatwork", req, url);
  return json(res, 404, { errors: ["Invalid Endpoint or HTTP method"] });
};

export const chatworkStandin = mitmProxy(CHATWORK_PROXY_PORT, chatwork);

// -------------------------------------------------------------------------------------------- LINE

const LINE_PROFILE = {
  userId: LINE_USER,
  displayName: "Mina",
  pictureUrl: "https://profile.line-scdn.net/0hR12appsCorpus",
  statusMessage: "Out of office until Monday",
  language: "en",
};

const line: Handler = (req, url, body, res) => {
  const p = url.pathname;
  const method = req.method ?? "GET";
  const requestId = { "x-line-request-id": "5a1f0c7e-0d2b-4c6e-9a31-7b8e2f1d4c09" };
  if (req.headers.authorization !== `Bearer ${LINE_TOKEN}` || state.lineTokenRevoked)
    return json(
      res,
      401,
      {
        message:
          "Authentication failed due to the following reason: invalid token. Confirm that the access token in the authorization header is valid.",
      },
      requestId,
    );
  if (state.lineRateLimited)
    return json(
      res,
      429,
      { message: "The API rate limit has been exceeded. Try again later." },
      { ...requestId, "retry-after": "60" },
    );
  if (state.lineMonthlyLimit && method === "POST")
    return json(res, 429, { message: "You have reached your monthly limit." }, requestId);
  if (state.lineServerError)
    return json(res, 500, { message: "An error occurred in the backend server." }, requestId);
  let m: RegExpExecArray | null;
  if ((m = /^\/v2\/bot\/profile\/([^/]+)$/.exec(p))) {
    if (m[1] === LINE_USER) return json(res, 200, LINE_PROFILE, requestId);
    if (m[1] === "Uslowslowslowslowslowslowslowslow")
      return later(SLOW_MS, () => json(res, 200, LINE_PROFILE));
    return json(res, 404, { message: "Not found" }, requestId);
  }
  if (p === "/v2/bot/message/quota") return json(res, 200, { type: "limited", value: 200 }, requestId);
  if (p === "/v2/bot/message/quota/consumption") return json(res, 200, { totalUsage: 200 }, requestId);
  if (p === "/v2/bot/message/push" || p === "/v2/bot/message/broadcast") {
    const sent = parse(body) as { to?: string; messages?: { text?: string; type?: string }[] };
    const message = sent.messages?.[0];
    if (p.endsWith("push") && sent.to !== LINE_USER && sent.to !== undefined) {
      if (!/^U[0-9a-f]{32}$/.test(sent.to))
        return json(
          res,
          400,
          { message: "The property, 'to', in the request body is invalid (line: -, column: -)" },
          requestId,
        );
      return json(res, 400, { message: "Failed to send messages" }, requestId);
    }
    if (message?.type === "text" && !message.text)
      return json(
        res,
        400,
        {
          message: "The request body has 1 error(s)",
          details: [{ message: "must be specified", property: "messages[0].text" }],
        },
        requestId,
      );
    if (p.endsWith("broadcast")) return json(res, 200, {}, requestId);
    return json(
      res,
      200,
      { sentMessages: [{ id: "571429873400938496", quoteToken: "IStG5h1Tz7b...r12apps" }] },
      requestId,
    );
  }
  if (p === "/v2/bot/followers/ids")
    return json(res, 403, { message: "Access to this API is not available for your account" }, requestId);
  if (p === "/v2/bot/richmenu/list") return json(res, 200, { richmenus: [] }, requestId);
  if ((m = /^\/v2\/bot\/richmenu\/([^/]+)$/.exec(p)) && method === "DELETE")
    return json(res, 404, { message: "richmenu not found" }, requestId);
  if ((m = /^\/v2\/bot\/user\/all\/richmenu\/([^/]+)$/.exec(p)))
    return json(res, 400, { message: "richmenu not found" }, requestId);
  if (p === "/v2/bot/user/all/richmenu" && method === "DELETE") return json(res, 200, {}, requestId);
  unknownPath("line", req, url);
  return json(res, 404, { message: "Not found" }, requestId);
};

export const lineStandin = server(LINE_PORT, line);

// ----------------------------------------------------------------------------------------- Backlog

const blError = (
  message: string,
  code: number,
  status: number,
  res: http.ServerResponse,
  headers: Record<string, string> = {},
) => json(res, status, { errors: [{ message, code, moreInfo: "" }] }, headers);
const BL_PROJECT = {
  id: 104211,
  projectKey: "WEB",
  name: "Website",
  chartEnabled: true,
  useResolvedForChart: false,
  subtaskingEnabled: true,
  projectLeaderCanEditProjectLeader: false,
  useWiki: true,
  useFileSharing: true,
  useWikiTreeView: true,
  useOriginalImageSizeAtWiki: false,
  useSubversion: false,
  useGit: true,
  textFormattingRule: "markdown",
  archived: false,
  displayOrder: 2147483646,
  useDevAttributes: true,
};
const blUser = {
  id: 887102,
  userId: "mina",
  name: "Mina Park",
  roleType: 1,
  lang: "en",
  mailAddress: "mina@acme.io",
  lastLoginTime: "2026-12-06T08:02:19Z",
};
const blIssue = (
  id: number,
  n: number,
  summary: string,
  status: string,
  extra: Record<string, unknown> = {},
) => ({
  id,
  projectId: BL_PROJECT.id,
  issueKey: `WEB-${n}`,
  keyId: n,
  issueType: { id: 552001, projectId: BL_PROJECT.id, name: "Task", color: "#7ea800", displayOrder: 0 },
  summary,
  description: "",
  resolution: null,
  priority: { id: 3, name: "Normal" },
  status: {
    id: status === "Open" ? 1 : 2,
    projectId: BL_PROJECT.id,
    name: status,
    color: "#ed8077",
    displayOrder: 1000,
  },
  assignee: blUser,
  category: [],
  versions: [],
  milestone: [],
  startDate: null,
  dueDate: "2026-12-18T00:00:00Z",
  estimatedHours: null,
  actualHours: null,
  parentIssueId: null,
  createdUser: blUser,
  created: "2026-11-30T04:11:52Z",
  updatedUser: blUser,
  updated: "2026-12-04T09:40:03Z",
  customFields: [],
  attachments: [],
  sharedFiles: [],
  stars: [],
  ...extra,
});
const BL_ISSUES = [
  blIssue(3301201, 41, "Cookie banner blocks checkout on Safari", "Open"),
  blIssue(3301202, 42, "Translate pricing page into German", "In Progress"),
];
const BACKLOG_MAINTENANCE =
  '<!DOCTYPE html>\n<html lang="ja"><head><meta charset="UTF-8"><title>Backlog | Maintenance</title></head><body><div id="container"><h1>ただいまメンテナンス中です</h1><p>Backlog is currently undergoing maintenance. We apologize for the inconvenience.</p></div></body></html>\n';

const backlog: Handler = (req, url, body, res) => {
  if (url.hostname !== BACKLOG_HOST) return text(res, 404, "Not Found");
  if (state.backlogMaintenance) return text(res, 503, BACKLOG_MAINTENANCE, "text/html; charset=UTF-8");
  const key = req.headers["backlog-api-key"] ?? url.searchParams.get("apiKey");
  if (key !== BACKLOG_KEY || state.backlogKeyInvalid)
    return blError("Authentication failure.", 11, 401, res, {
      "www-authenticate": 'Bearer error="invalid_token"',
    });
  if (state.backlogRateLimited)
    return blError("Rate limit exceeded.", 13, 429, res, {
      "retry-after": "60",
      "x-ratelimit-limit": "150",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": "1796900760",
    });
  if (state.backlogServerError) return blError("Internal server error.", 1, 500, res);
  const p = url.pathname.replace(/^\/api\/v2/, "");
  const method = req.method ?? "GET";
  let m: RegExpExecArray | null;
  if (p === "/space")
    return json(res, 200, {
      spaceKey: "acme",
      name: "ACME Inc.",
      ownerId: 887102,
      lang: "en",
      timezone: "Asia/Tokyo",
      reportSendTime: "08:00:00",
      textFormattingRule: "markdown",
      created: "2024-04-01T00:00:00Z",
      updated: "2026-10-10T02:11:09Z",
    });
  if (p === "/users/myself") return json(res, 200, blUser);
  if (p === "/projects") return json(res, 200, [BL_PROJECT]);
  if ((m = /^\/projects\/([^/]+)$/.exec(p))) {
    if (m[1] === "WEB" || m[1] === String(BL_PROJECT.id)) return json(res, 200, BL_PROJECT);
    if (m[1] === "FIN") return blError("You do not have permission to access this project.", 5, 403, res);
    return blError("No project.", 6, 404, res);
  }
  if (p === "/issues/count") return json(res, 200, { count: url.searchParams.get("keyword") ? 0 : 2 });
  if (p === "/issues" && method === "GET") {
    const keyword = url.searchParams.get("keyword");
    if (keyword === "slow-report") return later(SLOW_MS, () => json(res, 200, []));
    const projectIds = url.searchParams.getAll("projectId[]");
    if (projectIds.some((id) => id !== String(BL_PROJECT.id))) return blError("No project.", 6, 404, res);
    const count = url.searchParams.get("count");
    if (count && Number(count) > 100) return blError("count must be between 1 and 100.", 7, 400, res);
    if (keyword)
      return json(
        res,
        200,
        BL_ISSUES.filter((issue) => issue.summary.toLowerCase().includes(keyword.toLowerCase())),
      );
    return json(res, 200, BL_ISSUES);
  }
  if (p === "/issues" && method === "POST") {
    const form = new URLSearchParams(body);
    if (form.get("projectId") !== String(BL_PROJECT.id)) return blError("No project.", 6, 404, res);
    if (!form.get("summary")) return blError("Please set the summary.", 7, 400, res);
    if (form.get("issueTypeId") !== "552001") return blError("No issue type.", 6, 404, res);
    return json(
      res,
      201,
      blIssue(3301277, 43, form.get("summary")!, "Open", { description: form.get("description") ?? "" }),
    );
  }
  if ((m = /^\/issues\/([^/]+)$/.exec(p)) && method === "GET") {
    const issue = BL_ISSUES.find((one) => one.issueKey === m![1] || String(one.id) === m![1]);
    if (!issue) return blError("No issue.", 6, 404, res);
    return json(res, 200, issue);
  }
  if ((m = /^\/issues\/([^/]+)\/comments$/.exec(p))) {
    const issue = BL_ISSUES.find((one) => one.issueKey === m![1] || String(one.id) === m![1]);
    if (!issue) return blError("No issue.", 6, 404, res);
    if (method === "GET") return json(res, 200, []);
    const form = new URLSearchParams(body);
    if (!form.get("content")) return blError("Please set the content.", 7, 400, res);
    return json(res, 201, {
      id: 90310441,
      content: form.get("content"),
      changeLog: [],
      createdUser: blUser,
      created: "2026-12-06T10:47:31Z",
      updated: "2026-12-06T10:47:31Z",
      stars: [],
      notifications: [],
    });
  }
  if (p === "/priorities")
    return json(res, 200, [
      { id: 2, name: "High" },
      { id: 3, name: "Normal" },
      { id: 4, name: "Low" },
    ]);
  if (p === "/wikis") return json(res, 200, []);
  unknownPath("backlog", req, url);
  return blError("No such API.", 6, 404, res);
};

export const backlogStandin = mitmProxy(BACKLOG_PROXY_PORT, backlog);

export const ALL_STANDINS = [airtableStandin, asanaStandin, chatworkStandin, lineStandin, backlogStandin];
