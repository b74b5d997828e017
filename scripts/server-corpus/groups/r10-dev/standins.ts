// Loopback stand-ins for the APIs behind this group's servers, answering with the real APIs' bodies
// and error bodies: Linear's GraphQL API (`POST https://api.linear.app/graphql`, a `lin_api_` personal
// key), the GitHub REST API v3 (`https://api.github.com`, a `github_pat_` token), the Netlify API
// (`https://api.netlify.com/api/v1`, an `nfp_` personal access token) and the Postman API
// (`x-api-key`, a `PMAK-` key).
//
// Postman is reached through its base URL (`POSTMAN_API_BASE_URL`). Linear, GitHub and Netlify have their
// hosts written into the servers, so each of the three has a loopback forward proxy that accepts the
// CONNECT, terminates TLS with a certificate for the real host names (trusted through
// NODE_EXTRA_CA_CERTS) and answers as that API; the servers reach it through `proxy-preload.mjs` (their
// global fetch has no proxy setting of its own on Node 20). Each listens on its own port so one can be
// stopped (an unreachable backend) while the others keep answering. `state` is switched by the
// sessions' hooks (a revoked key, a rate limit, an outage, …).

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import path from "node:path";

export const DATA = "/tmp/faultline-corpus-r10-dev";
export const CERT = path.join(DATA, "standin-cert.pem");
const KEY = path.join(DATA, "standin-key.pem");

export const POSTMAN_PORT = 39400;
export const LINEAR_PROXY_PORT = 39401;
export const GITHUB_PROXY_PORT = 39402;
export const NETLIFY_PROXY_PORT = 39403;

export const LINEAR_KEY = "lin_api_r10DevCorpusK3y9xQm2Lp7Vw4Zt8Rn5Hc1Bj6Yd0Fs";
export const GITHUB_TOKEN =
  "github_pat_11R10DEV0corpus0Aq7Lm_4bN8xW2pK9sT5vY1cZ6hJ3gF0dE8rQ2mU7iO4aS1lX9nB6vC3kT5yH8wP";
export const NETLIFY_TOKEN = "nfp_r10DevCorpus7Hq2Wm9Xz4Lp1Kv6Bt3Nd8Fs5Yc0Rj";
export const POSTMAN_KEY = "PMAK-6751c2a9e4b80f0012ab34cd-9f3e1d7c5b2a40618e7d9c3b5a1f2e4d6c";

export const state = {
  linearKeyRevoked: false,
  linearRateLimited: false,
  linearCloudflare: false,
  linearServerError: false,
  githubTokenRevoked: false,
  githubRateLimited: false,
  githubSecondaryLimit: false,
  githubUnicorn: false,
  netlifyTokenRevoked: false,
  netlifyRateLimited: false,
  netlifyServerError: false,
  netlifyLoginPage: false,
  postmanKeyRevoked: false,
  postmanRateLimited: false,
  postmanUnavailable: false,
  postmanLoginPage: false,
};

type Handler = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => void;

export interface Standin {
  start(): Promise<void>;
  stop(): Promise<void>;
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

function text(
  res: http.ServerResponse,
  status: number,
  body: string,
  type = "text/html; charset=utf-8",
  headers: Record<string, string> = {},
) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": type, ...headers });
  res.end(body);
}

const timers = new Set<NodeJS.Timeout>();
/** Answers after `ms` (a slow upstream); the timer is cleared when the stand-ins stop. */
function later(ms: number, answer: () => void) {
  const timer = setTimeout(() => {
    timers.delete(timer);
    answer();
  }, ms);
  timers.add(timer);
}

export function clearTimers() {
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
}

function parse(body: string): Record<string, unknown> {
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** A self-signed certificate for the real API hosts and 127.0.0.1, made once per data directory. */
export function ensureCertificate() {
  if (fs.existsSync(CERT) && fs.existsSync(KEY)) return;
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
      KEY,
      "-out",
      CERT,
      "-days",
      "3650",
      "-subj",
      "/CN=r10-dev corpus stand-in",
      "-addext",
      "subjectAltName=DNS:api.linear.app,DNS:api.github.com,DNS:api.netlify.com,IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
}

function onRequest(port: number, handler: Handler) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const host = req.headers.host ?? `127.0.0.1:${port}`;
      if (process.env.R10_DEV_TRACE) console.error(`  [stand-in ${port}] ${req.method} ${host}${req.url}`);
      handler(req, new URL(req.url ?? "/", `http://${host}`), body, res);
    });
  };
}

/** A plain HTTP stand-in on its own port. */
function serve(port: number, handler: Handler): Standin {
  const sockets = new Set<Socket>();
  let server: http.Server | undefined;
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        const created = http.createServer(onRequest(port, handler));
        created.on("connection", (socket: Socket) => {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
        });
        created.once("error", reject);
        created.listen(port, "127.0.0.1", () => resolve());
        server = created;
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
        server = undefined;
      }),
  };
}

/**
 * A forward proxy on its own port that accepts CONNECT for any host, terminates TLS with the stand-in
 * certificate and answers every request inside the tunnel with `handler`.
 */
function mitmProxy(port: number, handler: Handler): Standin {
  const sockets = new Set<Socket>();
  let proxy: http.Server | undefined;
  let tls: https.Server | undefined;
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        ensureCertificate();
        tls = https.createServer(
          { key: fs.readFileSync(KEY), cert: fs.readFileSync(CERT) },
          onRequest(port, handler),
        );
        const inner = tls;
        const created = http.createServer((_req, res) =>
          text(res, 400, "this proxy only tunnels (CONNECT)\n", "text/plain"),
        );
        created.on("connection", (socket: Socket) => {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
        });
        created.on("connect", (_req: http.IncomingMessage, socket: Socket, head: Buffer) => {
          socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
          if (head.length) socket.unshift(head);
          inner.emit("connection", socket);
        });
        created.once("error", reject);
        created.listen(port, "127.0.0.1", () => resolve());
        proxy = created;
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        tls?.close();
        tls = undefined;
        if (!proxy) return resolve();
        proxy.close(() => resolve());
        proxy = undefined;
      }),
  };
}

