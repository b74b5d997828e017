import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { AppServer } from "../helpers/app-server";
import { startDashboardApp, type DashboardApp } from "../helpers/dashboard-app";
import { launchBrowser, screenshot, signIn } from "../helpers/browser";
import { rpcError, textResult, toolErrorResult } from "../fixtures/jsonrpc";

// Every page in real Chromium against the built app: zero axe-core WCAG 2 A/AA violations, no
// page-level horizontal overflow at 1280×800 nor at 390×844, and a screenshot of each at both sizes.

const KEY = "flk_accessibility_test_key_00000000000";
const ADMIN = { email: "admin@example.test", password: "correct horse battery" };
const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const SIZES = [
  { name: "1280", width: 1280, height: 800 },
  { name: "390", width: 390, height: 844 },
] as const;

const LONG_TOOL = "synchronise_customer_relationship_records_with_the_external_warehouse_and_notify_owners";
const LONG_SERVER = "enterprise-resource-planning-gateway-eu-west-production-cluster-02";
const LONG_TEXT =
  "Error: the upstream warehouse rejected the batch because the record " +
  "customer_relationship_0000000000000000000000000000000000000000000000000000 " +
  "was locked by another writer; ".repeat(6) +
  "retry after the lock expires.";
const UNBROKEN = `Failed:${"x".repeat(300)}`;
const CUSTOM_WINDOW = `range=custom&from=${new Date(Date.now() - 2 * 86_400_000).toISOString()}&to=${new Date(Date.now() + 60_000).toISOString()}`;

let dashboard: DashboardApp;
let app: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

function seedCalls() {
  const now = Date.now();
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
  const calls: Record<string, unknown>[] = [];
  for (let index = 0; index < 40; index++)
    calls.push({
      id: `ok-${index}`,
      occurredAt: at(300 + index * 3),
      server: "crm",
      tool: "lookup_lead",
      durationMs: 20 + index,
      sessionId: `session-${index % 4}`,
      agent: "support-agent",
      response: textResult(`lead ${index}`),
    });
  for (let index = 0; index < 6; index++)
    calls.push({
      id: `pay-${index}`,
      occurredAt: at(100 + index * 7),
      server: "billing",
      tool: "charge",
      durationMs: 310,
      response: toolErrorResult("Payment required. Metered calls are paused.", "payment_required"),
    });
  for (let index = 0; index < 4; index++)
    calls.push({
      id: `silent-${index}`,
      occurredAt: at(50 + index * 5),
      server: "docs",
      tool: "parse_document",
      response: textResult("Error: could not parse document"),
    });
  for (let index = 0; index < 3; index++)
    calls.push({
      id: `long-${index}`,
      occurredAt: at(20 + index),
      server: LONG_SERVER,
      tool: LONG_TOOL,
      sessionId: `${LONG_SERVER}-session-${index}`,
      agent: "a-very-long-agent-name-that-goes-on-and-on-for-quite-a-while",
      durationMs: 123_456,
      response: toolErrorResult(LONG_TEXT, "warehouse_record_locked_by_another_writer"),
    });
  calls.push({
    id: "long-silent",
    occurredAt: at(18),
    server: LONG_SERVER,
    tool: LONG_TOOL,
    response: textResult(`Error: ${LONG_TEXT}`),
  });
  calls.push({
    id: "unbroken",
    occurredAt: at(17),
    server: "docs",
    tool: "fetch_page",
    response: toolErrorResult(UNBROKEN),
  });
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
    id: "transport-1",
    occurredAt: at(12),
    server: "search",
    tool: "search",
    transportError: "ECONNRESET",
  });
  return calls;
}

async function post(body: unknown) {
  return (await dashboard.postCalls(body)).status;
}

beforeAll(async () => {
  dashboard = await startDashboardApp("accessibility", { key: KEY, admin: ADMIN });
  app = dashboard.app;
  expect(await post({ calls: seedCalls() })).toBe(200);
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await signIn(page, app.url, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
  await dashboard?.stop();
});

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

async function axeViolations(target: Page): Promise<Violation[]> {
  if (!(await target.evaluate(() => "axe" in window))) await target.addScriptTag({ path: AXE });
  return target.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document, options: unknown): Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: tags } });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target, failureSummary: node.failureSummary })),
    }));
  }, WCAG);
}

