import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rpcError, textResult, toolErrorResult } from "../fixtures/jsonrpc";
import { launchBrowser, screenshot, signIn } from "../helpers/browser";
import { startDashboardApp, type DashboardApp } from "../helpers/dashboard-app";

// The server report card, the fleet table and a session's timeline as a member uses them, in the
// built app and real Chromium: each share on the card opens exactly as many calls as it counts, the
// fleet sorts, the card copies as the Markdown the download gives, a failing run tells its story —
// at 1280 and 390 px without sideways scrolling.

const KEY = "flk_insight_test_key_00000000000000";
const ADMIN = { email: "admin@insight.test", password: "insight test password" };
let dashboard: DashboardApp;
let browser: Browser;
const now = Date.now();
const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
const coded = (code: string, text: string) =>
  textResult(text, { isError: true, structuredContent: { error: { code, retryable: false } } });

beforeAll(async () => {
  [dashboard, browser] = await Promise.all([
    startDashboardApp("insight", { key: KEY, admin: ADMIN }),
    launchBrowser(),
  ]);
  const calls = [
    ...Array.from({ length: 30 }, (_, i) => ({
      id: `tidy-ok-${i}`,
      occurredAt: at(200 + i),
      server: "tidy",
      tool: "find",
      response: textResult("found"),
    })),
    ...Array.from({ length: 6 }, (_, i) => ({
      id: `tidy-err-${i}`,
      occurredAt: at(150 + i),
      server: "tidy",
      tool: "charge",
      response: coded("payment_required", `Payment required for order ${i}`),
    })),
    ...Array.from({ length: 8 }, (_, i) => ({
      id: `messy-ok-${i}`,
      occurredAt: at(120 + i),
      server: "messy",
      tool: "parse",
      response: textResult('{"pages": 3}'),
    })),
    ...Array.from({ length: 5 }, (_, i) => ({
      id: `messy-silent-${i}`,
      occurredAt: at(100 + i),
      server: "messy",
      tool: i % 2 ? "parse" : "summarise",
      response: textResult(`Error: could not parse document ${1000000 + i}`),
    })),
    ...Array.from({ length: 3 }, (_, i) => ({
      id: `messy-opaque-${i}`,
      occurredAt: at(90 + i),
      server: "messy",
      tool: "export",
      response: toolErrorResult("Operation failed"),
    })),
    {
      id: "messy-trace",
      occurredAt: at(85),
      server: "messy",
      tool: "export",
      response: toolErrorResult(
        "TypeError: x is undefined\n    at run (/srv/app/export.js:10:5)\n    at main (/srv/app/index.js:3:1)",
      ),
    },
    {
      id: "messy-internal",
      occurredAt: at(80),
      server: "messy",
      tool: "book",
      response: rpcError(-32603, "Invalid arguments: date must be YYYY-MM-DD"),
    },
    {
      id: "messy-unknown",
      occurredAt: at(79),
      server: "messy",
      tool: "nope",
      response: textResult("MCP error -32602: Tool nope not found", { isError: true }),
    },
    {
      id: "messy-secret",
      occurredAt: at(78),
      server: "messy",
      tool: "config",
      response: textResult("connected with password=hunter2hunter2"),
    },
    {
      id: "s-1",
      occurredAt: at(60),
      server: "tidy",
      tool: "refund",
      sessionId: "run-1",
      agent: "support-bot",
      argumentsHash: "a1",
      durationMs: 120,
      response: coded("outside_window", "Order outside the 45-day window"),
    },
    {
      id: "s-2",
      occurredAt: at(59),
      server: "tidy",
      tool: "refund",
      sessionId: "run-1",
      agent: "support-bot",
      argumentsHash: "a1",
      durationMs: 90,
      response: coded("outside_window", "Order outside the 45-day window"),
    },
    {
      id: "s-3",
      occurredAt: at(58),
      server: "messy",
      tool: "parse",
      sessionId: "run-1",
      agent: "support-bot",
      durationMs: 300,
      response: textResult('{"pages": 1}'),
    },
    {
      id: "s-4",
      occurredAt: at(57),
      server: "messy",
      tool: "export",
      sessionId: "run-1",
      agent: "support-bot",
      durationMs: 40,
      response: toolErrorResult("Operation failed"),
    },
  ];
  const response = await dashboard.postCalls({ calls });
  expect(response.status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await dashboard?.stop();
});

async function open(width: number, height: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: dashboard.app.url });
  const page = await context.newPage();
  await signIn(page, dashboard.app.url, ADMIN.email, ADMIN.password);
  return { context, page };
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe("server report card", () => {
  it("each share on the card opens exactly the calls it counts", async () => {
    const { context, page } = await open(1280, 800);
    await page.goto(`${dashboard.app.url}/servers/messy?range=24h`, { waitUntil: "networkidle" });
    const links = await page.getByTestId("share-link").evaluateAll((nodes) =>
      nodes.map((node) => ({
        href: node.getAttribute("href")!,
        count: Number(node.getAttribute("data-count")),
      })),
    );
    expect(links.length).toBeGreaterThan(12);
    expect(links.some((link) => link.count > 0)).toBe(true);
    for (const link of links) {
      await page.goto(`${dashboard.app.url}${link.href}`, { waitUntil: "networkidle" });
      const rows = await page.locator('[data-testid="call-row"]').count();
      expect(rows, link.href).toBe(link.count);
    }
    await context.close();
  });

  it("names the worst server and sorts the fleet by grade, by each measure and by name", async () => {
    const { context, page } = await open(1280, 800);
    await page.goto(`${dashboard.app.url}/servers?range=24h`, { waitUntil: "networkidle" });
    expect(await page.getByTestId("worst-server").innerText()).toMatch(
      /Worst error hygiene in this period: messy \(grade [DF]/,
    );
    const order = () =>
      page.getByTestId("fleet-row").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-server")));
    expect(await order()).toEqual(["messy", "tidy"]);
    await page.getByTestId("sort-calls").click();
    await page.waitForURL(/sort=calls/, { waitUntil: "networkidle" });
    expect(await order()).toEqual(["tidy", "messy"]);
    await page.getByTestId("sort-silent").click();
    await page.waitForURL(/sort=silent/, { waitUntil: "networkidle" });
    expect(await order()).toEqual(["messy", "tidy"]);
    await page.getByTestId("sort-silent").click();
    await page.waitForURL(/dir=asc/, { waitUntil: "networkidle" });
    expect(await order()).toEqual(["tidy", "messy"]);
    await page.getByTestId("sort-server").click();
    await page.waitForURL(/sort=server/, { waitUntil: "networkidle" });
    expect(await order()).toEqual(["messy", "tidy"]);
    await page.getByRole("link", { name: "messy" }).first().click();
    await page.waitForURL(/\/servers\/messy/, { waitUntil: "networkidle" });
    // The Overview's failures by server: a bar per server, each opening its card.
    await page.goto(`${dashboard.app.url}/?range=24h`, { waitUntil: "networkidle" });
    const chart = page.getByTestId("servers-chart");
    await chart.waitFor();
    const hrefs = await page
      .locator('a[href^="/servers/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs.some((href) => href!.startsWith("/servers/messy?"))).toBe(true);
    await context.close();
  });

  it("copies the card as the same Markdown the download gives", async () => {
    const { context, page } = await open(1280, 800);
    await page.goto(`${dashboard.app.url}/servers/messy?range=24h`, { waitUntil: "networkidle" });
    await page.getByTestId("copy-markdown").click();
    await expect.poll(() => page.getByTestId("copy-markdown").getAttribute("data-state")).toBe("copied");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^# Error hygiene report: `messy`/);
    expect(copied).toContain("Set isError: true on every failed tool result.");
    expect(copied).toContain("Error: could not parse document <n>");
    expect(copied).not.toContain("hunter2");
    const href = await page.getByTestId("download-markdown").getAttribute("href");
    const downloaded = await page.request.get(`${dashboard.app.url}${href}`);
    expect(downloaded.headers()["content-type"]).toMatch(/^text\/markdown/);
    expect(await downloaded.text()).toBe(copied);
    await context.close();
  });
});

describe("session timeline", () => {
  it("tells a failing run's story: first failure, a wasted retry, another tool, the end", async () => {
    const { context, page } = await open(1280, 800);
    await page.goto(`${dashboard.app.url}/calls/s-1`, { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "run-1" }).click();
    await page.waitForURL(/\/sessions\/run-1/, { waitUntil: "networkidle" });
    const calls = page.getByTestId("timeline-call");
    expect(await calls.evaluateAll((rows) => rows.map((row) => row.getAttribute("data-call")))).toEqual([
      "s-1",
      "s-2",
      "s-3",
      "s-4",
    ]);
    expect(await page.getByTestId("first-failure").innerText()).toMatch(
      /first failed at tidy \/ refund .*retried the same call — a wasted retry/,
    );
    expect(
      await page
        .getByTestId("next-move")
        .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-kind"))),
    ).toEqual(["retry", "other_tool", "end"]);
    expect(await page.getByTestId("session-ending").innerText()).toContain("on a failure");
    await calls.nth(3).getByRole("link").first().click();
    await page.waitForURL(/\/calls\/s-4/, { waitUntil: "networkidle" });
    await page.goto(`${dashboard.app.url}/sessions`, { waitUntil: "networkidle" });
    expect(await page.getByTestId("session-row").first().innerText()).toMatch(
      /run-1[\s\S]*4[\s\S]*3[\s\S]*on a failure[\s\S]*support-bot/,
    );
    await context.close();
  });

  it("shows each failure's text inline; the sessions list can show only the runs with a failure", async () => {
    const calm = {
      id: "calm-1",
      server: "calm",
      tool: "ping",
      sessionId: "run-calm",
      response: textResult("pong"),
    };
    expect((await dashboard.postCalls({ calls: [calm] })).status).toBe(200);
    const { context, page } = await open(1280, 800);
    await page.goto(`${dashboard.app.url}/sessions/run-1`, { waitUntil: "networkidle" });
    const texts = await page.getByTestId("timeline-text").allInnerTexts();
    expect(texts).toHaveLength(3);
    expect(texts[0]).toContain("Order outside the 45-day window");
    expect(texts[2]).toContain("Operation failed");

    await page.goto(`${dashboard.app.url}/sessions?range=24h`, { waitUntil: "networkidle" });
    const sessions = () =>
      page
        .getByTestId("session-row")
        .evaluateAll((rows) => rows.map((row) => row.querySelector("a")?.textContent));
    expect(await sessions()).toEqual(expect.arrayContaining(["run-1", "run-calm"]));
    await page.getByTestId("toggle-failed-sessions").click();
    await page.waitForURL(/failed=1/, { waitUntil: "networkidle" });
    expect(await sessions()).toEqual(["run-1"]);
    await screenshot(page, "insight-sessions-failed-only");
    await context.close();
  });

  it("Activity's Session column opens the session's timeline, not the call", async () => {
    const { context, page } = await open(1280, 800);
    await page.goto(`${dashboard.app.url}/calls?range=30d&tool=refund`, { waitUntil: "networkidle" });
    await page.getByText("Columns", { exact: true }).click();
    await page.getByLabel("Session").check();
    const row = page.locator('[data-testid="call-row"][data-call-id="s-1"]');
    await screenshot(page, "insight-activity-session-column");
    await row.getByTestId("session-link").click();
    await page.waitForURL(/\/sessions\/run-1$/, { waitUntil: "networkidle" });
    expect(await page.getByTestId("timeline-call").count()).toBe(4);
    await context.close();
  });
});

describe.each([
  [1280, 800],
  [390, 844],
])("at %i px", (width, height) => {
  it("the fleet, a card, the sessions and a session fit the screen", async () => {
    const { context, page } = await open(width, height);
    for (const [name, path] of [
      ["servers", "/servers?range=24h"],
      ["server-card", "/servers/messy?range=24h"],
      ["sessions", "/sessions?range=24h"],
      ["session", "/sessions/run-1"],
    ] as const) {
      await page.goto(`${dashboard.app.url}${path}`, { waitUntil: "networkidle" });
      expect(await noSidewaysScroll(page), `${name} at ${width}`).toBe(true);
      await screenshot(page, `insight-${name}-${width}`);
    }
    await context.close();
  });
});
