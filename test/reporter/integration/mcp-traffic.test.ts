import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReporter, type CallReport } from "../../../lib/reporter/index";
import { startFixtureServer, type FixtureServer } from "../../../scripts/demo/mcp-server";
import { startTestApi, type TestApi } from "../../helpers/api";

// Real traffic: the MCP SDK's own server and client over Streamable HTTP on localhost,
// recorded by Faultline's reporter as it crossed the wire (or the client's error), posted to
// the webhook over HTTP, and read back through the read API.

interface Expected {
  outcome: string;
  category: string | null;
  errorCode: string | null;
  retryable: boolean | null;
  silentFailure?: boolean;
  empty?: boolean;
  flags: string[];
  text?: string | RegExp;
}

let api: TestApi;
let fixture: FixtureServer;
const reports = new Map<string, CallReport>();

/** One call through a real SDK client instrumented by the reporter; the stored call gets `label` as its id. */
async function call(
  faultline: string,
  label: string,
  url: string,
  tool: string,
  args: Record<string, unknown>,
  options: { timeout?: number; serverGoesAway?: FixtureServer } = {},
): Promise<void> {
  const reporter = createReporter({
    url: faultline,
    key: api.key,
    server: "fixture",
    transform: (report) => {
      const labelled = { ...report, id: label };
      reports.set(label, labelled);
      return labelled;
    },
  });
  const client = reporter.instrument(new Client({ name: "mcp-traffic-test", version: "1.0.0" }));
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: reporter.fetch }));
  // Hosts list tools before calling them; the SDK client then validates results against outputSchema.
  await client.listTools().catch(() => undefined);
  if (options.serverGoesAway) {
    await options.serverGoesAway.close();
    await new Promise((resolve) => setTimeout(resolve, 200)); // the client notices its kept-alive socket closed
  }
  await client
    .callTool({ name: tool, arguments: args }, undefined, { timeout: options.timeout })
    .catch(() => {});
  await client.close();
  await reporter.close();
  expect(reporter.stats()).toMatchObject({ reported: 1, delivered: 1 });
}

beforeAll(async () => {
  api = await startTestApi("mcp_traffic");
  fixture = await startFixtureServer();
  const faultline = await api.listen();
  const calls: [string, string, Record<string, unknown>, { timeout?: number }?][] = [
    ["success", "lookup_lead", { id: "lead_1" }],
    ["thrown", "explode", {}],
    ["payment", "charge", { amount: 12 }],
    ["opaque", "flaky_search", {}],
    ["graphql", "list_issues", {}],
    ["viewer", "viewer", {}],
    ["error-text", "parse_document", {}],
    ["empty", "list_orders", { customer: "c_9" }],
    ["unknown-tool", "lead_delete", {}],
    ["bad-args", "lookup_lead", {}],
    ["output-schema", "refund", { order: "55107" }],
    ["timeout", "slow_report", {}, { timeout: 300 }],
  ];
  for (const [id, tool, args, options] of calls)
    await call(faultline, id, fixture.url(), tool, args, options);
  for (const [id, path] of [
    ["http-401", "/guard-401"],
    ["http-429", "/guard-429"],
  ] as const) {
    await call(faultline, id, fixture.url(path), "lookup_lead", { id: "lead_1" });
  }
  // A server that was there at connect time and is gone when the call is made.
  const doomed = await startFixtureServer();
  await call(faultline, "refused", doomed.url(), "lookup_lead", { id: "lead_1" }, { serverGoesAway: doomed });
}, 60_000);

afterAll(async () => {
  await fixture?.close();
  await api?.close();
});

