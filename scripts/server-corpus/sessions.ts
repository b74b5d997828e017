// What the capture does: each session is one client connection to one server, its steps run in
// order (so a repeated call is a repeat within the same session). Ids are stable across runs;
// the verdicts in verdicts.ts are keyed by them.

import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { sqlite3, type SqliteDatabase } from "./deps.js";
import { httpServer, ROOT, sleep, stdioServer, type SessionSpec, type Step } from "./harness.js";
import {
  FS_DIR,
  GIT_BASE,
  MEMORY_FILE,
  NOT_A_REPO,
  PG_ADMIN_URL,
  PG_DB,
  PG_READER,
  pgUrl,
  REPO,
  SQLITE_FILE,
} from "./setup.js";

export const PORTS = {
  upstream: 38100,
  everythingHttp: 38101,
  gitHttp: 38102,
  openapiHttp: 38103,
  redis: 38110,
};
const UP = `http://127.0.0.1:${PORTS.upstream}`;

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
const f = (rel: string) => path.join(FS_DIR, rel);

// ---------------------------------------------------------------------------------------------
const filesystem: SessionSpec = {
  label: "filesystem",
  server: "@modelcontextprotocol/server-filesystem",
  transport: "stdio",
  start: stdioServer("filesystem", "@modelcontextprotocol/server-filesystem", { args: [FS_DIR] }),
  steps: [
    step("fs-001", "list_allowed_directories", {}, "list the allowed directories"),
    step("fs-002", "list_directory", { path: FS_DIR }, "list the shared folder"),
    step("fs-003", "read_text_file", { path: f("notes/todo.md") }, "read an existing note"),
    step("fs-004", "read_text_file", { path: f("notes/missing.md") }, "read a file that does not exist"),
    step(
      "fs-005",
      "read_text_file",
      { path: f("notes/missing.md") },
      "the same missing file again, same arguments",
    ),
    step(
      "fs-006",
      "read_text_file",
      { path: f("notes/errors.md") },
      "after the failure, read a different file (a note about error codes)",
    ),
    step("fs-007", "read_text_file", { path: "/etc/passwd" }, "read a file outside the allowed directories"),
    step("fs-008", "list_directory", { path: f("empty") }, "list an empty directory"),
    step(
      "fs-009",
      "list_directory",
      { path: f("notes/todo.md") },
      "list a path that is a file, not a directory",
    ),
    step("fs-010", "create_directory", { path: f("notes") }, "create a directory that already exists"),
    step("fs-011", "write_file", { path: f("notes/new.md"), content: "# New\n" }, "write a new file"),
    step(
      "fs-012",
      "move_file",
      { source: f("notes/new.md"), destination: f("notes/todo.md") },
      "move onto a file that already exists",
    ),
    step(
      "fs-013",
      "search_files",
      { path: FS_DIR, pattern: "**/*.xyz" },
      "search for a pattern nothing matches",
    ),
    step("fs-014", "search_files", { path: FS_DIR, pattern: "**/*.md" }, "search for markdown files"),
    step("fs-015", "get_file_info", { path: f("notes/todo.md") }, "file metadata"),
    step(
      "fs-016",
      "read_text_file",
      { path: f("notes/todo.md"), head: "ten" },
      "head given as a string instead of a number",
    ),
    step("fs-017", "read_text_file", {}, "required path missing"),
    step(
      "fs-018",
      "edit_file",
      { path: f("notes/todo.md"), edits: [{ oldText: "- order M10 nuts", newText: "- order M12 nuts" }] },
      "edit text that is not in the file",
    ),
    step("fs-019", "read_text_file", { path: f("data/stock.csv") }, "read a large CSV (about 100 KB)"),
    step("fs-020", "directory_tree", { path: FS_DIR }, "directory tree of the shared folder"),
    step(
      "fs-021",
      "read_multiple_files",
      { paths: [f("notes/todo.md"), f("notes/gone.md")] },
      "read two files, one of which does not exist",
    ),
    step("fs-022", "delete_file", { path: f("notes/todo.md") }, "call a tool the server does not have"),
    step(
      "fs-023",
      "read_text_file",
      { path: f("notes/host-link.txt") },
      "read a symlink that points outside the allowed directories",
    ),
    step("fs-024", "list_directory_with_sizes", { path: f("empty") }, "list an empty directory with sizes"),
    step("fs-025", "read_media_file", { path: f("images/dot.png") }, "read a tiny PNG"),
    step(
      "fs-026",
      "write_file",
      { path: "/tmp/outside-faultline.txt", content: "x" },
      "write outside the allowed directories",
    ),
    step("fs-027", "read_text_file", { path: f("notes") }, "read a directory as if it were a file"),
    step(
      "fs-028",
      "read_text_file",
      { path: f("notes/todo.md"), head: 1, tail: 1 },
      "head and tail together",
    ),
    step(
      "fs-029",
      "list_directory",
      { path: FS_DIR },
      "list the shared folder again after earlier successes (same arguments as fs-002)",
    ),
    step(
      "fs-030",
      "edit_file",
      {
        path: f("notes/todo.md"),
        edits: [{ oldText: "- reorder M8 bolts", newText: "- reorder M8 bolts (200)" }],
        dryRun: true,
      },
      "dry-run edit that matches",
    ),
    step("fs-031", "get_file_info", { path: f("nothing-here") }, "metadata of a path that does not exist"),
    step("fs-032", "create_directory", { path: f("notes/todo.md/sub") }, "create a directory under a file"),
  ],
};

