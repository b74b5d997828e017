import { parentPort } from "node:worker_threads";
import type { PreparedCall } from "../prepare";
import { refusalOf, runJob, type IngestJob, type JobRefusal, type JobResult } from "./job";

// One ingest job in a worker thread: prepared calls go back to the pool a chunk at a time on the
// thread's own port (one per thread for its life, not one per job), tagged with the job's id; the
// task's own answer says how many chunks were sent, or why the request is refused.

export type WorkerTask = { job: IngestJob; id: number } | { warm: true };

export type WorkerAnswer = ({ ok: true; chunks: number } & JobResult) | { ok: false; refusal: JobRefusal };

/** A chunk of a job's prepared calls, as the pool receives it. */
export interface ChunkMessage {
  job: number;
  chunk: PreparedCall[];
}

export default async function work(task: WorkerTask): Promise<WorkerAnswer> {
  // Loading this module loaded the classifier: a warm-up has nothing more to do.
  if ("warm" in task) return { ok: true, chunks: 0, rejected: [] };
  const { job, id } = task;
  let chunks = 0;
  try {
    const result = await runJob(job, (chunk) => {
      parentPort!.postMessage({ job: id, chunk } satisfies ChunkMessage);
      chunks++;
    });
    return { ok: true, chunks, ...result };
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return { ok: false, refusal };
    throw error;
  }
}
