import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchBrowser, screenshot, signIn } from "../helpers/browser";
import { startDashboardApp, type DashboardApp } from "../helpers/dashboard-app";

// Where a call came from, on the pages: Activity's Route column and filter, the call page's
// observations (one call, each route's report of it), and the call found by any report's id.

const KEY = "flk_routes_pages_key_00000000000000";
const ADMIN = { email: "admin@routes.test", password: "routes pages password" };
let dashboard: DashboardApp;
let browser: Browser;

beforeAll(async () => {
  [dashboard, browser] = await Promise.all([
    startDashboardApp("routes_pages", { key: KEY, admin: ADMIN }),
    launchBrowser(),
  ]);
  const now = Date.now();
  const request = {
    server: "crm",
    tool: "lookup_lead",
    requestId: 7,
    traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
    argumentsHash: "a1",
    serverInfoName: "crm-server",
  };
  const response = await dashboard.postCalls({
    calls: [
      // The client gave up after 300 ms; the wire saw its cancellation; the server went on and
      // its tool threw.
      {
        ...request,
        id: "rep-1",
        route: "reporter",
        occurredAt: new Date(now - 5000).toISOString(),
        durationMs: 310,
        clientError: { name: "McpError", code: -32001, message: "MCP error -32001: Request timed out" },
      },
      {
        ...request,
        id: "prx-1",
        route: "proxy-stdio",
        agent: "claude-ai/0.1.0",
        occurredAt: new Date(now - 4999).toISOString(),
        durationMs: 305,
        transportError: "cancelled",
        clientError: { message: "McpError: MCP error -32001: Request timed out" },
      },
      {
        ...request,
        id: "srv-1",
        route: "server",
        server: "crm-server",
        occurredAt: new Date(now - 4998).toISOString(),
        durationMs: 900,
        response: {
          jsonrpc: "2.0",
          id: 7,
          result: { isError: true, content: [{ type: "text", text: "lead 9 is locked by another agent" }] },
        },
        serverError: {
          name: "LeadLockedError",
          code: "lead_locked",
          message: "lead 9 is locked by another agent",
        },
      },
      {
        id: "plain-1",
        server: "docs",
        tool: "parse",
        response: {
          jsonrpc: "2.0",
          id: 1,
          result: { content: [{ type: "text", text: "Error: could not parse" }] },
        },
      },
    ],
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { accepted: number; calls: { id: string; callId?: string }[] };
  // Four reports accepted; three of them are one call.
  expect(body.accepted).toBe(4);
  expect(body.calls.map((call) => call.callId ?? call.id)).toEqual(["rep-1", "rep-1", "rep-1", "plain-1"]);
});
afterAll(async () => {
  await browser?.close();
  await dashboard?.stop();
});

it.each([
  [1280, 900],
  [390, 844],
])("at %i px: the call page lists each route's report, found by any of their ids", async (width, height) => {
  const page = await (await browser.newContext({ viewport: { width, height } })).newPage();
  await signIn(page, dashboard.app.url, ADMIN.email, ADMIN.password);
  await page.goto(`${dashboard.app.url}/calls/srv-1`, { waitUntil: "networkidle" });
  const observations = page.getByTestId("observation");
  await expect.poll(() => observations.count()).toBe(3);
  expect(await page.getByTestId("observation-route").allInnerTexts()).toEqual([
    "reporter",
    "proxy (stdio)",
    "server",
  ]);
  const text = await page.locator("main").innerText();
  expect(text).toContain("threw LeadLockedError (lead_locked)");
  expect(text).toContain("Seen by 3 routes");
  // The call's verdict is what the agent saw: a timeout, not the server's late error.
  expect(await page.getByTestId("call-text").innerText()).toBe("MCP error -32001: Request timed out");
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await screenshot(page, `call-observations-${width}`);
  await page.close();
});

it("Activity: a Route column, and a route filter with its chip", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(page, dashboard.app.url, ADMIN.email, ADMIN.password);
  await page.goto(`${dashboard.app.url}/calls`, { waitUntil: "networkidle" });
  // Off by default (the table fits 1280 px without it): shown from the Columns menu.
  expect(await page.getByTestId("call-routes").count()).toBe(0);
  await page.getByText("Columns", { exact: true }).click();
  await page.getByRole("checkbox", { name: "Route" }).check();
  const routes = await page.getByTestId("call-routes").allInnerTexts();
  expect(routes.sort()).toEqual(["proxy (stdio)\nreporter\nserver", "webhook"]);
  // A view filtered by route shows it, whatever the saved columns say.
  await page.evaluate(() => window.localStorage.removeItem("faultline.activity.columns"));
  await page.goto(`${dashboard.app.url}/calls?route=server`, { waitUntil: "networkidle" });
  expect(await page.getByTestId("call-routes").allInnerTexts()).toEqual(["proxy (stdio)\nreporter\nserver"]);
  expect(await page.locator("main").innerText()).toMatch(/Route:\s*server/);
  await screenshot(page, "activity-route-filter");
  await page.close();
});
