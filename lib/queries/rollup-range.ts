import { rangeSegments } from "../rollups";

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

/**
 * A failure signature's counts over a window to the hour, as rows (signature, bucket_start, calls): the
 * hourly rows at the edges and the daily rows for the whole days inside (signature_day_rollups), so a
 * month reads thirty rows per signature, not seven hundred.
 */
export function signatureCountsSql(projectParam: string, from: Date, to: Date, params: unknown[]): string {
  const parts = rangeSegments(from, to).map((segment) => {
    params.push(segment.from, segment.to);
    const n = params.length;
    return segment.granularity === "day"
      ? `SELECT signature, day AS bucket_start, calls FROM signature_day_rollups
          WHERE project_id = ${projectParam} AND day >= $${n - 1} AND day < $${n}`
      : `SELECT signature, bucket_start, calls FROM signature_rollups
          WHERE project_id = ${projectParam} AND bucket_start >= $${n - 1} AND bucket_start < $${n}`;
  });
  return `(${parts.join(" UNION ALL ")})`;
}
