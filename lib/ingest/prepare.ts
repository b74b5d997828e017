import { randomUUID } from "node:crypto";
import { classify, type Classification, type ClassifyOptions } from "../classify";
import { callSchema, fieldErrors, type CallInput, type FieldError } from "../schemas/call";
import type { CallInputs } from "./call-inputs";
import { isKeyed, matchKeys, type Observation } from "./observations";
import { observerOf } from "./routes";
import { DEFAULT_LATE_ARRIVAL_DAYS, occurredAtProblem } from "./time-window";

// Validates and classifies each item of a batch. Pure apart from id generation.

export type { CallInputs } from "./call-inputs";

export interface PreparedCall extends CallInputs, Classification {
  /** Position in the request's batch. */
  index: number;
  /** Who observed the call: routes, and for OTLP their side (lib/ingest/routes). */
  routes: string[];
  /**
   * Its observations (lib/ingest/observations), when it can be matched with another route's
   * report of the same request (it carries a trace context, a JSON-RPC id, or comes from a route
   * that fingerprints arguments); null for a call that stands alone.
   */
  observations: Observation[] | null;
}

export interface Rejection {
  index: number;
  errors: FieldError[];
}

export interface PrepareOptions extends ClassifyOptions {
  /** How late a call may arrive (lib/ingest/time-window.ts); the ingest routes pass FAULTLINE_LATE_ARRIVAL_DAYS. */
  lateArrivalDays?: number;
}

export function prepareCalls(
  items: unknown[],
  receivedAt: Date,
  options: PrepareOptions = {},
  /** Index of the first item in the request (when preparing a slice of it). */
  offset = 0,
): { prepared: PreparedCall[]; rejected: Rejection[] } {
  const redact = options.redact ?? ((value: string) => value);
  const lateArrivalDays = options.lateArrivalDays ?? DEFAULT_LATE_ARRIVAL_DAYS;
  const prepared: PreparedCall[] = [];
  const rejected: Rejection[] = [];
  items.forEach((item, position) => {
    const index = offset + position;
    const parsed = callSchema.safeParse(item);
    if (!parsed.success) {
      rejected.push({ index, errors: fieldErrors(parsed.error) });
      return;
    }
    // Every stored string is masked before anything is derived from it (codes, signatures,
    // rollups); only the text is classified as the agent saw it, and masked for storage.
    const occurredAt = parsed.data.occurredAt ? new Date(parsed.data.occurredAt) : receivedAt;
    const late = occurredAtProblem(occurredAt, receivedAt, lateArrivalDays);
    if (late) {
      rejected.push({ index, errors: [{ path: "occurredAt", message: late }] });
      return;
    }
    const call = maskLabels(parsed.data, redact);
    const inputs: CallInputs = {
      id: call.id ?? randomUUID(),
      occurredAt,
      durationMs: call.durationMs ?? null,
      server: call.server,
      tool: call.tool ?? null,
      method: call.method,
      sessionId: call.sessionId ?? null,
      agent: call.agent ?? null,
      attempt: call.attempt ?? null,
      argumentsHash: call.argumentsHash ?? null,
      httpStatus: call.httpStatus ?? null,
      transportError: call.transportError ?? null,
      protocolVersion: call.protocolVersion ?? null,
    };
    const classification = classify(call, { redact });
    // A report that names nothing to match it by (a plain webhook call) stands alone: no observation is kept.
    const matchable =
      call.traceparent != null ||
      call.requestId != null ||
      (call.argumentsHash != null && (call.route ?? "webhook") !== "webhook");
    const observation = matchable ? observationOf(call, inputs, classification) : undefined;
    prepared.push({
      index,
      ...inputs,
      ...classification,
      routes: [observation?.observer ?? observerOf(call.route ?? "webhook", call.side)],
      observations: observation && isKeyed(matchKeys(observation)) ? [observation] : null,
    });
  });
  return { prepared, rejected };
}

const MASKED_LABELS = [
  "server",
  "tool",
  "method",
  "sessionId",
  "agent",
  "protocolVersion",
  "transportError",
  "library",
  "requestId",
  "mcpSessionId",
  "serverInfoName",
] as const;

/** This report as one route's observation of its call. */
function observationOf(call: CallInput, inputs: CallInputs, classification: Classification): Observation {
  const route = call.route ?? "webhook";
  // 00-<trace id>-<parent id>-<flags>: the request's span is the parent its receiver sees.
  const [, traceId, spanId] = call.traceparent?.split("-") ?? [];
  const thrown = call.serverError;
  return {
    ...classification,
    id: inputs.id,
    observer: observerOf(route, call.side),
    route,
    library: call.library ?? null,
    occurredAt: inputs.occurredAt.toISOString(),
    durationMs: inputs.durationMs,
    method: inputs.method,
    server: inputs.server,
    serverInfoName: call.serverInfoName ?? null,
    tool: inputs.tool,
    sessionId: inputs.sessionId,
    mcpSessionId: call.mcpSessionId ?? null,
    agent: inputs.agent,
    attempt: inputs.attempt,
    argumentsHash: inputs.argumentsHash,
    requestId: call.requestId ?? null,
    traceKey: traceId && spanId ? `${traceId}-${spanId}` : null,
    traceFromRequest: route !== "otlp",
    protocolVersion: inputs.protocolVersion,
    httpStatus: inputs.httpStatus,
    transportError: inputs.transportError,
    exception: thrown?.name
      ? { name: thrown.name, ...(thrown.code != null ? { code: thrown.code } : {}) }
      : null,
  };
}

/**
 * The call with its stored labels masked. The id is not: it is the sender's idempotency key
 * and the handle the API and pages look calls up by.
 */
function maskLabels(call: CallInput, redact: (text: string) => string): CallInput {
  const masked: CallInput = { ...call };
  for (const field of MASKED_LABELS) {
    const value = call[field];
    if (typeof value === "string") (masked as Record<string, unknown>)[field] = redact(value);
  }
  return masked;
}
