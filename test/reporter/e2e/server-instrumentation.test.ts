import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServerReporter, type ServerReporter } from "../../../lib/reporter/server";
import type { CallReport } from "../../../lib/reporter/types";
import type { ServerHostConfig, ServerHostReport } from "../../fixtures/server-host.mts";
import { crmServer, inventoryServer } from "../../fixtures/instrumented-servers";
import { startAppServer, type AppServer } from "../../helpers/app-server";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";

// The server instrumentation against real things on both sides: MCP servers written with the
// real SDK (test/fixtures/instrumented-servers.ts), called by the real SDK client over
// in-memory, stdio (a child process) and Streamable HTTP, reporting to a running Faultline —
// and what Faultline stored for each call, read back through its API.

const KEY = "flk_server_instrumentation_key_000000";
const HOST = path.join(process.cwd(), "test", "fixtures", "server-host.mts");
let testDatabase: TestDatabase;
let faultline: AppServer;

beforeAll(async () => {
  testDatabase = await createTestDatabase("server_instrumentation");
  faultline = await startAppServer({
    DATABASE_URL: testDatabase.url,
    FAULTLINE_INIT_INGEST_KEY: KEY,
    FAULTLINE_READ_RATE_PER_SECOND: "0",
  });
});
afterAll(async () => {
  await faultline?.stop();
  await testDatabase?.drop();
});

interface StoredCall {
  id: string;
  server: string;
  tool: string;
  agent: string | null;
  sessionId: string;
  protocolVersion: string | null;
  durationMs: number;
  argumentsHash: string | null;
  outcome: string;
  category: string | null;
  errorCode: string | null;
  silentFailure: boolean;
  transportError: string | null;
  retryable: boolean | null;
  text: string;
  flags: string[];
}

async function stored(id: string): Promise<StoredCall> {
  const response = await fetch(`${faultline.url}/api/v1/calls/${encodeURIComponent(id)}`, {
    headers: { authorization: `Bearer ${KEY}` },
  });
  expect(response.status, `call ${id} stored`).toBe(200);
  return (await response.json()) as StoredCall;
}

/** A reporter to this Faultline that also keeps what it sent, to look each call up by its id. */
function reporterFor(options: { agent?: string } = {}) {
  const recorded: CallReport[] = [];
  const reporter = createServerReporter({
    url: faultline.url,
    key: KEY,
    flushIntervalMs: 100,
    ...options,
    transform: (call) => {
      recorded.push(call);
      return call;
    },
  });
  const only = (tool: string): CallReport => {
    const calls = recorded.filter((call) => call.tool === tool);
    expect(calls, `one report of ${tool}`).toHaveLength(1);
    return calls[0]!;
  };
  return { reporter, recorded, only };
}

/** Closes the reporter and checks every call reached Faultline, once. */
async function delivered(reporter: ServerReporter, calls: number) {
  await reporter.close();
  expect(reporter.stats()).toMatchObject({ reported: calls, delivered: calls, dropped: 0, pending: 0 });
}

