import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accessibleProject,
  accessibleProjects,
  createProject,
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
    expect(names(await accessibleProjects(pool, admin))).toEqual(["default", "team"]);
    expect(names(await accessibleProjects(pool, member))).toEqual(["team"]);
    expect(await accessibleProjects(pool, outsider)).toEqual([]);
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
    expect(await accessibleProjects(pool, outsider)).toEqual([]);
    expect(names(await accessibleProjects(pool, member))).toEqual(["team"]);
  });

  it("a new name creates a new project whose creator is its only member", async () => {
    const { pool, prisma } = testDatabase.database;
    const result = await createProject(prisma, outsider, "outsiders-own");
    expect(result).toMatchObject({ created: true, project: { name: "outsiders-own", retentionDays: 30 } });
    expect(names(await accessibleProjects(pool, outsider))).toEqual(["outsiders-own"]);
    expect(names(await accessibleProjects(pool, member))).toEqual(["team"]);
    // Two creators racing for one name: exactly one gets it.
    const race = await Promise.all([
      createProject(prisma, member, "contested"),
      createProject(prisma, outsider, "contested"),
    ]);
    expect(race.filter((attempt) => attempt.created)).toHaveLength(1);
  });
});
