import type { Flag } from "../classify/types";
import type { PreparedCall } from "./prepare";

// Repeats of the same call — the same tool of the same server, in the same session, with the
// same arguments (the sender's argumentsHash):
// - wasted_retry: made again after a failure that said retrying would not help (retryable false),
//   and failing again. A call with other arguments after a failure is the corrected call, not a
//   retry; a repeat that succeeded was not wasted;
// - duplicate_request: sent while the same call was still running — two requests on the wire
//   (a host that dispatches every call twice), kept as two calls and said so.
// Without a fingerprint nothing can be told, so nothing is flagged.

export interface PriorCall {
  outcome: string;
  silentFailure: boolean;
  retryable: boolean | null;
  occurredAt: Date;
  durationMs: number | null;
}

/** The same call: tool, server, session and arguments. */
export function repeatKey(
  call: Pick<PreparedCall, "server" | "sessionId" | "tool" | "argumentsHash">,
): string | undefined {
  if (!call.sessionId || !call.tool || !call.argumentsHash) return undefined;
  return JSON.stringify([call.server, call.sessionId, call.tool, call.argumentsHash]);
}

function failed(call: PriorCall): boolean {
  return call.outcome !== "ok" || call.silentFailure;
}

function wasted(previous: PriorCall, next: PreparedCall): boolean {
  return failed(previous) && previous.retryable === false && failed(next);
}

function overlapping(previous: PriorCall, next: PreparedCall): boolean {
  if (previous.durationMs === null) return false;
  const start = next.occurredAt.getTime();
  return (
    start >= previous.occurredAt.getTime() && start < previous.occurredAt.getTime() + previous.durationMs
  );
}

/**
 * The calls with `wasted_retry` added to those that repeat a non-retryable failure, and
 * `duplicate_request` to those sent while the same call was running (new objects; the input is
 * left as it was). `priorByKey` holds, per repeatKey, the latest stored call before the batch's
 * earliest one.
 */
export function markRepeats(
  calls: readonly PreparedCall[],
  priorByKey: Map<string, PriorCall>,
): PreparedCall[] {
  const groups = new Map<string, PreparedCall[]>();
  for (const call of calls) {
    const key = repeatKey(call);
    if (!key) continue;
    const group = groups.get(key) ?? [];
    group.push(call);
    groups.set(key, group);
  }
  const added = new Map<PreparedCall, Flag[]>();
  for (const [key, group] of groups) {
    const ordered = [...group].sort(
      (a, b) => a.occurredAt.getTime() - b.occurredAt.getTime() || a.index - b.index,
    );
    let previous: PriorCall | undefined = priorByKey.get(key);
    for (const call of ordered) {
      const flags: Flag[] = [];
      if (previous && wasted(previous, call) && !call.flags.includes("wasted_retry"))
        flags.push("wasted_retry");
      if (previous && overlapping(previous, call) && !call.flags.includes("duplicate_request"))
        flags.push("duplicate_request");
      if (flags.length > 0) added.set(call, flags);
      previous = call;
    }
  }
  return calls.map((call) => {
    const flags = added.get(call);
    return flags ? { ...call, flags: [...call.flags, ...flags] } : call;
  });
}
