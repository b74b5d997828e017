import { readRawBody, type BodyKind } from "../body";
import { getEnv } from "../../env";
import { metrics } from "../../metrics";
import { ingestLimits } from "../limits";
import type { PreparedCall } from "../prepare";
import { InflightBytes } from "./inflight";
import { refusalError, refusalOf, runJob, type IngestJob, type JobResult } from "./job";
import { defaultThreads, IngestPool } from "./pool";

// An ingest request read and prepared off the event loop: the body is taken off the socket here
// (within the size limit and the instance's in-flight budget), then inflated, counted against
// the request's limits, decoded, classified and masked in a worker thread (./job, ./pool) — or,
// for a small uncompressed body, right here (see INLINE_MAX_BYTES).

export type IngestEndpointKind = "webhook" | "otlp";

export interface PreparedRequest extends JobResult {
  kind: BodyKind;
  prepared: PreparedCall[];
}

let pool: IngestPool | undefined;
let inflight: InflightBytes | undefined;

function ingestPool(): IngestPool {
  const env = getEnv();
  pool ??= new IngestPool({
    threads: env.FAULTLINE_INGEST_WORKERS ?? defaultThreads(),
    timeoutMs: env.FAULTLINE_INGEST_WORK_TIMEOUT_MS,
    maxQueue: 256,
    heapMb: env.FAULTLINE_INGEST_WORKER_HEAP_MB,
    recycleAfterJobs: env.FAULTLINE_INGEST_WORKER_RECYCLE_JOBS,
    onRecycle: () => metrics().workerRecycles.inc(),
  });
  return pool;
}

/** Starts the worker threads (at server start, so the first request does not wait for them). */
export function startIngestWorkers(): Promise<void> {
  return ingestPool().warm();
}

/**
 * What a prepared call costs the main thread's heap until it is written, counted against the
 * in-flight budget: measured ~1 KB for a live-looking call with 373 characters of text; a text's
 * characters at two bytes each, as strings outside Latin-1 take.
 */
export function preparedCallBytes(call: PreparedCall): number {
  return 640 + 2 * (call.text?.length ?? 0);
}

/**
 * An uncompressed body up to this size is prepared on the event loop instead of in a worker: a
 * few calls whose preparing costs well under a millisecond (at most 8 KiB of JSON, its texts cut
 * to 512 characters, RE2 patterns), where handing them to a thread and back cost the event loop
 * more than the work itself (bench/PROFILE.md, single calls). Compressed bodies always go to a
 * worker: what they inflate to is not known until they are inflated.
 */
export const INLINE_MAX_BYTES = 8 * 1024;

/** Prepares a job on the event loop, refusing as a worker would. */
async function prepareHere(job: IngestJob): Promise<JobResult & { prepared: PreparedCall[] }> {
  const prepared: PreparedCall[] = [];
  try {
    const result = await runJob(job, (chunk) => prepared.push(...chunk));
    return { ...result, prepared };
  } catch (error) {
    const refusal = refusalOf(error);
    throw refusal ? refusalError(refusal) : error;
  }
}

/**
 * Reads and prepares an ingest request, then runs `write` (which stores its calls) while the
 * request still holds its share of the in-flight budget: its body's bytes while it is read and
 * decoded, then at least what its prepared calls take, until `write` is done.
 */
export async function withPreparedRequest<T>(
  request: Request,
  endpoint: IngestEndpointKind,
  projectId: string,
  write: (prepared: PreparedRequest) => Promise<T>,
): Promise<T> {
  const env = getEnv();
  const maxBytes = endpoint === "otlp" ? env.FAULTLINE_OTLP_MAX_BODY_BYTES : env.FAULTLINE_MAX_BODY_BYTES;
  inflight ??= new InflightBytes(env.FAULTLINE_INGEST_INFLIGHT_BYTES);
  const held = inflight.open(projectId);
  try {
    const body = await readRawBody(request, {
      maxBytes,
      protobuf: endpoint === "otlp",
      compressed: endpoint === "otlp",
      onChunk: held.take,
    });
    const job: IngestJob = { endpoint, body, maxBytes, limits: ingestLimits(env), receivedAt: Date.now() };
    const small = body.encoding === "identity" && body.bytes.byteLength <= INLINE_MAX_BYTES;
    const result = small ? await prepareHere(job) : await ingestPool().run(job, projectId);
    held.atLeast(result.prepared.reduce((sum, call) => sum + preparedCallBytes(call), 0));
    return await write({ kind: body.kind, ...result });
  } finally {
    held.release();
  }
}
