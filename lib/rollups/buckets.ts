// Time buckets of the rollups: their widths, and which granularity a view reads.

export const GRANULARITIES = ["minute", "hour", "day"] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export const BUCKET_MS: Record<Granularity, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/** Minute rows serve only short ranges; older ones are pruned (lib/ingest/maintenance.ts). */
export const MINUTE_ROLLUP_RETENTION_MS = 48 * 3_600_000;

export function bucketStart(time: Date, granularity: Granularity): Date {
  const width = BUCKET_MS[granularity];
  return new Date(Math.floor(time.getTime() / width) * width);
}

export interface Segment {
  granularity: Granularity;
  from: Date;
  to: Date;
}

/**
 * The rollup rows covering [from, to) to the hour: hourly rows for up to two days; beyond,
 * daily rows for the whole days inside and hourly rows for the partial days at either end.
 */
export function rangeSegments(from: Date, to: Date): Segment[] {
  const start = bucketStart(from, "hour");
  if (to.getTime() - start.getTime() <= 2 * BUCKET_MS.day) return [{ granularity: "hour", from: start, to }];
  const firstDay = new Date(Math.ceil(start.getTime() / BUCKET_MS.day) * BUCKET_MS.day);
  const lastDay = bucketStart(to, "day");
  const segments: Segment[] = [];
  if (start < firstDay) segments.push({ granularity: "hour", from: start, to: firstDay });
  if (firstDay < lastDay) segments.push({ granularity: "day", from: firstDay, to: lastDay });
  if (lastDay < to) segments.push({ granularity: "hour", from: lastDay, to });
  return segments;
}

/** A week of the failure signatures' weekly rows: seven UTC days from a Monday, as PostgreSQL's date_trunc('week'). */
export const WEEK_MS = 7 * BUCKET_MS.day;
/** 1970-01-01, where epoch time starts, was a Thursday: Mondays fall four days later in every week. */
const MONDAY_MS = 4 * BUCKET_MS.day;

export function weekStart(time: Date): Date {
  return new Date(Math.floor((time.getTime() - MONDAY_MS) / WEEK_MS) * WEEK_MS + MONDAY_MS);
}

/**
 * A run of whole days [from, to) as weekly rows cover it: the days before the first Monday, the whole weeks,
 * the days after the last; empty parts left out.
 */
export function weekSegments(from: Date, to: Date): { weeks: boolean; from: Date; to: Date }[] {
  const firstWeek = weekStart(new Date(from.getTime() + WEEK_MS - 1));
  const lastWeek = weekStart(to);
  if (firstWeek >= lastWeek) return [{ weeks: false, from, to }];
  return [
    { weeks: false, from, to: firstWeek },
    { weeks: true, from: firstWeek, to: lastWeek },
    { weeks: false, from: lastWeek, to },
  ].filter((part) => part.from < part.to);
}
