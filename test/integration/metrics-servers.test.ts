import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import parsePrometheusTextFormat, { type MetricFamily } from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { createServer } from "../../lib/http/node-server";
import { metrics } from "../../lib/metrics";
import { rpcError, textResult as text, toolErrorResult as toolError } from "../fixtures/jsonrpc";
import { startTestApi, type TestApi } from "../helpers/api";
import { evaluate, substituteGrafanaVariables, type Sample } from "../helpers/promql";

// The per-server and per-tool series of /metrics as Prometheus and Grafana read them: real
// calls through the webhook handler, the exposition parsed with parse-prometheus-text-format,
// and the shipped dashboard's and alert rules' own expressions evaluated over two scrapes —
// compared with GET /api/v1/stats for the same window and server. With at most 3 servers and
// 4 tools named per project, the bound is reached with a handful of names.

const METRICS_TOKEN = "metrics-token-for-prometheus-0002";
const TOP_SERVERS = 3;
const TOP_TOOLS = 4;

let api: TestApi;
let base: string;
let server: http.Server;
let projectId: string;

beforeAll(async () => {
  api = await startTestApi("metrics_servers", {
    FAULTLINE_READ_RATE_PER_SECOND: "0",
    FAULTLINE_INGEST_RATE_PER_SECOND: "0",
    FAULTLINE_METRICS_TOKEN: METRICS_TOKEN,
    FAULTLINE_METRICS_TOP_SERVERS: String(TOP_SERVERS),
    FAULTLINE_METRICS_TOP_TOOLS: String(TOP_TOOLS),
  });
  server = createServer({ direct: {}, fallback: (_request, response) => response.writeHead(404).end() });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  projectId = (
    await api.database.pool.query<{ id: string }>(`SELECT id FROM projects WHERE name = 'default'`)
  ).rows[0]!.id;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await api?.close();
});

async function scrape(): Promise<{ text: string; families: MetricFamily[]; samples: Sample[] }> {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  const body = await response.text();
  const families = parsePrometheusTextFormat(body);
  const samples = families
    .filter((family) => family.type === "COUNTER")
    .flatMap((family) =>
      family.metrics.map((metric) => ({
        name: family.name,
        labels: metric.labels ?? {},
        value: Number(metric.value),
      })),
    );
  return { text: body, families, samples };
}

const seriesOf = (samples: Sample[], name: string, project: string) =>
  samples.filter((sample) => sample.name === name && sample.labels.project === project);

async function ingest(calls: unknown[], key = api.key) {
  for (let start = 0; start < calls.length; start += 500) {
    const { status, body } = await api.post({ calls: calls.slice(start, start + 500) }, key);
    expect(status, JSON.stringify(body.error)).toBe(200);
    expect(body.rejected).toEqual([]);
  }
}

type Kind = "ok" | "tool_error" | "protocol_error" | "transport_error" | "rate_limited" | "silent";

function response(kind: Kind) {
  switch (kind) {
    case "ok":
      return { response: text("Done: 3 records updated.") };
    case "tool_error":
      return { response: toolError("Card declined.", "card_declined") };
    case "protocol_error":
      return { response: rpcError(-32602, "Invalid params: amount must be positive") };
    case "transport_error":
      return { transportError: "ECONNRESET" };
    case "rate_limited":
      return { httpStatus: 429, response: "Too Many Requests" };
    case "silent":
      return { response: text("Error: could not parse document") };
  }
}

/** Calls of one server over [from, to): `mix` says how many of each kind, spread evenly in time and over its tools. */
function traffic(
  prefix: string,
  serverName: string,
  tools: string[],
  mix: Partial<Record<Kind, number>>,
  from: number,
  to: number,
) {
  const kinds = Object.entries(mix).flatMap(([kind, count]) => new Array<Kind>(count).fill(kind as Kind));
  return kinds.map((kind, index) => ({
    id: `${prefix}-${serverName}-${index}`,
    server: serverName,
    tool: tools[index % tools.length],
    occurredAt: new Date(from + Math.floor(((to - from) * index) / kinds.length)).toISOString(),
    durationMs: 20 + ((index * 37) % 900),
    ...response(kind),
  }));
}

