import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { IngestError } from "@/lib/ingest/errors";
import { ingestLimits } from "@/lib/ingest/limits";
import type { IngestJob } from "@/lib/ingest/offload/job";
import { IngestPool } from "@/lib/ingest/offload/pool";
import { jsonEmptySpans } from "../fixtures/bombs";

// The ingest worker threads as the server runs them (real threads, the real job): a job that
// runs out of time or memory is refused on its own (503 / 413), its worker is replaced, and the
// next job is answered as usual.

const limits = ingestLimits(parseEnv({}));
const pools: IngestPool[] = [];
afterAll(() => Promise.all(pools.map((pool) => pool.close())));

function pool(options: Partial<ConstructorParameters<typeof IngestPool>[0]> = {}): IngestPool {
  const created = new IngestPool({ threads: 1, timeoutMs: 30_000, maxQueue: 4, heapMb: 256, ...options });
  pools.push(created);
  return created;
}

function webhookJob(calls: unknown[]): IngestJob {
  return {
    endpoint: "webhook",
    body: { kind: "json", encoding: "identity", bytes: Buffer.from(JSON.stringify({ calls })) },
    maxBytes: 16 * 1024 * 1024,
    limits,
    receivedAt: Date.now(),
  };
}

const call = (id: string) => ({ id, server: "s", tool: "t", isError: true, text: "Error: boom" });

async function refusal(promise: Promise<unknown>): Promise<IngestError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(IngestError);
  return error as IngestError;
}

describe("ingest workers", () => {
  it("prepare calls in order, a chunk at a time, with the rejections beside them", async () => {
    const workers = pool();
    const calls = Array.from({ length: 600 }, (_, index) =>
      index === 300 ? { id: "bad" } : call(`c${index}`),
    );
    const result = await workers.run(webhookJob(calls), "p");
    expect(result.prepared.map((prepared) => prepared.id)).toEqual(
      calls.filter((_, index) => index !== 300).map((item) => item.id),
    );
    expect(result.prepared[0]).toMatchObject({ outcome: "tool_error", text: "Error: boom" });
    expect(result.rejected).toEqual([{ index: 300, errors: [expect.objectContaining({ path: "server" })] }]);
  });

  it("answer a request's own faults as refusals (400, 413), not crashes", async () => {
    const workers = pool();
    const notJson: IngestJob = {
      ...webhookJob([]),
      body: { kind: "json", encoding: "identity", bytes: Buffer.from("{") },
    };
    expect((await refusal(workers.run(notJson, "p"))).status).toBe(400);
    const bomb: IngestJob = {
      ...webhookJob([]),
      endpoint: "otlp",
      body: { kind: "json", encoding: "identity", bytes: jsonEmptySpans(3_000_000) },
    };
    const refused = await refusal(workers.run(bomb, "p"));
    expect([refused.status, refused.code]).toEqual([413, "too_many_items"]);
  });

  it("hand jobs to a fresh set of workers every few thousand jobs, losing none in flight", async () => {
    const workers = pool({ threads: 2, maxQueue: 64, recycleAfterJobs: 3 });
    const jobs = Array.from({ length: 12 }, (_, job) =>
      workers.run(
        webhookJob(Array.from({ length: 40 }, (_, index) => call(`r${job}-${index}`))),
        `p${job % 3}`,
      ),
    );
    const results = await Promise.all(jobs);
    results.forEach((result, job) =>
      expect(result.prepared.map((prepared) => prepared.id)).toEqual(
        Array.from({ length: 40 }, (_, index) => `r${job}-${index}`),
      ),
    );
    expect(workers.recycles()).toBeGreaterThanOrEqual(3);
    // The workers that took over answer as the first did.
    const after = await workers.run(webhookJob([call("after")]), "p");
    expect(after.prepared.map((prepared) => prepared.id)).toEqual(["after"]);
    // Never, when it is turned off.
    const kept = pool({ threads: 2, recycleAfterJobs: 0 });
    for (let job = 0; job < 5; job++) await kept.run(webhookJob([call(`k${job}`)]), "p");
    expect(kept.recycles()).toBe(0);
  });

  it("stop a job that runs out of time (503, Retry-After) and replace its worker", async () => {
    const workers = pool({ timeoutMs: 50 });
    const slow = webhookJob(Array.from({ length: 1_000 }, (_, index) => call(`slow${index}`)));
    const refused = await refusal(workers.run(slow, "p"));
    expect([refused.status, refused.code, refused.headers?.["retry-after"]]).toEqual([503, "busy", "1"]);
  });

  it("refuse a job that needs more memory than a worker may have (413), and go on with the next", async () => {
    const workers = pool({ heapMb: 64 });
    const big: IngestJob = {
      ...webhookJob([]),
      endpoint: "otlp",
      body: { kind: "json", encoding: "identity", bytes: jsonEmptySpans(limits.spans) },
      limits: { ...limits, otlpJsonValues: 10_000_000 },
    };
    // Two copies of the spans' text in 64 MB: the worker's heap runs out, not the server's.
    const huge = {
      ...big,
      body: { ...big.body, bytes: Buffer.from(`{"pad":"${"x".repeat(60_000_000)}","resourceSpans":[]}`) },
    };
    const refused = await refusal(workers.run(huge, "p"));
    expect([refused.status, refused.code]).toEqual([413, "too_costly"]);
    const after = await workers.run(webhookJob([call("after")]), "p");
    expect(after.prepared.map((prepared) => prepared.id)).toEqual(["after"]);
  });

  it("refuse jobs past the queue at once (503; 429 past one project's share) instead of holding them", async () => {
    const workers = pool({ maxQueue: 4 });
    await workers.warm();
    const slowJob = (n: number) =>
      webhookJob(Array.from({ length: 1_000 }, (_, index) => call(`q${n}-${index}`)));
    const status = (promise: Promise<unknown>) =>
      promise.then(
        () => 200,
        (error: IngestError) => error.status,
      );
    // One project: one running, one waiting (a quarter of the queue), the rest 429.
    const own = await Promise.all(Array.from({ length: 4 }, (_, n) => status(workers.run(slowJob(n), "p"))));
    expect(own.sort()).toEqual([200, 200, 429, 429]);
    // Many projects: the queue fills, then 503.
    const many = await Promise.all(
      Array.from({ length: 8 }, (_, n) => status(workers.run(slowJob(n), `p${n}`))),
    );
    expect(many.filter((code) => code === 200)).toHaveLength(5);
    expect(many.filter((code) => code === 503)).toHaveLength(3);
  });
});

