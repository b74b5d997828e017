// Lays out the data the servers work on, fresh for every capture: a directory tree for the
// filesystem server, a git repository, a SQLite file, a PostgreSQL database of our own
// (corpus_pg, with a read-only role) and a memory file. Everything lives under /tmp/faultline-corpus.

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { sqlite3 } from "./deps.js";
import { ROOT } from "./harness.js";

export const FS_DIR = path.join(ROOT, "fs");
export const GIT_BASE = path.join(ROOT, "git");
export const REPO = path.join(GIT_BASE, "parts-repo");
export const NOT_A_REPO = path.join(GIT_BASE, "not-a-repo");
export const SQLITE_FILE = path.join(ROOT, "sqlite", "parts.db");
export const MEMORY_FILE = path.join(ROOT, "memory", "graph.jsonl");
export const PG_DB = "corpus_pg";
export const PG_READER = "corpus_pg_reader";
export const PG_ADMIN_URL =
  process.env.CORPUS_PG_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
export const pgUrl = (user: string) => {
  const url = new URL(PG_ADMIN_URL);
  url.username = user;
  url.pathname = `/${PG_DB}`;
  return url.toString();
};

// A 1x1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

function setupFs() {
  fs.mkdirSync(path.join(FS_DIR, "notes"), { recursive: true });
  fs.mkdirSync(path.join(FS_DIR, "empty"), { recursive: true });
  fs.mkdirSync(path.join(FS_DIR, "data"), { recursive: true });
  fs.mkdirSync(path.join(FS_DIR, "images"), { recursive: true });
  fs.writeFileSync(
    path.join(FS_DIR, "notes", "todo.md"),
    "# To do\n\n- reorder M8 bolts\n- call the washer supplier\n",
  );
  fs.writeFileSync(
    path.join(FS_DIR, "notes", "errors.md"),
    "# Known errors\n\nE100 card declined\nE200 address not found\n",
  );
  fs.writeFileSync(path.join(FS_DIR, "readme.txt"), "Parts office shared folder.\n");
  const lines = Array.from(
    { length: 6000 },
    (_, i) => `${String(i + 1).padStart(5, "0")},SKU-${i + 1},${(i * 13) % 997}`,
  );
  fs.writeFileSync(path.join(FS_DIR, "data", "stock.csv"), `line,sku,qty\n${lines.join("\n")}\n`);
  fs.writeFileSync(path.join(FS_DIR, "images", "dot.png"), PNG);
  // A link inside the allowed directory that points outside it.
  fs.symlinkSync("/etc/hostname", path.join(FS_DIR, "notes", "host-link.txt"));
}

function git(args: string[], cwd: string) {
  execFileSync("git", args, {
    cwd,
    stdio: "ignore",
    env: {
      PATH: "/usr/local/bin:/usr/bin:/bin",
      HOME: path.join(ROOT, "home"),
      GIT_AUTHOR_NAME: "Corpus Author",
      GIT_AUTHOR_EMAIL: "author@corpus.test",
      GIT_COMMITTER_NAME: "Corpus Author",
      GIT_COMMITTER_EMAIL: "author@corpus.test",
      GIT_AUTHOR_DATE: "2026-11-01T10:00:00Z",
      GIT_COMMITTER_DATE: "2026-11-01T10:00:00Z",
    } as Record<string, string> as NodeJS.ProcessEnv,
  });
}

function setupGit() {
  fs.mkdirSync(REPO, { recursive: true });
  fs.mkdirSync(NOT_A_REPO, { recursive: true });
  fs.writeFileSync(path.join(NOT_A_REPO, "notes.txt"), "not under version control\n");
  git(["init", "-q", "-b", "main"], REPO);
  fs.writeFileSync(path.join(REPO, "README.md"), "# parts-repo\n");
  git(["add", "README.md"], REPO);
  git(["commit", "-q", "-m", "Start the parts repo"], REPO);
  fs.writeFileSync(path.join(REPO, "prices.csv"), "sku,price\nBLT-001,0.12\nNUT-002,0.08\n");
  git(["add", "prices.csv"], REPO);
  git(["commit", "-q", "-m", "Add the price list"], REPO);
  fs.writeFileSync(path.join(REPO, "prices.csv"), "sku,price\nBLT-001,0.13\nNUT-002,0.08\n");
  git(["commit", "-q", "-am", "Bolts cost more"], REPO);
}

