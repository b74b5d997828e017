// Group r40-b: web and product analytics — search analytics from Google Search Console and Bing Webmaster Tools
// through search-console-mcp (one server over both engines, answering each engine apart), and saved product-analytics
// questions, dashboards and SQL through @getnao/metabase-mcp-server (Metabase's REST API). The kind asked for (Mixpanel,
// Plausible, Umami, Matomo, Fathom, Heap, Pirsch, Simple Analytics) had no installable server on this machine's
// registry; README.md says which were tried. Both published servers run behind loopback stand-ins (standins.ts).
//
//   (cd scripts/server-corpus/groups/r40-b && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r40-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  BING_API_KEY,
  CERT,
  DATA,
  METABASE_API_KEY,
  METABASE_PORT,
  SEARCH_PROXY_PORT,
  SERVICE_ACCOUNT_EMAIL,
  SERVICE_ACCOUNT_KEY,
  clearTimers,
  ensureCertificate,
  metabaseApi,
  searchProxy,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "search-console-mcp": "2.1.3",
  "@getnao/metabase-mcp-server": "1.2.4",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const SITE = "sc-domain:northwind-outdoors.com";
const BING_SITE = "https://northwind-outdoors.com/";

const searchConsole: SessionSpec = {
  label: "r40-b-search-console",
  server: "search-console-mcp",
  transport: "stdio",
  start: stdioServer("r40-b-search-console", "search-console-mcp", {
    from: FROM,
    cwd: DATA,
    // Node 20's fetch ignores HTTPS_PROXY; the preload routes it (and googleapis' gaxios, which uses it) through the
    // stand-in proxy. A service account by the server's documented env variables, and a Bing API key.
    env: {
      HOME,
      HTTPS_PROXY: `http://127.0.0.1:${SEARCH_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
      GOOGLE_CLIENT_EMAIL: SERVICE_ACCOUNT_EMAIL,
      GOOGLE_PRIVATE_KEY: SERVICE_ACCOUNT_KEY,
      BING_API_KEY,
    },
  }),
  steps: [
    step("sc-001", "sites_list", {}, "properties on both engines (the default engine 'all')"),
    step("sc-002", "sites_list", { engine: "bing" }, "Bing Webmaster sites only"),
    step(
      "sc-003",
      "analytics_query",
      {
        siteUrl: SITE,
        engine: "google",
        dimensions: ["query"],
        startDate: "2026-11-01",
        endDate: "2026-11-28",
      },
      "top queries from Search Console for a domain property",
    ),
    step(
      "sc-004",
      "analytics_query",
      { siteUrl: BING_SITE, engine: "bing" },
      "Bing query stats for a verified site",
    ),
    step(
      "sc-005",
      "analytics_query",
      { siteUrl: "https://blog.northwind-outdoors.com/", engine: "bing" },
      "Bing query stats for a verified site that has none",
    ),
    step(
      "sc-006",
      "analytics_query",
      { siteUrl: SITE, dimensions: ["page"], startDate: "2026-11-01", endDate: "2026-11-28" },
      "both engines: Google answers, Bing refuses the sc-domain: property (NotAuthorized)",
    ),
    step(
      "sc-007",
      "analytics_query",
      {
        siteUrl: SITE,
        engine: "google",
        dimensions: ["query"],
        startDate: "2024-06-01",
        endDate: "2024-06-28",
      },
      "a window before the property had data: Search Console answers without rows",
    ),
    step(
      "sc-008",
      "analytics_query",
      {
        siteUrl: "https://shop.northwind-outdoors.com/",
        engine: "google",
        startDate: "2026-11-01",
        endDate: "2026-11-28",
      },
      "a property the service account is not verified for: 403 PERMISSION_DENIED",
    ),
    step(
      "sc-009",
      "analytics_query",
      {
        siteUrl: "https://shop.northwind-outdoors.com/",
        engine: "google",
        startDate: "2026-11-01",
        endDate: "2026-11-28",
      },
      "the same call again, unchanged",
    ),
    step(
      "sc-010",
      "analytics_query",
      {
        siteUrl: SITE,
        engine: "google",
        dimensions: ["keyword"],
        startDate: "2026-11-01",
        endDate: "2026-11-28",
      },
      "a dimension Search Console does not have: 400 INVALID_ARGUMENT",
    ),
    step(
      "sc-011",
      "sitemaps_list",
      { siteUrl: SITE, engine: "google" },
      "sitemaps submitted to Search Console",
    ),
    step("sc-012", "sitemaps_list", { siteUrl: BING_SITE, engine: "bing" }, "sitemaps (feeds) known to Bing"),
    step(
      "sc-013",
      "analytics_query",
      {
        siteUrl: SITE,
        engine: "google",
        dimensions: ["country"],
        startDate: "2026-11-01",
        endDate: "2026-11-28",
      },
      "the token endpoint refuses the service account's JWT: invalid_grant",
      flag("googleInvalidGrant"),
    ),
    step(
      "sc-014",
      "sitemaps_list",
      { siteUrl: BING_SITE, engine: "bing" },
      "Bing answers ErrorCode 3 InvalidApiKey",
      flag("bingInvalidKey"),
    ),
    step(
      "sc-015",
      "analytics_query",
      {
        siteUrl: SITE,
        engine: "google",
        dimensions: ["device"],
        startDate: "2026-11-01",
        endDate: "2026-11-28",
      },
      "Search Console answers 429 RESOURCE_EXHAUSTED (load quota)",
      flag("googleRateLimited"),
    ),
    step(
      "sc-016",
      "analytics_query",
      {
        siteUrl: SITE,
        engine: "google",
        dimensions: ["date"],
        startDate: "2026-11-01",
        endDate: "2026-11-28",
      },
      "Search Console answers 500 INTERNAL",
      flag("googleServerError"),
    ),
    step(
      "sc-017",
      "analytics_query",
      { siteUrl: BING_SITE, engine: "bing", startDate: "2026-11-01" },
      "Bing answers 503 with IIS's 'Service Unavailable' HTML page",
      flag("bingUnavailable"),
    ),
    step(
      "sc-018",
      "sites_list",
      { engine: "bing" },
      "Bing answers ErrorCode 4 ThrottleUser",
      flag("bingThrottled"),
    ),
    step(
      "sc-019",
      "analytics_query",
      {
        siteUrl: SITE,
        engine: "google",
        dimensions: ["searchAppearance"],
        startDate: "2026-11-01",
        endDate: "2026-11-28",
      },
      "Search Console answers 15 s late; the client waits 4 s",
      flag("googleSlow", { timeoutMs: 4000 }),
    ),
    step(
      "sc-020",
      "sites_list",
      {},
      "both engines unreachable (the proxy refuses connections)",
      down(searchProxy),
    ),
    step("sc-021", "sites_list", {}, "sc-020's call once the engines are back"),
    step("sc-022", "analytics_query", { engine: "google", dimensions: ["query"] }, "no siteUrl at all"),
    step("sc-023", "sitemaps_list", { siteUrl: SITE, engine: "yandex" }, "an engine outside the tool's enum"),
    step(
      "sc-024",
      "accounts_manage",
      { action: "add_site", accountId: "google_ops_at_northwind", siteUrl: BING_SITE },
      "an account id that is not configured",
    ),
    step("sc-025", "search_analytics", { siteUrl: SITE }, "a tool name the server does not have"),
  ],
};

const metabaseSession: SessionSpec = {
  label: "r40-b-metabase",
  server: "@getnao/metabase-mcp-server",
  transport: "stdio",
  start: stdioServer("r40-b-metabase", "@getnao/metabase-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: { HOME, METABASE_URL: `http://127.0.0.1:${METABASE_PORT}`, METABASE_API_KEY },
  }),
  steps: [
    step("mb-001", "metabase-list-questions", {}, "every saved question"),
    step("mb-002", "metabase-list-questions", { collectionId: 7 }, "questions in one collection"),
    step("mb-003", "metabase-get-question", { questionId: 12 }, "one saved question's details"),
    step("mb-004", "metabase-execute-question", { questionId: 12 }, "run the weekly-active-users question"),
    step("mb-005", "metabase-execute-question", { questionId: 23 }, "a question whose query returns no rows"),
    step(
      "mb-006",
      "metabase-execute-question",
      { questionId: 17 },
      "a question whose SQL fails in the warehouse: 202 with status 'failed'",
    ),
    step("mb-007", "metabase-get-question", { questionId: 404 }, "a question id that does not exist: 404"),
    step("mb-008", "metabase-get-question", { questionId: 404 }, "the same call again, unchanged"),
    step("mb-009", "metabase-list-dashboards", {}, "every dashboard"),
    step("mb-010", "metabase-get-dashboard", { dashboardId: 3 }, "one dashboard with its cards"),
    step(
      "mb-011",
      "metabase-execute-native-query",
      { databaseId: 2, query: "select count(*) from sessions where started_at > now() - interval '7 days'" },
      "a native SQL count",
    ),
    step(
      "mb-012",
      "metabase-execute-native-query",
      { databaseId: 2, query: "select user_id from sessions where 1 = 0" },
      "a native query that matches nothing",
    ),
    step(
      "mb-013",
      "metabase-execute-native-query",
      { databaseId: 2, query: "select user_id form sessions" },
      "a SQL syntax error: 202 with status 'failed'",
    ),
    step("mb-014", "metabase-search-metabase", { query: "retention" }, "search for a question by name"),
    step("mb-015", "metabase-search-metabase", { query: "churn forecast" }, "a search that finds nothing"),
    step("mb-016", "metabase-get-current-user", {}, "who the API key belongs to"),
    step("mb-017", "metabase-get-question", { questionId: "12" }, "the id as a string"),
    step("mb-018", "metabase-execute-native-query", { databaseId: 2 }, "no query argument"),
    step(
      "mb-019",
      "metabase-list-questions",
      {},
      "the API key revoked: 401 'Unauthenticated'",
      flag("mbUnauthenticated"),
    ),
    step(
      "mb-020",
      "metabase-list-dashboards",
      {},
      "Metabase answers 500 (its application database pool timed out)",
      flag("mbServerError"),
    ),
    step(
      "mb-021",
      "metabase-get-dashboard",
      { dashboardId: 3 },
      "the reverse proxy in front answers 502 (nginx HTML)",
      flag("mbBadGateway"),
    ),
    step(
      "mb-022",
      "metabase-list-questions",
      { collectionId: 4 },
      "Metabase answers 15 s late; the client waits 4 s",
      flag("mbSlow", { timeoutMs: 4000 }),
    ),
    step(
      "mb-023",
      "metabase-list-databases",
      {},
      "Metabase unreachable (connection refused)",
      down(metabaseApi),
    ),
    step("mb-024", "metabase-list-databases", {}, "mb-023's call once Metabase is back"),
    step("mb-025", "metabase-delete-question", { questionId: 12 }, "a tool the server does not have"),
  ],
};

export const SESSIONS: SessionSpec[] = [searchConsole, metabaseSession];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  // search-console-mcp checks npm for a newer version once a day and caches the answer in HOME; a fresh cache keeps
  // that check off the wire (the proxy would answer it too).
  fs.writeFileSync(
    path.join(HOME, ".search-console-mcp-update-cache.json"),
    JSON.stringify({ lastCheck: Date.now(), latestVersion: "2.1.3" }),
  );
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
