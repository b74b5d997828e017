import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../lib/auth/users";
import { textResult } from "../fixtures/jsonrpc";
import { startAppServer, freePort, type AppServer } from "../helpers/app-server";
import { axeViolations } from "../helpers/axe";
import { launchBrowser, screenshot, signIn } from "../helpers/browser";
import { PROBE_SERVERS, type RunningServer } from "../helpers/probe-servers";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// Probes in the dashboard, end to end: the built app and a published MCP server (the reference
// "everything" server over Streamable HTTP, on a free port), in real Chromium. An admin adds an
// HTTP probe through Settings → Probes (first refused: its interval is below the minimum), runs it
// now and sees its steps link to their calls; the server's card shows the 90-day status bar and
// the runs with their drift; the Servers page lists the server (no agent called it) with its
// probe's state; a stdio probe shows the faultline-probe command to copy; a member sees the list
// read-only. Every page is checked with axe and for sideways scroll at 1280 and 390 px, and
// screenshotted to test-results/screenshots/probes-ui-*.png.

const KEY = "flk_probes_ui_e2e_key_0000000000000000";
const ADMIN = { email: "admin@probes.test", password: "probes admin password" };
const MEMBER = { email: "member@probes.test", password: "probes member password" };
const PUBLIC_URL = "https://faultline.example";
const SECRET = "s3cret-header-value";
const SIZES = [
  { name: "1280", width: 1280, height: 800 },
  { name: "390", width: 390, height: 844 },
] as const;

let testDatabase: TestDatabase;
let app: AppServer;
let mcp: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let httpProbeId: string;

