import { PrismaPg } from "@prisma/adapter-pg";
import { Pool } from "pg";
import { PrismaClient } from "./generated/client.ts";

export interface Database {
  /** Raw SQL for the hot paths (batch ingest, rollups, keyset lists). */
  pool: Pool;
  /** Prisma for everything else; shares the pool. */
  prisma: PrismaClient;
  close(): Promise<void>;
}

export function connect(url: string, poolSize = 10): Database {
  const pool = new Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its server (PostgreSQL restarted) must not crash the process;
  // the pool drops it and the next query reconnects.
  pool.on("error", (error) => console.error("[faultline] idle database connection lost:", error.message));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    pool,
    prisma,
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => {});
    },
  };
}
