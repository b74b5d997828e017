import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { LOCKS } from "../../lib/db/lock";
import { applyRetention, pruneMinuteRollups } from "../../lib/ingest/maintenance";
import { runMaintenance, scheduleMaintenance } from "../../lib/upkeep";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase("maintenance");
});
afterAll(async () => testDatabase?.drop());

it("prunes minute rollups older than 48 hours, in chunks, and keeps everything else", async () => {
  const { pool } = testDatabase.database;
  const project = await pool.query<{ id: string }>(
    `INSERT INTO projects (id, name) VALUES (gen_random_uuid(), 'p') RETURNING id`,
  );
  const projectId = project.rows[0]!.id;
  const now = new Date("2026-11-29T12:00:00Z");
  const insert = (granularity: string, hoursAgo: number[], tool: (index: number) => string) =>
    pool.query(
      `WITH t AS (SELECT $3::timestamptz - (h * interval '1 hour') AS at, $4 || ord AS name
                   FROM unnest($5::float8[]) WITH ORDINALITY AS t(h, ord)),
            o AS (INSERT INTO outcome_rollups (project_id, granularity, bucket_start, method, server, outcome, category,
                    error_code, calls, silent_failures, partials, empties, wasted_retries, retryable, with_error_code)
                  SELECT $1, $2, at, 'tools/call', name, 'ok', '', '', 1, 0, 0, 0, 0, 0, 0 FROM t)
       INSERT INTO tool_rollups (project_id, granularity, bucket_start, method, server, tool, calls, failures,
              silent_failures, tool_errors, protocol_errors, transport_errors, with_error_code, opaque_errors,
              raw_exceptions, duration_ms_sum, duration_count)
       SELECT $1, $2, at, 'tools/call', 's', name, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM t`,
      [projectId, granularity, now, tool(0), hoursAgo],
    );
  await insert(
    "minute",
    Array.from({ length: 25_000 }, (_, index) => 49 + index / 1000),
    () => "old-",
  );
  await insert("minute", [47], () => "recent-");
  await insert("hour", [500], () => "hourly-");
  await insert("day", [500], () => "daily-");

  expect(await pruneMinuteRollups(pool, now)).toBe(50_000);
  const outcomes = await pool.query(
    `SELECT granularity, server AS tool FROM outcome_rollups ORDER BY granularity`,
  );
  const { rows } = await pool.query(`SELECT granularity, tool FROM tool_rollups ORDER BY granularity`);
  expect(outcomes.rows).toEqual(rows);
  expect(rows).toEqual([
    { granularity: "day", tool: "daily-1" },
    { granularity: "hour", tool: "hourly-1" },
    { granularity: "minute", tool: "recent-1" },
  ]);
});

