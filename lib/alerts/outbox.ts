import type { Pool } from "pg";
import type { Queryable } from "../db/queryable";
import { metrics } from "../metrics";
import { retryDelayMs, type AlertsConfig } from "./config";
import { buildMessage, type AlertMessage } from "./messages";
import { measure } from "./measure";
import { channelRequest, PAGERDUTY_URL, withoutSecret } from "./paging";
import { postJson, type SendResult } from "./receiver";
import type { Channel, OpsgenieRegion } from "./rules";
import { getRule, ruleFromRow } from "./store";
import { topSignature } from "./top-signature";

// The outbox: messages waiting to reach their receivers. Any instance may send; a message is
// claimed (FOR UPDATE SKIP LOCKED, its next attempt pushed past a lease) before it is sent, so
// two senders never send one message at the same time, and one that dies mid-send leaves the
// message to be retried when the lease runs out. A failed attempt is retried after
// base × 2^(attempt−1) (at most an hour), up to the configured number of attempts; every
// attempt is recorded. A rule's messages go out in order: a "resolved" waits for its "firing".
// Delivery is at least once: a sender that dies after the receiver got a message but before
// recording it sends that message again.
//
// What is sent when is the sender's choice (lib/alerts/sender.ts): it looks at what is due
// (findDue, in a fair order), takes slots for what its bounds allow, and claims exactly those
// (claimPicked) — never more than it starts at once, so no claimed message waits in memory
// while its lease runs out.

/** Names the message (not the attempt) in every request, for receivers that deduplicate. */
export const DELIVERY_HEADER = "x-faultline-delivery";
/** How long a claimed message is left to its sender before another may try it. */
const LEASE_MARGIN_MS = 30_000;

export interface AttemptOutcome {
  projectId: string;
  deliveryId: string;
  attempt: number;
  result: "delivered" | "retrying" | "failed";
  send: SendResult;
}

export interface Claimed {
  project_id: string;
  id: string;
  rule_id: string;
  kind: string;
  message: AlertMessage;
  attempts: number;
  channel: Channel;
  url: string;
  /** A paging tool's key: sent with the request, never recorded. */
  secret: string | null;
  region: OpsgenieRegion | null;
}

/** A due message as the sender sees it before claiming it. */
export interface DueMessage {
  projectId: string;
  id: string;
  /** Its receiver: the scheme, host and port of its rule's URL (see RECEIVER_PATTERN). */
  receiver: string;
}

/**
 * A receiver URL's scheme://host[:port], without any user info; lowercased by the query. The
 * URL itself is parsed only when sending (lib/alerts/receiver.ts) — this key only groups
 * messages for the bounds, and groups no two URLs that WHATWG parsing would put at different
 * origins (it may keep apart spellings that parsing would join: those are the project's own).
 * A paging tool is one receiver per region (its endpoint is fixed; the key is not a receiver).
 */
const RECEIVER_PATTERN = String.raw`^([a-z][a-z0-9+.-]*://)(?:[^/?#\\]*@)?([^/?#\\]*).*$`;
const RECEIVER_SQL = `CASE WHEN r.channel IN ('pagerduty', 'opsgenie') THEN r.channel || ':' || coalesce(r.region, '')
       ELSE lower(regexp_replace(r.url, $5, '\\1\\2', 'i')) END`;

/** Pending, and not behind an earlier pending message of its rule (tests go out of turn). */
const IN_RULE_ORDER = `d.status = 'pending'
       AND (d.kind = 'test' OR NOT EXISTS (
             SELECT 1 FROM alert_deliveries e
              WHERE e.project_id = d.project_id AND e.rule_id = d.rule_id AND e.status = 'pending'
                AND e.kind <> 'test' AND e.id < d.id))`;

/**
 * What is due at `now`, in turns: each receiver's oldest message before anyone's second, and
 * then the projects' turns interleaved (oldest first within a turn). At most `perReceiver` per
 * receiver and `perProject` per project are listed — no more could start at once — and `limit`
 * in all, so one project's backlog can neither fill the list nor make it long.
 */
