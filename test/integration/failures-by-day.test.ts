import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyRetention } from "../../lib/ingest/maintenance";
import { buildSignatureDays } from "../../lib/ingest/signature-days";
import { listFailureSignatures } from "../../lib/queries/failures";
import { toolErrorResult } from "../fixtures/jsonrpc";
import { startTestApi, type TestApi } from "../helpers/api";

// The Failures page counts a window from whole days' rows (signature_day_rollups, built by the upkeep from
// the hourly rows) and everything else — the partial days at its edges, the days after the last build —
// from the hourly rows: whatever the window, built or not, each signature's count is the calls the window
// holds to the hour, as the calls themselves say.

let api: TestApi;
let projectId: string;
const HOUR = 3_600_000;
const now = new Date();
const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);

beforeAll(async () => {
  api = await startTestApi("failures_by_day");
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
  ];
  expect((await api.post({ calls })).status).toBe(200);
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
  [at(101.6), at(7.3)],
  [at(49), at(47)],
];

async function everyWindowMatches(): Promise<void> {
  for (const [from, to] of WINDOWS) expect(await fromPage(from, to)).toEqual(await fromCalls(from, to));
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
    expect(await buildSignatureDays(api.database.pool, now)).toBe(0);
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
    // Only the late call's day changed: one row written.
    expect(await buildSignatureDays(api.database.pool, now)).toBe(1);
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
  });
});
