import type { Pool } from "pg";
import type { Queryable } from "../db/queryable";
import { LOCKS, withTryAdvisoryLock } from "../db/lock";
import { metrics } from "../metrics";
import { segmentsSql } from "../queries/rollup-range";
import { bucketStart, MINUTE_ROLLUP_RETENTION_MS, TOOL_CALL } from "../rollups";
import type { AlertsConfig } from "./config";
import { absoluteLink, buildMessage, signaturePath, type Figures, type MessageKind } from "./messages";
import type { AlertRule } from "./rules";
import { ruleFromRow, RULE_COLUMNS, type RuleRow, type RuleState } from "./store";
import { topSignature } from "./top-signature";

// Evaluation: each enabled rule's condition, measured from the rollups (minute rows for
// windows up to 48 h, hourly and daily rows beyond) and the failure-signature read model —
// never by scanning calls; then its state moved (ok ↔ firing) and, when that calls for a
// message, one put in the outbox in the same transaction.
//
// Every episode is said: a rule that starts firing notifies at once — also when it resolved a
// minute ago (a channel whose last word is "Resolved" during a live incident is worse than a
// second page); a rule still firing notifies again ("still firing") once per cool-down; a rule
// that stops firing after notifying sends one "resolved" message. A window with too few calls
// to judge is neither: the rule goes to "no data" and says nothing (or, when it asks, "no data"),
// and an announced episode stays open through it — traffic that stops, often because the server
// is broken, never resolves an incident.

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
    case "failure_rate": {
      const totals = await toolTotals(pool, rule, from, now);
      const rate = totals.calls === 0 ? 0 : (totals.failures / totals.calls) * 100;
      return {
        condition:
          totals.calls < (rule.minCalls ?? 1)
            ? "no_data"
            : rate >= (rule.threshold ?? 100)
              ? "active"
              : "clear",
        figures: {
          ...window,
          calls: totals.calls,
          failures: totals.failures,
          failureRatePercent: Math.round(rate * 10) / 10,
        },
      };
    }
    case "silent_failures": {
      const totals = await toolTotals(pool, rule, from, now);
      return {
        condition:
          totals.calls === 0 ? "no_data" : totals.silent >= (rule.threshold ?? Infinity) ? "active" : "clear",
        figures: { ...window, calls: totals.calls, silentFailures: totals.silent },
      };
    }
    case "new_signature":
    case "regressed_signature": {
      const found = await signatures(pool, rule, from, now, publicUrl);
      return {
        condition: (found.signatures ?? 0) > 0 ? "active" : "clear",
        figures: { ...window, ...found },
      };
    }
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

export interface Transition {
  state: RuleState;
  /** The message to send, if any. */
  send?: MessageKind;
  repeat: boolean;
  notified: boolean;
  notifiedAt: Date | null;
  changed: boolean;
  /** The announced episode: begins now, goes on, or is over (its dedup key is when it began). */
  episode: "start" | "keep" | "end";
}

/** The state machine: where a rule goes given its condition, and whether that sends a message. */
export function transition(
  current: { state: string; notified: boolean; lastNotifiedAt: Date | null },
  condition: Condition,
  cooldownMinutes: number,
  now: Date,
  notifyNoData = false,
): Transition {
  const quiet = { repeat: false, notified: current.notified, notifiedAt: current.lastNotifiedAt };
  if (condition === "no_data") {
    // Too few calls to judge: not resolved, not firing. An announced episode stays open.
    const entering = current.state !== "no_data";
    return {
      ...quiet,
      state: "no_data",
      send: entering && notifyNoData ? "no_data" : undefined,
      changed: entering,
      episode: current.notified ? "keep" : "end",
    };
  }
  // An announced episode that went through no data and fails again goes on (same key, cool-down).
  const goesOn = current.state === "firing" || (current.state === "no_data" && current.notified);
  if (condition === "active" && !goesOn) {
    // A new episode — the first, or one after a "resolved": said at once, whatever the cool-down
    // (which only spaces the repeats of an alert that has not resolved).
    return {
      state: "firing",
      send: "firing",
      repeat: false,
      notified: true,
      notifiedAt: now,
      changed: true,
      episode: "start",
    };
  }
  if (condition === "active") {
    const coolingDown =
      current.lastNotifiedAt !== null &&
      now.getTime() - current.lastNotifiedAt.getTime() < cooldownMinutes * 60_000;
    const changed = current.state !== "firing";
    const episode = current.notified ? "keep" : "start";
    // Still firing: quiet within the cool-down, then "still firing" once per cool-down.
    return coolingDown
      ? { ...quiet, state: "firing", changed, episode }
      : {
          state: "firing",
          send: "firing",
          repeat: current.notified,
          notified: true,
          notifiedAt: now,
          changed,
          episode,
        };
  }
  if (current.state !== "ok") {
    // Judged healthy again: an announced episode resolves (also after a stretch of no data).
    return {
      state: "ok",
      send: current.notified ? "resolved" : undefined,
      repeat: false,
      notified: false,
      notifiedAt: current.lastNotifiedAt,
      changed: true,
      episode: "end",
    };
  }
  return { ...quiet, state: "ok", notified: false, changed: false, episode: "end" };
}

export interface EvaluationSummary {
  evaluated: number;
  enqueued: number;
  failed: number;
}

