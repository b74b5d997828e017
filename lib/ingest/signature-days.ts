import type { Pool, PoolClient } from "pg";
import { bucketStart, weekStart } from "../rollups/buckets";

// The failure signatures' daily counts (signature_day_rollups) and weekly ones (signature_week_rollups, summed from
// the days), derived from their hourly ones by the hourly upkeep — never by ingest, whose transaction would otherwise lock and write one more row per
// signature and day (measured: a fifth more time per merged OTLP batch). Each pass sums a project's whole
// days before today from the hourly rows as they are then and writes the sums that changed, in one
// transaction (readers see the old rows or the new, never a mix), and records up to which day they hold
// (signature_day_builds). Pages read whole days before that mark from here and everything after it from
// the hourly rows (lib/queries/rollup-range.ts). So the pages' counts are exact except for a call that arrives late for a
// day already built: its hourly row counts it at once (the signature's own page, its sparkline), a window's
// total from the next pass (within the hour).

/**
 * Brings every project's daily signature rows up to the start of `now`'s UTC day, and its weekly rows up to the
 * start of that day's week; how many rows of each it wrote.
 */
export async function buildSignatureDays(
  pool: Pool,
  now = new Date(),
): Promise<{ days: number; weeks: number }> {
  const through = bucketStart(now, "day");
  const weeks = weekStart(through);
  const { rows: projects } = await pool.query<{ id: string }>(`SELECT id FROM projects ORDER BY id`);
  const written = { days: 0, weeks: 0 };
  for (const { id } of projects) {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      // Days, then whole weeks (from the day rows just written), each before its mark.
      const days = await coarsen(client, id, HOURS, DAYS, through);
      const weekly = await coarsen(client, id, DAYS, WEEKS, weeks);
      await client.query(
        `INSERT INTO signature_day_builds (project_id, built_through, built_at) VALUES ($1, $2, now())
         ON CONFLICT (project_id) DO UPDATE SET built_through = EXCLUDED.built_through, built_at = now()`,
        [id, through],
      );
      await client.query("COMMIT");
      written.days += days;
      written.weeks += weekly;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
  return written;
}

/** A level of the signature counts: its table, the column its buckets start at, its date_trunc unit. */
interface Level {
  table: string;
  column: string;
  unit: string;
}
const HOURS: Level = { table: "signature_rollups", column: "bucket_start", unit: "hour" };
const DAYS: Level = { table: "signature_day_rollups", column: "day", unit: "day" };
const WEEKS: Level = { table: "signature_week_rollups", column: "week", unit: "week" };

/**
 * A project's rows of `coarse` brought up to `through` from those of `fine`: buckets retention has emptied of
 * finer rows go; every other one is upserted with its sum, and only a sum that changed writes a row (an hourly
 * full rebuild would leave every row dead each pass). How many rows it wrote.
 */
async function coarsen(
  client: PoolClient,
  projectId: string,
  fine: Level,
  coarse: Level,
  through: Date,
): Promise<number> {
  await client.query(
    `DELETE FROM ${coarse.table} WHERE project_id = $1
        AND ${coarse.column} < coalesce((SELECT date_trunc('${coarse.unit}', min(${fine.column}), 'UTC')
                                          FROM ${fine.table} WHERE project_id = $1), $2)`,
    [projectId, through],
  );
  const upserted = await client.query(
    `INSERT INTO ${coarse.table} (project_id, signature, ${coarse.column}, calls)
     SELECT project_id, signature, date_trunc('${coarse.unit}', ${fine.column}, 'UTC'), sum(calls)::int
       FROM ${fine.table} WHERE project_id = $1 AND ${fine.column} < $2
      GROUP BY 1, 2, 3
     ON CONFLICT (project_id, signature, ${coarse.column}) DO UPDATE SET calls = EXCLUDED.calls
      WHERE ${coarse.table}.calls <> EXCLUDED.calls`,
    [projectId, through],
  );
  return upserted.rowCount ?? 0;
}
