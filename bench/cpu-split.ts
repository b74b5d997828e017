// Where the CPU goes while single calls (or batches) are ingested: starts the built app on a
// fresh database, drives it with bench/load.ts, and reads /proc for the CPU time each party used
// over the run — the app's process (main thread and ingest workers), PostgreSQL's backends, and
// the load generator — against the machine's cores × seconds. Says whether a figure is bounded
// by CPU (the parties together near the machine's capacity) or by waiting.
//   npx tsx bench/cpu-split.ts --batch 1 --concurrency 32 --seconds 15
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { applyMigrations } from "../lib/db/migrate";
import { connect } from "../lib/db/connect";
import { startAppServer } from "../test/helpers/app-server";
import { createDatabase, dropDatabase, report, round } from "./lib";

const { values } = parseArgs({
  options: {
    batch: { type: "string", default: "1" },
    concurrency: { type: "string", default: "32" },
    seconds: { type: "string", default: "15" },
  },
});
const KEY = "flk_bench_key_00000000000000000000000";
const TICK = 100; // USER_HZ on Linux

/** utime + stime of every thread of a process, in seconds. */
function processCpu(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICK;
  } catch {
    return 0;
  }
}

function postgresPids(): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, "utf8").trim().startsWith("postgres");
      } catch {
        return false;
      }
    });
}

function snapshot(pids: number[]): Map<number, number> {
  return new Map(pids.map((pid) => [pid, processCpu(pid)]));
}

function used(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, cpu] of after) total += cpu - (before.get(pid) ?? 0);
  return total;
}

async function main() {
  const database = await createDatabase("cpusplit");
  const pool = connect(database.url, { write: 2, read: 1, readTimeoutMs: 60_000 });
  await applyMigrations(pool.pool);
  await pool.close();
  const app = await startAppServer({
    DATABASE_URL: database.url,
    FAULTLINE_INIT_INGEST_KEY: KEY,
    FAULTLINE_INGEST_RATE_PER_SECOND: "0",
    NODE_ENV: "production",
  });
  try {
    const load = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "bench/load.ts",
        "--url",
        `${app.url}/api/v1/calls`,
        "--key",
        KEY,
        "--batch",
        values.batch!,
        "--concurrency",
        values.concurrency!,
        "--seconds",
        values.seconds!,
        "--warmup",
        "2",
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let output = "";
    load.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    await new Promise((resolve) => setTimeout(resolve, 3000)); // start-up and warm-up
    const pg0 = snapshot(postgresPids());
    const app0 = processCpu(app.process.pid!);
    const load0 = processCpu(load.pid!);
    const wall0 = performance.now();
    const idle0 = os.cpus().reduce((sum, cpu) => sum + cpu.times.idle, 0);
    await new Promise((resolve) => setTimeout(resolve, (Number(values.seconds) - 2) * 1000));
    const wall = (performance.now() - wall0) / 1000;
    const idle = (os.cpus().reduce((sum, cpu) => sum + cpu.times.idle, 0) - idle0) / 1000;
    const pgCpu = used(pg0, snapshot(postgresPids()));
    const appCpu = processCpu(app.process.pid!) - app0;
    const loadCpu = processCpu(load.pid!) - load0;
    await new Promise((resolve) => load.once("exit", resolve));
    const figures = JSON.parse(output.trim().split("\n").at(-1)!) as Record<string, number>;
    const capacity = os.cpus().length * wall;
    const requests = figures.requestsPerSecond! * wall;
    report({
      ...figures,
      seconds: round(wall),
      cores: os.cpus().length,
      cpuShare: {
        app: round(appCpu / capacity, 2),
        postgres: round(pgCpu / capacity, 2),
        loadGenerator: round(loadCpu / capacity, 2),
        idle: round(idle / capacity, 2),
      },
      cpuUsPerRequest: {
        app: round((appCpu / requests) * 1e6, 0),
        postgres: round((pgCpu / requests) * 1e6, 0),
        loadGenerator: round((loadCpu / requests) * 1e6, 0),
      },
    });
  } finally {
    await app.stop();
    await dropDatabase(database.name);
  }
}

void main();
