import type { Pool, PoolClient } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type Database } from "../../lib/db/connect";
import { CALLS_PER_FOLD, foldPending } from "../../lib/ingest/fold";
import { figuresCompleteAt, foldStatus } from "../../lib/ingest/fold-status";
import { prepareCalls, type PreparedCall } from "../../lib/ingest/prepare";
import { writeBatch } from "../../lib/ingest/write";
import { writeCalls } from "../../lib/ingest/write-calls";
import { metrics } from "../../lib/metrics";
import { queueRowAged, whileFoldIsHeld } from "../helpers/fold";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// The fold (lib/ingest/fold): an ingest transaction stores its calls and a queue row; a fold
// applies queue rows to the rollups and read models and deletes them in one transaction. Every
// figure must count each call exactly once whatever happens to a fold: its connection killed
// before any of its statements, two instances folding at once, calls merged while their first
// version is still queued.

let testDatabase: TestDatabase;
let instances: Database[] = [];
let projectId: string;

beforeAll(async () => {
  testDatabase = await createTestDatabase("fold");
  instances = [0, 1].map(() => connect(testDatabase.url, { write: 6, read: 2, readTimeoutMs: 10_000 }));
  const { rows } = await testDatabase.database.pool.query<{ id: string }>(
    "INSERT INTO projects (id, name) VALUES (gen_random_uuid(), 'fold') RETURNING id",
  );
  projectId = rows[0]!.id;
});
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  await testDatabase?.drop();
});

const now = Date.now();

function calls(prefix: string, count: number): PreparedCall[] {
  const result = prepareCalls(
    Array.from({ length: count }, (_, n) => ({
      id: `${prefix}-${String(n).padStart(4, "0")}`,
      occurredAt: new Date(now - 600_000 + n * 1000).toISOString(),
      server: n % 2 === 0 ? "crm" : "billing",
      tool: ["lookup", "charge", "refund"][n % 3],
      sessionId: `${prefix}-session-${n % 4}`,
      response:
        n % 4 === 0
          ? {
              jsonrpc: "2.0",
              id: n,
              result: { isError: true, content: [{ type: "text", text: `lead ${n} not found` }] },
            }
          : n % 4 === 1
            ? { jsonrpc: "2.0", id: n, result: { content: [{ type: "text", text: "Error: 403 Forbidden" }] } }
            : { jsonrpc: "2.0", id: n, result: { content: [{ type: "text", text: `found ${n}` }] } },
    })),
    new Date(),
  );
  expect(result.rejected).toEqual([]);
  return result.prepared;
}

/** What the stored calls say each figure should be, and what the figures say. */
async function figures(pool: Pool): Promise<{ fromCalls: number[]; folded: number[]; queued: number }> {
  const one = async (sql: string) => (await pool.query<{ n: number }>(sql, [projectId])).rows[0]!.n;
  const fromCalls = await Promise.all([
    one("SELECT count(*)::int AS n FROM calls WHERE project_id = $1"),
    one("SELECT count(*)::int AS n FROM calls WHERE project_id = $1 AND (outcome <> 'ok' OR silent_failure)"),
    one("SELECT count(*)::int AS n FROM calls WHERE project_id = $1 AND silent_failure"),
    one("SELECT count(*)::int AS n FROM calls WHERE project_id = $1 AND session_id IS NOT NULL"),
    one("SELECT count(*)::int AS n FROM calls WHERE project_id = $1 AND (outcome <> 'ok' OR silent_failure)"),
  ]);
  const folded = await Promise.all([
    one(
      "SELECT coalesce(sum(calls), 0)::int AS n FROM outcome_rollups WHERE project_id = $1 AND granularity = 'minute'",
    ),
    one("SELECT coalesce(sum(calls), 0)::int AS n FROM failure_signatures WHERE project_id = $1"),
    one("SELECT coalesce(sum(calls), 0)::int AS n FROM silent_groups WHERE project_id = $1"),
    one("SELECT coalesce(sum(calls), 0)::int AS n FROM agent_sessions WHERE project_id = $1"),
    one("SELECT coalesce(sum(calls), 0)::int AS n FROM signature_rollups WHERE project_id = $1"),
  ]);
  const queued = await one("SELECT count(*)::int AS n FROM fold_queue WHERE project_id = $1");
  return { fromCalls, folded, queued };
}

