import { apiRoute } from "@/lib/http/api-route";
import { HttpError, jsonResponse } from "@/lib/http/errors";
import { orFromPrimary } from "@/lib/db/read-routing";
import { getCall } from "@/lib/queries/calls";

export const dynamic = "force-dynamic";

// GET /api/v1/calls/{id} — one call of the key's project (404 for any other project's id)
export const GET = apiRoute("read", async ({ key, reads, params }) => {
  const id = params.id ?? "";
  // A call acknowledged a moment ago may not be on the replica yet: not a 404 for the lag.
  const call = await orFromPrimary(reads, (from) => getCall(from, key.projectId, id));
  if (!call) throw new HttpError(404, "not_found", `no call with id "${id.slice(0, 128)}" in this project`);
  return jsonResponse(200, call);
});
