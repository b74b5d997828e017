// npm run bench -- --only proxy   (alone: tsx bench/proxy.ts [--calls 100000] [--blocks 10] [--block 2000])
// What faultline-proxy (the built bin, lib/reporter/dist) adds to an MCP call, from the client's
// side, against the SDK's McpServer (bench/proxy-upstream.ts), in one run:
//   - latency: tools/call one at a time, in blocks that alternate between a direct connection
//     and one through the proxy (same server code, same client code, same moment) → p50 and
//     p99 of each and what the proxy adds — over stdio (the proxy starts the server) and over
//     Streamable HTTP (the proxy in front of it, JSON answers, one session, keep-alive);
//   - memory: --calls calls through each proxy (4 in flight), its RSS and both threads'
//     heaps every tenth of them (bench/proxy-probe.mjs) → first and last tenth, and the peak;
//   - delivered: every call reached Faultline's side (bench/proxy-sink.ts, a process of its
//     own answering as Faultline does, so the figures are the proxy's alone).
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { percentile, report, round } from "./lib";
import { proxyTable, type ProxyResult } from "./proxy-table";

const { values } = parseArgs({
  options: {
    calls: { type: "string", default: "100000" },
    blocks: { type: "string", default: "10" },
    block: { type: "string", default: "2000" },
  },
});
const CALLS = Number(values.calls);
const BLOCKS = Number(values.blocks);
const BLOCK = Number(values.block);
const PROXY = path.join(process.cwd(), "lib", "reporter", "dist", "proxy", "cli.js");
const PROBE = path.join(process.cwd(), "bench", "proxy-probe.mjs");
/** Calls in flight during the memory run: a busy session, within what the reporting side keeps up with on 2 cores. */
const IN_FLIGHT = 4;
/** Requests through each reporting proxy: initialize, the warm-up block, the latency blocks, the memory run. */
const SENT = 1 + BLOCK + BLOCKS * BLOCK + CALLS;
const UPSTREAM = ["--import", "tsx", path.join(process.cwd(), "bench", "proxy-upstream.ts")];

/** The proxy's environment with reporting off: it relays and nothing else. */
const NO_REPORTING = { FAULTLINE_URL: "", FAULTLINE_KEY: "" };

interface Session {
  call(id: number): Promise<void>;
  close(): Promise<void>;
}

/** A process whose first stdout line is a URL. */
function urlOf(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "inherit"] });
  return new Promise((resolve) =>
    child.stdout.once("data", (chunk: Buffer) => resolve({ url: chunk.toString().trim(), child })),
  );
}

const toolCall = (id: number) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "lookup", arguments: { id } } });
const initialize = (id: number) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "1" } },
  });

/** A stdio client speaking JSON lines, answers paired by id. */
async function stdioSession(command: string[], env: Record<string, string>): Promise<Session> {
  const child = spawn(command[0]!, command.slice(1), {
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, ...env },
  });
  const waiting = new Map<number, () => void>();
  let partial = "";
  child.stdout.on("data", (chunk: Buffer) => {
    partial += chunk.toString("utf8");
    let newline: number;
    while ((newline = partial.indexOf("\n")) !== -1) {
      const line = partial.slice(0, newline);
      partial = partial.slice(newline + 1);
      const id = (JSON.parse(line) as { id?: number }).id;
      if (id !== undefined) waiting.get(id)?.();
      if (id !== undefined) waiting.delete(id);
    }
  });
  const send = (id: number, line: string) =>
    new Promise<void>((resolve) => {
      waiting.set(id, resolve);
      child.stdin.write(`${line}\n`);
    });
  await send(0, initialize(0));
  child.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
  return {
    call: (id) => send(id, toolCall(id)),
    close: () =>
      new Promise((resolve) => {
        child.once("close", () => resolve());
        child.stdin.end();
        setTimeout(() => child.kill("SIGTERM"), 2_000).unref();
      }),
  };
}

