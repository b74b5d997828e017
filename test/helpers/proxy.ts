import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";
import { expect } from "vitest";

// faultline-proxy as the tests run it: the built bin (npm run build builds the reporter package
// into lib/reporter/dist), a raw stdio session driven line by line, and the calls Faultline
// stored, read back through its API.

export const PROXY = path.join(process.cwd(), "lib", "reporter", "dist", "proxy", "cli.js");
export const FIXTURES = path.join(process.cwd(), "test", "fixtures", "proxy");
export const TEE = path.join(FIXTURES, "tee.mjs");
export const RAW_SERVER = path.join(FIXTURES, "raw-server.mjs");
export const EVERYTHING = path.join(
  process.cwd(),
  "node_modules",
  "@modelcontextprotocol",
  "server-everything",
  "dist",
  "index.js",
);

export interface StoredCall {
  id: string;
  server: string;
  tool: string | null;
  method: string;
  agent: string | null;
  sessionId: string;
  protocolVersion: string | null;
  durationMs: number;
  argumentsHash: string | null;
  httpStatus: number | null;
  transportError: string | null;
  outcome: string;
  category: string | null;
  errorCode: string | null;
  silentFailure: boolean;
  text: string;
}

/** Calls Faultline stored for these filters (e.g. `server=raw-1`), oldest first. */
export async function storedCalls(faultline: string, key: string, query: string): Promise<StoredCall[]> {
  const response = await fetch(`${faultline}/api/v1/calls?${query}&limit=500&order=asc`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { calls: StoredCall[] }).calls;
}

/** Waits until Faultline stored `count` calls for the filters (the proxy sends every second). */
export async function waitForCalls(
  faultline: string,
  key: string,
  query: string,
  count: number,
  timeoutMs = 20_000,
): Promise<StoredCall[]> {
  const deadline = Date.now() + timeoutMs;
  let calls: StoredCall[] = [];
  while (Date.now() < deadline) {
    calls = await storedCalls(faultline, key, query);
    if (calls.length >= count) return calls;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Faultline stored ${calls.length} of ${count} calls for ${query}`);
}

export interface RawSession {
  child: ChildProcessWithoutNullStreams;
  send(message: unknown): void;
  writeRaw(bytes: string | Buffer): void;
  /** The next message on stdout that matches (JSON lines only). */
  next(
    match: (message: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  stdout(): Buffer;
  stderr(): Buffer;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A process spoken to as a stdio MCP client does, one JSON line at a time, every byte kept. */
export function rawSession(command: string, args: string[], env: Record<string, string> = {}): RawSession {
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, ...env } });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const messages: Record<string, unknown>[] = [];
  const waiting = new Set<() => void>();
  let partial = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out.push(chunk);
    partial += chunk.toString("utf8");
    const lines = partial.split("\n");
    partial = lines.pop()!;
    for (const line of lines) {
      try {
        const parsed = JSON.parse(line) as unknown;
        for (const item of Array.isArray(parsed) ? parsed : [parsed])
          messages.push(item as Record<string, unknown>);
      } catch {
        // not JSON: kept in the bytes only
      }
    }
    for (const wake of waiting) wake();
  });
  child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
  child.stdin.on("error", () => {});
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("close", (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    send: (message) => child.stdin.write(`${JSON.stringify(message)}\n`),
    writeRaw: (bytes) => child.stdin.write(bytes),
    next(match, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const index = messages.findIndex(match);
          if (index === -1) return false;
          const [found] = messages.splice(index, 1);
          waiting.delete(wake);
          clearTimeout(timer);
          resolve(found!);
          return true;
        };
        const wake = () => void look();
        const timer = setTimeout(() => {
          waiting.delete(wake);
          reject(
            new Error(`no matching message within ${timeoutMs} ms; stderr: ${Buffer.concat(err).toString()}`),
          );
        }, timeoutMs);
        if (!look()) waiting.add(wake);
      });
    },
    stdout: () => Buffer.concat(out),
    stderr: () => Buffer.concat(err),
    exited,
  };
}

export const initialize = (id: number | string, clientName = "raw-client") => ({
  jsonrpc: "2.0",
  id,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: { sampling: {}, elicitation: {}, roots: { listChanged: true } },
    clientInfo: { name: clientName, version: "3.1.4" },
  },
});

export const toolCall = (id: number | string, name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});
