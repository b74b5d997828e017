import { ingestRequest, type OtlpIngest, type WebhookIngest } from "../ingest/request";
import { recordIngestRequest, type IngestEndpoint } from "../metrics";
import { apiRoute, type RouteOptions } from "./api-route";
import type { HttpError } from "./errors";
import { enforceIngestRateLimit } from "./rate-limit";

// The one wrapper both ingest endpoints (webhook and OTLP) go through: an ingest key, the key's
// rate limit, then the request handed whole to lib/ingest (ingestRequest: body to stored rows),
// whose result the route turns into its answer. Ingest's refusals are answered by apiRoute like
// every other error. It also times each request and counts refused ones (lib/metrics).

type RouteContext = { params: Promise<Record<string, string>> };

type Answer<E extends IngestEndpoint> = (ingested: E extends "otlp" ? OtlpIngest : WebhookIngest) => Response;

export function ingestRoute<E extends IngestEndpoint>(
  endpoint: E,
  answer: Answer<E>,
  rules: RouteOptions = {},
) {
  /** The error each refused request was answered with, by request. */
  const refused = new WeakMap<Request, HttpError>();
  const route = apiRoute(
    "ingest",
    async ({ request, key, database }) => {
      await enforceIngestRateLimit(database.pool, key.keyId);
      const ingested = await ingestRequest(request, {
        endpoint,
        projectId: key.projectId,
        pool: database.pool,
      });
      return (answer as (ingested: OtlpIngest | WebhookIngest) => Response)(ingested);
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
