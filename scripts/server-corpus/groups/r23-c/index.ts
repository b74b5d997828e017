// Group r23-c: education — GetCourse, the online-school LMS (@theyahia/getcourse-mcp), behind a loopback stand-in
// that answers with GetCourse's own bodies and error bodies (standins.ts). See README.md for why the group has one
// server.
//
//   (cd scripts/server-corpus/groups/r23-c && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r23-c

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  GC_KEY,
  GC_PROXY_PORT,
  GC_SCHOOL,
  clearTimers,
  ensureCertificate,
  gcStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@theyahia/getcourse-mcp": "1.2.0",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

// ------------------------------------------------------------------------------------------- GetCourse

const getcourse: SessionSpec = {
  label: "r23-c-getcourse",
  server: "@theyahia/getcourse-mcp",
  transport: "stdio",
  start: stdioServer("r23-c-getcourse", "@theyahia/getcourse-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      GETCOURSE_DOMAIN: GC_SCHOOL,
      GETCOURSE_API_KEY: GC_KEY,
      HTTPS_PROXY: `http://127.0.0.1:${GC_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step("gtc-001", "get_users", {}, "the school's users (GetCourse starts an export and answers its id)"),
    step("gtc-002", "get_users", { status: "active" }, "active students only"),
    step("gtc-003", "get_deals", { status: "payment_waiting" }, "orders still waiting for payment"),
    step(
      "gtc-004",
      "get_deals",
      { created_from: "2027-03-01", created_to: "2027-03-31" },
      "March's orders while the previous export is still being built (error 905)",
      flag("exportBusy"),
    ),
    step(
      "gtc-005",
      "get_deals",
      { created_from: "2027-03-01", created_to: "2027-03-31" },
      "the same March export again, still refused (905)",
      flag("exportBusy"),
    ),
    step(
      "gtc-006",
      "create_user",
      {
        email: "dmitry.volkov@example.ru",
        first_name: "Дмитрий",
        last_name: "Волков",
        phone: "+79161234567",
        city: "Казань",
        group_name: "Испанский A2 — поток апрель 2027",
      },
      "enrol a new student into a course group",
    ),
    step(
      "gtc-007",
      "create_user",
      { email: "anna.sokolova@example.ru", group_name: "Испанский B1 — поток апрель 2027" },
      "add an existing student to the next level's group (the import answers 'updated')",
    ),
    step(
      "gtc-008",
      "create_user",
      {
        email: "olga.kim@example.ru",
        first_name: "Ольга",
        last_name: "Ким",
        deal_offer_code: "ESP-A2-APR27",
      },
      "a new student with an order for the April offer",
    ),
    step(
      "gtc-009",
      "create_user",
      {
        email: "sergey.orlov@example.ru",
        first_name: "Сергей",
        deal_offer_code: "ESP-B1-LEGACY",
      },
      "an order for an offer code that was archived",
    ),
    step(
      "gtc-010",
      "create_user",
      { email: "irina.belova@mail", first_name: "Ирина" },
      "an e-mail address without a top-level domain",
    ),
    step("gtc-011", "get_users", { status: "blocked" }, "blocked users"),
    step("gtc-012", "get_users", { status: "deleted" }, "a user status the tool does not know"),
    step(
      "gtc-013",
      "get_users",
      { created_from: "2027-04-01", created_to: "2027-04-07" },
      "students registered in the first week of April",
    ),
    step(
      "gtc-014",
      "get_users",
      { status: "active" },
      "users after the school regenerated its API key (the old one is refused)",
      flag("keyRevoked"),
    ),
    step(
      "gtc-015",
      "create_user",
      {
        email: "pavel.lebedev@example.ru",
        first_name: "Павел",
        group_name: "Испанский A2 — поток апрель 2027",
      },
      "enrol a student with the revoked key",
      flag("keyRevoked"),
    ),
    step(
      "gtc-016",
      "get_users",
      {},
      "users once the export API's quota (100 requests in 2 hours) is spent",
      flag("quotaSpent"),
    ),
    step(
      "gtc-017",
      "get_deals",
      { status: "new" },
      "new orders while the front answers 429 with Retry-After",
      flag("tooManyRequests"),
    ),
    step(
      "gtc-018",
      "get_users",
      { status: "in_base" },
      "users while GetCourse answers 500",
      flag("serverError"),
    ),
    step(
      "gtc-019",
      "get_deals",
      { status: "finished" },
      "paid orders while nginx answers an HTML 502",
      flag("badGateway"),
    ),
    step(
      "gtc-020",
      "get_deals",
      { status: "finished" },
      "paid orders during GetCourse's maintenance page (HTML 503)",
      flag("maintenance"),
    ),
    step(
      "gtc-021",
      "get_users",
      { status: "active" },
      "an export request GetCourse takes 20 s to accept; the client waits 3 s",
      { ...flag("slow"), timeoutMs: 3000 },
    ),
    step(
      "gtc-022",
      "get_deals",
      { status: "in_work" },
      "an export request GetCourse takes 20 s to accept; the server gives up after its own 15 s",
      { ...flag("slow"), timeoutMs: 30_000 },
    ),
    step("gtc-023", "get_courses", {}, "a course list tool the server does not have"),
    step(
      "gtc-024",
      "get_users",
      { status: "active" },
      "users while the school's host cannot be reached (proxy stopped)",
      down(gcStandin),
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [getcourse];

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
