import http from "node:http";
import type { AddressInfo } from "node:net";
import parsePrometheusTextFormat, { type MetricFamily } from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type WebHandler } from "../../lib/http/node-server";
import { foldPending } from "../../lib/ingest/fold";
import { rpcError, textResult as text, toolErrorResult as toolError } from "../fixtures/jsonrpc";
import { exportRequest, span } from "../fixtures/otlp";
import { startTestApi, type TestApi } from "../helpers/api";
import { queueRowAged, whileFoldIsHeld } from "../helpers/fold";

// GET /metrics as Prometheus scrapes it: real calls through the webhook and OTLP handlers,
// served by Faultline's own node:http server (lib/http/node-server), the exposition read back
// with parse-prometheus-text-format (a parser ported from Prometheus' Python client).

let api: TestApi;
let base: string;
let server: http.Server;
let otherKey: string;
let ingestOnlyKey: string;
let projectId: string;
/** The instance-level credential: most tests read the instance's metrics with it. */
const METRICS_TOKEN = "metrics-token-for-prometheus-0001";

beforeAll(async () => {
  api = await startTestApi("metrics", {
    FAULTLINE_DB_READ_POOL_SIZE: "1",
    FAULTLINE_READ_RATE_PER_SECOND: "0",
    FAULTLINE_METRICS_TOKEN: METRICS_TOKEN,
    // Small, so that a few compressed requests (always prepared by a worker) replace the workers.
    FAULTLINE_INGEST_WORKER_RECYCLE_JOBS: "2",
  });
  const [calls, otlp] = await Promise.all([
    import("../../app/api/v1/calls/route"),
    import("../../app/api/v1/otlp/v1/traces/route"),
  ]);
  server = createServer({
    direct: {
      "POST /api/v1/calls": calls.POST as WebHandler,
      "POST /api/v1/otlp/v1/traces": otlp.POST as WebHandler,
      "GET /api/v1/calls": calls.GET as WebHandler,
    },
    fallback: (_request, response) => response.writeHead(404).end(),
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  otherKey = await api.createKey("other", ["ingest", "read"]);
  ingestOnlyKey = await api.createKey("default", ["ingest"]);
  projectId = (
    await api.database.pool.query<{ id: string }>(`SELECT id FROM projects WHERE name = 'default'`)
  ).rows[0]!.id;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await api?.close();
});

const post = (path: string, body: string, key: string | null = api.key) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body,
  });

async function scrape(
  key: string | null = METRICS_TOKEN,
): Promise<{ text: string; families: MetricFamily[] }> {
  const response = await fetch(`${base}/metrics`, key ? { headers: { authorization: `Bearer ${key}` } } : {});
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  const text = await response.text();
  return { text, families: parsePrometheusTextFormat(text) };
}

const family = (families: MetricFamily[], name: string) => {
  const found = families.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no ${name} in the scrape`);
  return found;
};

/** How much a counter grew between two scrapes (other test files may share this process's metrics). */
const grew = (
  before: MetricFamily[],
  after: MetricFamily[],
  name: string,
  labels: Record<string, string> = {},
) => value(after, name, labels) - value(before, name, labels);

/** A counter's or gauge's value for the sample whose labels include these. */
function value(families: MetricFamily[], name: string, labels: Record<string, string> = {}): number {
  const sample = family(families, name).metrics.find((metric) =>
    Object.entries(labels).every(([key, wanted]) => metric.labels?.[key] === wanted),
  );
  return sample ? Number(sample.value) : 0;
}

/**
 * One series of a histogram: its buckets, count and sum. The parser folds a histogram's
 * samples into one unlabelled series, so it is handed the lines of this one series with its
 * labels (other than `le`) taken off.
 */
function histogram(text: string, name: string, labels: Record<string, string>) {
  const selector = Object.entries(labels)
    .map(([key, wanted]) => `${key}="${wanted}"`)
    .sort();
  const lines = text.split("\n").filter((line) => {
    const match = new RegExp(`^${name}_(bucket|sum|count)\\{([^}]*)\\} `).exec(line);
    if (!match) return false;
    const own = match[2]!.split(",").filter((label) => !label.startsWith("le="));
    return own.sort().join(",") === selector.join(",");
  });
  const unlabelled = lines.map((line) =>
    line.replace(/\{([^}]*)\}/, (_all, inner: string) => {
      const le = inner.split(",").find((label) => label.startsWith("le="));
      return le ? `{${le}}` : "";
    }),
  );
  const [parsed] = parsePrometheusTextFormat(`# TYPE ${name} histogram\n${unlabelled.join("\n")}\n`);
  const series = parsed?.metrics[0] ?? {};
  return {
    buckets: Object.entries(series.buckets ?? {})
      .map(([le, count]) => [le, Number(count)] as const)
      .sort(([a], [b]) => Number(a.replace("+Inf", "Infinity")) - Number(b.replace("+Inf", "Infinity"))),
    count: Number(series.count ?? 0),
    sum: Number(series.sum ?? 0),
  };
}

