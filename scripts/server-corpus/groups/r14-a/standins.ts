// Loopback stand-ins for the services behind this group's servers, answering with the real APIs' bodies and
// error bodies:
// - Discord (`discord.com/api/v10`, `Authorization: Bot …`): the REST API with Discord's JSON errors
//   (`{"message", "code"}`, numeric codes 10003/10004/10008/10014/50001/50006/50013/50035/30007/40001…),
//   and a Gateway (v10, JSON encoding) that discord.js logs in to: HELLO, IDENTIFY → READY + GUILD_CREATE,
//   heartbeats, and member chunks for REQUEST_GUILD_MEMBERS. Both Discord servers of the group use it.
// - Microsoft Graph (`graph.microsoft.com/v1.0`, bearer token) for Teams: `/me`, joined teams, channels,
//   channel and chat messages, users, `/search/query`, with Graph's `{"error": {code, message, innerError}}`.
// - Gmail (`gmail.googleapis.com/gmail/v1`) with Google's `{"error": {code, message, errors[], status}}`, and
//   Google's OAuth token endpoint (`oauth2.googleapis.com/token`) for a refresh after a 401.
//
// Every host is written into its server. discord.js's REST client (undici `request`) and the Graph client
// (Node's fetch) are routed through the group's forward proxies by `proxy-preload.mjs` (undici's ProxyAgent
// as the global dispatcher); the Gmail server's gaxios follows HTTPS_PROXY itself. The Discord gateway URL
// is whatever `GET /gateway/bot` answers, so the stand-in answers a loopback `ws://` URL and discord.js
// connects there directly. `state` is switched by the sessions' hooks.

import http from "node:http";
import path from "node:path";
import { createRequire } from "node:module";
import {
  certificate,
  clearTimers,
  forwardProxy,
  json,
  later,
  parse,
  text,
  type Certificate,
  type Standin,
} from "../../standin-kit.js";

export { clearTimers };

// `ws` (pinned in this group's package.json) is loaded at run time, so the project's typecheck passes on a
// machine where this group's node_modules is not installed; the little of it used here is typed below.
interface WebSocket {
  readonly OPEN: number;
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: "message", listener: (data: Buffer) => void): void;
}
interface WebSocketServer {
  clients: Set<WebSocket>;
  once(event: "error" | "listening", listener: (error?: Error) => void): void;
  on(event: "connection", listener: (socket: WebSocket) => void): void;
  close(callback: () => void): void;
}
const { WebSocketServer } = createRequire(import.meta.url)("ws") as {
  WebSocketServer: new (options: { host: string; port: number }) => WebSocketServer;
};

export const DATA = "/tmp/faultline-corpus-r14-a";
export const CERT = path.join(DATA, "standin-cert.pem");

export const DISCORD_PROXY_PORT = 40000;
export const DISCORD_GATEWAY_PORT = 40001;
export const DISCORD_MCP_PORT = 40002;
export const GRAPH_PROXY_PORT = 40003;
export const GOOGLE_PROXY_PORT = 40004;

export const DISCORD_TOKEN = "MTE4NzQ0OTk4NzY1NDMyMTA5OA.GcR14a.corpusStandinBotTokenXXXXXXXXXXXXXXXXXX";
export const GRAPH_TOKEN = "eyJ0eXAiOiJKV1QiLCJub25jZSI6InIxNGEiLCJhbGciOiJSUzI1NiJ9.corpus-standin.graph";
export const GMAIL_ACCESS_TOKEN = "ya29.a0AfB_r14aCorpusStandinAccessToken";
export const GMAIL_REFRESH_TOKEN = "1//0gr14aCorpusStandinRefreshToken";

const tls = (): Certificate =>
  certificate(DATA, [
    "discord.com",
    "graph.microsoft.com",
    "gmail.googleapis.com",
    "oauth2.googleapis.com",
    "www.googleapis.com",
  ]);

export function ensureCertificate() {
  tls();
}

export const state = {
  discordUnauthorized: false,
  discordRateLimited: false,
  discordServerError: false,
  discordBadGateway: false,
  discordSlow: false,
  graphTokenExpired: false,
  graphThrottled: false,
  graphUnavailable: false,
  graphBadGateway: false,
  graphSlow: false,
  gmailTokenRevoked: false,
  gmailInsufficientScopes: false,
  gmailRateLimited: false,
  gmailSendLimit: false,
  gmailBackendError: false,
  gmailBadGateway: false,
  gmailSlow: false,
};

function header(req: http.IncomingMessage, name: string): string {
  const value = req.headers[name];
  return Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
}

// ---------------------------------------------------------------------------------------------- Discord

export const GUILD_ID = "1187450162036273152";
export const OTHER_GUILD_ID = "1090000000000000001"; // a real-looking guild the bot was never added to
export const BOT_ID = "1187449987654321098";
export const CH_GENERAL = "1187450163198095400";
export const CH_ANNOUNCEMENTS = "1187450163198095401";
export const CH_FORUM = "1187450163198095402";
export const CH_CATEGORY = "1187450163198095403";
export const CH_VOICE = "1187450163198095404";
export const CH_MODLOG = "1187450163198095405";
export const CH_QUIET = "1187450163198095406";
export const CH_RELEASES = "1187450163198095407";
export const MSG_WELCOME = "1190000000000000101";
export const MSG_DEPLOY = "1190000000000000102";
export const MSG_MOD = "1190000000000000201";
const USER_ADA = "1100000000000000011";
const USER_LIN = "1100000000000000012";
const ROLE_EVERYONE = GUILD_ID;
const ROLE_BOT = "1187450163198095500";
const ROLE_MOD = "1187450163198095501";

const discordUser = (id: string, username: string, bot = false) => ({
  id,
  username,
  discriminator: "0",
  global_name: bot ? null : username[0]!.toUpperCase() + username.slice(1),
  avatar: null,
  bot,
  public_flags: 0,
});
const BOT = discordUser(BOT_ID, "acme-helper", true);
const ADA = discordUser(USER_ADA, "ada");
const LIN = discordUser(USER_LIN, "lin");

function channel(id: string, type: number, name: string, position: number, parent: string | null = null) {
  return {
    id,
    type,
    guild_id: GUILD_ID,
    name,
    position,
    parent_id: parent,
    permission_overwrites:
      id === CH_MODLOG
        ? [{ id: ROLE_BOT, type: 0, allow: "0", deny: "3072" }] // VIEW_CHANNEL | SEND_MESSAGES denied
        : [],
    topic: type === 0 ? `${name} talk` : null,
    nsfw: false,
    rate_limit_per_user: 0,
    last_message_id: null,
    flags: 0,
    ...(type === 15 ? { available_tags: [], default_reaction_emoji: null, default_sort_order: null } : {}),
    ...(type === 2 ? { bitrate: 64000, user_limit: 0, rtc_region: null } : {}),
  };
}

