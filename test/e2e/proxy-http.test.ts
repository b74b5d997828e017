import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryEventStore } from "@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { freePort, startAppServer, type AppServer } from "../helpers/app-server";
import { PROXY, storedCalls, waitForCalls } from "../helpers/proxy";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// faultline-proxy in front of a remote server: a real Streamable HTTP server from the SDK (with
// sessions, an auth check and an event store for resumption) and a real HTTP+SSE one, the
// official SDK client (and plain fetch, to drive a stream by hand) through the built proxy,
// and what Faultline stored — the status, the network code, the timeout — read back through
// its API. The upstream's secret must never reach Faultline.

const KEY = "flk_proxy_http_key_00000000000000000";
const SECRET = "Bearer upstream-secret-4f1c9e";
let testDatabase: TestDatabase;
let faultline: AppServer;
let upstream: http.Server;
let upstreamUrl: string;
const proxies: ChildProcessWithoutNullStreams[] = [];

function mcpServer(): McpServer {
  const server = new McpServer({ name: "remote-crm", version: "1.0.0" }, { capabilities: { logging: {} } });
  server.registerTool("echo", { inputSchema: { text: z.string() } }, ({ text }) => ({
    content: [{ type: "text", text: `echo: ${text}` }],
  }));
  server.registerTool("locked", {}, () => ({
    content: [{ type: "text", text: "Error: the record is locked by another user" }],
    isError: true,
  }));
  server.registerTool("slow", { inputSchema: { ms: z.number() } }, async ({ ms }, extra) => {
    await extra.sendNotification({
      method: "notifications/message",
      params: { level: "info", data: "started" },
    });
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { content: [{ type: "text", text: `slept ${ms} ms` }] };
  });
  return server;
}

/** The upstream: Streamable HTTP at /mcp (sessions, resumable), HTTP+SSE at /sse + /messages, behind a bearer check. */
async function startUpstream(): Promise<void> {
  const streamable = new Map<string, StreamableHTTPServerTransport>();
  const sse = new Map<string, SSEServerTransport>();
  upstream = http.createServer(async (req, res) => {
    if (req.headers.authorization !== SECRET) {
      res
        .writeHead(401, { "content-type": "text/html" })
        .end("<html><body>401 Unauthorized: log in</body></html>");
      return;
    }
    const url = new URL(req.url ?? "/", "http://upstream");
    if (url.pathname === "/sse" && req.method === "GET") {
      const transport = new SSEServerTransport("/messages", res);
      sse.set(transport.sessionId, transport);
      res.on("close", () => sse.delete(transport.sessionId));
      await mcpServer().connect(transport);
      return;
    }
    if (url.pathname === "/messages" && req.method === "POST") {
      const transport = sse.get(url.searchParams.get("sessionId") ?? "");
      if (!transport) return void res.writeHead(404).end("no such session");
      await transport.handlePostMessage(req, res);
      return;
    }
    if (url.pathname !== "/mcp") return void res.writeHead(404).end();
    const sessionId = req.headers["mcp-session-id"];
    let transport = typeof sessionId === "string" ? streamable.get(sessionId) : undefined;
    if (!transport) {
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        eventStore: new InMemoryEventStore(),
        onsessioninitialized: (id) => void streamable.set(id, transport!),
      });
      await mcpServer().connect(transport);
    }
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
}

