import type { PoolClient } from "pg";
import { HYGIENE_COLUMNS, type RollupDeltas } from "../rollups";

// The traffic rollups' upsert: what a fold adds to (and takes back from) the outcome and tool
// rollups, in one statement.

/**
 * Both rollups in one statement (one round trip): outcome rollups, then tool rollups — the tool
 * part reads the outcome part through a constant filter, evaluated once before its first row,
 * which pins that order for every writer (lib/ingest/read-model-writes: lock order).
 */
const UPSERT_ROLLUPS = `
WITH outcomes AS (
  INSERT INTO outcome_rollups (project_id, granularity, bucket_start, method, server, outcome, category, error_code,
                               calls, silent_failures, partials, empties, wasted_retries, retryable, with_error_code)
  SELECT $1::uuid, r.* FROM jsonb_to_recordset($2::jsonb) AS r(
         granularity text, bucket_start timestamptz, method text, server text, outcome text, category text,
         error_code text, calls int, silent_failures int, partials int, empties int, wasted_retries int,
         retryable int, with_error_code int)
  ON CONFLICT (project_id, granularity, bucket_start, method, server, outcome, category, error_code) DO UPDATE SET
    calls = outcome_rollups.calls + EXCLUDED.calls,
    silent_failures = outcome_rollups.silent_failures + EXCLUDED.silent_failures,
    partials = outcome_rollups.partials + EXCLUDED.partials,
    empties = outcome_rollups.empties + EXCLUDED.empties,
    wasted_retries = outcome_rollups.wasted_retries + EXCLUDED.wasted_retries,
    retryable = outcome_rollups.retryable + EXCLUDED.retryable,
    with_error_code = outcome_rollups.with_error_code + EXCLUDED.with_error_code
  RETURNING 1
)
INSERT INTO tool_rollups (project_id, granularity, bucket_start, method, server, tool, calls, failures,
                          silent_failures, tool_errors, protocol_errors, transport_errors, with_error_code,
                          opaque_errors, raw_exceptions, duration_ms_sum, duration_count, duration_histogram,
                          ${HYGIENE_COLUMNS.join(", ")})
SELECT $1::uuid, r.* FROM jsonb_to_recordset($3::jsonb) AS r(
       granularity text, bucket_start timestamptz, method text, server text, tool text, calls int, failures int,
       silent_failures int, tool_errors int, protocol_errors int, transport_errors int, with_error_code int,
       opaque_errors int, raw_exceptions int, duration_ms_sum float8, duration_count int, duration_histogram int[],
       ${HYGIENE_COLUMNS.map((column) => `${column} int`).join(", ")})
 WHERE (SELECT count(*) FROM outcomes) >= 0
ON CONFLICT (project_id, granularity, bucket_start, method, server, tool) DO UPDATE SET
  calls = tool_rollups.calls + EXCLUDED.calls,
  failures = tool_rollups.failures + EXCLUDED.failures,
  silent_failures = tool_rollups.silent_failures + EXCLUDED.silent_failures,
  tool_errors = tool_rollups.tool_errors + EXCLUDED.tool_errors,
  protocol_errors = tool_rollups.protocol_errors + EXCLUDED.protocol_errors,
  transport_errors = tool_rollups.transport_errors + EXCLUDED.transport_errors,
  with_error_code = tool_rollups.with_error_code + EXCLUDED.with_error_code,
  opaque_errors = tool_rollups.opaque_errors + EXCLUDED.opaque_errors,
  raw_exceptions = tool_rollups.raw_exceptions + EXCLUDED.raw_exceptions,
  ${HYGIENE_COLUMNS.map((column) => `${column} = tool_rollups.${column} + EXCLUDED.${column}`).join(",\n  ")},
  duration_ms_sum = tool_rollups.duration_ms_sum + EXCLUDED.duration_ms_sum,
  duration_count = tool_rollups.duration_count + EXCLUDED.duration_count,
  duration_histogram = (
    SELECT array_agg(coalesce(a, 0) + coalesce(b, 0) ORDER BY n)
      FROM unnest(tool_rollups.duration_histogram, EXCLUDED.duration_histogram) WITH ORDINALITY AS h(a, b, n))`;

export async function upsertRollups(
  client: PoolClient,
  projectId: string,
  deltas: RollupDeltas,
): Promise<void> {
  if (deltas.outcomes.length === 0 && deltas.tools.length === 0) return;
  await client.query({
    name: "ingest_upsert_rollups",
    text: UPSERT_ROLLUPS,
    values: [projectId, JSON.stringify(deltas.outcomes), JSON.stringify(deltas.tools)],
  });
}
