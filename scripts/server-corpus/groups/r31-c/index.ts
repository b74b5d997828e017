// Group r31-c: artifact registries — GitHub Packages (the GitHub Container Registry's and npm registry's package
// metadata) and release assets through @missionsquad/mcp-github's package and release tools, and the OpenTofu Registry
// (providers, modules and their docs) through @opentofu/opentofu-mcp-server: each published MCP server behind a loopback
// stand-in that answers with the real service's bodies and error bodies (standins.ts). No container-registry MCP server
// (Docker Hub, Harbor, Quay, Artifactory, Nexus, ECR, ACR) installs from this machine's npm mirror; README.md lists what
// was looked up.
//
//   (cd scripts/server-corpus/groups/r31-c && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r31-c

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  ASSET_ID,
  ASSET_MISSING,
  CERT,
  DATA,
  GH_PROXY_PORT,
  GH_TOKEN,
  GH_TOKEN_NO_PACKAGES,
  GH_TOKEN_REVOKED,
  ORG,
  REPO,
  REPO_EMPTY,
  REPO_SLOW,
  TOFU_PROXY_PORT,
  USER,
  USER_EMPTY,
  clearTimers,
  ensureCertificate,
  ghProxy,
  hits,
  resetCounters,
  state,
  tofuProxy,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@missionsquad/mcp-github": "0.10.8",
  "@opentofu/opentofu-mcp-server": "0.1.5",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

const proxied = (port: number) => ({
  HTTPS_PROXY: `http://127.0.0.1:${port}`,
  NODE_EXTRA_CA_CERTS: CERT,
  NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
  HOME,
});

// ------------------------------------------------------------------------------- @missionsquad/mcp-github (stdio)

const githubServer = (label: string, token: string) =>
  stdioServer(label, "@missionsquad/mcp-github", {
    from: FROM,
    cwd: DATA,
    env: { ...proxied(GH_PROXY_PORT), GITHUB_PERSONAL_ACCESS_TOKEN: token },
  });

