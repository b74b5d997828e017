import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createRule,
  DELIVERY_HEADER,
  evaluateAllRules,
  processDeliveries,
  recentDeliveries,
  type AlertMessage,
  type AlertsConfig,
  type AttemptOutcome,
} from "../../lib/alerts";
import { seedCalls } from "../helpers/seed";
import {
  startOpsgenie,
  startPagerDuty,
  type StandIn,
  type StandInRequest,
} from "../helpers/paging-stand-ins";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// PagerDuty and Opsgenie deliveries against local stand-ins of their APIs (the operator's
// endpoint overrides point at them), which keep incidents by dedup_key / alias as the real
// services do. What the person on call relies on: an answer that says "this will never work"
// (400, 401, 404) fails the message at once and is recorded; one that says "not now" (429, 5xx)
// is retried with backoff until delivered, under one key, so that retries never open a second
// incident; a service that answers after the deadline is given up on at the deadline without
// holding up other messages; a redirect is never followed; and the resolve closes the incident
// its trigger opened, also when the trigger needed retries.

let testDatabase: TestDatabase;
let pool: pg.Pool;
let projectId: string;
let pagerDuty: StandIn;
let opsgenie: StandIn;
let config: AlertsConfig;

const ROUTING_KEY = "R0UT1NGKEYabcdef0123456789abcdef";
const GENIE_KEY = "11111111-2222-3333-4444-555566667777";
const TIMEOUT_MS = 500;
const RETRY_BASE_MS = 100;

