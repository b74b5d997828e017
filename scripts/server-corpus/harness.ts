// Runs MCP servers (stdio children, or HTTP servers on loopback) and drives them with the real
// SDK client, instrumented by Faultline's reporter, which delivers to the local sink.

import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { loadReporter, type CallReport, type Reporter } from "./deps.js";

// The SDK client the harness drives, for a group whose server brings an older SDK into its own node_modules.
export { Client, StdioClientTransport };

export const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = "/tmp/faultline-corpus";
export const LOGS = path.join(ROOT, "logs");

export interface Live {
  client: Client;
  /** The server process (stdio child or HTTP server). */
  child(): ChildProcess | undefined;
  /** SIGKILL the server process now. */
  kill(): void;
  /** HTTP only: start the server process again on the same port (the client keeps its session id). */
  restart?(): Promise<void>;
  close(): Promise<void>;
}

export interface Step {
  id: string;
  tool: string;
  args: Record<string, unknown>;
  scenario: string;
  timeoutMs?: number;
  /** Runs before the call. */
  before?: (live: Live) => Promise<void>;
  /** Starts right after the call is sent, runs alongside it (e.g. kill the server mid-call). */
  during?: (live: Live) => Promise<void>;
  /** Runs after the call has ended and been reported. */
  after?: (live: Live) => Promise<void>;
}

export interface SessionSpec {
  label: string;
  server: string;
  transport: "stdio" | "http";
  start: (reporter: Reporter) => Promise<Live>;
  steps: Step[];
}

export interface Captured {
  step: Step;
  server: string;
  transport: "stdio" | "http";
  reportId?: string;
  /** What the host saw (for the judge's notes; the fixture keeps only the call object). */
  hostSaw: string;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The JS file a package's bin points to. */
export function binOf(pkg: string, name?: string, from: string = HERE): string {
  const dir = path.join(from, "node_modules", pkg);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as {
    bin?: string | Record<string, string>;
  };
  const bins = typeof manifest.bin === "string" ? { [pkg]: manifest.bin } : (manifest.bin ?? {});
  const bin = bins[name ?? Object.keys(bins)[0] ?? ""];
  if (!bin) throw new Error(`${pkg} has no bin`);
  return path.join(dir, bin);
}

export function versionOf(pkg: string): string {
  const file = path.join(HERE, "node_modules", pkg, "package.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { version: string }).version;
}

/** A small, fixed environment for every server: nothing from the machine beyond PATH. */
export function serverEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: "/usr/local/bin:/usr/bin:/bin",
    HOME: path.join(ROOT, "home"),
    LANG: "C.UTF-8",
    NODE_NO_WARNINGS: "1",
    ...extra,
  };
}

function newClient(reporter: Reporter): Client {
  return reporter.instrument(new Client({ name: "faultline-corpus", version: "1.0.0" }));
}

function logStream(label: string) {
  fs.mkdirSync(LOGS, { recursive: true });
  return fs.createWriteStream(path.join(LOGS, `${label}.log`), { flags: "a" });
}

export function stdioServer(
  label: string,
  pkg: string,
  options: {
    args?: string[];
    env?: Record<string, string>;
    cwd?: string;
    bin?: string;
    /** The folder whose node_modules holds the package (a group's own install); this folder by default. */
    from?: string;
    /** Run the bin through its `node_modules/.bin` link, as npx does, instead of the file it points to. */
    viaBinLink?: boolean;
  } = {},
) {
  return async (reporter: Reporter): Promise<Live> => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        options.viaBinLink
          ? path.join(options.from ?? HERE, "node_modules", ".bin", options.bin ?? path.basename(pkg))
          : binOf(pkg, options.bin, options.from),
        ...(options.args ?? []),
      ],
      env: serverEnv(options.env),
      cwd: options.cwd ?? ROOT,
      stderr: "pipe",
    });
    const log = logStream(label);
    transport.stderr?.pipe(log);
    const client = newClient(reporter);
    await client.connect(transport);
    const pid = () => transport.pid ?? undefined;
    return {
      client,
      child: () => undefined,
      kill: () => {
        const id = pid();
        if (id) process.kill(id, "SIGKILL");
      },
      close: async () => {
        await client.close().catch(() => {});
        log.end();
      },
    };
  };
}

