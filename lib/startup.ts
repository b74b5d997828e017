import { scheduleAlerts } from "./alerts/scheduler";
import { createFirstKeyIfNone, ensureInitKey } from "./auth/keys";
import { ensureFirstAdmin } from "./auth/users";
import { db, type Database } from "./db";
import { LOCKS, withAdvisoryLock } from "./db/lock";
import { EmbeddedStartError } from "./db/embedded";
import { ConfigError, getEnv } from "./env";
import { scheduleFolds } from "./ingest/folder";
import { scheduleProbes } from "./probes/scheduler";
import { scheduleMaintenance } from "./upkeep";

// The server entry and Next.js's instrumentation both ask for startup, from separate module
// graphs: it runs once per process, and the second caller awaits the first one's run.
const holder = globalThis as typeof globalThis & { __faultlineStartup?: Promise<void> };

/** Runs once per process before the first request: database up and migrated, upkeep and alerts scheduled, a first admin and a key. */
export function startup(): Promise<void> {
  holder.__faultlineStartup ??= runStartup().catch((error: unknown) => {
    holder.__faultlineStartup = undefined;
    throw error;
  });
  return holder.__faultlineStartup;
}

async function runStartup(): Promise<void> {
  const database = await db();
  scheduleMaintenance(database.pool);
  scheduleFolds(database.pool);
  scheduleAlerts(database.pool);
  if (getEnv().FAULTLINE_PROBES) scheduleProbes(database.pool);
  // Several instances may start at once on one database: one seeds, the others then find it done.
  const { admin, firstKey } = await withAdvisoryLock(database.pool, LOCKS.seed, () => seed(database.prisma));
  if (admin.kind === "generated") {
    console.log(
      `[faultline] first run: sign in to the dashboard as ${admin.email} with password (shown once, store it now):\n\n    ${admin.password}\n`,
    );
  } else if (admin.kind === "exists") {
    console.log(
      `[faultline] FAULTLINE_ADMIN_EMAIL names an existing user (${admin.email}): their password is left as it is; to set it, run npm run users -- reset-password ${admin.email}`,
    );
  }
  await warnRetentionAboveMaximum(database);
  if (firstKey) {
    console.log(
      `[faultline] first run: created a key for project "default" with scopes ingest,read (shown once, store it now):\n\n    ${firstKey}\n`,
    );
  }
}

/** Names the projects keeping calls longer than FAULTLINE_MAX_RETENTION_DAYS (set before it): kept, but worth a look. */
async function warnRetentionAboveMaximum(database: Database): Promise<void> {
  const max = getEnv().FAULTLINE_MAX_RETENTION_DAYS;
  const { rows } = await database.pool.query<{ name: string; days: number }>(
    `SELECT name, retention_days AS days FROM projects WHERE retention_days > $1 ORDER BY retention_days DESC LIMIT 20`,
    [max],
  );
  if (rows.length === 0) return;
  console.warn(
    `[faultline] ${rows.map((row) => `project "${row.name}" keeps ${row.days} days`).join(", ")}: more than ` +
      `FAULTLINE_MAX_RETENTION_DAYS (${max}). Kept as set (nothing is deleted early); each day is a partition of calls ` +
      `every query reaching back locks, so lower it in Settings or raise FAULTLINE_MAX_RETENTION_DAYS with max_locks_per_transaction.`,
  );
}

async function seed(prisma: Database["prisma"]) {
  const env = getEnv();
  const admin = await ensureFirstAdmin(prisma, {
    email: env.FAULTLINE_ADMIN_EMAIL,
    password: env.FAULTLINE_ADMIN_PASSWORD,
  });
  if (env.FAULTLINE_INIT_INGEST_KEY) {
    await ensureInitKey(prisma, env.FAULTLINE_INIT_INGEST_KEY);
    return { admin, firstKey: undefined };
  }
  return { admin, firstKey: await createFirstKeyIfNone(prisma) };
}

/**
 * startup(), or — when it fails — one line saying why, and exit: a server that cannot reach
 * its database must not sit there accepting requests it will never answer.
 */
export async function startOrExit(): Promise<void> {
  try {
    await startup();
  } catch (error) {
    console.error(`[faultline] cannot start: ${startupFailure(error)}`);
    process.exit(1);
  }
}

/** One line saying why startup failed and, where we know them, the fixes. */
export function startupFailure(error: unknown): string {
  if (error instanceof EmbeddedStartError || error instanceof ConfigError)
    return error.message.replace(/\s*\n\s*/g, "; ");
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split("\n").find((line) => line.trim() !== "") ?? message;
  const target = getEnv().DATABASE_URL ? "the PostgreSQL server at DATABASE_URL" : "the embedded PostgreSQL";
  return `${first.trim()} (while connecting to and migrating ${target}); check that it is running and reachable, then start again`;
}
