// Group r43-i: team chat and messaging — a Telegram bot through mcp-communicator-telegram (qpd-v), an MCP server that
// lets an agent notify its user, ask them a question and wait for the reply, and send them files or a zipped project,
// all through one Telegram bot and one chat. The server hard-codes https://api.telegram.org (through
// node-telegram-bot-api), so it runs behind a loopback forward proxy that answers as the Bot API (standins.ts).
//
//   (cd scripts/server-corpus/groups/r43-i && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r43-i

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  BOT_TOKEN,
  CHAT_ID,
  DATA,
  MIGRATED_CHAT_ID,
  TELEGRAM_PORT,
  UNKNOWN_CHAT_ID,
  certificateFile,
  clearTimers,
  resetUpdates,
  seen,
  state,
  telegramProxy,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "mcp-communicator-telegram": "0.2.1",
};

const SERVER = "mcp-communicator-telegram";
const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
/** The server's working directory (it reads a .env there with dotenv; there is none). */
const WORK = path.join(DATA, "work");
const PROJECT = path.join(DATA, "checkout-service");
const REPORT = path.join(DATA, "reports", "nightly-e2e-2026-12-07.html");
const EMPTY_LOG = path.join(DATA, "reports", "flaky-tests.log");
const CORE_DUMP = path.join(DATA, "reports", "core.checkout-service.31337");
const MISSING_FILE = path.join(DATA, "reports", "coverage-summary.json");
const MISSING_DIR = path.join(DATA, "payments-gateway");

function telegram(label: string, chatId: string) {
  return stdioServer(label, SERVER, {
    from: FROM,
    cwd: WORK,
    // The server's own variables are TELEGRAM_TOKEN and CHAT_ID; the proxy and the CA are node's and the client's.
    env: {
      HOME,
      TELEGRAM_TOKEN: BOT_TOKEN,
      CHAT_ID: chatId,
      HTTPS_PROXY: `http://127.0.0.1:${TELEGRAM_PORT}`,
      NODE_EXTRA_CA_CERTS: certificateFile(),
    },
  });
}

const mainSession: SessionSpec = {
  label: "r43-i-telegram",
  server: SERVER,
  transport: "stdio",
  start: telegram("r43-i-telegram", CHAT_ID),
  steps: [
    step(
      "i-tg-001",
      "notify_user",
      { message: "✅ checkout-service: build #1482 passed (312 tests, 4m 12s). Deploying to staging next." },
      "a notification to the developer's chat",
    ),
    step(
      "i-tg-002",
      "ask_user",
      {
        question:
          "Migrations ran clean on the staging snapshot. Deploy checkout-service 2.14.0 to staging now?",
      },
      "a question; the developer replies in the chat a moment later",
    ),
    step(
      "i-tg-003",
      "notify_user",
      {
        message:
          "Staging deploy finished.\n\n• checkout-service 2.14.0 → staging-eu-1\n• 3/3 pods ready\n• p95 latency 184 ms (was 201 ms)\n\nSmoke tests: 28 passed, 0 failed.",
      },
      "a multi-line status report",
    ),
    step("i-tg-004", "send_file", { filePath: REPORT }, "the nightly end-to-end report sent as a document"),
    step(
      "i-tg-005",
      "zip_project",
      { directory: PROJECT },
      "the project zipped (minus .gitignore'd files) and sent as a document",
    ),
    step(
      "i-tg-006",
      "notify_user",
      {},
      "no message argument: the server sends no text and the Bot API refuses an empty message",
    ),
    step(
      "i-tg-007",
      "notify_user",
      {
        message: `Full test log follows:\n${"FAIL src/cart/totals.test.ts › rounds VAT per line\n".repeat(110)}`,
      },
      "a message over Telegram's 4096-character limit: 400 message is too long",
    ),
    step(
      "i-tg-008",
      "notify_user",
      {
        message: `Full test log follows:\n${"FAIL src/cart/totals.test.ts › rounds VAT per line\n".repeat(110)}`,
      },
      "the same over-long message again",
    ),
    step(
      "i-tg-009",
      "send_file",
      { filePath: CORE_DUMP },
      "a 51 MB core dump: over the Bot API's 50 MB upload limit (413)",
    ),
    step("i-tg-010", "send_file", { filePath: EMPTY_LOG }, "an empty file: 400 file must be non-empty"),
    step(
      "i-tg-011",
      "ask_user",
      { question: "Which branch should the hotfix for the VAT rounding bug go on?" },
      "a second question, answered",
    ),
    step("i-tg-012", "send_photo", { filePath: REPORT }, "a tool the server does not have"),
    step(
      "i-tg-013",
      "notify_user",
      { message: "Rollout to production: 1/6 regions done (eu-west-1)." },
      "the bot is flood-limited: 429 Too Many Requests with retry_after 35",
      flag("rateLimited"),
    ),
    step(
      "i-tg-014",
      "notify_user",
      { message: "Rollout to production: 2/6 regions done (eu-central-1)." },
      "the Bot API answers 500 Internal Server Error",
      flag("serverError"),
    ),
    step(
      "i-tg-015",
      "notify_user",
      { message: "Rollout to production: 3/6 regions done (us-east-1)." },
      "Telegram's front answers an nginx 502 HTML page",
      flag("badGateway"),
    ),
    step(
      "i-tg-016",
      "notify_user",
      { message: "Rollout to production: 4/6 regions done (us-west-2)." },
      "the Bot API answers 15 s late; the client waits 4 s",
      flag("slow", { timeoutMs: 4000 }),
    ),
    step(
      "i-tg-017",
      "notify_user",
      { message: "Rollout to production: 5/6 regions done (ap-southeast-1)." },
      "api.telegram.org unreachable (the proxy refuses the connection)",
      down(telegramProxy),
    ),
    step(
      "i-tg-018",
      "notify_user",
      { message: "Rollout to production: 6/6 regions done. All green." },
      "the developer blocked the bot: 403 Forbidden: bot was blocked by the user",
      flag("blocked"),
    ),
    step(
      "i-tg-019",
      "notify_user",
      { message: "Reminder: the staging database credentials expire tomorrow." },
      "the bot token was revoked in BotFather while the server ran: 401 Unauthorized",
      flag("revoked"),
    ),
    step("i-tg-020", "send_file", { filePath: MISSING_FILE }, "a file that does not exist"),
  ],
};

