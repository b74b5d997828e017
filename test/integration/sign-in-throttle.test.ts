import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pruneThrottle } from "../../lib/auth/throttle";
import { createUser, signIn, SignInError } from "../../lib/auth/users";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// The sign-in throttle, against a real PostgreSQL: an attempt is counted before its hash is
// checked, so concurrent guesses cannot all get through; the address is the caller's; and
// failures on accounts that do not exist never lock a real one out.

let testDatabase: TestDatabase;
const ALICE = { email: "alice@example.test", password: "alice's real password" };
const BOB = { email: "bob@example.test", password: "bob's real password" };

beforeAll(async () => {
  testDatabase = await createTestDatabase("sign_in_throttle");
  await createUser(testDatabase.database.prisma, ALICE);
  await createUser(testDatabase.database.prisma, BOB);
});
afterAll(async () => testDatabase?.drop());

async function attempt(email: string, password: string, address: string): Promise<string> {
  try {
    await signIn(testDatabase.database, email, password, address);
    return "signed in";
  } catch (error) {
    if (error instanceof SignInError) return error.message;
    throw error;
  }
}

const checked = (answers: string[]) => answers.filter((answer) => !answer.startsWith("Too many"));

async function reset() {
  await testDatabase.database.pool.query("DELETE FROM sign_in_throttle");
}

describe("sign-in throttle", () => {
  it("21 simultaneous attempts on one account (20 wrong, 1 right): only the free three are checked", async () => {
    await reset();
    const guesses = Array.from({ length: 21 }, (_, index) =>
      index === 10 ? ALICE.password : `guess-${index}`,
    );
    const answers = await Promise.all(guesses.map((guess) => attempt(ALICE.email, guess, "198.51.100.1")));
    expect(checked(answers).length).toBeLessThanOrEqual(3);
    expect(
      answers.filter((answer) => /^Too many failed sign-ins\. Try again in \d+ s\.$/.test(answer)).length,
    ).toBeGreaterThanOrEqual(18);
    // Unless the right one happened to be among the first three, it was refused unchecked.
    if (answers[10] !== "signed in") expect(answers[10]).toMatch(/^Too many/);
  });

  it("after the wait, the right password signs in and clears the account's count", async () => {
    await reset();
    for (const guess of ["a", "b", "c"])
      expect(await attempt(BOB.email, guess, "198.51.100.2")).toBe("Wrong email or password.");
    expect(await attempt(BOB.email, BOB.password, "198.51.100.2")).toMatch(/^Too many/);
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    expect(await attempt(BOB.email, BOB.password, "198.51.100.2")).toBe("signed in");
    // The count is gone: three free failures again.
    for (const guess of ["d", "e", "f"])
      expect(await attempt(BOB.email, guess, "198.51.100.3")).toBe("Wrong email or password.");
  });

  it("failures on unknown accounts never lock a known account out of the same address", async () => {
    await reset();
    for (let index = 0; index < 8; index++) {
      expect(await attempt(`nobody-${index}@example.test`, "x", "203.0.113.50")).toBe(
        "Wrong email or password.",
      );
    }
    // The same unknown name is throttled on its own…
    for (const guess of ["1", "2", "3"]) await attempt("ghost@example.test", guess, "203.0.113.50");
    expect(await attempt("ghost@example.test", "4", "203.0.113.50")).toMatch(/^Too many/);
    // …but the real user behind the same address signs in at once.
    expect(await attempt(ALICE.email, ALICE.password, "203.0.113.50")).toBe("signed in");
  });

  it("failures on real accounts from one address lock that address for every account, not others", async () => {
    await reset();
    expect(await attempt(ALICE.email, "wrong-1", "203.0.113.60")).toBe("Wrong email or password.");
    expect(await attempt(BOB.email, "wrong-2", "203.0.113.60")).toBe("Wrong email or password.");
    expect(await attempt(ALICE.email, "wrong-3", "203.0.113.60")).toBe("Wrong email or password.");
    // A fourth guess from that address, even at an account with no failures of its own, waits…
    expect(await attempt("nobody@example.test", "x", "203.0.113.60")).toMatch(/^Too many/);
    // …while Bob, from his own address, is not held up by the attacker's.
    expect(await attempt(BOB.email, BOB.password, "198.51.100.9")).toBe("signed in");
  });

  it("forgets entries untouched for a day", async () => {
    await reset();
    await attempt(ALICE.email, "wrong", "192.0.2.1");
    await testDatabase.database.pool.query(
      `UPDATE sign_in_throttle SET last_at = now() - interval '25 hours'`,
    );
    expect(await pruneThrottle(testDatabase.database.pool)).toBe(2);
  });
});
