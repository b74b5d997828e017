import { signaturesPage } from "@/lib/failures/api";
import { apiRoute } from "@/lib/http/api-route";
import { jsonResponse } from "@/lib/http/errors";
import { parseQuery } from "@/lib/http/query";
import { signaturesQuerySchema } from "@/lib/schemas/read";

export const dynamic = "force-dynamic";

// GET /api/v1/signatures — failure signatures seen in the period, most occurrences first (the Failures page's filters)
export const GET = apiRoute("read", async ({ request, key, reads }) => {
  const query = parseQuery(request, signaturesQuerySchema);
  return jsonResponse(200, await signaturesPage(reads, key.projectId, query));
});
