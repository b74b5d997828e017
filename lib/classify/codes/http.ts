import type { Category } from "../types";

// HTTP status codes (RFC 9110 §15; 429 from RFC 6585). A status says who refused and why for the
// whole family: 4xx the caller's request, 5xx the server's side.
// Source: https://www.rfc-editor.org/rfc/rfc9110#section-15

export function categoryFromHttpStatus(status: number): Category | undefined {
  if (status === 401 || status === 407) return "auth";
  if (status === 402) return "business";
  // 451 Unavailable For Legal Reasons (RFC 7725): a policy refuses the resource to this caller.
  if (status === 403 || status === 451) return "permission";
  if (status === 408 || status === 502 || status === 503 || status === 504) return "transient";
  if (status === 425) return "transient"; // Too Early: replay later
  if (status === 429) return "rate_limited";
  if (status === 501 || status === 505) return "validation"; // not implemented / version: the request asks for what is not there
  // 400 Bad Request, 405, 406, 409 Conflict, 411–418, 421, 422, 426, 428, 431: the request as sent is wrong.
  // 409 Conflict is left to the words: a duplicate is the caller's, a write collision clears on a retry.
  if (status >= 400 && status < 500 && status !== 404 && status !== 410 && status !== 409)
    return "validation";
  if (status >= 500) return "internal";
  return undefined;
}

/** A status quoted in a failure: as above, and a missing resource (404, 410) the caller named is validation. */
export function categoryFromFailedStatus(status: number): Category | undefined {
  // 404/410: what the caller named is missing; 409 (a conflict the words do not call a collision): a duplicate.
  return (
    categoryFromHttpStatus(status) ??
    (status === 404 || status === 410 || status === 409 ? "validation" : undefined)
  );
}
