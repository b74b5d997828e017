// A loopback Firestore stand-in: the real `google.firestore.v1.Firestore` gRPC service (loaded from
// the protos that @google-cloud/firestore ships) served by @grpc/grpc-js on 127.0.0.1, which is
// what the Firestore client talks to when FIRESTORE_EMULATOR_HOST points at it. It implements
// ListCollectionIds, BatchGetDocuments, RunQuery, RunAggregationQuery and Commit over a small
// billing project, and fails the way Firestore does: gRPC status codes with Firestore's messages
// (PERMISSION_DENIED from security rules, FAILED_PRECONDITION for a missing composite index,
// ALREADY_EXISTS, INVALID_ARGUMENT, NOT_FOUND, RESOURCE_EXHAUSTED, a slow query).

import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const load = createRequire(import.meta.url);
const FIRESTORE_BUILD = path.join(
  HERE,
  "node_modules/mcpfirestoredb/node_modules/@google-cloud/firestore/build",
);

/* The slice of @grpc/grpc-js and @grpc/proto-loader used here, written out so the project's
   typecheck does not need this group's node_modules. */
interface GrpcError {
  code: number;
  details: string;
}
type Callback = (error: GrpcError | null, value?: unknown) => void;
interface Call {
  request: Record<string, unknown>;
  metadata: { get(key: string): unknown[] };
  write(message: unknown): void;
  end(): void;
  emit(event: "error", error: GrpcError): void;
  cancelled?: boolean;
}
interface GrpcServer {
  addService(service: unknown, impl: Record<string, (call: Call, callback?: Callback) => void>): void;
  bindAsync(address: string, creds: unknown, cb: (error: Error | null, port: number) => void): void;
  forceShutdown(): void;
}
interface GrpcLib {
  Server: new (options?: object) => GrpcServer;
  ServerCredentials: { createInsecure(): unknown };
  loadPackageDefinition(def: unknown): Record<string, unknown>;
  status: Record<string, number>;
}
interface ProtoLoader {
  loadSync(file: string, options: object): unknown;
}

export const PROJECT = "corpus-r7-data";
const ROOT_PATH = `projects/${PROJECT}/databases/(default)/documents`;

export const firestoreState = {
  /** The credentials were revoked: every call answers UNAUTHENTICATED. */
  unauthenticated: false,
};

type Json = string | number | boolean | null | Date | Json[] | { [key: string]: Json };
interface StoredDoc {
  fields: Record<string, Json>;
}

const FIXED = { seconds: "1764928800", nanos: 0 }; // 2025-12-05T10:00:00Z
const READ = { seconds: "1764929400", nanos: 0 };

function seed(): Record<string, Record<string, StoredDoc>> {
  const due = (s: string) => new Date(s);
  return {
    invoices: {
      "inv-1001": {
        fields: { customer: "Ana Ruiz", amount: 41.6, status: "paid", dueDate: due("2025-11-30T00:00:00Z") },
      },
      "inv-1002": {
        fields: { customer: "Bo Lind", amount: 180, status: "overdue", dueDate: due("2025-11-15T00:00:00Z") },
      },
      "inv-1003": {
        fields: { customer: "Chen Wu", amount: 96, status: "open", dueDate: due("2025-12-20T00:00:00Z") },
      },
      "inv-1004": {
        fields: {
          customer: "Ana Ruiz",
          amount: 250,
          status: "overdue",
          dueDate: due("2025-11-20T00:00:00Z"),
        },
      },
    },
    customers: {
      ana: {
        fields: {
          name: "Ana Ruiz",
          email: "ana@shop.example",
          tier: "gold",
          credit: { limit: 500, used: 291.6 },
        },
      },
      bo: {
        fields: {
          name: "Bo Lind",
          email: "bo@shop.example",
          tier: "silver",
          credit: { limit: 200, used: 180 },
        },
      },
    },
    payroll: { "2025-11": { fields: { gross: 48200, headcount: 9 } } },
    audit_exports: { "2025-11": { fields: { rows: 120000, status: "done" } } },
  };
}

let store = seed();

export function resetFirestore() {
  store = seed();
}

// ---------------------------------------------------------------- Value <-> JS

type Value = Record<string, unknown>;

