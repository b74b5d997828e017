import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/auth/passwords";
import { SignInThrottle } from "@/lib/auth/throttle";

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

describe("sign-in throttle", () => {
  it("lets three failures through, then doubles the wait after each further failure", () => {
    let now = 0;
    const throttle = new SignInThrottle(() => now);
    const keys = ["email:a", "address:x"];
    for (let index = 0; index < 3; index++) {
      expect(throttle.waitMs(keys)).toBe(0);
      throttle.recordFailure(keys);
    }
    expect(throttle.waitMs(keys)).toBe(1_000);
    now += 1_000;
    expect(throttle.waitMs(keys)).toBe(0);
    throttle.recordFailure(keys);
    expect(throttle.waitMs(keys)).toBe(2_000);
    expect(throttle.waitMs(["email:other", "address:x"])).toBe(2_000);
    throttle.recordSuccess(keys);
    expect(throttle.waitMs(keys)).toBe(0);
  });
});
