import { createHash } from "node:crypto";
import type { Pool, PoolClient } from "pg";
import { LOCKS } from "../db/lock";
import { getEnv } from "../env";

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
//
// What a client who is not signed in can make the server store is bounded:
//   - a key is a 128-bit hash of what it counts (never the typed email or the address), so a
//     row has one small size whatever was typed;
//   - a refused attempt stores nothing: its keys are locked (advisory locks, which need no row)
//     and rows are written only for an attempt that goes on to its password check;
//   - one address has failures counted against at most `accountsPerAddress` accounts in a day;
//     an attempt at one more waits until the oldest of them is a day old;
//   - the table holds at most `maxEntries` rows: past that the least recently used are
//     forgotten first. Each row cost its writer a password check (~180 ms of CPU), so reaching
//     the cap takes hours of the server's CPU, and forgetting a row gives back at most one
//     key's free failures.

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
  /** `<kind>:<32 hex digits>`: SHA-256 of what is counted, cut to 128 bits. */
  key: string;
  /** For a pair: the key of its address, so that an address's accounts can be counted. */
  address?: string;
}

export interface ThrottleLimits {
  /** Accounts one address may have failures counted against within a day. */
  accountsPerAddress: number;
  /** Rows kept in all; past it the least recently used are forgotten. */
  maxEntries: number;
}

/** How long a key is remembered without attempts, and the window of `accountsPerAddress`. */
const WINDOW = "1 day";
const WINDOW_MS = 86_400_000;

/** The configured limits (FAULTLINE_SIGN_IN_ACCOUNTS_PER_ADDRESS, FAULTLINE_SIGN_IN_MAX_ENTRIES). */
export function configuredLimits(): ThrottleLimits {
  const env = getEnv();
  return {
    accountsPerAddress: env.FAULTLINE_SIGN_IN_ACCOUNTS_PER_ADDRESS,
    maxEntries: env.FAULTLINE_SIGN_IN_MAX_ENTRIES,
  };
}

/**
 * A key's stored form: its kind and the first 128 bits of the SHA-256 of what it counts
 * (`pair:<email>|<address>`, `address:<address>`, `account:<email>`) — the same text the keys
 * were before they were hashed, so the migration could hash the rows it found.
 */
export function hashedKey(kind: ThrottleKind, counted: string): string {
  return `${kind}:${createHash("sha256").update(counted, "utf8").digest("hex").slice(0, 32)}`;
}

/** The keys an attempt to sign in as `email` from `address` is counted under. */
export function throttleKeys(email: string, address: string): ThrottleKey[] {
  const addressKey = hashedKey("address", `address:${address}`);
  return [
    { kind: "pair", key: hashedKey("pair", `pair:${email}|${address}`), address: addressKey },
    { kind: "address", key: addressKey },
    { kind: "account", key: hashedKey("account", `account:${email}`) },
  ];
}

/** Milliseconds still to wait under `rule` after `failures` failures, the last `elapsedMs` ago. */
export function remainingWaitMs(rule: ThrottleRule, failures: number, elapsedMs: number): number {
  if (failures < rule.free) return 0;
  const wait = Math.min(rule.maxWaitMs, 1000 * 2 ** Math.min(failures - rule.free, 30));
  return Math.max(0, Math.ceil(wait - elapsedMs));
}

export type Reservation = { allowed: true } | { allowed: false; waitMs: number };

/** The advisory lock of a key: the throttle's namespace and 32 bits of the key's hash. */
function lockOf(key: string): number {
  return Number.parseInt(key.slice(key.indexOf(":") + 1, key.indexOf(":") + 9), 16) | 0;
}

/**
 * Checks every key and, when none must wait, counts an attempt against each — in one
 * transaction holding the keys' locks, so concurrent attempts queue here. A refused attempt
 * writes nothing.
 */
