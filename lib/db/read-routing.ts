import type { Pool } from "pg";
import { recordReadRoute } from "../metrics/replica";
import type { Database, Queryable } from "./connect";
import { isDatabaseUnavailable, isPoolBusy, isTransientConflict } from "./errors";
import type { ReplicaStatus } from "./replica";

// The one rule for where a dashboard page's or the read API's queries go: the read replica
// (FAULTLINE_READ_DATABASE_URL) when it is a streaming standby within the lag bound and has
// everything this user wrote, else the primary's read pool. Nothing else chooses.
//
// Read-your-writes. A dashboard write (any server action: resolving a signature, dismissing a
// group, a Settings change) is followed by a cookie holding when it finished
// (lib/http/read-your-writes). That user's reads stay on the primary until the replica is known
// to hold everything the primary had committed by then (ReplicaStatus.completeAsOf, from WAL
// positions: lib/db/replica) — not for a guessed number of seconds, so a replica that falls
// behind keeps them on the primary exactly as long as it has to, and one that is caught up
// takes them back within a check or two. The page rendered in the action's own response is
// read from the primary outright (`writing`). Other users keep reading from the replica.
//
// The read API has no such cookie (keys do not write through the dashboard). A call looked up
// by id that the replica does not have yet — acknowledged by ingest a moment ago — is asked of
// the primary before answering 404 (orFromPrimary).

/** Instances' clocks may disagree by this much; a write is waited for this much longer. */
export const CLOCK_MARGIN_MS = 1_000;

export type ReadTarget = "replica" | "primary";
export type RouteReason =
  "replica" | "no_replica" | "own_write" | "starting" | "lagging" | "down" | "not_standby";

export interface Route {
  target: ReadTarget;
  reason: RouteReason;
}

export interface ReadIntent {
  /** When this user's last dashboard write finished (ms), if they made one lately. */
  lastWriteAt?: number;
  /** The request is itself a write (a server action rendering its result). */
  writing?: boolean;
}

/** Where a request's reads go. Pure: the replica's status as last checked, and what the user did. */
export function routeRead(status: ReplicaStatus | undefined, intent: ReadIntent = {}): Route {
  if (!status) return { target: "primary", reason: "no_replica" };
  if (status.state !== "streaming") return { target: "primary", reason: status.state };
  if (intent.writing) return { target: "primary", reason: "own_write" };
  if (intent.lastWriteAt !== undefined && (status.completeAsOf ?? 0) < intent.lastWriteAt + CLOCK_MARGIN_MS) {
    return { target: "primary", reason: "own_write" };
  }
  return { target: "replica", reason: "replica" };
}

/** A request's reads: queries go where routeRead sent them; `primary` is there for confirming a miss. */
export interface Reads extends Queryable {
  route: Route;
  primary: Queryable;
}

/**
 * The reads of one request. On the replica, a query that fails because the replica went away,
 * or was cancelled by a recovery conflict, is run again on the primary (and the replica is
 * marked down until the next successful check), so a replica dying between checks costs a
 * slower answer, not an error.
 */
export function routedReads(database: Database, intent: ReadIntent = {}): Reads {
  const replica = database.replica;
  const route = routeRead(replica?.monitor.status(), intent);
  const primary: Queryable = database.reads;
  // Counted once per request, at its first query: a page that reads nothing from here is no route.
  let counted = !replica;
  const run = (pool: Pool, args: unknown[]) =>
    (pool.query as (...a: unknown[]) => Promise<unknown>).apply(pool, args);
  const query = (async (...args: unknown[]) => {
    if (!counted) {
      counted = true;
      recordReadRoute(route.target, route.reason);
    }
    if (route.target === "primary" || !replica) return run(database.reads, args);
    try {
      return await run(replica.pool, args);
    } catch (error) {
      if (!isReplicaGone(error, replica.monitor.status().state)) throw error;
      replica.monitor.reportFailure(error);
      recordReadRoute("primary", "down");
      return run(database.reads, args);
    }
  }) as Pool["query"];
  return { route, primary, query };
}

/**
 * `read` on the request's reads; when the replica had nothing, asked of the primary too:
 * a row written a moment ago (a call just acknowledged) is not a 404 for the lag.
 */
export async function orFromPrimary<T>(
  reads: Reads,
  read: (from: Queryable) => Promise<T | null>,
): Promise<T | null> {
  const found = await read(reads);
  if (found !== null || reads.route.target !== "replica") return found;
  recordReadRoute("primary", "miss");
  return read(reads.primary);
}

/**
 * Failures of the replica itself, not of the query: unreachable, shutting down, a recovery
 * conflict; or no connection in time while the monitor no longer hears from it (a hung host).
 */
function isReplicaGone(error: unknown, state: ReplicaStatus["state"]): boolean {
  return (
    isDatabaseUnavailable(error) || isTransientConflict(error) || (isPoolBusy(error) && state !== "streaming")
  );
}
