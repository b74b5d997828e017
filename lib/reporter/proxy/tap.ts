import { Worker } from "node:worker_threads";

// How the relay hands the reporting side what went by, without ever waiting for it: the
// relay forwards a chunk first, then queues a copy (and small events: a request began, the
// server exited) for a worker thread, sent every 10 ms, which does all the reading, pairing and delivering
// (worker.ts). Nothing the worker does — parsing a large answer, a slow Faultline, a fetch —
// runs on the thread that moves the session's bytes.
//
// The copies of one batch are packed side by side into one buffer (each event's `d` a view of
// it) and that one buffer is transferred: handing over an ArrayBuffer per chunk cost the relay's
// thread ~0.3 ms per batch, the tail latency a call arriving meanwhile paid (bench/proxy.ts).
//
// Bounded: the copies the worker has not yet read are counted (it acknowledges what it read),
// and past `maxQueuedBytes` a chunk is not copied at all — the worker is told of the gap and
// reads again from the next line. A worker that fails leaves the relay running, reporting off.

export type Direction = "c" | "s";

export type TapEvent =
  /** stdio: bytes from the client (c) or the server (s). */
  | { t: Direction; d: Uint8Array; at: number }
  | { t: "gap"; dir: Direction }
  | { t: "client-end"; at: number }
  /** The stdio server exited (or could not be started); `stderr`: the end of what it wrote there. */
  | { t: "server-exit"; at: number; code: number | null; signal: string | null; stderr?: string }
  /**
   * HTTP: exchange `x` began (the request's line and the few headers the reporting side reads;
   * `secrets`: the other headers' values, to be masked wherever they appear — header-secrets.ts).
   */
  | {
      t: "req";
      x: number;
      at: number;
      method: string;
      path: string;
      session?: string;
      version?: string;
      secrets?: string[];
    }
  | { t: "req-data"; x: number; d: Uint8Array }
  | { t: "req-end"; x: number; at: number }
  | { t: "res"; x: number; at: number; status: number; type: string; encoding: string; session?: string }
  | { t: "res-data"; x: number; d: Uint8Array; at: number }
  | { t: "res-end"; x: number; at: number }
  /** The upstream could not be reached or did not answer in time (`code`: ECONNREFUSED, timeout…). */
  | { t: "fail"; x: number; at: number; code: string }
  /** The client went away before the exchange ended. */
  | { t: "gone"; x: number; at: number }
  | { t: "x-gap"; x: number; part: "req" | "res" }
  /** The session is over: end what is in flight and deliver, within `drainMs`. */
  | { t: "close"; at: number; drainMs: number };

export type WorkerMessage = { t: "ack"; bytes: number } | { t: "log"; message: string } | { t: "done" };

export interface WorkerSettings {
  mode: "stdio" | "http";
  url: string;
  key: string;
  server?: string;
  maxLineBytes: number;
  maxPending: number;
  /** HTTP: the upstream's origin, to rewrite nothing but to know the SSE endpoint's session. */
  upstream?: string;
  /** The reporting thread runs at the lowest CPU priority (`--priority low`, the default). */
  lowPriority: boolean;
}

export const MAX_QUEUED_BYTES = 64 * 2 ** 20;
/** How often the queued copies go to the worker. */
const POST_EVERY_MS = 10;
/** The smallest buffer a batch's copies are packed into; a batch that needs more starts another. */
const PACK_BYTES = 64 * 1024;

/** Epoch milliseconds with a fraction: the relay's clock for every event. */
export function now(): number {
  return performance.timeOrigin + performance.now();
}

export class Tap {
  private readonly worker: Worker;
  private queued = 0;
  private broken = false;
  private readonly gapped = new Set<string>();
  private finished: (() => void) | undefined;
  private done = false;
  private outgoing: TapEvent[] = [];
  /** The buffers this batch's copies are packed into (the last one is being filled). */
  private transfers: ArrayBuffer[] = [];
  private pack: Uint8Array | undefined;
  private packed = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(settings: WorkerSettings, log: (message: string) => void) {
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { workerData: settings });
    this.worker.unref();
    this.worker.on("message", (message: WorkerMessage) => {
      if (message.t === "ack") this.queued = Math.max(0, this.queued - message.bytes);
      else if (message.t === "log") log(message.message);
      else this.finish();
    });
    this.worker.on("error", (error) => {
      this.broken = true;
      log(`reporting stopped (${error.message}); the session is relayed as before`);
      this.finish();
    });
    this.worker.on("exit", () => this.finish());
  }

  /** A copy of `chunk` for the reporting side, unless too much is queued already (then a gap). */
  chunk(stream: string, chunk: Buffer, event: (copy: Uint8Array) => TapEvent, gap: () => TapEvent): void {
    if (this.broken) return;
    if (this.queued + chunk.length > MAX_QUEUED_BYTES) {
      if (!this.gapped.has(stream)) this.post(gap());
      this.gapped.add(stream);
      return;
    }
    this.gapped.delete(stream);
    const copy = this.packCopy(chunk);
    this.queued += chunk.length;
    this.post(event(copy));
  }

  /** `chunk`'s bytes in this batch's buffer (a new one when it is full), as a view of them. */
  private packCopy(chunk: Uint8Array): Uint8Array {
    if (!this.pack || this.packed + chunk.length > this.pack.length) {
      const buffer = new ArrayBuffer(Math.max(PACK_BYTES, chunk.length));
      this.pack = new Uint8Array(buffer);
      this.packed = 0;
      this.transfers.push(buffer);
    }
    const copy = this.pack.subarray(this.packed, this.packed + chunk.length);
    copy.set(chunk);
    this.packed += chunk.length;
    return copy;
  }

  event(event: TapEvent): void {
    if (!this.broken) this.post(event);
  }

  /** Ends the session for the reporting side; resolves once it delivered, or after `drainMs` (and a little). */
  close(drainMs: number): Promise<void> {
    if (this.broken || this.done) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, drainMs + 250);
      this.finished = () => {
        clearTimeout(timer);
        resolve();
      };
      this.post({ t: "close", at: now(), drainMs });
    });
  }

  /**
   * Queues an event; the queue goes to the worker every POST_EVERY_MS as one message. Waking the
   * worker once per chunk would take a core from the session twice per call on a small machine;
   * each event carries its own time, so batching changes no figure.
   */
  private post(event: TapEvent): void {
    this.outgoing.push(event);
    if (event.t === "close") return this.send();
    if (!this.timer) {
      this.timer = setTimeout(() => this.send(), POST_EVERY_MS);
      this.timer.unref();
    }
  }

  private send(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const events = this.outgoing;
    const transfers = this.transfers;
    this.outgoing = [];
    this.transfers = [];
    this.pack = undefined; // transferred with the batch: the next copies go into a new one
    try {
      this.worker.postMessage(events, transfers);
    } catch {
      this.broken = true;
    }
  }

  private finish(): void {
    this.done = true;
    this.finished?.();
  }
}