/** Cloudflare's 502 page (the origin answered badly), as served in front of api.linear.app. */
const cloudflare502 = (host: string) =>
  `<!DOCTYPE html>
<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->
<!--[if gt IE 8]><!--> <html class="no-js" lang="en-US"> <!--<![endif]-->
<head>
<title>${host} | 502: Bad gateway</title>
<meta charset="UTF-8" />
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
<meta http-equiv="X-UA-Compatible" content="IE=Edge" />
<meta name="robots" content="noindex, nofollow" />
<meta name="viewport" content="width=device-width,initial-scale=1" />
<link rel="stylesheet" id="cf_styles-css" href="/cdn-cgi/styles/main.css" />
</head>
<body>
<div id="cf-wrapper">
    <div id="cf-error-details" class="p-0">
        <header class="mx-auto pt-10 lg:pt-6 lg:px-8 w-240 lg:w-full mb-8">
            <h1 class="inline-block sm:block sm:mb-2 font-light text-60 lg:text-4xl text-black-dark leading-tight mr-2">
              <span class="inline-block">Bad gateway</span>
              <span class="code-label">Error code 502</span>
            </h1>
            <div>
               Visit <a href="https://www.cloudflare.com/5xx-error-landing?utm_source=errorcode_502&utm_campaign=${host}" target="_blank" rel="noopener noreferrer">cloudflare.com</a> for more information.
            </div>
            <div class="mt-3">2026-12-06 09:14:27 UTC</div>
        </header>
        <div class="cf-error-footer cf-wrapper w-240 lg:w-full py-10 sm:py-4 sm:px-8 mx-auto text-center sm:text-left border-solid border-0 border-t border-gray-300">
          <p class="text-13">
            <span class="cf-footer-item sm:block sm:mb-1">Cloudflare Ray ID: <strong class="font-semibold">8ef1c2a93b7d5e04</strong></span>
            <span class="cf-footer-separator sm:hidden">&bull;</span>
            <span class="cf-footer-item sm:block sm:mb-1">Your IP: 203.0.113.47</span>
            <span class="cf-footer-separator sm:hidden">&bull;</span>
            <span class="cf-footer-item sm:block sm:mb-1">Performance &amp; security by Cloudflare</span>
          </p>
        </div>
    </div>
</div>
</body>
</html>
`;

// ------------------------------------------------------------------------------------------ Linear

const LINEAR = {
  org: "9b1f2c6e-4d8a-4f3b-a2e7-5c0d9e1b3a74",
  viewer: "2f7a9c1e-8b3d-4e6f-9a0c-1d5e7b3f9a28",
  user2: "6c3e8a1f-2d7b-4c9e-8f0a-3b5d7e9c1a46",
  teamEng: "a3d7e2f9-1c8b-4e5a-9d0f-6b2c4e8a1f37",
  teamOps: "e8b2c5f1-7a4d-4c3e-b9f0-2d6a8c1e5b93",
  teamSecret: "f0c4a8e2-6b1d-4f9a-8c3e-7d5b9a1c2e60",
  stateTodo: "1e9c3a7f-5b2d-4e8a-a6c0-9f3d1b7e5c24",
  stateProgress: "7b5d1f3a-9c2e-4a6b-8e0d-4c8a2f6e1b95",
  project: "c9e1a5d3-3f7b-4b2c-9a8e-1d6f4b2a7c58",
  labelBug: "d4a8c2e6-0b9f-4d1a-b7e3-5f1c9e3a8d72",
};

const linearUsers: Record<string, Record<string, unknown>> = {
  [LINEAR.viewer]: {
    id: LINEAR.viewer,
    name: "Maya Okafor",
    displayName: "maya",
    email: "maya@northwind-labs.dev",
    active: true,
    admin: true,
    createdAt: "2024-03-11T09:12:44.000Z",
    updatedAt: "2026-11-30T17:02:11.000Z",
  },
  [LINEAR.user2]: {
    id: LINEAR.user2,
    name: "Tomás Reyes",
    displayName: "tomas",
    email: "tomas@northwind-labs.dev",
    active: true,
    admin: false,
    createdAt: "2024-05-02T13:40:19.000Z",
    updatedAt: "2026-11-28T08:55:37.000Z",
  },
};

const linearTeams: Record<string, Record<string, unknown>> = {
  [LINEAR.teamEng]: {
    id: LINEAR.teamEng,
    name: "Platform Engineering",
    key: "ENG",
    description: "Deploy pipeline, build infrastructure and the edge runtime",
    private: false,
    createdAt: "2024-03-11T09:20:00.000Z",
    updatedAt: "2026-11-01T10:00:00.000Z",
  },
  [LINEAR.teamOps]: {
    id: LINEAR.teamOps,
    name: "Site Reliability",
    key: "OPS",
    description: "On-call, incident response, capacity",
    private: false,
    createdAt: "2024-04-02T09:20:00.000Z",
    updatedAt: "2026-10-14T10:00:00.000Z",
  },
};

const linearStates: Record<string, Record<string, unknown>> = {
  [LINEAR.stateTodo]: {
    id: LINEAR.stateTodo,
    name: "Todo",
    color: "#e2e2e2",
    type: "unstarted",
    position: 1,
    team: { id: LINEAR.teamEng },
  },
  [LINEAR.stateProgress]: {
    id: LINEAR.stateProgress,
    name: "In Progress",
    color: "#f2c94c",
    type: "started",
    position: 2,
    team: { id: LINEAR.teamEng },
  },
};

const linearProjects: Record<string, Record<string, unknown>> = {
  [LINEAR.project]: {
    id: LINEAR.project,
    name: "Preview deploys v2",
    description: "Per-branch preview environments with seeded databases",
    slugId: "preview-deploys-v2-4b2c9a8e",
    state: "started",
    progress: 0.42,
    startDate: "2026-10-01",
    targetDate: "2026-12-19",
    url: "https://linear.app/northwind-labs/project/preview-deploys-v2-4b2c9a8e",
    createdAt: "2026-09-22T10:11:12.000Z",
    updatedAt: "2026-12-02T15:40:00.000Z",
    lead: { id: LINEAR.viewer },
  },
};

function linearIssue(
  n: number,
  id: string,
  title: string,
  description: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id,
    identifier: `ENG-${n}`,
    number: n,
    title,
    description,
    priority: 2,
    priorityLabel: "High",
    estimate: 3,
    dueDate: null,
    url: `https://linear.app/northwind-labs/issue/ENG-${n}`,
    branchName: `maya/eng-${n}`,
    createdAt: "2026-11-18T09:30:00.000Z",
    updatedAt: "2026-12-03T16:12:40.000Z",
    team: { id: LINEAR.teamEng },
    state: { id: LINEAR.stateProgress },
    assignee: { id: LINEAR.viewer },
    creator: { id: LINEAR.user2 },
    project: { id: LINEAR.project },
    sharedAccess: {
      isShared: false,
      sharedWithCount: 0,
      viewerHasOnlySharedAccess: false,
      disallowedIssueFields: [],
      sharedWithUsers: [],
    },
    reactions: [],
    ...extra,
  };
}

const linearIssues: Record<string, Record<string, unknown>> = {};
for (const issue of [
  linearIssue(
    412,
    "0a7c3e9f-2b5d-4f1a-8c6e-9d3b7f1a5e20",
    "Webhook retries double-deliver after a 502 from the origin",
    "When the origin answers 502 the webhook dispatcher retries, but the first delivery had already been accepted. Seen on 14 sites since Nov 30.",
  ),
  linearIssue(
    418,
    "5e1b9d3f-7a2c-4e8b-b0d6-3f9a1c5e7b42",
    "Retry budget for build webhooks",
    "Cap webhook retries at 5 per deploy and surface the final failure in the deploy log.",
    { state: { id: LINEAR.stateTodo }, priority: 3, priorityLabel: "Medium", assignee: null },
  ),
]) {
  linearIssues[issue.id as string] = issue;
  linearIssues[issue.identifier as string] = issue;
}
let linearNextIssue = 431;

