import { ingestRoute } from "@/lib/http/ingest-route";
import { encodingOf, otlpErrorResponse, otlpReply } from "@/lib/ingest/otlp";

export const dynamic = "force-dynamic";

// POST /api/v1/otlp/v1/traces — OTLP/HTTP spans (protobuf or JSON, gzip) of MCP calls, recorded as webhook calls
export const POST = ingestRoute("otlp", ({ kind, otlp, result }) => otlpReply({ kind, otlp }, result), {
  errorResponse: (error, request) => otlpErrorResponse(error, encodingOf(request)),
});
