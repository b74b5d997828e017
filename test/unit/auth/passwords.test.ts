import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/auth/passwords";
import { remainingWaitMs, THROTTLE_RULES, throttleKeys } from "@/lib/auth/throttle";

describe("passwords", () => {
  it("hashes with scrypt and a random salt, and verifies only the right password", async () => {
    const first = await hashPassword("correct horse battery");
    const second = await hashPassword("correct horse battery");
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword("correct horse battery", first)).toBe(true);
    expect(await verifyPassword("correct horse batterY", first)).toBe(false);
    expect(await verifyPassword("anything", "plain-text")).toBe(false);
  });
});

describe("sign-in throttle policy", () => {
  const { pair, account } = THROTTLE_RULES;

  it("lets the free failures through, then doubles the wait after each further failure, up to the cap", () => {
    expect([0, 1, 2].map((failures) => remainingWaitMs(pair, failures, 0))).toEqual([0, 0, 0]);
    expect(remainingWaitMs(pair, 3, 0)).toBe(1_000);
    expect(remainingWaitMs(pair, 3, 400)).toBe(600);
    expect(remainingWaitMs(pair, 3, 1_000)).toBe(0);
    expect(remainingWaitMs(pair, 4, 0)).toBe(2_000);
    expect(remainingWaitMs(pair, 6, 0)).toBe(8_000);
    expect(remainingWaitMs(pair, 40, 0)).toBe(300_000);
    expect(remainingWaitMs(pair, 1e9, 0)).toBe(300_000);
  });

  it("never holds an account's owner back more than 30 s, however many guesses come from elsewhere", () => {
    expect(remainingWaitMs(account, account.free, 0)).toBe(1_000);
    expect(remainingWaitMs(account, 10_000, 0)).toBe(30_000);
  });

  it("counts an attempt under the pair, the address and the account, as fixed-size hashes of them", () => {
    const keys = throttleKeys("a@example.test", "192.0.2.1");
    expect(keys.map((key) => key.kind)).toEqual(["pair", "address", "account"]);
    for (const key of keys) {
      expect(key.key).toMatch(new RegExp(`^${key.kind}:[0-9a-f]{32}$`));
      expect(key.key).not.toMatch(/example|192/);
    }
    // The same inputs give the same keys; another account from the same address shares only the address's.
    const other = throttleKeys("b@example.test", "192.0.2.1");
    expect(throttleKeys("a@example.test", "192.0.2.1")).toEqual(keys);
    expect(other.map((key) => key.key === keys.find((k) => k.kind === key.kind)!.key)).toEqual([
      false,
      true,
      false,
    ]);
  });
});
