// Group r41-g: transactional e-mail delivery — Cakemail through cakemail-mcp-server (zoyth): the account, senders, the
// v2 Email API (submit a transactional e-mail, read its status, render it, its activity logs and statistics), lists and
// templates, a kind the fixture README's server table has as SendGrid, Mailchimp, Resend and Mailtrap's testing
// server. The published MCP server is behind a loopback stand-in of the Cakemail API (standins.ts).
//
//   (cd scripts/server-corpus/groups/r41-g && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r41-g

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CAKEMAIL_PORT,
  CM_EMAIL,
  CM_PASSWORD,
  CM_WRONG_PASSWORD,
  DATA,
  MISSING_EMAIL_ID,
  SENT_EMAIL_ID,
  cakemailServer,
  certificateFile,
  clearTimers,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "cakemail-mcp-server": "1.10.0",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

function env(password: string): Record<string, string> {
  return {
    HOME,
    CAKEMAIL_EMAIL: CM_EMAIL,
    CAKEMAIL_PASSWORD: password,
    R41G_CAKEMAIL_PORT: String(CAKEMAIL_PORT),
    NODE_OPTIONS: `--import=${path.join(FROM, "https-preload.mjs")}`,
    NODE_EXTRA_CA_CERTS: certificateFile(),
  };
}

const ORDER_MAIL = {
  email: "ana.weber@example.de",
  sender_id: "41202",
  subject: "Your order NB-20931 is confirmed",
  html_content:
    "<p>Hi Ana,</p><p>Thanks for your order NB-20931: 2 × sourdough loaf, 1 × rye bread. Pick-up on Tuesday from 8:00.</p>",
  text_content:
    "Hi Ana, thanks for your order NB-20931: 2 x sourdough loaf, 1 x rye bread. Pick-up on Tuesday from 8:00.",
};

const SUPPORT_MAIL = {
  email: "jonas.becker@example.de",
  sender_id: "41207",
  subject: "Re: your question about gluten-free loaves",
  text_content: "Hi Jonas, yes, our buckwheat loaf is baked in a separate gluten-free oven every Thursday.",
};

// ── cakemail-mcp-server (stdio), with the account's e-mail and password ─────────────────────────────────────────────

const cakemail: SessionSpec = {
  label: "r41-g-cakemail",
  server: "cakemail-mcp-server",
  transport: "stdio",
  start: stdioServer("r41-g-cakemail", "cakemail-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: env(CM_PASSWORD),
  }),
  steps: [
    step("cm-001", "cakemail_get_self_account", {}, "the account the password token belongs to"),
    step("cm-002", "cakemail_get_senders", {}, "the brand's senders: one confirmed, one not"),
    step(
      "cm-003",
      "cakemail_send_transactional_email",
      ORDER_MAIL,
      "an order confirmation submitted through the v2 Email API from the confirmed sender (queued)",
    ),
    step(
      "cm-004",
      "cakemail_get_email",
      { email_id: SENT_EMAIL_ID },
      "the status of the e-mail just submitted",
    ),
    step(
      "cm-005",
      "cakemail_render_email",
      { email_id: MISSING_EMAIL_ID },
      "an e-mail id the account never sent, rendered (404)",
    ),
    step(
      "cm-006",
      "cakemail_send_transactional_email",
      { ...ORDER_MAIL, email: "ana.weber@example" },
      "a recipient address without a top-level domain (the server's own check lets it through; the API answers 422)",
    ),
    step(
      "cm-007",
      "cakemail_send_transactional_email",
      SUPPORT_MAIL,
      "a reply from the sender that has not been confirmed yet (422)",
    ),
    step("cm-008", "cakemail_send_transactional_email", SUPPORT_MAIL, "the same submission again, unchanged"),
    step(
      "cm-009",
      "cakemail_get_email_logs",
      { log_type: "delivered", per_page: 20 },
      "Email API activity: delivered events (one)",
    ),
    step(
      "cm-010",
      "cakemail_get_email_logs",
      { log_type: "bounce", per_page: 20 },
      "Email API activity: bounce events (none)",
    ),
    step(
      "cm-011",
      "cakemail_get_email_stats",
      { interval: "day" },
      "daily Email API statistics for three days",
    ),
    step(
      "cm-012",
      "cakemail_render_email",
      { email_id: SENT_EMAIL_ID },
      "the sent e-mail rendered; the API answers its HTML (200 text/html)",
    ),
    step("cm-013", "cakemail_list_lists", {}, "the account's contact lists: two"),
    step(
      "cm-014",
      "cakemail_get_template",
      { template_id: "9041" },
      "a template id that does not exist (404)",
    ),
    step(
      "cm-015",
      "cakemail_get_senders",
      {},
      "a call while the API answers 429 with Retry-After: 1 (the server retries three times)",
      flag("rateLimited"),
    ),
    step(
      "cm-016",
      "cakemail_list_lists",
      {},
      "a call while the API answers 503 (the server retries three times)",
      flag("overloaded"),
    ),
    step(
      "cm-017",
      "cakemail_list_templates",
      {},
      "a call while Cloudflare answers its 502 HTML page in front of the API",
      flag("badGateway"),
    ),
    step(
      "cm-018",
      "cakemail_get_senders",
      {},
      "an answer 15 s late; the client waits 4 s",
      flag("slow", { timeoutMs: 4000 }),
    ),
    step(
      "cm-019",
      "cakemail_get_self_account",
      {},
      "a call while the API is unreachable (connection refused; the server retries three times)",
      {
        ...down(cakemailServer),
        before: async () => {
          await sleep(12_000); // the late answer of cm-018 arrives first
          await cakemailServer.stop();
          await sleep(300);
        },
      },
    ),
    step(
      "cm-020",
      "cakemail_send_transactional_email",
      ORDER_MAIL,
      "a submission while the API answers 500 (the server retries three times)",
      flag("serverError"),
    ),
    step(
      "cm-021",
      "cakemail_render_email",
      { email_id: MISSING_EMAIL_ID },
      "the e-mail id that was not found in cm-005, rendered again unchanged (five Email API requests have failed)",
    ),
    step(
      "cm-022",
      "cakemail_send_transactional_email",
      ORDER_MAIL,
      "a good submission after five failed Email API requests (the server's circuit breaker is open)",
    ),
    step(
      "cm-023",
      "cakemail_send_sms",
      { phone: "+15195550142", text: "Your order is ready" },
      "a tool the server does not have",
    ),
  ],
};

// ── the same server started with a wrong password ───────────────────────────────────────────────────────────────────

const cakemailBadPassword: SessionSpec = {
  label: "r41-g-cakemail-password",
  server: "cakemail-mcp-server",
  transport: "stdio",
  start: stdioServer("r41-g-cakemail-password", "cakemail-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: env(CM_WRONG_PASSWORD),
  }),
  steps: [
    step(
      "cmp-001",
      "cakemail_get_senders",
      {},
      "a call with a wrong password: the password grant answers 401 (the server tries three times)",
    ),
    step(
      "cmp-002",
      "cakemail_send_transactional_email",
      ORDER_MAIL,
      "a submission with the same wrong password",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [cakemail, cakemailBadPassword];

export async function prepare(): Promise<() => Promise<void>> {
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
