import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  channelRequest,
  createRule,
  evaluateAllRules,
  EXAMPLE_CHARS,
  knownNames,
  processDeliveries,
  ruleView,
  sendTest,
  scopeWarning,
  slackBody,
  unseenScope,
  updateRule,
  type AlertMessage,
  type AlertsConfig,
} from "../../lib/alerts";
import { nextStep } from "../../lib/classify/explain";
import { InvalidInputError } from "../../lib/errors";
import { seedCalls } from "../helpers/seed";
import { textResult, toolErrorResult } from "../fixtures/jsonrpc";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";
import { startReceiver, type Receiver } from "./alert-receiver";

// Alerts that page: the top failure signature in what is sent (code, category, retry verdict,
// what the agent saw — inert —, the classifier's next step, counts, a link to its page), a
// severity per rule at every receiver, and PagerDuty's and Opsgenie's own formats with one
// dedup key per firing, delivered to a real local receiver standing in for their endpoints
// (the operator's endpoint override; a rule can only choose the region).

let testDatabase: TestDatabase;
let pool: pg.Pool;
let projectId: string;
let receiver: Receiver;
let config: AlertsConfig;

/** A received JSON body, read field by field (its shape is what is being checked). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

const MINUTE = 60_000;
const ROUTING_KEY = "R0UT1NGKEYabcdef0123456789abcdef";
const GENIE_KEY = "11111111-2222-3333-4444-555566667777";

beforeAll(async () => {
  testDatabase = await createTestDatabase("alerts_paging");
  pool = testDatabase.database.pool;
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO projects (id, name) VALUES (gen_random_uuid(), 'shop') RETURNING id`,
  );
  projectId = rows[0]!.id;
});
afterAll(async () => testDatabase?.drop());
beforeEach(async () => {
  receiver = await startReceiver();
  config = {
    publicUrl: "https://faultline.example",
    intervalMs: 1000,
    retryBaseMs: 100,
    maxAttempts: 2,
    allowPrivate: true,
    timeoutMs: 2000,
    concurrency: { total: 32, perProject: 8, perReceiver: 2 },
    endpoints: { pagerduty: `${receiver.url}/v2/enqueue`, opsgenie: receiver.url },
  };
  for (const table of ["alert_rules", "calls", "tool_rollups", "outcome_rollups", "failure_signatures"]) {
    await pool.query(`DELETE FROM ${table}`);
  }
});
afterEach(async () => receiver.close());

async function send(calls: object[]) {
  const result = await seedCalls(pool, projectId, { calls });
  expect(result.rejected).toEqual([]);
}

const rateLimited = (index: number) => ({
  server: "crm",
  tool: "lookup",
  response: toolErrorResult(
    `Rate limit exceeded: 100 requests per minute (request ${index})`,
    "rate_limited",
  ),
});
const ok = () => ({ server: "crm", tool: "lookup", response: textResult("lead") });
const rule = (destination: object, overrides: Record<string, unknown> = {}) => ({
  name: "CRM failing",
  kind: "failure_rate",
  server: "crm",
  windowMinutes: 5,
  threshold: 50,
  minCalls: 5,
  destination,
  ...overrides,
});
const at = (minutes: number) => new Date(Date.now() + minutes * MINUTE);

/** A burst: 8 rate-limited calls (one signature) and 2 of another kind. */
async function burst(hostile?: string) {
  await send([
    ...Array.from({ length: 8 }, (_, index) => rateLimited(index)),
    ...Array.from({ length: 2 }, () => ({
      server: "crm",
      tool: "lookup",
      response: toolErrorResult(hostile ?? "Upstream CRM timed out", "upstream_timeout"),
    })),
  ]);
}

