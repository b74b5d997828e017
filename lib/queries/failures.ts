import type { Queryable } from "../db/connect";

// Failures grouped by signature ("the same problem"), from the signature read model.

export interface SignatureGroup {
  signature: string;
  server: string;
  tool: string;
  outcome: string;
  category: string | null;
  errorCode: string | null;
  silentFailure: boolean;
  exampleText: string;
  firstSeen: Date;
  lastSeen: Date;
  totalCalls: number;
  callsInWindow: number;
  isNew: boolean;
  sparkline: number[];
}

const SPARK_POINTS = 24;

export async function listFailureSignatures(
  pool: Queryable,
  projectId: string,
  window: { from: Date; to: Date; servers: string[] },
  limit = 100,
): Promise<SignatureGroup[]> {
  const params: unknown[] = [projectId, window.from, window.to, limit];
  let serverFilter = "";
  if (window.servers.length > 0) {
    params.push(window.servers);
    serverFilter = `AND s.server = ANY($5::text[])`;
  }
  const { rows } = await pool.query<{
    signature: string;
    server: string;
    tool: string;
    outcome: string;
    category: string;
    error_code: string;
    silent_failure: boolean;
    example_text: string;
    first_seen: Date;
    last_seen: Date;
    total: number;
    in_window: number;
  }>(
    `SELECT s.signature, s.server, s.tool, s.outcome, s.category, s.error_code, s.silent_failure, s.example_text,
            s.first_seen, s.last_seen, s.calls AS total, w.in_window
       FROM (SELECT signature, sum(calls)::int AS in_window
               FROM signature_rollups
              WHERE project_id = $1 AND bucket_start >= date_trunc('hour', $2::timestamptz) AND bucket_start < $3
              GROUP BY signature) w
       JOIN failure_signatures s ON s.project_id = $1 AND s.signature = w.signature
      WHERE true ${serverFilter}
      ORDER BY w.in_window DESC, s.last_seen DESC
      LIMIT $4`,
    params,
  );
  if (rows.length === 0) return [];

  const width = Math.max(
    3_600_000,
    Math.ceil((window.to.getTime() - window.from.getTime()) / SPARK_POINTS / 3_600_000) * 3_600_000,
  );
  const start = Math.floor(window.from.getTime() / 3_600_000) * 3_600_000;
  const points = await pool.query<{ signature: string; bucket_start: Date; calls: number }>(
    `SELECT signature, bucket_start, calls FROM signature_rollups
      WHERE project_id = $1 AND signature = ANY($2::text[]) AND bucket_start >= $3 AND bucket_start < $4`,
    [projectId, rows.map((row) => row.signature), new Date(start), window.to],
  );
  const count = Math.max(1, Math.ceil((window.to.getTime() - start) / width));
  const sparklines = new Map<string, number[]>();
  for (const point of points.rows) {
    const series = sparklines.get(point.signature) ?? new Array<number>(count).fill(0);
    const index = Math.min(count - 1, Math.floor((point.bucket_start.getTime() - start) / width));
    series[index] = (series[index] ?? 0) + point.calls;
    sparklines.set(point.signature, series);
  }
  return rows.map((row) => ({
    signature: row.signature,
    server: row.server,
    tool: row.tool,
    outcome: row.outcome,
    category: row.category || null,
    errorCode: row.error_code || null,
    silentFailure: row.silent_failure,
    exampleText: row.example_text,
    firstSeen: row.first_seen,
    lastSeen: row.last_seen,
    totalCalls: row.total,
    callsInWindow: row.in_window,
    isNew: row.first_seen >= window.from,
    sparkline: sparklines.get(row.signature) ?? new Array<number>(count).fill(0),
  }));
}
