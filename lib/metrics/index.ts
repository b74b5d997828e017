import type { Pool } from "pg";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Outcome } from "../classify/types";
import type { Queryable } from "../db/queryable";
import { getEnv } from "../env";
import { SKIP_REASONS, type SkipCounts } from "../ingest/otlp/skipped";
import { rankMetricLabels } from "../queries/metric-labels";
import { TOOL_CALL } from "../rollups";
import { callSchema, type FieldError } from "../schemas/call";
import { reportedOutcome } from "../schemas/read";
import { MetricLabels } from "./labels";
import {
  TOOL_CALL_DURATION,
  TOOL_CALL_FAILURES,
  TOOL_CALLS,
  TOOL_CALLS_BY_TOOL,
  ToolCallSeries,
} from "./tool-calls";

// Faultline's Prometheus metrics: the registry, every metric's definition, and the functions
// the ingest path, the API wrapper and /metrics call. No Next.js here: the ingest endpoints
// run under our own node:http server and the rest under Next.js, in separate module graphs —
// the metrics live on globalThis so both record into (and /metrics reads) the same ones.
//
// Label cardinality: every label value comes from a small set fixed by this code (endpoint,
// status class, outcome, category, our own error codes, call-schema field names), from the
// deployment (project ids and names: as many as the operator creates), or — server and tool,
// on the tools/call series only — from a per-project ranking bounded by configuration
// (lib/metrics/labels: FAULTLINE_METRICS_TOP_SERVERS / _TOP_TOOLS busiest, the rest
// "other"). Never label by anything a sender controls as such — a name it invents, an error
// code, session, agent, text, a span attribute name: one sender could then create unbounded
// series and exhaust this process's memory and Prometheus's.

export const INGEST_ENDPOINTS = ["webhook", "otlp"] as const;
export type IngestEndpoint = (typeof INGEST_ENDPOINTS)[number];

export const DATABASE_ERRORS = ["unavailable", "query_timeout", "busy", "conflict"] as const;
export type DatabaseErrorKind = (typeof DATABASE_ERRORS)[number];

/** Seconds; ingest requests are milliseconds normally, seconds under load or with big OTLP batches. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The call fields a rejection can be reported under: the webhook schema's own keys, nothing else. */
const CALL_FIELDS = new Set(Object.keys(callSchema.shape));

const CALLS_INGESTED = {
  name: "faultline_calls_ingested_total",
  help: "Calls stored, every method (duplicates of stored calls not counted), by project (id and name), outcome (silent_failure apart from ok) and category (none: no category).",
  labelNames: ["project", "project_name", "outcome", "category"] as const,
};

/**
 * The families a project's view shows (a read key's or a signed-in session's scrape): its own
 * series of these and nothing else (renderMetrics). Settings lists them as what a read key sees.
 */
export const PROJECT_SERIES = [
  TOOL_CALLS,
  TOOL_CALL_FAILURES,
  TOOL_CALLS_BY_TOOL,
  TOOL_CALL_DURATION,
  CALLS_INGESTED,
].map(({ name, help }) => ({ name, help }));

