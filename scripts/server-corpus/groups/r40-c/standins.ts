// Loopback stand-ins for group r40-c, answering as the hosts written into nx-mcp 0.25.0 answer it:
//
// - Nx Cloud (https://cloud.nx.app, the default when nx.json names an `nxCloudId` and no `nxCloudUrl`): the Nx
//   Console endpoints the server's CI tools call — `POST /nx-cloud/nx-console/ci-pipeline-executions` (recent CI
//   pipeline executions for some branches), `GET /nx-cloud/mcp-context/pipeline-executions/{id}` and
//   `/nx-cloud/mcp-context/runs/{id}`, `POST /nx-cloud/nx-console/ci-pipeline-executions/terminal-outputs` (a signed
//   URL of a task's terminal output archive), `POST /nx-cloud/retrieve-fix-diff` and `/nx-cloud/update-suggested-fix`
//   (self-healing CI fixes), and the archive itself (a gzipped tar with `terminalOutputs/<hash>`);
// - nx.dev: `POST /api/query-ai-embeddings`, the documentation search behind `nx_docs`;
// - raw.githubusercontent.com: `nrwl/nx/master/docs/packages.json` and the approved community plugin list, read by
//   `nx_available_plugins`.
//
// Every host is reached through one forward proxy (the server's fetch is routed by proxy-preload.mjs), with TLS
// ended by a certificate the server trusts by NODE_EXTRA_CA_CERTS. README.md says where each body's shape comes
// from. `state` is switched by the session's hooks.

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {
  certificate,
  clearTimers,
  cloudflare502,
  forwardProxy,
  json,
  later,
  parse,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r40-c";
export const PROXY_PORT = 44300;

export const CERT = `${DATA}/standin-cert.pem`;
export const ensureCertificate = (): Certificate =>
  certificate(DATA, ["cloud.nx.app", "nx.dev", "raw.githubusercontent.com"]);

export const state = {
  cloudUnauthorized: false,
  cloudUnavailable: false,
  cloudSlow: false,
  cloudBadGateway: false,
  artifactExpired: false,
  docsRateLimited: false,
  docsServerError: false,
  githubRawRateLimited: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ── Nx Cloud data ────────────────────────────────────────────────────────────────────────────────────────────────────

export const CURRENT_BRANCH = "feat/checkout-retry";
const WORKSPACE_URL =
  "https://cloud.nx.app/orgs/6650e1f2c3a4b5d6e7f80001/workspaces/6650e1f2c3a4b5d6e7f80912";
const CIPE_FAILED = "6a1f3c2e9b8d7f0012ab34cd";
const CIPE_MAIN = "6a1f2b7d4e5c3a0011aa22bb";
export const RUN_FAILED = "7Hk2PqL9xZ";
export const RUN_MAIN = "4Ws8NbV1cR";
export const FIX_ID = "6a1f3d0c8e7b6a0013cd45ef";
export const FIX_SHORT_LINK = "Qx7pL2-Mn4vR8";

function cipe(id: string, branch: string, status: string, runs: unknown[], aiFix?: unknown) {
  return {
    ciPipelineExecutionId: id,
    branch,
    status,
    createdAt: 1781342117000,
    completedAt: 1781342691000,
    commitTitle:
      branch === CURRENT_BRANCH ? "fix(cart): retry the checkout call once" : "chore: bump nx to 22.6.1",
    commitUrl: `https://github.com/acme-shop/storefront/commit/${branch === CURRENT_BRANCH ? "4e1d2c9" : "b07a51e"}`,
    author: "Dana Okafor",
    authorAvatarUrl: null,
    cipeUrl: `https://cloud.nx.app/cipes/${id}`,
    aiFixesEnabled: true,
    runGroups: [
      {
        runGroup: "ci-run-6187-1",
        ciExecutionEnv: "GITHUB_ACTIONS",
        createdAt: 1781342120000,
        completedAt: 1781342689000,
        status,
        runs,
        ...(aiFix ? { aiFix } : {}),
      },
    ],
  };
}

const failedCipe = cipe(
  CIPE_FAILED,
  CURRENT_BRANCH,
  "FAILED",
  [
    {
      linkId: RUN_FAILED,
      executionId: "6a1f3c309b8d7f0012ab34d1",
      command: "nx affected -t lint test build",
      status: 1,
      failedTasks: ["cart:test"],
      numFailedTasks: 1,
      numTasks: 9,
      runUrl: `https://cloud.nx.app/runs/${RUN_FAILED}`,
    },
  ],
  {
    aiFixId: FIX_ID,
    taskIds: ["cart:test"],
    terminalLogsUrls: {},
    suggestedFixStatus: "COMPLETED",
    verificationStatus: "COMPLETED",
    userAction: "NONE",
    failureClassification: "code_change",
    shortLink: FIX_SHORT_LINK,
    verificationTasksExecuted: ["cart:test"],
    couldAutoApplyTasks: false,
    autoApplySkipped: null,
    autoApplySkipReason: null,
    confidenceScore: 0.86,
  },
);

const mainCipe = cipe(CIPE_MAIN, "main", "SUCCEEDED", [
  {
    linkId: RUN_MAIN,
    executionId: "6a1f2b7f4e5c3a0011aa22c0",
    command: "nx affected -t lint test build",
    status: 0,
    failedTasks: [],
    numFailedTasks: 0,
    numTasks: 9,
    runUrl: `https://cloud.nx.app/runs/${RUN_MAIN}`,
  },
]);

const runs: Record<string, unknown> = {
  [RUN_FAILED]: {
    id: RUN_FAILED,
    branch: CURRENT_BRANCH,
    distributedExecutionId: CIPE_FAILED,
    command: "nx affected -t lint test build",
    tasks: [
      { taskId: "cart:test", status: 1, cacheStatus: "cache-miss" },
      { taskId: "cart:lint", status: 0, cacheStatus: "remote-cache-hit" },
      { taskId: "cart:build", status: 0, cacheStatus: "cache-miss" },
      { taskId: "ui:build", status: 0, cacheStatus: "remote-cache-hit" },
      { taskId: "shop:build", status: 0, cacheStatus: "cache-miss" },
    ],
  },
  [RUN_MAIN]: {
    id: RUN_MAIN,
    branch: "main",
    distributedExecutionId: CIPE_MAIN,
    command: "nx affected -t lint test build",
    tasks: [
      { taskId: "shop:build", status: 0, cacheStatus: "cache-miss" },
      { taskId: "cart:test", status: 0, cacheStatus: "remote-cache-hit" },
    ],
  },
};

const TERMINAL_OUTPUTS: Record<string, string> = {
  "cart:test": `
> nx run cart:test

\u001b[1m\u001b[31m FAIL \u001b[39m\u001b[22m libs/cart/src/lib/checkout.spec.ts
  checkout
    ✓ submits the cart (12 ms)
    ✕ retries once when the payment call times out (5004 ms)

  ● checkout › retries once when the payment call times out

    thrown: "Exceeded timeout of 5000 ms for a test.
    Add a timeout value to this test to increase the timeout, if this is a long-running test."

      21 |   });
      22 |
    > 23 |   it('retries once when the payment call times out', async () => {
         |   ^
      24 |     payments.charge.mockRejectedValueOnce(new TimeoutError());
      25 |     await checkout(cart);
      26 |     expect(payments.charge).toHaveBeenCalledTimes(2);

Test Suites: 1 failed, 1 total
Tests:       1 failed, 1 passed, 2 total
Time:        6.214 s
`,
  "shop:build": `
> nx run shop:build

vite v6.3.5 building for production...
✓ 214 modules transformed.
dist/apps/shop/index.html                   0.46 kB │ gzip:  0.30 kB
dist/apps/shop/assets/index-Bq3xk2Lm.css    8.91 kB │ gzip:  2.44 kB
dist/apps/shop/assets/index-D7pQe1Zc.js   182.07 kB │ gzip: 58.12 kB
✓ built in 2.31s
`,
};

const SUGGESTED_FIX = `diff --git a/libs/cart/src/lib/checkout.ts b/libs/cart/src/lib/checkout.ts
--- a/libs/cart/src/lib/checkout.ts
+++ b/libs/cart/src/lib/checkout.ts
@@ -14,7 +14,11 @@ export async function checkout(cart: Cart) {
-  const receipt = await payments.charge(cart.total);
+  let receipt;
+  try {
+    receipt = await payments.charge(cart.total);
+  } catch (error) {
+    if (!(error instanceof TimeoutError)) throw error;
+    receipt = await payments.charge(cart.total);
+  }
   return receipt;
`;

/** The gzipped tar Nx Cloud stores a task's terminal output in (`terminalOutputs/<hash>`), made once with tar(1). */
function archive(taskId: string): Buffer {
  const dir = path.join(DATA, "artifacts", taskId.replace(/[^a-z0-9]/gi, "-"));
  const file = path.join(dir, "terminal-outputs.tar.gz");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.join(dir, "terminalOutputs"), { recursive: true });
    fs.writeFileSync(
      path.join(dir, "terminalOutputs", "17283946501234567890"),
      TERMINAL_OUTPUTS[taskId] ?? "",
    );
    execFileSync("tar", ["-czf", file, "-C", dir, "terminalOutputs"]);
  }
  return fs.readFileSync(file);
}

