import type { Pool } from "pg";
import type { AuthenticatedKey } from "../auth/keys";
import type { Queryable } from "../db/queryable";
import { getEnv } from "../env";
import { HttpError } from "./errors";
import { SharedTokenBucket } from "./shared-bucket";

// Limits on what one sender may ask of the server: a token bucket for ingest (per key) and
// reads (per project for keys — every key of a project shares one budget — and per user for
// the dashboard), shared by all instances through PostgreSQL (./shared-bucket); and a cap on
// the reads one of them may have running at once, per instance.

/** How many requests each key has running; a key at its cap is refused until one finishes. */
export class ConcurrencyLimiter {
  private readonly running = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** A release function when the key may start one more, else undefined. */
  tryAcquire(key: string): (() => void) | undefined {
    const now = this.running.get(key) ?? 0;
    if (now >= this.max) return undefined;
    this.running.set(key, now + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(key) ?? 1) - 1;
      if (left <= 0) this.running.delete(key);
      else this.running.set(key, left);
    };
  }
}

function tooMany(what: string, waitSeconds: number): HttpError {
  return new HttpError(429, "rate_limited", `${what}; retry in ${waitSeconds}s`, undefined, {
    "retry-after": String(waitSeconds),
  });
}

const limiters: {
  ingest?: SharedTokenBucket;
  read?: SharedTokenBucket;
  readConcurrency?: ConcurrencyLimiter;
} = {};

/** Spends one of the key's webhook tokens, or throws 429 with Retry-After. */
export async function enforceIngestRateLimit(pool: Pool, keyId: string): Promise<void> {
  const env = getEnv();
  limiters.ingest ??= new SharedTokenBucket(
    pool,
    "ingest",
    env.FAULTLINE_INGEST_RATE_PER_SECOND,
    env.FAULTLINE_INGEST_RATE_BURST,
  );
  const waitSeconds = await limiters.ingest.take(keyId);
  if (waitSeconds > 0) throw tooMany("Too many requests for this key", waitSeconds);
}

/** Who a read counts against: a project (every key of it), or a signed-in user. */
export function readPrincipal(key: AuthenticatedKey): string {
  return key.keyId.startsWith("session:")
    ? `user:${key.keyId.slice("session:".length)}`
    : `project:${key.projectId}`;
}

/**
 * Admits one read for `principal`, or throws 429 with Retry-After: over its rate, or with
 * FAULTLINE_READ_CONCURRENCY reads already running. Returns the function that marks the read
 * finished.
 */
export async function admitRead(pool: Pool, principal: string): Promise<() => void> {
  const env = getEnv();
  limiters.read ??= new SharedTokenBucket(
    pool,
    "read",
    env.FAULTLINE_READ_RATE_PER_SECOND,
    env.FAULTLINE_READ_RATE_BURST,
  );
  limiters.readConcurrency ??= new ConcurrencyLimiter(env.FAULTLINE_READ_CONCURRENCY);
  const waitSeconds = await limiters.read.take(principal);
  if (waitSeconds > 0) throw tooMany("Too many reads", waitSeconds);
  const release = limiters.readConcurrency.tryAcquire(principal);
  if (!release) throw tooMany(`${env.FAULTLINE_READ_CONCURRENCY} reads are already running`, 1);
  return release;
}

/** A queue of waiters per principal, `max` running at a time. */
class Semaphore {
  private readonly state = new Map<string, { running: number; waiting: (() => void)[] }>();

  constructor(private readonly max: number) {}

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const entry = this.state.get(key) ?? { running: 0, waiting: [] };
    this.state.set(key, entry);
    if (entry.running >= this.max) await new Promise<void>((resolve) => entry.waiting.push(resolve));
    else entry.running++;
    try {
      return await work();
    } finally {
      const next = entry.waiting.shift();
      if (next) next();
      else if (--entry.running === 0) this.state.delete(key);
    }
  }
}

const pageReads: { semaphore?: Semaphore } = {};

/**
 * The read pool as one dashboard user sees it: at most FAULTLINE_READ_CONCURRENCY of their
 * queries run at once; the rest wait their turn. A user opening thirty heavy pages at once
 * slows down their own pages — not other users', not ingest.
 */
export function readsFor(pool: Queryable, principal: string): Queryable {
  pageReads.semaphore ??= new Semaphore(getEnv().FAULTLINE_READ_CONCURRENCY);
  const semaphore = pageReads.semaphore;
  return {
    query: ((...args: Parameters<Pool["query"]>) =>
      semaphore.run(principal, () =>
        (pool.query as (...a: unknown[]) => Promise<unknown>).apply(pool, args),
      )) as Pool["query"],
  };
}