function create() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Counted by project id; the name is added at scrape time (a rename shows at once).
  const callsIngested = new Counter({
    ...CALLS_INGESTED,
    labelNames: ["project", "outcome", "category"] as const,
    registers: [],
  });
  const toolCalls = new ToolCallSeries();
  const env = getEnv();
  // The pool the ranking is read from: the one the calls were just stored through.
  let rankingPool: Queryable | undefined;
  const labels = new MetricLabels(
    (projectId) => {
      if (!rankingPool) return Promise.reject(new Error("no database to rank labels from"));
      return rankMetricLabels(rankingPool, projectId, {
        topServers: env.FAULTLINE_METRICS_TOP_SERVERS,
        topTools: env.FAULTLINE_METRICS_TOP_TOOLS,
      });
    },
    { topServers: env.FAULTLINE_METRICS_TOP_SERVERS, topTools: env.FAULTLINE_METRICS_TOP_TOOLS },
    (projectId, ranking) => {
      toolCalls.drop(projectId, ranking.dropped);
      toolCalls.declare(projectId, ranking.servers, ranking.tools);
    },
  );
  return {
    registry,
    /** Per-project series, kept apart: a key's scrape shows only its own project's. */
    callsIngested,
    /** Per-project tools/call series by server and tool, kept apart likewise. */
    toolCalls,
    labels,
    useRankingPool: (pool: Queryable) => void (rankingPool = pool),
    /** Project names by id, as last read (the labels of a scrape while the database is down). */
    projectNames: new Map<string, string>(),
    ingestDuration: new Histogram({
      name: "faultline_ingest_request_duration_seconds",
      help: "Time to answer an ingest request, by endpoint (webhook, otlp) and status class (2xx, 4xx, 5xx).",
      labelNames: ["endpoint", "status_class"] as const,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    rejectedItems: new Counter({
      name: "faultline_ingest_rejected_total",
      help: "Calls (webhook) and spans (OTLP) refused in requests that were otherwise accepted, by endpoint, kind (call, span) and reason: the call field that failed validation (occurredAt, server, …; other for any other path), or unreadable for an MCP span that could not be read.",
      labelNames: ["endpoint", "kind", "reason"] as const,
      registers: [registry],
    }),
    skippedSpans: new Counter({
      name: "faultline_otlp_spans_skipped_total",
      help: "OTLP spans received in accepted requests that are not MCP calls, so not stored (nor rejected), by reason: not_mcp (no MCP method: HTTP, database, LLM spans…), notification (an MCP notification: no outcome), session (a span around a whole MCP session).",
      labelNames: ["reason"] as const,
      registers: [registry],
    }),
    rejectedRequests: new Counter({
      name: "faultline_ingest_requests_rejected_total",
      help: "Ingest requests refused whole (nothing stored), by endpoint and error code (invalid_json, invalid_body, payload_too_large, rate_limited, unauthorized, database_unavailable, …).",
      labelNames: ["endpoint", "code"] as const,
      registers: [registry],
    }),
    databaseErrors: new Counter({
      name: "faultline_database_errors_total",
      help: "API requests failed by the database: unavailable (down or unreachable), query_timeout (a read over FAULTLINE_READ_TIMEOUT_MS), busy (no pool connection free in time), conflict (a write that lost every retry against concurrent writers).",
      labelNames: ["kind"] as const,
      registers: [registry],
    }),
    writeRetries: new Counter({
      name: "faultline_ingest_write_retries_total",
      help: "Ingest transactions run again after losing a deadlock or serialization race to a concurrent writer (nothing of the lost attempt was written).",
      registers: [registry],
    }),
    workerRecycles: new Counter({
      name: "faultline_ingest_worker_recycles_total",
      help: "Times the ingest worker threads were replaced by a fresh set after FAULTLINE_INGEST_WORKER_RECYCLE_JOBS jobs (their heaps and allocator memory returned to the system); 0 while recycling is off.",
      registers: [registry],
    }),
    poolWaiting: new Gauge({
      name: "faultline_db_pool_waiting",
      help: "Requests waiting for a connection of a database pool (ingest: writes, auth, settings; read: dashboard and read API), at scrape time.",
      labelNames: ["pool"] as const,
      registers: [registry],
    }),
    poolConnections: new Gauge({
      name: "faultline_db_pool_connections",
      help: "Connections of a database pool at scrape time, by state: total (open) and idle.",
      labelNames: ["pool", "state"] as const,
      registers: [registry],
    }),
    foldLag: new Histogram({
      name: "faultline_fold_lag_seconds",
      help: "Time from an ingest transaction's commit to the fold of its calls into the rollups and read models (the pages' and alerts' lag behind acknowledged calls).",
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
      registers: [registry],
    }),
    foldBacklog: new Gauge({
      name: "faultline_fold_backlog_seconds",
      help: "At scrape time, how long the oldest stored call not yet folded into the rollups and read models has waited (0 when none): how far pages and alerts are behind.",
      registers: [registry],
    }),
    alertEvaluations: new Counter({
      name: "faultline_alert_evaluations_total",
      help: "Alert rule evaluations.",
      registers: [registry],
    }),
    alertDeliveries: new Counter({
      name: "faultline_alert_deliveries_total",
      help: "Alert notification delivery attempts, by result.",
      labelNames: ["result"] as const,
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof create>;

const holder = globalThis as typeof globalThis & { __faultlineMetrics?: Metrics };

/** The process's metrics (created on first use). */
export function metrics(): Metrics {
  holder.__faultlineMetrics ??= create();
  return holder.__faultlineMetrics;
}

export interface StoredCall {
  method: string;
  server: string;
  tool?: string | null;
  outcome: Outcome;
  silentFailure: boolean;
  category: string | null;
  durationMs?: number | null;
}

/**
 * Calls just stored, counted under their project, outcome (a silent failure as its own value,
 * lib/schemas/read's reportedOutcome) and category; tools/call calls also under their server
 * and tool as the project's ranking names them. Never throws: the calls are stored already,
 * and a ranking that cannot be read leaves their names "other".
 */
export async function recordCallsStored(
  pool: Queryable,
  projectId: string,
  calls: readonly StoredCall[],
): Promise<void> {
  const m = metrics();
  for (const call of calls) {
    m.callsIngested.inc({
      project: projectId,
      outcome: reportedOutcome(call),
      category: call.category ?? "none",
    });
  }
  const toolCalls = calls
    .filter((call) => call.method === TOOL_CALL)
    .map((call) => ({ call, names: { server: call.server, tool: call.tool ?? "" } }));
  if (toolCalls.length === 0) return;
  m.useRankingPool(pool);
  await m.labels
    .prepare(
      projectId,
      toolCalls.map(({ names }) => names),
    )
    .catch(() => undefined);
  for (const { call, names } of toolCalls) {
    m.toolCalls.record(projectId, m.labels.labelsOf(projectId, names), {
      outcome: reportedOutcome(call),
      category: call.category ?? "none",
      durationMs: call.durationMs,
    });
  }
}

/** What a rejected call or span is counted under: its first failing field, when it is a call field. */
export function rejectionReason(errors: FieldError[]): string {
  const field = errors[0]?.path.split(".")[0] ?? "";
  return CALL_FIELDS.has(field) ? field : "other";
}

export function recordRejected(
  endpoint: IngestEndpoint,
  kind: "call" | "span",
  rejections: { errors: FieldError[] }[],
): void {
  for (const rejection of rejections) {
    metrics().rejectedItems.inc({ endpoint, kind, reason: rejectionReason(rejection.errors) });
  }
}

export function recordUnreadableSpans(endpoint: IngestEndpoint, count: number): void {
  if (count > 0) metrics().rejectedItems.inc({ endpoint, kind: "span", reason: "unreadable" }, count);
}

/** Spans that were not MCP calls, by reason (the reasons are ours: anything else in `counts` is ignored). */
export function recordSkippedSpans(counts: SkipCounts | undefined): void {
  if (!counts) return;
  for (const reason of SKIP_REASONS) {
    const count = counts[reason];
    if (Number.isInteger(count) && count > 0) metrics().skippedSpans.inc({ reason }, count);
  }
}

/** A request under the OTLP base for a signal Faultline does not read (metrics, logs): answered 404. */
export function recordOtlpNotServed(): void {
  metrics().rejectedRequests.inc({ endpoint: "otlp", code: "not_served" });
}

/** One ingest request answered; `code` is the error code of a refused request (our own, a fixed set). */
export function recordIngestRequest(
  endpoint: IngestEndpoint,
  status: number,
  seconds: number,
  code?: string,
): void {
  const m = metrics();
  m.ingestDuration.observe({ endpoint, status_class: `${Math.floor(status / 100)}xx` }, seconds);
  if (code) m.rejectedRequests.inc({ endpoint, code });
}

export function recordWriteRetry(): void {
  metrics().writeRetries.inc();
}

export function recordFoldLag(seconds: number): void {
  metrics().foldLag.observe(Math.max(0, seconds));
}

export function recordDatabaseError(kind: DatabaseErrorKind): void {
  metrics().databaseErrors.inc({ kind });
}

/** The fold's backlog at scrape time (lib/ingest/fold-status), on the instance's scrape. */
export function recordFoldBacklog(seconds: number): void {
  metrics().foldBacklog.set(Math.max(0, seconds));
}

export interface MetricsPools {
  ingest: Pick<Pool, "totalCount" | "idleCount" | "waitingCount">;
  read: Pick<Pool, "totalCount" | "idleCount" | "waitingCount">;
}

export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

/**
 * The text exposition. "instance": every metric, every project's series, and the pools sampled
 * now when the database is open. "project": that project's own series and nothing else — not
 * the process, the pools or any other sender's figures (who sees which: lib/auth/access.ts).
 * `projectNames` labels the per-project series with their project's name (the last names read
 * are kept for a scrape that cannot read them).
 */
export async function renderMetrics(
  options: ({ view: "instance"; pools?: MetricsPools } | { view: "project"; projectId: string }) & {
    projectNames?: ReadonlyMap<string, string>;
  },
): Promise<string> {
  const m = metrics();
  if (options.view === "instance" && options.pools) {
    for (const [pool, sample] of Object.entries(options.pools)) {
      m.poolWaiting.set({ pool }, sample.waitingCount);
      m.poolConnections.set({ pool, state: "total" }, sample.totalCount);
      m.poolConnections.set({ pool, state: "idle" }, sample.idleCount);
    }
  }
  if (options.projectNames) {
    m.projectNames.clear();
    for (const [id, name] of options.projectNames) m.projectNames.set(id, name);
  }
  const names = m.projectNames;
  const shows = (projectId: string) => options.view === "instance" || projectId === options.projectId;
  // The per-project series are copied, filtered and named, into a registry of their own for
  // this answer, so prom-client still writes the text.
  const shown = new Registry();
  const copy = new Counter({ ...CALLS_INGESTED, registers: [shown] });
  for (const { labels, value } of (await m.callsIngested.get()).values) {
    const project = String(labels.project);
    if (shows(project)) {
      copy.inc(
        {
          project,
          project_name: names.get(project) ?? "",
          outcome: String(labels.outcome),
          category: String(labels.category),
        },
        value,
      );
    }
  }
  for (const family of m.toolCalls.families(shows, names)) shown.registerMetric(family);
  if (options.view === "project") return shown.metrics();
  return `${await m.registry.metrics()}\n${await shown.metrics()}`;
}
