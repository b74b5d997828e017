// Scenario g: /metrics at scale. Generates N calls (bench/dataset.ts: 30 days, 20 servers, 2,000
// tools), then times
//   - the ranking that names a project's servers and tools (lib/queries/metric-labels: read from
//     the rollups every 10 minutes per project, never on the scrape path), p50/p95;
//   - the same after a sender invented 200,000 server names this hour (the rollup rows they
//     leave are what the ranking reads), p50/p95;
//   - counting calls into the per-server series (what each stored call costs ingest), ns per call;
//   - a scrape of the instance's exposition (the project-name query and the text), p50/p95, its size.
//
//   npx tsx bench/metrics.ts --calls 1000000
import { parseArgs } from "node:util";
import { connect } from "../lib/db/connect";
import { applyMigrations } from "../lib/db/migrate";
import { getEnv } from "../lib/env";
import { recordCallsStored, renderMetrics, type StoredCall } from "../lib/metrics";
import { projectNames, rankMetricLabels } from "../lib/queries/metric-labels";
import { generateDataset, PROJECT } from "./dataset";
import { createDatabase, dropDatabase, percentile, report, round } from "./lib";

const { values } = parseArgs({
  options: {
    calls: { type: "string", default: "1000000" },
    runs: { type: "string", default: "20" },
  },
});
const N = Number(values.calls);
const RUNS = Number(values.runs);

async function timed(runs: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const started = performance.now();
    await runs();
    samples.push(performance.now() - started);
  }
  return { p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)) };
}

async function main() {
  const database = await createDatabase(`metrics${N}`);
  const { pool, reads, close } = connect(database.url, { write: 2, read: 2, readTimeoutMs: 120_000 });
  try {
    await applyMigrations(pool);
    await generateDataset(pool, N);
    const env = getEnv();
    const limits = {
      topServers: env.FAULTLINE_METRICS_TOP_SERVERS,
      topTools: env.FAULTLINE_METRICS_TOP_TOOLS,
    };

    const ranking = await timed(() => rankMetricLabels(reads, PROJECT, limits));

    // Calls as ingest hands them over: every server and tool of the data set, mixed outcomes.
    const outcomes = ["ok", "ok", "ok", "tool_error", "protocol_error", "transport_error"] as const;
    const calls: StoredCall[] = Array.from({ length: 100_000 }, (_, index) => ({
      method: "tools/call",
      server: `server-${index % 20}`,
      tool: `tool_${index % 2000}`,
      outcome: outcomes[index % outcomes.length]!,
      silentFailure: index % 17 === 0,
      category: index % 6 === 3 ? "business" : null,
      durationMs: index % 3000,
    }));
    await recordCallsStored(pool, PROJECT, calls.slice(0, 500)); // the first ranking
    const recordStarted = performance.now();
    for (let start = 0; start < calls.length; start += 500) {
      await recordCallsStored(pool, PROJECT, calls.slice(start, start + 500));
    }
    const nsPerCall = round(((performance.now() - recordStarted) * 1e6) / calls.length, 0);

    let bytes = 0;
    const scrape = await timed(async () => {
      const text = await renderMetrics({ view: "instance", projectNames: await projectNames(pool) });
      bytes = text.length;
    });
    const toolSeries = (await renderMetrics({ view: "project", projectId: PROJECT }))
      .split("\n")
      .filter((line) => line.startsWith("faultline_tool_call")).length;

    // A sender's 200,000 invented servers this hour, as their rollup rows.
    await pool.query(
      `INSERT INTO outcome_rollups (project_id, granularity, bucket_start, method, server, outcome, category, error_code,
                                    calls, silent_failures, partials, empties, wasted_retries, retryable, with_error_code)
       SELECT $1, g, date_trunc(g, now()), 'tools/call', 'invented-' || i, 'ok', '', '', 1, 0, 0, 0, 0, 0, 0
         FROM generate_series(1, 200000) AS i, unnest(ARRAY['minute', 'hour', 'day']) AS g`,
      [PROJECT],
    );
    await pool.query("ANALYZE outcome_rollups");
    const rankingFlooded = await timed(() => rankMetricLabels(reads, PROJECT, limits));
    const named = (await rankMetricLabels(reads, PROJECT, limits)).servers.filter((s) =>
      s.startsWith("invented-"),
    );

    report({
      calls: N,
      rankingP50Ms: ranking.p50,
      rankingP95Ms: ranking.p95,
      rankingFloodedP50Ms: rankingFlooded.p50,
      rankingFloodedP95Ms: rankingFlooded.p95,
      inventedNamed: named.length,
      recordNsPerCall: nsPerCall,
      scrapeP50Ms: scrape.p50,
      scrapeP95Ms: scrape.p95,
      scrapeBytes: bytes,
      toolSeriesLines: toolSeries,
    });
  } finally {
    await close();
    await dropDatabase(database.name);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
