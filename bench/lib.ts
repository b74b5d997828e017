import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";

// Shared by the benchmark scenarios (bench/run.ts runs each in its own process).

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

export const ADMIN_URL = process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(label: string): Promise<{ name: string; url: string }> {
  const name = `faultline_bench_${label}_${randomBytes(3).toString("hex")}`;
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  return { name, url: databaseUrl(name) };
}

export async function dropDatabase(name: string): Promise<void> {
  if (!name.startsWith("faultline_bench_")) throw new Error(`refusing to drop ${name}`);
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** Resident memory of a process, in MB (Linux). */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : 0;
}

/** Samples a process's RSS every 100 ms; returns the peak when stopped. */
export function sampleRss(pid: number): () => number {
  let peak = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // the process is gone
    }
  }, 100);
  return () => {
    clearInterval(timer);
    return round(peak);
  };
}

/**
 * The baseline for single-call latency: a Node server that only reads and parses the JSON
 * body and answers 200 — what any HTTP JSON endpoint costs, with no work behind it.
 */
export async function startNoopServer(): Promise<{ url: string; pid: number; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      JSON.parse(Buffer.concat(chunks).toString("utf8"));
      response.writeHead(200, { "content-type": "application/json" }).end('{"accepted":1}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pid: process.pid,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Prints one JSON line on stdout: how a scenario process hands its figures to bench/run.ts. */
export function report(figures: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

/** Wall milliseconds spent in each statement the pool's clients run from now on, by the statement's first words. */
export function timeStatements(
  pool: pg.Pool,
  /** Told of each statement as it ends (its label and wall milliseconds). */
  onStatement?: (key: string, ms: number) => void,
): Map<string, number> {
  const spent = new Map<string, number>();
  const label = (sql: string) =>
    sql
      .replace(/\s+/g, " ")
      .trim()
      .replace(/^WITH \w+ AS \(/, "")
      .split(" ")
      .slice(0, 4)
      .join(" ");
  const wrap = (client: pg.PoolClient) => {
    const marked = client as pg.PoolClient & { timed?: boolean };
    if (marked.timed) return;
    marked.timed = true;
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...args) => {
      const sql = typeof args[0] === "string" ? args[0] : String((args[0] as { text?: string }).text);
      const started = performance.now();
      try {
        return await query(...args);
      } finally {
        const key = label(sql);
        const ms = performance.now() - started;
        spent.set(key, (spent.get(key) ?? 0) + ms);
        onStatement?.(key, ms);
      }
    };
  };
  type Callback = (error: Error | undefined, client?: pg.PoolClient, release?: () => void) => void;
  const connect = pool.connect.bind(pool) as (callback?: Callback) => Promise<pg.PoolClient> | undefined;
  // pool.query itself connects with a callback (and never sees a returned promise): keep that form.
  (pool as unknown as { connect: (callback?: Callback) => unknown }).connect = (callback?: Callback) => {
    if (callback)
      return connect((error, client, release) => {
        if (client) wrap(client);
        callback(error, client, release);
      });
    return connect()!.then((client) => {
      wrap(client);
      return client;
    });
  };
  return spent;
}
