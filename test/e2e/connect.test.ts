import { afterAll, beforeAll, expect, it } from "vitest";
import { launchBrowser, screenshot, signIn } from "../helpers/browser";
import { startDashboardApp, type DashboardApp } from "../helpers/dashboard-app";
import type { Browser } from "playwright-core";

// The Connect page as a member uses it: every way in with this instance's URL, a key made there
// filled into every snippet, the line that says when a call arrives — and the empty Overview
// pointing at it with this instance's URL, never localhost:3000.

const KEY = "flk_connect_test_key_0000000000000";
const ADMIN = { email: "admin@connect.test", password: "connect test password" };
let dashboard: DashboardApp;
let browser: Browser;

beforeAll(async () => {
  [dashboard, browser] = await Promise.all([
    startDashboardApp("connect", { key: KEY, admin: ADMIN }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await dashboard?.stop();
});

it("the empty Overview points at Connect, with this instance's URL", async () => {
  const page = await browser.newPage();
  await signIn(page, dashboard.app.url, ADMIN.email, ADMIN.password);
  await page.goto(`${dashboard.app.url}/`, { waitUntil: "networkidle" });
  await expect.poll(() => page.getByRole("link", { name: /Connect a server/ }).count()).toBe(1);
  const text = await page.locator("main").innerText();
  expect(text).toContain(`${new URL(dashboard.app.url).origin}/api/v1/calls`);
  expect(text).not.toContain("localhost:3000");
  await page.close();
});

it.each([
  [1280, 800],
  [390, 844],
])(
  "at %i px: snippets for this instance, a key made there in every one, and a line when the first call arrives",
  async (width, height) => {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await signIn(page, dashboard.app.url, ADMIN.email, ADMIN.password);
    const origin = new URL(dashboard.app.url).origin;

    await page.goto(`${dashboard.app.url}/settings/connect`, { waitUntil: "networkidle" });
    for (const id of ["desktop", "remote", "client", "server", "otel", "webhook"]) {
      expect(await page.getByTestId(`connect-${id}`).innerText(), id).toContain(origin);
    }
    const firstCall = page.getByTestId("first-call");
    // Before any call (the first run), and the latest one after.
    await expect.poll(() => firstCall.innerText()).toMatch(/No call has arrived yet|Calls are arriving/);
    expect(await page.locator("main").innerText()).toContain("flk_…");

    await page.getByRole("button", { name: "Create an ingest key" }).click();
    const madeKey = (await page.getByTestId("connect-key").innerText()).trim();
    expect(madeKey).toMatch(/^flk_[\w-]{20,}/);
    const text = await page.locator("main").innerText();
    expect(text).not.toContain("flk_…");
    expect(text.split(madeKey).length - 1).toBeGreaterThanOrEqual(6);

    // A call sent with the key made here: the page says so without a reload.
    const sent = await fetch(`${dashboard.app.url}/api/v1/calls`, {
      method: "POST",
      headers: { authorization: `Bearer ${madeKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        server: "crm",
        tool: `lookup_${width}`,
        isError: true,
        text: "Error: lead not found",
      }),
    });
    expect(sent.status).toBe(200);
    await expect
      .poll(() => firstCall.innerText(), { timeout: 10_000 })
      .toMatch(new RegExp(`crm / lookup_${width}`));

    // No sideways scrolling: long snippets scroll inside their own box.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await screenshot(page, `connect-${width}`);
    await context.close();
  },
);
