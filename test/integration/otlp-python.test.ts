import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../helpers/api";

// OTLP requests captured byte for byte from the MCP Python SDK's own spans (mcp 2.3.0, the
// official Python OTLP/HTTP exporters), replayed in the order they were sent: protobuf (the
// exporter's default) and JSON. Nobody here wrote the spans (test/fixtures/otlp/python-mcp-2.3.0).

const FIXTURES = path.join(process.cwd(), "test", "fixtures", "otlp", "python-mcp-2.3.0");

interface Sent {
  file: string;
  "content-type": string;
  "content-encoding": string;
}

let api: TestApi;
const projects: Record<"proto" | "json", string> = { proto: "", json: "" };
const replies: Record<string, unknown[]> = { proto: [], json: [] };

beforeAll(async () => {
  // Real captures, with the times they were made: replayed as calls arriving that late.
  api = await startTestApi("otlp_python", { FAULTLINE_LATE_ARRIVAL_DAYS: "3650" });
  for (const encoding of ["proto", "json"] as const) {
    const key = await api.createKey(`python-${encoding}`, ["ingest", "read"]);
    projects[encoding] = key;
    const sent = readFileSync(path.join(FIXTURES, encoding, "requests.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Sent);
    for (const request of sent) {
      const response = await api.request("POST", "/api/v1/otlp/v1/traces", {
        key,
        rawBody: readFileSync(path.join(FIXTURES, encoding, request.file)),
        headers: {
          "content-type": request["content-type"],
          ...(request["content-encoding"] ? { "content-encoding": request["content-encoding"] } : {}),
        },
      });
      expect(response.status, request.file).toBe(200);
      expect(response.headers.get("content-type")).toMatch(encoding === "proto" ? /protobuf/ : /json/);
      replies[encoding]!.push(encoding === "json" ? await response.json() : await response.arrayBuffer());
    }
  }
});
afterAll(async () => api?.close());

interface StoredCall {
  method: string;
  server: string;
  tool: string | null;
  agent: string | null;
  outcome: string;
  category: string | null;
  errorCode: string | null;
  silentFailure: boolean;
  text: string;
}

async function callsOf(encoding: "proto" | "json"): Promise<StoredCall[]> {
  const { body } = await api.get<{ calls: StoredCall[] }>(
    "/api/v1/calls?limit=100&from=2020-01-01T00:00:00Z&order=asc",
    projects[encoding],
  );
  return body.calls;
}

// What each scenario of test/fixtures/otlp/python-mcp-2.3.0/truth.jsonl is stored as.
const EXPECTED: { scenario: string; match: (call: StoredCall) => boolean; stored: Partial<StoredCall> }[] = [
  {
    scenario: "p01 add succeeds (client and server spans → one call)",
    match: (call) => call.tool === "add" && call.outcome === "ok",
    stored: { server: "py-mcp-server", agent: "py-mcp-agent", silentFailure: false, category: null },
  },
  {
    scenario: "p02–p04, p07: isError results (wrong type, raised, tool error, unknown tool)",
    match: (call) => call.outcome === "tool_error",
    stored: {
      server: "py-mcp-server",
      agent: "py-mcp-agent",
      category: "unknown",
      errorCode: null,
      text: "",
    },
  },
  {
    scenario: "p08 client timeout; the server later finished the slow tool",
    match: (call) => call.tool === "slow",
    stored: {
      outcome: "transport_error",
      category: "transient",
      errorCode: "timeout",
      server: "py-mcp-server",
      agent: "py-mcp-agent",
    },
  },
  {
    scenario: "p09 resources/read fails with -32603",
    match: (call) => call.method === "resources/read",
    stored: { outcome: "protocol_error", category: "internal", errorCode: "-32603", tool: null },
  },
];

describe.each(["proto", "json"] as const)("the Python SDK's spans as %s", (encoding) => {
  it("are all accepted, none rejected", () => {
    for (const reply of replies[encoding]!) {
      if (encoding === "json") expect(reply).toMatchObject({ partialSuccess: {} });
      else expect((reply as ArrayBuffer).byteLength).toBe(0); // an empty ExportTraceServiceResponse: full success
    }
  });

  it.each(EXPECTED)("$scenario", async ({ match, stored }) => {
    const calls = (await callsOf(encoding)).filter(match);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call).toMatchObject(stored);
  });

  it("stores one call per request: tool calls once each, other methods apart", async () => {
    const calls = await callsOf(encoding);
    const tools = calls.filter((call) => call.method === "tools/call").map((call) => call.tool);
    expect(tools.sort()).toEqual(["add", "add", "charge", "explode", "nope", "slow", "soft_fail", "whoami"]);
    expect(
      calls.filter((call) => call.method === "tools/call" && call.outcome === "tool_error"),
    ).toHaveLength(4);
    expect(new Set(calls.map((call) => call.method))).toEqual(
      new Set(["tools/call", "tools/list", "server/discover", "resources/read"]),
    );
  });
});
