// npm run demo -- --key <ingest key> [--url http://localhost:3000] [--sessions 80]
//
// Fills a running Faultline with realistic traffic: real MCP servers (the SDK's McpServer,
// a hand-rolled low-level server, and HTTP gates answering 401/429) called by a real SDK
// client over Streamable HTTP on localhost, recorded by Faultline's own reporter
// (lib/reporter) as a host would, with times spread over the last 7 days.
import { parseArgs } from "node:util";
import { startFixtureServer, startLegacyServer } from "./demo/mcp-server";
import { seededRandom as random } from "./demo/random";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createReporter, type Reporter } from "../lib/reporter/index";

const { values } = parseArgs({
  options: {
    key: { type: "string" },
    url: { type: "string", default: "http://localhost:3000" },
    sessions: { type: "string", default: "80" },
    seed: { type: "string", default: "7" },
  },
});

interface Step {
  tool: string;
  args: Record<string, unknown>;
  timeoutMs?: number;
}

/** What an agent does in a session on each server: mostly work that succeeds, some that does not. */
const PLAYBOOKS: Record<string, { weight: number; steps: Step[] }[]> = {
  crm: [
    {
      weight: 8,
      steps: [
        { tool: "lookup_lead", args: { id: "lead_1" } },
        { tool: "list_orders", args: { customer: "c_1" } },
      ],
    },
    { weight: 2, steps: [{ tool: "explode", args: {} }] },
    { weight: 2, steps: [{ tool: "lead_delete", args: {} }] },
    {
      weight: 2,
      steps: [
        { tool: "lookup_lead", args: {} },
        { tool: "lookup_lead", args: { id: "lead_2" } },
      ],
    },
    { weight: 1, steps: [{ tool: "crash", args: {} }] },
    {
      weight: 2,
      steps: [
        { tool: "sync_contacts", args: {} },
        { tool: "sync_contacts", args: {} },
      ],
    },
  ],
  billing: [
    { weight: 6, steps: [{ tool: "lookup_lead", args: { id: "cust_7" } }] },
    {
      weight: 3,
      steps: [
        { tool: "charge", args: { amount: 20 } },
        { tool: "charge", args: { amount: 20 } },
      ],
    },
    { weight: 2, steps: [{ tool: "refund", args: { order: "55107" } }] },
    { weight: 2, steps: [{ tool: "flaky_search", args: {} }] },
  ],
  github: [
    {
      weight: 6,
      steps: [
        { tool: "search_issues", args: { q: "error handling" } },
        { tool: "get_org", args: {} },
      ],
    },
    {
      weight: 2,
      steps: [
        { tool: "viewer", args: {} },
        { tool: "viewer", args: {} },
      ],
    },
    { weight: 3, steps: [{ tool: "list_issues", args: {} }] },
  ],
  docs: [
    {
      weight: 6,
      steps: [
        { tool: "big_report", args: {} },
        { tool: "lookup_lead", args: { id: "doc_3" } },
      ],
    },
    { weight: 3, steps: [{ tool: "parse_document", args: {} }] },
    { weight: 2, steps: [{ tool: "fetch_page", args: { url: "https://intranet" } }] },
    { weight: 2, steps: [{ tool: "export_report", args: {} }] },
    { weight: 1, steps: [{ tool: "slow_report", args: {}, timeoutMs: 300 }] },
  ],
  slack: [
    { weight: 5, steps: [{ tool: "lookup_lead", args: { id: "u_1" } }] },
    { weight: 3, steps: [{ tool: "post_message", args: { channel: "#gone" } }] },
  ],
  booking: [
    { weight: 5, steps: [{ tool: "book_flight", args: { date: "2027-03-01" } }] },
    { weight: 3, steps: [{ tool: "book_flight", args: { date: "next tuesday" } }] },
    { weight: 1, steps: [{ tool: "cancel_flight", args: {} }] },
  ],
};

