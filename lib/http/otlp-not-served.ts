import { encodingOf, otlpErrorResponse } from "../ingest/otlp";
import { recordOtlpNotServed } from "../metrics";
import { HttpError } from "./errors";

// Anything under the OTLP base that Faultline does not serve — /v1/metrics and /v1/logs, which
// OpenTelemetry SDKs export to beside /v1/traces when pointed at one base URL — is answered as
// OTLP/HTTP answers a failure: a google.rpc.Status (NOT_FOUND) with 404, in the request's encoding,
// so the exporter logs one clear line instead of failing to parse a web page. Counted in
// faultline_ingest_requests_rejected_total{endpoint="otlp",code="not_served"}. The body is not read.

export const OTLP_BASE = "/api/v1/otlp";

const MESSAGE =
  "Faultline reads OTLP traces only, at /api/v1/otlp/v1/traces: metrics and logs are not stored. " +
  "Send them elsewhere, or turn their exporters off (OTEL_METRICS_EXPORTER=none, OTEL_LOGS_EXPORTER=none).";

export async function otlpNotServed(request: Request): Promise<Response> {
  recordOtlpNotServed();
  return otlpErrorResponse(new HttpError(404, "not_served", MESSAGE), encodingOf(request));
}
