import type { Pool, PoolClient } from "pg";

// PostgreSQL advisory locks: one holder at a time across every app instance on a database.
// The ids live here so that two jobs never share one by accident.

export const LOCKS = {
  /** Prisma's own migrate lock: our runner and `prisma migrate` exclude each other. */
  migrate: 72707369,
  /** First-run seeding (first admin, first key): instances starting together must not both seed. */
  seed: 0x46_4c_0001,
  /** The hourly upkeep: with several instances, one does it and the others skip that hour. */
  maintenance: 0x46_4c_0002,
  /** Alert evaluation: with several instances, one evaluates the rules each round and the others skip it. */
  alerts: 0x46_4c_0003,
  /**
   * The sign-in throttle's transaction locks, one per key (two-number form: this namespace and
   * 32 bits of the key's hash), so attempts at a key that has no row yet queue all the same.
   */
  signInThrottle: 0x46_4c_0004,
  /** Creating a project from the dashboard (a transaction lock): limits count each other's creations. */
  projectCreation: 0x46_4c_0005,
  /** Creating a partition of `calls` (a transaction lock): writers and the upkeep make each day once. */
  partitions: 0x46_4c_0006,
  /** The fold of queued calls into rollups and read models (a transaction lock): one fold at a time. */
  fold: 0x46_4c_0007,
} as const;

/** Runs `work` while holding the session lock `id` on a connection of its own (passed to `work`). */
export async function withAdvisoryLock<T>(
  pool: Pool,
  id: number,
  work: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let locked = false;
  try {
    await client.query("SELECT pg_advisory_lock($1)", [id]);
    locked = true;
    return await work(client);
  } finally {
    await release(client, id, locked);
  }
}

/** Gives the lock back (when held) and the connection to the pool. */
async function release(client: PoolClient, id: number, locked: boolean): Promise<void> {
  const unlocked = locked
    ? await client.query("SELECT pg_advisory_unlock($1)", [id]).then(
        () => true,
        () => false,
      )
    : true;
  // A connection that could not give its lock back must not return to the pool holding it.
  client.release(unlocked ? undefined : true);
}

/**
 * Runs `work` only when the session lock `id` is free (another instance is not already
 * doing it); resolves `{ ran: false }` at once when it is taken.
 */
export async function withTryAdvisoryLock<T>(
  pool: Pool,
  id: number,
  work: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const client = await pool.connect();
  let locked = false;
  try {
    const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [
      id,
    ]);
    locked = rows[0]!.locked;
    if (!locked) return { ran: false };
    return { ran: true, value: await work() };
  } finally {
    await release(client, id, locked);
  }
}