function pick<T extends { weight: number }>(items: T[], next: () => number): T {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  let roll = next() * total;
  for (const item of items) if ((roll -= item.weight) < 0) return item;
  return items.at(-1)!;
}

/**
 * One reporter per server, as a host would have: every call of every session is recorded off
 * the wire and sent in the background. A demo is a sample spread over the last 7 days, so each
 * session's calls are moved back in time (the exchanges themselves are real).
 */
function demoReporter(server: string, next: () => number, now: number): Reporter {
  const timelines = new Map<string, number>();
  return createReporter({
    url: values.url!,
    key: values.key!,
    server,
    agent: "faultline-demo",
    onError: (error) => console.error(error.message),
    transform: (call) => {
      // Recent days get more traffic; a session's calls follow each other by seconds.
      const at =
        (timelines.get(call.sessionId) ?? now - Math.pow(next(), 1.6) * 7 * 86_400_000) +
        2_000 +
        next() * 20_000;
      timelines.set(call.sessionId, at);
      return { ...call, occurredAt: new Date(Math.min(at, now)).toISOString() };
    },
  });
}

async function connect(reporter: Reporter, url: string): Promise<Client> {
  const client = reporter.instrument(new Client({ name: "faultline-demo", version: "1.0.0" }));
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: reporter.fetch }));
  // Hosts list tools before calling them; the SDK client then validates results against outputSchema.
  await client.listTools().catch(() => undefined);
  return client;
}

async function main(): Promise<number> {
  if (!values.key) {
    console.error("usage: npm run demo -- --key <ingest key> [--url http://localhost:3000] [--sessions 80]");
    return 2;
  }
  const next = random(Number(values.seed));
  const now = Date.now();
  const [fixture, legacy, doomed] = await Promise.all([
    startFixtureServer(),
    startLegacyServer(),
    startFixtureServer(),
  ]);
  const servers = Object.keys(PLAYBOOKS);
  const reporters = new Map<string, Reporter>();
  const reporterOf = (server: string) => {
    if (!reporters.has(server)) reporters.set(server, demoReporter(server, next, now));
    return reporters.get(server)!;
  };
  try {
    for (let session = 0; session < Number(values.sessions); session++) {
      const server = servers[session % servers.length]!;
      const client = await connect(reporterOf(server), server === "booking" ? legacy.url() : fixture.url());
      for (let round = 0; round < 3; round++) {
        for (const step of pick(PLAYBOOKS[server]!, next).steps) {
          await client
            .callTool({ name: step.tool, arguments: step.args }, undefined, { timeout: step.timeoutMs })
            .catch(() => undefined);
        }
      }
      await client.close();
    }
    // An auth proxy and a rate limiter in front of a search server.
    for (const [path, count] of [
      ["/guard-401", 6],
      ["/guard-429", 8],
    ] as const) {
      for (let index = 0; index < count; index++) {
        const client = await connect(reporterOf("search"), fixture.url(path));
        await client.callTool({ name: "search_issues", arguments: { q: "x" } }).catch(() => undefined);
        await client.close();
      }
    }
    // A warehouse server that goes away after the agent connected: connections are refused.
    const warehouse = await connect(reporterOf("warehouse"), doomed.url());
    await doomed.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let index = 0; index < 5; index++) {
      await warehouse.callTool({ name: "get_stock", arguments: {} }).catch(() => undefined);
    }
    await warehouse.close().catch(() => undefined);
  } finally {
    await Promise.all([fixture.close(), legacy.close()]);
  }
  await Promise.all([...reporters.values()].map((reporter) => reporter.close(30_000)));
  const stats = [...reporters.values()].map((reporter) => reporter.stats());
  const sum = (field: "reported" | "delivered" | "dropped") =>
    stats.reduce((total, item) => total + item[field], 0);
  console.log(
    `Reported ${sum("reported")} calls from ${reporters.size} servers to ${values.url} (${sum("delivered")} delivered, ${sum("dropped")} dropped). Open ${values.url}/ to see them.`,
  );
  return sum("delivered") === sum("reported") ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
