// Round VI, group r6-data: databases and data APIs not yet in the corpus — a PostgREST bridge
// (Supabase's) over a PostgREST stand-in, a PostgreSQL administration server over the local
// PostgreSQL, and a knowledge-graph memory server over a JSONL file. See README.md.

import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec, type Step } from "../../harness.js";
import { GOOD_KEY, keyState, POSTGREST_PORT, startPostgrest } from "./standin.js";
import { VERDICTS } from "./verdicts.js";

export { VERDICTS };

const FROM = path.dirname(fileURLToPath(import.meta.url));
export const DATA = "/tmp/faultline-corpus-r6-data";
const KG_FILE = path.join(DATA, "kg", "graph.jsonl");
const LIBSQL_FILE = path.join(DATA, "libsql", "memory.db");
const EXPORT_DIR = path.join(DATA, "export");
const PG_ADMIN = process.env.CORPUS_PG_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const PG_DB = "r6data_pg";
const PG_OWNER = "r6data_owner";
const PG_READER = "r6data_reader";
const pgUrl = (user: string, db = PG_DB, port = 5432) => `postgresql://${user}@127.0.0.1:${port}/${db}`;
const POSTGREST = `http://127.0.0.1:${POSTGREST_PORT}/rest/v1`;

export const PACKAGES: Record<string, string> = {
  "@supabase/mcp-server-postgrest": "0.2.0",
  "@henkey/postgres-mcp-server": "1.0.7",
  "@itseasy21/mcp-knowledge-graph": "1.0.7",
  "mcp-memory-libsql": "0.0.17",
};

const step = (
  id: string,
  tool: string,
  args: Record<string, unknown>,
  scenario: string,
  more: Partial<Step> = {},
): Step => ({
  id,
  tool,
  args,
  scenario,
  ...more,
});

