import { getEnv } from "../env";
import type { Pool } from "pg";
import type { Classification } from "../classify/types";
import { recordCallsStored } from "../metrics";
import type { FieldError } from "../schemas/call";
import { splitEnvelope } from "./envelope";
import { fingerprintKey, withKeyedFingerprints } from "./fingerprint";
import { writeGrouped } from "./group-commit";
import { prepareInSlices, type PreparedCall, type Rejection } from "./prepare";
import type { Fate } from "./write";

export { EnvelopeError } from "./envelope";

export type AcceptedCall = Omit<Classification, "text" | "textLength" | "signature"> & {
  index: number;
  id: string;
  duplicate: boolean;
  /** The call this report is an observation of, when another route's report started it (docs/ROUTES.md). */
  callId?: string;
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
export interface IngestOptions {
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
 * Call objects from any sender (the webhook's envelope, OTLP spans of any batch size), written in
 * transactions shared with the project's concurrent requests (lib/ingest/group-commit).
 */
export async function ingestItems(
  pool: Pool,
  projectId: string,
  items: unknown[],
  options: IngestOptions = {},
): Promise<IngestResult> {
  const prepared = await prepareInSlices(items, options.receivedAt ?? new Date(), {
    redact: options.redact,
    lateArrivalDays: getEnv().FAULTLINE_LATE_ARRIVAL_DAYS,
  });
  return storePrepared(pool, projectId, prepared);
}

/**
 * Durably stores calls already validated and classified (by ingestItems, or by an ingest
 * worker: lib/ingest/offload), answering for each as the webhook does.
 */
export async function storePrepared(
  pool: Pool,
  projectId: string,
  { prepared: given, rejected }: { prepared: PreparedCall[]; rejected: Rejection[] },
): Promise<IngestResult> {
  // Arguments fingerprints are stored keyed by the project's secret (lib/ingest/fingerprint).
  const fingerprinted = given.some((call) => call.argumentsHash !== null || call.observations !== null);
  const prepared = fingerprinted
    ? withKeyedFingerprints(given, await fingerprintKey(pool, projectId))
    : given;
  const written =
    prepared.length === 0 ? { fates: new Map() } : await writeGrouped(pool, projectId, prepared);
  const results = prepared.map((call) => ({
    call,
    ...(written.fates.get(call) ?? { stored: call, fate: "duplicate" }),
  }));
  const calls = results.map(({ call, stored, fate }) => summarise(call, stored, fate));
  // Calls, not observations: an observation that joined another call counts nothing new.
  await recordCallsStored(
    pool,
    projectId,
    results.filter((result) => result.fate === "stored").map((result) => result.stored),
  );
  const accepted = calls.filter((call) => !call.duplicate).length;
  return { accepted, duplicates: calls.length - accepted, rejected: sortRejections(rejected), calls };
}

function summarise(given: PreparedCall, call: PreparedCall, fate: Fate): AcceptedCall {
  return {
    index: given.index,
    id: given.id,
    duplicate: fate === "duplicate",
    ...(call.id !== given.id ? { callId: call.id } : {}),
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
