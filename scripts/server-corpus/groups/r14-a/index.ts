// Group r14-a: messaging and e-mail — Discord (two servers by different authors, one over Streamable HTTP),
// Microsoft Teams through Microsoft Graph, and Gmail — each published MCP server behind a loopback stand-in
// that answers with the real API's bodies and error bodies (standins.ts). All hosts are written into their
// servers; standins.ts says how each server's HTTP client is brought to 127.0.0.1 without touching its code.
//
//   (cd scripts/server-corpus/groups/r14-a && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r14-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  BOT_ID,
  CERT,
  CHANNEL_GENERAL,
  CHANNEL_INCIDENTS,
  CHANNEL_PRIVATE,
  CHAT_ID,
  CH_ANNOUNCEMENTS,
  CH_GENERAL,
  CH_MODLOG,
  CH_QUIET,
  CH_RELEASES,
  CH_VOICE,
  DATA,
  DISCORD_MCP_PORT,
  DISCORD_PROXY_PORT,
  DISCORD_TOKEN,
  GMAIL_ACCESS_TOKEN,
  GMAIL_REFRESH_TOKEN,
  GOOGLE_PROXY_PORT,
  GRAPH_PROXY_PORT,
  GRAPH_TOKEN,
  GUILD_ID,
  LABEL_CLIENTS,
  MESSAGE_ID,
  MSG_DEPLOY,
  MSG_INVOICE,
  MSG_MOD,
  MSG_NEWSLETTER,
  MSG_RECEIPT,
  MSG_WELCOME,
  OTHER_GUILD_ID,
  TEAM_ARCHIVED,
  TEAM_ID,
  USER_ID,
  clearTimers,
  discordStandin,
  ensureCertificate,
  googleStandin,
  graphStandin,
  resetData,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));
const PRELOAD = `--import=${path.join(FROM, "proxy-preload.mjs")}`;

