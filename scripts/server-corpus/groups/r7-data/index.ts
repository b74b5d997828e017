// Group r7-data: data stores beyond SQL — a document database (MongoDB's own MCP server), a graph
// database (FalkorDB, over stdio and Streamable HTTP), a cloud document store (Firestore) and a
// search engine (Elasticsearch, through a community server) — each behind a loopback stand-in
// that speaks the real protocol and answers with the real service's errors (standins.ts).
//
//   (cd scripts/server-corpus/groups/r7-data && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r7-data

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec, type Step } from "../../harness.js";
import { step } from "../../steps.js";
import {
  DATA,
  DEAD_PORT,
  ES_API_KEY,
  ES_PORT,
  FALKOR_MCP_KEY,
  FALKOR_MCP_PORT,
  FALKOR_PORT,
  FIRESTORE_PORT,
  FIRESTORE_PROJECT,
  MONGO_PORT,
  esStandin,
  esState,
  falkorStandin,
  falkorState,
  firestoreStandin,
  firestoreState,
  mongoStandin,
  resetFirestore,
  resetMongo,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "mongodb-mcp-server": "3.0.4",
  "@falkordb/mcpserver": "1.3.0",
  mcpfirestoredb: "1.1.2",
  "@awesome-ai/elasticsearch-mcp": "1.0.7",
};

/** Switch a flag on for one call. */
function during<T extends object>(state: T, key: keyof T): Partial<Step> {
  return {
    before: async () => {
      (state as Record<keyof T, unknown>)[key] = true;
    },
    after: async () => {
      (state as Record<keyof T, unknown>)[key] = false;
    },
  };
}

/** Stop a stand-in for one call (the backend is down), start it again afterwards. */
function down(standin: { start(): Promise<void>; stop(): Promise<void> }, timeoutMs?: number): Partial<Step> {
  return {
    ...(timeoutMs ? { timeoutMs } : {}),
    before: async () => {
      await standin.stop();
      await sleep(300);
    },
    after: async () => {
      await standin.start();
      await sleep(300);
    },
  };
}

// ---------------------------------------------------------------- MongoDB

const PRE = { connectionId: "preconfigured" };
const SHOP = { ...PRE, database: "shop" };

const mongo: SessionSpec = {
  label: "r7-data-mongodb",
  server: "mongodb-mcp-server",
  transport: "stdio",
  start: stdioServer("r7-data-mongodb", "mongodb-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      MDB_MCP_CONNECTION_STRING: `mongodb://127.0.0.1:${MONGO_PORT}/?serverSelectionTimeoutMS=3000`,
      MDB_MCP_TELEMETRY: "disabled",
      MDB_MCP_LOG_PATH: path.join(DATA, "mongodb-mcp-logs"),
      MDB_MCP_EXPORTS_PATH: path.join(DATA, "mongodb-mcp-exports"),
    },
  }),
  steps: [
    step("mg-001", "list-databases", { ...PRE }, "list the databases"),
    step("mg-002", "list-collections", { ...SHOP }, "list the shop database's collections"),
    step(
      "mg-003",
      "find",
      { ...SHOP, collection: "orders", filter: { customer: "Ana Ruiz" }, sort: { placedAt: -1 } },
      "find one customer's orders, newest first",
    ),
    step(
      "mg-004",
      "find",
      { ...SHOP, collection: "orders", filter: { status: "returned" } },
      "find orders in a status none has",
    ),
    step(
      "mg-005",
      "count",
      { ...SHOP, collection: "orders", query: { total: { $foo: 100 } } },
      "count with an operator MongoDB does not have",
    ),
    step(
      "mg-006",
      "count",
      { ...SHOP, collection: "orders", query: { total: { $foo: 100 } } },
      "the same count again, unchanged",
    ),
    step(
      "mg-007",
      "aggregate",
      { ...SHOP, collection: "orders", pipeline: [{ $lookupp: { from: "customers", as: "buyer" } }] },
      "an aggregation with a misspelt stage",
    ),
    step(
      "mg-008",
      "collection-indexes",
      { ...SHOP, collection: "invoices" },
      "indexes of a collection that does not exist",
    ),
    step(
      "mg-009",
      "insert-many",
      {
        ...SHOP,
        collection: "orders",
        documents: [
          {
            _id: { $oid: "65a1f0c0e4b0a1b2c3d40001" },
            orderNo: "SO-1001",
            customer: "Ana Ruiz",
            total: 41.6,
          },
        ],
      },
      "insert an order whose _id is taken (E11000)",
    ),
    step(
      "mg-010",
      "insert-many",
      { ...SHOP, collection: "orders", documents: [{ orderNo: "SO-1005", customer: "Dana Ek", items: 2 }] },
      "insert an order the collection's validator rejects (no total)",
    ),
    step(
      "mg-011",
      "update-many",
      {
        ...SHOP,
        collection: "orders",
        filter: { orderNo: "SO-1002" },
        update: { $sett: { status: "shipped" } },
      },
      "an update with a misspelt operator",
    ),
    step(
      "mg-012",
      "update-many",
      {
        ...SHOP,
        collection: "orders",
        filter: { orderNo: "SO-1002" },
        update: { $set: { status: "shipped" } },
      },
      "mark one order shipped",
    ),
    step(
      "mg-013",
      "find",
      { ...PRE, database: "payroll", collection: "salaries", filter: {} },
      "read a database the user has no role on",
    ),
    step(
      "mg-014",
      "drop-index",
      { ...SHOP, collection: "orders", indexName: "status_1", type: "classic" },
      "drop an index that does not exist",
    ),
    step("mg-015", "mongodb-logs", { ...PRE, type: "global", limit: 10 }, "the server's recent log lines"),
    step("mg-016", "find", { ...SHOP, collection: "orders", limit: "ten" }, "limit given as a word"),
    step("mg-017", "run-command", { ...SHOP, command: { ping: 1 } }, "a tool the server does not have"),
    step(
      "mg-018",
      "find",
      { connectionId: "staging-1a2b", database: "shop", collection: "orders" },
      "a connectionId that was never issued",
    ),
    step(
      "mg-019",
      "connect",
      {
        connectionString: `mongodb://reporter:wrong-password@127.0.0.1:${MONGO_PORT}/shop?authSource=admin&serverSelectionTimeoutMS=3000`,
      },
      "connect with a wrong password",
    ),
    step(
      "mg-020",
      "connect",
      { connectionString: `mongodb://127.0.0.1:${DEAD_PORT}/shop?serverSelectionTimeoutMS=3000` },
      "connect to a port nothing listens on",
    ),
    step(
      "mg-021",
      "find",
      { ...SHOP, collection: "nightly_rollup", filter: { day: "2026-11-30" } },
      "read a collection whose queries take 20 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "mg-022",
      "list-collections",
      { ...SHOP },
      "list collections while the database is down (stand-in stopped)",
      down(mongoStandin, 10_000),
    ),
  ],
};

