import { apiRoute } from "@/lib/http/api-route";
import { HttpError, jsonResponse } from "@/lib/http/errors";
import {
  getProbe,
  listRuns,
  parseReportedRun,
  readRunBody,
  recordRun,
  runLimit,
  runView,
} from "@/lib/probes";

export const dynamic = "force-dynamic";

// GET /api/v1/probes/{id}/runs[?limit=N] — the probe's last runs, newest first
export const GET = apiRoute("read", async ({ request, key, database, params }) => {
  const probe = await getProbe(database.pool, key.projectId, params.id ?? "");
  const runs = await listRuns(database.pool, key.projectId, { probeId: probe.id }, runLimit(request));
  return jsonResponse(200, { runs: runs.map(runView) });
});

// POST /api/v1/probes/{id}/runs — faultline-probe reports a stdio probe's run (ingest key);
// the steps are classified and judged here, like the instance's own runs
export const POST = apiRoute("ingest", async ({ request, key, database, params }) => {
  const probe = await getProbe(database.pool, key.projectId, params.id ?? "");
  if (probe.transport !== "stdio") {
    throw new HttpError(
      409,
      "conflict",
      `probe "${probe.name}" is an ${probe.transport} probe: the instance runs it`,
    );
  }
  const run = await recordRun(
    database.pool,
    probe,
    parseReportedRun(await readRunBody(request)),
    "faultline-probe",
  );
  return jsonResponse(201, runView(run));
});