export const PACKAGES: Record<string, string> = {
  "mcp-discord": "1.3.4",
  "@quadslab.io/discord-mcp": "2.1.1",
  "@floriscornel/teams-mcp": "0.3.2",
  "@gongrzhe/server-gmail-autoauth-mcp": "1.1.11",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const UNKNOWN_CHANNEL = "1187450163198099999";

// --------------------------------------------------------------------- mcp-discord (Streamable HTTP)

const discordHttp: SessionSpec = {
  label: "r14-a-discord",
  server: "mcp-discord",
  transport: "http",
  start: httpServer("r14-a-discord", "mcp-discord", {
    from: FROM,
    port: DISCORD_MCP_PORT,
    args: ["--transport", "http", "--port", String(DISCORD_MCP_PORT)],
    env: {
      DISCORD_TOKEN,
      HTTPS_PROXY: `http://127.0.0.1:${DISCORD_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: PRELOAD,
      LISTEN_LOOPBACK: "1",
      HOME,
    },
  }),
  steps: [
    step(
      "dc-001",
      "discord_get_server_info",
      { guildId: GUILD_ID },
      "the server's channels and member count",
    ),
    step(
      "dc-002",
      "discord_read_messages",
      { channelId: CH_GENERAL, limit: 10 },
      "read the latest messages in #general",
    ),
    step(
      "dc-003",
      "discord_send",
      { channelId: CH_GENERAL, message: "Heads-up: maintenance window tonight 22:00–23:00 UTC." },
      "post a message in #general",
    ),
    step(
      "dc-004",
      "discord_read_messages",
      { channelId: CH_QUIET, limit: 10 },
      "read a channel that has no messages",
    ),
    step(
      "dc-005",
      "discord_read_messages",
      { channelId: UNKNOWN_CHANNEL, limit: 10 },
      "read a channel id that does not exist",
    ),
    step(
      "dc-006",
      "discord_send",
      { channelId: UNKNOWN_CHANNEL, message: "ping" },
      "send to a channel id that does not exist",
    ),
    step(
      "dc-007",
      "discord_send",
      { channelId: UNKNOWN_CHANNEL, message: "ping" },
      "the same send to the missing channel again, unchanged",
    ),
    step(
      "dc-008",
      "discord_read_messages",
      { channelId: CH_MODLOG, limit: 5 },
      "read #mod-log, which the bot cannot view",
    ),
    step(
      "dc-009",
      "discord_send",
      { channelId: CH_MODLOG, message: "Bot was here" },
      "post in #mod-log, where the bot may not send",
    ),
    step(
      "dc-010",
      "discord_send",
      { channelId: CH_GENERAL, message: "x".repeat(2100) },
      "a message over 2000 characters",
    ),
    step("dc-011", "discord_send", { channelId: CH_VOICE, message: "hello" }, "send to a voice channel"),
    step(
      "dc-012",
      "discord_add_reaction",
      { channelId: CH_GENERAL, messageId: MSG_DEPLOY, emoji: "👍" },
      "react to a message with 👍",
    ),
    step(
      "dc-013",
      "discord_add_reaction",
      { channelId: CH_GENERAL, messageId: MSG_DEPLOY, emoji: "party_blob:1091111111111111111" },
      "react with a custom emoji from another server",
    ),
    step(
      "dc-014",
      "discord_add_multiple_reactions",
      {
        channelId: CH_GENERAL,
        messageId: MSG_DEPLOY,
        emojis: ["✅", "thinking_blob:1091111111111111112", "🎉"],
      },
      "three reactions, one of them an emoji the bot cannot use",
    ),
    step(
      "dc-015",
      "discord_delete_message",
      { channelId: CH_GENERAL, messageId: "1190000000000009999" },
      "delete a message id that does not exist",
    ),
    step(
      "dc-016",
      "discord_create_text_channel",
      { guildId: GUILD_ID, channelName: "release-notes", topic: "Release notes" },
      "create a text channel",
    ),
    step(
      "dc-017",
      "discord_create_text_channel",
      { guildId: GUILD_ID, channelName: "archive-2026" },
      "create a channel in a server at its 500-channel limit",
    ),
    step(
      "dc-018",
      "discord_get_server_info",
      { guildId: OTHER_GUILD_ID },
      "info on a server the bot was never added to",
    ),
    step(
      "dc-019",
      "discord_read_messages",
      { channelId: CH_GENERAL, limit: 500 },
      "read with a limit over 100",
    ),
    step(
      "dc-020",
      "discord_send",
      { channelId: 1187450163198095400, message: "hi" },
      "a channel id given as a number",
    ),
    step(
      "dc-021",
      "discord_read_messages",
      { channelId: CH_RELEASES, limit: 5 },
      "read while Discord answers 500",
      flag("discordServerError"),
    ),
    step(
      "dc-022",
      "discord_send",
      { channelId: CH_RELEASES, message: "v4.2.1 is out" },
      "send while Cloudflare answers an HTML 502",
      flag("discordBadGateway"),
    ),
    step(
      "dc-023",
      "discord_read_messages",
      { channelId: CH_RELEASES, limit: 5 },
      "read while the route is rate limited for 35 s; the client waits 5 s",
      flag("discordRateLimited", { timeoutMs: 5000 }),
    ),
    step(
      "dc-024",
      "discord_read_messages",
      { channelId: CH_ANNOUNCEMENTS, limit: 5 },
      "a read Discord takes 20 s for; the client waits 3 s",
      flag("discordSlow", { timeoutMs: 3000 }),
    ),
    step(
      "dc-025",
      "discord_ban_member",
      { guildId: GUILD_ID, userId: BOT_ID },
      "a tool the server does not have",
    ),
    step(
      "dc-026",
      "discord_send",
      { channelId: CH_RELEASES, message: "v4.2.1 is out" },
      "send while Discord cannot be reached (stand-in stopped)",
      down(discordStandin, { timeoutMs: 20_000 }),
    ),
    step(
      "dc-027",
      "discord_read_messages",
      { channelId: CH_RELEASES, limit: 5 },
      "read after the bot token was reset in the developer portal (401)",
      flag("discordUnauthorized"),
    ),
  ],
};

// ---------------------------------------------------------------- @quadslab.io/discord-mcp (stdio)

const discordStdio: SessionSpec = {
  label: "r14-a-quadslab",
  server: "@quadslab.io/discord-mcp",
  transport: "stdio",
  start: stdioServer("r14-a-quadslab", "@quadslab.io/discord-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      DISCORD_TOKEN,
      DISCORD_GUILD_ID: GUILD_ID,
      HTTPS_PROXY: `http://127.0.0.1:${DISCORD_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: PRELOAD,
      HOME,
    },
  }),
  steps: [
    step("qd-001", "list_channels", {}, "list the server's channels"),
    step("qd-002", "get_messages", { channel: "general", limit: 5 }, "read #general by name"),
    step(
      "qd-003",
      "send_message",
      { channel: "general", content: "Release 4.2.1 is rolling out." },
      "post by channel name",
    ),
    step("qd-004", "get_message", { channel: "general", messageId: MSG_WELCOME }, "one message by id"),
    step(
      "qd-005",
      "get_messages",
      { channel: "quiet room", limit: 5 },
      "a channel with no messages (fuzzy name)",
    ),
    step(
      "qd-006",
      "get_messages",
      { channel: "billing-escalations", limit: 5 },
      "a channel name that does not exist",
    ),
    step(
      "qd-007",
      "get_message",
      { channel: "general", messageId: "1190000000000009999" },
      "a message id that does not exist",
    ),
    step(
      "qd-008",
      "get_message",
      { channel: "general", messageId: "1190000000000009999" },
      "the same missing message again, unchanged",
    ),
    step(
      "qd-009",
      "get_messages",
      { channel: "mod-log", limit: 5 },
      "read #mod-log, which the bot cannot view",
    ),
    step(
      "qd-010",
      "delete_message",
      { channel: "mod-log", messageId: MSG_MOD },
      "delete a moderator's message in #mod-log",
    ),
    step("qd-011", "send_message", { channel: "general", content: "" }, "send an empty message"),
    step(
      "qd-012",
      "add_reaction",
      { channel: "general", messageId: MSG_DEPLOY, emoji: "🚀" },
      "react with 🚀",
    ),
    step(
      "qd-013",
      "add_reaction",
      { channel: "general", messageId: MSG_DEPLOY, emoji: "shipit" },
      "react with an emoji name the server does not have",
    ),
    step(
      "qd-014",
      "send_message",
      { channel: "Standup", content: "joining in 2" },
      "send to a voice channel's chat",
    ),
    step(
      "qd-015",
      "create_text_channel",
      { name: "archive-2026" },
      "create a channel in a server at its 500-channel limit",
    ),
    step("qd-016", "get_messages", { channel: 42 }, "a channel given as a number"),
    step("qd-017", "list_bans", {}, "list bans without the Ban Members permission"),
    step(
      "qd-018",
      "get_messages",
      { channel: "releases", limit: 5 },
      "read while Discord answers 500",
      flag("discordServerError"),
    ),
    step(
      "qd-019",
      "send_message",
      { channel: "releases", content: "v4.2.1 is out" },
      "send while Cloudflare answers an HTML 502",
      flag("discordBadGateway"),
    ),
    step(
      "qd-020",
      "get_messages",
      { channel: "releases", limit: 5 },
      "read while the route is rate limited for 35 s; the client waits 5 s",
      flag("discordRateLimited", { timeoutMs: 5000 }),
    ),
    step(
      "qd-021",
      "get_messages",
      { channel: "announcements", limit: 5 },
      "a read Discord takes 20 s for; the client waits 3 s",
      flag("discordSlow", { timeoutMs: 3000 }),
    ),
    step(
      "qd-022",
      "timeout_member",
      { user: "lin", minutes: 10 },
      "time out a member with `user`/`minutes` instead of the required `member`/`duration`",
    ),
    step(
      "qd-023",
      "send_message",
      { channel: "releases", content: "v4.2.1 is out" },
      "send while Discord cannot be reached (stand-in stopped)",
      down(discordStandin, { timeoutMs: 20_000 }),
    ),
    step(
      "qd-024",
      "get_messages",
      { channel: "releases", limit: 5 },
      "read after the bot token was reset in the developer portal (401)",
      flag("discordUnauthorized"),
    ),
    step("qd-025", "purge_all_messages", { channel: "general" }, "a tool the server does not have"),
  ],
};

// ---------------------------------------------------------------- @floriscornel/teams-mcp (stdio)

const teams: SessionSpec = {
  label: "r14-a-teams",
  server: "@floriscornel/teams-mcp",
  transport: "stdio",
  start: stdioServer("r14-a-teams", "@floriscornel/teams-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      HTTPS_PROXY: `http://127.0.0.1:${GRAPH_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: PRELOAD,
      HOME,
    },
  }),
  steps: [
    step("tm-001", "get_current_user", {}, "the signed-in user's profile"),
    step("tm-002", "list_teams", {}, "the teams the user belongs to"),
    step("tm-003", "list_channels", { teamId: TEAM_ID }, "the channels of a team"),
    step(
      "tm-004",
      "get_channel_messages",
      { teamId: TEAM_ID, channelId: CHANNEL_GENERAL },
      "recent channel messages",
    ),
    step(
      "tm-005",
      "send_channel_message",
      {
        teamId: TEAM_ID,
        channelId: CHANNEL_GENERAL,
        message: "Escalation queue is clear for today.",
        importance: "normal",
      },
      "post a message in a channel",
    ),
    step(
      "tm-006",
      "get_channel_messages",
      { teamId: TEAM_ID, channelId: CHANNEL_INCIDENTS },
      "a channel with no messages",
    ),
    step("tm-007", "search_users", { query: "zzqx-nobody" }, "a user search that finds nobody"),
    step("tm-008", "search_messages", { query: "escalation" }, "search messages by keyword"),
    step("tm-009", "search_messages", { query: "kubernetes-upgrade-zz" }, "a message search with no hits"),
    step(
      "tm-010",
      "get_user",
      { userId: "ghost.user@acmetools.onmicrosoft.com" },
      "a user that does not exist",
    ),
    step(
      "tm-011",
      "get_user",
      { userId: "ghost.user@acmetools.onmicrosoft.com" },
      "the same missing user again, unchanged",
    ),
    step(
      "tm-012",
      "list_channels",
      { teamId: "00000000-0000-4000-8000-000000000000" },
      "channels of a team id that does not exist",
    ),
    step("tm-013", "list_channels", { teamId: "customer-success" }, "a team given by name instead of id"),
    step(
      "tm-014",
      "get_channel_messages",
      { teamId: TEAM_ID, channelId: CHANNEL_PRIVATE },
      "messages of a private channel without ChannelMessage.Read.All consent",
    ),
    step(
      "tm-015",
      "send_channel_message",
      { teamId: TEAM_ARCHIVED, channelId: CHANNEL_GENERAL, message: "Any update?" },
      "post in an archived team",
    ),
    step(
      "tm-016",
      "send_channel_message",
      { teamId: TEAM_ID, channelId: CHANNEL_GENERAL, message: "   " },
      "post a blank message",
    ),
    step(
      "tm-017",
      "get_channel_message_replies",
      { teamId: TEAM_ID, channelId: CHANNEL_GENERAL, messageId: "1733000000000" },
      "replies to a message id that does not exist",
    ),
    step(
      "tm-018",
      "send_channel_message",
      { teamId: TEAM_ID, channelId: CHANNEL_GENERAL, message: "urgent", importance: "critical" },
      "an importance value outside the enum",
    ),
    step("tm-019", "get_chat_messages", { chatId: CHAT_ID }, "messages of a 1:1 chat"),
    step(
      "tm-020",
      "list_teams",
      {},
      "list teams while Graph throttles (429, Retry-After: 1)",
      flag("graphThrottled"),
    ),
    step(
      "tm-021",
      "get_channel_messages",
      { teamId: TEAM_ID, channelId: CHANNEL_GENERAL },
      "read while Graph answers 503 serviceNotAvailable",
      flag("graphUnavailable"),
    ),
    step(
      "tm-022",
      "list_channels",
      { teamId: TEAM_ID },
      "channels while the gateway answers an HTML 502",
      flag("graphBadGateway"),
    ),
    step(
      "tm-023",
      "get_current_user",
      {},
      "the profile while Graph takes 20 s; the client waits 3 s",
      flag("graphSlow", { timeoutMs: 3000 }),
    ),
    step(
      "tm-024",
      "delete_channel_message",
      { teamId: TEAM_ID, messageId: MESSAGE_ID },
      "a tool the server does not have",
    ),
    step(
      "tm-025",
      "list_teams",
      {},
      "list teams while Graph cannot be reached (stand-in stopped)",
      down(graphStandin),
    ),
    step(
      "tm-026",
      "get_chat_messages",
      { chatId: CHAT_ID },
      "read a chat after the saved access token expired server-side (401)",
      flag("graphTokenExpired"),
    ),
    step("tm-027", "search_users", { query: "Adele" }, "search users by name"),
  ],
};