const pageInfo = {
  hasNextPage: false,
  hasPreviousPage: false,
  startCursor: null,
  endCursor: null,
};
const connection = (nodes: unknown[]) => ({ nodes, pageInfo });

/** A GraphQL error as Linear's API sends it (`extensions.type`, `code`, `userPresentableMessage`). */
function linearError(
  message: string,
  type: string,
  code: string,
  userPresentableMessage: string,
  pathName?: string,
) {
  return {
    message,
    ...(pathName ? { path: [pathName], locations: [{ line: 1, column: 20 }] } : {}),
    extensions: {
      type,
      code,
      statusCode: code === "AUTHENTICATION_ERROR" ? 401 : 400,
      userError: true,
      userPresentableMessage,
    },
  };
}

function linearNotFound(res: http.ServerResponse, entity: string, pathName: string) {
  json(res, 200, {
    data: null,
    errors: [
      linearError(
        `Entity not found: ${entity}`,
        "invalid input",
        "INVALID_INPUT",
        `Could not find referenced ${entity}.`,
        pathName,
      ),
    ],
  });
}

const linearHandler: Handler = (req, url, body, res) => {
  if (url.pathname !== "/graphql" || req.method !== "POST") {
    return json(res, 404, { errors: [{ message: "Not found" }] });
  }
  if (state.linearCloudflare) return text(res, 502, cloudflare502("api.linear.app"));
  if (state.linearServerError) {
    return json(res, 500, {
      errors: [
        {
          message: "Internal server error",
          extensions: {
            type: "internal error",
            code: "INTERNAL_ERROR",
            statusCode: 500,
            userError: false,
            userPresentableMessage: "An unexpected error happened. Our team has been notified.",
          },
        },
      ],
    });
  }
  if (state.linearKeyRevoked || req.headers.authorization !== LINEAR_KEY) {
    return json(res, 400, {
      errors: [
        linearError(
          "Authentication required, not authenticated",
          "authentication error",
          "AUTHENTICATION_ERROR",
          "You need to authenticate to access this operation.",
        ),
      ],
    });
  }
  const now = Date.now();
  if (state.linearRateLimited) {
    return json(
      res,
      400,
      {
        errors: [
          {
            message: "Rate limit exceeded",
            extensions: {
              type: "ratelimited",
              code: "RATELIMITED",
              statusCode: 429,
              userError: true,
              userPresentableMessage:
                "Too many requests. Please try again later or contact support if the problem persists.",
              meta: {},
            },
          },
        ],
      },
      {
        "x-ratelimit-requests-limit": "1500",
        "x-ratelimit-requests-remaining": "0",
        "x-ratelimit-requests-reset": String(now + 400),
      },
    );
  }
  const request = parse(body) as { query?: string; variables?: Record<string, unknown> };
  const query = request.query ?? "";
  const vars = request.variables ?? {};
  const op = /^\s*(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? "";
  const headers = {
    "x-ratelimit-requests-limit": "1500",
    "x-ratelimit-requests-remaining": "1487",
    "x-ratelimit-requests-reset": String(now + 3_600_000),
  };
  const ok = (data: unknown) => json(res, 200, { data }, headers);
  const id = String(vars.id ?? "");
  switch (op) {
    case "viewer":
      return ok({ viewer: linearUsers[LINEAR.viewer] });
    case "organization":
      return ok({
        organization: {
          id: LINEAR.org,
          name: "Northwind Labs",
          urlKey: "northwind-labs",
          createdAt: "2024-03-11T09:10:00.000Z",
          userCount: 2,
        },
      });
    case "teams":
      return ok({ teams: connection(Object.values(linearTeams)) });
    case "team":
      return linearTeams[id] ? ok({ team: linearTeams[id] }) : linearNotFound(res, "Team", "team");
    case "user":
      return linearUsers[id] ? ok({ user: linearUsers[id] }) : linearNotFound(res, "User", "user");
    case "workflowState":
      return linearStates[id]
        ? ok({ workflowState: linearStates[id] })
        : linearNotFound(res, "WorkflowState", "workflowState");
    case "project":
      return linearProjects[id]
        ? ok({ project: linearProjects[id] })
        : linearNotFound(res, "Project", "project");
    case "projects":
      return ok({ projects: connection(Object.values(linearProjects)) });
    case "issue": {
      const issue = linearIssues[id];
      if (issue && id === "ENG-418" && !state.linearCloudflare) {
        // A slow lookup: answers after 15 s.
        return later(15_000, () => ok({ issue }));
      }
      return issue ? ok({ issue }) : linearNotFound(res, "Issue", "issue");
    }
    case "issue_labels":
      return ok({
        issue: {
          labels: connection(
            id === "0a7c3e9f-2b5d-4f1a-8c6e-9d3b7f1a5e20"
              ? [{ id: LINEAR.labelBug, name: "Bug", color: "#eb5757" }]
              : [],
          ),
        },
      });
    case "issue_comments":
      return ok({
        issue: {
          comments: connection(
            id === "0a7c3e9f-2b5d-4f1a-8c6e-9d3b7f1a5e20"
              ? [
                  {
                    id: "8f2d6b0a-4c9e-4a1f-b3d7-0e5c9a3f7b61",
                    body: "Reproduced on preview deploys too; the dispatcher does not persist the delivery id before retrying.",
                    createdAt: "2026-12-01T11:04:00.000Z",
                    updatedAt: "2026-12-01T11:04:00.000Z",
                    user: { id: LINEAR.user2 },
                    reactions: [],
                  },
                ]
              : [],
          ),
        },
      });
    case "issues": {
      const filter = JSON.stringify(vars.filter ?? {}).toLowerCase();
      const terms = [...filter.matchAll(/"contains":"([^"]*)"/g)].map((m) => m[1] ?? "");
      const unique = [...new Set(Object.values(linearIssues))];
      const found = terms.length
        ? unique.filter((issue) =>
            terms.some((term) =>
              `${String(issue.title)} ${String(issue.description)}`.toLowerCase().includes(term),
            ),
          )
        : unique;
      return ok({ issues: connection(found) });
    }
    case "createIssue":
    case "issueCreate": {
      const input = (vars.input ?? {}) as Record<string, unknown>;
      const teamId = String(input.teamId ?? "");
      if (teamId === LINEAR.teamSecret) {
        return json(res, 200, {
          data: null,
          errors: [
            linearError(
              "Forbidden",
              "forbidden",
              "FORBIDDEN",
              "You don't have access to the team Security Response. Ask a team admin to add you.",
              "issueCreate",
            ),
          ],
        });
      }
      if (!linearTeams[teamId]) return linearNotFound(res, "Team", "issueCreate");
      if (typeof input.title === "string" && input.title.trim() === "") {
        return json(res, 200, {
          data: null,
          errors: [
            {
              message: "Argument Validation Error",
              path: ["issueCreate"],
              locations: [{ line: 2, column: 3 }],
              extensions: {
                type: "invalid input",
                code: "INVALID_INPUT",
                statusCode: 400,
                userError: true,
                userPresentableMessage: "title should not be empty",
                meta: {
                  validationErrors: [
                    { property: "title", constraints: { isNotEmpty: "title should not be empty" } },
                  ],
                },
              },
            },
          ],
        });
      }
      const n = linearNextIssue++;
      const issue = linearIssue(
        n,
        `3c8e0a4f-6d2b-4a9c-8e1f-${String(n).padStart(12, "0")}`,
        String(input.title),
        String(input.description ?? ""),
        { team: { id: teamId }, state: { id: LINEAR.stateTodo }, assignee: null, project: null },
      );
      linearIssues[issue.id as string] = issue;
      linearIssues[issue.identifier as string] = issue;
      return ok({ issueCreate: { success: true, lastSyncId: 982341, issue: { id: issue.id } } });
    }
    case "updateIssue":
    case "issueUpdate": {
      const issue = linearIssues[id];
      if (!issue) return linearNotFound(res, "Issue", "issueUpdate");
      const input = (vars.input ?? {}) as Record<string, unknown>;
      if (input.stateId && !linearStates[String(input.stateId)]) {
        return json(res, 200, {
          data: null,
          errors: [
            linearError(
              "Entity not found: WorkflowState",
              "invalid input",
              "INVALID_INPUT",
              "The workflow state does not belong to the issue's team.",
              "issueUpdate",
            ),
          ],
        });
      }
      Object.assign(issue, input.title ? { title: input.title } : {});
      return ok({ issueUpdate: { success: true, lastSyncId: 982377, issue: { id: issue.id } } });
    }
    case "project_teams":
      return ok({ project: { teams: connection([linearTeams[LINEAR.teamEng]]) } });
    case "project_members":
      return ok({
        project: { members: connection([linearUsers[LINEAR.viewer], linearUsers[LINEAR.user2]]) },
      });
    default:
      console.error(`  [linear stand-in] unhandled operation ${op}: ${query.slice(0, 200)}`);
      return json(res, 200, {
        data: null,
        errors: [
          {
            message: `Cannot query field "${op}" on type "Query".`,
            extensions: { type: "graphql error", code: "GRAPHQL_VALIDATION_FAILED", userError: true },
          },
        ],
      });
  }
};

export const linearStandin = mitmProxy(LINEAR_PROXY_PORT, linearHandler);

// ------------------------------------------------------------------------------------------ GitHub

const GH = "https://api.github.com";
const OWNER = "northwind-labs";

function ghOwner(login: string, id: number) {
  return {
    login,
    id,
    node_id: `O_kgDOC${id}`,
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    url: `${GH}/users/${login}`,
    html_url: `https://github.com/${login}`,
    type: login === OWNER ? "Organization" : "User",
  };
}

function ghRepo(name: string, id: number, description: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    node_id: `R_kgDOL${id}`,
    name,
    full_name: `${OWNER}/${name}`,
    private: false,
    owner: ghOwner(OWNER, 158220413),
    html_url: `https://github.com/${OWNER}/${name}`,
    description,
    fork: false,
    url: `${GH}/repos/${OWNER}/${name}`,
    created_at: "2024-03-12T10:02:11Z",
    updated_at: "2026-12-04T18:22:05Z",
    pushed_at: "2026-12-05T09:41:37Z",
    git_url: `git://github.com/${OWNER}/${name}.git`,
    ssh_url: `git@github.com:${OWNER}/${name}.git`,
    clone_url: `https://github.com/${OWNER}/${name}.git`,
    default_branch: "main",
    stargazers_count: 41,
    language: "TypeScript",
    ...extra,
  };
}

