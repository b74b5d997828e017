// Group r15-c: package registries (npm, PyPI, crates.io, NuGet, the Go module proxy and GitHub's advisory
// database through one server; Maven Central through another), error monitoring (BugSnag, through SmartBear's
// server over Streamable HTTP) and product analytics (Microsoft Clarity) — each published MCP server behind a
// loopback stand-in that answers with the real service's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r15-c && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r15-c

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  BS_ERROR,
  BS_EVENT,
  BS_LOCKED_ERROR,
  BS_PROJECT,
  BS_PROJECT_KEY,
  BUGSNAG_MCP_PORT,
  BUGSNAG_PORT,
  BUGSNAG_TOKEN,
  CERT,
  CLARITY_PROXY_PORT,
  CLARITY_TOKEN,
  DATA,
  MVN_PROXY_PORT,
  REG_PROXY_PORT,
  bugsnagStandin,
  clarityStandin,
  clearTimers,
  ensureCertificate,
  mavenStandin,
  registryStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "package-registry-mcp": "2.1.0",
  "mcp-maven-deps": "0.2.0",
  "@smartbear/mcp": "0.41.0",
  "@microsoft/clarity-mcp-server": "2.0.1",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");
const PROXY_PRELOAD = `--import=${path.join(FROM, "proxy-preload.mjs")}`;

// ------------------------------------------------------------------------------- package registries

const registry: SessionSpec = {
  label: "r15-c-registry",
  server: "package-registry-mcp",
  transport: "stdio",
  start: stdioServer("r15-c-registry", "package-registry-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      HTTPS_PROXY: `http://127.0.0.1:${REG_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: PROXY_PRELOAD,
      HOME,
    },
  }),
  steps: [
    step("preg-001", "get-npm-package-details", { name: "express" }, "an npm package's details"),
    step(
      "preg-002",
      "search-npm-packages",
      { query: "markdown parser", limit: 3 },
      "search npm for markdown parsers",
    ),
    step(
      "preg-003",
      "search-npm-packages",
      { query: "zzqxv-no-such-thing-anywhere" },
      "an npm search that finds nothing",
    ),
    step(
      "preg-004",
      "get-npm-package-details",
      { name: "expresss-session-helperz" },
      "details of an npm package that does not exist",
    ),
    step(
      "preg-005",
      "get-npm-package-details",
      { name: "expresss-session-helperz" },
      "the same missing npm package again, unchanged",
    ),
    step(
      "preg-006",
      "list-npm-package-versions",
      { name: "react", limit: 5 },
      "the five newest react versions",
    ),
    step("preg-007", "get-pypi-package-details", { name: "requests" }, "a PyPI package's details"),
    step(
      "preg-008",
      "get-pypi-package-details",
      { name: "reqeusts-toolbelt-x" },
      "details of a PyPI project that does not exist",
    ),
    step(
      "preg-009",
      "list-pypi-package-versions",
      { name: "django", limit: 3 },
      "Django's newest versions on PyPI",
    ),
    step("preg-010", "get-cargo-package-details", { name: "serde" }, "a crate's details"),
    step(
      "preg-011",
      "get-cargo-package-details",
      { name: "serde" },
      "a crate's details while crates.io refuses requests without an identifying User-Agent (403)",
      flag("cratesUaBlocked"),
    ),
    step(
      "preg-012",
      "get-cargo-package-details",
      { name: "serde-jsonx-derive" },
      "details of a crate that does not exist",
    ),
    step(
      "preg-013",
      "search-cargo-packages",
      { query: "qqzx-no-crate", limit: 5 },
      "a crate search that finds nothing",
    ),
    step("preg-014", "get-nuget-package-details", { name: "Newtonsoft.Json" }, "a NuGet package's details"),
    step(
      "preg-015",
      "get-nuget-package-details",
      { name: "Acme.Internal.Logging" },
      "details of a NuGet package that does not exist (the registration blob is missing)",
    ),
    step(
      "preg-016",
      "search-nuget-packages",
      { query: "json serializer", limit: 5 },
      "a NuGet search while the search service answers an HTML 503",
      flag("nugetUnavailable"),
    ),
    step(
      "preg-017",
      "get-golang-package-details",
      { module: "github.com/gorilla/mux" },
      "a Go module's details",
    ),
    step(
      "preg-018",
      "get-golang-package-details",
      { module: "github.com/acme-labs/does-not-exist" },
      "a Go module the proxy cannot find",
    ),
    step(
      "preg-019",
      "get-package-advisories",
      { ecosystem: "npm", packageName: "lodash" },
      "security advisories for lodash",
    ),
    step(
      "preg-020",
      "search-github-advisories",
      { ecosystem: "npm", severity: "high", limit: 10 },
      "search advisories while GitHub's unauthenticated rate limit is spent (403)",
      flag("githubRateLimited"),
    ),
    step(
      "preg-021",
      "get-github-advisory",
      { ghsaId: "GHSA-9999-abcd-wxyz" },
      "an advisory id that does not exist",
    ),
    step(
      "preg-022",
      "get-github-advisory",
      { ghsaId: "CVE-2021-23337" },
      "a CVE id where a GHSA id is required",
    ),
    step(
      "preg-023",
      "search-npm-packages",
      { query: "react", limit: 500 },
      "a search limit over the maximum of 100",
    ),
    step(
      "preg-024",
      "search-npm-packages",
      { query: "markdown", limit: 5 },
      "an npm search while the registry answers 429",
      flag("npmRateLimited"),
    ),
    step(
      "preg-025",
      "get-npm-package-details",
      { name: "express" },
      "npm package details while Cloudflare answers an HTML 502",
      flag("npmBadGateway"),
    ),
    step(
      "preg-026",
      "get-npm-package-details",
      { name: "slow-registry-pkg" },
      "a package document the registry takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("preg-027", "get-rubygems-package-details", { name: "rails" }, "a tool the server does not have"),
    step(
      "preg-028",
      "search-npm-packages",
      { query: "markdown", limit: 5 },
      "an npm search while the registries cannot be reached (stand-in stopped)",
      down(registryStandin),
    ),
  ],
};

