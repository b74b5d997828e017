import { describe, quietly, within } from "./guest.js";
import { Outbox } from "./outbox.js";
import type { CallReport, ReporterOptions, ReporterStats } from "./types.js";

// The reporter's sending half, for anything that records calls inside someone else's process:
// the host's transform (fail closed), the outbox (buffer, batch, retry, drop and count), a
// flush before a process that ends on its own exits, and a close with one deadline.
// (index.ts builds the same for the client reporter inline; it can use this when next changed.)

export type SenderOptions = Omit<ReporterOptions, "server" | "agent">;

export interface Sender {
  /** Buffers one call (after the transform). Never throws. */
  record(call: CallReport): void;
  /** Counts a call that was seen but will not be sent, and says why. */
  refuse(reason: string): void;
  flush(): Promise<void>;
  /** Stops the timer, waits for `settled` (reports still being put together), then drains; never past the deadline. */
  close(timeoutMs: number, settled: () => Promise<void>): Promise<void>;
  stats(): ReporterStats;
}

export function createSender(options: SenderOptions): Sender {
  const outbox = new Outbox({
    endpoint: new URL("/api/v1/calls", options.url).toString(),
    key: options.key,
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    batchSize: options.batchSize,
    flushIntervalMs: options.flushIntervalMs,
    maxBuffer: options.maxBuffer,
    maxBufferBytes: options.maxBufferBytes,
    requestTimeoutMs: options.requestTimeoutMs,
    maxAnswerBytes: options.maxAnswerBytes,
    maxBackoffMs: options.maxBackoffMs,
    onError: options.onError,
  });
  const beforeExit = () => void outbox.drain(Date.now() + 5_000);
  process.once("beforeExit", beforeExit);
  return {
    record(call) {
      let kept: CallReport | null;
      try {
        kept = options.transform ? options.transform(call) : call;
      } catch (error) {
        // A transform is often a redactor: a call it could not handle is not sent as it was.
        outbox.refuse(`transform threw (${describe(error)}); the call is dropped, not sent untransformed`);
        return;
      }
      if (kept) outbox.add(kept);
    },
    refuse: (reason) => outbox.refuse(reason),
    flush: () => outbox.flush(),
    async close(timeoutMs, settled) {
      quietly(() => process.off("beforeExit", beforeExit));
      outbox.stop();
      const deadline = Date.now() + timeoutMs;
      await within(settled(), deadline - Date.now());
      await outbox.drain(deadline);
    },
    stats: () => outbox.stats(),
  };
}