/** What a project's read key sees: its own per-project families. */
const PROJECT_FAMILIES = [
  "faultline_calls_ingested_total",
  "faultline_tool_calls_total",
  "faultline_tool_call_failures_total",
  "faultline_tool_calls_by_tool_total",
  "faultline_tool_call_duration_seconds",
];

// Calls whose tool names and error codes an attacker chose: none may become a label.
const HOSTILE_TOOL = "attacker_tool_a8f3";
const HOSTILE_CODE = "attacker_code_77c1";

const batch = [
  { id: "m-ok-1", server: "crm", tool: "lead_get", response: text("found") },
  { id: "m-ok-2", server: "crm", tool: "lead_get", response: text("found") },
  { id: "m-ok-3", server: "crm", tool: HOSTILE_TOOL, response: text("found") },
  {
    id: "m-pay-1",
    server: "billing",
    tool: "charge",
    response: toolError("Payment required.", HOSTILE_CODE),
  },
  {
    id: "m-pay-2",
    server: "billing",
    tool: "charge",
    response: toolError("Payment required.", "payment_required"),
  },
  { id: "m-429", server: "billing", tool: "charge", httpStatus: 429, response: "Too Many Requests" },
  { id: "m-rpc", server: "billing", tool: "charge", response: rpcError(-32601, "Method not found") },
  // Refused: no server; and a tool call without a tool.
  { id: "m-bad-1", tool: "x" },
  { id: "m-bad-2", server: "crm", method: "tools/call" },
];

