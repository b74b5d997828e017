import { createHmac } from "node:crypto";
import type { Pool } from "pg";
import type { Observation } from "./observations";
import type { PreparedCall } from "./prepare";

// A call's arguments fingerprint, as stored: HMAC-SHA256 under its project's own secret key of
// what the sender gave (the SHA-256 of the canonical JSON of the arguments — the reporter, the
// proxy and the server instrumentation compute it, and Faultline does for OTLP spans). The
// sender's hash alone can be reversed by anyone who reads it and can hash guesses (a six-digit
// PIN in half a second); keyed, a guess can only be checked by someone who holds the key, which
// never leaves the database. Equal arguments still give equal fingerprints within a project —
// whichever route reported the call — so repeats and the matching of routes work as before; two
// projects never share one.
//
// The one home of the rule: applied to every prepared call (and each of its observations) as it
// is stored, on the ingest path's main thread; the migration that introduced it keyed the
// fingerprints stored before with the same HMAC, in SQL.

/** Projects' keys, read once each (a key never changes); the least recently used forgotten past this many. */
const CACHED_KEYS = 10_000;
const keys = new Map<string, Promise<Buffer>>();

/** The project's fingerprint key. */
export function fingerprintKey(pool: Pool, projectId: string): Promise<Buffer> {
  const known = keys.get(projectId);
  if (known) {
    keys.delete(projectId);
    keys.set(projectId, known);
    return known;
  }
  const loading = pool
    .query<{ key: Buffer }>(`SELECT fingerprint_key AS key FROM projects WHERE id = $1`, [projectId])
    .then(({ rows }) => {
      if (!rows[0]) throw new Error(`no project ${projectId}`);
      return rows[0].key;
    });
  keys.set(projectId, loading);
  loading.catch(() => keys.delete(projectId));
  if (keys.size > CACHED_KEYS) keys.delete(keys.keys().next().value!);
  return loading;
}

/** HMAC-SHA256(key, the sender's fingerprint), in hex. */
export function keyedFingerprint(key: Buffer, senderHash: string): string {
  return createHmac("sha256", key).update(senderHash, "utf8").digest("hex");
}

/** The calls with their fingerprints keyed (new objects; a call without one is returned as it is). */
export function withKeyedFingerprints(calls: readonly PreparedCall[], key: Buffer): PreparedCall[] {
  return calls.map((call) => {
    if (call.argumentsHash === null && !call.observations?.some((o) => o.argumentsHash !== null)) return call;
    return {
      ...call,
      argumentsHash: call.argumentsHash === null ? null : keyedFingerprint(key, call.argumentsHash),
      observations: call.observations?.map((observation) => keyedObservation(observation, key)) ?? null,
    };
  });
}

function keyedObservation(observation: Observation, key: Buffer): Observation {
  if (observation.argumentsHash === null) return observation;
  return { ...observation, argumentsHash: keyedFingerprint(key, observation.argumentsHash) };
}
