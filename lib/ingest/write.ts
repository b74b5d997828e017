import { setTimeout as sleep } from "node:timers/promises";
import type { Pool, PoolClient } from "pg";
import { isTransientConflict } from "../db/errors";
import { recordWriteRetry } from "../metrics";
import type { PreparedCall } from "./prepare";
import { applyDismissals, silentGroupKey, silentReason } from "./dismissals";
import { mergeIntoStored } from "./merge-write";
import { ensurePartitionsFor } from "./partitions";
import { writeReadModels } from "./read-model-writes";
import { foldRollups, HYGIENE_COLUMNS, type RollupDeltas } from "../rollups";
import { markWastedRetries, repeatKey, type PriorCall } from "./wasted-retry";

// Writes one batch in one transaction: apply dismissed silent-success groups, look up the
// calls it may be retrying, insert the new calls with one multi-row statement (duplicates
// by id are skipped), then fold the inserted ones into the rollups and the dashboard's
// read models. Either all of it is durable or none of it is.

export interface WriteResult {
  /** The calls as stored — after dismissals and wasted-retry marking — in the order given. */
  stored: PreparedCall[];
  insertedIds: Set<string>;
}

export interface WriteOptions {
  /**
   * A call whose id is already stored is merged into it rather than dropped (OTLP: the client
   * and server spans of one request). Without it, the same id is a duplicate (the webhook).
   */
  mergeDuplicates?: boolean;
}

/** Attempts at a batch's transaction when it loses a deadlock or serialization race. */
export const WRITE_ATTEMPTS = 5;

export async function writeBatch(
  pool: Pool,
  projectId: string,
  given: readonly PreparedCall[],
  options: WriteOptions = {},
): Promise<WriteResult> {
  if (given.length === 0) return { stored: [], insertedIds: new Set() };
  // Outside the transaction: partition DDL must not hold the batch's locks, nor wait inside it.
  await ensurePartitionsFor(
    pool,
    given.map((call) => call.occurredAt),
  );
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeOnce(pool, projectId, given, options);
    } catch (error) {
      // Locks are taken in one order everywhere (lib/ingest/read-model-writes), so this is rare;
      // when PostgreSQL still picks this transaction as a deadlock's victim, nothing of it was
      // written and running it again is safe.
      // A row routed to calls_default just as its day's partition was attached (by the upkeep or
      // another instance) fails the default's new constraint; run again, it goes to the new one.
      if (!(isTransientConflict(error) || isPartitionRace(error)) || attempt >= WRITE_ATTEMPTS) throw error;
      recordWriteRetry();
      await sleep(5 * attempt + Math.random() * 20 * attempt);
    }
  }
}

function isPartitionRace(error: unknown): boolean {
  const candidate = error as { code?: unknown; message?: unknown } | null;
  return candidate?.code === "23514" && /violates partition constraint/.test(String(candidate.message ?? ""));
}

async function writeOnce(
  pool: Pool,
  projectId: string,
  given: readonly PreparedCall[],
  options: WriteOptions,
): Promise<WriteResult> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const undismissed = applyDismissals(given, await dismissedGroups(client, projectId, given));
    const calls = markWastedRetries(undismissed, await priorCalls(client, projectId, undismissed));
    const insertedIds = await insertCalls(client, projectId, calls);
    const inserted = calls.filter((call) => insertedIds.has(call.id));
    const merges = options.mergeDuplicates
      ? await mergeIntoStored(
          client,
          projectId,
          calls.filter((call) => !insertedIds.has(call.id)),
        )
      : [];
    const counted = [...inserted, ...merges.map((merge) => merge.merged)];
    const replaced = merges.map((merge) => merge.old);
    await upsertRollups(
      client,
      projectId,
      foldRollups([
        ...counted.map((call) => ({ call, weight: 1 })),
        ...replaced.map((call) => ({ call, weight: -1 })),
      ]),
    );
    await writeReadModels(client, projectId, counted, replaced);
    await client.query("COMMIT");
    client.release();
    return { stored: calls, insertedIds };
  } catch (error) {
    // A connection that failed mid-transaction (PostgreSQL restarting) must not go back to
    // the pool: destroy it, so the next request opens a fresh one and recovery needs no restart.
    const rolledBack = await client.query("ROLLBACK").then(
      () => true,
      () => false,
    );
    client.release(rolledBack ? undefined : true);
    throw error;
  }
}

async function dismissedGroups(
  client: PoolClient,
  projectId: string,
  calls: readonly PreparedCall[],
): Promise<Set<string>> {
  const candidates = new Map<string, { server: string; tool: string; reason: string }>();
  for (const call of calls) {
    const reason = call.silentFailure ? silentReason(call) : undefined;
    if (reason)
      candidates.set(silentGroupKey(call.server, call.tool, reason), {
        server: call.server,
        tool: call.tool ?? "",
        reason,
      });
  }
  if (candidates.size === 0) return new Set();
  const { rows } = await client.query<{ server: string; tool: string; reason: string }>({
    name: "ingest_dismissed_groups",
    text: `SELECT g.server, g.tool, g.reason
       FROM silent_groups g
       JOIN jsonb_to_recordset($2::jsonb) AS k(server text, tool text, reason text)
         ON g.server = k.server AND g.tool = k.tool AND g.reason = k.reason
      WHERE g.project_id = $1 AND g.status = 'dismissed'`,
    values: [projectId, JSON.stringify([...candidates.values()])],
  });
  return new Set(rows.map((row) => silentGroupKey(row.server, row.tool || null, row.reason)));
}

