import type { Pool } from "pg";
import type { Classification } from "../classify/types";
import { recordCallsStored } from "../metrics";
import type { FieldError } from "../schemas/call";
import { fingerprintKey, withKeyedFingerprints } from "./fingerprint";
import { writeGrouped } from "./group-commit";
import type { PreparedCall, Rejection } from "./prepare";
import { isProbeCall } from "./routes";
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
 * Durably stores calls already validated and classified (lib/ingest/offload, on the event loop
 * or a worker), answering for each as the webhook does. Reached through ingestRequest
 * (./request), the one way in.
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
  // Calls, not observations: an observation that joined another call counts nothing new; a
  // probe's steps are not traffic (lib/ingest/routes).
  await recordCallsStored(
    pool,
    projectId,
    results
      .filter((result) => result.fate === "stored" && !isProbeCall(result.stored))
      .map((result) => result.stored),
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
