import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type Database } from "../../lib/db/connect";
import { LOCKS } from "../../lib/db/lock";
import type { IngestResult } from "../../lib/ingest";
import { seedCalls } from "../helpers/seed";
import {
  DAY_MS,
  dayStart,
  listPartitions,
  maintainPartitions,
  partitionName,
} from "../../lib/ingest/partitions";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// Writers of one project across a UTC midnight: several app instances (pools of their own, so
// each has its own knowledge of the partitions and its own group-commit queues) storing batches
// whose calls straddle midnight, while the partition of one of the two days does not exist yet
// and is made on demand under them. What a user relies on: every call stored exactly once, in
// its own day's partition (none left in calls_default once that partition exists), an id sent
// again — on either side of midnight — a duplicate, and the rollups counting each day's calls
// on that day, once.

let testDatabase: TestDatabase;
let instances: Database[] = [];

const HOUR_MS = 3_600_000;
/** Today's midnight (UTC): yesterday 23:59:59.9 and today 00:00:00.1 are either side of it. */
let MIDNIGHT: number;

beforeAll(async () => {
  // Today 00:00:00.1 must be past (a run in the day's first seconds waits for it).
  const wait = dayStart(Date.now()) + 5_000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  // The same "today" as the migrations' (which make partitions from yesterday on).
  MIDNIGHT = dayStart(Date.now());
  testDatabase = await createTestDatabase("midnight_writers");
  instances = [0, 1, 2].map(() => connect(testDatabase.url, { write: 6, read: 2, readTimeoutMs: 10_000 }));
});
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  await testDatabase?.drop();
});

async function newProject(name: string): Promise<string> {
  const { rows } = await testDatabase.database.pool.query<{ id: string }>(
    `INSERT INTO projects (id, name) VALUES (gen_random_uuid(), $1) RETURNING id`,
    [name],
  );
  return rows[0]!.id;
}

async function partitionNames(): Promise<string[]> {
  return (await listPartitions(testDatabase.database.pool)).map((partition) => partition.name);
}

/** A call of `id` at `at`; every third one fails, so the rollups have outcomes to tell apart. */
function callAt(id: string, at: number, n: number) {
  return {
    id,
    occurredAt: new Date(at).toISOString(),
    server: "crm",
    tool: n % 2 === 0 ? "lookup" : "sync",
    ...(n % 3 === 0
      ? { isError: true, text: `Error: lead ${n % 5} not found`, errorCode: "not_found" }
      : { isError: false, text: `found ${n}` }),
  };
}

/** Calls around a midnight: alternately 100–196 ms before it and 100–196 ms after, and one exactly at each edge. */
function aroundMidnight(prefix: string, midnight: number, count: number) {
  const calls = Array.from({ length: count }, (_, n) =>
    callAt(`${prefix}-${n}`, n % 2 === 0 ? midnight - 100 - (n % 97) : midnight + 100 + (n % 97), n),
  );
  calls.push(
    callAt(`${prefix}-last-ms`, midnight - 1, count),
    callAt(`${prefix}-first-ms`, midnight, count + 1),
  );
  return calls;
}

function batches<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** Runs the writes at once; each answered with its result or its error's text. */
async function together(writes: (() => Promise<IngestResult>)[]): Promise<(IngestResult | string)[]> {
  return Promise.all(
    writes.map((write) =>
      write().catch((error: Error & { code?: string }) => `${error.code ?? ""} ${error.message}`),
    ),
  );
}

/** Where the project's calls are: per partition, how many, and how many are not in their own day's partition. */
async function placement(projectId: string) {
  const { rows } = await testDatabase.database.pool.query<{
    partition: string;
    calls: number;
    ids: number;
    misplaced: number;
  }>(
    `SELECT tableoid::regclass::text AS partition, count(*)::int AS calls, count(DISTINCT id)::int AS ids,
            count(*) FILTER (WHERE tableoid::regclass::text <> 'calls_' || to_char(occurred_at AT TIME ZONE 'UTC', 'YYYYMMDD'))::int AS misplaced
       FROM calls WHERE project_id = $1 GROUP BY 1 ORDER BY 1`,
    [projectId],
  );
  return rows;
}

