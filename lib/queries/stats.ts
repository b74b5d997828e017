import type { Queryable } from "../db/queryable";
import { OUTCOMES, type Outcome } from "../classify/types";
import { InvalidInputError } from "../errors";
import { MINUTE_ROLLUP_RETENTION_MS, TOOL_CALL } from "../rollups";
import type { Bucket, StatsQuery } from "../schemas/read";
import { bucketCount, chooseBucket, densify, floorToBucket } from "./series";

// Chart data, read only from the outcome rollups maintained at ingest (never from raw calls).

export const MAX_BUCKETS = 1500;

type OutcomeCounts = Record<Outcome, number>;

export interface SeriesPoint extends OutcomeCounts {
  calls: number;
  silentFailures: number;
}

export interface Stats {
  from: string;
  to: string;
  bucket: Bucket;
  totals: SeriesPoint & {
    partials: number;
    empties: number;
    wastedRetries: number;
    failures: number;
    failureRate: number;
  };
  series: ({ t: string } & SeriesPoint)[];
  byCategory: { category: string; calls: number }[];
  byErrorCode: { errorCode: string; outcome: string; category: string | null; calls: number }[];
}

function zeroPoint(): SeriesPoint {
  return { calls: 0, silentFailures: 0, ok: 0, tool_error: 0, protocol_error: 0, transport_error: 0 };
}

function isOutcome(value: string): value is Outcome {
  return (OUTCOMES as readonly string[]).includes(value);
}

export async function getStats(
  pool: Queryable,
  projectId: string,
  query: StatsQuery,
  now = new Date(),
): Promise<Stats> {
  const to = query.to ?? now;
  const requestedFrom = query.from ?? new Date(to.getTime() - 86_400_000);
  const bucket = query.bucket ?? chooseBucket(requestedFrom, to);
  const count = bucketCount(requestedFrom, to, bucket);
  if (count > MAX_BUCKETS) {
    throw new InvalidInputError([
      {
        path: "bucket",
        message: `gives ${count} buckets for this range (at most ${MAX_BUCKETS}); choose a wider bucket or a shorter range`,
      },
    ]);
  }
  if (bucket === "minute" && now.getTime() - requestedFrom.getTime() > MINUTE_ROLLUP_RETENTION_MS) {
    throw new InvalidInputError([
      {
        path: "bucket",
        message: "minute buckets are kept for the last 48 hours; choose hour or day for older ranges",
      },
    ]);
  }
  const from = floorToBucket(requestedFrom, bucket);
  const granularity = bucket;
  const params: unknown[] = [projectId, granularity, from, to];
  let serverFilter = "";
  if (query.server.length > 0) {
    params.push(query.server);
    serverFilter = `AND server = ANY($5::text[])`;
  }
  params.push(query.method.length > 0 ? query.method : [TOOL_CALL]);
  const methodFilter = `AND method = ANY($${params.length}::text[])`;
  const range = `project_id = $1 AND granularity = $2 AND bucket_start >= $3 AND bucket_start < $4 ${serverFilter} ${methodFilter}`;

  const [seriesRows, breakdownRows] = await Promise.all([
    pool.query<{ t: Date; outcome: string; calls: number; silent: number }>(
      `SELECT bucket_start AS t, outcome, sum(calls)::int AS calls,
              sum(silent_failures)::int AS silent
         FROM outcome_rollups WHERE ${range} GROUP BY 1, 2`,
      params,
    ),
    pool.query<{
      outcome: string;
      category: string;
      error_code: string;
      calls: number;
      silent: number;
      partials: number;
      empties: number;
      wasted: number;
    }>(
      `SELECT outcome, category, error_code, sum(calls)::int AS calls, sum(silent_failures)::int AS silent,
              sum(partials)::int AS partials, sum(empties)::int AS empties, sum(wasted_retries)::int AS wasted
         FROM outcome_rollups WHERE ${range} GROUP BY 1, 2, 3`,
      params,
    ),
  ]);

  const points = new Map<number, SeriesPoint>();
  for (const row of seriesRows.rows) {
    const point = points.get(row.t.getTime()) ?? zeroPoint();
    point.calls += row.calls;
    point.silentFailures += row.silent;
    if (isOutcome(row.outcome)) point[row.outcome] += row.calls;
    points.set(row.t.getTime(), point);
  }

  const totals = { ...zeroPoint(), partials: 0, empties: 0, wastedRetries: 0, failures: 0, failureRate: 0 };
  const categories = new Map<string, number>();
  const codes = new Map<
    string,
    { errorCode: string; outcome: string; category: string | null; calls: number }
  >();
  for (const row of breakdownRows.rows) {
    totals.calls += row.calls;
    totals.silentFailures += row.silent;
    totals.partials += row.partials;
    totals.empties += row.empties;
    totals.wastedRetries += row.wasted;
    if (isOutcome(row.outcome)) totals[row.outcome] += row.calls;
    if (row.category) categories.set(row.category, (categories.get(row.category) ?? 0) + row.calls);
    if (row.error_code) {
      // One entry per code, layer and category: -32602 can be a validation error or an unknown tool.
      const key = `${row.error_code}\u0000${row.outcome}\u0000${row.category}`;
      const entry = codes.get(key) ?? {
        errorCode: row.error_code,
        outcome: row.outcome,
        category: row.category || null,
        calls: 0,
      };
      entry.calls += row.calls;
      codes.set(key, entry);
    }
  }
  totals.failures = totals.calls - totals.ok + totals.silentFailures;
  totals.failureRate = totals.calls === 0 ? 0 : totals.failures / totals.calls;

  return {
    from: from.toISOString(),
    to: to.toISOString(),
    bucket,
    totals,
    series: densify(from, to, bucket, points, zeroPoint),
    byCategory: [...categories]
      .map(([category, calls]) => ({ category, calls }))
      .sort((a, b) => b.calls - a.calls),
    byErrorCode: [...codes.values()].sort((a, b) => b.calls - a.calls).slice(0, 50),
  };
}

/** Calls a project holds, from its daily rollups. */
export async function countCalls(pool: Queryable, projectId: string): Promise<number> {
  const { rows } = await pool.query<{ calls: string | null }>(
    `SELECT sum(calls) AS calls FROM outcome_rollups WHERE project_id = $1 AND granularity = 'day'`,
    [projectId],
  );
  return Number(rows[0]?.calls ?? 0);
}