const unknownChat: SessionSpec = {
  label: "r43-i-telegram-unknown-chat",
  server: SERVER,
  transport: "stdio",
  start: telegram("r43-i-telegram-unknown-chat", UNKNOWN_CHAT_ID),
  steps: [
    step(
      "i-tg-021",
      "notify_user",
      { message: "✅ checkout-service: build #1483 passed." },
      "CHAT_ID names a group the bot is not in: 400 Bad Request: chat not found",
    ),
    step(
      "i-tg-022",
      "ask_user",
      { question: "Deploy checkout-service 2.14.1 to staging?" },
      "a question to the same unknown chat",
    ),
  ],
};

const migratedChat: SessionSpec = {
  label: "r43-i-telegram-migrated-chat",
  server: SERVER,
  transport: "stdio",
  start: telegram("r43-i-telegram-migrated-chat", MIGRATED_CHAT_ID),
  steps: [
    step(
      "i-tg-023",
      "notify_user",
      { message: "Nightly e2e: 2 failures in cart/totals. Report attached in the next message." },
      "CHAT_ID is a group that became a supergroup: 400 with parameters.migrate_to_chat_id",
    ),
  ],
};

const unanswered: SessionSpec = {
  label: "r43-i-telegram-unanswered",
  server: SERVER,
  transport: "stdio",
  start: telegram("r43-i-telegram-unanswered", CHAT_ID),
  steps: [
    step(
      "i-tg-024",
      "ask_user",
      { question: "The staging DB password rotates tonight. Rotate the production one too?" },
      "nobody answers: the server waits for a reply with no timeout of its own; the client waits 5 s",
      flag("noAnswer", { timeoutMs: 5000 }),
    ),
    step("i-tg-025", "zip_project", { directory: MISSING_DIR }, "a directory that does not exist"),
    step(
      "i-tg-026",
      "notify_user",
      { message: "Heads-up: I could not zip payments-gateway." },
      "a notification after the failed zip",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [mainSession, unknownChat, migratedChat, unanswered];

function writeFixtures() {
  // Fresh data each run; the stand-in certificate (made when the sessions are defined) is kept.
  for (const dir of [HOME, WORK, path.dirname(REPORT), PROJECT, MISSING_DIR]) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  for (const dir of [
    HOME,
    WORK,
    path.dirname(REPORT),
    path.join(PROJECT, "src", "cart"),
    path.join(PROJECT, "node_modules", "left-pad"),
  ]) {
    fs.mkdirSync(dir, { recursive: true });
  }
  fs.writeFileSync(
    REPORT,
    `<!doctype html><html><head><title>Nightly e2e — checkout-service — 2026-12-07</title></head><body>\n<h1>Nightly e2e</h1>\n<table>\n${Array.from(
      { length: 120 },
      (_, i) =>
        `<tr><td>spec ${i + 1}</td><td>${i % 47 === 3 ? "failed" : "passed"}</td><td>${(i * 37) % 900} ms</td></tr>`,
    ).join("\n")}\n</table></body></html>\n`,
  );
  fs.writeFileSync(EMPTY_LOG, "");
  // 51 MB: a sparse file is enough, the upload reads it as zeros.
  const fd = fs.openSync(CORE_DUMP, "w");
  fs.ftruncateSync(fd, 51 * 1024 * 1024);
  fs.closeSync(fd);
  fs.writeFileSync(path.join(PROJECT, ".gitignore"), "node_modules/\n.env\n*.log\n");
  fs.writeFileSync(
    path.join(PROJECT, ".env"),
    "DATABASE_URL=postgres://checkout:s3cret@staging-db:5432/checkout\n",
  );
  fs.writeFileSync(path.join(PROJECT, "server.log"), "listening on :8080\n");
  fs.writeFileSync(
    path.join(PROJECT, "package.json"),
    JSON.stringify({ name: "checkout-service", version: "2.14.0", private: true, type: "module" }, null, 2) +
      "\n",
  );
  fs.writeFileSync(
    path.join(PROJECT, "README.md"),
    "# checkout-service\n\nCart totals, VAT and payment intents.\n",
  );
  fs.writeFileSync(
    path.join(PROJECT, "src", "cart", "totals.ts"),
    "export function lineTotal(unitCents: number, qty: number, vatRate: number): number {\n  return Math.round(unitCents * qty * (1 + vatRate));\n}\n",
  );
  fs.writeFileSync(
    path.join(PROJECT, "node_modules", "left-pad", "index.js"),
    "module.exports = () => {};\n",
  );
}

export async function prepare(): Promise<() => Promise<void>> {
  writeFixtures();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    resetUpdates();
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.rmSync(CORE_DUMP, { force: true });
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