// ---------------------------------------------------------------------------------------------
const memory: SessionSpec = {
  label: "memory",
  server: "@modelcontextprotocol/server-memory",
  transport: "stdio",
  start: stdioServer("memory", "@modelcontextprotocol/server-memory", {
    env: { MEMORY_FILE_PATH: MEMORY_FILE },
  }),
  steps: [
    step("mem-001", "read_graph", {}, "read the graph while it is still empty"),
    step("mem-002", "search_nodes", { query: "bolt" }, "search the empty graph"),
    step(
      "mem-003",
      "create_entities",
      {
        entities: [
          {
            name: "Bolt & Co",
            entityType: "supplier",
            observations: ["ships M8 bolts", "net 30 payment terms"],
          },
          { name: "Hex bolt M8", entityType: "part", observations: ["sku BLT-001"] },
        ],
      },
      "create two entities",
    ),
    step(
      "mem-004",
      "create_entities",
      {
        entities: [
          {
            name: "Bolt & Co",
            entityType: "supplier",
            observations: ["ships M8 bolts", "net 30 payment terms"],
          },
          { name: "Hex bolt M8", entityType: "part", observations: ["sku BLT-001"] },
        ],
      },
      "the same create again after it succeeded",
    ),
    step(
      "mem-005",
      "create_relations",
      { relations: [{ from: "Bolt & Co", to: "Hex bolt M8", relationType: "supplies" }] },
      "relate the supplier to the part",
    ),
    step(
      "mem-006",
      "add_observations",
      { observations: [{ entityName: "Nut House", contents: ["ships lock nuts"] }] },
      "add observations to an entity that does not exist",
    ),
    step(
      "mem-007",
      "add_observations",
      { observations: [{ entityName: "Nut House", contents: ["ships lock nuts"] }] },
      "the same call again, same arguments",
    ),
    step(
      "mem-008",
      "add_observations",
      { observations: [{ entityName: "Bolt & Co", contents: ["ships lock nuts too"] }] },
      "after the failure, add to an existing entity instead",
    ),
    step("mem-009", "search_nodes", { query: "bolt" }, "search that finds entities"),
    step("mem-010", "open_nodes", { names: ["Nobody"] }, "open a node that does not exist"),
    step(
      "mem-011",
      "create_entities",
      { entities: "Nut House" },
      "entities given as a string instead of an array",
    ),
    step(
      "mem-012",
      "delete_observations",
      { deletions: [{ entityName: "Ghost", observations: ["x"] }] },
      "delete observations from an entity that does not exist",
    ),
    step(
      "mem-013",
      "create_relations",
      { relations: [{ from: "Hex bolt M8", to: "Ghost part", relationType: "replaces" }] },
      "relate to an entity that does not exist",
    ),
    step("mem-014", "read_graph", {}, "read the graph with data"),
    step("mem-015", "delete_entities", { entityNames: ["Nobody"] }, "delete an entity that does not exist"),
    step("mem-016", "search_nodes", { query: "titanium" }, "search with no hits in a graph with data"),
    step("mem-017", "forget_everything", {}, "call a tool the server does not have"),
  ],
};

// ---------------------------------------------------------------------------------------------
const everythingStdio: SessionSpec = {
  label: "everything-stdio",
  server: "@modelcontextprotocol/server-everything",
  transport: "stdio",
  start: stdioServer("everything-stdio", "@modelcontextprotocol/server-everything", { args: ["stdio"] }),
  steps: [
    step("ev-001", "echo", { message: "hello from the corpus" }, "echo a message"),
    step("ev-002", "get-sum", { a: 2, b: 3 }, "add two numbers"),
    step("ev-003", "get-sum", { a: "two", b: 3 }, "a number given as a string"),
    step("ev-004", "get-sum", { a: 2 }, "required argument b missing"),
    step("ev-005", "get-sum", { a: 2, b: 5 }, "after the failure, a valid sum with different arguments"),
    step(
      "ev-006",
      "get-structured-content",
      { location: "New York" },
      "structured content with an output schema",
    ),
    step("ev-007", "get-structured-content", { location: "Paris" }, "a value outside the enum"),
    step(
      "ev-008",
      "get-annotated-message",
      { messageType: "error" },
      "the demo tool's 'error' annotated message",
    ),
    step(
      "ev-009",
      "get-annotated-message",
      { messageType: "success", includeImage: true },
      "annotated success message with an image",
    ),
    step("ev-010", "get-tiny-image", {}, "a tiny image"),
    step("ev-011", "get-resource-links", { count: 20 }, "count above the maximum of 10"),
    step("ev-012", "get-resource-links", { count: 2 }, "two resource links"),
    step("ev-013", "get-resource-reference", { resourceType: "Text", resourceId: 2 }, "a resource reference"),
    step(
      "ev-014",
      "trigger-long-running-operation",
      { duration: 1, steps: 2 },
      "a short long-running operation with progress",
    ),
    step(
      "ev-015",
      "trigger-long-running-operation",
      { duration: 10, steps: 5 },
      "a 10 s operation with a 1.5 s client timeout",
      { timeoutMs: 1500 },
    ),
    step("ev-016", "get-weather", { city: "Berlin" }, "call a tool the server does not have"),
    step(
      "ev-017",
      "gzip-file-as-resource",
      { name: "readme.txt.gz", data: `${UP}/text/readme.txt`, outputType: "resourceLink" },
      "gzip a local file served over HTTP",
    ),
    step(
      "ev-018",
      "gzip-file-as-resource",
      { name: "missing.gz", data: `${UP}/status/404`, outputType: "resource" },
      "gzip a URL that answers 404",
    ),
    step("ev-019", "gzip-file-as-resource", { name: "bad.gz", data: "not a url" }, "data is not a URL"),
    step("ev-020", "toggle-simulated-logging", {}, "toggle simulated logging"),
    step(
      "ev-021",
      "simulate-research-query",
      { topic: "bolt corrosion" },
      "a task-based research simulation called as a plain tool call",
    ),
    step("ev-022", "echo", { message: "" }, "echo an empty string"),
  ],
};

const everythingGzipPolicy: SessionSpec = {
  label: "everything-stdio-policy",
  server: "@modelcontextprotocol/server-everything",
  transport: "stdio",
  start: stdioServer("everything-stdio-policy", "@modelcontextprotocol/server-everything", {
    args: ["stdio"],
    env: { GZIP_ALLOWED_DOMAINS: "files.example.test", CORPUS_MARKER: "policy-session" },
  }),
  steps: [
    step(
      "evp-001",
      "gzip-file-as-resource",
      { name: "readme.txt.gz", data: `${UP}/text/readme.txt` },
      "gzip a URL whose host is not in GZIP_ALLOWED_DOMAINS",
    ),
    step(
      "evp-002",
      "gzip-file-as-resource",
      { name: "readme.txt.gz", data: `${UP}/text/readme.txt` },
      "the same refused call again, same arguments",
    ),
    step("evp-003", "get-env", {}, "environment of the server (a fixed, minimal one)"),
  ],
};

const everythingKilled: SessionSpec = {
  label: "everything-stdio-killed",
  server: "@modelcontextprotocol/server-everything",
  transport: "stdio",
  start: stdioServer("everything-stdio-killed", "@modelcontextprotocol/server-everything", {
    args: ["stdio"],
  }),
  steps: [
    step("evk-001", "echo", { message: "before the crash" }, "a call before the server is killed"),
    step(
      "evk-002",
      "trigger-long-running-operation",
      { duration: 10, steps: 10 },
      "server process killed (SIGKILL) 1 s into a 10 s call",
      {
        during: async (live) => {
          await sleep(1000);
          live.kill();
        },
      },
    ),
    step(
      "evk-003",
      "echo",
      { message: "after the crash" },
      "a call on the same client after the server process died",
    ),
  ],
};

