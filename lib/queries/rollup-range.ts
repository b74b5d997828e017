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
