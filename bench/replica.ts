// Read replica: page times served by a streaming replica against the same pages served by
// the primary, and the replica's lag while batch ingest runs. Starts its own primary and hot
// standby of PostgreSQL 15 (test/helpers/replica.ts, on this machine: the same disks and
// cores, so this measures the routing and the replication, not a second machine's capacity),
// generates N calls on the primary, and runs two instances of the built app on it: one with
// FAULTLINE_READ_DATABASE_URL, one without.
//
//   npm run build && npx tsx bench/replica.ts --calls 200000 --seconds 20
import { parseArgs } from "node:util";
import { PROJECT_COOKIE, SESSION_COOKIE } from "../lib/auth/session-cookie";
import { connect } from "../lib/db/connect";
import { applyMigrations } from "../lib/db/migrate";
import { startAppServer, type AppServer } from "../test/helpers/app-server";
import { startReplicaPair } from "../test/helpers/replica";
import { ADMIN, generateDataset, PROJECT_NAME, signedInAdmin } from "./dataset";
import { percentile, report, round } from "./lib";

const { values } = parseArgs({
  options: {
    calls: { type: "string", default: "200000" },
    seconds: { type: "string", default: "20" },
    runs: { type: "string", default: "10" },
  },
});
const N = Number(values.calls);
const SECONDS = Number(values.seconds);
const RUNS = Number(values.runs);
const KEY = "flk_bench_replica_key_000000000000000";
const METRICS_TOKEN = "bench-replica-metrics-token-0000000000";
const PAGES = ["/", "/calls", "/failures", "/tools", "/codes"];

async function pageTimes(app: AppServer, token: string): Promise<Record<string, number>> {
  const times: Record<string, number> = {};
  for (const page of PAGES) {
    const samples: number[] = [];
    for (let run = 0; run < RUNS + 1; run++) {
      const started = performance.now();
      const response = await fetch(`${app.url}${page}`, {
        headers: { cookie: `${SESSION_COOKIE}=${token}; ${PROJECT_COOKIE}=${PROJECT_NAME}` },
        redirect: "manual",
      });
      await response.text();
      if (response.status !== 200) throw new Error(`${page} answered ${response.status}`);
      if (run > 0) samples.push(performance.now() - started); // the first run warms caches
    }
    times[page] = round(percentile(samples, 50));
  }
  return times;
}

async function scrapeLag(app: AppServer): Promise<number> {
  const text = await (
    await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const line = text
    .split("\n")
    .find((candidate) => candidate.startsWith("faultline_read_replica_lag_seconds "));
  return Number(line?.split(" ")[1]);
}

async function main() {
  const pair = await startReplicaPair();
  const apps: AppServer[] = [];
  try {
    const database = connect(pair.primaryUrl);
    await applyMigrations(database.pool);
    const generating = performance.now();
    await generateDataset(database.pool, N);
    const token = await signedInAdmin(database.prisma);
    await database.close();
    const generateSeconds = round((performance.now() - generating) / 1000);
    await pair.caughtUp(600_000);

    const env = {
      DATABASE_URL: pair.primaryUrl,
      FAULTLINE_INIT_INGEST_KEY: KEY,
      FAULTLINE_ADMIN_EMAIL: ADMIN.email,
      FAULTLINE_ADMIN_PASSWORD: ADMIN.password,
      FAULTLINE_METRICS_TOKEN: METRICS_TOKEN,
      FAULTLINE_INGEST_RATE_PER_SECOND: "0",
    };
    const withReplica = await startAppServer({ ...env, FAULTLINE_READ_DATABASE_URL: pair.replicaUrl });
    apps.push(withReplica);
    const primaryOnly = await startAppServer(env);
    apps.push(primaryOnly);

    // Page times, idle: each page served by the replica, then the same by the primary, twice over.
    const replicaPages = [await pageTimes(withReplica, token), await pageTimes(withReplica, token)];
    const primaryPages = [await pageTimes(primaryOnly, token), await pageTimes(primaryOnly, token)];
    const best = (runs: Record<string, number>[]) =>
      Object.fromEntries(PAGES.map((page) => [page, Math.min(...runs.map((run) => run[page]!))]));

    // Lag under batch ingest: 4 senders × 500 calls a request for SECONDS, lag sampled every 200 ms.
    const lags: number[] = [];
    let sent = 0;
    const until = Date.now() + SECONDS * 1000;
    const sender = async (worker: number) => {
      for (let batch = 0; Date.now() < until; batch++) {
        const calls = Array.from({ length: 500 }, (_, index) => ({
          id: `bench-${worker}-${batch}-${index}`,
          server: "crm",
          tool: `tool_${index % 20}`,
          durationMs: index,
          response:
            index % 7 === 0 ? { error: { code: -32000, message: `failed ${index}` } } : { result: {} },
        }));
        const response = await fetch(`${withReplica.url}/api/v1/calls`, {
          method: "POST",
          headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
          body: JSON.stringify({ calls }),
        });
        await response.text();
        if (response.ok) sent += calls.length;
      }
    };
    const sampler = (async () => {
      while (Date.now() < until) {
        lags.push(await scrapeLag(withReplica));
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    const started = performance.now();
    const pagesUnderLoad: number[] = [];
    const pageSampler = (async () => {
      while (Date.now() < until) {
        const begun = performance.now();
        const response = await fetch(`${withReplica.url}/`, {
          headers: { cookie: `${SESSION_COOKIE}=${token}; ${PROJECT_COOKIE}=${PROJECT_NAME}` },
        });
        await response.text();
        pagesUnderLoad.push(performance.now() - begun);
      }
    })();
    await Promise.all([0, 1, 2, 3].map(sender));
    const ingestSeconds = (performance.now() - started) / 1000;
    await Promise.all([sampler, pageSampler]);
    await pair.caughtUp(120_000);
    report({
      calls: N,
      generateSeconds,
      pagesP50Ms: { replica: best(replicaPages), primary: best(primaryPages) },
      ingest: { callsPerSecond: round(sent / ingestSeconds), seconds: round(ingestSeconds) },
      lagSeconds: {
        samples: lags.length,
        p50: round(percentile(lags, 50)),
        p95: round(percentile(lags, 95)),
        max: round(Math.max(...lags)),
      },
      overviewUnderIngestMs: {
        p50: round(percentile(pagesUnderLoad, 50)),
        p95: round(percentile(pagesUnderLoad, 95)),
      },
    });
  } finally {
    await Promise.all(apps.map((app) => app.stop()));
    await pair.stop();
  }
}

void main();
