import type { Queryable } from "../db/connect";
import { MAX_ID_LENGTH } from "../schemas/call";

// The search box's first guess: is what was typed a call id, a failure signature, an error
// code or a session id of this project? Each is one indexed lookup; a call id wins, then a
// signature, a code, a session. Otherwise it is text to search for.

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
