import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startAppServer, type AppServer } from "../helpers/app-server";
import {
  EVERYTHING,
  initialize,
  PROXY,
  RAW_SERVER,
  rawSession,
  storedCalls,
  TEE,
  toolCall,
  waitForCalls,
} from "../helpers/proxy";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// faultline-proxy over stdio with real parts on both sides: the official SDK client (and a raw
// client speaking JSON lines, for what the SDK no longer sends: batches) through the built
// proxy to published MCP servers from npm and to a scripted one; what each side received,
// byte for byte (a recorder on each side of the proxy, test/fixtures/proxy/tee.mjs); and what
// Faultline stored for each call, read back through its API.

const KEY = "flk_proxy_stdio_key_0000000000000000";
const MCP = path.join(process.cwd(), "node_modules", "@modelcontextprotocol");
let testDatabase: TestDatabase;
let faultline: AppServer;
const scratch = mkdtempSync(path.join(tmpdir(), "faultline-proxy-stdio-"));

beforeAll(async () => {
  testDatabase = await createTestDatabase("proxy_stdio");
  faultline = await startAppServer({
    DATABASE_URL: testDatabase.url,
    FAULTLINE_INIT_INGEST_KEY: KEY,
    FAULTLINE_READ_RATE_PER_SECOND: "0",
  });
});
afterAll(async () => {
  await faultline?.stop();
  await testDatabase?.drop();
  rmSync(scratch, { recursive: true, force: true });
});

const proxyArgs = (server: string, command: string[]) => [PROXY, "--server", server, "--", ...command];
const reporting = () => ({ FAULTLINE_URL: faultline.url, FAULTLINE_KEY: KEY });

/** The official SDK client, launching `command` as a desktop client launches a configured server. */
async function sdkClient(command: string[], env: Record<string, string> = {}) {
  const transport = new StdioClientTransport({
    command: command[0]!,
    args: command.slice(1),
    env: { ...(process.env as Record<string, string>), ...env },
    stderr: "pipe",
  });
  const client = new Client(
    { name: "proxy-e2e", version: "2.7.1" },
    { capabilities: { sampling: {}, elicitation: {}, roots: { listChanged: true } } },
  );
  client.setRequestHandler(CreateMessageRequestSchema, () => ({
    role: "assistant",
    content: { type: "text", text: "sampled by the test client" },
    model: "test-model",
    stopReason: "endTurn",
  }));
  client.setRequestHandler(ElicitRequestSchema, () => ({ action: "decline" }));
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [{ uri: "file:///tmp", name: "tmp" }] }));
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  await client.connect(transport);
  return { client, transport, stderr: () => stderr };
}

const bin = (dir: string, name: string) => {
  try {
    return readFileSync(path.join(dir, name));
  } catch {
    return Buffer.alloc(0);
  }
};