// ---------------------------------------------------------------- FalkorDB (stdio)

const SC = { graphName: "supply_chain" };

const falkor: SessionSpec = {
  label: "r7-data-falkordb",
  server: "@falkordb/mcpserver",
  transport: "stdio",
  start: stdioServer("r7-data-falkordb", "@falkordb/mcpserver", {
    from: FROM,
    cwd: DATA,
    env: { FALKORDB_HOST: "127.0.0.1", FALKORDB_PORT: String(FALKOR_PORT), NODE_ENV: "production" },
  }),
  steps: [
    step("fk-001", "list_graphs", {}, "list the graphs"),
    step(
      "fk-002",
      "query_graph_readonly",
      {
        ...SC,
        query:
          "MATCH (s:Supplier) RETURN s.name AS name, s.country AS country, s.rating AS rating ORDER BY name",
      },
      "list suppliers",
    ),
    step(
      "fk-003",
      "query_graph",
      {
        ...SC,
        query:
          "MATCH (s:Supplier {name: $name})-[r:SUPPLIES]->(p:Part) RETURN p, r.since AS since ORDER BY since",
        params: { name: "Nordic Hinge AB" },
        readOnly: true,
      },
      "the parts one supplier supplies, as nodes",
    ),
    step(
      "fk-004",
      "query_graph_readonly",
      {
        ...SC,
        query: "MATCH (p:Part) WHERE p.price > $min RETURN p.sku AS sku, p.price AS price",
        params: { min: 1000 },
      },
      "parts above a price none reaches",
    ),
    step("fk-005", "get_graph_schema", { ...SC }, "the graph's schema"),
    step("fk-006", "get_graph_schema", { graphName: "supply_chian" }, "the schema of a misspelt graph name"),
    step(
      "fk-007",
      "query_graph_readonly",
      { ...SC, query: "MATCH (s:Supplier RETURN s.name" },
      "a query with an unclosed node pattern",
    ),
    step(
      "fk-008",
      "query_graph_readonly",
      { ...SC, query: "MATCH (s:Supplier RETURN s.name" },
      "the same broken query again, unchanged",
    ),
    step(
      "fk-009",
      "query_graph_readonly",
      { ...SC, query: "MATCH (p:Part) RETURN toUpperr(p.name) AS name" },
      "a query calling a function that does not exist",
    ),
    step(
      "fk-010",
      "query_graph_readonly",
      { ...SC, query: "MATCH (p:Part) RETURN substring(p.name, 0, 'five') AS short" },
      "a function argument of the wrong type",
    ),
    step(
      "fk-011",
      "query_graph_readonly",
      { ...SC, query: "CREATE (:Part {sku: 'HNG-80', name: 'Brass hinge 80mm', price: 5.4})" },
      "a write through the read-only tool",
    ),
    step(
      "fk-012",
      "query_graph",
      { ...SC, query: "CREATE (w:Warehouse {city: $city}) RETURN w", params: { city: "Tallinn" } },
      "create a warehouse node",
    ),
    step(
      "fk-013",
      "query_graph_readonly",
      { ...SC, query: "MATCH p=(:Part)-[*..12]-() RETURN count(p) AS paths" },
      "an unbounded path count that hits the server's query timeout",
    ),
    step(
      "fk-014",
      "query_graph",
      { ...SC, query: "MATCH (p:Part {sku: 'PUL-OAK'}) SET p.price = 8.1" },
      "a write while the server is over maxmemory",
      during(falkorState, "oom"),
    ),
    step(
      "fk-015",
      "delete_graph",
      { graphName: "supply_chain_2024", confirmDelete: true },
      "delete a graph that does not exist",
    ),
    step(
      "fk-016",
      "delete_graph",
      { graphName: "scratch", confirmDelete: false },
      "delete without the confirmation flag",
    ),
    step(
      "fk-017",
      "get_node_schema",
      { ...SC, label: "Suplier" },
      "the property schema of a misspelt node label",
    ),
    step(
      "fk-018",
      "get_node_schema",
      { ...SC, label: "Part) DETACH DELETE (n", sampleSize: 10 },
      "a label that is not an identifier",
    ),
    step(
      "fk-019",
      "list_graphs",
      {},
      "list graphs while the server is loading its dataset",
      during(falkorState, "loading"),
    ),
    step("fk-020", "export_graph", { ...SC }, "a tool the server does not have"),
    step(
      "fk-021",
      "query_graph_readonly",
      {
        ...SC,
        query:
          "CALL db.idx.fulltext.queryNodes('Part', $term) YIELD node, score RETURN node.sku AS sku, score",
        params: { term: "hinge" },
      },
      "a full-text search; the database goes down while it runs (stand-in stopped mid-call)",
      {
        during: async () => {
          await sleep(800);
          await falkorStandin.stop();
        },
        after: async () => {
          await falkorStandin.start();
          await sleep(300);
        },
      },
    ),
    step("fk-022", "list_graphs", {}, "list graphs right after the database came back"),
  ],
};

