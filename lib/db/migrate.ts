import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Pool } from "pg";
import { LOCKS, withAdvisoryLock } from "./lock";

// Applies prisma/migrations/<ts>_<name>/migration.sql in order and keeps Prisma's own
// `_prisma_migrations` bookkeeping, so `prisma migrate deploy` (where Prisma's engine
// exists) sees the database as up to date. Each migration runs in a transaction: a
// failure leaves nothing applied and its row marked rolled back, with the error in logs.

// Resolved at run time from the working directory (the app root), not traced by the bundler.
export const DEFAULT_MIGRATIONS_DIR = path.join(
  /* turbopackIgnore: true */ process.cwd(),
  "prisma",
  "migrations",
);

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir: string = DEFAULT_MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const bytes = readFileSync(path.join(dir, name, "migration.sql"));
      return {
        name,
        sql: bytes.toString("utf8"),
        checksum: createHash("sha256").update(bytes).digest("hex"),
      };
    });
}

export class MigrationError extends Error {
  override name = "MigrationError";
}

export async function applyMigrations(
  pool: Pool,
  migrations: MigrationFile[] = readMigrations(),
): Promise<{ applied: string[] }> {
  return withAdvisoryLock(pool, LOCKS.migrate, async (client) => {
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`);
    const { rows } = await client.query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      rolled_back_at: Date | null;
    }>(`SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`);

    const unfinished = rows.find((row) => row.finished_at === null && row.rolled_back_at === null);
    if (unfinished) {
      throw new MigrationError(
        `Migration ${unfinished.migration_name} started but never finished; resolve it (e.g. \`prisma migrate resolve\`) before starting Faultline.`,
      );
    }
    const finished = new Map(
      rows.filter((row) => row.finished_at !== null).map((row) => [row.migration_name, row]),
    );

    const applied: string[] = [];
    for (const migration of migrations) {
      const done = finished.get(migration.name);
      if (done) {
        if (done.checksum !== migration.checksum) {
          console.warn(
            `[faultline] migration ${migration.name} was edited after it was applied (checksum differs)`,
          );
        }
        continue;
      }
      const id = randomUUID();
      await client.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`,
        [id, migration.checksum, migration.name],
      );
      try {
        await client.query("BEGIN");
        await client.query(migration.sql);
        await client.query(
          `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
          [id],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        await client.query(
          `UPDATE "_prisma_migrations" SET logs = $2, rolled_back_at = now() WHERE id = $1`,
          [id, String(error)],
        );
        throw new MigrationError(`Migration ${migration.name} failed: ${String(error)}`);
      }
      applied.push(migration.name);
    }
    return { applied };
  });
}