describe("the official SDK client through the proxy to published servers", () => {
  it("server-everything: every byte both ways as the other side sent it, and each call stored with its outcome", async () => {
    const outer = path.join(scratch, "everything-outer");
    const inner = path.join(scratch, "everything-inner");
    // client ⇄ [outer recorder] ⇄ faultline-proxy ⇄ [inner recorder] ⇄ server-everything
    const { client, stderr } = await sdkClient(
      [
        process.execPath,
        TEE,
        outer,
        "--",
        process.execPath,
        ...proxyArgs("everything-e2e", [
          process.execPath,
          TEE,
          inner,
          "--",
          process.execPath,
          EVERYTHING,
          "stdio",
        ]),
      ],
      reporting(),
    );
    expect(
      (await client.callTool({ name: "echo", arguments: { message: "through the proxy" } })).content,
    ).toEqual([{ type: "text", text: "Echo: through the proxy" }]);
    await client.callTool({ name: "get-sum", arguments: { a: 2, b: 3 } });
    // Server-to-client requests in the middle of a call: sampling and elicitation (roots/list
    // came right after initialize), each relayed untouched and answered by this client.
    const sampled = await client.callTool({
      name: "trigger-sampling-request",
      arguments: { prompt: "p", maxTokens: 5 },
    });
    expect(JSON.stringify(sampled)).toContain("sampled by the test client");
    await client.callTool({ name: "trigger-elicitation-request", arguments: {} });
    // Progress notifications from the server while a call runs.
    const progress: number[] = [];
    await client.callTool(
      { name: "trigger-long-running-operation", arguments: { duration: 0.3, steps: 3 } },
      undefined,
      { onprogress: (step) => progress.push(step.progress) },
    );
    expect(progress.length).toBeGreaterThanOrEqual(2);
    const unknown = await client.callTool({ name: "no-such-tool", arguments: {} });
    expect(unknown.isError).toBe(true);
    // The server's stderr reached the client unchanged while the session ran (the tees append as bytes
    // arrive, the proxy relays them a moment later: wait for the relay, at most 3 s).
    const settled = Date.now() + 3_000;
    while (!bin(outer, "err.bin").equals(bin(inner, "err.bin")) && Date.now() < settled)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bin(outer, "err.bin").toString()).toBe(bin(inner, "err.bin").toString());
    await client.close();

    // Transparency: what the server received is what the client sent, and the other way round.
    const sent = bin(outer, "in.bin");
    expect(sent.length).toBeGreaterThan(500);
    expect(bin(inner, "in.bin").equals(sent)).toBe(true);
    const answered = bin(inner, "out.bin");
    expect(answered.toString()).toContain("sampling/createMessage");
    expect(answered.toString()).toContain("roots/list");
    expect(answered.toString()).toContain("notifications/progress");
    expect(bin(outer, "out.bin").equals(answered)).toBe(true);
    // At shutdown the proxy added nothing either: what the client got is all of what the server said, or the
    // first part of it when the server still wrote as it was being stopped (nothing is left to relay it to).
    const toClient = bin(outer, "err.bin");
    expect(bin(inner, "err.bin").subarray(0, toClient.length).equals(toClient)).toBe(true);
    expect(stderr()).not.toContain("[faultline-proxy]");

    const calls = await waitForCalls(faultline.url, KEY, "server=everything-e2e&method=tools/call", 6);
    const byTool = new Map(calls.map((call) => [call.tool, call]));
    expect([...byTool.keys()].sort()).toEqual(
      [
        "echo",
        "get-sum",
        "no-such-tool",
        "trigger-elicitation-request",
        "trigger-long-running-operation",
        "trigger-sampling-request",
      ].sort(),
    );
    const echo = byTool.get("echo")!;
    expect(echo).toMatchObject({
      outcome: "ok",
      agent: "proxy-e2e/2.7.1",
      protocolVersion: "2025-11-25",
      method: "tools/call",
      transportError: null,
    });
    expect(echo.text).toContain("Echo: through the proxy");
    expect(echo.argumentsHash).toMatch(/^[0-9a-f]{64}$/); // keyed with the project's secret
    expect(byTool.get("no-such-tool")).toMatchObject({ outcome: "tool_error", category: "unknown_tool" });
    expect(new Set(calls.map((call) => call.sessionId)).size).toBe(1);
    // Other methods are stored too, apart from the tool figures.
    const others = await storedCalls(
      faultline.url,
      KEY,
      "server=everything-e2e&method=initialize&method=tools/list",
    );
    expect(others.map((call) => call.method).sort()).toEqual(["initialize"]);
  }, 60_000);

  it("server-filesystem and server-memory: ok calls and the servers' own errors, as Faultline classifies them", async () => {
    const data = path.join(scratch, "data");
    rmSync(data, { recursive: true, force: true });
    await import("node:fs/promises").then((fs) => fs.mkdir(data, { recursive: true }));
    writeFileSync(path.join(data, "notes.txt"), "hello from the filesystem\n");
    const filesystem = await sdkClient(
      [
        process.execPath,
        ...proxyArgs("filesystem-e2e", [
          process.execPath,
          path.join(MCP, "server-filesystem", "dist", "index.js"),
          data,
        ]),
      ],
      reporting(),
    );
    const read = await filesystem.client.callTool({
      name: "read_text_file",
      arguments: { path: path.join(data, "notes.txt") },
    });
    expect(JSON.stringify(read.content)).toContain("hello from the filesystem");
    const denied = await filesystem.client.callTool({
      name: "read_text_file",
      arguments: { path: "/etc/passwd" },
    });
    expect(denied.isError).toBe(true);
    await filesystem.client.close();

    const memory = await sdkClient(
      [
        process.execPath,
        ...proxyArgs("memory-e2e", [process.execPath, path.join(MCP, "server-memory", "dist", "index.js")]),
      ],
      { ...reporting(), MEMORY_FILE_PATH: path.join(scratch, "memory.jsonl") },
    );
    await memory.client.callTool({
      name: "create_entities",
      arguments: {
        entities: [{ name: "Faultline", entityType: "project", observations: ["records MCP calls"] }],
      },
    });
    const graph = await memory.client.callTool({ name: "read_graph", arguments: {} });
    expect(JSON.stringify(graph)).toContain("records MCP calls");
    const invalid = await memory.client.callTool({
      name: "create_entities",
      arguments: { entities: "not a list" },
    });
    expect(invalid.isError).toBe(true);
    await memory.client.close();

    const files = await waitForCalls(faultline.url, KEY, "server=filesystem-e2e&method=tools/call", 2);
    expect(files.map((call) => [call.tool, call.outcome])).toEqual([
      ["read_text_file", "ok"],
      ["read_text_file", "tool_error"],
    ]);
    expect(files[1]!.text).toMatch(/denied|outside allowed/i);
    expect(files[1]!.category).toBe("permission");
    const memories = await waitForCalls(faultline.url, KEY, "server=memory-e2e&method=tools/call", 3);
    expect(memories.map((call) => [call.tool, call.outcome])).toEqual([
      ["create_entities", "ok"],
      ["read_graph", "ok"],
      ["create_entities", "tool_error"],
    ]);
    expect(memories[2]!.category).toBe("validation");
    expect(memories.every((call) => call.agent === "proxy-e2e/2.7.1")).toBe(true);
  }, 60_000);

  it("a call the client cancels, and one it gives up on after its timeout, are stored as such", async () => {
    const { client } = await sdkClient(
      [process.execPath, ...proxyArgs("cancel-e2e", [process.execPath, EVERYTHING, "stdio"])],
      reporting(),
    );
    const controller = new AbortController();
    const cancelled = client.callTool(
      { name: "trigger-long-running-operation", arguments: { duration: 5, steps: 5 } },
      undefined,
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort("the user pressed stop"), 300);
    await expect(cancelled).rejects.toThrow();
    await expect(
      client.callTool(
        { name: "trigger-long-running-operation", arguments: { duration: 5, steps: 5 } },
        undefined,
        {
          timeout: 300,
        },
      ),
    ).rejects.toThrow(/timed out/i);
    await client.close();
    const calls = await waitForCalls(faultline.url, KEY, "server=cancel-e2e&method=tools/call", 2);
    // The proxy saw two notifications/cancelled; the reason the SDK gave the second ("Request
    // timed out") makes it a timeout, by the rule every route shares (lib/classify/gave-up).
    expect(calls.map((call) => [call.transportError, call.outcome, call.errorCode])).toEqual([
      ["cancelled", "transport_error", "cancelled"],
      ["cancelled", "transport_error", "timeout"],
    ]);
    expect(calls[0]!.text).toContain("the user pressed stop");
    expect(calls[0]!.durationMs).toBeGreaterThanOrEqual(250);
  }, 60_000);
});

