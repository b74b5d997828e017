import { execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nestingDepth } from "../../../lib/schemas/call";
import { startEverythingHttp, type EverythingServer } from "../../helpers/everything-server";
import { startHostileEndpoint, type HostileEndpoint } from "../../helpers/hostile-endpoint";
import { startHostileMcp } from "../../helpers/hostile-mcp";

// In the perf tier (one file at a time, after the correctness tiers): every scenario holds the host
// to a memory and an event-loop budget, which another file's load would eat into.
//
// The reporter runs inside someone else's process, so it is tested from inside one: each
// scenario starts a host (test/fixtures/reporter-hostile-host.mjs: plain node, the reporter as
// built, the real SDK client) that reports to an endpoint answering as a broken or hostile one
// would (test/helpers/hostile-endpoint.ts), or calls an MCP server that does
// (test/helpers/hostile-mcp.ts). The host must end on its own with status 0, with no unhandled
// rejection and nothing thrown at it, its memory and event loop left alone, and every call
// counted, as delivered only when Faultline's answer says so.

const HOST = path.join(process.cwd(), "test", "fixtures", "reporter-hostile-host.mjs");
/** The reporter's sources (another copy can be measured the same way, e.g. the code before a change). */
const SOURCE = process.env.FAULTLINE_REPORTER_SOURCE ?? path.join(process.cwd(), "lib", "reporter");
const BUILT = mkdtempSync(path.join(tmpdir(), "faultline-reporter-"));
const CALLS = 5;
const RSS_BUDGET_MB = 150;
const STALL_BUDGET_MS = 100;

/** What the host is told to do (HOST_CONFIG). */
export interface HostConfig {
  reporterModule: string;
  faultlineUrl: string;
  key: string;
  /** An MCP server over Streamable HTTP; without it, an in-memory server with an echo tool. */
  mcpUrl?: string;
  /** The echo's message is this long (default: a short one per call). */
  messageChars?: number;
  calls: number;
  callTimeoutMs: number;
  closeTimeoutMs: number;
  /** Also make each call once without the reporter first, to compare what the host receives. */
  compare?: boolean;
  /** Keep the client open until the reporter has closed (a long-running host). */
  closeClientLast?: boolean;
  options: Record<string, unknown>;
}

/** What the host saw (its one line of output). */
interface HostReport {
  stats: Record<"reported" | "delivered" | "rejected" | "dropped" | "pending" | "retries", number>;
  errors: string[];
  unhandled: string[];
  thrown: string[];
  rssBaselineMb: number;
  rssPeakMb: number;
  /** The longest the loop was busy, in this process's own CPU time (see the host's stallProbe). */
  stallMs: number;
  /** monitorEventLoopDelay's max, which also counts time the machine had us scheduled out. */
  maxDelayMs: number;
  /** Heap still held once the calls ended, after a full GC, before anything was sent (compare runs). */
  heapKeptMb: number;
  /** The same for the calls made without the reporter (what the SDK and the host keep themselves). */
  controlHeapKeptMb: number;
  outcomes: string[];
  controlOutcomes: string[];
  closeMs: number;
  /** CPU time the host used, start to end. */
  cpuMs: number;
}

let endpoint: HostileEndpoint;
let mcp: { url: string; close(): Promise<void> };
let everything: EverythingServer;

/** Builds the reporter as `npm run build:reporter` does, into a directory of the test's own. */
async function buildReporter(): Promise<void> {
  const tsc = path.join(process.cwd(), "node_modules", "typescript", "bin", "tsc");
  await promisify(execFile)(process.execPath, [
    tsc,
    "-p",
    path.join(SOURCE, "tsconfig.json"),
    "--outDir",
    BUILT,
  ]);
  writeFileSync(path.join(BUILT, "package.json"), JSON.stringify({ type: "module" }));
}

beforeAll(async () => {
  [endpoint, mcp, everything] = await Promise.all([
    startHostileEndpoint(),
    startHostileMcp(),
    startEverythingHttp(),
    buildReporter(),
  ]);
});
afterAll(async () => {
  await Promise.all([endpoint?.close(), mcp?.close(), everything?.stop()]);
  rmSync(BUILT, { recursive: true, force: true });
});

