import { readFileSync } from "node:fs";
import { deflateSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { jsonEmptySpans, jsonSpanWithAttributes, protobufBombs, webhookArrays } from "../fixtures/bombs";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { probeGet } from "../helpers/probe";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// Amplification against the real server: requests of a few kilobytes that unpack into millions
// of spans, events, attributes or JSON values. Each is refused by the limit it breaks (413,
// naming it), the server stays up with bounded memory, and a probe needing no database —
// the sign-in page — is answered all along: no request holds the event loop.

const KEY = "flk_amplification_test_key_0000000";
let testDatabase: TestDatabase;
let app: AppServer;

beforeAll(async () => {
  testDatabase = await createTestDatabase("amplification");
  app = await startAppServer({
    DATABASE_URL: testDatabase.url,
    FAULTLINE_INIT_INGEST_KEY: KEY,
    FAULTLINE_INGEST_RATE_PER_SECOND: "0",
  });
});
afterAll(async () => {
  await app?.stop();
  await testDatabase?.drop();
});

function rssMb(): number {
  const status = readFileSync(`/proc/${app.process.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

interface Sent {
  status: number;
  message: string;
  ms: number;
}

async function send(path: string, body: Buffer, headers: Record<string, string>): Promise<Sent> {
  const started = performance.now();
  const response = await fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${KEY}`, ...headers },
    body: new Uint8Array(body),
  });
  const text = Buffer.from(await response.arrayBuffer()).toString("utf8");
  return { status: response.status, message: text, ms: performance.now() - started };
}

/** An OTLP request, compressed now: the probe must time the server, not this process's gzip. */
function otlp(body: Buffer, type: "json" | "protobuf", encoding: "gzip" | "deflate" | "identity") {
  const sent = encoding === "gzip" ? gzipSync(body) : encoding === "deflate" ? deflateSync(body) : body;
  const headers = {
    "content-type": type === "json" ? "application/json" : "application/x-protobuf",
    ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
  };
  return { size: sent.length, send: () => send("/api/v1/otlp/v1/traces", sent, headers) };
}

/** Runs `work` while probing the sign-in page every 20 ms and sampling the server's memory. */
async function probed<T>(
  work: () => Promise<T>,
): Promise<{ result: T; slowestProbe: number; peakRss: number }> {
  let running = true;
  let slowestProbe = 0;
  let peakRss = rssMb();
  const probe = (async () => {
    while (running) {
      slowestProbe = Math.max(slowestProbe, (await probeGet(`${app.url}/login`)).ms);
      peakRss = Math.max(peakRss, rssMb());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    const result = await work();
    return { result, slowestProbe, peakRss: Math.max(peakRss, rssMb()) };
  } finally {
    running = false;
    await probe;
  }
}

it("refuses every amplification bomb by the limit it breaks, fast, while the server answers others and stays within its memory", async () => {
  const baseline = rssMb();
  const protobuf = protobufBombs(8_000_000);
  const emptySpans = protobuf[0]![1];
  const webhook = webhookArrays(1_600_000);
  const bombs: [string, { size: number; send: () => Promise<Sent> }, RegExp][] = [
    ...protobuf.map(([name, bytes, what]): [string, ReturnType<typeof otlp>, RegExp] => [
      `protobuf, gzip: ${name}`,
      otlp(bytes, "protobuf", "gzip"),
      new RegExp(`more than \\d+ ${what}`),
    ]),
    ["protobuf, deflate: empty spans", otlp(emptySpans, "protobuf", "deflate"), /spans/],
    ["protobuf, plain: empty spans", otlp(emptySpans, "protobuf", "identity"), /spans/],
    [
      "OTLP/JSON, gzip: 5 million empty spans",
      otlp(jsonEmptySpans(5_000_000), "json", "gzip"),
      /JSON values/,
    ],
    [
      "OTLP/JSON, gzip: one span with 600,000 attributes",
      otlp(jsonSpanWithAttributes(600_000), "json", "gzip"),
      /attributes/,
    ],
    [
      "webhook: 1.6 million empty arrays in one response",
      {
        size: webhook.length,
        send: () => send("/api/v1/calls", webhook, { "content-type": "application/json" }),
      },
      /more than 1000000 JSON values/,
    ],
  ];
  const problems: string[] = [];
  let slowestProbe = 0;
  let peakRss = baseline;
  for (const [name, bomb, names] of bombs) {
    const run = await probed(bomb.send);
    slowestProbe = Math.max(slowestProbe, run.slowestProbe);
    peakRss = Math.max(peakRss, run.peakRss);
    const { status, message, ms } = run.result;
    console.log(
      `${name} (${(bomb.size / 1024).toFixed(0)} KB sent): ${status} in ${ms.toFixed(0)} ms, probe ≤ ${run.slowestProbe.toFixed(0)} ms`,
    );
    if (status !== 413 || !names.test(message)) problems.push(`${name}: ${status} ${message.slice(0, 200)}`);
    if (ms > 3_000) problems.push(`${name}: took ${ms.toFixed(0)} ms`);
  }
  expect(problems).toEqual([]);

  // Six at once took the process down (JavaScript heap out of memory) before the limits.
  const sixBombs = Array.from({ length: 6 }, () => otlp(emptySpans, "protobuf", "gzip"));
  const six = await probed(() => Promise.all(sixBombs.map((bomb) => bomb.send())));
  expect(six.result.map((sent) => sent.status)).toEqual([413, 413, 413, 413, 413, 413]);
  slowestProbe = Math.max(slowestProbe, six.slowestProbe);
  peakRss = Math.max(peakRss, six.peakRss);

  console.log(
    `amplification: probe slowest ${slowestProbe.toFixed(0)} ms; server RSS ${baseline.toFixed(0)} → peak ${peakRss.toFixed(0)} MB`,
  );
  // Before: one bomb answered 200 after 8–14 s with the probe waiting 6–11 s, RSS 0.3 → 2.2 GB.
  expect(slowestProbe).toBeLessThan(1_000);
  expect(peakRss - baseline).toBeLessThan(300);

  // And the server still stores a valid call.
  const valid = await send(
    "/api/v1/calls",
    Buffer.from(
      JSON.stringify({ id: "after-the-bombs", server: "s", tool: "t", isError: false, text: "ok" }),
    ),
    { "content-type": "application/json" },
  );
  expect(valid.status).toBe(200);
}, 180_000);
