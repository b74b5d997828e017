import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { AppServer } from "../helpers/app-server";
import { startDashboardApp, type DashboardApp } from "../helpers/dashboard-app";
import { launchBrowser, screenshot, signIn } from "../helpers/browser";
import { rpcError, textResult, toolErrorResult } from "../fixtures/jsonrpc";

// The dashboard in real Chromium against the built app and a real PostgreSQL database.

const KEY = "flk_dashboard_test_key_0000000000000";
const ADMIN = { email: "admin@example.test", password: "correct horse battery" };
const XSS_IMG = `<img src=x onerror="window.__xss=(window.__xss||0)+1;alert(1)">`;
const XSS_SCRIPT = `<script>window.__xss=(window.__xss||0)+1;alert(1)</script>`;

let dashboard: DashboardApp;
let app: AppServer;
let browser: Browser;
let page: Page;
const dialogs: string[] = [];

function seedCalls() {
  const now = Date.now();
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
  const calls: Record<string, unknown>[] = [];
  // 70 successes so Activity has more than one page.
  for (let index = 0; index < 70; index++) {
    calls.push({
      id: `ok-${index}`,
      occurredAt: at(200 + index),
      server: "crm",
      tool: "lookup_lead",
      durationMs: 20 + index,
      response: textResult(`lead ${index}`),
    });
  }
  for (let index = 0; index < 6; index++) {
    calls.push({
      id: `pay-${index}`,
      occurredAt: at(100 + index),
      server: "billing",
      tool: "charge",
      sessionId: `s-${index}`,
      response: toolErrorResult("Payment required. Metered calls are paused.", "payment_required"),
    });
  }
  for (let index = 0; index < 4; index++) {
    calls.push({
      id: `silent-${index}`,
      occurredAt: at(50 + index),
      server: "docs",
      tool: "parse_document",
      response: textResult("Error: could not parse document"),
    });
  }
  calls.push({
    id: "protocol-1",
    occurredAt: at(40),
    server: "booking",
    tool: "cancel_flight",
    response: rpcError(-32601, "Unknown tool: cancel_flight"),
  });
  calls.push({
    id: "http-429",
    occurredAt: at(30),
    server: "search",
    tool: "search",
    httpStatus: 429,
    response: "Too Many Requests",
  });
  calls.push({
    id: "xss-img",
    occurredAt: at(20),
    server: "evil",
    tool: "render",
    response: toolErrorResult(XSS_IMG),
  });
  calls.push({
    id: "xss-script",
    occurredAt: at(10),
    server: "evil",
    tool: "render",
    response: textResult(XSS_SCRIPT),
  });
  // Hostile values in every stored field a page shows.
  calls.push({
    id: "xss-fields",
    occurredAt: at(15),
    server: XSS_IMG,
    tool: XSS_SCRIPT,
    sessionId: XSS_IMG,
    agent: XSS_SCRIPT,
    isError: true,
    errorCode: XSS_IMG,
    text: XSS_SCRIPT,
  });
  calls.push({
    id: "xss-silent",
    occurredAt: at(14),
    server: XSS_SCRIPT,
    tool: XSS_IMG,
    response: textResult(`Error: ${XSS_IMG}`),
  });
  return calls;
}

async function post(body: unknown) {
  const response = await dashboard.postCalls(body);
  return {
    status: response.status,
    body: (await response.json()) as { calls: { silentFailure: boolean; flags: string[] }[] },
  };
}

beforeAll(async () => {
  dashboard = await startDashboardApp("dashboard", { key: KEY, admin: ADMIN });
  app = dashboard.app;
  expect((await post({ calls: seedCalls() })).status).toBe(200);
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  await signIn(page, app.url, ADMIN.email, ADMIN.password);
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
});

afterAll(async () => {
  await browser?.close();
  await dashboard?.stop();
});

const open = async (path: string) => {
  const response = await page.goto(`${app.url}${path}`, { waitUntil: "networkidle" });
  expect(response?.status(), path).toBe(200);
};