// ── nx.dev and GitHub raw data ───────────────────────────────────────────────────────────────────────────────────────

const DOC_SECTIONS: Record<string, unknown[]> = {
  cache: [
    {
      id: 8812,
      page_id: 412,
      heading: "Configure Inputs for Task Caching",
      longer_heading: "Inputs and Named Inputs > Configure Inputs for Task Caching",
      content:
        "When Nx runs a cacheable task it computes a hash from the task's inputs. By default every file in the project is an input. Use `namedInputs` in nx.json to define reusable sets such as `production`, and `inputs` on a target to narrow what invalidates its cache. Use `^production` to include the production inputs of the project's dependencies.",
      url_partial: "/docs/guides/tasks--caching/configure-inputs",
      similarity: 0.861,
    },
    {
      id: 8790,
      page_id: 409,
      heading: "Cache Task Results",
      longer_heading: "Features > Cache Task Results",
      content:
        'Set `"cache": true` on a target in `targetDefaults` or in `project.json` to let Nx replay the terminal output and files of a task whose inputs have not changed. Cached results are stored under `.nx/cache` locally and can be shared with Nx Cloud.',
      url_partial: "/docs/features/cache-task-results",
      similarity: 0.842,
    },
  ],
  release: [
    {
      id: 9104,
      page_id: 455,
      heading: "Publish in CI/CD",
      longer_heading: "Manage Releases > Publish in CI/CD",
      content:
        "Run `nx release --skip-publish` locally to version and tag, then run `nx release publish` in CI with an npm token. The `release.projects` option in nx.json chooses which projects are versioned together.",
      url_partial: "/docs/guides/nx-release/publish-in-ci-cd",
      similarity: 0.803,
    },
  ],
};

