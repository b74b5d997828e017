import { randomUUID } from "node:crypto";
import { boundedCopy, RESPONSE_BOUNDS } from "./bounded-json.js";
import { argumentsFingerprint } from "./fingerprint.js";
import { printable, quietly } from "./guest.js";
import { readBody } from "./read-body.js";
import { newTraceparent, traceparentOf, withTraceparent } from "./trace-context.js";
import type { CallReport } from "./types.js";

// Records each tools/call as it crosses the wire, paired with its own answer by JSON-RPC id
// (never by order: concurrent calls interleave).
//
// - The client's transport is watched: `send` sees each outgoing request and its id, and the
//   transport's `onmessage` sees the response that answers that id — an SSE event as it
//   arrives, a JSON body, a stdio line. No stream is ever awaited to its end.
// - The fetch given to a Streamable HTTP transport adds what only HTTP knows: the status, the
//   body when it was not JSON-RPC (a 401 page), the network error when nothing came back.
// - `callTool` is wrapped only to learn how the call ended for the host: resolved, or rejected
//   (a timeout, a refused connection, a result the client rejected against its outputSchema).
//   The SDK sends the request synchronously inside callTool, which is how a call and its
//   JSON-RPC id are bound.
// - Each tools/call carries W3C trace context in params._meta.traceparent (one is added when the
//   host gave none; trace-context.ts): with its JSON-RPC id it is how Faultline tells that the
//   proxy's, the server's or a span's report of the same request is this call.
// - What is kept per call is bounded whatever the server sends: the answering message as a
//   bounded copy (bounded-json.ts), a raw body up to 64 KiB read for at most a second from a
//   clone (the host's own copy of the response is untouched), the labels Faultline checks
//   (session id, protocol version) cut to what it accepts.

interface JsonRpcMessage {
  jsonrpc?: string;
  id?: string | number;
  method?: string;
  params?: { name?: unknown; protocolVersion?: unknown; requestId?: unknown; _meta?: unknown };
  result?: { protocolVersion?: unknown; serverInfo?: { name?: unknown } } & Record<string, unknown>;
  error?: unknown;
}

/** One call in flight. */
interface Pending {
  id: string;
  tool: string;
  /** A fingerprint of the arguments (never the arguments): how Faultline tells a repeat from a corrected call. */
  argumentsHash?: string;
  started: number;
  rpcId?: string | number;
  /** The trace context the request carried (params._meta.traceparent). */
  traceparent?: string;
  body?: string;
  transport?: TransportState;
  httpStatus?: number;
  /** The HTTP body, read when it was not JSON-RPC (bounded). */
  rawBody?: Promise<string | undefined>;
  transportError?: string;
  /** A bounded copy of the message that answered the call. */
  response?: unknown;
}

interface TransportState {
  sessionFallback: string;
  protocolVersion?: string;
  /** The name the server announced in its initialize answer. */
  serverInfoName?: string;
  sessionId: () => string | undefined;
  byRpcId: Map<string | number, Pending>;
}

/** The part of an MCP transport the recorder needs (the SDK's Transport interface). */
export interface WatchableTransport {
  send(message: unknown, options?: unknown): Promise<void>;
  onmessage?: (message: unknown, extra?: unknown) => void;
  onclose?: () => void;
  sessionId?: string;
}

/** The part of an MCP client the recorder needs (the SDK's Client). */
export interface InstrumentableClient {
  connect(transport: never, options?: never): Promise<void>;
  callTool(params: { name: string }, resultSchema?: never, options?: never): Promise<unknown>;
  readonly transport?: unknown;
}

const MAX_BODY_BYTES = RESPONSE_BOUNDS.maxChars;
const BODY_WAIT_MS = 1_000;
const WATCHED = Symbol.for("faultline.reporter.watched");

export class Recorder {
  /** The call whose callTool is running right now, synchronously (see the header). */
  private binding: Pending | undefined;
  /** Calls in flight by the exact request body the transport will POST. */
  private readonly byBody = new Map<string, Pending>();
  /** Reports being put together (a body may still be arriving). */
  private readonly building = new Set<Promise<void>>();

  constructor(
    private readonly base: typeof fetch,
    private readonly identity: { server: string; agent?: string },
    private readonly emit: (call: CallReport) => void,
    /** Add a traceparent to a tools/call that has none (the `traceContext` option, default on). */
    private readonly addTraceContext = true,
  ) {}