const rowIds = () =>
  page
    .locator('[data-testid="call-row"]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-call-id")));

describe("dashboard pages", () => {
  it.each([
    ["overview", "/?range=24h", "Overview", '[data-testid="outcome-chart"] svg'],
    ["activity", "/calls?range=24h", "Activity", '[data-testid="calls-table"]'],
    ["call", "/calls/pay-0", "billing / charge", '[data-testid="next-step"]'],
    ["failures", "/failures?range=24h", "Failures", '[data-testid="signature-group"]'],
    ["suspicious", "/suspicious?range=24h", "Silent failures", '[data-testid="silent-group"]'],
    ["codes", "/codes?range=24h", "Error codes", '[data-testid="codes-table"]'],
    ["tools", "/tools?range=24h", "Tools", '[data-testid="tools-table"]'],
    ["settings", "/settings", "Settings", '[data-testid="webhook-example"]'],
  ])("%s renders with data", async (name, path, heading, selector) => {
    await open(path);
    await expect(page.locator("h1").first().textContent()).resolves.toContain(heading);
    await page.locator(selector).first().waitFor({ state: "visible" });
    await screenshot(page, `page-${name}`);
  });

  it("a call or signature that does not exist answers 404, not a page that says so under a 200", async () => {
    for (const path of ["/calls/no-such-call", "/failures/0000000000000000"]) {
      const response = await page.goto(`${app.url}${path}`, { waitUntil: "networkidle" });
      expect(response?.status(), path).toBe(404);
    }
  });

  it("a cursor edited in the link shows the first page, never an error page", async () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
    for (const path of [
      "/calls?range=24h&cursor=garbage",
      `/calls?range=24h&after=${encode(["-271821-04-20T00:00:00Z", "x"])}`,
      `/calls?range=24h&cursor=${encode(["2026-11-30T00:00:00Z", "a\u0000b"])}`,
      `/suspicious?range=24h&cursor=${encode([1.5, 1, "a", "b", "c"])}`,
      `/suspicious?range=24h&cursor=${encode([1, 1e300, "a", "b", "c"])}`,
      `/suspicious?range=24h&cursor=${encode([1, 1, "\u0000", "b", "c"])}`,
      `/failures?range=24h&cursor=${encode([1, "2026-11-30T00:00:00Z", "abc"])}`,
      `/tools?range=24h&cursor=${encode([1, "\u0000", "a"])}`,
    ]) {
      const response = await page.goto(`${app.url}${path}`, { waitUntil: "networkidle" });
      expect(response?.status(), path).toBe(200);
      await expect(page.locator("body").textContent(), path).resolves.not.toContain("could not be loaded");
      // The first page says so: no "more of", no link back to a first page it already is.
      const summary = page.locator('[data-testid="pager-summary"]');
      if (await summary.count()) await expect(summary.textContent(), path).resolves.not.toContain("more");
    }
  });

  it("the call page says what to do next and explains the flags", async () => {
    await open("/calls/silent-0");
    // "could not parse" is wrong input; the server said success, so the advice says it is Faultline's judgement.
    await expect(page.locator('[data-testid="next-step"]').textContent()).resolves.toBe("Fix the input");
    await expect(page.locator('[data-testid="next-step"] + p').textContent()).resolves.toMatch(
      /^The server reported success; Faultline judged from its answer that the call failed\./,
    );
    await expect(page.locator('[data-testid="flag-sentences"]').textContent()).resolves.toContain(
      "reads as an error or exception",
    );
    await expect(page.locator('[data-testid="call-text"]').textContent()).resolves.toBe(
      "Error: could not parse document",
    );
    await screenshot(page, "call-silent-failure");
  });
});

