// The table bench/proxy.ts's figures make, printed by bench/run.ts in its summary.

interface Side {
  latency: {
    samples: number;
    direct: { p50: number; p99: number };
    relayOnly: { p50: number; p99: number };
    proxied: { p50: number; p99: number };
    addedP50: number;
    addedP99: number;
    relayAddedP99: number;
    roundsAddedP99: number;
    roundsRelayAddedP99: number;
  };
  memory: {
    calls: number;
    first?: { rssMb: number; heapMb: number; workerHeapMb: number };
    last?: { rssMb: number; heapMb: number; workerHeapMb: number };
    peakRssMb: number;
  };
  sent: number;
  delivered: number;
}

export interface ProxyResult {
  stdio: Side;
  http: Side;
}

const signed = (value: number) => `${value >= 0 ? "+" : ""}${value}`;

/** i: per transport, the latency the proxy adds (target: ≤ 1 ms p99 over stdio, ≤ 2 ms over HTTP) and its memory. */
export function proxyTable(result: ProxyResult): string {
  const rows: string[][] = [
    [
      "i. faultline-proxy",
      "direct p50 / p99",
      "proxied p50 / p99",
      "added p50 / p99",
      "relay alone p99 (added)",
      "added p99, median of rounds (relay alone)",
      "RSS first → last (peak)",
      "heap relay / reporting",
      "delivered",
    ],
  ];
  for (const [name, side, target] of [
    ["stdio", result.stdio, "≤ 1 ms"],
    ["Streamable HTTP", result.http, "≤ 2 ms"],
  ] as const) {
    const { latency, memory } = side;
    rows.push([
      `${name} (target ${target} p99)`,
      `${latency.direct.p50} / ${latency.direct.p99} ms`,
      `${latency.proxied.p50} / ${latency.proxied.p99} ms`,
      `${latency.addedP50} / ${latency.addedP99} ms`,
      `${latency.relayOnly.p99} ms (${signed(latency.relayAddedP99)})`,
      `${signed(latency.roundsAddedP99)} ms (${signed(latency.roundsRelayAddedP99)})`,
      `${memory.first?.rssMb} → ${memory.last?.rssMb} MB (${memory.peakRssMb})`,
      `${memory.first?.heapMb} → ${memory.last?.heapMb} / ${memory.first?.workerHeapMb} → ${memory.last?.workerHeapMb} MB`,
      `${side.delivered} of ${side.sent}`,
    ]);
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join("  ")).join("\n");
}