interface HostRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  report: HostReport;
  ms: number;
}

// Hosts run a few at a time: most of a host's time is spent waiting (on a deadline, a timeout),
// and its stalls are counted in its own CPU time, so a crowded machine does not read as one.
const HOSTS_AT_ONCE = 3;
let running = 0;
const waiting: (() => void)[] = [];
async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HOSTS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

function runHost(config: Omit<HostConfig, "reporterModule">): Promise<HostRun> {
  return slot(
    () =>
      new Promise((resolve, reject) => {
        const started = performance.now();
        const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", HOST], {
          env: {
            ...process.env,
            HOST_CONFIG: JSON.stringify({ ...config, reporterModule: path.join(BUILT, "index.js") }),
          },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
        const timer = setTimeout(() => child.kill("SIGKILL"), 25_000);
        child.once("error", reject);
        child.once("exit", (code, signal) => {
          clearTimeout(timer);
          const line = stdout.trim().split("\n").pop() ?? "";
          let report: HostReport;
          try {
            report = JSON.parse(line) as HostReport;
          } catch {
            return reject(
              new Error(`host ended (${code ?? signal}) without a report:\n${stderr.slice(-3000)}`),
            );
          }
          resolve({ code, signal, stderr, report, ms: performance.now() - started });
        });
      }),
  );
}

/** Every call is delivered, rejected, dropped or still pending: never lost, never counted twice. */
function expectCountsAddUp(stats: Record<string, number>, reported: number) {
  expect(stats.reported).toBe(reported);
  expect(stats.delivered! + stats.rejected! + stats.dropped! + stats.pending!).toBe(stats.reported);
}

function expectHostUnharmed(run: HostRun, budgets: { stall?: boolean } = { stall: true }) {
  expect(run.report.unhandled).toEqual([]);
  expect(run.report.thrown).toEqual([]);
  expect({ code: run.code, signal: run.signal }).toEqual({ code: 0, signal: null });
  expect(run.report.rssPeakMb - run.report.rssBaselineMb).toBeLessThan(RSS_BUDGET_MB);
  if (budgets.stall) expect(run.report.stallMs).toBeLessThan(STALL_BUDGET_MS);
}

const endpointHost = (key: string) =>
  runHost({
    faultlineUrl: endpoint.url,
    key,
    calls: CALLS,
    callTimeoutMs: 10_000,
    closeTimeoutMs: 500,
    // A second per request: the machine is shared, and a timeout is only the cause where it is meant to be.
    options: { flushIntervalMs: 50, requestTimeoutMs: 1_000, maxBackoffMs: 100 },
  });

/** Figures for the report: what each scenario cost the host. */
const figures: Record<string, string> = {};
afterAll(() => {
  if (process.env.FAULTLINE_HOSTILE_FIGURES) console.table(figures);
});
function note(name: string, run: HostRun) {
  const { rssPeakMb, rssBaselineMb, stallMs, maxDelayMs, heapKeptMb, controlHeapKeptMb } = run.report;
  figures[name] =
    `rss +${(rssPeakMb - rssBaselineMb).toFixed(0)} MB, stall ${stallMs.toFixed(0)} ms ` +
    `(loop delay ${maxDelayMs.toFixed(0)} ms), ` +
    `heap kept ${(heapKeptMb - controlHeapKeptMb).toFixed(1)} MB, ${(run.ms / 1000).toFixed(1)} s ` +
    `(cpu ${(run.report.cpuMs / 1000).toFixed(1)} s), exit ${run.code}`;
}

// The transform throws on the second call (fail closed: that call is dropped and counted), so of
// five calls four are left to deliver.
const TO_DELIVER = CALLS - 1;

