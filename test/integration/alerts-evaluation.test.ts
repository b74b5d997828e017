import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createRule,
  evaluateAllRules,
  runAlertEvaluation,
  type AlertMessage,
  type AlertsConfig,
} from "../../lib/alerts";
import { LOCKS } from "../../lib/db/lock";
import { seedCalls } from "../helpers/seed";
import { metrics } from "../../lib/metrics";
import { createTestDatabase, otherPool, type TestDatabase } from "../helpers/test-database";

// Evaluation against a real PostgreSQL, with calls written by the real ingest path: the
// conditions read from the rollups and the signature read model, the ok ↔ firing state, one
// message per cool-down, one "resolved", and one evaluating instance at a time.

let testDatabase: TestDatabase;
let pool: pg.Pool;
let projectId: string;

const config: AlertsConfig = {
  publicUrl: "https://faultline.example",
  intervalMs: 1000,
  retryBaseMs: 100,
  maxAttempts: 3,
  allowPrivate: true,
  timeoutMs: 2000,
  concurrency: { total: 32, perProject: 8, perReceiver: 2 },
};
const RECEIVER = { type: "webhook", url: "http://127.0.0.1:9/never-called" } as const;
const MINUTE = 60_000;

beforeAll(async () => {
  testDatabase = await createTestDatabase("alerts_evaluation");
  pool = testDatabase.database.pool;
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO projects (id, name) VALUES (gen_random_uuid(), 'alerts') RETURNING id`,
  );
  projectId = rows[0]!.id;
});
afterAll(async () => testDatabase?.drop());

beforeEach(async () => {
  for (const table of ["alert_rules", "calls", "tool_rollups", "outcome_rollups", "failure_signatures"]) {
    await pool.query(`DELETE FROM ${table}`);
  }
});

const failing = (server: string, tool: string, text = "Error: upstream exploded") => ({
  server,
  tool,
  isError: true,
  text,
});
const succeeding = (server: string, tool: string) => ({ server, tool, isError: false, text: "done" });
const silent = (server: string, tool: string) => ({
  server,
  tool,
  isError: false,
  text: "Error: could not parse document",
});

async function send(calls: object[], occurredAt?: Date) {
  const result = await seedCalls(pool, projectId, {
    calls: calls.map((call) => ({
      ...call,
      ...(occurredAt ? { occurredAt: occurredAt.toISOString() } : {}),
    })),
  });
  expect(result.rejected).toEqual([]);
}

async function messages(ruleId?: string): Promise<AlertMessage[]> {
  const { rows } = await pool.query<{ message: AlertMessage }>(
    `SELECT message FROM alert_deliveries WHERE ($1::uuid IS NULL OR rule_id = $1) ORDER BY id`,
    [ruleId ?? null],
  );
  return rows.map((row) => row.message);
}

async function state(ruleId: string) {
  const { rows } = await pool.query(
    `SELECT state, notified, last_notified_at, last_figures FROM alert_rules WHERE id = $1`,
    [ruleId],
  );
  return rows[0];
}

const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * MINUTE);

describe("failure rate", () => {
  it("a burst of failing calls fires one message; while it lasts nothing more; recovery sends one resolved", async () => {
    const rule = await createRule(pool, projectId, {
      name: "CRM failing",
      kind: "failure_rate",
      server: "crm",
      tool: "lookup",
      windowMinutes: 5,
      threshold: 50,
      minCalls: 5,
      destination: RECEIVER,
    });
    // A minute ahead: calls sent during the test fall inside every window evaluated from here.
    const now = at(new Date(), 1);

    // Four failures: above the rate, below the minimum call count.
    await send(Array.from({ length: 4 }, () => failing("crm", "lookup")));
    await evaluateAllRules(pool, config, now);
    expect(await messages()).toEqual([]);

    // Calls of another tool and another server do not count.
    await send(Array.from({ length: 10 }, () => failing("crm", "other")));
    await send(Array.from({ length: 10 }, () => failing("billing", "lookup")));
    await evaluateAllRules(pool, config, at(now, 0.1));
    expect(await messages()).toEqual([]);

    await send(Array.from({ length: 6 }, () => failing("crm", "lookup")));
    await evaluateAllRules(pool, config, at(now, 0.2));
    const fired = await messages();
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({
      status: "firing",
      repeat: false,
      project: { id: projectId, name: "alerts" },
      rule: {
        id: rule.id,
        name: "CRM failing",
        kind: "failure_rate",
        threshold: 50,
        minCalls: 5,
        windowMinutes: 5,
      },
      figures: { calls: 10, failures: 10, failureRatePercent: 100 },
    });
    expect(fired[0]!.text).toContain(
      "🔴 Firing (error) [alerts] CRM failing: failure rate of crm/lookup is 100% (10 of 10 calls)",
    );
    expect(fired[0]!.link).toMatch(
      /^https:\/\/faultline\.example\/calls\?range=custom&from=.+&server=crm&tool=lookup$/,
    );
    expect(fired[0]!.text).toContain(`<${fired[0]!.link}|See the calls>`);
    expect(await state(rule.id)).toMatchObject({ state: "firing", notified: true });

    // Still failing on later rounds, within the cool-down: no second message.
    for (const minutes of [0.5, 1, 2]) await evaluateAllRules(pool, config, at(now, minutes));
    expect(await messages()).toHaveLength(1);

    // Recovery: enough successes bring the rate under the threshold.
    await send(Array.from({ length: 30 }, () => succeeding("crm", "lookup")));
    await evaluateAllRules(pool, config, at(now, 2.5));
    for (const minutes of [3, 3.5]) await evaluateAllRules(pool, config, at(now, minutes));
    const all = await messages();
    expect(all.map((message) => message.status)).toEqual(["firing", "resolved"]);
    expect(all[1]!.figures).toMatchObject({ calls: 40, failures: 10, failureRatePercent: 25 });
    expect(all[1]!.text).toContain("✅ Resolved (error) [alerts] CRM failing");
    expect(await state(rule.id)).toMatchObject({ state: "ok", notified: false });
  });

  it("when the traffic stops the rule goes to no data and sends nothing: the incident stays open until calls say it recovered", async () => {
    const rule = await createRule(pool, projectId, {
      name: "CRM failing",
      kind: "failure_rate",
      server: "crm",
      tool: "lookup",
      windowMinutes: 5,
      threshold: 50,
      minCalls: 5,
      destination: RECEIVER,
    });
    const start = new Date();
    await send(Array.from({ length: 8 }, () => failing("crm", "lookup")));
    await evaluateAllRules(pool, config, at(start, 1));
    expect((await messages()).map((message) => message.status)).toEqual(["firing"]);
    const opened = (await messages())[0]!.incident;

    // The failing server stops being called: its window empties. Not "resolved": no data.
    for (const minutes of [7, 8, 30]) await evaluateAllRules(pool, config, at(start, minutes));
    expect((await messages()).map((message) => message.status)).toEqual(["firing"]);
    expect(await state(rule.id)).toMatchObject({ state: "no_data", notified: true });
    const view = (await pool.query(`SELECT firing_since FROM alert_rules WHERE id = $1`, [rule.id])).rows[0];
    expect(new Date(view.firing_since).toISOString()).toBe(opened.since);

    // Calls again, still failing: the same incident goes on (same key), no second "firing" within the cool-down.
    await send(
      Array.from({ length: 6 }, () => failing("crm", "lookup")),
      at(start, 31),
    );
    await evaluateAllRules(pool, config, at(start, 31.5));
    expect((await messages()).map((message) => message.status)).toEqual(["firing"]);
    expect(await state(rule.id)).toMatchObject({ state: "firing", notified: true });

    // Recovered by calls: one "resolved", closing the incident that firing opened.
    await send(
      Array.from({ length: 40 }, () => succeeding("crm", "lookup")),
      at(start, 32),
    );
    await evaluateAllRules(pool, config, at(start, 32.5));
    const all = await messages();
    expect(all.map((message) => message.status)).toEqual(["firing", "resolved"]);
    expect(all[1]!.incident).toEqual(opened);
    expect(await state(rule.id)).toMatchObject({ state: "ok", notified: false });
  });

  it("a rule that asks to be told says no data once, and never says resolved for it", async () => {
    const rule = await createRule(pool, projectId, {
      name: "quiet CRM",
      kind: "failure_rate",
      server: "crm",
      tool: "lookup",
      windowMinutes: 5,
      threshold: 50,
      minCalls: 20,
      notifyNoData: true,
      destination: RECEIVER,
    });
    const start = new Date();
    await send(Array.from({ length: 3 }, () => failing("crm", "lookup")));
    for (const minutes of [1, 2, 3]) await evaluateAllRules(pool, config, at(start, minutes));
    const said = await messages(rule.id);
    expect(said.map((message) => message.status)).toEqual(["no_data"]);
    expect(said[0]!.text).toContain("⚪ No data (error) [alerts] quiet CRM");
    expect(said[0]!.text).toContain("too few calls to judge (at least 20)");
    expect(await state(rule.id)).toMatchObject({ state: "no_data", notified: false });
    // Enough healthy calls: ok again, and nothing to resolve.
    await send(Array.from({ length: 25 }, () => succeeding("crm", "lookup")));
    await evaluateAllRules(pool, config, at(start, 4));
    expect((await messages(rule.id)).map((message) => message.status)).toEqual(["no_data"]);
    expect(await state(rule.id)).toMatchObject({ state: "ok" });
  });

  it("reads the rollups, not the calls: with every call row deleted the rule still fires", async () => {
    await createRule(pool, projectId, {
      name: "any",
      kind: "failure_rate",
      windowMinutes: 10,
      threshold: 10,
      minCalls: 3,
      destination: RECEIVER,
    });
    await send([failing("a", "x"), failing("b", "y"), succeeding("c", "z")]);
    await pool.query(`DELETE FROM calls`);
    await pool.query(`DELETE FROM call_ids`);
    await evaluateAllRules(pool, config, new Date());
    expect((await messages()).map((message) => message.figures)).toMatchObject([{ calls: 3, failures: 2 }]);
  });

  it("a window longer than 48 hours reads the hourly and daily rollups", async () => {
    await createRule(pool, projectId, {
      name: "weekly",
      kind: "failure_rate",
      server: "slow",
      windowMinutes: 7 * 24 * 60,
      threshold: 50,
      minCalls: 4,
      destination: RECEIVER,
    });
    const now = new Date();
    await send([failing("slow", "t"), failing("slow", "t")], new Date(now.getTime() - 5 * 86_400_000));
    await send([failing("slow", "t"), succeeding("slow", "t")], new Date(now.getTime() - 3 * 86_400_000));
    // Minute rows older than 48 h are pruned in production; without them the count must not change.
    await pool.query(`DELETE FROM tool_rollups WHERE granularity = 'minute'`);
    await evaluateAllRules(pool, config, now);
    expect((await messages()).map((message) => message.figures)).toMatchObject([
      { calls: 4, failures: 3, failureRatePercent: 75 },
    ]);
  });
});

describe("cool-down", () => {
  it("says every episode at once, also within the cool-down; repeats a firing that has not resolved once per cool-down", async () => {
    const rule = await createRule(pool, projectId, {
      name: "flappy",
      kind: "failure_rate",
      server: "flap",
      windowMinutes: 1,
      threshold: 50,
      minCalls: 1,
      cooldownMinutes: 30,
      destination: RECEIVER,
    });
    const start = new Date();
    await send([failing("flap", "t")], start);
    await evaluateAllRules(pool, config, at(start, 0.1)); // fires
    await send([succeeding("flap", "t")], at(start, 2.5));
    await evaluateAllRules(pool, config, at(start, 3)); // a healthy window: resolved
    await send([failing("flap", "t")], at(start, 10));
    // Back within the cool-down (30 min after 0.1): a new episode, said at once — the channel's
    // last word must not stay "Resolved" during a live incident.
    await evaluateAllRules(pool, config, at(start, 10.1));
    expect(await state(rule.id)).toMatchObject({ state: "firing", notified: true });
    await send([succeeding("flap", "t")], at(start, 12.5));
    await evaluateAllRules(pool, config, at(start, 13)); // ends: resolved
    expect((await messages()).map((message) => message.status)).toEqual([
      "firing",
      "resolved",
      "firing",
      "resolved",
    ]);

    // Firing for longer than the cool-down: one repeat when it has passed, not before.
    await send([failing("flap", "t")], at(start, 40));
    await evaluateAllRules(pool, config, at(start, 40.1)); // a new episode: fires
    for (let minute = 41; minute <= 80; minute += 1) {
      await send([failing("flap", "t")], at(start, minute));
      await evaluateAllRules(pool, config, at(start, minute + 0.1));
    }
    const statuses = (await messages()).map(
      (message) => `${message.status}${message.repeat ? " (repeat)" : ""}`,
    );
    expect(statuses).toEqual(["firing", "resolved", "firing", "resolved", "firing", "firing (repeat)"]);
    expect((await messages())[5]!.text).toContain("🔴 Still firing");
  });
});

describe("other kinds", () => {
  it("silent failures at the threshold fire", async () => {
    await createRule(pool, projectId, {
      name: "silent",
      kind: "silent_failures",
      tool: "parse",
      windowMinutes: 15,
      threshold: 3,
      destination: RECEIVER,
    });
    const now = at(new Date(), 1);
    await send([silent("docs", "parse"), silent("docs", "parse"), succeeding("docs", "parse")]);
    await evaluateAllRules(pool, config, now);
    expect(await messages()).toEqual([]);
    await send([silent("pdf", "parse")]);
    await evaluateAllRules(pool, config, at(now, 0.1));
    const fired = await messages();
    expect(fired.map((message) => message.figures)).toMatchObject([{ calls: 4, silentFailures: 3 }]);
    expect(fired[0]!.link).toContain("silentFailure=true");
  });

  it("a new failure signature fires, with the example; once it is older than the window, resolved", async () => {
    await createRule(pool, projectId, {
      name: "new",
      kind: "new_signature",
      server: "crm",
      windowMinutes: 10,
      destination: RECEIVER,
    });
    const now = at(new Date(), 1);
    await send([failing("other", "x", "Error: not about crm")]);
    await evaluateAllRules(pool, config, now);
    expect(await messages()).toEqual([]);
    await send([failing("crm", "lookup", "Error: lead 42 has no owner")]);
    await evaluateAllRules(pool, config, at(now, 0.1));
    const [fired] = await messages();
    expect(fired).toMatchObject({ status: "firing", figures: { signatures: 1 } });
    expect(fired!.figures.examples).toMatchObject([{ server: "crm", tool: "lookup" }]);
    expect(fired!.figures.examples![0]!.example).toContain("lead");
    expect(fired!.link).toMatch(/^https:\/\/faultline\.example\/failures\/[0-9a-f]+$/);
    expect(fired!.figures.examples![0]!.link).toBe(fired!.link);
    expect(fired!.text).toContain("1 new failure signature of server crm in the last 10 min");
    await evaluateAllRules(pool, config, at(now, 11));
    expect((await messages()).map((message) => message.status)).toEqual(["firing", "resolved"]);
  });

  it("a regressed signature (resolved, then seen again through ingest) fires", async () => {
    await createRule(pool, projectId, {
      name: "regressions",
      kind: "regressed_signature",
      windowMinutes: 60,
      destination: RECEIVER,
    });
    await send([failing("crm", "lookup", "Error: quota exceeded")], new Date(Date.now() - 10 * MINUTE));
    await pool.query(
      `UPDATE failure_signatures SET status = 'resolved', status_changed_at = now() - interval '5 minutes'`,
    );
    await evaluateAllRules(pool, config, new Date());
    expect(await messages()).toEqual([]);
    await send([failing("crm", "lookup", "Error: quota exceeded")]);
    const { rows } = await pool.query(`SELECT status FROM failure_signatures`);
    expect(rows).toEqual([{ status: "regressed" }]);
    await evaluateAllRules(pool, config, new Date(Date.now() + 1000));
    const [fired] = await messages();
    expect(fired).toMatchObject({ status: "firing", figures: { signatures: 1 } });
    expect(fired!.text).toContain("regressed (seen again after being resolved)");
  });

  it("a tool with no calls for the window fires, and resolves when it is called again", async () => {
    const now = new Date();
    await send([succeeding("crm", "sync")], at(now, -30));
    await createRule(pool, projectId, {
      name: "sync stopped",
      kind: "tool_silent",
      server: "crm",
      tool: "sync",
      windowMinutes: 10,
      destination: RECEIVER,
    });
    await evaluateAllRules(pool, config, now);
    const [fired] = await messages();
    expect(fired).toMatchObject({ status: "firing", figures: { calls: 0 } });
    expect(new Date(fired!.figures.lastCallAt!).getTime()).toBeLessThanOrEqual(at(now, -29).getTime());
    expect(fired!.text).toContain("no calls of crm/sync for 10 min");
    await send([succeeding("crm", "sync")]);
    await evaluateAllRules(pool, config, at(new Date(), 1));
    expect((await messages()).map((message) => message.status)).toEqual(["firing", "resolved"]);
  });

  it("a disabled rule is not evaluated", async () => {
    await createRule(pool, projectId, {
      name: "off",
      kind: "tool_silent",
      server: "s",
      tool: "t",
      windowMinutes: 1,
      enabled: false,
      destination: RECEIVER,
    });
    expect((await evaluateAllRules(pool, config)).evaluated).toBe(0);
    expect(await messages()).toEqual([]);
  });
});

describe("one instance at a time", () => {
  async function firingRules(count: number) {
    for (let index = 0; index < count; index += 1) {
      await createRule(pool, projectId, {
        name: `silent ${index}`,
        kind: "tool_silent",
        server: "gone",
        tool: `t${index}`,
        windowMinutes: 5,
        destination: RECEIVER,
      });
    }
  }

  it("while another instance holds the alerts lock, a round evaluates nothing and sends nothing", async () => {
    await firingRules(3);
    const other = new pg.Client({ connectionString: testDatabase.url });
    await other.connect();
    try {
      await other.query("SELECT pg_advisory_lock($1)", [LOCKS.alerts]);
      const before = (await metrics().alertEvaluations.get()).values[0]?.value ?? 0;
      expect(await runAlertEvaluation(pool, config)).toEqual({ ran: false });
      expect(await messages()).toEqual([]);
      expect((await metrics().alertEvaluations.get()).values[0]?.value ?? 0).toBe(before);
      await other.query("SELECT pg_advisory_unlock($1)", [LOCKS.alerts]);
      expect(await runAlertEvaluation(pool, config)).toMatchObject({
        ran: true,
        summary: { evaluated: 3, enqueued: 3 },
      });
      expect((await metrics().alertEvaluations.get()).values[0]?.value).toBe(before + 3);
    } finally {
      await other.end();
    }
  });

  it("two instances starting a round together: one evaluates, the other skips; each rule fires once", async () => {
    await firingRules(20);
    const instances = [otherPool(testDatabase.url, 3), otherPool(testDatabase.url, 3)];
    try {
      // Both connected and warm, so that neither gets a head start.
      await Promise.all(instances.map((instance) => instance.query("SELECT 1")));
      const outcomes = await Promise.all(instances.map((instance) => runAlertEvaluation(instance, config)));
      expect(outcomes.filter((outcome) => outcome.ran)).toHaveLength(1);
      expect(await messages()).toHaveLength(20);
    } finally {
      await Promise.all(instances.map((instance) => instance.end()));
    }
  });

  it("even two evaluations of one rule at the same moment (no alerts lock) fire it once: the rule row is locked", async () => {
    await firingRules(40);
    const instances = [otherPool(testDatabase.url, 3), otherPool(testDatabase.url, 3)];
    try {
      await Promise.all(instances.map((instance) => instance.query("SELECT 1")));
      const now = new Date();
      await Promise.all(instances.map((instance) => evaluateAllRules(instance, config, now)));
      const { rows } = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM alert_deliveries GROUP BY rule_id HAVING count(*) > 1`,
      );
      expect(rows).toEqual([]);
      expect(await messages()).toHaveLength(40);
    } finally {
      await Promise.all(instances.map((instance) => instance.end()));
    }
  });
});
