// Group r40-c: a build system — Nx, through Nrwl's own nx-mcp (its workspace tools read the project graph of a
// local Nx 22 workspace; its CI tools read Nx Cloud's CI pipeline executions, task logs and self-healing fixes; its
// docs and plugin tools read nx.dev and GitHub). The kind asked for (build systems, package and artifact registries)
// had one installable server on this machine's registry that the corpus lacks; README.md says which were tried. The
// published server is behind loopback stand-ins of cloud.nx.app, nx.dev and raw.githubusercontent.com (standins.ts)
// and runs on a small workspace made here (three projects, a git repository on a feature branch).
//
//   (cd scripts/server-corpus/groups/r40-c && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r40-c

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  CURRENT_BRANCH,
  DATA,
  FIX_SHORT_LINK,
  PROXY_PORT,
  RUN_FAILED,
  clearTimers,
  ensureCertificate,
  proxy,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "nx-mcp": "0.25.0",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const WORKSPACE = path.join(DATA, "storefront");

function write(file: string, body: unknown) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof body === "string" ? body : JSON.stringify(body, null, 2) + "\n");
}

/** A small Nx 22 workspace connected to Nx Cloud: two libraries and an app, on a feature branch of a git repository. */
function makeWorkspace() {
  fs.rmSync(WORKSPACE, { recursive: true, force: true });
  write(path.join(WORKSPACE, "package.json"), {
    name: "@acme/storefront",
    version: "0.0.0",
    private: true,
    devDependencies: { nx: "22.6.1" },
  });
  write(path.join(WORKSPACE, "nx.json"), {
    $schema: "./node_modules/nx/schemas/nx-schema.json",
    namedInputs: {
      default: ["{projectRoot}/**/*", "sharedGlobals"],
      production: ["default", "!{projectRoot}/**/*.spec.ts"],
      sharedGlobals: [],
    },
    targetDefaults: {
      build: { dependsOn: ["^build"], inputs: ["production", "^production"], cache: true },
      test: { inputs: ["default", "^production"], cache: true },
      lint: { cache: true },
    },
    defaultBase: "main",
    nxCloudId: "6650e1f2c3a4b5d6e7f80912",
  });
  const project = (
    root: string,
    name: string,
    type: string,
    tags: string[],
    deps: string[],
    targets: string[],
  ) =>
    write(path.join(WORKSPACE, root, "project.json"), {
      name,
      $schema: "../../node_modules/nx/schemas/project-schema.json",
      projectType: type,
      sourceRoot: `${root}/src`,
      tags,
      implicitDependencies: deps,
      targets: Object.fromEntries(
        targets.map((t) => [t, { command: `echo ${t} ${name}`, options: { cwd: root } }]),
      ),
    });
  project(
    "apps/shop",
    "shop",
    "application",
    ["scope:shop", "type:app"],
    ["cart", "ui"],
    ["build", "test", "serve"],
  );
  project("libs/cart", "cart", "library", ["scope:shop", "type:feature"], ["ui"], ["build", "test", "lint"]);
  project("libs/ui", "ui", "library", ["scope:shared", "type:ui"], [], ["build", "test", "lint"]);
  write(path.join(WORKSPACE, "libs/cart/src/lib/checkout.ts"), "export async function checkout() {}\n");
  write(path.join(WORKSPACE, "libs/ui/src/index.ts"), "export const Button = () => null;\n");
  write(path.join(WORKSPACE, "apps/shop/src/main.ts"), "import '@acme/cart';\n");
  write(path.join(WORKSPACE, ".gitignore"), "node_modules\n.nx\ndist\n");
  fs.symlinkSync(path.join(FROM, "node_modules"), path.join(WORKSPACE, "node_modules"));
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "init.defaultBranch=main", ...args], { cwd: WORKSPACE, stdio: "ignore" });
  git("init", "-q");
  git("config", "user.email", "dana.okafor@acme-shop.dev");
  git("config", "user.name", "Dana Okafor");
  git("add", "-A");
  git("commit", "-qm", "chore: bump nx to 22.6.1");
  git("checkout", "-qb", CURRENT_BRANCH);
  write(
    path.join(WORKSPACE, "libs/cart/src/lib/checkout.ts"),
    "export async function checkout() { /* retry */ }\n",
  );
  git("commit", "-qam", "fix(cart): retry the checkout call once");
}

