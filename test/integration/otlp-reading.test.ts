import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { traceProtos } from "../../lib/ingest/otlp/decode";
import { argumentsFingerprint } from "../../lib/reporter/fingerprint";
import { startTestApi, type TestApi } from "../helpers/api";
import { exportRequest, span } from "../fixtures/otlp";

// How spans of the MCP instrumentations in use are read, span shape by span shape, as each
// library writes them (their published sources; test/e2e/otlp-instrumentations.test.ts runs the
// libraries themselves): OpenLLMetry's traceloop.* spans, server-side libraries' INTERNAL spans,
// every spelling of the tool's name; and what the exporter is told of spans that are not MCP calls.

const TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
const TRACELOOP = "@traceloop/instrumentation-mcp";
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi("otlp_reading");
});
afterAll(async () => api?.close());

const send = (body: unknown) => api.request("POST", "/api/v1/otlp/v1/traces", { body });
const stored = async (id: string) =>
  (await api.get<Record<string, unknown>>(`/api/v1/calls/${TRACE}-${id}`)).body;

/** OpenLLMetry's tool span, as @traceloop/instrumentation-mcp 0.27.0 writes it. */
function traceloopTool(
  spanId: string,
  tool: string,
  fields: { input?: string; output?: string; status?: object },
) {
  return {
    ...span({
      spanId,
      name: `${tool}.tool`,
      kind: 3,
      attributes: {
        "traceloop.span.kind": "tool",
        "traceloop.entity.name": tool,
        ...(fields.input !== undefined ? { "traceloop.entity.input": fields.input } : {}),
        ...(fields.output !== undefined ? { "traceloop.entity.output": fields.output } : {}),
      },
      status: fields.status as { code: number } | undefined,
    }),
    parentSpanId: "00000000000005e5",
  };
}

