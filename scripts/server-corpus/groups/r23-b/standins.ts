// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - Codacy's API v3 (`app.codacy.com/api/v3`) for @codacy/codacy-mcp: organizations, repositories with analysis,
//   Security and Risk Management (SRM) items, issues, pull requests; errors are plain statuses with Codacy's JSON
//   bodies, a revoked token's `{"error":"not found"}`, a 429 with Retry-After, an HTML 502 from the front.
// - OSV.dev (`api.osv.dev/v1/querybatch`) for agent-security-scanner-mcp's SBOM vulnerability scan: the batch
//   answer carries only each vulnerability's `id` and `modified`, as OSV documents; a 503 when it is unavailable.
// - Check Point's Threat Prevention API (`te-api.checkpoint.com/tecloud/api/v1/file/{query,upload,download,quota}`)
//   for @chkp/threat-emulation-mcp: the `{"response": {"status": {"code","label","message"}, …}}` envelope with
//   its status codes (1001 FOUND, 1002 UPLOAD_SUCCESS, 1003 PENDING, 1004 NOT_FOUND, 1005 NO_QUOTA, 1007
//   FILE_TYPE_NOT_SUPPORTED), 403 for a key the service refuses, 5xx and an HTML 502 from its front.
//
// All three hosts are written into their servers: each has its own forward proxy (standin-kit's `forwardProxy`),
// so stopping one makes that service alone unreachable. Codacy's and the scanner's servers use Node's own fetch
// (routed by proxy-preload.mjs); Check Point's uses axios, which follows HTTPS_PROXY itself.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import path from "node:path";
import {
  certificate,
  clearTimers,
  forwardProxy,
  json,
  later,
  parse,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r23-b";
export const CERT = path.join(DATA, "standin-cert.pem");

export const CODACY_PROXY_PORT = 41400;
export const OSV_PROXY_PORT = 41401;
export const TE_PROXY_PORT = 41402;

export const ensureCertificate = (): Certificate =>
  certificate(DATA, ["app.codacy.com", "api.osv.dev", "te-api.checkpoint.com"]);

export const state = {
  cdyRevoked: false,
  cdyRateLimited: false,
  cdyServerError: false,
  cdyBadGateway: false,
  cdyUnavailable: false,
  osvUnavailable: false,
  teBadKey: false,
  teNoQuota: false,
  teServerError: false,
  teBadGateway: false,
  teUnavailable: false,
};

const cloudflare502 = (host: string) =>
  `<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>${host === "app.codacy.com" ? "cloudflare" : "nginx"}</center>\r\n</body>\r\n</html>\r\n`;

// ---------------------------------------------------------------------------------------------------- Codacy

export const CODACY_TOKEN = "hQ8vZ3kR7nW2pL5tY9cB4mX6";
export const CDY_ORG = "northwind-labs";
export const CDY_ORG_FOREIGN = "northwind-contractors";
export const CDY_REPO = "orders-api";
export const CDY_REPO_QUIET = "web-storefront";
export const CDY_REPO_SLOW = "data-pipeline";
export const CDY_ISSUE = "4281907361";
export const CDY_ISSUE_MISSING = "4281999999";

const cdyRepo = (
  name: string,
  id: number,
  grade: string,
  issues: number,
  extra: Record<string, unknown> = {},
) => ({
  repositoryId: id,
  provider: "gh",
  owner: CDY_ORG,
  name,
  fullPath: `${CDY_ORG}/${name}`,
  visibility: "Private",
  remoteIdentifier: String(700000000 + id),
  lastUpdated: "2026-12-05T16:41:09Z",
  permission: "admin",
  problems: [],
  languages: ["JavaScript", "TypeScript", "JSON"],
  defaultBranch: {
    id: 9100 + id,
    name: "main",
    isDefault: true,
    isEnabled: true,
    lastUpdated: "2026-12-05T16:41:09Z",
    branchType: "Branch",
    lastCommit: "3f9a2c1e7b",
  },
  badges: {
    grade: `https://app.codacy.com/project/badge/Grade/${id.toString(16).padStart(32, "a")}`,
    coverage: `https://app.codacy.com/project/badge/Coverage/${id.toString(16).padStart(32, "a")}`,
  },
  codingStandardId: 48211,
  codingStandardName: "Northwind default",
  addedState: "Following",
  gatePolicyId: 3121,
  gatePolicyName: "Codacy gate policy",
  grade,
  issuesCount: issues,
  ...extra,
});

const CDY_REPOS = [
  cdyRepo("orders-api", 511204, "C", 87),
  cdyRepo("billing-service", 511205, "B", 31),
  cdyRepo("web-storefront", 511206, "A", 4),
];

const srmItem = (
  id: string,
  repository: string,
  priority: string,
  status: string,
  scanType: string,
  title: string,
  extra: Record<string, unknown> = {},
) => ({
  id,
  itemSource: scanType === "SCA" ? "Codacy" : "Codacy",
  itemSourceId: `${repository}-${id.slice(0, 8)}`,
  title,
  repository,
  openedAt: "2026-11-18T09:12:44Z",
  dueAt: priority === "Critical" ? "2026-12-02T09:12:44Z" : "2026-12-18T09:12:44Z",
  priority,
  status,
  scanType,
  securityCategory:
    scanType === "SCA"
      ? "InsecureModulesLibraries"
      : scanType === "Secrets"
        ? "Cryptography"
        : "InputValidation",
  ...extra,
});

function codacyHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const p = url.pathname.replace(/^\/api\/v3/, "");
  const token = req.headers["api-token"];
  if (state.cdyBadGateway) return text(res, 502, cloudflare502("app.codacy.com"), "text/html");
  if (state.cdyUnavailable)
    return json(res, 503, {
      error: "Service Unavailable",
      message: "Codacy is under maintenance. Please try again later.",
    });
  if (state.cdyRevoked || token !== CODACY_TOKEN) return json(res, 401, { error: "not found" });
  if (state.cdyRateLimited)
    return json(
      res,
      429,
      { error: "Too Many Requests", message: "API rate limit exceeded. Retry after 60 seconds." },
      { "retry-after": "60", "x-ratelimit-limit": "2500", "x-ratelimit-remaining": "0" },
    );
  if (state.cdyServerError)
    return json(res, 500, {
      error: "Internal Server Error",
      message: "An unexpected error occurred. Please contact support@codacy.com",
    });

  let m: RegExpMatchArray | null;
  if (p === "/user/organizations/gh")
    return json(res, 200, {
      data: [
        {
          identifier: 91823,
          remoteIdentifier: "58120934",
          name: CDY_ORG,
          avatar: "https://avatars.githubusercontent.com/u/58120934?v=4",
          created: "2023-02-14T10:21:03Z",
          provider: "gh",
          joinMode: "auto",
          type: "Organization",
          singleProviderLogin: false,
          hasDastAccess: false,
          hasSCAEnabled: true,
        },
        {
          identifier: 91907,
          remoteIdentifier: "61294410",
          name: CDY_ORG_FOREIGN,
          avatar: "https://avatars.githubusercontent.com/u/61294410?v=4",
          created: "2024-06-03T08:02:57Z",
          provider: "gh",
          joinMode: "request",
          type: "Organization",
          singleProviderLogin: false,
          hasDastAccess: false,
          hasSCAEnabled: false,
        },
      ],
      pagination: { limit: 100, total: 2 },
    });
  if (p === `/organizations/gh/${CDY_ORG}/repositories`)
    return json(res, 200, { data: CDY_REPOS, pagination: { limit: 100, total: CDY_REPOS.length } });
  if ((m = p.match(/^\/organizations\/gh\/([^/]+)\/security\/items\/search$/))) {
    if (m[1] === CDY_ORG_FOREIGN)
      return json(res, 403, {
        error: "Forbidden",
        message:
          "Operation is not allowed. You need to be an organization admin or organization manager to view security and risk management items.",
      });
    if (m[1] !== CDY_ORG) return json(res, 404, { error: "Not Found", message: "Organization not found" });
    const filter = parse(body) as { repositories?: string[]; categories?: string[]; scanTypes?: string[] };
    if (filter.repositories?.includes(CDY_REPO_QUIET))
      return json(res, 200, { data: [], pagination: { limit: 100, total: 0 } });
    const all = [
      srmItem(
        "a3c1f9e2-6b7d-4c15-9e0a-2f81d47b3c90",
        "orders-api",
        "Critical",
        "Overdue",
        "SCA",
        "Prototype Pollution in lodash (CVE-2021-23337)",
        {
          cve: "CVE-2021-23337",
          affectedVersion: "4.17.20",
          fixedVersion: ["4.17.21"],
          likelihood: "High",
          effortToFix: "Low",
        },
      ),
      srmItem(
        "b71d04c8-2e39-4a6f-8d12-9c5e0f7a61b4",
        "orders-api",
        "High",
        "OnTrack",
        "SAST",
        "SQL query built from user-controlled input in src/orders.js:7",
      ),
      srmItem(
        "c0e8a5d1-7f42-4b93-a6c8-1d2e3f405a6b",
        "orders-api",
        "Critical",
        "DueSoon",
        "Secrets",
        "Stripe live secret key committed in src/orders.js:5",
      ),
      srmItem(
        "d94b2f73-1a8c-4e65-b0d7-3e6f8a9c2b15",
        "billing-service",
        "High",
        "OnTrack",
        "SCA",
        "jsonwebtoken verification bypass (CVE-2022-23540)",
        {
          cve: "CVE-2022-23540",
          affectedVersion: "8.5.1",
          fixedVersion: ["9.0.0"],
          likelihood: "Medium",
          effortToFix: "Medium",
        },
      ),
    ];
    let items = filter.repositories
      ? all.filter((item) => filter.repositories!.includes(item.repository))
      : all;
    if (filter.scanTypes) items = items.filter((item) => filter.scanTypes!.includes(item.scanType));
    return json(res, 200, { data: items, pagination: { limit: 100, total: items.length } });
  }
  if ((m = p.match(/^\/analysis\/organizations\/gh\/([^/]+)\/repositories\/([^/]+)$/))) {
    if (m[2] === CDY_REPO_SLOW)
      return later(15_000, () => json(res, 200, { data: cdyRepo(CDY_REPO_SLOW, 511207, "B", 12) }));
    const repo = CDY_REPOS.find((r) => r.name === m![2]);
    if (m[1] !== CDY_ORG || !repo)
      return json(res, 404, { error: "Not Found", message: "Repository not found" });
    return json(res, 200, {
      data: {
        repository: repo,
        lastAnalysedCommit: {
          sha: "3f9a2c1e7b5d40a8c6e2f1b9d7a3c5e8f0a2b4c6",
          id: 90317725,
          commitTimestamp: "2026-12-05T16:38:51Z",
          authorName: "Dana Whitfield",
          authorEmail: "dana@northwind.example",
          message: "Add order export endpoint",
          startedAnalysis: "2026-12-05T16:39:02Z",
          endedAnalysis: "2026-12-05T16:41:09Z",
          isMergeCommit: false,
          gitHref: `https://github.com/${CDY_ORG}/${repo.name}/commit/3f9a2c1e7b5d40a8c6e2f1b9d7a3c5e8f0a2b4c6`,
          parents: ["8e1d0c9b7a"],
        },
        grade: 62,
        gradeLetter: repo.grade,
        issuesPercentage: 14,
        complexFilesPercentage: 9,
        duplicationPercentage: 6,
        coverage: {
          filesUncovered: 11,
          filesWithLowCoverage: 7,
          coveragePercentage: 58,
          coveragePercentageWithDecimals: 58.42,
          numberTotalFiles: 46,
        },
        goals: {
          maxIssuePercentage: 10,
          maxDuplicatedFilesPercentage: 10,
          minCoveragePercentage: 60,
          maxComplexFilesPercentage: 10,
          fileDuplicationBlockThreshold: 1,
          fileComplexityValueThreshold: 20,
        },
        issuesCount: repo.issuesCount,
        loc: 18422,
        selectedBranch: repo.defaultBranch,
      },
    });
  }
  if ((m = p.match(/^\/analysis\/organizations\/gh\/([^/]+)\/repositories\/([^/]+)\/issues\/search$/))) {
    if (m[2] !== CDY_REPO) return json(res, 404, { error: "Not Found", message: "Repository not found" });
    const issue = (
      id: string,
      file: string,
      line: number,
      pattern: string,
      category: string,
      level: string,
      message: string,
    ) => ({
      issueId: id,
      resultDataId: Number(id),
      filePath: file,
      fileId: 88120000 + line,
      patternInfo: {
        id: pattern,
        category,
        subCategory: category === "Security" ? "InputValidation" : undefined,
        level,
        severityLevel: level,
        title: message,
      },
      toolInfo: { uuid: "f8b29663-2cb2-498d-b923-a10c6a8c05cd", name: "Semgrep" },
      lineNumber: line,
      message,
      language: "JavaScript",
      lineText: "",
      falsePositiveProbability: 0.04,
      commitInfo: {
        sha: "3f9a2c1e7b5d40a8c6e2f1b9d7a3c5e8f0a2b4c6",
        commiter: "dana@northwind.example",
        commiterName: "Dana Whitfield",
        timestamp: "2026-12-05T16:38:51Z",
      },
    });
    return json(res, 200, {
      data: [
        issue(
          "4281907361",
          "src/orders.js",
          7,
          "Semgrep_javascript.lang.security.audit.sqli.node-postgres-sqli",
          "Security",
          "Error",
          "Detected string concatenation with a non-literal variable in a node-postgres query. User input could be used to manipulate the query.",
        ),
        issue(
          "4281907362",
          "src/orders.js",
          11,
          "Semgrep_javascript.lang.security.detect-child-process",
          "Security",
          "Error",
          "Detected calls to child_process from a function argument `req`. This could lead to a command injection if the input is user controllable.",
        ),
        issue(
          "4281907363",
          "src/orders.js",
          5,
          "Semgrep_generic.secrets.security.detected-stripe-api-key",
          "Security",
          "Error",
          "Stripe API Key detected",
        ),
      ],
      pagination: { cursor: "", limit: 100, total: 3 },
    });
  }
  if ((m = p.match(/^\/analysis\/organizations\/gh\/([^/]+)\/repositories\/([^/]+)\/issues\/(\d+)$/))) {
    if (m[3] !== CDY_ISSUE) return json(res, 404, { error: "Not Found", message: `Issue ${m[3]} not found` });
    return json(res, 200, {
      data: {
        issueId: CDY_ISSUE,
        resultDataId: Number(CDY_ISSUE),
        filePath: "src/orders.js",
        fileId: 88120007,
        patternInfo: {
          id: "Semgrep_javascript.lang.security.audit.sqli.node-postgres-sqli",
          category: "Security",
          subCategory: "InputValidation",
          level: "Error",
          severityLevel: "Error",
          title: "SQL injection in node-postgres query",
        },
        toolInfo: { uuid: "f8b29663-2cb2-498d-b923-a10c6a8c05cd", name: "Semgrep" },
        lineNumber: 7,
        message:
          "Detected string concatenation with a non-literal variable in a node-postgres query. User input could be used to manipulate the query.",
        language: "JavaScript",
        lineText: '  const rows = await db.query("SELECT * FROM orders WHERE id = " + req.params.id);',
        falsePositiveProbability: 0.04,
        commitInfo: {
          sha: "3f9a2c1e7b5d40a8c6e2f1b9d7a3c5e8f0a2b4c6",
          commiter: "dana@northwind.example",
          commiterName: "Dana Whitfield",
          timestamp: "2026-12-05T16:38:51Z",
        },
      },
    });
  }
  if ((m = p.match(/^\/analysis\/organizations\/gh\/([^/]+)\/repositories\/([^/]+)\/pull-requests$/))) {
    if (m[2] !== CDY_REPO) return json(res, 404, { error: "Not Found", message: "Repository not found" });
    const pr = (
      n: number,
      title: string,
      status: string,
      newIssues: number,
      fixed: number,
      isUpToStandards: boolean,
    ) => ({
      pullRequest: {
        id: 7712000 + n,
        number: n,
        updated: "2026-12-05T15:02:11Z",
        status,
        repository: CDY_REPO,
        title,
        owner: {
          name: "Dana Whitfield",
          avatarUrl: "https://avatars.githubusercontent.com/u/4410922?v=4",
          username: "dwhitfield",
        },
        headCommitSha: "3f9a2c1e7b5d40a8c6e2f1b9d7a3c5e8f0a2b4c6",
        commonAncestorCommitSha: "8e1d0c9b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d",
        originBranch: "feature/order-export",
        targetBranch: "main",
        gitHref: `https://github.com/${CDY_ORG}/${CDY_REPO}/pull/${n}`,
      },
      isUpToStandards,
      isAnalysing: false,
      newIssues,
      fixedIssues: fixed,
      deltaComplexity: 4,
      deltaClonesCount: 0,
      diffCoverage: { value: 41.2, cause: "ValueIsPresent" },
      coverage: { deltaCoverage: -1.3, diffCoverage: 41.2, isUpToStandards: false },
    });
    return json(res, 200, {
      data: [
        pr(412, "Add order export endpoint", "open", 3, 0, false),
        pr(409, "Bump pg to 8.13.1", "open", 0, 1, true),
      ],
      pagination: { cursor: "", limit: 100, total: 2 },
    });
  }
  if (
    (m = p.match(
      /^\/analysis\/organizations\/gh\/([^/]+)\/repositories\/([^/]+)\/pull-requests\/(\d+)\/issues$/,
    ))
  ) {
    if (m[2] !== CDY_REPO || m[3] !== "412")
      return json(res, 404, { error: "Not Found", message: "Pull request not found" });
    return json(res, 200, {
      data: [
        {
          commitIssue: {
            issueId: "4281907362",
            resultDataId: 4281907362,
            filePath: "src/orders.js",
            fileId: 88120011,
            patternInfo: {
              id: "Semgrep_javascript.lang.security.detect-child-process",
              category: "Security",
              level: "Error",
              severityLevel: "Error",
            },
            toolInfo: { uuid: "f8b29663-2cb2-498d-b923-a10c6a8c05cd", name: "Semgrep" },
            lineNumber: 11,
            message:
              "Detected calls to child_process from a function argument `req`. This could lead to a command injection if the input is user controllable.",
            language: "JavaScript",
            lineText:
              '  exec("tar czf /tmp/export.tgz " + req.body.dir, (err) => res.send(err ? "failed" : "ok"));',
          },
          deltaType: "Added",
        },
      ],
      pagination: { cursor: "", limit: 100, total: 1 },
    });
  }
  return json(res, 404, { error: "Not Found", message: "The requested resource could not be found" });
}

