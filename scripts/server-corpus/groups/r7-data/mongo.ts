// A loopback MongoDB stand-in speaking the real wire protocol (OP_MSG, and OP_QUERY for the legacy
// handshake), enough for the Node driver that mongodb-mcp-server uses: hello, listDatabases,
// listCollections, find, aggregate, count, insert, update, delete, listIndexes, createIndexes,
// dropIndexes, dbStats, collStats, getLog, explain, endSessions. Errors are MongoDB's own
// `{ok: 0, errmsg, code, codeName}` documents (and `writeErrors` for writes), with the real codes.

import { createRequire } from "node:module";
import net from "node:net";

const load = createRequire(import.meta.url);

interface BsonLib {
  serialize(doc: object): Uint8Array;
  deserialize(buffer: Uint8Array, options?: object): Record<string, unknown>;
  ObjectId: new (hex?: string) => { toHexString(): string };
  Long: { fromNumber(n: number): unknown };
}
let bsonLib: BsonLib | undefined;
const bson = (): BsonLib => (bsonLib ??= load("bson") as BsonLib);

/** Collections whose commands take 20 s to answer (a long-running rollup). */
const SLOW_COLLECTIONS = new Set<string>(["nightly_rollup"]);

type Doc = Record<string, unknown>;

const OP_REPLY = 1;
const OP_QUERY = 2004;
const OP_MSG = 2013;

function oid(n: number) {
  return new (bson().ObjectId)(`65a1f0c0e4b0a1b2c3d4${n.toString(16).padStart(4, "0")}`);
}

function seed(): Record<string, Record<string, Doc[]>> {
  const at = (s: string) => new Date(s);
  return {
    shop: {
      orders: [
        {
          _id: oid(1),
          orderNo: "SO-1001",
          customer: "Ana Ruiz",
          status: "shipped",
          total: 41.6,
          items: 3,
          placedAt: at("2026-11-02T09:14:00Z"),
        },
        {
          _id: oid(2),
          orderNo: "SO-1002",
          customer: "Bo Lind",
          status: "processing",
          total: 18.2,
          items: 1,
          placedAt: at("2026-11-03T11:40:00Z"),
        },
        {
          _id: oid(3),
          orderNo: "SO-1003",
          customer: "Ana Ruiz",
          status: "cancelled",
          total: 7.5,
          items: 1,
          placedAt: at("2026-11-05T16:02:00Z"),
        },
        {
          _id: oid(4),
          orderNo: "SO-1004",
          customer: "Chen Wu",
          status: "shipped",
          total: 96.0,
          items: 6,
          placedAt: at("2026-11-08T08:21:00Z"),
        },
      ],
      customers: [
        { _id: oid(11), name: "Ana Ruiz", email: "ana@shop.example", tier: "gold" },
        { _id: oid(12), name: "Bo Lind", email: "bo@shop.example", tier: "silver" },
        { _id: oid(13), name: "Chen Wu", email: "chen@shop.example", tier: "gold" },
      ],
      nightly_rollup: [{ _id: oid(21), day: "2026-11-30", revenue: 1630.4 }],
    },
    payroll: { salaries: [{ _id: oid(31), employee: "E-1", gross: 5200 }] },
  };
}

let data = seed();
let requestCounter = 1000;
let connectionCounter = 0;

export function resetMongo() {
  data = seed();
}

function fail(code: number, codeName: string, errmsg: string, extra: Doc = {}): Doc {
  return { ok: 0, errmsg, code, codeName, ...extra };
}

function cursor(ns: string, batch: Doc[]): Doc {
  return { cursor: { firstBatch: batch, id: bson().Long.fromNumber(0), ns }, ok: 1 };
}

function comparable(value: unknown): unknown {
  if (value && typeof value === "object" && "toHexString" in value)
    return (value as { toHexString(): string }).toHexString();
  if (value instanceof Date) return value.getTime();
  return value;
}

const OPERATORS = new Set(["$eq", "$ne", "$gt", "$gte", "$lt", "$lte", "$in", "$nin", "$exists", "$regex"]);

