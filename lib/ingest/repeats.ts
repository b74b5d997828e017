import type { PoolClient } from "pg";
import { CALL_SELECT, fromRow, type CallRow } from "./call-rows";
import type { PreparedCall } from "./prepare";
import { judgeRepeats, repeatKey, startOrder } from "./wasted-retry";

// Repeats (wasted_retry, duplicate_request: lib/ingest/wasted-retry) judged for a batch inside its
// transaction. A call is judged against the call before it of the same server, session, tool and
// arguments. Routes' reports arrive in any order and a call's session, server and timing complete
// as they arrive, so for every repeat key the batch touches with such calls — new ones, merged
// ones, and the key a merged call left — the calls from the one before the batch's first to the one
// after its last are read (those that may change locked: at most BETWEEN_LIMIT from the first on, in
// one index scan that also finds the one after the last) and judged again in order; the flags
// then say what the calls as now stored say. A key touched only by calls that stand alone (a plain
// webhook sender's, which arrive in its order) reads only the call before.

/** Stored calls read from a batch's first call of one key on: a bound on the work. */
const BETWEEN_LIMIT = 100;

export interface Judged {
  /** Each new or merged call as judged (by id). */
  calls: Map<string, PreparedCall>;
  /** Stored calls outside the batch whose flags changed: as stored, and as they are now. */
  rewritten: { old: PreparedCall; merged: PreparedCall }[];
}

interface Range {
  /** Read on past the batch's first call: only where routes' reports can arrive out of order. */
  onward: boolean;
  server: string;
  session_id: string;
  tool: string;
  arguments_hash: string;
  first_at: string;
  first_id: string;
  last_at: string;
  last_id: string;
}

const AROUND = `
SELECT k.n, p.* FROM jsonb_to_recordset($2::jsonb)
  AS k(onward boolean, server text, session_id text, tool text, arguments_hash text, first_at timestamptz,
       first_id text, last_at timestamptz, last_id text, n int)
CROSS JOIN LATERAL (
  SELECT * FROM (SELECT ${CALL_SELECT} FROM calls c
    WHERE c.project_id = $1 AND c.session_id = k.session_id AND c.tool = k.tool AND c.server = k.server
      AND c.arguments_hash = k.arguments_hash AND c.occurred_at <= k.first_at
      AND (c.occurred_at, c.id) < (k.first_at, k.first_id)
    ORDER BY c.occurred_at DESC, c.id DESC LIMIT 1) before
  UNION ALL
  SELECT * FROM (SELECT ${CALL_SELECT} FROM calls c
    WHERE k.onward AND c.project_id = $1 AND c.session_id = k.session_id AND c.tool = k.tool
      AND c.server = k.server AND c.arguments_hash = k.arguments_hash AND c.occurred_at >= k.first_at
      AND (c.occurred_at, c.id) >= (k.first_at, k.first_id)
    ORDER BY c.occurred_at, c.id LIMIT ${BETWEEN_LIMIT} FOR UPDATE OF c) onward
) p`;

/**
 * Judges `fresh` (new calls) and `merges` (stored calls as merged now) with their neighbours.
 * `merges[].old` names the key and place a merged call left.
 */
export async function judgeRepeatsAround(
  client: PoolClient,
  projectId: string,
  fresh: readonly PreparedCall[],
  merges: readonly { old: PreparedCall; merged: PreparedCall }[],
): Promise<Judged> {
  const changed = [...fresh, ...merges.map((merge) => merge.merged)];
  const byKey = new Map<string, { range: Range; calls: PreparedCall[] }>();
  const widen = (call: PreparedCall, member?: PreparedCall) => {
    const key = repeatKey(call);
    if (!key) return;
    let entry = byKey.get(key);
    if (!entry) {
      entry = {
        range: {
          onward: false,
          server: call.server,
          session_id: call.sessionId!,
          tool: call.tool!,
          arguments_hash: call.argumentsHash!,
          first_at: call.occurredAt.toISOString(),
          first_id: call.id,
          last_at: call.occurredAt.toISOString(),
          last_id: call.id,
        },
        calls: [],
      };
      byKey.set(key, entry);
    }
    const { range } = entry;
    if (startOrder(call, { occurredAt: new Date(range.first_at), id: range.first_id }) < 0) {
      range.first_at = call.occurredAt.toISOString();
      range.first_id = call.id;
    }
    if (startOrder(call, { occurredAt: new Date(range.last_at), id: range.last_id }) > 0) {
      range.last_at = call.occurredAt.toISOString();
      range.last_id = call.id;
    }
    if (member) entry.calls.push(member);
    // A call that can be matched with other routes' reports (or that was), and a merged one's old
    // place: reports of such calls arrive in any order, so what comes after may change too.
    if (!member || member.observations !== null) range.onward = true;
  };
  for (const call of changed) widen(call, call);
  // Where a merged call was: the call after it there is judged again too.
  for (const { old } of merges) widen(old);
  if (byKey.size === 0) return { calls: new Map(), rewritten: [] };

  const entries = [...byKey.values()];
  const { rows } = await client.query<CallRow & { n: number }>({
    name: "ingest_repeats_around",
    text: AROUND,
    values: [projectId, JSON.stringify(entries.map((entry, index) => ({ ...entry.range, n: index + 1 })))],
  });
  const inBatch = new Set(changed.map((call) => call.id));
  const storedById = new Map<string, PreparedCall>();
  for (const row of rows) {
    const stored = fromRow(row);
    if (inBatch.has(stored.id)) continue; // read as it is now, from the batch
    storedById.set(stored.id, stored);
    entries[row.n - 1]!.calls.push(stored);
  }
  const calls = new Map<string, PreparedCall>();
  for (const entry of entries) {
    const last = { occurredAt: new Date(entry.range.last_at), id: entry.range.last_id };
    // The scan from the first went on past the last: of those, only the one right after counts.
    const after = entry.calls
      .filter((call) => !inBatch.has(call.id) && startOrder(call, last) > 0)
      .sort(startOrder)
      .slice(1)
      .map((call) => call.id);
    const sequence = dedupe(entry.calls.filter((call) => !after.includes(call.id)));
    for (const [id, call] of judgeRepeats(sequence, inBatch)) calls.set(id, call);
  }
  const rewritten: Judged["rewritten"] = [];
  for (const [id, stored] of storedById) {
    const now = calls.get(id);
    if (now && now !== stored) rewritten.push({ old: stored, merged: now });
  }
  return { calls, rewritten };
}

function dedupe(calls: readonly PreparedCall[]): PreparedCall[] {
  const seen = new Set<string>();
  return calls.filter((call) => !seen.has(call.id) && seen.add(call.id));
}
