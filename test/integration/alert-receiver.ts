import http from "node:http";
import type { AddressInfo } from "node:net";

// A real HTTP receiver for alert messages (node:http on 127.0.0.1): records every request it
// gets and answers as told — a status per request in turn, a hang, an endless body, a redirect.

export interface Received {
  at: number;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  /** The status this request was answered with. */
  status: number;
}

export type Answer =
  number | { status: number; body?: string; headers?: Record<string, string> } | "hang" | "endless";

export interface Receiver {
  url: string;
  received: Received[];
  /** Requests answered 2xx: the messages the receiver accepted. */
  accepted(): Received[];
  /** Answers for the next requests, in order; after them, `then` (default 200). */
  answer(answers: Answer[], then?: Answer): void;
  waitFor(predicate: (received: Received[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  let queue: Answer[] = [];
  let fallback: Answer = 200;
  const received: Received[] = [];
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // kept as text
    }
    const answer = queue.shift() ?? fallback;
    const entry: Received = {
      at: Date.now(),
      path: request.url ?? "/",
      headers: request.headers,
      body,
      status: 0,
    };
    received.push(entry);
    if (answer === "hang") {
      entry.status = -1;
      return; // never answers; the sender must give up on its own
    }
    if (answer === "endless") {
      entry.status = 500;
      response.writeHead(500, { "content-type": "text/plain" });
      const chunk = "x".repeat(16 * 1024);
      const pump = () => {
        while (!response.destroyed && response.write(chunk)) {
          /* fill the socket */
        }
        if (!response.destroyed) response.once("drain", pump);
      };
      pump();
      return;
    }
    const {
      status,
      body: answerBody,
      headers,
    } = typeof answer === "number" ? { status: answer, body: undefined, headers: undefined } : answer;
    entry.status = status;
    response.writeHead(status, { "content-type": "text/plain", ...headers });
    response.end(answerBody ?? (status < 300 ? "ok" : `error ${status}`));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    accepted: () => received.filter((entry) => entry.status >= 200 && entry.status < 300),
    answer(answers, then = 200) {
      queue = [...answers];
      fallback = then;
    },
    async waitFor(predicate, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline) throw new Error(`receiver: condition not met within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
