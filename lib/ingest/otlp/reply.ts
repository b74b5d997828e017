import protobuf from "protobufjs";
import type { BodyKind } from "../../http/body";
import type { HttpError } from "../../http/errors";
import type { IngestResult } from "../index";
import type { OtlpSummary } from "../offload/job";
import { traceProtos } from "./decode";

// OTLP/HTTP answers in the request's own encoding: an ExportTraceServiceResponse with
// partialSuccess (rejected spans and why) on success, a google.rpc.Status on failure —
// protobuf for protobuf requests, JSON for JSON (which also carries Faultline's own counts and
// its usual error object).

export type Encoding = BodyKind;

const PROTOBUF_TYPE = "application/x-protobuf";
const JSON_TYPE = "application/json; charset=utf-8";

// google/rpc/status.proto, as far as an OTLP server writes it (details are never sent).
const Status = new protobuf.Type("Status")
  .add(new protobuf.Field("code", 1, "int32"))
  .add(new protobuf.Field("message", 2, "string"));
new protobuf.Root().define("google.rpc").add(Status);

/** google.rpc.Code for an HTTP status, as OTLP/HTTP pairs them. */
function rpcCode(status: number): number {
  if (status === 400 || status === 413 || status === 415) return 3; // INVALID_ARGUMENT
  if (status === 401) return 16; // UNAUTHENTICATED
  if (status === 403) return 7; // PERMISSION_DENIED
  if (status === 429) return 8; // RESOURCE_EXHAUSTED
  if (status === 503) return 14; // UNAVAILABLE
  return 13; // INTERNAL
}

export function otlpReply(
  request: { kind: Encoding; otlp?: OtlpSummary },
  result: IngestResult | undefined,
): Response {
  const encoding = request.kind;
  const summary = request.otlp ?? { spanOfItem: [], unreadable: [], skippedSpans: 0 };
  const rejected = [
    ...summary.unreadable,
    ...(result?.rejected ?? []).map((item) => ({
      span: summary.spanOfItem[item.index] ?? item.index,
      errors: item.errors,
    })),
  ].sort((a, b) => a.span - b.span);
  const partialSuccess = rejected.length
    ? {
        rejectedSpans: rejected.length,
        errorMessage: rejected
          .map((item) => `span ${item.span}: ${item.errors.map((e) => `${e.path} ${e.message}`).join(", ")}`)
          .join("; ")
          .slice(0, 1000),
      }
    : undefined;
  if (encoding === "protobuf") {
    const { ExportTraceServiceResponse } = traceProtos();
    const bytes = ExportTraceServiceResponse.encode(
      ExportTraceServiceResponse.fromObject(partialSuccess ? { partialSuccess } : {}),
    ).finish();
    return new Response(Buffer.from(bytes), {
      status: 200,
      headers: { "content-type": PROTOBUF_TYPE, "cache-control": "no-store" },
    });
  }
  const body = {
    partialSuccess: partialSuccess ?? {},
    accepted: result?.accepted ?? 0,
    duplicates: result?.duplicates ?? 0,
    skippedSpans: summary.skippedSpans,
  };
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { "content-type": JSON_TYPE, "cache-control": "no-store" },
  });
}

export function otlpErrorResponse(error: HttpError, encoding: Encoding): Response {
  const headers = { "cache-control": "no-store", ...error.headers };
  const code = rpcCode(error.status);
  if (encoding === "protobuf") {
    const bytes = Status.encode({ code, message: error.message }).finish();
    return new Response(Buffer.from(bytes), {
      status: error.status,
      headers: { ...headers, "content-type": PROTOBUF_TYPE },
    });
  }
  const body = {
    code,
    message: error.message,
    error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
  };
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: { ...headers, "content-type": JSON_TYPE },
  });
}
