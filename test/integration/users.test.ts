import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { projectPage, type Viewer } from "../../lib/auth/access";
import { acceptInvite, InviteError, inviteState, INVITE_DAYS } from "../../lib/auth/invites";
import { createProjectKey, revokeProjectKey } from "../../lib/auth/key-admin";
import {
  membershipPage,
  projectChoices,
  projectIdsByName,
  typedProjectNames,
} from "../../lib/auth/memberships";
import { AuthError, authenticate, createKey, type Scope } from "../../lib/auth/keys";
import {
  inviteUser,
  listUsers,
  removeUser,
  sendNewLink,
  updateUser,
  UserAdminError,
} from "../../lib/auth/user-admin";
import {
  changeOwnPassword,
  createUser,
  PasswordChangeError,
  sessionUser,
  signIn,
  SignInError,
  type SessionUser,
} from "../../lib/auth/users";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// Users as admins manage them (lib/auth/user-admin.ts, lib/auth/invites.ts) and a user's own
// password, against a real PostgreSQL: links stored hashed, single use even when raced,
// expiring; only admins; never without an admin; sessions ended when they must be.

let testDatabase: TestDatabase;
let admin: SessionUser;
let alphaId: string;
let betaId: string;
const ADMIN_PASSWORD = "the admin's password";
const ADDRESS = "192.0.2.10";

const prisma = () => testDatabase.database.prisma;
const pool = () => testDatabase.database.pool;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const names = (projects: { name: string }[]) => projects.map((project) => project.name);

async function refusal(work: Promise<unknown>): Promise<{ reason: string; message: string }> {
  try {
    await work;
  } catch (error) {
    if (error instanceof UserAdminError || error instanceof InviteError) {
      return { reason: error.reason, message: error.message };
    }
    if (error instanceof PasswordChangeError || error instanceof SignInError) {
      return { reason: error.name, message: error.message };
    }
    throw error;
  }
  throw new Error("expected a refusal");
}

async function signInAs(email: string, password: string): Promise<string> {
  return signIn(testDatabase.database, email, password, ADDRESS);
}

beforeAll(async () => {
  testDatabase = await createTestDatabase("users");
  alphaId = (await createKey(prisma(), { project: "alpha" })).projectId;
  betaId = (await createKey(prisma(), { project: "beta" })).projectId;
});
/** Leaves one admin and nobody else. */
async function onlyTheAdmin() {
  await pool().query("DELETE FROM sign_in_throttle");
  await pool().query("DELETE FROM users");
  admin = await createUser(prisma(), {
    email: "admin@example.test",
    password: ADMIN_PASSWORD,
    isAdmin: true,
  });
}
beforeEach(onlyTheAdmin);
afterAll(async () => testDatabase?.drop());

