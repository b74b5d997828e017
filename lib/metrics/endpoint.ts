import { isInstanceMetricsCredential } from "../auth/access";
import { bearerToken } from "../auth/keys";
import { db, type Database } from "../db";
import { getEnv } from "../env";
import { apiRoute } from "../http/api-route";
import { METRICS_CONTENT_TYPE, renderMetrics } from "./index";

// GET /metrics, served by our own node:http server (lib/http/node-server) next to the ingest
// endpoints: it must reach the same process-wide metrics, answer with no session (the page
// proxy would send a scraper without one to /login), and stay cheap.
//
// Who sees what is lib/auth/access.ts's: the instance credential (FAULTLINE_METRICS_TOKEN) or
// FAULTLINE_METRICS_PUBLIC=1 sees everything; a read key (or a signed-in session) only its own
// project's series.

type RouteContext = { params: Promise<Record<string, string>> };

const pools = (database: Database) => ({ ingest: database.pool, read: database.reads });

const scrapeWithKey = apiRoute("read", async ({ key }) =>
  answer(await renderMetrics({ view: "project", projectId: key.projectId })),
);

export async function serveMetrics(request: Request, context: RouteContext): Promise<Response> {
  const env = getEnv();
  const token = bearerToken(request.headers.get("authorization"));
  if (!env.FAULTLINE_METRICS_PUBLIC && !isInstanceMetricsCredential(token, env.FAULTLINE_METRICS_TOKEN)) {
    return scrapeWithKey(request, context);
  }
  // The instance's metrics need no database: they are served (without the pool gauges) while it is down.
  const database = await db().catch(() => undefined);
  return answer(await renderMetrics({ view: "instance", pools: database && pools(database) }));
}

function answer(text: string): Response {
  return new Response(text, {
    status: 200,
    headers: { "content-type": METRICS_CONTENT_TYPE, "cache-control": "no-store" },
  });
}
