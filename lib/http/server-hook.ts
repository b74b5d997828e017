import http from "node:http";
import { PEER_HEADER } from "./client-address";

// Next.js gives route handlers and server actions the request's headers but not its socket,
// and it fills X-Forwarded-For from the socket only when the client sent none — so a client
// could choose its own address. This stamps every incoming request with its socket's peer
// address under a header of our own, overwriting whatever the client sent under that name.
// Installed once, from instrumentation.ts, before the first request is handled.

const STAMPED = Symbol.for("faultline.peerStamp");

export function stampPeerAddresses(): void {
  const prototype = http.Server.prototype as http.Server & { [STAMPED]?: true };
  if (prototype[STAMPED]) return;
  const emit = prototype.emit;
  prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const request = args[0] as http.IncomingMessage;
      request.headers[PEER_HEADER] = request.socket?.remoteAddress ?? "";
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof emit;
  prototype[STAMPED] = true;
}
