import { describe, expect, it } from "vitest";
import { TokenBucketLimiter } from "@/lib/http/rate-limit";

describe("TokenBucketLimiter", () => {
  it("allows a burst, then asks the caller to wait until a token refills", () => {
    let now = 0;
    const limiter = new TokenBucketLimiter(2, 3, () => now);
    expect([limiter.take("k"), limiter.take("k"), limiter.take("k")]).toEqual([0, 0, 0]);
    expect(limiter.take("k")).toBe(1);
    now += 500; // one token at 2/s
    expect(limiter.take("k")).toBe(0);
    expect(limiter.take("k")).toBeGreaterThan(0);
  });

  it("keeps keys apart and never exceeds the burst after idling", () => {
    let now = 0;
    const limiter = new TokenBucketLimiter(1, 2, () => now);
    limiter.take("a");
    limiter.take("a");
    expect(limiter.take("b")).toBe(0);
    now += 60_000;
    expect([limiter.take("a"), limiter.take("a"), limiter.take("a")]).toEqual([0, 0, 1]);
  });

  it("does nothing when the rate is 0 (disabled)", () => {
    const limiter = new TokenBucketLimiter(0, 1);
    for (let index = 0; index < 100; index++) expect(limiter.take("k")).toBe(0);
  });
});
