import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { changeSignatureStatus } from "../../lib/failures/lifecycle";
import type { AppServer } from "../helpers/app-server";
import { startDashboardApp, type DashboardApp } from "../helpers/dashboard-app";
import { launchBrowser, screenshot, signIn } from "../helpers/browser";
import { textResult, toolErrorResult } from "../fixtures/jsonrpc";

// The on-call questions, each answered in at most two clicks from the Overview, at a laptop's
// 1280×800 and a phone's 390×844 (a screenshot of each answer at both sizes).

const KEY = "flk_on_call_walk_key_000000000000000";
const ADMIN = { email: "oncall@example.test", password: "correct horse battery" };
const SIZES = [
  { name: "1280", width: 1280, height: 800 },
  { name: "390", width: 390, height: 844 },
] as const;

let dashboard: DashboardApp;
let app: AppServer;
let browser: Browser;

async function post(calls: Record<string, unknown>[]) {
  expect((await dashboard.postCalls({ calls })).status).toBe(200);
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

beforeAll(async () => {
  dashboard = await startDashboardApp("on_call", { key: KEY, admin: ADMIN });
  app = dashboard.app;
  const calls: Record<string, unknown>[] = [];
  // Yesterday: crm healthy. Today: crm's lookup fails a third of the time.
  for (let index = 0; index < 30; index++) {
    calls.push({
      id: `crm-yesterday-${index}`,
      occurredAt: minutesAgo(26 * 60 + index),
      server: "crm",
      tool: "lookup_lead",
      response: textResult(`lead ${index}`),
    });
    calls.push({
      id: `crm-today-${index}`,
      occurredAt: minutesAgo(90 + index),
      server: "crm",
      tool: "lookup_lead",
      sessionId: `session-${index % 4}`,
      response:
        index % 3 === 0
          ? toolErrorResult("Rate limit exceeded: 100 requests per minute", "rate_limited")
          : textResult(`lead ${index}`),
    });
  }
  // The worst tool right now: billing's charge, failing in the last hour.
  for (let index = 0; index < 12; index++) {
    calls.push({
      id: `charge-${index}`,
      occurredAt: minutesAgo(5 + index),
      server: "billing",
      tool: "charge",
      sessionId: `session-${index % 3}`,
      response: toolErrorResult("Payment required. Metered calls are paused.", "payment_required"),
    });
  }
  // Silent: an error returned as text.
  for (let index = 0; index < 3; index++) {
    calls.push({
      id: `parse-${index}`,
      occurredAt: minutesAgo(30 + index),
      server: "docs",
      tool: "parse_document",
      response: textResult("Error: could not parse document"),
    });
  }
  // A failure resolved last week.
  calls.push({
    id: "refund-old",
    occurredAt: minutesAgo(3 * 24 * 60),
    server: "billing",
    tool: "refund",
    response: toolErrorResult("Refund window closed for this order.", "refund_window_closed"),
  });
  calls.push({
    id: "the-call-from-a-log-line",
    occurredAt: minutesAgo(20),
    server: "crm",
    tool: "lookup_lead",
    response: textResult("lead 42"),
  });
  await post(calls);
  const { rows } = await dashboard.database.database.pool.query<{ project_id: string; signature: string }>(
    `SELECT project_id, signature FROM failure_signatures WHERE tool = 'refund'`,
  );
  await changeSignatureStatus(
    dashboard.database.database.pool,
    rows[0]!.project_id,
    rows[0]!.signature,
    { status: "resolved" },
    ADMIN.email,
  );
  // …and back today: a regression.
  await post([
    {
      id: "refund-again",
      server: "billing",
      tool: "refund",
      response: toolErrorResult("Refund window closed for this order.", "refund_window_closed"),
    },
  ]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await dashboard?.stop();
});

describe.each(SIZES)("on call at $name px", (size) => {
  let page: Page;
  let clicks = 0;
  const click = async (action: () => Promise<unknown>) => {
    clicks++;
    await action();
    await page.waitForLoadState("networkidle");
  };
  const fromOverview = async () => {
    clicks = 0;
    await page.goto(`${app.url}/?range=24h`, { waitUntil: "networkidle" });
  };
  /** A page from the main links: on a phone they are behind the Menu button (a click of its own). */
  const openFromNav = async (name: string) => {
    const menu = page.getByTestId("menu-button");
    if (await menu.isVisible()) await click(() => menu.click());
    await click(() =>
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).click(),
    );
  };
  const answered = async (question: string) => {
    expect(clicks, question).toBeLessThanOrEqual(2);
    await screenshot(page, `on-call-${size.name}-${question}`);
  };

  beforeAll(async () => {
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
    page = await context.newPage();
    await signIn(page, app.url, ADMIN.email, ADMIN.password);
  });

  it("1. which tool is failing most right now, and what does the agent see?", async () => {
    await fromOverview();
    await click(() => page.locator('[data-testid="tools-chart"] .recharts-bar-rectangle').first().click());
    await page.waitForURL(/tool=charge/);
    // A row of the table, or on a phone a card.
    await click(() =>
      page.locator('[data-testid="call-row"] a:visible, [data-testid="call-card"] a:visible').first().click(),
    );
    await expect(page.locator('[data-testid="call-text"]').textContent()).resolves.toContain(
      "Payment required",
    );
    await answered("1-worst-tool");
  });

  it("2. has anything new started failing today?", async () => {
    await fromOverview();
    const attention = page.locator('[data-testid="attention"]');
    await expect(attention.textContent()).resolves.toMatch(/new failures? in this period/);
    await click(() => attention.locator("li", { hasText: "NEW" }).first().locator("a").click());
    await page.waitForURL(/\/failures\/[0-9a-f]+/);
    await answered("2-new-today");
  });

  it("3. is server crm better or worse than yesterday?", async () => {
    await fromOverview();
    await click(() => page.getByLabel("Server").selectOption("crm"));
    await page.waitForURL(/server=crm/);
    // crm failed nothing yesterday and a third of its calls today: the tile says it rose.
    await expect(page.locator('[data-testid="tile-failure-rate"]').textContent()).resolves.toContain(
      "▲ from 0 in the previous period",
    );
    await answered("3-server-trend");
  });

  it("4. send the last hour's failures to a colleague", async () => {
    await fromOverview();
    await click(() => page.getByLabel("Time range").selectOption("1h"));
    await page.waitForURL(/range=1h/);
    await click(() => page.locator('[data-testid="tile-failure-rate"]').click());
    await page.waitForURL(/\/calls\?/);
    const shared = new URL(page.url());
    // The address bar already holds the exact hour, failures only: a link that stays true.
    expect(shared.searchParams.get("range")).toBe("custom");
    expect(Date.parse(shared.searchParams.get("to")!) - Date.parse(shared.searchParams.get("from")!)).toBe(
      3_600_000,
    );
    expect(shared.searchParams.getAll("outcome")).toContain("silent_failure");
    await answered("4-last-hour-failures");
  });

  it("5. find the call with this id from a log line", async () => {
    await fromOverview();
    // The header's search box is on every page (on a phone too): paste the id, Find.
    await page.getByLabel("Find a call id, session, error code or text").fill("the-call-from-a-log-line");
    await click(() => page.getByRole("button", { name: "Find", exact: true }).click());
    await page.waitForURL(/\/calls\/the-call-from-a-log-line$/);
    await answered("5-call-by-id");
  });

  it("6. did anything we resolved come back?", async () => {
    await fromOverview();
    const regressed = page.locator('[data-testid="attention"] li', { hasText: "regressed" });
    await expect(regressed.textContent()).resolves.toContain("billing / refund");
    await click(() => regressed.locator("a").click());
    await expect(page.locator('[data-testid="signature-history"]').textContent()).resolves.toContain(
      "resolved → regressed",
    );
    await answered("6-regressed");
  });

  it("7. which successes are really failures?", async () => {
    await fromOverview();
    await click(() => page.locator('[data-testid="tile-silent-failures"]').click());
    await page.waitForURL(/outcome=silent_failure/);
    await expect(page.locator('[data-testid="row-count"]').textContent()).resolves.toContain("3 calls");
    await answered("7-silent");
  });

  it("8. which error codes are we seeing, and can an agent retry them?", async () => {
    await fromOverview();
    await openFromNav("Error codes");
    const table = page.locator('[data-testid="codes-table"]');
    await expect(table.textContent()).resolves.toContain("rate_limited");
    await expect(table.textContent()).resolves.toContain("payment_required");
    // A code wraps after its separators when its column is narrow (a phone), never every few letters.
    const lines = await table
      .locator("code", { hasText: "payment_required" })
      .evaluate((code) => new Set([...code.getClientRects()].map((rect) => Math.round(rect.top))).size);
    expect(lines).toBeLessThanOrEqual(2);
    await answered("8-codes");
  });

  it("9. what should the agent do about the worst failure?", async () => {
    await fromOverview();
    await click(() =>
      page.locator('[data-testid="attention"] li', { hasText: "billing / charge" }).locator("a").click(),
    );
    await expect(page.locator('[data-testid="next-step"]').textContent()).resolves.toBe("Explain the policy");
    await answered("9-next-step");
  });

  it("10. which sessions did that failure hit?", async () => {
    await fromOverview();
    await click(() =>
      page.locator('[data-testid="attention"] li', { hasText: "billing / charge" }).locator("a").click(),
    );
    const sessions = page.locator('[data-testid="signature-sessions"]');
    for (const session of ["session-0", "session-1", "session-2"]) {
      await expect(sessions.textContent()).resolves.toContain(session);
    }
    await answered("10-sessions");
  });
});
