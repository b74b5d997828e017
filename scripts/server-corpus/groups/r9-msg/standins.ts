// Loopback stand-ins for what lies behind this group's servers:
// - an HTTPS intercepting proxy on 127.0.0.1:39200 (the servers' own proxy settings point at it:
//   slack-mcp-server's SLACK_MCP_PROXY with SLACK_MCP_SERVER_CA, the twilio library's HTTP_PROXY with
//   NODE_EXTRA_CA_CERTS); it answers CONNECT itself, terminates TLS with a certificate made here for
//   slack.com, *.slack.com and api.twilio.com, and answers as those APIs: the Slack Web API (HTTP 200
//   `{"ok": false, "error": …}` envelopes, 429 `ratelimited` with Retry-After) and the Twilio REST
//   API 2010-04-01 (`{"code": 2xxxx, "message": …, "more_info": …, "status": …}` errors). Nothing is
//   forwarded anywhere: every tunnel ends here.
// - an SMTP submission server on 127.0.0.1:39211 (written here; Postfix's and Gmail's reply texts).
// - Debian's Dovecot IMAP server on 127.0.0.1:39210 with a private configuration under DATA.
// `state` is switched by the sessions' hooks (a revoked token, a rate limit, an outage, …).

import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net, { type Socket } from "node:net";
import path from "node:path";
import tls from "node:tls";

export const DATA = "/tmp/faultline-corpus-r9-msg";
export const PROXY_PORT = 39200;
/** twilio-mcp's own webhook server (run in prepare to take the inbound SMS). */
export const TWILIO_WEBHOOK_PORT = 39202;
export const IMAP_PORT = 39210;
export const SMTP_PORT = 39211;

export const PROXY_URL = `http://127.0.0.1:${PROXY_PORT}`;
/** The certificate the intercepting proxy presents; the servers trust it as a CA. */
export const PROXY_CERT = path.join(DATA, "proxy-cert.pem");
const PROXY_KEY = path.join(DATA, "proxy-key.pem");

export const SLACK_TOKEN = "xoxp-7301928374-7301928375001-7318273645123-3f9c2b7e81d04a6c95e1b0d7a2c4f8e1";
export const TWILIO_SID = "AC3f1e9b2c7d4a58e06b1c9f2d7e4a3b51";
export const TWILIO_TOKEN = "9c2e7b41f0d85a3c6e1b9d27f4a08c53";
export const TWILIO_NUMBER = "+15005550006";

export const MAIL_USER = "alice@corpus.test";
export const MAIL_PASS = "r9msg-alice-Vq8Lp2Zx";

export const state = {
  slackTokenRevoked: false,
  slackRateLimited: false,
  slackFatal: false,
  slackGateway: false,
  slackSlow: false,
  twilioAuthFailed: false,
  twilioRateLimited: false,
  twilio500: false,
  twilioSlow: false,
  smtpAuthRevoked: false,
  smtpRateLimited: false,
  smtpSpam: false,
  smtpSlow: false,
};

/** Every request the stand-ins saw, for checking what a server sent. */
export const seen: string[] = [];

type Handler = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => void;

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

function text(
  res: http.ServerResponse,
  status: number,
  body: string,
  type: string,
  headers: Record<string, string> = {},
) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": type, ...headers });
  res.end(body);
}

export interface Standin {
  start(): Promise<void>;
  stop(): Promise<void>;
}

function makeCert() {
  if (fs.existsSync(PROXY_CERT) && fs.existsSync(PROXY_KEY)) return;
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
      PROXY_KEY,
      "-out",
      PROXY_CERT,
      "-days",
      "3650",
      "-subj",
      "/CN=r9-msg corpus interception CA",
      "-addext",
      "subjectAltName=DNS:slack.com,DNS:*.slack.com,DNS:api.twilio.com",
      "-addext",
      "basicConstraints=critical,CA:TRUE",
    ],
    { stdio: "ignore" },
  );
}

// ------------------------------------------------------------------------- intercepting proxy

