import { nextStep } from "../classify/explain";
import { CATEGORIES, type Category } from "../classify/types";
import type { Queryable } from "../db/queryable";
import { countedIn, MERGED_SIGNATURES } from "../queries/family";
import { TOOL_CALL } from "../rollups";
import { absoluteLink, signaturePath, type TopSignature } from "./messages";
import type { AlertRule } from "./rules";

// What a firing alert is about: the failure signature most of the window's failing calls share
// (of the rule's scope), with what the person paged needs to act — its code, category, the
// retry verdict and text of its latest call, the classifier's next step for an agent, and a
// link to its page. A merged signature's calls count in the one it was merged into. Read only when a message is about to be made (not every round), from the
// latest TOP_SAMPLE failing calls of the window (the calls index by project and time), so a
// long window costs no more than a short one.

/** The failing calls of the window looked at, newest first. */
export const TOP_SAMPLE = 1000;
/** Characters of the example text kept in a message (what a sender wrote: inert text). */
export const EXAMPLE_CHARS = 300;

function scopeSql(rule: Pick<AlertRule, "server" | "tool">, params: unknown[]): string {
  let sql = "";
  if (rule.server !== null) {
    params.push(rule.server);
    sql += ` AND c.server = $${params.length}`;
  }
  if (rule.tool !== null) {
    params.push(rule.tool);
    sql += ` AND c.tool = $${params.length}`;
  }
  return sql;
}

/**
 * The top failure signature of a rule's window, or null when no failing call of its scope has
 * one (a tool_silent rule has no failures to speak of). For signature rules, only the
 * signatures the rule fired on (`among`) count.
 */
export async function topSignature(
  pool: Queryable,
  rule: AlertRule,
  window: { from: Date; to: Date },
  publicUrl: string | undefined,
  among?: string[],
): Promise<TopSignature | null> {
  // A tool_silent rule has no failures to speak of; a probe rule's figures name its runs.
  if (rule.kind === "tool_silent" || rule.kind === "probe_failing" || rule.kind === "probe_drift")
    return null;
  const params: unknown[] = [rule.projectId, TOOL_CALL, window.from, window.to];
  const scope = scopeSql(rule, params);
  let failing =
    rule.kind === "silent_failures" ? "c.silent_failure" : "(c.outcome <> 'ok' OR c.silent_failure)";
  if (among) {
    if (among.length === 0) return null;
    params.push(among);
    failing += ` AND c.signature = ANY($${params.length}::text[])`;
  }
  const { rows } = await pool.query<{
    signature: string;
    calls: number;
    sampled: number;
    retryable: boolean | null;
    example: string | null;
    server: string;
    tool: string;
    category: string;
    error_code: string;
    status: string;
    silent_failure: boolean;
  }>(
    `WITH latest AS (
       SELECT c.signature, c.retryable, c.text, c.occurred_at FROM calls c
        WHERE c.project_id = $1 AND c.method = $2 AND c.occurred_at >= $3 AND c.occurred_at <= $4
          AND ${failing}${scope}
        ORDER BY c.occurred_at DESC, c.id DESC LIMIT ${TOP_SAMPLE}),
     ranked AS (
       SELECT ${countedIn("l.signature")} AS signature, count(*)::int AS calls, max(l.occurred_at) AS last,
              (array_agg(l.retryable ORDER BY l.occurred_at DESC))[1] AS retryable,
              (array_agg(left(l.text, ${EXAMPLE_CHARS * 2}) ORDER BY l.occurred_at DESC))[1] AS example
         FROM latest l LEFT JOIN ${MERGED_SIGNATURES} mg ON mg.signature = l.signature GROUP BY 1)
     SELECT r.signature, r.calls, (SELECT count(*)::int FROM latest) AS sampled, r.retryable, r.example,
            s.server, s.tool, s.category, s.error_code, s.status, s.silent_failure
       FROM ranked r JOIN failure_signatures s ON s.project_id = $1 AND s.signature = r.signature
      ORDER BY r.calls DESC, r.last DESC, r.signature LIMIT 1`,
    params,
  );
  const row = rows[0];
  if (!row) return null;
  const category = (CATEGORIES as readonly string[]).includes(row.category)
    ? (row.category as Category)
    : null;
  const errorCode = row.error_code || null;
  return {
    signature: row.signature,
    server: row.server,
    tool: row.tool,
    category,
    errorCode,
    retryable: row.retryable,
    example: clipExample(row.example ?? ""),
    calls: row.calls,
    ofFailures: row.sampled,
    sampled: row.sampled >= TOP_SAMPLE,
    status: row.status,
    // The classifier's own advice for this failure (the one the signature's page shows).
    nextStep: category
      ? nextStep({ category, errorCode, retryable: row.retryable, silentFailure: row.silent_failure })
      : null,
    link: absoluteLink(publicUrl, signaturePath(row.signature)),
  };
}

/** The example as one line of at most EXAMPLE_CHARS code points (control characters as spaces). */
export function clipExample(text: string): string {
  // Bidirectional controls too: they could make the text read other than it is.
  const flat = text
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028-\u202e\u2066-\u2069\s]+/g, " ")
    .trim();
  const points = Array.from(flat);
  return points.length > EXAMPLE_CHARS ? `${points.slice(0, EXAMPLE_CHARS - 1).join("")}…` : flat;
}
