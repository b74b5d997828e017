import type { Pool } from "pg";
import { z } from "zod";
import { expected } from "../schemas/fields";
import type { Queryable } from "../db/queryable";
import { InvalidInputError, type FieldProblem } from "../errors";
import { hasNoNul } from "../schemas/strings";
import { isRuleId } from "./store";

// Mute windows: maintenance, a known outage, a deploy. While a window covers an alert, evaluation
// goes on (its figures are kept) but its state stays as it was announced and no message is sent;
// the first evaluation after the window moves the state and says what changed meanwhile — a
// firing that is still on is announced, one that ended is resolved with its own key, nothing is
// lost. A window is one-off, or recurs daily or weekly at the same UTC time; it covers one rule or
// every rule of the project, and one server (with one tool) or every one. "Snooze" on a failure
// signature's page is a one-off window for the signature's server.

export const MUTE_REPEATS = ["none", "daily", "weekly"] as const;
export type MuteRepeat = (typeof MUTE_REPEATS)[number];

const DAY_MINUTES = 1440;
/** How long one window may last: a one-off 30 days; a recurring one less than its period. */
export const MAX_MUTE_MINUTES: Record<MuteRepeat, number> = {
  none: 30 * DAY_MINUTES,
  daily: DAY_MINUTES - 1,
  weekly: 7 * DAY_MINUTES - 1,
};
const PERIOD_MS: Record<Exclude<MuteRepeat, "none">, number> = {
  daily: DAY_MINUTES * 60_000,
  weekly: 7 * DAY_MINUTES * 60_000,
};
/** Windows a project may hold (each evaluation round reads the active ones). */
export const MAX_MUTES_PER_PROJECT = 200;

export interface Mute {
  id: string;
  projectId: string;
  ruleId: string | null;
  server: string | null;
  tool: string | null;
  startsAt: Date;
  durationMinutes: number;
  repeat: MuteRepeat;
  until: Date | null;
  reason: string;
  createdBy: string;
  createdAt: Date;
}

/** What an alert is about, for matching windows: its rule and its server and tool (null: all of them). */
export interface MuteTarget {
  projectId: string;
  ruleId: string;
  server: string | null;
  tool: string | null;
}

/** The window of `mute` that is open at `at`, or null. */
export function openWindow(mute: Mute, at: Date): { from: Date; to: Date } | null {
  const t = at.getTime();
  const start = mute.startsAt.getTime();
  if (t < start || (mute.until && t >= mute.until.getTime())) return null;
  const length = mute.durationMinutes * 60_000;
  const from = mute.repeat === "none" ? start : t - ((t - start) % PERIOD_MS[mute.repeat]);
  return t < from + length ? { from: new Date(from), to: new Date(from + length) } : null;
}

/**
 * Whether a window covers an alert: the same project, its rule or every rule, and a server (and
 * tool) the alert is about — a window for server "crm" covers a rule scoped to crm, and crm's
 * alert of a rule that runs per server or per tool; never a rule that watches every server.
 */
export function covers(mute: Mute, target: MuteTarget): boolean {
  if (mute.projectId !== target.projectId) return false;
  if (mute.ruleId !== null && mute.ruleId !== target.ruleId) return false;
  if (mute.server !== null && mute.server !== target.server) return false;
  if (mute.tool !== null && mute.tool !== target.tool) return false;
  return true;
}

/** The window holding an alert's messages at `at`, if any. */
export function mutedBy(mutes: readonly Mute[], target: MuteTarget, at: Date): Mute | undefined {
  return mutes.find((mute) => covers(mute, target) && openWindow(mute, at) !== null);
}

interface MuteRow {
  project_id: string;
  id: string;
  rule_id: string | null;
  server: string | null;
  tool: string | null;
  starts_at: Date;
  duration_minutes: number;
  repeat: MuteRepeat;
  until: Date | null;
  reason: string;
  created_by: string;
  created_at: Date;
}

