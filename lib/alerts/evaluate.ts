import type { Pool, PoolClient } from "pg";
import { inTransaction } from "../db/transaction";
import { LOCKS, withTryAdvisoryLock } from "../db/lock";
import { metrics } from "../metrics";
import type { AlertsConfig } from "./config";
import { buildMessage, type AlertGroup, type Figures } from "./messages";
import { groupTotals, measure, measurementOf, type Measurement } from "./measure";
import { currentMutes, mutedBy, type Mute } from "./mutes";
import type { AlertRule } from "./rules";
import { ruleFromRow, RULE_COLUMNS, type RuleRow, type RuleState } from "./store";
import { topSignature } from "./top-signature";
import { transition } from "./transition";

// Evaluation: each enabled rule's condition measured (lib/alerts/measure.ts), then its state moved
// (lib/alerts/transition.ts) and, when that calls for a message, one put in the outbox in the same
// transaction.
//
// Every episode is said: a rule that starts firing notifies at once — also when it resolved a
// minute ago (a channel whose last word is "Resolved" during a live incident is worse than a
// second page); a rule still firing notifies again ("still firing") once per cool-down; a rule
// that stops firing after notifying sends one "resolved" message. A window with too few calls
// to judge is neither: the rule goes to "no data" and says nothing (or, when it asks, "no data"),
// and an announced episode stays open through it — traffic that stops, often because the server
// is broken, never resolves an incident.
//
// A rule that runs per server or per tool does all of that for each group on its own (its state
// in alert_rule_groups, its own dedup key): the busiest MAX_GROUPS_PER_RULE groups with calls in
// the window, and every group whose alert is open (so that it can go to no data or resolve). The
// rule's own state then summarises its groups: firing if any is, else no data if any is.
//
// A mute window that covers an alert (lib/alerts/mutes.ts) holds it: its figures are kept, its
// state stays as announced, nothing is sent; the first round after the window moves it.

/** Groups a rule that runs per server or per tool measures each round, at most (busiest first). */
export const MAX_GROUPS_PER_RULE = 100;

export interface EvaluationSummary {
  evaluated: number;
  enqueued: number;
  failed: number;
}

type StateRow = RuleRow & { project_name: string };

/** The state an alert carries from round to round (a rule's own columns, or one group's). */
interface AlertState {
  state: RuleState;
  state_changed_at: Date | null;
  notified: boolean;
  firing_since: Date | null;
  last_notified_at: Date | null;
  last_evaluated_at: Date | null;
}

const GROUP_STATE = `state, state_changed_at, notified, firing_since, last_notified_at, last_evaluated_at`;

/**
 * The rule's row, locked: the lock orders evaluations of one rule (a second one — there should be
 * none while the alerts lock is held — waits here and then sees the state this one wrote) and
 * changes to it. Null when it was deleted or disabled meanwhile.
 */
async function lockRule(client: PoolClient, rule: AlertRule): Promise<StateRow | null> {
  const { rows } = await client.query<StateRow>(
    `SELECT ${RULE_COLUMNS}, p.name AS project_name FROM alert_rules r JOIN projects p ON p.id = r.project_id
      WHERE r.project_id = $1 AND r.id = $2 FOR UPDATE OF r`,
    [rule.projectId, rule.id],
  );
  const row = rows[0];
  return row && row.enabled ? row : null;
}

