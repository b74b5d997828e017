// npm run bench -- --only connect (or: node --import tsx bench/connect-start.ts [--runs N])
//
// How long a desktop client waits for its server to start behind faultline-proxy, for each form
// the Connect page could give, with Faultline up, down (connection refused) and slow (it accepts
// the connection and never answers). The time is from the client spawning the configured command
// to the first byte of the server's answer to initialize; the server is a one-line Node script
// that answers at once, so what is measured is the launch around it. The baseline is that server
// started directly, in the same run.
//
// Forms:
//   npx            npx -y --package <instance>/downloads/faultline-reporter.tgz faultline-proxy …
//   npx-cached     the same with --prefer-offline: npm uses its cached copy without asking the instance
//   installed      faultline-proxy …, after npm install -g <instance>/downloads/faultline-reporter.tgz
// Each form's first start (an empty npm cache) is measured with Faultline up; every other run
// has the package in npm's cache (or installed). Prints a table and a JSON line.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { serveReporterDownload } from "../lib/http/downloads";
import { percentile, round } from "./lib";

const { values } = parseArgs({ options: { runs: { type: "string", default: "5" } } });
const RUNS = Number(values.runs);
/** A start that has not answered by then is reported as "> LIMIT". */
const LIMIT_MS = 120_000;
const SERVER = [
  process.execPath,
  "-e",
  'process.stdin.once("data", () => process.stdout.write(\'{"jsonrpc":"2.0","id":0,"result":{}}\\n\'))',
];
const INITIALIZE =
  '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}\n';

type State = "up" | "down" | "slow";

/** Serves the reporter package as an instance does (lib/http/downloads); or is down (the port refuses); or hangs. */
async function instance(): Promise<{ url: string; set(state: State): Promise<void>; close(): void }> {
  let state: State = "up";
  const sockets = new Set<net.Socket>();
  const server = http.createServer((request, response) => {
    if (state === "slow") return; // accepted, never answered
    void serveReporterDownload(new Request(`http://x${request.url}`)).then(async (answer) => {
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async set(next) {
      state = next;
      for (const socket of sockets) socket.destroy();
      if (next === "down" && server.listening) await new Promise((resolve) => server.close(resolve));
      if (next !== "down" && !server.listening)
        await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    },
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

/** Milliseconds from spawning `command` to the first byte of its answer to initialize (or LIMIT_MS). */
function startTime(command: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command[0]!, command.slice(1), { env, stdio: ["pipe", "pipe", "ignore"] });
    const timer = setTimeout(() => finish(LIMIT_MS), LIMIT_MS);
    function finish(ms: number) {
      clearTimeout(timer);
      child.kill("SIGKILL");
      resolve(ms);
    }
    child.stdout.once("data", () => finish(performance.now() - started));
    child.once("exit", () => finish(LIMIT_MS));
    child.stdin.on("error", () => {});
    child.stdin.write(INITIALIZE);
  });
}

async function main(): Promise<void> {
  const faultline = await instance();
  const scratch = mkdtempSync(path.join(tmpdir(), "faultline-connect-bench-"));
  const pkg = `${faultline.url}/downloads/faultline-reporter.tgz`;
  const proxyArgs = ["--server", "bench", "--", ...SERVER];
  const forms: Record<string, { command: string[]; cache: string }> = {
    npx: { command: ["npx", "-y", "--package", pkg, "faultline-proxy", ...proxyArgs], cache: "" },
    "npx-cached": {
      command: ["npx", "-y", "--prefer-offline", "--package", pkg, "faultline-proxy", ...proxyArgs],
      cache: "",
    },
    installed: { command: [path.join(scratch, "global", "bin", "faultline-proxy"), ...proxyArgs], cache: "" },
  };
  const results: Record<string, Record<string, number | string>> = { direct: {} };
  const env = (cache: string): NodeJS.ProcessEnv => ({
    ...process.env,
    npm_config_cache: cache,
    npm_config_prefix: path.join(scratch, "global"),
    npm_config_update_notifier: "false",
    FAULTLINE_URL: faultline.url,
    FAULTLINE_KEY: "flk_bench_connect_key_000000000000000",
  });
  try {
    const direct: number[] = [];
    for (let run = 0; run < RUNS; run++) direct.push(await startTime(SERVER, process.env));
    results.direct!.up = round(percentile(direct, 50));

    for (const [name, form] of Object.entries(forms)) {
      form.cache = path.join(scratch, `cache-${name}`);
      await faultline.set("up");
      if (name === "installed") {
        await new Promise<void>((resolve, reject) =>
          spawn("npm", ["install", "-g", "--no-audit", "--no-fund", pkg], {
            env: env(form.cache),
            stdio: "ignore",
          }).once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`npm install -g: ${code}`)))),
        );
      }
      const row: Record<string, number | string> = {};
      row.first = show(await startTime(form.command, env(form.cache)));
      for (const state of ["up", "down", "slow"] as const) {
        await faultline.set(state);
        const samples: number[] = [];
        // A form that waits out npm's retries is measured twice, not five times.
        for (let run = 0; run < RUNS; run++) {
          const ms = await startTime(form.command, env(form.cache));
          samples.push(ms);
          if (ms > 10_000 && samples.length >= 2) break;
        }
        row[state] = show(percentile(samples, 50));
        process.stderr.write(`${name} ${state}: ${samples.map((ms) => round(ms)).join(", ")} ms\n`);
      }
      results[name] = row;
    }
  } finally {
    faultline.close();
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log(table(results));
  console.log(JSON.stringify({ runs: RUNS, startMs: results }));
}

function show(ms: number): number | string {
  return ms >= LIMIT_MS ? `> ${LIMIT_MS / 1000} s` : round(ms);
}

function table(results: Record<string, Record<string, number | string>>): string {
  const cell = (value: number | string | undefined) =>
    value === undefined ? "—" : typeof value === "number" ? `${value} ms` : value;
  const lines = [
    "| form | first start (empty cache, up) | Faultline up | down | slow |",
    "|---|---|---|---|---|",
  ];
  for (const [name, row] of Object.entries(results))
    lines.push(`| ${name} | ${cell(row.first)} | ${cell(row.up)} | ${cell(row.down)} | ${cell(row.slow)} |`);
  return lines.join("\n");
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
