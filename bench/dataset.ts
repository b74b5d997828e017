// The bench's data set: N calls generated in SQL straight into Faultline's own tables (30 days,
// 20 servers, 2,000 tools, a realistic mix of outcomes, codes, texts and signatures), with the
// rollups and read models derived from them. Used by bench/reads.ts and bench/felt.ts.
import { createHash, randomBytes } from "node:crypto";
import type pg from "pg";
import { createUser } from "../lib/auth/users";
import type { PrismaClient } from "../lib/db/generated/client";
import { DAY_MS, dayStart, ensureDayPartition } from "../lib/ingest/partitions";
import { buildSignatureDays } from "../lib/ingest/signature-days";
import { DURATION_BOUNDS_MS } from "../lib/rollups";

/** The generated project's id (its name is "bench"). */
export const PROJECT = "00000000-0000-4000-8000-00000000b0b0";
export const PROJECT_NAME = "bench";
export const ADMIN = { email: "bench@example.test", password: "bench password 1" };

const TIME = "now() - make_interval(secs => (1 - i::float8 / $2) * 30 * 86400 + (h % 60))";

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
                   ${TIME} AS t,
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
                          duration_ms_sum, duration_count, duration_histogram, no_error_codes, codes_in_prose, retry_hints,
                          wasted_retries, secrets_masked, validation_as_protocol, internal_for_validation,
                          unknown_tool_results)