function interceptingProxy(port: number, handlers: Record<string, Handler>): Standin {
  const sockets = new Set<Socket>();
  let server: http.Server | undefined;
  const inner = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const host = (req.headers.host ?? "").replace(/:\d+$/, "");
      const url = new URL(req.url ?? "/", `https://${host}`);
      seen.push(`${req.method} https://${host}${url.pathname}${url.search} ${body.slice(0, 300)}`);
      const handler = host === "api.twilio.com" ? handlers.twilio : handlers.slack;
      if (!handler) return json(res, 404, { error: "no such host" });
      handler(req, url, body, res);
    });
  });
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        makeCert();
        const key = fs.readFileSync(PROXY_KEY);
        const cert = fs.readFileSync(PROXY_CERT);
        const created = http.createServer((_req, res) => text(res, 400, "CONNECT only\n", "text/plain"));
        created.on("connection", (socket: Socket) => {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
        });
        created.on("connect", (req: http.IncomingMessage, socket: Socket) => {
          socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
          const secure = new tls.TLSSocket(socket, {
            isServer: true,
            key,
            cert,
            ALPNProtocols: ["http/1.1"],
          });
          secure.on("error", () => socket.destroy());
          inner.emit("connection", secure);
        });
        created.once("error", reject);
        created.listen(port, "127.0.0.1", () => resolve());
        server = created;
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
        server = undefined;
      }),
  };
}

// ------------------------------------------------------------------------------ Slack Web API

const TEAM = { id: "T0R9MSG01", name: "Corpus Nine", domain: "corpus-nine" };
const ME = "U0R9ALICE";

const slackUser = (id: string, name: string, real: string, extra: Record<string, unknown> = {}) => ({
  id,
  team_id: TEAM.id,
  name,
  deleted: false,
  color: "9f69e7",
  real_name: real,
  tz: "Europe/Berlin",
  tz_label: "Central European Time",
  tz_offset: 3600,
  profile: {
    title: "",
    phone: "",
    skype: "",
    real_name: real,
    real_name_normalized: real,
    display_name: name,
    display_name_normalized: name,
    status_text: "",
    status_emoji: "",
    avatar_hash: "g1a2b3c4d5e6",
    email: `${name}@corpus-nine.test`,
    first_name: real.split(" ")[0],
    last_name: real.split(" ")[1] ?? "",
    image_24: "https://secure.gravatar.com/avatar/0.jpg",
    image_48: "https://secure.gravatar.com/avatar/0.jpg",
    image_72: "https://secure.gravatar.com/avatar/0.jpg",
    team: TEAM.id,
  },
  is_admin: false,
  is_owner: false,
  is_primary_owner: false,
  is_restricted: false,
  is_ultra_restricted: false,
  is_bot: false,
  is_app_user: false,
  updated: 1764590000,
  is_email_confirmed: true,
  ...extra,
});

const USERS = [
  slackUser(ME, "alice", "Alice Kramer"),
  slackUser("U0R9BOBBY", "bob", "Bob Lindqvist"),
  slackUser("U0R9CAROL", "carol", "Carol Nguyen"),
  slackUser("U0R9DEPLY", "deploybot", "Deploy Bot", { is_bot: true }),
];