function toValue(v: Json): Value {
  if (v === null) return { nullValue: "NULL_VALUE" };
  if (typeof v === "boolean") return { booleanValue: v };
  if (typeof v === "number") return Number.isInteger(v) ? { integerValue: String(v) } : { doubleValue: v };
  if (typeof v === "string") return { stringValue: v };
  if (v instanceof Date)
    return { timestampValue: { seconds: String(Math.floor(v.getTime() / 1000)), nanos: 0 } };
  if (Array.isArray(v)) return { arrayValue: { values: v.map(toValue) } };
  return { mapValue: { fields: Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toValue(x)])) } };
}

function fromValue(value: Value): Json {
  const kind = (value.valueType as string | undefined) ?? Object.keys(value)[0] ?? "";
  const raw = value[kind];
  switch (kind) {
    case "nullValue":
      return null;
    case "booleanValue":
      return Boolean(raw);
    case "integerValue":
      return Number(raw);
    case "doubleValue":
      return Number(raw);
    case "stringValue":
      return String(raw);
    case "timestampValue": {
      const t = raw as { seconds: string };
      return new Date(Number(t.seconds) * 1000);
    }
    case "arrayValue":
      return (((raw as { values?: Value[] }).values ?? []) as Value[]).map(fromValue);
    case "mapValue":
      return Object.fromEntries(
        Object.entries(
          ((raw as { fields?: Record<string, Value> }).fields ?? {}) as Record<string, Value>,
        ).map(([k, x]) => [k, fromValue(x)]),
      );
    default:
      return null;
  }
}

function docMessage(collection: string, id: string, doc: StoredDoc) {
  return {
    name: `${ROOT_PATH}/${collection}/${id}`,
    fields: Object.fromEntries(Object.entries(doc.fields).map(([k, v]) => [k, toValue(v)])),
    createTime: FIXED,
    updateTime: FIXED,
  };
}

function splitName(name: string): { collection: string; id: string } {
  const rel = name.slice(ROOT_PATH.length + 1);
  const parts = rel.split("/");
  return { collection: parts.slice(0, -1).join("/"), id: parts[parts.length - 1] ?? "" };
}

// ---------------------------------------------------------------- queries

interface FieldFilter {
  field: { fieldPath: string };
  op: string;
  value: Value;
}
interface Filter {
  fieldFilter?: FieldFilter;
  compositeFilter?: { op: string; filters: Filter[] };
  unaryFilter?: { op: string; field: { fieldPath: string } };
}

class Status extends Error {
  constructor(
    public code: number,
    message: string,
  ) {
    super(message);
  }
}

const INEQUALITY = new Set([
  "LESS_THAN",
  "LESS_THAN_OR_EQUAL",
  "GREATER_THAN",
  "GREATER_THAN_OR_EQUAL",
  "NOT_EQUAL",
  "NOT_IN",
]);

function flatten(filter: Filter | undefined): FieldFilter[] {
  if (!filter) return [];
  if (filter.fieldFilter) return [filter.fieldFilter];
  if (filter.compositeFilter) return filter.compositeFilter.filters.flatMap(flatten);
  return [];
}

function compare(a: Json, b: Json): number {
  const x = a instanceof Date ? a.getTime() : a;
  const y = b instanceof Date ? b.getTime() : b;
  if (x === y) return 0;
  return (x as number) < (y as number) ? -1 : 1;
}

function passes(doc: StoredDoc, f: FieldFilter): boolean {
  const actual = doc.fields[f.field.fieldPath] ?? null;
  const expected = fromValue(f.value);
  switch (f.op) {
    case "EQUAL":
      return compare(actual, expected) === 0;
    case "NOT_EQUAL":
      return compare(actual, expected) !== 0;
    case "LESS_THAN":
      return compare(actual, expected) < 0;
    case "LESS_THAN_OR_EQUAL":
      return compare(actual, expected) <= 0;
    case "GREATER_THAN":
      return compare(actual, expected) > 0;
    case "GREATER_THAN_OR_EQUAL":
      return compare(actual, expected) >= 0;
    case "IN":
      return (expected as Json[]).some((e) => compare(actual, e) === 0);
    case "ARRAY_CONTAINS":
      return Array.isArray(actual) && actual.some((e) => compare(e, expected) === 0);
    default:
      return false;
  }
}

function indexUrl(collection: string, fields: string[]): string {
  const spec = `projects/${PROJECT}/databases/(default)/collectionGroups/${collection}/indexes/_${fields
    .map((f) => `|${f}`)
    .join("")}|__name__`;
  return `https://console.firebase.google.com/v1/r/project/${PROJECT}/firestore/indexes?create_composite=${Buffer.from(spec).toString("base64").replace(/=+$/, "")}`;
}

