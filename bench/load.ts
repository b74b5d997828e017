// Load generator (a process of its own, run by bench/run.ts): POSTs live-looking calls to a
// URL at a fixed concurrency for a fixed time and prints requests/s, calls/s and latency
// percentiles as one JSON line. The same client times Faultline and the no-op baseline.
// With --route, each call is that route's report of request n (its JSON-RPC id, trace context and
// arguments' fingerprint): a second run with another route and the same --prefix reports the same
// requests again, which Faultline merges into the calls the first stored (bench scenario m).
//
//   npx tsx bench/load.ts --url http://127.0.0.1:3000/api/v1/calls --key flk_… --batch 500 --concurrency 4 --seconds 20
import { parseArgs } from "node:util";
import { percentile, report, round } from "./lib";
import { liveCall } from "./traffic";

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    key: { type: "string", default: "" },
    batch: { type: "string", default: "1" },
    concurrency: { type: "string", default: "4" },
    seconds: { type: "string", default: "20" },
    warmup: { type: "string", default: "2" },
    prefix: { type: "string", default: "load" },
    route: { type: "string" },
  },
});

/** Request n as `route` reports it (lib/ingest/observations: what identifies a request). */
function asRoute(call: Record<string, unknown>, n: number, route: string): Record<string, unknown> {
  const hex = (value: number, length: number) => value.toString(16).padStart(length, "0");
  return {
    ...call,
    id: `${route}-${String(call.id)}`,
    route,
    requestId: n,
    traceparent: `00-${hex(n + 1, 32)}-${hex(n + 1, 16)}-01`,
    argumentsHash: hex(n, 32),
  };
}

const batch = Number(values.batch);
const concurrency = Number(values.concurrency);

async function main() {
  let next = 0;
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let calls = 0;
  let measuring = false;
  const warmupEnd = Date.now() + Number(values.warmup) * 1000;
  const end = warmupEnd + Number(values.seconds) * 1000;
  let measuredFrom = 0;
  const worker = async () => {
    while (Date.now() < end) {
      if (!measuring && Date.now() >= warmupEnd) {
        measuring = true;
        measuredFrom = performance.now();
      }
      const start = next;
      next += batch;
      const items = Array.from({ length: batch }, (_, offset) => {
        const call = liveCall(start + offset, Date.now(), values.prefix);
        return values.route ? asRoute(call, start + offset, values.route) : call;
      });
      const body = JSON.stringify(batch === 1 ? items[0] : { calls: items });
      const began = performance.now();
      const response = await fetch(values.url!, {
        method: "POST",
        headers: { authorization: `Bearer ${values.key}`, "content-type": "application/json" },
        body,
      });
      await response.arrayBuffer();
      if (!measuring) continue;
      latencies.push(performance.now() - began);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 200 || response.status === 207) calls += batch;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - measuredFrom) / 1000;
  report({
    requests: latencies.length,
    requestsPerSecond: round(latencies.length / seconds),
    callsPerSecond: round(calls / seconds),
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    errors:
      latencies.length - [...statuses].filter(([status]) => status < 300).reduce((sum, [, n]) => sum + n, 0),
    statuses: Object.fromEntries(statuses),
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
