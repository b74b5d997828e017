// Group r43-d: customer support inboxes — a Chatwoot help desk (an e-mail inbox, a website live chat and an API
// inbox) worked through chatwoot-mcp-server (conversations, their messages, replies and private notes). The server
// takes its instance from CHATWOOT_BASE_URL, so it runs against a plain HTTP stand-in on loopback (standins.ts), once
// with an agent's access token, once with a token that was reset, and once signing in with e-mail and password.
//
//   (cd scripts/server-corpus/groups/r43-d && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r43-d

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ACCOUNT,
  AGENT_EMAIL,
  AGENT_PASSWORD,
  ALL_STANDINS,
  API_TOKEN,
  CHATWOOT_PORT,
  DATA,
  JWT_LIFETIME_S,
  OTHER_ACCOUNT,
  RESET_TOKEN,
  chatwootStandin,
  clearTimers,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "chatwoot-mcp-server": "1.0.0",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const CHATWOOT = "chatwoot-mcp-server";
const BASE_URL = `http://127.0.0.1:${CHATWOOT_PORT}`;

function chatwoot(label: string, auth: Record<string, string>) {
  return stdioServer(label, CHATWOOT, {
    from: FROM,
    cwd: DATA,
    // The server's own variables: CHATWOOT_BASE_URL and either CHATWOOT_API_TOKEN or CHATWOOT_EMAIL (+ PASSWORD).
    // HOME holds its JWT token cache (~/.chatwoot-mcp/tokens.json).
    env: { HOME, CHATWOOT_BASE_URL: BASE_URL, ...auth },
  });
}

const reply =
  "Hi Priya, yes: the refund for INV-2298 goes back to the card it was charged to and usually shows up within " +
  "5–10 business days. I'll keep this open until you confirm it arrived.";

