import { randomUUID } from "node:crypto";
import zlib from "node:zlib";
import { boundedCopy, RESPONSE_BOUNDS } from "../bounded-json.js";
import { label } from "../labels.js";
import type { CallBook, Channel, Pending } from "./calls.js";
import { SseFramer, type SseEvent } from "./framing.js";
import type { SecretMask } from "./header-secrets.js";
import { idAtEdges, messagesIn, parseJson } from "./messages.js";
import type { TapEvent } from "./tap.js";

// HTTP exchanges as the reporting side reads them, for both remote transports:
// - Streamable HTTP: a POST carries a message or a batch; the answers come back in its JSON
//   body or its SSE stream, or (after a reconnect, Last-Event-ID) on a GET stream of the same
//   session. Calls are paired per session (Mcp-Session-Id), or per exchange when the server
//   keeps none; the initialize exchange names the session in its answer's header.
// - HTTP+SSE (2024-11-05): a GET stream's first event names the endpoint the client POSTs to
//   (answered 202), and the answers arrive on that stream: the endpoint is the channel.
// What only HTTP knows becomes the call's outcome: a status that is not 2xx (with the body's
// beginning), an upstream that could not be reached or did not answer in time (the proxy's
// own 502/504 are not recorded as the server's status), the client going away.
// Headers reach this side only as the few named in tap.ts and, for every other one, its value to
// be masked wherever it appears in a report (header-secrets.ts): Authorization, cookies and API
// keys are never recorded, even when the upstream echoes them.

interface Exchange {
  method: string;
  path: string;
  version?: string;
  channel: Channel;
  /** The channel's name when it belongs to this exchange alone (a server that keeps no session). */
  ownKey?: string;
  request: Body;
  calls: Pending[];
  status?: number;
  response?: Body;
  sse?: SseFramer;
  decoder?: zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress;
  /** An HTTP+SSE stream: the endpoint it named is its channel. */
  endpointKey?: string;
  /** When the request arrived (its calls' clock starts here). */
  began: number;
  /** When the latest bytes of the answer arrived. */
  at: number;
}

interface Body {
  parts: Buffer[];
  bytes: number;
  /** Over the bound, or a gap: not read. */
  unread: boolean;
}

const MAX_SESSIONS = 10_000;
const RAW_BODY_BYTES = RESPONSE_BOUNDS.maxChars;

export class HttpReading {
  private readonly exchanges = new Map<number, Exchange>();
  /** Session and endpoint channels by name, oldest first (to forget the oldest idle one). */
  private readonly sessions = new Map<string, Channel>();
  /** For a server that keeps no session: one per proxy run, so one client's calls read as one session. */
  private readonly runSession = randomUUID();

  constructor(
    private readonly book: CallBook,
    private readonly maxBody: number,
    /** Where the requests' secret header values go, for the worker to mask them in every report. */
    private readonly secrets: SecretMask,
  ) {}

  read(event: TapEvent): void {
    if (event.t === "req") return this.begin(event);
    if (!("x" in event)) return;
    const exchange = this.exchanges.get(event.x);
    if (!exchange) return;
    switch (event.t) {
      case "req-data":
        return collect(exchange.request, event.d, this.maxBody);
      case "req-end":
        return this.requestRead(exchange);
      case "res":
        return this.answered(exchange, event);
      case "res-data":
        exchange.at = event.at;
        if (exchange.decoder) return void exchange.decoder.write(event.d);
        return this.responseBytes(
          exchange,
          Buffer.from(event.d.buffer, event.d.byteOffset, event.d.byteLength),
        );
      case "res-end":
        if (exchange.decoder) return void exchange.decoder.end(() => this.responseEnded(event.x, event.at));
        return this.responseEnded(event.x, event.at);
      case "x-gap":
        if (event.part === "req") exchange.request.unread = true;
        else if (exchange.sse) {
          // Answers on the stream may have gone by unseen: its calls (an HTTP+SSE stream: the
          // whole session's) are counted, not reported as unanswered when it ends.
          exchange.sse.gap();
          this.book.answersUnseen(exchange.endpointKey ? exchange.channel.pending.values() : exchange.calls);
        } else if (exchange.response) exchange.response.unread = true;
        return;
      case "fail":
        return this.failed(event.x, exchange, event.at, event.code);
      case "gone":
        return this.gone(event.x, exchange, event.at);
      default:
        return;
    }
  }

