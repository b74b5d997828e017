// Group r25-a: domains, DNS and web hosting control panels — a self-hosted Coolify panel (@felixallistar/coolify-mcp),
// Vercel's domains and DNS (@mistertk/vercel-mcp) and domain availability through the registries' RDAP services
// (domain-search-mcp): each published MCP server behind a loopback stand-in that answers with the real service's
// bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r25-a && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r25-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  CFY_APP,
  CFY_APP_MISSING,
  CFY_APP_SHOP,
  CFY_APP_SLOW,
  CFY_SERVER_BUSY,
  CFY_SERVER_MISSING,
  COOLIFY_PORT,
  COOLIFY_TOKEN,
  DATA,
  DOMAINS_PROXY_PORT,
  VDN_DOMAIN,
  VDN_DOMAIN_FOREIGN,
  VDN_DOMAIN_MISSING,
  VDN_DOMAIN_QUIET,
  VDN_DOMAIN_SLOW,
  VDN_PROJECT,
  VDN_RECORD,
  VERCEL_PROXY_PORT,
  VERCEL_TOKEN,
  clearTimers,
  coolifyStandin,
  domainsStandin,
  ensureCertificate,
  state,
  unknownRequests,
  vercelStandin,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@felixallistar/coolify-mcp": "1.0.5",
  "@mistertk/vercel-mcp": "0.1.1",
  "domain-search-mcp": "1.13.1",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");
const PRELOAD = `--import ${path.join(FROM, "proxy-preload.mjs")}`;

// ------------------------------------------------------------------------------------------------ Coolify

