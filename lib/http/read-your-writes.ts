import type http from "node:http";
import type { ReadIntent } from "../db/read-routing";

// The dashboard's half of read-your-writes (the rule is lib/db/read-routing's): every request
// that may write — any method but GET, HEAD and OPTIONS that reaches Next.js, so every server
// action, with or without JavaScript — is answered with a cookie saying when it finished, and
// is stamped, for the page it renders itself, with a header of our own (any value a client
// sent under that name is removed first). The cookie's time is taken as the response's headers
// are written: a server action's answer is written after the action has returned, so after its
// writes committed.

export const WROTE_COOKIE = "faultline_wrote";
/** Set by our server on a request that may write; never believed from a client. */
export const WRITING_HEADER = "x-faultline-writing";
/** Long enough to outlive any lag a replica is still read at (the rule ignores it once caught up). */
const COOKIE_MAX_AGE_SECONDS = 3600;

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** For lib/http/node-server, before Next.js sees the request. */
export function markWrites(request: http.IncomingMessage, response: http.ServerResponse): void {
  delete request.headers[WRITING_HEADER];
  if (READ_METHODS.has(request.method ?? "GET")) return;
  request.headers[WRITING_HEADER] = "1";
  const writeHead = response.writeHead;
  response.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
    if (!this.headersSent) {
      this.appendHeader(
        "set-cookie",
        `${WROTE_COOKIE}=${Date.now()}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax`,
      );
    }
    return (writeHead as (...a: unknown[]) => http.ServerResponse).apply(this, args);
  } as typeof response.writeHead;
}

/** What a page's request says about its user's writes: the cookie's time (never later than now) and the header. */
export function readIntent(cookie: string | undefined, writingHeader: string | null | undefined): ReadIntent {
  const written = cookie && /^\d{1,15}$/.test(cookie) ? Math.min(Number(cookie), Date.now()) : undefined;
  return { lastWriteAt: written, writing: writingHeader === "1" };
}