describe("invite links", () => {
  it("are stored only as their SHA-256, work once, set the password and sign the user in", async () => {
    const { user, link } = await inviteUser(prisma(), admin, {
      email: " New.User@Example.TEST ",
      isAdmin: false,
      projectIds: [alphaId],
    });
    expect(user.email).toBe("new.user@example.test");
    expect(link!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expected = Date.now() + INVITE_DAYS * 86_400_000;
    expect(Math.abs(link!.expiresAt.getTime() - expected)).toBeLessThan(60_000);
    const { rows } = await pool().query("SELECT * FROM user_invites WHERE user_id = $1", [user.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(sha256(link!.token));
    expect(JSON.stringify(rows)).not.toContain(link!.token);
    // Until the link is used, no password signs in — not even an empty-looking one.
    expect(await refusal(signInAs(user.email, "none"))).toMatchObject({
      message: "Wrong email or password.",
    });
    expect(await inviteState(prisma(), link!.token)).toMatchObject({
      state: "valid",
      email: user.email,
      firstPassword: true,
    });

    expect(await refusal(acceptInvite(prisma(), link!.token, "too short"))).toEqual({
      reason: "password",
      message: "Password must be at least 12 characters",
    });
    const accepted = await acceptInvite(prisma(), link!.token, "a brand new password");
    expect(accepted.email).toBe(user.email);
    const signedIn = await sessionUser(prisma(), accepted.sessionToken);
    expect(signedIn).toMatchObject({ id: user.id, isAdmin: false });
    expect(names((await projectPage(pool(), signedIn!)).projects)).toEqual(["alpha"]);
    expect(await signInAs(user.email, "a brand new password")).toBeTruthy();

    expect(await inviteState(prisma(), link!.token)).toMatchObject({ state: "used" });
    expect(await refusal(acceptInvite(prisma(), link!.token, "another new password"))).toMatchObject({
      reason: "used",
      message: expect.stringMatching(/^This link has already been used\./),
    });
    expect(await signInAs(user.email, "a brand new password")).toBeTruthy();
  });

  it("used by two tabs at once: exactly one sets the password", async () => {
    const { link, user } = await inviteUser(prisma(), admin, {
      email: "race@example.test",
      isAdmin: false,
      projectIds: [],
    });
    const passwords = Array.from({ length: 6 }, (_, index) => `racing password ${index}`);
    const results = await Promise.allSettled(
      passwords.map((password) => acceptInvite(prisma(), link!.token, password)),
    );
    const won = results.flatMap((result, index) =>
      result.status === "fulfilled" ? [passwords[index]!] : [],
    );
    expect(won).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toMatchObject({ reason: "used" });
    }
    const { rows } = await pool().query("SELECT count(*)::int AS n FROM sessions WHERE user_id = $1", [
      user.id,
    ]);
    expect(rows[0].n).toBe(1);
    expect(await signInAs(user.email, won[0]!)).toBeTruthy();
  });

  it("expire; a new link replaces the old one, which then stops working", async () => {
    const { user, link } = await inviteUser(prisma(), admin, {
      email: "late@example.test",
      isAdmin: false,
      projectIds: [],
    });
    await pool().query(
      "UPDATE user_invites SET expires_at = now() - interval '1 minute' WHERE user_id = $1",
      [user.id],
    );
    expect(await inviteState(prisma(), link!.token)).toMatchObject({ state: "expired" });
    expect(await refusal(acceptInvite(prisma(), link!.token, "a good long password"))).toMatchObject({
      reason: "expired",
      message: expect.stringMatching(/^This link expired on \d{4}-\d\d-\d\d \d\d:\d\d UTC\. Ask an admin/),
    });

    const second = await sendNewLink(prisma(), admin, user.id);
    const third = await sendNewLink(prisma(), admin, user.id);
    for (const old of [link!.token, second.token]) {
      expect(await inviteState(prisma(), old)).toEqual({ state: "unknown" });
      expect(await refusal(acceptInvite(prisma(), old, "a good long password"))).toMatchObject({
        reason: "unknown",
      });
    }
    expect((await listUsers(prisma(), admin)).find((listed) => listed.id === user.id)).toMatchObject({
      hasPassword: false,
      link: { expiresAt: third.expiresAt },
    });
    await acceptInvite(prisma(), third.token, "a good long password");
    expect(await signInAs(user.email, "a good long password")).toBeTruthy();
    expect(await inviteState(prisma(), "not a token")).toEqual({ state: "unknown" });
  });

  it("a new link for an active user resets their password and ends every session they had", async () => {
    const user = await createUser(prisma(), { email: "forgot@example.test", password: "the old password" });
    const before = await signInAs(user.email, "the old password");
    const link = await sendNewLink(prisma(), admin, user.id);
    // Until it is used, the old password still works.
    expect(await signInAs(user.email, "the old password")).toBeTruthy();
    const { sessionToken } = await acceptInvite(prisma(), link.token, "the new password!");
    expect(await sessionUser(prisma(), before)).toBeNull();
    expect(await sessionUser(prisma(), sessionToken)).toMatchObject({ id: user.id });
    expect(await refusal(signInAs(user.email, "the old password"))).toMatchObject({
      message: "Wrong email or password.",
    });
  });
});

describe("inviting with an initial password", () => {
  it("signs in at once; refuses a taken email, a bad email, a short password and an unknown project by name", async () => {
    const { user, link } = await inviteUser(prisma(), admin, {
      email: "direct@example.test",
      password: "initial password 1",
      isAdmin: true,
      projectIds: [alphaId, betaId],
    });
    expect(link).toBeNull();
    expect(await pool().query("SELECT 1 FROM user_invites WHERE user_id = $1", [user.id])).toMatchObject({
      rowCount: 0,
    });
    const token = await signInAs("direct@example.test", "initial password 1");
    expect(await sessionUser(prisma(), token)).toMatchObject({ isAdmin: true });

    const cases: [Parameters<typeof inviteUser>[2], string, string][] = [
      [
        { email: "DIRECT@example.test", isAdmin: false, projectIds: [] },
        "email_taken",
        "A user with the email direct@example.test already exists.",
      ],
      [
        { email: "not an email", isAdmin: false, projectIds: [] },
        "invalid",
        "Email must be an email address, like name@example.com",
      ],
      [
        { email: "a\u0000@example.test", isAdmin: false, projectIds: [] },
        "invalid",
        "Email must not contain a NUL character",
      ],
      [
        { email: "short@example.test", password: "short", isAdmin: false, projectIds: [] },
        "invalid",
        "Initial password must be at least 12 characters",
      ],
      [
        { email: "p@example.test", isAdmin: false, projectIds: ["00000000-0000-4000-8000-000000000000"] },
        "invalid",
        "A chosen project no longer exists.",
      ],
      [
        { email: "q@example.test", isAdmin: false, projectIds: ["alpha"] },
        "invalid",
        "Projects must be chosen from the list.",
      ],
    ];
    for (const [input, reason, message] of cases) {
      expect(await refusal(inviteUser(prisma(), admin, input))).toEqual({ reason, message });
    }
    const { rows } = await pool().query("SELECT email FROM users ORDER BY email");
    expect(rows.map((row) => row.email)).toEqual(["admin@example.test", "direct@example.test"]);
  });
});

describe("memberships and the admin flag", () => {
  it("take effect on the user's next request, without signing them out", async () => {
    const user = await createUser(prisma(), {
      email: "m@example.test",
      password: "member password 1",
      projectIds: [alphaId],
    });
    const token = await signInAs(user.email, "member password 1");
    const viewer = async () => (await sessionUser(prisma(), token))!;
    expect(names((await projectPage(pool(), await viewer())).projects)).toEqual(["alpha"]);
    await updateUser(prisma(), admin, user.id, { isAdmin: false, projectIds: [betaId] });
    expect(names((await projectPage(pool(), await viewer())).projects)).toEqual(["beta"]);
    await updateUser(prisma(), admin, user.id, { isAdmin: true, projectIds: [] });
    expect((await viewer()).isAdmin).toBe(true);
    expect(names((await projectPage(pool(), await viewer())).projects)).toEqual(["alpha", "beta"]);
    await updateUser(prisma(), admin, user.id, { isAdmin: false, projectIds: [] });
    expect((await projectPage(pool(), await viewer())).projects).toEqual([]);
  });
});

describe("memberships in forms that do not list every project", () => {
  it("a change names what it adds and removes and leaves the rest; typed names are checked; lists are bounded", async () => {
    const user = await createUser(prisma(), {
      email: "many@example.test",
      password: "member password 1",
      projectIds: [alphaId, betaId],
    });
    const memberOf = async () => names((await membershipPage(pool(), admin, user.id)).projects);
    await updateUser(prisma(), admin, user.id, { isAdmin: false, add: [], remove: [alphaId] });
    expect(await memberOf()).toEqual(["beta"]);
    await updateUser(prisma(), admin, user.id, { isAdmin: false, add: [alphaId, betaId], remove: [] });
    expect(await memberOf()).toEqual(["alpha", "beta"]);
    expect(
      await refusal(
        updateUser(prisma(), admin, user.id, {
          isAdmin: false,
          add: ["00000000-0000-4000-8000-000000000000"],
        }),
      ),
    ).toMatchObject({ message: "A chosen project no longer exists." });
    expect(await memberOf()).toEqual(["alpha", "beta"]);

    expect(await projectIdsByName(prisma(), admin, typedProjectNames(" alpha,beta\nalpha "))).toEqual({
      ok: true,
      ids: expect.arrayContaining([alphaId, betaId]),
    });
    expect(await projectIdsByName(prisma(), admin, ["alpha", "nope", "a\u0000b"])).toEqual({
      ok: false,
      message: "No project is named nope, a\u0000b.",
    });
    expect(await refusal(projectIdsByName(prisma(), user, ["alpha"]))).toMatchObject({ reason: "forbidden" });

    expect(await projectChoices(pool(), admin)).toMatchObject({ kind: "boxes" });
    const listed = (await listUsers(prisma(), admin)).find((candidate) => candidate.id === user.id);
    expect(listed).toMatchObject({ projectCount: 2, projectNames: ["alpha", "beta"] });
  });
});

describe("only admins manage users", () => {
  it("a member calling every function directly is refused and changes nothing", async () => {
    const member = await createUser(prisma(), {
      email: "member@example.test",
      password: "member password 1",
      projectIds: [alphaId],
    });
    const state = async () =>
      (
        await pool().query(
          `SELECT (SELECT json_agg(u ORDER BY email) FROM users u)::text || (SELECT count(*) FROM user_invites)
                  || (SELECT json_agg(m ORDER BY user_id, project_id) FROM project_members m)::text AS state`,
        )
      ).rows[0].state as string;
    const untouched = await state();
    const attempts = [
      listUsers(prisma(), member),
      inviteUser(prisma(), member, { email: "x@example.test", isAdmin: true, projectIds: [betaId] }),
      inviteUser(prisma(), member, {
        email: "y@example.test",
        password: "y's long password",
        isAdmin: true,
        projectIds: [],
      }),
      updateUser(prisma(), member, member.id, { isAdmin: true, projectIds: [alphaId, betaId] }),
      updateUser(prisma(), member, admin.id, { isAdmin: false, projectIds: [] }),
      removeUser(prisma(), member, admin.id),
      sendNewLink(prisma(), member, admin.id),
    ];
    for (const attempt of attempts) {
      expect(await refusal(attempt)).toEqual({
        reason: "forbidden",
        message: "Only admins can manage users.",
      });
    }
    expect(await state()).toBe(untouched);
  });

  it("an admin demoted a moment ago is refused even with the stale viewer of their request", async () => {
    const other = await createUser(prisma(), {
      email: "other@example.test",
      password: "other password 1",
      isAdmin: true,
    });
    await updateUser(prisma(), admin, other.id, { isAdmin: false, projectIds: [] });
    const stale: Viewer = { id: other.id, isAdmin: true };
    expect(await refusal(removeUser(prisma(), stale, admin.id))).toMatchObject({ reason: "forbidden" });
    expect(
      await refusal(updateUser(prisma(), stale, other.id, { isAdmin: true, projectIds: [] })),
    ).toMatchObject({
      reason: "forbidden",
    });
    expect(await refusal(sendNewLink(prisma(), stale, admin.id))).toMatchObject({ reason: "forbidden" });
    expect(
      await refusal(inviteUser(prisma(), stale, { email: "z@example.test", isAdmin: true, projectIds: [] })),
    ).toMatchObject({
      reason: "forbidden",
    });
  });
});

describe("never without an admin", () => {
  it("the only admin cannot remove their own admin flag or themselves, and is told why", async () => {
    expect(await refusal(updateUser(prisma(), admin, admin.id, { isAdmin: false, projectIds: [] }))).toEqual({
      reason: "last_admin",
      message: "You are the only admin: make another user an admin before removing your own admin flag.",
    });
    expect(await refusal(removeUser(prisma(), admin, admin.id))).toEqual({
      reason: "last_admin",
      message: "You are the only admin: make another user an admin before removing yourself.",
    });
    // With a second admin, either may step down.
    const second = await createUser(prisma(), {
      email: "second@example.test",
      password: "second password",
      isAdmin: true,
    });
    await updateUser(prisma(), second, second.id, { isAdmin: false, projectIds: [] });
    expect((await prisma().user.findUniqueOrThrow({ where: { id: second.id } })).isAdmin).toBe(false);
  });

  it("two admins demoting or removing each other at the same moment: one wins, one admin is left", async () => {
    for (const operation of ["demote", "remove", "remove themselves"] as const) {
      await onlyTheAdmin();
      const other = await createUser(prisma(), {
        email: "other@example.test",
        password: "other password 1",
        isAdmin: true,
      });
      const act = (actor: Viewer, target: Viewer) =>
        operation === "demote"
          ? updateUser(prisma(), actor, target.id, { isAdmin: false, projectIds: [] })
          : removeUser(prisma(), actor, operation === "remove" ? target.id : actor.id);
      const results = await Promise.allSettled([act(admin, other), act(other, admin)]);
      expect(
        results.filter((result) => result.status === "fulfilled"),
        operation,
      ).toHaveLength(1);
      const { rows } = await pool().query("SELECT count(*)::int AS n FROM users WHERE is_admin");
      expect(rows[0].n, operation).toBe(1);
    }
  });
});

describe("removing a user", () => {
  it("ends every session at once, with their memberships and links", async () => {
    const user = await createUser(prisma(), {
      email: "leaving@example.test",
      password: "leaving password",
      projectIds: [alphaId, betaId],
    });
    const tokens = [
      await signInAs(user.email, "leaving password"),
      await signInAs(user.email, "leaving password"),
    ];
    await sendNewLink(prisma(), admin, user.id);
    for (const token of tokens) expect(await sessionUser(prisma(), token)).not.toBeNull();
    expect(await removeUser(prisma(), admin, user.id)).toEqual({ email: user.email, revokedKeys: 0 });
    for (const token of tokens) expect(await sessionUser(prisma(), token)).toBeNull();
    for (const table of ["sessions", "project_members", "user_invites"]) {
      const { rows } = await pool().query(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [
        user.id,
      ]);
      expect(rows[0].n, table).toBe(0);
    }
    expect(await refusal(removeUser(prisma(), admin, user.id))).toMatchObject({ reason: "no_such_user" });
    expect(await refusal(signInAs(user.email, "leaving password"))).toMatchObject({
      message: "Wrong email or password.",
    });
  });
});

describe("changing one's own password", () => {
  it("needs the current password, follows the rules, ends the other sessions and keeps this one", async () => {
    const user = await createUser(prisma(), { email: "me@example.test", password: "my old password" });
    const [current, other, third] = [
      await signInAs(user.email, "my old password"),
      await signInAs(user.email, "my old password"),
      await signInAs(user.email, "my old password"),
    ];
    const change = (currentPassword: string, next: string) =>
      changeOwnPassword(testDatabase.database, user, current, { current: currentPassword, next }, ADDRESS);

    expect(await refusal(change("my old password", "too short"))).toEqual({
      reason: "PasswordChangeError",
      message: "New password must be at least 12 characters",
    });
    expect(await refusal(change("not my password", "my new password!"))).toEqual({
      reason: "PasswordChangeError",
      message: "The current password is wrong.",
    });
    for (const token of [current, other, third]) expect(await sessionUser(prisma(), token)).not.toBeNull();

    expect(await change("my old password", "my new password!")).toEqual({ endedSessions: 2 });
    expect(await sessionUser(prisma(), current)).toMatchObject({ id: user.id });
    expect(await sessionUser(prisma(), other)).toBeNull();
    expect(await sessionUser(prisma(), third)).toBeNull();
    expect(await refusal(signInAs(user.email, "my old password"))).toMatchObject({
      message: "Wrong email or password.",
    });
    expect(await signInAs(user.email, "my new password!")).toBeTruthy();
  });

  it("guesses of the current password are throttled like sign-ins", async () => {
    const user = await createUser(prisma(), { email: "stolen@example.test", password: "the real password" });
    const session = await signInAs(user.email, "the real password");
    const answers: string[] = [];
    for (let guess = 0; guess < 5; guess++) {
      const answer = await refusal(
        changeOwnPassword(
          testDatabase.database,
          user,
          session,
          { current: `guess ${guess}`, next: "attacker's password" },
          ADDRESS,
        ),
      );
      answers.push(answer.message);
    }
    expect(answers.slice(0, 3)).toEqual(Array(3).fill("The current password is wrong."));
    expect(answers[3]).toMatch(/^Too many wrong passwords\. Try again in \d+ s\.$/);
    // The right password must wait too; nothing changed.
    expect(
      (
        await refusal(
          changeOwnPassword(
            testDatabase.database,
            user,
            session,
            { current: "the real password", next: "attacker's password" },
            ADDRESS,
          ),
        )
      ).message,
    ).toMatch(/^Too many wrong passwords/);
    await pool().query("DELETE FROM sign_in_throttle");
    expect(await signInAs(user.email, "the real password")).toBeTruthy();
  });
});

describe("who owns a key", () => {
  const works = async (key: string, scope: Scope) =>
    authenticate(pool(), key, scope).then(
      () => "works",
      (error: unknown) => {
        if (error instanceof AuthError) return `${error.status} ${error.message}`;
        throw error;
      },
    );
  const keyOf = async (createdBy: string | undefined, scopes: Scope[], project = "alpha") =>
    (await createKey(prisma(), { project, scopes, createdBy })).key;

  it("an admin-scope key stops working when its creator loses the admin flag or is removed; their ingest and read keys, and the operator's, keep working", async () => {
    const ops = await createUser(prisma(), {
      email: "ops@example.test",
      password: "ops password 12",
      isAdmin: true,
    });
    const adminKey = await keyOf(ops.id, ["admin"]);
    const mixedKey = await keyOf(ops.id, ["admin", "ingest"]);
    const projectKey = await keyOf(ops.id, ["ingest", "read"]);
    const operatorKey = await keyOf(undefined, ["admin"]);
    expect(await works(adminKey, "admin")).toBe("works");
    expect(await works(mixedKey, "ingest")).toBe("works");

    // Demoted: both of their admin-scope keys are revoked with the flag, in one transaction.
    expect(await updateUser(prisma(), admin, ops.id, { isAdmin: false, projectIds: [alphaId] })).toEqual({
      revokedKeys: 2,
    });
    expect(await works(adminKey, "admin")).toBe("401 unknown or revoked key");
    expect(await works(mixedKey, "ingest")).toBe("401 unknown or revoked key");
    expect(await works(projectKey, "ingest")).toBe("works");
    expect(await works(projectKey, "read")).toBe("works");
    expect(await works(operatorKey, "admin")).toBe("works");

    // Removed: the same, with the user.
    const lead = await createUser(prisma(), {
      email: "lead@example.test",
      password: "lead password 12",
      isAdmin: true,
    });
    const leadAdminKey = await keyOf(lead.id, ["admin"], "beta");
    const leadReadKey = await keyOf(lead.id, ["read"], "beta");
    expect(await removeUser(prisma(), admin, lead.id)).toEqual({ email: lead.email, revokedKeys: 1 });
    expect(await works(leadAdminKey, "admin")).toBe("401 unknown or revoked key");
    expect(await works(leadReadKey, "read")).toBe("works");
    expect(await works(operatorKey, "admin")).toBe("works");
  });

  it("an admin-scope key is refused the admin scope once its creator is not an admin, however that came about", async () => {
    const ops = await createUser(prisma(), {
      email: "ops2@example.test",
      password: "ops password 12",
      isAdmin: true,
    });
    const adminKey = await keyOf(ops.id, ["admin", "ingest"]);
    await pool().query("UPDATE users SET is_admin = false WHERE id = $1", [ops.id]);
    expect(await works(adminKey, "admin")).toBe("403 the user who created this key is no longer an admin");
    await pool().query("DELETE FROM users WHERE id = $1", [ops.id]);
    expect(await works(adminKey, "admin")).toBe("403 the user who created this key is no longer an admin");
    await createUser(prisma(), { email: "ops3@example.test", password: "ops password 12", isAdmin: true });
    expect(await works(await keyOf(undefined, ["admin"]), "admin")).toBe("works");
  });

  it("only admins create or revoke admin-scope keys; members manage their projects' ingest and read keys", async () => {
    const member = await createUser(prisma(), {
      email: "keys-member@example.test",
      password: "member password 1",
      projectIds: [alphaId],
    });
    const database = testDatabase.database;
    expect(
      await createProjectKey(database, member, { project: "alpha", name: "mine", scopes: ["admin"] }),
    ).toMatchObject({ created: false, reason: "forbidden" });
    const created = await createProjectKey(database, admin, {
      project: "alpha",
      name: "alerts",
      scopes: ["admin"],
    });
    if (!created.created) throw new Error("the admin could not create an admin key");
    const { id: adminKeyId } = await prisma().apiKey.findFirstOrThrow({ where: { name: "alerts" } });
    expect(await revokeProjectKey(database, member, adminKeyId)).toEqual({
      revoked: false,
      reason: "forbidden",
    });
    expect(await works(created.key, "admin")).toBe("works");

    const own = await createProjectKey(database, member, {
      project: "alpha",
      name: "sender",
      scopes: ["ingest"],
    });
    expect(own).toMatchObject({ created: true, projectName: "alpha" });
    const ownId = (await prisma().apiKey.findFirstOrThrow({ where: { name: "sender" } })).id;
    expect((await prisma().apiKey.findUniqueOrThrow({ where: { id: ownId } })).createdBy).toBe(member.id);
    const betaKeyId = (await prisma().apiKey.findFirstOrThrow({ where: { projectId: betaId } })).id;
    expect(await revokeProjectKey(database, member, betaKeyId)).toEqual({
      revoked: false,
      reason: "not_found",
    });
    expect(await revokeProjectKey(database, member, ownId)).toEqual({ revoked: true });
    expect(await revokeProjectKey(database, admin, adminKeyId)).toEqual({ revoked: true });
    expect(await works(created.key, "admin")).toBe("401 unknown or revoked key");
  });
});
