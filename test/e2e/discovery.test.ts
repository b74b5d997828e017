import { readFileSync } from "node:fs";
import path from "node:path";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { createKey } from "../../lib/auth/keys";
import { gradingGuide } from "../../lib/insight/grading";
import { PROJECT_SERIES } from "../../lib/metrics";
import { READ_KEY_PLACEHOLDER } from "../../lib/metrics/scrape-config";
import { textResult, toolErrorResult } from "../fixtures/jsonrpc";
import { axeViolations } from "../helpers/axe";
import { launchBrowser, screenshot, signIn } from "../helpers/browser";
import { startDashboardApp, type DashboardApp } from "../helpers/dashboard-app";

// Finding what the dashboard never used to mention, and reading it in one vocabulary, in the built
// app and real Chromium at 1280 and 390 px: the report card's grading served at a stable URL and
// linked from the card, the fleet and the card's Markdown; measures titled by the fault they count;
// Settings' Metrics & Grafana card, whose scrape config is copied as a user copies it, parsed as
// YAML and used to scrape /metrics; the monitoring files it links; the grade in view on a phone and
// "—" explained in words; outcomes in words in the filters and chips.

const KEY = "flk_discovery_test_key_000000000000";
const ADMIN = { email: "admin@discovery.test", password: "discovery admin password" };
const LONG_SERVER = "enterprise-resource-planning-gateway-eu-west-production-cluster-02";
const SIZES = [
  { name: "1280", width: 1280, height: 800 },
  { name: "390", width: 390, height: 844 },
] as const;

let dashboard: DashboardApp;
let browser: Browser;
let readKey: string;
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

