import type { Queryable } from "../db/queryable";
import { containsPattern } from "./like";
import type { Classification } from "../classify/types";
import type { Observation } from "../ingest/observations";
import type { CallInputs } from "../ingest/prepare";
import type { Route } from "../ingest/routes";
import type { CallFilters, ListCallsQuery, OutcomeFilter } from "../schemas/read";
import { decodeCursor, encodeCursor } from "./cursor";
import { MAX_ID_LENGTH } from "../schemas/call";
import { hasNoNul } from "../schemas/strings";

// The read side of calls: a filtered keyset page (newest first) and a single call.

export const DEFAULT_WINDOW_DAYS = 30;

export interface StoredCall extends CallInputs, Classification {
  receivedAt: Date;
  /** Who observed the call: routes, and OTLP's sides (otlp:client, otlp:server). */
  routes: string[];
}

/** One call with what each route observed of it (docs/ROUTES.md). */
export interface CallWithObservations extends StoredCall {
  /** Each route's observation; null for a call that stands alone (it carried nothing to match it by). */
  observations: Observation[] | null;
}

export const CALL_COLUMNS = `id, occurred_at AS "occurredAt", received_at AS "receivedAt", duration_ms AS "durationMs", server, tool,
  method, session_id AS "sessionId", agent, attempt, arguments_hash AS "argumentsHash", http_status AS "httpStatus", transport_error AS "transportError",
  protocol_version AS "protocolVersion", outcome, category, error_code AS "errorCode", retryable,
  silent_failure AS "silentFailure", partial, empty, coalesce(flags, '{}') AS flags, text, text_length AS "textLength", signature,
  routes`;

export interface CallPage {
  calls: StoredCall[];
  /** Continues in the sort order (older calls, newest first). */
  nextCursor: string | null;
  /** Goes back towards the start of the sort order (newer calls); pass it as `after`. */
  prevCursor: string | null;
  window: { from: Date; to: Date | null };
}

/** What text search looks in: tool, error code and text, as one indexed expression. */
const SEARCHED = `coalesce(tool, '') || ' ' || coalesce(error_code, '') || ' ' || text`;

/** The SQL selecting a project's calls by filters: a WHERE clause and its parameters. */
export interface CallSelection {
  where: string[];
  params: unknown[];
  /** The window searched: `from` is the default 30 days back when the filters name none. */
  window: { from: Date; to: Date | null };
}

/**
 * The one place the call filters become SQL — the list, the Activity page and the export all
 * select calls through it. Without `from`, the last DEFAULT_WINDOW_DAYS days.
 */
