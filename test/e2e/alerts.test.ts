import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AlertMessage } from "../../lib/alerts";
import { createUser } from "../../lib/auth/users";
import { textResult, toolErrorResult } from "../fixtures/jsonrpc";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { launchBrowser, screenshot, signIn } from "../helpers/browser";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";
import { startReceiver, type Receiver } from "../integration/alert-receiver";

// Alerts end to end: the built app evaluating every second, a real local receiver, a real burst
// of failing calls through POST /api/v1/calls. Exactly one alert, exactly one resolved message,
// a receiver answering 500 then 200 accepting the message once; the rule made with an admin key
// created in Settings, and managed in Settings → Alerts in real Chromium.

const KEY = "flk_alerts_e2e_key_000000000000000";
const ADMIN = { email: "admin@alerts.test", password: "alerts admin password" };
const MEMBER = { email: "member@alerts.test", password: "alerts member password" };

let testDatabase: TestDatabase;
let app: AppServer;
let receiver: Receiver;
let browser: Browser;
let page: Page;
let adminKey: string;
let ruleId: string;

beforeAll(async () => {
  testDatabase = await createTestDatabase("alerts_e2e");
  receiver = await startReceiver();
  app = await startAppServer({
    DATABASE_URL: testDatabase.url,
    FAULTLINE_INIT_INGEST_KEY: KEY,
    FAULTLINE_ADMIN_EMAIL: ADMIN.email,
    FAULTLINE_ADMIN_PASSWORD: ADMIN.password,
    FAULTLINE_ALERTS_INTERVAL_SECONDS: "1",
    FAULTLINE_ALERTS_RETRY_SECONDS: "0.5",
    FAULTLINE_ALERTS_ALLOW_PRIVATE: "1",
    FAULTLINE_PUBLIC_URL: "https://faultline.example",
  });
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  await signIn(page, app.url, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await receiver?.close();
  await testDatabase?.drop();
});

async function api(method: string, path: string, key: string, body?: unknown) {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const messagesWith = (status: AlertMessage["status"]) =>
  receiver.received.filter((request) => (request.body as AlertMessage).status === status);
const acceptedWith = (status: AlertMessage["status"]) =>
  receiver.accepted().filter((request) => (request.body as AlertMessage).status === status);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("alerts", () => {
  it("an admin creates a key with the admin scope in Settings", async () => {
    await page.goto(`${app.url}/settings`, { waitUntil: "networkidle" });
    const keyForm = page.locator("form", { has: page.getByRole("button", { name: "Create key" }) });
    await keyForm.getByLabel("Name").fill("alerts admin key");
    await keyForm.getByLabel("ingest", { exact: true }).uncheck();
    await keyForm.getByLabel("admin (alert rules, triage)").check();
    await keyForm.getByRole("button", { name: "Create key" }).click();
    adminKey = (await page.getByTestId("new-key").textContent({ timeout: 10_000 }))!.trim();
    expect(adminKey).toMatch(/^flk_/);
    const created = await api("GET", "/api/v1/alert-rules", adminKey);
    expect(created).toEqual({ status: 200, body: { rules: [] } });
    // The ingest key is not an admin key.
    expect((await api("GET", "/api/v1/alert-rules", KEY)).status).toBe(403);
  });

  it("a burst of failing calls fires exactly one alert; the receiver answers 500 then 200 and gets it once", async () => {
    const created = await api("POST", "/api/v1/alert-rules", adminKey, {
      name: "CRM lookups failing",
      kind: "failure_rate",
      server: "crm",
      tool: "lookup_lead",
      windowMinutes: 5,
      threshold: 50,
      minCalls: 5,
      cooldownMinutes: 60,
      destination: { type: "webhook", url: `${receiver.url}/faultline` },
    });
    expect(created.status).toBe(201);
    ruleId = created.body.id as string;
    // A few healthy calls first, then evaluation rounds pass: nothing fires.
    for (let index = 0; index < 3; index += 1) {
      await api("POST", "/api/v1/calls", KEY, {
        server: "crm",
        tool: "lookup_lead",
        response: textResult("lead"),
      });
    }
    await sleep(2_500);
    expect(receiver.received).toEqual([]);

    receiver.answer([500], 200);
    const burstStarted = Date.now();
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        api("POST", "/api/v1/calls", KEY, {
          server: "crm",
          tool: "lookup_lead",
          response: toolErrorResult(`Upstream CRM timed out (request ${index})`, "upstream_timeout"),
        }).then((answer) => answer.status),
      ),
    );
    const burstEnded = Date.now();
    expect(statuses).toEqual(Array.from({ length: 12 }, () => 200));

    await receiver.waitFor(() => acceptedWith("firing").length > 0, 30_000);
    const firstAttempt = messagesWith("firing")[0]!.at;
    const delivered = acceptedWith("firing")[0]!.at;
    console.log(
      `[alerts e2e] burst of 12 failing calls sent in ${burstEnded - burstStarted} ms; ` +
        `first attempt ${firstAttempt - burstEnded} ms after the burst (answered 500), ` +
        `delivered ${delivered - burstEnded} ms after the burst (evaluation every 1 s, first retry after 0.5 s)`,
    );

    // Further rounds while it still fails: no second alert.
    await sleep(4_000);
    expect(messagesWith("firing").map((request) => request.status)).toEqual([500, 200]);
    expect(acceptedWith("firing")).toHaveLength(1);
    const [first, retry] = messagesWith("firing");
    expect(first!.headers["x-faultline-delivery"]).toBe(retry!.headers["x-faultline-delivery"]);
    const message = acceptedWith("firing")[0]!.body as AlertMessage;
    expect(message).toMatchObject({
      status: "firing",
      project: { name: "default" },
      rule: { id: ruleId, name: "CRM lookups failing", kind: "failure_rate", threshold: 50 },
    });
    // A round may have run in the middle of the burst: the figures are those it saw.
    const figures = message.figures;
    expect(figures.calls).toBeGreaterThanOrEqual(5);
    expect(figures.failures! / figures.calls!).toBeGreaterThanOrEqual(0.5);
    expect(figures.failureRatePercent).toBe(Math.round((figures.failures! / figures.calls!) * 1000) / 10);
    expect(message.link).toMatch(
      /^https:\/\/faultline\.example\/calls\?range=custom&.*server=crm&tool=lookup_lead$/,
    );
    expect(message.text).toContain(
      `🔴 Firing (error) [default] CRM lookups failing: failure rate of crm/lookup_lead is ${figures.failureRatePercent}% (${figures.failures} of ${figures.calls} calls) over the last 5 min; threshold 50%`,
    );
    const rule = await api("GET", `/api/v1/alert-rules/${ruleId}`, adminKey);
    expect(rule.body).toMatchObject({ state: { status: "firing" } });
  });

  it("recovery sends exactly one resolved message", async () => {
    const recovered = Date.now();
    await api("POST", "/api/v1/calls", KEY, {
      calls: Array.from({ length: 40 }, () => ({
        server: "crm",
        tool: "lookup_lead",
        response: textResult("lead found"),
      })),
    });
    await receiver.waitFor(() => acceptedWith("resolved").length > 0, 30_000);
    console.log(
      `[alerts e2e] resolved delivered ${acceptedWith("resolved")[0]!.at - recovered} ms after the recovery`,
    );
    await sleep(4_000);
    expect(acceptedWith("resolved")).toHaveLength(1);
    expect(acceptedWith("firing")).toHaveLength(1);
    expect(receiver.accepted()).toHaveLength(2);
    const resolved = acceptedWith("resolved")[0]!.body as AlertMessage;
    expect(resolved.figures).toMatchObject({ calls: 55, failures: 12 });
    expect(resolved.text).toMatch(/^✅ Resolved \(error\) \[default\] CRM lookups failing/);
  });

  it("Settings → Alerts shows the rule, its state and every delivery attempt; send test delivers", async () => {
    await page.goto(`${app.url}/settings`, { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "Alert rules" }).click();
    await page.waitForURL(/\/settings\/alerts$/, { waitUntil: "networkidle" });
    const card = page.getByTestId("alert-rule").filter({ hasText: "CRM lookups failing" });
    await expect.poll(() => card.textContent()).toContain("ok");
    const attempts = card.getByTestId("attempt-row");
    // resolved (1 attempt), firing (500 then 200): newest first.
    expect(await attempts.count()).toBe(3);
    const text = (await card.getByTestId("delivery-attempts").innerText()).replace(/\s+/g, " ");
    expect(text).toMatch(/resolved delivered #1 .* delivered 200/);
    expect(text).toMatch(/firing delivered #1 .* retrying 500 HTTP 500: error 500 #2 .* delivered 200/);
    await screenshot(page, "alert-settings");

    await card.getByRole("button", { name: "Send test" }).click();
    await expect
      .poll(() => card.getByRole("status").textContent(), { timeout: 15_000 })
      .toMatch(/^Test message delivered \(HTTP 200, \d+ ms\)\.$/);
    expect(acceptedWith("test")).toHaveLength(1);
    expect((acceptedWith("test")[0]!.body as AlertMessage).text).toMatch(
      /^🧪 Test \(error\) \[default\] CRM lookups failing/,
    );
    await page.reload({ waitUntil: "networkidle" });
    expect(await card.getByTestId("attempt-row").count()).toBe(4);
    await screenshot(page, "alert-settings-after-test");
  });

  it("a rule whose window holds too few calls shows no data, not ok, and says so once when asked", async () => {
    const created = await api("POST", "/api/v1/alert-rules", adminKey, {
      name: "Quiet CRM",
      kind: "failure_rate",
      server: "crm",
      tool: "lookup_lead",
      windowMinutes: 5,
      threshold: 5,
      minCalls: 100_000,
      notifyNoData: true,
      destination: { type: "webhook", url: `${receiver.url}/hook` },
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    await receiver.waitFor(() => acceptedWith("no_data").length > 0, 30_000);
    const rule = await api("GET", `/api/v1/alert-rules/${id}`, adminKey);
    expect(rule.body).toMatchObject({ notifyNoData: true, state: { status: "no_data", firingSince: null } });
    await page.goto(`${app.url}/settings/alerts`, { waitUntil: "networkidle" });
    const card = page.getByTestId("alert-rule").filter({ hasText: "Quiet CRM" });
    await expect.poll(() => card.textContent()).toContain("○ no data");
    expect(await card.textContent()).toContain("no data since");
    await screenshot(page, "alert-settings-no-data");
    const deleted = await fetch(`${app.url}/api/v1/alert-rules/${id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${adminKey}` },
    });
    expect(deleted.status).toBe(204);
  });

  it("rules are created, edited and deleted in Settings, with bad input named", async () => {
    await page.goto(`${app.url}/settings/alerts`, { waitUntil: "networkidle" });
    const form = page.getByTestId("rule-form");
    await form.getByLabel("Name").fill("Nightly sync stopped");
    await form.getByLabel("Fires when").selectOption("tool_silent");
    await form.getByLabel("Server").fill("crm");
    // Tool left empty: the server names the field and the rule.
    await form.getByLabel("No calls for (minutes)").fill("30");
    await form.getByLabel("Send to").selectOption("slack");
    await form.getByLabel("Receiver URL").fill(`${receiver.url}/services/T1/B1/abcdefgh`);
    await form.getByRole("button", { name: "Create rule" }).click();
    await expect
      .poll(() => form.getByRole("status").textContent())
      .toBe("tool: is required for a tool_silent rule (the tool the rule watches)");
    await form.getByLabel("Tool").fill("nightly_sync");
    await form.getByRole("button", { name: "Create rule" }).click();
    await expect
      .poll(() => form.getByRole("status").textContent())
      .toBe("Rule “Nightly sync stopped” created.");
    const card = page.getByTestId("alert-rule").filter({ hasText: "Nightly sync stopped" });
    await expect.poll(() => card.textContent()).toContain("no calls of crm/nightly_sync for 30 min");
    expect(await card.textContent()).toContain(`${receiver.url}/…efgh`);
    await screenshot(page, "alert-settings-new-rule");

    // Edit: the URL left empty keeps the saved one.
    await card.getByRole("link", { name: "Edit" }).click();
    await page.waitForURL(/edit=/, { waitUntil: "networkidle" });
    await form.getByLabel("No calls for (minutes)").fill("45");
    await form.getByRole("button", { name: "Save rule" }).click();
    await expect
      .poll(() => form.getByRole("status").textContent())
      .toBe("Rule “Nightly sync stopped” saved.");
    const saved = (await api("GET", "/api/v1/alert-rules", adminKey)).body.rules as {
      name: string;
      windowMinutes: number;
      destination: { urlPreview: string };
    }[];
    expect(saved.find((rule) => rule.name === "Nightly sync stopped")).toMatchObject({
      windowMinutes: 45,
      destination: { urlPreview: `${receiver.url}/…efgh` },
    });

    await page.goto(`${app.url}/settings/alerts`, { waitUntil: "networkidle" });
    await page
      .getByTestId("alert-rule")
      .filter({ hasText: "Nightly sync stopped" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect
      .poll(async () => page.getByTestId("alert-rule").filter({ hasText: "Nightly sync stopped" }).count())
      .toBe(0);
  });

  it("a rule per server: the form previews each server's traffic, and each server alerts on its own", async () => {
    // Traffic the preview reads: a busy server and a quiet one.
    const now = Date.now();
    const sent = await fetch(`${app.url}/api/v1/calls`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify({
        calls: [
          ...Array.from({ length: 30 }, (_, index) => ({
            id: `busy-${index}`,
            occurredAt: new Date(now - 2 * 60_000).toISOString(),
            server: "inventory",
            tool: "stock",
            response: textResult("12 in stock"),
          })),
          ...Array.from({ length: 2 }, (_, index) => ({
            id: `quiet-${index}`,
            occurredAt: new Date(now - 2 * 60_000).toISOString(),
            server: "ledger",
            tool: "post",
            response: textResult("posted"),
          })),
        ],
      }),
    });
    expect(sent.status).toBe(200);
    await page.goto(`${app.url}/settings/alerts`, { waitUntil: "networkidle" });
    const form = page.getByTestId("rule-form");
    await form.getByLabel("Name").fill("Each server failing");
    await form.getByLabel("Alert", { exact: true }).selectOption("server");
    await form.getByLabel("Minimum calls in the window").fill("20");
    await form.getByLabel("Window (minutes)").fill("15");
    const preview = page.getByTestId("traffic-preview");
    await expect
      .poll(() => preview.textContent(), { timeout: 10_000 })
      .toMatch(/^\d+ servers had calls in the last day; each is judged on its own calls/);
    const lines = await preview.locator("li").allInnerTexts();
    expect(lines.find((line) => line.startsWith("inventory"))).toMatch(/0–30 calls per window/);
    expect(lines.find((line) => line.startsWith("ledger"))).toMatch(/96 of 96 below the minimum/);
    await screenshot(page, "alert-settings-preview");
    await form.getByLabel("Minimum calls in the window").fill("3");
    await form.getByLabel("Send to").selectOption("webhook");
    await form.getByLabel("Receiver URL").fill(`${receiver.url}/per-server`);
    await form.getByRole("button", { name: "Create rule" }).click();
    await expect
      .poll(() => form.getByRole("status").textContent())
      .toBe("Rule “Each server failing” created.");

    const burst = await fetch(`${app.url}/api/v1/calls`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify({
        calls: ["inventory", "ledger"].flatMap((server) =>
          Array.from({ length: 5 }, (_, index) => ({
            id: `${server}-fail-${index}`,
            server,
            tool: "write",
            response: toolErrorResult(`${server} database is read-only`),
          })),
        ),
      }),
    });
    expect(burst.status).toBe(200);
    const perServer = () => receiver.accepted().filter((request) => request.path === "/per-server");
    await receiver.waitFor(() => perServer().length >= 1, 30_000);
    await sleep(2_500);
    const firing = perServer()
      .map((request) => request.body as AlertMessage)
      .filter((message) => ["inventory", "ledger"].includes(message.group?.server ?? ""));
    // Inventory's 35 calls hold 5 failures (14%): only the ledger, 5 of 7, fires (crm, failing
    // since the burst above, fires on its own too).
    expect(firing.map((message) => [message.status, message.group?.server])).toEqual([["firing", "ledger"]]);
    await page.reload({ waitUntil: "networkidle" });
    const card = page.getByTestId("alert-rule").filter({ hasText: "Each server failing" });
    const groups = await card.getByTestId("rule-group").allInnerTexts();
    expect(groups.find((group) => group.startsWith("ledger"))).toMatch(
      /^ledger: firing since .* · 71\.4% of 7 calls$/,
    );
    expect(groups.some((group) => group.startsWith("inventory"))).toBe(false);
    await screenshot(page, "alert-settings-per-server");
  });

  it("a mute window added in Settings shows on the rule it holds", async () => {
    await page.goto(`${app.url}/settings/alerts`, { waitUntil: "networkidle" });
    const form = page.getByTestId("mute-form");
    await form.getByLabel("Rule").selectOption({ label: "Each server failing" });
    await form.getByLabel("Reason").fill("ledger migration");
    await form.getByLabel("Lasts (minutes)").fill("90");
    await form.getByRole("button", { name: "Add mute window" }).click();
    await expect.poll(() => form.getByRole("status").textContent()).toBe("Mute window saved.");
    await page.reload({ waitUntil: "networkidle" });
    const card = page.getByTestId("alert-rule").filter({ hasText: "Each server failing" });
    expect(await card.getByTestId("rule-muted").textContent()).toBe("muted: ledger migration");
    expect(await page.getByTestId("mute-windows").innerText()).toMatch(
      /open until .* rule “Each server failing”/,
    );
    await screenshot(page, "alert-settings-muted");
    // A weekly window from tomorrow night, typed in the date picker (UTC), is kept as typed.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel("Server (empty: every server)").fill("ledger");
    await form.getByLabel("Starts (UTC; empty: now)").fill(`${tomorrow}T22:00`);
    await form.locator("select[name=repeat]").selectOption("weekly");
    await form.getByRole("button", { name: "Add mute window" }).click();
    await expect.poll(() => form.getByRole("status").textContent()).toBe("Mute window saved.");
    const mutes = (await api("GET", "/api/v1/alert-mutes", adminKey)).body.mutes as {
      server: string | null;
      startsAt: string;
      repeat: string;
    }[];
    expect(mutes.find((mute) => mute.server === "ledger")).toMatchObject({
      startsAt: `${tomorrow}T22:00:00.000Z`,
      repeat: "weekly",
    });
  });

  it("a member can neither manage alert rules nor create an admin key", async () => {
    const { prisma } = testDatabase.database;
    const project = await prisma.project.findUniqueOrThrow({ where: { name: "default" } });
    await createUser(prisma, { email: MEMBER.email, password: MEMBER.password, projectIds: [project.id] });
    const context = await browser.newContext();
    const memberPage = await context.newPage();
    try {
      await signIn(memberPage, app.url, MEMBER.email, MEMBER.password);
      await memberPage.goto(`${app.url}/settings/alerts`, { waitUntil: "networkidle" });
      expect(await memberPage.getByTestId("empty-state").textContent()).toContain("managed by admins");
      expect(await memberPage.getByTestId("alert-rule").count()).toBe(0);
      expect(await memberPage.getByTestId("rule-form").count()).toBe(0);
      await memberPage.goto(`${app.url}/settings`, { waitUntil: "networkidle" });
      expect(await memberPage.getByLabel("admin (alert rules, triage)").count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