describe("activity", () => {
  it("choosing an error code changes the URL and the rows, and the URL alone shows the same rows", async () => {
    await open("/calls?range=24h");
    await page.locator('[data-testid="filter-errorCode"]').click();
    await page.getByLabel("payment_required").check();
    await page.locator('[data-testid="apply-filters"]').click();
    await page.waitForURL(/errorCode=payment_required/, { waitUntil: "networkidle" });
    await page.locator('[data-testid="row-count"]').filter({ hasText: "6 calls on this page" }).waitFor();
    const filtered = await rowIds();
    expect(filtered.sort()).toEqual(["pay-0", "pay-1", "pay-2", "pay-3", "pay-4", "pay-5"]);
    await screenshot(page, "activity-filtered");

    const shared = await page.context().newPage();
    await shared.goto(page.url(), { waitUntil: "networkidle" });
    const sharedIds = await shared
      .locator('[data-testid="call-row"]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-call-id")));
    expect(sharedIds.sort()).toEqual(filtered);
    await shared.close();
  });

  it("pages forward and back by keyset", async () => {
    await open("/calls?range=24h");
    const first = await rowIds();
    expect(first).toHaveLength(50);
    await page.locator('[data-testid="page-older"]').click();
    await page.waitForURL(/cursor=/);
    const second = await rowIds();
    expect(second.length).toBeGreaterThan(0);
    expect(second.some((id) => first.includes(id))).toBe(false);
    await page.locator('[data-testid="page-newer"]').click();
    await page.waitForURL(/after=/);
    expect(await rowIds()).toEqual(first);
    await screenshot(page, "activity-paged-back");
  });
});

describe("silent successes", () => {
  const group = '[data-group="docs/parse_document/error_text"]';

  it("dismissing a group removes it and stops flagging new calls; undo brings it back", async () => {
    await open("/suspicious?range=24h");
    await page.locator(`${group} [data-testid="review-dismissed"]`).click();
    await page.locator(group).waitFor({ state: "detached" });
    await screenshot(page, "suspicious-dismissed");

    const afterDismiss = await post({
      id: "silent-after-dismiss",
      server: "docs",
      tool: "parse_document",
      response: textResult("Error: could not parse document"),
    });
    expect(afterDismiss.body.calls[0]).toMatchObject({
      silentFailure: false,
      flags: ["error_text", "silent_failure_dismissed"],
    });

    await open("/suspicious?view=dismissed");
    await page.locator(`${group} [data-testid="review-open"]`).click();
    await page.locator(group).waitFor({ state: "detached" });
    await open("/suspicious?range=24h");
    await page.locator(group).waitFor({ state: "visible" });

    const afterUndo = await post({
      id: "silent-after-undo",
      server: "docs",
      tool: "parse_document",
      response: textResult("Error: could not parse document"),
    });
    expect(afterUndo.body.calls[0]!.silentFailure).toBe(true);
  });
});

describe("browser security headers", () => {
  it("pages carry a nonce CSP without unsafe-inline scripts, and the usual hardening headers", async () => {
    const first = await fetch(`${app.url}/login`);
    const policy = first.headers.get("content-security-policy") ?? "";
    const scriptSrc = policy.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const second = await fetch(`${app.url}/login`);
    expect(second.headers.get("content-security-policy")).not.toBe(policy);
    const html = await first.text();
    const nonce = /'nonce-([^']+)'/.exec(policy)![1]!;
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const api = await fetch(`${app.url}/api/v1/calls`);
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("makes the browser refuse an inline script that carries no nonce", async () => {
    await open("/calls?range=24h");
    // A srcdoc frame inherits the page's policy; its parser-inserted inline script has no nonce.
    await page.evaluate(() => {
      const frame = document.createElement("iframe");
      frame.srcdoc = "<script>parent.__injected = true</script>";
      document.body.appendChild(frame);
    });
    await page.waitForTimeout(300);
    expect(
      await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected === true),
    ).toBe(false);
  });
});

describe("hostile tool text", () => {
  it("shows <img onerror> and <script> payloads as text, with no dialog and no script run", async () => {
    for (const path of [
      "/?range=24h",
      "/calls?range=24h",
      "/calls/xss-img",
      "/calls/xss-script",
      "/calls/xss-fields",
      "/calls/xss-silent",
      "/failures?range=24h",
      "/suspicious?range=24h",
      "/codes?range=24h",
      "/tools?range=24h",
      "/settings",
    ]) {
      await open(path);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0), path).toBe(0);
    }
    await open("/calls/xss-img");
    await expect(page.locator('[data-testid="call-text"]').textContent()).resolves.toBe(XSS_IMG);
    await open("/calls/xss-script");
    await expect(page.locator('[data-testid="call-text"]').textContent()).resolves.toBe(XSS_SCRIPT);
    await open("/calls/xss-fields");
    await expect(page.locator("h1").first().textContent()).resolves.toBe(`${XSS_IMG} / ${XSS_SCRIPT}`);
    await screenshot(page, "xss-as-text");
    expect(dialogs).toEqual([]);
  });
});

