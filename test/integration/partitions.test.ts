import { afterAll, beforeAll, expect, it } from "vitest";
import { applyRetention } from "../../lib/ingest/maintenance";
import { prepareCalls } from "../../lib/ingest/prepare";
import {
  DAY_MS,
  dayStart,
  listPartitions,
  maintainPartitions,
  partitionName,
} from "../../lib/ingest/partitions";
import { writeBatch } from "../../lib/ingest/write";
import { getCall } from "../../lib/queries/calls";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// `calls` in day partitions: retention drops a day once no project keeps it, the idempotency key
// (call_ids) lives exactly as long as the call, and a sender cannot make the database create
// partitions at will.

// An operator who accepts calls up to 60 days late (FAULTLINE_LATE_ARRIVAL_DAYS): old days reach the
// writer. The default (7) and the ceiling are tested in partition-bounds.test.ts.
process.env.FAULTLINE_LATE_ARRIVAL_DAYS = "60";
const LATE_DAYS = 60;

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase("partitions");
});
afterAll(async () => testDatabase?.drop());

const now = Date.now();
const today = dayStart(now);
/** Noon UTC, `days` days before today. */
const noon = (days: number, plusMs = 0) =>
  new Date(today - days * DAY_MS + 12 * 3_600_000 + plusMs).toISOString();

async function project(name: string, retentionDays: number): Promise<string> {
  const { rows } = await testDatabase.database.pool.query<{ id: string }>(
    `INSERT INTO projects (id, name, retention_days) VALUES (gen_random_uuid(), $1, $2) RETURNING id`,
    [name, retentionDays],
  );
  return rows[0]!.id;
}

function calls(ids: string[], occurredAt: string, extra: Record<string, unknown> = {}) {
  const result = prepareCalls(
    ids.map((id) => ({
      id,
      occurredAt,
      server: "crm",
      tool: "lookup",
      response: { content: [{ type: "text", text: `found ${id}` }] },
      ...extra,
    })),
    new Date(),
    { lateArrivalDays: LATE_DAYS },
  );
  expect(result.rejected).toEqual([]);
  return result.prepared;
}

async function write(projectId: string, ids: string[], occurredAt: string) {
  const written = await writeBatch(testDatabase.database.pool, projectId, calls(ids, occurredAt));
  return new Set(written.results.filter(({ fate }) => fate === "stored").map(({ stored }) => stored.id));
}

/** Where each of these calls is stored: partition name per id. */
async function partitionsOf(projectId: string, ids: string[]): Promise<Record<string, string>> {
  const { rows } = await testDatabase.database.pool.query<{ id: string; partition: string }>(
    `SELECT id, tableoid::regclass::text AS partition FROM calls WHERE project_id = $1 AND id = ANY($2)`,
    [projectId, ids],
  );
  return Object.fromEntries(rows.map((row) => [row.id, row.partition]));
}

async function idsKept(projectId: string, ids: string[]): Promise<string[]> {
  const { rows } = await testDatabase.database.pool.query<{ id: string }>(
    `SELECT id FROM call_ids WHERE project_id = $1 AND id = ANY($2) ORDER BY id`,
    [projectId, ids],
  );
  return rows.map((row) => row.id);
}

it("drops a day no project keeps, with its ids; a day a longer retention keeps stays, and only the shorter project's calls leave it", async () => {
  const { pool } = testDatabase.database;
  const short = await project("short", 5);
  const long = await project("long", 20);
  expect(await write(short, ["s-1", "s-2"], noon(10))).toEqual(new Set(["s-1", "s-2"]));
  expect(await write(long, ["l-1"], noon(10))).toEqual(new Set(["l-1"]));
  // Within the longest retention, so the writer made that day's partition.
  const day = partitionName(today - 10 * DAY_MS);
  expect(await partitionsOf(short, ["s-1", "s-2"])).toEqual({ "s-1": day, "s-2": day });
  // A re-sent call is a duplicate while it is stored.
  expect(await write(short, ["s-1"], noon(10))).toEqual(new Set());

  const first = await applyRetention(pool, new Date(now));
  expect(first.dropped).toEqual([]);
  expect(first.projects.find((result) => result.project === "short")?.calls).toBe(2);
  expect(await partitionsOf(long, ["l-1"])).toEqual({ "l-1": day });
  expect(await idsKept(short, ["s-1", "s-2"])).toEqual([]);
  expect(await idsKept(long, ["l-1"])).toEqual(["l-1"]);

  // Now no project keeps that day: the whole partition goes, its ids with it.
  await pool.query(`UPDATE projects SET retention_days = 5 WHERE id = $1`, [long]);
  const second = await applyRetention(pool, new Date(now));
  expect(second.dropped.map((partition) => partition.name)).toContain(day);
  expect(second.projects.find((result) => result.project === "long")?.calls).toBe(0);
  expect((await listPartitions(pool)).map((partition) => partition.name)).not.toContain(day);
  expect(await idsKept(long, ["l-1"])).toEqual([]);
  expect(await getCall(pool, long, "l-1")).toBeNull();
  // Once it is gone, the same id is a new call again (as after a row-by-row delete).
  expect(await write(long, ["l-1"], noon(0))).toEqual(new Set(["l-1"]));
  // Days ahead are never dropped.
  const ahead = (await listPartitions(pool)).filter(
    (partition) => partition.from && partition.from.getTime() > now,
  );
  expect(ahead.length).toBeGreaterThan(0);
});