const github: SessionSpec = {
  label: "r31-c-github",
  server: "@missionsquad/mcp-github",
  transport: "stdio",
  start: githubServer("r31-c-github", GH_TOKEN),
  steps: [
    step(
      "ghp-001",
      "list_org_packages",
      { org: ORG, package_type: "container" },
      "an organization's container images on ghcr.io",
    ),
    step(
      "ghp-002",
      "list_org_packages",
      { org: ORG, package_type: "maven" },
      "the organization's Maven packages (it publishes none)",
    ),
    step(
      "ghp-003",
      "list_org_packages",
      { org: ORG, package_type: "npm", per_page: 10 },
      "the organization's npm packages",
    ),
    step(
      "ghp-004",
      "get_org_package",
      { org: ORG, package_type: "container", package_name: "edge-gateway" },
      "one container image's package metadata",
    ),
    step(
      "ghp-005",
      "get_org_package",
      { org: ORG, package_type: "container", package_name: "edge-gateway-legacy" },
      "a container package that was deleted (404 'Package not found.')",
    ),
    step(
      "ghp-006",
      "get_org_package",
      { org: ORG, package_type: "container", package_name: "edge-gateway-legacy" },
      "the same call again, name unchanged",
    ),
    step(
      "ghp-007",
      "get_user_package",
      { username: USER, package_type: "container", package_name: "dotfiles-devcontainer" },
      "a user's public devcontainer image",
    ),
    step(
      "ghp-008",
      "list_user_packages",
      { username: USER, package_type: "container" },
      "a user's container images",
    ),
    step(
      "ghp-009",
      "list_user_packages",
      { username: USER_EMPTY, package_type: "container" },
      "a user who has published no container image",
    ),
    step(
      "ghp-010",
      "list_repo_packages",
      { owner: ORG, repo: REPO, package_type: "container" },
      "a repository's packages (the server calls /repos/{owner}/{repo}/packages, a route GitHub does not have)",
    ),
    step(
      "ghp-011",
      "list_releases",
      { owner: ORG, repo: REPO, per_page: 5 },
      "a repository's releases and their assets",
    ),
    step(
      "ghp-012",
      "list_releases",
      { owner: ORG, repo: REPO_EMPTY },
      "a repository that has never made a release",
    ),
    step(
      "ghp-013",
      "get_release_asset",
      { owner: ORG, repo: REPO, asset_id: ASSET_ID },
      "one release asset (a linux/amd64 tarball)",
    ),
    step(
      "ghp-014",
      "get_release_asset",
      { owner: ORG, repo: REPO, asset_id: ASSET_MISSING },
      "an asset id that belongs to no release",
    ),
    step("ghp-015", "get_rate_limit", {}, "the token's remaining API quota"),
    step(
      "ghp-016",
      "list_org_packages",
      { org: ORG, package_type: "helm" },
      "a package type GitHub Packages does not have (the schema's enum)",
    ),
    step(
      "ghp-017",
      "get_org_package",
      { org: ORG, package_type: "container", package_name: "billing-worker" },
      "a package while GitHub answers its secondary rate limit (429, Retry-After 60)",
      flag("ghSecondaryLimit"),
    ),
    step(
      "ghp-018",
      "list_user_packages",
      { username: USER, package_type: "container" },
      "a user's packages while the token's hourly quota is spent (403, x-ratelimit-remaining 0)",
      flag("ghPrimaryLimit"),
    ),
    step(
      "ghp-019",
      "list_releases",
      { owner: ORG, repo: REPO },
      'releases while GitHub answers 500 {"message": "Server Error"}',
      flag("ghServerError"),
    ),
    step(
      "ghp-020",
      "get_org_package",
      { org: ORG, package_type: "npm", package_name: "ui-kit" },
      "a package while GitHub answers its HTML 'Unicorn!' 502 page",
      flag("ghUnicorn"),
    ),
    step(
      "ghp-021",
      "list_releases",
      { owner: ORG, repo: REPO_SLOW },
      "a repository's releases that GitHub takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "ghp-022",
      "list_org_packages",
      { org: ORG, package_type: "container" },
      "the organization's images while api.github.com cannot be reached",
      down(ghProxy),
    ),
    step(
      "ghp-023",
      "list_package_versions",
      { org: ORG, package_type: "container", package_name: "edge-gateway" },
      "a tool the server does not have (a package's versions and tags)",
    ),
  ],
};

const githubNoScope: SessionSpec = {
  label: "r31-c-github-noscope",
  server: "@missionsquad/mcp-github",
  transport: "stdio",
  start: githubServer("r31-c-github-noscope", GH_TOKEN_NO_PACKAGES),
  steps: [
    step(
      "ghp-024",
      "list_org_packages",
      { org: ORG, package_type: "container" },
      "the organization's images with a token that lacks read:packages (403)",
    ),
  ],
};

const githubRevoked: SessionSpec = {
  label: "r31-c-github-revoked",
  server: "@missionsquad/mcp-github",
  transport: "stdio",
  start: githubServer("r31-c-github-revoked", GH_TOKEN_REVOKED),
  steps: [
    step(
      "ghp-025",
      "get_org_package",
      { org: ORG, package_type: "container", package_name: "edge-gateway" },
      "a package with a token deleted in the account's settings (401 'Bad credentials')",
    ),
  ],
};

// --------------------------------------------------------------------------- @opentofu/opentofu-mcp-server (stdio)

