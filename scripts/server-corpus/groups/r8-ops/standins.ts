// Loopback stand-ins for the APIs behind this group's servers, answering with the real APIs' bodies
// and error bodies: LaunchDarkly's REST API (/api/v2), Rollbar's API (/api/1), a Dynatrace Managed
// cluster's environment API (/e/<env>/api/v1 and /api/v2) and Datadog's API (/api/v1, /api/v2, over
// https with a self-signed certificate). Each listens on its own port so that one can be stopped (an
// unreachable backend) while the others keep answering. `state` is switched by the sessions' hooks.
// All data uses fixed timestamps so that re-captures produce the same payloads.

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import path from "node:path";

export const DATA = "/tmp/faultline-corpus-r8-ops";
export const LD_PORT = 39050;
export const RB_PORT = 39051;
export const DT_PORT = 39052;
export const DD_PORT = 39053;
/** Nothing listens here: a Dynatrace environment configured on a cluster that is not reachable. */
export const DT_DEAD_PORT = 39059;
/** The Dynatrace MCP server's own port in its Streamable HTTP mode. */
export const DT_MCP_PORT = 39060;

export const LD_TOKEN = "api-r8ops-5f1c2d0e-writer";
export const RB_TOKEN = "r8ops0a1b2c3d4e5f60718293a4b5c6d7e8f";
export const DT_TOKEN = "dt0c01.R8OPSPROD.K3J5H7G9F1D3S5A7Q9W1E3R5T7Y9U1I3O5P7A9S1D3F5G7H9J1K3L5Z7X9C1V3B5";
export const DT_STAGING_TOKEN =
  "dt0c01.R8OPSSTAG.EXPIRED0000000000000000000000000000000000000000000000000000000000";
export const DT_REVOKED_TOKEN =
  "dt0c01.R8OPSPROD.REVOKED000000000000000000000000000000000000000000000000000000000";
export const DD_API_KEY = "r8ops0ddapikey000000000000000000a";
export const DD_APP_KEY = "r8ops0ddappkey0000000000000000000000000b";
/** The self-signed certificate of the Datadog stand-in; the server trusts it through NODE_EXTRA_CA_CERTS. */
export const DD_CERT = path.join(DATA, "dd-cert.pem");
const DD_KEY = path.join(DATA, "dd-key.pem");

export const state = {
  ldTokenRevoked: false,
  ldAuditRateLimited: false,
  ldGateway502: false,
  rbTokenRevoked: false,
  rbRateLimited: false,
  rbEdge503: false,
  dtTokenRevoked: false,
  dtUpgrading: false,
  ddAppKeyRevoked: false,
};

type Handler = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => void;

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

function html(res: http.ServerResponse, status: number, page: string, headers: Record<string, string> = {}) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers });
  res.end(page);
}

export interface Standin {
  start(): Promise<void>;
  stop(): Promise<void>;
}

function serve(port: number, handler: Handler, tls = false): Standin {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => handler(req, new URL(req.url ?? "/", `http://127.0.0.1:${port}`), body, res));
  };
  let server: http.Server | https.Server | undefined;
  const make = () => {
    if (tls) {
      if (!fs.existsSync(DD_CERT) || !fs.existsSync(DD_KEY)) {
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
            DD_KEY,
            "-out",
            DD_CERT,
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
      return https.createServer({ key: fs.readFileSync(DD_KEY), cert: fs.readFileSync(DD_CERT) }, onRequest);
    }
    return http.createServer(onRequest);
  };
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        const created = make();
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
        for (const timer of timers) clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
        server = undefined;
      }),
  };
}

/** Answers after `ms` unless the client went away first. */
function later(res: http.ServerResponse, ms: number, answer: () => void) {
  const timer = setTimeout(answer, ms);
  res.on("close", () => clearTimeout(timer));
}

// ------------------------------------------------------------------ LaunchDarkly REST API (/api/v2)

const LD_CREATED = 1760000000000;
const ldLinks = (self: string) => ({
  self: { href: self, type: "application/json" },
  parent: { href: self.replace(/\/[^/]+$/, ""), type: "application/json" },
});

function ldEnvConfig(envKey: string, envName: string, flagKey: string, on: boolean, version: number) {
  return {
    on,
    archived: false,
    salt: `${flagKey}-${envKey}-salt`,
    sel: `sel${version}${envKey}`,
    lastModified: LD_CREATED + version * 60_000,
    version,
    fallthrough: { variation: on ? 0 : 1 },
    _site: { href: `/checkout/${envKey}/features/${flagKey}`, type: "text/html" },
    _environmentName: envName,
    trackEvents: false,
    trackEventsFallthrough: false,
    _summary: {
      variations: {
        "0": { rules: 0, nullRules: 0, targets: 2, contextTargets: 2 },
        "1": { rules: 0, nullRules: 0, targets: 0, contextTargets: 0 },
      },
      prerequisites: 0,
    },
  };
}

interface LdFlag {
  key: string;
  name: string;
  kind: "boolean" | "multivariate";
  description: string;
  variations: { _id: string; value: unknown; name?: string }[];
  temporary: boolean;
  tags: string[];
  archived: boolean;
  version: number;
  on: { production: boolean; staging: boolean };
}

