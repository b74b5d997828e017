import { keyActor } from "@/lib/auth/keys";
import { createMute, listMutes, muteView, parseMute, readRuleBody } from "@/lib/alerts";
import { apiRoute } from "@/lib/http/api-route";
import { jsonResponse } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

// GET /api/v1/alert-mutes — the project's mute windows that are open or still to come
export const GET = apiRoute("admin", async ({ key, database }) => {
  const now = new Date();
  const mutes = await listMutes(database.pool, key.projectId, now);
  return jsonResponse(200, { mutes: mutes.map((mute) => muteView(mute, now)) });
});

// POST /api/v1/alert-mutes — a one-off or recurring window holding the messages of a rule (or every rule)
export const POST = apiRoute("admin", async ({ request, key, database }) => {
  const input = parseMute(await readRuleBody(request));
  const mute = await createMute(database.pool, key.projectId, input, keyActor(key.keyId));
  return jsonResponse(201, muteView(mute));
});
