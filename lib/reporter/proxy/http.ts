import http from "node:http";
import https from "node:https";
import { addTraceContext } from "../trace-context.js";
import { secretValues } from "./header-secrets.js";
import { refusedSource, type SourceRules } from "./request-source.js";
import { now, type Tap } from "./tap.js";

// faultline-proxy in front of a remote server: a plain HTTP relay on the address it was told
// (nowhere else), every request passed to the upstream with its path, query and headers as
// they came (Authorization, Mcp-Session-Id, Last-Event-ID… — only the Host is the upstream's),
// every answer streamed back as it arrives: an SSE stream is never held, each chunk goes on at
// once. The one change: an HTTP+SSE server that names its POST endpoint as an absolute URL of
// its own origin has it made relative, so the client posts to the proxy and not past it.
// When the upstream cannot be reached the client gets a 502 (a 504 if it did not answer within
// the time limit) saying so, and the call is recorded with the network code or `timeout`. A
// request from a page of another site, or a DNS-rebinding page, is refused (request-source.ts).

export interface HttpOptions {
  host: string;
  port: number;
  upstream: URL;
  tap?: Tap;
  /** How long the upstream has to start answering (its headers). */
  timeoutMs: number;
  /**
   * --trace-context: a JSON POST's tools/call without trace context is given one. Such a body is
   * read whole (up to maxBody; a larger one passes as it came) and sent on with its new length.
   */
  traceContext?: { maxBody: number };
  /** Hosts and origins allowed besides this machine's (--allow-host, --allow-origin): request-source.ts. */
  allow: { hosts: string[]; origins: string[] };
  log(message: string): void;
}

/** Headers that belong to one hop, never passed on (RFC 9110 §7.6.1). */
const HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