describe("every number is a link, and views agree", () => {
  it("Overview tiles and bars open the calls behind them; the read API counts the same calls", async () => {
    await open("/?range=24h");
    const number = async (testId: string) =>
      Number((await page.locator(`[data-testid="${testId}"] p`).nth(1).textContent())!.replace(/[,%]/g, ""));
    const calls = await number("tile-calls");
    const failureRate = await number("tile-failure-rate");
    const silent = await number("tile-silent-failures");

    // The Failure rate tile's link is the Activity view of exactly those calls.
    const failuresHref = (await page.locator('[data-testid="tile-failure-rate"]').getAttribute("href"))!;
    const view = new URL(failuresHref, app.url).searchParams;
    const count = async (extra: string) => {
      const response = await fetch(
        `${app.url}/api/v1/calls?from=${view.get("from")}&to=${view.get("to")}&limit=500&${extra}`,
        { headers: { authorization: `Bearer ${KEY}` } },
      );
      return ((await response.json()) as { calls: unknown[] }).calls.length;
    };
    const failures = await count(failuresHref.split("?")[1]!.replace(/(^|&)(range|from|to)=[^&]*/g, ""));
    expect(await count("")).toBe(calls);
    expect(failureRate).toBeCloseTo((100 * failures) / calls, 1);
    expect(await count("outcome=silent_failure")).toBe(silent);

    await page.locator('[data-testid="tile-silent-failures"]').click();
    await page.waitForURL(/outcome=silent_failure/, { waitUntil: "networkidle" });
    await expect(page.locator('[data-testid="row-count"]').textContent()).resolves.toContain(
      `${silent} calls`,
    );

    // A bar of "Failures by category" opens that category's failing calls.
    await open("/?range=24h");
    await page.locator('[data-testid="category-chart"] .recharts-bar-rectangle').first().click();
    await page.waitForURL(/category=/, { waitUntil: "networkidle" });
    expect(new URL(page.url()).searchParams.getAll("outcome")).toContain("silent_failure");

    // The top lists say how many they show of how many, and open the whole list for the window;
    // the Tools page's failing tools are as many as the Overview says.
    await open("/?range=24h");
    const toolsFooter = page.locator('[data-testid="tools-footer"]');
    const failingTools = Number((await toolsFooter.textContent())!.match(/ ([\d,]+) failing tools/)![1]);
    await expect(page.locator('[data-testid="codes-footer"]').textContent()).resolves.toMatch(
      / codes · see them all$/,
    );
    await toolsFooter.getByRole("link").click();
    await page.waitForURL(/\/tools\?.*sort=failures/, { waitUntil: "networkidle" });
    expect(new URL(page.url()).searchParams.get("range")).toBe("custom");
    const failuresColumn = await page
      .locator('[data-testid="tool-row"]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-failures")));
    expect(failuresColumn.filter((value) => Number(value) > 0)).toHaveLength(failingTools);

    // "Copy link" pins the window: the link says from/to, not "last 24 hours".
    await open("/?range=24h");
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.locator('[data-testid="copy-link"]').click();
    await page.locator('[data-testid="copy-link"]', { hasText: "Copied" }).waitFor();
    const copied = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    expect(copied.searchParams.get("range")).toBe("custom");
    expect(Date.parse(copied.searchParams.get("to")!) - Date.parse(copied.searchParams.get("from")!)).toBe(
      86_400_000,
    );
  });
});

describe("find anything from the search box", () => {
  const search = async (text: string) => {
    await open("/calls?range=24h");
    await page.getByLabel("Search text").fill(text);
    await page.locator('[data-testid="apply-filters"]').click();
  };

  it("a call id opens the call, a code or a session filters by it, a signature opens its page", async () => {
    await search("pay-3");
    await page.waitForURL(/\/calls\/pay-3$/, { waitUntil: "networkidle" });
    await expect(page.locator("h1").first().textContent()).resolves.toBe("billing / charge");

    await search("payment_required");
    await page.waitForURL(/errorCode=payment_required/, { waitUntil: "networkidle" });
    await expect(page.locator('[data-testid="found-exactly"]').textContent()).resolves.toContain(
      "an error code",
    );
    expect((await rowIds()).every((id) => id!.startsWith("pay-"))).toBe(true);
    await page.getByRole("link", { name: "Search the text for it instead" }).click();
    await page.waitForURL(/text=1/, { waitUntil: "networkidle" });
    expect(new URL(page.url()).searchParams.get("q")).toBe("payment_required");

    await search("s-2");
    await page.waitForURL(/sessionId=s-2/, { waitUntil: "networkidle" });
    expect(await rowIds()).toEqual(["pay-2"]);

    await open("/failures?range=24h");
    const href = await page
      .locator('[data-testid="signature-link"]', { hasText: "billing / charge" })
      .getAttribute("href");
    const signature = href!.match(/\/failures\/([0-9a-f]+)/)![1]!;
    await search(signature);
    await page.waitForURL(new RegExp(`/failures/${signature}`), { waitUntil: "networkidle" });

    // Anything else is text to search: the matches are marked in the rows.
    await search("PARSE doc");
    await page.waitForURL(/q=PARSE/, { waitUntil: "networkidle" });
    const marks = await page.locator('[data-testid="call-row"] mark').allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    expect(new Set(marks)).toEqual(new Set(["parse doc"]));
    // … and counted: every match is on this one page, so the count is the rows shown.
    const counted = page.locator('[data-testid="match-count"]');
    await counted.waitFor();
    const matching = (await rowIds()).length;
    expect(matching).toBeGreaterThan(1);
    await expect(counted.textContent()).resolves.toBe(`${matching} calls match “PARSE doc” in this period`);
    await screenshot(page, "activity-search-counted");
    await search("nothing matches this");
    await page.waitForURL(/q=nothing/, { waitUntil: "networkidle" });
    await expect(page.locator('[data-testid="match-count"]').textContent()).resolves.toBe(
      "0 calls match “nothing matches this” in this period",
    );
  });
});

describe("filters apply within the app, and without JavaScript", () => {
  /** Marks this document: a full reload loses the mark, a navigation within the app keeps it. */
  const mark = () => page.evaluate(() => ((window as unknown as { __kept: number }).__kept = 1));
  const kept = () => page.evaluate(() => (window as unknown as { __kept?: number }).__kept === 1);

  it("Activity's Apply and a list's Search change the rows without reloading the page", async () => {
    await open("/calls?range=24h");
    await mark();
    await page.locator('[data-testid="filter-errorCode"]').click();
    await page.getByLabel("payment_required").check();
    await page.locator('[data-testid="apply-filters"]').click();
    await page.waitForURL(/errorCode=payment_required/, { waitUntil: "networkidle" });
    await page.locator('[data-testid="row-count"]').filter({ hasText: "6 calls on this page" }).waitFor();
    expect(await kept()).toBe(true);
    // Clear leaves nothing behind in the form: the next Apply starts from no filter.
    await page.getByRole("link", { name: "Clear" }).click();
    await page.waitForURL((url) => url.pathname === "/calls" && !url.search, { waitUntil: "networkidle" });
    await page.locator('[data-testid="filter-errorCode"]').click();
    await expect(page.getByLabel("payment_required").isChecked()).resolves.toBe(false);
    expect(await kept()).toBe(true);

    await open("/failures?range=24h");
    await mark();
    await page.getByLabel("Search failures").fill("payment");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/q=payment/, { waitUntil: "networkidle" });
    await expect(page.locator('[data-testid="signature-link"]').allTextContents()).resolves.toEqual([
      expect.stringContaining("billing / charge"),
    ]);
    expect(await kept()).toBe(true);
  });

  it("a page of links sends the server no prefetch requests after it is shown", async () => {
    const prefetches: string[] = [];
    const watch = (request: import("playwright-core").Request) => {
      if (request.url().includes("_rsc=") || request.headers()["next-router-prefetch"])
        prefetches.push(request.url());
    };
    page.on("request", watch);
    try {
      for (const path of ["/tools?range=24h", "/calls?range=24h", "/?range=24h"]) {
        await open(path);
        await page.waitForTimeout(500);
      }
    } finally {
      page.off("request", watch);
    }
    expect(prefetches).toEqual([]);
  });

  it("every page's content is in its first HTML, and the filters work, with JavaScript off", async () => {
    // Streamed parts (what needs attention, the failing tools, a match count) need JavaScript
    // to swap in; the content each page is for must not wait behind a loading skeleton.
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.addCookies(await page.context().cookies());
    const plain = await context.newPage();
    try {
      for (const [path, selector] of [
        ["/?range=24h", '[data-testid="tile-calls"]'],
        ["/calls?range=24h", '[data-testid="call-row"]'],
        ["/calls/pay-0", '[data-testid="call-text"]'],
        ["/failures?range=24h", '[data-testid="signature-group"]'],
        ["/suspicious?range=24h", '[data-testid="silent-group"]'],
        ["/codes?range=24h", '[data-testid="code-link"]'],
        ["/tools?range=24h", '[data-testid="tool-row"]'],
      ] as const) {
        await plain.goto(`${app.url}${path}`);
        expect(await plain.locator(selector).first().isVisible(), path).toBe(true);
      }
      await plain.goto(`${app.url}/calls?range=24h`);
      await plain.locator('[data-testid="filter-errorCode"]').click();
      await plain.getByLabel("payment_required").check();
      await plain.locator('[data-testid="apply-filters"]').click();
      await plain.waitForURL(/errorCode=payment_required/);
      expect(await plain.locator('[data-testid="call-row"]').count()).toBe(6);
    } finally {
      await context.close();
    }
  });
});