const PACKAGES_JSON = [
  {
    name: "angular",
    description: "The Nx Plugin for Angular contains executors, generators, and utilities.",
  },
  {
    name: "js",
    description: "The JS plugin for Nx contains executors and generators for JavaScript and TypeScript.",
  },
  {
    name: "react",
    description: "The React plugin for Nx contains executors and generators for React applications.",
  },
  { name: "vite", description: "The Nx Plugin for building and testing applications using Vite." },
  {
    name: "workspace",
    description: "The Workspace plugin contains executors and generators useful for any Nx workspace.",
  },
  { name: "create-nx-workspace", description: "Smart Repos · Fast Builds" },
  { name: "docker", description: "The Nx Plugin for Docker to aid in containerizing projects." },
];

const COMMUNITY_PLUGINS = [
  {
    name: "@nxext/sveltekit",
    description: "Nx plugin for SvelteKit",
    url: "https://github.com/nxext/nx-extensions",
  },
  { name: "@nx-go/nx-go", description: "Nx plugin for Go", url: "https://github.com/nx-go/nx-go" },
];

const GITHUB_RAW_429 =
  "429: Too Many Requests\nFor more on scraping GitHub and how it may affect your rights, please review our Terms of Service (https://docs.github.com/en/site-policy/github-terms/github-terms-of-service).\n";

