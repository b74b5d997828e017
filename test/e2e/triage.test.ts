import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../lib/auth/users";
import { toolErrorResult } from "../fixtures/jsonrpc";
import { launchBrowser, screenshot, signIn } from "../helpers/browser";
import { startDashboardApp, type DashboardApp } from "../helpers/dashboard-app";

// Triage on a failure signature in real Chromium against the built app: assign it to a teammate,
// link the issue that tracks it, comment, merge it into the signature that is the same problem
// (and unmerge), open a prefilled issue in the team's tracker, and snooze its server's alerts.

const KEY = "flk_triage_e2e_key_00000000000000000";
const ADMIN = { email: "admin@triage.test", password: "triage admin password" };
const TEAMMATE = "sam@triage.test";

let dashboard: DashboardApp;
let browser: Browser;
let page: Page;

function failures(text: string, count: number, prefix: string) {
  return Array.from({ length: count }, (_, index) => ({
    id: `${prefix}-${index}`,
    occurredAt: new Date(Date.now() - (index + 1) * 60_000).toISOString(),
    server: "billing",
    tool: "charge",
    response: toolErrorResult(text),
  }));
}

beforeAll(async () => {
  dashboard = await startDashboardApp("triage", { key: KEY, admin: ADMIN });
  const response = await dashboard.postCalls({
    calls: [
      ...failures("Acquirer timed out after 30 s (eu-1)", 4, "eu"),
      ...failures("Acquirer did not answer in time", 2, "late"),
    ],
  });
  expect(response.status).toBe(200);
  const { prisma } = dashboard.database.database;
  const project = await prisma.project.findUniqueOrThrow({ where: { name: "default" } });
  await createUser(prisma, { email: TEAMMATE, password: "a teammate password", projectIds: [project.id] });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(page, dashboard.app.url, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
  await dashboard?.stop();
});

async function signaturePage(text: string): Promise<string> {
  await page.goto(`${dashboard.app.url}/failures?range=24h&status=all`, { waitUntil: "networkidle" });
  const card = page.getByTestId("signature-group").filter({ hasText: text });
  const href = await card.getByTestId("signature-link").getAttribute("href");
  const path = href!.split("?")[0]!;
  await page.goto(`${dashboard.app.url}${path}`, { waitUntil: "networkidle" });
  return path.split("/").pop()!;
}

const triage = () => page.getByTestId("signature-triage");

describe("triage on a signature's page", () => {
  it("assigns it, links its issue and keeps comments, each in the history", async () => {
    await signaturePage("Acquirer timed out");
    await triage().getByLabel("Assignee").selectOption(TEAMMATE);
    await triage().getByRole("button", { name: "Assign" }).click();
    await expect.poll(() => page.getByTestId("assign-result").textContent()).toBe("Assignee saved.");
    await triage().getByLabel("Linked issue").fill("javascript:alert(1)");
    await triage().getByRole("button", { name: "Link" }).click();
    await expect
      .poll(() => page.getByTestId("link-result").textContent())
      .toMatch(/^The issue URL must be an http or https URL/);
    await triage().getByLabel("Linked issue").fill("https://github.com/acme/billing/issues/7");
    await triage().getByRole("button", { name: "Link" }).click();
    await expect.poll(() => page.getByTestId("link-result").textContent()).toBe("Linked issue saved.");
    await triage().getByLabel("Add a comment").fill("Started after the <b>acquirer</b> moved regions.");
    await triage().getByRole("button", { name: "Add comment" }).click();
    await expect.poll(() => page.getByTestId("comment-result").textContent()).toBe("Comment added.");
    await page.reload({ waitUntil: "networkidle" });
    expect(await page.getByTestId("linked-issue").getAttribute("href")).toBe(
      "https://github.com/acme/billing/issues/7",
    );
    const comment = page.getByTestId("signature-comments").locator("li").first();
    expect(await comment.innerText()).toContain("Started after the <b>acquirer</b> moved regions.");
    expect(await comment.locator("b").count()).toBe(0);
    const history = await page.getByTestId("signature-history").innerText();
    expect(history).toContain(`assigned to ${TEAMMATE}`);
    expect(history).toContain("linked https://github.com/acme/billing/issues/7");
    await screenshot(page, "triage-signature");
    // The Failures list says who is on it.
    await page.goto(`${dashboard.app.url}/failures?range=24h`, { waitUntil: "networkidle" });
    expect(
      await page.getByTestId("signature-group").filter({ hasText: "Acquirer timed out" }).innerText(),
    ).toContain(`assigned to ${TEAMMATE}`);
  });

  it("merges a signature into the one that is the same problem, and unmerges it", async () => {
    const keep = await signaturePage("Acquirer timed out");
    // The id to merge into is on the page, to copy (not only in the address).
    expect(await page.getByTestId("signature-id").textContent()).toBe(keep);
    const merged = await signaturePage("Acquirer did not answer");
    await triage().getByLabel("Same problem as another signature?").fill(keep);
    await triage().getByRole("button", { name: "Merge into it" }).click();
    await expect.poll(() => page.getByTestId("merge-result").textContent()).toBe("Merged.");
    await page.goto(`${dashboard.app.url}/failures?range=24h`, { waitUntil: "networkidle" });
    const groups = page.getByTestId("signature-group");
    expect(await groups.count()).toBe(1);
    expect(await groups.first().innerText()).toMatch(/6 in all/);
    await page.goto(`${dashboard.app.url}/failures/${keep}`, { waitUntil: "networkidle" });
    expect(await page.getByTestId("merged-signatures").innerText()).toContain(merged.slice(0, 12));
    await screenshot(page, "triage-merged");

    await page.goto(`${dashboard.app.url}/failures/${merged}`, { waitUntil: "networkidle" });
    expect(await page.getByTestId("merged-into").innerText()).toContain(keep.slice(0, 12));
    // It is triaged where it counts: no status, assignee or issue of its own while merged.
    expect(await page.getByTestId("merged-badge").textContent()).toBe("MERGED");
    expect(await page.getByTestId("signature-actions").count()).toBe(0);
    expect(await triage().getByLabel("Assignee").count()).toBe(0);
    await triage().getByTestId("unmerge").click();
    await expect
      .poll(() => page.getByTestId("merge-result").textContent())
      .toBe("Unmerged: it counts on its own again.");
    await page.goto(`${dashboard.app.url}/failures?range=24h`, { waitUntil: "networkidle" });
    expect(await page.getByTestId("signature-group").count()).toBe(2);
  });

  it("opens an issue in the team's tracker, prefilled, once its URL is set in Settings", async () => {
    // A signature without a linked issue offers one (the other has its issue linked above).
    await signaturePage("Acquirer did not answer");
    await triage().getByRole("link", { name: "add its URL in Settings" }).click();
    await page.waitForURL(/\/settings/, { waitUntil: "networkidle" });
    const template = "https://github.com/acme/billing/issues/new?title={title}&body={body}";
    await page.getByLabel(/New-issue URL of your tracker/).fill(template);
    await page.locator("#issue-tracker").getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => page.locator("#issue-tracker").getByRole("status").textContent())
      .toMatch(/^Saved/);
    await signaturePage("Acquirer did not answer");
    const href = await page.getByTestId("open-issue").getAttribute("href");
    const url = new URL(href!);
    expect(`${url.origin}${url.pathname}`).toBe("https://github.com/acme/billing/issues/new");
    expect(url.searchParams.get("title")).toMatch(/^billing\/charge: \S+ — Acquirer did not answer in time$/);
    expect(url.searchParams.get("body")).toContain("Acquirer did not answer in time");
    expect(url.searchParams.get("body")).toContain(`${dashboard.app.url}/failures/`);
    // And from a server's report card, with the card's Markdown.
    await page.goto(`${dashboard.app.url}/servers/billing?range=24h`, { waitUntil: "networkidle" });
    const card = new URL((await page.getByTestId("open-issue").getAttribute("href"))!);
    expect(card.searchParams.get("title")).toMatch(/^billing: MCP error hygiene, overall grade /);
    expect(card.searchParams.get("body")).toContain("report-card/grading");
  });

  it("snoozes alerts about its server from the signature's page", async () => {
    await signaturePage("Acquirer timed out");
    const snooze = page.getByTestId("snooze-form");
    await snooze.getByLabel("Snooze alerts about billing for").selectOption("240");
    await snooze.getByRole("button", { name: "Snooze" }).click();
    await expect
      .poll(() => snooze.getByRole("status").textContent())
      .toBe("Alerts about billing are held for 4 h.");
    await page.goto(`${dashboard.app.url}/settings/alerts`, { waitUntil: "networkidle" });
    const windows = await page.getByTestId("mute-windows").innerText();
    expect(windows).toMatch(/open until .*every rule, server billing/);
    expect(windows).toContain("snoozed from failure signature");
    await screenshot(page, "triage-snoozed");
  });
});
