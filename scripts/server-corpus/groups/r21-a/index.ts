// Group r21-a: HR, recruiting and people operations — BoondManager (candidates, resources and their absence
// requests, through the published boondmanager-mcp-server) behind a loopback stand-in that answers with
// BoondManager's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r21-a && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r21-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import { ALL_STANDINS, BOOND_BASE, BOOND_TOKEN, DATA, boondStandin, clearTimers, state } from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "boondmanager-mcp-server": "2.15.2",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

// ---------------------------------------------------------------------------------------------- BoondManager

const boond: SessionSpec = {
  label: "r21-a-boond",
  server: "boondmanager-mcp-server",
  transport: "stdio",
  start: stdioServer("r21-a-boond", "boondmanager-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      BOOND_API_TOKEN: BOOND_TOKEN,
      BOOND_BASE_URL: BOOND_BASE,
      // One attempt per call, so each call shows the stand-in's answer as it came (no retry, no backoff).
      BOOND_HTTP_MAX_RETRIES: "0",
      BOOND_HTTP_RATE_LIMIT_RPS: "0",
      HOME,
    },
  }),
  steps: [
    step("bm-001", "boond_application_current_user", {}, "who the API token belongs to"),
    step(
      "bm-002",
      "boond_candidates_search",
      { keywords: "Moreau", keywordsType: "lastName" },
      "candidates by last name",
    ),
    step(
      "bm-003",
      "boond_candidates_search",
      { keywords: "Oyelaran", keywordsType: "lastName" },
      "candidates by a last name nobody has",
    ),
    step("bm-004", "boond_candidates_get", { id: "1042" }, "one candidate by id"),
    step("bm-005", "boond_candidates_information", { id: "1042" }, "one candidate's information tab"),
    step("bm-006", "boond_candidates_get", { id: "999999" }, "a candidate id that does not exist"),
    step("bm-007", "boond_candidates_get", { id: "999999" }, "the same missing candidate again, unchanged"),
    step(
      "bm-008",
      "boond_candidates_get",
      { id: "1187" },
      "a candidate of another agency the account may not open",
    ),
    step(
      "bm-009",
      "boond_candidates_create",
      {
        firstName: "Noémie",
        lastName: "Fabre",
        email1: "noemie.fabre@mailbox.example",
        title: "Business analyst assurance",
        city: "Bordeaux",
        note: "Sourcée sur LinkedIn, disponible sous 2 mois",
      },
      "add a sourced candidate",
    ),
    step(
      "bm-010",
      "boond_candidates_create",
      { firstName: "Hugo", lastName: "Lambert", email1: "hugo.lambert@" },
      "add a candidate with a truncated e-mail address",
    ),
    step(
      "bm-011",
      "boond_absences_create",
      { resourceId: "57", typeOf: "Congés payés", startDate: "2027-02-19", endDate: "2027-02-15" },
      "an absence request that ends before it starts",
    ),
    step(
      "bm-012",
      "boond_absences_create",
      { resourceId: "57", typeOf: "Congés payés", startDate: "2026-12-28", endDate: "2026-12-30" },
      "an absence request over days already requested",
    ),
    step("bm-013", "boond_resources_absences_reports", { id: "57" }, "a consultant's absence requests"),
    step(
      "bm-014",
      "boond_resources_absences_reports",
      { id: "61" },
      "absence requests of a consultant who has made none",
    ),
    step(
      "bm-015",
      "boond_reporting_resources",
      {},
      "the resources report, an API this tenant has not activated",
    ),
    step(
      "bm-016",
      "boond_candidates_search",
      { keywords: "Moreau", keywordsType: "lastName" },
      "candidates after the client token was revoked",
      flag("revoked"),
    ),
    step("bm-017", "boond_resources_search", {}, "resources while the API answers 429", flag("rateLimited")),
    step(
      "bm-018",
      "boond_candidates_get",
      { id: "1057" },
      "a candidate while the API answers 500",
      flag("serverError"),
    ),
    step(
      "bm-019",
      "boond_candidates_search",
      { keywords: "Haddad", keywordsType: "lastName" },
      "candidates while Cloudflare answers an HTML 502",
      flag("badGateway"),
    ),
    step(
      "bm-020",
      "boond_resources_search",
      {},
      "resources while a maintenance page answers 503",
      flag("maintenance"),
    ),
    step(
      "bm-021",
      "boond_candidates_get",
      { id: "4417" },
      "a candidate the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "bm-022",
      "boond_candidates_get",
      { id: "1042" },
      "a candidate while BoondManager cannot be reached (stand-in stopped)",
      down(boondStandin),
    ),
    step("bm-023", "boond_candidates_archive", { id: "1057" }, "a tool the server does not have"),
    step(
      "bm-024",
      "boond_candidates_get",
      { id: "1311" },
      "a candidate the API answers with HTTP 200 and an error document",
    ),
    step(
      "bm-025",
      "boond_application_current_user",
      {},
      "the current user while the API answers data: null",
      flag("nullUser"),
    ),
    step(
      "bm-026",
      "boond_candidates_get",
      { id: "1099" },
      "a candidate whose skills and interview notes talk about 500 errors and exceptions",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [boond];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
