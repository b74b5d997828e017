import type { PoolClient } from "pg";
import type { Category, Flag, Outcome } from "../classify/types";
import { mergeStored } from "./merge";
import type { PreparedCall } from "./prepare";

// The database side of merging a later span into the call already stored for its request
// (see merge.ts): read the stored calls (locked, in id order), update those that change. The
// caller takes their old contribution back from the rollups and read models (−1/+1 deltas).

export interface Merge {
  old: PreparedCall;
  merged: PreparedCall;
}

interface StoredRow {
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
}

function toPrepared(row: StoredRow): PreparedCall {
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
  };
}

export async function mergeIntoStored(
  client: PoolClient,
  projectId: string,
  incoming: PreparedCall[],
): Promise<Merge[]> {
  if (incoming.length === 0) return [];
  // call_ids names each call's occurred_at, so each lookup reads one partition.
  const { rows } = await client.query<StoredRow>(
    `SELECT c.id, c.occurred_at, c.duration_ms, c.server, c.tool, c.method, c.session_id, c.agent, c.attempt, c.arguments_hash,
            c.http_status, c.transport_error, c.protocol_version, c.outcome, c.category, c.error_code, c.retryable,
            c.silent_failure, c.partial, c.empty, c.flags, c.text, c.text_length, c.signature
       FROM call_ids k
       JOIN calls c ON c.project_id = k.project_id AND c.id = k.id AND c.occurred_at = k.occurred_at
      WHERE k.project_id = $1 AND k.id = ANY($2::text[]) ORDER BY k.id FOR UPDATE OF c`,
    [projectId, incoming.map((call) => call.id)],
  );
  const stored = new Map(rows.map((row) => [row.id, toPrepared(row)]));
  const merges: Merge[] = [];
  for (const call of incoming) {
    const old = stored.get(call.id);
    const merged = old ? mergeStored(old, call) : undefined;
    if (old && merged) merges.push({ old, merged });
  }
  if (merges.length === 0) return [];
  await client.query(
    `UPDATE calls c SET occurred_at = m.occurred_at, duration_ms = m.duration_ms, server = m.server, tool = m.tool,
            session_id = m.session_id, agent = m.agent, arguments_hash = m.arguments_hash, http_status = m.http_status,
            transport_error = m.transport_error,
            protocol_version = m.protocol_version, outcome = m.outcome, category = m.category, error_code = m.error_code,
            retryable = m.retryable, silent_failure = m.silent_failure, partial = m.partial, empty = m.empty,
            flags = m.flags, text = m.text, text_length = m.text_length, signature = m.signature
       FROM jsonb_to_recordset($2::jsonb) AS m(
            id text, stored_at timestamptz, occurred_at timestamptz, duration_ms float8, server text, tool text, session_id text, agent text,
            arguments_hash text, http_status int, transport_error text, protocol_version text, outcome text, category text, error_code text,
            retryable boolean, silent_failure boolean, partial boolean, empty boolean, flags text[], text text,
            text_length int, signature text)
      WHERE c.project_id = $1 AND c.id = m.id AND c.occurred_at = m.stored_at`,
    [
      projectId,
      JSON.stringify(
        merges.map(({ old, merged: call }) => ({
          id: call.id,
          stored_at: old.occurredAt.toISOString(),
          occurred_at: call.occurredAt.toISOString(),
          duration_ms: call.durationMs,
          server: call.server,
          tool: call.tool,
          session_id: call.sessionId,
          agent: call.agent,
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
        })),
      ),
    ],
  );
  // The merged call may start earlier (the client's span before the server's): it moves to
  // that day's partition (the UPDATE above), and its id must say where it now is.
  const moved = merges.filter(({ old, merged }) => old.occurredAt.getTime() !== merged.occurredAt.getTime());
  if (moved.length > 0) {
    await client.query(
      `UPDATE call_ids k SET occurred_at = m.occurred_at
         FROM jsonb_to_recordset($2::jsonb) AS m(id text, occurred_at timestamptz)
        WHERE k.project_id = $1 AND k.id = m.id`,
      [
        projectId,
        JSON.stringify(
          moved.map(({ merged }) => ({ id: merged.id, occurred_at: merged.occurredAt.toISOString() })),
        ),
      ],
    );
  }
  return merges;
}