// ---------------------------------------------------------------------------------------------
const everythingHttp: SessionSpec = {
  label: "everything-http",
  server: "@modelcontextprotocol/server-everything",
  transport: "http",
  start: httpServer("everything-http", "@modelcontextprotocol/server-everything", {
    port: PORTS.everythingHttp,
    args: ["streamableHttp"],
    env: { PORT: String(PORTS.everythingHttp) },
  }),
  steps: [
    step("evh-001", "echo", { message: "hello over streamable HTTP" }, "echo over Streamable HTTP"),
    step("evh-002", "get-sum", { a: 40, b: 2 }, "sum over HTTP"),
    step("evh-003", "get-sum", { a: 40 }, "required argument b missing, over HTTP"),
    step("evh-004", "no-such-tool", {}, "unknown tool over HTTP"),
    step(
      "evh-005",
      "trigger-long-running-operation",
      { duration: 2, steps: 2 },
      "long-running operation with progress notifications on the SSE stream",
    ),
    step(
      "evh-006",
      "trigger-long-running-operation",
      { duration: 10, steps: 5 },
      "a 10 s operation with a 1 s client timeout, over HTTP",
      { timeoutMs: 1000 },
    ),
    step("evh-007", "get-structured-content", { location: "Chicago" }, "structured content over HTTP"),
    step("evh-008", "get-resource-links", { count: 0 }, "count below the minimum of 1, over HTTP"),
    step(
      "evh-009",
      "echo",
      { message: "after restart" },
      "server restarted between calls: the client's session id is unknown to the new process",
      {
        before: async (live) => {
          await live.restart?.();
        },
      },
    ),
    step("evh-010", "echo", { message: "after restart" }, "the same call again with the same stale session"),
    step("evh-011", "echo", { message: "server gone" }, "the HTTP server is down: connection refused", {
      before: async (live) => {
        live.kill();
        await sleep(300);
      },
    }),
  ],
};

const everythingHttpKilled: SessionSpec = {
  label: "everything-http-killed",
  server: "@modelcontextprotocol/server-everything",
  transport: "http",
  start: httpServer("everything-http-killed", "@modelcontextprotocol/server-everything", {
    port: PORTS.everythingHttp,
    args: ["streamableHttp"],
    env: { PORT: String(PORTS.everythingHttp) },
  }),
  steps: [
    step("evhk-001", "get-sum", { a: 1, b: 1 }, "a call before the server is killed"),
    step(
      "evhk-002",
      "trigger-long-running-operation",
      { duration: 10, steps: 10 },
      "HTTP server killed 1 s into a 10 s call whose answer comes on an SSE stream",
      {
        timeoutMs: 8000,
        during: async (live) => {
          await sleep(1000);
          live.kill();
        },
      },
    ),
  ],
};

// ---------------------------------------------------------------------------------------------
const sequential: SessionSpec = {
  label: "sequential-thinking",
  server: "@modelcontextprotocol/server-sequential-thinking",
  transport: "stdio",
  start: stdioServer("sequential-thinking", "@modelcontextprotocol/server-sequential-thinking", {
    env: { DISABLE_THOUGHT_LOGGING: "true" },
  }),
  steps: [
    step(
      "st-001",
      "sequentialthinking",
      {
        thought: "Which supplier should get the M8 bolt order?",
        nextThoughtNeeded: true,
        thoughtNumber: 1,
        totalThoughts: 3,
      },
      "first thought",
    ),
    step(
      "st-002",
      "sequentialthinking",
      {
        thought: "Bolt & Co is cheaper but slower.",
        nextThoughtNeeded: true,
        thoughtNumber: 2,
        totalThoughts: 3,
      },
      "second thought",
    ),
    step(
      "st-003",
      "sequentialthinking",
      { thought: "Missing the number", nextThoughtNeeded: true, totalThoughts: 3 },
      "thoughtNumber missing",
    ),
    step(
      "st-004",
      "sequentialthinking",
      { thought: "Zero", nextThoughtNeeded: true, thoughtNumber: 0, totalThoughts: 3 },
      "thoughtNumber 0, below the minimum of 1",
    ),
    step(
      "st-005",
      "sequentialthinking",
      {
        thought: "Revisit: delivery time matters more.",
        nextThoughtNeeded: true,
        thoughtNumber: 3,
        totalThoughts: 4,
        isRevision: true,
        revisesThought: 2,
      },
      "a revision of an earlier thought",
    ),
    step(
      "st-006",
      "sequentialthinking",
      { thought: "Maybe", nextThoughtNeeded: "maybe", thoughtNumber: 4, totalThoughts: 4 },
      "nextThoughtNeeded given as an arbitrary string",
    ),
    step(
      "st-007",
      "sequentialthinking",
      { thought: "Order from Nut House.", nextThoughtNeeded: false, thoughtNumber: 4, totalThoughts: 4 },
      "final thought",
    ),
    step(
      "st-008",
      "sequentialthinking",
      {
        thought: "Branching",
        nextThoughtNeeded: true,
        thoughtNumber: 2,
        totalThoughts: 3,
        branchFromThought: 1,
        branchId: "cheapest",
      },
      "a branch from thought 1",
    ),
  ],
};

// ---------------------------------------------------------------------------------------------
async function terminatePgSleep() {
  await sleep(1000);
  const admin = new pg.Client({ connectionString: pgUrl(new URL(PG_ADMIN_URL).username || "postgres") });
  await admin.connect();
  await admin.query(
    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND usename = $2 AND query LIKE '%pg_sleep%' AND pid <> pg_backend_pid()",
    [PG_DB, PG_READER],
  );
  await admin.end();
}

