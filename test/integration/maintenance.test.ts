import { afterAll, beforeAll, expect, it } from "vitest";
import { pruneMinuteRollups } from "../../lib/ingest/maintenance";
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
      `INSERT INTO call_rollups (project_id, granularity, bucket_start, server, tool, outcome, category, error_code, calls,
         silent_failures, partials, empties, wasted_retries, retryable, with_error_code, opaque_errors, raw_exceptions,
         duration_ms_sum, duration_count)
       SELECT $1, $2, $3::timestamptz - (h * interval '1 hour'), 's', $4 || ord, 'ok', '', '', 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
         FROM unnest($5::float8[]) WITH ORDINALITY AS t(h, ord)`,
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

  expect(await pruneMinuteRollups(pool, now)).toBe(25_000);
  const { rows } = await pool.query(`SELECT granularity, tool FROM call_rollups ORDER BY granularity`);
  expect(rows).toEqual([
    { granularity: "day", tool: "daily-1" },
    { granularity: "hour", tool: "hourly-1" },
    { granularity: "minute", tool: "recent-1" },
  ]);
});
