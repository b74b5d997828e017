import { parseJsonText, type JsonObject } from "../../classify/json";
import { argumentsFingerprint } from "../../reporter/fingerprint";
import { cut as cutText, LIMITS } from "../../reporter/limits";
import { attributes, isoTime, nanos, num, SpanError, str, type Attributes } from "./attributes";
import { evidence } from "./evidence";
import { mcpRequest } from "./request";
import { sideOf, type Side } from "./side";
import type { SkipReason } from "./skipped";

// One MCP span → one webhook call object (docs/API.md, "OpenTelemetry"): which request it records
// (./request), from which side (./side), labelled from the span and its resource, with what
// happened as the webhook's evidence fields (./evidence). A span that records no MCP request says
// why, so the exporter can be told (./skipped).
//
// Each span is one observation of its call (docs/ROUTES.md): its id is the span's (a re-exported
// span is a duplicate); the client and the server span of one request, and other routes' reports
// of it, are matched at ingest by what identifies the request — the JSON-RPC id the span records,
// and its trace context: a client span is the request's own span (its context is the one the
// request carries), a server span's parent is.

export type { Side } from "./side";

export interface SpanCall {
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
  // The span's ids are its identity (its id here, its re-sends, its link to the request): OTLP
  // requires them, 16 and 8 bytes, not all zero. A span without is refused, never merged as "-".
  const traceId = spanIdentity(span.traceId, "traceId", 32);
  const requestId =
    str(attrs, "jsonrpc.request.id") ?? str(attrs, "mcp.request.id") ?? str(attrs, "rpc.jsonrpc.request_id");
  const spanId = spanIdentity(span.spanId, "spanId", 16);
  const parent = typeof span.parentSpanId === "string" && span.parentSpanId ? span.parentSpanId : undefined;
  const requestSpan = side === "client" ? spanId : parent;
  const call: JsonObject = {
    route: "otlp",
    side,
    library: cut(scope, LIMITS.library) || undefined,
    requestId: cut(requestId, LIMITS.requestId),
    traceparent: traceparentOf(traceId, requestSpan),
    mcpSessionId: cut(str(attrs, "mcp.session.id"), LIMITS.mcpSessionId),
    // The name the server announces (its serverInfo): Sentry's attribute, an initialize span's answer.
    serverInfoName: cut(str(attrs, "mcp.server.name") ?? request.server, LIMITS.serverInfoName),
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
  const id = `${traceId}-${spanId}`.slice(0, LIMITS.id);
  call.id = id;
  const start = nanos(span.startTimeUnixNano);
  const end = nanos(span.endTimeUnixNano);
  if (start !== undefined) call.occurredAt = isoTime(start, "startTimeUnixNano");
  if (start !== undefined && end !== undefined && end >= start) call.durationMs = Number(end - start) / 1e6;
  return {
    id,
    side,
    call: { ...call, ...evidence(span, attrs, request.result) },
    ...(request.traceloop && parent ? { session: `${traceId}-${parent}`.slice(0, 128) } : {}),
  };
}

/** A span's trace or span id, lowercase hex of `digits` digits, else the span is refused. */
function spanIdentity(value: unknown, path: string, digits: number): string {
  const hex = typeof value === "string" ? value.toLowerCase() : "";
  if (hex.length !== digits || !/^[0-9a-f]+$/.test(hex) || /^0+$/.test(hex))
    throw new SpanError(
      path,
      `must be ${digits / 2} bytes (${digits} hex digits in OTLP/JSON), not all zero`,
    );
  return hex;
}

function cut(value: string | undefined, max: number): string | undefined {
  return value === undefined ? undefined : cutText(value, max);
}

/** A W3C traceparent for the request's span, when both ids are well-formed (OTLP/JSON's hex ids). */
function traceparentOf(traceId: string, spanId: string | undefined): string | undefined {
  const trace = traceId.toLowerCase();
  const span = spanId?.toLowerCase();
  if (!span || !/^[0-9a-f]{32}$/.test(trace) || !/^[0-9a-f]{16}$/.test(span)) return undefined;
  if (/^0+$/.test(trace) || /^0+$/.test(span)) return undefined;
  return `00-${trace}-${span}-01`;
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