const ghRepos = [
  ghRepo("deploy-gateway", 781234501, "Edge gateway that fronts preview and production deploys"),
  ghRepo("deploy-cli", 781234502, "Command-line client for the deploy API"),
];

const ghUser = {
  login: "maya-okafor",
  id: 90412277,
  avatar_url: "https://avatars.githubusercontent.com/u/90412277?v=4",
  url: `${GH}/users/maya-okafor`,
  html_url: "https://github.com/maya-okafor",
};

function ghIssue(
  repo: string,
  number: number,
  title: string,
  body: string,
  extra: Record<string, unknown> = {},
) {
  const base = `${GH}/repos/${OWNER}/${repo}/issues/${number}`;
  return {
    url: base,
    repository_url: `${GH}/repos/${OWNER}/${repo}`,
    labels_url: `${base}/labels{/name}`,
    comments_url: `${base}/comments`,
    events_url: `${base}/events`,
    html_url: `https://github.com/${OWNER}/${repo}/issues/${number}`,
    id: 2690000000 + number,
    node_id: `I_kwDOL${number}`,
    number,
    title,
    user: ghUser,
    labels: [],
    state: "open",
    locked: false,
    assignee: null,
    assignees: [],
    milestone: null,
    comments: 2,
    created_at: "2026-11-21T08:40:12Z",
    updated_at: "2026-12-03T14:05:51Z",
    closed_at: null,
    body,
    author_association: "MEMBER",
    ...extra,
  };
}

const ghIssues = [
  ghIssue(
    "deploy-gateway",
    214,
    "Preview deploys return 404 for paths with a trailing slash",
    "Requests to `/docs/` on preview URLs 404 while production serves them.",
  ),
  ghIssue(
    "deploy-gateway",
    219,
    "Gateway drops the `x-forwarded-host` header on redirects",
    "Observed on custom domains behind the gateway.",
  ),
];
let ghNextIssue = 231;

const README = `# deploy-gateway

Edge gateway that fronts preview and production deploys.

## Running locally

    npm ci
    npm run dev -- --port 8787

Preview routes are matched by \`<branch>--<site>.preview.northwind.dev\`.
`;

function ghContent(repo: string, filePath: string, content: string) {
  return {
    name: path.basename(filePath),
    path: filePath,
    sha: "3d21ec53a331a6f037a91c368710b99387d012c1",
    size: Buffer.byteLength(content),
    url: `${GH}/repos/${OWNER}/${repo}/contents/${filePath}?ref=main`,
    html_url: `https://github.com/${OWNER}/${repo}/blob/main/${filePath}`,
    git_url: `${GH}/repos/${OWNER}/${repo}/git/blobs/3d21ec53a331a6f037a91c368710b99387d012c1`,
    download_url: `https://raw.githubusercontent.com/${OWNER}/${repo}/main/${filePath}`,
    type: "file",
    content:
      (
        Buffer.from(content)
          .toString("base64")
          .match(/.{1,60}/g) ?? []
      ).join("\n") + "\n",
    encoding: "base64",
    _links: {
      self: `${GH}/repos/${OWNER}/${repo}/contents/${filePath}?ref=main`,
      git: `${GH}/repos/${OWNER}/${repo}/git/blobs/3d21ec53a331a6f037a91c368710b99387d012c1`,
      html: `https://github.com/${OWNER}/${repo}/blob/main/${filePath}`,
    },
  };
}

