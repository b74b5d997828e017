import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../helpers/api";
import { exportRequest, span } from "../fixtures/otlp";

// MCP spans exported over OTLP/HTTP JSON become calls exactly as webhook calls do.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi("otlp");
});
afterAll(async () => api?.close());

const tool = (name: string) => ({
  "mcp.method.name": "tools/call",
  "gen_ai.tool.name": name,
  "gen_ai.operation.name": "execute_tool",
});

const spans = [
  span({
    spanId: "0000000000000001",
    attributes: {
      ...tool("lookup_lead"),
      "mcp.session.id": "s1",
      "mcp.protocol.version": "2025-11-25",
      "server.address": "crm.internal",
      "server.port": 443,
    },
  }),
  span({
    spanId: "0000000000000002",
    attributes: { ...tool("charge"), "error.type": "tool_error", "server.address": "billing" },
    status: { code: 2, message: "Payment required" },
  }),
  span({
    spanId: "0000000000000003",
    attributes: {
      ...tool("lead_delete"),
      "error.type": "-32601",
      "rpc.response.status_code": "-32601",
      "server.address": "crm.internal",
    },
    status: { code: 2, message: "Method not found" },
  }),
  span({
    spanId: "0000000000000004",
    attributes: { ...tool("report"), "error.type": "timeout", "server.address": "reports" },
    status: { code: 2, message: "Request timed out" },
  }),
  span({
    spanId: "0000000000000005",
    attributes: { ...tool("search"), "http.response.status_code": 429, "server.address": "search" },
    status: { code: 2, message: "Too Many Requests" },
  }),
  // An older, vendor variant: JSON-RPC code and isError under their own names.
  span({
    spanId: "0000000000000006",
    attributes: {
      "mcp.method.name": "tools/call",
      "mcp.tool.name": "refund",
      "mcp.tool.result.is_error": true,
      "server.address": "shop",
    },
    status: { code: 2, message: "outside the 45-day window" },
  }),
  span({
    spanId: "0000000000000007",
    attributes: {
      "mcp.method.name": "tools/call",
      "gen_ai.tool.name": "viewer",
      "gen_ai.tool.call.result": '{"data":{"viewer":null}}',
      "server.address": "github",
    },
  }),
  // A server-side span: the resource is the MCP server.
  span({
    spanId: "0000000000000008",
    kind: 2,
    attributes: { ...tool("explode"), "rpc.jsonrpc.error_code": -32603 },
    status: { code: 2, message: "Internal error" },
  }),
  // Not an MCP span: skipped.
  span({ spanId: "0000000000000009", attributes: { "http.request.method": "GET" } }),
];

