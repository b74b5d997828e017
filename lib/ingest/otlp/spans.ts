import { parseJsonText, type JsonObject } from "../../classify/json";
import { argumentsFingerprint } from "../../reporter/fingerprint";
import { attributes, isoTime, nanos, num, str, type Attributes } from "./attributes";
import { evidence } from "./evidence";
import { mcpRequest } from "./request";
import { sideOf, type Side } from "./side";
import type { SkipReason } from "./skipped";

// One MCP span → one webhook call object (docs/API.md, OTLP): which request it records
// (./request), from which side (./side), labelled from the span and its resource, with what
// happened as the webhook's evidence fields (./evidence). A span that records no MCP request says
// why, so the exporter can be told (./skipped).

export type { Side } from "./side";

export interface SpanCall {
  /** Spans of one JSON-RPC request (same trace and request id) share it. */
  id: string;
  side: Side;
  call: JsonObject;
  /** An OpenLLMetry span's parent: its session span, whose initialize names the server (index.ts). */
  session?: string;
}

export function spanToCall(
  span: JsonObject,
  resource: Attributes,
  scope: string,
): SpanCall | { skip: SkipReason } {
  const attrs = attributes(span.attributes);
  const name = typeof span.name === "string" ? span.name : "";
  const request = mcpRequest(name, attrs, scope);
  if ("skip" in request) return request;

  const side = sideOf(Number(span.kind), name, attrs);
  const serviceName = str(resource, "service.name");
  const serverAddress = str(attrs, "server.address");
  const port = num(attrs, "server.port");
  const traceId = typeof span.traceId === "string" ? span.traceId : "";
  const requestId =
    str(attrs, "jsonrpc.request.id") ?? str(attrs, "mcp.request.id") ?? str(attrs, "rpc.jsonrpc.request_id");
  const spanId = typeof span.spanId === "string" ? span.spanId : "";
  const call: JsonObject = {
    method: request.method,
    server:
      str(attrs, "mcp.server.name") ??
      request.server ??
      (side === "server" ? serviceName : undefined) ??
      (serverAddress ? `${serverAddress}${port ? `:${port}` : ""}` : undefined) ??
      "unknown",
    tool: request.tool,
    // A trace is one agent run: without an MCP session id, the trace id is the session key.
    sessionId: str(attrs, "mcp.session.id") ?? (traceId ? traceId.slice(0, 200) : undefined),
    protocolVersion: str(attrs, "mcp.protocol.version"),
    // A server-side span knows its agent only by the name the client gave itself (Sentry records it).
    agent: side === "client" ? serviceName : str(attrs, "mcp.client.name"),
    argumentsHash: argumentsHashOf(request.arguments),
  };
  const id = `${traceId}-${requestId ?? spanId}`.slice(0, 128);
  call.id = id;
  const start = nanos(span.startTimeUnixNano);
  const end = nanos(span.endTimeUnixNano);
  if (start !== undefined) call.occurredAt = isoTime(start, "startTimeUnixNano");
  if (start !== undefined && end !== undefined && end >= start) call.durationMs = Number(end - start) / 1e6;
  const parent = typeof span.parentSpanId === "string" && span.parentSpanId ? span.parentSpanId : undefined;
  return {
    id,
    side,
    call: { ...call, ...evidence(span, attrs, request.result) },
    ...(request.traceloop && parent ? { session: `${traceId}-${parent}`.slice(0, 128) } : {}),
  };
}

/**
 * The arguments' fingerprint (the reporter's, so a span and a reported call agree), when the span
 * carries them: a JSON string (as the conventions record it) or a structured value. The arguments
 * themselves are never kept.
 */
function argumentsHashOf(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const parsed = typeof value === "string" ? parseJsonText(value) : value;
  return parsed === undefined ? undefined : argumentsFingerprint(parsed);
}
