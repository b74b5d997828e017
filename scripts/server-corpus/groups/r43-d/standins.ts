// Loopback stand-in for group r43-d.
//
// chatwoot-mcp-server takes its Chatwoot instance from CHATWOOT_BASE_URL (a self-hosted or app.chatwoot.com URL), so
// the stand-in is a plain HTTP server on loopback that answers Chatwoot's Application API (`/api/v1/accounts/…`) and
// devise_token_auth's sign-in (`/auth/sign_in`); nothing is proxied and no certificate is needed.
//
// README.md says where each body's shape comes from. `state` is switched by the sessions' hooks.

import type http from "node:http";
import { clearTimers, httpStandin, json, later, parse, text } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r43-d";

export const CHATWOOT_PORT = 45350;

/** An agent's personal access token (Profile settings → Access token) and one that was reset since. */
export const API_TOKEN = "Gx7pQm2VbR9tLk4WnZ8cYd3h";
export const RESET_TOKEN = "Hs3kTb8NvQ1mZr6WpX4cLe9j";
/** An agent who signs in with e-mail and password (the server's JWT mode). */
export const AGENT_EMAIL = "lena.okafor@brightdesk.io";
export const AGENT_PASSWORD = "Harbour-Lantern-42";

export const ACCOUNT = 3;
export const OTHER_ACCOUNT = 7;

export const state = {
  rateLimited: false,
  serverError: false,
  badGateway: false,
  slow: false,
  /** The JWT agent's password was changed in the dashboard: sign-in refuses the old one. */
  passwordChanged: false,
};

/** How long a devise_token_auth token issued here lives (seconds); short, so the JWT session sees it expire. */
export const JWT_LIFETIME_S = 5;

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ── Data: a support desk with an e-mail inbox, a website live-chat inbox and an API inbox ──────────────────────────

const NOW = 1_796_000_000; // seconds; Chatwoot's timestamps are Unix seconds

const AGENTS = {
  lena: {
    id: 12,
    account_id: ACCOUNT,
    availability_status: "online",
    auto_offline: true,
    confirmed: true,
    email: AGENT_EMAIL,
    available_name: "Lena Okafor",
    name: "Lena Okafor",
    role: "agent",
    thumbnail: "",
    custom_role_id: null,
  },
  marco: {
    id: 15,
    account_id: ACCOUNT,
    availability_status: "busy",
    auto_offline: true,
    confirmed: true,
    email: "marco.ruiz@brightdesk.io",
    available_name: "Marco Ruiz",
    name: "Marco Ruiz",
    role: "administrator",
    thumbnail: "",
    custom_role_id: null,
  },
};

function contact(id: number, name: string, email: string | null, phone: string | null) {
  return {
    additional_attributes: { city: "", country: "", company_name: "" },
    availability_status: "offline",
    email,
    id,
    name,
    phone_number: phone,
    blocked: false,
    identifier: null,
    thumbnail: "",
    custom_attributes: {},
    last_activity_at: NOW - 600,
    created_at: NOW - 86_400 * 40,
  };
}

const CONTACTS = {
  priya: contact(201, "Priya Natarajan", "priya@ferncliffbakery.com", "+447700900311"),
  jonas: contact(202, "Jonas Weber", "jonas.weber@klarsicht.de", null),
  amara: contact(203, "Amara Diallo", null, "+221771234567"),
  tomas: contact(204, "Tomás Herrera", "tomas@herrera-studio.mx", null),
};

