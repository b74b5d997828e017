// Loopback stand-in for group r43-i: the Telegram Bot API.
//
// mcp-communicator-telegram builds its bot with node-telegram-bot-api, which writes https://api.telegram.org into every
// request URL and sends it with @cypress/request; that client follows HTTPS_PROXY by opening a CONNECT tunnel. The
// stand-in is standin-kit's forwardProxy on 45600: it terminates the tunnel with the stand-in certificate (trusted
// through NODE_EXTRA_CA_CERTS) and answers the Bot API methods the server calls — getMe at start, getUpdates (the
// bot's long polling, which carries the user's replies to ask_user), sendMessage and sendDocument.
//
// README.md says where each body's shape comes from. `state` is switched by the sessions' hooks.

import type http from "node:http";
import { certificate, clearTimers, forwardProxy, json, later, parse, text } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r43-i";

export const TELEGRAM_PORT = 45600;
export const TELEGRAM_HOST = "api.telegram.org";

// A bot token as BotFather issues them: the bot's id, a colon, 35 characters.
export const BOT_ID = 7412093385;
export const BOT_TOKEN = `${BOT_ID}:AAH4kQ9vX2mZr7LwT1nB8yC3pD6sF0gJ5eU`;

/** The private chat with the developer the bot reports to. */
export const CHAT_ID = "583920417";
/** A group id the bot was never added to (or that was deleted). */
export const UNKNOWN_CHAT_ID = "-4051239876";
/** A basic group that was upgraded to a supergroup: its old id is refused with migrate_to_chat_id. */
export const MIGRATED_CHAT_ID = "-4187720315";
export const SUPERGROUP_ID = -1002241867390;

export const state = {
  rateLimited: false,
  serverError: false,
  badGateway: false,
  slow: false,
  blocked: false,
  revoked: false,
  noAnswer: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

const CERT = () => certificate(DATA, [TELEGRAM_HOST]);
export const certificateFile = () => CERT().cert;

const BOT = { id: BOT_ID, is_bot: true, first_name: "Build Relay", username: "build_relay_bot" };
const USER = {
  id: Number(CHAT_ID),
  is_bot: false,
  first_name: "Dana",
  last_name: "Okafor",
  username: "dokafor",
  language_code: "en",
};
const PRIVATE_CHAT = {
  id: Number(CHAT_ID),
  first_name: "Dana",
  last_name: "Okafor",
  username: "dokafor",
  type: "private",
};

/** What the user types back to each question the bot asks (by a phrase of the question). */
const ANSWERS: [RegExp, string][] = [
  [/staging/i, "yes, go ahead"],
  [/which branch/i, "release/2.14 — main still has the unreviewed migration"],
  [/rotate/i, "not now, after the demo at 3pm"],
];

let messageId = 4120;
let updateId = 861402337;
const nowSeconds = () => Math.floor(Date.now() / 1000);

interface Update {
  update_id: number;
  message: Record<string, unknown>;
}
const pendingUpdates: Update[] = [];
const waiting: { res: http.ServerResponse; offset: number }[] = [];

function flushUpdates() {
  while (waiting.length) {
    const w = waiting.shift();
    if (!w) break;
    const result = pendingUpdates.filter((u) => u.update_id >= w.offset);
    json(w.res, 200, { ok: true, result });
  }
}

/** The Bot API's error envelope (core.telegram.org/bots/api, "Making requests"). */
function fail(
  res: http.ServerResponse,
  status: number,
  description: string,
  parameters?: Record<string, number>,
  headers: Record<string, string> = {},
) {
  return json(
    res,
    status,
    { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) },
    headers,
  );
}

/** Telegram's front answers a bare nginx page when the Bot API backend is down. */
const NGINX_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.18.0</center>\r\n</body>\r\n</html>\r\n";