const discordChannels = new Map<string, ReturnType<typeof channel>>();
function resetDiscord() {
  discordChannels.clear();
  for (const ch of [
    channel(CH_CATEGORY, 4, "Support", 0),
    channel(CH_GENERAL, 0, "general", 1, CH_CATEGORY),
    channel(CH_ANNOUNCEMENTS, 5, "announcements", 2, CH_CATEGORY),
    channel(CH_FORUM, 15, "help-forum", 3, CH_CATEGORY),
    channel(CH_VOICE, 2, "Standup", 4, CH_CATEGORY),
    channel(CH_MODLOG, 0, "mod-log", 5),
    channel(CH_QUIET, 0, "quiet-room", 6),
    channel(CH_RELEASES, 0, "releases", 7),
  ])
    discordChannels.set(ch.id, ch);
}
resetDiscord();

function message(
  id: string,
  channelId: string,
  author: ReturnType<typeof discordUser>,
  content: string,
  at: string,
) {
  return {
    id,
    type: 0,
    channel_id: channelId,
    guild_id: GUILD_ID,
    author,
    content,
    timestamp: at,
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: [],
    embeds: [],
    pinned: false,
    flags: 0,
    components: [],
  };
}

const initialDiscordMessages = () =>
  new Map<string, ReturnType<typeof message>[]>([
    [
      CH_GENERAL,
      [
        message(
          MSG_DEPLOY,
          CH_GENERAL,
          LIN,
          "Deploy of 4.2 is done, watch the error rates.",
          "2026-11-30T16:05:12.000000+00:00",
        ),
        message(
          MSG_WELCOME,
          CH_GENERAL,
          ADA,
          "Welcome to the Acme support server!",
          "2026-11-30T09:00:00.000000+00:00",
        ),
      ],
    ],
    [
      CH_MODLOG,
      [message(MSG_MOD, CH_MODLOG, ADA, "Banned spam account", "2026-11-29T12:00:00.000000+00:00")],
    ],
    [CH_QUIET, []],
    [CH_RELEASES, []],
    [CH_ANNOUNCEMENTS, []],
  ]);
let discordMessages = initialDiscordMessages();

const roles = [
  {
    id: ROLE_EVERYONE,
    name: "@everyone",
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    position: 0,
    permissions: "1071698660929",
    managed: false,
    mentionable: false,
    flags: 0,
  },
  {
    id: ROLE_BOT,
    name: "acme-helper",
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    position: 1,
    permissions: "277025459264",
    managed: true,
    mentionable: false,
    flags: 0,
    tags: { bot_id: BOT_ID },
  },
  {
    id: ROLE_MOD,
    name: "Moderators",
    color: 3447003,
    colors: { primary_color: 3447003, secondary_color: null, tertiary_color: null },
    hoist: true,
    position: 2,
    permissions: "1099511627775",
    managed: false,
    mentionable: true,
    flags: 0,
  },
];

const member = (user: ReturnType<typeof discordUser>, memberRoles: string[]) => ({
  user,
  roles: memberRoles,
  nick: null,
  avatar: null,
  joined_at: "2026-01-10T10:00:00.000000+00:00",
  premium_since: null,
  deaf: false,
  mute: false,
  flags: 0,
  pending: false,
});
const members = [member(BOT, [ROLE_BOT]), member(ADA, [ROLE_MOD]), member(LIN, [])];

function guildObject() {
  return {
    id: GUILD_ID,
    name: "Acme Support",
    icon: null,
    description: "Support community for Acme Tools",
    splash: null,
    discovery_splash: null,
    banner: null,
    owner_id: USER_ADA,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 1,
    default_message_notifications: 1,
    explicit_content_filter: 2,
    roles,
    emojis: [],
    features: ["COMMUNITY", "NEWS"],
    mfa_level: 0,
    system_channel_id: CH_GENERAL,
    system_channel_flags: 0,
    rules_channel_id: null,
    vanity_url_code: null,
    premium_tier: 0,
    premium_subscription_count: 0,
    preferred_locale: "en-US",
    public_updates_channel_id: null,
    nsfw_level: 0,
    premium_progress_bar_enabled: false,
    max_members: 500000,
    max_video_channel_users: 25,
    approximate_member_count: 3,
    approximate_presence_count: 2,
    stickers: [],
  };
}

function guildCreate() {
  return {
    ...guildObject(),
    joined_at: "2026-01-10T10:00:00.000000+00:00",
    large: false,
    unavailable: false,
    member_count: members.length,
    voice_states: [],
    members,
    channels: [...discordChannels.values()],
    threads: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

const discordError = (
  res: http.ServerResponse,
  status: number,
  code: number,
  msg: string,
  extra: object = {},
) => json(res, status, { message: msg, code, ...extra });

const CLOUDFLARE_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>cloudflare</center>
</body>
</html>
`;

let snowflake = 1195000000000000000n;
const nextId = () => String(++snowflake);

const discordHandler = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => {
  const method = req.method ?? "GET";
  const p = url.pathname.replace(/^\/api\/v\d+/, "");
  const auth = header(req, "authorization");
  if (url.hostname !== "discord.com") return text(res, 404, "not found");
  if (p === "/gateway/bot" || p === "/gateway") {
    return json(res, 200, {
      url: `ws://127.0.0.1:${DISCORD_GATEWAY_PORT}`,
      shards: 1,
      session_start_limit: { total: 1000, remaining: 997, reset_after: 0, max_concurrency: 1 },
    });
  }
  if (state.discordUnauthorized || auth !== `Bot ${DISCORD_TOKEN}`)
    return discordError(res, 401, 0, "401: Unauthorized");
  if (state.discordRateLimited) {
    // A shared (per-resource) limit: discord.js waits retry_after seconds and tries again.
    return json(
      res,
      429,
      { message: "You are being rate limited.", retry_after: 34.672, global: false },
      {
        "retry-after": "35",
        "x-ratelimit-limit": "5",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset-after": "34.672",
        "x-ratelimit-bucket": "80c17d2f203122d936070c88c8d10f33",
        "x-ratelimit-scope": "shared",
      },
    );
  }
  if (state.discordServerError) return discordError(res, 500, 0, "500: Internal Server Error");
  if (state.discordBadGateway) return text(res, 502, CLOUDFLARE_502, "text/html");
  const answer = () => discordRoute(method, p, url, body, res);
  if (state.discordSlow) return later(20_000, answer);
  answer();
};

