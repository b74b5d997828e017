import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLEET_PAGE_SIZE } from "../../lib/insight/fleet";
import { MAX_FILTER_OPTIONS } from "../../lib/queries/breakdowns";
import { launchBrowser, screenshot, signIn } from "../helpers/browser";
import { startDashboardApp, type DashboardApp } from "../helpers/dashboard-app";
import { signInByForm } from "../helpers/forms";

// One ingest key naming 2,000 servers with 200-character names (the red team's attack: /servers
// became 20 MB and took 1.7-3.2 s, and three viewers at once held /login for 4-6 s). The page and
// the API are pages, bounded in bytes whatever the number of servers.

const ADMIN = { email: "admin@example.test", password: "correct horse battery" };
const KEY = "flk_many_servers_00000000000000000";
const SERVERS = 2_000;
/** What /servers may grow by from one server to a full page: 50 rows of 200-character names (~10 KB each, HTML and its RSC payload). */
const ONE_PAGE_BYTES = 600_000;
/** …and from 200 servers to 2,000: nothing but wider counts. */
const NO_GROWTH_BYTES = 5_000;
/** A page with the server menu at its fullest (MAX_FILTER_OPTIONS names of 200 characters) and its own page of rows. */
const MENU_PAGE_BYTES = 700_000;

let dashboard: DashboardApp;
let browser: Browser;
let cookie = "";

const serverName = (n: number) => `srv-${String(n).padStart(4, "0")}-${"x".repeat(191)}`;

async function seed(from: number, to: number): Promise<void> {
  for (let start = from; start < to; start += 1_000) {
    const calls = Array.from({ length: Math.min(1_000, to - start) }, (_, i) => ({
      server: serverName(start + i),
      tool: "lookup",
      isError: (start + i) % 3 === 0,
      text: (start + i) % 3 === 0 ? "Error: upstream failed" : "ok",
    }));
    const response = await dashboard.postCalls({ calls });
    expect(response.status).toBe(200);
  }
}

async function timedGet(path: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await fetch(`${dashboard.app.url}${path}`, { headers });
  const body = await response.text();
  return { status: response.status, bytes: Buffer.byteLength(body), ms: performance.now() - started, body };
}

const asAdmin = () => ({ cookie: `faultline_session=${cookie}` });

beforeAll(async () => {
  dashboard = await startDashboardApp("many_servers", { key: KEY, admin: ADMIN });
  cookie = (await signInByForm(dashboard.app.url, ADMIN.email, ADMIN.password)).cookie!;
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await dashboard?.stop();
});