it("deletes calls older than each project's retention in bulk, keeping recent ones and other projects' data", async () => {
  const { pool } = testDatabase.database;
  const now = new Date("2026-11-29T12:00:00Z");
  const projects = await pool.query<{ id: string; name: string }>(
    `INSERT INTO projects (id, name, retention_days) VALUES (gen_random_uuid(), 'short', 30), (gen_random_uuid(), 'long', 90)
     RETURNING id, name`,
  );
  const short = projects.rows.find((project) => project.name === "short")!.id;
  const long = projects.rows.find((project) => project.name === "long")!.id;
  const insertCalls = (projectId: string, prefix: string, count: number, daysAgo: number) =>
    pool.query(
      `INSERT INTO calls (project_id, id, occurred_at, server, tool, method, outcome, silent_failure, partial, empty, flags,
                          text, text_length, signature)
       SELECT $1, $2 || n, $3::timestamptz - (n % 60) * interval '1 minute', 's', 't', 'tools/call', 'ok', false, false,
              false, '{}', 'x', 1, 'sig'
         FROM generate_series(1, $4) AS n`,
      [projectId, prefix, new Date(now.getTime() - daysAgo * 86_400_000), count],
    );
  await insertCalls(short, "old-", 25_000, 40);
  await insertCalls(short, "new-", 10, 5);
  await insertCalls(long, "old-", 7, 40);
  await pool.query(
    `INSERT INTO failure_signatures (project_id, signature, server, tool, outcome, category, error_code, silent_failure,
                                     example_text, first_seen, last_seen, calls)
     VALUES ($1, 'stale', 's', 't', 'tool_error', 'unknown', '', false, 'x', $2, $2, 1)`,
    [short, new Date(now.getTime() - 40 * 86_400_000)],
  );
  // Sessions whose last call is past the retention go with their calls; a recent one stays.
  await pool.query(
    `INSERT INTO agent_sessions (project_id, session_id, first_at, last_at, last_call_id, last_failed, calls, failures)
     VALUES ($1, 'stale-run', $2, $2, 'old-1', false, 1, 0), ($1, 'recent-run', $3, $3, 'new-1', false, 1, 0)`,
    [short, new Date(now.getTime() - 40 * 86_400_000), new Date(now.getTime() - 5 * 86_400_000)],
  );

  const { projects: results } = await applyRetention(pool, now);
  expect(results.find((result) => result.project === "short")).toMatchObject({
    calls: 25_000,
    signatures: 1,
    sessions: 1,
  });
  const sessionsLeft = await pool.query(`SELECT session_id FROM agent_sessions WHERE project_id = $1`, [
    short,
  ]);
  expect(sessionsLeft.rows.map((row) => row.session_id)).toEqual(["recent-run"]);
  expect(results.find((result) => result.project === "long")).toMatchObject({ calls: 0 });
  const left = await pool.query<{ project_id: string; n: number }>(
    `SELECT project_id, count(*)::int AS n FROM calls GROUP BY project_id`,
  );
  expect(Object.fromEntries(left.rows.map((row) => [row.project_id, row.n]))).toEqual({
    [short]: 10,
    [long]: 7,
  });
});

it("runs retention at start and then every hour", async () => {
  const { pool } = testDatabase.database;
  const project = await pool.query<{ id: string }>(
    `INSERT INTO projects (id, name, retention_days) VALUES (gen_random_uuid(), 'scheduled', 1) RETURNING id`,
  );
  const insertOld = (id: string) =>
    pool.query(
      `INSERT INTO calls (project_id, id, occurred_at, server, tool, method, outcome, silent_failure, partial, empty, flags,
                          text, text_length, signature)
       VALUES ($1, $2, now() - interval '3 days', 's', 't', 'tools/call', 'ok', false, false, false, '{}', 'x', 1, 'sig')`,
      [project.rows[0]!.id, id],
    );
  const remaining = async () =>
    (await pool.query(`SELECT id FROM calls WHERE project_id = $1`, [project.rows[0]!.id])).rows.map(
      (row) => row.id,
    );

  vi.useFakeTimers({ toFake: ["setInterval"] });
  try {
    await insertOld("before-start");
    scheduleMaintenance(pool);
    await vi.waitFor(async () => expect(await remaining()).toEqual([]));
    await insertOld("an-hour-later");
    // An hour later (and each hour after: a pass that finds the last one still holding the
    // maintenance lock skips, as a second instance would).
    await vi.waitFor(async () => {
      vi.advanceTimersByTime(3_600_000);
      expect(await remaining()).toEqual([]);
    });
  } finally {
    vi.useRealTimers();
  }
});

it("with several instances, one runs the hourly upkeep and the others skip it", async () => {
  const pool = testDatabase.database.pool;
  const elsewhere = await pool.connect();
  try {
    // Another instance is in the middle of its pass.
    await elsewhere.query("SELECT pg_advisory_lock($1)", [LOCKS.maintenance]);
    expect(await runMaintenance(pool)).toBe(false);
    await elsewhere.query("SELECT pg_advisory_unlock($1)", [LOCKS.maintenance]);
    expect(await runMaintenance(pool)).toBe(true);
  } finally {
    elsewhere.release();
  }
});