function discordRoute(method: string, p: string, url: URL, body: string, res: http.ServerResponse) {
  let m: RegExpMatchArray | null;
  const input = parse(body);
  if ((m = p.match(/^\/guilds\/(\d+)$/)) && method === "GET") {
    if (m[1] === GUILD_ID) return json(res, 200, guildObject());
    if (m[1] === OTHER_GUILD_ID) return discordError(res, 403, 50001, "Missing Access");
    return discordError(res, 404, 10004, "Unknown Guild");
  }
  if ((m = p.match(/^\/guilds\/(\d+)\/channels$/))) {
    if (m[1] !== GUILD_ID)
      return m[1] === OTHER_GUILD_ID
        ? discordError(res, 403, 50001, "Missing Access")
        : discordError(res, 404, 10004, "Unknown Guild");
    if (method === "GET") return json(res, 200, [...discordChannels.values()]);
    if (method === "POST") {
      const name = String(input.name ?? "");
      if (!/^[a-z0-9_-]{1,100}$/.test(name) && Number(input.type ?? 0) === 0 && name.length > 100)
        return discordError(res, 400, 50035, "Invalid Form Body", {
          errors: {
            name: {
              _errors: [{ code: "BASE_TYPE_BAD_LENGTH", message: "Must be between 1 and 100 in length." }],
            },
          },
        });
      if (name.toLowerCase().includes("archive"))
        return discordError(res, 400, 30013, "Maximum number of guild channels reached (500)");
      const created = channel(
        nextId(),
        Number(input.type ?? 0),
        name.toLowerCase().replace(/\s+/g, "-"),
        discordChannels.size,
        (input.parent_id as string) ?? null,
      );
      discordChannels.set(created.id, created);
      discordMessages.set(created.id, []);
      return json(res, 201, created);
    }
  }
  if ((m = p.match(/^\/channels\/([^/]*[^0-9/][^/]*)(\/|$)/))) {
    // A path id that is not a snowflake: Discord's form validation, not a 404.
    return discordError(res, 400, 50035, "Invalid Form Body", {
      errors: {
        channel_id: {
          _errors: [
            { code: "NUMBER_TYPE_COERCE", message: `Value "${decodeURIComponent(m[1]!)}" is not snowflake.` },
          ],
        },
      },
    });
  }
  if ((m = p.match(/^\/channels\/(\d+)$/))) {
    const ch = discordChannels.get(m[1]!);
    if (!ch) return discordError(res, 404, 10003, "Unknown Channel");
    if (method === "GET") return json(res, 200, ch);
    if (method === "DELETE") {
      if (ch.id === CH_MODLOG) return discordError(res, 403, 50013, "Missing Permissions");
      discordChannels.delete(ch.id);
      return json(res, 200, ch);
    }
    if (method === "PATCH") {
      Object.assign(ch, input);
      return json(res, 200, ch);
    }
  }
  if ((m = p.match(/^\/channels\/(\d+)\/messages$/))) {
    const ch = discordChannels.get(m[1]!);
    if (!ch) return discordError(res, 404, 10003, "Unknown Channel");
    if (ch.id === CH_MODLOG) {
      return method === "GET"
        ? discordError(res, 403, 50001, "Missing Access")
        : discordError(res, 403, 50013, "Missing Permissions");
    }
    if (ch.type === 2 && method === "POST")
      return discordError(res, 400, 50008, "Cannot send messages in a voice channel");
    const list = discordMessages.get(ch.id) ?? [];
    if (method === "GET") {
      const limit = Number(url.searchParams.get("limit") ?? 50);
      return json(res, 200, list.slice(0, limit));
    }
    if (method === "POST") {
      const content = typeof input.content === "string" ? input.content : "";
      if (!content && !input.embeds && !input.files)
        return discordError(res, 400, 50006, "Cannot send an empty message");
      if (content.length > 2000)
        return discordError(res, 400, 50035, "Invalid Form Body", {
          errors: {
            content: {
              _errors: [{ code: "BASE_TYPE_MAX_LENGTH", message: "Must be 2000 or fewer in length." }],
            },
          },
        });
      const sent = message(nextId(), ch.id, BOT, content, "2026-12-01T10:15:00.000000+00:00");
      list.unshift(sent);
      discordMessages.set(ch.id, list);
      return json(res, 200, sent);
    }
  }
  if ((m = p.match(/^\/channels\/(\d+)\/messages\/(\d+)$/))) {
    const ch = discordChannels.get(m[1]!);
    if (!ch) return discordError(res, 404, 10003, "Unknown Channel");
    if (ch.id === CH_MODLOG) return discordError(res, 403, 50001, "Missing Access");
    const list = discordMessages.get(ch.id) ?? [];
    const found = list.find((msg) => msg.id === m![2]);
    if (!found) return discordError(res, 404, 10008, "Unknown Message");
    if (method === "GET") return json(res, 200, found);
    if (method === "DELETE") {
      if (found.author.id !== BOT_ID && ch.id !== CH_GENERAL)
        return discordError(res, 403, 50013, "Missing Permissions");
      discordMessages.set(
        ch.id,
        list.filter((msg) => msg !== found),
      );
      res.writeHead(204).end();
      return;
    }
  }
  if ((m = p.match(/^\/channels\/(\d+)\/messages\/(\d+)\/reactions\/([^/]+)\/@me$/))) {
    const ch = discordChannels.get(m[1]!);
    if (!ch) return discordError(res, 404, 10003, "Unknown Channel");
    const found = (discordMessages.get(ch.id) ?? []).find((msg) => msg.id === m![2]);
    if (!found) return discordError(res, 404, 10008, "Unknown Message");
    const emoji = decodeURIComponent(m[3]!);
    if (/:\d+$/.test(emoji) || /^[a-z_]+$/i.test(emoji))
      return discordError(res, 400, 10014, "Unknown Emoji");
    res.writeHead(204).end();
    return;
  }
  if ((m = p.match(/^\/channels\/(\d+)\/webhooks$/))) {
    const ch = discordChannels.get(m[1]!);
    if (!ch) return discordError(res, 404, 10003, "Unknown Channel");
    if (method === "POST") {
      if (ch.id === CH_GENERAL)
        return discordError(res, 400, 30007, "Maximum number of webhooks reached (15)");
      return json(res, 200, {
        id: nextId(),
        type: 1,
        guild_id: GUILD_ID,
        channel_id: ch.id,
        name: String(input.name ?? "hook"),
        avatar: null,
        token: "r14aWebhookTokenXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
        application_id: null,
        user: BOT,
      });
    }
    if (method === "GET") return json(res, 200, []);
  }
  if (
    (m = p.match(
      /^\/guilds\/(\d+)\/(roles|members|bans|invites|scheduled-events|auto-moderation\/rules|emojis|webhooks)$/,
    ))
  ) {
    if (m[1] !== GUILD_ID) return discordError(res, 404, 10004, "Unknown Guild");
    if (m[2] === "roles") return json(res, 200, roles);
    if (m[2] === "members") return json(res, 200, members);
    if (m[2] === "bans") return discordError(res, 403, 50013, "Missing Permissions");
    return json(res, 200, []);
  }
  if ((m = p.match(/^\/guilds\/(\d+)\/members\/(\d+)$/))) {
    const found = members.find((x) => x.user.id === m![2]);
    if (!found) return discordError(res, 404, 10007, "Unknown Member");
    if (method === "GET") return json(res, 200, found);
    return discordError(res, 403, 50013, "Missing Permissions");
  }
  if ((m = p.match(/^\/guilds\/(\d+)\/threads\/active$/))) {
    if (m[1] !== GUILD_ID) return discordError(res, 404, 10004, "Unknown Guild");
    return json(res, 200, { threads: [], members: [] });
  }
  if (p === "/users/@me") return json(res, 200, BOT);
  return discordError(res, 404, 0, "404: Not Found");
}