  /** The fetch to give to StreamableHTTPClientTransport. */
  readonly fetch: typeof fetch = async (input, init) => {
    const call = typeof init?.body === "string" ? this.byBody.get(init.body) : undefined;
    if (!call) return this.base(input, init);
    let response: Response;
    try {
      response = await this.base(input, init);
    } catch (error) {
      quietly(() => (call.transportError = networkCode(error)));
      throw error;
    }
    quietly(() => {
      call.httpStatus = response.status;
      // A redirect followed within the origin posts again: only the last response's body counts.
      call.rawBody = undefined;
      const type = response.headers.get("content-type") ?? "";
      if (!response.ok || !/json|event-stream/i.test(type)) call.rawBody = readPrefix(response.clone());
    });
    return response;
  };

  instrument<C extends InstrumentableClient>(client: C): C {
    const target = client as unknown as {
      connect: (transport: WatchableTransport, options?: unknown) => Promise<void>;
      callTool: (params: { name: string }, schema?: unknown, options?: unknown) => Promise<unknown>;
      transport?: WatchableTransport;
    };
    if (target.transport) this.watch(target.transport);
    const connect = target.connect.bind(client);
    target.connect = (transport, options) => {
      this.watch(transport);
      return connect(transport, options);
    };
    const callTool = target.callTool.bind(client);
    target.callTool = (params, schema, options) => {
      const call: Pending = {
        id: randomUUID(),
        tool: String(params?.name ?? ""),
        started: Date.now(),
        argumentsHash: attempt(() => argumentsFingerprint((params as { arguments?: unknown })?.arguments)),
      };
      let promise: Promise<unknown>;
      this.binding = call;
      try {
        promise = callTool(params, schema, options);
      } catch (error) {
        this.settle(call, error);
        throw error;
      } finally {
        this.binding = undefined;
      }
      return promise.then(
        (result) => {
          this.settle(call, undefined);
          return result;
        },
        (error: unknown) => {
          this.settle(call, error);
          throw error;
        },
      );
    };
    return client;
  }

  private watch(transport: WatchableTransport): void {
    const marked = transport as WatchableTransport & { [WATCHED]?: true };
    if (marked[WATCHED]) return;
    marked[WATCHED] = true;
    const state: TransportState = {
      sessionFallback: randomUUID(),
      sessionId: () => transport.sessionId,
      byRpcId: new Map(),
    };
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      let sent = message;
      quietly(() => (sent = this.outgoing(state, message as JsonRpcMessage)));
      return send(sent, options);
    };
    // The client assigns onmessage/onclose when it connects, and chains whatever it read there
    // before. Each read hands out a wrapper bound to the handler of that moment, so a chain of
    // wrappers never calls back into itself; each message is observed once.
    const seen = new WeakSet<object>();
    let onmessage = transport.onmessage;
    let onclose = transport.onclose;
    Object.defineProperty(transport, "onmessage", {
      configurable: true,
      enumerable: true,
      get: () => {
        const handler = onmessage;
        return (message: unknown, extra?: unknown) => {
          if (typeof message === "object" && message !== null && !seen.has(message)) {
            seen.add(message);
            quietly(() => this.incoming(state, message as JsonRpcMessage));
          }
          handler?.(message, extra);
        };
      },
      set: (handler) => (onmessage = handler),
    });
    Object.defineProperty(transport, "onclose", {
      configurable: true,
      enumerable: true,
      get: () => {
        const handler = onclose;
        return () => {
          quietly(() => this.closed(state));
          handler?.();
        };
      },
      set: (handler) => (onclose = handler),
    });
  }

  /** Notes a tools/call going out; returns the message to send (with its trace context). */
  private outgoing(state: TransportState, message: JsonRpcMessage): JsonRpcMessage {
    if (message.method !== "tools/call" || message.id === undefined || !this.binding) return message;
    const call = this.binding;
    this.binding = undefined;
    const carried = traceparentOf(message.params);
    const sent = carried || !this.addTraceContext ? message : withTraceparent(message, newTraceparent());
    call.rpcId = message.id;
    call.transport = state;
    call.traceparent = carried ?? traceparentOf(sent.params);
    // The Streamable HTTP transport POSTs exactly JSON.stringify(message): that is how fetch finds the call.
    call.body = JSON.stringify(sent);
    state.byRpcId.set(message.id, call);
    this.byBody.set(call.body, call);
    return sent;
  }

  private incoming(state: TransportState, message: JsonRpcMessage): void {
    if (message.id === undefined || message.method !== undefined) return; // requests and notifications
    if (typeof message.result?.protocolVersion === "string") {
      state.protocolVersion = label(message.result.protocolVersion, 40);
      const name = message.result.serverInfo?.name;
      if (typeof name === "string") state.serverInfoName = label(name, 200) ?? state.serverInfoName;
    }
    const call = state.byRpcId.get(message.id);
    // A copy within bounds, taken now: the host may hold the SDK's message as long as it likes,
    // the reporter holds no more than this until the call is delivered.
    if (call && ("result" in message || "error" in message)) call.response = boundedCopy(message);
  }

  private closed(state: TransportState): void {
    for (const call of state.byRpcId.values()) {
      if (!call.response) call.transportError ??= "connection_closed";
    }
  }

  private settle(call: Pending, error: unknown): void {
    const finished = Date.now();
    if (call.transport && call.rpcId !== undefined) call.transport.byRpcId.delete(call.rpcId);
    if (call.body) this.byBody.delete(call.body);
    const building: Promise<void> = this.build(call, finished, error).then(
      (report) => quietly(() => report && this.emit(report)),
      () => {},
    );
    this.building.add(building);
    void building.finally(() => this.building.delete(building));
  }

  /** Resolves once every call that has ended is reported. */
  async settled(): Promise<void> {
    await Promise.all([...this.building]);
  }

  private async build(call: Pending, finished: number, error: unknown): Promise<CallReport | undefined> {
    const body = await call.rawBody; // read for BODY_WAIT_MS at most
    const state = call.transport;
    const sessionId = label(
      attempt(() => state?.sessionId()),
      200,
    );
    const report: CallReport = {
      id: call.id,
      occurredAt: new Date(call.started).toISOString(),
      durationMs: finished - call.started,
      server: this.identity.server,
      tool: call.tool,
      method: "tools/call",
      sessionId: sessionId ?? state?.sessionFallback ?? "unbound",
      route: "reporter",
    };
    if (call.rpcId !== undefined) report.requestId = String(call.rpcId);
    if (call.traceparent) report.traceparent = call.traceparent;
    if (sessionId) report.mcpSessionId = sessionId;
    if (state?.serverInfoName) report.serverInfoName = state.serverInfoName;
    if (this.identity.agent) report.agent = this.identity.agent;
    if (call.argumentsHash) report.argumentsHash = call.argumentsHash;
    if (state?.protocolVersion) report.protocolVersion = state.protocolVersion;
    if (call.httpStatus !== undefined) report.httpStatus = call.httpStatus;
    if (call.response) report.response = call.response;
    else if (body !== undefined && body !== "") report.response = body;
    else if (call.transportError) report.transportError = call.transportError;
    if (error !== undefined)
      report.clientError = attempt(() => describeError(error)) ?? {
        message: "(an error that could not be read)",
      };
    return report;
  }
}

