// Loaded into faultline-proxy by bench/proxy.ts (node --import; Node loads it into the proxy's
// worker thread too): every 250 ms, the process's RSS and this thread's V8 heap, one JSON line
// appended to FAULTLINE_BENCH_PROBE (thread 0 is the relay, the other the reporting side).
import { appendFileSync } from "node:fs";
import { threadId } from "node:worker_threads";

const file = process.env.FAULTLINE_BENCH_PROBE;
if (file) {
  setInterval(() => {
    const { rss, heapUsed } = process.memoryUsage();
    appendFileSync(file, `${JSON.stringify({ thread: threadId, at: Date.now(), rss, heapUsed })}\n`);
  }, 250).unref();
}
