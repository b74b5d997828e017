import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../helpers/api";

// Concurrent webhook requests of one project share transactions (lib/ingest/group-commit).
// What senders rely on is unchanged: each acknowledged call is stored exactly once, the same id
// sent twice at once is new exactly once, and a request that cannot be stored fails alone.

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi("group_commit", { FAULTLINE_INGEST_RATE_PER_SECOND: "0" });
  // A call PostgreSQL refuses although it passed validation: a trigger stands in for whatever
  // could make one request's transaction fail.
  await api.database.pool.query(`
    CREATE FUNCTION refuse_poison() RETURNS trigger AS $$
    BEGIN
      IF NEW.server = 'poison' THEN RAISE EXCEPTION 'refused'; END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql;
    CREATE TRIGGER refuse_poison BEFORE INSERT ON calls FOR EACH ROW EXECUTE FUNCTION refuse_poison();`);
});
afterAll(async () => api?.close());

const call = (id: string, server = "crm") => ({
  id,
  server,
  tool: "lookup",
  sessionId: `s-${id}`,
  response: { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: `found ${id}` }] } },
});

async function stored(ids: string[]): Promise<string[]> {
  const { rows } = await api.database.pool.query<{ id: string }>(
    `SELECT id FROM calls WHERE id = ANY($1::text[]) ORDER BY id`,
    [ids],
  );
  return rows.map((row) => row.id);
}

describe("group commit", () => {
  it("64 concurrent one-call requests: every call stored once, counted once in the rollups", async () => {
    const ids = Array.from({ length: 64 }, (_, index) => `single-${String(index).padStart(2, "0")}`);
    const answers = await Promise.all(ids.map((id) => api.post(call(id))));
    expect(answers.map((answer) => answer.status)).toEqual(ids.map(() => 200));
    expect(answers.every((answer) => answer.body.accepted === 1 && answer.body.duplicates === 0)).toBe(true);
    expect(await stored(ids)).toEqual(ids);
    const { rows } = await api.database.pool.query<{ calls: string }>(
      `SELECT sum(calls) AS calls FROM outcome_rollups WHERE granularity = 'minute' AND server = 'crm'`,
    );
    expect(Number(rows[0]!.calls)).toBe(64);
  });

  it("the same id in requests sent at the same moment is new exactly once", async () => {
    const ids = Array.from({ length: 10 }, (_, index) => `twice-${index}`);
    const answers = await Promise.all([...ids, ...ids].map((id) => api.post(call(id))));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    for (const id of ids) {
      const mine = answers.filter((answer) => answer.body.calls[0]!.id === id);
      expect(mine.map((answer) => answer.body.calls[0]!.duplicate).sort()).toEqual([false, true]);
    }
    expect(await stored(ids)).toEqual(ids);
  });

  it("a request that cannot be stored fails alone: its neighbours are stored and acknowledged", async () => {
    const ids = Array.from({ length: 30 }, (_, index) => `beside-${String(index).padStart(2, "0")}`);
    const answers = await Promise.all([
      ...ids.slice(0, 15).map((id) => api.post(call(id))),
      api.post(call("poisoned", "poison")),
      ...ids.slice(15).map((id) => api.post(call(id))),
    ]);
    const poisoned = answers[15]!;
    expect(poisoned.status).toBeGreaterThanOrEqual(500);
    const others = answers.filter((_, index) => index !== 15);
    expect(others.map((answer) => answer.status)).toEqual(ids.map(() => 200));
    expect(await stored([...ids, "poisoned"])).toEqual(ids);
  });

  it("projects never share a transaction's calls", async () => {
    const other = await api.createKey("other", ["ingest", "read"]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => api.post(call(`mixed-${index}`), index % 2 ? other : api.key)),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const { rows } = await api.database.pool.query<{ name: string; ids: string[] }>(
      `SELECT p.name, array_agg(c.id ORDER BY c.id) AS ids FROM calls c JOIN projects p ON p.id = c.project_id
        WHERE c.id LIKE 'mixed-%' GROUP BY p.name ORDER BY p.name`,
    );
    const expected = (odd: boolean) =>
      Array.from({ length: 20 }, (_, index) => index)
        .filter((index) => (index % 2 === 1) === odd)
        .map((index) => `mixed-${index}`)
        .sort();
    expect(rows).toEqual([
      { name: "default", ids: expected(false) },
      { name: "other", ids: expected(true) },
    ]);
  });
});
