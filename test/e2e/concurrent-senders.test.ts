import { afterAll, beforeAll, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// Senders of the same calls at the same moment, over HTTP, against two app instances on one
// database: an MCP client and its server exporting the spans of the same requests (both sides
// instrumented, the normal case for OTLP), and webhook batches re-sent through a load balancer
// to the other instance. Before the lock order (lib/ingest/read-model-writes) 9 of 32 OTLP
// requests deadlocked into a 500 and 450 of 6,400 spans were lost — exporters do not retry a 500.

const KEY = "flk_concurrent_senders_0000000000";
let testDatabase: TestDatabase;
let servers: AppServer[] = [];

beforeAll(async () => {
  testDatabase = await createTestDatabase("concurrent_senders");
  const env = {
    DATABASE_URL: testDatabase.url,
    FAULTLINE_INIT_INGEST_KEY: KEY,
    FAULTLINE_INGEST_RATE_PER_SECOND: "0",
  };
  servers.push(await startAppServer(env));
  servers.push(await startAppServer(env));
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  servers = [];
  await testDatabase?.drop();
});

const TRACE = "5b8efff798038103d269b633813fc60c";
const start = BigInt(Date.now() - 60_000) * 1_000_000n;

/** One side's span of request `n` (OTLP/JSON): the client (kind 3) saw an answer, the server (kind 2) that the tool failed. */
function span(n: number, side: "client" | "server") {
  const failing = n % 4 === 0;
  const attributes = [
    { key: "mcp.method.name", value: { stringValue: "tools/call" } },
    { key: "gen_ai.tool.name", value: { stringValue: ["lookup", "charge"][n % 2] } },
    { key: "jsonrpc.request.id", value: { stringValue: String(n) } },
    ...(side === "server" && failing
      ? [
          { key: "error.type", value: { stringValue: "tool_error" } },
          {
            key: "gen_ai.tool.call.result",
            value: {
              stringValue: JSON.stringify({
                isError: true,
                content: [{ type: "text", text: "Error: no such lead" }],
              }),
            },
          },
        ]
      : []),
  ];
  return {
    traceId: TRACE,
    // From 2: an all-zero span id is not a span (OTLP), and is refused.
    spanId: (n * 2 + 2 + (side === "server" ? 1 : 0)).toString(16).padStart(16, "0"),
    name: `tools/call ${n % 2 ? "charge" : "lookup"}`,
    kind: side === "server" ? 2 : 3,
    startTimeUnixNano: String(start + BigInt(n) * 1_000_000n),
    endTimeUnixNano: String(start + BigInt(n) * 1_000_000n + 5_000_000n),
    attributes,
  };
}

function exportRequest(service: string, spans: unknown[]) {
  return JSON.stringify({
    resourceSpans: [
      {
        resource: { attributes: [{ key: "service.name", value: { stringValue: service } }] },
        scopeSpans: [{ spans }],
      },
    ],
  });
}

const post = (server: AppServer, path: string, body: string) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    body,
  }).then(async (response) => ({ status: response.status, text: await response.text() }));

it("an MCP client and its server export the spans of the same 3,200 requests at once, to two instances: every request answered 200, every call stored once and merged", async () => {
  const requests: { server: AppServer; body: string }[] = [];
  for (let first = 0; first < 3_200; first += 200) {
    const ids = Array.from({ length: 200 }, (_, index) => first + index);
    requests.push({
      server: servers[0]!,
      body: exportRequest(
        "agent",
        ids.map((n) => span(n, "client")),
      ),
    });
    requests.push({
      server: servers[1]!,
      body: exportRequest(
        "crm",
        [...ids].reverse().map((n) => span(n, "server")),
      ),
    });
  }
  const answers = await Promise.all(
    requests.map(({ server, body }) => post(server, "/api/v1/otlp/v1/traces", body)),
  );
  expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
  const { rows } = await testDatabase.database.pool.query<{ calls: number; merged: number; failed: number }>(
    `SELECT count(*)::int AS calls,
            count(*) FILTER (WHERE server = 'crm' AND agent = 'agent')::int AS merged,
            count(*) FILTER (WHERE outcome = 'tool_error')::int AS failed
       FROM calls WHERE id LIKE $1`,
    [`${TRACE}-%`],
  );
  expect(rows[0]).toEqual({ calls: 3_200, merged: 3_200, failed: 800 });
}, 120_000);

it("webhook batches re-sent at once to the other instance, in both orders: every request answered, each call stored once", async () => {
  const calls = Array.from({ length: 2_000 }, (_, n) => ({
    id: `resent-${n}`,
    server: "crm",
    tool: "lookup",
    isError: n % 5 === 0,
    text: n % 5 === 0 ? "Error: lead not found" : `found ${n}`,
  }));
  const requests: Promise<{ status: number; text: string }>[] = [];
  for (let copy = 0; copy < 2; copy++) {
    for (let first = 0; first < calls.length; first += 100) {
      const batch = calls.slice(first, first + 100);
      const body = JSON.stringify({ calls: copy ? [...batch].reverse() : batch });
      requests.push(post(servers[(copy + first / 100) % 2]!, "/api/v1/calls", body));
    }
  }
  const answers = await Promise.all(requests);
  expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
  const { rows } = await testDatabase.database.pool.query<{ n: number; counted: number }>(
    `SELECT (SELECT count(*)::int FROM calls WHERE id LIKE 'resent-%') AS n,
            (SELECT sum(calls)::int FROM outcome_rollups WHERE granularity = 'minute' AND server = 'crm') AS counted`,
  );
  expect(rows[0]!.n).toBe(2_000);
  expect(rows[0]!.counted).toBe(2_000 + 3_200);
}, 120_000);
