import { spawn, type ChildProcessByStdio } from "node:child_process";
import path from "node:path";
import type { Readable } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closedPort } from "../../../scripts/demo/mcp-server";
import type { ServerHostConfig, ServerHostReport } from "../../fixtures/server-host.mts";
import { startHostileEndpoint, type HostileEndpoint } from "../../helpers/hostile-endpoint";

// What the server instrumentation costs the server it is a guest in — measured, so it runs in the
// perf tier, one file at a time (test/reporter/integration/server-guest.test.ts checks the rest of its
// manners). The server instrumentation is a guest in the server's process: it throws nothing into the
// server, changes and delays none of its answers, and keeps only bounded memory. Each host
// (test/fixtures/server-host.mts) is a real MCP server process serving the same server twice —
// /plain without instrumentation, /instrumented with it — reporting to an endpoint that answers
// as a broken or hostile Faultline would (test/helpers/hostile-endpoint.ts). A client here calls
// both, interleaved: what it receives must be the same, and as fast; the host must end cleanly,
// with nothing unhandled and its memory bounded.

const HOST = path.join(process.cwd(), "test", "fixtures", "server-host.mts");
let endpoint: HostileEndpoint;
let downUrl: string;

beforeAll(async () => {
  endpoint = await startHostileEndpoint();
  downUrl = `http://127.0.0.1:${await closedPort()}`;
});
afterAll(async () => {
  await endpoint?.close();
});

interface Host {
  plain: Client;
  instrumented: Client;
  heapBytes(): Promise<number>;
  /** SIGTERM: the host closes its reporter and prints what it saw. */
  end(): Promise<ServerHostReport>;
}

// Hosts run two at a time (the machine is shared): each compares its own two paths, so what
// another host costs the machine falls on both alike.
let running = 0;
const waiting: (() => void)[] = [];
async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= 2) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

