import type { CallReport } from "./types.js";

// What Faultline's webhook accepts in a call object, in one place: the webhook's schema
// (lib/schemas/call.ts) and every route of this package (the reporter, faultline-proxy, the
// server instrumentation) read these, so a route never sends a call the webhook would refuse.
// Every report is fit to them once, on its way into the outbox (fitReport): a label over its
// length is cut, a message is cut to what Faultline reads of one. The text the agent saw keeps
// its full length's evidence — Faultline flags a call whose text was longer than it stores
// (text_truncated) — and no call is lost to a limit.

export const LIMITS = {
  id: 128,
  server: 200,
  tool: 200,
  method: 100,
  sessionId: 200,
  agent: 200,
  argumentsHash: 128,
  transportError: 200,
  protocolVersion: 40,
  errorCode: 200,
  /** An error's class name. */
  errorName: 200,
  /** An error's own code, as a string. */
  errorCodeText: 100,
  /**
   * An error's message (what a client raised, what a tool threw). Faultline reads at most this much
   * of any text (lib/classify: MAX_SCAN_CHARS) and stores 512 code points of it; the webhook keeps
   * the first this-many characters of a longer one.
   */
  message: 4096,
  /** The JSON-RPC id of the request, as a string. */
  requestId: 128,
  /** The MCP session id (Mcp-Session-Id) shared by every route of an HTTP session. */
  mcpSessionId: 200,
  /** The name the server announces (serverInfo.name). */
  serverInfoName: 200,
  /** The instrumentation library (OTLP: the span's scope). */
  library: 100,
} as const;

const LABELS = [
  ["id", LIMITS.id],
  ["server", LIMITS.server],
  ["tool", LIMITS.tool],
  ["method", LIMITS.method],
  ["sessionId", LIMITS.sessionId],
  ["agent", LIMITS.agent],
  ["argumentsHash", LIMITS.argumentsHash],
  ["transportError", LIMITS.transportError],
  ["protocolVersion", LIMITS.protocolVersion],
  ["requestId", LIMITS.requestId],
  ["mcpSessionId", LIMITS.mcpSessionId],
  ["serverInfoName", LIMITS.serverInfoName],
] as const satisfies readonly (readonly [keyof CallReport, number])[];

/** At most `max` characters, never ending on half a surrogate pair. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/** The report as the webhook accepts it: each label and message cut to its limit. Returns a new object. */
export function fitReport(report: CallReport): CallReport {
  const fitted: CallReport = { ...report };
  for (const [field, max] of LABELS) {
    const value = fitted[field];
    if (typeof value === "string" && value.length > max)
      (fitted as unknown as Record<string, string>)[field] = cut(value, max);
  }
  if (fitted.clientError) fitted.clientError = fitError(fitted.clientError);
  if (fitted.serverError) fitted.serverError = fitError(fitted.serverError) as CallReport["serverError"];
  return fitted;
}

function fitError<E extends { name?: string; code?: string | number; message: string }>(error: E): E {
  const fitted = { ...error, message: cut(String(error.message), LIMITS.message) };
  if (typeof fitted.name === "string") fitted.name = cut(fitted.name, LIMITS.errorName);
  if (typeof fitted.code === "string" && fitted.code.length > LIMITS.errorCodeText) delete fitted.code;
  return fitted;
}
