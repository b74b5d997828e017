import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createRule,
  DELIVERY_HEADER,
  evaluateAllRules,
  isInternalAddress,
  postJson,
  processDeliveries,
  pruneDeliveries,
  recentDeliveries,
  sendTest,
  type AlertMessage,
  type AlertsConfig,
} from "../../lib/alerts";
import { seedCalls } from "../helpers/seed";
import { metrics } from "../../lib/metrics";
import { createTestDatabase, otherPool, type TestDatabase } from "../helpers/test-database";
import { startReceiver, type Receiver } from "./alert-receiver";

// Delivery against a real local HTTP receiver: the generic and Slack bodies, retries with
// exponential backoff up to a bound, each attempt recorded, the protections on the way out
// (deadline, capped answer, no redirects, internal addresses), and one sender per message.

let testDatabase: TestDatabase;
let pool: pg.Pool;
let projectId: string;
let receiver: Receiver;

const config: AlertsConfig = {
  publicUrl: "https://faultline.example",
  intervalMs: 1000,
  retryBaseMs: 1000,
  maxAttempts: 4,
  allowPrivate: true,
  timeoutMs: 1500,
  concurrency: { total: 32, perProject: 8, perReceiver: 2 },
};

beforeAll(async () => {
  testDatabase = await createTestDatabase("alerts_delivery");
  pool = testDatabase.database.pool;
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO projects (id, name) VALUES (gen_random_uuid(), 'shop') RETURNING id`,
  );
  projectId = rows[0]!.id;
});
afterAll(async () => testDatabase?.drop());
beforeEach(async () => {
  receiver = await startReceiver();
  await pool.query(`DELETE FROM alert_rules`);
  await pool.query(`DELETE FROM calls`);
  await pool.query(`DELETE FROM call_ids`);
  await pool.query(`DELETE FROM tool_rollups`);
});
afterEach(async () => receiver.close());

/** A rule of a tool that has had no calls: it fires at its first evaluation. */
async function firingRule(destination: { type: "webhook" | "slack"; url: string }, tool = "sync") {
  const rule = await createRule(pool, projectId, {
    name: `${tool} stopped`,
    kind: "tool_silent",
    server: "crm",
    tool,
    windowMinutes: 10,
    destination,
  });
  await evaluateAllRules(pool, config);
  return rule;
}

async function deliveries() {
  const { rows } = await pool.query<{
    id: string;
    status: string;
    attempts: number;
    next_attempt_at: Date;
    kind: string;
  }>(`SELECT id::text AS id, status, attempts, next_attempt_at, kind FROM alert_deliveries ORDER BY id`);
  return rows;
}

async function attempts() {
  const { rows } = await pool.query(
    `SELECT delivery_id::text AS delivery, attempt, result, http_status, error FROM alert_delivery_attempts
      ORDER BY delivery_id, attempt`,
  );
  return rows;
}

const later = (ms: number) => new Date(Date.now() + ms);

describe("message bodies", () => {
  it("the generic webhook gets JSON with a Slack-compatible text, the rule, the figures and a link", async () => {
    const rule = await firingRule({ type: "webhook", url: `${receiver.url}/hooks/faultline` });
    const done = await processDeliveries(pool, config);
    expect(done.map((outcome) => outcome.result)).toEqual(["delivered"]);
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request!.path).toBe("/hooks/faultline");
    expect(request!.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(request!.headers[DELIVERY_HEADER]).toBe((await deliveries())[0]!.id);
    const body = request!.body as AlertMessage;
    expect(body).toMatchObject({
      status: "firing",
      project: { id: projectId, name: "shop" },
      rule: { id: rule.id, kind: "tool_silent", server: "crm", tool: "sync", windowMinutes: 10 },
      figures: { calls: 0, lastCallAt: null },
      link: "https://faultline.example/calls?range=7d&server=crm&tool=sync",
    });
    expect(body.text).toBe(
      "🔴 Firing (error) [shop] sync stopped: no calls of crm/sync for 10 min (last call: none in the last 30 days) <https://faultline.example/calls?range=7d&server=crm&tool=sync|Open in Faultline>",
    );
    expect(await attempts()).toEqual([
      { delivery: expect.any(String), attempt: 1, result: "delivered", http_status: 200, error: null },
    ]);
    expect((await deliveries())[0]).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("a Slack incoming webhook gets {text, blocks}; names from senders are escaped so they cannot ping or link", async () => {
    await firingRule(
      { type: "slack", url: `${receiver.url}/services/T0/B0/secret` },
      "<!channel> & <https://evil.example|click>",
    );
    await processDeliveries(pool, config);
    const body = receiver.received[0]!.body as { text: string; blocks: { type: string }[] };
    expect(Object.keys(body).sort()).toEqual(["blocks", "text"]);
    expect(body.text).toContain("&lt;!channel&gt; &amp; &lt;https://evil.example|click&gt;");
    expect(body.text).not.toContain("<!channel>");
    expect(body.blocks.map((block) => block.type)).toEqual(["section", "context"]);
    expect(JSON.stringify(body.blocks)).not.toContain("<!channel>");
  });
});

describe("retries", () => {
  it("a receiver answering 500 then 200 gets the message once, after a backoff, with both attempts recorded", async () => {
    receiver.answer([500]);
    await firingRule({ type: "webhook", url: receiver.url });
    const first = await processDeliveries(pool, config);
    expect(first.map((outcome) => outcome.result)).toEqual(["retrying"]);
    const [pending] = await deliveries();
    expect(pending).toMatchObject({ status: "pending", attempts: 1 });
    // Not before its time.
    expect(await processDeliveries(pool, config)).toEqual([]);
    expect(pending!.next_attempt_at.getTime() - Date.now()).toBeGreaterThan(config.retryBaseMs - 200);
    const second = await processDeliveries(pool, config, { now: later(config.retryBaseMs + 10) });
    expect(second.map((outcome) => outcome.result)).toEqual(["delivered"]);
    expect(await processDeliveries(pool, config, { now: later(60_000) })).toEqual([]);
    expect(receiver.received.map((request) => request.status)).toEqual([500, 200]);
    expect(receiver.accepted()).toHaveLength(1);
    // Both attempts name the same message, so a receiver can drop a repeat.
    expect(new Set(receiver.received.map((request) => request.headers[DELIVERY_HEADER])).size).toBe(1);
    expect(await attempts()).toMatchObject([
      { attempt: 1, result: "retrying", http_status: 500, error: "HTTP 500: error 500" },
      { attempt: 2, result: "delivered", http_status: 200, error: null },
    ]);
  });

  it("backs off exponentially and gives up after the configured number of attempts", async () => {
    receiver.answer([], 503);
    await firingRule({ type: "webhook", url: receiver.url });
    let now = Date.now();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= config.maxAttempts; attempt += 1) {
      const [outcome] = await processDeliveries(pool, config, { now: new Date(now) });
      expect(outcome?.result).toBe(attempt < config.maxAttempts ? "retrying" : "failed");
      const [delivery] = await deliveries();
      if (delivery!.status === "pending") {
        waits.push(Math.round((delivery!.next_attempt_at.getTime() - now) / 100) * 100);
        now = delivery!.next_attempt_at.getTime();
      }
    }
    expect(waits).toEqual([1000, 2000, 4000]);
    expect((await deliveries())[0]).toMatchObject({ status: "failed", attempts: 4 });
    expect(await processDeliveries(pool, config, { now: new Date(now + 3_600_000) })).toEqual([]);
    expect(receiver.received).toHaveLength(4);
    expect((await attempts()).map((attempt) => attempt.result)).toEqual([
      "retrying",
      "retrying",
      "retrying",
      "failed",
    ]);
  });

  it("a 4xx other than 408/429 is not retried: the message is failed at once", async () => {
    receiver.answer([{ status: 404, body: "no_service" }]);
    await firingRule({ type: "slack", url: receiver.url });
    expect((await processDeliveries(pool, config)).map((outcome) => outcome.result)).toEqual(["failed"]);
    expect(await attempts()).toMatchObject([
      { result: "failed", http_status: 404, error: "HTTP 404: no_service" },
    ]);
  });

  it("a rule's resolved message waits for its firing one", async () => {
    receiver.answer([500]);
    const rule = await firingRule({ type: "webhook", url: receiver.url });
    await processDeliveries(pool, config); // the firing message fails once
    await seedCalls(pool, projectId, { server: "crm", tool: "sync", isError: false, text: "ok" });
    await evaluateAllRules(pool, config, later(1000)); // the tool is called again: resolved queued
    expect((await deliveries()).map((delivery) => delivery.kind)).toEqual(["firing", "resolved"]);
    expect(await processDeliveries(pool, config, { now: later(500) })).toEqual([]); // resolved is due, firing not yet
    await processDeliveries(pool, config, { now: later(config.retryBaseMs + 600) });
    await processDeliveries(pool, config, { now: later(config.retryBaseMs + 700) });
    expect(receiver.accepted().map((request) => (request.body as AlertMessage).status)).toEqual([
      "firing",
      "resolved",
    ]);
    expect((await recentDeliveries(pool, projectId, [rule.id])).map((delivery) => delivery.status)).toEqual([
      "delivered",
      "delivered",
    ]);
  });

  it("two senders at once send each message once", async () => {
    for (let index = 0; index < 15; index += 1) {
      await createRule(pool, projectId, {
        name: `r${index}`,
        kind: "tool_silent",
        server: "s",
        tool: `t${index}`,
        windowMinutes: 5,
        destination: { type: "webhook", url: receiver.url },
      });
    }
    await evaluateAllRules(pool, config);
    const senders = [otherPool(testDatabase.url, 4), otherPool(testDatabase.url, 4)];
    try {
      await Promise.all(senders.map((sender) => processDeliveries(sender, config)));
      await Promise.all(senders.map((sender) => processDeliveries(sender, config)));
    } finally {
      await Promise.all(senders.map((sender) => sender.end()));
    }
    expect(receiver.received).toHaveLength(15);
    expect(new Set(receiver.received.map((request) => request.headers[DELIVERY_HEADER])).size).toBe(15);
  });

  it("counts delivery attempts by result", async () => {
    const count = async (result: string) =>
      (await metrics().alertDeliveries.get()).values.find((value) => value.labels.result === result)?.value ??
      0;
    const before = { delivered: await count("delivered"), retrying: await count("retrying") };
    receiver.answer([500]);
    await firingRule({ type: "webhook", url: receiver.url });
    await processDeliveries(pool, config);
    await processDeliveries(pool, config, { now: later(config.retryBaseMs + 10) });
    expect(await count("retrying")).toBe(before.retrying + 1);
    expect(await count("delivered")).toBe(before.delivered + 1);
  });
});

describe("the way out", () => {
  it("a receiver that never answers is given up on at the deadline, and retried later", async () => {
    receiver.answer(["hang"]);
    await firingRule({ type: "webhook", url: receiver.url });
    const started = Date.now();
    const [outcome] = await processDeliveries(pool, config);
    const took = Date.now() - started;
    expect(outcome).toMatchObject({
      result: "retrying",
      send: { error: `timed out after ${config.timeoutMs} ms` },
    });
    expect(took).toBeGreaterThanOrEqual(config.timeoutMs - 50);
    expect(took).toBeLessThan(config.timeoutMs + 1000);
  });

  it("reads at most a little of an answer: an endless body ends the attempt at once, not at the deadline", async () => {
    receiver.answer(["endless"]);
    await firingRule({ type: "webhook", url: receiver.url });
    const [outcome] = await processDeliveries(pool, config);
    expect(outcome!.send.status).toBe(500);
    expect(outcome!.send.error).toMatch(/^HTTP 500: x+$/);
    expect(outcome!.send.error!.length).toBeLessThanOrEqual(320);
    expect(outcome!.send.durationMs).toBeLessThan(config.timeoutMs / 2);
  });

  it("never follows a redirect: the attempt fails and the redirect target gets nothing", async () => {
    const target = await startReceiver();
    try {
      receiver.answer([{ status: 307, headers: { location: `${target.url}/elsewhere` } }]);
      await firingRule({ type: "webhook", url: receiver.url });
      const [outcome] = await processDeliveries(pool, config);
      expect(outcome).toMatchObject({ result: "failed", send: { status: 307 } });
      expect(outcome!.send.error).toContain("redirects are not followed");
      expect(target.received).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it("refuses internal receivers unless FAULTLINE_ALERTS_ALLOW_PRIVATE: by address and by name", async () => {
    const strict = { ...config, allowPrivate: false };
    const byAddress = await postJson(receiver.url, { text: "hi" }, { allowPrivate: false });
    const byName = await postJson(
      receiver.url.replace("127.0.0.1", "localhost"),
      { text: "hi" },
      { allowPrivate: false },
    );
    for (const result of [byAddress, byName]) {
      expect(result).toMatchObject({ ok: false, retryable: false });
      expect(result.error).toMatch(/^refused: .*internal address.*FAULTLINE_ALERTS_ALLOW_PRIVATE=1/);
    }
    expect(byName.error).toMatch(/^refused: localhost is at (127\.0\.0\.1|::1), an internal address/);
    await firingRule({ type: "webhook", url: receiver.url });
    expect((await processDeliveries(pool, strict)).map((outcome) => outcome.result)).toEqual(["failed"]);
    expect(receiver.received).toEqual([]);
    // Allowed: the same receiver is reached.
    expect(await postJson(receiver.url, { text: "hi" }, { allowPrivate: true })).toMatchObject({
      ok: true,
      status: 200,
    });
  });

  it("classifies addresses: internal ones, mapped and metadata ones included; public ones not", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:169.254.169.254",
      "64:ff9b::10.0.0.1",
      "not an address",
    ]) {
      expect([address, isInternalAddress(address)]).toEqual([address, true]);
    }
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) {
      expect([address, isInternalAddress(address)]).toEqual([address, false]);
    }
  });

  it("send test: a test message with the current figures goes out at once, and is recorded", async () => {
    const rule = await createRule(pool, projectId, {
      name: "rate",
      kind: "failure_rate",
      server: "crm",
      windowMinutes: 60,
      threshold: 20,
      minCalls: 10,
      destination: { type: "webhook", url: receiver.url },
    });
    await seedCalls(pool, projectId, { server: "crm", tool: "lookup", isError: true, text: "Error: boom" });
    const sent = await sendTest(pool, config, projectId, rule.id, later(1000));
    expect(sent?.outcome?.result).toBe("delivered");
    const body = receiver.received[0]!.body as AlertMessage;
    expect(body).toMatchObject({ status: "test", figures: { calls: 1, failures: 1 } });
    expect(body.text).toMatch(
      /^🧪 Test \(error\) \[shop\] rate: failure rate of server crm is 100% \(1 of 1 calls\)/,
    );
    expect(body.text).toContain("a test message");
    const [delivery] = await recentDeliveries(pool, projectId, [rule.id]);
    expect(delivery).toMatchObject({
      kind: "test",
      status: "delivered",
      attemptLog: [{ result: "delivered", httpStatus: 200 }],
    });
    // Another project's rule id is not found from this project.
    expect(await sendTest(pool, config, "00000000-0000-0000-0000-000000000000", rule.id)).toBeNull();
  });

  it("finished messages older than 30 days are pruned with their attempts; pending ones stay", async () => {
    receiver.answer([500]);
    await firingRule({ type: "webhook", url: receiver.url }, "a");
    await firingRule({ type: "webhook", url: receiver.url }, "b");
    await processDeliveries(pool, config); // one delivered, one retrying
    expect((await deliveries()).map((delivery) => delivery.status).sort()).toEqual(["delivered", "pending"]);
    expect(await pruneDeliveries(pool, later(29 * 86_400_000))).toBe(0);
    expect(await pruneDeliveries(pool, later(31 * 86_400_000))).toBe(1);
    expect((await deliveries()).map((delivery) => delivery.status)).toEqual(["pending"]);
    expect(await attempts()).toHaveLength(1);
  });
});
