import protobuf from "protobufjs";
import type { BodyKind } from "../body";
import type { IngestError } from "../errors";
import type { IngestResult } from "../index";
import type { OtlpSummary } from "./summary";
import { traceProtos } from "./decode";
import { noSkips, skippedNotice, totalSkipped } from "./skipped";

// OTLP/HTTP answers in the request's own encoding: an ExportTraceServiceResponse with
// partialSuccess on success — rejected spans (MCP spans that could not be read or stored) and why,
// then a warning naming how many spans were not MCP calls and what Faultline looks for (not
// rejected: nothing is wrong with them, they are simply not what Faultline stores) — a google.rpc.Status on failure —
// protobuf for protobuf requests, JSON for JSON (which also carries Faultline's own counts and
// its usual error object).

export type Encoding = BodyKind;

const PROTOBUF_TYPE = "application/x-protobuf";
const JSON_TYPE = "application/json; charset=utf-8";
/** partialSuccess.errorMessage's length at most: the rejections' reasons are cut to leave room for the notice. */
const MAX_MESSAGE = 1000;

// google/rpc/status.proto, as far as an OTLP server writes it (details are never sent).
const Status = new protobuf.Type("Status")
  .add(new protobuf.Field("code", 1, "int32"))
  .add(new protobuf.Field("message", 2, "string"));
new protobuf.Root().define("google.rpc").add(Status);

/** The request's encoding, as OTLP/HTTP answers in it: protobuf for protobuf, JSON otherwise. */
export function encodingOf(request: Request): Encoding {
  return /protobuf/i.test(request.headers.get("content-type") ?? "") ? "protobuf" : "json";
}

/** google.rpc.Code for an HTTP status, as OTLP/HTTP pairs them. */
function rpcCode(status: number): number {
  if (status === 400 || status === 413 || status === 415) return 3; // INVALID_ARGUMENT
  if (status === 401) return 16; // UNAUTHENTICATED
  if (status === 403) return 7; // PERMISSION_DENIED
  if (status === 404) return 5; // NOT_FOUND
  if (status === 429) return 8; // RESOURCE_EXHAUSTED
  if (status === 503) return 14; // UNAVAILABLE
  return 13; // INTERNAL
}

export function otlpReply(
  request: { kind: Encoding; otlp?: OtlpSummary },
  result: IngestResult | undefined,
): Response {
  const encoding = request.kind;
  const summary = request.otlp ?? { spanOfItem: [], sessionOfItem: [], unreadable: [], skipped: noSkips() };
  const rejected = [
    ...summary.unreadable,
    ...(result?.rejected ?? []).map((item) => ({
      span: summary.spanOfItem[item.index] ?? item.index,
      errors: item.errors,
    })),
  ].sort((a, b) => a.span - b.span);
  const notice = skippedNotice(summary.skipped);
  const reasons = rejected
    .map((item) => `span ${item.span}: ${item.errors.map((e) => `${e.path} ${e.message}`).join(", ")}`)
    .join("; ")
    .slice(0, MAX_MESSAGE - (notice ? notice.length + 2 : 0));
  const partialSuccess =
    rejected.length || notice
      ? {
          ...(rejected.length ? { rejectedSpans: rejected.length } : {}),
          errorMessage: [reasons, notice].filter(Boolean).join("; "),
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
    skippedSpans: totalSkipped(summary.skipped),
    skippedByReason: summary.skipped,
  };
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { "content-type": JSON_TYPE, "cache-control": "no-store" },
  });
}

/** A refusal in OTLP's google.rpc.Status: any error shaped like lib/http's or ingest's own. */
export type Refusal = Pick<IngestError, "status" | "code" | "message" | "details" | "headers">;

export function otlpErrorResponse(error: Refusal, encoding: Encoding): Response {
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
