import type { Queryable } from "../db/queryable";
import { SILENT_FAILURE_FLAGS } from "../classify/types";
import { InvalidInputError } from "../errors";
import { decodeKeyset, encodeKeyset } from "./keyset";

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

export interface SilentGroupPage {
  groups: SilentGroup[];
  /** Every group the filters select, on all pages. */
  total: number;
  nextCursor: string | null;
}

/** A page's sort key: calls in the window, last seen (µs), then the group's key. */
const CURSOR_SHAPE = ["int32", "int53", "string", "string", "string"] as const;
const PAGE_SIZE = 50;

/**
 * One page of groups, most calls in the window first (then the most recently seen), by keyset,
 * with the total. A window's counts come from the calls themselves (the groups keep all-time
 * counts only), through the partial silent index; without a window, the most recently seen first.
 */
export async function listSilentGroups(
  pool: Queryable,
  projectId: string,
  options: {
    statuses: ReviewStatus[];
    since?: Date;
    servers?: string[];
    window?: { from: Date; to: Date };
    cursor?: string;
    limit?: number;
  },
): Promise<SilentGroupPage> {
  const limit = options.limit ?? PAGE_SIZE;
  const params: unknown[] = [projectId, options.statuses];
  let filters = "";
  if (options.since) {
    params.push(options.since);
    filters += ` AND g.last_seen >= $${params.length}`;
  }
  if (options.servers?.length) {
    params.push(options.servers);
    filters += ` AND g.server = ANY($${params.length}::text[])`;
  }
  let inWindow = "0";
  let counted = "";
  if (options.window) {
    params.push(options.window.from, options.window.to, SILENT_FAILURE_FLAGS);
    const [from, to, flags] = [params.length - 2, params.length - 1, params.length];
    counted = `w AS (
      SELECT c.server, coalesce(c.tool, '') AS tool, f.reason, count(*)::int AS calls
        FROM calls c CROSS JOIN LATERAL unnest(c.flags) AS f(reason)
       WHERE c.project_id = $1 AND c.silent_failure AND c.occurred_at >= $${from} AND c.occurred_at < $${to}
         AND f.reason = ANY($${flags}::text[])
       GROUP BY 1, 2, 3),`;
    inWindow = "coalesce(w.calls, 0)";
  }
  let after = "";
  if (options.cursor) {
    params.push(...decodeKeyset(options.cursor, CURSOR_SHAPE));
    const n = params.length;
    after = `WHERE (in_window, last_seen_us, server, tool, reason) < ($${n - 4}::int, $${n - 3}::bigint, $${n - 2}, $${n - 1}, $${n})`;
  }
  params.push(limit + 1);
  const { rows } = await pool.query<{
    total: number;
    server: string | null;
    tool: string;
    reason: string;
    status: ReviewStatus;
    status_changed_at: Date | null;
    calls: number;
    in_window: number;
    first_seen: Date;
    last_seen: Date;
    last_seen_us: string;
  }>(
    `WITH ${counted}
     m AS (
       SELECT g.server, g.tool, g.reason, g.status, g.status_changed_at, g.calls, g.first_seen, g.last_seen,
              (extract(epoch FROM g.last_seen) * 1000000)::bigint AS last_seen_us, ${inWindow} AS in_window
         FROM silent_groups g ${options.window ? "LEFT JOIN w ON w.server = g.server AND w.tool = g.tool AND w.reason = g.reason" : ""}
        WHERE g.project_id = $1 AND g.status = ANY($2::text[]) ${filters})
     SELECT c.total, p.* FROM (SELECT count(*)::int AS total FROM m) c
       LEFT JOIN LATERAL (
         SELECT * FROM m ${after}
          ORDER BY in_window DESC, last_seen_us DESC, server DESC, tool DESC, reason DESC LIMIT $${params.length}
       ) p ON true`,
    params,
  );
  const total = rows[0]?.total ?? 0;
  const listed = rows.filter((row) => row.server !== null).map((row) => ({ ...row, server: row.server! }));
  const page = listed.slice(0, limit);
  const last = page.at(-1);
  if (page.length === 0) return { groups: [], total, nextCursor: null };
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
    [projectId, JSON.stringify(page.map(({ server, tool, reason }) => ({ server, tool, reason })))],
  );
  const byGroup = new Map<string, SilentGroup["examples"]>();
  for (const example of examples.rows) {
    const key = JSON.stringify([example.server, example.tool, example.reason]);
    const list = byGroup.get(key) ?? [];
    list.push({ id: example.id, occurredAt: example.occurred_at, text: example.text });
    byGroup.set(key, list);
  }
  return {
    groups: page.map((row) => ({
      server: row.server,
      tool: row.tool,
      reason: row.reason,
      status: row.status,
      statusChangedAt: row.status_changed_at,
      calls: row.calls,
      firstSeen: row.first_seen,
      lastSeen: row.last_seen,
      callsInWindow: options.window ? row.in_window : null,
      examples: byGroup.get(JSON.stringify([row.server, row.tool, row.reason])) ?? [],
    })),
    total,
    nextCursor:
      listed.length > limit && last
        ? encodeKeyset([last.in_window, Number(last.last_seen_us), last.server, last.tool, last.reason])
        : null,
  };
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
