import type { Pool } from "pg";
import type { Classification } from "../classify/types";
import type { FieldError } from "../schemas/call";
import { splitEnvelope } from "./envelope";
import { prepareCalls, type PreparedCall, type Rejection } from "./prepare";
import { writeBatch, type WriteOptions } from "./write";

export { EnvelopeError } from "./envelope";

export type AcceptedCall = Omit<Classification, "text" | "textLength" | "signature"> & {
  index: number;
  id: string;
  duplicate: boolean;
};

export interface IngestResult {
  accepted: number;
  duplicates: number;
  rejected: { index: number; errors: FieldError[] }[];
  calls: AcceptedCall[];
}

/**
 * Validates, classifies and durably stores a webhook body. Throws EnvelopeError for a
 * body that is not a call or a batch; database errors propagate with nothing written.
 */
export interface IngestOptions extends WriteOptions {
  receivedAt?: Date;
  redact?: (text: string) => string;
}

export function ingest(
  pool: Pool,
  projectId: string,
  body: unknown,
  options: IngestOptions = {},
): Promise<IngestResult> {
  return ingestItems(pool, projectId, splitEnvelope(body), options);
}

/** Call objects from any sender (the webhook's envelope, OTLP spans of any batch size). */
export async function ingestItems(
  pool: Pool,
  projectId: string,
  items: unknown[],
  options: IngestOptions = {},
): Promise<IngestResult> {
  const { prepared, rejected } = prepareCalls(items, options.receivedAt ?? new Date(), {
    redact: options.redact,
  });
  const { unique, repeated } = firstOfEachId(prepared);
  const { insertedIds } = await writeBatch(pool, projectId, unique, options);

  const calls = prepared.map((call) => summarise(call, !insertedIds.has(call.id) || repeated.has(call)));
  const accepted = calls.filter((call) => !call.duplicate).length;
  return { accepted, duplicates: calls.length - accepted, rejected: sortRejections(rejected), calls };
}

/** The same id twice in one batch is stored once: the first occurrence wins. */
function firstOfEachId(calls: PreparedCall[]): { unique: PreparedCall[]; repeated: Set<PreparedCall> } {
  const seen = new Set<string>();
  const unique: PreparedCall[] = [];
  const repeated = new Set<PreparedCall>();
  for (const call of calls) {
    if (seen.has(call.id)) repeated.add(call);
    else {
      seen.add(call.id);
      unique.push(call);
    }
  }
  return { unique, repeated };
}

function summarise(call: PreparedCall, duplicate: boolean): AcceptedCall {
  return {
    index: call.index,
    id: call.id,
    duplicate,
    outcome: call.outcome,
    category: call.category,
    errorCode: call.errorCode,
    retryable: call.retryable,
    silentFailure: call.silentFailure,
    partial: call.partial,
    empty: call.empty,
    flags: call.flags,
  };
}

function sortRejections(rejected: Rejection[]): Rejection[] {
  return [...rejected].sort((a, b) => a.index - b.index);
}
