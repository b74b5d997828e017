import type { PoolClient } from "pg";
import { CALL_SELECT, fromRow, type CallRow } from "./call-rows";
import {
  lockBuckets,
  matchKeys,
  matchObservations,
  mergeObservations,
  type CallGroup,
  type Observation,
  WINDOW_MS,
} from "./observations";
import type { PreparedCall } from "./prepare";

// The database side of "one call, several observations" (observations.ts has the rules): inside
// the batch's transaction, find the stored calls the batch's observations may belong to, and say
// which calls are new and which stored ones change.
//
// 1. Lock: every observation's keys fall in one of 65,536 lock buckets per project (rows of
//    ingest_key_locks, taken in ascending order): two writers of observations that could be one
//    call — on two instances, or two requests on one — take turns, so the second sees the call
//    the first stored. Row locks, not advisory ones: they live in the rows, not in PostgreSQL's
//    shared lock table, however many a batch takes.
// 2. Claim each observation's id in call_ids: an id already there is a re-send, and is left out.
// 3. Read the stored calls that share a key within that key's window (locked, in id order). A
//    call found by its arguments alone is looked for only where the link can be made: around an
//    observation that knows no JSON-RPC id (an OpenLLMetry span), any call; around one that does,
//    only calls that know none yet — so a busy tool called with the same arguments again and again
//    costs the lookups of the routes that have ids nothing.
// 4. Match, then merge each touched call from all its observations.

export interface Merge {
  old: PreparedCall;
  merged: PreparedCall;
}

export interface Correlation {
  /** New calls, their ids claimed, to insert. */
  created: PreparedCall[];
  /** Stored calls that gained observations: as stored, and as they are now. */
  merges: Merge[];
  /** Per keyed call given: the call it is now part of and whether it started it. Absent: a re-send. */
  fates: Map<PreparedCall, { call: PreparedCall; started: boolean }>;
}

const LOCK_BUCKETS = {
  name: "ingest_lock_key_buckets",
  text: `INSERT INTO ingest_key_locks (project_id, bucket)
         SELECT $1::uuid, b FROM unnest($2::int[]) AS b ORDER BY b
         ON CONFLICT (project_id, bucket) DO UPDATE SET bucket = EXCLUDED.bucket WHERE false`,
};

const CLAIM_IDS = {
  name: "ingest_claim_observation_ids",
  text: `INSERT INTO call_ids (project_id, id, occurred_at)
         SELECT $1::uuid, r.id, r.occurred_at
           FROM jsonb_to_recordset($2::jsonb) AS r(id text, occurred_at timestamptz) ORDER BY r.id
         ON CONFLICT (project_id, id) DO NOTHING
         RETURNING id`,
};

const CANDIDATES = {
  name: "ingest_match_candidates",
  text: `SELECT ${CALL_SELECT}
           FROM calls c
          WHERE c.project_id = $1 AND c.occurred_at >= $2 AND c.occurred_at <= $3
            AND ((c.trace_key = ANY($4::text[]) AND c.occurred_at >= $5 AND c.occurred_at <= $6)
              OR (c.request_key = ANY($7::text[]) AND c.occurred_at >= $8 AND c.occurred_at <= $9)
              OR (c.loose_key = ANY($10::text[]) AND c.occurred_at >= $11 AND c.occurred_at <= $12)
              OR (c.loose_key = ANY($13::text[]) AND c.request_key IS NULL
                  AND c.occurred_at >= $11 AND c.occurred_at <= $12))
          ORDER BY c.id
          FOR UPDATE OF c`,
};

/**
 * call_ids for observations that joined a call another started (call_id names it), or that were
 * matched again and now start a call of their own (call_id null, occurred_at where it is).
 */
const POINT_IDS = {
  name: "ingest_point_observation_ids",
  text: `UPDATE call_ids k SET call_id = m.call_id, occurred_at = coalesce(m.occurred_at, k.occurred_at)
           FROM jsonb_to_recordset($2::jsonb) AS m(id text, call_id text, occurred_at timestamptz)
          WHERE k.project_id = $1 AND k.id = m.id`,
};

