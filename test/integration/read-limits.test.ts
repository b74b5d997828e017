import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readsFor } from "../../lib/http/rate-limit";
import { startTestApi, type TestApi } from "../helpers/api";
import { otherPool } from "../helpers/test-database";

// A read flood from one project must not starve anyone's ingest: reads run on a pool of
// their own, each key may have only a few running, and a read that runs too long is cancelled.

let api: TestApi;
let readKeyA: string;
let ingestKeyB: string;
beforeAll(async () => {
  api = await startTestApi("read_limits", {
    FAULTLINE_DB_POOL_SIZE: "3",
    FAULTLINE_DB_READ_POOL_SIZE: "2",
    FAULTLINE_READ_CONCURRENCY: "2",
    FAULTLINE_READ_TIMEOUT_MS: "500",
    FAULTLINE_READ_RATE_PER_SECOND: "100",
    FAULTLINE_READ_RATE_BURST: "100",
  });
  readKeyA = await api.createKey("project-a", ["ingest", "read"]);
  ingestKeyB = await api.createKey("project-b", ["ingest"]);
});
afterAll(async () => api?.close());

/** Holds every read connection busy for `ms` (past the read timeout), as a flood of slow searches would. */
function occupyReadPool(ms: number): Promise<void> {
  return Promise.all(
    Array.from({ length: 2 }, async () => {
      const client = await api.database.reads.connect();
      try {
        await client.query("BEGIN");
        await client.query("SET LOCAL statement_timeout = 0");
        await client.query("SELECT pg_sleep($1)", [ms / 1000]);
        await client.query("COMMIT");
      } finally {
        client.release();
      }
    }),
  ).then(() => undefined);
}

describe("reads and ingest", () => {
  it("while every read connection is busy, another project's ingest is answered at once", async () => {
    const flood = occupyReadPool(3_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    const { status } = await api.post(
      { id: "b-during-flood", server: "s", tool: "t", text: "ok" },
      ingestKeyB,
    );
    const elapsed = performance.now() - started;
    expect(status).toBe(200);
    expect(elapsed).toBeLessThan(1_500); // a shared pool would make it wait out the flood (or 503)
    await flood;
  });

  it("one key gets at most FAULTLINE_READ_CONCURRENCY reads running; the rest answer 429 with Retry-After at once", async () => {
    const flood = occupyReadPool(1_500);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const responses = await Promise.all(
      Array.from({ length: 24 }, () => api.request("GET", "/api/v1/calls?q=needle", { key: readKeyA })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(2);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(22);
    const limited = responses.find((response) => response.status === 429)!;
    expect(limited.headers.get("retry-after")).toBe("1");
    expect(await limited.json()).toMatchObject({
      error: { code: "rate_limited", message: expect.stringMatching(/2 reads are already running/) },
    });
    await flood;
    // Once they finish, the key reads again.
    expect((await api.request("GET", "/api/v1/calls", { key: readKeyA })).status).toBe(200);
  });

  it("a read that runs past FAULTLINE_READ_TIMEOUT_MS is cancelled and answered 503 query_timeout", async () => {
    const locker = new pg.Client({ connectionString: api.testDatabase.url });
    await locker.connect();
    try {
      await locker.query("BEGIN");
      await locker.query("LOCK TABLE calls IN ACCESS EXCLUSIVE MODE");
      const started = performance.now();
      const response = await api.request("GET", "/api/v1/calls", { key: readKeyA });
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ error: { code: "query_timeout" } });
    } finally {
      await locker.query("ROLLBACK");
      await locker.end();
    }
    expect((await api.request("GET", "/api/v1/calls", { key: readKeyA })).status).toBe(200);
  });

  it("every key of a project shares its limit: ten keys of one project still get 2 reads running between them", async () => {
    const keys = await Promise.all(Array.from({ length: 10 }, () => api.createKey("project-a", ["read"])));
    const flood = occupyReadPool(1_500);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const responses = await Promise.all(
      keys.flatMap((key) => [1, 2, 3].map(() => api.request("GET", "/api/v1/calls?q=needle", { key }))),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(2);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(28);
    await flood;
  });
});

describe("dashboard reads", () => {
  // Each query reports how many of the same user's queries were running as it finished.
  const running = (marker: string) =>
    `SELECT (SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%${marker}%')::int
              AS running FROM pg_sleep(0.3) /* ${marker} */`;

  it("one user's queries wait their turn, FAULTLINE_READ_CONCURRENCY at a time; another user's run meanwhile", async () => {
    const pool = otherPool(api.testDatabase.url, 8);
    // A connection this pool still holds when the file's database is dropped is terminated by
    // the server (57P01): expected at teardown, never a crash of the test run.
    pool.on("error", () => undefined);
    try {
      const flooder = readsFor(pool, "user:flooder");
      const other = readsFor(pool, "user:other");
      const flood = Promise.all(
        Array.from({ length: 8 }, () => flooder.query<{ running: number }>(running("flooder-marker"))),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = performance.now();
      await other.query(running("other-marker"));
      const otherTook = performance.now() - started;
      const results = await flood;
      // All of the flood is answered — queued, not refused — never more than 2 at a time.
      expect(results).toHaveLength(8);
      expect(Math.max(...results.map((result) => result.rows[0]!.running))).toBeLessThanOrEqual(2);
      // The other user did not queue behind the flood (8 × 0.3 s two at a time is 1.2 s).
      expect(otherTook).toBeLessThan(1_000);
    } finally {
      await pool.end();
    }
  });
});
