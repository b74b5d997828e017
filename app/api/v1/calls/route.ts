import { apiRoute } from "@/lib/http/api-route";
import { jsonResponse } from "@/lib/http/errors";
import { ingestRoute } from "@/lib/http/ingest-route";
import { parseQuery } from "@/lib/http/query";
import { listCalls } from "@/lib/queries/calls";
import { listCallsQuerySchema } from "@/lib/schemas/read";

export const dynamic = "force-dynamic";

// POST /api/v1/calls — record tool-call outcomes (one call or {"calls": [...]}): 200 all stored,
// 207 some refused by name, 400 none stored
export const POST = ingestRoute("webhook", ({ result }) =>
  jsonResponse(result.calls.length === 0 ? 400 : result.rejected.length > 0 ? 207 : 200, result),
);

// GET /api/v1/calls — filtered calls, newest first, by keyset cursor
export const GET = apiRoute("read", async ({ request, key, reads }) => {
  const query = parseQuery(request, listCallsQuerySchema);
  const page = await listCalls(reads, key.projectId, query);
  return jsonResponse(200, { calls: page.calls, nextCursor: page.nextCursor, prevCursor: page.prevCursor });
});
