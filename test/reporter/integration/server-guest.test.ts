import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServerReporter, instrumentServer } from "../../../lib/reporter/server";
import type { CallReport } from "../../../lib/reporter/types";
import { crmServer, inventoryServer } from "../../fixtures/instrumented-servers";
import { startHostileEndpoint, type HostileEndpoint } from "../../helpers/hostile-endpoint";

// The server instrumentation is a guest in the server's process: it throws nothing into the
// server, changes none of its answers, reports each call once however often it is installed, and
// keeps what the author set up. What it costs the server — added latency, memory, close() on time
// whatever Faultline does — is measured in test/reporter/perf/server-guest.test.ts.

let endpoint: HostileEndpoint;

beforeAll(async () => {
  endpoint = await startHostileEndpoint();
});
afterAll(async () => {
  await endpoint?.close();
});

describe("what the instrumentation keeps", () => {
  it("keeps at most maxInFlight calls in flight; the others are counted as dropped, the server unaffected", async () => {
    const reporter = createServerReporter({ url: endpoint.url, key: "valid:in-flight", maxInFlight: 3 });
    const server = crmServer((made) => reporter.instrument(made));
    const client = await inMemoryClient(server);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.callTool({ name: "export_report", arguments: { ms: 50 } })),
    );
    expect(answers.every((answer) => JSON.stringify(answer).includes("report ready"))).toBe(true);
    await client.close();
    await reporter.close();
    expect(reporter.stats()).toMatchObject({ reported: 5, delivered: 3, dropped: 2, pending: 0 });
  });
});

async function inMemoryClient(server: { connect(transport: InMemoryTransport): Promise<void> }) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "guest-test", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

