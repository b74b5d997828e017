import { withPreparedRequest, type PreparedRequest } from "../ingest/offload";
import { recordIngestRequest, type IngestEndpoint } from "../metrics";
import { apiRoute, type ApiContext, type RouteOptions } from "./api-route";
import type { HttpError } from "./errors";
import { enforceIngestRateLimit } from "./rate-limit";

// The one wrapper both ingest endpoints (webhook and OTLP) go through: an ingest key, the
// key's rate limit, and the request read and prepared off the event loop (lib/ingest/offload:
// the body under its size limit, then decoded, counted against the request's limits,
// classified and masked in a worker thread), its memory counted in flight until the handler has
// written its calls. It also times each request and counts refused
// ones (lib/metrics).

export interface IngestContext extends ApiContext {
  request: Request;
  prepared: PreparedRequest;
  endpoint: IngestEndpoint;
}

export interface IngestRules extends RouteOptions {
  /** Protobuf and compressed bodies (OTLP); the webhook takes plain JSON. */
  otlp?: boolean;
}

type RouteContext = { params: Promise<Record<string, string>> };

export function ingestRoute(rules: IngestRules, handler: (context: IngestContext) => Promise<Response>) {
  const endpoint: IngestEndpoint = rules.otlp ? "otlp" : "webhook";
  /** The error each refused request was answered with, by request. */
  const refused = new WeakMap<Request, HttpError>();
  const route = apiRoute(
    "ingest",
    async (context) => {
      await enforceIngestRateLimit(context.database.pool, context.key.keyId);
      return withPreparedRequest(context.request, endpoint, context.key.projectId, (prepared) =>
        handler({ ...context, prepared, endpoint }),
      );
    },
    {
      ...rules,
      onError: (error, request) => {
        refused.set(request, error);
        rules.onError?.(error, request);
      },
    },
  );
  return async (request: Request, context: RouteContext): Promise<Response> => {
    const started = performance.now();
    const response = await route(request, context);
    const seconds = (performance.now() - started) / 1000;
    recordIngestRequest(endpoint, response.status, seconds, refused.get(request)?.code);
    return response;
  };
}
