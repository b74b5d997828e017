import { randomUUID } from "node:crypto";
import { classify, type Classification, type ClassifyOptions } from "../classify";
import { callSchema, fieldErrors, type FieldError } from "../schemas/call";

// Validates and classifies each item of a batch. Pure apart from id generation.

/** What Faultline keeps of a sender's inputs (arguments and full payloads are never stored). */
export interface CallInputs {
  id: string;
  occurredAt: Date;
  durationMs: number | null;
  server: string;
  tool: string | null;
  method: string;
  sessionId: string | null;
  agent: string | null;
  attempt: number | null;
  httpStatus: number | null;
  transportError: string | null;
  protocolVersion: string | null;
}

export interface PreparedCall extends CallInputs, Classification {
  /** Position in the request's batch. */
  index: number;
}

export interface Rejection {
  index: number;
  errors: FieldError[];
}

export function prepareCalls(
  items: unknown[],
  receivedAt: Date,
  options: ClassifyOptions = {},
): { prepared: PreparedCall[]; rejected: Rejection[] } {
  const prepared: PreparedCall[] = [];
  const rejected: Rejection[] = [];
  items.forEach((item, index) => {
    const parsed = callSchema.safeParse(item);
    if (!parsed.success) {
      rejected.push({ index, errors: fieldErrors(parsed.error) });
      return;
    }
    const call = parsed.data;
    prepared.push({
      index,
      id: call.id ?? randomUUID(),
      occurredAt: call.occurredAt ? new Date(call.occurredAt) : receivedAt,
      durationMs: call.durationMs ?? null,
      server: call.server,
      tool: call.tool ?? null,
      method: call.method,
      sessionId: call.sessionId ?? null,
      agent: call.agent ?? null,
      attempt: call.attempt ?? null,
      httpStatus: call.httpStatus ?? null,
      transportError: call.transportError ?? null,
      protocolVersion: call.protocolVersion ?? null,
      ...classify(call, options),
    });
  });
  return { prepared, rejected };
}