beforeAll(async () => {
  const everything = PROBE_SERVERS.find((server) => server.name === "everything-http")!;
  [testDatabase, mcp] = await Promise.all([
    createTestDatabase("probes_ui_e2e"),
    freePort().then((port) => everything.start!(port)),
  ]);
  app = await startAppServer({
    DATABASE_URL: testDatabase.url,
    FAULTLINE_INIT_INGEST_KEY: KEY,
    FAULTLINE_ADMIN_EMAIL: ADMIN.email,
    FAULTLINE_ADMIN_PASSWORD: ADMIN.password,
    FAULTLINE_PROBES_ALLOW_PRIVATE: "1",
    FAULTLINE_PROBES_MIN_INTERVAL_SECONDS: "60",
    FAULTLINE_PUBLIC_URL: PUBLIC_URL,
  });
  // Traffic from agents for one server no probe checks (its card offers to add one).
  const posted = await fetch(`${app.url}/api/v1/calls`, {
    method: "POST",
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    body: JSON.stringify({ server: "crm", tool: "lookup_lead", response: textResult("lead 7") }),
  });
  expect(posted.status).toBe(200);
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await signIn(page, app.url, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mcp?.stop();
  await testDatabase?.drop();
});

async function open(target: Page, path: string) {
  const response = await target.goto(`${app.url}${path}`, { waitUntil: "networkidle" });
  expect(response?.status(), path).toBe(200);
}

/** axe and sideways scroll at both widths, with a screenshot of each: what failed. */
async function checkPage(target: Page, name: string, path: string): Promise<string[]> {
  const problems: string[] = [];
  for (const size of SIZES) {
    await target.setViewportSize({ width: size.width, height: size.height });
    await open(target, path);
    await target.waitForTimeout(200);
    const violations = await axeViolations(target);
    if (violations.length > 0) problems.push(`${path} at ${size.name} px:\n${violations.join("\n")}`);
    const { scrollWidth, clientWidth } = await target.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    if (scrollWidth > clientWidth)
      problems.push(`${path} at ${size.name} px: scrolls sideways (${scrollWidth} > ${clientWidth})`);
    await screenshot(target, `probes-ui-${name}-${size.name}`);
  }
  await target.setViewportSize({ width: 1280, height: 800 });
  return problems;
}

const form = () => page.getByTestId("probe-form");

describe("probes in the dashboard", () => {
  it("Settings links to Probes; a form error names the field; the HTTP probe is created", async () => {
    await open(page, "/settings");
    await page.locator("main").getByRole("link", { name: "Probes", exact: true }).click();
    await page.waitForURL(/\/settings\/probes$/, { waitUntil: "networkidle" });
    expect(await page.locator("main h1").textContent()).toBe("Probes");
    expect(await form().innerText()).toContain("At least 60 (FAULTLINE_PROBES_MIN_INTERVAL_SECONDS)");

    await form().getByLabel("Name").fill("everything");
    await form().getByLabel("Server").fill("everything");
    await form().getByLabel("Transport").selectOption("http");
    await form().getByLabel("URL").fill(mcp.url);
    await form().getByLabel("Headers").fill(`X-Probe-Token: ${SECRET}`);
    await form().getByLabel("Every (seconds)").fill("10");
    await form().getByLabel("Tool", { exact: true }).fill("get-sum");
    await form().getByLabel("Arguments (JSON object)").fill('{"a": 1, "b": 2}');
    await form().getByLabel("Its text must match (RE2 pattern)").fill("sum of 1 and 2 is 3");
    await form().getByRole("button", { name: "Create probe" }).click();
    const problem = page.getByTestId("problem-intervalSeconds");
    await problem.waitFor();
    expect(await problem.textContent()).toBe(
      "Every (seconds): must be at least 60 (FAULTLINE_PROBES_MIN_INTERVAL_SECONDS)",
    );
    expect(await form().getByLabel("Every (seconds)").getAttribute("aria-invalid")).toBe("true");
    // What was typed is kept (but the header, never sent back).
    expect(await form().getByLabel("URL").inputValue()).toBe(mcp.url);
    expect(await form().getByLabel("Tool", { exact: true }).inputValue()).toBe("get-sum");
    await screenshot(page, "probes-ui-form-error-1280");

    await form().getByLabel("Headers").fill(`X-Probe-Token: ${SECRET}`);
    await form().getByLabel("Every (seconds)").fill("300");
    await form().getByRole("button", { name: "Create probe" }).click();
    await expect
      .poll(() => form().getByRole("status").textContent())
      .toBe("Probe “everything” created; the instance runs it every 300 s.");
    const row = page.getByTestId("probe-row").filter({ hasText: "everything" });
    await row.waitFor();
    const cells = await row.locator("td").allInnerTexts();
    expect(cells.slice(0, 5)).toEqual(["everything", "everything", "HTTP", mcp.url, "5 min"]);
    const { rows } = await testDatabase.database.pool.query<{ id: string; headers: unknown }>(
      `SELECT id, headers FROM probes WHERE name = 'everything'`,
    );
    expect(rows[0]!.headers).toEqual({ "X-Probe-Token": SECRET });
    httpProbeId = rows[0]!.id;
  });

  it("Run now shows the run: each step with its time and a link to its call", async () => {
    const row = page.getByTestId("probe-row").filter({ hasText: "everything" });
    await row.getByRole("button", { name: "Run now: everything" }).click();
    const result = page.getByTestId("probe-run-now");
    await result.getByTestId("probe-run").waitFor({ timeout: 30_000 });
    expect(await result.getByTestId("probe-run").getAttribute("data-ok")).toBe("true");
    expect(await result.getByRole("status").textContent()).toMatch(/^Passed in \d+ ms\.$/);
    const steps = result.getByTestId("probe-step");
    const names = await steps.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-step")));
    expect(names.slice(-2)).toEqual(["tools/list", "tools/call"]);
    expect(["initialize", "server/discover"]).toContain(names[0]);
    for (const text of await steps.allInnerTexts()) expect(text).toMatch(/^✓\s*passed:\s*\S+ \d+ ms$/);
    await screenshot(page, "probes-ui-run-now-1280");

    // Each step's link opens the call it stored.
    const href = await steps.last().getByRole("link", { name: "tools/call" }).getAttribute("href");
    expect(href).toMatch(/^\/calls\/[0-9a-f-]{36}$/);
    await open(page, href!);
    expect(await page.locator("main").innerText()).toContain("get-sum");
  });

  it("editing shows the header names only, never their values", async () => {
    await open(page, `/settings/probes?edit=${httpProbeId}`);
    expect(await page.getByTestId("headers-set").innerText()).toContain("X-Probe-Token (set)");
    expect(await page.content()).not.toContain(SECRET);
    expect(await form().getByLabel("Transport").isDisabled()).toBe(true);
    // Saved with the header field blank: the header is kept.
    await form().getByLabel("Timeout per step (ms)").fill("8000");
    await form().getByRole("button", { name: "Save probe" }).click();
    await expect.poll(() => form().getByRole("status").textContent()).toBe("Probe “everything” saved.");
    const { rows } = await testDatabase.database.pool.query<{ headers: unknown; timeout_ms: number }>(
      `SELECT headers, timeout_ms FROM probes WHERE id = $1`,
      [httpProbeId],
    );
    expect(rows[0]).toEqual({ headers: { "X-Probe-Token": SECRET }, timeout_ms: 8000 });
  });

  it("the server's card shows the 90-day status bar, the runs and the drift near the failure", async () => {
    // An older history: a failed run three days ago whose tool list had drifted.
    const { rows } = await testDatabase.database.pool.query<{ project_id: string }>(
      `SELECT project_id FROM probes WHERE id = $1`,
      [httpProbeId],
    );
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    await testDatabase.database.pool.query(
      `INSERT INTO probe_runs (project_id, probe_id, server, started_at, duration_ms, ok, reason, steps, drift,
                               drift_severity, runner)
       VALUES ($1, $2, 'everything', $3, 40, false, $4, $5, $6, 'breaking', 'instance')`,
      [
        rows[0]!.project_id,
        httpProbeId,
        threeDaysAgo,
        "tools/call: outcome tool error (validation)",
        JSON.stringify([
          { step: "initialize", ok: true, durationMs: 12, callId: null },
          { step: "tools/list", ok: true, durationMs: 3, callId: null },
          {
            step: "tools/call",
            ok: false,
            durationMs: 5,
            callId: null,
            reason: "outcome tool error (validation)",
          },
        ]),
        JSON.stringify([
          {
            tool: "get-sum",
            kind: "breaking",
            change: 'parameter "c" is now required',
            path: "inputSchema.required",
          },
          { tool: "<b>echo</b>", kind: "info", change: "tool added", path: "" },
        ]),
      ],
    );
    await open(page, "/servers/everything");
    const section = page.locator("#probes");
    expect(await section.getByRole("heading", { name: "Probes" }).count()).toBe(1);
    const bar = section.getByTestId("probe-status-bar");
    const days = bar.locator("li");
    expect(await days.count()).toBe(90);
    expect(await days.last().getAttribute("data-state")).toBe("passed");
    expect(await days.nth(86).getAttribute("data-state")).toBe("failed");
    expect(await days.nth(86).getAttribute("title")).toMatch(/^\d{1,2} \w{3}: 1 of 1 run failed$/);
    expect(await days.first().innerText()).toMatch(/^\d{1,2} \w{3}: no runs$/);
    expect(await bar.innerText()).toContain("Last 90 days: 1 day with a failed run, 1 day all passed");

    const runs = section.getByTestId("probe-run-item");
    expect(await runs.count()).toBeGreaterThanOrEqual(2);
    expect(await runs.first().getByTestId("probe-run").getAttribute("data-ok")).toBe("true");
    const failed = runs.last();
    expect(await failed.getByTestId("probe-run").getAttribute("data-ok")).toBe("false");
    const drift = await failed.getByTestId("probe-drift").innerText();
    expect(drift).toContain('breaking\nget-sum: parameter "c" is now required');
    // A tool name is text, never markup.
    expect(drift).toContain("<b>echo</b>: tool added");
    expect(await failed.getByTestId("probe-run-reason").textContent()).toBe(
      "tools/call: outcome tool error (validation)",
    );
    const callLinks = runs.first().getByTestId("probe-step").getByRole("link");
    expect(await callLinks.count()).toBe(3);
  });

  it("the Servers page lists the probed server no agent called, with its probe's state", async () => {
    await open(page, "/servers?range=24h");
    const probed = page.locator('[data-testid="fleet-row"][data-server="everything"]');
    expect(await probed.locator("[data-probe]").getAttribute("data-probe")).toBe("passed");
    expect(await probed.locator("[data-probe]").innerText()).toMatch(/passed/);
    const crm = page.locator('[data-testid="fleet-row"][data-server="crm"]');
    expect(await crm.locator("[data-probe]").innerText()).toContain("—");
    await probed.getByRole("link", { name: /passed/ }).click();
    await page.waitForURL(/\/servers\/everything\?.*#probes$/, { waitUntil: "networkidle" });
  });

  it("a server with no probe says so and adds one in one click, its name filled in", async () => {
    await open(page, "/servers/crm");
    expect(await page.getByTestId("no-probes").innerText()).toContain("No probe checks this server");
    await page.getByRole("link", { name: "Add a probe" }).click();
    await page.waitForURL(/\/settings\/probes\?server=crm$/, { waitUntil: "networkidle" });
    expect(await form().getByLabel("Server").inputValue()).toBe("crm");
  });

  it("a stdio probe shows the faultline-probe command to copy, quoted for a shell", async () => {
    await open(page, "/settings/probes");
    await form().getByLabel("Name").fill("memory");
    await form().getByLabel("Server").fill("memory");
    await form().getByLabel("Transport").selectOption("stdio");
    expect(await form().getByLabel("URL").count()).toBe(0);
    expect(await form().getByLabel("Headers").count()).toBe(0);
    await form()
      .getByLabel("Command")
      .fill(`npx -y @modelcontextprotocol/server-memory --file '/srv/my memory.json'`);
    await form().getByLabel("Every (seconds)").fill("600");
    await form().getByLabel("Tool", { exact: true }).fill("read_graph");
    await form().getByLabel("Only check that it answered (an error result passes)").check();
    await form().getByRole("button", { name: "Create probe" }).click();
    await expect
      .poll(() => form().getByRole("status").textContent())
      .toBe("Probe “memory” created. Run it where the server runs with the command below.");
    const command = page.getByTestId("probe-command");
    await command.waitFor();
    expect(await command.textContent()).toBe(
      [
        `FAULTLINE_URL=${PUBLIC_URL} FAULTLINE_KEY=flk_… \\`,
        `  npx -y -p ${PUBLIC_URL}/downloads/faultline-reporter.tgz -p @modelcontextprotocol/client@2.4.0 \\`,
        `  faultline-probe --probe memory --allow-tool read_graph --every 10m -- npx -y @modelcontextprotocol/server-memory --file '/srv/my memory.json'`,
      ].join("\n"),
    );
    expect(
      await page.getByRole("button", { name: "Copy the faultline-probe command for memory" }).count(),
    ).toBe(1);
    const row = page.getByTestId("probe-row").filter({ hasText: "memory" });
    expect(await row.getByRole("button", { name: "Run now: memory" }).count()).toBe(0);
    expect(await row.getByTestId("probe-last-run").innerText()).toBe("no run reported yet");

    // A key with the read and ingest scopes, made here, goes into the command.
    await page.getByRole("button", { name: "Create a key for faultline-probe" }).click();
    const key = (await page.getByTestId("probe-key").textContent({ timeout: 10_000 }))!.trim();
    expect(key).toMatch(/^flk_/);
    expect(await command.textContent()).toContain(`FAULTLINE_KEY=${key} \\`);
    const answer = await fetch(`${app.url}/api/v1/probes?transport=stdio`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { probes: { name: string }[] }).probes.map((p) => p.name)).toEqual([
      "memory",
    ]);
  });

  it("the Connect page's probe section: Settings → Probes for HTTP, the command shape for stdio", async () => {
    await open(page, "/settings/connect");
    const section = page.getByTestId("connect-probe");
    expect(await section.getByRole("link", { name: "Settings → Probes" }).getAttribute("href")).toBe(
      "/settings/probes",
    );
    expect(await section.innerText()).toContain(
      "faultline-probe --probe memory --allow-tool read_graph --every 5m -- npx -y @modelcontextprotocol/server-memory@2026.8.31",
    );
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await section.screenshot({ path: `/tmp/probes-ui-connect-probe-${size.name}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("every page the probes changed is axe clean, without sideways scroll, at 1280 and 390 px", async () => {
    const problems = [
      ...(await checkPage(page, "settings-probes", "/settings/probes")),
      ...(await checkPage(page, "settings-probes-edit", `/settings/probes?edit=${httpProbeId}`)),
      ...(await checkPage(page, "server-card", "/servers/everything")),
      ...(await checkPage(page, "server-card-unprobed", "/servers/crm")),
      ...(await checkPage(page, "servers", "/servers?range=24h")),
      ...(await checkPage(page, "connect", "/settings/connect")),
      ...(await checkPage(page, "settings", "/settings")),
    ];
    // Run now at the phone's width: the run below its row.
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, "/settings/probes");
    await page.getByRole("button", { name: "Run now: everything" }).click();
    await page.getByTestId("probe-run-now").getByTestId("probe-run").waitFor({ timeout: 30_000 });
    // The action refreshes the page's data (the last run): measured once that has settled.
    await page.waitForLoadState("networkidle");
    await expect.poll(() => page.title()).not.toBe("");
    const violations = await axeViolations(page);
    if (violations.length > 0) problems.push(`run now at 390 px:\n${violations.join("\n")}`);
    await screenshot(page, "probes-ui-run-now-390");
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("a member sees the probes read-only", async () => {
    const { prisma } = testDatabase.database;
    const project = await prisma.project.findUniqueOrThrow({ where: { name: "default" } });
    await createUser(prisma, { email: MEMBER.email, password: MEMBER.password, projectIds: [project.id] });
    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    try {
      await signIn(member, app.url, MEMBER.email, MEMBER.password);
      await open(member, "/settings/probes");
      expect(await member.getByTestId("probes-read-only").innerText()).toContain("managed by admins");
      expect(await member.getByTestId("probe-form").count()).toBe(0);
      expect(await member.getByTestId("probe-row").count()).toBe(2);
      expect(await member.getByRole("button", { name: /^Run now/ }).count()).toBe(0);
      expect(await member.getByRole("link", { name: /^Edit / }).count()).toBe(0);
      // An edit link typed by hand shows no form either.
      await open(member, `/settings/probes?edit=${httpProbeId}`);
      expect(await member.getByTestId("delete-probe").count()).toBe(0);
    } finally {
      await memberContext.close();
    }
  });

  it("Delete asks for confirmation, then the probe and its runs go", async () => {
    await open(page, `/settings/probes?edit=${httpProbeId}`);
    const remove = page.getByTestId("delete-probe");
    await remove.getByRole("button", { name: "Delete probe" }).click();
    // The box is required: nothing was deleted.
    expect(page.url()).toContain(`edit=${httpProbeId}`);
    expect(
      (await testDatabase.database.pool.query(`SELECT 1 FROM probes WHERE id = $1`, [httpProbeId])).rowCount,
    ).toBe(1);
    await remove.getByRole("checkbox").check();
    await remove.getByRole("button", { name: "Delete probe" }).click();
    await page.waitForURL(/\/settings\/probes$/, { waitUntil: "networkidle" });
    expect(await page.getByTestId("probe-row").filter({ hasText: "everything" }).count()).toBe(0);
    expect(
      (await testDatabase.database.pool.query(`SELECT 1 FROM probe_runs WHERE probe_id = $1`, [httpProbeId]))
        .rowCount,
    ).toBe(0);
  });
});