function psql(url: string, sql: string) {
  execFileSync("psql", ["-v", "ON_ERROR_STOP=1", "-qtA", url, "-c", sql], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}

function preparePg() {
  psql(PG_ADMIN, `DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
  psql(PG_ADMIN, `DROP ROLE IF EXISTS ${PG_READER}`);
  psql(PG_ADMIN, `DROP ROLE IF EXISTS ${PG_OWNER}`);
  psql(PG_ADMIN, `CREATE ROLE ${PG_OWNER} LOGIN`);
  psql(PG_ADMIN, `CREATE ROLE ${PG_READER} LOGIN`);
  psql(PG_ADMIN, `ALTER ROLE ${PG_READER} SET statement_timeout = '2s'`);
  psql(PG_ADMIN, `CREATE DATABASE ${PG_DB} OWNER ${PG_OWNER}`);
  psql(
    pgUrl(PG_OWNER),
    `CREATE TABLE customers (id serial PRIMARY KEY, email text NOT NULL UNIQUE, name text NOT NULL, country char(2) NOT NULL CHECK (country ~ '^[A-Z]{2}$'));
     CREATE TABLE orders (id serial PRIMARY KEY, customer_id int NOT NULL REFERENCES customers(id), total numeric(10,2) NOT NULL, placed_at date NOT NULL);
     CREATE TABLE payroll (id serial PRIMARY KEY, employee text NOT NULL, salary numeric NOT NULL);
     INSERT INTO customers (email, name, country) VALUES ('ann@example.com','Ann Lee','GB'),('bob@example.com','Bob Roy','FR'),('cho@example.com','Cho Min','KR');
     INSERT INTO orders (customer_id, total, placed_at) VALUES (1, 120.50, '2026-10-02'), (1, 33.10, '2026-11-14'), (2, 980.00, '2026-11-20');
     INSERT INTO payroll (employee, salary) VALUES ('Ann Lee', 81000);
     GRANT USAGE ON SCHEMA public TO ${PG_READER};
     GRANT SELECT ON customers, orders TO ${PG_READER};`,
  );
}

export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(DATA, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(KG_FILE), { recursive: true });
  fs.mkdirSync(EXPORT_DIR, { recursive: true });
  fs.mkdirSync(path.dirname(LIBSQL_FILE), { recursive: true });
  fs.writeFileSync(
    KG_FILE,
    [
      {
        type: "entity",
        name: "Ann Lee",
        entityType: "person",
        observations: ["on-call lead for billing", "prefers Postgres"],
      },
      {
        type: "entity",
        name: "billing-api",
        entityType: "service",
        observations: ["written in Go", "owns the invoices table"],
      },
      { type: "relation", from: "Ann Lee", to: "billing-api", relationType: "maintains" },
    ]
      .map((line) => JSON.stringify(line))
      .join("\n"),
  );
  preparePg();
  let stopPostgrest: (() => Promise<void>) | undefined = await startPostgrest();
  postgrestControl.stop = async () => {
    await stopPostgrest?.();
    stopPostgrest = undefined;
  };
  postgrestControl.start = async () => {
    if (!stopPostgrest) stopPostgrest = await startPostgrest();
  };
  return async () => {
    await stopPostgrest?.();
    stopPostgrest = undefined;
  };
}

const postgrestControl: { stop: () => Promise<void>; start: () => Promise<void> } = {
  stop: async () => {},
  start: async () => {},
};

// ---------------------------------------------------------------------------------------------
const postgrestArgs = ["--apiUrl", POSTGREST, "--schema", "public", "--apiKey", GOOD_KEY];
const expire = {
  before: async () => {
    keyState.expired = true;
  },
  after: async () => {
    keyState.expired = false;
  },
};
const req = (method: string, p: string, body?: unknown) =>
  body === undefined ? { method, path: p } : { method, path: p, body };

const postgrest: SessionSpec = {
  label: "r6-data-postgrest",
  server: "@supabase/mcp-server-postgrest",
  transport: "stdio",
  start: stdioServer("r6-data-postgrest", "@supabase/mcp-server-postgrest", {
    args: postgrestArgs,
    from: FROM,
  }),
  steps: [
    step("pgr-001", "postgrestRequest", req("GET", "/todos?select=id,title,done"), "list the todos"),
    step(
      "pgr-002",
      "postgrestRequest",
      req("GET", "/todos?owner=eq.ann&done=eq.false"),
      "filter the todos of one owner",
    ),
    step("pgr-003", "postgrestRequest", req("GET", "/todos?owner=eq.zed"), "filter by an owner who has none"),
    step("pgr-004", "postgrestRequest", req("GET", "/todo_items"), "read a table that does not exist"),
    step(
      "pgr-005",
      "postgrestRequest",
      req("GET", "/todos?select=id,priority"),
      "select a column that does not exist",
    ),
    step("pgr-006", "postgrestRequest", req("GET", "/todos?id=gt5"), "a filter with broken syntax"),
    step("pgr-007", "postgrestRequest", req("GET", "/todos?id=gt5"), "the same broken filter again"),
    step(
      "pgr-008",
      "postgrestRequest",
      req("POST", "/todos", { id: 1, title: "Duplicate" }),
      "insert a row whose key exists",
    ),
    step(
      "pgr-009",
      "postgrestRequest",
      req("POST", "/todos", { id: 9, title: "Renew TLS certificates" }),
      "insert a new row",
    ),
    step("pgr-010", "postgrestRequest", req("GET", "/audit_log"), "read a table the role may not read"),
    step("pgr-011", "postgrestRequest", req("GET", "/busy"), "the gateway rate limits"),
    step("pgr-012", "postgrestRequest", req("GET", "/reports"), "PostgREST cannot reach its database"),
    step("pgr-013", "postgrestRequest", req("GET", "/legacy"), "a proxy answers a 502 HTML page"),
    step(
      "pgr-014",
      "sqlToRest",
      { sql: "SELECT id, title FROM todos WHERE done = false ORDER BY id LIMIT 5" },
      "translate SQL to a PostgREST request",
    ),
    step("pgr-015", "sqlToRest", { sql: "SELEC id FROM todos" }, "translate SQL with a syntax error"),
    step("pgr-016", "postgrestRequest", req("TRUNCATE", "/todos"), "an HTTP method the tool does not offer"),
  ],
};

const postgrest2: SessionSpec = {
  label: "r6-data-postgrest-2",
  server: "@supabase/mcp-server-postgrest",
  transport: "stdio",
  start: stdioServer("r6-data-postgrest-2", "@supabase/mcp-server-postgrest", {
    args: postgrestArgs,
    from: FROM,
  }),
  steps: [
    step(
      "pgr-101",
      "postgrestRequest",
      req("GET", "/todos?select=id,title"),
      "read after the JWT expired",
      expire,
    ),
    step(
      "pgr-111",
      "postgrestRequest",
      req("GET", "/todos?select=id,title"),
      "the same read again, the JWT still expired",
      expire,
    ),
    step("pgr-102", "postgrestRequest", { method: "GET" }, "call without the path"),
    step(
      "pgr-103",
      "sqlToRest",
      { sql: "SELECT * FROM todos t JOIN invoices i ON i.todo_id = t.id" },
      "translate a join the translator does not support",
    ),
    step("pgr-104", "postgrestRequest", req("GET", "/todos"), "the API is stopped", {
      before: () => postgrestControl.stop(),
      after: () => postgrestControl.start(),
    }),
    step(
      "pgr-105",
      "sqlToRest",
      { sql: "SELECT title FROM todos WHERE owner = 'ann'" },
      "translate a filtered select",
    ),
    step("pgr-106", "postgrestExec", { sql: "SELECT 1" }, "a tool this server does not have"),
    step(
      "pgr-107",
      "postgrestRequest",
      req("GET", "/slow_view?select=*"),
      "the database cancels a slow statement",
    ),
    step(
      "pgr-108",
      "postgrestRequest",
      req("POST", "/rpc/monthly_total", { month: "2026-11" }),
      "call a function that does not exist",
    ),
    step("pgr-109", "postgrestRequest", req("GET", "/todos?id=eq.abc"), "a filter value of the wrong type"),
    step(
      "pgr-110",
      "postgrestRequest",
      req("POST", "/todos", { id: 12 }),
      "insert a row without its required title",
    ),
  ],
};

// ---------------------------------------------------------------------------------------------
const henkeyStart = stdioServer("r6-data-pgadmin", "@henkey/postgres-mcp-server", {
  args: ["--connection-string", pgUrl(PG_OWNER)],
  from: FROM,
});

const pgadmin: SessionSpec = {
  label: "r6-data-pgadmin",
  server: "@henkey/postgres-mcp-server",
  transport: "stdio",
  start: henkeyStart,
  steps: [
    step(
      "hpg-001",
      "pg_execute_query",
      { operation: "select", query: "SELECT id, name, country FROM customers ORDER BY id" },
      "select the customers",
    ),
    step(
      "hpg-002",
      "pg_execute_query",
      { operation: "count", query: "SELECT * FROM orders WHERE total > 100" },
      "count big orders",
    ),
    step(
      "hpg-003",
      "pg_execute_query",
      { operation: "select", query: "SELECT * FROM orders WHERE placed_at < '2020-01-01'" },
      "select orders that do not exist",
    ),
    step(
      "hpg-004",
      "pg_execute_query",
      { operation: "select", query: "SELECT * FROM invoices" },
      "select from a missing table",
    ),
    step(
      "hpg-005",
      "pg_execute_query",
      { operation: "select", query: "SELECT id, nme FROM customers" },
      "select a misspelt column",
    ),
    step("hpg-006", "pg_execute_sql", { sql: "SELEC 1" }, "SQL with a syntax error"),
    step("hpg-007", "pg_execute_sql", { sql: "SELEC 1" }, "the same broken SQL again"),
    step(
      "hpg-008",
      "pg_execute_mutation",
      {
        operation: "insert",
        table: "customers",
        data: { email: "ann@example.com", name: "Ann Again", country: "GB" },
      },
      "insert a duplicate email",
    ),
    step(
      "hpg-009",
      "pg_execute_mutation",
      {
        operation: "insert",
        table: "customers",
        data: { email: "dee@example.com", name: "Dee Park", country: "gb" },
      },
      "insert a row that breaks a CHECK constraint",
    ),
    step(
      "hpg-010",
      "pg_execute_mutation",
      { operation: "update", table: "orders", data: { total: 99.99 }, where: "id = 4242" },
      "update a row that does not exist",
    ),
    step("hpg-011", "pg_execute_sql", { sql: "SELECT total / 0 FROM orders" }, "divide by zero"),
    step(
      "hpg-012",
      "pg_execute_query",
      { operation: "aggregate", query: "SELECT 1" },
      "an operation that is not in the enum",
    ),
    step("hpg-013", "pg_execute_query", { operation: "select", query: 42 }, "a query of the wrong type"),
    step(
      "hpg-014",
      "pg_manage_schema",
      { operation: "get_info", tableName: "customers" },
      "describe a table",
    ),
    step(
      "hpg-015",
      "pg_manage_schema",
      { operation: "get_info", tableName: "no_such_table" },
      "describe a table that does not exist",
    ),
    step("hpg-016", "pg_drop_database", { name: PG_DB }, "a tool this server does not have"),
  ],
};

const pgadmin2: SessionSpec = {
  label: "r6-data-pgadmin-2",
  server: "@henkey/postgres-mcp-server",
  transport: "stdio",
  start: stdioServer("r6-data-pgadmin-2", "@henkey/postgres-mcp-server", {
    args: ["--connection-string", pgUrl(PG_OWNER)],
    from: FROM,
  }),
  steps: [
    step(
      "hpg-101",
      "pg_execute_query",
      { operation: "select", query: "SELECT * FROM payroll", connectionString: pgUrl(PG_READER) },
      "read a table the reader role may not read",
    ),
    step(
      "hpg-102",
      "pg_execute_mutation",
      { operation: "delete", table: "orders", where: "id = 3", connectionString: pgUrl(PG_READER) },
      "delete as the read-only role",
    ),
    step(
      "hpg-103",
      "pg_execute_query",
      { operation: "select", query: "SELECT name FROM customers", connectionString: pgUrl("r6data_ghost") },
      "connect as a role that does not exist",
    ),
    step(
      "hpg-104",
      "pg_execute_query",
      { operation: "select", query: "SELECT 1", connectionString: pgUrl(PG_OWNER, "r6data_missing") },
      "connect to a database that does not exist",
    ),
    step(
      "hpg-105",
      "pg_execute_query",
      { operation: "select", query: "SELECT 1", connectionString: pgUrl(PG_OWNER, PG_DB, 38799) },
      "connect where nothing listens",
    ),
    step(
      "hpg-106",
      "pg_execute_query",
      { operation: "select", query: "SELECT pg_sleep(5)", connectionString: pgUrl(PG_READER) },
      "a query that hits the reader's statement timeout",
    ),
    step(
      "hpg-107",
      "pg_execute_query",
      { operation: "exists", query: "SELECT 1 FROM customers WHERE country = 'KR'" },
      "check that a row exists",
    ),
    step(
      "hpg-108",
      "pg_export_table_data",
      { tableName: "orders", outputPath: path.join(EXPORT_DIR, "orders.json") },
      "export a table to a file",
    ),
    step(
      "hpg-109",
      "pg_export_table_data",
      { tableName: "orders", outputPath: "/etc/hostname/orders.json" },
      "export to a path that cannot be written",
    ),
    step("hpg-110", "pg_execute_sql", { sql: "SELECT pg_sleep(20)" }, "a long query the client gives up on", {
      timeoutMs: 2500,
    }),
    step("hpg-111", "pg_execute_sql", { sql: "SELECT pg_sleep(20)" }, "the server is killed mid-query", {
      during: async (live) => {
        await sleep(600);
        live.kill();
      },
    }),
    step(
      "hpg-112",
      "pg_execute_query",
      { operation: "select", query: "SELECT 1" },
      "a call after the server died",
    ),
  ],
};

// ---------------------------------------------------------------------------------------------
const kg: SessionSpec = {
  label: "r6-data-kg",
  server: "@itseasy21/mcp-knowledge-graph",
  transport: "stdio",
  start: stdioServer("r6-data-kg", "@itseasy21/mcp-knowledge-graph", {
    args: ["--memory-path", KG_FILE],
    from: FROM,
  }),
  steps: [
    step("kg-001", "read_graph", {}, "read the whole graph"),
    step("kg-002", "search_nodes", { query: "billing" }, "search for billing"),
    step("kg-003", "search_nodes", { query: "kubernetes" }, "search for something not in the graph"),
    step("kg-004", "open_nodes", { names: ["billing-api"] }, "open one entity"),
    step("kg-005", "open_nodes", { names: ["payments-api"] }, "open an entity that does not exist"),
    step(
      "kg-006",
      "create_entities",
      { entities: [{ name: "payments-api", entityType: "service", observations: ["talks to Stripe"] }] },
      "create an entity",
    ),
    step(
      "kg-007",
      "add_observations",
      { observations: [{ entityName: "ledger-api", contents: ["migrated to Postgres 16"] }] },
      "add observations to an entity that does not exist",
    ),
    step(
      "kg-008",
      "add_observations",
      { observations: [{ entityName: "ledger-api", contents: ["migrated to Postgres 16"] }] },
      "the same call again",
    ),
    step(
      "kg-009",
      "create_relations",
      { relations: [{ from: "Ann Lee", to: "payments-api", relationType: "reviews" }] },
      "relate two entities",
    ),
    step(
      "kg-010",
      "update_entities",
      { entities: [{ name: "ghost-service", entityType: "service" }] },
      "update an entity that does not exist",
    ),
    step(
      "kg-011",
      "update_relations",
      { relations: [{ from: "Ann Lee", to: "ghost-service", relationType: "owns" }] },
      "update a relation that does not exist",
    ),
    step("kg-012", "search_nodes", { query: 7 }, "search with a number instead of text"),
    step("kg-013", "create_entities", { entities: "payments-api" }, "entities given as a string"),
    step("kg-014", "delete_entities", {}, "delete without naming anything"),
    step("kg-015", "forget_everything", { confirm: true }, "a tool this server does not have"),
    step("kg-016", "read_graph", {}, "read the graph after the file was corrupted", {
      before: async () => {
        fs.appendFileSync(KG_FILE, '\n{"type":"entity","name":"half-writ');
      },
    }),
  ],
};

// ---------------------------------------------------------------------------------------------
// Another process holds an exclusive lock on the memory database (its own @libsql/client, loaded
// from this folder's node_modules in a child process), so the server's writes meet SQLITE_BUSY.
let locker: ChildProcess | undefined;
const LOCKER = `
const { createClient } = require(${JSON.stringify(path.join(FROM, "node_modules", "@libsql", "client"))});
const db = createClient({ url: ${JSON.stringify(`file:${LIBSQL_FILE}`)} });
db.execute("BEGIN EXCLUSIVE").then(() => { process.stdout.write("locked\\n"); setTimeout(() => process.exit(0), 20000); });
`;
const holdLock = async () => {
  locker = spawn(process.execPath, ["-e", LOCKER], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve) => locker?.stdout?.once("data", () => resolve()));
};
const releaseLock = async () => {
  locker?.kill("SIGKILL");
  locker = undefined;
  await sleep(300);
};

const libsql: SessionSpec = {
  label: "r6-data-libsql",
  server: "mcp-memory-libsql",
  transport: "stdio",
  start: stdioServer("r6-data-libsql", "mcp-memory-libsql", {
    env: { LIBSQL_URL: `file:${LIBSQL_FILE}` },
    from: FROM,
  }),
  steps: [
    step(
      "lm-001",
      "create_entities",
      {
        entities: [
          {
            name: "orders-db",
            entityType: "database",
            observations: ["PostgreSQL 15", "replicated to eu-west"],
          },
          {
            name: "checkout-api",
            entityType: "service",
            observations: ["reads orders-db", "owned by team Payments"],
          },
        ],
      },
      "create two entities",
    ),
    step(
      "lm-002",
      "create_relations",
      { relations: [{ source: "checkout-api", target: "orders-db", type: "depends_on" }] },
      "relate them",
    ),
    step("lm-003", "read_graph", {}, "read the graph"),
    step("lm-004", "search_nodes", { query: "PostgreSQL" }, "search the observations"),
    step("lm-005", "search_nodes", { query: "kafka" }, "search for something not stored"),
    step("lm-006", "search_nodes", { query: "orders", limit: 500 }, "a limit above the maximum"),
    step("lm-007", "delete_entity", { name: "billing-db" }, "delete an entity that does not exist"),
    step("lm-008", "delete_entity", { name: "billing-db" }, "the same delete again"),
    step(
      "lm-009",
      "create_relations",
      { relations: [{ source: "checkout-api", target: "fraud-api", type: "calls" }] },
      "relate to an entity that does not exist",
    ),
    step(
      "lm-010",
      "create_entities",
      { entities: [{ name: "cache", entityType: 3, observations: ["redis"] }] },
      "an entity type of the wrong type",
    ),
    step(
      "lm-011",
      "create_entities",
      { entities: [{ name: "empty-one", entityType: "service", observations: [] }] },
      "an entity without observations",
    ),
    step(
      "lm-012",
      "delete_relation",
      { source: "checkout-api", target: "orders-db", type: "owns" },
      "delete a relation that does not exist",
    ),
    step(
      "lm-013",
      "merge_entities",
      { names: ["orders-db", "checkout-api"] },
      "a tool this server does not have",
    ),
    step(
      "lm-014",
      "create_entities",
      { entities: [{ name: "search-api", entityType: "service", observations: ["Elasticsearch 8"] }] },
      "write while another process holds an exclusive lock",
      { before: holdLock, after: releaseLock },
    ),
    step("lm-015", "delete_entity", { name: "checkout-api" }, "delete an entity"),
    step("lm-016", "search_nodes", { query: "   " }, "a query of blanks"),
  ],
};

export const SESSIONS: SessionSpec[] = [postgrest, postgrest2, pgadmin, pgadmin2, kg, libsql];
