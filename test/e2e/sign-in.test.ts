import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey } from "../../lib/auth/keys";
import { createUser } from "../../lib/auth/users";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { launchBrowser, screenshot, signIn } from "../helpers/browser";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// Sign-in, sessions and per-project isolation, through the real app in real Chromium.

const ADMIN = { email: "admin@example.test", password: "correct horse battery" };
const MEMBER = { email: "member@example.test", password: "member password 123" };
let testDatabase: TestDatabase;
let app: AppServer;
let browser: Browser;

async function post(key: string, body: unknown) {
  const response = await fetch(`${app.url}/api/v1/calls`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  testDatabase = await createTestDatabase("sign_in");
  app = await startAppServer({
    DATABASE_URL: testDatabase.url,
    FAULTLINE_ADMIN_EMAIL: ADMIN.email,
    FAULTLINE_ADMIN_PASSWORD: ADMIN.password,
  });
  const { prisma } = testDatabase.database;
  const defaultKey = (await createKey(prisma, { project: "default" })).key;
  const teamKey = await createKey(prisma, { project: "team-a" });
  await createUser(prisma, { ...MEMBER, projectIds: [teamKey.projectId] });
  await post(defaultKey, {
    id: "default-secret",
    server: "vault",
    tool: "read",
    isError: false,
    text: "default project data",
  });
  await post(teamKey.key, { id: "a-1", server: "crm", tool: "lookup", isError: false, text: "team a data" });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await testDatabase?.drop();
});

describe("sign-in", () => {
  it("sends anyone without a session to the sign-in page, and the read API answers 401", async () => {
    const page = await fetch(`${app.url}/calls?range=7d`, { redirect: "manual" });
    expect(page.status).toBe(307);
    expect(page.headers.get("location")).toMatch(/\/login\?next=%2Fcalls%3Frange%3D7d$/);
    expect((await fetch(`${app.url}/api/v1/calls`)).status).toBe(401);
  });

  it("signs in with an HttpOnly SameSite=Lax session cookie that also reads the API, and signs out", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, app.url, ADMIN.email, ADMIN.password);
    const cookie = (await context.cookies()).find((candidate) => candidate.name === "faultline_session")!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false });
    expect(await page.locator('[data-testid="signed-in-as"]').textContent()).toBe(ADMIN.email);
    const api = await page.request.get(`${app.url}/api/v1/calls?limit=5`);
    expect(api.status()).toBe(200);

    await page.locator('[data-testid="sign-out"]').click();
    await page.waitForURL(/\/login/);
    const reused = await fetch(`${app.url}/api/v1/calls`, {
      headers: { cookie: `faultline_session=${cookie.value}` },
    });
    expect(reused.status).toBe(401);
    await context.close();
  });

  it("says when the password is wrong and slows down repeated failures", async () => {
    const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "203.0.113.9" } });
    const page = await context.newPage();
    await page.goto(`${app.url}/login`, { waitUntil: "networkidle" });
    await page.getByLabel("Email").fill(MEMBER.email);
    const attempt = async (password: string) => {
      // After a failure the form keeps the email: only the password is typed again.
      expect(await page.getByLabel("Email").inputValue()).toBe(MEMBER.email);
      await page.getByLabel("Password").fill(password);
      const answered = page.waitForResponse((response) => response.request().method() === "POST");
      await page.getByRole("button", { name: "Sign in" }).click();
      await answered;
      const error = page.locator('[data-testid="sign-in-error"]');
      await error.waitFor();
      await page.getByRole("button", { name: "Sign in" }).and(page.locator(":enabled")).waitFor();
      const text = (await error.textContent()) ?? "";
      return text;
    };
    expect(await attempt("wrong-1")).toBe("Wrong email or password.");
    expect(await attempt("wrong-2")).toBe("Wrong email or password.");
    expect(await attempt("wrong-3")).toBe("Wrong email or password.");
    // Now even the right password must wait.
    expect(await attempt(MEMBER.password)).toMatch(/^Too many failed sign-ins\. Try again in \d+ s\.$/);
    await context.close();
  });
});

