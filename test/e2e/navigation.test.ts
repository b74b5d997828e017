import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createKey } from "../../lib/auth/keys";
import { createUser } from "../../lib/auth/users";
import { startDashboardApp, type DashboardApp } from "../helpers/dashboard-app";
import { launchBrowser, screenshot, signIn } from "../helpers/browser";
import { queueRowAged, whileFoldIsHeld } from "../helpers/fold";
import { textResult, toolErrorResult } from "../fixtures/jsonrpc";

// Finding your way, in real Chromium at 1280×800 and on a 390×844 phone: the header of every
// page (a project switcher, the search box, on a phone one Menu button), every filter as a chip
// that removes it, a partial call id that finds the call, Activity as cards on a phone, no page
// that scrolls sideways, and a member's empty Overview with this instance's URL.

const KEY = "flk_navigation_test_key_00000000000";
const ADMIN = { email: "admin@navigation.test", password: "navigation admin password" };
const MEMBER = { email: "member@navigation.test", password: "navigation member password" };
const LONELY = { email: "lonely@navigation.test", password: "navigation lonely password" };
const SIZES = [
  { name: "1280", width: 1280, height: 800 },
  { name: "390", width: 390, height: 844 },
] as const;

const SESSION = "sess-7f3a91c2";
const AGENT = "triage-agent";
const CALL_ID = "3f2a9c1e-7b4d-4e8a-9c3b-5d6e7f8a9b0c";
const SHARED_PREFIX = "9e8d7c6b";
const TEXT = "Error: the warehouse rejected the order\nstack: at reserve (warehouse.ts:41)";

let dashboard: DashboardApp;
let browser: Browser;
const contexts: BrowserContext[] = [];
let teamBKey: string;

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

async function post(key: string, body: unknown) {
  const response = await fetch(`${dashboard.app.url}/api/v1/calls`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  [dashboard, browser] = await Promise.all([
    startDashboardApp("navigation", { key: KEY, admin: ADMIN }),
    launchBrowser(),
  ]);
  const { prisma } = dashboard.database.database;
  const quiet = await createKey(prisma, { project: "quiet" });
  teamBKey = (await createKey(prisma, { project: "team-b" })).key;
  await createKey(prisma, { project: "team-c" });
  await createUser(prisma, { ...MEMBER, projectIds: [quiet.projectId] });
  await createUser(prisma, { ...LONELY, projectIds: [] });
  const calls: Record<string, unknown>[] = [];
  for (let index = 0; index < 12; index++)
    calls.push({
      id: `lead-${index}`,
      occurredAt: at(200 + index),
      server: "crm",
      tool: "lookup_lead",
      agent: "sales-agent",
      response: textResult(`lead ${index}`),
    });
  for (let index = 0; index < 3; index++)
    calls.push({
      id: `${SHARED_PREFIX}-0000-4000-8000-00000000000${index}`,
      occurredAt: at(100 + index),
      server: "billing",
      tool: "charge",
      response: toolErrorResult("Payment required.", "payment_required"),
    });
  calls.push(
    {
      id: CALL_ID,
      occurredAt: at(30),
      server: "warehouse",
      tool: "reserve_stock",
      sessionId: SESSION,
      agent: AGENT,
      response: toolErrorResult(TEXT, "order_rejected"),
    },
    {
      id: "session-second",
      occurredAt: at(25),
      server: "warehouse",
      tool: "release_stock",
      sessionId: SESSION,
      agent: AGENT,
      response: textResult("released"),
    },
  );
  await post(KEY, { calls });
  await post(teamBKey, {
    calls: [
      { id: "b-1", server: "team-b-only-server", tool: "ship", isError: true, text: "Error: no truck" },
    ],
  });
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await dashboard?.stop();
});

async function signedIn(user: { email: string; password: string }, width = 1280, height = 800) {
  const context = await browser.newContext({ viewport: { width, height } });
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, dashboard.app.url, user.email, user.password);
  return page;
}

async function open(page: Page, path: string) {
  const response = await page.goto(`${dashboard.app.url}${path}`, { waitUntil: "networkidle" });
  expect(response?.status(), path).toBe(200);
}