class QueryError extends Error {
  constructor(
    public code: number,
    public codeName: string,
    message: string,
  ) {
    super(message);
  }
}

function matchValue(actual: unknown, condition: unknown): boolean {
  if (
    condition &&
    typeof condition === "object" &&
    !(condition instanceof Date) &&
    !("toHexString" in condition) &&
    !Array.isArray(condition) &&
    !(condition instanceof RegExp)
  ) {
    const entries = Object.entries(condition as Doc);
    if (entries.length > 0 && entries.every(([key]) => key.startsWith("$"))) {
      return entries.every(([op, arg]) => {
        if (!OPERATORS.has(op)) throw new QueryError(2, "BadValue", `unknown operator: ${op}`);
        const a = comparable(actual);
        const b = comparable(arg);
        switch (op) {
          case "$eq":
            return a === b;
          case "$ne":
            return a !== b;
          case "$gt":
            return (a as number) > (b as number);
          case "$gte":
            return (a as number) >= (b as number);
          case "$lt":
            return (a as number) < (b as number);
          case "$lte":
            return (a as number) <= (b as number);
          case "$in":
          case "$nin": {
            if (!Array.isArray(arg)) throw new QueryError(2, "BadValue", `${op} needs an array`);
            const hit = arg.map(comparable).includes(a);
            return op === "$in" ? hit : !hit;
          }
          case "$exists":
            return (actual !== undefined) === Boolean(arg);
          case "$regex":
            return new RegExp(String(arg)).test(String(actual ?? ""));
        }
        return false;
      });
    }
  }
  if (condition instanceof RegExp) return condition.test(String(actual ?? ""));
  return comparable(actual) === comparable(condition);
}

function matches(doc: Doc, filter: Doc | undefined): boolean {
  if (!filter) return true;
  return Object.entries(filter).every(([key, condition]) => {
    if (key === "$and") return (condition as Doc[]).every((f) => matches(doc, f));
    if (key === "$or") return (condition as Doc[]).some((f) => matches(doc, f));
    if (key.startsWith("$"))
      throw new QueryError(
        2,
        "BadValue",
        `unknown top level operator: ${key}. If you have a field name that starts with a '$' symbol, consider using $getField or $setField.`,
      );
    return matchValue(doc[key], condition);
  });
}

function project(doc: Doc, projection: Doc | undefined): Doc {
  if (!projection || Object.keys(projection).length === 0) return doc;
  const include = Object.entries(projection).filter(([, v]) => v === 1 || v === true);
  if (include.length === 0) {
    const out = { ...doc };
    for (const [k] of Object.entries(projection)) delete out[k];
    return out;
  }
  const out: Doc = {};
  if (projection._id !== 0 && projection._id !== false) out._id = doc._id;
  for (const [k] of include) if (k in doc) out[k] = doc[k];
  return out;
}

function sortDocs(docs: Doc[], sort: Doc | undefined): Doc[] {
  if (!sort) return docs;
  const keys = Object.entries(sort);
  return [...docs].sort((x, y) => {
    for (const [k, dir] of keys) {
      const a = comparable(x[k]) as number;
      const b = comparable(y[k]) as number;
      if (a < b) return -1 * Number(dir);
      if (a > b) return 1 * Number(dir);
    }
    return 0;
  });
}

function fieldValue(doc: Doc, expr: unknown): unknown {
  if (typeof expr === "string" && expr.startsWith("$")) return doc[expr.slice(1)];
  return expr;
}