/** Discord's Gateway (v10, JSON): enough of it for discord.js to log in and ask for members. */
function discordGateway(port: number): Standin {
  let wss: WebSocketServer | undefined;
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        const server = new WebSocketServer({ host: "127.0.0.1", port });
        server.once("error", reject);
        server.once("listening", () => resolve());
        server.on("connection", (socket: WebSocket) => {
          let seq = 0;
          const send = (op: number, d: unknown, t: string | null = null) =>
            socket.send(JSON.stringify({ op, d, s: op === 0 ? ++seq : null, t }));
          send(10, { heartbeat_interval: 41250, _trace: ['["gateway-prd-us-east1-b-r14a",{"micros":0.0}]'] });
          socket.on("message", (raw) => {
            let frame: { op: number; d: Record<string, unknown> };
            try {
              frame = JSON.parse(String(raw)) as typeof frame;
            } catch {
              return socket.close(4002, "Error while decoding payload.");
            }
            if (frame.op === 1) return send(11, null);
            if (frame.op === 2) {
              if (frame.d.token !== DISCORD_TOKEN && frame.d.token !== `Bot ${DISCORD_TOKEN}`)
                return socket.close(4004, "Authentication failed.");
              send(
                0,
                {
                  v: 10,
                  user: { ...BOT, verified: true, mfa_enabled: false, flags: 0, email: null },
                  guilds: [{ id: GUILD_ID, unavailable: true }],
                  session_id: "9b6c1e0f3a2d4c5b8e7f6a5b4c3d2e1f",
                  resume_gateway_url: `ws://127.0.0.1:${port}`,
                  shard: [0, 1],
                  application: { id: BOT_ID, flags: 565248 },
                  private_channels: [],
                  presences: [],
                  relationships: [],
                  guild_join_requests: [],
                  user_settings: {},
                  geo_ordered_rtc_regions: ["us-east"],
                  _trace: ['["gateway-prd-us-east1-b-r14a",{"micros":1234}]'],
                },
                "READY",
              );
              setTimeout(() => {
                if (socket.readyState === socket.OPEN) send(0, guildCreate(), "GUILD_CREATE");
              }, 20);
              return;
            }
            if (frame.op === 8) {
              return send(
                0,
                {
                  guild_id: GUILD_ID,
                  members,
                  chunk_index: 0,
                  chunk_count: 1,
                  not_found: [],
                  nonce: frame.d.nonce,
                },
                "GUILD_MEMBERS_CHUNK",
              );
            }
          });
        });
        wss = server;
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (!wss) return resolve();
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
        wss = undefined;
      }),
  };
}

// ------------------------------------------------------------------------------------- Microsoft Graph

export const TEAM_ID = "8b1f2c3d-4e5f-4a6b-9c7d-0e1f2a3b4c5d";
export const TEAM_ARCHIVED = "2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f";
export const CHANNEL_GENERAL = "19:6b0a1c2d3e4f45a6b7c8d9e0f1a2b3c4@thread.tacv2";
export const CHANNEL_INCIDENTS = "19:a1b2c3d4e5f647a8b9c0d1e2f3a4b5c6@thread.tacv2";
export const CHANNEL_PRIVATE = "19:f0e1d2c3b4a54968a7b6c5d4e3f2a1b0@thread.tacv2";
export const CHAT_ID = "19:2da4c29f6d7041eca70b638b726a89cf_8a1f0b2c3d4e5f60@unq.gbl.spaces";
export const MESSAGE_ID = "1733050800123";
export const USER_ID = "48d31887-5fad-4d73-a9f5-3c356e68a038";

const innerError = () => ({
  date: "2026-12-01T10:15:00",
  "request-id": "a6b1c5a8-6a0e-4bb4-9d1a-2c3f4e5a6b7c",
  "client-request-id": "a6b1c5a8-6a0e-4bb4-9d1a-2c3f4e5a6b7c",
});
const graphError = (
  res: http.ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) => json(res, status, { error: { code, message, innerError: innerError() } }, headers);

const ME = {
  "@odata.context": "https://graph.microsoft.com/v1.0/$metadata#users/$entity",
  id: USER_ID,
  displayName: "Megan Bowen",
  givenName: "Megan",
  surname: "Bowen",
  userPrincipalName: "MeganB@acmetools.onmicrosoft.com",
  mail: "MeganB@acmetools.onmicrosoft.com",
  jobTitle: "Support Lead",
  department: "Customer Success",
  officeLocation: "12/1110",
  businessPhones: ["+1 425 555 0109"],
  mobilePhone: null,
  preferredLanguage: "en-US",
};
const USERS = [
  ME,
  {
    ...ME,
    id: "5bde3e51-d13b-4db1-9948-fe4b109d11a7",
    displayName: "Adele Vance",
    givenName: "Adele",
    surname: "Vance",
    userPrincipalName: "AdeleV@acmetools.onmicrosoft.com",
    mail: "AdeleV@acmetools.onmicrosoft.com",
    jobTitle: "Retail Manager",
    department: "Retail",
  },
  {
    ...ME,
    id: "e8a02cc7-df4d-4778-956d-784cc9506e5a",
    displayName: "Alex Wilber",
    givenName: "Alex",
    surname: "Wilber",
    userPrincipalName: "AlexW@acmetools.onmicrosoft.com",
    mail: "AlexW@acmetools.onmicrosoft.com",
    jobTitle: "Marketing Assistant",
    department: "Marketing",
  },
];

const teamsMessage = (
  id: string,
  from: (typeof USERS)[number],
  content: string,
  at: string,
  extra: object = {},
) => ({
  id,
  replyToId: null,
  etag: id,
  messageType: "message",
  createdDateTime: at,
  lastModifiedDateTime: at,
  lastEditedDateTime: null,
  deletedDateTime: null,
  subject: null,
  summary: null,
  chatId: null,
  importance: "normal",
  locale: "en-us",
  webUrl: `https://teams.microsoft.com/l/message/${encodeURIComponent(CHANNEL_GENERAL)}/${id}`,
  policyViolation: null,
  eventDetail: null,
  from: {
    application: null,
    device: null,
    user: {
      "@odata.type": "#microsoft.graph.teamworkUserIdentity",
      id: from.id,
      displayName: from.displayName,
      userIdentityType: "aadUser",
    },
  },
  body: { contentType: "html", content },
  channelIdentity: { teamId: TEAM_ID, channelId: CHANNEL_GENERAL },
  attachments: [],
  mentions: [],
  reactions: [],
  ...extra,
});