async function waitForPort(port: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`port ${port} did not open`);
}

async function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => child.once("exit", resolve));
}

export function httpServer(
  label: string,
  pkg: string,
  options: {
    port: number;
    path?: string;
    args?: string[];
    env?: Record<string, string>;
    bin?: string;
    from?: string;
    headers?: () => Record<string, string>;
  },
) {
  return async (reporter: Reporter): Promise<Live> => {
    const log = logStream(label);
    let child: ChildProcess | undefined;
    const launch = async () => {
      const started = spawn(
        process.execPath,
        [binOf(pkg, options.bin, options.from), ...(options.args ?? [])],
        {
          env: serverEnv(options.env) as NodeJS.ProcessEnv,
          cwd: ROOT,
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      started.stdout?.pipe(log, { end: false });
      started.stderr?.pipe(log, { end: false });
      child = started;
      await waitForPort(options.port);
    };
    await launch();
    const url = new URL(`http://127.0.0.1:${options.port}${options.path ?? "/mcp"}`);
    // The headers are read at each request, so a session can change its token midway.
    const headerFetch: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      for (const [name, value] of Object.entries(options.headers?.() ?? {})) headers.set(name, value);
      return reporter.fetch(input, { ...init, headers });
    };
    const transport = new StreamableHTTPClientTransport(url, {
      fetch: headerFetch,
      // Do not let the transport reconnect an SSE stream for ever after the server went away.
      reconnectionOptions: {
        maxReconnectionDelay: 1000,
        initialReconnectionDelay: 500,
        reconnectionDelayGrowFactor: 1.5,
        maxRetries: 2,
      },
    });
    const client = newClient(reporter);
    await client.connect(transport);
    const kill = () => {
      if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    };
    return {
      client,
      child: () => child,
      kill,
      restart: async () => {
        kill();
        if (child) await waitForExit(child);
        await launch();
      },
      close: async () => {
        await client.close().catch(() => {});
        kill();
        if (child) await waitForExit(child);
        log.end();
      },
    };
  };
}

export async function runSession(spec: SessionSpec, sinkUrl: string): Promise<Captured[]> {
  const ids: string[] = [];
  const waiting: (() => void)[] = [];
  const { createReporter } = await loadReporter();
  const reporter = createReporter({
    url: sinkUrl,
    key: "corpus-ingest-key",
    server: spec.server,
    agent: "faultline-corpus",
    flushIntervalMs: 200,
    transform: (call: CallReport) => {
      ids.push(call.id);
      for (const wake of waiting.splice(0)) wake();
      return call;
    },
    onError: (error) => console.error(`  [${spec.label}] reporter: ${error.message}`),
  });
  const nextReport = async (index: number, timeoutMs: number): Promise<string | undefined> => {
    const deadline = Date.now() + timeoutMs;
    while (ids.length <= index && Date.now() < deadline) {
      await Promise.race([new Promise<void>((resolve) => waiting.push(resolve)), sleep(100)]);
    }
    return ids[index];
  };
  console.error(`session ${spec.label} (${spec.server}, ${spec.transport})`);
  const live = await spec.start(reporter);
  const captured: Captured[] = [];
  for (const step of spec.steps) {
    await step.before?.(live);
    const index = ids.length;
    let hostSaw: string;
    const call = live.client.callTool(
      { name: step.tool, arguments: step.args },
      undefined,
      step.timeoutMs ? { timeout: step.timeoutMs } : undefined,
    );
    const during = step.during?.(live);
    try {
      const result = (await call) as { isError?: boolean };
      hostSaw = result.isError ? "resolved isError" : "resolved";
    } catch (error) {
      hostSaw = `rejected: ${(error as Error).message}`.slice(0, 300);
    }
    await during;
    const reportId = await nextReport(index, 15_000);
    console.error(`  ${step.id} ${step.tool}: ${hostSaw.slice(0, 140)}${reportId ? "" : " (NO REPORT)"}`);
    captured.push({ step, server: spec.server, transport: spec.transport, reportId, hostSaw });
    await step.after?.(live);
  }
  await reporter.close(10_000);
  await live.close();
  return captured;
}