const nx: SessionSpec = {
  label: "r40-c-nx",
  server: "nx-mcp",
  transport: "stdio",
  start: stdioServer("r40-c-nx", "nx-mcp", {
    from: FROM,
    cwd: WORKSPACE,
    args: [WORKSPACE, "--no-minimal", "--disableTelemetry"],
    // Node 20's fetch ignores HTTPS_PROXY; the preload routes it through the stand-in proxy (undici's ProxyAgent).
    env: {
      HOME,
      NX_DAEMON: "false",
      NX_NO_CLOUD: "false",
      HTTPS_PROXY: `http://127.0.0.1:${PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
    },
  }),
  steps: [
    step("nxw-001", "nx_workspace_path", {}, "the workspace root the server was started on"),
    step("nxw-002", "nx_workspace", {}, "the project graph and the annotated nx.json"),
    step(
      "nxw-003",
      "nx_workspace",
      { filter: "tag:scope:shop" },
      "the graph filtered to projects tagged scope:shop",
    ),
    step("nxw-004", "nx_project_details", { projectName: "cart" }, "one project's full configuration"),
    step(
      "nxw-005",
      "nx_project_details",
      { projectName: "shop", select: "targets.build" },
      "one property of a project, by path",
    ),
    step(
      "nxw-006",
      "nx_project_details",
      { projectName: "checkout" },
      "a project the workspace does not have",
    ),
    step("nxw-007", "nx_project_details", { projectName: "checkout" }, "the same call again, unchanged"),
    step(
      "nxw-008",
      "nx_available_plugins",
      {},
      "official and community plugins, from GitHub's raw file host",
    ),
    step(
      "nxw-009",
      "nx_available_plugins",
      {},
      "raw.githubusercontent.com answers 429 with its plain-text body",
      flag("githubRawRateLimited"),
    ),
    step(
      "nxw-010",
      "nx_docs",
      { userQuery: "How do I configure inputs so the build cache ignores spec files?" },
      "a documentation search with matching sections",
    ),
    step(
      "nxw-011",
      "nx_docs",
      { userQuery: "helm chart values for a kubernetes ingress" },
      "a documentation search nothing matches",
    ),
    step(
      "nxw-012",
      "nx_docs",
      { userQuery: "How do I publish libraries with nx release?" },
      "nx.dev answers 429 with Retry-After",
      flag("docsRateLimited"),
    ),
    step(
      "nxw-013",
      "nx_docs",
      { userQuery: "How do I publish libraries with nx release?" },
      "nx.dev answers 500 with its HTML error page",
      flag("docsServerError"),
    ),
    step(
      "nxw-014",
      "ci_information",
      {},
      "the current branch's CI pipeline execution: a failed task and a fix",
    ),
    step("nxw-015", "ci_information", { select: "failedTasks" }, "one field of the CI information, as JSON"),
    step(
      "nxw-016",
      "ci_information",
      { branch: "feat/search-facets" },
      "a branch Nx Cloud has no CI pipeline execution for",
    ),
    step(
      "nxw-017",
      "ci_task_output",
      { taskId: "cart:test", runId: RUN_FAILED },
      "the failed task's terminal output (a signed archive URL, then the archive)",
    ),
    step(
      "nxw-018",
      "ci_task_output",
      { taskId: "shop:build", runId: RUN_FAILED },
      "the archive's signed URL has expired: the storage answers 403 AccessDenied",
      flag("artifactExpired"),
    ),
    step("nxw-019", "ci_task_output", { runId: RUN_FAILED }, "no taskId (required by the tool's schema)"),
    step(
      "nxw-020",
      "ci_information",
      {},
      "Nx Cloud answers 401: the personal access token is not valid for this workspace",
      flag("cloudUnauthorized"),
    ),
    step(
      "nxw-021",
      "ci_information",
      {},
      "Nx Cloud answers 503 with a maintenance page and Retry-After",
      flag("cloudUnavailable"),
    ),
    step(
      "nxw-022",
      "ci_information",
      {},
      "an answer 15 s late; the client waits 4 s",
      flag("cloudSlow", { timeoutMs: 4000 }),
    ),
    step(
      "nxw-023",
      "ci_information",
      {},
      "a call while every host is unreachable (the proxy refuses)",
      down(proxy),
    ),
    step(
      "nxw-024",
      "update_self_healing_fix",
      { shortLink: FIX_SHORT_LINK, action: "APPLY" },
      "apply the self-healing fix named by its short link",
    ),
    step("nxw-025", "nx_run_task", { project: "cart", target: "test" }, "a tool the server does not have"),
  ],
};

export const SESSIONS: SessionSpec[] = [nx];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  makeWorkspace();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
