// Group r21-c: CDN and edge platforms — bunny.net (bunnycdn-mcp), Vercel (@robinson_ai_systems/vercel-mcp) and
// Tencent EdgeOne Pages (edgeone-pages-mcp) — each published MCP server behind a loopback stand-in that answers
// with the real service's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r21-c && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r21-c

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  BUNNY_CLOSED_KEY,
  BUNNY_KEY,
  BUNNY_PROXY_PORT,
  CERT,
  DATA,
  DELETABLE_PULL_ZONE_ID,
  DEPLOYMENT_ID,
  EDGE_CONFIG_ID,
  EDGEONE_PROXY_PORT,
  MISSING_PULL_ZONE_ID,
  PROJECT_ID,
  PULL_ZONE_ID,
  SLOW_DEPLOYMENT,
  TAKEN_HOSTNAME,
  VERCEL_PROXY_PORT,
  VERCEL_TOKEN,
  bunnyStandin,
  clearTimers,
  edgeoneStandin,
  ensureCertificate,
  resetShares,
  state,
  vercelStandin,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "bunnycdn-mcp": "1.0.0",
  "@robinson_ai_systems/vercel-mcp": "1.0.1",
  "edgeone-pages-mcp": "0.0.16",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const PRELOAD = `--import=${path.join(FROM, "proxy-preload.mjs")}`;

// ------------------------------------------------------------------------------------------- bunny.net

const bunnyEnv = (key: string) => ({
  BUNNY_API_KEY: key,
  HTTPS_PROXY: `http://127.0.0.1:${BUNNY_PROXY_PORT}`,
  NODE_EXTRA_CA_CERTS: CERT,
  HOME,
});

const bunny: SessionSpec = {
  label: "r21-c-bunny",
  server: "bunnycdn-mcp",
  transport: "stdio",
  start: stdioServer("r21-c-bunny", "bunnycdn-mcp", { from: FROM, cwd: DATA, env: bunnyEnv(BUNNY_KEY) }),
  steps: [
    step("bn-001", "bunny_get_account", {}, "the account's details (who the key belongs to)"),
    step("bn-002", "bunny_list_pull_zones", {}, "list the account's CDN pull zones"),
    step("bn-003", "bunny_get_pull_zone", { id: PULL_ZONE_ID }, "one pull zone by id"),
    step("bn-004", "bunny_list_pull_zones", { search: "staging-eu" }, "pull zones matching a name none has"),
    step("bn-005", "bunny_get_pull_zone", { id: MISSING_PULL_ZONE_ID }, "a pull zone id that does not exist"),
    step(
      "bn-006",
      "bunny_get_pull_zone",
      { id: MISSING_PULL_ZONE_ID },
      "the same missing pull zone again, unchanged",
    ),
    step(
      "bn-007",
      "bunny_manage_pull_zone_hostnames",
      { id: PULL_ZONE_ID, action: "add", hostname: TAKEN_HOSTNAME },
      "add a custom hostname another pull zone already has",
    ),
    step(
      "bn-008",
      "bunny_get_statistics",
      { pull_zone: PULL_ZONE_ID, date_from: "2026-12-01", date_to: "2026-12-03" },
      "three days of CDN statistics for a pull zone (4xx/5xx charts included)",
    ),
    step(
      "bn-009",
      "bunny_get_origin_errors",
      { pull_zone_id: PULL_ZONE_ID, date: "12-05-2026" },
      "the origin error log of a pull zone for a day (log lines about timeouts and DNS failures)",
    ),
    step(
      "bn-010",
      "bunny_purge_pull_zone_cache",
      { id: PULL_ZONE_ID },
      "purge a pull zone's cache while purges are rate limited (429, Retry-After)",
      flag("bunnyRateLimited"),
    ),
    step("bn-011", "bunny_purge_pull_zone_cache", { id: 1684205 }, "purge another pull zone's cache"),
    step(
      "bn-012",
      "bunny_list_regions",
      {},
      "CDN regions while the API fails (500)",
      flag("bunnyServerError"),
    ),
    step(
      "bn-013",
      "bunny_list_countries",
      {},
      "countries while the API's edge answers an HTML 502 page",
      flag("bunnyBadGateway"),
    ),
    step(
      "bn-014",
      "bunny_get_billing_summary",
      {},
      "billing summary while the API answers an HTML 503 page",
      flag("bunnyUnavailable"),
    ),
    step(
      "bn-015",
      "bunny_global_search",
      { query: "acme" },
      "a global search the API answers after 15 s (client timeout 3 s)",
      { timeoutMs: 3000 },
    ),
    step(
      "bn-016",
      "bunny_list_storage_zones",
      {},
      "storage zones while api.bunny.net cannot be reached (proxy stopped)",
      down(bunnyStandin),
    ),
    step(
      "bn-017",
      "bunny_get_pull_zone",
      { id: "acme-shop-assets" },
      "a pull zone id given as a name (schema wants an integer)",
    ),
    step("bn-018", "bunny_get_pull_zone_stats", { id: PULL_ZONE_ID }, "a tool the server does not have"),
    step(
      "bn-019",
      "bunny_get_statistics",
      { pull_zone: PULL_ZONE_ID, date_from: "2024-01-01", date_to: "2026-12-05" },
      "statistics over almost three years: bunny.net's error envelope with status 200",
    ),
    step(
      "bn-020",
      "bunny_update_pull_zone",
      { id: PULL_ZONE_ID, settings: { CacheControlMaxAgeOverride: 86400 } },
      "set a pull zone's cache max-age override",
    ),
    step("bn-021", "bunny_delete_pull_zone", { id: DELETABLE_PULL_ZONE_ID }, "delete a disabled pull zone"),
    step("bn-022", "bunny_list_storage_zones", {}, "storage zones, the API reachable again"),
  ],
};

