import type { Pool, PoolClient } from "pg";
import { LOCKS } from "../db/lock";
import { inTransaction } from "../db/transaction";
import { recordFoldLag } from "../metrics";
import { foldRollups } from "../rollups";
import { callRecord, fromRow, type CallRow } from "./call-rows";
import type { PreparedCall } from "./prepare";
import { writeReadModels } from "./read-model-writes";
import { upsertRollups } from "./rollup-writes";
import { isProbeCall } from "./routes";

// The fold: what stored calls add to the traffic rollups (Overview, rates, /metrics, alerts) and
// the read models (signatures, silent groups, sessions). Under FAULTLINE_FOLD=inline (the default)
// the ingest transaction applies it itself (`applyFold`); under `background` it is applied after
// the calls are durable:
//
// An ingest transaction inserts its calls and one fold_queue row naming what they add (and, for a
// call merged with another route's report, what its stored version takes back). A fold takes the
// oldest rows of one project (the project of the oldest row: projects are served in the order their
// rows arrived, one shard a transaction under Citus), applies them and deletes them in one
// transaction: each row is folded exactly once — a crash, a lost connection or a PostgreSQL restart
// before its commit leaves the rows where they were for the next fold. One fold runs at a time
// across every instance (a transaction-scoped advisory lock), so ingest transactions no longer
// queue on the rollup and read-model rows, and many transactions' rows are applied in one set of
// upserts.

/** Queue rows one fold transaction takes at most (each a transaction's calls, at most 5,000). */
const ROWS_PER_FOLD = 64;
/** Calls one fold transaction takes at most, unless its first row alone holds more. */
export const CALLS_PER_FOLD = 5000;

/** A call as the folds read it: its row without the route-matching keys and observations. */
function queued(call: PreparedCall): Record<string, unknown> {
  const { trace_key: _trace, request_key: _request, loose_key: _loose, ...record } = callRecord(call);
  return { ...record, observations: null };
}

function unqueued(record: Omit<CallRow, "occurred_at"> & { occurred_at: string }): PreparedCall {
  return fromRow({ ...record, occurred_at: new Date(record.occurred_at) });
}

/** Queues what `added` adds and `removed` takes back, in the ingest transaction; whether a row was queued. */
export async function enqueueFold(
  client: PoolClient,
  projectId: string,
  added: readonly PreparedCall[],
  removed: readonly PreparedCall[],
): Promise<boolean> {
  if (added.length === 0 && removed.length === 0) return false;
  await client.query({
    name: "ingest_enqueue_fold",
    text: `INSERT INTO fold_queue (project_id, added, removed) VALUES ($1, $2::jsonb, $3::jsonb)`,
    values: [projectId, JSON.stringify(added.map(queued)), JSON.stringify(removed.map(queued))],
  });
  return true;
}

export interface FoldResult {
  /** Queue rows folded by this call (0 when another instance holds the fold, or nothing waited). */
  rows: number;
  /** Calls those rows added and took back. */
  calls: number;
}

interface QueueRow {
  added: (Omit<CallRow, "occurred_at"> & { occurred_at: string })[];
  removed: (Omit<CallRow, "occurred_at"> & { occurred_at: string })[];
  lag_seconds: number;
}

/**
 * Folds queued rows until none is left. `wait`: take the fold when another holds it (so every row
 * committed before the call is folded when it resolves); otherwise leave it to the holder. With
 * `transactions`, stops after that many fold transactions.
 */
export async function foldPending(
  pool: Pool,
  options: { wait: boolean; transactions?: number } = { wait: false },
): Promise<FoldResult> {
  const total: FoldResult = { rows: 0, calls: 0 };
  for (let transactions = 0; transactions < (options.transactions ?? Infinity); transactions++) {
    const done = await foldOnce(pool, options.wait);
    if (done === undefined) return total;
    total.rows += done.rows;
    total.calls += done.calls;
    if (!done.more) return total;
  }
  return total;
}

/**
 * One fold transaction, of one project's oldest rows; undefined when another instance holds the fold
 * and `wait` is false. `more`: rows are left (of this project or another).
 */
async function foldOnce(pool: Pool, wait: boolean): Promise<(FoldResult & { more: boolean }) | undefined> {
  const done = await inTransaction(pool, async (client) => {
    const { rows: lock } = await client.query<{ locked: boolean }>(
      wait
        ? "SELECT true AS locked FROM pg_advisory_xact_lock($1)"
        : "SELECT pg_try_advisory_xact_lock($1) AS locked",
      [LOCKS.fold],
    );
    if (!lock[0]!.locked) return undefined;
    // The project of the oldest row, then its oldest rows: one project a transaction (one shard
    // under Citus), projects served in the order their rows arrived.
    const { rows: oldest } = await client.query<{ project_id: string }>({
      name: "fold_oldest_project",
      text: "SELECT project_id FROM fold_queue ORDER BY seq LIMIT 1",
    });
    const projectId = oldest[0]?.project_id;
    const { rows } =
      projectId === undefined
        ? { rows: [] as QueueRow[] }
        : await client.query<QueueRow>({
            name: "fold_take",
            // Whole rows, oldest first, while their calls add up to at most CALLS_PER_FOLD (the
            // first row always): what one fold holds in memory is bounded whatever was queued.
            text: `WITH oldest AS (
                     SELECT seq, jsonb_array_length(added) + jsonb_array_length(removed) AS calls
                       FROM fold_queue WHERE project_id = $1 ORDER BY seq LIMIT $2),
                   taken AS (
                     SELECT seq, row_number() OVER (ORDER BY seq) AS n,
                            sum(calls) OVER (ORDER BY seq) AS running
                       FROM oldest)
                   DELETE FROM fold_queue q USING taken
                    WHERE q.project_id = $1 AND q.seq = taken.seq AND (taken.n = 1 OR taken.running <= $3)
                RETURNING q.added, q.removed,
                          extract(epoch FROM clock_timestamp() - q.enqueued_at)::float8 AS lag_seconds`,
            values: [projectId, ROWS_PER_FOLD, CALLS_PER_FOLD],
          });
    const added = rows.flatMap((row) => row.added.map(unqueued));
    const removed = rows.flatMap((row) => row.removed.map(unqueued));
    if (projectId !== undefined) await applyFold(client, projectId, added, removed);
    const { rows: left } = await client.query<{ more: boolean }>({
      name: "fold_more",
      text: "SELECT EXISTS (SELECT 1 FROM fold_queue) AS more",
    });
    return { rows, added, removed, more: left[0]!.more };
  });
  if (done === undefined) return undefined;
  for (const row of done.rows) recordFoldLag(row.lag_seconds);
  return { rows: done.rows.length, calls: done.added.length + done.removed.length, more: done.more };
}

/**
 * What `added` adds and `removed` takes back, applied — by a fold, or by the ingest transaction
 * itself under FAULTLINE_FOLD=inline. A probe's steps are not traffic: the
 * rollups leave them out; the read models (signatures, silent groups) count them like any failure.
 */
export async function applyFold(
  client: PoolClient,
  projectId: string,
  added: PreparedCall[],
  removed: PreparedCall[],
): Promise<void> {
  await upsertRollups(
    client,
    projectId,
    foldRollups([
      ...added.filter((call) => !isProbeCall(call)).map((call) => ({ call, weight: 1 })),
      ...removed.filter((call) => !isProbeCall(call)).map((call) => ({ call, weight: -1 })),
    ]),
  );
  await writeReadModels(client, projectId, added, removed);
}
