import type { Queryable } from "../db/queryable";
import { TOOL_CALL } from "../rollups";
import { MERGED_TOTALS, signatureFamily } from "./family";
import { toSignatureSummary, type SignatureRowColumns, type SignatureSummary } from "./failures";

// One failure signature's page: what it is, when it happened, whom it hit, what the agent
// saw, and who changed its status when.

/** Breakdowns read at most this many of the signature's latest calls in the window. */
export const BREAKDOWN_SAMPLE = 10_000;

export interface SignatureDetail extends SignatureSummary {
  ignoreUntil: Date | null;
  ignoreUntilCalls: number | null;
  /** The signatures merged into this one (their calls count here), largest first. */
  merged: { signature: string; calls: number; lastSeen: Date; exampleText: string }[];
}

/**
 * A signature as its page and the API show it: its own row with what was merged into it counted
 * in (calls, first and last seen), who is on it and the linked issue. A merged signature is
 * found too (its `mergedInto` says where it counts).
 */
export async function getSignature(
  pool: Queryable,
  projectId: string,
  signature: string,
): Promise<SignatureDetail | null> {
  if (signature.length > 64 || !/^[0-9a-f]+$/i.test(signature)) return null;
  const [found, merged] = await Promise.all([
    pool.query<
      SignatureRowColumns & {
        signature: string;
        ignore_until: Date | null;
        ignore_until_calls: number | null;
      }
    >(
      `SELECT s.signature, s.server, s.tool, s.outcome, s.category, s.error_code, s.silent_failure, s.example_text,
              least(s.first_seen, t.first_seen) AS first_seen, greatest(s.last_seen, t.last_seen) AS last_seen,
              s.calls + coalesce(t.calls, 0) AS calls, s.status, s.status_changed_at, s.ignore_until,
              s.ignore_until_calls, u.email AS assignee_email, s.linked_issue_url, s.merged_into
         FROM failure_signatures s
         LEFT JOIN ${MERGED_TOTALS} t ON t.signature = s.signature
         LEFT JOIN users u ON u.id = s.assignee_id
        WHERE s.project_id = $1 AND s.signature = $2`,
      [projectId, signature],
    ),
    pool.query<{ signature: string; calls: number; last_seen: Date; example_text: string }>(
      `SELECT signature, calls, last_seen, left(example_text, 300) AS example_text FROM failure_signatures
        WHERE project_id = $1 AND merged_into = $2 ORDER BY calls DESC, signature LIMIT 100`,
      [projectId, signature],
    ),
  ]);
  const row = found.rows[0];
  if (!row) return null;
  return {
    ...toSignatureSummary(row),
    ignoreUntil: row.ignore_until,
    ignoreUntilCalls: row.ignore_until_calls,
    merged: merged.rows.map((each) => ({
      signature: each.signature,
      calls: each.calls,
      lastSeen: each.last_seen,
      exampleText: each.example_text,
    })),
  };
}

export interface SignatureActivity {
  /** Calls per hour in the window (empty hours as 0). */
  hourly: { t: string; calls: number }[];
  callsInWindow: number;
  /** Its tool's calls over the same hours (the share that fails this way: callsInWindow / toolCalls). */
  toolCalls: number;
  /** Largest first, at most 10 each, from the latest BREAKDOWN_SAMPLE calls. */
  tools: { value: string; calls: number }[];
  sessions: { value: string; calls: number }[];
  agents: { value: string; calls: number }[];
  sampled: number;
  examples: { id: string; occurredAt: Date; text: string }[];
  /** The retry verdict of its latest call in the window (what the next step follows, as alerts do). */
  latestRetryable: boolean | null;
  /** Every change, newest first: `kind` is status, assignee, issue, merge or unmerge. */
  history: { at: Date; actor: string; from: string; to: string; detail: string | null; kind: string }[];
}