// ---------------------------------------------------------------- FalkorDB (Streamable HTTP)

let falkorBearer = FALKOR_MCP_KEY;

const falkorHttp: SessionSpec = {
  label: "r7-data-falkordb-http",
  server: "@falkordb/mcpserver",
  transport: "http",
  start: httpServer("r7-data-falkordb-http", "@falkordb/mcpserver", {
    from: FROM,
    port: FALKOR_MCP_PORT,
    path: "/mcp",
    env: {
      FALKORDB_HOST: "127.0.0.1",
      FALKORDB_PORT: String(FALKOR_PORT),
      MCP_TRANSPORT: "http",
      MCP_PORT: String(FALKOR_MCP_PORT),
      MCP_API_KEY: FALKOR_MCP_KEY,
      NODE_ENV: "production",
    },
    headers: () => ({ authorization: `Bearer ${falkorBearer}` }),
  }),
  steps: [
    step("fkh-001", "list_graphs", {}, "list the graphs over HTTP"),
    step(
      "fkh-002",
      "query_graph_readonly",
      {
        ...SC,
        query: "MATCH (w:Warehouse)-[s:STOCKS]->(p:Part) RETURN w.city AS city, p.sku AS sku, s.qty AS qty",
      },
      "stock levels over HTTP",
    ),
    step("fkh-003", "list_graphs", {}, "list graphs after the MCP API key was rotated (old key sent)", {
      before: async () => {
        falkorBearer = "r7-falkor-mcp-key-old";
      },
    }),
    step("fkh-004", "list_graphs", {}, "the same call with the old key again", {
      after: async () => {
        falkorBearer = FALKOR_MCP_KEY;
      },
    }),
    step(
      "fkh-005",
      "query_graph_readonly",
      {
        ...SC,
        query:
          "MATCH (s:Supplier) RETURN s.name AS name, s.country AS country, s.rating AS rating ORDER BY name",
      },
      "list suppliers after the MCP server restarted (the client's session is gone)",
      {
        before: async (live) => {
          await live.restart?.();
        },
      },
    ),
  ],
};

