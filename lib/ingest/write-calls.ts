import type { Pool } from "pg";
import type { PreparedCall } from "./prepare";
import { nudgeFold } from "./folder";
import { writeBatch, type Fate, type FoldMode } from "./write";

// One request's (or one group's) calls, written: the same id twice is stored once — the first
// occurrence wins — and each call given is answered with the call as stored (for an observation
// that joined another call, that call) and what became of it.

export interface Written {
  /** Per call given: the call as stored now and its fate; a later copy of an id in the batch is a duplicate. */
  fates: Map<PreparedCall, { stored: PreparedCall; fate: Fate }>;
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
  fold?: FoldMode,
): Promise<Written> {
  const unique = firstOfEachId(calls);
  const fates: Written["fates"] = new Map();
  let queued = false;
  for (let start = 0; start < unique.length; start += MAX_TRANSACTION_CALLS) {
    const part = unique.slice(start, start + MAX_TRANSACTION_CALLS);
    const written = await writeBatch(pool, projectId, part, fold);
    part.forEach((call, index) => fates.set(call, written.results[index]!));
    queued ||= written.queued === true;
  }
  for (const call of calls) if (!fates.has(call)) fates.set(call, { stored: call, fate: "duplicate" });
  // Under FAULTLINE_FOLD=background the figures are folded after the answer, starting now.
  if (queued) nudgeFold(pool);
  return { fates };
}

function firstOfEachId(calls: readonly PreparedCall[]): PreparedCall[] {
  const seen = new Set<string>();
  return calls.filter((call) => !seen.has(call.id) && seen.add(call.id));
}
