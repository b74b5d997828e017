import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, dayStart, listPartitions, partitionName } from "../../lib/ingest/partitions";
import { metrics } from "../../lib/metrics";
import { getCall } from "../../lib/queries/calls";
import { startTestApi, type TestApi } from "../helpers/api";

// `occurredAt` as senders really write it, through the webhook. What a user relies on: a time
// with any offset is the instant it names — read back as that instant, ordered and filtered by
// it, stored in the partition of that instant's UTC day and counted in that day's rollups, even
// where the offset moves it across a UTC midnight, and digits finer than a millisecond never push
// it into the next second (or day). A time that cannot be read as one instant (no offset, a
// lowercase t/z, a leap second, a space for the T, an epoch number, more than a day ahead) is
// refused with the call's index, the field and the rule, and the valid calls beside it are stored.
//
// Accepted times are within the last two days (the accepted past is being narrowed to 7 days).

let api: TestApi;
let projectId: string;

const HOUR_MS = 3_600_000;
const SERVER = "clock";
const FORMAT_RULE = "must be an ISO-8601 date-time with a time zone, e.g. 2026-11-29T10:00:00Z";

// A UTC midnight M at least 15 hours past (so every time used here, at most M + 4 h, is past)
// and within the last two days.
const now = Date.now();
const M = now - dayStart(now) >= 15 * HOUR_MS ? dayStart(now) : dayStart(now) - DAY_MS;
/** YYYY-MM-DD of the UTC day `days` after M's. */
const date = (days: number) => new Date(M + days * DAY_MS).toISOString().slice(0, 10);

beforeAll(async () => {
  // Read limits have their own test; here every call is read back by id.
  api = await startTestApi("occurred_at", { FAULTLINE_READ_RATE_PER_SECOND: "0" });
  const { rows } = await api.database.pool.query<{ id: string }>(
    `SELECT id FROM projects WHERE name = 'default'`,
  );
  projectId = rows[0]!.id;
});
afterAll(async () => api?.close());

const call = (id: string, occurredAt: unknown) => ({
  id,
  server: SERVER,
  tool: "tick",
  isError: false,
  text: "ok",
  occurredAt,
});

/** The calls' instants as read back by id through the read API. */
async function readBack(ids: string[]): Promise<Record<string, string | number>> {
  const found: Record<string, string | number> = {};
  for (const id of ids) {
    const { status, body } = await api.get<{ occurredAt: string }>(`/api/v1/calls/${encodeURIComponent(id)}`);
    found[id] = status === 200 ? body.occurredAt : status;
  }
  return found;
}

/** The partition each call's row is in. */
async function partitionsOf(ids: string[]): Promise<Record<string, string>> {
  const { rows } = await api.database.pool.query<{ id: string; partition: string }>(
    `SELECT id, tableoid::regclass::text AS partition FROM calls WHERE project_id = $1 AND id = ANY($2)`,
    [projectId, ids],
  );
  return Object.fromEntries(rows.map((row) => [row.id, row.partition]));
}

/** The ids the list API gives for [from, to), among this file's calls. */
async function listed(from: number, to: number): Promise<string[]> {
  const query = new URLSearchParams({
    server: SERVER,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    limit: "500",
    order: "asc",
  });
  const { status, body } = await api.get<{ calls: { id: string }[] }>(`/api/v1/calls?${query}`);
  expect(status).toBe(200);
  return body.calls.map((stored) => stored.id);
}

async function rejectedCount(): Promise<number> {
  const { values } = await metrics().rejectedItems.get();
  return (
    values.find(
      (value) =>
        value.labels.endpoint === "webhook" &&
        value.labels.kind === "call" &&
        value.labels.reason === "occurredAt",
    )?.value ?? 0
  );
}

/** Each accepted spelling and the instant it names (ms since the epoch). */
const ACCEPTED: [id: string, occurredAt: string, instant: number][] = [
  // One instant, M − 6 h, written five ways.
  ["utc-z", `${date(-1)}T18:00:00Z`, M - 6 * HOUR_MS],
  ["india", `${date(-1)}T23:30:00+05:30`, M - 6 * HOUR_MS],
  ["california", `${date(-1)}T10:00:00-08:00`, M - 6 * HOUR_MS],
  ["plus-zero", `${date(-1)}T18:00:00+00:00`, M - 6 * HOUR_MS],
  ["minus-zero", `${date(-1)}T18:00:00-00:00`, M - 6 * HOUR_MS],
  // Digits past the millisecond: kept to the millisecond, never rounded up.
  ["micro", `${date(-1)}T18:00:00.123456Z`, M - 6 * HOUR_MS + 123],
  ["nano-india", `${date(-1)}T23:30:00.987654321+05:30`, M - 6 * HOUR_MS + 987],
  // Near M, written with offsets that move them to the other UTC day.
  ["west-evening", `${date(-1)}T20:00:00-08:00`, M + 4 * HOUR_MS], // local date before M: UTC day M
  ["east-morning", `${date(0)}T04:00:00+05:30`, M - 1.5 * HOUR_MS], // local date M: UTC day before
  ["kiribati-last-ms", `${date(0)}T13:59:59.999+14:00`, M - 1],
  ["baker-midnight", `${date(-1)}T12:00:00-12:00`, M],
  ["new-york-midnight", `${date(-1)}T19:00:00-05:00`, M],
  ["midnight-z", `${date(0)}T00:00:00Z`, M],
  ["last-micro-z", `${date(-1)}T23:59:59.999999Z`, M - 1],
  ["last-nano-india", `${date(0)}T05:29:59.999999999+05:30`, M - 1],
];

