import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "@/lib/env";
import { prepareCalls } from "@/lib/ingest/prepare";
import { DAY_MS, longestKept, retentionProblem } from "@/lib/ingest/time-window";

// How far from its arrival a call may be dated (lib/ingest/time-window.ts): at most
// FAULTLINE_LATE_ARRIVAL_DAYS late (default 7) and 24 hours ahead, refused per item, naming the
// field and the rule, with the valid calls beside it kept.

const received = new Date("2026-12-05T12:00:00Z");
const at = (msFromReceived: number) => new Date(received.getTime() + msFromReceived).toISOString();
const call = (id: string, occurredAt: string) => ({
  id,
  server: "s",
  tool: "t",
  occurredAt,
  isError: false,
  text: "ok",
});

describe("occurredAt, by when the call is received", () => {
  it("accepts a call up to 7 days late and 24 hours ahead, and refuses each beyond, naming the rule", () => {
    const { prepared, rejected } = prepareCalls(
      [
        call("week-late", at(-7 * DAY_MS)),
        call("too-late", at(-7 * DAY_MS - 1)),
        call("years-late", "2016-12-05T12:00:00Z"),
        call("day-ahead", at(DAY_MS)),
        call("too-far-ahead", at(DAY_MS + 1)),
        call("now", at(0)),
      ],
      received,
    );
    expect(prepared.map((c) => c.id)).toEqual(["week-late", "day-ahead", "now"]);
    const late = {
      path: "occurredAt",
      message:
        "must be at most 7 days before it is received (a call may arrive at most 7 days late; FAULTLINE_LATE_ARRIVAL_DAYS)",
    };
    expect(rejected).toEqual([
      { index: 1, errors: [late] },
      { index: 2, errors: [late] },
      { index: 4, errors: [{ path: "occurredAt", message: "must not be more than 24 hours in the future" }] },
    ]);
  });

  it("a call with no occurredAt, or null, is dated when it is received", () => {
    const { prepared, rejected } = prepareCalls(
      [
        { server: "s", tool: "t", isError: false },
        { server: "s", tool: "t", isError: false, occurredAt: null },
      ],
      received,
    );
    expect(rejected).toEqual([]);
    expect(prepared.map((call) => call.occurredAt)).toEqual([received, received]);
  });

  it("the operator sets how late (FAULTLINE_LATE_ARRIVAL_DAYS, 1 to 3650 days)", () => {
    const { prepared, rejected } = prepareCalls([call("month-late", at(-30 * DAY_MS))], received, {
      lateArrivalDays: 31,
    });
    expect(rejected).toEqual([]);
    expect(prepared).toHaveLength(1);
    expect(parseEnv({ FAULTLINE_LATE_ARRIVAL_DAYS: "31" }).FAULTLINE_LATE_ARRIVAL_DAYS).toBe(31);
    expect(parseEnv({}).FAULTLINE_LATE_ARRIVAL_DAYS).toBe(7);
    expect(() => parseEnv({ FAULTLINE_LATE_ARRIVAL_DAYS: "0" })).toThrow(ConfigError);
    expect(() => parseEnv({ FAULTLINE_LATE_ARRIVAL_DAYS: "4000" })).toThrow(/at most 3650 days/);
  });
});

describe("retention", () => {
  it("is at most FAULTLINE_MAX_RETENTION_DAYS (default 90), whole days from 1", () => {
    expect(parseEnv({}).FAULTLINE_MAX_RETENTION_DAYS).toBe(90);
    expect(retentionProblem(90, 90)).toBeUndefined();
    expect(retentionProblem(3650, 90)).toBe(
      "Retention must be at most 90 days on this instance (FAULTLINE_MAX_RETENTION_DAYS)",
    );
    expect(retentionProblem(0, 90)).toBe("Retention must be at least 1 day");
    expect(retentionProblem(1.5, 90)).toBe("Retention must be whole days");
    expect(retentionProblem(Number.NaN, 90)).toBe("Retention must be whole days");
  });

  it("a retention stored above the maximum (set before it) is honoured: the longest kept is the larger", () => {
    expect(longestKept(3650, 90)).toBe(3650);
    expect(longestKept(30, 90)).toBe(90);
  });
});
