import { isObject, type JsonObject } from "../classify/json";
import { MAX_BATCH } from "../schemas/call";
import { EnvelopeError } from "./envelope";
import type { IngestResult } from "./index";

// OTLP/HTTP JSON (ExportTraceServiceRequest) → webhook call objects. MCP client and server
// spans that follow the OpenTelemetry MCP semantic conventions (with older and vendor
// variants) become calls exactly as if they had come through the webhook; other spans are
// skipped. Pure: the result goes through the same validation and classification.

type Attributes = Map<string, unknown>;

const SPAN_KIND_SERVER = 2;
const STATUS_ERROR = 2;
/** Attribute values (arrayValue / kvlistValue) nest at most this deep; deeper is refused, not walked. */
export const MAX_ATTRIBUTE_DEPTH = 16;

/** A span that carries MCP attributes but cannot be read; it is rejected, the others go on. */
class SpanError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

export interface OtlpConversion {
  /** The calls read from MCP spans, each with its span's position in the request. */
  calls: { span: number; call: JsonObject }[];
  /** Spans that carried MCP attributes but could not be read. */
  rejected: { span: number; errors: { path: string; message: string }[] }[];
  /** Spans that are not MCP calls at all. */
  skippedSpans: number;
}

export function otlpToCalls(body: unknown): OtlpConversion {
  if (!isObject(body) || !Array.isArray(body.resourceSpans)) {
    throw new EnvelopeError(
      "resourceSpans",
      "must be an array (an OTLP/HTTP JSON ExportTraceServiceRequest)",
    );
  }
  const conversion: OtlpConversion = { calls: [], rejected: [], skippedSpans: 0 };
  let index = 0;
  for (const resourceSpans of body.resourceSpans) {
    if (!isObject(resourceSpans)) continue;
    const resource = safeAttributes(
      isObject(resourceSpans.resource) ? resourceSpans.resource.attributes : undefined,
    );
    const scopes = Array.isArray(resourceSpans.scopeSpans) ? resourceSpans.scopeSpans : [];
    for (const scope of scopes) {
      const spans = isObject(scope) && Array.isArray(scope.spans) ? scope.spans : [];
      for (const span of spans) {
        const position = index++;
        try {
          const call = isObject(span) && resource ? spanToCall(span, resource) : undefined;
          if (call) conversion.calls.push({ span: position, call });
          else if (isObject(span) && !resource) throw new SpanError("resource.attributes", "cannot be read");
          else conversion.skippedSpans++;
        } catch (error) {
          if (!(error instanceof SpanError)) throw error;
          conversion.rejected.push({
            span: position,
            errors: [{ path: error.path, message: error.message }],
          });
        }
      }
    }
  }
  if (conversion.calls.length > MAX_BATCH) {
    throw new EnvelopeError(
      "resourceSpans",
      `must carry at most ${MAX_BATCH} MCP spans per request (got ${conversion.calls.length}); lower the exporter's batch size`,
    );
  }
  return conversion;
}

/** The reply: OTLP's partialSuccess (what exporters read) plus Faultline's own counts. */
export function otlpReply(conversion: OtlpConversion, result: IngestResult | undefined) {
  const rejected = [
    ...conversion.rejected,
    ...(result?.rejected ?? []).map((item) => ({
      span: conversion.calls[item.index]!.span,
      errors: item.errors,
    })),
  ].sort((a, b) => a.span - b.span);
  return {
    partialSuccess: rejected.length
      ? {
          rejectedSpans: rejected.length,
          errorMessage: rejected
            .map(
              (item) => `span ${item.span}: ${item.errors.map((e) => `${e.path} ${e.message}`).join(", ")}`,
            )
            .join("; ")
            .slice(0, 1000),
        }
      : {},
    accepted: result?.accepted ?? 0,
    duplicates: result?.duplicates ?? 0,
    skippedSpans: conversion.skippedSpans,
  };
}

function safeAttributes(list: unknown): Attributes | undefined {
  try {
    return attributes(list);
  } catch (error) {
    if (error instanceof SpanError) return undefined;
    throw error;
  }
}

