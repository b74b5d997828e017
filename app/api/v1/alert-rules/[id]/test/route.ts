import { alertsConfig, recentDeliveries, ruleNotFound, sendTest } from "@/lib/alerts";
import { apiRoute } from "@/lib/http/api-route";
import { jsonResponse } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

// POST /api/v1/alert-rules/{id}/test — send a test message now; answers with its first attempt
// (a failed one is retried with the usual backoff)
export const POST = apiRoute("admin", async ({ key, database, params }) => {
  const id = params.id ?? "";
  const sent = await sendTest(database.pool, alertsConfig(), key.projectId, id);
  if (!sent) throw ruleNotFound(id);
  const [delivery] = (await recentDeliveries(database.pool, key.projectId, [id], 20)).filter(
    (candidate) => candidate.id === sent.deliveryId,
  );
  return jsonResponse(200, { delivered: sent.outcome?.result === "delivered", delivery });
});
