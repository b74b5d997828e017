// Group r29-b: product and search analytics — PostHog's product analytics (posthog-mcp-server: events, persons,
// dashboards, insights, feature flags, cohorts, experiments, actions) and Google Search Console's search analytics
// (mcp-server-gsc: search performance, quick wins, URL inspection, sitemaps): each published MCP server behind a
// loopback stand-in that answers with the real service's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r29-b && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r29-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  GOOGLE_PROXY_PORT,
  GSC_KEY_FILE,
  PAGE_INDEXED,
  PAGE_UNKNOWN,
  PH_DASHBOARD,
  PH_DASHBOARD_MISSING,
  PH_EXPERIMENT,
  PH_INSIGHT,
  PH_INSIGHT_SLOW,
  PH_KEY,
  PH_PERSON,
  PH_PERSON_MISSING,
  PH_PROJECT,
  POSTHOG_PORT,
  SITE_BLOG,
  SITE_DOMAIN,
  SITE_FORBIDDEN,
  SITEMAP,
  SITEMAP_MISSING,
  SITEMAP_NEW,
  clearTimers,
  ensureCertificate,
  ensureServiceAccount,
  googleProxy,
  posthogStandin,
  resetCounters,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "posthog-mcp-server": "1.0.0",
  "mcp-server-gsc": "0.3.0",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

// ------------------------------------------------------------------------------------ posthog-mcp-server (stdio)

const posthog: SessionSpec = {
  label: "r29-b-posthog",
  server: "posthog-mcp-server",
  transport: "stdio",
  start: stdioServer("r29-b-posthog", "posthog-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      HOME,
      POSTHOG_HOST: `http://127.0.0.1:${POSTHOG_PORT}`,
      POSTHOG_API_KEY: PH_KEY,
      POSTHOG_PROJECT: PH_PROJECT,
    },
  }),
  steps: [
    step("ph-001", "get_project_info", {}, "the project's settings"),
    step("ph-002", "list_events", { event: "$pageview", limit: 3 }, "the three latest pageviews"),
    step(
      "ph-003",
      "list_events",
      { event: "subscription_downgraded", after: "2026-12-01T00:00:00Z" },
      "an event nobody sent this month",
    ),
    step("ph-004", "get_person", { distinct_id: PH_PERSON }, "one user by distinct_id"),
    step(
      "ph-005",
      "get_person",
      { distinct_id: PH_PERSON_MISSING },
      "a distinct_id no person has (the API answers an empty page)",
    ),
    step("ph-006", "list_persons", { search: "acme.io", limit: 25 }, "persons whose e-mail is at acme.io"),
    step("ph-007", "list_dashboards", {}, "the project's dashboards"),
    step("ph-008", "get_dashboard", { dashboard_id: PH_DASHBOARD }, "one dashboard and its tiles"),
    step(
      "ph-009",
      "get_dashboard",
      { dashboard_id: PH_DASHBOARD_MISSING },
      "a dashboard id that does not exist (404)",
    ),
    step(
      "ph-010",
      "get_dashboard",
      { dashboard_id: PH_DASHBOARD_MISSING },
      "the same call again, id unchanged",
    ),
    step(
      "ph-011",
      "execute_insight",
      { insight_id: PH_INSIGHT },
      "a saved trends insight (weekly active users)",
    ),
    step("ph-012", "list_feature_flags", { active: true }, "the active feature flags"),
    step(
      "ph-013",
      "evaluate_feature_flag",
      { flag_key: "checkout-v2", distinct_id: PH_PERSON },
      "evaluate a flag for a user (the server calls a route PostHog's API does not have)",
    ),
    step("ph-014", "list_cohorts", { search: "churned enterprise" }, "a cohort name nothing matches"),
    step("ph-015", "list_experiments", { limit: 10 }, "the project's experiments"),
    step("ph-016", "get_experiment", { experiment_id: PH_EXPERIMENT }, "one running experiment"),
    step("ph-017", "list_actions", { limit: 10 }, "the project's actions"),
    step(
      "ph-018",
      "get_dashboard",
      { dashboard_id: "product-health" },
      "a dashboard named by its title where the tool takes a numeric id",
    ),
    step(
      "ph-019",
      "list_experiments",
      {},
      "experiments on an organization whose plan has no experimentation (402)",
      flag("phPlanLimited"),
    ),
    step(
      "ph-020",
      "list_feature_flags",
      {},
      "feature flags after the personal API key was revoked (401)",
      flag("phKeyRevoked"),
    ),
    step(
      "ph-021",
      "list_persons",
      { search: "acme.io" },
      "persons while the API throttles (429, Retry-After 38; the server waits 5 s and tries once more)",
      flag("phThrottled"),
    ),
    step(
      "ph-022",
      "list_dashboards",
      { limit: 20 },
      "dashboards while the load balancer answers a 502 page",
      flag("phBadGateway"),
    ),
    step(
      "ph-023",
      "execute_insight",
      { insight_id: PH_INSIGHT_SLOW, refresh: true },
      "a fresh computation the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("ph-024", "list_actions", {}, "actions while PostHog cannot be reached", down(posthogStandin)),
    step(
      "ph-025",
      "run_hogql_query",
      { query: "select count() from events" },
      "a tool the server does not have",
    ),
  ],
};

// ---------------------------------------------------------------------------------------- mcp-server-gsc (stdio)