beforeAll(async () => {
  [dashboard, browser] = await Promise.all([
    startDashboardApp("discovery", { key: KEY, admin: ADMIN }),
    launchBrowser(),
  ]);
  const { prisma } = dashboard.database.database;
  readKey = (await createKey(prisma, { project: "default", scopes: ["read"] })).key;
  const calls: Record<string, unknown>[] = [];
  const add = (server: string, count: number, response: unknown, extra: Record<string, unknown> = {}) => {
    for (let index = 0; index < count; index++)
      calls.push({
        id: `${server.slice(0, 20)}-${calls.length}`,
        occurredAt: at(60 + calls.length),
        server,
        tool: "work",
        response,
        ...extra,
      });
  };
  add("tidy", 30, textResult("done"));
  add(
    "tidy",
    6,
    textResult("Payment required", {
      isError: true,
      structuredContent: { error: { code: "payment_required", retryable: false } },
    }),
  );
  // messy: nothing it answers says whether a retry can help (F), and silent failures.
  add("messy", 8, textResult("done"));
  add("messy", 6, toolErrorResult("Operation failed"));
  add("messy", 5, textResult("Error: could not parse document"));
  // Too few failures to grade: "—".
  add("quiet", 10, textResult("done"));
  add("quiet", 2, toolErrorResult("Operation failed"));
  add(LONG_SERVER, 10, textResult("done"), { durationMs: 20 });
  add(LONG_SERVER, 6, toolErrorResult("Rate limited, try later", "rate_limited"));
  expect((await dashboard.postCalls({ calls })).status).toBe(200);
  // Another project's calls: its read key's scrape must never show them to this one's.
  const other = await createKey(prisma, { project: "other-team", scopes: ["ingest"] });
  const response = await fetch(`${dashboard.app.url}/api/v1/calls`, {
    method: "POST",
    headers: { authorization: `Bearer ${other.key}`, "content-type": "application/json" },
    body: JSON.stringify({ id: "other-1", server: "secret-server", tool: "x", response: textResult("ok") }),
  });
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

const go = async (page: Page, path: string) => {
  const response = await page.goto(`${dashboard.app.url}${path}`, { waitUntil: "networkidle" });
  expect(response?.status(), path).toBe(200);
};

describe("the report card's grading", () => {
  it("is linked from the card and the fleet, and shows the bands and weights the code grades by", async () => {
    const { context, page } = await open(1280, 800);
    await go(page, "/servers?range=24h");
    await page.getByTestId("grading-link").click();
    await page.waitForURL(/\/report-card\/grading$/, { waitUntil: "networkidle" });
    await go(page, "/servers/messy?range=24h");
    await page.getByTestId("grading-link").click();
    await page.waitForURL(/\/report-card\/grading$/, { waitUntil: "networkidle" });
    const shown = await page.getByTestId("grading-measure").evaluateAll((sections) =>
      sections.map((section) => ({
        id: section.getAttribute("data-measure"),
        title: section.querySelector("h2")!.textContent,
        bands: [...section.querySelectorAll("td[data-grade]")].map(
          (cell) => `${cell.getAttribute("data-grade")}:${cell.getAttribute("data-at-most")}`,
        ),
        weight: Number(section.querySelector('[data-testid="grading-weight"]')!.textContent),
      })),
    );
    expect(shown).toEqual(
      gradingGuide().measures.map((measure) => ({
        id: measure.id,
        title: measure.title,
        bands: measure.bands.map((band) => `${band.grade}:${band.atMost ?? ""}`),
        weight: measure.weight,
      })),
    );
    expect(await page.getByTestId("grading-minimum").innerText()).toContain("fewer than 5 failures");
    expect(await page.getByTestId("grading-overall").innerText()).toContain(
      "never more than one grade above the worst measure",
    );
    await context.close();
  });

  it("titles each measure by the fault its figure counts, on the card and in its Markdown", async () => {
    const { context, page } = await open(1280, 800);
    await go(page, "/servers/messy?range=24h");
    const retry = page.locator('[data-measure="retry"]');
    expect(await retry.locator("h2").innerText()).toBe("Failures that do not say whether a retry can help");
    expect(await retry.innerText()).toMatch(/Say nothing about retrying: 100\.0% \(11 of 11 failures/);
    expect(await retry.getByTestId("grade").getAttribute("data-grade")).toBe("F");
    const silent = page.locator('[data-measure="silent"]');
    expect(await silent.locator("h2").innerText()).toBe("Failures hidden from isError");
    expect(await silent.innerText()).toMatch(/Returned as text, isError not set \(silent\): 45\.5%/);
    await page.getByTestId("copy-markdown").click();
    await expect.poll(() => page.getByTestId("copy-markdown").getAttribute("data-state")).toBe("copied");
    const markdown = await page.evaluate(() => navigator.clipboard.readText());
    expect(markdown).toContain(
      "| Failures that do not say whether a retry can help | 100.0% (11 of 11) — Say nothing about retrying | F |",
    );
    expect(markdown).not.toMatch(/silent_failure|tool_error/);
    await context.close();
  });

  it("the Markdown, copied or downloaded, links the grading page by this instance's absolute URL", async () => {
    const { context, page } = await open(1280, 800);
    await go(page, "/servers/messy?range=24h");
    await page.getByTestId("copy-markdown").click();
    await expect.poll(() => page.getByTestId("copy-markdown").getAttribute("data-state")).toBe("copied");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const link = `${dashboard.app.url}/report-card/grading`;
    expect(copied).toContain(`How each grade is computed: <${link}>`);
    expect(copied).not.toContain("docs/REPORT-CARD.md");
    // The API's download (a read key, no session) says the same.
    const api = await fetch(`${dashboard.app.url}/api/v1/servers/messy?format=markdown`, {
      headers: { authorization: `Bearer ${readKey}` },
    });
    expect(await api.text()).toContain(`How each grade is computed: <${link}>`);
    // The link opens the grading page for anyone signed in; without a session, sign-in first.
    await page.goto(link, { waitUntil: "networkidle" });
    expect(await page.locator("h1").innerText()).toBe("How the report card is graded");
    const anonymous = await fetch(link, { redirect: "manual" });
    expect(anonymous.status).toBe(307);
    expect(anonymous.headers.get("location")).toMatch(/\/login\?next=%2Freport-card%2Fgrading$/);
    await context.close();
  });
});

describe("Settings: Metrics & Grafana", () => {
  it("the scrape config, copied as shown, parses as YAML and scrapes /metrics with exactly its URL and header", async () => {
    const { context, page } = await open(1280, 800);
    await go(page, "/settings");
    const card = page.getByTestId("metrics-card");
    await card.getByRole("button", { name: "Copy the Prometheus scrape config" }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await page.getByTestId("scrape-config").innerText());
    const config = parseYaml(copied) as {
      scrape_configs: {
        job_name: string;
        scheme: string;
        metrics_path: string;
        authorization: { type: string; credentials: string };
        static_configs: { targets: string[] }[];
      }[];
    };
    expect(config.scrape_configs).toHaveLength(1);
    const job = config.scrape_configs[0]!;
    expect(job.job_name).toBe("faultline-default");
    expect(job.static_configs).toHaveLength(1);
    expect(job.static_configs[0]!.targets).toHaveLength(1);
    const url = `${job.scheme}://${job.static_configs[0]!.targets[0]}${job.metrics_path}`;
    expect(url).toBe(`${dashboard.app.url}/metrics`);
    expect(job.authorization.credentials).toBe(READ_KEY_PLACEHOLDER);
    // What Prometheus sends: "<type> <credentials>", the placeholder replaced with a read key.
    const scrape = await fetch(url, {
      headers: { authorization: `${job.authorization.type} ${readKey}` },
    });
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    const families = parsePrometheusTextFormat(text);
    // What the card says a read key sees is exactly what it gets: these families, this project's only.
    const listed = await page
      .getByTestId("read-key-series")
      .locator("code")
      .evaluateAll((codes) => codes.map((code) => code.textContent));
    expect(listed).toEqual(PROJECT_SERIES.map((series) => series.name));
    expect(families.map((family) => family.name).sort()).toEqual([...listed].sort());
    // Every sample is this project's (the parser keeps no labels of histogram samples: read the lines).
    const samples = text.split("\n").filter((line) => line !== "" && !line.startsWith("#"));
    expect(samples.length).toBeGreaterThan(0);
    expect(samples.filter((line) => !line.includes('project_name="default"'))).toEqual([]);
    expect(text).not.toMatch(/other-team|secret-server|process_|nodejs_/);
    // The placeholder itself is no credential.
    const refused = await fetch(url, {
      headers: { authorization: `${job.authorization.type} ${job.authorization.credentials}` },
    });
    expect(refused.status).toBe(401);
    await context.close();
  });

  it("downloads the Grafana dashboard and the Prometheus rules from this instance", async () => {
    const { context, page } = await open(1280, 800);
    await go(page, "/settings");
    for (const [name, file] of [
      ["grafana-dashboard.json", "docs/grafana-dashboard.json"],
      ["prometheus-alerts.yml", "docs/prometheus-alerts.yml"],
    ] as const) {
      const href = await page.getByTestId(`download-${name}`).getAttribute("href");
      expect(href).toBe(`/downloads/${name}`);
      const download = page.waitForEvent("download");
      await page.getByTestId(`download-${name}`).click();
      const saved = await (await download).path();
      const expected = readFileSync(path.join(process.cwd(), file), "utf8");
      expect(readFileSync(saved, "utf8")).toBe(expected);
      // Anyone may fetch them (a Prometheus host without a session): nothing of the instance is in them.
      const plain = await fetch(`${dashboard.app.url}${href}`);
      expect(plain.status).toBe(200);
      expect(plain.headers.get("content-disposition")).toContain(`faultline-${name}`);
    }
    const rules = parseYaml(
      await (await fetch(`${dashboard.app.url}/downloads/prometheus-alerts.yml`)).text(),
    ) as { groups: unknown[] };
    expect(rules.groups.length).toBeGreaterThan(0);
    const grafana = (await (await fetch(`${dashboard.app.url}/downloads/grafana-dashboard.json`)).json()) as {
      panels: unknown[];
    };
    expect(grafana.panels.length).toBeGreaterThan(0);
    // Only those names: nothing else of the app root is served under /downloads/.
    for (const other of [
      "%2e%2e%2fpackage.json",
      "..%2fpackage.json",
      "docs%2fSECURITY.md",
      "grafana-dashboard.json.bak",
    ])
      expect((await fetch(`${dashboard.app.url}/downloads/${other}`, { redirect: "manual" })).status).toBe(
        404,
      );
    await context.close();
  });
});

describe("on a 390 px phone", () => {
  it("each server's grades, overall and per measure, are in view without scrolling the table sideways", async () => {
    const { context, page } = await open(390, 844);
    await go(page, "/servers?range=24h");
    const region = page.getByTestId("fleet-table");
    const box = (await region.boundingBox())!;
    expect(await region.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    const rows = page.getByTestId("fleet-row");
    expect(await rows.count()).toBe(4);
    for (const row of await rows.all()) {
      const badges = row.getByTestId("grade");
      // The overall grade and one per measure.
      expect(await badges.count()).toBe(7);
      for (const badge of await badges.all()) {
        const at = (await badge.boundingBox())!;
        expect(at.x).toBeGreaterThanOrEqual(box.x);
        expect(at.x + at.width).toBeLessThanOrEqual(box.x + box.width);
        expect(await badge.isVisible()).toBe(true);
      }
    }
    // Each measure's grade says which measure it is, in view above it (the headings row is far up).
    const retry = rows.first().locator('[data-measure="retry"]');
    expect(await retry.innerText()).toMatch(/^F\s+100\.0%$/);
    expect(
      await retry.evaluate((cell) => {
        const before = getComputedStyle(cell, "::before");
        return `${before.display} ${before.content}`;
      }),
    ).toBe('block "No retry hint"');
    await context.close();
  });

  it('"—" is explained in words under the Servers and Tools tables and on the card', async () => {
    const { context, page } = await open(390, 844);
    await go(page, "/servers?range=24h");
    const quiet = page.locator('[data-testid="fleet-row"][data-server="quiet"]');
    expect(await quiet.getByTestId("grade").first().innerText()).toBe("—");
    const legend = page.getByTestId("dash-legend");
    expect(await legend.isVisible()).toBe(true);
    expect(await legend.innerText()).toMatch(/— in the table: not graded, fewer than 5 failures to judge/);
    await go(page, "/servers/quiet?range=24h");
    expect(await page.getByTestId("not-graded").first().innerText()).toContain(
      "not graded: fewer than 5 failures to judge",
    );
    await go(page, "/tools?range=24h");
    expect(await page.getByTestId("dash-legend").innerText()).toMatch(/— in the table: nothing to measure/);
    await context.close();
  });
});

describe("one vocabulary", () => {
  it("outcome and category filters and chips read in words, the values in the URL stay", async () => {
    const { context, page } = await open(1280, 800);
    await go(page, "/calls?range=24h&outcome=tool_error&outcome=silent_failure&category=rate_limited");
    const chips = (await page.locator('[data-testid="filter-chip"]').allInnerTexts()).map((chip) =>
      chip.replace(/\s+/g, " "),
    );
    expect(chips.join("\n")).toContain("Outcome: tool error");
    expect(chips.join("\n")).toContain("Outcome: silent failure");
    expect(chips.join("\n")).toContain("Category: rate limited");
    expect(chips.join("\n")).not.toMatch(/tool_error|silent_failure|rate_limited/);
    await page.getByTestId("filter-outcome").click();
    const options = page.locator('input[name="outcome"]');
    const choices = await options.evaluateAll((inputs) =>
      inputs.map((input) => `${(input as HTMLInputElement).value}=${input.parentElement!.textContent}`),
    );
    expect(choices).toEqual([
      "ok=ok",
      "tool_error=tool error",
      "protocol_error=protocol error",
      "transport_error=transport error",
      "silent_failure=silent failure",
    ]);
    await go(page, "/calls/messy-50");
    const outcome = await page
      .locator("dt", { hasText: /^Outcome$/ })
      .locator("xpath=..")
      .innerText();
    expect(outcome).toContain("silent failure");
    expect(outcome).not.toContain("_");
    await context.close();
  });
});

describe.each(SIZES)("at $name px", ({ name, width, height }) => {
  it("every page changed is axe-clean and does not scroll sideways", async () => {
    const { context, page } = await open(width, height);
    const problems: string[] = [];
    // The pages this file's data shapes; the others (grading, Servers, a card, Settings, Tools) are in
    // the accessibility test's list, at both widths and in the dark scheme.
    for (const [label, target] of [
      ["server-card", "/servers/messy?range=24h"],
      ["activity-outcomes", "/calls?range=24h&outcome=tool_error&outcome=silent_failure"],
      ["call-silent", "/calls/messy-50"],
    ] as const) {
      await go(page, target);
      await page.waitForTimeout(200);
      problems.push(...(await axeViolations(page)).map((problem) => `${target} at ${name}: ${problem}`));
      const wide = await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      if (wide) problems.push(`${target} at ${name}: scrolls sideways`);
      await screenshot(page, `discovery-${label}-${name}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