const channelMessages = new Map<string, ReturnType<typeof teamsMessage>[]>([
  [
    CHANNEL_GENERAL,
    [
      teamsMessage(
        MESSAGE_ID,
        USERS[1]!,
        "<p>Customer escalation for ticket #4821 is resolved.</p>",
        "2026-11-30T16:20:00.123Z",
      ),
      teamsMessage(
        "1733040000456",
        USERS[2]!,
        "<p>Reminder: release notes due Friday.</p>",
        "2026-11-30T13:20:00.456Z",
      ),
    ],
  ],
  [CHANNEL_INCIDENTS, []],
]);

const graphHandler = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => {
  if (url.hostname !== "graph.microsoft.com") return text(res, 404, "not found");
  if (state.graphTokenExpired || header(req, "authorization") !== `Bearer ${GRAPH_TOKEN}`)
    return graphError(
      res,
      401,
      "InvalidAuthenticationToken",
      "Lifetime validation failed, the token is expired.",
      {
        "www-authenticate":
          'Bearer realm="", authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize", client_id="00000003-0000-0000-c000-000000000000", error="invalid_token", error_description="Lifetime validation failed, the token is expired."',
      },
    );
  if (state.graphThrottled)
    return graphError(res, 429, "TooManyRequests", "Too many requests, please try again later.", {
      "retry-after": "1",
    });
  if (state.graphUnavailable)
    return graphError(
      res,
      503,
      "serviceNotAvailable",
      "The service is temporarily unavailable. Please retry after some time.",
      { "retry-after": "1" },
    );
  if (state.graphBadGateway)
    return text(
      res,
      502,
      "<!DOCTYPE html><html><head><title>502 - Web server received an invalid response while acting as a gateway or proxy server.</title></head><body><h2>502 - Web server received an invalid response while acting as a gateway or proxy server.</h2><h3>There is a problem with the page you are looking for, and it cannot be displayed. When the Web server (while acting as a gateway or proxy) contacted the upstream content server, it received an invalid response from the content server.</h3></body></html>",
      "text/html",
    );
  const answer = () => graphRoute(req.method ?? "GET", url, body, res);
  if (state.graphSlow) return later(20_000, answer);
  answer();
};

