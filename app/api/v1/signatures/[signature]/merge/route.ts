import { keyActor } from "@/lib/auth/keys";
import { readTriageBody, signatureNotFound } from "@/lib/failures/api";
import { mergeSignature, parseMergeBody } from "@/lib/failures/triage";
import { apiRoute } from "@/lib/http/api-route";
import { jsonResponse } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

// POST /api/v1/signatures/{signature}/merge — {"into": "<signature>"}: its calls, past and future, count there
export const POST = apiRoute("admin", async ({ request, key, database, params }) => {
  const signature = params.signature ?? "";
  const into = parseMergeBody(await readTriageBody(request));
  const result = await mergeSignature(database.pool, key.projectId, signature, into, keyActor(key.keyId));
  if (!result.merged) throw signatureNotFound(result.missing === "into" ? into : signature);
  return jsonResponse(200, { signature, into, moved: result.moved });
});
