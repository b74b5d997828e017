// npm run bench [-- --quick] — Faultline's performance on this machine, each scenario in a
// process of its own, against the PostgreSQL at DATABASE_URL (default the local server):
//   a. batch ingest: batches of 500 live-looking calls at concurrency 4 → calls/s, request p50/p99
//   b. single-call ingest at concurrency 32 → requests/s, p50/p99, and the same client against a
//      no-op Node server that only parses the JSON → the p99 ratio, and against a minimal durable
//      writer (parse, one INSERT into a copy of `calls` with its indexes, answer after COMMIT:
//      bench/durable-writer.ts) → the p99 ratio to the floor any durable answer pays
//   c. the limit: the same rows COPY'd into a table shaped like `calls` → rows/s, and the ratio a/c
//   d. reads at 1 and 10 million stored calls (--quick: 1 million): every page's queries p50/p95,
//      and each page's time to first byte signed in (bench/reads.ts)
//   e. the server's peak RSS during a and b
//   f. speed as felt in Chromium at 1 million calls: each page's first paint and the moment its
//      content is on screen, and the everyday interactions (bench/felt.ts)
//   g. /metrics at 1 million calls: the ranking that names servers and tools (and after a flood of
//      invented names), the cost per stored call, and a scrape (bench/metrics.ts)
//   h. where one call's time goes: Node's CPU per stage, PostgreSQL's per index and per statement
//      of the write path (bench/profile.ts; findings in bench/PROFILE.md)
//   i. faultline-proxy: the latency it adds per call over stdio and Streamable HTTP (p50/p99
//      against a direct connection, same run) and its memory over 100,000 calls (bench/proxy.ts)
//   j. the report card and the session timeline at 1 million calls (10 million with --insight-10m):
//      the fleet table, a card, the sessions list and a 10,000-call session's pages (bench/insight.ts)
//   k. what each index of `calls` costs at ingest (µs a row) and which pages it serves: every page
//      statement at 1 million calls with the index and with it dropped (bench/index-price.ts)
//   n. an hour of mixed use (--quick: 3 minutes): webhook batches from three senders, single calls,
//      OTLP, page loads, exports, /metrics and alerts; the server's RSS and heap every 5 s, reported
//      at 5, 30 and 60 minutes with the peak (bench/soak.ts)
// Prints a table and writes bench/results.json.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { applyMigrations } from "../lib/db/migrate";
import { connect } from "../lib/db/connect";
import { startAppServer } from "../test/helpers/app-server";
import { feltTable, type FeltResult } from "./felt-table";
import { createDatabase, dropDatabase, round, sampleRss } from "./lib";
import { proxyTable, type ProxyResult } from "./proxy-table";
import { soakTable, type SoakResult } from "./soak-table";

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    only: { type: "string" },
    /** Build the app first even when a build exists (scenarios a, b and the page timings need one). */
    build: { type: "boolean", default: false },
    "insight-10m": { type: "boolean", default: false },
    /** FAULTLINE_FOLD for the ingest scenarios (a, b): inline (the default) or background. */
    fold: { type: "string", default: "inline" },
  },
});
const quick = values.quick;
const KEY = "flk_bench_key_00000000000000000000000";
const METRICS_TOKEN = "bench-metrics-token-0000000000000000";

/** The fold's lag histogram (faultline_fold_lag_seconds) as /metrics shows it: cumulative count per bound. */
async function foldLagBuckets(url: string, token: string): Promise<Map<number, number>> {
  const text = await (
    await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } })
  ).text();
  const buckets = new Map<number, number>();
  for (const match of text.matchAll(/^faultline_fold_lag_seconds_bucket\{le="([^"]+)"\} (\d+)/gm))
    buckets.set(match[1] === "+Inf" ? Infinity : Number(match[1]), Number(match[2]));
  return buckets;
}

/**
 * The lag of the folds of one scenario's calls: the histogram's growth since `before`, once the queue
 * has drained (the count stops growing), as p50 / p99 / max bound (seconds, to the bucket).
 */
