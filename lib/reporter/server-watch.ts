import { randomUUID } from "node:crypto";
import { quietly } from "./guest.js";
import { beforeEachCall } from "./hook.js";
import { agentLabel, attempt, cancelOutcome, headerValue, label, requiredLabel } from "./labels.js";
import { traceparentOf } from "./trace-context.js";

// Pairs each tools/call a server receives with the answer it sends, by JSON-RPC id on its own
// transport (never by order: concurrent calls interleave), from the transport's public face:
// - `onmessage` (wrapped where the server connects) sees each request as it arrives: a
//   tools/call starts the clock; `initialize` names the client; `notifications/cancelled`
//   ends a call the client gave up on (the SDK then never answers it);
// - `send` (wrapped) sees the answer: the original send is called first, and the call ends
//   with the message that answered it once that send has settled (a send that failed means
//   the client never got the answer);
// - `onclose` ends what is still in flight as connection_closed.
// Only references are kept while a call is in flight (the SDK holds the same objects); the
// copying and hashing happen later, off the response's path (server-report.ts). What is kept
// is bounded: at most `maxInFlight` calls across every transport watched.

export interface ServerIdentity {
  /** The server's own name, for a transport that saw no initialize (stateless HTTP). */
  fallbackName(): unknown;
  /** The client's name and version as the server recorded them (its public getClientVersion). */
  clientAgent(): string | undefined;
}

/** The part of an MCP transport that is watched (the SDK's Transport interface). */
export interface WatchableServerTransport {
  send(message: unknown, options?: unknown): Promise<void>;
  onmessage?: (message: unknown, extra?: unknown) => void;
  onclose?: () => void;
  sessionId?: string;
}

export interface TransportState {
  transport: WatchableServerTransport;
  server: ServerIdentity;
  /** One per connection, for transports without a session id (stdio). */
  sessionFallback: string;
  agent?: string;
  protocolVersion?: string;
  serverName?: string;
  initializeId?: string | number;
  calls: Map<string | number, Call>;
  /** Messages already observed (the SDK chains handlers: one message passes several wrappers). */
  seen: WeakSet<object>;
}

export interface Call {
  /** The report's id: stable, so a report sent twice is stored once. */
  id: string;
  rpcId: string | number;
  tool: string;
  started: number;
  ended?: number;
  /** The arguments as they arrived (a reference; fingerprinted later, never sent). */
  arguments: unknown;
  /** The protocol version the request's HTTP header named (stateless HTTP has no initialize). */
  headerVersion?: string;
  /** The trace context the request carried (params._meta.traceparent). */
  traceparent?: string;
  transport: TransportState;
  /** The message that answered the call (a reference until the report is built). */
  response?: unknown;
  /** Why no answer reached the client. */
  transportError?: "connection_closed" | "cancelled" | "timeout";
  /** The reason the client gave when it cancelled. */
  cancelReason?: string;
  /** What the tool (or the handler) threw, learned by wrapping it (server-thrown.ts). */
  thrown?: { error: unknown };
}

interface JsonRpcMessage {
  id?: unknown;
  method?: unknown;
  params?: {
    name?: unknown;
    arguments?: unknown;
    clientInfo?: unknown;
    _meta?: unknown;
    requestId?: unknown;
    reason?: unknown;
  };
  result?: { protocolVersion?: unknown; serverInfo?: { name?: unknown } };
  error?: unknown;
}

export class CallWatch {
  private readonly states = new WeakMap<object, TransportState>();
  private inFlight = 0;

  constructor(
    private readonly maxInFlight: number,
    /** Told of each call once it has ended (answered, cancelled or cut off). */
    private readonly ended: (call: Call) => void,
    /** Told of a call that is not tracked (over the bound), to count it. */
    private readonly untracked: (reason: string) => void,
  ) {}

  /** Watches a transport (once, whichever server or reporter asks again). Returns false if it cannot be. */
  watch(transport: WatchableServerTransport, server: ServerIdentity): boolean {
    if (typeof transport !== "object" || transport === null) return false;
    if (this.states.has(transport)) return true;
    const state: TransportState = {
      transport,
      server,
      sessionFallback: randomUUID(),
      calls: new Map(),
      seen: new WeakSet(),
    };
    const send = transport.send;
    if (typeof send !== "function") return false;
    const wrappedSend = (...args: unknown[]): unknown => {
      const call = attempt(() => this.outgoing(state, args[0] as JsonRpcMessage));
      if (!call) return send.apply(transport, args as [unknown, unknown]);
      let sent: unknown;
      try {
        sent = send.apply(transport, args as [unknown, unknown]);
      } catch (error) {
        this.end(call, false);
        throw error;
      }
      if (!isThenable(sent)) {
        this.end(call, true);
        return sent;
      }
      // A new promise that settles as the transport's did: the host's handling of a failed send
      // (or its lack of one) is unchanged, and the call ends once the answer was handed over.
      return Promise.resolve(sent).then(
        (value) => {
          this.end(call, true);
          return value;
        },
        (error: unknown) => {
          this.end(call, false);
          throw error;
        },
      );
    };
    try {
      (transport as { send: unknown }).send = wrappedSend;
    } catch {
      return false;
    }
    // Both or neither: without onclose, calls cut off would stay counted as in flight for ever.
    const watched =
      beforeEachCall(transport, "onclose", () => this.closed(state)) &&
      beforeEachCall(transport, "onmessage", (message, extra) => this.incoming(state, message, extra));
    if (!watched) {
      quietly(() => ((transport as { send: unknown }).send = send));
      return false;
    }
    this.states.set(transport, state);
    return true;
  }

