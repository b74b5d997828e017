import type { Queryable } from "../db/queryable";
import { ruleGroups, type GroupView } from "./groups";
import { TOOL_CALL } from "../rollups";
import { ruleScope, type AlertRule } from "./rules";
import { ruleFromRow, ruleView, type RuleRow, type RuleView } from "./store";

// The servers and tools a project's calls came from lately, so a rule can offer them (a
// datalist in the form) and say when it watches a name no call carries — a rule for `biling`
// would otherwise sit at "ok" forever. Such a rule is saved, with the warning shown at once and
// beside the rule until calls are seen: a rule may rightly come before its server's first call
// (a deploy tomorrow, a weekly job), and the API must not refuse a setup made ahead of traffic.
// Read from the daily rollups of the last KNOWN_DAYS days: a few rows per tool.

export const KNOWN_DAYS = 7;
/** Names offered in a form, most called first. */
export const OFFERED_NAMES = 300;
/** Pairs read at most (far more than a project has tools). */
const MAX_PAIRS = 20_000;

export interface KnownNames {
  /** Most called first, at most OFFERED_NAMES each. */
  servers: string[];
  tools: string[];
  /** Every server/tool pair seen (for the check), keyed "server\u0000tool". */
  pairs: Set<string>;
  serverSet: Set<string>;
  toolSet: Set<string>;
}

export async function knownNames(pool: Queryable, projectId: string, now = new Date()): Promise<KnownNames> {
  const since = new Date(now.getTime() - KNOWN_DAYS * 86_400_000);
  since.setUTCHours(0, 0, 0, 0);
  const { rows } = await pool.query<{ server: string; tool: string; calls: number }>(
    `SELECT server, tool, sum(calls)::int AS calls FROM tool_rollups
      WHERE project_id = $1 AND granularity = 'day' AND bucket_start >= $2 AND method = $3
      GROUP BY server, tool ORDER BY calls DESC, server, tool LIMIT ${MAX_PAIRS}`,
    [projectId, since, TOOL_CALL],
  );
  const ranked = (names: string[]) => [...new Set(names.filter(Boolean))].slice(0, OFFERED_NAMES);
  return {
    servers: ranked(rows.map((row) => row.server)),
    tools: ranked(rows.map((row) => row.tool)),
    pairs: new Set(rows.map((row) => `${row.server}\u0000${row.tool}`)),
    serverSet: new Set(rows.map((row) => row.server)),
    toolSet: new Set(rows.map((row) => row.tool)),
  };
}

/** What a rule watches that no recent call carries, in words; null when its names are known (or it names none). */
export function unseenScope(rule: Pick<AlertRule, "server" | "tool">, known: KnownNames): string | null {
  const days = `in the last ${KNOWN_DAYS} days`;
  if (rule.server !== null && !known.serverSet.has(rule.server)) {
    return `no calls from server “${rule.server}” seen ${days}`;
  }
  if (rule.tool !== null && rule.server === null && !known.toolSet.has(rule.tool)) {
    return `no calls of tool “${rule.tool}” seen ${days}`;
  }
  if (rule.tool !== null && rule.server !== null && !known.pairs.has(`${rule.server}\u0000${rule.tool}`)) {
    return `no calls of ${ruleScope(rule)} seen ${days}`;
  }
  return null;
}

/** The names closest to an unknown one (same start, or contained), to suggest a spelling. */
export function closeNames(name: string, names: string[], limit = 3): string[] {
  const lower = name.toLowerCase();
  const score = (candidate: string) => {
    const other = candidate.toLowerCase();
    if (other.includes(lower) || lower.includes(other)) return 0;
    let same = 0;
    while (same < Math.min(lower.length, other.length) && lower[same] === other[same]) same += 1;
    return same >= 2 ? 1 + Math.abs(lower.length - other.length) / 100 : Infinity;
  };
  return names
    .map((candidate) => ({ candidate, score: score(candidate) }))
    .filter((entry) => entry.score !== Infinity && entry.candidate !== name)
    .sort((a, b) => a.score - b.score)
    .slice(0, limit)
    .map((entry) => entry.candidate);
}

/** The warning a rule deserves once saved, with names it may have meant; null when none. */
export function scopeWarning(
  rule: Pick<AlertRule, "kind" | "server" | "tool">,
  known: KnownNames,
): string | null {
  // Probe rules name servers their probes check, which need not have any traffic.
  if (rule.kind === "probe_failing" || rule.kind === "probe_drift") return null;
  const unseen = unseenScope(rule, known);
  if (!unseen) return null;
  const name = rule.server !== null && !known.serverSet.has(rule.server) ? rule.server : (rule.tool ?? "");
  const pool = rule.server !== null && !known.serverSet.has(rule.server) ? known.servers : known.tools;
  const close = closeNames(name, pool);
  const meanwhile =
    rule.kind === "tool_silent" ? "it fires until such calls arrive" : "it stays ok until such calls arrive";
  return `${unseen}${close.length > 0 ? ` (did you mean ${close.map((entry) => `“${entry}”`).join(" or ")}?)` : ""}; ${meanwhile}`;
}

/** Rules as the API shows them, each with what is worth a second look (empty when nothing). */
export async function ruleViewsWithWarnings(
  pool: Queryable,
  projectId: string,
  rows: RuleRow[],
): Promise<(RuleView & { warnings: string[]; groups: GroupView[] | null })[]> {
  const [known, groups] = await Promise.all([
    knownNames(pool, projectId),
    ruleGroups(
      pool,
      projectId,
      rows.filter((row) => row.per !== null).map((row) => row.id),
    ),
  ]);
  return rows.map((row) => {
    const warning = scopeWarning(ruleFromRow(row), known);
    return {
      ...ruleView(row),
      warnings: warning ? [warning] : [],
      // A rule per server or tool: its groups that are firing or in no data (or announced).
      groups: row.per === null ? null : (groups.get(row.id) ?? []),
    };
  });
}
