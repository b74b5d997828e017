import type { Queryable } from "../db/queryable";
import { rangeSegments, weekSegments } from "../rollups";

// The SQL condition selecting the rollup rows that cover a window to the hour (see
// rangeSegments): hourly rows at the edges, daily rows for whole days inside.

export function segmentsSql(from: Date, to: Date, params: unknown[]): string {
  const parts = rangeSegments(from, to).map((segment) => {
    params.push(segment.granularity, segment.from, segment.to);
    const n = params.length;
    return `(granularity = $${n - 2} AND bucket_start >= $${n - 1} AND bucket_start < $${n})`;
  });
  return parts.length === 1 ? parts[0]! : `(${parts.join(" OR ")})`;
}

/** Up to which UTC day (exclusive) the upkeep has built a project's daily signature rows; null if never. */
export async function signatureDaysBuilt(pool: Queryable, projectId: string): Promise<Date | null> {
  const { rows } = await pool.query<{ built_through: Date }>(
    `SELECT built_through FROM signature_day_builds WHERE project_id = $1`,
    [projectId],
  );
  return rows[0]?.built_through ?? null;
}

/**
 * A failure signature's counts over a window to the hour, as rows (signature, bucket_start, calls): the
 * hourly rows at the edges, and for the whole days inside, the rows the upkeep has built (up to
 * `builtThrough`, from signatureDaysBuilt) — a whole Monday-to-Sunday week's row where the window holds one,
 * else a day's — and the hourly rows of the days after that mark. So a month reads about five rows per
 * signature, not seven hundred, and is exact whether or not the upkeep has run (but for a call that arrives
 * late for a day already built: from the next pass). The mark is a parameter, read before, so the planner
 * sees where days end and hours begin. `days: true` reads day rows where weeks would do (a series by day).
 */
export function signatureCountsSql(
  projectParam: string,
  window: { from: Date; to: Date; builtThrough: Date | null; days?: boolean },
  params: unknown[],
  /** A condition on `signature` each branch applies itself (the planner pushes none with a subquery down). */
  only?: string,
): string {
  const range = (table: string, column: string, from: Date, to: Date) => {
    params.push(from, to);
    return `SELECT signature, ${column} AS bucket_start, calls FROM ${table}
          WHERE project_id = ${projectParam} AND ${column} >= $${params.length - 1} AND ${column} < $${params.length}${only ? ` AND ${only}` : ""}`;
  };
  const built = (from: Date, to: Date) =>
    (window.days ? [{ weeks: false, from, to }] : weekSegments(from, to)).map((part) =>
      part.weeks
        ? range("signature_week_rollups", "week", part.from, part.to)
        : range("signature_day_rollups", "day", part.from, part.to),
    );
  const parts = rangeSegments(window.from, window.to).flatMap((segment) => {
    if (segment.granularity === "hour")
      return [range("signature_rollups", "bucket_start", segment.from, segment.to)];
    const mark = window.builtThrough?.getTime() ?? -Infinity;
    const split = new Date(Math.min(segment.to.getTime(), Math.max(segment.from.getTime(), mark)));
    return [
      ...(split > segment.from ? built(segment.from, split) : []),
      ...(split < segment.to ? [range("signature_rollups", "bucket_start", split, segment.to)] : []),
    ];
  });
  return `(${parts.join(" UNION ALL ")})`;
}
