import { spawn } from "node:child_process";
import os from "node:os";
import { now, type Tap } from "./tap.js";

// faultline-proxy over stdio: starts the server as the client's config said, and relays both
// directions byte for byte. Each chunk is written on before anything else happens to it; the
// reporting side gets a copy afterwards (tap.ts). The server's stderr is the proxy's own (the
// client's log gets exactly what the server wrote), signals the proxy receives go to the
// server, and the proxy exits as the server did: its code, or its signal.

export interface StdioOptions {
  command: string;
  args: string[];
  /** The reporting side, or none (no URL/key: a plain relay). */
  tap?: Tap;
  drainMs: number;
  log(message: string): void;
}

const FORWARDED: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2"];

export function relayStdio(options: StdioOptions): void {
  const { tap } = options;
  const child = spawn(options.command, options.args, {
    stdio: ["pipe", "pipe", "inherit"],
    // A Windows config names `npx`, which is npx.cmd: only a shell finds it.
    shell: process.platform === "win32",
    windowsHide: true,
  });
  const input = process.stdin;
  const output = process.stdout;

  input.on("data", (chunk: Buffer) => {
    if (!child.stdin.destroyed && !child.stdin.write(chunk)) {
      input.pause();
      child.stdin.once("drain", () => input.resume());
    }
    tap?.chunk(
      "c",
      chunk,
      (d) => ({ t: "c", d, at: now() }),
      () => ({ t: "gap", dir: "c" }),
    );
  });
  input.on("end", () => {
    child.stdin.end();
    tap?.event({ t: "client-end", at: now() });
  });
  // Writes to a server that has gone fail with EPIPE: its exit is what counts, not this.
  child.stdin.on("error", () => {});
  input.on("error", () => {});

  child.stdout.on("data", (chunk: Buffer) => {
    if (!output.write(chunk)) {
      child.stdout.pause();
      output.once("drain", () => child.stdout.resume());
    }
    tap?.chunk(
      "s",
      chunk,
      (d) => ({ t: "s", d, at: now() }),
      () => ({ t: "gap", dir: "s" }),
    );
  });
  // The client stopped reading (it went away): the server's answers have nowhere to go.
  output.on("error", () => {});

  const handlers = FORWARDED.map((signal) => {
    const handler = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    process.on(signal, handler);
    return [signal, handler] as const;
  });

  child.once("error", (error: NodeJS.ErrnoException) => {
    options.log(`could not start ${JSON.stringify(options.command)}: ${error.code ?? error.message}`);
    void finish(error.code === "ENOENT" ? 127 : 126, null);
  });
  // "close", not "exit": the server's last output has been relayed by then.
  child.once("close", (code, signal) => {
    tap?.event({ t: "server-exit", at: now(), code, signal });
    void finish(code, signal);
  });

  let finishing = false;
  async function finish(code: number | null, signal: NodeJS.Signals | null): Promise<void> {
    if (finishing) return;
    finishing = true;
    input.pause();
    input.removeAllListeners("data");
    await tap?.close(options.drainMs);
    for (const [name, handler] of handlers) process.off(name, handler);
    await Promise.race([
      new Promise<void>((resolve) =>
        output.writableLength === 0 ? resolve() : output.once("drain", resolve),
      ),
      new Promise<void>((resolve) => setTimeout(resolve, 1_000).unref()),
    ]);
    if (!signal) return process.exit(code ?? 1);
    // Exit as the server did: by the same signal (a parent reads it in the wait status); the
    // shell's 128 + n if it does not end the proxy (SIGUSR1 would start Node's inspector).
    if (signal !== "SIGUSR1") process.kill(process.pid, signal);
    setTimeout(() => process.exit(128 + (os.constants.signals[signal] ?? 0)), 200);
  }
}
