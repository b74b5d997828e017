// A fixed histogram of call durations kept in the rollups, so percentiles (p95 on the
// Tools page) are read from a few rows instead of millions of calls.

/** Upper bounds (ms) of each bucket; the last bucket is everything above the last bound. */
export const DURATION_BOUNDS_MS = [5, 10, 25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000, 30_000, 60_000];
export const DURATION_BUCKETS = DURATION_BOUNDS_MS.length + 1;

export function durationBucket(durationMs: number): number {
  const index = DURATION_BOUNDS_MS.findIndex((bound) => durationMs <= bound);
  return index === -1 ? DURATION_BOUNDS_MS.length : index;
}

export function emptyHistogram(): number[] {
  return new Array<number>(DURATION_BUCKETS).fill(0);
}

export function addHistograms(target: number[], source: readonly number[]): number[] {
  for (let index = 0; index < source.length; index++)
    target[index] = (target[index] ?? 0) + (source[index] ?? 0);
  return target;
}

/**
 * The p-th percentile as the upper bound of the bucket it falls in (an over-estimate by at
 * most one bucket width); null without data; above the last bound reports that bound.
 */
export function percentileFromHistogram(histogram: readonly number[], p: number): number | null {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (let index = 0; index < histogram.length; index++) {
    seen += histogram[index] ?? 0;
    if (seen >= rank) return DURATION_BOUNDS_MS[Math.min(index, DURATION_BOUNDS_MS.length - 1)]!;
  }
  return DURATION_BOUNDS_MS.at(-1)!;
}
