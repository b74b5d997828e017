import { ingestRoute } from "@/lib/http/ingest-route";
import { ingestItems } from "@/lib/ingest";
import { decodeExportRequest, otlpErrorResponse, otlpReply, otlpToCalls } from "@/lib/ingest/otlp";
import { recordRejected, recordUnreadableSpans } from "@/lib/metrics";

export const dynamic = "force-dynamic";

const encodingOf = (request: Request) =>
  /protobuf/i.test(request.headers.get("content-type") ?? "") ? ("protobuf" as const) : ("json" as const);

// POST /api/v1/otlp/v1/traces — OTLP/HTTP spans (protobuf or JSON, gzip) of MCP calls, recorded as webhook calls
export const POST = ingestRoute(
  { otlp: true, errorResponse: (error, request) => otlpErrorResponse(error, encodingOf(request)) },
  async ({ body, key, database, redact, endpoint }) => {
    const conversion = await otlpToCalls(decodeExportRequest(body));
    const items = conversion.calls.map((item) => item.call);
    const result = items.length
      ? await ingestItems(database.pool, key.projectId, items, { redact, mergeDuplicates: true })
      : undefined;
    recordUnreadableSpans(endpoint, conversion.rejected.length);
    recordRejected(endpoint, "span", result?.rejected ?? []);
    return otlpReply(conversion, result, body.kind);
  },
);