function runQuery(request: Record<string, unknown>): { collection: string; rows: [string, StoredDoc][] } {
  const query = (request.structuredQuery ?? {}) as {
    from?: { collectionId: string }[];
    where?: Filter;
    orderBy?: { field: { fieldPath: string }; direction: string }[];
    limit?: { value: number } | number;
    offset?: number;
  };
  const parent = String(request.parent ?? ROOT_PATH);
  const collection = query.from?.[0]?.collectionId ?? "";
  const fullCollection =
    parent === ROOT_PATH ? collection : `${parent.slice(ROOT_PATH.length + 1)}/${collection}`;
  guard(collection);
  const filters = flatten(query.where);
  for (const f of filters) {
    if (
      (f.op === "IN" || f.op === "ARRAY_CONTAINS_ANY" || f.op === "NOT_IN") &&
      ((fromValue(f.value) as Json[]) ?? []).length > 30
    )
      throw new Status(3, `'${f.op.replace(/_/g, " ")}' supports up to 30 comparison values.`);
  }
  const inequalities = filters.filter((f) => INEQUALITY.has(f.op)).map((f) => f.field.fieldPath);
  const equalities = filters.filter((f) => !INEQUALITY.has(f.op)).map((f) => f.field.fieldPath);
  const orderFields = (query.orderBy ?? []).map((o) => o.field.fieldPath).filter((f) => f !== "__name__");
  if (
    (inequalities.length > 0 && equalities.length > 0) ||
    (orderFields.length > 0 && filters.length > 0 && !orderFields.every((f) => inequalities.includes(f)))
  ) {
    throw new Status(
      9,
      `The query requires an index. You can create it here: ${indexUrl(collection, [...equalities, ...inequalities, ...orderFields.filter((f) => !inequalities.includes(f))])}`,
    );
  }
  let rows = Object.entries(store[fullCollection] ?? {}).filter(([, doc]) =>
    filters.every((f) => passes(doc, f)),
  );
  for (const order of [...(query.orderBy ?? [])].reverse()) {
    const dir = order.direction === "DESCENDING" ? -1 : 1;
    rows = [...rows].sort(([ia, a], [ib, b]) =>
      order.field.fieldPath === "__name__"
        ? ia.localeCompare(ib) * dir
        : compare(a.fields[order.field.fieldPath] ?? null, b.fields[order.field.fieldPath] ?? null) * dir,
    );
  }
  if (query.offset) rows = rows.slice(query.offset);
  const limit = typeof query.limit === "number" ? query.limit : query.limit?.value;
  if (limit) rows = rows.slice(0, limit);
  return { collection: fullCollection, rows };
}

const UNAUTHENTICATED =
  "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.";

function guard(collection: string) {
  if (firestoreState.unauthenticated) throw new Status(16, UNAUTHENTICATED);
  if (collection === "payroll" || collection.startsWith("payroll/"))
    throw new Status(7, "Missing or insufficient permissions.");
}

// ---------------------------------------------------------------- the gRPC service

