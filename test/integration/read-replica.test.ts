import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureProject } from "../../lib/auth/keys";
import { APPLICATION_NAMES, connect, type Database } from "../../lib/db/connect";
import { applyMigrations } from "../../lib/db/migrate";
import { orFromPrimary, routedReads } from "../../lib/db/read-routing";
import { storePrepared } from "../../lib/ingest";
import { prepareCalls } from "../../lib/ingest/prepare";
import { renderMetrics } from "../../lib/metrics";
import { getCall, listCalls } from "../../lib/queries/calls";
import { listCallsQuerySchema } from "../../lib/schemas/read";
import { startReplicaPair, type ReplicaPair } from "../helpers/replica";

// The routing rule against a real streaming replica: a primary and a hot standby of
// PostgreSQL 15 made for this file (test/helpers/replica.ts). Replay is paused on the standby
// to make it fall behind on purpose, and the standby is stopped to make it go away.

const MAX_LAG_SECONDS = 2;
let pair: ReplicaPair;
let database: Database;
let projectId: string;
const logged: string[] = [];

beforeAll(async () => {
  pair = await startReplicaPair();
  try {
    const migrating = connect(pair.primaryUrl);
    await applyMigrations(migrating.pool);
    projectId = (await ensureProject(migrating.prisma, "default")).id;
    await migrating.close();
    await pair.caughtUp();
    database = connect(
      pair.primaryUrl,
      { write: 4, read: 3, readTimeoutMs: 10_000 },
      { url: pair.replicaUrl, maxLagSeconds: MAX_LAG_SECONDS, checkIntervalMs: 100 },
    );
    // The monitor's log, as the operator would read it.
    (database.replica!.monitor as unknown as { log: (line: string) => void }).log = (line) =>
      logged.push(line);
    await database.replica!.monitor.firstCheck;
  } catch (error) {
    await pair.stop();
    throw error;
  }
});
afterAll(async () => {
  await database?.close();
  await pair?.stop();
});

async function ingest(id: string): Promise<void> {
  const prepared = prepareCalls(
    [{ id, server: "crm", tool: "lookup", response: { result: {} } }],
    new Date(),
  );
  await storePrepared(database.pool, projectId, prepared);
}

