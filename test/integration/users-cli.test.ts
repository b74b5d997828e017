import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inviteState, issueInvite } from "../../lib/auth/invites";
import {
  createUser,
  ensureFirstAdmin,
  openSession,
  sessionUser,
  signIn,
  SignInError,
} from "../../lib/auth/users";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// The operator's way back in: `npm run users -- reset-password`, run as the operator runs it,
// against a real PostgreSQL. A lost admin password is recovered, the old one and every session
// stop working, and the environment never silently changes an existing admin.

const run = promisify(execFile);
let testDatabase: TestDatabase;
const ADMIN = { email: "ops@example.test", password: "the first password 1" };

async function users(args: string[], stdin?: string) {
  const child = run(process.execPath, ["--import", "tsx", "scripts/users.ts", ...args], {
    env: { ...process.env, DATABASE_URL: testDatabase.url },
  });
  if (stdin !== undefined) child.child.stdin!.end(stdin);
  else child.child.stdin!.end();
  try {
    const { stdout, stderr } = await child;
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const rejectsSignIn = (email: string, password: string, address = "198.51.100.7") =>
  expect(signIn(testDatabase.database, email, password, address)).rejects.toBeInstanceOf(SignInError);

beforeAll(async () => {
  testDatabase = await createTestDatabase("users_cli");
  await createUser(testDatabase.database.prisma, { ...ADMIN, isAdmin: true });
  await createUser(testDatabase.database.prisma, { email: "bob@example.test", password: "bob password 12" });
});
afterAll(async () => testDatabase?.drop());

describe("npm run users -- reset-password", () => {
  it("prints a new password once, logs the reset, ends every session, voids unused links, and unlocks the account", async () => {
    const { prisma } = testDatabase.database;
    const admin = await prisma.user.findUniqueOrThrow({ where: { email: ADMIN.email } });
    const session = await openSession(prisma, admin.id);
    const link = await issueInvite(prisma, admin.id);
    // Someone guessed at the account until it is throttled (from other addresses).
    for (let attempt = 0; attempt < 10; attempt++)
      await rejectsSignIn(ADMIN.email, `wrong guess ${attempt}`, `203.0.113.${attempt}`).catch(() => {});

    const result = await users(["reset-password", "OPS@example.test"]);
    expect(result.code).toBe(0);
    const password = /^\s{4}(\S+)$/m.exec(result.stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(result.stderr).toMatch(
      /^\[faultline\] \d{4}-\d\d-\d\dT[\d:.]+Z password reset for ops@example\.test from the command line \(npm run users\): 1 session\(s\) ended, 1 unused link\(s\) voided$/m,
    );
    expect(await sessionUser(prisma, session)).toBeNull();
    expect((await inviteState(prisma, link.token)).state).toBe("used");
    await rejectsSignIn(ADMIN.email, ADMIN.password);
    // The new password works at once, from an address that never failed: the account's count is gone.
    expect(await signIn(testDatabase.database, ADMIN.email, password!, "192.0.2.1")).toMatch(/\S{20,}/);
  });

  it("sets a chosen password read from stdin, and refuses one that breaks the rules, changing nothing", async () => {
    const chosen = await users(
      ["reset-password", "bob@example.test", "--password-stdin"],
      "bob's new password 7\n",
    );
    expect(chosen.code).toBe(0);
    expect(chosen.stdout).toContain("Password set for bob@example.test.");
    expect(chosen.stdout).not.toContain("bob's new password");
    expect(
      await signIn(testDatabase.database, "bob@example.test", "bob's new password 7", "192.0.2.2"),
    ).toBeTruthy();

    const short = await users(["reset-password", "bob@example.test", "--password-stdin"], "short\n");
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/Password/);
    expect(
      await signIn(testDatabase.database, "bob@example.test", "bob's new password 7", "192.0.2.2"),
    ).toBeTruthy();
  });

  it("an unknown email, or no email, says so and changes nothing", async () => {
    const unknown = await users(["reset-password", "nobody@example.test"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no user has the email "nobody@example.test"');
    expect(unknown.stderr).toContain("npm run users -- list");
    const usage = await users(["reset-password"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("usage:");
  });

  it("list shows each user and whether they are an admin", async () => {
    const listed = await users(["list"]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^ops@example\.test {2}admin {2}projects=all/m);
    expect(listed.stdout).toMatch(/^bob@example\.test {2}member {2}projects=0/m);
  });
});

describe("FAULTLINE_ADMIN_EMAIL/PASSWORD at startup", () => {
  it("naming an existing user: says so and leaves their password alone", async () => {
    const { prisma } = testDatabase.database;
    const before = await prisma.user.findUniqueOrThrow({ where: { email: "bob@example.test" } });
    const admin = await ensureFirstAdmin(prisma, {
      email: "Bob@example.test",
      password: "an env password 1",
    });
    expect(admin).toEqual({ kind: "exists", email: "bob@example.test" });
    const after = await prisma.user.findUniqueOrThrow({ where: { email: "bob@example.test" } });
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(
      await ensureFirstAdmin(prisma, { email: "new@example.test", password: "an env password 1" }),
    ).toEqual({
      kind: "configured",
      email: "new@example.test",
    });
  });
});
