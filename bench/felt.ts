// Scenario f: speed as felt, in a real browser (Chromium), at the bench's data set. Each dashboard
// page is opened signed in, RUNS times after one warm-up, and three moments are recorded from
// the navigation's start (the browser's own clock):
//   shell    the first contentful paint: the page's frame, header and filters;
//   content  the page's data is on screen (its tiles, rows, groups — the selector below): the
//            later of its first paint and the moment that element is in the document;
//   complete the slowest part is on screen too (charts, a match count), where the page has one.
// Then the everyday interactions, timed from the click to the changed content: choosing another
// window, applying an Activity filter, a text search.
//
//   npx tsx bench/felt.ts --calls 1000000               (generates the data in a new database)
//   npx tsx bench/felt.ts --database postgresql://…     (reuses a database bench/dataset.ts filled)
import { parseArgs } from "node:util";
import type { Page } from "playwright-core";
import { PROJECT_COOKIE, SESSION_COOKIE } from "../lib/auth/session-cookie";
import { connect } from "../lib/db/connect";
import { applyMigrations } from "../lib/db/migrate";
import { launchBrowser } from "../test/helpers/browser";
import { startAppServer } from "../test/helpers/app-server";
import { ADMIN, generateDataset, PROJECT, PROJECT_NAME, signedInAdmin } from "./dataset";
import { feltTable, type FeltResult } from "./felt-table";
import { createDatabase, dropDatabase, percentile, report, round } from "./lib";

const { values } = parseArgs({
  options: {
    calls: { type: "string", default: "1000000" },
    database: { type: "string" },
    runs: { type: "string", default: "5" },
  },
});
const RUNS = Number(values.runs);

/** What each page is for: the selector that means its data is shown, and the last part drawn. */
interface Visit {
  label: string;
  path: string;
  content: string;
  complete?: string;
}

// Recorded in the page from its first byte: when each watched selector first appears.
const WATCH = (selectors: string[]) => `
  window.__felt = {};
  const selectors = ${JSON.stringify(selectors)};
  const check = () => {
    for (const selector of selectors)
      if (!(selector in window.__felt) && document.querySelector(selector)) window.__felt[selector] = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  document.addEventListener("DOMContentLoaded", check);
`;

/** The watched selectors of a visit: its content, then its last part. */
const watched = (target: Visit) => [target.content, ...(target.complete ? [target.complete] : [])];

/** One load of the page in `page` (a tab that watches the visit's selectors), as a person reloads it. */
async function visit(page: Page, base: string, target: Visit) {
  const selectors = watched(target);
  await page.goto(`${base}${target.path}`, { waitUntil: "load" });
  await page.waitForSelector(target.content, { state: "attached", timeout: 60_000 });
  // A part the page does not draw (yet) is recorded as not drawn, not waited for forever.
  if (target.complete)
    await page.waitForSelector(target.complete, { state: "attached", timeout: 30_000 }).catch(() => {});
  return page.evaluate((watched) => {
    const felt = (window as unknown as { __felt: Record<string, number> }).__felt;
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    const shell = paint?.startTime ?? NaN;
    // In the document before the first paint: on screen with it. (No named functions in here:
    // the page cannot see tsx's helpers.)
    return {
      firstByte: navigation.responseStart,
      shell,
      content: Math.max(felt[watched[0]!] ?? NaN, shell),
      complete: Math.max(felt[watched.at(-1)!] ?? NaN, shell),
    };
  }, selectors);
}

