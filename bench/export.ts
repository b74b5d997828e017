// Export at scale: N calls generated in SQL into a scratch database, then exported through
// GET /api/v1/calls/export's handler (CSV and JSONL) the way a client downloads them. Prints
// rows/s, bytes, and the process's peak RSS and heap growth over its idle baseline — once for
// a tenth of the rows and once for all, to show memory does not grow with the export; and the
// heap still held after the export and a full GC.
//
//   node --expose-gc --import tsx bench/export.ts --calls 1000000
import { parseArgs } from "node:util";
import { connect } from "../lib/db/connect";
import { applyMigrations } from "../lib/db/migrate";
import { createDatabase, dropDatabase, report, round } from "./lib";

const { values } = parseArgs({ options: { calls: { type: "string", default: "1000000" } } });
const N = Number(values.calls);
const DAYS = 20;

// One pseudo-random hash per call; a mix of outcomes, codes and texts (some starting with a
// formula character, so CSV neutralising is part of the work), spread over DAYS days.
const GENERATE = `
INSERT INTO calls (project_id, id, occurred_at, received_at, duration_ms, server, tool, method, session_id, agent,
                   http_status, outcome, category, error_code, retryable, silent_failure, partial, empty, flags,
                   text, text_length, signature)
SELECT $1::uuid, 'g' || i, t, t, (h % 3000)::float8, 'server-' || (h % 20), 'tool_' || (h % 2000), 'tools/call',
       'session-' || (i / 25), 'agent-' || (h % 7), 200, outcome,
       CASE outcome WHEN 'tool_error' THEN 'business' WHEN 'protocol_error' THEN 'unknown_tool'
                    WHEN 'transport_error' THEN 'rate_limited' END,
       CASE outcome WHEN 'tool_error' THEN 'payment_required' WHEN 'protocol_error' THEN '-32601'
                    WHEN 'transport_error' THEN 'http_429' END,
       CASE WHEN outcome = 'ok' THEN NULL ELSE outcome = 'transport_error' END,
       false, false, false, CASE WHEN outcome = 'ok' THEN ARRAY[]::text[] ELSE ARRAY['error_text'] END,
       text, length(text), substr(md5(outcome || (h % 2000)), 1, 16)
  FROM (
    SELECT i, h, now() - make_interval(secs => (1 - i::float8 / $2) * ${DAYS} * 86400) AS t,
           CASE WHEN h % 100 < 84 THEN 'ok' WHEN h % 100 < 91 THEN 'tool_error'
                WHEN h % 100 < 95 THEN 'protocol_error' ELSE 'transport_error' END AS outcome,
           CASE h % 5
             WHEN 0 THEN 'Found ' || (h % 50) || ' records for customer cus_' || (h % 100000) || repeat(' lorem ipsum', (h % 20)::int)
             WHEN 1 THEN 'Payment required. Metered calls are paused until the organization adds credit, "soon".'
             WHEN 2 THEN '=HYPERLINK("http://example.invalid/' || (h % 1000) || '")'
             WHEN 3 THEN 'Order ' || (h % 100000) || E' was delivered 61 days ago;\\nreturns close after 45 days.'
             ELSE '-' || (h % 1000) || ' items, @' || (h % 7)
           END AS text
      FROM (SELECT i, (i::bigint * 2654435761) % 4294967296 AS h FROM generate_series($3::int, $4::int) AS i) s
  ) x`;

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const mb = (bytes: number) => round(bytes / 1024 / 1024);

async function main() {
  const scratch = await createDatabase(`export${N}`);
  try {
    const setup = connect(scratch.url, { write: 2, read: 1, readTimeoutMs: 10_000 });
    await applyMigrations(setup.pool);
    const { rows } = await setup.pool.query<{ id: string }>(
      `INSERT INTO projects (id, name) VALUES (gen_random_uuid(), 'default') RETURNING id`,
    );
    const project = rows[0]!.id;
    const generating = performance.now();
    for (let start = 1; start <= N; start += 250_000) {
      await setup.pool.query(GENERATE, [project, N, start, Math.min(N, start + 249_999)]);
    }
    await setup.pool.query("VACUUM ANALYZE calls");
    console.error(`[bench] ${N} calls generated in ${round((performance.now() - generating) / 1000)} s`);
    await setup.close();

    // The handler reads its configuration (and the database) from the environment, once.
    Object.assign(process.env, { DATABASE_URL: scratch.url, FAULTLINE_READ_RATE_PER_SECOND: "0" });
    const [{ GET }, { db }, { createKey }] = await Promise.all([
      import("../app/api/v1/calls/export/route"),
      import("../lib/db"),
      import("../lib/auth/keys"),
    ]);
    const database = await db();
    const key = (await createKey(database.prisma, { project: "default", scopes: ["read"] })).key;

    const exportOnce = async (format: "csv" | "jsonl", fraction: number) => {
      const from = new Date(Date.now() - fraction * DAYS * 86_400_000 - 60_000).toISOString();
      globalThis.gc?.();
      const baseline = process.memoryUsage();
      let peakRss = baseline.rss;
      let peakHeap = baseline.heapUsed;
      const sampler = setInterval(() => {
        const now = process.memoryUsage();
        peakRss = Math.max(peakRss, now.rss);
        peakHeap = Math.max(peakHeap, now.heapUsed);
      }, 20);
      const started = performance.now();
      const response = await (GET as Handler)(
        new Request(
          `http://bench.local/api/v1/calls/export?format=${format}&from=${encodeURIComponent(from)}`,
          {
            headers: { authorization: `Bearer ${key}` },
          },
        ),
        { params: Promise.resolve({}) },
      );
      if (response.status !== 200)
        throw new Error(`export answered ${response.status}: ${await response.text()}`);
      let bytes = 0;
      let lines = 0;
      const reader = response.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        for (let index = value.indexOf(10); index !== -1; index = value.indexOf(10, index + 1)) lines++;
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      globalThis.gc?.();
      const retained = process.memoryUsage().heapUsed - baseline.heapUsed;
      // CSV: a header line, and rows whose text holds a line break are two lines.
      const { rows: counted } = await database.reads.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM calls WHERE occurred_at >= $1`,
        [from],
      );
      const exported = counted[0]!.n;
      return {
        format,
        rows: exported,
        lines,
        megabytes: mb(bytes),
        seconds: round(seconds, 2),
        rowsPerSecond: Math.round(exported / seconds),
        baselineRssMb: mb(baseline.rss),
        peakRssGrowthMb: mb(peakRss - baseline.rss),
        peakHeapGrowthMb: mb(peakHeap - baseline.heapUsed),
        /** Heap still in use after the export and a full GC (needs --expose-gc): what it kept. */
        retainedHeapMb: globalThis.gc ? mb(retained) : null,
      };
    };

    // Warm up (JIT, the table in shared buffers) before measuring.
    await exportOnce("csv", 0.05);
    const results = [];
    for (const format of ["csv", "jsonl"] as const) {
      for (const fraction of [0.1, 1]) {
        const result = await exportOnce(format, fraction);
        console.error(
          `[bench] ${format} ${result.rows} rows: ${result.seconds} s, ${result.rowsPerSecond} rows/s, ` +
            `${result.megabytes} MB; peak RSS +${result.peakRssGrowthMb} MB, heap +${result.peakHeapGrowthMb} MB, ` +
            `retained ${result.retainedHeapMb ?? "?"} MB (baseline RSS ${result.baselineRssMb} MB)`,
        );
        results.push(result);
      }
    }
    report({ scenario: "export", calls: N, results });
    await database.close();
  } finally {
    await dropDatabase(scratch.name);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