describe("failure lifecycle", () => {
  it("resolve a signature on its page, see it regress when it fails again, stand out on the Overview, then ignore it", async () => {
    await open("/failures?range=24h");
    await page.locator('[data-testid="signature-link"]', { hasText: "billing / charge" }).click();
    await page.waitForURL(/\/failures\/[0-9a-f]+/, { waitUntil: "networkidle" });
    await expect(page.locator("h1").first().textContent()).resolves.toBe("billing / charge");
    await page.locator('[data-testid="signature-chart"] svg').first().waitFor();
    await expect(page.locator('[data-testid="signature-tools"]').textContent()).resolves.toContain("charge");
    const signaturePath = new URL(page.url()).pathname;

    await page.getByRole("button", { name: "Resolve" }).click();
    await page.locator('[data-testid="signature-status"]', { hasText: "resolved" }).first().waitFor();
    await expect(page.locator('[data-testid="signature-history"]').textContent()).resolves.toContain(
      `${ADMIN.email}: open → resolved`,
    );

    // The same failure again, after the resolve: a regression.
    expect(
      (
        await post({
          calls: [
            {
              id: "pay-again",
              server: "billing",
              tool: "charge",
              response: toolErrorResult("Payment required. Metered calls are paused.", "payment_required"),
            },
          ],
        })
      ).status,
    ).toBe(200);
    await open(`${signaturePath}?range=24h`);
    await expect(page.locator('[data-testid="signature-status"]').first().textContent()).resolves.toBe(
      "regressed",
    );
    await expect(
      page.locator('[data-testid="signature-history"] li').first().textContent(),
    ).resolves.toContain("faultline: resolved → regressed");
    await screenshot(page, "signature-regressed");

    await open("/?range=24h");
    const attention = page.locator('[data-testid="attention"]');
    await expect(attention.textContent()).resolves.toMatch(/1 regressed/);
    await expect(attention.locator("li", { hasText: "billing / charge" }).textContent()).resolves.toContain(
      "regressed",
    );
    await screenshot(page, "overview-attention");

    await open(`${signaturePath}?range=24h`);
    await page.getByLabel("Ignore for how long").selectOption("100");
    await page.getByRole("button", { name: "Ignore" }).click();
    await page.locator('[data-testid="ignore-limit"]').waitFor();
    await expect(page.locator('[data-testid="ignore-limit"]').textContent()).resolves.toMatch(
      /until it reaches \d+ calls/,
    );
    await open("/failures?range=24h&status=ignored");
    await expect(page.locator('[data-testid="signature-link"]').allTextContents()).resolves.toEqual([
      "billing / charge",
    ]);
    await screenshot(page, "failures-ignored");
  });
});

