import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setRetention } from "../../lib/auth/retention";
import { seedCalls } from "../helpers/seed";
import { applyRetention } from "../../lib/ingest/maintenance";
import {
  dayStart,
  ensureDayPartition,
  listPartitions,
  partitionCeiling,
  partitionName,
} from "../../lib/ingest/partitions";
import { prepareCalls } from "../../lib/ingest/prepare";
import { DAY_MS } from "../../lib/ingest/time-window";
import { writeBatch } from "../../lib/ingest/write";
import { getCall } from "../../lib/queries/calls";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../helpers/throwaway-postgres";

// No sender and no project member can make the database create partitions at will (the red
// team's 3,650 old-dated calls made 3,655 partitions, and then every project answered 500 "out of
// shared memory"). On a PostgreSQL server of its own: the attack hurts the whole server.

let server: ThrowawayPostgres;
beforeAll(async () => {
  server = await startThrowawayPostgres();
}, 60_000);
afterAll(async () => server?.stop());

const partitionCount = async () => (await listPartitions(server.database.pool)).length;

async function project(name: string, retentionDays: number): Promise<string> {
  const { rows } = await server.database.pool.query<{ id: string }>(
    `INSERT INTO projects (id, name, retention_days) VALUES (gen_random_uuid(), $1, $2) RETURNING id`,
    [name, retentionDays],
  );
  return rows[0]!.id;
}

const call = (id: string, msAgo: number) => ({
  id,
  server: "s",
  tool: "t",
  occurredAt: new Date(Date.now() - msAgo).toISOString(),
  isError: false,
  text: "ok",
});

describe("the red team's attack: one call per past day for ten years", () => {
  it("refuses each call more than 7 days late by name, stores the rest, and makes at most 8 partitions", async () => {
    const { pool } = server.database;
    // As a member could set it before retention became an admin's (and bounded).
    const attacker = await project("attacker", 3650);
    const before = await partitionCount();
    let accepted = 0;
    const refusals = new Set<string>();
    for (let day = 1; day <= 3650; day += 50) {
      const batch = Array.from({ length: 50 }, (_, i) => call(`old-${day + i}`, (day + i) * DAY_MS));
      const result = await seedCalls(pool, attacker, batch);
      accepted += result.accepted;
      for (const rejection of result.rejected)
        for (const error of rejection.errors) refusals.add(`${error.path}: ${error.message}`);
    }
    // Days 1 to 7 back (7 at most: day 7 is exactly 7 days before its arrival).
    expect(accepted).toBeGreaterThanOrEqual(6);
    expect(accepted).toBeLessThanOrEqual(7);
    expect([...refusals]).toEqual([
      "occurredAt: must be at most 7 days before it is received (a call may arrive at most 7 days late; FAULTLINE_LATE_ARRIVAL_DAYS)",
    ]);
    expect((await partitionCount()) - before).toBeLessThanOrEqual(8);
    // Every project still answers: a call by id, another project's too.
    expect((await getCall(pool, attacker, "old-1"))?.id).toBe("old-1");
  }, 60_000);

  it("a valid call beside refused ones in the same batch is stored", async () => {
    const { pool } = server.database;
    const mixed = await project("mixed", 30);
    const result = await seedCalls(pool, mixed, [call("ancient", 400 * DAY_MS), call("fresh", 60_000)]);
    expect(result.accepted).toBe(1);
    expect(result.rejected).toEqual([
      { index: 0, errors: [expect.objectContaining({ path: "occurredAt" })] },
    ]);
    expect((await getCall(pool, mixed, "fresh"))?.id).toBe("fresh");
  });
});

describe("calls arriving late, as a reporter that buffered through an outage sends them", () => {
  it("6 days and 23 hours late: accepted, in its own day's partition", async () => {
    const { pool } = server.database;
    const team = await project("team", 30);
    const late = 6 * DAY_MS + 23 * 3_600_000;
    const result = await seedCalls(pool, team, [call("buffered", late)]);
    expect(result.accepted).toBe(1);
    const { rows } = await pool.query<{ partition: string }>(
      `SELECT tableoid::regclass::text AS partition FROM calls WHERE project_id = $1 AND id = 'buffered'`,
      [team],
    );
    expect(rows[0]!.partition).toBe(partitionName(dayStart(Date.now() - late)));
  });
});