// ---------------------------------------------------------------- Firestore

const INV = { collection_path: "invoices" };

const firestore: SessionSpec = {
  label: "r7-data-firestore",
  server: "mcpfirestoredb",
  transport: "stdio",
  start: stdioServer("r7-data-firestore", "mcpfirestoredb", {
    from: FROM,
    cwd: DATA,
    env: {
      FIREBASE_PROJECT_ID: FIRESTORE_PROJECT,
      FIRESTORE_EMULATOR_HOST: `127.0.0.1:${FIRESTORE_PORT}`,
    },
  }),
  steps: [
    step("fs-001", "list_collections", {}, "list the root collections"),
    step("fs-002", "get_doc", { ...INV, document_id: "inv-1002" }, "get one invoice"),
    step("fs-003", "get_doc", { ...INV, document_id: "inv-9999" }, "get an invoice that does not exist"),
    step(
      "fs-004",
      "get_doc",
      { ...INV, document_id: "inv-9999" },
      "the same missing invoice again, unchanged",
    ),
    step(
      "fs-005",
      "get_docs",
      { ...INV, query_options: { where: [{ field: "status", operator: "==", value: "overdue" }] } },
      "overdue invoices",
    ),
    step(
      "fs-006",
      "get_docs",
      {
        ...INV,
        query_options: {
          where: [
            { field: "status", operator: "==", value: "overdue" },
            { field: "amount", operator: ">", value: 100 },
          ],
        },
      },
      "overdue invoices above an amount (needs a composite index)",
    ),
    step(
      "fs-007",
      "parse_index_error",
      {
        error_message: `9 FAILED_PRECONDITION: The query requires an index. You can create it here: https://console.firebase.google.com/v1/r/project/${FIRESTORE_PROJECT}/firestore/indexes?create_composite=cHJvamVjdHMvY29ycHVzLXI3LWRhdGEvZGF0YWJhc2VzLyhkZWZhdWx0KS9jb2xsZWN0aW9uR3JvdXBzL2ludm9pY2VzL2luZGV4ZXMvX3xzdGF0dXN8YW1vdW50fF9fbmFtZV9f`,
      },
      "ask the server to read the index error",
    ),
    step(
      "fs-008",
      "get_docs",
      { ...INV, where_conditions: [["status", "==", "paid"]], limit: 1 },
      "paid invoices, with the filter in the tool schema's own where_conditions form",
    ),
    step("fs-009", "get_docs", { collection_path: "payroll" }, "read a collection the security rules deny"),
    step(
      "fs-010",
      "get_docs",
      { ...INV, query_options: { where: [{ field: "customer", operator: "contains", value: "Ana" }] } },
      "a where clause with an operator Firestore does not have",
    ),
    step(
      "fs-011",
      "update_doc",
      { ...INV, document_id: "inv-9999", data: { status: "paid" } },
      "update an invoice that does not exist",
    ),
    step(
      "fs-012",
      "update_doc",
      { ...INV, document_id: "inv-1003", data: { status: "paid" } },
      "mark an invoice paid",
    ),
    step(
      "fs-013",
      "batch_create",
      {
        operations: [
          { collection_path: "customers", document_id: "chen", data: { name: "Chen Wu", tier: "gold" } },
          { collection_path: "customers", document_id: "dana", data: { name: "Dana Ek", tier: "bronze" } },
        ],
      },
      "create two customers in the shape the tool's schema describes",
    ),
    step(
      "fs-014",
      "batch_create",
      {
        collection_path: "customers",
        documents: [
          { id: "chen", data: { name: "Chen Wu", tier: "gold" } },
          { id: "dana", data: { name: "Dana Ek", tier: "bronze" } },
        ],
      },
      "create the same two customers in the shape the handler reads",
    ),
    step(
      "fs-015",
      "analyze_schema",
      { collection_path: "shipments" },
      "the schema of a collection with no documents",
    ),
    step("fs-016", "get_doc", { ...INV }, "get_doc without its required document_id"),
    step("fs-017", "query_collection", { ...INV }, "a tool the server does not have"),
    step(
      "fs-018",
      "list_collections",
      {},
      "list collections after the service account's credentials were revoked",
      during(firestoreState, "unauthenticated"),
    ),
    step(
      "fs-019",
      "get_doc",
      { collection_path: "customers", document_id: "ana" },
      "get a customer while Firestore is unreachable (stand-in stopped); the client waits 5 s",
      down(firestoreStandin, 5000),
    ),
    step(
      "fs-020",
      "get_docs",
      { collection_path: "audit_exports" },
      "read the slow audit export; the server is killed mid-call",
      {
        during: async (live) => {
          await sleep(1500);
          live.kill();
        },
      },
    ),
    step("fs-021", "list_collections", {}, "list collections after the server process died"),
  ],
};

