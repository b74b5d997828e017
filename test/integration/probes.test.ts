import http from "node:http";
import type { AddressInfo } from "node:net";
import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { Pool } from "pg";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../helpers/api";
import { PROBE_SERVERS, type RunningServer } from "../helpers/probe-servers";

// Probes run by the instance (docs/PROBES.md), through the real route handlers and a real
// database, against published MCP servers from npm (Streamable HTTP and HTTP+SSE), a scripted
// server whose tool list changes between runs, and servers that hang, are down or answer HTML.

let api: TestApi;
let admin: string;
let readOnly: string;

beforeAll(async () => {
  api = await startTestApi("probes", {
    FAULTLINE_PROBES_ALLOW_PRIVATE: "1",
    FAULTLINE_PROBES_MIN_INTERVAL_SECONDS: "30",
  });
  admin = await api.createKey("default", ["admin", "read"]);
  readOnly = await api.createKey("default", ["read"]);
}, 60_000);
afterAll(async () => {
  await api?.close();
});

interface Run {
  id: string;
  ok: boolean;
  reason: string | null;
  steps: {
    step: string;
    ok: boolean;
    durationMs: number;
    callId: string | null;
    outcome?: string;
    category?: string;
    reason?: string;
  }[];
  drift: { tool: string; kind: string; change: string }[];
  driftSeverity: string | null;
}