function spanToCall(span: JsonObject, resource: Attributes): JsonObject | undefined {
  const attrs = attributes(span.attributes);
  const method =
    str(attrs, "mcp.method.name") ??
    (str(attrs, "rpc.system") === "mcp" ? str(attrs, "rpc.method") : undefined);
  if (!method) return undefined;

  const start = nanos(span.startTimeUnixNano);
  const end = nanos(span.endTimeUnixNano);
  const statusMessage =
    isObject(span.status) && typeof span.status.message === "string" ? span.status.message : undefined;
  const statusIsError = isObject(span.status) && Number(span.status.code) === STATUS_ERROR;
  const isServerSpan = Number(span.kind) === SPAN_KIND_SERVER;
  const serviceName = str(resource, "service.name");
  const serverAddress = str(attrs, "server.address");
  const call: JsonObject = {
    method,
    server:
      str(attrs, "mcp.server.name") ??
      (isServerSpan ? serviceName : undefined) ??
      (serverAddress
        ? `${serverAddress}${num(attrs, "server.port") ? `:${num(attrs, "server.port")}` : ""}`
        : undefined) ??
      serviceName ??
      "unknown",
    tool: str(attrs, "gen_ai.tool.name") ?? str(attrs, "mcp.tool.name"),
    sessionId: str(attrs, "mcp.session.id"),
    protocolVersion: str(attrs, "mcp.protocol.version"),
    agent: isServerSpan ? undefined : serviceName,
  };
  if (typeof span.traceId === "string" && typeof span.spanId === "string")
    call.id = `${span.traceId}-${span.spanId}`.slice(0, 128);
  if (start !== undefined) call.occurredAt = isoTime(start, "startTimeUnixNano");
  if (start !== undefined && end !== undefined && end >= start) call.durationMs = Number(end - start) / 1e6;

  const httpStatus = num(attrs, "http.response.status_code") ?? num(attrs, "http.status_code");
  if (httpStatus !== undefined) call.httpStatus = httpStatus;

  const errorType = str(attrs, "error.type");
  const rpcCode =
    num(attrs, "rpc.response.status_code") ?? num(attrs, "rpc.jsonrpc.error_code") ?? numericText(errorType);
  const toolError = errorType === "tool_error" || bool(attrs, "mcp.tool.result.is_error") === true;
  const result = attrs.get("gen_ai.tool.call.result") ?? attrs.get("mcp.tool.result");
  const resultText =
    typeof result === "string" ? result : result !== undefined ? JSON.stringify(result) : undefined;

  if (httpStatus !== undefined && (httpStatus < 200 || httpStatus > 299)) {
    if (statusMessage) call.response = statusMessage;
  } else if (rpcCode !== undefined && rpcCode < 0 && !toolError) {
    call.response = {
      jsonrpc: "2.0",
      id: null,
      error: { code: rpcCode, message: rpcMessage(attrs, statusMessage) },
    };
  } else if (toolError) {
    call.isError = true;
    call.text = resultText ?? statusMessage ?? "";
    const code = str(attrs, "rpc.response.status_code");
    if (code && !/^-?\d+$/.test(code) && code !== "OK") call.errorCode = code;
  } else if (errorType && errorType !== "_OTHER") {
    call.transportError = errorType;
    if (statusMessage) call.clientError = { name: errorType, message: statusMessage };
  } else if (statusIsError) {
    call.isError = true;
    call.text = statusMessage ?? resultText ?? "";
  } else if (resultText !== undefined) {
    call.isError = false;
    call.text = resultText;
  }
  return call;
}

function rpcMessage(attrs: Attributes, statusMessage: string | undefined): string {
  return str(attrs, "rpc.jsonrpc.error_message") ?? statusMessage ?? "";
}

function numericText(value: string | undefined): number | undefined {
  return value !== undefined && /^-?\d+$/.test(value) ? Number(value) : undefined;
}

/** OTLP JSON attributes: [{key, value: {stringValue | intValue | boolValue | doubleValue | arrayValue | kvlistValue}}]. */
function attributes(list: unknown, depth = 0): Attributes {
  const map: Attributes = new Map();
  if (!Array.isArray(list)) return map;
  for (const entry of list) {
    if (isObject(entry) && typeof entry.key === "string") map.set(entry.key, anyValue(entry.value, depth));
  }
  return map;
}

function anyValue(value: unknown, depth: number): unknown {
  if (!isObject(value)) return undefined;
  if ("stringValue" in value) return value.stringValue;
  if ("intValue" in value) return Number(value.intValue);
  if ("doubleValue" in value) return Number(value.doubleValue);
  if ("boolValue" in value) return value.boolValue;
  const nested = isObject(value.arrayValue) || isObject(value.kvlistValue);
  if (nested && depth >= MAX_ATTRIBUTE_DEPTH) {
    throw new SpanError(
      "attributes",
      `must not nest arrayValue/kvlistValue deeper than ${MAX_ATTRIBUTE_DEPTH} levels`,
    );
  }
  if (isObject(value.arrayValue) && Array.isArray(value.arrayValue.values))
    return value.arrayValue.values.map((inner) => anyValue(inner, depth + 1));
  if (isObject(value.kvlistValue) && Array.isArray(value.kvlistValue.values)) {
    return Object.fromEntries(attributes(value.kvlistValue.values, depth + 1));
  }
  return undefined;
}

// Date can hold ±8.64e15 ms; a span time is kept only within years 2000–2200, else the span is refused.
const EARLIEST_NS = BigInt(Date.UTC(2000, 0, 1)) * 1_000_000n;
const LATEST_NS = BigInt(Date.UTC(2200, 0, 1)) * 1_000_000n;

function isoTime(nanoseconds: bigint, path: string): string {
  if (nanoseconds < EARLIEST_NS || nanoseconds > LATEST_NS) {
    throw new SpanError(path, "must be a Unix time in nanoseconds between the years 2000 and 2200");
  }
  return new Date(Number(nanoseconds / 1_000_000n)).toISOString();
}

function str(attrs: Attributes, key: string): string | undefined {
  const value = attrs.get(key);
  if (typeof value === "string" && value !== "") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

function num(attrs: Attributes, key: string): number | undefined {
  const value = attrs.get(key);
  const number = typeof value === "string" ? Number(value) : value;
  return typeof number === "number" && Number.isInteger(number) ? number : undefined;
}

function bool(attrs: Attributes, key: string): boolean | undefined {
  const value = attrs.get(key);
  if (typeof value === "boolean") return value;
  if (value === "true" || value === "false") return value === "true";
  return undefined;
}

function nanos(value: unknown): bigint | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  try {
    const parsed = BigInt(typeof value === "number" ? Math.trunc(value) : value);
    return parsed > 0n ? parsed : undefined;
  } catch {
    return undefined;
  }
}
