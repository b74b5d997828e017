import { isObject, parseJsonText, type JsonObject } from "../../classify/json";
import { argumentsFingerprint } from "../../reporter/fingerprint";
import { attributes, bool, isoTime, nanos, num, str, type Attributes } from "./attributes";

// One MCP span → one webhook call object, read as DESIGN §2 says (docs/API.md, OTLP):
// the method from mcp.method.name (or rpc.method), the tool from gen_ai.tool.name,
// mcp.tool.name or the span name "{method} {target}" ("MCP send tools/call add" from the
// Python SDK's client); the result attribute read exactly as a webhook `response`; error.type
// as a JSON-RPC code, "tool_error", or an exception class — a transport failure only when the
// class says network or timeout. A timeout is transport_error/timeout whichever way it arrives.

const SPAN_KIND_SERVER = 2;
const STATUS_ERROR = 2;
const TIMEOUT_CODE = -32001;

/** Which side of the call the span saw it from; the two sides of one request are merged (pairs.ts). */
export type Side = "client" | "server";

export interface SpanCall {
  /** Spans of one JSON-RPC request (same trace and jsonrpc.request.id) share it. */
  id: string;
  side: Side;
  call: JsonObject;
}

const TIMEOUT = /time(d)?\s*out|timeout|deadline/i;
const NETWORK = /connect|refused|reset|unreachable|dns|gaierror|getaddrinfo|network|socket|broken ?pipe|eof/i;
const EXCEPTION_MESSAGE = /^([A-Za-z_][\w.]*(?:Error|Exception|Timeout|Failure))\s*:\s?([\s\S]*)$/;

