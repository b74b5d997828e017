// Group r31-b: job boards — Adzuna's job-search API (adzuna-mcp: one search_jobs tool over UK listings), the
// published MCP server behind a loopback stand-in that answers with the real service's bodies and error bodies
// (standins.ts). ashby-mcp 1.7.3 was captured here too and then dropped: round XIII (group r13-b) already has it.
//
//   (cd scripts/server-corpus/groups/r31-b && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r31-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ADZUNA_APP_ID,
  ADZUNA_APP_KEY,
  ADZUNA_PROXY_PORT,
  ADZUNA_SLOW_QUERY,
  ALL_STANDINS,
  CERT,
  DATA,
  adzunaStandin,
  clearTimers,
  ensureCertificate,
  resetCounters,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "adzuna-mcp": "0.1.0",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

// The server calls Node 20's built-in fetch against a host written into it; the preload makes undici's ProxyAgent the
// global dispatcher so the call reaches the group's forward proxy (proxy-preload.mjs).
const proxied = (port: number) => ({
  HOME,
  HTTPS_PROXY: `http://127.0.0.1:${port}`,
  NODE_EXTRA_CA_CERTS: CERT,
  NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
});

// ------------------------------------------------------------------------------------------------ adzuna-mcp (stdio)

const adzuna: SessionSpec = {
  label: "r31-b-adzuna",
  server: "adzuna-mcp",
  transport: "stdio",
  start: stdioServer("r31-b-adzuna", "adzuna-mcp", {
    from: FROM,
    cwd: DATA,
    env: { ...proxied(ADZUNA_PROXY_PORT), ADZUNA_APP_ID, ADZUNA_APP_KEY },
  }),
  steps: [
    step(
      "adz-001",
      "search_jobs",
      { keywords: "data engineer", location: "London" },
      "data engineer jobs in London",
    ),
    step(
      "adz-002",
      "search_jobs",
      { keywords: "zzqxv quorum wrangler", location: "London" },
      "keywords no job has (count 0, results [])",
    ),
    step(
      "adz-003",
      "search_jobs",
      { category: "it-jobs", location: "Manchester", distance: 15, sortBy: "date" },
      "IT jobs within 15 km of Manchester, newest first",
    ),
    step("adz-004", "search_jobs", { company: "Monzo" }, "one employer's listings"),
    step(
      "adz-005",
      "search_jobs",
      {
        keywordsPhrase: "data engineer",
        location: "London",
        minimumSalary: 60000,
        permanent: true,
        resultsPerPage: 3,
      },
      "an exact phrase with a salary floor, permanent roles only",
    ),
    step(
      "adz-006",
      "search_jobs",
      { keywords: "data engineer", location: "London", page: 700 },
      "a page past the last one (count kept, results [])",
    ),
    step(
      "adz-007",
      "search_jobs",
      { titleOnly: "staff nurse", maxDaysOld: 7, fullTime: true },
      "nursing jobs by title posted in the last week",
    ),
    step(
      "adz-008",
      "search_jobs",
      { keywords: "ice road trucker", location: "Lerwick", maxDaysOld: 1 },
      "a search in a small town that finds nothing today",
    ),
    step(
      "adz-009",
      "search_jobs",
      { keywords: "data engineer", location: "London", page: 2 },
      "the second page of the London search",
    ),
    step(
      "adz-010",
      "search_jobs",
      { keywordsAll: "python airflow", excludeKeywords: "contract", location: "London" },
      "all of two terms, excluding contract roles",
    ),
    step(
      "adz-011",
      "search_jobs",
      { keywords: "nurse", location: "Leeds", sortBy: "salary", sortDirection: "down" },
      "nursing jobs in Leeds, best paid first",
    ),
    step(
      "adz-012",
      "search_jobs",
      { keywordsAny: "sre devops", location: "Manchester", partTime: false },
      "any of two terms near Manchester",
    ),
    step(
      "adz-013",
      "search_jobs",
      { minimumSalary: 50000 },
      "a salary floor alone (the tool wants a keyword or place)",
    ),
    step(
      "adz-014",
      "search_jobs",
      { category: "it_jobs", location: "Leeds" },
      "a category tag Adzuna does not have (it_jobs for it-jobs; 400)",
    ),
    step(
      "adz-015",
      "search_jobs",
      { keywords: "platform engineer", location: "Bristol" },
      "a search after the app key was regenerated (401 AUTH_FAIL)",
      flag("adzKeyRevoked"),
    ),
    step(
      "adz-016",
      "search_jobs",
      { keywords: "platform engineer", location: "Bristol" },
      "the same call again, key still revoked",
      flag("adzKeyRevoked"),
    ),
    step(
      "adz-017",
      "search_jobs",
      { keywords: "data engineer", location: "London" },
      "a search over the per-minute limit (429, Retry-After 60)",
      flag("adzRateLimited"),
    ),
    step(
      "adz-018",
      "search_jobs",
      { keywords: "nurse", location: "Leeds" },
      "a search past the free tier's daily calls (429, no Retry-After)",
      flag("adzDailyQuota"),
    ),
    step(
      "adz-019",
      "search_jobs",
      { category: "it-jobs", location: "Manchester" },
      "a search while Adzuna answers 500",
      flag("adzServerError"),
    ),
    step(
      "adz-020",
      "search_jobs",
      { company: "Monzo" },
      "a search while nginx in front of the API answers its 502 page",
      flag("adzBadGateway"),
    ),
    step(
      "adz-021",
      "search_jobs",
      { keywords: "data engineer", location: "London" },
      "a search answered 200 with an HTML maintenance page",
      flag("adzMaintenance"),
    ),
    step(
      "adz-022",
      "search_jobs",
      { keywords: ADZUNA_SLOW_QUERY, location: "Cornwall" },
      "a search Adzuna takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "adz-023",
      "search_jobs",
      { keywords: "data engineer", location: "London" },
      "a search while the way to Adzuna is down (the proxy refuses connections)",
      down(adzunaStandin),
    ),
    step("adz-024", "get_salary_histogram", { keywords: "data engineer" }, "a tool the server does not have"),
  ],
};

export const SESSIONS: SessionSpec[] = [adzuna];

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