function runPipeline(docs: Doc[], pipeline: Doc[]): Doc[] {
  let out = docs;
  for (const stage of pipeline) {
    const [name, spec] = Object.entries(stage)[0] ?? ["", undefined];
    switch (name) {
      case "$match":
        out = out.filter((d) => matches(d, spec as Doc));
        break;
      case "$limit":
        out = out.slice(0, Number(spec));
        break;
      case "$skip":
        out = out.slice(Number(spec));
        break;
      case "$sort":
        out = sortDocs(out, spec as Doc);
        break;
      case "$project":
        out = out.map((d) => project(d, spec as Doc));
        break;
      case "$count":
        out = [{ [String(spec)]: out.length }];
        break;
      case "$group": {
        const { _id: key, ...accumulators } = spec as Doc;
        const groups = new Map<string, Doc[]>();
        for (const d of out) {
          const k = JSON.stringify(fieldValue(d, key) ?? null);
          groups.set(k, [...(groups.get(k) ?? []), d]);
        }
        out = [...groups.entries()].map(([k, members]) => {
          const row: Doc = { _id: JSON.parse(k) as unknown };
          for (const [field, acc] of Object.entries(accumulators)) {
            const [op, arg] = Object.entries(acc as Doc)[0] ?? ["", undefined];
            const values = members.map((m) => Number(fieldValue(m, arg)));
            if (op === "$sum") row[field] = values.reduce((s, v) => s + v, 0);
            else if (op === "$avg") row[field] = values.reduce((s, v) => s + v, 0) / (values.length || 1);
            else if (op === "$max") row[field] = Math.max(...values);
            else throw new QueryError(15952, "Location15952", `unknown group operator '${op}'`);
          }
          return row;
        });
        break;
      }
      default:
        throw new QueryError(40324, "Location40324", `Unrecognized pipeline stage name: '${name}'`);
    }
  }
  return out;
}

function hello(doc: Doc): Doc {
  connectionCounter += 1;
  void doc;
  return {
    helloOk: true,
    isWritablePrimary: true,
    ismaster: true,
    maxBsonObjectSize: 16777216,
    maxMessageSizeBytes: 48000000,
    maxWriteBatchSize: 100000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: connectionCounter,
    minWireVersion: 0,
    maxWireVersion: 21,
    readOnly: false,
    ok: 1,
  };
}

const LOG_LINES = [
  '{"t":{"$date":"2026-12-05T23:58:01.114+00:00"},"s":"I",  "c":"NETWORK",  "id":22943,   "ctx":"listener","msg":"Connection accepted","attr":{"remote":"10.0.4.17:51412","connectionCount":3}}',
  '{"t":{"$date":"2026-12-05T23:58:02.530+00:00"},"s":"W",  "c":"COMMAND",  "id":20525,   "ctx":"conn3","msg":"Failed to gather storage statistics for slow operation","attr":{"opId":411,"error":"lock acquire timeout"}}',
  '{"t":{"$date":"2026-12-05T23:58:09.002+00:00"},"s":"I",  "c":"COMMAND",  "id":51803,   "ctx":"conn3","msg":"Slow query","attr":{"type":"command","ns":"shop.orders","command":{"find":"orders","filter":{"customer":"Ana Ruiz"}},"planSummary":"COLLSCAN","durationMillis":212}}',
];

