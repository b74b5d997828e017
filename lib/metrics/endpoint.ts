import { db, type Database } from "../db";
import { getEnv } from "../env";
import { apiRoute } from "../http/api-route";
import { METRICS_CONTENT_TYPE, renderMetrics } from "./index";

// GET /metrics, served by our own node:http server (lib/http/node-server) next to the ingest
// endpoints: it must reach the same process-wide metrics, answer with no session (the page
// proxy would send a scraper without one to /login), and stay cheap.
//
// A read key as bearer token (or a signed-in session) sees the instance's metrics and its own
// project's per-project series; with FAULTLINE_METRICS_PUBLIC=1 anyone who can reach the port
// sees every project's.

type RouteContext = { params: Promise<Record<string, string>> };

const pools = (database: Database) => ({ ingest: database.pool, read: database.reads });

const scrapeWithKey = apiRoute("read", async ({ key, database }) =>
  answer(await renderMetrics({ projects: [key.projectId], pools: pools(database) })),
);

export async function serveMetrics(request: Request, context: RouteContext): Promise<Response> {
  if (!getEnv().FAULTLINE_METRICS_PUBLIC) return scrapeWithKey(request, context);
  // Public metrics need no database: they are served (without the pool gauges) while it is down.
  const database = await db().catch(() => undefined);
  return answer(await renderMetrics({ projects: "all", pools: database && pools(database) }));
}

function answer(text: string): Response {
  return new Response(text, {
    status: 200,
    headers: { "content-type": METRICS_CONTENT_TYPE, "cache-control": "no-store" },
  });
}
