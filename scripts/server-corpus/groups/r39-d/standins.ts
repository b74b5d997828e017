// Loopback stand-ins for group r39-d, answering as the two services behind @zilliz/claude-context-mcp answer it:
//
// - a Milvus / Zilliz Cloud cluster over gRPC (`milvus.proto.milvus.MilvusService`), served with @grpc/grpc-js from
//   the very service description the server's SDK (@zilliz/milvus2-sdk-node) ships in its `proto-json`, so the
//   messages on the wire are the SDK's own; it keeps collections and their rows in memory and ranks a search by the
//   cosine of the stored vectors;
// - OpenAI's embeddings API (`POST /v1/embeddings`), over plain HTTP on loopback (OPENAI_BASE_URL is configurable):
//   each text becomes a deterministic 1536-dimension vector of hashed words, so a search finds the chunks that share
//   its words.
//
// README.md says where each status, reason and error body comes from. `state` is switched by the session's hooks.

import fs from "node:fs";
import type http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { clearTimers, httpStandin, json, later, parse, type Standin } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r39-d";
export const CODE = path.join(DATA, "code");
export const OPENAI_PORT = 44050;
export const MILVUS_PORT = 44051;
export const OPENAI_KEY = "sk-proj-r39dStandinKey0000000000000000000000000000";
export const MILVUS_TOKEN = "db_admin:r39d-standin-password";

export const state = {
  embedUnauthorized: false,
  embedRateLimited: false,
  embedQuota: false,
  embedServerError: false,
  embedSlow: false,
  milvusUnauthenticated: false,
  milvusRateLimited: false,
  milvusCollectionLimit: false,
  milvusSlow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ── embeddings (OpenAI) ──────────────────────────────────────────────────────────────────────────────────────────────

const DIM = 1536;

function embed(textIn: string): number[] {
  const v = new Array<number>(DIM).fill(0);
  for (const word of textIn
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .match(/[a-z][a-z0-9]+/g) ?? []) {
    let h = 2166136261;
    for (const ch of word) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
    v[h % DIM] = (v[h % DIM] ?? 0) + 1;
  }
  const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0)) || 1;
  return v.map((x) => Math.round((x / norm) * 1e6) / 1e6);
}

const openaiError = (message: string, type: string, code: string | null) => ({
  error: { message, type, param: null, code },
});

