import type { Metric } from "prom-client";
import { DURATION_BOUNDS_MS } from "../rollups";
import { OUTCOME_FILTERS } from "../schemas/read";
import { OTHER, type CallLabels } from "./labels";

// The per-server and per-tool series of tools/call calls: kept here as plain counts keyed by
// their labels (so a name the ranking drops can be taken off, lib/metrics/labels), and handed
// to prom-client at scrape time, which writes — and escapes — the text. The project's name is
// added then, from the projects table: a renamed project's series carry the new name at once.

export const TOOL_CALLS = {
  name: "faultline_tool_calls_total",
  help: 'tools/call calls stored, by project (id and name), server (the project\'s FAULTLINE_METRICS_TOP_SERVERS busiest over 7 days; "other" for the rest) and outcome (ok, silent_failure, tool_error, protocol_error, transport_error).',
};
export const TOOL_CALL_FAILURES = {
  name: "faultline_tool_call_failures_total",
  help: "tools/call calls that failed (every outcome but ok), by project (id and name), server and category (none: no category).",
};
export const TOOL_CALLS_BY_TOOL = {
  name: "faultline_tool_calls_by_tool_total",
  help: 'tools/call calls stored, by project (id and name), server, tool (the project\'s FAULTLINE_METRICS_TOP_TOOLS busiest server and tool pairs over 7 days; "other" for the rest) and outcome.',
};
export const TOOL_CALL_DURATION = {
  name: "faultline_tool_call_duration_seconds",
  help: "Duration of tools/call calls as reported by the sender (calls without a duration not observed), by project (id and name) and server. Buckets as the rollups' (p95 on the Tools page).",
};

/** The outcome label's values: a silent failure apart from ok (lib/schemas/read: reportedOutcome). */
export const REPORTED_OUTCOMES = OUTCOME_FILTERS;

/** Seconds: the rollups' own duration bounds, so a quantile here matches the Tools page's bucket. */
export const TOOL_CALL_DURATION_BUCKETS = DURATION_BOUNDS_MS.map((bound) => bound / 1000);

export interface ToolCallFacts {
  outcome: string;
  category: string;
  durationMs: number | null | undefined;
}

interface Count {
  projectId: string;
  labels: Record<string, string>;
  value: number;
}

interface Durations {
  projectId: string;
  server: string;
  buckets: number[];
  sum: number;
  count: number;
}

const SEP = "\u0000";
const key = (a: string, b: string, c?: string, d?: string) =>
  d !== undefined ? a + SEP + b + SEP + c + SEP + d : c !== undefined ? a + SEP + b + SEP + c : a + SEP + b;

export class ToolCallSeries {
  private readonly byServer = new Map<string, Count>();
  private readonly failures = new Map<string, Count>();
  private readonly byTool = new Map<string, Count>();
  private readonly durations = new Map<string, Durations>();

  /**
   * Starts every outcome's series of these names at 0 before their calls come, so Prometheus
   * sees each one's first call as an increase — rate() and increase() cannot count the value a
   * series is born with. (The names a ranking holds; "other" included.)
   */
  declare(projectId: string, servers: readonly string[], tools: readonly CallLabels[]): void {
    for (const server of [...servers, OTHER]) {
      for (const outcome of REPORTED_OUTCOMES) {
        bump(this.byServer, key(projectId, server, outcome), projectId, { server, outcome }, 0);
        bump(
          this.byTool,
          key(projectId, server, OTHER, outcome),
          projectId,
          { server, tool: OTHER, outcome },
          0,
        );
      }
    }
    for (const { server, tool } of tools) {
      for (const outcome of REPORTED_OUTCOMES) {
        bump(this.byTool, key(projectId, server, tool, outcome), projectId, { server, tool, outcome }, 0);
      }
    }
  }

