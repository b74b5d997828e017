// Group r16-c: marketing and transactional e-mail — SendGrid's v3 API (sendgrid-mcp), Mailchimp's Marketing
// API (@agentx-ai/mailchimp-mcp-server) and Mailtrap's sending, sandbox and account APIs (mcp-mailtrap, the
// vendor's own server) — each published MCP server behind a loopback stand-in that answers with the real
// service's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r16-c && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r16-c

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  MC_CAMPAIGN,
  MC_EMPTY_LIST,
  MC_KEY,
  MC_LIST,
  MC_STORE,
  MC_TLS_PORT,
  MC_WORKFLOW,
  MC_WORKFLOW_EMAIL,
  MT_ACCOUNT,
  MT_INBOX,
  MT_PROXY_PORT,
  MT_TEMPLATE,
  MT_TOKEN,
  SG_KEY,
  SG_PROXY_PORT,
  clearTimers,
  ensureCertificate,
  mailchimpStandin,
  mailtrapStandin,
  sendgridStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "sendgrid-mcp": "1.0.4",
  "@agentx-ai/mailchimp-mcp-server": "1.1.1",
  "mcp-mailtrap": "0.9.0",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

const SG_TEMPLATE = "d-5c7e9a1b3d5f4e6a8c0b2d4f6a8c0e1f";
const SG_CONTACT = "3a6b1c2d-7e8f-4a9b-8c0d-5e6f7a8b9c0d";
const DAYS = { start_date: "2026-11-01", end_date: "2026-11-03" };
const MAIL = {
  personalizations: [{ to: [{ email: "ana.moreira@acme.example", name: "Ana Moreira" }] }],
  subject: "Your December order is on its way",
  content: [{ type: "text/plain", value: "Hi Ana, your order ACME-10234 shipped today." }],
};

// ------------------------------------------------------------------------------------------- SendGrid

