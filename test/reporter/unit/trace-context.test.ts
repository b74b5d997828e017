import { context, trace, SpanKind } from "@opentelemetry/api";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addTraceContext,
  newTraceparent,
  traceparentOf,
  validTraceparent,
} from "../../../lib/reporter/trace-context";
import { TraceContextLines } from "../../../lib/reporter/proxy/trace-inject";

// W3C trace context on MCP requests (params._meta.traceparent), as the reporter and
// faultline-proxy --trace-context put it there: with a real OpenTelemetry SDK registered, the
// client span open around a call is the request's context, so that span and every route's report
// of the request meet at ingest.

const provider = new NodeTracerProvider();
const tracer = provider.getTracer("test");
beforeAll(() => provider.register()); // the global context manager an application's SDK sets up
afterAll(async () => {
  await provider.shutdown();
  context.disable();
  trace.disable();
});

const TRACEPARENT = /^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/;

describe("a request's trace context", () => {
  it("is the OpenTelemetry client span open around the call (OpenLLMetry's tool span is one)", () => {
    const span = tracer.startSpan("lookup_lead.tool", { kind: SpanKind.CLIENT });
    const inside = context.with(trace.setSpan(context.active(), span), () => newTraceparent());
    const { traceId, spanId } = span.spanContext();
    expect(inside).toBe(`00-${traceId}-${spanId}-01`);
    span.end();
  });

  it("is a new span in the active trace under any other span, and a new trace with none", () => {
    const agent = tracer.startSpan("agent run", { kind: SpanKind.INTERNAL });
    const inside = context.with(trace.setSpan(context.active(), agent), () => newTraceparent());
    expect(inside).toMatch(TRACEPARENT);
    expect(inside.split("-")[1]).toBe(agent.spanContext().traceId);
    expect(inside.split("-")[2]).not.toBe(agent.spanContext().spanId);
    agent.end();
    const alone = newTraceparent();
    expect(alone).toMatch(TRACEPARENT);
    expect(alone.split("-")[1]).not.toBe(agent.spanContext().traceId);
  });

  it("is read only when well-formed", () => {
    expect(
      traceparentOf({ _meta: { traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01" } }),
    ).toBe("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
    for (const bad of [
      "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
      "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
      "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
      { toString: () => "x" },
      "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01\n",
    ])
      expect(validTraceparent(bad)).toBeUndefined();
    expect(traceparentOf(null)).toBeUndefined();
    expect(traceparentOf({ _meta: "not an object" })).toBeUndefined();
  });
});

describe("faultline-proxy --trace-context over stdio", () => {
  const call = (id: number, meta?: object) =>
    JSON.stringify({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "t", arguments: { a: 1 }, ...(meta ? { _meta: meta } : {}) },
    });

  it("gives a tools/call without trace context one, and passes every other line byte for byte", () => {
    const lines = new TraceContextLines(1024);
    const kept = `${call(2, { traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01" })}\n`;
    const notification = '{"jsonrpc":"2.0","method":"notifications/initialized"}\r\n';
    const garbage = "not json \u00ff\n";
    // Split anywhere: lines are held until their newline.
    const input = Buffer.from(`${call(1, { progressToken: 7 })}\n${kept}${notification}${garbage}`);
    const out = Buffer.concat([
      lines.push(input.subarray(0, 17)),
      lines.push(input.subarray(17)),
      lines.end(),
    ]).toString();
    const [first, ...rest] = out.split("\n");
    const injected = JSON.parse(first!) as {
      params: { _meta: { traceparent: string; progressToken: number } };
    };
    expect(injected.params._meta.progressToken).toBe(7);
    expect(injected.params._meta.traceparent).toMatch(TRACEPARENT);
    expect(rest.join("\n")).toBe(`${kept}${notification}${garbage}`);
  });

  it("passes a line longer than it reads as it came, unread", () => {
    const lines = new TraceContextLines(64);
    const long = `${call(3)}${" ".repeat(100)}\n`;
    const out = Buffer.concat([
      lines.push(Buffer.from(long.slice(0, 50))),
      lines.push(Buffer.from(long.slice(50))),
    ]);
    expect(out.toString()).toBe(long);
  });

  it("adds to each tools/call of a batch that has none", () => {
    const changed = JSON.parse(addTraceContext(`[${call(4)},${call(5)}]`)!) as {
      params: { _meta: { traceparent: string } };
    }[];
    expect(changed.map((m) => m.params._meta.traceparent)).toEqual([
      expect.stringMatching(TRACEPARENT),
      expect.stringMatching(TRACEPARENT),
    ]);
    expect(addTraceContext('{"jsonrpc":"2.0","id":1,"method":"tools/list"}')).toBeUndefined();
  });
});
