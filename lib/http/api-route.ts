import { randomUUID } from "node:crypto";
import { shownProject } from "../auth/access";
import { AuthError, authenticate, bearerToken, type AuthenticatedKey, type Scope } from "../auth/keys";
import { PROJECT_COOKIE, SESSION_COOKIE } from "../auth/session-cookie";
import { sessionUser } from "../auth/users";
import { db, type Database } from "../db";
import { routedReads, type Reads } from "../db/read-routing";
import { isDatabaseUnavailable, isPoolBusy, isQueryTimeout, isTransientConflict } from "../db/errors";
import { getEnv } from "../env";
import { InvalidInputError } from "../errors";
import { IngestError } from "../ingest/errors";
import { recordDatabaseError } from "../metrics";
import { errorResponse, HttpError } from "./errors";
import { admitRead, readPrincipal } from "./rate-limit";
import { readIntent, WROTE_COOKIE } from "./read-your-writes";

// The one wrapper every /api/v1 handler goes through: database, key and scope, and the
// mapping of domain errors to HTTP. Handlers stay thin: parse, call lib/, answer.

export interface ApiContext {
  request: Request;
  key: AuthenticatedKey;
  database: Database;
  /**
   * Where this request's reads go (the replica or the primary: lib/db/read-routing). Made on
   * first use, so writing endpoints never route.
   */
  readonly reads: Reads;
  params: Record<string, string>;
  /**
   * For a response that goes on reading after the handler returns (a streamed export): keeps
   * the read's admission (its FAULTLINE_READ_CONCURRENCY slot) until the returned function is
   * called, instead of releasing it when the handler returns.
   */
  keepAdmission(): () => void;
}

type RouteContext = { params: Promise<Record<string, string>> };

export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const BUSY_RETRY_AFTER_SECONDS = 1;

export interface RouteOptions {
  /** How errors are written (OTLP answers in its own Status format); default: { error: { code, message } }. */
  errorResponse?: (error: HttpError, request: Request) => Response;
  /** Told of every error answered (metrics). */
  onError?: (error: HttpError, request: Request) => void;
}

export function apiRoute(
  scope: Scope | readonly Scope[],
  handler: (context: ApiContext) => Promise<Response>,
  options: RouteOptions = {},
) {
  const respond = options.errorResponse ?? ((error: HttpError) => errorResponse(error));
  return async (request: Request, route: RouteContext): Promise<Response> => {
    try {
      const database = await db();
      const key = await authenticateRequest(database, request, scope);
      const params = await route.params;
      let reads: Reads | undefined;
      const context = (keepAdmission: ApiContext["keepAdmission"]): ApiContext => ({
        request,
        key,
        database,
        params,
        keepAdmission,
        get reads() {
          // A signed-in session's own writes hold its reads on the primary, as on its pages.
          const cookie = parseCookies(request.headers.get("cookie")).get(WROTE_COOKIE);
          return (reads ??= routedReads(database, readIntent(cookie, undefined)));
        },
      });
      if (scope !== "read") return await handler(context(() => () => {}));
      const release = await admitRead(database.pool, readPrincipal(key));
      let kept = false;
      const keepAdmission = () => {
        kept = true;
        return release;
      };
      try {
        return await handler(context(keepAdmission));
      } catch (error) {
        release();
        throw error;
      } finally {
        if (!kept) release();
      }
    } catch (error) {
      const answered = toHttpError(error, request);
      options.onError?.(answered, request);
      return respond(answered, request);
    }
  };
}

/**
 * A bearer key with the scope; or, for reading only, a signed-in dashboard session, which
 * reads the project it has selected (one the user may see).
 */
async function authenticateRequest(
  database: Database,
  request: Request,
  scope: Scope | readonly Scope[],
): Promise<AuthenticatedKey> {
  const token = bearerToken(request.headers.get("authorization"));
  const reads = typeof scope === "string" ? scope === "read" : scope.includes("read");
  if (token || !reads) return authenticate(database.pool, token, scope);
  const cookies = parseCookies(request.headers.get("cookie"));
  const user = await sessionUser(database.prisma, cookies.get(SESSION_COOKIE));
  if (!user) return authenticate(database.pool, undefined, scope);
  const project = await shownProject(database.pool, user, cookies.get(PROJECT_COOKIE));
  if (!project) throw new AuthError(403, "you belong to no project");
  return { keyId: `session:${user.id}`, projectId: project.id, scopes: ["read"] };
}

/** Cookies by name; a value that is not valid percent-encoding is skipped, as if absent. */
function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator <= 0) continue;
    try {
      cookies.set(part.slice(0, separator).trim(), decodeURIComponent(part.slice(separator + 1).trim()));
    } catch {
      // A malformed cookie proves nothing: treat the request as not signed in.
    }
  }
  return cookies;
}

export function toHttpError(error: unknown, request: Request): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof AuthError) {
    return new HttpError(
      error.status,
      error.status === 401 ? "unauthorized" : "forbidden",
      error.message,
      undefined,
      error.status === 401 ? { "www-authenticate": 'Bearer realm="faultline"' } : undefined,
    );
  }
  // Ingest's own refusals (a body over its limits, a bad envelope, a bound this server keeps).
  if (error instanceof IngestError) {
    return new HttpError(error.status, error.code, error.message, error.details, error.headers);
  }
  if (error instanceof InvalidInputError) {
    return new HttpError(400, "invalid_request", error.message, error.problems);
  }
  if (isQueryTimeout(error)) {
    recordDatabaseError("query_timeout");
    return new HttpError(
      503,
      "query_timeout",
      `The query ran longer than the read timeout (${getEnv().FAULTLINE_READ_TIMEOUT_MS} ms) and was cancelled; narrow the time range or the filters`,
    );
  }
  if (isTransientConflict(error)) {
    // Retried inside the server already (lib/ingest/write): still a race, never a 500.
    recordDatabaseError("conflict");
    return new HttpError(
      503,
      "conflict",
      "The write kept losing to concurrent writers of the same calls; nothing of this request was written. Retry shortly.",
      undefined,
      { "retry-after": String(BUSY_RETRY_AFTER_SECONDS) },
    );
  }
  if (isPoolBusy(error)) {
    recordDatabaseError("busy");
    return new HttpError(
      503,
      "busy",
      "Every database connection of this server stayed busy; nothing was written. Retry shortly.",
      undefined,
      { "retry-after": String(BUSY_RETRY_AFTER_SECONDS) },
    );
  }
  if (isDatabaseUnavailable(error)) {
    recordDatabaseError("unavailable");
    console.warn(
      `[faultline] database unavailable during ${request.method} ${new URL(request.url).pathname}`,
    );
    return new HttpError(
      503,
      "database_unavailable",
      "The database is unavailable; nothing was written. Retry later.",
      undefined,
      {
        "retry-after": String(DATABASE_RETRY_AFTER_SECONDS),
      },
    );
  }
  const reference = randomUUID();
  console.error(`[faultline] unexpected error ${reference} during ${request.method} ${request.url}:`, error);
  return new HttpError(500, "internal_error", `Unexpected server error (reference ${reference})`);
}
