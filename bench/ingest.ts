// Benchmark: ingest throughput and read latency at scale.
//
// Measures (1) lib/ingest writing N calls in batches of B with C concurrent writers
// (validation, classification, one transaction per batch with multi-row insert, wasted-retry
// look-up and rollup upserts) — calls/s and batch latency percentiles; then (2) the read
// side on the resulting table: the Activity page (first page, filtered, deep keyset page,
// text search) and the stats series for 24 h / 7 d / 30 d, as p50/p95 over repeated runs.
//
// Usage: npx tsx bench/ingest.ts [--calls 1000000] [--batch 1000] [--concurrency 4]
// Database: DATABASE_URL's server (default postgresql://postgres@127.0.0.1:5432/postgres);
// it creates and drops a database named faultline_bench_*.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import pg from "pg";
import { createKey } from "../lib/auth/keys";
import { connect } from "../lib/db/connect";
import { applyMigrations } from "../lib/db/migrate";
import { parseEnv } from "../lib/env";
import { ingest } from "../lib/ingest";
import { pruneMinuteRollups } from "../lib/ingest/maintenance";
import { listCalls } from "../lib/queries/calls";
import { getStats } from "../lib/queries/stats";
import { listCallsQuerySchema, statsQuerySchema } from "../lib/schemas/read";
import { makeCall } from "./traffic";

const { values } = parseArgs({
  options: {
    calls: { type: "string", default: "1000000" },
    batch: { type: "string", default: "1000" },
    concurrency: { type: "string", default: "4" },
    keep: { type: "boolean", default: false },
  },
});
const totalCalls = Number(values.calls);
const batchSize = Number(values.batch);
const concurrency = Number(values.concurrency);

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function time<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

