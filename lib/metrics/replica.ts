import { Counter, Gauge } from "prom-client";
import type { ReplicaMonitor } from "../db/replica";
import { metrics } from "./index";

// The read replica's gauges and where reads went, in the instance's /metrics (never in a
// project's view: they describe the instance). Kept apart from lib/metrics/index.ts; the
// gauges are read from the monitor at scrape time, so they are as fresh as its last check.

type ReplicaMetrics = ReturnType<typeof create>;

const holder = globalThis as typeof globalThis & {
  __faultlineReplicaMetrics?: ReplicaMetrics;
  __faultlineReplicaMonitor?: ReplicaMonitor;
};

const STATES = ["starting", "streaming", "lagging", "down", "not_standby"] as const;

function create() {
  const registers = [metrics().registry];
  const monitor = () => holder.__faultlineReplicaMonitor;
  return {
    lag: new Gauge({
      name: "faultline_read_replica_lag_seconds",
      help: "How far the read replica (FAULTLINE_READ_DATABASE_URL) was behind the primary at its last check: how long before then the newest WAL position it had replayed was the primary's. NaN before the first check.",
      registers,
      collect() {
        const lag = monitor()?.status().lagSeconds;
        this.set(lag ?? Number.NaN);
      },
    }),
    serving: new Gauge({
      name: "faultline_read_replica_serving",
      help: "1 while pages and the read API read from the replica; 0 while they fall back to the primary (replica down, not a standby, or behind by more than FAULTLINE_READ_REPLICA_MAX_LAG_SECONDS).",
      registers,
      collect() {
        this.set(monitor()?.status().state === "streaming" ? 1 : 0);
      },
    }),
    state: new Gauge({
      name: "faultline_read_replica_state",
      help: "The read replica's state as last checked: 1 for the current one of starting, streaming, lagging, down, not_standby.",
      labelNames: ["state"] as const,
      registers,
      collect() {
        const current = monitor()?.status().state;
        for (const state of STATES) this.set({ state }, state === current ? 1 : 0);
      },
    }),
    routed: new Counter({
      name: "faultline_reads_routed_total",
      help: "Dashboard and read-API requests by where their reads went (target: replica, primary) and why (replica; own_write: the user wrote lately; lagging, down, not_standby, starting: the replica could not serve; no_replica: none configured; down also counts reads retried on the primary after failing on the replica, miss a lookup the replica did not have, asked of the primary).",
      labelNames: ["target", "reason"] as const,
      registers,
    }),
  };
}

function replicaMetrics(): ReplicaMetrics {
  holder.__faultlineReplicaMetrics ??= create();
  return holder.__faultlineReplicaMetrics;
}

/** The monitor whose status the gauges show (the process has one database, so one monitor). */
export function watchReplica(monitor: ReplicaMonitor | undefined): void {
  holder.__faultlineReplicaMonitor = monitor;
  if (monitor) replicaMetrics();
}

export function recordReadRoute(target: "replica" | "primary", reason: string): void {
  replicaMetrics().routed.inc({ target, reason });
}
