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

/** The calls as stored: those in a dismissed group become clean successes; the rest are unchanged. */
export function applyDismissals(calls: readonly PreparedCall[], dismissed: Set<string>): PreparedCall[] {
  if (dismissed.size === 0) return [...calls];
  return calls.map((call) => {
    const reason = call.silentFailure ? silentReason(call) : undefined;
    if (!reason || !dismissed.has(silentGroupKey(call.server, call.tool, reason))) return call;
    const cleared = {
      ...call,
      silentFailure: false,
      category: null,
      errorCode: null,
      retryable: null,
      flags: [
        ...call.flags.filter((flag) => !QUALITY_FLAGS.includes(flag)),
        "silent_failure_dismissed" as const,
      ],
    };
    return { ...cleared, signature: computeSignature(cleared) };
  });
}
