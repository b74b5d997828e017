import type { Pool } from "pg";
import type { Classification } from "../classify/types";
import { recordCallsStored } from "../metrics";
import type { FieldError } from "../schemas/call";
import { splitEnvelope } from "./envelope";
import { writeGrouped } from "./group-commit";
import { prepareInSlices, type PreparedCall, type Rejection } from "./prepare";
import type { WriteOptions } from "./write";
import { writeCalls } from "./write-calls";

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

/**
 * Call objects from any sender (the webhook's envelope, OTLP spans of any batch size). Calls
 * that may merge into stored ones (OTLP) are written on their own; the rest share
 * transactions with the project's concurrent requests (lib/ingest/group-commit).
 */
export async function ingestItems(
  pool: Pool,
  projectId: string,
  items: unknown[],
  options: IngestOptions = {},
): Promise<IngestResult> {
  const prepared = await prepareInSlices(items, options.receivedAt ?? new Date(), {
    redact: options.redact,
  });
  return storePrepared(pool, projectId, prepared, options);
}

/**
 * Durably stores calls already validated and classified (by ingestItems, or by an ingest
 * worker: lib/ingest/offload), answering for each as the webhook does.
 */
export async function storePrepared(
  pool: Pool,
  projectId: string,
  { prepared, rejected }: { prepared: PreparedCall[]; rejected: Rejection[] },
  options: WriteOptions = {},
): Promise<IngestResult> {
  const written =
    prepared.length === 0
      ? { stored: new Map<PreparedCall, PreparedCall>(), inserted: new Set<PreparedCall>() }
      : options.mergeDuplicates
        ? await writeCalls(pool, projectId, prepared, options)
        : await writeGrouped(pool, projectId, prepared);
  const calls = prepared.map((call) =>
    summarise(written.stored.get(call) ?? call, !written.inserted.has(call)),
  );
  await recordCallsStored(
    pool,
    projectId,
    prepared.filter((call) => written.inserted.has(call)).map((call) => written.stored.get(call) ?? call),
  );
  const accepted = calls.filter((call) => !call.duplicate).length;
  return { accepted, duplicates: calls.length - accepted, rejected: sortRejections(rejected), calls };
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
