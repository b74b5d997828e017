import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../lib/db/embedded";
import { parseEnv } from "../../lib/env";

// Integration tests run against a real PostgreSQL: the one at DATABASE_URL when set (CI:
// the machine's server), else an embedded one started here for the run. Each test file
// then creates its own database on it (test/helpers/test-database.ts).

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const configured = parseEnv(process.env).DATABASE_URL;
  if (configured) {
    project.provide("adminDatabaseUrl", configured);
    return;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "faultline-test-pg-"));
  const port = 55_000 + Math.floor(Math.random() * 5_000);
  const embedded = await startEmbeddedPostgres({ dataDir, port, database: "postgres" });
  project.provide("adminDatabaseUrl", embedded.url);
  return async () => {
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
