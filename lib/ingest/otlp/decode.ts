import { createRequire } from "node:module";
import type { Body } from "../body";
import { EnvelopeError } from "../envelope";

// OTLP/HTTP bodies in either encoding become the same value: the OTLP/JSON shape of an
// ExportTraceServiceRequest. Protobuf is decoded by the OpenTelemetry project's own code
// generated from the OTLP .proto definitions (protobufjs, shipped in @opentelemetry/otlp-transformer).

interface Codec<T> {
  decode(bytes: Uint8Array): T;
  toObject(message: T, options: Record<string, unknown>): Record<string, unknown>;
  encode(message: unknown): { finish(): Uint8Array };
  fromObject(object: unknown): T;
}

interface TraceProtos {
  ExportTraceServiceRequest: Codec<unknown>;
  ExportTraceServiceResponse: Codec<unknown>;
}

let protos: TraceProtos | undefined;

/** The generated codecs (collector/trace/v1), loaded on first use. */
export function traceProtos(): TraceProtos {
  if (!protos) {
    const require = createRequire(import.meta.url);
    const root = require("@opentelemetry/otlp-transformer/build/src/generated/root") as {
      opentelemetry: { proto: { collector: { trace: { v1: TraceProtos } } } };
    };
    protos = root.opentelemetry.proto.collector.trace.v1;
  }
  return protos;
}

export function decodeExportRequest(body: Body): unknown {
  if (body.kind === "json") return body.value;
  const { ExportTraceServiceRequest } = traceProtos();
  let message: unknown;
  try {
    message = ExportTraceServiceRequest.decode(body.bytes);
  } catch (error) {
    const reason =
      error instanceof RangeError ? "nests too deep to read" : (error as Error).message.slice(0, 200);
    throw new EnvelopeError("(body)", `is not a protobuf ExportTraceServiceRequest (${reason})`);
  }
  // The OTLP/JSON mapping: 64-bit integers as decimal strings, enums as numbers, ids in hex.
  const object = ExportTraceServiceRequest.toObject(message, { longs: String, enums: Number, bytes: String });
  return hexIds(object);
}

/** traceId, spanId and parentSpanId arrive base64 from toObject; OTLP/JSON writes them in hex. */
function hexIds(request: Record<string, unknown>): Record<string, unknown> {
  const resourceSpans = Array.isArray(request.resourceSpans) ? request.resourceSpans : [];
  for (const resource of resourceSpans as { scopeSpans?: { spans?: Record<string, unknown>[] }[] }[]) {
    for (const scope of resource.scopeSpans ?? []) {
      for (const span of scope.spans ?? []) {
        for (const field of ["traceId", "spanId", "parentSpanId"]) {
          if (typeof span[field] === "string")
            span[field] = Buffer.from(span[field], "base64").toString("hex");
        }
      }
    }
  }
  return request;
}
