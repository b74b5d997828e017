// Group r44-g: paid community memberships, access passes and waitlists — a meetup group's monthly pass, a waitlisted
// workshop day, its members and promo codes on Whop, through Whop's own MCP server (@whop/mcp, the Whop API v1
// through the Whop SDK). No event-ticketing server installs from this round's registry mirror (README.md lists the
// names tried), so the group takes this neighbouring kind. The published server runs behind a loopback stand-in
// (standins.ts).
//
//   (cd scripts/server-corpus/groups/r44-g && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r44-g

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  COMPANY,
  DATA,
  ENTRY_DENIED,
  ENTRY_PENDING,
  MEMBERSHIP_ACTIVE,
  MEMBERSHIP_CANCELED,
  PASS,
  PASS_WAITLIST,
  USER,
  WHOP_API_KEY,
  WHOP_PORT,
  clearTimers,
  seen,
  state,
  unknownRequests,
  whopApi,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@whop/mcp": "0.0.6",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

const whopSession: SessionSpec = {
  label: "r44-g-whop",
  server: "@whop/mcp",
  transport: "stdio",
  start: stdioServer("r44-g-whop", "@whop/mcp", {
    from: FROM,
    // One tool per endpoint; WHOP_BASE_URL is the SDK's own setting for its API host.
    args: ["--tools=all"],
    env: {
      HOME,
      WHOP_BASE_URL: `http://127.0.0.1:${WHOP_PORT}/api/v1`,
      WHOP_API_KEY,
      WHOP_APP_ID: "app_Mb8Hn2Jc7Pf4Sd",
    },
  }),
  steps: [
    step("g-whop-001", "retrieve_companies", { id: COMPANY }, "the meetup group's company"),
    step(
      "g-whop-002",
      "list_products",
      { company_id: COMPANY },
      "its passes: the monthly pass and the workshop",
    ),
    step("g-whop-003", "retrieve_products", { id: PASS_WAITLIST }, "the waitlisted workshop day"),
    step(
      "g-whop-004",
      "retrieve_products",
      { id: "prod_Zz0Qm1Kx5Lv3Rb" },
      "a product id that does not exist: 404",
    ),
    step(
      "g-whop-005",
      "list_plans",
      { company_id: COMPANY, product_ids: [PASS, PASS_WAITLIST] },
      "the passes' plans",
    ),
    step(
      "g-whop-006",
      "list_memberships",
      { company_id: COMPANY },
      "the group's memberships: one active, one canceled",
    ),
    step(
      "g-whop-007",
      "list_memberships",
      { company_id: COMPANY, statuses: ["past_due"] },
      "memberships past due: none",
    ),
    step("g-whop-008", "retrieve_memberships", { id: MEMBERSHIP_ACTIVE }, "one active membership"),
    step("g-whop-009", "list_members", { company_id: COMPANY, query: "marta" }, "a member found by name"),
    step(
      "g-whop-010",
      "list_members",
      { company_id: COMPANY, query: "nobody-here" },
      "a member search that finds nobody",
    ),
    step(
      "g-whop-011",
      "list_entries",
      { company_id: COMPANY, product_ids: [PASS_WAITLIST] },
      "the workshop's waitlist",
    ),
    step("g-whop-012", "approve_entries", { id: ENTRY_PENDING }, "approving a pending waitlist entry"),
    step(
      "g-whop-013",
      "approve_entries",
      { id: ENTRY_DENIED },
      "approving an entry already denied: 422 unprocessable_entity",
    ),
    step("g-whop-014", "approve_entries", { id: ENTRY_DENIED }, "the same call again, unchanged"),
    step(
      "g-whop-015",
      "create_promo_codes",
      {
        amount_off: 10,
        base_currency: "eur",
        code: "BUILDDAY10",
        company_id: COMPANY,
        new_users_only: false,
        promo_duration_months: 1,
        promo_type: "percentage",
        product_id: PASS_WAITLIST,
        stock: 20,
      },
      "a 10 % promo code for the workshop, 20 uses",
    ),
    step(
      "g-whop-016",
      "create_promo_codes",
      {
        amount_off: 5,
        base_currency: "eur",
        code: "early bird!",
        company_id: COMPANY,
        new_users_only: true,
        promo_duration_months: 1,
        promo_type: "flat_amount",
      },
      "a code with a space and a '!': 400 invalid_request",
    ),
    step(
      "g-whop-017",
      "cancel_memberships",
      { id: MEMBERSHIP_CANCELED, cancellation_mode: "at_period_end" },
      "canceling a membership already canceled: 422",
    ),
    step(
      "g-whop-018",
      "check_access_users",
      { id: USER, resource_id: PASS },
      "does the member hold the monthly pass: yes",
    ),
    step(
      "g-whop-019",
      "list_products",
      { company_id: "biz_Qw9Lx3Rm5Nb8Hj" },
      "another company's products: 403 forbidden",
    ),
    step(
      "g-whop-020",
      "approve_entries",
      { id: ENTRY_PENDING },
      "the key lacks plan:waitlist:manage: 403 forbidden",
      flag("whopForbidden"),
    ),
    step(
      "g-whop-021",
      "list_memberships",
      { company_id: COMPANY },
      "the API key revoked: 401",
      flag("whopRevoked"),
    ),
    step(
      "g-whop-022",
      "list_entries",
      { company_id: COMPANY },
      "429 with Retry-After: 1 on every try (the SDK retries twice)",
      flag("whopRateLimited"),
    ),
    step(
      "g-whop-023",
      "retrieve_companies",
      { id: COMPANY },
      "500 internal_server_error on every try (the SDK retries twice)",
      flag("whopServerError"),
    ),
    step(
      "g-whop-024",
      "list_plans",
      { company_id: COMPANY },
      "Cloudflare's 502 HTML page on every try",
      flag("whopBadGateway"),
    ),
    step(
      "g-whop-025",
      "list_members",
      { company_id: COMPANY },
      "Whop answers 15 s late; the client waits 4 s",
      flag("whopSlow", { timeoutMs: 4000 }),
    ),
    step(
      "g-whop-026",
      "retrieve_memberships",
      { id: MEMBERSHIP_ACTIVE },
      "Whop unreachable (connection refused; the SDK retries twice)",
      down(whopApi),
    ),
    step("g-whop-027", "list_events", { company_id: COMPANY }, "a tool the server does not have"),
  ],
};

export const SESSIONS: SessionSpec[] = [whopSession];

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
