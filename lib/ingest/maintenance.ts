import type { Pool } from "pg";
import { MINUTE_ROLLUP_RETENTION_MS } from "./rollups";

// Background upkeep that keeps the rollups small: minute rows older than their retention
// are deleted in bounded chunks, so no statement holds locks for long.

const CHUNK = 10_000;

export async function pruneMinuteRollups(pool: Pool, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - MINUTE_ROLLUP_RETENTION_MS);
  let deleted = 0;
  for (;;) {
    const { rowCount } = await pool.query(
      `DELETE FROM call_rollups WHERE ctid IN (
         SELECT ctid FROM call_rollups WHERE granularity = 'minute' AND bucket_start < $1 LIMIT ${CHUNK})`,
      [cutoff],
    );
    deleted += rowCount ?? 0;
    if ((rowCount ?? 0) < CHUNK) return deleted;
  }
}

/** Runs the upkeep now and then every hour, for the life of the process. */
export function scheduleMaintenance(pool: Pool): void {
  const run = () =>
    pruneMinuteRollups(pool).catch((error: unknown) =>
      console.warn("[faultline] pruning minute rollups failed; will retry:", (error as Error).message),
    );
  void run();
  setInterval(run, 3_600_000).unref();
}
