import type { Pool } from "pg";
import type { PreparedCall } from "./prepare";
import { getEnv } from "../env";
import { foldPending } from "./fold";
import { nudgeFold } from "./folder";
import { writeBatch, type Fate } from "./write";

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
): Promise<Written> {
  const unique = firstOfEachId(calls);
  const fates: Written["fates"] = new Map();
  let foldSeq: string | undefined;
  for (let start = 0; start < unique.length; start += MAX_TRANSACTION_CALLS) {
    const part = unique.slice(start, start + MAX_TRANSACTION_CALLS);
    const written = await writeBatch(pool, projectId, part);
    part.forEach((call, index) => fates.set(call, written.results[index]!));
    foldSeq = written.foldSeq ?? foldSeq;
  }
  for (const call of calls) if (!fates.has(call)) fates.set(call, { stored: call, fate: "duplicate" });
  if (foldSeq !== undefined) await foldAfterWrite(pool, foldSeq);
  return { fates };
}

/**
 * The fold of what was just written (lib/ingest/fold): awaited under FAULTLINE_FOLD=inline (the
 * answer then comes after the pages can show the calls), started and left to finish otherwise.
 * The calls are durable either way: a fold that fails leaves its queue rows for the next pass.
 */
async function foldAfterWrite(pool: Pool, foldSeq: string): Promise<void> {
  if (getEnv().FAULTLINE_FOLD === "background") return nudgeFold(pool);
  try {
    await foldPending(pool, { wait: true, until: foldSeq });
  } catch (error) {
    console.warn(
      "[faultline] fold failed; the queued calls stay for the next pass:",
      (error as Error).message,
    );
    nudgeFold(pool);
  }
}

function firstOfEachId(calls: readonly PreparedCall[]): PreparedCall[] {
  const seen = new Set<string>();
  return calls.filter((call) => !seen.has(call.id) && seen.add(call.id));
}
