import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyRetention } from "../../lib/ingest/maintenance";
import { buildSignatureDays } from "../../lib/ingest/signature-days";
import { listFailureSignatures } from "../../lib/queries/failures";
import { toolErrorResult } from "../fixtures/jsonrpc";
import { startTestApi, type TestApi } from "../helpers/api";

// The Failures page counts a window from whole weeks' and days' rows (signature_week_rollups and
// signature_day_rollups, built by the upkeep from the hourly rows) and everything else — the partial days at its edges, the days after the last build —
// from the hourly rows: whatever the window, built or not, each signature's count is the calls the window
// holds to the hour, as the calls themselves say.

let api: TestApi;
let projectId: string;
const HOUR = 3_600_000;
const now = new Date();
const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);

beforeAll(async () => {
  api = await startTestApi("failures_by_day", { FAULTLINE_LATE_ARRIVAL_DAYS: "40" });
  // Two causes over five days: one every five hours, one every thirteen (edges fall mid-day).
  const calls = [
    ...Array.from({ length: 24 }, (_, index) => ({
      id: `quota-${index}`,
      occurredAt: at(0.5 + index * 5).toISOString(),
      server: "billing",
      tool: "charge",
      response: toolErrorResult(`Payment required for order ${index}`, "payment_required"),
    })),
    ...Array.from({ length: 9 }, (_, index) => ({
      id: `missing-${index}`,
      occurredAt: at(1.25 + index * 13).toISOString(),
      server: "crm",
      tool: "lookup",
      response: toolErrorResult(`Customer ${index} not found`, "not_found"),
    })),
    // A third over twenty-five days, one every seventeen hours: whole weeks inside a month's window.
    ...Array.from({ length: 35 }, (_, index) => ({
      id: `timeout-${index}`,
      occurredAt: at(2.75 + index * 17).toISOString(),
      server: "search",
      tool: "query",
      response: toolErrorResult(`Upstream timed out after 30s (${index})`, "timeout"),
    })),
  ];
  const posted = await api.post({ calls });
  expect(posted.status, JSON.stringify(posted.body).slice(0, 400)).toBe(200);
  const { rows } = await api.database.pool.query<{ id: string }>(
    `SELECT id FROM projects WHERE name = 'default'`,
  );
  projectId = rows[0]!.id;
});
afterAll(async () => api?.close());

/** Each signature's calls in [the hour `from` falls in, to), from the calls themselves. */
async function fromCalls(from: Date, to: Date): Promise<Record<string, number>> {
  const { rows } = await api.database.pool.query<{ signature: string; n: number }>(
    `SELECT signature, count(*)::int AS n FROM calls
      WHERE project_id = $1 AND occurred_at >= date_trunc('hour', $2::timestamptz) AND occurred_at < $3
      GROUP BY 1`,
    [projectId, from, to],
  );
  return Object.fromEntries(rows.map((row) => [row.signature, row.n]));
}

async function fromPage(from: Date, to: Date): Promise<Record<string, number>> {
  const { groups } = await listFailureSignatures(api.database.pool, projectId, { from, to, servers: [] });
  return Object.fromEntries(groups.map((group) => [group.signature, group.callsInWindow]));
}

const WINDOWS: [Date, Date][] = [
  [at(1), now],
  [at(24), now],
  [at(72), now],
  [at(30 * 24), now],
  [at(14 * 24), now],
  [at(22.5 * 24), at(3.2 * 24)],
  [at(101.6), at(7.3)],
  [at(49), at(47)],
];

async function everyWindowMatches(): Promise<void> {
  for (const [from, to] of WINDOWS) expect(await fromPage(from, to)).toEqual(await fromCalls(from, to));
}

/** The page's sparkline for each signature, summed, over a window that starts at midnight UTC. */
async function sparklineSums(from: Date, to: Date): Promise<Record<string, number>> {
  const { groups } = await listFailureSignatures(api.database.pool, projectId, { from, to, servers: [] });
  return Object.fromEntries(
    groups.map((group) => [group.signature, group.sparkline.reduce((a, b) => a + b, 0)]),
  );
}

