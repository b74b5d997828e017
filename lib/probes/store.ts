import type { Pool, PoolClient } from "pg";
import { InvalidInputError } from "../errors";
import { HttpError } from "../http/errors";
import { jsonStorable } from "../schemas/strings";
import type { DriftEvent, ToolShape } from "./drift";
import {
  assertTransportFields,
  type ProbeCallSpec,
  type ProbeInput,
  type ProbeTransport,
} from "./definition";

// Probes and their runs in PostgreSQL. A probe's headers are secrets: read here for the runner,
// never returned by a view (lib/probes/views.ts shows their names only).

export interface Probe extends ProbeInput {
  projectId: string;
  id: string;
  nextRunAt: Date;
  lastTools: ToolShape[] | null;
  lastFingerprint: string | null;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface RunStep {
  step: string;
  ok: boolean;
  durationMs: number;
  /** The call this step stored (route probe), or null when it could not be stored. */
  callId: string | null;
  outcome?: string;
  category?: string | null;
  /** Why the step failed: the outcome, an unmet expectation. */
  reason?: string;
}

export interface ProbeRun {
  projectId: string;
  id: string;
  probeId: string;
  server: string;
  startedAt: Date;
  durationMs: number;
  ok: boolean;
  reason: string | null;
  steps: RunStep[];
  drift: DriftEvent[];
  driftSeverity: string | null;
  runner: string;
}

const PROBE_COLUMNS = `project_id, id, name, server, transport, url, command, headers, interval_seconds, timeout_ms,
  call, enabled, next_run_at, last_tools, last_fingerprint, created_by, created_at, updated_at`;

interface ProbeRow {
  project_id: string;
  id: string;
  name: string;
  server: string;
  transport: ProbeTransport;
  url: string | null;
  command: string[] | null;
  headers: Record<string, string>;
  interval_seconds: number;
  timeout_ms: number;
  call: ProbeCallSpec | null;
  enabled: boolean;
  next_run_at: Date;
  last_tools: ToolShape[] | null;
  last_fingerprint: string | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
}

function probeOf(row: ProbeRow): Probe {
  return {
    projectId: row.project_id,
    id: row.id,
    name: row.name,
    server: row.server,
    transport: row.transport,
    url: row.url,
    command: row.command,
    headers: row.headers ?? {},
    intervalSeconds: row.interval_seconds,
    timeoutMs: row.timeout_ms,
    call: row.call,
    enabled: row.enabled,
    nextRunAt: row.next_run_at,
    lastTools: row.last_tools,
    lastFingerprint: row.last_fingerprint,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function probeNotFound(id: string): HttpError {
  return new HttpError(404, "not_found", `no probe with id "${id.slice(0, 64)}" in this project`);
}

function nameTaken(name: string): HttpError {
  return new HttpError(
    409,
    "conflict",
    `a probe named "${name.slice(0, 100)}" already exists in this project`,
  );
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === "23505";

/** Probes a project may hold: every instance's loop claims from them, every page lists them. */
export const MAX_PROBES_PER_PROJECT = 100;

export async function createProbe(
  pool: Pool,
  projectId: string,
  input: ProbeInput,
  actor: string,
): Promise<Probe> {
  try {
    const { rows } = await pool.query<ProbeRow>(
      `INSERT INTO probes (project_id, name, server, transport, url, command, headers, interval_seconds, timeout_ms,
                           call, enabled, created_by)
       SELECT $1::uuid, $2::text, $3::text, $4::text, $5::text, $6::text[], $7::jsonb, $8::int, $9::int, $10::jsonb,
              $11::boolean, $12::text
        WHERE (SELECT count(*) FROM probes WHERE project_id = $1::uuid) < ${MAX_PROBES_PER_PROJECT}
       RETURNING ${PROBE_COLUMNS}`,
      [
        projectId,
        input.name,
        input.server,
        input.transport,
        input.url,
        input.command,
        JSON.stringify(input.headers),
        input.intervalSeconds,
        input.timeoutMs,
        input.call === null ? null : JSON.stringify(input.call),
        input.enabled,
        actor,
      ],
    );
    // The cap is checked in the inserting statement: two creations at once may pass it by one.
    if (!rows[0]) {
      throw new InvalidInputError([
        {
          path: "(body)",
          message: `a project may have at most ${MAX_PROBES_PER_PROJECT} probes; delete one first`,
        },
      ]);
    }
    return probeOf(rows[0]);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
}

export async function listProbes(
  pool: Pool,
  projectId: string,
  filter: { transport?: ProbeTransport; server?: string } = {},
): Promise<Probe[]> {
  const { rows } = await pool.query<ProbeRow>(
    `SELECT ${PROBE_COLUMNS} FROM probes
      WHERE project_id = $1 AND ($2::text IS NULL OR transport = $2) AND ($3::text IS NULL OR server = $3)
      ORDER BY name`,
    [projectId, filter.transport ?? null, filter.server ?? null],
  );
  return rows.map(probeOf);
}

export async function getProbe(pool: Pool | PoolClient, projectId: string, id: string): Promise<Probe> {
  if (!UUID.test(id)) throw probeNotFound(id);
  const { rows } = await pool.query<ProbeRow>(
    `SELECT ${PROBE_COLUMNS} FROM probes WHERE project_id = $1 AND id = $2`,
    [projectId, id],
  );
  if (!rows[0]) throw probeNotFound(id);
  return probeOf(rows[0]);
}

export async function updateProbe(
  pool: Pool,
  projectId: string,
  id: string,
  patch: Partial<ProbeInput>,
): Promise<Probe> {
  const current = await getProbe(pool, projectId, id);
  const next: ProbeInput = { ...current, ...patch };
  assertTransportFields(next);
  try {
    const { rows } = await pool.query<ProbeRow>(
      `UPDATE probes SET name = $3, server = $4, url = $5, command = $6, headers = $7, interval_seconds = $8,
              timeout_ms = $9, call = $10, enabled = $11, updated_at = now(),
              -- a changed schedule starts from now; a re-enabled probe runs at once
              next_run_at = CASE WHEN $8 <> interval_seconds OR ($11 AND NOT enabled) THEN now() ELSE next_run_at END
        WHERE project_id = $1 AND id = $2
        RETURNING ${PROBE_COLUMNS}`,
      [
        projectId,
        id,
        next.name,
        next.server,
        next.url,
        next.command,
        JSON.stringify(next.headers),
        next.intervalSeconds,
        next.timeoutMs,
        next.call === null ? null : JSON.stringify(next.call),
        next.enabled,
      ],
    );
    if (!rows[0]) throw probeNotFound(id);
    return probeOf(rows[0]);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(next.name);
    throw error;
  }
}

export async function deleteProbe(pool: Pool, projectId: string, id: string): Promise<void> {
  if (!UUID.test(id)) throw probeNotFound(id);
  const { rowCount } = await pool.query(`DELETE FROM probes WHERE project_id = $1 AND id = $2`, [
    projectId,
    id,
  ]);
  if (!rowCount) throw probeNotFound(id);
}

/**
 * Claims the HTTP probes due at `now`, at most `limit`, across every project: each claimed row's
 * next run moves one interval on in the same statement, so another instance claiming at the same
 * moment finds it no longer due — each occasion runs once. The lease keeps a run that outlasts
 * its interval from overlapping the next; it is released when the run is recorded.
 */
export async function claimDueProbes(pool: Pool, now: Date, limit: number): Promise<Probe[]> {
  const { rows } = await pool.query<ProbeRow>(
    `WITH due AS (
       SELECT project_id, id FROM probes
        WHERE enabled AND transport <> 'stdio' AND next_run_at <= $1
          AND (leased_until IS NULL OR leased_until <= $1)
        ORDER BY next_run_at
        LIMIT $2
        FOR UPDATE SKIP LOCKED
     )
     UPDATE probes p
        SET next_run_at = greatest(p.next_run_at + make_interval(secs => p.interval_seconds),
                                   $1::timestamptz + make_interval(secs => p.interval_seconds / 2)),
            leased_until = $1::timestamptz + make_interval(secs => (3 * p.timeout_ms + 5000) / 1000.0)
       FROM due
      WHERE p.project_id = due.project_id AND p.id = due.id
      RETURNING ${PROBE_COLUMNS.split(",")
        .map((column) => `p.${column.trim()}`)
        .join(", ")}`,
    [now, limit],
  );
  return rows.map(probeOf);
}

/** Stores a run, the tool list it saw (to compare the next with), and releases the lease. */
export async function insertRun(
  client: PoolClient,
  run: Omit<ProbeRun, "id">,
  tools: { list: ToolShape[]; fingerprint: string } | null,
): Promise<ProbeRun> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO probe_runs (project_id, probe_id, server, started_at, duration_ms, ok, reason, steps, drift,
                             drift_severity, runner)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      run.projectId,
      run.probeId,
      run.server,
      run.startedAt,
      run.durationMs,
      run.ok,
      run.reason,
      // A server's words (a tool's name, an error's text) may hold what jsonb refuses.
      JSON.stringify(jsonStorable(run.steps)),
      JSON.stringify(jsonStorable(run.drift)),
      run.driftSeverity,
      run.runner,
    ],
  );
  await client.query(
    // The tool list is rewritten only when it changed: an unchanged one keeps its stored value
    // (no new TOAST rows for a list of schemas every minute).
    `UPDATE probes SET leased_until = NULL,
            last_tools = CASE WHEN $3::jsonb IS NULL OR $4 IS NOT DISTINCT FROM last_fingerprint
                              THEN last_tools ELSE $3::jsonb END,
            last_fingerprint = coalesce($4, last_fingerprint)
      WHERE project_id = $1 AND id = $2`,
    [
      run.projectId,
      run.probeId,
      tools ? JSON.stringify(jsonStorable(tools.list)) : null,
      tools?.fingerprint ?? null,
    ],
  );
  return { ...run, id: rows[0]!.id };
}

interface RunRow {
  project_id: string;
  id: string;
  probe_id: string;
  server: string;
  started_at: Date;
  duration_ms: number;
  ok: boolean;
  reason: string | null;
  steps: RunStep[];
  drift: DriftEvent[];
  drift_severity: string | null;
  runner: string;
}

const runOf = (row: RunRow): ProbeRun => ({
  projectId: row.project_id,
  id: row.id,
  probeId: row.probe_id,
  server: row.server,
  startedAt: row.started_at,
  durationMs: row.duration_ms,
  ok: row.ok,
  reason: row.reason,
  steps: row.steps,
  drift: row.drift,
  driftSeverity: row.drift_severity,
  runner: row.runner,
});

const RUN_COLUMNS = `project_id, id, probe_id, server, started_at, duration_ms, ok, reason, steps, drift, drift_severity, runner`;

export async function listRuns(
  pool: Pool,
  projectId: string,
  filter: { probeId?: string; server?: string; driftOnly?: boolean },
  limit: number,
): Promise<ProbeRun[]> {
  if (filter.probeId !== undefined && !UUID.test(filter.probeId)) throw probeNotFound(filter.probeId);
  const { rows } = await pool.query<RunRow>(
    `SELECT ${RUN_COLUMNS} FROM probe_runs
      WHERE project_id = $1 AND ($2::uuid IS NULL OR probe_id = $2) AND ($3::text IS NULL OR server = $3)
        AND (NOT $4 OR drift_severity IS NOT NULL)
      ORDER BY started_at DESC, id LIMIT $5`,
    [projectId, filter.probeId ?? null, filter.server ?? null, filter.driftOnly ?? false, limit],
  );
  return rows.map(runOf);
}

export interface DayStatus {
  day: string;
  runs: number;
  failed: number;
}

/** A server's probe runs per UTC day over the last `days` days (the status bar). */
export async function dailyStatus(
  pool: Pool,
  projectId: string,
  server: string,
  now: Date,
  days = 90,
): Promise<DayStatus[]> {
  const { rows } = await pool.query<{ day: string; runs: string; failed: string }>(
    `SELECT to_char(date_trunc('day', started_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day,
            count(*) AS runs, count(*) FILTER (WHERE NOT ok) AS failed
       FROM probe_runs
      WHERE project_id = $1 AND server = $2 AND started_at > $3::timestamptz - make_interval(days => $4)
      GROUP BY 1 ORDER BY 1`,
    [projectId, server, now, days],
  );
  return rows.map((row) => ({ day: row.day, runs: Number(row.runs), failed: Number(row.failed) }));
}

/**
 * Each probe's latest run (Settings → Probes' last-run column): one index lookup per probe
 * (probe_runs_by_probe), never a scan of the project's runs — a day of runs every minute on ten
 * servers is 14,400 rows, 90 days 1.3 million.
 */
export async function latestRunByProbe(pool: Pool, projectId: string): Promise<Map<string, ProbeRun>> {
  const { rows } = await pool.query<RunRow>(
    `SELECT r.* FROM probes p
       CROSS JOIN LATERAL (
         SELECT ${RUN_COLUMNS} FROM probe_runs
          WHERE project_id = p.project_id AND probe_id = p.id
          ORDER BY started_at DESC LIMIT 1
       ) r
      WHERE p.project_id = $1`,
    [projectId],
  );
  return new Map(rows.map((row) => [row.probe_id, runOf(row)]));
}

/** Each probed server's latest run (the Servers page's state column): its probes' latest, the newest. */
export async function latestRunByServer(pool: Pool, projectId: string): Promise<Map<string, ProbeRun>> {
  const latest = new Map<string, ProbeRun>();
  for (const run of (await latestRunByProbe(pool, projectId)).values()) {
    const known = latest.get(run.server);
    if (!known || run.startedAt > known.startedAt) latest.set(run.server, run);
  }
  return latest;
}

/** Runs older than `days` days go (the calls they stored follow the calls' own retention). */
export async function pruneRuns(pool: Pool, now: Date, days = 90): Promise<number> {
  const { rowCount } = await pool.query(
    `DELETE FROM probe_runs WHERE started_at < $1::timestamptz - make_interval(days => $2)`,
    [now, days],
  );
  return rowCount ?? 0;
}
