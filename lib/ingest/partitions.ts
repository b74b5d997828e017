import type { Pool } from "pg";
import type { Queryable } from "../db/queryable";
import { LOCKS } from "../db/lock";
import { getEnv } from "../env";
import { DAY_MS, longestKept } from "./time-window";

// `calls` is range-partitioned by occurred_at, one partition per UTC day (calls_YYYYMMDD), plus
// calls_default for a call whose day has no partition, and after the in-place migration one
// partition holding everything stored before it (calls_legacy, prisma/migrations/20261202130000).
// Retention drops a day once no project keeps it (lib/ingest/maintenance.ts).
//
// Which days get a partition is bounded by the operator, never by a sender or a project member
// (lib/ingest/time-window.ts): the upkeep keeps today and the next DAYS_AHEAD days ready; a call on
// another day gets its day created on demand only if it is within the late-arrival window
// (FAULTLINE_LATE_ARRIVAL_DAYS; older calls are refused at ingest) and some project still keeps
// it; the upkeep moves rows of days still kept out of calls_default. Retention is at most
// FAULTLINE_MAX_RETENTION_DAYS (or a longer one stored before it, which can only be lowered), so
// at most that + DAYS_AHEAD + 1 day partitions exist — and whatever else happens (an upkeep that
// has not run), no partition is made once `calls` has partitionCeiling() of them: that day's
// calls go to calls_default.
//
// A partition is created as a plain table and then attached: ATTACH takes only SHARE UPDATE
// EXCLUSIVE on `calls` (reads and writes go on), where CREATE TABLE … PARTITION OF would take
// ACCESS EXCLUSIVE. Rows of that day already in calls_default move into it in the same
// transaction (ATTACH refuses while the default holds any).

export { DAY_MS };
/** Days after today the upkeep keeps partitions ready for (a call is at most 24 h ahead). */
export const DAYS_AHEAD = 3;
export const DEFAULT_PARTITION = "calls_default";
/** How long partition DDL waits for its lock before giving up until the next try. */
const LOCK_TIMEOUT = "2s";

export interface Partition {
  name: string;
  /** Bounds (from inclusive, to exclusive); null from is MINVALUE. Both null for the default. */
  from: Date | null;
  to: Date | null;
  isDefault: boolean;
  /** PostgreSQL's estimate (pg_class.reltuples): -1 before the first ANALYZE. */
  estimatedRows: number;
}

