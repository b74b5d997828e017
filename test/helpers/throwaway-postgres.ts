import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { connect, type Database } from "../../lib/db/connect";
import { startEmbeddedPostgres } from "../../lib/db/embedded";
import { applyMigrations } from "../../lib/db/migrate";

// A PostgreSQL server of its own, from the embedded binaries, for a test that may hurt the whole
// server (its shared lock table, its catalog): never the machine's server other databases live on.

export interface ThrowawayPostgres {
  database: Database;
  url: string;
  stop(): Promise<void>;
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "faultline-throwaway-pg-"));
  const port = 50_000 + Math.floor(Math.random() * 5_000);
  const embedded = await startEmbeddedPostgres({ dataDir, port, database: "faultline" });
  const database = connect(embedded.url, { write: 5, read: 3, readTimeoutMs: 30_000 });
  await applyMigrations(database.pool);
  return {
    database,
    url: embedded.url,
    stop: async () => {
      await database.close();
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(embedded.dataDir, { recursive: true, force: true });
    },
  };
}
