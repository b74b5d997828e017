import type { Queryable } from "../db/queryable";
import { TOOL_CALL } from "../rollups";
import type { Bucket } from "../schemas/read";
import { segmentsSql } from "./rollup-range";

// Per-tool and per-code tables read from the rollups (never from raw calls): tool rows for
// tools, outcome rows for codes, each covering the window to the hour with as few rows as can.

export interface RollupWindow {
  from: Date;
  to: Date;
  bucket: Bucket;
  servers: string[];
}

/** project, window, servers and methods (tool calls unless `methods` asks for others) as SQL. */
export function scope(
  projectId: string,
  window: RollupWindow,
  methods: string[] | "all" = [TOOL_CALL],
): { sql: string; params: unknown[] } {
  const params: unknown[] = [projectId];
  let sql = `project_id = $1 AND ${segmentsSql(window.from, window.to, params)}`;
  if (window.servers.length > 0) {
    params.push(window.servers);
    sql += ` AND server = ANY($${params.length}::text[])`;
  }
  if (methods !== "all") {
    params.push(methods);
    sql += ` AND method = ANY($${params.length}::text[])`;
  }
  return { sql, params };
}

export interface CodeRow {
  errorCode: string;
  outcome: string;
  category: string | null;
  calls: number;
  retryable: "yes" | "no" | "mixed";
  firstSeen: Date;
  lastSeen: Date;
  trend: number[];
}

/** Every error code seen in the window, with its layer, category, retryability and a daily trend. */
export async function listErrorCodes(
  pool: Queryable,
  projectId: string,
  window: RollupWindow,
  trendDays = 14,
): Promise<CodeRow[]> {
  const range = scope(projectId, window);
  const { rows } = await pool.query<{
    error_code: string;
    outcome: string;
    category: string;
    calls: number;
    retryable: number;
    first_seen: Date;
    last_seen: Date;
  }>(
    `SELECT error_code, outcome, category, sum(calls)::int AS calls, sum(retryable)::int AS retryable,
            min(bucket_start) AS first_seen, max(bucket_start) AS last_seen
       FROM outcome_rollups WHERE ${range.sql} AND error_code <> ''
      GROUP BY error_code, outcome, category
      ORDER BY calls DESC
      LIMIT 500`,
    range.params,
  );
  if (rows.length === 0) return [];
  const trendStart = new Date(
    Math.floor(window.to.getTime() / 86_400_000) * 86_400_000 - (trendDays - 1) * 86_400_000,
  );
  const trend = await pool.query<{ error_code: string; outcome: string; day: Date; calls: number }>(
    `SELECT error_code, outcome, bucket_start AS day, sum(calls)::int AS calls
       FROM outcome_rollups
      WHERE project_id = $1 AND granularity = 'day' AND bucket_start >= $2 AND error_code = ANY($3::text[])
        AND method = $4
      GROUP BY 1, 2, 3`,
    [projectId, trendStart, rows.map((row) => row.error_code), TOOL_CALL],
  );
  const trends = new Map<string, number[]>();
  for (const point of trend.rows) {
    const key = `${point.error_code}\u0000${point.outcome}`;
    const series = trends.get(key) ?? new Array<number>(trendDays).fill(0);
    const index = Math.round((point.day.getTime() - trendStart.getTime()) / 86_400_000);
    if (index >= 0 && index < trendDays) series[index] = (series[index] ?? 0) + point.calls;
    trends.set(key, series);
  }
  return rows.map((row) => ({
    errorCode: row.error_code,
    outcome: row.outcome,
    category: row.category || null,
    calls: row.calls,
    retryable: row.retryable === 0 ? "no" : row.retryable === row.calls ? "yes" : "mixed",
    firstSeen: row.first_seen,
    lastSeen: row.last_seen,
    trend: trends.get(`${row.error_code}\u0000${row.outcome}`) ?? new Array<number>(trendDays).fill(0),
  }));
}

/**
 * The most choices a filter menu offers (servers, tools, codes, methods): the busiest in the window.
 * Senders name servers and tools, so a menu of every name would grow every page with them; a
 * value beyond these is still filtered by (a link, the URL, a search), and shown as chosen.
 */
export const MAX_FILTER_OPTIONS = 200;

/** The busiest values of `column` in the window, by name. */
async function busiest(
  pool: Queryable,
  table: "outcome_rollups" | "tool_rollups",
  column: "error_code" | "server" | "method" | "tool",
  range: { sql: string; params: unknown[] },
): Promise<string[]> {
  const { rows } = await pool.query<{ value: string }>(
    `SELECT ${column} AS value FROM ${table} WHERE ${range.sql} AND ${column} <> ''
      GROUP BY ${column} ORDER BY sum(calls) DESC, ${column} LIMIT ${MAX_FILTER_OPTIONS}`,
    range.params,
  );
  return rows.map((row) => row.value).sort();
}

/** Values seen in the window (every method), for the filter menus: the busiest of each. */
export async function filterOptions(
  pool: Queryable,
  projectId: string,
  window: RollupWindow,
): Promise<{ errorCodes: string[]; servers: string[]; tools: string[]; methods: string[] }> {
  const range = scope(projectId, { ...window, servers: [] }, "all");
  const [errorCodes, servers, tools, methods] = await Promise.all([
    busiest(pool, "outcome_rollups", "error_code", range),
    busiest(pool, "outcome_rollups", "server", range),
    busiest(pool, "tool_rollups", "tool", range),
    busiest(pool, "outcome_rollups", "method", range),
  ]);
  return { errorCodes, servers, tools, methods };
}

/** The servers seen in the window (the server filter's choices): the busiest MAX_FILTER_OPTIONS. */
export async function listServers(
  pool: Queryable,
  projectId: string,
  window: RollupWindow,
): Promise<string[]> {
  return busiest(pool, "outcome_rollups", "server", scope(projectId, { ...window, servers: [] }, "all"));
}

export interface MethodRow {
  method: string;
  calls: number;
  failures: number;
}

/** Calls of methods other than tools/call in the window (a failed initialize means no tool works). */
export async function listOtherMethods(
  pool: Queryable,
  projectId: string,
  window: RollupWindow,
): Promise<MethodRow[]> {
  const range = scope(projectId, window, "all");
  range.params.push(TOOL_CALL);
  const { rows } = await pool.query<MethodRow>(
    `SELECT method, sum(calls)::int AS calls, coalesce(sum(calls) FILTER (WHERE outcome <> 'ok'), 0)::int AS failures
       FROM outcome_rollups WHERE ${range.sql} AND method <> $${range.params.length}
      GROUP BY method ORDER BY failures DESC, calls DESC`,
    range.params,
  );
  return rows;
}
