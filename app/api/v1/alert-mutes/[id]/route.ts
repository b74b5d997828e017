import { deleteMute } from "@/lib/alerts";
import { apiRoute } from "@/lib/http/api-route";
import { HttpError } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

// DELETE /api/v1/alert-mutes/{id} — ends the window now (held alerts move at the next round)
export const DELETE = apiRoute("admin", async ({ key, database, params }) => {
  const id = params.id ?? "";
  if (!(await deleteMute(database.pool, key.projectId, id))) {
    throw new HttpError(404, "not_found", `no mute window with id "${id.slice(0, 64)}" in this project`);
  }
  return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
});
