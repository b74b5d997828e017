import { apiRoute } from "@/lib/http/api-route";
import { jsonResponse } from "@/lib/http/errors";
import { parseQuery } from "@/lib/http/query";
import { fleet, sortFleet } from "@/lib/insight/fleet";
import { requestedWindow } from "@/lib/insight/window";
import { serversQuerySchema } from "@/lib/schemas/read";

export const dynamic = "force-dynamic";

// GET /api/v1/servers — every server's error-hygiene grades over a period (worst first), from the rollups
export const GET = apiRoute("read", async ({ request, key, database }) => {
  const query = parseQuery(request, serversQuerySchema);
  const window = requestedWindow(query.from, query.to);
  const rows = await fleet(database.reads, key.projectId, window);
  return jsonResponse(200, { from: window.from, to: window.to, servers: sortFleet(rows, "grade", "desc") });
});
