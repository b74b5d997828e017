import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

// An MCP server over Streamable HTTP that initializes as any server does and then answers
// tools/call as a broken or hostile one would, one behaviour per path (/<scenario>): bodies
// of tens of megabytes, SSE streams that never end, JSON that does not parse or nests
// thousands deep. The host's SDK client copes (or fails) as it would without the reporter;
// what the recorder keeps of it must stay bounded.

interface Message {
  id?: number | string;
  method?: string;
}

type Handler = (message: Message, response: http.ServerResponse) => void;

const HUGE = 10 << 20;
const SSE = { "content-type": "text/event-stream", "cache-control": "no-cache" };
const JSON_TYPE = { "content-type": "application/json" };

function result(id: Message["id"], value: unknown): string {
  return JSON.stringify({ jsonrpc: "2.0", id, result: value });
}

function hugeText(id: Message["id"]): string {
  return result(id, { content: [{ type: "text", text: "x".repeat(HUGE) }] });
}

/** Writes SSE events for ever (until the client goes away). */
function endlessEvents(response: http.ServerResponse): void {
  const event = `event: message\ndata: ${JSON.stringify({
    jsonrpc: "2.0",
    method: "notifications/message",
    params: { level: "info", data: "y".repeat(16 * 1024) },
  })}\n\n`;
  // 64 KiB every 10 ms (6 MB/s): a stream that never ends, without making the test a CPU benchmark.
  const timer = setInterval(() => response.write(event.repeat(4)), 10);
  response.on("close", () => clearInterval(timer));
}

/** `{"a":{"a":…"bottom"…}}`, written as text (JSON.stringify recurses as deep as it nests). */
function deep(levels: number): string {
  return `${'{"a":'.repeat(levels)}"bottom"${"}".repeat(levels)}`;
}

const SCENARIOS: Record<string, Handler> = {
  "huge-sse": (message, response) => {
    response.writeHead(200, SSE);
    response.end(`event: message\ndata: ${hugeText(message.id)}\n\n`);
  },
  "huge-json": (message, response) => {
    response.writeHead(200, JSON_TYPE);
    response.end(hugeText(message.id));
  },
  "deep-json": (message, response) => {
    response.writeHead(200, JSON_TYPE);
    // 1,000 levels: far past Faultline's 64, and still within what the host's own JSON.stringify survives.
    const content = JSON.stringify([{ type: "text", text: "deep" }]);
    const answer = `{"content":${content},"structuredContent":${deep(1_000)}}`;
    response.end(`{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":${answer}}`);
  },
  "wide-json": (message, response) => {
    response.writeHead(200, JSON_TYPE);
    const blocks = Array.from({ length: 100_000 }, (_, index) => ({ type: "text", text: `b${index}` }));
    response.end(result(message.id, { content: blocks, isError: true }));
  },
  "endless-sse": (_message, response) => {
    response.writeHead(200, SSE);
    endlessEvents(response);
  },
  "answer-then-endless-sse": (message, response) => {
    response.writeHead(200, SSE);
    response.write(
      `event: message\ndata: ${result(message.id, { content: [{ type: "text", text: "ok" }] })}\n\n`,
    );
    endlessEvents(response);
  },
  "invalid-json": (_message, response) => {
    response.writeHead(200, JSON_TYPE);
    response.end('{"jsonrpc":"2.0","id":');
  },
  "invalid-sse": (_message, response) => {
    response.writeHead(200, SSE);
    response.write("event: message\ndata: {not json\n\n");
  },
  "huge-error-page": (_message, response) => {
    response.writeHead(500, { "content-type": "text/html" });
    response.end(`<html><title>Error</title>${"z".repeat(HUGE)}</html>`);
  },
  "endless-error-page": (_message, response) => {
    response.writeHead(502, { "content-type": "text/plain" });
    // 2 KB/s: the 64 KiB the recorder reads at most would take half a minute; it reads for a second.
    const timer = setInterval(() => response.write("bad gateway ".repeat(8)), 50);
    response.on("close", () => clearInterval(timer));
  },
  "octet-stream": (_message, response) => {
    response.writeHead(200, { "content-type": "application/octet-stream" });
    response.end(Buffer.alloc(HUGE, 7));
  },
};

export const MCP_SCENARIOS = Object.keys(SCENARIOS);

function handle(request: http.IncomingMessage, response: http.ServerResponse): void {
  if (request.method !== "POST") return void response.writeHead(405).end();
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const message = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Message;
    if (message.id === undefined) return void response.writeHead(202).end();
    if (message.method === "initialize") {
      // Longer than the 200 characters Faultline takes for a session id.
      response.writeHead(200, { ...JSON_TYPE, "mcp-session-id": `hostile-${"s".repeat(300)}` });
      return void response.end(
        result(message.id, {
          protocolVersion: "2025-06-18",
          capabilities: { tools: {} },
          serverInfo: { name: "hostile", version: "1.0.0" },
        }),
      );
    }
    const scenario = message.method === "tools/call" ? SCENARIOS[(request.url ?? "").slice(1)] : undefined;
    if (!scenario) {
      response.writeHead(200, JSON_TYPE);
      return void response.end(
        JSON.stringify({ jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "no" } }),
      );
    }
    scenario(message, response);
  });
}

export async function startHostileMcp(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(handle);
  const sockets = new Set<Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
