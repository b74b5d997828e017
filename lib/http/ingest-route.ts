import { getEnv } from "../env";
import { configuredRedactor, type Redactor } from "../redact";
import { apiRoute, type ApiContext, type RouteOptions } from "./api-route";
import { readBody, type Body } from "./body";
import { enforceIngestRateLimit } from "./rate-limit";

// The one wrapper both ingest endpoints (webhook and OTLP) go through: an ingest key, the
// key's rate limit, the body read under the size limit, and the process's redactor.

export interface IngestContext extends ApiContext {
  body: Body;
  redact: Redactor;
}

export interface IngestRules extends RouteOptions {
  /** Protobuf and compressed bodies (OTLP); the webhook takes plain JSON. */
  otlp?: boolean;
}

export function ingestRoute(rules: IngestRules, handler: (context: IngestContext) => Promise<Response>) {
  return apiRoute(
    "ingest",
    async (context) => {
      await enforceIngestRateLimit(context.database.pool, context.key.keyId);
      const env = getEnv();
      const body = await readBody(context.request, {
        maxBytes: rules.otlp ? env.FAULTLINE_OTLP_MAX_BODY_BYTES : env.FAULTLINE_MAX_BODY_BYTES,
        protobuf: rules.otlp,
        compressed: rules.otlp,
      });
      return handler({ ...context, body, redact: configuredRedactor() });
    },
    rules,
  );
}
