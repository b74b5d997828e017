// Group r28-c: legal, government and public records — the UK Companies House register (companies-house-mcp: company
// search, profiles, officers, ownership, charges, insolvency, filings, disqualified directors) and the European
// Parliament's open data on legislation (european-parliament-mcp-server: MEPs, legislative procedures, adopted texts,
// documents, questions, committees, speeches): each published MCP server behind a loopback stand-in that answers with
// the real service's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r28-c && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r28-c

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  CH_KEY,
  CH_PROXY_PORT,
  CO_MISSING,
  CO_NORTHWIND,
  CO_SLOW,
  CO_TESCO,
  DATA,
  EP_PROXY_PORT,
  MEP_METSOLA,
  MEP_MISSING,
  OFFICER_CLEAN,
  OFFICER_MURPHY,
  PROC_AI_ACT,
  PROC_SLOW,
  chProxy,
  clearTimers,
  ensureCertificate,
  epProxy,
  resetCounters,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "companies-house-mcp": "4.0.0",
  "european-parliament-mcp-server": "1.1.26",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

const proxied = (port: number) => ({
  HTTPS_PROXY: `http://127.0.0.1:${port}`,
  NODE_EXTRA_CA_CERTS: CERT,
  NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
  HOME,
});

// ---------------------------------------------------------------------------------- companies-house-mcp (stdio)

const companiesHouse: SessionSpec = {
  label: "r28-c-companies-house",
  server: "companies-house-mcp",
  transport: "stdio",
  start: stdioServer("r28-c-companies-house", "companies-house-mcp", {
    from: FROM,
    cwd: DATA,
    env: { ...proxied(CH_PROXY_PORT), COMPANIES_HOUSE_API_KEY: CH_KEY },
  }),
  steps: [
    step("ch-001", "search_companies", { query: "tesco", items_per_page: 3 }, "find a company by name"),
    step(
      "ch-002",
      "search_companies",
      { query: "zzqxv harbourside holdings" },
      "a name nothing on the register matches",
    ),
    step(
      "ch-003",
      "search_companies",
      { query: "northwind", company_status: "liquidation", sic_codes: "69102" },
      "advanced search: companies in liquidation with a legal-services SIC code",
    ),
    step("ch-004", "get_company_profile", { company_number: CO_TESCO }, "one company's profile"),
    step(
      "ch-005",
      "get_company_profile",
      { company_number: CO_MISSING },
      "a company number that is not on the register (404)",
    ),
    step(
      "ch-006",
      "get_company_profile",
      { company_number: CO_MISSING },
      "the same call again, number unchanged",
    ),
    step("ch-007", "get_officers", { company_number: CO_TESCO }, "the directors and secretary"),
    step("ch-008", "get_filings", { company_number: CO_TESCO, items_per_page: 5 }, "the five latest filings"),
    step("ch-009", "get_ownership", { company_number: CO_NORTHWIND }, "persons with significant control"),
    step("ch-010", "get_charges", { company_number: CO_NORTHWIND }, "registered charges (one outstanding)"),
    step("ch-011", "get_insolvency", { company_number: CO_NORTHWIND }, "a creditors' voluntary liquidation"),
    step(
      "ch-012",
      "get_insolvency",
      { company_number: CO_TESCO },
      "a company with no insolvency history (the API's 404 for the resource)",
    ),
    step("ch-013", "search_officers", { query: "kenneth murphy" }, "find an officer by name"),
    step("ch-014", "get_appointments", { officer_id: OFFICER_MURPHY }, "an officer's appointments"),
    step(
      "ch-015",
      "get_officer_disqualifications",
      { officer_id: OFFICER_CLEAN },
      "an officer with no disqualification (the API's 404)",
    ),
    step(
      "ch-016",
      "company_report",
      { company_number: CO_NORTHWIND },
      "the full report while the charges endpoint answers 500 (every attempt)",
      flag("chChargesError"),
    ),
    step(
      "ch-017",
      "search_companies",
      { query: "tesco", items_per_page: 500 },
      "a page size past the tool's maximum of 100",
    ),
    step(
      "ch-018",
      "get_charges",
      { company_number: CO_TESCO },
      "charges after the API key was revoked (401)",
      flag("chKeyRevoked"),
    ),
    step(
      "ch-019",
      "get_officers",
      { company_number: CO_NORTHWIND },
      "officers while the gateway in front of the API answers a 502 page (every attempt)",
      flag("chBadGateway"),
    ),
    step(
      "ch-020",
      "get_company_profile",
      { company_number: CO_SLOW },
      "a profile the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "ch-021",
      "search_officers",
      { query: "adaeze okafor" },
      "an officer search while Companies House cannot be reached",
      down(chProxy),
    ),
    step(
      "ch-022",
      "get_filings",
      { company_number: CO_NORTHWIND },
      "filings while the key's 600-per-5-minutes window is spent (429, reset in 212 s)",
      flag("chRateLimited"),
    ),
    step("ch-023", "get_psc_statements", { company_number: CO_TESCO }, "a tool the server does not have"),
  ],
};

