import type { Bucket } from "../schemas/read";

// Pure time-bucket arithmetic and densification for the chart series.

const FIXED_WIDTH_MS: Record<Bucket, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

export function bucketWidthMs(bucket: Bucket): number {
  return FIXED_WIDTH_MS[bucket];
}

/** Buckets are UTC-aligned; a day bucket starts at 00:00 UTC. */
export function floorToBucket(time: Date, bucket: Bucket): Date {
  const width = FIXED_WIDTH_MS[bucket];
  return new Date(Math.floor(time.getTime() / width) * width);
}

export function chooseBucket(from: Date, to: Date): Bucket {
  const span = to.getTime() - from.getTime();
  if (span <= 3 * 3_600_000) return "minute";
  if (span <= 4 * 86_400_000) return "hour";
  return "day";
}

export function bucketCount(from: Date, to: Date, bucket: Bucket): number {
  return Math.ceil((to.getTime() - floorToBucket(from, bucket).getTime()) / FIXED_WIDTH_MS[bucket]);
}

/** One entry per bucket from `from` to `to`; buckets with no data are zero (these are counts). */
export function densify<T extends object>(
  from: Date,
  to: Date,
  bucket: Bucket,
  points: Map<number, T>,
  zero: () => T,
): ({ t: string } & T)[] {
  const width = FIXED_WIDTH_MS[bucket];
  const series: ({ t: string } & T)[] = [];
  for (let time = floorToBucket(from, bucket).getTime(); time < to.getTime(); time += width) {
    series.push({ t: new Date(time).toISOString(), ...(points.get(time) ?? zero()) });
  }
  return series;
}