describe("2,000 servers with long names", () => {
  it("/servers stays a page: its size does not grow with the servers, and /login is not held up", async () => {
    await seed(0, 1);
    await timedGet("/servers", asAdmin()); // warm the route
    const one = await timedGet("/servers", asAdmin());
    await seed(1, 200);
    const some = await timedGet("/servers", asAdmin());
    await seed(200, SERVERS);
    await timedGet("/servers", asAdmin());
    const many = await timedGet("/servers", asAdmin());
    expect(many.status).toBe(200);
    // Three viewers at once, and someone signing in meanwhile.
    const viewers = Promise.all([1, 2, 3].map(() => timedGet("/servers", asAdmin())));
    const login = await timedGet("/login");
    const views = await viewers;
    console.log(
      `/servers at 1 server: ${one.bytes} bytes, ${Math.round(one.ms)} ms; at 200: ${some.bytes} bytes; ` +
        `at ${SERVERS}: ${many.bytes} bytes, ` +
        `${Math.round(many.ms)} ms; three viewers at once ${views.map((v) => Math.round(v.ms)).join("/")} ms, ` +
        `/login meanwhile ${Math.round(login.ms)} ms`,
    );
    expect(some.bytes - one.bytes).toBeLessThan(ONE_PAGE_BYTES);
    expect(Math.abs(many.bytes - some.bytes)).toBeLessThan(NO_GROWTH_BYTES);
    expect(many.body.match(/data-testid="fleet-row"/g)).toHaveLength(FLEET_PAGE_SIZE);
    expect(login.status).toBe(200);
  }, 120_000);

  it("no other page grows with the servers either: their server menus offer the busiest 200", async () => {
    // Measured after the 2,000 are in; against the same pages with 200 servers they may differ only
    // by which 200 names the menus hold (all of one length here) and wider counts.
    const sizes: string[] = [];
    for (const path of ["/", "/calls", "/tools", "/failures", "/codes", "/suspicious"]) {
      const page = await timedGet(path, asAdmin());
      expect(page.status, path).toBe(200);
      sizes.push(`${path} ${page.bytes} bytes`);
      // 200 options of 200 characters, each in the HTML and its RSC payload: well under a megabyte.
      expect(page.bytes, path).toBeLessThan(MENU_PAGE_BYTES);
      expect(page.body.match(/<option value="srv-/g)?.length ?? 0, path).toBeLessThanOrEqual(
        MAX_FILTER_OPTIONS,
      );
    }
    console.log(`at ${SERVERS} servers: ${sizes.join(", ")}`);
  }, 60_000);

  it("the API pages through every server with a cursor, each page bounded, and says how many", async () => {
    const headers = { authorization: `Bearer ${KEY}` };
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    let largest = 0;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : "";
      const page = await timedGet(`/api/v1/servers?limit=500${query}`, headers);
      expect(page.status).toBe(200);
      const body = JSON.parse(page.body) as {
        servers: { server: string }[];
        total: number;
        nextCursor: string | null;
      };
      expect(body.total).toBe(SERVERS);
      expect(body.servers.length).toBeLessThanOrEqual(500);
      for (const row of body.servers) seen.add(row.server);
      largest = Math.max(largest, page.bytes);
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    console.log(`/api/v1/servers: ${pages} pages of at most 500, the largest ${largest} bytes`);
    expect(pages).toBe(4);
    expect(seen.size).toBe(SERVERS);
    const first = JSON.parse((await timedGet("/api/v1/servers", headers)).body) as { servers: unknown[] };
    expect(first.servers).toHaveLength(100);
    const searched = JSON.parse((await timedGet(`/api/v1/servers?q=srv-1234`, headers)).body) as {
      servers: { server: string }[];
    };
    expect(searched.servers.map((row) => row.server)).toEqual([serverName(1234)]);
    const tooMany = await timedGet("/api/v1/servers?limit=501", headers);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toContain("limit");
    const tampered = await timedGet("/api/v1/servers?cursor=bm90LWEtY3Vyc29y", headers);
    expect(tampered.status).toBe(400);
    expect(tampered.body).toContain("cursor");
  }, 60_000);

  it("in a browser: a page of 50, the next page, and a server found by name", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, dashboard.app.url, ADMIN.email, ADMIN.password);
    await page.goto(`${dashboard.app.url}/servers`, { waitUntil: "networkidle" });
    const rows = page.locator('[data-testid="fleet-row"]');
    expect(await rows.count()).toBe(FLEET_PAGE_SIZE);
    expect(await page.getByTestId("pager-summary").textContent()).toBe(
      `${FLEET_PAGE_SIZE} of ${SERVERS.toLocaleString("en-US")} servers`,
    );
    await screenshot(page, "servers-many");
    const firstOnPageOne = await rows.first().textContent();
    await page.getByTestId("next-page").click();
    await page.waitForURL(/cursor=/, { waitUntil: "networkidle" });
    expect(await rows.count()).toBe(FLEET_PAGE_SIZE);
    expect(await rows.first().textContent()).not.toBe(firstOnPageOne);
    await page.getByLabel("Search servers").fill("srv-1999");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/q=srv-1999/, { waitUntil: "networkidle" });
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain("srv-1999");
    await screenshot(page, "servers-search");
    await context.close();
  }, 60_000);
});
