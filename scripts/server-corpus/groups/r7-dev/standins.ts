// Loopback stand-ins for the developer platforms behind this group's servers, answering with the
// real APIs' shapes and error bodies: a self-hosted Sentry (/api/0), a Jenkins controller (Stapler
// JSON API, Jetty error pages), a GitHub Enterprise Server (REST /api/v3, over https with a
// self-signed certificate) and an Azure DevOps Server 2022 collection (location discovery by
// OPTIONS, work item tracking, core, git). Each listens on its own port so that one can be stopped
// (an unreachable backend) while the others keep answering. `state` is switched by the sessions'
// hooks (a revoked token, a rate limit, an upstream outage, …).

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import path from "node:path";

export const DATA = "/tmp/faultline-corpus-r7-dev";
export const SENTRY_PORT = 38800;
export const JENKINS_PORT = 38801;
export const GHE_PORT = 38802;
export const ADO_PORT = 38803;

export const SENTRY_TOKEN = "sntryu_r7dev0123456789abcdef0123456789abcdef0123456789abcdef01234567";
export const JENKINS_USER = "alice";
export const JENKINS_TOKEN = "11d4c0ffee5e1f0d2a7b9c3e4f5a6b7c8d";
export const GHE_TOKEN = "ghp_r7devCorpusToken0123456789abcdefABCD";
export const ADO_PAT = "r7devpat4kq2m7x3v9w5z1y8b6n0c2d4e6f8g0h2j4k6m8p0q2";
/** The self-signed certificate of the GitHub Enterprise stand-in; the server trusts it through NODE_EXTRA_CA_CERTS. */
export const GHE_CERT = path.join(DATA, "ghe-cert.pem");
const GHE_KEY = path.join(DATA, "ghe-key.pem");

export const state = {
  sentryTokenRevoked: false,
  sentryRateLimited: false,
  sentryInternalError: false,
  sentryBadGateway: false,
  jenkinsTokenRevoked: false,
  jenkinsBroken: false,
  jenkinsStarting: false,
  gheTokenRevoked: false,
  gheRateLimited: false,
  gheMaintenance: false,
  adoPatRevoked: false,
  adoThrottled: false,
  adoDatabaseDown: false,
};

type Handler = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => void;

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

function html(res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers });
  res.end(body);
}

function ensureCert() {
  if (fs.existsSync(GHE_CERT) && fs.existsSync(GHE_KEY)) return;
  fs.mkdirSync(DATA, { recursive: true });
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      GHE_KEY,
      "-out",
      GHE_CERT,
      "-days",
      "3650",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
}

