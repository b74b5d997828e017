import type { PoolClient } from "pg";
import type { Queryable } from "../db/queryable";
import { buildMessage, type AlertGroup, type Figures } from "./messages";
import type { AlertRule } from "./rules";
import type { RuleState } from "./store";

// The groups of a rule that alerts per server or per tool (alert_rule_groups): each one's state as
// Settings and the API show it, and closing them all when the rule stops watching them.

export interface GroupView {
  server: string;
  /** Per tool: the tool; per server: null. */
  tool: string | null;
  status: RuleState;
  since: string | null;
  firingSince: string | null;
  lastNotifiedAt: string | null;
  figures: Figures | null;
}

interface GroupRow {
  server: string;
  tool: string;
  state: RuleState;
  state_changed_at: Date | null;
  notified: boolean;
  firing_since: Date | null;
  last_notified_at: Date | null;
  last_figures: Figures | null;
}

/** The groups of some rules that are not quietly ok — firing or no data first — at most `perRule` each. */
export async function ruleGroups(
  pool: Queryable,
  projectId: string,
  ruleIds: string[],
  perRule = 50,
): Promise<Map<string, GroupView[]>> {
  const groups = new Map<string, GroupView[]>();
  if (ruleIds.length === 0) return groups;
  const { rows } = await pool.query<GroupRow & { rule_id: string }>(
    `SELECT g.* FROM unnest($2::uuid[]) AS rule(id)
      CROSS JOIN LATERAL (
        SELECT * FROM alert_rule_groups g WHERE g.project_id = $1 AND g.rule_id = rule.id AND (g.state <> 'ok' OR g.notified)
         ORDER BY g.state = 'firing' DESC, g.state = 'no_data' DESC, g.server, g.tool LIMIT $3) g`,
    [projectId, ruleIds, perRule],
  );
  for (const row of rows) {
    const list = groups.get(row.rule_id) ?? [];
    list.push({
      server: row.server,
      tool: row.tool === "" ? null : row.tool,
      status: row.state,
      since: row.state_changed_at?.toISOString() ?? null,
      firingSince: row.notified ? (row.firing_since?.toISOString() ?? null) : null,
      lastNotifiedAt: row.last_notified_at?.toISOString() ?? null,
      figures: row.last_figures,
    });
    groups.set(row.rule_id, list);
  }
  return groups;
}

/**
 * Inside the caller's transaction (the rule locked): resolves every announced group episode of
 * the rule — each with its own key — and forgets its groups. For a rule that is disabled, or
 * whose scope or grouping changed (its groups no longer mean what they did).
 */
export async function closeGroups(
  client: PoolClient,
  rule: AlertRule,
  projectName: string,
  publicUrl: string | undefined,
  note: string,
): Promise<void> {
  const { rows } = await client.query<GroupRow>(
    `DELETE FROM alert_rule_groups WHERE project_id = $1 AND rule_id = $2 RETURNING *`,
    [rule.projectId, rule.id],
  );
  const now = new Date();
  for (const row of rows.filter((each) => each.notified && each.state !== "ok")) {
    const group: AlertGroup = { server: row.server, tool: row.tool === "" ? null : row.tool };
    const message = buildMessage({
      rule,
      group,
      project: { id: rule.projectId, name: projectName },
      status: "resolved",
      figures: row.last_figures ?? { from: now.toISOString(), to: now.toISOString() },
      publicUrl,
      at: now,
      firingSince: row.firing_since ?? row.state_changed_at ?? undefined,
      note,
    });
    await client.query(
      `INSERT INTO alert_deliveries (project_id, rule_id, kind, message) VALUES ($1, $2, 'resolved', $3)`,
      [rule.projectId, rule.id, JSON.stringify(message)],
    );
  }
}
