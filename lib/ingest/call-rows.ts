import type { Category, Flag, Outcome } from "../classify/types";
import { matchKeys, type MatchKeys, type Observation } from "./observations";
import type { PreparedCall } from "./prepare";

// A call as a row of `calls` and back: the one home of the mapping, for the statements that
// insert calls (lib/ingest/write) and those that read stored calls to merge an observation into
// them (lib/ingest/correlate). Rows travel to PostgreSQL as one JSON document a statement, read
// there with jsonb_to_recordset(…) AS r(CALL_RECORD_TYPES).

/** The columns a call is written to, in the order of CALL_RECORD_TYPES. */
export const CALL_COLUMNS = [
  "id",
  "occurred_at",
  "duration_ms",
  "server",
  "tool",
  "method",
  "session_id",
  "agent",
  "attempt",
  "arguments_hash",
  "http_status",
  "transport_error",
  "protocol_version",
  "outcome",
  "category",
  "error_code",
  "retryable",
  "silent_failure",
  "partial",
  "empty",
  "flags",
  "text",
  "text_length",
  "signature",
  "routes",
  "trace_key",
  "request_key",
  "loose_key",
  "observations",
] as const;

/** The record type of a call row in jsonb_to_recordset. */
export const CALL_RECORD_TYPES = `id text, occurred_at timestamptz, duration_ms float8, server text, tool text, method text,
  session_id text, agent text, attempt int, arguments_hash text, http_status int, transport_error text,
  protocol_version text, outcome text, category text, error_code text, retryable boolean, silent_failure boolean,
  partial boolean, empty boolean, flags text[], text text, text_length int, signature text, routes text[],
  trace_key text, request_key text, loose_key text, observations jsonb`;

/** The keys a call is found by: of its observations, the request's own trace context first. */
export function callKeys(observations: readonly Observation[] | null): MatchKeys {
  if (!observations) return { traceKey: null, requestKey: null, looseKey: null };
  const keys = [...observations]
    .sort((a, b) => Number(b.traceFromRequest) - Number(a.traceFromRequest))
    .map(matchKeys);
  return {
    traceKey: keys.find((k) => k.traceKey)?.traceKey ?? null,
    requestKey: keys.find((k) => k.requestKey)?.requestKey ?? null,
    looseKey: keys.find((k) => k.looseKey)?.looseKey ?? null,
  };
}

export function callRecord(call: PreparedCall): Record<(typeof CALL_COLUMNS)[number], unknown> {
  const keys = callKeys(call.observations);
  return {
    id: call.id,
    occurred_at: call.occurredAt.toISOString(),
    duration_ms: call.durationMs,
    server: call.server,
    tool: call.tool,
    method: call.method,
    session_id: call.sessionId,
    agent: call.agent,
    attempt: call.attempt,
    arguments_hash: call.argumentsHash,
    http_status: call.httpStatus,
    transport_error: call.transportError,
    protocol_version: call.protocolVersion,
    outcome: call.outcome,
    category: call.category,
    error_code: call.errorCode,
    retryable: call.retryable,
    silent_failure: call.silentFailure,
    partial: call.partial,
    empty: call.empty,
    flags: call.flags,
    text: call.text,
    text_length: call.textLength,
    signature: call.signature,
    routes: call.routes,
    trace_key: keys.traceKey,
    request_key: keys.requestKey,
    loose_key: keys.looseKey,
    observations: call.observations,
  };
}

/** A stored call as read back (SELECT CALL_SELECT FROM calls c). */
export interface CallRow {
  id: string;
  occurred_at: Date;
  duration_ms: number | null;
  server: string;
  tool: string | null;
  method: string;
  session_id: string | null;
  agent: string | null;
  attempt: number | null;
  arguments_hash: string | null;
  http_status: number | null;
  transport_error: string | null;
  protocol_version: string | null;
  outcome: Outcome;
  category: Category | null;
  error_code: string | null;
  retryable: boolean | null;
  silent_failure: boolean;
  partial: boolean;
  empty: boolean;
  flags: Flag[];
  text: string;
  text_length: number;
  signature: string;
  routes: string[];
  observations: Observation[] | null;
}

export const CALL_SELECT = CALL_COLUMNS.filter((column) => !column.endsWith("_key"))
  .map((column) => `c.${column}`)
  .join(", ");

export function fromRow(row: CallRow): PreparedCall {
  return {
    index: -1,
    id: row.id,
    occurredAt: row.occurred_at,
    durationMs: row.duration_ms,
    server: row.server,
    tool: row.tool,
    method: row.method,
    sessionId: row.session_id,
    agent: row.agent,
    attempt: row.attempt,
    argumentsHash: row.arguments_hash,
    httpStatus: row.http_status,
    transportError: row.transport_error,
    protocolVersion: row.protocol_version,
    outcome: row.outcome,
    category: row.category,
    errorCode: row.error_code,
    retryable: row.retryable,
    silentFailure: row.silent_failure,
    partial: row.partial,
    empty: row.empty,
    flags: row.flags,
    text: row.text,
    textLength: row.text_length,
    signature: row.signature,
    routes: row.routes,
    observations: row.observations,
  };
}