describe("McpServer", () => {
  it("reports each kind of outcome once, paired by id while calls interleave (in-memory)", async () => {
    const { reporter, recorded, only } = reporterFor();
    const server = crmServer((made) => reporter.instrument(made));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "support-bot", version: "1.2.3" });
    await client.connect(clientSide);

    // All at once: the slow lookup is answered after every call made after it.
    const answers = await Promise.allSettled([
      client.callTool({ name: "lookup_lead", arguments: { id: "L-1", delayMs: 250 } }),
      client.callTool({ name: "update_lead", arguments: { id: "L-2" } }),
      client.callTool({ name: "send_email", arguments: { to: "ada@example.com" } }),
      client.callTool({ name: "charge_card", arguments: { amount: 120 } }),
      client.callTool({ name: "parse_date", arguments: { value: "2026-12-01" } }),
      client.callTool({ name: "find_customer", arguments: { id: 42 } }),
      client.callTool({ name: "delete_everything", arguments: {} }),
      client.callTool({ name: "export_report", arguments: { ms: 5_000 } }, undefined, { timeout: 300 }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([...Array(7).fill("fulfilled"), "rejected"]);
    await client.close();
    await delivered(reporter, 8);
    expect(new Set(recorded.map((call) => call.sessionId)).size).toBe(1);

    const lookup = await stored(only("lookup_lead").id);
    expect(lookup).toMatchObject({
      server: "crm",
      outcome: "ok",
      category: null,
      agent: "support-bot/1.2.3",
      protocolVersion: "2025-11-25",
      text: "Lead L-1: Ada Lovelace, Analytical Engines Ltd",
    });
    expect(lookup.durationMs).toBeGreaterThanOrEqual(240);
    expect(lookup.durationMs).toBeLessThan(2_000);
    expect(lookup.argumentsHash).toMatch(/^[0-9a-f]{64}$/); // keyed with the project's secret

    // structuredContent.error.code is the code; "locked" names no category Faultline knows.
    expect(await stored(only("update_lead").id)).toMatchObject({
      outcome: "tool_error",
      category: "unknown",
      errorCode: "lead_locked",
      text: "Lead L-2 is locked by another user",
    });
    expect(await stored(only("send_email").id)).toMatchObject({
      outcome: "tool_error",
      category: "rate_limited",
      errorCode: null,
      retryable: true,
      text: "Rate limit exceeded: 10 emails per minute. Retry after 30 seconds.",
    });
    // Thrown: the client saw only the message; the class travels in the report.
    const charge = only("charge_card");
    expect(charge.serverError).toEqual({
      name: "PaymentDeclinedError",
      message: "card declined: insufficient funds for 120 EUR",
    });
    expect(await stored(charge.id)).toMatchObject({
      outcome: "tool_error",
      category: "business",
      errorCode: null,
      text: "card declined: insufficient funds for 120 EUR",
    });
    const parse = only("parse_date");
    expect(parse.serverError).toMatchObject({ name: "TypeError", message: expect.stringMatching(/split/) });
    expect(await stored(parse.id)).toMatchObject({
      outcome: "tool_error",
      category: "internal",
      agent: "support-bot/1.2.3",
      text: "Cannot read properties of undefined (reading 'split')",
    });
    expect(await stored(only("find_customer").id)).toMatchObject({
      outcome: "ok",
      silentFailure: true,
      category: "validation",
      flags: expect.arrayContaining(["error_text"]),
      text: "Error: customer 42 not found",
    });
    expect(await stored(only("delete_everything").id)).toMatchObject({
      outcome: "tool_error",
      category: "unknown_tool",
      errorCode: "-32602",
      text: "MCP error -32602: Tool delete_everything not found",
    });
    // The client gave up after 300 ms and said so (notifications/cancelled): the SDK never answers
    // it. The cancellation's reason says it timed out.
    const timedOut = await stored(only("export_report").id);
    expect(timedOut).toMatchObject({
      outcome: "transport_error",
      category: "transient",
      errorCode: "timeout",
      transportError: "cancelled",
      text: "McpError: MCP error -32001: Request timed out",
    });
    expect(timedOut.durationMs).toBeGreaterThanOrEqual(290);
    expect(timedOut.durationMs).toBeLessThan(2_000);
  });

  it("reports a call cut off by the connection closing as connection_closed", async () => {
    const { reporter, only } = reporterFor();
    const server = crmServer((made) => reporter.instrument(made));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "support-bot", version: "1.2.3" });
    await client.connect(clientSide);
    const pending = client.callTool({ name: "export_report", arguments: { ms: 5_000 } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await client.close();
    await expect(pending).rejects.toThrow(/closed/i);
    await delivered(reporter, 1);
    expect(await stored(only("export_report").id)).toMatchObject({
      outcome: "transport_error",
      category: "transient",
      errorCode: "connection_closed",
    });
  });

  it("reports a real stdio server in its own process, flushed when its client goes away", async () => {
    const config: ServerHostConfig = { transport: "stdio", faultlineUrl: faultline.url, key: KEY };
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ["--import", "tsx", HOST],
      env: { ...(process.env as Record<string, string>), HOST_CONFIG: JSON.stringify(config) },
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: "desktop-app", version: "0.9" });
    await client.connect(transport);
    await Promise.all([
      client.callTool({ name: "lookup_lead", arguments: { id: "L-9", delayMs: 50 } }),
      client.callTool({ name: "charge_card", arguments: { amount: 5 } }),
      client.callTool({ name: "parse_date", arguments: { value: "x" } }),
    ]);
    // Ends the server's stdin: it closes its reporter and exits (close() waits for the process to end).
    await client.close();
    const host = JSON.parse(stderr.trim().split("\n").pop()!) as ServerHostReport;
    expect(host.unhandled).toEqual([]);
    expect(host.stats).toMatchObject({ reported: 3, delivered: 3, dropped: 0, pending: 0 });
    const byTool = Object.fromEntries(host.recorded.map((call) => [call.tool, call]));
    expect(byTool.charge_card!.serverError?.name).toBe("PaymentDeclinedError");
    expect(byTool.parse_date!.serverError?.name).toBe("TypeError");
    const lookup = await stored(byTool.lookup_lead!.id);
    expect(lookup).toMatchObject({ server: "crm", outcome: "ok", agent: "desktop-app/0.9" });
    expect(lookup.durationMs).toBeGreaterThanOrEqual(45);
    expect(await stored(byTool.charge_card!.id)).toMatchObject({
      outcome: "tool_error",
      category: "business",
    });
  });
});