const ldFlags: LdFlag[] = [
  {
    key: "new-checkout-flow",
    name: "New checkout flow",
    kind: "boolean",
    description: "Routes buyers to the one-page checkout",
    variations: [
      { _id: "a1f0", value: true, name: "on" },
      { _id: "a1f1", value: false, name: "off" },
    ],
    temporary: true,
    tags: ["checkout", "q4"],
    archived: false,
    version: 14,
    on: { production: false, staging: true },
  },
  {
    key: "pricing-banner",
    name: "Pricing banner copy",
    kind: "multivariate",
    description: "Which banner the pricing page shows",
    variations: [
      { _id: "b2f0", value: "control", name: "control" },
      { _id: "b2f1", value: "free-shipping", name: "free shipping" },
      { _id: "b2f2", value: "ten-percent", name: "10% off" },
    ],
    temporary: true,
    tags: ["growth"],
    archived: false,
    version: 7,
    on: { production: true, staging: true },
  },
  {
    key: "legacy-search",
    name: "Legacy search backend",
    kind: "boolean",
    description: "Kill switch back to the old search cluster",
    variations: [
      { _id: "c3f0", value: true },
      { _id: "c3f1", value: false },
    ],
    temporary: false,
    tags: ["ops", "kill-switch"],
    archived: false,
    version: 31,
    on: { production: false, staging: false },
  },
];

function ldFlagRep(flag: LdFlag, env?: string) {
  const environments: Record<string, unknown> = {};
  for (const [key, name] of [
    ["production", "Production"],
    ["staging", "Staging"],
  ] as const) {
    if (!env || env === key) environments[key] = ldEnvConfig(key, name, flag.key, flag.on[key], flag.version);
  }
  return {
    name: flag.name,
    kind: flag.kind,
    description: flag.description,
    key: flag.key,
    _version: flag.version,
    creationDate: LD_CREATED,
    includeInSnippet: false,
    clientSideAvailability: { usingMobileKey: false, usingEnvironmentId: false },
    variations: flag.variations,
    temporary: flag.temporary,
    tags: flag.tags,
    _links: ldLinks(`/api/v2/flags/checkout/${flag.key}`),
    maintainerId: "61f0c0ffee0000000000a001",
    experiments: { baselineIdx: 0, items: [] },
    customProperties: {},
    archived: flag.archived,
    deprecated: false,
    defaults: { onVariation: 0, offVariation: flag.variations.length - 1 },
    environments,
  };
}

const ldError = (code: string, message: string) => ({
  code,
  message,
  id: "3f6c1b2a-9d7e-4c1f-8a55-0c2e1d9b7a10",
});

const LD_GATEWAY_PAGE =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n";

