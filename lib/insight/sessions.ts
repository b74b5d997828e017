import { DAY_MS } from "../ingest/time-window";
import type { Queryable } from "../db/queryable";
import { InvalidInputError } from "../errors";
import { decodeCursor, encodeCursor } from "../queries/cursor";
import { decodeKeyset, encodeKeyset } from "../queries/keyset";
import { hasNoNul } from "../schemas/strings";
import { failed, nextMove, type NextMove, type StoryCall } from "./story";

// Agent sessions: the list (the agent_sessions read model, newest activity first) and one session's
// timeline — its calls in time order, paged by keyset on (occurred_at, id) through
// calls_session_time_idx, so a session of 10,000 calls is read a page at a time.

/** A session key is at most this long (a sender's sessionId, lib/schemas/call.ts). */
export const MAX_SESSION_ID_LENGTH = 200;

export interface SessionSummary {
  sessionId: string;
  firstAt: Date;
  lastAt: Date;
  calls: number;
  failures: number;
  /** Whether its latest call failed: the run, so far, ended on a failure. */
  endedOnFailure: boolean;
  agent: string | null;
  servers: string[];
}

const SUMMARY_COLUMNS = `session_id AS "sessionId", first_at AS "firstAt", last_at AS "lastAt", calls, failures,
  last_failed AS "endedOnFailure", agent, servers`;

export interface SessionList {
  sessions: SessionSummary[];
  nextCursor: string | null;
}

const LIST_CURSOR = ["string", "string"] as const;

export async function listSessions(
  pool: Queryable,
  projectId: string,
  options: {
    from?: Date;
    to?: Date;
    limit?: number;
    cursor?: string;
    failedOnly?: boolean;
    /** Only sessions that called one of these servers. */
    servers?: string[];
  } = {},
): Promise<SessionList> {
  const limit = options.limit ?? 50;
  const params: unknown[] = [projectId];
  const where = ["project_id = $1"];
  if (options.servers && options.servers.length > 0)
    where.push(`servers && $${params.push(options.servers)}::text[]`);
  if (options.from) where.push(`last_at >= $${params.push(options.from)}`);
  if (options.to) where.push(`last_at < $${params.push(options.to)}`);
  if (options.failedOnly) where.push("failures > 0");
  if (options.cursor) {
    const [at, id] = decodeKeyset(options.cursor, LIST_CURSOR);
    const time = new Date(String(at));
    if (Number.isNaN(time.getTime()))
      throw new InvalidInputError([{ path: "cursor", message: "is not a cursor of this list" }]);
    params.push(time, id);
    where.push(`(last_at, session_id) < ($${params.length - 1}, $${params.length})`);
  }
  params.push(limit + 1);
  const { rows } = await pool.query<SessionSummary>(
    `SELECT ${SUMMARY_COLUMNS} FROM agent_sessions WHERE ${where.join(" AND ")}
      ORDER BY last_at DESC, session_id DESC LIMIT $${params.length}`,
    params,
  );
  const sessions = rows.slice(0, limit);
  const last = sessions.at(-1);
  return {
    sessions,
    nextCursor:
      rows.length > limit && last ? encodeKeyset([last.lastAt.toISOString(), last.sessionId]) : null,
  };
}

export interface TimelineCall extends StoryCall {
  category: string | null;
  errorCode: string | null;
  agent: string | null;
  text: string;
  /** After a failure: what the agent did next (null for a call that did not fail). */
  next: NextMove | null;
  firstFailure: boolean;
}

export interface SessionTimeline {
  session: SessionSummary;
  /** The session's first failed call, wherever it is in the pages. */
  firstFailureId: string | null;
  calls: TimelineCall[];
  nextCursor: string | null;
}

const TIMELINE_COLUMNS = `id, occurred_at AS "occurredAt", duration_ms AS "durationMs", server, tool, method,
  arguments_hash AS "argumentsHash", outcome, silent_failure AS "silentFailure", coalesce(flags, '{}') AS flags,
  category, error_code AS "errorCode", agent, left(text, 200) AS text`;

export async function sessionTimeline(
  pool: Queryable,
  projectId: string,
  sessionId: string,
  options: { limit?: number; cursor?: string } = {},
): Promise<SessionTimeline | null> {
  if (sessionId.length > MAX_SESSION_ID_LENGTH || !hasNoNul(sessionId)) return null;
  const limit = options.limit ?? 200;
  const summary = await pool.query<SessionSummary>(
    `SELECT ${SUMMARY_COLUMNS} FROM agent_sessions WHERE project_id = $1 AND session_id = $2`,
    [projectId, sessionId],
  );
  const session = summary.rows[0];
  if (!session) return null;
  // The session's span as values (a day's margin each side: a call can move by a late report), so
  // the planner reads and locks only the partitions of the days it was active, not every day kept.
  const from = new Date(new Date(session.firstAt).getTime() - DAY_MS);
  const to = new Date(new Date(session.lastAt).getTime() + DAY_MS);
  const params: unknown[] = [projectId, sessionId, from, to];
  let after = "";
  if (options.cursor) {
    const position = decodeCursor(options.cursor);
    params.push(position.occurredAt, position.id);
    after = `AND (occurred_at, id) > ($5, $6)`;
  }
  params.push(limit + 1);
  const [page, first] = await Promise.all([
    pool.query<Omit<TimelineCall, "next" | "firstFailure">>(
      `SELECT ${TIMELINE_COLUMNS} FROM calls
        WHERE project_id = $1 AND session_id = $2 AND occurred_at >= $3 AND occurred_at <= $4 ${after}
        ORDER BY occurred_at, id LIMIT $${params.length}`,
      params,
    ),
    pool.query<{ id: string }>(
      `SELECT id FROM calls WHERE project_id = $1 AND session_id = $2 AND (outcome <> 'ok' OR silent_failure)
          AND occurred_at >= $3 AND occurred_at <= $4
        ORDER BY occurred_at, id LIMIT 1`,
      [projectId, sessionId, from, to],
    ),
  ]);
  const rows = page.rows;
  const shown = rows.slice(0, limit);
  const firstFailureId = first.rows[0]?.id ?? null;
  const calls = shown.map((call, index) => ({
    ...call,
    next: failed(call) ? nextMove(call, rows[index + 1] ?? null) : null,
    firstFailure: call.id === firstFailureId,
  }));
  const last = shown.at(-1);
  return {
    session,
    firstFailureId,
    calls,
    nextCursor:
      rows.length > limit && last ? encodeCursor({ occurredAt: last.occurredAt, id: last.id }) : null,
  };
}