async function lockGroup(client: PoolClient, rule: AlertRule, group: AlertGroup): Promise<AlertState> {
  const key = [rule.projectId, rule.id, group.server, group.tool ?? ""];
  await client.query(
    `INSERT INTO alert_rule_groups (project_id, rule_id, server, tool) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
    key,
  );
  const { rows } = await client.query<AlertState>(
    `SELECT ${GROUP_STATE} FROM alert_rule_groups
      WHERE project_id = $1 AND rule_id = $2 AND server = $3 AND tool = $4 FOR UPDATE`,
    key,
  );
  return rows[0]!;
}

async function writeState(
  client: PoolClient,
  rule: AlertRule,
  group: AlertGroup | null,
  state: AlertState,
  figures: Figures,
): Promise<void> {
  const values = [
    state.state,
    state.state_changed_at,
    state.notified,
    state.last_notified_at,
    state.last_evaluated_at,
    JSON.stringify(figures),
    state.firing_since,
    rule.projectId,
    rule.id,
  ];
  const set = `state = $1, state_changed_at = $2, notified = $3, last_notified_at = $4, last_evaluated_at = $5,
               last_figures = $6, firing_since = $7`;
  if (group) {
    await client.query(
      `UPDATE alert_rule_groups SET ${set} WHERE project_id = $8 AND rule_id = $9 AND server = $10 AND tool = $11`,
      [...values, group.server, group.tool ?? ""],
    );
  } else {
    await client.query(`UPDATE alert_rules SET ${set} WHERE project_id = $8 AND id = $9`, values);
  }
}

/**
 * Moves one alert (the rule's own, or one group's) by its measurement, inside the caller's
 * transaction with the rule locked; true when it queued a message.
 */
async function settle(
  client: PoolClient,
  row: StateRow,
  rule: AlertRule,
  group: AlertGroup | null,
  measurement: Measurement,
  config: AlertsConfig,
  now: Date,
  muted: boolean,
): Promise<boolean> {
  const current: AlertState = group ? await lockGroup(client, rule, group) : row;
  // An evaluation of an earlier moment than one already applied (an instance whose clock is
  // behind, a round that got here after a later one) measured an older window: applying it
  // would re-fire a resolved alert or resolve a live one.
  if (current.last_evaluated_at !== null && current.last_evaluated_at > now) return false;
  if (muted) {
    // Held: the figures are kept; the state stays as it was announced until the window ends.
    await writeState(client, rule, group, { ...current, last_evaluated_at: now }, measurement.figures);
    return false;
  }
  const next = transition(
    { state: current.state, notified: current.notified, lastNotifiedAt: current.last_notified_at },
    measurement.condition,
    rule.cooldownMinutes,
    now,
    // A group that never fired has no incident to speak of: its no data is not news (only the
    // rule's own, or an announced group's).
    rule.notifyNoData && (group === null || current.notified),
  );
  // When the announced episode began: its dedup key, kept through no data until it resolves.
  const firingSince =
    next.episode === "start"
      ? now
      : next.episode === "keep"
        ? (current.firing_since ?? current.state_changed_at ?? now)
        : null;
  await writeState(
    client,
    rule,
    group,
    {
      state: next.state,
      state_changed_at: next.changed ? now : current.state_changed_at,
      notified: next.notified,
      last_notified_at: next.notifiedAt,
      last_evaluated_at: now,
      firing_since: firingSince,
    },
    measurement.figures,
  );
  if (!next.send) return false;
  // What is failing, read only now that it is to be said (not on every quiet round).
  const scope = group ? { ...rule, server: group.server, tool: group.tool ?? rule.tool } : rule;
  const top =
    next.send === "firing"
      ? await topSignature(
          client,
          scope,
          { from: new Date(measurement.figures.from), to: now },
          config.publicUrl,
          measurement.figures.examples?.map((example) => example.signature),
        )
      : undefined;
  const message = buildMessage({
    rule,
    group,
    project: { id: rule.projectId, name: row.project_name },
    status: next.send,
    repeat: next.repeat,
    figures: top === undefined ? measurement.figures : { ...measurement.figures, top },
    publicUrl: config.publicUrl,
    at: now,
    // One episode, one key: from the moment it started to its resolve, through no data.
    firingSince: firingSince ?? current.firing_since ?? current.state_changed_at ?? now,
  });
  await client.query(
    `INSERT INTO alert_deliveries (project_id, rule_id, kind, message, next_attempt_at) VALUES ($1, $2, $3, $4, $5)`,
    [rule.projectId, rule.id, next.send, JSON.stringify(message), now],
  );
  return true;
}

const target = (rule: AlertRule, group: AlertGroup | null) => ({
  projectId: rule.projectId,
  ruleId: rule.id,
  server: group ? group.server : rule.server,
  tool: group ? (group.tool ?? rule.tool) : rule.tool,
});

/** Evaluates one rule for its whole scope; how many messages it queued. */
async function evaluateRule(
  pool: Pool,
  rule: AlertRule,
  config: AlertsConfig,
  now: Date,
  mutes: readonly Mute[],
): Promise<number> {
  const measurement = await measure(pool, rule, now, config.publicUrl);
  const muted = mutedBy(mutes, target(rule, null), now) !== undefined;
  return inTransaction(pool, async (client) => {
    const row = await lockRule(client, rule);
    if (!row) return 0;
    return (await settle(client, row, rule, null, measurement, config, now, muted)) ? 1 : 0;
  });
}

/** Evaluates a rule that runs per server or per tool: each group on its own, then the rule's summary. */
async function evaluateGroups(
  pool: Pool,
  rule: AlertRule,
  config: AlertsConfig,
  now: Date,
  mutes: readonly Mute[],
): Promise<number> {
  const from = new Date(now.getTime() - rule.windowMinutes * 60_000);
  const window = { from: from.toISOString(), to: now.toISOString() };
  const { rows: open } = await pool.query<{ server: string; tool: string }>(
    `SELECT server, tool FROM alert_rule_groups
      WHERE project_id = $1 AND rule_id = $2 AND (state <> 'ok' OR notified)`,
    [rule.projectId, rule.id],
  );
  const perTool = rule.per === "tool";
  const { groups, capped } = await groupTotals(
    pool,
    rule,
    from,
    now,
    MAX_GROUPS_PER_RULE,
    open.map((group) => ({ server: group.server, tool: perTool ? group.tool : null })),
  );
  let queued = 0;
  for (const totals of groups) {
    const group: AlertGroup = { server: totals.server, tool: totals.tool };
    const measurement = measurementOf(rule, totals, window);
    const muted = mutedBy(mutes, target(rule, group), now) !== undefined;
    const sent = await inTransaction(pool, async (client) => {
      const row = await lockRule(client, rule);
      return row ? settle(client, row, rule, group, measurement, config, now, muted) : false;
    });
    if (sent) queued += 1;
  }
  await summarise(pool, rule, now, { ...window, calls: groups.reduce((sum, g) => sum + g.calls, 0) }, capped);
  return queued;
}

/**
 * The rule's own state from its groups' (firing if any is, else no data if any is, else ok), with
 * how many are in each state; quiet groups that are ok and were never announced are forgotten.
 */
async function summarise(
  pool: Pool,
  rule: AlertRule,
  now: Date,
  figures: Figures,
  capped: boolean,
): Promise<void> {
  await pool.query(
    `WITH counts AS (
       SELECT count(*) FILTER (WHERE state = 'firing')::int AS firing,
              count(*) FILTER (WHERE state = 'no_data')::int AS no_data,
              count(*) FILTER (WHERE state = 'ok' AND last_evaluated_at = $3)::int AS ok
         FROM alert_rule_groups WHERE project_id = $1 AND rule_id = $2
     ), summary AS (
       SELECT CASE WHEN firing > 0 THEN 'firing' WHEN no_data > 0 THEN 'no_data' ELSE 'ok' END AS state, counts.*
         FROM counts
     ), forgotten AS (
       DELETE FROM alert_rule_groups
        WHERE project_id = $1 AND rule_id = $2 AND state = 'ok' AND NOT notified AND last_evaluated_at < $3
     )
     UPDATE alert_rules r
        SET state = summary.state,
            state_changed_at = CASE WHEN r.state <> summary.state THEN $3 ELSE r.state_changed_at END,
            last_evaluated_at = $3,
            last_figures = $4::jsonb || jsonb_build_object('groups', jsonb_build_object(
              'firing', summary.firing, 'noData', summary.no_data, 'ok', summary.ok, 'capped', $5::boolean))
       FROM summary
      WHERE r.project_id = $1 AND r.id = $2 AND r.enabled AND (r.last_evaluated_at IS NULL OR r.last_evaluated_at <= $3)`,
    [rule.projectId, rule.id, now, JSON.stringify(figures), capped],
  );
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
  const [{ rows }, mutes] = await Promise.all([
    pool.query<RuleRow>(
      `SELECT ${RULE_COLUMNS} FROM alert_rules r WHERE r.enabled ORDER BY r.project_id, r.created_at, r.id`,
    ),
    currentMutes(pool, now),
  ]);
  const summary: EvaluationSummary = { evaluated: 0, enqueued: 0, failed: 0 };
  for (const row of rows) {
    const rule = ruleFromRow(row);
    try {
      const queued = rule.per
        ? await evaluateGroups(pool, rule, config, now, mutes)
        : await evaluateRule(pool, rule, config, now, mutes);
      for (let each = 0; each < queued; each += 1) options.onQueued?.();
      summary.enqueued += queued;
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