describe("every kind of message, byte for byte (a scripted server)", () => {
  it("batches, server-to-client requests, notifications, lines that are not JSON, bytes that are not UTF-8", async () => {
    const inner = path.join(scratch, "raw-inner");
    const session = rawSession(
      process.execPath,
      proxyArgs("raw-kinds", [process.execPath, TEE, inner, "--", process.execPath, RAW_SERVER]),
      reporting(),
    );
    session.send(initialize(1));
    await session.next((message) => message.id === 1);
    session.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    // A batch of three calls, answered with a batch.
    session.send([toolCall(2, "echo", { n: 1 }), toolCall("two", "fail"), toolCall(3, "invalid")]);
    await session.next((message) => message.id === 3);
    // A call during which the server asks the client three things; the client answers each.
    session.send(toolCall(4, "ask"));
    for (const id of ["s-4", "e-4", "r-4"]) {
      const asked = await session.next((message) => message.id === id && typeof message.method === "string");
      session.send({ jsonrpc: "2.0", id: asked.id, result: { answered: asked.method } });
    }
    const answer = await session.next((message) => message.id === 4);
    expect(JSON.stringify(answer)).toContain("elicitation/create");
    // What is not JSON-RPC still goes through: garbage, invalid UTF-8, a line with no end.
    session.writeRaw(Buffer.from([0x7b, 0xff, 0xfe, 0x0a]));
    session.writeRaw("plain words\n");
    await new Promise((resolve) => setTimeout(resolve, 100));
    session.send(toolCall(5, "echo", { last: true }));
    await session.next((message) => message.id === 5);
    session.writeRaw('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":99}}');
    session.child.stdin.end();
    const exit = await session.exited;
    expect(exit).toEqual({ code: 0, signal: null });

    const received = bin(inner, "in.bin");
    const written = bin(inner, "out.bin");
    // The client's bytes reached the server as they were sent (the unterminated last line too)…
    expect(received.toString("latin1")).toContain('"requestId":99}}');
    expect(received.includes(Buffer.from([0x7b, 0xff, 0xfe, 0x0a]))).toBe(true);
    // …and the client received exactly what the server wrote, stderr included.
    expect(session.stdout().equals(written)).toBe(true);
    expect(written.toString()).toContain("not json, and said so on stdout");
    expect(session.stderr().equals(bin(inner, "err.bin"))).toBe(true);
    expect(session.stderr().includes(Buffer.from([0xff, 0xfe]))).toBe(true);

    const calls = await waitForCalls(faultline.url, KEY, "server=raw-kinds&method=tools/call", 5);
    expect(calls.map((call) => [call.tool, call.outcome]).sort()).toEqual(
      [
        ["ask", "ok"],
        ["echo", "ok"],
        ["echo", "ok"],
        ["fail", "tool_error"],
        ["invalid", "protocol_error"],
      ].sort(),
    );
    expect(
      calls.every((call) => call.agent === "raw-client/3.1.4" && call.protocolVersion === "2025-06-18"),
    ).toBe(true);
    // The server's requests and the client's answers to them are not calls.
    const all = await storedCalls(
      faultline.url,
      KEY,
      "server=raw-kinds&method=initialize&method=sampling/createMessage&method=roots/list",
    );
    expect(all.map((call) => call.method)).toEqual(["initialize"]);
  }, 60_000);

  it("stderr is the same through the proxy as without it", async () => {
    const direct = rawSession(process.execPath, [RAW_SERVER]);
    const proxied = rawSession(
      process.execPath,
      proxyArgs("raw-stderr", [process.execPath, RAW_SERVER]),
      reporting(),
    );
    for (const session of [direct, proxied]) {
      session.send(initialize(1));
      await session.next((message) => message.id === 1);
      session.child.stdin.end();
      await session.exited;
    }
    expect(proxied.stderr().equals(direct.stderr())).toBe(true);
    expect(proxied.stdout().equals(direct.stdout())).toBe(true);
  }, 30_000);
});