/** Answers that are not Faultline's valid answer: nothing counts as delivered, the calls are kept. */
const UNCONFIRMED: Record<string, RegExp> = {
  null: /not a valid ingest answer/,
  string: /not a valid ingest answer/,
  array: /not a valid ingest answer/,
  "accepted-not-a-number": /accepted/,
  "rejected-object": /rejected/,
  "rejected-numbers": /rejected/,
  "rejected-index-string": /rejected/,
  "rejected-errors-null": /rejected/,
  "counts-do-not-add-up": /answers for 1 of \d+ calls sent/,
  "text-html": /text\/html/,
  "invalid-utf8": /UTF-8/,
  "deep-json": /nests deeper/,
  "huge-json": /larger than/,
  "gzip-bomb": /larger than/,
  "endless-body": /larger than/,
  "slow-body": /did not arrive within/,
  "headers-never": /unreachable.*(timed out|aborted)/i,
  "reset-mid-body": /cut off/,
  "ok-then-reset": /cut off/,
};

describe.concurrent("a hostile Faultline endpoint cannot hurt the host", () => {
  for (const [key, problem] of Object.entries(UNCONFIRMED)) {
    it(`${key}: the host survives, nothing counts as delivered, the calls are kept`, async () => {
      const run = await endpointHost(key);
      note(key, run);
      expectHostUnharmed(run);
      expectCountsAddUp(run.report.stats, CALLS);
      expect(run.report.stats).toMatchObject({ delivered: 0, rejected: 0, dropped: 1, pending: TO_DELIVER });
      expect(run.report.errors.join("\n")).toMatch(problem);
      // close(500) keeps its deadline, whatever is still in flight.
      expect(run.report.closeMs).toBeLessThan(800);
    });
  }

  for (const status of [302, 307, 308]) {
    it(`a ${status} redirect is not followed: the other server receives nothing`, async () => {
      const before = endpoint.redirectTargetHits();
      const run = await endpointHost(`redirect-${status}`);
      expectHostUnharmed(run);
      expect(endpoint.redirectTargetHits()).toBe(before);
      expectCountsAddUp(run.report.stats, CALLS);
      expect(run.report.stats).toMatchObject({ delivered: 0, pending: TO_DELIVER });
      expect(run.report.errors.join("\n")).toContain(`${status} redirecting to http://127.0.0.1:`);
    });
  }

  it("a valid answer delivers every call once", async () => {
    const run = await endpointHost("valid:endpoint");
    expectHostUnharmed(run);
    expectCountsAddUp(run.report.stats, CALLS);
    expect(run.report.stats).toMatchObject({ delivered: TO_DELIVER, dropped: 1, pending: 0 });
    expect(endpoint.stored("valid:endpoint").size).toBe(TO_DELIVER);
  });

  it("a buffer full while a batch is in flight drops the oldest waiting, never the batch in flight", async () => {
    const run = await runHost({
      faultlineUrl: endpoint.url,
      key: "valid-slow",
      calls: CALLS,
      callTimeoutMs: 10_000,
      closeTimeoutMs: 2_000,
      // One call per batch, one kept waiting: the first is in flight (300 ms) while the others come.
      options: {
        batchSize: 1,
        maxBuffer: 1,
        flushIntervalMs: 50,
        requestTimeoutMs: 1_000,
        maxBackoffMs: 100,
      },
    });
    expectHostUnharmed(run);
    expectCountsAddUp(run.report.stats, CALLS);
    // The first (in flight) and the last are delivered; the transform's and two overflowed are dropped.
    expect(run.report.stats).toMatchObject({ delivered: 2, dropped: 3, pending: 0 });
    expect(endpoint.stored("valid-slow").size).toBe(2);
    expect(run.report.errors.join("\n")).toMatch(/buffer is full/);
  });

  it("calls stored but whose answer was lost are sent again and count once (as duplicates)", async () => {
    const run = await endpointHost("stored-then-reset");
    expectHostUnharmed(run);
    expectCountsAddUp(run.report.stats, CALLS);
    expect(run.report.stats).toMatchObject({ delivered: TO_DELIVER, pending: 0 });
    expect(endpoint.requests("stored-then-reset")).toBe(2);
    expect(endpoint.stored("stored-then-reset").size).toBe(TO_DELIVER);
  });

  it("a Retry-After of 0 on every answer is not taken as leave to hammer", async () => {
    const run = await endpointHost("retry-after-zero");
    expectHostUnharmed(run);
    expectCountsAddUp(run.report.stats, CALLS);
    expect(run.report.stats.pending).toBe(TO_DELIVER);
    // About a second of flush and close at one attempt per 100 ms (maxBackoffMs) at most.
    expect(endpoint.requests("retry-after-zero")).toBeLessThan(16);
  });

  it("a refused key drops the calls, counted, and says why", async () => {
    const run = await endpointHost("unauthorized");
    expectHostUnharmed(run);
    expectCountsAddUp(run.report.stats, CALLS);
    expect(run.report.stats).toMatchObject({ delivered: 0, dropped: CALLS, pending: 0 });
    expect(run.report.errors.join("\n")).toMatch(/401: the key was revoked/);
  });
});

