import { readlinkSync } from "node:fs";
import { constants, setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { createSender } from "../sender.js";
import { CallBook } from "./calls.js";
import { SecretMask } from "./header-secrets.js";
import { HttpReading } from "./http-reading.js";
import { StdioReading } from "./stdio-reading.js";
import type { TapEvent, WorkerMessage, WorkerSettings } from "./tap.js";

// The reporting side of faultline-proxy, in a thread of its own (tap.ts says why): reads the
// copies the relay posts, pairs calls with answers (calls.ts), and delivers them through the
// reporter's own sender — the same buffer, batching, retry and drop-with-count as every other
// sender in this package (outbox.ts). Problems are told to the relay once each (it writes them
// to stderr), never more than a few dozen in a session.

const settings = workerData as WorkerSettings;

/**
 * `--priority low`: this thread yields the CPU to everything else at normal priority — the
 * relay's thread, the client, the server. On a busy two-core machine reading and delivering the
 * copies beside a fast session added ~0.9 ms to a stdio call's p99; at the lowest priority it
 * adds nothing measurable (bench/proxy.ts). The price: when other work saturates the machine,
 * this thread falls behind a session of thousands of calls a second and drops calls, with a
 * count (`--priority normal` keeps up instead). On Linux a thread's id names that thread alone
 * to setpriority; elsewhere nothing is lowered.
 */
function yieldToEveryone(): void {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, constants.priority.PRIORITY_LOW);
  } catch {
    // No /proc/thread-self (not Linux): the thread keeps the process's priority.
  }
}
if (settings.lowPriority) yieldToEveryone();
const port = parentPort!;
const post = (message: WorkerMessage) => port.postMessage(message);

const told = new Set<string>();
function tell(message: string): void {
  const kind = message.replace(/\d+/g, "#");
  if (told.has(kind) || told.size >= 30) return;
  told.add(kind);
  post({ t: "log", message: message.replace(/^\[faultline reporter\] /, "") });
}

const sender = createSender({
  url: settings.url,
  key: settings.key,
  batchSize: 1000, // Faultline's most: fewer requests from a busy session
  onError: (error) => tell(error.message),
});
// HTTP: the values of the requests' headers (and query), masked in every call recorded.
const secrets = new SecretMask();
const book = new CallBook({
  route: settings.mode === "stdio" ? "proxy-stdio" : "proxy-http",
  server: settings.server,
  maxPending: settings.maxPending,
  emit: (report) => sender.record(secrets.report(report)),
  untracked: (reason) => sender.refuse(reason),
});
const reading =
  settings.mode === "stdio"
    ? new StdioReading(book, settings.maxLineBytes)
    : new HttpReading(book, settings.maxLineBytes, secrets);

/** Acknowledged in steps, not per chunk: the relay only needs to know the queue is moving. */
const ACK_STEP = 256 * 1024;
let unacked = 0;

port.on("message", (events: TapEvent[]) => {
  for (const event of events) {
    if (event.t === "close") return void close(event.at, event.drainMs);
    try {
      reading.read(event);
    } catch (error) {
      tell(`a message could not be read (${(error as Error).message})`);
    }
    if ("d" in event) unacked += event.d.byteLength;
  }
  if (unacked >= ACK_STEP) {
    post({ t: "ack", bytes: unacked });
    unacked = 0;
  }
});

async function close(at: number, drainMs: number): Promise<void> {
  try {
    reading.close(at);
  } catch (error) {
    tell(`the calls in flight could not be ended (${(error as Error).message})`);
  }
  await sender.close(drainMs, async () => {});
  const { pending, dropped } = sender.stats();
  if (pending > 0)
    tell(
      `${pending} call(s) lost: not delivered before exit (Faultline did not take them in time, and calls are kept in memory only)`,
    );
  else if (dropped > 0) tell(`${dropped} call(s) were not recorded or not delivered in this session`);
  post({ t: "done" });
}
