import { getEnv } from "../env";
import { HttpError } from "./errors";

// Per-key limits: a token bucket (`ratePerSecond` requests refill continuously up to
// `burst`) for ingest and reads, and a cap on the reads one key may have running at once,
// so one project's expensive reads cannot crowd out everyone else's.
// In-memory and per process: behind a load balancer each instance limits on its own.

export class TokenBucketLimiter {
  private readonly buckets = new Map<string, { tokens: number; updatedAt: number }>();

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token; returns 0 when allowed, else the seconds until a token is available. */
  take(key: string): number {
    if (this.ratePerSecond <= 0) return 0;
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, updatedAt: now };
    bucket.tokens = Math.min(
      this.burst,
      bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.ratePerSecond,
    );
    bucket.updatedAt = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 10_000) this.evictFull(now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.ratePerSecond));
  }

  private evictFull(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.ratePerSecond >= this.burst)
        this.buckets.delete(key);
    }
  }
}

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
  ingest?: TokenBucketLimiter;
  read?: TokenBucketLimiter;
  readConcurrency?: ConcurrencyLimiter;
} = {};

/** Spends one of the key's webhook tokens, or throws 429 with Retry-After. */
export function enforceIngestRateLimit(keyId: string): void {
  const env = getEnv();
  limiters.ingest ??= new TokenBucketLimiter(
    env.FAULTLINE_INGEST_RATE_PER_SECOND,
    env.FAULTLINE_INGEST_RATE_BURST,
  );
  const waitSeconds = limiters.ingest.take(keyId);
  if (waitSeconds > 0) throw tooMany("Too many requests for this key", waitSeconds);
}

/**
 * Admits one read for the key (a read key, or a signed-in user), or throws 429 with
 * Retry-After: over its rate, or with FAULTLINE_READ_CONCURRENCY reads already running.
 * Returns the function that marks the read finished.
 */
export function admitRead(keyId: string): () => void {
  const env = getEnv();
  limiters.read ??= new TokenBucketLimiter(env.FAULTLINE_READ_RATE_PER_SECOND, env.FAULTLINE_READ_RATE_BURST);
  limiters.readConcurrency ??= new ConcurrencyLimiter(env.FAULTLINE_READ_CONCURRENCY);
  const waitSeconds = limiters.read.take(keyId);
  if (waitSeconds > 0) throw tooMany("Too many reads for this key", waitSeconds);
  const release = limiters.readConcurrency.tryAcquire(keyId);
  if (!release) {
    throw tooMany(`This key already has ${env.FAULTLINE_READ_CONCURRENCY} reads running`, 1);
  }
  return release;
}
