import { randomUUID } from "node:crypto";
import { boundedCopy } from "../bounded-json.js";
import { argumentsFingerprint } from "../fingerprint.js";
import { agentLabel, cancelOutcome, label, requiredLabel } from "../labels.js";
import { LIMITS } from "../limits.js";
import { traceparentOf } from "../trace-context.js";
import { UNNAMED_SERVER } from "../server-report.js";
import type { CallReport } from "../types.js";
import { idKey, isRequest, isResponse, type RpcMessage } from "./messages.js";

// The requests a client sent through the proxy, paired with the server's answers by JSON-RPC id
// per channel (the stdio connection, an HTTP session or exchange), never by order. Direction
// decides what a message is: a request from the client is a call; a response from the server
// answers one; requests the server sends (sampling, elicitation, roots) and the client's
// answers to them are the client's business and are not calls. Every request is a call except
// `ping` (a keep-alive, not work); a method other than tools/call is reported with its method and
// kept out of the tool figures by Faultline, as for any sender.
//
// A call ends answered, cancelled (notifications/cancelled), or cut off: the server exited, the
// client went away, the HTTP exchange failed. What is held per call in flight is small (no
// arguments: their fingerprint is taken at once), and at most `maxPending` calls are held: past
// that, a new call is not recorded and is counted.

export interface Channel {
  sessionId: string;
  /** The protocol's own session id (Mcp-Session-Id, an HTTP+SSE endpoint's), which every route of the session sees. */
  mcpSessionId?: string;
  agent?: string;
  protocolVersion?: string;
  serverName?: string;
  initializeKey?: string;
  /** The server answered initialize: it started (a later exit is not a failed launch). */
  initialized?: boolean;
  pending: Map<string, Pending>;
}

export interface Pending {
  id: string;
  key: string;
  channel: Channel;
  method: string;
  tool?: string;
  started: number;
  argumentsHash?: string;
  /** The protocol version an HTTP request named in its header (stateless servers see no initialize). */
  headerVersion?: string;
  /** The client stopped waiting for this exchange (HTTP): said if it is never answered. */
  clientGone?: boolean;
  /** The request's JSON-RPC id, and the trace context it carried (params._meta.traceparent). */
  requestId?: string;
  traceparent?: string;
}

export interface Ending {
  at: number;
  response?: unknown;
  httpStatus?: number;
  transportError?: string;
  /** Why it was cut off, in words (Faultline shows it as the call's text). */
  reason?: string;
}

export interface CallBookOptions {
  /** Which route this proxy is: its reports say so. */
  route: "proxy-stdio" | "proxy-http";
  /** The server's name as the user gave it (--server); else the name the server announces. */
  server?: string;
  maxPending: number;
  emit(report: CallReport): void;
  /** A call seen but not recorded, and why. */
  untracked(reason: string): void;
}

export class CallBook {
  private readonly channels = new Map<string, Channel>();
  private pendingCount = 0;

  constructor(private readonly options: CallBookOptions) {}

  get pending(): number {
    return this.pendingCount;
  }

  /** The channel with this key (made on first use), whose calls share `sessionId`. */
  channel(key: string, sessionId: string): Channel {
    let channel = this.channels.get(key);
    if (!channel) {
      channel = { sessionId, pending: new Map() };
      this.channels.set(key, channel);
    }
    return channel;
  }

  /** Makes `key` another name of `channel` (an HTTP session learned from the initialize answer). */
  alias(key: string, channel: Channel): void {
    if (!this.channels.has(key)) this.channels.set(key, channel);
  }

  /** Forgets a channel's name (its calls, if any, stay in flight until they end). */
  release(key: string): void {
    this.channels.delete(key);
  }

  /** A message the client sent; returns the calls it started. */
  fromClient(channel: Channel, message: RpcMessage, at: number, headerVersion?: string): Pending[] {
    if (message.method === "notifications/cancelled") {
      this.cancelled(channel, message.params, at);
      return [];
    }
    if (!isRequest(message)) return [];
    const key = idKey(message.id)!;
    const method = label(message.method, 100);
    if (message.method === "initialize") {
      channel.initializeKey = key;
      channel.agent = agentLabel(message.params?.clientInfo) ?? channel.agent;
    }
    if (!method || method === "ping") return [];
    if (this.pendingCount >= this.options.maxPending) {
      this.options.untracked(
        `${this.options.maxPending} calls are in flight unanswered; a ${method} is not recorded`,
      );
      return [];
    }
    const previous = channel.pending.get(key);
    if (previous) {
      // A client that reuses the id of a call in flight: the answers cannot be told apart.
      this.forget(previous);
      this.options.untracked(
        "a client reused the JSON-RPC id of a call in flight; the earlier call is not recorded",
      );
    }
    const call: Pending = { id: randomUUID(), key, channel, method, started: at };
    const requestId = label(String(message.id), LIMITS.requestId);
    if (requestId) call.requestId = requestId;
    const traceparent = traceparentOf(message.params);
    if (traceparent) call.traceparent = traceparent;
    if (method === "tools/call") {
      call.tool = requiredLabel(message.params?.name, 200, "(no tool name)");
      const hash = argumentsFingerprint(message.params?.arguments);
      if (hash) call.argumentsHash = hash;
    }
    const version = label(headerVersion, 40);
    if (version) call.headerVersion = version;
    channel.pending.set(key, call);
    this.pendingCount += 1;
    return [call];
  }

