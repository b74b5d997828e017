import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { preparedCallBytes } from "@/lib/ingest/offload";
import type { PreparedCall } from "@/lib/ingest/prepare";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// What an ingest request holds of the server's memory is counted until its calls are written,
// not only while its body is read and decoded: the calls prepared from a body wait in the main
// thread for the database, and a sender outrunning the database would otherwise pile them up
// without bound (8 OTLP requests of 16,384 spans took the server from 311 to 590 MB). Here the
// database is held still (a lock on call_ids) while one request's calls wait to be written; the
// next request that would take the project past its share is refused 429 with Retry-After, and
// stored once the first is written.

const KEY = "flk_ingest_memory_00000000000000";
const TEXT = 512;
/** What the first request's 1,000 prepared calls hold while they wait (~1.7 MB). */
const HELD = 1000 * preparedCallBytes({ text: "x".repeat(TEXT) } as PreparedCall);
/**
 * The instance's budget: a project may hold half — 30,000 bytes more than the first request's
 * prepared calls, less than the second's 40 KB body (small enough to arrive whole before it is
 * refused, so the sender reads the answer rather than a reset).
 */
const BUDGET = 2 * (HELD + 30_000);
let testDatabase: TestDatabase;
let server: AppServer;

beforeAll(async () => {
  testDatabase = await createTestDatabase("ingest_memory");
  server = await startAppServer({
    DATABASE_URL: testDatabase.url,
    FAULTLINE_INIT_INGEST_KEY: KEY,
    FAULTLINE_INGEST_RATE_PER_SECOND: "0",
    FAULTLINE_INGEST_INFLIGHT_BYTES: String(BUDGET),
  });
});
afterAll(async () => {
  await server?.stop();
  await testDatabase?.drop();
});

/** `count` calls with 512 characters of text each (1,000: a 0.6 MB body). */
const batch = (prefix: string, count: number) =>
  JSON.stringify({
    calls: Array.from({ length: count }, (_, index) => ({
      id: `${prefix}-${index}`,
      server: "memory",
      tool: "lookup",
      isError: index % 2 === 0,
      text: `${index} `.padEnd(TEXT, "x"),
    })),
  });

const post = (body: string) =>
  fetch(`${server.url}/api/v1/calls`, {
    method: "POST",
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    body,
  });

it("holds a request's prepared calls against the project's share until they are written", async () => {
  const locker = new pg.Client({ connectionString: testDatabase.url });
  await locker.connect();
  try {
    await locker.query("BEGIN");
    await locker.query("LOCK TABLE call_ids IN SHARE MODE");
    const first = post(batch("first", 1000));
    // Wait until the first request's calls are prepared and waiting on the lock.
    for (let waited = 0; ; waited += 50) {
      const { rows } = await locker.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
      );
      if (rows[0]!.n > 0) break;
      if (waited > 30_000) throw new Error("the first request never reached the database");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const small = batch("second", 70);
    expect(small.length).toBeGreaterThan(30_000);
    const second = await post(small);
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toBe("1");
    expect(((await second.json()) as { error: { message: string } }).error.message).toContain(
      "nothing was written",
    );
    await locker.query("COMMIT");
    const answered = await first;
    expect(answered.status).toBe(200);
    expect(((await answered.json()) as { accepted: number }).accepted).toBe(1000);
    // Once the first is written, the same request goes in whole.
    const retried = await post(small);
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as { accepted: number }).accepted).toBe(70);
    const { rows } = await locker.query<{ n: number }>(`SELECT count(*)::int AS n FROM calls`);
    expect(rows[0]!.n).toBe(1070);
  } finally {
    await locker.end();
  }
});