function multipartField(body: string, name: string): string | undefined {
  const m = new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)\\r\\n`).exec(body);
  return m?.[1];
}

function telegram(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const m = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
  const method = m?.[2] ?? "";
  const token = m?.[1] ?? "";
  const multipart = (req.headers["content-type"] ?? "").startsWith("multipart/form-data");
  const form = multipart ? {} : parse(body);
  seen.push(
    `telegram ${req.method} /bot<token>/${method}${url.search} ${multipart ? `multipart ${body.length} bytes` : body.slice(0, 300)}`,
  );
  if (!m) return fail(res, 404, "Not Found");
  if (token !== BOT_TOKEN || state.revoked) return fail(res, 401, "Unauthorized");

  if (method === "getUpdates") {
    const offset = Number(form.offset ?? 0);
    const ready = pendingUpdates.filter((u) => u.update_id >= offset);
    // Confirmed updates (below the offset) are forgotten, as the Bot API does.
    for (let i = pendingUpdates.length - 1; i >= 0; i--) {
      if ((pendingUpdates[i]?.update_id ?? 0) < offset) pendingUpdates.splice(i, 1);
    }
    if (ready.length) return json(res, 200, { ok: true, result: ready });
    // Long polling: hold the request until an update arrives or the (shortened) timeout ends.
    const entry = { res, offset };
    waiting.push(entry);
    later(1500, () => {
      const i = waiting.indexOf(entry);
      if (i >= 0) {
        waiting.splice(i, 1);
        json(res, 200, { ok: true, result: [] });
      }
    });
    return;
  }
  if (method === "getMe") {
    return json(res, 200, {
      ok: true,
      result: {
        ...BOT,
        can_join_groups: true,
        can_read_all_group_messages: false,
        supports_inline_queries: false,
        can_connect_to_business: false,
        has_main_web_app: false,
      },
    });
  }

  if (state.slow) {
    return later(15_000, () => json(res, 200, { ok: true, result: true }));
  }
  if (state.badGateway) return text(res, 502, NGINX_502, "text/html");
  if (state.serverError) return fail(res, 500, "Internal Server Error");
  if (state.rateLimited) {
    return fail(res, 429, "Too Many Requests: retry after 35", { retry_after: 35 }, { "retry-after": "35" });
  }

  // node-telegram-bot-api sends an upload's other parameters in the query string, a message's in the form.
  const chatId =
    url.searchParams.get("chat_id") ??
    (multipart ? multipartField(body, "chat_id") : String(form.chat_id ?? ""));
  if (chatId === MIGRATED_CHAT_ID) {
    return fail(res, 400, "Bad Request: group chat was upgraded to a supergroup chat", {
      migrate_to_chat_id: SUPERGROUP_ID,
    });
  }
  if (chatId !== CHAT_ID) return fail(res, 400, "Bad Request: chat not found");
  if (state.blocked) return fail(res, 403, "Forbidden: bot was blocked by the user");

  if (method === "sendMessage") {
    const msgText = String(form.text ?? "");
    if (!msgText.trim()) return fail(res, 400, "Bad Request: message text is empty");
    if (msgText.length > 4096) return fail(res, 400, "Bad Request: message is too long");
    const message = {
      message_id: ++messageId,
      from: BOT,
      chat: PRIVATE_CHAT,
      date: nowSeconds(),
      text: msgText,
    };
    json(res, 200, { ok: true, result: message });
    // A question (the server prefixes "#<id>\n" and asks for a forced reply): the user answers a moment later.
    if (/^#[a-z0-9]+\n/.test(msgText) && !state.noAnswer) {
      const answer = ANSWERS.find(([re]) => re.test(msgText))?.[1] ?? "ok";
      later(900, () => {
        pendingUpdates.push({
          update_id: ++updateId,
          message: {
            message_id: ++messageId,
            from: USER,
            chat: PRIVATE_CHAT,
            date: nowSeconds(),
            reply_to_message: message,
            text: answer,
          },
        });
        flushUpdates();
      });
    }
    return;
  }
  if (method === "sendDocument") {
    // Bot API uploads are limited to 50 MB (core.telegram.org/bots/api#senddocument).
    if (body.length > 50 * 1024 * 1024) return fail(res, 413, "Request Entity Too Large");
    const fileName = /filename="([^"]+)"/.exec(body)?.[1] ?? "document";
    const start = body.indexOf("\r\n\r\n", body.indexOf(`filename="`));
    const end = body.indexOf("\r\n--", start + 4);
    const size = start >= 0 && end >= 0 ? Buffer.byteLength(body.slice(start + 4, end), "latin1") : 0;
    if (size === 0) return fail(res, 400, "Bad Request: file must be non-empty");
    return json(res, 200, {
      ok: true,
      result: {
        message_id: ++messageId,
        from: BOT,
        chat: PRIVATE_CHAT,
        date: nowSeconds(),
        document: {
          file_name: fileName,
          mime_type: fileName.endsWith(".zip") ? "application/zip" : "application/octet-stream",
          file_id: `BQACAgQAAxkDAAIQ${messageId}ZnJvbV9zdGFuZGlu${size.toString(36)}`,
          file_unique_id: `AgAD${messageId.toString(36)}Bw`,
          file_size: size,
        },
      },
    });
  }
  unknownRequests.push(`${req.method} /bot<token>/${method}`);
  return fail(res, 404, "Not Found");
}

export const telegramProxy = forwardProxy(TELEGRAM_PORT, CERT, telegram);
export const ALL_STANDINS = [telegramProxy];

/** Clears the queued replies and held long polls (between sessions). */
export function resetUpdates() {
  pendingUpdates.length = 0;
  for (const w of waiting.splice(0)) json(w.res, 200, { ok: true, result: [] });
}