async function clear(): Promise<void> {
  const pool = testDatabase.database.pool;
  for (const table of [
    "fold_queue",
    "calls",
    "call_ids",
    "outcome_rollups",
    "tool_rollups",
    "failure_signatures",
    "signature_rollups",
    "silent_groups",
    "agent_sessions",
  ])
    await pool.query(`DELETE FROM ${table} WHERE project_id = $1`, [projectId]);
}

/**
 * Runs one fold whose connection is killed (its backend terminated, as when PostgreSQL restarts or
 * the network drops) just before its `step`-th statement; whether it got that far.
 */
async function foldKilledAt(pool: Pool, step: number): Promise<boolean> {
  const killer = testDatabase.database.pool;
  const connect = pool.connect.bind(pool);
  let reached = false;
  const patched = pool as Pool & { connect: () => Promise<PoolClient> };
  patched.connect = async () => {
    const client = await connect();
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    let n = 0;
    (client as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...args) => {
      n += 1;
      if (n === step) {
        reached = true;
        const pid = (client as unknown as { processID: number }).processID;
        await killer.query("SELECT pg_terminate_backend($1)", [pid]);
        // Gone before the statement is sent, so the statement is what fails.
        while ((await killer.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1", [pid])).rowCount) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
      return query(...args);
    };
    // A client that survives goes back to the pool as it was.
    const release = client.release.bind(client);
    client.release = (destroy?: boolean | Error) => {
      delete (client as unknown as { query?: unknown }).query;
      return release(destroy);
    };
    return client;
  };
  try {
    await foldPending(pool, { wait: true }).catch(() => undefined);
  } finally {
    patched.connect = connect;
  }
  return reached;
}

describe("the fold", () => {
  it("counts every call once when its connection is killed before any of its statements", async () => {
    await clear();
    const pool = instances[0]!.pool;
    let step = 1;
    for (; ; step++) {
      await writeBatch(pool, projectId, calls(`kill${step}`, 12), "background");
      const before = await figures(pool);
      expect(before.queued).toBeGreaterThan(0);
      const reached = await foldKilledAt(pool, step);
      // Killed or not, nothing is half-folded: what the figures count is what is not queued.
      await foldPending(pool, { wait: true });
      const after = await figures(pool);
      expect(after.queued).toBe(0);
      expect(after.folded).toEqual(after.fromCalls);
      if (!reached) break;
    }
    // BEGIN, the lock, the take, the rollups, the read models' statements and COMMIT were each killed.
    expect(step).toBeGreaterThanOrEqual(8);
  }, 120_000);

  it("two instances folding while both ingest, one folding inline and one in the background: every call counted once", async () => {
    await clear();
    const writes = Array.from({ length: 30 }, (_, n) =>
      writeCalls(
        instances[n % 2]!.pool,
        projectId,
        calls(`two${n}`, 20),
        n % 2 === 0 ? "inline" : "background",
      ),
    );
    const folds = Array.from({ length: 20 }, (_, n) =>
      foldPending(instances[n % 2]!.pool, { wait: n % 3 === 0 }),
    );
    await Promise.all([...writes, ...folds]);
    await foldPending(instances[0]!.pool, { wait: true });
    const after = await figures(testDatabase.database.pool);
    expect(after.queued).toBe(0);
    expect(after.fromCalls[0]).toBe(600);
    expect(after.folded).toEqual(after.fromCalls);
  }, 60_000);

  it("a call merged with another route's report while its first version is still queued is counted once, as merged", async () => {
    await clear();
    const pool = instances[0]!.pool;
    const span = (side: "client" | "server", failing: boolean) =>
      prepareCalls(
        [
          {
            id: `merge-${side}`,
            route: "otlp",
            side,
            requestId: "77",
            occurredAt: new Date(now - 30_000 + (side === "client" ? 0 : 5)).toISOString(),
            server: "crm",
            tool: "lookup",
            sessionId: "merge-session",
            response: {
              jsonrpc: "2.0",
              id: 77,
              result: failing
                ? { isError: true, content: [{ type: "text", text: "lead 7 not found" }] }
                : { content: [{ type: "text", text: "" }] },
            },
          },
        ],
        new Date(),
      ).prepared;
    await writeBatch(pool, projectId, span("client", false), "background");
    await writeBatch(pool, projectId, span("server", true), "background");
    expect((await figures(pool)).queued).toBe(2);
    await foldPending(pool, { wait: true });
    const after = await figures(pool);
    expect(after.fromCalls.slice(0, 2)).toEqual([1, 1]);
    expect(after.folded).toEqual(after.fromCalls);
  });

  it("under FAULTLINE_FOLD=inline a write's figures are complete when it is answered, also while a fold holds the lock", async () => {
    await clear();
    expect(process.env.FAULTLINE_FOLD ?? "inline").toBe("inline");
    await whileFoldIsHeld(testDatabase.database.pool, async () => {
      await writeCalls(instances[1]!.pool, projectId, calls("inline", 8));
      const after = await figures(testDatabase.database.pool);
      expect(after.queued).toBe(0);
      expect(after.fromCalls[0]).toBe(8);
      expect(after.folded).toEqual(after.fromCalls);
    });
  });

  it("a fold takes at most CALLS_PER_FOLD calls (its first row whole), whatever was queued", async () => {
    await clear();
    const pool = instances[0]!.pool;
    // Four batches of 2,000: a fold takes two (4,000), the next two.
    for (let n = 0; n < 4; n++) await writeBatch(pool, projectId, calls(`big${n}`, 2000), "background");
    expect(CALLS_PER_FOLD).toBe(5000);
    const folds: number[] = [];
    for (let n = 0; n < 3; n++) {
      const done = await foldPending(pool, { wait: true, transactions: 1 });
      folds.push(done.calls);
    }
    expect(folds).toEqual([4000, 4000, 0]);
    const after = await figures(pool);
    expect(after.folded).toEqual(after.fromCalls);
  }, 60_000);

  it("says how far the figures are behind, and alert rounds evaluate at the instant they are complete", async () => {
    await clear();
    const pool = testDatabase.database.pool;
    expect((await foldStatus(pool)).behindSeconds).toBe(0);
    expect(await figuresCompleteAt(pool)).toBeUndefined();
    await whileFoldIsHeld(pool, async () => {
      await queueRowAged(pool, projectId, 90);
      const status = await foldStatus(pool);
      expect(status.behindSeconds).toBeGreaterThanOrEqual(90);
      expect(status.behindSeconds).toBeLessThan(95);
      const at = (await figuresCompleteAt(pool))!.getTime();
      expect(Date.now() - at).toBeGreaterThanOrEqual(90_000);
      expect(Date.now() - at).toBeLessThan(95_000);
    });
    await foldPending(instances[0]!.pool, { wait: true });
    expect((await foldStatus(pool)).behindSeconds).toBe(0);
  });

  it("reports how long queued calls waited for their fold", async () => {
    await clear();
    const pool = instances[0]!.pool;
    const read = async (suffix: string) =>
      (await metrics().foldLag.get()).values.find((value) => value.metricName?.endsWith(suffix))?.value ?? 0;
    const [countBefore, sumBefore] = [await read("_count"), await read("_sum")];
    await writeBatch(pool, projectId, calls("lag", 3), "background");
    await new Promise((resolve) => setTimeout(resolve, 120));
    await foldPending(pool, { wait: true });
    expect(await read("_count")).toBe(countBefore + 1);
    expect((await read("_sum")) - sumBefore).toBeGreaterThanOrEqual(0.1);
  });
});
