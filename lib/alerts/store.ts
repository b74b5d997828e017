import type { Pool } from "pg";
import type { Queryable } from "../db/queryable";
import { InvalidInputError } from "../errors";
import { closeGroups } from "./groups";
import { buildMessage, type Figures } from "./messages";
import {
  applyPatch,
  describeCondition,
  destinationSecret,
  parseNewRule,
  type AlertRule,
  type Channel,
  type Destination,
  type OpsgenieRegion,
  type Severity,
  type RuleInput,
  type RuleFields,
  type RuleKind,
  type Per,
  type DriftKind,
} from "./rules";

// Alert rules and their deliveries in the database, always within one project: every query
// here is keyed by the project the caller was allowed (a key's project, or one the signed-in
// admin chose), so one project's rules are never seen or changed through another's.

/** Where a rule stands: ok, firing, or no_data (too few calls in its window to judge). */
export type RuleState = "ok" | "firing" | "no_data";

/** Rules a project may hold: evaluation walks them all every round. */
export const MAX_RULES_PER_PROJECT = 100;

export const RULE_COLUMNS = `r.project_id, r.id, r.name, r.kind, r.enabled, r.server, r.tool, r.per, r.window_minutes,
  r.threshold, r.min_calls, r.of_runs, r.drift_kind, r.cooldown_minutes, r.severity, r.channel, r.url, r.secret, r.region, r.state, r.state_changed_at, r.notified,
  r.firing_since, r.notify_no_data, r.last_notified_at, r.last_evaluated_at, r.last_figures, r.created_at, r.updated_at`;

export interface RuleRow {
  project_id: string;
  id: string;
  name: string;
  kind: RuleKind;
  enabled: boolean;
  server: string | null;
  tool: string | null;
  per: Per | null;
  window_minutes: number;
  threshold: number | null;
  min_calls: number | null;
  of_runs: number | null;
  drift_kind: DriftKind | null;
  cooldown_minutes: number;
  severity: Severity;
  channel: Channel;
  url: string;
  secret: string | null;
  region: OpsgenieRegion | null;
  state: RuleState;
  state_changed_at: Date | null;
  notified: boolean;
  firing_since: Date | null;
  notify_no_data: boolean;
  last_notified_at: Date | null;
  last_evaluated_at: Date | null;
  last_figures: Figures | null;
  created_at: Date;
  updated_at: Date;
}

export function ruleFromRow(row: RuleRow): AlertRule {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    kind: row.kind,
    enabled: row.enabled,
    server: row.server,
    tool: row.tool,
    per: row.per,
    windowMinutes: row.window_minutes,
    threshold: row.threshold,
    minCalls: row.min_calls,
    ofRuns: row.of_runs,
    driftKind: row.drift_kind,
    cooldownMinutes: row.cooldown_minutes,
    severity: row.severity,
    notifyNoData: row.notify_no_data,
    destination: destinationFromRow(row),
  };
}

function destinationFromRow(row: Pick<RuleRow, "channel" | "url" | "secret" | "region">): Destination {
  switch (row.channel) {
    case "pagerduty":
      return { type: "pagerduty", routingKey: row.secret ?? "" };
    case "opsgenie":
      return { type: "opsgenie", apiKey: row.secret ?? "", region: row.region ?? "us" };
    default:
      return { type: row.channel, url: row.url };
  }
}

/** A key as shown back: its last four characters (enough to tell two apart). */
export function keyPreview(key: string): string {
  return key.length > 8 ? `…${key.slice(-4)}` : "…";
}

/** A destination as shown back: its type, and a preview of its URL or key (never the whole secret). */
export function destinationPreview(destination: Destination): DestinationView {
  switch (destination.type) {
    case "pagerduty":
      return { type: "pagerduty", keyPreview: keyPreview(destination.routingKey) };
    case "opsgenie":
      return { type: "opsgenie", keyPreview: keyPreview(destination.apiKey), region: destination.region };
    default:
      return { type: destination.type, urlPreview: urlPreview(destination.url) };
  }
}

