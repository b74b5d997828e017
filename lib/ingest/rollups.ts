import { durationBucket, emptyHistogram } from "./duration-histogram";
import type { PreparedCall } from "./prepare";

// Folds stored calls into rollup rows (per minute and per hour), the only thing charts read.

export const GRANULARITIES = ["minute", "hour", "day"] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** Tool statistics, failure rates, failures and silent successes count this method unless a view asks for others. */
export const TOOL_CALL = "tools/call";

export interface RollupRow {
  granularity: Granularity;
  bucket_start: string;
  method: string;
  server: string;
  tool: string;
  outcome: string;
  category: string;
  error_code: string;
  calls: number;
  silent_failures: number;
  partials: number;
  empties: number;
  wasted_retries: number;
  retryable: number;
  with_error_code: number;
  opaque_errors: number;
  raw_exceptions: number;
  duration_ms_sum: number;
  duration_count: number;
  duration_histogram: number[];
}

const BUCKET_MS: Record<Granularity, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/** Minute rows serve only short ranges; older ones are pruned (lib/ingest/maintenance.ts). */
export const MINUTE_ROLLUP_RETENTION_MS = 48 * 3_600_000;

export function bucketStart(time: Date, granularity: Granularity): Date {
  const width = BUCKET_MS[granularity];
  return new Date(Math.floor(time.getTime() / width) * width);
}

export function buildRollups(calls: PreparedCall[]): RollupRow[] {
  return foldRollups(calls.map((call) => ({ call, weight: 1 })));
}

/**
 * Rollup deltas: each call counted `weight` times (−1 takes a stored call's contribution
 * back, when a later span of the same request changes what is known about it).
 */
export function foldRollups(items: { call: PreparedCall; weight: number }[]): RollupRow[] {
  const rows = new Map<string, RollupRow>();
  for (const { call, weight } of items) {
    for (const granularity of GRANULARITIES) {
      const dimensions = {
        granularity,
        bucket_start: bucketStart(call.occurredAt, granularity).toISOString(),
        method: call.method,
        server: call.server,
        tool: call.tool ?? "",
        outcome: call.outcome,
        category: call.category ?? "",
        error_code: call.errorCode ?? "",
      };
      const key = JSON.stringify(Object.values(dimensions));
      let row = rows.get(key);
      if (!row) {
        row = {
          ...dimensions,
          calls: 0,
          silent_failures: 0,
          partials: 0,
          empties: 0,
          wasted_retries: 0,
          retryable: 0,
          with_error_code: 0,
          opaque_errors: 0,
          raw_exceptions: 0,
          duration_ms_sum: 0,
          duration_count: 0,
          duration_histogram: emptyHistogram(),
        };
        rows.set(key, row);
      }
      const count = (condition: unknown) => (condition ? weight : 0);
      row.calls += weight;
      row.silent_failures += count(call.silentFailure);
      row.partials += count(call.partial);
      row.empties += count(call.empty);
      row.wasted_retries += count(call.flags.includes("wasted_retry"));
      row.retryable += count(call.retryable);
      row.with_error_code += count(call.errorCode);
      row.opaque_errors += count(call.flags.includes("opaque_error"));
      row.raw_exceptions += count(call.flags.includes("raw_exception"));
      if (call.durationMs !== null) {
        row.duration_ms_sum += call.durationMs * weight;
        row.duration_count += weight;
        const bucket = durationBucket(call.durationMs);
        row.duration_histogram[bucket] = (row.duration_histogram[bucket] ?? 0) + weight;
      }
    }
  }
  return sortedByKey(rows);
}

/** A stable order makes concurrent batches lock the same rows in the same order (no deadlocks). */
export function sortedByKey<T>(rows: Map<string, T>): T[] {
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}
