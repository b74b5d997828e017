import type { Pool } from "pg";

// The planner's statistics on the tables ingest grows. PostgreSQL refreshes them with
// autovacuum's ANALYZE — when autovacuum is on and keeping up. Where it is off (this kind of
// machine ships with it off) or behind, the planner keeps estimating `calls` at the size it had
// at the last ANALYZE: at ~800k calls a 30-day text search took 1.7 s and Silent successes 400 ms
// until a manual ANALYZE brought them to 137 ms and 187 ms. The hourly upkeep does what autovacuum
// would have done, by autovacuum's own rule (a table is due once more rows changed since its last
// ANALYZE than autovacuum_analyze_threshold + autovacuum_analyze_scale_factor × its rows), and only
// for tables that are due, so an instance whose autovacuum keeps up does nothing here. ANALYZE
// reads a fixed-size sample (not the table) and does not block writers.

/** The tables whose size grows with the calls stored. */
export const GROWING_TABLES = [
  "calls",
  "call_ids",
  "outcome_rollups",
  "tool_rollups",
  "signature_rollups",
  "signature_day_rollups",
  "signature_week_rollups",
  "failure_signatures",
  "silent_groups",
] as const;

export interface AnalyzedTable {
  /** A growing table, or one partition of `calls` (calls_YYYYMMDD, calls_default, calls_legacy). */
  table: string;
  /** Rows inserted, updated or deleted since the table's last ANALYZE, as PostgreSQL counted them. */
  changedRows: number;
  ms: number;
  /** Autovacuum is off for it (the server's setting, or the table's own): the upkeep stands in for it. */
  autovacuumOff: boolean;
}

interface Due {
  table: string;
  changed: string;
  off: boolean;
}

/** Autovacuum is off on the server, or for this table (its reloptions). */
const OFF = (reloptions: string) =>
  `(current_setting('autovacuum') = 'off' OR coalesce('autovacuum_enabled=false' = ANY(${reloptions}), false))`;

// `calls` is partitioned (lib/ingest/partitions): PostgreSQL counts changes on its partitions,
// never on `calls` itself, and autovacuum never analyzes a partitioned table. So each partition is
// judged by the rule on its own (the day being written fills up from empty), and `calls` as a whole
// — its own statistics, which ANALYZE gathers across all partitions while it analyzes each of
// them too — when its partitions together changed by more than the rule allows for its size, or
// hold a number of rows that far from what its last ANALYZE saw.
const DUE = `s.n_mod_since_analyze >
            current_setting('autovacuum_analyze_threshold')::float8
            + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0)`;

/** The growing tables (or partitions of `calls`) that autovacuum's rule says are due for ANALYZE now. */
export async function tablesDueForAnalyze(pool: Pool): Promise<Due[]> {
  const { rows } = await pool.query<Due>(
    `WITH leaves AS (
       SELECT c.relname, s.n_mod_since_analyze, c.reltuples, ${DUE} AS due, ${OFF("c.reloptions")} AS off
         FROM pg_inherits i
         JOIN pg_class c ON c.oid = i.inhrelid
         JOIN pg_stat_user_tables s ON s.relid = c.oid
        WHERE i.inhparent = 'calls'::regclass),
     parent AS (
       SELECT 'calls'::text AS table, sum(l.n_mod_since_analyze)::text AS changed, bool_or(l.off) AS off,
              sum(l.n_mod_since_analyze)
                > current_setting('autovacuum_analyze_threshold')::float8
                  + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(p.reltuples, 0)
              OR abs(sum(greatest(l.reltuples, 0)) - greatest(p.reltuples, 0))
                > current_setting('autovacuum_analyze_threshold')::float8
                  + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(p.reltuples, 0) AS due
         FROM leaves l, pg_class p WHERE p.oid = 'calls'::regclass GROUP BY p.reltuples)
     SELECT "table", changed, off FROM parent WHERE due
     UNION ALL
     SELECT relname::text, n_mod_since_analyze::text, off FROM leaves WHERE due AND NOT EXISTS (SELECT 1 FROM parent WHERE due)
     UNION ALL
     SELECT s.relname::text, s.n_mod_since_analyze::text, ${OFF("c.reloptions")}
       FROM pg_stat_user_tables s
       JOIN pg_class c ON c.oid = s.relid
      WHERE s.schemaname = current_schema()
        AND s.relname = ANY($1::text[]) AND c.relkind = 'r'
        AND ${DUE}
      ORDER BY 1`,
    [GROWING_TABLES],
  );
  return rows;
}

/** ANALYZEs each growing table that is due, and says so (a warning only where autovacuum is off). */
export async function refreshStatistics(pool: Pool): Promise<AnalyzedTable[]> {
  const analyzed: AnalyzedTable[] = [];
  for (const { table, changed, off } of await tablesDueForAnalyze(pool)) {
    const started = performance.now();
    // The name comes from GROWING_TABLES or pg_class (a partition of calls), never from input.
    await pool.query(`ANALYZE ${table}`);
    analyzed.push({
      table,
      changedRows: Number(changed),
      ms: Math.round(performance.now() - started),
      autovacuumOff: off,
    });
  }
  const said = upkeepLog(analyzed);
  if (said) (said.level === "warn" ? console.warn : console.log)(said.message);
  return analyzed;
}

/**
 * What the upkeep says of the tables it analyzed. A warning only where autovacuum is off: with it
 * on, a table due now is new data autovacuum has not reached yet (a fresh instance's first calls,
 * and always `calls` itself, a partitioned table autovacuum never analyzes) — a line of information,
 * not an alarm for a new operator.
 */
export function upkeepLog(
  analyzed: readonly AnalyzedTable[],
): { level: "warn" | "info"; message: string } | null {
  if (analyzed.length === 0) return null;
  const list = analyzed.map((entry) => `${entry.table} (${entry.changedRows} rows changed, ${entry.ms} ms)`);
  return analyzed.some((entry) => entry.autovacuumOff)
    ? {
        level: "warn",
        message: `[faultline] upkeep analyzed ${list.join(", ")}: their planner statistics were stale and autovacuum is off for them on this database; the hourly upkeep stands in for it`,
      }
    : {
        level: "info",
        message: `[faultline] upkeep analyzed ${list.join(", ")}: new data since their last statistics`,
      };
}
