import { snakeCase } from "../names";
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
  // Cloudflare's own 5xx in front of an origin (developers.cloudflare.com/support/troubleshooting/
  // http-status-codes/cloudflare-5xx-errors): 520–524 the origin answered badly, refused, timed out
  // or was unreachable; 530 with error 1016, its DNS name did not resolve. Not 525/526 (TLS set-up).
  if ((status >= 520 && status <= 524) || status === 530) return "transient";
  if (status === 429) return "rate_limited";
  if (status === 501 || status === 505) return "validation"; // not implemented / version: the request asks for what is not there
  // 400 Bad Request, 405, 406, 409 Conflict, 411–418, 421, 422, 426, 428, 431: the request as sent is wrong.
  // 409 Conflict is left to the words: a duplicate is the caller's, a write collision clears on a retry.
  if (status >= 400 && status < 500 && status !== 404 && status !== 410 && status !== 409)
    return "validation";
  if (status >= 500) return "internal";
  return undefined;
}

/** 4xx statuses the HTTP registry holds (RFC 9110, 6585, 7725, 8470, 9110's 421/422/426/428): not a vendor's own (PDFCrowd's 430). */
const REGISTERED_CLIENT_STATUSES = new Set([
  400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 418, 421, 422,
  423, 424, 425, 426, 428, 429, 431, 451,
]);

/** A 4xx a vendor made up: it says the caller's side refused, and its words say why. */
export function isVendorClientStatus(status: number): boolean {
  return status >= 400 && status < 500 && !REGISTERED_CLIENT_STATUSES.has(status);
}

/** A status quoted in a failure: as above, and a missing resource (404, 410) the caller named is validation. */
export function categoryFromFailedStatus(status: number): Category | undefined {
  // 404/410: what the caller named is missing; 409 (a conflict the words do not call a collision): a duplicate.
  return (
    categoryFromHttpStatus(status) ??
    (status === 404 || status === 410 || status === 409 ? "validation" : undefined)
  );
}

/** The reason phrases of the statuses APIs put in their errors (RFC 9110 §15; 422 from RFC 4918). */
const REASON_PHRASES: Record<number, string> = {
  400: "bad request",
  401: "unauthorized",
  402: "payment required",
  403: "forbidden",
  404: "not found",
  405: "method not allowed",
  408: "request timeout",
  409: "conflict",
  410: "gone",
  413: "payload too large",
  415: "unsupported media type",
  422: "unprocessable entity",
  429: "too many requests",
  500: "internal server error",
  501: "not implemented",
  502: "bad gateway",
  503: "service unavailable",
  504: "gateway timeout",
};

const STATUS_OF_PHRASE = new Map(
  Object.entries(REASON_PHRASES).map(([status, phrase]) => [phrase, Number(status)]),
);

/** Every reason phrase above, lower-cased. */
export const REASON_PHRASE_LIST: readonly string[] = Object.values(REASON_PHRASES);

/** A status's reason phrase, lower-cased ("not found" for 404). */
export function reasonPhrase(status: number | string): string | undefined {
  return REASON_PHRASES[Number(status)];
}

/** The status a reason phrase names, whatever its case and spacing ("Not  Found" → 404). */
export function statusOfReasonPhrase(phrase: string): number | undefined {
  return STATUS_OF_PHRASE.get(phrase.trim().toLowerCase().replace(/\s+/g, " "));
}

/**
 * The status a code only names ("not_found", "TooManyRequests", "Unauthorized" → 404, 429, 401), also as
 * a framework's exception class for it (NestJS's "BadRequestException", "NotFoundException" → 400, 404).
 */
export function statusNamedBy(code: string): number | undefined {
  const words = snakeCase(code).replace(/_/g, " ");
  return statusOfReasonPhrase(words) ?? statusOfReasonPhrase(words.replace(/ exception$/, ""));
}
