import type { Pool } from "pg";

// A token bucket per key (`ratePerSecond` tokens refill continuously up to `burst`) kept in
// PostgreSQL, so every instance on the database enforces one limit. An instance does not ask
// PostgreSQL for every request: it leases a few tokens at a time (a tenth of the rate) and
// spends them locally for up to a second; what a quiet instance leaves unspent is simply lost.

const LEASE_TTL_MS = 1_000;

const LEASE = `
WITH p AS (SELECT $2::float8 AS rate, $3::float8 AS burst, $4::float8 AS want)
INSERT INTO rate_buckets AS b (key, tokens, granted, updated_at)
SELECT $1, p.burst - least(p.want, p.burst), least(p.want, p.burst), clock_timestamp() FROM p
ON CONFLICT (key) DO UPDATE SET
  granted = least((SELECT want FROM p),
                  floor(least((SELECT burst FROM p),
                              b.tokens + (SELECT rate FROM p) * extract(epoch FROM clock_timestamp() - b.updated_at)))),
  tokens = least((SELECT burst FROM p),
                 b.tokens + (SELECT rate FROM p) * extract(epoch FROM clock_timestamp() - b.updated_at))
         - least((SELECT want FROM p),
                 floor(least((SELECT burst FROM p),
                             b.tokens + (SELECT rate FROM p) * extract(epoch FROM clock_timestamp() - b.updated_at)))),
  updated_at = clock_timestamp()
RETURNING granted, tokens`;

export class SharedTokenBucket {
  private readonly leases = new Map<string, { tokens: number; expiresAt: number }>();
  private readonly pending = new Map<string, Promise<number>>();
  private readonly leaseSize: number;

  constructor(
    private readonly pool: Pool,
    private readonly name: string,
    private readonly ratePerSecond: number,
    private readonly burst: number,
  ) {
    this.leaseSize = Math.max(1, Math.floor(Math.min(burst, ratePerSecond) / 10));
  }

  /** Takes one token; resolves 0 when allowed, else the seconds until one is available. */
  async take(key: string): Promise<number> {
    if (this.ratePerSecond <= 0) return 0;
    for (;;) {
      if (this.spendLeased(key)) return 0;
      // One lease at a time per key: concurrent requests wait for it rather than each leasing.
      const pending = this.pending.get(key);
      if (pending) {
        const waitSeconds = await pending;
        if (waitSeconds > 0) return waitSeconds;
        continue;
      }
      const leasing = this.lease(key).finally(() => this.pending.delete(key));
      this.pending.set(key, leasing);
      const waitSeconds = await leasing;
      if (waitSeconds > 0) return waitSeconds;
    }
  }

  private spendLeased(key: string): boolean {
    const lease = this.leases.get(key);
    if (!lease || lease.expiresAt <= Date.now() || lease.tokens < 1) return false;
    lease.tokens -= 1;
    return true;
  }

  /** Leases up to leaseSize tokens; resolves 0 when some were granted, else the seconds to wait. */
  private async lease(key: string): Promise<number> {
    const { rows } = await this.pool.query<{ granted: number; tokens: number }>(LEASE, [
      `${this.name}:${key}`,
      this.ratePerSecond,
      this.burst,
      this.leaseSize,
    ]);
    const { granted, tokens } = rows[0]!;
    const now = Date.now();
    if (granted >= 1) {
      this.leases.set(key, { tokens: granted, expiresAt: now + LEASE_TTL_MS });
      if (this.leases.size > 10_000) this.forgetExpired(now);
      return 0;
    }
    this.leases.delete(key);
    return Math.max(1, Math.ceil((1 - tokens) / this.ratePerSecond));
  }

  private forgetExpired(now: number): void {
    for (const [key, lease] of this.leases) if (lease.expiresAt <= now) this.leases.delete(key);
  }
}

/** Buckets untouched for a day are full again and can be forgotten (the hourly upkeep calls this). */
export async function pruneRateBuckets(pool: Pool): Promise<number> {
  const { rowCount } = await pool.query(
    `DELETE FROM rate_buckets WHERE updated_at < clock_timestamp() - interval '1 day'`,
  );
  return rowCount ?? 0;
}
