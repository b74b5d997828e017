import { createRule, listRules, readRuleBody, ruleView } from "@/lib/alerts";
import { apiRoute } from "@/lib/http/api-route";
import { jsonResponse } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

// GET /api/v1/alert-rules — the key's project's alert rules, with their state
export const GET = apiRoute("admin", async ({ key, database }) => {
  const rules = await listRules(database.pool, key.projectId);
  return jsonResponse(200, { rules: rules.map(ruleView) });
});

// POST /api/v1/alert-rules — create a rule (400 naming each bad field and its rule)
export const POST = apiRoute("admin", async ({ request, key, database }) => {
  const rule = await createRule(database.pool, key.projectId, await readRuleBody(request));
  return jsonResponse(201, ruleView(rule));
});