/** Each id's row and its idempotency key agree on the instant, and there is one of each. */
async function keysAgree(projectId: string): Promise<{ calls: number; keys: number; disagreeing: number }> {
  const { rows } = await testDatabase.database.pool.query<{
    calls: number;
    keys: number;
    disagreeing: number;
  }>(
    `SELECT (SELECT count(*)::int FROM calls WHERE project_id = $1) AS calls,
            (SELECT count(*)::int FROM call_ids WHERE project_id = $1) AS keys,
            (SELECT count(*)::int FROM calls c FULL JOIN (SELECT * FROM call_ids WHERE project_id = $1) k
                ON k.id = c.id AND k.project_id = c.project_id
              WHERE (c.project_id = $1 OR k.project_id = $1) AND c.occurred_at IS DISTINCT FROM k.occurred_at) AS disagreeing`,
    [projectId],
  );
  return rows[0]!;
}

/** The project's rollups by granularity and bucket: calls, and failures where the table has them. */
async function rollups(projectId: string) {
  const pool = testDatabase.database.pool;
  const [outcome, tool] = await Promise.all([
    pool.query<{ granularity: string; bucket: Date; calls: number; failing: number }>(
      `SELECT granularity, bucket_start AS bucket, sum(calls)::int AS calls,
              sum(calls) FILTER (WHERE outcome <> 'ok')::int AS failing
         FROM outcome_rollups WHERE project_id = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
      [projectId],
    ),
    pool.query<{ granularity: string; bucket: Date; calls: number; failing: number }>(
      `SELECT granularity, bucket_start AS bucket, sum(calls)::int AS calls, sum(failures)::int AS failing
         FROM tool_rollups WHERE project_id = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
      [projectId],
    ),
  ]);
  return { outcome: outcome.rows, tool: tool.rows };
}

/** What the rollups must hold for the stored calls: per granularity and bucket, calls and failing calls. */
async function expectedRollups(projectId: string) {
  const { rows } = await testDatabase.database.pool.query<{ at: Date; failing: boolean }>(
    `SELECT occurred_at AS at, outcome <> 'ok' AS failing FROM calls WHERE project_id = $1`,
    [projectId],
  );
  const result: { granularity: string; bucket: Date; calls: number; failing: number }[] = [];
  for (const [granularity, width] of [
    ["day", DAY_MS],
    ["hour", HOUR_MS],
    ["minute", 60_000],
  ] as const) {
    const buckets = new Map<number, { calls: number; failing: number }>();
    for (const row of rows) {
      const bucket = Math.floor(row.at.getTime() / width) * width;
      const counts = buckets.get(bucket) ?? { calls: 0, failing: 0 };
      counts.calls += 1;
      if (row.failing) counts.failing += 1;
      buckets.set(bucket, counts);
    }
    for (const [bucket, counts] of [...buckets.entries()].sort((a, b) => a[0] - b[0])) {
      result.push({ granularity, bucket: new Date(bucket), ...counts });
    }
  }
  return result.sort((a, b) =>
    a.granularity === b.granularity
      ? a.bucket.getTime() - b.bucket.getTime()
      : a.granularity < b.granularity
        ? -1
        : 1,
  );
}

function tally(results: (IngestResult | string)[]) {
  const errors = results.filter((result): result is string => typeof result === "string");
  const answered = results.filter((result): result is IngestResult => typeof result !== "string");
  const stored = new Map<string, number>();
  for (const result of answered) {
    for (const call of result.calls) if (!call.duplicate) stored.set(call.id, (stored.get(call.id) ?? 0) + 1);
  }
  return {
    errors,
    rejected: answered.flatMap((result) => result.rejected),
    storedIds: stored.size,
    storedTwice: [...stored.entries()].filter(([, times]) => times > 1).map(([id]) => id),
  };
}