  record(projectId: string, labels: CallLabels, call: ToolCallFacts): void {
    const { server, tool } = labels;
    bump(this.byServer, key(projectId, server, call.outcome), projectId, { server, outcome: call.outcome });
    if (call.outcome !== "ok") {
      bump(this.failures, key(projectId, server, call.category), projectId, {
        server,
        category: call.category,
      });
    }
    bump(this.byTool, key(projectId, server, tool, call.outcome), projectId, {
      server,
      tool,
      outcome: call.outcome,
    });
    if (typeof call.durationMs === "number" && Number.isFinite(call.durationMs) && call.durationMs >= 0) {
      const durationKey = key(projectId, server);
      const entry = this.durations.get(durationKey) ?? {
        projectId,
        server,
        buckets: new Array<number>(TOOL_CALL_DURATION_BUCKETS.length).fill(0),
        sum: 0,
        count: 0,
      };
      const seconds = call.durationMs / 1000;
      let index = 0;
      while (index < TOOL_CALL_DURATION_BUCKETS.length && seconds > TOOL_CALL_DURATION_BUCKETS[index]!)
        index++;
      if (index < TOOL_CALL_DURATION_BUCKETS.length) entry.buckets[index]! += 1;
      entry.sum += seconds;
      entry.count += 1;
      this.durations.set(durationKey, entry);
    }
  }

  /** Takes off the series of names the ranking no longer holds (their calls now count under "other"). */
  drop(projectId: string, dropped: { servers: string[]; tools: CallLabels[] }): void {
    const servers = new Set(dropped.servers);
    const tools = new Set(dropped.tools.map((pair) => key(pair.server, pair.tool)));
    const gone = (entry: { projectId: string; server: string; tool?: string }) =>
      entry.projectId === projectId &&
      (servers.has(entry.server) || (entry.tool !== undefined && tools.has(key(entry.server, entry.tool))));
    for (const map of [this.byServer, this.failures, this.byTool]) {
      for (const [entryKey, entry] of map) {
        if (gone({ projectId: entry.projectId, server: entry.labels.server!, tool: entry.labels.tool })) {
          map.delete(entryKey);
        }
      }
    }
    for (const [entryKey, entry] of this.durations) if (gone(entry)) this.durations.delete(entryKey);
  }

  /**
   * The four families for one answer: only the projects `shown` admits, each series labelled
   * with its project's id and name. Objects prom-client's Registry formats as its own metrics.
   */
  families(shown: (projectId: string) => boolean, names: ReadonlyMap<string, string>): Metric[] {
    const projectLabels = (projectId: string) => ({
      project: projectId,
      project_name: names.get(projectId) ?? "",
    });
    const counts = (map: Map<string, Count>) =>
      [...map.values()]
        .filter((entry) => shown(entry.projectId))
        .map((entry) => ({
          labels: { ...projectLabels(entry.projectId), ...entry.labels },
          value: entry.value,
        }));
    const histogram = [...this.durations.values()]
      .filter((entry) => shown(entry.projectId))
      .flatMap((entry) => {
        const labels = { ...projectLabels(entry.projectId), server: entry.server };
        let cumulative = 0;
        const buckets = TOOL_CALL_DURATION_BUCKETS.map((bound, index) => {
          cumulative += entry.buckets[index]!;
          return {
            metricName: `${TOOL_CALL_DURATION.name}_bucket`,
            labels: { ...labels, le: bound },
            value: cumulative,
          };
        });
        return [
          ...buckets,
          {
            metricName: `${TOOL_CALL_DURATION.name}_bucket`,
            labels: { ...labels, le: "+Inf" },
            value: entry.count,
          },
          { metricName: `${TOOL_CALL_DURATION.name}_sum`, labels, value: entry.sum },
          { metricName: `${TOOL_CALL_DURATION.name}_count`, labels, value: entry.count },
        ];
      });
    return [
      snapshot(TOOL_CALLS, "counter", counts(this.byServer)),
      snapshot(TOOL_CALL_FAILURES, "counter", counts(this.failures)),
      snapshot(TOOL_CALLS_BY_TOOL, "counter", counts(this.byTool)),
      snapshot(TOOL_CALL_DURATION, "histogram", histogram),
    ];
  }
}

function bump(
  map: Map<string, Count>,
  entryKey: string,
  projectId: string,
  labels: Record<string, string>,
  by = 1,
) {
  const entry = map.get(entryKey);
  if (entry) entry.value += by;
  else map.set(entryKey, { projectId, labels, value: by });
}

/**
 * A metric as a Registry reads it: prom-client formats any registered metric from what its
 * get() answers (name, help, type, values with labels and an optional sample name), escaping
 * label values per the text format — so names a sender or an operator chose stay inert.
 */
function snapshot(
  family: { name: string; help: string },
  type: "counter" | "histogram",
  values: { labels: Record<string, string | number>; value: number; metricName?: string }[],
): Metric {
  const result = { ...family, type, values, aggregator: "sum" as const };
  return { ...family, type, aggregator: "sum", get: () => Promise.resolve(result) } as unknown as Metric;
}