const launchDarkly: Handler = (req, url, body, res) => {
  const route = url.pathname;
  if (req.headers.authorization !== LD_TOKEN || state.ldTokenRevoked) {
    return json(res, 401, ldError("unauthorized", "Invalid access token"));
  }
  if (state.ldGateway502) return html(res, 502, LD_GATEWAY_PAGE);
  let m: RegExpExecArray | null;
  if ((m = /^\/api\/v2\/flags\/([^/]+)$/.exec(route))) {
    const project = decodeURIComponent(m[1] ?? "");
    if (project !== "checkout") return json(res, 404, ldError("not_found", "Invalid resource identifier"));
    if (req.method === "GET") {
      const filter = url.searchParams.get("filter") ?? "";
      const limit = Number(url.searchParams.get("limit") ?? "20");
      let flags = ldFlags;
      const query = /(?:^|,)query:([^,]*)/.exec(filter);
      if (filter && !/^(query|tags|state|type|archived):/.test(filter)) {
        return json(
          res,
          400,
          ldError(
            "invalid_request",
            `Invalid filter field: '${filter.split(":")[0]}' is not a supported filter`,
          ),
        );
      }
      if (query)
        flags = flags.filter(
          (f) =>
            f.key.includes(query[1] ?? "") || f.name.toLowerCase().includes((query[1] ?? "").toLowerCase()),
        );
      const env = url.searchParams.get("env") ?? undefined;
      return json(res, 200, {
        items: flags.slice(0, limit).map((f) => ldFlagRep(f, env)),
        totalCount: flags.length,
        _links: {
          self: { href: `/api/v2/flags/checkout?limit=${limit}`, type: "application/json" },
          first: { href: `/api/v2/flags/checkout?limit=${limit}&offset=0`, type: "application/json" },
        },
      });
    }
    if (req.method === "POST") {
      const posted = JSON.parse(body || "{}") as { key?: string; name?: string };
      const key = posted.key ?? "";
      if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(key)) {
        return json(
          res,
          400,
          ldError("invalid_request", "key: Must only contain letters, numbers, '.', '_' or '-'"),
        );
      }
      if (ldFlags.some((f) => f.key === key)) {
        return json(res, 409, ldError("conflict", "A feature with that key already exists"));
      }
      const flag: LdFlag = {
        key,
        name: posted.name ?? key,
        kind: "boolean",
        description: "",
        variations: [
          { _id: "d4f0", value: true },
          { _id: "d4f1", value: false },
        ],
        temporary: true,
        tags: [],
        archived: false,
        version: 1,
        on: { production: false, staging: false },
      };
      return json(res, 201, ldFlagRep(flag));
    }
  }
  if ((m = /^\/api\/v2\/flags\/([^/]+)\/([^/]+)$/.exec(route))) {
    const project = decodeURIComponent(m[1] ?? "");
    const flag = ldFlags.find((f) => f.key === decodeURIComponent(m![2] ?? ""));
    if (project !== "checkout" || !flag)
      return json(res, 404, ldError("not_found", "Invalid resource identifier"));
    if (req.method === "GET")
      return json(res, 200, ldFlagRep(flag, url.searchParams.get("env") ?? undefined));
    if (req.method === "PATCH") {
      const patch = JSON.parse(body || "{}") as { patch?: { op: string; path: string; value?: unknown }[] };
      for (const op of patch.patch ?? []) {
        if (op.op === "test" && op.path === "/_version" && op.value !== flag.version) {
          return json(
            res,
            409,
            ldError("optimistic_locking_error", "Conflict. Optimistic lock error. Try again later."),
          );
        }
        const env = /^\/environments\/([^/]+)\/on$/.exec(op.path);
        if (op.op === "replace" && env && (env[1] === "production" || env[1] === "staging")) continue;
        if (op.op === "replace" && (op.path === "/description" || op.path === "/name")) continue;
        if (op.op === "test") continue;
        return json(
          res,
          400,
          ldError("invalid_request", `Invalid JSON patch: path '${op.path}' does not exist on this resource`),
        );
      }
      const updated = { ...flag, version: flag.version + 1, on: { ...flag.on } };
      for (const op of patch.patch ?? []) {
        const env = /^\/environments\/([^/]+)\/on$/.exec(op.path);
        if (op.op === "replace" && env) updated.on[env[1] as "production" | "staging"] = Boolean(op.value);
      }
      return json(res, 200, ldFlagRep(updated));
    }
    if (req.method === "DELETE") {
      if (flag.key === "legacy-search") {
        return json(
          res,
          403,
          ldError("forbidden", "Forbidden. Access to the requested resource was denied."),
        );
      }
      res.writeHead(204);
      return res.end();
    }
  }
  if ((m = /^\/api\/v2\/flag-status\/([^/]+)\/([^/]+)$/.exec(route))) {
    const flag = ldFlags.find((f) => f.key === decodeURIComponent(m![2] ?? ""));
    if (!flag) return json(res, 404, ldError("not_found", "Invalid resource identifier"));
    return json(res, 200, {
      key: flag.key,
      environments: {
        production: {
          name: flag.on.production ? "active" : "inactive",
          lastRequested: "2025-11-14T09:12:41.000Z",
          default: false,
        },
        staging: { name: "active", lastRequested: "2025-11-14T09:30:02.000Z", default: false },
      },
      _links: ldLinks(`/api/v2/flag-status/checkout/${flag.key}`),
    });
  }
  if ((m = /^\/api\/v2\/projects\/([^/]+)\/environments$/.exec(route))) {
    if (decodeURIComponent(m[1] ?? "") !== "checkout") {
      return json(res, 404, ldError("not_found", "Invalid resource identifier"));
    }
    const env = (key: string, name: string, color: string, critical: boolean) => ({
      _links: ldLinks(`/api/v2/projects/checkout/environments/${key}`),
      _id: `62a0${key.length}0ffee00000000${key.length}`,
      key,
      name,
      apiKey: `sdk-xxxxxxxx-${key}`,
      mobileKey: `mob-xxxxxxxx-${key}`,
      color,
      defaultTtl: 0,
      secureMode: false,
      defaultTrackEvents: false,
      requireComments: critical,
      confirmChanges: critical,
      tags: [],
      critical,
    });
    return json(res, 200, {
      items: [env("production", "Production", "417505", true), env("staging", "Staging", "EBF4F7", false)],
      totalCount: 2,
      _links: ldLinks("/api/v2/projects/checkout/environments"),
    });
  }
  if (route === "/api/v2/auditlog") {
    if (state.ldAuditRateLimited) {
      return json(res, 429, ldError("rate_limited", "You've exceeded the API rate limit. Try again later."), {
        "Retry-After": "10",
        "X-Ratelimit-Reset": String(LD_CREATED + 10_000),
        "X-Ratelimit-Route-Remaining": "0",
      });
    }
    return json(res, 200, { items: [], _links: ldLinks("/api/v2/auditlog") });
  }
  if (route === "/api/v2/code-refs/repositories") {
    // a slow route: the code-references service answers after 20 s
    return later(res, 20_000, () =>
      json(res, 200, { items: [], _links: ldLinks("/api/v2/code-refs/repositories") }),
    );
  }
  return json(res, 404, ldError("not_found", "Invalid resource identifier"));
};

// ------------------------------------------------------------------------------- Rollbar (/api/1)

const RB_T0 = 1763100000;

