// Group r10-dev: developer and deployment platforms — issue tracking (Linear), code hosting (GitHub),
// site hosting and deploys (Netlify) and API collections (Postman) — each behind a loopback stand-in
// that answers with the real API's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r10-dev && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r10-dev

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  GITHUB_PROXY_PORT,
  GITHUB_TOKEN,
  LINEAR_IDS,
  LINEAR_KEY,
  LINEAR_PROXY_PORT,
  NETLIFY_IDS,
  NETLIFY_PROXY_PORT,
  NETLIFY_TOKEN,
  POSTMAN_IDS,
  POSTMAN_KEY,
  POSTMAN_PORT,
  clearTimers,
  ensureCertificate,
  githubStandin,
  linearStandin,
  netlifyStandin,
  postmanStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@tacticlaunch/mcp-linear": "1.4.3",
  "@modelcontextprotocol/server-github": "2025.4.8",
  "@netlify/mcp": "1.15.1",
  "@postman/postman-mcp-server": "2.13.0",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

/**
 * Trust for the stand-in certificate, and a proxy that answers as the API. The servers' global fetch
 * has no proxy setting on Node 20; `proxy-preload.mjs` gives it one (HTTPS_PROXY).
 */
function proxied(port: number): Record<string, string> {
  return {
    HTTPS_PROXY: `http://127.0.0.1:${port}`,
    NODE_EXTRA_CA_CERTS: CERT,
    NODE_OPTIONS: `--import ${pathToFileURL(path.join(FROM, "proxy-preload.mjs")).href}`,
    HOME: path.join(DATA, "home"),
  };
}

// ------------------------------------------------------------------------------------------ Linear

const ENG_412 = "0a7c3e9f-2b5d-4f1a-8c6e-9d3b7f1a5e20";