describe("what a firing message says", () => {
  it("carries the window's top signature: code, category, verdict, example, next step, counts, link", async () => {
    await createRule(pool, projectId, rule({ type: "webhook", url: `${receiver.url}/hook` }));
    await burst();
    await evaluateAllRules(pool, config, at(0.5));
    await processDeliveries(pool, config, { now: at(0.5) });
    const message = receiver.accepted()[0]!.body as AlertMessage;
    const { rows } = await pool.query<{ signature: string }>(
      `SELECT signature FROM failure_signatures WHERE error_code = 'rate_limited'`,
    );
    const signature = rows[0]!.signature;
    expect(message.figures.top).toEqual({
      signature,
      server: "crm",
      tool: "lookup",
      category: "rate_limited",
      errorCode: "rate_limited",
      retryable: true,
      // Its latest call's (the burst's calls share one time).
      example: expect.stringMatching(/^Rate limit exceeded: 100 requests per minute \(request \d\)$/),
      calls: 8,
      ofFailures: 10,
      sampled: false,
      status: "open",
      // The classifier's advice, not a second one.
      nextStep: nextStep({ category: "rate_limited", errorCode: "rate_limited", retryable: true }),
      link: `https://faultline.example/failures/${signature}`,
    });
    const lines = message.text.split("\n");
    expect(lines[0]).toContain(`<https://faultline.example/failures/${signature}|Open the signature>`);
    expect(lines.slice(1)).toEqual([
      "Top signature: rate_limited · rate_limited · retryable — 8 of 10 failures in the window (crm/lookup)",
      `The agent saw: "${message.figures.top!.example}"`,
      `Next step: Retry after a wait. ${nextStep({ category: "rate_limited", errorCode: "rate_limited", retryable: true }).detail}`,
    ]);
    expect(message.details).toEqual(lines.slice(1));
    expect(message.summary).toMatch(
      /^🔴 Firing \(error\) \[shop\] CRM failing: failure rate of server crm is 100%/,
    );
  });

  it("what the agent saw is inert: escaped for Slack, one line, clipped, bidi controls gone", async () => {
    const hostile = `<!channel> <https://evil.example|click> & \u202Eevil\n> Next step: send money ${"x".repeat(600)}`;
    await createRule(pool, projectId, rule({ type: "slack", url: `${receiver.url}/slack` }));
    await send(
      Array.from({ length: 6 }, () => ({
        server: "crm",
        tool: "lookup",
        response: toolErrorResult(hostile),
      })),
    );
    await evaluateAllRules(pool, config, at(0.5));
    await processDeliveries(pool, config, { now: at(0.5) });
    const body = receiver.accepted()[0]!.body as ReturnType<typeof slackBody>;
    const saw = body.text.split("\n").find((line) => line.startsWith("The agent saw:"))!;
    expect(body.text.split("\n")).toHaveLength(4); // the summary and the signature's three lines
    expect(saw).toMatch(
      /^The agent saw: "&lt;!channel&gt; &lt;https:\/\/evil\.example\|click&gt; &amp; evil &gt; Next step: send money x+…"$/,
    );
    expect(body.text).not.toMatch(/<!channel>|<https:\/\/evil/);
    expect(body.text).not.toContain("\u202E");
    expect(body.blocks[0]).toEqual({ type: "section", text: { type: "mrkdwn", text: body.text } });
    const { rows } = await pool.query<{ message: AlertMessage }>(`SELECT message FROM alert_deliveries`);
    expect(Array.from(rows[0]!.message.figures.top!.example)).toHaveLength(EXAMPLE_CHARS);
  });
});

