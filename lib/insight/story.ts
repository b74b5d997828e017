// The story of a session (pure): after each failure, what the agent did next, and where each call
// sits on the session's waterfall.

export interface StoryCall {
  id: string;
  occurredAt: Date;
  durationMs: number | null;
  server: string;
  tool: string | null;
  method: string;
  argumentsHash: string | null;
  outcome: string;
  silentFailure: boolean;
  flags: readonly string[];
}

export type NextMove =
  /** The same tool again with the same arguments (the sender's fingerprint). */
  | { kind: "retry"; wasted: boolean; callId: string }
  /** The same tool again with other arguments: the corrected call. */
  | { kind: "changed_arguments"; callId: string }
  /** The same tool again; without fingerprints, whether the arguments changed is unknown. */
  | { kind: "same_tool"; wasted: boolean; callId: string }
  | { kind: "other_tool"; server: string; tool: string | null; callId: string }
  | { kind: "end" };

export function failed(call: Pick<StoryCall, "outcome" | "silentFailure">): boolean {
  return call.outcome !== "ok" || call.silentFailure;
}

/** What followed a failed call: `next` is the session's next call, or null when the session ends there. */
export function nextMove(call: StoryCall, next: StoryCall | null): NextMove {
  if (!next) return { kind: "end" };
  const wasted = next.flags.includes("wasted_retry");
  if (next.server !== call.server || next.tool !== call.tool || next.method !== call.method)
    return { kind: "other_tool", server: next.server, tool: next.tool, callId: next.id };
  if (call.argumentsHash && next.argumentsHash) {
    return call.argumentsHash === next.argumentsHash
      ? { kind: "retry", wasted, callId: next.id }
      : { kind: "changed_arguments", callId: next.id };
  }
  return { kind: "same_tool", wasted, callId: next.id };
}

export function describeMove(move: NextMove): string {
  switch (move.kind) {
    case "retry":
      return move.wasted
        ? "Retried the same call — a wasted retry (the failure said a retry cannot help, and it failed again)"
        : "Retried the same call";
    case "changed_arguments":
      return "Called the same tool again with other arguments";
    case "same_tool":
      return move.wasted ? "Called the same tool again — a wasted retry" : "Called the same tool again";
    case "other_tool":
      return `Moved on to ${move.server} / ${move.tool ?? "(no tool)"}`;
    case "end":
      return "The session ended here";
  }
}

/** A bar of the waterfall, in percent of the session's span (a call of no duration still shows). */
export function waterfallBar(
  call: Pick<StoryCall, "occurredAt" | "durationMs">,
  start: Date,
  end: Date,
): { left: number; width: number } {
  const span = Math.max(end.getTime() - start.getTime(), 1);
  const left = Math.min(Math.max(((call.occurredAt.getTime() - start.getTime()) / span) * 100, 0), 100);
  const width = Math.max(((call.durationMs ?? 0) / span) * 100, 0.4);
  return { left: Math.min(left, 99.6), width: Math.min(width, 100 - Math.min(left, 99.6)) };
}
