import { describe, expect, it } from "vitest";
import { upkeepLog, type AnalyzedTable } from "@/lib/ingest/statistics";

// What the hourly upkeep says after analyzing tables: an alarm only where autovacuum is off.

const table = (name: string, autovacuumOff: boolean): AnalyzedTable => ({
  table: name,
  changedRows: 120,
  ms: 4,
  autovacuumOff,
});

describe("the upkeep's statistics line", () => {
  it("is a warning when autovacuum is off for a table it analyzed", () => {
    expect(upkeepLog([table("calls", true)])).toEqual({
      level: "warn",
      message: expect.stringMatching(
        /^\[faultline\] upkeep analyzed calls \(120 rows changed, 4 ms\): .*autovacuum is off/,
      ),
    });
  });

  it("is information, not an alarm, when autovacuum is on (new data it has not reached, or calls itself)", () => {
    const said = upkeepLog([table("calls", false), table("tool_rollups", false)]);
    expect(said?.level).toBe("info");
    expect(said?.message).not.toMatch(/off|behind/);
  });

  it("says nothing when nothing was analyzed", () => {
    expect(upkeepLog([])).toBeNull();
  });
});
