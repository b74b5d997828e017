import { getEnv } from "@/lib/env";
import { exportCalls, ExportsBusyError } from "@/lib/export/calls";
import { apiRoute } from "@/lib/http/api-route";
import { HttpError } from "@/lib/http/errors";
import { parseQuery } from "@/lib/http/query";
import { readPrincipal } from "@/lib/http/rate-limit";
import { exportCallsQuerySchema } from "@/lib/schemas/read";

export const dynamic = "force-dynamic";

// GET /api/v1/calls/export?format=csv|jsonl — every call matching the list's filters, streamed
export const GET = apiRoute("read", async ({ request, key, database, keepAdmission }) => {
  const query = parseQuery(request, exportCallsQuerySchema);
  const env = getEnv();
  // The read stays admitted (one of the key's or user's concurrent reads) until the body ends.
  const release = keepAdmission();
  try {
    const result = await exportCalls(database.reads, key.projectId, query, {
      timeoutMs: env.FAULTLINE_EXPORT_TIMEOUT_MS,
      // Half the read pool at most, so the dashboard always keeps connections.
      maxRunning: Math.max(1, Math.floor(env.FAULTLINE_DB_READ_POOL_SIZE / 2)),
      principal: readPrincipal(key),
      maxPerPrincipal: env.FAULTLINE_EXPORTS_PER_PRINCIPAL,
      idleTimeoutMs: env.FAULTLINE_EXPORT_IDLE_TIMEOUT_MS,
      onEnd: release,
    });
    return new Response(result.body, {
      status: 200,
      headers: {
        "content-type": result.contentType,
        "content-disposition": `attachment; filename="${result.filename}"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    release();
    if (error instanceof ExportsBusyError) {
      throw new HttpError(429, "exports_busy", error.message, undefined, { "retry-after": "5" });
    }
    throw error;
  }
});
