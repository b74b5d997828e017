import { readBody } from "../ingest/body";
import { HttpError } from "../http/errors";
import { TRANSPORTS, type ProbeTransport } from "./definition";

// What the /api/v1/probes routes share: bodies read within bounds, and the query's transport.

/** A probe definition is a few kilobytes at most (arguments ≤ 16 KiB). */
const MAX_PROBE_BODY_BYTES = 64 * 1024;
/** A reported run holds a tools/list answer: up to 500 tools with their schemas. */
const MAX_RUN_BODY_BYTES = 4 * 1024 * 1024;

export async function readProbeBody(request: Request): Promise<unknown> {
  const body = await readBody(request, { maxBytes: MAX_PROBE_BODY_BYTES });
  return body.kind === "json" ? body.value : undefined;
}

export async function readRunBody(request: Request): Promise<unknown> {
  const body = await readBody(request, { maxBytes: MAX_RUN_BODY_BYTES });
  return body.kind === "json" ? body.value : undefined;
}

export function transportFilter(request: Request): ProbeTransport | undefined {
  const value = new URL(request.url).searchParams.get("transport");
  if (value === null || value === "") return undefined;
  if (!(TRANSPORTS as readonly string[]).includes(value)) {
    throw new HttpError(400, "invalid_query", `transport: must be one of ${TRANSPORTS.join(", ")}`);
  }
  return value as ProbeTransport;
}

/** How many runs a list returns: ?limit=, 1–500, default 50. */
export function runLimit(request: Request): number {
  const value = new URL(request.url).searchParams.get("limit");
  if (value === null || value === "") return 50;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) {
    throw new HttpError(400, "invalid_query", "limit: must be a whole number from 1 to 500");
  }
  return limit;
}
