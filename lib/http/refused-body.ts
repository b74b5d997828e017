import type http from "node:http";
import { Readable } from "node:stream";

// A request body the server answers without reading whole — over the size limit, a type or an
// encoding it does not take, a key it refuses — is read to its end and dropped before the
// answer goes, within bounds. Closing a connection while the client is still writing makes the
// client's kernel see a reset, and the client loses the answer it was sent: the 413 that tells
// a sender to split its batch becomes an EPIPE it retries as it was (measured: 14 of 60 over-limit
// uploads, and 25 of 60 refused mid-read). Past the bounds — a body endless or slow — the answer
// goes at once and the connection is closed.

/** How long a refused body may take to arrive before the answer goes without it. */
export const DRAIN_TIMEOUT_MS = 5_000;
/** How much of a refused body is read and dropped before the answer goes without the rest. */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

export interface DrainableBody {
  /** The body for a handler; cancelling it (a refusal mid-read) leaves the rest to drain(). */
  body: ReadableStream<Uint8Array>;
  /**
   * Reads what is left of the body and drops it, within DRAIN_TIMEOUT_MS and DRAIN_MAX_BYTES:
   * true when the request was read to its end (its connection may be kept), false when not.
   */
  drain(): Promise<boolean>;
}

export function drainableBody(incoming: http.IncomingMessage): DrainableBody {
  const reader = (Readable.toWeb(incoming) as ReadableStream<Uint8Array>).getReader();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // A reset mid-body rejects here, and the handler's read with it (its client_aborted).
        const read = await reader.read();
        if (read.done) controller.close();
        else controller.enqueue(read.value);
      },
      // Not passed on: cancelling the adapter would destroy the socket before the answer.
      cancel() {},
    },
    { highWaterMark: 0 },
  );
  return {
    body,
    async drain() {
      if (incoming.complete) return true;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), DRAIN_TIMEOUT_MS);
      });
      const readToEnd = async (): Promise<boolean> => {
        let bytes = 0;
        for (;;) {
          const read = await reader.read();
          if (read.done) return true;
          bytes += read.value.byteLength;
          if (bytes > DRAIN_MAX_BYTES) return false;
        }
      };
      try {
        return await Promise.race([readToEnd().catch(() => false), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
