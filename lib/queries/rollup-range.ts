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
 * hourly rows at the edges, and for the whole days inside, the daily rows the upkeep has built
 * (signature_day_rollups, up to the project's built_through) and the hourly rows of the days after that
 * mark — so a month reads thirty rows per signature, not seven hundred, and is exact whether or not the
 * upkeep has run (but for a call that arrives late for a day already built: from the next pass).
 */
export function signatureCountsSql(projectParam: string, from: Date, to: Date, params: unknown[]): string {
  const built = `coalesce((SELECT built_through FROM signature_day_builds WHERE project_id = ${projectParam}),
                          '-infinity'::timestamptz)`;
  const hourly = (
    lower: string,
    upper: string,
  ) => `SELECT signature, bucket_start, calls FROM signature_rollups
          WHERE project_id = ${projectParam} AND bucket_start >= ${lower} AND bucket_start < ${upper}`;
  const parts = rangeSegments(from, to).flatMap((segment) => {
    params.push(segment.from, segment.to);
    const [lower, upper] = [`$${params.length - 1}::timestamptz`, `$${params.length}::timestamptz`];
    if (segment.granularity === "hour") return [hourly(lower, upper)];
    const split = `greatest(${lower}, least(${upper}, ${built}))`;
    return [
      `SELECT signature, day AS bucket_start, calls FROM signature_day_rollups
          WHERE project_id = ${projectParam} AND day >= ${lower} AND day < ${split}`,
      hourly(split, upper),
    ];
  });
  return `(${parts.join(" UNION ALL ")})`;
}
