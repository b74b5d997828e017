import { execFileSync } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReporter, type CallReport, type Reporter } from "../../../lib/reporter/index";
import { closedPort } from "../../../scripts/demo/mcp-server";
import { startAppServer, type AppServer } from "../../helpers/app-server";
import {
  EVERYTHING_ENTRY,
  startEverythingHttp,
  type EverythingServer,
} from "../../helpers/everything-server";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";

// The reporter against real things on both sides: the public server-everything (Streamable
// HTTP and stdio) called by the real SDK client, reporting to a running Faultline.

const KEY = "flk_reporter_test_key_000000000000";
let testDatabase: TestDatabase;
let faultline: AppServer;
let everything: EverythingServer;

beforeAll(async () => {
  testDatabase = await createTestDatabase("reporter");
  [faultline, everything] = await Promise.all([
    startAppServer({
      DATABASE_URL: testDatabase.url,
      FAULTLINE_INIT_INGEST_KEY: KEY,
      FAULTLINE_READ_RATE_PER_SECOND: "0",
    }),
    startEverythingHttp(),
  ]);
});
afterAll(async () => {
  await Promise.all([faultline?.stop(), everything?.stop()]);
  await testDatabase?.drop();
});

interface StoredCall {
  id: string;
  tool: string;
  outcome: string;
  category: string | null;
  errorCode: string | null;
  text: string;
  httpStatus: number | null;
  sessionId: string;
  flags: string[];
}

async function stored(id: string): Promise<StoredCall | undefined> {
  const response = await fetch(`${faultline.url}/api/v1/calls/${encodeURIComponent(id)}`, {
    headers: { authorization: `Bearer ${KEY}` },
  });
  return response.status === 200 ? ((await response.json()) as StoredCall) : undefined;
}

async function storedCount(server: string): Promise<number> {
  const { rows } = await testDatabase.database.pool.query<{ n: string }>(
    "SELECT count(*) AS n FROM calls WHERE server = $1",
    [server],
  );
  return Number(rows[0]!.n);
}

/** A reporter that also keeps what it recorded, to look the calls up afterwards. */
function reporterFor(server: string, options: Partial<Parameters<typeof createReporter>[0]> = {}) {
  const recorded: CallReport[] = [];
  const reporter = createReporter({
    url: faultline.url,
    key: KEY,
    server,
    agent: "reporter-test",
    flushIntervalMs: 100,
    ...options,
    transform: (call) => {
      recorded.push(call);
      return options.transform ? options.transform(call) : call;
    },
  });
  return { reporter, recorded, byTool: (tool: string) => recorded.filter((call) => call.tool === tool) };
}

async function httpClient(reporter: Reporter, url = everything.url) {
  const client = reporter.instrument(new Client({ name: "reporter-test", version: "1.0.0" }));
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: reporter.fetch }));
  return client;
}