// ----------------------------------------------------------------------- european-parliament-mcp-server (stdio)

const europeanParliament: SessionSpec = {
  label: "r28-c-european-parliament",
  server: "european-parliament-mcp-server",
  transport: "stdio",
  start: stdioServer("r28-c-european-parliament", "european-parliament-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: { ...proxied(EP_PROXY_PORT), EP_REQUEST_TIMEOUT_MS: "5000" },
  }),
  steps: [
    step("ep-001", "get_meps", { country: "SE", limit: 5 }, "Swedish MEPs"),
    step("ep-002", "get_current_meps", { limit: 3 }, "MEPs currently in office"),
    step("ep-003", "get_mep_details", { id: `MEP-${MEP_METSOLA}` }, "one MEP's details and memberships"),
    step("ep-004", "get_mep_details", { id: MEP_MISSING }, "an MEP id that does not exist (404)"),
    step("ep-005", "get_mep_details", { id: MEP_MISSING }, "the same call again, id unchanged"),
    step("ep-006", "get_procedures", { year: 2024, limit: 3 }, "legislative procedures opened in 2024"),
    step("ep-007", "get_procedures", { processId: PROC_AI_ACT }, "one procedure: the AI Act"),
    step("ep-008", "get_procedure_events", { processId: PROC_AI_ACT }, "the AI Act's procedure events"),
    step("ep-009", "get_adopted_texts", { year: 2024, limit: 2 }, "texts adopted in 2024"),
    step(
      "ep-010",
      "search_documents",
      { keyword: "artificial intelligence", limit: 5 },
      "documents mentioning artificial intelligence",
    ),
    step("ep-011", "search_documents", { keyword: "xyzzy quorum" }, "a keyword no document has (204)"),
    step(
      "ep-012",
      "get_parliamentary_questions",
      { type: "WRITTEN", limit: 1 },
      "the latest written question",
    ),
    step("ep-013", "get_committee_info", { abbreviation: "LIBE" }, "the civil liberties committee"),
    step("ep-014", "get_speeches", { year: 2026, limit: 1 }, "plenary speeches this year"),
    step(
      "ep-015",
      "get_events",
      { dateFrom: "2026-12-24", dateTo: "2026-12-26" },
      "events over Christmas: none",
    ),
    step("ep-016", "get_meps_feed", { timeframe: "one-week" }, "MEP records updated this week"),
    step(
      "ep-017",
      "get_all_generated_stats",
      { yearFrom: 2024, yearTo: 2025, category: "adopted_texts" },
      "the server's precomputed statistics (no API call)",
    ),
    step("ep-018", "get_meps", { country: "Sweden" }, "a country given by name, not its two-letter code"),
    step(
      "ep-019",
      "get_plenary_sessions",
      { year: 2026, limit: 2 },
      "plenary sittings while the API answers 429 (every attempt)",
      flag("epRateLimited"),
    ),
    step(
      "ep-020",
      "get_current_meps",
      { limit: 50, offset: 50 },
      "MEPs while the portal's proxy answers a 502 page (every attempt)",
      flag("epBadGateway"),
    ),
    step(
      "ep-021",
      "get_adopted_texts",
      { year: 2025 },
      "adopted texts while the API answers 500 (every attempt)",
      flag("epServerError"),
    ),
    step(
      "ep-022",
      "get_procedures",
      { processId: PROC_SLOW },
      "a procedure the API takes 15 s for; the server gives up at 5 s",
    ),
    step(
      "ep-023",
      "get_speeches",
      { year: 2025, limit: 5 },
      "speeches while the portal cannot be reached",
      down(epProxy),
    ),
    step("ep-024", "get_mep_votes", { mepId: MEP_METSOLA }, "a tool the server does not have"),
  ],
};

export const SESSIONS: SessionSpec[] = [companiesHouse, europeanParliament];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  resetCounters();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
