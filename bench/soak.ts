// Soak: a freshly started Faultline under the mixed use an instance sees for hours — webhook batches
// from several senders, single calls, OTLP exports, page loads signed in, CSV exports, /metrics
// scrapes and alert rules evaluated and sent — while the server's RSS and V8 heap are sampled every
// few seconds. At the end: every acknowledged call is stored, no request got a 5xx, and the RSS at
// each reporting point (5, 30, 60 minutes of a full run) with the peak.
//
// Usage: npm run soak -- [--minutes 60] [--rate 300] [--sample 5] [--fold inline|background]
//                         [--lanes webhook,single,otlp,pages,exports,alerts]
//   --rate is webhook calls per second over all senders (single calls and OTLP come on top).
//   --lanes runs only some kinds of traffic (default: all), to see which of them grows the RSS.
// `npm run bench -- --quick --only soak` runs it for 3 minutes. Needs `npm run build` first.
// Database: a scratch database on the PostgreSQL at DATABASE_URL (default the local server), created and
// dropped, as every bench scenario's.
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import pg from "pg";
import { PROJECT_COOKIE, SESSION_COOKIE } from "../lib/auth/session-cookie";
import { connect } from "../lib/db/connect";
import { applyMigrations } from "../lib/db/migrate";
import { exportRequest, span } from "../test/fixtures/otlp";
import { startAppServer } from "../test/helpers/app-server";
import { signedInAdmin } from "./dataset";
import { createDatabase, dropDatabase, percentile, report, round, rssMb } from "./lib";
import { liveCall } from "./traffic";

const LANES = ["webhook", "single", "otlp", "pages", "exports", "alerts"] as const;

const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: "60" },
    rate: { type: "string", default: "300" },
    sample: { type: "string", default: "5" },
    fold: { type: "string", default: "inline" },
    lanes: { type: "string", default: LANES.join(",") },
  },
});
const lanes = new Set(values.lanes!.split(",").map((lane) => lane.trim()));
for (const lane of lanes)
  if (!(LANES as readonly string[]).includes(lane)) throw new Error(`unknown lane ${lane}`);
const on = (lane: (typeof LANES)[number]) => lanes.has(lane);
const minutes = Number(values.minutes);
const rate = Number(values.rate);
const sampleMs = Number(values.sample) * 1000;
const KEY = "flk_soak_key_000000000000000000000000";
const METRICS_TOKEN = "soak-metrics-token-00000000000000000";
const SENDERS = ["crm-agent", "billing-agent", "support-agent"];
const PAGES = ["/", "/calls", "/failures", "/servers", "/sessions", "/codes", "/suspicious", "/tools"];
/** Minutes at which the RSS is reported (those within the run). */
const MARKS = [5, 30, 60];

interface Sample {
  atSeconds: number;
  rssMb: number;
  heapMb: number;
}

