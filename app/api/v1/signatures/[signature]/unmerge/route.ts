import { keyActor } from "@/lib/auth/keys";
import { signatureNotFound } from "@/lib/failures/api";
import { getSignature } from "@/lib/queries/signature";
import { unmergeSignature } from "@/lib/failures/triage";
import { apiRoute } from "@/lib/http/api-route";
import { HttpError, jsonResponse } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

// POST /api/v1/signatures/{signature}/unmerge — it counts on its own again, as before the merge
export const POST = apiRoute("admin", async ({ key, database, params }) => {
  const signature = params.signature ?? "";
  const result = await unmergeSignature(database.pool, key.projectId, signature, keyActor(key.keyId));
  if (result.unmerged) return jsonResponse(200, { signature, from: result.from });
  if (!(await getSignature(database.pool, key.projectId, signature))) throw signatureNotFound(signature);
  throw new HttpError(409, "not_merged", `signature "${signature.slice(0, 64)}" is not merged into another`);
});