async function setupSqlite() {
  fs.mkdirSync(path.dirname(SQLITE_FILE), { recursive: true });
  const db = new sqlite3.Database(SQLITE_FILE);
  const run = (sql: string) =>
    new Promise<void>((resolve, reject) => db.exec(sql, (error) => (error ? reject(error) : resolve())));
  await run(`
    CREATE TABLE suppliers (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE parts (
      id INTEGER PRIMARY KEY,
      sku TEXT NOT NULL UNIQUE,
      name TEXT NOT NULL,
      price REAL NOT NULL CHECK (price >= 0),
      supplier_id INTEGER REFERENCES suppliers(id)
    );
    CREATE TABLE audit_log (id INTEGER PRIMARY KEY, level TEXT, message TEXT);
    INSERT INTO suppliers VALUES (1, 'Bolt & Co'), (2, 'Nut House');
    INSERT INTO parts VALUES (1, 'BLT-001', 'Hex bolt M8', 0.12, 1), (2, 'NUT-002', 'Lock nut M8', 0.08, 2), (3, 'WSH-003', 'Washer 8 mm', 0.02, NULL);
    INSERT INTO audit_log VALUES (1, 'error', 'import failed: row 7 has no sku'), (2, 'info', 'import finished');
  `);
  await new Promise<void>((resolve) => db.close(() => resolve()));
}

async function setupPostgres() {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${PG_DB}`);
  const role = await admin.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [PG_READER]);
  if (role.rowCount === 0) await admin.query(`CREATE ROLE ${PG_READER} LOGIN`);
  await admin.query(`ALTER ROLE ${PG_READER} SET statement_timeout = '2500ms'`);
  await admin.end();
  const db = new pg.Client({ connectionString: pgUrl(new URL(PG_ADMIN_URL).username || "postgres") });
  await db.connect();
  await db.query(`
    CREATE TABLE suppliers (id int PRIMARY KEY, name text NOT NULL);
    CREATE TABLE parts (
      id int PRIMARY KEY,
      sku text NOT NULL UNIQUE,
      name text NOT NULL,
      price numeric(10,2) NOT NULL CHECK (price >= 0),
      supplier_id int REFERENCES suppliers(id)
    );
    CREATE TABLE app_log (id serial PRIMARY KEY, level text NOT NULL, message text NOT NULL);
    CREATE TABLE payroll (employee text PRIMARY KEY, salary numeric NOT NULL);
    INSERT INTO suppliers VALUES (1, 'Bolt & Co'), (2, 'Nut House');
    INSERT INTO parts VALUES (1, 'BLT-001', 'Hex bolt M8', 0.12, 1), (2, 'NUT-002', 'Lock nut M8', 0.08, 2), (3, 'WSH-003', 'Washer 8 mm', 0.02, NULL);
    INSERT INTO app_log (level, message) VALUES ('error', 'nightly import failed: supplier feed returned 502'), ('info', 'nightly import retried and finished');
    INSERT INTO payroll VALUES ('alice', 5200), ('bob', 4900);
    REVOKE ALL ON ALL TABLES IN SCHEMA public FROM PUBLIC;
    GRANT USAGE ON SCHEMA public TO ${PG_READER};
    GRANT SELECT ON suppliers, parts, app_log TO ${PG_READER};
  `);
  await db.end();
}

export async function setup(): Promise<void> {
  fs.rmSync(ROOT, { recursive: true, force: true });
  fs.mkdirSync(path.join(ROOT, "home"), { recursive: true });
  // The identity git-mcp-server commits with (it falls back to the global git config).
  fs.writeFileSync(
    path.join(ROOT, "home", ".gitconfig"),
    "[user]\n\tname = Corpus Bot\n\temail = bot@corpus.test\n",
  );
  fs.mkdirSync(path.dirname(MEMORY_FILE), { recursive: true });
  setupFs();
  setupGit();
  await setupSqlite();
  await setupPostgres();
}