describe("isolation", () => {
  it("a member sees only their projects: other projects' calls answer 404 in pages and the API", async () => {
    await new Promise((resolve) => setTimeout(resolve, 2_500)); // let the throttle from the previous test lapse
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, app.url, MEMBER.email, MEMBER.password);
    // Asking for the other project by cookie changes nothing: it is not visible to this user.
    await context.addCookies([{ name: "faultline_project", value: "default", url: app.url }]);
    await page.goto(`${app.url}/calls?range=7d`, { waitUntil: "networkidle" });
    const ids = await page
      .locator('[data-testid="call-row"]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-call-id")));
    expect(ids).toEqual(["a-1"]);
    // The page streams (status 200 is sent before the lookup), so assert what it shows: not found, no data.
    await page.goto(`${app.url}/calls/default-secret`, { waitUntil: "networkidle" });
    const shown = (await page.locator("body").textContent()) ?? "";
    expect(shown).toMatch(/could not be found/i);
    expect(shown).not.toContain("default project data");
    expect((await page.request.get(`${app.url}/api/v1/calls/default-secret`)).status()).toBe(404);
    expect((await page.request.get(`${app.url}/api/v1/calls/a-1`)).status()).toBe(200);
    // The overview counts only this user's project (team-a holds 1 call; default holds another).
    await page.goto(`${app.url}/`, { waitUntil: "networkidle" });
    expect(await page.locator('[data-testid="call-count"]').textContent()).toBe("1");
    await page.goto(`${app.url}/settings`, { waitUntil: "networkidle" });
    const settings = (await page.locator("main").textContent()) ?? "";
    expect(settings).toContain("team-a");
    expect(settings).not.toContain("default");
    await context.close();
  });
});

describe("project access through Settings", () => {
  it("a member who names a new project after an existing one is told it is taken, and gains nothing", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, app.url, MEMBER.email, MEMBER.password);
    await page.goto(`${app.url}/settings`, { waitUntil: "networkidle" });
    await page.getByLabel("New project").fill("default");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.getByText("The name default is taken. Choose another name.").waitFor();
    await screenshot(page, "settings-project-name-taken");
    await page.goto(`${app.url}/settings`, { waitUntil: "networkidle" });
    expect((await page.locator("main").textContent()) ?? "").not.toContain("default");
    expect((await page.request.get(`${app.url}/api/v1/calls/default-secret`)).status()).toBe(404);
    const { rows } = await testDatabase.database.pool.query(
      `SELECT 1 FROM project_members m JOIN projects p ON p.id = m.project_id JOIN users u ON u.id = m.user_id
        WHERE p.name = 'default' AND u.email = $1`,
      [MEMBER.email],
    );
    expect(rows).toEqual([]);
    await context.close();
  });

  it("forms tampered to name another project change nothing in it", async () => {
    const { pool } = testDatabase.database;
    const before = async () =>
      (
        await pool.query<{ state: string }>(
          `SELECT p.retention_days || ':' || (SELECT count(*) FROM api_keys k WHERE k.project_id = p.id) || ':' ||
                  (SELECT count(*) FROM api_keys k WHERE k.project_id = p.id AND k.revoked_at IS NOT NULL) AS state
             FROM projects p WHERE p.name = 'default'`,
        )
      ).rows[0]!.state;
    const untouched = await before();
    const defaultKeyId = (
      await pool.query<{ id: string }>(
        `SELECT k.id FROM api_keys k JOIN projects p ON p.id = k.project_id WHERE p.name = 'default' LIMIT 1`,
      )
    ).rows[0]!.id;
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, app.url, MEMBER.email, MEMBER.password);
    await page.goto(`${app.url}/settings`, { waitUntil: "networkidle" });
    // Create a key for "default" by editing the hidden field of the key form.
    const formWith = (button: string) =>
      page.locator("form", { has: page.getByRole("button", { name: button }) });
    await formWith("Create key")
      .locator("input[type=hidden][name=project]")
      .evaluate((input: HTMLInputElement) => (input.value = "default"));
    await page.getByRole("button", { name: "Create key" }).click();
    await page.getByText("No such project.").first().waitFor();
    // Retention is an admin's to set (lib/auth/retention.ts): a member has no form to tamper with.
    await page.goto(`${app.url}/settings`, { waitUntil: "networkidle" });
    await page.getByText(/Only an admin may change this/).waitFor();
    expect(await page.getByLabel("Keep calls for").count()).toBe(0);
    // Revoke one of "default"'s keys through the member's own Revoke form.
    await page.goto(`${app.url}/settings`, { waitUntil: "networkidle" });
    await page
      .locator("input[type=hidden][name=id]")
      .first()
      .evaluate((input: HTMLInputElement, id) => (input.value = id), defaultKeyId);
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.getByRole("button", { name: "Revoke" }).first().click(),
    ]);
    expect(await before()).toBe(untouched);
    await context.close();
  });
});

