import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hashedKey,
  pruneThrottle,
  reserveAttempt,
  THROTTLE_RULES,
  throttleKeys,
  type ThrottleLimits,
} from "../../lib/auth/throttle";
import { createUser, signIn, SignInError } from "../../lib/auth/users";
import { connect } from "../../lib/db/connect";
import { applyMigrations, readMigrations } from "../../lib/db/migrate";
import {
  createTestDatabase,
  dropTestDatabase,
  testDatabaseUrl,
  type TestDatabase,
} from "../helpers/test-database";

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

async function attempt(
  email: string,
  password: string,
  address: string,
  limits?: ThrottleLimits,
): Promise<string> {
  try {
    await signIn(testDatabase.database, email, password, address, limits);
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
      [hashedKey("account", `account:${ALICE.email}`)],
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

// What a client who is not signed in can make the server store: nothing for a refused attempt,
// rows of one small size whatever was typed, a bounded number per address, and a total cap.
describe("what sign-in attempts store", () => {
  const rows = async () =>
    (await testDatabase.database.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM sign_in_throttle"))
      .rows[0]!.n;
  const long = (index: number) => `${String(index).padStart(6, "0")}${"y".repeat(300)}@example.test`;

  it("a refused attempt writes no row, whatever email it names", async () => {
    await reset();
    const address = "203.0.113.80";
    for (let index = 0; index < THROTTLE_RULES.address.free; index++) {
      expect(await attempt(long(index), "wrong", address)).toBe("Wrong email or password.");
    }
    const stored = await rows();
    expect(stored).toBe(1 + 2 * THROTTLE_RULES.address.free);
    // A long campaign from that address: its next attempt must wait minutes (not the 1 s after
    // the free five, which a slow machine could outlast while the burst below runs).
    await testDatabase.database.pool.query("UPDATE sign_in_throttle SET failures = 20 WHERE key = $1", [
      throttleKeys("", address)[1]!.key,
    ]);
    // 200 more attempts, each at a new account, are refused…
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) => attempt(long(1000 + index), "wrong", address)),
    );
    expect(answers.every((answer) => answer.startsWith("Too many failed sign-ins"))).toBe(true);
    // …and leave the table as it was.
    expect(await rows()).toBe(stored);
  });

  it("concurrent first attempts at keys with no row yet queue on their locks: only the free ones pass", async () => {
    await reset();
    const keys = throttleKeys("fresh-race@example.test", "198.51.100.81");
    const results = await Promise.all(
      Array.from({ length: 30 }, () => reserveAttempt(testDatabase.database.pool, keys)),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(THROTTLE_RULES.pair.free);
  });

  it("keys are fixed-size hashes: neither the typed email nor the address is stored", async () => {
    await reset();
    await attempt(long(1), "wrong", "198.51.100.80");
    await attempt(ALICE.email, "wrong", "2001:db8::80");
    const { rows: stored } = await testDatabase.database.pool.query<{
      key: string;
      address_key: string | null;
    }>("SELECT key, address_key FROM sign_in_throttle");
    expect(stored).toHaveLength(6);
    const text = JSON.stringify(stored);
    for (const typed of [long(1), "198.51.100.80", ALICE.email, "alice", "2001:db8::80", "example.test"]) {
      expect(text).not.toContain(typed);
    }
    for (const row of stored) {
      expect(row.key).toMatch(/^(pair|address|account):[0-9a-f]{32}$/);
      if (row.key.startsWith("pair:")) expect(row.address_key).toMatch(/^address:[0-9a-f]{32}$/);
      else expect(row.address_key).toBeNull();
    }
    const keys = throttleKeys(ALICE.email, "2001:db8::80").map((key) => key.key);
    expect(stored.map((row) => row.key)).toEqual(expect.arrayContaining(keys));
  });

  it("one address has failures counted against at most N accounts a day; a success frees its account", async () => {
    await reset();
    const limits: ThrottleLimits = { accountsPerAddress: 3, maxEntries: 100_000 };
    const address = "192.0.2.90";
    // Three accounts, real or not, each with a failure from this address.
    for (const email of [BOB.email, "nobody-a@example.test", "nobody-b@example.test"]) {
      expect(await attempt(email, "wrong", address, limits)).toBe("Wrong email or password.");
    }
    const stored = await rows();
    // A fourth account from the same address waits until the oldest is a day old…
    const refused = await attempt("nobody-c@example.test", "wrong", address, limits);
    expect(refused).toMatch(/^Too many failed sign-ins\. Try again in \d+ s\.$/);
    expect(Number(/in (\d+) s/.exec(refused)![1])).toBeGreaterThan(86_000);
    expect(await rows()).toBe(stored);
    // …whether or not it exists: a real account is refused alike.
    const same = (answer: string) => answer.replace(/\d+ s\./, "N s.");
    expect(same(await attempt(ALICE.email, ALICE.password, address, limits))).toBe(same(refused));
    // An account already counted from there is still checked, and its owner signs in…
    expect(await attempt(BOB.email, BOB.password, address, limits)).toBe("signed in");
    // …which frees its place: one more account may be tried.
    expect(await attempt("nobody-c@example.test", "wrong", address, limits)).toBe("Wrong email or password.");
    // Another address is not held up.
    expect(await attempt(ALICE.email, ALICE.password, "192.0.2.91", limits)).toBe("signed in");
  });

  it("the table keeps at most maxEntries rows, forgetting the least recently used first", async () => {
    await reset();
    const limits: ThrottleLimits = { accountsPerAddress: 20, maxEntries: 40 };
    // 40 rows from an hour ago fill the table.
    await testDatabase.database.pool.query(
      `INSERT INTO sign_in_throttle (key, failures, last_at)
       SELECT 'account:' || md5(i::text), 1, clock_timestamp() - interval '1 hour' - i * interval '1 second'
         FROM generate_series(1, 40) i`,
    );
    // Ten new addresses, each trying a new account: three new rows each.
    for (let index = 0; index < 10; index++) {
      expect(await attempt(`new-${index}@example.test`, "wrong", `198.18.1.${index}`, limits)).toBe(
        "Wrong email or password.",
      );
    }
    expect(await rows()).toBe(40);
    // What went were the oldest; every new row stayed.
    const { rows: left } = await testDatabase.database.pool.query<{ old: number }>(
      `SELECT count(*)::int AS old FROM sign_in_throttle WHERE last_at < clock_timestamp() - interval '30 minutes'`,
    );
    expect(left[0]!.old).toBe(10);
    for (let index = 0; index < 10; index++) {
      const keys = throttleKeys(`new-${index}@example.test`, `198.18.1.${index}`).map((key) => key.key);
      const { rowCount } = await testDatabase.database.pool.query(
        "SELECT 1 FROM sign_in_throttle WHERE key = ANY($1)",
        [keys],
      );
      expect(rowCount).toBe(3);
    }
    // The hourly upkeep enforces the cap too.
    await testDatabase.database.pool.query(
      `INSERT INTO sign_in_throttle (key, failures) SELECT 'address:' || md5(i::text), 1 FROM generate_series(1, 5) i`,
    );
    expect(await pruneThrottle(testDatabase.database.pool, 40)).toBe(5);
    expect(await rows()).toBe(40);
  });

  it("counts kept from before keys were hashed carry over, under their hashed keys", async () => {
    const { url, name, adminUrl } = testDatabaseUrl("throttle_upgrade");
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const database = connect(url, { write: 2, read: 1, readTimeoutMs: 10_000 });
    try {
      const migrations = readMigrations();
      const hashing = migrations.findIndex((migration) => migration.name.endsWith("_bounds_and_owners"));
      await applyMigrations(database.pool, migrations.slice(0, hashing));
      const email = "carol|x@example.test";
      await database.pool.query(
        `INSERT INTO sign_in_throttle (key, failures) VALUES ($1, 3), ('address:192.0.2.50', 4), ($2, 2)`,
        [`pair:${email}|192.0.2.50`, `account:${email}`],
      );
      await applyMigrations(database.pool, migrations);
      const { rows: stored } = await database.pool.query<{
        key: string;
        failures: number;
        address_key: string;
      }>("SELECT key, failures, address_key FROM sign_in_throttle ORDER BY failures DESC");
      const [pair, address, account] = throttleKeys(email, "192.0.2.50");
      expect(stored).toEqual([
        { key: address!.key, failures: 4, address_key: null },
        { key: pair!.key, failures: 3, address_key: address!.key },
        { key: account!.key, failures: 2, address_key: null },
      ]);
      // Its three failures still count: the next attempt of that pair waits. (As if they had just
      // happened: applying every later migration can take longer than the wait they earn.)
      await database.pool.query(`UPDATE sign_in_throttle SET last_at = now()`);
      expect(
        await signIn(database, email, "wrong", "192.0.2.50").catch((error: Error) => error.message),
      ).toMatch(/^Too many failed sign-ins/);
    } finally {
      await database.close();
      await dropTestDatabase(adminUrl, name);
    }
  });
});