export const codacyStandin = forwardProxy(CODACY_PROXY_PORT, ensureCertificate, codacyHandler);

// ---------------------------------------------------------------------------------------------------- OSV.dev

const OSV_KNOWN: Record<string, { id: string; modified: string }[]> = {
  "npm/express@4.17.1": [
    { id: "GHSA-qw6h-vgh9-j6wx", modified: "2024-11-18T16:27:11.735Z" },
    { id: "GHSA-rv95-896h-c2vc", modified: "2024-04-04T19:51:38.081Z" },
  ],
  "npm/lodash@4.17.20": [
    { id: "GHSA-35jh-r3h4-6jhm", modified: "2024-02-26T05:34:41.416Z" },
    { id: "GHSA-29mw-wpgm-hmr9", modified: "2024-02-26T05:32:05.712Z" },
  ],
  "npm/jsonwebtoken@8.5.1": [
    { id: "GHSA-8cf7-32gw-wr33", modified: "2024-02-28T18:02:16.202Z" },
    { id: "GHSA-hjrf-2m68-5959", modified: "2024-02-28T18:01:43.541Z" },
    { id: "GHSA-qwph-4952-7xr6", modified: "2024-02-28T18:01:06.947Z" },
  ],
};

function osvHandler(_req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (state.osvUnavailable)
    return text(
      res,
      503,
      "upstream connect error or disconnect/reset before headers. reset reason: connection failure",
      "text/plain",
    );
  if (url.pathname !== "/v1/querybatch") return json(res, 404, { code: 5, message: "Not Found" });
  const { queries } = parse(body) as {
    queries?: { package?: { name?: string; ecosystem?: string }; version?: string }[];
  };
  if (!Array.isArray(queries)) return json(res, 400, { code: 3, message: "Invalid query." });
  return json(res, 200, {
    results: queries.map((q) => {
      const vulns = OSV_KNOWN[`${q.package?.ecosystem}/${q.package?.name}@${q.version}`];
      return vulns ? { vulns } : {};
    }),
  });
}