async function startHost(config: Omit<ServerHostConfig, "transport">): Promise<Host> {
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(
    process.execPath,
    ["--expose-gc", "--import", "tsx", HOST],
    {
      env: { ...process.env, HOST_CONFIG: JSON.stringify({ transport: "http", ...config }) },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const killer = setTimeout(() => child.kill("SIGKILL"), 40_000);
  for (let waited = 0; !stdout.includes("\n"); waited += 20) {
    if (waited > 15_000 || child.exitCode !== null) throw new Error(`host did not start:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const { port } = JSON.parse(stdout.split("\n")[0]!) as { port: number };
  const base = `http://127.0.0.1:${port}`;
  const connect = async (pathname: string) => {
    const client = new Client({ name: "guest-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}${pathname}`)));
    return client;
  };
  const [plain, instrumented] = await Promise.all([connect("/plain"), connect("/instrumented")]);
  return {
    plain,
    instrumented,
    heapBytes: async () => Number(await (await fetch(`${base}/heap`)).text()),
    async end() {
      await Promise.all([plain.close(), instrumented.close()]);
      child.kill("SIGTERM");
      await exited;
      clearTimeout(killer);
      const line = stdout.trim().split("\n").pop() ?? "";
      try {
        return JSON.parse(line) as ServerHostReport;
      } catch {
        throw new Error(`host ended without a report:\n${stderr.slice(-3000)}`);
      }
    },
  };
}

type Call = { name: string; arguments: Record<string, unknown> };

/** What the client got, as text to compare: the result, or what was raised. */
async function outcome(client: Client, call: Call, timeout?: number): Promise<{ text: string; ms: number }> {
  const started = performance.now();
  const text = await client.callTool(call, undefined, timeout ? { timeout } : undefined).then(
    (result) => JSON.stringify(result),
    (error: Error) => `${error.name}: ${error.message}`,
  );
  return { text, ms: performance.now() - started };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The same calls on both paths, interleaved (which goes first alternates): answers and latencies. */
async function compare(host: Host, calls: Call[], options: { timeout?: number; gapMs?: number } = {}) {
  const pairs: { plain: { text: string; ms: number }; instrumented: { text: string; ms: number } }[] = [];
  for (const [index, call] of calls.entries()) {
    const first = index % 2 === 0 ? "plain" : "instrumented";
    const second = first === "plain" ? "instrumented" : "plain";
    const a = await outcome(host[first], call, options.timeout);
    if (options.gapMs) await new Promise((resolve) => setTimeout(resolve, options.gapMs));
    const b = await outcome(host[second], call, options.timeout);
    if (options.gapMs) await new Promise((resolve) => setTimeout(resolve, options.gapMs));
    pairs.push(first === "plain" ? { plain: a, instrumented: b } : { plain: b, instrumented: a });
  }
  for (const pair of pairs) expect(pair.instrumented.text).toBe(pair.plain.text);
  return {
    maxInstrumentedMs: Math.max(...pairs.map((pair) => pair.instrumented.ms)),
    plainMs: median(pairs.map((pair) => pair.plain.ms)),
    instrumentedMs: median(pairs.map((pair) => pair.instrumented.ms)),
    addedMs: median(pairs.map((pair) => pair.instrumented.ms - pair.plain.ms)),
  };
}

/** One of each outcome, a large answer, and a client timeout: every answer must be the same on both paths. */
const EVERY_KIND: Call[] = [
  { name: "lookup_lead", arguments: { id: "L-1" } },
  { name: "update_lead", arguments: { id: "L-2" } },
  { name: "send_email", arguments: { to: "ada@example.com" } },
  { name: "charge_card", arguments: { amount: 3 } },
  { name: "parse_date", arguments: { value: "x" } },
  { name: "find_customer", arguments: { id: 7 } },
  { name: "delete_everything", arguments: {} },
  { name: "echo", arguments: { message: "0123456789", repeat: 50_000 } }, // 500 KB
];
const ECHOES: Call[] = Array.from({ length: 30 }, (_, index) => ({
  name: "echo",
  arguments: { message: `m${index}` },
}));
const TIMEOUT_CALL: Call = { name: "export_report", arguments: { ms: 2_000 } };

/** The client gives up after 150 ms on both paths; its cancellation reaches the server just after. */
async function timeOut(host: Host) {
  await compare(host, [TIMEOUT_CALL], { timeout: 150 });
  await new Promise((resolve) => setTimeout(resolve, 200));
}

/** Figures for the report (FAULTLINE_GUEST_FIGURES=1 prints them). */
const figures: Record<string, string> = {};
afterAll(() => {
  if (process.env.FAULTLINE_GUEST_FIGURES) console.table(figures);
});

const HOSTILE_OPTIONS = { requestTimeoutMs: 1_000, maxBackoffMs: 200 };

describe("the server's answers", () => {
  // Measured with one host at a time: Faultline answering, then never answering.
  for (const key of ["valid:latency", "headers-never"]) {
    it(`are the same and as fast with the instrumentation, the work after the answer (${key})`, async () => {
      const host = await startHost({
        faultlineUrl: endpoint.url,
        key,
        closeTimeoutMs: key === "headers-never" ? 300 : 2_000,
        options: HOSTILE_OPTIONS,
      });
      await compare(host, ECHOES.slice(0, 5)); // warm up both paths
      const echo = await compare(host, ECHOES);
      await compare(host, EVERY_KIND);
      await timeOut(host);
      // Arguments at the fingerprint's bound (99,000 values): hashing them holds the loop for tens
      // of ms, which must come after the answer has left; a gap lets it end before the next call.
      const heavy = await compare(
        host,
        Array.from({ length: 3 }, () => ({
          name: "echo",
          arguments: { message: "big", items: Array.from({ length: 98_990 }, (_, index) => index) },
        })),
        { gapMs: 250 },
      );
      const report = await host.end();
      figures[`echo p50 (${key})`] =
        `plain ${echo.plainMs.toFixed(2)} ms, instrumented ${echo.instrumentedMs.toFixed(2)} ms, added ${echo.addedMs.toFixed(2)} ms`;
      figures[`99,000-value arguments p50 (${key})`] =
        `plain ${heavy.plainMs.toFixed(1)} ms, instrumented ${heavy.instrumentedMs.toFixed(1)} ms, added ${heavy.addedMs.toFixed(1)} ms`;
      expect(report.unhandled).toEqual([]);
      expect(report.thrown).toEqual([]);
      expect(echo.addedMs).toBeLessThan(3);
      expect(heavy.addedMs).toBeLessThan(15);
      const calls = 5 + ECHOES.length + EVERY_KIND.length + 1 + 3;
      expect(report.stats.reported).toBe(calls);
      if (key === "headers-never") {
        expect(report.stats).toMatchObject({ delivered: 0, pending: calls });
      } else {
        expect(report.stats).toMatchObject({ delivered: calls, dropped: 0, pending: 0 });
        expect(endpoint.stored(key).size).toBe(calls);
      }
    });
  }

  // Faultline down, never answering, trickling, answering garbage or redirecting: nothing of it
  // may reach the server's clients, or its process.
  const scenarios: [string, () => string, string, RegExp][] = [
    ["down", () => downUrl, "valid", /unreachable/],
    ["never answering", () => endpoint.url, "headers-never", /unreachable.*(timed out|aborted)/i],
    ["answering slowly", () => endpoint.url, "slow-body", /did not arrive within/],
    ["answering a gzip bomb", () => endpoint.url, "gzip-bomb", /larger than/],
    ["answering HTML", () => endpoint.url, "text-html", /text\/html/],
    ["redirecting", () => endpoint.url, "redirect-307", /307 redirecting to/],
  ];
  describe.concurrent("whatever Faultline does", () => {
    for (const [name, url, key, problem] of scenarios) {
      it(`Faultline ${name}: answers unchanged and undelayed, the server unharmed, close() on time`, async () => {
        const targetHits = endpoint.redirectTargetHits();
        const { echo, report } = await inSlot(async () => {
          const host = await startHost({
            faultlineUrl: url(),
            key,
            closeTimeoutMs: 500,
            options: HOSTILE_OPTIONS,
          });
          await compare(host, ECHOES.slice(0, 3));
          const echo = await compare(host, ECHOES.slice(0, 12));
          await compare(host, EVERY_KIND);
          await timeOut(host);
          return { echo, report: await host.end() };
        });
        figures[`echo p50, Faultline ${name}`] =
          `added ${echo.addedMs.toFixed(2)} ms, slowest instrumented ${echo.maxInstrumentedMs.toFixed(0)} ms`;
        expect(report.unhandled).toEqual([]);
        expect(report.thrown).toEqual([]);
        // Two hosts at once: a looser bound than above, still far below what waiting for Faultline
        // would add (a request times out after 1 s; slow-body takes 5 s).
        expect(echo.addedMs).toBeLessThan(10);
        expect(echo.maxInstrumentedMs).toBeLessThan(500);
        const calls = 3 + 12 + EVERY_KIND.length + 1;
        const { reported, delivered, rejected, dropped, pending } = report.stats;
        expect({ reported, delivered, rejected }).toEqual({ reported: calls, delivered: 0, rejected: 0 });
        expect(dropped + pending).toBe(calls);
        expect(report.errors.join("\n")).toMatch(problem);
        expect(report.closeMs).toBeLessThan(1_000);
        expect(report.rssPeakMb - report.rssBaselineMb).toBeLessThan(150);
        expect(endpoint.redirectTargetHits()).toBe(targetHits);
      });
    }
  });
});

describe("what the instrumentation keeps", () => {
  it("is bounded while Faultline is down: a copy of each answer, not the answer", async () => {
    const host = await startHost({
      faultlineUrl: downUrl,
      key: "k",
      closeTimeoutMs: 300,
      options: HOSTILE_OPTIONS,
    });
    const megabyte: Call = { name: "echo", arguments: { message: "0123456789", repeat: 100_000 } };
    const calls = Array.from({ length: 25 }, () => megabyte);
    await compare(host, calls.slice(0, 2));
    const start = await host.heapBytes();
    for (const call of calls) await host.plain.callTool(call);
    const afterPlain = await host.heapBytes();
    for (const call of calls) await host.instrumented.callTool(call);
    // The reports are put together after the answers: give the last one its turn.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const afterInstrumented = await host.heapBytes();
    const report = await host.end();
    const keptMb = (afterInstrumented - afterPlain - (afterPlain - start)) / 2 ** 20;
    figures["heap kept, 25 answers of 1 MB, Faultline down"] =
      `${keptMb.toFixed(1)} MB (plain path ${((afterPlain - start) / 2 ** 20).toFixed(1)} MB, instrumented ${((afterInstrumented - afterPlain) / 2 ** 20).toFixed(1)} MB)`;
    // 25 MB of answers waiting for Faultline; what is kept is at most 64 KiB of each.
    expect(keptMb).toBeLessThan(6);
    expect(report.stats).toMatchObject({ reported: 27, delivered: 0 });
    expect(report.unhandled).toEqual([]);
  });
});
