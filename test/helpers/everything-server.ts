import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort } from "./app-server";

// The public reference server @modelcontextprotocol/server-everything (nobody here wrote it),
// run as its users run it: over Streamable HTTP on a port, or over stdio.

export const EVERYTHING_ENTRY = path.join(
  process.cwd(),
  "node_modules",
  "@modelcontextprotocol",
  "server-everything",
  "dist",
  "index.js",
);

export interface EverythingServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function startEverythingHttp(port?: number): Promise<EverythingServer> {
  const chosen = port ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, [EVERYTHING_ENTRY, "streamableHttp"], {
    env: { ...process.env, PORT: String(chosen) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server-everything did not start:\n${output}`)), 15_000);
    const watch = (chunk: Buffer) => {
      output += chunk.toString();
      if (/listening on port/i.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", watch);
    child.stderr?.on("data", watch);
    child.once("exit", (code) => reject(new Error(`server-everything exited (${code}):\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${chosen}/mcp`,
    port: chosen,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGKILL");
      }),
  };
}