const coolify: SessionSpec = {
  label: "r25-a-coolify",
  server: "@felixallistar/coolify-mcp",
  transport: "stdio",
  start: stdioServer("r25-a-coolify", "@felixallistar/coolify-mcp", {
    from: FROM,
    cwd: DATA,
    bin: "coolify-mcp",
    args: ["--server"],
    env: {
      COOLIFY_API_URL: `http://127.0.0.1:${COOLIFY_PORT}`,
      COOLIFY_API_TOKEN: COOLIFY_TOKEN,
      HOME,
    },
  }),
  steps: [
    step("cfy-001", "system", { operation: "version" }, "the Coolify instance's version"),
    step("cfy-002", "servers", { operation: "list" }, "the servers the panel manages"),
    step("cfy-003", "servers", { operation: "get", id: CFY_SERVER_BUSY }, "one server by uuid"),
    step(
      "cfy-004",
      "servers",
      { operation: "domains", id: CFY_SERVER_BUSY },
      "the domains served from a server, by IP",
    ),
    step("cfy-005", "projects", { operation: "list" }, "the projects"),
    step("cfy-006", "applications", { operation: "list" }, "the applications"),
    step("cfy-007", "applications", { operation: "get", id: CFY_APP_SHOP }, "the shop application by uuid"),
    step(
      "cfy-008",
      "applications",
      { operation: "get", id: CFY_APP_MISSING },
      "an application uuid that does not exist (404 Application not found.)",
    ),
    step(
      "cfy-009",
      "applications",
      { operation: "get", id: CFY_APP_MISSING },
      "the same missing application again, unchanged",
    ),
    step(
      "cfy-010",
      "applications",
      { operation: "get", id: "northwind-shop" },
      "an application asked for by its name instead of its uuid",
    ),
    step("cfy-011", "databases", { operation: "list" }, "databases, of which there are none"),
    step(
      "cfy-012",
      "deployments",
      { operation: "list_by_app", applicationUuid: CFY_APP },
      "the docs application's deployments",
    ),
    step(
      "cfy-013",
      "applications",
      {
        operation: "update",
        id: CFY_APP_SHOP,
        body: JSON.stringify({
          domains: "https://shop.northwind-studio.dev,https://www.northwind-shop.com",
          force_https: true,
        }),
      },
      "set the shop's domains, with a field the API does not accept (422 Validation failed.)",
    ),
    step(
      "cfy-014",
      "deployments",
      { operation: "deploy", query: JSON.stringify({ uuid: CFY_APP_SHOP, force: false }) },
      "deploy the shop after its domains changed",
    ),
    step(
      "cfy-015",
      "servers",
      { operation: "delete", id: CFY_SERVER_BUSY },
      "delete a server that still runs applications (400)",
    ),
    step(
      "cfy-016",
      "servers",
      { operation: "get", id: CFY_SERVER_MISSING },
      "a server uuid that does not exist (404 Server not found.)",
    ),
    step(
      "cfy-017",
      "projects",
      { operation: "list" },
      "projects with an API token that was deleted (401 Unauthenticated.)",
      flag("cfyRevoked"),
    ),
    step(
      "cfy-018",
      "servers",
      { operation: "list" },
      "servers from an IP the instance's API allow-list does not hold (403)",
      flag("cfyIpDenied"),
    ),
    step(
      "cfy-019",
      "applications",
      { operation: "list" },
      "applications while the API's throttle is spent (429 Too Many Attempts., Retry-After)",
      flag("cfyRateLimited"),
    ),
    step(
      "cfy-020",
      "deployments",
      { operation: "list_by_app", applicationUuid: CFY_APP },
      "deployments while the panel answers 500 Server Error",
      flag("cfyServerError"),
    ),
    step(
      "cfy-021",
      "servers",
      { operation: "list" },
      "servers while the reverse proxy in front of the panel answers an nginx 502 page",
      flag("cfyBadGateway"),
    ),
    step(
      "cfy-022",
      "applications",
      { operation: "get", id: CFY_APP_SLOW },
      "an application the panel takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("cfy-023", "applications", { operation: "restart", id: CFY_APP }, "restart the docs application"),
    step("cfy-024", "domains", { operation: "list" }, "a tool the server does not have"),
    step(
      "cfy-025",
      "servers",
      { operation: "list" },
      "servers while the panel cannot be reached (stand-in stopped)",
      down(coolifyStandin),
    ),
  ],
};

// -------------------------------------------------------------------------------------------------- Vercel

const vercel: SessionSpec = {
  label: "r25-a-vercel",
  server: "@mistertk/vercel-mcp",
  transport: "stdio",
  start: stdioServer("r25-a-vercel", "@mistertk/vercel-mcp", {
    from: FROM,
    cwd: DATA,
    bin: "vercel-mcp",
    env: {
      VERCEL_API_KEY: VERCEL_TOKEN,
      HTTPS_PROXY: `http://127.0.0.1:${VERCEL_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: PRELOAD,
      HOME,
    },
  }),
  steps: [
    step("vdn-001", "listDomains", {}, "the domains on the Vercel team"),
    step("vdn-002", "getDomain", { domain: VDN_DOMAIN }, "one domain's registration and nameservers"),
    step("vdn-003", "getDomainConfig", { domain: VDN_DOMAIN }, "whether the domain is configured correctly"),
    step(
      "vdn-004",
      "getDomainConfig",
      { domain: VDN_DOMAIN_QUIET },
      "the configuration of a domain that points nowhere yet (misconfigured)",
    ),
    step("vdn-005", "listDnsRecords", { domain: VDN_DOMAIN }, "the domain's DNS records"),
    step("vdn-006", "listDnsRecords", { domain: VDN_DOMAIN_QUIET }, "DNS records of a domain that has none"),
    step(
      "vdn-007",
      "createDnsRecord",
      { domain: VDN_DOMAIN, name: "api", type: "A", value: "168.119.52.214", ttl: 60 },
      "add an A record for the API host",
    ),
    step(
      "vdn-008",
      "createDnsRecord",
      { domain: VDN_DOMAIN, name: "status", type: "A", value: "statuspage.io" },
      "an A record whose value is a host name (400 invalid_value)",
    ),
    step(
      "vdn-009",
      "createDnsRecord",
      { domain: VDN_DOMAIN, name: "www", type: "CNAME", value: "northwind-shop.myshopify.com" },
      "a CNAME where one already exists (409 conflict)",
    ),
    step(
      "vdn-010",
      "getDomain",
      { domain: VDN_DOMAIN_MISSING },
      "a domain that is not on the team (404 not_found)",
    ),
    step("vdn-011", "getDomain", { domain: VDN_DOMAIN_MISSING }, "the same missing domain again, unchanged"),
    step(
      "vdn-012",
      "deleteDnsRecord",
      { domain: VDN_DOMAIN, recordId: VDN_RECORD },
      "remove the old staging A record",
    ),
    step(
      "vdn-013",
      "getDomainConfig",
      { domain: VDN_DOMAIN_FOREIGN },
      "the configuration of a domain another team owns (403)",
    ),
    step(
      "vdn-014",
      "addProjectDomain",
      { projectId: VDN_PROJECT, name: `www.${VDN_DOMAIN_FOREIGN}` },
      "add a domain another project already uses (409 domain_already_in_use)",
    ),
    step(
      "vdn-015",
      "listDomains",
      {},
      "domains after the token was revoked (403 invalidToken)",
      flag("vdnInvalidToken"),
    ),
    step(
      "vdn-016",
      "listDnsRecords",
      { domain: VDN_DOMAIN },
      "DNS records while the token's rate limit is spent (429 rate_limited)",
      flag("vdnRateLimited"),
    ),
    step(
      "vdn-017",
      "getDomain",
      { domain: VDN_DOMAIN },
      "a domain while the API answers 500",
      flag("vdnServerError"),
    ),
    step(
      "vdn-018",
      "listDomains",
      {},
      "domains while Vercel's edge answers an HTML 502 BAD_GATEWAY page",
      flag("vdnBadGateway"),
    ),
    step(
      "vdn-019",
      "getDomain",
      { domain: VDN_DOMAIN_SLOW },
      "a domain the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "vdn-020",
      "listDnsRecords",
      { domain: VDN_DOMAIN, limit: 100 },
      "the page size given as a number where the tool wants a string",
    ),
    step("vdn-021", "purchaseDomain", { name: "northwind-studio.app" }, "a tool the server does not have"),
    step(
      "vdn-022",
      "listDomains",
      {},
      "domains while the API cannot be reached (proxy stopped)",
      down(vercelStandin),
    ),
    step(
      "vdn-023",
      "getDomain",
      { domain: VDN_DOMAIN_SLOW },
      "a slow domain lookup; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ------------------------------------------------------------------------------------- domain availability

const domains: SessionSpec = {
  label: "r25-a-domains",
  server: "domain-search-mcp",
  transport: "stdio",
  start: stdioServer("r25-a-domains", "domain-search-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      HTTPS_PROXY: `http://127.0.0.1:${DOMAINS_PROXY_PORT}`,
      HTTP_PROXY: `http://127.0.0.1:${DOMAINS_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: PRELOAD,
      SEDO_FEED_ENABLED: "false",
      AFTERMARKET_NS_ENABLED: "false",
      HOME,
    },
  }),
  steps: [
    step(
      "dsm-001",
      "search_domain",
      { domain_name: "tidewaterlabs", tlds: ["com", "app", "dev"] },
      "a new product name across .com, .app and .dev",
    ),
    step(
      "dsm-002",
      "search_domain",
      { domain_name: "northwind", tlds: ["com", "io"] },
      "a name that is taken in both TLDs",
    ),
    step(
      "dsm-003",
      "bulk_search",
      { domains: ["tidepool", "tideline", "tidewater"], tld: "com" },
      "three names at once in .com",
    ),
    step("dsm-004", "tld_info", { tld: "dev" }, "what the .dev TLD requires"),
    step("dsm-005", "tld_info", { tld: "tidewater" }, "a TLD that does not exist"),
    step(
      "dsm-006",
      "suggest_domains",
      { base_name: "northwind", tld: "com", max_suggestions: 5 },
      "available variations of a taken name",
    ),
    step(
      "dsm-007",
      "compare_registrars",
      { domain: "tidewaterlabs", tld: "com" },
      "registrar prices for a name, with no registrar API configured",
    ),
    step(
      "dsm-008",
      "compare_registrars",
      { domain: "tidewaterlabs", tld: "com" },
      "the same price comparison again, unchanged",
    ),
    step(
      "dsm-009",
      "search_domain",
      { domain_name: "tide water", tlds: ["com"] },
      "a name with a space in it",
    ),
    step(
      "dsm-010",
      "search_domain",
      { domain_name: "tidewaterlabs", tlds: ["localhost"] },
      "a TLD the server refuses to look up",
    ),
    step(
      "dsm-011",
      "search_domain",
      { domain_name: "harborline", tlds: ["com", "net"] },
      "a name while Verisign's RDAP answers 429 and the fallbacks fail too",
      flag("rdapRateLimited"),
    ),
    step(
      "dsm-012",
      "search_domain",
      { domain_name: "quaysidehq", tlds: ["com", "dev"] },
      "a name in .com and .dev while Google Registry's RDAP answers a 503 maintenance page",
      flag("rdapUnavailable"),
    ),
    step(
      "dsm-013",
      "search_domain",
      { domain_name: "tidepool", tlds: ["com"] },
      "one name that is registered",
    ),
    step("dsm-014", "ai_health", {}, "the health of the suggestion backends (none configured)"),
    step("dsm-015", "register_domain", { domain: "tidewaterlabs.com" }, "a tool the server does not have"),
    step(
      "dsm-016",
      "bulk_search",
      { domains: "tidepool, tideline", tld: "com" },
      "the names given as one comma-separated string",
    ),
    step(
      "dsm-017",
      "search_domain",
      { domain_name: "saltmarsh", tlds: ["com", "io"] },
      "a name while the RDAP services cannot be reached (proxy stopped)",
      down(domainsStandin),
    ),
    step(
      "dsm-018",
      "search_domain",
      { domain_name: "saltmarsh", tlds: ["com", "io"] },
      "the same name right after RDAP is back (the server keeps RDAP failures for 10 s)",
    ),
    step(
      "dsm-019",
      "suggest_domains",
      { base_name: "tidewaterlabs", tld: "app", max_suggestions: 3 },
      "variations of a free name in .app",
    ),
    step(
      "dsm-020",
      "bulk_search",
      { domains: ["keelson", "gunwale", "bollard", "capstan"], tld: "dev" },
      "four names in .dev",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [coolify, vercel, domains];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
    if (unknownRequests.length) {
      fs.writeFileSync(path.join(DATA, "unknown-requests.txt"), `${unknownRequests.join("\n")}\n`);
    }
  };
}