export async function correlate(
  client: PoolClient,
  projectId: string,
  keyed: readonly PreparedCall[],
): Promise<Correlation> {
  const observationOf = new Map<Observation, PreparedCall>();
  for (const call of keyed) observationOf.set(call.observations![0]!, call);
  const all = [...observationOf.keys()];

  await client.query({ ...LOCK_BUCKETS, values: [projectId, lockBuckets(all)] });
  const { rows: claimed } = await client.query<{ id: string }>({
    ...CLAIM_IDS,
    values: [projectId, JSON.stringify(all.map((o) => ({ id: o.id, occurred_at: o.occurredAt })))],
  });
  const claimedIds = new Set(claimed.map((row) => row.id));
  const fresh = all.filter((o) => claimedIds.has(o.id));
  const fates: Correlation["fates"] = new Map();
  if (fresh.length === 0) return { created: [], merges: [], fates };

  const stored = await candidates(client, projectId, fresh);
  const storedById = new Map(stored.map((call) => [call.id, call]));
  const groups: CallGroup[] = stored.map((call) => ({ id: call.id, observations: call.observations ?? [] }));
  const created: PreparedCall[] = [];
  const merges: Merge[] = [];
  const pointers: { id: string; call_id: string | null; occurred_at?: string }[] = [];
  for (const touched of matchObservations(groups, fresh)) {
    const old = storedById.get(touched.group.id);
    const starter = touched.group.observations.find((o) => o.id === touched.group.id);
    const call: PreparedCall = {
      ...mergeObservations(touched.group.observations, old?.flags ?? []),
      id: touched.group.id,
      index: (starter && observationOf.get(starter)?.index) ?? -1,
    };
    if (old) merges.push({ old, merged: call });
    else created.push(call);
    for (const observation of touched.arrived) {
      const started = observation.id === call.id;
      const given = observationOf.get(observation);
      if (given) fates.set(given, { call, started });
      if (!started) pointers.push({ id: observation.id, call_id: call.id });
      // A stored observation matched again that now starts a call of its own.
      else if (!given)
        pointers.push({ id: observation.id, call_id: null, occurred_at: call.occurredAt.toISOString() });
    }
  }
  if (pointers.length > 0)
    await client.query({ ...POINT_IDS, values: [projectId, JSON.stringify(pointers)] });
  return { created, merges, fates };
}

/** The stored calls that share a key with one of `observations`, each within its key's window. */
async function candidates(
  client: PoolClient,
  projectId: string,
  observations: readonly Observation[],
): Promise<PreparedCall[]> {
  const withKeys = observations.map((o) => ({ o, keys: matchKeys(o) }));
  const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => v !== null))];
  const span = (keyed: typeof withKeys, window: number): [string, string] => {
    const starts = keyed.map(({ o }) => Date.parse(o.occurredAt));
    if (starts.length === 0) return [new Date(0).toISOString(), new Date(0).toISOString()];
    return [
      new Date(Math.min(...starts) - window).toISOString(),
      new Date(Math.max(...starts) + window).toISOString(),
    ];
  };
  const traced = withKeys.filter(({ keys }) => keys.traceKey !== null);
  const requested = withKeys.filter(({ keys }) => keys.requestKey !== null);
  const loose = withKeys.filter(({ keys }) => keys.looseKey !== null);
  const idless = loose.filter(({ o }) => o.requestId === null);
  const ided = loose.filter(({ o }) => o.requestId !== null);
  const all = span(withKeys, WINDOW_MS.trace);
  const { rows } = await client.query<CallRow>({
    ...CANDIDATES,
    values: [
      projectId,
      ...all,
      distinct(traced.map(({ keys }) => keys.traceKey)),
      ...span(traced, WINDOW_MS.trace),
      distinct(requested.map(({ keys }) => keys.requestKey)),
      ...span(requested, WINDOW_MS.request),
      distinct(idless.map(({ keys }) => keys.looseKey)),
      ...span(loose, WINDOW_MS.loose),
      distinct(ided.map(({ keys }) => keys.looseKey)),
    ],
  });
  return rows.map(fromRow);
}