describe("over Streamable HTTP", () => {
  it("pairs overlapping calls with their own answers, each reported once with a stable id", async () => {
    const { reporter, recorded, byTool } = reporterFor("everything-http");
    const client = await httpClient(reporter);
    // A slow success, a fast failure and a fast success, all in flight at once.
    const calls = await Promise.allSettled([
      client.callTool({ name: "trigger-long-running-operation", arguments: { duration: 1, steps: 2 } }),
      client.callTool({ name: "get-sum", arguments: { a: "two", b: 3 } }),
      client.callTool({ name: "echo", arguments: { message: "hello" } }),
      client.callTool({ name: "echo", arguments: { message: "again" } }),
    ]);
    expect(calls.every((call) => call.status === "fulfilled")).toBe(true);
    await client.close();
    await reporter.close();
    expect(recorded).toHaveLength(4);
    expect(reporter.stats()).toMatchObject({ reported: 4, delivered: 4, dropped: 0, pending: 0 });

    const slow = await stored(byTool("trigger-long-running-operation")[0]!.id);
    expect(slow).toMatchObject({ outcome: "ok", httpStatus: 200 });
    expect(slow!.text).toMatch(/Long running operation completed/i);
    const sum = await stored(byTool("get-sum")[0]!.id);
    expect(sum).toMatchObject({ outcome: "tool_error", category: "validation", errorCode: "-32602" });
    const echoes = [await stored(byTool("echo")[0]!.id), await stored(byTool("echo")[1]!.id)];
    expect(echoes.map((call) => call?.text).sort()).toEqual(["Echo: again", "Echo: hello"]);
    expect(new Set(recorded.map((call) => call.sessionId)).size).toBe(1);
  });

  it("reports a client timeout at once as transport_error/timeout, without waiting for the stream", async () => {
    const { reporter, byTool } = reporterFor("everything-http");
    const client = await httpClient(reporter);
    const started = performance.now();
    const outcome = await client
      .callTool({ name: "trigger-long-running-operation", arguments: { duration: 5, steps: 5 } }, undefined, {
        timeout: 300,
      })
      .then(
        () => "resolved",
        (error: Error) => error.message,
      );
    expect(outcome).toMatch(/timed out/i);
    expect(performance.now() - started).toBeLessThan(2_000);
    await reporter.close();
    expect(performance.now() - started).toBeLessThan(3_000);
    const call = await stored(byTool("trigger-long-running-operation")[0]!.id);
    expect(call).toMatchObject({ outcome: "transport_error", category: "transient", errorCode: "timeout" });
    await client.close();
  });

  it("reports a refused connection, and a server restarted under a live session", async () => {
    const { reporter, recorded } = reporterFor("everything-restart");
    const server = await startEverythingHttp();
    const client = await httpClient(reporter, server.url);
    await client.callTool({ name: "echo", arguments: { message: "before" } });
    await server.stop();
    await expect(client.callTool({ name: "echo", arguments: { message: "down" } })).rejects.toThrow();
    const restarted = await startEverythingHttp(server.port);
    await expect(client.callTool({ name: "echo", arguments: { message: "stale" } })).rejects.toThrow();
    await restarted.stop();
    await reporter.close();
    expect(recorded.map((call) => call.tool)).toEqual(["echo", "echo", "echo"]);
    const [before, down, stale] = [
      await stored(recorded[0]!.id),
      await stored(recorded[1]!.id),
      await stored(recorded[2]!.id),
    ];
    expect(before).toMatchObject({ outcome: "ok", text: "Echo: before" });
    expect(down).toMatchObject({
      outcome: "transport_error",
      category: "transient",
      errorCode: "econnrefused",
    });
    // The restarted server does not know the old session: server-everything answers 400 and says why.
    expect(stale).toMatchObject({ outcome: "transport_error", httpStatus: 400, errorCode: "http_400" });
    expect(stale!.text).toMatch(/session/i);
    expect(await storedCount("everything-restart")).toBe(3);
  });
});

describe("over stdio", () => {
  it("reports successes, failures, an unknown tool and calls cut off by the server's exit", async () => {
    const { reporter, byTool, recorded } = reporterFor("everything-stdio");
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [EVERYTHING_ENTRY, "stdio"],
      stderr: "ignore",
    });
    const client = reporter.instrument(new Client({ name: "reporter-test", version: "1.0.0" }));
    await client.connect(transport);
    await client.callTool({ name: "echo", arguments: { message: "over stdio" } });
    await client.callTool({ name: "get-sum", arguments: { a: 1 } });
    await client.callTool({ name: "no-such-tool", arguments: {} }).catch(() => undefined);
    const cutOff = client
      .callTool({ name: "trigger-long-running-operation", arguments: { duration: 10, steps: 2 } })
      .catch((error: Error) => error);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await transport.close(); // the server process goes away mid-call
    expect(await cutOff).toBeInstanceOf(Error);
    await reporter.close();
    expect(recorded).toHaveLength(4);
    expect(await stored(byTool("echo")[0]!.id)).toMatchObject({
      outcome: "ok",
      text: "Echo: over stdio",
      httpStatus: null,
    });
    expect(await stored(byTool("get-sum")[0]!.id)).toMatchObject({
      outcome: "tool_error",
      category: "validation",
    });
    expect(await stored(byTool("no-such-tool")[0]!.id)).toMatchObject({ category: "unknown_tool" });
    expect(await stored(byTool("trigger-long-running-operation")[0]!.id)).toMatchObject({
      outcome: "transport_error",
      errorCode: "connection_closed",
    });
  });
});

