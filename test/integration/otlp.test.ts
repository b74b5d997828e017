import { deflateSync, gzipSync } from "node:zlib";
import protobuf from "protobufjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { traceProtos } from "../../lib/ingest/otlp/decode";
import { startTestApi, type TestApi } from "../helpers/api";
import { exportRequest, span, SPAN_START_MS } from "../fixtures/otlp";

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
    // The HTTP span is not rejected (nothing is wrong with it): the exporter is told it was not stored, and why.
    expect(await response.json()).toEqual({
      partialSuccess: {
        errorMessage:
          "1 span is not an MCP call and was not stored (not_mcp: 1). Faultline stores MCP requests: spans with " +
          "mcp.method.name (or rpc.system=mcp and rpc.method), or OpenLLMetry's traceloop.span.kind=tool from an MCP " +
          "instrumentation scope.",
      },
      accepted: 8,
      duplicates: 0,
      skippedSpans: 1,
      skippedByReason: { not_mcp: 1, notification: 0, session: 0 },
    });
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
    expect(body).toMatchObject({ occurredAt: new Date(SPAN_START_MS).toISOString(), ...expected });
  });

  it("is idempotent when an exporter retries the same spans", async () => {
    const response = await api.request("POST", "/api/v1/otlp/v1/traces", {
      body: exportRequest("agent-host", spans),
    });
    expect(await response.json()).toMatchObject({ accepted: 0, duplicates: 8 });
  });

  it("rejects a body that is not an export request, naming the problem in OTLP's Status", async () => {
    const bad = await api.request("POST", "/api/v1/otlp/v1/traces", { body: { spans: [] } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: 3,
      message: expect.stringMatching(/^resourceSpans: must be an array/),
      error: { code: "invalid_body" },
    });
    const xml = await api.request("POST", "/api/v1/otlp/v1/traces", {
      rawBody: "<spans/>",
      headers: { "content-type": "application/xml" },
    });
    expect(xml.status).toBe(415);
    expect(((await xml.json()) as { message: string }).message).toMatch(
      /Content-Type must be application\/json or application\/x-protobuf/,
    );
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

  it("refuses a span whose ids are missing, malformed, all zero or too long, naming the id", async () => {
    const good = span({ spanId: "00000000000000c0", attributes: tool("ids_ok") });
    const bad = [
      { ...span({ spanId: "", attributes: tool("ids_empty_span") }) },
      { ...span({ spanId: "00000000000000c2", attributes: tool("ids_no_trace") }), traceId: "" },
      { ...span({ spanId: "00000000000000c3", attributes: tool("ids_zero") }), traceId: "0".repeat(32) },
      { ...span({ spanId: "00000000000000c4", attributes: tool("ids_long") }), traceId: "ab".repeat(80) },
      { ...span({ spanId: "not-hex-not-hex!", attributes: tool("ids_text") }) },
    ];
    const response = await api.request("POST", "/api/v1/otlp/v1/traces", {
      body: exportRequest("agent-host", [good, ...bad]),
    });
    const reply = (await response.json()) as {
      partialSuccess: { rejectedSpans: number; errorMessage: string };
    };
    expect(response.status).toBe(200);
    // Each refused, none stored as a duplicate of another under a collapsed id.
    expect(reply.partialSuccess.rejectedSpans).toBe(5);
    expect(reply.partialSuccess.errorMessage).toMatch(/span 1: spanId must be 8 bytes \(16 hex digits/);
    expect(reply.partialSuccess.errorMessage).toMatch(/span 2: traceId must be 16 bytes \(32 hex digits/);
    expect(reply.partialSuccess.errorMessage).toMatch(/span 4: traceId must be 16 bytes/);
    const { rows } = await api.database.pool.query(`SELECT tool FROM calls WHERE tool LIKE 'ids_%'`);
    expect(rows).toEqual([{ tool: "ids_ok" }]);
  });

  describe("protobuf and compression", () => {
    const { ExportTraceServiceRequest, ExportTraceServiceResponse } = traceProtos();
    const asProtobuf = (request: unknown) => {
      const json = JSON.parse(JSON.stringify(request)) as {
        resourceSpans: { scopeSpans: { spans: Record<string, string>[] }[] }[];
      };
      // OTLP/JSON writes ids in hex; protobufjs' fromObject reads bytes as base64.
      for (const resource of json.resourceSpans)
        for (const scope of resource.scopeSpans)
          for (const item of scope.spans)
            for (const field of ["traceId", "spanId"])
              item[field] = Buffer.from(item[field]!, "hex").toString("base64");
      return ExportTraceServiceRequest.encode(ExportTraceServiceRequest.fromObject(json)).finish();
    };
    const post = (body: Uint8Array | string, headers: Record<string, string>) =>
      api.request("POST", "/api/v1/otlp/v1/traces", { rawBody: body as BodyInit, headers });
    const StatusType = new protobuf.Type("Status")
      .add(new protobuf.Field("code", 1, "int32"))
      .add(new protobuf.Field("message", 2, "string"));

    it("reads protobuf, plain and gzip, and answers in protobuf with partialSuccess", async () => {
      const good = span({
        spanId: "00000000000000c1",
        attributes: { ...tool("pb_tool"), "server.address": "pb" },
      });
      const bad = span({
        spanId: "00000000000000c2",
        attributes: { "mcp.method.name": "tools/call", "server.address": "pb" },
      });
      const bytes = asProtobuf(exportRequest("agent-host", [good, bad]));
      for (const [headers, body] of [
        [{ "content-type": "application/x-protobuf" }, bytes],
        [{ "content-type": "application/x-protobuf", "content-encoding": "gzip" }, gzipSync(bytes)],
        [{ "content-type": "application/x-protobuf", "content-encoding": "deflate" }, deflateSync(bytes)],
      ] as const) {
        const response = await post(body, headers);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("application/x-protobuf");
        const reply = ExportTraceServiceResponse.toObject(
          ExportTraceServiceResponse.decode(new Uint8Array(await response.arrayBuffer())),
          { longs: Number },
        );
        expect(reply).toMatchObject({
          partialSuccess: { rejectedSpans: 1, errorMessage: expect.stringMatching(/^span 1: tool Required/) },
        });
      }
      expect(
        (await api.get("/api/v1/calls/4bf92f3577b34da6a3ce929d0e0e4736-00000000000000c1")).body,
      ).toMatchObject({ tool: "pb_tool" });
    });

    it("answers a protobuf request's errors with a protobuf google.rpc.Status", async () => {
      const response = await post(new Uint8Array([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f]), {
        "content-type": "application/x-protobuf",
      });
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toBe("application/x-protobuf");
      const status = StatusType.toObject(StatusType.decode(new Uint8Array(await response.arrayBuffer())));
      expect(status).toMatchObject({
        code: 3,
        message: expect.stringMatching(/^\(body\): is not a protobuf ExportTraceServiceRequest/),
      });
      const unauthorized = await api.request("POST", "/api/v1/otlp/v1/traces", {
        key: null,
        rawBody: new Uint8Array(),
        headers: { "content-type": "application/x-protobuf" },
      });
      expect(unauthorized.status).toBe(401);
      expect(
        StatusType.toObject(StatusType.decode(new Uint8Array(await unauthorized.arrayBuffer()))),
      ).toMatchObject({ code: 16 });
    });

    it("refuses a gzip bomb by its inflated size, a broken gzip, and an encoding it does not read", async () => {
      const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
      expect(bomb.byteLength).toBeLessThan(1024 * 1024);
      const tooBig = await post(bomb, { "content-type": "application/json", "content-encoding": "gzip" });
      expect(tooBig.status).toBe(413);
      expect(((await tooBig.json()) as { message: string }).message).toMatch(
        /^body: must inflate to at most \d+ bytes/,
      );
      const broken = await post(new Uint8Array([1, 2, 3]), {
        "content-type": "application/json",
        "content-encoding": "gzip",
      });
      expect(broken.status).toBe(400);
      const brotli = await post("{}", { "content-type": "application/json", "content-encoding": "br" });
      expect(brotli.status).toBe(415);
      expect(((await brotli.json()) as { message: string }).message).toMatch(
        /send gzip, deflate or identity/,
      );
    });

    it("refuses protobuf that nests too deep to decode as a whole body, with a 400", async () => {
      // Span.attributes[0].value = 10,000 nested ArrayValues, written with protobufjs' Writer from
      // the inside out (no encoder builds such a value on purpose; an attacker writes bytes).
      const varint = (n: number) => protobuf.Writer.create().uint32(n).finish();
      const field = (number: number, inner: Uint8Array[]) => {
        const length = inner.reduce((sum, part) => sum + part.byteLength, 0);
        return [varint((number << 3) | 2), varint(length), ...inner];
      };
      const leaf = protobuf.Writer.create()
        .uint32((1 << 3) | 2)
        .string("leaf")
        .finish(); // AnyValue.string_value
      // From the leaf outwards each level is AnyValue{array_value(5): ArrayValue{values(1): …}}: only prefixes grow.
      const prefixes: Uint8Array[] = [];
      let size = leaf.byteLength;
      for (let level = 0; level < 10_000; level++) {
        const values = [varint((1 << 3) | 2), varint(size)];
        size += values[0]!.byteLength + values[1]!.byteLength;
        const array = [varint((5 << 3) | 2), varint(size)];
        size += array[0]!.byteLength + array[1]!.byteLength;
        prefixes.push(...array, ...values);
      }
      const deepValue = [...prefixes.reverse(), leaf];
      const attribute = field(9, [...field(1, [Buffer.from("payload")]), ...field(2, deepValue)]);
      const body = Buffer.concat(field(1, field(2, field(2, attribute))));
      const response = await post(body, { "content-type": "application/x-protobuf" });
      expect(response.status).toBe(400);
      const status = StatusType.toObject(StatusType.decode(new Uint8Array(await response.arrayBuffer())));
      expect(status.message).toMatch(/nests too deep to read/);
    });
  });
});
