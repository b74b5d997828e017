// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies
// and error bodies:
// - the package registries package-registry-mcp reads: registry.npmjs.org (package documents, `/-/v1/search`),
//   pypi.org (`/pypi/<name>/json`), crates.io (`/api/v1/crates`), NuGet (`api.nuget.org` registration
//   index, `azuresearch-usnc.nuget.org/query`), the Go module proxy (`proxy.golang.org`) and GitHub's global
//   security advisories (`api.github.com/advisories`);
// - Maven Central's repository (`repo1.maven.org/maven2/<group>/<artifact>/maven-metadata.xml`) for mcp-maven-deps;
// - BugSnag's Data Access API v2 (`Authorization: token …`, `X-Version: 2`) for @smartbear/mcp, on a plain
//   loopback port the server is pointed at by its `BUGSNAG_ENDPOINT` setting;
// - Microsoft Clarity's MCP backend (`clarity.microsoft.com/mcp/…`) for @microsoft/clarity-mcp-server.
//
// Every host except BugSnag's is written into its server: each of those has its own forward proxy
// (standin-kit's `forwardProxy`), so stopping one refuses connections for that server alone. `state` is
// switched by the sessions' hooks (a revoked token, a rate limit, an outage, …).

import type http from "node:http";
import path from "node:path";
import {
  certificate,
  clearTimers,
  forwardProxy,
  httpStandin,
  json,
  later,
  parse,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r15-c";
export const CERT = path.join(DATA, "standin-cert.pem");

export const REG_PROXY_PORT = 40250;
export const MVN_PROXY_PORT = 40251;
export const BUGSNAG_PORT = 40252;
export const BUGSNAG_MCP_PORT = 40253;
export const CLARITY_PROXY_PORT = 40254;

export const BUGSNAG_TOKEN = "d6c1f0a4-7b3e-4f2a-9c8d-5e1b2a3c4d5e";
export const BUGSNAG_REVOKED_TOKEN = "0b9e8d7c-6f5a-4e3d-8c2b-1a0f9e8d7c6b";
export const CLARITY_TOKEN =
  "eyJhbGciOiJSUzI1NiIsImtpZCI6IjQ4M0FCMDhFNUYwRDMxNjdEOTRFMDhGQkZDMjI1QzUyIiwidHlwIjoiSldUIn0.eyJqdGkiOiJjb3JwdXMtc3RhbmQtaW4iLCJzdWIiOiIyMjA0MTU2MDM4MTgzNjg4Iiwic2NvcGUiOiJEYXRhLkV4cG9ydCJ9.c3RhbmQtaW4";

const HOSTS = [
  "registry.npmjs.org",
  "pypi.org",
  "crates.io",
  "api.nuget.org",
  "azuresearch-usnc.nuget.org",
  "proxy.golang.org",
  "api.github.com",
  "repo1.maven.org",
  "clarity.microsoft.com",
];

export const state = {
  npmRateLimited: false,
  npmBadGateway: false,
  cratesUaBlocked: false,
  nugetUnavailable: false,
  githubRateLimited: false,
  mvnForbidden: false,
  mvnRateLimited: false,
  mvnBadGateway: false,
  mvnUnavailable: false,
  mvnServerError: false,
  mvnMaintenancePage: false,
  bsTokenRevoked: false,
  bsRateLimited: false,
  bsServerError: false,
  bsBadGateway: false,
  clTokenRevoked: false,
  clQuotaExhausted: false,
  clServerError: false,
  clSignInPage: false,
};

let cert: Certificate | undefined;
export function ensureCertificate(): Certificate {
  cert ??= certificate(DATA, HOSTS);
  return cert;
}

const tls = () => ensureCertificate();

// ------------------------------------------------------------------------------------------- pages

const CLOUDFLARE_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>cloudflare</center>
</body>
</html>`;

const FASTLY_503 = `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN"
 "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
<html>
  <head>
    <title>503 Service Unavailable</title>
  </head>
  <body>
    <h1>Error 503 Service Unavailable</h1>
    <p>Service Unavailable</p>
    <h3>Guru Mediation:</h3>
    <p>Details: cache-fra-etou8220092-FRA 1765030000 1843021932</p>
    <hr>
    <p>Varnish cache server</p>
  </body>
</html>`;

const SONATYPE_MAINTENANCE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Maven Central Repository - Scheduled Maintenance</title></head>
<body><h1>Scheduled maintenance</h1>
<p>Maven Central is undergoing scheduled maintenance. Please try again shortly.</p></body></html>`;

const AZURE_FRONT_DOOR_503 = `<!DOCTYPE html><html><head><title>Service unavailable</title></head><body><h2>Our services aren't available right now</h2><p>We're working to restore all services as soon as possible. Please check back soon.</p>0aB3cZQAAAAB1x7Xn2p9FTqR4qvK8m3uXTE9OMjExMDUxMDEyMDMxADQ4YjJlNzk4LTk1NWYtNGQ1Ni1hMjM1LWQ2OTFiYzQ4YjE3Ng==</body></html>`;

const MICROSOFT_SIGN_IN = `<!DOCTYPE html>
<html dir="ltr" lang="en"><head><title>Sign in to your account</title>
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8"></head>
<body><form name="f1" method="post" action="https://login.microsoftonline.com/common/login">
<div id="lightbox">Sign in</div></form></body></html>`;

// ------------------------------------------------------------------------------- package registries

function npmDoc(name: string, description: string, versions: string[], extra: Record<string, unknown> = {}) {
  const latest = versions[versions.length - 1]!;
  return {
    _id: name,
    name,
    description,
    "dist-tags": { latest },
    versions: Object.fromEntries(
      versions.map((version) => [
        version,
        {
          name,
          version,
          main: "index.js",
          license: "MIT",
          engines: { node: ">= 0.10.0" },
          scripts: {
            test: "mocha --require test/support/env --reporter spec --check-leaks test/ test/acceptance/",
          },
          dependencies: version === latest ? { "body-parser": "~2.2.0", debug: "^4.4.0", qs: "^6.14.0" } : {},
          dist: { tarball: `https://registry.npmjs.org/${name}/-/${name}-${version}.tgz` },
        },
      ]),
    ),
    license: "MIT",
    homepage: `https://github.com/${name}js/${name}#readme`,
    repository: { type: "git", url: `git+https://github.com/${name}js/${name}.git` },
    author: { name: "TJ Holowaychuk", email: "tj@vision-media.ca" },
    maintainers: [{ name: "wesleytodd", email: "wes@wesleytodd.com" }],
    keywords: ["framework", "web", "http"],
    bugs: { url: `https://github.com/${name}js/${name}/issues` },
    ...extra,
  };
}

const NPM_DOCS: Record<string, unknown> = {
  express: npmDoc("express", "Fast, unopinionated, minimalist web framework", [
    "4.21.1",
    "4.21.2",
    "5.0.0",
    "5.0.1",
    "5.1.0",
  ]),
  react: npmDoc("react", "React is a JavaScript library for building user interfaces.", [
    "18.2.0",
    "18.3.0",
    "18.3.1",
    "19.0.0",
    "19.1.0",
    "19.1.1",
    "19.2.0",
  ]),
};

function npmSearch(query: string, size: number) {
  if (!/markdown/i.test(query)) return { objects: [], total: 0, time: "2026-12-06T14:00:00.000Z" };
  const hits = [
    ["marked", "A markdown parser built for speed", "16.4.1"],
    ["markdown-it", "Markdown-it - modern pluggable markdown parser.", "14.1.0"],
    ["remark-parse", "remark plugin to add support for parsing markdown input", "11.0.0"],
  ].slice(0, size);
  return {
    objects: hits.map(([name, description, version], index) => ({
      downloads: { monthly: 48_000_000 - index * 9_000_000, weekly: 12_000_000 - index * 2_000_000 },
      dependents: 12000 - index * 3000,
      updated: "2026-11-20T09:14:02.331Z",
      searchScore: 1905.3 - index * 300,
      package: {
        name,
        keywords: ["markdown", "parser"],
        version,
        description,
        publisher: { email: "npm@example.org", username: "maintainer" },
        maintainers: [{ email: "npm@example.org", username: "maintainer" }],
        license: "MIT",
        date: "2026-11-20T09:14:02.331Z",
        links: { npm: `https://www.npmjs.com/package/${name}` },
      },
      score: { final: 0.9 - index * 0.05, detail: { popularity: 1, quality: 1, maintenance: 1 } },
      flags: { insecure: 0 },
    })),
    total: hits.length,
    time: "2026-12-06T14:00:00.000Z",
  };
}

const PYPI: Record<string, unknown> = {
  requests: {
    info: {
      name: "requests",
      summary: "Python HTTP for Humans.",
      description: "# Requests\n\n**Requests** is a simple, yet elegant, HTTP library.",
      version: "2.32.5",
      author: "Kenneth Reitz",
      author_email: "me@kennethreitz.org",
      maintainer: null,
      maintainer_email: null,
      license: "Apache-2.0",
      home_page: "https://requests.readthedocs.io",
      project_url: "https://pypi.org/project/requests/",
      project_urls: {
        Documentation: "https://requests.readthedocs.io",
        Source: "https://github.com/psf/requests",
      },
      requires_python: ">=3.9",
      requires_dist: ["charset_normalizer<4,>=2", "idna<4,>=2.5", "urllib3<3,>=1.21.1", "certifi>=2017.4.17"],
      classifiers: [
        "License :: OSI Approved :: Apache Software License",
        "Programming Language :: Python :: 3",
      ],
      keywords: null,
      platform: null,
      downloads: { last_day: -1, last_month: -1, last_week: -1 },
      yanked: false,
      yanked_reason: null,
    },
    releases: { "2.31.0": [], "2.32.3": [], "2.32.4": [], "2.32.5": [] },
    vulnerabilities: [],
  },
  django: {
    info: { name: "Django", summary: "A high-level Python web framework", version: "5.2.8" },
    releases: { "4.2.26": [], "5.1.14": [], "5.2.7": [], "5.2.8": [], "6.0b1": [] },
    vulnerabilities: [],
  },
};

const SERDE = {
  crate: {
    id: "serde",
    name: "serde",
    description: "A generic serialization/deserialization framework",
    max_version: "1.0.228",
    max_stable_version: "1.0.228",
    homepage: "https://serde.rs",
    repository: "https://github.com/serde-rs/serde",
    documentation: "https://docs.rs/serde",
    downloads: 712_334_102,
    recent_downloads: 98_112_442,
  },
  versions: ["1.0.226", "1.0.227", "1.0.228"].map((num) => ({
    num,
    license: "MIT OR Apache-2.0",
    crate_size: 84_211,
    features: { default: ["std"], derive: ["serde_derive"], std: [], alloc: [] },
  })),
  keywords: [{ keyword: "serde" }, { keyword: "serialization" }, { keyword: "no_std" }],
  categories: [{ category: "encoding" }, { category: "no-std" }],
};

const CRATES_UA_POLICY = `We require that all requests include a \`User-Agent\` header.  To allow us to determine the impact your bot has on our service, we ask that your user agent actually identify your bot, and not just report the HTTP client library you're using.  Including contact information will also reduce the chance that we will need to take action against your bot.

Bad:
  User-Agent: reqwest/0.9.1

Better:
  User-Agent: my_crawler

Best:
  User-Agent: my_crawler (my_crawler.com/info)
  User-Agent: my_crawler (help@my_crawler.com)

If you believe you've received this message in error, please email help@crates.io and include the request id ea3c7c9a-9d44-4b4e-8a11-2b1f1f3e2c60.`;

function nugetRegistration(id: string) {
  const versions = ["13.0.1", "13.0.2", "13.0.3", "13.0.4"];
  return {
    "@id": `https://api.nuget.org/v3/registration5-gz-semver2/${id.toLowerCase()}/index.json`,
    count: 1,
    items: [
      {
        "@id": `https://api.nuget.org/v3/registration5-gz-semver2/${id.toLowerCase()}/index.json#page/13.0.1/13.0.4`,
        count: versions.length,
        lower: "13.0.1",
        upper: "13.0.4",
        items: versions.map((version) => ({
          catalogEntry: {
            id: "Newtonsoft.Json",
            version,
            title: "Json.NET",
            description: "Json.NET is a popular high-performance JSON framework for .NET",
            authors: "James Newton-King",
            licenseExpression: "MIT",
            projectUrl: "https://www.newtonsoft.com/json",
            iconUrl: "https://api.nuget.org/v3-flatcontainer/newtonsoft.json/13.0.4/icon",
            tags: ["json"],
            published: "2025-09-16T03:12:51.000+00:00",
            listed: true,
            requireLicenseAcceptance: false,
            minClientVersion: "2.12",
            dependencyGroups: [{ targetFramework: "net6.0" }, { targetFramework: ".NETStandard2.0" }],
          },
        })),
      },
    ],
  };
}

const BLOB_NOT_FOUND = `\uFEFF<?xml version="1.0" encoding="utf-8"?><Error><Code>BlobNotFound</Code><Message>The specified blob does not exist.
RequestId:6f1c0c3e-301e-0059-2b7a-66b5e8000000
Time:2026-12-06T14:00:00.0000000Z</Message></Error>`;

const GO_NOT_FOUND = (goModule: string) =>
  `not found: module ${goModule}: git ls-remote -q origin in /tmp/gopath/pkg/mod/cache/vcs/5c9a1e0f0d3b8a7e6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a3928170f6e: exit status 128:
\tfatal: could not read Username for 'https://github.com': terminal prompts disabled
Confirm the import path was entered correctly.
If this is a private repository, see https://golang.org/doc/faq#git_https for additional information.`;

const ADVISORY = {
  ghsa_id: "GHSA-35jh-r3h4-6jhm",
  cve_id: "CVE-2021-23337",
  url: "https://api.github.com/advisories/GHSA-35jh-r3h4-6jhm",
  html_url: "https://github.com/advisories/GHSA-35jh-r3h4-6jhm",
  summary: "Command Injection in lodash",
  description:
    "`lodash` versions prior to 4.17.21 are vulnerable to Command Injection via the template function.",
  type: "reviewed",
  severity: "high",
  identifiers: [
    { value: "GHSA-35jh-r3h4-6jhm", type: "GHSA" },
    { value: "CVE-2021-23337", type: "CVE" },
  ],
  published_at: "2021-05-06T16:05:51Z",
  updated_at: "2025-10-01T18:22:10Z",
  vulnerabilities: [
    {
      package: { ecosystem: "npm", name: "lodash" },
      vulnerable_version_range: "< 4.17.21",
      first_patched_version: "4.17.21",
      vulnerable_functions: [],
    },
  ],
  cvss_severities: { cvss_v3: { vector_string: "CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H", score: 7.2 } },
  cwes: [{ cwe_id: "CWE-77", name: "Improper Neutralization of Special Elements used in a Command" }],
};

function registries(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  const host = url.hostname;
  const p = decodeURIComponent(url.pathname);
  if (host === "registry.npmjs.org") {
    if (state.npmRateLimited)
      return text(res, 429, "Too Many Requests", "text/plain", { "retry-after": "60" });
    if (state.npmBadGateway) return text(res, 502, CLOUDFLARE_502, "text/html");
    if (p === "/-/v1/search") {
      return json(
        res,
        200,
        npmSearch(url.searchParams.get("text") ?? "", Number(url.searchParams.get("size") ?? 20)),
      );
    }
    const name = p.slice(1);
    if (name === "slow-registry-pkg") return later(15_000, () => json(res, 200, NPM_DOCS.express));
    const doc = NPM_DOCS[name];
    return doc ? json(res, 200, doc) : json(res, 404, { error: "Not found" });
  }
  if (host === "pypi.org") {
    const match = /^\/pypi\/([^/]+)\/json$/.exec(p);
    const doc = match ? PYPI[match[1]!.toLowerCase()] : undefined;
    return doc ? json(res, 200, doc) : json(res, 404, { message: "Not Found" });
  }
  if (host === "crates.io") {
    if (state.cratesUaBlocked) return text(res, 403, CRATES_UA_POLICY, "text/plain; charset=utf-8");
    if (p === "/api/v1/crates") {
      const q = url.searchParams.get("q") ?? "";
      const crates = /serde/.test(q) ? [{ ...SERDE.crate, exact_match: true }] : [];
      return json(res, 200, { crates, meta: { total: crates.length, next_page: null, prev_page: null } });
    }
    const match = /^\/api\/v1\/crates\/([^/]+)$/.exec(p);
    if (match?.[1] === "serde") return json(res, 200, SERDE);
    return json(res, 404, { errors: [{ detail: `crate \`${match?.[1] ?? p}\` does not exist` }] });
  }
  if (host === "api.nuget.org") {
    const match = /^\/v3\/registration5-gz-semver2\/([^/]+)\/index\.json$/.exec(p);
    if (match?.[1] === "newtonsoft.json") return json(res, 200, nugetRegistration("Newtonsoft.Json"));
    return text(res, 404, BLOB_NOT_FOUND, "application/xml");
  }
  if (host === "azuresearch-usnc.nuget.org") {
    if (state.nugetUnavailable) return text(res, 503, AZURE_FRONT_DOOR_503, "text/html");
    return json(res, 200, { totalHits: 0, data: [] });
  }
  if (host === "proxy.golang.org") {
    const match = /^\/(.+)\/@(latest|v\/list)$/.exec(p);
    const goModule = match?.[1] ?? "";
    if (goModule === "github.com/gorilla/mux") {
      if (match?.[2] === "latest")
        return json(res, 200, {
          Version: "v1.8.1",
          Time: "2023-10-18T03:11:39Z",
          Origin: {
            VCS: "git",
            URL: "https://github.com/gorilla/mux",
            Ref: "refs/tags/v1.8.1",
            Hash: "b4617d0",
          },
        });
      return text(res, 200, "v1.7.4\nv1.8.0\nv1.8.1\nv1.6.2\nv1.7.3\n", "text/plain; charset=UTF-8");
    }
    return text(res, 404, GO_NOT_FOUND(goModule), "text/plain; charset=UTF-8");
  }
  if (host === "api.github.com") {
    if (state.githubRateLimited)
      return json(
        res,
        403,
        {
          message:
            "API rate limit exceeded for 203.0.113.54. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)",
          documentation_url: "https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting",
        },
        {
          "x-ratelimit-limit": "60",
          "x-ratelimit-remaining": "0",
          "x-ratelimit-reset": "1765033200",
          "x-ratelimit-used": "60",
          "x-ratelimit-resource": "core",
        },
      );
    if (p === "/advisories") {
      const affects = url.searchParams.get("affects");
      const results =
        affects === "lodash" || (!affects && url.searchParams.get("severity") === "high") ? [ADVISORY] : [];
      return json(res, 200, results);
    }
    const match = /^\/advisories\/(.+)$/.exec(p);
    if (match?.[1]?.toUpperCase() === ADVISORY.ghsa_id.toUpperCase()) return json(res, 200, ADVISORY);
    return json(res, 404, {
      message: "Not Found",
      documentation_url:
        "https://docs.github.com/rest/security-advisories/global-advisories#get-a-global-security-advisory",
      status: "404",
    });
  }
  void req;
  return json(res, 404, { error: "Not found" });
}

export const registryStandin = forwardProxy(REG_PROXY_PORT, tls, registries);

// ------------------------------------------------------------------------------------ Maven Central

function mavenMetadata(groupId: string, artifactId: string, versions: string[]) {
  const release = [...versions].reverse().find((v) => !/-(alpha|beta|rc|m\d)/i.test(v)) ?? versions.at(-1)!;
  return `<?xml version="1.0" encoding="UTF-8"?>
<metadata>
  <groupId>${groupId}</groupId>
  <artifactId>${artifactId}</artifactId>
  <versioning>
    <latest>${versions.at(-1)}</latest>
    <release>${release}</release>
    <versions>
${versions.map((v) => `      <version>${v}</version>`).join("\n")}
    </versions>
    <lastUpdated>20261120091402</lastUpdated>
  </versioning>
</metadata>
`;
}

const MAVEN: Record<string, string[]> = {
  "org/springframework/spring-core": [
    "6.1.14",
    "6.2.0",
    "6.2.11",
    "6.2.12",
    "7.0.0-M9",
    "7.0.0-RC1",
    "7.0.0",
    "7.0.1",
  ],
  "com/fasterxml/jackson/core/jackson-databind": ["2.18.2", "2.19.0", "2.20.0", "2.20.1", "3.0.0-rc9"],
  "com/google/guava/guava": [
    "33.2.1-jre",
    "33.3.0-jre",
    "33.3.1-jre",
    "33.4.0-jre",
    "33.4.8-jre",
    "33.5.0-jre",
  ],
  "junit/junit": ["4.12", "4.13", "4.13.1", "4.13.2"],
  "io/acme/telemetry-preview": ["0.1.0-alpha1", "0.1.0-alpha2", "0.2.0-beta1", "0.2.0-rc1"],
  "org/lwjgl/lwjgl": ["3.3.3", "3.3.4", "3.3.5", "3.3.6"],
  "org/slf4j/slf4j-api": ["2.0.13", "2.0.16", "2.0.17"],
};

const MAVEN_404 = `<html>
<head><title>404 Not Found</title></head>
<body>
<h1>404 Not Found</h1>
<ul>
<li>Code: NoSuchKey</li>
</ul>
</body>
</html>`;

function maven(_req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  if (state.mvnForbidden) return text(res, 403, "Forbidden\n", "text/plain");
  if (state.mvnRateLimited)
    return text(res, 429, "Too Many Requests\n", "text/plain", { "retry-after": "30" });
  if (state.mvnBadGateway) return text(res, 502, CLOUDFLARE_502, "text/html");
  if (state.mvnUnavailable) return text(res, 503, FASTLY_503, "text/html");
  if (state.mvnServerError) return text(res, 500, "Internal Server Error\n", "text/plain");
  if (state.mvnMaintenancePage) return text(res, 200, SONATYPE_MAINTENANCE, "text/html; charset=utf-8");
  const match = /^\/maven2\/(.+)\/maven-metadata\.xml$/.exec(url.pathname);
  const key = match?.[1] ?? "";
  if (key === "com/acme/slow-artifact")
    return later(15_000, () =>
      text(res, 200, mavenMetadata("com.acme", "slow-artifact", ["1.0.0"]), "text/xml"),
    );
  const versions = MAVEN[key];
  if (!versions) return text(res, 404, MAVEN_404, "text/html");
  const parts = key.split("/");
  const artifactId = parts.pop()!;
  return text(res, 200, mavenMetadata(parts.join("."), artifactId, versions), "text/xml");
}

export const mavenStandin = forwardProxy(MVN_PROXY_PORT, tls, maven);

// ------------------------------------------------------------------------------------------ BugSnag

const ORG = {
  id: "5f0c1a2b3c4d5e6f7a8b9c0d",
  name: "Acme Retail",
  slug: "acme-retail",
  creator: { email: "ops@acme.example", id: "5f0c1a2b3c4d5e6f7a8b0001", name: "Ops" },
  created_at: "2021-03-02T10:12:44.000Z",
  updated_at: "2026-10-01T08:00:00.000Z",
  auto_upgrade: true,
  billing_emails: ["billing@acme.example"],
};

export const BS_PROJECT = "62a1f0c4d5e6f7a8b9c0d1e2";
export const BS_PROJECT_KEY = "9d3c1e7a5b2f4c8e0a6d1b3f5e7c9a2b";
export const BS_ERROR = "6745c2e1a9f04d0008e1b2c3";
export const BS_LOCKED_ERROR = "6745c2e1a9f04d0008e1b2c9";
export const BS_EVENT = "6747a0b2000b1c2d3e4f5a6b";

function bsProject(id: string, name: string, slug: string, apiKey: string, type: string) {
  return {
    id,
    organization_id: ORG.id,
    slug,
    name,
    api_key: apiKey,
    type,
    is_full_view: true,
    release_stages: ["production", "staging"],
    language: type === "ios" ? "swift" : "javascript",
    created_at: "2021-03-02T10:15:00.000Z",
    updated_at: "2026-11-30T12:00:00.000Z",
    errors_url: `http://127.0.0.1:${BUGSNAG_PORT}/projects/${id}/errors`,
    events_url: `http://127.0.0.1:${BUGSNAG_PORT}/projects/${id}/events`,
    url: `http://127.0.0.1:${BUGSNAG_PORT}/projects/${id}`,
    html_url: `https://app.bugsnag.com/${ORG.slug}/${slug}`,
    open_error_count: 3,
    for_review_error_count: 1,
    collaborators_count: 7,
    stability_target_type: "user",
    target_stability: { value: 0.995, updated_at: "2026-01-10T00:00:00.000Z", updated_by_id: null },
    critical_stability: { value: 0.98, updated_at: "2026-01-10T00:00:00.000Z", updated_by_id: null },
  };
}

const PROJECTS = [
  bsProject(BS_PROJECT, "checkout-web", "checkout-web", BS_PROJECT_KEY, "js"),
  bsProject("62a1f0c4d5e6f7a8b9c0d1e3", "Acme iOS", "acme-ios", "4e8b2a6c0d1f3e5a7b9c2d4e6f8a0b1c", "ios"),
];

function bsError(id: string, errorClass: string, message: string, status: string, events: number) {
  return {
    id,
    project_id: BS_PROJECT,
    error_class: errorClass,
    message,
    context: "/checkout/payment",
    severity: "error",
    original_severity: "error",
    overridden_severity: null,
    events,
    events_url: `http://127.0.0.1:${BUGSNAG_PORT}/projects/${BS_PROJECT}/errors/${id}/events`,
    unthrottled_occurrence_count: events,
    users: Math.ceil(events / 3),
    first_seen: "2026-11-21T08:14:55.000Z",
    last_seen: "2026-12-06T13:40:02.000Z",
    first_seen_unfiltered: "2026-11-21T08:14:55.000Z",
    last_seen_unfiltered: "2026-12-06T13:40:02.000Z",
    reopen_rules: null,
    status,
    created_issue: null,
    assigned_collaborator_id: null,
    release_stages: ["production"],
    grouping_reason: "frame-inner",
    grouping_fields: { errorClass, file: "src/checkout/payment.ts", lineNumber: 118 },
    comment_count: 0,
    missing_dsyms: [],
    url: `http://127.0.0.1:${BUGSNAG_PORT}/projects/${BS_PROJECT}/errors/${id}`,
    project_url: `http://127.0.0.1:${BUGSNAG_PORT}/projects/${BS_PROJECT}`,
  };
}

const ERRORS = [
  bsError(BS_ERROR, "TypeError", "Cannot read properties of undefined (reading 'amount')", "open", 412),
  bsError("6745c2e1a9f04d0008e1b2c4", "ChunkLoadError", "Loading chunk 412 failed.", "open", 97),
  bsError(BS_LOCKED_ERROR, "PaymentDeclinedError", "Card declined by issuer (do_not_honor)", "open", 33),
];

const EVENT = {
  id: BS_EVENT,
  url: `http://127.0.0.1:${BUGSNAG_PORT}/projects/${BS_PROJECT}/events/${BS_EVENT}`,
  project_url: `http://127.0.0.1:${BUGSNAG_PORT}/projects/${BS_PROJECT}`,
  is_full_report: true,
  error_id: BS_ERROR,
  received_at: "2026-12-06T13:40:02.000Z",
  exceptions: [
    {
      error_class: "TypeError",
      message: "Cannot read properties of undefined (reading 'amount')",
      type: "browserjs",
      stacktrace: [
        {
          file: "https://shop.acme.example/assets/checkout-8f2c1a.js",
          line_number: 1,
          column_number: 48211,
          method: "applyDiscount",
          in_project: true,
          source_control_link: null,
        },
      ],
    },
  ],
  severity: "error",
  context: "/checkout/payment",
  unhandled: true,
  app: { releaseStage: "production", version: "2026.12.1" },
  device: { browserName: "Chrome", browserVersion: "142.0", osName: "Windows" },
  user: { id: "u_81723" },
  breadcrumbs: [],
  metaData: {},
};

const EVENT_FIELDS = [
  "event.since",
  "event.before",
  "error.status",
  "error",
  "app.release_stage",
  "app.version",
  "user.email",
  "user.id",
  "device.browser_name",
].map((display_id) => ({
  custom: false,
  display_id,
  filter_options: { name: display_id.split(".").pop(), match_types: ["eq", "ne"] },
  pivot_options: {},
}));

const RELEASES = [
  {
    id: "6750e1a2b3c4d5e6f7a8b901",
    project_id: BS_PROJECT,
    release_stage_name: "production",
    app_version: "2026.12.1",
    first_released_at: "2026-12-01T09:00:00.000Z",
    first_release_id: "6750e1a2b3c4d5e6f7a8b911",
    releases_count: 1,
    visible: true,
    total_sessions_count: 184_220,
    unhandled_sessions_count: 412,
    sessions_count_in_last_24h: 22_114,
    accumulative_daily_users_seen: 61_020,
    accumulative_daily_users_with_unhandled: 233,
    top_release_group: true,
  },
];

function bsErrors(
  res: http.ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  json(res, status, { errors: [message] }, headers);
}

function bugsnag(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const auth = req.headers.authorization ?? "";
  if (auth !== `token ${BUGSNAG_TOKEN}` || state.bsTokenRevoked) return bsErrors(res, 401, "Unauthorized");
  if (state.bsRateLimited)
    return bsErrors(res, 429, "Rate limit exceeded", {
      "x-ratelimit-limit": "20",
      "x-ratelimit-remaining": "0",
      "retry-after": "37",
    });
  if (state.bsServerError) return bsErrors(res, 500, "Internal server error");
  if (state.bsBadGateway) return text(res, 502, CLOUDFLARE_502, "text/html");
  const p = url.pathname;
  const total = (list: unknown[]) => ({ "x-total-count": String(list.length) });
  if (p === "/user/organizations") return json(res, 200, [ORG]);
  if (p === `/organizations/${ORG.id}/projects`) return json(res, 200, PROJECTS, total(PROJECTS));
  let m: RegExpExecArray | null;
  if ((m = /^\/projects\/([^/]+)\/(.*)$/.exec(p))) {
    const [, project, rest] = m;
    if (!PROJECTS.some((candidate) => candidate.id === project)) return bsErrors(res, 404, "Not found");
    if (rest === "event_fields") return json(res, 200, EVENT_FIELDS);
    if (rest === "errors") {
      const status = url.searchParams.get("filters[error.status][][value]");
      const since = url.searchParams.get("filters[event.since][][value]");
      const list = status === "fixed" || since === "1h" ? [] : ERRORS;
      return json(res, 200, list, total(list));
    }
    if ((m = /^errors\/([^/]+)(\/.*)?$/.exec(rest!))) {
      const error = ERRORS.find((candidate) => candidate.id === m![1]);
      if (!error) return bsErrors(res, 404, "Not found");
      const tail = m[2] ?? "";
      if (tail === "" && req.method === "PATCH") {
        if (error.id === BS_LOCKED_ERROR)
          return bsErrors(res, 403, "You do not have permission to perform this action");
        const operation = (parse(body).operation as string) ?? "";
        const status = operation === "fix" ? "fixed" : operation === "ignore" ? "ignored" : error.status;
        return json(res, 200, { ...error, status });
      }
      if (tail === "") return json(res, 200, error);
      if (tail === "/events") return json(res, 200, [EVENT], total([EVENT]));
      if (tail === "/pivots")
        return json(res, 200, [
          {
            event_field_display_id: "app.release_stage",
            name: "Release stage",
            cardinality: 1,
            summary: { list: [{ value: "production", events: error.events }], other: 0 },
          },
        ]);
    }
    if (rest === "events") {
      return json(res, 200, [EVENT], total([EVENT]));
    }
    if ((m = /^events\/([^/]+)$/.exec(rest!))) {
      return m[1] === BS_EVENT ? json(res, 200, EVENT) : bsErrors(res, 404, "Not found");
    }
    if (rest === "release_groups") {
      const stage = url.searchParams.get("release_stage_name");
      if (stage === "canary") return later(15_000, () => json(res, 200, []));
      const list = stage === "production" ? RELEASES : [];
      return json(res, 200, list, total(list));
    }
  }
  if ((m = /^\/release_groups\/([^/]+)$/.exec(p))) {
    const release = RELEASES.find((candidate) => candidate.id === m![1]);
    return release ? json(res, 200, release) : bsErrors(res, 404, "Not found");
  }
  if ((m = /^\/release_groups\/([^/]+)\/releases$/.exec(p))) return json(res, 200, []);
  console.error(`[r15-c bugsnag stand-in] unrouted ${req.method} ${p}${url.search}`);
  return bsErrors(res, 404, "Not found");
}

export const bugsnagStandin = httpStandin(BUGSNAG_PORT, bugsnag);

// ------------------------------------------------------------------------------------------ Clarity

const DASHBOARD: Record<string, unknown> = {
  sessions: [
    {
      metricName: "Traffic",
      information: [
        {
          totalSessionCount: "18342",
          totalBotSessionCount: "2210",
          distinctUserCount: "12907",
          pagesPerSessionPercentage: 2.4117,
        },
      ],
    },
  ],
  browsers: [
    {
      metricName: "Traffic",
      information: [
        {
          totalSessionCount: "10221",
          totalBotSessionCount: "120",
          distinctUserCount: "7702",
          Browser: "Chrome",
        },
        {
          totalSessionCount: "4114",
          totalBotSessionCount: "9",
          distinctUserCount: "3391",
          Browser: "Safari",
        },
        { totalSessionCount: "1978", totalBotSessionCount: "2", distinctUserCount: "1503", Browser: "Edge" },
      ],
    },
  ],
  rage: [
    {
      metricName: "RageClickCount",
      information: [
        {
          sessionsCount: "18342",
          sessionsWithMetricPercentage: 3.12,
          subTotal: "572",
          URL: "https://shop.acme.example/checkout",
        },
      ],
    },
  ],
};

function clarity(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (state.clSignInPage) return text(res, 200, MICROSOFT_SIGN_IN, "text/html; charset=utf-8");
  if (req.headers.authorization !== `Bearer ${CLARITY_TOKEN}` || state.clTokenRevoked)
    return json(res, 401, {
      error: "Unauthorized",
      message: "The provided token is invalid or has been revoked.",
    });
  if (state.clQuotaExhausted)
    return json(res, 429, {
      error: "TooManyRequests",
      message: "Exceeded daily limit of 10 requests for this project.",
    });
  if (state.clServerError) return text(res, 503, AZURE_FRONT_DOOR_503, "text/html");
  const input = parse(body);
  const query = String(input.query ?? "");
  if (url.pathname === "/mcp/dashboard/query") {
    if (/slow/i.test(query)) return later(15_000, () => json(res, 200, DASHBOARD.sessions));
    if (/antarctica/i.test(query)) return json(res, 200, []);
    if (/browser/i.test(query)) return json(res, 200, DASHBOARD.browsers);
    if (/rage/i.test(query)) return json(res, 200, DASHBOARD.rage);
    if (/last 90 days|last year/i.test(query))
      return json(res, 400, { error: "BadRequest", message: "numOfDays must be 1, 2 or 3." });
    return json(res, 200, DASHBOARD.sessions);
  }
  if (url.pathname === "/mcp/recordings/sample") {
    const filters = (input.filters ?? {}) as Record<string, unknown>;
    const start = String(input.start ?? "");
    if (start.startsWith("2027") || (filters.country as string[] | undefined)?.includes("Antarctica"))
      return json(res, 200, { recordings: [], totalCount: 0 });
    return json(res, 200, {
      recordings: [
        {
          sessionId: "1k2j3h4g5f",
          userId: "8zx7cv6bn5",
          start: "2026-12-05T18:22:10.000Z",
          durationSeconds: 412,
          pagesCount: 6,
          clickCount: 41,
          device: "PC",
          browser: "Chrome",
          os: "Windows",
          country: "United States",
          entryUrl: "https://shop.acme.example/",
          exitUrl: "https://shop.acme.example/checkout/payment",
          rageClick: true,
          deadClick: false,
          recordingUrl: "https://clarity.microsoft.com/player/p0r15c/8zx7cv6bn5/1k2j3h4g5f",
        },
        {
          sessionId: "9q8w7e6r5t",
          userId: "3as4df5gh6",
          start: "2026-12-05T11:02:44.000Z",
          durationSeconds: 95,
          pagesCount: 2,
          clickCount: 7,
          device: "Mobile",
          browser: "Safari",
          os: "iOS",
          country: "Canada",
          entryUrl: "https://shop.acme.example/sale",
          exitUrl: "https://shop.acme.example/sale",
          rageClick: false,
          deadClick: true,
          recordingUrl: "https://clarity.microsoft.com/player/p0r15c/3as4df5gh6/9q8w7e6r5t",
        },
      ],
      totalCount: 2,
    });
  }
  if (url.pathname === "/mcp/documentation/query") {
    if (/shopify/i.test(query))
      return json(res, 200, [
        {
          title: "Set up Clarity on Shopify",
          url: "https://learn.microsoft.com/en-us/clarity/third-party-integrations/shopify-integration",
          content:
            "1. In the Clarity dashboard, select Settings > Setup. 2. Choose 'Install with a third-party platform' and select Shopify. 3. Copy the tracking code and paste it into theme.liquid before </head>.",
        },
      ]);
    return json(res, 200, []);
  }
  return json(res, 404, { error: "NotFound", message: "Resource not found." });
}

export const clarityStandin = forwardProxy(CLARITY_PROXY_PORT, tls, clarity);

export const ALL_STANDINS = [registryStandin, mavenStandin, bugsnagStandin, clarityStandin];
