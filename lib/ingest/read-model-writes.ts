import type { PoolClient } from "pg";
import type { PreparedCall } from "./prepare";
import { buildSignatureRows, buildSilentGroupRows } from "./read-models";
import { buildSessionRows, SESSION_SERVERS_KEPT } from "./session-rows";

// The dashboard's read models (failure signatures with their hourly counts and lifecycle moves,
// silent-success groups, agent sessions), written for one batch: what it adds (new and merged calls) and what
// it takes back (the stored versions of merged calls; first/last seen stay).
//
// Lock order. Writers of the same calls run at once (a client and its server exporting the same
// requests; a batch re-sent to another instance), so every transaction takes its row locks in
// one global order (after calls and the rollups, lib/ingest/write): first every existing row it
// will touch — failure signatures, then signature rollups, then silent groups, each table sorted
// by key — in one statement; then the rows it creates, in the same table order, each table's
// sorted. Two transactions can then never each hold a row the other waits for.
//
// Round trips. A one-call transaction is a dozen statements, each a round trip that costs more
// than the statement's own work (bench/PROFILE.md), so statements that need nothing from each
// other's results share one: the locks are one statement, and the signature rollups, silent
// groups and sessions are written by one. Within a statement, a data-modifying CTE runs in an
// order PostgreSQL leaves open unless a later part reads it: each part here reads the one before
// through a constant filter (`WHERE (SELECT count(*) FROM before) >= 0`, evaluated once, before
// the part's first row), which pins the table order above.

const SIGNATURE_ROLLUP_KEYS = `(SELECT DISTINCT signature, bucket_start
                                  FROM jsonb_to_recordset($3::jsonb) AS k(signature text, bucket_start timestamptz))`;
const SILENT_GROUP_KEYS = `(SELECT DISTINCT server, tool, reason
                              FROM jsonb_to_recordset($4::jsonb) AS k(server text, tool text, reason text))`;

/**
 * Every existing row the batch will touch, locked in the global order; then, first of the rows it
 * creates, each new signature that continues the same failure's signature from before version 2's
 * masks (lib/classify/signature.ts): a copy of it — status, ignore, first sighting, count — made
 * before the lifecycle's moves and the batch's counts apply to it as to any stored signature. So an
 * upgrade neither reopens what was resolved or ignored nor announces an ongoing problem as new, and
 * costs no statement of its own.
 */
const LOCK_EXISTING = `
WITH signatures AS MATERIALIZED (
  SELECT 1 FROM failure_signatures
   WHERE project_id = $1
     AND (signature = ANY($2::text[])
          OR signature IN (SELECT merged_into FROM failure_signatures
                            WHERE project_id = $1 AND signature = ANY($2::text[]) AND merged_into IS NOT NULL))
   ORDER BY signature FOR UPDATE
), signature_buckets AS MATERIALIZED (
  SELECT 1 FROM signature_rollups s JOIN ${SIGNATURE_ROLLUP_KEYS} k
      ON s.signature = k.signature AND s.bucket_start = k.bucket_start
   WHERE s.project_id = $1 AND (SELECT count(*) FROM signatures) >= 0
   ORDER BY s.signature, s.bucket_start FOR UPDATE OF s
), silent AS MATERIALIZED (
  SELECT 1 FROM silent_groups g JOIN ${SILENT_GROUP_KEYS} k
      ON g.server = k.server AND g.tool = k.tool AND g.reason = k.reason
   WHERE g.project_id = $1 AND (SELECT count(*) FROM signature_buckets) >= 0
   ORDER BY g.server, g.tool, g.reason FOR UPDATE OF g
), continued AS (
  INSERT INTO failure_signatures (project_id, signature, server, tool, outcome, category, error_code, silent_failure,
                                  example_text, first_seen, last_seen, calls,
                                  status, status_changed_at, ignore_until, ignore_until_calls)
  SELECT $1::uuid, r.signature, l.server, l.tool, l.outcome, l.category, l.error_code, l.silent_failure,
         l.example_text, l.first_seen, l.last_seen, l.calls,
         l.status, l.status_changed_at, l.ignore_until, l.ignore_until_calls
    FROM jsonb_to_recordset($5::jsonb) AS r(signature text, legacy_signature text)
    JOIN failure_signatures l ON l.project_id = $1 AND l.signature = r.legacy_signature
   WHERE r.legacy_signature <> r.signature AND (SELECT count(*) FROM silent) >= 0
   ORDER BY r.signature
  ON CONFLICT (project_id, signature) DO NOTHING
  RETURNING 1
)
SELECT (SELECT count(*) FROM silent) + (SELECT count(*) FROM continued)`;

