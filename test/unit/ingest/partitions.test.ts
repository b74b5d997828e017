import { describe, expect, it } from "vitest";
import {
  DAY_MS,
  covered,
  creatableDays,
  dayStart,
  partitionName,
  type Partition,
} from "../../../lib/ingest/partitions";

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const partition = (name: string, from: string | null, to: string | null, isDefault = false): Partition => ({
  name,
  from: from ? new Date(day(from)) : null,
  to: to ? new Date(day(to)) : null,
  isDefault,
  estimatedRows: 0,
});

describe("day partitions", () => {
  it("names a day's partition by its UTC date, whatever the time of day", () => {
    expect(partitionName(dayStart(new Date("2026-12-02T23:59:59.999Z")))).toBe("calls_20261202");
    expect(dayStart(new Date("2026-12-03T00:00:00.000Z"))).toBe(day("2026-12-03"));
  });

  it("a day is covered by its own partition or by the attached old table, never by the default", () => {
    const partitions = [
      partition("calls_legacy", null, "2026-12-04"),
      partition("calls_20261204", "2026-12-04", "2026-12-05"),
      partition("calls_default", null, null, true),
    ];
    expect(covered(partitions, day("2001-01-01"))).toBe(true);
    expect(covered(partitions, day("2026-12-04"))).toBe(true);
    expect(covered(partitions, day("2026-12-05"))).toBe(false);
  });

  it("partitions may be made only from the longest retention back to 3 days ahead", () => {
    const now = Date.parse("2026-12-02T15:00:00Z");
    expect(creatableDays(now, 30)).toEqual({
      first: day("2026-12-02") - 30 * DAY_MS,
      last: day("2026-12-05"),
    });
  });
});
