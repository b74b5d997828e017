// What ingest refuses, in its own terms: a status, a machine code, a sentence that names the field
// and the rule, and headers (Retry-After) when waiting helps. lib/http turns it into an answer
// (lib/http/api-route.ts, toHttpError): ingest decides what is refused and why, never how the
// answer is written.

export interface RefusalDetail {
  path: string;
  message: string;
}

export class IngestError extends Error {
  override name = "IngestError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: RefusalDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Refused because this server is at a bound it keeps (memory, threads, queue): nothing written, retry shortly. */
export function busyError(message: string): IngestError {
  return new IngestError(503, "busy", message, undefined, { "retry-after": "1" });
}

/** Refused because this project holds its share of a bound: nothing written, retry shortly. */
export function projectShareError(message: string): IngestError {
  return new IngestError(429, "rate_limited", message, undefined, { "retry-after": "1" });
}
