// Group r34-c: an SEO data API (Serpstat, JSON-RPC over HTTP), a kind the fixture README's server table lacks. No URL
// shortener, QR, link-preview or screenshot server installs from this round's registry mirror (README.md).
//
//   (cd scripts/server-corpus/groups/r34-c && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r34-c

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  DATA,
  SERPSTAT_PORT,
  TOKEN,
  WRONG_TOKEN,
  clearTimers,
  resetCounters,
  seen,
  serpstat,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@serpstat/serpstat-mcp-server": "1.1.5",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

const env = (token: string) => ({
  HOME,
  SERPSTAT_API_TOKEN: token,
  SERPSTAT_API_URL: `http://127.0.0.1:${SERPSTAT_PORT}/v4`,
});

const start = (label: string, token: string) =>
  stdioServer(label, "@serpstat/serpstat-mcp-server", { from: FROM, cwd: DATA, env: env(token) });

const sst: SessionSpec = {
  label: "r34-c-serpstat",
  server: "@serpstat/serpstat-mcp-server",
  transport: "stdio",
  start: start("r34-c-serpstat", TOKEN),
  steps: [
    step(
      "sst-001",
      "get_domains_info",
      { domains: ["nike.com", "adidas.com"], se: "g_us" },
      "two domains' summaries",
    ),
    step("sst-002", "get_domain_competitors", { domain: "nike.com", se: "g_us" }, "a domain's competitors"),
    step("sst-003", "get_domain_keywords", { domain: "nike.com", se: "g_us" }, "a domain's keywords"),
    step("sst-004", "get_backlinks_summary", { query: "nike.com" }, "a domain's backlink summary"),
    step("sst-005", "get_credits_stats", {}, "the account's API credits"),
    step("sst-006", "get_market_categories", {}, "the market categories"),
    step("sst-007", "list_projects", {}, "the account's projects (none)"),
    step(
      "sst-008",
      "get_domain_keywords",
      { domain: "zq-no-such-shop-4471.example", se: "g_us" },
      "keywords of a domain Serpstat has no data for (data [])",
    ),
    step(
      "sst-009",
      "get_domain_competitors",
      { domain: "zq-no-such-shop-4471.example", se: "g_us" },
      "competitors of a domain Serpstat has no data for (data [])",
    ),
    step(
      "sst-010",
      "get_domains_info",
      { domains: ["adidas.com"], se: "g_uk" },
      "one domain in another database",
    ),
    step("sst-011", "get_domains_info", { domains: ["nike.com"], se: "g_us" }, "one domain's summary"),
    step(
      "sst-012",
      "get_domains_info",
      { domains: ["nike.com"], se: "us" },
      "an unknown search engine code (the tool's schema)",
    ),
    step(
      "sst-013",
      "get_domain_keywords",
      { se: "g_us" },
      "domain keywords without the domain (the tool's schema)",
    ),
    step(
      "sst-014",
      "get_domain_keywords",
      { domain: "adidas.com", se: "g_us" },
      "a call while Serpstat answers 429 with Retry-After",
      flag("rateLimited"),
    ),
    step(
      "sst-015",
      "get_backlinks_summary",
      { query: "adidas.com" },
      "a call after the account's API credits ran out",
      flag("noCredits"),
    ),
    step(
      "sst-016",
      "get_backlinks_summary",
      { query: "adidas.com" },
      "the same call again, credits still used up",
      flag("noCredits"),
    ),
    step(
      "sst-017",
      "get_domain_competitors",
      { domain: "adidas.com", se: "g_us" },
      "a method the plan does not include",
      flag("noAccess"),
    ),
    step(
      "sst-018",
      "get_domains_info",
      { domains: ["puma.com"], se: "g_us" },
      "a call while Serpstat answers nginx's 500 page (the server retries twice)",
      flag("serverError"),
    ),
    step(
      "sst-019",
      "get_domains_info",
      { domains: ["reebok.com"], se: "g_us" },
      "a call while a gateway answers a 502 page",
      flag("badGateway"),
    ),
    step(
      "sst-020",
      "get_domain_keywords",
      { domain: "asics.com", se: "g_us" },
      "an answer 15 s late; the client waits 3 s",
      flag("slow", { timeoutMs: 3000 }),
    ),
    step(
      "sst-021",
      "get_credits_stats",
      {},
      "the credits while Serpstat is unreachable (connection refused)",
      down(serpstat),
    ),
    step("sst-022", "get_domain_traffic_history", { domain: "nike.com" }, "a tool the server does not have"),
  ],
};

const sstWrongToken: SessionSpec = {
  label: "r34-c-serpstat-wrong-token",
  server: "@serpstat/serpstat-mcp-server",
  transport: "stdio",
  start: start("r34-c-serpstat-wrong-token", WRONG_TOKEN),
  steps: [
    step("sst-023", "get_credits_stats", {}, "the credits with a mistyped API token"),
    step("sst-024", "get_credits_stats", {}, "the same call again, token unchanged"),
  ],
};

export const SESSIONS: SessionSpec[] = [sst, sstWrongToken];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  resetCounters();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
