import {
  alertsConfig,
  deleteRule,
  getRule,
  readRuleBody,
  recentDeliveries,
  ruleNotFound,
  ruleViewsWithWarnings,
  updateRule,
} from "@/lib/alerts";
import { apiRoute } from "@/lib/http/api-route";
import { jsonResponse } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

// GET /api/v1/alert-rules/{id} — one rule, its state and its recent messages with every attempt
export const GET = apiRoute("admin", async ({ key, database, params }) => {
  const id = params.id ?? "";
  const rule = await getRule(database.pool, key.projectId, id);
  if (!rule) throw ruleNotFound(id);
  const [deliveries, [view]] = await Promise.all([
    recentDeliveries(database.pool, key.projectId, [rule.id]),
    ruleViewsWithWarnings(database.pool, key.projectId, [rule]),
  ]);
  return jsonResponse(200, { ...view, deliveries });
});

// PATCH /api/v1/alert-rules/{id} — change the given fields (null clears an optional one)
export const PATCH = apiRoute("admin", async ({ request, key, database, params }) => {
  const id = params.id ?? "";
  const body = await readRuleBody(request);
  const rule = await updateRule(database.pool, key.projectId, id, body, {
    publicUrl: alertsConfig().publicUrl,
  });
  if (!rule) throw ruleNotFound(id);
  const [view] = await ruleViewsWithWarnings(database.pool, key.projectId, [rule]);
  return jsonResponse(200, view);
});

// DELETE /api/v1/alert-rules/{id} — the rule, its queued messages and their attempts
export const DELETE = apiRoute("admin", async ({ key, database, params }) => {
  const id = params.id ?? "";
  if (!(await deleteRule(database.pool, key.projectId, id))) throw ruleNotFound(id);
  return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
});
