// How a client stopped waiting for a call: its own timeout, or a cancellation — one rule for
// every route, so a call gets the same verdict however it reached Faultline:
// - the MCP TypeScript SDK rejects every call it stops waiting for with McpError -32001
//   (RequestTimeout), a timeout ("Request timed out", "Maximum total timeout exceeded") and a
//   cancellation alike: for an aborted signal the message carries the abort's reason
//   ("MCP error -32001: AbortError: This operation was aborted") — so the words decide;
// - the notifications/cancelled the client sends carries the same reason (faultline-proxy and
//   the server instrumentation see it), and the reporter, OTLP spans and the webhook see the
//   rejection;
// - an error class says it too: TimeoutError (AbortSignal.timeout(), Python), AbortError,
//   CancelledError (Python's asyncio).

export type GaveUp = "timeout" | "cancelled";

const TIMEOUT_WORDS = /\b(?:timed? ?out|timeout|deadline exceeded)\b/i;
const TIMEOUT_CLASS = /timeout/i;
const CANCEL_CLASS = /^(?:AbortError|(?:asyncio\.)?Cancell?edError)$/;
const REQUEST_TIMEOUT_CODE = -32001;

/** What a client's error (or a cancellation's reason) says about how it stopped waiting, if anything. */
export function gaveUp(error: {
  name?: string | null;
  code?: string | number | null;
  message?: string | null;
}): GaveUp | undefined {
  const name = error.name ?? "";
  const message = (error.message ?? "").slice(0, 4096);
  if (TIMEOUT_CLASS.test(name) || TIMEOUT_WORDS.test(message)) return "timeout";
  if (Number(error.code) === REQUEST_TIMEOUT_CODE || CANCEL_CLASS.test(name)) return "cancelled";
  return undefined;
}
