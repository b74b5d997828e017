import { bucketStart, GRANULARITIES, type Granularity } from "./buckets";
import { durationBucket, emptyHistogram } from "./histogram";
import { emptyHygieneCounts, HYGIENE_COUNTERS, type HygieneCounts } from "./hygiene";

// Pre-aggregated counts maintained at ingest, the only thing charts and tables read. Two
// narrow shapes, so no view aggregates more rows than it shows:
// - outcome rows: per server, method, outcome, category and error code (series, totals,
//   categories, codes, other methods);
// - tool rows: per server, method and tool (the Tools page, top failing tools, alerts).

/** Tool statistics, failure rates, failures and silent successes count this method unless a view asks for others. */
export { TOOL_CALL } from "../classify/types";

/** What a rollup needs to know of a stored call. */
export interface RollupCall {
  occurredAt: Date;
  method: string;
  server: string;
  tool: string | null;
  outcome: string;
  category: string | null;
  errorCode: string | null;
  retryable: boolean | null;
  silentFailure: boolean;
  partial: boolean;
  empty: boolean;
  flags: readonly string[];
  durationMs: number | null;
}

interface Bucketed {
  granularity: Granularity;
  bucket_start: string;
  method: string;
  server: string;
}

export interface OutcomeRollupRow extends Bucketed {
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
}

export interface ToolRollupRow extends Bucketed, HygieneCounts {
  tool: string;
  calls: number;
  /** Every non-ok call plus every silent failure: the one meaning of "failure". */
  failures: number;
  silent_failures: number;
  tool_errors: number;
  protocol_errors: number;
  transport_errors: number;
  with_error_code: number;
  opaque_errors: number;
  raw_exceptions: number;
  duration_ms_sum: number;
  duration_count: number;
  duration_histogram: number[];
}

export interface RollupDeltas {
  outcomes: OutcomeRollupRow[];
  tools: ToolRollupRow[];
}

/**
 * Rollup deltas for calls, each counted `weight` times (−1 takes a stored call's contribution
 * back when a later span of the same request changes what is known about it).
 */
export function foldRollups(items: readonly { call: RollupCall; weight: number }[]): RollupDeltas {
  const outcomes = new Map<string, OutcomeRollupRow>();
  const tools = new Map<string, ToolRollupRow>();
  for (const { call, weight } of items) {
    const count = (condition: unknown) => (condition ? weight : 0);
    const failed = call.outcome !== "ok" || call.silentFailure;
    for (const granularity of GRANULARITIES) {
      const bucket: Bucketed = {
        granularity,
        bucket_start: bucketStart(call.occurredAt, granularity).toISOString(),
        method: call.method,
        server: call.server,
      };
      const outcomeKey = {
        ...bucket,
        outcome: call.outcome,
        category: call.category ?? "",
        error_code: call.errorCode ?? "",
      };
      const outcome = upsert(outcomes, outcomeKey, () => ({
        ...outcomeKey,
        calls: 0,
        silent_failures: 0,
        partials: 0,
        empties: 0,
        wasted_retries: 0,
        retryable: 0,
        with_error_code: 0,
      }));
      outcome.calls += weight;
      outcome.silent_failures += count(call.silentFailure);
      outcome.partials += count(call.partial);
      outcome.empties += count(call.empty);
      outcome.wasted_retries += count(call.flags.includes("wasted_retry"));
      outcome.retryable += count(call.retryable);
      outcome.with_error_code += count(call.errorCode);

      const toolKey = { ...bucket, tool: call.tool ?? "" };
      const tool = upsert(tools, toolKey, () => ({
        ...toolKey,
        calls: 0,
        failures: 0,
        silent_failures: 0,
        tool_errors: 0,
        protocol_errors: 0,
        transport_errors: 0,
        with_error_code: 0,
        opaque_errors: 0,
        raw_exceptions: 0,
        duration_ms_sum: 0,
        duration_count: 0,
        duration_histogram: emptyHistogram(),
        ...emptyHygieneCounts(),
      }));
      tool.calls += weight;
      tool.failures += count(failed);
      tool.silent_failures += count(call.silentFailure);
      tool.tool_errors += count(call.outcome === "tool_error");
      tool.protocol_errors += count(call.outcome === "protocol_error");
      tool.transport_errors += count(call.outcome === "transport_error");
      tool.with_error_code += count(failed && call.errorCode);
      tool.opaque_errors += count(call.flags.includes("opaque_error"));
      tool.raw_exceptions += count(call.flags.includes("raw_exception"));
      for (const counter of Object.values(HYGIENE_COUNTERS))
        tool[counter.column] += count(counter.matches(call));
      if (call.durationMs !== null) {
        tool.duration_ms_sum += call.durationMs * weight;
        tool.duration_count += weight;
        const index = durationBucket(call.durationMs);
        tool.duration_histogram[index] = (tool.duration_histogram[index] ?? 0) + weight;
      }
    }
  }
  return { outcomes: sortedByKey(outcomes), tools: sortedByKey(tools) };
}

function upsert<T>(rows: Map<string, T>, key: object, create: () => T): T {
  const id = JSON.stringify(Object.values(key));
  let row = rows.get(id);
  if (!row) {
    row = create();
    rows.set(id, row);
  }
  return row;
}

/** A stable order makes concurrent batches lock the same rows in the same order (no deadlocks). */
export function sortedByKey<T>(rows: Map<string, T>): T[] {
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}
