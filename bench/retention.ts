// Retention of one day, before and after `calls` was partitioned (migration 20261202130000):
//   npx tsx bench/retention.ts --calls 1000000 --day 1000000
// For each schema, a database with `calls` calls over the 30 kept days (bench/dataset.ts) and one
// expired day of `day` calls (33 days ago, a project keeping 30). Then one upkeep retention pass:
//   before — the chunked DELETE as applyRetention did it up to 20261202130000 (copied below);
//   after  — applyRetention now: the day's partition dropped, its ids deleted from call_ids.
// Reports the pass's time, the WAL it wrote, and the VACUUM it leaves behind (the deferred cost:
// dead rows in calls and its nine indexes, or in call_ids and its two). Finally the in-place
// migration of the "before" database (its `calls` rows) to the partitioned schema, timed.
// Prints one JSON line.
import { parseArgs } from "node:util";
import { connect } from "../lib/db/connect";
import { applyMigrations, readMigrations } from "../lib/db/migrate";
import { applyRetention } from "../lib/ingest/maintenance";
import { DAY_MS, dayStart, ensureDayPartition, partitionName } from "../lib/ingest/partitions";
import { ensureDays, generateCalls } from "./dataset";
import { createDatabase, dropDatabase, round } from "./lib";

const { values } = parseArgs({
  options: {
    calls: { type: "string", default: "1000000" },
    day: { type: "string", default: "1000000" },
    /** Measure one schema only: before or after. */
    only: { type: "string" },
  },
});
const N = Number(values.calls);
const DAY = Number(values.day);
const PARTITIONED = "20261202130000_partitioned_calls";
const PROJECT = "00000000-0000-4000-8000-00000000e7e7";

/** applyRetention's calls delete before 20261202130000, verbatim. */
async function chunkedDelete(pool: import("pg").Pool, cutoff: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const { rowCount } = await pool.query(
      `DELETE FROM calls WHERE ctid IN (
         SELECT ctid FROM calls WHERE project_id = $1 AND occurred_at < $2
          LIMIT 10000 FOR UPDATE SKIP LOCKED)`,
      [PROJECT, cutoff],
    );
    deleted += rowCount ?? 0;
    if ((rowCount ?? 0) < 10000) return deleted;
  }
}

async function walBytes(pool: import("pg").Pool, since?: string): Promise<{ lsn: string; bytes: number }> {
  const { rows } = await pool.query<{ lsn: string; bytes: string | null }>(
    `SELECT pg_current_wal_lsn()::text AS lsn, pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::text AS bytes`,
    [since ?? "0/0"],
  );
  return { lsn: rows[0]!.lsn, bytes: Number(rows[0]!.bytes ?? 0) };
}

async function measure(schema: "before" | "after") {
  const database = await createDatabase(`retention_${schema}`);
  const { pool, close } = connect(database.url, { write: 3, read: 1, readTimeoutMs: 600_000 });
  try {
    const migrations = readMigrations().filter(
      (migration) => schema === "after" || migration.name < PARTITIONED,
    );
    await applyMigrations(pool, migrations);
    await pool.query(`INSERT INTO projects (id, name, retention_days) VALUES ($1, 'retention', 30)`, [
      PROJECT,
    ]);
    const now = new Date();
    const expiredDay = dayStart(now) - 33 * DAY_MS;
    const generated = performance.now();
    await ensureDays(pool, new Date(now.getTime() - 31 * DAY_MS), new Date(now.getTime() + DAY_MS));
    for (let start = 1; start <= N; start += 500_000) {
      await generateCalls(pool, PROJECT, N, start, Math.min(N, start + 499_999));
    }
    // The expired day, as the writer would have stored it: in its own partition.
    if (schema === "after") await ensureDayPartition(pool, expiredDay);
    const at = `'${new Date(expiredDay).toISOString()}'::timestamptz + make_interval(secs => (i - ${N + 1}) * 86399.0 / $2::int)`;
    for (let start = N + 1; start <= N + DAY; start += 500_000) {
      await generateCalls(pool, PROJECT, DAY, start, Math.min(N + DAY, start + 499_999), at);
    }
    await pool.query("VACUUM ANALYZE");
    const generateSeconds = round((performance.now() - generated) / 1000);
    const { rows: size } = await pool.query(
      `SELECT pg_size_pretty(pg_database_size(current_database())) AS size`,
    );

    const wal = await walBytes(pool);
    const started = performance.now();
    let deleted: number;
    if (schema === "before") {
      deleted = await chunkedDelete(pool, new Date(dayStart(now.getTime() - 30 * DAY_MS)));
    } else {
      const retention = await applyRetention(pool, now);
      if (!retention.dropped.some((partition) => partition.name === partitionName(expiredDay))) {
        throw new Error(`the expired day was not dropped: ${JSON.stringify(retention)}`);
      }
      deleted =
        retention.dropped.reduce((sum, partition) => sum + Math.max(0, partition.estimatedCalls), 0) +
        (retention.projects[0]?.calls ?? 0);
    }
    const retentionMs = round(performance.now() - started);
    const retentionWal = (await walBytes(pool, wal.lsn)).bytes;
    const vacuumStarted = performance.now();
    await pool.query(schema === "before" ? "VACUUM calls" : "VACUUM call_ids");
    const vacuumMs = round(performance.now() - vacuumStarted);
    const { rows: left } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM calls`);
    if (left[0]!.n !== N) throw new Error(`${left[0]!.n} calls left, expected ${N}`);

    let migrationMs: number | undefined;
    if (schema === "before") {
      const migrated = performance.now();
      await applyMigrations(pool);
      migrationMs = round(performance.now() - migrated);
    }
    return {
      schema,
      storedCalls: N,
      dayCalls: DAY,
      databaseSize: size[0].size as string,
      generateSeconds,
      deleted,
      retentionMs,
      retentionWalMb: round(retentionWal / 1024 / 1024),
      vacuumMs,
      ...(migrationMs === undefined ? {} : { migrationMs, migratedCalls: N }),
    };
  } finally {
    await close();
    await dropDatabase(database.name);
  }
}

async function main() {
  const before = values.only === "after" ? undefined : await measure("before");
  if (before) console.error(JSON.stringify(before));
  const after = values.only === "before" ? undefined : await measure("after");
  console.log(JSON.stringify({ before, after }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
