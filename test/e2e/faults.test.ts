import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../../lib/db/embedded";
import { freePort, startAppServer, type AppServer } from "../helpers/app-server";

// Faults against a real PostgreSQL server this test starts and stops itself: the webhook
// must answer 503 + Retry-After while it is down, lose no acknowledged call, and recover
// without a restart; a process killed in the middle of a batch must leave no partial batch.

const KEY = "flk_faults_test_key_0000000000000000";
const dataDir = mkdtempSync(path.join(tmpdir(), "faultline-faults-"));
let pgPort: number;
let database: EmbeddedDatabase;
let app: AppServer | undefined;

const startDatabase = async () => {
  database = await startEmbeddedPostgres({ dataDir, port: pgPort, database: "faults" });
};

beforeAll(async () => {
  pgPort = await freePort();
  await startDatabase();
});
afterAll(async () => {
  await app?.stop("SIGKILL");
  await database?.stop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

async function storedIds(prefix: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>("SELECT id FROM calls WHERE id LIKE $1", [
      `${prefix}%`,
    ]);
    return new Set(rows.map((row) => row.id));
  } finally {
    await client.end();
  }
}

function batch(prefix: string, start: number, size: number) {
  return {
    calls: Array.from({ length: size }, (_, offset) => ({
      id: `${prefix}${start + offset}`,
      server: "s",
      tool: "t",
      isError: false,
      text: "ok",
    })),
  };
}

async function post(body: unknown): Promise<Response> {
  return fetch(`${app!.url}/api/v1/calls`, {
    method: "POST",
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("faults", () => {
  it("answers 503 with Retry-After while PostgreSQL is down, loses no acknowledged call, and recovers without a restart", async () => {
    app = await startAppServer({
      DATABASE_URL: database.url,
      FAULTLINE_INIT_INGEST_KEY: KEY,
      FAULTLINE_INGEST_RATE_PER_SECOND: "0",
    });
    const acknowledged = new Set<string>();
    const statuses = new Map<number, number>();
    let retryAfterOk = true;
    let sent = 0;
    let running = true;
    const load = (async () => {
      while (running) {
        const body = batch("load-", sent, 20);
        sent += 20;
        const response = await post(body).catch(() => undefined);
        const status = response?.status ?? 0;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status === 200) for (const call of body.calls) acknowledged.add(call.id);
        if (status === 503 && !response?.headers.get("retry-after")) retryAfterOk = false;
        await response?.text();
      }
    })();

    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await database.stop();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const duringOutage = statuses.get(503) ?? 0;
    await startDatabase();
    // Recovery: within a few seconds the same app instance accepts calls again.
    const recoveredBy = Date.now() + 15_000;
    let recovered = false;
    while (Date.now() < recoveredBy && !recovered) {
      const probe = await post(batch("probe-", Date.now(), 1));
      recovered = probe.status === 200;
      await probe.text();
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    running = false;
    await load;

    console.log(
      `faults: ${sent / 20} batches, statuses ${JSON.stringify(Object.fromEntries(statuses))}, ${acknowledged.size} calls acknowledged`,
    );
    expect(duringOutage).toBeGreaterThan(0);
    expect(retryAfterOk).toBe(true);
    const output = app.output();
    const at = output.indexOf("unexpected error");
    const unexpected = at === -1 ? [] : [output.slice(at, at + 1500)];
    expect(
      [...statuses.keys()].filter((status) => status !== 200 && status !== 503),
      unexpected.join("\n"),
    ).toEqual([]);
    expect(recovered).toBe(true);
    const stored = await storedIds("load-");
    expect([...acknowledged].filter((id) => !stored.has(id))).toEqual([]);
    await app.stop();
    app = undefined;
  }, 120_000);

  it("leaves no partial batch when the process is killed in the middle of one", async () => {
    for (const delayMs of [5, 40, 120, 250]) {
      app = await startAppServer({
        DATABASE_URL: database.url,
        FAULTLINE_INIT_INGEST_KEY: KEY,
        FAULTLINE_INGEST_RATE_PER_SECOND: "0",
      });
      const prefix = `kill-${delayMs}-`;
      const inFlight = post(batch(prefix, 0, 1_000)).then(
        (response) => response.status,
        () => 0,
      );
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await app.stop("SIGKILL");
      app = undefined;
      const status = await inFlight;
      const stored = (await storedIds(prefix)).size;
      expect([0, 1_000], `killed after ${delayMs} ms (answer ${status})`).toContain(stored);
      if (status === 200) expect(stored).toBe(1_000);
    }
  }, 120_000);
});