export async function findDue(
  pool: Queryable,
  now: Date,
  bounds: { perProject: number; perReceiver: number; limit: number },
): Promise<DueMessage[]> {
  const { rows } = await pool.query<{ project_id: string; id: string; receiver: string }>(
    `WITH due AS (
       SELECT d.project_id, d.id, d.next_attempt_at, ${RECEIVER_SQL} AS receiver
         FROM alert_deliveries d JOIN alert_rules r ON r.project_id = d.project_id AND r.id = d.rule_id
        WHERE d.next_attempt_at <= $1 AND ${IN_RULE_ORDER}),
     by_receiver AS (
       SELECT *, row_number() OVER (PARTITION BY project_id, receiver ORDER BY next_attempt_at, id) AS receiver_turn
         FROM due),
     by_project AS (
       SELECT *, row_number() OVER (PARTITION BY project_id ORDER BY receiver_turn, next_attempt_at, id) AS project_turn
         FROM by_receiver WHERE receiver_turn <= $2)
     SELECT project_id, id::text AS id, receiver FROM by_project
      WHERE project_turn <= $3
      ORDER BY project_turn, next_attempt_at, id
      LIMIT $4`,
    [now, bounds.perReceiver, bounds.perProject, bounds.limit, RECEIVER_PATTERN],
  );
  return rows.map((row) => ({ projectId: row.project_id, id: row.id, receiver: row.receiver }));
}

async function claim(
  pool: Queryable,
  config: AlertsConfig,
  now: Date,
  which: { picked: DueMessage[] } | { only: { projectId: string; deliveryId: string } },
): Promise<Claimed[]> {
  const params: unknown[] = [now, new Date(now.getTime() + config.timeoutMs + LEASE_MARGIN_MS)];
  let from: string;
  if ("only" in which) {
    params.push(which.only.projectId, which.only.deliveryId);
    // The one message asked for, due or not (a test message waits out of the sender's way).
    from = `alert_deliveries d WHERE d.project_id = $3 AND d.id = $4::bigint AND d.status = 'pending'
        AND $1::timestamptz IS NOT NULL`;
  } else {
    params.push(
      which.picked.map((message) => message.projectId),
      which.picked.map((message) => message.id),
    );
    // Checked again: another instance may have claimed some since they were found due.
    from = `alert_deliveries d JOIN unnest($3::uuid[], $4::bigint[]) AS picked(project_id, id)
              ON d.project_id = picked.project_id AND d.id = picked.id
        WHERE d.next_attempt_at <= $1 AND ${IN_RULE_ORDER}`;
  }
  const { rows } = await pool.query<Claimed>(
    `WITH due AS (SELECT d.project_id, d.id FROM ${from} FOR UPDATE OF d SKIP LOCKED)
     UPDATE alert_deliveries d SET attempts = d.attempts + 1, next_attempt_at = $2
       FROM due, alert_rules r
      WHERE d.project_id = due.project_id AND d.id = due.id AND r.project_id = d.project_id AND r.id = d.rule_id
     RETURNING d.project_id, d.id::text AS id, d.rule_id, d.kind, d.message, d.attempts, r.channel, r.url, r.secret,
               r.region`,
    params,
  );
  return rows;
}

/** Claims those of `picked` still due and unclaimed; the others are left out of the answer. */
export function claimPicked(
  pool: Queryable,
  config: AlertsConfig,
  now: Date,
  picked: DueMessage[],
): Promise<Claimed[]> {
  return picked.length === 0 ? Promise.resolve([]) : claim(pool, config, now, { picked });
}

