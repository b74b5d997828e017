import { readBody } from "../ingest/body";
import { HttpError } from "../http/errors";
import type { Queryable } from "../db/queryable";
import { ACTIVE_STATUSES, SIGNATURE_STATUSES, type SignatureStatus } from "./lifecycle";
import { listFailureSignatures } from "../queries/failures";
import { getSignature, getSignatureActivity } from "../queries/signature";
import type { SignaturesQuery } from "../schemas/read";
import { listComments } from "./triage";

// What the /api/v1/signatures routes share: the body read, the answer for an unknown signature,
// the actor an API key writes as, and the views they answer with.

/** A triage change or a comment is a few kilobytes at most. */
export const MAX_TRIAGE_BODY_BYTES = 64 * 1024;

export async function readTriageBody(request: Request): Promise<unknown> {
  const body = await readBody(request, { maxBytes: MAX_TRIAGE_BODY_BYTES });
  return body.kind === "json" ? body.value : undefined;
}

export function signatureNotFound(signature: string): HttpError {
  return new HttpError(404, "not_found", `no failure signature "${signature.slice(0, 64)}" in this project`);
}

const DAY_MS = 86_400_000;

/** The statuses a status filter lists (as the Failures page's tabs). */
export function statusesOf(filter: SignaturesQuery["status"]): readonly SignatureStatus[] | undefined {
  if (filter === "all") return undefined;
  if (filter === "active") return ACTIVE_STATUSES;
  return SIGNATURE_STATUSES.filter((status) => status === filter);
}

/** GET /api/v1/signatures: a page of the signatures seen in the period (default: the last 24 hours). */
export async function signaturesPage(
  pool: Queryable,
  projectId: string,
  query: SignaturesQuery,
  now = new Date(),
) {
  const to = query.to ?? now;
  const from = query.from ?? new Date(to.getTime() - DAY_MS);
  const page = await listFailureSignatures(
    pool,
    projectId,
    { from, to, servers: query.server },
    {
      q: query.q,
      newOnly: query.new,
      statuses: statusesOf(query.status),
      cursor: query.cursor,
      limit: query.limit,
    },
  );
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    signatures: page.groups,
    total: page.total,
    newTotal: page.newTotal,
    nextCursor: page.nextCursor,
  };
}

/** GET /api/v1/signatures/{signature}: the signature, its last day, comments and history; null when absent. */
export async function signatureView(pool: Queryable, projectId: string, signature: string, now = new Date()) {
  const detail = await getSignature(pool, projectId, signature);
  if (!detail) return null;
  const window = { from: new Date(now.getTime() - DAY_MS), to: now };
  const [activity, comments] = await Promise.all([
    getSignatureActivity(pool, projectId, signature, window, detail),
    listComments(pool, projectId, signature),
  ]);
  return {
    ...detail,
    lastDay: { from: window.from.toISOString(), to: window.to.toISOString(), calls: activity.callsInWindow },
    examples: activity.examples,
    comments,
    history: activity.history,
  };
}
