import http from "node:http";
import { PEER_HEADER } from "./client-address";
import { API_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from "./security-headers";

// What Next.js does not let the app do per request, done on http.Server's "request" event —
// hooked once, from instrumentation.ts, before the first request is handled:
//   - Route handlers and server actions get the request's headers but not its socket, and
//     Next.js fills X-Forwarded-For from the socket only when the client sent none — so a
//     client could choose its own address. Every request is stamped with its socket's peer
//     address under a header of our own, overwriting whatever the client sent under that name.
//   - A path whose percent-encoding cannot be decoded (%ZZ, a truncated or surrogate UTF-8
//     sequence) makes Next.js answer a bare 500 without security headers; it is answered here
//     with a 400 that says so, carrying the headers every response has.

const HOOKED = Symbol.for("faultline.serverHook");

/** True when the path part of a request target is not valid percent-encoded UTF-8. */
export function hasMalformedPath(target: string): boolean {
  const end = target.search(/[?#]/);
  try {
    decodeURIComponent(end === -1 ? target : target.slice(0, end));
    return false;
  } catch {
    return true;
  }
}

function refuseMalformedPath(request: http.IncomingMessage, response: http.ServerResponse): void {
  const api = (request.url ?? "").startsWith("/api/");
  const message = "the request path is not valid percent-encoded UTF-8";
  response.writeHead(400, {
    ...SECURITY_HEADERS,
    "Content-Security-Policy": API_CONTENT_SECURITY_POLICY,
    "Content-Type": api ? "application/json" : "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
  });
  response.end(
    api ? JSON.stringify({ error: { code: "invalid_request", message } }) : `Bad request: ${message}.\n`,
  );
}

export function installServerHook(): void {
  const prototype = http.Server.prototype as http.Server & { [HOOKED]?: true };
  if (prototype[HOOKED]) return;
  const emit = prototype.emit;
  prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const request = args[0] as http.IncomingMessage;
      request.headers[PEER_HEADER] = request.socket?.remoteAddress ?? "";
      if (hasMalformedPath(request.url ?? "/")) {
        refuseMalformedPath(request, args[1] as http.ServerResponse);
        return true;
      }
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof emit;
  prototype[HOOKED] = true;
}