/** What merged calls' stored versions counted, taken back (OTLP: a client's and a server's span of one call). */
const TAKE_BACK = `
WITH signatures AS (
  UPDATE failure_signatures s SET calls = greatest(s.calls - d.calls, 0)
    FROM jsonb_to_recordset($2::jsonb) AS d(signature text, calls int)
   WHERE s.project_id = $1 AND s.signature = d.signature
  RETURNING 1
), signature_buckets AS (
  UPDATE signature_rollups s SET calls = greatest(s.calls - d.calls, 0)
    FROM jsonb_to_recordset($3::jsonb) AS d(signature text, bucket_start timestamptz, calls int)
   WHERE s.project_id = $1 AND s.signature = d.signature AND s.bucket_start = d.bucket_start
  RETURNING 1
)
UPDATE silent_groups g SET calls = greatest(g.calls - d.calls, 0)
  FROM jsonb_to_recordset($4::jsonb) AS d(server text, tool text, reason text, calls int)
 WHERE g.project_id = $1 AND g.server = d.server AND g.tool = d.tool AND g.reason = d.reason`;

/**
 * The lifecycle's automatic moves, before the batch is counted: a resolved signature seen
 * again (a call after it was resolved) becomes regressed; an ignore that ran out (its date
 * passed, or the calls it allowed were reached) reopens. Each move is kept in the history.
 * A call of a merged signature moves the one it was merged into (lib/failures/triage.ts), whose
 * ignore "for N calls" counts the calls of everything merged into it.
 */
const REOPEN_SIGNATURES = `
WITH batch AS (
  SELECT * FROM jsonb_to_recordset($2::jsonb) AS r(signature text, last_seen timestamptz, calls int)
), seen AS (
  SELECT coalesce(m.merged_into, b.signature) AS signature, max(b.last_seen) AS last_seen, sum(b.calls)::int AS calls
    FROM batch b LEFT JOIN failure_signatures m ON m.project_id = $1 AND m.signature = b.signature
   GROUP BY 1
), moved AS (
  UPDATE failure_signatures s
     SET status = CASE WHEN s.status = 'resolved' THEN 'regressed' ELSE 'open' END,
         status_changed_at = now(), ignore_until = NULL, ignore_until_calls = NULL
    FROM seen
   WHERE s.project_id = $1 AND s.signature = seen.signature AND s.merged_into IS NULL
     AND ((s.status = 'resolved' AND seen.last_seen > s.status_changed_at)
          OR (s.status = 'ignored'
              AND (s.ignore_until <= now()
                   OR s.calls + seen.calls + coalesce((SELECT sum(c.calls) FROM failure_signatures c
                                                        WHERE c.project_id = $1 AND c.merged_into = s.signature), 0)
                      >= s.ignore_until_calls)))
  RETURNING s.signature, s.status
)
INSERT INTO signature_events (project_id, signature, actor, from_status, to_status, detail)
SELECT $1::uuid, signature, 'faultline', CASE WHEN status = 'regressed' THEN 'resolved' ELSE 'ignored' END, status,
       CASE WHEN status = 'regressed' THEN 'seen again after it was resolved' ELSE 'the ignore ran out' END
  FROM moved`;

const UPSERT_SIGNATURES = `
INSERT INTO failure_signatures (project_id, signature, server, tool, outcome, category, error_code, silent_failure,
                                example_text, first_seen, last_seen, calls)
SELECT $1::uuid, r.signature, r.server, r.tool, r.outcome, r.category, r.error_code, r.silent_failure,
       r.example_text, r.first_seen, r.last_seen, r.calls
  FROM jsonb_to_recordset($2::jsonb) AS r(
       signature text, server text, tool text, outcome text, category text, error_code text, silent_failure boolean,
       example_text text, first_seen timestamptz, last_seen timestamptz, calls int)
ON CONFLICT (project_id, signature) DO UPDATE SET
  calls = failure_signatures.calls + EXCLUDED.calls,
  first_seen = least(failure_signatures.first_seen, EXCLUDED.first_seen),
  example_text = CASE WHEN EXCLUDED.last_seen >= failure_signatures.last_seen
                      THEN EXCLUDED.example_text ELSE failure_signatures.example_text END,
  last_seen = greatest(failure_signatures.last_seen, EXCLUDED.last_seen)`;

/**
 * Signature rollups, then silent groups, then agent sessions (each sorted by key). A merged
 * call's stored version is taken back from its session's counts; its latest-call fields are
 * rewritten by the merged version, which has the same id.
 */
