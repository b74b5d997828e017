import type { Pool } from "pg";

// Slows down repeated failed sign-ins: after 3 failures for a key (an account or a client
// address), each further attempt must wait twice as long as the last (1 s, 2 s, 4 s … up to
// 5 min). Kept in PostgreSQL, so every app instance enforces the same limit, and an attempt
// is counted *before* its password is checked: concurrent attempts cannot all slip through
// while the ~180 ms hash runs. A successful attempt takes its count back.

export const FREE_FAILURES = 3;
export const MAX_WAIT_MS = 5 * 60_000;

/** Milliseconds still to wait after `failures` failures, the last `elapsedMs` ago. */
export function remainingWaitMs(failures: number, elapsedMs: number): number {
  if (failures < FREE_FAILURES) return 0;
  const wait = Math.min(MAX_WAIT_MS, 1000 * 2 ** (failures - FREE_FAILURES));
  return Math.max(0, Math.ceil(wait - elapsedMs));
}

export type Reservation = { allowed: true } | { allowed: false; waitMs: number };

/**
 * Checks every key in `check` and, when none must wait, counts an attempt against each key
 * in `count` — in one transaction holding the keys' rows, so concurrent attempts queue here.
 */
export async function reserveAttempt(
  pool: Pool,
  keys: { check: string[]; count: string[] },
): Promise<Reservation> {
  const all = [...new Set([...keys.check, ...keys.count])].sort();
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query(
      `INSERT INTO sign_in_throttle (key) SELECT unnest($1::text[]) ON CONFLICT (key) DO NOTHING`,
      [all],
    );
    const { rows } = await client.query<{ key: string; failures: number; elapsed_ms: number }>(
      `SELECT key, failures, extract(epoch FROM clock_timestamp() - last_at) * 1000 AS elapsed_ms
         FROM sign_in_throttle WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE`,
      [all],
    );
    const waitMs = Math.max(
      0,
      ...rows
        .filter((row) => keys.check.includes(row.key))
        .map((row) => remainingWaitMs(row.failures, Number(row.elapsed_ms))),
    );
    if (waitMs === 0 && keys.count.length > 0) {
      await client.query(
        `UPDATE sign_in_throttle SET failures = failures + 1, last_at = clock_timestamp() WHERE key = ANY($1::text[])`,
        [keys.count],
      );
    }
    await client.query("COMMIT");
    return waitMs === 0 ? { allowed: true } : { allowed: false, waitMs };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** After a correct password: forget the account's failures, and take this attempt back from the others. */
export async function settleSuccess(pool: Pool, keys: { reset: string[]; release: string[] }): Promise<void> {
  await pool.query(
    `UPDATE sign_in_throttle SET failures = CASE WHEN key = ANY($1::text[]) THEN 0 ELSE greatest(failures - 1, 0) END
      WHERE key = ANY($1::text[] || $2::text[])`,
    [keys.reset, keys.release],
  );
}

/** Entries untouched for a day are forgotten (the hourly upkeep calls this). */
export async function pruneThrottle(pool: Pool): Promise<number> {
  const { rowCount } = await pool.query(
    `DELETE FROM sign_in_throttle WHERE last_at < clock_timestamp() - interval '1 day'`,
  );
  return rowCount ?? 0;
}
