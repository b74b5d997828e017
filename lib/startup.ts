import { createFirstKeyIfNone, ensureInitKey } from "./auth/keys";
import { ensureFirstAdmin } from "./auth/users";
import { db } from "./db";
import { getEnv } from "./env";
import { scheduleMaintenance } from "./ingest/maintenance";

/** Runs once per process before the first request: database up and migrated, upkeep scheduled, a first admin and a key. */
export async function startup(): Promise<void> {
  const env = getEnv();
  const database = await db();
  scheduleMaintenance(database.pool);
  const admin = await ensureFirstAdmin(database.prisma, {
    email: env.FAULTLINE_ADMIN_EMAIL,
    password: env.FAULTLINE_ADMIN_PASSWORD,
  });
  if (admin) {
    console.log(
      `[faultline] first run: sign in to the dashboard as ${admin.email} with password (shown once, store it now):\n\n    ${admin.password}\n`,
    );
  }
  if (env.FAULTLINE_INIT_INGEST_KEY) {
    await ensureInitKey(database.prisma, env.FAULTLINE_INIT_INGEST_KEY);
    return;
  }
  const firstKey = await createFirstKeyIfNone(database.prisma);
  if (firstKey) {
    console.log(
      `[faultline] first run: created a key for project "default" with scopes ingest,read (shown once, store it now):\n\n    ${firstKey}\n`,
    );
  }
}
