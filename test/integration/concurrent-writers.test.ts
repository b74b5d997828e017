import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type Database } from "../../lib/db/connect";
import { changeSignatureStatus } from "../../lib/failures/lifecycle";
import { storePrepared } from "../../lib/ingest";
import { writeBatch } from "../../lib/ingest/write";
import { metrics } from "../../lib/metrics";
import { prepareCalls, type PreparedCall } from "../../lib/ingest/prepare";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// Writers of the same calls at the same moment: an MCP client and its server exporting the spans
// of the same requests (OTLP: merged into one call), a webhook batch re-sent through a load
// balancer to a second instance, and people resolving the signatures those calls land in.
// Each "instance" is a pool of its own (its own group-commit queues), as two app processes on
// one database are. Every call must be stored once, every request answered, no deadlock
// surfacing as an error, and the rollups and read models must count each call once.

let testDatabase: TestDatabase;
let instances: Database[] = [];
let projectId: string;

beforeAll(async () => {
  testDatabase = await createTestDatabase("concurrent_writers");
  instances = [0, 1].map(() => connect(testDatabase.url, { write: 8, read: 2, readTimeoutMs: 10_000 }));
  const { rows } = await testDatabase.database.pool.query<{ id: string }>(
    "INSERT INTO projects (id, name) VALUES (gen_random_uuid(), 'concurrent') RETURNING id",
  );
  projectId = rows[0]!.id;
});
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  await testDatabase?.drop();
});

const now = Date.now();
const TOOLS = ["lookup", "charge", "refund", "search"];

/** The client's and the server's view of request `n`: the server knows the tool failed, the client only that it answered. */
function side(n: number, as: "client" | "server"): unknown {
  const failing = n % 3 === 0;
  // Each side's observation of request n (two OTLP spans): ids of their own, the JSON-RPC id shared.
  return {
    id: `req-${String(n).padStart(5, "0")}-${as}`,
    route: "otlp",
    side: as,
    requestId: String(n),
    occurredAt: new Date(now - 60_000 + n).toISOString(),
    server: as === "server" ? "crm" : "unknown",
    tool: TOOLS[n % TOOLS.length],
    agent: as === "client" ? "agent" : undefined,
    sessionId: `session-${n % 7}`,
    response: {
      jsonrpc: "2.0",
      id: n,
      result:
        failing && as === "server"
          ? { isError: true, content: [{ type: "text", text: `Error: lead ${n % 5} not found` }] }
          : { content: [{ type: "text", text: failing ? "" : `found ${n}` }] },
    },
  };
}

function prepared(items: unknown[]): { prepared: PreparedCall[]; rejected: [] } {
  const result = prepareCalls(items, new Date());
  expect(result.rejected).toEqual([]);
  return { prepared: result.prepared, rejected: [] };
}

async function counts(
  prefix: string,
): Promise<{ calls: number; rollup: number; failures: number; signatures: number }> {
  const pool = testDatabase.database.pool;
  const [calls, rollup, signatures] = await Promise.all([
    pool.query<{ calls: number; failures: number }>(
      `SELECT count(*)::int AS calls, count(*) FILTER (WHERE outcome <> 'ok' OR silent_failure)::int AS failures
         FROM calls WHERE project_id = $1 AND id LIKE $2`,
      [projectId, `${prefix}%`],
    ),
    pool.query<{ n: number }>(
      `SELECT coalesce(sum(calls), 0)::int AS n FROM outcome_rollups WHERE project_id = $1 AND granularity = 'minute'`,
      [projectId],
    ),
    pool.query<{ n: number }>(
      `SELECT coalesce(sum(calls), 0)::int AS n FROM failure_signatures WHERE project_id = $1`,
      [projectId],
    ),
  ]);
  return {
    calls: calls.rows[0]!.calls,
    failures: calls.rows[0]!.failures,
    rollup: rollup.rows[0]!.n,
    signatures: signatures.rows[0]!.n,
  };
}

async function clear(): Promise<void> {
  const pool = testDatabase.database.pool;
  for (const table of [
    "calls",
    "call_ids",
    "outcome_rollups",
    "tool_rollups",
    "failure_signatures",
    "signature_rollups",
    "silent_groups",
    "signature_events",
  ]) {
    await pool.query(`DELETE FROM ${table} WHERE project_id = $1`, [projectId]);
  }
}

const retries = async () => (await metrics().writeRetries.get()).values[0]?.value ?? 0;

/**
 * Runs every write at once, answering each with "ok" or its error. None may lose a deadlock and
 * need the retry: the lock order alone must keep writers apart (the retry is the safety net).
 */
async function settle(writes: (() => Promise<unknown>)[]): Promise<string[]> {
  const before = await retries();
  const outcomes = await Promise.all(
    writes.map((write) =>
      write().then(
        () => "ok",
        (error: Error & { code?: string }) => `${error.code ?? ""} ${error.message}`,
      ),
    ),
  );
  expect(await retries(), "transactions that lost a deadlock and were retried").toBe(before);
  return outcomes;
}