/** A Streamable HTTP client: one session, keep-alive, JSON answers. */
async function httpSession(url: string): Promise<Session> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const target = new URL(url);
  let session: string | undefined;
  const post = (body: string) =>
    new Promise<void>((resolve, reject) => {
      const request = http.request(
        {
          hostname: target.hostname,
          port: target.port,
          path: target.pathname,
          method: "POST",
          agent,
          headers: {
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            "mcp-protocol-version": "2025-11-25",
            ...(session ? { "mcp-session-id": session } : {}),
          },
        },
        (response) => {
          session ??= response.headers["mcp-session-id"] as string | undefined;
          response.on("data", () => {});
          response.on("end", () => resolve());
        },
      );
      request.setNoDelay(true);
      request.on("error", reject);
      request.end(body);
    });
  await post(initialize(0));
  await post('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  return {
    call: (id) => post(toolCall(id)),
    close: async () => agent.destroy(),
  };
}

/** Resolves once an HTTP proxy says it is listening (it may say other things first). */
function listening(proxy: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    let said = "";
    proxy.stderr!.on("data", (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes("listening on")) resolve();
    });
  });
}

/** Latency of `count` calls, one at a time, in ms. */
async function timed(session: Session, first: number, count: number): Promise<number[]> {
  const samples: number[] = [];
  for (let id = first; id < first + count; id++) {
    const started = performance.now();
    await session.call(id);
    samples.push(performance.now() - started);
  }
  return samples;
}

/**
 * Blocks rotating between a direct connection, the proxy relaying without reporting (no URL:
 * the hop alone) and the proxy reporting — same server and client code, same moments — so
 * what the proxy adds splits into the extra process in the path and the reporting beside it.
 */
async function latency(direct: Session, relay: Session, proxied: Session) {
  const sides = { direct, relay, proxied };
  const names = Object.keys(sides) as (keyof typeof sides)[];
  let id = 1;
  for (const name of names) await timed(sides[name], (id += BLOCK), BLOCK); // warm-up, not counted
  const samples = { direct: [] as number[], relay: [] as number[], proxied: [] as number[] };
  /** Per round, each side's p99: a burst of the machine's own (a 5 ms stall) lands in one round. */
  const rounds: Record<keyof typeof sides, number>[] = [];
  for (let block = 0; block < BLOCKS; block++) {
    // Rotate which goes first, so none always follows another.
    const order = [...names.slice(block % 3), ...names.slice(0, block % 3)];
    const thisRound = { direct: 0, relay: 0, proxied: 0 };
    for (const name of order) {
      const taken = await timed(sides[name], (id += BLOCK), BLOCK);
      samples[name].push(...taken);
      thisRound[name] = percentile(taken, 99);
    }
    rounds.push(thisRound);
  }
  const medianOf = (values: number[]) => percentile(values, 50);
  const figures = (values: number[]) => ({
    p50: round(percentile(values, 50), 3),
    p99: round(percentile(values, 99), 3),
  });
  const d = figures(samples.direct);
  const r = figures(samples.relay);
  const p = figures(samples.proxied);
  return {
    samples: samples.direct.length,
    direct: d,
    relayOnly: r,
    proxied: p,
    addedP50: round(p.p50 - d.p50, 3),
    addedP99: round(p.p99 - d.p99, 3),
    /** What the hop alone adds: a relay with reporting off. */
    relayAddedP99: round(r.p99 - d.p99, 3),
    /** The median over rounds of what each round's p99 adds: the same figure, robust to a burst. */
    roundsAddedP99: round(medianOf(rounds.map((one) => one.proxied - one.direct)), 3),
    roundsRelayAddedP99: round(medianOf(rounds.map((one) => one.relay - one.direct)), 3),
  };
}

