import { setImmediate } from "node:timers/promises";

// Long loops over a request's items (65,000 spans in one OTLP request, a 1,000-call batch)
// give the event loop a turn every SLICE items, so one big request slows down only itself —
// never sign-in, the dashboard or other senders' requests.

/** Items handled between two turns of the event loop. */
export const SLICE = 250;

/** Lets pending I/O and timers run before the loop continues. */
export function yieldToEventLoop(): Promise<void> {
  return setImmediate();
}
