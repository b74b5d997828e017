import { setTimeout as sleep } from "node:timers/promises";
import type { Pool, PoolClient } from "pg";
import { isTransientConflict } from "../db/errors";
import { inTransaction } from "../db/transaction";
import { recordWriteRetry } from "../metrics";
import type { PreparedCall } from "./prepare";
import { CALL_COLUMNS, CALL_RECORD_TYPES, callRecord } from "./call-rows";
import { correlate, type Correlation } from "./correlate";
import { applyDismissals, silentGroupKey, silentReason } from "./dismissals";
import { ensurePartitionsFor } from "./partitions";
import { getEnv } from "../env";
import { applyFold, enqueueFold } from "./fold";
import { judgeRepeatsAround } from "./repeats";

// Writes one batch in one transaction. Calls that can be matched with other routes' reports of
// the same request (they carry observations, lib/ingest/observations) are correlated first
// (lib/ingest/correlate): each becomes a new call or joins a stored one, which is merged anew.
// Then dismissed silent-success groups apply, new calls are checked against the calls they may
// repeat, new calls are inserted with one multi-row statement (duplicates by id skipped), merged
// ones updated, and the difference folded into the rollups and the dashboard's read models — in
// this transaction, or under FAULTLINE_FOLD=background queued for a fold after it (lib/ingest/fold).
// Either all of it is durable or none of it is.

/** What became of a call given: stored as a new call, merged into another (an observation of it), or a re-send. */
export type Fate = "stored" | "merged" | "duplicate";

export interface WriteResult {
  /** Per call given, in order: the call as stored (after dismissals and repeat marking) — for a merged observation, the call it joined — and its fate. */
  results: { stored: PreparedCall; fate: Fate }[];
  /** Whether a fold_queue row names what the batch adds (FAULTLINE_FOLD=background, lib/ingest/fold). */
  queued?: boolean;
}

/** Attempts at a batch's transaction when it loses a deadlock or serialization race. */
export const WRITE_ATTEMPTS = 5;

/**
 * How a batch's figures are written (FAULTLINE_FOLD): `inline` in its own transaction, `background`
 * as a fold_queue row for a fold after the commit (lib/ingest/fold).
 */
export type FoldMode = "inline" | "background";

