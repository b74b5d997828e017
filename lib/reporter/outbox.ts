import type { CallReport, ReporterStats } from "./types.js";

// Delivers recorded calls to Faultline in background batches. A bounded buffer (the
// oldest are dropped, and counted, when it is full), backoff with jitter while Faultline is
// unreachable, Retry-After honoured on 429 and 503, and a batch is only removed once
// Faultline has answered for it — so a call is lost only by the buffer limit, and a call
// sent twice is stored once (its id is stable).

export interface OutboxOptions {
  endpoint: string;
  key: string;
  fetch: typeof fetch;
  batchSize: number;
  flushIntervalMs: number;
  maxBuffer: number;
  requestTimeoutMs: number;
  maxBackoffMs: number;
  onError: (error: Error) => void;
}

interface IngestAnswer {
  accepted?: number;
  duplicates?: number;
  rejected?: { index: number; errors: { path: string; message: string }[] }[];
  error?: { code?: string; message?: string };
}

export class Outbox {
  private queue: CallReport[] = [];
  private sending: Promise<void> | undefined;
  private retryAt = 0;
  private failures = 0;
  private batchSize: number;
  private readonly timer: ReturnType<typeof setInterval>;
  readonly counts: Omit<ReporterStats, "pending" | "reported"> = {
    delivered: 0,
    rejected: 0,
    dropped: 0,
    retries: 0,
  };

  constructor(private readonly options: OutboxOptions) {
    this.batchSize = options.batchSize;
    this.timer = setInterval(() => void this.flushOnce(), options.flushIntervalMs);
    this.timer.unref?.();
  }

  get pending(): number {
    return this.queue.length;
  }

  add(call: CallReport): void {
    this.queue.push(call);
    if (this.queue.length > this.options.maxBuffer) {
      const over = this.queue.length - this.options.maxBuffer;
      this.queue.splice(0, over);
      this.counts.dropped += over;
    }
    if (this.queue.length >= this.batchSize) void this.flushOnce();
  }

  /** Sends one batch unless one is in flight or a retry is not due yet. Never rejects. */
  flushOnce(): Promise<void> {
    if (this.sending) return this.sending;
    if (this.queue.length === 0 || Date.now() < this.retryAt) return Promise.resolve();
    this.sending = this.send(this.queue.slice(0, this.batchSize)).finally(() => {
      this.sending = undefined;
    });
    return this.sending;
  }

  /** Sends until the buffer is empty or `deadline` (epoch ms) passes, waiting out Retry-After within it. */
  async drain(deadline: number): Promise<void> {
    while (this.queue.length > 0 && Date.now() < deadline) {
      const wait = this.retryAt - Date.now();
      if (wait > 0) {
        if (Date.now() + wait > deadline) return;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
      await this.flushOnce();
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async send(batch: CallReport[]): Promise<void> {
    let response: Response;
    try {
      response = await this.options.fetch(this.options.endpoint, {
        method: "POST",
        headers: { authorization: `Bearer ${this.options.key}`, "content-type": "application/json" },
        body: JSON.stringify({ calls: batch }),
        signal: AbortSignal.timeout(this.options.requestTimeoutMs),
      });
    } catch (error) {
      this.retryLater(undefined, `Faultline unreachable: ${(error as Error).message}`);
      return;
    }
    const answer = (await response.json().catch(() => ({}))) as IngestAnswer;
    if (response.status === 429 || response.status === 503 || response.status >= 500) {
      this.retryLater(retryAfterMs(response), `Faultline answered ${response.status}`);
      return;
    }
    if (response.status === 413 && batch.length > 1) {
      this.batchSize = Math.max(1, Math.floor(batch.length / 2));
      return; // the same calls go again, in smaller batches
    }
    this.settle(batch);
    this.failures = 0;
    this.retryAt = 0;
    if (response.ok) {
      this.counts.delivered += (answer.accepted ?? 0) + (answer.duplicates ?? 0);
      const rejected = answer.rejected ?? [];
      this.counts.rejected += rejected.length;
      if (rejected[0])
        this.report(`Faultline refused ${rejected.length} call(s): ${describe(rejected[0].errors)}`);
      return;
    }
    // 400 (nothing valid), 401/403 (the key), 413 for a single call: sending again cannot help.
    if (response.status === 400) this.counts.rejected += batch.length;
    else this.counts.dropped += batch.length;
    this.report(`Faultline answered ${response.status}: ${answer.error?.message ?? "no details"}`);
  }

  /** Takes the answered calls out of the buffer (the front may have moved if the buffer overflowed meanwhile). */
  private settle(batch: CallReport[]): void {
    const answered = new Set(batch);
    this.queue = this.queue.filter((call) => !answered.has(call));
  }

  private retryLater(afterMs: number | undefined, reason: string): void {
    this.failures += 1;
    this.counts.retries += 1;
    const backoff = Math.min(this.options.maxBackoffMs, 1000 * 2 ** Math.min(this.failures - 1, 16));
    const jittered = backoff / 2 + Math.random() * (backoff / 2);
    this.retryAt = Date.now() + Math.min(this.options.maxBackoffMs, afterMs ?? jittered);
    if (this.failures === 1) this.report(`${reason}; calls are kept and sent again`);
  }

  private report(message: string): void {
    try {
      this.options.onError(new Error(`[faultline reporter] ${message}`));
    } catch {
      // the host's handler threw: still never our problem to raise
    }
  }
}

function retryAfterMs(response: Response): number | undefined {
  const header = response.headers.get("retry-after");
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function describe(errors: { path: string; message: string }[]): string {
  return errors.map((error) => `${error.path}: ${error.message}`).join("; ");
}
