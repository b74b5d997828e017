import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { connect, type Database } from "../../lib/db/connect";
import { applyMigrations } from "../../lib/db/migrate";

// A fresh, migrated database per test file, dropped afterwards. Refuses to touch any
// database whose name does not mark it as a test database.

export interface TestDatabase {
  url: string;
  name: string;
  database: Database;
  drop(): Promise<void>;
}

export function testDatabaseUrl(label: string): { url: string; name: string; adminUrl: string } {
  const adminUrl = inject("adminDatabaseUrl");
  const name = `faultline_test_${label.replace(/[^a-z0-9]+/gi, "_").toLowerCase()}_${randomBytes(4).toString("hex")}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, adminUrl };
}

export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const { url, name, adminUrl } = testDatabaseUrl(label);
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const database = connect(url, { write: 5, read: 3, readTimeoutMs: 10_000 });
  await applyMigrations(database.pool);
  return {
    url,
    name,
    database,
    drop: async () => {
      await database.close();
      await dropTestDatabase(adminUrl, name);
    },
  };
}

/**
 * A second pool on a test database, as another instance would hold one. pg-pool's end() resolves once
 * its clients are asked to end, not once their sockets close; a database dropped right after (the
 * file's afterAll drops it WITH (FORCE)) terminates a client still closing, and a pool with no "error"
 * listener then throws it as an uncaught exception. Expected there, so listened to.
 */
export function otherPool(url: string, max: number): pg.Pool {
  const other = new pg.Pool({ connectionString: url, max });
  other.on("error", () => {});
  return other;
}

export async function dropTestDatabase(adminUrl: string, name: string): Promise<void> {
  if (!name.startsWith("faultline_test_")) throw new Error(`refusing to drop non-test database ${name}`);
  await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
