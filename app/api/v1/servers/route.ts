import { apiRoute } from "@/lib/http/api-route";
import { jsonResponse } from "@/lib/http/errors";
import { parseQuery } from "@/lib/http/query";
import { fleet, pageFleet, sortFleet } from "@/lib/insight/fleet";
import { requestedWindow } from "@/lib/insight/window";
import { fleetQuerySchema } from "@/lib/schemas/read";

export const dynamic = "force-dynamic";

// GET /api/v1/servers — a page of the servers' error-hygiene grades over a period (worst first), from the rollups
export const GET = apiRoute("read", async ({ request, key, database }) => {
  const query = parseQuery(request, fleetQuerySchema);
  const window = requestedWindow(query.from, query.to);
  const rows = await fleet(database.reads, key.projectId, window, query.q);
  const page = pageFleet(sortFleet(rows, "grade", "desc"), { cursor: query.cursor, limit: query.limit });
  return jsonResponse(200, {
    from: window.from,
    to: window.to,
    servers: page.rows,
    total: page.total,
    nextCursor: page.nextCursor,
  });
});