function graphRoute(method: string, url: URL, body: string, res: http.ServerResponse) {
  const p = decodeURIComponent(url.pathname.replace(/^\/(v1\.0|beta)/, ""));
  const input = parse(body);
  let m: RegExpMatchArray | null;
  if (p === "/me") return json(res, 200, ME);
  if (p === "/me/joinedTeams")
    return json(res, 200, {
      "@odata.context": "https://graph.microsoft.com/v1.0/$metadata#teams",
      "@odata.count": 2,
      value: [
        {
          id: TEAM_ID,
          displayName: "Customer Success",
          description: "Support and escalations",
          isArchived: false,
          tenantId: "dcd219dd-bc68-4b9b-bf0b-4a33a796be35",
        },
        {
          id: TEAM_ARCHIVED,
          displayName: "Launch 2025",
          description: "Archived launch team",
          isArchived: true,
          tenantId: "dcd219dd-bc68-4b9b-bf0b-4a33a796be35",
        },
      ],
    });
  if ((m = p.match(/^\/teams\/([^/]+)\/channels$/))) {
    if (m[1] !== TEAM_ID && m[1] !== TEAM_ARCHIVED) {
      if (!/^[0-9a-f-]{36}$/i.test(m[1]!))
        return graphError(
          res,
          400,
          "BadRequest",
          `Invalid value '${m[1]}' for parameter 'groupId'. Must be a valid guid.`,
        );
      return graphError(res, 404, "NotFound", `No team found with Group Id ${m[1]}`);
    }
    return json(res, 200, {
      "@odata.context": `https://graph.microsoft.com/v1.0/$metadata#teams('${m[1]}')/channels`,
      "@odata.count": 3,
      value: [
        {
          id: CHANNEL_GENERAL,
          createdDateTime: "2025-03-01T09:00:00Z",
          displayName: "General",
          description: "Customer Success team",
          email: "",
          membershipType: "standard",
          isArchived: false,
          webUrl: "https://teams.microsoft.com/l/channel/19%3a6b0a/General",
        },
        {
          id: CHANNEL_INCIDENTS,
          createdDateTime: "2025-03-02T09:00:00Z",
          displayName: "Incidents",
          description: "Live incidents",
          email: "",
          membershipType: "standard",
          isArchived: false,
          webUrl: "https://teams.microsoft.com/l/channel/19%3aa1b2/Incidents",
        },
        {
          id: CHANNEL_PRIVATE,
          createdDateTime: "2025-04-02T09:00:00Z",
          displayName: "Leadership",
          description: "Private",
          email: "",
          membershipType: "private",
          isArchived: false,
          webUrl: "https://teams.microsoft.com/l/channel/19%3af0e1/Leadership",
        },
      ],
    });
  }
  if ((m = p.match(/^\/teams\/([^/]+)\/channels\/([^/]+)\/messages$/))) {
    const [, team, ch] = m;
    if (team !== TEAM_ID && team !== TEAM_ARCHIVED)
      return graphError(res, 404, "NotFound", `No team found with Group Id ${team}`);
    if (ch === CHANNEL_PRIVATE)
      return graphError(
        res,
        403,
        "Forbidden",
        "Missing scope permissions on the request. API requires one of 'ChannelMessage.Read.All, Group.Read.All, Group.ReadWrite.All'. Scopes on the request 'Chat.ReadWrite, ChannelMessage.Send, Team.ReadBasic.All, User.Read, User.ReadBasic.All'",
      );
    if (!channelMessages.has(ch!) && team === TEAM_ID)
      return graphError(res, 404, "NotFound", "Channel not found");
    if (method === "GET") {
      return json(res, 200, {
        "@odata.context": `https://graph.microsoft.com/v1.0/$metadata#teams('${team}')/channels('${ch}')/messages`,
        "@odata.count": (channelMessages.get(ch!) ?? []).length,
        value: channelMessages.get(ch!) ?? [],
      });
    }
    if (method === "POST") {
      if (team === TEAM_ARCHIVED)
        return graphError(
          res,
          403,
          "Forbidden",
          "Forbidden operation: Team is archived. Archived teams are read-only.",
        );
      const content = String((input.body as { content?: string } | undefined)?.content ?? "");
      if (!content.trim()) return graphError(res, 400, "BadRequest", "Missing body content");
      if (content.length > 28000)
        return graphError(res, 413, "RequestEntityTooLarge", "Message size exceeds the limit of 28 KB.");
      const sent = teamsMessage(
        String(1733060000000 + (channelMessages.get(ch!)?.length ?? 0)),
        ME,
        content,
        "2026-12-01T10:15:00.000Z",
        { importance: (input.importance as string) ?? "normal" },
      );
      channelMessages.get(ch!)?.unshift(sent);
      return json(res, 201, {
        "@odata.context":
          "https://graph.microsoft.com/v1.0/$metadata#teams('…')/channels('…')/messages/$entity",
        ...sent,
      });
    }
  }
  if ((m = p.match(/^\/teams\/([^/]+)\/channels\/([^/]+)\/messages\/([^/]+)\/replies$/))) {
    const list = channelMessages.get(m[2]!) ?? [];
    if (!list.some((msg) => msg.id === m![3]))
      return graphError(res, 404, "NotFound", `Message with id '${m[3]}' was not found.`);
    if (method === "GET") return json(res, 200, { "@odata.count": 0, value: [] });
    return json(
      res,
      201,
      teamsMessage(
        "1733060099999",
        ME,
        String((input.body as { content?: string })?.content ?? ""),
        "2026-12-01T10:16:00.000Z",
        { replyToId: m[3] },
      ),
    );
  }
  if ((m = p.match(/^\/teams\/([^/]+)\/members$/))) {
    if (m[1] !== TEAM_ID) return graphError(res, 404, "NotFound", `No team found with Group Id ${m[1]}`);
    return json(res, 200, {
      "@odata.count": 3,
      value: USERS.map((u, i) => ({
        "@odata.type": "#microsoft.graph.aadUserConversationMember",
        id: `MCMjMSMj${i}`,
        roles: i === 0 ? ["owner"] : [],
        displayName: u.displayName,
        userId: u.id,
        email: u.mail,
        tenantId: "dcd219dd-bc68-4b9b-bf0b-4a33a796be35",
      })),
    });
  }
  if (p === "/me/chats") {
    return json(res, 200, {
      "@odata.count": 1,
      value: [
        {
          id: CHAT_ID,
          topic: null,
          createdDateTime: "2026-10-01T08:00:00Z",
          lastUpdatedDateTime: "2026-11-30T17:00:00Z",
          chatType: "oneOnOne",
          webUrl: "https://teams.microsoft.com/l/chat/19%3a2da4/0",
          tenantId: "dcd219dd-bc68-4b9b-bf0b-4a33a796be35",
        },
      ],
    });
  }
  if ((m = p.match(/^\/(?:me\/)?chats\/([^/]+)\/messages$/))) {
    if (m[1] !== CHAT_ID) return graphError(res, 404, "NotFound", "NotFound");
    if (method === "GET")
      return json(res, 200, {
        "@odata.count": 1,
        value: [
          teamsMessage(
            "1733070000000",
            USERS[1]!,
            "<p>Can you look at the refund for Contoso?</p>",
            "2026-11-30T17:00:00.000Z",
            { chatId: CHAT_ID, channelIdentity: null },
          ),
        ],
      });
    const content = String((input.body as { content?: string } | undefined)?.content ?? "");
    return json(
      res,
      201,
      teamsMessage("1733070000999", ME, content, "2026-12-01T10:15:00.000Z", {
        chatId: CHAT_ID,
        channelIdentity: null,
      }),
    );
  }
  if (p === "/users") {
    const filter = url.searchParams.get("$filter") ?? "";
    const search = url.searchParams.get("$search") ?? "";
    const needle = (
      filter.match(/'([^']*)'/)?.[1] ??
      search.replace(/"/g, "").split(":").pop() ??
      ""
    ).toLowerCase();
    const hits = USERS.filter(
      (u) =>
        !needle || u.displayName.toLowerCase().includes(needle) || u.mail.toLowerCase().startsWith(needle),
    );
    return json(res, 200, {
      "@odata.context": "https://graph.microsoft.com/v1.0/$metadata#users",
      value: hits,
    });
  }
  if ((m = p.match(/^\/users\/([^/]+)$/))) {
    const found = USERS.find(
      (u) => u.id === m![1] || u.userPrincipalName.toLowerCase() === m![1]!.toLowerCase(),
    );
    if (!found)
      return graphError(
        res,
        404,
        "Request_ResourceNotFound",
        `Resource '${m[1]}' does not exist or one of its queried reference-property objects are not present.`,
      );
    return json(res, 200, found);
  }
  if (p === "/search/query" && method === "POST") {
    const requests = (input.requests as { query?: { queryString?: string } }[] | undefined) ?? [];
    const q = String(requests[0]?.query?.queryString ?? "");
    if (!q.trim()) return graphError(res, 400, "BadRequest", "Query string can not be empty or null.");
    const hits = /escalation|refund/i.test(q)
      ? [
          {
            hitId: `AAMkAD${MESSAGE_ID}`,
            rank: 1,
            summary: "Customer <c0>escalation</c0> for ticket #4821 is resolved.",
            resource: {
              "@odata.type": "#microsoft.graph.chatMessage",
              id: MESSAGE_ID,
              createdDateTime: "2026-11-30T16:20:00.123Z",
              lastModifiedDateTime: "2026-11-30T16:20:00.123Z",
              subject: null,
              importance: "normal",
              webLink: "https://teams.microsoft.com/l/message/19%3a6b0a/1733050800123",
              from: { emailAddress: { name: "Adele Vance", address: "AdeleV@acmetools.onmicrosoft.com" } },
              channelIdentity: { teamId: TEAM_ID, channelId: CHANNEL_GENERAL },
            },
          },
        ]
      : [];
    return json(res, 200, {
      "@odata.context":
        "https://graph.microsoft.com/v1.0/$metadata#Collection(microsoft.graph.searchResponse)",
      value: [
        {
          searchTerms: q.split(/\s+/),
          hitsContainers: [{ hits, total: hits.length, moreResultsAvailable: false }],
        },
      ],
    });
  }
  return graphError(
    res,
    400,
    "BadRequest",
    `Resource not found for the segment '${p.split("/").filter(Boolean).pop() ?? ""}'.`,
  );
}

// ------------------------------------------------------------------------------------------------ Gmail

export const MSG_INVOICE = "18c2f4e1a9b3d701";
export const MSG_RECEIPT = "18c2f4e1a9b3d702";
export const MSG_NEWSLETTER = "18c2f4e1a9b3d703";
export const LABEL_CLIENTS = "Label_4812930573";