export function createFirestoreStandin(port: number, onCall?: (method: string, request: unknown) => void) {
  let grpc: GrpcLib | undefined;
  let server: GrpcServer | undefined;
  const fail = (call: Call, error: unknown, callback?: Callback) => {
    const status: GrpcError =
      error instanceof Status
        ? { code: error.code, details: error.message }
        : { code: 13, details: `Internal error encountered. ${String(error)}` };
    if (callback) callback(status);
    else call.emit("error", status);
  };
  const impl: Record<string, (call: Call, callback?: Callback) => void> = {
    ListCollectionIds: (call, callback) => {
      onCall?.("ListCollectionIds", call.request);
      try {
        const parent = String(call.request.parent ?? "");
        if (firestoreState.unauthenticated) throw new Status(16, UNAUTHENTICATED);
        const ids =
          parent === ROOT_PATH
            ? Object.keys(store)
                .filter((c) => !c.includes("/"))
                .sort()
            : Object.keys(store)
                .filter((c) => c.startsWith(`${parent.slice(ROOT_PATH.length + 1)}/`))
                .map((c) => c.split("/").pop() ?? "");
        callback?.(null, { collectionIds: ids, nextPageToken: "" });
      } catch (error) {
        fail(call, error, callback);
      }
    },
    BatchGetDocuments: (call) => {
      onCall?.("BatchGetDocuments", call.request);
      try {
        for (const name of (call.request.documents as string[]) ?? []) {
          const { collection, id } = splitName(name);
          guard(collection);
          const doc = store[collection]?.[id];
          call.write(
            doc
              ? { found: docMessage(collection, id, doc), readTime: READ }
              : { missing: name, readTime: READ },
          );
        }
        call.end();
      } catch (error) {
        fail(call, error);
      }
    },
    RunQuery: (call) => {
      onCall?.("RunQuery", call.request);
      try {
        const { collection, rows } = runQuery(call.request);
        const send = () => {
          if (call.cancelled) return;
          if (rows.length === 0) call.write({ readTime: READ });
          for (const [id, doc] of rows)
            call.write({ document: docMessage(collection, id, doc), readTime: READ });
          call.end();
        };
        const limit = (call.request.structuredQuery as { limit?: { value?: number } } | undefined)?.limit
          ?.value;
        // exporting the audit collection is slow; the one-document probe list_collections makes is not
        if (collection === "audit_exports" && limit !== 1) setTimeout(send, 20_000);
        else send();
      } catch (error) {
        fail(call, error);
      }
    },
    RunAggregationQuery: (call) => {
      onCall?.("RunAggregationQuery", call.request);
      try {
        const aggregation = (call.request.structuredAggregationQuery ?? {}) as {
          structuredQuery?: unknown;
          aggregations?: { alias: string }[];
        };
        const { rows } = runQuery({
          parent: call.request.parent,
          structuredQuery: aggregation.structuredQuery,
        });
        const fields = Object.fromEntries(
          (aggregation.aggregations ?? []).map((a) => [a.alias, { integerValue: String(rows.length) }]),
        );
        call.write({ result: { aggregateFields: fields }, readTime: READ });
        call.end();
      } catch (error) {
        fail(call, error);
      }
    },
    Commit: (call, callback) => {
      onCall?.("Commit", call.request);
      try {
        const writes = (call.request.writes as Record<string, unknown>[]) ?? [];
        // validate every write before applying any (a commit is atomic)
        for (const w of writes) {
          const update = w.update as { name: string } | undefined;
          const target = update?.name ?? String(w.delete ?? "");
          const { collection, id } = splitName(target);
          guard(collection);
          const exists = Boolean(store[collection]?.[id]);
          const precondition = w.currentDocument as { exists?: boolean } | undefined;
          if (precondition?.exists === false && exists)
            throw new Status(6, `Document already exists: ${target}`);
          if (precondition?.exists === true && !exists)
            throw new Status(5, `No document to update: ${target}`);
        }
        for (const w of writes) {
          const update = w.update as { name: string; fields?: Record<string, Value> } | undefined;
          if (update) {
            const { collection, id } = splitName(update.name);
            const fields = Object.fromEntries(
              Object.entries(update.fields ?? {}).map(([k, v]) => [k, fromValue(v)]),
            );
            const mask = (w.updateMask as { fieldPaths?: string[] } | undefined)?.fieldPaths;
            const coll = (store[collection] ??= {});
            if (mask && coll[id]) Object.assign(coll[id]!.fields, fields);
            else coll[id] = { fields };
          } else if (w.delete) {
            const { collection, id } = splitName(String(w.delete));
            delete store[collection]?.[id];
          }
        }
        callback?.(null, { writeResults: writes.map(() => ({ updateTime: FIXED })), commitTime: FIXED });
      } catch (error) {
        fail(call, error, callback);
      }
    },
  };
  return {
    start: async () => {
      grpc ??= load(path.join(HERE, "node_modules/mcpfirestoredb/node_modules/@grpc/grpc-js")) as GrpcLib;
      const protoLoader = load(
        path.join(HERE, "node_modules/mcpfirestoredb/node_modules/@grpc/proto-loader"),
      ) as ProtoLoader;
      const definition = protoLoader.loadSync("google/firestore/v1/firestore.proto", {
        keepCase: false,
        longs: String,
        enums: String,
        defaults: false,
        oneofs: true,
        includeDirs: [path.join(FIRESTORE_BUILD, "protos")],
      });
      const pkg = grpc.loadPackageDefinition(definition) as {
        google: { firestore: { v1: { Firestore: { service: unknown } } } };
      };
      server = new grpc.Server();
      server.addService(pkg.google.firestore.v1.Firestore.service, impl);
      const g = grpc;
      await new Promise<void>((resolve, reject) =>
        server!.bindAsync(`127.0.0.1:${port}`, g.ServerCredentials.createInsecure(), (error) =>
          error ? reject(error) : resolve(),
        ),
      );
    },
    stop: async () => {
      server?.forceShutdown();
      server = undefined;
    },
  };
}
