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

/**
 * The most calls one transaction holds. A larger request (65,000 OTLP spans) is written in
 * several, one after another; it is acknowledged only when all have committed, and a resend
 * after a failure part-way stores nothing twice (ids are idempotent).
 */
export const MAX_TRANSACTION_CALLS = 5000;

export async function writeCalls(
  pool: Pool,
  projectId: string,
  calls: readonly PreparedCall[],
  options: WriteOptions = {},
): Promise<Written> {
  const unique = firstOfEachId(calls);
  const stored = new Map<PreparedCall, PreparedCall>();
  const inserted = new Set<PreparedCall>();
  for (let start = 0; start < unique.length; start += MAX_TRANSACTION_CALLS) {
    const part = unique.slice(start, start + MAX_TRANSACTION_CALLS);
    const written = await writeBatch(pool, projectId, part, options);
    part.forEach((call, index) => {
      stored.set(call, written.stored[index]!);
      if (written.insertedIds.has(call.id)) inserted.add(call);
    });
  }
  return { stored, inserted };
}

function firstOfEachId(calls: readonly PreparedCall[]): PreparedCall[] {
  const seen = new Set<string>();
  return calls.filter((call) => !seen.has(call.id) && seen.add(call.id));
}
