import { describe, quietly, within } from "./guest.js";
import { Outbox } from "./outbox.js";
import { Recorder, type InstrumentableClient } from "./recorder.js";
import type { CallReport, ReporterOptions, ReporterStats } from "./types.js";

// Faultline's reporter for hosts that use @modelcontextprotocol/sdk — and, in the same package,
// instrumentServer for servers (./server.ts) and the faultline-proxy command (./proxy/):
//
//   const reporter = createReporter({ url, key, server: "crm" });
//   const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), { fetch: reporter.fetch });
//   const client = reporter.instrument(new Client({ name: "agent", version: "1.0.0" }));
//   await client.connect(transport);   // … client.callTool(…) as usual …
//   await reporter.close();            // flushes
//
// No dependency beyond Node (fetch, crypto); never blocks the host and never throws into it.

export type { CallReport, ReporterOptions, ReporterStats } from "./types.js";
export {
  createServerReporter,
  instrumentServer,
  type ServerReporter,
  type ServerReporterOptions,
} from "./server.js";
export type { InstrumentableClient, WatchableTransport } from "./recorder.js";

export interface Reporter {
  /** The fetch to give to StreamableHTTPClientTransport (stdio transports need nothing). */
  readonly fetch: typeof fetch;
  /** Watches a Client (before or after connect): every callTool is reported exactly once. */
  instrument<C extends InstrumentableClient>(client: C): C;
  /** Sends what is buffered now (a retry that is not due yet waits). Never rejects. */
  flush(): Promise<void>;
  /** Stops the timer and sends what is buffered, for up to `timeoutMs` (default 5,000). Never rejects. */
  close(timeoutMs?: number): Promise<void>;
  stats(): ReporterStats;
}

export function createReporter(options: ReporterOptions): Reporter {
  const base = options.fetch ?? globalThis.fetch.bind(globalThis);
  const outbox = new Outbox({
    endpoint: new URL("/api/v1/calls", options.url).toString(),
    key: options.key,
    fetch: base,
    batchSize: options.batchSize,
    flushIntervalMs: options.flushIntervalMs,
    maxBuffer: options.maxBuffer,
    maxBufferBytes: options.maxBufferBytes,
    requestTimeoutMs: options.requestTimeoutMs,
    maxAnswerBytes: options.maxAnswerBytes,
    maxBackoffMs: options.maxBackoffMs,
    onError: options.onError,
  });
  const record = (call: CallReport) => {
    let kept: CallReport | null;
    try {
      kept = options.transform ? options.transform(call) : call;
    } catch (error) {
      // A transform is often a redactor: a call it could not handle is not sent as it was.
      outbox.refuse(`transform threw (${describe(error)}); the call is dropped, not sent untransformed`);
      return;
    }
    if (kept) outbox.add(kept);
  };
  const recorder = new Recorder(
    base,
    { server: options.server, agent: options.agent },
    record,
    options.traceContext !== false,
  );
  // A process that ends on its own (nothing left to do) sends what is buffered first.
  const beforeExit = () => void outbox.drain(Date.now() + 5_000);
  process.once("beforeExit", beforeExit);

  return {
    fetch: recorder.fetch,
    instrument: (client) => recorder.instrument(client),
    flush: () => outbox.flush(),
    async close(timeoutMs = 5_000) {
      quietly(() => process.off("beforeExit", beforeExit));
      outbox.stop();
      const deadline = Date.now() + timeoutMs;
      // Calls that ended are reported first (a body may still be arriving: a second at most).
      await within(recorder.settled(), deadline - Date.now());
      await outbox.drain(deadline);
    },
    stats: () => outbox.stats(),
  };
}
