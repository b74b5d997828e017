import { availableParallelism } from "node:os";
import path from "node:path";
import { SHARE_ENV } from "node:worker_threads";
import Piscina from "piscina";
import { busyError, IngestError } from "../errors";
import type { PreparedCall } from "../prepare";
import { FairSlots } from "./fair-slots";
import { refusalError, type IngestJob, type JobResult } from "./job";
import type { ChunkMessage, WorkerAnswer, WorkerTask } from "./worker";

// Ingest's CPU-bound work (inflate, decode, classify: ./job) runs in a pool of worker threads,
// so no request — a 16 MB OTLP batch, a bomb refused half-way — holds the event loop that
// serves sign-in, pages and other senders. A worker that runs out of memory or time is
// replaced; its request is refused on its own. Which request a free thread takes is fair
// between projects (./fair-slots): one project's costly requests cannot hold every thread, nor
// queue ahead of another project's. Waiting is bounded: past it, 503 (429 for one project).

export interface IngestPoolOptions {
  threads: number;
  /** A job still running after this long is stopped (its worker replaced) and answered 503. */
  timeoutMs: number;
  /** Jobs waiting for a thread; more are answered 503 at once (a quarter of them per project: 429). */
  maxQueue: number;
  /** Each worker's heap: a request that needs more is refused (413), the server is untouched. */
  heapMb: number;
  /**
   * Jobs a set of workers runs before a fresh, warmed set takes over and the old one exits once its
   * jobs are done; 0: never. A worker's isolate keeps the heap it grew to, and its thread's allocator
   * the memory it took, until it exits: over hours of ingest that is what grows the process.
   */
  recycleAfterJobs?: number;
  /** Told each time a fresh set of workers replaces the one before (the instance's metrics count it). */
  onRecycle?: () => void;
}

/** Resolved at run time from the working directory (the app root, as migrations are), not traced by the bundler. */
const WORKER_FILE = path.join(
  /* turbopackIgnore: true */ process.cwd(),
  "lib",
  "ingest",
  "offload",
  "worker.cjs",
);

/** A core for the event loop, the rest for workers; at least two, so one project never holds them all. */
export function defaultThreads(): number {
  return Math.max(2, Math.min(4, availableParallelism() - 1));
}

export class IngestPool {
  private piscina: Piscina<WorkerTask, WorkerAnswer>;
  private readonly slots: FairSlots;
  /** Jobs given to the current set of workers. */
  private jobs = 0;
  /** Sets of workers replaced so far. */
  private replaced = 0;
  /** Sets of workers finishing their last jobs before they exit. */
  private readonly retiring = new Set<Piscina<WorkerTask, WorkerAnswer>>();
  private closed = false;
  /** Where each running job's chunks go, by its id: every worker sends on its own port, not one per job. */
  private readonly inbox = new Map<number, (chunk: PreparedCall[]) => void>();
  private nextJob = 0;

  constructor(private readonly options: IngestPoolOptions) {
    this.piscina = this.workers();
    this.slots = new FairSlots({
      slots: options.threads,
      maxWaiting: options.maxQueue,
      maxWaitingPerProject: Math.max(1, Math.floor(options.maxQueue / 4)),
    });
  }

  private workers(): Piscina<WorkerTask, WorkerAnswer> {
    const piscina = new Piscina<WorkerTask, WorkerAnswer>({
      filename: WORKER_FILE,
      minThreads: this.options.threads,
      maxThreads: this.options.threads,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb },
      env: SHARE_ENV,
    });
    // A worker that dies between jobs is replaced by Piscina; say so rather than crash on an unheard event.
    piscina.on("error", (error: unknown) => console.error("[faultline] an ingest worker failed:", error));
    piscina.on("message", (message: ChunkMessage) => this.inbox.get(message.job)?.(message.chunk));
    return piscina;
  }

  /**
   * Once the current workers have run `recycleAfterJobs` jobs, new jobs go to a fresh set and the old
   * set exits once its running jobs are done: the old isolates' heaps and their threads' allocator
   * memory go back to the system. The fresh set is not warmed first, so two sets overlap only for the
   * old set's last jobs; the first job on each fresh thread waits for it to load the classifier.
   */
  private recycleWhenDue(): void {
    const every = this.options.recycleAfterJobs ?? 0;
    if (every === 0 || this.jobs < every || this.closed) return;
    const old = this.piscina;
    this.piscina = this.workers();
    this.jobs = 0;
    this.replaced++;
    this.options.onRecycle?.();
    this.retiring.add(old);
    void old
      .close()
      .catch((error: unknown) => console.error("[faultline] retiring ingest workers failed:", error))
      .finally(() => this.retiring.delete(old));
  }

  /**
   * Runs one of `project`'s jobs once a thread is its turn; its prepared calls, in order, with the
   * job's result. Refusals throw IngestError.
   */
  async run(job: IngestJob, project: string): Promise<JobResult & { prepared: PreparedCall[] }> {
    const slot = await this.slots.acquire(project, AbortSignal.timeout(this.options.timeoutMs));
    const id = this.nextJob++;
    const chunks: PreparedCall[][] = [];
    let arrived: () => void = () => {};
    this.inbox.set(id, (chunk) => {
      chunks.push(chunk);
      arrived();
    });
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    this.jobs++;
    this.recycleWhenDue();
    try {
      const answer = await this.piscina
        .run({ job, id }, { transferList: [job.body.bytes.buffer as ArrayBuffer], signal })
        .catch((error: unknown) => {
          throw this.failure(error, signal);
        });
      if (!answer.ok) throw refusalError(answer.refusal);
      // The chunks travel on the thread's port, not with the answer: wait for the last of them.
      while (chunks.length < answer.chunks) await new Promise<void>((resolve) => (arrived = resolve));
      return { prepared: chunks.flat(), rejected: answer.rejected, otlp: answer.otlp };
    } finally {
      slot.release();
      this.inbox.delete(id);
    }
  }

  /** Jobs running and waiting for a thread. */
  state(): { running: number; waiting: number } {
    return this.slots.state();
  }

  /** How many times a fresh set of workers has replaced the one before. */
  recycles(): number {
    return this.replaced;
  }

  /** Resolves once every thread has loaded the classifier, so the first requests do not wait for it. */
  async warm(): Promise<void> {
    await warmed(this.piscina, this.options.threads);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.retiring].map((old) => old.destroy()));
    await this.piscina.destroy();
  }

  private failure(error: unknown, signal: AbortSignal): unknown {
    const code = (error as { code?: string } | null)?.code;
    if (code === "ERR_WORKER_OUT_OF_MEMORY") {
      return new IngestError(
        413,
        "too_costly",
        `body: needs more than ${this.options.heapMb} MB to read; send smaller batches`,
      );
    }
    if (signal.aborted) {
      return busyError(
        `Reading the request took longer than ${this.options.timeoutMs} ms; nothing was written. Retry shortly.`,
      );
    }
    return error;
  }
}

/** Resolves once each of a set's threads has loaded the classifier. */
async function warmed(piscina: Piscina<WorkerTask, WorkerAnswer>, threads: number): Promise<void> {
  await Promise.all(Array.from({ length: threads }, () => piscina.run({ warm: true })));
}
