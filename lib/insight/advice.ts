import type { MeasureId } from "./measures";

// What to change, per measure, in words for a server's maintainers, and the shape the protocol and
// the background reading recommend (docs/REPORT-CARD.md explains where each comes from).

export interface Advice {
  /** One sentence: the fault, as the maintainers would fix it. */
  headline: string;
  /** Why it matters to an agent, and what to do. */
  detail: string;
  /** The recommended shape: a result or error as it should cross the wire. */
  shape: string;
}

const TOOL_ERROR_SHAPE = `{
  "isError": true,
  "content": [{ "type": "text", "text": "Order 55107 was delivered 61 days ago; returns close after 45 days." }],
  "structuredContent": {
    "error": { "code": "return_window_closed", "category": "business", "retryable": false }
  }
}`;

export const ADVICE: Record<MeasureId, Advice> = {
  silent: {
    headline: "Set isError: true on every failed tool result.",
    detail:
      'These failures came back as ordinary results, so the agent reads the error message as the tool\'s answer and can tell its user that the work was done. Return the same text, but in a result with isError: true; keep a valid empty answer ("no orders for this customer") a success.',
    shape: TOOL_ERROR_SHAPE,
  },
  uncoded: {
    headline: "Put a machine-readable code in structuredContent.error.code.",
    detail:
      "An agent (or the host around it) branches on a code, not on prose: these failures carry none, or only one buried in the message's words. Give every failure a stable snake_case code (payment_required, rate_limited, invalid_argument) in structuredContent.error, and keep the text for people.",
    shape: TOOL_ERROR_SHAPE,
  },
  opaque: {
    headline:
      'Replace generic messages ("Operation failed", "Error") with what failed and what would fix it.',
    detail:
      "A generic message hides whether the failure is a timeout (retry), bad input (fix the arguments) or a policy (explain it), so the agent either retries what can never succeed or gives up on what would. Say what went wrong, for which input, and the next step.",
    shape: `{
  "isError": true,
  "content": [{ "type": "text", "text": "The date 2026-13-01 is not valid: use YYYY-MM-DD." }],
  "structuredContent": { "error": { "code": "invalid_argument", "category": "validation", "retryable": false } }
}`,
  },
  retry: {
    headline: "Say whether a retry can help: retryable true or false, and retry_after_seconds when it can.",
    detail:
      "Without a verdict an agent guesses: it retries policy refusals and bad input (wasted calls, and the same failure again) or gives up on a timeout that would have passed. Mark transient failures retryable with a wait, and everything that needs a change by someone retryable: false.",
    shape: `{
  "isError": true,
  "content": [{ "type": "text", "text": "Too many requests; try again in 30 seconds." }],
  "structuredContent": { "error": { "code": "rate_limited", "retryable": true, "retry_after_seconds": 30 } }
}`,
  },
  channel: {
    headline:
      "Use the channel the protocol revision expects: protocol errors for the request, isError for the tool.",
    detail:
      "An unknown tool or a request that fails the tools/call schema is a JSON-RPC error (-32602, or -32601) — not a generic -32603, and not an isError result. Since revision 2025-11-25, bad argument values (a wrong format, out of range) are tool execution errors: an isError result the model can read and correct, not a JSON-RPC -32602.",
    shape: `// unknown tool: a JSON-RPC error
{ "jsonrpc": "2.0", "id": 7, "error": { "code": -32602, "message": "Unknown tool: refund_v2" } }
// a bad argument value (2025-11-25 and later): an isError result
{ "jsonrpc": "2.0", "id": 8, "result": { "isError": true,
  "content": [{ "type": "text", "text": "amount must have at most two decimals" }],
  "structuredContent": { "error": { "code": "invalid_argument", "retryable": false } } } }`,
  },
  raw: {
    headline: "Catch exceptions and return a short message and a code instead of the stack trace.",
    detail:
      "A stack trace spends the agent's context on frames it cannot use and can leak paths, queries and internals. Log the trace on the server; return what failed, a code, and whether a retry can help.",
    shape: `{
  "isError": true,
  "content": [{ "type": "text", "text": "The orders database did not answer in time." }],
  "structuredContent": { "error": { "code": "upstream_timeout", "category": "transient", "retryable": true } }
}`,
  },
};

export const SECRETS_ADVICE =
  "Texts of this server carried secrets (tokens, passwords, keys) that Faultline masked before storing them. The agent saw them unmasked: never echo credentials or configuration in results or errors.";