it("never waits for a writer: a row a transaction holds is skipped this pass and deleted by the next", async () => {
  const { pool } = testDatabase.database;
  const project = await pool.query<{ id: string }>(
    `INSERT INTO projects (id, name, retention_days) VALUES (gen_random_uuid(), 'held', 1) RETURNING id`,
  );
  const projectId = project.rows[0]!.id;
  const old = new Date(Date.now() - 3 * 86_400_000);
  for (const id of ["held-1", "held-2"]) {
    await pool.query(
      `INSERT INTO calls (project_id, id, occurred_at, server, method, outcome, silent_failure, partial, empty, flags,
                          text, text_length, signature)
       VALUES ($1, $2, $3, 's', 'tools/call', 'ok', false, false, false, '{}', '', 0, 'x')`,
      [projectId, id, old],
    );
  }
  const writer = await pool.connect();
  try {
    // A writer merging a late span into an old call holds its row.
    await writer.query("BEGIN");
    await writer.query("SELECT 1 FROM calls WHERE project_id = $1 AND id = 'held-1' FOR UPDATE", [projectId]);
    const started = performance.now();
    const { projects: results } = await applyRetention(pool);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(results.find((result) => result.project === "held")?.calls).toBe(1);
    await writer.query("COMMIT");
  } finally {
    writer.release();
  }
  expect((await applyRetention(pool)).projects.find((result) => result.project === "held")?.calls).toBe(1);
});

it("keeps the planner's statistics fresh where autovacuum does not: a grown table is analyzed (and the log says so), an unchanged one is left alone", async () => {
  const { pool } = testDatabase.database;
  // As on a server whose autovacuum is off (or behind): nothing else analyzes `calls` here. It is
  // partitioned: autovacuum would only ever see its partitions.
  const partitions = async () =>
    (
      await pool.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
          WHERE i.inhparent = 'calls'::regclass`,
      )
    ).rows.map((row) => row.name);
  for (const partition of await partitions()) {
    await pool.query(`ALTER TABLE ${partition} SET (autovacuum_enabled = false)`);
  }
  await pool.query(`ANALYZE calls`);
  const project = await pool.query<{ id: string }>(
    `INSERT INTO projects (id, name) VALUES (gen_random_uuid(), 'growing') RETURNING id`,
  );
  const projectId = project.rows[0]!.id;
  await pool.query(
    `INSERT INTO calls (project_id, id, occurred_at, server, tool, method, outcome, silent_failure, partial, empty, flags,
                        text, text_length, signature)
     SELECT $1, 'grown-' || n, now() - (n % 600) * interval '1 second', 's', 't', 'tools/call', 'ok', false, false,
            false, '{}', 'x', 1, 'sig'
       FROM generate_series(1, 40000) AS n`,
    [projectId],
  );
  const estimate = async () => {
    const { rows } = await pool.query(`EXPLAIN (FORMAT JSON) SELECT * FROM calls WHERE project_id = $1`, [
      projectId,
    ]);
    return (rows[0]["QUERY PLAN"] as [{ Plan: { "Plan Rows": number } }])[0].Plan["Plan Rows"];
  };
  const changedSinceAnalyze = async () =>
    Number(
      (
        await pool.query(
          `SELECT sum(s.n_mod_since_analyze) AS n FROM pg_stat_user_tables s
             JOIN pg_inherits i ON i.inhrelid = s.relid WHERE i.inhparent = 'calls'::regclass`,
        )
      ).rows[0].n,
    );
  // Statistics reach pg_stat_user_tables within a second of the writer's commit.
  await vi.waitFor(async () => expect(await changedSinceAnalyze()).toBeGreaterThanOrEqual(40_000), {
    timeout: 5000,
  });
  expect(await estimate()).toBeLessThan(1000); // the planner still sees the table as it was

  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  try {
    expect(await runMaintenance(pool)).toBe(true);
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/upkeep analyzed calls \(\d+ rows changed, \d+ ms\)/),
    );
    expect(await estimate()).toBeGreaterThan(30_000);
    await vi.waitFor(async () => expect(await changedSinceAnalyze()).toBeLessThan(100), { timeout: 5000 });

    warn.mockClear();
    expect(await runMaintenance(pool)).toBe(true);
    expect(warn).not.toHaveBeenCalledWith(expect.stringMatching(/upkeep analyzed/));
  } finally {
    warn.mockRestore();
    for (const partition of await partitions()) {
      await pool.query(`ALTER TABLE ${partition} RESET (autovacuum_enabled)`);
    }
  }
});