const ghNotFound = (res: http.ServerResponse, doc: string) =>
  json(res, 404, {
    message: "Not Found",
    documentation_url: `https://docs.github.com/rest/${doc}`,
    status: "404",
  });

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
      h1 { width: 800px; position:relative; left: -100px; letter-spacing: -1px; line-height: 60px; font-size: 60px; font-weight: 100; margin: 0px 0 50px 0; text-shadow: 0 1px 0 #fff; }
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

const githubHandler: Handler = (req, url, body, res) => {
  const p = url.pathname;
  const method = req.method ?? "GET";
  if (state.githubUnicorn) return text(res, 502, GITHUB_UNICORN);
  if (state.githubTokenRevoked || req.headers.authorization !== `Bearer ${GITHUB_TOKEN}`) {
    return json(res, 401, {
      message: "Bad credentials",
      documentation_url: "https://docs.github.com/rest",
      status: "401",
    });
  }
  const reset = String(Math.floor(Date.now() / 1000) + 1800);
  if (state.githubRateLimited) {
    return json(
      res,
      403,
      {
        message:
          "API rate limit exceeded for user ID 90412277. If you reach out to GitHub Support for help, please include the request ID E2A1:3B5F:1C9D0A7:1D2E4F8:6752C1A3.",
        documentation_url:
          "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-the-primary-rate-limit",
        status: "403",
      },
      {
        "x-ratelimit-limit": "5000",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-used": "5000",
        "x-ratelimit-reset": reset,
        "x-ratelimit-resource": "core",
      },
    );
  }
  if (state.githubSecondaryLimit) {
    return json(
      res,
      429,
      {
        message:
          "You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID C7F0:2A61:4E3B9D:51C0A2:6752C1B8.",
        documentation_url:
          "https://docs.github.com/free-pro-team@latest/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits",
        status: "429",
      },
      { "retry-after": "60", "x-ratelimit-remaining": "4811", "x-ratelimit-reset": reset },
    );
  }
  const headers = {
    "x-ratelimit-limit": "5000",
    "x-ratelimit-remaining": "4812",
    "x-ratelimit-reset": reset,
  };
  const ok = (value: unknown, status = 200) => json(res, status, value, headers);

  if (p === "/search/repositories") {
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    const items = ghRepos.filter((repo) =>
      q
        .split(/\s+/)
        .filter((word) => word && !word.includes(":"))
        .every((word) => `${repo.name} ${repo.description}`.toLowerCase().includes(word)),
    );
    return ok({ total_count: items.length, incomplete_results: false, items });
  }
  if (p === "/search/code") {
    const q = url.searchParams.get("q") ?? "";
    if (/repo:northwind-labs\/deploy-gatewy/.test(q)) {
      return json(res, 422, {
        message: "Validation Failed",
        errors: [
          {
            message:
              "The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.",
            resource: "Search",
            field: "q",
            code: "invalid",
          },
        ],
        documentation_url: "https://docs.github.com/v3/search/",
        status: "422",
      });
    }
    return ok({ total_count: 0, incomplete_results: false, items: [] });
  }
  const repoMatch = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(p);
  if (!repoMatch) return ghNotFound(res, "");
  const [, owner, repo, rest = ""] = repoMatch;
  const known = owner === OWNER && ghRepos.some((r) => r.name === repo);
  if (owner === OWNER && repo === "infra-secrets") {
    if (rest.startsWith("/issues") && method === "POST") {
      return json(res, 403, {
        message: "Resource not accessible by personal access token",
        documentation_url: "https://docs.github.com/rest/issues/issues#create-an-issue",
        status: "403",
      });
    }
  }
  if (owner === OWNER && repo === "handbook" && rest === "/commits") {
    return json(res, 409, {
      message: "Git Repository is empty.",
      documentation_url: "https://docs.github.com/rest/commits/commits#list-commits",
      status: "409",
    });
  }
  if (!known && !(owner === OWNER && repo === "infra-secrets"))
    return ghNotFound(res, "repos/repos#get-a-repository");

  if (rest.startsWith("/contents/")) {
    const filePath = decodeURIComponent(rest.slice("/contents/".length));
    if (filePath === "README.md") return ok(ghContent(repo!, filePath, README));
    if (filePath === "config/edge-routes.yaml") {
      return later(15_000, () =>
        ok(ghContent(repo!, filePath, "routes:\n  - match: /docs/*\n    to: docs-site\n")),
      );
    }
    return ghNotFound(res, "repos/contents#get-repository-content");
  }
  if (rest === "/issues" && method === "GET") {
    const wanted = url.searchParams.get("state") ?? "open";
    const labels = url.searchParams.get("labels");
    const list = ghIssues.filter((issue) => (wanted === "all" || issue.state === wanted) && !labels);
    return ok(list);
  }
  if (rest === "/issues" && method === "POST") {
    const input = parse(body);
    const assignees = (input.assignees as string[] | undefined) ?? [];
    const unknownAssignee = assignees.find((login) => login !== "maya-okafor" && login !== "tomas-reyes");
    if (unknownAssignee) {
      return json(res, 422, {
        message: "Validation Failed",
        errors: [{ value: unknownAssignee, resource: "Issue", field: "assignees", code: "invalid" }],
        documentation_url: "https://docs.github.com/rest/issues/issues#create-an-issue",
        status: "422",
      });
    }
    const issue = ghIssue(repo!, ghNextIssue++, String(input.title), String(input.body ?? ""), {
      comments: 0,
      created_at: "2026-12-06T09:10:00Z",
      updated_at: "2026-12-06T09:10:00Z",
    });
    ghIssues.push(issue);
    return ok(issue, 201);
  }
  const mergeMatch = /^\/pulls\/(\d+)\/merge$/.exec(rest);
  if (mergeMatch && method === "PUT") {
    return json(res, 405, {
      message: "Pull Request is not mergeable",
      documentation_url: "https://docs.github.com/rest/pulls/pulls#merge-a-pull-request",
      status: "405",
    });
  }
  const refMatch = /^\/git\/refs\/heads\/(.+)$/.exec(rest);
  if (refMatch && method === "GET") {
    if (refMatch[1] !== "main") return ghNotFound(res, "git/refs#get-a-reference");
    return ok({
      ref: "refs/heads/main",
      node_id: "REF_kwDOLmain",
      url: `${GH}/repos/${OWNER}/${repo}/git/refs/heads/main`,
      object: {
        sha: "9c4e1b7a2f5d8c3e6a0b4f7d1e9c2a5b8f3d6e10",
        type: "commit",
        url: `${GH}/repos/${OWNER}/${repo}/git/commits/9c4e1b7a2f5d8c3e6a0b4f7d1e9c2a5b8f3d6e10`,
      },
    });
  }
  if (rest === "/git/refs" && method === "POST") {
    const input = parse(body);
    if (input.ref === "refs/heads/release/2026.12") {
      return json(res, 422, {
        message: "Reference already exists",
        documentation_url: "https://docs.github.com/rest/git/refs#create-a-reference",
        status: "422",
      });
    }
    return ok(
      {
        ref: input.ref,
        node_id: "REF_kwDOLnew",
        url: `${GH}/repos/${OWNER}/${repo}/git/${String(input.ref)}`,
        object: {
          sha: input.sha,
          type: "commit",
          url: `${GH}/repos/${OWNER}/${repo}/git/commits/${String(input.sha)}`,
        },
      },
      201,
    );
  }
  return ghNotFound(res, "");
};

export const githubStandin = mitmProxy(GITHUB_PROXY_PORT, githubHandler);

// ----------------------------------------------------------------------------------------- Netlify

const NETLIFY = {
  account: "6401f2a9c7e3b10d5a8e4f21",
  accountSlug: "northwind-labs",
  siteDocs: "3f8a1c6e-92d4-4b7a-a5e0-c1d9f4b27e83",
  siteShop: "b2e7d4a1-5c8f-4e39-9a06-7f1c3d8e5b42",
  deployOk: "6752a1f4c9e8b3002d7f41a6",
  deployFailed: "6752b8e1a3c7d4001f9e2b57",
  formContact: "64a9e3c1f7b2d80012c5e6a4",
};

function netlifySite(id: string, name: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    site_id: id,
    plan: "nf_team_pro",
    name,
    custom_domain: null,
    url: `https://${name}.netlify.app`,
    ssl_url: `https://${name}.netlify.app`,
    admin_url: `https://app.netlify.com/projects/${name}`,
    deploy_url: `https://main--${name}.netlify.app`,
    deploy_ssl_url: `https://main--${name}.netlify.app`,
    state: "current",
    account_id: NETLIFY.account,
    account_slug: NETLIFY.accountSlug,
    account_name: "Northwind Labs",
    has_password: false,
    sso_login: false,
    claimed: true,
    created_at: "2024-06-04T11:20:33.482Z",
    updated_at: "2026-12-05T08:02:51.118Z",
    published_deploy: { id: NETLIFY.deployOk, state: "ready" },
    processing_settings: { ignore_html_forms: false },
    build_settings: {
      repo_url: "https://github.com/northwind-labs/docs-site",
      repo_branch: "main",
      cmd: "npm run build",
      dir: "dist",
    },
    ...extra,
  };
}