const postgres: SessionSpec = {
  label: "postgres",
  server: "@modelcontextprotocol/server-postgres",
  transport: "stdio",
  start: stdioServer("postgres", "@modelcontextprotocol/server-postgres", { args: [pgUrl(PG_READER)] }),
  steps: [
    step(
      "pg-001",
      "query",
      { sql: "SELECT id, sku, name, price FROM parts ORDER BY id" },
      "select all parts",
    ),
    step(
      "pg-002",
      "query",
      { sql: "SELECT * FROM parts WHERE sku = 'NOPE-999'" },
      "a query that returns zero rows",
    ),
    step("pg-003", "query", { sql: "SELECT * FROM part_prices" }, "a relation that does not exist"),
    step(
      "pg-004",
      "query",
      { sql: "SELECT * FROM part_prices" },
      "the same failing query again, same arguments",
    ),
    step("pg-005", "query", { sql: "SELECT colour FROM parts" }, "a column that does not exist"),
    step("pg-006", "query", { sql: "SELEC * FROM parts" }, "a syntax error"),
    step(
      "pg-007",
      "query",
      { sql: "INSERT INTO parts VALUES (4, 'BLT-004', 'Hex bolt M10', 0.2, 1)" },
      "an INSERT, which the server runs in a read-only transaction",
    ),
    step("pg-008", "query", { sql: "SELECT * FROM payroll" }, "a table the role has no privilege on"),
    step("pg-009", "query", { sql: "SELECT count(*) AS parts FROM parts" }, "count the parts"),
    step("pg-010", "query", { sql: "SELECT 1 / 0 AS x" }, "division by zero"),
    step("pg-011", "query", { sql: "SELECT 'abc'::int AS n" }, "an invalid cast"),
    step("pg-012", "query", { sql: "SELECT pg_sleep(5)" }, "a 5 s query with a 1 s client timeout", {
      timeoutMs: 1000,
    }),
    step(
      "pg-013",
      "query",
      { sql: "SELECT g AS n, md5(g::text) AS h FROM generate_series(1, 3000) AS g" },
      "a large result (3000 rows)",
    ),
    step("pg-014", "query", {}, "sql argument missing"),
    step("pg-015", "execute", { sql: "SELECT 1" }, "a tool the server does not have"),
    step(
      "pg-016",
      "query",
      { sql: "SELECT level, message FROM app_log ORDER BY id" },
      "log rows whose text mentions errors",
    ),
    step(
      "pg-017",
      "query",
      { sql: "SELECT * FROM parts WHERE id = 1 FOR UPDATE" },
      "SELECT FOR UPDATE in a read-only transaction",
    ),
    step("pg-018", "query", { sql: "SELECT id, name FROM suppliers ORDER BY id" }, "list suppliers"),
    step(
      "pg-019",
      "query",
      { sql: "SELECT id, name FROM suppliers ORDER BY id" },
      "the same query again after it succeeded",
    ),
    step(
      "pg-020",
      "query",
      { sql: "SELECT pg_sleep(4)" },
      "a 4 s query cut by the role's statement_timeout of 2.5 s",
    ),
    step(
      "pg-021",
      "query",
      { sql: "SELECT pg_sleep(2)" },
      "the backend is terminated by an administrator mid-query",
      { during: terminatePgSleep },
    ),
    step(
      "pg-022",
      "query",
      { sql: "SELECT count(*) AS suppliers FROM suppliers" },
      "the next call, 1 s later: the server process had crashed on the dead pooled connection",
      {
        before: async () => {
          await sleep(1000);
        },
      },
    ),
  ],
};

// ---------------------------------------------------------------------------------------------
let sqliteLock: SqliteDatabase | undefined;
async function lockSqlite() {
  sqliteLock = new sqlite3.Database(SQLITE_FILE);
  await new Promise<void>((resolve, reject) =>
    sqliteLock!.exec("BEGIN EXCLUSIVE", (error) => (error ? reject(error) : resolve())),
  );
}
async function unlockSqlite() {
  const db = sqliteLock;
  if (!db) return;
  await new Promise<void>((resolve) => db.exec("ROLLBACK", () => resolve()));
  await new Promise<void>((resolve) => db.close(() => resolve()));
  sqliteLock = undefined;
}

const sqlite: SessionSpec = {
  label: "sqlite",
  server: "mcp-sqlite",
  transport: "stdio",
  start: stdioServer("sqlite", "mcp-sqlite", { args: [SQLITE_FILE] }),
  steps: [
    step("sq-001", "db_info", {}, "database information"),
    step("sq-002", "list_tables", {}, "list the tables"),
    step("sq-003", "get_table_schema", { tableName: "parts" }, "schema of an existing table"),
    step("sq-004", "get_table_schema", { tableName: "invoices" }, "schema of a table that does not exist"),
    step("sq-005", "read_records", { table: "parts" }, "read all parts"),
    step(
      "sq-006",
      "read_records",
      { table: "parts", conditions: { sku: "NOPE-999" } },
      "read with a condition nothing matches",
    ),
    step(
      "sq-007",
      "create_record",
      { table: "parts", data: { id: 4, sku: "BLT-010", name: "Hex bolt M10", price: 0.2, supplier_id: 1 } },
      "insert a new part",
    ),
    step(
      "sq-008",
      "create_record",
      { table: "parts", data: { sku: "BLT-001", name: "Duplicate bolt", price: 0.1 } },
      "insert a duplicate sku (UNIQUE)",
    ),
    step(
      "sq-009",
      "create_record",
      { table: "parts", data: { sku: "BLT-001", name: "Duplicate bolt", price: 0.1 } },
      "the same duplicate insert again, same arguments",
    ),
    step(
      "sq-010",
      "create_record",
      { table: "parts", data: { sku: "BLT-011", price: 0.1 } },
      "insert without the NOT NULL name",
    ),
    step(
      "sq-011",
      "create_record",
      { table: "parts", data: { sku: "BLT-012", name: "Free bolt", price: -1 } },
      "insert a negative price (CHECK)",
    ),
    step("sq-012", "query", { sql: "SELECT * FROM invoices" }, "query a table that does not exist"),
    step("sq-013", "query", { sql: "SELEC * FROM parts" }, "a syntax error"),
    step(
      "sq-014",
      "update_records",
      { table: "parts", data: { price: 0.5 }, conditions: { sku: "NOPE-999" } },
      "update that matches no rows",
    ),
    step(
      "sq-015",
      "update_records",
      { table: "parts", data: { price: 0.13 }, conditions: { sku: "BLT-001" } },
      "update one row",
    ),
    step("sq-016", "read_records", { table: "invoices" }, "read records from a table that does not exist"),
    step(
      "sq-017",
      "query",
      { sql: "SELECT sku, price FROM parts WHERE price > ? ORDER BY price", values: [0.05] },
      "a parameterised query",
    ),
    step("sq-018", "read_records", { table: "parts", limit: "ten" }, "limit given as a string"),
    step(
      "sq-019",
      "query",
      {
        sql: "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 3000) SELECT x, x * x AS sq FROM n",
      },
      "a large result (3000 rows)",
    ),
    step(
      "sq-020",
      "query",
      { sql: "SELECT level, message FROM audit_log" },
      "rows whose text mentions an error",
    ),
    step(
      "sq-021",
      "delete_records",
      { table: "parts", conditions: { sku: "BLT-010" } },
      "delete the part inserted earlier",
    ),
    step(
      "sq-022",
      "delete_records",
      { table: "parts", conditions: { colour: "red" } },
      "delete with a condition on a column that does not exist",
    ),
    step("sq-023", "drop_table", { table: "parts" }, "a tool the server does not have"),
    step("sq-024", "query", { sql: "SELECT * FROM parts WHERE 1 = 0" }, "a query that returns zero rows"),
    step(
      "sq-025",
      "create_record",
      { table: "suppliers", data: { id: 3, name: "Washer World" } },
      "insert while another process holds an exclusive lock on the database file",
      {
        before: lockSqlite,
        after: unlockSqlite,
      },
    ),
    step(
      "sq-026",
      "create_record",
      { table: "suppliers", data: { id: 3, name: "Washer World" } },
      "the same insert again once the lock is released",
    ),
  ],
};

// ---------------------------------------------------------------------------------------------
const gitEnv = {
  GIT_BASE_DIR: GIT_BASE,
  GIT_SIGN_COMMITS: "false",
  GIT_AUTHOR_NAME: "Corpus Bot",
  GIT_AUTHOR_EMAIL: "bot@corpus.test",
  MCP_LOG_LEVEL: "error",
  LOGS_DIR: path.join(ROOT, "logs", "git-mcp"),
};

