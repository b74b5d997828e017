import { execFileSync, spawnSync } from "node:child_process";
import { appendFileSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./app-server";

// A primary and a streaming hot standby of PostgreSQL 15, made for one test and gone after it:
// two clusters of our own under one temp folder (initdb, pg_basebackup -R), never the
// machine's own cluster, whose configuration the test must not change. Under root (CI) every
// PostgreSQL program runs as the `postgres` OS user, which owns the folder. Both listen on
// 127.0.0.1 only, with trust for local TCP (replication included): this is a test.

const BIN = process.env.FAULTLINE_TEST_PG_BIN ?? "/usr/lib/postgresql/15/bin";

export interface ReplicaPair {
  primaryUrl: string;
  replicaUrl: string;
  primaryPort: number;
  replicaPort: number;
  /** Stops the standby (fast shutdown): the app's replica connections fail from now on. */
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  /** Runs SQL on the standby as the superuser (pg_wal_replay_pause() and the like). */
  onReplica<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string): Promise<T[]>;
  onPrimary<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string): Promise<T[]>;
  /**
   * How many times statements whose text matches `pattern` (a regular expression) ran on that
   * server since its statistics were last reset (`resetStatements`).
   */
  statementRuns(on: "primary" | "replica", pattern: string): Promise<number>;
  resetStatements(): Promise<void>;
  /** Waits until the standby has replayed everything the primary has written so far. */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** Stops both clusters and deletes their folder; safe to call twice. */
  stop(): Promise<void>;
}

const live = new Set<() => void>();
process.once("exit", () => {
  for (const stop of live) stop();
});

interface Account {
  uid: number;
  gid: number;
}

function account(): Account | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  return { uid, gid };
}

function run(who: Account | undefined, program: string, args: string[], cwd: string): void {
  const result = spawnSync(path.join(BIN, program), args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, LC_ALL: "C", PGTZ: "UTC" },
    ...(who ? { uid: who.uid, gid: who.gid } : {}),
  });
  if (result.status !== 0) {
    throw new Error(
      `${program} ${args.join(" ")} failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`,
    );
  }
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

export async function startReplicaPair(): Promise<ReplicaPair> {
  if (!existsSync(path.join(BIN, "initdb"))) throw new Error(`no PostgreSQL binaries in ${BIN}`);
  const who = account();
  const root = mkdtempSync(path.join(tmpdir(), "faultline-replica-"));
  if (who) chownSync(root, who.uid, who.gid);
  const primaryDir = path.join(root, "primary");
  const replicaDir = path.join(root, "replica");
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const url = (port: number) => `postgresql://postgres@127.0.0.1:${port}/postgres`;
  const ctl = (dir: string, ...args: string[]) =>
    run(who, "pg_ctl", ["-D", dir, "-l", `${dir}.log`, "-w", "-t", "60", ...args], root);
  let started: string[] = [];

  const stopAll = () => {
    for (const dir of started) {
      try {
        run(who, "pg_ctl", ["-D", dir, "-m", "immediate", "-w", "stop"], root);
      } catch {
        // not running
      }
    }
    started = [];
    rmSync(root, { recursive: true, force: true });
  };
  live.add(stopAll);

  try {
    run(who, "initdb", ["-D", primaryDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"], root);
    appendFileSync(
      path.join(primaryDir, "postgresql.conf"),
      [
        `port = ${primaryPort}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${root}'`,
        "wal_level = replica",
        "max_wal_senders = 5",
        "max_connections = 60",
        // A test cluster: durability of its data across a machine crash is not what is tested.
        "fsync = off",
        "synchronous_commit = on",
        "wal_keep_size = '256MB'",
        // Which server ran a query: pg_stat_statements counts them on each (copied to the standby).
        "shared_preload_libraries = 'pg_stat_statements'",
        "",
      ].join("\n"),
    );
    writeFileSync(
      path.join(primaryDir, "pg_hba.conf"),
      [
        "local all all trust",
        "host all all 127.0.0.1/32 trust",
        "host replication all 127.0.0.1/32 trust",
        "",
      ].join("\n"),
    );
    ctl(primaryDir, "start");
    started.push(primaryDir);
    await query(url(primaryPort), "CREATE EXTENSION pg_stat_statements");
    // -R writes standby.signal and primary_conninfo: a streaming standby of this primary.
    run(
      who,
      "pg_basebackup",
      [
        "-h",
        "127.0.0.1",
        "-p",
        String(primaryPort),
        "-U",
        "postgres",
        "-D",
        replicaDir,
        "-R",
        "-X",
        "stream",
      ],
      root,
    );
    appendFileSync(
      path.join(replicaDir, "postgresql.conf"),
      [`port = ${replicaPort}`, "hot_standby = on", "hot_standby_feedback = on", ""].join("\n"),
    );
    ctl(replicaDir, "start");
    started.push(replicaDir);
  } catch (error) {
    stopAll();
    live.delete(stopAll);
    throw error;
  }

  const pair: ReplicaPair = {
    primaryUrl: url(primaryPort),
    replicaUrl: url(replicaPort),
    primaryPort,
    replicaPort,
    async stopReplica() {
      ctl(replicaDir, "-m", "fast", "stop");
      started = started.filter((dir) => dir !== replicaDir);
    },
    async startReplica() {
      ctl(replicaDir, "start");
      started.push(replicaDir);
    },
    onReplica: (sql) => query(url(replicaPort), sql),
    async statementRuns(on, pattern) {
      const [row] = await query<{ runs: string | null }>(
        url(on === "primary" ? primaryPort : replicaPort),
        `SELECT sum(calls) AS runs FROM pg_stat_statements WHERE query ~* ${pg.escapeLiteral(pattern)} AND query NOT LIKE '%pg_stat_statements%'`,
      );
      return Number(row?.runs ?? 0);
    },
    async resetStatements() {
      await Promise.all(
        [primaryPort, replicaPort].map((port) => query(url(port), "SELECT pg_stat_statements_reset()")),
      );
    },
    onPrimary: (sql) => query(url(primaryPort), sql),
    async caughtUp(timeoutMs = 20_000) {
      const [{ lsn }] = (await query<{ lsn: string }>(
        url(primaryPort),
        "SELECT pg_current_wal_lsn()::text AS lsn",
      )) as [{ lsn: string }];
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [row] = await query<{ done: boolean }>(
          url(replicaPort),
          `SELECT pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn AS done`,
        );
        if (row?.done) return;
        if (Date.now() > deadline)
          throw new Error(`standby did not replay up to ${lsn} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      stopAll();
      live.delete(stopAll);
    },
  };
  return pair;
}
