import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_PAGE_SIZE } from "../../lib/auth/access";
import { createUser } from "../../lib/auth/users";
import { launchBrowser, screenshot, signIn } from "../helpers/browser";
import { startDashboardApp, type DashboardApp } from "../helpers/dashboard-app";
import { signInByForm } from "../helpers/forms";

// An instance with thousands of projects, and a member of all of them: no page that lists
// projects — Settings (the project picker), Users, a user's page with their memberships — may
// grow with their number. Each page is fetched as its HTML (the RSC payload rides inside it)
// with one project, with 2,000 and with 4,000.

const ADMIN = { email: "admin@example.test", password: "correct horse battery" };
const MEMBER = { email: "member@example.test", password: "member password 123" };
const BATCH = 2_000;
/** Every project once both batches are in, "default" included. */
const TOTAL = 2 * BATCH + 1;
/** What a page may grow by from one project to 2,000: a page of names, not 2,000. */
const ONE_PAGE_BYTES = 60_000;
/** …and from 2,000 to 4,000: nothing but wider counts. */
const NO_GROWTH_BYTES = 1_000;

let dashboard: DashboardApp;
let browser: Browser;
let memberId: string;
const cookies: Record<"admin" | "member", string> = { admin: "", member: "" };

async function pageBytes(path: string, who: "admin" | "member"): Promise<number> {
  const response = await fetch(`${dashboard.app.url}${path}`, {
    headers: { cookie: `faultline_session=${cookies[who]}` },
  });
  expect(response.status, path).toBe(200);
  return Buffer.byteLength(await response.text());
}

const pages = (): [string, "admin" | "member"][] => [
  ["/settings", "admin"],
  ["/settings", "member"],
  ["/settings/users", "admin"],
  [`/settings/users/${memberId}`, "admin"],
  ["/settings/alerts", "admin"],
  ["/", "member"],
];

beforeAll(async () => {
  dashboard = await startDashboardApp("many_projects", {
    key: "flk_many_projects_0000000000000000",
    admin: ADMIN,
  });
  const { prisma } = dashboard.database.database;
  memberId = (await createUser(prisma, MEMBER)).id;
  for (const who of ["admin", "member"] as const) {
    const user = who === "admin" ? ADMIN : MEMBER;
    cookies[who] = (await signInByForm(dashboard.app.url, user.email, user.password)).cookie!;
  }
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await dashboard?.stop();
});

/** Adds `BATCH` projects after the `done` already added, with the member in each. */
async function addProjects(done: number): Promise<void> {
  const { pool } = dashboard.database.database;
  await pool.query(
    `INSERT INTO projects (id, name)
     SELECT gen_random_uuid(), 'project-' || lpad(i::text, 4, '0') FROM generate_series($1::int + 1, $1::int + $2::int) i`,
    [done, BATCH],
  );
  await pool.query(
    `INSERT INTO project_members (project_id, user_id)
     SELECT id, $1 FROM projects WHERE name LIKE 'project-%' ON CONFLICT DO NOTHING`,
    [memberId],
  );
}

async function allSizes(): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const [path, who] of pages()) {
    sizes.set(`${who} ${path.replace(memberId, "<member>")}`, await pageBytes(path, who));
  }
  return sizes;
}

describe("thousands of projects", () => {
  it("no page that lists projects grows with their number", async () => {
    const few = await allSizes();
    await addProjects(0);
    const some = await allSizes();
    await addProjects(BATCH);
    const many = await allSizes();
    const report = [...few.keys()].map(
      (label) => `${label}: ${few.get(label)} → ${some.get(label)} → ${many.get(label)} bytes`,
    );
    console.log(`page sizes at 1 → ${BATCH} → ${2 * BATCH} projects:\n  ${report.join("\n  ")}`);
    for (const label of few.keys()) {
      expect
        .soft(some.get(label)! - few.get(label)!, `${label}: 1 → ${BATCH} projects`)
        .toBeLessThan(ONE_PAGE_BYTES);
      expect
        .soft(many.get(label)! - some.get(label)!, `${label}: ${BATCH} → ${2 * BATCH} projects`)
        .toBeLessThan(NO_GROWTH_BYTES);
    }
  });

  it("Settings pages through the projects and finds one by name", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, dashboard.app.url, ADMIN.email, ADMIN.password);
    await page.goto(`${dashboard.app.url}/settings`, { waitUntil: "networkidle" });
    const projects = page.locator('[data-testid="project-row"]');
    expect(await projects.count()).toBe(PROJECT_PAGE_SIZE);
    expect(await page.locator('[data-testid="pager-summary"]').textContent()).toBe(
      `${PROJECT_PAGE_SIZE} of ${TOTAL.toLocaleString("en-US")} projects`,
    );
    await screenshot(page, "settings-many-projects");
    await page.getByTestId("next-page").click();
    await page.waitForURL(/cursor=/, { waitUntil: "networkidle" });
    // The first page held "default" and project-0001…0024.
    expect(await projects.first().textContent()).toContain(`project-00${PROJECT_PAGE_SIZE}`);
    await page.getByLabel("Find a project").fill("project-1234");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/q=project-1234/, { waitUntil: "networkidle" });
    expect(await projects.count()).toBe(1);
    await projects.getByRole("button", { name: "Show this project" }).click();
    await page.getByText("Keys of project-1234").waitFor();
    await context.close();
  });

  it("a user's projects are chosen by typed name, their memberships paged", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, dashboard.app.url, ADMIN.email, ADMIN.password);
    await page.goto(`${dashboard.app.url}/settings/users/${memberId}`, { waitUntil: "networkidle" });
    expect(await page.getByRole("checkbox", { name: /^project-/ }).count()).toBe(PROJECT_PAGE_SIZE);
    await screenshot(page, "user-many-projects");
    // Untick one shown membership, add another by name, which the member then lacks and has.
    await page.getByRole("checkbox", { name: "project-0001", exact: true }).uncheck();
    await page.getByLabel("Add to projects").fill("default");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Saved. It applies from their next page.").waitFor();
    const { rows } = await dashboard.database.database.pool.query<{ name: string }>(
      `SELECT p.name FROM project_members m JOIN projects p ON p.id = m.project_id WHERE m.user_id = $1`,
      [memberId],
    );
    const names = new Set(rows.map((row) => row.name));
    expect(names.has("project-0001")).toBe(false);
    expect(names.has("default")).toBe(true);
    expect(names.size).toBe(TOTAL - 1);
    // A name that is no project is refused by name, and nothing changes.
    await page.getByLabel("Add to projects").fill("project-0002, nope-1, nope-2");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("No project is named nope-1, nope-2.").waitFor();
    // Inviting: the projects are typed too.
    await page.goto(`${dashboard.app.url}/settings/users`, { waitUntil: "networkidle" });
    await page.getByLabel("Email").fill("typed@example.test");
    await page.getByLabel("Projects (names, comma-separated)").fill("project-0007, project-3999");
    await screenshot(page, "users-many-projects");
    await page.getByRole("button", { name: "Invite" }).click();
    await page.locator('[data-testid="one-time-link"]').waitFor();
    const { rows: invited } = await dashboard.database.database.pool.query<{ name: string }>(
      `SELECT p.name FROM project_members m JOIN projects p ON p.id = m.project_id
         JOIN users u ON u.id = m.user_id WHERE u.email = 'typed@example.test' ORDER BY p.name`,
    );
    expect(invited.map((row) => row.name)).toEqual(["project-0007", "project-3999"]);
    await context.close();
  });
});
