import { spawn, type ChildProcessByStdio } from "node:child_process";
import net from "node:net";
import path from "node:path";
import type { Readable } from "node:stream";

// Runs the built app (`next start`) as a user would, with its own environment.

export interface AppServer {
  url: string;
  process: ChildProcessByStdio<null, Readable, Readable>;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startAppServer(env: Record<string, string | undefined>): Promise<AppServer> {
  const port = await freePort();
  const childEnv: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env })) {
    if (value !== undefined) childEnv[name] = value;
  }
  const child = spawn(
    path.join(process.cwd(), "node_modules", ".bin", "next"),
    ["start", "-p", String(port), "-H", "127.0.0.1"],
    {
      env: childEnv as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited early (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`app did not answer within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    process: child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null) return child.exitCode;
      child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