function serve(port: number, handler: Handler, tls = false) {
  const sockets = new Set<Socket>();
  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
      if (process.env.R7_DEV_TRACE) console.error(`[standin ${port}] ${req.method} ${req.url}`);
      handler(req, url, body, res);
    });
  };
  let server: http.Server | https.Server | undefined;
  const make = () => {
    if (tls) {
      ensureCert();
      server = https.createServer(
        { key: fs.readFileSync(GHE_KEY), cert: fs.readFileSync(GHE_CERT) },
        onRequest,
      );
    } else server = http.createServer(onRequest);
    server.on("connection", (socket: Socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    if (tls) server.on("secureConnection", () => {});
    return server;
  };
  return {
    start: () => new Promise<void>((resolve) => make().listen(port, "127.0.0.1", () => resolve())),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------- Sentry (self-hosted, /api/0)

const SENTRY_BASE = `http://127.0.0.1:${SENTRY_PORT}`;
const SENTRY_ORG = {
  id: "1",
  slug: "acme",
  name: "Acme",
  dateCreated: "2024-02-11T09:12:44.112344Z",
  isEarlyAdopter: false,
  require2FA: false,
  avatar: { avatarType: "letter_avatar", avatarUuid: null },
  status: { id: "active", name: "active" },
  features: ["issue-platform", "performance-view"],
  links: { organizationUrl: SENTRY_BASE, regionUrl: SENTRY_BASE },
};
const SENTRY_PROJECTS = [
  {
    id: "2",
    slug: "checkout-api",
    name: "checkout-api",
    platform: "python-django",
    dateCreated: "2024-02-11T09:20:01.000000Z",
    isBookmarked: false,
    isMember: true,
    hasAccess: true,
    features: [],
    firstEvent: "2024-02-12T10:00:00Z",
    firstTransactionEvent: true,
    hasProfiles: false,
    hasReplays: false,
    hasLogs: false,
  },
  {
    id: "3",
    slug: "storefront",
    name: "storefront",
    platform: "javascript-react",
    dateCreated: "2024-03-02T14:05:40.000000Z",
    isBookmarked: false,
    isMember: true,
    hasAccess: true,
    features: [],
    firstEvent: "2024-03-02T15:10:00Z",
    firstTransactionEvent: false,
    hasProfiles: false,
    hasReplays: true,
    hasLogs: false,
  },
];

function sentryIssue(status = "unresolved") {
  return {
    id: "4021",
    shortId: "CHECKOUT-API-3X",
    title: 'OperationalError: could not obtain lock on row in relation "orders_order"',
    culprit: "checkout.views.submit_order",
    permalink: `${SENTRY_BASE}/organizations/acme/issues/4021/`,
    logger: null,
    level: "error",
    status,
    statusDetails: {},
    substatus: status === "resolved" ? null : "ongoing",
    isPublic: false,
    platform: "python",
    project: { id: "2", name: "checkout-api", slug: "checkout-api", platform: "python-django" },
    type: "error",
    metadata: {
      type: "OperationalError",
      value: 'could not obtain lock on row in relation "orders_order"',
      filename: "checkout/views.py",
      function: "submit_order",
    },
    numComments: 0,
    assignedTo: null,
    isBookmarked: false,
    isSubscribed: true,
    hasSeen: true,
    annotations: [],
    issueType: "error",
    issueCategory: "error",
    isUnhandled: true,
    count: "312",
    userCount: 87,
    firstSeen: "2026-11-28T07:41:10.000000Z",
    lastSeen: "2026-12-05T22:03:51.000000Z",
  };
}

function sentryIssue2() {
  return {
    ...sentryIssue(),
    id: "4022",
    shortId: "STOREFRONT-9K",
    title: "TypeError: Cannot read properties of undefined (reading 'price')",
    culprit: "src/cart/CartLine.tsx in CartLine",
    permalink: `${SENTRY_BASE}/organizations/acme/issues/4022/`,
    platform: "javascript",
    project: { id: "3", name: "storefront", slug: "storefront", platform: "javascript-react" },
    metadata: {
      type: "TypeError",
      value: "Cannot read properties of undefined (reading 'price')",
      filename: "src/cart/CartLine.tsx",
      function: "CartLine",
    },
    count: "1204",
    userCount: 455,
    isUnhandled: true,
  };
}

function sentryEvent() {
  return {
    id: "9fa3c2b1d8e74f6a9b0c1d2e3f4a5b6c",
    eventID: "9fa3c2b1d8e74f6a9b0c1d2e3f4a5b6c",
    groupID: "4021",
    projectID: "2",
    title: 'OperationalError: could not obtain lock on row in relation "orders_order"',
    message: null,
    platform: "python",
    type: "error",
    culprit: "checkout.views.submit_order",
    dateCreated: "2026-12-05T22:03:51.000000Z",
    dateReceived: "2026-12-05T22:03:52.120000Z",
    location: "checkout/views.py",
    size: 8812,
    entries: [
      {
        type: "exception",
        data: {
          values: [
            {
              type: "OperationalError",
              value: 'could not obtain lock on row in relation "orders_order"',
              module: "django.db.utils",
              mechanism: { type: "django", handled: false },
              stacktrace: {
                frames: [
                  {
                    filename: "checkout/views.py",
                    absPath: "/app/checkout/views.py",
                    module: "checkout.views",
                    function: "submit_order",
                    lineNo: 88,
                    colNo: null,
                    inApp: true,
                    context: [
                      [87, "    with transaction.atomic():"],
                      [88, "        order = Order.objects.select_for_update(nowait=True).get(pk=order_id)"],
                      [89, "        order.submit()"],
                    ],
                    vars: { order_id: "'8812'" },
                  },
                ],
              },
            },
          ],
        },
      },
      { type: "request", data: { method: "POST", url: "https://shop.acme.test/api/orders/8812/submit" } },
    ],
    tags: [
      { key: "environment", value: "production" },
      { key: "release", value: "checkout-api@2.14.1" },
      { key: "server_name", value: "checkout-7c9d" },
    ],
    contexts: { runtime: { type: "runtime", name: "CPython", version: "3.12.4" } },
    sdk: { name: "sentry.python.django", version: "2.19.0" },
    user: { id: "u-2231", email: null, ip_address: "10.0.4.17" },
  };
}

const sentry: Handler = (req, url, body, res) => {
  const p = url.pathname;
  const auth = req.headers.authorization ?? "";
  if (auth !== `Bearer ${SENTRY_TOKEN}` || state.sentryTokenRevoked) {
    return json(res, 401, { detail: "Invalid token" });
  }
  if (state.sentryRateLimited) {
    return json(
      res,
      429,
      "You are attempting to use this endpoint too frequently. Limit is 40 requests in 1 seconds",
      {
        "X-Sentry-Rate-Limit-Limit": "40",
        "X-Sentry-Rate-Limit-Remaining": "0",
        "X-Sentry-Rate-Limit-Reset": String(Math.floor(Date.now() / 1000) + 1),
        "X-Sentry-Rate-Limit-ConcurrentLimit": "25",
        "X-Sentry-Rate-Limit-ConcurrentRemaining": "24",
      },
    );
  }
  if (state.sentryInternalError) {
    return json(res, 500, { detail: "Internal Error", errorId: "c4f1e2d3b5a64e7f8a9b0c1d2e3f4a5b" });
  }
  if (state.sentryBadGateway) {
    return html(
      res,
      502,
      "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.25.3</center>\r\n</body>\r\n</html>\r\n",
    );
  }
  if (p === "/api/0/organizations/" && req.method === "GET") {
    return json(res, 200, [SENTRY_ORG], { Link: '<x>; rel="next"; results="false"; cursor="0:100:0"' });
  }
  if (p === "/api/0/organizations/acme/" && req.method === "GET") return json(res, 200, SENTRY_ORG);
  const projects = /^\/api\/0\/organizations\/([^/]+)\/projects\/$/.exec(p);
  if (projects) {
    if (projects[1] === "globex") {
      return json(res, 403, { detail: "You do not have permission to perform this action." });
    }
    if (projects[1] !== "acme") return json(res, 404, { detail: "The requested resource does not exist" });
    // a slow listing: the session kills the server while it waits
    if ((url.searchParams.get("query") ?? "") === "slow") {
      setTimeout(() => json(res, 200, SENTRY_PROJECTS), 15_000);
      return;
    }
    return json(res, 200, SENTRY_PROJECTS);
  }
  if (p === "/api/0/organizations/acme/replay-count/") return json(res, 200, {});
  if (/^\/api\/0\/projects\/acme\/[^/]+\/stacktrace-link\/$/.test(p)) {
    return json(res, 200, { config: null, sourceUrl: null, integrations: [] });
  }
  if (p === "/api/0/organizations/acme/issues/" && req.method === "GET") {
    const query = url.searchParams.get("query") ?? "";
    if (/assigned:\s*$|is:archived-ish/.test(query) || query.includes("is:bogus")) {
      return json(res, 400, {
        detail:
          "Error parsing search query: Invalid value for \"is\" search, valid values are ['archived', 'assigned', 'escalating', 'for_review', 'ignored', 'linked', 'new', 'ongoing', 'regressed', 'resolved', 'unassigned', 'unlinked', 'unresolved']",
      });
    }
    if (query.includes("zeppelin")) return json(res, 200, []);
    return json(res, 200, [sentryIssue(), sentryIssue2()]);
  }
  const issue = /^\/api\/0\/organizations\/acme\/issues\/([^/]+)\/(.*)$/.exec(p);
  if (issue) {
    const id = decodeURIComponent(issue[1] ?? "");
    const rest = issue[2] ?? "";
    if (id !== "CHECKOUT-API-3X" && id !== "4021") {
      return json(res, 404, { detail: "The requested resource does not exist" });
    }
    if (rest === "" && req.method === "GET") return json(res, 200, sentryIssue());
    if (rest === "" && req.method === "PUT") {
      const update = JSON.parse(body || "{}") as { status?: string };
      return json(res, 200, { ...sentryIssue(update.status ?? "unresolved"), ...update });
    }
    if (rest.startsWith("events/latest") || rest.startsWith("events/recommended"))
      return json(res, 200, sentryEvent());
    if (rest.startsWith("tags")) return json(res, 200, []);
    if (rest.startsWith("autofix")) return json(res, 200, { autofix: null });
    if (rest.startsWith("activities") || rest.startsWith("comments")) return json(res, 200, { activity: [] });
    if (rest.startsWith("external-issues")) return json(res, 200, []);
    return json(res, 404, { detail: "The requested resource does not exist" });
  }
  return json(res, 404, { detail: "The requested resource does not exist" });
};

// ---------------------------------------------------------------- Jenkins (Stapler JSON API)

const JENKINS_BASE = `http://127.0.0.1:${JENKINS_PORT}`;

function jettyError(status: number, message: string, uri: string) {
  return (
    `<html>\n<head>\n<meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>\n` +
    `<title>Error ${status} ${message}</title>\n</head>\n<body><h2>HTTP ERROR ${status} ${message}</h2>\n` +
    `<table>\n<tr><th>URI:</th><td>${uri}</td></tr>\n<tr><th>STATUS:</th><td>${status}</td></tr>\n` +
    `<tr><th>MESSAGE:</th><td>${message}</td></tr>\n<tr><th>SERVLET:</th><td>Stapler</td></tr>\n</table>\n` +
    `<hr/><a href="https://eclipse.org/jetty">Powered by Jetty:// 10.0.20</a><hr/>\n\n</body>\n</html>\n`
  );
}

const JENKINS_OOPS =
  '<!DOCTYPE html><html class=""><head resURL="/static/7c5e1d3a" data-rooturl="" data-resurl="/static/7c5e1d3a">' +
  '<title>Jenkins [Jenkins]</title></head><body><div id="page-body"><div id="main-panel">' +
  '<h1 style="text-align: center"><img src="/static/7c5e1d3a/images/rage.svg" height="179" width="154"/> ' +
  '<span style="font-size:50px">Oops!</span></h1><div id="error-description" style="text-align: center">' +
  "<h2>A problem occurred while processing the request</h2><p>Logging ID=6f0b8e42-0c6b-4d3e-9a51-2c9e8b7d1f03</p>" +
  "</div></div></div></body></html>";

const JENKINS_STARTING =
  '<!DOCTYPE html><html><head resURL="/static/7c5e1d3a"><title>Starting Jenkins</title>' +
  '<meta http-equiv="refresh" content="10"></head><body><div style="text-align:center">' +
  "<h1>Please wait while Jenkins is getting ready to work ...</h1>" +
  "<p>Your browser will reload automatically when Jenkins is ready.</p></div></body></html>";

const JENKINS_JOBS = [
  {
    _class: "org.jenkinsci.plugins.workflow.job.WorkflowJob",
    name: "api-service",
    fullName: "backend/api-service",
    url: `${JENKINS_BASE}/job/backend/job/api-service/`,
    color: "red",
    displayName: "api-service",
    description: "Checkout API: build, unit tests, image",
  },
  {
    _class: "org.jenkinsci.plugins.workflow.job.WorkflowJob",
    name: "worker",
    fullName: "backend/worker",
    url: `${JENKINS_BASE}/job/backend/job/worker/`,
    color: "blue",
    displayName: "worker",
    description: "Background worker",
  },
];

const JENKINS_ROOT_JOBS = [
  {
    _class: "com.cloudbees.hudson.plugins.folder.Folder",
    name: "backend",
    fullName: "backend",
    url: `${JENKINS_BASE}/job/backend/`,
    displayName: "backend",
    description: null,
    jobs: JENKINS_JOBS,
  },
  {
    _class: "com.cloudbees.hudson.plugins.folder.Folder",
    name: "deploy",
    fullName: "deploy",
    url: `${JENKINS_BASE}/job/deploy/`,
    displayName: "deploy",
    description: "Production deployments (release managers only)",
    jobs: [],
  },
];

function jenkinsBuild(number: number) {
  return {
    _class: "org.jenkinsci.plugins.workflow.job.WorkflowRun",
    actions: [
      {
        _class: "hudson.model.CauseAction",
        causes: [{ shortDescription: "Started by GitHub push by dmitri" }],
      },
      {
        _class: "hudson.plugins.git.util.BuildData",
        lastBuiltRevision: {
          SHA1: "4b1e0c9a7d2f3e5a6b8c9d0e1f2a3b4c5d6e7f80",
          branch: [{ name: "refs/remotes/origin/main" }],
        },
        remoteUrls: ["https://git.acme.test/acme/checkout-api.git"],
      },
      { _class: "hudson.tasks.junit.TestResultAction", failCount: 2, skipCount: 3, totalCount: 412 },
    ],
    building: false,
    description: null,
    displayName: `#${number}`,
    duration: 412331,
    estimatedDuration: 398120,
    fullDisplayName: `backend » api-service #${number}`,
    id: String(number),
    number,
    result: "FAILURE",
    timestamp: 1765001011000,
    url: `${JENKINS_BASE}/job/backend/job/api-service/${number}/`,
    changeSets: [],
    inProgress: false,
  };
}

const JENKINS_LOG = [
  "Started by GitHub push by dmitri",
  "[Pipeline] Start of Pipeline",
  "[Pipeline] node",
  "Running on agent-linux-3 in /var/lib/jenkins/workspace/backend/api-service",
  "[Pipeline] stage (Checkout)",
  " > git rev-parse --resolve-git-dir /var/lib/jenkins/workspace/backend/api-service/.git # timeout=10",
  "Checking out Revision 4b1e0c9a7d2f3e5a6b8c9d0e1f2a3b4c5d6e7f80 (refs/remotes/origin/main)",
  "[Pipeline] stage (Unit tests)",
  "+ pytest -q --junitxml=reports/junit.xml",
  "........................................................................ [ 17%]",
  "..........................F.........F................................... [ 35%]",
  "FAILED tests/test_orders.py::test_submit_twice - django.db.utils.OperationalError: could not obtain lock",
  "FAILED tests/test_orders.py::test_refund_partial - AssertionError: assert 41.6 == 41.5",
  "2 failed, 407 passed, 3 skipped in 391.22s",
  "[Pipeline] junit",
  "Recording test results",
  "ERROR: script returned exit code 1",
  "[Pipeline] End of Pipeline",
  "Finished: FAILURE",
];

const jenkins: Handler = (req, url, _body, res) => {
  const p = url.pathname;
  const expected = "Basic " + Buffer.from(`${JENKINS_USER}:${JENKINS_TOKEN}`).toString("base64");
  if (req.headers.authorization !== expected || state.jenkinsTokenRevoked) {
    return html(res, 401, jettyError(401, "Invalid password/token for user: alice", p), {
      "WWW-Authenticate": 'Basic realm="Jenkins"',
      "X-You-Are-Authenticated-As": "anonymous",
    });
  }
  if (state.jenkinsStarting) return html(res, 503, JENKINS_STARTING, { "Retry-After": "10" });
  if (state.jenkinsBroken) return html(res, 500, JENKINS_OOPS);
  const headers = { "X-Jenkins": "2.479.2", "X-Content-Type-Options": "nosniff" };
  const send = (body: unknown) => json(res, 200, body, headers);
  if (p === "/api/json") {
    return send({
      _class: "hudson.model.Hudson",
      quietingDown: false,
      url: `${JENKINS_BASE}/`,
      jobs: JENKINS_ROOT_JOBS,
    });
  }
  if (p === "/computer/api/json") {
    return send({
      _class: "hudson.model.ComputerSet",
      busyExecutors: 1,
      totalExecutors: 4,
      computer: [
        {
          displayName: "Built-In Node",
          idle: false,
          offline: false,
          temporarilyOffline: false,
          numExecutors: 4,
        },
      ],
    });
  }
  if (p === "/queue/api/json") return send({ _class: "hudson.model.Queue", items: [] });
  if (p === "/me/api/json") return send({ _class: "hudson.model.User", fullName: "Alice Ops", id: "alice" });
  if (p === "/queue/item/311/api/json") {
    return send({
      _class: "hudson.model.Queue$WaitingItem",
      id: 311,
      blocked: false,
      buildable: false,
      inQueueSince: 1765002400000,
      params: "\nBRANCH=main",
      stuck: false,
      task: {
        _class: "org.jenkinsci.plugins.workflow.job.WorkflowJob",
        name: "api-service",
        url: `${JENKINS_BASE}/job/backend/job/api-service/`,
      },
      url: "queue/item/311/",
      why: "In the quiet period. Expires in 4.9 sec",
      timestamp: 1765002405000,
    });
  }
  if (p === "/job/backend/api/json") {
    return send({
      _class: "com.cloudbees.hudson.plugins.folder.Folder",
      name: "backend",
      jobs: JENKINS_JOBS,
    });
  }
  if (p === "/job/backend/job/api-service/api/json") {
    return send({
      ...JENKINS_JOBS[0],
      buildable: true,
      builds: [142, 141, 140].map((n) => ({
        _class: "org.jenkinsci.plugins.workflow.job.WorkflowRun",
        number: n,
        url: `${JENKINS_BASE}/job/backend/job/api-service/${n}/`,
      })),
      healthReport: [{ description: "Build stability: 2 out of the last 5 builds failed.", score: 60 }],
      inQueue: false,
      lastBuild: { number: 142, url: `${JENKINS_BASE}/job/backend/job/api-service/142/` },
      lastSuccessfulBuild: { number: 141, url: `${JENKINS_BASE}/job/backend/job/api-service/141/` },
      lastFailedBuild: { number: 142, url: `${JENKINS_BASE}/job/backend/job/api-service/142/` },
      nextBuildNumber: 143,
      property: [
        {
          _class: "hudson.model.ParametersDefinitionProperty",
          parameterDefinitions: [{ name: "BRANCH", defaultParameterValue: { value: "main" } }],
        },
      ],
    });
  }
  const build =
    /^\/job\/backend\/job\/api-service\/(\d+|lastBuild)\/(api\/json|consoleText|testReport\/api\/json)$/.exec(
      p,
    );
  if (build) {
    const n = build[1] === "lastBuild" ? 142 : Number(build[1]);
    if (n < 139 || n > 142) return html(res, 404, jettyError(404, "Not Found", p));
    if (build[2] === "api/json") return send(jenkinsBuild(n));
    if (build[2] === "consoleText") {
      if (n === 140) {
        // a huge, slow log: the client gives up first
        setTimeout(() => {
          res.writeHead(200, { "content-type": "text/plain;charset=utf-8" });
          res.end(JENKINS_LOG.join("\n") + "\n");
        }, 15_000);
        return;
      }
      res.writeHead(200, { "content-type": "text/plain;charset=utf-8", ...headers });
      return res.end(JENKINS_LOG.join("\n") + "\n");
    }
    if (n !== 142) return html(res, 404, jettyError(404, "Not Found", p));
    return send({
      _class: "hudson.tasks.junit.TestResult",
      duration: 391.22,
      empty: false,
      failCount: 2,
      passCount: 407,
      skipCount: 3,
      suites: [
        {
          name: "tests.test_orders",
          cases: [
            {
              className: "tests.test_orders",
              name: "test_submit_twice",
              status: "FAILED",
              errorDetails:
                'django.db.utils.OperationalError: could not obtain lock on row in relation "orders_order"',
              duration: 2.1,
              age: 1,
            },
            {
              className: "tests.test_orders",
              name: "test_refund_partial",
              status: "REGRESSION",
              errorDetails: "AssertionError: assert 41.6 == 41.5",
              duration: 0.4,
              age: 1,
            },
            {
              className: "tests.test_orders",
              name: "test_list_orders",
              status: "PASSED",
              errorDetails: null,
              duration: 0.2,
              age: 0,
            },
          ],
        },
      ],
    });
  }
  if (
    p === "/job/backend/job/api-service/build" ||
    p === "/job/backend/job/api-service/buildWithParameters"
  ) {
    if (req.method !== "POST")
      return html(res, 405, jettyError(405, "HTTP method GET is not supported by this URL", p));
    res.writeHead(201, { Location: `${JENKINS_BASE}/queue/item/311/`, ...headers });
    return res.end();
  }
  if (/^\/job\/deploy\/job\/prod-release\/(build|buildWithParameters)$/.test(p)) {
    return html(res, 403, jettyError(403, "alice is missing the Job/Build permission", p));
  }
  return html(res, 404, jettyError(404, "Not Found", p));
};

// ---------------------------------------------------------------- GitHub Enterprise Server (REST /api/v3)

const GHE_BASE = `https://127.0.0.1:${GHE_PORT}`;
const GHE_DOCS = "https://docs.github.com/enterprise-server@3.14/rest";
const GHE_USER = {
  login: "mona",
  id: 4,
  node_id: "MDQ6VXNlcjQ=",
  type: "User",
  site_admin: false,
  name: "Mona Lisa",
  url: `${GHE_BASE}/api/v3/users/mona`,
};

function gheRepo(name: string, openIssues: number) {
  return {
    id: name === "payments" ? 118 : 121,
    node_id: name === "payments" ? "MDEwOlJlcG9zaXRvcnkxMTg=" : "MDEwOlJlcG9zaXRvcnkxMjE=",
    name,
    full_name: `acme/${name}`,
    private: true,
    owner: { login: "acme", id: 9, type: "Organization" },
    html_url: `${GHE_BASE}/acme/${name}`,
    description:
      name === "payments" ? "Payment service (PSP adapters, refunds, ledgers)" : "Public docs site",
    fork: false,
    url: `${GHE_BASE}/api/v3/repos/acme/${name}`,
    created_at: "2023-05-02T08:11:09Z",
    updated_at: "2026-12-04T17:22:31Z",
    pushed_at: "2026-12-05T18:40:02Z",
    default_branch: "main",
    visibility: "internal",
    open_issues_count: openIssues,
    language: name === "payments" ? "Go" : "MDX",
    archived: false,
    permissions: { admin: false, maintain: false, push: true, triage: true, pull: true },
  };
}

function gheIssue(number: number, title: string, labels: string[]) {
  return {
    id: 9000 + number,
    node_id: `MDU6SXNzdWU5MDA${number}`,
    url: `${GHE_BASE}/api/v3/repos/acme/payments/issues/${number}`,
    html_url: `${GHE_BASE}/acme/payments/issues/${number}`,
    number,
    title,
    user: { login: "dmitri", id: 12, type: "User" },
    labels: labels.map((name, i) => ({ id: 300 + i, name, color: "d73a4a", default: false })),
    state: "open",
    locked: false,
    assignee: null,
    assignees: [],
    comments: 2,
    created_at: "2026-11-30T10:02:11Z",
    updated_at: "2026-12-05T09:12:40Z",
    closed_at: null,
    author_association: "MEMBER",
    body: "Refunds above the captured amount are accepted by the adapter and only fail at settlement.",
  };
}

const README = "# payments\n\nPSP adapters, refunds and the ledger.\n\n    make test\n";

const ghe: Handler = (req, url, body, res) => {
  const p = url.pathname.replace(/^\/api\/v3/, "");
  const rateHeaders = (remaining: number) => ({
    "x-github-enterprise-version": "3.14.4",
    "x-github-media-type": "github.v3; format=json",
    "x-oauth-scopes": "repo, read:org",
    "x-ratelimit-limit": "5000",
    "x-ratelimit-remaining": String(remaining),
    "x-ratelimit-reset": String(Math.floor(Date.now() / 1000) + (remaining === 0 ? 1 : 3600)),
    "x-ratelimit-used": String(5000 - remaining),
    "x-ratelimit-resource": "core",
    "x-github-request-id": "C0A8:1F2B:3D4E5F:6A7B8C:6752A1B0",
  });
  const ok = (status: number, data: unknown) => json(res, status, data, rateHeaders(4871));
  const err = (status: number, message: string, doc: string, extra: Record<string, unknown> = {}) =>
    json(
      res,
      status,
      { message, ...extra, documentation_url: `${GHE_DOCS}/${doc}`, status: String(status) },
      rateHeaders(4871),
    );
  if (req.headers.authorization !== `token ${GHE_TOKEN}` || state.gheTokenRevoked) {
    return json(
      res,
      401,
      { message: "Bad credentials", documentation_url: GHE_DOCS, status: "401" },
      {
        "x-github-enterprise-version": "3.14.4",
        "x-github-request-id": "C0A8:1F2B:3D4E60:6A7B8D:6752A1B1",
      },
    );
  }
  if (state.gheMaintenance) {
    return html(
      res,
      503,
      '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Maintenance &middot; GitHub Enterprise</title></head><body><div class="container"><h1>Under maintenance</h1><p>This GitHub Enterprise instance is undergoing scheduled maintenance. Please check back soon.</p></div></body></html>',
      { "Retry-After": "120" },
    );
  }
  if (state.gheRateLimited) {
    return json(
      res,
      403,
      {
        message: "API rate limit exceeded for user ID 4.",
        documentation_url: `${GHE_DOCS}/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits`,
        status: "403",
      },
      rateHeaders(0),
    );
  }
  if (p === "/user" && req.method === "GET") return ok(200, GHE_USER);
  if (p === "/user/repos" && req.method === "GET")
    return ok(200, [gheRepo("payments", 3), gheRepo("docs-site", 0)]);
  const repo = /^\/repos\/acme\/([^/]+)(\/.*)?$/.exec(p);
  if (!repo) return err(404, "Not Found", "repos/repos#get-a-repository");
  const name = repo[1] ?? "";
  const rest = repo[2] ?? "";
  if (name !== "payments" && name !== "docs-site")
    return err(404, "Not Found", "repos/repos#get-a-repository");
  if (rest === "" && req.method === "GET") return ok(200, gheRepo(name, name === "payments" ? 3 : 0));
  if (rest === "" && req.method === "DELETE") {
    return err(403, "Must have admin rights to Repository.", "repos/repos#delete-a-repository");
  }
  if (rest === "/issues" && req.method === "GET") {
    if (name === "docs-site") return ok(200, []);
    return ok(200, [
      gheIssue(212, "Refund above captured amount is accepted", ["bug", "psp:adyen"]),
      gheIssue(208, "Ledger export drops minor units for JPY", ["bug"]),
      gheIssue(201, "Retry webhooks with backoff", ["enhancement"]),
    ]);
  }
  if (rest === "/issues" && req.method === "POST") {
    const input = JSON.parse(body || "{}") as { assignees?: string[] };
    const bad = (input.assignees ?? []).find((a) => a !== "mona" && a !== "dmitri");
    if (bad) {
      return err(422, "Validation Failed", "issues/issues#create-an-issue", {
        errors: [{ value: bad, resource: "Issue", field: "assignees", code: "invalid" }],
      });
    }
    return ok(201, gheIssue(213, "New issue", []));
  }
  const issue = /^\/issues\/(\d+)$/.exec(rest);
  if (issue && req.method === "GET") {
    if (issue[1] === "212")
      return ok(200, gheIssue(212, "Refund above captured amount is accepted", ["bug", "psp:adyen"]));
    return err(404, "Not Found", "issues/issues#get-an-issue");
  }
  if (/^\/pulls\/\d+\/merge$/.test(rest) && req.method === "PUT") {
    return err(405, "Pull Request is not mergeable", "pulls/pulls#merge-a-pull-request");
  }
  if (rest === "/pulls" && req.method === "GET") return ok(200, []);
  if (rest === "/git/refs" && req.method === "POST") {
    return err(422, "Reference already exists", "git/refs#create-a-reference");
  }
  if (/^\/git\/ref(s)?\/heads\/main$/.test(rest)) {
    return ok(200, {
      ref: "refs/heads/main",
      object: { sha: "9d2f0c41a7e3b5d6c8f9a0b1c2d3e4f5a6b7c8d9", type: "commit" },
    });
  }
  if (rest === "/branches" && req.method === "GET") {
    // a slow listing: the session kills the server while it waits
    setTimeout(() => ok(200, [{ name: "main", protected: true }]), 15_000);
    return;
  }
  if (rest === "/contents/README.md" && req.method === "GET") {
    return ok(200, {
      type: "file",
      encoding: "base64",
      size: Buffer.byteLength(README),
      name: "README.md",
      path: "README.md",
      content: Buffer.from(README).toString("base64"),
      sha: "3a0f86fb8db8eea7ccbb9a95f325ddbedfb25e15",
      url: `${GHE_BASE}/api/v3/repos/acme/payments/contents/README.md?ref=main`,
    });
  }
  if (rest === "/commits" && req.method === "GET") {
    return ok(200, [
      {
        sha: "9d2f0c41a7e3b5d6c8f9a0b1c2d3e4f5a6b7c8d9",
        commit: {
          author: { name: "Dmitri", date: "2026-12-05T18:40:02Z" },
          message: "Reject refunds above captured amount",
        },
        author: { login: "dmitri" },
      },
    ]);
  }
  return err(404, "Not Found", "repos/contents#get-repository-content");
};

// ---------------------------------------------------------------- Azure DevOps Server 2022 (api 7.0)

const ADO_COLLECTION = `http://127.0.0.1:${ADO_PORT}/tfs/DefaultCollection`;
const ADO_PROJECT_ID = "6ce954b1-ce1f-45d1-b94d-e6bf2464ba2c";

function location(
  id: string,
  area: string,
  resourceName: string,
  routeTemplate: string,
  resourceVersion = 1,
) {
  return {
    id,
    area,
    resourceName,
    routeTemplate,
    resourceVersion,
    minVersion: "1.0",
    maxVersion: "7.0",
    releasedVersion: "7.0",
  };
}

const ADO_LOCATIONS: Record<string, unknown[]> = {
  location: [
    location(
      "e81700f7-3be2-46de-8624-2eb35882fcaa",
      "Location",
      "ResourceAreas",
      "_apis/{resource}/{areaId}",
    ),
  ],
  core: [
    location("603fe2ac-9723-48b9-88ad-09305aa6c6e1", "core", "projects", "_apis/{resource}/{*projectId}", 4),
  ],
  wit: [
    location(
      "1a9c53f7-f243-4447-b110-35ef023636e4",
      "wit",
      "wiql",
      "{project}/{team}/_apis/{area}/{resource}/{id}",
      2,
    ),
    location(
      "72c7ddf8-2cdc-4f60-90cd-ab71c14a399b",
      "wit",
      "workItems",
      "{project}/_apis/{area}/{resource}/{id}",
      3,
    ),
    location(
      "5a172953-1b41-49d3-840a-33f79c3ce89f",
      "wit",
      "classificationNodes",
      "{project}/_apis/{area}/{resource}/{structureGroup}/{*path}",
      2,
    ),
    location(
      "7c8d7a76-4a09-43e8-b5df-bd792f4ac6aa",
      "wit",
      "workItemTypes",
      "{project}/_apis/{area}/{resource}/{type}",
      2,
    ),
  ],
  git: [
    location(
      "225f7195-f9c7-4d14-ab28-a83f7ff77e1f",
      "git",
      "repositories",
      "{project}/_apis/{area}/{resource}/{repositoryId}",
      1,
    ),
    location(
      "fb93c0db-47ed-4a31-8c20-47552878fb44",
      "git",
      "items",
      "{project}/_apis/{area}/repositories/{repositoryId}/{resource}/{*path}",
      1,
    ),
  ],
};

function adoError(message: string, typeName: string, typeKey: string, eventId: number) {
  return {
    $id: "1",
    innerException: null,
    message,
    typeName: `${typeName}, Microsoft.TeamFoundation.WorkItemTracking.Server`,
    typeKey,
    errorCode: 0,
    eventId,
  };
}

const ADO_PROJECT = {
  id: ADO_PROJECT_ID,
  name: "Fabrikam",
  description: "Fabrikam web shop and back office",
  url: `${ADO_COLLECTION}/_apis/projects/${ADO_PROJECT_ID}`,
  state: "wellFormed",
  revision: 118,
  visibility: "private",
  lastUpdateTime: "2026-10-14T08:22:05.417Z",
};

function adoWorkItem(id: number) {
  const base = {
    4711: {
      title: "Checkout fails when the cart holds a gift card",
      state: "Active",
      type: "Bug",
      sev: "2 - High",
    },
    4712: { title: "Refund email shows the wrong currency", state: "Active", type: "Bug", sev: "3 - Medium" },
  }[id as 4711 | 4712];
  return {
    id,
    rev: 7,
    fields: {
      "System.AreaPath": "Fabrikam\\Checkout",
      "System.TeamProject": "Fabrikam",
      "System.IterationPath": "Fabrikam\\Sprint 48",
      "System.WorkItemType": base.type,
      "System.State": base.state,
      "System.Reason": "Approved",
      "System.AssignedTo": {
        displayName: "Jamal Hartnett",
        uniqueName: "FABRIKAM\\jamal",
        id: "d291b0c4-a05c-4ea6-8df1-4b41d5f39eff",
      },
      "System.CreatedDate": "2026-11-20T09:14:02.33Z",
      "System.CreatedBy": { displayName: "Christie Church", uniqueName: "FABRIKAM\\christie" },
      "System.ChangedDate": "2026-12-04T16:41:10.287Z",
      "System.Title": base.title,
      "Microsoft.VSTS.Common.Priority": 1,
      "Microsoft.VSTS.Common.Severity": base.sev,
      "System.Tags": "checkout; payments",
    },
    relations: [],
    _links: { self: { href: `${ADO_COLLECTION}/${ADO_PROJECT_ID}/_apis/wit/workItems/${id}` } },
    url: `${ADO_COLLECTION}/${ADO_PROJECT_ID}/_apis/wit/workItems/${id}`,
  };
}

const IIS_401 =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">\r\n' +
  '<html xmlns="http://www.w3.org/1999/xhtml">\r\n<head>\r\n<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"/>\r\n' +
  "<title>401 - Unauthorized: Access is denied due to invalid credentials.</title>\r\n</head>\r\n<body>\r\n" +
  '<div id="header"><h1>Server Error</h1></div>\r\n<div id="content">\r\n <div class="content-container"><fieldset>\r\n' +
  "  <h2>401 - Unauthorized: Access is denied due to invalid credentials.</h2>\r\n" +
  "  <h3>You do not have permission to view this directory or page using the credentials that you supplied.</h3>\r\n" +
  " </fieldset></div>\r\n</div>\r\n</body>\r\n</html>\r\n";

const ado: Handler = (req, url, body, res) => {
  const prefix = "/tfs/DefaultCollection";
  if (!url.pathname.startsWith(prefix)) return html(res, 404, "<h1>404 - File or directory not found.</h1>");
  const p = url.pathname.slice(prefix.length);
  const expected = "Basic " + Buffer.from(`PAT:${ADO_PAT}`).toString("base64");
  const headers = {
    "x-tfs-processid": "2f4c6a1e-9b3d-4e58-a7c0-1d2e3f4a5b6c",
    "x-vss-e2eid": "c0ffee00-1d2e-4f3a-9b8c-7d6e5f4a3b2c",
  };
  if (req.headers.authorization !== expected || state.adoPatRevoked) {
    return html(res, 401, IIS_401, { "WWW-Authenticate": 'Basic realm="127.0.0.1"', ...headers });
  }
  const send = (status: number, data: unknown) => json(res, status, data, headers);
  if (req.method === "OPTIONS") {
    const area = /^\/_apis\/([^/]+)$/.exec(p)?.[1]?.toLowerCase() ?? "";
    const value = ADO_LOCATIONS[area] ?? [];
    return send(200, { count: value.length, value });
  }
  if (p === "/_apis/ResourceAreas") return send(200, { count: 0, value: [] });
  if (state.adoThrottled) {
    return json(
      res,
      429,
      {
        $id: "1",
        innerException: null,
        message:
          "TF400733: The request has been canceled: Request was blocked due to exceeding usage of resource 'WorkItemTrackingResource' in namespace 'User'.",
        typeName:
          "Microsoft.TeamFoundation.Framework.Server.RequestBlockedException, Microsoft.TeamFoundation.Framework.Server",
        typeKey: "RequestBlockedException",
        errorCode: 0,
        eventId: 3000,
      },
      {
        "Retry-After": "30",
        "X-RateLimit-Resource": "WorkItemTrackingResource",
        "X-RateLimit-Delay": "30.0",
        ...headers,
      },
    );
  }
  if (state.adoDatabaseDown) {
    return send(500, {
      $id: "1",
      innerException: null,
      message:
        "TF246017: Azure DevOps Server could not connect to the database. Verify that the server that is hosting the database is operational, and that network problems are not blocking communication with the server.",
      typeName:
        "Microsoft.TeamFoundation.Framework.Server.DatabaseConnectionException, Microsoft.TeamFoundation.Framework.Server",
      typeKey: "DatabaseConnectionException",
      errorCode: 0,
      eventId: 3000,
    });
  }
  if (p === "/_apis/projects" || p === "/_apis/projects/") {
    return send(200, { count: 1, value: [ADO_PROJECT] });
  }
  const project = /^\/_apis\/projects\/(.+)$/.exec(p);
  if (project) {
    const name = decodeURIComponent(project[1] ?? "");
    if (name === "Fabrikam" || name === ADO_PROJECT_ID) {
      return send(200, {
        ...ADO_PROJECT,
        capabilities: {
          versioncontrol: { sourceControlType: "Git" },
          processTemplate: { templateName: "Agile" },
        },
        defaultTeam: { id: "a3c1e2f4-0b5d-4c6e-8f7a-9b0c1d2e3f4a", name: "Fabrikam Team" },
      });
    }
    return send(404, {
      $id: "1",
      innerException: null,
      message: `TF200016: The following project does not exist: ${name}. Verify that the name of the project is correct and that the project exists on the specified Azure DevOps Server.`,
      typeName:
        "Microsoft.TeamFoundation.Core.WebApi.ProjectDoesNotExistWithNameException, Microsoft.TeamFoundation.Core.WebApi",
      typeKey: "ProjectDoesNotExistWithNameException",
      errorCode: 0,
      eventId: 3000,
    });
  }
  if (/^\/[^/]+\/_apis\/wit\/wiql$/.test(p) && req.method === "POST") {
    const query = (JSON.parse(body || "{}") as { query?: string }).query ?? "";
    const badField = /\[(System\.Statee|System\.Titel|System\.AssignTo)\]/.exec(query);
    if (badField) {
      return send(
        400,
        adoError(
          `TF51005: The query references a field that does not exist. The error is caused by «${badField[1]}».`,
          "Microsoft.TeamFoundation.WorkItemTracking.Server.Metadata.FieldDoesNotExistException",
          "FieldDoesNotExistException",
          3000,
        ),
      );
    }
    const asOf = "2026-12-06T01:00:00.000Z";
    const columns = [
      { referenceName: "System.Id", name: "ID", url: `${ADO_COLLECTION}/_apis/wit/fields/System.Id` },
      {
        referenceName: "System.Title",
        name: "Title",
        url: `${ADO_COLLECTION}/_apis/wit/fields/System.Title`,
      },
    ];
    const found = /'Active'/.test(query) && /'Bug'/.test(query);
    return send(200, {
      queryType: "flat",
      queryResultType: "workItem",
      asOf,
      columns,
      sortColumns: [
        { field: { referenceName: "System.ChangedDate", name: "Changed Date" }, descending: true },
      ],
      workItems: found
        ? [4711, 4712].map((id) => ({
            id,
            url: `${ADO_COLLECTION}/${ADO_PROJECT_ID}/_apis/wit/workItems/${id}`,
          }))
        : [],
    });
  }
  if (/^\/[^/]+\/_apis\/wit\/workItems$/.test(p) && req.method === "GET") {
    const ids = (url.searchParams.get("ids") ?? "").split(",").map(Number);
    return send(200, {
      count: ids.length,
      value: ids.filter((id) => id === 4711 || id === 4712).map(adoWorkItem),
    });
  }
  const wi = /^\/_apis\/wit\/workItems\/(\d+)$/.exec(p) ?? /^\/[^/]+\/_apis\/wit\/workItems\/(\d+)$/.exec(p);
  if (wi) {
    const id = Number(wi[1]);
    if (id === 4711 || id === 4712) return send(200, adoWorkItem(id));
    return send(
      404,
      adoError(
        `TF401232: Work item ${id} does not exist, or you do not have permissions to read it.`,
        "Microsoft.TeamFoundation.WorkItemTracking.Server.WorkItemUnauthorizedAccessException",
        "WorkItemUnauthorizedAccessException",
        3200,
      ),
    );
  }
  if (/^\/Fabrikam\/_apis\/wit\/workItemTypes\/?$/.test(p)) {
    return send(200, {
      count: 4,
      value: [
        {
          name: "Bug",
          referenceName: "Microsoft.VSTS.WorkItemTypes.Bug",
          description: "Describes a divergence between required and actual behavior.",
          color: "CC293D",
          icon: { id: "icon_insect" },
          isDisabled: false,
        },
        {
          name: "Task",
          referenceName: "Microsoft.VSTS.WorkItemTypes.Task",
          description: "Tracks work that needs to be done.",
          color: "F2CB1D",
          icon: { id: "icon_clipboard" },
          isDisabled: false,
        },
        {
          name: "User Story",
          referenceName: "Microsoft.VSTS.WorkItemTypes.UserStory",
          description: "Tracks an activity the user will be able to perform with the product.",
          color: "009CCC",
          icon: { id: "icon_book" },
          isDisabled: false,
        },
        {
          name: "Epic",
          referenceName: "Microsoft.VSTS.WorkItemTypes.Epic",
          description: "Epics help teams effectively manage and groom their product backlog.",
          color: "FF7B00",
          icon: { id: "icon_crown" },
          isDisabled: false,
        },
      ],
    });
  }
  if (/^\/Fabrikam\/_apis\/wit\/classificationNodes\/(Iterations|Areas|0|1)(\/|$)/i.test(p)) {
    return send(200, {
      id: 120,
      identifier: "8b2c4d6e-0f1a-4b3c-9d5e-7f8a9b0c1d2e",
      name: "Fabrikam",
      structureType: "iteration",
      hasChildren: true,
      children: [
        {
          id: 148,
          name: "Sprint 48",
          structureType: "iteration",
          hasChildren: false,
          attributes: { startDate: "2026-11-24T00:00:00Z", finishDate: "2026-12-05T00:00:00Z" },
        },
        {
          id: 149,
          name: "Sprint 49",
          structureType: "iteration",
          hasChildren: false,
          attributes: { startDate: "2026-12-08T00:00:00Z", finishDate: "2026-12-19T00:00:00Z" },
        },
      ],
    });
  }
  if (/^\/Fabrikam\/_apis\/git\/repositories\/?$/.test(p)) {
    return send(200, {
      count: 2,
      value: [
        {
          id: "5febef5a-833d-4e14-b9c0-14cb638f91e6",
          name: "web",
          url: `${ADO_COLLECTION}/${ADO_PROJECT_ID}/_apis/git/repositories/5febef5a-833d-4e14-b9c0-14cb638f91e6`,
          project: ADO_PROJECT,
          defaultBranch: "refs/heads/main",
          size: 4418210,
          remoteUrl: `${ADO_COLLECTION}/Fabrikam/_git/web`,
        },
        {
          id: "278d5cd2-584d-4b63-824a-2ba458937249",
          name: "backoffice",
          url: `${ADO_COLLECTION}/${ADO_PROJECT_ID}/_apis/git/repositories/278d5cd2-584d-4b63-824a-2ba458937249`,
          project: ADO_PROJECT,
          defaultBranch: "refs/heads/main",
          size: 1022934,
          remoteUrl: `${ADO_COLLECTION}/Fabrikam/_git/backoffice`,
        },
      ],
    });
  }
  const item = /^\/Fabrikam\/_apis\/git\/repositories\/([^/]+)\/items/.exec(p);
  if (item) {
    const itemPath = url.searchParams.get("path") ?? "";
    const version = url.searchParams.get("versionDescriptor.version") ?? "main";
    if (itemPath === "/src/checkout/giftcard.ts") {
      // a slow item: the client gives up first
      setTimeout(() => {
        res.writeHead(200, { "content-type": "text/plain", ...headers });
        res.end("export const GIFT_CARD_LIMIT = 500;\n");
      }, 15_000);
      return;
    }
    if (itemPath === "/README.md") {
      res.writeHead(200, { "content-type": "text/plain", ...headers });
      return res.end("# web\n\nFabrikam storefront.\n");
    }
    return send(404, {
      $id: "1",
      innerException: null,
      message: `TF401174: The item '${itemPath}' could not be found in the repository '${decodeURIComponent(item[1] ?? "")}' at the version specified by '<Branch: ${version} >' (resolved to commit '7c1d5e3f9a2b4c6d8e0f1a3b5c7d9e1f3a5b7c9d').`,
      typeName:
        "Microsoft.TeamFoundation.Git.Server.GitItemNotFoundException, Microsoft.TeamFoundation.Git.Server",
      typeKey: "GitItemNotFoundException",
      errorCode: 0,
      eventId: 3000,
    });
  }
  return send(404, {
    $id: "1",
    innerException: null,
    message:
      "The controller for path '" + url.pathname + "' was not found or does not implement IController.",
    typeName: "System.Web.HttpException, System.Web",
    typeKey: "HttpException",
    errorCode: 0,
    eventId: 0,
  });
};

export const sentryStandin = serve(SENTRY_PORT, sentry);
export const jenkinsStandin = serve(JENKINS_PORT, jenkins);
export const gheStandin = serve(GHE_PORT, ghe, true);
export const adoStandin = serve(ADO_PORT, ado);
