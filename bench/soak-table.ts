// How bench/run.ts prints the soak (bench/soak.ts): memory at each mark, then what was served.

export interface SoakResult {
  minutes: number;
  acknowledged: number;
  stored: number;
  serverErrors: number;
  alertsSent: number;
  latencyMs: Record<string, { n: number; p50: number; p99: number } | undefined>;
  rss: Record<string, { rssMb: number; heapMb: number; peakRssMb: number } | undefined>;
  peakRssMb: number;
  peakHeapMb: number;
}

export function soakTable(soak: SoakResult): void {
  const lines = [`\nn. ${soak.minutes} min of mixed use: RSS (heap) at each mark, peak so far`];
  for (const [mark, at] of Object.entries(soak.rss))
    if (at) lines.push(`   ${mark.padEnd(6)} ${at.rssMb} MB (${at.heapMb} MB heap), peak ${at.peakRssMb} MB`);
  lines.push(`   peak RSS ${soak.peakRssMb} MB, peak heap ${soak.peakHeapMb} MB (bound: 400 MB RSS)`);
  lines.push(
    `   acknowledged ${soak.acknowledged}, stored ${soak.stored}, 5xx or no answer ${soak.serverErrors}, alerts sent ${soak.alertsSent}`,
  );
  for (const [route, figures] of Object.entries(soak.latencyMs))
    if (figures)
      lines.push(`   ${route.padEnd(8)} ${figures.n} requests, p50 ${figures.p50} ms, p99 ${figures.p99} ms`);
  console.log(lines.join("\n"));
}
