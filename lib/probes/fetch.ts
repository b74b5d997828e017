import http from "node:http";
import https from "node:https";
import { Readable, Transform } from "node:stream";
import { guardedLookup, refusedLiteral } from "../http/guarded-lookup";

// The fetch the MCP client library uses when the instance probes an HTTP server. A probe's URL is
// typed in by a project's admin and the instance then connects to it: the same server-side request
// forgery risk as alert receivers, so the same guard — internal addresses refused unless
// FAULTLINE_PROBES_ALLOW_PRIVATE=1, the lookup pinned to the checked address —, plus what a hostile
// server could do to the prober: redirects are never followed (a 3xx is the answer), and no
// response is read past `maxResponseBytes` (the stream errors there, and the step fails saying so).

export const PROBES_ALLOW_SETTING = "FAULTLINE_PROBES_ALLOW_PRIVATE";

export interface GuardedFetchOptions {
  allowPrivate: boolean;
  maxResponseBytes: number;
}

type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

const lookup = guardedLookup(PROBES_ALLOW_SETTING);
const NULL_BODY = new Set([101, 204, 205, 304]);

export function guardedFetch(options: GuardedFetchOptions): FetchLike {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(String(input));
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        return reject(new TypeError(`only http: and https: URLs are probed (got ${url.protocol})`));
      }
      const literal = options.allowPrivate ? undefined : refusedLiteral(url.hostname, PROBES_ALLOW_SETTING);
      if (literal) return reject(literal);
      const signal = init.signal ?? undefined;
      if (signal?.aborted) return reject(signal.reason ?? new DOMException("aborted", "AbortError"));

      const headers = Object.fromEntries(new Headers(init.headers).entries());
      const body = bodyBytes(init.body);
      if (body) headers["content-length"] = String(body.length);
      const client = url.protocol === "https:" ? https : http;
      const request = client.request(url, {
        method: init.method ?? "GET",
        agent: false,
        headers: { "user-agent": "Faultline-Probe/1", ...headers },
        ...(options.allowPrivate ? {} : { lookup }),
      });
      const abort = () => request.destroy(signal?.reason ?? new DOMException("aborted", "AbortError"));
      signal?.addEventListener("abort", abort, { once: true });
      request.on("error", (error) => {
        signal?.removeEventListener("abort", abort);
        reject(error);
      });
      request.on("response", (response) => {
        const status = response.statusCode ?? 0;
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (value === undefined) continue;
          for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, one);
        }
        response.on("close", () => signal?.removeEventListener("abort", abort));
        if (NULL_BODY.has(status) || status < 200 || status > 599) {
          response.destroy();
          return resolve(
            new Response(null, {
              status: status >= 200 && status <= 599 ? status : 502,
              headers: responseHeaders,
            }),
          );
        }
        resolve(
          new Response(
            Readable.toWeb(capped(response, options.maxResponseBytes)) as ReadableStream<Uint8Array>,
            {
              status,
              statusText: response.statusMessage,
              headers: responseHeaders,
            },
          ),
        );
      });
      request.end(body);
    });
}

function bodyBytes(body: RequestInit["body"]): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return Buffer.from(body, "utf8");
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  throw new TypeError("a probe sends JSON text only");
}

/** The response as a stream that errors once more than `max` bytes have come. */
function capped(response: http.IncomingMessage, max: number): Readable {
  let seen = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen <= max) return done(null, chunk);
      response.destroy();
      done(
        Object.assign(new Error(`the server's answer passed ${max} bytes; a probe reads no more`), {
          code: "FAULTLINE_RESPONSE_TOO_LARGE",
        }),
      );
    },
  });
  response.on("error", (error) => limit.destroy(error));
  return response.pipe(limit);
}
