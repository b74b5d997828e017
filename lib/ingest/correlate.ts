import type { PoolClient } from "pg";
import { CALL_SELECT, fromRow, type CallRow } from "./call-rows";
import {
  lockBuckets,
  matchKeys,
  matchObservations,
  mergeObservations,
  NEAREST_PER_KEY,
  SCAN_PER_SIDE,
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
// 3. Read the stored calls that share a key within that key's window, the nearest in time on
//    each side (locked, in id order). A call found by its arguments alone is looked for only where
//    the link can be made: around an observation that knows no JSON-RPC id (an OpenLLMetry span),
//    any call; around one that does, only calls that know none yet — so a busy tool called with
//    the same arguments again and again costs the lookups of the routes that have ids nothing.
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
  /** Per re-sent observation: the id of the call it is part of (its own, or the call it joined). */
  resent: Map<PreparedCall, string>;
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

// For each (key, time, route) an observation is found by: the NEAREST_PER_KEY stored calls sharing
// the key on each side of its time within the key's window, and the NEAREST_PER_KEY nearest of
// the SCAN_PER_SIDE nearest that its route has not reported yet — as many more as there are
// observations alike (index scans, LIMIT each); then those calls read and locked in id order.
// However many calls share a key — one JSON-RPC id in many sessions, one trace parent over
// thousands of spans, a pile at one pinned time — an observation reads at most
// 4 × NEAREST_PER_KEY calls per key and looks at 2 × SCAN_PER_SIDE.
const nearest = (column: string, kind: string, extra = "") =>
  ["<=", ">"]
    .map((side) => {
      const scan = (limit: number) => `SELECT c.id, c.occurred_at, c.routes FROM calls c
          WHERE w.kind = '${kind}' AND c.project_id = $1 AND c.${column} = w.key ${extra}
            AND c.occurred_at >= $3 AND c.occurred_at <= $4
            AND c.occurred_at ${side} w.at
            AND c.occurred_at ${side === "<=" ? ">=" : "<="} w.at ${side === "<=" ? "-" : "+"} w.window
          ORDER BY c.occurred_at ${side === "<=" ? "DESC" : "ASC"} LIMIT ${limit}`;
      return `(SELECT id, occurred_at FROM (${scan(NEAREST_PER_KEY)}) s)
        UNION ALL (SELECT id, occurred_at FROM (${scan(SCAN_PER_SIDE)}) s
                    WHERE NOT s.routes @> ARRAY[w.observer] LIMIT w.free_limit)`;
    })
    .join(" UNION ALL ");

const CANDIDATES = {
  name: "ingest_match_candidates",
  text: `WITH wanted AS (
           SELECT * FROM jsonb_to_recordset($2::jsonb)
             AS w(kind text, key text, at timestamptz, window_ms int, observer text, free_limit int)
         ), found AS (
           SELECT DISTINCT n.id, n.occurred_at
             FROM (SELECT kind, key, at, observer, free_limit, make_interval(secs => window_ms / 1000.0) AS window FROM wanted) w
             CROSS JOIN LATERAL (
               ${nearest("trace_key", "t")} UNION ALL
               ${nearest("request_key", "r")} UNION ALL
               ${nearest("loose_key", "l")} UNION ALL
               ${nearest("loose_key", "i", "AND c.request_key IS NULL")}
             ) n
         )
         SELECT ${CALL_SELECT}
           FROM calls c JOIN found f ON c.id = f.id AND c.occurred_at = f.occurred_at
          WHERE c.project_id = $1 AND c.occurred_at >= $3 AND c.occurred_at <= $4
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
  const resent = await callsOfResent(
    client,
    projectId,
    all.filter((o) => !claimedIds.has(o.id)).map((o) => observationOf.get(o)!),
  );
  if (fresh.length === 0) return { created: [], merges: [], fates, resent };

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
  return { created, merges, fates, resent };
}

/** The call each re-sent observation is part of, so its answer names it as the first one did. */
async function callsOfResent(
  client: PoolClient,
  projectId: string,
  resent: readonly PreparedCall[],
): Promise<Map<PreparedCall, string>> {
  if (resent.length === 0) return new Map();
  const { rows } = await client.query<{ id: string; call: string }>(
    `SELECT id, coalesce(call_id, id) AS call FROM call_ids WHERE project_id = $1 AND id = ANY($2::text[])`,
    [projectId, resent.map((call) => call.id)],
  );
  const callOf = new Map(rows.map((row) => [row.id, row.call]));
  return new Map(
    resent.flatMap((call) => (callOf.has(call.id) ? [[call, callOf.get(call.id)!] as const] : [])),
  );
}

/**
 * The stored calls that share a key with one of `observations` within its key's window, the
 * nearest in time of each (the query above). A call found by its arguments alone is looked for
 * around an observation that knows no JSON-RPC id among all calls ("l"), around one that does
 * only among calls that know none yet ("i").
 */
async function candidates(
  client: PoolClient,
  projectId: string,
  observations: readonly Observation[],
): Promise<PreparedCall[]> {
  type Wanted = {
    kind: string;
    key: string;
    at: string;
    window_ms: number;
    observer: string;
    free_limit: number;
  };
  const wanted = new Map<string, Wanted>();
  for (const observation of observations) {
    const keys = matchKeys(observation);
    const { occurredAt: at, observer } = observation;
    const want = (kind: string, key: string | null, window: number) => {
      if (key === null) return;
      const same = [kind, key, at, observer].join("\u0000");
      const known = wanted.get(same);
      // Observations that are alike each want free places of their own (up to the look-ahead).
      if (known) known.free_limit = Math.min(SCAN_PER_SIDE, known.free_limit + NEAREST_PER_KEY);
      else wanted.set(same, { kind, key, at, window_ms: window, observer, free_limit: NEAREST_PER_KEY });
    };
    want("t", keys.traceKey, WINDOW_MS.trace);
    want("r", keys.requestKey, WINDOW_MS.request);
    want(observation.requestId === null ? "l" : "i", keys.looseKey, WINDOW_MS.loose);
  }
  // Every window, spanned: lets the planner leave out the partitions no window reaches.
  const starts = observations.map((o) => Date.parse(o.occurredAt));
  const longest = Math.max(...Object.values(WINDOW_MS));
  const from = new Date(starts.reduce((a, b) => Math.min(a, b)) - longest).toISOString();
  const to = new Date(starts.reduce((a, b) => Math.max(a, b)) + longest).toISOString();
  const { rows } = await client.query<CallRow>({
    ...CANDIDATES,
    values: [projectId, JSON.stringify([...wanted.values()]), from, to],
  });
  return rows.map(fromRow);
}
