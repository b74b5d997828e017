import { isErrorEnvelope, isPresent } from "./envelopes";
import { codeField, isObject, type JsonObject } from "./json";

// Answers that are lists of failures said as a success: every record a scraper's snapshot returned
// is an error record ({"input": {…}, "error": "Page not found (404)…", "error_code": "dead_page"}), or
// every response of a bulk call is a 4xx or 5xx ({"responses": [{"statusCode": 404, "errors": […]}, …]}).
// Not one failed item among others (that is data, or a partial answer), and never an empty list.

/** At most this many items are looked at: a long list is data whatever its first items say. */
const MAX_ITEMS = 100;

/**
 * The first record, when every record of a list is an error envelope with an `error` of its own — a
 * failure of this call's work — and nothing else; also every part of an answer keyed by where each part came
 * from ({"google": {"error": "…"}, "bing": {"error": "…"}}: every source failed). A linter's findings ({"code",
 * "message", "path"}) are what it was asked for.
 */
export function everyRecordAnError(document: unknown): JsonObject | undefined {
  const records = Array.isArray(document)
    ? document
    : isObject(document)
      ? Object.values(document)
      : undefined;
  if (!records || records.length === 0 || records.length > MAX_ITEMS) return undefined;
  const failed = (item: unknown) =>
    isObject(item) && isPresent(item.error) && item.error !== true && isErrorEnvelope(item);
  return records.every(failed) ? (records[0] as JsonObject) : undefined;
}

/** Where a bulk call lists its responses, one per item. */
const RESPONSES_KEY = /^(?:responses|results|items|operations|statuses)$/i;

export interface FailedResponses {
  status: number;
  first: JsonObject;
  /** The first response's own error code (eBay's "errorId", a "code"), if it carries one. */
  code?: string;
}

/** Every response of a bulk call failed: each carries an HTTP status of 400 or more. */
export function everyResponseFailed(document: unknown): FailedResponses | undefined {
  if (!isObject(document)) return undefined;
  const lists = Object.entries(document).filter(
    ([key, value]) => RESPONSES_KEY.test(key) && Array.isArray(value),
  );
  if (lists.length !== 1) return undefined;
  const responses = lists[0]![1] as unknown[];
  if (responses.length === 0 || responses.length > MAX_ITEMS) return undefined;
  const statuses = responses.map((item) => (isObject(item) ? statusOf(item) : undefined));
  if (!statuses.every((status) => status !== undefined && status >= 400 && status <= 599)) return undefined;
  const first = responses[0] as JsonObject;
  const errors = Array.isArray(first.errors) && isObject(first.errors[0]) ? first.errors[0] : undefined;
  return {
    status: statuses[0]!,
    first,
    code: codeField(errors, "errorId", "code", "errorCode", "ErrorCode"),
  };
}

function statusOf(item: JsonObject): number | undefined {
  const value = item.statusCode ?? item.status_code ?? item.httpStatusCode ?? item.status;
  return typeof value === "number" && Number.isInteger(value) ? value : undefined;
}