/** `CALLS` calls through the proxy, IN_FLIGHT at a time; its memory at every tenth. */
async function memory(session: Session, probeFile: string, start: number) {
  const marks: { calls: number; rssMb: number; heapMb: number; workerHeapMb: number }[] = [];
  const tenth = Math.max(1, Math.floor(CALLS / 10));
  let next = start;
  let done = 0;
  const worker = async () => {
    while (done < CALLS) {
      const id = next++;
      done += 1;
      await session.call(id);
      if ((id - start + 1) % tenth === 0) {
        await new Promise((resolve) => setTimeout(resolve, 300)); // a fresh probe line
        const lines = readFileSync(probeFile, "utf8").trim().split("\n");
        const samples = lines.map(
          (line) => JSON.parse(line) as { thread: number; rss: number; heapUsed: number },
        );
        const relay = samples.findLast((sample) => sample.thread === 0)!;
        const reporting = samples.findLast((sample) => sample.thread !== 0);
        marks.push({
          calls: id - start + 1,
          rssMb: round(relay.rss / 2 ** 20),
          heapMb: round(relay.heapUsed / 2 ** 20),
          workerHeapMb: reporting ? round(reporting.heapUsed / 2 ** 20) : 0,
        });
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  marks.sort((a, b) => a.calls - b.calls);
  return {
    calls: CALLS,
    first: marks[0],
    last: marks.at(-1),
    peakRssMb: Math.max(...marks.map((mark) => mark.rssMb)),
    marks,
  };
}

async function count(sink: string): Promise<number> {
  return Number(await (await fetch(`${sink}/count`)).text());
}

async function main() {
  const sink = await urlOf(["--import", "tsx", path.join(process.cwd(), "bench", "proxy-sink.ts")]);
  const results: Record<string, unknown> = {};
  const probes: string[] = [];
  try {
    // stdio
    const stdioProbe = path.join(tmpdir(), `faultline-proxy-probe-stdio-${process.pid}.jsonl`);
    probes.push(stdioProbe);
    const upstream = [process.execPath, ...UPSTREAM, "--stdio"];
    const direct = await stdioSession(upstream, {});
    const proxied = await stdioSession(
      [process.execPath, "--import", PROBE, PROXY, "--server", "bench-stdio", "--", ...upstream],
      { FAULTLINE_URL: sink.url, FAULTLINE_KEY: "bench", FAULTLINE_BENCH_PROBE: stdioProbe },
    );
    const relay = await stdioSession([process.execPath, PROXY, "--quiet", "--", ...upstream], NO_REPORTING);
    const stdioLatency = await latency(direct, relay, proxied);
    await relay.close();
    const stdioMemory = await memory(proxied, stdioProbe, 10_000_000);
    await direct.close();
    await proxied.close(); // it delivers what is left before it exits
    const stdioDelivered = await count(sink.url);
    results.stdio = { latency: stdioLatency, memory: stdioMemory, sent: SENT, delivered: stdioDelivered };

    // Streamable HTTP
    const server = await urlOf([...UPSTREAM, "--http"]);
    const httpProbe = path.join(tmpdir(), `faultline-proxy-probe-http-${process.pid}.jsonl`);
    probes.push(httpProbe);
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const proxy = spawn(
      process.execPath,
      [
        "--import",
        PROBE,
        PROXY,
        "--server",
        "bench-http",
        "--listen",
        `127.0.0.1:${port}`,
        "--upstream",
        server.url,
      ],
      {
        stdio: ["ignore", "ignore", "pipe"],
        env: {
          ...process.env,
          FAULTLINE_URL: sink.url,
          FAULTLINE_KEY: "bench",
          FAULTLINE_BENCH_PROBE: httpProbe,
        },
      },
    );
    const relayPort = port + 1;
    const relayProxy = spawn(
      process.execPath,
      [PROXY, "--listen", `127.0.0.1:${relayPort}`, "--upstream", server.url],
      { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, ...NO_REPORTING } },
    );
    await Promise.all([listening(proxy), listening(relayProxy)]);
    const mcpPath = new URL(server.url).pathname;
    const httpDirect = await httpSession(server.url);
    const httpRelay = await httpSession(`http://127.0.0.1:${relayPort}${mcpPath}`);
    const httpProxied = await httpSession(`http://127.0.0.1:${port}${mcpPath}`);
    const httpLatency = await latency(httpDirect, httpRelay, httpProxied);
    await httpRelay.close();
    relayProxy.kill("SIGTERM");
    const httpMemory = await memory(httpProxied, httpProbe, 10_000_000);
    await new Promise((resolve) => setTimeout(resolve, 2_500)); // the last batch is sent within a second
    results.http = {
      latency: httpLatency,
      memory: httpMemory,
      sent: SENT,
      delivered: (await count(sink.url)) - stdioDelivered,
    };
    await httpDirect.close();
    await httpProxied.close();
    proxy.kill("SIGTERM");
    server.child.kill();
  } finally {
    sink.child.kill();
    for (const probe of probes) rmSync(probe, { force: true });
  }
  process.stderr.write(`${proxyTable(results as unknown as ProxyResult)}\n`);
  results.loadAverage = os.loadavg().map((load) => round(load, 1));
  report(results);
}

void main();
