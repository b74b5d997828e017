import type { Queryable } from "../db/connect";
import { SILENT_FAILURE_FLAGS } from "../classify/types";
import { InvalidInputError } from "../errors";

// Silent successes grouped by server, tool and reason, and their review status.

export const REVIEW_STATUSES = ["open", "confirmed", "dismissed"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export interface SilentGroup {
  server: string;
  tool: string;
  reason: string;
  status: ReviewStatus;
  statusChangedAt: Date | null;
  calls: number;
  /** Calls of the group inside `window`, when one was given. */
  callsInWindow: number | null;
  firstSeen: Date;
  lastSeen: Date;
  examples: { id: string; occurredAt: Date; text: string }[];
}

export async function listSilentGroups(
  pool: Queryable,
  projectId: string,
  options: { statuses: ReviewStatus[]; since?: Date; servers?: string[]; window?: { from: Date; to: Date } },
): Promise<SilentGroup[]> {
  const params: unknown[] = [projectId, options.statuses];
  let filters = "";
  if (options.since) {
    params.push(options.since);
    filters += ` AND last_seen >= $${params.length}`;
  }
  if (options.servers?.length) {
    params.push(options.servers);
    filters += ` AND server = ANY($${params.length}::text[])`;
  }
  const { rows } = await pool.query<{
    server: string;
    tool: string;
    reason: string;
    status: ReviewStatus;
    status_changed_at: Date | null;
    calls: number;
    first_seen: Date;
    last_seen: Date;
  }>(
    `SELECT server, tool, reason, status, status_changed_at, calls, first_seen, last_seen
       FROM silent_groups WHERE project_id = $1 AND status = ANY($2::text[]) ${filters}
      ORDER BY last_seen DESC LIMIT 200`,
    params,
  );
  if (rows.length === 0) return [];
  // Up to three recent examples per group, each an index lookup on the partial silent index.
  const examples = await pool.query<{
    server: string;
    tool: string;
    reason: string;
    id: string;
    occurred_at: Date;
    text: string;
  }>(
    `SELECT g.server, g.tool, g.reason, e.id, e.occurred_at, e.text
       FROM jsonb_to_recordset($2::jsonb) AS g(server text, tool text, reason text)
       CROSS JOIN LATERAL (
         SELECT c.id, c.occurred_at, c.text FROM calls c
          WHERE c.project_id = $1 AND c.silent_failure AND c.server = g.server
            -- c.tool itself (not coalesce(c.tool, '')) so the partial silent index serves the
            -- whole key; silent failures are tool calls, which always name their tool.
            AND c.tool = nullif(g.tool, '') AND g.reason = ANY(c.flags)
          ORDER BY c.occurred_at DESC LIMIT 3) e`,
    [projectId, JSON.stringify(rows.map(({ server, tool, reason }) => ({ server, tool, reason })))],
  );
  const inWindow = options.window
    ? await countInWindow(pool, projectId, options.window, rows)
    : new Map<string, number>();
  const byGroup = new Map<string, SilentGroup["examples"]>();
  for (const example of examples.rows) {
    const key = JSON.stringify([example.server, example.tool, example.reason]);
    const list = byGroup.get(key) ?? [];
    list.push({ id: example.id, occurredAt: example.occurred_at, text: example.text });
    byGroup.set(key, list);
  }
  return rows.map((row) => ({
    server: row.server,
    tool: row.tool,
    reason: row.reason,
    status: row.status,
    statusChangedAt: row.status_changed_at,
    calls: row.calls,
    firstSeen: row.first_seen,
    lastSeen: row.last_seen,
    callsInWindow: options.window
      ? (inWindow.get(JSON.stringify([row.server, row.tool, row.reason])) ?? 0)
      : null,
    examples: byGroup.get(JSON.stringify([row.server, row.tool, row.reason])) ?? [],
  }));
}

/**
 * Each listed group's silent failures inside the window, from the calls themselves (the groups
 * keep all-time counts only), through the partial silent index on (project, server, tool, time).
 */
async function countInWindow(
  pool: Queryable,
  projectId: string,
  window: { from: Date; to: Date },
  groups: { server: string; tool: string; reason: string }[],
): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ server: string; tool: string; reason: string; calls: number }>(
    `SELECT g.server, g.tool, g.reason, n.calls
       FROM jsonb_to_recordset($4::jsonb) AS g(server text, tool text, reason text)
       CROSS JOIN LATERAL (
         SELECT count(*)::int AS calls FROM calls c
          WHERE c.project_id = $1 AND c.silent_failure AND c.server = g.server AND c.tool = nullif(g.tool, '')
            AND c.occurred_at >= $2 AND c.occurred_at < $3 AND g.reason = ANY(c.flags)) n`,
    [
      projectId,
      window.from,
      window.to,
      JSON.stringify(groups.map(({ server, tool, reason }) => ({ server, tool, reason }))),
    ],
  );
  return new Map(rows.map((row) => [JSON.stringify([row.server, row.tool, row.reason]), row.calls]));
}

export async function setSilentGroupStatus(
  pool: Queryable,
  projectId: string,
  group: { server: string; tool: string; reason: string },
  status: ReviewStatus,
): Promise<boolean> {
  if (!(REVIEW_STATUSES as readonly string[]).includes(status)) {
    throw new InvalidInputError([
      { path: "status", message: `must be one of ${REVIEW_STATUSES.join(", ")}` },
    ]);
  }
  if (!(SILENT_FAILURE_FLAGS as readonly string[]).includes(group.reason)) {
    throw new InvalidInputError([{ path: "reason", message: "must be a silent-failure flag" }]);
  }
  const { rowCount } = await pool.query(
    `UPDATE silent_groups SET status = $5, status_changed_at = now()
      WHERE project_id = $1 AND server = $2 AND tool = $3 AND reason = $4`,
    [projectId, group.server, group.tool, group.reason, status],
  );
  return (rowCount ?? 0) > 0;
}
