import type { Pool } from "pg";
import { MINUTE_ROLLUP_RETENTION_MS } from "../rollups";
import { DAY_MS, dayStart, forgetPartitions, listPartitions, maintainPartitions } from "./partitions";
import { buildSignatureDays } from "./signature-days";
import { refreshStatistics } from "./statistics";

// Background upkeep: minute rollups older than 48 h are deleted in bounded chunks, so no statement
// holds locks for long; the partitions of `calls` are made ahead (lib/ingest/partitions) and days
// past every project's retention dropped whole; then stale planner statistics are refreshed
// (lib/ingest/statistics). Rows a
// writer holds at that moment (a late call merged into an old one, say) are skipped until the
// next pass (SKIP LOCKED): upkeep never waits for ingest, so it can never deadlock with it. (The ids of
// a dropped day are the one exception, see dropExpiredPartitions: a wait of milliseconds at most.)

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
  /** Calls deleted row by row: those of a day a project with a longer retention still keeps. */
  calls: number;
  signatureBuckets: number;
  signatures: number;
  /** Agent sessions whose last call is older than the retention (their calls are gone). */
  sessions: number;
}

export interface DroppedPartition {
  name: string;
  from: Date | null;
  to: Date;
  /** PostgreSQL's estimate of the calls it held (pg_class.reltuples; -1 if never analyzed). */
  estimatedCalls: number;
}

export interface Retention {
  projects: RetentionResult[];
  /** Whole days dropped: no project keeps them any more. */
  dropped: DroppedPartition[];
  /** Partitions due to be dropped whose lock was not granted now: the next pass drops them. */
  busy: string[];
}

/** How long dropping a partition waits for its lock on `calls` before leaving it to the next pass. */
const DROP_LOCK_TIMEOUT = "2s";

interface ProjectRetention {
  id: string;
  name: string;
  /** A call is expired once the UTC day it occurred on ended at least retention_days ago. */
  cutoff: Date;
}

/**
 * Retention, by whole UTC days: a call is deleted once the day it occurred on ended
 * retention_days ago or more (lib/ingest/time-window.ts bounds what may be set) (so it is kept retention_days, and at most a day longer). A day's
 * partition is dropped once no project with calls in it keeps it (one metadata operation however
 * many calls it holds, plus removing its ids from call_ids); the calls of a project with a shorter
 * retention in a day kept for a longer one, and expired calls in calls_default or in the partition
 * the migration attached (calls_legacy), are deleted in chunks of 10k rows, with their ids, as
 * before. Signature read models that only describe deleted calls go too. Rollups are kept: they
 * are small and hold no call text.
 */
export async function applyRetention(pool: Pool, now = new Date()): Promise<Retention> {
  const { rows } = await pool.query<{ id: string; name: string; retention_days: number }>(
    `SELECT id, name, retention_days FROM projects ORDER BY name`,
  );
  const projects: ProjectRetention[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    cutoff: new Date(dayStart(now.getTime() - row.retention_days * DAY_MS)),
  }));
  const { dropped, busy } = await dropExpiredPartitions(pool, projects);
  const partitions = await listPartitions(pool);
  const results: RetentionResult[] = [];
  for (const project of projects) {
    const result: RetentionResult = {
      project: project.name,
      calls: 0,
      signatureBuckets: 0,
      signatures: 0,
      sessions: 0,
    };
    for (const partition of partitions) {
      if (partition.from !== null && partition.from >= project.cutoff) continue;
      result.calls += await deleteExpiredRows(pool, partition.name, project);
    }
    result.signatureBuckets =
      (
        await pool.query(
          `DELETE FROM signature_rollups WHERE ctid IN (
             SELECT ctid FROM signature_rollups WHERE project_id = $1 AND bucket_start < $2 FOR UPDATE SKIP LOCKED)`,
          [project.id, project.cutoff],
        )
      ).rowCount ?? 0;
    result.signatures =
      (
        await pool.query(
          `DELETE FROM failure_signatures WHERE ctid IN (
             SELECT ctid FROM failure_signatures WHERE project_id = $1 AND last_seen < $2 FOR UPDATE SKIP LOCKED)`,
          [project.id, project.cutoff],
        )
      ).rowCount ?? 0;
    // What was merged into an expired signature counts on its own again (it is still seen); a
    // row a writer holds is left for the next pass, as everywhere in the upkeep.
    await pool.query(
      `UPDATE failure_signatures SET merged_into = NULL WHERE ctid IN (
         SELECT ctid FROM failure_signatures c
          WHERE c.project_id = $1 AND c.merged_into IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM failure_signatures p WHERE p.project_id = $1 AND p.signature = c.merged_into)
            FOR UPDATE SKIP LOCKED)`,
      [project.id],
    );
    result.sessions =
      (
        await pool.query(
          `DELETE FROM agent_sessions WHERE ctid IN (
             SELECT ctid FROM agent_sessions WHERE project_id = $1 AND last_at < $2 FOR UPDATE SKIP LOCKED)`,
          [project.id, project.cutoff],
        )
      ).rowCount ?? 0;
    results.push(result);
  }
  return { projects: results, dropped, busy };
}

