import type { Pool } from "pg";
import type { IngestResult } from "../../lib/ingest";
import { ingestRequest } from "../../lib/ingest/request";

/**
 * Stores calls the way the webhook does: a request whose body is one call, {"calls": [...]} or a
 * list's items, through lib/ingest's one entry (body read under its limits, prepared, written) —
 * the production path, minus the key check and the rate limit of the route.
 */
export async function seedCalls(pool: Pool, projectId: string, body: unknown): Promise<IngestResult> {
  const request = new Request("http://faultline.test/api/v1/calls", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(Array.isArray(body) ? { calls: body } : body),
  });
  const { result } = await ingestRequest(request, { endpoint: "webhook", projectId, pool });
  return result;
}
