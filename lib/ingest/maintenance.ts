import type { Pool } from "pg";
import { pruneThrottle } from "../auth/throttle";
import { LOCKS, withTryAdvisoryLock } from "../db/lock";
import { pruneRateBuckets } from "../http/shared-bucket";
import { MINUTE_ROLLUP_RETENTION_MS } from "../rollups";
import { refreshStatistics } from "./statistics";

// Background upkeep: minute rollups older than 48 h and calls older than their project's
// retention are deleted in bounded chunks, so no statement holds locks for long; then stale
// planner statistics are refreshed (lib/ingest/statistics). Rows a
// writer holds at that moment (a late call merged into an old one, say) are skipped until the
// next pass (SKIP LOCKED): upkeep never waits for ingest, so it can never deadlock with it.

const CHUNK = 10_000;

export async function pruneMinuteRollups(pool: Pool, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - MINUTE_ROLLUP_RETENTION_MS);
  let deleted = 0;
  for (const table of ["outcome_rollups", "tool_rollups"]) {
    for (;;) {
      const { rowCount } = await pool.query(
        `DELETE FROM ${table} WHERE ctid IN (
           SELECT ctid FROM ${table} WHERE granularity = 'minute' AND bucket_start < $1
            LIMIT ${CHUNK} FOR UPDATE SKIP LOCKED)`,
        [cutoff],
      );
      deleted += rowCount ?? 0;
      if ((rowCount ?? 0) < CHUNK) break;
    }
  }
  return deleted;
}

export interface RetentionResult {
  project: string;
  calls: number;
  signatureBuckets: number;
  signatures: number;
  /** Agent sessions whose last call is older than the retention (their calls are gone). */
  sessions: number;
}

/**
 * Deletes each project's calls older than its retention (and the signature read models that
 * only describe them), in chunks of 10k rows through the (project, occurred_at) index, so the
 * job never holds long locks and never touches the ingest hot path. Rollups are kept: they
 * are small and hold no call text.
 */
export async function applyRetention(pool: Pool, now = new Date()): Promise<RetentionResult[]> {
  const { rows: projects } = await pool.query<{ id: string; name: string; retention_days: number }>(
    `SELECT id, name, retention_days FROM projects ORDER BY name`,
  );
  const results: RetentionResult[] = [];
  for (const project of projects) {
    const cutoff = new Date(now.getTime() - project.retention_days * 86_400_000);
    const result: RetentionResult = {
      project: project.name,
      calls: 0,
      signatureBuckets: 0,
      signatures: 0,
      sessions: 0,
    };
    for (;;) {
      const { rowCount } = await pool.query(
        `DELETE FROM calls WHERE ctid IN (
           SELECT ctid FROM calls WHERE project_id = $1 AND occurred_at < $2
            LIMIT ${CHUNK} FOR UPDATE SKIP LOCKED)`,
        [project.id, cutoff],
      );
      result.calls += rowCount ?? 0;
      if ((rowCount ?? 0) < CHUNK) break;
    }
    result.signatureBuckets =
      (
        await pool.query(
          `DELETE FROM signature_rollups WHERE ctid IN (
             SELECT ctid FROM signature_rollups WHERE project_id = $1 AND bucket_start < $2 FOR UPDATE SKIP LOCKED)`,
          [project.id, cutoff],
        )
      ).rowCount ?? 0;
    result.signatures =
      (
        await pool.query(
          `DELETE FROM failure_signatures WHERE ctid IN (
             SELECT ctid FROM failure_signatures WHERE project_id = $1 AND last_seen < $2 FOR UPDATE SKIP LOCKED)`,
          [project.id, cutoff],
        )
      ).rowCount ?? 0;
    result.sessions =
      (
        await pool.query(
          `DELETE FROM agent_sessions WHERE ctid IN (
             SELECT ctid FROM agent_sessions WHERE project_id = $1 AND last_at < $2 FOR UPDATE SKIP LOCKED)`,
          [project.id, cutoff],
        )
      ).rowCount ?? 0;
    results.push(result);
  }
  return results;
}

/**
 * One pass of upkeep, by one instance at a time: an instance that finds another already at it
 * skips this pass (resolves false) rather than repeating the same deletes beside it.
 */
export async function runMaintenance(pool: Pool): Promise<boolean> {
  const outcome = await withTryAdvisoryLock(pool, LOCKS.maintenance, async () => {
    await Promise.all([
      pruneMinuteRollups(pool),
      applyRetention(pool),
      pruneThrottle(pool),
      pruneRateBuckets(pool),
    ]);
    // After the deletes: they change the tables' sizes too.
    await refreshStatistics(pool);
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
