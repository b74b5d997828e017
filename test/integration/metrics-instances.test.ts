import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, beforeAll, expect, it } from "vitest";
import { textResult as text, toolErrorResult as toolError } from "../fixtures/jsonrpc";
import { startTestApi, type TestApi } from "../helpers/api";
import { evaluate, substituteGrafanaVariables, type Sample } from "../helpers/promql";

// Two Faultline instances on one database, each in its own process (as behind a load
// balancer), both scraped: they name the same servers — the ranking is the database's, not
// what each happened to receive — and their counters, summed over instances as the shipped
// dashboard does, give the stats API's failure rate per server.

const METRICS_TOKEN = "metrics-token-for-prometheus-0003";
let api: TestApi;
const instances: { url: string; child: ChildProcess }[] = [];

function startInstance(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", "tsx", "test/fixtures/metrics-instance/serve.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      NODE_ENV: "test",
      FAULTLINE_METRICS_TOKEN: METRICS_TOKEN,
      FAULTLINE_METRICS_TOP_SERVERS: "3",
      FAULTLINE_INGEST_RATE_PER_SECOND: "0",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`instance exited ${code}`)));
    child.stdout!.once("data", (chunk: Buffer) => resolve({ url: chunk.toString().trim(), child }));
  });
}

beforeAll(async () => {
  api = await startTestApi("metrics_instances", { FAULTLINE_READ_RATE_PER_SECOND: "0" });
  instances.push(
    ...(await Promise.all([startInstance(api.testDatabase.url), startInstance(api.testDatabase.url)])),
  );
}, 120_000);
afterAll(async () => {
  for (const { child } of instances) child.kill("SIGKILL");
  await api?.close();
});

async function post(url: string, calls: unknown[]) {
  const response = await fetch(`${url}/api/v1/calls`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${api.key}` },
    body: JSON.stringify({ calls }),
  });
  expect(response.status).toBe(200);
}

async function scrape(url: string, instance: string): Promise<Sample[]> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  return parsePrometheusTextFormat(await response.text())
    .filter((family) => family.type === "COUNTER")
    .flatMap((family) =>
      family.metrics.map((metric) => ({
        name: family.name,
        // What Prometheus adds to every series it scrapes from a target.
        labels: { ...metric.labels, instance },
        value: Number(metric.value),
      })),
    );
}

const calls = (prefix: string, server: string, ok: number, failed: number) =>
  Array.from({ length: ok + failed }, (_, index) => ({
    id: `${prefix}-${server}-${index}`,
    server,
    tool: "run",
    response: index < ok ? text("done") : toolError("Quota exceeded.", "quota_exceeded"),
  }));

const labelSets = (samples: Sample[]) =>
  samples
    .filter((sample) => sample.name === "faultline_tool_calls_total")
    .map((sample) => `${sample.labels.server}|${sample.labels.outcome}`)
    .sort();

it("two instances on one database name the same servers, and add up to the stats API's failure rate", async () => {
  const [a, b] = [instances[0]!, instances[1]!];
  const from = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000);
  // Yesterday's busiest, through instance A only: s1 > s2 > s3 > s4 > s5.
  const earlier = (call: { id: string }) => ({
    ...call,
    occurredAt: new Date(from.getTime() - 86_400_000).toISOString(),
  });
  await post(
    a.url,
    [
      ...calls("seed", "s1", 50, 0),
      ...calls("seed", "s2", 40, 0),
      ...calls("seed", "s3", 30, 0),
      ...calls("seed", "s4", 20, 0),
      ...calls("seed", "s5", 10, 0),
    ].map(earlier),
  );
  const before = [...(await scrape(a.url, "a")), ...(await scrape(b.url, "b"))];

  // Instance B first hears of s4 and s5 (and of a new s6) — it must not name them.
  await post(b.url, [
    ...calls("b", "s5", 6, 4),
    ...calls("b", "s4", 3, 3),
    ...calls("b", "s6", 2, 2),
    ...calls("b", "s1", 5, 5),
  ]);
  await post(a.url, [
    ...calls("a", "s1", 10, 2),
    ...calls("a", "s2", 8, 8),
    ...calls("a", "s3", 9, 1),
    ...calls("a", "s4", 1, 1),
  ]);
  const afterA = await scrape(a.url, "a");
  const afterB = await scrape(b.url, "b");

  expect(labelSets(afterB)).toEqual(labelSets(afterA));
  expect(
    new Set(afterA.filter((s) => s.name === "faultline_tool_calls_total").map((s) => s.labels.server)),
  ).toEqual(new Set(["s1", "s2", "s3", "other"]));

  const dashboard = JSON.parse(readFileSync("docs/grafana-dashboard.json", "utf8")) as {
    panels: { title: string; targets: { expr: string }[] }[];
  };
  const expr = dashboard.panels.find((panel) => panel.title === "Failure rate per MCP server")!.targets[0]!
    .expr;
  const rates = evaluate(substituteGrafanaVariables(expr), before, [...afterA, ...afterB], 300);
  const byServer = new Map([...rates.values()].map(({ labels, value }) => [labels.server, value]));
  for (const [label, servers] of [
    ["s1", ["s1"]],
    ["s2", ["s2"]],
    ["s3", ["s3"]],
    ["other", ["s4", "s5", "s6"]],
  ] as const) {
    const query = new URLSearchParams({
      from: from.toISOString(),
      to: new Date(Date.now() + 60_000).toISOString(),
    });
    for (const name of servers) query.append("server", name);
    const { body } = await api.get<{ totals: { failureRate: number } }>(`/api/v1/stats?${query}`);
    expect(byServer.get(label), label).toBeCloseTo(body.totals.failureRate, 12);
  }
});