async function record(
  pool: Pool,
  config: AlertsConfig,
  claimed: Claimed,
  send: SendResult,
  at: Date,
): Promise<AttemptOutcome> {
  const result: AttemptOutcome["result"] = send.ok
    ? "delivered"
    : send.retryable && claimed.attempts < config.maxAttempts
      ? "retrying"
      : "failed";
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query(
      `INSERT INTO alert_delivery_attempts (project_id, delivery_id, attempt, at, result, http_status, error, duration_ms)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (project_id, delivery_id, attempt) DO NOTHING`,
      [
        claimed.project_id,
        claimed.id,
        claimed.attempts,
        at,
        result,
        send.status ?? null,
        send.error?.slice(0, 500) ?? null,
        send.durationMs,
      ],
    );
    if (result === "retrying") {
      await client.query(
        `UPDATE alert_deliveries SET next_attempt_at = $3 WHERE project_id = $1 AND id = $2 AND status = 'pending'`,
        [claimed.project_id, claimed.id, new Date(at.getTime() + retryDelayMs(config, claimed.attempts))],
      );
    } else {
      await client.query(
        `UPDATE alert_deliveries SET status = $3, finished_at = $4 WHERE project_id = $1 AND id = $2 AND status = 'pending'`,
        [claimed.project_id, claimed.id, result, at],
      );
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  metrics().alertDeliveries.inc({ result });
  return { projectId: claimed.project_id, deliveryId: claimed.id, attempt: claimed.attempts, result, send };
}

/** Sends a claimed message once and records the attempt. */
export async function attempt(
  pool: Pool,
  config: AlertsConfig,
  claimed: Claimed,
  now: Date,
): Promise<AttemptOutcome> {
  const request = channelRequest(claimed, claimed.message, config.endpoints ?? { pagerduty: PAGERDUTY_URL });
  const sent = await postJson(request.url, request.body, {
    allowPrivate: config.allowPrivate,
    timeoutMs: config.timeoutMs,
    // The same on every attempt of one message: a receiver may drop a repeat it already has.
    headers: { ...request.headers, [DELIVERY_HEADER]: claimed.id },
  });
  // Whatever the answer echoed, the key is not kept in the attempt record.
  const send = sent.error ? { ...sent, error: withoutSecret(sent.error, claimed) } : sent;
  return record(pool, config, claimed, send, new Date(now.getTime() + send.durationMs));
}

/**
 * "Send test": a test message for the rule (the current figures, said to be a test) is put in
 * the outbox and sent at once; later attempts, if it fails, follow the usual backoff. A paging
 * tool's test opens an incident: once it is delivered, a resolve of that same incident follows at
 * once, so that nobody has to close a test by hand. Null when the project has no such rule.
 */
export async function sendTest(
  pool: Pool,
  config: AlertsConfig,
  projectId: string,
  ruleId: string,
  now: Date = new Date(),
): Promise<{ deliveryId: string; outcome: AttemptOutcome | undefined } | null> {
  const row = await getRule(pool, projectId, ruleId);
  if (!row) return null;
  const rule = ruleFromRow(row);
  const [{ rows: project }, measurement] = await Promise.all([
    pool.query<{ name: string }>(`SELECT name FROM projects WHERE id = $1`, [projectId]),
    measure(pool, rule, now, config.publicUrl),
  ]);
  const top = await topSignature(
    pool,
    rule,
    { from: new Date(measurement.figures.from), to: now },
    config.publicUrl,
    measurement.figures.examples?.map((example) => example.signature),
  );
  const message = buildMessage({
    rule,
    project: { id: projectId, name: project[0]?.name ?? "" },
    status: "test",
    figures: { ...measurement.figures, top },
    publicUrl: config.publicUrl,
    at: now,
  });
  // Queued beyond the background sender's reach for a moment, so that this request sends it.
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO alert_deliveries (project_id, rule_id, kind, message, next_attempt_at)
     VALUES ($1, $2, 'test', $3, $4) RETURNING id::text AS id`,
    [projectId, ruleId, JSON.stringify(message), new Date(now.getTime() + LEASE_MARGIN_MS)],
  );
  const deliveryId = rows[0]!.id;
  // Sent by this request, outside the sender's slots: one message, which its caller waits for.
  const outcome = await sendNow(pool, config, projectId, deliveryId, now);
  if (outcome?.result === "delivered" && PAGING.has(rule.destination.type)) {
    const resolve = buildMessage({
      rule,
      project: message.project,
      status: "resolved",
      figures: message.figures,
      publicUrl: config.publicUrl,
      at: now,
      note: "the test is over",
      incident: message.incident,
    });
    const { rows: queued } = await pool.query<{ id: string }>(
      `INSERT INTO alert_deliveries (project_id, rule_id, kind, message, next_attempt_at)
       VALUES ($1, $2, 'resolved', $3, $4) RETURNING id::text AS id`,
      [projectId, ruleId, JSON.stringify(resolve), new Date(now.getTime() + LEASE_MARGIN_MS)],
    );
    await sendNow(pool, config, projectId, queued[0]!.id, now);
  }
  return { deliveryId, outcome };
}

/** Destinations whose test opens an incident (and so is resolved once delivered). */
const PAGING: ReadonlySet<string> = new Set(["pagerduty", "opsgenie"]);

async function sendNow(
  pool: Pool,
  config: AlertsConfig,
  projectId: string,
  deliveryId: string,
  now: Date,
): Promise<AttemptOutcome | undefined> {
  const [claimed] = await claim(pool, config, now, { only: { projectId, deliveryId } });
  return claimed ? await attempt(pool, config, claimed, now) : undefined;
}

/** Finished messages (and their attempts) are kept this long for Settings and the API. */
export const DELIVERY_RETENTION_MS = 30 * 86_400_000;

/** Deletes delivered and failed messages older than DELIVERY_RETENTION_MS; pending ones stay. */
export async function pruneDeliveries(pool: Pool, now: Date = new Date()): Promise<number> {
  const { rowCount } = await pool.query(
    `DELETE FROM alert_deliveries WHERE status <> 'pending' AND finished_at < $1`,
    [new Date(now.getTime() - DELIVERY_RETENTION_MS)],
  );
  return rowCount ?? 0;
}