function muteFromRow(row: MuteRow): Mute {
  return {
    id: row.id,
    projectId: row.project_id,
    ruleId: row.rule_id,
    server: row.server,
    tool: row.tool,
    startsAt: row.starts_at,
    durationMinutes: row.duration_minutes,
    repeat: row.repeat,
    until: row.until,
    reason: row.reason,
    createdBy: row.created_by,
    createdAt: row.created_at,
  };
}

/** Every window of every project that may be open at `at` (the evaluation round's one read). */
export async function currentMutes(pool: Queryable, at: Date): Promise<Mute[]> {
  const { rows } = await pool.query<MuteRow>(
    `SELECT * FROM alert_mutes
      WHERE starts_at <= $1 AND (until IS NULL OR until > $1)
        AND (repeat <> 'none' OR starts_at + make_interval(mins => duration_minutes) > $1)`,
    [at],
  );
  return rows.map(muteFromRow).filter((mute) => openWindow(mute, at) !== null);
}

/** A project's windows that are open or still to come, soonest first. */
export async function listMutes(pool: Queryable, projectId: string, now = new Date()): Promise<Mute[]> {
  const { rows } = await pool.query<MuteRow>(
    `SELECT * FROM alert_mutes
      WHERE project_id = $1 AND (until IS NULL OR until > $2)
        AND (repeat <> 'none' OR starts_at + make_interval(mins => duration_minutes) > $2)
      ORDER BY starts_at, id`,
    [projectId, now],
  );
  return rows.map(muteFromRow);
}

const instant = z.iso
  .datetime({ offset: true, error: "must be an ISO 8601 date and time, e.g. 2026-12-31T22:00:00Z" })
  .transform((value) => new Date(value));
const name = z
  .string(expected("must be a string"))
  .trim()
  .min(1, "must not be empty")
  .max(200, "must be at most 200 characters")
  .refine(hasNoNul, "must not contain a NUL character");

const muteSchema = z.strictObject(
  {
    ruleId: z.string(expected("must be a rule id or null")).nullable().optional(),
    server: name.nullable().optional(),
    tool: name.nullable().optional(),
    startsAt: instant.optional(),
    durationMinutes: z
      .number(expected("must be a number"))
      .int("must be a whole number")
      .min(1, "must be at least 1"),
    repeat: z.enum(MUTE_REPEATS, expected(`must be one of ${MUTE_REPEATS.join(", ")}`)).default("none"),
    until: instant.nullable().optional(),
    reason: z
      .string(expected("must be a string"))
      .trim()
      .max(500, "must be at most 500 characters")
      .refine(hasNoNul, "must not contain a NUL character")
      .default(""),
  },
  expected("must be a JSON object"),
);

export type MuteInput = Omit<Mute, "id" | "projectId" | "createdBy" | "createdAt">;