export function spanToCall(span: JsonObject, resource: Attributes): SpanCall | undefined {
  const attrs = attributes(span.attributes);
  const name = typeof span.name === "string" ? span.name : "";
  const method =
    str(attrs, "mcp.method.name") ??
    (str(attrs, "rpc.system") === "mcp" ? str(attrs, "rpc.method") : undefined);
  if (!method) return undefined;

  const side: Side = Number(span.kind) === SPAN_KIND_SERVER ? "server" : "client";
  const serviceName = str(resource, "service.name");
  const serverAddress = str(attrs, "server.address");
  const port = num(attrs, "server.port");
  const traceId = typeof span.traceId === "string" ? span.traceId : "";
  const requestId = str(attrs, "jsonrpc.request.id");
  const spanId = typeof span.spanId === "string" ? span.spanId : "";
  const call: JsonObject = {
    method,
    server:
      str(attrs, "mcp.server.name") ??
      (side === "server" ? serviceName : undefined) ??
      (serverAddress ? `${serverAddress}${port ? `:${port}` : ""}` : undefined) ??
      "unknown",
    tool: str(attrs, "gen_ai.tool.name") ?? str(attrs, "mcp.tool.name") ?? targetOf(name, method),
    sessionId: str(attrs, "mcp.session.id"),
    protocolVersion: str(attrs, "mcp.protocol.version"),
    agent: side === "client" ? serviceName : undefined,
    argumentsHash: argumentsHashOf(attrs.get("gen_ai.tool.call.arguments")),
  };
  const id = `${traceId}-${requestId ?? spanId}`.slice(0, 128);
  call.id = id;
  const start = nanos(span.startTimeUnixNano);
  const end = nanos(span.endTimeUnixNano);
  if (start !== undefined) call.occurredAt = isoTime(start, "startTimeUnixNano");
  if (start !== undefined && end !== undefined && end >= start) call.durationMs = Number(end - start) / 1e6;
  return { id, side, call: { ...call, ...evidence(span, attrs) } };
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

/** "tools/call add" and "MCP send tools/call add" name their target after the method. */
function targetOf(name: string, method: string): string | undefined {
  const bare = name.replace(/^MCP (send|receive|handle)\s+/i, "");
  if (!bare.startsWith(`${method} `)) return undefined;
  const target = bare.slice(method.length + 1).trim();
  return target || undefined;
}

/** What the span says happened, as the webhook's fields (response, transportError, clientError, httpStatus). */
function evidence(span: JsonObject, attrs: Attributes): JsonObject {
  const status = isObject(span.status) ? span.status : {};
  const statusMessage =
    typeof status.message === "string" && status.message.trim() ? status.message.trim() : undefined;
  const statusIsError = Number(status.code) === STATUS_ERROR;
  const exception = exceptionEvent(span.events);
  const errorType = str(attrs, "error.type");
  const rpcCode =
    num(attrs, "rpc.response.status_code") ?? num(attrs, "rpc.jsonrpc.error_code") ?? numeric(errorType);
  const toolError = errorType === "tool_error" || bool(attrs, "mcp.tool.result.is_error") === true;
  const result = attrs.get("gen_ai.tool.call.result") ?? attrs.get("mcp.tool.result.content");
  const httpStatus = num(attrs, "http.response.status_code") ?? num(attrs, "http.status_code");
  // The exception's class: error.type when it names one, else the exception event, else "Class: …" in the status.
  const thrown =
    errorType && errorType !== "tool_error" && errorType !== "_OTHER" && rpcCode === undefined
      ? errorType
      : (exception?.type ?? (statusMessage ? EXCEPTION_MESSAGE.exec(statusMessage)?.[1] : undefined));
  const message = statusMessage ?? exception?.message ?? (thrown ? `${thrown}` : undefined);

  if (httpStatus !== undefined && (httpStatus < 200 || httpStatus > 299)) {
    return { httpStatus, ...(message ? { response: message } : {}) };
  }
  if (
    rpcCode === TIMEOUT_CODE ||
    (statusIsError && thrown && TIMEOUT.test(thrown)) ||
    (thrown && TIMEOUT.test(thrown))
  ) {
    return {
      transportError: "timeout",
      clientError: { name: thrown ?? "TimeoutError", code: TIMEOUT_CODE, message: message ?? "timed out" },
    };
  }
  if (thrown && NETWORK.test(thrown) && !toolError) {
    return { transportError: thrown, clientError: { name: thrown, message: message ?? thrown } };
  }
  if (rpcCode !== undefined && rpcCode < 0 && !toolError) {
    const text = str(attrs, "rpc.jsonrpc.error_message") ?? statusMessage ?? "";
    return { response: { jsonrpc: "2.0", id: null, error: { code: rpcCode, message: text } } };
  }
  if (toolError) return { response: resultResponse(result, true, message) };
  if (thrown || statusIsError) {
    // The tool (or the server around it) threw: the message is all the agent got.
    const text = thrown && message && !message.startsWith(thrown) ? `${thrown}: ${message}` : (message ?? "");
    return { response: resultResponse(undefined, true, text) };
  }
  if (result !== undefined) return { response: resultResponse(result, false, undefined) };
  return {};
}

/**
 * The span's recorded result as a JSON-RPC response: a serialized CallToolResult is read as
 * it is (so silent failures inside it are found); any other value is the text the agent saw.
 */
function resultResponse(result: unknown, isError: boolean, fallback: string | undefined): JsonObject {
  const parsed = typeof result === "string" ? parseJsonText(result) : result;
  if (isObject(parsed) && (Array.isArray(parsed.content) || typeof parsed.isError === "boolean")) {
    return { jsonrpc: "2.0", id: null, result: isError ? { ...parsed, isError: true } : parsed };
  }
  const text =
    typeof result === "string" ? result : result !== undefined ? JSON.stringify(result) : (fallback ?? "");
  return { jsonrpc: "2.0", id: null, result: { content: [{ type: "text", text }], isError } };
}

function exceptionEvent(events: unknown): { type?: string; message?: string } | undefined {
  if (!Array.isArray(events)) return undefined;
  const event = events.find((candidate) => isObject(candidate) && candidate.name === "exception");
  if (!isObject(event)) return undefined;
  const attrs = attributes(event.attributes);
  const message = str(attrs, "exception.message");
  return { type: str(attrs, "exception.type"), message: message?.trim() || undefined };
}

function numeric(value: string | undefined): number | undefined {
  return value !== undefined && /^-?\d+$/.test(value) ? Number(value) : undefined;
}
