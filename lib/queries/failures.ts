import type { Queryable } from "../db/queryable";
import type { SignatureStatus } from "../failures/lifecycle";
import { countedIn, familiesOf, MERGED_SIGNATURES, MERGED_TOTALS } from "./family";
import { decodeKeyset, encodeKeyset } from "./keyset";
import { containsPattern } from "./like";
import { signatureCountsSql, signatureDaysBuilt } from "./rollup-range";
import { BUCKET_MS } from "../rollups/buckets";

// Failures grouped by signature ("the same problem"), from the signature read model.

/** A failure signature as every view shows it. */
export interface SignatureSummary {
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
  status: SignatureStatus;
  statusChangedAt: Date | null;
  /** Who is on it (an e-mail), the issue tracking its fix, and the signature it counts in if merged. */
  assignee: string | null;
  linkedIssueUrl: string | null;
  mergedInto: string | null;
}

/** One row of the Failures page: the signature and its occurrences in the window. */
export interface SignatureGroup extends SignatureSummary {
  callsInWindow: number;
  isNew: boolean;
  sparkline: number[];
}

const SPARK_POINTS = 24;
/** From this span on, a sparkline's points are whole UTC days. */
const DAY_POINTS_FROM = 14 * BUCKET_MS.day;

/**
 * A sparkline's points over a window: about 24 of whole hours each, or for a window of two weeks or more
 * whole UTC days (up to a month: one point a day), so that they sum the upkeep's day rows. The first starts at the
 * hour (or day) the window starts in.
 */
function sparkBuckets(window: { from: Date; to: Date }): { width: number; start: number } {
  const span = window.to.getTime() - window.from.getTime();
  const unit = span >= DAY_POINTS_FROM ? BUCKET_MS.day : BUCKET_MS.hour;
  // A month to the hour is thirty days and part of another: one point a day.
  const points = unit === BUCKET_MS.day ? 31 : SPARK_POINTS;
  return {
    width: Math.max(1, Math.ceil(span / points / unit)) * unit,
    start: Math.floor(window.from.getTime() / unit) * unit,
  };
}

/** A failure_signatures row as the page query reads it (plus its count in the window). */
export interface SignatureRowColumns {
  server: string;
  tool: string;
  outcome: string;
  category: string;
  error_code: string;
  silent_failure: boolean;
  example_text: string;
  first_seen: Date;
  last_seen: Date;
  calls: number;
  status: SignatureStatus;
  status_changed_at: Date | null;
  assignee_email: string | null;
  linked_issue_url: string | null;
  merged_into: string | null;
}
type PageRow = SignatureRowColumns & { in_window: number };

/** A failure_signatures row as the views show it ('' stored for "none" reads as null). */
export function toSignatureSummary(row: SignatureRowColumns & { signature: string }): SignatureSummary {
  return {
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
    totalCalls: row.calls,
    status: row.status,
    statusChangedAt: row.status_changed_at,
    assignee: row.assignee_email,
    linkedIssueUrl: row.linked_issue_url,
    mergedInto: row.merged_into,
  };
}
const CURSOR_SHAPE = ["int32", "digits", "string"] as const;

export interface FailurePageQuery {
  /** Text to find in the example text, tool, server, error code (or the signature itself). */
  q?: string;
  /** Only signatures first seen inside the window. */
  newOnly?: boolean;
  /** Only these statuses (default: every status). */
  statuses?: readonly SignatureStatus[];
  /** The `nextCursor` of the page before. */
  cursor?: string;
  limit?: number;
}

export interface FailurePage {
  groups: SignatureGroup[];
  /** Signatures matching the window and filters, on every page. */
  total: number;
  /** How many of them were first seen inside the window. */
  newTotal: number;
  nextCursor: string | null;
}

/**
 * One page of failure signatures seen in the window, most occurrences first (then most
 * recently seen), keyset-paged: the next page starts after the last row's sort key.
 */