describe("the ceiling", () => {
  it("is the longest retention allowed, today, the days ahead, the default and the legacy partition", () => {
    expect(partitionCeiling(90)).toBe(96);
  });

  it("once calls has that many partitions, no more are made: that day's calls go to calls_default", async () => {
    const { pool } = server.database;
    const count = await partitionCount();
    const day = dayStart(Date.now()) - 5 * DAY_MS;
    await pool.query(`DROP TABLE IF EXISTS ${partitionName(day)}`);
    const full = await partitionCount();
    expect(await ensureDayPartition(pool, day, full)).toBe("full");
    expect(await partitionCount()).toBe(full);
    expect(await ensureDayPartition(pool, day, full + 1)).toBe("created");
    expect(await partitionCount()).toBeLessThanOrEqual(count);
  });
});

describe("a call by id, with every partition the ceiling allows", () => {
  it("reads and locks only its day's partition, however many there are", async () => {
    const { pool } = server.database;
    const today = dayStart(Date.now());
    for (let back = 1; back < 90; back++) await ensureDayPartition(pool, today - back * DAY_MS, 10_000);
    expect(await partitionCount()).toBeGreaterThanOrEqual(90);
    const reader = await project("reader", 30);
    await seedCalls(pool, reader, [call("looked-up", 3_600_000)]);
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      expect((await getCall(client, reader, "looked-up"))?.id).toBe("looked-up");
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
          WHERE l.pid = pg_backend_pid() AND c.relname LIKE 'calls%'`,
      );
      // One partition and its indexes (~16), not 90 × 16 (the lock table PostgreSQL shares).
      expect(rows[0]!.n).toBeLessThan(40);
      await client.query("ROLLBACK");
    } finally {
      client.release();
    }
  }, 60_000);
});

describe("retention", () => {
  it("only an instance admin sets it, and at most FAULTLINE_MAX_RETENTION_DAYS", async () => {
    const { pool } = server.database;
    await project("kept", 30);
    const member = { id: randomUUID(), isAdmin: false };
    const admin = { id: randomUUID(), isAdmin: true };
    expect(await setRetention(pool, member, "kept", 60, 90)).toEqual({
      ok: false,
      reason: "not_admin",
      message: "Only an admin may change retention.",
    });
    expect(await setRetention(pool, admin, "kept", 3650, 90)).toMatchObject({
      ok: false,
      reason: "invalid",
      message: "Retention must be at most 90 days on this instance (FAULTLINE_MAX_RETENTION_DAYS)",
    });
    expect(await setRetention(pool, admin, "kept", 60, 90)).toEqual({ ok: true, days: 60 });
    const { rows } = await pool.query(`SELECT retention_days FROM projects WHERE name = 'kept'`);
    expect(rows[0].retention_days).toBe(60);
  });

  it("a retention stored above the maximum (set before it existed) is honoured, and the ceiling makes room", async () => {
    const { pool } = server.database;
    const hoarder = await project("hoarder", 365);
    // A partition from before the bounds, holding a 100-day-old call.
    const day = dayStart(Date.now()) - 100 * DAY_MS;
    expect(await ensureDayPartition(pool, day, 10_000)).toBe("created");
    const old = prepareCalls([call("hundred-days", Date.now() - day - 12 * 3_600_000)], new Date(), {
      lateArrivalDays: 200,
    });
    await writeBatch(pool, hoarder, old.prepared);
    // Upgrading deletes nothing a team chose to keep…
    const retention = await applyRetention(pool);
    expect(retention.dropped.map((partition) => partition.name)).not.toContain(partitionName(day));
    expect((await getCall(pool, hoarder, "hundred-days"))?.id).toBe("hundred-days");
    // …and a day within its retention still gets a partition past the default ceiling (96).
    for (let back = 101; back <= 200; back++)
      await ensureDayPartition(pool, dayStart(Date.now()) - back * DAY_MS, 10_000);
    expect(await partitionCount()).toBeGreaterThan(partitionCeiling(90));
    expect(await ensureDayPartition(pool, dayStart(Date.now()) - 250 * DAY_MS)).toBe("created");
    // Lowered, its days go at the next pass.
    await pool.query(`UPDATE projects SET retention_days = 30 WHERE id = $1`, [hoarder]);
    const lowered = await applyRetention(pool);
    expect(lowered.dropped.map((partition) => partition.name)).toContain(partitionName(day));
    expect(await getCall(pool, hoarder, "hundred-days")).toBeNull();
  });
});
