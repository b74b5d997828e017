// What the reporter sends: Faultline's webhook call object (docs/API.md, "Webhook"), built from what
// crossed the wire. Faultline does the classifying; the reporter only records.

export interface CallReport {
  /** Stable per call: a report re-sent after a failed delivery is a duplicate, not a second call. */
  id: string;
  occurredAt: string;
  durationMs: number;
  server: string;
  /** The tool's name: always there for tools/call (the only method the reporter and the server instrumentation send). */
  tool?: string;
  /** "tools/call", or (from the proxy) the method of another request: stored apart from the tool figures. */
  method: string;
  sessionId: string;
  agent?: string;
  /** A fingerprint of the call's arguments (SHA-256 of their canonical JSON); the arguments are never sent. */
  argumentsHash?: string;
  /** Which route observed the call (Faultline stores one call, with each route's observation, however many saw it). */
  route?: "reporter" | "proxy-stdio" | "proxy-http" | "server";
  /** The W3C trace context the request carried in `params._meta.traceparent` (the reporter puts one there). */
  traceparent?: string;
  /** The request's JSON-RPC id, as a string: with the tool, how routes without trace context find the same call. */
  requestId?: string;
  /** The HTTP session's Mcp-Session-Id, when the transport has one: every route of that session sees the same. */
  mcpSessionId?: string;
  /** The name the server announces in its initialize answer (serverInfo.name). */
  serverInfoName?: string;
  protocolVersion?: string;
  /** Status of the HTTP exchange; absent for stdio. */
  httpStatus?: number;
  /** When no response came: the network code (ECONNREFUSED…) or "connection_closed". */
  transportError?: string;
  /** The JSON-RPC response message that answered this call, or the raw body when it was not JSON-RPC. */
  response?: unknown;
  /** What the client library raised, when it raised (server instrumentation: the reason a client gave when it cancelled). */
  clientError?: { name?: string; code?: string | number; message: string };
  /**
   * Server instrumentation only: what the tool (or the server's tools/call handler) threw — its class
   * (`constructor.name`), message and code — which the client saw only as an isError text or a
   * JSON-RPC error. Faultline's webhook ignores fields it does not know: sent, not yet stored.
   */
  serverError?: { name: string; message: string; code?: string | number };
}

export interface ReporterOptions {
  /** Faultline's base URL, e.g. http://localhost:3000. */
  url: string;
  /** A Faultline key with the ingest scope. */
  key: string;
  /** The MCP server's name as Faultline shows it. */
  server: string;
  /** The agent or host making the calls. */
  agent?: string;
  /** Calls per delivery request (default 100; Faultline accepts up to 1,000). */
  batchSize?: number;
  /** How often buffered calls are sent (default 1,000 ms). */
  flushIntervalMs?: number;
  /** Calls kept while Faultline cannot be reached; past this, the oldest are dropped and counted (default 10,000). */
  maxBuffer?: number;
  /**
   * Bytes of calls kept while Faultline cannot be reached (serialized; default 32 MiB); past this, the
   * oldest are dropped and counted. The batch in flight comes on top (at most one request, 5 MiB).
   */
  maxBufferBytes?: number;
  /** One delivery request's time limit, reading Faultline's answer included (default 10,000 ms). */
  requestTimeoutMs?: number;
  /**
   * The most of Faultline's answer that is read, after decompression (default 1 MiB). A longer answer is
   * cut off unread, and its calls are sent again in smaller batches (a resend is stored once).
   */
  maxAnswerBytes?: number;
  /** Longest wait between retries when Faultline is down (default 60,000 ms); also caps Retry-After. */
  maxBackoffMs?: number;
  /**
   * Change or drop (return null) a call before it is buffered. A transform that throws drops the call
   * (counted in `dropped`, told to onError): a redactor that failed must not let the call out unredacted.
   */
  transform?: (call: CallReport) => CallReport | null;
  /** Told about delivery problems; the reporter itself never throws into the host (nor lets this throw). */
  onError?: (error: Error) => void;
  /** The fetch used for MCP traffic and for delivery (default: the global fetch). */
  fetch?: typeof fetch;
  /**
   * Put W3C trace context in each tools/call's params._meta.traceparent when the host gave none
   * (default true): how Faultline knows a proxy's, the server's or a span's report of the same
   * request is this call. The context is the OpenTelemetry span open around the call when there is
   * one (an instrumentation's client span), else a new one.
   */
  traceContext?: boolean;
}

/**
 * The options of the server instrumentation (server.ts): the reporter's, but the server's name and
 * the agent are learned from the traffic.
 */
export interface ServerReporterOptions extends Omit<
  ReporterOptions,
  "server" | "agent" | "fetch" | "traceContext"
> {
  /** The MCP server's name as Faultline shows it (default: the name the server announces, its serverInfo). */
  server?: string;
  /**
   * Who is calling, when the client's own name is not known: each call's agent is the calling client's
   * `clientInfo` ("name/version", from its initialize); this is for transports that saw none (stateless HTTP).
   */
  agent?: string;
  /** The fetch used for delivery to Faultline (default: the global fetch). */
  fetch?: typeof fetch;
  /** Calls kept in flight (received, not yet answered) across every server watched (default 10,000); past it, new calls are counted as dropped. */
  maxInFlight?: number;
}

/** Every call reported is counted once: reported == delivered + rejected + dropped + pending. */
export interface ReporterStats {
  /** Calls recorded (those a transform returned null for are not). */
  reported: number;
  /** Calls Faultline acknowledged (stored or already stored), in a valid answer. */
  delivered: number;
  /** Calls Faultline refused as invalid (named in its 207/400 answers). */
  rejected: number;
  /**
   * Calls dropped: the buffer was full, Faultline refused the key (401/403) or the request (404, 415, a
   * single call over 413), the transform threw, or the call could not be serialized.
   */
  dropped: number;
  /** Calls waiting in the buffer or in flight (not yet answered for). */
  pending: number;
  /** Delivery attempts that will be retried (429, 5xx, network errors, redirects, answers that are not Faultline's). */
  retries: number;
}
