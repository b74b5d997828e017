import { PrismaPg } from "@prisma/adapter-pg";
import { Pool } from "pg";
import { PrismaClient } from "./generated/client.ts";

/** What the read side needs of a pool: queries (a whole pool, or one limited per user). */
export type Queryable = Pick<Pool, "query">;

export interface Database {
  /** Raw SQL for writes and the ingest path (batch ingest, rollups, upkeep), and auth and settings through Prisma. */
  pool: Pool;
  /**
   * Reads for the dashboard and the read API: a pool of its own, so a flood of expensive
   * reads can never take the connections ingest needs, and every statement on it is
   * cancelled after the read timeout.
   */
  reads: Pool;
  /** Prisma for everything else; shares `pool`. */
  prisma: PrismaClient;
  close(): Promise<void>;
}

export interface PoolSizes {
  /** Connections for writes, auth and settings. */
  write: number;
  /** Connections for reads. */
  read: number;
  /** Milliseconds after which a read statement is cancelled. */
  readTimeoutMs: number;
}

export const DEFAULT_POOL_SIZES: PoolSizes = { write: 10, read: 8, readTimeoutMs: 10_000 };

function pool(url: string, max: number, extra: { statement_timeout?: number; options?: string } = {}): Pool {
  const created = new Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    ...extra,
  });
  // An idle client losing its server (PostgreSQL restarted) must not crash the process;
  // the pool drops it and the next query reconnects.
  created.on("error", (error) => console.error("[faultline] idle database connection lost:", error.message));
  return created;
}

export function connect(url: string, sizes: PoolSizes = DEFAULT_POOL_SIZES): Database {
  const writes = pool(url, sizes.write);
  // Dashboard queries aggregate tens of thousands of rollup rows at most: PostgreSQL's JIT
  // would spend ~150 ms compiling each of them for nothing (bench/PLANS.md), so reads run without it.
  const reads = pool(url, sizes.read, { statement_timeout: sizes.readTimeoutMs, options: "-c jit=off" });
  const prisma = new PrismaClient({ adapter: new PrismaPg(writes) });
  return {
    pool: writes,
    reads,
    prisma,
    async close() {
      await prisma.$disconnect();
      await Promise.all([writes.end().catch(() => {}), reads.end().catch(() => {})]);
    },
  };
}
