// Shorthands for writing a group's verdicts (groups/<group>/verdicts.ts), so each round's
// capturers write verdicts the same way instead of each group carrying its own copies.
// The conventions they follow are in test/fixtures/server-corpus/README.md.

import type { Verdict } from "./verdicts.js";

type Expected = Verdict["expected"];
type Category = NonNullable<Expected["category"]>;
type Failed = Exclude<Expected["outcome"], "ok">;

const clean: Omit<Expected, "outcome"> = {
  silentFailure: false,
  category: null,
  errorCode: null,
  retryable: null,
  empty: false,
  partial: false,
  wastedRetry: false,
};

/** A success; `empty` when it found nothing (a search, list or query with no results). */
export function ok(reason: string, empty = false): Verdict {
  return { expected: { outcome: "ok", ...clean, empty }, reason };
}

/** A success whose payload is a failure nothing flagged (outcome ok, silentFailure true). */
export function silent(
  category: Category,
  errorCode: string | null,
  retryable: boolean,
  reason: string,
  wastedRetry = false,
): Verdict {
  return {
    expected: { outcome: "ok", ...clean, silentFailure: true, category, errorCode, retryable, wastedRetry },
    reason,
  };
}

/** A success with a failed part (some items done, some not); it carries the failed part's category. */
export function partial(
  category: Category,
  errorCode: string | null,
  retryable: boolean,
  reason: string,
): Verdict {
  return { expected: { outcome: "ok", ...clean, partial: true, category, errorCode, retryable }, reason };
}

function failed(
  outcome: Failed,
  category: Category,
  errorCode: string | null,
  retryable: boolean,
  reason: string,
  wastedRetry: boolean,
): Verdict {
  return { expected: { outcome, ...clean, category, errorCode, retryable, wastedRetry }, reason };
}

/** `result.isError: true`. */
export const tool = (
  category: Category,
  errorCode: string | null,
  retryable: boolean,
  reason: string,
  wasted = false,
) => failed("tool_error", category, errorCode, retryable, reason, wasted);

/** A JSON-RPC `error` answer. */
export const rpc = (
  category: Category,
  errorCode: string | null,
  retryable: boolean,
  reason: string,
  wasted = false,
) => failed("protocol_error", category, errorCode, retryable, reason, wasted);

/** No answer: a non-2xx HTTP status, a closed connection, the client's timeout. */
export const wire = (
  category: Category,
  errorCode: string | null,
  retryable: boolean,
  reason: string,
  wasted = false,
) => failed("transport_error", category, errorCode, retryable, reason, wasted);
