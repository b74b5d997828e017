import { SpanKind, SpanStatusCode, type Tracer } from "@opentelemetry/api";
import { OTLPTraceExporter as JsonExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as ProtoExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider, type SpanExporter } from "@opentelemetry/sdk-trace-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// The official OpenTelemetry JS SDK (sdk-trace-node) with both official OTLP/HTTP exporters —
// JSON and protobuf, gzip on and off, their default settings otherwise — pointed at a running
// Faultline. The spans are what MCP instrumentation emits under the OpenTelemetry MCP
// conventions; the SDK, the exporters and the wire are the real ones.

const KEY = "flk_otlp_exporters_key_000000000000";
let testDatabase: TestDatabase;
let app: AppServer;

beforeAll(async () => {
  testDatabase = await createTestDatabase("otlp_exporters");
  app = await startAppServer({
    DATABASE_URL: testDatabase.url,
    FAULTLINE_INIT_INGEST_KEY: KEY,
    FAULTLINE_READ_RATE_PER_SECOND: "0",
  });
});
afterAll(async () => {
  await app?.stop();
  await testDatabase?.drop();
});

/** An exporter whose results we can see (the SDK only logs them). */
function watched(exporter: SpanExporter) {
  const results: { code: number; error?: Error }[] = [];
  const original = exporter.export.bind(exporter);
  exporter.export = (spans, done) => original(spans, (result) => (results.push(result), done(result)));
  return { exporter, results };
}

async function withTracer(exporter: SpanExporter, service: string, work: (tracer: Tracer) => void) {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": service }),
    spanProcessors: [new BatchSpanProcessor(exporter, { maxExportBatchSize: 2048, maxQueueSize: 4096 })],
  });
  work(provider.getTracer("mcp-instrumentation"));
  // A failed export rejects the flush; the exporter's own result (watched) is what the tests assert.
  await provider.forceFlush().catch(() => {});
  await provider.shutdown().catch(() => {});
}

/** A server span for one tools/call, named and attributed as the MCP semantic conventions say. */
function toolSpan(
  tracer: Tracer,
  tool: string,
  fields: { result?: string; errorType?: string; status?: string } = {},
) {
  const span = tracer.startSpan(`tools/call ${tool}`, {
    kind: SpanKind.SERVER,
    attributes: {
      "mcp.method.name": "tools/call",
      "gen_ai.tool.name": tool,
      "gen_ai.operation.name": "execute_tool",
      "mcp.protocol.version": "2025-11-25",
      ...(fields.result !== undefined ? { "gen_ai.tool.call.result": fields.result } : {}),
      ...(fields.errorType ? { "error.type": fields.errorType } : {}),
    },
  });
  if (fields.errorType || fields.status)
    span.setStatus({ code: SpanStatusCode.ERROR, message: fields.status });
  span.end();
}

async function calls(server: string) {
  const response = await fetch(`${app.url}/api/v1/calls?server=${server}&limit=500`, {
    headers: { authorization: `Bearer ${KEY}` },
  });
  return ((await response.json()) as { calls: Record<string, unknown>[] }).calls;
}

const exporters = {
  "http/json": (compression?: "gzip") =>
    new JsonExporter({
      url: `${app.url}/api/v1/otlp/v1/traces`,
      headers: { authorization: `Bearer ${KEY}` },
      compression: compression as never,
    }),
  "http/protobuf": (compression?: "gzip") =>
    new ProtoExporter({
      url: `${app.url}/api/v1/otlp/v1/traces`,
      headers: { authorization: `Bearer ${KEY}` },
      compression: compression as never,
    }),
};

