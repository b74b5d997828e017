import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import protobuf from "protobufjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { argumentsFingerprint } from "../../lib/reporter/fingerprint";
import { storedFingerprint } from "../helpers/fingerprints";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { installFixture } from "../helpers/fixture-install";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// The MCP instrumentations people use to get MCP spans out, published versions pinned in
// package.json, each instrumenting the real MCP SDK (client and server, linked in memory) and
// exporting through its real OpenTelemetry exporter to a running Faultline — one host process
// each (test/fixtures/instrumented-mcp), all sending the same traffic (scenario.mts):
//   - OpenLLMetry's @traceloop/instrumentation-mcp: the client's spans (kind CLIENT), protobuf + gzip;
//   - Sentry's MCP server integration (@sentry/node 10): the server's spans (kind INTERNAL), JSON;
//   - Shinzo's @shinzolabs/instrumentation-mcp: the server's spans (kind INTERNAL), JSON, and
//     metrics to /v1/metrics beside them. It is pinned in a package of its own
//     (instrumented-mcp/shinzo), installed on first use: it declares Node >= 22.16, which every
//     `npm ci` of Faultline would warn about, and brings ~300 packages no user needs.
// What Faultline stored is read back through the read API, as a user would.

const KEY = "flk_otlp_instrumentations_key_0000000";
const HOSTS = path.join(process.cwd(), "test", "fixtures", "instrumented-mcp");
let testDatabase: TestDatabase;
let app: AppServer;
let metricsBefore = "";

interface StoredCall {
  method: string;
  server: string;
  tool: string | null;
  agent: string | null;
  outcome: string;
  category: string | null;
  errorCode: string | null;
  silentFailure: boolean;
  flags: string[];
  text: string;
  argumentsHash: string | null;
}

const HOST_FILES: Record<string, string> = {
  traceloop: "traceloop.mjs",
  sentry: "sentry.mjs",
  shinzo: path.join("shinzo", "host.mjs"),
};

function runHost(name: string): Promise<string> {
  return promisify(execFile)(process.execPath, [path.join(HOSTS, HOST_FILES[name] ?? "")], {
    env: { ...process.env, FAULTLINE_URL: app.url, FAULTLINE_KEY: KEY },
    encoding: "utf8",
    timeout: 60_000,
  }).then(({ stdout }) => stdout);
}

async function calls(server: string): Promise<StoredCall[]> {
  const response = await fetch(
    `${app.url}/api/v1/calls?server=${server}&limit=100&from=2020-01-01T00:00:00Z&order=asc`,
    { headers: { authorization: `Bearer ${KEY}` } },
  );
  return ((await response.json()) as { calls: StoredCall[] }).calls;
}

const tool = (stored: StoredCall[], name: string) => stored.filter((call) => call.tool === name);

async function scrape(): Promise<string> {
  return (await fetch(`${app.url}/metrics`)).text();
}

function counter(text: string, name: string, labels: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(" ").pop()) : 0;
}

beforeAll(async () => {
  // Installed before the app starts: on a fresh clone this is a minute of npm ci.
  await installFixture(path.join(HOSTS, "shinzo"));
  testDatabase = await createTestDatabase("otlp_instrumentations");
  app = await startAppServer({
    DATABASE_URL: testDatabase.url,
    FAULTLINE_INIT_INGEST_KEY: KEY,
    FAULTLINE_READ_RATE_PER_SECOND: "0",
    FAULTLINE_METRICS_PUBLIC: "1",
  });
  metricsBefore = await scrape();
  await Promise.all(["traceloop", "sentry", "shinzo"].map(runHost));
}, 420_000);
afterAll(async () => {
  await app?.stop();
  await testDatabase?.drop();
});

describe("@traceloop/instrumentation-mcp (OpenLLMetry, the client's spans)", () => {
  let stored: StoredCall[] = [];
  beforeAll(async () => {
    stored = await calls("crm-traceloop");
  });

  it("stores every request, named after the server its session's initialize answered with", () => {
    expect(stored.map((call) => call.method).sort()).toEqual([
      "initialize",
      "tools/call",
      "tools/call",
      "tools/call",
      "tools/call",
      "tools/call",
      "tools/call",
      "tools/call",
      "tools/list",
    ]);
    for (const call of stored)
      expect(call).toMatchObject({ server: "crm-traceloop", agent: "traceloop-agent" });
  });

  it("reads a success's result text and fingerprints its arguments, so a repeat is told apart", async () => {
    const lookups = tool(stored, "lookup_lead");
    expect(lookups).toHaveLength(2);
    // Stored keyed with the project's secret (never the sender's reversible hash).
    const fingerprint = await storedFingerprint(
      testDatabase.database.pool,
      argumentsFingerprint({ id: "7" })!,
    );
    for (const call of lookups) {
      expect(call).toMatchObject({ outcome: "ok", silentFailure: false, text: "Ada Lovelace (lead 7)" });
      expect(call.argumentsHash).toBe(fingerprint);
    }
  });

  it("reads isError results, a thrown tool and an unknown tool with the text the agent got", () => {
    expect(tool(stored, "charge")[0]).toMatchObject({
      outcome: "tool_error",
      category: "business",
      text: "Payment required: card declined",
    });
    expect(tool(stored, "explode")[0]).toMatchObject({
      outcome: "tool_error",
      text: "ValueError: bad literal for int()",
    });
    expect(tool(stored, "no_such_tool")[0]).toMatchObject({
      outcome: "tool_error",
      category: "unknown_tool",
      text: "MCP error -32602: Tool no_such_tool not found",
    });
  });

  it("finds the error returned as plain text (a silent failure) in the result it recorded", () => {
    expect(tool(stored, "parse_document")[0]).toMatchObject({
      outcome: "ok",
      silentFailure: true,
      flags: expect.arrayContaining(["error_text"]),
    });
  });

  it("reads the client's timeout (the McpError it threw) as a transport timeout", () => {
    expect(tool(stored, "slow_report")[0]).toMatchObject({
      outcome: "transport_error",
      errorCode: "timeout",
      category: "transient",
    });
  });
});