const rbItems = [
  {
    id: 1204857301,
    counter: 42,
    project_id: 731904,
    environment: "production",
    framework: "node",
    platform: "server",
    level: "error",
    status: "active",
    title: "TypeError: Cannot read properties of undefined (reading 'currency')",
    total_occurrences: 318,
    unique_occurrences: 41,
    first_occurrence_id: 880012340001,
    last_occurrence_id: 880012349999,
    first_occurrence_timestamp: RB_T0 - 86_400,
    last_occurrence_timestamp: RB_T0 - 120,
    last_activated_timestamp: RB_T0 - 86_400,
    group_status: 1,
    assigned_user_id: null,
    hash: "9b1f0c7d3e2a",
  },
  {
    id: 1204857355,
    counter: 57,
    project_id: 731904,
    environment: "production",
    framework: "node",
    platform: "server",
    level: "warning",
    status: "active",
    title: "Timeout calling payments-gateway (grouped)",
    total_occurrences: 1290,
    unique_occurrences: 77,
    first_occurrence_id: 880012200001,
    last_occurrence_id: 880012348888,
    first_occurrence_timestamp: RB_T0 - 3 * 86_400,
    last_occurrence_timestamp: RB_T0 - 600,
    last_activated_timestamp: RB_T0 - 3 * 86_400,
    group_status: 2,
    assigned_user_id: null,
    hash: "4c8e21aa90f1",
  },
];

const rbOccurrence = (id: number, itemId: number, ts: number) => ({
  id,
  item_id: itemId,
  timestamp: ts,
  version: 1,
  data: {
    environment: "production",
    level: "error",
    language: "javascript",
    framework: "node",
    platform: "server",
    code_version: "9f3c2e1",
    timestamp: ts,
    body: {
      trace: {
        exception: {
          class: "TypeError",
          message: "Cannot read properties of undefined (reading 'currency')",
        },
        frames: [
          { filename: "/srv/app/src/checkout/totals.js", lineno: 88, method: "formatTotal" },
          { filename: "/srv/app/src/checkout/handler.js", lineno: 41, method: "postCheckout" },
        ],
      },
    },
    request: { method: "POST", url: "https://shop.example/checkout" },
    metadata: { customer_timestamp: ts },
  },
});

const rb = (result: unknown) => ({ err: 0, result });
const rbErr = (message: string) => ({ err: 1, message });

const rollbar: Handler = (req, url, body, res) => {
  const route = url.pathname.replace(/^\/api\/1/, "");
  const token = req.headers["x-rollbar-access-token"];
  if (token !== RB_TOKEN || state.rbTokenRevoked) return json(res, 401, rbErr("Invalid access token"));
  if (route === "/projects") {
    // a project access token cannot list the account's projects
    return json(res, 403, rbErr("insufficient privileges: this endpoint requires an account access token"));
  }
  if (state.rbEdge503) {
    res.writeHead(503, { "content-type": "text/plain" });
    return res.end(
      "upstream connect error or disconnect/reset before headers. reset reason: connection failure",
    );
  }
  if (state.rbRateLimited) {
    return json(res, 429, rbErr("Rate limit exceeded"), {
      "X-Rate-Limit-Limit": "5000",
      "X-Rate-Limit-Remaining": "0",
      "X-Rate-Limit-Reset": String(RB_T0 + 60),
      "X-Rate-Limit-Remaining-Seconds": "42",
    });
  }
  if (route === "/items/" && req.method === "GET") {
    const query = (url.searchParams.get("query") ?? "").toLowerCase();
    const environment = url.searchParams.get("environment") ?? "production";
    const items = rbItems.filter(
      (i) => i.environment === environment && i.title.toLowerCase().includes(query),
    );
    return json(res, 200, rb({ items, page: 1, total_count: items.length }));
  }
  if ((route === "/item" || route === "/item/") && req.method === "GET") {
    const counter = Number(url.searchParams.get("counter"));
    const item = rbItems.find((i) => i.counter === counter);
    if (!item) return json(res, 404, rbErr("Item not found"));
    return json(res, 200, rb(item));
  }
  let m: RegExpExecArray | null;
  if ((m = /^\/instance\/(\d+)$/.exec(route))) {
    const id = Number(m[1]);
    const item = rbItems.find((i) => i.last_occurrence_id === id);
    if (!item) return json(res, 404, rbErr("Instance not found"));
    return json(res, 200, rb(rbOccurrence(id, item.id, item.last_occurrence_timestamp)));
  }
  if ((m = /^\/item\/(\d+)\/instances$/.exec(route))) {
    const item = rbItems.find((i) => i.id === Number(m![1]));
    if (!item) return json(res, 404, rbErr("Item not found"));
    // a slow page of occurrences: answers after 20 s
    return later(res, 20_000, () =>
      json(
        res,
        200,
        rb({
          page: 1,
          instances: [rbOccurrence(item.last_occurrence_id, item.id, item.last_occurrence_timestamp)],
        }),
      ),
    );
  }
  if ((m = /^\/item\/(\d+)$/.exec(route)) && req.method === "PATCH") {
    return json(
      res,
      403,
      rbErr("insufficient privileges: write scope is required but the access token only has read."),
    );
  }
  if (route === "/deploys") {
    return json(
      res,
      200,
      rb({
        deploys: [
          {
            id: 41873201,
            project_id: 731904,
            environment: "production",
            revision: "9f3c2e1",
            local_username: "ci-bot",
            comment: "checkout: one-page flow behind flag",
            status: "succeeded",
            start_time: RB_T0 - 7200,
            finish_time: RB_T0 - 7000,
          },
          {
            id: 41870007,
            project_id: 731904,
            environment: "production",
            revision: "5d1a7b0",
            local_username: "ci-bot",
            comment: "payments: raise gateway timeout",
            status: "failed",
            start_time: RB_T0 - 90_000,
            finish_time: RB_T0 - 89_700,
          },
        ],
        page: 1,
      }),
    );
  }
  if ((m = /^\/versions\/([^/]+)$/.exec(route))) {
    return json(
      res,
      200,
      rb({
        version: decodeURIComponent(m[1] ?? ""),
        environment: url.searchParams.get("environment"),
        first_occurrence_timestamp: RB_T0 - 7000,
        item_stats: { new: { error: 1, critical: 0 }, reactivated: { error: 0 }, repeated: { error: 3 } },
      }),
    );
  }
  if (route === "/reports/top_active_items") {
    const env = url.searchParams.get("environments");
    if (env !== "production") return json(res, 200, rb([]));
    return json(
      res,
      200,
      rb(
        rbItems.map((item) => ({
          item: {
            id: item.id,
            counter: item.counter,
            title: item.title,
            level: item.level,
            environment: item.environment,
          },
          counts: [3, 5, 8, 13, 21, 34],
        })),
      ),
    );
  }
  void body;
  return json(res, 404, rbErr("Not found"));
};