async function settledLag(
  read: () => Promise<Map<number, number>>,
  before: Map<number, number>,
): Promise<{ folds: number; p50: number; p99: number; max: number }> {
  let now = await read();
  for (let tries = 0; tries < 60; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const next = await read();
    if (next.get(Infinity) === now.get(Infinity)) break;
    now = next;
  }
  const bounds = [...now.keys()].sort((a, b) => a - b);
  const grown = bounds.map((bound) => [bound, now.get(bound)! - (before.get(bound) ?? 0)] as const);
  const total = grown.at(-1)?.[1] ?? 0;
  const quantile = (q: number) => grown.find(([, count]) => count >= q * total)?.[0] ?? 0;
  const max = grown.find(([, count]) => count === total)?.[0] ?? 0;
  return { folds: total, p50: quantile(0.5), p99: quantile(0.99), max };
}

/** Runs a bench script in its own process; resolves with the JSON line it printed. */
function scenario(script: string, args: string[]): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => {
      const line = output.trim().split("\n").at(-1) ?? "";
      if (code !== 0) return reject(new Error(`${script} exited ${code}: ${output}`));
      resolve(JSON.parse(line) as Record<string, unknown>);
    });
  });
}

function startNoop(): Promise<{ url: string; pid: number; stop(): void }> {
  return startBaseline("bench/noop.ts", []);
}

/** A baseline server in a process of its own (it prints its URL on its first line). */
function startBaseline(script: string, args: string[]): Promise<{ url: string; pid: number; stop(): void }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    child.stdout.once("data", (chunk: Buffer) =>
      resolve({ url: chunk.toString().trim(), pid: child.pid!, stop: () => child.kill("SIGKILL") }),
    );
  });
}

async function ingestScenarios(results: Record<string, unknown>) {
  const database = await createDatabase("ingest");
  const pool = connect(database.url, { write: 2, read: 1, readTimeoutMs: 60_000 });
  await applyMigrations(pool.pool);
  await pool.close();
  const app = await startAppServer({
    DATABASE_URL: database.url,
    FAULTLINE_INIT_INGEST_KEY: KEY,
    FAULTLINE_INGEST_RATE_PER_SECOND: "0",
    FAULTLINE_FOLD: values.fold!,
    FAULTLINE_METRICS_TOKEN: METRICS_TOKEN,
    NODE_ENV: "production",
  });
  const seconds = quick ? "10" : "30";
  const lag = () => foldLagBuckets(app.url, METRICS_TOKEN);
  try {
    const endpoint = `${app.url}/api/v1/calls`;
    let stopRss = sampleRss(app.process.pid!);
    let lagBefore = await lag();
    results.batch = await scenario("bench/load.ts", [
      "--url",
      endpoint,
      "--key",
      KEY,
      "--batch",
      "500",
      "--concurrency",
      "4",
      "--seconds",
      seconds,
      "--prefix",
      "a",
    ]);
    (results.batch as Record<string, unknown>).serverPeakRssMb = stopRss();
    (results.batch as Record<string, unknown>).foldLag = await settledLag(lag, lagBefore);
    stopRss = sampleRss(app.process.pid!);
    lagBefore = await lag();
    results.single = await scenario("bench/load.ts", [
      "--url",
      endpoint,
      "--key",
      KEY,
      "--batch",
      "1",
      "--concurrency",
      "32",
      "--seconds",
      seconds,
      "--prefix",
      "b",
    ]);
    (results.single as Record<string, unknown>).serverPeakRssMb = stopRss();
    (results.single as Record<string, unknown>).foldLag = await settledLag(lag, lagBefore);
    const routed = (route: string) =>
      scenario("bench/load.ts", [
        ...["--url", endpoint, "--key", KEY, "--batch", "500", "--concurrency", "4"],
        ...["--seconds", seconds, "--prefix", "m", "--route", route],
      ]);
    results.routedFirst = await routed("proxy-stdio");
    results.routedSecond = await routed("server");
    const noop = await startNoop();
    results.noop = await scenario("bench/load.ts", [
      "--url",
      noop.url,
      "--batch",
      "1",
      "--concurrency",
      "32",
      "--seconds",
      seconds,
    ]);
    noop.stop();
    const writer = await startBaseline("bench/durable-writer.ts", ["--database", database.url]);
    results.writer = await scenario("bench/load.ts", [
      ...["--url", writer.url, "--batch", "1", "--concurrency", "32", "--seconds", seconds],
    ]);
    writer.stop();
    results.copy = await scenario("bench/copy.ts", [
      "--database",
      database.url,
      "--calls",
      quick ? "100000" : "200000",
    ]);
  } finally {
    await app.stop();
    await dropDatabase(database.name);
  }
}