export const osvStandin = forwardProxy(OSV_PROXY_PORT, ensureCertificate, osvHandler);

// ---------------------------------------------------------------------------------------------- Check Point TE

export const TE_KEY = "TE_API_KEY_6c1f0e9b2d7a4e58b3c9f1a0d2e7b4c5";
export const TE_MD5_MALICIOUS = "da855ff838250f45d528a5a05692f14e";
export const TE_SHA256_BENIGN = "2ae67c5fb0eefe07e5f2b867373a630614cc8fe423b309bd2134664adbfe7960";
export const TE_MD5_UNKNOWN = "5d41402abc4b2a76b9719d911017c592";
export const TE_REPORT = "ef5f38d8-c35e-42fa-b3f1-388e681e18b9";
export const TE_IMAGE = "5e5de275-a103-4f67-b55b-47532918fa59";

const status = (code: number) => {
  const labels: Record<number, [string, string]> = {
    1001: ["FOUND", "The requested data has been found."],
    1002: ["UPLOAD_SUCCESS", "The file was uploaded successfully."],
    1003: ["PENDING", "The file is being analyzed."],
    1004: ["NOT_FOUND", "Could not find the requested file. Please upload it."],
    1005: ["NO_QUOTA", "Quota exceeded."],
    1007: ["FILE_TYPE_NOT_SUPPORTED", "File type is not supported."],
  };
  const [label, message] = labels[code]!;
  return { code, label, message };
};

