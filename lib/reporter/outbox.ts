import { fitReport } from "./limits.js";
import type { CallReport } from "./types.js";
import { CallBuffer, type Serialized } from "./buffer.js";
import { deliver } from "./delivery.js";
import { describe, sleep, tell, within } from "./guest.js";

// Delivers call objects to Faultline's webhook in background batches — for the reporter, and
// for anything else that sends call objects from inside someone else's process. Modelled on
// OpenTelemetry's BatchSpanProcessor: a bounded buffer that drops the oldest and counts them
// (buffer.ts), a time limit on every export, errors told to onError and never thrown, a drain
// with a deadline. One request and what its answer means is delivery.ts.
//
// Every call added is counted exactly once as delivered, rejected, dropped or pending:
//   reported == delivered + rejected + dropped + pending, at every moment.
// Calls in flight stay pending until Faultline has answered for them; a batch that was not
// answered for (an error, a timeout, a redirect, an answer that is not Faultline's) goes back
// to the front of the buffer and is sent again later.

export interface OutboxOptions {
  /** The webhook's URL, e.g. http://localhost:3000/api/v1/calls. */
  endpoint: string;
  key: string;
  fetch?: typeof fetch;
  /** Calls per request (default 100, at most 1,000: Faultline's limit). */
  batchSize?: number;
  /** How often buffered calls are sent (default 1,000 ms). */
  flushIntervalMs?: number;
  /** Calls kept waiting (default 10,000); past it, the oldest are dropped and counted. */
  maxBuffer?: number;
  /** Bytes of calls kept waiting (default 32 MiB); past it, the oldest are dropped and counted. */
  maxBufferBytes?: number;
  /** Bytes of one request body (default 5 MiB, Faultline's limit); a larger call is dropped. */
  maxRequestBytes?: number;
  /** One delivery's time limit, the answer's body included (default 10,000 ms). */
  requestTimeoutMs?: number;
  /** The most of an answer that is read, after decompression (default 1 MiB). */
  maxAnswerBytes?: number;
  /** Longest wait between retries (default 60,000 ms). */
  maxBackoffMs?: number;
  onError?: (error: Error) => void;
}

export interface OutboxStats {
  reported: number;
  pending: number;
  delivered: number;
  rejected: number;
  dropped: number;
  retries: number;
}

const ENVELOPE_BYTES = '{"calls":[]}'.length;
const MAX_TIMER_MS = 2 ** 31 - 1;

export class Outbox {
  private readonly settings: Required<Omit<OutboxOptions, "fetch" | "onError">>;
  private readonly fetch: typeof fetch;
  private readonly onError: (error: Error) => void;
  private readonly buffer: CallBuffer;
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly counts = { reported: 0, delivered: 0, rejected: 0, dropped: 0, retries: 0 };
  private inFlight: Serialized[] = [];
  private sending: Promise<void> | undefined;
  private batchSize: number;
  private retryAt = 0;
  private failures = 0;
  /** The last attempt got no answer at all (see drain). */
  private unreachable = false;
  private stopped = false;
  /** What was last told to onError about a failure, or a full buffer (cleared once a batch is answered for). */
  private told = { problem: undefined as string | undefined, overflow: false };

  constructor(options: OutboxOptions) {
    this.settings = {
      endpoint: options.endpoint,
      key: options.key,
      batchSize: clamp(options.batchSize, 100, 1, 1000),
      flushIntervalMs: clamp(options.flushIntervalMs, 1_000, 1, MAX_TIMER_MS),
      maxBuffer: clamp(options.maxBuffer, 10_000, 1, Infinity),
      maxBufferBytes: clamp(options.maxBufferBytes, 32 * 2 ** 20, 1, Infinity),
      maxRequestBytes: clamp(options.maxRequestBytes, 5 * 2 ** 20, ENVELOPE_BYTES + 2, Infinity),
      requestTimeoutMs: clamp(options.requestTimeoutMs, 10_000, 1, MAX_TIMER_MS),
      maxAnswerBytes: clamp(options.maxAnswerBytes, 2 ** 20, 1, Infinity),
      maxBackoffMs: clamp(options.maxBackoffMs, 60_000, 1, MAX_TIMER_MS),
    };
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.onError = options.onError ?? (() => {});
    this.buffer = new CallBuffer(this.settings.maxBuffer, this.settings.maxBufferBytes);
    this.batchSize = this.settings.batchSize;
    this.timer = setInterval(() => void this.flush(), this.settings.flushIntervalMs);
    this.timer.unref?.();
  }

  stats(): OutboxStats {
    const { reported, delivered, rejected, dropped, retries } = this.counts;
    const pending = this.buffer.length + this.inFlight.length;
    return { reported, pending, delivered, rejected, dropped, retries };
  }

  /**
   * Buffers one call object, serialized now: its size is known for the bounds, a value that
   * cannot be serialized is dropped here (not in the middle of a batch), and nothing the object
   * pointed into stays alive (V8 keeps a slice of a 30 MB text as a view into all of it). Never throws.
   */
  add(call: unknown): void {
    this.counts.reported += 1;
    let json: string | undefined;
    try {
      json = JSON.stringify(typeof call === "object" && call !== null ? fitReport(call as CallReport) : call);
    } catch (error) {
      return this.drop(`a call could not be serialized (${describe(error)}); it is dropped`);
    }
    if (typeof json !== "string") return this.drop("a call was not a JSON value; it is dropped");
    const bytes = Buffer.byteLength(json);
    if (bytes + ENVELOPE_BYTES > this.settings.maxRequestBytes)
      return this.drop(`a call of ${bytes} bytes is larger than a request may be; it is dropped`);
    this.overflowed(this.buffer.push({ json, bytes }));
    if (!this.stopped && this.buffer.length >= this.batchSize) void this.flush();
  }

