import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type Database } from "../../lib/db/connect";
import { applyMigrations, readMigrations, type MigrationFile } from "../../lib/db/migrate";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// The runner must leave exactly the bookkeeping Prisma's own `migrate deploy` expects.

let testDatabase: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase("migrations");
  database = connect(testDatabase.url, { write: 2, read: 1, readTimeoutMs: 10_000 });
});
afterAll(async () => {
  await database?.close();
  await testDatabase?.drop();
});

describe("migration runner", () => {
  it("records each migration as Prisma does: checksum = sha256 of migration.sql, finished, one step", async () => {
    const { rows } = await database.pool.query(
      `SELECT migration_name, checksum, finished_at, rolled_back_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    const files = readMigrations();
    expect(rows.map((row) => row.migration_name)).toEqual(files.map((file) => file.name));
    const first = files[0]!;
    const bytes = readFileSync(path.join(process.cwd(), "prisma", "migrations", first.name, "migration.sql"));
    expect(rows[0]).toMatchObject({
      checksum: createHash("sha256").update(bytes).digest("hex"),
      rolled_back_at: null,
      applied_steps_count: 1,
    });
    expect(rows[0]!.finished_at).toBeInstanceOf(Date);
  });

  it("applies nothing twice", async () => {
    expect(await applyMigrations(database.pool)).toEqual({ applied: [] });
  });

  it("rolls a failing migration back completely, records why, and can apply it once fixed", async () => {
    const broken: MigrationFile = {
      name: "29990101000000_broken",
      sql: "CREATE TABLE half_done (id int); SELECT * FROM no_such_table;",
      checksum: "x".repeat(64),
    };
    await expect(applyMigrations(database.pool, [...readMigrations(), broken])).rejects.toThrow(
      /29990101000000_broken failed/,
    );
    const halfDone = await database.pool.query(`SELECT to_regclass('half_done') AS t`);
    expect(halfDone.rows[0].t).toBeNull();
    const { rows } = await database.pool.query(
      `SELECT logs, rolled_back_at, finished_at FROM "_prisma_migrations" WHERE migration_name = $1`,
      [broken.name],
    );
    expect(rows[0].logs).toMatch(/no_such_table/);
    expect(rows[0].rolled_back_at).toBeInstanceOf(Date);
    expect(rows[0].finished_at).toBeNull();

    const fixed = { ...broken, sql: "CREATE TABLE half_done (id int);" };
    expect(await applyMigrations(database.pool, [...readMigrations(), fixed])).toEqual({
      applied: [broken.name],
    });
  });

  it("refuses to start over a migration another migrator left unfinished", async () => {
    await database.pool.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name) VALUES ('00000000-0000-0000-0000-000000000001', 'x', 'crashed_one')`,
    );
    await expect(applyMigrations(database.pool)).rejects.toThrow(/crashed_one started but never finished/);
  });
});