describe("writers across midnight", () => {
  it("three instances straddling midnight while today's partition is made on demand: each call once, in its own day", async () => {
    const projectId = await newProject("midnight");
    const pool = testDatabase.database.pool;
    const today = partitionName(MIDNIGHT);
    const yesterday = partitionName(MIDNIGHT - DAY_MS);
    // Today's partition is not there yet (as on a database whose upkeep has not run since yesterday).
    await pool.query(`DROP TABLE ${today}`);
    expect(await partitionNames()).not.toContain(today);
    expect(await partitionNames()).toContain(yesterday);

    const calls = aroundMidnight("mid", MIDNIGHT, 600);
    const writes: (() => Promise<IngestResult>)[] = [];
    // Every batch is sent twice at once (a client retrying through a load balancer), by two
    // instances, in opposite orders.
    for (const [index, batch] of batches(calls, 25).entries()) {
      writes.push(() => seedCalls(instances[index % 3]!.pool, projectId, { calls: batch }));
      writes.push(() =>
        seedCalls(instances[(index + 1) % 3]!.pool, projectId, { calls: [...batch].reverse() }),
      );
    }
    // And ids sent on both sides of midnight at once: a sender whose clock was corrected between two tries.
    const flips = Array.from({ length: 40 }, (_, n) => n);
    for (const n of flips) {
      writes.push(() =>
        seedCalls(instances[n % 3]!.pool, projectId, { calls: [callAt(`flip-${n}`, MIDNIGHT - 50 - n, n)] }),
      );
      writes.push(() =>
        seedCalls(instances[(n + 2) % 3]!.pool, projectId, {
          calls: [callAt(`flip-${n}`, MIDNIGHT + 50 + n, n)],
        }),
      );
    }
    const results = await together(writes.sort(() => Math.random() - 0.5));
    const outcome = tally(results);
    expect(outcome.errors).toEqual([]);
    expect(outcome.rejected).toEqual([]);
    expect(outcome.storedTwice).toEqual([]);
    expect(outcome.storedIds).toBe(calls.length + flips.length);

    // Today's partition now exists, once; every call is in its own day's partition, none in the default.
    const names = await partitionNames();
    expect(names.filter((name) => name === today)).toHaveLength(1);
    const where = await placement(projectId);
    expect(where.map((row) => row.partition)).toEqual([yesterday, today]);
    expect(where.every((row) => row.misplaced === 0 && row.ids === row.calls)).toBe(true);
    const total = where.reduce((sum, row) => sum + row.calls, 0);
    expect(total).toBe(calls.length + flips.length);
    const agreed = await keysAgree(projectId);
    expect(agreed).toEqual({ calls: total, keys: total, disagreeing: 0 });
    // The edges: the last millisecond of yesterday and the first of today.
    const { rows: edges } = await pool.query<{ id: string; partition: string }>(
      `SELECT id, tableoid::regclass::text AS partition FROM calls WHERE project_id = $1 AND id LIKE 'mid-%-ms' ORDER BY id`,
      [projectId],
    );
    expect(edges).toEqual([
      { id: "mid-first-ms", partition: today },
      { id: "mid-last-ms", partition: yesterday },
    ]);
    // Each flipped id once, on the side of midnight its stored time is on (checked above).
    const { rows: flipped } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM calls WHERE project_id = $1 AND id LIKE 'flip-%'`,
      [projectId],
    );
    expect(flipped[0]!.n).toBe(flips.length);

    // The rollups count each day's calls on that day, once.
    const counted = await rollups(projectId);
    const expected = await expectedRollups(projectId);
    expect(counted.outcome).toEqual(expected);
    expect(counted.tool).toEqual(expected);
    expect(counted.outcome.filter((row) => row.granularity === "day").map((row) => row.bucket)).toEqual([
      new Date(MIDNIGHT - DAY_MS),
      new Date(MIDNIGHT),
    ]);

    // Sent again by any instance, with either day's time: duplicates, and nothing counted again.
    const again = await together([
      () => seedCalls(instances[0]!.pool, projectId, { calls }),
      () =>
        seedCalls(instances[1]!.pool, projectId, {
          calls: flips.map((n) => callAt(`flip-${n}`, MIDNIGHT + 50 + n, n)),
        }),
      () =>
        seedCalls(instances[2]!.pool, projectId, {
          calls: flips.map((n) => callAt(`flip-${n}`, MIDNIGHT - 50 - n, n)),
        }),
    ]);
    expect(
      again.map((result) => (typeof result === "string" ? result : [result.accepted, result.duplicates])),
    ).toEqual([
      [0, calls.length],
      [0, flips.length],
      [0, flips.length],
    ]);
    expect(await rollups(projectId)).toEqual(counted);
    expect(await placement(projectId)).toEqual(where);
  });

  it("when a day's partition cannot be made (its lock busy), its calls wait in calls_default; the upkeep moves them, and nothing is stored or counted twice", async () => {
    const projectId = await newProject("midnight-busy");
    const pool = testDatabase.database.pool;
    // Yesterday's midnight: the day before it has no partition on this database.
    const midnight = MIDNIGHT - DAY_MS;
    const earlier = partitionName(midnight - DAY_MS);
    const later = partitionName(midnight);
    expect(await partitionNames()).not.toContain(earlier);

    // Something else (the upkeep of another instance, stuck) holds the partitions' lock.
    const holder = await pool.connect();
    let results: (IngestResult | string)[];
    const calls = aroundMidnight("busy", midnight, 200);
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT pg_advisory_xact_lock($1)", [LOCKS.partitions]);
      const writes = batches(calls, 20).flatMap((batch, index) => [
        () => seedCalls(instances[index % 2]!.pool, projectId, { calls: batch }),
        () => seedCalls(instances[(index + 1) % 2]!.pool, projectId, { calls: [...batch].reverse() }),
      ]);
      results = await together(writes);
    } finally {
      await holder.query("COMMIT");
      holder.release();
    }
    const outcome = tally(results);
    expect(outcome.errors).toEqual([]);
    expect(outcome.storedTwice).toEqual([]);
    expect(outcome.storedIds).toBe(calls.length);
    expect(await partitionNames()).not.toContain(earlier);
    const before = calls.filter((call) => Date.parse(call.occurredAt) < midnight).length;
    // The earlier day's calls are in the default for now, the later day's in their own partition.
    expect((await placement(projectId)).map((row) => [row.partition, row.calls, row.ids])).toEqual([
      [later, calls.length - before, calls.length - before],
      ["calls_default", before, before],
    ]);
    // Already duplicates while they wait there.
    const resent = await seedCalls(instances[1]!.pool, projectId, { calls });
    expect(resent).toMatchObject({ accepted: 0, duplicates: calls.length });
    const counted = await rollups(projectId);
    expect(counted.outcome).toEqual(await expectedRollups(projectId));

    // The upkeep makes the day and moves its calls out of the default.
    const upkeep = await maintainPartitions(pool);
    expect(upkeep.created).toContain(earlier);
    expect(upkeep.busy).toEqual([]);
    const where = await placement(projectId);
    expect(where.map((row) => [row.partition, row.calls, row.misplaced])).toEqual([
      [earlier, before, 0],
      [later, calls.length - before, 0],
    ]);
    expect(await keysAgree(projectId)).toEqual({ calls: calls.length, keys: calls.length, disagreeing: 0 });

    // Sent again after the move: still duplicates; and new calls of that day from the same
    // instances (which last saw the day without a partition) go to its partition, not the default.
    const afterMove = await together([
      () => seedCalls(instances[0]!.pool, projectId, { calls }),
      () =>
        seedCalls(instances[1]!.pool, projectId, {
          calls: [callAt("busy-new-1", midnight - 10, 1), callAt("busy-new-2", midnight + 10, 2)],
        }),
    ]);
    expect(
      afterMove.map((result) => (typeof result === "string" ? result : [result.accepted, result.duplicates])),
    ).toEqual([
      [0, calls.length],
      [2, 0],
    ]);
    expect((await placement(projectId)).map((row) => [row.partition, row.calls, row.misplaced])).toEqual([
      [earlier, before + 1, 0],
      [later, calls.length - before + 1, 0],
    ]);
    // Moving the rows counted nothing again.
    expect((await rollups(projectId)).outcome).toEqual(await expectedRollups(projectId));
  });
});