describe("concurrent writers of the same calls", () => {
  it.each([1, 2])(
    "an MCP client and its server exporting the same 3,200 requests at once, over %i instance(s): merged, none lost, counted once",
    async (instanceCount) => {
      await clear();
      const requests = Array.from({ length: 3_200 }, (_, n) => n);
      const batches: unknown[][] = [];
      for (let start = 0; start < requests.length; start += 200) {
        const slice = requests.slice(start, start + 200);
        // The two sides batch the same requests in different orders, as two exporters do.
        batches.push(slice.map((n) => side(n, "client")));
        batches.push([...slice].reverse().map((n) => side(n, "server")));
      }
      // Classified before the writes start, as ingest's worker threads do: 6,400 calls classified on the
      // test's own event loop while the writes wait for connections would hold the pool's connect timers.
      const ready = batches.map(prepared);
      const outcomes = await settle(
        ready.map(
          (batch, index) => () => storePrepared(instances[index % instanceCount]!.pool, projectId, batch),
        ),
      );
      expect(outcomes.filter((outcome) => outcome !== "ok")).toEqual([]);
      const after = await counts("req-");
      expect(after.calls).toBe(3_200);
      // Every request merged: the server's isError and the client's agent on one row.
      const { rows } = await testDatabase.database.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM calls WHERE project_id = $1 AND server = 'crm' AND agent = 'agent'`,
        [projectId],
      );
      expect(rows[0]!.n).toBe(3_200);
      expect(after.failures).toBe(requests.filter((n) => n % 3 === 0).length);
      expect(after.rollup).toBe(3_200);
      expect(after.signatures).toBe(after.failures);
    },
    120_000,
  );

  it.each([1, 2])(
    "a webhook batch re-sent at once to %i instance(s), in both orders: each call stored once, counted once",
    async (instanceCount) => {
      await clear();
      const calls = Array.from({ length: 2_000 }, (_, n) => ({
        ...(side(n, "server") as object),
        id: `hook-${n}`,
        route: undefined,
        side: undefined,
        requestId: undefined,
      }));
      const writes: (() => Promise<unknown>)[] = [];
      for (let copy = 0; copy < 4; copy++) {
        for (let start = 0; start < calls.length; start += 100) {
          const slice = calls.slice(start, start + 100);
          const batch = prepared(copy % 2 === 0 ? slice : [...slice].reverse());
          writes.push(() =>
            storePrepared(instances[(copy + start / 100) % instanceCount]!.pool, projectId, batch),
          );
        }
      }
      const outcomes = await settle(writes);
      expect(outcomes.filter((outcome) => outcome !== "ok")).toEqual([]);
      const after = await counts("hook-");
      expect(after.calls).toBe(2_000);
      expect(after.rollup).toBe(2_000);
      expect(after.signatures).toBe(after.failures);
    },
    120_000,
  );

  it("people resolving, ignoring and reopening signatures while both instances store calls of them", async () => {
    await clear();
    const failing = (id: string, n: number) => ({
      ...(side(n * 3, "server") as object),
      id,
      tool: TOOLS[n % 2],
    });
    await storePrepared(
      instances[0]!.pool,
      projectId,
      prepared(Array.from({ length: 40 }, (_, n) => failing(`life-${n}`, n))),
    );
    const { rows } = await testDatabase.database.pool.query<{ signature: string }>(
      "SELECT signature FROM failure_signatures WHERE project_id = $1 ORDER BY signature",
      [projectId],
    );
    expect(rows.length).toBeGreaterThan(1);
    const writes: (() => Promise<unknown>)[] = [];
    for (let batch = 0; batch < 20; batch++) {
      const calls = Array.from({ length: 50 }, (_, n) => failing(`life-${batch}-${n}`, batch + n));
      writes.push(() =>
        storePrepared(instances[batch % 2]!.pool, projectId, prepared(batch % 2 ? calls.reverse() : calls)),
      );
      const { signature } = rows[batch % rows.length]!;
      const change =
        batch % 3 === 0
          ? { status: "resolved" as const }
          : batch % 3 === 1
            ? { status: "ignored" as const, forCalls: 5 }
            : { status: "open" as const };
      writes.push(() =>
        changeSignatureStatus(
          instances[(batch + 1) % 2]!.pool,
          projectId,
          signature,
          change,
          "someone@example.test",
        ),
      );
    }
    const outcomes = await settle(writes);
    expect(outcomes.filter((outcome) => outcome !== "ok")).toEqual([]);
    const after = await counts("life-");
    expect(after.calls).toBe(40 + 20 * 50);
    expect(after.signatures).toBe(after.failures);
  }, 60_000);

  it("a transaction PostgreSQL picks as a deadlock's victim is run again inside the server, not answered with an error", async () => {
    await clear();
    // Another writer (standing in for anything that locks in another order) has claimed the
    // batch's second id, and will then want its first, which the batch claims before it (ids
    // are claimed in order): a real deadlock.
    const other = await testDatabase.database.pool.connect();
    const claim = (id: string) =>
      other.query("INSERT INTO call_ids (project_id, id, occurred_at) VALUES ($1, $2, now())", [
        projectId,
        id,
      ]);
    try {
      await other.query("SET deadlock_timeout = '30s'"); // so PostgreSQL picks the batch, not this one
      await other.query("BEGIN");
      await claim("victim-2");
      const retriesBefore = await retries();
      const batch = prepared([
        { ...(side(1, "server") as object), id: "victim-1" },
        { ...(side(2, "server") as object), id: "victim-2" },
      ]).prepared;
      const written = writeBatch(instances[1]!.pool, projectId, batch);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await claim("victim-1"); // proceeds once the batch, the deadlock's victim, has rolled back
      await other.query("ROLLBACK");
      const result = await written;
      expect(result.results.map(({ stored, fate }) => [stored.id, fate])).toEqual([
        ["victim-1", "stored"],
        ["victim-2", "stored"],
      ]);
      expect(await retries()).toBe(retriesBefore + 1);
    } finally {
      other.release();
    }
  }, 30_000);
});