const sendgrid: SessionSpec = {
  label: "r16-c-sendgrid",
  server: "sendgrid-mcp",
  transport: "stdio",
  start: stdioServer("r16-c-sendgrid", "sendgrid-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      SENDGRID_API_KEY: SG_KEY,
      READ_ONLY: "false",
      HTTPS_PROXY: `http://127.0.0.1:${SG_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import=${path.join(FROM, "proxy-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step("sg-001", "get_scopes", {}, "the API key's scopes"),
    step("sg-002", "list_email_lists", {}, "the marketing contact lists"),
    step("sg-003", "list_templates", { generations: "dynamic" }, "dynamic transactional templates"),
    step("sg-004", "get_template", { template_id: SG_TEMPLATE }, "one template with its versions"),
    step(
      "sg-005",
      "get_template",
      { template_id: "d-00000000000000000000000000000000" },
      "a template id that does not exist",
    ),
    step(
      "sg-006",
      "get_template",
      { template_id: "d-00000000000000000000000000000000" },
      "the same missing template again, unchanged",
    ),
    step(
      "sg-007",
      "search_contacts",
      { query: "email LIKE '%@nowhere.example'" },
      "a contact search that matches nobody",
    ),
    step(
      "sg-008",
      "search_contacts_by_emails",
      { emails: ["ana.moreira@acme.example", "ghost@acme.example"] },
      "look up two addresses, one of which is not a contact",
    ),
    step(
      "sg-009",
      "search_contacts_by_emails",
      { emails: ["ghost@acme.example"] },
      "look up an address that is not a contact",
    ),
    step("sg-010", "get_contact", { contact_id: SG_CONTACT }, "one contact by id"),
    step("sg-011", "get_global_stats", DAYS, "global e-mail statistics for three days"),
    step(
      "sg-012",
      "get_global_stats",
      { start_date: "11/01/2026" },
      "statistics with the start date in US format",
    ),
    step(
      "sg-013",
      "get_stats_overview",
      DAYS,
      "a five-part statistics overview where the mailbox-provider part needs an add-on (403)",
    ),
    step(
      "sg-014",
      "send_mail",
      { ...MAIL, from: { email: "news@acme.example", name: "Acme" } },
      "send a shipping notice (SendGrid accepts it with 202 and an empty body)",
    ),
    step(
      "sg-015",
      "send_mail",
      { ...MAIL, from: { email: "orders@acme-outlet.example", name: "Acme Outlet" } },
      "send from an address that is not a verified sender",
    ),
    step("sg-016", "create_email_list", { name: "Newsletter" }, "create a list whose name is taken"),
    step(
      "sg-017",
      "create_custom_field",
      { name: "plan_tier", field_type: "Text" },
      "create a custom contact field",
    ),
    step(
      "sg-018",
      "create_custom_field",
      { name: "is_vip", field_type: "Boolean" },
      "a field type that is not in the enum",
    ),
    step(
      "sg-019",
      "update_segment",
      { segment_id: "7f1c2a3b-4d5e-4f60-9a8b-7c6d5e4f3a2b", query_dsl: "{contacts.plan = 'pro'" },
      "update a segment with a query that is not valid JSON",
    ),
    step(
      "sg-020",
      "list_single_sends",
      {},
      "single sends after the API key was deleted (401)",
      flag("sgKeyRevoked"),
    ),
    step(
      "sg-021",
      "list_senders",
      {},
      "sender identities while the API answers 429 with rate-limit headers",
      flag("sgRateLimited"),
    ),
    step(
      "sg-022",
      "list_segments",
      {},
      "segments while Cloudflare answers an HTML 502",
      flag("sgBadGateway"),
    ),
    step(
      "sg-023",
      "get_automation",
      { automation_id: "5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b" },
      "an automation the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "sg-024",
      "send_sms",
      { to: "+351912345678", body: "Your code is 4411" },
      "a tool the server does not have",
    ),
    step(
      "sg-025",
      "list_email_lists",
      {},
      "the lists while SendGrid cannot be reached (stand-in stopped)",
      down(sendgridStandin),
    ),
    step(
      "sg-026",
      "get_automation",
      { automation_id: "5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b" },
      "a slow automation lookup; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ------------------------------------------------------------------------------------------ Mailchimp

const mailchimp: SessionSpec = {
  label: "r16-c-mailchimp",
  server: "@agentx-ai/mailchimp-mcp-server",
  transport: "stdio",
  start: stdioServer("r16-c-mailchimp", "@agentx-ai/mailchimp-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      MAILCHIMP_API_KEY: MC_KEY,
      HTTPS_STANDIN_PORT: String(MC_TLS_PORT),
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import=${path.join(FROM, "https-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step("mc-001", "get_account", {}, "the account's root resource"),
    step("mc-002", "list_lists", {}, "the audiences"),
    step("mc-003", "get_list", { list_id: MC_LIST }, "one audience"),
    step("mc-004", "get_list", { list_id: "zz9999zzzz" }, "an audience id that does not exist"),
    step("mc-005", "get_list", { list_id: "zz9999zzzz" }, "the same missing audience again, unchanged"),
    step("mc-006", "list_members", { list_id: MC_LIST }, "members of the newsletter audience"),
    step("mc-007", "list_members", { list_id: MC_EMPTY_LIST }, "members of an audience that has none"),
    step("mc-008", "list_members", {}, "members without the required list id"),
    step(
      "mc-009",
      "get_member",
      { list_id: MC_LIST, subscriber_hash: "00000000000000000000000000000000" },
      "a subscriber hash that is not in the audience",
    ),
    step("mc-010", "list_campaigns", {}, "the campaigns"),
    step("mc-011", "get_campaign_report", { campaign_id: MC_CAMPAIGN }, "a sent campaign's report"),
    step("mc-012", "list_automations", {}, "classic automations (the account has none)"),
    step(
      "mc-013",
      "list_automation_subscribers",
      { workflow_id: MC_WORKFLOW, email_id: MC_WORKFLOW_EMAIL },
      "the queue of an automation e-mail (Mailchimp answers with a `queue` array)",
    ),
    step("mc-014", "list_segments", { list_id: MC_LIST }, "segments of the audience"),
    step("mc-015", "list_templates", {}, "the templates"),
    step("mc-016", "list_stores", {}, "connected e-commerce stores"),
    step(
      "mc-017",
      "get_order",
      { store_id: MC_STORE, order_id: "100234" },
      "an order id the store does not have",
    ),
    step(
      "mc-018",
      "get_account",
      {},
      "the account after the API key was disabled (401)",
      flag("mcKeyInvalid"),
    ),
    step(
      "mc-019",
      "list_campaigns",
      {},
      "campaigns with a key of a user without access (403)",
      flag("mcForbidden"),
    ),
    step("mc-020", "list_lists", {}, "audiences while the API answers 429", flag("mcRateLimited")),
    step(
      "mc-021",
      "get_campaign_report",
      { campaign_id: MC_CAMPAIGN },
      "a report while the API answers 500",
      flag("mcServerError"),
    ),
    step("mc-022", "list_campaigns", {}, "campaigns while Akamai answers an HTML 503", flag("mcUnavailable")),
    step(
      "mc-023",
      "get_account",
      {},
      "the account while a maintenance page answers 200 with HTML",
      flag("mcMaintenance"),
    ),
    step(
      "mc-024",
      "get_campaign_report",
      { campaign_id: "slow-9c8b7a6d5e" },
      "a report the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "mc-025",
      "create_campaign",
      { list_id: MC_LIST, subject: "Hello" },
      "a tool the server does not have",
    ),
    step(
      "mc-026",
      "list_lists",
      {},
      "audiences while Mailchimp cannot be reached (stand-in stopped)",
      down(mailchimpStandin),
    ),
  ],
};

// ------------------------------------------------------------------------------------------- Mailtrap

const mailtrap: SessionSpec = {
  label: "r16-c-mailtrap",
  server: "mcp-mailtrap",
  transport: "stdio",
  start: stdioServer("r16-c-mailtrap", "mcp-mailtrap", {
    from: FROM,
    cwd: DATA,
    env: {
      MAILTRAP_API_TOKEN: MT_TOKEN,
      MAILTRAP_ACCOUNT_ID: MT_ACCOUNT,
      MAILTRAP_TEST_INBOX_ID: MT_INBOX,
      HTTPS_PROXY: `http://127.0.0.1:${MT_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      HOME,
    },
  }),
  steps: [
    step("mt-001", "list-accounts", {}, "the accounts the token can reach"),
    step("mt-002", "list-templates", {}, "the e-mail templates"),
    step("mt-003", "get-template", { template_id: MT_TEMPLATE }, "one template"),
    step("mt-004", "get-template", { template_id: 99999 }, "a template id that does not exist"),
    step("mt-005", "get-template", { template_id: 99999 }, "the same missing template again, unchanged"),
    step("mt-006", "get-template", { template_id: "password-reset" }, "the template id given as a name"),
    step(
      "mt-007",
      "create-template",
      {
        name: "Password reset",
        subject: "Reset your password",
        html: "<p>Reset it here</p>",
        category: "Account",
      },
      "create a template whose name is taken (422)",
    ),
    step(
      "mt-008",
      "send-email",
      {
        from: { email: "no-reply@acme.example", name: "Acme" },
        to: [{ email: "ana.moreira@acme.example" }],
        subject: "Your receipt ACME-10234",
        text: "Thanks for your order.",
        category: "Receipts",
      },
      "send a receipt",
    ),
    step(
      "mt-009",
      "send-email",
      {
        from: { email: "deals@acme-outlet.example" },
        to: [{ email: "ana.moreira@acme.example" }],
        subject: "Outlet deals",
        text: "This week only.",
      },
      "send from a domain that is not verified for the token",
    ),
    step(
      "mt-010",
      "send-sandbox-email",
      {
        from: { email: "qa@acme.example" },
        to: [{ email: "tester@acme.example" }],
        subject: "Staging: welcome e-mail",
        html: "<h1>Welcome</h1>",
      },
      "a test e-mail into the sandbox inbox",
    ),
    step("mt-011", "get-sandbox-messages", {}, "messages in the sandbox inbox (there are none)"),
    step("mt-012", "list-sending-domains", {}, "sending domains, one still unverified"),
    step("mt-013", "get-contact", { contact_identifier: "ana.moreira@acme.example" }, "a contact by e-mail"),
    step(
      "mt-014",
      "get-contact",
      { contact_identifier: "ghost@acme.example" },
      "a contact that does not exist",
    ),
    step(
      "mt-015",
      "create-contact",
      { email: "ana.moreira@acme.example", fields: { first_name: "Ana" } },
      "create a contact that already exists (409)",
    ),
    step("mt-016", "list-contact-lists", {}, "contact lists (there are none)"),
    step(
      "mt-017",
      "list-suppressions",
      { email: "ana.moreira@acme.example" },
      "whether an address is suppressed (it is not)",
    ),
    step(
      "mt-018",
      "get-sending-stats",
      { start_date: "2026-12-05", end_date: "2026-11-01" },
      "sending statistics with the end date before the start",
    ),
    step("mt-019", "get-billing-usage", {}, "billing usage with a token that is not an account admin (403)"),
    step(
      "mt-020",
      "list-templates",
      {},
      "templates after the token was revoked (401)",
      flag("mtTokenRevoked"),
    ),
    step(
      "mt-021",
      "list-sending-domains",
      {},
      "sending domains while the API answers 429",
      flag("mtRateLimited"),
    ),
    step("mt-022", "list-templates", {}, "templates while the API answers 500", flag("mtServerError")),
    step(
      "mt-023",
      "get-sending-stats",
      { start_date: "2026-11-01", end_date: "2026-11-30" },
      "statistics while nginx answers an HTML 504",
      flag("mtBadGateway"),
    ),
    step(
      "mt-024",
      "get-sending-stats",
      { start_date: "2027-01-01", end_date: "2027-01-31" },
      "statistics the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("mt-025", "list-sms-messages", {}, "a tool the server does not have"),
    step(
      "mt-026",
      "list-templates",
      {},
      "templates while Mailtrap cannot be reached (stand-in stopped)",
      down(mailtrapStandin),
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [sendgrid, mailchimp, mailtrap];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
