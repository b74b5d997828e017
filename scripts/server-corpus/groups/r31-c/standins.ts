// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - GitHub's REST API (`https://api.github.com`) for @missionsquad/mcp-github, whose host is written into it: the
//   Packages endpoints (the GitHub Container Registry's and npm registry's package metadata), releases and release
//   assets, with GitHub's `{message, documentation_url, status}` error envelope and its rate-limit headers.
// - The OpenTofu Registry's docs API (`https://api.opentofu.org/registry/docs/…`) for @opentofu/opentofu-mcp-server,
//   whose host is written into it: the search worker's JSON, the R2-served provider/module indexes and markdown docs,
//   the worker's plain-text "Not Found" and "An internal server error occurred", and Cloudflare in front of it.
// Both are reached through standin-kit's `forwardProxy` (one per service, so one can be stopped alone):
// proxy-preload.mjs makes Node's fetch follow HTTPS_PROXY, and NODE_EXTRA_CA_CERTS trusts the stand-in certificate.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import path from "node:path";
import {
  certificate,
  clearTimers,
  cloudflare502,
  forwardProxy,
  json,
  later,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r31-c";
export const CERT = path.join(DATA, "standin-cert.pem");

export const GH_PROXY_PORT = 42650;
export const TOFU_PROXY_PORT = 42651;

export const ensureCertificate = (): Certificate => certificate(DATA, ["api.github.com", "api.opentofu.org"]);

export const state = {
  ghSecondaryLimit: false,
  ghPrimaryLimit: false,
  ghServerError: false,
  ghUnicorn: false,
  tofuRateLimited: false,
  tofuSearchDown: false,
  tofuBadGateway: false,
};

export const unknownRequests: string[] = [];

/** Requests each stand-in received (the README reports them). */
export const hits: Record<string, number> = {};

// ------------------------------------------------------------------------------------------------- GitHub

/** A classic PAT with `repo` and `read:packages`. */
export const GH_TOKEN = "ghp_R7kQ2mW9xT4vN8bL1cZ5hJ3fY6dS0aEpUoGi";
/** A classic PAT with `repo` only (no `read:packages`), as `gh auth login` makes by default. */
export const GH_TOKEN_NO_PACKAGES = "ghp_Z2nB8vC4xM6qW1eR9tY3uI7oP5aS0dFgHjKl";
/** A PAT deleted in the account's developer settings. */
export const GH_TOKEN_REVOKED = "ghp_A9sD8fG7hJ6kL5zX4cV3bN2mQ1wE0rTyUiOp";

export const ORG = "acme-platform";
export const USER = "mhartley";
export const USER_EMPTY = "lina-okafor";
export const REPO = "edge-gateway";
export const REPO_EMPTY = "infra-docs";
export const REPO_SLOW = "monorepo";
export const ASSET_ID = 204117736;
export const ASSET_MISSING = 204117001;

const GH = "https://api.github.com";
const reset = () => String(Math.floor(Date.now() / 1000) + 1800);
const rateHeaders = () => ({
  "x-ratelimit-limit": "5000",
  "x-ratelimit-remaining": "4731",
  "x-ratelimit-used": "269",
  "x-ratelimit-reset": reset(),
  "x-ratelimit-resource": "core",
  "x-github-api-version-selected": "2022-11-28",
});

const orgOwner = {
  login: ORG,
  id: 118204391,
  avatar_url: "https://avatars.githubusercontent.com/u/118204391?v=4",
  url: `${GH}/users/${ORG}`,
  html_url: `https://github.com/${ORG}`,
  type: "Organization",
  site_admin: false,
};
const userOwner = {
  login: USER,
  id: 9041227,
  avatar_url: "https://avatars.githubusercontent.com/u/9041227?v=4",
  url: `${GH}/users/${USER}`,
  html_url: `https://github.com/${USER}`,
  type: "User",
  site_admin: false,
};

const repoRef = (name: string) => ({
  id: 702118400 + name.length,
  node_id: "R_kgDOKdq2wA",
  name,
  full_name: `${ORG}/${name}`,
  private: true,
  owner: orgOwner,
  html_url: `https://github.com/${ORG}/${name}`,
  description: null,
  fork: false,
  url: `${GH}/repos/${ORG}/${name}`,
});

function pkg(
  owner: typeof orgOwner,
  ownerKind: "orgs" | "users",
  id: number,
  name: string,
  type: string,
  versions: number,
  visibility: string,
  created: string,
  updated: string,
  repo?: string,
) {
  const encoded = encodeURIComponent(name);
  const htmlBase =
    ownerKind === "orgs"
      ? `https://github.com/orgs/${owner.login}`
      : `https://github.com/users/${owner.login}`;
  return {
    id,
    name,
    package_type: type,
    owner,
    version_count: versions,
    visibility,
    url: `${GH}/${ownerKind}/${owner.login}/packages/${type}/${encoded}`,
    created_at: created,
    updated_at: updated,
    ...(repo ? { repository: repoRef(repo) } : {}),
    html_url: `${htmlBase}/packages/${type}/package/${encoded}`,
  };
}

const ORG_PACKAGES = [
  pkg(
    orgOwner,
    "orgs",
    3104428,
    "edge-gateway",
    "container",
    214,
    "private",
    "2024-03-11T09:14:52Z",
    "2026-12-04T16:41:07Z",
    "edge-gateway",
  ),
  pkg(
    orgOwner,
    "orgs",
    3104431,
    "edge-gateway/migrations",
    "container",
    58,
    "private",
    "2024-03-11T09:20:13Z",
    "2026-12-04T16:43:55Z",
    "edge-gateway",
  ),
  pkg(
    orgOwner,
    "orgs",
    3988120,
    "billing-worker",
    "container",
    97,
    "internal",
    "2024-09-02T13:05:41Z",
    "2026-12-01T08:12:30Z",
    "billing-worker",
  ),
  pkg(
    orgOwner,
    "orgs",
    4410273,
    "base-images/node22-distroless",
    "container",
    31,
    "public",
    "2025-05-19T10:48:02Z",
    "2026-11-28T22:03:19Z",
    "base-images",
  ),
];
const ORG_NPM_PACKAGES = [
  pkg(
    orgOwner,
    "orgs",
    2811904,
    "ui-kit",
    "npm",
    143,
    "private",
    "2023-11-07T15:31:26Z",
    "2026-12-05T11:02:44Z",
    "ui-kit",
  ),
  pkg(
    orgOwner,
    "orgs",
    2811977,
    "eslint-config",
    "npm",
    22,
    "private",
    "2023-11-07T16:02:10Z",
    "2026-08-14T09:27:51Z",
    "ui-kit",
  ),
];
const USER_PACKAGES = [
  pkg(
    userOwner,
    "users",
    2290551,
    "dotfiles-devcontainer",
    "container",
    12,
    "public",
    "2023-06-21T19:44:08Z",
    "2026-10-30T07:15:42Z",
  ),
];

const asset = (id: number, name: string, size: number, type: string, downloads: number, tag: string) => ({
  url: `${GH}/repos/${ORG}/${REPO}/releases/assets/${id}`,
  id,
  node_id: "RA_kwDOKdq2wM4MKpHo",
  name,
  label: "",
  uploader: userOwner,
  content_type: type,
  state: "uploaded",
  size,
  download_count: downloads,
  created_at: "2026-12-04T16:52:18Z",
  updated_at: "2026-12-04T16:52:20Z",
  browser_download_url: `https://github.com/${ORG}/${REPO}/releases/download/${tag}/${name}`,
});

const release = (
  id: number,
  tag: string,
  name: string,
  published: string,
  prerelease: boolean,
  assets: unknown[],
) => ({
  url: `${GH}/repos/${ORG}/${REPO}/releases/${id}`,
  assets_url: `${GH}/repos/${ORG}/${REPO}/releases/${id}/assets`,
  upload_url: `https://uploads.github.com/repos/${ORG}/${REPO}/releases/${id}/assets{?name,label}`,
  html_url: `https://github.com/${ORG}/${REPO}/releases/tag/${tag}`,
  id,
  author: userOwner,
  node_id: "RE_kwDOKdq2wM4Ls1xF",
  tag_name: tag,
  target_commitish: "main",
  name,
  draft: false,
  prerelease,
  created_at: published,
  published_at: published,
  assets,
  tarball_url: `${GH}/repos/${ORG}/${REPO}/tarball/${tag}`,
  zipball_url: `${GH}/repos/${ORG}/${REPO}/zipball/${tag}`,
  body: `## What's Changed\n* Image pushed to ghcr.io/${ORG}/${REPO}:${tag}\n\n**Full Changelog**: https://github.com/${ORG}/${REPO}/compare/${tag}`,
});

const RELEASES = [
  release(188230417, "v3.14.0", "v3.14.0", "2026-12-04T16:52:11Z", false, [
    asset(ASSET_ID, "edge-gateway_3.14.0_linux_amd64.tar.gz", 18_734_112, "application/gzip", 412, "v3.14.0"),
    asset(
      ASSET_ID + 1,
      "edge-gateway_3.14.0_linux_arm64.tar.gz",
      17_102_540,
      "application/gzip",
      96,
      "v3.14.0",
    ),
    asset(ASSET_ID + 2, "edge-gateway_3.14.0.sbom.spdx.json", 1_208_331, "application/json", 31, "v3.14.0"),
  ]),
  release(187914002, "v3.14.0-rc.2", "v3.14.0-rc.2", "2026-11-29T10:07:45Z", true, []),
  release(186500271, "v3.13.2", "v3.13.2", "2026-11-12T13:30:02Z", false, []),
];

const ghError = (
  res: http.ServerResponse,
  status: number,
  message: string,
  doc: string,
  headers: Record<string, string> = {},
) =>
  json(
    res,
    status,
    {
      message,
      documentation_url: doc.startsWith("http") ? doc : `https://docs.github.com/rest/${doc}`,
      status: String(status),
    },
    headers,
  );

const GITHUB_UNICORN = `<!DOCTYPE html>
<html>
  <head>
    <meta http-equiv="Content-type" content="text/html; charset=utf-8">
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; base-uri 'self'; connect-src 'self'; form-action 'self'; img-src 'self' data:; script-src 'self'; style-src 'unsafe-inline'">
    <meta content="origin" name="referrer">
    <title>Unicorn! &middot; GitHub</title>
    <style type="text/css" media="screen">
      body { background-color: #f1f1f1; margin: 0; font-family: "Helvetica Neue", Helvetica, Arial, sans-serif; }
      .container { margin: 50px auto 40px auto; width: 600px; text-align: center; }
      p { color: rgba(0, 0, 0, 0.5); margin: 20px 0; line-height: 1.6; }
    </style>
  </head>
  <body>
    <div class="container">
      <p><strong>We couldn't respond to your request in time.</strong></p>
      <p>Sorry about that. Please try refreshing and contact us if the problem persists.</p>
      <div id="suggestions">
        <a href="https://github.com/contact">Contact Support</a> &mdash;
        <a href="https://www.githubstatus.com">GitHub Status</a> &mdash;
        <a href="https://twitter.com/githubstatus">@githubstatus</a>
      </div>
    </div>
  </body>
</html>
`;

function githubHandler(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  hits["api.github.com"] = (hits["api.github.com"] ?? 0) + 1;
  const p = url.pathname;
  const q = url.searchParams;
  if (state.ghUnicorn) return text(res, 502, GITHUB_UNICORN, "text/html; charset=utf-8");
  const auth = req.headers.authorization ?? "";
  const token = auth.replace(/^Bearer /, "");
  if (token !== GH_TOKEN && token !== GH_TOKEN_NO_PACKAGES) {
    return ghError(res, 401, "Bad credentials", "https://docs.github.com/rest");
  }
  if (state.ghPrimaryLimit) {
    return ghError(
      res,
      403,
      "API rate limit exceeded for user ID 9041227. If you reach out to GitHub Support for help, please include the request ID 8C4E:1F0A:2B7D31E:2C9A0F4:6754A2D1.",
      "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-the-primary-rate-limit",
      { ...rateHeaders(), "x-ratelimit-remaining": "0", "x-ratelimit-used": "5000" },
    );
  }
  if (state.ghSecondaryLimit) {
    return ghError(
      res,
      429,
      "You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID 5B12:3E9C:1A04F7:1B2D6E:6754A2F8.",
      "https://docs.github.com/free-pro-team@latest/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits",
      { ...rateHeaders(), "retry-after": "60" },
    );
  }
  if (state.ghServerError) return json(res, 500, { message: "Server Error" }, rateHeaders());
  const ok = (value: unknown) => json(res, 200, value, rateHeaders());
  const listForbidden = () =>
    ghError(
      res,
      403,
      "You need at least read:packages scope to list packages.",
      p.startsWith("/orgs/")
        ? "packages/packages#list-packages-for-an-organization"
        : "packages/packages#list-packages-for-a-user",
      rateHeaders(),
    );
  const page = (items: unknown[]) => {
    const perPage = Number(q.get("per_page") ?? 30);
    const n = Number(q.get("page") ?? 1);
    return items.slice((n - 1) * perPage, n * perPage);
  };

  let m: RegExpMatchArray | null;
  if ((m = p.match(/^\/(orgs|users)\/([^/]+)\/packages$/))) {
    if (token === GH_TOKEN_NO_PACKAGES) return listForbidden();
    const type = q.get("package_type");
    const visibility = q.get("visibility");
    if (m[1] === "orgs" && m[2] === ORG) {
      const all = type === "container" ? ORG_PACKAGES : type === "npm" ? ORG_NPM_PACKAGES : [];
      return ok(page(all.filter((item) => !visibility || item.visibility === visibility)));
    }
    if (m[1] === "users" && m[2] === USER) return ok(page(type === "container" ? USER_PACKAGES : []));
    if (m[1] === "users" && m[2] === USER_EMPTY) return ok([]);
    return ghError(res, 404, "Not Found", "packages/packages", rateHeaders());
  }
  if ((m = p.match(/^\/(orgs|users)\/([^/]+)\/packages\/([^/]+)\/(.+)$/))) {
    const name = decodeURIComponent(m[4]!);
    const all =
      m[1] === "orgs" && m[2] === ORG
        ? [...ORG_PACKAGES, ...ORG_NPM_PACKAGES]
        : m[2] === USER
          ? USER_PACKAGES
          : [];
    const found = all.find((item) => item.package_type === m![3] && item.name === name);
    if (found) return ok(found);
    return ghError(
      res,
      404,
      "Package not found.",
      m[1] === "orgs"
        ? "packages/packages#get-a-package-for-an-organization"
        : "packages/packages#get-a-package-for-a-user",
      rateHeaders(),
    );
  }
  if ((m = p.match(/^\/repos\/([^/]+)\/([^/]+)\/releases$/))) {
    if (m[2] === REPO_SLOW) return later(15_000, () => ok([]));
    if (m[1] === ORG && m[2] === REPO) return ok(page(RELEASES));
    if (m[1] === ORG && m[2] === REPO_EMPTY) return ok([]);
    return ghError(res, 404, "Not Found", "releases/releases#list-releases", rateHeaders());
  }
  if ((m = p.match(/^\/repos\/([^/]+)\/([^/]+)\/releases\/assets\/(\d+)$/))) {
    const found = RELEASES.flatMap((r) => r.assets as { id: number }[]).find((a) => a.id === Number(m![3]));
    if (m[1] === ORG && m[2] === REPO && found) return ok(found);
    return ghError(res, 404, "Not Found", "releases/assets#get-a-release-asset", rateHeaders());
  }
  if (p === "/rate_limit") {
    // The resources GitHub's "Get rate limit status for the authenticated user" reference lists in its example.
    const hour = Number(reset());
    const minute = Math.floor(Date.now() / 1000) + 60;
    const core = { limit: 5000, used: 269, remaining: 4731, reset: hour };
    return ok({
      resources: {
        core,
        search: { limit: 30, used: 0, remaining: 30, reset: minute },
        graphql: { limit: 5000, used: 12, remaining: 4988, reset: hour },
        integration_manifest: { limit: 5000, used: 0, remaining: 5000, reset: hour },
        source_import: { limit: 100, used: 0, remaining: 100, reset: minute },
        code_scanning_upload: { limit: 1000, used: 0, remaining: 1000, reset: hour },
        actions_runner_registration: { limit: 10000, used: 0, remaining: 10000, reset: hour },
        scim: { limit: 15000, used: 0, remaining: 15000, reset: hour },
        dependency_snapshots: { limit: 100, used: 0, remaining: 100, reset: minute },
        code_search: { limit: 10, used: 0, remaining: 10, reset: minute },
        audit_log: { limit: 1750, used: 0, remaining: 1750, reset: hour },
      },
      rate: core,
    });
  }
  unknownRequests.push(`GitHub ${req.method} ${p}${url.search}`);
  // GitHub answers a route it does not have (e.g. /repos/{owner}/{repo}/packages) with its generic 404.
  return ghError(res, 404, "Not Found", "https://docs.github.com/rest", rateHeaders());
}

export const ghProxy = forwardProxy(GH_PROXY_PORT, ensureCertificate, githubHandler);

// ------------------------------------------------------------------------------------------ OpenTofu Registry

const CF_RAY = "8ed41c7a9b2e4f10-FRA";

const searchItem = (
  type: string,
  addr: string,
  version: string,
  title: string,
  description: string,
  link: Record<string, string>,
  id: string,
) => ({
  id,
  last_updated: "2026-12-05T03:12:44.918Z",
  type,
  addr,
  version,
  title,
  description,
  link_variables: link,
  term_match_count: "1",
  rank: 1,
});

const SEARCH: Record<string, ReturnType<typeof searchItem>[]> = {
  harbor: [
    searchItem(
      "provider",
      "goharbor/harbor",
      "v3.10.17",
      "harbor",
      "Terraform provider for Harbor container registry (projects, robot accounts, registries, replications)",
      { namespace: "goharbor", name: "harbor", version: "v3.10.17" },
      "providers/goharbor/harbor",
    ),
    searchItem(
      "provider/resource",
      "goharbor/harbor",
      "v3.10.17",
      "harbor_project",
      "Manages a Harbor project",
      { namespace: "goharbor", name: "harbor", version: "v3.10.17", id: "project" },
      "providers/goharbor/harbor/v3.10.17/resources/project",
    ),
    searchItem(
      "provider/resource",
      "goharbor/harbor",
      "v3.10.17",
      "harbor_robot_account",
      "Manages a system or project level robot account",
      { namespace: "goharbor", name: "harbor", version: "v3.10.17", id: "robot_account" },
      "providers/goharbor/harbor/v3.10.17/resources/robot_account",
    ),
  ],
  "ecr repository": [
    searchItem(
      "module",
      "terraform-aws-modules/ecr/aws",
      "v2.3.1",
      "ecr",
      "Terraform module to create AWS ECR resources 🇺🇦",
      { namespace: "terraform-aws-modules", name: "ecr", target: "aws", version: "v2.3.1" },
      "modules/terraform-aws-modules/ecr/aws",
    ),
    searchItem(
      "provider/resource",
      "hashicorp/aws",
      "v5.82.2",
      "aws_ecr_repository",
      "Provides an Elastic Container Registry Repository.",
      { namespace: "hashicorp", name: "aws", version: "v5.82.2", id: "ecr_repository" },
      "providers/hashicorp/aws/v5.82.2/resources/ecr_repository",
    ),
    searchItem(
      "provider/data-source",
      "hashicorp/aws",
      "v5.82.2",
      "aws_ecr_image",
      "Provides details about an ECR Image",
      { namespace: "hashicorp", name: "aws", version: "v5.82.2", id: "ecr_image" },
      "providers/hashicorp/aws/v5.82.2/datasources/ecr_image",
    ),
  ],
};

const providerIndex = (
  namespace: string,
  name: string,
  description: string,
  versions: string[],
  popularity: number,
) => ({
  addr: { display: `${namespace}/${name}`, namespace, name },
  link: `https://github.com/${namespace}/terraform-provider-${name}`,
  canonical_addr: null,
  reverse_aliases: [],
  description,
  popularity,
  fork_count: Math.floor(popularity / 3),
  fork_of: { display: "", namespace: "", name: "" },
  upstream_popularity: 0,
  upstream_fork_count: 0,
  versions: versions.map((id, i) => ({
    id,
    published: new Date(Date.UTC(2026, 11, 4 - i * 9)).toISOString(),
  })),
  is_blocked: false,
});

const docItem = (name: string, title: string, description: string) => ({
  name,
  title,
  subcategory: "",
  description,
  edit_link: "",
});

const PROVIDERS: Record<string, ReturnType<typeof providerIndex>> = {
  "goharbor/harbor": providerIndex(
    "goharbor",
    "harbor",
    "Terraform provider for Harbor container registry (projects, robot accounts, registries, replications)",
    ["v3.10.17", "v3.10.16", "v3.10.15", "v3.10.14"],
    143,
  ),
  "hashicorp/aws": providerIndex(
    "hashicorp",
    "aws",
    "The AWS Provider enables Terraform to manage AWS resources.",
    ["v5.82.2", "v5.82.1", "v5.81.0"],
    10021,
  ),
  // A provider the registry lists with no published version yet (its docs index has nothing to point at).
  "acme-labs/artifactory-lite": providerIndex(
    "acme-labs",
    "artifactory-lite",
    "Minimal JFrog Artifactory provider (repositories and permission targets only)",
    [],
    3,
  ),
};

const PROVIDER_VERSIONS: Record<string, unknown> = {
  "goharbor/harbor/v3.10.17": {
    id: "v3.10.17",
    published: "2026-12-04T00:00:00.000Z",
    link: "https://github.com/goharbor/terraform-provider-harbor/tree/v3.10.17",
    docs: {
      index: { name: "index", title: "Provider: Harbor", subcategory: "", description: "", edit_link: "" },
      resources: [
        docItem("config_auth", "harbor_config_auth", "Configures authentication (LDAP, OIDC) for Harbor"),
        docItem("garbage_collection", "harbor_garbage_collection", "Schedules Harbor garbage collection"),
        docItem("project", "harbor_project", "Manages a Harbor project"),
        docItem(
          "project_member_group",
          "harbor_project_member_group",
          "Adds a group to a project with a role",
        ),
        docItem("registry", "harbor_registry", "Manages a replication endpoint (a remote registry)"),
        docItem("replication", "harbor_replication", "Manages a replication policy"),
        docItem("retention_policy", "harbor_retention_policy", "Manages a project's tag retention policy"),
        docItem("robot_account", "harbor_robot_account", "Manages a system or project level robot account"),
      ],
      datasources: [
        docItem("project", "harbor_project", "Reads a Harbor project by name"),
        docItem("projects", "harbor_projects", "Lists Harbor projects"),
        docItem("registry", "harbor_registry", "Reads a replication endpoint"),
      ],
      functions: [],
      guides: [],
    },
    cdktf_docs: {},
    license: [{ spdx: "MIT", confidence: 1, is_compatible: true, file: "LICENSE", link: "" }],
    incompatible_license: false,
  },
};

const MODULES: Record<string, unknown> = {
  "terraform-aws-modules/ecr/aws": {
    addr: {
      display: "terraform-aws-modules/ecr/aws",
      namespace: "terraform-aws-modules",
      name: "ecr",
      target: "aws",
    },
    description: "Terraform module to create AWS ECR resources 🇺🇦",
    versions: ["v2.3.1", "v2.3.0", "v2.2.1", "v2.2.0", "v2.1.1"].map((id, i) => ({
      id,
      published: new Date(Date.UTC(2026, 10, 20 - i * 21)).toISOString(),
    })),
    is_blocked: false,
    popularity: 212,
    fork_count: 151,
    fork_of: { display: "", namespace: "", name: "", target: "" },
    upstream_popularity: 0,
    upstream_fork_count: 0,
  },
};

const ECR_REPOSITORY_DOC = `---
subcategory: "ECR (Elastic Container Registry)"
layout: "aws"
page_title: "AWS: aws_ecr_repository"
description: |-
  Provides an Elastic Container Registry Repository.
---

# Resource: aws_ecr_repository

Provides an Elastic Container Registry Repository.

## Example Usage

\`\`\`terraform
resource "aws_ecr_repository" "foo" {
  name                 = "bar"
  image_tag_mutability = "MUTABLE"

  image_scanning_configuration {
    scan_on_push = true
  }
}
\`\`\`

## Argument Reference

This resource supports the following arguments:

* \`name\` - (Required) Name of the repository.
* \`encryption_configuration\` - (Optional) Encryption configuration for the repository. See below for schema.
* \`force_delete\` - (Optional) If \`true\`, will delete the repository even if it contains images. Defaults to \`false\`.
* \`image_tag_mutability\` - (Optional) The tag mutability setting for the repository. Must be one of: \`MUTABLE\` or \`IMMUTABLE\`. Defaults to \`MUTABLE\`.
* \`image_scanning_configuration\` - (Optional) Configuration block that defines image scanning configuration for the repository. By default, image scanning must be manually triggered. See the [ECR User Guide](https://docs.aws.amazon.com/AmazonECR/latest/userguide/image-scanning.html) for more information about image scanning.
    * \`scan_on_push\` - (Required) Indicates whether images are scanned after being pushed to the repository (true) or not scanned (false).
* \`tags\` - (Optional) A map of tags to assign to the resource.

## Attribute Reference

This resource exports the following attributes in addition to the arguments above:

* \`arn\` - Full ARN of the repository.
* \`registry_id\` - The registry ID where the repository was created.
* \`repository_url\` - The URL of the repository (in the form \`aws_account_id.dkr.ecr.region.amazonaws.com/repositoryName\`).

## Import

Using \`terraform import\`, import ECR Repositories using the \`name\`. For example:

\`\`\`console
% terraform import aws_ecr_repository.service test-service
\`\`\`
`;

const HARBOR_PROJECTS_DOC = `# Data Source: harbor_projects

## Example Usage

\`\`\`hcl
data "harbor_projects" "proxy" {
  type = "ProxyCache"
}

output "proxy_cache_projects" {
  value = data.harbor_projects.proxy
}
\`\`\`

## Argument Reference
The following arguments are supported:

* \`name\` - (Optional) The name of the project.
* \`public\` - (Optional) If the project will be public accessibility.
* \`type\` - (Optional) The type of the project : Project or ProxyCache.
* \`vulnerability_scanning\` - (Optional) If the images will be scanned for vulnerabilities when push to harbor.

## Attributes Reference
In addition to all arguments above, the following attributes are exported:

* \`projects\` - (Computed) A list of projects, each with \`name\`, \`project_id\`, \`public\`, \`type\` and \`vulnerability_scanning\`.
`;

const DOCS: Record<string, string> = {
  "providers/hashicorp/aws/v5.82.2/resources/ecr_repository.md": ECR_REPOSITORY_DOC,
  "providers/goharbor/harbor/v3.10.17/datasources/projects.md": HARBOR_PROJECTS_DOC,
};

function tofuHandler(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  hits["api.opentofu.org"] = (hits["api.opentofu.org"] ?? 0) + 1;
  const p = url.pathname;
  if (state.tofuBadGateway)
    return text(res, 502, cloudflare502("api.opentofu.org", CF_RAY), "text/html; charset=UTF-8");
  if (state.tofuRateLimited) {
    return text(res, 429, "error code: 1015", "text/plain; charset=UTF-8", {
      "retry-after": "30",
      server: "cloudflare",
      "cf-ray": CF_RAY,
    });
  }
  const cors = { "access-control-allow-origin": "*", "access-control-allow-methods": "GET" };
  if (p === "/registry/docs/search") {
    const query = url.searchParams.get("q");
    if (!query) return text(res, 400, 'Query parameter "q" is required', "text/plain;charset=UTF-8", cors);
    if (state.tofuSearchDown) {
      return text(res, 500, "An internal server error occurred", "text/plain;charset=UTF-8", cors);
    }
    if (query === "quay robot slow") return later(15_000, () => json(res, 200, [], cors));
    return json(res, 200, SEARCH[query.toLowerCase()] ?? [], {
      "cache-control": "public, max-age=300",
      ...cors,
    });
  }
  if (p.startsWith("/registry/docs/")) {
    // The worker lower-cases the object key before asking R2.
    const key = p.replace("/registry/docs/", "").toLowerCase();
    let m: RegExpMatchArray | null;
    if ((m = key.match(/^providers\/([^/]+)\/([^/]+)\/index\.json$/)) && PROVIDERS[`${m[1]}/${m[2]}`]) {
      return json(res, 200, PROVIDERS[`${m[1]}/${m[2]}`], {
        "cache-control": "public, max-age=3600",
        ...cors,
      });
    }
    if (
      (m = key.match(/^providers\/([^/]+)\/([^/]+)\/([^/]+)\/index\.json$/)) &&
      PROVIDER_VERSIONS[`${m[1]}/${m[2]}/${m[3]}`]
    ) {
      return json(res, 200, PROVIDER_VERSIONS[`${m[1]}/${m[2]}/${m[3]}`], {
        "cache-control": "public, max-age=3600",
        ...cors,
      });
    }
    if (
      (m = key.match(/^modules\/([^/]+)\/([^/]+)\/([^/]+)\/index\.json$/)) &&
      MODULES[`${m[1]}/${m[2]}/${m[3]}`]
    ) {
      return json(res, 200, MODULES[`${m[1]}/${m[2]}/${m[3]}`], {
        "cache-control": "public, max-age=3600",
        ...cors,
      });
    }
    if (DOCS[key]) {
      return text(res, 200, DOCS[key], "text/markdown", { "cache-control": "public, max-age=3600", ...cors });
    }
    return text(res, 404, "Not Found", "text/plain;charset=UTF-8", cors);
  }
  unknownRequests.push(`OpenTofu ${req.method} ${p}${url.search}`);
  return text(res, 404, "Not Found", "text/plain;charset=UTF-8", cors);
}

export const tofuProxy = forwardProxy(TOFU_PROXY_PORT, ensureCertificate, tofuHandler);

export const ALL_STANDINS = [ghProxy, tofuProxy];

export function resetCounters() {
  for (const key of Object.keys(hits)) delete hits[key];
  unknownRequests.length = 0;
}
