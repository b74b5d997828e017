import { readFileSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { hostileRequests, malformedRequests, oversizedRequests, type FuzzRequest } from "../fixtures/fuzz";
import { PATHOLOGICAL_FAMILIES } from "../fixtures/pathological";
import { seededRandom } from "../../scripts/demo/random";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";
import { freshPost, probeGet } from "../helpers/probe";
import { rawStatus } from "../helpers/raw-http";

// Hostile input against the real server: thousands of malformed webhook requests must each
// get a 4xx that names the problem, nothing may be stored, and the server must stay up with
// bounded memory.

const KEY = "flk_fuzz_test_key_00000000000000000";
/** The instance's /metrics credential: ingest rejections are instance-wide figures, not a project's. */
const METRICS_TOKEN = "fuzz-metrics-token-000000000000";
let testDatabase: TestDatabase;
let app: AppServer;

beforeAll(async () => {
  testDatabase = await createTestDatabase("fuzz");
  app = await startAppServer({
    DATABASE_URL: testDatabase.url,
    FAULTLINE_INIT_INGEST_KEY: KEY,
    FAULTLINE_INGEST_RATE_PER_SECOND: "0",
    FAULTLINE_READ_RATE_PER_SECOND: "0",
    FAULTLINE_METRICS_TOKEN: METRICS_TOKEN,
  });
});
afterAll(async () => {
  await app?.stop();
  await testDatabase?.drop();
});

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

async function send(request: FuzzRequest): Promise<{ status: number; message: string }> {
  const response = await fetch(`${app.url}/api/v1/calls`, {
    method: "POST",
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json", ...request.headers },
    body: request.body as BodyInit,
  });
  const text = await response.text();
  let message = "";
  try {
    const body = JSON.parse(text) as {
      error?: { message?: string };
      rejected?: { errors: { path: string; message: string }[] }[];
    };
    message =
      body.error?.message ??
      body.rejected
        ?.flatMap((item) => item.errors.map((error) => `${error.path}: ${error.message}`))
        .join("; ") ??
      "";
  } catch {
    message = `(not JSON) ${text.slice(0, 80)}`;
  }
  return { status: response.status, message };
}

it("answers 2,000+ malformed requests with 4xx naming the problem, stores nothing, and stays up with bounded memory", async () => {
  const pid = app.process.pid!;
  const requests = [...malformedRequests(2_100), ...oversizedRequests()];
  const baseline = rssMb(pid);
  let peak = baseline;
  const outcomes: { request: FuzzRequest; status: number; message: string }[] = [];
  let nextIndex = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (nextIndex < requests.length) {
        const request = requests[nextIndex++]!;
        outcomes.push({ request, ...(await send(request)) });
        if (outcomes.length % 100 === 0) peak = Math.max(peak, rssMb(pid));
      }
    }),
  );
  peak = Math.max(peak, rssMb(pid));

  // A message names the problem: the field ("server: Required", "calls: must …"), the body, or the header.
  const namesProblem = /^([\w.()]+: \S|Content-(Type|Encoding) )/;
  const wrong = outcomes.filter(
    (outcome) => outcome.status < 400 || outcome.status > 499 || !namesProblem.test(outcome.message),
  );
  expect(wrong.map((outcome) => `${outcome.request.label}: ${outcome.status} ${outcome.message}`)).toEqual(
    [],
  );
  const byStatus = Object.fromEntries(
    [...new Set(outcomes.map((outcome) => outcome.status))].map((status) => [
      status,
      outcomes.filter((outcome) => outcome.status === status).length,
    ]),
  );
  console.log(
    `fuzz: ${outcomes.length} requests → ${JSON.stringify(byStatus)}; server RSS ${baseline.toFixed(0)} MB → peak ${peak.toFixed(0)} MB`,
  );
  expect(outcomes.length).toBeGreaterThanOrEqual(2_000);

  const { rows } = await testDatabase.database.pool.query<{ n: string }>("SELECT count(*) AS n FROM calls");
  expect(Number(rows[0]!.n)).toBe(0);
  expect(peak - baseline).toBeLessThan(400);

  // On a connection of its own: the pool's sockets are the ones the refusals closed (probeGet says why).
  const healthy = await freshPost(
    `${app.url}/api/v1/calls`,
    { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    JSON.stringify({ id: "after-fuzz", server: "s", tool: "t", isError: false, text: "ok" }),
  );
  expect(healthy.status, healthy.text).toBe(200);
}, 300_000);

