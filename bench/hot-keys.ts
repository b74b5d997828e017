// Matching cost when many calls share one key (lib/ingest/observations NEAREST_PER_KEY,
// SCAN_PER_SIDE): two routes' reports of N requests, all with JSON-RPC id 1 at one pinned time
// (the red team's pile), against the same N with a distinct id each (the baseline: every key
// unique, as real traffic mostly is). Prints ms for each and the ratio.
//   npx tsx bench/hot-keys.ts [sizes…]   (default 2000 4000 8000 16000)
import { matchObservations, type Observation } from "../lib/ingest/observations";
import { prepareCalls } from "../lib/ingest/prepare";

const T0 = Date.parse("2026-12-04T10:00:00Z");

function reports(route: string, count: number, sameKey: boolean): Observation[] {
  const calls = Array.from({ length: count }, (_, n) => ({
    id: `${route}-${n}`,
    route,
    server: "crm",
    tool: "lookup",
    requestId: sameKey ? 1 : n + 1,
    occurredAt: new Date(T0).toISOString(),
    response: { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: `answer ${n}` }] } },
  }));
  return prepareCalls(calls, new Date(T0)).prepared.map((call) => call.observations![0]!);
}

function time(observations: Observation[]): { ms: number; calls: number } {
  const started = performance.now();
  const touched = matchObservations([], observations);
  return { ms: Math.round(performance.now() - started), calls: touched.length };
}

const sizes = process.argv.slice(2).map(Number).filter(Boolean);
for (const size of sizes.length > 0 ? sizes : [2_000, 4_000, 8_000, 16_000]) {
  const hot = time([...reports("proxy-stdio", size, true), ...reports("server", size, true)]);
  const plain = time([...reports("proxy-stdio", size, false), ...reports("server", size, false)]);
  console.log(
    `${size} requests × 2 routes: one shared key ${hot.ms} ms (${hot.calls} calls), ` +
      `distinct keys ${plain.ms} ms (${plain.calls} calls), ratio ${(hot.ms / Math.max(1, plain.ms)).toFixed(1)}×`,
  );
}