describe("failures and tools at more than a page", () => {
  const texts = () =>
    page
      .locator('[data-testid="signature-group"] pre')
      .evaluateAll((nodes) => nodes.map((node) => node.textContent));

  it("page by keyset with a total, search and filter new ones, and sort tools by a URL that can be shared", async () => {
    const bulk = Array.from({ length: 60 }, (_, index) => ({
      id: `bulk-${index}`,
      occurredAt: new Date(Date.now() - (index + 1) * 60_000).toISOString(),
      server: "bulk",
      tool: `bulk_tool_${String(index).padStart(2, "0")}`,
      // Tool n fails n + 1 times: a distinct order by calls.
      response: toolErrorResult(`Quota exceeded for bulk_tool_${String(index).padStart(2, "0")}`, "quota"),
    }));
    const repeats = bulk.flatMap((call, index) =>
      Array.from({ length: index }, (_, copy) => ({ ...call, id: `${call.id}-${copy}` })),
    );
    expect((await post({ calls: bulk })).status).toBe(200);
    for (let start = 0; start < repeats.length; start += 500)
      expect((await post({ calls: repeats.slice(start, start + 500) })).status).toBe(200);

    await open("/failures?range=24h");
    const total = Number(
      (await page.locator('[data-testid="failure-totals"]').textContent())!.match(/^([\d,]+) signatures/)![1],
    );
    expect(total).toBeGreaterThan(60);
    const first = await texts();
    expect(first).toHaveLength(50);
    await expect(page.locator('[data-testid="pager-summary"]').textContent()).resolves.toBe(
      `50 of ${total} signatures`,
    );
    await page.locator('[data-testid="next-page"]').click();
    await page.waitForURL(/cursor=/, { waitUntil: "networkidle" });
    const second = await texts();
    expect(second.length).toBe(total - 50);
    expect(second.filter((text) => first.includes(text))).toEqual([]);
    await screenshot(page, "failures-page-two");

    await open("/failures?range=24h");
    await page.getByLabel("Search failures").fill("bulk_tool_07");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/q=bulk_tool_07/, { waitUntil: "networkidle" });
    await expect(texts()).resolves.toEqual(["Quota exceeded for bulk_tool_07"]);
    await page.getByLabel("New in this period only").check();
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/new=1/, { waitUntil: "networkidle" });
    await expect(page.locator('[data-testid="new-badge"]').count()).resolves.toBe(1);
    await screenshot(page, "failures-search");

    await open("/tools?range=24h&q=bulk");
    await expect(page.locator('[data-testid="pager-summary"]').textContent()).resolves.toBe("50 of 60 tools");
    await page.getByRole("link", { name: /^Calls/ }).click();
    await page.waitForURL(/sort=calls/, { waitUntil: "networkidle" });
    const callsColumn = () =>
      page
        .locator('[data-testid="tool-row"] td:nth-child(3)')
        .evaluateAll((cells) => cells.map((cell) => Number(cell.textContent!.replace(/,/g, ""))));
    const sorted = await callsColumn();
    expect(sorted.slice(0, 3)).toEqual([60, 59, 58]);
    const shared = page.url();
    await page.getByRole("link", { name: /^Calls/ }).click();
    await page.waitForURL(/dir=asc/, { waitUntil: "networkidle" });
    expect((await callsColumn()).slice(0, 3)).toEqual([1, 2, 3]);
    await page.goto(shared, { waitUntil: "networkidle" });
    expect(await callsColumn()).toEqual(sorted);
    await screenshot(page, "tools-sorted");

    await page.getByRole("link", { name: "bulk_tool_59" }).click();
    await page.waitForURL(/\/calls\?/, { waitUntil: "networkidle" });
    expect(new URL(page.url()).searchParams.get("tool")).toBe("bulk_tool_59");
    await page.locator('[data-testid="row-count"]').filter({ hasText: "50 calls on this page" }).waitFor();
    const ids = await rowIds();
    expect(ids.every((id) => id!.startsWith("bulk-59"))).toBe(true);
  });
});

