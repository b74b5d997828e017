// What every group's stand-ins share (from round XIV on): answering JSON or text, a slow answer whose
// timer is cleared when the stand-ins stop, a body parsed as JSON or a form, a self-signed certificate
// for the real API hosts, and three kinds of loopback listener — a plain HTTP server, an HTTPS server,
// and a forward proxy that answers absolute-form requests and terminates CONNECT tunnels with the
// stand-in certificate (for servers whose API host is written into them). Rounds IV–XIII carry their
// own copies of these; they are captured and were left as they are.

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import path from "node:path";

export type Handler = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => void;

export interface Standin {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function json(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

export function text(
  res: http.ServerResponse,
  status: number,
  body: string,
  type = "text/plain",
  headers: Record<string, string> = {},
) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": type, ...headers });
  res.end(body);
}

const timers = new Set<NodeJS.Timeout>();

/** Answers after `ms` (a slow upstream); the timer is cleared by `clearTimers`. */
export function later(ms: number, answer: () => void) {
  const timer = setTimeout(() => {
    timers.delete(timer);
    answer();
  }, ms);
  timers.add(timer);
}

export function clearTimers() {
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
}

/** A request body as JSON, else as a form. */
export function parse(body: string): Record<string, unknown> {
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return Object.fromEntries(new URLSearchParams(body));
  }
}

export interface Certificate {
  cert: string;
  key: string;
}

/** A self-signed certificate for `hosts` and 127.0.0.1 in `dir`, made once (trust it with NODE_EXTRA_CA_CERTS). */
export function certificate(dir: string, hosts: string[]): Certificate {
  const cert = path.join(dir, "standin-cert.pem");
  const key = path.join(dir, "standin-key.pem");
  if (fs.existsSync(cert) && fs.existsSync(key)) return { cert, key };
  fs.mkdirSync(dir, { recursive: true });
  const names = [...hosts.map((host) => `DNS:${host}`), "IP:127.0.0.1"].join(",");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "3650"],
      ...["-subj", "/CN=corpus stand-in", "-addext", `subjectAltName=${names}`],
    ],
    { stdio: "ignore" },
  );
  return { cert, key };
}

function onRequest(port: number, handler: Handler) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const raw = req.url ?? "/";
      // An absolute-form request (a client following HTTP(S)_PROXY) names the real URL itself.
      const url = /^https?:\/\//.test(raw)
        ? new URL(raw.replace(/^http:/, "https:"))
        : new URL(raw, `http://${req.headers.host ?? `127.0.0.1:${port}`}`);
      handler(req, url, body, res);
    });
  };
}

function listener(port: number, make: () => http.Server, onStop: () => void = () => {}): Standin {
  const sockets = new Set<Socket>();
  let created: http.Server | undefined;
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        const server = make();
        server.on("connection", (socket: Socket) => {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
        });
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => resolve());
        created = server;
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        onStop();
        if (!created) return resolve();
        created.close(() => resolve());
        created = undefined;
      }),
  };
}

/** A plain HTTP server on a loopback port (for servers whose API base URL is configurable). */
export function httpStandin(port: number, handler: Handler): Standin {
  return listener(port, () => http.createServer(onRequest(port, handler)));
}

/** An HTTPS server on a loopback port with the stand-in certificate. */
export function tlsStandin(port: number, tls: () => Certificate, handler: Handler): Standin {
  return listener(port, () => {
    const { cert, key } = tls();
    return https.createServer(
      { key: fs.readFileSync(key), cert: fs.readFileSync(cert) },
      onRequest(port, handler),
    );
  });
}

/**
 * A forward proxy on its own port: absolute-form requests are answered directly, CONNECT tunnels are
 * terminated with the stand-in certificate and the requests inside answered by the same handler (the
 * real host is in the Host header). Stopping it refuses connections for the servers behind it alone.
 */
export function forwardProxy(port: number, tls: () => Certificate, handler: Handler): Standin {
  let inner: https.Server | undefined;
  return listener(
    port,
    () => {
      const { cert, key } = tls();
      const terminator = https.createServer(
        { key: fs.readFileSync(key), cert: fs.readFileSync(cert) },
        onRequest(port, handler),
      );
      inner = terminator;
      const proxy = http.createServer(onRequest(port, handler));
      proxy.on("connect", (_req: http.IncomingMessage, socket: Socket, head: Buffer) => {
        socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
        if (head.length) socket.unshift(head);
        terminator.emit("connection", socket);
      });
      return proxy;
    },
    () => {
      inner?.close();
      inner = undefined;
    },
  );
}

/**
 * Cloudflare's 502 page for a host behind it, as its edge answers when the origin fails (several groups' APIs
 * sit behind Cloudflare); the Ray ID is what differs between two answers.
 */
export function cloudflare502(host: string, rayId: string): string {
  return `<!DOCTYPE html>
<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->
<!--[if gt IE 8]><!--> <html class="no-js" lang="en-US"> <!--<![endif]-->
<head>
<title>${host} | 502: Bad gateway</title>
<meta charset="UTF-8" />
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
<meta name="robots" content="noindex, nofollow" />
</head>
<body>
<div id="cf-wrapper">
<div id="cf-error-details" class="p-0">
<header class="mx-auto pt-10 lg:pt-6 lg:px-8 w-240 lg:w-full mb-8">
<h1 class="inline-block sm:block sm:mb-2 font-light text-60 lg:text-4xl text-black-dark leading-tight mr-2">
<span class="inline-block">Bad gateway</span>
<span class="code-label">Error code 502</span>
</h1>
</header>
<div class="cf-error-footer cf-wrapper w-240 lg:w-full py-10 sm:py-4 sm:px-8 mx-auto text-center sm:text-left border-solid border-0 border-t border-gray-300">
<p class="text-13">
<span class="cf-footer-item sm:block sm:mb-1">Cloudflare Ray ID: <strong class="font-semibold">${rayId}</strong></span>
</p>
</div>
</div>
</div>
</body>
</html>
`;
}