export async function reserveAttempt(
  pool: Pool,
  keys: readonly ThrottleKey[],
  limits: ThrottleLimits = configuredLimits(),
): Promise<Reservation> {
  const byKey = new Map(keys.map((key) => [key.key, key]));
  const all = [...byKey.keys()].sort();
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    // Locks taken in one order (by number), so two attempts sharing keys never deadlock.
    const locks = [...new Set(all.map(lockOf))].sort((a, b) => a - b);
    await client.query(`SELECT pg_advisory_xact_lock($1::int, l) FROM unnest($2::int[]) AS l`, [
      LOCKS.signInThrottle,
      locks,
    ]);
    const { rows } = await client.query<{ key: string; failures: number; elapsed_ms: number }>(
      `SELECT key, failures, extract(epoch FROM clock_timestamp() - last_at) * 1000 AS elapsed_ms
         FROM sign_in_throttle WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE`,
      [all],
    );
    let waitMs = Math.max(
      0,
      ...rows.map((row) =>
        remainingWaitMs(THROTTLE_RULES[byKey.get(row.key)!.kind], row.failures, Number(row.elapsed_ms)),
      ),
    );
    const found = new Set(rows.map((row) => row.key));
    const newPairs = keys.filter((key) => key.kind === "pair" && !found.has(key.key));
    if (waitMs === 0 && newPairs.length > 0) {
      waitMs = await accountsWait(client, newPairs[0]!.address!, limits.accountsPerAddress);
    }
    if (waitMs === 0) {
      await client.query(
        `INSERT INTO sign_in_throttle (key, address_key, failures, last_at)
         SELECT key, address_key, 1, clock_timestamp() FROM unnest($1::text[], $2::text[]) AS k(key, address_key)
         ON CONFLICT (key) DO UPDATE SET failures = sign_in_throttle.failures + 1, last_at = EXCLUDED.last_at`,
        [all, all.map((key) => byKey.get(key)!.address ?? null)],
      );
      if (found.size < all.length) await enforceCap(client, limits.maxEntries);
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
 * How long an attempt at one more account from this address must wait: 0 while the address has
 * failures counted against fewer than `limit` accounts in the window; else until the oldest of
 * them leaves it. (The caller holds the address's lock, so the count cannot change meanwhile.)
 */
async function accountsWait(client: PoolClient, addressKey: string, limit: number): Promise<number> {
  const { rows } = await client.query<{ accounts: number; oldest_ms: number | null }>(
    `SELECT count(*)::int AS accounts, extract(epoch FROM clock_timestamp() - min(last_at)) * 1000 AS oldest_ms
       FROM sign_in_throttle
      WHERE address_key = $1 AND last_at >= clock_timestamp() - interval '${WINDOW}'`,
    [addressKey],
  );
  const { accounts, oldest_ms } = rows[0]!;
  if (accounts < limit) return 0;
  return Math.max(1000, Math.ceil(WINDOW_MS - Number(oldest_ms ?? 0)));
}

/**
 * Forgets the least recently used rows beyond `maxEntries`. Counting costs a scan of the table,
 * at most `maxEntries` small rows, and runs only after an attempt that added rows — each of which
 * costs its sender a password check, far more than the count.
 */
async function enforceCap(client: Pick<PoolClient, "query">, maxEntries: number): Promise<number> {
  const { rows } = await client.query<{ rows: number }>(`SELECT count(*)::int AS rows FROM sign_in_throttle`);
  const excess = rows[0]!.rows - maxEntries;
  if (excess <= 0) return 0;
  const { rowCount } = await client.query(
    `DELETE FROM sign_in_throttle WHERE key IN (
       SELECT key FROM sign_in_throttle ORDER BY last_at, key LIMIT $1 FOR UPDATE SKIP LOCKED)`,
    [excess],
  );
  return rowCount ?? 0;
}

/**
 * After a correct password: forget the failures of this account (from anywhere and from this
 * address), and take this attempt back from the address's count. A count back at zero is the
 * same as no row, so the row goes.
 */
export async function settleSuccess(pool: Pool, keys: readonly ThrottleKey[]): Promise<void> {
  const reset = keys.filter((key) => key.kind !== "address").map((key) => key.key);
  const release = keys.filter((key) => key.kind === "address").map((key) => key.key);
  await pool.query(
    `WITH gone AS (
       DELETE FROM sign_in_throttle WHERE key = ANY($1::text[]) OR (key = ANY($2::text[]) AND failures <= 1))
     UPDATE sign_in_throttle SET failures = failures - 1 WHERE key = ANY($2::text[]) AND failures > 1`,
    [reset, release],
  );
}

/**
 * Entries untouched for a day are forgotten, and the table is brought back under its cap (the
 * hourly upkeep calls this). Returns the rows deleted.
 */
export async function pruneThrottle(
  pool: Pool,
  maxEntries: number = configuredLimits().maxEntries,
): Promise<number> {
  const { rowCount } = await pool.query(
    `DELETE FROM sign_in_throttle WHERE last_at < clock_timestamp() - interval '${WINDOW}'`,
  );
  return (rowCount ?? 0) + (await enforceCap(pool, maxEntries));
}
