import type { Pool } from "pg";
import type { PreparedCall } from "./prepare";
import { MAX_TRANSACTION_CALLS, writeCalls, type Written } from "./write-calls";

// Group commit. Requests for one project share transactions instead of opening one each:
// while a group is being written, the calls of requests that arrive wait, and go together in
// the next transaction. A request is answered once the transaction holding its calls has
// committed. If a shared transaction fails, nothing of it is stored and each of its requests
// is written again on its own, so one request that cannot be stored never takes its
// neighbours down with it. Under load this turns 32 concurrent one-call requests into a few
// transactions of many calls, with one set of rollup upserts between them, instead of 32
// transactions queuing on the same rollup rows.

/** The most calls one transaction takes; a single larger request still goes whole. */
export const MAX_GROUP_CALLS = MAX_TRANSACTION_CALLS;

interface Waiter {
  calls: readonly PreparedCall[];
  resolve(written: Written): void;
  reject(error: unknown): void;
}

interface Queue {
  waiting: Waiter[];
}

const queuesByPool = new WeakMap<Pool, Map<string, Queue>>();

/** Writes `calls` of `projectId` in a transaction shared with the project's concurrent requests. */
export function writeGrouped(
  pool: Pool,
  projectId: string,
  calls: readonly PreparedCall[],
): Promise<Written> {
  let queues = queuesByPool.get(pool);
  if (!queues) queuesByPool.set(pool, (queues = new Map()));
  return new Promise<Written>((resolve, reject) => {
    const queue = queues.get(projectId);
    if (queue) {
      queue.waiting.push({ calls, resolve, reject });
      return;
    }
    const fresh: Queue = { waiting: [{ calls, resolve, reject }] };
    queues.set(projectId, fresh);
    void drain(pool, projectId, fresh, queues);
  });
}

async function drain(pool: Pool, projectId: string, queue: Queue, queues: Map<string, Queue>): Promise<void> {
  while (queue.waiting.length > 0) {
    const group = takeGroup(queue.waiting);
    try {
      const written = await writeCalls(
        pool,
        projectId,
        group.flatMap((waiter) => waiter.calls),
      );
      for (const waiter of group) waiter.resolve(written);
    } catch (error) {
      if (group.length === 1) group[0]!.reject(error);
      else for (const waiter of group) await writeAlone(pool, projectId, waiter);
    }
  }
  queues.delete(projectId);
}

async function writeAlone(pool: Pool, projectId: string, waiter: Waiter): Promise<void> {
  try {
    waiter.resolve(await writeCalls(pool, projectId, waiter.calls));
  } catch (error) {
    waiter.reject(error);
  }
}

/** Whole requests, oldest first, up to MAX_GROUP_CALLS calls (at least one request). */
function takeGroup(waiting: Waiter[]): Waiter[] {
  let count = 0;
  let taken = 0;
  while (taken < waiting.length && (taken === 0 || count + waiting[taken]!.calls.length <= MAX_GROUP_CALLS)) {
    count += waiting[taken]!.calls.length;
    taken++;
  }
  return waiting.splice(0, taken);
}