const foldCell = (lag: unknown) => {
  const { folds, p50, p99, max } = lag as { folds: number; p50: number; p99: number; max: number };
  return folds === 0 ? "no folds (inline)" : `${p50} / ${p99} / ${max} (${folds} folds)`;
};

function table(results: Record<string, Record<string, number>>) {
  const a = results.batch!;
  const b = results.single!;
  const noop = results.noop!;
  const c = results.copy!;
  const rows: [string, string, string][] = [
    ["a. batch ingest (500 × 4)", `${a.callsPerSecond} calls/s, p50 ${a.p50} ms, p99 ${a.p99} ms`, ""],
    ["c. COPY into calls", `${c.rowsPerSecond} rows/s`, ""],
    ["   a / c", `${round(a.callsPerSecond! / c.rowsPerSecond!, 2)}×`, "target ≥ 0.5×"],
    [
      "b. single calls (× 32)",
      `${b.requestsPerSecond} req/s, p50 ${b.p50} ms, p99 ${b.p99} ms, errors ${b.errors}`,
      "",
    ],
    ["   no-op server (× 32)", `${noop.requestsPerSecond} req/s, p50 ${noop.p50} ms, p99 ${noop.p99} ms`, ""],
    ["   p99 ratio", `${round(b.p99! / noop.p99!, 2)}×`, "target ≤ 2×"],
    ...(results.writer
      ? ([
          [
            "   durable writer (× 32)",
            `${results.writer.requestsPerSecond} req/s, p50 ${results.writer.p50} ms, p99 ${results.writer.p99} ms`,
            "",
          ],
          ["   p99 ratio to it", `${round(b.p99! / results.writer.p99!, 2)}×`, ""],
        ] as [string, string, string][])
      : []),
    ...(a.foldLag
      ? ([
          [
            "   fold lag (a; b), p50 / p99 / max ≤ s",
            `${foldCell(a.foldLag)}; ${foldCell(b.foldLag)}`,
            "target p99 ≤ 2 s",
          ],
        ] as [string, string, string][])
      : []),
    ["e. server peak RSS", `${Math.max(a.serverPeakRssMb!, b.serverPeakRssMb!)} MB`, "target ≤ 400 MB"],
  ];
  const width = Math.max(...rows.map((row) => row[0].length));
  for (const [label, value, target] of rows)
    console.log(`${label.padEnd(width)}  ${value}${target ? `   (${target})` : ""}`);
}

interface ReadsResult {
  calls: number;
  generateSeconds: number;
  databaseSize: string;
  queries: { query: string; p50: number; p95: number }[];
  pages: { page: string; ttfbP50: number; totalP50: number; kb: number }[];
}

/** d: each query's p50 / p95 (ms) and each page's time to first byte, one column per size. */
function readsTable(reads: ReadsResult[]) {
  const header = reads.map((r) => `${(r.calls / 1e6).toLocaleString("en-US")}M calls (${r.databaseSize})`);
  const rows: string[][] = [["d. query, p50 / p95 ms", ...header]];
  for (const [index, query] of reads[0]!.queries.entries()) {
    rows.push([query.query, ...reads.map((r) => `${r.queries[index]!.p50} / ${r.queries[index]!.p95}`)]);
  }
  rows.push(["page, signed in: first byte / whole page p50 ms", ...header]);
  for (const [index, page] of reads[0]!.pages.entries()) {
    rows.push([
      page.page.replace(/^\/calls\/g\d+$/, "/calls/{id}"),
      ...reads.map((r) => `${r.pages[index]!.ttfbP50} / ${r.pages[index]!.totalP50}`),
    ]);
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  console.log("");
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join("  "));
}