describe("Sentry's MCP server integration (@sentry/node 10, the server's INTERNAL spans)", () => {
  let stored: StoredCall[] = [];
  beforeAll(async () => {
    stored = await calls("crm-sentry");
  });

  it("reads its spans as the server's: the agent is the client's own name, not the server's service", () => {
    expect(stored.map((call) => call.method).sort()).toEqual([
      "initialize",
      "tools/call",
      "tools/call",
      "tools/call",
      "tools/call",
      "tools/call",
      "tools/call",
      "tools/call",
      "tools/list",
    ]);
    for (const call of stored) expect(call).toMatchObject({ server: "crm-sentry", agent: "crm-agent" });
  });

  it("reads results, isError results, a thrown tool and an unknown tool", () => {
    for (const call of tool(stored, "lookup_lead")) {
      expect(call).toMatchObject({ outcome: "ok", text: "Ada Lovelace (lead 7)", argumentsHash: null });
    }
    expect(tool(stored, "charge")[0]).toMatchObject({ outcome: "tool_error", category: "business" });
    expect(tool(stored, "explode")[0]).toMatchObject({
      outcome: "tool_error",
      text: "ValueError: bad literal for int()",
    });
    expect(tool(stored, "no_such_tool")[0]).toMatchObject({
      outcome: "tool_error",
      category: "unknown_tool",
      text: "MCP error -32602: Tool no_such_tool not found",
    });
  });

  it("finds the silent failure, and reads a request the client gave up on as cancelled", () => {
    expect(tool(stored, "parse_document")[0]).toMatchObject({ outcome: "ok", silentFailure: true });
    expect(tool(stored, "slow_report")[0]).toMatchObject({
      outcome: "transport_error",
      errorCode: "cancelled",
    });
  });
});

describe("@shinzolabs/instrumentation-mcp (the server's INTERNAL spans, scope named after the server)", () => {
  let stored: StoredCall[] = [];
  beforeAll(async () => {
    stored = await calls("crm-shinzo");
  });

  it("reads its spans as the server's, with what they carry", () => {
    // It traces the tools it wraps: no initialize, no tools/list, no unknown tool; no result text.
    expect(stored.map((call) => call.tool).sort()).toEqual([
      "charge",
      "explode",
      "lookup_lead",
      "lookup_lead",
      "parse_document",
      "slow_report",
    ]);
    for (const call of stored) expect(call).toMatchObject({ server: "crm-shinzo", agent: null });
    expect(tool(stored, "explode")[0]).toMatchObject({
      outcome: "tool_error",
      text: "Error: ValueError: bad literal for int()",
    });
    // It records no result: an isError result and a silent failure look like successes.
    expect(tool(stored, "charge")[0]).toMatchObject({ outcome: "ok" });
    expect(tool(stored, "parse_document")[0]).toMatchObject({ outcome: "ok", silentFailure: false });
  });
});

describe("what the exporters' other requests are told", () => {
  const Status = new protobuf.Type("Status")
    .add(new protobuf.Field("code", 1, "int32"))
    .add(new protobuf.Field("message", 2, "string"));

  it("answers the OTLP paths it does not serve with a 404 google.rpc.Status in the request's encoding", async () => {
    for (const signal of ["metrics", "logs"]) {
      const url = `${app.url}/api/v1/otlp/v1/${signal}`;
      const headers = { authorization: `Bearer ${KEY}` };
      const json = await fetch(url, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: "{}",
      });
      expect(json.status).toBe(404);
      expect(json.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await json.json()).toMatchObject({
        code: 5,
        message: expect.stringMatching(/OTLP traces only/),
      });
      const binary = await fetch(url, {
        method: "POST",
        headers: { ...headers, "content-type": "application/x-protobuf" },
        body: new Uint8Array([0x0a, 0x00]),
      });
      expect(binary.status).toBe(404);
      expect(binary.headers.get("content-type")).toBe("application/x-protobuf");
      const status = Status.toObject(Status.decode(new Uint8Array(await binary.arrayBuffer())));
      expect(status).toMatchObject({ code: 5, message: expect.stringMatching(/OTLP traces only/) });
    }
  });

  it("counts the spans that are not MCP calls by reason, and the metrics exports it does not serve", async () => {
    const after = await scrape();
    const grew = (name: string, labels: string) =>
      counter(after, name, labels) - counter(metricsBefore, name, labels);
    expect(grew("faultline_otlp_spans_skipped_total", 'reason="session"')).toBe(1); // OpenLLMetry's session
    expect(grew("faultline_otlp_spans_skipped_total", 'reason="notification"')).toBeGreaterThanOrEqual(2); // Sentry's
    expect(
      grew("faultline_ingest_requests_rejected_total", 'endpoint="otlp",code="not_served"'),
    ).toBeGreaterThanOrEqual(1); // Shinzo's metrics
  });
});
