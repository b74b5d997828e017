import type { Pool } from "pg";
import { LOCKS } from "../../lib/db/lock";

// A fold held up: another instance's fold holding the lock (so this one's cannot run) while a batch
// stored some time ago waits in the queue — what pages, alerts and /metrics must then say.

/** Runs `work` while a transaction of its own holds the fold's lock; releases it after. */
export async function whileFoldIsHeld<T>(pool: Pool, work: () => Promise<T>): Promise<T> {
  const holder = await pool.connect();
  try {
    await holder.query("BEGIN");
    await holder.query("SELECT pg_advisory_xact_lock($1)", [LOCKS.fold]);
    return await work();
  } finally {
    await holder.query("COMMIT").catch(() => undefined);
    holder.release();
  }
}

/** A queue row (adding nothing) stored `seconds` ago for `projectId`. */
export async function queueRowAged(pool: Pool, projectId: string, seconds: number): Promise<void> {
  await pool.query(
    `INSERT INTO fold_queue (project_id, enqueued_at, added, removed)
     VALUES ($1, clock_timestamp() - make_interval(secs => $2), '[]', '[]')`,
    [projectId, seconds],
  );
}
