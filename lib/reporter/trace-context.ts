import { randomBytes } from "node:crypto";

// W3C trace context on MCP requests: `params._meta.traceparent`, where the 2026-07-28 revision,
// the Python SDK 2.x, ToolHive and Logfire carry it. Faultline matches the reports of one request
// by it when several routes see the request (the reporter, faultline-proxy, the server
// instrumentation, OTLP spans): the reporter puts one on each tools/call it sends, the proxy and
// the server instrumentation read it (the proxy can add one: --trace-context).
//
// The context the reporter puts there is the request's span when an OpenTelemetry instrumentation
// has one open around the call (OpenLLMetry's tool span, a conventions-following client span), so
// that span and the other routes' reports meet; else a new span id, in the active trace if there is
// one. It is read from OpenTelemetry's global API as the API itself stores it — no dependency.

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const ZEROS = /^0+$/;
/** Where @opentelemetry/api (1.x) keeps its globals, and the context key of the active span. */
const OTEL_API = Symbol.for("opentelemetry.js.api.1");
const SPAN_KEY = Symbol.for("OpenTelemetry Context Key SPAN");
const SPAN_KIND_CLIENT = 2;

/** A well-formed traceparent (version 00), or undefined. */
export function validTraceparent(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const match = TRACEPARENT.exec(value);
  if (!match || ZEROS.test(match[1]!) || ZEROS.test(match[2]!)) return undefined;
  return value;
}

/** The traceparent a request's `params._meta` carries, if any. */
export function traceparentOf(params: unknown): string | undefined {
  try {
    const meta = (params as { _meta?: { traceparent?: unknown } } | undefined)?._meta;
    return validTraceparent(meta?.traceparent);
  } catch {
    return undefined;
  }
}

interface ActiveSpan {
  kind?: unknown;
  spanContext?: () => { traceId?: unknown; spanId?: unknown; traceFlags?: unknown };
}

/** The span OpenTelemetry has active here, if an SDK is registered. */
function activeSpan(): ActiveSpan | undefined {
  try {
    const api = (globalThis as Record<symbol, { context?: { active?: () => unknown } } | undefined>)[
      OTEL_API
    ];
    const context = api?.context?.active?.() as { getValue?: (key: symbol) => unknown } | undefined;
    return context?.getValue?.(SPAN_KEY) as ActiveSpan | undefined;
  } catch {
    return undefined;
  }
}

/** A trace context for a request about to be sent: the open request span's, else a new span. */
export function newTraceparent(): string {
  const span = activeSpan();
  let trace: string | undefined;
  let flags = "01";
  try {
    const context = span?.spanContext?.();
    const traceId = typeof context?.traceId === "string" ? context.traceId : "";
    const spanId = typeof context?.spanId === "string" ? context.spanId : "";
    if (/^[0-9a-f]{32}$/.test(traceId) && !ZEROS.test(traceId)) {
      trace = traceId;
      flags = Number(context?.traceFlags) & 1 ? "01" : "00";
      // A client span open around the call is the request's own span: its context is the request's.
      if (span?.kind === SPAN_KIND_CLIENT && /^[0-9a-f]{16}$/.test(spanId) && !ZEROS.test(spanId))
        return `00-${traceId}-${spanId}-${flags}`;
    }
  } catch {
    // an instrumentation's span that cannot be read: a trace of the request's own
  }
  return `00-${trace ?? randomBytes(16).toString("hex")}-${randomBytes(8).toString("hex")}-${flags}`;
}

/** The request with `traceparent` in its params._meta (a new object; the given one is untouched). */
export function withTraceparent<M extends { params?: unknown }>(message: M, traceparent: string): M {
  const params = (message.params ?? {}) as { _meta?: Record<string, unknown> };
  return { ...message, params: { ...params, _meta: { ...(params._meta ?? {}), traceparent } } };
}

function needsContext(message: unknown): message is { method: string; id: unknown; params?: unknown } {
  return (
    typeof message === "object" &&
    message !== null &&
    (message as { method?: unknown }).method === "tools/call" &&
    (message as { id?: unknown }).id !== undefined &&
    !traceparentOf((message as { params?: unknown }).params)
  );
}

/**
 * A JSON-RPC message (or batch) as text, with trace context added to each tools/call that has
 * none (faultline-proxy --trace-context); undefined when nothing is to change, so the bytes pass
 * as they came.
 */
export function addTraceContext(text: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (Array.isArray(parsed)) {
    if (!parsed.some(needsContext)) return undefined;
    return JSON.stringify(
      parsed.map((item) => (needsContext(item) ? withTraceparent(item, newTraceparent()) : item)),
    );
  }
  return needsContext(parsed) ? JSON.stringify(withTraceparent(parsed, newTraceparent())) : undefined;
}