const UPSERT_REST = `
WITH signature_buckets AS (
  INSERT INTO signature_rollups (project_id, signature, bucket_start, calls)
  SELECT $1::uuid, r.* FROM jsonb_to_recordset($2::jsonb) AS r(signature text, bucket_start timestamptz, calls int)
  ON CONFLICT (project_id, signature, bucket_start) DO UPDATE SET calls = signature_rollups.calls + EXCLUDED.calls
  RETURNING 1
), silent AS (
  INSERT INTO silent_groups (project_id, server, tool, reason, calls, first_seen, last_seen, example_text)
  SELECT $1::uuid, r.* FROM jsonb_to_recordset($3::jsonb) AS r(
         server text, tool text, reason text, calls int, first_seen timestamptz, last_seen timestamptz, example_text text)
   WHERE (SELECT count(*) FROM signature_buckets) >= 0
  ON CONFLICT (project_id, server, tool, reason) DO UPDATE SET
    calls = silent_groups.calls + EXCLUDED.calls,
    first_seen = least(silent_groups.first_seen, EXCLUDED.first_seen),
    example_text = CASE WHEN EXCLUDED.last_seen >= silent_groups.last_seen
                        THEN EXCLUDED.example_text ELSE silent_groups.example_text END,
    last_seen = greatest(silent_groups.last_seen, EXCLUDED.last_seen)
  RETURNING 1
)
INSERT INTO agent_sessions (project_id, session_id, first_at, last_at, last_call_id, last_failed, calls, failures,
                            agent, servers)
SELECT $1::uuid, r.session_id, r.first_at, r.last_at, r.last_call_id, r.last_failed, greatest(r.calls, 0),
       greatest(r.failures, 0), r.agent, r.servers
  FROM jsonb_to_recordset($4::jsonb) AS r(session_id text, first_at timestamptz, last_at timestamptz,
       last_call_id text, last_failed boolean, calls int, failures int, agent text, servers text[])
 WHERE (SELECT count(*) FROM silent) >= 0
 ORDER BY r.session_id
ON CONFLICT (project_id, session_id) DO UPDATE SET
  calls = greatest(agent_sessions.calls + EXCLUDED.calls, 0),
  failures = greatest(agent_sessions.failures + EXCLUDED.failures, 0),
  first_at = least(agent_sessions.first_at, EXCLUDED.first_at),
  last_failed = CASE WHEN (EXCLUDED.last_at, EXCLUDED.last_call_id) >= (agent_sessions.last_at, agent_sessions.last_call_id)
                     THEN EXCLUDED.last_failed ELSE agent_sessions.last_failed END,
  agent = CASE WHEN (EXCLUDED.last_at, EXCLUDED.last_call_id) >= (agent_sessions.last_at, agent_sessions.last_call_id)
               THEN coalesce(EXCLUDED.agent, agent_sessions.agent) ELSE coalesce(agent_sessions.agent, EXCLUDED.agent) END,
  last_call_id = CASE WHEN (EXCLUDED.last_at, EXCLUDED.last_call_id) >= (agent_sessions.last_at, agent_sessions.last_call_id)
                      THEN EXCLUDED.last_call_id ELSE agent_sessions.last_call_id END,
  last_at = greatest(agent_sessions.last_at, EXCLUDED.last_at),
  servers = (SELECT coalesce(array_agg(DISTINCT s ORDER BY s), '{}') FROM (
               SELECT s FROM unnest(agent_sessions.servers || EXCLUDED.servers) AS u(s) LIMIT ${SESSION_SERVERS_KEPT * 2}) k
            )[1:${SESSION_SERVERS_KEPT}]`;

const json = (rows: readonly object[]) => JSON.stringify(rows);

/** The read models, in the lock order above: at most five statements, two for a batch without failures. */
export async function writeReadModels(
  client: PoolClient,
  projectId: string,
  added: PreparedCall[],
  removed: PreparedCall[],
): Promise<void> {
  const signatures = { add: buildSignatureRows(added), remove: buildSignatureRows(removed) };
  const silent = { add: buildSilentGroupRows(added), remove: buildSilentGroupRows(removed) };
  const sessions = buildSessionRows(added, removed);
  const signatureKeys = [
    ...new Set([...signatures.add.signatures, ...signatures.remove.signatures].map((row) => row.signature)),
  ].sort();
  const silentKeys = [...silent.add, ...silent.remove].map(({ server, tool, reason }) => ({
    server,
    tool,
    reason,
  }));
  if (signatureKeys.length > 0 || silentKeys.length > 0) {
    await client.query({
      name: "ingest_lock_read_models",
      text: LOCK_EXISTING,
      values: [
        projectId,
        signatureKeys,
        json([...signatures.add.buckets, ...signatures.remove.buckets]),
        json(silentKeys),
        json(
          signatures.add.signatures
            .filter((row) => row.legacy_signature !== row.signature)
            .map(({ signature, legacy_signature }) => ({ signature, legacy_signature })),
        ),
      ],
    });
  }
  if (signatures.remove.signatures.length > 0 || silent.remove.length > 0) {
    await client.query({
      name: "ingest_take_back_read_models",
      text: TAKE_BACK,
      values: [
        projectId,
        json(signatures.remove.signatures.map(({ signature, calls }) => ({ signature, calls }))),
        json(signatures.remove.buckets),
        json(silent.remove.map(({ server, tool, reason, calls }) => ({ server, tool, reason, calls }))),
      ],
    });
  }
  if (signatures.add.signatures.length > 0) {
    await client.query({
      name: "ingest_reopen_signatures",
      text: REOPEN_SIGNATURES,
      values: [projectId, json(signatures.add.signatures)],
    });
    await client.query({
      name: "ingest_upsert_signatures",
      text: UPSERT_SIGNATURES,
      values: [projectId, json(signatures.add.signatures)],
    });
  }
  if (signatures.add.buckets.length > 0 || silent.add.length > 0 || sessions.length > 0) {
    await client.query({
      name: "ingest_upsert_read_models",
      text: UPSERT_REST,
      values: [projectId, json(signatures.add.buckets), json(silent.add), json(sessions)],
    });
  }
}
