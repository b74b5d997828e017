// Slows down repeated failed sign-ins: after 3 failures for the same account or address,
// each further attempt must wait twice as long as the last (1 s, 2 s, 4 s … up to 5 min).
// In-memory, per process.

const FREE_FAILURES = 3;
const MAX_WAIT_MS = 5 * 60_000;

export class SignInThrottle {
  private readonly failures = new Map<string, { count: number; lastAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Milliseconds the caller must still wait before trying again with these keys (0: go ahead). */
  waitMs(keys: string[]): number {
    return Math.max(0, ...keys.map((key) => this.remaining(key)));
  }

  recordFailure(keys: string[]): void {
    for (const key of keys) {
      const entry = this.failures.get(key) ?? { count: 0, lastAt: 0 };
      entry.count += 1;
      entry.lastAt = this.now();
      this.failures.set(key, entry);
    }
    if (this.failures.size > 10_000) this.failures.clear();
  }

  recordSuccess(keys: string[]): void {
    for (const key of keys) this.failures.delete(key);
  }

  private remaining(key: string): number {
    const entry = this.failures.get(key);
    if (!entry || entry.count < FREE_FAILURES) return 0;
    const wait = Math.min(MAX_WAIT_MS, 1000 * 2 ** (entry.count - FREE_FAILURES));
    return Math.max(0, entry.lastAt + wait - this.now());
  }
}