beforeAll(async () => {
  testDatabase = await createTestDatabase("alerts_paging_stand_ins");
  pool = testDatabase.database.pool;
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO projects (id, name) VALUES (gen_random_uuid(), 'shop') RETURNING id`,
  );
  projectId = rows[0]!.id;
});
afterAll(async () => testDatabase?.drop());
beforeEach(async () => {
  [pagerDuty, opsgenie] = await Promise.all([startPagerDuty([ROUTING_KEY]), startOpsgenie([GENIE_KEY])]);
  config = {
    publicUrl: "https://faultline.example",
    intervalMs: 1000,
    retryBaseMs: RETRY_BASE_MS,
    maxAttempts: 5,
    allowPrivate: true,
    timeoutMs: TIMEOUT_MS,
    concurrency: { total: 32, perProject: 8, perReceiver: 2 },
    endpoints: { pagerduty: `${pagerDuty.url}/v2/enqueue`, opsgenie: opsgenie.url },
  };
  for (const table of ["alert_rules", "calls", "call_ids", "tool_rollups", "outcome_rollups"]) {
    await pool.query(`DELETE FROM ${table}`);
  }
});
afterEach(async () => {
  await Promise.all([pagerDuty.close(), opsgenie.close()]);
});

type ChannelName = "pagerduty" | "opsgenie";

interface Channel {
  name: ChannelName;
  standIn: () => StandIn;
  destination: object;
  /** The key a request carries: the dedup_key, or the alias (in the body, or the close URL). */
  keyOf(request: StandInRequest): string;
  /** What the request asks: open or close. */
  actionOf(request: StandInRequest): "open" | "close";
  /** Where a stand-in at `base` takes a firing message. */
  openPath(base: string): string;
}

const CHANNELS: Channel[] = [
  {
    name: "pagerduty",
    standIn: () => pagerDuty,
    destination: { type: "pagerduty", routingKey: ROUTING_KEY },
    keyOf: (request) => request.body.dedup_key,
    actionOf: (request) => (request.body.event_action === "resolve" ? "close" : "open"),
    openPath: (base) => `${base}/v2/enqueue`,
  },
  {
    name: "opsgenie",
    standIn: () => opsgenie,
    destination: { type: "opsgenie", apiKey: GENIE_KEY },
    keyOf: (request) => {
      const close = /^\/v2\/alerts\/([^/?]+)\/close\?identifierType=alias$/.exec(request.path);
      return close ? decodeURIComponent(close[1]!) : request.body.alias;
    },
    actionOf: (request) => (request.path.includes("/close") ? "close" : "open"),
    openPath: (base) => `${base}/v2/alerts`,
  },
];

/** A rule of a tool that has had no calls: it fires at its first evaluation. */
async function silentToolRule(channel: Channel, tool: string) {
  return createRule(pool, projectId, {
    name: `${tool} stopped`,
    kind: "tool_silent",
    server: "crm",
    tool,
    windowMinutes: 10,
    destination: channel.destination,
  });
}

/** The tool is called again: at the next evaluation its rule resolves. */
async function callAgain(tool: string, at: Date) {
  const result = await seedCalls(pool, projectId, {
    server: "crm",
    tool,
    isError: false,
    text: "synced",
    occurredAt: at.toISOString(),
  });
  expect(result.rejected).toEqual([]);
}

async function deliveries(ruleId?: string) {
  const { rows } = await pool.query<{
    id: string;
    kind: string;
    status: string;
    attempts: number;
    next_attempt_at: Date;
    finished_at: Date | null;
    message: AlertMessage;
  }>(
    `SELECT id::text AS id, kind, status, attempts, next_attempt_at, finished_at, message FROM alert_deliveries
      WHERE ($1::uuid IS NULL OR rule_id = $1) ORDER BY id`,
    [ruleId ?? null],
  );
  return rows;
}

async function attemptsOf(deliveryId: string) {
  const { rows } = await pool.query<{
    attempt: number;
    at: Date;
    result: string;
    http_status: number | null;
    error: string | null;
  }>(
    `SELECT attempt, at, result, http_status, error FROM alert_delivery_attempts WHERE delivery_id = $1 ORDER BY attempt`,
    [deliveryId],
  );
  return rows;
}

/** One sender pass at `now`; the outcomes in the order they ended. */
const deliverAt = (now: Date) => processDeliveries(pool, config, { now });

const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);

describe.each(CHANNELS)("$name", (channel) => {
  it.each([400, 401, 404])(
    "an answer %i is not retried: the message fails at once, its attempt recorded with the status",
    async (status) => {
      const standIn = channel.standIn();
      const rule = await silentToolRule(channel, "sync");
      const now = new Date();
      await evaluateAllRules(pool, config, now);
      standIn.queue({ status, body: JSON.stringify({ message: `refused with ${status}` }) });

      const outcomes = await deliverAt(now);
      expect(outcomes.map((outcome) => [outcome.attempt, outcome.result, outcome.send.status])).toEqual([
        [1, "failed", status],
      ]);
      const [delivery] = await deliveries(rule.id);
      expect(delivery).toMatchObject({ kind: "firing", status: "failed", attempts: 1 });
      expect(delivery!.finished_at).not.toBeNull();
      expect(await attemptsOf(delivery!.id)).toMatchObject([
        {
          attempt: 1,
          result: "failed",
          http_status: status,
          error: `HTTP ${status}: {"message":"refused with ${status}"}`,
        },
      ]);
      // Settings shows it failed, with the answer.
      const [view] = await recentDeliveries(pool, projectId, [rule.id]);
      expect(view).toMatchObject({
        status: "failed",
        nextAttemptAt: null,
        attemptLog: [{ attempt: 1, result: "failed", httpStatus: status }],
      });

      // Nothing more, however long one waits: one request in all, and no incident.
      for (const hours of [1, 2, 24]) expect(await deliverAt(plus(now, hours * 3_600_000))).toEqual([]);
      expect(standIn.requests).toHaveLength(1);
      expect(standIn.incidents).toEqual([]);
    },
  );

  it("a key the service does not know is refused by it (400 / 401): failed at once, the key not recorded", async () => {
    const standIn = channel.standIn();
    const wrongKey = "WRONGKEY0123456789abcdefWRONGKEY";
    const destination =
      channel.name === "pagerduty"
        ? { type: "pagerduty", routingKey: wrongKey }
        : { type: "opsgenie", apiKey: wrongKey };
    await createRule(pool, projectId, {
      name: "misconfigured",
      kind: "tool_silent",
      server: "crm",
      tool: "sync",
      windowMinutes: 10,
      destination,
    });
    const now = new Date();
    await evaluateAllRules(pool, config, now);
    const [outcome] = await deliverAt(now);
    const expected = channel.name === "pagerduty" ? 400 : 401;
    expect(outcome).toMatchObject({ result: "failed", attempt: 1, send: { status: expected } });
    const [delivery] = await deliveries();
    const [recorded] = await attemptsOf(delivery!.id);
    expect(recorded).toMatchObject({ result: "failed", http_status: expected });
    expect(recorded!.error).toMatch(
      channel.name === "pagerduty"
        ? /^HTTP 400: .*'routing_key' is invalid/
        : /^HTTP 401: .*Could not authenticate/,
    );
    expect(recorded!.error).not.toContain(wrongKey);
    expect(await deliverAt(plus(now, 3_600_000))).toEqual([]);
    expect(standIn.requests).toHaveLength(1);
  });

  it.each([429, 500, 502, 503])(
    "an answer %i is retried with backoff until delivered: one key on every attempt, one incident, closed by the resolve",
    async (status) => {
      const standIn = channel.standIn();
      const rule = await silentToolRule(channel, "sync");
      const now = new Date();
      await evaluateAllRules(pool, config, now);
      // 429 and 500: not acted on. 502 and 503: acted on behind a gateway that then answered with an
      // error — the case where a key that changed between attempts would open a second incident.
      const processed = status === 502 || status === 503;
      standIn.queue({ status, process: processed }, { status, process: processed });

      let at = now;
      const outcomes: AttemptOutcome[] = [];
      const waits: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        const [outcome, ...more] = await deliverAt(at);
        expect(more).toEqual([]);
        outcomes.push(outcome!);
        const [delivery] = await deliveries(rule.id);
        if (delivery!.status !== "pending") break;
        // Not a moment before its time …
        const due = delivery!.next_attempt_at;
        waits.push(due.getTime() - (at.getTime() + outcome!.send.durationMs));
        expect(await deliverAt(plus(due, -1))).toEqual([]);
        // … and at its time.
        at = due;
      }
      expect(outcomes.map((outcome) => [outcome.attempt, outcome.result, outcome.send.status])).toEqual([
        [1, "retrying", status],
        [2, "retrying", status],
        [3, "delivered", 202],
      ]);
      expect(waits).toEqual([RETRY_BASE_MS, 2 * RETRY_BASE_MS]);
      const [delivery] = await deliveries(rule.id);
      expect(delivery).toMatchObject({ status: "delivered", attempts: 3 });
      expect(
        (await attemptsOf(delivery!.id)).map((row) => [row.attempt, row.result, row.http_status]),
      ).toEqual([
        [1, "retrying", status],
        [2, "retrying", status],
        [3, "delivered", 202],
      ]);
      expect(await deliverAt(plus(at, 3_600_000))).toEqual([]);

      // Every attempt the same request: the same key, the same body, the same delivery id.
      const key = delivery!.message.incident.key;
      expect(key).toMatch(new RegExp(`^faultline-${rule.id}-\\d+$`));
      expect(standIn.requests.map((request) => channel.keyOf(request))).toEqual([key, key, key]);
      expect(new Set(standIn.requests.map((request) => JSON.stringify(request.body))).size).toBe(1);
      expect(new Set(standIn.requests.map((request) => request.headers[DELIVERY_HEADER])).size).toBe(1);
      expect(standIn.incidents).toEqual([
        { key, status: "open", events: processed ? 3 : 1, openedBy: processed ? 0 : 2 },
      ]);

      // The resolve names the same incident and closes it; no second one is ever opened.
      const later = plus(at, 60_000);
      await callAgain("sync", later);
      await evaluateAllRules(pool, config, later);
      expect((await deliverAt(later)).map((outcome) => outcome.result)).toEqual(["delivered"]);
      const resolve = standIn.requests.at(-1)!;
      expect(channel.actionOf(resolve)).toBe("close");
      expect(channel.keyOf(resolve)).toBe(key);
      expect(standIn.incidents).toEqual([
        expect.objectContaining({ key, status: "resolved", resolvedBy: standIn.requests.length - 1 }),
      ]);
    },
  );

  it("a slow answer is given up at the deadline and retried later; the other messages are not held up", async () => {
    const standIn = channel.standIn();
    const slow = await silentToolRule(channel, "slow");
    const quick = await silentToolRule(channel, "quick");
    const slowKey = `faultline-${slow.id}-`;
    // The service acts on the slow rule's first event at once but answers three deadlines later.
    let slowSeen = 0;
    standIn.script((request) =>
      channel.keyOf(request).startsWith(slowKey) && slowSeen++ === 0
        ? { delayMs: 3 * TIMEOUT_MS }
        : undefined,
    );
    const now = new Date();
    await evaluateAllRules(pool, config, now);
    const started = Date.now();
    const outcomes = await deliverAt(now);
    const took = Date.now() - started;

    const [slowDelivery] = await deliveries(slow.id);
    const [quickDelivery] = await deliveries(quick.id);
    // In the order they ended: the quick message first, delivered long before the slow one's deadline.
    expect(outcomes.map((outcome) => [outcome.deliveryId, outcome.result])).toEqual([
      [quickDelivery!.id, "delivered"],
      [slowDelivery!.id, "retrying"],
    ]);
    const [quickOutcome, slowOutcome] = outcomes;
    expect(quickOutcome!.send.durationMs).toBeLessThan(TIMEOUT_MS / 2);
    expect(slowOutcome!.send).toMatchObject({ ok: false, error: `timed out after ${TIMEOUT_MS} ms` });
    expect(slowOutcome!.send.durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    expect(slowOutcome!.send.durationMs).toBeLessThan(TIMEOUT_MS + 400);
    // Given up at the deadline, not at the answer.
    expect(took).toBeLessThan(3 * TIMEOUT_MS - 200);
    const quickRequest = standIn.requests.find((request) => !channel.keyOf(request).startsWith(slowKey))!;
    const slowRequest = standIn.requests.find((request) => channel.keyOf(request).startsWith(slowKey))!;
    expect(quickRequest.answeredAt! - slowRequest.at).toBeLessThan(TIMEOUT_MS / 2);
    expect(slowRequest.status).toBe(-1); // Faultline hung up before the answer came

    expect(await attemptsOf(slowDelivery!.id)).toMatchObject([
      { attempt: 1, result: "retrying", http_status: null, error: `timed out after ${TIMEOUT_MS} ms` },
    ]);
    const due = (await deliveries(slow.id))[0]!.next_attempt_at;
    expect(due.getTime()).toBe(now.getTime() + slowOutcome!.send.durationMs + RETRY_BASE_MS);
    expect(await deliverAt(plus(due, -1))).toEqual([]);
    expect((await deliverAt(due)).map((outcome) => [outcome.deliveryId, outcome.result])).toEqual([
      [slowDelivery!.id, "delivered"],
    ]);
    // The service had acted on the slow first attempt: the retry, under the same key, joined that incident.
    const key = slowDelivery!.message.incident.key;
    expect(standIn.requests.filter((request) => channel.keyOf(request) === key)).toHaveLength(2);
    expect(standIn.incidents.filter((incident) => incident.key === key)).toEqual([
      expect.objectContaining({ status: "open", events: 2 }),
    ]);
    expect(standIn.incidents).toHaveLength(2);
  });

  it.each([301, 302, 307, 308])(
    "a redirect (%i) is never followed: the message fails at once and the redirect target receives nothing",
    async (status) => {
      const standIn = channel.standIn();
      const target = await (channel.name === "pagerduty"
        ? startPagerDuty([ROUTING_KEY])
        : startOpsgenie([GENIE_KEY]));
      try {
        const location = channel.openPath(target.url);
        standIn.script(() => ({ status, headers: { location }, body: "" }));
        await silentToolRule(channel, "sync");
        const now = new Date();
        await evaluateAllRules(pool, config, now);
        const [outcome] = await deliverAt(now);
        expect(outcome).toMatchObject({ attempt: 1, result: "failed", send: { ok: false, status } });
        expect(outcome!.send.error).toBe(
          `HTTP ${status}: redirects are not followed (to ${location}); use the final URL`,
        );
        const [delivery] = await deliveries();
        expect(delivery).toMatchObject({ status: "failed", attempts: 1 });
        expect(await attemptsOf(delivery!.id)).toMatchObject([{ result: "failed", http_status: status }]);
        expect(await deliverAt(plus(now, 3_600_000))).toEqual([]);
        expect(standIn.requests).toHaveLength(1);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(target.requests).toEqual([]);
        expect(target.incidents).toEqual([]);
      } finally {
        await target.close();
      }
    },
  );

  it("a resolve queued while its trigger is still being retried waits for it, then closes that incident; the next firing opens a new one", async () => {
    const standIn = channel.standIn();
    const rule = await silentToolRule(channel, "sync");
    const start = new Date();
    await evaluateAllRules(pool, config, start);
    standIn.queue(503, 429, 503);

    const first = await deliverAt(start);
    expect(first.map((outcome) => outcome.result)).toEqual(["retrying"]);
    // Meanwhile the tool is called again: the rule resolves, its "resolved" is queued and due at once.
    const resolvedAt = plus(start, 50);
    await callAgain("sync", resolvedAt);
    await evaluateAllRules(pool, config, resolvedAt);
    expect((await deliveries(rule.id)).map((delivery) => [delivery.kind, delivery.status])).toEqual([
      ["firing", "pending"],
      ["resolved", "pending"],
    ]);
    // Due, but behind its trigger: nothing is sent before the trigger's next attempt.
    expect(await deliverAt(plus(resolvedAt, 1))).toEqual([]);

    let at = resolvedAt;
    for (let round = 0; round < 10; round += 1) {
      const pending = (await deliveries(rule.id)).filter((delivery) => delivery.status === "pending");
      if (pending.length === 0) break;
      at = new Date(Math.max(at.getTime(), ...pending.map((delivery) => delivery.next_attempt_at.getTime())));
      await deliverAt(at);
    }
    const [trigger, resolve] = await deliveries(rule.id);
    expect(trigger).toMatchObject({ kind: "firing", status: "delivered", attempts: 4 });
    expect(resolve).toMatchObject({ kind: "resolved", status: "delivered", attempts: 1 });
    expect(resolve!.message.incident).toEqual(trigger!.message.incident);
    const key = trigger!.message.incident.key;
    expect(
      standIn.requests.map((request) => [channel.actionOf(request), channel.keyOf(request), request.status]),
    ).toEqual([
      ["open", key, 503],
      ["open", key, 429],
      ["open", key, 503],
      ["open", key, 202],
      ["close", key, 202],
    ]);
    expect(standIn.incidents).toEqual([{ key, status: "resolved", events: 1, openedBy: 3, resolvedBy: 4 }]);

    // The tool goes quiet again: a new firing, a new incident under a new key.
    const again = plus(at, 11 * 60_000);
    await evaluateAllRules(pool, config, again);
    expect((await deliverAt(again)).map((outcome) => outcome.result)).toEqual(["delivered"]);
    const next = standIn.requests.at(-1)!;
    expect(channel.actionOf(next)).toBe("open");
    expect(channel.keyOf(next)).not.toBe(key);
    expect(standIn.incidents.map((incident) => incident.status)).toEqual(["resolved", "open"]);
  });
});
