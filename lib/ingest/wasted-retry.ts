import type { PreparedCall } from "./prepare";

// wasted_retry: the same tool called again in the same session after a failure that a
// retry cannot fix. A call after a *validation* failure is usually the corrected call,
// not a retry, so it is only flagged when the sender marks it as a retry (attempt > 1).

export interface PriorCall {
  outcome: string;
  silentFailure: boolean;
  retryable: boolean | null;
  category: string | null;
}

/** The same tool on the same server in the same session: another server's failure says nothing about this one. */
export function sessionToolKey(server: string, sessionId: string, tool: string): string {
  return JSON.stringify([server, sessionId, tool]);
}

function wasted(previous: PriorCall, next: PreparedCall): boolean {
  const failed = previous.outcome !== "ok" || previous.silentFailure;
  if (!failed || previous.retryable !== false) return false;
  return previous.category !== "validation" || (next.attempt ?? 1) > 1;
}

/**
 * The calls with `wasted_retry` added to those that repeat a non-retryable failure (new
 * objects; the input is left as it was). `priorByKey` holds, per session+tool, the latest
 * stored call before the batch's earliest one.
 */
export function markWastedRetries(
  calls: readonly PreparedCall[],
  priorByKey: Map<string, PriorCall>,
): PreparedCall[] {
  const groups = new Map<string, PreparedCall[]>();
  for (const call of calls) {
    if (!call.sessionId || !call.tool) continue;
    const key = sessionToolKey(call.server, call.sessionId, call.tool);
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