SELECT project_id, '${granularity}', date_trunc('${granularity}', occurred_at), method, server, coalesce(tool, ''),
       count(*), count(*) FILTER (WHERE outcome <> 'ok' OR silent_failure), count(*) FILTER (WHERE silent_failure),
       count(*) FILTER (WHERE outcome = 'tool_error'), count(*) FILTER (WHERE outcome = 'protocol_error'),
       count(*) FILTER (WHERE outcome = 'transport_error'),
       count(*) FILTER (WHERE (outcome <> 'ok' OR silent_failure) AND error_code IS NOT NULL), 0, 0,
       sum(duration_ms), count(duration_ms), ${HISTOGRAM},
       count(*) FILTER (WHERE 'no_error_code' = ANY(flags)), count(*) FILTER (WHERE 'code_in_prose' = ANY(flags)),
       count(*) FILTER (WHERE 'retry_hint' = ANY(flags)), count(*) FILTER (WHERE 'wasted_retry' = ANY(flags)),
       count(*) FILTER (WHERE 'secret_masked' = ANY(flags)),
       count(*) FILTER (WHERE 'validation_as_protocol_error' = ANY(flags)),
       count(*) FILTER (WHERE outcome = 'protocol_error' AND category IN ('validation', 'unknown_tool') AND error_code = '-32603'),
       count(*) FILTER (WHERE outcome = 'tool_error' AND category = 'unknown_tool')
  FROM calls WHERE project_id = $1 AND occurred_at >= ${since}
 GROUP BY 1, 2, 3, 4, 5, 6
 ORDER BY 3`;

/** Whether `calls` is partitioned (migration 20261202130000) and its ids live in call_ids. */
export async function isPartitioned(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query(`SELECT to_regclass('call_ids') IS NOT NULL AS partitioned`);
  return rows[0].partitioned as boolean;
}

/**
 * The partitions of the days [from, to] (as the writer and the upkeep make them), so generated
 * calls land in their day's partition rather than in calls_default.
 */
export async function ensureDays(pool: pg.Pool, from: Date, to: Date): Promise<void> {
  if (!(await isPartitioned(pool))) return;
  for (let day = dayStart(from); day <= dayStart(to); day += DAY_MS) await ensureDayPartition(pool, day);
}

/**
 * Generates calls i = first..last of a set of `spread` calls over the 30 days before now into
 * `projectId` (their ids claimed in call_ids when the schema has it). `at` replaces the time of
 * each call: a SQL expression of i.
 */
export async function generateCalls(
  pool: pg.Pool,
  projectId: string,
  spread: number,
  first: number,
  last: number,
  at?: string,
): Promise<void> {
  const sql = at ? GENERATE.replace(TIME, at) : GENERATE;
  await pool.query(
    (await isPartitioned(pool))
      ? `WITH stored AS (${sql} RETURNING project_id, id, occurred_at)
         INSERT INTO call_ids (project_id, id, occurred_at) SELECT project_id, id, occurred_at FROM stored`
      : sql,
    [projectId, spread, first, last],
  );
}

/** Writes the project and `calls` calls into an empty, migrated database. */
export async function generateDataset(pool: pg.Pool, calls: number): Promise<void> {
  await pool.query(`INSERT INTO projects (id, name) VALUES ($1, $2)`, [PROJECT, PROJECT_NAME]);
  await ensureDays(pool, new Date(Date.now() - 31 * DAY_MS), new Date(Date.now() + DAY_MS));
  // A bulk load is written first and indexed after (as pg_restore does): the same indexes, built
  // once per day's partition instead of maintained row by row — a tenth of the time at 10 million.
  const { rows: indexes } = await pool.query<{ name: string; def: string }>(
    `SELECT indexname AS name, indexdef AS def FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename = 'calls' AND indexname <> 'calls_pkey'`,
  );
  for (const index of indexes) await pool.query(`DROP INDEX ${index.name}`);
  const chunk = 500_000;
  for (let start = 1; start <= calls; start += chunk) {
    await generateCalls(pool, PROJECT, calls, start, Math.min(calls, start + chunk - 1));
  }
  const builder = await pool.connect();
  try {
    await builder.query(`SET maintenance_work_mem = '1GB'`);
    // A partitioned table's definition reads `ON ONLY`; without it, each partition gets its own.
    for (const index of indexes) await builder.query(index.def.replace(" ON ONLY ", " ON "));
  } finally {
    builder.release();
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
  // What the hourly upkeep builds from them (an instance builds it at start).
  await buildSignatureDays(pool);
  await pool.query(
    `INSERT INTO silent_groups (project_id, server, tool, reason, calls, first_seen, last_seen, example_text)
     SELECT project_id, server, tool, 'error_text', count(*), min(occurred_at), max(occurred_at), min(text)
       FROM calls WHERE project_id = $1 AND silent_failure GROUP BY 1, 2, 3`,
    [PROJECT],
  );
  // The most recent 10,000 calls are one long agent session (the timeline's paging is timed on it).
  await pool.query(
    `UPDATE calls SET session_id = $2
      WHERE project_id = $1 AND id IN (SELECT 'g' || i FROM generate_series(greatest($3::int - 9999, 1), $3::int) AS i)`,
    [PROJECT, LONG_SESSION, calls],
  );
  await pool.query(
    `INSERT INTO agent_sessions (project_id, session_id, first_at, last_at, last_call_id, last_failed, calls, failures,
                                 agent, servers)
     SELECT DISTINCT ON (project_id, session_id) project_id, session_id,
            min(occurred_at) OVER w, occurred_at, id, outcome <> 'ok' OR silent_failure, count(*) OVER w,
            count(*) FILTER (WHERE outcome <> 'ok' OR silent_failure) OVER w, agent, ARRAY[server]
       FROM calls WHERE project_id = $1 AND session_id IS NOT NULL
     WINDOW w AS (PARTITION BY project_id, session_id)
      ORDER BY project_id, session_id, occurred_at DESC, id DESC`,
    [PROJECT],
  );
  await pool.query("VACUUM ANALYZE");
}

/** The generated session of 10,000 calls. */
export const LONG_SESSION = "bench-long-session";

/** The admin (created here) and a signed-in session's token for them. */
export async function signedInAdmin(prisma: PrismaClient): Promise<string> {
  const user = await createUser(prisma, { ...ADMIN, isAdmin: true });
  const token = randomBytes(32).toString("base64url");
  await prisma.session.create({
    data: {
      tokenHash: createHash("sha256").update(token).digest("hex"),
      userId: user.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  return token;
}