async function command(db: string, doc: Doc): Promise<Doc> {
  const name = Object.keys(doc)[0] ?? "";
  const lower = name.toLowerCase();
  if (lower === "hello" || lower === "ismaster") return hello(doc);
  if (lower === "ping") return { ok: 1 };
  if (lower === "buildinfo")
    return {
      version: "7.0.14",
      gitVersion: "ce59cfc6a3c5e5c067dca0d30697edd68d4f5188",
      modules: [],
      sysInfo: "deprecated",
      versionArray: [7, 0, 14, 0],
      bits: 64,
      maxBsonObjectSize: 16777216,
      ok: 1,
    };
  if (lower === "endsessions" || lower === "killcursors") return { ok: 1 };
  if (lower === "saslstart" || lower === "authenticate") {
    return fail(18, "AuthenticationFailed", "Authentication failed.");
  }
  if (lower === "getlog") {
    return { totalLinesWritten: LOG_LINES.length, log: LOG_LINES, ok: 1 };
  }
  if (lower === "connectionstatus")
    return { authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] }, ok: 1 };
  if (lower === "atlasversion") return fail(59, "CommandNotFound", "no such command: 'atlasVersion'");
  if (lower === "getparameter") return { featureCompatibilityVersion: { version: "7.0" }, ok: 1 };
  if (lower === "listdatabases") {
    const names = Object.keys(data);
    return {
      databases: [
        { name: "admin", sizeOnDisk: 40960, empty: false },
        ...names.map((n) => ({ name: n, sizeOnDisk: 73728, empty: false })),
      ],
      totalSize: 40960 + 73728 * names.length,
      totalSizeMb: 0,
      ok: 1,
    };
  }
  if (db === "payroll") {
    return fail(
      13,
      "Unauthorized",
      `not authorized on payroll to execute command { ${name}: "${String(doc[name])}", $db: "payroll" }`,
    );
  }
  const collName = typeof doc[name] === "string" ? (doc[name] as string) : "";
  const ns = `${db}.${collName}`;
  const database = data[db];
  const coll = database?.[collName];
  if (SLOW_COLLECTIONS.has(collName) && lower !== "listindexes") {
    await new Promise((resolve) => setTimeout(resolve, 20_000));
  }
  try {
    switch (lower) {
      case "listcollections": {
        const colls = Object.keys(database ?? {});
        return cursor(
          `${db}.$cmd.listCollections`,
          colls.map((n) => ({
            name: n,
            type: "collection",
            options: {},
            info: { readOnly: false },
            idIndex: { v: 2, key: { _id: 1 }, name: "_id_" },
          })),
        );
      }
      case "find": {
        const filter = doc.filter as Doc | undefined;
        let rows = (coll ?? []).filter((d) => matches(d, filter));
        rows = sortDocs(rows, doc.sort as Doc | undefined);
        if (typeof doc.skip === "number") rows = rows.slice(doc.skip);
        if (typeof doc.limit === "number" && doc.limit > 0) rows = rows.slice(0, doc.limit);
        return cursor(
          ns,
          rows.map((d) => project(d, doc.projection as Doc | undefined)),
        );
      }
      case "aggregate": {
        const pipeline = (doc.pipeline as Doc[]) ?? [];
        if (pipeline[0] && "$listSearchIndexes" in pipeline[0])
          return fail(
            31082,
            "SearchNotEnabled",
            "Using Atlas Search Database Commands and the $listSearchIndexes aggregation stage requires additional configuration. Please connect to Atlas or an AtlasCLI local deployment to enable. For more information on how to connect, see https://dochub.mongodb.org/core/atlas-cli-deploy-local-reqs",
          );
        if (collName === "") return cursor(`${db}.$cmd.aggregate`, []);
        return cursor(ns, runPipeline(coll ?? [], pipeline));
      }
      case "count": {
        const rows = (coll ?? []).filter((d) => matches(d, doc.query as Doc | undefined));
        return { n: rows.length, ok: 1 };
      }
      case "insert": {
        const docs = (doc.documents as Doc[]) ?? [];
        const target = (data[db] ??= {});
        const list = (target[collName] ??= []);
        let n = 0;
        for (const [index, d] of docs.entries()) {
          const dup = list.find((x) => comparable(x._id) === comparable(d._id));
          if (dup) {
            return {
              n,
              writeErrors: [
                {
                  index,
                  code: 11000,
                  errmsg: `E11000 duplicate key error collection: ${ns} index: _id_ dup key: { _id: "${String(comparable(d._id))}" }`,
                  keyPattern: { _id: 1 },
                  keyValue: { _id: d._id },
                },
              ],
              ok: 1,
            };
          }
          if (collName === "orders" && typeof d.total !== "number") {
            return {
              n,
              writeErrors: [
                {
                  index,
                  code: 121,
                  errmsg: "Document failed validation",
                  errInfo: {
                    failingDocumentId: d._id,
                    details: {
                      operatorName: "$jsonSchema",
                      schemaRulesNotSatisfied: [
                        {
                          operatorName: "required",
                          specifiedAs: { required: ["orderNo", "customer", "total"] },
                          missingProperties: ["total"],
                        },
                      ],
                    },
                  },
                },
              ],
              ok: 1,
            };
          }
          list.push(d);
          n += 1;
        }
        return { n, ok: 1 };
      }
      case "update": {
        const updates = (doc.updates as Doc[]) ?? [];
        let n = 0;
        let nModified = 0;
        for (const u of updates) {
          const set = ((u.u as Doc)?.$set as Doc | undefined) ?? {};
          const op = Object.keys((u.u as Doc) ?? {})[0] ?? "";
          if (op && op !== "$set")
            return {
              n: 0,
              nModified: 0,
              writeErrors: [
                {
                  index: 0,
                  code: 9,
                  errmsg: `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`,
                },
              ],
              ok: 1,
            };
          for (const d of coll ?? []) {
            if (!matches(d, u.q as Doc)) continue;
            n += 1;
            Object.assign(d, set);
            nModified += 1;
          }
        }
        return { n, nModified, ok: 1 };
      }
      case "delete": {
        const deletes = (doc.deletes as Doc[]) ?? [];
        let n = 0;
        for (const del of deletes) {
          const before = coll?.length ?? 0;
          if (coll) database![collName] = coll.filter((d) => !matches(d, del.q as Doc));
          n += before - (database?.[collName]?.length ?? 0);
        }
        return { n, ok: 1 };
      }
      case "listindexes": {
        if (!coll) return fail(26, "NamespaceNotFound", `ns does not exist: ${ns}`);
        const indexes: Doc[] = [{ v: 2, key: { _id: 1 }, name: "_id_" }];
        if (collName === "orders")
          indexes.push({ v: 2, key: { customer: 1, placedAt: -1 }, name: "customer_1_placedAt_-1" });
        return cursor(ns, indexes);
      }
      case "createindexes": {
        const specs = (doc.indexes as Doc[]) ?? [];
        const first = specs[0] ?? {};
        if (first.name === "_id_")
          return fail(
            197,
            "InvalidIndexSpecificationOption",
            "The field 'unique' is not valid for an _id index specification. Specification: { key: { _id: 1 }, name: \"_id_\", unique: true, v: 2 }",
          );
        return {
          numIndexesBefore: 2,
          numIndexesAfter: 3,
          createdCollectionAutomatically: false,
          ok: 1,
        };
      }
      case "dropindexes": {
        const index = String(doc.index);
        if (index !== "customer_1_placedAt_-1")
          return fail(27, "IndexNotFound", `index not found with name [${index}]`);
        return { nIndexesWas: 2, ok: 1 };
      }
      case "dbstats":
        return {
          db,
          collections: Object.keys(database ?? {}).length,
          views: 0,
          objects: Object.values(database ?? {}).reduce((s, l) => s + l.length, 0),
          avgObjSize: 112.5,
          dataSize: 900,
          storageSize: 73728,
          indexes: 4,
          indexSize: 86016,
          totalSize: 159744,
          scaleFactor: 1,
          fsUsedSize: 41234567168,
          fsTotalSize: 105089261568,
          ok: 1,
        };
      case "collstats":
        if (!coll) return fail(26, "NamespaceNotFound", `Collection [${ns}] not found.`);
        return { ns, size: 900, count: coll.length, storageSize: 36864, totalIndexSize: 40960, ok: 1 };
      case "explain": {
        const inner = doc.explain as Doc;
        const innerName = Object.keys(inner)[0] ?? "";
        return {
          queryPlanner: {
            namespace: `${db}.${String(inner[innerName])}`,
            parsedQuery: inner.filter ?? {},
            winningPlan: { stage: "COLLSCAN", direction: "forward" },
            rejectedPlans: [],
          },
          command: inner,
          serverInfo: { host: "mongo-r7", port: 27017, version: "7.0.14" },
          ok: 1,
        };
      }
      case "drop":
        if (!coll) return fail(26, "NamespaceNotFound", "ns not found");
        delete database![collName];
        return { nIndexesWas: 1, ns, ok: 1 };
      case "dropdatabase":
        delete data[db];
        return { dropped: db, ok: 1 };
      case "create":
        if (coll) return fail(48, "NamespaceExists", `Collection ${ns} already exists.`);
        (data[db] ??= {})[collName] = [];
        return { ok: 1 };
      case "renamecollection":
        return fail(20, "IllegalOperation", "renameCollection may only be run against the admin database.");
      default:
        return fail(59, "CommandNotFound", `no such command: '${name}'`);
    }
  } catch (error) {
    if (error instanceof QueryError) return fail(error.code, error.codeName, error.message);
    throw error;
  }
}

