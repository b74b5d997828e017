import type { Pool } from "pg";

// Slows down repeated failed sign-ins. Every attempt is counted under three keys, each with
// its own rule: after `free` failures, each further attempt must wait twice as long as the
// last (1 s, 2 s, 4 s …) up to `maxWaitMs`.
//   pair     one address guessing one account — the usual attack, stopped hard.
//   address  one address guessing many accounts.
//   account  many addresses guessing one account — slowed, but never by more than 30 s, so a
//            guesser elsewhere can delay the account's owner but never keep them out.
// Accounts that do not exist are counted exactly like real ones, so the answers never tell
// which exist. Kept in PostgreSQL, so every app instance enforces the same limit, and an
// attempt is counted *before* its password is checked: concurrent attempts cannot all slip
// through while the ~180 ms hash runs. A successful attempt takes its count back.

export interface ThrottleRule {
  free: number;
  maxWaitMs: number;
}

export const THROTTLE_RULES = {
  pair: { free: 3, maxWaitMs: 5 * 60_000 },
  address: { free: 5, maxWaitMs: 5 * 60_000 },
  account: { free: 5, maxWaitMs: 30_000 },
} as const satisfies Record<string, ThrottleRule>;

export type ThrottleKind = keyof typeof THROTTLE_RULES;

export interface ThrottleKey {
  kind: ThrottleKind;
  key: string;
}

/** The keys an attempt to sign in as `email` from `address` is counted under. */
export function throttleKeys(email: string, address: string): ThrottleKey[] {
  return [
    { kind: "pair", key: `pair:${email}|${address}` },
    { kind: "address", key: `address:${address}` },
    { kind: "account", key: `account:${email}` },
  ];
}

/** Milliseconds still to wait under `rule` after `failures` failures, the last `elapsedMs` ago. */
export function remainingWaitMs(rule: ThrottleRule, failures: number, elapsedMs: number): number {
  if (failures < rule.free) return 0;
  const wait = Math.min(rule.maxWaitMs, 1000 * 2 ** Math.min(failures - rule.free, 30));
  return Math.max(0, Math.ceil(wait - elapsedMs));
}

export type Reservation = { allowed: true } | { allowed: false; waitMs: number };

/**
 * Checks every key and, when none must wait, counts an attempt against each — in one
 * transaction holding the keys' rows, so concurrent attempts queue here.
 */
export async function reserveAttempt(pool: Pool, keys: readonly ThrottleKey[]): Promise<Reservation> {
  const rules = new Map(keys.map(({ kind, key }) => [key, THROTTLE_RULES[kind]]));
  const all = [...rules.keys()].sort();
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
      ...rows.map((row) => remainingWaitMs(rules.get(row.key)!, row.failures, Number(row.elapsed_ms))),
    );
    if (waitMs === 0) {
      await client.query(
        `UPDATE sign_in_throttle SET failures = failures + 1, last_at = clock_timestamp() WHERE key = ANY($1::text[])`,
        [all],
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

/**
 * After a correct password: forget the failures of this account (from anywhere and from this
 * address), and take this attempt back from the address's count.
 */
export async function settleSuccess(pool: Pool, keys: readonly ThrottleKey[]): Promise<void> {
  const reset = keys.filter((key) => key.kind !== "address").map((key) => key.key);
  const release = keys.filter((key) => key.kind === "address").map((key) => key.key);
  await pool.query(
    `UPDATE sign_in_throttle SET failures = CASE WHEN key = ANY($1::text[]) THEN 0 ELSE greatest(failures - 1, 0) END
      WHERE key = ANY($1::text[] || $2::text[])`,
    [reset, release],
  );
}

/** Entries untouched for a day are forgotten (the hourly upkeep calls this). */
export async function pruneThrottle(pool: Pool): Promise<number> {
  const { rowCount } = await pool.query(
    `DELETE FROM sign_in_throttle WHERE last_at < clock_timestamp() - interval '1 day'`,
  );
  return rowCount ?? 0;
}
