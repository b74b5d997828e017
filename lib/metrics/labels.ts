import type { RankedLabels } from "../queries/metric-labels";

// Which server and tool names a project's per-server and per-tool series may carry — the one
// bound on their cardinality. The names are the project's busiest by volume as the database
// ranks them (lib/queries/metric-labels: tools/call calls over the last 7 days), never the
// names a sender happens to send: anything else is counted under "other". So a sender
// inventing a million server names adds nothing but volume to "other", and every instance on
// the database labels alike.
//
// The ranking is read again when it is older than RANKING_MAX_AGE_MS, and at once when a call
// names a server (or tool) the ranking does not hold while it still has room — a new project's
// first servers are named from their first call, not an hour later. Once full, an unknown
// name costs no query: it is "other" until it outranks a named one over the week.

export const OTHER = "other";
export const RANKING_MAX_AGE_MS = 10 * 60_000;

export interface LabelLimits {
  topServers: number;
  topTools: number;
}

type Rank = (projectId: string) => Promise<RankedLabels>;

interface ProjectLabels {
  servers: Set<string>;
  /** `server\u0000tool` of the named pairs. */
  tools: Set<string>;
  /** When the ranking in force was started (a call stored before then is in it). */
  rankedAt: number;
  pending?: { startedAt: number; done: Promise<void> };
}

const pairKey = (server: string, tool: string) => `${server}\u0000${tool}`;

export interface CallLabels {
  server: string;
  tool: string;
}

export class MetricLabels {
  private readonly projects = new Map<string, ProjectLabels>();

  constructor(
    private readonly rank: Rank,
    private readonly limits: LabelLimits,
    /** Told of each ranking applied: the names it holds, and those it dropped (their series go). */
    private readonly onRanked: (
      projectId: string,
      ranking: {
        servers: string[];
        tools: CallLabels[];
        dropped: { servers: string[]; tools: CallLabels[] };
      },
    ) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Makes sure the ranking can label these calls, stored at `storedAt`: reads it when the
   * project has none yet, or when a call names something new while there is room (once per
   * ranking started after the store). A ranking gone stale is refreshed in the background.
   */
  async prepare(projectId: string, calls: readonly CallLabels[], storedAt = this.now()): Promise<void> {
    let state = this.projects.get(projectId);
    if (!state) {
      await this.refresh(projectId, storedAt);
      state = this.projects.get(projectId);
      if (!state) return;
    }
    if (state.rankedAt < storedAt && calls.some((call) => this.wouldBeNamed(state, call))) {
      await this.refresh(projectId, storedAt);
    } else if (this.now() - state.rankedAt > RANKING_MAX_AGE_MS) {
      void this.refresh(projectId, this.now()).catch(() => undefined);
    }
  }

  /** Reads the project's ranking again now (what the periodic refresh does when it is due). */
  rerank(projectId: string): Promise<void> {
    return this.refresh(projectId, this.now() + 1);
  }

  /** The labels a call is counted under now. */
  labelsOf(projectId: string, call: CallLabels): CallLabels {
    const state = this.projects.get(projectId);
    if (!state?.servers.has(call.server)) return { server: OTHER, tool: OTHER };
    return {
      server: call.server,
      tool: state.tools.has(pairKey(call.server, call.tool)) ? call.tool : OTHER,
    };
  }

  /** A name the ranking lacks while it has room: a ranking read now would (likely) name it. */
  private wouldBeNamed(state: ProjectLabels, call: CallLabels): boolean {
    if (!state.servers.has(call.server)) return state.servers.size < this.limits.topServers;
    return !state.tools.has(pairKey(call.server, call.tool)) && state.tools.size < this.limits.topTools;
  }

  /** Reads the ranking unless one started at or after `after` is in force or under way. */
  private async refresh(projectId: string, after: number): Promise<void> {
    for (;;) {
      const state = this.projects.get(projectId);
      if (state && state.rankedAt >= after) return;
      if (state?.pending) {
        const { startedAt, done } = state.pending;
        await done.catch(() => undefined);
        if (startedAt >= after) return;
        continue;
      }
      const startedAt = this.now();
      const done = this.rank(projectId).then((ranked) => this.apply(projectId, ranked, startedAt));
      if (state) state.pending = { startedAt, done };
      else
        this.projects.set(projectId, {
          servers: new Set(),
          tools: new Set(),
          rankedAt: -Infinity,
          pending: { startedAt, done },
        });
      try {
        await done;
      } finally {
        const current = this.projects.get(projectId);
        if (current?.pending?.done === done) current.pending = undefined;
      }
      return;
    }
  }

  private apply(projectId: string, ranked: RankedLabels, startedAt: number): void {
    const state = this.projects.get(projectId)!;
    const servers = new Set(ranked.servers.slice(0, this.limits.topServers));
    const tools = new Set(
      ranked.tools
        .filter((pair) => servers.has(pair.server))
        .slice(0, this.limits.topTools)
        .map((pair) => pairKey(pair.server, pair.tool)),
    );
    const droppedServers = [...state.servers].filter((server) => !servers.has(server));
    const droppedTools = [...state.tools]
      .filter((key) => !tools.has(key))
      .map((key) => {
        const [server = "", tool = ""] = key.split("\u0000");
        return { server, tool };
      });
    state.servers = servers;
    state.tools = tools;
    state.rankedAt = startedAt;
    this.onRanked(projectId, {
      servers: [...servers],
      tools: ranked.tools.filter((pair) => tools.has(pairKey(pair.server, pair.tool))),
      dropped: { servers: droppedServers, tools: droppedTools },
    });
  }
}
