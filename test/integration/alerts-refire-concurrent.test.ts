import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createRule,
  DELIVERY_HEADER,
  evaluateAllRules,
  processDeliveries,
  type AlertMessage,
  type AlertsConfig,
  type EvaluationSummary,
} from "../../lib/alerts";
import { seedCalls } from "../helpers/seed";
import { createTestDatabase, otherPool, type TestDatabase } from "../helpers/test-database";
import { startReceiver, type Receiver } from "./alert-receiver";

// Re-firing under concurrent evaluators. Rounds of simulated time, one minute apart; in each,
// the calls of that minute are stored and then several evaluators (pools of their own, as app
// instances are, without the alerts lock that normally lets only one of them run) evaluate the
// same rules at the same moment. Whatever the interleaving, each rule must say each thing exactly
// once and in order: the first firing, a "still firing" repeat once per cool-down while it has not
// resolved, one "resolved" when it ends, and a new firing at once for a new episode — also within
// the cool-down — under a new incident key.

let testDatabase: TestDatabase;
let pool: pg.Pool;
let projectId: string;
let evaluators: pg.Pool[] = [];
let receiver: Receiver;

const EVALUATORS = 4;
const MINUTE = 60_000;
const ROUNDS = 30;

beforeAll(async () => {
  testDatabase = await createTestDatabase("alerts_refire_concurrent");
  pool = testDatabase.database.pool;
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO projects (id, name) VALUES (gen_random_uuid(), 'refire') RETURNING id`,
  );
  projectId = rows[0]!.id;
  evaluators = Array.from({ length: EVALUATORS }, () => {
    const evaluator = otherPool(testDatabase.url, 3);
    // pool.end() resolves before its connections have closed; the database's drop may end them.
    evaluator.on("error", () => {});
    return evaluator;
  });
  await Promise.all(evaluators.map((evaluator) => evaluator.query("SELECT 1")));
});
afterAll(async () => {
  await Promise.all(evaluators.map((evaluator) => evaluator.end()));
  await testDatabase?.drop();
});
beforeEach(async () => {
  receiver = await startReceiver();
  for (const table of [
    "alert_rules",
    "calls",
    "call_ids",
    "tool_rollups",
    "outcome_rollups",
    "failure_signatures",
  ]) {
    await pool.query(`DELETE FROM ${table}`);
  }
});
afterEach(async () => receiver.close());

const config = (): AlertsConfig => ({
  publicUrl: "https://faultline.example",
  intervalMs: 1000,
  retryBaseMs: 100,
  maxAttempts: 3,
  allowPrivate: true,
  timeoutMs: 2000,
  concurrency: { total: 32, perProject: 8, perReceiver: 4 },
});

// Minutes aligned, three hours back: round r evaluates at hh:mm:30 of minute r and its calls
// occurred at hh:mm:10 of that minute. A one-minute window then counts the calls of rounds r−1
// and r (the minute rollup rows it starts in and ends in), a two-minute one those of r−2 … r.
const base = Math.floor((Date.now() - 3 * 3_600_000) / MINUTE) * MINUTE;
const roundAt = (round: number) => new Date(base + round * MINUTE + 30_000);
const callAt = (round: number) => new Date(base + round * MINUTE + 10_000);

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** Which rounds carry which calls. */
const SCHEDULE = {
  /** Server a: failing calls (rule A, cool-down 5 min). */
  aFailing: new Set([...range(0, 11), 16, 17, 22, 25]),
  /** Server b: failing calls (rule B, cool-down 1 min: a repeat every round while it lasts). */
  bFailing: new Set([...range(3, 6), 20]),
  /** Server c, tool sync: called (rule C, tool_silent over 2 min, cool-down 3 min). */
  cCalled: new Set([0, 1, 2, 10, ...range(20, ROUNDS - 1)]),
};

/**
 * What each rule must say, in order: [round, status, repeat, the round its episode began].
 * Worked out by hand from SCHEDULE (see the windows above).
 */
const EXPECTED: Record<"A" | "B" | "C", [number, "firing" | "resolved", boolean, number][]> = {
  A: [
    [0, "firing", false, 0],
    [5, "firing", true, 0],
    [10, "firing", true, 0],
    [13, "resolved", false, 0], // the last failing call (round 11) leaves the window after round 12
    [16, "firing", false, 16],
    [19, "resolved", false, 16],
    [22, "firing", false, 22],
    [24, "resolved", false, 22],
    [25, "firing", false, 25], // 3 min after the last firing, within the cool-down: said at once
    [27, "resolved", false, 25],
  ],
  B: [
    [3, "firing", false, 3],
    [4, "firing", true, 3],
    [5, "firing", true, 3],
    [6, "firing", true, 3],
    [7, "firing", true, 3],
    [8, "resolved", false, 3],
    [20, "firing", false, 20],
    [21, "firing", true, 20],
    [22, "resolved", false, 20],
  ],
  C: [
    [5, "firing", false, 5],
    [8, "firing", true, 5],
    [10, "resolved", false, 5],
    [13, "firing", false, 13],
    [16, "firing", true, 13],
    [19, "firing", true, 13],
    [20, "resolved", false, 13],
  ],
};

async function createRules(destination: { type: "webhook"; url: string }) {
  const a = await createRule(pool, projectId, {
    name: "A",
    kind: "failure_rate",
    server: "a",
    windowMinutes: 1,
    threshold: 50,
    minCalls: 1,
    cooldownMinutes: 5,
    destination,
  });
  const b = await createRule(pool, projectId, {
    name: "B",
    kind: "failure_rate",
    server: "b",
    windowMinutes: 1,
    threshold: 50,
    minCalls: 1,
    cooldownMinutes: 1,
    destination,
  });
  const c = await createRule(pool, projectId, {
    name: "C",
    kind: "tool_silent",
    server: "c",
    tool: "sync",
    windowMinutes: 2,
    cooldownMinutes: 3,
    destination,
  });
  // A rule whose condition never holds: it must say nothing, however often it is evaluated.
  const d = await createRule(pool, projectId, {
    name: "D",
    kind: "failure_rate",
    server: "d",
    windowMinutes: 1,
    threshold: 50,
    minCalls: 1,
    cooldownMinutes: 1,
    destination,
  });
  return { A: a.id, B: b.id, C: c.id, D: d.id };
}

async function storeRound(round: number) {
  const occurredAt = callAt(round).toISOString();
  const calls: object[] = [{ server: "d", tool: "t", isError: false, text: "fine", occurredAt }];
  // Servers a and b are called every round, failing or not: a window with no calls is "no data",
  // which never resolves an episode; healthy calls do.
  calls.push(
    SCHEDULE.aFailing.has(round)
      ? { server: "a", tool: "lookup", isError: true, text: "Error: upstream exploded", occurredAt }
      : { server: "a", tool: "lookup", isError: false, text: "found", occurredAt },
  );
  calls.push(
    SCHEDULE.bFailing.has(round)
      ? { server: "b", tool: "charge", isError: true, text: "Error: card declined", occurredAt }
      : { server: "b", tool: "charge", isError: false, text: "charged", occurredAt },
  );
  if (SCHEDULE.cCalled.has(round))
    calls.push({ server: "c", tool: "sync", isError: false, text: "synced", occurredAt });
  const result = await seedCalls(pool, projectId, { calls });
  expect(result.rejected).toEqual([]);
}

/** Every evaluator evaluates every rule at `now`, all at once; a few start a moment late. */
async function evaluateTogether(now: Date): Promise<EvaluationSummary[]> {
  return Promise.all(
    evaluators.map(async (evaluator, index) => {
      if (index % 2 === 1) await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
      return evaluateAllRules(evaluator, config(), now);
    }),
  );
}

async function messagesOf(ruleId: string): Promise<AlertMessage[]> {
  const { rows } = await pool.query<{ message: AlertMessage }>(
    `SELECT message FROM alert_deliveries WHERE rule_id = $1 ORDER BY id`,
    [ruleId],
  );
  return rows.map((row) => row.message);
}

/** A message as [round, status, repeat, the round its incident began]. */
function said(message: AlertMessage): [number, string, boolean, number] {
  const round = (at: string) => Math.round((Date.parse(at) - 30_000 - base) / MINUTE);
  return [round(message.at), message.status, message.repeat, round(message.incident.since)];
}

describe("re-firing with several evaluators at the same moment", () => {
  it("each firing, each repeat and each resolve is queued exactly once, in order, with one incident key per episode", async () => {
    const ids = await createRules({ type: "webhook", url: `${receiver.url}/hook` });
    const perRound: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await storeRound(round);
      const summaries = await evaluateTogether(roundAt(round));
      // Every evaluator evaluated every rule, none failed (no deadlock, no error surfaced) …
      expect(summaries.map((summary) => [summary.evaluated, summary.failed])).toEqual(
        Array.from({ length: EVALUATORS }, () => [4, 0]),
      );
      // … and between them they queued exactly what the round calls for.
      perRound.push(summaries.reduce((sum, summary) => sum + summary.enqueued, 0));
    }

    for (const name of ["A", "B", "C"] as const) {
      const messages = await messagesOf(ids[name]);
      expect([name, messages.map(said)]).toEqual([name, EXPECTED[name]]);
      // One key per episode: its firing, its repeats and its resolve share it; the next has another.
      const keys = new Map<number, Set<string>>();
      for (const message of messages) {
        const episode = said(message)[3];
        keys.set(episode, (keys.get(episode) ?? new Set()).add(message.incident.key));
        expect(message.incident.key).toBe(`faultline-${ids[name]}-${Date.parse(message.incident.since)}`);
      }
      expect([...keys.values()].map((set) => set.size)).toEqual([...keys.keys()].map(() => 1));
      expect(new Set(messages.map((message) => message.incident.key)).size).toBe(keys.size);
      const repeats = messages.filter((message) => message.repeat);
      expect(repeats.every((message) => message.text.startsWith("🔴 Still firing"))).toBe(true);
    }
    expect(await messagesOf(ids.D)).toEqual([]);

    const expectedPerRound = range(0, ROUNDS - 1).map(
      (round) =>
        Object.values(EXPECTED)
          .flat()
          .filter(([at]) => at === round).length,
    );
    expect(perRound).toEqual(expectedPerRound);

    // The rule's state at the end agrees: A and B resolved, C resolved and called every round since.
    const { rows } = await pool.query<{ name: string; state: string; notified: boolean }>(
      `SELECT name, state, notified FROM alert_rules ORDER BY name`,
    );
    expect(rows).toEqual([
      { name: "A", state: "ok", notified: false },
      { name: "B", state: "ok", notified: false },
      { name: "C", state: "ok", notified: false },
      { name: "D", state: "ok", notified: false },
    ]);
  });

  it("with senders running beside the evaluators, the receiver gets each message once, each rule's in order", async () => {
    const ids = await createRules({ type: "webhook", url: `${receiver.url}/hook` });
    const senders = evaluators.slice(0, 2);
    for (let round = 0; round < ROUNDS; round += 1) {
      await storeRound(round);
      const now = roundAt(round);
      await Promise.all([
        evaluateTogether(now),
        // Two instances' senders look for due messages while the round is being evaluated.
        ...senders.map((sender) => processDeliveries(sender, config(), { now })),
      ]);
    }
    // What was queued last is sent by the next look.
    const end = roundAt(ROUNDS);
    await Promise.all(senders.map((sender) => processDeliveries(sender, config(), { now: end })));
    await processDeliveries(pool, config(), { now: end });

    const { rows } = await pool.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM alert_deliveries GROUP BY status`,
    );
    const total = Object.values(EXPECTED).flat().length;
    expect(rows).toEqual([{ status: "delivered", n: total }]);
    expect(receiver.received).toHaveLength(total);
    expect(new Set(receiver.received.map((request) => request.headers[DELIVERY_HEADER])).size).toBe(total);
    for (const name of ["A", "B", "C"] as const) {
      const got = receiver.received
        .map((request) => request.body as AlertMessage)
        .filter((message) => message.rule.id === ids[name]);
      expect([name, got.map(said)]).toEqual([name, EXPECTED[name]]);
    }
  });
});

