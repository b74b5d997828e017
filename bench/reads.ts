// Scenario d: reads at scale. Generates N calls (bench/dataset.ts), then times every query
// behind every page (p50/p95 over repeated, varied runs) and each page's time to first byte
// signed in.
//
//   npx tsx bench/reads.ts --calls 1000000
import { writeFileSync } from "node:fs";
import type { Queryable } from "../lib/db/connect";
import { parseArgs } from "node:util";
import { connect } from "../lib/db/connect";
import { applyMigrations } from "../lib/db/migrate";
import { buildSignatureDays } from "../lib/ingest/signature-days";
import { PROJECT_COOKIE, SESSION_COOKIE } from "../lib/auth/session-cookie";
import { startAppServer } from "../test/helpers/app-server";
import { ADMIN, generateDataset, PROJECT_NAME, signedInAdmin } from "./dataset";
import { createDatabase, dropDatabase, percentile, report, round } from "./lib";
import { caseContext, readCases, type ReadCase } from "./read-cases";

const { values } = parseArgs({
  options: {
    calls: { type: "string", default: "1000000" },
    runs: { type: "string", default: "20" },
    /** Write EXPLAIN (ANALYZE, BUFFERS) of every page query here (markdown). */
    plans: { type: "string" },
  },
});
const N = Number(values.calls);
const RUNS = Number(values.runs);

async function timed(label: string, runs: (index: number) => Promise<unknown>) {
  const samples: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const started = performance.now();
    await runs(index);
    samples.push(performance.now() - started);
  }
  return { query: label, p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)) };
}

async function main() {
  const database = await createDatabase(`reads${N}`);
  const { pool, reads, prisma, close } = connect(database.url, { write: 2, read: 4, readTimeoutMs: 120_000 });
  try {
    await applyMigrations(pool);
    const generateStarted = performance.now();
    await generateDataset(pool, N);
    const generateSeconds = round((performance.now() - generateStarted) / 1000);
    // What the hourly upkeep spends rebuilding the daily signature rows at this size (one more pass).
    const buildStarted = performance.now();
    const signatureDaysRows = await buildSignatureDays(pool);
    const signatureDaysMs = round(performance.now() - buildStarted);
    const { rows: sizes } = await pool.query<{ size: string }>(
      `SELECT pg_size_pretty(pg_database_size(current_database())) AS size`,
    );

    const context = await caseContext(reads, N);
    const cases = readCases(context);
    const { someId } = context;
    const queries = [];
    for (const [label, run] of cases) queries.push(await timed(label, (index) => run(index, reads)));
    if (values.plans) writeFileSync(values.plans, await explainAll(reads, cases, sizes[0]!.size));

    // Pages, signed in, through the built app.
    const token = await signedInAdmin(prisma);
    const app = await startAppServer({
      DATABASE_URL: database.url,
      FAULTLINE_ADMIN_EMAIL: ADMIN.email,
      FAULTLINE_ADMIN_PASSWORD: ADMIN.password,
    });
    const pages: { page: string; ttfbP50: number; totalP50: number; kb: number }[] = [];
    try {
      for (const page of [
        "/",
        "/calls",
        `/calls/${someId}`,
        "/failures",
        "/suspicious",
        "/codes",
        "/tools",
        "/settings",
      ]) {
        const ttfb: number[] = [];
        const total: number[] = [];
        let bytes = 0;
        for (let run = 0; run < Math.min(RUNS, 8); run++) {
          const started = performance.now();
          const response = await fetch(`${app.url}${page}`, {
            headers: { cookie: `${SESSION_COOKIE}=${token}; ${PROJECT_COOKIE}=${PROJECT_NAME}` },
            redirect: "manual",
          });
          ttfb.push(performance.now() - started);
          const body = await response.text();
          total.push(performance.now() - started);
          bytes = Buffer.byteLength(body);
          // A redirect to sign-in or another project's (empty) page would time nothing real.
          if (
            response.status !== 200 ||
            body.includes('data-testid="empty-state"') ||
            body.includes("This page could not be loaded")
          ) {
            throw new Error(`${page} answered ${response.status} without the bench project's data`);
          }
        }
        pages.push({
          page,
          ttfbP50: round(percentile(ttfb, 50)),
          totalP50: round(percentile(total, 50)),
          kb: round(bytes / 1024),
        });
      }
    } finally {
      await app.stop();
    }
    report({
      calls: N,
      generateSeconds,
      signatureDays: { rows: signatureDaysRows, ms: signatureDaysMs },
      databaseSize: sizes[0]!.size,
      queries,
      pages,
    });
  } finally {
    await close();
    await dropDatabase(database.name);
  }
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement each case runs, as markdown: on the read pool the pages use (its
 * settings, such as jit=off, are the plans' too).
 */
async function explainAll(pool: Queryable, cases: ReadCase[], size: string): Promise<string> {
  const lines = [
    `# Query plans at ${N.toLocaleString("en-US")} calls`,
    "",
    `Written by \`npm run bench\` (bench/reads.ts --plans): every statement behind every page, run once`,
    `more with \`EXPLAIN (ANALYZE, BUFFERS)\` on the generated data (${size} database; ${new Date().toISOString()}).`,
    "",
  ];
  for (const [label, run] of cases) {
    const statements: { text: string; values: unknown[] }[] = [];
    const recorder: Queryable = {
      query: ((text: string, values?: unknown[]) => {
        statements.push({ text, values: values ?? [] });
        return pool.query(text, values);
      }) as Queryable["query"],
    };
    await run(0, recorder);
    lines.push(`## ${label}`, "");
    for (const statement of statements) {
      const { rows } = await pool.query<{ "QUERY PLAN": string }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`,
        statement.values,
      );
      lines.push("```sql", statement.text.trim().replace(/\n\s+/g, "\n  "), "```", "", "```");
      lines.push(...rows.map((row) => row["QUERY PLAN"]), "```", "");
    }
  }
  return lines.join("\n");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