const HOUR = 3_600_000;

describe("per-server and per-tool series", () => {
  const now = Date.now();
  // The stats window: three whole hours up to now (the stats API reads hourly rollups).
  const windowFrom = Math.floor((now - 3 * HOUR) / HOUR) * HOUR;
  const windowTo = now + 60_000;
  let before: Sample[];
  let after: Sample[];

  beforeAll(async () => {
    // Traffic that was already flowing before Prometheus' window: it names the busiest three.
    const earlier = windowFrom - 4 * HOUR;
    await ingest([
      ...traffic("seed", "billing", ["charge", "refund"], { ok: 60, tool_error: 10 }, earlier, windowFrom),
      ...traffic("seed", "crm", ["lead_get", "lead_update"], { ok: 40, silent: 5 }, earlier, windowFrom),
      ...traffic("seed", "search", ["query"], { ok: 20 }, earlier, windowFrom),
      ...traffic("seed", "legacy-a", ["ping"], { ok: 5 }, earlier, windowFrom),
      ...traffic("seed", "legacy-b", ["ping"], { ok: 3, tool_error: 1 }, earlier, windowFrom),
    ]);
    before = (await scrape()).samples;
    // The window's traffic: a billing incident, crm's silent failures, two small servers in "other".
    await ingest([
      ...traffic(
        "w",
        "billing",
        ["charge", "refund", "invoice"],
        { ok: 70, tool_error: 25, protocol_error: 6, rate_limited: 9, transport_error: 4 },
        windowFrom,
        now,
      ),
      ...traffic(
        "w",
        "crm",
        ["lead_get", "lead_update"],
        { ok: 50, silent: 12, tool_error: 3 },
        windowFrom,
        now,
      ),
      ...traffic("w", "search", ["query"], { ok: 28, transport_error: 2 }, windowFrom, now),
      ...traffic("w", "legacy-a", ["ping", "pong"], { ok: 6, tool_error: 2 }, windowFrom, now),
      ...traffic("w", "legacy-b", ["ping"], { ok: 3, silent: 1, protocol_error: 1 }, windowFrom, now),
    ]);
    after = (await scrape()).samples;
  });

  async function statsFailureRate(servers: string[]): Promise<{ failureRate: number; calls: number }> {
    const query = new URLSearchParams({
      from: new Date(windowFrom).toISOString(),
      to: new Date(windowTo).toISOString(),
      bucket: "hour",
    });
    for (const name of servers) query.append("server", name);
    const { status, body } = await api.get<{ totals: { failureRate: number; calls: number } }>(
      `/api/v1/stats?${query}`,
    );
    expect(status).toBe(200);
    return body.totals;
  }

  it("the dashboard's failure rate per MCP server equals the stats API's for the window, other included", async () => {
    const dashboard = JSON.parse(readFileSync("docs/grafana-dashboard.json", "utf8")) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    const panel = dashboard.panels.find((candidate) => candidate.title === "Failure rate per MCP server")!;
    const rates = evaluate(substituteGrafanaVariables(panel.targets[0]!.expr), before, after, 3 * 3600);
    const byServer = new Map([...rates.values()].map(({ labels, value }) => [labels.server, value]));
    expect([...byServer.keys()].sort()).toEqual(["billing", "crm", "other", "search"]);
    for (const [label, servers] of [
      ["billing", ["billing"]],
      ["crm", ["crm"]],
      ["search", ["search"]],
      ["other", ["legacy-a", "legacy-b"]],
    ] as const) {
      const stats = await statsFailureRate([...servers]);
      expect(stats.calls).toBeGreaterThan(0);
      expect(byServer.get(label), label).toBeCloseTo(stats.failureRate, 12);
    }
    // Silent failures are failures, as in the stats API: crm fails only by them (and 3 tool errors).
    expect(byServer.get("crm")).toBeCloseTo(15 / 65, 12);
  });

  it("the shipped per-server alert fires for exactly the servers over its threshold, at the stats API's rate", async () => {
    const rules = parseYaml(readFileSync("docs/prometheus-alerts.yml", "utf8")) as {
      groups: { rules: { alert: string; expr: string }[] }[];
    };
    const rule = rules.groups
      .flatMap((group) => group.rules)
      .find((r) => r.alert === "FaultlineServerFailureRate")!;
    const firing = evaluate(rule.expr, before, after, 600);
    const expected: [string, number][] = [];
    for (const name of ["billing", "crm", "search"]) {
      const stats = await statsFailureRate([name]);
      if (stats.failureRate > 0.2 && stats.calls >= 20) expected.push([name, stats.failureRate]);
    }
    expect(expected.map(([name]) => name)).toEqual(["billing", "crm"]);
    const fired = [...firing.values()].map(({ labels, value }) => [labels.server, value] as const);
    expect(fired.map(([name]) => name).sort()).toEqual(expected.map(([name]) => name));
    for (const [name, rate] of expected) {
      expect(fired.find(([firedName]) => firedName === name)![1]).toBeCloseTo(rate, 12);
    }
    for (const { labels } of firing.values()) expect(labels.project_name).toBe("default");
  });

  it("silent failure is its own outcome value, never folded into ok", () => {
    const silent = (samples: Sample[]) =>
      seriesOf(samples, "faultline_tool_calls_total", projectId)
        .filter((sample) => sample.labels.outcome === "silent_failure")
        .reduce((sum, sample) => sum + sample.value, 0);
    expect(silent(after) - silent(before)).toBe(13);
    const ingested = (samples: Sample[]) =>
      seriesOf(samples, "faultline_calls_ingested_total", projectId)
        .filter((sample) => sample.labels.outcome === "silent_failure")
        .reduce((sum, sample) => sum + sample.value, 0);
    expect(ingested(after) - ingested(before)).toBe(13);
  });

  it("names at most the configured servers and tools, the rest under other, and every outcome starts at 0", () => {
    const servers = new Set(
      seriesOf(after, "faultline_tool_calls_total", projectId).map((s) => s.labels.server),
    );
    expect([...servers].sort()).toEqual(["billing", "crm", "other", "search"]);
    const pairs = seriesOf(after, "faultline_tool_calls_by_tool_total", projectId).filter(
      (sample) => sample.labels.tool !== "other",
    );
    expect(new Set(pairs.map((sample) => `${sample.labels.server}/${sample.labels.tool}`)).size).toBe(
      TOP_TOOLS,
    );
    // Each named server has all five outcome series, so a first failure is an increase Prometheus sees.
    for (const name of ["billing", "crm", "search", "other"]) {
      const outcomes = seriesOf(after, "faultline_tool_calls_total", projectId)
        .filter((sample) => sample.labels.server === name)
        .map((sample) => sample.labels.outcome)
        .sort();
      expect(outcomes).toEqual(["ok", "protocol_error", "silent_failure", "tool_error", "transport_error"]);
    }
  });

  it("a sender inventing thousands of server and tool names adds nothing to the exposition", async () => {
    const sizeBefore = (await scrape()).text.length;
    const invented = Array.from({ length: 3000 }, (_, index) => ({
      id: `invented-${index}`,
      server: `attacker-server-${index}`,
      tool: `attacker-tool-${index}`,
      response: toolError("nope", `code-${index}`),
    }));
    await ingest(invented);
    // The ranking read again (as it is every 10 minutes): one call each outranks nothing.
    await metrics().labels.rerank(projectId);
    const { text, samples } = await scrape();
    expect(text).not.toContain("attacker-");
    const servers = new Set(
      seriesOf(samples, "faultline_tool_calls_total", projectId).map((s) => s.labels.server),
    );
    expect([...servers].sort()).toEqual(["billing", "crm", "other", "search"]);
    // The same series; only values (and the process's own gauges) changed.
    expect(Math.abs(text.length - sizeBefore)).toBeLessThan(2000);
  });

  it("a new project's first names fill its slots and no more, whatever it sends", async () => {
    const key = await api.createKey("fresh", ["ingest"]);
    const fresh = (
      await api.database.pool.query<{ id: string }>(`SELECT id FROM projects WHERE name = 'fresh'`)
    ).rows[0]!.id;
    await ingest(
      Array.from({ length: 2000 }, (_, index) => ({
        id: `fresh-${index}`,
        server: `junk-${String(index).padStart(4, "0")}`,
        tool: "t",
        response: text("fine"),
      })),
      key,
    );
    const { samples, text: body } = await scrape();
    const servers = new Set(
      seriesOf(samples, "faultline_tool_calls_total", fresh).map((s) => s.labels.server),
    );
    expect(servers.size).toBe(TOP_SERVERS + 1);
    expect(servers.has("other")).toBe(true);
    expect(seriesOf(samples, "faultline_tool_calls_total", fresh).reduce((sum, s) => sum + s.value, 0)).toBe(
      2000,
    );
    expect(body.split("\n").filter((line) => line.includes(fresh)).length).toBeLessThan(200);
  });

  it("cannot be flapped cheaply: rounds of new names leave the named set alone, outsending the third busiest over the week swaps one", async () => {
    const seen = new Set<string>();
    const named = () =>
      scrape().then(({ samples }) => {
        const servers = seriesOf(samples, "faultline_tool_calls_total", projectId).map(
          (s) => s.labels.server!,
        );
        for (const name of servers) seen.add(name);
        return [...new Set(servers)].sort();
      });
    // search has 50 calls in the week; each round sends 10 new names with 40 calls each.
    for (let round = 0; round < 5; round++) {
      await ingest(
        Array.from({ length: 400 }, (_, index) => ({
          id: `flap-${round}-${index}`,
          server: `flapper-${round}-${index % 10}`,
          tool: "t",
          response: text("fine"),
        })),
      );
      await metrics().labels.rerank(projectId);
      expect(await named()).toEqual(["billing", "crm", "other", "search"]);
    }
    expect([...seen].sort()).toEqual(["billing", "crm", "other", "search"]);
    // One name that outsends search over the week takes its place: one new series name, search's go.
    await ingest(
      Array.from({ length: 60 }, (_, index) => ({
        id: `newcomer-${index}`,
        server: "newcomer",
        tool: "t",
        response: text("fine"),
      })),
    );
    await metrics().labels.rerank(projectId);
    expect(await named()).toEqual(["billing", "crm", "newcomer", "other"]);
  });

  it("labels the project's name escaped per the text format, inert", async () => {
    const hostile = 'evil"} 1\nfake_metric{x="y\\';
    const key = await api.createKey(hostile, ["ingest"]);
    await ingest([{ id: "h-1", server: 'srv"} \\', tool: "t", response: text("fine") }], key);
    const { families, text: body } = await scrape();
    expect(families.some((family) => family.name === "fake_metric")).toBe(false);
    const calls = families.find((family) => family.name === "faultline_tool_calls_total")!;
    const ours = calls.metrics.filter((metric) => metric.labels?.project_name === hostile);
    expect(ours.length).toBeGreaterThan(0);
    expect(ours.some((metric) => metric.labels?.server === 'srv"} \\' && metric.value === "1")).toBe(true);
    expect(body).toContain('project_name="evil\\"} 1\\nfake_metric{x=\\"y\\\\"');
  });
});