/** An HTTP listener serving `handle`; closed by the returned function. */
async function listen(handle: http.RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

async function readJson(request: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
}

describe("over Streamable HTTP", () => {
  it("a low-level Server with its own tools/call handler, a server per session, instrumented before and after its handler is set", async () => {
    const { reporter, recorded } = reporterFor();
    const sessions = new Map<string, StreamableHTTPServerTransport>();
    let made = 0;
    const app = await listen(async (request, response) => {
      const body = await readJson(request);
      const id = request.headers["mcp-session-id"];
      let transport = typeof id === "string" ? sessions.get(id) : undefined;
      if (!transport) {
        const created = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (sessionId) => void sessions.set(sessionId, created),
        });
        transport = created;
        // The first session's server is instrumented after its handler is set, the second's before.
        const server: Server =
          made++ === 0
            ? reporter.instrument(inventoryServer())
            : inventoryServer((s) => reporter.instrument(s));
        await server.connect(created);
      }
      await transport.handleRequest(request, response, body);
    });
    const clients = await Promise.all(
      ["picker", "packer"].map(async (name) => {
        const client = new Client({ name, version: "2.0.0" });
        const transport = new StreamableHTTPClientTransport(new URL(app.url));
        await client.connect(transport);
        return { client, transport };
      }),
    );
    const calls = clients.flatMap(({ client }) => [
      client.callTool({ name: "stock", arguments: { sku: "A-1", delayMs: 200 } }),
      client.callTool({ name: "reserve", arguments: { sku: "A-1", quantity: 250 } }),
      client.callTool({ name: "restock", arguments: {} }),
      client.callTool({ name: "forecast", arguments: {} }),
      client.callTool({ name: "stock", arguments: { sku: "B-2" } }),
    ]);
    const answers = await Promise.allSettled(calls);
    expect(answers.map((answer) => answer.status)).toEqual(
      Array(2).fill(["fulfilled", "rejected", "rejected", "rejected", "fulfilled"]).flat(),
    );
    const sessionIds = clients.map(({ transport }) => transport.sessionId);
    await Promise.all(clients.map(({ client }) => client.close()));
    await app.close();
    await delivered(reporter, 10);

    for (const [index, name] of ["picker", "packer"].entries()) {
      const mine = recorded.filter((call) => call.agent === `${name}/2.0.0`);
      expect(mine.map((call) => call.tool).sort()).toEqual([
        "forecast",
        "reserve",
        "restock",
        "stock",
        "stock",
      ]);
      // Each call carries its own session: the transport's id, as the client knows it.
      expect(new Set(mine.map((call) => call.sessionId))).toEqual(new Set([sessionIds[index]]));
      const [slow, fast] = [...mine.filter((call) => call.tool === "stock")].sort(
        (a, b) => b.durationMs - a.durationMs,
      );
      expect(slow!.durationMs).toBeGreaterThanOrEqual(190);
      expect((await stored(slow!.id)).text).toBe("A-1: 12 in stock");
      expect((await stored(fast!.id)).text).toBe("B-2: 12 in stock");

      const reserve = mine.find((call) => call.tool === "reserve")!;
      expect(reserve.serverError).toEqual({
        name: "RangeError",
        message: "quantity must be at most 100, got 250",
      });
      expect(await stored(reserve.id)).toMatchObject({
        server: "inventory",
        outcome: "protocol_error",
        category: "validation",
        errorCode: "-32603",
        text: "MCP error -32603: quantity must be at most 100, got 250",
      });
      const restock = mine.find((call) => call.tool === "restock")!;
      expect(restock.serverError).toMatchObject({ name: "McpError", code: -32602 });
      expect(await stored(restock.id)).toMatchObject({
        outcome: "protocol_error",
        category: "validation",
        errorCode: "-32602",
        text: "MCP error -32602: sku is required",
      });
      expect(await stored(mine.find((call) => call.tool === "forecast")!.id)).toMatchObject({
        outcome: "protocol_error",
        category: "unknown_tool",
        errorCode: "-32601",
      });
    }
  });

  it("stateless: a server per request on one reporter — the name from serverInfo, the version from the header", async () => {
    const { reporter, only } = reporterFor({ agent: "unknown-client" });
    const app = await listen(async (request, response) => {
      const server: McpServer = reporter.instrument(crmServer());
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      response.on("close", () => void transport.close().then(() => server.close()));
      await server.connect(transport);
      await transport.handleRequest(request, response, await readJson(request));
    });
    const client = new Client({ name: "batch-job", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(app.url)));
    await Promise.all([
      client.callTool({ name: "lookup_lead", arguments: { id: "L-3" } }),
      client.callTool({ name: "update_lead", arguments: { id: "L-4" } }),
    ]);
    await client.close();
    await app.close();
    await delivered(reporter, 2);
    // Each request is a new server on a new transport that never saw the initialize.
    const lookup = await stored(only("lookup_lead").id);
    expect(lookup).toMatchObject({
      server: "crm",
      outcome: "ok",
      agent: "unknown-client",
      protocolVersion: "2025-11-25",
    });
    expect(await stored(only("update_lead").id)).toMatchObject({
      outcome: "tool_error",
      errorCode: "lead_locked",
      agent: "unknown-client",
    });
    expect(only("lookup_lead").sessionId).not.toBe(only("update_lead").sessionId);
  });
});
