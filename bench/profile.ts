// Where an ingested call's time goes, stage by stage, measured in one process on one run:
//   node: per call, the CPU of each step a webhook batch takes before the database — counting
//         the body's JSON values, parsing it, the envelope, validation, classification, masking,
//         the worker's hand-back (structured clone) — on batches of 500 live-looking calls;
//   db:   per row, what PostgreSQL spends on `calls`: the heap alone, then each index alone on top
//         of it (COPY of the same prepared rows into a copy of the table holding just that index),
//         all of them, and the whole write path (writeCalls: calls + rollups + signatures + silent
//         groups, batches of 500) on the real schema.
// Prints one JSON line (bench/run.ts reads it) and a table on stderr.
//
//   npx tsx bench/profile.ts --database <url> [--calls 40000]
import { parseArgs } from "node:util";
import pg from "pg";
import { classify } from "../lib/classify";
import { connect } from "../lib/db/connect";
import { applyMigrations } from "../lib/db/migrate";
import { parseEnv } from "../lib/env";
import { splitEnvelope } from "../lib/ingest/envelope";
import { checkJsonValues } from "../lib/ingest/json-values";
import { ingestLimits } from "../lib/ingest/limits";
import { prepareCalls } from "../lib/ingest/prepare";
import { writeCalls } from "../lib/ingest/write-calls";
import { createRedactor } from "../lib/redact";
import { callSchema } from "../lib/schemas/call";
import { copyCost } from "./copy-cost";
import { copyLines } from "./copy-rows";
import { report, round, timeStatements } from "./lib";
import { liveCall } from "./traffic";

const { values } = parseArgs({
  options: { database: { type: "string" }, calls: { type: "string", default: "40000" } },
});
const TOTAL = Number(values.calls);
const BATCH = 500;
const PROJECT = "00000000-0000-4000-8000-0000000000f1";

/** Microseconds per call of `work` run over every batch (after one warm-up pass). */
function perCall<T>(batches: T[], work: (batch: T) => unknown): number {
  for (const batch of batches.slice(0, 4)) work(batch);
  const started = process.cpuUsage();
  for (const batch of batches) work(batch);
  const used = process.cpuUsage(started);
  return round((used.user + used.system) / TOTAL, 1);
}

function nodeStages(): Record<string, number> {
  const now = Date.now();
  const limits = ingestLimits(parseEnv({}));
  const redact = createRedactor();
  const identity = (text: string) => text;
  const batches = Array.from({ length: Math.ceil(TOTAL / BATCH) }, (_, batch) =>
    Array.from({ length: BATCH }, (_, offset) => liveCall(batch * BATCH + offset, now, "profile")),
  );
  const bodies = batches.map((calls) => Buffer.from(JSON.stringify({ calls })));
  const parsed = bodies.map((body) => splitEnvelope(JSON.parse(body.toString("utf8"))));
  const valid = parsed.map((items) => items.map((item) => callSchema.parse(item)));
  const prepared = parsed.map((items) => prepareCalls(items, new Date(now), { redact }).prepared);
  const stages = {
    countJsonValues: perCall(bodies, (body) => checkJsonValues(body, "webhookJsonValues", limits)),
    parseJson: perCall(bodies, (body) => JSON.parse(body.toString("utf8"))),
    envelope: perCall(
      bodies.map((body) => JSON.parse(body.toString("utf8"))),
      (body) => splitEnvelope(body),
    ),
    validate: perCall(parsed, (items) => items.map((item) => callSchema.safeParse(item))),
    classify: perCall(valid, (calls) => calls.map((call) => classify(call, { redact: identity }))),
    classifyAndMask: perCall(valid, (calls) => calls.map((call) => classify(call, { redact }))),
    prepare: perCall(parsed, (items) => prepareCalls(items, new Date(now), { redact })),
    handBack: perCall(prepared, (calls) => structuredClone(calls)),
  };
  return { ...stages, mask: round(stages.classifyAndMask - stages.classify, 1) };
}

async function databaseStages(url: string): Promise<Record<string, unknown>> {
  const database = connect(url, { write: 2, read: 1, readTimeoutMs: 600_000 });
  await applyMigrations(database.pool);
  await database.pool.query(`INSERT INTO projects (id, name) VALUES ($1, 'profile') ON CONFLICT DO NOTHING`, [
    PROJECT,
  ]);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const lines = copyLines(TOTAL, PROJECT);
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = 'calls' ORDER BY indexname`,
    );
    await copyCost(client, lines, []); // warm-up: the first COPY of a run pays for cold caches
    const heap = await copyCost(client, lines, []);
    const perIndex: Record<string, number> = {};
    for (const index of indexes)
      perIndex[index.name] = round((await copyCost(client, lines, [index])) - heap, 1);
    const allIndexes = await copyCost(client, lines, indexes);

    const now = Date.now();
    const redact = createRedactor();
    const batches = Array.from(
      { length: Math.ceil(TOTAL / BATCH) },
      (_, batch) =>
        prepareCalls(
          Array.from({ length: BATCH }, (_, offset) => liveCall(batch * BATCH + offset, now, "write")),
          new Date(now),
          { redact },
        ).prepared,
    );
    const statements = timeStatements(database.pool);
    const started = performance.now();
    for (const batch of batches) await writeCalls(database.pool, PROJECT, batch);
    const writePath = ((performance.now() - started) * 1000) / TOTAL;
    return {
      heapUs: round(heap, 1),
      indexUs: perIndex,
      allIndexesUs: round(allIndexes, 1),
      writePathUs: round(writePath, 1),
      // What the write path spends beyond COPY into `calls` with its indexes: the INSERT statement
      // itself, rollups, signatures, silent groups, and one commit per batch.
      beyondCopyUs: round(writePath - allIndexes, 1),
      // Wall time per call of each statement of the write path (round trip included), by its first words.
      statementUs: Object.fromEntries(
        [...statements.entries()]
          .sort((a, b) => b[1] - a[1])
          .map(([label, ms]) => [label, round((ms * 1000) / TOTAL, 1)]),
      ),
    };
  } finally {
    await client.end();
    await database.close();
  }
}

async function main() {
  const node = nodeStages();
  const db = values.database ? await databaseStages(values.database) : undefined;
  console.error("node µs per call:", node);
  if (db) console.error("database µs per row:", db);
  report({ calls: TOTAL, nodeUs: node, databaseUs: db });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
