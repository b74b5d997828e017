import http from "node:http";
import { isCrossSiteMutation } from "./same-origin";

// What the HTTP server refuses before any handler sees a request, because the handler would
// answer it with a 500 (Next.js, the Fetch API) or act on it when it must not:
//   - a request target that is not a path (`*`, an absolute URL);
//   - a path whose percent-encoding cannot be decoded (%ZZ, a truncated or surrogate UTF-8 sequence);
//   - a Host header that is not a host name or address with an optional port, or that the URL
//     parser refuses (a port past 65535, `1.2.3.999`, an IPv6 literal it cannot read): the Fetch
//     API cannot build a request from it;
//   - a state-changing request from another site to anything Next.js serves (pages' server
//     actions, whatever the path: Next.js would answer 500), whatever cookie it carries;
//   - a body for Next.js over its server-action limit (1 MB, which it answers with a 500), or of
//     unknown length on a page (browsers always send a form's length).
//   - a server action whose arguments are sent as JSON (text/plain) that is not a JSON array:
//     Next.js's decoder throws on it and answers 500. That body is read here (within the limit)
//     and handed on as it came (`replayed`).
// One answer each: the status and the sentence saying why.

export interface Refusal {
  status: 400 | 403 | 411 | 413;
  message: string;
}

/** Next.js's server-action body limit (serverActions.bodySizeLimit, 1 MB by default). */
export const NEXT_BODY_LIMIT = 1024 * 1024;

/** A host name (underscores too: container names), an IPv4 address or a bracketed IPv6 address, with an optional port. */
const HOST =
  /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,62})(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,62}))*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** True when a Host header is present and is not a host[:port] the URL parser accepts (absent is fine: HTTP/1.0). */
export function hasMalformedHost(host: string | undefined): boolean {
  if (host === undefined) return false;
  if (host.length > 300 || !HOST.test(host)) return true;
  try {
    new URL(`http://${host}/`);
    return false;
  } catch {
    return true;
  }
}

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

/** Why a request is refused before it is served, or undefined when it may be served. */
export function refusalBefore(request: http.IncomingMessage, toNext: boolean): Refusal | undefined {
  const target = request.url ?? "/";
  if (!target.startsWith("/")) return { status: 400, message: "the request target is not a path" };
  if (hasMalformedPath(target))
    return { status: 400, message: "the request path is not valid percent-encoded UTF-8" };
  if (hasMalformedHost(request.headers.host))
    return { status: 400, message: "the Host header is not a host name or address with an optional port" };
  if (!toNext) return undefined;
  const method = request.method ?? "GET";
  if (isCrossSiteMutation(method, { get: (name) => headerValue(request, name) }))
    return { status: 403, message: "this request came from another site" };
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return undefined;
  const length = request.headers["content-length"];
  if (length !== undefined && Number(length) > NEXT_BODY_LIMIT)
    return { status: 413, message: `the body is over ${NEXT_BODY_LIMIT} bytes` };
  const page = !(request.url ?? "/").startsWith("/api/");
  if (page && length === undefined && request.headers["transfer-encoding"] !== undefined)
    return { status: 411, message: "a form posted to a page must say its length" };
  return undefined;
}

function headerValue(request: http.IncomingMessage, name: string): string | null {
  const value = request.headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}

/** A server action's arguments sent as JSON (React's encoding when no form data is among them). */
function isJsonAction(request: http.IncomingMessage): boolean {
  return (
    request.method === "POST" &&
    request.headers["next-action"] !== undefined &&
    (request.headers["content-type"] ?? "").toLowerCase().startsWith("text/plain")
  );
}

/**
 * For a server action whose arguments are JSON: reads the body (at most NEXT_BODY_LIMIT bytes)
 * and either refuses it (not a JSON array) or returns a request carrying the same body for
 * Next.js. Any other request is returned as it is, unread.
 */
export async function checkedActionBody(
  request: http.IncomingMessage,
): Promise<{ refusal: Refusal } | { request: http.IncomingMessage }> {
  if (!isJsonAction(request)) return { request };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > NEXT_BODY_LIMIT)
      return { refusal: { status: 413, message: `the body is over ${NEXT_BODY_LIMIT} bytes` } };
    chunks.push(chunk);
  }
  const body = Buffer.concat(chunks);
  try {
    if (!Array.isArray(JSON.parse(body.toString("utf8"))))
      return { refusal: { status: 400, message: "a server action's arguments must be a JSON array" } };
  } catch {
    return { refusal: { status: 400, message: "a server action's arguments are not valid JSON" } };
  }
  return { request: replayed(request, body) };
}

/** A request like `original` (same socket, line and headers) whose body is `body`, read again. */
function replayed(original: http.IncomingMessage, body: Buffer): http.IncomingMessage {
  const copy = new http.IncomingMessage(original.socket);
  copy.method = original.method;
  copy.url = original.url;
  copy.httpVersion = original.httpVersion;
  copy.httpVersionMajor = original.httpVersionMajor;
  copy.httpVersionMinor = original.httpVersionMinor;
  copy.headers = original.headers;
  copy.rawHeaders = original.rawHeaders;
  // The whole message has arrived: without this, Node takes the copy's end for an aborted
  // upload and destroys the socket the answer is to be written to.
  copy.complete = true;
  copy.push(body);
  copy.push(null);
  return copy;
}
