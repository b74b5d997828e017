import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey } from "../../lib/auth/keys";
import { createUser } from "../../lib/auth/users";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { launchBrowser, screenshot, signIn } from "../helpers/browser";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// Settings → Users and Your account, through the real app in real Chromium: an admin invites by
// a one-time link, the invitee sets a password in another browser and sees only what they were
// given, removal signs them out at once, changing a password ends the other sessions, and a
// member can neither see the pages nor call their actions.

const ADMIN = { email: "admin@example.test", password: "correct horse battery" };
const MEMBER = { email: "member@example.test", password: "member password 123" };
const INVITEE = { email: "new.person@example.test", password: "invitee's own password" };
let testDatabase: TestDatabase;
let app: AppServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

async function post(key: string, body: unknown) {
  const response = await fetch(`${app.url}/api/v1/calls`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

async function newPage(): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  return context.newPage();
}

async function signedInPage(user: { email: string; password: string }): Promise<Page> {
  const page = await newPage();
  await signIn(page, app.url, user.email, user.password);
  return page;
}

async function sessionCookie(page: Page): Promise<string> {
  return (await page.context().cookies()).find((cookie) => cookie.name === "faultline_session")!.value;
}

const mainText = async (page: Page) => (await page.locator("main").textContent()) ?? "";

async function userRow(email: string) {
  const { rows } = await testDatabase.database.pool.query<{ id: string; is_admin: boolean }>(
    "SELECT id, is_admin FROM users WHERE email = $1",
    [email],
  );
  return rows[0];
}

beforeAll(async () => {
  testDatabase = await createTestDatabase("users_e2e");
  app = await startAppServer({
    DATABASE_URL: testDatabase.url,
    FAULTLINE_ADMIN_EMAIL: ADMIN.email,
    FAULTLINE_ADMIN_PASSWORD: ADMIN.password,
  });
  const { prisma } = testDatabase.database;
  const keys = {
    default: await createKey(prisma, { project: "default" }),
    teamA: await createKey(prisma, { project: "team-a" }),
    teamB: await createKey(prisma, { project: "team-b" }),
  };
  await createUser(prisma, { ...MEMBER, projectIds: [keys.teamA.projectId] });
  await post(keys.default.key, {
    id: "d-1",
    server: "vault",
    tool: "read",
    isError: false,
    text: "default data",
  });
  await post(keys.teamA.key, {
    id: "a-1",
    server: "crm",
    tool: "lookup",
    isError: false,
    text: "team a data",
  });
  await post(keys.teamB.key, { id: "b-1", server: "mail", tool: "send", isError: true, text: "team b data" });
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await browser?.close();
  await app?.stop();
  await testDatabase?.drop();
});

describe("inviting by a one-time link", () => {
  let admin: Page;
  let invitee: Page;
  let link: string;

  it("the admin reaches Users from Settings and gets the link once", async () => {
    admin = await signedInPage(ADMIN);
    await admin.goto(`${app.url}/settings`, { waitUntil: "networkidle" });
    await screenshot(admin, "settings-users-entry");
    await admin.getByRole("link", { name: "Users", exact: true }).click();
    await admin.waitForURL(`${app.url}/settings/users`, { waitUntil: "networkidle" });
    await admin.getByLabel("Email").fill(INVITEE.email);
    await admin.getByRole("checkbox", { name: "team-b" }).check();
    await admin.getByRole("button", { name: "Invite" }).click();
    const shown = admin.locator('[data-testid="one-time-link"]');
    await shown.waitFor();
    link = ((await shown.textContent()) ?? "").trim();
    expect(link).toMatch(new RegExp(`^${app.url}/invite/[A-Za-z0-9_-]{43}$`));
    expect(await mainText(admin)).toMatch(/shown only once, works once, and expires on \d{4}-\d\d-\d\d/);
    await screenshot(admin, "users-invite-link");
    // Shown once: the list now says "invited", and the link is nowhere on the page any more.
    await admin.goto(`${app.url}/settings/users`, { waitUntil: "networkidle" });
    const row = admin.locator(`[data-testid="user-row"][data-email="${INVITEE.email}"]`);
    expect(await row.locator('[data-testid="sign-in-state"]').textContent()).toMatch(
      /^invited · link open until/,
    );
    expect(await admin.content()).not.toContain(link.split("/invite/")[1]);
    await screenshot(admin, "users-list");
  });

  it("the invitee sets a password through the link, lands signed in, and sees only their project", async () => {
    invitee = await newPage();
    await invitee.goto(link, { waitUntil: "networkidle" });
    expect(await invitee.locator('[data-testid="invite-email"]').textContent()).toBe(INVITEE.email);
    await screenshot(invitee, "invite-set-password");
    await invitee.getByLabel("New password", { exact: true }).fill(INVITEE.password);
    await invitee.getByLabel("New password, again").fill(`${INVITEE.password}!`);
    await invitee.getByRole("button", { name: "Set password and sign in" }).click();
    expect(await invitee.locator('[data-testid="invite-error"]').textContent()).toBe(
      "The password and its repetition differ",
    );
    await invitee.getByLabel("New password", { exact: true }).fill(INVITEE.password);
    await invitee.getByLabel("New password, again").fill(INVITEE.password);
    await invitee.getByRole("button", { name: "Set password and sign in" }).click();
    await invitee.waitForURL(`${app.url}/`, { waitUntil: "networkidle" });
    expect(await invitee.locator('[data-testid="signed-in-as"]').textContent()).toBe(INVITEE.email);
    expect(await invitee.locator('[data-testid="call-count"]').textContent()).toBe("1");
    await invitee.goto(`${app.url}/settings`, { waitUntil: "networkidle" });
    const settings = await mainText(invitee);
    expect(settings).toContain("team-b");
    expect(settings).not.toContain("team-a");
    expect(settings).not.toContain("default");
    expect((await invitee.request.get(`${app.url}/api/v1/calls/b-1`)).status()).toBe(200);
    expect((await invitee.request.get(`${app.url}/api/v1/calls/a-1`)).status()).toBe(404);
  });

  it("the used link is refused clearly, as are expired and unknown ones", async () => {
    const stranger = await newPage();
    await stranger.goto(link, { waitUntil: "networkidle" });
    expect(await stranger.locator('[data-testid="invite-refused"]').textContent()).toMatch(
      /^This link has already been used\. Sign in with your password, or ask an admin for a new link\.$/,
    );
    await screenshot(stranger, "invite-used");
    expect(await stranger.locator("form").count()).toBe(0);

    await stranger.goto(`${app.url}/invite/${"x".repeat(43)}`, { waitUntil: "networkidle" });
    expect(await stranger.locator('[data-testid="invite-refused"]').textContent()).toMatch(
      /^This link is not valid/,
    );

    // An expired one: a new link for a user, then its expiry moved into the past.
    await admin.goto(`${app.url}/settings/users`, { waitUntil: "networkidle" });
    await admin.getByLabel("Email").fill("late@example.test");
    await admin.getByRole("button", { name: "Invite" }).click();
    const late = ((await admin.locator('[data-testid="one-time-link"]').textContent()) ?? "").trim();
    await testDatabase.database.pool.query(
      `UPDATE user_invites SET expires_at = now() - interval '1 hour'
        WHERE user_id = (SELECT id FROM users WHERE email = 'late@example.test')`,
    );
    await stranger.goto(late, { waitUntil: "networkidle" });
    expect(await stranger.locator('[data-testid="invite-refused"]').textContent()).toMatch(
      /^This link expired on \d{4}-\d\d-\d\d \d\d:\d\d UTC\. Ask an admin for a new one\.$/,
    );
    await screenshot(stranger, "invite-expired");
  });

  it("the admin changes the invitee's projects; it applies on their next page", async () => {
    await admin.goto(`${app.url}/settings/users`, { waitUntil: "networkidle" });
    await admin.getByRole("link", { name: `Edit ${INVITEE.email}` }).click();
    await admin.waitForURL(/\/settings\/users\/[0-9a-f-]{36}$/, { waitUntil: "networkidle" });
    await admin.getByRole("checkbox", { name: "team-a" }).check();
    await admin.getByRole("button", { name: "Save" }).click();
    await admin.getByText("Saved. It applies from their next page.").waitFor();
    await screenshot(admin, "users-edit");
    await invitee.goto(`${app.url}/settings`, { waitUntil: "networkidle" });
    expect(await mainText(invitee)).toContain("team-a");
  });

  it("the admin removes the invitee: their next page load goes to sign-in", async () => {
    await admin.getByRole("checkbox", { name: `Remove ${INVITEE.email}` }).check();
    await admin.getByRole("button", { name: "Remove user" }).click();
    await admin.waitForURL(/\/settings\/users\?removed=/, { waitUntil: "networkidle" });
    await invitee.goto(`${app.url}/calls`, { waitUntil: "networkidle" });
    expect(new URL(invitee.url()).pathname).toBe("/login");
    expect((await invitee.request.get(`${app.url}/api/v1/calls/b-1`)).status()).toBe(401);

    expect(await mainText(admin)).toContain(`Removed ${INVITEE.email}; their sessions have ended.`);
    expect(await admin.locator(`[data-testid="user-row"][data-email="${INVITEE.email}"]`).count()).toBe(0);
  });

  it("the only admin cannot remove their own admin flag or themselves, and is told so", async () => {
    const me = await userRow(ADMIN.email);
    await admin.goto(`${app.url}/settings/users/${me!.id}`, { waitUntil: "networkidle" });
    await admin.getByRole("checkbox", { name: /^Admin/ }).uncheck();
    await admin.getByRole("button", { name: "Save" }).click();
    await admin
      .getByText("You are the only admin: make another user an admin before removing your own admin flag.")
      .waitFor();
    await admin.getByRole("checkbox", { name: `Remove ${ADMIN.email}` }).check();
    await admin.getByRole("button", { name: "Remove user" }).click();
    await admin
      .getByText("You are the only admin: make another user an admin before removing yourself.")
      .waitFor();
    await screenshot(admin, "users-last-admin");
    expect(await userRow(ADMIN.email)).toMatchObject({ is_admin: true });
  });
});

describe("inviting with an initial password", () => {
  it("the user signs in with it at once", async () => {
    const admin = await signedInPage(ADMIN);
    await admin.goto(`${app.url}/settings/users`, { waitUntil: "networkidle" });
    await admin.getByLabel("Email").fill("direct@example.test");
    await admin.getByRole("radio", { name: /initial password/ }).check();
    await admin.getByLabel("Initial password", { exact: true }).fill("an initial password");
    await admin.getByRole("checkbox", { name: "team-a" }).check();
    await admin.getByRole("button", { name: "Invite" }).click();
    await admin.getByText("direct@example.test can sign in now with the initial password.").waitFor();
    expect(await admin.locator('[data-testid="one-time-link"]').count()).toBe(0);
    // The same email again is refused by name, and the form keeps what was typed.
    await admin.getByLabel("Email").fill("Direct@example.test");
    await admin.getByLabel("Initial password", { exact: true }).fill("an initial password");
    await admin.getByRole("button", { name: "Invite" }).click();
    await admin.getByText("A user with the email direct@example.test already exists.").waitFor();
    expect(await admin.getByLabel("Email").inputValue()).toBe("Direct@example.test");

    const direct = await signedInPage({ email: "direct@example.test", password: "an initial password" });
    expect(await direct.locator('[data-testid="signed-in-as"]').textContent()).toBe("direct@example.test");
  });
});

describe("changing one's own password", () => {
  it("needs the current password, ends the other sessions and keeps this one", async () => {
    const user = { email: "pw@example.test", password: "the first password" };
    await createUser(testDatabase.database.prisma, user);
    const here = await signedInPage(user);
    const elsewhere = await signedInPage(user);
    await here.goto(`${app.url}/settings`, { waitUntil: "networkidle" });
    await here.getByRole("link", { name: "Change your password" }).click();
    await here.waitForURL(`${app.url}/settings/account`, { waitUntil: "networkidle" });
    const form = here.locator('[data-testid="change-password-form"]');
    const change = async (current: string, next: string) => {
      await form.getByLabel("Current password").fill(current);
      await form.getByLabel("New password", { exact: true }).fill(next);
      await form.getByLabel("New password, again").fill(next);
      await form.getByRole("button", { name: "Change password" }).click();
    };
    await change("not the password", "the second password");
    await here.getByText("The current password is wrong.").waitFor();
    await change(user.password, "the second password");
    await here.getByText("Password changed. Your other session was signed out.").waitFor();
    await screenshot(here, "account-password-changed");

    await here.goto(`${app.url}/settings/account`, { waitUntil: "networkidle" });
    expect(new URL(here.url()).pathname).toBe("/settings/account");
    await elsewhere.goto(`${app.url}/`, { waitUntil: "networkidle" });
    expect(new URL(elsewhere.url()).pathname).toBe("/login");
    await signIn(elsewhere, app.url, user.email, "the second password");
    expect(await elsewhere.locator('[data-testid="signed-in-as"]').textContent()).toBe(user.email);
  });
});

describe("a member", () => {
  it("sees no Users link, and the Users pages say only admins may use them", async () => {
    const member = await signedInPage(MEMBER);
    const adminId = (await userRow(ADMIN.email))!.id;
    for (const path of ["/settings/users", `/settings/users/${adminId}`]) {
      await member.goto(`${app.url}${path}`, { waitUntil: "networkidle" });
      const shown = await mainText(member);
      expect(shown, path).not.toContain(ADMIN.email);
      expect(await member.locator("main form").count(), path).toBe(0); // only the layout's (Sign out, search)
      expect(shown, path).toMatch(/Only admins can manage users\./);
    }
    await screenshot(member, "users-member-refused");
    await member.goto(`${app.url}/settings`, { waitUntil: "networkidle" });
    expect(await member.getByRole("link", { name: "Change your password" }).count()).toBe(1);
    expect(await member.locator('a[href="/settings/users"]').count()).toBe(0);
  });

  it("cannot call the actions either: forged Invite, Save and Remove change nothing", async () => {
    const admin = await signedInPage(ADMIN);
    const member = await signedInPage(MEMBER);
    const adminCookie = await sessionCookie(admin);
    const memberCookie = await sessionCookie(member);
    const memberId = (await userRow(MEMBER.email))!.id;
    const adminId = (await userRow(ADMIN.email))!.id;
    const teamB = (
      await testDatabase.database.pool.query<{ id: string }>("SELECT id FROM projects WHERE name = 'team-b'")
    ).rows[0]!.id;

    /** The hidden fields (the server action's reference) of a form the admin's page renders. */
    async function adminForm(path: string, which: string): Promise<Map<string, string>> {
      const html = await (
        await fetch(`${app.url}${path}`, { headers: { cookie: `faultline_session=${adminCookie}` } })
      ).text();
      const form = [...html.matchAll(/<form[^>]*>([\s\S]*?)<\/form>/g)].find((match) =>
        match[0].includes(which),
      );
      if (!form) throw new Error(`no form with ${which} on ${path}`);
      const fields = new Map<string, string>();
      for (const input of form[1]!.matchAll(
        /<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/?>/g,
      )) {
        fields.set(input[1]!, (input[2] ?? "").replaceAll("&quot;", '"').replaceAll("&amp;", "&"));
      }
      expect([...fields.keys()].some((name) => name.startsWith("$ACTION"))).toBe(true);
      return fields;
    }
    async function forge(
      path: string,
      fields: Map<string, string>,
      values: [string, string][],
      cookie: string,
    ) {
      const body = new FormData();
      for (const [name, value] of fields) body.set(name, value);
      for (const [name, value] of values) body.append(name, value);
      const response = await fetch(`${app.url}${path}`, {
        method: "POST",
        headers: { origin: app.url, cookie: `faultline_session=${cookie}` },
        body,
        redirect: "manual",
      });
      await response.text();
      expect(response.status).toBeLessThan(500);
    }

    const invite = await adminForm("/settings/users", 'data-testid="invite-form"');
    const inviteValues = (email: string): [string, string][] => [
      ["email", email],
      ["method", "password"],
      ["password", "a forged password"],
      ["isAdmin", "on"],
      ["projectIds", teamB],
    ];
    await forge("/settings/users", invite, inviteValues("forged@example.test"), memberCookie);
    expect(await userRow("forged@example.test")).toBeUndefined();

    const save = await adminForm(`/settings/users/${memberId}`, 'data-testid="edit-user-form"');
    await forge(
      `/settings/users/${memberId}`,
      save,
      [
        ["isAdmin", "on"],
        ["projectIds", teamB],
      ],
      memberCookie,
    );
    expect(await userRow(MEMBER.email)).toMatchObject({ is_admin: false });

    const remove = await adminForm(`/settings/users/${adminId}`, 'name="confirm"');
    await forge(`/settings/users/${adminId}`, remove, [["confirm", "on"]], memberCookie);
    expect(await userRow(ADMIN.email)).toMatchObject({ is_admin: true });

    // The same forged Invite with the admin's session goes through: the refusal above was the check.
    await forge("/settings/users", invite, inviteValues("forged@example.test"), adminCookie);
    expect(await userRow("forged@example.test")).toMatchObject({ is_admin: true });
  });
});

describe("the invite page", () => {
  it("is open without a session; other pages are not", async () => {
    const invite = await fetch(`${app.url}/invite/${"y".repeat(43)}`, { redirect: "manual" });
    expect(invite.status).toBe(200);
    expect(await invite.text()).toContain("This link is not valid");
    const users = await fetch(`${app.url}/settings/users`, { redirect: "manual" });
    expect(users.status).toBe(307);
    expect(users.headers.get("location")).toMatch(/\/login\?next=%2Fsettings%2Fusers$/);
  });
});