describe("POST /api/v1/otlp/v1/traces", () => {
  it("records MCP spans as calls and skips other spans", async () => {
    const response = await api.request("POST", "/api/v1/otlp/v1/traces", {
      body: exportRequest("agent-host", spans),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ partialSuccess: {}, accepted: 8, skippedSpans: 1 });
  });

  it.each([
    [
      "0000000000000001",
      {
        outcome: "ok",
        server: "crm.internal:443",
        tool: "lookup_lead",
        sessionId: "s1",
        protocolVersion: "2025-11-25",
        agent: "agent-host",
        durationMs: 12,
      },
    ],
    [
      "0000000000000002",
      {
        outcome: "tool_error",
        server: "billing",
        tool: "charge",
        category: "business",
        text: "Payment required",
      },
    ],
    [
      "0000000000000003",
      {
        outcome: "protocol_error",
        category: "unknown_tool",
        errorCode: "-32601",
        text: "MCP error -32601: Method not found",
      },
    ],
    [
      "0000000000000004",
      { outcome: "transport_error", category: "transient", errorCode: "timeout", retryable: true },
    ],
    [
      "0000000000000005",
      { outcome: "transport_error", category: "rate_limited", errorCode: "http_429", httpStatus: 429 },
    ],
    ["0000000000000006", { outcome: "tool_error", tool: "refund", category: "business" }],
    [
      "0000000000000007",
      { outcome: "ok", silentFailure: true, category: "auth", flags: ["identity_null", "no_error_code"] },
    ],
    [
      "0000000000000008",
      { outcome: "protocol_error", server: "agent-host", category: "internal", errorCode: "-32603" },
    ],
  ])("span %s becomes the expected call", async (spanId, expected) => {
    const { status, body } = await api.get(`/api/v1/calls/4bf92f3577b34da6a3ce929d0e0e4736-${spanId}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ occurredAt: "2026-11-29T09:00:00.000Z", ...expected });
  });

  it("is idempotent when an exporter retries the same spans", async () => {
    const response = await api.request("POST", "/api/v1/otlp/v1/traces", {
      body: exportRequest("agent-host", spans),
    });
    expect(await response.json()).toMatchObject({ accepted: 0, duplicates: 8 });
  });

  it("rejects a body that is not an export request, and protobuf, naming the problem", async () => {
    const bad = await api.request("POST", "/api/v1/otlp/v1/traces", { body: { spans: [] } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(
      /^resourceSpans: must be an array/,
    );
    const protobuf = await api.request("POST", "/api/v1/otlp/v1/traces", {
      rawBody: new Uint8Array([1, 2, 3]),
      headers: { "content-type": "application/x-protobuf" },
    });
    expect(protobuf.status).toBe(415);
  });

  it("reports spans that fail validation in partialSuccess", async () => {
    const invalid = span({
      spanId: "00000000000000aa",
      attributes: { "mcp.method.name": "tools/call", "server.address": "x" },
    });
    const response = await api.request("POST", "/api/v1/otlp/v1/traces", {
      body: exportRequest("agent-host", [invalid]),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      accepted: 0,
      partialSuccess: {
        rejectedSpans: 1,
        errorMessage: expect.stringMatching(/tool Required when method is tools\/call/),
      },
    });
  });

  it("refuses hostile spans one by one in partialSuccess, keeping the valid span beside them", async () => {
    // 50,000 nested arrayValues, written as text (JSON.stringify itself would overflow).
    const nested = (depth: number) =>
      `${'{"arrayValue":{"values":['.repeat(depth)}{"stringValue":"leaf"}${"]}}".repeat(depth)}`;
    const good = span({
      spanId: "00000000000000b0",
      attributes: { ...tool("ok_tool"), "server.address": "x" },
    });
    const deep = span({ spanId: "00000000000000b1", attributes: { ...tool("deep"), payload: "NESTED" } });
    const farFuture = {
      ...span({ spanId: "00000000000000b2", attributes: tool("late") }),
      startTimeUnixNano: "99999999999999999999999999",
    };
    const negative = {
      ...span({ spanId: "00000000000000b3", attributes: tool("early") }),
      startTimeUnixNano: "1",
    };
    const surrogate = span({
      spanId: "00000000000000b4",
      attributes: { ...tool("bad\ud800tool"), "server.address": "x" },
    });
    const response = await api.request("POST", "/api/v1/otlp/v1/traces", {
      rawBody: JSON.stringify(
        exportRequest("agent-host", [good, deep, farFuture, negative, surrogate]),
      ).replace('{"stringValue":"NESTED"}', nested(50_000)),
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(200);
    const reply = (await response.json()) as {
      accepted: number;
      partialSuccess: { rejectedSpans: number; errorMessage: string };
    };
    expect(reply.accepted).toBe(1);
    expect(reply.partialSuccess.rejectedSpans).toBe(4);
    expect(reply.partialSuccess.errorMessage).toMatch(
      /span 1: attributes must not nest arrayValue\/kvlistValue deeper than 16 levels/,
    );
    expect(reply.partialSuccess.errorMessage).toMatch(
      /span 2: startTimeUnixNano must be a Unix time in nanoseconds/,
    );
    expect(reply.partialSuccess.errorMessage).toMatch(/span 3: startTimeUnixNano must be a Unix time/);
    expect(reply.partialSuccess.errorMessage).toMatch(/span 4: tool must be well-formed Unicode/);
    expect((await api.get("/api/v1/calls/4bf92f3577b34da6a3ce929d0e0e4736-00000000000000b0")).status).toBe(
      200,
    );
  });
});