interface GmailMessage {
  id: string;
  threadId: string;
  labelIds: string[];
  snippet: string;
  subject: string;
  from: string;
  to: string;
  date: string;
  body: string;
}
const gmailMessages = new Map<string, GmailMessage>();
const gmailLabels = new Map<string, { id: string; name: string; type: "system" | "user" }>();
function resetGmail() {
  gmailMessages.clear();
  for (const msg of [
    {
      id: MSG_INVOICE,
      threadId: MSG_INVOICE,
      labelIds: ["INBOX", "UNREAD", "IMPORTANT"],
      snippet: "Please find attached invoice INV-2026-1187 for November.",
      subject: "Invoice INV-2026-1187",
      from: "Billing <billing@contoso.example>",
      to: "support@acme-tools.example",
      date: "Mon, 30 Nov 2026 09:12:44 +0000",
      body: "Hello,\r\n\r\nPlease find attached invoice INV-2026-1187 for November.\r\n\r\nRegards,\r\nContoso Billing\r\n",
    },
    {
      id: MSG_RECEIPT,
      threadId: MSG_RECEIPT,
      labelIds: ["INBOX", "CATEGORY_UPDATES"],
      snippet: "Your payment of $249.00 was received.",
      subject: "Payment receipt",
      from: "Stripe <receipts@stripe.example>",
      to: "support@acme-tools.example",
      date: "Sun, 29 Nov 2026 18:03:10 +0000",
      body: "Your payment of $249.00 was received.\r\n",
    },
    {
      id: MSG_NEWSLETTER,
      threadId: MSG_NEWSLETTER,
      labelIds: ["INBOX", "CATEGORY_PROMOTIONS"],
      snippet: "This week in developer tools…",
      subject: "Dev Weekly #212",
      from: "Dev Weekly <news@devweekly.example>",
      to: "support@acme-tools.example",
      date: "Sat, 28 Nov 2026 07:00:00 +0000",
      body: "This week in developer tools…\r\n",
    },
  ])
    gmailMessages.set(msg.id, msg);
  gmailLabels.clear();
  for (const label of [
    "INBOX",
    "SENT",
    "DRAFT",
    "SPAM",
    "TRASH",
    "UNREAD",
    "STARRED",
    "IMPORTANT",
    "CATEGORY_UPDATES",
    "CATEGORY_PROMOTIONS",
  ])
    gmailLabels.set(label, { id: label, name: label, type: "system" });
  gmailLabels.set(LABEL_CLIENTS, { id: LABEL_CLIENTS, name: "Clients", type: "user" });
}
resetGmail();

const googleError = (
  res: http.ServerResponse,
  status: number,
  statusName: string,
  message: string,
  reason: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) =>
  json(
    res,
    status,
    {
      error: {
        code: status,
        message,
        errors: [
          {
            message,
            domain: (extra.domain as string) ?? "global",
            reason,
            ...(extra.location ? { location: extra.location, locationType: "parameter" } : {}),
          },
        ],
        status: statusName,
      },
    },
    headers,
  );

const GOOGLE_502 = `<!DOCTYPE html>
<html lang=en>
  <meta charset=utf-8>
  <meta name=viewport content="initial-scale=1, minimum-scale=1, width=device-width">
  <title>Error 502 (Server Error)!!1</title>
  <a href=//www.google.com/><span id=logo aria-label=Google></span></a>
  <p><b>502.</b> <ins>That’s an error.</ins>
  <p>The server encountered a temporary error and could not complete your request.<p>Please try again in 30 seconds.  <ins>That’s all we know.</ins>
`;

let gmailSeq = 0x18c2f5000000;
const nextGmailId = () => (++gmailSeq).toString(16);

