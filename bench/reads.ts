// Scenario d: reads at scale. Generates N calls in SQL straight into Faultline's own tables
// (30 days, 20 servers, 2,000 tools, a realistic mix of outcomes, codes, texts and signatures)
// with the rollups and read models derived from them, then times every query behind every
// page (p50/p95 over repeated, varied runs) and each page's time to first byte signed in.
//
//   npx tsx bench/reads.ts --calls 1000000
import { createHash, randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import type { Queryable } from "../lib/db/connect";
import { parseArgs } from "node:util";
import { connect } from "../lib/db/connect";
import { applyMigrations } from "../lib/db/migrate";
import { DURATION_BOUNDS_MS } from "../lib/rollups";
import { filterOptions, listErrorCodes } from "../lib/queries/breakdowns";
import { getCall, listCalls } from "../lib/queries/calls";
import { listFailureSignatures } from "../lib/queries/failures";
import { getOverview } from "../lib/queries/overview";
import { listSilentGroups } from "../lib/queries/silent-groups";
import { getStats } from "../lib/queries/stats";
import { listTools } from "../lib/queries/tools";
import { resolveWindow } from "../lib/schemas/dashboard";
import { listCallsQuerySchema } from "../lib/schemas/read";
import { PROJECT_COOKIE, SESSION_COOKIE } from "../lib/auth/session-cookie";
import { startAppServer } from "../test/helpers/app-server";
import { createDatabase, dropDatabase, percentile, report, round } from "./lib";

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
const PROJECT = "00000000-0000-4000-8000-00000000b0b0";

// One pseudo-random 32-bit hash per call index, and the mix derived from it.
const GENERATE = `
INSERT INTO calls (project_id, id, occurred_at, received_at, duration_ms, server, tool, method, session_id, agent,
                   http_status, outcome, category, error_code, retryable, silent_failure, partial, empty, flags,
                   text, text_length, signature)
SELECT $1::uuid, 'g' || i, t, t, (h % 3000)::float8, 'server-' || (h % 2000 % 20), 'tool_' || (h % 2000), 'tools/call',
       'session-' || (i / 25), 'agent-' || (h % 7), 200, outcome, category, code,
       CASE WHEN outcome = 'ok' AND NOT silent THEN NULL ELSE category IN ('transient', 'rate_limited', 'internal') END,
       silent, false, outcome = 'ok' AND r BETWEEN 70 AND 74, flags, text, length(text),
       substr(md5(concat_ws('|', h % 2000, outcome, category, code, template)), 1, 16)
  FROM (
    SELECT i, h, r, t, outcome, silent, category, code, template,
           CASE WHEN silent THEN ARRAY['error_text']
                WHEN outcome <> 'ok' AND code IS NULL THEN ARRAY['no_error_code'] ELSE ARRAY[]::text[] END AS flags,
           CASE template
             WHEN 0 THEN 'Found ' || (h % 50) || ' records for customer cus_' || (h % 100000) || repeat(' lorem ipsum', (h % 30)::int)
             WHEN 1 THEN 'Payment required. Metered calls are paused until the organization adds credit.'
             WHEN 2 THEN 'MCP error -32602: Input validation error: invalid id "' || (h % 100000) || '"'
             WHEN 3 THEN 'Order ' || (h % 100000) || ' was delivered 61 days ago; returns close after 45 days.'
             WHEN 4 THEN 'Error: could not parse document ' || (h % 1000) || '.pdf'
             WHEN 5 THEN 'Unknown tool: tool_' || (h % 2000)
             WHEN 6 THEN 'Service Unavailable'
             ELSE 'Too Many Requests'
           END AS text
      FROM (
        SELECT i, h, r, t, outcome, silent,
               CASE outcome WHEN 'tool_error' THEN (ARRAY['business', 'validation', 'business'])[1 + h % 3]
                            WHEN 'protocol_error' THEN (ARRAY['unknown_tool', 'validation'])[1 + h % 2]
                            WHEN 'transport_error' THEN (ARRAY['transient', 'rate_limited'])[1 + h % 2]
                            ELSE CASE WHEN silent THEN 'unknown' END END AS category,
               CASE outcome WHEN 'tool_error' THEN (ARRAY['payment_required', '-32602', NULL])[1 + h % 3]
                            WHEN 'protocol_error' THEN (ARRAY['-32601', '-32602'])[1 + h % 2]
                            WHEN 'transport_error' THEN (ARRAY['http_503', 'http_429'])[1 + h % 2] END AS code,
               CASE outcome WHEN 'tool_error' THEN (ARRAY[1, 2, 3])[1 + h % 3]
                            WHEN 'protocol_error' THEN (ARRAY[5, 2])[1 + h % 2]
                            WHEN 'transport_error' THEN (ARRAY[6, 7])[1 + h % 2]
                            ELSE CASE WHEN silent THEN 4 ELSE 0 END END AS template
          FROM (
            SELECT i, h, (h >> 8) % 100 AS r,
                   now() - make_interval(secs => (1 - i::float8 / $2) * 30 * 86400 + (h % 60)) AS t,
                   CASE WHEN (h >> 8) % 100 < 84 THEN 'ok' WHEN (h >> 8) % 100 < 91 THEN 'tool_error'
                        WHEN (h >> 8) % 100 < 95 THEN 'protocol_error' ELSE 'transport_error' END AS outcome,
                   (h >> 8) % 100 BETWEEN 81 AND 83 AS silent
              FROM (SELECT i, (i::bigint * 2654435761) % 4294967296 AS h FROM generate_series($3::int, $4::int) AS i) s
          ) m
      ) c
  ) x`;

const HISTOGRAM = `ARRAY[${[
  ...DURATION_BOUNDS_MS.map((bound, index) => {
    const lower = index === 0 ? -1 : DURATION_BOUNDS_MS[index - 1]!;
    return `count(*) FILTER (WHERE duration_ms > ${lower} AND duration_ms <= ${bound})::int`;
  }),
  `count(*) FILTER (WHERE duration_ms > ${DURATION_BOUNDS_MS.at(-1)})::int`,
].join(", ")}]`;

const OUTCOME_ROLLUPS = (granularity: string, since: string) => `
INSERT INTO outcome_rollups (project_id, granularity, bucket_start, method, server, outcome, category, error_code,
                             calls, silent_failures, partials, empties, wasted_retries, retryable, with_error_code)
SELECT project_id, '${granularity}', date_trunc('${granularity}', occurred_at), method, server, outcome,
       coalesce(category, ''), coalesce(error_code, ''), count(*), count(*) FILTER (WHERE silent_failure),
       count(*) FILTER (WHERE partial), count(*) FILTER (WHERE empty), 0, count(*) FILTER (WHERE retryable),
       count(*) FILTER (WHERE error_code IS NOT NULL)
  FROM calls WHERE project_id = $1 AND occurred_at >= ${since}
 GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
 ORDER BY 3`;

const TOOL_ROLLUPS = (granularity: string, since: string) => `
INSERT INTO tool_rollups (project_id, granularity, bucket_start, method, server, tool, calls, failures, silent_failures,
                          tool_errors, protocol_errors, transport_errors, with_error_code, opaque_errors, raw_exceptions,
                          duration_ms_sum, duration_count, duration_histogram)
SELECT project_id, '${granularity}', date_trunc('${granularity}', occurred_at), method, server, coalesce(tool, ''),
       count(*), count(*) FILTER (WHERE outcome <> 'ok' OR silent_failure), count(*) FILTER (WHERE silent_failure),
       count(*) FILTER (WHERE outcome = 'tool_error'), count(*) FILTER (WHERE outcome = 'protocol_error'),
       count(*) FILTER (WHERE outcome = 'transport_error'),
       count(*) FILTER (WHERE (outcome <> 'ok' OR silent_failure) AND error_code IS NOT NULL), 0, 0,
       sum(duration_ms), count(duration_ms), ${HISTOGRAM}
  FROM calls WHERE project_id = $1 AND occurred_at >= ${since}
 GROUP BY 1, 2, 3, 4, 5, 6
 ORDER BY 3`;

async function generate(pool: import("pg").Pool) {
  const chunk = 500_000;
  for (let start = 1; start <= N; start += chunk) {
    await pool.query(GENERATE, [PROJECT, N, start, Math.min(N, start + chunk - 1)]);
  }
  for (const rollups of [OUTCOME_ROLLUPS, TOOL_ROLLUPS]) {
    await pool.query(rollups("day", "'-infinity'"), [PROJECT]);
    await pool.query(rollups("hour", "'-infinity'"), [PROJECT]);
    await pool.query(rollups("minute", "now() - interval '48 hours'"), [PROJECT]);
  }
  await pool.query(
    `INSERT INTO failure_signatures (project_id, signature, server, tool, outcome, category, error_code, silent_failure,
                                     example_text, first_seen, last_seen, calls)
     SELECT project_id, signature, min(server), min(tool), min(outcome), coalesce(min(category), ''), coalesce(min(error_code), ''),
            bool_or(silent_failure), min(text), min(occurred_at), max(occurred_at), count(*)
       FROM calls WHERE project_id = $1 AND (outcome <> 'ok' OR silent_failure) GROUP BY project_id, signature`,
    [PROJECT],
  );
  await pool.query(
    `INSERT INTO signature_rollups (project_id, signature, bucket_start, calls)
     SELECT project_id, signature, date_trunc('hour', occurred_at), count(*)
       FROM calls WHERE project_id = $1 AND (outcome <> 'ok' OR silent_failure) GROUP BY 1, 2, 3 ORDER BY 3`,
    [PROJECT],
  );
  await pool.query(
    `INSERT INTO silent_groups (project_id, server, tool, reason, calls, first_seen, last_seen, example_text)
     SELECT project_id, server, tool, 'error_text', count(*), min(occurred_at), max(occurred_at), min(text)
       FROM calls WHERE project_id = $1 AND silent_failure GROUP BY 1, 2, 3`,
    [PROJECT],
  );
  await pool.query("VACUUM ANALYZE");
}

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
    await pool.query(`INSERT INTO projects (id, name) VALUES ($1, 'bench')`, [PROJECT]);
    const generateStarted = performance.now();
    await generate(pool);
    const generateSeconds = round((performance.now() - generateStarted) / 1000);
    const { rows: sizes } = await pool.query<{ size: string }>(
      `SELECT pg_size_pretty(pg_database_size(current_database())) AS size`,
    );

    const now = new Date();
    const window = (range: string) => resolveWindow({ range }, now);
    const first = await listCalls(reads, PROJECT, listCallsQuerySchema.parse({}), now);
    const cursor = first.nextCursor!;
    const someId = first.calls[10]!.id;
    const list = (on: Queryable, params: Record<string, string>) =>
      listCalls(on, PROJECT, listCallsQuerySchema.parse(params), now);
    const cases: [string, (index: number, on: Queryable) => Promise<unknown>][] = [
      ["overview 24h", (_, on) => getOverview(on, PROJECT, window("24h"))],
      ["overview 7d", (_, on) => getOverview(on, PROJECT, window("7d"))],
      [
        "stats 30d",
        (_, on) => getStats(on, PROJECT, { from: window("30d").from, to: now, server: [], method: [] }, now),
      ],
      ["activity, unfiltered", (_, on) => list(on, {})],
      ["activity, outcome", (_, on) => list(on, { outcome: "tool_error" })],
      ["activity, category", (_, on) => list(on, { category: "rate_limited" })],
      ["activity, error code", (_, on) => list(on, { errorCode: "-32601" })],
      ["activity, server", (index, on) => list(on, { server: `server-${index % 20}` })],
      ["activity, tool", (index, on) => list(on, { tool: `tool_${(index * 37) % 2000}` })],
      ["activity, flag", (_, on) => list(on, { flag: "error_text" })],
      ["activity, silent failures", (_, on) => list(on, { silentFailure: "true" })],
      ["activity, session", (index, on) => list(on, { sessionId: `session-${(index * 997) % (N / 25)}` })],
      ["activity, next page (cursor)", (_, on) => list(on, { cursor })],
      [
        "activity, text search 7d (rare)",
        (index, on) => list(on, { q: `cus_0999${index % 10}`, from: window("7d").from.toISOString() }),
      ],
      ["activity, text search 30d (none)", (index, on) => list(on, { q: `nothing-like-this-${index}` })],
      ["call by id", (_, on) => getCall(on, PROJECT, someId)],
      ["error codes 24h", (_, on) => listErrorCodes(on, PROJECT, window("24h"))],
      ["error codes 30d", (_, on) => listErrorCodes(on, PROJECT, window("30d"))],
      ["failures 24h", (_, on) => listFailureSignatures(on, PROJECT, window("24h"))],
      ["failures 30d", (_, on) => listFailureSignatures(on, PROJECT, window("30d"))],
      ["failures 30d, search", (_, on) => listFailureSignatures(on, PROJECT, window("30d"), { q: "parse" })],
      ["tools 24h", (_, on) => listTools(on, PROJECT, window("24h"))],
      ["tools 30d", (_, on) => listTools(on, PROJECT, window("30d"))],
      [
        "tools 30d, by calls, search",
        (_, on) => listTools(on, PROJECT, window("30d"), { sort: "calls", q: "tool_1" }),
      ],
      ["silent groups", (_, on) => listSilentGroups(on, PROJECT, { statuses: ["open"] })],
      ["filter options 7d", (_, on) => filterOptions(on, PROJECT, window("7d"))],
    ];
    const queries = [];
    for (const [label, run] of cases) queries.push(await timed(label, (index) => run(index, reads)));
    if (values.plans) writeFileSync(values.plans, await explainAll(pool, cases, sizes[0]!.size));

    // Pages, signed in, through the built app.
    const { createUser } = await import("../lib/auth/users");
    const user = await createUser(prisma, {
      email: "bench@example.test",
      password: "bench password 1",
      isAdmin: true,
    });
    const token = randomBytes(32).toString("base64url");
    await prisma.session.create({
      data: {
        tokenHash: createHash("sha256").update(token).digest("hex"),
        userId: user.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    const app = await startAppServer({
      DATABASE_URL: database.url,
      FAULTLINE_ADMIN_EMAIL: "bench@example.test",
      FAULTLINE_ADMIN_PASSWORD: "bench password 1",
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
            headers: { cookie: `${SESSION_COOKIE}=${token}; ${PROJECT_COOKIE}=bench` },
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
    report({ calls: N, generateSeconds, databaseSize: sizes[0]!.size, queries, pages });
  } finally {
    await close();
    await dropDatabase(database.name);
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of every statement each case runs, as markdown. */
async function explainAll(
  pool: import("pg").Pool,
  cases: [string, (index: number, on: Queryable) => Promise<unknown>][],
  size: string,
): Promise<string> {
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