describe("ingest workers shared by projects", () => {
  // A full batch whose texts take the classifier a while: ~100 ms of a worker's time or more.
  const costly = (n: number) =>
    webhookJob(
      Array.from({ length: 1_000 }, (_, index) => ({
        ...call(`a${n}-${index}`),
        text: `Error: upstream said ${"no, ".repeat(1_000)}`,
      })),
    );

  it("keep a thread for other projects while one floods them all: its one-call request is answered first", async () => {
    const workers = pool({ threads: 2, maxQueue: 64 });
    await workers.warm();
    const finished: string[] = [];
    const flood = Array.from({ length: 6 }, (_, n) =>
      workers.run(costly(n), "flood").then(() => finished.push(`flood-${n}`)),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    const other = workers.run(webhookJob([call("theirs")]), "other").then(() => finished.push("other"));
    await Promise.all([...flood, other]);
    expect(finished[0]).toBe("other");
  });

  it("with one thread, let another project's request go ahead of the flood's queue", async () => {
    const workers = pool({ threads: 1, maxQueue: 64 });
    await workers.warm();
    const finished: string[] = [];
    const flood = Array.from({ length: 5 }, (_, n) =>
      workers.run(costly(n), "flood").then(() => finished.push(`flood-${n}`)),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    const other = workers.run(webhookJob([call("theirs")]), "other").then(() => finished.push("other"));
    await Promise.all([...flood, other]);
    // Only the flood's request already running finishes before it.
    expect(finished.indexOf("other")).toBe(1);
  });
});
