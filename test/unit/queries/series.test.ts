import { describe, expect, it } from "vitest";
import { bucketCount, chooseBucket, densify, floorToBucket } from "@/lib/queries/series";

describe("chart series", () => {
  it("floors to UTC bucket boundaries", () => {
    expect(floorToBucket(new Date("2026-11-29T10:37:12Z"), "hour").toISOString()).toBe(
      "2026-11-29T10:00:00.000Z",
    );
    expect(floorToBucket(new Date("2026-11-29T10:37:12Z"), "day").toISOString()).toBe(
      "2026-11-29T00:00:00.000Z",
    );
  });

  it("chooses a bucket that fits the range", () => {
    const from = new Date("2026-11-29T00:00:00Z");
    expect(chooseBucket(from, new Date("2026-11-29T01:00:00Z"))).toBe("minute");
    expect(chooseBucket(from, new Date("2026-11-30T00:00:00Z"))).toBe("hour");
    expect(chooseBucket(from, new Date("2026-12-29T00:00:00Z"))).toBe("day");
  });

  it("fills empty buckets with zero counts, in order", () => {
    const from = new Date("2026-11-29T10:00:00Z");
    const to = new Date("2026-11-29T13:00:00Z");
    const points = new Map([[Date.parse("2026-11-29T11:00:00Z"), { calls: 4 }]]);
    expect(densify(from, to, "hour", points, () => ({ calls: 0 }))).toEqual([
      { t: "2026-11-29T10:00:00.000Z", calls: 0 },
      { t: "2026-11-29T11:00:00.000Z", calls: 4 },
      { t: "2026-11-29T12:00:00.000Z", calls: 0 },
    ]);
    expect(bucketCount(from, to, "minute")).toBe(180);
  });
});
