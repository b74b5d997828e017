// The outcome model (docs/OUTCOMES.md): what Faultline derives from every reported call.

export const OUTCOMES = ["ok", "tool_error", "protocol_error", "transport_error"] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const CATEGORIES = [
  "transient",
  "rate_limited",
  "validation",
  "unknown_tool",
  "business",
  "permission",
  "auth",
  "internal",
  /** The server never started: its command was not found or not executable, or it exited before answering initialize. */
  "launch",
  "unknown",
] as const;
export type Category = (typeof CATEGORIES)[number];

/** Stable reason identifiers. Add new ones; never rename. */
export const FLAGS = [
  "error_text",
  "http_error_text",
  "error_object",
  "graphql_errors_no_data",
  "identity_null",
  "structured_error_ignored",
  "graphql_partial",
  "empty_result",
  "opaque_error",
  "no_error_code",
  "raw_exception",
  "protocol_error_in_result",
  "client_rejected_result",
  "validation_as_protocol_error",
  "wasted_retry",
  "text_truncated",
  "silent_failure_dismissed",
  "retry_hint",
  "code_in_prose",
  "secret_masked",
  "duplicate_request",
  "invalid_value",
  "empty_lookup",
  "batch_failed",
  "nested_error_flag",
  "nothing_generated",
  "nothing_measured",
] as const;
export type Flag = (typeof FLAGS)[number];

export const SILENT_FAILURE_FLAGS = [
  "error_text",
  "http_error_text",
  "error_object",
  "graphql_errors_no_data",
  "identity_null",
  "structured_error_ignored",
  "invalid_value",
  "empty_lookup",
  "batch_failed",
  "nested_error_flag",
  "nothing_generated",
  "nothing_measured",
] as const satisfies readonly Flag[];
export type SilentFailureFlag = (typeof SILENT_FAILURE_FLAGS)[number];

/** The method of a tool call: the only one whose result is read for a tool's verdict (isError, silent, partial, empty). */
export const TOOL_CALL = "tools/call";

/** What the sender told us about one call (already validated; see lib/schemas/call.ts). */
export interface CallReport {
  method: string;
  server: string;
  tool?: string | null;
  httpStatus?: number | null;
  transportError?: string | null;
  /** The raw JSON-RPC response message, or the raw body text when it was not JSON-RPC. */
  response?: unknown;
  clientError?: { name?: string | null; code?: string | number | null; message: string } | null;
  /** What the tool threw, as the server saw it (server instrumentation). */
  serverError?: { name?: string | null; code?: string | number | null; message: string } | null;
  protocolVersion?: string | null;
  /** Digested fields, for senders without the raw response; `response` wins when present. */
  isError?: boolean | null;
  errorCode?: string | null;
  text?: string | null;
}

export interface Classification {
  outcome: Outcome;
  category: Category | null;
  errorCode: string | null;
  retryable: boolean | null;
  silentFailure: boolean;
  partial: boolean;
  empty: boolean;
  flags: Flag[];
  text: string;
  textLength: number;
  signature: string;
}

export const MAX_TEXT_CODE_POINTS = 512;

/**
 * The part of a text that can reach storage: the 512 code points kept (at most 1,024 UTF-16
 * units) and room for a secret that starts inside them, which the redactor must see whole.
 * Sanitising and masking work on this much of a text, never on all of it.
 */
export const STORED_TEXT_WINDOW = 2 * MAX_TEXT_CODE_POINTS + 4096;

/**
 * Every regular expression over free text (a result's text, a body, an error message) sees
 * at most this many characters: enough for any opening line and stack trace, and it keeps
 * the regex work of one call bounded whatever a sender sends (up to the body limit).
 */
export const MAX_SCAN_CHARS = 4096;
