import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey } from "../../lib/auth/keys";
import { callsByIdPrefix, ID_PREFIX_MATCHES, ID_PREFIX_SQL } from "../../lib/queries/find";
import { prefixPattern } from "../../lib/queries/like";
import { startTestApi, type TestApi } from "../helpers/api";

// A partial call id finds the call: the ids of this project that begin with it, read from the
// primary key as a range (call ids compare bytewise), however many calls the project holds.

let api: TestApi;
let projectId: string;
let otherProjectId: string;
const BULK = 60_000;

beforeAll(async () => {
  api = await startTestApi("call_id_prefix");
  const { pool, prisma } = api.database;
  const other = await createKey(prisma, { project: "other" });
  otherProjectId = other.projectId;
  expect(
    (
      await api.post({
        calls: [
          {
            id: "3f2a9c1e-7b4d-4e8a-9c3b-5d6e7f8a9b0c",
            server: "crm",
            tool: "lookup",
            isError: false,
            text: "a",
          },
          {
            id: "3f2a9c1e-0000-4000-8000-000000000001",
            server: "crm",
            tool: "lookup",
            isError: false,
            text: "b",
          },
          { id: "order_2048%done", server: "shop", tool: "order", isError: false, text: "c" },
          { id: "orderX2048Xdone", server: "shop", tool: "order", isError: false, text: "d" },
        ],
      })
    ).status,
  ).toBe(200);
  projectId = (await pool.query<{ id: string }>(`SELECT id FROM projects WHERE name = 'default'`)).rows[0]!
    .id;
  const posted = await api.post(
    { id: "3f2a9c1e-other-project", server: "crm", tool: "lookup", isError: false, text: "e" },
    other.key,
  );
  expect(posted, JSON.stringify(posted.body)).toMatchObject({ status: 200 });
  // A project of realistic size: random ids, as senders' UUIDs are.
  await pool.query(
    `INSERT INTO calls (project_id, id, occurred_at, server, tool, method, outcome, silent_failure, partial, empty, flags, text, text_length, signature)
     SELECT $1, gen_random_uuid()::text, now() - (i || ' seconds')::interval, 'server-' || (i % 20), 'tool_' || (i % 300),
            'tools/call', 'ok', false, false, false, '{}', 'fine', 4, substr(md5(i::text), 1, 16)
       FROM generate_series(1, $2::int) i`,
    [projectId, BULK],
  );
  // Many ids sharing one start: the lookup still reads only a few.
  await pool.query(
    `INSERT INTO calls (project_id, id, occurred_at, server, method, outcome, silent_failure, partial, empty, flags, text, text_length, signature)
     SELECT $1, 'batch-2026-' || i, now(), 'bulk', 'tools/call', 'ok', false, false, false, '{}', 'fine', 4, 'x'
       FROM generate_series(1, 5000) i`,
    [projectId],
  );
  // Rows written by hand claim their ids as ingest does (call_ids: the idempotency key).
  await pool.query(
    `INSERT INTO call_ids (project_id, id, occurred_at)
     SELECT project_id, id, occurred_at FROM calls WHERE project_id = $1 ON CONFLICT DO NOTHING`,
    [projectId],
  );
  await pool.query("ANALYZE calls");
  await pool.query("ANALYZE call_ids");
}, 120_000);
afterAll(async () => api?.close());

describe("calls by the start of their id", () => {
  it("finds this project's calls whose id begins with the text, literally", async () => {
    const found = await callsByIdPrefix(api.database.pool, projectId, "3f2a9c1e");
    expect(found.calls.map((call) => call.id).sort()).toEqual([
      "3f2a9c1e-0000-4000-8000-000000000001",
      "3f2a9c1e-7b4d-4e8a-9c3b-5d6e7f8a9b0c",
    ]);
    expect(found.more).toBe(false);
    // _ is a character of the id, not a wildcard.
    const literal = await callsByIdPrefix(api.database.pool, projectId, "order_2048");
    expect(literal.calls.map((call) => call.id)).toEqual(["order_2048%done"]);
    const other = await callsByIdPrefix(api.database.pool, otherProjectId, "3f2a9c1e");
    expect(other.calls.map((call) => call.id)).toEqual(["3f2a9c1e-other-project"]);
  });

  it("lists at most a few and says there are more", async () => {
    const found = await callsByIdPrefix(api.database.pool, projectId, "batch-2026");
    expect(found.calls).toHaveLength(ID_PREFIX_MATCHES);
    expect(found.more).toBe(true);
  });

  it("is a range scan of the primary key at size, reading a handful of rows", async () => {
    // Whatever the database's collation (C.UTF-8, en_US …): call ids compare bytewise, the one
    // order in which PostgreSQL turns LIKE 'prefix%' into a range of a btree.
    const { rows: columns } = await api.database.pool.query<{ collation_name: string | null }>(
      `SELECT collation_name FROM information_schema.columns WHERE table_name IN ('calls', 'call_ids') AND column_name = 'id'`,
    );
    expect(columns).toEqual([{ collation_name: "C" }, { collation_name: "C" }]);
    const { rows } = await api.database.pool.query<{ "QUERY PLAN": unknown }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${ID_PREFIX_SQL}`,
      [projectId, prefixPattern("3f2a9c"), ID_PREFIX_MATCHES + 1],
    );
    const plan = JSON.stringify(rows[0]!["QUERY PLAN"]);
    // The idempotency key's index (one for every day partition), then each call by its key.
    expect(plan).toContain('"Index Name":"call_ids_pkey"');
    // The prefix bounds the scan (a range on id), it is not a filter over the project's rows.
    expect(plan).toMatch(
      /"Index Cond":"\(\(project_id = [^"]*\) AND \(id >= '3f2a9c'::text\) AND \(id < '3f2a9d'::text\)\)"/,
    );
    // No table is read whole: any sequential scan in the plan is of a partition never entered.
    for (const scan of plan.matchAll(/"Node Type":"Seq Scan"[^}]*?"Actual Loops":(\d+)/g))
      expect(scan[1]).toBe("0");
    expect(plan).not.toMatch(/"Relation Name":"call_ids"[^}]*"Node Type":"Seq Scan"/);
  });
});