async function send<T>(
  method: string,
  path: string,
  body?: unknown,
  key = admin,
): Promise<{ status: number; body: T }> {
  const response = await api.request(method, path, { key, ...(body === undefined ? {} : { body }) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

async function createProbe(definition: Record<string, unknown>): Promise<string> {
  const created = await send<{ id: string; error?: unknown }>("POST", "/api/v1/probes", definition);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}

async function runNow(id: string): Promise<Run> {
  const run = await send<Run>("POST", `/api/v1/probes/${id}/run`);
  expect(run.status, JSON.stringify(run.body)).toBe(200);
  return run.body;
}

let nextPort = 43_100 + (process.pid % 200) * 10;

describe("the probes API", () => {
  it("refuses a bad definition with a 400 naming each field and its rule", async () => {
    const answer = await send<{ error: { details: { path: string; message: string }[] } }>(
      "POST",
      "/api/v1/probes",
      {
        name: "bad",
        server: "s",
        transport: "http",
        url: "file:///etc/passwd",
        intervalSeconds: 5,
        headers: { Host: "x", "Bad Name": "y" },
        call: { tool: "t", arguments: {}, expect: { text: "(?=lookahead)" } },
      },
    );
    expect(answer.status).toBe(400);
    const paths = answer.body.error.details.map((detail) => `${detail.path}: ${detail.message}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        "url: must be an http:// or https:// URL",
        "intervalSeconds: must be at least 30 (FAULTLINE_PROBES_MIN_INTERVAL_SECONDS)",
        expect.stringMatching(/^call\.expect\.text: must be an RE2 pattern/),
        "headers.Host: is set by the probe itself; leave it out",
        "headers.Bad Name: is not an HTTP header name (letters, digits, - and a few symbols)",
      ]),
    );
    const stdioWithUrl = await send<{ error: { details: { path: string; message: string }[] } }>(
      "POST",
      "/api/v1/probes",
      {
        name: "bad2",
        server: "s",
        transport: "stdio",
        url: "http://example.com/mcp",
      },
    );
    expect(stdioWithUrl.status).toBe(400);
    expect(stdioWithUrl.body.error.details).toEqual(
      expect.arrayContaining([
        { path: "command", message: "is required for transport stdio" },
        { path: "url", message: "is only for transports http and sse" },
      ]),
    );
  });

  it("takes changes from admin keys only, and never shows a header's value back", async () => {
    const refused = await send(
      "POST",
      "/api/v1/probes",
      { name: "x", server: "s", transport: "http", url: "http://127.0.0.1:9/mcp" },
      readOnly,
    );
    expect(refused.status).toBe(403);
    const id = await createProbe({
      name: "secret-headers",
      server: "secret-server",
      transport: "http",
      url: "http://127.0.0.1:9/mcp",
      headers: { Authorization: "Bearer sk-live-abcdefghijklmnop" },
    });
    const shown = await send<Record<string, unknown>>("GET", `/api/v1/probes/${id}`, undefined, readOnly);
    expect(shown.status).toBe(200);
    expect(shown.body.headers).toEqual({ Authorization: "(set)" });
    expect(JSON.stringify(shown.body)).not.toContain("sk-live");
    const listed = await send<{ probes: unknown[] }>("GET", "/api/v1/probes", undefined, readOnly);
    expect(JSON.stringify(listed.body)).not.toContain("sk-live");
    expect((await send("PATCH", `/api/v1/probes/${id}`, { enabled: false }, readOnly)).status).toBe(403);
    expect((await send("DELETE", `/api/v1/probes/${id}`)).status).toBe(204);
    expect((await send("GET", `/api/v1/probes/${id}`)).status).toBe(404);
  });

  it("names a duplicate probe's conflict, and will not run a stdio probe on the instance", async () => {
    const id = await createProbe({
      name: "stdio-one",
      server: "s",
      transport: "stdio",
      command: ["npx", "-y", "x"],
    });
    expect(
      (
        await send("POST", "/api/v1/probes", {
          name: "stdio-one",
          server: "s",
          transport: "stdio",
          command: ["x"],
        })
      ).status,
    ).toBe(409);
    const run = await send<{ error: { message: string } }>("POST", `/api/v1/probes/${id}/run`);
    expect(run.status).toBe(409);
    expect(run.body.error.message).toMatch(/faultline-probe/);
  });
});

describe("probing published MCP servers over HTTP", () => {
  const http = PROBE_SERVERS.filter((server) => server.transport !== "stdio");

  it("has at least three published HTTP servers to probe", () => {
    expect(new Set(http.map((server) => server.package)).size).toBeGreaterThanOrEqual(3);
  });

  for (const server of http) {
    it(`${server.name}: a passing test call passes; a failing one fails with the server's own words, as a signature`, async () => {
      const running: RunningServer = await server.start!((nextPort += 1));
      try {
        const pass = await createProbe({
          name: `${server.name}-pass`,
          server: server.name,
          transport: server.transport,
          url: running.url,
          call: server.pass,
        });
        const passed = await runNow(pass);
        expect(passed.ok, JSON.stringify(passed)).toBe(true);
        expect(passed.steps.map((step) => step.step)).toEqual(["initialize", "tools/list", "tools/call"]);
        expect(passed.steps.every((step) => step.callId)).toBe(true);

        const fail = await createProbe({
          name: `${server.name}-fail`,
          server: server.name,
          transport: server.transport,
          url: running.url,
          call: { tool: server.fail.tool, arguments: server.fail.arguments },
        });
        const failed = await runNow(fail);
        expect(failed.ok).toBe(false);
        const call = failed.steps.find((step) => step.step === "tools/call")!;
        expect(call.ok).toBe(false);
        expect(call.outcome).toBe(server.fail.as === "isError" ? "tool_error" : "protocol_error");
        expect(failed.reason).toMatch(/^tools\/call: outcome/);
        // The step is a stored call on the probe route, with the text the server sent.
        const stored = await api.get<{ routes?: string[]; text?: string; outcome: string }>(
          `/api/v1/calls/${call.callId}`,
        );
        expect(stored.status).toBe(200);
        expect(JSON.stringify(stored.body)).toContain(server.fail.expect.slice(0, 40));
        const signatures = await api.database.pool.query(
          `SELECT count(*)::int AS n FROM failure_signatures WHERE server = $1`,
          [server.name],
        );
        expect(signatures.rows[0].n).toBeGreaterThanOrEqual(1);
      } finally {
        await running.stop();
      }
    }, 60_000);
  }

  it("leaves probe steps out of the traffic rollups", async () => {
    const server = await scriptedServer();
    server.tools.current = [search({})];
    try {
      const id = await createProbe({
        name: "not-traffic",
        server: "not-traffic",
        transport: "http",
        url: server.url,
        call: { tool: "search", arguments: {} },
      });
      const run = await runNow(id);
      expect(run.ok).toBe(true);
      const stored = await api.database.pool.query(`SELECT routes FROM calls WHERE server = 'not-traffic'`);
      expect(stored.rows.map((row) => row.routes)).toEqual([["probe"], ["probe"], ["probe"]]);
      for (const table of ["outcome_rollups", "tool_rollups"]) {
        const { rows } = await api.database.pool.query(
          `SELECT count(*)::int AS n FROM ${table} WHERE server = 'not-traffic'`,
        );
        expect(rows[0].n, table).toBe(0);
      }
    } finally {
      await server.close();
    }
  });
});

/** A scripted MCP server (the SDK's own server, stateless Streamable HTTP) whose tools a test sets. */
async function scriptedServer(): Promise<{
  url: string;
  tools: { current: unknown[] };
  close(): Promise<void>;
}> {
  const tools = { current: [] as unknown[] };
  const httpServer = http.createServer(async (request, response) => {
    const server = new Server({ name: "scripted", version: "1" }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: tools.current as never }));
    server.setRequestHandler(CallToolRequestSchema, async () => ({
      content: [{ type: "text", text: "ok" }],
    }));
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    response.on("close", () => void transport.close());
    await server.connect(transport);
    await transport.handleRequest(request, response);
  });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    tools,
    close: () => new Promise((resolve) => httpServer.close(() => resolve())),
  };
}