export function selectCalls(projectId: string, query: CallFilters, now = new Date()): CallSelection {
  const from = query.from ?? new Date(now.getTime() - DEFAULT_WINDOW_DAYS * 86_400_000);
  const params: unknown[] = [projectId, from];
  const where = ["project_id = $1", "occurred_at >= $2"];
  const add = (sql: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (query.to) add((p) => `occurred_at < ${p}`, query.to);
  if (query.outcome.length) where.push(outcomeCondition(query.outcome, params));
  if (query.category.length) add((p) => `category = ANY(${p}::text[])`, query.category);
  if (query.errorCode.length) add((p) => `error_code = ANY(${p}::text[])`, query.errorCode);
  if (query.server.length) add((p) => `server = ANY(${p}::text[])`, query.server);
  if (query.tool.length) add((p) => `tool = ANY(${p}::text[])`, query.tool);
  if (query.method.length) add((p) => `method = ANY(${p}::text[])`, query.method);
  if (query.flag.length) add((p) => `flags && ${p}::text[]`, query.flag);
  if (query.route.length) add((p) => `routes && ${p}::text[]`, observersOf(query.route));
  if (query.sessionId) add((p) => `session_id = ${p}`, query.sessionId);
  if (query.agent) add((p) => `agent = ${p}`, query.agent);
  if (query.signature) add((p) => `signature = ${p}`, query.signature);
  if (query.silentFailure !== undefined) add((p) => `silent_failure = ${p}`, query.silentFailure);
  if (query.q) {
    // The expression of the trigram index calls_search_trgm_idx: keep the two in step.
    add((p) => `(${SEARCHED}) ILIKE ${p}`, containsPattern(query.q));
  }
  return { where, params, window: { from, to: query.to ?? null } };
}

/** The observers a route filter matches: OTLP's spans of either side. */
function observersOf(routes: readonly Route[]): string[] {
  return routes.flatMap((route) => (route === "otlp" ? ["otlp:client", "otlp:server"] : [route]));
}

/** `ok` is a clean success; `silent_failure` a success that failed; the rest are the wire's outcomes. */
function outcomeCondition(outcomes: readonly OutcomeFilter[], params: unknown[]): string {
  const parts: string[] = [];
  const wire = outcomes.filter((outcome) => outcome !== "ok" && outcome !== "silent_failure");
  if (wire.length > 0) {
    params.push(wire);
    parts.push(`outcome = ANY($${params.length}::text[])`);
  }
  if (outcomes.includes("ok")) parts.push(`(outcome = 'ok' AND NOT silent_failure)`);
  if (outcomes.includes("silent_failure")) parts.push("silent_failure");
  return `(${parts.join(" OR ")})`;
}

export async function listCalls(
  pool: Queryable,
  projectId: string,
  query: ListCallsQuery,
  now = new Date(),
): Promise<CallPage> {
  const { where, params, window } = selectCalls(projectId, query, now);
  const descending = query.order === "desc";
  const backward = query.after !== undefined;
  const anchor = query.cursor ?? query.after;
  if (anchor) {
    const position = decodeCursor(anchor);
    params.push(position.occurredAt, position.id);
    // Forward continues in the sort order; backward returns towards its start.
    const comparison = descending !== backward ? "<" : ">";
    where.push(`(occurred_at, id) ${comparison} ($${params.length - 1}, $${params.length})`);
  }
  const direction = descending !== backward ? "DESC" : "ASC";
  params.push(query.limit + 1);
  const { rows } = await pool.query<StoredCall>(
    `SELECT ${CALL_COLUMNS} FROM calls WHERE ${where.join(" AND ")}
      ORDER BY occurred_at ${direction}, id ${direction} LIMIT $${params.length}`,
    params,
  );
  const hasMore = rows.length > query.limit;
  const calls = rows.slice(0, query.limit);
  if (backward) calls.reverse();
  const first = calls[0];
  const last = calls.at(-1);
  const position = (call: StoredCall) => encodeCursor({ occurredAt: call.occurredAt, id: call.id });
  return {
    calls,
    nextCursor: last && (backward || hasMore) ? position(last) : null,
    prevCursor: first && (backward ? hasMore : query.cursor !== undefined) ? position(first) : null,
    window,
  };
}

/** At most this many calls are counted for a search's match count; more reads "more than". */
export const MATCH_COUNT_CAP = 1000;

/**
 * How many calls the filters select in their window, counting no further than `cap`: a count
 * the page can always afford, however common the searched word (its work stops at cap + 1 rows).
 */
export async function countSelectedCalls(
  pool: Queryable,
  projectId: string,
  query: CallFilters,
  now = new Date(),
  cap = MATCH_COUNT_CAP,
): Promise<{ count: number; capped: boolean }> {
  const { where, params } = selectCalls(projectId, query, now);
  params.push(cap + 1);
  const { rows } = await pool.query<{ matched: number }>(
    `SELECT count(*)::int AS matched FROM (SELECT 1 FROM calls WHERE ${where.join(" AND ")} LIMIT $${params.length}) s`,
    params,
  );
  const matched = rows[0]?.matched ?? 0;
  return { count: Math.min(matched, cap), capped: matched > cap };
}

/**
 * One call by its id, or by the id of any of its observations (a route's own id for the call, as
 * its logs show it); null for an id no call can have (too long, or holding a NUL).
 */
export async function getCall(
  pool: Queryable,
  projectId: string,
  id: string,
): Promise<CallWithObservations | null> {
  if (id.length > MAX_ID_LENGTH || !hasNoNul(id)) return null;
  // call_ids names the call and its occurred_at: read that first, then the call with its time as
  // a value, so the planner reads and locks only that day's partition (a time from a subquery is
  // pruned only when the plan runs, after every partition and index has been locked).
  // A call that moved between the two reads (an earlier observation joined it) is read again.
  for (let attempt = 0; attempt < 2; attempt++) {
    const { rows: found } = await pool.query<{ id: string; occurred_at: Date }>(
      `SELECT k.id, k.occurred_at FROM call_ids k
        WHERE k.project_id = $1
          AND k.id = (SELECT coalesce(call_id, id) FROM call_ids WHERE project_id = $1 AND id = $2)`,
      [projectId, id],
    );
    if (!found[0]) return null;
    const { rows } = await pool.query<CallWithObservations>(
      `SELECT ${CALL_COLUMNS}, observations FROM calls
        WHERE project_id = $1 AND id = $2 AND occurred_at = $3`,
      [projectId, found[0].id, found[0].occurred_at],
    );
    if (rows[0]) return rows[0];
  }
  return null;
}