/** A new window from a request body or a form, or InvalidInputError naming each field and its rule. */
export function parseMute(body: unknown, now = new Date()): MuteInput {
  const parsed = muteSchema.safeParse(body);
  if (!parsed.success) {
    throw new InvalidInputError(
      parsed.error.issues.flatMap((issue) =>
        issue.code === "unrecognized_keys"
          ? issue.keys.map((key) => ({ path: key, message: "is not a field of a mute window" }))
          : [{ path: issue.path.map(String).join(".") || "(body)", message: issue.message }],
      ),
    );
  }
  const input = parsed.data;
  const problems: FieldProblem[] = [];
  const startsAt = input.startsAt ?? now;
  if (input.ruleId != null && !isRuleId(input.ruleId)) {
    problems.push({ path: "ruleId", message: "must be the id of one of the project's alert rules, or null" });
  }
  if (input.tool != null && input.server == null) {
    problems.push({
      path: "tool",
      message: "is used only with a server (a tool is named within its server)",
    });
  }
  const max = MAX_MUTE_MINUTES[input.repeat];
  if (input.durationMinutes > max) {
    problems.push({
      path: "durationMinutes",
      message:
        input.repeat === "none"
          ? `must be at most ${max} (30 days)`
          : `must be less than the ${input.repeat} period (at most ${max})`,
    });
  }
  if (input.until && input.until <= startsAt)
    problems.push({ path: "until", message: "must be after startsAt" });
  if (input.until && input.repeat === "none") {
    problems.push({ path: "until", message: 'is used only with "repeat": "daily" or "weekly"' });
  }
  if (input.repeat === "none" && startsAt.getTime() + input.durationMinutes * 60_000 <= now.getTime()) {
    problems.push({
      path: "startsAt",
      message: "with durationMinutes, must make a window that ends in the future",
    });
  }
  if (problems.length > 0) throw new InvalidInputError(problems);
  return {
    ruleId: input.ruleId ?? null,
    server: input.server ?? null,
    tool: input.tool ?? null,
    startsAt,
    durationMinutes: input.durationMinutes,
    repeat: input.repeat,
    until: input.until ?? null,
    reason: input.reason,
  };
}

/** Adds a window to a project (a rule it names must be the project's), or throws InvalidInputError. */
export async function createMute(
  pool: Pool,
  projectId: string,
  input: MuteInput,
  createdBy: string,
): Promise<Mute> {
  const { rows } = await pool.query<MuteRow & { is_full: boolean; rule_ok: boolean }>(
    `WITH checks AS (
       SELECT (SELECT count(*) FROM alert_mutes WHERE project_id = $1) >= $11 AS is_full,
              ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM alert_rules WHERE project_id = $1 AND id = $2::uuid)) AS rule_ok
     ), added AS (
       INSERT INTO alert_mutes (project_id, rule_id, server, tool, starts_at, duration_minutes, repeat, until, reason, created_by)
       SELECT $1, $2::uuid, $3, $4, $5, $6, $7, $8, $9, $10 FROM checks WHERE NOT is_full AND rule_ok
       RETURNING *
     )
     SELECT checks.is_full, checks.rule_ok, added.* FROM checks LEFT JOIN added ON true`,
    [
      projectId,
      input.ruleId,
      input.server,
      input.tool,
      input.startsAt,
      input.durationMinutes,
      input.repeat,
      input.until,
      input.reason,
      createdBy,
      MAX_MUTES_PER_PROJECT,
    ],
  );
  const row = rows[0]!;
  if (!row.rule_ok)
    throw new InvalidInputError([{ path: "ruleId", message: "names no alert rule of this project" }]);
  if (row.is_full) {
    throw new InvalidInputError([
      {
        path: "(body)",
        message: `a project may have at most ${MAX_MUTES_PER_PROJECT} mute windows; delete one first`,
      },
    ]);
  }
  return muteFromRow(row);
}

export async function deleteMute(pool: Queryable, projectId: string, id: string): Promise<boolean> {
  if (!isRuleId(id)) return false;
  const { rowCount } = await pool.query(`DELETE FROM alert_mutes WHERE project_id = $1 AND id = $2`, [
    projectId,
    id,
  ]);
  return (rowCount ?? 0) > 0;
}

/** A window as the API shows it, with the moment it is open until (or opens next). */
export function muteView(mute: Mute, now = new Date()) {
  const open = openWindow(mute, now);
  return {
    id: mute.id,
    ruleId: mute.ruleId,
    server: mute.server,
    tool: mute.tool,
    startsAt: mute.startsAt.toISOString(),
    durationMinutes: mute.durationMinutes,
    repeat: mute.repeat,
    until: mute.until?.toISOString() ?? null,
    reason: mute.reason,
    createdBy: mute.createdBy,
    createdAt: mute.createdAt.toISOString(),
    openNow: open !== null,
    openUntil: open?.to.toISOString() ?? null,
  };
}
