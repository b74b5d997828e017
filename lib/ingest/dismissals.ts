import { computeSignature } from "../classify/signature";
import { SILENT_FAILURE_FLAGS, type Flag } from "../classify/types";
import type { PreparedCall } from "./prepare";

// A silent-success group that people dismissed ("this is fine for this tool") stops
// flagging: new calls it would have flagged are recorded as clean successes, with
// `silent_failure_dismissed` kept as the reason.

export function silentReason(call: Pick<PreparedCall, "flags">): Flag | undefined {
  return call.flags.find((flag) => (SILENT_FAILURE_FLAGS as readonly string[]).includes(flag));
}

export function silentGroupKey(server: string, tool: string | null, reason: string): string {
  return JSON.stringify([server, tool ?? "", reason]);
}

const QUALITY_FLAGS: readonly Flag[] = ["opaque_error", "no_error_code", "raw_exception"];

export function applyDismissals(calls: PreparedCall[], dismissed: Set<string>): void {
  if (dismissed.size === 0) return;
  for (const call of calls) {
    const reason = call.silentFailure ? silentReason(call) : undefined;
    if (!reason || !dismissed.has(silentGroupKey(call.server, call.tool, reason))) continue;
    call.silentFailure = false;
    call.category = null;
    call.errorCode = null;
    call.retryable = null;
    call.flags = [...call.flags.filter((flag) => !QUALITY_FLAGS.includes(flag)), "silent_failure_dismissed"];
    call.signature = computeSignature({ ...call, category: null, errorCode: null });
  }
}