function describeViolations(violations: Violation[]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${node.target.join(" ")}\n    ${violation.help}\n    ${(node.failureSummary ?? "").replace(/\n/g, "\n    ")}`,
      ),
    )
    .join("\n");
}

async function open(target: Page, url: string) {
  const response = await target.goto(`${app.url}${url}`, { waitUntil: "networkidle" });
  expect(response?.status(), url).toBe(200);
  // Charts render on the client; let them settle before measuring.
  await target.waitForTimeout(300);
}

/** The document's width against the viewport's (less a scrollbar): wider scrolls sideways. */
const overflow = (target: Page) =>
  target.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: document.documentElement.clientWidth,
  }));

/** Runs axe and the overflow check at both sizes, with screenshots; returns what failed. */
async function check(target: Page, name: string, url: string): Promise<string[]> {
  const problems: string[] = [];
  // The phone first, so the page measured last at 1280 px is the one the dark pass reuses.
  for (const size of [...SIZES].reverse()) {
    await target.setViewportSize({ width: size.width, height: size.height });
    await open(target, url);
    const violations = await axeViolations(target);
    if (violations.length > 0)
      problems.push(
        `${url} at ${size.name}px: ${violations.length} axe violation(s)\n${describeViolations(violations)}`,
      );
    const { scrollWidth, innerWidth } = await overflow(target);
    if (scrollWidth > innerWidth)
      problems.push(`${url} at ${size.name}px: page scrolls sideways (${scrollWidth} > ${innerWidth})`);
    await screenshot(target, `a11y-${name}-${size.name}`);
  }
  // The same page in the dark colour scheme (the app follows the system's, live: no reload).
  await target.emulateMedia({ colorScheme: "dark" });
  try {
    await target.waitForTimeout(300);
    const violations = await axeViolations(target);
    if (violations.length > 0)
      problems.push(`${url} dark: ${violations.length} axe violation(s)\n${describeViolations(violations)}`);
    await screenshot(target, `a11y-${name}-1280-dark`);
  } finally {
    await target.emulateMedia({ colorScheme: "light" });
  }
  return problems;
}

const SETTINGS_SUBPAGES = ["connect", "users", "alerts", "probes", "account"].filter((name) =>
  existsSync(path.join(process.cwd(), "app", "(dashboard)", "settings", name, "page.tsx")),
);

describe("accessibility and layout of every page", () => {
  const pages: [string, string | (() => Promise<string>)][] = [
    ["overview", "/?range=24h"],
    ["activity", "/calls?range=24h"],
    ["activity-live", "/calls?range=24h&live=1"],
    ["activity-long", "/calls?range=24h&server=" + encodeURIComponent(LONG_SERVER)],
    // The view an alert's link opens: a custom window, which has its own fields in the header.
    ["activity-custom", `/calls?${CUSTOM_WINDOW}`],
    [
      "activity-chips",
      `/calls?range=7d&sessionId=${encodeURIComponent(`${LONG_SERVER}-session-0`)}&agent=a-very-long-agent-name-that-goes-on-and-on-for-quite-a-while&tool=${LONG_TOOL}&q=locked`,
    ],
    ["codes-custom", `/codes?${CUSTOM_WINDOW}&server=${encodeURIComponent(LONG_SERVER)}`],
    ["call", "/calls/pay-0"],
    ["call-long", "/calls/long-0"],
    ["call-silent", "/calls/long-silent"],
    ["failures", "/failures?range=24h"],
    [
      "signature",
      async () => {
        await open(page, "/failures?range=24h");
        const href = await page
          .locator('[data-testid="signature-link"]', { hasText: LONG_TOOL })
          .first()
          .getAttribute("href");
        expect(href).toMatch(/^\/failures\/[0-9a-f]+/);
        return href!;
      },
    ],
    ["suspicious", "/suspicious?range=24h"],
    ["codes", "/codes?range=24h"],
    ["tools", "/tools?range=24h"],
    ["servers", "/servers?range=24h"],
    ["grading", "/report-card/grading"],
    ["server-card", "/servers/billing?range=24h"],
    ["server-card-long", `/servers/${encodeURIComponent(LONG_SERVER)}?range=24h`],
    ["sessions", "/sessions?range=24h"],
    ["session", "/sessions/session-0"],
    ["settings", "/settings"],
    ...SETTINGS_SUBPAGES.map((name): [string, string] => [`settings-${name}`, `/settings/${name}`]),
  ];

  it.each(pages)("%s: no WCAG 2 A/AA violations and no sideways scroll", async (name, where) => {
    const url = typeof where === "string" ? where : await where();
    const problems = await check(page, name, url);
    expect(problems, problems.join("\n\n")).toEqual([]);
  });

  it("the sign-in page, signed out", async () => {
    const signedOut = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const problems = await check(await signedOut.newPage(), "login", "/login");
      expect(problems, problems.join("\n\n")).toEqual([]);
    } finally {
      await signedOut.close();
    }
  });

  it("Activity's filter lists open inside the screen, with no violations", async () => {
    const problems: string[] = [];
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await open(page, "/calls?range=24h");
      const summaries = page.locator('form[role="search"] details > summary');
      for (let index = 0; index < (await summaries.count()); index++) {
        const summary = summaries.nth(index);
        await summary.click();
        const box = await summary.locator("xpath=../fieldset").boundingBox();
        const { scrollWidth, innerWidth } = await overflow(page);
        const name = (await summary.textContent())!.trim();
        if (!box || box.x < 0 || box.x + box.width > innerWidth)
          problems.push(`${name} at ${size.name}px: the list is off the screen (${JSON.stringify(box)})`);
        if (scrollWidth > innerWidth) problems.push(`${name} at ${size.name}px: page scrolls sideways`);
        if (index === 0) {
          const violations = await axeViolations(page);
          if (violations.length > 0) problems.push(`${name} open: ${describeViolations(violations)}`);
        }
        await summary.click();
      }
      await summaries.last().click();
      await screenshot(page, `a11y-activity-filter-open-${size.name}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("the created key and the webhook URL have copy buttons that say Copied", async () => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url });
    await open(page, "/settings");
    await page.getByRole("button", { name: "Create key" }).click();
    const key = (await page.getByTestId("new-key").textContent({ timeout: 10_000 }))!.trim();
    expect(key).toMatch(/^flk_/);
    const copyKey = page.getByRole("button", { name: "Copy the new key" });
    await copyKey.click();
    await page.getByRole("button", { name: "Copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await screenshot(page, "a11y-settings-key-copied");

    await page.getByRole("button", { name: "Copy the webhook URL" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${app.url}/api/v1/calls`);
    await page.getByRole("button", { name: "Copy the example request" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("curl -s");
    // The state goes back after a moment.
    await page.getByRole("button", { name: "Copy the webhook URL" }).waitFor({ timeout: 5_000 });
  });

  it("action messages go when the project shown changes", async () => {
    await open(page, "/settings");
    const before = (await page.getByText("(shown in the dashboard)").locator("xpath=..").textContent())!;
    const original = before.replace("(shown in the dashboard)", "").trim();
    await page.getByRole("button", { name: "Create key" }).click();
    await page.getByTestId("new-key").waitFor();
    await page.getByLabel("New project").fill("a11y-second");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    const ready = page.getByText("Project a11y-second is ready and selected.");
    await ready.waitFor();
    // The key was of the other project: it goes with it.
    await expect(page.getByTestId("new-key").count()).resolves.toBe(0);
    await screenshot(page, "a11y-settings-project-ready");
    await page
      .locator("li", { hasText: original })
      .getByRole("button", { name: "Show this project" })
      .click();
    await page.getByText("(shown in the dashboard)").locator("xpath=..").getByText(original).waitFor();
    await ready.waitFor({ state: "detached" });
    await screenshot(page, "a11y-settings-project-switched");
  });
});

describe("keyboard", () => {
  it("every scrollable region can be reached with Tab and has a name; tables fit at 1280 px", async () => {
    const urls = [
      "/?range=24h",
      "/calls?range=24h",
      "/calls/long-0",
      "/failures?range=24h",
      "/suspicious?range=24h",
      "/tools?range=24h",
      "/codes?range=24h",
      "/servers?range=24h",
      "/servers/billing?range=24h",
      "/sessions?range=24h",
      "/settings",
      ...SETTINGS_SUBPAGES.map((name) => `/settings/${name}`),
    ];
    const problems: string[] = [];
    for (const url of urls) {
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await open(page, url);
        const found = await page.evaluate(() => {
          const scrolling = [...document.querySelectorAll<HTMLElement>("body *")].filter((element) => {
            if (!element.checkVisibility()) return false;
            const style = getComputedStyle(element);
            return (
              (/(auto|scroll)/.test(style.overflowX) && element.scrollWidth > element.clientWidth + 1) ||
              (/(auto|scroll)/.test(style.overflowY) && element.scrollHeight > element.clientHeight + 1)
            );
          });
          return {
            // A scrolling box is reached by Tab itself (named), or through the controls inside it.
            unreachable: scrolling
              .filter((element) => {
                const named =
                  element.tabIndex >= 0 &&
                  (element.hasAttribute("aria-label") || element.hasAttribute("aria-labelledby"));
                const inner = element.querySelector("a[href], button, input, select, textarea, [tabindex]");
                return !named && !inner;
              })
              .map((element) => element.outerHTML.slice(0, 160)),
            tables: scrolling
              .filter((element) => element.querySelector("table"))
              .map(
                (element) =>
                  `${element.getAttribute("aria-label")}: ${element.scrollWidth} > ${element.clientWidth}`,
              ),
          };
        });
        for (const element of found.unreachable) problems.push(`${url} at ${size.name}px: ${element}`);
        if (size.width === 1280)
          for (const table of found.tables) problems.push(`${url} at 1280px, a table scrolls: ${table}`);
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(problems, problems.join("\n")).toEqual([]);
  });
});
