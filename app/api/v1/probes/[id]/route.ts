import { apiRoute } from "@/lib/http/api-route";
import { jsonResponse } from "@/lib/http/errors";
import {
  deleteProbe,
  getProbe,
  parseProbePatch,
  probeView,
  readProbeBody,
  updateProbe,
  probeRules,
} from "@/lib/probes";

export const dynamic = "force-dynamic";

// GET /api/v1/probes/{id} — one probe
export const GET = apiRoute("read", async ({ key, database, params }) => {
  return jsonResponse(200, probeView(await getProbe(database.pool, key.projectId, params.id ?? "")));
});

// PATCH /api/v1/probes/{id} — change the given fields (headers replace the stored ones whole)
export const PATCH = apiRoute("admin", async ({ request, key, database, params }) => {
  const patch = parseProbePatch(await readProbeBody(request), probeRules());
  return jsonResponse(
    200,
    probeView(await updateProbe(database.pool, key.projectId, params.id ?? "", patch)),
  );
});

// DELETE /api/v1/probes/{id} — the probe and its runs (the calls it stored stay, like any call)
export const DELETE = apiRoute("admin", async ({ key, database, params }) => {
  await deleteProbe(database.pool, key.projectId, params.id ?? "");
  return new Response(null, { status: 204 });
});
