// Spans that are not MCP calls are not stored, and not rejected either: OTLP's rejected_spans
// counts spans the server did not accept, and nothing is wrong with an HTTP or database span that
// an application exports beside its MCP spans. The exporter is told of them in partialSuccess's
// errorMessage (the spec's place for a warning on a full success), and /metrics counts them by
// one of these reasons — a set fixed here, never a value a sender chose.

export const SKIP_REASONS = [
  /** No MCP method: an HTTP, database or LLM span, a workflow, an agent's own function. */
  "not_mcp",
  /** An MCP notification: nothing answers it, so it has no outcome. */
  "notification",
  /** A span around a whole MCP session or connection (OpenLLMetry's mcp.client.session), not one call. */
  "session",
] as const;

export type SkipReason = (typeof SKIP_REASONS)[number];

export type SkipCounts = Record<SkipReason, number>;

export function noSkips(): SkipCounts {
  return { not_mcp: 0, notification: 0, session: 0 };
}

export function totalSkipped(counts: SkipCounts): number {
  return SKIP_REASONS.reduce((sum, reason) => sum + counts[reason], 0);
}

/** What Faultline reads a span as an MCP call by, for the exporter's log. */
const LOOKS_FOR =
  "Faultline stores MCP requests: spans with mcp.method.name (or rpc.system=mcp and rpc.method), " +
  "or OpenLLMetry's traceloop.span.kind=tool from an MCP instrumentation scope";

/** The warning for spans that were not stored (empty when every span was an MCP call). */
export function skippedNotice(counts: SkipCounts): string {
  const total = totalSkipped(counts);
  if (total === 0) return "";
  const reasons = SKIP_REASONS.filter((reason) => counts[reason] > 0)
    .map((reason) => `${reason}: ${counts[reason]}`)
    .join(", ");
  const what =
    total === 1 ? "1 span is not an MCP call and was" : `${total} spans are not MCP calls and were`;
  return `${what} not stored (${reasons}). ${LOOKS_FOR}.`;
}