const TE_IMAGES = ["5e5de275-a103-4f67-b55b-47532918fa59", "7e6fe36e-889e-4c25-8704-56378f0830df"];

const teMalicious = (md5: string) => ({
  response: {
    status: status(1001),
    md5,
    sha1: "0b1e7f4a9c2d5e8f1a3b6c9d2e5f8a1b4c7d0e3f",
    sha256: "4c1d9e2f7a0b3c6d9e2f5a8b1c4d7e0f3a6b9c2d5e8f1a4b7c0d3e6f9a2b5c8d",
    file_type: "pdf",
    file_name: "Invoice_Q4_2026.pdf",
    features: ["te", "av"],
    te: {
      trust: 0,
      combined_verdict: "malicious",
      severity: 4,
      confidence: 3,
      images: TE_IMAGES.map((id, i) => ({
        report: {
          verdict: "malicious",
          xml_report: i === 0 ? TE_REPORT : "c7486ce7-9cde-484d-9ba4-bfc51fd88f99",
        },
        status: "found",
        id,
        revision: 1,
      })),
      score: -2147483648,
      status: status(1001),
    },
    av: {
      malware_info: {
        signature_name: "Exploit.JS.Pdfka.fma.W.ygrku",
        malware_family: 22,
        malware_type: 104,
        severity: 4,
        confidence: 5,
      },
      status: status(1001),
    },
  },
});