/** Starts the built proxy in front of `target`; resolves with its base URL once it listens. */
async function startProxy(server: string, target: string, extra: string[] = []): Promise<string> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [PROXY, "--listen", `127.0.0.1:${port}`, "--upstream", target, "--server", server, ...extra],
    {
      env: { ...process.env, FAULTLINE_URL: faultline.url, FAULTLINE_KEY: KEY },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  proxies.push(child);
  await new Promise<void>((resolve, reject) => {
    let said = "";
    child.stderr.on("data", (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes("listening on")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the proxy exited ${code}: ${said}`)));
  });
  return `http://127.0.0.1:${port}`;
}

async function connect(base: string, headers: Record<string, string> = { authorization: SECRET }) {
  const client = new Client({ name: "remote-agent", version: "0.9.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } });
  await client.connect(transport);
  return { client, transport };
}

/** The HTTP+SSE client: the GET stream at /sse, posts to the endpoint it names. */
async function connectSse(base: string) {
  const client = new Client({ name: "remote-agent", version: "0.9.0" });
  const headers = { authorization: SECRET };
  const transport = new SSEClientTransport(new URL(`${base}/sse`), {
    requestInit: { headers },
    eventSourceInit: {
      fetch: (url, init) => fetch(url, { ...init, headers: { ...init?.headers, ...headers } }),
    },
  });
  await client.connect(transport);
  return { client, transport };
}

beforeAll(async () => {
  testDatabase = await createTestDatabase("proxy_http");
  [faultline] = await Promise.all([
    startAppServer({
      DATABASE_URL: testDatabase.url,
      FAULTLINE_INIT_INGEST_KEY: KEY,
      FAULTLINE_READ_RATE_PER_SECOND: "0",
    }),
    startUpstream(),
  ]);
});
afterAll(async () => {
  for (const child of proxies) child.kill("SIGKILL");
  upstream?.closeAllConnections();
  upstream?.close();
  await faultline?.stop();
  await testDatabase?.drop();
});

describe("Streamable HTTP through the proxy", () => {
  it("passes the session and the auth header through, records each call with the session, and never the secret", async () => {
    const proxy = await startProxy("http-e2e", `${upstreamUrl}/mcp`);
    const { client, transport } = await connect(proxy);
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await client.callTool({ name: "echo", arguments: { text: "hello" } })).content).toEqual([
      { type: "text", text: "echo: hello" },
    ]);
    expect((await client.callTool({ name: "locked", arguments: {} })).isError).toBe(true);
    const sessionId = transport.sessionId;
    await transport.terminateSession();
    await client.close();

    const calls = await waitForCalls(faultline.url, KEY, "server=http-e2e&method=tools/call", 2);
    expect(calls.map((call) => [call.tool, call.outcome, call.httpStatus])).toEqual([
      ["echo", "ok", 200],
      ["locked", "tool_error", 200],
    ]);
    for (const call of calls) {
      expect(call).toMatchObject({ sessionId, agent: "remote-agent/0.9.0", protocolVersion: "2025-11-25" });
    }
    const [init] = await storedCalls(faultline.url, KEY, "server=http-e2e&method=initialize");
    expect(init).toMatchObject({ sessionId, outcome: "ok" });
    // Nothing Faultline keeps holds the upstream's credential.
    const pool = testDatabase.database.pool;
    const tables = await pool.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    expect(tables.rows.map((table) => table.name)).toContain("calls");
    for (const { name } of tables.rows) {
      const { rows } = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${name}" AS t WHERE row_to_json(t)::text LIKE '%upstream-secret%'`,
      );
      expect(rows[0]!.n, name).toBe(0);
    }
  }, 60_000);

  it("streams SSE through as it comes (a notification arrives long before the result)", async () => {
    const proxy = await startProxy("http-stream", `${upstreamUrl}/mcp`);
    const { client } = await connect(proxy);
    let notified = 0;
    client.setNotificationHandler(
      z.object({ method: z.literal("notifications/message"), params: z.object({}).passthrough() }),
      () => void (notified = performance.now()),
    );
    const started = performance.now();
    await client.callTool({ name: "slow", arguments: { ms: 800 } });
    const answered = performance.now();
    expect(notified).toBeGreaterThan(0);
    expect(answered - notified).toBeGreaterThan(600);
    expect(notified - started).toBeLessThan(400);
    await client.close();
    const [call] = await waitForCalls(faultline.url, KEY, "server=http-stream&method=tools/call", 1);
    expect(call).toMatchObject({ tool: "slow", outcome: "ok" });
    expect(call!.durationMs).toBeGreaterThanOrEqual(790);
  }, 60_000);

  it("resumes with Last-Event-ID: a call whose stream broke is answered on the GET stream, and recorded once", async () => {
    const proxy = await startProxy("http-resume", `${upstreamUrl}/mcp`);
    const { transport } = await connect(proxy);
    const sessionId = transport.sessionId!;
    const headers = {
      authorization: SECRET,
      "mcp-session-id": sessionId,
      "mcp-protocol-version": "2025-11-25",
      accept: "application/json, text/event-stream",
      "content-type": "application/json",
    };
    const controller = new AbortController();
    const posted = await fetch(`${proxy}/mcp`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 41,
        method: "tools/call",
        params: { name: "slow", arguments: { ms: 700 } },
      }),
      signal: controller.signal,
    });
    expect(posted.headers.get("content-type")).toMatch(/event-stream/);
    // Read up to the first event (the notification) and its id, then drop the stream.
    const reader = posted.body!.getReader();
    let text = "";
    while (!/\n\n/.test(text)) text += new TextDecoder().decode((await reader.read()).value);
    const lastEventId = /^id: ?(.+)$/m.exec(text)![1]!;
    controller.abort();
    const resumed = await fetch(`${proxy}/mcp`, {
      method: "GET",
      headers: { ...headers, accept: "text/event-stream", "last-event-id": lastEventId },
    });
    expect(resumed.status).toBe(200);
    const replay = resumed.body!.getReader();
    let rest = "";
    while (!rest.includes('"id":41')) rest += new TextDecoder().decode((await replay.read()).value);
    expect(rest).toContain("slept 700 ms");
    await replay.cancel();
    await transport.terminateSession().catch(() => undefined);

    const calls = await waitForCalls(faultline.url, KEY, "server=http-resume&method=tools/call", 1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await storedCalls(faultline.url, KEY, "server=http-resume&method=tools/call")).toHaveLength(1);
    expect(calls[0]).toMatchObject({ tool: "slow", outcome: "ok", sessionId });
    expect(calls[0]!.text).toContain("slept 700 ms");
  }, 60_000);

  it("an upstream answering 401 (a login page): recorded as the status, the page as the text", async () => {
    const proxy = await startProxy("http-401", `${upstreamUrl}/mcp`);
    await expect(connect(proxy, {})).rejects.toThrow(/401/);
    const [init] = await waitForCalls(faultline.url, KEY, "server=http-401&method=initialize", 1);
    expect(init).toMatchObject({
      outcome: "transport_error",
      httpStatus: 401,
      errorCode: "http_401",
      category: "auth",
    });
    expect(init!.text).toContain("401 Unauthorized");
  }, 60_000);
});