// --------------------------------------------------------------- Dynatrace Managed (/e/<env>/api)

const DT_T0 = 1763100000000;
const dtErr = (code: number, message: string) => ({ error: { code, message } });

const dtProblems = [
  {
    problemId: "6774241853425427521_1763096400000V2",
    displayId: "P-2511142",
    title: "Response time degradation",
    impactLevel: "SERVICES",
    severityLevel: "PERFORMANCE",
    status: "OPEN",
    affectedEntities: [
      { entityId: { id: "SERVICE-7A1C3F0E9B2D4E61", type: "SERVICE" }, name: "payments-api" },
    ],
    impactedEntities: [
      { entityId: { id: "SERVICE-7A1C3F0E9B2D4E61", type: "SERVICE" }, name: "payments-api" },
    ],
    rootCauseEntity: {
      entityId: { id: "PROCESS_GROUP_INSTANCE-3E5D2A1B0C9F8E70", type: "PROCESS_GROUP_INSTANCE" },
      name: "payments-api (pod payments-7d9f)",
    },
    managementZones: [{ id: "4120950339861523412", name: "checkout" }],
    entityTags: [
      { context: "CONTEXTLESS", key: "team", value: "payments", stringRepresentation: "team:payments" },
    ],
    problemFilters: [],
    startTime: DT_T0 - 3_600_000,
    endTime: -1,
  },
  {
    problemId: "-2309887514123097731_1763089200000V2",
    displayId: "P-2511128",
    title: "Failure rate increase",
    impactLevel: "SERVICES",
    severityLevel: "ERROR",
    status: "OPEN",
    affectedEntities: [
      { entityId: { id: "SERVICE-19C0DE5A77F3B210", type: "SERVICE" }, name: "checkout-web" },
    ],
    impactedEntities: [
      { entityId: { id: "SERVICE-19C0DE5A77F3B210", type: "SERVICE" }, name: "checkout-web" },
    ],
    rootCauseEntity: null,
    managementZones: [{ id: "4120950339861523412", name: "checkout" }],
    entityTags: [],
    problemFilters: [],
    startTime: DT_T0 - 10_800_000,
    endTime: -1,
  },
];

function dtProblemDetails(problem: (typeof dtProblems)[number]) {
  return {
    ...problem,
    evidenceDetails: {
      totalCount: 1,
      details: [
        {
          evidenceType: "METRIC",
          displayName: "Response time",
          entity: problem.affectedEntities[0]?.entityId,
          rootCauseRelevant: true,
          startTime: problem.startTime,
          unit: "MicroSecond",
          valueBeforeChangePoint: 182000,
          valueAfterChangePoint: 2410000,
        },
      ],
    },
    recentComments: { comments: [], totalCount: 0 },
    impactAnalysis: { impacts: [] },
    linkedProblemInfo: null,
  };
}

const dtLogs = [
  {
    timestamp: DT_T0 - 240_000,
    content: "POST /v1/charge upstream timeout after 30000 ms (gateway=adyen, attempt=3)",
    status: "ERROR",
    eventType: "LOG",
    additionalColumns: {
      loglevel: ["ERROR"],
      "dt.entity.service": ["SERVICE-7A1C3F0E9B2D4E61"],
      "k8s.pod.name": ["payments-7d9f6c5b8-x2kqp"],
    },
  },
  {
    timestamp: DT_T0 - 300_000,
    content: "payment timeout: order 88412 charge abandoned, will retry via queue",
    status: "WARN",
    eventType: "LOG",
    additionalColumns: { loglevel: ["WARN"], "dt.entity.service": ["SERVICE-7A1C3F0E9B2D4E61"] },
  },
];

/** Dynatrace's own maintenance page in front of a cluster node that is being upgraded. */
const DT_UPGRADE_PAGE =
  "<!DOCTYPE html><html><head><title>Dynatrace - Service unavailable</title></head><body><h1>Service temporarily unavailable</h1><p>The Dynatrace cluster is currently being updated. Please try again in a few minutes.</p></body></html>";

