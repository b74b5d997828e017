import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createRule,
  DELIVERY_HEADER,
  scheduleAlerts,
  type AlertsConfig,
  type AlertsSchedule,
} from "../../lib/alerts";
import { createTestDatabase, otherPool, type TestDatabase } from "../helpers/test-database";
import { startReceiver, type Receiver } from "./alert-receiver";

// Delivery isolation, with the real scheduler (evaluation and sender loops), real HTTP receivers
// on loopback and a real PostgreSQL: receivers that accept a message and never answer hold
// their own slots for the whole deadline, and nobody else's — not another project's (even when
// that project's rules point at several such receivers), not another receiver's of the same
// project. Several instances sending at once still send each message once.

let testDatabase: TestDatabase;
let pool: pg.Pool;
let receivers: Receiver[] = [];
let schedules: AlertsSchedule[] = [];

const config: AlertsConfig = {
  publicUrl: undefined,
  intervalMs: 500,
  // No retry within a test: what a receiver gets is the first attempt of each message.
  retryBaseMs: 600_000,
  maxAttempts: 3,
  allowPrivate: true,
  // The real deadline: a hanging receiver holds its slot for 5 s.
  timeoutMs: 5_000,
  concurrency: { total: 8, perProject: 4, perReceiver: 2 },
};
/** How late a healthy receiver's message may be, after its rule fired. Today's code: 5–15 s. */
const PROMPT_MS = 1_500;

beforeAll(async () => {
  testDatabase = await createTestDatabase("alerts_isolation");
  pool = testDatabase.database.pool;
});
afterAll(async () => testDatabase?.drop());
beforeEach(async () => {
  await pool.query(`DELETE FROM alert_rules`);
  await pool.query(`DELETE FROM projects`);
});
afterEach(async () => {
  // Start nothing more, cut the hanging requests short, then wait for the attempts to be recorded.
  const stopped = schedules.map((schedule) => schedule.stop());
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await Promise.all(stopped);
  receivers = [];
  schedules = [];
});

async function receiver(answer: "hang" | 200): Promise<Receiver> {
  const started = await startReceiver();
  started.answer([], answer);
  receivers.push(started);
  return started;
}