const git: SessionSpec = {
  label: "git",
  server: "@cyanheads/git-mcp-server",
  transport: "stdio",
  start: stdioServer("git", "@cyanheads/git-mcp-server", { env: { ...gitEnv, MCP_TRANSPORT_TYPE: "stdio" } }),
  steps: [
    step("git-001", "git_status", { path: REPO }, "status of a clean repository"),
    step("git-002", "git_log", { path: REPO }, "the commit history"),
    step("git-003", "git_set_working_dir", { path: REPO }, "set the session working directory"),
    step("git-004", "git_status", {}, "status using the session working directory"),
    step("git-005", "git_show", { path: REPO, object: "deadbeefcafe" }, "show an object that does not exist"),
    step(
      "git-006",
      "git_checkout",
      { path: REPO, target: "no-such-branch" },
      "check out a branch that does not exist",
    ),
    step(
      "git-007",
      "git_branch",
      { path: REPO, mode: "create", branchName: "feature/m10" },
      "create a branch",
    ),
    step(
      "git-008",
      "git_branch",
      { path: REPO, mode: "create", branchName: "feature/m10" },
      "create the same branch again",
    ),
    step("git-009", "git_status", { path: "/etc" }, "a path outside GIT_BASE_DIR"),
    step("git-010", "git_status", { path: NOT_A_REPO }, "a directory that is not a git repository"),
    step(
      "git-011",
      "git_log",
      { path: REPO, author: "nobody@nowhere.test" },
      "log filtered by an author with no commits",
    ),
    step("git-012", "git_diff", { path: REPO }, "diff of a clean working tree"),
    step("git-013", "git_commit", { path: REPO, message: "Nothing to see" }, "commit with nothing staged"),
    step("git-014", "git_tag", { path: REPO, mode: "list" }, "list tags when there are none"),
    step("git-015", "git_push", { path: REPO, remote: "origin" }, "push to a remote that is not configured"),
    step("git-016", "git_clean", { path: REPO, force: false }, "clean without the force flag"),
    step("git-017", "git_blame", { path: REPO, filePath: "missing.txt" }, "blame a file that does not exist"),
    step("git-018", "git_log", { path: REPO, maxCount: "three" }, "maxCount given as a string"),
    step("git-019", "git_stash", { path: REPO, mode: "list" }, "list stashes when there are none"),
    step("git-020", "git_remote", { path: REPO, mode: "list" }, "list remotes when there are none"),
    step("git-021", "git_add", { path: REPO, paths: ["notes.md"] }, "stage a new file", {
      before: async () => fs.writeFileSync(path.join(REPO, "notes.md"), "Reorder M8 bolts in January.\n"),
    }),
    step("git-022", "git_commit", { path: REPO, message: "Add notes" }, "commit the staged file"),
    step("git-023", "git_add", { path: REPO, paths: ["nope.md"] }, "stage a file that does not exist"),
  ],
};

// git-mcp-server over Streamable HTTP with JWT auth: the token is read at each request.
const JWT_SECRET = "corpus-jwt-secret-0123456789abcdefghijklmnop";
function jwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const head = encode({ alg: "HS256", typ: "JWT" });
  const body = encode(claims);
  const signature = crypto.createHmac("sha256", JWT_SECRET).update(`${head}.${body}`).digest("base64url");
  return `${head}.${body}.${signature}`;
}
const now = () => Math.floor(Date.now() / 1000);
let gitToken = "";
const gitHttpEnv = {
  ...gitEnv,
  MCP_TRANSPORT_TYPE: "http",
  MCP_HTTP_PORT: String(PORTS.gitHttp),
  MCP_HTTP_HOST: "127.0.0.1",
  MCP_AUTH_MODE: "jwt",
  MCP_AUTH_SECRET_KEY: JWT_SECRET,
  MCP_SESSION_MODE: "stateful",
};

const gitHttp: SessionSpec = {
  label: "git-http",
  server: "@cyanheads/git-mcp-server",
  transport: "http",
  start: async (reporter) => {
    gitToken = jwt({
      cid: "corpus-agent",
      scp: ["tool:git:read", "tool:git:write"],
      sub: "corpus",
      iat: now(),
      exp: now() + 3600,
    });
    return httpServer("git-http", "@cyanheads/git-mcp-server", {
      port: PORTS.gitHttp,
      env: gitHttpEnv,
      headers: () => ({ authorization: `Bearer ${gitToken}` }),
    })(reporter);
  },
  steps: [
    step("gith-001", "git_status", { path: REPO }, "status over Streamable HTTP with a valid JWT"),
    step("gith-002", "git_log", { path: REPO, maxCount: 2 }, "log over HTTP"),
    step(
      "gith-003",
      "git_show",
      { path: REPO, object: "nope-ref" },
      "show a ref that does not exist, over HTTP",
    ),
    step("gith-004", "git_status", { path: REPO }, "the JWT has expired between calls", {
      before: async () => {
        gitToken = jwt({
          cid: "corpus-agent",
          scp: ["tool:git:read", "tool:git:write"],
          sub: "corpus",
          iat: now() - 7200,
          exp: now() - 60,
        });
      },
    }),
    step("gith-005", "git_status", { path: REPO }, "the same call again with the same expired token"),
    step(
      "gith-006",
      "git_log",
      { path: REPO, maxCount: 1 },
      "another call with a token signed with the wrong key",
      {
        before: async () => {
          gitToken = `${jwt({ cid: "corpus-agent", scp: ["tool:git:read"], exp: now() + 3600 })
            .split(".")
            .slice(0, 2)
            .join(".")}.AAAAsignature-does-not-match`;
        },
      },
    ),
  ],
};

const gitHttpReadOnly: SessionSpec = {
  label: "git-http-readonly",
  server: "@cyanheads/git-mcp-server",
  transport: "http",
  start: async (reporter) => {
    gitToken = jwt({
      cid: "corpus-reader",
      scp: ["tool:git:read"],
      sub: "reader",
      iat: now(),
      exp: now() + 3600,
    });
    return httpServer("git-http-readonly", "@cyanheads/git-mcp-server", {
      port: PORTS.gitHttp,
      env: gitHttpEnv,
      headers: () => ({ authorization: `Bearer ${gitToken}` }),
    })(reporter);
  },
  steps: [
    step(
      "githr-001",
      "git_branch",
      { path: REPO, mode: "list" },
      "list branches with a read-only token (this server asks tool:git:write even to list)",
    ),
    step(
      "githr-002",
      "git_branch",
      { path: REPO, mode: "create", branchName: "feature/readonly" },
      "create a branch with a token that lacks tool:git:write",
    ),
    step(
      "githr-003",
      "git_tag",
      { path: REPO, mode: "create", tagName: "v0.1.0" },
      "create a tag with a token that lacks tool:git:write",
    ),
  ],
};

