// npm run demo -- --key <ingest key> [--url http://localhost:3000] [--sessions 80]
//
// Fills a running Faultline with realistic traffic: real MCP servers (the SDK's McpServer,
// a hand-rolled low-level server, and HTTP gates answering 401/429) called by a real SDK
// client over Streamable HTTP on localhost. Each exchange is captured off the wire and
// posted to the webhook, with times spread over the last 7 days.
import { parseArgs } from "node:util";
import { closedPort, startFixtureServer, startLegacyServer } from "./demo/mcp-server";
import { seededRandom as random } from "./demo/random";
import { RecordingClient, reportUnreachable, type CallReport } from "./demo/reporter";

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

async function post(reports: CallReport[]): Promise<void> {
  for (let start = 0; start < reports.length; start += 200) {
    const response = await fetch(`${values.url}/api/v1/calls`, {
      method: "POST",
      headers: { authorization: `Bearer ${values.key}`, "content-type": "application/json" },
      body: JSON.stringify({ calls: reports.slice(start, start + 200) }),
    });
    const body = (await response.json()) as { accepted?: number; error?: { message: string } };
    if (!response.ok && response.status !== 207)
      throw new Error(`webhook answered ${response.status}: ${body.error?.message ?? ""}`);
  }
}

async function main(): Promise<number> {
  if (!values.key) {
    console.error("usage: npm run demo -- --key <ingest key> [--url http://localhost:3000] [--sessions 80]");
    return 2;
  }
  const next = random(Number(values.seed));
  const [fixture, legacy] = await Promise.all([startFixtureServer(), startLegacyServer()]);
  const reports: CallReport[] = [];
  const now = Date.now();
  const servers = Object.keys(PLAYBOOKS);
  try {
    for (let session = 0; session < Number(values.sessions); session++) {
      const server = servers[session % servers.length]!;
      const client = new RecordingClient(
        server === "booking" ? legacy.url() : fixture.url(),
        server,
        `demo-${session}`,
      );
      await client.connect();
      // Recent days get more traffic; each session's calls follow each other by seconds.
      let at = now - Math.pow(next(), 1.6) * 7 * 86_400_000;
      for (let round = 0; round < 3; round++) {
        const playbook = pick(PLAYBOOKS[server]!, next);
        for (const step of playbook.steps) {
          const report = await client.call(`demo-${session}-${reports.length}`, step.tool, step.args, {
            timeoutMs: step.timeoutMs,
          });
          at += 2_000 + next() * 20_000;
          reports.push({ ...report, occurredAt: new Date(Math.min(at, now)).toISOString() });
        }
      }
      await client.close();
    }
    for (const [path, count] of [
      ["/guard-401", 6],
      ["/guard-429", 8],
    ] as const) {
      const client = new RecordingClient(fixture.url(path), "search", `demo-guard${path}`);
      await client.connect();
      for (let index = 0; index < count; index++) {
        const report = await client.call(`demo-guard${path}-${index}`, "search_issues", { q: "x" });
        reports.push({
          ...report,
          sessionId: `demo-guard${path}-${index}`,
          occurredAt: new Date(now - next() * 7 * 86_400_000).toISOString(),
        });
      }
      await client.close();
    }
    const deadPort = await closedPort();
    for (let index = 0; index < 5; index++) {
      const report = await reportUnreachable(
        `demo-refused-${index}`,
        `http://127.0.0.1:${deadPort}/mcp`,
        "warehouse",
        "get_stock",
      );
      reports.push({ ...report, occurredAt: new Date(now - next() * 7 * 86_400_000).toISOString() });
    }
  } finally {
    await Promise.all([fixture.close(), legacy.close()]);
  }
  // A demo run is a sample, not a replay: fresh ids each time so runs add up.
  const run = Date.now().toString(36);
  await post(reports.map((report) => ({ ...report, id: `${report.id}-${run}` })));
  console.log(
    `Sent ${reports.length} calls from ${servers.length + 2} servers to ${values.url}. Open ${values.url}/ to see them.`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