async function main() {
  const adminUrl = parseEnv(process.env).DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const name = `faultline_bench_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connect(url.toString(), { write: concurrency + 2, read: 4, readTimeoutMs: 60_000 });
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  try {
    await applyMigrations(database.pool);
    const { projectId } = await createKey(database.prisma, { project: "bench" });
    const now = Date.now();
    const windowMs = 30 * 86_400_000;

    console.log(
      `ingest: ${totalCalls.toLocaleString("en-US")} calls, batches of ${batchSize}, ${concurrency} writers`,
    );
    const batchLatencies: number[] = [];
    let next = 0;
    const started = performance.now();
    let lastReport = started;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < totalCalls) {
          const first = next;
          next += batchSize;
          const calls = Array.from({ length: Math.min(batchSize, totalCalls - first) }, (_, offset) =>
            makeCall(first + offset, totalCalls, now, windowMs),
          );
          const [ms, result] = await time(() => ingest(database.pool, projectId, { calls }));
          if (result.accepted !== calls.length)
            throw new Error(`accepted ${result.accepted} of ${calls.length}`);
          batchLatencies.push(ms);
          if (performance.now() - lastReport > 10_000) {
            lastReport = performance.now();
            const done = Math.min(next, totalCalls);
            console.log(
              `  ${done.toLocaleString("en-US")} calls, ${Math.round(done / ((lastReport - started) / 1000)).toLocaleString("en-US")} calls/s`,
            );
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `  total ${seconds.toFixed(1)} s → ${Math.round(totalCalls / seconds).toLocaleString("en-US")} calls/s`,
    );
    console.log(
      `  batch latency p50 ${percentile(batchLatencies, 50).toFixed(0)} ms, p95 ${percentile(batchLatencies, 95).toFixed(0)} ms, max ${Math.max(...batchLatencies).toFixed(0)} ms`,
    );
    const pruned = await pruneMinuteRollups(database.pool, new Date(now));
    console.log(
      `  pruned ${pruned.toLocaleString("en-US")} minute rollup rows older than 48 h (the hourly job's work)`,
    );
    await database.pool.query("VACUUM ANALYZE");
    const size = await database.pool.query<{ calls: string; rollups: string; rollup_rows: string }>(
      `SELECT pg_size_pretty(pg_total_relation_size('calls')) AS calls, pg_size_pretty(pg_total_relation_size('call_rollups')) AS rollups,
              (SELECT count(*) FROM call_rollups)::text AS rollup_rows`,
    );
    console.log(
      `  storage: calls ${size.rows[0]!.calls} (with indexes), rollups ${size.rows[0]!.rollups} in ${Number(size.rows[0]!.rollup_rows).toLocaleString("en-US")} rows`,
    );

    console.log("read (p50 / p95 over 20 runs each):");
    const reads: [string, () => Promise<unknown>][] = [
      [
        "activity: first page (50)",
        () => listCalls(database.pool, projectId, listCallsQuerySchema.parse({})),
      ],
      [
        "activity: errorCode=payment_required",
        () =>
          listCalls(database.pool, projectId, listCallsQuerySchema.parse({ errorCode: "payment_required" })),
      ],
      [
        "activity: silentFailure=true & server=docs",
        () =>
          listCalls(
            database.pool,
            projectId,
            listCallsQuerySchema.parse({ silentFailure: "true", server: "docs" }),
          ),
      ],
      [
        "activity: flag=wasted_retry",
        () => listCalls(database.pool, projectId, listCallsQuerySchema.parse({ flag: "wasted_retry" })),
      ],
      [
        "activity: q=parse document",
        () => listCalls(database.pool, projectId, listCallsQuerySchema.parse({ q: "parse document" })),
      ],
      [
        "call by id",
        () =>
          database.pool.query("SELECT * FROM calls WHERE project_id = $1 AND id = $2", [
            projectId,
            "bench-4242",
          ]),
      ],
      [
        "stats: 24 h by hour",
        () =>
          getStats(
            database.pool,
            projectId,
            statsQuerySchema.parse({
              from: new Date(now - 86_400_000).toISOString(),
              to: new Date(now).toISOString(),
              bucket: "hour",
            }),
          ),
      ],
      [
        "stats: 7 d by hour",
        () =>
          getStats(
            database.pool,
            projectId,
            statsQuerySchema.parse({
              from: new Date(now - 7 * 86_400_000).toISOString(),
              to: new Date(now).toISOString(),
              bucket: "hour",
            }),
          ),
      ],
      [
        "stats: 30 d by day",
        () =>
          getStats(
            database.pool,
            projectId,
            statsQuerySchema.parse({
              from: new Date(now - windowMs).toISOString(),
              to: new Date(now).toISOString(),
              bucket: "day",
            }),
          ),
      ],
      [
        "stats: 1 h by minute",
        () =>
          getStats(
            database.pool,
            projectId,
            statsQuerySchema.parse({
              from: new Date(now - 3_600_000).toISOString(),
              to: new Date(now).toISOString(),
              bucket: "minute",
            }),
          ),
      ],
    ];
    // A deep page: walk 20 pages of 500 first, then time the next page from there.
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++)
      cursor =
        (await listCalls(database.pool, projectId, listCallsQuerySchema.parse({ limit: "500", cursor })))
          .nextCursor ?? undefined;
    reads.splice(1, 0, [
      "activity: page 21 of 500 (keyset)",
      () => listCalls(database.pool, projectId, listCallsQuerySchema.parse({ limit: "500", cursor })),
    ]);
    for (const [label, read] of reads) {
      const samples: number[] = [];
      for (let run = 0; run < 20; run++) samples.push((await time(read))[0]);
      console.log(
        `  ${label.padEnd(44)} ${percentile(samples, 50).toFixed(1).padStart(7)} ms ${percentile(samples, 95).toFixed(1).padStart(7)} ms`,
      );
    }
    console.log(`peak RSS of the benchmark process: ${(peakRss / 1024 / 1024).toFixed(0)} MB`);
  } finally {
    clearInterval(sampler);
    await database.close();
    if (!values.keep) await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`);
    else console.log(`kept database ${name}`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
