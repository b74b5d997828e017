import { getEnv } from "@/lib/env";
import { apiRoute } from "@/lib/http/api-route";
import { readJsonBody } from "@/lib/http/body";
import { jsonResponse } from "@/lib/http/errors";
import { parseQuery } from "@/lib/http/query";
import { enforceIngestRateLimit } from "@/lib/http/rate-limit";
import { ingest } from "@/lib/ingest";
import { configuredRedactor } from "@/lib/redact";
import { listCalls } from "@/lib/queries/calls";
import { listCallsQuerySchema } from "@/lib/schemas/read";

export const dynamic = "force-dynamic";

// POST /api/v1/calls — record tool-call outcomes (one call or {"calls": [...]})
export const POST = apiRoute("ingest", async ({ request, key, database }) => {
  enforceIngestRateLimit(key.keyId);
  const body = await readJsonBody(request, getEnv().FAULTLINE_MAX_BODY_BYTES);
  const result = await ingest(database.pool, key.projectId, body, { redact: configuredRedactor() });
  const status = result.calls.length === 0 ? 400 : result.rejected.length > 0 ? 207 : 200;
  return jsonResponse(status, result);
});

// GET /api/v1/calls — filtered calls, newest first, by keyset cursor
export const GET = apiRoute("read", async ({ request, key, database }) => {
  const query = parseQuery(request, listCallsQuerySchema);
  const page = await listCalls(database.reads, key.projectId, query);
  return jsonResponse(200, { calls: page.calls, nextCursor: page.nextCursor, prevCursor: page.prevCursor });
});
