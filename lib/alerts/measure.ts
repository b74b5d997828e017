import type { Queryable } from "../db/queryable";
import { segmentsSql } from "../queries/rollup-range";
import { bucketStart, MINUTE_ROLLUP_RETENTION_MS, TOOL_CALL } from "../rollups";
import { absoluteLink, signaturePath, type Figures } from "./messages";
import type { AlertRule } from "./rules";

// A rule's condition, measured from the rollups (minute rows for windows up to 48 h, hourly and
// daily rows beyond) and the failure-signature read model — never by scanning calls: for the
// rule's whole scope, or for each server (or tool) of a rule that runs per server or per tool.

/** What a rule's window says: its condition holds, it does not, or too few calls to judge. */
export type Condition = "active" | "clear" | "no_data";

export interface Measurement {
  condition: Condition;
  figures: Figures;
}

const HOUR_MS = 3_600_000;
const LAST_CALL_LOOKBACK_MS = 30 * 24 * HOUR_MS;
const EXAMPLES = 5;

/** The SQL selecting a window's tool_rollups rows: minute rows to the minute, or hour/day rows. */
function windowSql(from: Date, to: Date, params: unknown[]): string {
  if (to.getTime() - from.getTime() <= MINUTE_ROLLUP_RETENTION_MS) {
    params.push(bucketStart(from, "minute"), to);
    return `(granularity = 'minute' AND bucket_start >= $${params.length - 1} AND bucket_start <= $${params.length})`;
  }
  return segmentsSql(from, to, params);
}

function scopeSql(rule: Pick<AlertRule, "server" | "tool">, params: unknown[]): string {
  let sql = "";
  if (rule.server !== null) {
    params.push(rule.server);
    sql += ` AND server = $${params.length}`;
  }
  if (rule.tool !== null) {
    params.push(rule.tool);
    sql += ` AND tool = $${params.length}`;
  }
  return sql;
}

async function toolTotals(pool: Queryable, rule: AlertRule, from: Date, to: Date) {
  const params: unknown[] = [rule.projectId, TOOL_CALL];
  const window = windowSql(from, to, params);
  const scope = scopeSql(rule, params);
  const { rows } = await pool.query<{ calls: number; failures: number; silent: number }>(
    `SELECT coalesce(sum(calls), 0)::int AS calls, coalesce(sum(failures), 0)::int AS failures,
            coalesce(sum(silent_failures), 0)::int AS silent
       FROM tool_rollups WHERE project_id = $1 AND method = $2 AND ${window}${scope}`,
    params,
  );
  return rows[0]!;
}

async function lastCallAt(pool: Queryable, rule: AlertRule, now: Date): Promise<string | null> {
  for (const [granularity, lookback] of [
    ["minute", MINUTE_ROLLUP_RETENTION_MS],
    ["hour", LAST_CALL_LOOKBACK_MS],
  ] as const) {
    const params: unknown[] = [rule.projectId, granularity, new Date(now.getTime() - lookback), now];
    const scope = scopeSql(rule, params);
    const { rows } = await pool.query<{ last: Date | null }>(
      `SELECT max(bucket_start) AS last FROM tool_rollups
        WHERE project_id = $1 AND granularity = $2 AND bucket_start >= $3 AND bucket_start <= $4 AND calls > 0${scope}`,
      params,
    );
    if (rows[0]?.last) return rows[0].last.toISOString();
  }
  return null;
}