describe("evaluations of different moments reaching a rule out of order", () => {
  async function ruleA() {
    const { A } = await createRules({ type: "webhook", url: `${receiver.url}/hook` });
    return A;
  }
  const failingA = (round: number) =>
    seedCalls(pool, projectId, {
      server: "a",
      tool: "lookup",
      isError: true,
      text: "Error: upstream exploded",
      occurredAt: callAt(round).toISOString(),
    });
  /** A healthy call of server a: what makes a window judge it recovered (an empty one is no data). */
  const healthyA = (round: number) =>
    seedCalls(pool, projectId, {
      server: "a",
      tool: "lookup",
      isError: false,
      text: "found",
      occurredAt: callAt(round).toISOString(),
    });

  it("an instance whose clock is behind neither re-fires a resolved alert nor resolves a live one", async () => {
    const id = await ruleA();
    await failingA(0);
    for (const round of [2, 3, 4, 5]) await healthyA(round);
    await evaluateAllRules(evaluators[0]!, config(), roundAt(0)); // fires
    await evaluateAllRules(evaluators[1]!, config(), roundAt(3)); // the window is past the failure: resolved
    // The next round's instance has a clock two minutes behind: its window still holds the failure.
    await evaluateAllRules(evaluators[2]!, config(), roundAt(1));
    await evaluateAllRules(evaluators[0]!, config(), roundAt(4));
    expect((await messagesOf(id)).map(said)).toEqual([
      [0, "firing", false, 0],
      [3, "resolved", false, 0],
    ]);

    // A new episode; the lagging instance's window (rounds 4–5) has none of its failures.
    for (const round of [6, 7, 8]) await failingA(round);
    await evaluateAllRules(evaluators[0]!, config(), roundAt(6)); // fires
    await evaluateAllRules(evaluators[2]!, config(), roundAt(5)); // two minutes behind: must not resolve it
    await evaluateAllRules(evaluators[1]!, config(), roundAt(7)); // still firing, within the cool-down
    expect((await messagesOf(id)).map(said)).toEqual([
      [0, "firing", false, 0],
      [3, "resolved", false, 0],
      [6, "firing", false, 6],
    ]);
    const { rows } = await pool.query(`SELECT state, last_evaluated_at FROM alert_rules WHERE id = $1`, [id]);
    expect(rows[0]).toEqual({ state: "firing", last_evaluated_at: roundAt(7) });
  });

  it("a round that measured an earlier moment but gets the rule's lock after a later round changes nothing", async () => {
    const id = await ruleA();
    await failingA(0);
    for (const round of [2, 3]) await healthyA(round);
    await evaluateAllRules(pool, config(), roundAt(0)); // fires
    const waiting = async (count: number) => {
      for (let tries = 0; tries < 500; tries += 1) {
        const { rows } = await pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (rows[0]!.n >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`never ${count} waiting on the rule's lock`);
    };
    // Something holds the rule's row (a person editing it, say) while two rounds come.
    const holder = await pool.connect();
    try {
      await holder.query("BEGIN");
      await holder.query(`SELECT 1 FROM alert_rules WHERE id = $1 FOR UPDATE`, [id]);
      // The later round measures (the failure has left its window) and queues for the row first …
      const later = evaluateAllRules(evaluators[0]!, config(), roundAt(3));
      await waiting(1);
      // … then a round of an earlier moment (its window still holds the failure) queues behind it.
      const earlier = evaluateAllRules(evaluators[1]!, config(), roundAt(1));
      await waiting(2);
      await holder.query("COMMIT");
      const summaries = await Promise.all([later, earlier]);
      expect(summaries.map((summary) => summary.failed)).toEqual([0, 0]);
    } finally {
      holder.release();
    }
    expect((await messagesOf(id)).map(said)).toEqual([
      [0, "firing", false, 0],
      [3, "resolved", false, 0],
    ]);
    const { rows } = await pool.query(`SELECT state FROM alert_rules WHERE id = $1`, [id]);
    expect(rows[0]).toEqual({ state: "ok" });
  });
});