/** What `read` gives, or undefined if it throws (a getter of the host's, an error whose toString throws). */
function attempt<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

function describeError(error: unknown): NonNullable<CallReport["clientError"]> {
  const value = (error ?? {}) as {
    name?: unknown;
    code?: unknown;
    message?: unknown;
    cause?: { code?: unknown };
  };
  const code = typeof value.code === "string" || typeof value.code === "number" ? value.code : undefined;
  const causeCode = typeof value.cause?.code === "string" ? value.cause.code : undefined;
  const chosen = code ?? causeCode;
  return {
    name: typeof value.name === "string" ? value.name.slice(0, 200) : "Error",
    ...(chosen !== undefined && (typeof chosen === "number" || chosen.length <= 100) ? { code: chosen } : {}),
    // The SDK puts a whole error page into its message: only the beginning is kept.
    message: (typeof value.message === "string" ? value.message : String(error)).slice(0, 10_000),
  };
}

/**
 * A label the server chose (its session id, its protocol version) as Faultline accepts one: no
 * control characters, at most `max` characters — or none, rather than a call Faultline refuses.
 */
function label(value: string | undefined, max: number): string | undefined {
  if (typeof value !== "string" || value === "") return undefined;
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  return value.length > max ? value.slice(0, max) : value;
}

/** ECONNREFUSED, ENOTFOUND… from a fetch failure (undici puts it in `cause`). */
function networkCode(error: unknown): string {
  const value = error as { code?: unknown; cause?: { code?: unknown; name?: unknown }; name?: unknown };
  const code = value.cause?.code ?? value.code;
  if (typeof code === "string" && code) return printable(code, 100);
  if (value.name === "AbortError" || value.name === "TimeoutError") return "timeout";
  return "fetch_failed";
}

/** The beginning of a body that is not JSON-RPC (a proxy's error page), from a clone: bounded in size and time. */
async function readPrefix(response: Response): Promise<string | undefined> {
  try {
    const read = await readBody(response, MAX_BODY_BYTES, Date.now() + BODY_WAIT_MS);
    // Bounded as a serialized string: 64 KiB of control bytes would serialize six times larger.
    return boundedCopy(new TextDecoder().decode(read.bytes)) as string;
  } catch {
    return undefined; // a call that never settles would leave a rejection nobody handles
  }
}
