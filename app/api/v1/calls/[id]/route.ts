import { apiRoute } from "@/lib/http/api-route";
import { HttpError, jsonResponse } from "@/lib/http/errors";
import { getCall } from "@/lib/queries/calls";

export const dynamic = "force-dynamic";

// GET /api/v1/calls/{id} — one call of the key's project (404 for any other project's id)
export const GET = apiRoute("read", async ({ key, database, params }) => {
  const id = params.id ?? "";
  const call = await getCall(database.reads, key.projectId, id);
  if (!call) throw new HttpError(404, "not_found", `no call with id "${id.slice(0, 128)}" in this project`);
  return jsonResponse(200, call);
});