// ------------------------------------------------------------------------------------ Maven Central

const maven: SessionSpec = {
  label: "r15-c-maven",
  server: "mcp-maven-deps",
  transport: "stdio",
  start: stdioServer("r15-c-maven", "mcp-maven-deps", {
    from: FROM,
    cwd: DATA,
    env: {
      HTTPS_PROXY: `http://127.0.0.1:${MVN_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      HOME,
    },
  }),
  steps: [
    step(
      "mvn-001",
      "get_latest_release",
      { dependency: "org.springframework:spring-core" },
      "the latest stable release of spring-core",
    ),
    step(
      "mvn-002",
      "get_latest_release",
      { dependency: "com.fasterxml.jackson.core:jackson-databind", excludePreReleases: false },
      "the latest release of jackson-databind, pre-releases included",
    ),
    step(
      "mvn-003",
      "list_maven_versions",
      { dependency: "com.google.guava:guava", depth: 5 },
      "the five newest guava versions",
    ),
    step(
      "mvn-004",
      "check_maven_version_exists",
      { dependency: "junit:junit:4.13.2" },
      "whether junit 4.13.2 exists",
    ),
    step(
      "mvn-005",
      "check_maven_version_exists",
      { dependency: "junit:junit", version: "4.99.0" },
      "whether a junit version that was never released exists",
    ),
    step(
      "mvn-006",
      "get_latest_release",
      { dependency: "com.acme:billing-client" },
      "the latest release of an artifact Maven Central does not have",
    ),
    step(
      "mvn-007",
      "get_latest_release",
      { dependency: "com.acme:billing-client" },
      "the same missing artifact again, unchanged",
    ),
    step(
      "mvn-008",
      "list_maven_versions",
      { dependency: "io.acme:telemetry-preview" },
      "stable versions of an artifact that has only pre-releases",
    ),
    step("mvn-009", "get_latest_release", { dependency: "spring-core" }, "a coordinate without a group id"),
    step(
      "mvn-010",
      "check_maven_version_exists",
      { dependency: "org.slf4j:slf4j-api" },
      "a version check with no version given",
    ),
    step(
      "mvn-011",
      "list_maven_versions",
      { dependency: "com.google.guava:guava", depth: "ten" },
      "a depth given as a word",
    ),
    step(
      "mvn-012",
      "check_maven_version_exists",
      { dependency: "com.acme:billing-client:1.0.0" },
      "whether a version of a missing artifact exists",
    ),
    step(
      "mvn-013",
      "get_latest_release",
      { dependency: "org.lwjgl:lwjgl:3.3.3:jar:natives-linux" },
      "a full coordinate with packaging and classifier",
    ),
    step(
      "mvn-014",
      "get_latest_release",
      { dependency: "org.springframework:spring-core" },
      "spring-core while the repository refuses the client's address (403)",
      flag("mvnForbidden"),
    ),
    step(
      "mvn-015",
      "get_latest_release",
      { dependency: "org.springframework:spring-core" },
      "spring-core while the repository answers 429 (Retry-After: 30)",
      flag("mvnRateLimited"),
    ),
    step(
      "mvn-016",
      "list_maven_versions",
      { dependency: "com.google.guava:guava", depth: 3 },
      "guava versions while the CDN answers an HTML 502",
      flag("mvnBadGateway"),
    ),
    step(
      "mvn-017",
      "list_maven_versions",
      { dependency: "com.google.guava:guava", depth: 3 },
      "guava versions while the Varnish cache answers 503",
      flag("mvnUnavailable"),
    ),
    step(
      "mvn-018",
      "check_maven_version_exists",
      { dependency: "junit:junit:4.13.2" },
      "a version check while the repository answers 500",
      flag("mvnServerError"),
    ),
    step(
      "mvn-019",
      "get_latest_release",
      { dependency: "org.springframework:spring-core" },
      "spring-core while a maintenance page answers 200 with HTML",
      flag("mvnMaintenancePage"),
    ),
    step(
      "mvn-020",
      "get_latest_release",
      { dependency: "com.acme:slow-artifact" },
      "metadata the repository takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("mvn-021", "search_maven_artifacts", { query: "jackson" }, "a tool the server does not have"),
    step(
      "mvn-022",
      "get_latest_release",
      { dependency: "org.springframework:spring-core" },
      "spring-core while Maven Central cannot be reached (stand-in stopped)",
      down(mavenStandin),
    ),
    step(
      "mvn-023",
      "get_latest_release",
      { dependency: "com.acme:slow-artifact" },
      "a slow lookup; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ------------------------------------------------------------------------------------------ BugSnag

const bugsnag: SessionSpec = {
  label: "r15-c-bugsnag",
  server: "@smartbear/mcp",
  transport: "http",
  start: httpServer("r15-c-bugsnag", "@smartbear/mcp", {
    from: FROM,
    bin: "mcp",
    port: BUGSNAG_MCP_PORT,
    env: {
      MCP_TRANSPORT: "http",
      PORT: String(BUGSNAG_MCP_PORT),
      MCP_CLIENTS: "bugsnag",
      BUGSNAG_ENDPOINT: `http://127.0.0.1:${BUGSNAG_PORT}`,
      CACHE_ENABLED: "false",
      NODE_OPTIONS: `--import=${path.join(FROM, "node20-preload.mjs")}`,
      HOME,
    },
    headers: () => ({ "Bugsnag-Auth-Token": BUGSNAG_TOKEN }),
  }),
  steps: [
    step("bsg-001", "bugsnag_list_projects", {}, "list the organization's projects"),
    step("bsg-002", "bugsnag_get_current_project", {}, "the current project before any was chosen"),
    step(
      "bsg-003",
      "bugsnag_list_project_errors",
      { projectId: BS_PROJECT },
      "open errors of the last 30 days in the web project",
    ),
    step(
      "bsg-004",
      "bugsnag_list_project_errors",
      { projectId: BS_PROJECT, filters: { "error.status": [{ type: "eq", value: "fixed" }] } },
      "errors marked fixed (there are none)",
    ),
    step(
      "bsg-005",
      "bugsnag_get_error",
      { projectId: BS_PROJECT, errorId: BS_ERROR },
      "one error with its latest event",
    ),
    step(
      "bsg-006",
      "bugsnag_get_error",
      { projectId: BS_PROJECT, errorId: "6745c2e1a9f04d0008ffffff" },
      "an error id that does not exist",
    ),
    step(
      "bsg-007",
      "bugsnag_get_error",
      { projectId: BS_PROJECT, errorId: "6745c2e1a9f04d0008ffffff" },
      "the same missing error again, unchanged",
    ),
    step(
      "bsg-008",
      "bugsnag_list_project_errors",
      { projectId: "62a1f0c4d5e6f7a8b9c0ffff" },
      "errors of a project id that does not exist",
    ),
    step(
      "bsg-009",
      "bugsnag_list_project_errors",
      { projectId: BS_PROJECT, filters: { "user.favorite_color": [{ type: "eq", value: "blue" }] } },
      "a filter on a field the project does not have",
    ),
    step(
      "bsg-010",
      "bugsnag_update_error",
      { projectId: BS_PROJECT, errorId: BS_ERROR, operation: "fix" },
      "mark an error fixed",
    ),
    step(
      "bsg-011",
      "bugsnag_update_error",
      { projectId: BS_PROJECT, errorId: BS_LOCKED_ERROR, operation: "ignore" },
      "ignore an error on a project where the user may not change errors (403)",
    ),
    step(
      "bsg-012",
      "bugsnag_update_error",
      { projectId: BS_PROJECT, errorId: BS_ERROR, operation: "snooze" },
      "snooze an error without saying when it reopens",
    ),
    step("bsg-013", "bugsnag_list_releases", { projectId: BS_PROJECT }, "production releases"),
    step(
      "bsg-014",
      "bugsnag_list_releases",
      { projectId: BS_PROJECT, releaseStage: "staging" },
      "staging releases (there are none)",
    ),
    step(
      "bsg-015",
      "bugsnag_get_release",
      { projectId: BS_PROJECT, releaseId: "6750e1a2b3c4d5e6f7a8ffff" },
      "a release id that does not exist",
    ),
    step("bsg-016", "bugsnag_get_event", { projectId: BS_PROJECT, eventId: BS_EVENT }, "one event by id"),
    step(
      "bsg-017",
      "bugsnag_get_event_details_from_dashboard_url",
      { link: "https://app.bugsnag.com/acme-retail/checkout-web/errors" },
      "a dashboard link without an event id",
    ),
    step(
      "bsg-018",
      "bugsnag_list_projects",
      { apiKey: BS_PROJECT_KEY },
      "find a project by API key after the personal token was revoked",
      flag("bsTokenRevoked"),
    ),
    step(
      "bsg-019",
      "bugsnag_list_project_errors",
      { projectId: BS_PROJECT },
      "errors while the API answers 429 (Retry-After: 37)",
      flag("bsRateLimited"),
    ),
    step(
      "bsg-020",
      "bugsnag_list_project_errors",
      { projectId: BS_PROJECT },
      "errors while the API answers 500",
      flag("bsServerError"),
    ),
    step(
      "bsg-021",
      "bugsnag_get_error",
      { projectId: BS_PROJECT, errorId: BS_ERROR },
      "an error while Cloudflare answers an HTML 502",
      flag("bsBadGateway"),
    ),
    step(
      "bsg-022",
      "bugsnag_get_error",
      { projectId: BS_PROJECT, errorId: 4412 },
      "the error id given as a number",
    ),
    step(
      "bsg-023",
      "bugsnag_update_error",
      { projectId: BS_PROJECT, errorId: BS_ERROR, operation: "resolve" },
      "an operation that is not in the enum",
    ),
    step(
      "bsg-024",
      "bugsnag_list_releases",
      { projectId: BS_PROJECT, releaseStage: "canary" },
      "releases the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("bsg-025", "bugsnag_delete_error", { errorId: BS_ERROR }, "a tool the server does not have"),
    step(
      "bsg-026",
      "bugsnag_list_project_errors",
      { projectId: BS_PROJECT },
      "errors while BugSnag cannot be reached (stand-in stopped)",
      down(bugsnagStandin),
    ),
  ],
};

// ------------------------------------------------------------------------------------------ Clarity

const DAYS = { start: "2026-12-03T00:00:00.000Z", end: "2026-12-06T00:00:00.000Z" };

const clarity: SessionSpec = {
  label: "r15-c-clarity",
  server: "@microsoft/clarity-mcp-server",
  transport: "stdio",
  start: stdioServer("r15-c-clarity", "@microsoft/clarity-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      CLARITY_API_TOKEN: CLARITY_TOKEN,
      HTTPS_PROXY: `http://127.0.0.1:${CLARITY_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: PROXY_PRELOAD,
      TZ: "UTC",
      HOME,
    },
  }),
  steps: [
    step(
      "clar-001",
      "query-analytics-dashboard",
      { query: "Total sessions and distinct users in the last 3 days" },
      "traffic totals for three days",
    ),
    step(
      "clar-002",
      "query-analytics-dashboard",
      { query: "Top browsers last 3 days" },
      "sessions by browser",
    ),
    step(
      "clar-003",
      "query-analytics-dashboard",
      { query: "Rage clicks on the checkout page last 2 days" },
      "rage clicks by page",
    ),
    step(
      "clar-004",
      "query-analytics-dashboard",
      { query: "Sessions from Antarctica yesterday" },
      "a dashboard query that matches no sessions",
    ),
    step(
      "clar-005",
      "list-session-recordings",
      { filters: { date: DAYS, rageClickPresent: true }, count: 10 },
      "recordings with rage clicks",
    ),
    step(
      "clar-006",
      "list-session-recordings",
      { filters: { date: DAYS, country: ["Antarctica"] } },
      "recordings from a country with no visitors",
    ),
    step(
      "clar-007",
      "query-documentation-resources",
      { query: "How do I install Clarity on Shopify?" },
      "a setup question for the documentation",
    ),
    step(
      "clar-008",
      "query-documentation-resources",
      { query: "qzxv flux capacitor calibration" },
      "a documentation query with no matching article",
    ),
    step(
      "clar-009",
      "query-analytics-dashboard",
      { query: "Total sessions last 90 days" },
      "a time range longer than the three days the API serves (400)",
    ),
    step(
      "clar-010",
      "query-analytics-dashboard",
      { query: "Total sessions last 90 days" },
      "the same over-long range again, unchanged",
    ),
    step(
      "clar-011",
      "query-analytics-dashboard",
      { query: "Total sessions last 3 days" },
      "traffic after the API token was revoked (401)",
      flag("clTokenRevoked"),
    ),
    step(
      "clar-012",
      "query-analytics-dashboard",
      { query: "Top browsers last 3 days" },
      "browsers after the project's daily request quota is spent (429)",
      flag("clQuotaExhausted"),
    ),
    step(
      "clar-013",
      "list-session-recordings",
      { filters: { date: DAYS } },
      "recordings while the front door answers an HTML 503",
      flag("clServerError"),
    ),
    step(
      "clar-014",
      "query-documentation-resources",
      { query: "How do I install Clarity on Shopify?" },
      "documentation while a sign-in page answers 200 with HTML",
      flag("clSignInPage"),
    ),
    step(
      "clar-015",
      "list-session-recordings",
      { filters: { date: DAYS }, count: 500 },
      "a sample count over the maximum of 250",
    ),
    step(
      "clar-016",
      "list-session-recordings",
      { filters: { date: DAYS, deviceType: ["Smartwatch"] } },
      "a device type that is not in the enum",
    ),
    step(
      "clar-017",
      "list-session-recordings",
      { filters: { country: ["Canada"] } },
      "recordings without the required date filter",
    ),
    step(
      "clar-018",
      "list-session-recordings",
      { filters: { date: { start: "2027-01-01T00:00:00.000Z", end: "2027-01-02T00:00:00.000Z" } } },
      "recordings for days in the future",
    ),
    step("clar-019", "query-analytics-dashboard", { query: 42 }, "the query given as a number"),
    step(
      "clar-020",
      "query-analytics-dashboard",
      { query: "Slow: scroll depth by page last 3 days" },
      "a dashboard query the service takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "clar-021",
      "list-heatmaps",
      { url: "https://shop.acme.example/" },
      "a tool the server does not have",
    ),
    step(
      "clar-022",
      "query-analytics-dashboard",
      { query: "Total sessions last 3 days" },
      "traffic while Clarity cannot be reached (stand-in stopped)",
      down(clarityStandin),
    ),
    step(
      "clar-023",
      "query-analytics-dashboard",
      { query: "Slow: pages per session last 2 days" },
      "a slow query; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [registry, maven, bugsnag, clarity];

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