async function project(name: string): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO projects (id, name) VALUES (gen_random_uuid(), $1) RETURNING id`,
    [name],
  );
  return rows[0]!.id;
}

/** A rule of a tool that has had no calls: it fires at its first evaluation. */
async function rule(projectId: string, url: string, tool: string): Promise<string> {
  const created = await createRule(pool, projectId, {
    name: `${tool} stopped`,
    kind: "tool_silent",
    server: "crm",
    tool,
    windowMinutes: 10,
    destination: { type: "webhook", url },
  });
  return created.id;
}

function schedule(onPool: pg.Pool = pool, withConfig: AlertsConfig = config): AlertsSchedule {
  const started = scheduleAlerts(onPool, withConfig);
  schedules.push(started);
  return started;
}

/** How long after its rule fired (the message was queued) the receiver got a rule's message; null: not yet. */
async function delay(target: Receiver, ruleId: string): Promise<number | null> {
  const { rows } = await pool.query<{ id: string; created_at: Date }>(
    `SELECT id::text AS id, created_at FROM alert_deliveries WHERE rule_id = $1`,
    [ruleId],
  );
  const queued = rows[0];
  const got = queued && target.received.find((request) => request.headers[DELIVERY_HEADER] === queued.id);
  return got ? got.at - queued.created_at.getTime() : null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const total = (list: Receiver[]) => list.reduce((sum, each) => sum + each.received.length, 0);

describe("delivery isolation", () => {
  it("project A's 60 rules to receivers that never answer do not delay project B's message", async () => {
    // Four receivers that take the request and never answer: with no bound per project, A's
    // messages alone (two per receiver) would fill every one of the 8 slots for 5 s at a time.
    const hanging = await Promise.all([1, 2, 3, 4].map(() => receiver("hang")));
    const healthy = await receiver(200);
    const a = await project("a");
    const b = await project("b");
    for (let index = 0; index < 60; index += 1) await rule(a, hanging[index % 4]!.url, `a${index}`);
    schedule();
    // A's messages are queued and being sent (and hang) before B's rule exists.
    await Promise.all(hanging.map((each) => each.waitFor((received) => received.length > 0, 5_000)));
    const bRule = await rule(b, `${healthy.url}/b`, "b");
    await healthy.waitFor((received) => received.length > 0, 4_000).catch(() => {});
    const late = await delay(healthy, bRule);
    console.log(
      `[alerts isolation] B's message reached its receiver ${late ?? "(not within 4 s)"} ms after B's rule fired; ` +
        `A had ${total(hanging)} requests hanging at its receivers`,
    );
    expect(late).not.toBeNull();
    expect(late!).toBeLessThan(PROMPT_MS);
    // A held at most its share: 4 slots (2 per receiver), whatever it had queued.
    expect(total(hanging)).toBeLessThanOrEqual(config.concurrency.perProject);
    for (const each of hanging)
      expect(each.received.length).toBeLessThanOrEqual(config.concurrency.perReceiver);
  });

  it("in one project, a receiver that never answers does not delay a healthy receiver's message", async () => {
    const hanging = await receiver("hang");
    const healthy = await receiver(200);
    const a = await project("a");
    for (let index = 0; index < 30; index += 1) await rule(a, `${hanging.url}/slow/${index}`, `slow${index}`);
    // Created last: queued behind all 30 of the hanging receiver's messages.
    const healthyRule = await rule(a, `${healthy.url}/ok`, "ok");
    schedule();
    await healthy.waitFor((received) => received.length > 0, 4_000).catch(() => {});
    const late = await delay(healthy, healthyRule);
    console.log(
      `[alerts isolation] the healthy receiver got its message ${late ?? "(not within 4 s)"} ms after its rule fired, ` +
        `beside ${hanging.received.length} requests hanging at the other receiver of the same project`,
    );
    expect(late).not.toBeNull();
    expect(late!).toBeLessThan(PROMPT_MS);
    // One receiver's paths are one receiver: 2 at a time, not one per URL.
    expect(hanging.received.length).toBeLessThanOrEqual(config.concurrency.perReceiver);
  });

  it("a message goes out as soon as its rule is evaluated, while the round goes on with the other rules", async () => {
    const first = await receiver(200);
    const rest = await receiver(200);
    const a = await project("a");
    // Evaluated in the order created: the first rule's message is queued before 40 more rules.
    const firstRule = await rule(a, first.url, "first");
    for (let index = 0; index < 40; index += 1) await rule(a, rest.url, `rest${index}`);
    // Rounds and the sender's own look both every second: only a wake from the round itself
    // sends the first message before the round is over.
    schedule(pool, { ...config, intervalMs: 1_000 });
    await rest.waitFor((received) => received.length === 40, 10_000);
    // Each message is queued in its rule's own transaction: the last one's start ends the round.
    const { rows } = await pool.query<{ last: Date }>(`SELECT max(created_at) AS last FROM alert_deliveries`);
    expect(first.received).toHaveLength(1);
    expect(first.received[0]!.at).toBeLessThan(rows[0]!.last.getTime());
    expect(await delay(first, firstRule)).toBeLessThan(PROMPT_MS);
  });

  it("two instances sending at once send each message once, with its delivery id", async () => {
    const healthy = await receiver(200);
    const projects = await Promise.all(["a", "b", "c"].map(project));
    const ruleIds: string[] = [];
    for (const [index, projectId] of projects.entries()) {
      for (let each = 0; each < 12; each += 1)
        ruleIds.push(await rule(projectId, healthy.url, `t${index}-${each}`));
    }
    const other = otherPool(testDatabase.url, 5);
    try {
      schedule();
      schedule(other);
      await healthy.waitFor((received) => received.length >= ruleIds.length, 10_000);
      await sleep(1_500); // rounds keep coming: nothing is sent again
      const stopped = schedules.map((each) => each.stop());
      schedules = [];
      await Promise.all(stopped);
    } finally {
      await other.end();
    }
    expect(healthy.received).toHaveLength(ruleIds.length);
    expect(new Set(healthy.received.map((request) => request.headers[DELIVERY_HEADER])).size).toBe(
      ruleIds.length,
    );
    const { rows } = await pool.query<{ status: string; attempts: number; n: number }>(
      `SELECT d.status, d.attempts, count(a.*)::int AS n FROM alert_deliveries d
         LEFT JOIN alert_delivery_attempts a ON a.project_id = d.project_id AND a.delivery_id = d.id
        GROUP BY d.project_id, d.id`,
    );
    expect(rows).toHaveLength(ruleIds.length);
    expect(rows.every((row) => row.status === "delivered" && row.attempts === 1 && row.n === 1)).toBe(true);
  });
});