/** A second process (fresh response cache) whose key belongs to a closed account. */
const bunnyClosed: SessionSpec = {
  label: "r21-c-bunny-closed",
  server: "bunnycdn-mcp",
  transport: "stdio",
  start: stdioServer("r21-c-bunny-closed", "bunnycdn-mcp", {
    from: FROM,
    cwd: DATA,
    env: bunnyEnv(BUNNY_CLOSED_KEY),
  }),
  steps: [
    step(
      "bn-023",
      "bunny_get_account",
      {},
      "the account's details with a closed account's key (API answers null)",
    ),
    step("bn-024", "bunny_list_dns_zones", {}, "DNS zones with a closed account's key (401)"),
  ],
};

// ------------------------------------------------------------------------------------------------ Vercel

const vercel: SessionSpec = {
  label: "r21-c-vercel",
  server: "@robinson_ai_systems/vercel-mcp",
  transport: "stdio",
  start: stdioServer("r21-c-vercel", "@robinson_ai_systems/vercel-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      VERCEL_TOKEN,
      HTTPS_PROXY: `http://127.0.0.1:${VERCEL_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: PRELOAD,
      HOME,
    },
  }),
  steps: [
    step("vc-001", "vercel_list_projects", {}, "list the team's projects"),
    step("vc-002", "vercel_get_project", { projectId: PROJECT_ID }, "one project by id"),
    step(
      "vc-003",
      "vercel_list_deployments",
      { projectId: PROJECT_ID, limit: 5 },
      "a project's recent deployments",
    ),
    step(
      "vc-004",
      "vercel_list_deployments",
      { projectId: PROJECT_ID, state: "ERROR" },
      "a project's failed deployments (there are none)",
    ),
    step("vc-005", "vercel_get_project", { projectId: "acme-legacy-shop" }, "a project that does not exist"),
    step(
      "vc-006",
      "vercel_get_project",
      { projectId: "acme-legacy-shop" },
      "the same missing project again, unchanged",
    ),
    step(
      "vc-007",
      "vercel_create_project",
      { name: "Acme Storefront (EU)" },
      "create a project with an invalid name",
    ),
    step(
      "vc-008",
      "vercel_create_project",
      { name: "acme-storefront-eu" },
      "create a project with a viewer's token (403)",
    ),
    step(
      "vc-009",
      "vercel_add_domain",
      { projectId: PROJECT_ID, domain: "docs.acme.example" },
      "add a domain another project of the account already uses (409)",
    ),
    step(
      "vc-010",
      "vercel_bulk_create_env_vars",
      {
        projectId: PROJECT_ID,
        variables: [
          {
            key: "STRIPE_WEBHOOK_SECRET",
            value: "whsec_3Fq8Lm2Vx7",
            type: "encrypted",
            target: ["production"],
          },
          {
            key: "DATABASE_URL",
            value: "postgres://shop@db.acme.example/shop",
            type: "encrypted",
            target: ["production"],
          },
        ],
      },
      "create two environment variables, one of which already exists",
    ),
    step(
      "vc-011",
      "vercel_get_deployment_logs",
      { deploymentId: DEPLOYMENT_ID },
      "the build log of a READY deployment (its lines mention errors and warnings)",
    ),
    step(
      "vc-012",
      "vercel_get_edge_config_items",
      { edgeConfigId: EDGE_CONFIG_ID },
      "the items of an Edge Config",
    ),
    step(
      "vc-013",
      "vercel_list_teams",
      {},
      "list teams with a revoked token (403 invalidToken)",
      flag("vercelTokenInvalid"),
    ),
    step(
      "vc-014",
      "vercel_list_domains",
      {},
      "list domains while rate limited (429, Retry-After)",
      flag("vercelRateLimited"),
    ),
    step(
      "vc-015",
      "vercel_get_domain",
      { domain: "acme.example" },
      "one domain while the API fails (500)",
      flag("vercelServerError"),
    ),
    step(
      "vc-016",
      "vercel_list_dns_records",
      { domain: "acme.example" },
      "DNS records while Vercel's edge answers 502 BAD_GATEWAY (plain text)",
      flag("vercelBadGateway"),
    ),
    step(
      "vc-017",
      "vercel_get_deployment",
      { deploymentId: SLOW_DEPLOYMENT },
      "a deployment the API answers after 15 s (client timeout 3 s)",
      { timeoutMs: 3000 },
    ),
    step(
      "vc-018",
      "vercel_list_webhooks",
      {},
      "webhooks while api.vercel.com cannot be reached (proxy stopped)",
      down(vercelStandin),
    ),
    step("vc-019", "vercel_get_project_usage", { projectId: PROJECT_ID }, "a tool the server does not have"),
    step(
      "vc-020",
      "vercel_get_edge_config_items",
      { edgeConfigId: "ecfg_missing" },
      "the items of an Edge Config that does not exist",
    ),
    step(
      "vc-021",
      "vercel_list_dns_records",
      { domain: "acme.example" },
      "DNS records of a domain that has none",
    ),
    step("vc-022", "vercel_list_teams", {}, "list teams, the token valid again"),
  ],
};

// ---------------------------------------------------------------------------------------- EdgeOne Pages

const page = (title: string, body: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

const BIG = page(
  "Catalog dump",
  `<pre>${"SKU-0000 Winter jacket, navy, size M — 129.00 EUR\n".repeat(12_000)}</pre>`,
);

const edgeone: SessionSpec = {
  label: "r21-c-edgeone",
  server: "edgeone-pages-mcp",
  transport: "stdio",
  start: stdioServer("r21-c-edgeone", "edgeone-pages-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      HTTPS_PROXY: `http://127.0.0.1:${EDGEONE_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: PRELOAD,
      TMPDIR: DATA,
      HOME,
    },
  }),
  steps: [
    step(
      "eo-001",
      "deploy_html",
      { value: page("Winter sale", "<h1>Winter sale</h1><p>Up to 40% off outerwear until 2026-12-24.</p>") },
      "publish a one-page announcement",
    ),
    step(
      "eo-002",
      "deploy_html",
      {
        value: page(
          "Store hours",
          "<h2>Holiday opening hours</h2><ul><li>24 Dec: 9–14</li><li>25–26 Dec: closed</li></ul>",
        ),
      },
      "publish a second page",
    ),
    step(
      "eo-003",
      "deploy_html",
      {
        value: page(
          "Page not found",
          "<h1>404 Not Found</h1><p>Error: the page you requested does not exist. Check the address or go back to the <a href='/'>shop</a>.</p>",
        ),
      },
      "publish a custom 404 page (its content is an error message)",
    ),
    step("eo-004", "deploy_html", { value: "   " }, "publish blank content (400)"),
    step("eo-005", "deploy_html", { value: BIG }, "publish a 600 KB page (413)"),
    step("eo-006", "deploy_html", { value: BIG }, "the same oversized page again, unchanged"),
    step(
      "eo-007",
      "deploy_html",
      { value: page("Newsletter", "<p>Subscribe for winter deals.</p>") },
      "publish while the upload endpoint rate limits (429)",
      flag("eoRateLimited"),
    ),
    step(
      "eo-008",
      "deploy_html",
      { value: page("Careers", "<p>We are hiring a warehouse lead.</p>") },
      "publish while the base-URL endpoint refuses the caller (403)",
      flag("eoForbidden"),
    ),
    step(
      "eo-009",
      "deploy_html",
      { value: page("Returns", "<p>30-day returns on all items.</p>") },
      "publish while the upload endpoint fails (500)",
      flag("eoServerError"),
    ),
    step(
      "eo-010",
      "deploy_html",
      { value: page("Shipping", "<p>Free shipping over 50 EUR.</p>") },
      "publish while the base-URL endpoint answers 502",
      flag("eoBadGateway"),
    ),
    step(
      "eo-011",
      "deploy_html",
      { value: page("Gift cards", "<p>Gift cards from 10 EUR.</p>") },
      "publish while the upload endpoint answers 503",
      flag("eoUnavailable"),
    ),
    step(
      "eo-012",
      "deploy_html",
      { value: page("FAQ", "<p>Frequently asked questions.</p>") },
      "publish while the base-URL endpoint answers an HTML maintenance page with status 200",
      flag("eoHtmlBaseUrl"),
    ),
    step(
      "eo-013",
      "deploy_html",
      { value: page("Promo", "<p>Flash sale tonight only.</p>") },
      "publish; the upload endpoint answers 200 with an error object and no url",
      flag("eoNoUrl"),
    ),
    step(
      "eo-014",
      "deploy_html",
      { value: page("Lookbook", "<!-- slow --><p>Winter lookbook.</p>") },
      "publish a page the endpoint answers after 15 s (client timeout 3 s)",
      { timeoutMs: 3000 },
    ),
    step(
      "eo-015",
      "deploy_html",
      { value: page("Stores", "<p>Find a store near you.</p>") },
      "publish while mcp.edgeone.site cannot be reached (proxy stopped)",
      down(edgeoneStandin),
    ),
    step("eo-016", "deploy_html", { value: 20261224 }, "the HTML given as a number (schema wants a string)"),
    step("eo-017", "deploy_site", { value: page("x", "<p>x</p>") }, "a tool the server does not have"),
    step(
      "eo-018",
      "deploy_folder_or_zip",
      { builtFolderPath: "/tmp/faultline-corpus-r21-c/site/dist" },
      "deploy a built folder without an EdgeOne Pages API token configured",
    ),
    step(
      "eo-019",
      "deploy_html",
      { value: page("About", "<p>Acme Shop, since 1998.</p>") },
      "publish a page, the endpoints healthy again",
    ),
    step(
      "eo-020",
      "deploy_html",
      { value: page("Lookbook", "<!-- slow --><p>Winter lookbook, second try.</p>") },
      "a slow publish; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [bunny, bunnyClosed, vercel, edgeone];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  fs.mkdirSync(path.join(DATA, "site", "dist"), { recursive: true });
  fs.writeFileSync(
    path.join(DATA, "site", "dist", "index.html"),
    "<!DOCTYPE html><title>Acme</title><h1>Acme Shop</h1>\n",
  );
  fs.rmSync(path.join(DATA, "edgeone-pages-id"), { force: true });
  ensureCertificate();
  resetShares();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
