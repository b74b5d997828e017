import type { Queryable } from "../db/queryable";
import { MINUTE_ROLLUP_RETENTION_MS, TOOL_CALL } from "../rollups";
import { formatMinutes, ruleScope, type AlertRule } from "./rules";

// What a rule's minimum will do to it, shown in the rule form before it is saved: the chosen
// scope's (or each server's or tool's) calls per window over the last day, from the minute
// rollups, and how many of those windows would hold fewer calls than the minimum — windows in
// which the rule cannot fire ("no data"). A 5% rule with the default minimum of 20 calls on a
// server that makes 6 calls in 15 minutes never fires; this says so before anyone relies on it.

const DAY_MS = 86_400_000;
/** Groups a per-server or per-tool preview lists (the busiest). */
export const PREVIEW_GROUPS = 8;

export interface WindowCounts {
  windows: number;
  min: number;
  median: number;
  max: number;
  /** Windows with fewer calls than the minimum (no data). */
  belowMinimum: number;
}

export interface TrafficPreview {
  windowMinutes: number;
  minCalls: number;
  /** The whole scope, window by window. */
  overall: WindowCounts;
  /** Per server or per tool: the busiest groups, each window by window. */
  groups: ({ server: string; tool: string | null } & WindowCounts)[];
  /** The figures in one or two sentences. */
  text: string;
}

/** Counts per window, every window of the span (empty ones as 0), summarised. */
export function summarise(perWindow: number[], minCalls: number): WindowCounts {
  const sorted = [...perWindow].sort((a, b) => a - b);
  return {
    windows: sorted.length,
    min: sorted[0] ?? 0,
    median: sorted.length === 0 ? 0 : sorted[Math.floor((sorted.length - 1) / 2)]!,
    max: sorted.at(-1) ?? 0,
    belowMinimum: sorted.filter((calls) => calls < minCalls).length,
  };
}

function percent(part: number, whole: number): string {
  return whole === 0 ? "0%" : `${Math.round((100 * part) / whole)}%`;
}

/** What the minimum does to the windows, in words. */
export function describe(
  scope: string,
  counts: WindowCounts,
  windowMinutes: number,
  minCalls: number,
  span: string,
): string {
  const window = formatMinutes(windowMinutes);
  if (counts.max === 0) return `No calls of ${scope} in the ${span}: every window would be “no data”.`;
  const traffic = `Over the ${span}, ${scope} had ${counts.min}–${counts.max} calls per ${window} window (median ${counts.median}).`;
  if (counts.belowMinimum === 0)
    return `${traffic} With a minimum of ${minCalls}, every window can be judged.`;
  if (counts.belowMinimum === counts.windows) {
    return `${traffic} With a minimum of ${minCalls}, every window would be “no data”: this rule would never fire. Lower the minimum or widen the window.`;
  }
  return `${traffic} With a minimum of ${minCalls}, ${counts.belowMinimum} of ${counts.windows} windows (${percent(counts.belowMinimum, counts.windows)}) would be “no data”: the rule cannot fire in them.`;
}

/**
 * The preview of a failure_rate or silent_failures rule's scope (a silent_failures rule's minimum
 * is one call). Windows end at `now` and reach back one day (or one window, when it is longer).
 */
export async function trafficPreview(
  pool: Queryable,
  projectId: string,
  rule: Pick<AlertRule, "kind" | "server" | "tool" | "per" | "windowMinutes" | "minCalls">,
  now = new Date(),
): Promise<TrafficPreview> {
  const windowMs = rule.windowMinutes * 60_000;
  const span = Math.max(DAY_MS, windowMs);
  const count = Math.max(1, Math.floor(span / windowMs));
  const from = new Date(now.getTime() - count * windowMs);
  const granularity = now.getTime() - from.getTime() <= MINUTE_ROLLUP_RETENTION_MS ? "minute" : "hour";
  const minCalls = rule.kind === "failure_rate" ? (rule.minCalls ?? 1) : 1;
  const params: unknown[] = [projectId, TOOL_CALL, granularity, from, now, windowMs];
  let scope = "";
  if (rule.server) {
    params.push(rule.server);
    scope += ` AND server = $${params.length}`;
  }
  if (rule.tool) {
    params.push(rule.tool);
    scope += ` AND tool = $${params.length}`;
  }
  const group = rule.per === "server" ? "server" : rule.per === "tool" ? "server || chr(0) || tool" : "''";
  const { rows } = await pool.query<{ key: string; slot: number; calls: number }>(
    `SELECT ${group} AS key,
            floor(extract(epoch FROM (bucket_start - $4::timestamptz)) * 1000 / $6)::int AS slot,
            sum(calls)::int AS calls
       FROM tool_rollups
      WHERE project_id = $1 AND method = $2 AND granularity = $3 AND bucket_start >= $4 AND bucket_start < $5${scope}
      GROUP BY 1, 2`,
    params,
  );
  const series = new Map<string, number[]>();
  const overallSeries = new Array<number>(count).fill(0);
  for (const row of rows) {
    if (row.slot < 0 || row.slot >= count) continue;
    const values = series.get(row.key) ?? new Array<number>(count).fill(0);
    values[row.slot] = (values[row.slot] ?? 0) + row.calls;
    series.set(row.key, values);
    overallSeries[row.slot] = (overallSeries[row.slot] ?? 0) + row.calls;
  }
  const spanText = span === DAY_MS ? "last day" : `last ${formatMinutes(rule.windowMinutes)}`;
  const overall = summarise(overallSeries, minCalls);
  const groups = rule.per
    ? [...series.entries()]
        .map(([key, values]) => {
          const [server, tool] = key.split("\u0000");
          return {
            server: server!,
            tool: rule.per === "tool" ? (tool ?? "") : null,
            total: values.reduce((sum, value) => sum + value, 0),
            ...summarise(values, minCalls),
          };
        })
        .sort((a, b) => b.total - a.total || a.server.localeCompare(b.server))
        .slice(0, PREVIEW_GROUPS)
        .map(({ total: _total, ...rest }) => rest)
    : [];
  const scopeText =
    rule.server || rule.tool
      ? ruleScope({ server: rule.server, tool: rule.tool })
      : "the project (all tools together)";
  let text = describe(scopeText, overall, rule.windowMinutes, minCalls, spanText);
  if (rule.per) {
    const judged = [...series.values()].map((values) => summarise(values, minCalls));
    const mostlyBlind = judged.filter((counts) => counts.belowMinimum * 2 > counts.windows).length;
    const what = `${judged.length} ${rule.per}${judged.length === 1 ? "" : "s"}${rule.server ? ` of server ${rule.server}` : ""}`;
    text = `${what} had calls in the ${spanText}; each is judged on its own calls. ${
      mostlyBlind === 0
        ? `With a minimum of ${minCalls}, most windows of each can be judged.`
        : `With a minimum of ${minCalls}, ${mostlyBlind} of them would be “no data” in most windows.`
    }`;
  }
  return { windowMinutes: rule.windowMinutes, minCalls, overall, groups, text };
}