it("answers hostile-but-parseable input — lone surrogates, deep JSON, regex-hostile text up to the body limit — without a 5xx, losing no valid call beside it, and keeps answering others meanwhile", async () => {
  const mustStore: string[] = [];
  let sent = 0;
  // A probe of small requests runs beside: how long does anyone else wait while these are handled?
  const probeLatencies: number[] = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const { ms } = await probeGet(`${app.url}/api/v1/calls/probe`, { authorization: `Bearer ${KEY}` });
      probeLatencies.push(ms);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const problems: string[] = [];
  let slowest = { label: "", ms: 0 };
  // Each request on a connection of its own, as the probe's: a pooled connection the server is
  // closing for idleness as the next request is written on it is reset by the client's pool
  // (test/helpers/probe), which says nothing of how the server handles the request — and
  // failed the suite twice at the first request of this test, on connections the test before
  // left idle.
  const headers = { authorization: `Bearer ${KEY}`, "content-type": "application/json" };
  try {
    for (const request of hostileRequests(PATHOLOGICAL_FAMILIES, 5 * 1024 * 1024)) {
      sent++;
      mustStore.push(...request.mustStore);
      const response = await freshPost(`${app.url}${request.path}`, headers, request.body).catch(
        async (error: Error) => {
          throw new Error(`${request.label}: ${error.message}; ${await app.postMortem()}`);
        },
      );
      if (response.ms > slowest.ms) slowest = { label: request.label, ms: response.ms };
      const text = response.text;
      if (response.status !== 200 && response.status !== 207)
        problems.push(`${request.label}: ${response.status} ${text.slice(0, 200)}`);
      if (response.status === 207 && !/"path":"[\w.[\]]+","message":"\S/.test(text))
        problems.push(`${request.label}: 207 without a named field`);
      if (request.path.includes("otlp") && /"rejectedSpans"/.test(text) && !/span \d+: [\w.]+ \S/.test(text))
        problems.push(`${request.label}: a rejected span without a reason`);
    }
  } finally {
    probing = false;
    // A probe that failed (on a connection of its own: the server's doing) is a problem too.
    await probe.catch((error: Error) => problems.push(`the probe beside them: ${error.message}`));
  }
  expect(problems).toEqual([]);
  for (const id of mustStore) {
    const read = await probeGet(`${app.url}/api/v1/calls/${id}`, { authorization: `Bearer ${KEY}` });
    if (read.status !== 200) problems.push(`valid call ${id} was not stored (${read.status})`);
  }
  expect(problems).toEqual([]);
  const sorted = [...probeLatencies].sort((a, b) => a - b);
  const p99 = sorted[Math.floor(sorted.length * 0.99)] ?? 0;
  console.log(
    `hostile: ${sent} requests, slowest ${slowest.ms.toFixed(0)} ms (${slowest.label}); probe beside them: ${sorted.length} requests, p50 ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms`,
  );
  // Linear work on 5 MB takes well under a second here; a quadratic pattern would take minutes.
  expect(slowest.ms).toBeLessThan(5_000);
  expect(sorted.at(-1)).toBeLessThan(2_000);
}, 600_000);

it("one OTLP request of 16,384 spans (the limit per request; twice the Collector's batch) is stored whole while everyone else is answered, and one span more is refused", async () => {
  const { gzipSync } = await import("node:zlib");
  const now = String(BigInt(Date.now()) * 1_000_000n);
  const LIMIT = 16_384;
  const spans = Array.from({ length: LIMIT + 1 }, (_, index) => ({
    traceId: (index + 1).toString(16).padStart(32, "0"), // an all-zero trace id is refused
    spanId: "0000000000000001",
    name: "tools/call lookup",
    startTimeUnixNano: now,
    endTimeUnixNano: now,
    attributes: [
      { key: "mcp.method.name", value: { stringValue: "tools/call" } },
      { key: "gen_ai.tool.name", value: { stringValue: "lookup" } },
    ],
  }));
  const request = (batch: typeof spans) =>
    gzipSync(
      JSON.stringify({
        resourceSpans: [
          {
            resource: { attributes: [{ key: "service.name", value: { stringValue: "big-batch" } }] },
            scopeSpans: [{ spans: batch }],
          },
        ],
      }),
    );
  const overLimit = request(spans);
  const body = request(spans.slice(0, LIMIT));
  const probeLatencies: number[] = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      probeLatencies.push((await probeGet(`${app.url}/login`)).ms);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const response = await fetch(`${app.url}/api/v1/otlp/v1/traces`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${KEY}`,
      "content-type": "application/json",
      "content-encoding": "gzip",
    },
    body,
  });
  probing = false;
  await probe;
  expect(response.status, await response.clone().text()).toBe(200);
  expect(await response.json()).toMatchObject({ accepted: LIMIT });
  const { rows } = await testDatabase.database.pool.query<{ n: string }>(
    "SELECT count(*) AS n FROM calls WHERE agent = 'big-batch'",
  );
  expect(Number(rows[0]!.n)).toBe(LIMIT);
  const slowest = Math.max(...probeLatencies);
  console.log(
    `${LIMIT} spans: probe beside them ${probeLatencies.length} requests, slowest ${slowest.toFixed(0)} ms`,
  );
  // Decoded and classified in a worker thread: the sign-in page is not kept waiting (it waited
  // 3–4 s when all of it ran on the event loop, 1.5 s when sliced).
  expect(slowest).toBeLessThan(1_000);

  const refused = await fetch(`${app.url}/api/v1/otlp/v1/traces`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${KEY}`,
      "content-type": "application/json",
      "content-encoding": "gzip",
    },
    body: overLimit,
  });
  expect(refused.status).toBe(413);
  expect(((await refused.json()) as { message: string }).message).toMatch(
    /more than 16384 spans \(the limit per request, FAULTLINE_OTLP_MAX_SPANS\)/,
  );
}, 300_000);

