import { readBody } from "../ingest/body";
import { HttpError } from "../http/errors";

// What the /api/v1/alert-rules routes share: the body read, and the answer for an unknown rule.

/** A rule is a few hundred bytes; anything near this is not one. */
export const MAX_RULE_BODY_BYTES = 64 * 1024;

export async function readRuleBody(request: Request): Promise<unknown> {
  const body = await readBody(request, { maxBytes: MAX_RULE_BODY_BYTES });
  return body.kind === "json" ? body.value : undefined;
}

export function ruleNotFound(id: string): HttpError {
  return new HttpError(404, "not_found", `no alert rule with id "${id.slice(0, 64)}" in this project`);
}
