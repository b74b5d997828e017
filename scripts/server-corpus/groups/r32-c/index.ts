// Group r32-c: self-hosted wikis — Wiki.js 2.5 (its GraphQL API) through two published MCP servers from different
// authors: wikijs-mcp (Ricardo Cenci Fabris; read-only, run over Streamable HTTP) and mcp-wikijs (javier666; read and
// write, over stdio). Each is pointed at a loopback stand-in of Wiki.js that answers with Wiki.js's own bodies and error
// bodies, nginx in front (standins.ts). No Outline, BookStack, MediaWiki, DokuWiki, XWiki, GitBook or Docmost MCP server
// installs from this machine's npm mirror; README.md lists what was looked up.
//
//   (cd scripts/server-corpus/groups/r32-c && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r32-c

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  DATA,
  KEY_EXPIRED,
  KEY_FULL,
  KEY_REVOKED,
  LOGIN_USER,
  MCP_HTTP_PORT,
  WIKI_A_PORT,
  WIKI_B_PORT,
  clearTimers,
  hits,
  resetState,
  state,
  unknownRequests,
  wikiA,
  wikiB,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "wikijs-mcp": "1.1.0",
  "mcp-wikijs": "0.1.0",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

// ------------------------------------------------------------------------------- wikijs-mcp (Streamable HTTP)

const wikijsMcp = (label: string, key: string) =>
  httpServer(label, "wikijs-mcp", {
    from: FROM,
    port: MCP_HTTP_PORT,
    env: {
      WIKIJS_URL: `http://127.0.0.1:${WIKI_A_PORT}`,
      WIKIJS_API_KEY: key,
      TRANSPORT_METHOD: "streamable-http",
      TRANSPORT_OPTIONS_PORT: String(MCP_HTTP_PORT),
      TRANSPORT_OPTIONS_HOST: "127.0.0.1",
      HOME,
    },
  });

