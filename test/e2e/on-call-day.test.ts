import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AlertMessage } from "../../lib/alerts";
import { textResult, toolErrorResult } from "../fixtures/jsonrpc";
import { freePort, startAppServer, type AppServer } from "../helpers/app-server";
import { launchBrowser, screenshot, signIn } from "../helpers/browser";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";
import { startReceiver, type Receiver } from "../integration/alert-receiver";

// A day of on-call, end to end, in real Chromium at a laptop's 1280×800 and a phone's 390×844:
// rules made where the problem is ("Alert me on this" on the Tools page, for a tool and for its
// server), a typo'd server warned about, a burst of failures paging a local webhook receiver
// with the top signature's code, category, example text and a link that opens on both screens,
// a PagerDuty-format receiver (the operator's endpoint override, local) getting trigger and
// resolve with one dedup_key; the alert resolving, coming back within its cool-down and paging
// again at once; and the Failures list in its compact view with a bounded one-click Ignore.

const KEY = "flk_on_call_day_key_00000000000000000";
const ADMIN = { email: "oncall@day.test", password: "on call day password" };
const ROUTING_KEY = "PDroutingKey0123456789abcdef0123";
const SIZES = [
  { name: "1280", width: 1280, height: 800 },
  { name: "390", width: 390, height: 844 },
] as const;

let testDatabase: TestDatabase;
let app: AppServer;
let webhook: Receiver;
let pagerduty: Receiver;
let browser: Browser;
const pages = new Map<string, { context: BrowserContext; page: Page }>();

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function post(calls: Record<string, unknown>[]) {
  const response = await fetch(`${app.url}/api/v1/calls`, {
    method: "POST",
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    body: JSON.stringify({ calls }),
  });
  expect(response.status).toBe(200);
}

const timedOut = (index: number) => ({
  server: "crm",
  tool: "lookup_lead",
  sessionId: `session-${index % 3}`,
  agent: "support-bot",
  response: toolErrorResult(`Upstream CRM timed out after 30 s (request ${index})`, "upstream_timeout"),
});
const healthy = () => ({
  server: "crm",
  tool: "lookup_lead",
  agent: "support-bot",
  response: textResult("lead"),
});

const firing = (receiver: Receiver) =>
  receiver.accepted().filter((request) => (request.body as AlertMessage).status === "firing");
const webhookMessages = (status: AlertMessage["status"]) =>
  webhook
    .accepted()
    .map((request) => request.body as AlertMessage)
    .filter((message) => message.status === status);
const pagerDutyEvents = () => pagerduty.accepted().map((request) => request.body as Record<string, unknown>);

/** Whether the page scrolls sideways (wider than its viewport). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

beforeAll(async () => {
  testDatabase = await createTestDatabase("on_call_day");
  [webhook, pagerduty] = await Promise.all([startReceiver(), startReceiver()]);
  const port = await freePort();
  app = await startAppServer(
    {
      DATABASE_URL: testDatabase.url,
      FAULTLINE_INIT_INGEST_KEY: KEY,
      FAULTLINE_ADMIN_EMAIL: ADMIN.email,
      FAULTLINE_ADMIN_PASSWORD: ADMIN.password,
      FAULTLINE_ALERTS_INTERVAL_SECONDS: "1",
      FAULTLINE_ALERTS_RETRY_SECONDS: "0.5",
      FAULTLINE_ALERTS_ALLOW_PRIVATE: "1",
      // The app's own address: the links in a message open it.
      FAULTLINE_PUBLIC_URL: `http://127.0.0.1:${port}`,
      FAULTLINE_ALERTS_PAGERDUTY_URL: `${pagerduty.url}/v2/enqueue`,
    },
    { port },
  );
  // The day before: crm healthy, and fourteen other problems of other servers, some hours old.
  await post([
    ...Array.from({ length: 3 }, healthy),
    ...Array.from({ length: 14 }, (_, index) => ({
      occurredAt: minutesAgo(120 + index),
      server: `svc-${index % 3}`,
      tool: `tool_${index}`,
      response: toolErrorResult(`Failure kind ${index}: the backend said no`, `code_${index}`),
    })),
    { server: "billing", tool: "charge", response: textResult("charged") },
  ]);
  browser = await launchBrowser();
  for (const size of SIZES) {
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
    const page = await context.newPage();
    await signIn(page, app.url, ADMIN.email, ADMIN.password);
    pages.set(size.name, { context, page });
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await webhook?.close();
  await pagerduty?.close();
  await testDatabase?.drop();
});

const laptop = () => pages.get("1280")!.page;

/** Fills the prefilled new-rule form the way a person would and creates the rule. */
async function createFromForm(page: Page, fill: (form: ReturnType<Page["getByTestId"]>) => Promise<void>) {
  const form = page.getByTestId("rule-form");
  await form.getByLabel("Failure rate at or above (%)").fill("20");
  await form.getByLabel("Minimum calls in the window").fill("5");
  await form.getByLabel("Window (minutes)").fill("5");
  await form.getByLabel("Cool-down (minutes between messages)").fill("60");
  await fill(form);
  await form.getByRole("button", { name: "Create rule" }).click();
  await expect.poll(() => form.getByRole("status").textContent()).toMatch(/^Rule “.+” created\.$/);
  return form;
}

