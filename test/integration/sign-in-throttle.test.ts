import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pruneThrottle, THROTTLE_RULES } from "../../lib/auth/throttle";
import { createUser, signIn, SignInError } from "../../lib/auth/users";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// The sign-in throttle, against a real PostgreSQL: an attempt is counted before its hash is
// checked, so concurrent guesses cannot all get through; answers never tell whether an account
// exists; and a guesser elsewhere can delay an account's owner but not keep them out.

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

  it("answers are the same whether or not the account exists", async () => {
    // The sequence an enumerator runs: failures on a known account, then the candidate, then
    // more; any difference in the answers would say whether the candidate exists.
    const run = async (candidate: string, address: string) => {
      await reset();
      const answers = [];
      for (const email of [ALICE.email, ALICE.email, candidate, "random-1@example.test", candidate]) {
        answers.push(await attempt(email, "wrong", address));
      }
      for (let index = 0; index < THROTTLE_RULES.address.free; index++) {
        answers.push(await attempt(index % 2 ? candidate : `random-${index}@example.test`, "wrong", address));
      }
      return answers.map((answer) => answer.replace(/\d+ s\./, "N s."));
    };
    const real = await run(BOB.email, "203.0.113.40");
    const missing = await run("nobody@example.test", "203.0.113.40");
    expect(missing).toEqual(real);
    expect(real).toContain("Wrong email or password.");
    expect(real.some((answer) => answer.startsWith("Too many"))).toBe(true);
  });

  it("one address guessing many accounts, real or not, is slowed for all of them, and nobody else is", async () => {
    await reset();
    for (let index = 0; index < THROTTLE_RULES.address.free; index++) {
      const email = [ALICE.email, BOB.email, `nobody-${index}@example.test`][index % 3]!;
      expect(await attempt(email, `wrong-${index}`, "203.0.113.60")).toBe("Wrong email or password.");
    }
    // The next guess from that address, even at an account with no failures of its own, waits…
    expect(await attempt("fresh@example.test", "x", "203.0.113.60")).toMatch(/^Too many/);
    // …while Bob, from his own address, is not held up by the attacker's.
    expect(await attempt(BOB.email, BOB.password, "198.51.100.9")).toBe("signed in");
  });

  it("guesses at one account from many addresses slow it down, but its owner waits at most 30 s", async () => {
    await reset();
    for (let index = 0; index < THROTTLE_RULES.account.free; index++) {
      expect(await attempt(ALICE.email, "wrong", `198.18.0.${index + 1}`)).toBe("Wrong email or password.");
    }
    expect(await attempt(ALICE.email, "wrong", "198.18.0.200")).toMatch(
      /^Too many failed sign-ins\. Try again in 1 s\.$/,
    );
    // A campaign of a thousand guesses, the last 29 s ago: the owner waits a second, not hours.
    await testDatabase.database.pool.query(
      `UPDATE sign_in_throttle SET failures = 1000, last_at = clock_timestamp() - interval '29 seconds'
        WHERE key = $1`,
      [`account:${ALICE.email}`],
    );
    expect(await attempt(ALICE.email, ALICE.password, "192.0.2.77")).toMatch(
      /^Too many failed sign-ins\. Try again in 1 s\.$/,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await attempt(ALICE.email, ALICE.password, "192.0.2.77")).toBe("signed in");
  });

  it("forgets entries untouched for a day", async () => {
    await reset();
    await attempt(ALICE.email, "wrong", "192.0.2.1");
    await testDatabase.database.pool.query(
      `UPDATE sign_in_throttle SET last_at = now() - interval '25 hours'`,
    );
    expect(await pruneThrottle(testDatabase.database.pool)).toBe(3);
  });
});