const tokenSession: SessionSpec = {
  label: "r43-d-chatwoot",
  server: CHATWOOT,
  transport: "stdio",
  start: chatwoot("r43-d-chatwoot", { CHATWOOT_API_TOKEN: API_TOKEN }),
  steps: [
    step(
      "d-cw-001",
      "chatwoot_list_conversations",
      { account_id: ACCOUNT },
      "the open conversations (Markdown)",
    ),
    step(
      "d-cw-002",
      "chatwoot_list_conversations",
      { account_id: ACCOUNT, status: "pending", response_format: "json" },
      "pending conversations as JSON",
    ),
    step(
      "d-cw-003",
      "chatwoot_list_conversations",
      { account_id: ACCOUNT, status: "snoozed" },
      "snoozed conversations: there are none",
    ),
    step(
      "d-cw-004",
      "chatwoot_list_conversations",
      { account_id: ACCOUNT, status: "open", assignee_type: "unassigned", inbox_id: 2 },
      "unassigned open conversations in the website live-chat inbox",
    ),
    step(
      "d-cw-005",
      "chatwoot_get_conversation",
      { account_id: ACCOUNT, conversation_id: 1042 },
      "one conversation in full: contact, assignee, labels",
    ),
    step(
      "d-cw-006",
      "chatwoot_get_conversation",
      { account_id: ACCOUNT, conversation_id: 1420, response_format: "json" },
      "a conversation id that does not exist (a typo of 1042): 404 Resource could not be found",
    ),
    step(
      "d-cw-007",
      "chatwoot_get_conversation",
      { account_id: ACCOUNT, conversation_id: 1420, response_format: "json" },
      "the same missing conversation asked again",
    ),
    step(
      "d-cw-008",
      "chatwoot_list_messages",
      { account_id: ACCOUNT, conversation_id: 1042 },
      "the conversation's messages, with an activity message and a private note",
    ),
    step(
      "d-cw-009",
      "chatwoot_list_messages",
      { account_id: ACCOUNT, conversation_id: 1051, response_format: "json" },
      "an API-inbox conversation opened by the order system with no message yet",
    ),
    step(
      "d-cw-010",
      "chatwoot_create_message",
      { account_id: ACCOUNT, conversation_id: 1042, content: reply },
      "a reply to the customer",
    ),
    step(
      "d-cw-011",
      "chatwoot_create_message",
      {
        account_id: ACCOUNT,
        conversation_id: 1047,
        content: "Reproduced on 12k rows; filed as EXP-318 for the export team.",
        private: true,
      },
      "a private note on another conversation",
    ),
    step(
      "d-cw-012",
      "chatwoot_create_message",
      {
        account_id: ACCOUNT,
        conversation_id: 1042,
        content: "Customer confirmed by phone that the refund arrived.",
        message_type: "incoming",
      },
      "an incoming message on an e-mail inbox: 422 Incoming messages are only allowed in Api inboxes",
    ),
    step(
      "d-cw-013",
      "chatwoot_create_message",
      {
        account_id: ACCOUNT,
        conversation_id: 1051,
        content: "Order #58213 synced: 3 items, shipping to Guadalajara.",
        message_type: "incoming",
      },
      "an incoming message on the API inbox's conversation, where Chatwoot allows it",
    ),
    step(
      "d-cw-014",
      "chatwoot_get_conversation",
      { account_id: ACCOUNT, conversation_id: 1047, response_format: "json" },
      "the live-chat conversation as JSON",
    ),
    step(
      "d-cw-015",
      "chatwoot_list_conversations",
      { account_id: ACCOUNT, status: "all", page: 2 },
      "the second page of all conversations: every one fits on the first",
    ),
    step(
      "d-cw-016",
      "chatwoot_get_conversation",
      { account_id: OTHER_ACCOUNT, conversation_id: 12 },
      "an account the agent does not belong to: 401 You are not authorized to access this account",
    ),
    step(
      "d-cw-017",
      "chatwoot_resolve_conversation",
      { account_id: ACCOUNT, conversation_id: 1042 },
      "a tool the server does not have",
    ),
    step(
      "d-cw-018",
      "chatwoot_list_conversations",
      { account_id: ACCOUNT },
      "the token is throttled: Rack::Attack's 429 Retry later with Retry-After",
      flag("rateLimited"),
    ),
    step(
      "d-cw-019",
      "chatwoot_list_messages",
      { account_id: ACCOUNT, conversation_id: 1047 },
      "the instance answers 500",
      flag("serverError"),
    ),
    step(
      "d-cw-020",
      "chatwoot_get_conversation",
      { account_id: ACCOUNT, conversation_id: 1049 },
      "nginx in front of the instance answers a 502 HTML page",
      flag("badGateway"),
    ),
    step(
      "d-cw-021",
      "chatwoot_list_messages",
      { account_id: ACCOUNT, conversation_id: 1042 },
      "the instance answers 15 s late; the client waits 4 s",
      flag("slow", { timeoutMs: 4000 }),
    ),
    step(
      "d-cw-022",
      "chatwoot_list_conversations",
      { account_id: ACCOUNT },
      "the instance unreachable (connection refused)",
      down(chatwootStandin),
    ),
  ],
};

const resetTokenSession: SessionSpec = {
  label: "r43-d-chatwoot-reset-token",
  server: CHATWOOT,
  transport: "stdio",
  start: chatwoot("r43-d-chatwoot-reset-token", { CHATWOOT_API_TOKEN: RESET_TOKEN }),
  steps: [
    step(
      "d-cw-023",
      "chatwoot_list_conversations",
      { account_id: ACCOUNT },
      "an access token that was reset in the profile: 401 Invalid Access Token",
    ),
  ],
};

const passwordSession: SessionSpec = {
  label: "r43-d-chatwoot-password",
  server: CHATWOOT,
  transport: "stdio",
  start: chatwoot("r43-d-chatwoot-password", {
    CHATWOOT_EMAIL: AGENT_EMAIL,
    CHATWOOT_PASSWORD: AGENT_PASSWORD,
  }),
  steps: [
    step(
      "d-cw-024",
      "chatwoot_list_conversations",
      { account_id: ACCOUNT, assignee_type: "me" },
      "signed in with e-mail and password: the agent's own open conversations",
    ),
    step(
      "d-cw-025",
      "chatwoot_get_conversation",
      { account_id: ACCOUNT, conversation_id: 1038 },
      "the session token expired and the password was changed meanwhile: the server's re-login gets 401",
      {
        before: async () => {
          state.passwordChanged = true;
          await sleep((JWT_LIFETIME_S + 1) * 1000);
        },
        after: async () => {
          state.passwordChanged = false;
        },
      },
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [tokenSession, resetTokenSession, passwordSession];

export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(path.join(HOME, ".chatwoot-mcp"), { recursive: true, force: true });
  fs.mkdirSync(HOME, { recursive: true });
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