/** Milliseconds from `act` until `changed` (run in the page) answers true, polled every 5 ms. */
async function interaction(page: Page, act: () => Promise<void>, changed: string): Promise<number> {
  const started = performance.now();
  await act();
  for (;;) {
    // A navigation in flight destroys the context: that is "not yet".
    const done = await page.evaluate(changed).catch(() => false);
    if (done) return performance.now() - started;
    if (performance.now() - started > 60_000) throw new Error(`never changed: ${changed}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const summary = (samples: number[]) => ({
  p50: round(percentile(samples, 50)),
  max: round(Math.max(...samples)),
});

async function main() {
  const created = values.database ? undefined : await createDatabase("felt");
  const url = values.database ?? created!.url;
  const { pool, prisma, close } = connect(url, { write: 2, read: 2, readTimeoutMs: 120_000 });
  let calls: number;
  try {
    if (created) {
      await applyMigrations(pool);
      await generateDataset(pool, Number(values.calls));
    }
    const { rows } = await pool.query<{ calls: number; id: string; signature: string }>(
      `SELECT (SELECT count(*)::int FROM calls WHERE project_id = $1) AS calls,
              (SELECT id FROM calls WHERE project_id = $1 ORDER BY occurred_at DESC LIMIT 1) AS id,
              (SELECT signature FROM failure_signatures WHERE project_id = $1 ORDER BY last_seen DESC LIMIT 1) AS signature`,
      [PROJECT],
    );
    calls = rows[0]!.calls;
    await prisma.user.deleteMany({ where: { email: ADMIN.email } });
    const token = await signedInAdmin(prisma);
    const app = await startAppServer({
      DATABASE_URL: url,
      FAULTLINE_ADMIN_EMAIL: ADMIN.email,
      FAULTLINE_ADMIN_PASSWORD: ADMIN.password,
    });
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const host = new URL(app.url).hostname;
      await context.addCookies([
        { name: SESSION_COOKIE, value: token, domain: host, path: "/" },
        { name: PROJECT_COOKIE, value: PROJECT_NAME, domain: host, path: "/" },
      ]);
      const visits: Visit[] = [
        {
          label: "Overview 24h",
          path: "/",
          content: '[data-testid="tile-calls"]',
          complete: '[data-testid="outcome-chart"] svg',
        },
        {
          label: "Overview 30d",
          path: "/?range=30d",
          content: '[data-testid="tile-calls"]',
          complete: '[data-testid="outcome-chart"] svg',
        },
        { label: "Activity", path: "/calls", content: '[data-testid="call-row"]' },
        {
          label: "Activity, text search 24h",
          path: "/calls?q=could+not+parse&text=1",
          content: '[data-testid="call-row"]',
          complete: '[data-testid="match-count"]',
        },
        {
          label: "Activity, text search 30d (none)",
          path: "/calls?range=30d&q=nothing-like-this&text=1",
          content: '[data-testid="empty-state"]',
          complete: '[data-testid="match-count"]',
        },
        { label: "Call", path: `/calls/${rows[0]!.id}`, content: '[data-testid="call-text"]' },
        {
          label: "Failures 24h",
          path: "/failures",
          content: '[data-testid="signature-group"]',
          complete: '[data-testid="failure-totals"]',
        },
        {
          label: "Failures 30d",
          path: "/failures?range=30d",
          content: '[data-testid="signature-group"]',
          complete: '[data-testid="failure-totals"]',
        },
        {
          label: "Signature",
          path: `/failures/${rows[0]!.signature}`,
          content: '[data-testid="signature-examples"]',
          complete: '[data-testid="signature-chart"] svg',
        },
        { label: "Silent successes", path: "/suspicious", content: '[data-testid="silent-group"]' },
        { label: "Codes 30d", path: "/codes?range=30d", content: '[data-testid="code-link"]' },
        { label: "Tools 24h", path: "/tools", content: '[data-testid="tool-row"]' },
        { label: "Tools 30d", path: "/tools?range=30d", content: '[data-testid="tool-row"]' },
        { label: "Settings", path: "/settings", content: "main h1" },
      ];
      const pages = [];
      for (const target of visits) {
        const samples: Awaited<ReturnType<typeof visit>>[] = [];
        // One tab, loaded again and again (a new tab each time would time Chromium starting a
        // renderer process beside the server on the same two cores).
        const tab = await context.newPage();
        await tab.addInitScript(WATCH(watched(target)));
        for (let run = 0; run <= RUNS; run++) {
          const timings = await visit(tab, app.url, target);
          if (run > 0) samples.push(timings); // the first visit warms the route up
        }
        await tab.close();
        pages.push({
          page: target.label,
          firstByte: summary(samples.map((sample) => sample.firstByte)),
          shell: summary(samples.map((sample) => sample.shell)),
          content: summary(samples.map((sample) => sample.content)),
          complete: summary(samples.map((sample) => sample.complete)),
        });
      }

      const page = await context.newPage();
      // The content differs from what was shown before: new data is on screen (a navigation
      // within the app may reuse the same elements, so their text is compared).
      const textOf = (selector: string) =>
        page.evaluate((target) => document.querySelector(target)?.textContent ?? "", selector);
      const changedFrom = (selector: string, before: string, search: string) =>
        `location.search.includes(${JSON.stringify(search)}) && (document.querySelector(${JSON.stringify(selector)})?.textContent ?? ${JSON.stringify(before)}) !== ${JSON.stringify(before)}`;
      const interactions: Record<string, number[]> = {
        "Overview: 24 h → 7 days": [],
        "Activity: Apply an outcome filter": [],
        "Activity: text search": [],
      };
      const tile = '[data-testid="tile-calls"]';
      const row = '[data-testid="call-row"]';
      for (let run = 0; run <= RUNS; run++) {
        await page.goto(`${app.url}/`, { waitUntil: "networkidle" });
        const range = await interaction(
          page,
          async () => {
            await page.selectOption("#range", "7d");
          },
          changedFrom(tile, await textOf(tile), "range=7d"),
        );
        await page.goto(`${app.url}/calls`, { waitUntil: "networkidle" });
        const beforeApply = await textOf(row);
        const apply = await interaction(
          page,
          async () => {
            await page.click('[data-testid="filter-outcome"]');
            await page.check('input[name="outcome"][value="protocol_error"]');
            await page.click('[data-testid="apply-filters"]');
          },
          changedFrom(row, beforeApply, "outcome=protocol_error"),
        );
        await page.goto(`${app.url}/calls`, { waitUntil: "networkidle" });
        const beforeSearch = await textOf(row);
        const search = await interaction(
          page,
          async () => {
            await page.fill("#q", "could not parse");
            await page.press("#q", "Enter");
          },
          changedFrom(row, beforeSearch, "q=could"),
        );
        if (run > 0) {
          interactions["Overview: 24 h → 7 days"]!.push(range);
          interactions["Activity: Apply an outcome filter"]!.push(apply);
          interactions["Activity: text search"]!.push(search);
        }
      }
      await page.close();
      const felt: FeltResult = {
        calls,
        pages,
        interactions: Object.entries(interactions).map(([label, samples]) => ({
          interaction: label,
          ...summary(samples),
        })),
      };
      console.error(feltTable(felt));
      report({ ...felt });
    } finally {
      await browser.close();
      await app.stop();
    }
  } finally {
    await close();
    if (created) await dropDatabase(created.name);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