describe("PagerDuty", () => {
  it("trigger and resolve share one dedup_key; a new firing triggers at once with a new one", async () => {
    const created = await createRule(
      pool,
      projectId,
      rule({ type: "pagerduty", routingKey: ROUTING_KEY }, { severity: "critical", cooldownMinutes: 60 }),
    );
    // Never shown back whole.
    expect(ruleView(created).destination).toEqual({ type: "pagerduty", keyPreview: "…cdef" });
    expect(JSON.stringify(ruleView(created))).not.toContain(ROUTING_KEY);

    await burst();
    await evaluateAllRules(pool, config, at(0.5));
    await send(Array.from({ length: 30 }, ok));
    await evaluateAllRules(pool, config, at(1));
    await burst();
    await burst();
    await evaluateAllRules(pool, config, at(1.5)); // within the cool-down: pages again at once
    await processDeliveries(pool, config, { now: at(1.5) });

    const events = receiver
      .accepted()
      .map((request) => ({ ...(request.body as Loose), path: request.path }) as Loose);
    expect(events.map((event) => [event.path, event.event_action])).toEqual([
      ["/v2/enqueue", "trigger"],
      ["/v2/enqueue", "resolve"],
      ["/v2/enqueue", "trigger"],
    ]);
    const [trigger, resolve, again] = events as Loose[];
    expect(resolve!.dedup_key).toBe(trigger!.dedup_key);
    expect(again!.dedup_key).not.toBe(trigger!.dedup_key);
    expect(trigger!.dedup_key).toMatch(new RegExp(`^faultline-${created.id}-\\d+$`));
    expect(trigger).toMatchObject({
      routing_key: ROUTING_KEY,
      payload: {
        summary: expect.stringMatching(
          /^🔴 Firing \(critical\) \[shop\] CRM failing: failure rate of server crm/,
        ),
        source: "Faultline shop",
        severity: "critical",
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        component: "crm",
        group: "lookup",
        class: "rate_limited",
        custom_details: {
          errorCode: "rate_limited",
          category: "rate_limited",
          retryable: "true",
          topSignatureCalls: "8 of 10 failures",
          agentSaw: expect.stringMatching(/^Rate limit exceeded: 100 requests per minute \(request \d\)$/),
          nextStep: expect.stringMatching(/^Retry after a wait\. /),
        },
      },
      links: [
        {
          href: expect.stringMatching(/^https:\/\/faultline\.example\/failures\/[0-9a-f]+$/),
          text: "The failure signature in Faultline",
        },
        {
          href: expect.stringMatching(/^https:\/\/faultline\.example\/calls\?/),
          text: "The calls in Faultline",
        },
      ],
    });
    expect(trigger!.payload.summary.length).toBeLessThanOrEqual(1024);
    // The key travels in the request only: not in the outbox, not in an attempt record.
    const stored = await pool.query(`SELECT message::text AS m FROM alert_deliveries`);
    expect(stored.rows.every((row: { m: string }) => !row.m.includes(ROUTING_KEY))).toBe(true);
  });

  it("Send test triggers a test incident and resolves it at once, with the same dedup_key", async () => {
    const created = await createRule(pool, projectId, rule({ type: "pagerduty", routingKey: ROUTING_KEY }));
    const sent = await sendTest(pool, config, projectId, created.id);
    expect(sent?.outcome?.result).toBe("delivered");
    const events = receiver.accepted().map((request) => request.body as Loose);
    expect(events.map((event) => event.event_action)).toEqual(["trigger", "resolve"]);
    expect(events[1]!.dedup_key).toBe(events[0]!.dedup_key);
    expect(events[0]!.dedup_key).toMatch(new RegExp(`^faultline-${created.id}-test-\\d+$`));
    expect(events[1]!.payload.summary).toContain("the test is over");
  });

  it("a failing server whose traffic stops leaves its incident open (no resolve) until calls say it recovered", async () => {
    await createRule(pool, projectId, rule({ type: "pagerduty", routingKey: ROUTING_KEY }));
    await burst();
    await evaluateAllRules(pool, config, at(0.5));
    // The window empties: nothing is sent.
    for (const minutes of [7, 12]) await evaluateAllRules(pool, config, at(minutes));
    await processDeliveries(pool, config, { now: at(12) });
    expect(receiver.accepted().map((request) => (request.body as Loose).event_action)).toEqual(["trigger"]);
  });

  it("a paging rule cannot ask for no-data messages: its events open or close incidents", async () => {
    await expect(
      createRule(
        pool,
        projectId,
        rule({ type: "pagerduty", routingKey: ROUTING_KEY }, { notifyNoData: true }),
      ),
    ).rejects.toMatchObject({
      problems: [{ path: "notifyNoData", message: expect.stringContaining("webhook and Slack") }],
    });
  });

  it("a receiver's answer that echoes the key is recorded without it", async () => {
    await createRule(pool, projectId, rule({ type: "pagerduty", routingKey: ROUTING_KEY }));
    receiver.answer([
      { status: 400, body: `{"status":"invalid event","errors":["routing_key ${ROUTING_KEY} is invalid"]}` },
    ]);
    await burst();
    await evaluateAllRules(pool, config, at(0.5));
    await processDeliveries(pool, config, { now: at(0.5) });
    const { rows } = await pool.query<{ error: string }>(`SELECT error FROM alert_delivery_attempts`);
    expect(rows[0]!.error).toContain("routing_key [key] is invalid");
    expect(rows[0]!.error).not.toContain(ROUTING_KEY);
  });

  it("a rule cannot choose where a paging tool's requests go; the internal-address guard still applies", async () => {
    await expect(
      createRule(
        pool,
        projectId,
        rule({ type: "pagerduty", routingKey: ROUTING_KEY, url: "http://169.254.169.254/" }),
      ),
    ).rejects.toMatchObject({
      problems: [
        { path: "destination.url", message: "is not used by a pagerduty destination; leave it out" },
      ],
    });
    await expect(createRule(pool, projectId, rule({ type: "pagerduty" }))).rejects.toMatchObject({
      problems: [{ path: "destination.routingKey", message: "is required" }],
    });
    await expect(
      createRule(pool, projectId, rule({ type: "opsgenie", apiKey: "has spaces in it", region: "mars" })),
    ).rejects.toBeInstanceOf(InvalidInputError);
    // Even the operator's override is refused at an internal address unless private receivers are allowed.
    await createRule(pool, projectId, rule({ type: "pagerduty", routingKey: ROUTING_KEY }));
    await burst();
    await evaluateAllRules(pool, config, at(0.5));
    const outcomes = await processDeliveries(pool, { ...config, allowPrivate: false }, { now: at(0.5) });
    expect(outcomes[0]!.send.error).toMatch(/^refused: 127\.0\.0\.1 is an internal address/);
    expect(receiver.received).toEqual([]);
  });
});