const NX_DEV_500 = `<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>500: Internal Server Error</title></head><body><div id="__next"><div style="font-family:system-ui,sans-serif;height:100vh;text-align:center;display:flex;flex-direction:column;align-items:center;justify-content:center"><div><h1 class="next-error-h1" style="display:inline-block;margin:0 20px 0 0;padding-right:23px;font-size:24px;font-weight:500;vertical-align:top;line-height:49px">500</h1><div style="display:inline-block"><h2 style="font-size:14px;font-weight:400;line-height:49px;margin:0">Internal Server Error.</h2></div></div></div></div></body></html>`;

// ── the proxy ────────────────────────────────────────────────────────────────────────────────────────────────────────

function nxCloud(req: { method?: string }, url: URL, body: string, res: Parameters<typeof json>[0]) {
  if (state.cloudSlow)
    return later(15000, () => json(res, 200, { ciPipelineExecutions: [], workspaceUrl: WORKSPACE_URL }));
  if (state.cloudBadGateway)
    return text(res, 502, cloudflare502("cloud.nx.app", "8f3a1c2d9e4b5a60"), "text/html; charset=UTF-8");
  if (state.cloudUnavailable)
    return text(
      res,
      503,
      "<html><body><h1>503 Service Temporarily Unavailable</h1><p>Nx Cloud is undergoing scheduled maintenance. Please try again in a few minutes.</p></body></html>",
      "text/html",
      { "retry-after": "120" },
    );
  if (state.cloudUnauthorized)
    return text(
      res,
      401,
      "Unauthorized: the personal access token used is not valid for this workspace. Run `npx nx-cloud login` to generate a new one.",
    );
  const p = url.pathname;
  if (req.method === "POST" && p === "/nx-cloud/nx-console/ci-pipeline-executions") {
    const branches = (parse(body).branches as string[] | undefined) ?? [];
    const all = [failedCipe, mainCipe].filter((c) => branches.includes(c.branch));
    return json(res, 200, { ciPipelineExecutions: all, workspaceUrl: WORKSPACE_URL });
  }
  const cipeMatch = /^\/nx-cloud\/mcp-context\/pipeline-executions\/([^/]+)$/.exec(p);
  if (req.method === "GET" && cipeMatch) {
    const found = [failedCipe, mainCipe].find((c) => c.ciPipelineExecutionId === cipeMatch[1]);
    if (!found) return text(res, 404, "Pipeline execution not found");
    return json(res, 200, { ...found, vcsContext: { ref: found.branch, provider: "GITHUB" } });
  }
  const runMatch = /^\/nx-cloud\/mcp-context\/runs\/([^/]+)$/.exec(p);
  if (req.method === "GET" && runMatch) {
    const run = runs[runMatch[1] ?? ""];
    if (!run) return text(res, 404, `Run ${runMatch[1]} not found`);
    return json(res, 200, run);
  }
  if (req.method === "POST" && p === "/nx-cloud/nx-console/ci-pipeline-executions/terminal-outputs") {
    const { taskId, linkId } = parse(body) as { taskId?: string; linkId?: string };
    const run = runs[linkId ?? ""] as { tasks: { taskId: string }[] } | undefined;
    if (!run) return text(res, 404, "Run not found");
    if (!run.tasks.some((t) => t.taskId === taskId) || !TERMINAL_OUTPUTS[taskId ?? ""])
      return text(res, 404, `No terminal output found for task ${taskId}`);
    const key = encodeURIComponent(taskId ?? "");
    return json(res, 200, {
      artifactUrl: `https://cloud.nx.app/nx-cloud/artifacts/terminal-outputs/${key}.tar.gz?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=300&X-Amz-Signature=3f9c2a71d0b84e56`,
    });
  }
  if (req.method === "GET" && p.startsWith("/nx-cloud/artifacts/terminal-outputs/")) {
    if (state.artifactExpired)
      return text(
        res,
        403,
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Request has expired</Message><X-Amz-Expires>300</X-Amz-Expires><Expires>2026-12-07T09:41:12Z</Expires><ServerTime>2026-12-07T10:02:47Z</ServerTime><RequestId>5QWZ9T1HKV3B7X2M</RequestId></Error>',
        "application/xml",
      );
    const taskId = decodeURIComponent(
      p.slice("/nx-cloud/artifacts/terminal-outputs/".length).replace(/\.tar\.gz$/, ""),
    );
    res.writeHead(200, { "content-type": "application/gzip" });
    return res.end(archive(taskId));
  }
  if (req.method === "POST" && p === "/nx-cloud/retrieve-fix-diff") {
    const { fixShortLink, suggestionShortLink } = parse(body) as Record<string, string>;
    if (`${fixShortLink}-${suggestionShortLink}` !== FIX_SHORT_LINK)
      return text(res, 404, "AI fix not found");
    return json(res, 200, {
      aiFixId: FIX_ID,
      commitSha: "9c4e7a1f0d2b3c5e6f7a8b9c0d1e2f3a4b5c6d7e",
      suggestedFixReasoning:
        "The test expects `payments.charge` to be called twice when the first call times out, but `checkout` never retries, so the awaited rejection leaves the test hanging until Jest's 5000 ms timeout.",
      suggestedFixDescription: "Retry the payment call once when it fails with a TimeoutError.",
      suggestedFix: SUGGESTED_FIX,
      confidence: 0.86,
      confidenceReasoning: "The fix was verified by re-running cart:test, which passed.",
    });
  }
  if (req.method === "POST" && p === "/nx-cloud/update-suggested-fix") {
    const { aiFixId } = parse(body) as Record<string, string>;
    if (aiFixId !== FIX_ID) return text(res, 404, `AI fix ${aiFixId} not found`);
    return json(res, 200, {});
  }
  unknownRequests.push(`${req.method} ${url.href}`);
  return text(res, 404, "Not Found");
}