describe.each([
  ["http/json", undefined],
  ["http/json", "gzip"],
  ["http/protobuf", undefined],
  ["http/protobuf", "gzip"],
] as const)("the %s exporter (compression: %s)", (protocol, compression) => {
  const service = `svc-${protocol.replace(/\W/g, "")}-${compression ?? "none"}`;

  it("delivers MCP spans that become calls classified as webhook calls are", async () => {
    const { exporter, results } = watched(exporters[protocol](compression));
    await withTracer(exporter, service, (tracer) => {
      toolSpan(tracer, "lookup_lead", { result: '{"content":[{"type":"text","text":"Ada Lovelace"}]}' });
      toolSpan(tracer, "parse_document", { result: "Error: could not parse document" });
      toolSpan(tracer, "viewer", {
        result: '{"content":[{"type":"text","text":"{\\"data\\":{\\"viewer\\":null}}"}]}',
      });
      toolSpan(tracer, "charge", {
        errorType: "tool_error",
        result:
          '{"isError":true,"content":[{"type":"text","text":"Payment required"}],"structuredContent":{"error":{"code":"payment_required"}}}',
      });
      toolSpan(tracer, "explode", { errorType: "ValueError", status: "ValueError: bad literal" });
      toolSpan(tracer, "fetch_page", {
        errorType: "httpx.ConnectError",
        status: "All connection attempts failed",
      });
      toolSpan(tracer, "lead_get", { errorType: "-32602", status: "Invalid params: id must be a string" });
      const discover = tracer.startSpan("tools/list", {
        kind: SpanKind.SERVER,
        attributes: { "mcp.method.name": "tools/list" },
      });
      discover.end();
    });
    expect(results.map((result) => result.code)).toEqual([0]); // ExportResultCode.SUCCESS
    const stored = await calls(service);
    const byTool = (tool: string) => stored.find((call) => call.tool === tool);
    expect(stored).toHaveLength(8);
    expect(byTool("lookup_lead")).toMatchObject({
      outcome: "ok",
      silentFailure: false,
      text: "Ada Lovelace",
    });
    expect(byTool("parse_document")).toMatchObject({
      outcome: "ok",
      silentFailure: true,
      flags: expect.arrayContaining(["error_text"]),
    });
    expect(byTool("viewer")).toMatchObject({
      outcome: "ok",
      silentFailure: true,
      category: "auth",
      flags: expect.arrayContaining(["identity_null"]),
    });
    expect(byTool("charge")).toMatchObject({
      outcome: "tool_error",
      category: "business",
      errorCode: "payment_required",
    });
    expect(byTool("explode")).toMatchObject({
      outcome: "tool_error",
      category: "internal",
      text: "ValueError: bad literal",
    });
    expect(byTool("fetch_page")).toMatchObject({ outcome: "transport_error", category: "transient" });
    expect(byTool("lead_get")).toMatchObject({
      outcome: "protocol_error",
      category: "validation",
      errorCode: "-32602",
    });
    expect(stored.find((call) => call.method === "tools/list")).toMatchObject({ outcome: "ok", tool: null });
  });

  it("takes a batch of 2,048 spans in one request (more than the webhook's 1,000)", async () => {
    const batch = `${service}-batch`;
    const { exporter, results } = watched(exporters[protocol](compression));
    await withTracer(exporter, batch, (tracer) => {
      for (let index = 0; index < 2048; index++)
        toolSpan(tracer, `tool_${index % 50}`, { result: `row ${index}` });
    });
    expect(results).toEqual([{ code: 0 }]);
    const { rows } = await testDatabase.database.pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM calls WHERE server = $1",
      [batch],
    );
    expect(Number(rows[0]!.n)).toBe(2048);
  });
});

describe("what the exporters are told", () => {
  it("a refused request (a wrong key) fails the export, and the exporter sees why", async () => {
    const exporter = new ProtoExporter({
      url: `${app.url}/api/v1/otlp/v1/traces`,
      headers: { authorization: "Bearer flk_wrong" },
    });
    const { results } = watched(exporter);
    await withTracer(exporter, "wrong-key", (tracer) => toolSpan(tracer, "t"));
    expect(results).toHaveLength(1);
    expect(results[0]!.code).toBe(1); // ExportResultCode.FAILED
    expect(String(results[0]!.error)).toMatch(/401|Unauthorized|unknown or revoked key/i);
  });
});