function message(
  id: number,
  conversationId: number,
  inboxId: number,
  content: string,
  type: 0 | 1 | 2,
  createdAt: number,
  sender: Record<string, unknown> | null,
  extra: Record<string, unknown> = {},
) {
  return {
    id,
    content,
    account_id: ACCOUNT,
    inbox_id: inboxId,
    conversation_id: conversationId,
    message_type: type,
    created_at: createdAt,
    updated_at: new Date(createdAt * 1000).toISOString(),
    private: false,
    status: "sent",
    source_id: null,
    content_type: "text",
    content_attributes: {},
    sender_type: sender ? (sender.type === "contact" ? "Contact" : "User") : null,
    sender_id: sender ? sender.id : null,
    external_source_ids: {},
    additional_attributes: {},
    processed_message_content: content,
    sentiment: {},
    conversation: {
      assignee_id: AGENTS.lena.id,
      unread_count: 1,
      last_activity_at: createdAt,
      contact_inbox: {},
    },
    attachments: [],
    sender,
    ...extra,
  };
}

const asContact = (c: ReturnType<typeof contact>) => ({ ...c, type: "contact" });
const asUser = (a: typeof AGENTS.lena) => ({ ...a, type: "user" });

const MESSAGES: Record<number, ReturnType<typeof message>[]> = {
  1042: [
    message(
      88101,
      1042,
      5,
      "Hi, we were charged twice for the Growth plan this month (invoice INV-2291 and INV-2298). Can you refund one?",
      0,
      NOW - 7200,
      asContact(CONTACTS.priya),
    ),
    message(88102, 1042, 5, "Conversation was assigned to Lena Okafor", 2, NOW - 7100, null),
    message(
      88107,
      1042,
      5,
      "Stripe shows both charges captured; the second one is the retry after the card update on the 3rd.",
      1,
      NOW - 5400,
      asUser(AGENTS.lena),
      { private: true },
    ),
    message(
      88110,
      1042,
      5,
      "Thanks Priya, I can see the duplicate. I've asked billing to refund INV-2298; you'll get an e-mail once it's done.",
      1,
      NOW - 5000,
      asUser(AGENTS.lena),
    ),
    message(
      88131,
      1042,
      5,
      "Great, thank you! Will the refund go back to the same card?",
      0,
      NOW - 900,
      asContact(CONTACTS.priya),
    ),
  ],
  1047: [
    message(
      88140,
      1047,
      2,
      "Hallo, der Export nach CSV bricht bei mehr als 10.000 Zeilen ab.",
      0,
      NOW - 3600,
      asContact(CONTACTS.jonas),
    ),
  ],
  // A conversation opened through the API inbox by the order system, with no message yet.
  1051: [],
};

function conversation(
  id: number,
  inboxId: number,
  channel: string,
  sender: ReturnType<typeof contact>,
  assignee: typeof AGENTS.lena | null,
  status: string,
  extra: Record<string, unknown> = {},
) {
  const msgs = MESSAGES[id] ?? [];
  const last = msgs.filter((m) => m.message_type !== 2).at(-1) ?? null;
  return {
    meta: {
      sender: { ...sender, type: "contact" },
      channel,
      assignee: assignee ? { ...assignee } : null,
      hmac_verified: false,
    },
    id,
    messages: last ? [last] : [],
    account_id: ACCOUNT,
    uuid: `6f1c${id}-2b7e-4d1a-9c3f-${String(id).padStart(12, "0")}`,
    additional_attributes: {},
    agent_last_seen_at: NOW - 1200,
    assignee_last_seen_at: NOW - 1200,
    can_reply: true,
    contact_last_seen_at: NOW - 800,
    custom_attributes: {},
    inbox_id: inboxId,
    labels: [] as string[],
    muted: false,
    snoozed_until: null,
    status,
    created_at: NOW - 7300,
    updated_at: NOW - 800,
    timestamp: last ? last.created_at : NOW - 7300,
    first_reply_created_at: null,
    unread_count: 0,
    last_non_activity_message: last,
    last_activity_at: last ? last.created_at : NOW - 7300,
    priority: null as string | null,
    waiting_since: NOW - 900,
    sla_policy_id: null,
    ...extra,
  };
}