const gsc: SessionSpec = {
  label: "r29-b-gsc",
  server: "mcp-server-gsc",
  transport: "stdio",
  start: stdioServer("r29-b-gsc", "mcp-server-gsc", {
    from: FROM,
    cwd: DATA,
    env: {
      HOME,
      GOOGLE_APPLICATION_CREDENTIALS: GSC_KEY_FILE,
      HTTPS_PROXY: `http://127.0.0.1:${GOOGLE_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
    },
  }),
  steps: [
    step("gsc-001", "list_sites", {}, "the properties the service account can see"),
    step(
      "gsc-002",
      "search_analytics",
      {
        siteUrl: SITE_DOMAIN,
        startDate: "2026-11-01",
        endDate: "2026-11-30",
        dimensions: "query",
        rowLimit: 5,
      },
      "November's top queries",
    ),
    step(
      "gsc-003",
      "search_analytics",
      {
        siteUrl: SITE_DOMAIN,
        startDate: "2026-11-01",
        endDate: "2026-11-30",
        dimensions: "query",
        queryFilter: "bonded warehouse",
        filterOperator: "contains",
      },
      "a query filter no search matched (the API leaves `rows` out)",
    ),
    step(
      "gsc-004",
      "search_analytics",
      { siteUrl: SITE_BLOG, startDate: "2026-11-01", endDate: "2026-11-30" },
      "the blog's totals for November",
    ),
    step(
      "gsc-005",
      "enhanced_search_analytics",
      {
        siteUrl: SITE_DOMAIN,
        startDate: "2026-11-01",
        endDate: "2026-11-30",
        dimensions: "query,page",
        enableQuickWins: true,
      },
      "queries by page with quick-win detection",
    ),
    step(
      "gsc-006",
      "detect_quick_wins",
      { siteUrl: SITE_DOMAIN, startDate: "2026-11-01", endDate: "2026-11-30", minImpressions: 1000 },
      "quick wins over 1,000 impressions",
    ),
    step("gsc-007", "index_inspect", { siteUrl: SITE_BLOG, inspectionUrl: PAGE_INDEXED }, "an indexed page"),
    step(
      "gsc-008",
      "index_inspect",
      { siteUrl: SITE_BLOG, inspectionUrl: PAGE_UNKNOWN },
      "a page Google has never crawled",
    ),
    step(
      "gsc-009",
      "search_analytics",
      {
        siteUrl: SITE_DOMAIN,
        startDate: "2026-11-24",
        endDate: "2026-11-30",
        dimensions: "query",
        deviceFilter: "MOBILE",
        countryFilter: "GBR",
        rowLimit: 3,
      },
      "last week's top mobile queries from the UK",
    ),
    step("gsc-010", "list_sitemaps", { siteUrl: SITE_BLOG }, "the blog's sitemaps"),
    step(
      "gsc-011",
      "get_sitemap",
      { siteUrl: SITE_BLOG, feedpath: SITEMAP },
      "one sitemap (1 error, 2 warnings, nothing indexed)",
    ),
    step("gsc-012", "list_sitemaps", { siteUrl: SITE_DOMAIN }, "the domain property's sitemaps"),
    step(
      "gsc-013",
      "get_sitemap",
      { siteUrl: SITE_BLOG, feedpath: SITEMAP_MISSING },
      "a sitemap that was never submitted (404)",
    ),
    step(
      "gsc-014",
      "get_sitemap",
      { siteUrl: SITE_BLOG, feedpath: SITEMAP_MISSING },
      "the same call again, feedpath unchanged",
    ),
    step(
      "gsc-015",
      "submit_sitemap",
      { siteUrl: SITE_BLOG, feedpath: SITEMAP_NEW },
      "submit a new sitemap (204)",
    ),
    step(
      "gsc-016",
      "search_analytics",
      { siteUrl: SITE_DOMAIN, startDate: "last month", endDate: "today", dimensions: "query" },
      "dates in words where the API wants YYYY-MM-DD (400)",
    ),
    step(
      "gsc-017",
      "search_analytics",
      { siteUrl: SITE_DOMAIN, startDate: "2026-11-01", endDate: "2026-11-30", dimensions: "keyword" },
      "a dimension the tool does not know",
    ),
    step(
      "gsc-018",
      "search_analytics",
      { siteUrl: SITE_FORBIDDEN, startDate: "2026-11-01", endDate: "2026-11-30", dimensions: "page" },
      "a property the service account was never added to (403; the server retries as sc-domain:)",
    ),
    step(
      "gsc-019",
      "index_inspect",
      { siteUrl: SITE_BLOG, inspectionUrl: PAGE_INDEXED },
      "URL inspection past the per-minute quota (429)",
      flag("gQuota"),
    ),
    step(
      "gsc-020",
      "list_sitemaps",
      { siteUrl: SITE_DOMAIN },
      "sitemaps while Google's front end answers a 502 page (every attempt)",
      flag("gBadGateway"),
    ),
    step(
      "gsc-021",
      "search_analytics",
      { siteUrl: SITE_BLOG, startDate: "2026-11-01", endDate: "2026-11-30", dimensions: "device" },
      "search analytics while the API answers 500",
      flag("gServerError"),
    ),
    step(
      "gsc-022",
      "list_sites",
      {},
      "sites after the service account's key was deleted (token endpoint: invalid_grant)",
      flag("gKeyDeleted"),
    ),
    step(
      "gsc-023",
      "search_analytics",
      {
        siteUrl: SITE_DOMAIN,
        startDate: "2026-06-01",
        endDate: "2026-11-30",
        dimensions: "query,page,country",
      },
      "six months by query, page and country, which the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("gsc-024", "list_sites", {}, "sites while Google cannot be reached", down(googleProxy)),
    step("gsc-025", "get_core_web_vitals", { siteUrl: SITE_DOMAIN }, "a tool the server does not have"),
  ],
};

export const SESSIONS: SessionSpec[] = [posthog, gsc];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  ensureServiceAccount();
  resetCounters();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
    console.error(`requests seen: ${[...seen.entries()].map(([key, n]) => `${key} ×${n}`).join("; ")}`);
  };
}