const search = (schema: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  name: "search",
  description: "Search the index",
  inputSchema: { type: "object", ...schema },
  ...extra,
});

describe("schema drift between runs", () => {
  const cases: { name: string; before: unknown[]; after: unknown[]; kind: string; change: RegExp }[] = [
    {
      name: "a tool removed",
      before: [
        search({ properties: { q: { type: "string" } } }),
        { name: "old", inputSchema: { type: "object" } },
      ],
      after: [search({ properties: { q: { type: "string" } } })],
      kind: "breaking",
      change: /tool "old" removed/,
    },
    {
      name: "a required parameter added",
      before: [search({ properties: { q: { type: "string" } }, required: ["q"] })],
      after: [
        search({
          properties: { q: { type: "string" }, index: { type: "string" } },
          required: ["q", "index"],
        }),
      ],
      kind: "breaking",
      change: /required parameter "index" added/,
    },
    {
      name: "a type narrowed",
      before: [search({ properties: { limit: { type: ["integer", "string"] } } })],
      after: [search({ properties: { limit: { type: "integer" } } })],
      kind: "breaking",
      change: /limit/,
    },
    {
      name: "an output field removed",
      before: [
        search(
          {},
          {
            outputSchema: {
              type: "object",
              properties: { hits: { type: "array" }, total: { type: "integer" } },
            },
          },
        ),
      ],
      after: [search({}, { outputSchema: { type: "object", properties: { hits: { type: "array" } } } })],
      kind: "breaking",
      change: /total/,
    },
    {
      name: "a description changed",
      before: [search({})],
      after: [{ ...search({}), description: "Search the new index" }],
      kind: "warning",
      change: /description changed/,
    },
    {
      name: "a default changed",
      before: [search({ properties: { limit: { type: "integer", default: 10 } } })],
      after: [search({ properties: { limit: { type: "integer", default: 50 } } })],
      kind: "warning",
      change: /default/,
    },
    {
      name: "an enum narrowed",
      before: [search({ properties: { sort: { type: "string", enum: ["asc", "desc", "relevance"] } } })],
      after: [search({ properties: { sort: { type: "string", enum: ["asc", "desc"] } } })],
      kind: "warning",
      change: /sort/,
    },
    {
      name: "a tool added",
      before: [search({})],
      after: [search({}), { name: "fetch", inputSchema: { type: "object" } }],
      kind: "info",
      change: /tool "fetch" added/,
    },
    {
      name: "an optional parameter added",
      before: [search({ properties: { q: { type: "string" } } })],
      after: [search({ properties: { q: { type: "string" }, lang: { type: "string" } } })],
      kind: "info",
      change: /lang/,
    },
  ];

  for (const drift of cases) {
    it(`records ${drift.name} as ${drift.kind}, with the change in words`, async () => {
      const server = await scriptedServer();
      try {
        const id = await createProbe({
          name: `drift ${drift.name}`,
          server: "scripted",
          transport: "http",
          url: server.url,
        });
        server.tools.current = drift.before;
        const first = await runNow(id);
        expect(first.ok, JSON.stringify(first)).toBe(true);
        expect(first.drift).toEqual([]);
        server.tools.current = drift.after;
        const second = await runNow(id);
        expect(second.driftSeverity).toBe(drift.kind);
        expect(second.drift.map((event) => `${event.kind}: ${event.change}`)).toEqual(
          expect.arrayContaining([
            expect.stringMatching(new RegExp(`^${drift.kind}: .*${drift.change.source}`)),
          ]),
        );
        // The same list again: no drift.
        const third = await runNow(id);
        expect(third.drift).toEqual([]);
      } finally {
        await server.close();
      }
    });
  }
});