async function priorCalls(
  client: PoolClient,
  projectId: string,
  calls: readonly PreparedCall[],
): Promise<Map<string, PriorCall>> {
  const earliest = new Map<
    string,
    { server: string; session_id: string; tool: string; arguments_hash: string; before: string }
  >();
  for (const call of calls) {
    const key = repeatKey(call);
    if (!key) continue;
    const known = earliest.get(key);
    if (!known || call.occurredAt.toISOString() < known.before) {
      earliest.set(key, {
        server: call.server,
        session_id: call.sessionId!,
        tool: call.tool!,
        arguments_hash: call.argumentsHash!,
        before: call.occurredAt.toISOString(),
      });
    }
  }
  if (earliest.size === 0) return new Map();
  const { rows } = await client.query<{
    server: string;
    session_id: string;
    tool: string;
    arguments_hash: string;
    outcome: string;
    silent_failure: boolean;
    retryable: boolean | null;
  }>({
    name: "ingest_prior_calls",
    text: `SELECT k.server, k.session_id, k.tool, k.arguments_hash, p.outcome, p.silent_failure, p.retryable
       FROM jsonb_to_recordset($2::jsonb) AS k(server text, session_id text, tool text, arguments_hash text, before timestamptz)
       CROSS JOIN LATERAL (
         SELECT c.outcome, c.silent_failure, c.retryable
           FROM calls c
          WHERE c.project_id = $1 AND c.session_id = k.session_id AND c.tool = k.tool AND c.server = k.server
            AND c.arguments_hash = k.arguments_hash AND c.occurred_at < k.before
          ORDER BY c.occurred_at DESC
          LIMIT 1) p`,
    values: [projectId, JSON.stringify([...earliest.values()])],
  });
  return new Map(
    rows.map((row) => [
      repeatKey({
        server: row.server,
        sessionId: row.session_id,
        tool: row.tool,
        argumentsHash: row.arguments_hash,
      })!,
      { outcome: row.outcome, silentFailure: row.silent_failure, retryable: row.retryable },
    ]),
  );
}

async function insertCalls(
  client: PoolClient,
  projectId: string,
  calls: readonly PreparedCall[],
): Promise<Set<string>> {
  const records = calls.map((call) => ({
    id: call.id,
    occurred_at: call.occurredAt.toISOString(),
    duration_ms: call.durationMs,
    server: call.server,
    tool: call.tool,
    method: call.method,
    session_id: call.sessionId,
    agent: call.agent,
    attempt: call.attempt,
    arguments_hash: call.argumentsHash,
    http_status: call.httpStatus,
    transport_error: call.transportError,
    protocol_version: call.protocolVersion,
    outcome: call.outcome,
    category: call.category,
    error_code: call.errorCode,
    retryable: call.retryable,
    silent_failure: call.silentFailure,
    partial: call.partial,
    empty: call.empty,
    flags: call.flags,
    text: call.text,
    text_length: call.textLength,
    signature: call.signature,
  }));
  // The idempotency key is call_ids' (project_id, id) (a partitioned table's own keys must hold
  // its partition key): an id is claimed there first, in id order (the lock order every writer
  // keeps), and only a call whose id was claimed now is stored. A claimed id whose call already
  // exists (a resend while retention is removing that day) is skipped by ON CONFLICT on calls.
  const { rows } = await client.query<{ id: string }>({
    name: "ingest_insert_calls",
    text: `WITH r AS (
       SELECT * FROM jsonb_to_recordset($2::jsonb) AS r(
            id text, occurred_at timestamptz, duration_ms float8, server text, tool text, method text, session_id text,
            agent text, attempt int, arguments_hash text, http_status int, transport_error text, protocol_version text, outcome text,
            category text, error_code text, retryable boolean, silent_failure boolean, partial boolean, empty boolean,
            flags text[], text text, text_length int, signature text)),
     claimed AS (
       INSERT INTO call_ids (project_id, id, occurred_at)
       SELECT $1::uuid, r.id, r.occurred_at FROM r ORDER BY r.id
       ON CONFLICT (project_id, id) DO NOTHING
       RETURNING id)
     INSERT INTO calls (project_id, id, occurred_at, duration_ms, server, tool, method, session_id, agent, attempt,
                        arguments_hash, http_status, transport_error, protocol_version, outcome, category, error_code, retryable,
                        silent_failure, partial, empty, flags, text, text_length, signature)
     SELECT $1::uuid, r.id, r.occurred_at, r.duration_ms, r.server, r.tool, r.method, r.session_id, r.agent, r.attempt,
            r.arguments_hash, r.http_status, r.transport_error, r.protocol_version, r.outcome, r.category, r.error_code, r.retryable,
            r.silent_failure, r.partial, r.empty, r.flags, r.text, r.text_length, r.signature
       FROM r JOIN claimed USING (id)
      ORDER BY r.id
     ON CONFLICT DO NOTHING
     RETURNING id`,
    values: [projectId, JSON.stringify(records)],
  });
  return new Set(rows.map((row) => row.id));
}

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

async function upsertRollups(client: PoolClient, projectId: string, deltas: RollupDeltas): Promise<void> {
  if (deltas.outcomes.length === 0 && deltas.tools.length === 0) return;
  await client.query({
    name: "ingest_upsert_rollups",
    text: UPSERT_ROLLUPS,
    values: [projectId, JSON.stringify(deltas.outcomes), JSON.stringify(deltas.tools)],
  });
}