  /** The call in flight with this JSON-RPC id on `transport`, if it is tracked. */
  callOn(transport: unknown, rpcId: unknown): Call | undefined {
    if (typeof transport !== "object" || transport === null) return undefined;
    if (typeof rpcId !== "string" && typeof rpcId !== "number") return undefined;
    return this.states.get(transport)?.calls.get(rpcId);
  }

  private incoming(state: TransportState, raw: unknown, extra: unknown): void {
    if (typeof raw !== "object" || raw === null || state.seen.has(raw)) return;
    state.seen.add(raw);
    const message = raw as JsonRpcMessage;
    const id = message.id;
    if (message.method === "notifications/cancelled") return this.cancelled(state, message.params);
    if (typeof id !== "string" && typeof id !== "number") return;
    if (message.method === "initialize") {
      state.initializeId = id;
      state.agent = agentLabel(message.params?.clientInfo) ?? state.agent;
      return;
    }
    if (message.method !== "tools/call") return;
    if (this.inFlight >= this.maxInFlight) {
      return this.untracked(`${this.maxInFlight} calls are in flight unanswered; this one is not recorded`);
    }
    const previous = state.calls.get(id);
    if (previous) {
      // A client that reuses the id of a call in flight: the answers cannot be told apart.
      this.forget(state, previous);
      this.untracked("a client reused the JSON-RPC id of a call in flight; the earlier call is not recorded");
    }
    const call: Call = {
      id: randomUUID(),
      rpcId: id,
      tool: requiredLabel(message.params?.name, 200, "(no tool name)"),
      started: Date.now(),
      arguments: message.params?.arguments,
      transport: state,
    };
    const version = headerValue(extra, "mcp-protocol-version");
    if (version) call.headerVersion = version;
    const traceparent = traceparentOf(message.params);
    if (traceparent) call.traceparent = traceparent;
    state.calls.set(id, call);
    this.inFlight += 1;
  }

  /** The call this message answers, taken out of flight; undefined for any other message. */
  private outgoing(state: TransportState, message: JsonRpcMessage): Call | undefined {
    if (typeof message !== "object" || message === null || message.method !== undefined) return undefined;
    const id = message.id;
    if (typeof id !== "string" && typeof id !== "number") return undefined;
    if (!("result" in message) && !("error" in message)) return undefined;
    if (id === state.initializeId && message.result) {
      state.protocolVersion = label(message.result.protocolVersion, 40) ?? state.protocolVersion;
      state.serverName = label(message.result.serverInfo?.name, 200) ?? state.serverName;
    }
    const call = state.calls.get(id);
    if (!call) return undefined;
    this.forget(state, call);
    call.ended = Date.now();
    call.response = message;
    return call;
  }

  private cancelled(state: TransportState, params: JsonRpcMessage["params"]): void {
    const requestId = params?.requestId;
    if (typeof requestId !== "string" && typeof requestId !== "number") return;
    const call = state.calls.get(requestId);
    if (!call) return;
    this.forget(state, call);
    const { transportError, reason } = cancelOutcome(params?.reason);
    call.transportError = transportError;
    if (reason) call.cancelReason = reason;
    this.end(call, false);
  }

  private closed(state: TransportState): void {
    const calls = [...state.calls.values()];
    for (const call of calls) {
      this.forget(state, call);
      call.transportError = "connection_closed";
      this.end(call, false);
    }
  }

  private forget(state: TransportState, call: Call): void {
    if (state.calls.get(call.rpcId) === call) {
      state.calls.delete(call.rpcId);
      this.inFlight -= 1;
    }
  }

  private end(call: Call, delivered: boolean): void {
    quietly(() => {
      call.ended ??= Date.now();
      if (!delivered && call.response !== undefined) {
        // The answer was computed but the transport could not hand it over.
        call.response = undefined;
        call.transportError ??= "connection_closed";
      }
      this.ended(call);
    });
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === "object" || typeof value === "function") &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}