export async function writeBatch(
  pool: Pool,
  projectId: string,
  given: readonly PreparedCall[],
  fold: FoldMode = getEnv().FAULTLINE_FOLD,
): Promise<WriteResult> {
  if (given.length === 0) return { results: [] };
  // Outside the transaction: partition DDL must not hold the batch's locks, nor wait inside it.
  await ensurePartitionsFor(
    pool,
    given.map((call) => call.occurredAt),
  );
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeOnce(pool, projectId, given, fold);
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

const NO_CORRELATION: Correlation = { created: [], merges: [], fates: new Map(), resent: new Map() };

async function writeOnce(
  pool: Pool,
  projectId: string,
  given: readonly PreparedCall[],
  fold: FoldMode,
): Promise<WriteResult> {
  // A connection that fails mid-transaction (PostgreSQL restarting) is destroyed by inTransaction,
  // so the next request opens a fresh one and recovery needs no restart.
  return inTransaction(pool, async (client) => {
    const plain = given.filter((call) => call.observations === null);
    const keyed = given.filter((call) => call.observations !== null);
    const correlation = keyed.length > 0 ? await correlate(client, projectId, keyed) : NO_CORRELATION;
    const newCalls = [...plain, ...correlation.created];
    const dismissed = await dismissedGroups(client, projectId, [
      ...newCalls,
      ...correlation.merges.map((merge) => merge.merged),
    ]);
    const undismissed = applyDismissals(newCalls, dismissed);
    const dismissedMerges = correlation.merges.map(({ old, merged }) => ({
      old,
      merged: applyDismissals([merged], dismissed)[0]!,
    }));
    // Repeats (wasted_retry, duplicate_request), judged with their neighbours (lib/ingest/repeats).
    const repeats = await judgeRepeatsAround(client, projectId, undismissed, dismissedMerges);
    const asStored = new Map(
      newCalls.map((call, index) => [call, repeats.calls.get(call.id) ?? undismissed[index]!]),
    );
    const merges = [
      ...dismissedMerges.map(({ old, merged }) => ({ old, merged: repeats.calls.get(merged.id) ?? merged })),
      ...repeats.rewritten,
    ];
    const insertedIds = await insertCalls(
      client,
      projectId,
      plain.map((call) => asStored.get(call)!),
    );
    const created = correlation.created.map((call) => asStored.get(call)!);
    await insertClaimedCalls(client, projectId, created);
    await updateMerged(client, projectId, merges);

    // A merge that changes nothing any figure counts (the second route agreeing with the first)
    // takes nothing back and adds nothing: its row is rewritten, its rollups and read models not.
    const recounted = merges.filter(({ old, merged }) => !sameFigures(old, merged));
    const counted = [
      ...plain.filter((call) => insertedIds.has(call.id)).map((call) => asStored.get(call)!),
      ...created,
      ...recounted.map((merge) => merge.merged),
    ];
    const replaced = recounted.map((merge) => merge.old);
    // What they add to the rollups and read models: applied here, or queued for a fold after the
    // commit (lib/ingest/fold) — the same statements either way.
    let queued = false;
    if (fold === "background") queued = await enqueueFold(client, projectId, counted, replaced);
    else await applyFold(client, projectId, counted, replaced);
    return {
      results: given.map((call) => resultOf(call, asStored, insertedIds, correlation, merges)),
      queued,
    };
  });
}

/** Whether every figure (rollups, signatures, silent groups, sessions) counts `a` as it counts `b`. */
function sameFigures(a: PreparedCall, b: PreparedCall): boolean {
  const fields = [
    "method",
    "server",
    "tool",
    "sessionId",
    "agent",
    "outcome",
    "category",
    "errorCode",
    "retryable",
    "silentFailure",
    "partial",
    "empty",
    "durationMs",
    "signature",
    "text",
  ] as const;
  return (
    a.occurredAt.getTime() === b.occurredAt.getTime() &&
    fields.every((field) => a[field] === b[field]) &&
    a.flags.length === b.flags.length &&
    a.flags.every((flag) => b.flags.includes(flag))
  );
}

/** What became of one call given, and the call as it is stored now. */
function resultOf(
  call: PreparedCall,
  asStored: Map<PreparedCall, PreparedCall>,
  insertedIds: Set<string>,
  correlation: Correlation,
  merges: readonly { old: PreparedCall; merged: PreparedCall }[],
): WriteResult["results"][number] {
  if (call.observations === null) {
    const stored = asStored.get(call)!;
    return { stored, fate: insertedIds.has(call.id) ? "stored" : "duplicate" };
  }
  const fate = correlation.fates.get(call);
  if (!fate) {
    // A re-send: answered as a duplicate of the call it is part of (named when it joined another).
    const callId = correlation.resent.get(call) ?? call.id;
    return { stored: callId === call.id ? call : { ...call, id: callId }, fate: "duplicate" };
  }
  // The call as finally stored: a new one after its repeat marking, a merged one after dismissals.
  const now =
    asStored.get(fate.call) ?? merges.find((merge) => merge.merged.id === fate.call.id)?.merged ?? fate.call;
  return { stored: now, fate: fate.started ? "stored" : "merged" };
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

const INSERT_COLUMNS = CALL_COLUMNS.join(", ");
const FROM_RECORDS = `jsonb_to_recordset($2::jsonb) AS r(${CALL_RECORD_TYPES})`;

async function insertCalls(
  client: PoolClient,
  projectId: string,
  calls: readonly PreparedCall[],
): Promise<Set<string>> {
  if (calls.length === 0) return new Set();
  // The idempotency key is call_ids' (project_id, id) (a partitioned table's own keys must hold
  // its partition key): an id is claimed there first, in id order (the lock order every writer
  // keeps), and only a call whose id was claimed now is stored. A claimed id whose call already
  // exists (a resend while retention is removing that day) is skipped by ON CONFLICT on calls.
  const { rows } = await client.query<{ id: string }>({
    name: "ingest_insert_calls",
    text: `WITH r AS (SELECT * FROM ${FROM_RECORDS}),
     claimed AS (
       INSERT INTO call_ids (project_id, id, occurred_at)
       SELECT $1::uuid, r.id, r.occurred_at FROM r ORDER BY r.id
       ON CONFLICT (project_id, id) DO NOTHING
       RETURNING id)
     INSERT INTO calls (project_id, ${INSERT_COLUMNS})
     SELECT $1::uuid, ${CALL_COLUMNS.map((column) => `r.${column}`).join(", ")}
       FROM r JOIN claimed USING (id)
      ORDER BY r.id
     ON CONFLICT DO NOTHING
     RETURNING id`,
    values: [projectId, JSON.stringify(calls.map(callRecord))],
  });
  return new Set(rows.map((row) => row.id));
}

/** New calls whose ids lib/ingest/correlate already claimed. */
async function insertClaimedCalls(
  client: PoolClient,
  projectId: string,
  calls: readonly PreparedCall[],
): Promise<void> {
  if (calls.length === 0) return;
  await client.query({
    name: "ingest_insert_claimed_calls",
    text: `INSERT INTO calls (project_id, ${INSERT_COLUMNS})
           SELECT $1::uuid, ${CALL_COLUMNS.map((column) => `r.${column}`).join(", ")} FROM ${FROM_RECORDS}
            ORDER BY r.id
           ON CONFLICT DO NOTHING`,
    values: [projectId, JSON.stringify(calls.map(callRecord))],
  });
}

/**
 * Stored calls that gained an observation, rewritten whole. A call that now starts earlier (a
 * client's observation before the server's) moves to that day's partition, and its id in
 * call_ids says where it now is.
 */
async function updateMerged(
  client: PoolClient,
  projectId: string,
  merges: readonly { old: PreparedCall; merged: PreparedCall }[],
): Promise<void> {
  if (merges.length === 0) return;
  const updatable = CALL_COLUMNS.filter((column) => column !== "id" && column !== "method");
  await client.query({
    name: "ingest_update_merged_calls",
    text: `UPDATE calls c SET ${updatable.map((column) => `${column} = r.${column}`).join(", ")}
             FROM jsonb_to_recordset($2::jsonb) AS r(${CALL_RECORD_TYPES}, stored_at timestamptz)
            WHERE c.project_id = $1 AND c.id = r.id AND c.occurred_at = r.stored_at`,
    values: [
      projectId,
      JSON.stringify(
        merges.map(({ old, merged }) => ({ ...callRecord(merged), stored_at: old.occurredAt.toISOString() })),
      ),
    ],
  });
  const moved = merges.filter(({ old, merged }) => old.occurredAt.getTime() !== merged.occurredAt.getTime());
  if (moved.length === 0) return;
  await client.query({
    name: "ingest_move_call_ids",
    text: `UPDATE call_ids k SET occurred_at = m.occurred_at
             FROM jsonb_to_recordset($2::jsonb) AS m(id text, occurred_at timestamptz)
            WHERE k.project_id = $1 AND k.id = m.id`,
    values: [
      projectId,
      JSON.stringify(
        moved.map(({ merged }) => ({ id: merged.id, occurred_at: merged.occurredAt.toISOString() })),
      ),
    ],
  });
}