  close(at: number): void {
    this.book.endEverything((call) => ({
      at,
      transportError: "connection_closed",
      reason: call.clientGone
        ? "the client went away before the server answered"
        : "the proxy stopped before the server answered",
    }));
  }

  private begin(event: Extract<TapEvent, { t: "req" }>): void {
    if (event.secrets) this.secrets.add(event.secrets);
    const session = label(event.session, 200);
    let channel: Channel | undefined;
    let ownKey: string | undefined;
    if (session) channel = this.session(`session:${session}`, session, session);
    else channel = this.sessions.get(`endpoint:${event.path}`);
    if (!channel) {
      ownKey = `x:${event.x}`;
      channel = this.book.channel(ownKey, this.runSession);
    }
    this.exchanges.set(event.x, {
      method: event.method,
      path: event.path,
      ...(event.version ? { version: event.version } : {}),
      channel,
      ...(ownKey ? { ownKey } : {}),
      request: { parts: [], bytes: 0, unread: false },
      calls: [],
      began: event.at,
      at: event.at,
    });
  }

  private requestRead(exchange: Exchange): void {
    const body = exchange.request;
    if (exchange.method !== "POST" || body.bytes === 0) return;
    if (body.unread) return this.book.unreadRequest(body.bytes);
    const messages = messagesIn(parseJson(Buffer.concat(body.parts).toString("utf8")));
    body.parts = [];
    for (const message of messages)
      exchange.calls.push(
        ...this.book.fromClient(exchange.channel, message, exchange.began, exchange.version),
      );
  }

  private answered(exchange: Exchange, event: Extract<TapEvent, { t: "res" }>): void {
    exchange.status = event.status;
    exchange.at = event.at;
    const session = label(event.session, 200);
    // The initialize exchange: the server named the session in its answer.
    if (session && exchange.ownKey) {
      exchange.channel.sessionId = session;
      exchange.channel.mcpSessionId = session;
      this.remember(`session:${session}`, exchange.channel);
    }
    if (exchange.method === "DELETE" && event.status >= 200 && event.status < 300) {
      this.book.endAll(exchange.channel, () => ({
        at: event.at,
        transportError: "connection_closed",
        reason: "the client ended the session before the server answered",
      }));
    }
    const ok = event.status >= 200 && event.status < 300;
    if (ok && /^text\/event-stream/i.test(event.type)) {
      exchange.sse = new SseFramer(
        this.maxBody,
        (sse) => this.sseEvent(exchange, sse),
        (skipped) =>
          this.book.unreadAnswer(
            exchange.channel,
            idAtEdges(skipped.head, skipped.tail, skipped.cut),
            skipped.bytes,
          ),
      );
    } else {
      exchange.response = { parts: [], bytes: 0, unread: false };
    }
    const decoder = decoderFor(event.encoding);
    if (decoder) {
      exchange.decoder = decoder;
      decoder.on("data", (chunk: Buffer) => this.responseBytes(exchange, chunk));
      decoder.on("error", () => {
        if (exchange.response) exchange.response.unread = true;
        exchange.sse?.gap();
      });
    }
  }

  private responseBytes(exchange: Exchange, chunk: Buffer): void {
    if (exchange.sse) return exchange.sse.push(chunk);
    if (!exchange.response) return;
    const ok = exchange.status !== undefined && exchange.status >= 200 && exchange.status < 300;
    collect(exchange.response, chunk, ok ? this.maxBody : RAW_BODY_BYTES, !ok);
  }

  private sseEvent(exchange: Exchange, event: SseEvent): void {
    if (event.event === "endpoint") return this.endpoint(exchange, event.data);
    for (const message of messagesIn(parseJson(event.data)))
      this.book.fromServer(exchange.channel, message, exchange.at, exchange.status);
  }

  /** HTTP+SSE: the stream names where the client POSTs; calls posted there are answered here. */
  private endpoint(exchange: Exchange, data: string): void {
    let target: URL;
    try {
      target = new URL(data.trim(), `http://proxy${exchange.path}`);
    } catch {
      return;
    }
    const key = `endpoint:${target.pathname}${target.search}`;
    const named = label(target.searchParams.get("sessionId") ?? undefined, 200);
    const channel = this.session(key, named ?? randomUUID(), named);
    if (exchange.ownKey) this.book.release(exchange.ownKey);
    exchange.ownKey = undefined;
    exchange.channel = channel;
    exchange.endpointKey = key;
  }