const netlifySites: Record<string, Record<string, unknown>> = {
  [NETLIFY.siteDocs]: netlifySite(NETLIFY.siteDocs, "northwind-docs"),
  [NETLIFY.siteShop]: netlifySite(NETLIFY.siteShop, "northwind-shop", {
    build_settings: {
      repo_url: "https://github.com/northwind-labs/shop",
      repo_branch: "main",
      cmd: "npm run build",
      dir: ".next",
    },
  }),
};

const netlifyDeploys: Record<string, Record<string, unknown>> = {
  [NETLIFY.deployOk]: {
    id: NETLIFY.deployOk,
    site_id: NETLIFY.siteDocs,
    build_id: "6752a1f3b0d4e8001c2a9f53",
    state: "ready",
    name: "northwind-docs",
    url: "https://northwind-docs.netlify.app",
    deploy_url: "http://6752a1f4c9e8b3002d7f41a6--northwind-docs.netlify.app",
    deploy_ssl_url: "https://6752a1f4c9e8b3002d7f41a6--northwind-docs.netlify.app",
    branch: "main",
    commit_ref: "a41c9e07d2b85f3e6c1d4a9b7f2e0c5d8b3a6f19",
    context: "production",
    error_message: null,
    created_at: "2026-12-05T08:00:12.771Z",
    published_at: "2026-12-05T08:02:49.902Z",
    deploy_time: 151,
  },
  [NETLIFY.deployFailed]: {
    id: NETLIFY.deployFailed,
    site_id: NETLIFY.siteShop,
    build_id: "6752b8e0c4d1a9001e3f7c28",
    state: "error",
    name: "northwind-shop",
    url: "https://northwind-shop.netlify.app",
    deploy_url: "http://6752b8e1a3c7d4001f9e2b57--northwind-shop.netlify.app",
    deploy_ssl_url: "https://6752b8e1a3c7d4001f9e2b57--northwind-shop.netlify.app",
    branch: "feat/checkout-v2",
    commit_ref: "e03b7d1c9a4f62e85b0c3d7a1f9e4b2c6d8a0f57",
    context: "deploy-preview",
    review_id: 188,
    error_message:
      "Build script returned non-zero exit code: 2. Failed during stage 'building site': Command failed with exit code 1: npm run build (https://ntl.fyi/exit-code-1)",
    created_at: "2026-12-05T10:41:03.118Z",
    published_at: null,
    deploy_time: 63,
  },
};

const NETLIFY_ENV = [
  {
    key: "DATABASE_URL",
    scopes: ["builds", "functions", "runtime"],
    values: [
      {
        id: "6741e0c2a9b3f8001d5c7e21",
        value: "postgres://docs:****@db.northwind.internal:5432/docs",
        context: "production",
      },
    ],
    is_secret: true,
    updated_at: "2026-11-20T10:00:00.000Z",
    updated_by: {
      id: "5f1c9a3e7b2d8400127a6e93",
      full_name: "Maya Okafor",
      email: "maya@northwind-labs.dev",
    },
  },
  {
    key: "PUBLIC_SEARCH_KEY",
    scopes: ["builds", "runtime"],
    values: [{ id: "6741e0c2a9b3f8001d5c7e22", value: "pk_live_7c2e91", context: "all" }],
    is_secret: false,
    updated_at: "2026-10-02T09:00:00.000Z",
    updated_by: {
      id: "5f1c9a3e7b2d8400127a6e93",
      full_name: "Maya Okafor",
      email: "maya@northwind-labs.dev",
    },
  },
];

