import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProject } from "../../lib/auth/access";
import { authenticate } from "../../lib/auth/keys";
import { createUser } from "../../lib/auth/users";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// The operator's `npm run keys -- create`, run as the operator runs it. A project name a
// dashboard user took first must not silently receive the operator's key.

const run = promisify(execFile);
let testDatabase: TestDatabase;

async function keys(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "scripts/keys.ts", ...args], {
      env: { ...process.env, DATABASE_URL: testDatabase.url },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const keyIn = (stdout: string) => /flk_[A-Za-z0-9_-]+/.exec(stdout)?.[0];

beforeAll(async () => {
  testDatabase = await createTestDatabase("keys_cli");
  const { prisma } = testDatabase.database;
  const bob = await createUser(prisma, { email: "bob@example.test", password: "bob password 1" });
  const created = await createProject(prisma, bob, "payments");
  expect(created.created).toBe(true);
});
afterAll(async () => testDatabase?.drop());

describe("npm run keys -- create", () => {
  it("refuses a project someone else already created, naming its members", async () => {
    const result = await keys("create", "--project", "payments", "--scopes", "ingest");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('project "payments" already exists');
    expect(result.stderr).toContain("bob@example.test");
    expect(result.stderr).toContain("--existing");
    expect(keyIn(result.stdout)).toBeUndefined();
    expect(await testDatabase.database.prisma.apiKey.count()).toBe(0);
  });

  it("joins it when the operator says --existing", async () => {
    const result = await keys("create", "--project", "payments", "--existing", "--scopes", "ingest");
    expect(result.code).toBe(0);
    const key = keyIn(result.stdout)!;
    const { prisma } = testDatabase.database;
    const payments = await prisma.project.findUniqueOrThrow({ where: { name: "payments" } });
    expect((await authenticate(testDatabase.database.pool, key, "ingest")).projectId).toBe(payments.id);
  });

  it("creates a free name as a new project, and the default project needs no flag", async () => {
    const fresh = await keys("create", "--project", "billing");
    expect(fresh.code).toBe(0);
    expect(fresh.stdout).toContain('new project "billing"');
    const again = await keys("create", "--project", "billing");
    expect(again.code).toBe(1);
    expect((await keys("create")).code).toBe(0);
    expect((await keys("create")).code).toBe(0);
  });
});