/** The start of `at`'s UTC day, in ms. */
export function dayStart(at: Date | number): number {
  const ms = typeof at === "number" ? at : at.getTime();
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** calls_YYYYMMDD for the UTC day starting at `day`. */
export function partitionName(day: number): string {
  return `calls_${new Date(day).toISOString().slice(0, 10).replaceAll("-", "")}`;
}

/** The partitions of `calls`, oldest first, the default last. */
export async function listPartitions(pool: Queryable): Promise<Partition[]> {
  const { rows } = await pool.query<{
    name: string;
    is_default: boolean;
    from: Date | null;
    to: Date | null;
    estimated_rows: number;
  }>(
    `SELECT c.relname AS name, b.bound = 'DEFAULT' AS is_default,
            (regexp_match(b.bound, 'FROM \\(''([^'']+)''\\)'))[1]::timestamptz AS "from",
            (regexp_match(b.bound, 'TO \\(''([^'']+)''\\)'))[1]::timestamptz AS "to",
            c.reltuples::float8 AS estimated_rows
       FROM pg_inherits i
       JOIN pg_class c ON c.oid = i.inhrelid
       CROSS JOIN LATERAL (SELECT pg_get_expr(c.relpartbound, c.oid) AS bound) b
      WHERE i.inhparent = 'calls'::regclass
      ORDER BY b.bound = 'DEFAULT', "to"`,
  );
  return rows.map((row) => ({
    name: row.name,
    from: row.from,
    to: row.to,
    isDefault: row.is_default,
    estimatedRows: row.estimated_rows,
  }));
}

/** Whether a partition other than the default holds the day starting at `day`. */
export function covered(partitions: readonly Partition[], day: number): boolean {
  return partitions.some(
    (partition) =>
      !partition.isDefault &&
      (partition.from === null || partition.from.getTime() <= day) &&
      partition.to !== null &&
      day < partition.to.getTime(),
  );
}

/** The days a partition may be made for: [`backDays` before today, today + DAYS_AHEAD]. */
export function creatableDays(now: number, backDays: number): { first: number; last: number } {
  const today = dayStart(now);
  return { first: today - backDays * DAY_MS, last: today + DAYS_AHEAD * DAY_MS };
}

/**
 * The most partitions `calls` may have (day partitions, the default, the migration's legacy one):
 * every day a project may keep (lib/ingest/time-window longestKept), today, the days ahead, and
 * those two.
 */
export function partitionCeiling(longestKeptDays: number): number {
  return longestKeptDays + 1 + DAYS_AHEAD + 2;
}

export type Ensured = "created" | "exists" | "busy" | "full";

/**
 * Makes the partition of the day starting at `day` (moving that day's rows out of the default),
 * unless it exists. "busy" when its locks were not granted within LOCK_TIMEOUT, "full" when
 * `calls` already has `ceiling` partitions: nothing changed, and that day's calls keep going to
 * calls_default (until a later try, or until retention makes room).
 */
export async function ensureDayPartition(pool: Pool, day: number, ceiling?: number): Promise<Ensured> {
  const name = partitionName(day);
  const from = new Date(day).toISOString();
  const to = new Date(day + DAY_MS).toISOString();
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
    await client.query("SELECT pg_advisory_xact_lock($1)", [LOCKS.partitions]);
    const { rows } = await client.query(
      `SELECT 1 FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'calls'::regclass AND c.relname = $1`,
      [name],
    );
    if (rows.length > 0) {
      await client.query("COMMIT");
      return "exists";
    }
    const { rows: counted } = await client.query<{ n: number; longest: number | null }>(
      `SELECT (SELECT count(*)::int FROM pg_inherits WHERE inhparent = 'calls'::regclass) AS n,
              (SELECT max(retention_days) FROM projects) AS longest`,
    );
    const limit =
      ceiling ??
      partitionCeiling(longestKept(counted[0]!.longest ?? 1, getEnv().FAULTLINE_MAX_RETENTION_DAYS));
    if (counted[0]!.n >= limit) {
      await client.query("COMMIT");
      return "full";
    }
    // Writers of calls_default wait until this commits (and this waits for those under way): a row of
    // the day committed there between the move and ATTACH would make ATTACH fail (23514).
    await client.query(`LOCK TABLE ${DEFAULT_PARTITION} IN SHARE MODE`);
    // The name is derived from a number, never from input.
    await client.query(`CREATE TABLE ${name} (LIKE calls INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
    await client.query(
      `WITH moved AS (DELETE FROM ${DEFAULT_PARTITION} WHERE occurred_at >= $1 AND occurred_at < $2 RETURNING *)
       INSERT INTO ${name} SELECT * FROM moved`,
      [from, to],
    );
    await client.query(`ALTER TABLE calls ATTACH PARTITION ${name} FOR VALUES FROM ('${from}') TO ('${to}')`);
    await client.query("COMMIT");
    return "created";
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    if ((error as { code?: string }).code === "55P03") return "busy";
    throw error;
  } finally {
    client.release();
  }
}

// What the writer knows of the partitions, per pool: read once, and again only when a batch
// holds a day it does not know (at most every CATALOG_TTL_MS), so the common batch costs nothing.
interface Catalog {
  partitions: Partition[];
  /** The longest retention of any project. */
  longestRetentionDays: number;
  loadedAt: number;
}

const catalogs = new WeakMap<Pool, Catalog>();
/** Read again after this long even when nothing was missing (a longer retention set meanwhile). */
const CATALOG_MAX_AGE_MS = 600_000;

async function loadCatalog(pool: Pool): Promise<Catalog> {
  const [partitions, { rows }] = await Promise.all([
    listPartitions(pool),
    pool.query<{ longest: number | null }>(`SELECT max(retention_days) AS longest FROM projects`),
  ]);
  const catalog = { partitions, longestRetentionDays: rows[0]?.longest ?? 1, loadedAt: Date.now() };
  catalogs.set(pool, catalog);
  return catalog;
}

/** A day whose partition could not be made (busy) is not tried again by writers for this long. */
const RETRY_AFTER_MS = 60_000;
const lastTry = new WeakMap<Pool, Map<number, number>>();

/**
 * Before a batch is written: makes the partitions of the days its calls fall on, where such a
 * day may have one and does not yet. Never fails the batch for it: a day whose partition could
 * not be made now goes to calls_default, from which the upkeep moves it. Costs nothing (no query)
 * when every day of the batch is known or outside the days a partition may be made for.
 */
export async function ensurePartitionsFor(
  pool: Pool,
  times: readonly Date[],
  now = Date.now(),
): Promise<void> {
  const cached = catalogs.get(pool);
  let catalog =
    cached && Date.now() - cached.loadedAt <= CATALOG_MAX_AGE_MS ? cached : await loadCatalog(pool);
  const days = new Set(times.map((time) => dayStart(time)));
  const tried = lastTry.get(pool) ?? new Map<number, number>();
  lastTry.set(pool, tried);
  const missing = () => {
    // On demand only back as far as a call may arrive late (older ones were refused at ingest).
    const back = Math.min(catalog.longestRetentionDays, getEnv().FAULTLINE_LATE_ARRIVAL_DAYS);
    const { first, last } = creatableDays(now, back);
    return [...days].filter(
      (day) =>
        day >= first &&
        day <= last &&
        !covered(catalog.partitions, day) &&
        Date.now() - (tried.get(day) ?? 0) > RETRY_AFTER_MS,
    );
  };
  if (missing().length === 0) return;
  // Another instance (or the upkeep) may have made it: look again before making it.
  if (Date.now() - catalog.loadedAt > 1000) catalog = await loadCatalog(pool);
  const wanted = missing().sort((a, b) => a - b);
  if (wanted.length === 0) return;
  try {
    for (const day of wanted) {
      const ensured = await ensureDayPartition(pool, day);
      if (ensured === "busy" || ensured === "full") tried.set(day, Date.now());
      if (ensured === "full") warnFull(day);
    }
  } catch (error) {
    for (const day of wanted) tried.set(day, Date.now());
    console.warn(
      `[faultline] could not create a calls partition; those calls go to ${DEFAULT_PARTITION} for now:`,
      (error as Error).message,
    );
  }
  await loadCatalog(pool);
}

/** Forgets what the writer knew of `pool`'s partitions (after the upkeep changed them). */
export function forgetPartitions(pool: Pool): void {
  catalogs.delete(pool);
}

/** Says once per process that the ceiling was reached (the operator's to resolve). */
let warnedFull = false;
function warnFull(day: number): void {
  if (warnedFull) return;
  warnedFull = true;
  console.warn(
    `[faultline] calls has reached its partition ceiling (the longest retention + ${DAYS_AHEAD + 3}); ` +
      `calls of ${partitionName(day).slice(6)} and other new days go to ${DEFAULT_PARTITION} until retention drops old days`,
  );
}

export interface PartitionUpkeep {
  created: string[];
  busy: string[];
  /** Days not made because `calls` is at its partition ceiling. */
  full: string[];
}

/**
 * The upkeep's part: partitions for today and the DAYS_AHEAD days after, and for every day
 * within retention that has rows in calls_default (they move into it).
 */
export async function maintainPartitions(pool: Pool, now = new Date()): Promise<PartitionUpkeep> {
  const today = dayStart(now);
  const { longestRetentionDays } = await loadCatalog(pool);
  const { first, last } = creatableDays(now.getTime(), longestRetentionDays);
  const { rows } = await pool.query<{ day: string }>(
    `SELECT DISTINCT (floor(extract(epoch FROM occurred_at) / 86400) * 86400000)::bigint::text AS day
       FROM ${DEFAULT_PARTITION} WHERE occurred_at >= $1 AND occurred_at < $2`,
    [new Date(first), new Date(last + DAY_MS)],
  );
  const days = new Set([
    ...Array.from({ length: DAYS_AHEAD + 1 }, (_, index) => today + index * DAY_MS),
    ...rows.map((row) => Number(row.day)),
  ]);
  const partitions = await listPartitions(pool);
  const result: PartitionUpkeep = { created: [], busy: [], full: [] };
  // Today and the days ahead first: when the ceiling leaves room for only some, they are the ones.
  const order = [...days].sort((a, b) => (a >= today === b >= today ? a - b : a >= today ? -1 : 1));
  for (const day of order) {
    if (covered(partitions, day)) continue;
    const ensured = await ensureDayPartition(pool, day);
    if (ensured !== "exists") result[ensured].push(partitionName(day));
  }
  forgetPartitions(pool);
  return result;
}
