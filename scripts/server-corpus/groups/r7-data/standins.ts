// The loopback stand-ins behind this group's servers, each on its own port so one can be stopped
// (an unreachable backend) while the others keep answering:
//   38900  MongoDB (wire protocol, mongo.ts)
//   38901  FalkorDB (RESP, falkor.ts)
//   38902  Firestore (gRPC, firestore.ts)
//   38903  Elasticsearch (REST, below)
//   38904  the FalkorDB MCP server itself over Streamable HTTP (not a stand-in)
//   38949  nothing listens there (connection refused)
// Each answers with the real service's bodies, statuses and error texts. `state` objects are
// switched by the sessions' hooks.

import http from "node:http";
import { createFalkorStandin } from "./falkor.js";
import { createFirestoreStandin } from "./firestore.js";
import { createMongoStandin } from "./mongo.js";

export { falkorState } from "./falkor.js";
export { firestoreState, PROJECT as FIRESTORE_PROJECT, resetFirestore } from "./firestore.js";
export { resetMongo } from "./mongo.js";

export const MONGO_PORT = 38900;
export const FALKOR_PORT = 38901;
export const FIRESTORE_PORT = 38902;
export const ES_PORT = 38903;
export const FALKOR_MCP_PORT = 38904;
export const DEAD_PORT = 38949;
export const DATA = "/tmp/faultline-corpus-r7-data";

export const ES_API_KEY = "cjdkYXRhOnI3LWNvcnB1cy1zZWFyY2gta2V5";
export const FALKOR_MCP_KEY = "r7-falkor-mcp-key";

export const esState = {
  /** The API key has expired. */
  keyExpired: false,
  /** The search thread pool queue is full (429). */
  searchRejected: false,
  /** The cluster lost its master (503 cluster_block_exception). */
  noMaster: false,
};

// ---------------------------------------------------------------- Elasticsearch 8 (REST)

const ES_HEADERS = {
  "content-type": "application/vnd.elasticsearch+json;compatible-with=8",
  "x-elastic-product": "Elasticsearch",
};

function esJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { ...ES_HEADERS, ...headers });
  res.end(JSON.stringify(body));
}

function esError(
  res: http.ServerResponse,
  status: number,
  cause: Record<string, unknown>,
  top: Record<string, unknown> = cause,
  headers: Record<string, string> = {},
) {
  esJson(res, status, { error: { root_cause: [cause], ...top }, status }, headers);
}

const PRODUCTS_MAPPING = {
  properties: {
    sku: { type: "keyword" },
    name: { type: "text", fields: { keyword: { type: "keyword", ignore_above: 256 } } },
    description: { type: "text" },
    price: { type: "float" },
    in_stock: { type: "boolean" },
  },
};

const PRODUCTS = [
  {
    sku: "HNG-40",
    name: "Brass hinge 40mm",
    description: "Solid brass butt hinge for cabinet doors",
    price: 3.2,
    in_stock: true,
  },
  {
    sku: "HNG-60",
    name: "Brass hinge 60mm",
    description: "Solid brass butt hinge for interior doors",
    price: 4.1,
    in_stock: true,
  },
  {
    sku: "PUL-OAK",
    name: "Oak drawer pull",
    description: "Oiled oak pull, 96mm hole spacing",
    price: 7.5,
    in_stock: false,
  },
];

function notFound(index: string): Record<string, unknown> {
  return {
    type: "index_not_found_exception",
    reason: `no such index [${index}]`,
    "resource.type": "index_or_alias",
    "resource.id": index,
    index_uuid: "_na_",
    index,
  };
}

const INDICES = new Set(["products", "orders"]);