const listedIds = async (reads: Parameters<typeof listCalls>[0]) =>
  (await listCalls(reads, projectId, listCallsQuerySchema.parse({ limit: "100" }))).calls.map(
    (call) => call.id,
  );

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function gauge(text: string, name: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${name} `));
  if (!line) throw new Error(`${name} not in /metrics`);
  return Number(line.slice(name.length + 1));
}

describe("a caught-up replica", () => {
  it("serves the reads: they run on the standby, on the replica pool's connections", async () => {
    await ingest("on-both");
    await pair.caughtUp();
    await until(() => database.replica!.monitor.status().lagSeconds === 0);
    const reads = routedReads(database);
    expect(reads.route).toEqual({ target: "replica", reason: "replica" });
    const [{ standby, name }] = (
      await reads.query<{ standby: boolean; name: string }>(
        "SELECT pg_is_in_recovery() AS standby, current_setting('application_name') AS name",
      )
    ).rows as [{ standby: boolean; name: string }];
    expect({ standby, name }).toEqual({ standby: true, name: APPLICATION_NAMES.replica });
    expect(await listedIds(reads)).toContain("on-both");
    // The standby itself saw the page's query, from the replica pool's connection.
    const seen = await pair.onReplica<{ query: string }>(
      `SELECT query FROM pg_stat_activity WHERE application_name = '${APPLICATION_NAMES.replica}'`,
    );
    expect(seen.some((row) => /FROM calls/i.test(row.query))).toBe(true);
    const text = await renderMetrics({ view: "instance" });
    expect(gauge(text, "faultline_read_replica_serving")).toBe(1);
    expect(gauge(text, "faultline_read_replica_lag_seconds")).toBe(0);
  });
});

describe("a replica that falls behind", () => {
  afterAll(async () => {
    await pair.onReplica("SELECT pg_wal_replay_resume()");
    await pair.caughtUp();
  });

  it("is read while within the bound (stale, but never more than the bound), except by the user who wrote, and lookups of a missing call ask the primary", async () => {
    await pair.onReplica("SELECT pg_wal_replay_pause()");
    await ingest("only-on-primary");
    const wroteAt = Date.now();
    // Within the bound: the replica still serves, and does not have the call.
    const someone = routedReads(database);
    expect(someone.route.target).toBe("replica");
    expect(await listedIds(someone)).not.toContain("only-on-primary");
    // The user who just wrote reads their write: their reads are on the primary.
    const writer = routedReads(database, { lastWriteAt: wroteAt });
    expect(writer.route).toEqual({ target: "primary", reason: "own_write" });
    expect(await listedIds(writer)).toContain("only-on-primary");
    // A call acknowledged a moment ago, looked up by id: not a 404 for the lag.
    expect((await orFromPrimary(someone, (from) => getCall(from, projectId, "only-on-primary")))?.id).toBe(
      "only-on-primary",
    );
  });

  it("past the bound, reads go to the primary, and /metrics and the log say so", async () => {
    await until(() => database.replica!.monitor.status().state === "lagging");
    const reads = routedReads(database);
    expect(reads.route).toEqual({ target: "primary", reason: "lagging" });
    expect(await listedIds(reads)).toContain("only-on-primary");
    const text = await renderMetrics({ view: "instance" });
    expect(gauge(text, "faultline_read_replica_serving")).toBe(0);
    expect(gauge(text, "faultline_read_replica_lag_seconds")).toBeGreaterThan(MAX_LAG_SECONDS);
    expect(text).toContain('faultline_read_replica_state{state="lagging"} 1');
    expect(text).toMatch(/faultline_reads_routed_total\{target="primary",reason="lagging"\} [1-9]/);
    expect(logged.join("\n")).toMatch(
      /read replica .* s behind the primary, over FAULTLINE_READ_REPLICA_MAX_LAG_SECONDS=2: .*go to the primary/,
    );
  });

  it("once it catches up, serves again, and a write made before that is on it", async () => {
    const wroteAt = Date.now();
    await pair.onReplica("SELECT pg_wal_replay_resume()");
    await until(() => database.replica!.monitor.status().state === "streaming");
    await until(() => routedReads(database, { lastWriteAt: wroteAt }).route.target === "replica");
    expect(await listedIds(routedReads(database, { lastWriteAt: wroteAt }))).toContain("only-on-primary");
    expect(logged.at(-1)).toMatch(/read replica .* serving reads again/);
  });
});

describe("a replica that goes away", () => {
  it("costs no failed read: a read in flight is answered by the primary, the next ones go there, /metrics and the log say so", async () => {
    await until(() => database.replica!.monitor.status().state === "streaming");
    const before = routedReads(database);
    expect(before.route.target).toBe("replica");
    await pair.stopReplica();
    // Routed to the replica before anyone noticed it went: still answered.
    expect(await listedIds(before)).toContain("on-both");
    await until(() => database.replica!.monitor.status().state === "down");
    const after = routedReads(database);
    expect(after.route).toEqual({ target: "primary", reason: "down" });
    expect(await listedIds(after)).toContain("on-both");
    const text = await renderMetrics({ view: "instance" });
    expect(gauge(text, "faultline_read_replica_serving")).toBe(0);
    expect(text).toContain('faultline_read_replica_state{state="down"} 1');
    expect(logged.join("\n")).toMatch(
      /read replica .* unreachable \(.*\): dashboard and read-API reads go to the primary/,
    );

    await pair.startReplica();
    await until(() => database.replica!.monitor.status().state === "streaming", 30_000);
    expect(routedReads(database).route.target).toBe("replica");
  });
});
