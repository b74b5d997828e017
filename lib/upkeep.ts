import type { Pool } from "pg";
import { pruneThrottle } from "./auth/throttle";
import { LOCKS, withTryAdvisoryLock } from "./db/lock";
import { pruneRateBuckets } from "./http/shared-bucket";
import { maintainCallData } from "./ingest/maintenance";
import { pruneRuns } from "./probes/store";

// Background upkeep, hourly: ingest's own tables (rollups, partitions, retention, statistics:
// lib/ingest/maintenance) and the bookkeeping of sign-in throttles (lib/auth), shared rate-limit
// buckets (lib/http) and probe runs past the status bar's 90 days (lib/probes), each pruned by
// the module that owns it. Rows a writer holds are skipped until the next pass (SKIP LOCKED):
// upkeep never waits for ingest.

/**
 * One pass of upkeep, by one instance at a time: an instance that finds another already at it
 * skips this pass (resolves false) rather than repeating the same deletes beside it.
 */
export async function runMaintenance(pool: Pool): Promise<boolean> {
  const outcome = await withTryAdvisoryLock(pool, LOCKS.maintenance, async () => {
    await Promise.all([
      maintainCallData(pool),
      pruneThrottle(pool),
      pruneRateBuckets(pool),
      pruneRuns(pool, new Date()),
    ]);
  });
  return outcome.ran;
}

/** Runs the upkeep now and then every hour, for the life of the process. */
export function scheduleMaintenance(pool: Pool): void {
  const run = () =>
    runMaintenance(pool).catch((error: unknown) =>
      console.warn("[faultline] maintenance failed; will retry within the hour:", (error as Error).message),
    );
  void run();
  setInterval(run, 3_600_000).unref();
}
