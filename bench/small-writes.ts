// What one small transaction of the write path costs, statement by statement: the calls of
// single-call requests arrive a few at a time (group commit puts those waiting together), so the
// fixed cost per transaction, not the cost per row, bounds single-call latency. Writes N
// transactions of `--size` live-looking calls one after another on the real schema and prints the
// wall time per transaction of each statement (round trip included).
//
//   npx tsx bench/small-writes.ts --database <url> [--size 1] [--transactions 400]
import { parseArgs } from "node:util";
import { connect } from "../lib/db/connect";
import { applyMigrations } from "../lib/db/migrate";
import { prepareCalls } from "../lib/ingest/prepare";
import { writeCalls } from "../lib/ingest/write-calls";
import { createRedactor } from "../lib/redact";
import { report, round, timeStatements } from "./lib";
import { liveCall } from "./traffic";

const { values } = parseArgs({
  options: {
    database: { type: "string" },
    size: { type: "string", default: "1" },
    transactions: { type: "string", default: "400" },
  },
});
const SIZE = Number(values.size);
const TRANSACTIONS = Number(values.transactions);
const PROJECT = "00000000-0000-4000-8000-0000000000f2";

/** The slowest statement of the transaction running now: what a slow transaction waited on. */
let slowest: { key: string; ms: number } = { key: "", ms: 0 };

async function main() {
  const database = connect(values.database!, { write: 2, read: 1, readTimeoutMs: 600_000 });
  await applyMigrations(database.pool);
  await database.pool.query(`INSERT INTO projects (id, name) VALUES ($1, 'small') ON CONFLICT DO NOTHING`, [
    PROJECT,
  ]);
  const now = Date.now();
  const redact = createRedactor();
  const batch = (n: number) =>
    prepareCalls(
      Array.from({ length: SIZE }, (_, offset) =>
        liveCall(n * SIZE + offset + Math.floor(Math.random() * 1e9), now, "small"),
      ),
      new Date(now),
      { redact },
    ).prepared;
  for (let n = 0; n < 50; n++) await writeCalls(database.pool, PROJECT, batch(n)); // warm-up
  const statements = timeStatements(database.pool, (key, ms) => {
    if (ms > slowest.ms) slowest = { key, ms };
  });
  const times: number[] = [];
  const slow: { ms: number; key: string; statementMs: number }[] = [];
  for (let n = 0; n < TRANSACTIONS; n++) {
    const calls = batch(n + 1000);
    slowest = { key: "", ms: 0 };
    const started = performance.now();
    await writeCalls(database.pool, PROJECT, calls);
    const ms = performance.now() - started;
    times.push(ms);
    slow.push({ ms, key: slowest.key, statementMs: slowest.ms });
  }
  times.sort((a, b) => a - b);
  // The slowest 2 % of transactions, by the statement that took most of each.
  const tail = slow.sort((a, b) => b.ms - a.ms).slice(0, Math.ceil(TRANSACTIONS / 50));
  const tailBy: Record<string, number> = {};
  for (const t of tail) tailBy[t.key] = (tailBy[t.key] ?? 0) + 1;
  const perTransaction = Object.fromEntries(
    [...statements.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([key, ms]) => [key, round((ms * 1000) / TRANSACTIONS, 0)]),
  );
  console.error(
    `size ${SIZE}: transaction p50 ${round(times[times.length >> 1]!, 2)} ms, p99 ${round(times[Math.floor(times.length * 0.99)]!, 2)} ms`,
  );
  console.error("µs per transaction by statement:", perTransaction);
  console.error(
    "slowest 2 % of transactions, by their slowest statement:",
    tailBy,
    tail.slice(0, 5).map((t) => `${round(t.ms, 1)} ms (${round(t.statementMs, 1)} in ${t.key})`),
  );
  report({
    size: SIZE,
    transactions: TRANSACTIONS,
    p50: round(times[times.length >> 1]!, 2),
    p99: round(times[Math.floor(times.length * 0.99)]!, 2),
    statementUs: perTransaction,
    slowestTail: tailBy,
  });
  await database.close();
}

void main();