export type DestinationView =
  | { type: "webhook" | "slack"; urlPreview: string }
  | { type: "pagerduty"; keyPreview: string }
  | { type: "opsgenie"; keyPreview: string; region: OpsgenieRegion };

/**
 * A receiver URL as shown back: scheme, host and the last four characters. Slack webhook URLs
 * (and many others) carry their secret in the path, so the whole URL is only ever written.
 */
export function urlPreview(url: string): string {
  try {
    const parsed = new URL(url);
    const rest = `${parsed.pathname}${parsed.search}`;
    return rest.length > 1 ? `${parsed.origin}/…${rest.slice(-4)}` : parsed.origin;
  } catch {
    return "(invalid URL)";
  }
}

/** A rule as the API and Settings show it: its fields, its condition in words, its state; never the whole URL. */
export interface RuleView extends RuleFields {
  destination: DestinationView;
  condition: string;
  state: {
    /** ok, firing, or no_data: too few calls in the window to judge (an open incident stays open). */
    status: RuleState;
    since: string | null;
    /** When the announced episode began (firing, or no data after firing); null otherwise. */
    firingSince: string | null;
    lastNotifiedAt: string | null;
    lastEvaluatedAt: string | null;
    figures: Figures | null;
  };
  createdAt: string;
  updatedAt: string;
}