describe("OpenLLMetry's spans (traceloop.*)", () => {
  it("names a session's calls after its initialize span, exports later: from memory, and from what is stored", async () => {
    const { nameSessionServers, SessionServers } = await import("../../lib/ingest/otlp/session-servers");
    const trace = "7a1e5e0000000000000000000000beef";
    const sessionSpan = "00000000000007e5";
    const inSession = (spanId: string, name: string, attributes: Record<string, string>) => ({
      ...span({ spanId, name, kind: 3, attributes }),
      traceId: trace,
      parentSpanId: sessionSpan,
    });
    const initialize = inSession("0000000000000701", "initialize.mcp", {
      "traceloop.entity.output": JSON.stringify({ serverInfo: { name: "billing", version: "2.0.0" } }),
    });
    const tool = (spanId: string) =>
      inSession(spanId, "charge.tool", { "traceloop.span.kind": "tool", "traceloop.entity.name": "charge" });
    // The initialize span in one export, the session's tool call in the next one.
    expect((await send(exportRequest("agent-host", [initialize], TRACELOOP))).status).toBe(200);
    expect((await send(exportRequest("agent-host", [tool("0000000000000702")], TRACELOOP))).status).toBe(200);
    const call = (spanId: string) => api.get<{ server: string }>(`/api/v1/calls/${trace}-${spanId}`);
    expect((await call("0000000000000702")).body.server).toBe("billing");

    // Another instance, or this one restarted, remembers nothing: the stored initialize names it.
    const { prepareCalls } = await import("../../lib/ingest/prepare");
    const { otlpToCalls } = await import("../../lib/ingest/otlp");
    const conversion = await otlpToCalls(exportRequest("agent-host", [tool("0000000000000703")], TRACELOOP));
    const { prepared } = prepareCalls(
      conversion.calls.map((item) => item.call),
      new Date(),
    );
    expect(prepared[0]!.server).toBe("unknown");
    const projectId = (
      await api.database.pool.query<{ id: string }>(`SELECT project_id AS id FROM api_keys LIMIT 1`)
    ).rows[0]!.id;
    const fresh = new SessionServers();
    const [named] = await nameSessionServers(
      api.database.pool,
      projectId,
      prepared,
      conversion.calls.map((item) => item.session ?? null),
      fresh,
    );
    expect(named!.server).toBe("billing");
    expect(named!.observations![0]!.serverInfoName).toBe("billing");
    expect(fresh.size).toBe(1);
  });

  it("remembers at most its bound of sessions, each for its time", async () => {
    const { SessionServers } = await import("../../lib/ingest/otlp/session-servers");
    let now = 0;
    const known = new SessionServers(3, 1_000, () => now);
    for (const session of ["a", "b", "c", "d"]) known.remember("p", session, `server-${session}`);
    expect(known.size).toBe(3);
    expect(known.recall("p", "a")).toBeUndefined(); // the oldest went first
    expect(known.recall("p", "b")).toBe("server-b");
    expect(known.recall("other project", "b")).toBeUndefined();
    now = 1_500;
    expect(known.recall("p", "c")).toBeUndefined(); // past its time
  });

  it("reads its tool spans: the tool, its arguments' fingerprint, the result as the agent got it, is_error", async () => {
    const initialize = {
      ...span({
        spanId: "00000000000000a0",
        name: "initialize.mcp",
        attributes: {
          "traceloop.entity.output": JSON.stringify({ serverInfo: { name: "crm", version: "1.0.0" } }),
        },
      }),
      parentSpanId: "00000000000005e5",
    };
    const session = span({
      spanId: "00000000000005e5",
      name: "mcp.client.session",
      attributes: { "traceloop.span.kind": "session", "traceloop.entity.name": "mcp.client.session" },
    });
    const response = await send(
      exportRequest(
        "agent-host",
        [
          traceloopTool("00000000000000a1", "lookup_lead", {
            input: JSON.stringify({ tool_name: "lookup_lead", arguments: { id: "7", fields: ["name"] } }),
            output: JSON.stringify({ result: "Ada Lovelace" }),
            status: { code: 1 },
          }),
          traceloopTool("00000000000000a2", "parse_document", {
            output: JSON.stringify({ result: "Error: could not parse document" }),
          }),
          traceloopTool("00000000000000a3", "charge", {
            output: JSON.stringify({ result: "Payment required", is_error: true }),
            status: { code: 2, message: "Payment required" },
          }),
          traceloopTool("00000000000000a4", "render", {
            output: JSON.stringify({
              result: { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
            }),
          }),
          initialize,
          session,
        ],
        TRACELOOP,
      ),
    );
    expect(await response.json()).toMatchObject({
      accepted: 5,
      skippedByReason: { session: 1 },
      partialSuccess: { errorMessage: expect.stringMatching(/^1 span is not an MCP call .*\(session: 1\)/) },
    });
    expect(await stored("00000000000000a1")).toMatchObject({
      method: "tools/call",
      tool: "lookup_lead",
      server: "crm", // its session's initialize named it
      agent: "agent-host",
      outcome: "ok",
      text: "Ada Lovelace",
      // The reporter's fingerprint of the same arguments, keyed as every route's is.
      argumentsHash: await api.storedFingerprint(argumentsFingerprint({ fields: ["name"], id: "7" })!),
    });
    expect(await stored("00000000000000a2")).toMatchObject({
      outcome: "ok",
      silentFailure: true,
      flags: expect.arrayContaining(["error_text"]),
      argumentsHash: null,
    });
    expect(await stored("00000000000000a3")).toMatchObject({
      outcome: "tool_error",
      category: "business",
      text: "Payment required",
    });
    expect(await stored("00000000000000a4")).toMatchObject({ outcome: "ok", silentFailure: false });
    expect(await stored("00000000000000a0")).toMatchObject({
      method: "initialize",
      server: "crm",
      tool: null,
    });
  });

  it("reads an McpError the client threw (no output): a -32001 is a timeout, another code a protocol error", async () => {
    const thrown = (spanId: string, message: string) => ({
      ...traceloopTool(spanId, "slow_report", { status: { code: 2, message } }),
      events: [
        {
          name: "exception",
          timeUnixNano: "1796016093220399903",
          attributes: [
            { key: "exception.type", value: { stringValue: "McpError" } },
            { key: "exception.message", value: { stringValue: message } },
          ],
        },
      ],
    });
    await send(
      exportRequest(
        "agent-host",
        [
          thrown("00000000000000b1", "MCP error -32001: Request timed out"),
          thrown("00000000000000b2", "MCP error -32602: Invalid arguments for tool slow_report"),
        ],
        TRACELOOP,
      ),
    );
    expect(await stored("00000000000000b1")).toMatchObject({
      outcome: "transport_error",
      errorCode: "timeout",
    });
    expect(await stored("00000000000000b2")).toMatchObject({
      outcome: "protocol_error",
      errorCode: "-32602",
      text: expect.stringMatching(/^MCP error -32602: Invalid arguments for tool slow_report/),
    });
  });

  it("takes hostile traceloop attributes without harm: unreadable JSON is no result, never a rejection", async () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const response = await send(
      exportRequest(
        "agent-host",
        [
          traceloopTool("00000000000000c1", "t1", { input: deep, output: deep }),
          traceloopTool("00000000000000c2", "t2", { input: "not json", output: "{" }),
          traceloopTool("00000000000000c3", "t3", {
            output: JSON.stringify({ result: 42, is_error: "yes" }),
          }),
          traceloopTool("00000000000000c4", "t4", { output: JSON.stringify([1, 2, 3]) }),
          // A method name that is no method, and a "tool" with no name at all.
          span({ spanId: "00000000000000c5", name: `${"x/".repeat(3000)}.mcp`, attributes: {} }),
          span({ spanId: "00000000000000c6", name: ".tool", attributes: { "traceloop.span.kind": "tool" } }),
        ],
        TRACELOOP,
      ),
    );
    expect(response.status).toBe(200);
    const reply = (await response.json()) as { accepted: number; partialSuccess: Record<string, unknown> };
    // c5 is no MCP span; c6 is a tools/call with no tool, which the call schema refuses.
    expect(reply).toMatchObject({
      accepted: 4,
      skippedByReason: { not_mcp: 1 },
      partialSuccess: { rejectedSpans: 1, errorMessage: expect.stringMatching(/^span 5: tool Required/) },
    });
    expect(await stored("00000000000000c1")).toMatchObject({ outcome: "ok", argumentsHash: null });
    expect(await stored("00000000000000c3")).toMatchObject({ outcome: "ok", text: "42" });
  });

  it("reads traceloop.span.kind=tool only from an MCP instrumentation's scope (Traceloop marks an agent's own functions so too)", async () => {
    const response = await send(
      exportRequest(
        "agent-host",
        [traceloopTool("00000000000000d1", "summarize", { output: JSON.stringify({ result: "ok" }) })],
        "@traceloop/node-server-sdk",
      ),
    );
    expect(await response.json()).toMatchObject({ accepted: 0, skippedByReason: { not_mcp: 1 } });
  });
});