// ------------------------------------------------------------ @gongrzhe/server-gmail-autoauth-mcp (stdio)

const GMAIL_DIR = path.join(DATA, "gmail-mcp");

const gmail: SessionSpec = {
  label: "r14-a-gmail",
  server: "@gongrzhe/server-gmail-autoauth-mcp",
  transport: "stdio",
  start: stdioServer("r14-a-gmail", "@gongrzhe/server-gmail-autoauth-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      GMAIL_OAUTH_PATH: path.join(GMAIL_DIR, "gcp-oauth.keys.json"),
      GMAIL_CREDENTIALS_PATH: path.join(GMAIL_DIR, "credentials.json"),
      HTTPS_PROXY: `http://127.0.0.1:${GOOGLE_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      HOME,
    },
  }),
  steps: [
    step("gm-001", "search_emails", { query: "invoice", maxResults: 5 }, "search the mailbox for invoices"),
    step("gm-002", "read_email", { messageId: MSG_INVOICE }, "read one e-mail"),
    step(
      "gm-003",
      "send_email",
      { to: ["ops@contoso.example"], subject: "Re: Invoice INV-2026-1187", body: "Thanks, paid today." },
      "send an e-mail",
    ),
    step(
      "gm-004",
      "draft_email",
      { to: ["ops@contoso.example"], subject: "Follow-up", body: "Draft for review." },
      "save a draft",
    ),
    step("gm-005", "list_email_labels", {}, "list the mailbox's labels"),
    step("gm-006", "search_emails", { query: "from:nobody@nowhere.example" }, "a search that finds nothing"),
    step("gm-007", "read_email", { messageId: "18c2f4e1a9b3dfff" }, "read a message id that does not exist"),
    step(
      "gm-008",
      "read_email",
      { messageId: "18c2f4e1a9b3dfff" },
      "the same missing message again, unchanged",
    ),
    step(
      "gm-009",
      "read_email",
      { messageId: "INV-2026-1187" },
      "read with an invoice number instead of a message id",
    ),
    step(
      "gm-010",
      "send_email",
      { to: ["ops at contoso"], subject: "Hello", body: "Hi" },
      "send to an address that is not an e-mail address",
    ),
    step("gm-011", "create_label", { name: "Clients" }, "create a label that already exists"),
    step(
      "gm-012",
      "modify_email",
      { messageId: MSG_RECEIPT, addLabelIds: [LABEL_CLIENTS], removeLabelIds: ["INBOX"] },
      "file an e-mail under a label",
    ),
    step(
      "gm-013",
      "modify_email",
      { messageId: MSG_RECEIPT, addLabelIds: ["Label_0000000000"] },
      "add a label id that does not exist",
    ),
    step(
      "gm-014",
      "batch_modify_emails",
      { messageIds: [MSG_INVOICE, "18c2f4e1a9b3dfff", MSG_NEWSLETTER], addLabelIds: ["STARRED"] },
      "star three e-mails, one of which does not exist",
    ),
    step("gm-015", "delete_label", { id: "INBOX" }, "delete a system label"),
    step("gm-016", "search_emails", { query: 42 }, "a query given as a number"),
    step(
      "gm-017",
      "send_email",
      { to: ["ops@contoso.example"], subject: "Statement", body: "Attached." },
      "send with the account's daily sending limit used up",
      flag("gmailSendLimit"),
    ),
    step(
      "gm-018",
      "list_email_labels",
      {},
      "list labels with a token granted only the gmail.send scope",
      flag("gmailInsufficientScopes"),
    ),
    step(
      "gm-019",
      "search_emails",
      { query: "invoice" },
      "search over the per-user rate limit (429)",
      flag("gmailRateLimited"),
    ),
    step(
      "gm-020",
      "read_email",
      { messageId: MSG_RECEIPT },
      "read while Gmail answers 500 backendError",
      flag("gmailBackendError"),
    ),
    step(
      "gm-021",
      "list_email_labels",
      {},
      "list labels while Google's front end answers an HTML 502",
      flag("gmailBadGateway"),
    ),
    step(
      "gm-022",
      "read_email",
      { messageId: MSG_NEWSLETTER },
      "a read Gmail takes 20 s for; the client waits 3 s",
      flag("gmailSlow", { timeoutMs: 3000 }),
    ),
    step("gm-023", "archive_email", { messageId: MSG_NEWSLETTER }, "a tool the server does not have"),
    step(
      "gm-024",
      "search_emails",
      { query: "receipt" },
      "search while Gmail cannot be reached (stand-in stopped)",
      down(googleStandin),
    ),
    step(
      "gm-025",
      "search_emails",
      { query: "receipt" },
      "search after the user revoked the app's access (401, refresh answers invalid_grant)",
      flag("gmailTokenRevoked"),
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [discordHttp, discordStdio, teams, gmail];

function writeCredentials() {
  fs.mkdirSync(HOME, { recursive: true });
  fs.mkdirSync(GMAIL_DIR, { recursive: true });
  // teams-mcp reads the token its `authenticate` command saved in the home directory.
  fs.writeFileSync(
    path.join(HOME, ".msgraph-mcp-auth.json"),
    JSON.stringify(
      {
        clientId: "14d82eec-204b-4c2f-b7e8-296a70dab67e",
        authenticated: true,
        timestamp: "2026-12-01T09:00:00.000Z",
        expiresAt: "2099-12-31T23:59:59.000Z",
        token: GRAPH_TOKEN,
      },
      null,
      2,
    ),
  );
  // The Gmail server's OAuth client and the tokens its `auth` command saved.
  fs.writeFileSync(
    path.join(GMAIL_DIR, "gcp-oauth.keys.json"),
    JSON.stringify({
      installed: {
        client_id: "123456789012-r14acorpusstandin.apps.googleusercontent.com",
        project_id: "acme-support-mail",
        auth_uri: "https://accounts.google.com/o/oauth2/auth",
        token_uri: "https://oauth2.googleapis.com/token",
        client_secret: "GOCSPX-r14aCorpusStandinSecret",
        redirect_uris: ["http://localhost"],
      },
    }),
  );
  fs.writeFileSync(
    path.join(GMAIL_DIR, "credentials.json"),
    JSON.stringify({
      access_token: GMAIL_ACCESS_TOKEN,
      refresh_token: GMAIL_REFRESH_TOKEN,
      scope:
        "https://www.googleapis.com/auth/gmail.modify https://www.googleapis.com/auth/gmail.settings.basic",
      token_type: "Bearer",
      expiry_date: 4102444800000,
    }),
  );
}

export async function prepare(): Promise<() => Promise<void>> {
  ensureCertificate();
  writeCredentials();
  resetData();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}

void USER_ID;
void CH_ANNOUNCEMENTS;