const NETLIFY_LOGIN_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Log in | Netlify</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="stylesheet" href="https://app.netlify.com/assets/app.css">
</head>
<body>
<div id="root"><main class="login"><h1>Log in to Netlify</h1><p>Your session has expired. Please log in again to continue.</p><a class="btn" href="/login?redirect=%2Fapi%2Fv1%2Fdeploys">Log in</a></main></div>
</body>
</html>
`;

const netlifyHandler: Handler = (req, url, body, res) => {
  const p = url.pathname;
  const method = req.method ?? "GET";
  if (state.netlifyTokenRevoked || req.headers.authorization !== `Bearer ${NETLIFY_TOKEN}`) {
    return json(res, 401, { code: 401, message: "Access Denied: your token is invalid or has expired" });
  }
  if (state.netlifyRateLimited) {
    return json(
      res,
      429,
      { code: 429, message: "Rate limit exceeded: 500 requests per minute. Try again later." },
      {
        "retry-after": "42",
        "x-ratelimit-limit": "500",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": String(Math.floor(Date.now() / 1000) + 42),
      },
    );
  }
  if (state.netlifyServerError) {
    return json(res, 500, { code: 500, message: "Internal Server Error" });
  }
  if (state.netlifyLoginPage) return text(res, 200, NETLIFY_LOGIN_PAGE);
  if (p === "/api/v1/user") {
    return json(res, 200, {
      id: "5f1c9a3e7b2d8400127a6e93",
      uid: null,
      full_name: "Maya Okafor",
      avatar_url: "https://avatars.githubusercontent.com/u/90412277?v=4",
      email: "maya@northwind-labs.dev",
      affiliate_id: "",
      site_count: 2,
      created_at: "2024-06-04T11:02:17.381Z",
      last_login: "2026-12-05T07:58:40.220Z",
      login_providers: ["github", "email"],
      onboarding_progress: { slides: "done" },
    });
  }
  if (p === "/api/v1/accounts") {
    return json(res, 200, [
      {
        id: NETLIFY.account,
        name: "Northwind Labs",
        slug: NETLIFY.accountSlug,
        type: "Pro",
        type_name: "Pro",
        capabilities: { sites: { included: "unlimited", used: 2 }, collaborators: { included: 3, used: 2 } },
        billing_name: "Northwind Labs GmbH",
        billing_email: "billing@northwind-labs.dev",
        created_at: "2024-06-04T11:02:17.520Z",
        updated_at: "2026-11-01T00:00:04.912Z",
      },
    ]);
  }
  if (p === "/api/v1/sites" && method === "GET") {
    const name = url.searchParams.get("name");
    const page = Number(url.searchParams.get("page") ?? "1");
    if (page > 1) return json(res, 200, []);
    const sites = Object.values(netlifySites).filter((site) => !name || String(site.name).includes(name));
    return json(res, 200, sites);
  }
  const siteMatch = /^\/api\/v1\/sites\/([^/]+)(\/.*)?$/.exec(p);
  if (siteMatch) {
    const [, siteId, rest = ""] = siteMatch;
    const site = netlifySites[siteId!];
    if (!site) return json(res, 404, { code: 404, message: "Not Found" });
    if (rest === "" && method === "GET") return json(res, 200, site);
    if (rest === "" && method === "PUT") {
      const input = parse(body);
      if (input.name === "docs") {
        return json(res, 422, { code: 422, message: "Validation failed: Subdomain must be unique" });
      }
      Object.assign(site, { name: input.name, url: `https://${String(input.name)}.netlify.app` });
      return json(res, 200, site);
    }
    if (rest === "/forms") {
      return json(res, 200, [
        {
          id: NETLIFY.formContact,
          site_id: siteId,
          name: "contact",
          paths: ["/contact/"],
          submission_count: 37,
          fields: [
            { name: "name", type: "text" },
            { name: "email", type: "email" },
            { name: "message", type: "textarea" },
          ],
          created_at: "2025-02-11T15:20:00.000Z",
          last_submission_at: "2026-12-04T21:13:09.000Z",
        },
      ]);
    }
    if (rest === "/env" && method === "GET") return json(res, 200, NETLIFY_ENV);
    if (rest.startsWith("/deploys/")) {
      const deploy = netlifyDeploys[rest.slice("/deploys/".length)];
      return deploy ? json(res, 200, deploy) : json(res, 404, { code: 404, message: "Not Found" });
    }
    return json(res, 404, { code: 404, message: "Not Found" });
  }
  const deployMatch = /^\/api\/v1\/deploys\/([^/]+)$/.exec(p);
  if (deployMatch) {
    const id = deployMatch[1]!;
    if (id === "6752c0d2e7a1f9003b4c8d16") {
      return later(15_000, () => json(res, 200, { ...netlifyDeploys[NETLIFY.deployOk], id }));
    }
    const deploy = netlifyDeploys[id];
    return deploy ? json(res, 200, deploy) : json(res, 404, { code: 404, message: "Not Found" });
  }
  return json(res, 404, { code: 404, message: "Not Found" });
};

export const netlifyStandin = mitmProxy(NETLIFY_PROXY_PORT, netlifyHandler);
export const NETLIFY_IDS = NETLIFY;

// ----------------------------------------------------------------------------------------- Postman

const POSTMAN = {
  user: 28417730,
  workspace: "1f0df51a-8658-4ee8-a2a1-d2567dfa09a9",
  workspaceShared: "a6d2c3f9-0b7e-4c51-9e84-3f1d7b2a6c05",
  collection: "28417730-4b4f2a8e-6f3c-4d51-8e92-0c7a1b3d5f68",
  environment: "28417730-9e3b5d1f-2a7c-4f86-b0d4-6c8e1a3f5b27",
  environmentSlow: "28417730-5a1c7e3b-9d2f-4b60-8e4a-2c6f0b8d4e19",
};

const postmanCollection = {
  collection: {
    info: {
      _postman_id: "4b4f2a8e-6f3c-4d51-8e92-0c7a1b3d5f68",
      name: "Deploy API",
      description: "Requests for the deploy gateway's public API",
      schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json",
      updatedAt: "2026-12-02T16:21:09.000Z",
      createdAt: "2025-04-18T08:44:51.000Z",
      lastUpdatedBy: "28417730",
      uid: POSTMAN.collection,
    },
    item: [
      {
        name: "List deploys",
        id: "b1c2d3e4-0001-4a5b-8c6d-7e8f9a0b1c2d",
        request: {
          method: "GET",
          header: [{ key: "Authorization", value: "Bearer {{deployToken}}" }],
          url: {
            raw: "{{baseUrl}}/v1/sites/:siteId/deploys",
            host: ["{{baseUrl}}"],
            path: ["v1", "sites", ":siteId", "deploys"],
          },
        },
        response: [],
      },
      {
        name: "Create deploy",
        id: "b1c2d3e4-0002-4a5b-8c6d-7e8f9a0b1c2d",
        request: {
          method: "POST",
          header: [{ key: "Content-Type", value: "application/json" }],
          body: { mode: "raw", raw: '{\n  "branch": "main"\n}' },
          url: {
            raw: "{{baseUrl}}/v1/sites/:siteId/deploys",
            host: ["{{baseUrl}}"],
            path: ["v1", "sites", ":siteId", "deploys"],
          },
        },
        response: [],
      },
    ],
    variable: [{ key: "baseUrl", value: "https://api.northwind.dev" }],
  },
};

const POSTMAN_UNAVAILABLE = `<html>
<head><title>503 Service Temporarily Unavailable</title></head>
<body>
<center><h1>503 Service Temporarily Unavailable</h1></center>
<hr><center>nginx</center>
</body>
</html>
`;

