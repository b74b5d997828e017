import type { Queryable } from "../db/queryable";
import { percentileFromHistogram } from "../rollups";
import { scope, type RollupWindow } from "./breakdowns";
import { decodeKeyset, encodeKeyset } from "./keyset";
import { containsPattern } from "./like";

// The Tools page: per server and tool, from the rollups (never raw calls), sorted and
// keyset-paged in SQL, so a project with thousands of tools still answers one page at a time.

export interface ToolRow {
  server: string;
  tool: string;
  calls: number;
  failures: number;
  silentFailures: number;
  failureRate: number;
  silentRate: number;
  p95Ms: number | null;
  avgMs: number | null;
  withCodeShare: number | null;
  opaqueShare: number | null;
  rawExceptionShare: number | null;
  /** The failure rate in the period before (same length), when asked for and the tool had calls then. */
  previousFailureRate: number | null;
}

/** What the table can be ordered by, and the SQL value each sorts on (ties: server, then tool). */
export const TOOL_SORTS = {
  failures: "failures::float8",
  calls: "calls::float8",
  failureRate: "failures::float8 / greatest(calls, 1)",
  silentRate: "silent::float8 / greatest(calls, 1)",
  name: "0::float8",
} as const;
export type ToolSort = keyof typeof TOOL_SORTS;
export const DEFAULT_TOOL_SORT: ToolSort = "failures";

export interface ToolPageQuery {
  /** Text to find in the server or tool name. */
  q?: string;
  sort?: ToolSort;
  /** Default: descending for figures, ascending for names. */
  dir?: "asc" | "desc";
  cursor?: string;
  limit?: number;
  /** The period before, to compare each tool's failure rate with. */
  previous?: { from: Date; to: Date };
  /** Only tools with failures in the window (the total counts only those). */
  failingOnly?: boolean;
}

export interface ToolPage {
  tools: ToolRow[];
  /** Tools matching the window and search, on every page. */
  total: number;
  nextCursor: string | null;
}

const CURSOR_SHAPE = ["number", "string", "string"] as const;

export function defaultDirection(sort: ToolSort): "asc" | "desc" {
  return sort === "name" ? "asc" : "desc";
}

