import http from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { serveMetrics } from "../metrics/endpoint";
import { serveDownload } from "./downloads";
import { PEER_HEADER } from "./client-address";
import { markWrites } from "./read-your-writes";
import { DRAIN_TIMEOUT_MS, drainableBody } from "./refused-body";
import { checkedActionBody, NEXT_BODY_LIMIT, refusalBefore, type Refusal } from "./request-guard";
import { API_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from "./security-headers";

// Faultline's HTTP server. The ingest endpoints — the only ones under sustained load — are
// served here, straight from node:http to their handlers: Next.js's route machinery costs
// several times the ingest work itself per request (measured: 180 one-call requests/s through
// it, 400 past it, on the same machine). So are GET /downloads/… (the reporter package, for hosts
// that install it without a checkout, and the Grafana dashboard and Prometheus rules: lib/http/downloads) and GET /metrics (lib/metrics/endpoint): a scraper
// has no session, and Next.js's page proxy would send it to /login. Everything else goes to
// Next.js. Before either, every request is stamped with its socket's peer address under a
// header of our own, overwriting whatever a client sent under that name (route handlers and
// server actions get headers, not sockets; see lib/http/client-address), and what a handler
// would answer with a 500 — or act on when it must not — is refused (lib/http/request-guard).
// A path under a prefix of `under` (the OTLP base) that no direct handler serves, with any method,
// goes to that prefix's handler rather than to Next.js's HTML 404 page. A request to Next.js
// that may write is marked for read-your-writes (lib/http/read-your-writes).

/** A handler in the Fetch API's terms, as Next.js route handlers are written. */
export type WebHandler = (
  request: Request,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response>;

export interface ServerOptions {
  /** Handlers served directly, by "METHOD /path" (exact path), besides GET /metrics. */
  direct: Record<string, WebHandler>;
  /** Handlers for every path under a prefix ("/api/v1/otlp") that no direct handler serves. */
  under?: Record<string, WebHandler>;
  /** Everything else (Next.js's request handler). */
  fallback: (request: http.IncomingMessage, response: http.ServerResponse) => unknown;
}

const API_HEADERS = { ...SECURITY_HEADERS, "Content-Security-Policy": API_CONTENT_SECURITY_POLICY };

export function createServer(options: ServerOptions): http.Server {
  const direct: Record<string, WebHandler> = { "GET /metrics": serveMetrics, ...options.direct };
  const served = new Set(Object.keys(direct).map((route) => route.slice(route.indexOf(" ") + 1)));
  const under = Object.entries(options.under ?? {});
  return http.createServer((request, response) => {
    request.headers[PEER_HEADER] = request.socket.remoteAddress ?? "";
    const target = request.url ?? "/";
    const path = target.split("?", 1)[0]!;
    const handler =
      direct[`${request.method} ${path}`] ??
      (request.method === "GET" && path.startsWith("/downloads/") ? serveDownload : undefined) ??
      (served.has(path) ? undefined : underPrefix(under, path));
    const refusal = refusalBefore(request, handler === undefined);
    if (refusal) return refuse(target, response, refusal);
    if (!handler) return void serveNext(options.fallback, target, request, response);
    void serveDirect(handler, request, response);
  });
}

async function serveNext(
  fallback: ServerOptions["fallback"],
  target: string,
  request: http.IncomingMessage,
  response: http.ServerResponse,
): Promise<void> {
  const checked = await checkedActionBody(request).catch(() => undefined);
  if (!checked) return void response.destroy(); // the client went away mid-body
  if ("refusal" in checked) return refuse(target, response, checked.refusal);
  markWrites(checked.request, response);
  fallback(checked.request, response);
}

function underPrefix(under: [string, WebHandler][], path: string): WebHandler | undefined {
  return under.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1];
}

function refuse(target: string, response: http.ServerResponse, refusal: Refusal): void {
  const request = response.req;
  const length = Number(request.headers["content-length"] ?? 0);
  // A refused body small enough to read (a forged form, a bad action) is read and dropped first:
  // a sender still writing it when the connection closes sees a reset (EPIPE), not the answer.
  // Anything larger, or of unknown length, is answered at once and the connection closed.
  if (request.complete || !(length > 0 && length <= NEXT_BODY_LIMIT))
    return answerRefusal(target, response, refusal);
  let answered = false;
  const answer = () => {
    if (answered) return;
    answered = true;
    clearTimeout(timer);
    answerRefusal(target, response, refusal);
  };
  const timer = setTimeout(answer, DRAIN_TIMEOUT_MS);
  request.on("end", answer).on("error", answer).resume();
}

function answerRefusal(target: string, response: http.ServerResponse, { status, message }: Refusal): void {
  const api = target.startsWith("/api/") || target.startsWith("/metrics");
  const code = { 400: "invalid_request", 403: "forbidden", 411: "length_required", 413: "too_large" }[status];
  // The connection is closed after the answer, not kept for reuse.
  response.shouldKeepAlive = false;
  response.writeHead(status, {
    ...API_HEADERS,
    "Content-Type": api ? "application/json" : "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
  });
  response.end(
    api ? JSON.stringify({ error: { code, message } }) : `${http.STATUS_CODES[status]}: ${message}.\n`,
  );
}

async function serveDirect(
  handler: WebHandler,
  incoming: http.IncomingMessage,
  outgoing: http.ServerResponse,
): Promise<void> {
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
    const body = hasBody ? drainableBody(incoming) : undefined;
    const request = new Request(`http://${incoming.headers.host ?? "localhost"}${incoming.url}`, {
      method: incoming.method,
      headers,
      // The handler reads the body as a stream, within its own size limit.
      body: body?.body,
      duplex: "half",
    } as RequestInit);
    const response = await handler(request, { params: Promise.resolve({}) });
    // A body the handler answered without reading whole is dropped before the answer goes
    // (lib/http/refused-body); one it could not drop means the connection is closed after the
    // answer, and the answer says so, or a client pools it and writes its next request into the close.
    if (body && !(await body.drain())) outgoing.shouldKeepAlive = false;
    outgoing.writeHead(response.status, { ...API_HEADERS, ...Object.fromEntries(response.headers) });
    if (!response.body) return void outgoing.end();
    Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>).pipe(outgoing);
  } catch (error) {
    console.error("[faultline] unexpected error serving", incoming.method, incoming.url, error);
    if (!outgoing.headersSent) {
      outgoing.writeHead(500, { ...API_HEADERS, "Content-Type": "application/json" });
      outgoing.end(JSON.stringify({ error: { code: "internal_error", message: "unexpected error" } }));
    } else outgoing.destroy();
  }
}