async function signatures(
  pool: Queryable,
  rule: AlertRule,
  from: Date,
  to: Date,
  publicUrl: string | undefined,
): Promise<Pick<Figures, "signatures" | "examples">> {
  const column = rule.kind === "new_signature" ? "first_seen" : "status_changed_at";
  const params: unknown[] = [rule.projectId, from, to];
  const status = rule.kind === "new_signature" ? `status <> 'ignored'` : `status = 'regressed'`;
  const scope = scopeSql(rule, params);
  const where = `project_id = $1 AND ${status} AND ${column} >= $2 AND ${column} <= $3${scope}`;
  const [count, examples] = await Promise.all([
    pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM failure_signatures WHERE ${where}`, params),
    pool.query<{
      signature: string;
      server: string;
      tool: string;
      category: string;
      error_code: string;
      example_text: string;
      first_seen: Date;
      status_changed_at: Date | null;
      calls: number;
    }>(
      `SELECT signature, server, tool, category, error_code, left(example_text, 500) AS example_text, first_seen,
              status_changed_at, calls
         FROM failure_signatures WHERE ${where} ORDER BY ${column} DESC, signature LIMIT ${EXAMPLES}`,
      params,
    ),
  ]);
  return {
    signatures: count.rows[0]!.n,
    examples: examples.rows.map((row) => ({
      signature: row.signature,
      server: row.server,
      tool: row.tool,
      category: row.category,
      errorCode: row.error_code,
      example: row.example_text,
      firstSeen: row.first_seen.toISOString(),
      statusChangedAt: row.status_changed_at?.toISOString() ?? null,
      calls: row.calls,
      link: absoluteLink(publicUrl, signaturePath(row.signature)),
    })),
  };
}

export interface Totals {
  calls: number;
  failures: number;
  silent: number;
}

/** A failure_rate or silent_failures rule's condition from its window's totals. */
export function measurementOf(
  rule: Pick<AlertRule, "kind" | "threshold" | "minCalls">,
  totals: Totals,
  window: { from: string; to: string },
): Measurement {
  if (rule.kind === "silent_failures") {
    return {
      condition:
        totals.calls === 0 ? "no_data" : totals.silent >= (rule.threshold ?? Infinity) ? "active" : "clear",
      figures: { ...window, calls: totals.calls, silentFailures: totals.silent },
    };
  }
  const rate = totals.calls === 0 ? 0 : (totals.failures / totals.calls) * 100;
  return {
    condition:
      totals.calls < (rule.minCalls ?? 1) ? "no_data" : rate >= (rule.threshold ?? 100) ? "active" : "clear",
    figures: {
      ...window,
      calls: totals.calls,
      failures: totals.failures,
      failureRatePercent: Math.round(rate * 10) / 10,
    },
  };
}

/** One server's (per server) or one server's tool's (per tool) totals in a window. */
export interface GroupTotals extends Totals {
  server: string;
  /** The tool (per tool); null per server. */
  tool: string | null;
}

/**
 * The totals of each server (or tool) of a rule's scope with calls in the window, busiest
 * first, at most `limit`, plus those named in `also` (groups whose alert is open: they must be
 * measured to go to no data or resolve) — with zero calls when they had none.
 */
export async function groupTotals(
  pool: Queryable,
  rule: AlertRule,
  from: Date,
  to: Date,
  limit: number,
  also: { server: string; tool: string | null }[] = [],
): Promise<{ groups: GroupTotals[]; capped: boolean }> {
  const perTool = rule.per === "tool";
  const params: unknown[] = [rule.projectId, TOOL_CALL];
  const window = windowSql(from, to, params);
  const scope = scopeSql(rule, params);
  params.push(limit + 1);
  const { rows } = await pool.query<GroupTotals>(
    `SELECT server, ${perTool ? "tool" : "NULL::text"} AS tool, coalesce(sum(calls), 0)::int AS calls,
            coalesce(sum(failures), 0)::int AS failures, coalesce(sum(silent_failures), 0)::int AS silent
       FROM tool_rollups WHERE project_id = $1 AND method = $2 AND ${window}${scope}
      GROUP BY 1, 2 HAVING sum(calls) > 0
      ORDER BY sum(calls) DESC, 1, 2 LIMIT $${params.length}`,
    params,
  );
  const capped = rows.length > limit;
  const busiest = rows.slice(0, limit);
  const key = (group: { server: string; tool: string | null }) => `${group.server}\u0000${group.tool ?? ""}`;
  const seen = new Set(busiest.map(key));
  const missing = also.filter((group) => !seen.has(key(group)));
  if (missing.length === 0) return { groups: busiest, capped };
  // Open alerts of groups beyond the busiest: measured one by one (there are few).
  const rest = await Promise.all(
    missing.map(async (group) => ({
      ...group,
      ...(await toolTotals(
        pool,
        { ...rule, server: group.server, tool: perTool ? group.tool : rule.tool },
        from,
        to,
      )),
    })),
  );
  return { groups: [...busiest, ...rest], capped };
}

/** A rule's condition now: whether it holds, and the figures behind it. */
export async function measure(
  pool: Queryable,
  rule: AlertRule,
  now: Date,
  publicUrl?: string,
): Promise<Measurement> {
  const from = new Date(now.getTime() - rule.windowMinutes * 60_000);
  const window = { from: from.toISOString(), to: now.toISOString() };
  switch (rule.kind) {
    case "failure_rate":
    case "silent_failures":
      return measurementOf(rule, await toolTotals(pool, rule, from, now), window);
    case "new_signature":
    case "regressed_signature": {
      const found = await signatures(pool, rule, from, now, publicUrl);
      return {
        condition: (found.signatures ?? 0) > 0 ? "active" : "clear",
        figures: { ...window, ...found },
      };
    }
    case "probe_failing":
      return probesFailing(pool, rule, from, now, window);
    case "probe_drift":
      return probeDrift(pool, rule, from, now, window);
    case "tool_silent": {
      const totals = await toolTotals(pool, rule, from, now);
      const silent = totals.calls === 0;
      return {
        condition: silent ? "active" : "clear",
        figures: {
          ...window,
          calls: totals.calls,
          lastCallAt: silent ? await lastCallAt(pool, rule, now) : null,
        },
      };
    }
  }
}

/**
 * probe_failing: each probe in scope, its last `ofRuns` runs within the window; active when one
 * failed at least `threshold` of them; no data when no probe in scope ran in the window (a
 * probe that stopped running — its faultline-probe's cron gone — never resolves an incident).
 */
async function probesFailing(
  pool: Queryable,
  rule: AlertRule,
  from: Date,
  to: Date,
  window: { from: string; to: string },
): Promise<Measurement> {
  const { rows } = await pool.query<{
    probe: string;
    server: string;
    runs: number;
    failed: number;
    reason: string | null;
  }>(
    `SELECT p.name AS probe, p.server, count(*)::int AS runs, count(*) FILTER (WHERE NOT r.ok)::int AS failed,
            (array_agg(r.reason ORDER BY r.started_at DESC) FILTER (WHERE NOT r.ok))[1] AS reason
       FROM probes p
       CROSS JOIN LATERAL (
         SELECT ok, reason, started_at FROM probe_runs
          WHERE project_id = p.project_id AND probe_id = p.id AND started_at > $2 AND started_at <= $3
          ORDER BY started_at DESC LIMIT $4
       ) r
      WHERE p.project_id = $1 AND ($5::text IS NULL OR p.server = $5)
      GROUP BY p.name, p.server
      ORDER BY failed DESC, p.name`,
    [rule.projectId, from, to, rule.ofRuns ?? 1, rule.server],
  );
  const failing = rows.filter((row) => row.failed >= (rule.threshold ?? 1));
  return {
    condition: rows.length === 0 ? "no_data" : failing.length > 0 ? "active" : "clear",
    figures: {
      ...window,
      probes: failing.slice(0, EXAMPLES).map((row) => ({
        probe: row.probe,
        server: row.server,
        failed: row.failed,
        runs: row.runs,
        reason: row.reason,
      })),
    },
  };
}

const DRIFT_AT_LEAST: Record<string, string[]> = {
  breaking: ["breaking"],
  warning: ["breaking", "warning"],
  info: ["breaking", "warning", "info"],
};

/** probe_drift: runs in the window whose drift is at least the rule's kind; active while there are any. */
async function probeDrift(
  pool: Queryable,
  rule: AlertRule,
  from: Date,
  to: Date,
  window: { from: string; to: string },
): Promise<Measurement> {
  const kinds = DRIFT_AT_LEAST[rule.driftKind ?? "breaking"] ?? ["breaking"];
  const { rows } = await pool.query<{
    probe: string;
    server: string;
    started_at: Date;
    drift: { tool: string; kind: string; change: string }[];
  }>(
    `SELECT p.name AS probe, r.server, r.started_at, r.drift
       FROM probe_runs r JOIN probes p ON p.project_id = r.project_id AND p.id = r.probe_id
      WHERE r.project_id = $1 AND r.started_at > $2 AND r.started_at <= $3 AND r.drift_severity = ANY($4)
        AND ($5::text IS NULL OR r.server = $5)
      ORDER BY r.started_at DESC LIMIT 20`,
    [rule.projectId, from, to, kinds, rule.server],
  );
  const events = rows.flatMap((row) =>
    row.drift
      .filter((event) => kinds.includes(event.kind))
      .map((event) => ({
        probe: row.probe,
        server: row.server,
        tool: event.tool,
        kind: event.kind,
        change: event.change,
        at: row.started_at.toISOString(),
      })),
  );
  return {
    condition: events.length > 0 ? "active" : "clear",
    figures: { ...window, driftEvents: events.length, drift: events.slice(0, EXAMPLES) },
  };
}
