import { quietly, tell } from "./guest.js";
import { agentLabel, attempt } from "./labels.js";
import { createSender } from "./sender.js";
import { buildReport } from "./server-report.js";
import { watchRequestHandlers, watchToolCallbacks, type NoteThrown } from "./server-thrown.js";
import { CallWatch, type Call, type ServerIdentity, type WatchableServerTransport } from "./server-watch.js";
import type { ReporterStats, ServerReporterOptions } from "./types.js";

// Faultline's instrumentation for MCP servers written with @modelcontextprotocol/sdk: each tool
// call reported as the server saw it, without touching the tools' code.
//
//   const server = new McpServer({ name: "crm", version: "1.0.0" });
//   server.registerTool("lookup_lead", { … }, async ({ id }) => { … });
//   const faultline = instrumentServer(server, { url, key });   // before or after tools, connect
//   await server.connect(new StdioServerTransport());
//   …
//   await faultline.close();                                     // flushes, within 5 s
//
// A server made per session or per request (Streamable HTTP) shares one reporter:
//
//   const faultline = createServerReporter({ url, key });
//   app.post("/mcp", async (req, res) => { const server = faultline.instrument(makeServer()); … });
//
// It is a guest in the server's process (the manners in ./guest.ts): nothing is thrown into the server,
// nothing the client receives changes, no answer waits for it (reports are put together after
// the answer was handed to the transport, and sent in background batches by the reporter's
// outbox), and what it keeps is bounded. The SDK is not imported: servers are recognised by
// their shape (duck typing), so the package stays without dependencies.

export type { ServerReporterOptions } from "./types.js";

export interface ServerReporter {
  /**
   * Watches an McpServer or a low-level Server (before or after its tools are registered, before or
   * after it connects); returns it. A server already watched — by this reporter or another — is left as it is.
   */
  instrument<S extends object>(server: S): S;
  /** Sends what is buffered now (a retry that is not due yet waits). Never rejects. */
  flush(): Promise<void>;
  /** Stops the timer and sends what is buffered, for up to `timeoutMs` (default 5,000). Never rejects. */
  close(timeoutMs?: number): Promise<void>;
  stats(): ReporterStats;
}

/** The shapes recognised: an McpServer (it has `registerTool` and a `server`) or a Server (Protocol). */
interface ServerLike {
  connect: (transport: unknown, ...rest: unknown[]) => Promise<void>;
  setRequestHandler: (...args: unknown[]) => unknown;
  readonly transport?: unknown;
  getClientVersion?: () => unknown;
  _serverInfo?: { name?: unknown };
}
interface McpServerLike {
  server: ServerLike;
  registerTool: (...args: unknown[]) => unknown;
}

const INSTRUMENTED = Symbol.for("faultline.reporter.server");
const DEFAULT_MAX_IN_FLIGHT = 10_000;

/**
 * Reports every tool call `server` (an McpServer or a Server) answers; returns the reporter, to
 * close at shutdown. `options` may be a reporter already made (servers made per session share one).
 * Called again for a server already instrumented, it returns that server's reporter and changes nothing.
 */
export function instrumentServer(
  server: object,
  options: ServerReporterOptions | ServerReporter,
): ServerReporter {
  const existing = attempt(() => instrumentedBy(server) ?? instrumentedBy(asMcpServer(server)?.server ?? {}));
  if (existing) return existing;
  const reporter = isServerReporter(options) ? options : createServerReporter(options);
  reporter.instrument(server);
  return reporter;
}