describe("GET /metrics", () => {
  it("counts ingested calls by project, outcome and category, and times the requests", async () => {
    const before = await scrape();
    const durationBefore = histogram(before.text, "faultline_ingest_request_duration_seconds", {
      endpoint: "webhook",
      status_class: "2xx",
    });

    const response = await post("/api/v1/calls", JSON.stringify({ calls: batch }));
    expect(response.status).toBe(207);
    const result = (await response.json()) as { calls: { outcome: string; category: string | null }[] };
    // A duplicate is not counted again.
    expect((await post("/api/v1/calls", JSON.stringify(batch[0]))).status).toBe(200);

    const after = await scrape();
    // What the classifier decided for each stored call, counted by outcome and category.
    const expected = new Map<string, number>();
    for (const call of result.calls) {
      const key = `${call.outcome}|${call.category ?? "none"}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    expect(expected.size).toBeGreaterThanOrEqual(4);
    const ingested = family(after.families, "faultline_calls_ingested_total");
    expect(ingested.type).toBe("COUNTER");
    const counted = new Map(
      ingested.metrics
        .filter((metric) => metric.labels?.project === projectId)
        .map((metric) => [`${metric.labels!.outcome}|${metric.labels!.category}`, Number(metric.value)]),
    );
    expect(counted).toEqual(expected);
    expect(
      value(after.families, "faultline_calls_ingested_total", { project: projectId, outcome: "ok" }),
    ).toBe(3);

    for (const reason of ["server", "tool"]) {
      const labels = { endpoint: "webhook", kind: "call", reason };
      expect(grew(before.families, after.families, "faultline_ingest_rejected_total", labels)).toBe(1);
    }

    expect(family(after.families, "faultline_ingest_request_duration_seconds").type).toBe("HISTOGRAM");
    const duration = histogram(after.text, "faultline_ingest_request_duration_seconds", {
      endpoint: "webhook",
      status_class: "2xx",
    });
    expect(duration.count - durationBefore.count).toBe(2);
    expect(duration.sum).toBeGreaterThan(durationBefore.sum);
    expect(duration.sum - durationBefore.sum).toBeLessThan(60);
    // Cumulative buckets, the last (+Inf) holding every request.
    expect(duration.buckets.map(([le]) => le)).toEqual([
      "0.005",
      "0.01",
      "0.025",
      "0.05",
      "0.1",
      "0.25",
      "0.5",
      "1",
      "2.5",
      "5",
      "10",
      "30",
      "+Inf",
    ]);
    for (let index = 1; index < duration.buckets.length; index++) {
      expect(duration.buckets[index]![1]).toBeGreaterThanOrEqual(duration.buckets[index - 1]![1]);
    }
    expect(duration.buckets.at(-1)![1]).toBe(duration.count);
  });

  it("never labels a series with what a sender chose, and names servers and tools only on the tools/call series", async () => {
    const { text } = await scrape();
    expect(text).toContain(projectId);
    expect(text).not.toContain(HOSTILE_CODE);
    // Server and tool names appear only as ranked (bounded) labels of the tools/call families
    // (their bound: test/integration/metrics-servers.test.ts).
    const naming = text.split("\n").filter((line) => line.includes("billing") || line.includes(HOSTILE_TOOL));
    expect(naming.length).toBeGreaterThan(0);
    for (const line of naming) {
      expect(line).toMatch(
        /^faultline_tool_calls_total\{|^faultline_tool_call_failures_total\{|^faultline_tool_calls_by_tool_total\{|^faultline_tool_call_duration_seconds_(bucket|sum|count)\{/,
      );
    }
  });

  it("counts requests refused whole by error code, and their duration by status class", async () => {
    const before = await scrape();
    expect((await post("/api/v1/calls", "{not json")).status).toBe(400);
    expect((await post("/api/v1/calls", "{}", null)).status).toBe(401);
    const after = await scrape();
    for (const code of ["invalid_json", "unauthorized"]) {
      const labels = { endpoint: "webhook", code };
      expect(grew(before.families, after.families, "faultline_ingest_requests_rejected_total", labels)).toBe(
        1,
      );
    }
    const labels = { endpoint: "webhook", status_class: "4xx" };
    expect(
      histogram(after.text, "faultline_ingest_request_duration_seconds", labels).count -
        histogram(before.text, "faultline_ingest_request_duration_seconds", labels).count,
    ).toBe(2);
  });

  it("counts OTLP spans refused, unreadable or failing validation", async () => {
    const good = span({
      spanId: "00000000000000d0",
      attributes: { "mcp.method.name": "tools/call", "gen_ai.tool.name": "ok_tool", "server.address": "x" },
    });
    const noTool = span({
      spanId: "00000000000000d1",
      attributes: { "mcp.method.name": "tools/call", "server.address": "x" },
    });
    const unreadable = {
      ...span({
        spanId: "00000000000000d2",
        attributes: { "mcp.method.name": "tools/call", "gen_ai.tool.name": "late" },
      }),
      startTimeUnixNano: "99999999999999999999999999",
    };
    const before = await scrape();
    const response = await post(
      "/api/v1/otlp/v1/traces",
      JSON.stringify(exportRequest("agent", [good, noTool, unreadable])),
    );
    expect(response.status).toBe(200);
    const after = await scrape();
    for (const reason of ["tool", "unreadable"]) {
      const labels = { endpoint: "otlp", kind: "span", reason };
      expect(grew(before.families, after.families, "faultline_ingest_rejected_total", labels)).toBe(1);
    }
    const labels = { endpoint: "otlp", status_class: "2xx" };
    expect(
      histogram(after.text, "faultline_ingest_request_duration_seconds", labels).count -
        histogram(before.text, "faultline_ingest_request_duration_seconds", labels).count,
    ).toBe(1);
  });

  it("counts each time the ingest workers are replaced by a fresh set", async () => {
    const { gzipSync } = await import("node:zlib");
    const before = await scrape();
    for (let request = 0; request < 6; request++) {
      const body = exportRequest("agent", [
        span({
          spanId: `00000000000000e${request}`,
          attributes: { "mcp.method.name": "tools/call", "gen_ai.tool.name": `recycled${request}` },
        }),
      ]);
      const response = await fetch(`${base}/api/v1/otlp/v1/traces`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-encoding": "gzip",
          authorization: `Bearer ${api.key}`,
        },
        body: gzipSync(JSON.stringify(body)),
      });
      expect(response.status).toBe(200);
    }
    const after = await scrape();
    // Six jobs, a fresh set every two: at least two replacements (three unless another file's jobs interleave).
    expect(
      grew(before.families, after.families, "faultline_ingest_worker_recycles_total"),
    ).toBeGreaterThanOrEqual(2);
  });

  it("counts database errors and shows both pools' waiting and open connections", async () => {
    // The read pool has one connection (FAULTLINE_DB_READ_POOL_SIZE=1): hold it, and a read
    // waits for it past the connection timeout, answered 503 busy.
    const before = (await scrape()).families;
    const held = await api.database.reads.connect();
    try {
      const waiting = fetch(`${base}/api/v1/calls?limit=1`, {
        headers: { authorization: `Bearer ${api.key}` },
      });
      await expect.poll(() => api.database.reads.waitingCount).toBe(1);
      const during = (await scrape()).families;
      expect(value(during, "faultline_db_pool_waiting", { pool: "read" })).toBe(1);
      expect(value(during, "faultline_db_pool_connections", { pool: "read", state: "total" })).toBe(1);
      expect(value(during, "faultline_db_pool_connections", { pool: "read", state: "idle" })).toBe(0);
      expect(family(during, "faultline_db_pool_waiting").type).toBe("GAUGE");
      expect((await waiting).status).toBe(503);
    } finally {
      held.release();
    }
    const { families } = await scrape();
    expect(grew(before, families, "faultline_database_errors_total", { kind: "busy" })).toBe(1);
    expect(value(families, "faultline_db_pool_waiting", { pool: "read" })).toBe(0);
    expect(value(families, "faultline_db_pool_waiting", { pool: "ingest" })).toBe(0);
    expect(
      value(families, "faultline_db_pool_connections", { pool: "ingest", state: "total" }),
    ).toBeGreaterThan(0);
  });

  it("shows how far the figures are behind the calls stored, and how long folds waited", async () => {
    const pool = api.database.pool;
    const { rows } = await pool.query<{ id: string }>("SELECT id FROM projects ORDER BY created_at LIMIT 1");
    await whileFoldIsHeld(pool, async () => {
      await queueRowAged(pool, rows[0]!.id, 40);
      const { families } = await scrape();
      expect(family(families, "faultline_fold_backlog_seconds").type).toBe("GAUGE");
      expect(value(families, "faultline_fold_backlog_seconds", {})).toBeGreaterThanOrEqual(40);
    });
    await foldPending(pool, { wait: true });
    const { families } = await scrape();
    expect(value(families, "faultline_fold_backlog_seconds", {})).toBe(0);
    expect(family(families, "faultline_fold_lag_seconds").type).toBe("HISTOGRAM");
  });

  it("declares the alert counters before alerts exist", async () => {
    const { families } = await scrape();
    expect(family(families, "faultline_alert_evaluations_total")).toMatchObject({
      type: "COUNTER",
      metrics: [{ value: "0" }],
    });
    expect(family(families, "faultline_alert_deliveries_total")).toMatchObject({
      type: "COUNTER",
      metrics: [],
    });
  });

  it("needs a read key: 401 without one, 403 with an ingest-only key", async () => {
    const anonymous = await fetch(`${base}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toBe('Bearer realm="faultline"');
    expect((await anonymous.text()).includes("faultline_")).toBe(false);
    const ingestOnly = await fetch(`${base}/metrics`, {
      headers: { authorization: `Bearer ${ingestOnlyKey}` },
    });
    expect(ingestOnly.status).toBe(403);
  });

  it("shows a project's read key its own project's series and nothing about the instance", async () => {
    await post(
      "/api/v1/calls",
      JSON.stringify({ id: "k-1", server: "s", tool: "t", response: text("fine") }),
      otherKey,
    );
    const other = (
      await api.database.pool.query<{ id: string }>(`SELECT id FROM projects WHERE name = 'other'`)
    ).rows[0]!.id;
    for (const key of [api.key, otherKey]) {
      const { text: shown, families } = await scrape(key);
      expect(families.map((found) => found.name)).toEqual(PROJECT_FAMILIES);
      const own = key === otherKey ? other : projectId;
      // (a family with no sample yet, such as failures by category of a project without failures, names no project)
      for (const found of families.filter(
        (candidate) => candidate.type !== "HISTOGRAM" && candidate.metrics.length > 0,
      )) {
        const projects = new Set(found.metrics.map((metric) => metric.labels?.project));
        expect([...projects]).toEqual([own]);
      }
      // (the parser drops a histogram's labels: read them from the text)
      const histogramProjects = new Set(
        [...shown.matchAll(/^faultline_tool_call_duration_seconds_\w+\{project="([^"]+)"/gm)].map(
          (m) => m[1],
        ),
      );
      expect([...histogramProjects].filter((project) => project !== own)).toEqual([]);
      for (const instanceWide of [
        "process_",
        "nodejs_",
        "faultline_db_pool",
        "faultline_database_errors",
        "faultline_ingest_",
        "faultline_alert_",
      ]) {
        expect(shown).not.toContain(instanceWide);
      }
    }
    // The instance credential sees both projects and the instance.
    const { families } = await scrape(METRICS_TOKEN);
    const projects = new Set(
      family(families, "faultline_calls_ingested_total").metrics.map((metric) => metric.labels?.project),
    );
    expect(projects).toEqual(new Set([projectId, other]));
    for (const name of [
      "process_cpu_seconds_total",
      "faultline_db_pool_waiting",
      "faultline_ingest_requests_rejected_total",
    ]) {
      expect(family(families, name).name).toBe(name);
    }
  });

  it("a wrong instance token is an unknown key (401), and an admin-scope key is no instance credential", async () => {
    const wrong = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain("faultline_");
    const adminKey = await api.createKey("default", ["admin", "read"]);
    const { families } = await scrape(adminKey);
    expect(families.map((found) => found.name)).toEqual(PROJECT_FAMILIES);
  });

  it("shows a key only its own project's per-project series", async () => {
    await post(
      "/api/v1/calls",
      JSON.stringify({ id: "d-1", server: "s", tool: "t", response: text("fine") }),
    );
    await post(
      "/api/v1/calls",
      JSON.stringify({ id: "o-1", server: "s", tool: "t", response: text("fine") }),
      otherKey,
    );
    const theirs = await scrape(otherKey);
    const projects = new Set(
      family(theirs.families, "faultline_calls_ingested_total").metrics.map(
        (metric) => metric.labels?.project,
      ),
    );
    expect(projects.size).toBe(1);
    expect(projects.has(projectId)).toBe(false);
    expect((await scrape(api.key)).text).toContain(`project="${projectId}"`);
  });
});
