import { afterAll, beforeAll, expect, it } from "vitest";
import { runningExports } from "../../lib/export/calls";
import { startTestApi, type TestApi } from "../helpers/api";

// What an export may hold: a read connection and an open snapshot (VACUUM cannot clean behind
// it). Four downloads that were never read took every export slot of the instance for 30 minutes
// (every project got 429 exports_busy). Now one principal runs one export at a time, and a
// download whose client takes nothing for the idle timeout is ended, releasing both.

const IDLE_MS = 1_000;
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

let api: TestApi;
let handler: Handler;
let otherKey: string;

beforeAll(async () => {
  api = await startTestApi("export_limits", {
    FAULTLINE_READ_RATE_PER_SECOND: "0",
    FAULTLINE_READ_CONCURRENCY: "4",
    FAULTLINE_DB_READ_POOL_SIZE: "8",
    FAULTLINE_EXPORT_IDLE_TIMEOUT_MS: String(IDLE_MS),
  });
  handler = (await import("../../app/api/v1/calls/export/route")).GET as Handler;
  otherKey = await api.createKey("other", ["ingest", "read"]);
  // Enough rows that a download nobody reads fills the socket buffers and stops pulling.
  for (const [key, project] of [
    [api.key, "default"],
    [otherKey, "other"],
  ] as const) {
    await api.database.pool.query(
      `INSERT INTO calls (project_id, id, occurred_at, server, tool, method, outcome, silent_failure, partial, empty,
                          text, text_length, signature)
       SELECT p.id, 'bulk-' || i, now() - interval '1 minute', 'bulk', 'big', 'tools/call', 'ok', false, false, false,
              repeat('x', 400), 400, 'bulk'
         FROM projects p, generate_series(1, 20000) i WHERE p.name = $1`,
      [project],
    );
    expect(key).toBeTruthy();
  }
});
afterAll(async () => api?.close());

const exportRequest = (key: string) =>
  handler(
    new Request("http://faultline.test/api/v1/calls/export?format=csv&server=bulk", {
      headers: { authorization: `Bearer ${key}` },
    }),
    { params: Promise.resolve({}) },
  );

/** Backends holding a snapshot open for an export (a read-only transaction mid-cursor). */
const openSnapshots = async () =>
  (
    await api.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_xmin IS NOT NULL
          AND query LIKE 'SELECT id, occurred_at%'`,
    )
  ).rows[0]!.n;

it("one principal runs one export at a time: a second is 429 exports_busy, another project's still runs", async () => {
  const first = await exportRequest(api.key);
  expect(first.status).toBe(200);
  const reader = first.body!.getReader();
  await reader.read();

  const second = await exportRequest(api.key);
  expect(second.status).toBe(429);
  expect(await second.json()).toMatchObject({
    error: { code: "exports_busy", message: expect.stringMatching(/1 of your exports is already running/) },
  });
  const theirs = await exportRequest(otherKey);
  expect(theirs.status).toBe(200);
  await theirs.body!.cancel();
  await reader.cancel();
  await expect.poll(runningExports).toBe(0);
});

it("a download nobody reads is ended after the idle timeout, releasing its connection and snapshot", async () => {
  const started = performance.now();
  const response = await exportRequest(api.key);
  const reader = response.body!.getReader();
  await reader.read();
  expect(runningExports()).toBe(1);
  expect(await openSnapshots()).toBe(1);
  // The client takes nothing more.
  await expect.poll(runningExports, { timeout: IDLE_MS * 5 }).toBe(0);
  expect(performance.now() - started).toBeLessThan(IDLE_MS * 4);
  await expect.poll(openSnapshots, { timeout: 5_000 }).toBe(0);
  await expect(
    (async () => {
      for (;;) if ((await reader.read()).done) return;
    })(),
  ).rejects.toThrow(/took nothing for 1000 ms \(FAULTLINE_EXPORT_IDLE_TIMEOUT_MS\)/);
  // And the principal can export again at once.
  const again = await exportRequest(api.key);
  expect(again.status).toBe(200);
  await again.body!.cancel();
});

it("a client that keeps reading, however slowly, is never cut off by the idle timeout", async () => {
  const response = await exportRequest(otherKey);
  const reader = response.body!.getReader();
  let chunks = 0;
  for (;;) {
    const { done } = await reader.read();
    if (done) break;
    chunks++;
    if (chunks <= 3) await new Promise((resolve) => setTimeout(resolve, IDLE_MS / 2));
  }
  expect(chunks).toBeGreaterThan(3);
  await expect.poll(runningExports).toBe(0);
});
