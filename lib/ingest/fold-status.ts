import type { Queryable } from "../db/queryable";

// How far the figures (rollups and read models) are behind the calls acknowledged: the oldest
// queue row not yet folded (lib/ingest/fold). Pages say so past a few seconds; alerts evaluate
// windows that end where the figures are complete; /metrics exports it.

/** Behind by more than this, the pages say what lag they show (FAULTLINE_FOLD=background under load). */
export const NOTICE_AFTER_SECONDS = 5;

export interface FoldStatus {
  /** Every call acknowledged before this instant is in the figures. */
  asOf: Date;
  /** Seconds between now and `asOf`; 0 when nothing waits. */
  behindSeconds: number;
}

export async function foldStatus(pool: Queryable): Promise<FoldStatus> {
  const { rows } = await pool.query<{ oldest: Date | null; now: Date }>({
    name: "fold_status",
    text: `SELECT (SELECT enqueued_at FROM fold_queue ORDER BY seq LIMIT 1) AS oldest, clock_timestamp() AS now`,
  });
  const { oldest, now } = rows[0]!;
  if (!oldest || oldest >= now) return { asOf: now, behindSeconds: 0 };
  return { asOf: oldest, behindSeconds: (now.getTime() - oldest.getTime()) / 1000 };
}

/**
 * The instant alert rounds evaluate at: now, or as long ago as the figures are behind (on this
 * process's clock), so a window is judged only once every call in it is counted — a burst still
 * being folded is not a traffic drop, nor its failures a rate that is not there yet. Undefined: now.
 */
export async function figuresCompleteAt(pool: Queryable): Promise<Date | undefined> {
  const status = await foldStatus(pool).catch(() => undefined);
  return status && status.behindSeconds > 0 ? new Date(Date.now() - status.behindSeconds * 1000) : undefined;
}