export function ruleView(row: RuleRow): RuleView {
  const rule = ruleFromRow(row);
  return {
    id: rule.id,
    name: rule.name,
    kind: rule.kind,
    enabled: rule.enabled,
    server: rule.server,
    tool: rule.tool,
    per: rule.per,
    windowMinutes: rule.windowMinutes,
    threshold: rule.threshold,
    minCalls: rule.minCalls,
    ofRuns: rule.ofRuns,
    driftKind: rule.driftKind,
    cooldownMinutes: rule.cooldownMinutes,
    severity: rule.severity,
    notifyNoData: rule.notifyNoData,
    destination: destinationPreview(rule.destination),
    condition: describeCondition(rule),
    state: {
      status: row.state,
      since: row.state_changed_at?.toISOString() ?? null,
      firingSince: row.notified ? (row.firing_since?.toISOString() ?? null) : null,
      lastNotifiedAt: row.last_notified_at?.toISOString() ?? null,
      lastEvaluatedAt: row.last_evaluated_at?.toISOString() ?? null,
      figures: row.last_figures,
    },
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can name a rule (a UUID); anything else names none. */
export function isRuleId(id: string): boolean {
  return UUID.test(id);
}

export async function listRules(pool: Queryable, projectId: string): Promise<RuleRow[]> {
  const { rows } = await pool.query<RuleRow>(
    `SELECT ${RULE_COLUMNS} FROM alert_rules r WHERE r.project_id = $1 ORDER BY r.created_at, r.id`,
    [projectId],
  );
  return rows;
}

export async function getRule(pool: Queryable, projectId: string, id: string): Promise<RuleRow | null> {
  if (!isRuleId(id)) return null;
  const { rows } = await pool.query<RuleRow>(
    `SELECT ${RULE_COLUMNS} FROM alert_rules r WHERE r.project_id = $1 AND r.id = $2`,
    [projectId, id],
  );
  return rows[0] ?? null;
}

function ruleValues(rule: RuleInput): unknown[] {
  return [
    rule.name,
    rule.kind,
    rule.enabled,
    rule.server,
    rule.tool,
    rule.windowMinutes,
    rule.threshold,
    rule.minCalls,
    rule.cooldownMinutes,
    rule.severity,
    rule.notifyNoData,
    rule.destination.type,
    "url" in rule.destination ? rule.destination.url : "",
    rule.destination.type === "pagerduty" || rule.destination.type === "opsgenie"
      ? destinationSecret(rule.destination)
      : null,
    rule.destination.type === "opsgenie" ? rule.destination.region : null,
    rule.per,
    rule.ofRuns,
    rule.driftKind,
  ];
}

/** Creates a rule from a request body (validated here), or throws InvalidInputError. */
export async function createRule(pool: Pool, projectId: string, body: unknown): Promise<RuleRow> {
  const rule = parseNewRule(body);
  // Counted and inserted under a lock on the project row, so concurrent creations cannot pass the cap together.
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query(`SELECT 1 FROM projects WHERE id = $1 FOR UPDATE`, [projectId]);
    const { rows: count } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM alert_rules WHERE project_id = $1`,
      [projectId],
    );
    if (count[0]!.n >= MAX_RULES_PER_PROJECT) {
      throw new InvalidInputError([
        {
          path: "(body)",
          message: `a project may have at most ${MAX_RULES_PER_PROJECT} alert rules; delete one first`,
        },
      ]);
    }
    const { rows } = await client.query<RuleRow>(
      `INSERT INTO alert_rules AS r (project_id, name, kind, enabled, server, tool, window_minutes, threshold, min_calls,
              cooldown_minutes, severity, notify_no_data, channel, url, secret, region, per, of_runs, drift_kind)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
       RETURNING ${RULE_COLUMNS}`,
      [projectId, ...ruleValues(rule)],
    );
    await client.query("COMMIT");
    return rows[0]!;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Changes a rule by a PATCH body (validated here); null when the project has no such rule.
 * A rule that is disabled goes back to ok (a resolved message follows if its firing was announced).
 */
export async function updateRule(
  pool: Pool,
  projectId: string,
  id: string,
  body: unknown,
  options: { publicUrl?: string } = {},
): Promise<RuleRow | null> {
  if (!isRuleId(id)) return null;
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const { rows: found } = await client.query<RuleRow & { project_name: string }>(
      `SELECT ${RULE_COLUMNS}, p.name AS project_name FROM alert_rules r JOIN projects p ON p.id = r.project_id
        WHERE r.project_id = $1 AND r.id = $2 FOR UPDATE OF r`,
      [projectId, id],
    );
    const current = found[0];
    if (!current) {
      await client.query("ROLLBACK");
      return null;
    }
    const next = applyPatch(ruleFromRow(current), body);
    const disabling = current.enabled && !next.enabled;
    const { rows } = await client.query<RuleRow>(
      `UPDATE alert_rules AS r SET name = $3, kind = $4, enabled = $5, server = $6, tool = $7, window_minutes = $8,
              threshold = $9, min_calls = $10, cooldown_minutes = $11, severity = $12, notify_no_data = $13,
              channel = $14, url = $15, secret = $16, region = $17, per = $18, of_runs = $19, drift_kind = $20, updated_at = now()
              ${disabling ? `, state = 'ok', notified = false, firing_since = NULL, state_changed_at = CASE WHEN state <> 'ok' THEN now() ELSE state_changed_at END` : ""}
        WHERE r.project_id = $1 AND r.id = $2
        RETURNING ${RULE_COLUMNS}`,
      [projectId, id, ...ruleValues(next)],
    );
    // A rule per server or tool closes its groups' episodes when it stops watching them as they were.
    const before = ruleFromRow(current);
    const regrouped =
      before.per !== null &&
      (disabling || before.per !== next.per || before.server !== next.server || before.tool !== next.tool);
    if (regrouped) {
      await closeGroups(
        client,
        { ...before, ...next, id, projectId },
        current.project_name,
        options.publicUrl,
        disabling ? "the rule was disabled" : "the rule now watches other servers or tools",
      );
    }
    // An announced episode is closed when its rule is disabled, in no data as much as firing.
    if (disabling && current.state !== "ok" && current.notified) {
      const message = buildMessage({
        rule: { ...next, id, projectId },
        project: { id: projectId, name: current.project_name },
        status: "resolved",
        figures: current.last_figures ?? { from: new Date().toISOString(), to: new Date().toISOString() },
        publicUrl: options.publicUrl,
        at: new Date(),
        firingSince: current.firing_since ?? current.state_changed_at ?? undefined,
        note: "the rule was disabled",
      });
      await client.query(
        `INSERT INTO alert_deliveries (project_id, rule_id, kind, message) VALUES ($1, $2, 'resolved', $3)`,
        [projectId, id, JSON.stringify(message)],
      );
    }
    await client.query("COMMIT");
    return rows[0]!;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Deletes a rule with its pending messages and their attempts; false when there was none. */
export async function deleteRule(pool: Queryable, projectId: string, id: string): Promise<boolean> {
  if (!isRuleId(id)) return false;
  const { rowCount } = await pool.query(`DELETE FROM alert_rules WHERE project_id = $1 AND id = $2`, [
    projectId,
    id,
  ]);
  return (rowCount ?? 0) > 0;
}

export interface AttemptView {
  attempt: number;
  at: string;
  result: "delivered" | "retrying" | "failed";
  httpStatus: number | null;
  error: string | null;
  durationMs: number;
}

export interface DeliveryView {
  id: string;
  ruleId: string;
  kind: "firing" | "resolved" | "test" | "no_data";
  status: "pending" | "delivered" | "failed";
  text: string;
  /** The server (and tool) of a rule per server or tool this message is about. */
  group: { server: string; tool: string | null } | null;
  attempts: number;
  createdAt: string;
  nextAttemptAt: string | null;
  finishedAt: string | null;
  attemptLog: AttemptView[];
}

/** The most recent messages of some rules (newest first, `perRule` each), with every attempt. */
export async function recentDeliveries(
  pool: Queryable,
  projectId: string,
  ruleIds: string[],
  perRule = 10,
): Promise<DeliveryView[]> {
  const ids = ruleIds.filter(isRuleId);
  if (ids.length === 0) return [];
  const { rows } = await pool.query<{
    id: string;
    rule_id: string;
    kind: DeliveryView["kind"];
    status: DeliveryView["status"];
    text: string | null;
    group_server: string | null;
    group_tool: string | null;
    attempts: number;
    created_at: Date;
    next_attempt_at: Date;
    finished_at: Date | null;
    log: AttemptView[] | null;
  }>(
    `SELECT d.id::text AS id, d.rule_id, d.kind, d.status, d.message->>'text' AS text, d.attempts, d.created_at,
            d.message->'group'->>'server' AS group_server, d.message->'group'->>'tool' AS group_tool,
            d.next_attempt_at, d.finished_at,
            (SELECT json_agg(json_build_object('attempt', a.attempt, 'at', a.at, 'result', a.result,
                     'httpStatus', a.http_status, 'error', a.error, 'durationMs', a.duration_ms) ORDER BY a.attempt)
               FROM alert_delivery_attempts a WHERE a.project_id = d.project_id AND a.delivery_id = d.id) AS log
       FROM unnest($2::uuid[]) AS rule(id)
       CROSS JOIN LATERAL (
         SELECT * FROM alert_deliveries d WHERE d.project_id = $1 AND d.rule_id = rule.id ORDER BY d.id DESC LIMIT $3
       ) d
      ORDER BY d.id DESC`,
    [projectId, ids, perRule],
  );
  return rows.map((row) => ({
    id: row.id,
    ruleId: row.rule_id,
    kind: row.kind,
    status: row.status,
    text: row.text ?? "",
    group: row.group_server === null ? null : { server: row.group_server, tool: row.group_tool },
    attempts: row.attempts,
    createdAt: row.created_at.toISOString(),
    nextAttemptAt: row.status === "pending" ? row.next_attempt_at.toISOString() : null,
    finishedAt: row.finished_at?.toISOString() ?? null,
    attemptLog: (row.log ?? []).map((attempt) => ({ ...attempt, at: new Date(attempt.at).toISOString() })),
  }));
}
