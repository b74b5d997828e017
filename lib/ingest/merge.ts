import { computeSignature } from "../classify/signature";
import type { PreparedCall } from "./prepare";

// The client and the server of one MCP request export their spans separately, in either
// order, and both map to one call (same id). When the second arrives, what is stored is
// merged with it instead of being dropped as a duplicate: the worse outcome wins (the agent's
// timeout over the server's success; the server's isError over the client's silence), and
// labels only one side knows (the server's name, the agent, the session) are filled in.

/** transport > protocol > tool > silent failure > anything shown > nothing. */
export function rank(call: Pick<PreparedCall, "outcome" | "silentFailure" | "text">): number {
  switch (call.outcome) {
    case "transport_error":
      return 5;
    case "protocol_error":
      return 4;
    case "tool_error":
      return 3;
    default:
      return call.silentFailure ? 2 : call.text ? 1 : 0;
  }
}

const LABELS = ["tool", "sessionId", "agent", "protocolVersion", "httpStatus", "argumentsHash"] as const;

/** The call as it should be stored now, or undefined when the newcomer adds nothing. */
export function mergeStored(stored: PreparedCall, incoming: PreparedCall): PreparedCall | undefined {
  const base = rank(incoming) > rank(stored) ? incoming : stored;
  const merged: PreparedCall = {
    ...base,
    id: stored.id,
    index: incoming.index,
    occurredAt: incoming.occurredAt < stored.occurredAt ? incoming.occurredAt : stored.occurredAt,
    server: stored.server === "unknown" ? incoming.server : stored.server,
  };
  for (const label of LABELS) (merged[label] as unknown) = stored[label] ?? incoming[label];
  // The agent waited for the longer of the two: the client's span covers the server's.
  merged.durationMs =
    stored.durationMs === null || incoming.durationMs === null
      ? (stored.durationMs ?? incoming.durationMs)
      : Math.max(stored.durationMs, incoming.durationMs);
  merged.signature = computeSignature(merged);
  return same(merged, stored) ? undefined : merged;
}

function same(a: PreparedCall, b: PreparedCall): boolean {
  return (
    a.signature === b.signature &&
    a.outcome === b.outcome &&
    a.silentFailure === b.silentFailure &&
    a.text === b.text &&
    a.occurredAt.getTime() === b.occurredAt.getTime() &&
    a.durationMs === b.durationMs &&
    [...LABELS, "server"].every((label) => a[label as keyof PreparedCall] === b[label as keyof PreparedCall])
  );
}
