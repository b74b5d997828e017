// Group r7-dev: developer-platform servers (Sentry, Jenkins, GitHub Enterprise Server, Azure DevOps
// Server) behind loopback stand-ins that answer with the real APIs' shapes and error bodies
// (standins.ts).
//
//   (cd scripts/server-corpus/groups/r7-dev && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r7-dev

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec, type Step } from "../../harness.js";
import { step } from "../../steps.js";
import {
  ADO_PAT,
  ADO_PORT,
  DATA,
  GHE_CERT,
  GHE_PORT,
  GHE_TOKEN,
  JENKINS_PORT,
  JENKINS_TOKEN,
  JENKINS_USER,
  SENTRY_PORT,
  SENTRY_TOKEN,
  adoStandin,
  gheStandin,
  jenkinsStandin,
  sentryStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@sentry/mcp-server": "0.39.0",
  "@mister-good-deal/host-mcp-jenkins": "0.2.3",
  "github-enterprise-mcp-server": "1.1.2",
  "azure-devops-mcp": "1.1.2",
};

type Flag = keyof typeof state;

/** Sets a stand-in flag for one call. */
function during(flag: Flag, extra: Partial<Step> = {}): Partial<Step> {
  return {
    ...extra,
    before: async () => {
      state[flag] = true;
    },
    after: async () => {
      state[flag] = false;
    },
  };
}

/** Stops a stand-in for one call (connection refused), then starts it again. */
function down(
  standin: { start(): Promise<void>; stop(): Promise<void> },
  extra: Partial<Step> = {},
): Partial<Step> {
  return {
    ...extra,
    before: async () => {
      await standin.stop();
      await sleep(300);
    },
    after: async () => {
      await standin.start();
    },
  };
}

const killMidCall: Partial<Step> = {
  during: async (live) => {
    await sleep(800);
    live.kill();
  },
};

// ---------------------------------------------------------------- Sentry

