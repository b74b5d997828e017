import { apiRoute } from "@/lib/http/api-route";
import { jsonResponse } from "@/lib/http/errors";
import { parseQuery } from "@/lib/http/query";
import { listSessions } from "@/lib/insight/sessions";
import { sessionsQuerySchema } from "@/lib/schemas/read";

export const dynamic = "force-dynamic";

// GET /api/v1/sessions — recent agent sessions (newest activity first) with their calls and failures
export const GET = apiRoute("read", async ({ request, key, database }) => {
  const query = parseQuery(request, sessionsQuerySchema);
  return jsonResponse(
    200,
    await listSessions(database.reads, key.projectId, { ...query, servers: query.server }),
  );
});
