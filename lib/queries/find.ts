import type { Queryable } from "../db/queryable";
import { MAX_ID_LENGTH } from "../schemas/call";
import { prefixPattern } from "./like";

// The search box's first guess: is what was typed a call id, a failure signature, an error
// code or a session id of this project? Each is one indexed lookup; a call id wins, then a
// signature, a code, a session. Otherwise it may be the start of call ids (a partial id
// pasted from a log or a message), and otherwise it is text to search for.

export type ExactMatch = "call" | "signature" | "errorCode" | "sessionId";

export async function findExact(
  pool: Queryable,
  projectId: string,
  text: string,
): Promise<ExactMatch | null> {
  if (text.length > MAX_ID_LENGTH) return null;
  const exists = async (sql: string) => (await pool.query(sql, [projectId, text])).rows.length > 0;
  const [call, signature, errorCode, sessionId] = await Promise.all([
    exists(`SELECT 1 FROM call_ids WHERE project_id = $1 AND id = $2`),
    /^[0-9a-f]{16}$/.test(text)
      ? exists(`SELECT 1 FROM failure_signatures WHERE project_id = $1 AND signature = $2`)
      : false,
    exists(`SELECT 1 FROM calls WHERE project_id = $1 AND error_code = $2 LIMIT 1`),
    exists(`SELECT 1 FROM calls WHERE project_id = $1 AND session_id = $2 LIMIT 1`),
  ]);
  if (call) return "call";
  if (signature) return "signature";
  if (errorCode) return "errorCode";
  if (sessionId) return "sessionId";
  return null;
}

/** The shortest partial id looked up: shorter, too many ids share it to be worth a guess. */
export const MIN_ID_PREFIX = 6;
/** How many calls a partial id lists at most (one more is read, to say there are more). */
export const ID_PREFIX_MATCHES = 10;

/**
 * Whether typed text reads as the start of an id rather than words: one token of id characters,
 * at least MIN_ID_PREFIX long, with a digit in it (a UUID, a trace or span id, "req-20481"; not
 * "timeout", which stays a text search).
 */
export function looksLikeIdPrefix(text: string): boolean {
  return (
    text.length >= MIN_ID_PREFIX && text.length <= MAX_ID_LENGTH && /^[\w.:-]+$/.test(text) && /\d/.test(text)
  );
}

/** The statement behind callsByIdPrefix (its plan is checked by a test at size). */
export const ID_PREFIX_SQL = `SELECT c.id, c.occurred_at AS "occurredAt", c.server, c.tool
  FROM (SELECT id, occurred_at FROM call_ids WHERE project_id = $1 AND id LIKE $2 LIMIT $3) k
  JOIN calls c ON c.project_id = $1 AND c.id = k.id AND c.occurred_at = k.occurred_at`;

export interface IdPrefixMatches {
  calls: { id: string; occurredAt: Date; server: string; tool: string | null }[];
  /** More calls' ids begin with it than are listed. */
  more: boolean;
}

/**
 * The calls whose id begins with `text` (literally): a range scan of call_ids' key (id is
 * COLLATE "C", so a LIKE prefix is a range of it; one index, not one per day partition) that
 * stops after ID_PREFIX_MATCHES + 1 ids, however many share the prefix, then each call read from
 * its own day's partition.
 */
export async function callsByIdPrefix(
  pool: Queryable,
  projectId: string,
  text: string,
): Promise<IdPrefixMatches> {
  if (!looksLikeIdPrefix(text)) return { calls: [], more: false };
  const { rows } = await pool.query<IdPrefixMatches["calls"][number]>(ID_PREFIX_SQL, [
    projectId,
    prefixPattern(text),
    ID_PREFIX_MATCHES + 1,
  ]);
  const calls = rows
    .slice(0, ID_PREFIX_MATCHES)
    .sort((a, b) => b.occurredAt.getTime() - a.occurredAt.getTime() || (a.id < b.id ? -1 : 1));
  return { calls, more: rows.length > ID_PREFIX_MATCHES };
}