const channel = (
  id: string,
  name: string,
  purpose: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> => ({
  id,
  name,
  is_channel: true,
  is_group: false,
  is_im: false,
  is_mpim: false,
  is_private: false,
  created: 1700000000,
  is_archived: false,
  is_general: name === "general",
  unlinked: 0,
  name_normalized: name,
  is_shared: false,
  is_org_shared: false,
  is_pending_ext_shared: false,
  pending_shared: [],
  context_team_id: TEAM.id,
  updated: 1764590000000,
  creator: ME,
  is_ext_shared: false,
  shared_team_ids: [TEAM.id],
  is_member: true,
  topic: { value: "", creator: "", last_set: 0 },
  purpose: { value: purpose, creator: ME, last_set: 1700000000 },
  previous_names: [],
  num_members: 4,
  ...extra,
});

const CHANNELS = [
  channel("C0R9GENRL", "general", "Company-wide announcements and work-based matters"),
  channel("C0R9ENGNR", "engineering", "Builds, deploys and on-call"),
  channel("C0R9RELSE", "releases", "Release notes; archived after the move to #engineering", {
    is_archived: true,
  }),
  channel("C0R9SALES", "sales-emea", "EMEA pipeline", { is_member: false, num_members: 7 }),
  channel("G0R9INCDT", "incidents", "Incident war room", {
    is_channel: false,
    is_group: true,
    is_private: true,
    num_members: 3,
  }),
];

const msg = (ts: string, user: string, textBody: string, extra: Record<string, unknown> = {}) => ({
  type: "message",
  user,
  text: textBody,
  ts,
  team: TEAM.id,
  ...extra,
});

const HISTORY: Record<string, Record<string, unknown>[]> = {
  C0R9ENGNR: [
    msg(
      "1764921600.004200",
      "U0R9DEPLY",
      "Deploy of api v2.31.0 to production finished (12 pods, 0 restarts)",
    ),
    msg("1764918000.003100", "U0R9BOBBY", "Who owns the flaky checkout test? It failed 3 times tonight", {
      thread_ts: "1764918000.003100",
      reply_count: 2,
      reply_users_count: 2,
      latest_reply: "1764919800.003600",
    }),
    msg("1764914400.002000", ME, "Reminder: change freeze starts Friday 18:00 CET"),
  ],
  C0R9GENRL: [msg("1764910800.001000", "U0R9CAROL", "Welcome to our two new colleagues in Lisbon!")],
  C0R9RELSE: [],
};

const REPLIES: Record<string, Record<string, unknown>[]> = {
  "1764918000.003100": [
    msg("1764918000.003100", "U0R9BOBBY", "Who owns the flaky checkout test? It failed 3 times tonight", {
      thread_ts: "1764918000.003100",
      reply_count: 2,
    }),
    msg("1764919200.003400", "U0R9CAROL", "Payments team — I'll ping them", {
      thread_ts: "1764918000.003100",
    }),
    msg("1764919800.003600", ME, "Quarantined it for now, ticket PAY-2231", {
      thread_ts: "1764918000.003100",
    }),
  ],
};

function slackParams(url: URL, body: string): Record<string, string> {
  const params: Record<string, string> = Object.fromEntries(url.searchParams);
  if (body.trim().startsWith("{")) {
    try {
      for (const [k, v] of Object.entries(JSON.parse(body) as Record<string, unknown>)) params[k] = String(v);
    } catch {
      // not JSON
    }
  } else for (const [k, v] of new URLSearchParams(body)) params[k] = v;
  return params;
}

const SLACK_HEADERS = { "x-slack-req-id": "r9msg0000000000000000000000", "x-oauth-scopes": "" };

const slack: Handler = (req, url, body, res) => {
  const p = slackParams(url, body);
  const auth = req.headers.authorization ?? "";
  const token = auth.startsWith("Bearer ") ? auth.slice(7) : p.token;
  const method = url.pathname.replace(/^\/api\//, "");
  const ok = (payload: Record<string, unknown>) => json(res, 200, { ok: true, ...payload }, SLACK_HEADERS);
  const fail = (error: string, extra: Record<string, unknown> = {}) =>
    json(res, 200, { ok: false, error, ...extra }, SLACK_HEADERS);
  if (!token) return fail("not_authed");
  if (token !== SLACK_TOKEN) return fail("invalid_auth");
  if (state.slackTokenRevoked) return fail("token_revoked");
  if (state.slackRateLimited && method !== "auth.test")
    return json(res, 429, { ok: false, error: "ratelimited" }, { ...SLACK_HEADERS, "retry-after": "30" });
  if (state.slackGateway && method !== "auth.test")
    return text(
      res,
      503,
      "<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n</body>\r\n</html>\r\n",
      "text/html",
    );
  if (state.slackFatal && method !== "auth.test") return fail("fatal_error");
  if (state.slackSlow && method !== "auth.test") {
    setTimeout(() => fail("request_timeout"), 15_000);
    return;
  }
  switch (method) {
    case "auth.test":
      return ok({
        url: `https://${TEAM.domain}.slack.com/`,
        team: TEAM.name,
        user: "alice",
        team_id: TEAM.id,
        user_id: ME,
        is_enterprise_install: false,
      });
    case "users.list":
      return ok({ members: USERS, cache_ts: 1764921600, response_metadata: { next_cursor: "" } });
    case "users.info": {
      const user = USERS.find((u) => u.id === p.user);
      return user ? ok({ user }) : fail("user_not_found");
    }
    case "conversations.list":
    case "users.conversations": {
      const types = (p.types ?? "public_channel").split(",");
      const list = CHANNELS.filter(
        (c) =>
          (types.includes("public_channel") && !c.is_private) ||
          (types.includes("private_channel") && c.is_private),
      )
        .filter((c) => method === "conversations.list" || c.is_member)
        .filter((c) => p.exclude_archived !== "true" || !c.is_archived);
      return ok({ channels: list, response_metadata: { next_cursor: "" } });
    }
    case "conversations.info": {
      const found = CHANNELS.find((c) => c.id === p.channel);
      return found ? ok({ channel: found }) : fail("channel_not_found");
    }
    case "conversations.history": {
      const found = CHANNELS.find((c) => c.id === p.channel);
      if (!found) return fail("channel_not_found");
      if (found.id === "C0R9SALES") return fail("not_in_channel");
      if (found.id === "G0R9INCDT")
        return fail("missing_scope", {
          needed: "groups:history",
          provided: "channels:history,channels:read,chat:write,users:read,search:read,reactions:write",
        });
      const oldest = Number(p.oldest ?? 0);
      const latest = p.latest ? Number(p.latest) : Infinity;
      return ok({
        messages: (HISTORY[found.id as string] ?? []).filter(
          (m) => Number(m.ts) >= oldest && Number(m.ts) <= latest,
        ),
        has_more: false,
        pin_count: 0,
        channel_actions_ts: null,
        channel_actions_count: 0,
        response_metadata: { next_cursor: "" },
      });
    }
    case "conversations.replies": {
      if (!CHANNELS.find((c) => c.id === p.channel)) return fail("channel_not_found");
      const thread = REPLIES[p.ts ?? ""];
      if (!thread) return fail("thread_not_found");
      return ok({ messages: thread, has_more: false, response_metadata: { next_cursor: "" } });
    }
    case "search.all":
    case "search.messages": {
      const q = (p.query ?? "").toLowerCase();
      const matches = Object.entries(HISTORY).flatMap(([cid, list]) =>
        list
          .filter(
            (m) =>
              String(m.text)
                .toLowerCase()
                .includes(q.replace(/in:#?\S+/g, "").trim()) && q.trim() !== "",
          )
          .map((m) => ({
            ...m,
            iid: crypto.createHash("md5").update(String(m.ts)).digest("hex"),
            channel: { id: cid, name: CHANNELS.find((c) => c.id === cid)?.name, is_private: false },
            username: USERS.find((u) => u.id === m.user)?.name,
            permalink: `https://${TEAM.domain}.slack.com/archives/${cid}/p${String(m.ts).replace(".", "")}`,
          })),
      );
      return ok({
        query: p.query,
        messages: {
          total: matches.length,
          pagination: {
            total_count: matches.length,
            page: 1,
            per_page: 20,
            page_count: 1,
            first: 1,
            last: matches.length,
          },
          paging: { count: 20, total: matches.length, page: 1, pages: 1 },
          matches,
        },
        ...(method === "search.all"
          ? {
              files: {
                total: 0,
                pagination: { total_count: 0, page: 1, per_page: 20, page_count: 0, first: 1, last: 0 },
                paging: { count: 20, total: 0, page: 1, pages: 0 },
                matches: [],
              },
              posts: { total: 0, matches: [] },
            }
          : {}),
      });
    }
    case "chat.postMessage": {
      const found = CHANNELS.find(
        (c) => c.id === p.channel || `#${c.name}` === p.channel || c.name === p.channel,
      );
      if (!found) return fail("channel_not_found");
      if (found.is_archived) return fail("is_archived");
      if (!found.is_member) return fail("not_in_channel");
      if ((p.text ?? "").length > 4000) return fail("msg_too_long");
      if (!p.text && !p.blocks) return fail("no_text");
      const ts = "1764925200.005100";
      return ok({
        channel: found.id,
        ts,
        message: { type: "message", user: ME, text: p.text, ts, team: TEAM.id, bot_id: null },
        warning: "missing_charset",
        response_metadata: { warnings: ["missing_charset"] },
      });
    }
    case "reactions.add": {
      if (!CHANNELS.find((c) => c.id === p.channel)) return fail("channel_not_found");
      if (!/^[a-z0-9_+-]+$/.test(p.name ?? "")) return fail("invalid_name");
      if (p.name === "white_check_mark" && p.timestamp === "1764919800.003600")
        return fail("already_reacted");
      const known = Object.values(HISTORY)
        .flat()
        .concat(Object.values(REPLIES).flat())
        .some((m) => m.ts === p.timestamp);
      if (!known) return fail("message_not_found");
      return ok({});
    }
    case "client.userBoot":
    case "client.counts":
      return fail("not_allowed_token_type");
    case "usergroups.list":
      return ok({ usergroups: [] });
    default:
      return fail("unknown_method");
  }
};

// ---------------------------------------------------------------------------- Twilio REST API

const TWILIO_BASE = `/2010-04-01/Accounts/${TWILIO_SID}`;
const twilioDate = (d: Date) => d.toUTCString().replace("GMT", "+0000");
let smsCounter = 0;

function twilioMessage(fields: Record<string, unknown>) {
  const sid = String(fields.sid);
  return {
    account_sid: TWILIO_SID,
    api_version: "2010-04-01",
    body: "",
    date_created: twilioDate(new Date("2026-12-05T09:14:03Z")),
    date_sent: null,
    date_updated: twilioDate(new Date("2026-12-05T09:14:03Z")),
    direction: "outbound-api",
    error_code: null,
    error_message: null,
    from: TWILIO_NUMBER,
    messaging_service_sid: null,
    num_media: "0",
    num_segments: "1",
    price: null,
    price_unit: "USD",
    status: "queued",
    subresource_uris: { media: `${TWILIO_BASE}/Messages/${sid}/Media.json` },
    uri: `${TWILIO_BASE}/Messages/${sid}.json`,
    ...fields,
  };
}

/** Messages Twilio knows (sent before the capture, by SID). */
const TWILIO_KNOWN: Record<string, Record<string, unknown>> = {
  SM8b2f0e7c4d1a49b3a6e5c2d9f0b1a7e4: twilioMessage({
    sid: "SM8b2f0e7c4d1a49b3a6e5c2d9f0b1a7e4",
    to: "+14155550123",
    body: "Your table for 4 at 19:30 is confirmed. Reply C to cancel.",
    status: "delivered",
    date_sent: twilioDate(new Date("2026-12-05T09:14:04Z")),
    date_updated: twilioDate(new Date("2026-12-05T09:14:06Z")),
    price: "-0.00790",
  }),
  SM3c9d1e5f7a2b48c6d0e4f1a3b5c7d9e2: twilioMessage({
    sid: "SM3c9d1e5f7a2b48c6d0e4f1a3b5c7d9e2",
    to: "+14155550199",
    body: "Your verification code is 481 902",
    status: "undelivered",
    error_code: 30003,
    error_message: "Unreachable destination handset",
    date_sent: twilioDate(new Date("2026-12-05T09:20:11Z")),
    date_updated: twilioDate(new Date("2026-12-05T09:20:41Z")),
  }),
};

function twilioError(
  res: http.ServerResponse,
  status: number,
  code: number,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  json(
    res,
    status,
    { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status, ...extra },
    headers,
  );
}

const twilio: Handler = (req, url, body, res) => {
  const auth = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64").toString();
  if (auth !== `${TWILIO_SID}:${TWILIO_TOKEN}` || state.twilioAuthFailed)
    return twilioError(
      res,
      401,
      20003,
      "Authenticate",
      { detail: "Your AccountSid or AuthToken was incorrect." },
      { "www-authenticate": 'Basic realm="Twilio API"' },
    );
  if (state.twilioRateLimited)
    return twilioError(res, 429, 20429, "Too Many Requests", {}, { "retry-after": "1" });
  if (state.twilio500) return twilioError(res, 500, 20500, "An internal server error has occurred");
  const path = url.pathname;
  if (path === `${TWILIO_BASE}/Messages.json` && req.method === "POST") {
    const p = Object.fromEntries(new URLSearchParams(body));
    const to = p.To ?? "";
    const from = p.From ?? TWILIO_NUMBER;
    if (state.twilioSlow) {
      setTimeout(() => twilioError(res, 504, 20504, "Gateway timeout"), 15_000);
      return;
    }
    if (from !== TWILIO_NUMBER)
      return twilioError(
        res,
        400,
        21606,
        `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
      );
    if (/^\+1555/.test(to))
      return twilioError(res, 400, 21211, `Invalid 'To' Phone Number: ${to.slice(0, 8)}XXXX`);
    if (to === "+14155550142")
      return twilioError(res, 400, 21610, "Attempt to send to unsubscribed recipient");
    if (to.startsWith("+86"))
      return twilioError(
        res,
        400,
        21408,
        `Permission to send an SMS has not been enabled for the region indicated by the 'To' number: ${to}.`,
      );
    smsCounter += 1;
    const sid = `SM${crypto.createHash("md5").update(`r9msg-${smsCounter}-${to}`).digest("hex")}`;
    const created = twilioMessage({ sid, to, from, body: p.Body ?? "", status: "queued" });
    TWILIO_KNOWN[sid] = created;
    return json(res, 201, created);
  }
  const one = path.match(new RegExp(`^${TWILIO_BASE}/Messages/([A-Za-z0-9]+)\\.json$`));
  if (one && req.method === "GET") {
    const found = TWILIO_KNOWN[one[1] ?? ""];
    if (!found) return twilioError(res, 404, 20404, `The requested resource ${path} was not found`);
    return json(res, 200, found);
  }
  return twilioError(res, 404, 20404, `The requested resource ${path} was not found`);
};

export const proxyStandin = interceptingProxy(PROXY_PORT, { slack, twilio });

/** Twilio's X-Twilio-Signature for a webhook POST (HMAC-SHA1 of the URL and the sorted parameters). */
export function twilioSignature(url: string, params: Record<string, string>): string {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((k) => k + params[k])
      .join("");
  return crypto.createHmac("sha1", TWILIO_TOKEN).update(Buffer.from(data, "utf8")).digest("base64");
}

// ------------------------------------------------------------------------------------ SMTP

/** Messages the SMTP stand-in accepted: envelope and size. */
export const delivered: { from: string; to: string[]; bytes: number }[] = [];

function smtpServer(port: number): Standin {
  const sockets = new Set<Socket>();
  let server: net.Server | undefined;
  const session = (socket: Socket) => {
    let buffer = "";
    let inData = false;
    let data = "";
    let from = "";
    let rcpts: string[] = [];
    let authed = false;
    let authStep: "" | "plain" | "login-user" | "login-pass" = "";
    let loginUser = "";
    const reply = (line: string) => {
      if (!socket.destroyed) socket.write(line + "\r\n");
    };
    const checkAuth = (user: string, pass: string) => {
      if (user === MAIL_USER && pass === MAIL_PASS && !state.smtpAuthRevoked) {
        authed = true;
        reply("235 2.7.0 Authentication successful");
      } else reply("535 5.7.8 Error: authentication failed: UGFzc3dvcmQ6");
    };
    const command = (line: string) => {
      if (authStep) {
        const decoded = Buffer.from(line.trim(), "base64").toString("utf8");
        if (authStep === "plain") {
          const [, user = "", pass = ""] = decoded.split("\0");
          authStep = "";
          return checkAuth(user, pass);
        }
        if (authStep === "login-user") {
          loginUser = decoded;
          authStep = "login-pass";
          return reply("334 UGFzc3dvcmQ6");
        }
        authStep = "";
        return checkAuth(loginUser, decoded);
      }
      const [verb = "", ...rest] = line.split(" ");
      const arg = rest.join(" ");
      switch (verb.toUpperCase()) {
        case "EHLO":
          reply("250-smtp.corpus.test");
          reply("250-PIPELINING");
          reply("250-SIZE 10240000");
          reply("250-AUTH PLAIN LOGIN");
          reply("250-ENHANCEDSTATUSCODES");
          reply("250-8BITMIME");
          return reply("250 SMTPUTF8");
        case "HELO":
          return reply("250 smtp.corpus.test");
        case "AUTH": {
          const [mech = "", initial] = arg.split(" ");
          if (mech.toUpperCase() === "PLAIN") {
            if (initial) {
              const [, user = "", pass = ""] = Buffer.from(initial, "base64").toString("utf8").split("\0");
              return checkAuth(user, pass);
            }
            authStep = "plain";
            return reply("334 ");
          }
          if (mech.toUpperCase() === "LOGIN") {
            if (initial) {
              loginUser = Buffer.from(initial, "base64").toString("utf8");
              authStep = "login-pass";
              return reply("334 UGFzc3dvcmQ6");
            }
            authStep = "login-user";
            return reply("334 VXNlcm5hbWU6");
          }
          return reply("504 5.5.4 Unrecognized authentication type");
        }
        case "MAIL":
          if (!authed) return reply("530 5.7.0 Authentication required");
          if (state.smtpRateLimited) {
            reply(
              "421 4.7.0 smtp.corpus.test Error: too many messages from alice@corpus.test, try again later",
            );
            socket.end();
            return;
          }
          from = (arg.match(/<([^>]*)>/) ?? [])[1] ?? "";
          rcpts = [];
          return reply("250 2.1.0 Ok");
        case "RCPT": {
          const to = (arg.match(/<([^>]*)>/) ?? [])[1] ?? "";
          if (to.startsWith("nobody@"))
            return reply(
              `550 5.1.1 <${to}>: Recipient address rejected: User unknown in virtual mailbox table`,
            );
          if (to.startsWith("full@"))
            return reply(`452 4.2.2 <${to}>: Recipient address rejected: Mailbox full`);
          if (!to.endsWith("@corpus.test") && !to.endsWith("@example.com"))
            return reply(`554 5.7.1 <${to}>: Relay access denied`);
          rcpts.push(to);
          return reply("250 2.1.5 Ok");
        }
        case "DATA":
          if (!rcpts.length) return reply("554 5.5.1 Error: no valid recipients");
          inData = true;
          data = "";
          return reply("354 End data with <CR><LF>.<CR><LF>");
        case "RSET":
          from = "";
          rcpts = [];
          return reply("250 2.0.0 Ok");
        case "NOOP":
          return reply("250 2.0.0 Ok");
        case "QUIT":
          reply("221 2.0.0 Bye");
          socket.end();
          return;
        default:
          return reply("502 5.5.2 Error: command not recognized");
      }
    };
    const endOfData = () => {
      inData = false;
      if (state.smtpSpam) return reply("550 5.7.1 Message rejected: spam content detected (score 9.8/5.0)");
      const answer = () => {
        delivered.push({ from, to: rcpts, bytes: data.length });
        const id = crypto
          .createHash("md5")
          .update(`${delivered.length}${from}`)
          .digest("hex")
          .slice(0, 10)
          .toUpperCase();
        reply(`250 2.0.0 Ok: queued as ${id}`);
      };
      if (state.smtpSlow) setTimeout(answer, 15_000);
      else answer();
    };
    reply("220 smtp.corpus.test ESMTP Postfix (Debian/GNU)");
    socket.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      let at: number;
      while ((at = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (inData) {
          if (line === ".") endOfData();
          else data += line + "\r\n";
        } else command(line);
      }
    });
    socket.on("error", () => socket.destroy());
  };
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        const created = net.createServer((socket) => {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          session(socket);
        });
        created.once("error", reject);
        created.listen(port, "127.0.0.1", () => resolve());
        server = created;
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
        server = undefined;
      }),
  };
}

export const smtpStandin = smtpServer(SMTP_PORT);

// ----------------------------------------------------------------------------- Dovecot IMAP

const DOVECOT = path.join(DATA, "dovecot");
const DOVECOT_CONF = path.join(DOVECOT, "dovecot.conf");
const DOVECOT_USERS = path.join(DOVECOT, "users");
const MAILDIR = path.join(DATA, "mail");

/** Sets the password Dovecot accepts for alice (a changed password = the client's one is revoked). */
export function setImapPassword(password: string) {
  fs.writeFileSync(DOVECOT_USERS, `${MAIL_USER}:{PLAIN}${password}::::::\n`);
}

function writeDovecotConfig() {
  fs.mkdirSync(path.join(DOVECOT, "run"), { recursive: true });
  fs.mkdirSync(path.join(DOVECOT, "state"), { recursive: true });
  fs.writeFileSync(
    DOVECOT_CONF,
    `# private Dovecot for the r9-msg corpus group (loopback only)
base_dir = ${DOVECOT}/run
state_dir = ${DOVECOT}/state
instance_name = r9msg-dovecot
log_path = ${DOVECOT}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
first_valid_uid = 8
mail_uid = mail
mail_gid = mail
mail_location = maildir:${MAILDIR}/%u
mail_max_userip_connections = 50
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${IMAP_PORT}
  }
  inet_listener imaps {
    port = 0
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${DOVECOT_USERS}
}
userdb {
  driver = static
  args = uid=mail gid=mail home=${MAILDIR}/%u
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  mailbox Drafts {
    special_use = \\Drafts
    auto = subscribe
  }
  mailbox Trash {
    special_use = \\Trash
    auto = subscribe
  }
  mailbox Archive {
    special_use = \\Archive
    auto = subscribe
  }
}
`,
  );
}

const MESSAGES: {
  folder: string;
  from: string;
  subject: string;
  date: string;
  body: string;
  seen?: boolean;
  attachment?: string;
}[] = [
  {
    folder: "INBOX",
    from: "Bob Lindqvist <bob@corpus.test>",
    subject: "Q4 vendor contract — signature needed",
    date: "Mon, 1 Dec 2026 09:12:00 +0100",
    body: "Hi Alice,\r\n\r\nthe renewed hosting contract is attached. Could you sign it by Friday?\r\n\r\nBob\r\n",
    seen: true,
    attachment: "contract-q4.pdf",
  },
  {
    folder: "INBOX",
    from: "Carol Nguyen <carol@corpus.test>",
    subject: "Offsite agenda draft",
    date: "Tue, 2 Dec 2026 14:30:00 +0100",
    body: "Agenda for the Lisbon offsite, day 1: roadmap, day 2: hiring plan.\r\n",
    seen: true,
  },
  {
    folder: "INBOX",
    from: "billing@hosting.example.com",
    subject: "Invoice INV-20931 overdue",
    date: "Thu, 4 Dec 2026 07:05:00 +0000",
    body: "Your invoice INV-20931 (EUR 1,240.00) is 14 days overdue. Please pay to avoid suspension.\r\n",
  },
  {
    folder: "INBOX",
    from: "Bob Lindqvist <bob@corpus.test>",
    subject: "Re: Offsite agenda draft",
    date: "Fri, 5 Dec 2026 10:00:00 +0100",
    body: "Can we add a session on the on-call rota?\r\n",
  },
  {
    folder: "Sent",
    from: "Alice Kramer <alice@corpus.test>",
    subject: "Re: Q4 vendor contract — signature needed",
    date: "Mon, 1 Dec 2026 11:40:00 +0100",
    body: "Signed and sent back. Alice\r\n",
    seen: true,
  },
];

function rfc822(m: (typeof MESSAGES)[number], i: number): string {
  const head = [
    `From: ${m.from}`,
    `To: Alice Kramer <${MAIL_USER}>`,
    `Subject: ${m.subject}`,
    `Date: ${m.date}`,
    `Message-ID: <r9msg-${i}@corpus.test>`,
    "MIME-Version: 1.0",
  ];
  if (!m.attachment)
    return [
      ...head,
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: 8bit",
      "",
      m.body,
    ].join("\r\n");
  const pdf = Buffer.from(
    "%PDF-1.4\n% r9-msg corpus contract\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  ).toString("base64");
  return [
    ...head,
    'Content-Type: multipart/mixed; boundary="r9msg-boundary"',
    "",
    "--r9msg-boundary",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    m.body,
    "--r9msg-boundary",
    `Content-Type: application/pdf; name="${m.attachment}"`,
    `Content-Disposition: attachment; filename="${m.attachment}"`,
    "Content-Transfer-Encoding: base64",
    "",
    pdf,
    "--r9msg-boundary--",
    "",
  ].join("\r\n");
}

let dovecotMaster: ChildProcess | undefined;

export const dovecotStandin: Standin & { reset(): void; seed(): void } = {
  /** A fresh configuration and empty mailboxes (before start, once per capture). */
  reset() {
    fs.rmSync(MAILDIR, { recursive: true, force: true });
    fs.rmSync(DOVECOT, { recursive: true, force: true });
    writeDovecotConfig();
    setImapPassword(MAIL_PASS);
    fs.mkdirSync(MAILDIR, { recursive: true });
    execFileSync("chown", ["-R", "mail:mail", MAILDIR]);
  },
  /** The mailboxes' messages, saved through doveadm (needs the running server's auth service). */
  seed() {
    MESSAGES.forEach((m, i) => {
      execFileSync("doveadm", ["-c", DOVECOT_CONF, "save", "-u", MAIL_USER, "-m", m.folder], {
        input: rfc822(m, i),
        stdio: ["pipe", "ignore", "inherit"],
      });
      if (m.seen) {
        execFileSync(
          "doveadm",
          [
            "-c",
            DOVECOT_CONF,
            "flags",
            "add",
            "-u",
            MAIL_USER,
            "\\Seen",
            "mailbox",
            m.folder,
            "HEADER",
            "Message-ID",
            `r9msg-${i}@`,
          ],
          {
            stdio: ["ignore", "ignore", "inherit"],
          },
        );
      }
    });
  },
  start: async () => {
    // -F: stay in the foreground as our child, so it is stopped by its own pid.
    // its own process group, so stopping it ends its imap/auth/log children too (the master alone
    // leaves logged-in imap processes serving their clients)
    dovecotMaster = spawn("dovecot", ["-F", "-c", DOVECOT_CONF], { stdio: "ignore", detached: true });
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const open = await new Promise<boolean>((resolve) => {
        const s = net.connect(IMAP_PORT, "127.0.0.1");
        s.once("connect", () => {
          s.destroy();
          resolve(true);
        });
        s.once("error", () => resolve(false));
      });
      if (open) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("dovecot did not open its port");
  },
  stop: async () => {
    const master = dovecotMaster;
    dovecotMaster = undefined;
    if (!master || master.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      master.once("exit", () => resolve());
      if (master.pid) process.kill(-master.pid, "SIGKILL");
    });
  },
};

export const ALL_STANDINS: Standin[] = [proxyStandin, smtpStandin, dovecotStandin];