describe("the Failures page's counts over whole days and partial ones", () => {
  it("match the calls before the upkeep has built any day (hourly rows only)", async () => {
    await everyWindowMatches();
  });

  it("match the calls once the upkeep has built the days before today, which hold every earlier failure", async () => {
    await buildSignatureDays(api.database.pool, now);
    const { rows } = await api.database.pool.query<{ days: number; before: number }>(
      `SELECT (SELECT coalesce(sum(calls), 0) FROM signature_day_rollups WHERE project_id = $1)::int AS days,
              (SELECT count(*) FROM calls WHERE project_id = $1 AND occurred_at < date_trunc('day', $2::timestamptz, 'UTC'))::int AS before`,
      [projectId, now],
    );
    expect(rows[0]!.days).toBe(rows[0]!.before);
    expect(rows[0]!.days).toBeGreaterThan(0);
    await everyWindowMatches();
    // A pass that finds nothing changed writes no row (an hourly full rebuild would leave them all dead).
    expect(await buildSignatureDays(api.database.pool, now)).toEqual({ days: 0, weeks: 0 });
  });

  it("the weeks hold every call of the whole weeks before this one, and a month reads them", async () => {
    const { rows } = await api.database.pool.query<{ weeks: number; before: number; rows: number }>(
      `SELECT (SELECT coalesce(sum(calls), 0) FROM signature_week_rollups WHERE project_id = $1)::int AS weeks,
              (SELECT count(*) FROM signature_week_rollups WHERE project_id = $1)::int AS rows,
              (SELECT count(*) FROM calls WHERE project_id = $1
                  AND occurred_at < date_trunc('week', date_trunc('day', $2::timestamptz, 'UTC'), 'UTC'))::int AS before`,
      [projectId, now],
    );
    expect(rows[0]!.weeks).toBe(rows[0]!.before);
    expect(rows[0]!.rows).toBeGreaterThan(0);
    // Every window's counts still match the calls with the weeks built (WINDOWS include whole weeks).
    await everyWindowMatches();
  });

  it("a month's sparkline has a point a day, from the day rows, and holds every call of its days", async () => {
    const from = new Date(Math.floor(at(30 * 24).getTime() / (24 * HOUR)) * 24 * HOUR);
    const { groups } = await listFailureSignatures(api.database.pool, projectId, {
      from,
      to: now,
      servers: [],
    });
    expect(groups.every((group) => group.sparkline.length === 31)).toBe(true);
    expect(await sparklineSums(from, now)).toEqual(await fromCalls(from, now));
    // A week's points stay hourly: seven hours each, from the hour the window starts in (25 of them).
    const week = await listFailureSignatures(api.database.pool, projectId, {
      from: at(7 * 24),
      to: now,
      servers: [],
    });
    expect(week.groups[0]!.sparkline).toHaveLength(25);
  });

  it("a call that arrives late for a built day counts in the window from the next build", async () => {
    const late = at(60);
    expect(
      (
        await api.post({
          calls: [
            {
              id: "late-1",
              occurredAt: late.toISOString(),
              server: "billing",
              tool: "charge",
              response: toolErrorResult("Payment required for order 999", "payment_required"),
            },
          ],
        })
      ).status,
    ).toBe(200);
    // Only the late call's day changed: one row written (and its week's, had that week been whole).
    expect((await buildSignatureDays(api.database.pool, now)).days).toBe(1);
    await everyWindowMatches();
  });

  it("a rebuild after retention holds no day whose hours are gone", async () => {
    // Thirty days' retention, run as if two and a half days had passed beyond it.
    const later = new Date(now.getTime() + 30 * 24 * HOUR - 60 * HOUR);
    await applyRetention(api.database.pool, later);
    await buildSignatureDays(api.database.pool, later);
    const { rows } = await api.database.pool.query<{ day: Date }>(
      `SELECT DISTINCT day FROM signature_day_rollups WHERE project_id = $1 ORDER BY day`,
      [projectId],
    );
    const { rows: hours } = await api.database.pool.query<{ first: Date }>(
      `SELECT min(bucket_start) AS first FROM signature_rollups WHERE project_id = $1`,
      [projectId],
    );
    expect(rows[0]!.day.getTime()).toBe(Math.floor(hours[0]!.first.getTime() / (24 * HOUR)) * 24 * HOUR);
    // No week before the week of the first day left, and each week sums the days it still has.
    const { rows: weeks } = await api.database.pool.query<{ stale: number; off: number }>(
      `SELECT (SELECT count(*) FROM signature_week_rollups w WHERE project_id = $1
                  AND week < (SELECT date_trunc('week', min(day), 'UTC') FROM signature_day_rollups WHERE project_id = $1))::int AS stale,
              (SELECT count(*) FROM signature_week_rollups w WHERE project_id = $1 AND calls <>
                  (SELECT sum(calls) FROM signature_day_rollups d WHERE d.project_id = $1 AND d.signature = w.signature
                      AND d.day >= w.week AND d.day < w.week + interval '7 days'))::int AS off`,
      [projectId],
    );
    expect(weeks[0]).toEqual({ stale: 0, off: 0 });
  });
});
