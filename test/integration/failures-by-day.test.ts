import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyRetention } from "../../lib/ingest/maintenance";
import { listFailureSignatures } from "../../lib/queries/failures";
import { toolErrorResult } from "../fixtures/jsonrpc";
import { startTestApi, type TestApi } from "../helpers/api";

// The Failures page counts a window from whole days' rows (signature_day_rollups) and the partial days
// at its edges from the hourly rows: whatever the window, each signature's count is the calls the window
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

describe("the Failures page's counts over whole days and partial ones", () => {
  it("match the calls for windows of an hour, a day, several days and odd edges", async () => {
    const windows: [Date, Date][] = [
      [at(1), now],
      [at(24), now],
      [at(72), now],
      [at(30 * 24), now],
      [at(101.6), at(7.3)],
      [at(49), at(47)],
    ];
    for (const [from, to] of windows) expect(await fromPage(from, to)).toEqual(await fromCalls(from, to));
  });

  it("a window of whole days reads the daily rows: they hold every failure", async () => {
    const { rows } = await api.database.pool.query<{ days: number; hours: number }>(
      `SELECT (SELECT sum(calls) FROM signature_day_rollups WHERE project_id = $1)::int AS days,
              (SELECT sum(calls) FROM signature_rollups WHERE project_id = $1)::int AS hours`,
      [projectId],
    );
    expect(rows[0]).toEqual({ days: 33, hours: 33 });
  });

  it("retention drops a day's row once all its hours are gone, and keeps the day the cutoff falls in", async () => {
    // Thirty days' retention, run as if two and a half days had passed beyond it.
    const later = new Date(now.getTime() + 30 * 24 * HOUR - 60 * HOUR);
    await applyRetention(api.database.pool, later);
    const cutoff = now.getTime() - 60 * HOUR;
    const { rows } = await api.database.pool.query<{ day: Date }>(
      `SELECT DISTINCT day FROM signature_day_rollups WHERE project_id = $1 ORDER BY day`,
      [projectId],
    );
    const days = rows.map((row) => row.day.getTime());
    expect(days.every((day) => day + 24 * HOUR > cutoff)).toBe(true);
    expect(days[0]).toBe(Math.floor(cutoff / (24 * HOUR)) * 24 * HOUR);
  });
});