describe("accepted times", () => {
  it("each offset names its instant: read back as it, stored in that instant's UTC day, listed and counted on that day", async () => {
    const { status, body } = await api.post({
      calls: ACCEPTED.map(([id, occurredAt]) => call(id, occurredAt)),
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ accepted: ACCEPTED.length, duplicates: 0, rejected: [] });
    const ids = ACCEPTED.map(([id]) => id);

    // The read API gives back the instant, in UTC.
    expect(await readBack(ids)).toEqual(
      Object.fromEntries(ACCEPTED.map(([id, , instant]) => [id, new Date(instant).toISOString()])),
    );
    const stored = await getCall(api.database.pool, projectId, "kiribati-last-ms");
    expect(stored?.occurredAt.getTime()).toBe(M - 1);

    // Each row in its UTC day's own partition (one that exists, not the default).
    const partitions = await listPartitions(api.database.pool);
    const days = partitions.filter((partition) => !partition.isDefault).map((partition) => partition.name);
    expect(days).toEqual(expect.arrayContaining([partitionName(M - DAY_MS), partitionName(M)]));
    expect(await partitionsOf(ids)).toEqual(
      Object.fromEntries(ACCEPTED.map(([id, , instant]) => [id, partitionName(dayStart(instant))])),
    );

    // A day's calls, as the list API gives them ([from, to)): those whose instant is in it.
    const before = ACCEPTED.filter(([, , instant]) => instant < M);
    const after = ACCEPTED.filter(([, , instant]) => instant >= M);
    const inOrder = (entries: typeof ACCEPTED) =>
      [...entries].sort((a, b) => a[2] - b[2] || (a[0] < b[0] ? -1 : 1)).map(([id]) => id);
    expect(await listed(M - DAY_MS, M)).toEqual(inOrder(before));
    expect(await listed(M, M + DAY_MS)).toEqual(inOrder(after));
    expect(await listed(M - 1, M + 1)).toEqual(inOrder(ACCEPTED.filter(([, , i]) => i === M - 1 || i === M)));

    // The daily and hourly rollups count each call on its UTC day and hour.
    const { rows } = await api.database.pool.query<{ granularity: string; bucket: Date; calls: number }>(
      `SELECT granularity, bucket_start AS bucket, sum(calls)::int AS calls FROM outcome_rollups
        WHERE project_id = $1 AND server = $2 AND granularity IN ('day', 'hour')
        GROUP BY granularity, bucket_start ORDER BY granularity, bucket_start`,
      [projectId, SERVER],
    );
    const expected = (granularity: string, width: number) => {
      const counts = new Map<number, number>();
      for (const [, , instant] of ACCEPTED) {
        const bucket = Math.floor(instant / width) * width;
        counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
      }
      return [...counts.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([bucket, calls]) => ({ granularity, bucket: new Date(bucket), calls }));
    };
    expect(rows).toEqual([...expected("day", DAY_MS), ...expected("hour", HOUR_MS)]);
    expect(rows.filter((row) => row.granularity === "day")).toEqual([
      { granularity: "day", bucket: new Date(M - DAY_MS), calls: before.length },
      { granularity: "day", bucket: new Date(M), calls: after.length },
    ]);
  });

  it("one instant sent again in another offset is the same call when it has the same id", async () => {
    const first = await api.post(call("resent", `${date(-1)}T21:15:00.5Z`));
    const again = await api.post(call("resent", `${date(0)}T02:45:00.500+05:30`));
    expect(first.body).toMatchObject({ accepted: 1, duplicates: 0 });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ accepted: 0, duplicates: 1 });
    expect(await readBack(["resent"])).toEqual({ resent: new Date(M - 2.75 * HOUR_MS + 500).toISOString() });
  });

  it("a time up to a day ahead is accepted by its instant, whatever its digits say", async () => {
    // 20 h ahead, written at UTC+14: its digits read 34 h ahead.
    const instant = Math.floor((Date.now() + 20 * HOUR_MS) / 1000) * 1000;
    const local = new Date(instant + 14 * HOUR_MS).toISOString().replace(".000Z", "+14:00");
    const { status } = await api.post(call("ahead-east", local));
    expect(status).toBe(200);
    expect(await readBack(["ahead-east"])).toEqual({ "ahead-east": new Date(instant).toISOString() });
    expect(await partitionsOf(["ahead-east"])).toEqual({ "ahead-east": partitionName(dayStart(instant)) });
  });
});