const POSTMAN_LOGIN_PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Sign In | Postman API Platform</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
</head>
<body>
<div id="app"><h1>Sign in to Postman</h1><p>Your organization requires single sign-on. Continue with SSO to access this team.</p><a href="https://identity.getpostman.com/sso/northwind-labs">Continue with SSO</a></div>
</body>
</html>
`;

const postmanHandler: Handler = (req, url, body, res) => {
  const p = url.pathname;
  const method = req.method ?? "GET";
  if (state.postmanUnavailable) return text(res, 503, POSTMAN_UNAVAILABLE);
  if (state.postmanKeyRevoked || req.headers["x-api-key"] !== POSTMAN_KEY) {
    return json(res, 401, {
      error: {
        name: "AuthenticationError",
        message: "Invalid API Key. Every request requires a valid API Key to be sent.",
      },
    });
  }
  if (state.postmanRateLimited) {
    const reset = Math.floor(Date.now() / 1000) + 30;
    return json(
      res,
      429,
      { error: "rateLimited", message: `Rate limit exceeded. Please retry after ${reset}` },
      {
        "retry-after": "30",
        "x-ratelimit-limit": "300",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": String(reset),
        "ratelimit-limit-month": "1000",
        "ratelimit-remaining-month": "212",
      },
    );
  }
  if (state.postmanLoginPage) return text(res, 200, POSTMAN_LOGIN_PAGE);
  if (p === "/me") {
    return json(res, 200, {
      user: {
        id: POSTMAN.user,
        username: "maya-okafor",
        email: "maya@northwind-labs.dev",
        fullName: "Maya Okafor",
        avatar: "https://res.cloudinary.com/postman/image/upload/t_user_profile_300/v1/user/default-6",
        isPublic: false,
        teamId: 4211840,
        teamName: "Northwind Labs",
        teamDomain: "northwind-labs",
        roles: ["user", "flow-editor"],
      },
      operations: [
        { name: "api_object_usage", limit: 3, usage: 1, overage: 0 },
        { name: "collection_run_limit", limit: 25, usage: 4, overage: 0 },
        { name: "mock_usage", limit: 1000, usage: 12, overage: 0 },
        { name: "monitor_request_runs", limit: 1000, usage: 0, overage: 0 },
      ],
    });
  }
  if (p === "/workspaces" && method === "GET") {
    const type = url.searchParams.get("type");
    const all = [
      {
        id: POSTMAN.workspace,
        name: "Deploy Platform",
        createdBy: String(POSTMAN.user),
        type: "team",
        visibility: "team",
      },
      {
        id: POSTMAN.workspaceShared,
        name: "Partner Integrations",
        createdBy: "30522871",
        type: "team",
        visibility: "team",
      },
    ];
    return json(res, 200, { workspaces: all.filter((w) => !type || w.type === type) });
  }
  const workspaceMatch = /^\/workspaces\/([^/]+)$/.exec(p);
  if (workspaceMatch) {
    const id = workspaceMatch[1];
    if (method === "PUT") {
      if (id === POSTMAN.workspaceShared) {
        return json(res, 403, {
          error: {
            name: "forbiddenError",
            message: "You do not have access to update this workspace.",
          },
        });
      }
    }
    if (id === POSTMAN.workspace) {
      return json(res, 200, {
        workspace: {
          id,
          name: "Deploy Platform",
          type: "team",
          description: "APIs of the deploy gateway and its CLI",
          visibility: "team",
          createdBy: String(POSTMAN.user),
          updatedBy: String(POSTMAN.user),
          createdAt: "2025-04-18T08:40:12.000Z",
          updatedAt: "2026-12-02T16:21:09.000Z",
          collections: [
            { id: "4b4f2a8e-6f3c-4d51-8e92-0c7a1b3d5f68", name: "Deploy API", uid: POSTMAN.collection },
          ],
          environments: [
            { id: "9e3b5d1f-2a7c-4f86-b0d4-6c8e1a3f5b27", name: "Staging", uid: POSTMAN.environment },
          ],
          mocks: [],
          monitors: [],
          apis: [],
        },
      });
    }
    return json(res, 404, {
      error: {
        name: "workspaceNotFoundError",
        message: "Workspace not found",
        statusCode: 404,
      },
    });
  }
  if (p === "/collections" && method === "GET") {
    const workspace = url.searchParams.get("workspace");
    const collections =
      workspace === POSTMAN.workspaceShared
        ? []
        : [
            {
              id: "4b4f2a8e-6f3c-4d51-8e92-0c7a1b3d5f68",
              name: "Deploy API",
              owner: String(POSTMAN.user),
              createdAt: "2025-04-18T08:44:51.000Z",
              updatedAt: "2026-12-02T16:21:09.000Z",
              uid: POSTMAN.collection,
              isPublic: false,
            },
          ];
    return json(res, 200, { collections, meta: { limit: 10, offset: 0, total: collections.length } });
  }
  if (p === "/collections" && method === "POST") {
    const input = parse(body) as { collection?: { info?: Record<string, unknown> } };
    const workspace = url.searchParams.get("workspace") ?? "";
    if (!/^[0-9a-f-]{36}$/.test(workspace)) {
      return json(res, 400, {
        error: {
          name: "paramValidationError",
          message: "Invalid workspace ID. Provide a valid workspace ID in the workspace query parameter.",
        },
      });
    }
    return json(res, 200, {
      collection: {
        id: "7d1e3c5a-9b2f-4e86-a0c4-1f3b5d7e9a26",
        name: input.collection?.info?.name,
        uid: "28417730-7d1e3c5a-9b2f-4e86-a0c4-1f3b5d7e9a26",
      },
    });
  }
  const collectionMatch = /^\/collections\/([^/]+)$/.exec(p);
  if (collectionMatch) {
    const id = collectionMatch[1];
    if (id === POSTMAN.collection || id === "4b4f2a8e-6f3c-4d51-8e92-0c7a1b3d5f68") {
      return json(res, 200, postmanCollection);
    }
    return json(res, 404, {
      error: {
        name: "instanceNotFoundError",
        message: "We could not find the collection you are looking for",
      },
    });
  }
  if (p === "/environments" && method === "POST") {
    const input = parse(body) as { environment?: { name?: string } };
    return json(res, 200, {
      environment: {
        id: "2c7e9a1b-5d3f-4b80-9e6a-8c1d3f5b7a94",
        name: input.environment?.name,
        uid: "28417730-2c7e9a1b-5d3f-4b80-9e6a-8c1d3f5b7a94",
      },
    });
  }
  if (p === "/environments" && method === "GET") {
    return json(res, 200, {
      environments: [
        {
          id: "9e3b5d1f-2a7c-4f86-b0d4-6c8e1a3f5b27",
          name: "Staging",
          createdAt: "2025-04-18T08:50:00.000Z",
          updatedAt: "2026-11-29T12:00:00.000Z",
          owner: String(POSTMAN.user),
          uid: POSTMAN.environment,
          isPublic: false,
        },
      ],
    });
  }
  if (p === "/mocks" && method === "GET") return json(res, 200, { mocks: [] });
  if (p.startsWith("/environments/")) {
    const id = p.slice("/environments/".length);
    if (id === POSTMAN.environmentSlow) {
      return later(15_000, () => json(res, 200, { environment: { id, name: "Load test", values: [] } }));
    }
    if (id === POSTMAN.environment) {
      return json(res, 200, {
        environment: {
          id: "9e3b5d1f-2a7c-4f86-b0d4-6c8e1a3f5b27",
          name: "Staging",
          owner: String(POSTMAN.user),
          createdAt: "2025-04-18T08:50:00.000Z",
          updatedAt: "2026-11-29T12:00:00.000Z",
          values: [
            { key: "baseUrl", value: "https://staging-api.northwind.dev", enabled: true, type: "default" },
            { key: "deployToken", value: "", enabled: true, type: "secret" },
          ],
          isPublic: false,
        },
      });
    }
    return json(res, 404, {
      error: {
        name: "instanceNotFoundError",
        message: "We could not find the environment you are looking for",
      },
    });
  }
  return json(res, 404, {
    error: { name: "notFound", message: "Requested resource not found" },
  });
};

export const postmanStandin = serve(POSTMAN_PORT, postmanHandler);
export const POSTMAN_IDS = POSTMAN;
export const LINEAR_IDS = LINEAR;

export const ALL_STANDINS: Standin[] = [linearStandin, githubStandin, netlifyStandin, postmanStandin];