describe("how a session ends", () => {
  it("a server that crashes mid-call: the call is connection_closed, the client gets the exit code", async () => {
    const session = rawSession(
      process.execPath,
      proxyArgs("raw-crash", [process.execPath, RAW_SERVER]),
      reporting(),
    );
    session.send(initialize(1));
    await session.next((message) => message.id === 1);
    session.send(toolCall(2, "echo"));
    await session.next((message) => message.id === 2);
    session.send(toolCall(3, "crash"));
    expect(await session.exited).toEqual({ code: 3, signal: null });
    const calls = await waitForCalls(faultline.url, KEY, "server=raw-crash&method=tools/call", 2);
    // By tool, not by position: on a fast machine both calls can start within one millisecond
    // (occurredAt's precision), and calls of the same instant are listed by id.
    expect(calls.find((call) => call.tool === "echo")).toMatchObject({ outcome: "ok" });
    const crashed = calls.find((call) => call.tool === "crash");
    expect(crashed).toMatchObject({
      outcome: "transport_error",
      transportError: "connection_closed",
      errorCode: "connection_closed",
    });
    expect(crashed!.text).toContain("the server exited (code 3) before answering");
  }, 30_000);

  it("a client that goes away with a call unanswered, and the server's exit code passed on", async () => {
    const session = rawSession(process.execPath, proxyArgs("raw-gone", [process.execPath, RAW_SERVER]), {
      ...reporting(),
      RAW_EXIT_CODE: "7",
      RAW_SLOW_MS: "60000",
    });
    session.send(initialize(1));
    await session.next((message) => message.id === 1);
    session.send(toolCall(2, "slow"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    session.child.stdin.end();
    expect(await session.exited).toEqual({ code: 7, signal: null });
    const [call] = await waitForCalls(faultline.url, KEY, "server=raw-gone&method=tools/call", 1);
    expect(call).toMatchObject({ tool: "slow", transportError: "connection_closed" });
    expect(call!.text).toContain("the client went away");
  }, 30_000);

  it("a signal to the proxy reaches the server, and the proxy ends as the server did", async () => {
    const session = rawSession(
      process.execPath,
      proxyArgs("raw-signal", [process.execPath, RAW_SERVER]),
      reporting(),
    );
    session.send(initialize(1));
    await session.next((message) => message.id === 1);
    session.child.kill("SIGTERM");
    expect(await session.exited).toEqual({ code: null, signal: "SIGTERM" });
  }, 30_000);

  it("a command that does not exist: said on stderr, exit 127, stored as a failed launch", async () => {
    const session = rawSession(
      process.execPath,
      proxyArgs("raw-missing", ["/no/such/server-binary"]),
      reporting(),
    );
    session.send(initialize(1));
    expect((await session.exited).code).toBe(127);
    expect(session.stderr().toString()).toContain("could not start");
    const [call] = await waitForCalls(faultline.url, KEY, "server=raw-missing&method=initialize", 1);
    expect(call).toMatchObject({
      outcome: "transport_error",
      category: "launch",
      errorCode: "command_not_found",
      retryable: false,
    });
  }, 30_000);

  it("a shell that cannot find the server (exit 127): what it said on stderr is in the stored call", async () => {
    const session = rawSession(
      process.execPath,
      proxyArgs("raw-sh-missing", ["sh", "-c", "no-such-mcp-server --stdio"]),
      reporting(),
    );
    session.send(initialize(1));
    expect((await session.exited).code).toBe(127);
    // Relayed to the client's stderr as the shell wrote it, and quoted in the call.
    expect(session.stderr().toString()).toMatch(/no-such-mcp-server: (command )?not found/);
    const [call] = await waitForCalls(faultline.url, KEY, "server=raw-sh-missing&method=initialize", 1);
    expect(call).toMatchObject({ category: "launch", errorCode: "command_not_found", retryable: false });
    expect(call!.text).toMatch(/exit code 127.*no-such-mcp-server: (command )?not found/);
  }, 30_000);

  it("a server that exits before answering initialize: a failed launch, not a transient failure", async () => {
    const session = rawSession(
      process.execPath,
      proxyArgs("raw-early-exit", [
        process.execPath,
        "-e",
        "console.error('Error: ROOT is required'); process.exit(1)",
      ]),
      reporting(),
    );
    session.send(initialize(1));
    expect((await session.exited).code).toBe(1);
    const [call] = await waitForCalls(faultline.url, KEY, "server=raw-early-exit&method=initialize", 1);
    expect(call).toMatchObject({
      category: "launch",
      errorCode: "exited_before_initialize",
      retryable: false,
    });
    expect(call!.text).toContain("Error: ROOT is required");
  }, 30_000);
});

describe("Faultline down", () => {
  it("the session's bytes are untouched and nothing waits: the proxy only says so on stderr", async () => {
    const port = await freePort(); // nothing listens here
    const inner = path.join(scratch, "down-inner");
    const session = rawSession(
      process.execPath,
      proxyArgs("raw-down", [process.execPath, TEE, inner, "--", process.execPath, RAW_SERVER]),
      {
        FAULTLINE_URL: `http://127.0.0.1:${port}`,
        FAULTLINE_KEY: KEY,
      },
    );
    session.send(initialize(1));
    await session.next((message) => message.id === 1);
    const started = performance.now();
    for (let id = 2; id < 200; id++) {
      session.send(toolCall(id, "echo", { id }));
      await session.next((message) => message.id === id);
    }
    const perCall = (performance.now() - started) / 198;
    expect(perCall).toBeLessThan(20);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // a delivery attempt fails meanwhile
    session.child.stdin.end();
    const ended = performance.now();
    expect(await session.exited).toEqual({ code: 0, signal: null });
    // It gives up delivering within its drain time (2 s) rather than holding the client.
    expect(performance.now() - ended).toBeLessThan(4_000);
    expect(session.stdout().equals(bin(inner, "out.bin"))).toBe(true);
    const extra = session
      .stderr()
      .toString("latin1")
      .split("\n")
      .filter((line) => line && !bin(inner, "err.bin").toString("latin1").includes(line));
    expect(extra.length).toBeGreaterThan(0);
    expect(extra.every((line) => line.startsWith("[faultline-proxy] "))).toBe(true);
    expect(extra.join("\n")).toMatch(/unreachable/);
  }, 60_000);

  it("at exit it does not wait out retries to an instance that is not there, and says the calls are lost", async () => {
    const port = await freePort(); // nothing listens here
    const session = rawSession(
      process.execPath,
      [PROXY, "--server", "raw-down-exit", "--drain-ms", "30000", "--", process.execPath, RAW_SERVER],
      { FAULTLINE_URL: `http://127.0.0.1:${port}`, FAULTLINE_KEY: KEY },
    );
    session.send(initialize(1));
    await session.next((message) => message.id === 1);
    session.send(toolCall(2, "echo", { id: 2 }));
    await session.next((message) => message.id === 2);
    session.child.stdin.end();
    const ended = performance.now();
    expect(await session.exited).toEqual({ code: 0, signal: null });
    // Waiting out the backoff (0.5–1 s, then 1–2 s, …) would hold the client up to --drain-ms, 30 s.
    expect(performance.now() - ended).toBeLessThan(5_000);
    const said = session.stderr().toString();
    expect(said).toMatch(/unreachable.*kept in memory/);
    expect(said).toMatch(/2 call\(s\) lost/);
  }, 60_000);
});
