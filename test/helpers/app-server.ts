import { spawn, type ChildProcessByStdio } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { Readable } from "node:stream";

// Runs the built app as `npm start` does (scripts/serve.ts), with its own environment. The
// embedded PostgreSQL is a child of the server: each app gets a process group, so whatever
// happens, nothing it started outlives the test (a server that fails to start is killed with
// its whole group).

export interface AppServer {
  url: string;
  process: ChildProcessByStdio<null, Readable, Readable>;
  output(): string;
  /**
   * What is known of the app's end, for a test's failure message: whether it is still running or
   * how it exited (code or signal), and its last output. Waits up to `waitMs` for an exit that is
   * under way, so that the dying process's last words have been read from its pipes.
   */
  postMortem(waitMs?: number): Promise<string>;
  /** Sends `signal` to the app (as a process manager would) and waits; the group is killed if it hangs. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const running = new Set<number>();

function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // already gone
  }
  running.delete(pid);
}

process.once("exit", () => {
  for (const pid of running) killGroup(pid);
});

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The arguments `npm start` gives Node (package.json's start script, their one home), so that a
 * server started here runs with the same flags as a user's: `["--heap-growing-percent=20", "--max-semi-space-size=8",
 * "--import", "tsx", "scripts/serve.ts"]`.
 */
export function startNodeArguments(cwd: string): string[] {
  const scripts = (
    JSON.parse(readFileSync(path.join(cwd, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  const match = /^exec node ((?:\S+ )*scripts\/serve\.ts)$/.exec(scripts.start ?? "");
  if (!match)
    throw new Error(`package.json's start script is not "exec node … scripts/serve.ts": ${scripts.start}`);
  return match[1]!.split(" ");
}

export async function startAppServer(
  env: Record<string, string | undefined>,
  options: {
    cwd?: string;
    readyPath?: string;
    timeoutMs?: number;
    port?: number;
    /** Start through `npm start`, as the README says (default: the same server, without npm in between). */
    viaNpm?: boolean;
  } = {},
): Promise<AppServer> {
  const cwd = options.cwd ?? process.cwd();
  const port = options.port ?? (await freePort());
  const childEnv: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env })) {
    if (value !== undefined) childEnv[name] = value;
  }
  childEnv.PORT = String(port);
  childEnv.HOSTNAME = "127.0.0.1";
  const [command, args] = options.viaNpm
    ? ["npm", ["start", "--silent"]]
    : [process.execPath, [...startNodeArguments(cwd).slice(0, -1), path.join(cwd, "scripts", "serve.ts")]];
  const child = spawn(command, args, {
    cwd,
    env: childEnv as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  running.add(child.pid!);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      killGroup(child.pid!);
      throw new Error(`app exited early (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    try {
      // A server that accepts connections but never answers must not hang the test.
      const response = await fetch(`${url}${options.readyPath ?? "/login"}`, {
        signal: AbortSignal.timeout(2_000),
      });
      if (response.ok) break;
    } catch {
      // not listening, or not answering, yet
    }
    if (Date.now() > deadline) {
      killGroup(child.pid!);
      throw new Error(`app did not answer within ${(options.timeoutMs ?? 60_000) / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    process: child,
    output: () => output,
    async postMortem(waitMs = 3_000) {
      const timer = new Promise<"running">((resolve) => setTimeout(() => resolve("running"), waitMs));
      const ended = await Promise.race([exited.then(() => "exited" as const), timer]);
      const how =
        ended === "running"
          ? "the app is still running"
          : `the app exited (${child.signalCode ? `signal ${child.signalCode}` : `code ${child.exitCode}`})`;
      return `${how}; its last output:\n${output.slice(-3_000)}`;
    },
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) {
        if (signal === "SIGKILL") killGroup(child.pid!);
        else child.kill(signal);
      }
      const timer = setTimeout(() => killGroup(child.pid!), 20_000);
      const code = await exited;
      clearTimeout(timer);
      running.delete(child.pid!);
      return code;
    },
  };
}
