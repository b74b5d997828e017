import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createMute,
  createRule,
  evaluateAllRules,
  parseMute,
  processDeliveries,
  ruleGroups,
  trafficPreview,
  updateRule,
  type AlertMessage,
  type AlertsConfig,
} from "../../lib/alerts";
import { InvalidInputError } from "../../lib/errors";
import { seedCalls } from "../helpers/seed";
import { createTestDatabase, otherPool, type TestDatabase } from "../helpers/test-database";
import { startReceiver, type Receiver } from "./alert-receiver";

// A rule per server or per tool (each group fires, repeats and resolves on its own, with its own
// dedup key; traffic that stops leaves its incident open), mute windows that hold messages without
// losing state, and the rule form's traffic preview — against a real PostgreSQL and a real local
// receiver standing in for a webhook, Slack, PagerDuty and Opsgenie.

let testDatabase: TestDatabase;
let pool: pg.Pool;
let projectId: string;
let receiver: Receiver;
let config: AlertsConfig;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

const MINUTE = 60_000;
const ROUTING_KEY = "R0UT1NGKEYabcdef0123456789abcdef";
const GENIE_KEY = "11111111-2222-3333-4444-555566667777";

beforeAll(async () => {
  testDatabase = await createTestDatabase("alerts_groups");
  pool = testDatabase.database.pool;
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO projects (id, name) VALUES (gen_random_uuid(), 'fleet') RETURNING id`,
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
  for (const table of [
    "alert_mutes",
    "alert_rules",
    "calls",
    "tool_rollups",
    "outcome_rollups",
    "failure_signatures",
  ]) {
    await pool.query(`DELETE FROM ${table}`);
  }
});
afterEach(async () => receiver.close());

/** Calls of `server/tool` that fail (or not), occurring at `when`. */
async function calls(server: string, tool: string, count: number, failing: boolean, when: Date) {
  const result = await seedCalls(pool, projectId, {
    calls: Array.from({ length: count }, () => ({
      server,
      tool,
      isError: failing,
      text: failing ? `Error: ${server} backend unreachable` : "done",
      occurredAt: when.toISOString(),
    })),
  });
  expect(result.rejected).toEqual([]);
}

const start = new Date(Math.floor(Date.now() / MINUTE) * MINUTE - 60 * MINUTE);
const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);

const perServer = (destination: object, extra: object = {}) => ({
  name: "Servers failing",
  kind: "failure_rate",
  per: "server",
  windowMinutes: 5,
  threshold: 50,
  minCalls: 4,
  cooldownMinutes: 60,
  destination,
  ...extra,
});

async function queued(): Promise<AlertMessage[]> {
  const { rows } = await pool.query<{ message: AlertMessage }>(
    `SELECT message FROM alert_deliveries ORDER BY id`,
  );
  return rows.map((row) => row.message);
}

describe("a rule per server", () => {
  it("fires, repeats and resolves each server on its own, with its own key; traffic that stops resolves nothing", async () => {
    const rule = await createRule(pool, projectId, perServer({ type: "pagerduty", routingKey: ROUTING_KEY }));
    await calls("crm", "lookup", 6, true, at(0));
    await calls("billing", "charge", 6, true, at(0));
    await calls("search", "query", 6, false, at(0));
    await evaluateAllRules(pool, config, at(0.5));
    // crm and billing recover later; crm's traffic stops instead.
    await calls("billing", "charge", 30, false, at(1));
    await evaluateAllRules(pool, config, at(1.5));
    await evaluateAllRules(pool, config, at(9)); // the window is empty for crm: no data, its incident stays open
    await processDeliveries(pool, config, { now: at(9) });

    const events = receiver.accepted().map((request) => request.body as Loose);
    const bySummary = (server: string) =>
      events.filter((event) => event.payload.summary.includes(`server ${server}`));
    expect(bySummary("crm").map((event) => event.event_action)).toEqual(["trigger"]);
    expect(bySummary("billing").map((event) => event.event_action)).toEqual(["trigger", "resolve"]);
    expect(bySummary("search")).toEqual([]);
    const [crm] = bySummary("crm");
    const [billingTrigger, billingResolve] = bySummary("billing");
    expect(billingResolve!.dedup_key).toBe(billingTrigger!.dedup_key);
    expect(crm!.dedup_key).not.toBe(billingTrigger!.dedup_key);
    expect(crm!.dedup_key).toMatch(new RegExp(`^faultline-${rule.id}-[0-9a-f]{16}-\\d+$`));
    expect(crm!.payload.component).toBe("crm");

    const groups = (await ruleGroups(pool, projectId, [rule.id])).get(rule.id)!;
    expect(groups.map((group) => [group.server, group.status, group.firingSince !== null])).toEqual([
      ["crm", "no_data", true],
    ]);
    const { rows } = await pool.query(`SELECT state, last_figures FROM alert_rules WHERE id = $1`, [rule.id]);
    expect(rows[0]).toMatchObject({ state: "no_data", last_figures: { groups: { firing: 0, noData: 1 } } });

    // crm comes back healthy: its incident resolves with its own key.
    await calls("crm", "lookup", 10, false, at(10));
    await evaluateAllRules(pool, config, at(10.5));
    await processDeliveries(pool, config, { now: at(10.5) });
    const crmEvents = receiver
      .accepted()
      .map((request) => request.body as Loose)
      .filter((event) => event.payload.summary.includes("server crm"));
    expect(crmEvents.map((event) => [event.event_action, event.dedup_key])).toEqual([
      ["trigger", crm!.dedup_key],
      ["resolve", crm!.dedup_key],
    ]);
  });

  it("per tool: each tool of a server on its own, named in the message (webhook, Slack, Opsgenie)", async () => {
    for (const destination of [
      { type: "webhook", url: `${receiver.url}/hook` },
      { type: "slack", url: `${receiver.url}/slack` },
      { type: "opsgenie", apiKey: GENIE_KEY },
    ]) {
      await createRule(pool, projectId, {
        ...perServer(destination),
        per: "tool",
        server: "crm",
        name: `crm tools ${destination.type}`,
      });
    }
    await calls("crm", "lookup", 5, true, at(20));
    await calls("crm", "update", 5, true, at(20));
    await calls("crm", "list", 5, false, at(20));
    await calls("billing", "charge", 5, true, at(20)); // not crm: not watched
    await evaluateAllRules(pool, config, at(20.5));
    await processDeliveries(pool, config, { now: at(20.5) });
    const received = receiver.accepted();
    const hooks = received
      .filter((request) => request.path === "/hook")
      .map((request) => request.body as Loose);
    expect(hooks.map((hook) => hook.group).sort((a, b) => a.tool.localeCompare(b.tool))).toEqual([
      { server: "crm", tool: "lookup" },
      { server: "crm", tool: "update" },
    ]);
    expect(hooks.map((hook) => hook.summary).sort()).toEqual([
      expect.stringContaining("failure rate of crm/lookup is 100%"),
      expect.stringContaining("failure rate of crm/update is 100%"),
    ]);
    expect(new Set(hooks.map((hook) => hook.incident.key)).size).toBe(2);
    const slack = received.filter((request) => request.path === "/slack");
    expect(slack).toHaveLength(2);
    const genie = received.filter((request) => request.path === "/v2/alerts");
    expect(new Set(genie.map((request) => (request.body as Loose).alias)).size).toBe(2);
  });

  it("two instances evaluating at once page each server once", async () => {
    await createRule(pool, projectId, perServer({ type: "webhook", url: `${receiver.url}/hook` }));
    await calls("crm", "lookup", 6, true, at(30));
    await calls("billing", "charge", 6, true, at(30));
    const other = otherPool(testDatabase.url, 4);
    try {
      await Promise.all([
        evaluateAllRules(pool, config, at(30.5)),
        evaluateAllRules(other, config, at(30.5)),
      ]);
    } finally {
      await other.end();
    }
    const firing = (await queued()).filter((message) => message.status === "firing");
    expect(firing.map((message) => message.group!.server).sort()).toEqual(["billing", "crm"]);
  });

  it("refuses a server or tool beside per, per on kinds that cannot use it, and an unknown per", async () => {
    const refused = async (body: object) => {
      try {
        await createRule(pool, projectId, body);
      } catch (error) {
        return (error as InvalidInputError).problems.map((problem) => problem.path);
      }
      throw new Error("accepted");
    };
    const hook = { type: "webhook", url: `${receiver.url}/hook` };
    expect(await refused(perServer(hook, { server: "crm" }))).toEqual(["server"]);
    expect(await refused(perServer(hook, { per: "tool", tool: "lookup" }))).toEqual(["tool"]);
    expect(await refused(perServer(hook, { per: "session" }))).toEqual(["per"]);
    expect(
      await refused({ name: "n", kind: "new_signature", per: "server", windowMinutes: 5, destination: hook }),
    ).toEqual(["per"]);
  });

  it("disabling the rule resolves every group it announced, each with its own key", async () => {
    const rule = await createRule(
      pool,
      projectId,
      perServer({ type: "webhook", url: `${receiver.url}/hook` }),
    );
    await calls("crm", "lookup", 6, true, at(40));
    await calls("billing", "charge", 6, true, at(40));
    await evaluateAllRules(pool, config, at(40.5));
    await updateRule(pool, projectId, rule.id, { enabled: false });
    const messages = await queued();
    const keys = (status: string) =>
      messages
        .filter((message) => message.status === status)
        .map((message) => message.incident.key)
        .sort();
    expect(keys("resolved")).toEqual(keys("firing"));
    expect(keys("resolved")).toHaveLength(2);
  });
});

describe("mute windows", () => {
  it("hold a server's messages while open and say what changed once it ends; other servers are not held", async () => {
    await createRule(pool, projectId, perServer({ type: "webhook", url: `${receiver.url}/hook` }));
    await createMute(
      pool,
      projectId,
      parseMute(
        { server: "crm", startsAt: at(50).toISOString(), durationMinutes: 10, reason: "db upgrade" },
        at(50),
      ),
      "ann@team.test",
    );
    await calls("crm", "lookup", 6, true, at(50));
    await calls("billing", "charge", 6, true, at(50));
    await evaluateAllRules(pool, config, at(50.5));
    expect((await queued()).map((message) => [message.status, message.group!.server])).toEqual([
      ["firing", "billing"],
    ]);
    // Still failing after the window: announced then, once.
    await calls("crm", "lookup", 6, true, at(60));
    await evaluateAllRules(pool, config, at(60.5));
    expect((await queued()).map((message) => [message.status, message.group!.server])).toEqual([
      ["firing", "billing"],
      ["firing", "crm"],
    ]);
  });

  it("a firing rule muted while it recovers keeps its incident open until the window ends, then resolves it", async () => {
    const rule = await createRule(pool, projectId, {
      ...perServer({ type: "webhook", url: `${receiver.url}/hook` }),
      per: undefined,
      server: "crm",
    });
    await calls("crm", "lookup", 6, true, at(70));
    await evaluateAllRules(pool, config, at(70.5));
    await createMute(
      pool,
      projectId,
      parseMute({ ruleId: rule.id, startsAt: at(71).toISOString(), durationMinutes: 5 }, at(71)),
      "ann@team.test",
    );
    await calls("crm", "lookup", 30, false, at(72));
    await evaluateAllRules(pool, config, at(72.5));
    const during = await pool.query(`SELECT state, last_figures FROM alert_rules WHERE id = $1`, [rule.id]);
    // Held: still firing as announced, with the figures of the round that was held.
    expect(during.rows[0]).toMatchObject({ state: "firing", last_figures: { failures: 6, calls: 36 } });
    expect((await queued()).map((message) => message.status)).toEqual(["firing"]);
    await calls("crm", "lookup", 30, false, at(76.5));
    await evaluateAllRules(pool, config, at(77));
    const messages = await queued();
    expect(messages.map((message) => message.status)).toEqual(["firing", "resolved"]);
    expect(messages[1]!.incident.key).toBe(messages[0]!.incident.key);
  });

  it("recur daily at the same UTC time, and refuse windows they cannot keep, naming the field", () => {
    const refused = (body: object) => {
      try {
        parseMute(body, at(0));
      } catch (error) {
        return (error as InvalidInputError).problems.map((problem) => problem.path);
      }
      throw new Error("accepted");
    };
    expect(refused({ durationMinutes: 1440, repeat: "daily" })).toEqual(["durationMinutes"]);
    expect(refused({ durationMinutes: 60, tool: "lookup" })).toEqual(["tool"]);
    expect(refused({ durationMinutes: 60, startsAt: at(-120).toISOString() })).toEqual(["startsAt"]);
    expect(refused({ durationMinutes: 60, until: at(10).toISOString() })).toEqual(["until"]);
    expect(refused({ durationMinutes: 60, ruleId: "nope" })).toEqual(["ruleId"]);
    expect(refused({ durationMinutes: 60, everyone: true })).toEqual(["everyone"]);
  });
});

describe("the rule form's traffic preview", () => {
  it("says how many windows of the last day a minimum leaves without data, for the scope and per server", async () => {
    const now = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
    // A low-traffic server: 3 calls in each of the last four 15-minute windows; a busy one: 40.
    for (let window = 0; window < 4; window += 1) {
      const when = new Date(now.getTime() - (window * 15 + 5) * MINUTE);
      await calls("quiet", "ping", 3, false, when);
      await calls("busy", "search", 40, false, when);
    }
    const quiet = await trafficPreview(
      pool,
      projectId,
      { kind: "failure_rate", server: "quiet", tool: null, per: null, windowMinutes: 15, minCalls: 20 },
      now,
    );
    expect(quiet.overall).toEqual({ windows: 96, min: 0, median: 0, max: 3, belowMinimum: 96 });
    expect(quiet.text).toContain("this rule would never fire");
    const lowered = await trafficPreview(
      pool,
      projectId,
      { kind: "failure_rate", server: "quiet", tool: null, per: null, windowMinutes: 15, minCalls: 3 },
      now,
    );
    expect(lowered.overall.belowMinimum).toBe(92);
    expect(lowered.text).toMatch(/92 of 96 windows \(96%\) would be “no data”/);
    const perServerPreview = await trafficPreview(
      pool,
      projectId,
      { kind: "failure_rate", server: null, tool: null, per: "server", windowMinutes: 15, minCalls: 20 },
      now,
    );
    expect(perServerPreview.groups.map((group) => [group.server, group.max, group.belowMinimum])).toEqual([
      ["busy", 40, 92],
      ["quiet", 3, 96],
    ]);
  });
});
