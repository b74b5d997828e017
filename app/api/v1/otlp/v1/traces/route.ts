import { ingestRoute } from "@/lib/http/ingest-route";
import { storePrepared } from "@/lib/ingest";
import { encodingOf, otlpErrorResponse, otlpReply } from "@/lib/ingest/otlp";
import { nameSessionServers } from "@/lib/ingest/otlp/session-servers";
import { recordRejected, recordSkippedSpans, recordUnreadableSpans } from "@/lib/metrics";

export const dynamic = "force-dynamic";

// POST /api/v1/otlp/v1/traces — OTLP/HTTP spans (protobuf or JSON, gzip) of MCP calls, recorded as webhook calls
export const POST = ingestRoute(
  { otlp: true, errorResponse: (error, request) => otlpErrorResponse(error, encodingOf(request)) },
  async ({ prepared, key, database, endpoint }) => {
    const calls = await nameSessionServers(
      database.pool,
      key.projectId,
      prepared.prepared,
      prepared.otlp?.sessionOfItem ?? [],
    );
    const result =
      calls.length || prepared.rejected.length
        ? await storePrepared(database.pool, key.projectId, { ...prepared, prepared: calls })
        : undefined;
    recordUnreadableSpans(endpoint, prepared.otlp?.unreadable.length ?? 0);
    recordSkippedSpans(prepared.otlp?.skipped);
    recordRejected(endpoint, "span", result?.rejected ?? []);
    return otlpReply(prepared, result);
  },
);