async function main() {
  const results: Record<string, unknown> = {
    machine: `${os.cpus().length} cores, ${round(os.totalmem() / 2 ** 30)} GiB, ${os.cpus()[0]?.model ?? ""}`,
    quick,
    at: new Date().toISOString(),
  };
  const started = performance.now();
  if (values.build || !existsSync(".next/BUILD_ID")) {
    console.error("[bench] building the app (npm run build) …");
    execFileSync("npm", ["run", "build", "--silent"], { stdio: ["ignore", "ignore", "inherit"] });
  }
  if (!values.only || values.only === "ingest") await ingestScenarios(results);
  if (!values.only || values.only === "reads") {
    results.reads = [];
    const sizes = quick ? [1_000_000] : [1_000_000, 10_000_000];
    for (const calls of sizes) {
      // The plans of the largest size are kept in bench/PLANS.md (a quick run leaves them alone).
      const plans = !quick && calls === sizes.at(-1) ? ["--plans", "bench/PLANS.md"] : [];
      (results.reads as unknown[]).push(
        await scenario("bench/reads.ts", ["--calls", String(calls), ...plans]),
      );
    }
  }
  if (!values.only || values.only === "metrics") {
    results.metrics = await scenario("bench/metrics.ts", ["--calls", "1000000"]);
  }
  if (!values.only || values.only === "profile") {
    const database = await createDatabase("profile");
    try {
      results.profile = await scenario("bench/profile.ts", [
        "--database",
        database.url,
        "--calls",
        quick ? "20000" : "40000",
      ]);
    } finally {
      await dropDatabase(database.name);
    }
  }
  if (!values.only || values.only === "felt") {
    results.felt = await scenario("bench/felt.ts", ["--calls", "1000000"]);
  }
  if (!values.only || values.only === "proxy") {
    if (!existsSync("lib/reporter/dist/proxy/cli.js"))
      execFileSync("npm", ["run", "build:reporter", "--silent"], { stdio: ["ignore", "ignore", "inherit"] });
    results.proxy = await scenario("bench/proxy.ts", quick ? ["--calls", "20000", "--blocks", "4"] : []);
  }
  if (!values.only || values.only === "insight") {
    results.insight = [];
    for (const calls of values["insight-10m"] ? [1_000_000, 10_000_000] : [1_000_000])
      (results.insight as unknown[]).push(await scenario("bench/insight.ts", ["--calls", String(calls)]));
  }
  if (!values.only || values.only === "index-price") {
    results.indexPrice = await scenario("bench/index-price.ts", ["--calls", quick ? "200000" : "1000000"]);
  }
  if (!values.only || values.only === "connect") {
    if (!existsSync("lib/reporter/pack"))
      execFileSync("npm", ["run", "build:reporter", "--silent"], { stdio: ["ignore", "ignore", "inherit"] });
    results.connect = await scenario("bench/connect-start.ts", quick ? ["--runs", "2"] : []);
  }
  if (!values.only || values.only === "soak") {
    results.soak = await scenario("bench/soak.ts", ["--minutes", quick ? "3" : "60", "--fold", values.fold!]);
  }
  results.durationSeconds = round((performance.now() - started) / 1000);
  writeFileSync("bench/results.json", `${JSON.stringify(results, null, 2)}\n`);
  if (results.batch) table(results as Record<string, Record<string, number>>);
  if (results.routedFirst) {
    const plain = (results.batch as { callsPerSecond: number }).callsPerSecond;
    const [first, second] = [results.routedFirst, results.routedSecond] as {
      callsPerSecond: number;
      p99: number;
    }[];
    console.log(
      `m. one route's reports       ${first!.callsPerSecond} calls/s, p99 ${first!.p99} ms (${round(first!.callsPerSecond / plain, 2)}× a.)\n` +
        `   a second route's, merged  ${second!.callsPerSecond} observations/s, p99 ${second!.p99} ms (${round(second!.callsPerSecond / plain, 2)}× a.)`,
    );
  }
  if (results.reads) readsTable(results.reads as ReadsResult[]);
  if (results.metrics) console.log(`\ng. /metrics at 1M calls: ${JSON.stringify(results.metrics)}`);
  if (results.felt) console.log(`\n${feltTable(results.felt as FeltResult)}`);
  if (results.profile)
    console.log(`\nh. where a call's time goes (µs per call): ${JSON.stringify(results.profile)}`);
  if (results.proxy) console.log(`\n${proxyTable(results.proxy as ProxyResult)}`);
  if (results.insight)
    console.log(`\nj. report card and sessions\n${JSON.stringify(results.insight, null, 1)}`);
  if (results.indexPrice)
    console.log(
      `\nk. what each index of calls costs and serves\n${JSON.stringify(results.indexPrice, null, 1)}`,
    );
  if (results.connect)
    console.log(
      `\nl. a server's start behind faultline-proxy (ms)\n${JSON.stringify(results.connect, null, 1)}`,
    );
  if (results.soak) soakTable(results.soak as SoakResult);
  console.log(`\n(${results.machine}; ${results.durationSeconds} s; bench/results.json)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