const dynatrace: Handler = (req, url, body, res) => {
  const m = /^\/e\/([^/]+)(\/api\/.*)$/.exec(url.pathname);
  if (!m) return json(res, 404, dtErr(404, "Not found"));
  const env = m[1] ?? "";
  const route = m[2] ?? "";
  if (state.dtUpgrading) return html(res, 503, DT_UPGRADE_PAGE, { "Retry-After": "120" });
  const auth = req.headers.authorization ?? "";
  const token = auth.replace(/^Api-Token /, "");
  const valid =
    (env === "prod" && token === DT_TOKEN && !state.dtTokenRevoked) ||
    (env === "staging" && token === "__never__");
  if (route === "/api/v2/apiTokens/lookup" && req.method === "POST") {
    const looked = (JSON.parse(body || "{}") as { token?: string }).token;
    if (!valid || looked !== token) return json(res, 401, dtErr(401, "Token Authentication failed"));
    return json(res, 200, {
      id: "dt0c01.R8OPSPROD",
      name: "mcp-readonly",
      enabled: true,
      owner: "sre-bot",
      creationDate: "2025-09-01T08:00:00.000Z",
      scopes: [
        "entities.read",
        "events.read",
        "logs.read",
        "metrics.read",
        "problems.read",
        "securityProblems.read",
        "DataExport",
      ],
    });
  }
  if (!auth) return json(res, 401, dtErr(401, "Missing authorization parameter."));
  if (!valid) return json(res, 401, dtErr(401, "Token Authentication failed"));
  if (route === "/api/v1/config/clusterversion")
    return json(res, 200, { version: "1.330.14.20251114-103035" });
  if (route === "/api/v2/problems") {
    const selector = url.searchParams.get("problemSelector") ?? "";
    const entitySelector = url.searchParams.get("entitySelector") ?? "";
    let problems = dtProblems;
    if (selector.includes('"CLOSED"')) problems = [];
    if (entitySelector)
      problems = problems.filter((p) => entitySelector.includes(p.affectedEntities[0]?.entityId.id ?? "?"));
    return json(res, 200, { totalCount: problems.length, pageSize: 50, problems });
  }
  let p: RegExpExecArray | null;
  if ((p = /^\/api\/v2\/problems\/([^/]+)$/.exec(route))) {
    const id = decodeURIComponent(p[1] ?? "");
    const problem = dtProblems.find((x) => x.problemId === id);
    if (!problem) return json(res, 404, dtErr(404, `The problem with ID ${id} was not found.`));
    return json(res, 200, dtProblemDetails(problem));
  }
  if (route === "/api/v2/logs/search") {
    const query = (url.searchParams.get("query") ?? "").toLowerCase();
    const words = query.split(/\s+/).filter(Boolean);
    const results = dtLogs.filter((l) => words.every((w) => l.content.toLowerCase().includes(w)));
    return json(res, 200, { results, sliceSize: results.length, nextSliceKey: null, warnings: null });
  }
  if (route === "/api/v2/metrics/query") {
    const selector = url.searchParams.get("metricSelector") ?? "";
    if (
      !/^builtin:[a-z.]+(:(avg|max|min|sum|count|percentile\(\d+\)))?(:splitBy\([^)]*\))?$/.test(selector)
    ) {
      return json(
        res,
        400,
        dtErr(
          400,
          `Constraints violated. The metric selector '${selector}' is invalid: unknown transformation or aggregation.`,
        ),
      );
    }
    return json(res, 200, {
      totalCount: 1,
      nextPageKey: null,
      resolution: "10m",
      result: [
        {
          metricId: selector,
          dataPointCountRatio: 0.0012,
          dimensionCountRatio: 0.01,
          data: [
            {
              dimensions: ["SERVICE-7A1C3F0E9B2D4E61"],
              dimensionMap: { "dt.entity.service": "SERVICE-7A1C3F0E9B2D4E61" },
              timestamps: [DT_T0 - 1_800_000, DT_T0 - 1_200_000, DT_T0 - 600_000],
              values: [184210.5, 2398114.2, 2412207.9],
            },
          ],
        },
      ],
    });
  }
  if (route === "/api/v2/entities") {
    return json(res, 200, {
      totalCount: 1,
      pageSize: 50,
      entities: [
        {
          entityId: "SERVICE-7A1C3F0E9B2D4E61",
          type: "SERVICE",
          displayName: "payments-api",
          firstSeenTms: DT_T0 - 90 * 86_400_000,
          lastSeenTms: DT_T0 - 60_000,
          tags: [
            { context: "CONTEXTLESS", key: "team", value: "payments", stringRepresentation: "team:payments" },
          ],
          managementZones: [{ id: "4120950339861523412", name: "checkout" }],
        },
      ],
    });
  }
  if (route === "/api/v2/slo") {
    // the token was created without the slo.read scope
    return json(res, 403, dtErr(403, "Token is missing required scope. Use one of: slo.read (Read SLO)"));
  }
  if (route === "/api/v2/events") {
    return html(res, 503, DT_UPGRADE_PAGE, { "Retry-After": "120" });
  }
  return json(res, 404, dtErr(404, "Not found"));
};

// -------------------------------------------------------------------- Datadog (/api/v1, /api/v2)