describe("a filter with more choices than a list can hold", () => {
  it("past 100 tools, Activity's Tool filter takes a typed name instead of a box per tool", async () => {
    const many = Array.from({ length: 45 }, (_, index) => ({
      id: `many-${index}`,
      occurredAt: new Date(Date.now() - (index + 1) * 30_000).toISOString(),
      server: "many",
      tool: `many_tool_${String(index).padStart(2, "0")}`,
      response: textResult("fine"),
    }));
    expect((await post({ calls: many })).status).toBe(200);
    await open("/calls?range=24h");
    await page.locator('[data-testid="filter-tool"]').click();
    // Not a box per tool: the page stays small however many tools there are.
    expect(await page.locator('input[type="checkbox"][name="tool"]').count()).toBe(0);
    const typed = page.locator('[data-testid="filter-tool-typed"]');
    const seen = Number((await typed.locator("xpath=..").textContent())!.match(/^([\d,]+) seen/)![1]);
    expect(seen).toBeGreaterThan(100);
    await typed.fill("many_tool_07");
    await page.locator('[data-testid="apply-filters"]').click();
    await page.waitForURL(/tool=many_tool_07/, { waitUntil: "networkidle" });
    expect(await rowIds()).toEqual(["many-7"]);
    // The chosen tool stays chosen, as a box, and the typed field starts empty again (the form
    // follows the URL after a navigation within the app); unticking it removes the filter.
    await page.locator('[data-testid="filter-tool"]').click();
    const chosen = page.locator('input[type="checkbox"][name="tool"][value="many_tool_07"]');
    await expect(chosen.isChecked()).resolves.toBe(true);
    await expect(page.locator('[data-testid="filter-tool-typed"]').inputValue()).resolves.toBe("");
    await screenshot(page, "activity-typed-tool");
    await chosen.uncheck();
    await page.locator('[data-testid="apply-filters"]').click();
    // (The empty typed field still submits "tool=", which means no tool.)
    await page.waitForURL(
      (url) => url.search.includes("q=") && !url.searchParams.getAll("tool").some(Boolean),
      { waitUntil: "networkidle" },
    );
    await page.locator('[data-testid="row-count"]').filter({ hasText: "50 calls on this page" }).waitFor();
  });
});