const CONVERSATIONS = [
  conversation(1042, 5, "Channel::Email", CONTACTS.priya, AGENTS.lena, "open", {
    labels: ["billing", "refund"],
    priority: "high",
    unread_count: 1,
    first_reply_created_at: NOW - 5000,
    custom_attributes: { plan: "Growth", mrr: 149 },
  }),
  conversation(1047, 2, "Channel::WebWidget", CONTACTS.jonas, null, "open", {
    labels: ["bug", "export"],
    unread_count: 1,
  }),
  conversation(1049, 2, "Channel::WebWidget", CONTACTS.amara, AGENTS.marco, "open", { unread_count: 0 }),
  conversation(1038, 5, "Channel::Email", CONTACTS.tomas, AGENTS.lena, "pending", {
    labels: ["onboarding"],
    waiting_since: null,
  }),
  conversation(1051, 7, "Channel::Api", CONTACTS.tomas, null, "open", { labels: ["order-sync"] }),
];

let nextMessageId = 88150;

// ── The API ──────────────────────────────────────────────────────────────────────────────────────────────────────────

/** devise_token_auth sessions issued by /auth/sign_in: access-token → expiry (seconds). */
const sessions = new Map<string, number>();
let issued = 0;

function unauthorized(res: http.ServerResponse, message: string) {
  // app/controllers/concerns/request_exception_handler.rb#render_unauthorized
  return json(res, 401, { error: message });
}

function signIn(body: string, res: http.ServerResponse) {
  const { email, password } = parse(body) as { email?: string; password?: string };
  if (email !== AGENT_EMAIL || password !== AGENT_PASSWORD || state.passwordChanged) {
    // devise_token_auth's SessionsController#render_create_error_bad_credentials
    return json(res, 401, { success: false, errors: ["Invalid login credentials. Please try again."] });
  }
  issued += 1;
  const token = `tk${issued}Qv7Lm3Rx9Pw2Zc5N`;
  const expiry = Math.floor(Date.now() / 1000) + JWT_LIFETIME_S;
  sessions.set(token, expiry);
  res.writeHead(200, {
    "content-type": "application/json; charset=utf-8",
    "access-token": token,
    "token-type": "Bearer",
    client: `cl${issued}Hd2Ks8Tn`,
    expiry: String(expiry),
    uid: AGENT_EMAIL,
  });
  res.end(
    JSON.stringify({
      data: {
        ...AGENTS.lena,
        access_token: API_TOKEN,
        account_id: ACCOUNT,
        accounts: [{ id: ACCOUNT, name: "Brightdesk Support", role: "agent", status: "active" }],
        provider: "email",
        uid: AGENT_EMAIL,
      },
    }),
  );
}

function authenticated(req: http.IncomingMessage): "ok" | "bad_token" | "no_credentials" {
  const token = req.headers["api_access_token"];
  if (typeof token === "string") return token === API_TOKEN ? "ok" : "bad_token";
  const jwt = req.headers["access-token"];
  if (typeof jwt === "string") {
    const expiry = sessions.get(jwt);
    if (expiry && expiry > Date.now() / 1000 && req.headers["uid"] === AGENT_EMAIL) return "ok";
  }
  return "no_credentials";
}