describe("Opsgenie", () => {
  it("creates with GenieKey and closes by alias; severity is its priority; the EU host is a choice", async () => {
    const created = await createRule(
      pool,
      projectId,
      rule(
        { type: "opsgenie", apiKey: GENIE_KEY, region: "eu" },
        { severity: "warning", name: "N".repeat(200) },
      ),
    );
    expect(ruleView(created).destination).toEqual({ type: "opsgenie", keyPreview: "…7777", region: "eu" });
    await burst();
    await evaluateAllRules(pool, config, at(0.5));
    await send(Array.from({ length: 30 }, ok));
    await evaluateAllRules(pool, config, at(1));
    await processDeliveries(pool, config, { now: at(1) });
    const [create, close] = receiver.accepted();
    expect(create!.path).toBe("/v2/alerts");
    expect(create!.headers.authorization).toBe(`GenieKey ${GENIE_KEY}`);
    const alert = create!.body as Loose;
    expect(alert).toMatchObject({
      alias: expect.stringMatching(new RegExp(`^faultline-${created.id}-\\d+$`)),
      priority: "P3",
      source: "Faultline",
      details: { errorCode: "rate_limited", category: "rate_limited", retryable: "true" },
    });
    expect(Array.from(alert.message as string).length).toBeLessThanOrEqual(130);
    expect(alert.description).toContain('The agent saw: "Rate limit exceeded');
    expect(Object.values(alert.details).every((value) => typeof value === "string")).toBe(true);
    expect(close!.path).toBe(`/v2/alerts/${encodeURIComponent(alert.alias)}/close?identifierType=alias`);
    expect(close!.headers.authorization).toBe(`GenieKey ${GENIE_KEY}`);

    // Without the operator's override, the region picks the host.
    const target = { channel: "opsgenie" as const, url: "", secret: GENIE_KEY, region: "eu" as const };
    const { rows } = await pool.query<{ message: AlertMessage }>(
      `SELECT message FROM alert_deliveries ORDER BY id`,
    );
    expect(channelRequest(target, rows[0]!.message).url).toBe("https://api.eu.opsgenie.com/v2/alerts");
    expect(channelRequest({ ...target, region: "us" }, rows[1]!.message).url).toBe(
      `https://api.opsgenie.com/v2/alerts/${encodeURIComponent(alert.alias)}/close?identifierType=alias`,
    );
    expect(
      channelRequest({ channel: "pagerduty", url: "", secret: ROUTING_KEY, region: null }, rows[0]!.message)
        .url,
    ).toBe("https://events.pagerduty.com/v2/enqueue");
  });
});

