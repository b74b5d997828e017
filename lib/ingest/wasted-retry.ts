import type { PreparedCall } from "./prepare";

// wasted_retry: the same call made again — the same tool of the same server, in the same session,
// with the same arguments (the sender's argumentsHash) — after a failure that said retrying would
// not help (retryable false), and failing again. A call with other arguments after a failure is the
// corrected call, not a retry; a repeat that succeeded was not wasted; without a fingerprint
// nothing can be told, so nothing is flagged.

export interface PriorCall {
  outcome: string;
  silentFailure: boolean;
  retryable: boolean | null;
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

/**
 * The calls with `wasted_retry` added to those that repeat a non-retryable failure (new
 * objects; the input is left as it was). `priorByKey` holds, per repeatKey, the latest stored
 * call before the batch's earliest one.
 */
export function markWastedRetries(
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
  const wastedCalls = new Set<PreparedCall>();
  for (const [key, group] of groups) {
    const ordered = [...group].sort(
      (a, b) => a.occurredAt.getTime() - b.occurredAt.getTime() || a.index - b.index,
    );
    let previous: PriorCall | undefined = priorByKey.get(key);
    for (const call of ordered) {
      if (previous && wasted(previous, call) && !call.flags.includes("wasted_retry")) wastedCalls.add(call);
      previous = call;
    }
  }
  return calls.map((call) =>
    wastedCalls.has(call) ? { ...call, flags: [...call.flags, "wasted_retry" as const] } : call,
  );
}
