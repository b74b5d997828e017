// Group r9-msg: messaging, chat and e-mail — Slack (slack-mcp-server, a Go binary), Twilio SMS
// (twilio-mcp), and IMAP/SMTP mail (mcp-mail-server, @codefuturist/email-mcp) — each behind loopback
// stand-ins that answer with the real services' bodies and replies (standins.ts): an intercepting
// HTTPS proxy answering as the Slack Web API and the Twilio REST API, an SMTP server answering with
// Postfix's replies, and Debian's Dovecot as the IMAP server.
//
//   (cd scripts/server-corpus/groups/r9-msg && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r9-msg

import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { sleep, stdioServer, type SessionSpec, type Step } from "../../harness.js";
import { killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  DATA,
  IMAP_PORT,
  MAIL_PASS,
  MAIL_USER,
  PROXY_CERT,
  PROXY_URL,
  SLACK_TOKEN,
  SMTP_PORT,
  TWILIO_NUMBER,
  TWILIO_SID,
  TWILIO_TOKEN,
  TWILIO_WEBHOOK_PORT,
  dovecotStandin,
  proxyStandin,
  setImapPassword,
  state,
  twilioSignature,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "slack-mcp-server": "1.3.0",
  "twilio-mcp": "1.0.0",
  "mcp-mail-server": "1.2.1",
  "@codefuturist/email-mcp": "0.2.0",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

/** Stops a stand-in for the call (the backend is unreachable) and starts it again afterwards. */
function down(
  standin: { start(): Promise<void>; stop(): Promise<void> },
  extra: Partial<Step> = {},
): Partial<Step> {
  return {
    ...extra,
    before: async () => {
      await standin.stop();
      await sleep(300);
    },
    after: async () => {
      await standin.start();
      await sleep(300);
    },
  };
}

// -------------------------------------------------------------------------------- Slack

const slack: SessionSpec = {
  label: "r9-msg-slack",
  server: "slack-mcp-server",
  transport: "stdio",
  start: stdioServer("r9-msg-slack", "slack-mcp-server", {
    from: FROM,
    cwd: DATA,
    args: ["--transport", "stdio"],
    env: {
      SLACK_MCP_XOXP_TOKEN: SLACK_TOKEN,
      SLACK_MCP_PROXY: PROXY_URL,
      SLACK_MCP_SERVER_CA: PROXY_CERT,
      SLACK_MCP_ADD_MESSAGE_TOOL: "true",
      SLACK_MCP_REACTION_TOOL: "true",
      SLACK_MCP_USERS_CACHE: path.join(DATA, "slack-users.json"),
      SLACK_MCP_CHANNELS_CACHE: path.join(DATA, "slack-channels.json"),
    },
  }),
  steps: [
    step("slk-001", "channels_list", { channel_types: "public_channel" }, "list the public channels"),
    step(
      "slk-002",
      "conversations_history",
      { channel_id: "#engineering", limit: "50" },
      "the last 50 messages of #engineering",
    ),
    step(
      "slk-003",
      "conversations_history",
      { channel_id: "#engineering", limit: "1d" },
      "#engineering messages of the last day (there are none)",
    ),
    step(
      "slk-004",
      "conversations_history",
      { channel_id: "C0R9SALES", limit: "20" },
      "history of a public channel the user has not joined",
    ),
    step(
      "slk-005",
      "conversations_history",
      { channel_id: "G0R9INCDT", limit: "20" },
      "history of a private channel (the token lacks groups:history)",
    ),
    step(
      "slk-006",
      "conversations_history",
      { channel_id: "#platform-oncall", limit: "20" },
      "history of a channel name that does not exist",
    ),
    step(
      "slk-007",
      "conversations_replies",
      { channel_id: "C0R9ENGNR", thread_ts: "1764918000.003100", limit: "50" },
      "the replies in a thread",
    ),
    step(
      "slk-008",
      "conversations_replies",
      { channel_id: "C0R9ENGNR", thread_ts: "1764918000.999999", limit: "50" },
      "replies of a thread timestamp that does not exist",
    ),
    step(
      "slk-009",
      "conversations_replies",
      { channel_id: "C0R9ENGNR", thread_ts: "1764918000.999999", limit: "50" },
      "the same missing thread again, unchanged",
    ),
    step(
      "slk-010",
      "conversations_add_message",
      {
        channel_id: "#engineering",
        text: "Change freeze lifted, deploys are open again.",
        content_type: "text/plain",
      },
      "post a message to #engineering",
    ),
    step(
      "slk-011",
      "conversations_add_message",
      { channel_id: "C0R9RELSE", text: "v2.31.0 is out", content_type: "text/plain" },
      "post to an archived channel",
    ),
    step(
      "slk-012",
      "conversations_search_messages",
      { search_query: "flaky", limit: 20 },
      "search messages for 'flaky'",
    ),
    step(
      "slk-013",
      "conversations_search_messages",
      { search_query: "kubernetes upgrade", limit: 20 },
      "search messages for a phrase nobody wrote",
    ),
    step(
      "slk-014",
      "reactions_add",
      { channel_id: "C0R9ENGNR", timestamp: "1764919800.003600", emoji: "white_check_mark" },
      "add a reaction the user already added",
    ),
    step(
      "slk-015",
      "reactions_add",
      { channel_id: "C0R9ENGNR", timestamp: "1764921600.004200", emoji: "thumbs up" },
      "add a reaction whose name has a space in it",
    ),
    step("slk-016", "users_search", { query: "carol" }, "find a user by name"),
    step(
      "slk-017",
      "conversations_history",
      { channel_id: "#general", limit: "20" },
      "history while the method is rate limited (429, Retry-After 30); the client waits 10 s",
      flag("slackRateLimited", { timeoutMs: 10_000 }),
    ),
    step(
      "slk-018",
      "conversations_history",
      { channel_id: "#general", limit: "20" },
      "history while Slack answers ok:false fatal_error",
      flag("slackFatal"),
    ),
    step(
      "slk-019",
      "conversations_replies",
      { channel_id: "C0R9ENGNR", thread_ts: "1764918000.003100", limit: "50" },
      "replies while the edge answers a 503 HTML page",
      flag("slackGateway"),
    ),
    step(
      "slk-020",
      "conversations_history",
      { channel_id: "#general", limit: "20" },
      "history that takes Slack 15 s; the client waits 3 s",
      flag("slackSlow", { timeoutMs: 3000 }),
    ),
    step(
      "slk-021",
      "conversations_add_message",
      { channel_id: "#general", text: "Lunch is here", content_type: "text/plain" },
      "post after the user token was revoked",
      flag("slackTokenRevoked"),
    ),
    step(
      "slk-022",
      "conversations_history",
      { channel_id: "#general", limit: "20" },
      "history while the network path to Slack is gone (proxy stopped)",
      down(proxyStandin),
    ),
    step(
      "slk-023",
      "chat_delete_message",
      { channel_id: "#general", ts: "1764910800.001000" },
      "a tool the server does not have",
    ),
  ],
};

// ------------------------------------------------------------------------------- Twilio

const TWILIO_DB = path.join(DATA, "twilio.db");
const TWILIO_ENV = {
  TWILIO_ACCOUNT_SID: TWILIO_SID,
  TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
  TWILIO_PHONE_NUMBER: TWILIO_NUMBER,
  WEBHOOK_BASE_URL: `http://127.0.0.1:${TWILIO_WEBHOOK_PORT}`,
  WEBHOOK_PORT: String(TWILIO_WEBHOOK_PORT),
  DATABASE_PATH: TWILIO_DB,
  HTTP_PROXY: PROXY_URL,
  NODE_EXTRA_CA_CERTS: PROXY_CERT,
};

/** The conversation id twilio-mcp's store holds for a phone number (read with its own better-sqlite3). */
function conversationOf(phone: string): string {
  const driver = path.join(FROM, "node_modules", "better-sqlite3");
  const script = `const D = require(${JSON.stringify(driver)}); const db = new D(${JSON.stringify(TWILIO_DB)}, { readonly: true });
const row = db.prepare("SELECT id FROM conversations WHERE participants LIKE ?").get(${JSON.stringify(`%${phone}%`)});
process.stdout.write(row ? row.id : "");`;
  return execFileSync(process.execPath, ["-e", script], { encoding: "utf8" });
}

const threadArgs: Record<string, unknown> = { conversationId: "", includeContext: true };

const twilio: SessionSpec = {
  label: "r9-msg-twilio",
  server: "twilio-mcp",
  transport: "stdio",
  start: stdioServer("r9-msg-twilio", "twilio-mcp", { from: FROM, cwd: DATA, env: TWILIO_ENV }),
  steps: [
    step(
      "tw-001",
      "send_sms",
      { to: "+14155550100", message: "Your order #4471 has shipped and arrives Thursday." },
      "send an SMS",
    ),
    step(
      "tw-002",
      "send_sms",
      { to: "+15550100", message: "Reminder: dentist at 10:00" },
      "send to a number Twilio calls invalid",
    ),
    step(
      "tw-003",
      "send_sms",
      { to: "0170 1234567", message: "Reminder: dentist at 10:00" },
      "a recipient not in E.164 format",
    ),
    step(
      "tw-004",
      "send_sms",
      { to: "+14155550142", message: "Flash sale: 20% off today only" },
      "send to a recipient who replied STOP",
    ),
    step(
      "tw-005",
      "send_sms",
      { to: "+8613800138000", message: "Your code is 551 203" },
      "send to a region the account has not enabled (China)",
    ),
    step(
      "tw-006",
      "send_sms",
      { to: "+14155550100", from: "+14155559999", message: "Hello from the other line" },
      "send from a number the account does not own",
    ),
    step(
      "tw-007",
      "get_message_status",
      { messageSid: "SM8b2f0e7c4d1a49b3a6e5c2d9f0b1a7e4" },
      "status of a delivered message",
    ),
    step(
      "tw-008",
      "get_message_status",
      { messageSid: "SM3c9d1e5f7a2b48c6d0e4f1a3b5c7d9e2" },
      "status of a message the carrier could not deliver (30003)",
    ),
    step(
      "tw-009",
      "get_message_status",
      { messageSid: "SM00000000000000000000000000000000" },
      "status of a message SID that does not exist",
    ),
    step(
      "tw-010",
      "get_message_status",
      { messageSid: "MG9f1e2d3c4b5a69788796a5b4c3d2e1f0" },
      "a messaging-service SID (MG…) where a message SID is wanted",
    ),
    step("tw-011", "get_inbound_messages", { limit: 20 }, "the received SMS"),
    step(
      "tw-012",
      "get_inbound_messages",
      { from: "+19995550000", limit: 20 },
      "received SMS from a number that never wrote",
    ),
    step(
      "tw-013",
      "get_conversation_thread",
      threadArgs,
      "the conversation thread with a customer who wrote in",
      {
        before: async () => {
          threadArgs.conversationId = conversationOf("+14155550177");
        },
      },
    ),
    step(
      "tw-014",
      "get_conversation_thread",
      { conversationId: "7d0f6c8e-2b1a-4c3d-9e8f-0a1b2c3d4e5f" },
      "a conversation id that does not exist",
    ),
    step(
      "tw-015",
      "create_conversation",
      { participants: ["+14155550100"] },
      "a conversation with one participant (two needed)",
    ),
    step(
      "tw-016",
      "send_sms",
      { to: "+14155550100", message: "Your courier is 10 minutes away." },
      "send after the auth token was rotated (401)",
      flag("twilioAuthFailed"),
    ),
    step(
      "tw-017",
      "send_sms",
      { to: "+14155550100", message: "Your courier is 10 minutes away." },
      "send while the account is over its request rate (429)",
      flag("twilioRateLimited"),
    ),
    step(
      "tw-018",
      "get_message_status",
      { messageSid: "SM8b2f0e7c4d1a49b3a6e5c2d9f0b1a7e4" },
      "status while Twilio answers 500",
      flag("twilio500"),
    ),
    step(
      "tw-019",
      "send_sms",
      { to: "+14155550100", message: "Your courier is 10 minutes away." },
      "a send that takes Twilio 15 s; the client waits 3 s",
      flag("twilioSlow", { timeoutMs: 3000 }),
    ),
    step(
      "tw-020",
      "get_message_status",
      { messageSid: "SM8b2f0e7c4d1a49b3a6e5c2d9f0b1a7e4" },
      "status while Twilio cannot be reached (proxy stopped)",
      down(proxyStandin),
    ),
    step("tw-021", "send_whatsapp", { to: "+14155550100", message: "hi" }, "a tool the server does not have"),
    step(
      "tw-022",
      "send_sms",
      { to: "+14155550100", message: "Your courier is 10 minutes away." },
      "a slow send; the MCP server is killed mid-call",
      flag("twilioSlow", killMidCall),
    ),
  ],
};

// ---------------------------------------------------------------------- mcp-mail-server

const mail: SessionSpec = {
  label: "r9-msg-mail",
  server: "mcp-mail-server",
  transport: "stdio",
  start: stdioServer("r9-msg-mail", "mcp-mail-server", {
    from: FROM,
    cwd: DATA,
    env: {
      IMAP_HOST: "127.0.0.1",
      IMAP_PORT: String(IMAP_PORT),
      IMAP_SECURE: "false",
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(SMTP_PORT),
      SMTP_SECURE: "false",
      EMAIL_USER: MAIL_USER,
      EMAIL_PASS: MAIL_PASS,
    },
  }),
  steps: [
    step("mail-001", "get_message_count", {}, "count the messages in INBOX"),
    step("mail-002", "get_unseen_messages", { limit: 10 }, "the unread messages"),
    step("mail-003", "search_by_sender", { sender: "carol@corpus.test" }, "messages from Carol"),
    step(
      "mail-004",
      "search_by_subject",
      { subject: "kubernetes" },
      "messages about a subject nobody wrote about",
    ),
    step("mail-005", "get_message", { uid: 99 }, "a message UID that does not exist"),
    step("mail-006", "open_mailbox", { mailboxName: "Projects" }, "open a mailbox that does not exist"),
    step("mail-007", "get_attachments", { uid: 1 }, "the attachments of the contract mail"),
    step(
      "mail-008",
      "save_attachment",
      { uid: 1, savePath: "attachments" },
      "save an attachment to a relative path",
    ),
    step(
      "mail-009",
      "send_email",
      { to: "bob@corpus.test", subject: "Contract signed", text: "Signed copy is in the shared drive." },
      "send a mail",
    ),
    step(
      "mail-010",
      "send_email",
      { to: "bob@corpus.test, nobody@corpus.test", subject: "Offsite rooms", text: "Rooms are booked." },
      "send to two recipients, one of whom does not exist",
    ),
    step(
      "mail-011",
      "send_email",
      { to: "nobody@corpus.test", subject: "Offsite rooms", text: "Rooms are booked." },
      "send only to a recipient that does not exist",
    ),
    step(
      "mail-012",
      "send_email",
      { to: "partner@example.org", subject: "Proposal", text: "Please find our proposal below." },
      "send to an outside domain the server will not relay for",
    ),
    step(
      "mail-013",
      "send_email",
      { to: "carol@corpus.test", subject: "You won", text: "Claim your prize now!!!" },
      "send a mail the server's content filter rejects after DATA",
      flag("smtpSpam"),
    ),
    step(
      "mail-014",
      "send_email",
      { to: "carol@corpus.test", subject: "Lunch?", text: "Lunch at 12:30?" },
      "send while the account is over its sending rate (421)",
      flag("smtpRateLimited"),
    ),
    step(
      "mail-015",
      "send_email",
      { to: "carol@corpus.test", subject: "Lunch?", text: "Lunch at 12:30?" },
      "send after the SMTP password was changed (535)",
      flag("smtpAuthRevoked"),
    ),
    step(
      "mail-016",
      "send_email",
      { to: "carol@corpus.test", subject: "Minutes", text: "Minutes of today's meeting attached." },
      "a send whose DATA takes the server 15 s; the client waits 3 s",
      flag("smtpSlow", { timeoutMs: 3000 }),
    ),
    step("mail-017", "delete_message", { uid: 3 }, "delete the overdue-invoice mail"),
    step("mail-018", "disconnect_all", {}, "disconnect IMAP and SMTP"),
    step("mail-019", "connect_all", {}, "connect again after the IMAP password was changed", {
      before: async () => {
        setImapPassword("r9msg-alice-ROTATED-0000");
      },
    }),
    step(
      "mail-020",
      "get_recent_messages",
      { limit: 5 },
      "recent messages while the IMAP password is wrong",
      {
        after: async () => {
          setImapPassword(MAIL_PASS);
        },
      },
    ),
    step(
      "mail-021",
      "get_recent_messages",
      { limit: 5 },
      "recent messages while the IMAP server is down",
      down(dovecotStandin),
    ),
    step("mail-022", "mark_as_read", { uid: 4 }, "a tool the server does not have"),
  ],
};

// -------------------------------------------------------------------- @codefuturist/email-mcp

const XDG = path.join(DATA, "email-mcp");

const emailMcp: SessionSpec = {
  label: "r9-msg-emailmcp",
  server: "@codefuturist/email-mcp",
  transport: "stdio",
  start: stdioServer("r9-msg-emailmcp", "@codefuturist/email-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      MCP_EMAIL_ACCOUNT_NAME: "work",
      MCP_EMAIL_ADDRESS: MAIL_USER,
      MCP_EMAIL_USERNAME: MAIL_USER,
      MCP_EMAIL_PASSWORD: MAIL_PASS,
      MCP_EMAIL_FULL_NAME: "Alice Kramer",
      MCP_EMAIL_IMAP_HOST: "127.0.0.1",
      MCP_EMAIL_IMAP_PORT: String(IMAP_PORT),
      MCP_EMAIL_IMAP_TLS: "false",
      MCP_EMAIL_IMAP_STARTTLS: "false",
      MCP_EMAIL_SMTP_HOST: "127.0.0.1",
      MCP_EMAIL_SMTP_PORT: String(SMTP_PORT),
      MCP_EMAIL_SMTP_TLS: "false",
      MCP_EMAIL_SMTP_STARTTLS: "false",
      MCP_EMAIL_RATE_LIMIT: "3",
      XDG_CONFIG_HOME: path.join(XDG, "config"),
      XDG_STATE_HOME: path.join(XDG, "state"),
      XDG_DATA_HOME: path.join(XDG, "data"),
    },
  }),
  steps: [
    step("em-001", "list_accounts", {}, "the configured accounts"),
    step("em-002", "list_emails", { account: "work", mailbox: "INBOX" }, "list the inbox"),
    step("em-003", "list_emails", { account: "work", mailbox: "INBOX", seen: false }, "the unread mails"),
    step(
      "em-004",
      "search_emails",
      { account: "work", query: "kubernetes" },
      "search for a word no mail contains",
    ),
    step("em-005", "get_email", { account: "work", emailId: "1", format: "text" }, "read the contract mail"),
    step("em-006", "get_email", { account: "work", emailId: "99" }, "an email id that does not exist"),
    step(
      "em-007",
      "list_emails",
      { account: "work", mailbox: "Projects" },
      "list a mailbox that does not exist",
    ),
    step(
      "em-008",
      "download_attachment",
      { account: "work", id: "1", filename: "contract-q4.pdf" },
      "download the contract attachment",
    ),
    step(
      "em-009",
      "download_attachment",
      { account: "work", id: "1", filename: "contract-q3.pdf" },
      "download an attachment name the mail does not have",
    ),
    step(
      "em-010",
      "get_email",
      { account: "personal", emailId: "1" },
      "an account name that is not configured",
    ),
    step(
      "em-011",
      "move_email",
      { account: "work", emailId: "2", sourceMailbox: "INBOX", destinationMailbox: "Archive" },
      "archive a mail",
    ),
    step(
      "em-012",
      "move_email",
      { account: "work", emailId: "4", sourceMailbox: "INBOX", destinationMailbox: "Clients/Acme" },
      "move a mail to a folder that does not exist",
    ),
    step("em-013", "create_mailbox", { account: "work", path: "Clients" }, "create a folder"),
    step(
      "em-014",
      "send_email",
      {
        account: "work",
        to: ["bob@corpus.test", "nobody@corpus.test"],
        subject: "Offsite rooms",
        body: "Rooms are booked.",
      },
      "send to two recipients, one of whom does not exist",
    ),
    step(
      "em-015",
      "send_email",
      { account: "work", to: ["full@corpus.test"], subject: "Offsite rooms", body: "Rooms are booked." },
      "send to a recipient whose mailbox is full (452)",
    ),
    step(
      "em-016",
      "send_email",
      { account: "work", to: ["bob at corpus.test"], subject: "Hi", body: "Hello" },
      "a recipient that is not an e-mail address",
    ),
    step(
      "em-017",
      "send_email",
      { account: "work", to: ["carol@corpus.test"], subject: "Lunch?", body: "Lunch at 12:30?" },
      "send while the SMTP server answers 421 (too many messages)",
      flag("smtpRateLimited"),
    ),
    step(
      "em-018",
      "send_email",
      { account: "work", to: ["carol@corpus.test"], subject: "Agenda", body: "Agenda attached." },
      "a fourth send within the minute (the server's own limit is 3 a minute)",
    ),
    step(
      "em-019",
      "check_health",
      { account: "work" },
      "health check while the IMAP server is down",
      down(dovecotStandin),
    ),
    step(
      "em-020",
      "list_emails",
      { account: "work", mailbox: "INBOX" },
      "list the inbox while the IMAP server is down",
      down(dovecotStandin),
    ),
    step("em-021", "summarize_inbox", { account: "work" }, "a tool the server does not have"),
    step(
      "em-022",
      "send_email",
      { account: "work", to: ["carol@corpus.test"], subject: "Minutes", body: "Minutes attached." },
      "a slow send (SMTP DATA takes 15 s); the MCP server is killed mid-call",
      {
        ...killMidCall,
        before: async () => {
          // wait out the server's one-minute send window first
          await sleep(61_000);
          state.smtpSlow = true;
        },
        after: async () => {
          state.smtpSlow = false;
        },
      },
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [slack, twilio, mail, emailMcp];

/** Runs twilio-mcp's own webhook server for a moment and posts Twilio-signed inbound SMS to it. */
async function seedInboundSms() {
  const webhook = pathToFileURL(
    path.join(FROM, "node_modules", "twilio-mcp", "dist", "webhook-server.js"),
  ).href;
  const env: Record<string, string> = { PATH: "/usr/local/bin:/usr/bin:/bin", HOME: DATA, ...TWILIO_ENV };
  const child = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const m = await import(${JSON.stringify(webhook)}); m.startWebhookServer();`,
    ],
    {
      env: env as NodeJS.ProcessEnv,
      cwd: DATA,
      stdio: "ignore",
    },
  );
  try {
    const url = `http://127.0.0.1:${TWILIO_WEBHOOK_PORT}/webhooks/twilio/sms`;
    for (let i = 0; i < 50; i++) {
      const up = await fetch(`http://127.0.0.1:${TWILIO_WEBHOOK_PORT}/health`).then(
        () => true,
        () => false,
      );
      if (up) break;
      await sleep(100);
    }
    const inbound = [
      ["SM5a1b2c3d4e5f60718293a4b5c6d7e8f9", "+14155550177", "Hi, is my order #4471 shipped yet?"],
      ["SM6b2c3d4e5f60718293a4b5c6d7e8f90a", "+14155550177", "Also can I change the delivery address?"],
      ["SM7c3d4e5f60718293a4b5c6d7e8f90a1b", "+447700900123", "STOP"],
    ];
    for (const [sid, from, body] of inbound) {
      const params: Record<string, string> = {
        AccountSid: TWILIO_SID,
        ApiVersion: "2010-04-01",
        Body: body!,
        From: from!,
        MessageSid: sid!,
        NumMedia: "0",
        NumSegments: "1",
        SmsMessageSid: sid!,
        SmsSid: sid!,
        SmsStatus: "received",
        To: TWILIO_NUMBER,
      };
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-twilio-signature": twilioSignature(url, params),
        },
        body: new URLSearchParams(params).toString(),
      });
      if (!response.ok) throw new Error(`twilio-mcp webhook answered ${response.status}`);
      await sleep(50);
    }
  } finally {
    child.kill("SIGTERM");
  }
}

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(DATA, { recursive: true });
  for (const file of [
    "slack-users.json",
    "slack-channels.json",
    "twilio.db",
    "twilio.db-wal",
    "twilio.db-shm",
  ])
    fs.rmSync(path.join(DATA, file), { force: true });
  fs.rmSync(XDG, { recursive: true, force: true });
  dovecotStandin.reset();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  dovecotStandin.seed();
  await seedInboundSms();
  return async () => {
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