interface StoredReport {
  response?: unknown;
  httpStatus?: number;
  clientError?: { message: string };
}

/** The one call a recorder scenario stored at the valid endpoint. */
function storedReport(key: string): StoredReport {
  const stored = [...endpoint.stored(key).values()];
  expect(stored).toHaveLength(1);
  return stored[0] as StoredReport;
}

describe.concurrent("a hostile MCP server cannot make the recorder hurt the host", () => {
  /** Streams that never answer end by the host's own timeout; the rest are given all the time they need. */
  const endless = new Set(["endless-sse", "invalid-sse", "endless-error-page"]);
  const recorderHost = (scenario: string, extra: Partial<HostConfig> = {}) =>
    runHost({
      faultlineUrl: endpoint.url,
      key: `valid:${scenario}`,
      mcpUrl: `${mcp.url}/${scenario}`,
      calls: 1,
      callTimeoutMs: endless.has(scenario) ? 800 : 20_000,
      closeTimeoutMs: 5_000,
      compare: true,
      // Nothing is sent before flush: what the reporter keeps is measured first.
      options: { flushIntervalMs: 60_000 },
      ...extra,
    });

  const scenarios = [
    "huge-sse",
    "huge-json",
    "deep-json",
    "wide-json",
    "endless-sse",
    "answer-then-endless-sse",
    "invalid-json",
    "invalid-sse",
    "huge-error-page",
    "endless-error-page",
    "octet-stream",
  ];
  for (const scenario of scenarios) {
    it(`${scenario}: the host gets what it would without the reporter; the report is bounded and valid`, async () => {
      // An error page that never ends is read for a second even while the host keeps its client open.
      const run = await recorderHost(scenario, { closeClientLast: scenario === "endless-error-page" });
      note(`mcp ${scenario}`, run);
      // The SDK itself parses what the server sent (tens of MB): its stalls are not the reporter's.
      expectHostUnharmed(run, { stall: false });
      expect(run.report.outcomes).toEqual(run.report.controlOutcomes);
      expect(run.report.heapKeptMb - run.report.controlHeapKeptMb).toBeLessThan(5);
      expectCountsAddUp(run.report.stats, 1);
      expect(run.report.stats).toMatchObject({ delivered: 1, rejected: 0, pending: 0 });
      const report = storedReport(`valid:${scenario}`);
      expect(JSON.stringify(report).length).toBeLessThan(80 * 1024);
      expect(nestingDepth(report.response)).toBeLessThanOrEqual(64);
    });
  }

  it("a huge answer from the public server-everything is reported bounded", async () => {
    // server-everything takes request bodies up to 4 MiB.
    const run = await recorderHost("everything", {
      mcpUrl: everything.url,
      key: "valid:everything",
      messageChars: 3 << 20,
    });
    expectHostUnharmed(run, { stall: false });
    expect(run.report.outcomes).toEqual(run.report.controlOutcomes);
    expect(run.report.outcomes[0]).toMatch(/^result \d+ chars/);
    expect(run.report.heapKeptMb - run.report.controlHeapKeptMb).toBeLessThan(5);
    expect(run.report.stats).toMatchObject({ reported: 1, delivered: 1, pending: 0 });
    const report = storedReport("valid:everything");
    expect(JSON.stringify(report).length).toBeLessThan(80 * 1024);
    expect(JSON.stringify(report.response)).toContain("Echo: xxxx");
  });
});