const sentry: SessionSpec = {
  label: "r7-dev-sentry",
  server: "@sentry/mcp-server",
  transport: "stdio",
  start: stdioServer("r7-dev-sentry", "@sentry/mcp-server", {
    from: FROM,
    cwd: DATA,
    args: [`--access-token=${SENTRY_TOKEN}`, `--host=127.0.0.1:${SENTRY_PORT}`, "--insecure-http"],
  }),
  steps: [
    step("se-001", "find_organizations", {}, "list the organizations the token can see"),
    step("se-002", "find_projects", { organizationSlug: "acme" }, "list the projects of an organization"),
    step(
      "se-003",
      "search_issues",
      { organizationSlug: "acme", query: "is:unresolved" },
      "search unresolved issues",
    ),
    step(
      "se-004",
      "search_issues",
      { organizationSlug: "acme", query: "is:unresolved zeppelin" },
      "search issues for a word none has",
    ),
    step(
      "se-005",
      "get_sentry_resource",
      { organizationSlug: "acme", resourceType: "issue", resourceId: "CHECKOUT-API-3X" },
      "get one issue with its latest event",
    ),
    step(
      "se-006",
      "get_sentry_resource",
      { organizationSlug: "acme", resourceType: "issue", resourceId: "CHECKOUT-API-ZZ9" },
      "get an issue short id that does not exist",
    ),
    step(
      "se-007",
      "get_sentry_resource",
      { organizationSlug: "acme", resourceType: "issue", resourceId: "CHECKOUT-API-ZZ9" },
      "the same missing issue again, unchanged",
    ),
    step(
      "se-008",
      "find_projects",
      { organizationSlug: "globex" },
      "list projects of an organization the token is not a member of (403)",
    ),
    step(
      "se-009",
      "update_issue",
      { organizationSlug: "acme", issueId: "CHECKOUT-API-3X", status: "archived" },
      "an issue status outside the enum",
    ),
    step(
      "se-010",
      "update_issue",
      { organizationSlug: "acme", issueId: "CHECKOUT-API-3X", status: "resolved" },
      "resolve an issue",
    ),
    step(
      "se-011",
      "search_issues",
      { organizationSlug: "acme", query: "is:bogus assigned:me" },
      "an issue search with an invalid is: value (400)",
    ),
    step(
      "se-012",
      "search_issues",
      { organizationSlug: "acme", query: "is:unresolved level:error" },
      "search while the API rate-limits the caller (429)",
      during("sentryRateLimited"),
    ),
    step(
      "se-013",
      "find_projects",
      { organizationSlug: "acme", query: "checkout" },
      "list projects while Sentry answers 500 Internal Error",
      during("sentryInternalError"),
    ),
    step(
      "se-014",
      "search_issues",
      { organizationSlug: "acme", query: "is:unresolved release:checkout-api@2.14.1" },
      "search while the nginx in front of Sentry answers 502",
      during("sentryBadGateway"),
    ),
    step(
      "se-015",
      "find_organizations",
      {},
      "list organizations after the token was revoked",
      during("sentryTokenRevoked"),
    ),
    step(
      "se-016",
      "delete_project",
      { organizationSlug: "acme", projectSlug: "storefront" },
      "a tool the server does not have",
    ),
    step(
      "se-017",
      "find_organizations",
      { query: "acme" },
      "list organizations while Sentry is down (stand-in stopped)",
      down(sentryStandin),
    ),
    step(
      "se-018",
      "find_projects",
      { organizationSlug: "acme", query: "slow" },
      "list projects from a slow Sentry; the server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ---------------------------------------------------------------- Jenkins

const jenkins: SessionSpec = {
  label: "r7-dev-jenkins",
  server: "@mister-good-deal/host-mcp-jenkins",
  transport: "stdio",
  start: stdioServer("r7-dev-jenkins", "@mister-good-deal/host-mcp-jenkins", {
    from: FROM,
    cwd: DATA,
    env: {
      JENKINS_URL: `http://127.0.0.1:${JENKINS_PORT}`,
      JENKINS_USER,
      JENKINS_API_TOKEN: JENKINS_TOKEN,
    },
  }),
  steps: [
    step("jk-001", "getJobs", {}, "list the jobs at the root"),
    step("jk-002", "getJob", { jobFullName: "backend/api-service" }, "get one job in a folder"),
    step(
      "jk-003",
      "getBuild",
      { jobFullName: "backend/api-service", buildNumber: 142 },
      "get a build that failed (result FAILURE)",
    ),
    step(
      "jk-004",
      "getBuild",
      { jobFullName: "backend/api-service", buildNumber: 9999 },
      "get a build number that does not exist",
    ),
    step(
      "jk-005",
      "getBuild",
      { jobFullName: "backend/api-service", buildNumber: 9999 },
      "the same missing build again, unchanged",
    ),
    step(
      "jk-006",
      "getBuildLog",
      { jobFullName: "backend/api-service", buildNumber: 142, skip: -8, limit: 8 },
      "a window of a failed build's log (skip -8 drops the last 8 lines, limit 8)",
    ),
    step(
      "jk-007",
      "searchBuildLog",
      { jobFullName: "backend/api-service", buildNumber: 142, pattern: "zeppelin" },
      "search a build log for a word it does not contain",
    ),
    step(
      "jk-008",
      "searchBuildLog",
      { jobFullName: "backend/api-service", buildNumber: 142, pattern: "([", useRegex: true },
      "search a build log with a malformed regular expression",
    ),
    step("jk-009", "getJobs", { limit: 50 }, "limit above the tool's maximum of 10"),
    step(
      "jk-010",
      "getTestResults",
      { jobFullName: "backend/api-service", buildNumber: 142, onlyFailingTests: true },
      "the failing tests of a build",
    ),
    step(
      "jk-011",
      "getTestResults",
      { jobFullName: "backend/api-servce", buildNumber: 142 },
      "test results of a job whose name is misspelt (404)",
    ),
    step(
      "jk-012",
      "triggerBuild",
      { jobFullName: "backend/api-service", parameters: { BRANCH: "main" } },
      "trigger a parameterised build",
    ),
    step(
      "jk-013",
      "triggerBuild",
      { jobFullName: "deploy/prod-release" },
      "trigger a job the user may not build (403)",
    ),
    step(
      "jk-014",
      "findJobsWithScmUrl",
      { scmUrl: "https://git.acme.test/acme/checkout-api.git" },
      "find jobs by SCM URL while Jenkins answers 500 (Oops! page)",
      during("jenkinsBroken"),
    ),
    step("jk-015", "whoAmI", {}, "who am I, after the API token was revoked", during("jenkinsTokenRevoked")),
    step(
      "jk-016",
      "getStatus",
      {},
      "instance status while Jenkins restarts (503 'getting ready to work')",
      during("jenkinsStarting"),
    ),
    step("jk-017", "restartJenkins", {}, "a tool the server does not have"),
    step("jk-018", "getQueueItem", { id: "311" }, "a queue item id given as a string"),
    step(
      "jk-019",
      "getBuildLog",
      { jobFullName: "backend/api-service", buildNumber: 140 },
      "a build log that streams for 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "jk-020",
      "getJob",
      { jobFullName: "backend/worker" },
      "get a job while Jenkins is down (stand-in stopped)",
      down(jenkinsStandin),
    ),
  ],
};

// ---------------------------------------------------------------- GitHub Enterprise Server

const ghe: SessionSpec = {
  label: "r7-dev-ghe",
  server: "github-enterprise-mcp-server",
  transport: "stdio",
  start: stdioServer("r7-dev-ghe", "github-enterprise-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      GITHUB_ENTERPRISE_ENDPOINT: `https://127.0.0.1:${GHE_PORT}/api/v3`,
      GITHUB_ENTERPRISE_TOKEN: GHE_TOKEN,
      NODE_EXTRA_CA_CERTS: GHE_CERT,
    },
  }),
  steps: [
    step("gh-001", "github-repo-list", { per_page: 10 }, "list the user's repositories"),
    step("gh-002", "github-repo-get", { owner: "acme", repo: "payments" }, "get one repository"),
    step("gh-003", "github-issue-list", { owner: "acme", repo: "payments" }, "list open issues"),
    step(
      "gh-004",
      "github-issue-list",
      { owner: "acme", repo: "docs-site" },
      "list issues of a repo that has none",
    ),
    step(
      "gh-005",
      "github-issue-get",
      { owner: "acme", repo: "payments", issue_number: 9999 },
      "get an issue number that does not exist",
    ),
    step(
      "gh-006",
      "github-issue-get",
      { owner: "acme", repo: "payments", issue_number: 9999 },
      "the same missing issue again, unchanged",
    ),
    step(
      "gh-007",
      "github-issue-get",
      { owner: "acme", repo: "payments", issue_number: "212" },
      "an issue number given as a string",
    ),
    step(
      "gh-008",
      "github-repo-get",
      { owner: "acme", repo: "pay ments!" },
      "a repository name with a space and punctuation",
    ),
    step(
      "gh-009",
      "github-issue-create",
      { owner: "acme", repo: "payments", title: "Ledger rounding for HUF", assignees: ["ghost-user"] },
      "create an issue assigned to a user who cannot be assigned (422)",
    ),
    step(
      "gh-010",
      "github-pr-merge",
      { owner: "acme", repo: "payments", pull_number: 57 },
      "merge a pull request that has conflicts (405)",
    ),
    step(
      "gh-011",
      "github-branch-create",
      { owner: "acme", repo: "payments", ref: "main", sha: "9d2f0c41a7e3b5d6c8f9a0b1c2d3e4f5a6b7c8d9" },
      "create a branch that already exists (422)",
    ),
    step(
      "gh-012",
      "github-repo-delete",
      { owner: "acme", repo: "docs-site" },
      "delete a repository without admin rights (403)",
    ),
    step(
      "gh-013",
      "github-contents-get",
      { owner: "acme", repo: "payments", path: "README.md" },
      "read a file's contents",
    ),
    step(
      "gh-014",
      "github-commit-list",
      { owner: "acme", repo: "payments" },
      "list commits after the token was revoked (401)",
      during("gheTokenRevoked"),
    ),
    step(
      "gh-015",
      "github-issue-list",
      { owner: "acme", repo: "payments", state: "all" },
      "list issues while the user's rate limit is spent (403, x-ratelimit-remaining 0)",
      during("gheRateLimited", { timeoutMs: 20_000 }),
    ),
    step(
      "gh-016",
      "github-pr-list",
      { owner: "acme", repo: "payments" },
      "list pull requests while the appliance is in maintenance (503); the client waits 8 s",
      during("gheMaintenance", { timeoutMs: 8000 }),
    ),
    step(
      "gh-017",
      "github-repo-fork",
      { owner: "acme", repo: "payments" },
      "a tool the server does not have",
    ),
    step(
      "gh-018",
      "github-branch-list",
      { owner: "acme", repo: "payments" },
      "list branches from a slow appliance; the server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ---------------------------------------------------------------- Azure DevOps Server

const ado: SessionSpec = {
  label: "r7-dev-azure-devops",
  server: "azure-devops-mcp",
  transport: "stdio",
  start: stdioServer("r7-dev-azure-devops", "azure-devops-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      AZURE_DEVOPS_URL: `http://127.0.0.1:${ADO_PORT}/tfs`,
      AZURE_DEVOPS_PAT: ADO_PAT,
      AZURE_DEVOPS_COLLECTION: "DefaultCollection",
      AZURE_DEVOPS_PROJECT: "Fabrikam",
    },
  }),
  steps: [
    step("ado-001", "test_connection", {}, "test the connection"),
    step("ado-002", "list_projects", {}, "list the collection's projects"),
    step(
      "ado-003",
      "query_work_items",
      { workItemType: "Bug", state: "Active" },
      "query active bugs (WIQL built from filters)",
    ),
    step(
      "ado-004",
      "query_work_items",
      { workItemType: "Bug", state: "Removed", tags: "zeppelin" },
      "query work items that match nothing",
    ),
    step("ado-005", "get_work_item", { id: 4711 }, "get one work item"),
    step("ado-006", "get_work_item", { id: 99999 }, "get a work item id that does not exist (404 TF401232)"),
    step("ado-007", "get_work_item", { id: 99999 }, "the same missing work item again, unchanged"),
    step(
      "ado-008",
      "query_work_items",
      { wiql: "SELECT [System.Id], [System.Title] FROM WorkItems WHERE [System.Statee] = 'Active'" },
      "a WIQL query naming a field that does not exist (400 TF51005)",
    ),
    step(
      "ado-009",
      "get_project",
      { project: "Contoso" },
      "get a project that does not exist (404 TF200016)",
    ),
    step(
      "ado-010",
      "get_file_content",
      { repository: "web", path: "/src/missing.ts", branch: "main" },
      "read a file that is not in the repository (404 TF401174)",
    ),
    step("ado-011", "get_work_item", { id: "4711" }, "a work item id given as a string"),
    step("ado-012", "list_work_item_types", {}, "list the project's work item types"),
    step("ado-013", "list_iterations", {}, "list the project's iterations"),
    step(
      "ado-014",
      "query_work_items",
      { workItemType: "Task", state: "Active" },
      "query while the server throttles the user (429 TF400733, Retry-After)",
      during("adoThrottled"),
    ),
    step(
      "ado-015",
      "list_work_item_types",
      { project: "Fabrikam" },
      "list work item types while the server cannot reach its database (500 TF246017)",
      during("adoDatabaseDown"),
    ),
    step(
      "ado-016",
      "test_connection",
      {},
      "test the connection after the PAT was revoked",
      during("adoPatRevoked"),
    ),
    step(
      "ado-017",
      "list_projects",
      {},
      "list projects after the PAT was revoked (IIS 401 page)",
      during("adoPatRevoked"),
    ),
    step(
      "ado-018",
      "create_work_item",
      { project: "Fabrikam", type: "Bug", title: "Gift card total off by one cent" },
      "a tool the server does not have (it is read-only)",
    ),
    step(
      "ado-019",
      "get_file_content",
      { repository: "web", path: "/src/checkout/giftcard.ts", branch: "main" },
      "read a file from a slow server; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "ado-020",
      "list_repos",
      {},
      "list repositories while the server is down (stand-in stopped)",
      down(adoStandin),
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [sentry, jenkins, ghe, ado];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(DATA, { recursive: true });
  await Promise.all([sentryStandin.start(), jenkinsStandin.start(), gheStandin.start(), adoStandin.start()]);
  return async () => {
    await Promise.allSettled([
      sentryStandin.stop(),
      jenkinsStandin.stop(),
      gheStandin.stop(),
      adoStandin.stop(),
    ]);
  };
}