it("answers random and truncated protobuf, plain and gzip, to the OTLP endpoint with 200 or a 4xx, never a 5xx", async () => {
  const { gzipSync } = await import("node:zlib");
  const next = seededRandom(11);
  const valid = Buffer.from(
    "0a3a0a0e0a0c73657276696365122a0a280a2012101234567890abcdef1234567890abcdef1a0812345678901234562a0a746f6f6c732f63616c6c",
    "hex",
  );
  const bodies: Uint8Array[] = [];
  for (let index = 0; index < 300; index++) {
    const length = Math.floor(next() * 400);
    const random = Uint8Array.from({ length }, () => Math.floor(next() * 256));
    const truncated = valid.subarray(0, Math.floor(next() * valid.length));
    const flipped = Buffer.from(valid);
    flipped[Math.floor(next() * flipped.length)] = Math.floor(next() * 256);
    bodies.push(random, truncated, flipped);
  }
  const statuses = new Map<number, number>();
  for (const [index, body] of bodies.entries()) {
    const gzip = index % 2 === 1;
    const response = await fetch(`${app.url}/api/v1/otlp/v1/traces`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${KEY}`,
        "content-type": "application/x-protobuf",
        ...(gzip ? { "content-encoding": "gzip" } : {}),
      },
      body: Buffer.from(gzip ? gzipSync(body) : body),
    });
    await response.arrayBuffer();
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  }
  console.log(
    `otlp protobuf fuzz: ${bodies.length} bodies → ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  expect([...statuses.keys()].every((status) => status === 200 || (status >= 400 && status < 500))).toBe(
    true,
  );
});

it.each(["bad host", "a/b", "evil.example/x?y", "[::1", "host:port", "%00", "h\u00e9.example"])(
  "a malformed Host header (%j) is a 400 on the webhook, OTLP and /metrics, before any key is read",
  async (host) => {
    for (const [method, path] of [
      ["POST", "/api/v1/calls"],
      ["POST", "/api/v1/otlp/v1/traces"],
      ["GET", "/metrics"],
    ] as const) {
      const body = method === "POST" ? "{}" : "";
      const status = await rawStatus(
        app.url,
        `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${KEY}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      expect(status, `${method} ${path}`).toBe(400);
    }
    expect(app.output()).not.toMatch(/unexpected error serving/);
  },
);

it("an upload the client abandons is counted as client_aborted, never as the database being unavailable", async () => {
  const net = await import("node:net");
  const { port } = new URL(app.url);
  await new Promise<void>((resolve) => {
    const socket = net.connect(Number(port), "127.0.0.1", () => {
      socket.write(
        `POST /api/v1/calls HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${KEY}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"calls":[`,
      );
      setTimeout(() => socket.destroy(), 200);
    });
    socket.on("close", () => resolve());
  });
  const metrics = async () =>
    (await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  await expect
    .poll(metrics)
    .toMatch(/faultline_ingest_requests_rejected_total\{endpoint="webhook",code="client_aborted"\} [1-9]/);
  expect(await metrics()).not.toMatch(/faultline_database_errors_total\{kind="unavailable"\} [1-9]/);
  expect(app.output()).not.toMatch(/database unavailable/);
});
