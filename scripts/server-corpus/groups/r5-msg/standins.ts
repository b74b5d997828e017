// Loopback stand-ins for the hosted APIs behind this group's servers, answering like the real
// ones (bodies and status codes as their documentation gives them), plus a private redis-server.
// Each stand-in has a mode the sessions switch from their `before` hooks.

import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";

export const DATA = "/tmp/faultline-corpus-r5-msg";
export const REDIS_PORT = 38450;
export const LARK_PORT = 38451;
export const RESEND_PORT = 38452;
export const ALERTMANAGER_PORT = 38454;

export type Mode = "normal" | "rate_limited" | "unavailable" | "error_500" | "bad_token" | "slow";
export const modes: { lark: Mode; resend: Mode; alertmanager: Mode } = {
  lark: "normal",
  resend: "normal",
  alertmanager: "normal",
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, {
    "content-type": typeof body === "string" ? "text/html" : "application/json; charset=utf-8",
    ...headers,
  });
  res.end(text);
}

async function readBody(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

// --- Lark / Feishu Open Platform ------------------------------------------------------------
const larkError = (code: number, msg: string) => ({
  code,
  msg,
  error: {
    log_id: "20261205r5msg0000000000000000",
    troubleshooter: `排查建议查看(Troubleshooting suggestions): https://open.feishu.cn/search?from=openapi&log_id=20261205r5msg&code=${code}`,
  },
});

const CHATS = [
  {
    chat_id: "oc_r5msg_ops",
    name: "r5msg ops",
    description: "on-call",
    owner_id: "ou_r5msg_1",
    external: false,
  },
  {
    chat_id: "oc_r5msg_quiet",
    name: "r5msg quiet",
    description: "",
    owner_id: "ou_r5msg_1",
    external: false,
  },
];
const MESSAGES: Record<string, unknown[]> = {
  oc_r5msg_ops: [
    {
      message_id: "om_r5msg_1",
      msg_type: "text",
      create_time: "1764969600000",
      chat_id: "oc_r5msg_ops",
      sender: { id: "ou_r5msg_1", id_type: "open_id", sender_type: "user" },
      body: { content: '{"text":"deploy 2026.12.5 done"}' },
    },
  ],
  oc_r5msg_quiet: [],
};

async function lark(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const body = await readBody(req);
  if (url.pathname.startsWith("/open-apis/auth/v3/tenant_access_token")) {
    if (body.app_secret !== "r5msg-secret") return send(res, 200, { code: 10014, msg: "app secret invalid" });
    return send(res, 200, { code: 0, msg: "ok", tenant_access_token: "t-r5msg-tenant", expire: 7200 });
  }
  const mode = modes.lark;
  if (mode === "slow") await sleep(6000);
  if (mode === "rate_limited")
    return send(res, 429, larkError(99991400, "request trigger frequency limit"), {
      "x-ogw-ratelimit-limit": "50",
      "x-ogw-ratelimit-reset": "17",
    });
  if (mode === "unavailable")
    return send(res, 503, "<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>");
  if (mode === "error_500") return send(res, 500, larkError(1, "System error"));
  if (mode === "bad_token" || req.headers.authorization !== "Bearer t-r5msg-tenant")
    return send(
      res,
      400,
      larkError(
        99991663,
        "Invalid access token for authorization. Please make a request with token attached.",
      ),
    );
  if (req.method === "GET" && url.pathname === "/open-apis/im/v1/chats")
    return send(res, 200, {
      code: 0,
      msg: "success",
      data: { items: CHATS, page_token: "", has_more: false },
    });
  const members = url.pathname.match(/^\/open-apis\/im\/v1\/chats\/([^/]+)\/members$/);
  if (members)
    return send(
      res,
      400,
      larkError(
        99991672,
        "Access denied. One of the following scopes is required: [im:chat:readonly, im:chat]. 应用尚未开通所需的应用身份权限",
      ),
    );
  if (req.method === "GET" && url.pathname === "/open-apis/im/v1/messages") {
    const chat = url.searchParams.get("container_id") ?? "";
    if (!(chat in MESSAGES)) return send(res, 400, larkError(230002, "Bot/User can NOT be out of the chat."));
    return send(res, 200, {
      code: 0,
      msg: "success",
      data: { items: MESSAGES[chat], page_token: "", has_more: false },
    });
  }
  if (req.method === "POST" && url.pathname === "/open-apis/im/v1/messages") {
    const receiveId = String(body.receive_id ?? "");
    if (body.msg_type !== "text" || !String(body.content ?? "").startsWith("{"))
      return send(
        res,
        400,
        larkError(230001, "Your request contains an invalid request parameter, ext=invalid message content."),
      );
    if (receiveId === "oc_r5msg_archived")
      return send(res, 400, larkError(230002, "Bot/User can NOT be out of the chat."));
    if (!(receiveId in MESSAGES))
      return send(
        res,
        400,
        larkError(230001, "Your request contains an invalid request parameter, ext=invalid receive_id."),
      );
    return send(res, 200, {
      code: 0,
      msg: "success",
      data: {
        message_id: "om_r5msg_2",
        msg_type: "text",
        chat_id: receiveId,
        create_time: "1764972000000",
        body: { content: body.content },
        sender: { id: "cli_r5msg", id_type: "app_id", sender_type: "app" },
      },
    });
  }
  return send(res, 404, "404 page not found");
}

// --- Resend --------------------------------------------------------------------------------
const resendError = (statusCode: number, name: string, message: string) => ({ statusCode, name, message });
const EMAILS = [
  {
    id: "4ef9a417-02e9-4d39-ad75-9611e0fcc33c",
    object: "email",
    to: ["oncall@r5msg.example.com"],
    from: "alerts@r5msg.example.com",
    created_at: "2026-12-05 21:00:00.000000+00",
    subject: "Queue r5msg-email is backing up",
    last_event: "delivered",
  },
];

async function resend(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const body = await readBody(req);
  const mode = modes.resend;
  if (mode === "rate_limited")
    return send(
      res,
      429,
      resendError(
        429,
        "rate_limit_exceeded",
        "Too many requests. You can only make 2 requests per second. See rate limit response headers for more information. Or contact support to increase rate limit.",
      ),
      { "retry-after": "1", "ratelimit-limit": "2", "ratelimit-remaining": "0", "ratelimit-reset": "1" },
    );
  if (mode === "error_500")
    return send(res, 500, resendError(500, "application_error", "An unexpected error occurred."));
  if (mode === "bad_token" || req.headers.authorization !== "Bearer re_r5msg_test")
    return send(res, 403, resendError(403, "invalid_api_key", "API key is invalid"));
  if (req.method === "GET" && url.pathname === "/emails")
    return send(res, 200, { object: "list", has_more: false, data: EMAILS });
  const one = url.pathname.match(/^\/emails\/([^/]+)$/);
  if (req.method === "GET" && one) {
    const email = EMAILS.find((e) => e.id === one[1]);
    if (!email) return send(res, 404, resendError(404, "not_found", "Email not found"));
    return send(res, 200, {
      ...email,
      html: "<p>12 000 jobs waiting</p>",
      text: null,
      bcc: null,
      cc: null,
      reply_to: null,
    });
  }
  if (req.method === "POST" && url.pathname === "/emails") {
    const from = String(body.from ?? "");
    if (!from.endsWith("@r5msg.example.com>") && !from.endsWith("@r5msg.example.com")) {
      const domain = from.replace(/.*@/, "").replace(/>$/, "");
      return send(
        res,
        403,
        resendError(
          403,
          "validation_error",
          `The ${domain} domain is not verified. Please, add and verify your domain on https://resend.com/domains`,
        ),
      );
    }
    return send(res, 200, { id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" });
  }
  if (req.method === "GET" && url.pathname === "/domains")
    return send(res, 200, {
      object: "list",
      has_more: false,
      data: [
        {
          id: "d91cd9bd-1176-453e-8fc1-35364d380206",
          name: "r5msg.example.com",
          status: "verified",
          created_at: "2026-11-01 10:00:00.000000+00",
          region: "us-east-1",
        },
      ],
    });
  if (req.method === "GET" && url.pathname === "/contacts")
    return send(res, 200, { object: "list", has_more: false, data: [] });
  return send(res, 404, resendError(404, "not_found", "The requested endpoint does not exist."));
}

// --- Prometheus Alertmanager (API v2) ------------------------------------------------------
const ALERTS = [
  {
    labels: { alertname: "R5msgQueueBacklog", severity: "critical", team: "ops", queue: "r5msg-email" },
    annotations: { summary: "Queue r5msg-email has 12000 waiting jobs" },
    startsAt: "2026-12-05T21:00:00.000Z",
    endsAt: "2026-12-05T23:30:00.000Z",
    updatedAt: "2026-12-05T22:00:00.000Z",
    fingerprint: "8f1c2a9b7d3e4f50",
    generatorURL: "http://prometheus.r5msg.example.com/graph?g0.expr=bullmq_waiting",
    receivers: [{ name: "ops-lark" }],
    status: { state: "active", silencedBy: [], inhibitedBy: [] },
  },
  {
    labels: { alertname: "R5msgConsumerLag", severity: "warning", team: "ops", queue: "r5msg-digest" },
    annotations: { summary: "Consumer lag above 5 minutes" },
    startsAt: "2026-12-05T21:30:00.000Z",
    endsAt: "2026-12-05T23:30:00.000Z",
    updatedAt: "2026-12-05T22:00:00.000Z",
    fingerprint: "1b2c3d4e5f607182",
    generatorURL: "http://prometheus.r5msg.example.com/graph?g0.expr=consumer_lag",
    receivers: [{ name: "ops-email" }],
    status: { state: "active", silencedBy: [], inhibitedBy: [] },
  },
];
const SILENCES: Record<string, unknown>[] = [
  {
    id: "4a5b6c7d-0000-4000-8000-00000000aaaa",
    matchers: [{ name: "alertname", value: "R5msgNightlyJob", isRegex: false, isEqual: true }],
    startsAt: "2026-12-04T00:00:00.000Z",
    endsAt: "2026-12-04T06:00:00.000Z",
    updatedAt: "2026-12-04T06:00:00.000Z",
    createdBy: "ann",
    comment: "maintenance",
    status: { state: "expired" },
  },
];

async function alertmanager(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const body = await readBody(req);
  const mode = modes.alertmanager;
  if (mode === "slow") await sleep(6000);
  if (mode === "unavailable") return send(res, 503, "Service Unavailable");
  if (mode === "error_500") return send(res, 500, "Internal Server Error");
  if (req.method === "GET" && url.pathname === "/api/v2/status")
    return send(res, 200, {
      cluster: { name: "01J", status: "ready", peers: [] },
      versionInfo: { version: "0.28.1", branch: "HEAD", goVersion: "go1.23.4" },
      config: { original: "route:\n  receiver: ops-lark\n" },
      uptime: "2026-12-05T20:00:00.000Z",
    });
  if (req.method === "GET" && url.pathname === "/api/v2/receivers")
    return send(res, 200, [{ name: "ops-lark" }, { name: "ops-email" }]);
  if (
    req.method === "GET" &&
    (url.pathname === "/api/v2/alerts" || url.pathname === "/api/v2/alerts/groups")
  ) {
    let alerts = ALERTS;
    for (const filter of url.searchParams.getAll("filter")) {
      const match = filter.match(/^\{?\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!=|!~|=)\s*"?([^"]*)"?\s*\}?$/);
      if (!match) return send(res, 400, `bad matcher format: ${filter}`);
      const [, name, op, value] = match;
      alerts = alerts.filter((alert) => {
        const label = (alert.labels as Record<string, string>)[name!] ?? "";
        return op === "="
          ? label === value
          : op === "!="
            ? label !== value
            : new RegExp(`^(?:${value})$`).test(label) === (op === "=~");
      });
    }
    if (url.pathname === "/api/v2/alerts") return send(res, 200, alerts);
    return send(
      res,
      200,
      alerts.length ? [{ labels: { team: "ops" }, receiver: { name: "ops-lark" }, alerts }] : [],
    );
  }
  if (req.method === "GET" && url.pathname === "/api/v2/silences") return send(res, 200, SILENCES);
  if (req.method === "POST" && url.pathname === "/api/v2/silences") {
    const startsAt = Date.parse(String(body.startsAt ?? ""));
    const endsAt = Date.parse(String(body.endsAt ?? ""));
    if (Number.isNaN(startsAt) || Number.isNaN(endsAt))
      return send(res, 400, 'parsing body body from "" failed, because invalid time');
    if (endsAt <= startsAt)
      return send(res, 400, "Failed to create silence: start time must be before end time");
    const id = "9e8d7c6b-1111-4000-8000-00000000bbbb";
    SILENCES.push({ ...body, id, status: { state: "active" } });
    return send(res, 200, { silenceID: id });
  }
  const silence = url.pathname.match(/^\/api\/v2\/silence\/([^/]+)$/);
  if (silence) {
    const found = SILENCES.find((entry) => entry.id === silence[1]);
    if (!found) {
      res.writeHead(404);
      res.end();
      return;
    }
    if (req.method === "DELETE") {
      found.status = { state: "expired" };
      res.writeHead(200);
      res.end();
      return;
    }
    return send(res, 200, found);
  }
  return send(res, 404, "404 page not found");
}

// --- servers -------------------------------------------------------------------------------
function listen(
  port: number,
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>,
) {
  const server = http.createServer((req, res) => {
    handler(req, res).catch((error: Error) => send(res, 500, { error: error.message }));
  });
  return new Promise<http.Server>((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

type StandIn = "lark" | "resend" | "alertmanager";
const servers: Partial<Record<StandIn, http.Server>> = {};
const STAND_INS = {
  lark: { port: LARK_PORT, handler: lark },
  resend: { port: RESEND_PORT, handler: resend },
  alertmanager: { port: ALERTMANAGER_PORT, handler: alertmanager },
};

export async function startStandIn(name: StandIn) {
  servers[name] = await listen(STAND_INS[name].port, STAND_INS[name].handler);
}

export async function stopStandIn(name: StandIn) {
  const server = servers[name];
  delete servers[name];
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

// --- private redis-server ------------------------------------------------------------------
let redis: ChildProcess | undefined;

async function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export async function startRedis() {
  fs.mkdirSync(DATA, { recursive: true });
  redis = spawn(
    "redis-server",
    ["--port", String(REDIS_PORT), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", DATA],
    { stdio: "ignore" },
  );
  for (let i = 0; i < 100 && !(await portOpen(REDIS_PORT)); i++) await sleep(50);
}

export async function stopRedis() {
  const child = redis;
  redis = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** Runs one redis-cli command against the private redis. */
export async function redisCli(...args: string[]) {
  await new Promise((resolve) => {
    const child = spawn("redis-cli", ["-p", String(REDIS_PORT), ...args], { stdio: "ignore" });
    child.once("exit", resolve);
  });
}

export async function prepare() {
  fs.rmSync(DATA, { recursive: true, force: true });
  fs.mkdirSync(DATA, { recursive: true });
  modes.lark = "normal";
  modes.resend = "normal";
  modes.alertmanager = "normal";
  await startRedis();
  await redisCli("FLUSHALL");
  await redisCli("RPUSH", "r5msg:outbox", "m1", "m2");
  await startStandIn("lark");
  await startStandIn("resend");
  await startStandIn("alertmanager");
  return async () => {
    await stopStandIn("alertmanager");
    await stopStandIn("lark");
    await stopStandIn("resend");
    await stopRedis();
  };
}