const wjs: SessionSpec = {
  label: "r32-c-wikijs-mcp",
  server: "wikijs-mcp",
  transport: "http",
  start: wikijsMcp("r32-c-wikijs-mcp", KEY_FULL),
  steps: [
    step("wjs-001", "search_pages", { query: "vpn" }, "pages about the VPN"),
    step(
      "wjs-002",
      "search_pages",
      { query: "vpn", path: "it/network", locale: "en" },
      "VPN pages under it/network in English",
    ),
    step("wjs-003", "search_pages", { query: "kubernetes upgrade" }, "a search that matches no page"),
    step("wjs-004", "search_pages", { query: "backup" }, "pages about backups"),
    step(
      "wjs-005",
      "search_pages",
      { query: "vpn", locale: "fr" },
      "VPN pages in French (the wiki has none)",
    ),
    step("wjs-006", "get_all_pages", {}, "every page the key may read"),
    step("wjs-007", "get_page_by_id", { id: 12 }, "the VPN setup page by id"),
    step(
      "wjs-008",
      "get_page_by_id",
      { id: 404 },
      "a page id that does not exist ('This page does not exist.')",
    ),
    step("wjs-009", "get_page_by_id", { id: 404 }, "the same call again, id unchanged"),
    step("wjs-010", "get_page_by_id", { id: 40 }, "the PostgreSQL failover runbook by id"),
    step(
      "wjs-011",
      "get_page_by_path",
      { path: "it/network/vpn-setup", locale: "en" },
      "the VPN setup page by path and locale",
    ),
    step(
      "wjs-012",
      "get_page_by_path",
      { path: "hr/onboarding", locale: "de" },
      "the German onboarding checklist",
    ),
    step(
      "wjs-013",
      "get_page_by_path",
      { path: "it/backup/restic-restore", locale: "en" },
      "the restic restore page by path",
    ),
    step(
      "wjs-014",
      "get_page_by_id",
      { id: 2147483648 },
      "an id beyond GraphQL's 32-bit Int (Wiki.js answers 400)",
    ),
    step(
      "wjs-015",
      "get_page_by_path",
      { path: "hr/payroll/2026-salary-bands", locale: "en" },
      "a page whose page rules deny the key's group ('You are not authorized to view this page.')",
    ),
    step("wjs-016", "get_page_by_id", { id: 21 }, "the English onboarding checklist by id"),
    step(
      "wjs-017",
      "search_pages",
      { query: "backup" },
      "a search while nginx rate-limits the caller (429, Retry-After 60)",
      flag("rateLimited"),
    ),
    step(
      "wjs-018",
      "get_all_pages",
      {},
      "every page while Wiki.js's database pool is exhausted (GraphQL 200 with a Knex timeout error)",
      flag("dbPoolTimeout"),
    ),
    step(
      "wjs-019",
      "get_page_by_path",
      { path: "ops/runbooks/db-failover", locale: "en" },
      "a page while nginx answers its 502 page (Wiki.js restarting)",
      flag("badGateway"),
    ),
    step(
      "wjs-020",
      "search_pages",
      { query: "kubernetes drain" },
      "a search Wiki.js takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("wjs-021", "get_all_pages", {}, "every page while Wiki.js cannot be reached", down(wikiA)),
    step(
      "wjs-022",
      "create_page",
      { path: "it/network/wireguard", title: "WireGuard" },
      "a tool the server does not have",
    ),
    step("wjs-023", "search_pages", { query: "firewall" }, "the firewall rules page, after the outage"),
  ],
};

const wjsRevoked: SessionSpec = {
  label: "r32-c-wikijs-mcp-revoked",
  server: "wikijs-mcp",
  transport: "http",
  start: wikijsMcp("r32-c-wikijs-mcp-revoked", KEY_REVOKED),
  steps: [
    step(
      "wjs-024",
      "get_all_pages",
      {},
      "every page with an API key an administrator revoked (500 'API Key is invalid or was revoked.')",
    ),
  ],
};

const wjsExpired: SessionSpec = {
  label: "r32-c-wikijs-mcp-expired",
  server: "wikijs-mcp",
  transport: "http",
  start: wikijsMcp("r32-c-wikijs-mcp-expired", KEY_EXPIRED),
  steps: [
    step(
      "wjs-025",
      "get_page_by_id",
      { id: 12 },
      "a page with an API key past its expiration date (Wiki.js serves it as the Guest user)",
    ),
  ],
};

// ----------------------------------------------------------------------------------------- mcp-wikijs (stdio)

const mcpWikijs = (label: string, env: Record<string, string>) =>
  stdioServer(label, "mcp-wikijs", {
    from: FROM,
    cwd: DATA,
    env: { WIKIJS_BASE_URL: `http://127.0.0.1:${WIKI_B_PORT}`, WIKIJS_TIMEOUT_MS: "5000", HOME, ...env },
  });

const mwj: SessionSpec = {
  label: "r32-c-mcp-wikijs",
  server: "mcp-wikijs",
  transport: "stdio",
  start: mcpWikijs("r32-c-mcp-wikijs", { WIKIJS_API_TOKEN: KEY_FULL }),
  steps: [
    step("mwj-001", "wikijs_search_pages", { query: "backup" }, "pages about backups"),
    step(
      "mwj-002",
      "wikijs_search_pages",
      { tags: ["runbook"], limit: 10 },
      "pages tagged runbook (list mode)",
    ),
    step(
      "mwj-003",
      "wikijs_search_pages",
      { query: "sharepoint migration" },
      "a search that matches no page",
    ),
    step(
      "mwj-004",
      "wikijs_search_pages",
      { path: "it/network" },
      "pages under it/network (list mode, filtered)",
    ),
    step(
      "mwj-005",
      "wikijs_search_pages",
      { tags: ["legacy", "runbook"] },
      "pages tagged both legacy and runbook (none)",
    ),
    step("mwj-006", "wikijs_get_page", { id: 12 }, "the VPN setup page by id"),
    step(
      "mwj-007",
      "wikijs_get_page",
      { path: "it/network/vpn-setup", locale: "en" },
      "the VPN setup page by path and locale",
    ),
    step("mwj-008", "wikijs_get_page", { id: 40 }, "the PostgreSQL failover runbook by id"),
    step(
      "mwj-009",
      "wikijs_get_page",
      { path: "hr/onboarding", locale: "de" },
      "the German onboarding checklist",
    ),
    step(
      "mwj-010",
      "wikijs_get_page",
      { path: "it/network/vpn-setp", locale: "en" },
      "a path with a typo ('This page does not exist.')",
    ),
    step(
      "mwj-011",
      "wikijs_get_page",
      { path: "it/network/vpn-setp", locale: "en" },
      "the same call again, path unchanged",
    ),
    step(
      "mwj-012",
      "wikijs_get_page",
      { path: "/it/network/" },
      "a path without a locale (the server's own refine)",
    ),
    step(
      "mwj-013",
      "wikijs_create_page",
      {
        path: "it/network/wireguard-rollout",
        title: "WireGuard rollout plan",
        content: "# WireGuard rollout plan\n\nPhase 1: IT staff. Phase 2: finance. Phase 3: everyone else.\n",
        tags: ["vpn", "network"],
      },
      "a new page",
    ),
    step(
      "mwj-014",
      "wikijs_update_page",
      { id: 12, tags: ["vpn", "network", "onboarding", "wireguard"] },
      "a tag added to the VPN setup page",
    ),
    step(
      "mwj-015",
      "wikijs_update_page",
      {
        path: "it/backup/nightly-jobs",
        locale: "en",
        description: "Which hosts are backed up when (fs01, db01)",
      },
      "a page's description changed, found by path",
    ),
    step(
      "mwj-016",
      "wikijs_delete_page",
      { path: "it/network/wireguard-rollout", locale: "en" },
      "the page created above, deleted",
    ),
    step(
      "mwj-017",
      "wikijs_delete_page",
      { id: 57 },
      "an archived page page rules forbid deleting (responseResult PageDeleteForbidden)",
    ),
    step(
      "mwj-018",
      "wikijs_search_pages",
      { query: "restore" },
      "a search while nginx rate-limits the caller (429, Retry-After 60)",
      flag("rateLimited"),
    ),
    step(
      "mwj-019",
      "wikijs_get_page",
      { id: 15 },
      "a page while an administrator has switched the API off (500 'API is disabled…')",
      flag("apiDisabled"),
    ),
    step(
      "mwj-020",
      "wikijs_get_page",
      { id: 40 },
      "a page while nginx answers its 502 page",
      flag("badGateway"),
    ),
    step(
      "mwj-021",
      "wikijs_search_pages",
      { query: "disaster recovery" },
      "a search Wiki.js takes 15 s for; the server gives up after its WIKIJS_TIMEOUT_MS of 5 s",
    ),
    step("mwj-022", "wikijs_get_page", { id: 14 }, "a page Wiki.js takes 15 s for; the client waits 3 s", {
      timeoutMs: 3000,
    }),
    step(
      "mwj-023",
      "wikijs_search_pages",
      { query: "firewall" },
      "a search while Wiki.js cannot be reached",
      down(wikiB),
    ),
    step("mwj-024", "wikijs_list_tags", {}, "a tool the server does not have"),
  ],
};

const mwjLogin: SessionSpec = {
  label: "r32-c-mcp-wikijs-login",
  server: "mcp-wikijs",
  transport: "stdio",
  start: mcpWikijs("r32-c-mcp-wikijs-login", {
    WIKIJS_USERNAME: LOGIN_USER,
    WIKIJS_PASSWORD: "Spring2026!rotated",
  }),
  steps: [
    step(
      "mwj-025",
      "wikijs_search_pages",
      { query: "backup" },
      "a search by a server configured with a password changed since (login: AuthLoginFailed)",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [wjs, wjsRevoked, wjsExpired, mwj, mwjLogin];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  resetState();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
    console.error(`requests by stand-in: ${JSON.stringify(hits)}`);
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