describe("server-side spans that are not kind SERVER", () => {
  it("reads Sentry's INTERNAL spans (sentry.op=mcp.server) as the server's, the agent by the client's own name", async () => {
    await send(
      exportRequest(
        "node",
        [
          span({
            spanId: "00000000000000e1",
            kind: 1,
            attributes: {
              "sentry.op": "mcp.server",
              "mcp.method.name": "tools/call",
              "mcp.tool.name": "lookup_lead",
              "mcp.request.id": "7",
              "mcp.client.name": "claude-desktop",
              "mcp.server.name": "crm",
              "mcp.tool.result.content_count": 2,
              "mcp.tool.result.0.content": "Ada Lovelace",
              "mcp.tool.result.1.content": "Lovelace Street 7",
            },
          }),
          span({
            spanId: "00000000000000e2",
            kind: 1,
            attributes: {
              "sentry.op": "mcp.server",
              "mcp.method.name": "tools/call",
              "mcp.tool.name": "slow",
            },
            status: { code: 2, message: "cancelled" },
          }),
        ],
        "@sentry/node",
      ),
    );
    // Each span is an observation with the span's id; Sentry's mcp.request.id is the request's
    // JSON-RPC id, which is how its span and another route's report of the request meet.
    expect(await stored("00000000000000e1")).toMatchObject({
      server: "crm",
      agent: "claude-desktop",
      outcome: "ok",
      text: "Ada Lovelace\nLovelace Street 7", // both content items, as Sentry wrote them one attribute each
    });
    expect(await stored("00000000000000e2")).toMatchObject({
      server: "node",
      agent: null,
      outcome: "transport_error",
      errorCode: "cancelled",
    });
  });

  it("reads an INTERNAL span with the client's address and none of the server's as the server's (Shinzo)", async () => {
    await send(
      exportRequest(
        "crm-server",
        [
          span({
            spanId: "00000000000000f1",
            kind: 1,
            attributes: {
              "mcp.method.name": "tools/call",
              "mcp.tool.name": "lookup",
              "client.address": "10.0.0.7",
            },
          }),
          // Nothing says which side: the caller's view, as before.
          span({
            spanId: "00000000000000f2",
            kind: 1,
            attributes: { "mcp.method.name": "tools/call", "mcp.tool.name": "x" },
          }),
        ],
        "crm-server",
      ),
    );
    expect(await stored("00000000000000f1")).toMatchObject({ server: "crm-server", agent: null });
    expect(await stored("00000000000000f2")).toMatchObject({ server: "unknown", agent: "crm-server" });
  });
});

