// Soak: drives the webhook of a freshly started Faultline at a steady rate for a while, then
// checks that every acknowledged call is stored, that no request got a 5xx, and that the
// server's memory stayed flat. Prints figures.
//
// Usage: npm run soak -- [--minutes 10] [--rate 200] [--batch 10]
//   --rate is calls per second, sent as batches of --batch calls.
// Needs `npm run build` first. Database: DATABASE_URL's server (a scratch database named
// faultline_soak_* is created and dropped), else an embedded one in a temp folder.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { startEmbeddedPostgres } from "../lib/db/embedded";
import { parseEnv } from "../lib/env";
import { freePort, startAppServer } from "../test/helpers/app-server";

const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: "10" },
    rate: { type: "string", default: "200" },
    batch: { type: "string", default: "10" },
  },
});
const minutes = Number(values.minutes);
const rate = Number(values.rate);
const batchSize = Number(values.batch);
const KEY = "flk_soak_key_000000000000000000000000";

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
}

async function main(): Promise<number> {
  const adminUrl = parseEnv(process.env).DATABASE_URL;
  const dataDir = mkdtempSync(path.join(tmpdir(), "faultline-soak-"));
  let databaseUrl: string;
  let cleanup: () => Promise<void>;
  if (adminUrl) {
    const name = `faultline_soak_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    cleanup = async () => {
      await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`);
      await admin.end();
    };
  } else {
    const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: "soak" });
    databaseUrl = embedded.url;
    cleanup = () => embedded.stop();
  }
  const app = await startAppServer({
    DATABASE_URL: databaseUrl,
    FAULTLINE_INIT_INGEST_KEY: KEY,
    FAULTLINE_INGEST_RATE_PER_SECOND: "0",
  });
  const pid = app.process.pid!;
  const statuses = new Map<number, number>();
  const acknowledged: string[] = [];
  const latencies: number[] = [];
  const memory: number[] = [];
  const started = Date.now();
  const end = started + minutes * 60_000;
  const intervalMs = (1000 * batchSize) / rate;
  let sequence = 0;
  const inFlight = new Set<Promise<void>>();
  console.log(`soak: ${rate} calls/s in batches of ${batchSize} for ${minutes} min against ${app.url}`);
  try {
    let nextSend = Date.now();
    let nextReport = Date.now() + 30_000;
    while (Date.now() < end) {
      const calls = Array.from({ length: batchSize }, () => {
        const id = `soak-${sequence++}`;
        const failing = sequence % 5 === 0;
        return {
          id,
          server: `server-${sequence % 4}`,
          tool: `tool-${sequence % 7}`,
          sessionId: `s-${sequence % 300}`,
          isError: failing,
          text: failing ? "Payment required" : "ok",
          errorCode: failing ? "payment_required" : undefined,
        };
      });
      const sentAt = performance.now();
      const request = fetch(`${app.url}/api/v1/calls`, {
        method: "POST",
        headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
        body: JSON.stringify({ calls }),
      })
        .then(async (response) => {
          await response.text();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status === 200) acknowledged.push(...calls.map((call) => call.id));
          latencies.push(performance.now() - sentAt);
        })
        .catch(() => {
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
        });
      inFlight.add(request);
      void request.finally(() => inFlight.delete(request));
      if (Date.now() >= nextReport) {
        memory.push(rssMb(pid));
        console.log(
          `  ${Math.round((Date.now() - started) / 1000)} s: ${acknowledged.length} acknowledged, RSS ${memory.at(-1)!.toFixed(0)} MB, ${inFlight.size} in flight`,
        );
        nextReport += 30_000;
      }
      nextSend += intervalMs;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextSend - Date.now())));
    }
    await Promise.all(inFlight);
    memory.push(rssMb(pid));

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM calls WHERE id = ANY($1::text[])`,
      [acknowledged],
    );
    await client.end();
    const stored = Number(rows[0]!.n);
    const serverErrors = [...statuses]
      .filter(([status]) => status >= 500 || status === 0)
      .reduce((sum, [, count]) => sum + count, 0);
    latencies.sort((a, b) => a - b);
    const p = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
    const firstHalf = memory.slice(0, Math.max(1, Math.floor(memory.length / 2)));
    const secondHalf = memory.slice(Math.floor(memory.length / 2));
    const average = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;
    const growth = average(secondHalf) - average(firstHalf);
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `sent ${sequence} calls in ${seconds.toFixed(0)} s (${(sequence / seconds).toFixed(0)} calls/s); statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    console.log(
      `acknowledged ${acknowledged.length}, stored ${stored}; request latency p50 ${p(0.5)} ms, p99 ${p(0.99)} ms`,
    );
    console.log(
      `server RSS samples (MB): ${memory.map((value) => value.toFixed(0)).join(" ")}; second half minus first half ${growth.toFixed(1)} MB`,
    );
    const ok = stored === acknowledged.length && serverErrors === 0 && growth < 50;
    console.log(ok ? "PASS: acknowledged == stored, no 5xx, memory flat" : "FAIL");
    return ok ? 0 : 1;
  } finally {
    await app.stop();
    await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