it("a sender cannot make partitions at will: a late call older than every project's retention is stored in calls_default", async () => {
  const { pool } = testDatabase.database;
  await pool.query(`UPDATE projects SET retention_days = 7`);
  const sender = await project("sender", 7);
  const before = (await listPartitions(pool)).map((partition) => partition.name);
  const days = Array.from({ length: 20 }, (_, index) => noon(30 + index));
  for (const [index, at] of days.entries()) {
    expect(await write(sender, [`old-${index}`], at)).toEqual(new Set([`old-${index}`]));
  }
  expect((await listPartitions(pool)).map((partition) => partition.name)).toEqual(before);
  const stored = await partitionsOf(sender, ["old-0", "old-19"]);
  expect(stored).toEqual({ "old-0": "calls_default", "old-19": "calls_default" });
  // Found by id, a duplicate when re-sent, deleted by the next retention pass.
  expect((await getCall(pool, sender, "old-3"))?.occurredAt.toISOString()).toBe(days[3]);
  expect(await write(sender, ["old-3"], days[3]!)).toEqual(new Set());
  const retention = await applyRetention(pool, new Date(now));
  expect(retention.projects.find((result) => result.project === "sender")?.calls).toBe(20);
  expect(await idsKept(sender, ["old-0", "old-3"])).toEqual([]);
});

it("the upkeep moves a day's calls out of calls_default into that day's partition once a project keeps that day", async () => {
  const { pool } = testDatabase.database;
  // Beyond every project's retention at the time it is sent: the default.
  await pool.query(`UPDATE projects SET retention_days = 7`);
  const late = await project("late", 7);
  expect(await write(late, ["late-1"], noon(40))).toEqual(new Set(["late-1"]));
  expect(await partitionsOf(late, ["late-1"])).toEqual({ "late-1": "calls_default" });
  await pool.query(`UPDATE projects SET retention_days = 60 WHERE id = $1`, [late]);
  const upkeep = await maintainPartitions(pool, new Date(now));
  const day = partitionName(today - 40 * DAY_MS);
  expect(upkeep.created).toContain(day);
  expect(await partitionsOf(late, ["late-1"])).toEqual({ "late-1": day });
  expect((await getCall(pool, late, "late-1"))?.id).toBe("late-1");
  expect(await write(late, ["late-1"], noon(40))).toEqual(new Set());
});

it("a late observation merged into a call that started the day before moves it to that day, and it is still found by id", async () => {
  const { pool } = testDatabase.database;
  const otlp = await project("otlp", 30);
  const request = { route: "otlp", requestId: "41" };
  const serverSpan = calls(["req-1"], new Date(today + 1000).toISOString(), { ...request, side: "server" });
  await writeBatch(pool, otlp, serverSpan);
  expect(await partitionsOf(otlp, ["req-1"])).toEqual({ "req-1": partitionName(today) });
  // The client's span of the same request started 2 s earlier, before midnight.
  const clientSpan = calls(["req-1-client"], new Date(today - 1000).toISOString(), {
    ...request,
    side: "client",
    agent: "agent-1",
  });
  await writeBatch(pool, otlp, clientSpan);
  expect(await partitionsOf(otlp, ["req-1"])).toEqual({ "req-1": partitionName(today - DAY_MS) });
  const stored = await getCall(pool, otlp, "req-1");
  expect(stored?.occurredAt.getTime()).toBe(today - 1000);
  expect(stored?.agent).toBe("agent-1");
  const { rows } = await pool.query(`SELECT count(*)::int AS n FROM calls WHERE project_id = $1`, [otlp]);
  expect(rows[0].n).toBe(1);
});

it("a writer committing a row of the day into calls_default while the upkeep makes that day's partition: the upkeep waits, then moves it too", async () => {
  const { pool } = testDatabase.database;
  const racer = await project("racer", 30);
  const day = today - 5 * DAY_MS;
  const name = partitionName(day);
  await write(racer, ["race-0"], noon(5));
  // Both rows of that day in calls_default, as after a "busy" or a retention just raised.
  await pool.query(`CREATE TABLE race_rows AS SELECT * FROM calls WHERE project_id = $1 AND id = 'race-0'`, [
    racer,
  ]);
  await pool.query(`DROP TABLE ${name}`);
  await pool.query(`INSERT INTO calls SELECT * FROM race_rows`);
  const writer = await pool.connect();
  try {
    await writer.query("BEGIN");
    await writer.query(
      `INSERT INTO calls SELECT (jsonb_populate_record(r, '{"id": "race-1"}')).* FROM race_rows r`,
    );
    const upkeep = maintainPartitions(pool, new Date(now)).then(
      (result) => result,
      (error: Error) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await writer.query("COMMIT");
    const result = await upkeep;
    expect(result).not.toBeInstanceOf(Error);
    expect((result as { created: string[] }).created).toContain(name);
  } finally {
    writer.release();
    await pool.query(`DROP TABLE IF EXISTS race_rows`);
  }
  expect(await partitionsOf(racer, ["race-0", "race-1"])).toEqual({ "race-0": name, "race-1": name });
});