describe("refused times", () => {
  /** Spellings that do not name one instant, each with the rule it is refused by. */
  const REFUSED: [id: string, occurredAt: unknown][] = [
    ["no-offset", `${date(-1)}T18:00:00`],
    ["lowercase-z", `${date(-1)}T18:00:00z`],
    ["lowercase-t", `${date(-1)}t18:00:00Z`],
    ["lowercase-both", `${date(-1)}t18:00:00.123z`],
    ["leap-second", `${date(-1)}T23:59:60Z`],
    ["space-for-t", `${date(-1)} 18:00:00+00:00`],
    ["offset-without-colon", `${date(-1)}T23:30:00+0530`],
    ["offset-hours-only", `${date(-1)}T23:30:00+05`],
    ["date-only", date(-1)],
    ["epoch-ms", M - 6 * HOUR_MS],
    ["hour-24", `${date(-1)}T24:00:00Z`],
  ];

  it("a time that is not one instant is refused with its index, the field and the rule; the calls beside it are stored", async () => {
    const before = await rejectedCount();
    const batch: object[] = [];
    const valid: string[] = [];
    for (const [index, [id, occurredAt]] of REFUSED.entries()) {
      // A valid call before each refused one, and one at the end.
      valid.push(`beside-${index}`);
      batch.push(call(`beside-${index}`, `${date(-1)}T18:0${index % 10}:00+00:00`));
      batch.push(call(id, occurredAt));
    }
    valid.push("beside-last");
    batch.push(call("beside-last", `${date(0)}T01:00:00+01:00`));

    const { status, body } = await api.post({ calls: batch });
    expect(status).toBe(207);
    expect(body.accepted).toBe(valid.length);
    expect(body.calls.map((stored) => stored.id)).toEqual(valid);
    expect(body.rejected).toEqual(
      REFUSED.map((_, index) => ({
        index: 2 * index + 1,
        errors: [{ path: "occurredAt", message: FORMAT_RULE }],
      })),
    );
    expect(Object.values(await readBack(valid)).every((found) => typeof found === "string")).toBe(true);
    expect(await readBack(REFUSED.map(([id]) => id))).toEqual(
      Object.fromEntries(REFUSED.map(([id]) => [id, 404])),
    );
    expect(await partitionsOf(["beside-last"])).toEqual({ "beside-last": partitionName(M) });
    // Operators see why: counted under the field that failed.
    expect(await rejectedCount()).toBe(before + REFUSED.length);
  });

  it("more than a day ahead is refused by its instant, though its digits look near", async () => {
    // 25 h ahead, written at UTC−12: its digits read only 13 h ahead.
    const instant = Math.floor((Date.now() + 25 * HOUR_MS) / 1000) * 1000;
    const local = new Date(instant - 12 * HOUR_MS).toISOString().replace(".000Z", "-12:00");
    const { status, body } = await api.post({
      calls: [call("ahead-ok", `${date(0)}T02:00:00Z`), call("ahead-west", local)],
    });
    expect(status).toBe(207);
    expect(body.calls.map((stored) => stored.id)).toEqual(["ahead-ok"]);
    expect(body.rejected).toEqual([
      { index: 1, errors: [{ path: "occurredAt", message: expect.stringMatching(/24 hours/) }] },
    ]);
    expect(await readBack(["ahead-ok", "ahead-west"])).toEqual({
      "ahead-ok": new Date(M + 2 * HOUR_MS).toISOString(),
      "ahead-west": 404,
    });
  });

  it("a batch whose every time is refused is answered 400 and stores nothing", async () => {
    const { status, body } = await api.post({
      calls: [call("only-bad-1", `${date(-1)}T18:00:00`), call("only-bad-2", `${date(-1)}T23:59:60Z`)],
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ accepted: 0, calls: [] });
    expect(body.rejected).toEqual([
      { index: 0, errors: [{ path: "occurredAt", message: FORMAT_RULE }] },
      { index: 1, errors: [{ path: "occurredAt", message: FORMAT_RULE }] },
    ]);
    expect(await readBack(["only-bad-1", "only-bad-2"])).toEqual({ "only-bad-1": 404, "only-bad-2": 404 });
  });
});