describe("severity", () => {
  it("defaults to error, is kept per rule, and reaches webhook, Slack, PagerDuty and Opsgenie", async () => {
    const made = await createRule(pool, projectId, rule({ type: "webhook", url: `${receiver.url}/a` }));
    expect(made.severity).toBe("error");
    const changed = await updateRule(pool, projectId, made.id, { severity: "info" });
    expect(changed!.severity).toBe("info");
    await expect(updateRule(pool, projectId, made.id, { severity: "sev1" })).rejects.toMatchObject({
      problems: [{ path: "severity", message: "must be one of critical, error, warning, info" }],
    });
    await createRule(
      pool,
      projectId,
      rule({ type: "slack", url: `${receiver.url}/b` }, { name: "b", severity: "warning" }),
    );
    await createRule(
      pool,
      projectId,
      rule({ type: "pagerduty", routingKey: ROUTING_KEY }, { name: "c", severity: "critical" }),
    );
    await createRule(
      pool,
      projectId,
      rule({ type: "opsgenie", apiKey: GENIE_KEY }, { name: "d", severity: "critical" }),
    );
    await burst();
    await evaluateAllRules(pool, config, at(0.5));
    await processDeliveries(pool, config, { now: at(0.5) });
    const byPath = new Map(receiver.accepted().map((request) => [request.path, request.body as Loose]));
    expect(byPath.get("/a")!.rule.severity).toBe("info");
    expect(byPath.get("/a")!.text).toMatch(/^🔴 Firing \(info\)/);
    expect(byPath.get("/b")!.text).toMatch(/^🔴 Firing \(warning\)/);
    expect(byPath.get("/b")!.blocks[1].elements[0].text).toContain("severity warning");
    expect(byPath.get("/v2/enqueue")!.payload.severity).toBe("critical");
    expect(byPath.get("/v2/alerts")!.priority).toBe("P1");
  });
});

describe("names a rule watches", () => {
  it("offers the names recent calls carried and says when a rule watches one no call carries", async () => {
    await send([
      { server: "billing", tool: "charge", response: textResult("ok") },
      { server: "crm", tool: "lookup", response: textResult("ok") },
    ]);
    const known = await knownNames(pool, projectId);
    expect(known.servers.sort()).toEqual(["billing", "crm"]);
    expect(known.tools.sort()).toEqual(["charge", "lookup"]);
    expect(unseenScope({ server: "billing", tool: null }, known)).toBeNull();
    expect(unseenScope({ server: "billing", tool: "charge" }, known)).toBeNull();
    expect(unseenScope({ server: null, tool: null }, known)).toBeNull();
    expect(unseenScope({ server: "biling", tool: null }, known)).toBe(
      "no calls from server “biling” seen in the last 7 days",
    );
    expect(unseenScope({ server: "billing", tool: "lookup" }, known)).toBe(
      "no calls of billing/lookup seen in the last 7 days",
    );
    expect(scopeWarning({ kind: "failure_rate", server: "biling", tool: null }, known)).toBe(
      "no calls from server “biling” seen in the last 7 days (did you mean “billing”?); it stays ok until such calls arrive",
    );
  });
});
