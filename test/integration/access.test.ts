import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accessibleProject,
  createProject,
  PROJECT_PAGE_SIZE,
  projectPage,
  shownProject,
  type Viewer,
} from "../../lib/auth/access";
import { createKey } from "../../lib/auth/keys";
import { createUser } from "../../lib/auth/users";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// Who may see and change which project — the one rule pages, actions and the API share.

let testDatabase: TestDatabase;
let admin: Viewer;
let member: Viewer;
let outsider: Viewer;
let teamId: string;

beforeAll(async () => {
  testDatabase = await createTestDatabase("access");
  const { prisma } = testDatabase.database;
  await createKey(prisma, { project: "default" });
  teamId = (await createKey(prisma, { project: "team" })).projectId;
  admin = await createUser(prisma, {
    email: "admin@example.test",
    password: "admin password 1",
    isAdmin: true,
  });
  member = await createUser(prisma, {
    email: "m@example.test",
    password: "member password 1",
    projectIds: [teamId],
  });
  outsider = await createUser(prisma, { email: "o@example.test", password: "outsider pass 1" });
});
afterAll(async () => testDatabase?.drop());

const names = (projects: { name: string }[]) => projects.map((project) => project.name);

describe("project access", () => {
  it("an admin sees every project; a member only theirs; an outsider none", async () => {
    const { pool } = testDatabase.database;
    expect(names((await projectPage(pool, admin)).projects)).toEqual(["default", "team"]);
    expect(names((await projectPage(pool, member)).projects)).toEqual(["team"]);
    expect((await projectPage(pool, outsider)).projects).toEqual([]);
    expect(await accessibleProject(pool, member, { name: "default" })).toBeNull();
    expect(await accessibleProject(pool, member, { id: teamId })).toMatchObject({ name: "team" });
    expect(await accessibleProject(pool, member, { id: "not-a-uuid" })).toBeNull();
    expect(await shownProject(pool, member, "default")).toMatchObject({ name: "team" });
    expect(await shownProject(pool, outsider, undefined)).toBeNull();
  });

  it("creating a project with a name in use is refused and grants nothing, whoever owns it", async () => {
    const { pool, prisma } = testDatabase.database;
    const membersBefore = await prisma.projectMember.count();
    for (const taken of ["default", "team"]) {
      expect(await createProject(prisma, outsider, taken)).toEqual({ created: false, reason: "taken" });
      expect(await createProject(prisma, member, taken)).toEqual({ created: false, reason: "taken" });
    }
    expect(await prisma.projectMember.count()).toBe(membersBefore);
    expect((await projectPage(pool, outsider)).projects).toEqual([]);
    expect(names((await projectPage(pool, member)).projects)).toEqual(["team"]);
  });

  it("a new name creates a new project whose creator is its only member", async () => {
    const { pool, prisma } = testDatabase.database;
    const result = await createProject(prisma, outsider, "outsiders-own");
    expect(result).toMatchObject({ created: true, project: { name: "outsiders-own", retentionDays: 30 } });
    expect(names((await projectPage(pool, outsider)).projects)).toEqual(["outsiders-own"]);
    expect(names((await projectPage(pool, member)).projects)).toEqual(["team"]);
    // Two creators racing for one name: exactly one gets it.
    const race = await Promise.all([
      createProject(prisma, member, "contested"),
      createProject(prisma, outsider, "contested"),
    ]);
    expect(race.filter((attempt) => attempt.created)).toHaveLength(1);
  });
});

describe("creating projects is limited", () => {
  const limits = { perUserPerHour: 3, max: 1_000 };

  it("a member creates at most N an hour, even all at once; an admin is not held to it", async () => {
    const { prisma } = testDatabase.database;
    const creator = await createUser(prisma, { email: "creator@example.test", password: "creator pass 12" });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) => createProject(prisma, creator, `burst-${index}`, limits)),
    );
    expect(results.filter((result) => result.created)).toHaveLength(3);
    const refused = results.find((result) => !result.created);
    expect(refused).toMatchObject({ created: false, reason: "rate_limited", perHour: 3 });
    const wait = (refused as { retryAfterMs: number }).retryAfterMs;
    expect(wait).toBeGreaterThan(59 * 60_000);
    expect(wait).toBeLessThanOrEqual(3_600_000);
    expect(await prisma.project.count({ where: { createdBy: creator.id } })).toBe(3);
    // An hour later they may create again.
    await testDatabase.database.pool.query(
      `UPDATE projects SET created_at = created_at - interval '61 minutes' WHERE created_by = $1`,
      [creator.id],
    );
    expect(await createProject(prisma, creator, "next-hour", limits)).toMatchObject({ created: true });
    // 0 an hour: only admins create projects.
    expect(await createProject(prisma, creator, "never", { ...limits, perUserPerHour: 0 })).toMatchObject({
      reason: "rate_limited",
    });
    for (let index = 0; index < 5; index++) {
      expect(await createProject(prisma, admin, `admin-${index}`, limits)).toMatchObject({ created: true });
    }
  });

  it("nobody creates one past the instance's total", async () => {
    const { prisma } = testDatabase.database;
    const total = await prisma.project.count();
    const capped = { perUserPerHour: 100, max: total + 1 };
    expect(await createProject(prisma, admin, "the-last", capped)).toMatchObject({ created: true });
    expect(await createProject(prisma, admin, "one-too-many", capped)).toEqual({
      created: false,
      reason: "full",
      max: total + 1,
    });
    expect(await createProject(prisma, outsider, "one-too-many", capped)).toMatchObject({ reason: "full" });
  });
});

describe("listing projects", () => {
  it("pages by name and searches, never more than a page at once, and only what the viewer may see", async () => {
    const { pool, prisma } = testDatabase.database;
    await pool.query(
      `INSERT INTO projects (id, name) SELECT gen_random_uuid(), 'page-' || lpad(i::text, 3, '0') FROM generate_series(0, 119) i`,
    );
    const total = await prisma.project.count();
    const first = await projectPage(pool, admin);
    expect(first.projects).toHaveLength(PROJECT_PAGE_SIZE);
    expect(first.total).toBe(total);
    const second = await projectPage(pool, admin, { after: first.nextCursor! });
    expect(second.projects[0]!.name > first.projects.at(-1)!.name).toBe(true);
    const searched = await projectPage(pool, admin, { search: "PAGE-11" });
    expect(names(searched.projects)).toEqual(Array.from({ length: 10 }, (_, index) => `page-11${index}`));
    expect(searched).toMatchObject({ total: 10, nextCursor: null });
    expect(await projectPage(pool, member, { search: "page-" })).toEqual({
      projects: [],
      total: 0,
      nextCursor: null,
    });
    // The shown project: the chosen one, else default, else the oldest — one the viewer may see.
    expect(await shownProject(pool, admin, "page-042")).toMatchObject({ name: "page-042" });
    expect(await shownProject(pool, admin, "no-such")).toMatchObject({ name: "default" });
    expect(await shownProject(pool, member, "page-042")).toMatchObject({ name: "team" });
  });
});