export async function listFailureSignatures(
  pool: Queryable,
  projectId: string,
  window: { from: Date; to: Date; servers: string[] },
  query: FailurePageQuery = {},
): Promise<FailurePage> {
  const limit = query.limit ?? 50;
  const params: unknown[] = [projectId, window.from, limit + 1];
  const filters: string[] = [];
  if (window.servers.length > 0) {
    params.push(window.servers);
    filters.push(`s.server = ANY($${params.length}::text[])`);
  }
  if (query.q) {
    params.push(containsPattern(query.q), query.q);
    const [like, exact] = [params.length - 1, params.length];
    filters.push(
      `(s.example_text ILIKE $${like} OR s.tool ILIKE $${like} OR s.server ILIKE $${like}
        OR s.error_code ILIKE $${like} OR s.signature = $${exact})`,
    );
  }
  if (query.newOnly) filters.push(`least(s.first_seen, t.first_seen) >= $2`);
  if (query.statuses && query.statuses.length > 0) {
    params.push(query.statuses);
    filters.push(`s.status = ANY($${params.length}::text[])`);
  }
  const builtThrough = await signatureDaysBuilt(pool, projectId);
  const windowCounts = signatureCountsSql("$1", { ...window, builtThrough }, params);
  let after = "true";
  if (query.cursor) {
    const [calls, lastSeen, signature] = decodeKeyset(query.cursor, CURSOR_SHAPE);
    params.push(calls, lastSeen, signature);
    const n = params.length;
    after = `(m.in_window, m.last_seen_us, m.signature) < ($${n - 2}::int, $${n - 1}::bigint, $${n}::text)`;
  }
  const { rows } = await pool.query<
    PageRow & { total: number; new_total: number; signature: string | null; last_seen_us: string }
  >(
    `WITH m AS (
       SELECT s.signature, s.server, s.tool, s.outcome, s.category, s.error_code, s.silent_failure, s.example_text,
              least(s.first_seen, t.first_seen) AS first_seen, greatest(s.last_seen, t.last_seen) AS last_seen,
              (extract(epoch FROM greatest(s.last_seen, t.last_seen)) * 1000000)::bigint AS last_seen_us,
              s.calls + coalesce(t.calls, 0) AS calls, w.in_window, s.status, s.status_changed_at,
              u.email AS assignee_email, s.linked_issue_url, s.merged_into
         FROM (SELECT ${countedIn("r.signature")} AS signature, sum(r.calls)::int AS in_window
                 FROM ${windowCounts} r LEFT JOIN ${MERGED_SIGNATURES} mg ON mg.signature = r.signature
                GROUP BY 1) w
         JOIN failure_signatures s ON s.project_id = $1 AND s.signature = w.signature
         LEFT JOIN ${MERGED_TOTALS} t ON t.signature = s.signature
         LEFT JOIN users u ON u.id = s.assignee_id
        WHERE ${filters.length > 0 ? filters.join(" AND ") : "true"})
     SELECT c.total, c.new_total, p.*
       FROM (SELECT count(*)::int AS total, (count(*) FILTER (WHERE first_seen >= $2))::int AS new_total FROM m) c
       LEFT JOIN LATERAL (
         SELECT * FROM m WHERE ${after} ORDER BY m.in_window DESC, m.last_seen_us DESC, m.signature DESC LIMIT $3
       ) p ON true`,
    params,
  );
  const counts = { total: rows[0]?.total ?? 0, newTotal: rows[0]?.new_total ?? 0 };
  const found = rows.filter((row) => row.signature !== null).slice(0, limit);
  const last = found.at(-1);
  const nextCursor =
    rows.length > limit && last ? encodeKeyset([last.in_window, last.last_seen_us, last.signature!]) : null;
  return {
    groups: await withSparklines(pool, projectId, { ...window, builtThrough }, found),
    ...counts,
    nextCursor,
  };
}

async function withSparklines(
  pool: Queryable,
  projectId: string,
  window: { from: Date; to: Date; builtThrough: Date | null },
  rows: (PageRow & { signature: string | null })[],
): Promise<SignatureGroup[]> {
  if (rows.length === 0) return [];

  const { width, start } = sparkBuckets(window);
  const params: unknown[] = [projectId, rows.map((row) => row.signature!)];
  // Day-wide points read the upkeep's day rows where it has built them (a month: thirty rows a signature, not
  // seven hundred hourly ones); hour-wide points read the hourly rows.
  const only = `signature = ANY(${familiesOf("$2")})`;
  const counts =
    width % BUCKET_MS.day === 0
      ? signatureCountsSql(
          "$1",
          { from: new Date(start), to: window.to, builtThrough: window.builtThrough, days: true },
          params,
          only,
        )
      : `(SELECT signature, bucket_start, calls FROM signature_rollups
           WHERE project_id = $1 AND ${only}
             AND bucket_start >= $${params.push(new Date(start))} AND bucket_start < $${params.push(window.to)})`;
  const points = await pool.query<{ signature: string; bucket_start: Date; calls: number }>(
    `SELECT ${countedIn("r.signature")} AS signature, r.bucket_start, r.calls
       FROM ${counts} r LEFT JOIN ${MERGED_SIGNATURES} mg ON mg.signature = r.signature`,
    params,
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
    ...toSignatureSummary({ ...row, signature: row.signature! }),
    callsInWindow: row.in_window,
    isNew: row.first_seen >= window.from,
    sparkline: sparklines.get(row.signature!) ?? new Array<number>(count).fill(0),
  }));
}

/** What the Overview puts first: regressed signatures, then new ones, seen in the window. */
export async function failuresNeedingAttention(
  pool: Queryable,
  projectId: string,
  window: { from: Date; to: Date; servers: string[] },
  limit = 5,
): Promise<{ regressed: FailurePage; fresh: FailurePage }> {
  const [regressed, fresh] = await Promise.all([
    listFailureSignatures(pool, projectId, window, { statuses: ["regressed"], limit }),
    listFailureSignatures(pool, projectId, window, { statuses: ["open"], newOnly: true, limit }),
  ]);
  return { regressed, fresh };
}
