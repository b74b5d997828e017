import { apiRoute } from "@/lib/http/api-route";
import { HttpError, jsonResponse } from "@/lib/http/errors";
import { parseQuery } from "@/lib/http/query";
import { sessionTimeline } from "@/lib/insight/sessions";
import { sessionQuerySchema } from "@/lib/schemas/read";

export const dynamic = "force-dynamic";

// GET /api/v1/sessions/{id} — one session's summary and a page of its calls in time order, each failure with what came next
export const GET = apiRoute("read", async ({ request, key, database, params }) => {
  const query = parseQuery(request, sessionQuerySchema);
  const id = params.id ?? "";
  const timeline = await sessionTimeline(database.reads, key.projectId, id, query);
  if (!timeline) throw new HttpError(404, "not_found", `no session "${id.slice(0, 200)}" in this project`);
  return jsonResponse(200, timeline);
});
