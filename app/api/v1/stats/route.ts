import { apiRoute } from "@/lib/http/api-route";
import { jsonResponse } from "@/lib/http/errors";
import { parseQuery } from "@/lib/http/query";
import { getStats } from "@/lib/queries/stats";
import { statsQuerySchema } from "@/lib/schemas/read";

export const dynamic = "force-dynamic";

// GET /api/v1/stats — chart series and breakdowns from the rollups
export const GET = apiRoute("read", async ({ request, key, reads }) => {
  const query = parseQuery(request, statsQuerySchema);
  return jsonResponse(200, await getStats(reads, key.projectId, query));
});