const ddIncidents = [
  {
    id: "b6a2f0e4-5c1d-4e8a-9f37-2d0c8e1a7b55",
    type: "incidents",
    attributes: {
      public_id: 214,
      title: "Checkout error rate above 5% in eu-west-1",
      created: "2025-11-14T05:12:09.000000+00:00",
      modified: "2025-11-14T06:40:31.000000+00:00",
      state: "active",
      severity: "SEV-2",
      customer_impacted: true,
      customer_impact_scope: "Card payments fail for ~6% of EU buyers",
      customer_impact_start: "2025-11-14T05:03:00.000000+00:00",
      detected: "2025-11-14T05:08:44.000000+00:00",
      fields: {
        state: { type: "dropdown", value: "active" },
        severity: { type: "dropdown", value: "SEV-2" },
        services: { type: "autocomplete", value: ["payments-api", "checkout-web"] },
        teams: { type: "autocomplete", value: ["payments"] },
      },
    },
    relationships: {
      commander_user: { data: { type: "users", id: "5e1f0c2d-aaaa-4bbb-8ccc-0d1e2f3a4b5c" } },
    },
  },
  {
    id: "0f9e8d7c-6b5a-4493-8271-605f4e3d2c1b",
    type: "incidents",
    attributes: {
      public_id: 213,
      title: "Search latency p99 > 2s",
      created: "2025-11-12T18:01:55.000000+00:00",
      modified: "2025-11-12T19:22:10.000000+00:00",
      state: "resolved",
      severity: "SEV-3",
      customer_impacted: false,
      resolved: "2025-11-12T19:20:00.000000+00:00",
      fields: {
        state: { type: "dropdown", value: "resolved" },
        severity: { type: "dropdown", value: "SEV-3" },
      },
    },
    relationships: {},
  },
];

const ddMonitors = [
  {
    id: 12845001,
    name: "[payments] charge latency p95 > 2s",
    type: "query alert",
    query: "percentile(last_5m):p95:trace.http.request.duration{service:payments-api,env:prod} > 2",
    message: "p95 charge latency is high @pagerduty-payments",
    tags: ["team:payments", "env:prod"],
    overall_state: "Alert",
    modified: "2025-11-14T05:09:00.000000+00:00",
    created: "2025-06-01T10:00:00.000000+00:00",
    options: { thresholds: { critical: 2 }, notify_no_data: false },
    priority: 2,
  },
  {
    id: 12845002,
    name: "[checkout] 5xx rate > 5%",
    type: "query alert",
    query:
      "sum(last_10m):sum:trace.http.request.errors{service:checkout-web,env:prod}.as_count() / sum:trace.http.request.hits{service:checkout-web,env:prod}.as_count() > 0.05",
    message: "Checkout 5xx rate @slack-checkout-oncall",
    tags: ["team:checkout", "env:prod"],
    overall_state: "Alert",
    modified: "2025-11-14T05:08:00.000000+00:00",
    created: "2025-06-01T10:00:00.000000+00:00",
    options: { thresholds: { critical: 0.05 }, notify_no_data: false },
    priority: 1,
  },
  {
    id: 12845003,
    name: "[search] p99 latency",
    type: "query alert",
    query: "percentile(last_5m):p99:trace.http.request.duration{service:search,env:prod} > 2",
    message: "Search latency",
    tags: ["team:search", "env:prod"],
    overall_state: "OK",
    modified: "2025-11-12T19:20:00.000000+00:00",
    created: "2025-06-01T10:00:00.000000+00:00",
    options: { thresholds: { critical: 2 } },
    priority: 3,
  },
];

const ddErr = (...errors: string[]) => ({ errors });

const DD_RATE_LIMIT_PAGE =
  '\n\n\n<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Datadog: Too Many Requests</title>\n</head>\n<body>\n<div class="error-page"><h1>429</h1><h2>Too Many Requests</h2><p>You have been rate limited. Please wait a moment and try again.</p></div>\n</body>\n</html>\n';

const DD_LB_PAGE =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n";

