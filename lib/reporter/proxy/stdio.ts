import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import os from "node:os";
import { serverEnvironment } from "./child-env.js";
import { TraceContextLines } from "./trace-inject.js";
import { now, type Tap } from "./tap.js";

// faultline-proxy over stdio: starts the server as the client's config said, and relays both
// directions byte for byte. Each chunk is written on before anything else happens to it; the
// reporting side gets a copy afterwards (tap.ts). The server's stderr is written on to the
// proxy's own as it comes (the client's log gets exactly what the server wrote); its last
// kilobyte is kept, so a server that dies before it answers says why ("sh: 1: x: not found").
// The server gets the client's environment without what launching the proxy added
// (child-env.ts). Signals the proxy receives go to the server, and the proxy exits as the
// server did: its code, or its signal.

export interface StdioOptions {
  command: string;
  args: string[];
  /** The reporting side, or none (no URL/key: a plain relay). */
  tap?: Tap;
  /** --trace-context: give each tools/call without trace context one (changes those requests' bytes). */
  traceContext?: { maxLine: number };
  drainMs: number;
  log(message: string): void;
}

/** The end of the server's stderr kept for a launch failure's text. */
const STDERR_TAIL_BYTES = 1024;
/** After the server exits, how long a grandchild may hold its stderr open before the proxy stops reading it. */
const STDERR_GRACE_MS = 500;

const FORWARDED: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2"];

export function relayStdio(options: StdioOptions): void {
  const { tap } = options;
  const child = spawn(options.command, options.args, {
    stdio: ["pipe", "pipe", "pipe"],
    env: serverEnvironment(process.env) as NodeJS.ProcessEnv,
    // A Windows config names `npx`, which is npx.cmd: only a shell finds it.
    shell: process.platform === "win32",
    windowsHide: true,
  });
  const input = process.stdin;
  const output = process.stdout;

  const injector = options.traceContext ? new TraceContextLines(options.traceContext.maxLine) : undefined;
  const toServer = (chunk: Buffer) => {
    if (chunk.length === 0) return;
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
  };
  input.on("data", (chunk: Buffer) => toServer(injector ? injector.push(chunk) : chunk));
  input.on("end", () => {
    if (injector) toServer(injector.end());
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

  // Written on asynchronously, with back-pressure: a client that does not read its server's
  // stderr stalls the server's writes, as it would without the proxy — never the relay's thread
  // (process.stderr writes to a pipe synchronously).
  const errors = createWriteStream("/dev/stderr", { fd: 2, autoClose: false });
  errors.on("error", () => {});
  child.stderr.pipe(errors, { end: false });
  let stderrTail = Buffer.alloc(0);
  child.stderr.on("data", (chunk: Buffer) => {
    stderrTail = Buffer.concat([stderrTail, chunk]).subarray(-STDERR_TAIL_BYTES);
  });
  child.stderr.on("error", () => {});
  // A grandchild that keeps the server's stderr open must not keep the proxy waiting for "close".
  child.once("exit", () => setTimeout(() => child.stderr.destroy(), STDERR_GRACE_MS).unref());
  const lastWords = () => {
    const text = stderrTail.toString("utf8");
    // A tail that was cut starts with half a line (and maybe half a character): it goes.
    return stderrTail.length < STDERR_TAIL_BYTES ? text : text.slice(text.indexOf("\n") + 1);
  };

  const handlers = FORWARDED.map((signal) => {
    const handler = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    process.on(signal, handler);
    return [signal, handler] as const;
  });

  child.once("error", (error: NodeJS.ErrnoException) => {
    options.log(`could not start ${JSON.stringify(options.command)}: ${error.code ?? error.message}`);
    // As a shell says it: 127 when the command is not found, 126 when it cannot be run.
    const code = error.code === "ENOENT" ? 127 : 126;
    const stderr = `${options.command}: ${error.code ?? error.message}`;
    tap?.event({ t: "server-exit", at: now(), code, signal: null, stderr });
    void finish(code, null);
  });
  // "close", not "exit": the server's last output has been relayed by then.
  child.once("close", (code, signal) => {
    tap?.event({ t: "server-exit", at: now(), code, signal, stderr: lastWords() });
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
      Promise.all(
        [output, errors].map(
          (stream) =>
            new Promise<void>((resolve) =>
              stream.writableLength === 0 ? resolve() : stream.once("drain", resolve),
            ),
        ),
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
