import type { MessagePort } from "node:worker_threads";
import { refusalOf, runJob, type IngestJob, type JobRefusal, type JobResult } from "./job";

// One ingest job in a worker thread: prepared calls go back on `port` a chunk at a time; the
// task's own answer says how many chunks were sent, or why the request is refused.

export type WorkerTask = { job: IngestJob; port: MessagePort } | { warm: true };

export type WorkerAnswer = ({ ok: true; chunks: number } & JobResult) | { ok: false; refusal: JobRefusal };

export default async function work(task: WorkerTask): Promise<WorkerAnswer> {
  // Loading this module loaded the classifier: a warm-up has nothing more to do.
  if ("warm" in task) return { ok: true, chunks: 0, rejected: [] };
  const { job, port } = task;
  let chunks = 0;
  try {
    const result = await runJob(job, (chunk) => {
      port.postMessage(chunk);
      chunks++;
    });
    return { ok: true, chunks, ...result };
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return { ok: false, refusal };
    throw error;
  }
}