describe("HTTP+SSE (the 2024-11-05 transport) through the proxy", () => {
  it("the GET stream and the endpoint it names pass through; calls posted there are paired with answers on the stream", async () => {
    const proxy = await startProxy("http-sse", `${upstreamUrl}/sse`);
    const { client } = await connectSse(proxy);
    expect((await client.callTool({ name: "echo", arguments: { text: "old transport" } })).content).toEqual([
      { type: "text", text: "echo: old transport" },
    ]);
    await client.callTool({ name: "locked", arguments: {} });
    await client.close();
    const calls = await waitForCalls(faultline.url, KEY, "server=http-sse&method=tools/call", 2);
    expect(calls.map((call) => [call.tool, call.outcome])).toEqual([
      ["echo", "ok"],
      ["locked", "tool_error"],
    ]);
    expect(calls[0]!.sessionId).toBe(calls[1]!.sessionId);
    expect(calls[0]!.agent).toBe("remote-agent/0.9.0");
  }, 60_000);

  it("a server whose SSE lines end in a bare CR (valid SSE): the endpoint event arrives, made relative, and calls are recorded", async () => {
    // Written by hand: the SDK's server ends lines in "\n". Every line here ends in "\r". Each
    // event is followed by a comment line: a client's parser waits on a "\r" at the end of what
    // it has (a "\n" may follow), so the event's blank line is only known when more comes.
    let stream: http.ServerResponse | undefined;
    const send = (message: unknown) =>
      stream?.write(`event: message\rdata: ${JSON.stringify(message)}\r\r:\r`);
    const bare = http.createServer((req, res) => {
      if (req.method === "GET") {
        stream = res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
        const { port } = bare.address() as AddressInfo;
        res.write(`: hello\revent: endpoint\rdata: http://127.0.0.1:${port}/messages?sessionId=cr\r\r:\r`);
        return;
      }
      let text = "";
      req.on("data", (chunk: Buffer) => (text += chunk.toString()));
      req.on("end", () => {
        res.writeHead(202).end();
        const message = JSON.parse(text) as {
          id?: number;
          method: string;
          params?: { protocolVersion?: string };
        };
        if (message.id === undefined) return;
        if (message.method === "initialize")
          send({
            jsonrpc: "2.0",
            id: message.id,
            result: {
              protocolVersion: message.params?.protocolVersion,
              capabilities: { tools: {} },
              serverInfo: { name: "bare-cr", version: "1.0.0" },
            },
          });
        else
          send({
            jsonrpc: "2.0",
            id: message.id,
            result: { content: [{ type: "text", text: "Error: quota exceeded" }], isError: true },
          });
      });
    });
    await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
    try {
      const proxy = await startProxy(
        "http-sse-cr",
        `http://127.0.0.1:${(bare.address() as AddressInfo).port}/sse`,
      );
      // The endpoint as the client sees it: relative, so it posts through the proxy.
      const response = await fetch(`${proxy}/sse`);
      const reader = response.body!.getReader();
      let seen = "";
      const deadline = Date.now() + 5_000;
      while (!seen.includes("sessionId=cr") && Date.now() < deadline)
        seen += new TextDecoder().decode((await reader.read()).value);
      await reader.cancel();
      expect(seen).toContain("data: /messages?sessionId=cr\r\r");

      const client = new Client({ name: "remote-agent", version: "0.9.0" });
      await client.connect(new SSEClientTransport(new URL(`${proxy}/sse`)));
      const result = await client.callTool({ name: "charge", arguments: {} });
      expect(result.isError).toBe(true);
      await client.close();
      const [call] = await waitForCalls(faultline.url, KEY, "server=http-sse-cr&method=tools/call", 1);
      expect(call).toMatchObject({ tool: "charge", outcome: "tool_error" });
    } finally {
      bare.closeAllConnections();
      bare.close();
    }
  }, 60_000);
});