export const proxy = forwardProxy(PROXY_PORT, ensureCertificate, (req, url, body, res) => {
  seen.push(`${req.method} ${url.host}${url.pathname}`);
  if (url.host === "cloud.nx.app") return nxCloud(req, url, body, res);
  if (url.host === "nx.dev" && req.method === "POST" && url.pathname === "/api/query-ai-embeddings") {
    if (state.docsRateLimited)
      return json(
        res,
        429,
        { error: "rate_limit_exceeded", message: "Too many requests, please try again later." },
        { "retry-after": "60" },
      );
    if (state.docsServerError) return text(res, 500, NX_DEV_500, "text/html; charset=utf-8");
    const messages = (parse(body).messages as { content?: string }[] | undefined) ?? [];
    const query = (messages.at(-1)?.content ?? "").toLowerCase();
    const sections = query.includes("cach")
      ? DOC_SECTIONS.cache
      : query.includes("release")
        ? DOC_SECTIONS.release
        : [];
    return json(res, 200, { query, context: { pageSections: sections } });
  }
  if (url.host === "raw.githubusercontent.com") {
    if (state.githubRawRateLimited) return text(res, 429, GITHUB_RAW_429, "text/plain; charset=utf-8");
    if (url.pathname === "/nrwl/nx/master/docs/packages.json")
      return text(res, 200, JSON.stringify(PACKAGES_JSON), "text/plain; charset=utf-8");
    if (url.pathname === "/nrwl/nx/master/astro-docs/src/content/approved-community-plugins.json")
      return text(res, 200, JSON.stringify(COMMUNITY_PLUGINS), "text/plain; charset=utf-8");
    return text(res, 404, "404: Not Found", "text/plain; charset=utf-8");
  }
  unknownRequests.push(`${req.method} ${url.href}`);
  return text(res, 404, "not in the stand-in");
});

export const ALL_STANDINS = [proxy];