const googleHandler = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => {
  if (url.hostname === "oauth2.googleapis.com" || url.hostname === "www.googleapis.com") {
    // A refresh after a 401: the refresh token was revoked with the access.
    return json(res, 400, {
      error: "invalid_grant",
      error_description: "Token has been expired or revoked.",
    });
  }
  if (url.hostname !== "gmail.googleapis.com") return text(res, 404, "not found");
  if (state.gmailTokenRevoked || header(req, "authorization") !== `Bearer ${GMAIL_ACCESS_TOKEN}`)
    return json(
      res,
      401,
      {
        error: {
          code: 401,
          message:
            "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
          errors: [
            {
              message: "Invalid Credentials",
              domain: "global",
              reason: "authError",
              location: "Authorization",
              locationType: "header",
            },
          ],
          status: "UNAUTHENTICATED",
        },
      },
      { "www-authenticate": 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
    );
  if (state.gmailInsufficientScopes)
    return json(res, 403, {
      error: {
        code: 403,
        message: "Request had insufficient authentication scopes.",
        errors: [{ message: "Insufficient Permission", domain: "global", reason: "insufficientPermissions" }],
        status: "PERMISSION_DENIED",
        details: [
          {
            "@type": "type.googleapis.com/google.rpc.ErrorInfo",
            reason: "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
            domain: "googleapis.com",
            metadata: {
              service: "gmail.googleapis.com",
              method: "caribou.api.proto.MailboxService.ListLabels",
            },
          },
        ],
      },
    });
  if (state.gmailRateLimited)
    return googleError(
      res,
      429,
      "RESOURCE_EXHAUSTED",
      "User-rate limit exceeded.  Retry after 2026-12-01T10:16:03.000Z",
      "rateLimitExceeded",
      {},
      { "retry-after": "3" },
    );
  if (state.gmailBackendError)
    return googleError(res, 500, "INTERNAL", "Internal error encountered.", "backendError");
  if (state.gmailBadGateway) return text(res, 502, GOOGLE_502, "text/html; charset=UTF-8");
  const answer = () => gmailRoute(req.method ?? "GET", url, body, res);
  if (state.gmailSlow) return later(20_000, answer);
  answer();
};

function headersOf(msg: GmailMessage) {
  return [
    { name: "From", value: msg.from },
    { name: "To", value: msg.to },
    { name: "Subject", value: msg.subject },
    { name: "Date", value: msg.date },
  ];
}

function gmailRoute(method: string, url: URL, body: string, res: http.ServerResponse) {
  const p = url.pathname.replace(/^\/gmail\/v1\/users\/me/, "").replace(/^\/upload/, "");
  const input = parse(body);
  let m: RegExpMatchArray | null;
  const notFound = () => googleError(res, 404, "NOT_FOUND", "Requested entity was not found.", "notFound");
  const invalidId = () => googleError(res, 400, "INVALID_ARGUMENT", "Invalid id value", "invalidArgument");
  if (p === "/messages" && method === "GET") {
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    if (/\b(before|after):\s*(\d{4}-\d{2}-\d{2})/.test(q))
      return googleError(res, 400, "INVALID_ARGUMENT", "Invalid query", "invalidArgument");
    const words = q
      .replace(/\b(in|is|label):\S+/g, "")
      .split(/\s+/)
      .filter(Boolean);
    const hits = [...gmailMessages.values()].filter((msg) =>
      words.every((w) =>
        w.startsWith("from:")
          ? msg.from.toLowerCase().includes(w.slice(5))
          : `${msg.subject} ${msg.snippet} ${msg.from}`.toLowerCase().includes(w),
      ),
    );
    if (!hits.length) return json(res, 200, { resultSizeEstimate: 0 });
    return json(res, 200, {
      messages: hits.map((msg) => ({ id: msg.id, threadId: msg.threadId })),
      resultSizeEstimate: hits.length,
    });
  }
  if ((p === "/messages/send" || p === "/drafts") && method === "POST") {
    if (p === "/messages/send" && state.gmailSendLimit)
      return googleError(
        res,
        429,
        "RESOURCE_EXHAUSTED",
        "Daily user sending limit exceeded. For more information on Google Workspace sending limits go to https://support.google.com/a/answer/166852",
        "dailyLimitExceeded",
        { domain: "usageLimits" },
      );
    const raw = String(
      (p === "/drafts" ? (input.message as { raw?: string } | undefined)?.raw : input.raw) ?? "",
    );
    const mime = Buffer.from(raw, "base64url").toString("utf8");
    const to = mime.match(/^To: (.*)$/im)?.[1] ?? "";
    if (
      !to.trim() ||
      to
        .split(",")
        .some((addr) => !/^[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+$/.test(addr.trim().replace(/^.*<|>$/g, "")))
    )
      return googleError(res, 400, "INVALID_ARGUMENT", "Invalid To header", "invalidArgument");
    const id = nextGmailId();
    if (p === "/drafts")
      return json(res, 200, {
        id: `r-${BigInt("0x" + id).toString()}`,
        message: { id, threadId: id, labelIds: ["DRAFT"] },
      });
    return json(res, 200, { id, threadId: (input.threadId as string) ?? id, labelIds: ["SENT"] });
  }
  if ((m = p.match(/^\/messages\/([^/]+)$/))) {
    const id = m[1]!;
    if (!/^[0-9a-f]{16}$/.test(id)) return invalidId();
    const msg = gmailMessages.get(id);
    if (!msg) return notFound();
    if (method === "DELETE") {
      gmailMessages.delete(id);
      res.writeHead(204).end();
      return;
    }
    const format = url.searchParams.get("format") ?? "full";
    return json(res, 200, {
      id: msg.id,
      threadId: msg.threadId,
      labelIds: msg.labelIds,
      snippet: msg.snippet,
      sizeEstimate: 4211,
      historyId: "9081723",
      internalDate: String(Date.parse(msg.date)),
      payload: {
        partId: "",
        mimeType: format === "metadata" ? "multipart/alternative" : "text/plain",
        filename: "",
        headers: headersOf(msg),
        body:
          format === "metadata"
            ? { size: 0 }
            : { size: msg.body.length, data: Buffer.from(msg.body).toString("base64url") },
      },
    });
  }
  if ((m = p.match(/^\/messages\/([^/]+)\/modify$/)) && method === "POST") {
    const id = m[1]!;
    if (!/^[0-9a-f]{16}$/.test(id)) return invalidId();
    const msg = gmailMessages.get(id);
    if (!msg) return notFound();
    const add = (input.addLabelIds as string[] | undefined) ?? [];
    for (const label of add)
      if (!gmailLabels.has(label))
        return googleError(res, 400, "INVALID_ARGUMENT", `Invalid label: ${label}`, "invalidArgument");
    const remove = (input.removeLabelIds as string[] | undefined) ?? [];
    msg.labelIds = [...new Set([...msg.labelIds.filter((l) => !remove.includes(l)), ...add])];
    return json(res, 200, { id: msg.id, threadId: msg.threadId, labelIds: msg.labelIds });
  }
  if (p === "/labels" && method === "GET") return json(res, 200, { labels: [...gmailLabels.values()] });
  if (p === "/labels" && method === "POST") {
    const name = String(input.name ?? "");
    if ([...gmailLabels.values()].some((l) => l.name.toLowerCase() === name.toLowerCase()))
      return googleError(res, 409, "ALREADY_EXISTS", "Label name exists or conflicts", "duplicate");
    if (!name.trim() || name.length > 225)
      return googleError(res, 400, "INVALID_ARGUMENT", "Invalid label name", "invalidArgument");
    const label = { id: `Label_${4812930574 + gmailLabels.size}`, name, type: "user" as const };
    gmailLabels.set(label.id, label);
    return json(res, 200, { ...label, messageListVisibility: "show", labelListVisibility: "labelShow" });
  }
  if ((m = p.match(/^\/labels\/([^/]+)$/))) {
    const label = gmailLabels.get(m[1]!);
    if (!label) return notFound();
    if (method === "DELETE") {
      if (label.type === "system")
        return googleError(res, 400, "INVALID_ARGUMENT", "Invalid delete request", "invalidArgument");
      gmailLabels.delete(label.id);
      res.writeHead(204).end();
      return;
    }
    if (method === "PUT" || method === "PATCH") {
      if (label.type === "system")
        return googleError(res, 400, "INVALID_ARGUMENT", "Invalid update request", "invalidArgument");
      Object.assign(label, { name: input.name ?? label.name });
      return json(res, 200, label);
    }
    return json(res, 200, label);
  }
  if (p === "/settings/filters" && method === "GET") return json(res, 200, {});
  if (p === "/settings/filters" && method === "POST") {
    const action = (input.action as { addLabelIds?: string[] } | undefined) ?? {};
    for (const label of action.addLabelIds ?? [])
      if (!gmailLabels.has(label))
        return googleError(
          res,
          400,
          "FAILED_PRECONDITION",
          "Filter doesn't have any actions",
          "failedPrecondition",
        );
    return json(res, 200, { id: "ANe1BmjNfQhx2rX0dXmCqVdF3yrh8Ym1", criteria: input.criteria, action });
  }
  if ((m = p.match(/^\/settings\/filters\/([^/]+)$/))) return notFound();
  return notFound();
}

// ----------------------------------------------------------------------------------------------- listeners

export const discordStandin = forwardProxy(DISCORD_PROXY_PORT, tls, discordHandler);
export const discordGatewayStandin = discordGateway(DISCORD_GATEWAY_PORT);
export const graphStandin = forwardProxy(GRAPH_PROXY_PORT, tls, graphHandler);
export const googleStandin = forwardProxy(GOOGLE_PROXY_PORT, tls, googleHandler);

export const ALL_STANDINS: Standin[] = [discordStandin, discordGatewayStandin, graphStandin, googleStandin];

/** Fresh data for each capture, so a re-run sees the same state. */
export function resetData() {
  resetDiscord();
  discordMessages = initialDiscordMessages();
  resetGmail();
}