export async function getSignatureActivity(
  pool: Queryable,
  projectId: string,
  signature: string,
  window: { from: Date; to: Date },
  tool: { server: string; tool: string },
): Promise<SignatureActivity> {
  // Its own calls and those of every signature merged into it.
  const family = await signatureFamily(pool, projectId, signature);
  const inWindow = [projectId, family, window.from, window.to];
  const [hourly, breakdown, examples, history, toolCalls] = await Promise.all([
    pool.query<{ t: Date; calls: number }>(
      `SELECT bucket_start AS t, sum(calls)::int AS calls FROM signature_rollups
        WHERE project_id = $1 AND signature = ANY($2::text[]) AND bucket_start >= date_trunc('hour', $3::timestamptz)
          AND bucket_start < $4 GROUP BY bucket_start ORDER BY bucket_start`,
      inWindow,
    ),
    pool.query<{ dimension: string; value: string; calls: number; sampled: number }>(
      `WITH latest AS (
         SELECT tool, session_id, agent FROM calls
          WHERE project_id = $1 AND signature = ANY($2::text[]) AND occurred_at >= $3 AND occurred_at < $4
          ORDER BY occurred_at DESC LIMIT ${BREAKDOWN_SAMPLE}),
       counted AS (
         SELECT 'tool' AS dimension, coalesce(tool, '') AS value, count(*)::int AS calls FROM latest GROUP BY 2
         UNION ALL
         SELECT 'session', session_id, count(*)::int FROM latest WHERE session_id IS NOT NULL GROUP BY 2
         UNION ALL
         SELECT 'agent', agent, count(*)::int FROM latest WHERE agent IS NOT NULL GROUP BY 2),
       ranked AS (
         SELECT *, row_number() OVER (PARTITION BY dimension ORDER BY calls DESC, value) AS rank FROM counted)
       SELECT dimension, value, calls, (SELECT count(*)::int FROM latest) AS sampled FROM ranked WHERE rank <= 10`,
      inWindow,
    ),
    pool.query<{ id: string; occurred_at: Date; text: string; retryable: boolean | null }>(
      `SELECT id, occurred_at, text, retryable FROM calls
        WHERE project_id = $1 AND signature = ANY($2::text[]) AND occurred_at >= $3 AND occurred_at < $4
        ORDER BY occurred_at DESC LIMIT 5`,
      inWindow,
    ),
    pool.query<{
      at: Date;
      actor: string;
      from_status: string;
      to_status: string;
      detail: string | null;
      kind: string;
    }>(
      `SELECT at, actor, from_status, to_status, detail, kind FROM signature_events
        WHERE project_id = $1 AND signature = $2 ORDER BY id DESC LIMIT 50`,
      [projectId, signature],
    ),
    // The hours signature_rollups counts, so the share compares like with like.
    pool.query<{ calls: number }>(
      `SELECT coalesce(sum(calls), 0)::int AS calls FROM tool_rollups
        WHERE project_id = $1 AND granularity = 'hour' AND method = $2 AND server = $3 AND tool = $4
          AND bucket_start >= date_trunc('hour', $5::timestamptz) AND bucket_start < $6`,
      [projectId, TOOL_CALL, tool.server, tool.tool, window.from, window.to],
    ),
  ]);
  const start = Math.floor(window.from.getTime() / 3_600_000) * 3_600_000;
  const counts = new Map(hourly.rows.map((row) => [row.t.getTime(), row.calls]));
  const series: { t: string; calls: number }[] = [];
  for (let t = start; t < window.to.getTime() && series.length < 24 * 31; t += 3_600_000) {
    series.push({ t: new Date(t).toISOString(), calls: counts.get(t) ?? 0 });
  }
  const pick = (dimension: string) =>
    breakdown.rows
      .filter((row) => row.dimension === dimension)
      .map((row) => ({ value: row.value, calls: row.calls }));
  return {
    hourly: series,
    callsInWindow: hourly.rows.reduce((sum, row) => sum + row.calls, 0),
    toolCalls: toolCalls.rows[0]?.calls ?? 0,
    tools: pick("tool"),
    sessions: pick("session"),
    agents: pick("agent"),
    sampled: breakdown.rows[0]?.sampled ?? 0,
    examples: examples.rows.map((row) => ({ id: row.id, occurredAt: row.occurred_at, text: row.text })),
    latestRetryable: examples.rows[0]?.retryable ?? null,
    history: history.rows.map((row) => ({
      at: row.at,
      actor: row.actor,
      from: row.from_status,
      to: row.to_status,
      detail: row.detail,
      kind: row.kind,
    })),
  };
}