const expectations: Record<string, Expected> = {
  success: { outcome: "ok", category: null, errorCode: null, retryable: null, flags: [] },
  // The SDK turns a thrown exception into an isError result carrying only the message; its
  // words are read as a silent failure's would be: what the caller named does not exist.
  thrown: {
    outcome: "tool_error",
    category: "validation",
    errorCode: null,
    retryable: false,
    flags: ["no_error_code"],
    text: "lead not found in this organization",
  },
  payment: {
    outcome: "tool_error",
    category: "business",
    errorCode: "payment_required",
    retryable: false,
    flags: [],
  },
  opaque: {
    outcome: "tool_error",
    category: "unknown",
    errorCode: null,
    retryable: false,
    flags: ["no_error_code", "opaque_error"],
  },
  graphql: {
    outcome: "ok",
    silentFailure: true,
    category: "auth",
    errorCode: "UNAUTHENTICATED",
    retryable: false,
    flags: ["graphql_errors_no_data"],
  },
  viewer: {
    outcome: "ok",
    silentFailure: true,
    category: "auth",
    errorCode: null,
    retryable: false,
    flags: ["identity_null", "no_error_code"],
  },
  "error-text": {
    outcome: "ok",
    silentFailure: true,
    category: "validation",
    errorCode: null,
    retryable: false,
    flags: ["error_text", "no_error_code"],
  },
  empty: {
    outcome: "ok",
    empty: true,
    category: null,
    errorCode: null,
    retryable: null,
    flags: ["empty_result"],
  },
  // SDK servers answer an unknown tool and bad arguments with isError results, the -32602 only in prose.
  "unknown-tool": {
    outcome: "tool_error",
    category: "unknown_tool",
    errorCode: "-32602",
    retryable: false,
    flags: ["protocol_error_in_result", "code_in_prose"],
    text: "MCP error -32602: Tool lead_delete not found",
  },
  "bad-args": {
    outcome: "tool_error",
    category: "validation",
    errorCode: "-32602",
    retryable: false,
    flags: ["protocol_error_in_result", "code_in_prose"],
    text: /^MCP error -32602: Input validation error/,
  },
  // The SDK client validates structuredContent against outputSchema even on an isError result,
  // and hides the business error behind its own -32602.
  "output-schema": {
    outcome: "tool_error",
    category: "business",
    errorCode: "refund_window_closed",
    retryable: false,
    // The server's own result said retryable: false (what the client hid).
    flags: ["client_rejected_result", "retry_hint"],
    text: /^MCP error -32602: Structured content does not match the tool's output schema/,
  },
  timeout: {
    outcome: "transport_error",
    category: "transient",
    errorCode: "timeout",
    retryable: true,
    flags: [],
    text: "MCP error -32001: Request timed out",
  },
  "http-401": {
    outcome: "transport_error",
    category: "auth",
    errorCode: "http_401",
    retryable: false,
    flags: [],
    text: "unauthorized",
  },
  "http-429": {
    outcome: "transport_error",
    category: "rate_limited",
    errorCode: "http_429",
    retryable: true,
    flags: [],
    text: "Too Many Requests",
  },
  refused: {
    outcome: "transport_error",
    category: "transient",
    errorCode: "econnrefused",
    retryable: true,
    flags: [],
  },
};

describe("real MCP traffic through the webhook", () => {
  it("captured what crossed the wire", () => {
    expect(reports.get("success")).toMatchObject({ httpStatus: 200, protocolVersion: "2025-11-25" });
    expect(reports.get("timeout")!.response).toBeUndefined();
    expect(reports.get("refused")).toMatchObject({
      transportError: "ECONNREFUSED",
      clientError: { name: "TypeError" },
    });
  });

  it.each(Object.entries(expectations))(
    "%s is classified and read back as expected",
    async (id, expected) => {
      const { status, body } = await api.get<Record<string, unknown>>(`/api/v1/calls/${id}`);
      expect(status).toBe(200);
      const { flags, text, ...fields } = expected;
      expect(body).toMatchObject({
        silentFailure: false,
        empty: false,
        partial: false,
        ...fields,
        server: "fixture",
        sessionId: expect.any(String),
      });
      expect([...(body.flags as string[])].sort()).toEqual([...flags].sort());
      if (typeof text === "string") expect(body.text).toBe(text);
      else if (text) expect(body.text).toMatch(text);
    },
  );

  it("lists them through the read API and counts them in the stats", async () => {
    const listed = await api.get<{ calls: { id: string }[] }>(`/api/v1/calls?server=fixture&limit=500`);
    expect(listed.body.calls.map((call) => call.id).sort()).toEqual(Object.keys(expectations).sort());
    const silent = await api.get<{ calls: { id: string }[] }>(
      `/api/v1/calls?server=fixture&silentFailure=true`,
    );
    expect(silent.body.calls.map((call) => call.id).sort()).toEqual(["error-text", "graphql", "viewer"]);
    const stats = await api.get<{ totals: Record<string, number> }>(`/api/v1/stats?server=fixture`);
    expect(stats.body.totals).toMatchObject({
      calls: 15,
      ok: 5,
      tool_error: 6,
      protocol_error: 0,
      transport_error: 4,
      silentFailures: 3,
      empties: 1,
    });
  });
});