describe("keys in Settings", () => {
  it("a member cannot revoke an admin-scope key of their project, not even with a forged Revoke form", async () => {
    const { prisma, pool } = testDatabase.database;
    const adminId = (await prisma.user.findUniqueOrThrow({ where: { email: ADMIN.email } })).id;
    const teamA = await prisma.project.findUniqueOrThrow({ where: { name: "team-a" } });
    const alerts = await createKey(prisma, {
      projectId: teamA.id,
      scopes: ["admin"],
      name: "alerts",
      createdBy: adminId,
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, app.url, MEMBER.email, MEMBER.password);
    await page.goto(`${app.url}/settings`, { waitUntil: "networkidle" });
    const row = page.locator('[data-testid="key-row"]', { hasText: "alerts" });
    expect(await row.locator('[data-testid="key-creator"]').textContent()).toBe(ADMIN.email);
    expect(await row.getByRole("button", { name: "Revoke" }).count()).toBe(0);
    expect(await row.textContent()).toContain("only admins revoke");
    await screenshot(page, "settings-keys-member");
    // The Revoke form of a key the member may revoke, pointed at the admin's key.
    await page
      .locator("input[type=hidden][name=id]")
      .first()
      .evaluate((input: HTMLInputElement, id) => (input.value = id), alerts.id);
    // Wait for the action's answer itself: the page is already idle when the click is made.
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.getByRole("button", { name: "Revoke" }).first().click(),
    ]);
    const { rows } = await pool.query("SELECT revoked_at FROM api_keys WHERE id = $1", [alerts.id]);
    expect(rows[0].revoked_at).toBeNull();
    const rules = await fetch(`${app.url}/api/v1/alert-rules`, {
      headers: { authorization: `Bearer ${alerts.key}` },
    });
    expect(rules.status).toBe(200);
    await context.close();
  });
});

describe("cross-site requests", () => {
  it("refuses a mutation posted from another origin, even with the victim's session cookie", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, app.url, ADMIN.email, ADMIN.password);
    const session = (await context.cookies()).find((cookie) => cookie.name === "faultline_session")!.value;
    // The overview counts only this user's project (team-a holds 1 call; default holds another).
    await page.goto(`${app.url}/`, { waitUntil: "networkidle" });
    expect(await page.locator('[data-testid="call-count"]').textContent()).toBe("1");
    await page.goto(`${app.url}/settings`, { waitUntil: "networkidle" });
    const html = await page.content();
    // The "Revoke" forms' server action, as a forged form would name it.
    const revokeForms = [
      ...html.matchAll(/<form[^>]*>(?:(?!<\/form>)[\s\S])*?name="id"[\s\S]*?<\/form>/g),
    ].map((match) => match[0]);
    const actionField = [
      ...new Set(
        revokeForms.flatMap((form) =>
          [...form.matchAll(/name="(\$ACTION_ID_[0-9a-f]+)"/g)].map((match) => match[1]!),
        ),
      ),
    ];
    expect(actionField).toHaveLength(1);

    const { rows } = await testDatabase.database.pool.query<{ id: string }>(
      `SELECT k.id FROM api_keys k JOIN projects p ON p.id = k.project_id WHERE p.name = 'default' AND k.revoked_at IS NULL LIMIT 1`,
    );
    const keyId = rows[0]!.id;
    // A forged "Revoke" form: the plain server-action forms on the page carry $ACTION_ID_ fields.
    const forge = async (origin: string) => {
      const statuses: number[] = [];
      for (const field of actionField) {
        const form = new FormData();
        form.set(field, "");
        form.set("id", keyId);
        const response = await fetch(`${app.url}/settings`, {
          method: "POST",
          headers: { origin, cookie: `faultline_session=${session}` },
          body: form,
          redirect: "manual",
        });
        await response.text();
        statuses.push(response.status);
      }
      return statuses;
    };
    const revoked = async () =>
      (await testDatabase.database.pool.query("SELECT revoked_at FROM api_keys WHERE id = $1", [keyId]))
        .rows[0].revoked_at !== null;

    // Refused as forbidden (it was a 500 from Next.js's own check), from any other origin.
    for (const origin of [
      "http://evil.example",
      "null",
      new URL(app.url).origin.replace("127.0.0.1", "localhost"),
    ]) {
      expect(await forge(origin), origin).toEqual([403]);
    }
    expect(await revoked()).toBe(false);
    // The same request from the app's own origin goes through: the origin check is what stopped it.
    expect((await forge(new URL(app.url).origin))[0]).toBeLessThan(400);
    expect(await revoked()).toBe(true);
    await context.close();
  });
});
