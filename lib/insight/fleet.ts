import type { Queryable } from "../db/connect";
import { serverCounts } from "./counts";
import { gradePoints, type Grade } from "./grades";
import { MEASURE_IDS, scorecard, type MeasureId } from "./measures";
import { previousWindow, type CardWindow } from "./window";

// The fleet table: every server of the project over the window, graded, sortable by grade and by
// each measure. Computed from per-server rollup sums (one grouped read per window).

export interface FleetRow {
  server: string;
  calls: number;
  failures: number;
  failureRate: number | null;
  previousFailureRate: number | null;
  answeredFailures: number;
  grade: Grade | null;
  points: number | null;
  /** Per measure: its problem share (null: no failures to judge) and grade. */
  measures: Record<MeasureId, { problemShare: number | null; grade: Grade | null }>;
  secretsMasked: number;
}

export const FLEET_SORTS = ["grade", "server", "calls", "failureRate", ...MEASURE_IDS] as const;
export type FleetSort = (typeof FLEET_SORTS)[number];

export async function fleet(pool: Queryable, projectId: string, window: CardWindow): Promise<FleetRow[]> {
  const [current, before] = await Promise.all([
    serverCounts(pool, projectId, window),
    serverCounts(pool, projectId, previousWindow(window)),
  ]);
  return [...current].map(([server, counts]) => {
    const card = scorecard(counts);
    const prior = before.get(server);
    return {
      server,
      calls: counts.calls,
      failures: counts.failures,
      failureRate: counts.calls === 0 ? null : counts.failures / counts.calls,
      previousFailureRate: prior && prior.calls > 0 ? prior.failures / prior.calls : null,
      answeredFailures: counts.tool_errors + counts.protocol_errors + counts.silent_failures,
      grade: card.grade,
      points: card.points,
      measures: Object.fromEntries(
        card.measures.map((measure) => [
          measure.id,
          { problemShare: measure.problemShare, grade: measure.grade },
        ]),
      ) as FleetRow["measures"],
      secretsMasked: counts.secrets_masked,
    };
  });
}

/**
 * Worst first by default: for grade, the lowest points first (ungraded last); for a measure, the
 * largest problem share first (no failures last); ties by server name. `dir` reverses the figures.
 */
export function sortFleet(rows: readonly FleetRow[], sort: FleetSort, dir: "asc" | "desc"): FleetRow[] {
  const key = (row: FleetRow): number | null => {
    switch (sort) {
      case "grade":
        return row.points === null ? null : -row.points;
      case "server":
        return 0;
      case "calls":
        return row.calls;
      case "failureRate":
        return row.failureRate;
      default:
        return row.measures[sort].problemShare;
    }
  };
  const sign = dir === "desc" ? -1 : 1;
  return [...rows].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) {
      if (ka === null) return 1;
      if (kb === null) return -1;
      return (ka - kb) * sign;
    }
    return sort === "server" && dir === "desc"
      ? b.server.localeCompare(a.server)
      : a.server.localeCompare(b.server);
  });
}

export function defaultFleetDirection(sort: FleetSort): "asc" | "desc" {
  return sort === "server" ? "asc" : "desc";
}

export { gradePoints };
