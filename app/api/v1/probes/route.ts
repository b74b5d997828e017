import { keyActor } from "@/lib/auth/keys";
import { getEnv } from "@/lib/env";
import { apiRoute } from "@/lib/http/api-route";
import { jsonResponse } from "@/lib/http/errors";
import {
  createProbe,
  listProbes,
  parseNewProbe,
  probeView,
  readProbeBody,
  transportFilter,
} from "@/lib/probes";

export const dynamic = "force-dynamic";

// GET /api/v1/probes[?transport=stdio] — the project's probes (header values never shown);
// faultline-probe reads its stdio probes here with a read key
export const GET = apiRoute("read", async ({ request, key, database }) => {
  const probes = await listProbes(database.pool, key.projectId, { transport: transportFilter(request) });
  return jsonResponse(200, { probes: probes.map(probeView) });
});

// POST /api/v1/probes — a new probe (admin)
export const POST = apiRoute("admin", async ({ request, key, database }) => {
  const input = parseNewProbe(await readProbeBody(request), getEnv().FAULTLINE_PROBES_MIN_INTERVAL_SECONDS);
  const probe = await createProbe(database.pool, key.projectId, input, keyActor(key.keyId));
  return jsonResponse(201, probeView(probe));
});
