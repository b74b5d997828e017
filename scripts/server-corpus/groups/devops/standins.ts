// Loopback stand-ins for the APIs behind the devops group's servers: Argo CD (its gRPC-gateway
// REST API), Elasticsearch, CircleCI and Prometheus. Each answers from fixed data, with the error bodies the
// real service sends (grpc-gateway `{error, code, message}` with gRPC status numbers, Elasticsearch
// `{error: {root_cause, type, reason}, status}`, CircleCI `{message}`, Prometheus `{status: "error", errorType, error}`), on 127.0.0.1
// only.

import http from "node:http";

export const PORTS = {
  mariadb: 38251,
  argocd: 38252,
  elastic: 38253,
  circleci: 38254,
  prometheus: 38255,
  argocdMcp: 38260,
  /** Nothing ever listens here. */
  closed: 38299,
};

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: string) => void;

export interface StandIn {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

function json(
  res: http.ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(value));
}

function standIn(port: number, handle: Handler): StandIn {
  let server: http.Server | undefined;
  const sockets = new Set<import("node:net").Socket>();
  return {
    url: `http://127.0.0.1:${port}`,
    start: () =>
      new Promise((resolve, reject) => {
        const created = http.createServer((req, res) => {
          const chunks: Buffer[] = [];
          req.on("data", (chunk: Buffer) => chunks.push(chunk));
          req.on("end", () => {
            const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
            try {
              handle(req, res, url, Buffer.concat(chunks).toString("utf8"));
            } catch (error) {
              json(res, 500, { message: (error as Error).message });
            }
          });
        });
        created.on("connection", (socket) => {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
        });
        created.once("error", reject);
        created.listen(port, "127.0.0.1", () => {
          server = created;
          resolve();
        });
      }),
    stop: () =>
      new Promise((resolve) => {
        if (!server) return resolve();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
        server = undefined;
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// Argo CD. Errors come from grpc-gateway: HTTP status mapped from the gRPC code, body
// {"error": msg, "code": <grpc code number>, "message": msg}.

export const ARGOCD_TOKEN = "argocd-corpus-token";
export const ARGOCD_EXPIRED_TOKEN = "argocd-expired-token";

function grpcError(res: http.ServerResponse, status: number, code: number, message: string) {
  json(res, status, { error: message, code, message });
}

const app = (name: string, project: string, sync: string, health: string, namespace: string) => ({
  metadata: {
    name,
    namespace: "argocd",
    labels: { team: "platform" },
    creationTimestamp: "2026-11-02T09:14:05Z",
    resourceVersion: "48213",
    uid: `0b6c${name.length}f2e-5d1a-4c3e-9a77-1f0e2b3c4d5e`,
  },
  spec: {
    project,
    source: {
      repoURL: "https://git.example.test/acme/deploy.git",
      path: `apps/${name}`,
      targetRevision: "main",
    },
    destination: { server: "https://kubernetes.default.svc", namespace },
    syncPolicy: { automated: { prune: true, selfHeal: false } },
  },
  status: {
    sync: { status: sync, revision: "9f3c2a1b7e6d5c4b3a291807f6e5d4c3b2a19080" },
    health: { status: health },
    summary: { images: [`registry.example.test/acme/${name}:1.8.2`] },
    operationState:
      name === "payments"
        ? { phase: "Running", message: "waiting for healthy state of apps/Deployment/payments" }
        : undefined,
  },
});

const APPS = [
  app("guestbook", "default", "Synced", "Healthy", "guestbook"),
  app("payments", "finance", "OutOfSync", "Progressing", "payments"),
  app("search-api", "default", "Synced", "Degraded", "search"),
];

const TREE = {
  nodes: [
    {
      group: "apps",
      version: "v1",
      kind: "Deployment",
      namespace: "guestbook",
      name: "guestbook-ui",
      health: { status: "Healthy" },
    },
    {
      group: "apps",
      version: "v1",
      kind: "ReplicaSet",
      namespace: "guestbook",
      name: "guestbook-ui-6d5c8f7b9",
      parentRefs: [{ group: "apps", kind: "Deployment", namespace: "guestbook", name: "guestbook-ui" }],
      health: { status: "Healthy" },
    },
    {
      version: "v1",
      kind: "Service",
      namespace: "guestbook",
      name: "guestbook-ui",
      health: { status: "Healthy" },
    },
  ],
};

export const argocd = standIn(PORTS.argocd, (req, res, url, body) => {
  const auth = req.headers.authorization ?? "";
  if (auth === `Bearer ${ARGOCD_EXPIRED_TOKEN}`) {
    return grpcError(res, 401, 16, "invalid session: token has invalid claims: token is expired");
  }
  if (auth !== `Bearer ${ARGOCD_TOKEN}`) return grpcError(res, 401, 16, "no session information");
  const parts = url.pathname.split("/").filter(Boolean); // api v1 applications <name> <sub>
  if (parts[0] !== "api" || parts[1] !== "v1") {
    res.writeHead(404, { "content-type": "text/plain" });
    return res.end("404 page not found\n");
  }
  if (parts[2] === "applications") {
    const name = parts[3];
    if (!name && req.method === "GET") {
      const search = url.searchParams.get("search") ?? "";
      const items = APPS.filter((item) => item.metadata.name.includes(search));
      return json(res, 200, { metadata: { resourceVersion: "48230" }, items: items.length ? items : null });
    }
    const found = APPS.find((item) => item.metadata.name === name);
    if (name === "ledger") {
      // The API server's backend (the application controller's cache) is not answering.
      res.writeHead(503, { "content-type": "text/html" });
      return res.end(
        "<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n",
      );
    }
    if (name === "billing") {
      // Argo CD's API server rate limiter in front of the ingress.
      return json(
        res,
        429,
        { error: "too many requests", code: 8, message: "too many requests" },
        { "retry-after": "30" },
      );
    }
    if (!found) return grpcError(res, 404, 5, `applications.argoproj.io "${name}" not found`);
    const sub = parts[4];
    if (!sub && req.method === "GET") return json(res, 200, found);
    if (sub === "resource-tree") return json(res, 200, name === "guestbook" ? TREE : { nodes: [] });
    if (sub === "events") return json(res, 200, { metadata: {}, items: [] });
    if (sub === "sync" && req.method === "POST") {
      const request = JSON.parse(body || "{}") as { revision?: string };
      if (found.spec.project === "finance") {
        return grpcError(
          res,
          403,
          7,
          `permission denied: applications, sync, finance/${name}, sub: corpus-bot, iat: 2026-12-05T08:00:00Z`,
        );
      }
      if (request.revision && !/^[0-9a-f]{7,40}$|^main$|^v\d/.test(request.revision)) {
        return grpcError(
          res,
          400,
          3,
          `application spec for ${name} is invalid: InvalidSpecError: Unable to generate manifests in apps/${name}: rpc error: code = Unknown desc = unable to resolve '${request.revision}' to a commit SHA`,
        );
      }
      if (name === "search-api") {
        return grpcError(res, 400, 9, "another operation is already in progress");
      }
      return json(res, 200, {
        ...found,
        operation: {
          sync: { revision: request.revision ?? "main" },
          initiatedBy: { username: "corpus-bot" },
        },
      });
    }
    return grpcError(res, 501, 12, "Method Not Allowed");
  }
  if (parts[2] === "clusters") {
    return json(res, 200, {
      metadata: {},
      items: [
        {
          server: "https://kubernetes.default.svc",
          name: "in-cluster",
          connectionState: { status: "Successful", attemptedAt: "2026-12-05T21:00:00Z" },
          serverVersion: "1.31",
          info: { applicationsCount: 3, serverVersion: "1.31" },
        },
      ],
    });
  }
  if (parts[2] === "projects") {
    const name = parts[3] ?? "";
    if (name === "default" || name === "finance") {
      return json(res, 200, {
        metadata: { name, namespace: "argocd" },
        spec: {
          sourceRepos: ["*"],
          destinations: [{ server: "*", namespace: name === "finance" ? "payments" : "*" }],
        },
      });
    }
    return grpcError(res, 404, 5, `appprojects.argoproj.io "${name}" not found`);
  }
  return grpcError(res, 404, 5, "Not Found");
});

// ---------------------------------------------------------------------------------------------
// Elasticsearch 9: the product header on every answer, `_cat` as JSON, errors as
// {"error": {"root_cause": [...], "type", "reason", ...}, "status": N}.

const ES_HEADERS = { "x-elastic-product": "Elasticsearch" };
export const ES_API_KEY = "ZXMtY29ycHVzOmtleQ==";
export const ES_REVOKED_KEY = "cmV2b2tlZDprZXk=";

function esError(
  res: http.ServerResponse,
  status: number,
  type: string,
  reason: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const cause = { type, reason, ...extra };
  json(res, status, { error: { root_cause: [cause], ...cause }, status }, { ...ES_HEADERS, ...headers });
}

interface Doc {
  [field: string]: string | number;
}

const INDICES: Record<string, { mappings: Record<string, { type: string }>; docs: Doc[] }> = {
  "logs-checkout": {
    mappings: {
      "@timestamp": { type: "date" },
      level: { type: "keyword" },
      service: { type: "keyword" },
      message: { type: "text" },
    },
    docs: [
      {
        "@timestamp": "2026-12-05T20:01:13Z",
        level: "error",
        service: "checkout",
        message: "payment gateway timeout after 30s",
      },
      {
        "@timestamp": "2026-12-05T20:01:40Z",
        level: "info",
        service: "checkout",
        message: "order 8812 placed",
      },
      {
        "@timestamp": "2026-12-05T20:02:05Z",
        level: "warn",
        service: "checkout",
        message: "retrying payment gateway call",
      },
      {
        "@timestamp": "2026-12-05T20:03:55Z",
        level: "info",
        service: "checkout",
        message: "order 8813 placed",
      },
    ],
  },
  "metrics-node": {
    mappings: { "@timestamp": { type: "date" }, host: { type: "keyword" }, cpu: { type: "float" } },
    docs: [
      { "@timestamp": "2026-12-05T20:00:00Z", host: "node-1", cpu: 0.42 },
      { "@timestamp": "2026-12-05T20:00:00Z", host: "node-2", cpu: 0.91 },
    ],
  },
  "audit-2026": { mappings: { user: { type: "keyword" }, action: { type: "keyword" } }, docs: [] },
};

function matches(doc: Doc, query: Record<string, unknown>): boolean | string {
  const [kind, spec] = Object.entries(query)[0] ?? ["match_all", {}];
  if (kind === "match_all") return true;
  if (kind === "match" || kind === "term") {
    const [field, raw] = Object.entries(spec as Record<string, unknown>)[0] ?? [];
    const wanted = String(typeof raw === "object" && raw !== null ? (raw as { query?: unknown }).query : raw);
    const value = field ? doc[field] : undefined;
    if (value === undefined) return false;
    return kind === "term"
      ? String(value) === wanted
      : wanted
          .toLowerCase()
          .split(/\s+/)
          .some((word) => String(value).toLowerCase().split(/\W+/).includes(word));
  }
  return `unknown query [${kind}]`;
}

export const elastic = standIn(PORTS.elastic, (req, res, url, body) => {
  const auth = req.headers.authorization ?? "";
  if (auth === `ApiKey ${ES_REVOKED_KEY}`) {
    return esError(
      res,
      401,
      "security_exception",
      "unable to authenticate with provided credentials and anonymous access is not allowed for this request",
      { additional_unsuccessful_credentials: "API key: api key [cmV2b2tlZA] has been invalidated" },
      { "www-authenticate": 'ApiKey, Basic realm="security" charset="UTF-8"' },
    );
  }
  if (auth !== `ApiKey ${ES_API_KEY}`) {
    return esError(
      res,
      401,
      "security_exception",
      "missing authentication credentials for REST request [/]",
      {},
      {
        "www-authenticate": 'Basic realm="security" charset="UTF-8", ApiKey',
      },
    );
  }
  const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  const resolve = (pattern: string) => {
    const names = Object.keys(INDICES);
    return pattern === "*" || pattern === "_all"
      ? names
      : names.filter((name) => new RegExp(`^${pattern.replace(/\*/g, ".*")}$`).test(name));
  };
  if (parts[0] === "_cat" && parts[1] === "indices") {
    const pattern = parts[2] ?? "*";
    if (pattern.startsWith("archive-")) {
      // The frozen tier: the answer takes 10 s.
      setTimeout(() => json(res, 200, [], ES_HEADERS), 10_000);
      return;
    }
    const names = resolve(pattern);
    if (!names.length && !pattern.includes("*")) {
      return esError(res, 404, "index_not_found_exception", `no such index [${pattern}]`, {
        "resource.type": "index_or_alias",
        "resource.id": pattern,
        index_uuid: "_na_",
        index: pattern,
      });
    }
    return json(
      res,
      200,
      names.map((name) => ({
        health: name === "audit-2026" ? "yellow" : "green",
        status: "open",
        index: name,
        uuid: `u-${name}`,
        pri: "1",
        rep: name === "audit-2026" ? "1" : "0",
        "docs.count": String(INDICES[name]!.docs.length),
        "store.size": "12kb",
      })),
      ES_HEADERS,
    );
  }
  if (parts[0] === "_cat" && parts[1] === "shards") {
    const names = resolve(parts[2] ?? "*");
    return json(
      res,
      200,
      names.flatMap((name) => [
        {
          index: name,
          shard: "0",
          prirep: "p",
          state: "STARTED",
          docs: String(INDICES[name]!.docs.length),
          store: "12kb",
          ip: "127.0.0.1",
          node: "es-node-1",
        },
        ...(name === "audit-2026"
          ? [
              {
                index: name,
                shard: "0",
                prirep: "r",
                state: "UNASSIGNED",
                docs: null,
                store: null,
                ip: null,
                node: null,
              },
            ]
          : []),
      ]),
      ES_HEADERS,
    );
  }
  const index = parts[0] ?? "";
  if (index === "traces-apm") {
    // The cluster lost its master: every request on this index is refused with a cluster block.
    return esError(res, 503, "cluster_block_exception", "blocked by: [SERVICE_UNAVAILABLE/2/no master];");
  }
  if (index === "billing-ledger") {
    return esError(
      res,
      403,
      "security_exception",
      "action [indices:admin/mappings/get] is unauthorized for API key id [pX0c8ZMBs] of user [corpus-agent] on indices [billing-ledger], this action is granted by the index privileges [view_index_metadata,manage,all]",
    );
  }
  const target = INDICES[index];
  if (!target) {
    return esError(res, 404, "index_not_found_exception", `no such index [${index}]`, {
      "resource.type": "index_or_alias",
      "resource.id": index,
      index_uuid: "_na_",
      index,
    });
  }
  if (parts[1] === "_mapping") {
    return json(res, 200, { [index]: { mappings: { properties: target.mappings } } }, ES_HEADERS);
  }
  if (parts[1] === "_search") {
    const request = JSON.parse(body || "{}") as {
      query?: Record<string, unknown>;
      size?: number;
      from?: number;
      sort?: unknown;
    };
    if (index === "metrics-node" && request.size === 7) {
      // Hot threads: the search thread pool's queue is full.
      return esError(
        res,
        429,
        "es_rejected_execution_exception",
        "rejected execution of org.elasticsearch.action.search.SearchTask on EsThreadPoolExecutor[name = es-node-1/search, queue capacity = 1000, task execution stats = [queued tasks = 1000, active threads = 13]]",
      );
    }
    const size = request.size ?? 10;
    const from = request.from ?? 0;
    if (size < 0) {
      return esError(
        res,
        400,
        "illegal_argument_exception",
        `[size] parameter cannot be negative, found [${size}]`,
      );
    }
    if (from + size > 10000) {
      const reason = `Result window is too large, from + size must be less than or equal to: [10000] but was [${from + size}]. See the scroll api for a more efficient way to request large data sets. This limit can be set by changing the [index.max_result_window] index level setting.`;
      json(
        res,
        400,
        {
          error: {
            root_cause: [{ type: "illegal_argument_exception", reason }],
            type: "search_phase_execution_exception",
            reason: "all shards failed",
            phase: "query",
            grouped: true,
            failed_shards: [
              { shard: 0, index, node: "es-node-1", reason: { type: "illegal_argument_exception", reason } },
            ],
            caused_by: { type: "illegal_argument_exception", reason },
          },
          status: 400,
        },
        ES_HEADERS,
      );
      return;
    }
    if (request.sort !== undefined) {
      const field = JSON.stringify(request.sort).match(/"?([\w@.]+)"?/)?.[1] ?? "";
      if (target.mappings[field]?.type === "text") {
        const reason = `Text fields are not optimised for operations that require per-document field data like aggregations and sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, set fielddata=true on [${field}] in order to load field data by uninverting the inverted index. Note that this can use significant memory.`;
        json(
          res,
          400,
          {
            error: {
              root_cause: [{ type: "illegal_argument_exception", reason }],
              type: "search_phase_execution_exception",
              reason: "all shards failed",
              phase: "query",
              grouped: true,
              caused_by: { type: "illegal_argument_exception", reason },
            },
            status: 400,
          },
          ES_HEADERS,
        );
        return;
      }
    }
    const hits: Doc[] = [];
    for (const doc of target.docs) {
      const hit = matches(doc, request.query ?? { match_all: {} });
      if (typeof hit === "string") {
        return esError(res, 400, "parsing_exception", hit, { line: 1, col: 11 });
      }
      if (hit) hits.push(doc);
    }
    const page = hits.slice(from, from + size);
    return json(
      res,
      200,
      {
        took: 3,
        timed_out: false,
        _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
        hits: {
          total: { value: hits.length, relation: "eq" },
          max_score: page.length ? 1.0 : null,
          hits: page.map((doc, i) => ({
            _index: index,
            _id: `${index}-${from + i + 1}`,
            _score: 1.0,
            _source: doc,
          })),
        },
      },
      ES_HEADERS,
    );
  }
  return esError(res, 405, "illegal_argument_exception", `Incorrect HTTP method for uri [${url.pathname}]`);
});

// ---------------------------------------------------------------------------------------------
// CircleCI API v2 (and the private /me/followed-projects): errors are {"message": "..."}.

export const CIRCLECI_TOKEN = "circleci-corpus-token";
export const CIRCLECI_REVOKED_TOKEN = "circleci-revoked-token";

const PROJECT = "gh/acme/storefront";
const WF_FAILED = "5b0e3f5c-1d2a-4b8e-9c1f-0a2b3c4d5e6f";
const WF_OK = "7c1d2e3f-4a5b-4c6d-8e9f-a0b1c2d3e4f5";
const WF_HELD = "9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a";

export const CIRCLECI_IDS = {
  project: PROJECT,
  failedWorkflow: WF_FAILED,
  okWorkflow: WF_OK,
  heldWorkflow: WF_HELD,
};

const workflow = (id: string, name: string, status: string, pipeline: string, number: number) => ({
  id,
  name,
  status,
  created_at: "2026-12-05T19:40:00Z",
  stopped_at: status === "running" ? null : "2026-12-05T19:52:31Z",
  pipeline_number: number,
  project_slug: PROJECT,
  pipeline_id: pipeline,
});

const WORKFLOWS: Record<string, ReturnType<typeof workflow>> = {
  [WF_FAILED]: workflow(WF_FAILED, "build-and-test", "failed", "p-1042", 1042),
  [WF_OK]: workflow(WF_OK, "build-and-test", "success", "p-1041", 1041),
  [WF_HELD]: workflow(WF_HELD, "deploy-prod", "on_hold", "p-1040", 1040),
};

export const circleci = standIn(PORTS.circleci, (req, res, url, body) => {
  const token = req.headers["circle-token"];
  if (token === CIRCLECI_REVOKED_TOKEN || token !== CIRCLECI_TOKEN) {
    return json(res, 401, { message: "You must log in first." });
  }
  const path = url.pathname;
  if (path === "/api/private/me/followed-projects") {
    return json(res, 200, {
      items: [
        { name: "storefront", slug: PROJECT, vcs_type: "github" },
        { name: "inventory-service", slug: "gh/acme/inventory-service", vcs_type: "github" },
      ],
      next_page_token: null,
    });
  }
  let match = path.match(/^\/api\/v2\/project\/(.+)\/pipeline$/);
  if (match) {
    const slug = match[1]!;
    if (slug === "gh/acme/checkout") {
      return json(res, 429, { message: "Rate limit exceeded" }, { "retry-after": "42" });
    }
    if (slug === "gh/acme/legacy-billing") {
      res.writeHead(502, { "content-type": "text/html" });
      return res.end(
        "<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>",
      );
    }
    if (slug !== PROJECT && slug !== "gh/acme/inventory-service") {
      return json(res, 404, { message: "Project not found" });
    }
    const branch = url.searchParams.get("branch");
    const items =
      slug === PROJECT && (branch === "main" || branch === null)
        ? [
            {
              id: "p-1042",
              project_slug: PROJECT,
              number: 1042,
              state: "created",
              created_at: "2026-12-05T19:40:00Z",
            },
            {
              id: "p-1041",
              project_slug: PROJECT,
              number: 1041,
              state: "created",
              created_at: "2026-12-05T18:02:00Z",
            },
          ]
        : [];
    return json(res, 200, { items, next_page_token: null });
  }
  match = path.match(/^\/api\/v2\/pipeline\/([^/]+)\/workflow$/);
  if (match) {
    const items = Object.values(WORKFLOWS).filter((item) => item.pipeline_id === match![1]);
    return json(res, 200, { items, next_page_token: null });
  }
  match = path.match(/^\/api\/v2\/workflow\/([^/]+)(\/rerun|\/job)?$/);
  if (match) {
    const id = match[1]!;
    if (!/^[0-9a-f-]{36}$/.test(id)) return json(res, 404, { message: "Workflow not found" });
    const found = WORKFLOWS[id];
    if (!found) return json(res, 404, { message: "Workflow not found" });
    if (match[2] === "/rerun") {
      const request = JSON.parse(body || "{}") as { from_failed?: boolean };
      if (found.status === "on_hold") {
        return json(res, 400, { message: "Cannot rerun a workflow that is on hold." });
      }
      if (request.from_failed && found.status !== "failed") {
        return json(res, 400, { message: "Workflow did not fail; cannot rerun from failed." });
      }
      return json(res, 202, { workflow_id: "2f4e6a8c-0b1d-4e3f-a5b7-c9d1e3f5a7b9" });
    }
    if (match[2] === "/job") {
      return json(res, 200, {
        items: [
          { job_number: 88121, id: "j-1", name: "build", status: "success" },
          {
            job_number: 88122,
            id: "j-2",
            name: "test",
            status: found.status === "failed" ? "failed" : "success",
          },
        ],
        next_page_token: null,
      });
    }
    return json(res, 200, found);
  }
  match = path.match(/^\/api\/v2\/project\/(.+)\/(\d+)\/(tests|artifacts)$/);
  if (match) {
    const [, slug, job, kind] = match;
    if (slug !== PROJECT) return json(res, 404, { message: "Project not found" });
    if (job !== "88121" && job !== "88122") return json(res, 404, { message: "Job not found" });
    if (kind === "artifacts") {
      return json(res, 200, {
        items:
          job === "88122"
            ? [
                {
                  path: "reports/junit.xml",
                  node_index: 0,
                  url: "https://output.example.test/88122/0/reports/junit.xml",
                },
              ]
            : [],
        next_page_token: null,
      });
    }
    return json(res, 200, {
      items:
        job === "88122"
          ? [
              {
                message: "expected 200, got 502 from /api/pay",
                run_time: 1.42,
                file: "test/checkout.test.ts",
                result: "failure",
                name: "checkout > pays with a saved card",
                classname: "checkout",
              },
              {
                message: "",
                run_time: 0.31,
                file: "test/cart.test.ts",
                result: "success",
                name: "cart > adds an item",
                classname: "cart",
              },
            ]
          : [],
      next_page_token: null,
    });
  }
  match = path.match(/^\/api\/v2\/insights\/(.+)\/flaky-tests$/);
  if (match) {
    if (match[1] === "gh/acme/inventory-service") {
      return json(res, 200, { flaky_tests: [], total_flaky_tests: 0 });
    }
    if (match[1] === "gh/acme/checkout") {
      return json(res, 500, { message: "Internal server error" });
    }
    if (match[1] !== PROJECT) return json(res, 404, { message: "Project not found" });
    return json(res, 200, {
      flaky_tests: [
        {
          job_number: 88122,
          test_name: "checkout > pays with a saved card",
          classname: "checkout",
          file: "test/checkout.test.ts",
          job_name: "test",
          workflow_name: "build-and-test",
          times_flaked: 6,
          pipeline_number: 1042,
          source: "test/checkout.test.ts",
        },
      ],
      total_flaky_tests: 1,
    });
  }
  if (path === "/api/v2/compile-config-with-defaults") {
    const request = JSON.parse(body || "{}") as { config_yaml?: string };
    const yaml = request.config_yaml ?? "";
    if (!/^version:/m.test(yaml)) {
      return json(res, 200, {
        valid: false,
        errors: [
          {
            message:
              "config compilation contains errors: Config does not conform to schema: {:version missing-required}",
          },
        ],
        "output-yaml": "",
        "source-yaml": yaml,
      });
    }
    return json(res, 200, { valid: true, errors: [], "output-yaml": yaml, "source-yaml": yaml });
  }
  return json(res, 404, { message: "Not found" });
});

// ---------------------------------------------------------------------------------------------
// Prometheus HTTP API v1: {"status": "success", "data": ...}; errors as
// {"status": "error", "errorType": "bad_data" | "execution" | "timeout", "error": "..."} with
// 400 / 422 / 503. A few PromQL expressions are known; anything else is a parse error.

const NOW = 1796508000;

function prom(res: http.ServerResponse, data: unknown, warnings?: string[]) {
  json(res, 200, { status: "success", data, ...(warnings ? { warnings } : {}) });
}

function promError(res: http.ServerResponse, status: number, errorType: string, error: string) {
  json(res, status, { status: "error", errorType, error });
}

const vector = (result: { metric: Record<string, string>; value: string }[]) => ({
  resultType: "vector",
  result: result.map((item) => ({ metric: item.metric, value: [NOW, item.value] })),
});

const QUERIES: Record<string, (res: http.ServerResponse) => void> = {
  up: (res) =>
    prom(
      res,
      vector([
        { metric: { __name__: "up", instance: "checkout-1:9100", job: "checkout" }, value: "1" },
        { metric: { __name__: "up", instance: "checkout-2:9100", job: "checkout" }, value: "1" },
        { metric: { __name__: "up", instance: "kafka-0:7071", job: "kafka" }, value: "0" },
      ]),
    ),
  'sum by (status) (rate(http_requests_total{job="checkout"}[5m]))': (res) =>
    prom(
      res,
      vector([
        { metric: { status: "200" }, value: "41.2" },
        { metric: { status: "502" }, value: "0.35" },
      ]),
    ),
  'http_requests_total{job="payments"}': (res) => prom(res, { resultType: "vector", result: [] }),
  'sum(rate(http_requests_total{job="batch",status=~"5.."}[5m])) / sum(rate(http_requests_total{job="batch"}[5m]))':
    (res) => prom(res, vector([{ metric: {}, value: "NaN" }])),
  "http_requests_total / on(instance) node_cpu_seconds_total": (res) =>
    promError(
      res,
      422,
      "execution",
      'found duplicate series for the match group {instance="checkout-1:9100"} on the right hand-side of the operation: [{__name__="node_cpu_seconds_total", cpu="0", instance="checkout-1:9100", job="node", mode="idle"}, {__name__="node_cpu_seconds_total", cpu="1", instance="checkout-1:9100", job="node", mode="idle"}];many-to-many matching not allowed: matching labels must be unique on one side',
    ),
  'quantile_over_time(0.99, http_request_duration_seconds{job="checkout"}[90d])': (res) =>
    promError(res, 503, "timeout", "query timed out in expression evaluation"),
  'count by (__name__) ({__name__=~".+"})': (res) => {
    // The query frontend in front of Prometheus sheds load.
    res.writeHead(429, { "content-type": "text/plain; charset=utf-8", "retry-after": "15" });
    res.end("too many outstanding requests\n");
  },
};

export const prometheus = standIn(PORTS.prometheus, (_req, res, url) => {
  const path = url.pathname;
  const params = url.searchParams;
  if (path === "/api/v1/query" || path === "/api/v1/query_range") {
    const query = params.get("query") ?? "";
    if (path === "/api/v1/query_range") {
      for (const name of ["start", "end"]) {
        const value = params.get(name) ?? "";
        if (!/^\d+(\.\d+)?$/.test(value) && Number.isNaN(Date.parse(value))) {
          return promError(
            res,
            400,
            "bad_data",
            `invalid parameter "${name}": cannot parse "${value}" to a valid timestamp`,
          );
        }
      }
      const toSeconds = (value: string) =>
        /^\d/.test(value) && !value.includes("-") ? Number(value) : Date.parse(value) / 1000;
      const step =
        Number.parseFloat(params.get("step") ?? "0") * ((params.get("step") ?? "").endsWith("m") ? 60 : 1);
      const span = toSeconds(params.get("end") ?? "") - toSeconds(params.get("start") ?? "");
      if (step > 0 && span / step > 11000) {
        return promError(
          res,
          400,
          "bad_data",
          "exceeded maximum resolution of 11,000 points per timeseries. Try decreasing the query resolution (?step=XX)",
        );
      }
      if (query === "up") {
        const values = Array.from({ length: 5 }, (_, i) => [NOW - 240 + i * 60, "1"]);
        return prom(res, {
          resultType: "matrix",
          result: [{ metric: { __name__: "up", instance: "checkout-1:9100", job: "checkout" }, values }],
        });
      }
    }
    const answer = QUERIES[query];
    if (answer) return answer(res);
    if (query.split("(").length !== query.split(")").length) {
      return promError(res, 400, "bad_data", `1:${query.length + 1}: parse error: unclosed left parenthesis`);
    }
    return promError(
      res,
      400,
      "bad_data",
      `1:1: parse error: unexpected identifier "${query.split(/\s/)[0]}"`,
    );
  }
  if (path === "/api/v1/metadata") {
    const metric = params.get("metric") ?? "";
    const known: Record<string, unknown> = {
      http_requests_total: [{ type: "counter", help: "Total HTTP requests by status.", unit: "" }],
    };
    return prom(res, metric in known ? { [metric]: known[metric] } : {});
  }
  if (path === "/api/v1/label/__name__/values") {
    return prom(res, [
      "http_request_duration_seconds_bucket",
      "http_requests_total",
      "node_cpu_seconds_total",
      "up",
    ]);
  }
  if (path === "/api/v1/labels") return prom(res, ["__name__", "instance", "job", "status"]);
  const label = path.match(/^\/api\/v1\/label\/([^/]+)\/values$/);
  if (label) return prom(res, decodeURIComponent(label[1]!) === "job" ? ["checkout", "kafka", "node"] : []);
  if (path === "/api/v1/targets") {
    const pool = params.get("scrapePool");
    const targets = [
      {
        discoveredLabels: { __address__: "checkout-1:9100" },
        labels: { instance: "checkout-1:9100", job: "checkout" },
        scrapePool: "checkout",
        scrapeUrl: "http://checkout-1:9100/metrics",
        lastError: "",
        lastScrape: "2026-12-05T21:59:51Z",
        health: "up",
      },
      {
        discoveredLabels: { __address__: "kafka-0:7071" },
        labels: { instance: "kafka-0:7071", job: "kafka" },
        scrapePool: "kafka",
        scrapeUrl: "http://kafka-0:7071/metrics",
        lastError: 'Get "http://kafka-0:7071/metrics": context deadline exceeded',
        lastScrape: "2026-12-05T21:59:48Z",
        health: "down",
      },
    ];
    return prom(res, {
      activeTargets: pool ? targets.filter((target) => target.scrapePool === pool) : targets,
      droppedTargets: [],
      droppedTargetCounts: pool ? {} : { checkout: 0, kafka: 0 },
    });
  }
  if (path === "/api/v1/status/buildinfo") {
    return prom(res, {
      version: "3.5.0",
      revision: "8be3a9560fbdd18a94dedec4b747c35178177202",
      branch: "HEAD",
      buildUser: "root@prometheus-build",
      buildDate: "20250714-16:15:23",
      goVersion: "go1.24.5",
    });
  }
  if (path === "/api/v1/status/runtimeinfo") {
    // The reverse proxy in front of Prometheus keeps /status to admins.
    res.writeHead(403, { "content-type": "text/plain; charset=utf-8" });
    return res.end("Forbidden\n");
  }
  res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
  res.end("404 page not found\n");
});