  /** Counts a call that was recorded but will not be sent (a transform that threw), and says why. */
  refuse(reason: string): void {
    this.counts.reported += 1;
    this.drop(reason);
  }

  /** Sends what is buffered now, batch after batch, until a retry is due later. Never rejects. */
  async flush(): Promise<void> {
    try {
      let rounds = Math.ceil(this.buffer.length / this.batchSize) + 2; // 413 halvings add a few
      while (rounds-- > 0 && (this.sending || (this.buffer.length > 0 && Date.now() >= this.retryAt)))
        await this.sendNext();
    } catch (error) {
      tell(this.onError, `flush failed: ${describe(error)}`);
    }
  }

  /**
   * Sends until nothing is pending or `deadline` (epoch ms) passes, waiting out retries within
   * it — except when Faultline could not be reached at all: then the drain tries once at once
   * (Faultline may be back since the last attempt: a refused connection costs a millisecond),
   * and if that finds nothing either it stops — nothing answering now will rarely answer in the
   * second or two a drain has, and waiting only holds up the exit of the process (a stdio
   * client waits for its server's). Never rejects.
   */
  async drain(deadline: number): Promise<void> {
    try {
      let triedAtOnce = false;
      while ((this.buffer.length > 0 || this.sending) && Date.now() < deadline) {
        const wait = this.retryAt - Date.now();
        if (!this.sending && wait > 0) {
          if (this.unreachable && !triedAtOnce) {
            triedAtOnce = true;
            this.retryAt = 0;
            continue;
          }
          if (Date.now() + wait >= deadline || this.unreachable) return;
          await sleep(wait);
          continue;
        }
        await within(this.sendNext(), deadline - Date.now());
      }
    } catch (error) {
      tell(this.onError, `drain failed: ${describe(error)}`);
    }
  }

  /** Stops sending on a timer (calls added later stay pending until flush or drain). */
  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  /** The batch in flight, or a new one from the front of the buffer. */
  private sendNext(): Promise<void> {
    if (this.sending) return this.sending;
    if (this.buffer.length === 0 || Date.now() < this.retryAt) return Promise.resolve();
    const batch = this.buffer.take(this.batchSize, this.settings.maxRequestBytes - ENVELOPE_BYTES);
    this.inFlight = batch;
    this.sending = this.send(batch)
      .catch((error: unknown) => {
        if (this.inFlight === batch) this.putBack(batch);
        tell(this.onError, `delivery failed: ${describe(error)}`);
      })
      .finally(() => {
        this.inFlight = [];
        this.sending = undefined;
      });
    return this.sending;
  }

  private async send(batch: Serialized[]): Promise<void> {
    const { endpoint, key, requestTimeoutMs, maxAnswerBytes } = this.settings;
    const body = `{"calls":[${batch.map((entry) => entry.json).join(",")}]}`;
    const options = { endpoint, key, fetch: this.fetch, timeoutMs: requestTimeoutMs, maxAnswerBytes };
    const verdict = await deliver(body, batch.length, options);
    if (verdict.kind === "settled") {
      this.inFlight = [];
      this.counts.delivered += verdict.delivered;
      this.counts.rejected += verdict.rejected;
      this.counts.dropped += batch.length - verdict.delivered - verdict.rejected;
      this.failures = 0;
      this.retryAt = 0;
      this.unreachable = false;
      this.told = { problem: undefined, overflow: false };
      if (verdict.problem) tell(this.onError, verdict.problem);
      return;
    }
    if (verdict.kind === "split" || verdict.smaller)
      this.batchSize = Math.max(1, Math.floor(batch.length / 2));
    this.putBack(batch);
    if (verdict.kind === "retry") {
      this.unreachable = verdict.unreachable === true;
      this.retryLater(verdict.afterMs, verdict.problem);
    }
  }

  private putBack(batch: Serialized[]): void {
    this.inFlight = [];
    this.overflowed(this.buffer.putBack(batch));
  }

  private retryLater(afterMs: number | undefined, problem: string): void {
    this.failures += 1;
    this.counts.retries += 1;
    const { maxBackoffMs } = this.settings;
    const backoff = Math.min(maxBackoffMs, 1000 * 2 ** Math.min(this.failures - 1, 16));
    const jittered = backoff / 2 + Math.random() * (backoff / 2);
    // Retry-After is honoured (up to maxBackoffMs), but "0" from a struggling server is not leave to hammer it.
    const floor = Math.min(1000, maxBackoffMs);
    const wait = afterMs === undefined ? jittered : Math.max(floor, Math.min(maxBackoffMs, afterMs));
    this.retryAt = Date.now() + wait;
    // Told when a run of failures starts and when its cause changes, not at every retry.
    if (problem !== this.told.problem)
      tell(this.onError, `${problem}; calls are kept in memory and sent again while this process runs`);
    this.told.problem = problem;
  }

  /** Counts calls dropped by the buffer's bounds, told once per overflow rather than once per call. */
  private overflowed(dropped: number): void {
    if (dropped === 0) return;
    this.counts.dropped += dropped;
    if (!this.told.overflow) tell(this.onError, "the buffer is full: the oldest calls are dropped");
    this.told.overflow = true;
  }

  private drop(reason: string): void {
    this.counts.dropped += 1;
    tell(this.onError, reason);
  }
}

/** An option as given, within [min, max]; the default when it is not a number. */
function clamp(value: number | undefined, fallback: number, min: number, max: number): number {
  const chosen = typeof value === "number" && !Number.isNaN(value) ? value : fallback;
  return Math.min(max, Math.max(min, chosen));
}
