import { getEnv } from "../env";
import { HttpError } from "./errors";

// A token bucket per key: `ratePerSecond` requests refill continuously up to `burst`.
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

let shared: TokenBucketLimiter | undefined;

/** The webhook's limiter, configured by FAULTLINE_INGEST_RATE_PER_SECOND / _BURST. */
export function ingestLimiter(): TokenBucketLimiter {
  const env = getEnv();
  shared ??= new TokenBucketLimiter(env.FAULTLINE_INGEST_RATE_PER_SECOND, env.FAULTLINE_INGEST_RATE_BURST);
  return shared;
}

/** Spends one of the key's webhook tokens, or throws 429 with Retry-After. */
export function enforceIngestRateLimit(keyId: string): void {
  const waitSeconds = ingestLimiter().take(keyId);
  if (waitSeconds > 0) {
    throw new HttpError(
      429,
      "rate_limited",
      `Too many requests for this key; retry in ${waitSeconds}s`,
      undefined,
      {
        "retry-after": String(waitSeconds),
      },
    );
  }
}
