import { FLEET_MAX_LIMIT } from "../schemas/read";
import type { Queryable } from "../db/queryable";
import { decodeKeyset, encodeKeyset } from "../queries/keyset";
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

/** The fleet over `window`: the MAX_FLEET_SERVERS busiest servers, or those whose name holds `search`. */
export async function fleet(
  pool: Queryable,
  projectId: string,
  window: CardWindow,
  search?: string,
): Promise<FleetRow[]> {
  const which = search ? { search } : undefined;
  const [current, before] = await Promise.all([
    serverCounts(pool, projectId, window, which),
    serverCounts(pool, projectId, previousWindow(window), which),
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

/** A server with no tool calls in the window (a probed one): listed, nothing graded. */
export function quietFleetRow(server: string): FleetRow {
  return {
    server,
    calls: 0,
    failures: 0,
    failureRate: null,
    previousFailureRate: null,
    answeredFailures: 0,
    grade: null,
    points: null,
    measures: Object.fromEntries(
      MEASURE_IDS.map((id) => [id, { problemShare: null, grade: null }]),
    ) as FleetRow["measures"],
    secretsMasked: 0,
  };
}

/**
 * The fleet with every server in `also` (the probed ones) that it lacks, as quiet rows — those
 * whose name holds `search`, when there is one: a probed server is in the list though no traffic
 * named it in the window.
 */
export function withServers(rows: readonly FleetRow[], also: Iterable<string>, search?: string): FleetRow[] {
  const listed = new Set(rows.map((row) => row.server));
  const needle = search?.toLowerCase();
  const quiet = [...also]
    .filter((server) => !listed.has(server) && (!needle || server.toLowerCase().includes(needle)))
    .map(quietFleetRow);
  return [...rows, ...quiet];
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

/** Servers on one page of /servers (the API's default too): a page, however many servers there are. */
export const FLEET_PAGE_SIZE = 50;
/** The cursor: where the next page starts, and the server before it (found again if rows moved). */
const FLEET_CURSOR = ["int32", "string"] as const;

export interface FleetPage {
  rows: FleetRow[];
  /** Servers in the fleet given (matching its search), before paging. */
  total: number;
  nextCursor: string | null;
}

/**
 * One page of a sorted fleet (searched already: fleet's `search`). At most MAX_FLEET_SERVERS rows
 * are ever sorted (lib/insight/counts), so this is a slice of a bounded list; the page is what
 * grows the HTML and the JSON, and it is `limit` rows whatever the fleet.
 */
export function pageFleet(
  matching: readonly FleetRow[],
  options: { cursor?: string; limit?: number } = {},
): FleetPage {
  const limit = Math.max(1, Math.min(options.limit ?? FLEET_PAGE_SIZE, FLEET_MAX_LIMIT));
  let start = 0;
  if (options.cursor) {
    const [offset, after] = decodeKeyset(options.cursor, FLEET_CURSOR) as [number, string];
    const found = matching.findIndex((row) => row.server === after);
    start = found >= 0 ? found + 1 : Math.max(0, Math.min(offset, matching.length));
  }
  const rows = matching.slice(start, start + limit);
  const end = start + rows.length;
  return {
    rows,
    total: matching.length,
    nextCursor: end < matching.length ? encodeKeyset([end, rows.at(-1)!.server]) : null,
  };
}

export function defaultFleetDirection(sort: FleetSort): "asc" | "desc" {
  return sort === "server" ? "asc" : "desc";
}

export { gradePoints };