type StateRow = RuleRow & { project_name: string };

/** Evaluates one rule: measures, then moves its state and enqueues a message atomically. */
async function evaluateRule(pool: Pool, rule: AlertRule, config: AlertsConfig, now: Date): Promise<boolean> {
  const measurement = await measure(pool, rule, now, config.publicUrl);
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    // The row lock orders evaluations of one rule: a second one (there should be none while
    // the alerts lock is held) waits here and then sees the state this one wrote.
    const { rows } = await client.query<StateRow>(
      `SELECT ${RULE_COLUMNS}, p.name AS project_name FROM alert_rules r JOIN projects p ON p.id = r.project_id
        WHERE r.project_id = $1 AND r.id = $2 FOR UPDATE OF r`,
      [rule.projectId, rule.id],
    );
    const row = rows[0];
    // An evaluation of an earlier moment than one already applied (an instance whose clock is
    // behind, a round that got here after a later one) measured an older window: applying it
    // would re-fire a resolved alert or resolve a live one.
    if (!row || !row.enabled || (row.last_evaluated_at !== null && row.last_evaluated_at > now)) {
      await client.query("ROLLBACK");
      return false;
    }
    const current = ruleFromRow(row);
    const next = transition(
      { state: row.state, notified: row.notified, lastNotifiedAt: row.last_notified_at },
      measurement.condition,
      current.cooldownMinutes,
      now,
      current.notifyNoData,
    );
    // When the announced episode began: its dedup key, kept through no data until it resolves.
    const firingSince =
      next.episode === "start"
        ? now
        : next.episode === "keep"
          ? (row.firing_since ?? row.state_changed_at ?? now)
          : null;
    await client.query(
      `UPDATE alert_rules SET state = $3, state_changed_at = CASE WHEN $4 THEN $5::timestamptz ELSE state_changed_at END,
              notified = $6, last_notified_at = $7, last_evaluated_at = $5, last_figures = $8, firing_since = $9
        WHERE project_id = $1 AND id = $2`,
      [
        rule.projectId,
        rule.id,
        next.state,
        next.changed,
        now,
        next.notified,
        next.notifiedAt,
        JSON.stringify(measurement.figures),
        firingSince,
      ],
    );
    if (next.send) {
      // What is failing, read only now that it is to be said (not on every quiet round).
      const top =
        next.send === "firing"
          ? await topSignature(
              client,
              current,
              { from: new Date(measurement.figures.from), to: now },
              config.publicUrl,
              measurement.figures.examples?.map((example) => example.signature),
            )
          : undefined;
      const message = buildMessage({
        rule: current,
        project: { id: rule.projectId, name: row.project_name },
        status: next.send,
        repeat: next.repeat,
        figures: top === undefined ? measurement.figures : { ...measurement.figures, top },
        publicUrl: config.publicUrl,
        at: now,
        // One episode, one key: from the moment it started to its resolve, through no data.
        firingSince: firingSince ?? row.firing_since ?? row.state_changed_at ?? now,
      });
      await client.query(
        `INSERT INTO alert_deliveries (project_id, rule_id, kind, message, next_attempt_at) VALUES ($1, $2, $3, $4, $5)`,
        [rule.projectId, rule.id, next.send, JSON.stringify(message), now],
      );
    }
    await client.query("COMMIT");
    return next.send !== undefined;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

export interface EvaluationOptions {
  /**
   * Told each time a rule's message is committed to the outbox, so that the sender can take it
   * at once rather than after the rest of the round (a round of many rules takes a while).
   */
  onQueued?: () => void;
}

/** Evaluates every enabled rule of every project once. Callers hold the alerts lock (runAlertEvaluation). */
export async function evaluateAllRules(
  pool: Pool,
  config: AlertsConfig,
  now: Date = new Date(),
  options: EvaluationOptions = {},
): Promise<EvaluationSummary> {
  const { rows } = await pool.query<RuleRow>(
    `SELECT ${RULE_COLUMNS} FROM alert_rules r WHERE r.enabled ORDER BY r.project_id, r.created_at, r.id`,
  );
  const summary: EvaluationSummary = { evaluated: 0, enqueued: 0, failed: 0 };
  for (const row of rows) {
    const rule = ruleFromRow(row);
    try {
      if (await evaluateRule(pool, rule, config, now)) {
        summary.enqueued += 1;
        options.onQueued?.();
      }
      summary.evaluated += 1;
      metrics().alertEvaluations.inc();
    } catch (error) {
      summary.failed += 1;
      console.warn(`[faultline] alert rule ${rule.id} could not be evaluated:`, (error as Error).message);
    }
  }
  return summary;
}

/**
 * One evaluation round by one instance at a time: an instance that finds another already at
 * it (the alerts advisory lock is taken) skips this round.
 */
export async function runAlertEvaluation(
  pool: Pool,
  config: AlertsConfig,
  now?: Date,
  options: EvaluationOptions = {},
): Promise<{ ran: true; summary: EvaluationSummary } | { ran: false }> {
  const outcome = await withTryAdvisoryLock(pool, LOCKS.alerts, () =>
    evaluateAllRules(pool, config, now, options),
  );
  return outcome.ran ? { ran: true, summary: outcome.value } : { ran: false };
}
