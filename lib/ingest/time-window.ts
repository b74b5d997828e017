// How far from now a call may be dated, and how long a project may keep calls: the bounds that
// keep the number of `calls` partitions (one per UTC day) bounded by the operator, never by a
// sender or a project member (docs/SCALING.md, §5 "Which days have a partition").
//
// - A call may arrive at most FAULTLINE_LATE_ARRIVAL_DAYS (default 7) late — a reporter or proxy
//   that buffered through an outage, an exporter retrying — and at most 24 hours ahead (clock
//   skew). Outside that it is refused, per item, naming occurredAt and the rule.
// - A project keeps calls at most FAULTLINE_MAX_RETENTION_DAYS (default 90); only an instance
//   admin sets retention, and never above that. A retention stored above it (set before the
//   maximum existed, or before it was lowered) is honoured — an upgrade never deletes what a team
//   chose to keep — and named at startup; it can only be lowered.

export const DAY_MS = 86_400_000;
export const DEFAULT_LATE_ARRIVAL_DAYS = 7;
export const DEFAULT_MAX_RETENTION_DAYS = 90;

/** A call dated further ahead than this is refused: it would sit on top of every newest-first list. */
export const AHEAD_MS = DAY_MS;

export interface TimeWindow {
  lateArrivalDays: number;
  maxRetentionDays: number;
}

/** Why `occurredAt` is outside the window around `now`, or undefined when it is inside. */
export function occurredAtProblem(occurredAt: Date, now: Date, lateArrivalDays: number): string | undefined {
  const time = occurredAt.getTime();
  if (time < now.getTime() - lateArrivalDays * DAY_MS)
    return `must be at most ${lateArrivalDays} days before it is received (a call may arrive at most ${lateArrivalDays} days late; FAULTLINE_LATE_ARRIVAL_DAYS)`;
  if (time > now.getTime() + AHEAD_MS) return "must not be more than 24 hours in the future";
  return undefined;
}

/**
 * The longest any project may keep calls now: the maximum, or a longer retention stored before it
 * (which the partition ceiling makes room for).
 */
export function longestKept(longestStoredDays: number, maxRetentionDays: number): number {
  return Math.max(1, longestStoredDays, maxRetentionDays);
}

/** Why `days` cannot be a project's retention, or undefined when it can. */
export function retentionProblem(days: number, maxRetentionDays: number): string | undefined {
  if (!Number.isInteger(days)) return "Retention must be whole days";
  if (days < 1) return "Retention must be at least 1 day";
  if (days > maxRetentionDays)
    return `Retention must be at most ${maxRetentionDays} days on this instance (FAULTLINE_MAX_RETENTION_DAYS)`;
  return undefined;
}
