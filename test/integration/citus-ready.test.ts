import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// The schema stays distributable by project (Citus, docs/SCALING.md): every unique key and
// primary key of a per-project table leads with project_id; the rest are small reference
// tables, listed here on purpose — a new table must be put in one list or the other.

const REFERENCE_TABLES = [
  "_prisma_migrations",
  "api_keys",
  "project_members",
  "projects",
  "rate_buckets", // rate limits shared by instances: a coordinator-local table under Citus
  "sessions",
  "sign_in_throttle",
  "user_invites",
  "users",
];

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase("citus_ready");
});
afterAll(async () => testDatabase?.drop());

it("every unique key of a per-project table leads with project_id; every other table is a known reference table", async () => {
  const { rows: tables } = await testDatabase.database.pool.query<{ table: string; has_project: boolean }>(
    `SELECT c.relname AS table,
            EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'project_id' AND NOT a.attisdropped) AS has_project
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`,
  );
  const perProject = tables.filter((table) => !REFERENCE_TABLES.includes(table.table));
  expect(perProject.filter((table) => !table.has_project).map((table) => table.table)).toEqual([]);
  const { rows: keys } = await testDatabase.database.pool.query<{
    table: string;
    index: string;
    first: string;
  }>(
    `SELECT t.relname AS table, i.relname AS index, a.attname AS first
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = x.indkey[0]
      WHERE n.nspname = 'public' AND (x.indisunique OR x.indisprimary)`,
  );
  const offending = keys
    .filter((key) => perProject.some((table) => table.table === key.table) && key.first !== "project_id")
    .map((key) => `${key.table}.${key.index} leads with ${key.first}`);
  expect(offending).toEqual([]);
  expect(perProject.map((table) => table.table)).toEqual(
    expect.arrayContaining([
      "calls",
      "outcome_rollups",
      "tool_rollups",
      "failure_signatures",
      "signature_rollups",
      "signature_day_rollups",
      "signature_week_rollups",
      "silent_groups",
    ]),
  );
});
