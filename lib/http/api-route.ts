import { randomUUID } from "node:crypto";
import { AuthError, authenticate, bearerToken, type AuthenticatedKey, type Scope } from "../auth/keys";
import { db, type Database } from "../db";
import { isDatabaseUnavailable } from "../db/errors";
import { InvalidInputError } from "../errors";
import { EnvelopeError } from "../ingest";
import { errorResponse, HttpError } from "./errors";

// The one wrapper every /api/v1 handler goes through: database, key and scope, and the
// mapping of domain errors to HTTP. Handlers stay thin: parse, call lib/, answer.

export interface ApiContext {
  request: Request;
  key: AuthenticatedKey;
  database: Database;
  params: Record<string, string>;
}

type RouteContext = { params: Promise<Record<string, string>> };

export const DATABASE_RETRY_AFTER_SECONDS = 5;

export function apiRoute(scope: Scope, handler: (context: ApiContext) => Promise<Response>) {
  return async (request: Request, route: RouteContext): Promise<Response> => {
    try {
      const database = await db();
      const key = await authenticate(
        database.prisma,
        bearerToken(request.headers.get("authorization")),
        scope,
      );
      return await handler({ request, key, database, params: await route.params });
    } catch (error) {
      return errorResponse(toHttpError(error, request));
    }
  };
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
  if (error instanceof EnvelopeError) {
    return new HttpError(400, "invalid_body", `${error.path}: ${error.message}`, [
      { path: error.path, message: error.message },
    ]);
  }
  if (error instanceof InvalidInputError) {
    return new HttpError(400, "invalid_request", error.message, error.problems);
  }
  if (isDatabaseUnavailable(error)) {
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