function onOpenAI(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  seen.push(`openai ${req.method} ${url.pathname}`);
  if (req.method !== "POST" || url.pathname !== "/v1/embeddings") {
    unknownRequests.push(`openai ${req.method} ${url.pathname}`);
    return json(
      res,
      404,
      openaiError(`Invalid URL (${req.method} ${url.pathname})`, "invalid_request_error", null),
    );
  }
  const headers = { "x-request-id": `req_${Date.now().toString(16)}`, "openai-processing-ms": "41" };
  if (state.embedUnauthorized || req.headers.authorization !== `Bearer ${OPENAI_KEY}`) {
    const key = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    return json(
      res,
      401,
      openaiError(
        `Incorrect API key provided: ${key.slice(0, 8)}${"*".repeat(20)}${key.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        "invalid_request_error",
        "invalid_api_key",
      ),
      headers,
    );
  }
  if (state.embedRateLimited)
    return json(
      res,
      429,
      openaiError(
        "Rate limit reached for text-embedding-3-small in organization org-r39dStandin on requests per min (RPM): Limit 3000, Used 3000, Requested 1. Please try again in 20ms. Visit https://platform.openai.com/account/rate-limits to learn more.",
        "requests",
        "rate_limit_exceeded",
      ),
      {
        ...headers,
        "retry-after": "1",
        "x-ratelimit-limit-requests": "3000",
        "x-ratelimit-remaining-requests": "0",
      },
    );
  if (state.embedQuota)
    return json(
      res,
      429,
      openaiError(
        "You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.",
        "insufficient_quota",
        "insufficient_quota",
      ),
      headers,
    );
  if (state.embedServerError)
    return json(
      res,
      500,
      openaiError(
        "The server had an error while processing your request. Sorry about that!",
        "server_error",
        null,
      ),
      headers,
    );
  const request = parse(body);
  const input = request.input;
  const texts = Array.isArray(input) ? input.map(String) : [String(input ?? "")];
  const answer = () =>
    json(
      res,
      200,
      {
        object: "list",
        data: texts.map((t, index) => ({ object: "embedding", index, embedding: embed(t) })),
        model: "text-embedding-3-small",
        usage: {
          prompt_tokens: texts.join(" ").split(/\s+/).length,
          total_tokens: texts.join(" ").split(/\s+/).length,
        },
      },
      headers,
    );
  if (state.embedSlow) return later(20_000, answer);
  answer();
}

export const openaiStandin = httpStandin(OPENAI_PORT, onOpenAI);

// ── Milvus over gRPC ────────────────────────────────────────────────────────────────────────────────────────────────

const FROM = path.dirname(fileURLToPath(import.meta.url));
const requireHere = createRequire(path.join(FROM, "package.json"));
const sdkDir = path.dirname(requireHere.resolve("@zilliz/milvus2-sdk-node/package.json"));
const requireSdk = createRequire(path.join(sdkDir, "package.json"));

interface GrpcMetadata {
  get(key: string): unknown[];
}
interface GrpcCall {
  request: Record<string, unknown>;
  metadata: GrpcMetadata;
}
type GrpcCallback = (error: { code: number; details: string } | null, value?: unknown) => void;
interface GrpcServer {
  addService(service: unknown, impl: Record<string, (call: GrpcCall, cb: GrpcCallback) => void>): void;
  bindAsync(address: string, creds: unknown, cb: (error: Error | null, port: number) => void): void;
  forceShutdown(): void;
}
interface GrpcModule {
  Server: new (options?: Record<string, unknown>) => GrpcServer;
  ServerCredentials: { createInsecure(): unknown };
  loadPackageDefinition(def: unknown): Record<string, unknown>;
  status: Record<string, number>;
}
interface ProtoLoader {
  fromJSON(json: unknown, options: Record<string, unknown>): unknown;
}

const grpc = requireSdk("@grpc/grpc-js") as GrpcModule;
const protoLoader = requireSdk("@grpc/proto-loader") as ProtoLoader;
const milvusJson = requireSdk("./dist/milvus/proto-json/milvus") as { default: unknown };

function milvusService(): { service: unknown; methods: string[] } {
  const def = protoLoader.fromJSON(milvusJson.default, {
    keepCase: true,
    longs: String,
    enums: String,
    defaults: true,
    oneofs: true,
  });
  const root = grpc.loadPackageDefinition(def);
  const ctor = ["milvus", "proto", "milvus", "MilvusService"].reduce<Record<string, unknown>>(
    (o, k) => o[k] as Record<string, unknown>,
    root,
  ) as unknown as { service: Record<string, unknown> };
  return { service: ctor.service, methods: Object.keys(ctor.service) };
}

const OK = { error_code: "Success", reason: "", code: 0, retriable: false, detail: "" };

// merr's codes and wordings (milvus-io/milvus pkg/util/merr/errors.go) as a 2.5 proxy sets them on a Status.
const statusOf = (errorCode: string, code: number, reason: string, retriable = false) => ({
  error_code: errorCode,
  reason,
  code,
  retriable,
  detail: reason,
});

interface Row {
  id: string;
  vector: number[];
  content: string;
  relativePath: string;
  startLine: string;
  endLine: string;
  fileExtension: string;
  metadata: string;
}

interface Collection {
  id: string;
  description: string;
  dense: boolean;
  rows: Row[];
  created: string;
}

const collections = new Map<string, Collection>();
let nextId = 458_812_093_118_726_100n;

const CODE_FIELDS: [string, string, Record<string, string>, boolean][] = [
  ["id", "VarChar", { max_length: "512" }, true],
  ["vector", "FloatVector", { dim: String(DIM) }, false],
  ["content", "VarChar", { max_length: "65535" }, false],
  ["relativePath", "VarChar", { max_length: "1024" }, false],
  ["startLine", "Int64", {}, false],
  ["endLine", "Int64", {}, false],
  ["fileExtension", "VarChar", { max_length: "32" }, false],
  ["metadata", "VarChar", { max_length: "65535" }, false],
];

function schemaOf(name: string, c: Collection) {
  const fields = (c.dense ? CODE_FIELDS : CODE_FIELDS.slice(0, 2)).map(([fname, type, params, pk], i) => ({
    fieldID: String(100 + i),
    name: fname,
    is_primary_key: pk,
    description: "",
    data_type: type,
    type_params: Object.entries(params).map(([key, value]) => ({ key, value })),
    index_params: [],
    autoID: false,
    state: "FieldCreated",
    element_type: "None",
    default_value: null,
    is_dynamic: false,
    is_partition_key: false,
    is_clustering_key: false,
    nullable: false,
    is_function_output: false,
  }));
  return {
    name,
    description: c.description,
    autoID: false,
    fields,
    enable_dynamic_field: false,
    properties: [],
    functions: [],
    dbName: "default",
  };
}

function fieldsOf(rows: Row[], names: string[]) {
  return names.map((name) => {
    const values = rows.map((r) => r[name as keyof Row]);
    const isLong = name === "startLine" || name === "endLine";
    return isLong
      ? {
          type: "Int64",
          field_name: name,
          scalars: { long_data: { data: values } },
          field: "scalars",
          field_id: "0",
        }
      : {
          type: "VarChar",
          field_name: name,
          scalars: { string_data: { data: values } },
          field: "scalars",
          field_id: "0",
        };
  });
}

interface FieldData {
  field_name: string;
  scalars?: { string_data?: { data: string[] }; long_data?: { data: string[] } };
  vectors?: { dim: string; float_vector?: { data: number[] } };
}

function rowsFrom(fieldsData: FieldData[], numRows: number): Row[] {
  const rows: Row[] = Array.from({ length: numRows }, () => ({
    id: "",
    vector: [],
    content: "",
    relativePath: "",
    startLine: "0",
    endLine: "0",
    fileExtension: "",
    metadata: "{}",
  }));
  for (const f of fieldsData) {
    if (f.vectors?.float_vector) {
      const dim = Number(f.vectors.dim);
      rows.forEach((r, i) => (r.vector = f.vectors!.float_vector!.data.slice(i * dim, (i + 1) * dim)));
    } else {
      const data = f.scalars?.string_data?.data ?? f.scalars?.long_data?.data ?? [];
      rows.forEach(
        (r, i) => ((r as unknown as Record<string, unknown>)[f.field_name] = String(data[i] ?? "")),
      );
    }
  }
  return rows;
}

const cosine = (a: number[], b: number[]) => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
};

const notFound = (name: string) =>
  statusOf("CollectionNotExists", 100, `can't find collection[database=default][collection=${name}]`);

type Impl = (req: Record<string, unknown>) => unknown;

const IMPL: Record<string, Impl> = {
  Connect: () => ({
    status: OK,
    server_info: {
      build_tags: "v2.5.14",
      build_time: "Wed Jul 16 09:41:22 UTC 2025",
      git_commit: "2b4b1a7",
      go_version: "go version go1.24.4 linux/amd64",
      deploy_mode: "CLUSTER",
      reserved: {},
    },
    identifier: "458812093118726145",
  }),
  GetVersion: () => ({ status: OK, version: "v2.5.14" }),
  CheckHealth: () => ({ status: OK, isHealthy: true, reasons: [], quota_states: [] }),
  HasCollection: (req) => ({ status: OK, value: collections.has(String(req.collection_name)) }),
  ShowCollections: () => ({
    status: OK,
    collection_names: [...collections.keys()],
    collection_ids: [...collections.values()].map((c) => c.id),
    created_timestamps: [...collections.values()].map((c) => c.created),
    created_utc_timestamps: [...collections.values()].map((c) => c.created),
    inMemory_percentages: [],
    query_service_available: [],
  }),
  CreateCollection: (req) => {
    const name = String(req.collection_name);
    if (state.milvusCollectionLimit)
      return statusOf(
        "UnexpectedError",
        102,
        "Failed to create collection, limit={5}: exceeded the limit number of collections",
      );
    if (collections.has(name))
      return statusOf("UnexpectedError", 65535, `collection already exists[collection=${name}]`);
    nextId += 1n;
    collections.set(name, {
      id: String(nextId),
      description: String(req.description ?? ""),
      dense: !name.startsWith("dummy_collection_"),
      rows: [],
      created: String(Date.now()),
    });
    return OK;
  },
  DropCollection: (req) => {
    collections.delete(String(req.collection_name));
    return OK;
  },
  DescribeCollection: (req) => {
    const name = String(req.collection_name);
    const c = collections.get(name);
    if (!c) return { status: notFound(name) };
    return {
      status: OK,
      schema: schemaOf(name, c),
      collectionID: c.id,
      virtual_channel_names: [`by-dev-rootcoord-dml_0_${c.id}v0`],
      physical_channel_names: ["by-dev-rootcoord-dml_0"],
      created_timestamp: c.created,
      created_utc_timestamp: c.created,
      shards_num: 1,
      aliases: [],
      start_positions: [],
      consistency_level: "Bounded",
      collection_name: name,
      properties: [],
      db_name: "default",
      num_partitions: "1",
      db_id: "1",
    };
  },
  CreateIndex: () => OK,
  DescribeIndex: (req) => ({
    status: OK,
    index_descriptions: [
      {
        index_name: "vector_index",
        indexID: "458812093118726190",
        params: [
          { key: "index_type", value: "AUTOINDEX" },
          { key: "metric_type", value: "COSINE" },
        ],
        field_name: String(req.field_name ?? "vector"),
        indexed_rows: String(collections.get(String(req.collection_name))?.rows.length ?? 0),
        total_rows: String(collections.get(String(req.collection_name))?.rows.length ?? 0),
        state: "Finished",
        index_state_fail_reason: "",
        pending_index_rows: "0",
      },
    ],
  }),
  GetIndexBuildProgress: (req) => {
    const n = String(collections.get(String(req.collection_name))?.rows.length ?? 0);
    return { status: OK, indexed_rows: n, total_rows: n };
  },
  GetIndexState: () => ({ status: OK, state: "Finished", fail_reason: "" }),
  LoadCollection: (req) =>
    collections.has(String(req.collection_name)) ? OK : notFound(String(req.collection_name)),
  GetLoadState: (req) =>
    collections.has(String(req.collection_name))
      ? { status: OK, state: "LoadStateLoaded" }
      : { status: notFound(String(req.collection_name)), state: "LoadStateNotExist" },
  GetLoadingProgress: () => ({ status: OK, progress: "100", refresh_progress: "100" }),
  Flush: () => ({
    status: OK,
    db_name: "default",
    coll_segIDs: {},
    flush_coll_segIDs: {},
    coll_seal_times: {},
  }),
  Insert: (req) => {
    const name = String(req.collection_name);
    const c = collections.get(name);
    if (!c) return { status: notFound(name) };
    const rows = rowsFrom((req.fields_data ?? []) as FieldData[], Number(req.num_rows ?? 0));
    c.rows.push(...rows);
    return {
      status: OK,
      IDs: { str_id: { data: rows.map((r) => r.id) }, id_field: "str_id" },
      succ_index: rows.map((_, i) => i),
      err_index: [],
      acknowledged: false,
      insert_cnt: String(rows.length),
      delete_cnt: "0",
      upsert_cnt: "0",
      timestamp: String(Date.now() * 262144),
    };
  },
  Delete: (req) => {
    const name = String(req.collection_name);
    const c = collections.get(name);
    if (!c) return { status: notFound(name) };
    const ids = [...String(req.expr ?? "").matchAll(/"([^"]+)"/g)].map((m) => m[1]);
    const before = c.rows.length;
    c.rows = c.rows.filter((r) => !ids.includes(r.id));
    return {
      status: OK,
      IDs: { str_id: { data: ids }, id_field: "str_id" },
      succ_index: [],
      err_index: [],
      acknowledged: false,
      insert_cnt: "0",
      delete_cnt: String(before - c.rows.length),
      upsert_cnt: "0",
      timestamp: String(Date.now() * 262144),
    };
  },
  Query: (req) => {
    const name = String(req.collection_name);
    const c = collections.get(name);
    if (!c) return { status: notFound(name), fields_data: [], collection_name: name, output_fields: [] };
    const outputs = (req.output_fields ?? []) as string[];
    if (outputs.includes("count(*)"))
      return {
        status: OK,
        fields_data: [
          {
            type: "Int64",
            field_name: "count(*)",
            scalars: { long_data: { data: [String(c.rows.length)] } },
            field: "scalars",
            field_id: "0",
          },
        ],
        collection_name: name,
        output_fields: ["count(*)"],
      };
    const expr = String(req.expr ?? "");
    const m = /relativePath == "(.*)"/.exec(expr);
    let rows = m ? c.rows.filter((r) => r.relativePath === (m[1] ?? "").replace(/\\"/g, '"')) : c.rows;
    const limit = (req.query_params as { key: string; value: string }[] | undefined)?.find(
      (p) => p.key === "limit",
    );
    if (limit) rows = rows.slice(0, Number(limit.value));
    return {
      status: OK,
      fields_data: fieldsOf(rows, outputs),
      collection_name: name,
      output_fields: outputs,
    };
  },
  Search: (req) => {
    const name = String(req.collection_name);
    const c = collections.get(name);
    const empty = {
      num_queries: "1",
      top_k: "0",
      fields_data: [],
      scores: [],
      ids: { str_id: { data: [] }, id_field: "str_id" },
      topks: ["0"],
      output_fields: [],
      primary_field_name: "id",
    };
    if (!c) return { status: notFound(name), results: empty, collection_name: name };
    if (state.milvusRateLimited)
      return {
        status: statusOf("RateLimit", 8, "rate limit exceeded[rate=0.5]", true),
        results: empty,
        collection_name: name,
      };
    const params = (req.search_params ?? []) as { key: string; value: string }[];
    const topk = Number(params.find((p) => p.key === "topk" || p.key === "limit")?.value ?? 10);
    const group = (req.placeholder_group ?? Buffer.alloc(0)) as Buffer;
    const query = decodePlaceholder(group);
    const expr = String(req.dsl ?? "");
    const exts = /fileExtension in \[(.*)\]/
      .exec(expr)?.[1]
      ?.match(/["']([^"']+)["']/g)
      ?.map((s) => s.slice(1, -1));
    const hits = c.rows
      .filter((r) => !exts || exts.includes(r.fileExtension))
      .map((r) => ({ r, score: cosine(query, r.vector) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, topk);
    const outputs = (req.output_fields ?? []) as string[];
    return {
      status: OK,
      results: {
        num_queries: "1",
        top_k: String(hits.length),
        fields_data: fieldsOf(
          hits.map((h) => h.r),
          outputs,
        ),
        scores: hits.map((h) => Math.round(h.score * 1e6) / 1e6),
        ids: { str_id: { data: hits.map((h) => h.r.id) }, id_field: "str_id" },
        topks: [String(hits.length)],
        output_fields: outputs,
        primary_field_name: "id",
        recalls: [],
        all_search_count: String(hits.length),
      },
      collection_name: name,
      session_ts: String(Date.now() * 262144),
    };
  },
};

// A PlaceholderGroup (common.proto) holding one FloatVector placeholder: field 1 repeated PlaceholderValue {1 tag,
// 2 type, 3 repeated bytes values}; read by hand, the float32s are little-endian.
function decodePlaceholder(buf: Buffer): number[] {
  const bytes = [...findBytes(buf, 1)].flatMap((pv) => [...findBytes(pv, 3)]);
  const v = bytes[0];
  if (!v) return [];
  const out: number[] = [];
  for (let i = 0; i + 4 <= v.length; i += 4) out.push(v.readFloatLE(i));
  return out;
}

function* findBytes(buf: Buffer, field: number): Generator<Buffer> {
  let i = 0;
  const varint = () => {
    let x = 0;
    let shift = 0;
    for (;;) {
      const b = buf[i++] ?? 0;
      x += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return x;
      shift += 7;
    }
  };
  while (i < buf.length) {
    const key = varint();
    const wire = key & 7;
    if (wire === 0) varint();
    else if (wire === 1) i += 8;
    else if (wire === 5) i += 4;
    else if (wire === 2) {
      const len = varint();
      if (key >>> 3 === field) yield buf.subarray(i, i + len);
      i += len;
    } else return;
  }
}

function milvusStandin(port: number): Standin {
  let server: GrpcServer | undefined;
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        const { service, methods } = milvusService();
        const impl: Record<string, (call: GrpcCall, cb: GrpcCallback) => void> = {};
        for (const method of methods) {
          impl[method] = (call, cb) => {
            seen.push(`milvus ${method} ${String(call.request.collection_name ?? "")}`);
            const auth = String(call.metadata.get("authorization")[0] ?? "");
            const token = Buffer.from(auth, "base64").toString();
            if (state.milvusUnauthenticated || token !== MILVUS_TOKEN)
              return cb({
                code: grpc.status.UNAUTHENTICATED ?? 16,
                details: "auth check failure, please check username, password or api key is correct or not",
              });
            const f = IMPL[method];
            if (!f) {
              unknownRequests.push(`milvus ${method}`);
              return cb({
                code: grpc.status.UNIMPLEMENTED ?? 12,
                details: `method ${method} not implemented`,
              });
            }
            const answer = () => cb(null, f(call.request));
            if (state.milvusSlow && method === "Search") return later(20_000, answer);
            answer();
          };
        }
        server = new grpc.Server({ "grpc.max_receive_message_length": 256 * 1024 * 1024 });
        server.addService(service, impl);
        server.bindAsync(`127.0.0.1:${port}`, grpc.ServerCredentials.createInsecure(), (error) =>
          error ? reject(error) : resolve(),
        );
      }),
    stop: async () => {
      server?.forceShutdown();
      server = undefined;
    },
  };
}

export const milvus = milvusStandin(MILVUS_PORT);

export const ALL_STANDINS: Standin[] = [openaiStandin, milvus];

// ── the codebases indexed ───────────────────────────────────────────────────────────────────────────────────────────

const FILES: Record<string, string> = {
  "billing/src/invoice.ts": `export interface LineItem {
  sku: string;
  quantity: number;
  unitPriceCents: number;
}

/** Computes the invoice total in cents, applying the customer's discount rate. */
export function invoiceTotal(items: LineItem[], discountRate = 0): number {
  const subtotal = items.reduce((sum, item) => sum + item.quantity * item.unitPriceCents, 0);
  return Math.round(subtotal * (1 - discountRate));
}
`,
  "billing/src/retry.ts": `/** Retries a payment capture with exponential backoff when the gateway answers 503. */
export async function captureWithRetry(capture: () => Promise<Response>, attempts = 4): Promise<Response> {
  let delay = 250;
  for (let i = 0; i < attempts; i++) {
    const res = await capture();
    if (res.status !== 503) return res;
    await new Promise((r) => setTimeout(r, delay));
    delay *= 2;
  }
  throw new Error("payment gateway unavailable after retries");
}
`,
  "billing/scripts/export_ledger.py": `import csv


def export_ledger(rows, path):
    """Writes ledger rows (date, account, amount) to a CSV file for the auditors."""
    with open(path, "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["date", "account", "amount"])
        for row in rows:
            writer.writerow([row.date, row.account, row.amount])
`,
  "billing/README.md": `# billing

Invoice totals, payment capture with retries, and the ledger export for the auditors.
`,
  "notes/ideas.txt": "nothing here is code\n",
  "empty-repo/.gitkeep": "",
};

export function writeCodebases() {
  fs.rmSync(DATA, { recursive: true, force: true });
  for (const [rel, body] of Object.entries(FILES)) {
    const file = path.join(CODE, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, body);
  }
}