function frame(requestId: number, responseTo: number, opCode: number, body: Buffer): Buffer {
  const header = Buffer.alloc(16);
  header.writeInt32LE(16 + body.length, 0);
  header.writeInt32LE(requestId, 4);
  header.writeInt32LE(responseTo, 8);
  header.writeInt32LE(opCode, 12);
  return Buffer.concat([header, body]);
}

function replyMsg(responseTo: number, doc: Doc): Buffer {
  const payload = Buffer.from(bson().serialize(doc));
  const body = Buffer.concat([Buffer.from([0, 0, 0, 0]), Buffer.from([0]), payload]);
  return frame(requestCounter++, responseTo, OP_MSG, body);
}

function replyLegacy(responseTo: number, doc: Doc): Buffer {
  const payload = Buffer.from(bson().serialize(doc));
  const head = Buffer.alloc(20);
  head.writeInt32LE(8, 0); // AwaitCapable
  head.writeBigInt64LE(0n, 4);
  head.writeInt32LE(0, 12);
  head.writeInt32LE(1, 16);
  return frame(requestCounter++, responseTo, OP_REPLY, Buffer.concat([head, payload]));
}

function parseMsg(body: Buffer): Doc {
  const flags = body.readUInt32LE(0);
  let offset = 4;
  const end = flags & 1 ? body.length - 4 : body.length;
  let doc: Doc = {};
  const sequences: Record<string, Doc[]> = {};
  while (offset < end) {
    const kind = body[offset];
    offset += 1;
    if (kind === 0) {
      const size = body.readInt32LE(offset);
      doc = bson().deserialize(body.subarray(offset, offset + size), { promoteLongs: true });
      offset += size;
    } else {
      const size = body.readInt32LE(offset);
      const sectionEnd = offset + size;
      let p = offset + 4;
      const nul = body.indexOf(0, p);
      const id = body.subarray(p, nul).toString("utf8");
      p = nul + 1;
      const docs: Doc[] = [];
      while (p < sectionEnd) {
        const docSize = body.readInt32LE(p);
        docs.push(bson().deserialize(body.subarray(p, p + docSize)));
        p += docSize;
      }
      sequences[id] = docs;
      offset = sectionEnd;
    }
  }
  return { ...doc, ...sequences };
}

