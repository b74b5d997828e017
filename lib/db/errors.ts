// Recognises "the database is not there right now" among driver errors, so callers can
// answer 503 + Retry-After instead of 500.

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "EAI_AGAIN",
]);
// SQLSTATE classes 08 (connection exception), 57P0x (shutdown / cannot connect now), 53300 (too many connections).
const UNAVAILABLE_SQLSTATE = /^(08\d{3}|57P0[1-3]|53300)$/;
// Prisma: can't reach the server, timed out reaching it, server closed the connection, pool timeout.
const PRISMA_UNAVAILABLE = new Set(["P1001", "P1002", "P1017", "P2024"]);
const UNAVAILABLE_MESSAGE =
  /terminating connection due to administrator command|Code: `(08\d{3}|57P0[1-3]|53300)`|Connection terminated|connection timeout|Client has encountered a connection error|the database system is (starting up|shutting down|in recovery mode)|Can't reach database server|DatabaseNotReachable/i;

/**
 * A deadlock (40P01) or serialization failure (40001): the transaction lost a race with another
 * and nothing of it was written; the same transaction run again succeeds.
 */
export function isTransientConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "40P01" || code === "40001";
}

/** A statement cancelled by statement_timeout (SQLSTATE 57014): the read pool's bound on a query. */
export function isQueryTimeout(error: unknown): boolean {
  const candidate = error as { code?: unknown; message?: unknown } | null;
  return candidate?.code === "57014" && /statement timeout/i.test(String(candidate.message ?? ""));
}

/**
 * Every connection of a pool stayed in use for its whole connection timeout (pg-pool's own
 * message): the database is up but this instance is saturated. A short wait usually clears it.
 */
export function isPoolBusy(error: unknown): boolean {
  return error instanceof Error && error.message === "timeout exceeded when trying to connect";
}

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const candidate = current as {
      code?: unknown;
      originalCode?: unknown;
      message?: unknown;
      cause?: unknown;
      kind?: unknown;
      meta?: { driverAdapterError?: unknown };
    };
    if (typeof candidate.originalCode === "string" && UNAVAILABLE_SQLSTATE.test(candidate.originalCode))
      return true;
    // Prisma wraps the driver's error in meta.driverAdapterError (e.g. P2039 around a 57P01).
    if (candidate.meta?.driverAdapterError && isDatabaseUnavailable(candidate.meta.driverAdapterError))
      return true;
    if (
      typeof candidate.code === "string" &&
      (NETWORK_CODES.has(candidate.code) ||
        UNAVAILABLE_SQLSTATE.test(candidate.code) ||
        PRISMA_UNAVAILABLE.has(candidate.code))
    ) {
      return true;
    }
    if (candidate.kind === "DatabaseNotReachable" || candidate.kind === "ConnectionClosed") return true;
    if (typeof candidate.message === "string" && UNAVAILABLE_MESSAGE.test(candidate.message)) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
    current = candidate.cause;
  }
  return false;
}
