import { keyActor } from "@/lib/auth/keys";
import { readTriageBody, signatureNotFound } from "@/lib/failures/api";
import { addComment } from "@/lib/failures/triage";
import { apiRoute } from "@/lib/http/api-route";
import { jsonResponse } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

// POST /api/v1/signatures/{signature}/comments — {"body": "…"}: a comment, with its author and time
export const POST = apiRoute("admin", async ({ request, key, database, params }) => {
  const signature = params.signature ?? "";
  const comment = await addComment(
    database.pool,
    key.projectId,
    signature,
    await readTriageBody(request),
    keyActor(key.keyId),
  );
  if (!comment) throw signatureNotFound(signature);
  return jsonResponse(201, comment);
});