const datadog: Handler = (req, url, body, res) => {
  const route = url.pathname;
  if (req.headers["dd-api-key"] !== DD_API_KEY) return json(res, 403, ddErr("Forbidden"));
  if (req.headers["dd-application-key"] !== DD_APP_KEY || state.ddAppKeyRevoked) {
    return json(res, 403, ddErr("Forbidden"));
  }
  const rate = {
    "x-ratelimit-limit": "1000",
    "x-ratelimit-period": "60",
    "x-ratelimit-remaining": "987",
    "x-ratelimit-reset": "41",
  };
  if (route === "/api/v2/incidents" && req.method === "GET") {
    const size = Number(url.searchParams.get("page[size]") ?? "10");
    return json(
      res,
      200,
      {
        data: ddIncidents.slice(0, size),
        included: [],
        meta: { pagination: { offset: 0, size, next_offset: size } },
      },
      rate,
    );
  }
  let m: RegExpExecArray | null;
  if ((m = /^\/api\/v2\/incidents\/([^/]+)$/.exec(route))) {
    const incident = ddIncidents.find((i) => i.id === m![1] || String(i.attributes.public_id) === m![1]);
    if (!incident) return json(res, 404, ddErr("Not found"), rate);
    return json(res, 200, { data: incident, included: [] }, rate);
  }
  if (route === "/api/v1/monitor" && req.method === "GET") {
    const name = (url.searchParams.get("name") ?? "").toLowerCase();
    const states = (url.searchParams.get("group_states") ?? "").split(",").filter(Boolean);
    if (name === "slow") {
      // a monitor search that takes 20 s on the backend
      return later(res, 20_000, () => json(res, 200, [], rate));
    }
    let monitors = ddMonitors.filter((mon) => mon.name.toLowerCase().includes(name));
    if (states.length) monitors = monitors.filter((mon) => states.includes(mon.overall_state.toLowerCase()));
    return json(res, 200, monitors, rate);
  }
  if (route === "/api/v1/query") {
    const query = url.searchParams.get("query") ?? "";
    const from = Number(url.searchParams.get("from"));
    const to = Number(url.searchParams.get("to"));
    if (!/^[a-z0-9_]+:[a-z0-9_.]+\{[^{}]*\}(\s*by\s*\{[^{}]*\})?(\.[a-z_]+\([^()]*\))*$/.test(query)) {
      return json(
        res,
        400,
        ddErr(
          `Error parsing query: \n unable to parse ${query}: Rule 'scope_expr' didn't match at '${query.slice(query.indexOf("{"))}' (line 1, column ${query.indexOf("{") + 1}).`,
        ),
        rate,
      );
    }
    if (to - from > 400 * 86_400) {
      return json(
        res,
        200,
        {
          status: "error",
          res_type: "time_series",
          resp_version: 1,
          query,
          from_date: from * 1000,
          to_date: to * 1000,
          series: [],
          values: [],
          times: [],
          message: "",
          error:
            "Query timed out: the requested time range is too large for this query; narrow the time range or add a rollup.",
          group_by: [],
        },
        rate,
      );
    }
    return json(
      res,
      200,
      {
        status: "ok",
        res_type: "time_series",
        resp_version: 1,
        query,
        from_date: from * 1000,
        to_date: to * 1000,
        series: [
          {
            metric: "trace.http.request.duration",
            display_name: "trace.http.request.duration",
            aggr: "avg",
            scope: "env:prod,service:payments-api",
            expression: query,
            interval: 600,
            length: 3,
            start: (to - 1800) * 1000,
            end: to * 1000,
            pointlist: [
              [(to - 1800) * 1000, 0.184],
              [(to - 1200) * 1000, 2.398],
              [(to - 600) * 1000, 2.412],
            ],
            unit: [
              { family: "time", scale_factor: 1, name: "second", short_name: "s", plural: "seconds", id: 11 },
              null,
            ],
            tag_set: [],
            query_index: 0,
          },
        ],
        values: [],
        times: [],
        message: "",
        group_by: [],
      },
      rate,
    );
  }
  if (route === "/api/v2/logs/events/search" && req.method === "POST") {
    const request = JSON.parse(body || "{}") as { filter?: { query?: string }; page?: { limit?: number } };
    const query = request.filter?.query ?? "";
    if (query.includes("status:critical")) {
      // the logs search budget is spent: Datadog's edge answers 429 with an HTML page
      return html(res, 429, DD_RATE_LIMIT_PAGE, {
        "x-ratelimit-limit": "300",
        "x-ratelimit-period": "3600",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": "1514",
      });
    }
    if (/index:[a-z]+/.test(query) && !query.includes("index:main")) {
      const index = /index:([a-z]+)/.exec(query)?.[1] ?? "";
      return json(res, 200, {
        data: [],
        meta: {
          elapsed: 23,
          request_id: "pddv1ChZUOVJWdmdSWlRjMnM1N2ZqeTdkSVZ3Ii0KHZFwdzZ3",
          status: "done",
          warnings: [
            {
              code: "unknown_index",
              title:
                "One or several indexes are missing or invalid, results hold data from the other indexes",
              detail: `indexes: ${index}`,
            },
          ],
        },
        links: {},
      });
    }
    return json(res, 200, {
      data: [
        {
          id: "AgAAAZKs3i0b9mUAAAAAAAAAGAAAAABBWktzM2kwYkFBQmtUSE1UUnNQZ2lnQUEAAAAkMDE5MmFjZGUtMmQxYi00",
          type: "log",
          attributes: {
            timestamp: "2025-11-14T05:11:52.913Z",
            service: "payments-api",
            status: "error",
            host: "i-0a1b2c3d4e5f60718",
            message: "charge failed: upstream timeout after 30000ms (gateway=adyen)",
            tags: ["env:prod", "team:payments", "region:eu-west-1"],
            attributes: { http: { status_code: 504 }, order_id: 88412 },
          },
        },
      ],
      meta: { elapsed: 118, request_id: "pddv1ChZNQTh0UkRXZlRuLU9mYlVjVmFXRlJRIi0KHQ", status: "done" },
      links: {},
    });
  }
  if (route === "/api/v1/downtime" && req.method === "GET") {
    return json(res, 200, [], rate);
  }
  if (route === "/api/v1/downtime" && req.method === "POST") {
    // the application key's role lacks the monitors_downtime permission
    return json(res, 403, ddErr("Forbidden"), rate);
  }
  if ((m = /^\/api\/v1\/downtime\/(\d+)$/.exec(route)) && req.method === "DELETE") {
    return json(res, 404, ddErr("Downtime not found"), rate);
  }
  if (route === "/api/v1/hosts") {
    return html(res, 502, DD_LB_PAGE);
  }
  return json(res, 404, ddErr("Not found"));
};

export const ldStandin = serve(LD_PORT, launchDarkly);
export const rbStandin = serve(RB_PORT, rollbar);
export const dtStandin = serve(DT_PORT, dynatrace);
export const ddStandin = serve(DD_PORT, datadog, true);