const tofu: SessionSpec = {
  label: "r31-c-tofu",
  server: "@opentofu/opentofu-mcp-server",
  transport: "stdio",
  start: stdioServer("r31-c-tofu", "@opentofu/opentofu-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: proxied(TOFU_PROXY_PORT),
  }),
  steps: [
    step(
      "tofu-001",
      "search-opentofu-registry",
      { query: "harbor" },
      "everything the registry has for Harbor",
    ),
    step(
      "tofu-002",
      "search-opentofu-registry",
      { query: "harbor", type: "provider" },
      "Harbor providers only",
    ),
    step(
      "tofu-003",
      "search-opentofu-registry",
      { query: "ecr repository", type: "module" },
      "modules for ECR repositories",
    ),
    step("tofu-004", "search-opentofu-registry", { query: "chartmuseum" }, "a search that matches nothing"),
    step(
      "tofu-005",
      "get-provider-details",
      { namespace: "goharbor", name: "harbor" },
      "the Harbor provider's versions, resources and data sources",
    ),
    step(
      "tofu-006",
      "get-provider-details",
      { namespace: "hashicorp", name: "awss" },
      "a provider name with a typo (the registry answers 404)",
    ),
    step(
      "tofu-007",
      "get-provider-details",
      { namespace: "acme-labs", name: "artifactory-lite" },
      "a provider listed with no published version",
    ),
    step(
      "tofu-008",
      "get-module-details",
      { namespace: "terraform-aws-modules", name: "ecr", target: "aws" },
      "the ECR module's versions",
    ),
    step(
      "tofu-009",
      "get-module-details",
      { namespace: "terraform-aws-modules", name: "terraform-aws-ecr", target: "aws" },
      "the module by its repository name (the registry answers 404)",
    ),
    step(
      "tofu-010",
      "get-resource-docs",
      { namespace: "hashicorp", name: "aws", resource: "ecr_repository" },
      "aws_ecr_repository's docs at the provider's latest version",
    ),
    step(
      "tofu-011",
      "get-resource-docs",
      { namespace: "hashicorp", name: "aws", resource: "ecr_repository", version: "v5.82.2" },
      "the same docs at a pinned version",
    ),
    step(
      "tofu-012",
      "get-datasource-docs",
      { namespace: "goharbor", name: "harbor", dataSource: "projects" },
      "the harbor_projects data source's docs",
    ),
    step(
      "tofu-013",
      "get-resource-docs",
      { namespace: "goharbor", name: "harbor", resource: "harbor_project" },
      "a resource named with its provider prefix (the registry answers 404)",
    ),
    step(
      "tofu-014",
      "get-resource-docs",
      { namespace: "goharbor", name: "harbor", resource: "harbor_project" },
      "the same call again, name unchanged",
    ),
    step(
      "tofu-015",
      "get-datasource-docs",
      { namespace: "hashicorp", name: "aws", dataSource: "ecr_image", version: "5.82.2" },
      "a data source at a version written without its 'v' (the registry answers 404)",
    ),
    step(
      "tofu-016",
      "get-resource-docs",
      { namespace: "acme-labs", name: "artifactory-lite", resource: "repository" },
      "a resource of a provider with no published version",
    ),
    step(
      "tofu-017",
      "search-opentofu-registry",
      { query: "k" },
      "a one-letter search (the schema wants two)",
    ),
    step(
      "tofu-018",
      "get-module-details",
      { namespace: "terraform-aws-modules", name: "ecr" },
      "a module lookup without its target",
    ),
    step(
      "tofu-019",
      "search-opentofu-registry",
      { query: "harbor", type: "provider" },
      "a search while Cloudflare rate-limits the caller (429 'error code: 1015', Retry-After 30)",
      flag("tofuRateLimited"),
    ),
    step(
      "tofu-020",
      "search-opentofu-registry",
      { query: "ecr repository" },
      "a search while the search worker's database is down (500 'An internal server error occurred')",
      flag("tofuSearchDown"),
    ),
    step(
      "tofu-021",
      "get-provider-details",
      { namespace: "hashicorp", name: "aws" },
      "a provider while Cloudflare in front of the registry answers its 502 page",
      flag("tofuBadGateway"),
    ),
    step(
      "tofu-022",
      "search-opentofu-registry",
      { query: "quay robot slow" },
      "a search the registry takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "tofu-023",
      "get-module-details",
      { namespace: "terraform-aws-modules", name: "ecr", target: "aws" },
      "a module while api.opentofu.org cannot be reached",
      down(tofuProxy),
    ),
    step(
      "tofu-024",
      "list-provider-versions",
      { namespace: "goharbor", name: "harbor" },
      "a tool the server does not have",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [github, githubNoScope, githubRevoked, tofu];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  resetCounters();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
    console.error(`requests by host: ${JSON.stringify(hits)}`);
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
