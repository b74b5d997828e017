import type { Queryable } from "../db/queryable";
import { TOOL_CALL } from "../rollups";
import { segmentsSql } from "./rollup-range";

// Which servers and tools of a project keep their own name on /metrics: the busiest by
// tools/call volume over the last 7 days, read from the rollups (never the calls table), ties
// broken by name so every instance on the database picks the same ones.

/** The window the ranking is taken over: a week, so a weekend lull or a nightly job does not evict a server. */
export const LABEL_RANKING_WINDOW_MS = 7 * 86_400_000;

export interface RankedLabels {
  /** At most `topServers` names, busiest first. */
  servers: string[];
  /** At most `topTools` (server, tool) pairs, busiest first, only of the servers above. */
  tools: { server: string; tool: string }[];
}

export async function rankMetricLabels(
  pool: Queryable,
  projectId: string,
  limits: { topServers: number; topTools: number },
  now = new Date(),
): Promise<RankedLabels> {
  const from = new Date(now.getTime() - LABEL_RANKING_WINDOW_MS);
  const to = new Date(now.getTime() + 1);
  const serverParams: unknown[] = [projectId, TOOL_CALL, limits.topServers];
  const servers = (
    await pool.query<{ server: string }>(
      `SELECT server FROM outcome_rollups
        WHERE project_id = $1 AND method = $2 AND ${segmentsSql(from, to, serverParams)}
        GROUP BY server ORDER BY sum(calls) DESC, server LIMIT $3`,
      serverParams,
    )
  ).rows.map((row) => row.server);
  if (servers.length === 0) return { servers, tools: [] };
  const toolParams: unknown[] = [projectId, TOOL_CALL, limits.topTools, servers];
  const tools = (
    await pool.query<{ server: string; tool: string }>(
      `SELECT server, tool FROM tool_rollups
        WHERE project_id = $1 AND method = $2 AND server = ANY($4::text[]) AND ${segmentsSql(from, to, toolParams)}
        GROUP BY server, tool ORDER BY sum(calls) DESC, server, tool LIMIT $3`,
      toolParams,
    )
  ).rows;
  return { servers, tools };
}

/** Every project's id and name (the operator's projects: a bounded list). */
export async function projectNames(pool: Queryable): Promise<Map<string, string>> {
  const { rows } = await pool.query<{ id: string; name: string }>(`SELECT id, name FROM projects`);
  return new Map(rows.map((row) => [row.id, row.name]));
}
