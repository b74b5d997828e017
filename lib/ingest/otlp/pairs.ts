import type { JsonObject } from "../../classify/json";
import type { SpanCall } from "./spans";

// The client and the server of one MCP request each emit a span; both arrive when both sides
// export to Faultline. They describe one call, so they become one: the client saw what the
// agent saw (a timeout, a refused connection), the server saw what the tool did (an isError
// result) and knows its own name. Spans of one request share an id (trace + JSON-RPC id).

const EVIDENCE = ["response", "transportError", "clientError", "httpStatus"] as const;

/** How bad what a call object says is: a transport failure, then any error, then a result, then nothing. */
export function severity(call: JsonObject): number {
  if (call.transportError !== undefined || call.clientError !== undefined) return 4;
  if (typeof call.httpStatus === "number" && (call.httpStatus < 200 || call.httpStatus > 299)) return 4;
  const response = call.response as { error?: unknown; result?: { isError?: unknown } } | string | undefined;
  if (typeof response === "object" && response?.error !== undefined) return 3;
  if (typeof response === "object" && response?.result?.isError === true) return 2;
  return response !== undefined ? 1 : 0;
}

/** One call object per request: labels from whichever side has them, evidence from the side that saw the worst. */
export function mergeSides(spans: SpanCall[]): SpanCall {
  if (spans.length === 1) return spans[0]!;
  const client = spans.find((span) => span.side === "client")?.call;
  const server = spans.find((span) => span.side === "server")?.call;
  const [first, second] = [client ?? spans[0]!.call, server ?? spans[1]!.call];
  const worst = severity(second) > severity(first) ? second : first;
  const merged: JsonObject = { ...second, ...first };
  for (const field of EVIDENCE) delete merged[field];
  for (const field of EVIDENCE) if (worst[field] !== undefined) merged[field] = worst[field];
  if (first.server === "unknown" && second.server !== undefined) merged.server = second.server;
  merged.tool = first.tool ?? second.tool;
  merged.agent = client?.agent ?? first.agent ?? second.agent;
  merged.sessionId = first.sessionId ?? second.sessionId;
  merged.protocolVersion = first.protocolVersion ?? second.protocolVersion;
  // The agent waited from the client's start to its end.
  merged.occurredAt = [first.occurredAt, second.occurredAt].filter(Boolean).sort()[0];
  merged.durationMs = client?.durationMs ?? first.durationMs ?? second.durationMs;
  return { id: spans[0]!.id, side: client ? "client" : "server", call: merged };
}
