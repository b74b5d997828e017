import type { Pool } from "pg";
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
      // Days retention has emptied of hourly rows go; every other day is upserted with its sum, and only a
      // sum that changed writes a row (an hourly full rebuild would leave every row dead each pass).
      await client.query(
        `DELETE FROM signature_day_rollups WHERE project_id = $1
            AND day < coalesce((SELECT date_trunc('day', min(bucket_start), 'UTC') FROM signature_rollups
                                 WHERE project_id = $1), $2)`,
        [id, through],
      );
      const upserted = await client.query(
        `INSERT INTO signature_day_rollups (project_id, signature, day, calls)
         SELECT project_id, signature, date_trunc('day', bucket_start, 'UTC'), sum(calls)::int
           FROM signature_rollups WHERE project_id = $1 AND bucket_start < $2
          GROUP BY 1, 2, 3
         ON CONFLICT (project_id, signature, day) DO UPDATE SET calls = EXCLUDED.calls
          WHERE signature_day_rollups.calls <> EXCLUDED.calls`,
        [id, through],
      );
      // Whole weeks before the one `through` falls in, summed from the day rows just written; weeks retention
      // has emptied of days go.
      await client.query(
        `DELETE FROM signature_week_rollups WHERE project_id = $1
            AND week < coalesce((SELECT date_trunc('week', min(day), 'UTC') FROM signature_day_rollups
                                  WHERE project_id = $1), $2)`,
        [id, weeks],
      );
      const weekly = await client.query(
        `INSERT INTO signature_week_rollups (project_id, signature, week, calls)
         SELECT project_id, signature, date_trunc('week', day, 'UTC'), sum(calls)::int
           FROM signature_day_rollups WHERE project_id = $1 AND day < $2
          GROUP BY 1, 2, 3
         ON CONFLICT (project_id, signature, week) DO UPDATE SET calls = EXCLUDED.calls
          WHERE signature_week_rollups.calls <> EXCLUDED.calls`,
        [id, weeks],
      );
      await client.query(
        `INSERT INTO signature_day_builds (project_id, built_through, built_at) VALUES ($1, $2, now())
         ON CONFLICT (project_id) DO UPDATE SET built_through = EXCLUDED.built_through, built_at = now()`,
        [id, through],
      );
      await client.query("COMMIT");
      written.days += upserted.rowCount ?? 0;
      written.weeks += weekly.rowCount ?? 0;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
  return written;
}
