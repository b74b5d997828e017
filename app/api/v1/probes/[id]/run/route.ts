import { apiRoute } from "@/lib/http/api-route";
import { HttpError, jsonResponse } from "@/lib/http/errors";
import { getProbe, probeScheduleOptions, runAndRecord, runView } from "@/lib/probes";

export const dynamic = "force-dynamic";

// POST /api/v1/probes/{id}/run — run an HTTP probe now; answers the run
export const POST = apiRoute("admin", async ({ key, database, params }) => {
  const probe = await getProbe(database.pool, key.projectId, params.id ?? "");
  if (probe.transport === "stdio") {
    throw new HttpError(
      409,
      "conflict",
      "a stdio probe is run by faultline-probe where its server runs (docs/PROBES.md), not by the instance",
    );
  }
  return jsonResponse(200, runView(await runAndRecord(database.pool, probe, probeScheduleOptions())));
});
