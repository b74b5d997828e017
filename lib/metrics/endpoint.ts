import { isInstanceMetricsCredential } from "../auth/access";
import { bearerToken } from "../auth/keys";
import { db, type Database } from "../db";
import { getEnv } from "../env";
import { apiRoute } from "../http/api-route";
import { projectNames } from "../queries/metric-labels";
import { foldStatus } from "../ingest/fold-status";
import { METRICS_CONTENT_TYPE, recordFoldBacklog, renderMetrics, type MetricsPools } from "./index";

// GET /metrics, served by our own node:http server (lib/http/node-server) next to the ingest
// endpoints: it must reach the same process-wide metrics, answer with no session (the page
// proxy would send a scraper without one to /login), and stay cheap.
//
// Who sees what is lib/auth/access.ts's: the instance credential (FAULTLINE_METRICS_TOKEN) or
// FAULTLINE_METRICS_PUBLIC=1 sees everything; a read key (or a signed-in session) only its own
// project's series.

type RouteContext = { params: Promise<Record<string, string>> };

/** The pools' figures now, before this scrape takes a connection of its own. */
const sample = ({ totalCount, idleCount, waitingCount }: MetricsPools["ingest"]) => ({
  totalCount,
  idleCount,
  waitingCount,
});
const pools = (database: Database): MetricsPools => ({
  ingest: sample(database.pool),
  read: sample(database.reads),
});

/**
 * Project names for the series' project_name label: one small query (the operator's projects),
 * never calls; on the ingest pool (as settings are), so a scrape still answers while reads are
 * saturated — when it is needed most.
 */
const names = (database: Database) => projectNames(database.pool).catch(() => undefined);

const scrapeWithKey = apiRoute("read", async ({ key, database }) =>
  answer(
    await renderMetrics({ view: "project", projectId: key.projectId, projectNames: await names(database) }),
  ),
);

export async function serveMetrics(request: Request, context: RouteContext): Promise<Response> {
  const env = getEnv();
  const token = bearerToken(request.headers.get("authorization"));
  if (!env.FAULTLINE_METRICS_PUBLIC && !isInstanceMetricsCredential(token, env.FAULTLINE_METRICS_TOKEN)) {
    return scrapeWithKey(request, context);
  }
  // The instance's metrics need no database: they are served (without the pool gauges) while it is down.
  const database = await db().catch(() => undefined);
  const sampled = database && pools(database);
  const folded = database && (await foldStatus(database.pool).catch(() => undefined));
  if (folded) recordFoldBacklog(folded.behindSeconds);
  return answer(
    await renderMetrics({
      view: "instance",
      pools: sampled,
      projectNames: database && (await names(database)),
    }),
  );
}

function answer(text: string): Response {
  return new Response(text, {
    status: 200,
    headers: { "content-type": METRICS_CONTENT_TYPE, "cache-control": "no-store" },
  });
}