const linear: SessionSpec = {
  label: "r10-dev-linear",
  server: "@tacticlaunch/mcp-linear",
  transport: "stdio",
  start: stdioServer("r10-dev-linear", "@tacticlaunch/mcp-linear", {
    from: FROM,
    cwd: DATA,
    env: { LINEAR_API_KEY: LINEAR_KEY, ...proxied(LINEAR_PROXY_PORT) },
  }),
  steps: [
    step("lin-001", "linear_getViewer", {}, "the authenticated user"),
    step("lin-002", "linear_getTeams", {}, "the workspace's teams"),
    step("lin-003", "linear_searchIssues", { query: "webhook" }, "issues mentioning 'webhook'"),
    step(
      "lin-004",
      "linear_searchIssues",
      { query: "kubernetes autoscaler" },
      "issues matching words nobody used",
    ),
    step("lin-005", "linear_getIssueById", { id: "ENG-412" }, "issue ENG-412 with its comments and labels"),
    step("lin-006", "linear_getIssueById", { id: "ENG-9999" }, "an issue identifier that does not exist"),
    step("lin-007", "linear_getIssueById", { id: "ENG-9999" }, "the same missing issue again, unchanged"),
    step(
      "lin-008",
      "linear_createIssue",
      {
        title: "Persist webhook delivery ids before retrying",
        description: "Follow-up to ENG-412: store the delivery id so a retry after a 502 is deduplicated.",
        teamId: LINEAR_IDS.teamEng,
        priority: 2,
      },
      "create an issue in Platform Engineering",
    ),
    step(
      "lin-009",
      "linear_createIssue",
      { title: "   ", teamId: LINEAR_IDS.teamEng },
      "create an issue whose title is only spaces",
    ),
    step(
      "lin-010",
      "linear_createIssue",
      { title: "Rotate the deploy signing key", teamId: LINEAR_IDS.teamSecret },
      "create an issue in a private team the key's user is not a member of",
    ),
    step(
      "lin-011",
      "linear_updateIssue",
      { id: ENG_412, stateId: "00000000-0000-4000-8000-000000000000" },
      "move an issue to a workflow state id that does not exist",
    ),
    step("lin-012", "linear_getProjects", {}, "the projects"),
    step(
      "lin-013",
      "linear_getIssues",
      { limit: 5 },
      "recent issues while the API is over its request limit (the server retries twice by itself)",
      flag("linearRateLimited"),
    ),
    step(
      "lin-014",
      "linear_getTeams",
      {},
      "the teams while Cloudflare in front of the API answers 502",
      flag("linearCloudflare"),
    ),
    step(
      "lin-015",
      "linear_getProjects",
      {},
      "the projects while the API answers 500",
      flag("linearServerError"),
    ),
    step(
      "lin-016",
      "linear_getViewer",
      {},
      "the authenticated user after the API key was revoked",
      flag("linearKeyRevoked"),
    ),
    step(
      "lin-017",
      "linear_getIssueById",
      { id: "ENG-418" },
      "an issue that takes the API 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("lin-018", "linear_getIssueById", {}, "get an issue without the required id"),
    step("lin-019", "linear_deleteIssue", { id: ENG_412 }, "a tool the server does not have"),
    step(
      "lin-020",
      "linear_getTeams",
      {},
      "the teams while the API cannot be reached (proxy stopped)",
      down(linearStandin),
    ),
    step(
      "lin-021",
      "linear_getIssueById",
      { id: "ENG-418" },
      "a slow issue lookup; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ------------------------------------------------------------------------------------------ GitHub

const github: SessionSpec = {
  label: "r10-dev-github",
  server: "@modelcontextprotocol/server-github",
  transport: "stdio",
  start: stdioServer("r10-dev-github", "@modelcontextprotocol/server-github", {
    from: FROM,
    cwd: DATA,
    env: { GITHUB_PERSONAL_ACCESS_TOKEN: GITHUB_TOKEN, ...proxied(GITHUB_PROXY_PORT) },
  }),
  steps: [
    step(
      "gh-001",
      "search_repositories",
      { query: "org:northwind-labs deploy" },
      "repositories of the organisation about 'deploy'",
    ),
    step(
      "gh-002",
      "search_repositories",
      { query: "org:northwind-labs terraform" },
      "repositories matching a word none of them has",
    ),
    step(
      "gh-003",
      "get_file_contents",
      { owner: "northwind-labs", repo: "deploy-gateway", path: "README.md" },
      "the gateway's README",
    ),
    step(
      "gh-004",
      "get_file_contents",
      { owner: "northwind-labs", repo: "deploy-gateway", path: "docs/ROUTING.md" },
      "a file path that does not exist",
    ),
    step(
      "gh-005",
      "get_file_contents",
      { owner: "northwind-labs", repo: "deploy-gateway", path: "docs/ROUTING.md" },
      "the same missing file again, unchanged",
    ),
    step(
      "gh-006",
      "list_issues",
      { owner: "northwind-labs", repo: "deploy-gateway", state: "open" },
      "open issues of the gateway",
    ),
    step(
      "gh-007",
      "list_issues",
      { owner: "northwind-labs", repo: "deploy-gateway", labels: ["security"] },
      "open issues labelled 'security' (none)",
    ),
    step(
      "gh-008",
      "create_issue",
      {
        owner: "northwind-labs",
        repo: "deploy-gateway",
        title: "Preview URLs ignore the trailing-slash redirect rule",
        body: "Follow-up to #214.",
        assignees: ["maya-okafor"],
      },
      "open an issue",
    ),
    step(
      "gh-009",
      "create_issue",
      {
        owner: "northwind-labs",
        repo: "deploy-gateway",
        title: "Cache purge is not propagated to the edge",
        assignees: ["ghost-contractor"],
      },
      "open an issue assigned to a user who cannot be assigned",
    ),
    step(
      "gh-010",
      "create_issue",
      { owner: "northwind-labs", repo: "infra-secrets", title: "Rotate the staging deploy key" },
      "open an issue in a repository the fine-grained token has no write access to",
    ),
    step(
      "gh-011",
      "merge_pull_request",
      { owner: "northwind-labs", repo: "deploy-gateway", pull_number: 221, merge_method: "squash" },
      "merge a pull request that has conflicts",
    ),
    step(
      "gh-012",
      "create_branch",
      { owner: "northwind-labs", repo: "deploy-gateway", branch: "release/2026.12" },
      "create a branch that already exists",
    ),
    step(
      "gh-013",
      "list_commits",
      { owner: "northwind-labs", repo: "handbook" },
      "commits of a repository that has none yet",
    ),
    step(
      "gh-014",
      "search_code",
      { q: "edgeRoutes repo:northwind-labs/deploy-gatewy" },
      "search code in a misspelt repository",
    ),
    step(
      "gh-015",
      "list_issues",
      { owner: "northwind-labs", repo: "deploy-cli" },
      "issues while the token is over its hourly limit (403, x-ratelimit-remaining 0)",
      flag("githubRateLimited"),
    ),
    step(
      "gh-016",
      "search_repositories",
      { query: "org:northwind-labs gateway" },
      "a search while the token tripped the secondary rate limit (429, Retry-After 60)",
      flag("githubSecondaryLimit"),
    ),
    step(
      "gh-017",
      "get_file_contents",
      { owner: "northwind-labs", repo: "deploy-gateway", path: "README.md" },
      "a file while GitHub answers its 'Unicorn!' 502 page",
      flag("githubUnicorn"),
    ),
    step(
      "gh-018",
      "list_issues",
      { owner: "northwind-labs", repo: "deploy-gateway" },
      "issues after the token was revoked",
      flag("githubTokenRevoked"),
    ),
    step(
      "gh-019",
      "get_file_contents",
      { owner: "northwind-labs", repo: "deploy-gateway", path: "config/edge-routes.yaml" },
      "a file that takes the API 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("gh-020", "list_issues", { owner: "northwind-labs" }, "issues without the required repo"),
    step(
      "gh-021",
      "delete_repository",
      { owner: "northwind-labs", repo: "deploy-cli" },
      "a tool the server does not have",
    ),
    step(
      "gh-022",
      "search_repositories",
      { query: "org:northwind-labs cli" },
      "a search while GitHub cannot be reached (proxy stopped)",
      down(githubStandin),
    ),
    step(
      "gh-023",
      "get_file_contents",
      { owner: "northwind-labs", repo: "deploy-gateway", path: "config/edge-routes.yaml" },
      "a slow file read; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ----------------------------------------------------------------------------------------- Netlify

const read = (operation: string, params: Record<string, unknown> = {}) => ({
  selectSchema: { operation, params },
});

const netlify: SessionSpec = {
  label: "r10-dev-netlify",
  server: "@netlify/mcp",
  transport: "stdio",
  start: stdioServer("r10-dev-netlify", "@netlify/mcp", {
    from: FROM,
    cwd: DATA,
    env: { NETLIFY_PERSONAL_ACCESS_TOKEN: NETLIFY_TOKEN, ...proxied(NETLIFY_PROXY_PORT) },
  }),
  steps: [
    step("ntl-001", "netlify-user-services-reader", read("get-user"), "the authenticated user"),
    step("ntl-002", "netlify-team-services-reader", read("get-teams"), "the user's teams"),
    step("ntl-003", "netlify-project-services-reader", read("get-projects"), "all projects (sites)"),
    step(
      "ntl-004",
      "netlify-project-services-reader",
      read("get-projects", { projectNameSearchValue: "storybook" }),
      "projects whose name contains 'storybook' (none)",
    ),
    step(
      "ntl-005",
      "netlify-project-services-reader",
      read("get-project", { siteId: NETLIFY_IDS.siteDocs }),
      "the docs site",
    ),
    step(
      "ntl-006",
      "netlify-project-services-reader",
      read("get-project", { siteId: "0b9e4d2a-7c1f-4e83-b6a5-d3f8c2e1a970" }),
      "a site id that does not exist",
    ),
    step(
      "ntl-007",
      "netlify-deploy-services-reader",
      read("get-deploy", { deployId: NETLIFY_IDS.deployOk }),
      "the docs site's production deploy",
    ),
    step(
      "ntl-008",
      "netlify-deploy-services-reader",
      read("get-deploy-for-site", { siteId: NETLIFY_IDS.siteShop, deployId: NETLIFY_IDS.deployFailed }),
      "a deploy preview whose build failed",
    ),
    step(
      "ntl-009",
      "netlify-deploy-services-reader",
      read("get-deploy", { deployId: "6752ffffffffffffffffffff" }),
      "a deploy id that does not exist",
    ),
    step(
      "ntl-010",
      "netlify-deploy-services-reader",
      read("get-deploy", { deployId: "6752ffffffffffffffffffff" }),
      "the same missing deploy again, unchanged",
    ),
    step(
      "ntl-011",
      "netlify-project-services-reader",
      read("get-forms-for-project", { siteId: NETLIFY_IDS.siteDocs, formId: "64a9e3c1f7b2d80012c5ffff" }),
      "a form id the site does not have",
    ),
    step(
      "ntl-012",
      "netlify-project-services-updater",
      read("update-project-name", { siteId: NETLIFY_IDS.siteShop, name: "docs" }),
      "rename a site to a subdomain another account holds (422)",
    ),
    step(
      "ntl-013",
      "netlify-project-services-updater",
      read("manage-env-vars", { siteId: NETLIFY_IDS.siteDocs, getAllEnvVars: true }),
      "environment variables of the docs site",
    ),
    step(
      "ntl-014",
      "netlify-project-services-reader",
      read("get-projects"),
      "all projects while the API answers 429 (Retry-After 42)",
      flag("netlifyRateLimited"),
    ),
    step(
      "ntl-015",
      "netlify-deploy-services-reader",
      read("get-deploy", { deployId: NETLIFY_IDS.deployOk }),
      "a deploy while the API answers 500",
      flag("netlifyServerError"),
    ),
    step(
      "ntl-016",
      "netlify-deploy-services-reader",
      read("get-deploy", { deployId: NETLIFY_IDS.deployOk }),
      "a deploy while a login page answers HTTP 200",
      flag("netlifyLoginPage"),
    ),
    step(
      "ntl-017",
      "netlify-project-services-reader",
      read("get-project", { siteId: NETLIFY_IDS.siteDocs }),
      "a site while a login page answers HTTP 200",
      flag("netlifyLoginPage"),
    ),
    step(
      "ntl-018",
      "netlify-user-services-reader",
      read("get-user"),
      "the user after the access token was revoked",
      flag("netlifyTokenRevoked"),
    ),
    step(
      "ntl-019",
      "netlify-deploy-services-reader",
      read("get-deploy", { deployId: "6752c0d2e7a1f9003b4c8d16" }),
      "a deploy that takes the API 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "ntl-020",
      "netlify-deploy-services-reader",
      read("get-site-deploys", { siteId: NETLIFY_IDS.siteDocs }),
      "an operation the deploy reader does not have",
    ),
    step("ntl-021", "netlify-deploy-services-rollback", read("rollback"), "a tool the server does not have"),
    step(
      "ntl-022",
      "netlify-team-services-reader",
      read("get-teams"),
      "the teams while the API cannot be reached (proxy stopped)",
      down(netlifyStandin),
    ),
  ],
};

// ----------------------------------------------------------------------------------------- Postman

const postman: SessionSpec = {
  label: "r10-dev-postman",
  server: "@postman/postman-mcp-server",
  transport: "stdio",
  start: stdioServer("r10-dev-postman", "@postman/postman-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      POSTMAN_API_KEY: POSTMAN_KEY,
      POSTMAN_API_BASE_URL: `http://127.0.0.1:${POSTMAN_PORT}`,
      POSTMAN_MCP_TELEMETRY: "false",
      HOME: path.join(DATA, "home"),
    },
  }),
  steps: [
    step("pm-001", "getAuthenticatedUser", {}, "the authenticated user"),
    step("pm-002", "getWorkspaces", {}, "the workspaces"),
    step("pm-003", "getWorkspaces", { type: "partner" }, "partner workspaces (none)"),
    step("pm-004", "getWorkspace", { workspaceId: POSTMAN_IDS.workspace }, "the Deploy Platform workspace"),
    step(
      "pm-005",
      "getWorkspace",
      { workspaceId: "00000000-1111-4222-8333-444444444444" },
      "a workspace id that does not exist",
    ),
    step("pm-006", "getCollections", { workspace: POSTMAN_IDS.workspace }, "collections of the workspace"),
    step(
      "pm-007",
      "getCollections",
      { workspace: POSTMAN_IDS.workspaceShared },
      "collections of a workspace that has none",
    ),
    step(
      "pm-008",
      "getCollection",
      { collectionId: POSTMAN_IDS.collection, model: "full" },
      "the Deploy API collection in full",
    ),
    step(
      "pm-009",
      "getCollection",
      { collectionId: "28417730-ffffffff-6f3c-4d51-8e92-0c7a1b3d5f68", model: "full" },
      "a collection id that does not exist",
    ),
    step(
      "pm-010",
      "getCollection",
      { collectionId: "28417730-ffffffff-6f3c-4d51-8e92-0c7a1b3d5f68", model: "full" },
      "the same missing collection again, unchanged",
    ),
    step(
      "pm-011",
      "createCollection",
      {
        workspace: "Deploy Platform",
        collection: {
          info: {
            name: "Webhooks",
            schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json",
          },
          item: [],
        },
      },
      "create a collection, giving the workspace's name instead of its id",
    ),
    step(
      "pm-012",
      "createCollection",
      { workspace: POSTMAN_IDS.workspace, collection: { info: { name: "Webhooks" }, item: [] } },
      "create a collection without the required schema URL",
    ),
    step(
      "pm-013",
      "createEnvironment",
      {
        workspace: POSTMAN_IDS.workspace,
        environment: {
          name: "Production",
          values: [{ key: "baseUrl", value: "https://api.northwind.dev", enabled: true, type: "default" }],
        },
      },
      "create an environment",
    ),
    step("pm-014", "getEnvironment", { environmentId: POSTMAN_IDS.environment }, "the Staging environment"),
    step("pm-015", "getMocks", { workspace: POSTMAN_IDS.workspace }, "mock servers of the workspace (none)"),
    step(
      "pm-016",
      "updateWorkspace",
      { workspaceId: POSTMAN_IDS.workspaceShared, workspace: { name: "Partner APIs" } },
      "rename a workspace the user is only a viewer of",
    ),
    step(
      "pm-017",
      "getWorkspaces",
      {},
      "the workspaces while the API answers 429 (Retry-After 30)",
      flag("postmanRateLimited"),
    ),
    step(
      "pm-018",
      "getCollections",
      { workspace: POSTMAN_IDS.workspace },
      "collections while nginx in front of the API answers 503",
      flag("postmanUnavailable"),
    ),
    step(
      "pm-019",
      "getWorkspaces",
      {},
      "the workspaces while an SSO sign-in page answers HTTP 200",
      flag("postmanLoginPage"),
    ),
    step(
      "pm-020",
      "getAuthenticatedUser",
      {},
      "the user after the API key was revoked",
      flag("postmanKeyRevoked"),
    ),
    step(
      "pm-021",
      "getEnvironment",
      { environmentId: POSTMAN_IDS.environmentSlow },
      "an environment that takes the API 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "pm-022",
      "deleteCollection",
      { collectionId: POSTMAN_IDS.collection },
      "a tool the minimal set does not have",
    ),
    step(
      "pm-023",
      "getWorkspaces",
      {},
      "the workspaces while the API cannot be reached (stand-in stopped)",
      down(postmanStandin),
    ),
    step(
      "pm-024",
      "getEnvironment",
      { environmentId: POSTMAN_IDS.environmentSlow },
      "a slow environment read; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [linear, github, netlify, postman];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(path.join(DATA, "home"), { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
