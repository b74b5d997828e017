// Group r38-c: email verification and enrichment — DeliverIQ (min8t's deliverability API) through @deliveriq/mcp: single
// and batch verification, batch status, CSV download and job lists, the business-email finder, DNSBL blacklist checks,
// email infrastructure, spam-trap analysis, domain and organization intelligence, and the account's credits, a kind the
// fixture README's server table lacks. The published MCP server is behind a loopback stand-in of its API (standins.ts).
//
//   (cd scripts/server-corpus/groups/r38-c && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r38-c

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  DATA,
  DELIVERIQ_KEY,
  DELIVERIQ_PORT,
  clearTimers,
  deliveriqApi,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@deliveriq/mcp": "1.1.1",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

// ── @deliveriq/mcp (stdio) ───────────────────────────────────────────────────────────────────────────────────────────

const deliveriq: SessionSpec = {
  label: "r38-c-deliveriq",
  server: "@deliveriq/mcp",
  transport: "stdio",
  start: stdioServer("r38-c-deliveriq", "@deliveriq/mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      HOME,
      DELIVERIQ_API_KEY: DELIVERIQ_KEY,
      DELIVERIQ_BASE_URL: `http://127.0.0.1:${DELIVERIQ_PORT}/deliverability/v1`,
    },
  }),
  steps: [
    step(
      "dq-001",
      "deliveriq_verify_email",
      { email: "maria.lopez@northwind-traders.com" },
      "a deliverable business address: SAFE, score 96",
    ),
    step(
      "dq-002",
      "deliveriq_verify_email",
      { email: "info@contoso-labs.io", include_intelligence: true },
      "a role address on a catch-all domain with intelligence: RISKY",
    ),
    step(
      "dq-003",
      "deliveriq_verify_email",
      { email: "j.smiht@northwind-traders.com" },
      "a mailbox that does not exist (SMTP 550): INVALID, with a 'did you mean'",
    ),
    step(
      "dq-004",
      "deliveriq_verify_email",
      { email: "maria.lopez@" },
      "a malformed address (the server's zod check)",
    ),
    step("dq-005", "deliveriq_verify_email", { email: "maria.lopez@" }, "the same call again, unchanged"),
    step(
      "dq-006",
      "deliveriq_batch_verify",
      {
        emails: [
          "maria.lopez@northwind-traders.com",
          "info@contoso-labs.io",
          "j.smiht@northwind-traders.com",
        ],
      },
      "a batch of three submitted (job processing)",
    ),
    step(
      "dq-007",
      "deliveriq_batch_status",
      { job_id: "job_01JEXB2D4F6H8K0M2P4R6T8V0X" },
      "the new batch's status: processing, 1 of 3",
    ),
    step(
      "dq-008",
      "deliveriq_batch_status",
      { job_id: "job_01JEX4S7Q9K2M8VZ3T6W1R5N0C" },
      "an earlier batch: completed, with its summary",
    ),
    step(
      "dq-009",
      "deliveriq_batch_download",
      { job_id: "job_01JEX4S7Q9K2M8VZ3T6W1R5N0C", category: "invalid" },
      "the completed batch's invalid rows as CSV",
    ),
    step(
      "dq-010",
      "deliveriq_batch_status",
      { job_id: "job_01JDZZ0000000000000000000" },
      "a job id that does not exist (404)",
    ),
    step("dq-011", "deliveriq_list_jobs", {}, "the account's jobs (two)"),
    step("dq-012", "deliveriq_list_jobs", { status: "failed" }, "jobs filtered to failed: none"),
    step(
      "dq-013",
      "deliveriq_find_email",
      { first_name: "Maria", last_name: "Lopez", domain: "northwind-traders.com" },
      "a person's business email found and SMTP-verified",
    ),
    step(
      "dq-014",
      "deliveriq_find_email",
      { first_name: "Tomasz", last_name: "Wiśniewski", domain: "contoso-labs.io" },
      "a catch-all domain: no email could be confirmed",
    ),
    step(
      "dq-015",
      "deliveriq_org_intel",
      { domain: "contoso-labs.io" },
      "organization intelligence for a domain with no data (result null)",
    ),
    step(
      "dq-016",
      "deliveriq_blacklist_check",
      { domain: "bulk-blast-mailer.net" },
      "a domain listed on two DNSBL zones",
    ),
    step("dq-017", "deliveriq_check_credits", {}, "the account's credit balance and usage"),
    step(
      "dq-018",
      "deliveriq_verify_email",
      { email: "maria.lopez@northwind-traders.com", skip_smtp: true },
      "a call after the API key was revoked (401)",
      flag("dqRevoked"),
    ),
    step(
      "dq-019",
      "deliveriq_spam_trap_analysis",
      { email: "info@contoso-labs.io" },
      "a call with the month's credits used up (402)",
      flag("dqNoCredits"),
    ),
    step(
      "dq-020",
      "deliveriq_domain_intel",
      { domain: "northwind-traders.com" },
      "a call while the API answers 429 with Retry-After: 1 (the SDK retries 3 times)",
      flag("dqRateLimited"),
    ),
    step(
      "dq-021",
      "deliveriq_infrastructure_check",
      { domain: "northwind-traders.com" },
      "a call while the API answers 500 (the SDK retries 3 times, 1+2+4 s)",
      flag("dqServerError", { timeoutMs: 30_000 }),
    ),
    step(
      "dq-022",
      "deliveriq_blacklist_check",
      { domain: "northwind-traders.com" },
      "a call while nginx answers a 502 HTML page (retried, then parsed as JSON)",
      flag("dqBadGateway", { timeoutMs: 30_000 }),
    ),
    step(
      "dq-023",
      "deliveriq_verify_email",
      { email: "maria.lopez@northwind-traders.com" },
      "an answer 15 s late; the client waits 4 s",
      flag("dqSlow", { timeoutMs: 4000 }),
    ),
    step(
      "dq-024",
      "deliveriq_check_credits",
      {},
      "a call while the API is unreachable (connection refused)",
      down(deliveriqApi),
    ),
    step("dq-025", "deliveriq_verify_phone", { phone: "+14155552671" }, "a tool the server does not have"),
  ],
};

export const SESSIONS: SessionSpec[] = [deliveriq];

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