export function createMongoStandin(port: number, onCommand?: (db: string, doc: Doc) => void) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const handle = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    let buffer: Buffer = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      while (buffer.length >= 16) {
        const length = buffer.readInt32LE(0);
        if (buffer.length < length) break;
        const message = buffer.subarray(0, length);
        buffer = buffer.subarray(length);
        const requestId = message.readInt32LE(4);
        const opCode = message.readInt32LE(12);
        const body = message.subarray(16);
        void (async () => {
          if (opCode === OP_MSG) {
            const doc = parseMsg(body);
            const db = String(doc.$db ?? "admin");
            onCommand?.(db, doc);
            const answer = await command(db, doc);
            if (!socket.destroyed) socket.write(replyMsg(requestId, answer));
          } else if (opCode === OP_QUERY) {
            let p = 4;
            const nul = body.indexOf(0, p);
            p = nul + 1 + 8;
            const size = body.readInt32LE(p);
            const query = bson().deserialize(body.subarray(p, p + size));
            onCommand?.("admin", query);
            const answer = await command("admin", query);
            if (!socket.destroyed) socket.write(replyLegacy(requestId, answer));
          }
        })();
      }
    });
  };
  return {
    start: () =>
      new Promise<void>((resolve) => {
        server = net.createServer(handle);
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