export function relayHttp(options: HttpOptions): Promise<http.Server> {
  const { upstream, tap } = options;
  const secure = upstream.protocol === "https:";
  const agent = secure ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
  const request = secure ? https.request : http.request;
  let sequence = 0;
  // The port is the one bound (port 0 picks one): known once listening, before any request.
  let bound = options.port;
  const rules = (): SourceRules => ({
    port: bound,
    hosts: options.allow.hosts,
    origins: options.allow.origins,
  });

  const server = http.createServer({ noDelay: true }, (req, res) => {
    const x = ++sequence;
    const path = req.url ?? "/";
    if (!path.startsWith("/")) {
      res
        .writeHead(400, { "content-type": "text/plain" })
        .end("faultline-proxy: only origin-form request targets\n");
      return;
    }
    const refused = refusedSource(req.headers, rules());
    if (refused) {
      res
        .writeHead(403, { "content-type": "text/plain; charset=utf-8" })
        .end(`faultline-proxy: ${refused}\n`);
      return;
    }
    tap?.event({
      t: "req",
      x,
      at: now(),
      method: req.method ?? "GET",
      path,
      ...optional("session", req.headers["mcp-session-id"]),
      ...optional("version", req.headers["mcp-protocol-version"]),
      secrets: secretValues(req.rawHeaders, path),
    });
    let settled = false;
    let timedOut = false;
    // A body held to give its tools/call trace context (--trace-context); undefined: streamed as it comes.
    const held =
      options.traceContext &&
      req.method === "POST" &&
      /json/i.test(String(req.headers["content-type"] ?? "")) &&
      !req.headers["content-encoding"]
        ? { parts: [] as Buffer[], bytes: 0, limit: options.traceContext.maxBody }
        : undefined;
    const outgoing = request({
      protocol: upstream.protocol,
      hostname: upstream.hostname.replace(/^\[|\]$/g, ""),
      port: upstream.port || (secure ? 443 : 80),
      method: req.method,
      path,
      headers: passOn(req.rawHeaders, upstream.host, held !== undefined),
      agent,
      setHost: false,
    });
    const timer = setTimeout(() => {
      timedOut = true;
      outgoing.destroy(new Error(`no answer within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    outgoing.on("socket", (socket) => socket.setNoDelay(true));

    const send = (chunk: Buffer) => {
      if (!outgoing.write(chunk)) {
        req.pause();
        outgoing.once("drain", () => req.resume());
      }
      tap?.chunk(
        `q${x}`,
        chunk,
        (d) => ({ t: "req-data", x, d }),
        () => ({ t: "x-gap", x, part: "req" }),
      );
    };
    req.on("data", (chunk: Buffer) => {
      if (!held || held.bytes < 0) return send(chunk);
      held.parts.push(chunk);
      held.bytes += chunk.length;
      if (held.bytes > held.limit) {
        // Too large to hold: sent on as it came, from here on streamed.
        for (const part of held.parts) send(part);
        held.parts = [];
        held.bytes = -1;
      }
    });
    req.on("end", () => {
      if (held && held.bytes >= 0) {
        const body = Buffer.concat(held.parts);
        const changed = addTraceContext(body.toString("utf8"));
        send(changed === undefined ? body : Buffer.from(changed));
      }
      outgoing.end();
      tap?.event({ t: "req-end", x, at: now() });
    });

    outgoing.on("response", (answer) => {
      clearTimeout(timer);
      const status = answer.statusCode ?? 502;
      const type = String(answer.headers["content-type"] ?? "");
      const rewrite =
        req.method === "GET" && /^text\/event-stream/i.test(type) ? endpointRewriter(upstream) : undefined;
      res.writeHead(
        status,
        answer.statusMessage,
        passOn(answer.rawHeaders, undefined, rewrite !== undefined),
      );
      res.flushHeaders();
      tap?.event({
        t: "res",
        x,
        at: now(),
        status,
        type,
        encoding: String(answer.headers["content-encoding"] ?? ""),
        ...optional("session", answer.headers["mcp-session-id"]),
      });
      const forward = (chunk: Buffer) => {
        if (!res.write(chunk)) {
          answer.pause();
          res.once("drain", () => answer.resume());
        }
        tap?.chunk(
          `r${x}`,
          chunk,
          (d) => ({ t: "res-data", x, d, at: now() }),
          () => ({ t: "x-gap", x, part: "res" }),
        );
      };
      answer.on("data", (chunk: Buffer) => {
        if (!rewrite) return forward(chunk);
        const ready = rewrite(chunk);
        if (ready) forward(ready);
      });
      answer.on("end", () => {
        const rest = rewrite?.(undefined);
        if (rest) forward(rest);
        settled = true;
        res.end();
        tap?.event({ t: "res-end", x, at: now() });
      });
      answer.on("error", (error: NodeJS.ErrnoException) => fail(error.code ?? "ECONNRESET"));
    });
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      fail(timedOut ? "timeout" : (error.code ?? "fetch_failed"));
    });
    res.on("close", () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outgoing.destroy();
      tap?.event({ t: "gone", x, at: now() });
    });

    function fail(code: string): void {
      if (settled) return;
      settled = true;
      tap?.event({ t: "fail", x, at: now(), code });
      if (res.headersSent) return void res.destroy();
      const said = timedOut
        ? `did not answer within ${options.timeoutMs} ms`
        : `could not be reached (${code})`;
      res.writeHead(timedOut ? 504 : 502, { "content-type": "text/plain; charset=utf-8" });
      res.end(`faultline-proxy: the upstream ${upstream.origin} ${said}\n`);
    }
  });
  server.on("clientError", (_error, socket) => socket.destroy());
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      const address = server.address();
      if (typeof address === "object" && address) bound = address.port;
      resolve(server);
    });
  });
}

/** Raw headers without the hop-by-hop ones (and those the Connection header names), the Host set to `host`. */
function passOn(raw: string[], host: string | undefined, dropLength = false): string[] {
  const named = new Set<string>();
  for (let index = 0; index < raw.length; index += 2) {
    if (raw[index]!.toLowerCase() === "connection")
      for (const token of raw[index + 1]!.split(",")) named.add(token.trim().toLowerCase());
  }
  const kept: string[] = host ? ["Host", host] : [];
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index]!.toLowerCase();
    if (
      HOP.has(name) ||
      named.has(name) ||
      (host && name === "host") ||
      (dropLength && name === "content-length")
    )
      continue;
    kept.push(raw[index]!, raw[index + 1]!);
  }
  return kept;
}

function optional<K extends string>(key: K, value: string | string[] | undefined): { [P in K]?: string } {
  const first = Array.isArray(value) ? value[0] : value;
  return (first ? { [key]: first } : {}) as { [P in K]?: string };
}

const FIRST_EVENT_BYTES = 8 * 1024;

/**
 * For an SSE answer: holds the bytes until the first event is complete (a client cannot act on
 * less), and if it is HTTP+SSE's `endpoint` naming an absolute URL on the upstream's origin,
 * makes it relative. Everything after the first event passes untouched. Called with undefined
 * at the end of the stream, for what is still held.
 */
function endpointRewriter(upstream: URL): (chunk: Buffer | undefined) => Buffer | undefined {
  let held: Buffer | undefined = Buffer.alloc(0);
  return (chunk) => {
    if (!held) return chunk;
    const all = chunk ? Buffer.concat([held, chunk]) : held;
    const text = all.toString("utf8");
    // A blank line ends it; SSE lines end in "\r\n", "\n" or a bare "\r".
    const end = /(?:\r\n|\r(?!\n)|\n)(?:\r\n|\r(?!\n)|\n)/.exec(text);
    if (!end && chunk && all.length < FIRST_EVENT_BYTES) {
      held = all;
      return undefined;
    }
    held = undefined;
    if (!end) return all;
    const first = text.slice(0, end.index);
    if (!/^event:\s*endpoint\s*$/m.test(first)) return all;
    const rewritten = first.replace(/^data:\s?(.*)$/m, (line, value: string) => {
      try {
        const target = new URL(value.trim());
        return target.origin === upstream.origin ? `data: ${target.pathname}${target.search}` : line;
      } catch {
        return line; // already relative
      }
    });
    if (rewritten === first) return all;
    return Buffer.concat([Buffer.from(rewritten), all.subarray(Buffer.byteLength(first))]);
  };
}