// ---------------------------------------------------------------- Elasticsearch

const elastic: SessionSpec = {
  label: "r7-data-elasticsearch",
  server: "@awesome-ai/elasticsearch-mcp",
  transport: "stdio",
  start: stdioServer("r7-data-elasticsearch", "@awesome-ai/elasticsearch-mcp", {
    from: FROM,
    cwd: DATA,
    env: { ES_HOST: `http://127.0.0.1:${ES_PORT}`, ES_API_KEY },
  }),
  steps: [
    step("es-001", "elasticsearch_health", {}, "cluster health"),
    step("es-002", "list_indices", {}, "list the indices"),
    step("es-003", "get_mappings", { index: "products" }, "the products index's mapping"),
    step(
      "es-004",
      "search",
      { index: "products", queryBody: { query: { match: { name: "hinge" } } } },
      "search products",
    ),
    step(
      "es-005",
      "search",
      { index: "products", queryBody: { query: { match: { name: "zeppelin" } } } },
      "search products for a word none has",
    ),
    step(
      "es-006",
      "search",
      { index: "prodcuts", queryBody: { query: { match: { name: "hinge" } } } },
      "search a misspelt index",
    ),
    step(
      "es-007",
      "search",
      { index: "prodcuts", queryBody: { query: { match: { name: "hinge" } } } },
      "the same misspelt index again, unchanged",
    ),
    step(
      "es-008",
      "search",
      { index: "products", queryBody: { query: { matc: { name: "hinge" } } } },
      "a query DSL with a misspelt query type",
    ),
    step(
      "es-009",
      "search",
      { index: "products", queryBody: { query: { match_all: {} }, sort: [{ name: "asc" }] } },
      "sort on a text field (fielddata disabled)",
    ),
    step("es-010", "create_index", { index: "products" }, "create an index that exists"),
    step(
      "es-011",
      "bulk",
      {
        index: "products",
        idField: "sku",
        documents: [
          { sku: "HNG-80", name: "Brass hinge 80mm", price: 5.4, in_stock: true },
          { sku: "HNG-90", name: "Brass hinge 90mm", price: "five", in_stock: true },
        ],
      },
      "bulk-index two products, one with a price that is not a number",
    ),
    step("es-012", "get_mappings", { index: "orders" }, "the mapping of an index the API key may not view"),
    step(
      "es-013",
      "search",
      { index: "products", queryBody: { query: { match: { description: "brass" } } } },
      "search while the search thread pool rejects work (429)",
      during(esState, "searchRejected"),
    ),
    step(
      "es-014",
      "search",
      { index: "products", queryBody: { query: { match: { description: "oak" } } } },
      "search after the API key expired",
      during(esState, "keyExpired"),
    ),
    step("es-015", "list_indices", {}, "list indices while the cluster has no elected master (503)", {
      ...during(esState, "noMaster"),
      timeoutMs: 20_000,
    }),
    step(
      "es-016",
      "reindex",
      { sourceIndex: "products", destIndex: "products-v2" },
      "a reindex that runs for minutes; the client waits 4 s",
      { timeoutMs: 4000 },
    ),
    step("es-017", "delete_index", { index: "products" }, "a tool the server does not have"),
    step(
      "es-018",
      "search",
      { index: "products", queryBody: "name:hinge" },
      "the query body given as a string",
    ),
    step(
      "es-019",
      "delete_index_template",
      { name: "logs-template" },
      "delete an index template that does not exist",
    ),
    step(
      "es-020",
      "elasticsearch_health",
      {},
      "cluster health while Elasticsearch is down (stand-in stopped)",
      { ...down(esStandin), timeoutMs: 20_000 },
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [mongo, falkor, falkorHttp, firestore, elastic];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(DATA, { recursive: true });
  resetMongo();
  resetFirestore();
  falkorBearer = FALKOR_MCP_KEY;
  await Promise.all([
    mongoStandin.start(),
    falkorStandin.start(),
    firestoreStandin.start(),
    esStandin.start(),
  ]);
  return async () => {
    await Promise.allSettled([
      mongoStandin.stop(),
      falkorStandin.stop(),
      firestoreStandin.stop(),
      esStandin.stop(),
    ]);
  };
}