// ---------------------------------------------------------------------------------------------
const fetchServer: SessionSpec = {
  label: "mcp-fetch-server",
  server: "mcp-fetch-server",
  transport: "stdio",
  start: stdioServer("mcp-fetch-server", "mcp-fetch-server", { bin: "mcp-fetch-server" }),
  steps: [
    step(
      "mfs-001",
      "fetch_html",
      { url: `${UP}/` },
      "fetch a page on 127.0.0.1 (the server refuses private addresses)",
    ),
    step("mfs-002", "fetch_html", { url: `${UP}/` }, "the same refused fetch again, same arguments"),
    step(
      "mfs-003",
      "fetch_json",
      { url: `http://localhost:${PORTS.upstream}/data/inventory.json` },
      "after the refusal, fetch localhost by name instead",
    ),
    step("mfs-004", "fetch_markdown", { url: "ftp://127.0.0.1/pub/prices.txt" }, "an ftp:// URL"),
    step("mfs-005", "fetch_txt", { url: "not a url" }, "a URL that does not parse"),
    step("mfs-006", "fetch_readable", {}, "url missing"),
    step("mfs-007", "fetch_pdf", { url: `${UP}/` }, "a tool the server does not have"),
  ],
};

// ---------------------------------------------------------------------------------------------
const curl: SessionSpec = {
  label: "server-curl",
  server: "@mcp-get-community/server-curl",
  transport: "stdio",
  start: stdioServer("server-curl", "@mcp-get-community/server-curl"),
  steps: [
    step("curl-001", "curl", { url: `${UP}/` }, "GET a page that answers 200"),
    step("curl-002", "curl", { url: `${UP}/data/inventory.json` }, "GET JSON data"),
    step("curl-003", "curl", { url: `${UP}/status/404` }, "GET a URL that answers 404 with an HTML page"),
    step("curl-004", "curl", { url: `${UP}/status/404` }, "the same 404 again, same arguments"),
    step(
      "curl-005",
      "curl",
      { url: `${UP}/status/401` },
      "an expired token: 401 with an OAuth invalid_token body",
    ),
    step("curl-006", "curl", { url: `${UP}/status/403` }, "403 Forbidden"),
    step("curl-007", "curl", { url: `${UP}/status/429` }, "429 with Retry-After: 30"),
    step("curl-008", "curl", { url: `${UP}/status/500` }, "500 with a JSON error body"),
    step("curl-009", "curl", { url: `${UP}/status/502` }, "502 nginx Bad Gateway page"),
    step("curl-010", "curl", { url: `${UP}/status/503` }, "503 with Retry-After: 120"),
    step("curl-011", "curl", { url: `${UP}/status/503` }, "the same 503 again, same arguments"),
    step(
      "curl-012",
      "curl",
      {
        url: `${UP}/oauth/token`,
        method: "POST",
        body: "grant_type=refresh_token&refresh_token=r-123",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      },
      "token refresh answered 400 invalid_grant",
    ),
    step(
      "curl-013",
      "curl",
      { url: `${UP}/slow?ms=3000`, timeout: 500 },
      "a 3 s response with the tool's own 500 ms timeout",
    ),
    step("curl-014", "curl", { url: `${UP}/reset` }, "the server resets the connection"),
    step("curl-015", "curl", { url: "not-a-url" }, "url that is not a URL"),
    step(
      "curl-016",
      "curl",
      { url: "http://127.0.0.1:1/" },
      "nothing listens on the port: connection refused",
    ),
    step(
      "curl-017",
      "curl",
      { url: `${UP}/api-envelope/fail` },
      "HTTP 200 with {ok:false, error:channel_not_found}",
    ),
    step("curl-018", "curl", { url: `${UP}/soft-error` }, "HTTP 200 with an HTML page saying Error 500"),
    step("curl-019", "curl", { url: `${UP}/data/empty.json` }, "HTTP 200 with items [] and total 0"),
    step(
      "curl-020",
      "curl",
      { url: `${UP}/data/logs.json` },
      "HTTP 200 with log entries whose level is error",
    ),
    step("curl-021", "curl", { url: `${UP}/status/422` }, "422 with errors[].code"),
    step("curl-022", "curl", { url: `${UP}/data/large.json` }, "a large JSON body (about 200 KB)"),
    step(
      "curl-023",
      "curl",
      { url: `${UP}/oauth/client`, method: "POST", body: "grant_type=client_credentials" },
      "client credentials refused: 401 invalid_client",
    ),
    step("curl-024", "curl", { url: `${UP}/status/504` }, "504 Gateway Time-out"),
    step("curl-025", "curl", { url: `${UP}/api-envelope/ok` }, "HTTP 200 with {ok:true}"),
    step("curl-026", "curl", { url: `${UP}/`, method: "FETCH" }, "a method outside the enum"),
  ],
};

// ---------------------------------------------------------------------------------------------
const npxFetch: SessionSpec = {
  label: "mcp-npx-fetch",
  server: "@tokenizin/mcp-npx-fetch",
  transport: "stdio",
  start: stdioServer("mcp-npx-fetch", "@tokenizin/mcp-npx-fetch"),
  steps: [
    step("nf-001", "fetch_html", { url: `${UP}/` }, "fetch a page as HTML"),
    step("nf-002", "fetch_json", { url: `${UP}/data/inventory.json` }, "fetch JSON"),
    step("nf-003", "fetch_json", { url: `${UP}/status/404` }, "fetch JSON from a URL that answers 404"),
    step("nf-004", "fetch_json", { url: `${UP}/status/404` }, "the same 404 again, same arguments"),
    step("nf-005", "fetch_txt", { url: `${UP}/status/401` }, "a URL that answers 401"),
    step("nf-006", "fetch_markdown", { url: `${UP}/status/403` }, "a URL that answers 403"),
    step("nf-007", "fetch_json", { url: `${UP}/status/429` }, "a URL that answers 429"),
    step("nf-008", "fetch_json", { url: `${UP}/status/429` }, "the same 429 again, same arguments"),
    step("nf-009", "fetch_json", { url: `${UP}/status/500` }, "a URL that answers 500"),
    step("nf-010", "fetch_html", { url: `${UP}/status/502` }, "a URL that answers 502"),
    step("nf-011", "fetch_html", { url: `${UP}/status/503` }, "a URL that answers 503"),
    step("nf-012", "fetch_html", { url: `${UP}/status/504` }, "a URL that answers 504"),
    step("nf-013", "fetch_json", { url: `${UP}/text/readme.txt` }, "fetch_json on a plain-text file"),
    step(
      "nf-014",
      "fetch_txt",
      { url: `${UP}/docs/guide` },
      "a troubleshooting page that talks about error codes",
    ),
    step("nf-015", "fetch_html", { url: `${UP}/soft-error` }, "HTTP 200 with an HTML page saying Error 500"),
    step("nf-016", "fetch_json", { url: `${UP}/data/empty-array.json` }, "JSON that is an empty array"),
    step("nf-017", "fetch_html", { url: "http://127.0.0.1:1/" }, "nothing listens on the port"),
    step("nf-018", "fetch_html", { url: `${UP}/reset` }, "the server resets the connection"),
    step("nf-019", "fetch_rss", { url: `${UP}/` }, "a tool the server does not have"),
    step("nf-020", "fetch_json", { url: `${UP}/status/410` }, "a URL that answers 410 Gone"),
    step("nf-021", "fetch_markdown", { url: `${UP}/docs/guide` }, "the troubleshooting page as Markdown"),
    step(
      "nf-022",
      "fetch_json",
      { url: `${UP}/api-envelope/fail` },
      "HTTP 200 JSON {ok:false, error:channel_not_found}",
    ),
    step("nf-023", "fetch_json", { headers: {} }, "url missing"),
    step("nf-024", "fetch_json", { url: `${UP}/data/large.json` }, "a large JSON body"),
  ],
};

