import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { gzipSync } from "node:zlib";
import { callSchema, fieldErrors } from "../../lib/schemas/call";

// A stand-in for Faultline's webhook that answers as a broken or hostile endpoint would, one
// behaviour per key (the reporter sends `Authorization: Bearer <key>`, and always posts to
// /api/v1/calls, so the key is what tells the scenarios apart). "valid" answers as Faultline
// does — each call checked against Faultline's own call schema, ids remembered so a resend is
// a duplicate — and keeps what it stored, for the recorder's tests to look at.

type Handler = (request: http.IncomingMessage, response: http.ServerResponse, endpoint: Endpoint) => void;

interface Endpoint {
  redirectTo: string;
  requests: Map<string, number>;
  stored: Map<string, Map<string, unknown>>;
}

export interface HostileEndpoint {
  url: string;
  /** Requests received for a key. */
  requests(key: string): number;
  /** Calls a "valid…" key stored, by id. */
  stored(key: string): Map<string, unknown>;
  /** Requests the redirect target received: it must receive none. */
  redirectTargetHits(): number;
  close(): Promise<void>;
}

const JSON_TYPE = { "content-type": "application/json" };

const answer =
  (body: string, status = 200, headers: http.OutgoingHttpHeaders = JSON_TYPE): Handler =>
  (_request, response) => {
    response.writeHead(status, headers);
    response.end(body);
  };

/** Writes `chunk` for ever (or until `total` bytes, then `tail`), as fast as the reader takes it. */
function stream(response: http.ServerResponse, chunk: Buffer, total = Infinity, tail = ""): void {
  let sent = 0;
  const pump = () => {
    while (sent < total && !response.destroyed) {
      sent += chunk.length;
      if (!response.write(chunk)) return void response.once("drain", pump);
    }
    if (!response.destroyed) response.end(tail);
  };
  pump();
}

/** 16 gzip members of 64 MiB of zeros: a 1 MB answer that inflates to 1 GiB. */
let bomb: Buffer | undefined;
function gzipBomb(): Buffer {
  bomb ??= Buffer.concat(Array<Buffer>(16).fill(gzipSync(Buffer.alloc(64 << 20), { level: 9 })));
  return bomb;
}

const MAX_BODY_BYTES = 5 * 1024 * 1024;

/** Faultline's webhook: a body over 5 MiB is refused with 413, each call checked, duplicates counted. */
function storeAsFaultline(answers = true): Handler {
  return (request, response, endpoint) => {
    const key = keyOf(request);
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      if (body.length > MAX_BODY_BYTES) {
        const refused =
          '{"error":{"code":"payload_too_large","message":"body: must be at most 5242880 bytes"}}';
        return answer(refused, 413)(request, response, endpoint);
      }
      const stored = endpoint.stored.get(key) ?? new Map<string, unknown>();
      endpoint.stored.set(key, stored);
      const calls = (JSON.parse(body.toString("utf8")) as { calls: unknown[] }).calls;
      const result = { accepted: 0, duplicates: 0, rejected: [] as unknown[], calls: [] as unknown[] };
      calls.forEach((call, index) => {
        const parsed = callSchema.safeParse(call);
        if (!parsed.success) return void result.rejected.push({ index, errors: fieldErrors(parsed.error) });
        const id = parsed.data.id!;
        const duplicate = stored.has(id);
        stored.set(id, call);
        result[duplicate ? "duplicates" : "accepted"] += 1;
        result.calls.push({ index, id, duplicate });
      });
      // Stored, and then the connection is lost before the answer: the sender cannot know.
      if (!answers) return void (request.socket as Socket).resetAndDestroy();
      const status = result.calls.length === 0 ? 400 : result.rejected.length > 0 ? 207 : 200;
      answer(JSON.stringify(result), status)(request, response, endpoint);
    });
  };
}

/** Faultline's answer for `count` calls all stored: what the bodies below look like, when they can be read. */
const storedAnswer = (count: number) => `{"accepted":${count},"duplicates":0,"rejected":[],"calls":[]}`;

/**
 * Reads the request (to count its calls), then replies with `reply(count)`: a body that would
 * be a valid answer for exactly these calls, had it not been spoilt in some other way.
 */
function answering(
  reply: (count: number, request: http.IncomingMessage, response: http.ServerResponse) => void,
): Handler {
  return (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const calls = (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { calls: unknown[] }).calls;
      reply(calls.length, request, response);
    });
  };
}

