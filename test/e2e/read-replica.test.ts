import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { launchBrowser, screenshot, signIn } from "../helpers/browser";
import { startReplicaPair, type ReplicaPair } from "../helpers/replica";
import { textResult, toolErrorResult } from "../fixtures/jsonrpc";

// The built app with FAULTLINE_READ_DATABASE_URL pointing at a real streaming replica of its
// DATABASE_URL (test/helpers/replica.ts: a primary and a hot standby of PostgreSQL 15 made for
// this file, removed after). What a user relies on: pages and the read API come from the
// replica; ingest, sign-in, settings and every write reach the primary (the standby refuses
// writes, so any of them landing there would fail); what they just did is what they see; a
// replica that is behind or gone is not read, and /metrics, the log and Settings say so.

const KEY = "flk_read_replica_e2e_key_00000000000";
const ADMIN = { email: "admin@example.test", password: "correct horse battery" };
const METRICS_TOKEN = "metrics-token-read-replica-000000000000";
const MAX_LAG_SECONDS = 6;

let pair: ReplicaPair;
let app: AppServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

const post = (body: unknown) =>
  fetch(`${app.url}/api/v1/calls`, {
    method: "POST",
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const read = (path: string) => fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${KEY}` } });
const scrape = async () =>
  (await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
const gauge = (text: string, name: string) => {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
};

async function until(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function signedIn(): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, app.url, ADMIN.email, ADMIN.password);
  return page;
}

/** The app's connections as the given server sees them, by application_name, with their last query. */
async function activity(on: "primary" | "replica") {
  const sql =
    "SELECT application_name AS name, query FROM pg_stat_activity WHERE application_name LIKE 'faultline%'";
  return on === "primary"
    ? pair.onPrimary<{ name: string; query: string }>(sql)
    : pair.onReplica<{ name: string; query: string }>(sql);
}

beforeAll(async () => {
  pair = await startReplicaPair();
  try {
    app = await startAppServer({
      DATABASE_URL: pair.primaryUrl,
      FAULTLINE_READ_DATABASE_URL: pair.replicaUrl,
      FAULTLINE_READ_REPLICA_MAX_LAG_SECONDS: String(MAX_LAG_SECONDS),
      FAULTLINE_INIT_INGEST_KEY: KEY,
      FAULTLINE_ADMIN_EMAIL: ADMIN.email,
      FAULTLINE_ADMIN_PASSWORD: ADMIN.password,
      FAULTLINE_METRICS_TOKEN: METRICS_TOKEN,
    });
    browser = await launchBrowser();
  } catch (error) {
    await app?.stop();
    await pair.stop();
    throw error;
  }
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await browser?.close();
  await app?.stop();
  await pair?.stop();
});

describe("with the replica caught up", () => {
  it("ingest is written to the primary; the read API and pages are read from the replica", async () => {
    const calls = [
      ...Array.from({ length: 5 }, (_, index) => ({
        id: `ok-${index}`,
        server: "crm",
        tool: "lookup_lead",
        response: textResult(`lead ${index}`),
      })),
      ...Array.from({ length: 3 }, (_, index) => ({
        id: `pay-${index}`,
        server: "billing",
        tool: "charge",
        response: toolErrorResult("Payment required. Metered calls are paused.", "payment_required"),
      })),
    ];
    expect((await post({ calls })).status).toBe(200);
    expect(await pair.statementRuns("primary", "INSERT INTO calls")).toBeGreaterThan(0);
    await pair.caughtUp();
    await until(async () => gauge(await scrape(), "faultline_read_replica_lag_seconds") === 0);

    // Signed in first: a sign-in is a write, and that session's reads wait for the replica to have it.
    const page = await signedIn();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await pair.resetStatements();
    const listed = (await (await read("/api/v1/calls?limit=50")).json()) as { calls: { id: string }[] };
    expect(listed.calls.map((call) => call.id).sort()).toEqual(calls.map((call) => call.id).sort());
    expect((await read("/api/v1/stats")).status).toBe(200);
    await page.goto(`${app.url}/calls`, { waitUntil: "networkidle" });
    expect(await page.locator('[data-testid="call-row"]').count()).toBe(8);
    await page.goto(`${app.url}/`, { waitUntil: "networkidle" });

    // The standby ran the reads (the list query of the API and the page, the rollups of the
    // stats and the Overview); the primary ran none of them.
    const LIST = "FROM calls WHERE";
    const ROLLUPS = "FROM (outcome|tool)_rollups";
    expect(await pair.statementRuns("replica", LIST)).toBeGreaterThanOrEqual(2);
    expect(await pair.statementRuns("replica", ROLLUPS)).toBeGreaterThanOrEqual(2);
    expect(await pair.statementRuns("primary", LIST)).toBe(0);
    expect(await pair.statementRuns("primary", ROLLUPS)).toBe(0);
    // Sessions and keys were looked up on the primary: the standby was asked nothing about them.
    expect(await pair.statementRuns("primary", "(sessions|api_keys)")).toBeGreaterThan(0);
    expect(await pair.statementRuns("replica", "(sessions|api_keys)")).toBe(0);
    // And the connections that ran them were the replica pool's.
    const onReplica = await activity("replica");
    expect(onReplica.some((row) => row.name === "faultline-replica-reads")).toBe(true);
    expect(onReplica.some((row) => row.name === "faultline" || row.name === "faultline-reads")).toBe(false);

    const text = await scrape();
    expect(gauge(text, "faultline_read_replica_serving")).toBe(1);
    expect(text).toMatch(/faultline_reads_routed_total\{target="replica",reason="replica"\} [1-9]/);
  });

  it("Settings tells an admin the replica is serving and how far behind it is", async () => {
    const page = await signedIn();
    await pair.resetStatements();
    await page.goto(`${app.url}/settings`, { waitUntil: "networkidle" });
    await expect(page.locator('[data-testid="read-replica-status"]').textContent()).resolves.toMatch(
      /Serving dashboard and read-API reads, \d+\.\d s behind the primary \(bound 6 s\)/,
    );
    // Settings itself (projects, keys) is read from the primary.
    expect(await pair.statementRuns("primary", "(projects|api_keys)")).toBeGreaterThan(0);
    expect(await pair.statementRuns("replica", "(projects|api_keys)")).toBe(0);
    await screenshot(page, "read-replica-settings-serving");
  });
});

describe("with the replica behind (replay paused)", () => {
  let writer: Page;
  let someone: Page;
  let signaturePath: string;

  beforeAll(async () => {
    // Both signed in (a sign-in is a write too) while the replica is caught up, then it stops replaying.
    [writer, someone] = [await signedIn(), await signedIn()];
    await writer.goto(`${app.url}/failures?range=24h`, { waitUntil: "networkidle" });
    await writer.locator('[data-testid="signature-link"]', { hasText: "billing / charge" }).click();
    await writer.waitForURL(/\/failures\/[0-9a-f]+/, { waitUntil: "networkidle" });
    signaturePath = new URL(writer.url()).pathname;
    await pair.caughtUp();
    // Past the sign-ins' own read-your-writes wait (a check or two, and the clock margin).
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await pair.onReplica("SELECT pg_wal_replay_pause()");
  });
  afterAll(async () => {
    await pair.onReplica("SELECT pg_wal_replay_resume()").catch(() => {});
  });

  it("the user who resolved a signature sees it resolved, at once and on the next pages; someone else reads the replica's older state within the bound", async () => {
    await writer.getByRole("button", { name: "Resolve" }).click();
    await writer.locator('[data-testid="signature-status"]', { hasText: "resolved" }).first().waitFor();
    // A fresh page load (a GET, not the action's own answer): still the primary, by the cookie.
    await writer.goto(`${app.url}${signaturePath}`, { waitUntil: "networkidle" });
    await expect(writer.locator('[data-testid="signature-status"]').first().textContent()).resolves.toBe(
      "resolved",
    );
    await writer.goto(`${app.url}/failures?range=24h&status=resolved`, { waitUntil: "networkidle" });
    expect(
      await writer.locator('[data-testid="signature-link"]', { hasText: "billing / charge" }).count(),
    ).toBe(1);

    // Another session, within the bound: the replica, which has not replayed the resolve yet.
    await someone.goto(`${app.url}${signaturePath}`, { waitUntil: "networkidle" });
    await expect(someone.locator('[data-testid="signature-status"]').first().textContent()).resolves.toBe(
      "open",
    );
    expect(gauge(await scrape(), "faultline_read_replica_serving")).toBe(1);
  });

  it("a call acknowledged while the replica is behind is found by id, not a 404", async () => {
    expect(
      (await post({ id: "fresh-1", server: "crm", tool: "lookup_lead", response: textResult("x") })).status,
    ).toBe(200);
    const response = await read("/api/v1/calls/fresh-1");
    expect(response.status).toBe(200);
    await expect(response.json()).resolves.toMatchObject({ id: "fresh-1" });
  });

  it("past the bound, everyone reads the primary: the resolve is shown, and /metrics, the log and Settings say the replica is not serving", async () => {
    await until(async () => gauge(await scrape(), "faultline_read_replica_serving") === 0, 30_000);
    await someone.goto(`${app.url}${signaturePath}`, { waitUntil: "networkidle" });
    await expect(someone.locator('[data-testid="signature-status"]').first().textContent()).resolves.toBe(
      "resolved",
    );
    const text = await scrape();
    expect(gauge(text, "faultline_read_replica_lag_seconds")).toBeGreaterThan(MAX_LAG_SECONDS);
    expect(text).toContain('faultline_read_replica_state{state="lagging"} 1');
    expect(app.output()).toMatch(
      /read replica \S+ \d+\.\d s behind the primary, over FAULTLINE_READ_REPLICA_MAX_LAG_SECONDS=6/,
    );
    await someone.goto(`${app.url}/settings`, { waitUntil: "networkidle" });
    await expect(someone.locator('[data-testid="read-replica-status"]').textContent()).resolves.toMatch(
      /Not serving: \d+\.\d s behind the primary, over the 6 s bound/,
    );
    await screenshot(someone, "read-replica-settings-lagging");
  });
});

describe("with the replica gone", () => {
  it("pages and the read API are served from the primary; /metrics, the log and Settings say so", async () => {
    await until(async () => gauge(await scrape(), "faultline_read_replica_serving") === 1, 30_000);
    await pair.stopReplica();
    const page = await signedIn();
    for (const path of ["/", "/calls", "/failures?range=24h", "/tools"]) {
      const response = await page.goto(`${app.url}${path}`, { waitUntil: "networkidle" });
      expect(response?.status(), path).toBe(200);
    }
    expect(await page.locator("body").textContent()).not.toMatch(/Something went wrong/i);
    await page.goto(`${app.url}/calls`, { waitUntil: "networkidle" });
    expect(await page.locator('[data-testid="call-row"]').count()).toBe(9);
    const listed = (await (await read("/api/v1/calls?limit=50")).json()) as { calls: unknown[] };
    expect(listed.calls).toHaveLength(9);

    await until(async () => (await scrape()).includes('faultline_read_replica_state{state="down"} 1'));
    expect(gauge(await scrape(), "faultline_read_replica_serving")).toBe(0);
    expect(app.output()).toMatch(
      /read replica \S+ unreachable \(.+\): dashboard and read-API reads go to the primary/,
    );
    await page.goto(`${app.url}/settings`, { waitUntil: "networkidle" });
    await expect(page.locator('[data-testid="read-replica-status"]').textContent()).resolves.toMatch(
      /Not serving: unreachable/,
    );
  });
});