// ---------------------------------------------------------------------------------------------
const openapiArgs = [
  "--api-base-url",
  `${UP}/api`,
  "--openapi-spec",
  `${UP}/openapi.json`,
  "--headers",
  "Authorization:Bearer corpus-api-token",
];
const openapiSteps = (prefix: string): Step[] => [
  step(`${prefix}-001`, "lst-items", {}, "list items through the OpenAPI bridge"),
  step(`${prefix}-002`, "lst-items", { q: "titanium" }, "search that matches nothing (items [], total 0)"),
  step(`${prefix}-003`, "get-item", { id: 2 }, "get an existing item"),
  step(`${prefix}-004`, "get-item", { id: 999 }, "get an item that does not exist (404 item_not_found)"),
  step(`${prefix}-005`, "get-item", { id: 999 }, "the same 404 again, same arguments"),
  step(
    `${prefix}-006`,
    "crt-item",
    { sku: "BLT-020", name: "Gold bolt", price: 99999 },
    "create with a price out of range (422)",
  ),
  step(
    `${prefix}-007`,
    "crt-item",
    { sku: "BLT-001", name: "Hex bolt M8 again", price: 0.12 },
    "create a duplicate sku (409 duplicate_sku)",
  ),
  step(`${prefix}-008`, "del-item", { id: 1 }, "delete, refused for the viewer role (403)"),
  step(`${prefix}-009`, "export-report", {}, "export quota exceeded (429, retry_after 30)"),
  step(`${prefix}-010`, "lst-invoices", {}, "plan does not include invoices (402 payment_required)"),
  step(`${prefix}-011`, "who-am-i", {}, "identity endpoint answers 200 with null"),
  step(`${prefix}-012`, "sync-status", {}, "200 with ok:false, error warehouse_offline"),
  step(`${prefix}-013`, "recalculate-prices", {}, "500 with a TypeError in the body"),
  step(`${prefix}-014`, "warehouse-health", {}, "503 from an Envoy-style proxy, Retry-After 60"),
  step(`${prefix}-015`, "lst-orders", { state: "shipped" }, "orders [] with total 0"),
  step(`${prefix}-016`, "refresh-token", {}, "token refresh answered 400 invalid_grant"),
  step(`${prefix}-017`, "lst-items", { limit: 500 }, "limit above the documented maximum of 100"),
  step(`${prefix}-018`, "archive-item", { id: 1 }, "a tool the bridge does not have"),
  step(`${prefix}-019`, "get-item", { id: "two" }, "id given as a word"),
  step(`${prefix}-020`, "get-item", { id: 3 }, "get another existing item"),
];

const openapi: SessionSpec = {
  label: "openapi",
  server: "@ivotoby/openapi-mcp-server",
  transport: "stdio",
  start: stdioServer("openapi", "@ivotoby/openapi-mcp-server", { args: openapiArgs }),
  steps: openapiSteps("oa"),
};

const openapiHttp: SessionSpec = {
  label: "openapi-http",
  server: "@ivotoby/openapi-mcp-server",
  transport: "http",
  start: httpServer("openapi-http", "@ivotoby/openapi-mcp-server", {
    port: PORTS.openapiHttp,
    args: [...openapiArgs, "--transport", "http", "--port", String(PORTS.openapiHttp), "--host", "127.0.0.1"],
  }),
  steps: openapiSteps("oah").filter((s) =>
    ["oah-001", "oah-004", "oah-009", "oah-011", "oah-013", "oah-018"].includes(s.id),
  ),
};

// ---------------------------------------------------------------------------------------------
const graphqlEnv = (token: string) => ({
  ENDPOINT: `${UP}/graphql`,
  HEADERS: JSON.stringify({ Authorization: `Bearer ${token}` }),
  NAME: "acme-graphql",
});

const graphqlSession: SessionSpec = {
  label: "graphql",
  server: "mcp-graphql",
  transport: "stdio",
  start: stdioServer("graphql", "mcp-graphql", { env: graphqlEnv("corpus-graphql-token") }),
  steps: [
    step("gql-001", "introspect-schema", {}, "introspect the schema"),
    step("gql-002", "query-graphql", { query: "{ items { id sku name price } }" }, "list items"),
    step(
      "gql-003",
      "query-graphql",
      { query: "{ item(id: 999) { id name } }" },
      "an item that does not exist (NOT_FOUND, data.item null)",
    ),
    step(
      "gql-004",
      "query-graphql",
      { query: "{ item(id: 999) { id name } }" },
      "the same query again, same arguments",
    ),
    step(
      "gql-005",
      "query-graphql",
      { query: "{ item(id: 1) { id name supplier { name contractNumber } } }" },
      "data with a FORBIDDEN error on one field",
    ),
    step("gql-006", "query-graphql", { query: "{ items { id sku " }, "a syntax error"),
    step("gql-007", "query-graphql", { query: "{ items { id colour } }" }, "a field that does not exist"),
    step(
      "gql-008",
      "query-graphql",
      { query: "mutation { setPrice(id: 1, price: 0.2) { id price } }" },
      "a mutation, which the server does not allow",
    ),
    step(
      "gql-009",
      "query-graphql",
      { query: "{ item(id: 500) { id name } }" },
      "resolver fails with SERVICE_UNAVAILABLE",
    ),
    step(
      "gql-010",
      "query-graphql",
      {
        query: "query($s: String) { items(search: $s) { id } }",
        variables: JSON.stringify({ s: "titanium" }),
      },
      "a search with no hits (items [])",
    ),
    step("gql-011", "query-graphql", { query: "{ viewer }" }, "the viewer"),
    step(
      "gql-012",
      "query-graphql",
      { query: "query($id: Int!) { item(id: $id) { id } }", variables: "{not json" },
      "variables that are not JSON",
    ),
  ],
};