describe("an upstream that fails", () => {
  const post = (base: string) =>
    fetch(`${base}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "lookup", arguments: {} },
      }),
    });

  it("nothing listening: the client gets a 502 naming the code, Faultline the network code", async () => {
    const port = await freePort();
    const proxy = await startProxy("http-down", `http://127.0.0.1:${port}/mcp`);
    const response = await post(proxy);
    expect(response.status).toBe(502);
    expect(await response.text()).toContain("ECONNREFUSED");
    const [call] = await waitForCalls(faultline.url, KEY, "server=http-down", 1);
    expect(call).toMatchObject({
      tool: "lookup",
      outcome: "transport_error",
      transportError: "ECONNREFUSED",
      errorCode: "econnrefused",
      httpStatus: null,
    });
  }, 60_000);

  it("an upstream that never answers: a 504 after --timeout-ms, recorded as a timeout", async () => {
    const silent = http.createServer(() => {}); // takes the request, never answers
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const target = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/mcp`;
      const proxy = await startProxy("http-timeout", target, ["--timeout-ms", "500"]);
      const started = performance.now();
      const response = await post(proxy);
      expect(response.status).toBe(504);
      expect(performance.now() - started).toBeLessThan(3_000);
      const [call] = await waitForCalls(faultline.url, KEY, "server=http-timeout", 1);
      expect(call).toMatchObject({
        outcome: "transport_error",
        transportError: "timeout",
        errorCode: "timeout",
      });
      expect(call!.durationMs).toBeGreaterThanOrEqual(490);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  }, 60_000);

  it("an upstream that answers 503 with a page: the status and the page", async () => {
    const failing = http.createServer((_req, res) =>
      res.writeHead(503, { "content-type": "text/html" }).end("<h1>503 Service Temporarily Unavailable</h1>"),
    );
    await new Promise<void>((resolve) => failing.listen(0, "127.0.0.1", resolve));
    try {
      const proxy = await startProxy(
        "http-503",
        `http://127.0.0.1:${(failing.address() as AddressInfo).port}/mcp`,
      );
      const response = await post(proxy);
      expect(response.status).toBe(503);
      expect(await response.text()).toContain("Temporarily Unavailable");
      const [call] = await waitForCalls(faultline.url, KEY, "server=http-503", 1);
      expect(call).toMatchObject({
        outcome: "transport_error",
        httpStatus: 503,
        errorCode: "http_503",
        category: "transient",
      });
    } finally {
      failing.close();
    }
  }, 60_000);
});

