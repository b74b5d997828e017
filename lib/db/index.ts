import { ConfigError, getEnv } from "../env";
import { connect, type Database } from "./connect";
import { startEmbeddedPostgres } from "./embedded";
import { applyMigrations } from "./migrate";

const DEFAULT_DATA_DIR = ".data";
/** Unset FAULTLINE_EMBEDDED_PG_PORT: this one, or a free one when it is taken. */
const DEFAULT_EMBEDDED_PORT = 54329;

export type { Database } from "./connect";

// Next.js loads instrumentation and route handlers as separate module graphs, so the
// process-wide database lives on globalThis: whoever asks first starts it, everyone
// else awaits the same promise.
const holder = globalThis as typeof globalThis & { __faultlineDb?: Promise<Database> };

export function db(): Promise<Database> {
  holder.__faultlineDb ??= open().catch((error: unknown) => {
    holder.__faultlineDb = undefined;
    throw error;
  });
  return holder.__faultlineDb;
}

async function open(): Promise<Database> {
  const env = getEnv();
  let url = env.DATABASE_URL;
  if (!url) {
    const embedded = await startEmbeddedPostgres({
      dataDir: env.FAULTLINE_DATA_DIR ?? DEFAULT_DATA_DIR,
      movable: env.FAULTLINE_DATA_DIR === undefined,
      port: env.FAULTLINE_EMBEDDED_PG_PORT ?? DEFAULT_EMBEDDED_PORT,
      portChosen: env.FAULTLINE_EMBEDDED_PG_PORT !== undefined,
    });
    url = embedded.url;
    if (embedded.portNote) console.log(`[faultline] ${embedded.portNote}`);
    console.log(`[faultline] embedded PostgreSQL on 127.0.0.1:${embedded.port}, data in ${embedded.dataDir}`);
  }
  const replicaUrl = env.FAULTLINE_READ_DATABASE_URL;
  if (replicaUrl && !env.DATABASE_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  FAULTLINE_READ_DATABASE_URL: needs DATABASE_URL (a replica of the embedded PostgreSQL is not supported)",
    );
  }
  const database = connect(
    url,
    {
      write: env.FAULTLINE_DB_POOL_SIZE,
      read: env.FAULTLINE_DB_READ_POOL_SIZE,
      readTimeoutMs: env.FAULTLINE_READ_TIMEOUT_MS,
    },
    replicaUrl ? { url: replicaUrl, maxLagSeconds: env.FAULTLINE_READ_REPLICA_MAX_LAG_SECONDS } : undefined,
  );
  const { applied } = await applyMigrations(database.pool);
  if (applied.length > 0) console.log(`[faultline] applied migrations: ${applied.join(", ")}`);
  await database.replica?.monitor.firstCheck;
  return database;
}
