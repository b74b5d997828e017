import { getEnv } from "../env";
import { recordIngestRequest, type IngestEndpoint } from "../metrics";
import { configuredRedactor, type Redactor } from "../redact";
import { apiRoute, type ApiContext, type RouteOptions } from "./api-route";
import { readBody, type Body } from "./body";
import type { HttpError } from "./errors";
import { enforceIngestRateLimit } from "./rate-limit";

// The one wrapper both ingest endpoints (webhook and OTLP) go through: an ingest key, the
// key's rate limit, the body read under the size limit, and the process's redactor. It also
// times each request and counts refused ones (lib/metrics).

export interface IngestContext extends ApiContext {
  body: Body;
  redact: Redactor;
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
      const env = getEnv();
      const body = await readBody(context.request, {
        maxBytes: rules.otlp ? env.FAULTLINE_OTLP_MAX_BODY_BYTES : env.FAULTLINE_MAX_BODY_BYTES,
        protobuf: rules.otlp,
        compressed: rules.otlp,
      });
      return handler({ ...context, body, redact: configuredRedactor(), endpoint });
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
