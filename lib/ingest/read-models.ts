import { bucketStart, sortedByKey, TOOL_CALL } from "../rollups";
import { legacySignature } from "../classify/signature";
import { silentGroupKey, silentReason } from "./dismissals";
import type { PreparedCall } from "./prepare";

// Rows for the dashboard's read models, folded from one batch of stored calls.

export interface SignatureRow {
  signature: string;
  server: string;
  tool: string;
  outcome: string;
  category: string;
  error_code: string;
  silent_failure: boolean;
  example_text: string;
  first_seen: string;
  last_seen: string;
  calls: number;
  /** The same failure's signature before version 2's masks: a new signature takes over its lifecycle. */
  legacy_signature: string;
}

export interface SignatureBucketRow {
  signature: string;
  bucket_start: string;
  calls: number;
}

export interface SilentGroupRow {
  server: string;
  tool: string;
  reason: string;
  calls: number;
  first_seen: string;
  last_seen: string;
  example_text: string;
}

/** Counts one more occurrence; the newest occurrence's text becomes the example. */
function touch(
  row: { calls: number; first_seen: string; last_seen: string; example_text: string },
  at: string,
  text: string,
) {
  row.calls += 1;
  if (at < row.first_seen) row.first_seen = at;
  if (at >= row.last_seen) {
    row.last_seen = at;
    row.example_text = text;
  }
}

export function isFailure(call: Pick<PreparedCall, "outcome" | "silentFailure">): boolean {
  return call.outcome !== "ok" || call.silentFailure;
}

/** Failures and silent successes are about tool calls; other methods are counted in the rollups only. */
function isToolCall(call: Pick<PreparedCall, "method">): boolean {
  return call.method === TOOL_CALL;
}

export function buildSignatureRows(calls: PreparedCall[]): {
  signatures: SignatureRow[];
  buckets: SignatureBucketRow[];
} {
  const signatures = new Map<string, SignatureRow>();
  const buckets = new Map<string, SignatureBucketRow>();
  for (const call of calls) {
    if (!isFailure(call) || !isToolCall(call)) continue;
    const at = call.occurredAt.toISOString();
    const row = signatures.get(call.signature);
    if (row) {
      touch(row, at, call.text);
    } else {
      signatures.set(call.signature, {
        signature: call.signature,
        server: call.server,
        tool: call.tool ?? "",
        outcome: call.outcome,
        category: call.category ?? "",
        error_code: call.errorCode ?? "",
        silent_failure: call.silentFailure,
        example_text: call.text,
        first_seen: at,
        last_seen: at,
        calls: 1,
        legacy_signature: legacySignature({ ...call, tool: call.tool ?? "" }),
      });
    }
    const bucket = bucketStart(call.occurredAt, "hour").toISOString();
    const key = `${call.signature}|${bucket}`;
    const counted = buckets.get(key) ?? { signature: call.signature, bucket_start: bucket, calls: 0 };
    counted.calls += 1;
    buckets.set(key, counted);
  }
  return { signatures: sortedByKey(signatures), buckets: sortedByKey(buckets) };
}

export function buildSilentGroupRows(calls: PreparedCall[]): SilentGroupRow[] {
  const groups = new Map<string, SilentGroupRow>();
  for (const call of calls) {
    const reason = call.silentFailure && isToolCall(call) ? silentReason(call) : undefined;
    if (!reason) continue;
    const key = silentGroupKey(call.server, call.tool, reason);
    const at = call.occurredAt.toISOString();
    const row = groups.get(key);
    if (row) {
      touch(row, at, call.text);
    } else {
      groups.set(key, {
        server: call.server,
        tool: call.tool ?? "",
        reason,
        calls: 1,
        first_seen: at,
        last_seen: at,
        example_text: call.text,
      });
    }
  }
  return sortedByKey(groups);
}
