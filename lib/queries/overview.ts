import { MINUTE_ROLLUP_RETENTION_MS } from "../rollups";
import type { Queryable } from "../db/queryable";
import type { DashboardWindow } from "../schemas/dashboard";
import { listOtherMethods, type MethodRow } from "./breakdowns";
import { listTools, type ToolRow } from "./tools";
import { getStats, type Stats } from "./stats";

// The Overview page's data: this period, the previous one for comparison, and the tools
// that fail most. Chart-ready shapes are prepared here, not in components.

export interface OverviewTotals {
  current: Stats;
  previous: Stats["totals"];
}

export interface FailingTools {
  topTools: ToolRow[];
  /** How many tools failed in the window (topTools shows the first of them). */
  failingTools: number;
  /** initialize, tools/list, resources/read…: not in the tool figures above, shown apart. */
  otherMethods: MethodRow[];
}

export type Overview = OverviewTotals & FailingTools;

/** The headline: this period's figures and series, and the previous period's totals. */
export async function getOverviewTotals(
  pool: Queryable,
  projectId: string,
  window: DashboardWindow,
): Promise<OverviewTotals> {
  const query = {
    from: window.from,
    to: window.to,
    bucket: window.bucket,
    server: window.servers,
    method: [],
  };
  const [current, previous] = await Promise.all([
    getStats(pool, projectId, query, window.to),
    getStats(
      pool,
      projectId,
      // The same bucket as the current period (day buckets would round the previous period out
      // to whole days and compare a day and a half with 24 hours), hours where minutes are gone.
      {
        ...query,
        from: window.previous.from,
        to: window.previous.to,
        bucket:
          window.bucket === "minute" &&
          window.to.getTime() - window.previous.from.getTime() > MINUTE_ROLLUP_RETENTION_MS
            ? "hour"
            : window.bucket,
      },
      window.to,
    ),
  ]);
  return { current, previous: previous.totals };
}

/** The Overview's top lists (failing tools, error codes) show this many. */
export const OVERVIEW_TOP = 10;

/** The tools that fail most in the window, and the other methods' figures. */
export async function getFailingTools(
  pool: Queryable,
  projectId: string,
  window: DashboardWindow,
): Promise<FailingTools> {
  const rollupWindow = { from: window.from, to: window.to, bucket: window.bucket, servers: window.servers };
  const [tools, otherMethods] = await Promise.all([
    listTools(pool, projectId, rollupWindow, { sort: "failures", limit: OVERVIEW_TOP, failingOnly: true }),
    listOtherMethods(pool, projectId, rollupWindow),
  ]);
  return { topTools: tools.tools, failingTools: tools.total, otherMethods };
}

/** Everything the Overview shows (the page itself streams the failing tools after the rest). */
export async function getOverview(
  pool: Queryable,
  projectId: string,
  window: DashboardWindow,
): Promise<Overview> {
  const [totals, tools] = await Promise.all([
    getOverviewTotals(pool, projectId, window),
    getFailingTools(pool, projectId, window),
  ]);
  return { ...totals, ...tools };
}

/** Silent failures are their own series; the ok series keeps only clean successes. */
export function outcomePoints(series: Stats["series"]) {
  return series.map((point) => ({
    t: point.t,
    ok: point.ok - point.silentFailures,
    silent: point.silentFailures,
    tool_error: point.tool_error,
    protocol_error: point.protocol_error,
    transport_error: point.transport_error,
  }));
}

/** Relative change from `before` to `now`; null when there is nothing to compare with. */
export function change(now: number, before: number): number | null {
  if (before === 0) return now === 0 ? 0 : null;
  return (now - before) / before;
}

export function rate(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}

/** The same code can fail at two layers (-32602 as a protocol error and in isError prose); charts count it once. */
export function callsByCode(rows: Stats["byErrorCode"]): { label: string; value: number }[] {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.errorCode, (totals.get(row.errorCode) ?? 0) + row.calls);
  return [...totals].map(([label, value]) => ({ label, value })).sort((a, b) => b.value - a.value);
}