/** A project's expired calls in one partition, in chunks, with their ids; skips rows a writer holds. */
async function deleteExpiredRows(pool: Pool, partition: string, project: ProjectRetention): Promise<number> {
  let deleted = 0;
  for (;;) {
    // The partition's name comes from pg_class, never from input. A ctid means something only
    // within one table, so the chunk is read from the partition itself, not from `calls`.
    const { rows } = await pool.query<{ n: number }>(
      `WITH gone AS (
         DELETE FROM ${partition} WHERE ctid IN (
           SELECT ctid FROM ${partition} WHERE project_id = $1 AND occurred_at < $2
            LIMIT ${CHUNK} FOR UPDATE SKIP LOCKED)
         RETURNING id, occurred_at),
       ids AS (
         DELETE FROM call_ids k USING gone
          WHERE k.project_id = $1 AND k.id = gone.id AND k.occurred_at = gone.occurred_at)
       SELECT count(*)::int AS n FROM gone`,
      [project.id, project.cutoff],
    );
    const count = rows[0]?.n ?? 0;
    deleted += count;
    if (count < CHUNK) return deleted;
  }
}

/**
 * Drops each partition no project keeps: every project with calls in it has passed its last
 * day's retention. Its ids leave call_ids first, an hour of them at a time; then,
 * in one short transaction, the partition is detached, the ids written meanwhile removed, and the
 * table dropped. DETACH takes ACCESS EXCLUSIVE on `calls` for that moment: it waits at most
 * DROP_LOCK_TIMEOUT for running statements, and otherwise leaves the day to the next pass.
 */
export async function dropExpiredPartitions(
  pool: Pool,
  projects: readonly ProjectRetention[],
): Promise<{ dropped: DroppedPartition[]; busy: string[] }> {
  const dropped: DroppedPartition[] = [];
  const busy: string[] = [];
  for (const partition of await listPartitions(pool)) {
    if (partition.isDefault || partition.to === null) continue;
    const to = partition.to;
    // Projects for which this partition still holds calls within retention.
    // Only a day some project no longer keeps (never one ahead, nor any without projects).
    if (!projects.some((project) => project.cutoff >= to)) continue;
    const keepers = projects.filter((project) => project.cutoff < to).map((project) => project.id);
    if (keepers.length > 0) {
      const { rows } = await pool.query(
        `SELECT 1 FROM ${partition.name} WHERE project_id = ANY($1::uuid[]) LIMIT 1`,
        [keepers],
      );
      if (rows.length > 0) continue;
    }
    const range = partition.from === null ? `occurred_at < $1` : `occurred_at >= $2 AND occurred_at < $1`;
    const bounds = partition.from === null ? [to] : [to, partition.from];
    // An hour of occurred_at at a time, through the occurred_at index, skipping empty stretches.
    // Plain range deletes, not SELECT … FOR UPDATE SKIP LOCKED chunks: locking each row first
    // tripled the work (a day of 1M ids: 8.1 s in 10k chunks, against about 2 s). A writer holds
    // one of these rows only while merging a late span into an expired call (milliseconds), and
    // holds no lock the upkeep waits with, so waiting for it cannot deadlock.
    let from: Date | string = partition.from ?? "-infinity";
    for (;;) {
      const { rows } = await pool.query<{ first: Date | null }>(
        `SELECT min(occurred_at) AS first FROM call_ids WHERE occurred_at >= $1 AND occurred_at < $2`,
        [from, to],
      );
      const first = rows[0]?.first;
      if (!first) break;
      const until = new Date(Math.min(first.getTime() + 3_600_000, to.getTime()));
      await pool.query(`DELETE FROM call_ids WHERE occurred_at >= $1 AND occurred_at < $2`, [first, until]);
      from = until;
    }
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      await client.query(`SET LOCAL lock_timeout = '${DROP_LOCK_TIMEOUT}'`);
      await client.query(`ALTER TABLE calls DETACH PARTITION ${partition.name}`);
      // Holding `calls` exclusively, no writer is between its id and its call: what is left is final.
      await client.query(`DELETE FROM call_ids WHERE ${range}`, bounds);
      await client.query(`DROP TABLE ${partition.name}`);
      await client.query("COMMIT");
      dropped.push({
        name: partition.name,
        from: partition.from,
        to,
        estimatedCalls: partition.estimatedRows,
      });
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      if ((error as { code?: string }).code !== "55P03") throw error;
      busy.push(partition.name);
    } finally {
      client.release();
    }
  }
  if (dropped.length > 0) forgetPartitions(pool);
  return { dropped, busy };
}

/**
 * Ingest's share of an upkeep pass (lib/upkeep.ts runs it beside the other tables' upkeep): minute
 * rollups past their retention, partitions made ahead then days past retention dropped, the daily and
 * weekly signature rows rebuilt, and, after
 * the deletes (they change the tables' sizes), planner statistics.
 */
export async function maintainCallData(pool: Pool): Promise<void> {
  await Promise.all([
    pruneMinuteRollups(pool),
    // Days ahead (and days with calls in calls_default) get their partitions before retention
    // looks at which to drop.
    // The daily and weekly signature rows are rebuilt from the hourly ones retention has just pruned.
    maintainPartitions(pool)
      .then(() => applyRetention(pool))
      .then(() => buildSignatureDays(pool)),
  ]);
  await refreshStatistics(pool);
}