const graphqlBadToken: SessionSpec = {
  label: "graphql-bad-token",
  server: "mcp-graphql",
  transport: "stdio",
  start: stdioServer("graphql-bad-token", "mcp-graphql", { env: graphqlEnv("revoked-token") }),
  steps: [
    step(
      "gqlb-001",
      "query-graphql",
      { query: "{ items { id } }" },
      "the GraphQL endpoint answers 401 for a revoked token",
    ),
  ],
};

// ---------------------------------------------------------------------------------------------
const gitlabStart = (label: string, token: string) =>
  stdioServer(label, "@modelcontextprotocol/server-gitlab", {
    env: { GITLAB_PERSONAL_ACCESS_TOKEN: token, GITLAB_API_URL: `${UP}/gitlab/api/v4` },
  });

const gitlab: SessionSpec = {
  label: "gitlab",
  server: "@modelcontextprotocol/server-gitlab",
  transport: "stdio",
  start: gitlabStart("gitlab", "glpat-corpus-valid"),
  steps: [
    step("gl-001", "search_repositories", { search: "parts-cat" }, "search projects"),
    step("gl-002", "search_repositories", { search: "zzz" }, "search with no hits"),
    step(
      "gl-003",
      "search_repositories",
      { search: "parts" },
      "search whose hits include an empty project (default_branch null)",
    ),
    step(
      "gl-004",
      "get_file_contents",
      { project_id: "acme/parts-catalog", file_path: "README.md" },
      "read a file",
    ),
    step(
      "gl-005",
      "get_file_contents",
      { project_id: "acme/parts-catalog", file_path: "docs/missing.md" },
      "a file that does not exist (404)",
    ),
    step(
      "gl-006",
      "get_file_contents",
      { project_id: "acme/parts-catalog", file_path: "docs/missing.md" },
      "the same 404 again, same arguments",
    ),
    step(
      "gl-007",
      "get_file_contents",
      { project_id: "acme/nope", file_path: "README.md" },
      "a project that does not exist (404)",
    ),
    step(
      "gl-008",
      "create_issue",
      {
        project_id: "acme/parts-catalog",
        title: "Bolt prices are stale",
        description: "Prices were last updated in October.",
      },
      "create an issue with a description",
    ),
    step(
      "gl-009",
      "create_branch",
      { project_id: "acme/parts-catalog", branch: "main", ref: "main" },
      "create a branch that already exists (400)",
    ),
    step("gl-010", "search_repositories", { search: "crash" }, "GitLab answers 500"),
    step("gl-011", "search_repositories", { search: "maintenance" }, "GitLab answers 503"),
    step("gl-012", "create_issue", { project_id: "acme/parts-catalog" }, "title missing"),
    step(
      "gl-013",
      "delete_repository",
      { project_id: "acme/parts-catalog" },
      "a tool the server does not have",
    ),
    step(
      "gl-014",
      "create_issue",
      { project_id: "acme/parts-catalog", title: "Washer stock is zero" },
      "create an issue without a description (GitLab answers description: null)",
    ),
  ],
};

const gitlabExpired: SessionSpec = {
  label: "gitlab-expired",
  server: "@modelcontextprotocol/server-gitlab",
  transport: "stdio",
  start: gitlabStart("gitlab-expired", "glpat-expired"),
  steps: [
    step("gle-001", "search_repositories", { search: "parts" }, "an expired personal access token (401)"),
    step(
      "gle-002",
      "search_repositories",
      { search: "parts" },
      "the same call again with the same expired token",
    ),
  ],
};

const gitlabLimited: SessionSpec = {
  label: "gitlab-limited",
  server: "@modelcontextprotocol/server-gitlab",
  transport: "stdio",
  start: gitlabStart("gitlab-limited", "glpat-limited"),
  steps: [
    step("gll-001", "search_repositories", { search: "parts-api" }, "a read-only token can search"),
    step(
      "gll-002",
      "create_issue",
      { project_id: "acme/parts-catalog", title: "Needs write access" },
      "a read-only token cannot create issues (403)",
    ),
  ],
};

const gitlabThrottled: SessionSpec = {
  label: "gitlab-throttled",
  server: "@modelcontextprotocol/server-gitlab",
  transport: "stdio",
  start: gitlabStart("gitlab-throttled", "glpat-throttled"),
  steps: [
    step("glt-001", "search_repositories", { search: "parts" }, "GitLab throttles the token (429)"),
    step("glt-002", "search_repositories", { search: "parts" }, "the same call again right away"),
  ],
};

// ---------------------------------------------------------------------------------------------
let redisChild: ChildProcess | undefined;
async function startRedis() {
  redisChild = spawn(
    "redis-server",
    ["--port", String(PORTS.redis), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
  await sleep(500);
}
function stopRedis() {
  if (redisChild && redisChild.exitCode === null) redisChild.kill("SIGKILL");
}

const redis: SessionSpec = {
  label: "redis",
  server: "@modelcontextprotocol/server-redis",
  transport: "stdio",
  start: async (reporter) => {
    await startRedis();
    return stdioServer("redis", "@modelcontextprotocol/server-redis", {
      args: [`redis://127.0.0.1:${PORTS.redis}`],
    })(reporter);
  },
  steps: [
    step("rd-001", "set", { key: "part:BLT-001:price", value: "0.12" }, "set a key"),
    step("rd-002", "get", { key: "part:BLT-001:price" }, "get the key"),
    step("rd-003", "get", { key: "part:NOPE:price" }, "get a key that does not exist"),
    step("rd-004", "list", { pattern: "order:*" }, "list keys matching a pattern with no matches"),
    step("rd-005", "list", { pattern: "part:*" }, "list keys matching a pattern"),
    step("rd-006", "set", { key: "part:NUT-002:price" }, "value missing"),
    step("rd-007", "set", { key: "session:tmp", value: "x", expireSeconds: -5 }, "a negative expiry"),
    step(
      "rd-008",
      "delete",
      { key: ["part:BLT-001:price", "part:NOPE:price"] },
      "delete two keys, one of which does not exist",
    ),
    step("rd-009", "increment", { key: "counter" }, "a tool the server does not have"),
    step("rd-010", "get", { key: "part:NUT-002:price" }, "the Redis server was killed before this call", {
      timeoutMs: 5000,
      before: async () => {
        stopRedis();
        await sleep(500);
      },
    }),
  ],
};

export const SESSIONS: SessionSpec[] = [
  filesystem,
  memory,
  everythingStdio,
  everythingGzipPolicy,
  everythingKilled,
  everythingHttp,
  everythingHttpKilled,
  sequential,
  postgres,
  sqlite,
  git,
  gitHttp,
  gitHttpReadOnly,
  fetchServer,
  curl,
  npxFetch,
  openapi,
  openapiHttp,
  graphqlSession,
  graphqlBadToken,
  gitlab,
  gitlabExpired,
  gitlabLimited,
  gitlabThrottled,
  redis,
];

export function cleanup(): void {
  stopRedis();
}
