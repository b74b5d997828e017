import { keyActor } from "@/lib/auth/keys";
import { readTriageBody, signatureNotFound, signatureView } from "@/lib/failures/api";
import { parseSignaturePatch, updateSignature } from "@/lib/failures/triage";
import { apiRoute } from "@/lib/http/api-route";
import { jsonResponse } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

// GET /api/v1/signatures/{signature} — the signature (merged ones counted in), its last day, comments and history
export const GET = apiRoute("read", async ({ key, reads, params }) => {
  const signature = params.signature ?? "";
  const view = await signatureView(reads, key.projectId, signature);
  if (!view) throw signatureNotFound(signature);
  return jsonResponse(200, view);
});

// PATCH /api/v1/signatures/{signature} — status (and how long an ignore lasts), assignee, linkedIssueUrl
export const PATCH = apiRoute("admin", async ({ request, key, database, params }) => {
  const signature = params.signature ?? "";
  const patch = parseSignaturePatch(await readTriageBody(request));
  if (!(await updateSignature(database.pool, key.projectId, signature, patch, keyActor(key.keyId)))) {
    throw signatureNotFound(signature);
  }
  return jsonResponse(200, await signatureView(database.pool, key.projectId, signature));
});