describe("secrets the client sent, echoed back by the upstream", () => {
  it("are masked wherever they appear in what the proxy records: a 401 page, a tool's text; no table holds them", async () => {
    const API_KEY = "sk_live_echo_5a1b2c3d";
    const TOKEN = "tok_echo_9z8y7x";
    const echoing = http.createServer((req, res) => {
      let text = "";
      req.on("data", (chunk: Buffer) => (text += chunk.toString()));
      req.on("end", () => {
        const { id } = JSON.parse(text) as { id: number };
        const key = String(req.headers["x-api-key"]);
        if (id === 1) {
          res
            .writeHead(401, { "content-type": "text/html" })
            .end(`<h1>401</h1><p>The key ${key} is not valid (you sent ${req.headers.authorization})</p>`);
          return;
        }
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            jsonrpc: "2.0",
            id,
            result: { content: [{ type: "text", text: `Error: quota exceeded for key ${key}` }] },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => echoing.listen(0, "127.0.0.1", resolve));
    try {
      const target = `http://127.0.0.1:${(echoing.address() as AddressInfo).port}/mcp`;
      const proxy = await startProxy("http-echo", target);
      for (const id of [1, 2]) {
        await fetch(`${proxy}/mcp`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json",
            "x-api-key": API_KEY,
            authorization: `Bearer ${TOKEN}`,
          },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id,
            method: "tools/call",
            params: { name: "lookup", arguments: {} },
          }),
        });
      }
      const calls = await waitForCalls(faultline.url, KEY, "server=http-echo", 2);
      const byStatus = new Map(calls.map((call) => [call.httpStatus, call]));
      expect(byStatus.get(401)!.text).toContain("The key [REDACTED] is not valid (you sent [REDACTED])");
      expect(byStatus.get(200)).toMatchObject({ silentFailure: true });
      expect(byStatus.get(200)!.text).toContain("quota exceeded for key [REDACTED]");
      const pool = testDatabase.database.pool;
      const tables = await pool.query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
      );
      for (const { name } of tables.rows) {
        const { rows } = await pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "${name}" AS t WHERE row_to_json(t)::text LIKE '%' || $1 || '%' OR row_to_json(t)::text LIKE '%' || $2 || '%'`,
          [API_KEY, TOKEN],
        );
        expect(rows[0]!.n, name).toBe(0);
      }
    } finally {
      echoing.close();
    }
  }, 60_000);
});

describe("requests from elsewhere (the MCP rule for a local HTTP server: check Host and Origin)", () => {
  /** A raw POST of one call, with the Host and Origin we choose (fetch would set Host itself). */
  const call = (base: string, id: number, headers: Record<string, string>) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(`${base}/mcp`);
      const body = JSON.stringify({
        jsonrpc: "2.0",
        id,
        method: "tools/call",
        params: { name: "lookup", arguments: {} },
      });
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json", ...headers },
        },
        (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on("error", reject);
      req.end(body);
    });

  it("a rebinding page's Host and another site's Origin get a 403 naming the header; neither reaches the upstream nor Faultline", async () => {
    let reached = 0;
    const answering = http.createServer((req, res) => {
      reached += 1;
      let text = "";
      req.on("data", (chunk: Buffer) => (text += chunk.toString()));
      req.on("end", () => {
        const { id } = JSON.parse(text) as { id: number };
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ jsonrpc: "2.0", id, result: { content: [{ type: "text", text: "ok" }] } }));
      });
    });
    await new Promise<void>((resolve) => answering.listen(0, "127.0.0.1", resolve));
    try {
      const target = `http://127.0.0.1:${(answering.address() as AddressInfo).port}/mcp`;
      const proxy = await startProxy("http-source", target, ["--allow-origin", "https://app.example.com/"]);
      const port = new URL(proxy).port;

      const rebinding = await call(proxy, 1, { host: `attacker.example:${port}` });
      expect(rebinding.status).toBe(403);
      expect(rebinding.body).toContain("Host");
      expect(rebinding.body).toContain("--allow-host");
      const otherSite = await call(proxy, 2, { origin: "https://evil.example" });
      expect(otherSite.status).toBe(403);
      expect(otherSite.body).toContain("Origin");
      expect((await call(proxy, 3, { origin: "null" })).status).toBe(403);
      expect((await call(proxy, 4, { host: `127.0.0.1:${Number(port) + 1}` })).status).toBe(403);
      expect(reached).toBe(0);

      // What may pass: no Origin (an agent), a page of this machine (the Inspector), an allowed origin, localhost.
      expect((await call(proxy, 5, {})).status).toBe(200);
      expect((await call(proxy, 6, { origin: "http://localhost:6274" })).status).toBe(200);
      expect((await call(proxy, 7, { origin: "https://app.example.com" })).status).toBe(200);
      expect((await call(proxy, 8, { host: `localhost:${port}` })).status).toBe(200);
      expect(reached).toBe(4);

      const calls = await waitForCalls(faultline.url, KEY, "server=http-source", 4);
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // a refused call, were it sent, would be here by now
      expect(await storedCalls(faultline.url, KEY, "server=http-source")).toHaveLength(calls.length);
      expect(calls).toHaveLength(4);
    } finally {
      answering.close();
    }
  }, 60_000);
});
