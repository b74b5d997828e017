import type { Pool } from "pg";
import type { PreparedCall } from "./prepare";
import { writeBatch, type WriteOptions } from "./write";

// One request's (or one group's) calls, written: the same id twice is stored once — the first
// occurrence wins — and each call given is answered with the call as stored and whether this
// occurrence is the one that was stored.

export interface Written {
  /** The call as stored (after dismissals and wasted-retry marking), per call given. */
  stored: Map<PreparedCall, PreparedCall>;
  /** The calls given that were stored now; the rest were duplicates (or merged, with mergeDuplicates). */
  inserted: Set<PreparedCall>;
}

export async function writeCalls(
  pool: Pool,
  projectId: string,
  calls: readonly PreparedCall[],
  options: WriteOptions = {},
): Promise<Written> {
  const unique = firstOfEachId(calls);
  const { stored, insertedIds } = await writeBatch(pool, projectId, unique, options);
  return {
    stored: new Map(unique.map((call, index) => [call, stored[index]!])),
    inserted: new Set(unique.filter((call) => insertedIds.has(call.id))),
  };
}

function firstOfEachId(calls: readonly PreparedCall[]): PreparedCall[] {
  const seen = new Set<string>();
  return calls.filter((call) => !seen.has(call.id) && seen.add(call.id));
}