const SCENARIOS: Record<string, Handler> = {
  valid: storeAsFaultline(),
  /** Faultline, answering after 300 ms: calls keep coming while a batch is in flight. */
  "valid-slow": (request, response, endpoint) =>
    void setTimeout(() => storeAsFaultline()(request, response, endpoint), 300),
  null: answer("null"),
  string: answer('"string"'),
  array: answer("[]"),
  "accepted-not-a-number": answer('{"accepted":"x"}'),
  "rejected-object": answer('{"accepted":0,"duplicates":0,"rejected":{},"calls":[]}'),
  "rejected-numbers": answer('{"accepted":0,"duplicates":0,"rejected":[1],"calls":[]}'),
  "rejected-index-string": answer('{"accepted":0,"duplicates":0,"rejected":[{"index":"a"}],"calls":[]}'),
  "rejected-errors-null": answer('{"accepted":0,"duplicates":0,"rejected":[{"errors":null}],"calls":[]}'),
  /** Well-formed, but it answers for one call, whatever was sent. */
  "counts-do-not-add-up": answer('{"accepted":1,"duplicates":0,"rejected":[],"calls":[]}'),
  /** A valid answer's bytes, sent as an HTML page (a captive portal, a proxy's login page). */
  "text-html": answering((count, _request, response) => {
    response.writeHead(200, { "content-type": "text/html" }).end(storedAnswer(count));
  }),
  "invalid-utf8": answering((count, _request, response) => {
    const [before, after] = storedAnswer(count).split("[]}");
    response.writeHead(200, JSON_TYPE);
    response.end(
      Buffer.concat([Buffer.from(`${before}["`), Buffer.from([0xff, 0xfe]), Buffer.from(`"]}${after}`)]),
    );
  }),
  /** 1 MB of nesting: under the size bound, and JSON.parse alone would hold the loop ~0.2 s. */
  "deep-json": answer(`${"[".repeat(500_000)}${"]".repeat(500_000)}`),
  /** 150 MB of a valid answer (a "calls" list that goes on): read whole, it would be parsed whole. */
  "huge-json": answering((count, _request, response) => {
    response.writeHead(200, JSON_TYPE);
    response.write(storedAnswer(count).replace("[]}", "["));
    stream(response, Buffer.from(`${'{"id":"x"},'.repeat(6_000)}`), 150 << 20, '{"id":"x"}]}');
  }),
  "gzip-bomb": (_request, response) => {
    response.writeHead(200, { ...JSON_TYPE, "content-encoding": "gzip" });
    response.end(gzipBomb());
  },
  "endless-body": (_request, response) => {
    response.writeHead(200, JSON_TYPE);
    stream(response, Buffer.alloc(64 * 1024, 0x20));
  },
  /** A valid answer, one character every 100 ms: whole after about 5 s. */
  "slow-body": answering((count, _request, response) => {
    response.writeHead(200, JSON_TYPE);
    const body = storedAnswer(count);
    let index = 0;
    const timer = setInterval(() => {
      if (response.destroyed || index >= body.length) return void clearInterval(timer);
      response.write(body[index++]!);
      if (index === body.length) response.end();
    }, 100);
    response.on("close", () => clearInterval(timer));
  }),
  "headers-never": () => {},
  "redirect-302": (_request, response, endpoint) =>
    answer("", 302, { location: endpoint.redirectTo })(_request, response, endpoint),
  "redirect-307": (_request, response, endpoint) =>
    answer("", 307, { location: endpoint.redirectTo })(_request, response, endpoint),
  "redirect-308": (_request, response, endpoint) =>
    answer("", 308, { location: endpoint.redirectTo })(_request, response, endpoint),
  "reset-mid-body": answering((count, request, response) => {
    response.writeHead(200, JSON_TYPE);
    response.write(storedAnswer(count).slice(0, 30));
    setTimeout(() => (request.socket as Socket).resetAndDestroy(), 50);
  }),
  "ok-then-reset": (request, response) => {
    response.writeHead(200, JSON_TYPE);
    response.flushHeaders();
    setTimeout(() => (request.socket as Socket).resetAndDestroy(), 50);
  },
  /** Stores the calls but the connection drops before the answer, once; then answers as usual. */
  "stored-then-reset": (request, response, endpoint) =>
    storeAsFaultline(endpoint.requests.get(keyOf(request)) !== 1)(request, response, endpoint),
  "retry-after-zero": answer('{"error":{"code":"busy","message":"busy"}}', 503, {
    ...JSON_TYPE,
    "retry-after": "0",
  }),
  unauthorized: answer('{"error":{"code":"unauthorized","message":"the key was revoked"}}', 401),
};

export const ENDPOINT_SCENARIOS = Object.keys(SCENARIOS);

function keyOf(request: http.IncomingMessage): string {
  return (request.headers.authorization ?? "").replace(/^Bearer /, "");
}

function listen(
  handler: http.RequestListener,
): Promise<{ server: http.Server; url: string; sockets: Set<Socket> }> {
  const server = http.createServer(handler);
  const sockets = new Set<Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sockets }),
    ),
  );
}

function close(server: http.Server, sockets: Set<Socket>): Promise<void> {
  for (const socket of sockets) socket.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}

export async function startHostileEndpoint(): Promise<HostileEndpoint> {
  gzipBomb();
  let targetHits = 0;
  const target = await listen((_request, response) => {
    targetHits += 1;
    response.writeHead(200, JSON_TYPE).end(storedAnswer(5));
  });
  const endpoint: Endpoint = {
    redirectTo: `${target.url}/api/v1/calls`,
    requests: new Map(),
    stored: new Map(),
  };
  const main = await listen((request, response) => {
    const key = keyOf(request);
    endpoint.requests.set(key, (endpoint.requests.get(key) ?? 0) + 1);
    const scenario = SCENARIOS[key.replace(/:.*$/, "")];
    if (!scenario)
      return void answer('{"error":{"code":"unauthorized","message":"unknown key"}}', 401)(
        request,
        response,
        endpoint,
      );
    scenario(request, response, endpoint);
  });
  return {
    url: main.url,
    requests: (key) => endpoint.requests.get(key) ?? 0,
    stored: (key) => endpoint.stored.get(key) ?? new Map(),
    redirectTargetHits: () => targetHits,
    close: async () => {
      await Promise.all([close(main.server, main.sockets), close(target.server, target.sockets)]);
    },
  };
}