function chatwoot(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  const p = url.pathname;
  seen.push(`chatwoot ${method} ${p}${url.search} ${body}`.trim());

  if (method === "POST" && p === "/auth/sign_in") return signIn(body, res);

  const auth = authenticated(req);
  // app/controllers/concerns/access_token_auth_helper.rb: a token that matches no AccessToken
  if (auth === "bad_token") return unauthorized(res, "Invalid Access Token");
  // devise_token_auth's authenticate_user! when neither an access token nor a valid session is sent
  if (auth === "no_credentials")
    return json(res, 401, { errors: ["You need to sign in or sign up before continuing."] });

  if (state.slow) return later(15_000, () => json(res, 200, { data: { meta: {}, payload: [] } }));
  if (state.badGateway) {
    // nginx in front of a self-hosted instance while the Rails (Puma) upstream restarts
    return text(
      res,
      502,
      "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.24.0</center>\r\n</body>\r\n</html>\r\n",
      "text/html",
    );
  }
  if (state.rateLimited) {
    // Rack::Attack's default throttled response (config/initializers/rack_attack.rb throttles per token)
    return text(res, 429, "Retry later\n", "text/plain", { "retry-after": "60" });
  }
  if (state.serverError) {
    // Rails' JSON rendering of an unhandled exception (public/500 for API requests)
    return json(res, 500, { status: 500, error: "Internal Server Error" });
  }

  const m = p.match(/^\/api\/v1\/accounts\/(\d+)(\/.*)$/);
  if (!m) {
    unknownRequests.push(`${method} ${p}`);
    return json(res, 404, { status: 404, error: "Not Found" });
  }
  const accountId = Number(m[1]);
  const rest = m[2] ?? "";
  // app/controllers/concerns/ensure_current_account_helper.rb: the user has no AccountUser in that account
  if (accountId !== ACCOUNT) return unauthorized(res, "You are not authorized to access this account");

  if (method === "GET" && rest === "/conversations") {
    const status = url.searchParams.get("status") ?? "open";
    const assigneeType = url.searchParams.get("assignee_type") ?? "all";
    const inbox = url.searchParams.get("inbox_id");
    const page = Number(url.searchParams.get("page") ?? "1");
    let list = CONVERSATIONS.filter((c) => status === "all" || c.status === status);
    if (inbox) list = list.filter((c) => c.inbox_id === Number(inbox));
    const mine = list.filter((c) => c.meta.assignee?.id === AGENTS.lena.id);
    const unassigned = list.filter((c) => !c.meta.assignee);
    const counts = {
      mine_count: mine.length,
      assigned_count: list.length - unassigned.length,
      unassigned_count: unassigned.length,
      all_count: list.length,
    };
    const chosen = assigneeType === "me" ? mine : assigneeType === "unassigned" ? unassigned : list;
    const payload = page === 1 ? chosen : [];
    return json(res, 200, { data: { meta: counts, payload } });
  }

  const one = rest.match(/^\/conversations\/(\d+)(\/messages)?$/);
  if (one) {
    const id = Number(one[1]);
    const conv = CONVERSATIONS.find((c) => c.id === id);
    // request_exception_handler.rb: ActiveRecord::RecordNotFound → render_not_found_error
    if (!conv) return json(res, 404, { error: "Resource could not be found" });
    if (!one[2] && method === "GET") return json(res, 200, conv);
    if (one[2] && method === "GET") {
      return json(res, 200, {
        meta: {
          labels: conv.labels,
          additional_attributes: conv.additional_attributes,
          contact: conv.meta.sender,
          assignee: conv.meta.assignee,
          agent_last_seen_at: conv.agent_last_seen_at,
          assignee_last_seen_at: conv.assignee_last_seen_at,
        },
        payload: MESSAGES[id] ?? [],
      });
    }
    if (one[2] && method === "POST") {
      const input = parse(body) as { content?: string; message_type?: string; private?: boolean };
      if (input.message_type === "incoming" && conv.meta.channel !== "Channel::Api") {
        // Messages::MessageBuilder: incoming messages can only be created on API channel inboxes;
        // MessagesController#create rescues it with render_could_not_create_error (422)
        return json(res, 422, { error: "Incoming messages are only allowed in Api inboxes" });
      }
      nextMessageId += 1;
      const created = message(
        nextMessageId,
        id,
        conv.inbox_id,
        input.content ?? "",
        input.message_type === "incoming" ? 0 : 1,
        Math.floor(Date.now() / 1000),
        input.message_type === "incoming" ? conv.meta.sender : asUser(AGENTS.lena),
        { private: input.private === true },
      );
      (MESSAGES[id] ??= []).push(created);
      return json(res, 200, created);
    }
  }

  unknownRequests.push(`${method} ${p}`);
  return json(res, 404, { status: 404, error: "Not Found" });
}

export const chatwootStandin = httpStandin(CHATWOOT_PORT, chatwoot);

export const ALL_STANDINS = [chatwootStandin];
