import { keyActor } from "@/lib/auth/keys";
import { apiRoute } from "@/lib/http/api-route";
import { jsonResponse } from "@/lib/http/errors";
import {
  createProbe,
  listProbes,
  parseNewProbe,
  probeView,
  readProbeBody,
  probeRules,
  transportFilter,
} from "@/lib/probes";

export const dynamic = "force-dynamic";

// GET /api/v1/probes[?transport=stdio] — the project's probes (header values never shown). An
// ingest key — what faultline-probe runs with, like the proxy — sees the stdio probes only.
export const GET = apiRoute(["read", "ingest"], async ({ request, key, database }) => {
  const transport = key.scopes.includes("read") ? transportFilter(request) : "stdio";
  const probes = await listProbes(database.pool, key.projectId, { transport });
  return jsonResponse(200, { probes: probes.map(probeView) });
});

// POST /api/v1/probes — a new probe (admin)
export const POST = apiRoute("admin", async ({ request, key, database }) => {
  const input = parseNewProbe(await readProbeBody(request), probeRules());
  const probe = await createProbe(database.pool, key.projectId, input, keyActor(key.keyId));
  return jsonResponse(201, probeView(probe));
});
