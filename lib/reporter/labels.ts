// The values the server instrumentation reads from the other end or from the host (a client's
// name, a tool's name, a session id, an exception) made into what Faultline's call object
// accepts — or left out, rather than a call Faultline refuses as a whole.
// (recorder.ts keeps its own copies of `label` and `attempt`, written before this module.)

import { printable } from "./guest.js";

const CONTROL = /[\u0000-\u001f\u007f]/;
const CONTROL_ALL = /[\u0000-\u001f\u007f]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** What `read` gives, or undefined if it throws (a getter of the host's, a Proxy, a toString that throws). */
export function attempt<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** A label as Faultline accepts one: no control characters, at most `max` characters — or none. */
export function label(value: unknown, max: number): string | undefined {
  if (typeof value !== "string" || value === "" || CONTROL.test(value)) return undefined;
  return cut(value, max).replace(LONE_SURROGATE, "\ufffd");
}

/** A label that must be there (a tool's name): control characters become spaces, empty becomes `fallback`. */
export function requiredLabel(value: unknown, max: number, fallback: string): string {
  const text = typeof value === "string" ? value : "";
  const clean = cut(text, max).replace(CONTROL_ALL, " ").replace(LONE_SURROGATE, "\ufffd");
  return clean.trim() === "" ? fallback : clean;
}

/** The client's `clientInfo` from initialize, as an agent: "name/version" (or the name alone). */
export function agentLabel(clientInfo: unknown): string | undefined {
  const info = (clientInfo ?? {}) as { name?: unknown; version?: unknown };
  const name = attempt(() => label(info.name, 120));
  if (!name) return undefined;
  const version = attempt(() => label(info.version, 70));
  return version ? `${name}/${version}` : name;
}

/** A request header the Streamable HTTP transport passed along with a message (`extra.requestInfo.headers`), as a label. */
export function headerValue(extra: unknown, name: string): string | undefined {
  const headers = attempt(
    () =>
      (extra as { requestInfo?: { headers?: Record<string, unknown> } } | undefined)?.requestInfo?.headers,
  );
  const value = attempt(() => headers?.[name]);
  return label(Array.isArray(value) ? value[0] : value, 40);
}

/**
 * A call the client cancelled (notifications/cancelled), as a transport failure, with the reason
 * it gave. Faultline tells a timeout from a cancellation by that reason (the SDK cancels a call
 * it timed out with "Request timed out"), by the same rule for every route.
 */
export function cancelOutcome(reason: unknown): { transportError: "cancelled"; reason?: string } {
  const text = typeof reason === "string" ? printable(reason, 10_000) : undefined;
  return { transportError: "cancelled", ...(text ? { reason: text } : {}) };
}

export interface Thrown {
  name: string;
  message: string;
  code?: string | number;
}

/**
 * What was thrown, as the report carries it: the class (`constructor.name` — a custom class that
 * never sets `name` still says "CrmError", not "Error"), the message, a code when it has one.
 */
export function describeThrown(error: unknown): Thrown {
  if (typeof error !== "object" || error === null) {
    return { name: typeof error, message: cut(attempt(() => String(error)) ?? "", 10_000) };
  }
  const value = error as {
    name?: unknown;
    message?: unknown;
    code?: unknown;
    constructor?: { name?: unknown };
  };
  const className = attempt(() => value.constructor?.name);
  const ownName = attempt(() => value.name);
  const name =
    typeof className === "string" && className !== "" && className !== "Object"
      ? className
      : typeof ownName === "string" && ownName !== ""
        ? ownName
        : "Object";
  const message = attempt(() => value.message);
  const code = attempt(() => value.code);
  const thrown: Thrown = {
    name: cut(name, 200),
    message: cut(typeof message === "string" ? message : (attempt(() => String(error)) ?? ""), 10_000),
  };
  if (typeof code === "number" && Number.isFinite(code)) thrown.code = code;
  else if (typeof code === "string" && code !== "" && code.length <= 100) thrown.code = code;
  return thrown;
}

/** At most `max` characters, never ending on half a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}
