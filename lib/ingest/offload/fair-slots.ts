import { busyError, projectShareError, type IngestError } from "../errors";

// Which project's ingest request a free worker thread takes next. A worker is never taken from
// a request part-way (a decode cannot be preempted), so isolation comes from two rules:
//   - with two or more threads, one project holds at most all but one of them: a project that
//     floods the workers with costly requests leaves a thread for everyone else's;
//   - a free thread goes to the waiting project that has used the least worker time lately
//     (usage decays by half every `halfLifeMs`), oldest request first within a project — so a
//     second project's one-call webhook goes ahead of the flood's queue, not behind it.
// Waiting is bounded in all (503) and per project (429), and a request that waits too long is
// answered 503; either way nothing of it was written.

export interface FairSlotsOptions {
  slots: number;
  /** Requests waiting for a thread, in all; more are answered 503 at once. */
  maxWaiting: number;
  /** Of those, one project's; more are answered 429 at once. */
  maxWaitingPerProject: number;
  /** Worker time used counts half as much after this long. */
  halfLifeMs?: number;
  now?: () => number;
}

/** A thread held by one request: release() once, when its job has ended. */
export interface Slot {
  release(): void;
}

interface Waiter {
  project: string;
  start: (slot: Slot) => void;
}

interface Usage {
  ms: number;
  at: number;
}

export class FairSlots {
  private running = 0;
  private waitingCount = 0;
  private readonly runningBy = new Map<string, number>();
  private readonly waitingBy = new Map<string, Waiter[]>();
  private readonly usage = new Map<string, Usage>();
  private readonly halfLifeMs: number;
  private readonly now: () => number;

  constructor(private readonly options: FairSlotsOptions) {
    this.halfLifeMs = options.halfLifeMs ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Threads one project may hold at once. */
  get perProject(): number {
    return this.options.slots >= 2 ? this.options.slots - 1 : 1;
  }

  /** A thread for one of `project`'s requests, once it is its turn; `signal` gives up waiting. */
  acquire(project: string, signal: AbortSignal): Promise<Slot> {
    const queue = this.waitingBy.get(project) ?? [];
    if (queue.length >= this.options.maxWaitingPerProject) {
      return Promise.reject(
        projectShareError(
          "This project has as many ingest requests waiting to be read as it may; nothing was written. Retry shortly.",
        ),
      );
    }
    if (this.waitingCount >= this.options.maxWaiting) return Promise.reject(busy("waiting to be read"));
    return new Promise<Slot>((resolve, reject) => {
      const waiter: Waiter = {
        project,
        start: (slot) => {
          signal.removeEventListener("abort", abandon);
          resolve(slot);
        },
      };
      const abandon = () => {
        const waiting = this.waitingBy.get(project);
        const index = waiting?.indexOf(waiter) ?? -1;
        if (!waiting || index < 0) return;
        waiting.splice(index, 1);
        if (waiting.length === 0) this.waitingBy.delete(project);
        this.waitingCount--;
        reject(busy("waiting too long to be read"));
      };
      if (signal.aborted) return reject(busy("waiting too long to be read"));
      signal.addEventListener("abort", abandon, { once: true });
      queue.push(waiter);
      this.waitingBy.set(project, queue);
      this.waitingCount++;
      this.dispatch();
    });
  }

  /** Requests waiting and running, for tests and diagnostics. */
  state(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waitingCount };
  }

  private dispatch(): void {
    while (this.running < this.options.slots) {
      const project = this.nextProject();
      if (project === undefined) return;
      const queue = this.waitingBy.get(project)!;
      const waiter = queue.shift()!;
      if (queue.length === 0) this.waitingBy.delete(project);
      this.waitingCount--;
      waiter.start(this.hold(project));
    }
  }

  /** The waiting project under its thread cap that used the least worker time lately. */
  private nextProject(): string | undefined {
    let chosen: string | undefined;
    let least = Infinity;
    for (const project of this.waitingBy.keys()) {
      if ((this.runningBy.get(project) ?? 0) >= this.perProject) continue;
      const used = this.usedBy(project);
      // Map order is arrival order of each project's queue: ties go to the one waiting longest.
      if (used < least) {
        least = used;
        chosen = project;
      }
    }
    return chosen;
  }

  private hold(project: string): Slot {
    this.running++;
    this.runningBy.set(project, (this.runningBy.get(project) ?? 0) + 1);
    const started = this.now();
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.running--;
        const left = (this.runningBy.get(project) ?? 1) - 1;
        if (left <= 0) this.runningBy.delete(project);
        else this.runningBy.set(project, left);
        this.charge(project, this.now() - started);
        this.dispatch();
      },
    };
  }

  private usedBy(project: string): number {
    const usage = this.usage.get(project);
    if (!usage) return 0;
    return usage.ms * 0.5 ** ((this.now() - usage.at) / this.halfLifeMs);
  }

  private charge(project: string, ms: number): void {
    const used = this.usedBy(project) + ms;
    this.usage.set(project, { ms: used, at: this.now() });
    // Forget projects whose usage has decayed to nothing, so the map holds recent senders only.
    if (this.usage.size > 64) {
      for (const other of this.usage.keys()) if (this.usedBy(other) < 1) this.usage.delete(other);
    }
  }
}

function busy(what: string): IngestError {
  return busyError(`Too many ingest requests are ${what}; nothing was written. Retry shortly.`);
}
