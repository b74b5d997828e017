import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/auth/passwords";
import { remainingWaitMs } from "@/lib/auth/throttle";

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
  it("lets three failures through, then doubles the wait after each further failure, up to 5 minutes", () => {
    expect([0, 1, 2].map((failures) => remainingWaitMs(failures, 0))).toEqual([0, 0, 0]);
    expect(remainingWaitMs(3, 0)).toBe(1_000);
    expect(remainingWaitMs(3, 400)).toBe(600);
    expect(remainingWaitMs(3, 1_000)).toBe(0);
    expect(remainingWaitMs(4, 0)).toBe(2_000);
    expect(remainingWaitMs(6, 0)).toBe(8_000);
    expect(remainingWaitMs(40, 0)).toBe(300_000);
  });
});