function handleEs(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const auth = req.headers.authorization ?? "";
  if (auth !== `ApiKey ${ES_API_KEY}` || esState.keyExpired) {
    const cause = {
      type: "security_exception",
      reason:
        "unable to authenticate with provided credentials and anonymous access is not allowed for this request",
      additional_unsuccessful_credentials: "API key: api key is expired",
      header: {
        "WWW-Authenticate": ['Basic realm="security", charset="UTF-8"', 'Bearer realm="security"', "ApiKey"],
      },
    };
    return esError(res, 401, cause, cause, { "WWW-Authenticate": "ApiKey" });
  }
  if (esState.noMaster) {
    const cause = {
      type: "cluster_block_exception",
      reason: "blocked by: [SERVICE_UNAVAILABLE/2/no master];",
    };
    return esError(res, 503, cause);
  }
  const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  const method = req.method ?? "GET";

  if (parts[0] === "_cluster" && parts[1] === "health") {
    return esJson(res, 200, {
      cluster_name: "r7-search",
      status: "yellow",
      timed_out: false,
      number_of_nodes: 1,
      number_of_data_nodes: 1,
      active_primary_shards: 2,
      active_shards: 2,
      relocating_shards: 0,
      initializing_shards: 0,
      unassigned_shards: 2,
      delayed_unassigned_shards: 0,
      number_of_pending_tasks: 0,
      number_of_in_flight_fetch: 0,
      task_max_waiting_in_queue_millis: 0,
      active_shards_percent_as_number: 50.0,
    });
  }
  if (parts[0] === "_cat" && parts[1] === "indices") {
    const pattern = parts[2] ?? "*";
    const re = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);
    const rows = [...INDICES].filter((i) => re.test(i));
    if (!pattern.includes("*") && rows.length === 0) return esError(res, 404, notFound(pattern));
    return esJson(
      res,
      200,
      rows.map((index) => ({
        health: "yellow",
        status: "open",
        index,
        uuid: index === "products" ? "q3KXy0aTRxG4N1vU2kq9Zw" : "7bWcLr2SQm2d0d7m1cD9hA",
        pri: "1",
        rep: "1",
        "docs.count": index === "products" ? "3" : "0",
        "docs.deleted": "0",
        "store.size": index === "products" ? "14.2kb" : "249b",
        "pri.store.size": index === "products" ? "14.2kb" : "249b",
      })),
    );
  }
  if (parts[0] === "_bulk") {
    const lines = body
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, Record<string, unknown>>);
    const items: unknown[] = [];
    for (let i = 0; i < lines.length; i += 2) {
      const action = lines[i]?.index ?? {};
      const doc = lines[i + 1] as Record<string, unknown>;
      const id = String(action._id ?? `auto-${i / 2}`);
      if (doc && typeof doc.price === "string" && Number.isNaN(Number(doc.price))) {
        items.push({
          index: {
            _index: action._index,
            _id: id,
            status: 400,
            error: {
              type: "document_parsing_exception",
              reason: `[1:${JSON.stringify(doc).indexOf('"price"') + 10}] failed to parse field [price] of type [float] in document with id '${id}'. Preview of field's value: '${doc.price}'`,
              caused_by: { type: "number_format_exception", reason: `For input string: "${doc.price}"` },
            },
          },
        });
      } else {
        items.push({
          index: {
            _index: action._index,
            _id: id,
            _version: 1,
            result: "created",
            forced_refresh: true,
            _shards: { total: 2, successful: 1, failed: 0 },
            _seq_no: 3 + i / 2,
            _primary_term: 1,
            status: 201,
          },
        });
      }
    }
    return esJson(res, 200, {
      errors: items.some((x) => "error" in ((x as { index: object }).index ?? {})),
      took: 6,
      items,
    });
  }
  if (parts[0] === "_reindex") {
    // a reindex of a large index: the request blocks (wait_for_completion defaults to true)
    setTimeout(() => {
      if (!res.writableEnded)
        esJson(res, 200, {
          took: 41250,
          timed_out: false,
          total: 120000,
          updated: 0,
          created: 120000,
          deleted: 0,
          batches: 120,
          version_conflicts: 0,
          noops: 0,
          failures: [],
        });
    }, 20_000);
    return;
  }
  if (parts[0] === "_index_template") {
    const name = parts[1] ?? "";
    if (method === "DELETE" || method === "GET")
      return esError(res, 404, {
        type: "resource_not_found_exception",
        reason: `index template matching [${name}] not found`,
      });
    return esJson(res, 200, { acknowledged: true });
  }

  const index = parts[0] ?? "";
  const op = parts[1];
  if (!op && method === "PUT") {
    if (INDICES.has(index)) {
      const cause = {
        type: "resource_already_exists_exception",
        reason: `index [${index}/q3KXy0aTRxG4N1vU2kq9Zw] already exists`,
        index_uuid: "q3KXy0aTRxG4N1vU2kq9Zw",
        index,
      };
      return esError(res, 400, cause);
    }
    INDICES.add(index);
    return esJson(res, 200, { acknowledged: true, shards_acknowledged: true, index });
  }
  if (op === "_mapping" && method === "GET") {
    if (index === "orders") {
      const cause = {
        type: "security_exception",
        reason: `action [indices:admin/mappings/get] is unauthorized for API key id [r7-search-reader] of user [svc-search] on indices [orders], this action is granted by the index privileges [view_index_metadata,manage,all]`,
      };
      return esError(res, 403, cause);
    }
    if (!INDICES.has(index)) return esError(res, 404, notFound(index));
    return esJson(res, 200, { [index]: { mappings: index === "products" ? PRODUCTS_MAPPING : {} } });
  }
  if (op === "_search") {
    if (!INDICES.has(index)) return esError(res, 404, notFound(index));
    if (esState.searchRejected) {
      const cause = {
        type: "es_rejected_execution_exception",
        reason:
          "rejected execution of TimedRunnable{original=ActionRunnable#wrap[org.elasticsearch.search.SearchService$$Lambda/0x00007f1c8c4a1e48@5d2a5b1f], creationTimeNanos=81266013520211, startTimeNanos=0, finishTimeNanos=-1, failedOrRejected=false} on TaskExecutionTimeTrackingEsThreadPoolExecutor[name = es-r7-0/search, queue capacity = 1000, task execution EWMA = 3.2ms, total task execution time = 2.1h, org.elasticsearch.common.util.concurrent.TaskExecutionTimeTrackingEsThreadPoolExecutor@1c7a9f3[Running, pool size = 13, active threads = 13, queued tasks = 1000, completed tasks = 98241]]",
      };
      return esError(res, 429, cause, {
        type: "search_phase_execution_exception",
        reason: "all shards failed",
        phase: "query",
        grouped: true,
        failed_shards: [],
        caused_by: cause,
      });
    }
    const search = JSON.parse(body || "{}") as {
      query?: Record<string, Record<string, unknown>>;
      sort?: unknown;
      size?: number;
      from?: number;
    };
    const queryType = Object.keys(search.query ?? { match_all: {} })[0] ?? "match_all";
    if (!["match", "match_all", "term", "bool", "multi_match", "range"].includes(queryType)) {
      const cause = { type: "parsing_exception", reason: `unknown query [${queryType}]`, line: 1, col: 13 };
      return esError(res, 400, cause, {
        ...cause,
        caused_by: {
          type: "named_object_not_found_exception",
          reason: `[1:13] unknown field [${queryType}]`,
        },
      });
    }
    const sortField = JSON.stringify(search.sort ?? "").match(/"(name|description)"/)?.[1];
    if (sortField) {
      const reason = `Fielddata is disabled on [${sortField}] in [${index}]. Text fields are not optimised for operations that require per-document field data like aggregations and sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, set fielddata=true on [${sortField}] in order to load field data by uninverting the inverted index. Note that this can use significant memory.`;
      const cause = { type: "illegal_argument_exception", reason };
      return esError(res, 400, cause, {
        type: "search_phase_execution_exception",
        reason: "all shards failed",
        phase: "query",
        grouped: true,
        failed_shards: [{ shard: 0, index, node: "k3vTtYbmQh2m5a8oXJ9sQw", reason: cause }],
        caused_by: { type: "illegal_argument_exception", reason, caused_by: cause },
      });
    }
    let hits = index === "products" ? PRODUCTS : [];
    if (queryType === "match" || queryType === "multi_match") {
      const spec = search.query?.[queryType] ?? {};
      const text = String(
        queryType === "multi_match"
          ? (spec as { query?: unknown }).query
          : (() => {
              const v = Object.values(spec)[0];
              return typeof v === "object" && v ? (v as { query?: unknown }).query : v;
            })(),
      ).toLowerCase();
      hits = hits.filter((p) =>
        `${p.name} ${p.description}`
          .toLowerCase()
          .split(/\W+/)
          .some((w) => text.split(/\W+/).includes(w)),
      );
    }
    const from = search.from ?? 0;
    const size = search.size ?? 10;
    const page = hits.slice(from, from + size);
    return esJson(res, 200, {
      took: 3,
      timed_out: false,
      _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
      hits: {
        total: { value: hits.length, relation: "eq" },
        max_score: page.length ? 1.2 : null,
        hits: page.map((p, i) => ({
          _index: index,
          _id: p.sku,
          _score: 1.2 - i * 0.1,
          _source: p,
          highlight:
            queryType === "match" ? { name: [p.name.replace(/(hinge|pull)/i, "<em>$1</em>")] } : undefined,
        })),
      },
    });
  }
  return esError(res, 400, {
    type: "illegal_argument_exception",
    reason: `request [${method} ${url.pathname}] contains unrecognized parameter or is not supported`,
  });
}

function httpStandin(
  port: number,
  handler: (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => void,
) {
  const sockets = new Set<import("node:net").Socket>();
  let server: http.Server | undefined;
  return {
    start: () =>
      new Promise<void>((resolve) => {
        server = http.createServer((req, res) => {
          let body = "";
          req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
          req.on("end", () => handler(req, new URL(req.url ?? "/", `http://127.0.0.1:${port}`), body, res));
        });
        server.on("connection", (socket) => {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
        });
        server.listen(port, "127.0.0.1", () => resolve());
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
      }),
  };
}

export const mongoStandin = createMongoStandin(MONGO_PORT);
export const falkorStandin = createFalkorStandin(FALKOR_PORT);
export const firestoreStandin = createFirestoreStandin(FIRESTORE_PORT);
export const esStandin = httpStandin(ES_PORT, handleEs);