/** A reporter for MCP servers, to `instrument` each (one per session, per request, or the only one). */
export function createServerReporter(options: ServerReporterOptions): ServerReporter {
  const sender = createSender(options);
  const onError = options.onError ?? (() => {});
  const fixed = { server: options.server, agent: options.agent };
  const building = new Set<Promise<void>>();
  // Off the response's path: the report is put together once the answer has been handed to the
  // transport and the SDK's own continuations have run (setImmediate comes after them).
  const ended = (call: Call) => {
    const built = new Promise<void>((resolve) =>
      setImmediate(() => {
        quietly(() => sender.record(buildReport(call, fixed)));
        building.delete(built);
        resolve();
      }),
    );
    building.add(built);
  };
  const maxInFlight = positive(options.maxInFlight, DEFAULT_MAX_IN_FLIGHT);
  const watch = new CallWatch(maxInFlight, ended, (reason) => sender.refuse(reason));

  const reporter: ServerReporter = {
    instrument(server) {
      quietly(() =>
        watchServer(server, reporter, watch, (problem) => tell(onError, `instrument: ${problem}`)),
      );
      return server;
    },
    flush: () => sender.flush(),
    close: (timeoutMs = 5_000) => sender.close(timeoutMs, () => Promise.all([...building]).then(() => {})),
    stats: () => sender.stats(),
  };
  return reporter;
}

/** Watches `target`, telling `say` what could not be watched. */
function watchServer(
  target: object,
  reporter: ServerReporter,
  watch: CallWatch,
  say: (problem: string) => void,
): void {
  if (typeof target !== "object" || target === null) return say("not an MCP server; nothing is recorded");
  if (instrumentedBy(target)) return;
  const mcp = asMcpServer(target);
  const server = mcp ? mcp.server : asServer(target);
  if (!server) return say("neither an McpServer nor a Server; nothing is recorded");
  if (instrumentedBy(server)) return;
  mark(target, reporter);
  mark(server, reporter);

  const identity: ServerIdentity = {
    // Protocol keeps the serverInfo it was made with in a private field: only a fallback.
    fallbackName: () => attempt(() => server._serverInfo?.name),
    clientAgent: () => agentLabel(attempt(() => server.getClientVersion?.())),
  };
  const watchTransport = (transport: unknown) => {
    if (!watch.watch(transport as WatchableServerTransport, identity))
      say("a transport could not be watched; its calls are not recorded");
  };
  const connect = server.connect;
  try {
    server.connect = function (this: unknown, transport: unknown, ...rest: unknown[]) {
      quietly(() => watchTransport(transport));
      return connect.call(this, transport, ...rest);
    };
  } catch {
    say("the server's connect could not be wrapped; only its current transport is watched");
  }
  const current = attempt(() => server.transport);
  if (current) watchTransport(current);

  // A throw is noted against the call in flight with that id on the server's transport of the moment.
  const note: NoteThrown = (extra, error) => {
    const requestId = (extra as { requestId?: unknown } | undefined)?.requestId;
    const call = watch.callOn(
      attempt(() => server.transport),
      requestId,
    );
    if (call) call.thrown = { error };
  };
  const reached = mcp ? watchToolCallbacks(mcp, note) : watchRequestHandlers(server, note);
  if (!reached)
    say(
      "handlers registered before instrumenting were not reached: their exceptions' classes are not recorded",
    );
}

function asMcpServer(target: object): McpServerLike | undefined {
  const value = target as Partial<McpServerLike>;
  const inner = attempt(() => value.server);
  return typeof attempt(() => value.registerTool) === "function" && inner && asServer(inner)
    ? (target as McpServerLike)
    : undefined;
}

function asServer(target: object): ServerLike | undefined {
  const value = target as Partial<ServerLike>;
  return typeof attempt(() => value.connect) === "function" &&
    typeof attempt(() => value.setRequestHandler) === "function"
    ? (target as ServerLike)
    : undefined;
}

function instrumentedBy(target: object): ServerReporter | undefined {
  return attempt(() => (target as { [INSTRUMENTED]?: ServerReporter })[INSTRUMENTED]);
}

function mark(target: object, reporter: ServerReporter): void {
  quietly(() =>
    Object.defineProperty(target, INSTRUMENTED, { value: reporter, configurable: true, enumerable: false }),
  );
}

function isServerReporter(value: ServerReporterOptions | ServerReporter): value is ServerReporter {
  return (
    typeof (value as ServerReporter).instrument === "function" &&
    typeof (value as ServerReporter).close === "function"
  );
}

function positive(value: number | undefined, fallback: number): number {
  return typeof value === "number" && value >= 1 ? Math.floor(value) : fallback;
}