describe("as a guest", () => {
  it("instrumenting a server twice, or by a second reporter, reports each call once", async () => {
    const options = { url: endpoint.url, key: "valid:twice", flushIntervalMs: 50 };
    const server = crmServer();
    const first = instrumentServer(server, options);
    const again = instrumentServer(server, options);
    const other = createServerReporter(options);
    other.instrument(server);
    expect(again).toBe(first);
    // Its inner Server is the one watched: asking for it, or for the McpServer, is the same.
    expect(instrumentServer(server.server, options)).toBe(first);
    const client = await inMemoryClient(server);
    for (let index = 0; index < 4; index++)
      await client.callTool({ name: "lookup_lead", arguments: { id: `L-${index}` } });
    await client.close();
    await Promise.all([first.close(), other.close()]);
    expect(first.stats()).toMatchObject({ reported: 4, delivered: 4, dropped: 0 });
    expect(other.stats().reported).toBe(0);
    expect(endpoint.stored("valid:twice").size).toBe(4);
  });

  it("keeps what the author set up: a handler on the transport before connect, a callback replaced by update()", async () => {
    const recorded: CallReport[] = [];
    const reporter = createServerReporter({
      url: endpoint.url,
      key: "valid:author",
      transform: (call) => (recorded.push(call), call),
    });
    const server = crmServer((made) => reporter.instrument(made));
    const retried = server.registerTool("retry_payment", {}, async () => ({
      content: [{ type: "text", text: "ok" }],
    }));
    retried.update({
      callback: async () => {
        throw new SyntaxError("unexpected token in the gateway's answer");
      },
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    // The author's own logging handler: the SDK chains it, so each message passes two wrappers.
    const logged: unknown[] = [];
    serverSide.onmessage = (message) => void logged.push(message);
    await server.connect(serverSide);
    const client = new Client({ name: "guest-test", version: "1.0.0" });
    await client.connect(clientSide);
    await client.callTool({ name: "lookup_lead", arguments: { id: "L-1" } });
    const failed = await client.callTool({ name: "retry_payment", arguments: {} });
    expect(failed).toMatchObject({
      isError: true,
      content: [{ text: "unexpected token in the gateway's answer" }],
    });
    await client.close();
    await reporter.close();
    expect(logged.length).toBeGreaterThanOrEqual(4); // initialize, initialized, two calls
    // Each call once, none counted as dropped (a message observed twice would read as an id reused).
    expect(reporter.stats()).toMatchObject({ reported: 2, delivered: 2, dropped: 0 });
    expect(recorded.map((call) => call.tool)).toEqual(["lookup_lead", "retry_payment"]);
    expect(recorded[1]!.serverError).toMatchObject({ name: "SyntaxError" });
  });

  it("a send that fails still fails as before (the server's own onerror), nothing unhandled, the call reported as cut off", async () => {
    const recorded: unknown[] = [];
    const reporter = createServerReporter({
      url: endpoint.url,
      key: "valid:send-fails",
      transform: (call) => (recorded.push(call), call),
    });
    const server = inventoryServer((made) => reporter.instrument(made));
    const serverErrors: string[] = [];
    server.onerror = (error) => serverErrors.push(error.message);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    // A transport whose pipe breaks under the answer to the first tool call.
    const send = serverSide.send.bind(serverSide);
    let broken = false;
    serverSide.send = async (message: JSONRPCMessage, options) => {
      if (!broken && "id" in message && "result" in message && "content" in message.result) {
        broken = true;
        throw new Error("EPIPE: the pipe broke");
      }
      return send(message, options);
    };
    await server.connect(serverSide);
    const client = new Client({ name: "guest-test", version: "1.0.0" });
    await client.connect(clientSide);
    const lost = client.callTool({ name: "stock", arguments: { sku: "A-1" } }, undefined, { timeout: 300 });
    await expect(lost).rejects.toThrow(/timed out/);
    expect(serverErrors.join("\n")).toMatch(/EPIPE: the pipe broke/);
    expect(await client.callTool({ name: "stock", arguments: { sku: "B-2" } })).toMatchObject({
      content: [{ text: "B-2: 12 in stock" }],
    });
    await client.close();
    await reporter.close();
    expect(recorded).toMatchObject([
      { tool: "stock", transportError: "connection_closed" },
      { tool: "stock", response: { result: { content: [{ text: "B-2: 12 in stock" }] } } },
    ]);
    expect((recorded[0] as { response?: unknown }).response).toBeUndefined();
  });

  it("never throws into the server: not a server, a transport it cannot watch, an onError that throws", async () => {
    const told: string[] = [];
    const reporter = createServerReporter({
      url: endpoint.url,
      key: "valid:odd",
      onError: (error) => {
        told.push(error.message);
        throw new Error("the host's onError throws");
      },
    });
    for (const odd of [
      {},
      Object.freeze({ connect: 1 }),
      new Proxy(
        {},
        {
          get: () => {
            throw new Error("trap");
          },
        },
      ),
      // A real server, frozen: nothing of it can be wrapped or marked.
      Object.freeze(inventoryServer()),
    ])
      expect(() => reporter.instrument(odd)).not.toThrow();
    expect(told.join("\n")).toMatch(/neither an McpServer nor a Server/);
    expect(told.join("\n")).toMatch(/connect could not be wrapped/);

    // A transport whose send cannot be replaced: its calls are not recorded, its traffic unchanged.
    const server = crmServer((made) => reporter.instrument(made));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    Object.defineProperty(serverSide, "send", { value: serverSide.send.bind(serverSide), writable: false });
    await server.connect(serverSide);
    const client = new Client({ name: "guest-test", version: "1.0.0" });
    await client.connect(clientSide);
    expect(await client.callTool({ name: "lookup_lead", arguments: { id: "L-1" } })).toMatchObject({
      content: [{ text: expect.stringMatching(/^Lead L-1/) }],
    });
    await client.close();
    await reporter.close();
    expect(told.join("\n")).toMatch(/a transport could not be watched/);
    expect(reporter.stats().reported).toBe(0);
  });
});
