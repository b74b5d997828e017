import { PrismaPg } from "@prisma/adapter-pg";
import { Pool } from "pg";
import { watchReplica } from "../metrics/replica";
import { PrismaClient } from "./generated/client.ts";
import { ReplicaMonitor } from "./replica";

export type { Queryable } from "./queryable";

export interface Database {
  /** Raw SQL for writes and the ingest path (batch ingest, rollups, upkeep), and auth and settings through Prisma. */
  pool: Pool;
  /**
   * Reads for the dashboard and the read API: a pool of its own, so a flood of expensive
   * reads can never take the connections ingest needs, and every statement on it is
   * cancelled after the read timeout.
   */
  reads: Pool;
  /**
   * A streaming replica for the same reads, when FAULTLINE_READ_DATABASE_URL is set, and its
   * monitor. Which of `reads` and this a request uses is lib/db/read-routing's to say.
   */
  replica?: { pool: Pool; monitor: ReplicaMonitor };
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

export interface ReplicaOptions {
  /** A hot standby of `url` (FAULTLINE_READ_DATABASE_URL). */
  url: string;
  /** Past this, reads go to the primary (FAULTLINE_READ_REPLICA_MAX_LAG_SECONDS). */
  maxLagSeconds: number;
  /** Between the monitor's checks (default 500 ms). */
  checkIntervalMs?: number;
}

/** Each pool's connections name themselves, so pg_stat_activity on either server says whose they are. */
export const APPLICATION_NAMES = {
  write: "faultline",
  read: "faultline-reads",
  replica: "faultline-replica-reads",
} as const;

function pool(
  url: string,
  max: number,
  application_name: string,
  extra: { statement_timeout?: number; options?: string } = {},
): Pool {
  const created = new Pool({
    connectionString: url,
    max,
    application_name,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    ...extra,
  });
  // An idle client losing its server (PostgreSQL restarted) must not crash the process;
  // the pool drops it and the next query reconnects.
  created.on("error", (error) => console.error("[faultline] idle database connection lost:", error.message));
  // A client in use losing its server between two statements of a transaction (a restart, a
  // terminated backend) emits "error" with nobody listening — the pool only listens while it is
  // idle — which would crash the process. Its next statement fails instead, and the code that
  // holds it rolls back and drops it (lib/ingest/write, lib/ingest/fold).
  created.on("connect", (client) => client.on("error", () => {}));
  return created;
}

export function connect(
  url: string,
  sizes: PoolSizes = DEFAULT_POOL_SIZES,
  replicaOptions?: ReplicaOptions,
): Database {
  const writes = pool(url, sizes.write, APPLICATION_NAMES.write);
  // Dashboard queries aggregate tens of thousands of rollup rows at most: PostgreSQL's JIT
  // would spend ~150 ms compiling each of them for nothing (bench/PLANS.md), so reads run without it.
  const readOptions = { statement_timeout: sizes.readTimeoutMs, options: "-c jit=off" };
  const reads = pool(url, sizes.read, APPLICATION_NAMES.read, readOptions);
  const replica = replicaOptions && {
    pool: pool(replicaOptions.url, sizes.read, APPLICATION_NAMES.replica, readOptions),
    monitor: new ReplicaMonitor(url, replicaOptions.url, {
      maxLagSeconds: replicaOptions.maxLagSeconds,
      intervalMs: replicaOptions.checkIntervalMs,
    }),
  };
  // Until its first check answers (replica.monitor.firstCheck), reads go to the primary.
  replica?.monitor.start();
  watchReplica(replica?.monitor);
  const prisma = new PrismaClient({ adapter: new PrismaPg(writes) });
  return {
    pool: writes,
    reads,
    replica,
    prisma,
    async close() {
      await replica?.monitor.stop();
      await prisma.$disconnect();
      await Promise.all([writes, reads, replica?.pool].map((each) => each?.end().catch(() => {})));
    },
  };
}