/** A webhook receiver for the alert rules: counts what it was sent, answers 200. */
async function alertSink(): Promise<{ url: string; received: () => number; close(): void }> {
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      received++;
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/hook`,
    received: () => received,
    close: () => server.close(),
  };
}

async function main() {
  const database = await createDatabase("soak");
  const sink = await alertSink();
  const db = connect(database.url, { write: 2, read: 1, readTimeoutMs: 60_000 });
  await applyMigrations(db.pool);
  const token = await signedInAdmin(db.prisma);
  const app = await startAppServer({
    DATABASE_URL: database.url,
    FAULTLINE_INIT_INGEST_KEY: KEY,
    FAULTLINE_INGEST_RATE_PER_SECOND: "0",
    FAULTLINE_METRICS_TOKEN: METRICS_TOKEN,
    FAULTLINE_FOLD: values.fold!,
    FAULTLINE_ALERTS_ALLOW_PRIVATE: "1",
    FAULTLINE_ALERTS_INTERVAL_SECONDS: "15",
    NODE_ENV: "production",
  });
  const pid = app.process.pid!;
  const statuses = new Map<string, number>();
  const acknowledged = new Set<string>();
  const latencies: Record<string, number[]> = { webhook: [], single: [], otlp: [], page: [], export: [] };
  const samples: Sample[] = [];
  const started = Date.now();
  const end = started + minutes * 60_000;
  const running = () => Date.now() < end;
  let serverErrors = 0;
  const count = (route: string, status: number) => {
    const key = `${route} ${status}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    if (status >= 500 || status === 0) serverErrors++;
  };
  const timed = async (route: string, request: () => Promise<Response>): Promise<Response | undefined> => {
    const sentAt = performance.now();
    try {
      const response = await request();
      await response.arrayBuffer();
      count(route, response.status);
      latencies[route]!.push(performance.now() - sentAt);
      return response;
    } catch {
      count(route, 0);
      return undefined;
    }
  };
  const every = async (intervalMs: number, work: () => Promise<void>) => {
    let next = Date.now();
    while (running()) {
      await work();
      next += intervalMs;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
    }
  };
  const json = { authorization: `Bearer ${KEY}`, "content-type": "application/json" };
  let sequence = 0;

  const { rows } = await db.pool.query<{ id: string; name: string }>(`SELECT id, name FROM projects LIMIT 1`);
  const project = rows[0]!;
  // Two rules evaluated every 15 s and sent to the sink when they fire: a failure rate over the
  // whole project, and silent failures per server.
  if (on("alerts"))
    await db.pool.query(
      `INSERT INTO alert_rules (project_id, id, name, kind, per, window_minutes, threshold, min_calls,
                              cooldown_minutes, channel, url)
     VALUES ($1, gen_random_uuid(), 'failure rate', 'failure_rate', NULL, 5, 0.05, 10, 1, 'webhook', $2),
            ($1, gen_random_uuid(), 'silent per server', 'silent_failures', 'server', 5, 1, NULL, 1, 'webhook', $2)`,
      [project.id, sink.url],
    );
  await db.close();

  console.error(
    `soak: ${[...lanes].join(", ")} (webhook ${rate} calls/s from ${SENDERS.length} senders), /metrics ` +
      `for ${minutes} min against ${app.url} (fold ${values.fold})`,
  );
  const batchSize = 20;
  const perSender = rate / SENDERS.length;
  const webhook = (on("webhook") ? SENDERS : []).map((agent) =>
    every((1000 * batchSize) / perSender, async () => {
      const calls: Record<string, unknown>[] = Array.from({ length: batchSize }, () => ({
        ...liveCall(sequence++, Date.now(), agent),
        agent,
      }));
      const response = await timed("webhook", () =>
        fetch(`${app.url}/api/v1/calls`, { method: "POST", headers: json, body: JSON.stringify({ calls }) }),
      );
      if (response?.status === 200) for (const call of calls) acknowledged.add(String(call.id));
    }),
  );
  // Single calls: four at a time, as reporters in several hosts post them one by one.
  const single = Array.from({ length: on("single") ? 4 : 0 }, (_, lane) =>
    every(50, async () => {
      const call = liveCall(sequence++, Date.now(), `single${lane}`);
      const response = await timed("single", () =>
        fetch(`${app.url}/api/v1/calls`, { method: "POST", headers: json, body: JSON.stringify(call) }),
      );
      if (response?.status === 200) acknowledged.add(String(call.id));
    }),
  );
  const otlp = every(500, async () => {
    if (!on("otlp")) return;
    const spans = Array.from({ length: 10 }, (_, index) =>
      span({
        spanId: (sequence++).toString(16).padStart(16, "0"),
        startMs: Date.now() - 1000 + index,
        attributes: {
          "mcp.method.name": "tools/call",
          "gen_ai.tool.name": `otlp_tool_${index % 5}`,
          "mcp.session.id": `otlp-session-${Math.floor(sequence / 200)}`,
          ...(index % 7 === 0 ? { "error.type": "tool_error" } : {}),
        },
        ...(index % 7 === 0 ? { status: { code: 2, message: "upstream 503" } } : {}),
      }),
    );
    await timed("otlp", () =>
      fetch(`${app.url}/api/v1/otlp/v1/traces`, {
        method: "POST",
        headers: json,
        body: JSON.stringify(exportRequest("otlp-server", spans)),
      }),
    );
  });
  const cookie = `${SESSION_COOKIE}=${token}; ${PROJECT_COOKIE}=${encodeURIComponent(project.name)}`;
  let page = 0;
  const pages = every(2000, async () => {
    if (!on("pages")) return;
    const target = PAGES[page++ % PAGES.length]!;
    await timed("page", () => fetch(`${app.url}${target}`, { headers: { cookie } }));
  });
  const exports = every(60_000, async () => {
    if (!on("exports")) return;
    await timed("export", () =>
      fetch(`${app.url}/api/v1/calls/export?format=csv&range=24h`, {
        headers: { authorization: `Bearer ${KEY}` },
      }),
    );
  });
  const sampling = every(sampleMs, async () => {
    const text = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      .then((response) => response.text())
      .catch(() => "");
    const heap = Number(/^nodejs_heap_size_used_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)/m.exec(text)?.[1] ?? NaN);
    const sample = { atSeconds: (Date.now() - started) / 1000, rssMb: rssMb(pid), heapMb: heap / 2 ** 20 };
    samples.push(sample);
    if (samples.length % Math.max(1, Math.round(60_000 / sampleMs)) === 0)
      console.error(
        `  ${round(sample.atSeconds / 60)} min: RSS ${round(sample.rssMb)} MB, heap ${round(sample.heapMb)} MB, ` +
          `${acknowledged.size} acknowledged, alerts sent ${sink.received()}`,
      );
  });

  try {
    await Promise.all([...webhook, ...single, otlp, pages, exports, sampling]);
    const check = new pg.Client({ connectionString: database.url });
    await check.connect();
    const stored = await check.query<{ n: string }>(
      `SELECT count(*) AS n FROM calls WHERE id = ANY($1::text[])`,
      [[...acknowledged]],
    );
    await check.end();
    // The RSS at each mark: the sample nearest to it, and the peak so far.
    const at = (minute: number) => {
      const within = samples.filter((sample) => sample.atSeconds <= minute * 60 + sampleMs / 1000);
      const last = within.at(-1);
      return last
        ? {
            rssMb: round(last.rssMb),
            heapMb: round(last.heapMb),
            peakRssMb: round(Math.max(...within.map((s) => s.rssMb))),
          }
        : undefined;
    };
    const marks = Object.fromEntries(
      [...MARKS.filter((minute) => minute <= minutes), minutes]
        .filter((minute, index, list) => list.indexOf(minute) === index)
        .map((minute) => [`${minute}min`, at(minute)]),
    );
    const summary = (list: number[]) =>
      list.length
        ? { n: list.length, p50: round(percentile(list, 50)), p99: round(percentile(list, 99)) }
        : undefined;
    report({
      minutes,
      fold: values.fold,
      lanes: [...lanes],
      webhookRate: rate,
      acknowledged: acknowledged.size,
      stored: Number(stored.rows[0]!.n),
      serverErrors,
      statuses: Object.fromEntries(statuses),
      alertsSent: sink.received(),
      latencyMs: Object.fromEntries(Object.entries(latencies).map(([route, list]) => [route, summary(list)])),
      rss: marks,
      peakRssMb: round(Math.max(...samples.map((sample) => sample.rssMb))),
      peakAtMinutes: round(
        samples.reduce((peak, sample) => (sample.rssMb > peak.rssMb ? sample : peak), samples[0]!).atSeconds /
          60,
      ),
      peakHeapMb: round(Math.max(...samples.map((sample) => sample.heapMb).filter(Number.isFinite))),
      // Every minute: the curve the README draws.
      curve: samples
        .filter((_, index) => index % Math.max(1, Math.round(60_000 / sampleMs)) === 0)
        .map((sample) => [round(sample.atSeconds / 60), round(sample.rssMb), round(sample.heapMb)]),
    });
  } finally {
    await app.stop();
    sink.close();
    await dropDatabase(database.name);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