/** What each filter chip visibly says ("Session: 7f3a ×"), without the words only screen readers get. */
const chips = (page: Page) =>
  page.getByTestId("filter-chip").evaluateAll((nodes) =>
    nodes.map((node) => {
      const copy = node.cloneNode(true) as HTMLElement;
      for (const hidden of copy.querySelectorAll(".sr-only")) hidden.remove();
      return copy.textContent!.replace(/\s+/g, " ").trim();
    }),
  );
/** The link of the chip whose visible text is `text` without its ×. */
const chipLink = (page: Page, text: string) =>
  page.getByRole("link", { name: `${text} (remove this filter)`, exact: true });

describe("the header of every page", () => {
  const custom = `range=custom&from=${encodeURIComponent(at(24 * 60))}&to=${encodeURIComponent(at(0))}`;
  const pages = [
    "/?range=24h",
    "/calls?range=24h",
    `/calls?${custom}`,
    `/calls/${CALL_ID}`,
    "/failures?range=24h",
    `/failures?${custom}`,
    "/suspicious?range=24h",
    `/codes?${custom}`,
    "/tools?range=24h",
    "/settings",
    "/settings/connect",
    "/settings/users",
    "/settings/alerts",
    "/settings/probes",
    "/settings/account",
  ];

  it.each(SIZES)(
    "at $name px: a project switcher and the search box on every page, no sideways scroll, content near the top",
    async ({ name, width, height }) => {
      const page = await signedIn(ADMIN, width, height);
      const problems: string[] = [];
      for (const path of pages) {
        await open(page, path);
        if (!(await page.getByLabel("Project", { exact: true }).isVisible()))
          problems.push(`${path}: no project switcher`);
        // Activity's own filters hold its search box; every other page has the header's.
        const search = path.startsWith("/calls?")
          ? page.getByLabel("Search text")
          : page.getByLabel("Find a call id, session, error code or text");
        if (!(await search.isVisible())) problems.push(`${path}: no search box`);
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        if (scrollWidth > clientWidth)
          problems.push(`${path}: scrolls sideways (${scrollWidth} > ${clientWidth})`);
        // The page's heading, not the navigation, is what a phone shows first.
        const top = (await page.locator("main h1").first().boundingBox())?.y ?? Infinity;
        if (top > (width < 768 ? 140 : 120)) problems.push(`${path}: the heading starts ${top} px down`);
      }
      await open(page, `/calls?${custom}`);
      await screenshot(page, `navigation-activity-custom-${name}`);
      await open(page, "/?range=24h");
      await screenshot(page, `navigation-overview-${name}`);
      expect(problems, problems.join("\n")).toEqual([]);
    },
  );

  it("on a phone the links are behind one Menu button, which closes when a link is followed", async () => {
    const page = await signedIn(ADMIN, 390, 844);
    await open(page, "/?range=24h");
    const tools = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tools" });
    expect(await tools.isVisible()).toBe(false);
    await page.getByTestId("menu-button").click();
    await tools.waitFor({ state: "visible" });
    await screenshot(page, "navigation-menu-open-390");
    await tools.click();
    await page.waitForURL(/\/tools/, { waitUntil: "networkidle" });
    await expect(page.locator("main h1").first().textContent()).resolves.toBe("Tools");
    // The time range travelled with the link, and the menu is closed again.
    expect(new URL(page.url()).searchParams.get("range")).toBe("24h");
    expect(await tools.isVisible()).toBe(false);
    // Escape closes it too, and gives the focus back to the button.
    await page.getByTestId("menu-button").click();
    await tools.waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    expect(await tools.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe(
      "menu-button",
    );
  });

  it("the switcher changes the project on any page, lists only the projects one may see, and leaves a call for its list", async () => {
    const page = await signedIn(ADMIN);
    await open(page, "/tools?range=7d");
    const switcher = page.getByLabel("Project", { exact: true });
    expect(await switcher.inputValue()).toBe("default");
    expect(await switcher.locator("option").allTextContents()).toEqual([
      "default",
      "quiet",
      "team-b",
      "team-c",
    ]);
    await switcher.selectOption("team-b");
    await page.locator('[data-testid="tool-row"]', { hasText: "team-b-only-server" }).waitFor();
    await expect(page.locator("main").innerText()).resolves.not.toContain("lookup_lead");
    // The same page and period, now of team-b.
    expect(new URL(page.url()).pathname).toBe("/tools");
    expect(new URL(page.url()).searchParams.get("range")).toBe("7d");
    expect(await page.getByLabel("Project", { exact: true }).inputValue()).toBe("team-b");
    await screenshot(page, "navigation-switched-1280");

    // A call belongs to one project: switching on its page opens the other project's Activity.
    await page.getByLabel("Project", { exact: true }).selectOption("default");
    await page.locator('[data-testid="tool-row"]', { hasText: "lookup_lead" }).waitFor();
    await open(page, `/calls/${CALL_ID}`);
    await page.getByLabel("Project", { exact: true }).selectOption("team-b");
    await page.waitForURL((url) => url.pathname === "/calls", { waitUntil: "networkidle" });
    await expect(page.getByTestId("call-row").first().getAttribute("data-call-id")).resolves.toBe("b-1");
    await page.getByLabel("Project", { exact: true }).selectOption("default");
    await page.waitForURL((url) => url.pathname === "/calls", { waitUntil: "networkidle" });

    // A member sees their own project only: no switcher to other teams' projects.
    const member = await signedIn(MEMBER, 390, 844);
    await open(member, "/?range=24h");
    await expect(member.getByTestId("project-switcher").innerText()).resolves.toContain("quiet");
    expect(await member.locator("#project-switcher option").count()).toBe(0);
  });
});

describe("filters as chips", () => {
  it("arriving from a call's Session link says Session: <id> ×, and the × removes it", async () => {
    for (const size of SIZES) {
      const page = await signedIn(ADMIN, size.width, size.height);
      await open(page, `/calls/${CALL_ID}`);
      // The session's own link opens its timeline; beside it, its calls in Activity.
      expect(await page.getByRole("link", { name: SESSION, exact: true }).getAttribute("href")).toBe(
        `/sessions/${encodeURIComponent(SESSION)}`,
      );
      await page.getByRole("link", { name: "its calls in Activity" }).click();
      await page.waitForURL(/sessionId=/, { waitUntil: "networkidle" });
      const shown = await chips(page);
      expect(shown).toContain(`Session: ${SESSION} ×`);
      expect(shown.some((chip) => chip.startsWith("Time: "))).toBe(true);
      const cards = size.width < 1024 ? "call-card" : "call-row";
      await expect(page.getByTestId(cards).count()).resolves.toBe(2);
      await screenshot(page, `navigation-session-chip-${size.name}`);
      if (size.width === 1280) {
        // Another filter applied from the form keeps the session (the form has no field for it).
        await page.getByTestId("filter-outcome").click();
        await page.getByLabel("tool error", { exact: true }).check();
        await page.getByTestId("apply-filters").click();
        await page.waitForURL(/outcome=tool_error/, { waitUntil: "networkidle" });
        expect(await chips(page)).toEqual(
          expect.arrayContaining([`Session: ${SESSION} ×`, "Outcome: tool error ×"]),
        );
        await expect(page.getByTestId(cards).count()).resolves.toBe(1);
        await chipLink(page, "Outcome: tool error").click();
        await page.waitForURL((url) => !url.searchParams.has("outcome"), { waitUntil: "networkidle" });
      }

      await chipLink(page, `Session: ${SESSION}`).click();
      await page.waitForURL((url) => !url.searchParams.has("sessionId"), { waitUntil: "networkidle" });
      // The period stays; only the session went.
      expect(new URL(page.url()).searchParams.get("range")).toBe("custom");
      expect((await chips(page)).some((chip) => chip.startsWith("Session"))).toBe(false);
      expect(await page.getByTestId(cards).count()).toBeGreaterThan(2);
    }
  });

  it("every filter of Activity has its chip; removing one value of a repeated filter keeps the others", async () => {
    const page = await signedIn(ADMIN);
    await open(
      page,
      `/calls?range=7d&server=crm&server=billing&outcome=tool_error&category=business&agent=${AGENT}&q=lead&errorCode=payment_required&flag=no_error_code`,
    );
    expect(await chips(page)).toEqual([
      "Time: Last 7 days ×",
      `Agent: ${AGENT} ×`,
      "Server: crm ×",
      "Server: billing ×",
      "Outcome: tool error ×",
      "Category: business ×",
      "Error code: payment_required ×",
      "Flag: no_error_code ×",
      "Search: lead ×",
    ]);
    await screenshot(page, "navigation-all-chips-1280");
    await chipLink(page, "Server: crm").click();
    await page.waitForURL((url) => !url.searchParams.getAll("server").includes("crm"), {
      waitUntil: "networkidle",
    });
    const params = new URL(page.url()).searchParams;
    expect(params.getAll("server")).toEqual(["billing"]);
    expect(params.get("agent")).toBe(AGENT);
    expect(params.get("q")).toBe("lead");
    await chipLink(page, "Time: Last 7 days").click();
    await page.waitForURL((url) => !url.searchParams.has("range"), { waitUntil: "networkidle" });

    // The call page's Agent links to that agent's calls, with its chip.
    await open(page, `/calls/${CALL_ID}`);
    await page.getByRole("link", { name: AGENT }).click();
    await page.waitForURL(/agent=/, { waitUntil: "networkidle" });
    expect(await chips(page)).toContain(`Agent: ${AGENT} ×`);
    await expect(page.getByTestId("call-row").count()).resolves.toBe(2);

    // Lists other than Activity: the server and the search text.
    await open(page, "/tools?range=30d&server=crm&q=lead");
    expect(await chips(page)).toEqual(["Time: Last 30 days ×", "Server: crm ×", "Search: lead ×"]);
    await chipLink(page, "Search: lead").click();
    await page.waitForURL((url) => url.pathname === "/tools" && !url.searchParams.has("q"), {
      waitUntil: "networkidle",
    });
    await open(page, "/codes?server=billing");
    expect(await chips(page)).toEqual(["Server: billing ×"]);
    await open(page, "/suspicious?range=1h");
    expect(await chips(page)).toEqual(["Time: Last hour ×"]);
  });
});

describe("a partial call id", () => {
  it("typed in the header's search box opens the call; one that begins several ids lists them", async () => {
    const page = await signedIn(ADMIN);
    const find = async (text: string) => {
      await open(page, "/tools?range=24h");
      await page.getByLabel("Find a call id, session, error code or text").fill(text);
      await page.getByRole("button", { name: "Find" }).click();
    };
    await find(CALL_ID.slice(0, 8));
    await page.waitForURL(new RegExp(`/calls/${CALL_ID}$`), { waitUntil: "networkidle" });
    await expect(page.locator("h1").first().textContent()).resolves.toBe("warehouse / reserve_stock");

    await find(SHARED_PREFIX);
    await page.waitForURL(/\/calls\?/, { waitUntil: "networkidle" });
    const matches = page.getByTestId("id-prefix-match");
    expect((await matches.allTextContents()).sort()).toEqual(
      [0, 1, 2].map((index) => `${SHARED_PREFIX}-0000-4000-8000-00000000000${index}`),
    );
    await expect(page.getByTestId("id-prefix-matches").locator("h2").textContent()).resolves.toBe(
      `3 call ids begin with “${SHARED_PREFIX}”`,
    );
    await screenshot(page, "navigation-id-prefix-1280");
    await matches.first().click();
    await page.waitForURL(new RegExp(`/calls/${SHARED_PREFIX}`), { waitUntil: "networkidle" });

    // A whole id opens its call (never the list of the ids it begins: lead-10, lead-11); a word
    // with no digit is text to search.
    await find("lead-1");
    await page.waitForURL(/\/calls\/lead-1$/, { waitUntil: "networkidle" });
    await find("lookup");
    await page.waitForURL(/q=lookup/, { waitUntil: "networkidle" });
    await expect(page.getByTestId("id-prefix-matches").count()).resolves.toBe(0);
  });
});

describe("Activity on a phone", () => {
  it("each call is a card with time, outcome, category, server, tool and the text's first line; the table stays at 1280", async () => {
    const phone = await signedIn(ADMIN, 390, 844);
    await open(phone, "/calls?range=24h");
    expect(await phone.getByTestId("calls-table").isVisible()).toBe(false);
    const card = phone.locator(`[data-testid="call-card"][data-call-id="${CALL_ID}"]`);
    const text = await card.innerText();
    for (const part of ["tool error", "unknown", "warehouse / reserve_stock", TEXT.split("\n")[0]!])
      expect(text, part).toContain(part);
    expect(text).not.toContain("stack:");
    expect(text).toMatch(/\d{1,2}:\d{2}/);
    // Everything on the card is inside the screen.
    const box = (await card.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await screenshot(phone, "navigation-activity-cards-390");
    await card.click();
    await phone.waitForURL(new RegExp(`/calls/${CALL_ID}$`), { waitUntil: "networkidle" });

    const desktop = await signedIn(ADMIN);
    await open(desktop, "/calls?range=24h");
    expect(await desktop.getByTestId("calls-table").isVisible()).toBe(true);
    expect(await desktop.getByTestId("call-cards").isVisible()).toBe(false);
  });
});

describe("a member's empty Overview", () => {
  it("shows this instance's URL and names the project whose ingest key they can make on Connect", async () => {
    const origin = new URL(dashboard.app.url).origin;
    for (const size of SIZES) {
      const member = await signedIn(MEMBER, size.width, size.height);
      await open(member, "/");
      const text = await member.locator("main").innerText();
      expect(text).toContain(`${origin}/api/v1/calls`);
      expect(text).not.toContain("localhost:3000");
      expect(text).not.toContain("npm run");
      expect(text).toContain("an ingest key for quiet you can make there");
      await screenshot(member, `navigation-member-empty-${size.name}`);
      await member.getByRole("link", { name: /Connect a server/ }).click();
      await member.waitForURL(/\/settings\/connect/, { waitUntil: "networkidle" });
      await member.getByRole("button", { name: "Create an ingest key" }).click();
      await expect(member.getByTestId("connect-key").innerText()).resolves.toMatch(/^flk_/);
    }
  });

  it("in no project: no snippet for a key they cannot have, but how to get a project", async () => {
    const lonely = await signedIn(LONELY, 390, 844);
    for (const path of ["/", "/calls", "/settings/connect"]) {
      await open(lonely, path);
      const main = await lonely.locator("main").innerText();
      expect(main, path).not.toContain("flk_");
      await expect(lonely.getByTestId("no-project-help").innerText(), path).resolves.toContain(
        "You are not a member of any project yet.",
      );
    }
    await open(lonely, "/");
    await lonely.getByRole("link", { name: "Create a project in Settings" }).click();
    await lonely.waitForURL(/\/settings$/, { waitUntil: "networkidle" });
    await screenshot(lonely, "navigation-no-project-settings-390");
    await open(lonely, "/");
    await screenshot(lonely, "navigation-no-project-390");
  });
  it("says how far behind the figures are while stored calls wait to be folded, and stops once they are", async () => {
    const pool = dashboard.database.database.pool;
    const { rows } = await pool.query<{ id: string }>("SELECT id FROM projects ORDER BY created_at LIMIT 1");
    // A fold that holds the lock (another instance, busy) while a batch stored two minutes ago waits.
    const page = await whileFoldIsHeld(pool, async () => {
      await queueRowAged(pool, rows[0]!.id, 120);
      const signedInPage = await signedIn(ADMIN, 390, 844);
      await open(signedInPage, "/");
      await expect(signedInPage.getByTestId("fold-notice").innerText()).resolves.toMatch(
        /^Figures are 2 min behind: .* still being counted/,
      );
      await screenshot(signedInPage, "navigation-fold-notice-390");
      return signedInPage;
    });
    // The instance's own folder (once a second) folds the row; the notice goes.
    await expect
      .poll(async () => (await pool.query("SELECT 1 FROM fold_queue")).rowCount, { timeout: 10_000 })
      .toBe(0);
    await open(page, "/");
    await expect(page.getByTestId("fold-notice").count()).resolves.toBe(0);
  });
});