describe("the tool's name, however it is spelled", () => {
  it("reads gen_ai.tool.name, mcp.tool.name and mcp.request.params.name (the MCP C# SDK's rpc.system=jsonrpc spans)", async () => {
    await send(
      exportRequest("svc", [
        span({
          spanId: "0000000000000101",
          attributes: { "mcp.method.name": "tools/call", "gen_ai.tool.name": "a" },
        }),
        span({
          spanId: "0000000000000102",
          attributes: { "mcp.method.name": "tools/call", "mcp.tool.name": "b" },
        }),
        span({
          spanId: "0000000000000103",
          name: "mcp.server.stdio/tools/call",
          kind: 1,
          attributes: {
            "rpc.system": "jsonrpc",
            "rpc.method": "tools/call",
            "rpc.jsonrpc.request_id": "12",
            "mcp.request.params.name": "c",
          },
        }),
        // A JSON-RPC span that says nothing of MCP is not read as one.
        span({
          spanId: "0000000000000104",
          attributes: { "rpc.system": "jsonrpc", "rpc.method": "eth_call" },
        }),
      ]),
    );
    expect(await stored("0000000000000101")).toMatchObject({ tool: "a" });
    expect(await stored("0000000000000102")).toMatchObject({ tool: "b" });
    expect(await stored("0000000000000103")).toMatchObject({ tool: "c", server: "svc", agent: null });
    expect((await api.get(`/api/v1/calls/${TRACE}-0000000000000104`)).status).toBe(404);
  });
});

describe("spans that are not MCP calls", () => {
  it("are not rejected; notifications are not stored as calls; the notice follows the rejections", async () => {
    const response = await send(
      exportRequest("svc", [
        span({ spanId: "0000000000000201", attributes: { "http.request.method": "GET" } }),
        span({ spanId: "0000000000000202", attributes: { "mcp.method.name": "notifications/initialized" } }),
        span({ spanId: "0000000000000203", attributes: { "mcp.method.name": "tools/call" } }),
      ]),
    );
    const reply = (await response.json()) as {
      partialSuccess: { rejectedSpans: number; errorMessage: string };
    };
    expect(reply.partialSuccess.rejectedSpans).toBe(1);
    expect(reply.partialSuccess.errorMessage).toMatch(
      /^span 2: tool Required when method is tools\/call; 2 spans are not MCP calls and were not stored \(not_mcp: 1, notification: 1\)\. Faultline stores MCP requests/,
    );
    expect((await api.get(`/api/v1/calls/${TRACE}-0000000000000202`)).status).toBe(404);
  });

  it("keeps the notice whole within OTLP's message when many spans are rejected", async () => {
    const rejected = Array.from({ length: 200 }, (_, index) =>
      span({
        spanId: (0x300 + index).toString(16).padStart(16, "0"),
        attributes: { "mcp.method.name": "tools/call" },
      }),
    );
    const response = await send(
      exportRequest("svc", [...rejected, span({ spanId: "00000000000004ff", attributes: {} })]),
    );
    const { partialSuccess } = (await response.json()) as {
      partialSuccess: { rejectedSpans: number; errorMessage: string };
    };
    expect(partialSuccess.rejectedSpans).toBe(200);
    expect(partialSuccess.errorMessage.length).toBeLessThanOrEqual(1000);
    expect(partialSuccess.errorMessage).toMatch(
      /^span 0: .*; 1 span is not an MCP call and was not stored \(not_mcp: 1\)\. .*scope\.$/,
    );
  });

  it("tells a protobuf exporter in its ExportTraceServiceResponse, with no rejected span", async () => {
    const { ExportTraceServiceRequest, ExportTraceServiceResponse } = traceProtos();
    const json = exportRequest("svc", [
      span({ spanId: "0000000000000501", attributes: { "db.system": "postgresql" } }),
    ]);
    for (const item of json.resourceSpans[0]!.scopeSpans[0]!.spans as unknown as Record<string, string>[])
      for (const field of ["traceId", "spanId"])
        item[field] = Buffer.from(item[field]!, "hex").toString("base64");
    const response = await api.request("POST", "/api/v1/otlp/v1/traces", {
      rawBody: ExportTraceServiceRequest.encode(
        ExportTraceServiceRequest.fromObject(json),
      ).finish() as BodyInit,
      headers: { "content-type": "application/x-protobuf" },
    });
    const reply = ExportTraceServiceResponse.toObject(
      ExportTraceServiceResponse.decode(new Uint8Array(await response.arrayBuffer())),
      { longs: Number, defaults: true },
    );
    expect(reply).toMatchObject({
      partialSuccess: { rejectedSpans: 0, errorMessage: expect.stringMatching(/^1 span is not an MCP call/) },
    });
  });
});
