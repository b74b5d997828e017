// What each index of `calls` costs at ingest and what it buys a page: COPY's price per row with
// the index against without it, and every page statement (bench/read-cases.ts, plus filters on
// rare values, which a scan in time order cannot serve) timed on the generated data with the
// index, then with it dropped inside a transaction that is rolled back.
//
//   npx tsx bench/index-price.ts [--calls 1000000] [--runs 7]
import { parseArgs } from "node:util";
import type { PoolClient } from "pg";
import { connect } from "../lib/db/connect";
import { applyMigrations } from "../lib/db/migrate";
import { sessionTimeline } from "../lib/insight/sessions";
import { copyCost } from "./copy-cost";
import { copyLines } from "./copy-rows";
import { generateDataset, PROJECT } from "./dataset";
import { createDatabase, dropDatabase, percentile, report, round } from "./lib";
import { caseContext, list, readCases, type ReadCase } from "./read-cases";

const { values } = parseArgs({
  options: {
    calls: { type: "string", default: "1000000" },
    runs: { type: "string", default: "7" },
    /** Rows COPY'd per measurement of an index's ingest price. */
    "copy-rows": { type: "string", default: "20000" },
  },
});
const N = Number(values.calls);
const RUNS = Number(values.runs);
/** A statement that has lost the index it needed is stopped here and reported as ≥ this. */
const TIMEOUT_MS = 20_000;
/** A code 20 calls of the month carry: what an on-call engineer filters by after one alert. */
const RARE_CODE = "http_418";

/**
 * p50 ms of each case over RUNS runs, in the transaction the client is in. Every case runs on one
 * client (the dropped index exists only in its transaction), so a page's parallel statements run
 * one after another here: compare a case with and without an index, not with bench/reads.ts.
 */
async function timeCases(client: PoolClient, cases: ReadCase[]): Promise<Map<string, number>> {
  const p50 = new Map<string, number>();
  for (const [label, run] of cases) {
    const samples: number[] = [];
    let timedOut = false;
    for (let index = 0; index < RUNS && !timedOut; index++) {
      await client.query("SAVEPOINT run");
      const started = performance.now();
      try {
        await run(index, client);
        samples.push(performance.now() - started);
        await client.query("RELEASE SAVEPOINT run");
      } catch (error) {
        await client.query("ROLLBACK TO SAVEPOINT run");
        if ((error as { code?: string }).code !== "57014") throw error; // not the statement timeout
        timedOut = true; // one timeout says enough: the case is reported as the timeout itself
      }
    }
    p50.set(label, timedOut ? TIMEOUT_MS : round(percentile(samples, 50)));
  }
  return p50;
}

/** The cases timed with every index, and with `dropped` gone (rolled back after). */
async function timedWithout(client: PoolClient, cases: ReadCase[], dropped?: string) {
  await client.query("BEGIN");
  try {
    await client.query(`SET LOCAL statement_timeout = ${TIMEOUT_MS}`);
    if (dropped) await client.query(`DROP INDEX ${dropped}`);
    return await timeCases(client, cases);
  } finally {
    await client.query("ROLLBACK");
  }
}

async function main() {
  const database = await createDatabase(`index${N}`);
  const { pool, close } = connect(database.url, { write: 2, read: 1, readTimeoutMs: 600_000 });
  try {
    await applyMigrations(pool);
    await generateDataset(pool, N);
    await pool.query(
      `UPDATE calls SET error_code = $2
        WHERE project_id = $1 AND id = ANY(SELECT 'g' || i FROM generate_series(1, $3::int, $3::int / 20) AS i)`,
      [PROJECT, RARE_CODE, N],
    );
    // …and an outcome 20 calls of the month have (the data set's protocol errors, all but 20 of
    // them made tool errors): a failure a healthy project seldom sees.
    await pool.query(
      `UPDATE calls SET outcome = 'tool_error'
        WHERE project_id = $1 AND outcome = 'protocol_error'
          AND id <> ALL(SELECT id FROM calls WHERE project_id = $1 AND outcome = 'protocol_error' ORDER BY id LIMIT 20)`,
      [PROJECT],
    );
    await pool.query("ANALYZE calls");
    const client = await pool.connect();
    try {
      const context = await caseContext(client, N);
      const { rows: rare } = await client.query<{ signature: string; calls: number }>(
        `SELECT signature, calls FROM failure_signatures WHERE project_id = $1 ORDER BY calls, signature LIMIT 1`,
        [PROJECT],
      );
      const cases: ReadCase[] = [
        ...readCases(context),
        [`activity, rare error code (20 calls)`, (_, on) => list(on, context.now, { errorCode: RARE_CODE })],
        [
          `activity, a signature (${rare[0]!.calls} calls)`,
          (_, on) => list(on, context.now, { signature: rare[0]!.signature }),
        ],
        [
          "activity, rare outcome (20 calls)",
          (_, on) => list(on, context.now, { outcome: "protocol_error" }),
        ],
        [
          "activity, server + tool (the Tools page's link)",
          (index, on) => {
            const tool = (index * 37) % 2000; // the data set puts tool_k on server-(k % 20)
            return list(on, context.now, { server: `server-${tool % 20}`, tool: `tool_${tool}` });
          },
        ],
        [
          "a session's timeline",
          (index, on) => sessionTimeline(on, PROJECT, `session-${(index * 997) % (N / 25)}`, { limit: 200 }),
        ],
        [
          "activity, session + tool",
          (index, on) => {
            const session = (index * 997) % (N / 25);
            return list(on, context.now, { sessionId: `session-${session}`, tool: "tool_0" });
          },
        ],
      ];
      await timedWithout(client, cases); // warm-up: the first pass pays for cold caches
      const baseline = await timedWithout(client, cases);

      const { rows: indexes } = await client.query<{ name: string; def: string }>(
        `SELECT indexname AS name, indexdef AS def FROM pg_indexes
          WHERE schemaname = current_schema() AND tablename = 'calls' ORDER BY indexname`,
      );
      const lines = copyLines(Number(values["copy-rows"]), PROJECT);
      await copyCost(client, lines, []); // warm-up
      const heap = await copyCost(client, lines, []);
      const results = [];
      for (const index of indexes) {
        const ingestUs = round((await copyCost(client, lines, [index])) - heap, 1);
        // The key is what keeps a call once per (project, id, day): not a candidate to drop.
        const without =
          index.name === "calls_pkey" ? undefined : await timedWithout(client, cases, index.name);
        const serves = without
          ? [...baseline].flatMap(([label, ms]) => {
              const after = without.get(label)!;
              return after >= Math.max(ms * 1.5, ms + 2)
                ? [{ page: label, withMs: ms, withoutMs: after }]
                : [];
            })
          : [];
        results.push({ index: index.name, ingestUs, serves });
        console.error(
          `${index.name}: ${ingestUs} µs a row at ingest; without it: ${
            without
              ? serves.map((s) => `${s.page} ${s.withMs} → ${s.withoutMs} ms`).join("; ") || "no page slower"
              : "(the key, not dropped)"
          }`,
        );
      }
      report({
        calls: N,
        runs: RUNS,
        heapUs: round(heap, 1),
        baseline: Object.fromEntries(baseline),
        indexes: results,
      });
    } finally {
      client.release();
    }
  } finally {
    await close();
    await dropDatabase(database.name);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