  /**
   * The initialize the client must have sent to a server that died before it was read: a call
   * of its own, so that the failed launch is reported (its ending says why).
   */
  launchAttempt(channel: Channel, at: number): void {
    const key = "(launch)";
    const call: Pending = { id: randomUUID(), key, channel, method: "initialize", started: at };
    channel.pending.set(key, call);
    this.pendingCount += 1;
  }

  /** A message the server sent; returns true when it answered a call. */
  fromServer(channel: Channel, message: RpcMessage, at: number, httpStatus?: number): boolean {
    if (!isResponse(message)) return false;
    const key = idKey(message.id)!;
    if (key === channel.initializeKey) channel.initialized = true;
    if (key === channel.initializeKey && message.result) {
      const result = message.result as { protocolVersion?: unknown; serverInfo?: { name?: unknown } };
      channel.protocolVersion = label(result.protocolVersion, 40) ?? channel.protocolVersion;
      channel.serverName = label(result.serverInfo?.name, 200) ?? channel.serverName;
    }
    const call = channel.pending.get(key);
    if (!call) return false;
    this.end(call, { at, response: message, ...(httpStatus !== undefined ? { httpStatus } : {}) });
    return true;
  }

  /** A response too large to read: the call it answers is not recorded (rather than reported unanswered). */
  unreadAnswer(channel: Channel, key: string | undefined, bytes: number): void {
    const call = key === undefined ? undefined : channel.pending.get(key);
    if (call) this.forget(call);
    this.options.untracked(
      `an answer of ${bytes} bytes is larger than the proxy reads; its call is not recorded`,
    );
  }

  /** A client message too large to read: if it was a call, it is not recorded. */
  unreadRequest(bytes: number): void {
    this.options.untracked(
      `a client message of ${bytes} bytes is larger than the proxy reads; it is not recorded`,
    );
  }

  /**
   * Copies of the server's bytes were not handed over (the reporting side fell behind): the
   * answers of the calls in flight may have gone by unseen, so they are not recorded — rather
   * than reported, wrongly, as never answered when the session (or the stream) ends.
   */
  answersUnseen(inFlight: Iterable<Pending>): void {
    const calls = [...inFlight].filter((call) => call.channel.pending.get(call.key) === call);
    for (const call of calls) this.forget(call);
    if (calls.length > 0)
      this.options.untracked(
        `reporting fell behind the session; ${calls.length} call(s) in flight are not recorded`,
      );
  }

  /** Ends a call in flight (once: a call already ended is left alone). */
  end(call: Pending, ending: Ending): void {
    if (call.channel.pending.get(call.key) !== call) return;
    this.forget(call);
    this.options.emit(this.report(call, ending));
  }

  /** Ends every call in flight on `channel`, each as `ending` says. */
  endAll(channel: Channel, ending: (call: Pending) => Ending): void {
    for (const call of [...channel.pending.values()]) this.end(call, ending(call));
  }

  /** Ends every call in flight on every channel. */
  endEverything(ending: (call: Pending) => Ending): void {
    for (const channel of new Set(this.channels.values())) this.endAll(channel, ending);
  }

  private cancelled(channel: Channel, params: Record<string, unknown> | undefined, at: number): void {
    const key = idKey(params?.requestId);
    const call = key === undefined ? undefined : channel.pending.get(key);
    if (!call) return;
    const { transportError, reason } = cancelOutcome(params?.reason);
    this.end(call, { at, transportError, reason: reason ?? "the client cancelled the call" });
  }

  private forget(call: Pending): void {
    if (call.channel.pending.get(call.key) === call) {
      call.channel.pending.delete(call.key);
      this.pendingCount -= 1;
    }
  }

  private report(call: Pending, ending: Ending): CallReport {
    const channel = call.channel;
    const report: CallReport = {
      id: call.id,
      occurredAt: new Date(call.started).toISOString(),
      durationMs: Math.max(0, Math.round((ending.at - call.started) * 1000) / 1000),
      server: label(this.options.server, 200) ?? channel.serverName ?? UNNAMED_SERVER,
      method: call.method,
      sessionId: channel.sessionId,
      route: this.options.route,
    };
    if (call.requestId) report.requestId = call.requestId;
    if (call.traceparent) report.traceparent = call.traceparent;
    if (channel.mcpSessionId) report.mcpSessionId = channel.mcpSessionId;
    if (channel.serverName) report.serverInfoName = channel.serverName;
    if (call.tool !== undefined) report.tool = call.tool;
    if (channel.agent) report.agent = channel.agent;
    if (call.argumentsHash) report.argumentsHash = call.argumentsHash;
    const protocolVersion = channel.protocolVersion ?? call.headerVersion;
    if (protocolVersion) report.protocolVersion = protocolVersion;
    if (ending.httpStatus !== undefined) report.httpStatus = ending.httpStatus;
    if (ending.response !== undefined) report.response = boundedCopy(ending.response);
    else if (ending.transportError || ending.httpStatus === undefined)
      report.transportError = ending.transportError ?? "connection_closed";
    if (ending.reason) report.clientError = { message: ending.reason.slice(0, 10_000) };
    return report;
  }
}