describe("an on-call day", () => {
  it("rules start where the problem is: Alert me on this, for a tool and for its server", async () => {
    const page = laptop();
    await page.goto(`${app.url}/tools`, { waitUntil: "networkidle" });
    const row = page.getByTestId("tool-row").filter({ hasText: "lookup_lead" });
    await row.getByRole("link", { name: "Alert me on this tool" }).click();
    await page.waitForURL(/\/settings\/alerts\?/, { waitUntil: "networkidle" });
    const form = page.getByTestId("rule-form");
    // Prefilled from the tool, with the names recent calls carried on offer.
    expect(await form.getByLabel("Name").inputValue()).toBe("crm/lookup_lead failing");
    expect(await form.getByLabel("Server (empty: every server)").inputValue()).toBe("crm");
    expect(await form.getByLabel("Tool (empty: every tool)").inputValue()).toBe("lookup_lead");
    const offered = await page
      .locator("#known-servers option")
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(offered).toEqual(expect.arrayContaining(["crm", "billing", "svc-0"]));
    await screenshot(page, "on-call-day-1280-rule-prefilled");
    await createFromForm(page, async (filled) => {
      await filled.getByLabel("Send to").selectOption("webhook");
      await filled.getByLabel("Receiver URL").fill(`${webhook.url}/oncall`);
    });
    await screenshot(page, "on-call-day-1280-rule-from-tool");

    // The server's own rule, paging PagerDuty at critical.
    await page.goto(`${app.url}/tools`, { waitUntil: "networkidle" });
    await page
      .getByTestId("tool-row")
      .filter({ hasText: "lookup_lead" })
      .getByRole("link", { name: "Alert me on this server" })
      .click();
    await page.waitForURL(/\/settings\/alerts\?/, { waitUntil: "networkidle" });
    expect(await form.getByLabel("Name").inputValue()).toBe("crm failing");
    await createFromForm(page, async (filled) => {
      await filled.getByLabel("Severity").selectOption("critical");
      await filled.getByLabel("Send to").selectOption("pagerduty");
      await filled.getByLabel(/^Routing key/).fill(ROUTING_KEY);
    });
    const card = page.getByTestId("alert-rule").filter({ hasText: "crm failing" }).first();
    await expect.poll(() => card.textContent()).toContain("PagerDuty (Events API v2), routing key …0123");
    expect(await page.content()).not.toContain(ROUTING_KEY);
    expect(await card.getByTestId("rule-severity").textContent()).toBe("critical");
  });

  it("a rule for a server no call came from is saved with a warning, and never reads a silent ok", async () => {
    const page = laptop();
    await page.goto(`${app.url}/settings/alerts`, { waitUntil: "networkidle" });
    const form = await createFromForm(page, async (filled) => {
      await filled.getByLabel("Name").fill("Billing failing");
      await filled.getByLabel("Server (empty: every server)").fill("biling");
      await filled.getByLabel("Send to").selectOption("webhook");
      await filled.getByLabel("Receiver URL").fill(`${webhook.url}/billing`);
    });
    expect(await form.getByTestId("rule-warning").textContent()).toBe(
      "Warning: no calls from server “biling” seen in the last 7 days (did you mean “billing”?); it stays ok until such calls arrive.",
    );
    const card = page.getByTestId("alert-rule").filter({ hasText: "Billing failing" });
    await expect
      .poll(() => card.getByTestId("rule-unseen").textContent(), { timeout: 15_000 })
      .toBe("⚠ no calls from server “biling” seen in the last 7 days");
    await screenshot(page, "on-call-day-1280-unknown-server");
    // Out of the way for the rest of the day.
    await card.getByRole("button", { name: "Delete" }).click();
    await expect
      .poll(() => page.getByTestId("alert-rule").filter({ hasText: "Billing failing" }).count())
      .toBe(0);
  });

  it("a burst pages the webhook with the top signature's code, category, example and link, and PagerDuty triggers", async () => {
    const burstEnded = Date.now();
    await post(Array.from({ length: 12 }, (_, index) => timedOut(index)));
    await webhook.waitFor(() => firing(webhook).length > 0, 30_000);
    await pagerduty.waitFor(() => firing(pagerduty).length > 0 || pagerDutyEvents().length > 0, 30_000);
    console.log(
      `[on-call day] the burst paged the webhook ${firing(webhook)[0]!.at - burstEnded} ms after it was sent`,
    );
    const message = webhookMessages("firing")[0]!;
    const top = message.figures.top!;
    expect(top).toMatchObject({
      server: "crm",
      tool: "lookup_lead",
      errorCode: "upstream_timeout",
      category: expect.any(String),
      example: expect.stringMatching(/^Upstream CRM timed out after 30 s \(request \d+\)$/),
      calls: 12,
      ofFailures: 12,
      link: expect.stringMatching(new RegExp(`^${app.url.replace(/[.]/g, "\\.")}/failures/[0-9a-f]+$`)),
    });
    expect(top.nextStep?.action).toBeTruthy();
    // What the person paged reads: the code, the category, the example, the next step, the link.
    expect(message.text).toContain(`Top signature: upstream_timeout · ${top.category} · `);
    expect(message.text).toContain(`The agent saw: "${top.example}"`);
    expect(message.text).toContain(`Next step: ${top.nextStep!.action}.`);
    expect(message.text).toContain(`<${top.link}|Open the signature>`);

    const trigger = pagerDutyEvents()[0]!;
    expect(trigger).toMatchObject({
      routing_key: ROUTING_KEY,
      event_action: "trigger",
      payload: {
        severity: "critical",
        custom_details: { errorCode: "upstream_timeout", category: top.category, signatureLink: top.link },
      },
    });
  });

  it.each(SIZES)("the link opens the signature at $name px, without sideways scroll", async (size) => {
    const page = pages.get(size.name)!.page;
    const link = webhookMessages("firing")[0]!.figures.top!.link;
    await page.goto(link, { waitUntil: "networkidle" });
    expect(await page.locator("h1").textContent()).toContain("crm / lookup_lead");
    expect(await page.textContent("main")).toContain("upstream_timeout");
    // Of crm/lookup_lead's 15 calls (3 healthy, 12 failing) in the period, 80% fail this way.
    expect((await page.getByTestId("signature-share").textContent())!.replace(/\s+/g, " ")).toBe(
      "80% of crm / lookup_lead’s calls in this period fail with this signature (12 of 15).",
    );
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, `on-call-day-${size.name}-signature-from-alert`);
    // Alert me on this: a new rule for the signature's tool, filled in.
    expect(await page.getByTestId("alert-me").getAttribute("href")).toBe(
      "/settings/alerts?kind=failure_rate&server=crm&tool=lookup_lead&name=crm%2Flookup_lead+failing",
    );
    // A session opens its timeline (the run's calls in order); an agent, Activity filtered by it.
    await page.getByTestId("signature-sessions").getByRole("link", { name: "session-1" }).click();
    await page.waitForURL(/\/sessions\/session-1$/, { waitUntil: "networkidle" });
    expect(await page.getByTestId("timeline-call").count()).toBe(4);
    await page.goBack({ waitUntil: "networkidle" });
    await page.getByTestId("signature-agents").getByRole("link", { name: "support-bot" }).click();
    await page.waitForURL(/agent=support-bot/, { waitUntil: "networkidle" });
    expect(await page.getByTestId("call-row").count()).toBe(15);
  });

  it("it resolves: one resolved message, and PagerDuty resolves the incident it opened", async () => {
    await post(Array.from({ length: 60 }, healthy));
    await webhook.waitFor(() => webhookMessages("resolved").length > 0, 30_000);
    await pagerduty.waitFor(
      () => pagerDutyEvents().some((event) => event.event_action === "resolve"),
      30_000,
    );
    const [trigger, resolve] = pagerDutyEvents();
    expect(resolve).toMatchObject({ event_action: "resolve", routing_key: ROUTING_KEY });
    expect(resolve!.dedup_key).toBe(trigger!.dedup_key);
    expect(webhookMessages("resolved")[0]!.text).toMatch(
      /^✅ Resolved \(error\) \[default\] crm\/lookup_lead failing/,
    );
  });

  it("it comes back within the cool-down and pages again at once, as a new incident", async () => {
    const returned = Date.now();
    await post(Array.from({ length: 30 }, (_, index) => timedOut(100 + index)));
    await webhook.waitFor(() => webhookMessages("firing").length > 1, 30_000);
    await pagerduty.waitFor(
      () => pagerDutyEvents().filter((event) => event.event_action === "trigger").length > 1,
      30_000,
    );
    const again = firing(webhook)[1]!;
    console.log(
      `[on-call day] back within the 60 min cool-down: paged again ${again.at - returned} ms later`,
    );
    expect(again.at - returned).toBeLessThan(15_000);
    expect((again.body as AlertMessage).repeat).toBe(false);
    const events = pagerDutyEvents();
    expect(events.map((event) => event.event_action)).toEqual(["trigger", "resolve", "trigger"]);
    expect(events[2]!.dedup_key).not.toBe(events[0]!.dedup_key);
  });

  it("Settings → Alerts shows what was sent, on a laptop and a phone", async () => {
    for (const size of SIZES) {
      const page = pages.get(size.name)!.page;
      await page.goto(`${app.url}/settings/alerts`, { waitUntil: "networkidle" });
      const card = page.getByTestId("alert-rule").filter({ hasText: "crm failing" }).last();
      await expect.poll(() => card.getByTestId("attempt-row").count()).toBe(3);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `on-call-day-${size.name}-alert-settings`);
      // The paging tools in the form: a key field (never filled back), a region for Opsgenie.
      const form = page.getByTestId("rule-form");
      await form.getByLabel("Send to").selectOption("opsgenie");
      await form.getByLabel("Opsgenie region").selectOption("eu");
      expect(await form.getByLabel(/^API key/).getAttribute("type")).toBe("password");
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `on-call-day-${size.name}-opsgenie-form`);
    }
  });

  it("the Failures list has a compact view (10–15 rows on a laptop screen) and a bounded one-click Ignore", async () => {
    const page = laptop();
    await page.goto(`${app.url}/failures`, { waitUntil: "networkidle" });
    await page.getByTestId("view-toggle").getByRole("link", { name: "Compact" }).click();
    await page.waitForURL(/view=compact/, { waitUntil: "networkidle" });
    const rows = page.getByTestId("signature-group");
    expect(await rows.count()).toBe(15);
    const bottoms = await rows.evaluateAll((items) =>
      items.map((item) => item.getBoundingClientRect().bottom),
    );
    const visible = bottoms.filter((bottom) => bottom <= 800).length;
    console.log(`[on-call day] compact Failures list: ${visible} rows visible at 1280×800`);
    expect(visible).toBeGreaterThanOrEqual(10);
    expect(visible).toBeLessThanOrEqual(15);
    await screenshot(page, "on-call-day-1280-failures-compact");
    // The choice is in the URL: the next page and a reload keep it.
    await page.reload({ waitUntil: "networkidle" });
    expect(
      await page
        .getByTestId("view-toggle")
        .getByRole("link", { name: "Compact" })
        .getAttribute("aria-current"),
    ).toBe("page");

    const phone = pages.get("390")!.page;
    await phone.goto(`${app.url}/failures?view=compact`, { waitUntil: "networkidle" });
    expect(await scrollsSideways(phone)).toBe(false);
    await screenshot(phone, "on-call-day-390-failures-compact");

    // One click ignores for 24 hours, as the button says, not forever.
    const row = rows.filter({ hasText: "svc-0 / tool_3" });
    await row.getByRole("button", { name: "Ignore for 24 hours" }).click();
    await expect.poll(() => rows.filter({ hasText: "svc-0 / tool_3" }).count()).toBe(0);
    await page.goto(`${app.url}/failures?status=ignored&view=compact`, { waitUntil: "networkidle" });
    await rows.filter({ hasText: "svc-0 / tool_3" }).getByTestId("signature-link").click();
    await page.waitForURL(/\/failures\/[0-9a-f]+/, { waitUntil: "networkidle" });
    const limit = await page.getByTestId("ignore-limit").textContent();
    expect(limit).toMatch(/^Ignored until .+; then it opens again\.$/);
    const history = await page.getByTestId("signature-history").textContent();
    expect(history).toMatch(/open → ignored \(until \d{4}-\d\d-\d\dT/);
  });
});