describe("a server of the 2026-07-28 revision", () => {
  it("is probed with server/discover, no initialize, and its tools and test call as any other", async () => {
    // The official server library's stateless handler, 2026-07-28 only (an initialize is refused).
    const handler = createMcpHandler(
      () => {
        const server = new McpServer({ name: "modern", version: "1" });
        server.registerTool(
          "echo",
          { description: "Says it back", inputSchema: z.object({ text: z.string() }) },
          async ({ text }) => ({ content: [{ type: "text", text }] }),
        );
        return server;
      },
      { legacy: "reject" } as never,
    );
    const server = http.createServer(async (incoming, outgoing) => {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      const body =
        incoming.method === "GET" || incoming.method === "HEAD" ? undefined : Buffer.concat(chunks);
      const answer = await handler.fetch(
        new Request(`http://127.0.0.1${incoming.url}`, { method: incoming.method, headers, body }),
      );
      outgoing.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
      outgoing.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const id = await createProbe({
        name: "modern",
        server: "modern",
        transport: "http",
        url: `http://127.0.0.1:${port}/mcp`,
        call: { tool: "echo", arguments: { text: "still here" }, expect: { text: "^still here$" } },
      });
      const run = await runNow(id);
      expect(run.ok, JSON.stringify(run)).toBe(true);
      expect(run.steps.map((step) => step.step)).toEqual(["server/discover", "tools/list", "tools/call"]);
      const stored = await api.database.pool.query(
        `SELECT method, protocol_version FROM calls WHERE id = $1`,
        [run.steps[0]!.callId],
      );
      expect(stored.rows[0]).toEqual({ method: "server/discover", protocol_version: "2026-07-28" });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("servers that misbehave", () => {
  async function listening(handler: http.RequestListener) {
    const server = http.createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}/mcp`,
      close: () =>
        new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
    };
  }

  it("a server that hangs fails at the handshake within the probe's timeout", async () => {
    const server = await listening(() => {
      /* never answers */
    });
    try {
      const id = await createProbe({
        name: "hangs",
        server: "hangs",
        transport: "http",
        url: server.url,
        timeoutMs: 1_500,
      });
      const started = Date.now();
      const run = await runNow(id);
      expect(Date.now() - started).toBeLessThan(8_000);
      expect(run.ok).toBe(false);
      expect(run.steps).toHaveLength(1);
      expect(run.reason).toMatch(/^initialize: outcome transport error/);
    } finally {
      await server.close();
    }
  });

  it("a server that is down fails as a refused connection", async () => {
    const server = await listening(() => {});
    const url = server.url;
    await server.close();
    const id = await createProbe({ name: "down", server: "down", transport: "http", url, timeoutMs: 2_000 });
    const run = await runNow(id);
    expect(run.ok).toBe(false);
    const stored = await api.database.pool.query(`SELECT transport_error, outcome FROM calls WHERE id = $1`, [
      run.steps[0]!.callId,
    ]);
    expect(stored.rows[0]).toMatchObject({ outcome: "transport_error" });
    expect(String(stored.rows[0].transport_error)).toMatch(/connection_refused|connection_failed/);
  });

  it("a server that answers an HTML page fails, and the page is not taken for an answer", async () => {
    const server = await listening((_request, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      response.end("<html><body><h1>Sign in</h1></body></html>");
    });
    try {
      const id = await createProbe({
        name: "html",
        server: "html",
        transport: "http",
        url: server.url,
        timeoutMs: 2_000,
      });
      const run = await runNow(id);
      expect(run.ok).toBe(false);
      expect(run.steps[0]!.ok).toBe(false);
    } finally {
      await server.close();
    }
  });

  it("refuses an internal address unless FAULTLINE_PROBES_ALLOW_PRIVATE is set", async () => {
    const { getProbe, runAndRecord } = await import("../../lib/probes");
    const [project] = (await api.database.pool.query(`SELECT id FROM projects WHERE name = 'default'`)).rows;
    const id = await createProbe({
      name: "metadata",
      server: "metadata",
      transport: "http",
      url: "http://169.254.169.254/mcp",
      timeoutMs: 2_000,
    });
    const probe = await getProbe(api.database.pool, project.id, id);
    const run = await runAndRecord(api.database.pool, probe, {
      allowPrivate: false,
      maxResponseBytes: 1 << 20,
    });
    expect(run.ok).toBe(false);
    expect(run.reason).toMatch(/internal address.*FAULTLINE_PROBES_ALLOW_PRIVATE/);
    // The operator's rule, not a network that may come back: permission, not retryable.
    const stored = await api.database.pool.query(
      `SELECT category, retryable, error_code FROM calls WHERE id = $1`,
      [run.steps[0]!.callId],
    );
    expect(stored.rows[0]).toEqual({
      category: "permission",
      retryable: false,
      error_code: "address_denied",
    });
  });
});

describe("two instances on one database", () => {
  it("claim each due probe once", async () => {
    const { claimDueProbes } = await import("../../lib/probes/store");
    for (let index = 0; index < 30; index += 1) {
      await createProbe({
        name: `due-${index}`,
        server: "due",
        transport: "http",
        url: "http://127.0.0.1:9/mcp",
      });
    }
    const other = new Pool({ connectionString: api.testDatabase.url, max: 4 });
    other.on("error", () => {});
    try {
      const now = new Date(Date.now() + 1_000);
      const claims = await Promise.all(
        [api.database.pool, other, api.database.pool, other].map((pool) => claimDueProbes(pool, now, 20)),
      );
      const names = claims
        .flat()
        .filter((probe) => probe.server === "due")
        .map((probe) => probe.name);
      expect(names.length).toBe(30);
      expect(new Set(names).size).toBe(30);
      // Claimed again at the same moment: none is due any more.
      expect((await claimDueProbes(other, now, 100)).filter((probe) => probe.server === "due")).toEqual([]);
    } finally {
      await other.end();
    }
  });
});

describe("alerts on probes", () => {
  const config = {
    publicUrl: "https://faultline.example",
    intervalMs: 1000,
    retryBaseMs: 100,
    maxAttempts: 3,
    allowPrivate: true,
    timeoutMs: 2000,
    concurrency: { total: 32, perProject: 8, perReceiver: 2 },
  };

  async function messagesOf(
    ruleId: string,
  ): Promise<{ status: string; summary: string; incident: { key: string } }[]> {
    const { rows } = await api.database.pool.query(
      `SELECT message FROM alert_deliveries WHERE rule_id = $1 ORDER BY id`,
      [ruleId],
    );
    return rows.map((row) => row.message);
  }

  async function rule(body: Record<string, unknown>): Promise<string> {
    const { createRule } = await import("../../lib/alerts");
    const [project] = (await api.database.pool.query(`SELECT id FROM projects WHERE name = 'default'`)).rows;
    const row = await createRule(api.database.pool, project.id, {
      windowMinutes: 60,
      cooldownMinutes: 60,
      destination: { type: "webhook", url: "http://127.0.0.1:9/never-called" },
      ...body,
    });
    return row.id;
  }

  it("a probe failing N of its last M runs fires, with its reason; passing again resolves it", async () => {
    const { evaluateAllRules } = await import("../../lib/alerts");
    const server = await scriptedServer();
    server.tools.current = [search({})];
    const id = await createProbe({
      name: "flaky",
      server: "flaky-server",
      transport: "http",
      url: server.url,
      timeoutMs: 2_000,
    });
    const ruleId = await rule({
      name: "flaky probe",
      kind: "probe_failing",
      server: "flaky-server",
      threshold: 2,
      ofRuns: 3,
    });
    expect((await runNow(id)).ok).toBe(true);
    await evaluateAllRules(api.database.pool, config);
    expect(await messagesOf(ruleId)).toEqual([]);

    await server.close();
    expect((await runNow(id)).ok).toBe(false);
    await evaluateAllRules(api.database.pool, config);
    expect(await messagesOf(ruleId)).toEqual([]); // 1 of 3: not yet
    expect((await runNow(id)).ok).toBe(false);
    await evaluateAllRules(api.database.pool, config);
    const [fired] = await messagesOf(ruleId);
    expect(fired?.status).toBe("firing");
    expect(fired?.summary).toMatch(
      /flaky probe: probe "flaky" of server flaky-server failed 2 of its last 3 runs: initialize: outcome transport error/,
    );

    const again = await scriptedServer();
    again.tools.current = [search({})];
    try {
      await send("PATCH", `/api/v1/probes/${id}`, { url: again.url });
      expect((await runNow(id)).ok).toBe(true);
      expect((await runNow(id)).ok).toBe(true);
      await evaluateAllRules(api.database.pool, config);
      const all = await messagesOf(ruleId);
      expect(all.map((message) => message.status)).toEqual(["firing", "resolved"]);
      expect(all[1]!.incident.key).toBe(all[0]!.incident.key);
    } finally {
      await again.close();
    }
  });

  it("a drift of the chosen kind fires; a milder one does not", async () => {
    const { evaluateAllRules } = await import("../../lib/alerts");
    const server = await scriptedServer();
    try {
      server.tools.current = [search({ properties: { q: { type: "string" } } })];
      const id = await createProbe({
        name: "drifting",
        server: "drift-server",
        transport: "http",
        url: server.url,
      });
      const breaking = await rule({
        name: "breaking drift",
        kind: "probe_drift",
        server: "drift-server",
        driftKind: "breaking",
      });
      await runNow(id);
      server.tools.current = [search({ properties: { q: { type: "string" }, lang: { type: "string" } } })];
      expect((await runNow(id)).driftSeverity).toBe("info");
      await evaluateAllRules(api.database.pool, config);
      expect(await messagesOf(breaking)).toEqual([]);
      server.tools.current = [];
      expect((await runNow(id)).driftSeverity).toBe("breaking");
      await evaluateAllRules(api.database.pool, config);
      const [fired] = await messagesOf(breaking);
      expect(fired?.summary).toMatch(
        /breaking drift: 1 tool schema change \(breaking\) on server drift-server in the last 1 h: breaking: tool "search" removed/,
      );
    } finally {
      await server.close();
    }
  });

  it("refuses a probe rule without its fields, naming them", async () => {
    const { createRule } = await import("../../lib/alerts");
    const [project] = (await api.database.pool.query(`SELECT id FROM projects WHERE name = 'default'`)).rows;
    await expect(
      createRule(api.database.pool, project.id, {
        name: "x",
        kind: "probe_failing",
        windowMinutes: 60,
        threshold: 5,
        ofRuns: 3,
        destination: { type: "webhook", url: "http://127.0.0.1:9/x" },
      }),
    ).rejects.toThrow(/threshold: must be a whole number of failed runs from 1 to ofRuns/);
    await expect(
      createRule(api.database.pool, project.id, {
        name: "y",
        kind: "probe_drift",
        windowMinutes: 60,
        destination: { type: "webhook", url: "http://127.0.0.1:9/x" },
      }),
    ).rejects.toThrow(/driftKind: is required for a probe_drift rule/);
  });
});

describe("the schedule", () => {
  it("two instances' probe loops run each due probe once", async () => {
    const { scheduleProbes } = await import("../../lib/probes");
    await api.database.pool.query(`UPDATE probes SET enabled = false`);
    const server = await scriptedServer();
    server.tools.current = [search({})];
    const other = new Pool({ connectionString: api.testDatabase.url, max: 4 });
    other.on("error", () => {});
    const options = { allowPrivate: true, maxResponseBytes: 1 << 20, concurrency: 3, tickMs: 20 };
    try {
      for (let index = 0; index < 6; index += 1) {
        await createProbe({
          name: `scheduled-${index}`,
          server: "scheduled",
          transport: "http",
          url: server.url,
          intervalSeconds: 30,
        });
      }
      const loops = [scheduleProbes(api.database.pool, options), scheduleProbes(other, options)];
      const count = async () =>
        (
          await api.database.pool.query(
            `SELECT count(*)::int AS n FROM probe_runs WHERE server = 'scheduled'`,
          )
        ).rows[0].n as number;
      const deadline = Date.now() + 15_000;
      while ((await count()) < 6 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await Promise.all(loops.map((loop) => loop.stop()));
      const { rows } = await api.database.pool.query(
        `SELECT p.name, count(r.id)::int AS runs, bool_and(r.ok) AS ok FROM probes p
           LEFT JOIN probe_runs r ON r.probe_id = p.id WHERE p.server = 'scheduled' GROUP BY p.name ORDER BY p.name`,
      );
      expect(rows).toEqual(
        Array.from({ length: 6 }, (_, index) => ({ name: `scheduled-${index}`, runs: 1, ok: true })),
      );
    } finally {
      await other.end();
      await server.close();
    }
  });

  it("upkeep drops runs past 90 days", async () => {
    const { pruneRuns } = await import("../../lib/probes/store");
    await api.database.pool.query(
      `UPDATE probe_runs SET started_at = now() - interval '91 days' WHERE id = (SELECT id FROM probe_runs ORDER BY started_at LIMIT 1)`,
    );
    expect(await pruneRuns(api.database.pool, new Date())).toBe(1);
  });
});

describe("what an ingest key sees", () => {
  it("lists the stdio probes only (what faultline-probe reads), never an HTTP probe's URL", async () => {
    const ingest = await api.createKey("default", ["ingest"]);
    await createProbe({
      name: "internal-http",
      server: "internal",
      transport: "http",
      url: "http://10.0.0.7:8080/mcp",
    });
    const listed = await send<{ probes: { transport: string }[] }>(
      "GET",
      "/api/v1/probes",
      undefined,
      ingest,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.probes.length).toBeGreaterThan(0);
    expect(listed.body.probes.every((probe) => probe.transport === "stdio")).toBe(true);
    expect(JSON.stringify(listed.body)).not.toContain("10.0.0.7");
    expect((await send("GET", "/api/v1/probes?transport=http", undefined, ingest)).body).toEqual(listed.body);
  });
});

describe("hostile input", () => {
  it("a NUL or an unpaired surrogate in a test call's arguments is a 400 naming the field, not a 500", async () => {
    for (const raw of [
      '{"name":"h1","server":"s","transport":"stdio","command":["x"],"call":{"tool":"t","arguments":{"a":"\\ud800"}}}',
      '{"name":"h2","server":"s","transport":"stdio","command":["x"],"call":{"tool":"t","arguments":{"\\u0000":"v"}}}',
      '{"name":"h3","server":"s","transport":"stdio","command":["x"],"call":{"tool":"t","expect":{"json":[{"path":"a","equals":"\\udc00"}]}}}',
    ]) {
      const response = await api.request("POST", "/api/v1/probes", {
        key: admin,
        rawBody: raw,
        headers: { "content-type": "application/json" },
      });
      const body = (await response.json()) as { error: { details: { path: string; message: string }[] } };
      expect(response.status, raw).toBe(400);
      expect(body.error.details[0]!.message).toMatch(/NUL character or an unpaired surrogate/);
    }
  });

  it("a reported run whose server said what jsonb refuses is stored, the words mended", async () => {
    const ingest = await api.createKey("default", ["ingest"]);
    const id = await createProbe({
      name: "hostile-run",
      server: "hostile",
      transport: "stdio",
      command: ["x"],
    });
    const tools = (name: string) => ({ tools: [{ name, inputSchema: { type: "object" } }] });
    const report = (name: string) =>
      JSON.stringify({
        startedAt: new Date().toISOString(),
        durationMs: 3,
        steps: [
          { step: "initialize", startedAt: new Date().toISOString(), durationMs: 1, result: {} },
          { step: "tools/list", startedAt: new Date().toISOString(), durationMs: 1, result: tools(name) },
        ],
      }).replace("NAME", "\\ud800\\u0000");
    for (const name of ["plain", "NAME"]) {
      const response = await api.request("POST", `/api/v1/probes/${id}/runs`, {
        key: ingest,
        rawBody: report(name),
        headers: { "content-type": "application/json" },
      });
      expect(response.status).toBe(201);
    }
    const runs = await send<{ runs: { drift: { change: string }[] }[] }>("GET", `/api/v1/probes/${id}/runs`);
    expect(runs.body.runs[0]!.drift.map((event) => event.change)).toContain('tool "\uFFFD\uFFFD" added');
  });
});

describe("how many probes a project holds", () => {
  it("stops at 100 with a 400 saying so; the latest run of each probe is read per probe", async () => {
    const { MAX_PROBES_PER_PROJECT, latestRunByProbe, latestRunByServer } =
      await import("../../lib/probes/store");
    const [project] = (await api.database.pool.query(`SELECT id FROM projects WHERE name = 'default'`)).rows;
    const { n } = (
      await api.database.pool.query(`SELECT count(*)::int AS n FROM probes WHERE project_id = $1`, [
        project.id,
      ])
    ).rows[0];
    for (let index = n; index < MAX_PROBES_PER_PROJECT; index += 1) {
      await createProbe({ name: `filler-${index}`, server: "filler", transport: "stdio", command: ["x"] });
    }
    const refused = await send<{ error: { details: { path: string; message: string }[] } }>(
      "POST",
      "/api/v1/probes",
      {
        name: "one-too-many",
        server: "s",
        transport: "stdio",
        command: ["x"],
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      { path: "(body)", message: "a project may have at most 100 probes; delete one first" },
    ]);
    // Every probed server's latest run is the newest of its probes' latest runs.
    const byProbe = await latestRunByProbe(api.database.pool, project.id);
    const byServer = await latestRunByServer(api.database.pool, project.id);
    const { rows } = await api.database.pool.query(
      `SELECT DISTINCT ON (server) server, started_at FROM probe_runs WHERE project_id = $1 ORDER BY server, started_at DESC`,
      [project.id],
    );
    expect(byServer.size).toBe(rows.length);
    for (const row of rows)
      expect(byServer.get(row.server)?.startedAt.getTime()).toBe(row.started_at.getTime());
    expect(byProbe.size).toBeGreaterThan(0);
  });
});