describe("delivery", () => {
  it("keeps calls while Faultline is down and sends each exactly once when it is back", async () => {
    const { reporter, recorded } = reporterFor("everything-outage", { batchSize: 7, maxBackoffMs: 30_000 });
    const client = await httpClient(reporter);
    const port = Number(new URL(faultline.url).port);
    await faultline.stop();
    for (let index = 0; index < 30; index++)
      await client.callTool({ name: "echo", arguments: { message: `m${index}` } });
    // Three failed attempts: the next one is due seconds after Faultline is back, so the
    // close below has to try at once rather than give up on a stale "unreachable".
    for (let waited = 0; reporter.stats().retries < 3 && waited < 20_000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reporter.stats()).toMatchObject({ reported: 30, pending: 30, delivered: 0 });
    expect(reporter.stats().retries).toBeGreaterThanOrEqual(3);
    faultline = await startAppServer(
      { DATABASE_URL: testDatabase.url, FAULTLINE_INIT_INGEST_KEY: KEY, FAULTLINE_READ_RATE_PER_SECOND: "0" },
      { port },
    );
    await reporter.close(10_000);
    await client.close();
    expect(reporter.stats()).toMatchObject({ delivered: 30, pending: 0, dropped: 0 });
    expect(await storedCount("everything-outage")).toBe(30);
    expect(new Set(recorded.map((call) => call.id)).size).toBe(30);
  });

  it("honours 429 with Retry-After and loses nothing", async () => {
    const limited = await startAppServer({
      DATABASE_URL: testDatabase.url,
      FAULTLINE_INGEST_RATE_PER_SECOND: "1",
      FAULTLINE_INGEST_RATE_BURST: "1",
    });
    try {
      const recorded: CallReport[] = [];
      const reporter = createReporter({
        url: limited.url,
        key: KEY,
        server: "everything-429",
        batchSize: 5,
        flushIntervalMs: 50,
        transform: (call) => (recorded.push(call), call),
      });
      const client = await httpClient(reporter);
      const started = performance.now();
      for (let index = 0; index < 20; index++)
        await client.callTool({ name: "echo", arguments: { message: `r${index}` } });
      await reporter.close(20_000);
      await client.close();
      // Four batches at one request a second: the 429s were waited out, not hammered.
      expect(performance.now() - started).toBeGreaterThan(2_500);
      expect(reporter.stats()).toMatchObject({ reported: 20, delivered: 20, pending: 0, dropped: 0 });
      expect(reporter.stats().retries).toBeGreaterThan(0);
      expect(reporter.stats().retries).toBeLessThan(20);
      expect(await storedCount("everything-429")).toBe(20);
    } finally {
      await limited.stop();
    }
  });

  it("flushes on the way out when the host process simply ends", async () => {
    execFileSync(process.execPath, ["--import", "tsx", "test/fixtures/reporter-host.mts"], {
      env: { ...process.env, FAULTLINE_URL: faultline.url, FAULTLINE_KEY: KEY, EVERYTHING_ENTRY },
      stdio: "ignore",
      timeout: 30_000,
    });
    expect(await storedCount("exiting-host")).toBe(1);
  });

  it("never blocks or throws into the host: a full buffer drops the oldest and counts them", async () => {
    const nowhere = `http://127.0.0.1:${await closedPort()}`;
    const errors: string[] = [];
    let transformed = 0;
    const reporter = createReporter({
      url: nowhere,
      key: KEY,
      server: "nowhere",
      maxBuffer: 5,
      flushIntervalMs: 50,
      onError: (error) => errors.push(error.message),
      transform: (call) => {
        transformed += 1;
        if (transformed === 3) throw new Error("a transform that throws");
        return call;
      },
    });
    const client = await httpClient(reporter);
    for (let index = 0; index < 20; index++) {
      const result = (await client.callTool({ name: "echo", arguments: { message: `x${index}` } })) as {
        content: { text: string }[];
      };
      expect(result.content[0]!.text).toBe(`Echo: x${index}`);
    }
    const started = performance.now();
    await reporter.close(300);
    expect(performance.now() - started).toBeLessThan(1_500);
    await client.close();
    expect(reporter.stats()).toMatchObject({ reported: 20, pending: 5, dropped: 15, delivered: 0 });
    expect(errors.some((message) => /Faultline unreachable/.test(message))).toBe(true);
    expect(errors.some((message) => /a transform that throws/.test(message))).toBe(true);
  });
});