describe("activity's methods", () => {
  it("shows tool calls by default; every method is one toggle away with a Method column; the export follows the view", async () => {
    const initialize = {
      id: "init-1",
      server: "methods-demo",
      method: "initialize",
      response: {
        jsonrpc: "2.0",
        id: 0,
        result: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          serverInfo: { name: "demo", version: "1" },
        },
      },
    };
    const list = { id: "list-1", server: "methods-demo", method: "tools/list", response: textResult("") };
    const call = { id: "call-1", server: "methods-demo", tool: "lookup", response: textResult("found") };
    expect((await post({ calls: [initialize, list, call] })).status).toBe(200);

    await open("/calls?range=24h&server=methods-demo");
    expect(await rowIds()).toEqual(["call-1"]);
    const csv = await page.locator('[data-testid="export-csv"]').getAttribute("href");
    expect(new URL(csv!, app.url).searchParams.getAll("method")).toEqual(["tools/call"]);
    expect(await page.locator('[data-testid="calls-table"] th').allTextContents()).not.toContain("Method");

    await page.locator('[data-testid="toggle-methods"]').click();
    await page.waitForURL(/methods=all/, { waitUntil: "networkidle" });
    expect((await rowIds()).sort()).toEqual(["call-1", "init-1", "list-1"]);
    expect(await page.locator('[data-testid="calls-table"] th').allTextContents()).toContain("Method");
    const everything = await page.locator('[data-testid="export-csv"]').getAttribute("href");
    expect(new URL(everything!, app.url).searchParams.getAll("method")).toEqual([]);
    await screenshot(page, "activity-every-method");

    await page.locator('[data-testid="toggle-methods"]').click();
    await page.waitForURL((url) => !url.search.includes("methods=all"), { waitUntil: "networkidle" });
    expect(await rowIds()).toEqual(["call-1"]);
  });
});

describe("repeated buttons", () => {
  it("say what they act on: each Resolve on Failures and each Confirm on Silent failures has its own name", async () => {
    await open("/failures?range=24h");
    const resolves = await page
      .getByRole("button", { name: /^Resolve / })
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label")));
    expect(resolves.length).toBeGreaterThan(1);
    expect(new Set(resolves).size).toBe(resolves.length);
    for (const name of resolves) expect(name).toMatch(/^Resolve \S+\/\S* · \S+/);

    await open("/suspicious?range=24h");
    const confirms = await page
      .getByRole("button", { name: /^Confirm / })
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label")));
    expect(confirms.length).toBeGreaterThan(0);
    for (const name of confirms) expect(name).toMatch(/^Confirm the silent failures of .+\/.+: /);
  });
});