export async function listTools(
  pool: Queryable,
  projectId: string,
  window: RollupWindow,
  query: ToolPageQuery = {},
): Promise<ToolPage> {
  const sort = query.sort ?? DEFAULT_TOOL_SORT;
  const dir = query.dir ?? defaultDirection(sort);
  const limit = query.limit ?? 50;
  const range = scope(projectId, window);
  const params = [...range.params];
  let search = query.failingOnly ? "failures > 0" : "true";
  if (query.q) {
    params.push(containsPattern(query.q));
    search += ` AND (server ILIKE $${params.length} OR tool ILIKE $${params.length})`;
  }
  let after = "true";
  if (query.cursor) {
    const [key, server, tool] = decodeKeyset(query.cursor, CURSOR_SHAPE);
    params.push(key, server, tool);
    const n = params.length;
    after = `(k, server, tool) ${dir === "asc" ? ">" : "<"} ($${n - 2}::float8, $${n - 1}::text, $${n}::text)`;
  }
  params.push(limit + 1);
  const order = dir === "asc" ? "ASC" : "DESC";
  const { rows } = await pool.query<{
    total: number;
    k: number;
    server: string | null;
    tool: string;
    calls: number;
    failures: number;
    silent: number;
    with_code: number;
    opaque: number;
    raw: number;
    duration_sum: number;
    duration_count: number;
  }>(
    `WITH t AS (
       SELECT server, tool, sum(calls)::int AS calls, sum(failures)::int AS failures,
              sum(silent_failures)::int AS silent, sum(with_error_code)::int AS with_code,
              sum(opaque_errors)::int AS opaque, sum(raw_exceptions)::int AS raw,
              sum(duration_ms_sum)::float8 AS duration_sum, sum(duration_count)::int AS duration_count
         FROM tool_rollups WHERE ${range.sql}
        GROUP BY server, tool),
     m AS (SELECT *, ${TOOL_SORTS[sort]} AS k FROM t WHERE ${search})
     SELECT c.total, p.*
       FROM (SELECT count(*)::int AS total FROM m) c
       LEFT JOIN LATERAL (
         SELECT * FROM m WHERE ${after} ORDER BY k ${order}, server ${order}, tool ${order} LIMIT $${params.length}
       ) p ON true`,
    params,
  );
  const total = rows[0]?.total ?? 0;
  const found = rows.filter((row) => row.server !== null).slice(0, limit);
  const last = found.at(-1);
  const nextCursor = rows.length > limit && last ? encodeKeyset([last.k, last.server!, last.tool]) : null;
  const pageTools = found as { server: string; tool: string }[];
  const [histograms, before] = await Promise.all([
    durationHistograms(pool, range, pageTools),
    query.previous
      ? previousRates(pool, scope(projectId, { ...window, ...query.previous }), pageTools)
      : new Map<string, number>(),
  ]);
  const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);
  const tools = found.map((row) => ({
    server: row.server!,
    tool: row.tool,
    calls: row.calls,
    failures: row.failures,
    silentFailures: row.silent,
    failureRate: row.calls === 0 ? 0 : row.failures / row.calls,
    silentRate: row.calls === 0 ? 0 : row.silent / row.calls,
    p95Ms: percentileFromHistogram(histograms.get(`${row.server}\u0000${row.tool}`) ?? [], 95),
    avgMs: row.duration_count === 0 ? null : row.duration_sum / row.duration_count,
    withCodeShare: share(row.with_code, row.failures),
    opaqueShare: share(row.opaque, row.failures),
    rawExceptionShare: share(row.raw, row.failures),
    previousFailureRate: before.get(`${row.server}\u0000${row.tool}`) ?? null,
  }));
  return { tools, total, nextCursor };
}

/** The page's tools' failure rates over another window (the period before). */
async function previousRates(
  pool: Queryable,
  range: { sql: string; params: unknown[] },
  tools: { server: string; tool: string }[],
): Promise<Map<string, number>> {
  const rates = new Map<string, number>();
  if (tools.length === 0) return rates;
  const params = [...range.params, tools.map((row) => row.server), tools.map((row) => row.tool)];
  const { rows } = await pool.query<{ server: string; tool: string; calls: number; failures: number }>(
    `SELECT server, tool, sum(calls)::int AS calls, sum(failures)::int AS failures
       FROM tool_rollups
      WHERE ${range.sql}
        AND (server, tool) IN (SELECT * FROM unnest($${params.length - 1}::text[], $${params.length}::text[]))
      GROUP BY server, tool`,
    params,
  );
  for (const row of rows)
    if (row.calls > 0) rates.set(`${row.server}\u0000${row.tool}`, row.failures / row.calls);
  return rates;
}

/** Duration histograms summed over the window, for the page's tools only. */
async function durationHistograms(
  pool: Queryable,
  range: { sql: string; params: unknown[] },
  tools: { server: string; tool: string }[],
): Promise<Map<string, number[]>> {
  const byTool = new Map<string, number[]>();
  if (tools.length === 0) return byTool;
  const params = [...range.params, tools.map((row) => row.server), tools.map((row) => row.tool)];
  const { rows } = await pool.query<{ server: string; tool: string; n: string; count: number }>(
    `SELECT server, tool, h.n, sum(h.v)::int AS count
       FROM tool_rollups, unnest(duration_histogram) WITH ORDINALITY AS h(v, n)
      WHERE ${range.sql}
        AND (server, tool) IN (SELECT * FROM unnest($${params.length - 1}::text[], $${params.length}::text[]))
      GROUP BY server, tool, h.n`,
    params,
  );
  for (const row of rows) {
    const key = `${row.server}\u0000${row.tool}`;
    const histogram = byTool.get(key) ?? [];
    histogram[Number(row.n) - 1] = row.count;
    byTool.set(key, histogram);
  }
  return byTool;
}
