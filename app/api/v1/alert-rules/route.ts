import { createRule, listRules, readRuleBody, ruleViewsWithWarnings } from "@/lib/alerts";
import { apiRoute } from "@/lib/http/api-route";
import { jsonResponse } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

// GET /api/v1/alert-rules — the key's project's alert rules, with their state
export const GET = apiRoute("admin", async ({ key, database }) => {
  const rules = await listRules(database.pool, key.projectId);
  return jsonResponse(200, { rules: await ruleViewsWithWarnings(database.pool, key.projectId, rules) });
});

// POST /api/v1/alert-rules — create a rule (400 naming each bad field and its rule; a server or
// tool no recent call came from is saved, with a warning)
export const POST = apiRoute("admin", async ({ request, key, database }) => {
  const rule = await createRule(database.pool, key.projectId, await readRuleBody(request));
  const [view] = await ruleViewsWithWarnings(database.pool, key.projectId, [rule]);
  return jsonResponse(201, view);
});