const teBenign = (sha256: string, fileName?: string) => ({
  response: {
    status: status(1001),
    md5: "dd16b4a9a76e8cd640777c08fbfdf582",
    sha1: "a4436b403327a736f4fa8415ebe0f0f276d7bcc1",
    sha256,
    file_type: "docx",
    file_name: fileName ?? "",
    features: ["te", "av"],
    te: {
      trust: 0,
      combined_verdict: "benign",
      severity: 0,
      confidence: 0,
      images: TE_IMAGES.map((id) => ({ report: { verdict: "benign" }, status: "found", id, revision: 1 })),
      score: -2147483648,
      status: status(1001),
    },
    av: {
      malware_info: { signature_name: "", malware_family: 0, malware_type: 0, severity: 0, confidence: 0 },
      status: status(1001),
    },
  },
});

const teStatusOnly = (code: number, hashes: Record<string, unknown>, fileName = "") => ({
  response: {
    status: status(code),
    ...hashes,
    file_type: "",
    file_name: fileName,
    features: ["te", "av"],
    te: { trust: 0, images: [], score: -2147483648, status: status(code) },
    av: { status: status(code) },
  },
});

// Files the sessions upload: their MD5s (the server computes them from the files prepare() writes).
export const teUploads = {
  pending: new Set<string>(),
  slow: new Set<string>(),
  polls: new Map<string, number>(),
};

function teHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (state.teBadGateway) return text(res, 502, cloudflare502("te-api.checkpoint.com"), "text/html");
  if (state.teUnavailable)
    return text(
      res,
      503,
      "<html><body><h1>503 Service Unavailable</h1>\nNo server is available to handle this request.\n</body></html>\n",
      "text/html",
    );
  if (state.teBadKey || req.headers.authorization !== TE_KEY)
    return text(
      res,
      403,
      "<html><head><title>403 Forbidden</title></head><body><h1>Forbidden</h1><p>Access is denied.</p></body></html>",
      "text/html",
    );
  if (state.teServerError)
    return json(res, 500, {
      response: { status: { code: 1009, label: "INTERNAL_ERROR", message: "Internal error." } },
    });
  const p = url.pathname.replace(/^\/tecloud\/api\/v1\/file/, "");
  if (p === "/quota" && req.method === "POST")
    return json(res, 200, {
      response: [
        {
          remain_quota_hour: 487,
          remain_quota_month: 9621,
          assigned_quota_hour: 500,
          assigned_quota_month: 10000,
          hourly_quota_next_reset: "1796612400",
          monthly_quota_next_reset: "1798761600",
          quota_id: "TE_Cloud_Northwind_Labs",
          cloud_monthly_quota_period_start: "1796083200",
          cloud_monthly_quota_usage_for_this_gw: 379,
          cloud_hourly_quota_usage_for_this_gw: 13,
          cloud_monthly_quota_usage_for_quota_id: 379,
          cloud_hourly_quota_usage_for_quota_id: 13,
          monthly_exceeded_quota: 0,
          hourly_exceeded_quota: 0,
          cloud_quota_max_allow_to_exceed_percentage: 1000,
          pod_time_gmt: "1796609823",
          quota_expiration: "1830297600",
          action: "ALLOW",
        },
      ],
    });
  if (p === "/query" && req.method === "POST") {
    const request = ((parse(body) as { request?: Record<string, unknown> }).request ?? {}) as {
      md5?: string;
      sha1?: string;
      sha256?: string;
      file_name?: string;
    };
    const hashes = Object.fromEntries(
      Object.entries({ md5: request.md5, sha1: request.sha1, sha256: request.sha256 }).filter(([, v]) => v),
    );
    if (state.teNoQuota) return json(res, 200, teStatusOnly(1005, hashes, request.file_name));
    if (request.md5 === TE_MD5_MALICIOUS) return json(res, 200, teMalicious(request.md5));
    if (request.sha256 === TE_SHA256_BENIGN)
      return json(res, 200, teBenign(request.sha256, request.file_name));
    if (request.md5 && teUploads.slow.has(request.md5))
      return json(res, 200, teStatusOnly(1003, hashes, request.file_name));
    if (request.md5 && teUploads.pending.has(request.md5)) {
      const polls = teUploads.polls.get(request.md5) ?? 0;
      teUploads.polls.set(request.md5, polls + 1);
      // The first poll after an upload still finds the file being analysed; the next one has the verdict.
      if (polls === 0) return json(res, 200, teStatusOnly(1003, hashes, request.file_name));
      const done = teBenign(
        "7c1e0b52d9f4a8e3c6b1d5f0a9e2c7b4d8f1a6e3c0b5d9f2a7e4c1b8d3f6a0e5",
        request.file_name,
      );
      done.response.md5 = request.md5;
      done.response.sha1 = "e3b9c1d7f5a2e8b4c0d6f2a9e5b1c7d3f9a4e0b6";
      return json(res, 200, done);
    }
    return json(res, 200, teStatusOnly(1004, hashes, request.file_name));
  }
  if (p === "/upload" && req.method === "POST") {
    const raw = /name="request"\r\n\r\n([\s\S]*?)\r\n--/.exec(body)?.[1] ?? "{}";
    const request = ((JSON.parse(raw) as { request?: Record<string, unknown> }).request ?? {}) as {
      md5?: string;
      file_name?: string;
    };
    const md5 = request.md5 ?? "";
    const name = request.file_name ?? "";
    if (/\.(iso|dmg|vhd)$/i.test(name))
      return json(res, 200, {
        response: {
          status: status(1007),
          md5,
          file_type: name.split(".").pop(),
          file_name: name,
          features: ["te", "av"],
          te: { status: status(1007) },
          av: { status: status(1007) },
        },
      });
    if (!teUploads.slow.has(md5)) teUploads.pending.add(md5);
    return json(res, 200, {
      response: {
        status: status(1002),
        md5,
        file_type: name.split(".").pop(),
        file_name: name,
        features: ["te", "av"],
        te: {
          trust: 0,
          images: TE_IMAGES.map((id) => ({
            report: { verdict: "unknown" },
            status: "not_found",
            id,
            revision: 1,
          })),
          score: -2147483648,
          status: status(1002),
        },
        av: { status: status(1002) },
      },
    });
  }
  if (p === "/download" && req.method === "GET") {
    const id = url.searchParams.get("id");
    if (id === TE_REPORT)
      return text(
        res,
        200,
        `<?xml version="1.0" encoding="UTF-8"?>\n<analysis version="3.0">\n  <file name="Invoice_Q4_2026.pdf" md5="${TE_MD5_MALICIOUS}" type="pdf"/>\n  <verdict>malicious</verdict>\n  <confidence>high</confidence>\n  <severity>high</severity>\n  <image id="${TE_IMAGE}" os="Win10 64b,Office 2016,Adobe DC">\n    <behavior name="Suspicious JavaScript in PDF" severity="high"/>\n    <behavior name="Drops an executable to %TEMP%" severity="critical"/>\n    <network host="update-cdn.example-bad.net" port="443"/>\n  </image>\n  <protections>\n    <protection name="Exploit.JS.Pdfka.fma.W"/>\n  </protections>\n</analysis>\n`,
        "application/xml",
      );
    return text(
      res,
      404,
      "<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1><p>The requested file was not found.</p></body></html>",
      "text/html",
    );
  }
  return json(res, 404, {
    response: { status: { code: 1008, label: "BAD_REQUEST", message: "Bad request." } },
  });
}

export const teStandin = forwardProxy(TE_PROXY_PORT, ensureCertificate, teHandler);

export const ALL_STANDINS = [codacyStandin, osvStandin, teStandin];