  private responseEnded(x: number, at: number): void {
    const exchange = this.exchanges.get(x);
    if (!exchange) return;
    this.exchanges.delete(x);
    const status = exchange.status ?? 0;
    const ok = status >= 200 && status < 300;
    const body = exchange.response;
    if (body && ok && body.unread) {
      for (const call of exchange.calls) this.book.unreadAnswer(call.channel, call.key, body.bytes);
    } else if (body) {
      const text = Buffer.concat(body.parts).toString("utf8");
      const json = text === "" ? undefined : parseJson(text);
      const messages = ok ? messagesIn(json) : [];
      for (const message of messages) this.book.fromServer(exchange.channel, message, at, status);
      // Not a 2xx, or a 2xx that is not JSON-RPC (a login page): the calls end with what came back.
      // A 202 is not an answer: HTTP+SSE answers on the GET stream.
      if (!ok || (status !== 202 && text !== "" && messages.length === 0)) {
        const response = isObject(json) ? json : text === "" ? undefined : boundedCopy(text);
        for (const call of exchange.calls)
          this.book.end(call, { at, httpStatus: status, ...(response !== undefined ? { response } : {}) });
      }
    }
    if (exchange.endpointKey) {
      this.forgetSession(exchange.endpointKey, at, "the server closed the event stream before answering");
    }
    this.finish(exchange, at, "the server's answer ended without answering the call");
  }

  private failed(x: number, exchange: Exchange, at: number, code: string): void {
    this.exchanges.delete(x);
    for (const call of exchange.calls) this.book.end(call, { at, transportError: code });
    if (exchange.endpointKey)
      this.forgetSession(exchange.endpointKey, at, `the event stream broke (${code})`);
    this.finish(exchange, at, `the exchange failed (${code})`);
  }

  private gone(x: number, exchange: Exchange, at: number): void {
    this.exchanges.delete(x);
    for (const call of exchange.calls) call.clientGone = true;
    if (exchange.endpointKey)
      this.forgetSession(exchange.endpointKey, at, "the client went away before the server answered");
    this.finish(exchange, at, "the client went away before the server answered");
  }

  /** An exchange over: a channel of its own goes with it, ending what it never answered. */
  private finish(exchange: Exchange, at: number, reason: string): void {
    if (!exchange.ownKey) return;
    if (![...this.sessions.values()].includes(exchange.channel))
      this.book.endAll(exchange.channel, () => ({ at, transportError: "connection_closed", reason }));
    this.book.release(exchange.ownKey);
  }

  /** The channel of a session (made on first use); `mcpSessionId`: the protocol's own id for it, when there is one. */
  private session(key: string, sessionId: string, mcpSessionId?: string): Channel {
    const known = this.sessions.get(key);
    if (known) return known;
    const channel = this.book.channel(key, sessionId);
    if (mcpSessionId) channel.mcpSessionId = mcpSessionId;
    this.remember(key, channel);
    return channel;
  }

  private remember(key: string, channel: Channel): void {
    this.book.alias(key, channel);
    this.sessions.set(key, channel);
    if (this.sessions.size <= MAX_SESSIONS) return;
    for (const [oldKey, old] of this.sessions) {
      if (old.pending.size > 0) continue;
      this.sessions.delete(oldKey);
      this.book.release(oldKey);
      break;
    }
  }

  private forgetSession(key: string, at: number, reason: string): void {
    const channel = this.sessions.get(key);
    if (!channel) return;
    this.book.endAll(channel, () => ({ at, transportError: "connection_closed", reason }));
    this.sessions.delete(key);
    this.book.release(key);
  }
}

function collect(body: Body, chunk: Uint8Array, max: number, keepPrefix = false): void {
  if (body.unread) return;
  const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (body.bytes + bytes.length > max) {
    if (!keepPrefix) {
      body.unread = true;
      body.parts = [];
      body.bytes += bytes.length;
      return;
    }
    const room = max - body.bytes;
    if (room > 0) body.parts.push(bytes.subarray(0, room));
    body.bytes = max;
    body.unread = true; // the prefix is kept, the rest is not read
    return;
  }
  body.parts.push(bytes);
  body.bytes += bytes.length;
}

function decoderFor(encoding: string): Exchange["decoder"] | undefined {
  const name = encoding.trim().toLowerCase();
  if (name === "gzip" || name === "x-gzip") return zlib.createGunzip();
  if (name === "deflate") return zlib.createInflate();
  if (name === "br") return zlib.createBrotliDecompress();
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
