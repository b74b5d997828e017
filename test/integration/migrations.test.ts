import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type Database } from "../../lib/db/connect";
import { applyMigrations, readMigrations, type MigrationFile } from "../../lib/db/migrate";
import { applyRetention } from "../../lib/ingest/maintenance";
import { DAY_MS, dayStart, partitionName } from "../../lib/ingest/partitions";
import { prepareCalls } from "../../lib/ingest/prepare";
import { writeBatch } from "../../lib/ingest/write";
import { getCall } from "../../lib/queries/calls";
import {
  createTestDatabase,
  dropTestDatabase,
  otherPool,
  testDatabaseUrl,
  type TestDatabase,
} from "../helpers/test-database";

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

describe("20261202130000_partitioned_calls on an installation with calls stored", () => {
  const PARTITIONED = "20261202130000_partitioned_calls";
  let upgraded: { url: string; name: string; adminUrl: string };
  let pool: pg.Pool;
  let projectId: string;
  const now = Date.now();

  beforeAll(async () => {
    upgraded = testDatabaseUrl("migrations_upgrade");
    const admin = new pg.Client({ connectionString: upgraded.adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${upgraded.name}"`);
    await admin.end();
    pool = otherPool(upgraded.url, 3);
    // DROP DATABASE … WITH (FORCE) in afterAll can reach a connection pool.end() is still closing;
    // its "terminating connection" is the expected end, not an error of the test.
    pool.on("error", () => {});
    // The schema as it was before, with 40 days of calls in it.
    await applyMigrations(
      pool,
      readMigrations().filter((migration) => migration.name < PARTITIONED),
    );
    const { rows } = await pool.query<{ id: string }>(
      `INSERT INTO projects (id, name, retention_days) VALUES (gen_random_uuid(), 'before', 30) RETURNING id`,
    );
    projectId = rows[0]!.id;
    await pool.query(
      `INSERT INTO calls (project_id, id, occurred_at, server, tool, method, outcome, silent_failure, partial, empty, flags,
                          text, text_length, signature)
       SELECT $1, 'old-' || n, now() - (n % 40) * interval '1 day' - interval '1 minute', 's', 't', 'tools/call',
              CASE WHEN n % 5 = 0 THEN 'tool_error' ELSE 'ok' END, false, false, false, '{}', 'text ' || n, 6, 'sig'
         FROM generate_series(1, 4000) AS n`,
      [projectId],
    );
  });
  afterAll(async () => {
    await pool?.end();
    if (upgraded) await dropTestDatabase(upgraded.adminUrl, upgraded.name);
  });

  it("keeps every call, its idempotency and its lookups, and retention drops the old table once no project keeps it", async () => {
    // The partitioning, and every migration after it, on a database with calls in it.
    expect(await applyMigrations(pool)).toEqual({
      applied: readMigrations()
        .map((migration) => migration.name)
        .filter((name) => name >= PARTITIONED),
    });
    const count = async (sql: string) => (await pool.query<{ n: number }>(sql)).rows[0]!.n;
    expect(await count(`SELECT count(*)::int AS n FROM calls`)).toBe(4000);
    expect(await count(`SELECT count(*)::int AS n FROM call_ids`)).toBe(4000);
    expect(await count(`SELECT count(*)::int AS n FROM calls_legacy`)).toBe(4000);
    // Stored before: still found by id, still a duplicate when re-sent.
    expect((await getCall(pool, projectId, "old-7"))?.text).toBe("text 7");
    const resent = prepareCalls([{ id: "old-7", server: "s", tool: "t" }], new Date()).prepared;
    expect((await writeBatch(pool, projectId, resent)).results.map(({ fate }) => fate)).toEqual([
      "duplicate",
    ]);
    // New calls: in the old table until the day after tomorrow, then in their day's partition.
    const later = new Date(dayStart(now) + 2 * DAY_MS + 60_000);
    // (new-2 as received the day after tomorrow, without an occurredAt of its own)
    const fresh = [
      ...prepareCalls([{ id: "new-1", server: "s", tool: "t" }], new Date(now)).prepared,
      ...prepareCalls([{ id: "new-2", server: "s", tool: "t" }], later).prepared,
    ];
    expect((await writeBatch(pool, projectId, fresh)).results.map(({ fate }) => fate)).toEqual([
      "stored",
      "stored",
    ]);
    const { rows } = await pool.query(
      `SELECT id, tableoid::regclass::text AS partition FROM calls WHERE id LIKE 'new-%' ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: "new-1", partition: "calls_legacy" },
      { id: "new-2", partition: partitionName(dayStart(later)) },
    ]);

    // Retention now: the old table still holds kept days, so its expired calls go in chunks.
    const first = await applyRetention(pool, new Date(now));
    expect(first.dropped).toEqual([]);
    const expired = first.projects[0]!.calls;
    // Days 31–39 back (and day 30 too, in the first minute of a UTC day): whole days past 30.
    expect(expired).toBeGreaterThanOrEqual(900);
    expect(expired).toBeLessThanOrEqual(1000);
    expect(await count(`SELECT count(*)::int AS n FROM calls_legacy`)).toBe(4001 - expired);
    expect(await count(`SELECT count(*)::int AS n FROM call_ids`)).toBe(4002 - expired);
    // Once its last day is past the retention, the old table is dropped whole, its ids with it.
    const second = await applyRetention(pool, new Date(dayStart(now) + 33 * DAY_MS));
    expect(second.dropped.map((partition) => partition.name)).toContain("calls_legacy");
    expect(await count(`SELECT count(*)::int AS n FROM pg_class WHERE relname = 'calls_legacy'`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM call_ids WHERE id LIKE 'old-%'`)).toBe(0);
    // 33 days on, new-2's day is past the retention too: nothing is left, in calls or in call_ids.
    expect(await count(`SELECT count(*)::int AS n FROM calls`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM call_ids`)).toBe(0);
  });
});
