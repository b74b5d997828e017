import { containsPattern } from "../queries/like";
import type { Queryable } from "../db/queryable";
import { HYGIENE_COLUMNS, TOOL_CALL } from "../rollups";
import { segmentsSql } from "../queries/rollup-range";
import type { ServerCounts } from "./measures";
import type { CardWindow } from "./window";

// Per-server sums of the tool rollups over a card window (tool calls only): the only figures the
// fleet table and a card are computed from. Reads hourly and daily rows, never calls.

const SUMMED = [
  "calls",
  "failures",
  "silent_failures",
  "tool_errors",
  "protocol_errors",
  "transport_errors",
  "opaque_errors",
  "raw_exceptions",
  ...HYGIENE_COLUMNS,
] as const;

/** At most this many servers are read into the fleet table (the busiest first). */
export const MAX_FLEET_SERVERS = 2000;

export async function serverCounts(
  pool: Queryable,
  projectId: string,
  window: CardWindow,
  server?: string | { search: string },
): Promise<Map<string, ServerCounts>> {
  const params: unknown[] = [projectId, TOOL_CALL];
  let where = `project_id = $1 AND method = $2 AND ${segmentsSql(window.from, window.to, params)}`;
  if (typeof server === "string") {
    params.push(server);
    where += ` AND server = $${params.length}`;
  } else if (server) {
    // A name search reaches past the MAX_FLEET_SERVERS busiest.
    params.push(containsPattern(server.search));
    where += ` AND server ILIKE $${params.length}`;
  }
  const { rows } = await pool.query<ServerCounts & { server: string }>(
    `SELECT server, ${SUMMED.map((column) => `sum(${column})::int AS ${column}`).join(", ")}
       FROM tool_rollups WHERE ${where}
      GROUP BY server ORDER BY sum(calls) DESC, server LIMIT ${MAX_FLEET_SERVERS}`,
    params,
  );
  return new Map(rows.map(({ server: name, ...counts }) => [name, counts]));
}

export interface CategoryCount {
  category: string;
  failures: number;
  previous: number;
}

/** The failures of one server by category, in the window and the one before (outcome rollups). */
export async function categoryMix(
  pool: Queryable,
  projectId: string,
  server: string,
  window: CardWindow,
  previous: CardWindow,
): Promise<CategoryCount[]> {
  const params: unknown[] = [projectId, TOOL_CALL, server];
  const now = segmentsSql(window.from, window.to, params);
  const before = segmentsSql(previous.from, previous.to, params);
  const { rows } = await pool.query<CategoryCount>(
    `SELECT category,
            coalesce(sum(calls) FILTER (WHERE ${now}), 0)::int AS failures,
            coalesce(sum(calls) FILTER (WHERE ${before}), 0)::int AS previous
       FROM outcome_rollups
      WHERE project_id = $1 AND method = $2 AND server = $3 AND category <> '' AND (${now} OR ${before})
      GROUP BY category ORDER BY failures DESC, previous DESC, category`,
    params,
  );
  return rows;
}
